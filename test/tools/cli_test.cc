// The command-line parser of the `vtsnap` subcommands (tools/cli.h): one decision per case.
#include "vtsnap/tools/cli.h"

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/tools/exit_codes.h"

namespace vtsnap::tools::cli {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr Usage kUsage = {
    .command = "probe",
    .summary = "Probe the parser.",
    .synopsis = "usage: vtsnap probe [--size COLSxROWS] [--lossy] [--keys K]... [-o PATH] [FILE]\n",
    .details = "  a command for the parser's tests\n"};

// What a parse of the probe command read.
struct Read {
  std::optional<int> code;
  std::string size = "80x24";
  bool lossy = false;
  std::vector<std::string> keys;
  std::optional<std::string> output;
  std::vector<std::string> positional;
  std::string out;
  std::string err;
};

Read ParseProbe(const std::vector<std::string>& args, Positionals positionals) {
  Read r;
  CommandLine line(kUsage);
  line.Value("--size", &r.size)
      .Switch("--lossy", &r.lossy)
      .Each("--keys",
            [&r](const std::string& keys) {
              if (keys == "bad") return absl::InvalidArgumentError("--keys 'bad': not a script");
              r.keys.push_back(keys);
              return absl::OkStatus();
            })
      .Value("--output", &r.output)
      .Alias("-o", "--output")
      .Positionals(std::move(positionals), &r.positional);
  std::ostringstream out, err;
  r.code = line.Parse(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

const Positionals kOneFile = {.names = {"FILE"}, .min = 0, .max = 1};

// A command line the parser accepts, and what it read.
struct AcceptCase {
  std::string name;
  std::vector<std::string> args;
  Positionals positionals;
  std::string size = "80x24";
  bool lossy = false;
  std::vector<std::string> keys = {};
  std::optional<std::string> output = std::nullopt;
  std::vector<std::string> positional = {};
};

class CliAcceptTest : public ::testing::TestWithParam<AcceptCase> {};

TEST_P(CliAcceptTest, ReadsTheLine) {
  const AcceptCase& c = GetParam();
  const Read r = ParseProbe(c.args, c.positionals);
  EXPECT_EQ(r.code, std::nullopt) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.size, c.size);
  EXPECT_EQ(r.lossy, c.lossy);
  EXPECT_EQ(r.keys, c.keys);
  EXPECT_EQ(r.output, c.output);
  EXPECT_EQ(r.positional, c.positional);
}

INSTANTIATE_TEST_SUITE_P(
    Lines, CliAcceptTest,
    ::testing::Values(
        AcceptCase{.name = "Nothing", .args = {}, .positionals = kOneFile},
        AcceptCase{.name = "ValueAsNextArgument",
                   .args = {"--size", "10x2"},
                   .positionals = kOneFile,
                   .size = "10x2"},
        AcceptCase{.name = "ValueAfterEquals",
                   .args = {"--size=10x2"},
                   .positionals = kOneFile,
                   .size = "10x2"},
        AcceptCase{.name = "ValueMayHoldEquals",
                   .args = {"--output=a=b"},
                   .positionals = kOneFile,
                   .output = "a=b"},
        AcceptCase{.name = "EmptyValueAfterEquals",
                   .args = {"--size="},
                   .positionals = kOneFile,
                   .size = ""},
        AcceptCase{.name = "ValueThatLooksLikeAFlag",
                   .args = {"--keys", "--lossy"},
                   .positionals = kOneFile,
                   .keys = {"--lossy"}},
        AcceptCase{.name = "LastValueCounts",
                   .args = {"--size", "1x1", "--size", "2x2"},
                   .positionals = kOneFile,
                   .size = "2x2"},
        AcceptCase{.name = "RepeatedFlagInOrder",
                   .args = {"--keys", "a", "--keys=b", "--keys", "c"},
                   .positionals = kOneFile,
                   .keys = {"a", "b", "c"}},
        AcceptCase{.name = "Switch", .args = {"--lossy"}, .positionals = kOneFile, .lossy = true},
        AcceptCase{
            .name = "Alias", .args = {"-o", "x.png"}, .positionals = kOneFile, .output = "x.png"},
        AcceptCase{.name = "PositionalBeforeFlags",
                   .args = {"in.bytes", "--lossy"},
                   .positionals = kOneFile,
                   .lossy = true,
                   .positional = {"in.bytes"}},
        AcceptCase{.name = "DashIsPositional",
                   .args = {"-"},
                   .positionals = kOneFile,
                   .positional = {"-"}},
        AcceptCase{.name = "DoubleDashEndsTheFlags",
                   .args = {"--lossy", "--", "--size"},
                   .positionals = kOneFile,
                   .lossy = true,
                   .positional = {"--size"}},
        AcceptCase{.name = "TwoPositionals",
                   .args = {"a", "b"},
                   .positionals = {.names = {"BEFORE", "AFTER"}, .min = 2, .max = 2},
                   .positional = {"a", "b"}},
        AcceptCase{.name = "AnyNumberOfPositionals",
                   .args = {"a", "b", "c"},
                   .positionals = {.names = {"DIR"}, .min = 0, .max = kAny},
                   .positional = {"a", "b", "c"}},
        AcceptCase{
            .name = "StopAtFirstKeepsLaterFlags",
            .args = {"--lossy", "prog", "--size", "1x1", ""},
            .positionals = {.names = {"PROGRAM"}, .min = 1, .max = kAny, .stop_at_first = true},
            .lossy = true,
            .positional = {"prog", "--size", "1x1", ""}}),
    [](const ::testing::TestParamInfo<AcceptCase>& info) { return info.param.name; });

// A command line the parser refuses: exit 2, and the message on stderr.
struct RefuseCase {
  std::string name;
  std::vector<std::string> args;
  Positionals positionals;
  std::string message;  // the line after the synopsis, or the only line
  bool with_synopsis = true;
};

class CliRefuseTest : public ::testing::TestWithParam<RefuseCase> {};

TEST_P(CliRefuseTest, ExitsTwoNamingTheArgument) {
  const RefuseCase& c = GetParam();
  const Read r = ParseProbe(c.args, c.positionals);
  EXPECT_EQ(r.code, kExitInvalid);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, c.with_synopsis ? absl::StrCat(kUsage.synopsis, "vtsnap probe: ", c.message,
                                                  " (see vtsnap help probe)\n")
                                   : absl::StrCat("vtsnap probe: ", c.message, "\n"));
  // A line that is wrong as a whole is refused before any flag's value is used.
  if (c.with_synopsis) EXPECT_TRUE(r.keys.empty());
}

INSTANTIATE_TEST_SUITE_P(
    Lines, CliRefuseTest,
    ::testing::Values(
        RefuseCase{"UnknownFlag", {"--colour", "red"}, kOneFile, "unknown option '--colour'"},
        RefuseCase{
            "UnknownFlagWithValue", {"--colour=red"}, kOneFile, "unknown option '--colour=red'"},
        RefuseCase{"UnknownShortFlag", {"-x"}, kOneFile, "unknown option '-x'"},
        RefuseCase{"FirstErrorIsReported", {"--a", "--b"}, kOneFile, "unknown option '--a'"},
        RefuseCase{"MissingValue", {"--size"}, kOneFile, "--size needs a value"},
        RefuseCase{
            "SwitchWithValue", {"--lossy=yes"}, kOneFile, "--lossy takes no value ('--lossy=yes')"},
        RefuseCase{"NoPositionalsTaken", {"a"}, {}, "unexpected argument 'a'"},
        RefuseCase{"TwoFilesForOne", {"a", "b"}, kOneFile, "more than one FILE ('a' and 'b')"},
        RefuseCase{"ThreeForTwo",
                   {"a", "b", "c"},
                   {.names = {"BEFORE", "AFTER"}, .min = 2, .max = 2},
                   "unexpected argument 'c' (at most 2: BEFORE AFTER)"},
        RefuseCase{"MissingSecond",
                   {"a"},
                   {.names = {"BEFORE", "AFTER"}, .min = 2, .max = 2},
                   "missing AFTER"},
        RefuseCase{"MissingWithItsOwnMessage",
                   {"--lossy"},
                   {.names = {"FILE"}, .min = 1, .max = 1, .missing = "which file?"},
                   "which file?"},
        RefuseCase{"EmptyPositional", {""}, kOneFile, "FILE is empty ('')"},
        RefuseCase{"StopAtFirstNeedsOne",
                   {"--lossy", "--"},
                   {.names = {"PROGRAM"}, .min = 1, .max = kAny, .stop_at_first = true},
                   "missing PROGRAM"},
        RefuseCase{"CallbackError",
                   {"--keys", "a", "--keys", "bad"},
                   kOneFile,
                   "--keys 'bad': not a script",
                   false}),
    [](const ::testing::TestParamInfo<RefuseCase>& info) { return info.param.name; });

// --help and -h print the usage on stdout and exit 0, wherever they stand among the flags.
struct HelpCase {
  std::string name;
  std::vector<std::string> args;
  bool help;
};

class CliHelpTest : public ::testing::TestWithParam<HelpCase> {};

TEST_P(CliHelpTest, PrintsTheUsageOnlyAmongTheFlags) {
  const HelpCase& c = GetParam();
  const Read r = ParseProbe(c.args, kOneFile);
  if (c.help) {
    EXPECT_EQ(r.code, kExitOk);
    EXPECT_EQ(r.out, HelpText(kUsage));
    EXPECT_EQ(r.err, "");
  } else {
    EXPECT_NE(r.code, kExitOk);
    EXPECT_EQ(r.out, "");
  }
}

INSTANTIATE_TEST_SUITE_P(
    Lines, CliHelpTest,
    ::testing::Values(HelpCase{"Long", {"--help"}, true}, HelpCase{"Short", {"-h"}, true},
                      HelpCase{"AfterAFile", {"a", "--help"}, true},
                      HelpCase{"AfterAnError", {"--colour", "--help"}, true},
                      HelpCase{"AfterDoubleDashIsAFile", {"--", "--help", "x"}, false},
                      HelpCase{"AsAValue", {"--size", "--help", "a", "b"}, false}),
    [](const ::testing::TestParamInfo<HelpCase>& info) { return info.param.name; });

// The example at the top of tools/cli.h, as written there.
int HeaderExample(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                  std::string* read_size, bool* read_lossy, std::vector<std::string>* read_files) {
  std::string size = "80x24";
  bool lossy = false;
  std::vector<std::string> files;
  cli::CommandLine line(kUsage);
  line.Value("--size", &size)
      .Switch("--lossy", &lossy)
      .Positionals({.names = {"FILE"}, .max = 1}, &files);
  if (std::optional<int> done = line.Parse(args, out, err)) return *done;  // --help, or an error
  *read_size = size;
  *read_lossy = lossy;
  *read_files = files;
  return kExitOk;
}

TEST(CliTest, HeaderExampleReadsItsFlags) {
  std::ostringstream out, err;
  std::string size;
  bool lossy = false;
  std::vector<std::string> files;
  EXPECT_EQ(HeaderExample({"in.bytes", "--size=10x2", "--lossy"}, out, err, &size, &lossy, &files),
            kExitOk);
  EXPECT_EQ(size, "10x2");
  EXPECT_TRUE(lossy);
  EXPECT_EQ(files, std::vector<std::string>{"in.bytes"});
  EXPECT_EQ(HeaderExample({"a", "b"}, out, err, &size, &lossy, &files), kExitInvalid);
}

TEST(CliTest, HelpTextIsTheSynopsisThenTheDetails) {
  EXPECT_THAT(HelpText(kUsage), StartsWith("usage: vtsnap probe "));
  EXPECT_THAT(HelpText(kUsage), HasSubstr("\n  a command for the parser's tests\n"));
}

TEST(CliTest, FailAndErrorNameTheCommand) {
  CommandLine line(kUsage);
  std::ostringstream fail, error;
  EXPECT_EQ(line.Fail(fail, "pass one mode"), kExitInvalid);
  EXPECT_EQ(fail.str(),
            absl::StrCat(kUsage.synopsis, "vtsnap probe: pass one mode (see vtsnap help probe)\n"));
  EXPECT_EQ(line.Error(error, "x.dump: no such file"), kExitInvalid);
  EXPECT_EQ(error.str(), "vtsnap probe: x.dump: no such file\n");
}

}  // namespace
}  // namespace vtsnap::tools::cli
