#include "vtsnap/matchers/golden_env.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <set>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
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

std::string DefaultFolder(const std::string& source_file) {
  const char* root = std::getenv("VTSNAP_GOLDEN_ROOT");
  return GoldenFolderFor(source_file, root == nullptr ? "" : root).read;
}

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
  }

  void TearDown() override {
    InventoryRecord record = BuildRecord();
    // Under vtsnap_discover_tests every process records what it saw, even nothing, so the merge
    // can tell "no golden here" from "nothing ran".
    const char* dir = std::getenv(kInventoryDirEnv);
    if (dir != nullptr && *dir != '\0') {
      if (absl::Status s = WriteRecordToDir(dir, record); !s.ok()) {
        ADD_FAILURE() << "vtsnap: could not record this run's golden claims: " << s.message();
      }
    }
    if (record.files.empty()) return;
    const std::vector<FolderVerdict> verdicts = Verdict({record});
    int orphan_number = 0;
    bool failed = false;
    for (const FolderVerdict& v : verdicts) {
      for (const std::string& o : v.orphans) {
        ::testing::Test::RecordProperty(absl::StrCat("vtsnap_orphan_", ++orphan_number),
                                        v.golden_folder + "/" + o);
      }
      if (v.checked && !v.ok()) failed = true;
    }
    if (failed) ADD_FAILURE() << "vtsnap: golden inventory\n" << RenderVerdict(verdicts);
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
    // A golden whose update could not be written is neither written nor unchanged.
    int failed = 0;
    for (const GoldenClaims& c : ClaimsOfProcess()) {
      failed += static_cast<int>(c.write_failed.size());
    }
    int orphans = 0;
    for (const FolderVerdict& v : verdicts) orphans += static_cast<int>(v.orphans.size());
    const std::string failed_text =
        failed > 0 ? absl::StrCat(", ", failed, " failed to write") : std::string();
    std::fprintf(stderr, "vtsnap: goldens: %d written, %d unchanged%s, %d orphans\n", written,
                 claimed - written - failed, failed_text.c_str(), orphans);
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

}  // namespace matchers_internal

bool DeclareInventory(const char* source_file, std::vector<DeclaredScenario> scenarios) {
  matchers_internal::EnsureEnvironment();
  matchers_internal::RecordDeclaration(source_file, std::move(scenarios));
  return true;
}

}  // namespace vtsnap
