// `vtsnap record` driven as a user drives it: the command runs in a terminal (a PtySession stands
// in for the user's), the test types at the program through it, marks checkpoints with ctrl+\ c and
// ends the session; then the generated test is compiled with one compiler invocation against this
// build's libraries and run, and it must pass. Also its errors: a program that cannot be started
// (127), standard input not a terminal, an --out that cannot be written, files that exist.
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/consumer_compile.h"
#include "test/pty/test_support.h"
#include "test/scratch_dir.h"
#include "vtsnap/pty/pty_session.h"
#include "vtsnap/snapshot/golden/store.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;
using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::Not;

const std::string kCli = VTSNAP_CLI_BINARY;

std::string ReadAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// `vtsnap record ARGS...` in a terminal of cols x rows whose working directory is `dir`.
std::unique_ptr<PtySession> StartRecorder(const fs::path& dir, std::vector<std::string> args,
                                          int cols, int rows) {
  PtyOptions options = pty_test::MarkedOptions(cols, rows);
  options.working_directory = dir.string();
  options.timeout = absl::Seconds(20);
  auto session = std::make_unique<PtySession>(options);
  args.insert(args.begin(), {kCli, "record"});
  EXPECT_EQ(session->Start(args), absl::OkStatus());
  return session;
}

// Runs a shell command, its output into `log`; its exit status.
int Shell(const std::string& command, const fs::path& log) {
  const int status =
      std::system(absl::StrCat(command, " >", ShellQuote(log.string()), " 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

// Compiles `source` into `binary` with one compiler invocation against this build's libraries
// (test/consumer_compile.h).
void CompileTest(const fs::path& source, const fs::path& binary) {
  const absl::Time start = absl::Now();
  const test_util::ShellResult compiled =
      test_util::CompileConsumer(source.parent_path(), source.string(), binary.string());
  EXPECT_EQ(compiled.code, 0) << compiled.out;
  std::fprintf(
      stderr, "compiled %s in %s\n", source.filename().c_str(),
      absl::FormatDuration(absl::Trunc(absl::Now() - start, absl::Milliseconds(10))).c_str());
}

// Runs a generated test binary as a user would right away: goldens read, never written.
int RunTest(const fs::path& binary, std::string* output) {
  const fs::path log = binary.string() + ".log";
  const int code =
      Shell(absl::StrCat("env -u UPDATE_GOLDENS -u VTSNAP_GOLDEN_ROOT -u VTSNAP_INVENTORY_DIR ",
                         ShellQuote(binary.string())),
            log);
  *output = ReadAll(log);
  return code;
}

// Waits for the recorder to end and returns its screen.
std::string WaitForRecorder(PtySession& recorder) {
  absl::StatusOr<ExitStatus> status = recorder.WaitForExit();
  EXPECT_TRUE(status.ok()) << status.status() << "\n" << recorder.DescribeScreen();
  if (status.ok()) {
    EXPECT_EQ(status->ToString(), "exit status 0") << recorder.ScreenText();
  }
  return recorder.ScreenText();
}

// Records less on a 30-line file: two lines down, a checkpoint, q (less exits by itself).
void RecordLess(const fs::path& dir) {
  std::string lines;
  for (int i = 1; i <= 30; ++i) absl::StrAppend(&lines, "line ", i, "\n");
  std::ofstream(dir / "notes.txt") << lines;
  auto recorder = StartRecorder(
      dir, {"--size", "40x10", "--name", "less_scroll", "--", "less", "notes.txt"}, 100, 12);
  ASSERT_EQ(recorder->WaitForText("line 9"), absl::OkStatus());
  ASSERT_EQ(recorder->SendKeys("j j"), absl::OkStatus());
  ASSERT_EQ(recorder->WaitForText("line 11"), absl::OkStatus());
  ASSERT_EQ(recorder->SendKeys("ctrl+\\ c"), absl::OkStatus());
  ASSERT_EQ(recorder->SendKeys("q"), absl::OkStatus());
  EXPECT_THAT(WaitForRecorder(*recorder), HasSubstr("vtsnap_discover_tests(less_scroll_test)"));

  const std::string source = ReadAll(dir / "less_scroll_test.cc");
  EXPECT_THAT(source, HasSubstr("session.Start({\"less\", \"notes.txt\"})"));
  // Typed together, faster than less answered: one group.
  EXPECT_THAT(source, HasSubstr("session.SendKeys(\"jj\")"));
  EXPECT_THAT(source, HasSubstr("vtsnap::EqualsGolden(\"less_scroll_1\", golden)"));
  EXPECT_THAT(source, HasSubstr("session.SendKeys(\"q\")"));
  EXPECT_THAT(source, HasSubstr("EXPECT_EQ(exit->ToString(), \"exit status 0\")"));
  // The checkpoint shows what less showed after two lines down: line 3 at the top, line 11 last.
  const std::string dump = ReadAll(dir / "goldens/less_scroll_test/less_scroll_1.dump");
  EXPECT_THAT(dump, ContainsRegex("grid\n\\|line 3 +\\|\n"));
  EXPECT_THAT(dump, ContainsRegex("\\|line 11 +\\|\n"));
  EXPECT_THAT(dump, Not(HasSubstr("|line 2 ")));
}

// Records menu_app: j twice, a checkpoint, then ctrl+\ q ends the recording and the program. The
// clock in its status bar is redacted.
void RecordMenuApp(const fs::path& dir) {
  auto recorder = StartRecorder(dir,
                                {"--size", "40x10", "--redact", "\\d\\d:\\d\\d:\\d\\d", "--",
                                 VTSNAP_MENU_APP_BINARY, "--interactive"},
                                100, 12);
  ASSERT_EQ(recorder->WaitForText("Apples"), absl::OkStatus());
  ASSERT_EQ(recorder->SendKeys("j"), absl::OkStatus());
  ASSERT_EQ(recorder->WaitForText("> Bread"), absl::OkStatus());
  ASSERT_EQ(recorder->SendKeys("j"), absl::OkStatus());
  ASSERT_EQ(recorder->WaitForText("> 寿司"), absl::OkStatus());
  ASSERT_EQ(recorder->SendKeys("ctrl+\\ c ctrl+\\ q"), absl::OkStatus());
  EXPECT_THAT(WaitForRecorder(*recorder), HasSubstr("vtsnap_discover_tests(menu_app_test)"));

  const std::string source = ReadAll(dir / "menu_app_test.cc");
  EXPECT_THAT(source,
              HasSubstr("golden.redactions.AddPattern(\"\\\\d\\\\d:\\\\d\\\\d:\\\\d\\\\d\")"));
  EXPECT_THAT(source, HasSubstr("vtsnap::EqualsGolden(\"menu_app_1\", golden)"));
  EXPECT_THAT(source, Not(HasSubstr("WaitForExit")));  // the recording ended it
  const std::string dump = ReadAll(dir / "goldens/menu_app_test/menu_app_1.dump");
  EXPECT_THAT(dump, HasSubstr("> 寿司 (sushi)"));
  EXPECT_THAT(dump, HasSubstr("########"));  // the clock, masked
}

// Both recordings, then both generated tests compiled at once (one compiler invocation each) and
// run: each must pass as written, and the less one must fail once its golden shows other lines.
TEST(Record, RecordedLessAndMenuAppSessionsReplayAndPass) {
  const absl::Time start = absl::Now();
  const fs::path less = test_util::ScratchDir("record_less");
  const fs::path menu = test_util::ScratchDir("record_menu");
  RecordLess(less);
  RecordMenuApp(menu);
  if (HasFatalFailure()) return;
  if (!fs::exists(fs::path(VTSNAP_BINARY_DIR) / "vtsnap-gtest.pc")) {
    GTEST_SKIP() << "no vtsnap-gtest.pc in " << VTSNAP_BINARY_DIR
                 << " (configured with VTSNAP_INSTALL=OFF): the generated tests are not compiled";
  }
  const absl::Duration recording = absl::Now() - start;

  const absl::Time compile_start = absl::Now();
  std::thread less_compile(
      [&] { CompileTest(less / "less_scroll_test.cc", less / "less_scroll_test"); });
  CompileTest(menu / "menu_app_test.cc", menu / "menu_app_test");
  less_compile.join();
  const absl::Duration compiling = absl::Now() - compile_start;

  std::string output;
  EXPECT_EQ(RunTest(less / "less_scroll_test", &output), 0) << output;
  EXPECT_THAT(output, HasSubstr("[  PASSED  ] 1 test"));
  EXPECT_EQ(RunTest(menu / "menu_app_test", &output), 0) << output;
  EXPECT_THAT(output, HasSubstr("[  PASSED  ] 1 test"));
  // The replay checks the screen: a golden that shows something else fails it.
  const fs::path golden = less / "goldens/less_scroll_test/less_scroll_1.dump";
  const std::string dump = ReadAll(golden);
  std::ofstream(golden, std::ios::trunc) << absl::StrReplaceAll(dump, {{"line 11", "line 99"}});
  EXPECT_NE(RunTest(less / "less_scroll_test", &output), 0) << output;
  EXPECT_THAT(output, HasSubstr("less_scroll_1"));
  std::fprintf(
      stderr, "recording %s, compiling %s, in all %s\n",
      absl::FormatDuration(absl::Trunc(recording, absl::Milliseconds(10))).c_str(),
      absl::FormatDuration(absl::Trunc(compiling, absl::Milliseconds(10))).c_str(),
      absl::FormatDuration(absl::Trunc(absl::Now() - start, absl::Milliseconds(10))).c_str());
}

TEST(Record, HelpNamesTheHotkeys) {
  const fs::path dir = test_util::ScratchDir("record_help");
  for (const char* args : {" help record", " record --help"}) {
    EXPECT_EQ(Shell(absl::StrCat(ShellQuote(kCli), args), dir / "log"), 0) << args;
    const std::string help = ReadAll(dir / "log");
    EXPECT_THAT(help, HasSubstr("usage: vtsnap record [--size COLSxROWS]")) << args;
    EXPECT_THAT(help, HasSubstr("ctrl+\\ then c marks a checkpoint")) << args;
    EXPECT_THAT(help, HasSubstr("ctrl+\\ then q ends the")) << args;
  }
  EXPECT_EQ(Shell(absl::StrCat(ShellQuote(kCli), " record --no-such-flag -- true"), dir / "log"),
            2);
  EXPECT_THAT(ReadAll(dir / "log"), HasSubstr("unknown option '--no-such-flag'"));
}

// A program that asks its terminal for its attributes gets the session's answer; the user's
// terminal (here the PtySession the recorder runs in) answers too, and that answer is neither
// passed on nor recorded. An answer that came late (300 ms) is awaited by its text in the replay.
TEST(Record, TerminalRepliesAreNotRecordedAndSlowAnswersAreAwaitedByText) {
  const fs::path dir = test_util::ScratchDir("record_replies");
  auto recorder =
      StartRecorder(dir,
                    {"--name", "asker", "--", "sh", "-c",
                     "printf '\\033[c'; read -r a; sleep 0.3; echo slow answer; read -r b"},
                    80, 24);
  // The session's answer reaches the program (its line discipline echoes it) before any key.
  ASSERT_EQ(recorder->WaitForText("[?64;"), absl::OkStatus());
  ASSERT_EQ(recorder->WaitForQuiet(absl::Milliseconds(200)), absl::OkStatus());
  ASSERT_EQ(recorder->SendKeys("a enter"), absl::OkStatus());
  ASSERT_EQ(recorder->WaitForText("slow answer"), absl::OkStatus());
  ASSERT_EQ(recorder->SendKeys("b enter"), absl::OkStatus());
  WaitForRecorder(*recorder);
  const std::string source = ReadAll(dir / "asker_test.cc");
  EXPECT_THAT(source, HasSubstr("session.SendKeys(\"a enter\")"));
  EXPECT_THAT(source, HasSubstr("session.WaitForText(\"slow answer\")"));
  EXPECT_THAT(source, HasSubstr("session.SendKeys(\"b enter\")"));
  EXPECT_THAT(source, Not(HasSubstr("\\033[?")));  // no device attributes typed
  EXPECT_THAT(source, Not(HasSubstr("Send(")));
}

// ctrl+\ twice types one ctrl+\ for the program; ctrl+\ then another key types nothing.
TEST(Record, HotkeyTwiceTypesItAndHotkeyThenOtherKeyTypesNothing) {
  const fs::path dir = test_util::ScratchDir("record_hotkey");
  auto recorder = StartRecorder(
      dir, {"--name", "cat_v", "--", "sh", "-c", "stty -isig; echo ready; exec cat -v"}, 80, 24);
  // Keys typed before `stty -isig` ran would make ctrl+\ a SIGQUIT for the program.
  ASSERT_EQ(recorder->WaitForText("ready"), absl::OkStatus());
  ASSERT_EQ(recorder->WaitForQuiet(absl::Milliseconds(200)), absl::OkStatus());
  ASSERT_EQ(recorder->SendKeys("ctrl+\\ ctrl+\\"), absl::OkStatus());
  ASSERT_EQ(recorder->WaitForText("^\\"), absl::OkStatus());
  ASSERT_EQ(recorder->SendKeys("ctrl+\\ x"), absl::OkStatus());
  ASSERT_EQ(recorder->SendKeys("a enter"), absl::OkStatus());
  ASSERT_EQ(recorder->WaitForText("^\\a\n^\\a"), absl::OkStatus());
  ASSERT_EQ(recorder->SendKeys("ctrl+\\ q"), absl::OkStatus());
  WaitForRecorder(*recorder);
  const std::string source = ReadAll(dir / "cat_v_test.cc");
  EXPECT_THAT(source, HasSubstr("session.SendKeys(\"ctrl+\\\\\")"));
  EXPECT_THAT(source, HasSubstr("session.SendKeys(\"a enter\")"));
  EXPECT_THAT(source, Not(ContainsRegex("SendKeys\\(\"[^\"]*x")));
}

TEST(Record, ProgramNotFoundExits127NamingIt) {
  const fs::path dir = test_util::ScratchDir("record_not_found");
  auto recorder = StartRecorder(dir, {"--", "no-such-program-vtsnap"}, 80, 24);
  absl::StatusOr<ExitStatus> status = recorder->WaitForExit();
  ASSERT_TRUE(status.ok()) << status.status();
  EXPECT_EQ(status->code, 127);
  EXPECT_THAT(recorder->ScreenText(), HasSubstr("no-such-program-vtsnap"));
  EXPECT_FALSE(fs::exists(dir / "no_such_program_vtsnap_test.cc"));
}

TEST(Record, StandardInputNotATerminalExits2) {
  const fs::path dir = test_util::ScratchDir("record_not_tty");
  const fs::path log = dir / "log";
  const int code = Shell(absl::StrCat(ShellQuote(kCli), " record --out ", ShellQuote(dir.string()),
                                      " -- true </dev/null"),
                         log);
  EXPECT_EQ(code, 2);
  EXPECT_THAT(ReadAll(log), HasSubstr("standard input is not a terminal"));
  EXPECT_FALSE(fs::exists(dir / "true_test.cc"));
}

TEST(Record, OutThatCannotBeWrittenIsNamed) {
  const fs::path dir = test_util::ScratchDir("record_bad_out");
  auto recorder = StartRecorder(dir, {"--out", "missing/folder", "--", "true"}, 80, 24);
  absl::StatusOr<ExitStatus> status = recorder->WaitForExit();
  ASSERT_TRUE(status.ok()) << status.status();
  EXPECT_EQ(status->code, 2);
  EXPECT_THAT(recorder->ScreenText(), HasSubstr("--out 'missing/folder': not a directory"));
}

TEST(Record, ExistingTestIsNotReplacedWithoutForce) {
  const fs::path dir = test_util::ScratchDir("record_exists");
  std::ofstream(dir / "echo_test.cc") << "// mine\n";
  auto recorder = StartRecorder(dir, {"--", "echo", "hi"}, 80, 24);
  absl::StatusOr<ExitStatus> status = recorder->WaitForExit();
  ASSERT_TRUE(status.ok()) << status.status();
  EXPECT_EQ(status->code, 2);
  EXPECT_THAT(recorder->ScreenText(), HasSubstr("./echo_test.cc exists"));
  EXPECT_EQ(ReadAll(dir / "echo_test.cc"), "// mine\n");
}

TEST(Record, ExistingGoldenIsNotReplacedWithoutForce) {
  const fs::path dir = test_util::ScratchDir("record_golden_exists");
  fs::create_directories(dir / "goldens/echo_test");
  std::ofstream(dir / "goldens/echo_test/echo_1.dump") << "mine\n";
  auto recorder = StartRecorder(dir, {"--", "echo", "hi"}, 80, 24);
  absl::StatusOr<ExitStatus> status = recorder->WaitForExit();
  ASSERT_TRUE(status.ok()) << status.status();
  EXPECT_EQ(status->code, 2);
  EXPECT_THAT(recorder->ScreenText(), HasSubstr("echo_1.dump exists"));
  EXPECT_FALSE(fs::exists(dir / "echo_test.cc"));
}

TEST(Record, ForceReplacesAnEarlierRecording) {
  const fs::path dir = test_util::ScratchDir("record_force");
  std::ofstream(dir / "echo_test.cc") << "// old\n";
  const fs::path goldens = dir / "goldens/echo_test";
  fs::create_directories(goldens);
  for (const char* file : {"echo_1.dump", "echo_2.dump", "echo_x.dump", "other_1.dump"}) {
    std::ofstream(goldens / file) << "old\n";
  }
  // `echo` ends by itself: a recording without keys or checkpoints.
  auto recorder = StartRecorder(dir, {"--force", "--", "echo", "hi"}, 80, 24);
  WaitForRecorder(*recorder);
  const std::string source = ReadAll(dir / "echo_test.cc");
  EXPECT_THAT(source, HasSubstr("session.Start({\"echo\", \"hi\"})"));
  EXPECT_THAT(source, HasSubstr("WaitForExit"));
  // The earlier recording's checkpoints go; files that are not its goldens stay.
  EXPECT_FALSE(fs::exists(goldens / "echo_1.dump"));
  EXPECT_FALSE(fs::exists(goldens / "echo_2.dump"));
  EXPECT_TRUE(fs::exists(goldens / "echo_x.dump"));
  EXPECT_TRUE(fs::exists(goldens / "other_1.dump"));
}

// SIGTERM during a recording: the program's session ends, nothing is written, the exit code is
// 143, and the terminal is back in its own mode (canonical, echoing) for the shell after it.
TEST(Record, SignalRestoresTheTerminalAndWritesNothing) {
  const fs::path dir = test_util::ScratchDir("record_signal");
  PtyOptions options = pty_test::MarkedOptions(100, 12);
  options.working_directory = dir.string();
  PtySession shell(options);
  ASSERT_EQ(shell.Start({"sh", "-c",
                         absl::StrCat(ShellQuote(kCli),
                                      " record -- sleep 30; echo \"rc=$?\"; stty -a | tr ' ;' "
                                      "'\\n\\n' | grep -x -e icanon -e echo -e -icanon -e -echo "
                                      "| tr '\\n' ' '; echo end")}),
            absl::OkStatus());
  // The recorder watches for signals and has the terminal raw once its program runs: wait for
  // `sleep 30` itself (in a session of its own, the recorder's terminal) and signal its parent.
  // Not the first process of the shell's whose command line is the recorder's: between fork and
  // exec the recorder's child has that command line too.
  const std::string sleep_line = absl::StrCat("sleep", std::string(1, '\0'), "30");
  const std::string recorder_line = absl::StrCat(kCli, std::string(1, '\0'), "record");
  pid_t recorder = -1;
  for (int i = 0; i < 1000 && recorder < 0; ++i) {
    std::vector<pid_t> recorders;
    for (pid_t pid : LiveProcessesInSession(shell.pid())) {
      if (ReadAll(absl::StrCat("/proc/", pid, "/cmdline")).rfind(recorder_line, 0) == 0) {
        recorders.push_back(pid);
      }
    }
    for (const fs::directory_entry& e : fs::directory_iterator("/proc")) {
      if (recorders.empty() || ReadAll(e.path() / "cmdline").rfind(sleep_line, 0) != 0) continue;
      const std::string stat = ReadAll(e.path() / "stat");
      const size_t close = stat.rfind(')');
      if (close == std::string::npos) continue;
      std::istringstream fields(stat.substr(close + 2));
      std::string state;
      pid_t parent = 0;
      fields >> state >> parent;
      if (absl::c_linear_search(recorders, parent)) recorder = parent;
    }
    if (recorder < 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_GT(recorder, 0) << shell.ScreenText();
  ASSERT_EQ(shell.WaitForQuiet(absl::Milliseconds(200)), absl::OkStatus());
  ASSERT_EQ(kill(recorder, SIGTERM), 0);
  ASSERT_EQ(shell.WaitForText("end"), absl::OkStatus()) << shell.ScreenText();
  const std::string screen = shell.ScreenText();
  EXPECT_THAT(screen, HasSubstr("interrupted by SIGTERM; nothing was written"));
  EXPECT_THAT(screen, HasSubstr("rc=143"));
  EXPECT_THAT(screen, HasSubstr("icanon echo end"));
  EXPECT_FALSE(fs::exists(dir / "sleep_test.cc"));
}

}  // namespace
}  // namespace vtsnap
