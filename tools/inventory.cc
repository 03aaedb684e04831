// `vtsnap inventory DIR`: merges the inventory records the test processes wrote into DIR and
// prints the verdict on every golden folder (docs/inventory.md).
#include "vtsnap/snapshot/inventory.h"

#include <unistd.h>

#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "vtsnap/tools/commands.h"

namespace vtsnap::tools {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;
constexpr int kExitInvalid = 2;

constexpr char kUsage[] =
    "usage: vtsnap inventory DIR\n"
    "       vtsnap inventory --ctest-run RUNS_DIR\n"
    "       vtsnap inventory --ctest-reset RUNS_DIR\n"
    "  merges the golden inventory records test processes wrote into DIR (their\n"
    "  VTSNAP_INVENTORY_DIR) and reports orphaned goldens, missing scenarios and missing\n"
    "  checkpoints of every golden folder whose tests all ran and passed.\n"
    "  --ctest-run: the records of the calling ctest run, RUNS_DIR/run-<parent pid> (their\n"
    "  VTSNAP_INVENTORY_RUNS_DIR); --ctest-reset: removes that directory and those of ended runs\n"
    "  (vtsnap_discover_tests runs both; docs/inventory.md).\n"
    "  exit 0: every checked folder is ok; 1: an orphan or a missing scenario or checkpoint;\n"
    "  2: bad arguments, DIR missing or without records, a corrupt record, an unreadable folder\n";

}  // namespace

int RunInventory(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    out << kUsage;
    return kExitOk;
  }
  // ctest starts the reset and the check itself: their parent process is the ctest run.
  const long ctest_run = static_cast<long>(::getppid());
  if (args.size() == 2 && args[0] == "--ctest-reset" && !args[1].empty()) {
    if (absl::Status s = ResetRunRecords(args[1], ctest_run); !s.ok()) {
      err << "vtsnap inventory: " << s.message() << "\n";
      return kExitInvalid;
    }
    return kExitOk;
  }
  std::string dir;
  if (args.size() == 2 && args[0] == "--ctest-run" && !args[1].empty()) {
    dir = RunRecordDir(args[1], ctest_run);
  } else if (args.size() == 1 && !args[0].empty() && args[0][0] != '-') {
    dir = args[0];
  } else {
    err << kUsage;
    return kExitInvalid;
  }
  absl::StatusOr<std::vector<InventoryRecord>> records = ReadRecordsFromDir(dir);
  if (!records.ok()) {
    err << "vtsnap inventory: " << records.status().message() << "\n";
    return kExitInvalid;
  }
  const std::vector<FolderVerdict> verdicts = Verdict(*records);
  out << RenderVerdict(verdicts);
  bool unreadable = false;
  for (const FolderVerdict& verdict : verdicts) {
    if (!verdict.listing_error.empty()) unreadable = true;
  }
  if (unreadable) return kExitInvalid;
  return InventoryOk(verdicts) ? kExitOk : kExitFailed;
}

}  // namespace vtsnap::tools
