// PtySession against pty_probe (one behaviour per subcommand): starting, the environment, replies
// to queries, keys, resizing, waiting and its failures, bursts, exits, and cleanup.
#include "vtsnap/pty/pty_session.h"

#include <dirent.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/pty/test_support.h"
#include "test/scratch_dir.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/snapshot/formats/pito_dump.h"
#include "vtsnap/snapshot/formats/pito_frame.h"
#include "vtsnap/snapshot/formats/semantic.h"
#include "vtsnap/snapshot/formats/theme.h"

namespace vtsnap {
namespace {

using pty_test::MarkedOptions;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr char kProbe[] = PTY_PROBE;

int OpenDescriptors() {
  int n = 0;
  if (DIR* d = opendir("/proc/self/fd")) {
    while (dirent* e = readdir(d)) n += e->d_name[0] != '.';
    closedir(d);
  }
  return n;
}

// Every test: no child left unreaped, no descriptor left open, no process left in a session.
class PtySessionTest : public ::testing::Test {
 protected:
  void SetUp() override { fds_before_ = OpenDescriptors(); }
  void TearDown() override {
    EXPECT_EQ(OpenDescriptors(), fds_before_) << "a descriptor leaked";
    errno = 0;
    EXPECT_EQ(waitpid(-1, nullptr, WNOHANG), -1) << "a child was left unreaped";
    EXPECT_EQ(errno, ECHILD);
    for (pid_t sid : sessions_) {
      EXPECT_THAT(LiveProcessesInSession(sid), ::testing::IsEmpty()) << "session " << sid;
    }
  }
  // Starts pty_probe with `args` in `session`, remembering its session for TearDown.
  void StartProbe(PtySession& session, std::vector<std::string> args) {
    args.insert(args.begin(), kProbe);
    ASSERT_TRUE(session.Start(args).ok());
    sessions_.push_back(session.pid());
  }

  int fds_before_ = 0;
  std::vector<pid_t> sessions_;
};

TEST_F(PtySessionTest, ProgramSeesAControllingTerminalAndOnlyItsThreeDescriptors) {
  PtySession session(MarkedOptions(60, 10));
  StartProbe(session, {"whoami"});
  ASSERT_TRUE(session.WaitForText("cwd").ok());
  const std::string screen = session.ScreenText();
  EXPECT_THAT(screen, HasSubstr("fds 0,1,2\n"));
  EXPECT_THAT(screen, HasSubstr("tty yes\n"));
  EXPECT_THAT(screen, HasSubstr("leader yes\n"));
  EXPECT_THAT(screen, HasSubstr("foreground yes\n"));
}

TEST_F(PtySessionTest, EnvironmentIsControlled) {
  setenv("VTSNAP_PTY_TEST_LEAKED", "1", 1);
  PtyOptions options = MarkedOptions(60, 10);
  options.working_directory = "/";
  PtySession session(options);
  StartProbe(session, {"whoami"});
  ASSERT_TRUE(session.WaitForText("cwd").ok());
  unsetenv("VTSNAP_PTY_TEST_LEAKED");
  const std::string screen = session.ScreenText();
  EXPECT_THAT(screen, HasSubstr("TERM xterm-256color\n"));
  EXPECT_THAT(screen, HasSubstr("LANG C.UTF-8\n"));
  EXPECT_THAT(screen, HasSubstr("cwd /"));
}

TEST_F(PtySessionTest, TermIsSettable) {
  PtyOptions options = MarkedOptions(60, 10);
  options.term = "vt100";
  PtySession session(options);
  StartProbe(session, {"whoami"});
  ASSERT_TRUE(session.WaitForText("TERM vt100").ok());
}

TEST_F(PtySessionTest, QueriesAreAnsweredSoTheProgramDoesNotHang) {
  PtySession session(MarkedOptions(60, 8));  // wide enough for DA1's answer on one row
  StartProbe(session, {"query"});
  absl::Status s = session.WaitForText("done");
  ASSERT_TRUE(s.ok()) << s;
  EXPECT_THAT(session, RowTextIs(0, "dsr ESC[3;5R"));  // the row and column the probe moved to
  EXPECT_THAT(session, RowTextIs(1, StartsWith("da1 ESC[?")));
  EXPECT_THAT(session, RowTextIs(2, "da2 ESC[>41;379;0c"));  // xterm 379's, decTerminalID 420
}

TEST_F(PtySessionTest, RepliesAProgramNeverReadsAreCappedAndCounted) {
  // `yes` asks for the cursor position without end and never reads its input (in raw mode, so the
  // terminal keeps what it is sent rather than discarding a line too long): once the terminal's
  // buffers are full, the replies it is owed wait in the session's queue, which must not grow
  // past its cap.
  PtyOptions options = MarkedOptions(40, 8);
  options.timeout = absl::Milliseconds(300);
  PtySession session(options);
  ASSERT_TRUE(
      session.Start({"sh", "-c", "stty raw -echo; exec yes \"$(printf '\\033[6n')\""}).ok());
  sessions_.push_back(session.pid());
  const absl::Time give_up = absl::Now() + absl::Seconds(10);
  while (session.replies_dropped() == 0 && absl::Now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_GT(session.replies_dropped(), 0u) << "no reply was dropped";
  EXPECT_LE(session.input_pending(), kMaxPendingReplyBytes);
  EXPECT_FALSE(session.exit_status().has_value());
  // Typed bytes are never dropped: they wait behind the replies, and Send says they were not read.
  absl::Status s = session.Send("q");
  EXPECT_EQ(s.code(), absl::StatusCode::kDeadlineExceeded) << s;
  EXPECT_THAT(s.message(), HasSubstr("it has not read its input"));
}

TEST_F(PtySessionTest, KeysFollowTheCursorKeyModeTheProgramSet) {
  PtySession session(MarkedOptions(60, 6));
  StartProbe(session, {"keys"});
  ASSERT_TRUE(session.WaitForText("ready").ok());
  ASSERT_TRUE(session.SendKeys("up a ctrl+c").ok());
  absl::Status s = session.WaitForText("1b 5b 41 61 03");
  EXPECT_TRUE(s.ok()) << s;
  ASSERT_TRUE(session.Send("q").ok());
  absl::StatusOr<ExitStatus> exit = session.WaitForExit();
  ASSERT_TRUE(exit.ok()) << exit.status();
  EXPECT_EQ(*exit, (ExitStatus{.code = 0, .signal = 0}));
}

TEST_F(PtySessionTest, QuietAfterTypingAwaitsTheAnswerNotTheEarlierSilence) {
  PtySession session(MarkedOptions(60, 6));
  StartProbe(session, {"keys"});
  ASSERT_TRUE(session.WaitForText("ready").ok());
  ASSERT_TRUE(session.WaitForQuiet(absl::Milliseconds(150)).ok());
  ASSERT_TRUE(session.SendKeys("a").ok());
  ASSERT_TRUE(session.WaitForQuiet(absl::Milliseconds(100)).ok());
  EXPECT_THAT(session, RowTextIs(1, "61"));
}

TEST_F(PtySessionTest, QuietAfterTypingAwaitsTheAnswerAlsoAfterReplies) {
  // The terminal's replies go out the same way as typed keys; typing after them must still wait
  // until the keys are written, and the quiet period must start there.
  PtySession session(MarkedOptions(60, 6));
  StartProbe(session, {"slow-keys"});
  ASSERT_TRUE(session.WaitForText("ready").ok());
  ASSERT_TRUE(session.WaitForQuiet(absl::Milliseconds(150)).ok());
  ASSERT_TRUE(session.SendKeys("a").ok());
  ASSERT_TRUE(session.WaitForQuiet(absl::Milliseconds(100)).ok());  // the answer comes 50 ms late
  EXPECT_THAT(session, RowTextIs(1, "61"));
}

TEST_F(PtySessionTest, KeyScriptErrorsComeBackWithoutTypingAnything) {
  PtySession session(MarkedOptions(60, 6));
  StartProbe(session, {"keys"});
  ASSERT_TRUE(session.WaitForText("ready").ok());
  absl::Status s = session.SendKeys("ctrl+ab");
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(s.message(), HasSubstr("ctrl+ab"));
}

TEST_F(PtySessionTest, ResizeChangesTheScreenAndSignalsTheProgram) {
  PtySession session(MarkedOptions(40, 8));
  StartProbe(session, {"winch"});
  ASSERT_TRUE(session.WaitForText("size 40x8").ok());
  ASSERT_TRUE(session.Resize(50, 12).ok());
  absl::Status s = session.WaitForText("size 50x12");
  ASSERT_TRUE(s.ok()) << s;
  session.WithScreen([](const Terminal& t) {
    EXPECT_EQ(t.cols(), 50);
    EXPECT_EQ(t.rows(), 12);
  });
}

TEST_F(PtySessionTest, ResizeRefusesImpossibleSizes) {
  PtySession session(MarkedOptions(40, 8));
  StartProbe(session, {"winch"});
  EXPECT_EQ(session.Resize(0, 5).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(session.Resize(5, 5000).code(), absl::StatusCode::kInvalidArgument);
}

TEST_F(PtySessionTest, BurstLargerThanThePtyBufferArrivesWhole) {
  // 200 000 lines, about 2.3 MB after ONLCR: hundreds of times the kernel's pty buffer.
  constexpr int kLines = 200000;
  uint64_t expected = 0;
  for (int i = 1; i <= kLines; ++i) expected += absl::StrCat("line ", i).size() + 2;  // "\r\n"
  expected += 5;                                                                      // "end\r\n"
  PtySession session(MarkedOptions(30, 5));
  StartProbe(session, {"burst", absl::StrCat(kLines)});
  absl::StatusOr<ExitStatus> exit = session.WaitForExit(absl::Seconds(60));
  ASSERT_TRUE(exit.ok()) << exit.status();
  EXPECT_EQ(session.bytes_received(), expected);
  EXPECT_THAT(session, RowTextIs(2, absl::StrCat("line ", kLines)));
  EXPECT_THAT(session, RowTextIs(3, "end"));
}

TEST_F(PtySessionTest, KeptOutputIsTheWholeTranscriptAndReplaysToTheSameScreen) {
  PtyOptions options = MarkedOptions(30, 5);
  options.keep_output = true;
  PtySession session(options);
  StartProbe(session, {"burst", "3"});
  absl::StatusOr<ExitStatus> exit = session.WaitForExit();
  ASSERT_TRUE(exit.ok()) << exit.status();
  const std::string output = session.Output();
  EXPECT_EQ(output, "line 1\r\nline 2\r\nline 3\r\nend\r\n");  // ONLCR: "\n" arrives as "\r\n"
  EXPECT_EQ(output.size(), session.bytes_received());
  VirtualTerminal replay({.cols = 30, .rows = 5});
  replay.Write(output);
  EXPECT_EQ(replay.ScreenText(), session.ScreenText());
}

TEST_F(PtySessionTest, OutputSinkGetsEveryByteInOrderAsKeptOutputHoldsIt) {
  // 20 000 lines (about 230 KB): many chunks of the reader's.
  std::mutex mu;
  std::string sunk;
  PtyOptions options = MarkedOptions(30, 5);
  options.keep_output = true;
  options.output_sink = [&](absl::string_view chunk) {
    std::lock_guard<std::mutex> lock(mu);
    sunk.append(chunk.data(), chunk.size());
  };
  PtySession session(options);
  StartProbe(session, {"burst", "20000"});
  ASSERT_TRUE(session.WaitForExit().ok());
  session.Close();
  std::lock_guard<std::mutex> lock(mu);
  EXPECT_EQ(sunk.size(), session.bytes_received());
  EXPECT_TRUE(sunk == session.Output()) << "the sink's bytes differ from the kept output";
}

TEST_F(PtySessionTest, OutputIsNotKeptUnlessAsked) {
  PtySession session(MarkedOptions(30, 5));
  StartProbe(session, {"burst", "3"});
  ASSERT_TRUE(session.WaitForExit().ok());
  EXPECT_GT(session.bytes_received(), 0u);
  EXPECT_EQ(session.Output(), "");
}

TEST_F(PtySessionTest, ProgramThatExitsEarlyReportsItsStatus) {
  PtySession session(MarkedOptions(30, 5));
  StartProbe(session, {"exit", "3"});
  absl::StatusOr<ExitStatus> exit = session.WaitForExit();
  ASSERT_TRUE(exit.ok()) << exit.status();
  EXPECT_EQ(exit->code, 3);
  EXPECT_TRUE(exit->exited());
  EXPECT_EQ(exit->ToString(), "exit status 3");
  EXPECT_THAT(session, RowTextIs(0, "bye"));
}

TEST_F(PtySessionTest, WaitingForTextThatCanNoLongerAppearFailsAtOnce) {
  PtySession session(MarkedOptions(30, 5));
  StartProbe(session, {"exit", "4"});
  const absl::Time start = absl::Now();
  absl::Status s = session.WaitForText("never shown", absl::Seconds(30));
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(s.message(), HasSubstr("before the screen showed the text \"never shown\""));
  EXPECT_THAT(s.message(), HasSubstr("  |bye" + std::string(27, ' ') + "|\n"));  // padded to 30
  EXPECT_LT(absl::Now() - start, absl::Seconds(20));  // not the whole timeout
}

TEST_F(PtySessionTest, SendingToAProgramThatEndedFails) {
  PtySession session(MarkedOptions(30, 5));
  StartProbe(session, {"exit", "0"});
  ASSERT_TRUE(session.WaitForExit().ok());
  absl::Status s = session.Send("x");
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(s.message(), HasSubstr("exit status 0"));
}

TEST_F(PtySessionTest, NeverQuietProgramTimesOutNamingWhatWasAwaitedAndTheScreen) {
  PtySession session(MarkedOptions(30, 5));
  StartProbe(session, {"noisy"});
  absl::Status s = session.WaitForQuiet(absl::Milliseconds(200), absl::Milliseconds(600));
  EXPECT_EQ(s.code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_THAT(
      s.message(),
      HasSubstr(
          "without output (or the program waiting for input) and no synchronized frame open"));
  EXPECT_THAT(s.message(), HasSubstr("is running"));
  EXPECT_THAT(s.message(), HasSubstr("|tick "));
  EXPECT_THAT(s.message(), HasSubstr("the screen (30x5)"));
}

TEST_F(PtySessionTest, TextThatNeverAppearsTimesOut) {
  PtySession session(MarkedOptions(30, 5));
  StartProbe(session, {"winch"});
  absl::Status s = session.WaitForText("nope", absl::Milliseconds(300));
  EXPECT_EQ(s.code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_THAT(s.message(), HasSubstr("waiting for the text \"nope\""));
  EXPECT_THAT(s.message(), HasSubstr("  |size 30x5" + std::string(21, ' ') + "|\n"));
}

TEST_F(PtySessionTest, PatternAndPredicateWaits) {
  PtySession session(MarkedOptions(30, 5));
  StartProbe(session, {"winch"});
  EXPECT_TRUE(session.WaitForPattern(R"(size \d+x\d+)").ok());
  EXPECT_EQ(session.WaitForPattern("(").code(), absl::StatusCode::kInvalidArgument);
  absl::Status s = session.WaitUntil([](const Terminal& t) { return t.cursor().row == 1; },
                                     "the cursor on row 1");
  EXPECT_TRUE(s.ok()) << s;
  s = session.WaitUntil([](const Terminal& t) { return t.cursor().row == 4; },
                        "the cursor on row 4", absl::Milliseconds(200));
  EXPECT_THAT(s.message(), HasSubstr("waiting for the cursor on row 4"));
}

// Row `row` of a frame without its trailing blanks.
std::string Row(const Frame& frame, int row) {
  return std::string(absl::StripTrailingAsciiWhitespace(frame.RowText(row)));
}

TEST_F(PtySessionTest, OpenSynchronizedFrameIsNeitherQuietNorReadable) {
  PtySession session(MarkedOptions(30, 5));
  StartProbe(session, {"open-frame"});
  // Every wait and every capture refuses the half-drawn frame, and says where it opened: at byte
  // 11, after "ready\x1b[2;1H".
  for (int i = 0; i < 2000 && !session.open_frame_offset().has_value(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));  // until the probe has written
  }
  ASSERT_EQ(session.open_frame_offset(), std::optional<uint64_t>(11));
  struct Case {
    std::string name;
    absl::Status status;
  };
  const Case cases[] = {
      {"WaitForQuiet", session.WaitForQuiet(absl::Milliseconds(50), absl::Milliseconds(300))},
      {"WaitForText", session.WaitForText("ready", absl::Milliseconds(300))},
      {"WaitForFrame",
       session.WaitForFrame(absl::ZeroDuration(), absl::Milliseconds(300)).status()},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(c.status.code(), absl::StatusCode::kDeadlineExceeded) << c.name;
    EXPECT_THAT(c.status.message(), HasSubstr("a synchronized frame (?2026h) is open: it opened at "
                                              "byte offset 11 of the output"))
        << c.name;
    // The screen as it is.
    EXPECT_THAT(c.status.message(), HasSubstr("  |half drawn" + std::string(20, ' ') + "|\n"))
        << c.name;
  }
  EXPECT_EQ(session.View().status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(session.View().status().message(), HasSubstr("opened at byte offset 11"));
  EXPECT_EQ(CaptureFrame(session).status().code(), absl::StatusCode::kFailedPrecondition);
  absl::StatusOr<SemanticSnapshot> semantic = CaptureSemantic(session, SemanticCapture::kBuffer);
  EXPECT_EQ(semantic.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(semantic.status().message(), HasSubstr("opened at byte offset 11"));
  const ::testing::Matcher<const ScreenView&> matchers[] = {
      EqualsGolden("never-written"), EqualsSemanticGolden("never-written"), IsThemeIndependent()};
  for (const auto& matcher : matchers) {
    ::testing::StringMatchResultListener listener;
    EXPECT_FALSE(::testing::ExplainMatchResult(matcher, session, &listener));
    EXPECT_THAT(listener.str(), HasSubstr("synchronized frame"));
  }
}

TEST_F(PtySessionTest, WaitForFrameNeverReturnsAHalfDrawnFrame) {
  // The probe draws 5 frames one row at a time, 15 ms apart: a capture inside a frame would show
  // rows of two different frames. Every screen WaitForFrame returns shows one frame whole.
  constexpr int kFrames = 5;
  PtySession session(MarkedOptions(30, 6));
  StartProbe(session, {"frames", absl::StrCat(kFrames)});
  int last_seen = 0;
  const absl::Time give_up = absl::Now() + absl::Seconds(30);
  while (last_seen < kFrames && absl::Now() < give_up) {
    absl::StatusOr<ScreenView> view = session.WaitForFrame();
    ASSERT_TRUE(view.ok()) << view.status();
    absl::StatusOr<Frame> frame = CaptureFrame(*view);
    ASSERT_TRUE(frame.ok()) << frame.status();
    const std::string first = Row(*frame, 0);
    if (first.empty()) continue;  // before the first frame
    int k = 0;
    ASSERT_EQ(std::sscanf(first.c_str(), "frame %d", &k), 1) << first;
    for (int row = 1; row <= 4; ++row) {
      EXPECT_EQ(Row(*frame, row - 1), absl::StrCat("frame ", k, " row ", row))
          << "a half-drawn frame was returned";
    }
    EXPECT_GE(k, last_seen);
    last_seen = k;
  }
  EXPECT_EQ(last_seen, kFrames);
  // With a quiet period it returns the settled screen after the last frame.
  absl::StatusOr<ScreenView> settled = session.WaitForFrame(absl::Milliseconds(100));
  ASSERT_TRUE(settled.ok()) << settled.status();
  absl::StatusOr<Frame> frame = CaptureFrame(*settled);
  ASSERT_TRUE(frame.ok());
  EXPECT_EQ(Row(*frame, 0), absl::StrCat("frame ", kFrames, " row 1"));
  EXPECT_EQ(Row(*frame, 5), "done");
}

TEST_F(PtySessionTest, WaitingForTextSeesOnlyWholeFrames) {
  // "frame 3 row 1" is on the screen for 45 ms while frame 3, the last, is half drawn; the wait
  // returns only once the frame is closed, so the screen read at once after it shows all four
  // rows of frame 3. (The last frame: an earlier one can be overwritten before a loaded machine
  // lets the waiter look between frames, and its text would never be seen.)
  PtySession session(MarkedOptions(30, 6));
  StartProbe(session, {"frames", "3"});
  ASSERT_TRUE(session.WaitForText("frame 3 row 1").ok());
  const std::string screen = session.ScreenText();  // no second wait
  EXPECT_THAT(screen, HasSubstr("frame 3 row 4")) << screen;
}

TEST_F(PtySessionTest, WaitForFrameRefusesANegativeQuietPeriod) {
  PtySession session(MarkedOptions(30, 5));
  StartProbe(session, {"exit", "0"});
  EXPECT_EQ(session.WaitForFrame(absl::Milliseconds(-1)).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST_F(PtySessionTest, QuietAfterTheProgramEndedIsImmediate) {
  PtySession session(MarkedOptions(30, 5));
  StartProbe(session, {"exit", "0"});
  ASSERT_TRUE(session.WaitForExit().ok());
  EXPECT_TRUE(session.WaitForQuiet(absl::Seconds(5), absl::Milliseconds(100)).ok());
}

TEST_F(PtySessionTest, CloseHangsUpThenReportsHowTheProgramEnded) {
  PtySession session(MarkedOptions(30, 5));
  StartProbe(session, {"winch"});
  ASSERT_TRUE(session.WaitForText("size").ok());
  const ExitStatus status = session.Close();
  EXPECT_EQ(status.signal, SIGHUP);
  EXPECT_EQ(status.ToString(), "killed by signal 1 (SIGHUP)");
  EXPECT_EQ(session.Close(), status);               // idempotent
  EXPECT_THAT(session, RowTextIs(0, "size 30x5"));  // the screen stays readable
}

}  // namespace

// Holds the reader thread back, so that output waits in the kernel's buffer.
class PtySessionTestPeer {
 public:
  static void StopReader(PtySession& session) { session.StopReader(); }
  static int UnreadOutput(const PtySession& session) {
    std::lock_guard lock(session.mu_);
    return session.UnreadOutputLocked();
  }
};

namespace {

TEST_F(PtySessionTest, CloseDecodesOutputTheReaderHadNotReadYet) {
  std::string sunk;  // written by the reader, then (after it stopped) by Close on this thread
  PtyOptions options = MarkedOptions(30, 5);
  options.output_sink = [&sunk](absl::string_view chunk) {
    sunk.append(chunk.data(), chunk.size());
  };
  PtySession session(options);
  StartProbe(session, {"winch"});
  ASSERT_TRUE(session.WaitForText("size 30x5").ok());
  PtySessionTestPeer::StopReader(session);
  const uint64_t received = session.bytes_received();
  ASSERT_TRUE(session.Resize(40, 5).ok());  // the program answers with one write: "size 40x5\r\n"
  const absl::Time give_up = absl::Now() + absl::Seconds(10);
  while (PtySessionTestPeer::UnreadOutput(session) == 0 && absl::Now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  const int unread = PtySessionTestPeer::UnreadOutput(session);
  ASSERT_EQ(unread, 11) << "the program did not answer";
  EXPECT_THAT(session, RowTextIs(1, ""));  // not decoded yet
  session.Close();
  EXPECT_THAT(session, RowTextIs(1, "size 40x5"));
  EXPECT_EQ(session.bytes_received(), received + static_cast<uint64_t>(unread));
  EXPECT_EQ(sunk.size(), session.bytes_received());
  EXPECT_THAT(sunk, ::testing::EndsWith("size 40x5\r\n"));  // the sink gets what Close drained
}

TEST_F(PtySessionTest, CloseKillsAProgramThatIgnoresTheHangup) {
  PtyOptions options = MarkedOptions(30, 5);
  options.close_grace = absl::Milliseconds(100);
  PtySession session(options);
  StartProbe(session, {"ignore-hup"});
  ASSERT_TRUE(session.WaitForText("ignoring").ok());
  EXPECT_EQ(session.Close().signal, SIGKILL);
}

TEST_F(PtySessionTest, DestructionKillsProcessesThatLeftTheProcessGroup) {
  pid_t sid = -1;
  pid_t grandchild = -1;
  {
    PtySession session(MarkedOptions(30, 5));
    StartProbe(session, {"group-escape"});
    ASSERT_TRUE(session.WaitForPattern(R"(spawned \d+)").ok());
    sid = session.pid();
    const std::string line = session.ScreenText();
    grandchild = std::atoi(line.substr(line.find(' ') + 1).c_str());
    ASSERT_GT(grandchild, 0);
    EXPECT_EQ(LiveProcessesInSession(sid).size(), 2u);
  }
  EXPECT_THAT(LiveProcessesInSession(sid), ::testing::IsEmpty());
}

// The leak check at the end of each PTY test binary (test_support.h) sees a live program.
TEST_F(PtySessionTest, LeakCheckFindsALiveMarkedProgram) {
  {
    PtySession session(MarkedOptions(30, 5));
    StartProbe(session, {"winch"});
    ASSERT_TRUE(session.WaitForText("size").ok());
    EXPECT_THAT(pty_test::MarkedProcesses(),
                ::testing::ElementsAre(StartsWith(absl::StrCat(session.pid(), " ", kProbe))));
  }
  EXPECT_THAT(pty_test::MarkedProcesses(), ::testing::IsEmpty());
}

TEST_F(PtySessionTest, ProgramThatCannotStartIsNamed) {
  PtySession session(MarkedOptions(30, 5));
  absl::Status s = session.Start({"vtsnap-no-such-program"});
  EXPECT_EQ(s.code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(s.message(), AllOf(HasSubstr("'vtsnap-no-such-program'"), HasSubstr("PATH")));
  PtySession by_path(MarkedOptions(30, 5));
  s = by_path.Start({"/nonexistent/prog"});
  EXPECT_EQ(s.code(), absl::StatusCode::kNotFound);
  PtySession not_executable(MarkedOptions(30, 5));
  s = not_executable.Start({"/etc/passwd"});
  EXPECT_EQ(s.code(), absl::StatusCode::kPermissionDenied);
  EXPECT_THAT(s.message(), HasSubstr("not executable"));
  PtySession directory(MarkedOptions(30, 5));
  EXPECT_EQ(directory.Start({"/tmp"}).code(), absl::StatusCode::kPermissionDenied);
}

TEST_F(PtySessionTest, BadOptionsAreRefusedBeforeAnythingStarts) {
  PtySession zero(MarkedOptions(0, 5));
  EXPECT_EQ(zero.Start({kProbe, "exit", "0"}).code(), absl::StatusCode::kInvalidArgument);
  PtySession empty(MarkedOptions(10, 5));
  EXPECT_EQ(empty.Start({}).code(), absl::StatusCode::kInvalidArgument);
  PtyOptions missing_dir = MarkedOptions(10, 5);
  missing_dir.working_directory = "/nonexistent-dir";
  PtySession in_missing_dir(missing_dir);
  EXPECT_EQ(in_missing_dir.Start({kProbe, "exit", "0"}).code(), absl::StatusCode::kNotFound);
}

TEST_F(PtySessionTest, StartTwiceIsRefused) {
  PtySession session(MarkedOptions(30, 5));
  StartProbe(session, {"exit", "0"});
  EXPECT_EQ(session.Start({kProbe, "exit", "0"}).code(), absl::StatusCode::kFailedPrecondition);
}

TEST_F(PtySessionTest, TimeoutScaleMultipliesTimeouts) {
  setenv("VTSNAP_TIMEOUT_SCALE", "3", 1);
  PtySession session(MarkedOptions(30, 5));
  StartProbe(session, {"winch"});
  unsetenv("VTSNAP_TIMEOUT_SCALE");
  const absl::Time start = absl::Now();
  absl::Status s = session.WaitForText("nope", absl::Milliseconds(100));
  EXPECT_GE(absl::Now() - start, absl::Milliseconds(300));
  EXPECT_THAT(s.message(), HasSubstr("timed out after 300ms"));
}

TEST(TimeoutScale, ParsesPositiveNumbersAndNamesBadValues) {
  struct Case {
    const char* value;
    bool ok;
    double scale;
  };
  for (const Case& c : std::vector<Case>{{"", true, 1},
                                         {"2", true, 2},
                                         {"0.5", true, 0.5},
                                         {"0", false, 0},
                                         {"-1", false, 0},
                                         {"abc", false, 0},
                                         {"inf", false, 0}}) {
    setenv("VTSNAP_TIMEOUT_SCALE", c.value, 1);
    absl::StatusOr<double> scale = TimeoutScaleFromEnvironment();
    EXPECT_EQ(scale.ok(), c.ok) << c.value;
    if (scale.ok()) {
      EXPECT_EQ(*scale, c.scale) << c.value;
    }
    if (!scale.ok()) {
      EXPECT_THAT(scale.status().message(),
                  HasSubstr(absl::StrCat("VTSNAP_TIMEOUT_SCALE=\"", c.value, "\"")));
    }
  }
  unsetenv("VTSNAP_TIMEOUT_SCALE");
  EXPECT_EQ(*TimeoutScaleFromEnvironment(), 1);
}

TEST(TimeoutScale, BadValueStopsStart) {
  setenv("VTSNAP_TIMEOUT_SCALE", "fast", 1);
  PtySession session(MarkedOptions(30, 5));
  absl::Status s = session.Start({kProbe, "exit", "0"});
  unsetenv("VTSNAP_TIMEOUT_SCALE");
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(session.pid(), -1);
}

// A session's view keeps what the semantic projection and the theme check read beyond the cells
// (modes, wrap flags, scrollback), so both answer for the session as for a VirtualTerminal fed the
// same bytes; and the facts a Frame cannot hold are really there.
TEST_F(PtySessionTest, SemanticProjectionAndThemeCheckOfASessionMatchAReplayOfItsOutput) {
  // Line 0 (theme-dependent colours) scrolls into the scrollback; a line soft-wraps; a background
  // stays on screen; the program leaves a bar cursor and lifecycle modes on when it exits.
  const std::string script =
      "printf '\\033[38;5;208m208\\033[39m \\033[48;2;250;240;230mon rgb\\033[m\\n'; "
      "i=1; while [ $i -le 8 ]; do printf 'scroll %d\\n' $i; i=$((i+1)); done; "
      "printf '\\033[1mbold\\033[m \\033[7mreverse\\033[m \\033[31mred\\033[m\\n'; "
      "printf 'a line long enough to wrap: 0123456789012345678901234567890123456789\\n'; "
      "printf '\\033[44mblue bg\\033[m\\n'; "
      "printf '\\033[5 q\\033[?2004h\\033[?1002h\\033[?1006h\\033[2;3H'";
  PtyOptions options = MarkedOptions(40, 6);
  options.keep_output = true;
  PtySession session(options);
  ASSERT_TRUE(session.Start({"sh", "-c", script}).ok());
  sessions_.push_back(session.pid());
  ASSERT_TRUE(session.WaitForExit().ok());
  VirtualTerminal replay({.cols = 40, .rows = 6});
  replay.Write(session.Output());

  for (SemanticCapture capture : {SemanticCapture::kViewport, SemanticCapture::kBuffer}) {
    SCOPED_TRACE(SemanticCaptureName(capture));
    absl::StatusOr<SemanticSnapshot> live = CaptureSemantic(session, capture);
    ASSERT_TRUE(live.ok()) << live.status();
    absl::StatusOr<SemanticSnapshot> replayed = CaptureSemantic(replay, capture);
    ASSERT_TRUE(replayed.ok()) << replayed.status();
    EXPECT_EQ(DiffSemantic(*replayed, *live), "");
    EXPECT_EQ(live->scrollback, 8);
    EXPECT_TRUE(live->bracketed_paste);
    EXPECT_EQ(live->mouse_tracking, MouseTracking::kButtonEvent);
    EXPECT_EQ(live->mouse_encoding, MouseEncoding::kSgr);
    EXPECT_EQ(live->cursor_shape, CursorShape::kBar);
  }
  absl::StatusOr<SemanticSnapshot> buffer = CaptureSemantic(session, SemanticCapture::kBuffer);
  ASSERT_TRUE(buffer.ok()) << buffer.status();
  const std::string text = SerializeSemantic(*buffer);
  EXPECT_THAT(text, HasSubstr("\n0 |208 on rgb\n1 |scroll 1\n"));  // the scrollback, first
  EXPECT_THAT(text, HasSubstr("\n10 |a line long enough to wrap: 012345678901\n11 +|"));
  EXPECT_THAT(text, HasSubstr("\n0 0-2 fg=208\n"));

  EXPECT_EQ(FindThemeViolations(session), FindThemeViolations(replay));
  EXPECT_THAT(RenderThemeViolations(FindThemeViolations(session)),
              AllOf(HasSubstr("scrollback 0 cols 0-2: fg=208 (palette index above 15)\n"),
                    HasSubstr("row 4 cols 0-6: bg=blue (explicit background)\n")));
  ::testing::StringMatchResultListener listener;
  EXPECT_FALSE(::testing::ExplainMatchResult(IsThemeIndependent(), session, &listener));
  EXPECT_THAT(listener.str(), HasSubstr("scrollback 0 cols 0-2"));
}

// The pito-tui dumps read what a Frame cannot hold (blink, invisible text, overline, link ids);
// a session's view kept its terminal's cells, so its dumps equal a replay's.
TEST_F(PtySessionTest, PitoDumpsOfASessionMatchAReplayOfItsOutput) {
  const std::string script =
      "printf '\\033[5mblink\\033[25m \\033[8msecret\\033[28m \\033[53mover\\033[55m "
      "\\033]8;id=a;https://x.test\\033\\\\link\\033]8;;\\033\\\\\\n'";
  PtyOptions options = MarkedOptions(40, 3);
  options.keep_output = true;
  PtySession session(options);
  ASSERT_TRUE(session.Start({"sh", "-c", script}).ok());
  sessions_.push_back(session.pid());
  ASSERT_TRUE(session.WaitForExit().ok());
  VirtualTerminal replay({.cols = 40, .rows = 3});
  replay.Write(session.Output());

  absl::StatusOr<std::string> text = pito::DumpText(session);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text, "blink secret over link\n\n");  // invisible text keeps its symbols
  EXPECT_EQ(*text, *pito::DumpText(replay));
  absl::StatusOr<std::string> ansi = pito::DumpAnsi(session);
  ASSERT_TRUE(ansi.ok()) << ansi.status();
  EXPECT_EQ(*ansi, *pito::DumpAnsi(replay));
  EXPECT_THAT(*ansi, AllOf(HasSubstr("secret"), HasSubstr("id=a;https://x.test")));
  absl::StatusOr<pito::TuiFrame> frame = pito::FrameFromScreen(session, {.allow_loss = true});
  ASSERT_TRUE(frame.ok()) << frame.status();
  EXPECT_EQ(*frame, *pito::FrameFromScreen(replay, {.allow_loss = true}));
  EXPECT_EQ(frame->StyleAt(0, 0).modifiers, pito::kSlowBlink);
  EXPECT_EQ(frame->StyleAt(6, 0).modifiers, pito::kHidden);
  // Without allow_loss the overline and the link are refused, as for a live terminal.
  EXPECT_EQ(pito::FrameFromScreen(session).status().code(),
            pito::FrameFromScreen(replay).status().code());
  EXPECT_FALSE(pito::FrameFromScreen(session).ok());
}

TEST_F(PtySessionTest, SemanticProjectionOfAViewIsTheScreenWhenTheViewWasTaken) {
  PtySession session(MarkedOptions(40, 8));
  StartProbe(session, {"winch"});
  ASSERT_TRUE(session.WaitForText("size 40x8").ok());
  const ScreenView before = session.View();
  ASSERT_TRUE(session.Resize(50, 12).ok());
  ASSERT_TRUE(session.WaitForText("size 50x12").ok());
  absl::StatusOr<SemanticSnapshot> then = CaptureSemantic(before);
  absl::StatusOr<SemanticSnapshot> now = CaptureSemantic(session);
  ASSERT_TRUE(then.ok()) << then.status();
  ASSERT_TRUE(now.ok()) << now.status();
  EXPECT_EQ(then->cols, 40);
  EXPECT_EQ(then->rows, 8);
  EXPECT_EQ(now->cols, 50);
  EXPECT_EQ(now->rows, 12);
}

TEST_F(PtySessionTest, GoldenOfAProgramScreen) {
  PtySession session(MarkedOptions(24, 4));
  StartProbe(session, {"exit", "0"});
  ASSERT_TRUE(session.WaitForExit().ok());
  EXPECT_THAT(session, EqualsGolden("exit-screen"));
}

// The header's usage example, with a file of our own.
TEST_F(PtySessionTest, HeaderExampleWithLess) {
  const std::filesystem::path file =
      vtsnap::test_util::SharedScratchDir("pty_session_test") / "notes.txt";
  {
    std::FILE* f = std::fopen(file.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs("groceries\nTODO: call the plumber\nbooks\n", f);
    std::fclose(f);
  }
  PtyOptions options = MarkedOptions(80, 24);
  options.env["LESSHISTFILE"] = "-";
  PtySession session(options);
  ASSERT_TRUE(session.Start({"less", file.string()}).ok());
  sessions_.push_back(session.pid());
  ASSERT_TRUE(session.WaitForText("(END)").ok());
  ASSERT_TRUE(session.SendKeys("/TODO enter").ok());
  ASSERT_TRUE(session.WaitForQuiet(absl::Milliseconds(100)).ok());
  EXPECT_THAT(session, RowTextIs(0, "TODO: call the plumber"));
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace vtsnap
