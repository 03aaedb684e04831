// Recipe: an ncurses program tested in process. ncurses draws through newterm() into a temporary
// file instead of a terminal; the test reads the bytes each refresh() wrote and feeds them to a
// VirtualTerminal of the same size, then pins the screen with a golden
// (goldens/ncurses_recipe_test/*.dump, written with UPDATE_GOLDENS=1). docs/pty-recipes.md
// ("ncurses in process") explains each choice:
//
// - The size: without a terminal, ncurses cannot ask the kernel for the window size, so it takes
//   LINES and COLUMNS from the environment (use_env(TRUE), the default) and only then terminfo's
//   80x24. They are set around newterm(), which reads them once.
// - The terminal type is newterm()'s first argument, so TERM in the test's environment does not
//   matter; xterm-256color is what vtsnap decodes.
// - The bytes are taken after refresh() and before endwin(): endwin() leaves the alternate screen,
//   which shows the (empty) normal screen again.
#include <curses.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"

namespace {

using vtsnap::CellStyleIs;
using vtsnap::EqualsGolden;
using vtsnap::RowTextIs;

// Sets an environment variable for its lifetime and restores the earlier value (or its absence).
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_.has_value()) {
      setenv(name_, old_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// An ncurses screen of `cols` x `rows` whose output goes to a temporary file.
class CursesScreen {
 public:
  CursesScreen(int cols, int rows) {
    out_ = std::tmpfile();
    in_ = std::fopen("/dev/null", "r");
    if (out_ == nullptr || in_ == nullptr) {
      error_ = std::string("cannot open the output or input file: ") + std::strerror(errno);
      return;
    }
    ScopedEnv lines("LINES", std::to_string(rows));
    ScopedEnv columns("COLUMNS", std::to_string(cols));
    screen_ = newterm("xterm-256color", out_, in_);
    if (screen_ == nullptr) {
      error_ = "newterm(\"xterm-256color\") failed: is its terminfo entry installed?";
      return;
    }
    set_term(screen_);
    if (COLS != cols || LINES != rows) {
      error_ = "ncurses chose " + std::to_string(COLS) + "x" + std::to_string(LINES);
    }
  }
  ~CursesScreen() {
    if (screen_ != nullptr) {
      endwin();
      delscreen(screen_);
    }
    if (out_ != nullptr) std::fclose(out_);
    if (in_ != nullptr) std::fclose(in_);
  }
  CursesScreen(const CursesScreen&) = delete;
  CursesScreen& operator=(const CursesScreen&) = delete;

  // Empty when the screen is ready, else why not.
  const std::string& error() const { return error_; }

  // The bytes ncurses wrote since the last call (refresh() flushes them to the file).
  std::string TakeOutput() {
    std::fflush(out_);
    std::string bytes;
    char buffer[4096];
    for (;;) {
      const ssize_t n = pread(fileno(out_), buffer, sizeof buffer, taken_);
      if (n <= 0) break;
      bytes.append(buffer, static_cast<size_t>(n));
      taken_ += n;
    }
    return bytes;
  }

 private:
  FILE* out_ = nullptr;
  FILE* in_ = nullptr;
  SCREEN* screen_ = nullptr;
  std::string error_;
  off_t taken_ = 0;
};

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

TEST(NcursesRecipe, TakesItsSizeFromLinesAndColumnsWithoutATerminal) {
  CursesScreen screen(kCols, kRows);
  ASSERT_EQ(screen.error(), "");
  EXPECT_EQ(COLS, kCols);
  EXPECT_EQ(LINES, kRows);
}

TEST(NcursesRecipe, DrawsABoxAHighlightedItemAndColours) {
  CursesScreen screen(kCols, kRows);
  ASSERT_EQ(screen.error(), "");
  SetUpColours();
  DrawMenu(1);

  vtsnap::VirtualTerminal vt({.cols = kCols, .rows = kRows});
  vt.Write(screen.TakeOutput());
  EXPECT_THAT(vt, EqualsGolden("menu"));
  EXPECT_THAT(vt, RowTextIs(3, "│ > banana                             │"));
  EXPECT_THAT(vt, CellStyleIs(4, 3, ::testing::Field(&vtsnap::Style::reverse, true)));
}

TEST(NcursesRecipe, ARefreshWritesOnlyTheChangeAndTheScreenFollows) {
  CursesScreen screen(kCols, kRows);
  ASSERT_EQ(screen.error(), "");
  SetUpColours();
  DrawMenu(1);
  vtsnap::VirtualTerminal vt({.cols = kCols, .rows = kRows});
  const std::string first = screen.TakeOutput();
  vt.Write(first);

  // "j": the highlight moves down; ncurses writes only the two rows that changed.
  DrawMenu(2);
  const std::string update = screen.TakeOutput();
  vt.Write(update);
  EXPECT_THAT(vt, EqualsGolden("menu_after_j"));
  EXPECT_LT(update.size(), first.size() / 4) << "ncurses repainted more than the change";
}

TEST(NcursesRecipe, TheBytesOfEndwinLeaveTheAlternateScreen) {
  // Why the bytes are taken before endwin(): its own bytes switch back to the normal screen,
  // which is empty here, so a screen taken after it shows nothing of the UI.
  std::string all;
  {
    CursesScreen screen(kCols, kRows);
    ASSERT_EQ(screen.error(), "");
    SetUpColours();
    DrawMenu(1);
    endwin();
    all = screen.TakeOutput();
  }
  vtsnap::VirtualTerminal vt({.cols = kCols, .rows = kRows});
  vt.Write(all);
  EXPECT_THAT(vt, RowTextIs(3, ""));
  EXPECT_THAT(all, ::testing::HasSubstr("\x1b[?1049l"));
}

}  // namespace
