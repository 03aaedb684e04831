// `vtsnap run`: the flow (wait, quiet, key beats), the formats, redactions, the program's status,
// the exit codes (2 bad arguments, 124 timeout, 127 cannot start) and the --expect golden
// workflow with UPDATE_GOLDENS. Every program these tests start carries
// VTSNAP_PTY_TEST_MARKER=<pid>, so the PTY suite's leak check finds any left behind.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "test/pty/test_support.h"
#include "test/sanitizer.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/run_internal.h"

namespace vtsnap::tools {
namespace {

namespace fs = std::filesystem;
using ::testing::AllOf;
using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::StartsWith;

// This process's marker: the leak check of test/pty/test_support.h fails the binary at exit when a
// program carrying it is still alive.
const std::string kMarker = vtsnap::pty_test::MarkerEntry();

struct Result {
  int code;
  std::string out;
  std::string err;
};

// Runs `vtsnap run` with the marker environment variable for the program added in front.
Result VtsnapRun(const std::vector<std::string>& args) {
  std::vector<std::string> all = {"--env", kMarker};
  all.insert(all.end(), args.begin(), args.end());
  std::ostringstream out, err;
  const int code = RunRun(all, out, err);
  return {code, out.str(), err.str()};
}

// Sets (or, with nullopt, unsets) an environment variable for its lifetime.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, std::optional<std::string> value) : name_(name) {
    if (const char* old = std::getenv(name); old != nullptr) old_ = old;
    Set(value);
  }
  ~ScopedEnv() { Set(old_); }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  void Set(const std::optional<std::string>& value) {
    if (value.has_value()) {
      setenv(name_.c_str(), value->c_str(), 1);
    } else {
      unsetenv(name_.c_str());
    }
  }
  std::string name_;
  std::optional<std::string> old_;
};

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteFile(const std::string& path, const std::string& contents) {
  std::ofstream(path, std::ios::binary) << contents;
}

// The names of the files in `dir`, sorted.
std::vector<std::string> Listing(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// Each test gets an empty directory of its own and an environment without the variables that
// change where and whether goldens are written (the CI tests set CI themselves).
class RunCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string test = absl::StrCat(info->test_suite_name(), ".", info->name());
    for (char& c : test) {
      if (c == '/') c = '_';
    }
    dir_ = absl::StrCat(::testing::TempDir(), "run_cli_test.", getpid(), "/", test);
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    fs::remove_all(dir_);
    std::error_code ec;
    fs::remove(absl::StrCat(::testing::TempDir(), "run_cli_test.", getpid()), ec);  // if empty
  }

  std::string Path(const std::string& name) const { return dir_ + "/" + name; }

  std::string dir_;
  ScopedEnv ci_{"CI", std::nullopt};
  ScopedEnv update_{"UPDATE_GOLDENS", std::nullopt};
  ScopedEnv outputs_{"TEST_UNDECLARED_OUTPUTS_DIR", std::nullopt};
};

// --- The screen and the program's status ---------------------------------------------------------

TEST_F(RunCliTest, PrintsTheScreenTheProgramLeaves) {
  Result r = VtsnapRun({"--size", "20x3", "--", "sh", "-c", "printf 'hello  \\r\\n\\033[1mworld'"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "hello\nworld\n");
}

// The window size report (`CSI 18 t`) is answered only with --allow-window-ops, as xterm answers
// it only with allowWindowOps: the program asks, waits a second for the reply up to its final
// `t`, and prints what came (ESC dropped) or "none".
struct WindowOpsCase {
  std::string name;
  std::vector<std::string> flags;
  std::string screen;
};

class RunCliWindowOpsTest : public RunCliTest,
                            public ::testing::WithParamInterface<WindowOpsCase> {};

TEST_P(RunCliWindowOpsTest, TheWindowSizeReportFollowsAllowWindowOps) {
  std::vector<std::string> args = GetParam().flags;
  for (const char* a :
       {"--size", "30x4", "--wait-text", "end", "--", "bash", "-c",
        "stty raw -echo; printf '\\033[18t'; "
        "if IFS= read -r -s -t 1 -d t reply; then printf 'got %s end' \"${reply#?}\"; "
        "else printf 'none end'; fi"}) {
    args.push_back(a);
  }
  Result r = VtsnapRun(args);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, GetParam().screen + "\n");
}

INSTANTIATE_TEST_SUITE_P(
    Cases, RunCliWindowOpsTest,
    ::testing::Values(WindowOpsCase{"OffByDefaultAsInXterm", {}, "none end"},
                      WindowOpsCase{
                          "AnsweredWithTheFlag", {"--allow-window-ops"}, "got [8;4;30 end"}),
    [](const ::testing::TestParamInfo<WindowOpsCase>& info) { return info.param.name; });

// What the terminal answers a program that asks its colours (OSC 10, 11) or reads the clipboard
// (OSC 52): the program asks, waits a second for the reply up to its BEL, and prints what came
// (ESC dropped) or "none".
struct ReplyFlagCase {
  std::string name;
  std::vector<std::string> flags;
  std::string asks;  // printf's format for the query
  std::string screen;
};

class RunCliReplyFlagTest : public RunCliTest,
                            public ::testing::WithParamInterface<ReplyFlagCase> {};

TEST_P(RunCliReplyFlagTest, TheReplyFollowsTheFlags) {
  std::vector<std::string> args = GetParam().flags;
  for (const std::string& a :
       {std::string("--size"), std::string("50x4"), std::string("--wait-text"), std::string("end"),
        std::string("--"), std::string("bash"), std::string("-c"),
        absl::StrCat("stty raw -echo; printf '", GetParam().asks,
                     "'; if IFS= read -r -s -t 1 -d $'\\a' reply; then "
                     "printf 'got %s end' \"${reply#?}\"; else printf 'none end'; fi")}) {
    args.push_back(a);
  }
  Result r = VtsnapRun(args);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, GetParam().screen + "\n");
}

INSTANTIATE_TEST_SUITE_P(
    Cases, RunCliReplyFlagTest,
    ::testing::Values(
        ReplyFlagCase{
            "BackgroundIsWhiteByDefault", {}, "\\033]11;?\\a", "got ]11;rgb:ffff/ffff/ffff end"},
        ReplyFlagCase{"BackgroundAsHash",
                      {"--background", "#1e1e1e"},
                      "\\033]11;?\\a",
                      "got ]11;rgb:1e1e/1e1e/1e1e end"},
        ReplyFlagCase{"BackgroundAsRgb",
                      {"--background", "rgb:1E/2f/30"},
                      "\\033]11;?\\a",
                      "got ]11;rgb:1e1e/2f2f/3030 end"},
        ReplyFlagCase{
            "ForegroundIsBlackByDefault", {}, "\\033]10;?\\a", "got ]10;rgb:0000/0000/0000 end"},
        ReplyFlagCase{"Foreground",
                      {"--foreground", "#d4d4d4"},
                      "\\033]10;?\\a",
                      "got ]10;rgb:d4d4/d4d4/d4d4 end"},
        ReplyFlagCase{"TheCursorFollowsTheForeground",
                      {"--foreground", "#d4d4d4"},
                      "\\033]12;?\\a",
                      "got ]12;rgb:d4d4/d4d4/d4d4 end"},
        ReplyFlagCase{"NoRepliesAnswersNothing",
                      {"--no-replies", "--background", "#1e1e1e"},
                      "\\033]11;?\\a",
                      "none end"},
        ReplyFlagCase{
            "ClipboardIsNotReadByDefault", {}, "\\033]52;c;aGk=\\a\\033]52;c;?\\a", "none end"},
        ReplyFlagCase{"ClipboardReadWithTheFlag",
                      {"--allow-clipboard-read"},
                      "\\033]52;c;aGk=\\a\\033]52;c;?\\a",
                      "got ]52;c;aGk= end"}),
    [](const ::testing::TestParamInfo<ReplyFlagCase>& info) { return info.param.name; });

TEST_F(RunCliTest, StatsCountTheRepliesNotGiven) {
  Result r = VtsnapRun({"--no-replies", "--stats", "--size", "20x2", "--", "sh", "-c",
                        "printf '\\033[c\\033]11;?\\a'; sleep 0.3; printf done"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("vtsnap run: replies: 2 not given (--no-replies)"));
}

TEST_F(RunCliTest, TheProgramNeedsNoDoubleDashAndKeepsItsOwnOptions) {
  // Options end at PROGRAM: the "--size" after it is the program's argument.
  Result r = VtsnapRun({"--size=30x2", "sh", "-c", "printf '%s' \"$1\"", "sh", "--size"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "--size\n");
}

TEST_F(RunCliTest, SizeIsTheTerminalSize) {
  Result r = VtsnapRun({"--size", "5x3", "--", "sh", "-c", "stty size; printf abcdefgh"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "3 5\nabcde\nfgh\n");
}

struct StatusCase {
  std::string name;
  std::vector<std::string> program;
  std::string reported;
};
void PrintTo(const StatusCase& c, std::ostream* os) { *os << c.name; }

class RunCliProgramStatusTest : public RunCliTest,
                                public ::testing::WithParamInterface<StatusCase> {};

TEST_P(RunCliProgramStatusTest, IsReportedOnStderrAndTheExitCodeStaysZero) {
  std::vector<std::string> args = {"--quiet-ms", "100", "--"};
  args.insert(args.end(), GetParam().program.begin(), GetParam().program.end());
  Result r = VtsnapRun(args);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "x\n");
  EXPECT_THAT(r.err, HasSubstr(GetParam().reported));
}

INSTANTIATE_TEST_SUITE_P(
    Statuses, RunCliProgramStatusTest,
    ::testing::Values(
        StatusCase{"Zero", {"sh", "-c", "printf x"}, "vtsnap run: sh exited with status 0\n"},
        StatusCase{
            "Three", {"sh", "-c", "printf x; exit 3"}, "vtsnap run: sh exited with status 3\n"},
        StatusCase{"Signal",
                   {"sh", "-c", "printf x; kill -9 $$"},
                   "vtsnap run: sh was killed by signal 9"},
        StatusCase{"StillRunning",
                   {"sh", "-c", "printf x; exec cat"},
                   "vtsnap run: sh was still running; it was stopped ("}),
    [](const ::testing::TestParamInfo<StatusCase>& info) { return info.param.name; });

// --- Beats: --wait-text, --keys ------------------------------------------------------------------

TEST_F(RunCliTest, KeysAreTypedOneScriptPerBeat) {
  // The terminal echoes what is typed, then cat writes the line back.
  Result r = VtsnapRun({"--keys", "hello enter", "--keys", "world enter", "--", "cat"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "hello\nhello\nworld\nworld\n");
  EXPECT_THAT(r.err, HasSubstr("vtsnap run: cat was still running; it was stopped"));
}

TEST_F(RunCliTest, EachBeatWaitsForTheScreenToSettle) {
  // The program answers each line 0.1 s after the terminal echoed it, well inside the quiet period:
  // the second script is typed only after the first answer arrived, not right after the echo (nor
  // before it, when quiet is counted from the output before the keys).
  Result r = VtsnapRun({"--quiet-ms", "500", "--keys", "a enter", "--keys", "b enter", "--", "sh",
                        "-c", "while read l; do sleep 0.1; echo \"got $l\"; done"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "a\ngot a\nb\ngot b\n");
}

TEST_F(RunCliTest, WaitTextWaitsForTheText) {
  // Quiet for much longer than --quiet-ms before "ready": without --wait-text the screen would be
  // empty.
  Result r = VtsnapRun(
      {"--quiet-ms", "50", "--wait-text", "ready", "--", "sh", "-c", "sleep 1; printf ready"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "ready\n");
}

TEST_F(RunCliTest, WaitTextThatCanNoLongerAppearExitsOne) {
  Result r = VtsnapRun({"--wait-text", "ready", "--", "sh", "-c", "printf bye"});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr("before the screen showed the text \"ready\""));
  EXPECT_THAT(r.err, HasSubstr("\n  |bye" + std::string(77, ' ') + "|\n"));  // padded to 80
  EXPECT_THAT(r.err, HasSubstr("vtsnap run: sh exited with status 0"));
}

TEST_F(RunCliTest, KeysForAProgramThatEndedExitOne) {
  Result r = VtsnapRun({"--keys", "x", "--", "sh", "-c", "printf bye"});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr("vtsnap run: --keys 'x': "));
  EXPECT_THAT(r.err, HasSubstr("\n  |bye" + std::string(77, ' ') + "|\n"));  // padded to 80
}

// --- Timeouts and start failures -----------------------------------------------------------------

struct TimeoutCase {
  std::string name;
  std::vector<std::string> args;
  std::string start;    // how the message starts (the durations in it depend on the scale)
  std::string awaited;  // what it says was awaited
};
void PrintTo(const TimeoutCase& c, std::ostream* os) { *os << c.name; }

class RunCliTimeoutTest : public RunCliTest, public ::testing::WithParamInterface<TimeoutCase> {};

TEST_P(RunCliTimeoutTest, ExitsWith124NamingWhatWasAwaitedAndTheScreen) {
  Result r = VtsnapRun(GetParam().args);
  EXPECT_EQ(r.code, 124) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, StartsWith(GetParam().start));
  EXPECT_THAT(r.err, HasSubstr(GetParam().awaited));
  // The screen framed as the matchers print it: every row padded to the width, then the cursor.
  EXPECT_THAT(
      r.err,
      ContainsRegex("the screen \\(20x4\\):\n(  \\|[^|\n]{20}\\|\n){4}  cursor [0-9]+ [0-9]+ "));
  EXPECT_THAT(r.err, HasSubstr("\n  |x                   |\n"));
  EXPECT_THAT(r.err, HasSubstr("was still running; it was stopped"));
}

INSTANTIATE_TEST_SUITE_P(
    Waits, RunCliTimeoutTest,
    ::testing::Values(TimeoutCase{"NeverQuiet",
                                  {"--size", "20x4", "--timeout", "0.5", "--", "sh", "-c",
                                   "while :; do echo x; sleep 0.02; done"},
                                  "vtsnap run: timed out after ",
                                  "ms without output (or the program waiting for input) and no "
                                  "synchronized frame open ('sh' is running"},
                      TimeoutCase{"TextNeverShown",
                                  {"--size", "20x4", "--timeout", ".75", "--wait-text", "ready",
                                   "--", "sh", "-c", "echo x; exec cat"},
                                  "vtsnap run: timed out after ",
                                  "waiting for the text \"ready\" ('sh' is running"},
                      TimeoutCase{
                          "AfterKeys",
                          {"--size", "20x4", "--timeout", "0.5", "--keys", "go enter", "--", "sh",
                           "-c", "echo x; read l; while :; do echo x; sleep 0.02; done"},
                          "vtsnap run: after --keys 'go enter': timed out after ",
                          "ms without output (or the program waiting for input) and no "
                          "synchronized frame open ('sh' is running"}),
    [](const ::testing::TestParamInfo<TimeoutCase>& info) { return info.param.name; });

TEST_F(RunCliTest, AProgramThatDoesNotExistExits127NamingIt) {
  Result r = VtsnapRun({"--", "vtsnap-no-such-program", "arg"});
  EXPECT_EQ(r.code, 127);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, StartsWith("vtsnap run: cannot start 'vtsnap-no-such-program': "));
}

TEST_F(RunCliTest, AFileThatCannotBeExecutedExits127NamingIt) {
  const std::string script = Path("not-executable.sh");
  WriteFile(script, "#!/bin/sh\necho hi\n");
  chmod(script.c_str(), 0644);
  Result r = VtsnapRun({"--", script});
  EXPECT_EQ(r.code, 127);
  EXPECT_THAT(r.err, HasSubstr(absl::StrCat("cannot start '", script, "'")));
}

TEST_F(RunCliTest, AnInvalidTimeoutScaleExitsTwo) {
  ScopedEnv scale("VTSNAP_TIMEOUT_SCALE", "fast");
  const std::string trace = Path("started");
  Result r = VtsnapRun({"--", "sh", "-c", "touch " + trace});
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, HasSubstr("VTSNAP_TIMEOUT_SCALE=\"fast\""));
  EXPECT_FALSE(fs::exists(trace));
}

// --- Bad arguments: exit 2 before anything starts ------------------------------------------------

struct BadArgumentCase {
  std::string name;
  std::vector<std::string> options;
  std::string message;
};
void PrintTo(const BadArgumentCase& c, std::ostream* os) { *os << c.name; }

class RunCliBadArgumentTest : public RunCliTest,
                              public ::testing::WithParamInterface<BadArgumentCase> {};

TEST_P(RunCliBadArgumentTest, ExitsTwoNamingTheFlagWithoutStartingTheProgram) {
  const std::string trace = Path("started");
  std::vector<std::string> args = GetParam().options;
  if (GetParam().name != "NoProgram" && GetParam().name != "MissingValue") {
    args.insert(args.end(), {"--", "sh", "-c", "touch " + trace});
  }
  Result r = VtsnapRun(args);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr(GetParam().message));
  EXPECT_FALSE(fs::exists(trace));
}

INSTANTIATE_TEST_SUITE_P(
    Arguments, RunCliBadArgumentTest,
    ::testing::Values(
        BadArgumentCase{"Size", {"--size", "80by24"}, "vtsnap run: --size '80by24': "},
        BadArgumentCase{"QuietZero", {"--quiet-ms", "0"}, "vtsnap run: --quiet-ms '0': "},
        BadArgumentCase{"QuietFraction", {"--quiet-ms", "1.5"}, "--quiet-ms '1.5': "},
        BadArgumentCase{"TimeoutZero", {"--timeout", "0"}, "vtsnap run: --timeout '0': "},
        BadArgumentCase{"TimeoutNegative", {"--timeout=-1"}, "--timeout '-1': "},
        BadArgumentCase{"TimeoutWord", {"--timeout", "soon"}, "--timeout 'soon': "},
        BadArgumentCase{"TimeoutTwoDots", {"--timeout", "1.2.3"}, "--timeout '1.2.3': "},
        BadArgumentCase{"QuietNotShorterThanTimeout",
                        {"--quiet-ms", "500", "--timeout", "0.5"},
                        "vtsnap run: --quiet-ms 500 is not shorter than --timeout 500ms"},
        BadArgumentCase{"Format", {"--format", "rgba"}, "unknown --format 'rgba' (expected text"},
        BadArgumentCase{"Keys",
                        {"--keys", "enter", "--keys", "ctrl+kk"},
                        "vtsnap run: --keys 'ctrl+kk': key script: \"ctrl+kk\" (column 1)"},
        BadArgumentCase{"Redact", {"--redact", "(unclosed"}, "vtsnap run: --redact '(unclosed': "},
        BadArgumentCase{"EnvWithoutValue", {"--env", "NAME"}, "--env 'NAME': expected NAME=VALUE"},
        BadArgumentCase{"EnvWithoutName", {"--env", "=x"}, "--env '=x': expected NAME=VALUE"},
        BadArgumentCase{"EmptyWaitText", {"--wait-text="}, "--wait-text needs a non-empty text"},
        BadArgumentCase{"EmptyTerm", {"--term", ""}, "--term needs a non-empty name"},
        BadArgumentCase{"UnknownOption", {"--colour", "red"}, "unknown option '--colour'"},
        BadArgumentCase{"BackgroundName",
                        {"--background", "black"},
                        "vtsnap run: --background 'black': expected a colour as #rrggbb or "
                        "rgb:rr/gg/bb"},
        BadArgumentCase{"BackgroundShortHash", {"--background", "#111"}, "--background '#111': "},
        BadArgumentCase{
            "ForegroundNotHex", {"--foreground", "#gg0000"}, "--foreground '#gg0000': "},
        BadArgumentCase{"ForegroundFourDigitRgb",
                        {"--foreground", "rgb:ffff/0/0"},
                        "--foreground 'rgb:ffff/0/0': "},
        BadArgumentCase{"MissingValue", {"--keys"}, "vtsnap run: --keys needs a value"},
        BadArgumentCase{"NoProgram", {"--size", "10x2", "--"}, "vtsnap run: no PROGRAM to run"}),
    [](const ::testing::TestParamInfo<BadArgumentCase>& info) { return info.param.name; });

TEST_F(RunCliTest, HelpPrintsTheUsage) {
  std::ostringstream out, err;
  EXPECT_EQ(RunRun({"--help"}, out, err), 0);
  EXPECT_THAT(out.str(), StartsWith("usage: vtsnap run [--size COLSxROWS]"));
  EXPECT_EQ(err.str(), "");
}

// --- Environment ---------------------------------------------------------------------------------

struct EnvCase {
  std::string name;
  std::vector<std::string> options;
  std::string printed;
};
void PrintTo(const EnvCase& c, std::ostream* os) { *os << c.name; }

class RunCliEnvironmentTest : public RunCliTest, public ::testing::WithParamInterface<EnvCase> {};

TEST_P(RunCliEnvironmentTest, TheProgramSeesIt) {
  ScopedEnv inherited("VTSNAP_RUN_TEST_INHERITED", "yes");
  std::vector<std::string> args = GetParam().options;
  args.insert(args.end(), {"--", "sh", "-c",
                           "printf '%s/%s/%s' \"$TERM\" \"$FOO\" \"$VTSNAP_RUN_TEST_INHERITED\""});
  Result r = VtsnapRun(args);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, GetParam().printed + "\n");
}

INSTANTIATE_TEST_SUITE_P(
    Variables, RunCliEnvironmentTest,
    ::testing::Values(EnvCase{"Defaults", {}, "xterm-256color//"},
                      EnvCase{"Term", {"--term", "vt100"}, "vt100//"},
                      EnvCase{"Env", {"--env", "FOO=a=b"}, "xterm-256color/a=b/"},
                      EnvCase{"InheritEnv", {"--inherit-env"}, "xterm-256color//yes"}),
    [](const ::testing::TestParamInfo<EnvCase>& info) { return info.param.name; });

// --- Formats and redactions ----------------------------------------------------------------------

TEST_F(RunCliTest, GoldenFormatPrintsTheDump) {
  Result r = VtsnapRun(
      {"--size", "4x1", "--format", "golden", "--", "sh", "-c", "printf '\\033[?25l\\033[1mab'"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out,
            "ckvision-golden 1\n"
            "frame 4 1\n"
            "cursor hidden\n"
            "styles 2\n"
            "0 fg default bg default attrs bold\n"
            "1 fg default bg default attrs -\n"
            "grid\n"
            "|ab  |\n"
            "stylemap\n"
            "|0011|\n"
            "end\n");
}

TEST_F(RunCliTest, JsonFormatPrintsTheStateDump) {
  Result r =
      VtsnapRun({"--size", "3x1", "--format=json", "--", "sh", "-c", "printf '\\033[31mab'"});
  EXPECT_EQ(r.code, 0) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["cols"], 3);
  EXPECT_EQ(j["rows"], 1);
  EXPECT_EQ(j["cursor"]["col"], 2);
  EXPECT_EQ(j["cells"][0][1]["ch"], "b");
  EXPECT_EQ(j["cells"][0][1]["fg"], 0xCD0000);
  EXPECT_TRUE(j["cells"][0][2].is_null());
}

struct RedactCase {
  std::string format;
  std::string masked;    // what the output holds where the clock was
  std::string unmasked;  // what it would hold without the redaction
};
void PrintTo(const RedactCase& c, std::ostream* os) { *os << c.format; }

class RunCliRedactTest : public RunCliTest, public ::testing::WithParamInterface<RedactCase> {};

TEST_P(RunCliRedactTest, MasksTheMatchesInEveryFormat) {
  Result r = VtsnapRun({"--size", "16x1", "--format", GetParam().format, "--redact",
                        "[0-9]+:[0-9]+", "--", "sh", "-c", "printf 'at \\033[1m12:34\\033[m ok'"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_THAT(r.out, AllOf(HasSubstr(GetParam().masked), Not(HasSubstr(GetParam().unmasked))));
}

INSTANTIATE_TEST_SUITE_P(
    Formats, RunCliRedactTest,
    ::testing::Values(RedactCase{"text", "at ##### ok\n", "12:34"},
                      // The mask is in the default style: one style for the whole row.
                      RedactCase{"golden",
                                 "styles 1\n0 fg default bg default attrs -\ngrid\n"
                                 "|at ##### ok     |\n",
                                 "12:34"},
                      RedactCase{"json", R"({"ch": "#", "fg": 13421772, "bg": 0, "attrs": []})",
                                 R"("ch": "1")"}),
    [](const ::testing::TestParamInfo<RedactCase>& info) { return info.param.format; });

// --- --expect GOLDEN -----------------------------------------------------------------------------

// A program whose screen is "<text>" on a 12x2 terminal.
std::vector<std::string> Printing(const std::string& golden, const std::string& text) {
  return {"--size", "12x2", "--expect", golden, "--", "sh", "-c", "printf '" + text + "'"};
}

// The golden dump of what Printing(..., text) shows.
std::string DumpOf(const std::string& text) {
  Result r = VtsnapRun(
      {"--size", "12x2", "--format", "golden", "--", "sh", "-c", "printf '" + text + "'"});
  EXPECT_EQ(r.code, 0) << r.err;
  return r.out;
}

TEST_F(RunCliTest, ExpectMissingGoldenFailsAndWritesOnlyTheActualBesideIt) {
  const std::string golden = Path("menu.dump");
  Result r = VtsnapRun(Printing(golden, "hello"));
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr("vtsnap run: the golden " + golden + " does not exist\n"));
  EXPECT_THAT(r.err, HasSubstr("actual dump written to " + golden + ".actual\n"));
  EXPECT_THAT(r.err, HasSubstr("to accept the actual screen run:\n  UPDATE_GOLDENS=1 vtsnap run "
                               "--env " +
                               kMarker + " --size 12x2 --expect " + golden +
                               " -- sh -c 'printf '\\''hello'\\'''\n"));
  // The .actual, and the HTML failure report that shows it beside its golden.
  EXPECT_EQ(Listing(dir_), (std::vector<std::string>{"menu.dump.actual", "vtsnap-report.entries",
                                                     "vtsnap-report.html"}));
  EXPECT_THAT(r.err, HasSubstr("report: " + Path("vtsnap-report.html") + "\n"));
  EXPECT_EQ(ReadFile(golden + ".actual"), DumpOf("hello"));
}

// The accept command starts with vtsnap as it was started, so it runs when pasted: "vtsnap" found
// in PATH, or the path it was run by, shell-quoted when it needs it.
struct InvokedAsCase {
  std::string name;
  std::string invoked_as;
  std::string printed;
};
void PrintTo(const InvokedAsCase& c, std::ostream* os) { *os << c.name; }

class RunCliInvokedAsTest : public RunCliTest,
                            public ::testing::WithParamInterface<InvokedAsCase> {};

TEST_P(RunCliInvokedAsTest, TheAcceptAndReplayCommandsStartWithIt) {
  const std::string golden = Path("menu.dump");
  const std::string record = Path("out.bytes");
  std::vector<std::string> args = {"--env", kMarker, "--record", record};
  for (const std::string& a : Printing(golden, "hello")) args.push_back(a);
  std::ostringstream out, err;
  EXPECT_EQ(RunRun(args, out, err, GetParam().invoked_as), 1);
  EXPECT_THAT(err.str(), HasSubstr("to accept the actual screen run:\n  UPDATE_GOLDENS=1 " +
                                   GetParam().printed + " run --env "));
  EXPECT_THAT(err.str(), HasSubstr("(replay: " + GetParam().printed + " decode --size 12x2 "));
}

INSTANTIATE_TEST_SUITE_P(
    InvokedAs, RunCliInvokedAsTest,
    ::testing::Values(InvokedAsCase{"FromPath", "vtsnap", "vtsnap"},
                      InvokedAsCase{"ByRelativePath", "./build/bin/vtsnap", "./build/bin/vtsnap"},
                      InvokedAsCase{"ByPathWithASpace", "/opt/my tools/vtsnap",
                                    "'/opt/my tools/vtsnap'"}),
    [](const ::testing::TestParamInfo<InvokedAsCase>& info) { return info.param.name; });

TEST_F(RunCliTest, TheBinaryRunByAPathPrintsThatPathInTheAcceptCommand) {
  // A link to the binary in a folder with a space in its name, run by that path.
  fs::create_directories(Path("my tools"));
  const std::string link = Path("my tools/vtsnap");
  fs::create_symlink(VTSNAP_CLI_BINARY, link);
  std::vector<std::string> argv = {link, "run", "--env", kMarker};
  for (const std::string& a : Printing(Path("menu.dump"), "hello")) argv.push_back(a);
  std::vector<char*> cargv;
  for (std::string& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  const std::string err_path = Path("stderr");
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0600);
  pid_t vtsnap = -1;
  ASSERT_EQ(posix_spawn(&vtsnap, cargv[0], &actions, nullptr, cargv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&actions);
  int status = 0;
  ASSERT_EQ(waitpid(vtsnap, &status, 0), vtsnap);
  EXPECT_EQ(WEXITSTATUS(status), 1);
  EXPECT_THAT(
      ReadFile(err_path),
      HasSubstr("to accept the actual screen run:\n  UPDATE_GOLDENS=1 '" + link + "' run --env "));
}

TEST_F(RunCliTest, ExpectMatchingGoldenPassesSilentlyAndRemovesAStaleActual) {
  const std::string golden = Path("menu.dump");
  WriteFile(golden, DumpOf("hello"));
  WriteFile(golden + ".actual", "stale");
  Result r = VtsnapRun(Printing(golden, "hello"));
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "vtsnap run: sh exited with status 0\n");
  EXPECT_EQ(Listing(dir_), std::vector<std::string>{"menu.dump"});
}

TEST_F(RunCliTest, ExpectMatchesAGoldenOfAnotherSpelling) {
  // The comparison is of meaning: the golden's lowercase hex and style numbering do not count.
  const std::string golden = Path("red.dump");
  WriteFile(golden,
            "ckvision-golden 1\nframe 3 1\ncursor hidden\nstyles 2\n"
            "0 fg default bg default attrs -\n1 fg #ff0000 bg default attrs -\n"
            "grid\n|ab |\nstylemap\n|110|\nend\n");
  Result r = VtsnapRun({"--size", "3x1", "--expect", golden, "--", "sh", "-c",
                        "printf '\\033[?25l\\033[38;2;255;0;0mab'"});
  EXPECT_EQ(r.code, 0) << r.err;
}

TEST_F(RunCliTest, ExpectMismatchPrintsTheDiffAndKeepsTheGolden) {
  const std::string golden = Path("menu.dump");
  const std::string expected = DumpOf("hello");
  WriteFile(golden, expected);
  Result r = VtsnapRun(Printing(golden, "hallo"));
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr("vtsnap run: the screen differs from the golden " + golden +
                               "\nframes differ"));
  EXPECT_THAT(r.err, HasSubstr("-|hello       |"));
  EXPECT_THAT(r.err, HasSubstr("+|hallo       |"));
  EXPECT_THAT(r.err, HasSubstr("actual dump written to " + golden + ".actual\n"));
  EXPECT_EQ(ReadFile(golden), expected);
  EXPECT_EQ(ReadFile(golden + ".actual"), DumpOf("hallo"));
}

TEST_F(RunCliTest, ExpectWithAFormatAlsoPrintsTheScreen) {
  const std::string golden = Path("menu.dump");
  WriteFile(golden, DumpOf("hello"));
  std::vector<std::string> args = Printing(golden, "hello");
  args.insert(args.begin(), {"--format", "text"});
  Result r = VtsnapRun(args);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "hello\n");
}

TEST_F(RunCliTest, ExpectAppliesTheRedactions) {
  const std::string golden = Path("clock.dump");
  ScopedEnv update("UPDATE_GOLDENS", "1");
  std::vector<std::string> first = Printing(golden, "at 12:34");
  first.insert(first.begin(), {"--redact", "[0-9]+:[0-9]+"});
  ASSERT_EQ(VtsnapRun(first).code, 0);
  EXPECT_THAT(ReadFile(golden), HasSubstr("|at #####    |"));
  unsetenv("UPDATE_GOLDENS");
  std::vector<std::string> later = Printing(golden, "at 23:59");
  later.insert(later.begin(), {"--redact", "[0-9]+:[0-9]+"});
  Result r = VtsnapRun(later);
  EXPECT_EQ(r.code, 0) << r.err;
}

struct UpdateCase {
  std::string name;
  std::optional<std::string> ci;
  std::string update_goldens;
  bool golden_exists;  // holding the dump of "hello"; the program prints "hallo"
  int code;
  std::string message;
  bool golden_written;
};
void PrintTo(const UpdateCase& c, std::ostream* os) { *os << c.name; }

class RunCliUpdateGoldensTest : public RunCliTest,
                                public ::testing::WithParamInterface<UpdateCase> {};

TEST_P(RunCliUpdateGoldensTest, FollowsTheGoldenRules) {
  const UpdateCase& c = GetParam();
  ScopedEnv ci("CI", c.ci);
  ScopedEnv update("UPDATE_GOLDENS", c.update_goldens);
  const std::string golden = Path("menu.dump");
  const std::string old_dump = DumpOf("hello");
  if (c.golden_exists) WriteFile(golden, old_dump);
  Result r = VtsnapRun(Printing(golden, "hallo"));
  EXPECT_EQ(r.code, c.code) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr(absl::StrReplaceAll(c.message, {{"PATH", golden}})));
  if (c.golden_written) {
    EXPECT_EQ(ReadFile(golden), DumpOf("hallo"));
    EXPECT_EQ(Listing(dir_), std::vector<std::string>{"menu.dump"});
  } else if (c.golden_exists) {
    EXPECT_EQ(ReadFile(golden), old_dump);
  } else {
    EXPECT_FALSE(fs::exists(golden));
  }
}

INSTANTIATE_TEST_SUITE_P(
    Modes, RunCliUpdateGoldensTest,
    ::testing::Values(
        UpdateCase{"OneWritesANewGolden", std::nullopt, "1", false, 0, "vtsnap: wrote PATH (new)\n",
                   true},
        UpdateCase{"OneUpdatesAMismatch", std::nullopt, "1", true, 0,
                   "vtsnap: wrote PATH (updated)\n", true},
        UpdateCase{"NewWritesANewGolden", std::nullopt, "new", false, 0,
                   "vtsnap: wrote PATH (new)\n", true},
        UpdateCase{"NewLeavesAMismatch", std::nullopt, "new", true, 1,
                   "UPDATE_GOLDENS=new writes only missing goldens; to accept this change run:\n"
                   "  UPDATE_GOLDENS=1 vtsnap run ",
                   false},
        UpdateCase{"ZeroWritesNothing", std::nullopt, "0", true, 1,
                   "the screen differs from the golden PATH", false},
        UpdateCase{"InvalidValueExitsTwo", std::nullopt, "yes", false, 2,
                   "UPDATE_GOLDENS=\"yes\" is not a valid value", false},
        UpdateCase{"OneIsRefusedInCi", "true", "1", false, 2, "is refused in CI", false},
        UpdateCase{"ForceWritesInCi", "true", "force", true, 0, "vtsnap: wrote PATH (updated)\n",
                   true},
        UpdateCase{"CiAcceptCommandUsesForce", "true", "", true, 1,
                   "to accept the actual screen run:\n  UPDATE_GOLDENS=force vtsnap run ", false}),
    [](const ::testing::TestParamInfo<UpdateCase>& info) { return info.param.name; });

TEST_F(RunCliTest, ExpectInvalidGoldenExitsTwoNamingThePlaceBeforeStarting) {
  const std::string golden = Path("broken.dump");
  WriteFile(golden, "ckvision-golden 1\nframe 12 x\n");
  const std::string trace = Path("started");
  Result r = VtsnapRun({"--expect", golden, "--", "sh", "-c", "touch " + trace});
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err,
              HasSubstr("the golden is not a valid ckvision-golden 1 dump: " + golden + ":2:"));
  EXPECT_FALSE(fs::exists(trace));
}

TEST_F(RunCliTest, ExpectGoldenThatCannotBeReadExitsTwoNamingIt) {
  const std::string golden = Path("folder.dump");
  fs::create_directories(golden);
  const std::string trace = Path("started");
  Result r = VtsnapRun({"--expect", golden, "--", "sh", "-c", "touch " + trace});
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, AllOf(StartsWith("vtsnap run: --expect: "), HasSubstr(golden)));
  EXPECT_FALSE(fs::exists(trace));
}

TEST_F(RunCliTest, UpdateGoldensReplacesAnInvalidGolden) {
  const std::string golden = Path("broken.dump");
  WriteFile(golden, "not a dump\n");
  ScopedEnv update("UPDATE_GOLDENS", "1");
  Result r = VtsnapRun(Printing(golden, "hello"));
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("vtsnap: wrote " + golden + " (updated)"));
  EXPECT_EQ(ReadFile(golden), DumpOf("hello"));
}

TEST_F(RunCliTest, ExpectWritesANewGoldenIntoMissingFolders) {
  const std::string golden = Path("goldens/menu/open.dump");
  ScopedEnv update("UPDATE_GOLDENS", "1");
  Result r = VtsnapRun(Printing(golden, "hello"));
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(ReadFile(golden), DumpOf("hello"));
}

// --- Steps: several checkpoints in one run ------------------------------------------------------

struct StepCase {
  std::string name;
  std::string spec;
  // The actions as "keys:SCRIPT" / "wait-text:TEXT", then "expect:GOLDEN" when there is one; or,
  // for a refused spec, the start of the message.
  std::vector<std::string> parsed;
  std::string error;
};
void PrintTo(const StepCase& c, std::ostream* os) { *os << c.name; }

class ParseStepTest : public ::testing::TestWithParam<StepCase> {};

TEST_P(ParseStepTest, ReadsTheFieldsInOrderOrNamesTheColumn) {
  absl::StatusOr<run_internal::Step> step = run_internal::ParseStep(GetParam().spec);
  if (!GetParam().error.empty()) {
    ASSERT_FALSE(step.ok());
    EXPECT_THAT(std::string(step.status().message()), StartsWith(GetParam().error));
    return;
  }
  ASSERT_TRUE(step.ok()) << step.status();
  std::vector<std::string> parsed;
  for (const run_internal::Action& a : step->actions) {
    parsed.push_back(absl::StrCat(
        a.kind == run_internal::Action::Kind::kKeys ? "keys:" : "wait-text:", a.value));
  }
  if (step->expect.has_value()) parsed.push_back("expect:" + *step->expect);
  EXPECT_EQ(parsed, GetParam().parsed);
  EXPECT_EQ(step->origin, "--step '" + GetParam().spec + "'");
}

INSTANTIATE_TEST_SUITE_P(
    Specs, ParseStepTest,
    ::testing::Values(
        StepCase{"AllThreeInOrder",
                 "keys=j j enter; wait-text=Saved; expect=saved.dump",
                 {"keys:j j enter", "wait-text:Saved", "expect:saved.dump"},
                 ""},
        StepCase{"WaitBeforeKeys", "wait-text=Ready;keys=q", {"wait-text:Ready", "keys:q"}, ""},
        StepCase{"ExpectAlone", "expect=home.dump", {"expect:home.dump"}, ""},
        StepCase{"SpacesAroundFieldsAndEquals",
                 "  keys = down ;  expect =  a b.dump  ",
                 {"keys:down", "expect:a b.dump"},
                 ""},
        StepCase{"TrailingSeparator", "keys=x;", {"keys:x"}, ""},
        StepCase{"EscapedSeparatorAndBackslash",
                 R"(wait-text=a\;b\\c; keys=\;)",
                 {R"(wait-text:a;b\c)", "keys:;"},
                 ""},
        StepCase{"ValueWithEquals", "wait-text=x=1", {"wait-text:x=1"}, ""},
        StepCase{"EmptySpec", "", {}, "column 1: empty step"},
        StepCase{"UnknownField",
                 "keys=j; kyes=k",
                 {},
                 "column 9: unknown field 'kyes' (expected keys, wait-text, wait-pattern, "
                 "wait-style, quiet-ms or expect)"},
        StepCase{"NoEquals", "keys=j; enter", {}, "column 9: field 'enter' has no '='"},
        StepCase{
            "EmptyValue", "keys=j; expect=", {}, "column 16: field 'expect' has an empty value"},
        StepCase{"DoubleSeparator", "keys=j;; expect=a", {}, "column 8: empty field"},
        StepCase{
            "TwoGoldens", "expect=a; expect=b", {}, "column 11: a step has at most one expect="},
        StepCase{"BadKeys", "keys=ctrl+kk", {}, "column 6: keys 'ctrl+kk': key script:"},
        StepCase{"LoneBackslash",
                 R"(wait-text=a\b)",
                 {},
                 "column 12: a backslash must be followed by ';' or '\\'"}),
    [](const ::testing::TestParamInfo<StepCase>& info) { return info.param.name; });

TEST(ParseStepFileTest, ReadsOneStepALineAndResolvesGoldensBesideTheFile) {
  absl::StatusOr<std::vector<run_internal::Step>> steps = run_internal::ParseStepFile(
      "flows/nano.steps",
      "# open, type, save\n\nexpect=open.dump\r\n  keys=hi; expect=/abs/typed.dump\nkeys=x\n");
  ASSERT_TRUE(steps.ok()) << steps.status();
  ASSERT_EQ(steps->size(), 3u);
  EXPECT_EQ((*steps)[0].expect, "flows/open.dump");
  EXPECT_EQ((*steps)[0].origin, "flows/nano.steps:3");
  EXPECT_EQ((*steps)[1].expect, "/abs/typed.dump");
  EXPECT_EQ((*steps)[1].origin, "flows/nano.steps:4");
  EXPECT_FALSE((*steps)[2].expect.has_value());
}

TEST(ParseStepFileTest, AnErrorNamesTheFileLineAndColumn) {
  EXPECT_EQ(
      run_internal::ParseStepFile("a.steps", "keys=j\n# x\n   kyes=j\n").status().message(),
      "a.steps:3:4: unknown field 'kyes' (expected keys, wait-text, wait-pattern, wait-style, "
      "quiet-ms or expect)");
  EXPECT_THAT(
      std::string(run_internal::ParseStepFile("b.steps", "# only a comment\n").status().message()),
      StartsWith("b.steps: no steps"));
}

// A program with three screens, each drawn on a cleared screen: "menu", then "<PICKED> <line 1>"
// once a line is typed, then, 0.6 s after a second line (much longer than the quiet period),
// "Saved <line 2>".
std::vector<std::string> ThreeScreens(const std::string& picked) {
  return {"--env",
          "PICKED=" + picked,
          "--",
          "sh",
          "-c",
          "printf menu; read a; printf '\\033[2J\\033[H%s %s' \"$PICKED\" \"$a\"; read b; "
          "sleep 0.6; printf '\\033[2J\\033[HSaved %s' \"$b\"; exec cat"};
}

TEST_F(RunCliTest, StepsPinEachCheckpointInOrderAndWaitAfterKeys) {
  std::vector<std::string> args = {
      "--size",     "16x2",
      "--quiet-ms", "150",
      "--step",     "expect=" + Path("1-menu.dump"),
      "--step",     "keys=one enter; expect=" + Path("2-picked.dump"),
      "--step",     "keys=two enter; wait-text=Saved; expect=" + Path("3-saved.dump")};
  std::vector<std::string> program = ThreeScreens("picked");
  args.insert(args.end(), program.begin(), program.end());
  {
    ScopedEnv update("UPDATE_GOLDENS", "1");
    Result r = VtsnapRun(args);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "");  // goldens and no --format: nothing printed
    const size_t first = r.err.find("wrote " + Path("1-menu.dump") + " (new)");
    const size_t second = r.err.find("wrote " + Path("2-picked.dump") + " (new)");
    const size_t third = r.err.find("wrote " + Path("3-saved.dump") + " (new)");
    EXPECT_LT(first, second) << r.err;
    EXPECT_LT(second, third) << r.err;
    EXPECT_NE(third, std::string::npos) << r.err;
  }
  EXPECT_THAT(ReadFile(Path("1-menu.dump")), HasSubstr("|menu            |"));
  EXPECT_THAT(ReadFile(Path("2-picked.dump")), HasSubstr("|picked one      |"));
  // Without the wait after the keys the screen would show the typed "two" 0.6 s before "Saved".
  EXPECT_THAT(ReadFile(Path("3-saved.dump")), HasSubstr("|Saved two       |"));

  // The same run again passes and writes nothing.
  Result again = VtsnapRun(args);
  EXPECT_EQ(again.code, 0) << again.err;
  EXPECT_EQ(Listing(dir_),
            (std::vector<std::string>{"1-menu.dump", "2-picked.dump", "3-saved.dump"}));
}

TEST_F(RunCliTest, ADifferentCheckpointFailsAndTheLaterStepsStillRun) {
  std::vector<std::string> args = {
      "--size",     "16x2",
      "--quiet-ms", "150",
      "--step",     "expect=" + Path("1-menu.dump"),
      "--step",     "keys=one enter; expect=" + Path("2-picked.dump"),
      "--step",     "keys=two enter; wait-text=Saved; expect=" + Path("3-saved.dump")};
  std::vector<std::string> program = ThreeScreens("picked");
  std::vector<std::string> pinned = args;
  pinned.insert(pinned.end(), program.begin(), program.end());
  {
    ScopedEnv update("UPDATE_GOLDENS", "1");
    ASSERT_EQ(VtsnapRun(pinned).code, 0);
  }
  program = ThreeScreens("chose");  // only the second screen changes
  args.insert(args.end(), program.begin(), program.end());
  Result r = VtsnapRun(args);
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_THAT(r.err, HasSubstr("the screen differs from the golden " + Path("2-picked.dump")));
  EXPECT_THAT(r.err, HasSubstr("+|chose one       |"));
  EXPECT_THAT(ReadFile(Path("2-picked.dump.actual")), HasSubstr("|chose one       |"));
  EXPECT_FALSE(fs::exists(Path("1-menu.dump.actual")));
  EXPECT_FALSE(fs::exists(Path("3-saved.dump.actual")));  // the third step ran, and passed
}

TEST_F(RunCliTest, AStepFileRunsItsStepsWithGoldensBesideIt) {
  WriteFile(Path("flow.steps"),
            "# the three screens\nexpect=1.dump\nkeys=one enter\n\nkeys=two enter; "
            "wait-text=Saved; expect=3.dump\n");
  std::vector<std::string> args = {"--size",           "16x2",     "--quiet-ms", "150", "--steps",
                                   Path("flow.steps"), "--format", "text"};
  std::vector<std::string> program = ThreeScreens("picked");
  args.insert(args.end(), program.begin(), program.end());
  ScopedEnv update("UPDATE_GOLDENS", "1");
  Result r = VtsnapRun(args);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "Saved two\n");  // --format prints the final screen
  EXPECT_THAT(ReadFile(Path("1.dump")), HasSubstr("|menu            |"));
  EXPECT_THAT(ReadFile(Path("3.dump")), HasSubstr("|Saved two       |"));
}

TEST_F(RunCliTest, AWaitAfterKeysWaitsForTheProgramsAnswer) {
  // --wait-text after --keys waits after typing (it used to wait before the first keys only).
  Result r = VtsnapRun({"--quiet-ms", "100", "--keys", "a enter", "--wait-text", "done", "--", "sh",
                        "-c", "read x; sleep 0.6; echo done; exec cat"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "a\ndone\n");
}

TEST_F(RunCliTest, AFailingStepIsNamedInTheMessage) {
  Result r = VtsnapRun(
      {"--timeout", "0.5", "--step", "keys=x; wait-text=never", "--", "sh", "-c", "exec cat"});
  EXPECT_EQ(r.code, 124) << r.err;
  EXPECT_THAT(r.err, StartsWith("vtsnap run: step 1 (--step 'keys=x; wait-text=never'): timed "
                                "out after "));
}

struct RefusedStepsCase {
  std::string name;
  std::vector<std::string> args;
  std::string message;
};
void PrintTo(const RefusedStepsCase& c, std::ostream* os) { *os << c.name; }

class RunCliRefusedStepsTest : public RunCliTest,
                               public ::testing::WithParamInterface<RefusedStepsCase> {};

TEST_P(RunCliRefusedStepsTest, ExitTwoBeforeTheProgramStarts) {
  std::vector<std::string> args = GetParam().args;
  for (std::string& a : args) a = absl::StrReplaceAll(a, {{"DIR", dir_}});
  WriteFile(Path("bad.dump"), "not a dump\n");  // for InvalidStepGolden
  const std::string trace = Path("started");
  args.insert(args.end(), {"--", "sh", "-c", "touch " + trace});
  Result r = VtsnapRun(args);
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, StartsWith(absl::StrReplaceAll(GetParam().message, {{"DIR", dir_}})));
  EXPECT_FALSE(fs::exists(trace));
}

INSTANTIATE_TEST_SUITE_P(
    Refusals, RunCliRefusedStepsTest,
    ::testing::Values(
        RefusedStepsCase{"KeysAfterAStep",
                         {"--step", "keys=a", "--keys", "b"},
                         "vtsnap run: --keys 'b' after --step 'keys=a': after the first step, "
                         "write keys and waits as fields of a step"},
        RefusedStepsCase{"BadStep",
                         {"--step", "keys=a; wait=b"},
                         "vtsnap run: --step 'keys=a; wait=b': column 9: unknown field 'wait'"},
        RefusedStepsCase{"OneGoldenTwice",
                         {"--step", "expect=DIR/a.dump", "--step", "keys=x; expect=DIR/./a.dump"},
                         "vtsnap run: --step 'keys=x; expect=DIR/./a.dump' and --step "
                         "'expect=DIR/a.dump' both name the golden"},
        RefusedStepsCase{"StepGoldenAndExpect",
                         {"--step", "expect=DIR/a.dump", "--expect", "DIR/a.dump"},
                         "vtsnap run: --expect and --step 'expect=DIR/a.dump' both name"},
        RefusedStepsCase{"MissingStepFile",
                         {"--steps", "DIR/none.steps"},
                         "vtsnap run: --steps 'DIR/none.steps': no such file"},
        RefusedStepsCase{"InvalidStepGolden",
                         {"--step", "expect=DIR/bad.dump"},
                         "vtsnap run: --step 'expect=DIR/bad.dump': the golden is not a valid"},
        RefusedStepsCase{"BadQuitKeys",
                         {"--quit-keys", "ctrl+kk"},
                         "vtsnap run: --quit-keys 'ctrl+kk': key script:"},
        RefusedStepsCase{"CwdMissing",
                         {"--cwd", "DIR/nowhere"},
                         "vtsnap run: --cwd 'DIR/nowhere': not a directory"},
        RefusedStepsCase{"RecordIntoAMissingFolder",
                         {"--record", "DIR/nowhere/out.bytes"},
                         "vtsnap run: --record 'DIR/nowhere/out.bytes': its folder DIR/nowhere "
                         "does not exist"},
        RefusedStepsCase{"RecordOntoAFolder",
                         {"--record", "DIR"},
                         "vtsnap run: --record 'DIR': not a regular file"}),
    [](const ::testing::TestParamInfo<RefusedStepsCase>& info) { return info.param.name; });

// --- --cwd, --record, --quit-keys ----------------------------------------------------------------

TEST_F(RunCliTest, CwdIsTheProgramsWorkingDirectoryAndFindsItsRelativeProgram) {
  fs::create_directories(Path("fixture"));
  WriteFile(Path("fixture/app.sh"), "#!/bin/sh\npwd\n");
  fs::permissions(Path("fixture/app.sh"), fs::perms::owner_all);
  Result r = VtsnapRun({"--size", "250x3", "--cwd", Path("fixture"), "--", "./app.sh"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, fs::canonical(Path("fixture")).string() + "\n");
}

TEST_F(RunCliTest, RecordSavesEveryByteTheProgramWrote) {
  // No newline: the terminal would turn it into CR LF. The bytes are saved as the program wrote
  // them, escapes and all, and `vtsnap decode` replays them.
  const std::string record = Path("session.bytes");
  Result r = VtsnapRun({"--record", record, "--", "sh", "-c", "printf 'a\\033[1mb\\033[m'"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(ReadFile(record), "a\x1b[1mb\x1b[m");
  EXPECT_THAT(r.err, HasSubstr("vtsnap run: recorded 9 bytes of output to " + record +
                               " (replay: vtsnap decode --size 80x24 " + record + ")\n"));
}

TEST_F(RunCliTest, RecordIsWrittenWhenAWaitTimesOut) {
  const std::string record = Path("session.bytes");
  Result r = VtsnapRun({"--record", record, "--timeout", "0.5", "--wait-text", "never", "--", "sh",
                        "-c", "printf partial; exec cat"});
  EXPECT_EQ(r.code, 124) << r.err;
  EXPECT_EQ(ReadFile(record), "partial");
}

// --- --transcript, --stats -----------------------------------------------------------------------

// A transcript line: direction, offset, what, and the bytes as written (quoted, escaped).
struct TranscriptLine {
  char direction;
  uint64_t offset;
  std::string what;
  std::string bytes;
};

// The event lines of a transcript (not its header or comments); a line that does not parse is an
// added failure.
std::vector<TranscriptLine> TranscriptLines(const std::string& text) {
  std::vector<TranscriptLine> lines;
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "vtsnap transcript 1");
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    TranscriptLine l{};
    double ms = 0;
    fields >> l.direction >> ms >> l.offset >> l.what;
    std::getline(fields >> std::ws, l.bytes);
    EXPECT_FALSE(fields.fail() && l.bytes.empty()) << "unreadable line: " << line;
    lines.push_back(l);
  }
  return lines;
}

// sh in raw mode asks for the cursor position and reads the 6-byte answer, asks for the window
// size (CSI 18 t, which xterm does not answer by default), prints "got", reads one key and prints
// "done".
const std::vector<std::string> kAskingProgram = {
    "sh", "-c",
    "stty raw -echo; printf '\\033[6n'; head -c 6 >/dev/null; printf '\\033[18tgot'; "
    "head -c 1 >/dev/null; printf done; exec sleep 5"};

TEST_F(RunCliTest, TranscriptShowsQueriesRepliesAndKeysInOrderAndRecordStaysExact) {
  const std::string transcript = Path("run.transcript");
  const std::string record = Path("run.bytes");
  std::vector<std::string> args = {"--transcript", transcript, "--record", record,
                                   "--wait-text",  "got",      "--keys",   "x",
                                   "--wait-text",  "done",     "--"};
  args.insert(args.end(), kAskingProgram.begin(), kAskingProgram.end());
  Result r = VtsnapRun(args);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(ReadFile(record), "\x1b[6n\x1b[18tgotdone");

  std::string output;
  std::vector<std::string> input;  // "what bytes @offset", in order
  uint64_t next_output = 0;
  for (const TranscriptLine& l : TranscriptLines(ReadFile(transcript))) {
    if (l.direction == '<') {
      EXPECT_EQ(l.what, "output");
      EXPECT_EQ(l.offset, next_output) << "an output line's offset is its first byte's";
      ASSERT_GE(l.bytes.size(), 2u);
      const std::string unquoted = l.bytes.substr(1, l.bytes.size() - 2);
      output += unquoted;
      next_output += absl::StrReplaceAll(unquoted, {{"\\x1b", "E"}}).size();
    } else {
      input.push_back(
          absl::StrCat(std::string(1, l.direction), " ", l.what, " ", l.bytes, " @", l.offset));
    }
  }
  EXPECT_EQ(output, "\\x1b[6n\\x1b[18tgotdone");
  // The cursor report answers the first query (after its 4 bytes); the window size report is not
  // answered; the key goes after "got" (12 bytes) was read.
  ASSERT_EQ(input.size(), 2u) << ReadFile(transcript);
  EXPECT_EQ(input[0], "> reply \"\\x1b[1;1R\" @4");
  EXPECT_THAT(input[1], StartsWith("> keys \"x\" @"));
  EXPECT_GE(std::stoull(input[1].substr(input[1].find('@') + 1)), 12u);
  // Without --stats, no counts.
  EXPECT_THAT(r.err, Not(HasSubstr("replies:")));
}

TEST_F(RunCliTest, StatsCountRepliesTypedAndReadBytes) {
  std::vector<std::string> args = {"--stats", "--wait-text", "got",  "--keys",
                                   "x",       "--wait-text", "done", "--"};
  args.insert(args.end(), kAskingProgram.begin(), kAskingProgram.end());
  Result r = VtsnapRun(args);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("vtsnap run: replies: 1 written (6 bytes), 0 dropped (0 bytes), 0 "
                               "never read; typed 1 bytes; read 16 bytes of output\n"));
}

TEST_F(RunCliTest, FloodedQueriesAreDroppedSaidOnStderrAndOneTranscriptLine) {
  // 60000 cursor reports asked without reading any: 360 KB of replies, more than the terminal's
  // buffers and the 64 KiB queue hold.
  const std::string transcript = Path("flood.transcript");
  // The screen never settles (the replies waiting to be read count as input not yet taken), so
  // taking it times out; the wait for "flooded" does not.
  Result r = VtsnapRun({"--transcript", transcript, "--timeout", "2", "--wait-text", "flooded",
                        "--", "sh", "-c",
                        "stty raw -echo; yes \"$(printf '\\033[6n')\" | head -n 60000; "
                        "printf flooded; exec sleep 5"});
  EXPECT_EQ(r.code, 124) << r.err;
  EXPECT_THAT(r.err, ContainsRegex("vtsnap run: [0-9]+ replies dropped: sh asked without reading "
                                   "the answers \\(more than 65536 bytes of them waited\\)\n"));
  int dropped_lines = 0, never_sent = 0;
  for (const TranscriptLine& l : TranscriptLines(ReadFile(transcript))) {
    if (l.direction == 'x') {
      ++dropped_lines;
      EXPECT_EQ(l.what, "dropped");
      EXPECT_THAT(l.bytes, ContainsRegex("^[0-9]+ replies \\([0-9]+ bytes\\), the first "
                                         "\"\\\\x1b\\[[0-9]+;1R\"$"));
    }
    if (l.direction == '!') {
      ++never_sent;
      EXPECT_EQ(l.what, "reply");
    }
  }
  EXPECT_GE(dropped_lines, 1);
  EXPECT_LT(dropped_lines, 100) << "consecutive drops make one line";
  EXPECT_GT(never_sent, 0) << "the replies waiting at the end are named";
}

TEST_F(RunCliTest, RecordAndTranscriptCannotBeOneFile) {
  Result r = VtsnapRun({"--record", Path("x"), "--transcript", Path("x"), "--", "true"});
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, HasSubstr("--record and --transcript both name"));
}

TEST_F(RunCliTest, QuitKeysEndTheProgramItsOwnWay) {
  const std::string trace = Path("cleaned-up");
  Result r = VtsnapRun({"--quit-keys", "q enter", "--", "sh", "-c",
                        "trap 'touch " + trace + "' HUP; printf ready; read x; exit 7"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "ready\n");  // the screen before the quit keys
  EXPECT_THAT(r.err, HasSubstr("vtsnap run: sh exited with status 7\n"));
  EXPECT_FALSE(fs::exists(trace));  // never hung up
}

TEST_F(RunCliTest, AProgramThatDoesNotQuitFailsAndIsStopped) {
  Result r = VtsnapRun(
      {"--timeout", "0.5", "--quit-keys", "q", "--", "sh", "-c", "printf x; exec sleep 100"});
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_THAT(r.err, HasSubstr("vtsnap run: sh did not exit after --quit-keys 'q' ("));
  EXPECT_THAT(r.err, HasSubstr("vtsnap run: sh was still running; it was stopped ("));
}

// --- Programs that flood: bounded memory, and every timeout and signal honoured -----------------

// A program that asks for the cursor position without end and never reads its input (in raw mode,
// so the terminal keeps what it is sent and soon takes no more). It writes its pid to `pidfile`
// first.
std::vector<std::string> AskingForeverProgram(const std::string& pidfile) {
  return {"sh", "-c",
          "echo $$ > " + pidfile + "; stty raw -echo; exec yes \"$(printf '\\033[6n')\""};
}

// The vtsnap binary with `args`, its stderr into `err_path`, in a child whose address space is
// capped at `address_space` bytes (0: not capped; the program it runs inherits the cap).
pid_t SpawnVtsnap(const std::vector<std::string>& args, const std::string& err_path,
                  rlim_t address_space) {
  std::vector<std::string> argv = {VTSNAP_CLI_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> cargv;
  for (std::string& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  const pid_t child = fork();
  if (child == 0) {
    const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int null = open("/dev/null", O_WRONLY);
    if (err < 0 || null < 0 || dup2(err, 2) < 0 || dup2(null, 1) < 0) _exit(126);
    const struct rlimit bound = {address_space, address_space};
    if (address_space != 0 && setrlimit(RLIMIT_AS, &bound) != 0) _exit(126);
    execv(cargv[0], cargv.data());
    _exit(127);
  }
  return child;
}

// Waits up to `limit` for `pid`; kills it and returns nullopt when it is still running then.
std::optional<int> WaitStatusWithin(pid_t pid, absl::Duration limit) {
  const absl::Time give_up = absl::Now() + limit;
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (absl::Now() >= give_up) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      return std::nullopt;
    }
    usleep(10000);
  }
  return status;
}

// The whole run, in a child whose address space is capped far below what an unbounded reply queue
// reaches in the run (hundreds of MB a second): it ends at its timeout with 124, not killed.
TEST_F(RunCliTest, AProgramThatAsksForeverWithoutReadingEndsAtTheTimeoutInBoundedMemory) {
#ifdef VTSNAP_TEST_ASAN
  GTEST_SKIP() << "AddressSanitizer reserves huge address space: RLIMIT_AS cannot bound it";
#else
  std::vector<std::string> args = {"run", "--env", kMarker, "--timeout", "2", "--"};
  for (const std::string& a : AskingForeverProgram(Path("pid"))) args.push_back(a);
  const absl::Time started = absl::Now();
  const pid_t vtsnap = SpawnVtsnap(args, Path("stderr"), rlim_t{128} << 20);
  ASSERT_GT(vtsnap, 0);
  // A generous bound: the point is that it ends at its timeout, not after minutes.
  const std::optional<int> status = WaitStatusWithin(vtsnap, absl::Seconds(30));
  ASSERT_TRUE(status.has_value()) << "vtsnap run did not end within 30 s of a 2 s timeout";
  const absl::Duration took = absl::Now() - started;
  const std::string err = ReadFile(Path("stderr"));
  ASSERT_TRUE(WIFEXITED(*status)) << "vtsnap run was killed by signal " << WTERMSIG(*status) << "\n"
                                  << err;
  EXPECT_EQ(WEXITSTATUS(*status), 124) << err;
  EXPECT_THAT(err, ContainsRegex("timed out after [0-9.]+s waiting for"));  // 2s, scaled
  // VTSNAP_TIMEOUT_SCALE (slow CI) stretches the timeout and the close grace.
  const double scale = TimeoutScaleFromEnvironment().value_or(1);
  EXPECT_LT(took, absl::Seconds(2 * scale + 5)) << err;
#endif
}

// --record streams to its file: in a child whose address space is capped below what holding the
// output (tens of MB a second) would take, a program that writes without end and ignores the
// hangup is recorded to the end, then killed.
TEST_F(RunCliTest, RecordStreamsAnEndlessOutputToItsFileAndTheProgramIsEnded) {
#ifdef VTSNAP_TEST_ASAN
  GTEST_SKIP() << "AddressSanitizer reserves huge address space: RLIMIT_AS cannot bound it";
#else
  const std::string record = Path("zeros.bytes");
  const pid_t vtsnap = SpawnVtsnap(
      {"run", "--env", kMarker, "--timeout", "2", "--record", record, "--wait-text", "never", "--",
       "sh", "-c", "trap '' HUP; echo $$ > " + Path("pid") + "; exec cat /dev/zero"},
      Path("stderr"), rlim_t{48} << 20);
  ASSERT_GT(vtsnap, 0);
  const std::optional<int> status = WaitStatusWithin(vtsnap, absl::Seconds(30));
  ASSERT_TRUE(status.has_value()) << "vtsnap run did not end within 30 s of a 2 s timeout";
  const std::string err = ReadFile(Path("stderr"));
  ASSERT_TRUE(WIFEXITED(*status)) << "vtsnap run was killed by signal " << WTERMSIG(*status) << "\n"
                                  << err.substr(err.size() - std::min<size_t>(err.size(), 2000));
  EXPECT_EQ(WEXITSTATUS(*status), 124);
  std::error_code ec;
  const uintmax_t size = fs::file_size(record, ec);
  ASSERT_FALSE(ec) << "no recording: " << ec.message();
  EXPECT_GT(size, 0u);
  EXPECT_THAT(
      err, HasSubstr(absl::StrCat("vtsnap run: recorded ", size, " bytes of output to ", record)));
  std::ifstream in(record, std::ios::binary);
  std::string head(4096, 'x');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  EXPECT_EQ(head, std::string(head.size(), '\0'));
  EXPECT_EQ(Listing(dir_), (std::vector<std::string>{"pid", "stderr", "zeros.bytes"}))
      << "the temporary file was left behind";
  pid_t program = -1;
  std::istringstream(ReadFile(Path("pid"))) >> program;
  ASSERT_GT(program, 0);
  EXPECT_EQ(kill(program, 0), -1) << "the program, which ignores SIGHUP, outlived vtsnap run";
#endif
}

TEST_F(RunCliTest, SigtermEndsARunWhoseProgramFloodsPromptly) {
  std::vector<std::string> args = {"run", "--env", kMarker, "--timeout", "60", "--"};
  for (const std::string& a : AskingForeverProgram(Path("pid"))) args.push_back(a);
  const pid_t vtsnap = SpawnVtsnap(args, Path("stderr"), 0);
  ASSERT_GT(vtsnap, 0);
  pid_t program = -1;
  for (int i = 0; i < 1000 && program <= 0; ++i) {
    usleep(10000);
    std::istringstream(ReadFile(Path("pid"))) >> program;
  }
  ASSERT_GT(program, 0) << "the program never started";
  usleep(500000);  // flooding by now
  const absl::Time signalled = absl::Now();
  ASSERT_EQ(kill(vtsnap, SIGTERM), 0);
  const std::optional<int> status = WaitStatusWithin(vtsnap, absl::Seconds(30));
  ASSERT_TRUE(status.has_value()) << "vtsnap run did not end within 30 s of SIGTERM";
  const absl::Duration took = absl::Now() - signalled;
  const std::string err = ReadFile(Path("stderr"));
  ASSERT_TRUE(WIFEXITED(*status)) << err;
  EXPECT_EQ(WEXITSTATUS(*status), 143) << err;
  EXPECT_THAT(err, HasSubstr("vtsnap run: interrupted by SIGTERM; sh's session was ended"));
  EXPECT_LT(took, absl::Seconds(5) * TimeoutScaleFromEnvironment().value_or(1)) << err;
  EXPECT_EQ(kill(program, 0), -1) << "the program outlived vtsnap run";
}

// --- Signals to vtsnap run: the program's session ends with it -----------------------------------

struct SignalCase {
  int signo;
  int code;
  std::string name;
};
void PrintTo(const SignalCase& c, std::ostream* os) { *os << c.name; }

class RunCliSignalTest : public RunCliTest, public ::testing::WithParamInterface<SignalCase> {};

TEST_P(RunCliSignalTest, EndsTheProgramsSessionAndExits128PlusTheSignal) {
  // The program ignores SIGHUP, so only killing its session ends it; it writes its pid a second
  // after its output (which vtsnap has read by then, so the recording holds it), and vtsnap waits
  // for a text that never comes.
  const std::string pidfile = Path("pid");
  const std::string record = Path("out.bytes");
  std::vector<std::string> argv = {
      VTSNAP_CLI_BINARY,
      "run",
      "--env",
      kMarker,
      "--timeout",
      "60",
      "--record",
      record,
      "--wait-text",
      "never",
      "--",
      "sh",
      "-c",
      "trap '' HUP; printf waiting; sleep 1; echo $$ > " + pidfile + "; exec sleep 1000"};
  std::vector<char*> cargv;
  for (std::string& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  const std::string err_path = Path("stderr");
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0600);
  pid_t vtsnap = -1;
  ASSERT_EQ(posix_spawn(&vtsnap, cargv[0], &actions, nullptr, cargv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&actions);
  pid_t program = -1;
  for (int i = 0; i < 1000 && program <= 0; ++i) {
    usleep(10000);
    std::istringstream(ReadFile(pidfile)) >> program;
  }
  ASSERT_GT(program, 0) << "the program never started";
  ASSERT_EQ(kill(vtsnap, GetParam().signo), 0);
  int status = 0;
  ASSERT_EQ(waitpid(vtsnap, &status, 0), vtsnap);
  ASSERT_TRUE(WIFEXITED(status)) << "vtsnap was killed by the signal instead of handling it";
  EXPECT_EQ(WEXITSTATUS(status), GetParam().code);
  const std::string err = ReadFile(err_path);
  EXPECT_THAT(err, HasSubstr("vtsnap run: interrupted by " + GetParam().name +
                             "; sh's session was ended (killed by signal 9"));
  EXPECT_EQ(kill(program, 0), -1) << "the program outlived vtsnap run";
  EXPECT_EQ(ReadFile(record), "waiting");  // the recording is written on the way out
}

INSTANTIATE_TEST_SUITE_P(Signals, RunCliSignalTest,
                         ::testing::Values(SignalCase{SIGINT, 130, "SIGINT"},
                                           SignalCase{SIGTERM, 143, "SIGTERM"},
                                           SignalCase{SIGHUP, 129, "SIGHUP"}),
                         [](const ::testing::TestParamInfo<SignalCase>& info) {
                           return info.param.name;
                         });

// --- A real editor, three checkpoints in one run -------------------------------------------------

// nano (Debian's, installed by the README's test command) opens a scratch copy of a file, a line is
// typed and saved: test/tools/nano_flow/edit.steps pins three screens with goldens beside it, and
// --quit-keys ends nano its own way, so no `notes.txt.save` appears. UPDATE_GOLDENS passes
// through (this is not a RunCliTest), so `UPDATE_GOLDENS=1 run_cli_test
// --gtest_filter='NanoFlow*'` rewrites the goldens.
TEST(NanoFlowTest, OneRunPinsThreeCheckpointsInOrder) {
  if (access("/usr/bin/nano", X_OK) != 0) GTEST_SKIP() << "nano is not installed";
  const std::string scratch = absl::StrCat(::testing::TempDir(), "nano_flow.", getpid());
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  WriteFile(scratch + "/notes.txt", "");
  const std::string steps = std::string(VTSNAP_SOURCE_DIR) + "/test/tools/nano_flow/edit.steps";
  Result r = VtsnapRun({"--size", "60x10", "--steps", steps, "--cwd", scratch, "--env",
                        "HOME=" + scratch, "--redact", "GNU nano [0-9.]+", "--quit-keys", "ctrl+x",
                        "--", "nano", "--ignorercfiles", "notes.txt"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("vtsnap run: nano exited with status 0\n"));
  EXPECT_EQ(ReadFile(scratch + "/notes.txt"), "Hello from vtsnap\n");
  EXPECT_EQ(Listing(scratch), std::vector<std::string>{"notes.txt"});  // no .save, no lock file
  fs::remove_all(scratch);
}

}  // namespace
}  // namespace vtsnap::tools
