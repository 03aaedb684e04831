// Tests of the progress_app example: the app runs under a pseudo-terminal (vtsnap::PtySession)
// with a real child process, a shell that prints progress lines, and each state of the band is
// pinned with a golden (goldens/progress_app_test/*.dump, written with UPDATE_GOLDENS=1).
//
// The child never races a screenshot: before each line it prints, and before it exits, it waits
// for a gate file the test creates (go1, go2, ... in a fresh directory). The app draws only when
// the child's output or exit changes something, and writes each frame as one synchronized frame
// (?2026h ... ?2026l), so once WaitForText sees the text of a step, the screen holds still until
// the test opens the next gate. The only polling is the child's, for its gate file.
#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/pty/test_support.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/matchers/theme.h"
#include "vtsnap/pty/pty_session.h"

namespace {

namespace fs = std::filesystem;

using ::testing::HasSubstr;
using ::testing::StartsWith;
using vtsnap::EqualsGolden;
using vtsnap::IsThemeIndependent;
using vtsnap::PtySession;
using vtsnap::RowTextIs;

// The spec's example lines (docs/pito.md, "Progress lines", "The rules"), verbatim.
constexpr char kSpecStart[] =
    R"({"v":1,"op":"check","app":"demo","ref":null,"stage":"resolve","state":"start","fraction":null,"msg":"resolve starting","at":1792004625071})";
constexpr char kSpecProgress[] =
    R"({"v":1,"op":"check","app":"demo","ref":null,"stage":"resolve","state":"progress","fraction":0.062,"msg":"resolve 1 of 4","at":1792004625272})";
constexpr char kSpecEnd[] =
    R"({"v":1,"op":"check","app":"demo","ref":null,"state":"end","ok":true,"msg":"every check passed","at":1792004628472})";

// The child: sh -c kChild child DIR EXIT_STATUS LINE... prints each LINE once DIR/go<i> exists
// (i counting from 1), then exits with EXIT_STATUS once the next gate exists.
constexpr char kChild[] = R"(dir=$1; status=$2; shift 2; i=1
for line in "$@"; do
  while [ ! -e "$dir/go$i" ]; do sleep 0.01; done
  printf '%s\n' "$line"
  i=$((i+1))
done
while [ ! -e "$dir/go$i" ]; do sleep 0.01; done
exit "$status")";

::testing::AssertionResult Ok(const absl::Status& status) {
  if (status.ok()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << status;
}

class ProgressApp : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string dir = (fs::path(::testing::TempDir()) / "progress_app_XXXXXX").string();
    ASSERT_NE(::mkdtemp(dir.data()), nullptr) << dir << ": " << std::strerror(errno);
    dir_ = dir;
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }

  // Starts progress_app (titled "check demo") on a 60x10 terminal, running the child that prints
  // `lines` one per Release() and then exits with `exit_status` at the next Release().
  absl::Status Start(PtySession& session, const std::vector<std::string>& lines, int exit_status) {
    std::vector<std::string> argv = {
        PROGRESS_APP, "--title", "check demo", "--",          "sh",
        "-c",         kChild,    "child",      dir_.string(), std::to_string(exit_status)};
    argv.insert(argv.end(), lines.begin(), lines.end());
    return session.Start(argv);
  }

  // Lets the child print its next line (or exit, after the last).
  void Release() {
    ++released_;
    std::ofstream((dir_ / ("go" + std::to_string(released_))).string()).close();
  }

  fs::path dir_;
  int released_ = 0;
};

// The app's exit status once q is typed.
std::string QuitAndExitStatus(PtySession& session) {
  if (!session.SendKeys("q").ok()) return "could not type q";
  const absl::StatusOr<vtsnap::ExitStatus> exit = session.WaitForExit();
  if (!exit.ok()) return std::string(exit.status().message());
  return exit->ToString();
}

TEST_F(ProgressApp, ShowsEachStageUpToASuccessfulEnd) {
  PtySession session(vtsnap::pty_test::MarkedOptions(60, 10));
  ASSERT_TRUE(
      Ok(Start(session,
               {kSpecStart, kSpecProgress, "compiling foo.cc",
                R"({"v":1,"stage":"resolve","state":"done","msg":"resolve finished"})", kSpecEnd},
               0)));

  // Nothing printed yet.
  ASSERT_TRUE(Ok(session.WaitForText("waiting for the first progress line")));
  EXPECT_THAT(session, EqualsGolden("waiting"));

  // start: the stage, "started", an empty bar with "--" (the fraction is null), the msg.
  Release();
  ASSERT_TRUE(Ok(session.WaitForText("started")));
  EXPECT_THAT(session, EqualsGolden("start"));
  EXPECT_THAT(session, RowTextIs(3, HasSubstr("]   --")));

  // progress: 0.062 is 6% (rounded down), and 3 of the 51 cells of the bar.
  Release();
  ASSERT_TRUE(Ok(session.WaitForText("6%")));
  EXPECT_THAT(session, EqualsGolden("progress"));
  EXPECT_THAT(session, RowTextIs(3, StartsWith(" [███░")));

  // A line that is not a progress line: the detail; the band is unchanged.
  Release();
  ASSERT_TRUE(Ok(session.WaitForText("› compiling foo.cc")));
  EXPECT_THAT(session, EqualsGolden("detail"));
  EXPECT_THAT(session, RowTextIs(4, " resolve 1 of 4"));

  // done without a fraction: the stage is all the way along.
  Release();
  ASSERT_TRUE(Ok(session.WaitForText("✓ done")));
  EXPECT_THAT(session, EqualsGolden("done"));
  EXPECT_THAT(session, RowTextIs(3, HasSubstr("] 100%")));

  // end, ok true: the outcome in a green band; the command has not exited yet.
  Release();
  ASSERT_TRUE(Ok(session.WaitForText("✓ finished")));
  EXPECT_THAT(session, EqualsGolden("end_ok"));
  EXPECT_THAT(session, RowTextIs(9, " waiting for the command to exit · q quits"));
  EXPECT_THAT(session, IsThemeIndependent());

  // The command exits with 0: only the last row changes.
  Release();
  ASSERT_TRUE(Ok(session.WaitForText("exit status 0")));
  EXPECT_THAT(session, EqualsGolden("end_ok_exited"));

  EXPECT_EQ(QuitAndExitStatus(session), "exit status 0");
}

TEST_F(ProgressApp, ShowsAFailedStageAndAFailedEnd) {
  PtySession session(vtsnap::pty_test::MarkedOptions(60, 10));
  ASSERT_TRUE(
      Ok(Start(session,
               {R"({"v":1,"stage":"build","state":"start"})",
                R"({"v":1,"stage":"build","state":"progress","fraction":0.5,"msg":"2 of 4"})",
                R"({"v":1,"stage":"build","state":"progress","fraction":1.5})",
                R"({"v":1,"stage":"build","state":"fail","msg":"foo.cc: 2 errors"})",
                R"({"v":1,"state":"end","ok":false,"msg":"1 check failed"})"},
               1)));
  Release();
  Release();
  ASSERT_TRUE(Ok(session.WaitForText("50%")));

  // A malformed progress line (fraction 1.5) is shown as a warning; the band keeps 50%.
  Release();
  ASSERT_TRUE(Ok(session.WaitForText("malformed progress line")));
  EXPECT_THAT(session, EqualsGolden("malformed"));
  EXPECT_THAT(session, RowTextIs(3, HasSubstr("]  50%")));

  // fail: the stage failed in red, the bar stays where it was.
  Release();
  ASSERT_TRUE(Ok(session.WaitForText("✗ failed")));
  EXPECT_THAT(session, EqualsGolden("fail"));
  EXPECT_THAT(session, IsThemeIndependent());

  // end, ok false: the outcome in a red band, with the end line's msg.
  Release();
  ASSERT_TRUE(Ok(session.WaitForText("1 check failed")));
  EXPECT_THAT(session, EqualsGolden("end_not_ok"));
  EXPECT_THAT(session, IsThemeIndependent());

  // The exit status does not overrule the end line; the app exits 1 for a failed activity.
  Release();
  ASSERT_TRUE(Ok(session.WaitForText("exit status 1")));
  EXPECT_THAT(session, RowTextIs(2, "  ✗ failed"));  // not "(exit status 1)"
  EXPECT_EQ(QuitAndExitStatus(session), "exit status 1");
}

TEST_F(ProgressApp, EndsWithTheExitStatusWhenNoEndLineCame) {
  PtySession session(vtsnap::pty_test::MarkedOptions(60, 10));
  ASSERT_TRUE(Ok(Start(
      session,
      {R"({"v":1,"stage":"fetch","state":"progress","fraction":0.25,"msg":"1 of 4 files"})"}, 3)));
  Release();
  ASSERT_TRUE(Ok(session.WaitForText("25%")));

  Release();
  ASSERT_TRUE(Ok(session.WaitForText("✗ failed (exit status 3)")));
  EXPECT_THAT(session, EqualsGolden("exited_without_end"));
  EXPECT_THAT(session, IsThemeIndependent());
  EXPECT_EQ(QuitAndExitStatus(session), "exit status 1");
}

TEST_F(ProgressApp, AZeroExitStatusWithoutEndLineSucceeds) {
  PtySession session(vtsnap::pty_test::MarkedOptions(60, 10));
  ASSERT_TRUE(Ok(Start(session, {"no progress lines at all"}, 0)));
  Release();
  ASSERT_TRUE(Ok(session.WaitForText("› no progress lines at all")));
  Release();
  ASSERT_TRUE(Ok(session.WaitForText("exit status 0 ·")));
  EXPECT_THAT(session, RowTextIs(2, "  ✓ finished (exit status 0)"));
  EXPECT_EQ(QuitAndExitStatus(session), "exit status 0");
}

TEST_F(ProgressApp, QuittingStopsARunningCommand) {
  PtySession session(vtsnap::pty_test::MarkedOptions(60, 10));
  ASSERT_TRUE(Ok(Start(session, {kSpecStart}, 0)));
  ASSERT_TRUE(Ok(session.WaitForText("waiting for the first progress line")));
  // The child never gets its gate; q stops it and the app reports the activity as not done.
  EXPECT_EQ(QuitAndExitStatus(session), "exit status 1");
}

TEST_F(ProgressApp, ACommandThatCannotStartExits127) {
  PtySession session(vtsnap::pty_test::MarkedOptions(60, 10));
  ASSERT_TRUE(Ok(session.Start({PROGRESS_APP, "--", "/nonexistent/progress-child"})));
  const absl::StatusOr<vtsnap::ExitStatus> exit = session.WaitForExit();
  ASSERT_TRUE(exit.ok()) << exit.status();
  EXPECT_EQ(exit->ToString(), "exit status 127");
}

}  // namespace
