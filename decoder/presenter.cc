// PresenterTerminal: the tokenizer, its messages, and the CSI subset. The validators of SGR, OSC
// strings and Sixel are in presenter_sgr.cc, presenter_osc.cc and presenter_sixel.cc.
#include "vtsnap/decoder/presenter.h"

#include <cstdint>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/utf8.h"
#include "vtsnap/decoder/parser.h"
#include "vtsnap/decoder/presenter_internal.h"

namespace vtsnap {

using presenter_internal::C0Name;
using presenter_internal::kEsc;
using presenter_internal::kHeadBytes;
using presenter_internal::kMaxParam;
using presenter_internal::kStringHeadBytes;
using presenter_internal::kTailBytes;

const char* presenter_internal::C0Name(uint8_t byte) {
  static constexpr const char* kNames[32] = {"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL",
                                             "BS",  "HT",  "LF",  "VT",  "FF",  "CR",  "SO",  "SI",
                                             "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB",
                                             "CAN", "EM",  "SUB", "ESC", "FS",  "GS",  "RS",  "US"};
  return byte < 32 ? kNames[byte] : "DEL";
}

namespace {

// The mnemonic of a CSI final byte xterm knows, for messages ("" when none is worth naming).
absl::string_view CsiName(char final, char marker) {
  if (marker == '?') {
    if (final == 'h') return "DECSET";
    if (final == 'l') return "DECRST";
    return "";
  }
  switch (final) {
    case 'A':
      return "CUU";
    case 'B':
      return "CUD";
    case 'C':
      return "CUF";
    case 'D':
      return "CUB";
    case 'E':
      return "CNL";
    case 'F':
      return "CPL";
    case 'H':
      return "CUP";
    case 'f':
      return "HVP";
    case 'J':
      return "ED";
    case 'K':
      return "EL";
    case 'S':
      return "SU";
    case 'T':
      return "SD";
    case 'm':
      return "SGR";
    case 'G':
      return "CHA";
    case 'I':
      return "CHT";
    case 'L':
      return "IL";
    case 'M':
      return "DL";
    case 'P':
      return "DCH";
    case 'X':
      return "ECH";
    case 'Z':
      return "CBT";
    case '@':
      return "ICH";
    case '`':
      return "HPA";
    case 'b':
      return "REP";
    case 'c':
      return "DA";
    case 'd':
      return "VPA";
    case 'g':
      return "TBC";
    case 'h':
      return "SM";
    case 'l':
      return "RM";
    case 'n':
      return "DSR";
    case 'r':
      return "DECSTBM";
    case 's':
      return "SCOSC";
    case 't':
      return "XTWINOPS";
    case 'u':
      return "SCORC";
    default:
      return "";
  }
}

}  // namespace

std::string EscapeForMessage(absl::string_view bytes) {
  auto escape = [](absl::string_view part) {
    std::string out;
    for (char c : part) {
      const auto b = static_cast<uint8_t>(c);
      if (c == '\\') {
        out += "\\\\";
      } else if (b >= 0x20 && b < 0x7F) {
        out += c;
      } else {
        static constexpr char kHex[] = "0123456789abcdef";
        out += "\\x";
        out += kHex[b >> 4];
        out += kHex[b & 0xF];
      }
    }
    return out;
  };
  if (bytes.size() <= 48) return escape(bytes);
  return absl::StrCat(escape(bytes.substr(0, kHeadBytes)), "...",
                      escape(bytes.substr(bytes.size() - kTailBytes)));
}

PresenterTerminal::PresenterTerminal(const PresenterOptions& options)
    : options_(options),
      terminal_(TerminalOptions{.cols = options.cols,
                                .rows = options.rows,
                                .scrollback_limit = 0,
                                .width = options.width,
                                .graphics = {.sixel = options.graphics.sixel,
                                             .cell_width = options.graphics.cell_width,
                                             .cell_height = options.graphics.cell_height,
                                             .limits = options.graphics.limits,
                                             .placement = SixelPlacement::kPresenter}}) {
  if (!options_.hyperlink_id) options_.hyperlink_id = HyperlinkId;
}

const std::string& PresenterTerminal::LinkTarget(int col, int row) const {
  static const std::string kNone;
  if (col < 0 || row < 0 || col >= terminal_.cols() || row >= terminal_.rows()) return kNone;
  return terminal_.hyperlink(terminal_.cell(col, row).link).uri;
}

void PresenterTerminal::Fail(uint64_t offset, absl::string_view sequence, absl::string_view rule) {
  if (!status_.ok()) return;
  status_ = absl::InvalidArgumentError(
      absl::StrCat("offset ", offset, ": ", EscapeForMessage(sequence), ": ", rule));
}

std::string PresenterTerminal::ShownSequence() const {
  if (seq_size_ <= seq_.size()) return EscapeForMessage(seq_);
  // A long string keeps its first kStringHeadBytes bytes and its last kTailBytes.
  return absl::StrCat(EscapeForMessage(absl::string_view(seq_).substr(0, kHeadBytes)), "...",
                      EscapeForMessage(tail_));
}

void PresenterTerminal::FailHere(absl::string_view rule) {
  if (!status_.ok()) return;
  status_ = absl::InvalidArgumentError(
      absl::StrCat("offset ", seq_start_, ": ", ShownSequence(), ": ", rule));
}

void PresenterTerminal::FailInString(absl::string_view rule) {
  // At the offending byte's own offset; the message shows the sequence's start and last bytes.
  if (!status_.ok()) return;
  status_ =
      absl::InvalidArgumentError(absl::StrCat("offset ", offset_, ": ", ShownSequence(), ": ", rule,
                                              " (the sequence began at offset ", seq_start_, ")"));
}

void PresenterTerminal::StartSequence(State state) {
  state_ = state;
  seq_start_ = offset_;
  seq_.assign(1, static_cast<char>(kEsc));
  tail_.assign(1, static_cast<char>(kEsc));
  seq_size_ = 1;
  text_run_ = 0;
}

void PresenterTerminal::Write(absl::string_view bytes) {
  size_t i = 0;
  while (i < bytes.size()) {
    if (!status_.ok()) {
      offset_ += bytes.size() - i;
      return;
    }
    // Fast path: a run of printable ASCII in ground state.
    if (state_ == State::kGround && !utf8_.pending()) {
      size_t j = i;
      while (j < bytes.size()) {
        const auto b = static_cast<uint8_t>(bytes[j]);
        if (b < 0x20 || b >= 0x7F) break;
        ++j;
      }
      if (j > i) {
        const size_t run = j - i;
        if (text_run_ + run > options_.limits.max_text_bytes) {
          const size_t allowed = options_.limits.max_text_bytes - text_run_;
          offset_ += allowed;
          Fail(offset_, bytes.substr(i + allowed, 1),
               absl::StrCat("text runs past ", options_.limits.max_text_bytes,
                            " bytes without a control sequence (the text limit)"));
          offset_ += bytes.size() - i - allowed;
          return;
        }
        text_run_ += run;
        terminal_.PrintAscii(bytes.substr(i, run));
        offset_ += run;
        i = j;
        continue;
      }
    }
    Byte(static_cast<uint8_t>(bytes[i]));
    ++offset_;
    ++i;
  }
}

// The one incremental decoder (Utf8Decoder, base/utf8.h): Write may end inside a character, and
// each byte must be judged (and a violation reported at its offset) as it comes.
void PresenterTerminal::Utf8Byte(uint8_t byte) {
  if (!utf8_.pending()) {
    utf8_start_ = offset_;
    utf8_bytes_.clear();
  }
  utf8_bytes_ += static_cast<char>(byte);
  switch (utf8_.Feed(byte)) {
    case Utf8Decoder::Step::kMore:
      return;
    case Utf8Decoder::Step::kIllFormed:
    case Utf8Decoder::Step::kCut:
      Fail(utf8_start_, utf8_bytes_, "malformed UTF-8");
      utf8_.Reset();
      return;
    case Utf8Decoder::Step::kChar:
      break;
  }
  const char32_t cp = utf8_.code_point();
  if (cp >= 0x80 && cp <= 0x9F) {
    Fail(utf8_start_, utf8_bytes_, "a C1 control is not in the presenter subset");
    return;
  }
  terminal_.Print(cp);
}

void PresenterTerminal::Byte(uint8_t byte) {
  switch (state_) {
    case State::kGround:
      return GroundByte(byte);
    case State::kEscape:
      return EscapeByte(byte);
    case State::kCsi:
      return CsiByte(byte);
    case State::kOsc:
    case State::kOscEscape:
    case State::kDcsBody:
    case State::kDcsEscape:
      return StringByte(byte);
    case State::kDcsHeader:
      return DcsHeaderByte(byte);
  }
}

void PresenterTerminal::GroundByte(uint8_t byte) {
  if (utf8_.pending() && (byte < 0x80 || byte > 0xBF)) {
    Fail(utf8_start_, utf8_bytes_, "malformed UTF-8 (a truncated sequence)");
    return;
  }
  if (byte >= 0x80) {
    if (++text_run_ > options_.limits.max_text_bytes) {
      Fail(offset_, std::string(1, static_cast<char>(byte)),
           absl::StrCat("text runs past ", options_.limits.max_text_bytes,
                        " bytes without a control sequence (the text limit)"));
      return;
    }
    Utf8Byte(byte);
    return;
  }
  if (byte == kEsc) {
    StartSequence(State::kEscape);
    return;
  }
  Fail(offset_, std::string(1, static_cast<char>(byte)),
       byte == 0x7F ? "DEL is not in the presenter subset"
                    : absl::StrCat("C0 control ", C0Name(byte), " is not in the presenter subset"));
}

void PresenterTerminal::EscapeByte(uint8_t byte) {
  seq_ += static_cast<char>(byte);
  ++seq_size_;
  switch (byte) {
    case '[':
      state_ = State::kCsi;
      return;
    case ']':
      state_ = State::kOsc;
      osc_.clear();
      return;
    case 'P':
      if (link_open_) {
        FailHere(absl::StrCat("a DCS while a hyperlink is open (opened at offset ", link_offset_,
                              "): only printable text, SGR and the closing OSC 8 may follow"));
        return;
      }
      state_ = State::kDcsHeader;
      return;
    case '\\':
      FailHere("a string terminator (ST) outside a string");
      return;
    default:
      if (byte < 0x20 || byte >= 0x7F) {
        FailHere(absl::StrCat("ESC followed by ",
                              byte < 0x20 || byte == 0x7F
                                  ? absl::StrCat("the control ", C0Name(byte))
                                  : absl::StrCat("byte 0x", absl::Hex(byte)),
                              " is not in the presenter subset"));
      } else {
        FailHere(absl::StrCat("ESC ", std::string(1, static_cast<char>(byte)),
                              " is not in the presenter subset"));
      }
      return;
  }
}

void PresenterTerminal::CsiByte(uint8_t byte) {
  seq_ += static_cast<char>(byte);
  ++seq_size_;
  if (seq_size_ > options_.limits.max_csi_bytes) {
    FailHere(absl::StrCat("a CSI longer than ", options_.limits.max_csi_bytes,
                          " bytes (the CSI limit)"));
    return;
  }
  if (byte >= 0x40 && byte <= 0x7E) {
    FinishCsi(byte);
    return;
  }
  if (byte < 0x20 || byte >= 0x7F) {
    FailHere(byte == kEsc || byte < 0x20 || byte == 0x7F
                 ? absl::StrCat("the control ", C0Name(byte), " inside a CSI")
                 : "a non-ASCII byte inside a CSI");
  }
}

void PresenterTerminal::DcsHeaderByte(uint8_t byte) {
  seq_ += static_cast<char>(byte);
  ++seq_size_;
  if (seq_size_ > options_.limits.max_csi_bytes) {
    FailHere(absl::StrCat("a DCS header longer than ", options_.limits.max_csi_bytes,
                          " bytes (the CSI limit)"));
    return;
  }
  if (byte >= 0x40 && byte <= 0x7E) {
    FinishDcsHeader(byte);
    return;
  }
  if (byte < 0x20 || byte >= 0x7F) {
    FailHere(absl::StrCat("the control ", C0Name(byte), " inside a DCS header"));
  }
}

void PresenterTerminal::FinishCsi(uint8_t final) {
  // seq_ is ESC [ <body> <final>.
  absl::string_view body = absl::string_view(seq_).substr(2, seq_.size() - 3);
  char marker = 0;
  if (!body.empty() && body[0] >= 0x3C && body[0] <= 0x3F) {
    marker = body[0];
    body.remove_prefix(1);
  }
  const absl::string_view name = CsiName(static_cast<char>(final), marker);
  const std::string what = absl::StrCat("CSI ", marker != 0 ? std::string(1, marker) : "",
                                        std::string(1, static_cast<char>(final)),
                                        name.empty() ? "" : " (", name, name.empty() ? "" : ")");
  Params params;
  bool colon = false;
  if (!ParseCsiParams(body, what, &params, &colon)) return;
  if (marker != 0 && marker != '?') {
    FailHere(absl::StrCat(what, ": the private marker '", std::string(1, marker),
                          "' is not in the presenter subset"));
    return;
  }
  if (colon && !(final == 'm' && marker == 0)) {
    FailHere(absl::StrCat(what, ": a colon (sub-parameter) is allowed only in SGR"));
    return;
  }
  if (link_open_ && !(final == 'm' && marker == 0)) {
    FailHere(absl::StrCat(what, " while a hyperlink is open (opened at offset ", link_offset_,
                          "): only printable text, SGR and the closing OSC 8 may follow"));
    return;
  }
  if (marker == '?' ? !CheckPrivateMode(final, params, what) : !CheckCsi(final, params, what)) {
    return;
  }
  Sequence seq;
  seq.marker = marker;
  seq.final = static_cast<char>(final);
  seq.params = std::move(params);
  state_ = State::kGround;
  terminal_.CsiDispatch(seq);
}

bool PresenterTerminal::ParseCsiParams(absl::string_view body, absl::string_view what,
                                       Params* params, bool* colon) {
  int value = Params::kDefault;
  bool sub = false;
  for (size_t k = 0; k <= body.size(); ++k) {
    const char c = k < body.size() ? body[k] : ';';
    if (c >= '0' && c <= '9') {
      value = (value == Params::kDefault ? 0 : value) * 10 + (c - '0');
      if (value > kMaxParam) {
        FailHere(absl::StrCat(what, ": a parameter above ", kMaxParam));
        return false;
      }
    } else if (c == ';' || c == ':') {
      params->Push(value, sub);
      sub = c == ':';
      *colon = *colon || sub;
      value = Params::kDefault;
    } else if (c >= 0x20 && c <= 0x2F) {
      FailHere(absl::StrCat(what, " with an intermediate byte is not in the presenter subset"));
      return false;
    } else {
      FailHere(absl::StrCat("a malformed CSI: '", std::string(1, c), "' inside the parameters"));
      return false;
    }
  }
  if (body.empty()) params->Clear();
  return true;
}

bool PresenterTerminal::CheckPrivateMode(uint8_t final, const Params& params,
                                         absl::string_view what) {
  if (final != 'h' && final != 'l') {
    FailHere(absl::StrCat(what, " is not in the presenter subset"));
    return false;
  }
  const int mode = params.raw(0);
  if (params.size() != 1 || (mode != 25 && mode != 2026)) {
    FailHere(absl::StrCat(
        what,
        ": only one mode, 25 (cursor visible) or 2026 (synchronized output), is in the "
        "presenter subset"));
    return false;
  }
  if (mode == 2026) {
    if (final == 'h' && !sync_open_) sync_offset_ = seq_start_;
    sync_open_ = final == 'h';
  }
  return true;
}

bool PresenterTerminal::CheckCsi(uint8_t final, const Params& params, absl::string_view what) {
  auto at_most = [&](int n) {
    if (params.size() <= n) return true;
    FailHere(absl::StrCat(what, " takes at most ", n, n == 1 ? " parameter" : " parameters"));
    return false;
  };
  switch (final) {
    case 'H':
    case 'f':
      return at_most(2);
    case 'J':
    case 'K': {
      if (!at_most(1)) return false;
      const int mode = params.Get(0, 0);
      if (mode > (final == 'J' ? 3 : 2)) {
        FailHere(absl::StrCat(what, ": mode ", mode, " is not one of 0 to ", final == 'J' ? 3 : 2));
        return false;
      }
      return true;
    }
    case 'S':
    case 'T':
      return at_most(1);
    case 'm':
      return CheckSgr(params);
    default:
      FailHere(absl::StrCat(what, " is not in the presenter subset"));
      return false;
  }
}

// An OSC or DCS string: OscByte and DcsByte (presenter_osc.cc, presenter_sixel.cc) take the bytes
// of each, FinishOsc and FinishDcs the string terminator.
void PresenterTerminal::StringByte(uint8_t byte) {
  ++seq_size_;
  if (seq_.size() < kStringHeadBytes) seq_ += static_cast<char>(byte);
  tail_ += static_cast<char>(byte);
  if (tail_.size() > kTailBytes) tail_.erase(0, tail_.size() - kTailBytes);
  const bool osc = state_ == State::kOsc || state_ == State::kOscEscape;
  if (state_ == State::kOscEscape || state_ == State::kDcsEscape) {
    if (byte == '\\') {
      if (osc) {
        FinishOsc();
      } else {
        FinishDcs();
      }
      return;
    }
    FailInString(
        absl::StrCat("ESC inside ", osc ? "an OSC" : "a DCS", " string not followed by \\ (ST)"));
    return;
  }
  if (byte == kEsc) {
    state_ = osc ? State::kOscEscape : State::kDcsEscape;
    return;
  }
  if (osc) {
    OscByte(byte);
  } else {
    DcsByte(byte);
  }
}

absl::Status PresenterTerminal::CaptureStatus() const {
  if (!status_.ok()) return status_;
  if (utf8_.pending()) {
    return absl::InvalidArgumentError(absl::StrCat("offset ", utf8_start_, ": ",
                                                   EscapeForMessage(utf8_bytes_),
                                                   ": the stream ends inside a UTF-8 character"));
  }
  if (state_ != State::kGround) {
    return absl::InvalidArgumentError(absl::StrCat("offset ", seq_start_, ": ", ShownSequence(),
                                                   ": the stream ends inside an escape sequence"));
  }
  if (link_open_) {
    return absl::InvalidArgumentError(
        absl::StrCat("offset ", link_offset_, ": OSC 8: the stream ends with this hyperlink open"));
  }
  if (sync_open_) {
    return absl::InvalidArgumentError(absl::StrCat(
        "offset ", sync_offset_, ": \\x1b[?2026h: the stream ends inside this synchronized frame"));
  }
  return absl::OkStatus();
}

}  // namespace vtsnap
