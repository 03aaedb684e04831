// The golden core: the one workflow every golden assertion runs, without GoogleTest.
//
// EqualsGolden (screens, `.dump`), the scene goldens of paired raster scripts (`.scene`),
// EqualsRgbaGolden (`.rgba`) and `vtsnap run --expect` all call CheckGolden, so they cannot drift:
// it reads the golden, compares it with the actual value by meaning, writes what UPDATE_GOLDENS
// allows (atomically; never in CI unless forced), writes the `.actual` file of a failure where a
// reviewer finds it, records the claim the closed inventory checks, and explains the outcome. It
// also refuses a golden claimed twice in one process with different actual values: both
// claimants are named and nothing is written for that golden (an update the first claim made is
// undone), in every mode (docs/goldens.md). What differs between the kinds of golden (how a file
// is read, written, compared, explained and drawn) is a GoldenFormat (golden_format.h); a check of
// a format's value is CheckGolden(format, value, input) there, which builds `compare` and
// `report_screens` below from the format.
//
//   const vtsnap::GoldenLocation where =
//       vtsnap::LocateGolden("/src/test/menu_test.cc", "", "home", ".dump");
//   absl::StatusOr<std::string> dump = vtsnap::SerializeScreen(vt);
//   vtsnap::GoldenResult result = vtsnap::CheckGolden({
//       .where = where,
//       .actual = dump,
//       .compare = vtsnap::CompareDumpByMeaning([&] { return *vtsnap::CaptureFrame(vt); }),
//       .claimant = "Menu.Home",
//       .accept_command = "./menu_test --gtest_filter=Menu.Home"});
//   if (!result.passed) std::cerr << result.message;  // "the golden ... does not exist\n..."
#ifndef VTSNAP_SNAPSHOT_GOLDEN_GOLDEN_CHECK_H_
#define VTSNAP_SNAPSHOT_GOLDEN_GOLDEN_CHECK_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {

// Where one golden is read and written.
struct GoldenLocation {
  std::string read_path;   // the golden as the check reads it
  std::string write_path;  // where an update writes it (differs under `bazel run`)
  std::string folder;      // the golden folder (read side) the inventory checks
  std::string relative;    // the golden's path inside `folder`, e.g. "menu/open.dump"
  // Where the actual value of a failure goes (ActualPathFor): `actual_beside` when its folder can
  // be written, else `actual_relative` under $TEST_UNDECLARED_OUTPUTS_DIR/vtsnap or this user's
  // private folder in the temporary directory (PrivateActualFolder: vtsnap-actual-<uid>/).
  // LocateGolden: "<write_path>.actual" and
  // "<folder name>/<relative>.actual". A frame of a capture golden (pito_capture_golden.h) goes
  // into a parallel capture folder instead ("walk.capture.actual/00-home/80x24"). A location
  // whose `actual_beside` is empty (built by hand before it existed) means the old rule:
  // "<write_path>.actual", and `actual_relative` + ".actual".
  std::string actual_beside;
  std::string actual_relative;
  // How a relative test source was resolved (ResolveTestSource), for a failure's message:
  // "test/menu_test.cc was resolved against VTSNAP_SOURCE_ROOT=/src". Empty for an absolute one.
  std::string resolution;
  // Why no golden can be located (a relative test source found nowhere): CheckGolden fails with
  // it, reading and writing nothing. Empty when located.
  std::string problem;
};

// A test source path as gtest reports it (`__FILE__`, as the compiler was given it), resolved:
// an absolute path stays; a relative one (a build that compiled a relative path: a Makefile,
// pkg-config by hand) is resolved against $VTSNAP_SOURCE_ROOT when that is set, else against the
// current directory when the file is there; else `problem` says what was looked for where. Under
// Bazel (TEST_SRCDIR, RUNFILES_DIR or BUILD_WORKSPACE_DIRECTORY set) a relative path is
// workspace-relative by design and stays as it is.
struct ResolvedTestSource {
  std::string path;        // the path to use
  std::string resolution;  // see GoldenLocation::resolution
  std::string problem;     // see GoldenLocation::problem
};
ResolvedTestSource ResolveTestSource(absl::string_view test_file);

// The golden `<name><extension>` of the test source `test_file`: in `<root>/goldens/<stem>/`,
// where root is `root_override`, else $VTSNAP_GOLDEN_ROOT, else the directory of `test_file`
// resolved by ResolveTestSource (GoldenFolderFor). The name is validated by CheckGolden.
GoldenLocation LocateGolden(absl::string_view test_file, absl::string_view root_override,
                            absl::string_view name, absl::string_view extension);
// A golden named by its path (`vtsnap run --expect PATH`).
GoldenLocation LocateGoldenPath(absl::string_view path);

// What an assertion ended as.
enum class GoldenOutcome {
  kOk,        // the golden means the actual value
  kMissing,   // no golden
  kMismatch,  // the golden means something else
  kWritten,   // missing or different, and written (UPDATE_GOLDENS)
  kInvalid,   // the golden, or the name, cannot be read
  kConflict,  // claimed twice in this process with different actual values
};
absl::string_view GoldenOutcomeName(GoldenOutcome outcome);  // "ok", "missing", ...

struct GoldenInput {
  GoldenLocation where = {};
  // The name as the assertion gave it, validated (ValidateGoldenName); empty for a path.
  std::string name = {};
  std::string format = "ckvision-golden 1 dump";  // "the golden is not a valid <format>"
  std::string what = "screen";                    // "the <what> differs from the golden"
  // "actual <kind> written to PATH"; empty: by the extension ("plane" for .rgba, "projection"
  // for .semantic, else "dump"). CheckGolden(format, ...) sets it from the format.
  std::string kind = {};
  // The actual value's canonical bytes, or why it has none.
  absl::StatusOr<std::string> actual = std::string();
  // The difference between the golden's bytes and the actual value, asked only when the bytes
  // differ: "" when they still mean the same, else a report; an error when the golden cannot be
  // read as `format`.
  std::function<absl::StatusOr<std::string>(const std::string& golden)> compare = {};
  // The screens of this failure's entry in the HTML report (snapshot/golden/report.h
  // ReportScreens), given the golden's bytes (nullptr when there is no golden); unset: the entry
  // shows the message only. Every failure that writes its .actual adds an entry and names the page
  // in its message.
  std::function<std::string(const std::string* golden)> report_screens = {};
  // Negated assertions neither write nor claim an actual value.
  bool read_only = false;
  // Who asserts ("Suite.Test", "vtsnap run"), for a duplicate claim's message.
  std::string claimant = {};
  // The test source whose inventory records the claim; "" records none.
  std::string source_file = {};
  // The command that repeats this check, printed after "UPDATE_GOLDENS=1 " (or "=force " in CI).
  std::string accept_command = {};
  // The update mode; unset: UpdateModeOfProcess(). `vtsnap run` reads the environment itself at
  // each run, so a process that runs it several times (its tests) sees each run's variables.
  std::optional<UpdateMode> update_mode = std::nullopt;
  // "One golden, one screen" (docs/goldens.md): a second claim of the golden in this process
  // with a different value fails. `vtsnap run` turns it off: each run is a check of its own (it
  // refuses one golden named by two of its checkpoints before it starts).
  bool one_value_per_process = true;
};

struct GoldenResult {
  GoldenOutcome outcome = GoldenOutcome::kOk;
  bool passed = false;
  // The path a report or property names (the written one after an update); empty when the check
  // stopped before naming a file (an invalid name or UPDATE_GOLDENS value).
  std::string path = {};
  // Why it failed, line by line, each ending in '\n' (empty when it passed).
  std::string message = {};
  // What a passing check did that the user should see: "vtsnap: wrote PATH (new)\n" after an
  // update; printed by the caller (stderr for the matchers).
  std::string note = {};
};

// Where CheckGolden writes the actual value of a failure at `where` (see GoldenLocation), or why
// nowhere may be written (the private folder is not a directory of this user's, mode 0700).
[[nodiscard]] absl::StatusOr<std::string> ActualPathFor(const GoldenLocation& where);

// Runs the check with this process's update mode (UpdateModeOfProcess). Thread-safe.
GoldenResult CheckGolden(const GoldenInput& input);

// The comparison of a ckvision-golden 1 dump whose bytes differ from the actual dump's: the golden
// is parsed and compared with `actual()` as a person sees it (Compare in diff.h: styles nobody can
// see on blank cells do not count), a difference rendered by RenderDiff. (Equal bytes pass in
// CheckGolden without a comparison.)
// With `color`, a difference also shows the changed rows in their real styles (RenderChangedRows),
// for a failure read on a colour terminal.
std::function<absl::StatusOr<std::string>(const std::string&)> CompareDumpByMeaning(
    std::function<Frame()> actual, bool color = false);

// The report screens of a ckvision-golden 1 dump check: the golden parsed (when it can be) and
// `actual()` side by side, changed cells highlighted.
std::function<std::string(const std::string*)> DumpReportScreens(std::function<Frame()> actual);

// UPDATE_GOLDENS (and CI) of this process, read once; an error says why the run must stop. An
// update mode under `bazel test` (TEST_TARGET set, no BUILD_WORKSPACE_DIRECTORY) is one: the
// goldens there are runfiles, and `bazel run` is how they are updated in the workspace.
const absl::StatusOr<UpdateMode>& UpdateModeOfProcess();

// The target being tested under `bazel test` (TEST_TARGET set, no BUILD_WORKSPACE_DIRECTORY,
// which `bazel run` sets), as "//pkg:t"; nullptr elsewhere.
const char* BazelTestTarget();

// Under `bazel test` (TEST_TARGET and TEST_UNDECLARED_OUTPUTS_DIR set): where Bazel keeps this
// test's undeclared outputs once it is over, as one line to follow an .actual's sandbox path:
// "(after the test: bazel-testlogs/pkg/t[/shard_2_of_3]/test.outputs/, in outputs.zip; ...)\n".
// Empty elsewhere.
std::string BazelOutputsNote();

// The claims this process made, for the inventory (matchers/golden_env.cc reads them at exit).
struct GoldenClaims {
  std::string source_file;
  std::string folder;
  std::vector<std::string> claimed;  // relative paths, sorted
  std::vector<std::string> written;
  std::vector<std::string> write_failed;  // an update was due, but writing the golden failed
  // A check failed for another reason (the golden unreadable: a FIFO, a folder, over the size
  // limit; a conflict; a mismatch UPDATE_GOLDENS=new does not write), sorted.
  std::vector<std::string> failed;
};
std::vector<GoldenClaims> ClaimsOfProcess();

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_GOLDEN_GOLDEN_CHECK_H_
