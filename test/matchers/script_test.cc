// Event scripts (matchers/script.h): beats, steps, pinned frames, returns to an earlier frame and
// the per-step PresentedEquals check, driven with the counter app of counter_app.h.
#include "vtsnap/matchers/script.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"
#include "test/matchers/counter_app.h"

namespace vtsnap {
namespace {

using testing_apps::CounterApp;

ScriptApp Drive(CounterApp& app) {
  return {.step = [&app] { app.Step(); }, .composed = [&app] { return app.Composed(); }};
}

// The counter goes up and comes back: the last beat returns to the first beat's golden.
const Script kUpAndBack = {
    .name = "up_and_back",
    .beats = {{.name = "start", .golden = "count_0"},
              {.name = "plus", .keys = "+", .golden = "count_1", .presented = true},
              {.name = "minus", .input = "-", .golden = "count_0"}}};

TEST(Script, PinsEveryNamedBeat) {
  HeadlessTerminal term(HeadlessProfile::Presenter(12, 2));
  CounterApp app(&term);
  EXPECT_TRUE(PlayScript(kUpAndBack, term, Drive(app), {.check_presented_every_step = true}));
  EXPECT_EQ(app.count(), 0);
}

TEST(Script, ABeatThatDoesNotReturnToTheEarlierFrameFails) {
  HeadlessTerminal term(HeadlessProfile::Presenter(12, 2));
  CounterApp app(&term, {.minus_does_nothing = true});
  bool passed = true;
  EXPECT_NONFATAL_FAILURE(passed = PlayScript(kUpAndBack, term, Drive(app)),
                          "this beat must return to the frame of beat 0 (\"start\", golden "
                          "count_0), but it differs; the golden is not written:");
  EXPECT_FALSE(passed);
}

TEST(Script, EveryStepCanBeCheckedWithPresentedEquals) {
  HeadlessTerminal term(HeadlessProfile::Presenter(12, 2));
  CounterApp app(&term, {.skip_present = true});
  const Script script = {.name = "unpresented", .beats = {{.name = "plus", .keys = "+"}}};
  // Opted out, the unpresented step passes; by default it is checked.
  EXPECT_TRUE(PlayScript(script, term, Drive(app), {.check_presented_every_step = false}));
  EXPECT_NONFATAL_FAILURE(PlayScript(script, term, Drive(app)),
                          "the decoded display differs from the composed frame");
}

TEST(Script, EachBeatStepsUntilItsInputIsReadThenOnceMore) {
  HeadlessTerminal term(HeadlessProfile::Presenter(12, 2));
  std::vector<std::string> reads;
  // An app that reads one byte a step.
  const ScriptApp app = {.step =
                             [&] {
                               std::string in = term.ReadInput();
                               if (in.size() > 1) term.SendInput(in.substr(1));
                               reads.push_back(in.substr(0, 1));
                             },
                         .composed = [] { return Frame::Blank(12, 2); }};
  const Script script = {.name = "steps",
                         .beats = {{.name = "three keys", .keys = "abc"}, {.name = "none"}}};
  EXPECT_TRUE(PlayScript(script, term, app));
  EXPECT_EQ(reads, (std::vector<std::string>{"a", "b", "c", "", "", ""}));
}

TEST(Script, AnAppThatNeverReadsItsInputFails) {
  HeadlessTerminal term(HeadlessProfile::Presenter(12, 2));
  const ScriptApp app = {.step = [] {}, .composed = [] { return Frame::Blank(12, 2); }};
  const Script script = {.name = "deaf", .beats = {{.name = "typed", .keys = "x"}}};
  EXPECT_NONFATAL_FAILURE(PlayScript(script, term, app, {.max_steps_per_beat = 5}),
                          "the app left input unread after 5 steps");
}

TEST(Script, ABadKeyScriptFailsBeforeAnythingIsInjected) {
  HeadlessTerminal term(HeadlessProfile::Presenter(12, 2));
  CounterApp app(&term);
  const Script script = {.name = "bad",
                         .beats = {{.name = "fine", .resize = TerminalSize{5, 1}, .keys = "+"},
                                   {.name = "typo", .input = "xyz", .keys = "ctrl+kk"}}};
  EXPECT_NONFATAL_FAILURE(PlayScript(script, term, Drive(app)),
                          "script \"bad\", beat 1 \"typo\": key script: \"ctrl+kk\" (column 1)");
  EXPECT_EQ(term.size(), (TerminalSize{12, 2}));
  EXPECT_FALSE(term.has_input());
  EXPECT_EQ(app.count(), 0);
}

TEST(Script, AReturnBeatCannotPinADisplayItsFirstBeatDidNot) {
  HeadlessTerminal term(HeadlessProfile::Presenter(12, 2));
  CounterApp app(&term);
  const Script script = {.name = "mixed",
                         .beats = {{.name = "first", .golden = "count_0"},
                                   {.name = "again", .golden = "count_0", .presented = true}}};
  EXPECT_NONFATAL_FAILURE(PlayScript(script, term, Drive(app)),
                          "this beat pins the decoded display of golden count_0, but beat 0 "
                          "(\"first\"), which first named it, does not");
}

TEST(Script, AResizeBeatNotifiesTheApp) {
  HeadlessTerminal term(HeadlessProfile::Presenter(12, 2));
  std::vector<TerminalSize> sizes;
  term.OnResize([&](TerminalSize s) { sizes.push_back(s); });
  CounterApp app(&term);
  const Script script = {.name = "resize",
                         .beats = {{.name = "grow", .resize = TerminalSize{20, 3}},
                                   {.name = "shrink", .resize = TerminalSize{9, 1}}}};
  EXPECT_TRUE(PlayScript(script, term, Drive(app), {.check_presented_every_step = true}));
  EXPECT_EQ(sizes, (std::vector<TerminalSize>{{20, 3}, {9, 1}}));
}

}  // namespace
}  // namespace vtsnap

namespace vtsnap {
namespace {

// A symbolic scene (a composed frame with its compositor's raster records) is a golden with the
// .scene suffix: same format, same rules, its own file.
TEST(SceneGolden, AComposedFrameWithRasterRecords) {
  Frame scene = Frame::Blank(6, 3);
  scene.cell(0, 0).grapheme = "#";
  // Copied from a named record: see raster_checks_test.cc on GCC 12's false -Warray-bounds.
  const RasterRecord record = {.id = 1,
                               .col = 1,
                               .row = 1,
                               .cols = 2,
                               .rows = 2,
                               .pixel_width = 6,
                               .pixel_height = 12,
                               .hash = "0123456789abcdef"};
  scene.rasters.push_back(record);
  EXPECT_THAT(scene, EqualsGolden("picture", {.extension = ".scene"}));
}

TEST(SceneGolden, OnlyDumpAndSceneSuffixes) {
  ::testing::StringMatchResultListener listener;
  const ::testing::Matcher<const Frame&> m = EqualsGolden("x", {.extension = ".txt"});
  EXPECT_FALSE(m.MatchAndExplain(Frame::Blank(1, 1), &listener));
  EXPECT_EQ(listener.str(),
            "GoldenOptions::extension must be \".dump\" or \".scene\", not \".txt\"");
}

}  // namespace
}  // namespace vtsnap
