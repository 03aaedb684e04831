// The CI recipes of docs/ci/ (docs/goldens.md, "Goldens in git and code review"): every vtsnap
// command they run exists with the flags they give it, they parse as YAML, and GitHub's summary
// step, run on a tree with a changed and a new golden, writes the Markdown table.
#include <stdio.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/scratch_dir.h"
#include "test/tools/shell_command.h"

namespace {

using ::testing::HasSubstr;

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::filesystem::path Recipe(absl::string_view name) {
  return std::filesystem::path(VTSNAP_SOURCE_DIR) / "docs" / "ci" / std::string(name);
}

using Result = vtsnap::test_util::ShellResult;
using vtsnap::test_util::Shell;

// Each `"$VTSNAP" SUBCOMMAND ARGS...` a recipe runs, as its words.
std::vector<std::vector<std::string>> VtsnapCommands(const std::string& recipe) {
  std::vector<std::vector<std::string>> commands;
  constexpr absl::string_view kCall = "\"$VTSNAP\" ";
  for (absl::string_view line : absl::StrSplit(recipe, '\n')) {
    const size_t at = line.find(kCall);
    if (at == absl::string_view::npos) continue;
    commands.push_back(absl::StrSplit(line.substr(at + kCall.size()), ' ', absl::SkipEmpty()));
  }
  return commands;
}

class CiRecipeTest : public ::testing::TestWithParam<std::string> {};

TEST_P(CiRecipeTest, EveryVtsnapCommandAndFlagExists) {
  const std::vector<std::vector<std::string>> commands =
      VtsnapCommands(ReadFile(Recipe(GetParam())));
  ASSERT_FALSE(commands.empty()) << "the recipe runs no vtsnap command";
  for (const std::vector<std::string>& words : commands) {
    const Result help = Shell(absl::StrCat(VTSNAP_CLI_BINARY, " help ", words[0]));
    ASSERT_EQ(help.code, 0) << "vtsnap " << words[0] << ": " << help.out;
    for (const std::string& word : words) {
      if (absl::StartsWith(word, "--")) EXPECT_THAT(help.out, HasSubstr(word)) << words[0];
    }
  }
}

TEST_P(CiRecipeTest, ParsesAsYaml) {
  if (Shell("python3 -c 'import yaml'").code != 0) GTEST_SKIP() << "python3 with yaml is absent";
  const Result r =
      Shell(absl::StrCat("python3 -c 'import sys, yaml; yaml.safe_load(open(sys.argv[1]))' '",
                         Recipe(GetParam()).string(), "'"));
  EXPECT_EQ(r.code, 0) << r.out;
}

INSTANTIATE_TEST_SUITE_P(Recipes, CiRecipeTest,
                         ::testing::Values("github-actions.yml", "gitlab-ci.yml"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param.substr(0, info.param.find('.'));
                           std::erase(name, '-');
                           return name;
                         });

// GitHub's summary step, taken from the YAML and run by bash -e (as Actions runs it) in a tree
// with one changed golden and one new one.
TEST(GithubSummaryStepTest, WritesTheTableAndNamesTheNewGolden) {
  if (Shell("python3 -c 'import yaml'").code != 0) GTEST_SKIP() << "python3 with yaml is absent";
  const std::filesystem::path dir = vtsnap::test_util::ScratchDir("ci_recipes_summary");
  const Result step = Shell(absl::StrCat(
      "python3 -c 'import sys, yaml; steps = yaml.safe_load(open(sys.argv[1]))[\"jobs\"][\"test\"]"
      "[\"steps\"]; print([s[\"run\"] for s in steps if s.get(\"name\", \"\").startswith(\"Show\")]"
      "[0])' '",
      Recipe("github-actions.yml").string(), "' > '", (dir / "step.sh").string(), "'"));
  ASSERT_EQ(step.code, 0) << step.out;
  const std::string dump =
      "ckvision-golden 1\nframe 3 1\ncursor hidden\nstyles 1\n0 fg default bg default attrs -\n"
      "grid\n|a|b|\nstylemap\n|000|\nend\n";
  std::filesystem::create_directories(dir / "tree" / "test" / "goldens" / "t");
  std::filesystem::create_directories(dir / "tree" / "build");
  const std::filesystem::path goldens = dir / "tree" / "test" / "goldens" / "t";
  std::ofstream(goldens / "menu.dump") << dump;
  std::string changed = dump;
  changed.replace(changed.find("|a|b|"), 5, "|a|c|");
  std::ofstream(goldens / "menu.dump.actual") << changed;
  std::ofstream(goldens / "new.dump.actual") << dump;
  // An .actual under build/ is the build's, not a golden's: the step leaves it out.
  std::ofstream(dir / "tree" / "build" / "x.dump.actual") << dump;

  const Result run =
      Shell(absl::StrCat("cd '", (dir / "tree").string(), "' && VTSNAP='", VTSNAP_CLI_BINARY,
                         "' GITHUB_STEP_SUMMARY='", (dir / "summary.md").string(), "' bash -e '",
                         (dir / "step.sh").string(), "'"));
  ASSERT_EQ(run.code, 0) << run.out;
  const std::string summary = ReadFile(dir / "summary.md");
  EXPECT_THAT(summary, HasSubstr("### vtsnap diff: `./test/goldens/t/menu.dump` "));
  EXPECT_THAT(summary, HasSubstr("| 0 | 2 | a\\|b | a\\|c |\n"));
  EXPECT_THAT(summary, HasSubstr("### new golden `./test/goldens/t/new.dump`"));
  EXPECT_THAT(summary, ::testing::Not(HasSubstr("x.dump")));
}

}  // namespace
