// PresenterTerminal's OSC validator: OSC 0 (titles), 8 (hyperlinks with the expected id), 22 (the
// pointer shape) and 52 (the clipboard, strict base64), each with UTF-8 text without controls.
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/utf8.h"
#include "vtsnap/decoder/hyperlink.h"
#include "vtsnap/decoder/presenter.h"
#include "vtsnap/decoder/presenter_internal.h"
#include "vtsnap/decoder/terminal.h"

namespace vtsnap {

using presenter_internal::C0Name;
using presenter_internal::kBel;

namespace {

// Strict RFC 4648 section 4 base64: the standard alphabet, length a multiple of 4, padding only
// at the end, and the unused bits of the last symbol zero (section 3.5's canonical encoding).
bool IsStrictBase64(absl::string_view s) {
  if (s.size() % 4 != 0) return false;
  size_t pad = 0;
  while (pad < 2 && pad < s.size() && s[s.size() - 1 - pad] == '=') ++pad;
  auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  for (size_t i = 0; i + pad < s.size(); ++i) {
    if (value(s[i]) < 0) return false;
  }
  if (pad == 0) return true;
  const int last = value(s[s.size() - 1 - pad]);
  return pad == 2 ? (last & 0xF) == 0 : (last & 0x3) == 0;
}

// The first problem with `text` as UTF-8 without control code points, and the index of its byte;
// an empty problem when there is none.
std::string TextProblem(absl::string_view text, size_t* at) {
  size_t i = 0;
  while (i < text.size()) {
    const auto b = static_cast<uint8_t>(text[i]);
    if (b < 0x80) {
      if (b < 0x20 || b == 0x7F) {
        *at = i;
        return absl::StrCat("control character ", C0Name(b));
      }
      ++i;
      continue;
    }
    const Utf8Char c = DecodeUtf8(text.substr(i));
    if (!c.valid) {
      *at = i;
      return "malformed UTF-8";
    }
    if (c.code_point >= 0x80 && c.code_point <= 0x9F) {
      *at = i;
      return absl::StrFormat("C1 control character U+%04X", static_cast<uint32_t>(c.code_point));
    }
    i += static_cast<size_t>(c.length);
  }
  return "";
}

}  // namespace

void PresenterTerminal::OscByte(uint8_t byte) {
  if (byte == kBel) {
    FinishOsc();
    return;
  }
  if (byte < 0x20) {
    FailInString(absl::StrCat("the control ", C0Name(byte), " inside an OSC string"));
    return;
  }
  if (osc_.size() >= options_.limits.max_text_bytes) {
    FailInString(absl::StrCat("an OSC string longer than ", options_.limits.max_text_bytes,
                              " bytes (the text limit)"));
    return;
  }
  osc_ += static_cast<char>(byte);
}

bool PresenterTerminal::CheckOscText(absl::string_view code, absl::string_view text) {
  size_t at = 0;
  const std::string problem = TextProblem(text, &at);
  if (problem.empty()) return true;
  // At the offending byte: after ESC ], the code and its ';'.
  const uint64_t offset = seq_start_ + 2 + code.size() + 1 + at;
  status_ = absl::InvalidArgumentError(
      absl::StrCat("offset ", offset, ": ", ShownSequence(), ": OSC ", code, ": ", problem,
                   " (the sequence began at offset ", seq_start_, ")"));
  return false;
}

void PresenterTerminal::FinishOsc() {
  state_ = State::kGround;
  const absl::string_view payload = osc_;
  const size_t semi = payload.find(';');
  const absl::string_view code = payload.substr(0, semi);
  const absl::string_view rest =
      semi == absl::string_view::npos ? absl::string_view() : payload.substr(semi + 1);
  if (link_open_ && code != "8") {
    FailHere(absl::StrCat("OSC ", code, " while a hyperlink is open (opened at offset ",
                          link_offset_,
                          "): only printable text, SGR and the closing OSC 8 may follow"));
    return;
  }
  if (code != "0" && code != "8" && code != "22" && code != "52") {
    FailHere(
        absl::StrCat("OSC ", code, " is not in the presenter subset (OSC 0, 8, 22 and 52 are)"));
    return;
  }
  if (semi == absl::string_view::npos) {
    FailHere(absl::StrCat("OSC ", code, " without ';' and its text"));
    return;
  }
  if (!CheckOscText(code, rest)) return;
  if (code == "8") {
    Osc8(rest);
    return;
  }
  if (code == "52") {
    const size_t sep = rest.find(';');
    if (sep == absl::string_view::npos || rest.substr(0, sep) != "c") {
      FailHere("OSC 52: the selection must be c (the clipboard)");
      return;
    }
    const absl::string_view data = rest.substr(sep + 1);
    if (data == "?") {
      FailHere("OSC 52: a clipboard query is not in the presenter subset");
      return;
    }
    if (!IsStrictBase64(data)) {
      FailHere("OSC 52: the payload is not strict RFC 4648 base64");
      return;
    }
  }
  if (code == "22") {
    for (char c : rest) {
      if (c == ' ' || static_cast<uint8_t>(c) >= 0x80) {
        FailHere("OSC 22: a pointer shape is a name of printable ASCII without space");
        return;
      }
    }
  }
  terminal_.OscDispatch(payload, false, OscTerminator::kBel);
}

void PresenterTerminal::Osc8(absl::string_view rest) {
  const size_t sep = rest.find(';');
  if (sep == absl::string_view::npos) {
    FailHere("OSC 8: malformed (OSC 8 ; params ; target)");
    return;
  }
  const absl::string_view params = rest.substr(0, sep);
  const absl::string_view target = rest.substr(sep + 1);
  if (params.empty() && target.empty()) {
    if (!link_open_) {
      FailHere("OSC 8: a close while no hyperlink is open");
      return;
    }
    link_open_ = false;
  } else {
    if (link_open_) {
      FailHere(absl::StrCat("OSC 8: an open while a hyperlink is open (opened at offset ",
                            link_offset_, ")"));
      return;
    }
    if (target.size() > Terminal::kMaxHyperlinkBytes) {
      FailHere(absl::StrCat("OSC 8: a target of ", target.size(), " bytes (the limit is ",
                            Terminal::kMaxHyperlinkBytes, ")"));
      return;
    }
    if (!IsValidHyperlinkTarget(target)) {
      FailHere(absl::StrCat(
          "OSC 8: \"", target,
          "\" is not a valid hyperlink target (an absolute URI of printable ASCII, no space)"));
      return;
    }
    const std::string expected = absl::StrCat("id=", options_.hyperlink_id(target));
    if (params != expected) {
      FailHere(absl::StrCat("OSC 8: the parameters must be ", expected,
                            " (hyperlink_id of the target)"));
      return;
    }
    link_open_ = true;
    link_offset_ = seq_start_;
  }
  terminal_.OscDispatch(osc_, false, OscTerminator::kBel);
}

}  // namespace vtsnap
