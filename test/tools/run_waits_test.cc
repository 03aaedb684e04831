// `vtsnap run`'s waits on a cell's style and a pattern, and a step's own quiet period:
// --wait-style ROW,COL,WORDS, and the step fields wait-style=, wait-pattern= and quiet-ms=
// (tools/run_internal.h), with their errors naming the flag and the bad part, or the column of the
// step and the file and line of a step file. Every program these tests start carries
// VTSNAP_PTY_TEST_MARKER=<pid>, so the PTY leak check finds any left behind.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/pty/test_support.h"
#include "test/scratch_dir.h"
#include "vtsnap/snapshot/formats/inline_screen.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/run_internal.h"

namespace vtsnap::tools {
namespace {

using run_internal::Action;
using ::testing::HasSubstr;
using ::testing::StartsWith;

struct Result {
  int code;
  std::string out;
  std::string err;
};

// `vtsnap run ARGS` with the leak check's marker in the program's environment.
Result VtsnapRun(const std::vector<std::string>& args) {
  std::vector<std::string> all = {"--env", pty_test::MarkerEntry()};
  all.insert(all.end(), args.begin(), args.end());
  std::ostringstream out, err;
  const int code = RunRun(all, out, err);
  return {code, out.str(), err.str()};
}

// Prints "ready" (plain), waits for a line, then redraws the first cell bold red (the text stays)
// and prints "n=42" on the second row; then waits for input again.
const std::vector<std::string> kRestyle = {
    "--", "/bin/sh", "-c",
    "printf 'ready'; read x; printf '\\033[1;1H\\033[1;31mr\\033[0m\\033[2;1Hn=42'; read y"};

std::vector<std::string> With(std::vector<std::string> args,
                              const std::vector<std::string>& program = kRestyle) {
  args.insert(args.end(), program.begin(), program.end());
  return args;
}

Style BoldRed() {
  Style s;
  s.bold = true;
  s.fg = Color::Palette(1);
  return s;
}

// --- Reading a style to wait for ----------------------------------------------------------------

struct WaitStyleCase {
  std::string name;
  std::string value;
  // Parsed: the cell and the style; refused: the message and the offset of the bad part.
  int row = 0;
  int col = 0;
  Style style = {};
  std::string error = {};
  size_t offset = 0;
};

class ParseWaitStyleTest : public ::testing::TestWithParam<WaitStyleCase> {};

TEST_P(ParseWaitStyleTest, ReadsRowColumnAndWordsOrNamesTheBadPart) {
  const WaitStyleCase& c = GetParam();
  size_t offset = 99;
  absl::StatusOr<Action> a = run_internal::ParseWaitStyle(c.value, &offset);
  if (!c.error.empty()) {
    ASSERT_FALSE(a.ok());
    EXPECT_THAT(std::string(a.status().message()), StartsWith(c.error));
    EXPECT_EQ(offset, c.offset);
    return;
  }
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->kind, Action::Kind::kWaitStyle);
  EXPECT_EQ(a->row, c.row);
  EXPECT_EQ(a->col, c.col);
  EXPECT_TRUE(a->style == c.style) << InlineStyleWords(a->style);
  EXPECT_EQ(a->value, c.value);
}

Style Reverse() {
  Style s;
  s.reverse = true;
  return s;
}

Style CurlyUnderlineOnBlue() {
  Style s;
  s.underline = true;
  s.underline_shape = UnderlineShape::kCurly;
  s.bg = Color::Palette(4);
  return s;
}

INSTANTIATE_TEST_SUITE_P(
    Values, ParseWaitStyleTest,
    ::testing::Values(
        WaitStyleCase{"OneWord", "2,0,reverse", 2, 0, Reverse()},
        WaitStyleCase{"SeveralWords", "0,12,bold fg=red", 0, 12, BoldRed()},
        WaitStyleCase{"ExtraSpacesBetweenWords", "1,1, underline=curly   bg=blue", 1, 1,
                      CurlyUnderlineOnBlue()},
        WaitStyleCase{"NoCommas", "bold", 0, 0, {}, "expected ROW,COL,WORDS", 0},
        WaitStyleCase{"OneComma", "1,bold", 0, 0, {}, "expected ROW,COL,WORDS", 0},
        WaitStyleCase{"RowNotANumber", "x,0,bold", 0, 0, {}, "ROW 'x' is not a row number", 0},
        WaitStyleCase{"NegativeRow", "-1,0,bold", 0, 0, {}, "ROW '-1' is not a row number", 0},
        WaitStyleCase{
            "ColumnNotANumber", "10,y,bold", 0, 0, {}, "COL 'y' is not a column number", 3},
        WaitStyleCase{
            "UnknownWord", "1,2,bold blod", 0, 0, {}, "WORDS: unknown style word `blod`", 9},
        WaitStyleCase{
            "BadColour", "1,2,fg=reddish", 0, 0, {}, "WORDS: unknown style word `fg=reddish`", 4},
        WaitStyleCase{"NoWords", "1,2,", 0, 0, {}, "WORDS: no style words", 4}),
    [](const ::testing::TestParamInfo<WaitStyleCase>& info) { return info.param.name; });

// --- The step fields ----------------------------------------------------------------------------

struct FieldCase {
  std::string name;
  std::string spec;
  // Parsed: the actions as "keys:X", "wait-text:X", "wait-pattern:X", "wait-style:ROW,COL,WORDS"
  // and the quiet period in ms (0: none). Refused: the start of the message.
  std::vector<std::string> actions = {};
  int quiet_ms = 0;
  std::string error = {};
};

class StepFieldsTest : public ::testing::TestWithParam<FieldCase> {};

std::string Show(const Action& a) {
  switch (a.kind) {
    case Action::Kind::kKeys:
      return "keys:" + a.value;
    case Action::Kind::kWaitText:
      return "wait-text:" + a.value;
    case Action::Kind::kWaitPattern:
      return "wait-pattern:" + a.value;
    case Action::Kind::kWaitStyle:
      return absl::StrCat("wait-style:", a.row, ",", a.col, ",", InlineStyleWords(a.style));
  }
  return "?";
}

TEST_P(StepFieldsTest, ReadsTheWaitsAndTheQuietPeriodOrNamesTheColumn) {
  const FieldCase& c = GetParam();
  absl::StatusOr<run_internal::Step> step = run_internal::ParseStep(c.spec);
  if (!c.error.empty()) {
    ASSERT_FALSE(step.ok());
    EXPECT_THAT(std::string(step.status().message()), StartsWith(c.error));
    return;
  }
  ASSERT_TRUE(step.ok()) << step.status();
  std::vector<std::string> actions;
  for (const Action& a : step->actions) actions.push_back(Show(a));
  EXPECT_EQ(actions, c.actions);
  EXPECT_EQ(step->quiet.has_value() ? absl::ToInt64Milliseconds(*step->quiet) : 0, c.quiet_ms);
}

INSTANTIATE_TEST_SUITE_P(
    Specs, StepFieldsTest,
    ::testing::Values(
        FieldCase{"WaitsInOrder",
                  "keys=enter; wait-pattern=n=[0-9]+; wait-style=0,0,bold fg=red",
                  {"keys:enter", "wait-pattern:n=[0-9]+", "wait-style:0,0,bold fg=red"}},
        FieldCase{"QuietPeriod", "quiet-ms=350; keys=q", {"keys:q"}, 350},
        FieldCase{"EscapedSemicolonInAPattern", R"(wait-pattern=a\;b)", {"wait-pattern:a;b"}},
        FieldCase{"PatternThatDoesNotCompile",
                  "keys=x; wait-pattern=a(b",
                  {},
                  0,
                  "column 22: wait-pattern 'a(b' does not compile: "},
        FieldCase{"UnknownStyleWordPointsAtTheWord",
                  "wait-style=3,4,bold blod",
                  {},
                  0,
                  "column 21: wait-style '3,4,bold blod': WORDS: unknown style word `blod`"},
        FieldCase{"BadColumnPointsAtIt",
                  "keys=x; wait-style=3,z,bold",
                  {},
                  0,
                  "column 22: wait-style '3,z,bold': COL 'z' is not a column number"},
        FieldCase{"QuietNotANumber",
                  "quiet-ms=soon",
                  {},
                  0,
                  "column 10: quiet-ms 'soon': expected a positive whole number of milliseconds"},
        FieldCase{"QuietZero", "quiet-ms=0", {}, 0, "column 10: quiet-ms '0': expected a positive"},
        FieldCase{"TwoQuietPeriods",
                  "quiet-ms=10; quiet-ms=20",
                  {},
                  0,
                  "column 14: a step has at most one quiet-ms="},
        FieldCase{"UnknownFieldListsTheNewOnes",
                  "wait-colour=red",
                  {},
                  0,
                  "column 1: unknown field 'wait-colour' (expected keys, wait-text, wait-pattern, "
                  "wait-style, quiet-ms or expect)"}),
    [](const ::testing::TestParamInfo<FieldCase>& info) { return info.param.name; });

TEST(StepFileFieldsTest, AnErrorNamesTheFileLineAndColumn) {
  EXPECT_EQ(run_internal::ParseStepFile("flow.steps", "keys=enter\n\n  quiet-ms=fast\n")
                .status()
                .message(),
            "flow.steps:3:12: quiet-ms 'fast': expected a positive whole number of milliseconds");
  EXPECT_THAT(std::string(run_internal::ParseStepFile("flow.steps", "# x\nwait-style=0,0,bolt\n")
                              .status()
                              .message()),
              StartsWith("flow.steps:2:16: wait-style '0,0,bolt': WORDS: unknown style word"));
  EXPECT_THAT(
      std::string(run_internal::ParseStepFile("flow.steps", "wait-pattern=[\n").status().message()),
      StartsWith("flow.steps:1:14: wait-pattern '[' does not compile: "));
}

// --- The command line ---------------------------------------------------------------------------

struct FlagErrorCase {
  std::string name;
  std::vector<std::string> args;
  std::string error;  // what stderr says
};

class RunWaitFlagErrorTest : public ::testing::TestWithParam<FlagErrorCase> {};

TEST_P(RunWaitFlagErrorTest, RefusesBeforeStartingWithTheFlagAndTheBadPart) {
  const Result r = VtsnapRun(With(GetParam().args, {"--", "/bin/true"}));
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, HasSubstr(GetParam().error));
  EXPECT_EQ(r.out, "");
}

INSTANTIATE_TEST_SUITE_P(
    Flags, RunWaitFlagErrorTest,
    ::testing::Values(
        FlagErrorCase{
            "NoWords", {"--wait-style", "0,0"}, "--wait-style '0,0': expected ROW,COL,WORDS"},
        FlagErrorCase{"BadRow",
                      {"--wait-style", "top,0,bold"},
                      "--wait-style 'top,0,bold': ROW 'top' is not a row number"},
        FlagErrorCase{"UnknownWord",
                      {"--wait-style", "0,0,bolt"},
                      "--wait-style '0,0,bolt': WORDS: unknown style word `bolt`"},
        FlagErrorCase{"CellOutsideTheScreen",
                      {"--size", "20x3", "--wait-style", "3,0,bold"},
                      "--wait-style '3,0,bold': the cell at row 3, column 0 is outside the 20x3 "
                      "screen"},
        FlagErrorCase{"ColumnOutsideTheScreen",
                      {"--size", "20x3", "--wait-style", "0,20,bold"},
                      "--wait-style '0,20,bold': the cell at row 0, column 20 is outside the 20x3 "
                      "screen"},
        FlagErrorCase{"StepCellOutsideTheScreen",
                      {"--size", "20x3", "--step", "wait-style=5,0,bold"},
                      "--step 'wait-style=5,0,bold': wait-style '5,0,bold': the cell at row 5, "
                      "column 0 is outside the 20x3 screen"},
        FlagErrorCase{"StepQuietNotShorterThanTheTimeout",
                      {"--timeout", "1", "--step", "quiet-ms=1000"},
                      "--step 'quiet-ms=1000': quiet-ms=1000 is not shorter than --timeout 1s"},
        FlagErrorCase{"AfterAStep",
                      {"--step", "keys=x", "--wait-style", "0,0,bold"},
                      "--wait-style '0,0,bold' after --step 'keys=x': after the first step"}),
    [](const ::testing::TestParamInfo<FlagErrorCase>& info) { return info.param.name; });

TEST(RunWaitStyle, WaitsForTheStyleNotJustTheText) {
  const Result r = VtsnapRun(With({"--size", "20x3", "--keys", "enter", "--wait-style",
                                   "0,0,bold fg=red", "--format", "golden"}));
  EXPECT_EQ(r.code, 0) << r.err;
  // The run waited for the style: the screen it printed has the bold red cell (and n=42, drawn
  // in the same write).
  EXPECT_THAT(r.out, HasSubstr("|ready               |"));
  EXPECT_THAT(r.out, HasSubstr("|n=42                |"));
}

TEST(RunWaitStyle, ATimeoutSaysWhatTheCellHolds) {
  const Result r =
      VtsnapRun(With({"--size", "20x3", "--timeout", "0.5", "--wait-style", "0,0,bold fg=red"}));
  EXPECT_EQ(r.code, 124) << r.err;
  EXPECT_THAT(r.err, StartsWith("vtsnap run: timed out after "));
  EXPECT_THAT(r.err, HasSubstr("waiting for a screen that matches: the cell at row 0, column 0 "
                               "has the style `bold fg=red` ("));
  EXPECT_THAT(r.err, HasSubstr("\nthe last screen checked: the cell holds 'r' in the default "
                               "style\nthe screen (20x3):\n  |ready               |\n"));
}

TEST(RunWaitStyle, AStepWaitsForAPatternAndAStyle) {
  const std::filesystem::path dir = test_util::ScratchDir("run_waits_steps");
  const std::string steps = (dir / "flow.steps").string();
  std::ofstream(steps) << "# wait for the answer, then its style\n"
                          "keys=enter; wait-pattern=n=[0-9]+; wait-style=0,0,bold fg=red\n";
  const Result r = VtsnapRun(With({"--size", "20x3", "--steps", steps}));
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "ready\nn=42\n");
}

TEST(RunWaitStyle, AFailedStepWaitIsNamedWithItsFileAndLine) {
  const std::filesystem::path dir = test_util::ScratchDir("run_waits_failed_step");
  const std::string steps = (dir / "flow.steps").string();
  std::ofstream(steps) << "\nwait-pattern=n=[0-9]+\n";
  const Result r = VtsnapRun(With({"--size", "20x3", "--timeout", "0.5", "--steps", steps}));
  EXPECT_EQ(r.code, 124) << r.err;
  EXPECT_THAT(r.err,
              StartsWith(absl::StrCat("vtsnap run: step 1 (", steps, ":2): timed out after ")));
  EXPECT_THAT(r.err, HasSubstr("waiting for the pattern "));
}

TEST(RunStepQuiet, TheStepsQuietPeriodIsTheOneItSettlesFor) {
  // --settle quiet settles only after the quiet period without output: the first step's settle
  // (before its keys) takes at least its own 900 ms, not --quiet-ms's 50.
  const absl::Time start = absl::Now();
  const Result r = VtsnapRun(With({"--size", "20x3", "--settle", "quiet", "--quiet-ms", "50",
                                   "--step", "quiet-ms=900; keys=enter; wait-text=n=42"}));
  const absl::Duration took = absl::Now() - start;
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_GE(took, absl::Milliseconds(900));
}

}  // namespace
}  // namespace vtsnap::tools
