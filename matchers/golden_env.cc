#include "vtsnap/matchers/golden_env.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/inventory.h"

namespace vtsnap {
namespace matchers_internal {
namespace {

struct Registry {
  std::mutex mu;
  std::map<std::string, std::vector<DeclaredScenario>> declared;
};

Registry& GetRegistry() {
  static Registry* r = new Registry;
  return *r;
}

// The folder an assertion without a root option uses (LocateGolden): a relative test source is
// resolved first, so that a test compiled from a relative path checks the folder its goldens are
// in, not a second spelling of it whose every golden would look unclaimed.
std::string DefaultFolder(const std::string& source_file) {
  return LocateGolden(source_file, "", "x", ".dump").folder;
}

// The golden folders whose inventory failed in this iteration, each with its problems counted:
// "/src/goldens/home_test (1 orphan)".
std::vector<std::string>& FailedFolders() {
  static auto* folders = new std::vector<std::string>;
  return *folders;
}

// "1 orphan, 2 missing checkpoints".
std::string Problems(const FolderVerdict& v) {
  std::vector<std::string> parts;
  auto count = [&parts](size_t n, const char* one, const char* many) {
    if (n > 0) parts.push_back(absl::StrCat(n, " ", n == 1 ? one : many));
  };
  count(v.orphans.size(), "orphan", "orphans");
  count(v.missing_scenarios.size(), "missing scenario", "missing scenarios");
  count(v.missing_checkpoints.size(), "missing checkpoint", "missing checkpoints");
  if (!v.listing_error.empty()) parts.emplace_back("cannot list the folder");
  return absl::StrJoin(parts, ", ");
}

// How many unnamed goldens (EqualsGolden()) the running test has made; a test's start resets it.
struct UnnamedGoldens {
  std::mutex mu;
  int made = 0;
};
UnnamedGoldens& GetUnnamedGoldens() {
  static auto* u = new UnnamedGoldens;
  return *u;
}
class UnnamedGoldenCounter : public ::testing::EmptyTestEventListener {
 public:
  void OnTestStart(const ::testing::TestInfo& /*test*/) override {
    UnnamedGoldens& u = GetUnnamedGoldens();
    std::lock_guard<std::mutex> lock(u.mu);
    u.made = 0;
  }
};

// gtest's own result printer, with one change: when the run failed only because of golden
// inventories (every test passed), the summary says so, naming each folder, where gtest alone
// would print "[  PASSED  ] 2 tests." and then "0 FAILED TESTS".
class InventorySummaryPrinter : public ::testing::TestEventListener {
 public:
  explicit InventorySummaryPrinter(::testing::TestEventListener* inner) : inner_(inner) {}

  void OnTestProgramStart(const ::testing::UnitTest& u) override { inner_->OnTestProgramStart(u); }
  void OnTestIterationStart(const ::testing::UnitTest& u, int i) override {
    inner_->OnTestIterationStart(u, i);
  }
  void OnEnvironmentsSetUpStart(const ::testing::UnitTest& u) override {
    inner_->OnEnvironmentsSetUpStart(u);
  }
  void OnEnvironmentsSetUpEnd(const ::testing::UnitTest& u) override {
    inner_->OnEnvironmentsSetUpEnd(u);
  }
  void OnTestSuiteStart(const ::testing::TestSuite& s) override { inner_->OnTestSuiteStart(s); }
  void OnTestCaseStart(const ::testing::TestCase& s) override { inner_->OnTestCaseStart(s); }
  void OnTestStart(const ::testing::TestInfo& t) override { inner_->OnTestStart(t); }
  void OnTestDisabled(const ::testing::TestInfo& t) override { inner_->OnTestDisabled(t); }
  void OnTestPartResult(const ::testing::TestPartResult& r) override {
    inner_->OnTestPartResult(r);
  }
  void OnTestEnd(const ::testing::TestInfo& t) override { inner_->OnTestEnd(t); }
  void OnTestSuiteEnd(const ::testing::TestSuite& s) override { inner_->OnTestSuiteEnd(s); }
  void OnTestCaseEnd(const ::testing::TestCase& s) override { inner_->OnTestCaseEnd(s); }
  void OnEnvironmentsTearDownStart(const ::testing::UnitTest& u) override {
    inner_->OnEnvironmentsTearDownStart(u);
  }
  void OnEnvironmentsTearDownEnd(const ::testing::UnitTest& u) override {
    inner_->OnEnvironmentsTearDownEnd(u);
  }
  void OnTestProgramEnd(const ::testing::UnitTest& u) override { inner_->OnTestProgramEnd(u); }

  void OnTestIterationEnd(const ::testing::UnitTest& u, int iteration) override {
    const std::vector<std::string>& folders = FailedFolders();
    if (folders.empty() || u.failed_test_count() > 0) {
      inner_->OnTestIterationEnd(u, iteration);
      return;
    }
    auto plural = [](int n, const char* what) {
      return absl::StrCat(n, " ", what, n == 1 ? "" : "s");
    };
    std::printf("[==========] %s from %s ran.", plural(u.test_to_run_count(), "test").c_str(),
                plural(u.test_suite_to_run_count(), "test suite").c_str());
    if (GTEST_FLAG_GET(print_time)) {
      std::printf(" (%lld ms total)", static_cast<long long>(u.elapsed_time()));
    }
    std::printf("\n[  PASSED  ] %s.\n", plural(u.successful_test_count(), "test").c_str());
    std::printf("[  FAILED  ] the golden inventory of %s, listed below:\n",
                plural(static_cast<int>(folders.size()), "folder").c_str());
    for (const std::string& f : folders) std::printf("[  FAILED  ] %s\n", f.c_str());
    std::printf("\n%2d FAILED GOLDEN %s\n", static_cast<int>(folders.size()),
                folders.size() == 1 ? "FOLDER" : "FOLDERS");
    std::fflush(stdout);
  }

 private:
  std::unique_ptr<::testing::TestEventListener> inner_;
};

// Checks every golden folder at the end of the program: orphans and declared inventories fail
// the run when the folder's tests all ran and passed here; the record for a cross-process merge
// goes to $VTSNAP_INVENTORY_DIR; update mode prints its summary.
class GoldenEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    const absl::StatusOr<UpdateMode>& mode = UpdateModeOfProcess();
    if (!mode.ok()) {
      std::fprintf(stderr, "vtsnap: %s\n", std::string(mode.status().message()).c_str());
      std::fflush(stderr);
      std::exit(2);
    }
    FailedFolders().clear();  // each --gtest_repeat iteration has its own verdict
    // gtest's result printer, wrapped once (after InitGoogleTest chose it: pretty or brief).
    static bool wrapped = false;
    ::testing::TestEventListeners& listeners = ::testing::UnitTest::GetInstance()->listeners();
    if (!wrapped && listeners.default_result_printer() != nullptr) {
      wrapped = true;
      ::testing::TestEventListener* printer = listeners.Release(listeners.default_result_printer());
      listeners.Append(new InventorySummaryPrinter(printer));
    }
    static bool counting = false;
    if (!counting) {
      counting = true;
      listeners.Append(new UnnamedGoldenCounter);
    }
  }

  void TearDown() override {
    InventoryRecord record = BuildRecord();
    // Under vtsnap_discover_tests every process records what it saw, even nothing, so the merge
    // can tell "no golden here" from "nothing ran".
    const std::string dir = InventoryDirOfProcess();
    if (!dir.empty()) {
      if (absl::Status s = WriteRecordToDir(dir, record); !s.ok()) {
        ADD_FAILURE() << "vtsnap: could not record this run's golden claims: " << s.message();
      }
    }
    if (record.files.empty()) return;
    const std::vector<FolderVerdict> verdicts = Verdict({record});
    int orphan_number = 0;
    for (const FolderVerdict& v : verdicts) {
      for (const std::string& o : v.orphans) {
        ::testing::Test::RecordProperty(absl::StrCat("vtsnap_orphan_", ++orphan_number),
                                        v.golden_folder + "/" + o);
      }
      if (!v.checked || v.ok()) continue;
      // A failure gtest reports at the golden folder (not in vtsnap's source), and one the
      // summary printer names (InventorySummaryPrinter).
      ADD_FAILURE_AT(v.golden_folder.c_str(), -1) << "vtsnap: golden inventory\n"
                                                  << RenderVerdict({v});
      FailedFolders().push_back(absl::StrCat(v.golden_folder, " (", Problems(v), ")"));
    }
    PrintUpdateSummary(record, verdicts);
  }

 private:
  static InventoryRecord BuildRecord() {
    const std::vector<GoldenClaims> claims = ClaimsOfProcess();
    Registry& reg = GetRegistry();
    std::lock_guard<std::mutex> lock(reg.mu);
    const ::testing::UnitTest& ut = *::testing::UnitTest::GetInstance();
    std::map<std::string, SourceFileRecord> by_file;  // keyed by source file
    for (int i = 0; i < ut.total_test_suite_count(); ++i) {
      const ::testing::TestSuite& suite = *ut.GetTestSuite(i);
      for (int j = 0; j < suite.total_test_count(); ++j) {
        const ::testing::TestInfo& info = *suite.GetTestInfo(j);
        if (info.file() == nullptr) continue;
        // Disabled tests never run, so counting them would leave their folder unchecked forever.
        if (absl::StartsWith(suite.name(), "DISABLED_") ||
            absl::StartsWith(info.name(), "DISABLED_")) {
          continue;
        }
        SourceFileRecord& rec = by_file[info.file()];
        rec.source_file = info.file();
        const std::string name = absl::StrCat(suite.name(), ".", info.name());
        rec.tests.push_back(name);
        if (!info.should_run()) continue;
        const ::testing::TestResult& result = *info.result();
        if (result.Failed()) {
          rec.failed.push_back(name);
        } else if (!result.Skipped()) {
          rec.passed.push_back(name);
        }
      }
    }
    InventoryRecord record;
    record.process = absl::StrCat(::getpid());
    for (auto& [file, base] : by_file) {
      // One entry per folder the file's goldens live in: the default one, and any a matcher's
      // root option chose.
      std::set<std::string> folders = {DefaultFolder(file)};
      for (const GoldenClaims& c : claims) {
        if (c.source_file == file) folders.insert(c.folder);
      }
      for (const std::string& folder : folders) {
        SourceFileRecord rec = base;
        rec.golden_folder = folder;
        for (const GoldenClaims& c : claims) {
          if (c.source_file != file || c.folder != folder) continue;
          rec.claims = c.claimed;
          rec.written = c.written;
        }
        auto d = reg.declared.find(file);
        if (d != reg.declared.end()) rec.declared = d->second;
        if (rec.claims.empty() && rec.declared.empty() && ListGoldenFiles(folder).empty()) continue;
        record.files.push_back(std::move(rec));
      }
    }
    return record;
  }

  static void PrintUpdateSummary(const InventoryRecord& record,
                                 const std::vector<FolderVerdict>& verdicts) {
    const absl::StatusOr<UpdateMode>& mode = UpdateModeOfProcess();
    if (!mode.ok() || *mode == UpdateMode::kOff) return;
    int written = 0;
    int claimed = 0;
    for (const SourceFileRecord& rec : record.files) {
      written += static_cast<int>(rec.written.size());
      claimed += static_cast<int>(rec.claims.size());
    }
    // A golden whose update could not be written, or whose check failed for another reason (a
    // FIFO or a folder where the golden should be, a conflict), is neither written nor unchanged.
    int write_failed = 0;
    int failed = 0;
    for (const GoldenClaims& c : ClaimsOfProcess()) {
      write_failed += static_cast<int>(c.write_failed.size());
      const std::set<std::string> written_here(c.written.begin(), c.written.end());
      const std::set<std::string> write_failed_here(c.write_failed.begin(), c.write_failed.end());
      for (const std::string& g : c.failed) {
        if (!written_here.contains(g) && !write_failed_here.contains(g)) ++failed;
      }
    }
    int orphans = 0;
    for (const FolderVerdict& v : verdicts) orphans += static_cast<int>(v.orphans.size());
    std::string failed_text;
    if (write_failed > 0) absl::StrAppend(&failed_text, ", ", write_failed, " failed to write");
    if (failed > 0) absl::StrAppend(&failed_text, ", ", failed, " failed");
    std::fprintf(stderr, "vtsnap: goldens: %d written, %d unchanged%s, %d orphans\n", written,
                 claimed - written - write_failed - failed, failed_text.c_str(), orphans);
    for (const FolderVerdict& v : verdicts) {
      for (const std::string& o : v.orphans) {
        std::fprintf(stderr, "vtsnap: orphan (delete it with: rm '%s/%s')\n",
                     v.golden_folder.c_str(), o.c_str());
      }
    }
  }
};

::testing::Environment* const kEnvironment =
    ::testing::AddGlobalTestEnvironment(new GoldenEnvironment);

}  // namespace

void RecordDeclaration(const std::string& source_file, std::vector<DeclaredScenario> scenarios) {
  Registry& reg = GetRegistry();
  std::lock_guard<std::mutex> lock(reg.mu);
  std::vector<DeclaredScenario>& d = reg.declared[source_file];
  for (DeclaredScenario& s : scenarios) d.push_back(std::move(s));
}

void EnsureEnvironment() { (void)kEnvironment; }

std::string GoldenNameFromTest() {
  EnsureEnvironment();
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  if (test == nullptr) return "";
  std::string name =
      absl::StrReplaceAll(absl::StrCat(test->test_suite_name(), ".", test->name()), {{"/", "."}});
  UnnamedGoldens& u = GetUnnamedGoldens();
  std::lock_guard<std::mutex> lock(u.mu);
  if (++u.made > 1) absl::StrAppend(&name, ".", u.made);
  return name;
}

}  // namespace matchers_internal

bool DeclareInventory(const char* source_file, std::vector<DeclaredScenario> scenarios) {
  matchers_internal::EnsureEnvironment();
  matchers_internal::RecordDeclaration(source_file, std::move(scenarios));
  return true;
}

}  // namespace vtsnap
