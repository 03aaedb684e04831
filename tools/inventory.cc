// `vtsnap inventory DIR`: merges the inventory records the test processes wrote into DIR and
// prints the verdict on every golden folder (docs/inventory.md).
#include "vtsnap/snapshot/golden/inventory.h"

#include <unistd.h>

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "vtsnap/tools/cli.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/exit_codes.h"

namespace vtsnap::tools {
namespace {

// Merges the records in `dir` and prints the verdict on every golden folder.
int CheckInventory(const std::string& dir, std::ostream& out, std::ostream& err) {
  absl::StatusOr<std::vector<InventoryRecord>> records = ReadRecordsFromDir(dir);
  if (!records.ok()) {
    err << "vtsnap inventory: " << records.status().message() << "\n";
    return kExitInvalid;
  }
  const std::vector<FolderVerdict> verdicts = Verdict(*records);
  out << RenderVerdict(verdicts);
  for (const FolderVerdict& verdict : verdicts) {
    if (!verdict.listing_error.empty()) return kExitInvalid;
  }
  return InventoryOk(verdicts) ? kExitOk : kExitDiffers;
}

}  // namespace

const cli::Usage kInventoryUsage = {
    .command = "inventory",
    .summary = "Report orphaned goldens and missing scenarios from the tests' inventory records.",
    .synopsis =
        "usage: vtsnap inventory DIR\n"
        "       vtsnap inventory --ctest-run RUNS_DIR\n"
        "       vtsnap inventory --ctest-reset RUNS_DIR\n",
    .details =
        "  merges the golden inventory records test processes wrote into DIR (their\n"
        "  VTSNAP_INVENTORY_DIR) and reports orphaned goldens, missing scenarios and missing\n"
        "  checkpoints of every golden folder whose tests all ran and passed.\n"
        "  --ctest-run: the records of the calling ctest run, RUNS_DIR/run-<parent pid> (their\n"
        "  VTSNAP_INVENTORY_RUNS_DIR); --ctest-reset: removes that directory and those of ended "
        "runs\n"
        "  (vtsnap_discover_tests runs both; docs/inventory.md).\n"
        "  exit 0: every checked folder is ok; 1: an orphan or a missing scenario or checkpoint;\n"
        "  2: bad arguments, DIR missing or without records, a corrupt record, an unreadable "
        "folder\n"};

int RunInventory(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::optional<std::string> ctest_run;
  std::optional<std::string> ctest_reset;
  std::vector<std::string> dirs;
  cli::CommandLine line(kInventoryUsage);
  line.Value("--ctest-run", &ctest_run)
      .Value("--ctest-reset", &ctest_reset)
      .Positionals({.names = {"DIR"}, .min = 0, .max = 1}, &dirs);
  if (std::optional<int> done = line.Parse(args, out, err)) return *done;
  const int given = static_cast<int>(dirs.size()) + ctest_run.has_value() + ctest_reset.has_value();
  if (given != 1) return line.Fail(err, "give one of DIR, --ctest-run and --ctest-reset");
  if (ctest_run.value_or(ctest_reset.value_or("x")).empty()) {
    return line.Fail(err, "RUNS_DIR is empty ('')");
  }
  // ctest starts the reset and the check itself: their parent process is the ctest run.
  const long ctest_pid = static_cast<long>(::getppid());
  if (ctest_reset.has_value()) {
    if (absl::Status s = ResetRunRecords(*ctest_reset, ctest_pid); !s.ok()) {
      return line.Error(err, s.message());
    }
    return kExitOk;
  }
  return CheckInventory(ctest_run.has_value() ? RunRecordDir(*ctest_run, ctest_pid) : dirs[0], out,
                        err);
}

}  // namespace vtsnap::tools
