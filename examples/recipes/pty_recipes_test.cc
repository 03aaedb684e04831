// Recipes: programs written with real TUI toolkits, each run under a PtySession, driven with a
// key or two and pinned with goldens (goldens/pty_recipes_test/*.dump, UPDATE_GOLDENS=1 writes
// them). docs/pty-recipes.md has a section per toolkit: how it is started, what to wait for and
// its quirks. The programs are in bubbletea/, urwid/, textual/ and ink/ beside this file.
//
// A test is skipped only when its toolkit is not installed; scripts/test.sh installs all four
// (scripts/setup.sh, vtsnap_test_packages and vtsnap_install_recipe_node_modules).
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/pty/test_support.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/pty/pty_session.h"

namespace {

namespace fs = std::filesystem;

using ::testing::Field;
using vtsnap::CellStyleIs;
using vtsnap::CursorHidden;
using vtsnap::EqualsGolden;
using vtsnap::PenColor;
using vtsnap::PtySession;
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

}  // namespace
