// Closed golden inventories: which golden files a run claimed, recorded per process and merged
// into one verdict per golden folder (docs/inventory.md).
//
// Every folder `goldens/<test source stem>/` is owned by one test source file. When every test
// registered from that file ran and passed (in one process or spread over many: ctest runs each
// test in its own filtered process, sharding splits them), a `.dump` file in the folder that no
// assertion claimed is an orphan, and a declared scenario or checkpoint that was not claimed is
// missing. When some of the file's tests did not run, failed or were skipped, the folder is "not
// checked": a partial run never yields a false orphan.
//
// Each test process writes one InventoryRecord into a directory (VTSNAP_INVENTORY_DIR);
// `vtsnap inventory DIR` reads them all and prints RenderVerdict(Verdict(records)).
//
// Example:
//   vtsnap::InventoryRecord record{.process = "pid 4242", .files = {{
//       .source_file = "/src/test/home_test.cc",
//       .golden_folder = "/src/test/goldens/home_test",
//       .tests = {"Home.Renders"},
//       .passed = {"Home.Renders"},
//       .claims = {"home.dump"},
//   }}};
//   absl::Status written = vtsnap::WriteRecordToDir(dir, record);
//   absl::StatusOr<std::vector<vtsnap::InventoryRecord>> all = vtsnap::ReadRecordsFromDir(dir);
//   if (!all.ok()) return all.status();  // "no test recorded anything: ..." / "FILE: line 3: ..."
//   std::vector<vtsnap::FolderVerdict> verdicts = vtsnap::Verdict(*all);
//   std::string report = vtsnap::RenderVerdict(verdicts);
//   bool ok = vtsnap::InventoryOk(verdicts);  // no orphan, missing scenario or missing checkpoint
#ifndef VTSNAP_SNAPSHOT_GOLDEN_INVENTORY_H_
#define VTSNAP_SNAPSHOT_GOLDEN_INVENTORY_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace vtsnap {

// The environment variable naming the directory each test process writes its record into.
inline constexpr char kInventoryDirEnv[] = "VTSNAP_INVENTORY_DIR";

// The environment variable vtsnap_discover_tests sets instead: a directory holding one record
// directory per ctest run, RunRecordDir(it, <the ctest process id>), so two ctest runs at once in
// one build folder keep their records apart (docs/inventory.md, "Concurrent runs").
inline constexpr char kInventoryRunsDirEnv[] = "VTSNAP_INVENTORY_RUNS_DIR";

// `<runs_dir>/run-<run>`: the record directory of the ctest run whose process id is `run`.
std::string RunRecordDir(const std::string& runs_dir, long run);

// The directory this process writes its record into: $VTSNAP_INVENTORY_DIR when set and not
// empty; else, when $VTSNAP_INVENTORY_RUNS_DIR is, RunRecordDir(it, getppid()) (ctest starts each
// test process itself, so the parent process is the ctest run); else "" (no record is written).
std::string InventoryDirOfProcess();

// What `<target>.vtsnap_inventory_reset` does for the ctest run `run`: removes
// RunRecordDir(runs_dir, run), and every other `run-<pid>` directory of `runs_dir` whose process
// no longer exists (stale runs); the directories of live runs and any other file are left alone.
// A missing `runs_dir` is fine. Fails with an error naming a directory that cannot be removed.
[[nodiscard]] absl::Status ResetRunRecords(const std::string& runs_dir, long run);

// Record files are named `<pid>-<random>.vtsnap-inventory`; other files in the directory, and
// hidden ones (temporary files being written), are ignored by ReadRecordsFromDir.
inline constexpr absl::string_view kRecordExtension = ".vtsnap-inventory";

// The first line of every record.
inline constexpr absl::string_view kRecordHeader = "vtsnap-inventory 1";

// A scenario a test file declared at registration time, with its closed list of checkpoints.
// Its goldens are `<golden folder>/<name>/<checkpoint>.dump`.
struct DeclaredScenario {
  std::string name = {};
  std::vector<std::string> checkpoints = {};

  friend bool operator==(const DeclaredScenario&, const DeclaredScenario&) = default;
};

// What one process saw of one test source file.
struct SourceFileRecord {
  // TestInfo::file() as gtest reports it (absolute under CMake, workspace-relative under Bazel).
  std::string source_file = {};
  // The file's golden folder as the process used it. Make it absolute: `vtsnap inventory`
  // resolves a relative folder against its own working directory.
  std::string golden_folder = {};
  // Every test registered from this file that is meant to run, "Suite.Name" (parameterized
  // instances included, "Inst/Suite.Name/0"). The recorder leaves out DISABLED_ tests: ctest marks
  // them "Not Run" and they never claim anything.
  std::vector<std::string> tests = {};
  // Tests that ran to completion and passed in this process.
  std::vector<std::string> passed = {};
  // Tests that ran and failed in this process. A skipped test (GTEST_SKIP) goes in neither list:
  // it did not claim its goldens, so, like a test that did not run, it leaves the folder unchecked.
  std::vector<std::string> failed = {};
  // Goldens an assertion claimed, relative to golden_folder with '/' separators: "home.dump",
  // "login/filled.dump".
  std::vector<std::string> claims = {};
  // Goldens written in update mode (UPDATE_GOLDENS), same form as claims; reported only.
  std::vector<std::string> written = {};
  // The declared inventory; empty when the file declared none.
  std::vector<DeclaredScenario> declared = {};

  friend bool operator==(const SourceFileRecord&, const SourceFileRecord&) = default;
};

// Everything one test process recorded.
struct InventoryRecord {
  // A free-form description of the process for messages ("pid 4242, filter Home.*").
  std::string process = {};
  std::vector<SourceFileRecord> files = {};

  friend bool operator==(const InventoryRecord&, const InventoryRecord&) = default;
};

// The record as text, one item per line (docs/inventory.md, "The record format"):
//   vtsnap-inventory 1
//   process pid 4242
//   file /src/test/home_test.cc
//   folder /src/test/goldens/home_test
//   test Home.Renders
//   passed Home.Renders
//   claim home.dump
//   scenario login
//   checkpoint filled
//   end
// Values are escaped (`\\`, `\n`, `\r`, `\t`, `\xHH` for other control bytes), so any string
// round-trips: ParseRecord(SerializeRecord(r)) == r.
std::string SerializeRecord(const InventoryRecord& record);

// Reads a record written by SerializeRecord. Fails with InvalidArgumentError "line N: ..."
// (1-based) at the first line that breaks the format, or when the text ends without the final `end`
// (a truncated record).
[[nodiscard]] absl::StatusOr<InventoryRecord> ParseRecord(absl::string_view text);

// Writes the record as a new file `<pid>-<random>.vtsnap-inventory` in `dir` (created with its
// parents if missing), atomically: the text goes to a hidden temporary file which is then renamed,
// so a concurrent reader never sees half a record. Fails with an error naming the path.
[[nodiscard]] absl::Status WriteRecordToDir(const std::string& dir, const InventoryRecord& record);

// The largest inventory record ReadRecordsFromDir reads: 256 MiB. A record lists one test
// binary's golden folders and checkpoints, a short line each, so even a binary with a million
// checkpoints writes some tens of MiB; a larger file is not a record (nor is a FIFO or a device).
inline constexpr size_t kMaxInventoryRecordBytes = size_t{256} << 20;

// Every `*.vtsnap-inventory` record in `dir`, in file name order. A missing directory or one
// without records is an error saying no test recorded anything (a misconfigured run must not pass
// vacuously); a record that does not parse is an error "PATH: line N: ..."; one that cannot be
// read, or is over kMaxInventoryRecordBytes, an error `reading "PATH": ...` (base/file_reader.h).
[[nodiscard]] absl::StatusOr<std::vector<InventoryRecord>> ReadRecordsFromDir(
    const std::string& dir);

// The verdict on one golden folder.
struct FolderVerdict {
  std::string source_file = {};
  std::string golden_folder = {};
  // Every registered test of the file passed in some record and failed in none.
  bool checked = false;
  // The registered tests that did not pass anywhere or failed somewhere, sorted: why the folder
  // is not checked.
  std::vector<std::string> not_passed = {};
  // Number of tests registered from the file (merged over all records).
  int total_tests = 0;
  // The `.dump` files found in the folder (checked folders only), relative, sorted.
  std::vector<std::string> goldens = {};
  // Goldens written in update mode by any process, relative, sorted.
  std::vector<std::string> written = {};
  // Checked folders only, all relative to golden_folder and sorted:
  std::vector<std::string> orphans = {};              // "old.dump", "login/stale.dump"
  std::vector<std::string> missing_scenarios = {};    // "login"
  std::vector<std::string> missing_checkpoints = {};  // "login/filled"
  // Set when the folder could not be listed; the folder then fails.
  std::string listing_error = {};

  // No orphan, missing scenario, missing checkpoint or listing error. A folder that is not checked
  // is ok.
  bool ok() const;
};

// Merges the records by (source file, golden folder): the union of tests, passed, failed, claims,
// written and declared scenarios (checkpoints of a scenario declared by several records are
// united). Then, for each folder whose tests all passed, lists its `.dump` files recursively
// (ignoring `*.actual` files and hidden temporaries `.*.tmp.*`) and reports:
//   - orphans: files no assertion claimed (declared or not);
//   - missing scenarios: declared scenarios with no claimed golden under `<scenario>/`;
//   - missing checkpoints: declared checkpoints `<scenario>/<checkpoint>` not claimed, for
//     scenarios that were claimed.
// A file with no registered tests is not checked. Verdicts are sorted by folder, then source file.
std::vector<FolderVerdict> Verdict(const std::vector<InventoryRecord>& records);

// True when every verdict is ok().
bool InventoryOk(const std::vector<FolderVerdict>& verdicts);

// The human-readable report: per folder a heading line (the folder, from its last `goldens`
// component on when it has one, and the source file), then indented lines:
//   checked: 7 goldens, ok
//   checked: 3 goldens                      (followed by the problems:)
//   orphan: goldens/foo_test/old.dump (no assertion claimed it; delete it with: rm '/abs/old.dump')
//   missing scenario: logout (declared, but no test claimed any of its checkpoints)
//   missing checkpoint: login/filled (declared, but no assertion claimed
//       goldens/foo_test/login/filled.dump)
//   cannot list the folder: /abs/goldens/foo_test: not a directory
//   not checked: 2 of 7 tests did not run or failed (Suite.A, Suite.B)
// The list of tests is capped at 5 names ("... and 3 more"). The report ends with one summary
// line starting "inventory ok: " or "inventory FAILED: ".
std::string RenderVerdict(const std::vector<FolderVerdict>& verdicts);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_GOLDEN_INVENTORY_H_
