// Recipe: an ncurses program tested in process with vtsnap::CursesScreen
// (vtsnap/ncurses/curses_screen.h, docs/ncurses.md). The screen opens ncurses at a chosen size
// on a capture file, and what each refresh() writes is decoded by a virtual terminal; the test
// then pins the screen with a golden (goldens/ncurses_recipe_test/*.dump, written with
// UPDATE_GOLDENS=1).
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/ncurses/curses_screen.h"

// Last: curses.h defines macros (refresh, clear, erase, ...) that would rewrite other headers.
#include <curses.h>

namespace {

using vtsnap::CellStyleIs;
using vtsnap::CursesScreen;
using vtsnap::EqualsGolden;
using vtsnap::RowTextIs;

constexpr int kCols = 40;
constexpr int kRows = 10;
constexpr const char* kFruits[] = {"apple", "banana", "cherry"};

// The UI: a box titled in white on blue, the fruits with `selected` in reverse video, and a
// yellow hint on the last line inside the box.
void DrawMenu(int selected) {
  box(stdscr, 0, 0);
  attron(COLOR_PAIR(1) | A_BOLD);
  mvaddstr(0, 2, " Fruit ");
  attroff(COLOR_PAIR(1) | A_BOLD);
  for (int i = 0; i < 3; ++i) {
    if (i == selected) attron(A_REVERSE);
    mvprintw(2 + i, 2, "%c %-8s", i == selected ? '>' : ' ', kFruits[i]);
    if (i == selected) attroff(A_REVERSE);
  }
  attron(COLOR_PAIR(2));
  mvaddstr(kRows - 2, 2, "j/k move, q quit");
  attroff(COLOR_PAIR(2));
  refresh();
}

// Starts colours (the terminal's own default colours kept for pair 0) and hides the cursor.
void SetUpColours() {
  start_color();
  use_default_colors();
  init_pair(1, COLOR_WHITE, COLOR_BLUE);
  init_pair(2, COLOR_YELLOW, -1);
  curs_set(0);
}

TEST(NcursesRecipe, DrawsABoxAHighlightedItemAndColours) {
  absl::StatusOr<CursesScreen> screen = CursesScreen::Open({.cols = kCols, .rows = kRows});
  ASSERT_TRUE(screen.ok()) << screen.status();
  SetUpColours();
  DrawMenu(1);
  EXPECT_THAT(*screen, EqualsGolden("menu"));
  EXPECT_THAT(*screen, RowTextIs(3, "│ > banana                             │"));
  EXPECT_THAT(*screen, CellStyleIs(4, 3, ::testing::Field(&vtsnap::Style::reverse, true)));
}

TEST(NcursesRecipe, ARefreshWritesOnlyTheChangeAndTheScreenFollows) {
  absl::StatusOr<CursesScreen> screen = CursesScreen::Open({.cols = kCols, .rows = kRows});
  ASSERT_TRUE(screen.ok()) << screen.status();
  SetUpColours();
  DrawMenu(1);
  const absl::StatusOr<std::string> first = screen->ReadOutput();
  ASSERT_TRUE(first.ok()) << first.status();

  // "j": the highlight moves down; ncurses writes only the two rows that changed.
  DrawMenu(2);
  const absl::StatusOr<std::string> update = screen->ReadOutput();
  ASSERT_TRUE(update.ok()) << update.status();
  EXPECT_THAT(*screen, EqualsGolden("menu_after_j"));
  EXPECT_LT(update->size(), first->size() / 4) << "ncurses repainted more than the change";
}

TEST(NcursesRecipe, TheBytesOfEndwinLeaveTheAlternateScreen) {
  // Why a test asserts before the program's own endwin(): its bytes switch back to the normal
  // screen, which is empty here, so a screen looked at after it shows nothing of the UI.
  absl::StatusOr<CursesScreen> screen = CursesScreen::Open({.cols = kCols, .rows = kRows});
  ASSERT_TRUE(screen.ok()) << screen.status();
  SetUpColours();
  DrawMenu(1);
  ASSERT_THAT(*screen, RowTextIs(3, "│ > banana                             │"));
  endwin();
  const absl::StatusOr<std::string> bytes = screen->ReadOutput();
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  EXPECT_THAT(*bytes, ::testing::HasSubstr("\x1b[?1049l"));
  EXPECT_THAT(*screen, RowTextIs(3, ""));
}

}  // namespace
