// The output of a program that paints an 80x4 screen, every cell with a background of its own
// from a 24-bit gradient (320 styles: more than ckvision-golden 1 can name, so its golden is the
// wide form), with "gradient row N" on each row. `changed`: cell (col 10, row 2) is #070707.
// Shared by the wide-golden tests of the matchers and of the `vtsnap` command.
//
//   vtsnap::VirtualTerminal vt({.cols = 80, .rows = 4});
//   vt.Write(vtsnap::test_util::GradientBytes(/*changed=*/false));
#ifndef VTSNAP_TEST_GRADIENT_BYTES_H_
#define VTSNAP_TEST_GRADIENT_BYTES_H_

#include <string>

#include "absl/strings/str_cat.h"

namespace vtsnap::test_util {

inline std::string GradientBytes(bool changed) {
  std::string bytes;
  for (int row = 0; row < 4; ++row) {
    if (row > 0) bytes += "\r\n";
    const std::string text = absl::StrCat("gradient row ", row);
    for (int col = 0; col < 80; ++col) {
      const int i = row * 80 + col;
      int r = 255 - i % 256, g = i % 256, b = i / 256 * 16;
      if (changed && row == 2 && col == 10) r = g = b = 7;
      absl::StrAppend(&bytes, "\x1b[48;2;", r, ";", g, ";", b, "m",
                      col < static_cast<int>(text.size()) ? text.substr(col, 1) : " ");
    }
  }
  return bytes + "\x1b[m";
}

}  // namespace vtsnap::test_util

#endif  // VTSNAP_TEST_GRADIENT_BYTES_H_
