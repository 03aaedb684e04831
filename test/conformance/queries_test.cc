// The same program asks the same queries in a real xterm and under `vtsnap run`, and gets the same
// answers. query_asker (query_asker.cc) asks each query of queries.txt after RIS and a setup, and
// writes what came back; xterm_answers.txt is what it wrote inside xterm 379 (Debian 12) with
// decTerminalID 420 and utf8 1 (record_xterm_answers.sh). Here it runs under `vtsnap run` with the
// default profile, and every answer must be xterm's, byte for byte.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

extern char** environ;

namespace {

// name -> answer (C-escaped), from a query_asker output file; `#` lines are comments.
std::map<std::string, std::string> ReadAnswers(const std::string& path) {
  std::map<std::string, std::string> answers;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields = absl::StrSplit(line, absl::MaxSplits('\t', 1));
    answers[fields[0]] = fields.size() > 1 ? fields[1] : "";
  }
  return answers;
}

// Runs `vtsnap run` with query_asker; its exit status.
int RunUnderVtsnap(const std::string& out) {
  std::vector<std::string> args = {VTSNAP_CLI_BINARY, "run",        "--size", "80x24", "--",
                                   QUERY_ASKER,       QUERIES_FILE, out};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // The screen vtsnap run prints is not what this test reads.
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int err = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0) return -1;
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(Queries, EveryQueryIsAnsweredAsXterm379AnswersIt) {
  const std::map<std::string, std::string> xterm = ReadAnswers(XTERM_ANSWERS_FILE);
  ASSERT_GT(xterm.size(), 50u) << "the recording " << XTERM_ANSWERS_FILE << " is incomplete";
  const std::string out = testing::TempDir() + "/vtsnap_answers.txt";
  std::filesystem::remove(out);
  ASSERT_EQ(RunUnderVtsnap(out), 0) << "vtsnap run of query_asker failed";
  const std::map<std::string, std::string> vtsnap = ReadAnswers(out);
  ASSERT_EQ(vtsnap.size(), xterm.size()) << "query_asker under vtsnap run stopped early";
  for (const auto& [name, answer] : xterm) {
    auto it = vtsnap.find(name);
    ASSERT_NE(it, vtsnap.end()) << name;
    EXPECT_EQ(it->second, answer) << "query " << name << " (queries.txt): vtsnap answered \""
                                  << it->second << "\", xterm \"" << answer << "\"";
  }
}

}  // namespace
