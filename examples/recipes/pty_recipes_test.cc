// Recipes: programs written with real TUI toolkits, and editors that ask the terminal about itself,
// each run under a PtySession, driven with a key or two and pinned with goldens
// (goldens/pty_recipes_test/*.dump, UPDATE_GOLDENS=1 writes them). docs/pty-recipes.md has a
// section per toolkit and editor: how it is started, what to wait for, what the terminal answers
// it and its quirks. The programs are in bubbletea/, lipgloss/, urwid/, textual/ and ink/ beside
// this file; neovim and vim are Debian's.
//
// A test is skipped only when its toolkit or editor is not installed; scripts/test.sh installs all
// of them (scripts/setup.sh, vtsnap_test_packages and vtsnap_install_recipe_node_modules).
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/pty/test_support.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/pty/pty_session.h"

namespace {

namespace fs = std::filesystem;

using ::testing::ElementsAre;
using ::testing::Field;
using ::testing::HasSubstr;
using ::testing::StartsWith;
using vtsnap::CellStyleIs;
using vtsnap::CursorHidden;
using vtsnap::EqualsGolden;
using vtsnap::GoldenOptions;
using vtsnap::PenColor;
using vtsnap::PtyOptions;
using vtsnap::PtySession;
using vtsnap::ReplyProfile;
using vtsnap::RowTextIs;
using vtsnap::Style;
using vtsnap::Terminal;

constexpr absl::Duration kQuiet = absl::Milliseconds(150);

::testing::AssertionResult Ok(const absl::Status& status) {
  if (status.ok()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << status;
}

// The program's exit status, or why it is not known.
std::string ExitStatusOf(PtySession& session) {
  const absl::StatusOr<vtsnap::ExitStatus> exit = session.WaitForExit();
  if (!exit.ok()) return exit.status().ToString();
  return exit->ToString();
}

// Whether `program` is found on PATH.
bool OnPath(const std::string& program) {
  const std::string command = "command -v " + program + " >/dev/null 2>&1";
  return std::system(command.c_str()) == 0;
}

// A fresh directory for a program's HOME (no user configuration is read, and what the program
// writes lands there), removed with the object.
class TempHome {
 public:
  TempHome() {
    std::string dir = (fs::path(::testing::TempDir()) / "vtsnap_recipes_XXXXXX").string();
    if (::mkdtemp(dir.data()) == nullptr) {
      ADD_FAILURE() << dir << ": " << std::strerror(errno);
      return;
    }
    path_ = dir;
  }
  ~TempHome() {
    std::error_code ignored;
    if (!path_.empty()) fs::remove_all(path_, ignored);
  }
  TempHome(const TempHome&) = delete;
  TempHome& operator=(const TempHome&) = delete;

  const fs::path& path() const { return path_; }
  // The names of what the program left in it.
  std::vector<std::string> Entries() const {
    std::vector<std::string> names;
    std::error_code ignored;
    for (const fs::directory_entry& e : fs::directory_iterator(path_, ignored)) {
      names.push_back(e.path().filename().string());
    }
    return names;
  }

 private:
  fs::path path_;
};

// The dark background the theme tests report (OSC 11): a common dark theme's #1e1e1e.
constexpr vtsnap::ReportedColor kDarkBackground = {0x1e, 0x1e, 0x1e};

// A query the terminal counted as ignored (TerminalStats), for messages: "OSC 11 (1), ...".
std::string IgnoredOf(PtySession& session) {
  std::string ignored;
  session.WithScreen([&](const Terminal& t) {
    for (const auto& [what, count] : t.stats().ignored) {
      if (!ignored.empty()) ignored += ", ";
      ignored += what + " (" + std::to_string(count) + ")";
    }
  });
  return ignored;
}

// ---------------------------------------------------------------------------------------------
// Bubble Tea (Go): built offline by CMake from bubbletea/main.go into BUBBLETEA_MENU ("" when Go
// or Debian's Bubble Tea sources were not found at configure time).

TEST(BubbleTea, MovesWithJAndPrintsTheChoiceAfterLeavingTheAlternateScreen) {
  const std::string program = BUBBLETEA_MENU;
  if (program.empty() || !fs::exists(program)) {
    GTEST_SKIP() << "Bubble Tea is not installed (Debian: golang-go and "
                    "golang-github-charmbracelet-bubbletea-dev), so bubbletea_menu was not built";
  }
  PtySession session(vtsnap::pty_test::MarkedOptions(40, 10));
  ASSERT_TRUE(Ok(session.Start({program})));

  // The first frame, in the alternate screen; Bubble Tea draws on a ticker (60 per second), so
  // the whole view arrives a few milliseconds after the program starts.
  ASSERT_TRUE(Ok(session.WaitForText("j/k move")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("bubbletea_start"));
  session.WithScreen([](const Terminal& t) { EXPECT_TRUE(t.alternate_screen_active()); });

  // j: the reverse-video bar moves to banana.
  ASSERT_TRUE(Ok(session.SendKeys("j")));
  ASSERT_TRUE(Ok(session.WaitForText("> banana")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("bubbletea_after_j"));
  EXPECT_THAT(session, CellStyleIs(0, 3, Field(&Style::reverse, true)));

  // enter: the program leaves the alternate screen and prints its choice on the normal one.
  ASSERT_TRUE(Ok(session.SendKeys("enter")));
  EXPECT_EQ(ExitStatusOf(session), "exit status 0");
  EXPECT_THAT(session, RowTextIs(0, "chose banana"));
}

// ---------------------------------------------------------------------------------------------
// urwid (Python): Debian's python3-urwid, run with /usr/bin/python3 (another python3 on PATH, a
// pyenv one for example, does not see Debian's packages).

constexpr char kSystemPython[] = "/usr/bin/python3";

bool UrwidInstalled() {
  const std::string command = std::string(kSystemPython) + " -c 'import urwid' >/dev/null 2>&1";
  return access(kSystemPython, X_OK) == 0 && std::system(command.c_str()) == 0;
}

// urwid's focused button is drawn on dark cyan (palette colour 6); `row` is the fruit's row.
bool FocusedAt(const Terminal& t, int row) {
  return t.pen(t.cell(3, row).pen).bg == PenColor::Palette(6);
}

TEST(Urwid, MovesTheFocusWithDownAndPrintsTheChoice) {
  if (!UrwidInstalled()) {
    GTEST_SKIP() << "urwid is not installed for " << kSystemPython << " (Debian: python3-urwid)";
  }
  PtySession session(vtsnap::pty_test::MarkedOptions(50, 12));
  ASSERT_TRUE(Ok(session.Start({kSystemPython, std::string(RECIPES_DIR) + "/urwid/menu.py"})));

  // The footer is the last widget urwid draws.
  ASSERT_TRUE(Ok(session.WaitForText("q quit")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("urwid_start"));

  // down: only styles change (the focus colour moves from apple to banana), so wait on them.
  ASSERT_TRUE(Ok(session.SendKeys("down")));
  ASSERT_TRUE(Ok(session.WaitUntil([](const Terminal& t) { return FocusedAt(t, 3); },
                                   "banana focused (on dark cyan)")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("urwid_after_down"));
  session.WithScreen([](const Terminal& t) { EXPECT_FALSE(FocusedAt(t, 2)); });

  ASSERT_TRUE(Ok(session.SendKeys("enter")));
  EXPECT_EQ(ExitStatusOf(session), "exit status 0");
  EXPECT_THAT(session, RowTextIs(0, "chose banana"));
}

// ---------------------------------------------------------------------------------------------
// Textual (Python): Debian's python3-textual, 0.1.13 (its 2021 API), also with /usr/bin/python3.

bool TextualInstalled() {
  const std::string command = std::string(kSystemPython) + " -c 'import textual' >/dev/null 2>&1";
  return access(kSystemPython, X_OK) == 0 && std::system(command.c_str()) == 0;
}

TEST(Textual, MovesWithJAndQuitsWithQ) {
  if (!TextualInstalled()) {
    GTEST_SKIP() << "Textual is not installed for " << kSystemPython
                 << " (Debian: python3-textual)";
  }
  PtySession session(vtsnap::pty_test::MarkedOptions(40, 10));
  ASSERT_TRUE(Ok(session.Start({kSystemPython, std::string(RECIPES_DIR) + "/textual/menu.py"})));

  // The footer with the key bindings, on the last row of the alternate screen.
  ASSERT_TRUE(Ok(session.WaitForText("Quit")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("textual_start"));
  session.WithScreen([](const Terminal& t) { EXPECT_TRUE(t.alternate_screen_active()); });

  ASSERT_TRUE(Ok(session.SendKeys("j")));
  ASSERT_TRUE(Ok(session.WaitForText("> banana")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("textual_after_j"));
  EXPECT_THAT(session, CellStyleIs(0, 3, Field(&Style::reverse, true)));

  // q: Textual leaves the alternate screen and exits.
  ASSERT_TRUE(Ok(session.SendKeys("q")));
  EXPECT_EQ(ExitStatusOf(session), "exit status 0");
  session.WithScreen([](const Terminal& t) { EXPECT_FALSE(t.alternate_screen_active()); });
}

// ---------------------------------------------------------------------------------------------
// Ink (Node.js): the node modules pinned by ink/package-lock.json, installed with npm ci into
// ink/node_modules.

bool InkInstalled() {
  return fs::exists(fs::path(RECIPES_DIR) / "ink/node_modules/ink/package.json") &&
         std::system("command -v node >/dev/null 2>&1") == 0;
}

TEST(Ink, MovesWithDownAndRendersTheChoiceInPlaceOfTheMenu) {
  if (!InkInstalled()) {
    GTEST_SKIP() << "Ink is not installed: node, and `npm ci` in " << RECIPES_DIR << "/ink";
  }
  PtySession session(vtsnap::pty_test::MarkedOptions(40, 10));
  ASSERT_TRUE(Ok(session.Start({"node", std::string(RECIPES_DIR) + "/ink/app.mjs"})));

  // Ink draws on the normal screen, from the cursor's row down (no alternate screen).
  ASSERT_TRUE(Ok(session.WaitForText("q quit")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("ink_start"));
  EXPECT_THAT(session, CursorHidden());

  ASSERT_TRUE(Ok(session.SendKeys("down")));
  ASSERT_TRUE(Ok(session.WaitForText("> banana")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("ink_after_down"));
  EXPECT_THAT(session, CellStyleIs(2, 3, Field(&Style::reverse, true)));

  // enter: Ink erases the menu's lines and writes the last frame in their place.
  ASSERT_TRUE(Ok(session.SendKeys("enter")));
  EXPECT_EQ(ExitStatusOf(session), "exit status 0");
  EXPECT_THAT(session, RowTextIs(0, "chose banana"));
  EXPECT_THAT(session, RowTextIs(1, ""));
}

// ---------------------------------------------------------------------------------------------
// lipgloss (Go): Bubble Tea styled with lipgloss, built offline by CMake from lipgloss/main.go
// into LIPGLOSS_MENU ("" when Go or Debian's lipgloss sources were not found at configure time).
// lipgloss asks the terminal's background (termenv: OSC 11, then a cursor position report) and
// draws its dark theme on a dark background, its light theme otherwise.

struct ThemeCase {
  std::string name;  // the case's name and its golden's
  vtsnap::ReportedColor background;
  std::string theme;  // the theme the program says it chose
};

void PrintTo(const ThemeCase& c, std::ostream* os) { *os << c.name; }

class Lipgloss : public ::testing::TestWithParam<ThemeCase> {};

TEST_P(Lipgloss, DrawsTheThemeOfTheBackgroundTheTerminalReports) {
  const std::string program = LIPGLOSS_MENU;
  if (program.empty() || !fs::exists(program)) {
    GTEST_SKIP() << "lipgloss is not installed (Debian: golang-go, "
                    "golang-github-charmbracelet-bubbletea-dev and "
                    "golang-github-charmbracelet-lipgloss-dev), so lipgloss_menu was not built";
  }
  PtyOptions options = vtsnap::pty_test::MarkedOptions(40, 12);
  options.replies.background = GetParam().background;
  options.keep_output = true;
  PtySession session(options);
  ASSERT_TRUE(Ok(session.Start({program})));

  // termenv waits 5 s (its OSCTimeout) for an answer before it gives up; answered, the menu is
  // up in milliseconds. A timeout shorter than termenv's makes a missing answer fail here.
  ASSERT_TRUE(Ok(session.WaitForText("theme, j/k move", absl::Seconds(3))));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden(GetParam().name));
  EXPECT_THAT(session.ScreenText(), HasSubstr(GetParam().theme + " theme, j/k move"));

  // What termenv asked, before Bubble Tea started: the background (OSC 11, ended by ST), then a
  // cursor position report, whose answer tells it the terminal has said all it will; the
  // terminal answered both.
  EXPECT_THAT(session.Output(), StartsWith("\x1b]11;?\x1b\\\x1b[6n"));
  EXPECT_EQ(IgnoredOf(session), "");

  ASSERT_TRUE(Ok(session.SendKeys("enter")));
  EXPECT_EQ(ExitStatusOf(session), "exit status 0");
  EXPECT_THAT(session, RowTextIs(0, "chose apple"));
}

INSTANTIATE_TEST_SUITE_P(
    Backgrounds, Lipgloss,
    ::testing::Values(ThemeCase{"lipgloss_dark", kDarkBackground, "dark"},
                      ThemeCase{"lipgloss_light", ReplyProfile{}.background, "light"}),
    [](const ::testing::TestParamInfo<ThemeCase>& info) { return info.param.theme; });

// ---------------------------------------------------------------------------------------------
// Editors that ask the terminal's colours: neovim (OSC 11) and vim (OSC 10 and 11), each setting
// its 'background' option from the answer. Both run without any configuration, HOME a fresh
// directory.

// What changes between runs of an editor's start screen at 80x24: the version ("NVIM v0.7.2",
// "version 9.0.2142"), and the appeal and its help line on rows `appeal_row` and the next, which
// vim and neovim pick by the clock (sponsoring, registering or the children of Uganda, each centred
// on its own columns). Column 0 keeps its '~'.
GoldenOptions MaskIntro(int appeal_row) {
  GoldenOptions options;
  EXPECT_TRUE(options.redactions.AddPattern(R"(\d+\.\d+\.\d+)").ok());
  options.redactions.AddRect(/*col=*/1, appeal_row, /*cols=*/79, /*rows=*/2);
  return options;
}

// A reply profile and what the editor shows for it.
struct EditorCase {
  std::string name;
  ReplyProfile replies;
  std::string echoed;  // the last row after the test's :echo
};

void PrintTo(const EditorCase& c, std::ostream* os) { *os << c.name; }

ReplyProfile DarkProfile() {
  ReplyProfile replies;
  replies.background = kDarkBackground;
  return replies;
}

ReplyProfile SilentProfile() {
  ReplyProfile replies;
  replies.answer = false;
  return replies;
}

std::string CaseName(const ::testing::TestParamInfo<EditorCase>& info) { return info.param.name; }

// Types `:echo ...` (as raw bytes: a key script would take its spaces as separators) and waits
// until the last row shows the answer.
absl::Status Echo(PtySession& session, const std::string& expression, int last_row) {
  if (absl::Status s = session.Send(":echo " + expression + "\r"); !s.ok()) return s;
  if (absl::Status s = session.WaitUntil(
          [&](const Terminal& t) {
            const std::string row = t.RowText(last_row);
            return !row.empty() && !absl::StartsWith(row, ":");
          },
          "the :echo's answer on the last row");
      !s.ok()) {
    return s;
  }
  return session.WaitForQuiet(kQuiet);
}

// neovim: `nvim --clean` reads no configuration and no shada file; -n: no swap file.
const std::vector<std::string> kNeovim = {"nvim", "--clean", "-n"};

// Starts neovim with `replies`, expects its intro (the golden neovim_start) and quits it.
void ExpectIntroAndQuit(const ReplyProfile& replies) {
  TempHome home;
  PtyOptions options = vtsnap::pty_test::MarkedOptions(80, 24);
  options.env["HOME"] = home.path().string();
  options.replies = replies;
  PtySession session(options);
  ASSERT_TRUE(Ok(session.Start(kNeovim)));

  // The intro's last line, then quiet.
  ASSERT_TRUE(Ok(session.WaitForText("for information")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("neovim_start", MaskIntro(16)));
  session.WithScreen([](const Terminal& t) { EXPECT_TRUE(t.alternate_screen_active()); });
  // neovim asked (OSC 11, DA1): answered, the replies were written; off, they were suppressed.
  const vtsnap::PtyStatistics counts = session.statistics();
  EXPECT_EQ(counts.replies_written > 0, replies.answer);
  EXPECT_EQ(counts.replies_suppressed > 0, !replies.answer);

  // :q from the intro. neovim 0.7 creates its (empty) log, ~/.cache/nvim/log, in the temporary
  // HOME; nothing else (no shada with --clean, no swap with -n).
  ASSERT_TRUE(Ok(session.SendKeys(":q enter")));
  EXPECT_EQ(ExitStatusOf(session), "exit status 0");
  EXPECT_THAT(home.Entries(), ElementsAre(".cache"));
}

// A dark background leaves 'background' at neovim's default (dark): nothing redraws, the intro
// stays.
TEST(Neovim, DrawsItsStartScreenOnADarkBackground) {
  if (!OnPath("nvim")) GTEST_SKIP() << "neovim is not installed (Debian: neovim)";
  ExpectIntroAndQuit(DarkProfile());
}

// neovim waits for none of its queries (OSC 11, CSI ? u, DA1): unanswered, it draws the same
// start screen.
TEST(Neovim, DrawsTheSameStartScreenWhenNothingIsAnswered) {
  if (!OnPath("nvim")) GTEST_SKIP() << "neovim is not installed (Debian: neovim)";
  ExpectIntroAndQuit(SilentProfile());
}

// neovim 0.7 sets 'background' to light when the terminal reports a light background (xterm's
// default white), and the redraw that follows erases its intro: the start screen in a default
// xterm is the empty buffer.
TEST(Neovim, ErasesItsIntroWhenTheWhiteBackgroundMakesItLight) {
  if (!OnPath("nvim")) GTEST_SKIP() << "neovim is not installed (Debian: neovim)";
  TempHome home;
  PtyOptions options = vtsnap::pty_test::MarkedOptions(80, 24);
  options.env["HOME"] = home.path().string();
  PtySession session(options);
  ASSERT_TRUE(Ok(session.Start(kNeovim)));

  ASSERT_TRUE(Ok(session.WaitForText("[No Name]")));
  ASSERT_TRUE(Ok(session.WaitUntil([](const Terminal& t) { return t.RowText(8) == "~"; },
                                   "the intro erased (row 8 only '~')")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("neovim_start_white", MaskIntro(16)));

  ASSERT_TRUE(Ok(session.SendKeys(":q enter")));
  EXPECT_EQ(ExitStatusOf(session), "exit status 0");
}

class NeovimBackground : public ::testing::TestWithParam<EditorCase> {};

// neovim asks the background (OSC 11) but waits for no answer: it draws its start screen either
// way, and sets 'background' when the answer comes (its own default is dark).
TEST_P(NeovimBackground, IsSetFromTheAnswerToItsQuery) {
  if (!OnPath("nvim")) GTEST_SKIP() << "neovim is not installed (Debian: neovim)";
  TempHome home;
  PtyOptions options = vtsnap::pty_test::MarkedOptions(80, 24);
  options.env["HOME"] = home.path().string();
  options.replies = GetParam().replies;
  PtySession session(options);
  ASSERT_TRUE(Ok(session.Start(kNeovim)));
  ASSERT_TRUE(Ok(session.WaitForText("[No Name]")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));

  ASSERT_TRUE(Ok(Echo(session, "&background", 23)));
  EXPECT_THAT(session, RowTextIs(23, GetParam().echoed));
}

INSTANTIATE_TEST_SUITE_P(Replies, NeovimBackground,
                         ::testing::Values(EditorCase{"WhiteByDefault", {}, "light"},
                                           EditorCase{"Dark", DarkProfile(), "dark"},
                                           EditorCase{"NoAnswer", SilentProfile(), "dark"}),
                         CaseName);

// vim: Debian's vim.basic, by its name, so that another vim on PATH (vim.tiny, a vim with another
// version and intro) does not change the screens. -u NONE: no vimrc; -i NONE: no viminfo; -N:
// Vim's defaults; -n: no swap file; an esc takes 50 ms, not 1 s.
const std::vector<std::string> kVim = {
    "vim.basic", "-u", "NONE", "-i", "NONE", "-N", "-n", "--cmd", "set ttimeout ttimeoutlen=50"};

bool VimInstalled() { return OnPath("vim.basic"); }

TEST(Vim, DrawsItsStartScreenAndQuits) {
  if (!VimInstalled()) GTEST_SKIP() << "vim.basic is not installed (Debian: vim)";
  TempHome home;
  PtyOptions options = vtsnap::pty_test::MarkedOptions(80, 24);
  options.env["HOME"] = home.path().string();
  PtySession session(options);
  ASSERT_TRUE(Ok(session.Start(kVim)));

  ASSERT_TRUE(Ok(session.WaitForText("for version info")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("vim_start", MaskIntro(12)));

  ASSERT_TRUE(Ok(session.SendKeys(":q enter")));
  EXPECT_EQ(ExitStatusOf(session), "exit status 0");
  EXPECT_THAT(home.Entries(), ::testing::IsEmpty());
}

class VimBackground : public ::testing::TestWithParam<EditorCase> {};

// vim asks DA2 (CSI > c), the foreground (OSC 10) and the background (OSC 11), keeps the raw
// answers in v:termresponse, v:termrfgresp and v:termrbgresp, and sets 'background' from the
// last (its own default is light).
TEST_P(VimBackground, IsSetFromTheAnswersToItsQueries) {
  if (!VimInstalled()) GTEST_SKIP() << "vim.basic is not installed (Debian: vim)";
  TempHome home;
  PtyOptions options = vtsnap::pty_test::MarkedOptions(80, 24);
  options.env["HOME"] = home.path().string();
  options.replies = GetParam().replies;
  PtySession session(options);
  ASSERT_TRUE(Ok(session.Start(kVim)));
  ASSERT_TRUE(Ok(session.WaitForText("for version info")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));

  ASSERT_TRUE(Ok(Echo(session, "&background v:termresponse v:termrfgresp v:termrbgresp", 23)));
  EXPECT_THAT(session, RowTextIs(23, GetParam().echoed));
}

INSTANTIATE_TEST_SUITE_P(
    Replies, VimBackground,
    ::testing::Values(
        EditorCase{"WhiteByDefault",
                   {},
                   "light ^[[>41;379;0c ^[]10;rgb:0000/0000/0000^G ^[]11;rgb:ffff/ffff/ffff^G"},
        EditorCase{"Dark", DarkProfile(),
                   "dark ^[[>41;379;0c ^[]10;rgb:0000/0000/0000^G ^[]11;rgb:1e1e/1e1e/1e1e^G"},
        EditorCase{"NoAnswer", SilentProfile(), "light"}),
    CaseName);

}  // namespace
