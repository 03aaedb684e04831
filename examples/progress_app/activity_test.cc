// In-process tests of progress_app::Activity, the model and renderer: frames go into a
// VirtualTerminal and the rows are checked. The PTY tests with a real child and the goldens are
// in progress_app_test.cc; these cover the rules that need no process.
#include <sys/wait.h>

#include <memory>
#include <string>

#include "examples/progress_app/progress_app.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"

namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;
using vtsnap::RowTextIs;

constexpr int kCols = 60;
constexpr int kRows = 10;

// Show(activity): the screen a frame of `activity` leaves on a fresh 60x10 terminal.
class ActivityTest : public ::testing::Test {
 protected:
  const vtsnap::VirtualTerminal& Show(const progress_app::Activity& activity) {
    vt_ = std::make_unique<vtsnap::VirtualTerminal>(
        vtsnap::TerminalOptions{.cols = kCols, .rows = kRows});
    vt_->Write(activity.Render(kCols, kRows));
    return *vt_;
  }

 private:
  std::unique_ptr<vtsnap::VirtualTerminal> vt_;
};

TEST_F(ActivityTest, HeaderExample) {
  progress_app::Activity activity("check demo");
  activity.Take(R"({"v":1,"stage":"resolve","state":"progress","fraction":0.5})");
  activity.Take("compiling foo.cc");
  const std::string frame = activity.Render(60, 10);
  vtsnap::VirtualTerminal vt({.cols = 60, .rows = 10});
  vt.Write(frame);
  EXPECT_THAT(vt, RowTextIs(2, " resolve  running"));
  EXPECT_THAT(vt, RowTextIs(3, HasSubstr("]  50%")));
  EXPECT_THAT(vt, RowTextIs(6, " › compiling foo.cc"));
}

TEST_F(ActivityTest, ControlCharactersInTheCommandsTextBecomeSpaces) {
  progress_app::Activity activity("t");
  activity.Take(
      "a\x1b[31mb\tc\xc2\x9b"
      "d\r\n");
  EXPECT_THAT(Show(activity), RowTextIs(6, " › a [31mb c d"));
}

TEST_F(ActivityTest, ANewStageStartsWithAnEmptyBar) {
  progress_app::Activity activity("t");
  activity.Take(R"({"v":1,"stage":"a","state":"progress","fraction":0.5})");
  activity.Take(R"({"v":1,"stage":"b","state":"start"})");
  EXPECT_THAT(Show(activity), RowTextIs(3, HasSubstr("]   --")));
}

TEST_F(ActivityTest, AProgressLineWithoutFractionKeepsTheBar) {
  progress_app::Activity activity("t");
  activity.Take(R"({"v":1,"stage":"a","state":"progress","fraction":0.5})");
  activity.Take(R"({"v":1,"stage":"a","state":"progress","msg":"still going"})");
  const vtsnap::VirtualTerminal& vt = Show(activity);
  EXPECT_THAT(vt, RowTextIs(3, HasSubstr("]  50%")));
  EXPECT_THAT(vt, RowTextIs(4, " still going"));
}

TEST_F(ActivityTest, AnEndLineWithoutOkLeavesTheOutcomeToTheExitStatus) {
  progress_app::Activity activity("t");
  activity.Take(R"({"v":1,"state":"end","msg":"all done"})");
  EXPECT_EQ(activity.outcome(), progress_app::Outcome::kRunning);
  activity.Exited(W_EXITCODE(2, 0));
  EXPECT_EQ(activity.outcome(), progress_app::Outcome::kFailed);
  const vtsnap::VirtualTerminal& vt = Show(activity);
  EXPECT_THAT(vt, RowTextIs(2, "  ✗ failed (exit status 2)"));
  EXPECT_THAT(vt, RowTextIs(4, " all done"));
}

TEST_F(ActivityTest, TheEndLineWinsOverTheExitStatus) {
  progress_app::Activity activity("t");
  activity.Take(R"({"v":1,"state":"end","ok":true})");
  activity.Exited(W_EXITCODE(1, 0));
  EXPECT_EQ(activity.outcome(), progress_app::Outcome::kSucceeded);
  const vtsnap::VirtualTerminal& vt = Show(activity);
  EXPECT_THAT(vt, RowTextIs(2, "  ✓ finished"));
  EXPECT_THAT(vt, RowTextIs(9, " exit status 1 · q quits"));
}

TEST_F(ActivityTest, ASignalEndsTheActivityAsFailed) {
  progress_app::Activity activity("t");
  activity.Exited(W_EXITCODE(0, SIGKILL));
  EXPECT_THAT(Show(activity), RowTextIs(2, "  ✗ failed (killed by signal 9 (SIGKILL))"));
}

TEST_F(ActivityTest, LongTextIsClippedToTheRow) {
  progress_app::Activity activity("t");
  activity.Take(std::string(100, 'x'));
  const vtsnap::VirtualTerminal& vt = Show(activity);
  EXPECT_THAT(vt, RowTextIs(6, " › " + std::string(kCols - 4, 'x')));
  EXPECT_THAT(vt, RowTextIs(7, ""));
}

TEST_F(ActivityTest, EveryLookIsThemeIndependent) {
  progress_app::Activity activity("t");
  activity.Take(R"({"v":1,"stage":"a","state":"fail","fraction":0.3})");
  activity.Take(R"({"v":1,"state":"progress","fraction":3})");  // malformed: the warning
  EXPECT_THAT(Show(activity), vtsnap::IsThemeIndependent());
  activity.Take(R"({"v":1,"state":"end","ok":false})");
  EXPECT_THAT(Show(activity), vtsnap::IsThemeIndependent());
}

}  // namespace

// The app walked over its states at pito-tui's four standard sizes (40x12 ... 200x60) and pinned
// as one capture golden (goldens/activity_test/walk.capture/, a pito-tui capture folder; written
// with UPDATE_GOLDENS=1; `vtsnap compare` reads it). A change to the band at any size fails with
// the spec's Differences, one line a cell.
vtsnap::pito::RenderAtSize Draw(const progress_app::Activity& activity) {
  return [&activity](vtsnap::TerminalSize size) -> absl::StatusOr<vtsnap::pito::TuiFrame> {
    vtsnap::VirtualTerminal vt({.cols = size.cols, .rows = size.rows});
    vt.Write(activity.Render(size.cols, size.rows));
    return vtsnap::pito::FrameFromScreen(vt);
  };
}

TEST(Walk, EveryStateAtTheStandardSizes) {
  absl::StatusOr<vtsnap::pito::Recorder> recorder = vtsnap::pito::Recorder::InMemory();
  ASSERT_TRUE(recorder.ok()) << recorder.status();
  progress_app::Activity activity("check demo");
  ASSERT_TRUE(recorder->RecordScreen(0, "Waiting", Draw(activity)).ok());
  activity.Take(R"({"v":1,"stage":"resolve","state":"start","msg":"resolve starting"})");
  ASSERT_TRUE(recorder->RecordScreen(1, "Started", Draw(activity)).ok());
  activity.Take(
      R"({"v":1,"stage":"resolve","state":"progress","fraction":0.062,"msg":"resolve 1 of 4"})");
  activity.Take("compiling foo.cc");
  ASSERT_TRUE(recorder->RecordScreen(2, "Running", Draw(activity)).ok());
  activity.Take(R"({"v":1,"stage":"resolve","state":"fail","msg":"resolve broke"})");
  ASSERT_TRUE(recorder->RecordScreen(3, "Stage failed", Draw(activity)).ok());
  activity.Take(R"({"v":1,"state":"end","ok":true,"msg":"every check passed"})");
  activity.Exited(0);
  ASSERT_TRUE(recorder->RecordScreen(4, "Finished", Draw(activity)).ok());

  progress_app::Activity crashed("check demo");
  crashed.Take(R"({"v":1,"stage":"build","state":"progress","fraction":0.5})");
  crashed.Exited(3 << 8);  // exit status 3, no end line
  ASSERT_TRUE(recorder->RecordScript("Exit without an end line", Draw(crashed)).ok());

  EXPECT_THAT(*recorder, vtsnap::EqualsCaptureGolden("walk"));
}
