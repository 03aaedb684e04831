// vtsnap::ncurses as a consumer links it (test/package/run.cmake): added to each mode's existing
// consumer when vtsnap was built with ncursesw. The installed header, the library and ncursesw's
// flags are found; the screen is a ScreenView to the matchers.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/ncurses/curses_screen.h"

// Last: curses.h defines macros (refresh, clear, erase, ...) that would rewrite other headers.
#include <curses.h>

TEST(PackageNcurses, DrawsInProcess) {
  auto screen = vtsnap::CursesScreen::Open({.cols = 12, .rows = 2});
  ASSERT_TRUE(screen.ok()) << screen.status();
  mvaddstr(1, 1, "\xe6\xbc\xa2 ok");  // a wide character, then text after its two cells
  refresh();
  EXPECT_THAT(*screen, vtsnap::RowTextIs(1, " \xe6\xbc\xa2 ok"));
}
