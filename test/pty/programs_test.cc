// Real programs driven under a pseudo-terminal (vtsnap::PtySession) and pinned with goldens:
// less paging and searching a file, vim.tiny editing a file and splitting its window, dialog's
// menu and checklist navigated by keys, and the menu_app example (examples/menu_app/), also while
// its window is resized. less, vim-tiny and dialog are the Debian packages scripts/test.sh installs
// (scripts/setup.sh, vtsnap_test_packages); a missing one fails its test with the program's name.
//
// Every test gives its program a fresh, empty HOME and switches off what a user's configuration
// could change (no vimrc, no history files), so the screens are the same on every machine. After a
// key, a test waits for the change that key causes (a text, a pattern, a style) and then for the
// program to go quiet, so the frame is complete before it is compared; a fixed sleep never decides.
// The goldens are goldens/programs_test/*.dump (UPDATE_GOLDENS=1 writes them, docs/goldens.md);
// docs/pty-recipes.md explains the techniques with these tests as the examples.
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/pty/test_support.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/pty/pty_session.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::Eq;
using ::testing::Field;
using ::testing::StartsWith;

// The files the programs open (committed beside this test).
const fs::path kFixtures = fs::path(VTSNAP_SOURCE_DIR) / "test/pty/fixtures";

// How long a program must stay silent after the awaited change before its screen is compared:
// long enough for the rest of a frame written in several pieces, short enough to keep tests fast.
constexpr absl::Duration kQuiet = absl::Milliseconds(150);

// OK, or a failure that prints the status (a timeout's message holds what was awaited and the
// screen at that moment).
::testing::AssertionResult Ok(const absl::Status& status) {
  if (status.ok()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << status;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream contents;
  contents << in.rdbuf();
  return contents.str();
}

// The names in `dir`, sorted.
std::vector<std::string> ListDirectory(const fs::path& dir) {
  std::vector<std::string> names;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// The cell (col, row) where `text` first starts on the screen, row by row; nullopt when it is not
// shown. Columns count cells, so box drawing and wide characters before the text do not matter.
std::optional<std::pair<int, int>> FindOnScreen(const Terminal& t, absl::string_view text) {
  for (int row = 0; row < t.rows(); ++row) {
    std::string line;
    std::vector<int> col_of_byte;
    for (int col = 0; col < t.cols(); ++col) {
      const ScreenCell& cell = t.cell(col, row);
      if (cell.is_continuation()) continue;
      const std::string grapheme = t.Grapheme(cell);
      line += grapheme;
      col_of_byte.insert(col_of_byte.end(), grapheme.size(), col);
    }
    const size_t at = line.find(text.data(), 0, text.size());
    if (at != std::string::npos) return std::make_pair(col_of_byte[at], row);
  }
  return std::nullopt;
}

// The pen of the cell where `text` starts, if it is shown.
std::optional<Pen> PenOf(const Terminal& t, absl::string_view text) {
  const std::optional<std::pair<int, int>> at = FindOnScreen(t, text);
  if (!at) return std::nullopt;
  return t.pen(t.cell(at->first, at->second).pen);
}

// A fresh directory per test (removed afterwards) holding the program's HOME, so no user
// configuration is read and nothing the program writes lands outside it.
class Sandbox : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string dir = (fs::path(::testing::TempDir()) / "vtsnap_programs_XXXXXX").string();
    ASSERT_NE(::mkdtemp(dir.data()), nullptr) << dir << ": " << std::strerror(errno);
    dir_ = dir;
    fs::create_directory(home());
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }

  fs::path home() const { return dir_ / "home"; }

  // A session's options: `cols` x `rows`, marked for the suite's leak check (test_support.h),
  // HOME the empty sandbox home.
  PtyOptions Options(int cols, int rows) const {
    PtyOptions options = pty_test::MarkedOptions(cols, rows);
    options.env["HOME"] = home().string();
    return options;
  }

  fs::path dir_;
};

// Waits for the program's exit and expects it to exit with status 0.
void ExpectExitsWithZero(PtySession& session) {
  const absl::StatusOr<ExitStatus> exit = session.WaitForExit();
  ASSERT_TRUE(exit.ok()) << exit.status();
  EXPECT_EQ(exit->ToString(), "exit status 0");
}

// ---------------------------------------------------------------------------------------------
// less: paging a file of 40 short numbered lines (fixtures/pager.txt) and searching it.

class Less : public Sandbox {
 protected:
  PtyOptions LessOptions(int cols, int rows) const {
    PtyOptions options = Options(cols, rows);
    options.env["LESSHISTFILE"] = "-";      // no search history written to ~/.lesshst
    options.working_directory = kFixtures;  // the prompt shows the relative name "pager.txt"
    return options;
  }
};

TEST_F(Less, PagesSearchesAndQuits) {
  PtySession session(LessOptions(60, 12));
  ASSERT_TRUE(Ok(session.Start({"less", "pager.txt"})));

  // The first page: lines 01-11, and the file name as the first prompt (reverse video), drawn last.
  ASSERT_TRUE(Ok(session.WaitForText("pager.txt")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("less_first_page"));
  EXPECT_THAT(session, RowTextIs(11, Eq("pager.txt")));
  EXPECT_THAT(session, CellStyleIs(0, 11, Field(&Style::reverse, true)));

  // space: the next page (eleven lines a page at this size): lines 12-22 under a ':' prompt.
  ASSERT_TRUE(Ok(session.SendKeys("space")));
  ASSERT_TRUE(Ok(session.WaitForPattern(R"(^12  At 60x12)")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("less_next_page"));
  EXPECT_THAT(session, RowTextIs(10, StartsWith("22  ")));
  EXPECT_THAT(session, RowTextIs(11, Eq(":")));

  // /escape enter: no line of this page matches, so less moves forward to put the first match
  // (line 26) on the top row and shows every match on the screen in reverse video (standout).
  ASSERT_TRUE(Ok(session.SendKeys("/escape enter")));
  ASSERT_TRUE(Ok(session.WaitForPattern(R"(^26  Each such sequence)")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("less_search_escape"));
  const int match_col =
      static_cast<int>(std::string("26  Each such sequence starts with the ").size());
  EXPECT_THAT(session, CellStyleIs(match_col, 0, Field(&Style::reverse, true)));
  EXPECT_THAT(session,
              CellStyleIs(match_col + 5, 0, Field(&Style::reverse, true)));  // "e" of escape
  EXPECT_THAT(session, CellStyleIs(match_col - 1, 0, Field(&Style::reverse, false)));  // the space

  // q: less leaves the alternate screen and exits successfully.
  ASSERT_TRUE(Ok(session.SendKeys("q")));
  ExpectExitsWithZero(session);
  session.WithScreen([](const Terminal& t) { EXPECT_FALSE(t.alternate_screen_active()); });
}

TEST_F(Less, RepaintsAtTheNewSizeWhenResized) {
  PtySession session(LessOptions(60, 12));
  ASSERT_TRUE(Ok(session.Start({"less", "pager.txt"})));
  ASSERT_TRUE(Ok(session.WaitForText("pager.txt")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));

  // Taller and wider: less repaints the first page with lines 01-15 and its prompt (now ':') on
  // the new last row. Right after the resize the decoder's screen is already 80x16 with the old
  // page in its top rows, so the wait is for what only the repaint shows: line 15 above the prompt.
  ASSERT_TRUE(Ok(session.Resize(80, 16)));
  ASSERT_TRUE(Ok(session.WaitUntil(
      [](const Terminal& t) {
        return t.rows() == 16 && absl::StartsWith(t.RowText(14), "15  ") && t.RowText(15) == ":";
      },
      "line 15 above the prompt on row 15")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("less_resized_80x16"));

  ASSERT_TRUE(Ok(session.SendKeys("q")));
  ExpectExitsWithZero(session);
}

// ---------------------------------------------------------------------------------------------
// vim.tiny: opening a copy of fixtures/notes.txt, inserting a line, splitting the window, and
// quitting without saving.

class Vim : public Sandbox {};

TEST_F(Vim, OpensEditsSplitsAndQuitsWithoutSaving) {
  const fs::path work = dir_ / "work";
  fs::create_directory(work);
  fs::copy_file(kFixtures / "notes.txt", work / "notes.txt");
  const std::string original = ReadFile(kFixtures / "notes.txt");
  ASSERT_FALSE(original.empty());

  PtyOptions options = Options(60, 12);
  options.working_directory = work.string();
  PtySession session(options);
  // -u NONE: no vimrc at all (not even the system's); -i NONE: no viminfo; -N: Vim's defaults
  // rather than vi compatibility; -n: no swap file. ttimeoutlen: an Esc takes effect after 50 ms
  // instead of after 'timeoutlen' (1 s) spent waiting for the rest of a key code.
  ASSERT_TRUE(Ok(session.Start({"vim.tiny", "-u", "NONE", "-i", "NONE", "-N", "-n", "--cmd",
                                "set ttimeout ttimeoutlen=50", "notes.txt"})));

  // Opened: the file's 7 lines, '~' (blue) below them, the file message on the last row.
  ASSERT_TRUE(Ok(session.WaitForText("\"notes.txt\" 7L")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("vim_opened"));
  EXPECT_THAT(session, CursorAt(0, 0));

  // O, text, esc: a new first line; once insert mode has ended the "-- INSERT --" line is empty.
  ASSERT_TRUE(Ok(session.SendKeys("O Saturday: esc")));
  ASSERT_TRUE(Ok(session.WaitUntil(
      [](const Terminal& t) { return t.RowText(0) == "Saturday:" && t.RowText(11).empty(); },
      "\"Saturday:\" on row 0 and insert mode left")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("vim_edited"));
  EXPECT_THAT(session, CursorAt(8, 0));  // Esc moves the cursor back onto the ':'

  // :split: two windows on the modified buffer, each with its status line "notes.txt [+]"; the
  // current (upper) one bold and reverse, the other reverse only.
  ASSERT_TRUE(Ok(session.SendKeys(":split enter")));
  ASSERT_TRUE(Ok(session.WaitUntil(
      [](const Terminal& t) {
        return t.RowText(5) == "notes.txt [+]" && t.RowText(10) == "notes.txt [+]";
      },
      "two status lines")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("vim_split"));
  EXPECT_THAT(session,
              CellStyleIs(0, 5, AllOf(Field(&Style::reverse, true), Field(&Style::bold, true))));
  EXPECT_THAT(session,
              CellStyleIs(0, 10, AllOf(Field(&Style::reverse, true), Field(&Style::bold, false))));

  // :qa!: quit every window, discarding the change; vim exits successfully.
  ASSERT_TRUE(Ok(session.SendKeys(":qa! enter")));
  ExpectExitsWithZero(session);

  // The file vim edited is the fixture byte for byte; vim left no swap, backup or viminfo file.
  EXPECT_EQ(ReadFile(work / "notes.txt"), original);
  EXPECT_THAT(ListDirectory(work), ElementsAre("notes.txt"));
  EXPECT_THAT(ListDirectory(home()), ElementsAre());
}

// ---------------------------------------------------------------------------------------------
// dialog: run the way shell scripts use it: `choice=$(dialog --stdout ...)`. The shell prints
// the choice after dialog has cleared the screen (--clear) and exits with dialog's status (0 for
// OK), so the result is checked on the screen the program leaves.

std::vector<std::string> DialogScript(std::vector<std::string> dialog_args) {
  std::vector<std::string> argv = {
      "sh", "-c",
      "choice=$(dialog --stdout --clear \"$@\"); status=$?; "
      "printf 'dialog: exit %d, chose %s\\n' \"$status\" \"$choice\"; exit \"$status\"",
      "sh"};
  argv.insert(argv.end(), dialog_args.begin(), dialog_args.end());
  return argv;
}

// dialog's selected item is drawn on a blue background, the others on white.
bool Highlighted(const Terminal& t, absl::string_view tag) {
  const std::optional<Pen> pen = PenOf(t, tag);
  return pen && pen->bg == PenColor::Palette(4);
}

class Dialog : public Sandbox {};

TEST_F(Dialog, MenuMovesWithDownAndChoosesWithEnter) {
  PtySession session(Options(60, 14));
  ASSERT_TRUE(Ok(session.Start(
      DialogScript({"--title", "Fruit", "--menu", "Pick a fruit:", "12", "40", "4", "apple",
                    "Apple", "banana", "Banana", "cherry", "Cherry", "date", "Date palm"}))));

  // The box with the first item selected and the OK button active; the buttons are drawn last.
  ASSERT_TRUE(Ok(session.WaitForText("<Cancel>")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("dialog_menu"));
  session.WithScreen([](const Terminal& t) {
    EXPECT_TRUE(Highlighted(t, "apple"));
    EXPECT_FALSE(Highlighted(t, "banana"));
  });

  // down: the highlight moves to banana (only styles change, so the wait is on a style).
  ASSERT_TRUE(Ok(session.SendKeys("down")));
  ASSERT_TRUE(Ok(session.WaitUntil([](const Terminal& t) { return Highlighted(t, "banana"); },
                                   "banana highlighted")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("dialog_menu_moved_down"));
  session.WithScreen([](const Terminal& t) { EXPECT_FALSE(Highlighted(t, "apple")); });

  // enter: OK with banana.
  ASSERT_TRUE(Ok(session.SendKeys("enter")));
  ExpectExitsWithZero(session);
  EXPECT_EQ(session.ScreenText(), "dialog: exit 0, chose banana");
}

TEST_F(Dialog, ChecklistTogglesWithSpace) {
  PtySession session(Options(60, 14));
  ASSERT_TRUE(Ok(session.Start(
      DialogScript({"--title", "Toppings", "--checklist", "Choose toppings:", "12", "44", "4",
                    "cheese", "Extra cheese", "on", "olives", "Black olives", "off", "onion",
                    "Red onion", "off", "mushroom", "Mushrooms", "off"}))));

  // cheese checked ([*]) from the command line, the rest unchecked; cheese selected.
  ASSERT_TRUE(Ok(session.WaitForText("<Cancel>")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("dialog_checklist"));
  EXPECT_TRUE(absl::StrContains(session.ScreenText(), "[ ] olives"));

  // down space: olives selected and checked.
  ASSERT_TRUE(Ok(session.SendKeys("down space")));
  ASSERT_TRUE(Ok(session.WaitForText("[*] olives")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("dialog_checklist_toggled"));
  session.WithScreen([](const Terminal& t) { EXPECT_TRUE(Highlighted(t, "olives")); });

  // enter: OK with both checked tags.
  ASSERT_TRUE(Ok(session.SendKeys("enter")));
  ExpectExitsWithZero(session);
  EXPECT_EQ(session.ScreenText(), "dialog: exit 0, chose cheese olives");
}

// ---------------------------------------------------------------------------------------------
// menu_app --interactive, the examples' own TUI (examples/menu_app/): keys, and a resize while it
// runs. Its status bar shows the wall clock, masked in every golden.

GoldenOptions MaskClock() {
  GoldenOptions options;
  EXPECT_TRUE(options.redactions.AddPattern(R"(\d\d:\d\d:\d\d)").ok());
  return options;
}

// The status bar is drawn for the terminal's current size: it is on the last row and its clock
// ends one column before the right edge. (A frame of the old size does not pass: its status bar is
// on another row, or its clock elsewhere.)
bool StatusBarFits(const Terminal& t) {
  const int row = t.rows() - 1;
  if (!absl::StartsWith(t.RowText(row), " ")) return false;
  const std::string pattern = "00:00:00";
  for (int i = 0; i < 8; ++i) {
    const char32_t ch = t.cell(t.cols() - 9 + i, row).ch;
    const bool ok = pattern[i] == ':' ? ch == U':' : (ch >= U'0' && ch <= U'9');
    if (!ok) return false;
  }
  return true;
}

class MenuAppInteractive : public Sandbox {};

TEST_F(MenuAppInteractive, KeysMoveTheSelectionAndOpenMenus) {
  PtySession session(Options(60, 12));
  ASSERT_TRUE(Ok(session.Start({MENU_APP, "--interactive"})));

  // The home screen (the same screen examples/menu_app/menu_app_test.cc renders in-process).
  ASSERT_TRUE(Ok(session.WaitForText("q quit")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("menu_app_home", MaskClock()));

  // j: Bread selected.
  ASSERT_TRUE(Ok(session.SendKeys("j")));
  ASSERT_TRUE(Ok(session.WaitForText(" 2/5  Bread")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("menu_app_j", MaskClock()));
  EXPECT_THAT(session, CursorAt(0, 4));

  // j: the wide item selected.
  ASSERT_TRUE(Ok(session.SendKeys("j")));
  ASSERT_TRUE(Ok(session.WaitForText(" 3/5  寿司 (sushi)")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("menu_app_jj", MaskClock()));
  EXPECT_THAT(session, RowTextIs(5, Eq("> 寿司 (sushi)")));

  // l: the Edit menu open (reverse video); no text changes, so the wait is on the style.
  ASSERT_TRUE(Ok(session.SendKeys("l")));
  ASSERT_TRUE(Ok(session.WaitUntil(
      [](const Terminal& t) {
        const std::optional<Pen> edit = PenOf(t, "Edit");
        return edit && edit->has(kAttrReverse);
      },
      "the Edit menu in reverse video")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("menu_app_jjl", MaskClock()));
  EXPECT_THAT(session, CellStyleIs(2, 1, Field(&Style::reverse, false)));  // File closed

  // q: back to the normal screen, exit status 0.
  ASSERT_TRUE(Ok(session.SendKeys("q")));
  ExpectExitsWithZero(session);
  session.WithScreen([](const Terminal& t) { EXPECT_FALSE(t.alternate_screen_active()); });
}

TEST_F(MenuAppInteractive, RedrawsAtTheNewSizeWhenResized) {
  PtySession session(Options(60, 12));
  ASSERT_TRUE(Ok(session.Start({MENU_APP, "--interactive"})));
  ASSERT_TRUE(Ok(session.WaitForText("q quit")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("menu_app_home", MaskClock()));

  // 80x20: the app gets SIGWINCH, reads the new size and redraws. Waiting for quiet alone would
  // return at once (nothing was written yet), and waiting for the status text would find the old
  // frame, still in the top rows of the larger screen: the wait is for the status bar on the new
  // last row with its clock at the new right edge.
  ASSERT_TRUE(Ok(session.Resize(80, 20)));
  ASSERT_TRUE(Ok(session.WaitUntil(StatusBarFits, "the status bar redrawn for 80x20")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("menu_app_resized_80x20", MaskClock()));
  EXPECT_THAT(session, RowTextIs(19, StartsWith(" 1/5  Apples")));

  // Back to 60x12: the very screen it started with.
  ASSERT_TRUE(Ok(session.Resize(60, 12)));
  ASSERT_TRUE(Ok(session.WaitUntil(StatusBarFits, "the status bar redrawn for 60x12")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("menu_app_home", MaskClock()));

  ASSERT_TRUE(Ok(session.SendKeys("q")));
  ExpectExitsWithZero(session);
}

}  // namespace
}  // namespace vtsnap
