// `vtsnap inventory DIR`: hand-written records and golden folders in temporary directories.
//
// This binary is registered with vtsnap_discover_tests (cmake/vtsnapGTest.cmake), and its global
// environment below writes a record of its own tests where a test process of vtsnap::gtest would
// (InventoryDirOfProcess: $VTSNAP_INVENTORY_RUNS_DIR/run-<ctest pid> under ctest), so a ctest run
// also exercises the CMake helper end to end: the reset fixture, the environment each test
// process gets, and `vtsnap inventory --ctest-run` merging one record per process.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/snapshot/golden/inventory.h"
#include "vtsnap/tools/commands.h"

namespace vtsnap::tools {
namespace {

namespace fs = std::filesystem;

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

struct Result {
  int code;
  std::string out;
  std::string err;
};

Result Inventory(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = RunInventory(args, out, err);
  return {code, out.str(), err.str()};
}

// A scratch tree for one test: `records/` for the records, `goldens/foo_test/` for the goldens.
class InventoryCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = (fs::path(::testing::TempDir()) /
             absl::StrCat("inventory_cli_test_", info->name(), "_", ::getpid()))
                .string();
    fs::remove_all(root_);
    records_ = root_ + "/records";
    folder_ = root_ + "/goldens/foo_test";
    fs::create_directories(records_);
    fs::create_directories(folder_);
  }
  void TearDown() override { fs::remove_all(root_); }

  void Golden(const std::string& relative) {
    const fs::path path = fs::path(folder_) / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path) << "ckvision-golden 1\n";
  }

  // Writes a hand-written record: `body` holds the lines between the header and `end`, with
  // FOLDER standing for the golden folder.
  void Record(const std::string& name, const std::string& body) {
    std::string text = body;
    for (size_t at; (at = text.find("FOLDER")) != std::string::npos;) {
      text.replace(at, 6, folder_);
    }
    std::ofstream(records_ + "/" + name + ".vtsnap-inventory")
        << "vtsnap-inventory 1\nprocess " << name << "\n"
        << text << "end\n";
  }

  std::string root_, records_, folder_;
};

constexpr char kHeader[] =
    "file /src/foo_test.cc\n"
    "folder FOLDER\n"
    "test Foo.A\n"
    "test Foo.B\n";

TEST_F(InventoryCliTest, CompleteFolderWithAnOrphanExits1NamingIt) {
  Golden("home.dump");
  Golden("old.dump");
  Record("1", absl::StrCat(kHeader, "passed Foo.A\npassed Foo.B\nclaim home.dump\n"));
  Result r = Inventory({records_});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_THAT(r.out,
              AllOf(HasSubstr("goldens/foo_test (/src/foo_test.cc)\n"),
                    HasSubstr("  orphan: goldens/foo_test/old.dump (no assertion claimed it; "
                              "delete it with: rm '" +
                              folder_ + "/old.dump')\n"),
                    Not(HasSubstr("home.dump")), HasSubstr("inventory FAILED: ")));
  EXPECT_THAT(r.err, IsEmpty());
}

TEST_F(InventoryCliTest, CompleteFolderAllClaimedExits0) {
  Golden("home.dump");
  Record("1", absl::StrCat(kHeader, "passed Foo.A\npassed Foo.B\nclaim home.dump\n"));
  Result r = Inventory({records_});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("  checked: 1 golden, ok\ninventory ok: 1 folder, 1 checked, 0 "
                               "not checked\n"));
}

TEST_F(InventoryCliTest, FilteredOutTestMeansNotCheckedAndExit0) {
  Golden("home.dump");
  Golden("old.dump");
  Record("1", absl::StrCat(kHeader, "passed Foo.A\nclaim home.dump\n"));
  Result r = Inventory({records_});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, AllOf(HasSubstr("  not checked: 1 of 2 tests did not run or failed (Foo.B)\n"),
                           Not(HasSubstr("orphan")), HasSubstr("inventory ok: ")));
}

TEST_F(InventoryCliTest, FailedTestInAnotherRecordMeansNotChecked) {
  Golden("home.dump");
  Golden("old.dump");
  Record("1", absl::StrCat(kHeader, "passed Foo.A\npassed Foo.B\nclaim home.dump\n"));
  Record("2", absl::StrCat(kHeader, "failed Foo.B\n"));
  Result r = Inventory({records_});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, AllOf(HasSubstr("  not checked: 1 of 2 tests did not run or failed (Foo.B)\n"),
                           Not(HasSubstr("orphan"))));
}

TEST_F(InventoryCliTest, TwoProcessesTogetherCoverAllTests) {
  Golden("a.dump");
  Golden("b.dump");
  Record("1", absl::StrCat(kHeader, "passed Foo.A\nclaim a.dump\n"));
  Record("2", absl::StrCat(kHeader, "passed Foo.B\nclaim b.dump\n"));
  Result r = Inventory({records_});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("  checked: 2 goldens, ok\n"));

  Golden("c.dump");  // now claimed by neither process
  r = Inventory({records_});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("  orphan: goldens/foo_test/c.dump "));
}

constexpr char kDeclared[] =
    "scenario login\n"
    "checkpoint empty\n"
    "checkpoint filled\n"
    "scenario logout\n"
    "checkpoint confirm\n";

TEST_F(InventoryCliTest, DeclaredInventoryAllClaimed) {
  Golden("login/empty.dump");
  Golden("login/filled.dump");
  Golden("logout/confirm.dump");
  Record("1", absl::StrCat(kHeader,
                           "passed Foo.A\npassed Foo.B\nclaim login/empty.dump\n"
                           "claim login/filled.dump\nclaim logout/confirm.dump\n",
                           kDeclared));
  Result r = Inventory({records_});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("  checked: 3 goldens, ok\n"));
}

TEST_F(InventoryCliTest, DeclaredMissingScenario) {
  Golden("login/empty.dump");
  Golden("login/filled.dump");
  Record("1", absl::StrCat(kHeader,
                           "passed Foo.A\npassed Foo.B\nclaim login/empty.dump\n"
                           "claim login/filled.dump\n",
                           kDeclared));
  Result r = Inventory({records_});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_THAT(r.out, AllOf(HasSubstr("  missing scenario: logout (declared, but no test claimed "
                                     "any of its checkpoints)\n"),
                           Not(HasSubstr("missing checkpoint")), Not(HasSubstr("orphan")),
                           HasSubstr("(1 with problems: 1 missing scenario)")));
}

TEST_F(InventoryCliTest, DeclaredMissingCheckpoint) {
  Golden("login/empty.dump");
  Golden("logout/confirm.dump");
  Record("1", absl::StrCat(kHeader,
                           "passed Foo.A\npassed Foo.B\nclaim login/empty.dump\n"
                           "claim logout/confirm.dump\n",
                           kDeclared));
  Result r = Inventory({records_});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_THAT(r.out, AllOf(HasSubstr("  missing checkpoint: login/filled (declared, but no "
                                     "assertion claimed goldens/foo_test/login/filled.dump)\n"),
                           Not(HasSubstr("missing scenario")), Not(HasSubstr("orphan")),
                           HasSubstr("(1 with problems: 1 missing checkpoint)")));
}

TEST_F(InventoryCliTest, DeclaredOrphan) {
  Golden("login/empty.dump");
  Golden("login/filled.dump");
  Golden("login/renamed.dump");
  Golden("logout/confirm.dump");
  Record("1", absl::StrCat(kHeader,
                           "passed Foo.A\npassed Foo.B\nclaim login/empty.dump\n"
                           "claim login/filled.dump\nclaim logout/confirm.dump\n",
                           kDeclared));
  Result r = Inventory({records_});
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_THAT(r.out, AllOf(HasSubstr("  orphan: goldens/foo_test/login/renamed.dump "),
                           Not(HasSubstr("missing")), HasSubstr("(1 with problems: 1 orphan)")));
}

TEST_F(InventoryCliTest, EmptyDirExits2) {
  Result r = Inventory({records_});
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.out, IsEmpty());
  EXPECT_THAT(r.err, AllOf(HasSubstr(records_), HasSubstr("no test recorded anything")));
}

TEST_F(InventoryCliTest, MissingDirExits2) {
  Result r = Inventory({root_ + "/nope"});
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, AllOf(HasSubstr(root_ + "/nope"), HasSubstr("no test recorded anything")));
}

TEST_F(InventoryCliTest, CorruptRecordExits2NamingTheFile) {
  Record("1", absl::StrCat(kHeader, "passed Foo.A\npassed Foo.B\n"));
  std::ofstream(records_ + "/2.vtsnap-inventory") << "vtsnap-inventory 1\nprocess 2\nfile x\n";
  Result r = Inventory({records_});
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.out, IsEmpty());
  EXPECT_THAT(r.err, AllOf(HasSubstr(records_ + "/2.vtsnap-inventory"), HasSubstr("line 4")));
}

TEST_F(InventoryCliTest, BadArgumentsExit2) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{}, {"a", "b"}, {"--frobnicate"}, {""}}) {
    Result r = Inventory(args);
    EXPECT_EQ(r.code, 2) << absl::StrJoin(args, " ");
    EXPECT_THAT(r.err, HasSubstr("usage: vtsnap inventory DIR"));
  }
  Result help = Inventory({"--help"});
  EXPECT_EQ(help.code, 0);
  EXPECT_THAT(help.out, HasSubstr("usage: vtsnap inventory DIR"));
}

TEST_F(InventoryCliTest, UnreadableGoldenFolderExits2) {
  fs::remove_all(folder_);
  std::ofstream(folder_) << "a file where the folder should be";
  Record("1", absl::StrCat(kHeader, "passed Foo.A\npassed Foo.B\n"));
  Result r = Inventory({records_});
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_THAT(r.out, HasSubstr("cannot list the folder: " + folder_ + ": not a directory"));
}

// ------------------------------------------------------------------------------------------------
// Per-ctest-run records (docs/inventory.md, "Concurrent runs"): the parent process stands for the
// ctest run, which is this process's parent when ctest runs it and the test's own when called
// in process here.

// The id of a process that has ended (a child that exited and was reaped).
long EndedProcess() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  return static_cast<long>(child);
}

TEST_F(InventoryCliTest, CtestRunMergesOnlyTheRecordsOfTheCallingRun) {
  Golden("home.dump");
  Golden("old.dump");
  // Another run's records hold an orphan; this run's are complete and clean.
  records_ = RunRecordDir(root_ + "/runs", static_cast<long>(::getppid()));
  fs::create_directories(records_);
  Record("mine",
         absl::StrCat(kHeader, "passed Foo.A\npassed Foo.B\nclaim home.dump\nclaim old.dump\n"));
  records_ = RunRecordDir(root_ + "/runs", static_cast<long>(::getpid()));
  fs::create_directories(records_);
  Record("other", absl::StrCat(kHeader, "passed Foo.A\npassed Foo.B\nclaim home.dump\n"));
  Result r = Inventory({"--ctest-run", root_ + "/runs"});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, AllOf(HasSubstr("checked: 2 goldens, ok"), Not(HasSubstr("orphan"))));
}

TEST_F(InventoryCliTest, CtestRunWithoutRecordsOfItsOwnExits2) {
  fs::create_directories(RunRecordDir(root_ + "/runs", static_cast<long>(::getpid())));
  Result r = Inventory({"--ctest-run", root_ + "/runs"});
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, AllOf(HasSubstr(RunRecordDir(root_ + "/runs", static_cast<long>(::getppid()))),
                           HasSubstr("no test recorded anything")));
}

TEST_F(InventoryCliTest, CtestResetRemovesItsOwnAndEndedRunsOnly) {
  const std::string runs = root_ + "/runs";
  const std::string own = RunRecordDir(runs, static_cast<long>(::getppid()));
  const std::string live = RunRecordDir(runs, static_cast<long>(::getpid()));
  const std::string ended = RunRecordDir(runs, EndedProcess());
  for (const std::string& dir : {own, live, ended}) {
    fs::create_directories(dir);
    std::ofstream(dir + "/1-0.vtsnap-inventory") << "vtsnap-inventory 1\nprocess p\nend\n";
  }
  std::ofstream(runs + "/notes.txt") << "not a run";
  fs::create_directories(runs + "/run-x");
  Result r = Inventory({"--ctest-reset", runs});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_FALSE(fs::exists(own));
  EXPECT_FALSE(fs::exists(ended));
  EXPECT_TRUE(fs::exists(live + "/1-0.vtsnap-inventory"));
  EXPECT_TRUE(fs::exists(runs + "/notes.txt"));
  EXPECT_TRUE(fs::exists(runs + "/run-x"));
}

TEST_F(InventoryCliTest, CtestResetOfAMissingDirectoryIsFine) {
  Result r = Inventory({"--ctest-reset", root_ + "/never"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_FALSE(fs::exists(root_ + "/never"));
}

// Restores an environment variable when it goes out of scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    const char* old = std::getenv(name);
    if (old != nullptr) old_ = old;
    had_ = old != nullptr;
    if (value == nullptr) {
      ::unsetenv(name);
    } else {
      ::setenv(name, value, 1);
    }
  }
  ~ScopedEnv() {
    if (had_) {
      ::setenv(name_, old_.c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }

 private:
  const char* name_;
  std::string old_;
  bool had_ = false;
};

TEST(InventoryDirOfProcess, RunsDirMeansTheParentRunsDirectory) {
  ScopedEnv dir(kInventoryDirEnv, nullptr);
  ScopedEnv runs(kInventoryRunsDirEnv, "/tmp/runs");
  EXPECT_EQ(InventoryDirOfProcess(), absl::StrCat("/tmp/runs/run-", ::getppid()));
}

TEST(InventoryDirOfProcess, ExplicitDirWins) {
  ScopedEnv dir(kInventoryDirEnv, "/tmp/records");
  ScopedEnv runs(kInventoryRunsDirEnv, "/tmp/runs");
  EXPECT_EQ(InventoryDirOfProcess(), "/tmp/records");
}

TEST(InventoryDirOfProcess, NeitherMeansNoRecord) {
  ScopedEnv dir(kInventoryDirEnv, "");
  ScopedEnv runs(kInventoryRunsDirEnv, nullptr);
  EXPECT_EQ(InventoryDirOfProcess(), "");
}

// ------------------------------------------------------------------------------------------------
// Self-recording, for the ctest run of cmake/vtsnapGTest.cmake (see the top of this file). The
// golden folder lives in the build tree and holds one golden, which SelfRecord.ClaimsItsGolden
// claims: when every test of this file ran and passed, the inventory check must find it checked
// and ok; when some were filtered out it is "not checked", and the check passes too.

std::string SelfFolder() { return std::string(VTSNAP_BINARY_DIR) + "/goldens/inventory_cli_test"; }

bool self_claimed = false;

TEST(SelfRecord, ClaimsItsGolden) {
  fs::create_directories(SelfFolder());
  std::ofstream(SelfFolder() + "/self.dump") << "ckvision-golden 1\n";
  self_claimed = true;
}

class SelfRecordEnvironment : public ::testing::Environment {
 public:
  void TearDown() override {
    const std::string dir = InventoryDirOfProcess();
    if (dir.empty()) return;
    SourceFileRecord file{.source_file = __FILE__, .golden_folder = SelfFolder()};
    const ::testing::UnitTest& unit = *::testing::UnitTest::GetInstance();
    for (int i = 0; i < unit.total_test_suite_count(); ++i) {
      const ::testing::TestSuite& suite = *unit.GetTestSuite(i);
      for (int j = 0; j < suite.total_test_count(); ++j) {
        const ::testing::TestInfo& info = *suite.GetTestInfo(j);
        if (std::string(info.file()) != __FILE__) continue;
        const std::string name = absl::StrCat(suite.name(), ".", info.name());
        if (absl::StartsWith(suite.name(), "DISABLED_") ||
            absl::StartsWith(info.name(), "DISABLED_")) {
          continue;
        }
        file.tests.push_back(name);
        if (!info.should_run()) continue;
        if (info.result()->Failed()) {
          file.failed.push_back(name);
        } else if (!info.result()->Skipped()) {
          file.passed.push_back(name);
        }
      }
    }
    if (self_claimed) file.claims.push_back("self.dump");
    const InventoryRecord record{.process = absl::StrCat("pid ", ::getpid()), .files = {file}};
    if (absl::Status s = WriteRecordToDir(dir, record); !s.ok()) {
      ADD_FAILURE() << "could not write the inventory record: " << s;
    }
  }
};

[[maybe_unused]] ::testing::Environment* const kSelfRecord =
    ::testing::AddGlobalTestEnvironment(new SelfRecordEnvironment);

}  // namespace
}  // namespace vtsnap::tools
