// The title modes, XTSMTITLE (`CSI > Ps ; Ps t`) and XTRMTITLE (`CSI > Ps ; Ps T`), as xterm 379
// keeps them: 0 sets the titles from hexadecimal, 1 reports them in hexadecimal, 2 and 3 (UTF-8
// in and out) change nothing where every title is UTF-8, as here and in xterm's UTF-8 mode.
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/terminal.h"

namespace vtsnap {
namespace {

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  return absl::ascii_tolower(static_cast<unsigned char>(c)) - 'a' + 10;
}

}  // namespace

void Terminal::SetTitleModes(const Params& params, bool on) {
  // A parameter left out names no mode: `CSI > t` and `CSI > T` change nothing (xterm 379).
  for (int i = 0; i < params.size(); ++i) {
    const int mode = params.raw(i);
    if (mode < 0 || mode > 3) continue;
    title_modes_ = on ? title_modes_ | 1 << mode : title_modes_ & ~(1 << mode);
  }
}

bool Terminal::TitleFromOsc(absl::string_view pt, std::string* title) const {
  if ((title_modes_ & 1) == 0) {
    *title = std::string(pt);
    return true;
  }
  // Hexadecimal: an even number of digits and nothing else, or the title stays; it ends at the
  // first control character it decodes to. An empty string leaves the title too (recorded).
  if (pt.empty() || pt.size() % 2 != 0) return false;
  for (char c : pt) {
    if (!absl::ascii_isxdigit(static_cast<unsigned char>(c))) return false;
  }
  title->clear();
  for (size_t i = 0; i < pt.size(); i += 2) {
    const char c = static_cast<char>(HexDigit(pt[i]) << 4 | HexDigit(pt[i + 1]));
    if (static_cast<unsigned char>(c) < 0x20) break;
    title->push_back(c);
  }
  return true;
}

std::string Terminal::TitleReport(const std::string& title) const {
  if ((title_modes_ & 2) == 0) return title;
  std::string hex;
  hex.reserve(title.size() * 2);
  for (unsigned char c : title) {
    static constexpr char kDigits[] = "0123456789ABCDEF";
    hex.push_back(kDigits[c >> 4]);
    hex.push_back(kDigits[c & 15]);
  }
  return hex;
}

}  // namespace vtsnap
