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
