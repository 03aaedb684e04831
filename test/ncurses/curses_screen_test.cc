// vtsnap::CursesScreen (ncurses/curses_screen.h, docs/ncurses.md): ncurses drawing in process, its
// bytes decoded by a VirtualTerminal. The expected screens are what a user sees on a terminal of
// that size: where ncurses puts text, the colour a pair names, the cells a wide character takes.
// The golden (goldens/curses_screen_test/menu.dump) is written with UPDATE_GOLDENS=1 and reviewed.
#include "vtsnap/ncurses/curses_screen.h"

#include <langinfo.h>

#include <clocale>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/screen_view.h"

// Last: curses.h defines macros (refresh, clear, erase, ...) that would rewrite other headers.
#include <curses.h>

namespace {

using ::testing::HasSubstr;
using vtsnap::Color;
using vtsnap::CursesScreen;
using vtsnap::EqualsGolden;
using vtsnap::RowTextIs;
using vtsnap::ScreenView;

// The header's usage example, as written there.
TEST(CursesScreen, HeaderExample) {
  auto screen = vtsnap::CursesScreen::Open({.cols = 20, .rows = 3});
  ASSERT_TRUE(screen.ok()) << screen.status();
  mvaddstr(1, 2, "hello");  // the program's own drawing, then refresh()
  refresh();
  EXPECT_EQ(vtsnap::ScreenView(*screen).RowText(1), "  hello             ");
}

struct SizeCase {
  int cols;
  int rows;
};

class CursesScreenSize : public ::testing::TestWithParam<SizeCase> {};

TEST_P(CursesScreenSize, NcursesAndTheTerminalHaveTheSizeAskedFor) {
  const SizeCase& c = GetParam();
  absl::StatusOr<CursesScreen> screen = CursesScreen::Open({.cols = c.cols, .rows = c.rows});
  ASSERT_TRUE(screen.ok()) << screen.status();
  EXPECT_EQ(COLS, c.cols);
  EXPECT_EQ(LINES, c.rows);
  // The last cell: ncurses reaches the corner, and the terminal shows it there.
  mvaddch(c.rows - 1, c.cols - 2, 'x');
  refresh();
  const ScreenView view(*screen);
  EXPECT_EQ(view.cols(), c.cols);
  EXPECT_EQ(view.rows(), c.rows);
  EXPECT_EQ(view.cell(c.cols - 2, c.rows - 1).grapheme, "x");
}

INSTANTIATE_TEST_SUITE_P(Sizes, CursesScreenSize,
                         ::testing::Values(SizeCase{2, 1}, SizeCase{40, 10}, SizeCase{80, 24},
                                           SizeCase{132, 50}));

struct BadOpenCase {
  std::string name;
  friend void PrintTo(const BadOpenCase& c, std::ostream* os) { *os << c.name; }
  vtsnap::CursesScreenOptions options;
  absl::StatusCode code;
  std::vector<std::string> message_parts;
};

class CursesScreenBadOpen : public ::testing::TestWithParam<BadOpenCase> {};

TEST_P(CursesScreenBadOpen, FailsNamingTheProblem) {
  const BadOpenCase& c = GetParam();
  absl::StatusOr<CursesScreen> screen = CursesScreen::Open(c.options);
  ASSERT_FALSE(screen.ok());
  EXPECT_EQ(screen.status().code(), c.code) << screen.status();
  for (const std::string& part : c.message_parts) {
    EXPECT_THAT(screen.status().message(), HasSubstr(part));
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, CursesScreenBadOpen,
    ::testing::Values(BadOpenCase{"ZeroColumns",
                                  {.cols = 0, .rows = 5},
                                  absl::StatusCode::kInvalidArgument,
                                  {"size 0x5 is out of range"}},
                      BadOpenCase{"TooManyRows",
                                  {.cols = 10, .rows = 5000},
                                  absl::StatusCode::kInvalidArgument,
                                  {"size 10x5000 is out of range"}},
                      BadOpenCase{"UnknownTerm",
                                  {.cols = 10, .rows = 5, .term = "vtsnap-no-such-term"},
                                  absl::StatusCode::kFailedPrecondition,
                                  {"TERM=vtsnap-no-such-term", "no terminfo entry of that name"}}),
    [](const auto& info) { return info.param.name; });

struct ColourCase {
  std::string name;
  friend void PrintTo(const ColourCase& c, std::ostream* os) { *os << c.name; }
  short fg;  // an ncurses colour number, -1 for the terminal's default
  short bg;
  Color want_fg;
  Color want_bg;
};

class CursesScreenColour : public ::testing::TestWithParam<ColourCase> {};

TEST_P(CursesScreenColour, APairIsTheCellsColour) {
  const ColourCase& c = GetParam();
  absl::StatusOr<CursesScreen> screen = CursesScreen::Open({.cols = 10, .rows = 2});
  ASSERT_TRUE(screen.ok()) << screen.status();
  ASSERT_EQ(start_color(), OK);
  ASSERT_EQ(use_default_colors(), OK);
  ASSERT_EQ(init_pair(1, c.fg, c.bg), OK);
  attron(COLOR_PAIR(1));
  mvaddstr(0, 3, "ab");
  attroff(COLOR_PAIR(1));
  addstr("c");
  refresh();
  const ScreenView view(*screen);
  EXPECT_EQ(view.cell(3, 0).style.fg, c.want_fg);
  EXPECT_EQ(view.cell(3, 0).style.bg, c.want_bg);
  EXPECT_EQ(view.cell(4, 0).style.fg, c.want_fg);
  // After attroff the terminal's own colours again.
  EXPECT_EQ(view.cell(5, 0).grapheme, "c");
  EXPECT_EQ(view.cell(5, 0).style.fg, Color::Default());
  EXPECT_EQ(view.cell(5, 0).style.bg, Color::Default());
}

INSTANTIATE_TEST_SUITE_P(
    Pairs, CursesScreenColour,
    ::testing::Values(
        ColourCase{"RedOnBlue", COLOR_RED, COLOR_BLUE, Color::Palette(1), Color::Palette(4)},
        ColourCase{"YellowOnDefault", COLOR_YELLOW, -1, Color::Palette(3), Color::Default()},
        ColourCase{"DefaultOnWhite", -1, COLOR_WHITE, Color::Default(), Color::Palette(7)},
        ColourCase{"BrightCyanOnBlack", COLOR_CYAN + 8, COLOR_BLACK, Color::Palette(14),
                   Color::Palette(0)},
        ColourCase{"Orange208OnGrey240", 208, 240, Color::Palette(208), Color::Palette(240)}),
    [](const auto& info) { return info.param.name; });

struct WideCase {
  std::string name;
  friend void PrintTo(const WideCase& c, std::ostream* os) { *os << c.name; }
  std::string text;  // UTF-8, drawn at column 1
  std::string first_grapheme;
  int first_width;
  int next_col;  // where the '|' drawn after it lands
};

class CursesScreenWide : public ::testing::TestWithParam<WideCase> {};

TEST_P(CursesScreenWide, TakesTheCellsATerminalGivesIt) {
  const WideCase& c = GetParam();
  absl::StatusOr<CursesScreen> screen = CursesScreen::Open({.cols = 10, .rows = 2});
  ASSERT_TRUE(screen.ok()) << screen.status();
  mvaddstr(0, 1, c.text.c_str());
  addstr("|");
  refresh();
  const ScreenView view(*screen);
  EXPECT_EQ(view.cell(1, 0).grapheme, c.first_grapheme);
  EXPECT_EQ(view.cell(1, 0).width, c.first_width);
  if (c.first_width == 2) {
    EXPECT_TRUE(view.cell(2, 0).is_continuation());
  }
  EXPECT_EQ(view.cell(c.next_col, 0).grapheme, "|");
  // ncurses' own idea of the cursor agrees with the terminal's cells.
  EXPECT_EQ(getcurx(stdscr), c.next_col + 1);
}

INSTANTIATE_TEST_SUITE_P(
    Characters, CursesScreenWide,
    ::testing::Values(WideCase{"CjkTakesTwoCells", "\xe6\xbc\xa2", "\xe6\xbc\xa2", 2, 3},
                      WideCase{"TwoCjkTakeFour", "\xe6\xbc\xa2\xe5\xad\x97", "\xe6\xbc\xa2", 2, 5},
                      WideCase{"CombiningMarkJoinsItsBase", "e\xcc\x81", "e\xcc\x81", 1, 2},
                      WideCase{"AccentedLatinTakesOne", "\xc3\xa9", "\xc3\xa9", 1, 2}),
    [](const auto& info) { return info.param.name; });

// A status line ncurses lays out from COLS and LINES: a box around the screen, the size in the
// bottom-right corner.
void DrawStatus() {
  erase();
  box(stdscr, 0, 0);
  const std::string size = std::to_string(COLS) + "x" + std::to_string(LINES);
  mvaddstr(LINES - 2, COLS - 1 - static_cast<int>(size.size()), size.c_str());
  refresh();
}

struct ResizeCase {
  std::string name;
  friend void PrintTo(const ResizeCase& c, std::ostream* os) { *os << c.name; }
  int cols;
  int rows;
  std::string status_row;  // the row above the bottom border, as the user sees it
};

class CursesScreenResize : public ::testing::TestWithParam<ResizeCase> {};

TEST_P(CursesScreenResize, TheNewSizeIsSeenAndRedrawnThere) {
  const ResizeCase& c = GetParam();
  absl::StatusOr<CursesScreen> screen = CursesScreen::Open({.cols = 12, .rows = 4});
  ASSERT_TRUE(screen.ok()) << screen.status();
  DrawStatus();
  ASSERT_THAT(*screen, RowTextIs(2, "│      12x4│"));

  ASSERT_TRUE(screen->Resize(c.cols, c.rows).ok());
  EXPECT_EQ(COLS, c.cols);
  EXPECT_EQ(LINES, c.rows);
  EXPECT_EQ(screen->size(), (vtsnap::TerminalSize{.cols = c.cols, .rows = c.rows}));
  DrawStatus();
  const ScreenView view(*screen);
  EXPECT_EQ(view.cols(), c.cols);
  EXPECT_EQ(view.rows(), c.rows);
  EXPECT_EQ(view.RowText(c.rows - 2), c.status_row);
  EXPECT_EQ(view.cell(c.cols - 1, c.rows - 1).grapheme, "┘");
  // Nothing of the old frame is left inside the new box.
  for (int row = 1; row < c.rows - 2; ++row) {
    EXPECT_EQ(view.RowText(row), "│" + std::string(c.cols - 2, ' ') + "│") << "row " << row;
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, CursesScreenResize,
                         ::testing::Values(ResizeCase{"Wider", 16, 4, "│          16x4│"},
                                           ResizeCase{"Taller", 12, 6, "│      12x6│"},
                                           ResizeCase{"Smaller", 8, 3, "│   8x3│"},
                                           ResizeCase{"WiderAndTaller", 20, 7,
                                                      "│              20x7│"}),
                         [](const auto& info) { return info.param.name; });

TEST(CursesScreen, ResizeOutOfRangeFailsAndKeepsTheSize) {
  absl::StatusOr<CursesScreen> screen = CursesScreen::Open({.cols = 12, .rows = 4});
  ASSERT_TRUE(screen.ok()) << screen.status();
  const absl::Status resized = screen->Resize(0, 4);
  EXPECT_EQ(resized.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(resized.message(), HasSubstr("size 0x4 is out of range"));
  EXPECT_EQ(screen->size(), (vtsnap::TerminalSize{.cols = 12, .rows = 4}));
  EXPECT_EQ(COLS, 12);
}

// The recipe's menu: a titled box, the selected fruit in reverse video, a coloured hint.
void DrawMenu(int selected) {
  static constexpr const char* kFruits[] = {"apple", "banana", "cherry"};
  start_color();
  use_default_colors();
  init_pair(1, COLOR_WHITE, COLOR_BLUE);
  init_pair(2, COLOR_YELLOW, -1);
  curs_set(0);
  box(stdscr, 0, 0);
  attron(COLOR_PAIR(1) | A_BOLD);
  mvaddstr(0, 2, " Fruit ");
  attroff(COLOR_PAIR(1) | A_BOLD);
  for (int i = 0; i < 3; ++i) {
    if (i == selected) attron(A_REVERSE);
    mvprintw(1 + i, 2, "%c %-8s", i == selected ? '>' : ' ', kFruits[i]);
    if (i == selected) attroff(A_REVERSE);
  }
  attron(COLOR_PAIR(2));
  mvaddstr(LINES - 2, 2, "j/k move");
  attroff(COLOR_PAIR(2));
  refresh();
}

TEST(CursesScreen, MenuMatchesItsGolden) {
  absl::StatusOr<CursesScreen> screen = CursesScreen::Open({.cols = 20, .rows = 6});
  ASSERT_TRUE(screen.ok()) << screen.status();
  DrawMenu(1);
  EXPECT_THAT(*screen, EqualsGolden("menu"));
  EXPECT_THAT(*screen, RowTextIs(2, "│ > banana         │"));
}

TEST(CursesScreen, ReadOutputGivesOnlyWhatARefreshWrote) {
  absl::StatusOr<CursesScreen> screen = CursesScreen::Open({.cols = 20, .rows = 6});
  ASSERT_TRUE(screen.ok()) << screen.status();
  DrawMenu(1);
  absl::StatusOr<std::string> first = screen->ReadOutput();
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_THAT(*first, HasSubstr("banana"));
  absl::StatusOr<std::string> none = screen->ReadOutput();
  ASSERT_TRUE(none.ok()) << none.status();
  EXPECT_EQ(*none, "") << "nothing was refreshed since";
  DrawMenu(2);
  absl::StatusOr<std::string> update = screen->ReadOutput();
  ASSERT_TRUE(update.ok()) << update.status();
  EXPECT_LT(update->size(), first->size() / 2) << "ncurses repainted more than the change";
  EXPECT_THAT(*screen, RowTextIs(3, "│ > cherry         │"));
}

TEST(CursesScreen, AViewTakenBeforeClosingShowsTheProgramNotEndwinsScreen) {
  std::optional<vtsnap::Frame> frame;
  {
    absl::StatusOr<CursesScreen> screen = CursesScreen::Open({.cols = 20, .rows = 6});
    ASSERT_TRUE(screen.ok()) << screen.status();
    DrawMenu(0);
    frame = ScreenView(*screen).frame();
  }
  EXPECT_EQ(frame->RowText(1), "│ > apple          │");
}

// The environment a test sees: three variables, the locale's character set, one signal.
struct Environment {
  std::optional<std::string> term, lines, columns;
  std::string ctype;
  void (*tstp)(int);
  void (*intr)(int);

  static std::optional<std::string> Get(const char* name) {
    const char* value = std::getenv(name);
    return value == nullptr ? std::nullopt : std::optional<std::string>(value);
  }
  static Environment Now() {
    struct sigaction tstp = {}, intr = {};
    sigaction(SIGTSTP, nullptr, &tstp);
    sigaction(SIGINT, nullptr, &intr);
    return {Get("TERM"),     Get("LINES"),   Get("COLUMNS"), std::setlocale(LC_CTYPE, nullptr),
            tstp.sa_handler, intr.sa_handler};
  }
  friend bool operator==(const Environment&, const Environment&) = default;
};

struct EnvCase {
  std::string name;
  friend void PrintTo(const EnvCase& c, std::ostream* os) { *os << c.name; }
  std::optional<std::string> term, lines, columns;
  std::string term_to_open;
};

class CursesScreenEnv : public ::testing::TestWithParam<EnvCase> {
 protected:
  void SetUp() override {
    saved_ = Environment::Now();
    Put("TERM", GetParam().term);
    Put("LINES", GetParam().lines);
    Put("COLUMNS", GetParam().columns);
  }
  void TearDown() override {
    Put("TERM", saved_.term);
    Put("LINES", saved_.lines);
    Put("COLUMNS", saved_.columns);
  }
  static void Put(const char* name, const std::optional<std::string>& value) {
    if (value.has_value()) {
      setenv(name, value->c_str(), 1);
    } else {
      unsetenv(name);
    }
  }

 private:
  Environment saved_;
};

TEST_P(CursesScreenEnv, IsRestoredAfterTheScopeAndWhileItIsOpen) {
  const Environment before = Environment::Now();
  {
    absl::StatusOr<CursesScreen> screen =
        CursesScreen::Open({.cols = 30, .rows = 7, .term = GetParam().term_to_open});
    const Environment during = Environment::Now();
    EXPECT_EQ(during.term, before.term);
    EXPECT_EQ(during.lines, before.lines);
    EXPECT_EQ(during.columns, before.columns);
    if (screen.ok()) {
      // Open set neither LINES nor COLUMNS for good, yet ncurses has the size asked for.
      EXPECT_EQ(COLS, 30);
      EXPECT_STREQ(nl_langinfo(CODESET), "UTF-8");
      endwin();  // a program's own endwin() ignores SIGTSTP: closing restores it anyway
    }
  }
  EXPECT_TRUE(Environment::Now() == before);
  EXPECT_EQ(Environment::Now().term, GetParam().term);
  EXPECT_EQ(Environment::Now().lines, GetParam().lines);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, CursesScreenEnv,
    ::testing::Values(EnvCase{"AllUnset", std::nullopt, std::nullopt, std::nullopt,
                              "xterm-256color"},
                      EnvCase{"AllSet", "vt100", "99", "300", "xterm-256color"},
                      EnvCase{"OnlyLinesSet", std::nullopt, "3", std::nullopt, "xterm-256color"},
                      EnvCase{"AllSetAndOpenFails", "vt100", "99", "300", "vtsnap-no-such-term"},
                      EnvCase{"AllUnsetAndOpenFails", std::nullopt, std::nullopt, std::nullopt,
                              "vtsnap-no-such-term"}),
    [](const auto& info) { return info.param.name; });

}  // namespace
