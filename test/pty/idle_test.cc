// Idle detection (PtyOptions::detect_idle, pty/foreground_probe.h, docs/pty.md "Idle
// detection"): what the probe says of programs in known states, and quiet waits that end because
// the program waits for input, never while it still has a timer, a sleep or typed bytes to
// answer. The quiet periods here are a minute long and the timeouts ten seconds, so a wait that
// succeeds can only have ended by idle detection; none of these tests times anything.
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/time/clock.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/pty/test_support.h"
#include "test/scratch_dir.h"
#include "vtsnap/pty/pty_session.h"

namespace vtsnap {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr absl::Duration kMinute = absl::Minutes(1);
constexpr absl::Duration kTimeout = absl::Seconds(10);

// Polls IdleState until it starts with `prefix` and holds `contains` (the program needs a moment
// to get there), and returns the last state seen.
std::string AwaitIdleState(const PtySession& session, const std::string& prefix,
                           const std::string& contains) {
  const absl::Time deadline = absl::Now() + absl::Seconds(10);
  std::string state;
  while (absl::Now() < deadline) {
    state = session.IdleState();
    if (absl::StartsWith(state, prefix) && absl::StrContains(state, contains)) break;
    absl::SleepFor(absl::Milliseconds(5));
  }
  return state;
}

struct ProbeCase {
  std::string name;
  std::vector<std::string> argv;
  std::string state;     // the prefix IdleState reaches
  std::string contains;  // and what it names
};

void PrintTo(const ProbeCase& c, std::ostream* os) { *os << c.name; }

class IdleProbeTest : public ::testing::TestWithParam<ProbeCase> {};

TEST_P(IdleProbeTest, NamesWhatTheForegroundGroupDoes) {
  const ProbeCase& c = GetParam();
  PtySession session(pty_test::MarkedOptions(40, 5));
  ASSERT_TRUE(session.Start(c.argv).ok());
  const std::string state = AwaitIdleState(session, c.state, c.contains);
  EXPECT_THAT(state, StartsWith(c.state));
  EXPECT_THAT(state, HasSubstr(c.contains));
}

INSTANTIATE_TEST_SUITE_P(
    Programs, IdleProbeTest,
    ::testing::Values(
        ProbeCase{"ReadingTheTerminalWaits", {"cat"}, "waiting: ", "reads /dev/pts/"},
        ProbeCase{"SelectOnTheTerminalWaits",
                  {"python3", "-c", "import select,sys; select.select([sys.stdin],[],[])"},
                  "waiting: ",
                  "waits in select"},
        ProbeCase{"ASleepIsNoWaitForInput", {"sleep", "30"}, "busy: ", "no thread waits"},
        ProbeCase{"ALoopIsRunning", {"sh", "-c", "while :; do :; done"}, "busy: ", "running"},
        ProbeCase{"ReadingAPipeIsBusy", {"sh", "-c", "cat | cat"}, "busy: ", "reads pipe:"}),
    [](const ::testing::TestParamInfo<ProbeCase>& info) { return info.param.name; });

TEST(IdleDetection, OffSaysSo) {
  PtyOptions options = pty_test::MarkedOptions(40, 5);
  options.detect_idle = false;
  PtySession session(options);
  ASSERT_TRUE(session.Start({"cat"}).ok());
  EXPECT_EQ(session.IdleState(), "off");
}

TEST(IdleDetection, QuietWaitEndsWhenTheProgramWaitsForInput) {
  PtySession session(pty_test::MarkedOptions(40, 5));
  ASSERT_TRUE(session.Start({"sh", "-c", "printf ready; exec cat"}).ok());
  ASSERT_TRUE(session.WaitForQuiet(kMinute, kTimeout).ok()) << session.IdleState();
  EXPECT_THAT(session.ScreenText(), StartsWith("ready"));
}

TEST(IdleDetection, WithoutItTheQuietPeriodAppliesAlone) {
  PtyOptions options = pty_test::MarkedOptions(40, 5);
  options.detect_idle = false;
  PtySession session(options);
  ASSERT_TRUE(session.Start({"cat"}).ok());
  const absl::Status s = session.WaitForQuiet(kMinute, absl::Milliseconds(300));
  EXPECT_TRUE(absl::IsDeadlineExceeded(s)) << s;
}

// The program answers typed keys after a sleep: the wait ends after its answer, not while it
// sleeps (no thread waits on a descriptor) or before it read the keys.
TEST(IdleDetection, AnAnswerAfterASleepIsAwaited) {
  PtySession session(pty_test::MarkedOptions(40, 5));
  ASSERT_TRUE(
      session.Start({"sh", "-c", "stty -echo; read x; sleep 0.3; echo \"got $x\"; read y"}).ok());
  ASSERT_TRUE(session.WaitForQuiet(kMinute, kTimeout).ok()) << session.IdleState();
  ASSERT_TRUE(session.SendKeys("h i enter").ok());
  ASSERT_TRUE(session.WaitForQuiet(kMinute, kTimeout).ok()) << session.IdleState();
  EXPECT_THAT(session.ScreenText(), HasSubstr("got hi"));
}

// A poll timer shorter than the quiet period may draw when it fires: it is awaited.
TEST(IdleDetection, AShortTimerIsAwaited) {
  PtySession session(pty_test::MarkedOptions(40, 5));
  ASSERT_TRUE(session
                  .Start({"python3", "-c",
                          "import select,sys\n"
                          "sys.stdout.write('first'); sys.stdout.flush()\n"
                          "select.select([sys.stdin],[],[],0.3)\n"
                          "sys.stdout.write(' second'); sys.stdout.flush()\n"
                          "select.select([sys.stdin],[],[])\n"})
                  .ok());
  ASSERT_TRUE(session.WaitForQuiet(kMinute, kTimeout).ok()) << session.IdleState();
  EXPECT_THAT(session.ScreenText(), StartsWith("first second"));
}

// A real pager: the first page, then G, each awaited without a quiet period.
TEST(IdleDetection, LessAfterKeysShowsItsAnswer) {
  const std::string file = (vtsnap::test_util::SharedScratchDir("idle_test") / "less.txt").string();
  {
    FILE* f = fopen(file.c_str(), "w");
    ASSERT_NE(f, nullptr);
    for (int i = 1; i <= 200; ++i) fprintf(f, "line %d\n", i);
    fclose(f);
  }
  PtySession session(pty_test::MarkedOptions(80, 24));
  ASSERT_TRUE(session.Start({"less", file}).ok());
  ASSERT_TRUE(session.WaitForQuiet(kMinute, kTimeout).ok()) << session.IdleState();
  EXPECT_THAT(session.ScreenText(), StartsWith("line 1\n"));
  ASSERT_TRUE(session.SendKeys("G").ok());
  absl::StatusOr<ScreenView> view = session.WaitForFrame(kMinute, kTimeout);
  ASSERT_TRUE(view.ok()) << view.status() << "\n" << session.IdleState();
  EXPECT_THAT(session.ScreenText(), HasSubstr("line 200"));
}

}  // namespace
}  // namespace vtsnap
