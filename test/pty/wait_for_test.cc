// PtySession::WaitFor(matcher) (pty/pty_session.h, matchers/wait.h): waits for anything a matcher
// of a screen says, checked between frames; a timeout's message holds the matcher's description,
// its explanation on the last screen checked and that screen; an ended program fails at once; a
// golden matcher used for waiting never writes. Also the HeadlessTerminal's CheckNow and StepUntil
// (snapshot/screen/screen_check.h) and the usage examples of those headers.
//
// This binary runs in update mode (UPDATE_GOLDENS=force, set before any golden is checked: the
// mode is read once), so that a golden a wait would write is written: none may be.
#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/pty/test_support.h"
#include "test/scratch_dir.h"
#include "vtsnap/decoder/headless_terminal.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/pty/pty_session.h"
#include "vtsnap/snapshot/golden/golden_check.h"
#include "vtsnap/snapshot/screen/screen_check.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;
using ::testing::AllOf;
using ::testing::Eq;
using ::testing::Field;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::StartsWith;

[[maybe_unused]] const bool kUpdateMode = [] {
  setenv("UPDATE_GOLDENS", "force", 1);
  unsetenv("TEST_TARGET");
  return true;
}();

// Prints "ready" (plain), waits for a line, then redraws its first cell bold red: the text stays,
// only the style changes. Then waits again, so it is running when the test ends.
const std::vector<std::string> kRestyle = {
    "/bin/sh", "-c", "printf 'ready'; read x; printf '\\033[1;1H\\033[1;31mr\\033[0m'; read y"};

MATCHER(FirstCellIsBoldRed, "the first cell is bold red") {
  const Style& s = arg.cell(0, 0).style;
  *result_listener << "its style is " << ::testing::PrintToString(s);
  return s.bold && s.fg == Color::Palette(1);
}

// Every file under `dir`.
std::vector<std::string> FilesUnder(const fs::path& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    if (it->is_regular_file()) files.push_back(it->path().string());
  }
  return files;
}

std::string Explain(const ::testing::Matcher<const ScreenView&>& m, const ScreenView& screen) {
  ::testing::StringMatchResultListener listener;
  (void)m.MatchAndExplain(screen, &listener);
  return listener.str();
}

// --- Waiting until a matcher holds after a style change -----------------------------------------

struct MatchCase {
  std::string name;
  std::function<absl::Status(PtySession&, absl::Duration)> wait;
};

class WaitForMatcherTest : public ::testing::TestWithParam<MatchCase> {};

TEST_P(WaitForMatcherTest, HoldsOnlyAfterTheStyleChange) {
  PtySession session(pty_test::MarkedOptions(20, 3));
  ASSERT_TRUE(session.Start(kRestyle).ok());
  ASSERT_TRUE(session.WaitForText("ready").ok());
  // The program waits for a line: the screen is "ready" in the default style until it gets one.
  EXPECT_TRUE(absl::IsDeadlineExceeded(GetParam().wait(session, absl::Milliseconds(200))));
  ASSERT_TRUE(session.SendKeys("enter").ok());
  EXPECT_TRUE(GetParam().wait(session, absl::Seconds(10)).ok());
}

Style BoldRed() {
  Style s;
  s.bold = true;
  s.fg = Color::Palette(1);
  return s;
}

INSTANTIATE_TEST_SUITE_P(
    Matchers, WaitForMatcherTest,
    ::testing::Values(
        MatchCase{"CellStyleIsBold",
                  [](PtySession& s, absl::Duration t) {
                    return s.WaitFor(CellStyleIs(0, 0, Field(&Style::bold, true)), t);
                  }},
        MatchCase{"CellStyleIsTheWholeStyle",
                  [](PtySession& s, absl::Duration t) {
                    return s.WaitFor(CellStyleIs(0, 0, Eq(BoldRed())), t);
                  }},
        MatchCase{"NotOfTheDefaultStyle",
                  [](PtySession& s, absl::Duration t) {
                    return s.WaitFor(Not(CellStyleIs(0, 0, Eq(Style{}))), t);
                  }},
        MatchCase{"AllOfTextAndStyle",
                  [](PtySession& s, absl::Duration t) {
                    return s.WaitFor(AllOf(RowTextIs(0, StartsWith("ready")),
                                           CellStyleIs(0, 0, Field(&Style::bold, true))),
                                     t);
                  }},
        MatchCase{
            "UserMatcher",
            [](PtySession& s, absl::Duration t) { return s.WaitFor(FirstCellIsBoldRed(), t); }},
        MatchCase{"ScreenIsWithStyles",
                  [](PtySession& s, absl::Duration t) {
                    return s.WaitFor(ScreenIs(R"(
                        |ready               |
                        --- styles
                        0 0 bold fg=red
                    )"),
                                     t);
                  }},
        MatchCase{"ScreenCheckThroughWaitFor",
                  [](PtySession& s, absl::Duration t) {
                    return s.WaitFor(ScreenCheck("the first cell is red",
                                                 [](const ScreenView& v, std::string*) {
                                                   return v.cell(0, 0).style.fg ==
                                                          Color::Palette(1);
                                                 }),
                                     t);
                  }},
        MatchCase{"ScreenCheckWithoutGmock",
                  [](PtySession& s, absl::Duration t) {
                    return s.WaitForCheck(ScreenCheck("the first cell is bold",
                                                      [](const ScreenView& v, std::string*) {
                                                        return v.cell(0, 0).style.bold;
                                                      }),
                                          t);
                  }}),
    [](const ::testing::TestParamInfo<MatchCase>& info) { return info.param.name; });

// --- What a timeout says ------------------------------------------------------------------------

TEST(WaitForTimeout, NamesTheMatcherItsExplanationAndTheScreen) {
  PtySession session(pty_test::MarkedOptions(20, 3));
  ASSERT_TRUE(session.Start({"/bin/sh", "-c", "printf 'ready'; read x"}).ok());
  ASSERT_TRUE(session.WaitForText("ready").ok());
  const ::testing::Matcher<const ScreenView&> bold = CellStyleIs(0, 0, Field(&Style::bold, true));
  const absl::Status s = session.WaitFor(bold, absl::Milliseconds(300));
  ASSERT_TRUE(absl::IsDeadlineExceeded(s)) << s;
  const std::string description = ::testing::DescribeMatcher<const ScreenView&>(bold);
  const std::string explanation = Explain(bold, session.View());
  ASSERT_THAT(explanation, HasSubstr("the style of cell (0, 0) is"));
  EXPECT_THAT(std::string(s.message()), StartsWith("timed out after "));
  EXPECT_THAT(std::string(s.message()),
              HasSubstr(absl::StrCat("waiting for a screen that matches: ", description, " (")));
  EXPECT_THAT(std::string(s.message()),
              HasSubstr(absl::StrCat("\nthe last screen checked: ", explanation,
                                     "\nthe screen (20x3):\n"
                                     "  |ready               |\n"
                                     "  |                    |\n"
                                     "  |                    |\n"
                                     "  cursor 5 0")));
}

TEST(WaitForTimeout, ExplainsAMatcherThatSaysNothing) {
  PtySession session(pty_test::MarkedOptions(20, 3));
  ASSERT_TRUE(session.Start({"/bin/sh", "-c", "printf 'ready'; read x"}).ok());
  ASSERT_TRUE(session.WaitForText("ready").ok());
  const absl::Status s = session.WaitForCheck(
      ScreenCheck("never", [](const ScreenView&, std::string*) { return false; }),
      absl::Milliseconds(100));
  ASSERT_TRUE(absl::IsDeadlineExceeded(s)) << s;
  EXPECT_THAT(std::string(s.message()), HasSubstr("waiting for a screen that matches: never ("));
  EXPECT_THAT(std::string(s.message()),
              HasSubstr("\nthe last screen checked: (the check explains nothing)\nthe screen"));
}

TEST(WaitForTimeout, AFrameOpenTheWholeTimeIsNeverChecked) {
  PtySession session(pty_test::MarkedOptions(20, 3));
  ASSERT_TRUE(session.Start({"/bin/sh", "-c", "printf '\\033[?2026hdrawing'; read x"}).ok());
  // The frame stays open, so no wait that checks between frames can see it: poll the diagnostic
  // text (bounded) until the program has drawn into it.
  const absl::Time deadline = absl::Now() + absl::Seconds(10);
  while (session.ScreenText().find("drawing") == std::string::npos && absl::Now() < deadline) {
    absl::SleepFor(absl::Milliseconds(5));
  }
  ASSERT_TRUE(session.open_frame_offset().has_value()) << session.ScreenText();
  int calls = 0;
  const absl::Status s =
      session.WaitForCheck(ScreenCheck("anything",
                                       [&calls](const ScreenView&, std::string*) {
                                         ++calls;
                                         return true;
                                       }),
                           absl::Milliseconds(200));
  ASSERT_TRUE(absl::IsDeadlineExceeded(s)) << s;
  EXPECT_EQ(calls, 0);
  EXPECT_THAT(std::string(s.message()), HasSubstr("a synchronized frame (?2026h) is open"));
  EXPECT_THAT(std::string(s.message()),
              HasSubstr("\nnever checked: no screen between synchronized frames"));
}

// --- A program that ended -----------------------------------------------------------------------

struct EndedCase {
  std::string name;
  std::string script;
  bool matches;
};

class WaitForEndedTest : public ::testing::TestWithParam<EndedCase> {};

TEST_P(WaitForEndedTest, AnswersAtOnceFromTheLastScreen) {
  PtySession session(pty_test::MarkedOptions(20, 3));
  ASSERT_TRUE(session.Start({"/bin/sh", "-c", GetParam().script}).ok());
  ASSERT_TRUE(session.WaitForExit().ok());
  const absl::Time start = absl::Now();
  const absl::Status s =
      session.WaitFor(CellStyleIs(0, 0, Field(&Style::bold, true)), absl::Seconds(30));
  EXPECT_LT(absl::Now() - start, absl::Seconds(5));
  if (GetParam().matches) {
    EXPECT_TRUE(s.ok()) << s;
    return;
  }
  ASSERT_TRUE(absl::IsFailedPrecondition(s)) << s;
  EXPECT_THAT(std::string(s.message()),
              StartsWith("'/bin/sh' ended (exit status 0) before the screen showed a "
                         "screen that matches: the style of cell (0, 0) "));
  EXPECT_THAT(std::string(s.message()),
              HasSubstr("\nthe last screen checked: the style of cell (0, 0) is"));
  EXPECT_THAT(std::string(s.message()),
              HasSubstr("\nthe screen (20x3):\n  |done                |\n"));
}

INSTANTIATE_TEST_SUITE_P(
    Ended, WaitForEndedTest,
    ::testing::Values(EndedCase{"NotMatchingFailsAtOnce", "printf 'done'", false},
                      EndedCase{"MatchingOnTheLastScreenSucceeds", "printf '\\033[1mdone'", true}),
    [](const ::testing::TestParamInfo<EndedCase>& info) { return info.param.name; });

// --- Golden matchers only read while waiting ----------------------------------------------------

struct GoldenCase {
  std::string name;
  std::function<absl::Status(PtySession&, const std::string& root)> wait;
};

class WaitForGoldenTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(WaitForGoldenTest, WritesNothingInUpdateMode) {
  ASSERT_TRUE(UpdateModeOfProcess().ok());
  ASSERT_EQ(*UpdateModeOfProcess(), UpdateMode::kForce);
  const fs::path root = test_util::ScratchDir("pty_wait_for_golden_" + GetParam().name);
  PtySession session(pty_test::MarkedOptions(20, 3));
  ASSERT_TRUE(session.Start({"/bin/sh", "-c", "printf 'ready'; read x"}).ok());
  ASSERT_TRUE(session.WaitForText("ready").ok());
  const absl::Status s = GetParam().wait(session, root.string());
  EXPECT_TRUE(absl::IsDeadlineExceeded(s)) << s;
  EXPECT_THAT(FilesUnder(root), IsEmpty());
  // The same assertion outside a wait writes in this mode (the check above can fail).
  EXPECT_THAT(session, EqualsGolden("control", {.root = root.string()}));
  EXPECT_THAT(FilesUnder(root), ::testing::SizeIs(1));
}

INSTANTIATE_TEST_SUITE_P(
    Goldens, WaitForGoldenTest,
    ::testing::Values(GoldenCase{"Writable",
                                 [](PtySession& s, const std::string& root) {
                                   return s.WaitFor(EqualsGolden("writable", {.root = root}),
                                                    absl::Milliseconds(200));
                                 }},
                      GoldenCase{"ReadOnly",
                                 [](PtySession& s, const std::string& root) {
                                   return s.WaitFor(
                                       EqualsGolden("read_only", {.root = root}).ReadOnly(),
                                       absl::Milliseconds(200));
                                 }},
                      GoldenCase{"NestedInAllOf",
                                 [](PtySession& s, const std::string& root) {
                                   return s.WaitFor(AllOf(RowTextIs(0, StartsWith("ready")),
                                                          EqualsGolden("nested", {.root = root})),
                                                    absl::Milliseconds(200));
                                 }}),
    [](const ::testing::TestParamInfo<GoldenCase>& info) { return info.param.name; });

TEST(WaitForGolden, SucceedsOnAGoldenTheScreenReaches) {
  const fs::path root = test_util::ScratchDir("pty_wait_for_golden_match");
  {
    VirtualTerminal vt({.cols = 20, .rows = 3});
    vt.Write("ready");
    vt.Write("\x1b[1;1H\x1b[1;31mr\x1b[0m");
    EXPECT_THAT(vt, EqualsGolden("restyled", {.root = root.string()}));  // written (update mode)
  }
  const std::vector<std::string> before = FilesUnder(root);
  ASSERT_THAT(before, ::testing::SizeIs(1));
  PtySession session(pty_test::MarkedOptions(20, 3));
  ASSERT_TRUE(session.Start(kRestyle).ok());
  ASSERT_TRUE(session.WaitForText("ready").ok());
  ASSERT_TRUE(session.SendKeys("enter").ok());
  EXPECT_TRUE(session.WaitFor(EqualsGolden("restyled", {.root = root.string()})).ok());
  EXPECT_EQ(FilesUnder(root), before);
}

// --- HeadlessTerminal: CheckNow and StepUntil ---------------------------------------------------

TEST(HeadlessCheckNow, HoldsBetweenFrames) {
  HeadlessTerminal term(HeadlessProfile::Xterm(10, 2));
  term.Write("\x1b[1mmenu\x1b[m");
  EXPECT_TRUE(CheckNow(term, CellStyleIs(0, 0, Field(&Style::bold, true))).ok());
}

TEST(HeadlessCheckNow, SaysWhatAndWhyAndShowsTheScreen) {
  HeadlessTerminal term(HeadlessProfile::Xterm(10, 2));
  term.Write("menu");
  const ::testing::Matcher<const ScreenView&> bold = CellStyleIs(0, 0, Field(&Style::bold, true));
  const absl::Status s = CheckNow(term, bold);
  ASSERT_TRUE(absl::IsFailedPrecondition(s)) << s;
  EXPECT_EQ(s.message(),
            absl::StrCat(
                "the screen does not match: ", ::testing::DescribeMatcher<const ScreenView&>(bold),
                "\nthe last screen checked: ", Explain(bold, term),
                "\nthe screen (10x2):\n  |menu      |\n  |          |\n  cursor 4 0"
                " block"));
}

TEST(HeadlessCheckNow, RefusesInsideAnOpenFrame) {
  HeadlessTerminal term(HeadlessProfile::Xterm(10, 2));
  term.Write("\x1b[?2026h\x1b[1mmenu");
  const absl::Status s = CheckNow(term, CellStyleIs(0, 0, Field(&Style::bold, true)));
  ASSERT_TRUE(absl::IsFailedPrecondition(s)) << s;
  EXPECT_THAT(std::string(s.message()),
              StartsWith("the screen was not checked for the style of cell (0, 0) "));
  EXPECT_THAT(std::string(s.message()), HasSubstr(std::string(term.FrameStatus().message())));
}

struct StepCase {
  std::string name;
  std::vector<std::string> frames;  // what the app writes at each step
  int max_steps;
  int steps_taken;  // how many steps run
  bool holds;
};

class HeadlessStepUntilTest : public ::testing::TestWithParam<StepCase> {};

TEST_P(HeadlessStepUntilTest, StepsUntilTheMatcherHolds) {
  const StepCase& c = GetParam();
  HeadlessTerminal term(HeadlessProfile::Xterm(10, 2));
  term.Write("idle");
  int steps = 0;
  const absl::Status s =
      StepUntil(term, CellStyleIs(0, 0, Field(&Style::reverse, true)), c.max_steps,
                [&] { term.Write(c.frames[static_cast<size_t>(steps++)]); });
  EXPECT_EQ(steps, c.steps_taken);
  EXPECT_EQ(s.ok(), c.holds) << s;
  if (!c.holds) {
    EXPECT_TRUE(absl::IsDeadlineExceeded(s)) << s;
    EXPECT_THAT(std::string(s.message()),
                StartsWith(absl::StrCat("the screen did not match after ", c.max_steps,
                                        " steps: the style of cell")));
    EXPECT_THAT(std::string(s.message()),
                HasSubstr("\nthe last screen checked: the style of cell (0, 0) is"));
  }
}

INSTANTIATE_TEST_SUITE_P(
    Steps, HeadlessStepUntilTest,
    ::testing::Values(
        StepCase{
            "HoldsAfterTheSecondStep", {"\rbusy", "\r\x1b[7mdone\x1b[m", "\rnever"}, 3, 2, true},
        // A step that leaves a frame open is not checked, however the half-drawn screen looks.
        StepCase{"SkipsAnOpenFrame",
                 {"\x1b[?2026h\r\x1b[7mhalf", "\x1b[m\rplain\x1b[?2026l", "\r\x1b[7mdone\x1b[m"},
                 3,
                 3,
                 true},
        StepCase{"GivesUpAfterMaxSteps", {"\rone", "\rtwo"}, 2, 2, false}),
    [](const ::testing::TestParamInfo<StepCase>& info) { return info.param.name; });

TEST(HeadlessStepUntil, AlreadyHoldingTakesNoStep) {
  HeadlessTerminal term(HeadlessProfile::Xterm(10, 2));
  term.Write("\x1b[7mx");
  int steps = 0;
  EXPECT_TRUE(
      StepUntil(term, CellStyleIs(0, 0, Field(&Style::reverse, true)), 5, [&] { ++steps; }).ok());
  EXPECT_EQ(steps, 0);
}

TEST(HeadlessStepUntil, AStepErrorStopsAtOnce) {
  HeadlessTerminal term(HeadlessProfile::Xterm(10, 2));
  int steps = 0;
  const absl::Status s = StepUntil(term, RowTextIs(0, StartsWith("x")), 5, [&] {
    return ++steps == 2 ? absl::UnavailableError("the app quit") : absl::OkStatus();
  });
  EXPECT_EQ(steps, 2);
  EXPECT_TRUE(absl::IsUnavailable(s)) << s;
  EXPECT_EQ(s.message(), "step 2: the app quit");
}

// --- The headers' usage examples ----------------------------------------------------------------

TEST(UsageExamples, ScreenCheckHeader) {
  vtsnap::ScreenCheck file_menu("row 0 starts with \"File\"",
                                [](const vtsnap::ScreenView& screen, std::string* why) {
                                  *why = "row 0 is \"" + screen.RowText(0) + "\"";
                                  return screen.RowText(0).starts_with("File");
                                });
  vtsnap::HeadlessTerminal term(vtsnap::HeadlessProfile::Xterm(9, 2));
  term.Write("Edit");
  absl::Status now = vtsnap::CheckNow(term, file_menu);
  EXPECT_TRUE(absl::IsFailedPrecondition(now));
  EXPECT_THAT(std::string(now.message()),
              HasSubstr("the last screen checked: row 0 is \"Edit     \""));
  int drawn = 0;
  absl::Status later = vtsnap::StepUntil(term, file_menu, /*max_steps=*/3, [&] {
    term.Write(++drawn == 2 ? "\rFile Edit" : "");
    return absl::OkStatus();
  });
  EXPECT_TRUE(later.ok()) << later;
  EXPECT_EQ(drawn, 2);
}

TEST(UsageExamples, WaitHeader) {
  vtsnap::PtySession session(pty_test::MarkedOptions(20, 3));
  const std::string script = "printf 'ready'; read x; printf '\\033[H\\033[1mr'";
  ASSERT_TRUE(session.Start({"/bin/sh", "-c", script}).ok());
  ASSERT_TRUE(session.WaitForText("ready").ok());
  ASSERT_TRUE(session.SendKeys("enter").ok());
  absl::Status bold =
      session.WaitFor(vtsnap::CellStyleIs(0, 0, testing::Field(&vtsnap::Style::bold, true)));
  EXPECT_TRUE(bold.ok()) << bold;

  vtsnap::HeadlessTerminal term(vtsnap::HeadlessProfile::Xterm(20, 3));
  int ticks = 0;
  absl::Status shown = vtsnap::StepUntil(term, vtsnap::RowTextIs(0, testing::StartsWith("3")),
                                         /*max_steps=*/5, [&] {
                                           term.Write(absl::StrCat("\r", ++ticks));
                                           return absl::OkStatus();
                                         });
  EXPECT_TRUE(shown.ok()) << shown;
  EXPECT_EQ(ticks, 3);
}

}  // namespace
}  // namespace vtsnap
