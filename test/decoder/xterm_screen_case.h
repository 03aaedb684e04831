// One decoder case checked against a real xterm: {bytes in, whole screen out}. The table-driven
// screen tests (fidelity_test, fidelity_more_test, protection_test, rectangles_test) hold their
// cases as XtermScreenCase and check each with ExpectXtermScreen, which also writes the case for
// test/decoder/check_with_xterm.sh to replay in xterm:
//
//   VTSNAP_DUMP_CASES=/tmp/cases build/bin/fidelity_test && test/decoder/check_with_xterm.sh
//   /tmp/cases
#ifndef VTSNAP_TEST_DECODER_XTERM_SCREEN_CASE_H_
#define VTSNAP_TEST_DECODER_XTERM_SCREEN_CASE_H_

#include <cstdlib>
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"

namespace vtsnap {

struct XtermScreenCase {
  std::string name;
  int cols;
  int rows;
  std::string input;
  std::vector<std::string> screen;  // every row; trailing blanks do not count
};

inline void PrintTo(const XtermScreenCase& c, std::ostream* os) { *os << c.name; }

// Decodes c.input on a c.cols x c.rows terminal and expects every row of c.screen. With
// VTSNAP_DUMP_CASES=DIR set it also writes DIR/NAME.COLSxROWS.bytes (the input) and .expected
// (the rows), which check_with_xterm.sh replays in xterm and compares.
inline void ExpectXtermScreen(const XtermScreenCase& c) {
  SCOPED_TRACE(absl::StrCat(c.name, ": \"", absl::CHexEscape(c.input), "\""));
  ASSERT_EQ(static_cast<int>(c.screen.size()), c.rows) << "the table must list every row";
  if (const char* dir = std::getenv("VTSNAP_DUMP_CASES"); dir != nullptr) {
    const std::string base = absl::StrCat(dir, "/", c.name, ".", c.cols, "x", c.rows);
    std::ofstream(base + ".bytes", std::ios::binary) << c.input;
    std::ofstream(base + ".expected") << absl::StrJoin(c.screen, "\n") << "\n";
  }
  VirtualTerminal vt({.cols = c.cols, .rows = c.rows});
  vt.Write(c.input);
  for (int r = 0; r < c.rows; ++r) {
    std::string want = c.screen[r];
    while (!want.empty() && want.back() == ' ') want.pop_back();
    EXPECT_EQ(vt.RowText(r), want) << "row " << r;
  }
}

}  // namespace vtsnap

#endif  // VTSNAP_TEST_DECODER_XTERM_SCREEN_CASE_H_
