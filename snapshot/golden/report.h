// The HTML failure report: every failing golden check of a run adds an entry to one page, with the
// expected and actual screens drawn side by side, the changed cells highlighted, each cell's style
// on hover, and a toggle to flip between the two screens. CheckGolden
// (snapshot/golden/golden_check.h) adds the entries and names the page in its failure message;
// docs/goldens.md shows one.
//
// The page is `vtsnap-report.html` in the report folder: $VTSNAP_REPORT_DIR, else
// $TEST_UNDECLARED_OUTPUTS_DIR/vtsnap (Bazel keeps it with the test's outputs), else the folder of
// the failure's `.actual` file. Each entry is a file of its own beside the page
// (`vtsnap-report.entries/<hash of the golden path>.entry`), so test processes running in parallel
// each add theirs; the page is rebuilt from the entries under a lock on the report folder, in
// golden-path order (a capture golden's frames, `walk.capture/00-home/80x24`, in the standard size
// order of pito_capture.h SizeOrder), and an
// entry whose `.actual` file is gone (accepted, rejected, or passing again) is dropped then.
//
// Example (kept compiling in test/snapshot/report_test.cc):
//   vtsnap::ReportEntry entry = {.test = "Menu.Opens",
//                                .golden_path = "goldens/menu_test/open.dump",
//                                .actual_path = "goldens/menu_test/open.dump.actual",
//                                .message = "row 1: text differs\n",
//                                .screens_html = vtsnap::ReportScreens(&expected, actual)};
//   absl::StatusOr<std::string> page = vtsnap::AddReportEntry(entry);
//   if (page.ok()) std::cerr << "report: " << *page << "\n";  // .../vtsnap-report.html
#ifndef VTSNAP_SNAPSHOT_GOLDEN_REPORT_H_
#define VTSNAP_SNAPSHOT_GOLDEN_REPORT_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {

// One failing check.
struct ReportEntry {
  std::string test = {};          // who asserted: "Suite.Test", "vtsnap run"
  std::string golden_path = {};   // the golden (which may not exist yet)
  std::string actual_path = {};   // the .actual file the failure wrote
  std::string message = {};       // the failure message, as text
  std::string screens_html = {};  // ReportScreens, or "" when the golden kind has no screen
  bool new_golden = false;        // there is no golden yet (else: the golden differs)
};

// The two screens of an entry: `expected` (nullptr when there is no readable golden) and `actual`
// side by side, each changed cell (snapshot/screen/diff.h Compare: text, or a style a person can
// see) marked with the highlight in both. Screens of different sizes are shown without marks (the
// message says the sizes).
std::string ReportScreens(const Frame* expected, const Frame& actual);
// The same with the changed cells given (one flag a cell of `actual`, row-major; marked in both
// screens when they are of one size), for a golden kind that decides itself what changed (a
// capture golden's frame: every cell whose symbol or style differs, pito_capture.h Compare).
std::string ReportScreens(const Frame* expected, const Frame& actual,
                          const std::vector<bool>& changed);

// The folder of the report for a failure whose `.actual` is at `actual_path` (see above).
std::string ReportFolderFor(absl::string_view actual_path);

// Adds (or replaces) the entry of `entry.golden_path` and rebuilds the page; returns its path.
[[nodiscard]] absl::StatusOr<std::string> AddReportEntry(const ReportEntry& entry);

// Drops the entry of `golden_path` from the report of `actual_path`'s folder, if it has one, and
// rebuilds the page (a passing check whose stale .actual was removed).
absl::Status RemoveReportEntry(absl::string_view golden_path, absl::string_view actual_path);

// Rebuilds the report of `actual_path`'s folder, if there is one, dropping the entries whose
// .actual is gone (`vtsnap review` calls it after accepting or rejecting).
absl::Status RefreshReport(absl::string_view actual_path);

// The highlight colour of changed cells, for the browser check.
inline constexpr char kReportHighlight[] = "#ff00aa";

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_GOLDEN_REPORT_H_
