// The closure of chat_app_test's inventory, end to end: the real chat_app_test binary runs as a
// subprocess against a scratch copy of its goldens (VTSNAP_GOLDEN_ROOT=<scratch>/tree), with an
// explicit environment (PATH, HOME, a private TMPDIR), the way test/goldens_e2e runs its fixtures.
// The intact copy passes; removing a checkpoint's golden, adding an orphan golden, and skipping a
// declared scenario or checkpoint (CHAT_APP_TEST_SKIP) each make the run fail with its own message.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#ifndef CHAT_APP_TEST_BINARY
#error "CHAT_APP_TEST_BINARY must name the chat_app_test executable"
#endif
#ifndef CHAT_APP_GOLDENS
#error "CHAT_APP_GOLDENS must name examples/chat_app/goldens/chat_app_test"
#endif

namespace {

namespace fs = std::filesystem;

using ::testing::HasSubstr;
using ::testing::Not;

struct RunResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr, interleaved
};

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class ChatAppClosureTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string templ = (fs::temp_directory_path() / "chat-app-closure.XXXXXX").string();
    ASSERT_NE(::mkdtemp(templ.data()), nullptr) << std::strerror(errno);
    scratch_ = templ;
    goldens_ = scratch_ / "tree" / "goldens" / "chat_app_test";
    fs::create_directories(goldens_.parent_path());
    fs::create_directories(scratch_ / "tmp");
    fs::copy(CHAT_APP_GOLDENS, goldens_, fs::copy_options::recursive);
  }

  void TearDown() override {
    std::error_code ec;
    if (!HasFailure()) {
      fs::remove_all(scratch_, ec);
    } else {
      std::fprintf(stderr, "scratch tree kept for inspection: %s\n", scratch_.c_str());
    }
  }

  // Runs chat_app_test with exactly PATH, HOME, TMPDIR, VTSNAP_GOLDEN_ROOT and `extra`.
  RunResult Run(const std::map<std::string, std::string>& extra = {}) {
    std::map<std::string, std::string> env;
    for (const char* keep : {"PATH", "HOME"}) {
      if (const char* v = std::getenv(keep)) env[keep] = v;
    }
    env["TMPDIR"] = (scratch_ / "tmp").string();
    env["VTSNAP_GOLDEN_ROOT"] = (scratch_ / "tree").string();
    for (const auto& [k, v] : extra) env[k] = v;
    std::vector<std::string> env_s;
    for (const auto& [k, v] : env) env_s.push_back(k + "=" + v);
    std::vector<char*> envp;
    for (std::string& s : env_s) envp.push_back(s.data());
    envp.push_back(nullptr);
    std::string binary = CHAT_APP_TEST_BINARY;
    char* argv[] = {binary.data(), nullptr};

    const fs::path log = scratch_ / ("run" + std::to_string(++runs_) + ".log");
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    RunResult result;
    if (fd < 0) {
      ADD_FAILURE() << "cannot create " << log;
      return result;
    }
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::dup2(fd, 1);
      ::dup2(fd, 2);
      ::execve(binary.c_str(), argv, envp.data());
      ::_exit(127);
    }
    ::close(fd);
    if (pid < 0) {
      ADD_FAILURE() << "fork: " << std::strerror(errno);
      return result;
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    result.output = ReadFile(log);
    return result;
  }

  fs::path scratch_;
  fs::path goldens_;
  int runs_ = 0;
};

TEST_F(ChatAppClosureTest, IntactGoldensPass) {
  const RunResult r = Run();
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, Not(HasSubstr("orphan")));
}

// One way to break the suite's closure, and what the run must then say.
struct BrokenCase {
  std::string name;
  std::function<void(const fs::path& goldens, const fs::path& aside)> change;
  std::map<std::string, std::string> env;
  std::string message;
};

TEST_F(ChatAppClosureTest, EveryBreachOfTheInventoryFailsTheRun) {
  const std::vector<BrokenCase> cases = {
      {"a checkpoint's golden removed",
       [](const fs::path& g, const fs::path&) {
         fs::remove(g / "tool_card" / "selected.semantic");
       },
       {},
       "tool_card/selected.semantic does not exist"},
      {"an orphan golden added",
       [](const fs::path& g, const fs::path&) {
         fs::copy_file(g / "help" / "open.semantic", g / "help" / "stale.semantic");
       },
       {},
       "orphan: goldens/chat_app_test/help/stale.semantic"},
      {"an orphan scenario folder added",
       [](const fs::path& g, const fs::path&) {
         fs::create_directories(g / "compaction");
         fs::copy_file(g / "help" / "open.semantic", g / "compaction" / "replaced.semantic");
       },
       {},
       "orphan: goldens/chat_app_test/compaction/replaced.semantic"},
      // The skipped scenario's goldens are moved aside, so only the missing scenario is at stake.
      {"a declared scenario skipped",
       [](const fs::path& g, const fs::path& aside) { fs::rename(g / "help", aside / "help"); },
       {{"CHAT_APP_TEST_SKIP", "help"}},
       "missing scenario: help"},
      {"a declared checkpoint skipped",
       [](const fs::path& g, const fs::path& aside) {
         fs::rename(g / "error" / "dismissed.semantic", aside / "dismissed.semantic");
       },
       {{"CHAT_APP_TEST_SKIP", "error/dismissed"}},
       "missing checkpoint: error/dismissed"},
  };
  for (const BrokenCase& c : cases) {
    SCOPED_TRACE(c.name);
    // A fresh copy of the goldens for each case.
    fs::remove_all(goldens_);
    fs::copy(CHAT_APP_GOLDENS, goldens_, fs::copy_options::recursive);
    const fs::path aside = scratch_ / "aside";
    fs::remove_all(aside);
    fs::create_directories(aside);
    c.change(goldens_, aside);
    const RunResult r = Run(c.env);
    EXPECT_NE(r.exit_code, 0) << r.output;
    EXPECT_THAT(r.output, HasSubstr(c.message)) << r.output;
  }
  // The skip switch alone (nothing moved aside) still fails: the unclaimed goldens are orphans
  // and the scenario is missing.
  fs::remove_all(goldens_);
  fs::copy(CHAT_APP_GOLDENS, goldens_, fs::copy_options::recursive);
  const RunResult r = Run({{"CHAT_APP_TEST_SKIP", "resize"}});
  EXPECT_NE(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("missing scenario: resize"));
  EXPECT_THAT(r.output, HasSubstr("orphan: goldens/chat_app_test/resize/narrow.semantic"));
}

}  // namespace
