// PresenterTerminal's Sixel validator: the DCS header, the published subset of the Sixel body
// (docs/sixel.md), and the image handed to the terminal byte by byte as it is validated.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/parser.h"
#include "vtsnap/decoder/presenter.h"
#include "vtsnap/decoder/presenter_internal.h"

namespace vtsnap {

using presenter_internal::C0Name;
using presenter_internal::kMaxParam;
using presenter_internal::kTailBytes;

void PresenterTerminal::DcsByte(uint8_t byte) {
  if (sixel_.bytes >= options_.limits.max_dcs_bytes) {
    FailInString(absl::StrCat("a DCS longer than ", options_.limits.max_dcs_bytes,
                              " bytes (the DCS limit)"));
    return;
  }
  SixelByte(byte);
  if (!status_.ok()) return;
  // A validated byte goes to the decoder (a command's digits before the command is complete:
  // the decoder acts on it at the byte that ends it, which is validated first).
  const char c = static_cast<char>(byte);
  terminal_.DcsPut(absl::string_view(&c, 1));
  if (!terminal_.last_graphics_status().ok()) {
    FailInString(terminal_.last_graphics_status().message());
  }
}

void PresenterTerminal::FinishDcs() {
  if (sixel_command_ != 0 && !FinishSixelCommand()) return;
  if (sixel_repeat_pending_) {
    FailInString("a Sixel repeat (!) must be followed by a sixel data byte");
    return;
  }
  sixels_.push_back(sixel_);
  sixel_ = {};
  state_ = State::kGround;
  // The image is drawn now; a limit it breaks invalidates the capture.
  terminal_.DcsUnhook();
  if (!terminal_.last_graphics_status().ok()) {
    FailInString(terminal_.last_graphics_status().message());
  }
}

void PresenterTerminal::FinishDcsHeader(uint8_t final) {
  absl::string_view body = absl::string_view(seq_).substr(2, seq_.size() - 3);
  if (final != 'q') {
    FailHere(absl::StrCat("DCS ", std::string(1, static_cast<char>(final)),
                          " is not in the presenter subset (only Sixel, DCS ... q)"));
    return;
  }
  if (!options_.graphics.sixel) {
    FailHere("Sixel on a profile without graphics");
    return;
  }
  int values[3] = {Params::kDefault, Params::kDefault, Params::kDefault};
  int n = 0;
  for (size_t k = 0; k <= body.size(); ++k) {
    const char c = k < body.size() ? body[k] : ';';
    if (c >= '0' && c <= '9') {
      if (n >= 3) {
        FailHere("Sixel: at most three DCS parameters");
        return;
      }
      values[n] = (values[n] == Params::kDefault ? 0 : values[n]) * 10 + (c - '0');
      if (values[n] > kMaxParam) {
        FailHere(absl::StrCat("Sixel: a DCS parameter above ", kMaxParam));
        return;
      }
    } else if (c == ';') {
      if (k < body.size() && ++n >= 3) {
        FailHere("Sixel: at most three DCS parameters");
        return;
      }
    } else {
      FailHere(absl::StrCat("Sixel: '", std::string(1, c),
                            "' in the DCS parameters (only digits and ';')"));
      return;
    }
  }
  if (values[1] != Params::kDefault && values[1] != 0 && values[1] != 1) {
    FailHere(absl::StrCat("Sixel: background mode ", values[1], " (only 0 and 1)"));
    return;
  }
  sixel_ = SixelImage{.offset = seq_start_,
                      .col = terminal_.cursor().col,
                      .row = terminal_.cursor().row,
                      .aspect = values[0],
                      .background_mode = values[1] == Params::kDefault ? 0 : values[1]};
  Sequence seq;
  seq.final = 'q';
  if (!body.empty()) {
    for (int k = 0; k <= n; ++k) seq.params.Push(values[k], false);
  }
  terminal_.DcsHook(seq);
  sixel_command_ = 0;
  sixel_numbers_.clear();
  sixel_repeat_pending_ = false;
  sixel_seen_data_ = false;
  // Messages show a long sequence's start and its last bytes: the header's, until data follows.
  tail_ = seq_.substr(seq_.size() - std::min(seq_.size(), kTailBytes));
  state_ = State::kDcsBody;
}

bool PresenterTerminal::FinishSixelCommand() {
  std::vector<int> values;
  int value = Params::kDefault;
  for (size_t k = 0; k <= sixel_numbers_.size(); ++k) {
    const char c = k < sixel_numbers_.size() ? sixel_numbers_[k] : ';';
    if (c == ';') {
      values.push_back(value);
      value = Params::kDefault;
    } else {
      value = (value == Params::kDefault ? 0 : value) * 10 + (c - '0');
      if (value > 1 << 24) value = 1 << 24;  // saturate; the checks below reject it
    }
  }
  const char command = sixel_command_;
  sixel_command_ = 0;
  sixel_numbers_.clear();
  auto fail = [this](absl::string_view rule) {
    FailInString(absl::StrCat("Sixel: ", rule));
    return false;
  };
  auto present = [&](size_t k) { return k < values.size() && values[k] != Params::kDefault; };
  switch (command) {
    case '!':
      if (values.size() != 1 || !present(0)) return fail("a repeat (!) needs one count");
      if (static_cast<uint32_t>(values[0]) > options_.limits.max_sixel_repeat) {
        return fail(absl::StrCat("a repeat of ", values[0], " columns (the limit is ",
                                 options_.limits.max_sixel_repeat, ")"));
      }
      sixel_repeat_pending_ = true;
      return true;
    case '#':
      if (!present(0) || values[0] > 1023) {
        return fail("a colour register (#) from 0 to 1023");
      }
      if (values.size() == 1) return true;
      if (values.size() != 5) return fail("a colour definition is #Pc;2;R;G;B");
      if (values[1] == 1) return fail("an HLS colour (#Pc;1;...) is not in the presenter subset");
      if (values[1] != 2) return fail("a colour definition is #Pc;2;R;G;B");
      for (size_t k = 2; k < 5; ++k) {
        if (!present(k) || values[k] > 100) {
          return fail("RGB components of a colour definition are percentages, 0 to 100");
        }
      }
      return true;
    case '"':
      if (sixel_seen_data_) return fail("raster attributes (\") after sixel data");
      if (values.size() != 2 && values.size() != 4) {
        return fail("raster attributes are \"Pan;Pad or \"Pan;Pad;Ph;Pv");
      }
      return true;
    default:
      return true;
  }
}

void PresenterTerminal::SixelByte(uint8_t byte) {
  ++sixel_.bytes;
  if (sixel_command_ != 0) {
    if ((byte >= '0' && byte <= '9') || byte == ';') {
      if (sixel_numbers_.size() >= 64) {
        FailInString("Sixel: a command's parameters are longer than 64 bytes");
        return;
      }
      sixel_numbers_ += static_cast<char>(byte);
      return;
    }
    if (!FinishSixelCommand()) return;
  }
  if (sixel_repeat_pending_) {
    if (byte < '?' || byte > '~') {
      FailInString("Sixel: a repeat (!) must be followed by a sixel data byte");
      return;
    }
    sixel_repeat_pending_ = false;
    sixel_seen_data_ = true;
    return;
  }
  if (byte >= '?' && byte <= '~') {
    sixel_seen_data_ = true;
    return;
  }
  switch (byte) {
    case '!':
    case '#':
    case '"':
      sixel_command_ = static_cast<char>(byte);
      return;
    case '$':
    case '-':
      return;
    default:
      FailInString(byte < 0x20 || byte == 0x7F
                       ? absl::StrCat("Sixel: the control ", C0Name(byte), " is not Sixel data")
                       : absl::StrCat("Sixel: byte 0x", absl::Hex(byte, absl::kZeroPad2),
                                      " is not Sixel data"));
      return;
  }
}

}  // namespace vtsnap
