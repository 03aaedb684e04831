// Internals of `vtsnap review` (tools/review*.cc), shared by its files: finding the pending
// entries (review_find.cc), accepting and rejecting them (review_accept.cc), the bulk modes and
// the command (review.cc), and the interactive review (review_tui.cc).
#ifndef VTSNAP_TOOLS_REVIEW_INTERNAL_H_
#define VTSNAP_TOOLS_REVIEW_INTERNAL_H_

#include <filesystem>
#include <ostream>
#include <set>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/formats/pito_capture.h"
#include "vtsnap/snapshot/golden/inline_source.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/tools/exit_codes.h"

namespace vtsnap::tools::review_internal {

inline constexpr absl::string_view kActualSuffix = ".actual";
inline constexpr absl::string_view kCaptureActualSuffix = ".capture.actual";

// One pending `.actual` file and the golden it would replace, or one pending actual capture
// folder (`<name>.capture.actual/`) and the capture golden folder (`<name>.capture/`).
struct Entry {
  std::string actual = {};   // the .actual file, or the .capture.actual folder
  std::string golden = {};   // the golden path; empty when unknown
  std::string unknown = {};  // why the golden is unknown (golden empty)
  bool golden_exists = false;
  bool capture = false;   // a capture golden: `actual` and `golden` are folders
  bool testlogs = false;  // the .actual is in a workspace's bazel-testlogs (often read-only)
  // A pending inline screen (snapshot/golden/inline_source.h): `actual` is the sidecar beside the
  // test's source, `golden` is "<source>:<line>" and `inline_edit` the rewrite (review_inline.cc).
  bool inline_screen = false;
  PendingInlineEdit inline_edit = {};
  // Other .actual files for the same golden with the same bytes (a test and its twin in another
  // build wrote the same screen): not entries of their own, removed with this one.
  std::vector<Entry> twins = {};
};

// The path an entry is shown by: its golden, else its .actual; a folder ends in '/'.
std::string Shown(const Entry& entry);
// `text` (a path, or a line naming paths) as review prints it, so that no name drives the
// terminal or reorders the line: controls as control pictures and malformed bytes as U+FFFD
// (ShownText, as file contents are shown), C1 controls and the bidirectional formatting
// characters (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) as "<U+202E>".
std::string ShownName(absl::string_view text);
// The golden format of `path` by its suffix: ".dump", ".scene", ".rgba", ".semantic" or "".
absl::string_view FormatOf(absl::string_view path);
bool IsDumpFormat(absl::string_view ext);
// `path` normalized, with '/' separators.
std::string Generic(const std::filesystem::path& path);

struct Pending {
  std::vector<Entry> entries;
  std::vector<std::string> notes;  // lines for stderr: zipped test outputs review cannot read
};

// Every pending entry under `dirs` (and $TEST_UNDECLARED_OUTPUTS_DIR/vtsnap, and the
// test.outputs/vtsnap folders of a DIR's bazel-testlogs) whose shown path contains `filter`,
// sorted.
Pending FindPending(const std::vector<std::string>& dirs, absl::string_view filter);

// A `test.outputs/vtsnap` folder in the bazel-testlogs of the reviewed folder (a workspace root).
struct TestlogsOutputs {
  std::string reviewed;                 // the reviewed folder, as given
  std::string vtsnap;                   // .../bazel-testlogs/.../test.outputs/vtsnap
  std::vector<std::string> components;  // between bazel-testlogs and [shard_K_of_N/]test.outputs
  std::string extracted_from = {};      // the outputs.zip `vtsnap` was extracted from, if any
};

struct TestlogsScan {
  std::vector<TestlogsOutputs> outputs;
  std::vector<std::string> notes;  // one per outputs.zip review could not read
  std::set<std::string> seen;      // the test.outputs folders scanned (canonical)
};

// `reviewed`/bazel-testlogs when that entry exists (a symlink, dangling or not, or a folder),
// else empty.
std::filesystem::path TestlogsOf(const std::string& reviewed);
// Adds the test.outputs folders under `reviewed`/bazel-testlogs to `scan` (review_bazel.cc).
void ScanTestlogs(const std::string& reviewed, TestlogsScan* scan);
// Among the goldens `matches` (several) of an .actual in `from`, the ones under the reviewed
// folder joined with the longest prefix of `from.components` that holds any (docs/cli.md).
std::vector<std::string> PreferPackage(const std::vector<std::string>& matches,
                                       const TestlogsOutputs& from);

// The bytes of `path`, or an error naming it.
absl::StatusOr<std::string> ReadAll(const std::string& path);
// The canonical bytes of the .actual `path` in its golden format `ext`, or an error naming the
// path and, where the format's reader says it, the line and column.
absl::StatusOr<std::string> CanonicalActual(const std::string& path, absl::string_view ext);

std::string Plural(size_t n, absl::string_view one, absl::string_view many);

// What a capture golden's folder holds: its frame files (a regular file named by a size in a
// scenario folder) and everything else, the strays, which review never writes or removes.
struct CaptureGoldenFiles {
  std::vector<std::pair<std::string, std::string>> frames;  // scenario, file name; sorted
  std::vector<std::string> strays;                          // relative paths; sorted
};

// The files of the capture golden `folder`; none when it does not exist (a new golden).
absl::StatusOr<CaptureGoldenFiles> ListCaptureGolden(const std::string& folder);
absl::StatusOr<pito::Capture> ReadActualCapture(const Entry& entry);
absl::StatusOr<pito::Capture> ReadGoldenOf(const Entry& entry, std::vector<std::string>* strays);
std::string CaptureListLine(const Entry& entry);

// Removes the .actual (or .capture.actual folder) of `entry` and refreshes the failure report.
absl::Status RemoveActual(const Entry& entry);

// What accepting an entry writes, read before anything is written: a file entry's canonical
// bytes, or a capture entry's actual capture.
struct Acceptance {
  std::string canonical = {};
  pito::Capture capture = {};
};

absl::StatusOr<Acceptance> Prepare(const Entry& entry);
// Writes the golden of `entry` from `what`; returns what to print after "accepted GOLDEN".
absl::StatusOr<std::string> Accept(const Entry& entry, const Acceptance& what);

// What differs, in one line.
std::string Summary(const Entry& entry);

struct Counts {
  int accepted = 0;
  int rejected = 0;
  int skipped = 0;
};

std::string SummaryLine(const Counts& counts);

// The pending inline screens of the sidecar files `sidecars`, as entries (review_inline.cc); an
// unreadable sidecar is a note.
void AddInlineEntries(const std::vector<std::string>& sidecars, absl::string_view filter,
                      Pending* pending);
// What an inline entry's literal says now (`expected`) and would say (`actual`), as frames; an
// error naming the source file and line when either cannot be read.
struct InlineFrames {
  Frame expected;
  Frame actual;
  bool expected_empty = false;  // the literal is empty: a new inline screen
};
absl::StatusOr<InlineFrames> ReadInlineFrames(const Entry& entry);
// Rewrites the literal of an inline entry and forgets its pending change.
absl::StatusOr<std::string> AcceptInline(const Entry& entry);

// The interactive review of `pending` on the terminal.
int Interactive(const Pending& pending, std::ostream& out, std::ostream& err);

}  // namespace vtsnap::tools::review_internal

#endif  // VTSNAP_TOOLS_REVIEW_INTERNAL_H_
