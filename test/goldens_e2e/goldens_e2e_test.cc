// End-to-end behaviour of EqualsGolden, as a user meets it: the real test program
// goldens_fixture_test (fixture_test.cc) runs as a subprocess, once or several times per case, in a
// scratch golden tree of its own (VTSNAP_GOLDEN_ROOT=<scratch>/tree, so its goldens are
// <scratch>/tree/goldens/fixture_test/<name>.dump). The child's environment is built explicitly
// (PATH and HOME only, plus what the case sets), so UPDATE_GOLDENS, CI or GTEST_* of the outer run
// never leak in. Each case checks exit code, output and the files left behind.
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/pito_capture.h"
#include "vtsnap/snapshot/formats/semantic.h"
#include "vtsnap/snapshot/screen/capture.h"

#ifndef VTSNAP_FIXTURE_BINARY
#error "VTSNAP_FIXTURE_BINARY must name the goldens_fixture_test executable"
#endif
#ifndef VTSNAP_CLI_BINARY
#error "VTSNAP_CLI_BINARY must name the vtsnap executable"
#endif

namespace {

namespace fs = std::filesystem;

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::StartsWith;

constexpr char kFixture[] = VTSNAP_FIXTURE_BINARY;
constexpr char kCli[] = VTSNAP_CLI_BINARY;
constexpr char kDeclaredFixture[] = VTSNAP_DECLARED_FIXTURE_BINARY;
constexpr char kSemanticFixture[] = VTSNAP_SEMANTIC_FIXTURE_BINARY;
constexpr char kCaptureFixture[] = VTSNAP_CAPTURE_FIXTURE_BINARY;
constexpr char kShardFixture[] = VTSNAP_SHARD_FIXTURE_BINARY;
// Every test of fixture_test.cc, as ctest would run them one per process.
const std::vector<std::string> kFixtureTests = {
    "Fixture.Home",    "Fixture.Second", "Fixture.BadName",    "Fixture.Fails",
    "Fixture.Negated", "Fixture.Script", "Fixture.DuplicateA", "Fixture.DuplicateB"};

using Env = std::map<std::string, std::string>;

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
  std::string all() const { return out + err; }
};

std::ostream& operator<<(std::ostream& os, const RunResult& r) {
  return os << "exit " << r.exit_code << "\n--- stdout ---\n"
            << r.out << "--- stderr ---\n"
            << r.err;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteFile(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

// Every regular file under `dir`, relative, sorted.
std::vector<std::string> FilesUnder(const fs::path& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  if (!fs::exists(dir, ec)) return files;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    if (it->is_regular_file()) files.push_back(fs::relative(it->path(), dir).string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// `files` without the HTML failure report's page and entries (snapshot/golden/report.h), which
// every failing check adds beside its .actual file; the tests that are about the report look at
// them.
std::vector<std::string> WithoutReport(std::vector<std::string> files) {
  std::erase_if(files, [](const std::string& f) {
    return f.find("vtsnap-report.html") != std::string::npos ||
           f.find("vtsnap-report.entries/") != std::string::npos;
  });
  return files;
}

// The file's modification time in nanoseconds, or -1.
long long MtimeNs(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return -1;
  return static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec;
}

// The properties of <testcase name="`test`"> in a gtest XML report, as name -> value.
std::map<std::string, std::string> XmlProperties(const std::string& xml, const std::string& test) {
  std::map<std::string, std::string> props;
  const size_t start = xml.find("<testcase name=\"" + test + "\"");
  if (start == std::string::npos) return props;
  size_t end = xml.find("</testcase>", start);
  if (end == std::string::npos) end = xml.size();
  const std::string block = xml.substr(start, end - start);
  size_t pos = 0;
  while ((pos = block.find("<property name=\"", pos)) != std::string::npos) {
    pos += std::strlen("<property name=\"");
    const size_t name_end = block.find('"', pos);
    const std::string name = block.substr(pos, name_end - pos);
    const size_t value_start = block.find("value=\"", name_end) + std::strlen("value=\"");
    const size_t value_end = block.find('"', value_start);
    props[name] = block.substr(value_start, value_end - value_start);
    pos = value_end;
  }
  return props;
}

// The dump of the screen a fixture test draws (20x4, `text` written from the top left).
std::string DumpOf(const std::string& text) {
  vtsnap::TerminalOptions size;
  size.cols = 20;
  size.rows = 4;
  vtsnap::VirtualTerminal vt(size);
  vt.Write(text);
  absl::StatusOr<std::string> dump = vtsnap::golden::Serialize(vtsnap::CaptureFrame(vt).value());
  EXPECT_TRUE(dump.ok()) << dump.status();
  return dump.ok() ? *dump : std::string();
}

class GoldensE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string templ = (fs::temp_directory_path() / "vtsnap-goldens-e2e.XXXXXX").string();
    ASSERT_NE(::mkdtemp(templ.data()), nullptr) << std::strerror(errno);
    scratch_ = templ;
    // Readable by everyone: the read-only case runs the fixture as an unprivileged user.
    fs::permissions(scratch_, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                  fs::perms::others_read | fs::perms::others_exec);
    tree_ = scratch_ / "tree";
    golden_dir_ = tree_ / "goldens" / "fixture_test";
    fs::create_directories(tree_);
    fs::create_directories(scratch_ / "tmp");
    fs::create_directories(scratch_ / "logs");
    fs::permissions(scratch_ / "tmp", fs::perms::all);
  }

  void TearDown() override {
    // Nothing ever lands beside the fixture's real source: every run used the scratch tree.
    EXPECT_FALSE(fs::exists(fs::path(VTSNAP_SOURCE_DIR) / "test/goldens_e2e/goldens"));
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(scratch_, ec); !ec && it != fs::end(it);
         it.increment(ec)) {
      if (it->is_directory())
        fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
    }
    if (!HasFailure()) {
      fs::remove_all(scratch_, ec);
    } else {
      std::fprintf(stderr, "scratch tree kept for inspection: %s\n", scratch_.c_str());
    }
  }

  fs::path Golden(const std::string& name) const { return golden_dir_ / (name + ".dump"); }
  fs::path Actual(const std::string& name) const { return golden_dir_ / (name + ".dump.actual"); }

  // The environment every child gets: PATH and HOME of this process, a private TMPDIR, the scratch
  // golden root, then `extra` (which may override any of them).
  Env BaseEnv(const Env& extra) const {
    Env env;
    for (const char* keep : {"PATH", "HOME"}) {
      if (const char* v = std::getenv(keep)) env[keep] = v;
    }
    env["TMPDIR"] = (scratch_ / "tmp").string();
    env["VTSNAP_GOLDEN_ROOT"] = tree_.string();
    for (const auto& [k, v] : extra) env[k] = v;
    return env;
  }

  // Runs `binary args...` with exactly `env`, stdout and stderr captured separately. With
  // `as_nobody`, the child drops to uid/gid 65534 first (so file permissions apply to it).
  RunResult RunRaw(const std::string& binary, const std::vector<std::string>& args, const Env& env,
                   bool as_nobody = false) {
    const int n = ++runs_;
    const fs::path out_path = scratch_ / "logs" / ("run" + std::to_string(n) + ".out");
    const fs::path err_path = scratch_ / "logs" / ("run" + std::to_string(n) + ".err");
    std::vector<std::string> argv_s = {binary};
    argv_s.insert(argv_s.end(), args.begin(), args.end());
    std::vector<std::string> env_s;
    for (const auto& [k, v] : env) env_s.push_back(k + "=" + v);
    std::vector<char*> argv;
    for (std::string& s : argv_s) argv.push_back(s.data());
    argv.push_back(nullptr);
    std::vector<char*> envp;
    for (std::string& s : env_s) envp.push_back(s.data());
    envp.push_back(nullptr);

    const int out_fd = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    const int err_fd = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    RunResult result;
    if (out_fd < 0 || err_fd < 0) {
      ADD_FAILURE() << "cannot create the capture files in " << scratch_;
      return result;
    }
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::dup2(out_fd, 1);
      ::dup2(err_fd, 2);
      if (as_nobody) {
        if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0) {
          static const char msg[] = "driver: cannot drop privileges\n";
          (void)!::write(2, msg, sizeof msg - 1);
          ::_exit(126);
        }
      }
      ::execve(binary.c_str(), argv.data(), envp.data());
      static const char msg[] = "driver: execve failed\n";
      (void)!::write(2, msg, sizeof msg - 1);
      ::_exit(127);
    }
    ::close(out_fd);
    ::close(err_fd);
    if (pid < 0) {
      ADD_FAILURE() << "fork: " << std::strerror(errno);
      return result;
    }
    // The fixture is tiny: anything past 60 s is a hang.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    int status = 0;
    while (true) {
      const pid_t w = ::waitpid(pid, &status, WNOHANG);
      if (w == pid) break;
      if (std::chrono::steady_clock::now() > deadline) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        ADD_FAILURE() << binary << " timed out";
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    result.out = ReadFile(out_path);
    result.err = ReadFile(err_path);
    return result;
  }

  RunResult RunFixture(const Env& extra = {}, const std::vector<std::string>& args = {},
                       bool as_nobody = false) {
    return RunRaw(kFixture, args, BaseEnv(extra), as_nobody);
  }

  RunResult RunInventory(const fs::path& dir) {
    return RunRaw(kCli, {"inventory", dir}, BaseEnv({}));
  }

  // Writes the goldens of a clean run (home "Hello", second) with UPDATE_GOLDENS=1.
  void CreateGoldens() {
    const RunResult r = RunFixture({{"UPDATE_GOLDENS", "1"}});
    ASSERT_EQ(r.exit_code, 0) << r;
    ASSERT_TRUE(fs::exists(Golden("home"))) << r;
    ASSERT_TRUE(fs::exists(Golden("second"))) << r;
  }

  // Adds an orphan: a valid dump nothing asserts.
  void AddOrphan() { fs::copy_file(Golden("home"), Golden("old")); }

  fs::path scratch_;
  fs::path tree_;
  fs::path golden_dir_;
  int runs_ = 0;
};

// 1. A missing golden fails, names its path, writes <golden>.actual and prints the update command.
TEST_F(GoldensE2eTest, MissingGoldenFailsAndWritesActual) {
  const RunResult r = RunFixture();
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("the golden " + Golden("home").string() + " does not exist")) << r;
  EXPECT_THAT(r.out, HasSubstr("actual dump written to " + Actual("home").string())) << r;
  EXPECT_THAT(r.out, HasSubstr("to accept the actual screen run:\n  UPDATE_GOLDENS=1 ")) << r;
  EXPECT_THAT(r.out, HasSubstr(std::string("UPDATE_GOLDENS=1 ") + kFixture +
                               " --gtest_filter=Fixture.Home"))
      << r;
  EXPECT_FALSE(fs::exists(Golden("home")));
  ASSERT_TRUE(fs::exists(Actual("home"))) << r;
  const std::string actual = ReadFile(Actual("home"));
  EXPECT_TRUE(vtsnap::golden::Parse(actual).ok()) << actual;
  EXPECT_EQ(actual, DumpOf("Hello"));
  // The .actual files are for review, with the HTML failure report that shows them side by side
  // with their goldens (one entry a golden): the tree holds nothing else.
  const std::vector<std::string> files = FilesUnder(tree_);
  EXPECT_THAT(WithoutReport(files), ElementsAre("goldens/fixture_test/home.dump.actual",
                                                "goldens/fixture_test/second.dump.actual"));
  EXPECT_EQ(files.size(), 5u) << ::testing::PrintToString(files);  // the page and two entries
  const fs::path page = tree_ / "goldens/fixture_test/vtsnap-report.html";
  EXPECT_THAT(r.out, HasSubstr("report: " + page.string() + "\n")) << r;
  const std::string html = ReadFile(page);
  EXPECT_THAT(html, HasSubstr("<title>vtsnap: 2 failing goldens</title>"));
  EXPECT_THAT(html, HasSubstr(Golden("home").string()));
  EXPECT_THAT(html, HasSubstr(Golden("second").string()));
  EXPECT_THAT(html, HasSubstr("Fixture.Home"));
}

// 2. UPDATE_GOLDENS=1 writes the golden, passes, removes the stale .actual and prints a summary.
TEST_F(GoldensE2eTest, UpdateWritesAndPasses) {
  ASSERT_NE(RunFixture().exit_code, 0);  // leaves home.dump.actual behind
  ASSERT_TRUE(fs::exists(Actual("home")));
  const RunResult r = RunFixture({{"UPDATE_GOLDENS", "1"}});
  EXPECT_EQ(r.exit_code, 0) << r;
  ASSERT_TRUE(fs::exists(Golden("home"))) << r;
  const std::string home = ReadFile(Golden("home"));
  EXPECT_THAT(home, StartsWith("ckvision-golden 1\nframe 20 4\n"));
  EXPECT_THAT(home, HasSubstr("\ngrid\n|Hello               |\n|                    |\n"));
  EXPECT_EQ(home, DumpOf("Hello"));
  EXPECT_EQ(ReadFile(Golden("second")), DumpOf("Second\r\nscreen"));
  EXPECT_THAT(r.err, HasSubstr("vtsnap: wrote " + Golden("home").string() + " (new)")) << r;
  EXPECT_THAT(r.err, HasSubstr("vtsnap: wrote " + Golden("second").string() + " (new)")) << r;
  EXPECT_THAT(r.err, HasSubstr("vtsnap: goldens: 2 written, 0 unchanged, 0 orphans")) << r;
  EXPECT_FALSE(fs::exists(Actual("home")));
  EXPECT_FALSE(fs::exists(Actual("second")));
  EXPECT_THAT(FilesUnder(tree_),
              ElementsAre("goldens/fixture_test/home.dump", "goldens/fixture_test/second.dump"));
}

// 2b. UPDATE_GOLDENS=new writes missing goldens only; a mismatch still fails and says how to
// accept it.
TEST_F(GoldensE2eTest, UpdateNewWritesOnlyMissing) {
  const RunResult created = RunFixture({{"UPDATE_GOLDENS", "new"}});
  EXPECT_EQ(created.exit_code, 0) << created;
  EXPECT_EQ(ReadFile(Golden("home")), DumpOf("Hello"));
  const RunResult changed = RunFixture({{"UPDATE_GOLDENS", "new"}, {"FIXTURE_TEXT", "Hallo"}});
  EXPECT_NE(changed.exit_code, 0) << changed;
  EXPECT_THAT(changed.out, HasSubstr("UPDATE_GOLDENS=new writes only missing goldens; to accept "
                                     "this change run:\n  UPDATE_GOLDENS=1 " +
                                     std::string(kFixture) + " --gtest_filter=Fixture.Home"))
      << changed;
  EXPECT_EQ(ReadFile(Golden("home")), DumpOf("Hello"));
  EXPECT_EQ(ReadFile(Actual("home")), DumpOf("Hallo"));
}

// 3. After an update a plain run (and an update run) passes and writes nothing.
TEST_F(GoldensE2eTest, RerunPasses) {
  CreateGoldens();
  const std::string before = ReadFile(Golden("home"));
  const long long mtime = MtimeNs(Golden("home"));
  const std::vector<std::string> files = FilesUnder(tree_);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));

  const RunResult r = RunFixture();
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.err, Not(HasSubstr("vtsnap: wrote"))) << r;
  EXPECT_EQ(ReadFile(Golden("home")), before);
  EXPECT_EQ(MtimeNs(Golden("home")), mtime);
  EXPECT_EQ(FilesUnder(tree_), files);

  const RunResult u = RunFixture({{"UPDATE_GOLDENS", "1"}});
  EXPECT_EQ(u.exit_code, 0) << u;
  EXPECT_THAT(u.err, Not(HasSubstr("vtsnap: wrote"))) << u;
  EXPECT_THAT(u.err, HasSubstr("vtsnap: goldens: 0 written, 2 unchanged, 0 orphans")) << u;
  EXPECT_EQ(MtimeNs(Golden("home")), mtime);
  EXPECT_EQ(FilesUnder(tree_), files);
}

// 4. A changed screen fails with the diff report; the golden stays as it was.
TEST_F(GoldensE2eTest, ChangeFailsWithPinnedDiff) {
  CreateGoldens();
  const std::string before = ReadFile(Golden("home"));
  const RunResult r = RunFixture({{"FIXTURE_TEXT", "Hallo"}});
  EXPECT_NE(r.exit_code, 0) << r;
  const std::string pinned = "the screen differs from the golden " + Golden("home").string() +
                             "\n"
                             "frames differ (- expected, + actual; rows and columns are 0-based)\n"
                             "text:\n"
                             "  row 0 -|Hello               |\n"
                             "        +|Hallo               |\n"
                             "           ^\n"
                             "actual dump written to " +
                             Actual("home").string() +
                             "\n"
                             "to accept the actual screen run:\n"
                             "  UPDATE_GOLDENS=1 " +
                             kFixture + " --gtest_filter=Fixture.Home";
  EXPECT_THAT(r.out, HasSubstr(pinned)) << r;
  EXPECT_EQ(ReadFile(Golden("home")), before);
  EXPECT_EQ(ReadFile(Actual("home")), DumpOf("Hallo"));
  EXPECT_THAT(r.out, HasSubstr("[  FAILED  ] Fixture.Home"));
  EXPECT_THAT(r.out, Not(HasSubstr("[  FAILED  ] Fixture.Second")));

  // Accepting it, then going back, passes again and removes the .actual.
  ASSERT_EQ(RunFixture({{"FIXTURE_TEXT", "Hallo"}, {"UPDATE_GOLDENS", "1"}}).exit_code, 0);
  EXPECT_EQ(ReadFile(Golden("home")), DumpOf("Hallo"));
  EXPECT_FALSE(fs::exists(Actual("home")));
}

// With colour asked for (GTEST_COLOR=yes), the failure also draws the changed rows in their real
// styles; NO_COLOR wins over it; without either (output not a terminal) there is no escape.
TEST_F(GoldensE2eTest, ColourFailureDrawsTheChangedRows) {
  CreateGoldens();
  const std::string rows =
      "rows as shown (- expected, + actual):\n"
      "  row 0 -|\x1b[0mHello               \x1b[0m|\n"
      "        +|\x1b[0mHallo               \x1b[0m|\n";
  const RunResult colour = RunFixture({{"FIXTURE_TEXT", "Hallo"}, {"GTEST_COLOR", "yes"}});
  EXPECT_NE(colour.exit_code, 0) << colour;
  EXPECT_THAT(colour.out, HasSubstr("           ^\n" + rows + "actual dump written to ")) << colour;
  const RunResult no_color =
      RunFixture({{"FIXTURE_TEXT", "Hallo"}, {"GTEST_COLOR", "yes"}, {"NO_COLOR", "1"}});
  EXPECT_NE(no_color.exit_code, 0) << no_color;
  EXPECT_THAT(no_color.out, Not(HasSubstr("rows as shown"))) << no_color;
  const RunResult plain = RunFixture({{"FIXTURE_TEXT", "Hallo"}});
  EXPECT_THAT(plain.out, Not(HasSubstr("\x1b["))) << plain;
}

// 5. An unclaimed .dump in the folder fails a full run; update mode lists it, never deletes it.
TEST_F(GoldensE2eTest, OrphanFailsTheRun) {
  CreateGoldens();
  AddOrphan();
  const std::string old = Golden("old").string();
  const RunResult r = RunFixture();
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.all(), HasSubstr("orphan: goldens/fixture_test/old.dump (no assertion claimed it; "
                                 "delete it with: rm '" +
                                 old + "')"))
      << r;
  EXPECT_THAT(r.all(), Not(HasSubstr("goldens/fixture_test/home.dump (no assertion"))) << r;
  EXPECT_TRUE(fs::exists(Golden("old")));
  // gtest reports it as a failure located at the golden folder, and its summary names the folder
  // instead of "0 FAILED TESTS" after "[  PASSED  ]".
  const std::string folder = Golden("old").parent_path().string();
  EXPECT_THAT(r.out, HasSubstr(folder + ": Failure\nFailed\nvtsnap: golden inventory\n")) << r;
  EXPECT_THAT(r.out, Not(HasSubstr("golden_env.cc"))) << r;
  EXPECT_THAT(r.out, HasSubstr("[  FAILED  ] the golden inventory of 1 folder, listed below:\n"
                               "[  FAILED  ] " +
                               folder + " (1 orphan)\n\n 1 FAILED GOLDEN FOLDER\n"))
      << r;
  EXPECT_THAT(r.out, Not(HasSubstr("FAILED TESTS"))) << r;

  const RunResult u = RunFixture({{"UPDATE_GOLDENS", "1"}});
  EXPECT_NE(u.exit_code, 0) << u;  // docs/goldens.md: an orphan fails the run, in update mode too
  EXPECT_THAT(u.err, HasSubstr("vtsnap: goldens: 0 written, 2 unchanged, 1 orphans")) << u;
  EXPECT_THAT(u.err, HasSubstr("vtsnap: orphan (delete it with: rm '" + old + "')")) << u;
  EXPECT_TRUE(fs::exists(Golden("old"))) << "update mode deleted an orphan";
}

// 6. A filtered run, or one where a test of the file fails, does not check the folder.
TEST_F(GoldensE2eTest, FilterAndFailingTestGiveNoFalseOrphan) {
  CreateGoldens();
  AddOrphan();
  const RunResult filtered = RunFixture({}, {"--gtest_filter=Fixture.Home"});
  EXPECT_EQ(filtered.exit_code, 0) << filtered;
  EXPECT_THAT(filtered.all(), Not(HasSubstr("orphan"))) << filtered;

  const RunResult failing = RunFixture({{"FIXTURE_FAIL", "1"}});
  EXPECT_NE(failing.exit_code, 0) << failing;
  EXPECT_THAT(failing.out, HasSubstr("FIXTURE_FAIL is set: this test fails on purpose")) << failing;
  EXPECT_THAT(failing.out, HasSubstr("[  FAILED  ] Fixture.Fails")) << failing;
  EXPECT_THAT(failing.out, HasSubstr(" 1 FAILED TEST")) << failing;
  EXPECT_THAT(failing.all(), Not(HasSubstr("old.dump"))) << failing;
  EXPECT_THAT(failing.all(), Not(HasSubstr("orphan"))) << failing;

  // The same in update mode: the summary counts no orphan.
  const RunResult update = RunFixture({{"FIXTURE_FAIL", "1"}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_THAT(update.all(), Not(HasSubstr("old.dump"))) << update;
  EXPECT_TRUE(fs::exists(Golden("old")));
}

// 7. Records of shards, and of one process per test as ctest runs them, merge into one verdict.
TEST_F(GoldensE2eTest, ShardRecordsMerge) {
  CreateGoldens();
  const auto run_shards = [&](const fs::path& inv) {
    for (const char* index : {"0", "1"}) {
      const RunResult r = RunFixture({{"VTSNAP_INVENTORY_DIR", inv.string()},
                                      {"GTEST_TOTAL_SHARDS", "2"},
                                      {"GTEST_SHARD_INDEX", index}});
      EXPECT_EQ(r.exit_code, 0) << "shard " << index << ": " << r;
      EXPECT_THAT(r.all(), Not(HasSubstr("orphan"))) << r;
    }
  };
  const auto run_per_test = [&](const fs::path& inv) {
    for (const std::string& test : kFixtureTests) {
      const RunResult r =
          RunFixture({{"VTSNAP_INVENTORY_DIR", inv.string()}}, {"--gtest_filter=" + test});
      EXPECT_EQ(r.exit_code, 0) << test << ": " << r;
      EXPECT_THAT(r.out, HasSubstr("[  PASSED  ] 1 test.")) << r;
    }
  };

  // Clean tree: every process passes alone, the merge is ok.
  run_shards(scratch_ / "inv-shards");
  RunResult v = RunInventory(scratch_ / "inv-shards");
  EXPECT_EQ(v.exit_code, 0) << v;
  EXPECT_THAT(v.out, HasSubstr("checked: 2 goldens, ok")) << v;
  EXPECT_THAT(v.out, HasSubstr("inventory ok:")) << v;

  run_per_test(scratch_ / "inv-tests");
  v = RunInventory(scratch_ / "inv-tests");
  EXPECT_EQ(v.exit_code, 0) << v;
  EXPECT_THAT(v.out, HasSubstr("checked: 2 goldens, ok")) << v;

  // A partial merge (one shard) leaves the folder unchecked.
  EXPECT_EQ(RunFixture({{"VTSNAP_INVENTORY_DIR", (scratch_ / "inv-partial").string()},
                        {"GTEST_TOTAL_SHARDS", "2"},
                        {"GTEST_SHARD_INDEX", "0"}})
                .exit_code,
            0);

  // With an orphan: every process still passes alone, the merge names it and exits 1.
  AddOrphan();
  const std::string orphan_line =
      "orphan: goldens/fixture_test/old.dump (no assertion claimed it; "
      "delete it with: rm '" +
      Golden("old").string() + "')";
  run_shards(scratch_ / "inv-shards-orphan");
  v = RunInventory(scratch_ / "inv-shards-orphan");
  EXPECT_EQ(v.exit_code, 1) << v;
  EXPECT_THAT(v.out, HasSubstr(orphan_line)) << v;
  EXPECT_THAT(v.out, HasSubstr("inventory FAILED:")) << v;

  run_per_test(scratch_ / "inv-tests-orphan");
  v = RunInventory(scratch_ / "inv-tests-orphan");
  EXPECT_EQ(v.exit_code, 1) << v;
  EXPECT_THAT(v.out, HasSubstr(orphan_line)) << v;

  v = RunInventory(scratch_ / "inv-partial");
  EXPECT_EQ(v.exit_code, 0) << v;
  EXPECT_THAT(v.out, HasSubstr("not checked:")) << v;
  EXPECT_THAT(v.out, Not(HasSubstr("old.dump"))) << v;

  // No records at all is not a pass.
  v = RunInventory(scratch_ / "inv-empty");
  EXPECT_EQ(v.exit_code, 2) << v;
  EXPECT_THAT(v.err, HasSubstr("no test recorded anything")) << v;
}

// 7b. vtsnap::gtest_main shards by source file (matchers/shard.h): each shard runs every test of
// its files and none of the others', so the one shard that holds a file checks its golden folder
// whole, and an orphan fails exactly that shard, where plain gtest sharding checks no folder.
TEST_F(GoldensE2eTest, ShardingBySourceFileChecksEachFolderInOneShard) {
  const auto folder = [&](char file) {
    return tree_ / "goldens" / (std::string("shard_fixture_") + file + "_test");
  };
  const RunResult created = RunRaw(kShardFixture, {}, BaseEnv({{"UPDATE_GOLDENS", "1"}}));
  ASSERT_EQ(created.exit_code, 0) << created;
  ASSERT_EQ(FilesUnder(folder('a')),
            (std::vector<std::string>{"golden_1.dump", "golden_2.dump", "golden_3.dump"}));

  // Runs the three shards; returns, per shard, the tests it ran ("ShardA.Golden1", ...).
  const auto run_shards = [&](std::vector<RunResult>* results) {
    std::vector<std::vector<std::string>> ran(3);
    for (int index = 0; index < 3; ++index) {
      const fs::path status = scratch_ / ("shard_status_" + std::to_string(index));
      results->push_back(RunRaw(kShardFixture, {},
                                BaseEnv({{"GTEST_TOTAL_SHARDS", "3"},
                                         {"GTEST_SHARD_INDEX", std::to_string(index)},
                                         {"GTEST_SHARD_STATUS_FILE", status.string()}})));
      EXPECT_TRUE(fs::exists(status)) << "shard " << index << " did not touch its status file";
      std::istringstream out(results->back().out);
      for (std::string line; std::getline(out, line);) {
        if (line.rfind("[ RUN      ] ", 0) == 0) ran[index].push_back(line.substr(13));
      }
    }
    return ran;
  };

  // Three files of 3, 2 and 1 tests over three shards: one file each, the biggest first.
  std::vector<RunResult> clean;
  const std::vector<std::vector<std::string>> ran = run_shards(&clean);
  EXPECT_THAT(ran[0], ElementsAre("ShardA.Golden1", "ShardA.Golden2", "ShardA.Golden3"));
  EXPECT_THAT(ran[1], ElementsAre("ShardB.Golden1", "ShardB.Golden2"));
  EXPECT_THAT(ran[2], ElementsAre("ShardC.Golden1"));
  for (const RunResult& r : clean) {
    EXPECT_EQ(r.exit_code, 0) << r;
    EXPECT_THAT(r.err, HasSubstr("shards split by source file")) << r;
  }
  EXPECT_THAT(clean[1].err, HasSubstr("vtsnap: shard 2 of 3 runs 2 tests of 1 source file ("))
      << clean[1];
  EXPECT_THAT(clean[1].err, HasSubstr("shard_fixture_b_test.cc)")) << clean[1];

  // An orphan in file b's folder fails the shard that ran file b, and only that one.
  fs::copy_file(folder('b') / "golden_1.dump", folder('b') / "old.dump");
  std::vector<RunResult> orphan;
  run_shards(&orphan);
  EXPECT_EQ(orphan[0].exit_code, 0) << orphan[0];
  EXPECT_EQ(orphan[2].exit_code, 0) << orphan[2];
  EXPECT_EQ(orphan[1].exit_code, 1) << orphan[1];
  EXPECT_THAT(orphan[1].all(), HasSubstr("orphan: goldens/shard_fixture_b_test/old.dump"))
      << orphan[1];
  for (int index : {0, 2})
    EXPECT_THAT(orphan[index].all(), Not(HasSubstr("orphan"))) << orphan[index];

  // A filter narrows a shard further; its own exclusions stay.
  const RunResult filtered =
      RunRaw(kShardFixture, {"--gtest_filter=ShardA.*:ShardB.*-ShardA.Golden2"},
             BaseEnv({{"GTEST_TOTAL_SHARDS", "3"}, {"GTEST_SHARD_INDEX", "0"}}));
  EXPECT_EQ(filtered.exit_code, 0) << filtered;
  EXPECT_THAT(filtered.out, HasSubstr("[ RUN      ] ShardA.Golden1")) << filtered;
  EXPECT_THAT(filtered.out, Not(HasSubstr("[ RUN      ] ShardA.Golden2"))) << filtered;
  EXPECT_THAT(filtered.out, Not(HasSubstr("[ RUN      ] ShardB."))) << filtered;

  // Without sharding variables nothing changes: all six tests run in one process.
  const RunResult whole = RunRaw(kShardFixture, {}, BaseEnv({}));
  EXPECT_EQ(whole.exit_code, 1) << whole;  // the orphan, checked by the one process
  EXPECT_THAT(whole.out, HasSubstr("[  PASSED  ] 6 tests.")) << whole;
  EXPECT_THAT(whole.err, Not(HasSubstr("shards split"))) << whole;
}

// 8. CI refuses UPDATE_GOLDENS=1 (and new) and says how to override; force writes; CI=false is
// not CI.
TEST_F(GoldensE2eTest, CiRefusesUpdate) {
  for (const char* value : {"1", "new"}) {
    const RunResult r = RunFixture({{"CI", "true"}, {"UPDATE_GOLDENS", value}});
    EXPECT_NE(r.exit_code, 0) << r;
    EXPECT_THAT(r.err, HasSubstr("CI")) << r;
    EXPECT_THAT(r.err, HasSubstr("UPDATE_GOLDENS=force")) << r;
    EXPECT_THAT(FilesUnder(tree_), IsEmpty()) << r;
  }

  const RunResult forced = RunFixture({{"CI", "true"}, {"UPDATE_GOLDENS", "force"}});
  EXPECT_EQ(forced.exit_code, 0) << forced;
  EXPECT_EQ(ReadFile(Golden("home")), DumpOf("Hello"));
  EXPECT_THAT(forced.err, HasSubstr("vtsnap: goldens: 2 written")) << forced;

  // In CI a failure's update command is the one CI accepts.
  const RunResult changed = RunFixture({{"CI", "true"}, {"FIXTURE_TEXT", "Hallo"}});
  EXPECT_NE(changed.exit_code, 0) << changed;
  EXPECT_THAT(changed.out, HasSubstr(std::string("UPDATE_GOLDENS=force ") + kFixture)) << changed;

  fs::remove_all(tree_ / "goldens");
  const RunResult not_ci = RunFixture({{"CI", "false"}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_EQ(not_ci.exit_code, 0) << not_ci;
  EXPECT_EQ(ReadFile(Golden("home")), DumpOf("Hello"));
}

// 9. An UPDATE_GOLDENS value that means nothing stops the run and lists the accepted values.
TEST_F(GoldensE2eTest, BadUpdateValueStopsTheRun) {
  const RunResult r = RunFixture({{"UPDATE_GOLDENS", "yes"}});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("\"yes\"")) << r;
  EXPECT_THAT(r.err, AllOf(HasSubstr("accepted:"), HasSubstr("0"), HasSubstr("1"), HasSubstr("new"),
                           HasSubstr("force")))
      << r;
  EXPECT_THAT(r.out, Not(HasSubstr("[       OK ]"))) << r;  // stopped before any test
  EXPECT_THAT(FilesUnder(tree_), IsEmpty());
}

// 10. A golden name that climbs out of the folder fails the test and writes nothing anywhere.
TEST_F(GoldensE2eTest, BadGoldenNameFails) {
  CreateGoldens();
  const std::vector<std::string> files = FilesUnder(scratch_ / "tree");
  for (const Env& env :
       {Env{{"FIXTURE_BAD_NAME", "1"}}, Env{{"FIXTURE_BAD_NAME", "1"}, {"UPDATE_GOLDENS", "1"}}}) {
    const RunResult r = RunFixture(env);
    EXPECT_NE(r.exit_code, 0) << r;
    EXPECT_THAT(r.out, HasSubstr("../escape")) << r;
    EXPECT_THAT(r.out, HasSubstr("[  FAILED  ] Fixture.BadName")) << r;
    EXPECT_THAT(r.out, Not(HasSubstr("[  FAILED  ] Fixture.Home"))) << r;
    EXPECT_EQ(FilesUnder(tree_), files) << r;
    EXPECT_THAT(FilesUnder(scratch_ / "tmp"), IsEmpty()) << r;
    EXPECT_FALSE(fs::exists(tree_ / "goldens" / "escape.dump"));
    EXPECT_FALSE(fs::exists(tree_ / "goldens" / "escape.dump.actual"));
  }
}

// 11. A golden a checkout converted to CRLF is named as such, with the .gitattributes fix.
TEST_F(GoldensE2eTest, CrlfGoldenIsNamed) {
  CreateGoldens();
  std::string crlf;
  for (char c : ReadFile(Golden("home"))) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  WriteFile(Golden("home"), crlf);
  const RunResult r = RunFixture();
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr(Golden("home").string() +
                               ":1:18: CRLF line endings (a checkout converted it; add `*.dump "
                               "-text` to .gitattributes)"))
      << r;
  EXPECT_EQ(ReadFile(Golden("home")), crlf);
}

// 11b. Under `bazel test` (TEST_TARGET set, no BUILD_WORKSPACE_DIRECTORY) a failure names the
// command that updates the workspace, `bazel run` of the target, and where Bazel keeps the .actual
// once the test is over; an update mode there is refused, since it would write Bazel's copies.
TEST_F(GoldensE2eTest, UnderBazelTestTheFailureNamesBazelRun) {
  CreateGoldens();
  const fs::path outputs = scratch_ / "outputs";
  fs::create_directories(outputs);
  const Env bazel_test = {{"TEST_TARGET", "//app/ui:home_test"},
                          {"TEST_UNDECLARED_OUTPUTS_DIR", outputs.string()},
                          {"FIXTURE_TEXT", "Hallo"}};
  RunResult r = RunFixture(bazel_test);
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_THAT(r.out, HasSubstr("to accept the actual screen run:\n"
                               "  UPDATE_GOLDENS=1 bazel run //app/ui:home_test -- "
                               "--gtest_filter=Fixture.Home\n"))
      << r;
  EXPECT_THAT(r.out, HasSubstr("(after the test: bazel-testlogs/app/ui/home_test/test.outputs/, "
                               "in outputs.zip;"))
      << r;

  // A shard's outputs are kept per shard.
  Env sharded = bazel_test;
  sharded["TEST_TOTAL_SHARDS"] = "3";
  sharded["TEST_SHARD_INDEX"] = "1";
  r = RunFixture(sharded);
  EXPECT_THAT(r.out, HasSubstr("(after the test: bazel-testlogs/app/ui/home_test/shard_2_of_3/"
                               "test.outputs/"))
      << r;

  // UPDATE_GOLDENS passed in with --test_env: refused, the golden untouched.
  const std::string golden = ReadFile(Golden("home"));
  Env update = bazel_test;
  update["UPDATE_GOLDENS"] = "1";
  r = RunFixture(update);
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("UPDATE_GOLDENS is set under `bazel test`")) << r;
  EXPECT_THAT(r.err, HasSubstr("UPDATE_GOLDENS=1 bazel run //app/ui:home_test")) << r;
  EXPECT_EQ(ReadFile(Golden("home")), golden);

  // `bazel run` (BUILD_WORKSPACE_DIRECTORY set) updates; the golden root here is absolute, so the
  // workspace does not move it.
  update["BUILD_WORKSPACE_DIRECTORY"] = (scratch_ / "workspace").string();
  r = RunFixture(update);
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(ReadFile(Golden("home")), DumpOf("Hallo"));
}

// 12. When the golden folder cannot be written, the .actual goes outside the tree; with
// TEST_UNDECLARED_OUTPUTS_DIR it goes there.
TEST_F(GoldensE2eTest, ReadOnlyTreeWritesActualElsewhere) {
  CreateGoldens();
  const std::string golden = ReadFile(Golden("home"));
  // The per-user folder (vtsnap-actual-<uid>) of the user the fixture runs as.
  const auto tmp_actual_of = [&](uid_t uid) {
    return scratch_ / "tmp" / ("vtsnap-actual-" + std::to_string(uid)) / "fixture_test" /
           "home.dump.actual";
  };
  const fs::path tmp_actual = tmp_actual_of(::getuid());

  // (a) TEST_UNDECLARED_OUTPUTS_DIR (Bazel's outputs), tree writable: the .actual goes there.
  {
    const fs::path outputs = scratch_ / "outputs";
    fs::create_directories(outputs);
    const RunResult r =
        RunFixture({{"FIXTURE_TEXT", "Hallo"}, {"TEST_UNDECLARED_OUTPUTS_DIR", outputs.string()}});
    EXPECT_NE(r.exit_code, 0) << r;
    const fs::path expected = outputs / "vtsnap" / "fixture_test" / "home.dump.actual";
    EXPECT_THAT(r.out, HasSubstr("actual dump written to " + expected.string())) << r;
    EXPECT_EQ(ReadFile(expected), DumpOf("Hallo"));
    EXPECT_FALSE(fs::exists(Actual("home")));
    EXPECT_EQ(ReadFile(Golden("home")), golden);
  }

  // (b) The golden folder is read-only (chmod 0555). Root ignores permissions, so as root the
  // fixture runs as nobody (65534): the test then needs the right to drop privileges.
  {
    fs::permissions(golden_dir_, fs::perms::owner_read | fs::perms::owner_exec |
                                     fs::perms::group_read | fs::perms::group_exec |
                                     fs::perms::others_read | fs::perms::others_exec);
    fs::permissions(tree_, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                               fs::perms::others_read | fs::perms::others_exec);
    fs::permissions(tree_ / "goldens", fs::perms::owner_all | fs::perms::group_read |
                                           fs::perms::group_exec | fs::perms::others_read |
                                           fs::perms::others_exec);
    for (const char* name : {"home", "second"}) {
      fs::permissions(Golden(name), fs::perms::owner_read | fs::perms::owner_write |
                                        fs::perms::group_read | fs::perms::others_read);
    }
    const bool as_nobody = ::geteuid() == 0;
    // nobody may not be able to reach the build tree (a checkout under a 0700 directory), so it
    // runs a copy of the fixture from the world-readable scratch directory.
    const fs::path copy = scratch_ / "fixture_copy";
    fs::copy_file(kFixture, copy, fs::copy_options::overwrite_existing);
    fs::permissions(copy, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
    const RunResult r = RunRaw(copy.string(), {}, BaseEnv({{"FIXTURE_TEXT", "Hallo"}}), as_nobody);
    if (r.exit_code == 126 && as_nobody) {
      ADD_FAILURE() << "running as root and cannot drop privileges to test a read-only tree: " << r;
    } else {
      EXPECT_NE(r.exit_code, 0) << r;
      EXPECT_THAT(r.out, HasSubstr("the screen differs from the golden " + Golden("home").string()))
          << r;
      const fs::path nobody_actual = tmp_actual_of(as_nobody ? 65534 : ::getuid());
      EXPECT_THAT(r.out, HasSubstr("actual dump written to " + nobody_actual.string())) << r;
      EXPECT_EQ(ReadFile(nobody_actual), DumpOf("Hallo"));
      EXPECT_FALSE(fs::exists(Actual("home")));
      EXPECT_EQ(ReadFile(Golden("home")), golden);
      EXPECT_THAT(FilesUnder(tree_), ElementsAre("goldens/fixture_test/home.dump",
                                                 "goldens/fixture_test/second.dump"));
    }
    fs::permissions(golden_dir_, fs::perms::owner_all, fs::perm_options::add);
    fs::remove_all(tmp_actual_of(as_nobody ? 65534 : ::getuid()).parent_path().parent_path());
  }

  // (c) A tree nobody can write, root included: the golden root is a regular file, so the
  // golden folder cannot exist. The missing golden's .actual goes to the temp directory.
  {
    const fs::path blocker = scratch_ / "blocker";
    WriteFile(blocker, "not a directory\n");
    const RunResult r = RunFixture({{"VTSNAP_GOLDEN_ROOT", blocker.string()}});
    EXPECT_NE(r.exit_code, 0) << r;
    EXPECT_THAT(r.out,
                HasSubstr("the golden " + (blocker / "goldens/fixture_test/home.dump").string() +
                          " does not exist"))
        << r;
    EXPECT_THAT(r.out, HasSubstr("actual dump written to " + tmp_actual.string())) << r;
    EXPECT_EQ(ReadFile(tmp_actual), DumpOf("Hello"));
    EXPECT_EQ(ReadFile(blocker), "not a directory\n");
  }
}

// 12b. An update that cannot be written fails the test and is counted apart in the summary, not
// as "unchanged" (the golden root is a regular file: no one, root included, can write there).
TEST_F(GoldensE2eTest, FailedWriteFailsAndIsCountedApart) {
  const fs::path blocker = scratch_ / "blocker";
  WriteFile(blocker, "not a directory\n");
  const RunResult r =
      RunFixture({{"VTSNAP_GOLDEN_ROOT", blocker.string()}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("could not write the golden: creating directory")) << r;
  EXPECT_THAT(r.out, HasSubstr("[  FAILED  ] Fixture.Home")) << r;
  EXPECT_THAT(r.err, HasSubstr("vtsnap: goldens: 0 written, 0 unchanged, 2 failed to write, "
                               "0 orphans"))
      << r;
  EXPECT_EQ(ReadFile(blocker), "not a directory\n");
}

// 12c. A golden that cannot be read under UPDATE_GOLDENS=1 (a FIFO or a folder at its path) fails
// its test and is counted as failed, not as unchanged; the other golden is written.
class GoldensE2eUnreadableTest : public GoldensE2eTest,
                                 public ::testing::WithParamInterface<std::string> {};

TEST_P(GoldensE2eUnreadableTest, UnreadableGoldenIsCountedAsFailed) {
  const fs::path home = Golden("home");
  fs::create_directories(home.parent_path());
  if (GetParam() == "fifo") {
    ASSERT_EQ(::mkfifo(home.c_str(), 0644), 0) << std::strerror(errno);
  } else {
    fs::create_directories(home);
  }
  const RunResult r = RunFixture({{"UPDATE_GOLDENS", "1"}});
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("[  FAILED  ] Fixture.Home")) << r;
  EXPECT_THAT(r.err, HasSubstr("vtsnap: goldens: 1 written, 0 unchanged, 1 failed, 0 orphans"))
      << r;
}

INSTANTIATE_TEST_SUITE_P(Kinds, GoldensE2eUnreadableTest, ::testing::Values("fifo", "folder"));

// 13. Not(EqualsGolden(...)) never writes a golden or an .actual, whatever UPDATE_GOLDENS says.
TEST_F(GoldensE2eTest, NegatedMatcherNeverWrites) {
  CreateGoldens();
  const std::vector<std::string> files = FilesUnder(tree_);
  // Missing golden: Not(...) passes, and nothing appears, in update mode or not.
  for (const Env& env :
       {Env{{"FIXTURE_NOT", "1"}, {"UPDATE_GOLDENS", "1"}}, Env{{"FIXTURE_NOT", "1"}}}) {
    const RunResult r = RunFixture(env);
    EXPECT_EQ(r.exit_code, 0) << r;
    EXPECT_FALSE(fs::exists(Golden("never")));
    EXPECT_FALSE(fs::exists(Actual("never")));
    EXPECT_EQ(FilesUnder(tree_), files) << r;
    EXPECT_THAT(FilesUnder(scratch_ / "tmp"), IsEmpty()) << r;
  }
  // The golden equals the screen: Not(...) fails, and still writes nothing.
  const std::string never = DumpOf("not the golden");
  WriteFile(Golden("never"), never);
  const std::vector<std::string> with_never = FilesUnder(tree_);
  for (const Env& env :
       {Env{{"FIXTURE_NOT", "1"}, {"UPDATE_GOLDENS", "1"}}, Env{{"FIXTURE_NOT", "1"}}}) {
    const RunResult r = RunFixture(env);
    EXPECT_NE(r.exit_code, 0) << r;
    EXPECT_THAT(r.out, HasSubstr("[  FAILED  ] Fixture.Negated")) << r;
    EXPECT_EQ(ReadFile(Golden("never")), never);
    EXPECT_FALSE(fs::exists(Actual("never")));
    EXPECT_EQ(FilesUnder(tree_), with_never) << r;
  }
  // A different screen in a golden: Not(...) passes, the golden is not rewritten in update mode.
  const std::string other = DumpOf("something else");
  WriteFile(Golden("never"), other);
  const RunResult r = RunFixture({{"FIXTURE_NOT", "1"}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(ReadFile(Golden("never")), other);
  EXPECT_FALSE(fs::exists(Actual("never")));
}

// 13b. An event-script beat that must return to an earlier frame never writes that golden, even
// under UPDATE_GOLDENS=1: a broken return fails the run and leaves the golden as it was.
TEST_F(GoldensE2eTest, ScriptReturnBeatRefusesToWrite) {
  const RunResult created = RunFixture({{"FIXTURE_SCRIPT", "1"}, {"UPDATE_GOLDENS", "1"}});
  ASSERT_EQ(created.exit_code, 0) << created;
  const std::string count_0 = ReadFile(Golden("count_0"));
  EXPECT_THAT(count_0, HasSubstr("\n|count 0     |\n"));
  EXPECT_THAT(ReadFile(Golden("count_1")), HasSubstr("\n|count 1     |\n"));
  const std::vector<std::string> files = FilesUnder(tree_);

  const RunResult broken =
      RunFixture({{"FIXTURE_SCRIPT", "1"}, {"FIXTURE_SCRIPT_BREAK", "1"}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_NE(broken.exit_code, 0) << broken;
  EXPECT_THAT(broken.out, HasSubstr("script \"up_and_back\", beat 2 \"minus\"")) << broken;
  EXPECT_THAT(broken.out, HasSubstr("this beat must return to the frame of beat 0 (\"start\", "
                                    "golden count_0), but it differs; the golden is not written"))
      << broken;
  EXPECT_THAT(broken.out, HasSubstr("[  FAILED  ] Fixture.Script")) << broken;
  EXPECT_EQ(ReadFile(Golden("count_0")), count_0);
  EXPECT_EQ(FilesUnder(tree_), files) << broken;
}

// 13c. Two tests claiming one golden with different screens fail the run, naming both, in every
// mode; under UPDATE_GOLDENS=1 nothing is written for that golden (the first claim's update is
// undone), and an existing golden is left as it was.
struct DuplicateCase {
  std::string name;
  std::optional<std::string> golden;  // the dump of this text exists before the run
  std::string update_goldens;         // "" leaves UPDATE_GOLDENS unset
};

class GoldensE2eDuplicateTest : public GoldensE2eTest,
                                public ::testing::WithParamInterface<DuplicateCase> {};

TEST_P(GoldensE2eDuplicateTest, GoldenClaimedTwiceWithDifferentScreensFails) {
  const DuplicateCase& c = GetParam();
  if (c.golden.has_value()) WriteFile(Golden("same"), DumpOf(*c.golden));
  Env env = {{"FIXTURE_DUPLICATE", "two"}};
  if (!c.update_goldens.empty()) env["UPDATE_GOLDENS"] = c.update_goldens;
  const RunResult r = RunFixture(env);
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("the golden " + Golden("same").string() +
                               " is claimed twice in this run with different screens: first by "
                               "Fixture.DuplicateA, then by Fixture.DuplicateB; nothing is "
                               "written for it"))
      << r;
  EXPECT_THAT(r.out, HasSubstr("[  FAILED  ] Fixture.DuplicateB")) << r;
  if (c.golden.has_value()) {
    EXPECT_EQ(ReadFile(Golden("same")), DumpOf(*c.golden)) << r;
  } else {
    EXPECT_FALSE(fs::exists(Golden("same"))) << r;
  }
  if (!c.update_goldens.empty()) {
    EXPECT_FALSE(fs::exists(Actual("same"))) << r;
  }
  if (c.update_goldens == "1") {
    // The summary counts only what stayed written: home and second (when they were missing).
    EXPECT_THAT(r.err, HasSubstr("vtsnap: goldens: 2 written")) << r;
  }
  // The same screen twice is no conflict.
  fs::remove(Golden("same"));
  const RunResult same = RunFixture({{"FIXTURE_DUPLICATE", "one"}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_EQ(same.exit_code, 0) << same;
  EXPECT_EQ(ReadFile(Golden("same")), DumpOf("one")) << same;
}

// 13d. A conflict's message shows how the two screens differ and names both ways out.
TEST_F(GoldensE2eTest, GoldenClaimedTwiceShowsTheDifferenceAndTheWaysOut) {
  const RunResult r = RunFixture({{"FIXTURE_DUPLICATE", "two"}});
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("how they differ (expected: Fixture.DuplicateA's screen; actual: "
                               "Fixture.DuplicateB's):\n"
                               "frames differ (- expected, + actual; rows and columns are "
                               "0-based)\ntext:\n  row 0 -|one                 |\n"
                               "        +|two                 |\n"))
      << r;
  EXPECT_THAT(r.out, HasSubstr("if it is one screen whose content varies from run to run (a "
                               "time, a process id, a path), redact what varies"))
      << r;
  EXPECT_THAT(r.out, HasSubstr("if they are different screens, give each its own golden name"))
      << r;
}

// 13e. Two claims judged as a golden is: screens that differ only in what nobody can see (the
// foreground of a blank cell) are one screen, in every mode, and each passes alone too.
class GoldensE2eInvisibleDuplicateTest : public GoldensE2eTest,
                                         public ::testing::WithParamInterface<std::string> {};

TEST_P(GoldensE2eInvisibleDuplicateTest, ClaimsDifferingOnlyInInvisibleStylesAreNoConflict) {
  const std::string& update_goldens = GetParam();
  if (update_goldens.empty()) WriteFile(Golden("same"), DumpOf("X Y"));
  Env env = {{"FIXTURE_DUPLICATE_A", "X\x1b[31m \x1b[mY"}, {"FIXTURE_DUPLICATE", "X Y"}};
  if (!update_goldens.empty()) env["UPDATE_GOLDENS"] = update_goldens;
  const RunResult r = RunFixture(env, {"--gtest_filter=Fixture.Duplicate*"});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, Not(HasSubstr("claimed twice"))) << r;
  EXPECT_TRUE(fs::exists(Golden("same"))) << r;
  EXPECT_FALSE(fs::exists(Actual("same"))) << r;
}

INSTANTIATE_TEST_SUITE_P(Modes, GoldensE2eInvisibleDuplicateTest, ::testing::Values("", "1", "new"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param.empty() ? std::string("Default")
                                                     : "Update" + info.param;
                         });

INSTANTIATE_TEST_SUITE_P(Modes, GoldensE2eDuplicateTest,
                         ::testing::Values(DuplicateCase{"UpdateWithoutGolden", std::nullopt, "1"},
                                           DuplicateCase{"UpdateOverFirstScreen", "one", "1"},
                                           DuplicateCase{"UpdateOverOtherScreen", "three", "1"},
                                           DuplicateCase{"DefaultWithoutGolden", std::nullopt, ""},
                                           DuplicateCase{"DefaultWithFirstScreen", "one", ""},
                                           DuplicateCase{"NewWithoutGolden", std::nullopt, "new"}),
                         [](const ::testing::TestParamInfo<DuplicateCase>& info) {
                           return info.param.name;
                         });

// 14. --gtest_output=xml carries each assertion's path and result, and every orphan.
TEST_F(GoldensE2eTest, GtestPropertiesRecordOutcomes) {
  const auto run_xml = [&](const std::string& name, const Env& env) {
    const fs::path xml = scratch_ / "logs" / (name + ".xml");
    const RunResult r = RunFixture(env, {"--gtest_output=xml:" + xml.string()});
    EXPECT_TRUE(fs::exists(xml)) << r;
    return ReadFile(xml);
  };
  const std::string home = Golden("home").string();
  const auto expect_home = [&](const std::string& xml, const std::string& result) {
    const std::map<std::string, std::string> props = XmlProperties(xml, "Home");
    EXPECT_EQ(props.count("vtsnap_golden_1_path") ? props.at("vtsnap_golden_1_path") : "<none>",
              home)
        << xml;
    EXPECT_EQ(props.count("vtsnap_golden_1_result") ? props.at("vtsnap_golden_1_result") : "<none>",
              result)
        << xml;
    EXPECT_EQ(props.count("vtsnap_golden_2_path"), 0u) << xml;
  };

  expect_home(run_xml("missing", {}), "missing");
  expect_home(run_xml("written", {{"UPDATE_GOLDENS", "1"}}), "written");
  expect_home(run_xml("ok", {}), "ok");
  expect_home(run_xml("mismatch", {{"FIXTURE_TEXT", "Hallo"}}), "mismatch");
  // A test without a golden assertion has no golden properties.
  EXPECT_THAT(XmlProperties(run_xml("plain", {}), "Fails"), IsEmpty());

  AddOrphan();
  const std::string orphan_xml = run_xml("orphan", {});
  const std::string old = Golden("old").string();
  EXPECT_THAT(orphan_xml,
              testing::AnyOf(HasSubstr("vtsnap_orphan_1=\"" + old + "\""),
                             HasSubstr("<property name=\"vtsnap_orphan_1\" value=\"" + old + "\"")))
      << orphan_xml;
  EXPECT_THAT(orphan_xml, Not(HasSubstr("vtsnap_orphan_2"))) << orphan_xml;
  // The failure itself is in the report too, located at the golden folder (gtest writes failures
  // outside any test as the suite "NonTestSuiteFailure").
  EXPECT_THAT(orphan_xml, HasSubstr("NonTestSuiteFailure")) << orphan_xml;
  EXPECT_THAT(orphan_xml,
              HasSubstr("<failure message=\"" + Golden("old").parent_path().string() + "&#x0A;"))
      << orphan_xml;
  fs::remove(Golden("old"));

  std::string crlf;
  for (char c : ReadFile(Golden("home"))) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  WriteFile(Golden("home"), crlf);
  expect_home(run_xml("invalid", {}), "invalid");
}

// 14b. Under --gtest_repeat gtest clears a test's result each iteration: the numbering starts over,
// so the report of the last iteration carries the assertion as the first, and once.
TEST_F(GoldensE2eTest, GtestPropertiesStartOverEachRepeat) {
  ASSERT_EQ(RunFixture({{"UPDATE_GOLDENS", "1"}}).exit_code, 0);
  const fs::path xml = scratch_ / "logs" / "repeat.xml";
  const RunResult r = RunFixture({}, {"--gtest_filter=Fixture.Home", "--gtest_repeat=3",
                                      "--gtest_output=xml:" + xml.string()});
  EXPECT_EQ(r.exit_code, 0) << r;
  const std::map<std::string, std::string> props = XmlProperties(ReadFile(xml), "Home");
  EXPECT_EQ(props.count("vtsnap_golden_1_path") ? props.at("vtsnap_golden_1_path") : "<none>",
            Golden("home").string())
      << r;
  EXPECT_EQ(props.count("vtsnap_golden_1_result") ? props.at("vtsnap_golden_1_result") : "<none>",
            "ok")
      << r;
  EXPECT_EQ(props.count("vtsnap_golden_2_path"), 0u) << r;
}

// 15. A declared inventory (VTSNAP_DECLARE_INVENTORY) closes the folder by scenario and
// checkpoint: all asserted passes; a declared checkpoint never asserted, a declared scenario never
// asserted and an unclaimed file each fail the run with their own message.
TEST_F(GoldensE2eTest, DeclaredInventoryRejectsMissingScenariosCheckpointsAndOrphans) {
  const fs::path dir = tree_ / "goldens" / "declared_fixture_test";
  auto run = [this](const Env& extra) { return RunRaw(kDeclaredFixture, {}, BaseEnv(extra)); };
  const RunResult created = run({{"UPDATE_GOLDENS", "1"}});
  ASSERT_EQ(created.exit_code, 0) << created;
  ASSERT_TRUE(fs::exists(dir / "login" / "empty.dump"));
  ASSERT_TRUE(fs::exists(dir / "login" / "filled.dump"));
  ASSERT_TRUE(fs::exists(dir / "logout" / "confirm.dump"));
  const RunResult clean = run({});
  EXPECT_EQ(clean.exit_code, 0) << clean;

  // The checkpoint's file is moved aside so only the missing checkpoint is at stake.
  fs::rename(dir / "login" / "filled.dump", scratch_ / "filled.dump");
  const RunResult no_checkpoint = run({{"DECLARED_SKIP", "login/filled"}});
  EXPECT_NE(no_checkpoint.exit_code, 0) << no_checkpoint;
  EXPECT_THAT(no_checkpoint.out + no_checkpoint.err, HasSubstr("missing checkpoint: login/filled"));
  EXPECT_THAT(no_checkpoint.out + no_checkpoint.err, Not(HasSubstr("orphan:")));
  fs::rename(scratch_ / "filled.dump", dir / "login" / "filled.dump");

  fs::rename(dir / "logout", scratch_ / "logout");
  const RunResult no_scenario = run({{"DECLARED_SKIP", "logout/confirm"}});
  EXPECT_NE(no_scenario.exit_code, 0) << no_scenario;
  EXPECT_THAT(no_scenario.out + no_scenario.err, HasSubstr("missing scenario: logout"));
  fs::rename(scratch_ / "logout", dir / "logout");

  fs::copy_file(dir / "login" / "empty.dump", dir / "login" / "stale.dump");
  const RunResult orphan = run({});
  EXPECT_NE(orphan.exit_code, 0) << orphan;
  EXPECT_THAT(orphan.out + orphan.err, HasSubstr("orphan: "));
  EXPECT_THAT(orphan.out + orphan.err, HasSubstr("login/stale.dump"));
  EXPECT_THAT(orphan.out + orphan.err, Not(HasSubstr("missing")));
}

// ---------------------------------------------------------------------------------------------
// EqualsSemanticGolden follows every rule of EqualsGolden: the fixture semantic_fixture_test.cc,
// goldens at <scratch>/tree/goldens/semantic_fixture_test/<name>.semantic.

// The projection of a semantic fixture screen (20x4, `text` written from the top left).
std::string SemanticOf(const std::string& text) {
  vtsnap::TerminalOptions size;
  size.cols = 20;
  size.rows = 4;
  vtsnap::VirtualTerminal vt(size);
  vt.Write(text);
  return vtsnap::SerializeSemantic(vtsnap::CaptureSemantic(vt.terminal()));
}

class SemanticGoldensE2eTest : public GoldensE2eTest {
 protected:
  void SetUp() override {
    GoldensE2eTest::SetUp();
    golden_dir_ = tree_ / "goldens" / "semantic_fixture_test";
  }
  fs::path Golden(const std::string& name) const { return golden_dir_ / (name + ".semantic"); }
  fs::path Actual(const std::string& name) const {
    return golden_dir_ / (name + ".semantic.actual");
  }
  RunResult RunSemantic(const Env& extra = {}, const std::vector<std::string>& args = {}) {
    return RunRaw(kSemanticFixture, args, BaseEnv(extra));
  }
  void CreateSemanticGoldens() {
    const RunResult r = RunSemantic({{"UPDATE_GOLDENS", "1"}});
    ASSERT_EQ(r.exit_code, 0) << r;
    ASSERT_TRUE(fs::exists(Golden("home"))) << r;
    ASSERT_TRUE(fs::exists(Golden("buffer"))) << r;
  }
};

TEST_F(SemanticGoldensE2eTest, MissingGoldenFailsAndWritesActual) {
  const RunResult r = RunSemantic();
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("the golden " + Golden("home").string() + " does not exist")) << r;
  EXPECT_THAT(r.out, HasSubstr("actual projection written to " + Actual("home").string())) << r;
  EXPECT_THAT(r.out, HasSubstr(std::string("to accept the actual semantic projection run:\n"
                                           "  UPDATE_GOLDENS=1 ") +
                               kSemanticFixture + " --gtest_filter=Semantic.Home"))
      << r;
  EXPECT_EQ(ReadFile(Actual("home")), SemanticOf("Hello"));
  EXPECT_THAT(WithoutReport(FilesUnder(tree_)),
              ElementsAre("goldens/semantic_fixture_test/buffer.semantic.actual",
                          "goldens/semantic_fixture_test/home.semantic.actual"));
}

// UPDATE_GOLDENS=1 writes the projection (pinned here line by line), a rerun passes and writes
// nothing.
TEST_F(SemanticGoldensE2eTest, UpdateWritesAndRerunPasses) {
  CreateSemanticGoldens();
  EXPECT_EQ(ReadFile(Golden("home")),
            "vtsnap-semantic 1\ncapture viewport\nsize 20x4\nbuffer normal\n"
            "viewport top=0 scrollback=0\ncursor visible row=0 col=5 shape=block\n"
            "mode bracketed-paste off\nmode mouse-tracking off\nmode mouse-encoding default\n"
            "mode focus-events off\nmode synchronized-output off\n"
            "mode application-cursor-keys off\n"
            "text\n0 |Hello\n1 |\n2 |\n3 |\nstyles\n");
  // 20x2: "one" scrolls off; the buffer holds it, then "two" and "three" (the cursor ends after
  // "three", buffer row 2).
  EXPECT_THAT(ReadFile(Golden("buffer")),
              HasSubstr("viewport top=1 scrollback=1\ncursor visible row=2 col=5 shape=block\n"));
  EXPECT_THAT(ReadFile(Golden("buffer")), HasSubstr("text\n0 |one\n1 |two\n2 |three\nstyles\n"));
  const long long mtime = MtimeNs(Golden("home"));
  const RunResult r = RunSemantic();
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.err, Not(HasSubstr("vtsnap: wrote"))) << r;
  EXPECT_EQ(MtimeNs(Golden("home")), mtime);
}

// A change fails with the text diff and the style diff apart; the golden stays as it was.
TEST_F(SemanticGoldensE2eTest, ChangeShowsTextAndStyleDiffsApart) {
  CreateSemanticGoldens();
  const std::string before = ReadFile(Golden("home"));
  const RunResult r = RunSemantic({{"FIXTURE_TEXT", "\x1b[1mHallo"}});
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("the semantic projection differs from the golden " +
                               Golden("home").string() +
                               "\n"
                               "projections differ (- expected, + actual)\n"
                               "text:\n"
                               "  - 0 |Hello\n"
                               "  + 0 |Hallo\n"
                               "styles:\n"
                               "  + 0 0-4 bold\n"
                               "actual projection written to " +
                               Actual("home").string()))
      << r;
  EXPECT_EQ(ReadFile(Golden("home")), before);
  EXPECT_EQ(ReadFile(Actual("home")), SemanticOf("\x1b[1mHallo"));
}

// A golden that does not read as a projection fails naming the file, line and column.
TEST_F(SemanticGoldensE2eTest, InvalidGoldenIsNamed) {
  CreateSemanticGoldens();
  WriteFile(Golden("home"), "vtsnap-semantic 1\ncapture everything\n");
  const RunResult r = RunSemantic();
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("the golden is not a valid vtsnap-semantic 1 projection: " +
                               Golden("home").string() + ":2:9: unknown capture `everything`"))
      << r;
}

TEST_F(SemanticGoldensE2eTest, OrphanSemanticGoldenFailsTheRun) {
  CreateSemanticGoldens();
  fs::copy_file(Golden("home"), Golden("old"));
  const RunResult r = RunSemantic();
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.all(), HasSubstr("orphan: goldens/semantic_fixture_test/old.semantic (no "
                                 "assertion claimed it; delete it with: rm '" +
                                 Golden("old").string() + "')"))
      << r;
  EXPECT_TRUE(fs::exists(Golden("old")));
}

TEST_F(SemanticGoldensE2eTest, CiRefusesUpdate) {
  const RunResult r = RunSemantic({{"CI", "true"}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.err, HasSubstr("UPDATE_GOLDENS=force")) << r;
  EXPECT_THAT(FilesUnder(tree_), IsEmpty()) << r;
  const RunResult missing = RunSemantic({{"CI", "true"}});
  EXPECT_NE(missing.exit_code, 0) << missing;
  EXPECT_THAT(missing.out, HasSubstr(std::string("UPDATE_GOLDENS=force ") + kSemanticFixture))
      << missing;
}

TEST_F(SemanticGoldensE2eTest, GoldenClaimedTwiceWithDifferentProjectionsFails) {
  const RunResult r = RunSemantic({{"FIXTURE_DUPLICATE", "two"}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("the golden " + Golden("same").string() +
                               " is claimed twice in this run with different semantic "
                               "projections: first by Semantic.DuplicateA, then by "
                               "Semantic.DuplicateB; nothing is written for it"))
      << r;
  EXPECT_FALSE(fs::exists(Golden("same"))) << r;
  const RunResult same = RunSemantic({{"FIXTURE_DUPLICATE", "one"}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_EQ(same.exit_code, 0) << same;
  EXPECT_EQ(ReadFile(Golden("same")), SemanticOf("one")) << same;
}

TEST_F(SemanticGoldensE2eTest, NegatedMatcherNeverWrites) {
  CreateSemanticGoldens();
  const std::vector<std::string> files = FilesUnder(tree_);
  const RunResult r = RunSemantic({{"FIXTURE_NOT", "1"}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(FilesUnder(tree_), files) << r;
  WriteFile(Golden("never"), SemanticOf("not the golden"));
  const RunResult equal = RunSemantic({{"FIXTURE_NOT", "1"}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_NE(equal.exit_code, 0) << equal;
  EXPECT_THAT(equal.out, HasSubstr("[  FAILED  ] Semantic.Negated")) << equal;
  EXPECT_FALSE(fs::exists(Actual("never")));
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// EqualsCaptureGolden: a pito-tui capture folder as a golden, frame by frame under the same rules.
// The fixture capture_fixture_test.cc records "00-home" and "drill-in" at the four standard sizes
// into <scratch>/tree/goldens/capture_fixture_test/walk.capture/.

class CaptureGoldensE2eTest : public GoldensE2eTest {
 protected:
  void SetUp() override {
    GoldensE2eTest::SetUp();
    golden_dir_ = tree_ / "goldens" / "capture_fixture_test";
  }
  fs::path Capture(const std::string& name) const { return golden_dir_ / (name + ".capture"); }
  fs::path ActualCapture(const std::string& name) const {
    return golden_dir_ / (name + ".capture.actual");
  }
  RunResult RunCapture(const Env& extra = {}, const std::vector<std::string>& args = {}) {
    return RunRaw(kCaptureFixture, args, BaseEnv(extra));
  }
  void CreateCaptureGoldens() {
    const RunResult r = RunCapture({{"UPDATE_GOLDENS", "1"}});
    ASSERT_EQ(r.exit_code, 0) << r;
    ASSERT_TRUE(fs::exists(Capture("walk") / "00-home" / "80x24")) << r;
  }
  static std::vector<std::string> WalkFiles(const std::string& prefix) {
    std::vector<std::string> files;
    for (const char* scenario : {"00-home", "drill-in"}) {
      for (const char* size : {"120x34", "200x60", "40x12", "80x24"}) {
        files.push_back(prefix + "/" + scenario + "/" + size);
      }
    }
    return files;
  }
};

// No golden: the run fails, says so once for the whole capture, and writes the actual capture
// as a capture folder of its own (ReadCapture reads it) beside where the golden goes.
TEST_F(CaptureGoldensE2eTest, MissingGoldenFailsAndWritesTheActualCapture) {
  const RunResult r = RunCapture();
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("the golden capture " + Capture("walk").string() +
                               " does not exist (8 frames in 2 scenarios)\n"
                               "actual capture written to " +
                               ActualCapture("walk").string() +
                               "\n"
                               "to accept the actual capture run:\n"
                               "  UPDATE_GOLDENS=1 " +
                               kCaptureFixture + " --gtest_filter=Capture.Walk"))
      << r;
  EXPECT_EQ(WithoutReport(FilesUnder(tree_)),
            WalkFiles("goldens/capture_fixture_test/walk.capture.actual"));
  absl::StatusOr<vtsnap::pito::Capture> actual =
      vtsnap::pito::ReadCapture(ActualCapture("walk").string());
  ASSERT_TRUE(actual.ok()) << actual.status();
  const vtsnap::pito::TuiFrame& home = actual->scenarios.at("00-home").at({.cols = 40, .rows = 12});
  EXPECT_THAT(home.rows[0].symbols, testing::IsSupersetOf({"H", "o", "m", "e"}));
  EXPECT_EQ(home.rows[1].symbols[0], "4");
}

// UPDATE_GOLDENS=1 writes one frame file per scenario and size, a pito-tui capture folder; a
// rerun passes, writes nothing and leaves no actual capture.
TEST_F(CaptureGoldensE2eTest, UpdateWritesEveryFrameAndRerunPasses) {
  const RunResult missing = RunCapture();  // leaves an actual capture behind
  ASSERT_NE(missing.exit_code, 0) << missing;
  const RunResult update = RunCapture({{"UPDATE_GOLDENS", "1"}});
  ASSERT_EQ(update.exit_code, 0) << update;
  EXPECT_THAT(update.err,
              HasSubstr("vtsnap: wrote " + Capture("walk").string() + " (8 new frames)"))
      << update;
  EXPECT_EQ(FilesUnder(tree_), WalkFiles("goldens/capture_fixture_test/walk.capture"));
  const std::string frame = ReadFile(Capture("walk") / "00-home" / "40x12");
  // The header, the size, then row 0: "Home" bold on blue, the rest of the bar blue (erased with
  // the pen's background, not its boldness).
  EXPECT_THAT(frame, StartsWith("pito-tui frame 1\n40 12\nH\to\tm\te\t \t"));
  EXPECT_THAT(frame, HasSubstr("\n4 Reset Blue 1\t36 Reset Blue 0\n")) << frame;
  const long long mtime = MtimeNs(Capture("walk") / "drill-in" / "80x24");
  const RunResult rerun = RunCapture();
  EXPECT_EQ(rerun.exit_code, 0) << rerun;
  EXPECT_THAT(rerun.err, Not(HasSubstr("vtsnap: wrote"))) << rerun;
  EXPECT_EQ(MtimeNs(Capture("walk") / "drill-in" / "80x24"), mtime);
}

// A change is reported as the spec's Differences, one line a cell; the golden stays; the actual
// capture (every frame, not only the failing ones) is what `vtsnap compare` reads, and it prints
// the same lines.
TEST_F(CaptureGoldensE2eTest, ChangeIsReportedAsDifferences) {
  CreateCaptureGoldens();
  const std::string before = ReadFile(Capture("walk") / "00-home" / "80x24");
  const RunResult r = RunCapture({{"FIXTURE_TITLE", "Hone"}});
  EXPECT_NE(r.exit_code, 0) << r;
  const std::string lines =
      "00-home 40x12 2,0: \"m\" Reset Blue BOLD \u2192 \"n\" Reset Blue BOLD\n"
      "00-home 80x24 2,0: \"m\" Reset Blue BOLD \u2192 \"n\" Reset Blue BOLD\n"
      "00-home 120x34 2,0: \"m\" Reset Blue BOLD \u2192 \"n\" Reset Blue BOLD\n"
      "00-home 200x60 2,0: \"m\" Reset Blue BOLD \u2192 \"n\" Reset Blue BOLD\n";
  EXPECT_THAT(r.out, HasSubstr("the capture differs from the golden " + Capture("walk").string() +
                               ": 4 frames differ\n" + lines + "actual capture written to " +
                               ActualCapture("walk").string() + "\ncompare them: vtsnap compare " +
                               Capture("walk").string() + " " + ActualCapture("walk").string() +
                               "\nto accept the actual capture run:\n  UPDATE_GOLDENS=1 " +
                               kCaptureFixture + " --gtest_filter=Capture.Walk"))
      << r;
  EXPECT_EQ(ReadFile(Capture("walk") / "00-home" / "80x24"), before);
  EXPECT_EQ(FilesUnder(ActualCapture("walk")), FilesUnder(Capture("walk")));
  const RunResult compare = RunRaw(
      kCli, {"compare", Capture("walk").string(), ActualCapture("walk").string()}, BaseEnv({}));
  EXPECT_EQ(compare.exit_code, 1) << compare;
  EXPECT_EQ(compare.out, lines) << compare;
  // Accepting it rewrites the four frames that changed, and the actual capture goes.
  const RunResult accept = RunCapture({{"FIXTURE_TITLE", "Hone"}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_EQ(accept.exit_code, 0) << accept;
  EXPECT_THAT(accept.err,
              HasSubstr("vtsnap: wrote " + Capture("walk").string() + " (4 frames updated)"))
      << accept;
  EXPECT_FALSE(fs::exists(ActualCapture("walk"))) << accept;
}

// A scenario the test no longer records fails the assertion as "-" Differences with the command
// that deletes it (vtsnap deletes no golden, not even under UPDATE_GOLDENS).
TEST_F(CaptureGoldensE2eTest, ScenarioNoLongerRecordedFailsWithTheRemoveCommand) {
  CreateCaptureGoldens();
  for (const Env& env : {Env{{"FIXTURE_SKIP_DRILL", "1"}},
                         Env{{"FIXTURE_SKIP_DRILL", "1"}, {"UPDATE_GOLDENS", "1"}}}) {
    const RunResult r = RunCapture(env);
    EXPECT_NE(r.exit_code, 0) << r;
    EXPECT_THAT(r.out, HasSubstr(": 4 frames gone\n"
                                 "drill-in 40x12: -\ndrill-in 80x24: -\ndrill-in 120x34: -\n"
                                 "drill-in 200x60: -\n"))
        << r;
    EXPECT_THAT(r.out, HasSubstr("vtsnap deletes no golden; to drop what the test no longer "
                                 "records run:\n  rm -r " +
                                 (Capture("walk") / "drill-in").string() + "\n"))
        << r;
    EXPECT_TRUE(fs::exists(Capture("walk") / "drill-in" / "40x12"));
  }
  // A new scenario or size is a "+" line (UPDATE_GOLDENS=new writes it).
  fs::remove_all(Capture("walk") / "drill-in");
  fs::remove(Capture("walk") / "00-home" / "40x12");
  const RunResult added = RunCapture();
  EXPECT_NE(added.exit_code, 0) << added;
  EXPECT_THAT(added.out, HasSubstr(": 5 new frames\n00-home 40x12: +\ndrill-in 40x12: +\n"
                                   "drill-in 80x24: +\ndrill-in 120x34: +\ndrill-in 200x60: +\n"))
      << added;
  const RunResult update_new = RunCapture({{"UPDATE_GOLDENS", "new"}});
  EXPECT_EQ(update_new.exit_code, 0) << update_new;
  EXPECT_EQ(FilesUnder(tree_), WalkFiles("goldens/capture_fixture_test/walk.capture"));
}

// The closed inventory sees every frame file: a capture folder no assertion claims is orphaned,
// file by file, and fails the run.
TEST_F(CaptureGoldensE2eTest, UnclaimedCaptureIsOrphaned) {
  CreateCaptureGoldens();
  fs::create_directories(Capture("old"));
  fs::copy(Capture("walk") / "00-home", Capture("old") / "00-home", fs::copy_options::recursive);
  const RunResult r = RunCapture();
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.all(), HasSubstr("orphan: goldens/capture_fixture_test/old.capture/00-home/40x12 "
                                 "(no assertion claimed it; delete it with: rm '" +
                                 (Capture("old") / "00-home" / "40x12").string() + "')"))
      << r;
  EXPECT_THAT(r.all(), HasSubstr("old.capture/00-home/200x60")) << r;
}

// A frame file that does not read is named with its line and column; anything else in the folder
// is named too.
TEST_F(CaptureGoldensE2eTest, InvalidFrameAndStrayFileAreNamed) {
  CreateCaptureGoldens();
  WriteFile(Capture("walk") / "00-home" / "80x24", "pito-tui frame 1\n80 25\n");
  WriteFile(Capture("walk") / "notes.txt", "mine\n");
  const RunResult r = RunCapture();
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("the golden is not a valid pito-tui frame 1: " +
                               (Capture("walk") / "00-home" / "80x24").string() + ":"))
      << r;
  EXPECT_THAT(r.out,
              HasSubstr((Capture("walk") / "notes.txt").string() +
                        ": not a frame file (a capture holds SCENARIO/COLSxROWS files only)"))
      << r;
  EXPECT_EQ(ReadFile(Capture("walk") / "notes.txt"), "mine\n");
}

TEST_F(CaptureGoldensE2eTest, CiRefusesUpdate) {
  const RunResult r = RunCapture({{"CI", "true"}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.err, HasSubstr("UPDATE_GOLDENS=force")) << r;
  EXPECT_THAT(FilesUnder(tree_), IsEmpty()) << r;
  const RunResult missing = RunCapture({{"CI", "true"}});
  EXPECT_NE(missing.exit_code, 0) << missing;
  EXPECT_THAT(missing.out, HasSubstr(std::string("UPDATE_GOLDENS=force ") + kCaptureFixture))
      << missing;
}

TEST_F(CaptureGoldensE2eTest, CaptureClaimedTwiceWithDifferentFramesFails) {
  const RunResult r = RunCapture({{"FIXTURE_DUPLICATE", "two"}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_NE(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("the golden capture " + Capture("same").string() +
                               " is claimed twice in this run with different captures: first by "
                               "Capture.DuplicateA, then by Capture.DuplicateB; nothing is "
                               "written for it (the update Capture.DuplicateA made is undone); "
                               "give each capture its own golden name"))
      << r;
  EXPECT_FALSE(fs::exists(Capture("same") / "00-home" / "40x12")) << r;
  const RunResult same = RunCapture({{"FIXTURE_DUPLICATE", "one"}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_EQ(same.exit_code, 0) << same;
  EXPECT_TRUE(fs::exists(Capture("same") / "00-home" / "200x60")) << same;
}

TEST_F(CaptureGoldensE2eTest, NegatedMatcherNeverWrites) {
  CreateCaptureGoldens();
  const std::vector<std::string> files = FilesUnder(tree_);
  const RunResult r = RunCapture({{"FIXTURE_NOT", "1"}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(FilesUnder(tree_), files) << r;
}
