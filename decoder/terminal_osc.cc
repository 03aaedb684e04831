// Terminal's OSC strings: titles, hyperlinks (OSC 8), the pointer shape and the clipboard
// (OSC 52); the colour strings are terminal_osc_colors.cc's.
#include <cstdint>
#include <string>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/terminal.h"

namespace vtsnap {

void Terminal::OscDispatch(absl::string_view payload, bool overflowed, OscTerminator terminator) {
  rep_cp_ = 0;  // a string between a character and REP leaves nothing to repeat (xterm)
  if (overflowed) {
    IgnoreText("OSC (over the length limit)");
    return;
  }
  const size_t semi = payload.find(';');
  absl::string_view ps = payload.substr(0, semi);
  absl::string_view pt = semi == absl::string_view::npos ? "" : payload.substr(semi + 1);
  int code = 0;
  if (!absl::SimpleAtoi(ps, &code)) {
    IgnoreText("OSC (no number)");
    return;
  }
  switch (code) {
    case 0:
    case 1:
    case 2: {
      std::string title;
      if (!TitleFromOsc(pt, &title)) return;  // under the hexadecimal title mode
      if (code != 1) title_ = title;
      if (code != 2) icon_title_ = std::move(title);
      return;
    }
    case 8: {
      const size_t sep = pt.find(';');
      if (sep == absl::string_view::npos) {
        IgnoreText("OSC 8 (malformed)");
        return;
      }
      return Osc8(pt.substr(0, sep), pt.substr(sep + 1));
    }
    case 22:
      pointer_shape_ = std::string(pt);
      return;
    case 4:
    case 5:
      return OscPalette(code, pt, terminator);
    case 104:
    case 105:
      return OscResetPalette(code, pt);
    case 10:
    case 11:
    case 12:
    case 13:
    case 14:
    case 15:
    case 16:
    case 17:
    case 18:
    case 19:
      return OscDynamicColors(code, pt, terminator);
    case 110:
    case 111:
    case 112:
    case 113:
    case 114:
    case 115:
    case 116:
    case 117:
    case 118:
    case 119:
      return OscResetDynamicColor(code);
    case 52:
      return Osc52(pt, terminator);
    default:
      IgnoreText(absl::StrCat("OSC ", code));
      return;
  }
}

void Terminal::Osc8(absl::string_view params, absl::string_view uri) {
  if (uri.empty()) {
    link_id_ = 0;
    return;
  }
  std::string id;
  for (absl::string_view kv : absl::StrSplit(params, ':')) {
    if (absl::StartsWith(kv, "id=")) id = std::string(kv.substr(3));
  }
  if (uri.size() > kMaxHyperlinkBytes) {
    IgnoreText("OSC 8 (target over the length limit)");
    link_id_ = 0;
    return;
  }
  auto key = std::make_pair(id, std::string(uri));
  auto it = link_ids_.find(key);
  if (it == link_ids_.end()) {
    MaybeCompact(links_.size());
    it = link_ids_.emplace(key, static_cast<uint32_t>(links_.size())).first;
    links_.push_back(Hyperlink{id, std::string(uri)});
  }
  link_id_ = it->second;
}

namespace {

// The value of a base64 digit, or -1.
int Base64Digit(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

}  // namespace

// OSC 52's data as xterm 379 reads it (recorded): a character outside base64's alphabet is
// skipped (a quote, a space, `!`), padding may be missing, and bits left over at the end are
// dropped, so `dGVzdA==` and `dGVzdA'` both set "test" and text with no base64 in it sets
// nothing. Decoding stops at the first `=` (xterm goes on past it: docs/xterm-deviations.md).
std::string Terminal::LenientBase64Decode(absl::string_view b64) {
  std::string out;
  uint32_t bits = 0;
  int count = 0;
  for (char c : b64) {
    if (c == '=') break;
    const int digit = Base64Digit(c);
    if (digit < 0) continue;
    bits = (bits << 6 | static_cast<uint32_t>(digit)) & 0xFFFFFF;
    count += 6;
    if (count >= 8) {
      count -= 8;
      out.push_back(static_cast<char>(bits >> count & 0xFF));
    }
  }
  return out;
}

void Terminal::Osc52(absl::string_view data, OscTerminator terminator) {
  const size_t sep = data.find(';');
  if (sep == absl::string_view::npos) {
    IgnoreText("OSC 52 (malformed)");
    return;
  }
  absl::string_view b64 = data.substr(sep + 1);
  if (b64 == "?") return Osc52Query(data.substr(0, sep), terminator);
  clipboard_ = LenientBase64Decode(b64);
}

}  // namespace vtsnap
