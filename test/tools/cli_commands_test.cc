// Every `vtsnap` subcommand answers --help, -h and `vtsnap help CMD` with its usage on stdout
// (exit 0), and refuses a bad command line with exit 2 naming the argument (tools/cli.h).
#include <stdio.h>
#include <sys/wait.h>

#include <functional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/tools/cli.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/exit_codes.h"

namespace vtsnap::tools {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

using RunFunction =
    std::function<int(const std::vector<std::string>&, std::ostream&, std::ostream&)>;

struct Subcommand {
  std::string name;
  const cli::Usage* usage;
  RunFunction run;
};

// Every subcommand main.cc dispatches to.
std::vector<Subcommand> Subcommands() {
  return {
      {"decode", &kDecodeUsage, RunDecode},
      {"canon", &kCanonUsage, RunCanon},
      {"diff", &kDiffUsage, RunDiff},
      {"textconv", &kTextconvUsage, RunTextconv},
      {"inventory", &kInventoryUsage, RunInventory},
      {"compare", &kCompareUsage, RunCompare},
      {"render", &kRenderUsage, RunRender},
      {"review", &kReviewUsage, RunReview},
      {"record", &kRecordUsage, RunRecord},
      {"run", &kRunUsage,
       [](const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
         return RunRun(args, out, err);
       }},
  };
}

std::string Name(const ::testing::TestParamInfo<Subcommand>& info) { return info.param.name; }

struct Result {
  int code = -1;
  std::string out;
  std::string err;
};

Result RunIn(const Subcommand& command, const std::vector<std::string>& args) {
  std::ostringstream out, err;
  Result r;
  r.code = command.run(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// The built command with `args` (shell words, already quoted): its exit code and stdout.
Result RunBinary(const std::string& args) {
  Result r;
  FILE* pipe = popen(absl::StrCat(VTSNAP_CLI_BINARY, " ", args, " 2>/dev/null").c_str(), "r");
  if (pipe == nullptr) return r;
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) r.out.append(buffer, n);
  const int status = pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

class SubcommandTest : public ::testing::TestWithParam<Subcommand> {};

TEST_P(SubcommandTest, UsageStartsWithItsSynopsis) {
  EXPECT_THAT(cli::HelpText(*GetParam().usage),
              StartsWith(absl::StrCat("usage: vtsnap ", GetParam().name, " ")));
  EXPECT_EQ(GetParam().usage->command, GetParam().name);
}

TEST_P(SubcommandTest, LongHelpPrintsTheUsage) {
  const Result r = RunIn(GetParam(), {"--help"});
  EXPECT_EQ(r.code, kExitOk);
  EXPECT_EQ(r.out, cli::HelpText(*GetParam().usage));
  EXPECT_EQ(r.err, "");
}

TEST_P(SubcommandTest, ShortHelpPrintsTheUsage) {
  const Result r = RunIn(GetParam(), {"-h"});
  EXPECT_EQ(r.code, kExitOk);
  EXPECT_EQ(r.out, cli::HelpText(*GetParam().usage));
}

TEST_P(SubcommandTest, UnknownFlagExitsTwoNamingIt) {
  const Result r = RunIn(GetParam(), {"--no-such-flag"});
  EXPECT_EQ(r.code, kExitInvalid);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr(absl::StrCat("vtsnap ", GetParam().name,
                                            ": unknown option '--no-such-flag' (see vtsnap help ",
                                            GetParam().name, ")\n")));
}

TEST_P(SubcommandTest, HelpCommandPrintsTheUsage) {
  const Result r = RunBinary(absl::StrCat("help ", GetParam().name));
  EXPECT_EQ(r.code, kExitOk);
  EXPECT_EQ(r.out, cli::HelpText(*GetParam().usage));
}

TEST_P(SubcommandTest, HelpFlagOfTheCommandPrintsTheUsage) {
  const Result r = RunBinary(absl::StrCat(GetParam().name, " --help"));
  EXPECT_EQ(r.code, kExitOk);
  EXPECT_EQ(r.out, cli::HelpText(*GetParam().usage));
}

TEST_P(SubcommandTest, BadArgumentsExitTwoFromTheCommand) {
  EXPECT_EQ(RunBinary(absl::StrCat(GetParam().name, " --no-such-flag")).code, kExitInvalid);
}

TEST_P(SubcommandTest, TheOverallHelpListsItsSynopsis) {
  const Result r = RunBinary("--help");
  EXPECT_EQ(r.code, kExitOk);
  EXPECT_THAT(r.out, HasSubstr(GetParam().usage->synopsis));
}

INSTANTIATE_TEST_SUITE_P(Commands, SubcommandTest, ::testing::ValuesIn(Subcommands()), Name);

// `vtsnap help` itself.
struct HelpCase {
  std::string name;
  std::string args;
  int code;
  std::string out_starts;
};

class HelpCommandTest : public ::testing::TestWithParam<HelpCase> {};

TEST_P(HelpCommandTest, Answers) {
  const Result r = RunBinary(GetParam().args);
  EXPECT_EQ(r.code, GetParam().code);
  EXPECT_THAT(r.out, StartsWith(GetParam().out_starts));
}

INSTANTIATE_TEST_SUITE_P(
    Cases, HelpCommandTest,
    ::testing::Values(HelpCase{"Alone", "help", kExitOk, "vtsnap: decode terminal output"},
                      HelpCase{"SameAsHelpFlag", "-h", kExitOk, "vtsnap: decode terminal output"},
                      HelpCase{"UnknownCommand", "help frobnicate", kExitInvalid, ""},
                      HelpCase{"TwoCommands", "help decode render", kExitInvalid, ""}),
    [](const ::testing::TestParamInfo<HelpCase>& info) { return info.param.name; });

}  // namespace
}  // namespace vtsnap::tools
