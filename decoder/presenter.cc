#include "vtsnap/decoder/presenter.h"

#include <cstdint>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"

namespace vtsnap {
namespace {

constexpr uint8_t kEsc = 0x1B;
constexpr uint8_t kBel = 0x07;
constexpr int kMaxParam = 65535;
constexpr size_t kHeadBytes = 32;
constexpr size_t kTailBytes = 12;
// A string (OSC, DCS) keeps this many first bytes for messages: all of a short one.
constexpr size_t kStringHeadBytes = 48;

const char* C0Name(uint8_t byte) {
  static constexpr const char* kNames[32] = {"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL",
                                             "BS",  "HT",  "LF",  "VT",  "FF",  "CR",  "SO",  "SI",
                                             "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB",
                                             "CAN", "EM",  "SUB", "ESC", "FS",  "GS",  "RS",  "US"};
  return byte < 32 ? kNames[byte] : "DEL";
}

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
    int need = 0;
    char32_t cp = 0;
    uint8_t lo = 0x80;
    uint8_t hi = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) {
      need = 1;
      cp = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
      need = 2;
      cp = b & 0x0F;
      if (b == 0xE0) lo = 0xA0;
      if (b == 0xED) hi = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
      need = 3;
      cp = b & 0x07;
      if (b == 0xF0) lo = 0x90;
      if (b == 0xF4) hi = 0x8F;
    } else {
      *at = i;
      return "malformed UTF-8";
    }
    for (int k = 1; k <= need; ++k) {
      if (i + static_cast<size_t>(k) >= text.size()) {
        *at = i;
        return "malformed UTF-8";
      }
      const auto c = static_cast<uint8_t>(text[i + static_cast<size_t>(k)]);
      if (c < (k == 1 ? lo : 0x80) || c > (k == 1 ? hi : 0xBF)) {
        *at = i;
        return "malformed UTF-8";
      }
      cp = (cp << 6) | (c & 0x3F);
    }
    if (cp >= 0x80 && cp <= 0x9F) {
      *at = i;
      return absl::StrFormat("C1 control character U+%04X", static_cast<uint32_t>(cp));
    }
    i += static_cast<size_t>(need) + 1;
  }
  return "";
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
                                .graphics = {.sixel = options.sixel,
                                             .cell_width = options.cell_width,
                                             .cell_height = options.cell_height,
                                             .limits = options.limits.sixel_image,
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
    if (state_ == State::kGround && utf8_needed_ == 0) {
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

void PresenterTerminal::Utf8Byte(uint8_t byte) {
  auto malformed = [this] {
    Fail(utf8_start_, utf8_bytes_, "malformed UTF-8");
    utf8_needed_ = 0;
  };
  if (utf8_needed_ == 0) {
    utf8_start_ = offset_;
    utf8_bytes_.assign(1, static_cast<char>(byte));
    utf8_lower_ = 0x80;
    utf8_upper_ = 0xBF;
    if (byte >= 0xC2 && byte <= 0xDF) {
      utf8_needed_ = 1;
      utf8_cp_ = byte & 0x1F;
    } else if (byte >= 0xE0 && byte <= 0xEF) {
      utf8_needed_ = 2;
      utf8_cp_ = byte & 0x0F;
      if (byte == 0xE0) utf8_lower_ = 0xA0;
      if (byte == 0xED) utf8_upper_ = 0x9F;
    } else if (byte >= 0xF0 && byte <= 0xF4) {
      utf8_needed_ = 3;
      utf8_cp_ = byte & 0x07;
      if (byte == 0xF0) utf8_lower_ = 0x90;
      if (byte == 0xF4) utf8_upper_ = 0x8F;
    } else {
      malformed();
    }
    return;
  }
  utf8_bytes_ += static_cast<char>(byte);
  if (byte < utf8_lower_ || byte > utf8_upper_) {
    malformed();
    return;
  }
  utf8_lower_ = 0x80;
  utf8_upper_ = 0xBF;
  utf8_cp_ = (utf8_cp_ << 6) | (byte & 0x3F);
  if (--utf8_needed_ > 0) return;
  if (utf8_cp_ >= 0x80 && utf8_cp_ <= 0x9F) {
    Fail(utf8_start_, utf8_bytes_, "a C1 control is not in the presenter subset");
    return;
  }
  terminal_.Print(utf8_cp_);
}

void PresenterTerminal::Byte(uint8_t byte) {
  switch (state_) {
    case State::kGround: {
      if (utf8_needed_ > 0 && (byte < 0x80 || byte > 0xBF)) {
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
           byte == 0x7F
               ? "DEL is not in the presenter subset"
               : absl::StrCat("C0 control ", C0Name(byte), " is not in the presenter subset"));
      return;
    }
    case State::kEscape: {
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
            FailHere(absl::StrCat("a DCS while a hyperlink is open (opened at offset ",
                                  link_offset_,
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
    case State::kCsi: {
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
      return;
    }
    case State::kOsc:
    case State::kOscEscape:
    case State::kDcsBody:
    case State::kDcsEscape:
      StringByte(byte);
      return;
    case State::kDcsHeader: {
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
      return;
    }
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
  {
    int value = Params::kDefault;
    bool sub = false;
    for (size_t k = 0; k <= body.size(); ++k) {
      const char c = k < body.size() ? body[k] : ';';
      if (c >= '0' && c <= '9') {
        value = (value == Params::kDefault ? 0 : value) * 10 + (c - '0');
        if (value > kMaxParam) {
          FailHere(absl::StrCat(what, ": a parameter above ", kMaxParam));
          return;
        }
      } else if (c == ';' || c == ':') {
        params.Push(value, sub);
        sub = c == ':';
        colon = colon || sub;
        value = Params::kDefault;
      } else if (c >= 0x20 && c <= 0x2F) {
        FailHere(absl::StrCat(what, " with an intermediate byte is not in the presenter subset"));
        return;
      } else {
        FailHere(absl::StrCat("a malformed CSI: '", std::string(1, c), "' inside the parameters"));
        return;
      }
    }
    if (body.empty()) params.Clear();
  }
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
  auto at_most = [&](int n) {
    if (params.size() <= n) return true;
    FailHere(absl::StrCat(what, " takes at most ", n, n == 1 ? " parameter" : " parameters"));
    return false;
  };
  Sequence seq;
  seq.marker = marker;
  seq.final = static_cast<char>(final);
  if (marker == '?') {
    if (final != 'h' && final != 'l') {
      FailHere(absl::StrCat(what, " is not in the presenter subset"));
      return;
    }
    const int mode = params.raw(0);
    if (params.size() != 1 || (mode != 25 && mode != 2026)) {
      FailHere(absl::StrCat(
          what,
          ": only one mode, 25 (cursor visible) or 2026 (synchronized output), is in the "
          "presenter subset"));
      return;
    }
    if (mode == 2026) {
      if (final == 'h' && !sync_open_) sync_offset_ = seq_start_;
      sync_open_ = final == 'h';
    }
  } else {
    switch (final) {
      case 'H':
      case 'f':
        if (!at_most(2)) return;
        break;
      case 'J':
      case 'K': {
        if (!at_most(1)) return;
        const int mode = params.Get(0, 0);
        if (mode > (final == 'J' ? 3 : 2)) {
          FailHere(
              absl::StrCat(what, ": mode ", mode, " is not one of 0 to ", final == 'J' ? 3 : 2));
          return;
        }
        break;
      }
      case 'S':
      case 'T':
        if (!at_most(1)) return;
        break;
      case 'm':
        if (!CheckSgr(params)) return;
        break;
      default:
        FailHere(absl::StrCat(what, " is not in the presenter subset"));
        return;
    }
  }
  seq.params = std::move(params);
  state_ = State::kGround;
  terminal_.CsiDispatch(seq);
}

bool PresenterTerminal::CheckSgr(const Params& p) {
  const ColorDepth depth = options_.color_depth;
  auto fail = [this](absl::string_view rule) {
    FailHere(absl::StrCat("SGR: ", rule));
    return false;
  };
  // An extended colour after 38, 48 or 58 at entry i; returns the next entry or -1 after a
  // failure.
  auto extended = [&](int i, int code) -> int {
    const bool colon = p.is_sub(i + 1);
    if (colon && code != 58) {
      fail(absl::StrCat(code, " with colons: only 4 and 58 take sub-parameters"));
      return -1;
    }
    auto entry_ok = [&](int k) { return k < p.size() && p.is_sub(k) == colon; };
    if (!entry_ok(i + 1)) {
      fail(absl::StrCat(code, " needs 5;N or 2;R;G;B"));
      return -1;
    }
    const int kind = p.raw(i + 1);
    if (kind == 5) {
      if (!entry_ok(i + 2) || p.raw(i + 2) == Params::kDefault || p.raw(i + 2) > 255) {
        fail(absl::StrCat(code, ";5 needs a palette index from 0 to 255"));
        return -1;
      }
      if (depth == ColorDepth::k16) {
        fail(absl::StrCat(code, ";5 (256 colours) on a 16-colour profile"));
        return -1;
      }
      if (colon && p.is_sub(i + 3)) {
        fail(absl::StrCat(code, ":5 has too many sub-parameters"));
        return -1;
      }
      return i + 3;
    }
    if (kind == 2) {
      int first = i + 2;
      // 58:2::R:G:B names an (empty) colour space; 58:2:R:G:B does not.
      if (colon && entry_ok(i + 5) && p.raw(i + 2) == Params::kDefault) first = i + 3;
      for (int k = first; k < first + 3; ++k) {
        if (!entry_ok(k) || p.raw(k) == Params::kDefault || p.raw(k) > 255) {
          fail(absl::StrCat(code, ";2 needs three components from 0 to 255"));
          return -1;
        }
      }
      if (colon && first + 3 < p.size() && p.is_sub(first + 3)) {
        fail(absl::StrCat(code, ":2 has too many sub-parameters"));
        return -1;
      }
      if (depth != ColorDepth::kTrueColor) {
        fail(absl::StrCat(code, ";2 (truecolor) on a ", depth == ColorDepth::k256 ? "256" : "16",
                          "-colour profile"));
        return -1;
      }
      return first + 3;
    }
    fail(absl::StrCat(code, " needs 5;N or 2;R;G;B"));
    return -1;
  };
  for (int i = 0; i < p.size();) {
    if (p.is_sub(i)) {
      // A colon after a colour's last value, or after a parameter that takes none.
      return fail(
          absl::StrCat("a stray sub-parameter :", p.raw(i) == Params::kDefault ? 0 : p.raw(i),
                       " (only 4 and 58 take sub-parameters)"));
    }
    const int v = p.raw(i) == Params::kDefault ? 0 : p.raw(i);
    if (v == 38 || v == 48 || v == 58) {
      i = extended(i, v);
      if (i < 0) return false;
      continue;
    }
    if (v == 4 && p.is_sub(i + 1)) {
      const int shape = p.raw(i + 1);
      if (shape == Params::kDefault || shape > 5 || p.is_sub(i + 2)) {
        return fail("4 takes one sub-parameter from 0 to 5 (4:0 to 4:5)");
      }
      i += 2;
      continue;
    }
    if (p.is_sub(i + 1)) {
      return fail(absl::StrCat(v, " with a sub-parameter: only 4 and 58 take them"));
    }
    const bool simple = v <= 4 || v == 7 || v == 9 || v == 21 || v == 22 || v == 23 || v == 24 ||
                        v == 27 || v == 29 || v == 39 || v == 49 || v == 59 ||
                        (v >= 30 && v <= 37) || (v >= 40 && v <= 47) || (v >= 90 && v <= 97) ||
                        (v >= 100 && v <= 107);
    if (!simple) {
      absl::string_view name;
      switch (v) {
        case 5:
        case 6:
          name = " (blink)";
          break;
        case 8:
          name = " (conceal)";
          break;
        case 53:
          name = " (overline)";
          break;
        default:
          break;
      }
      return fail(
          absl::StrCat(v, name, " is not in the presenter subset (a golden cannot spell it)"));
    }
    ++i;
  }
  return true;
}

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
        if (sixel_command_ != 0 && !FinishSixelCommand()) return;
        if (sixel_repeat_pending_) {
          FailInString("a Sixel repeat (!) must be followed by a sixel data byte");
          return;
        }
        sixels_.push_back(std::move(sixel_));
        sixel_ = {};
        state_ = State::kGround;
        // The image is drawn now; a limit it breaks invalidates the capture.
        terminal_.DcsUnhook();
        if (!terminal_.last_graphics_status().ok()) {
          FailInString(terminal_.last_graphics_status().message());
        }
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
    return;
  }
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
  terminal_.OscDispatch(payload, false);
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
  terminal_.OscDispatch(osc_, false);
}

void PresenterTerminal::FinishDcsHeader(uint8_t final) {
  absl::string_view body = absl::string_view(seq_).substr(2, seq_.size() - 3);
  if (final != 'q') {
    FailHere(absl::StrCat("DCS ", std::string(1, static_cast<char>(final)),
                          " is not in the presenter subset (only Sixel, DCS ... q)"));
    return;
  }
  if (!options_.sixel) {
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

absl::Status PresenterTerminal::CaptureStatus() const {
  if (!status_.ok()) return status_;
  if (utf8_needed_ > 0) {
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
