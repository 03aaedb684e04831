// `vtsnap review [DIR...]`: the pending `.actual` files of failing golden assertions, listed,
// accepted or rejected in bulk, or reviewed one by one in a small terminal UI (docs/cli.md).
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/fnv1a.h"
#include "vtsnap/base/size.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/pito_capture.h"
#include "vtsnap/snapshot/formats/pito_frame.h"
#include "vtsnap/snapshot/formats/rgba_file.h"
#include "vtsnap/snapshot/formats/semantic.h"
#include "vtsnap/snapshot/golden/report.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/snapshot/render/png.h"
#include "vtsnap/snapshot/render/render.h"
#include "vtsnap/snapshot/screen/diff.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/rgba.h"
#include "vtsnap/tools/cli.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/exit_codes.h"
#include "vtsnap/tools/review_internal.h"

namespace vtsnap::tools {
namespace review_internal {

namespace fs = std::filesystem;

// What a frame diff says, in one line: "2 text rows, 1 style range", "size 80x24 -> 100x30".
std::string SummaryOf(const FrameDiff& diff) {
  if (diff.empty()) return "same meaning (spelling only)";
  if (diff.size_differs()) {
    return absl::StrCat("size ", diff.expected_cols, "x", diff.expected_rows, " -> ",
                        diff.actual_cols, "x", diff.actual_rows);
  }
  std::vector<std::string> parts;
  auto count = [&](size_t n, absl::string_view one, absl::string_view many) {
    if (n > 0) parts.push_back(absl::StrCat(n, " ", n == 1 ? one : many));
  };
  count(diff.text.size(), "text row", "text rows");
  count(diff.styles.size(), "style range", "style ranges");
  if (diff.cursor_differs) parts.emplace_back("cursor");
  count(diff.links.size(), "link change", "link changes");
  count(diff.rasters.size(), "raster change", "raster changes");
  if (diff.raster_order_differs) parts.emplace_back("raster order");
  return absl::StrJoin(parts, ", ");
}

std::string Summary(const Entry& entry) {
  if (!entry.golden_exists) return "";
  if (entry.inline_screen) {
    absl::StatusOr<InlineFrames> frames = ReadInlineFrames(entry);
    if (!frames.ok()) return std::string(frames.status().message());
    return SummaryOf(Compare(frames->expected, frames->actual));
  }
  const absl::string_view ext = FormatOf(entry.golden);
  absl::StatusOr<std::string> golden_bytes = ReadAll(entry.golden);
  absl::StatusOr<std::string> actual_bytes = ReadAll(entry.actual);
  if (!golden_bytes.ok()) return std::string(golden_bytes.status().message());
  if (!actual_bytes.ok()) return std::string(actual_bytes.status().message());
  if (IsDumpFormat(ext)) {
    absl::StatusOr<Frame> expected = golden::Parse(*golden_bytes);
    if (!expected.ok()) {
      return absl::StrCat("the golden is invalid: ", entry.golden, ":",
                          expected.status().message());
    }
    absl::StatusOr<Frame> actual = golden::Parse(*actual_bytes);
    if (!actual.ok()) {
      return absl::StrCat("invalid: ", entry.actual, ":", actual.status().message());
    }
    return SummaryOf(Compare(*expected, *actual));
  }
  if (ext == ".rgba") {
    absl::StatusOr<RgbaPlane> expected = ParseRgba(*golden_bytes);
    absl::StatusOr<RgbaPlane> actual = ParseRgba(*actual_bytes);
    if (!expected.ok()) return absl::StrCat("the golden is invalid: ", expected.status().message());
    if (!actual.ok()) return absl::StrCat("invalid: ", actual.status().message());
    std::string report = RenderPlaneDiff(ComparePlanes(*expected, *actual));
    const size_t newline = report.find('\n');
    return report.substr(0, newline);
  }
  if (ext == ".semantic") {
    absl::StatusOr<SemanticSnapshot> expected = ParseSemantic(*golden_bytes, entry.golden);
    absl::StatusOr<SemanticSnapshot> actual = ParseSemantic(*actual_bytes, entry.actual);
    if (!expected.ok()) return absl::StrCat("the golden is invalid: ", expected.status().message());
    if (!actual.ok()) return absl::StrCat("invalid: ", actual.status().message());
    if (*expected == *actual) return "same meaning (spelling only)";
    const std::string report = DiffSemantic(*expected, *actual);
    return report.substr(0, report.find('\n'));
  }
  return *golden_bytes == *actual_bytes ? "same bytes" : "bytes differ";
}

// The lines `--list` shows under a changed semantic golden: its semantic diff after the first
// line (which the entry's own line says), the first kListedSemanticLines, then how many more.
std::vector<std::string> SemanticListLines(const Entry& entry) {
  constexpr size_t kListedSemanticLines = 10;
  if (!entry.golden_exists || entry.capture || FormatOf(entry.golden) != ".semantic") return {};
  absl::StatusOr<std::string> golden_bytes = ReadAll(entry.golden);
  absl::StatusOr<std::string> actual_bytes = ReadAll(entry.actual);
  if (!golden_bytes.ok() || !actual_bytes.ok()) return {};
  absl::StatusOr<SemanticSnapshot> expected = ParseSemantic(*golden_bytes, entry.golden);
  absl::StatusOr<SemanticSnapshot> actual = ParseSemantic(*actual_bytes, entry.actual);
  if (!expected.ok() || !actual.ok()) return {};
  std::vector<std::string> lines =
      absl::StrSplit(DiffSemantic(*expected, *actual), '\n', absl::SkipEmpty());
  if (!lines.empty()) lines.erase(lines.begin());
  if (lines.size() > kListedSemanticLines) {
    const size_t more = lines.size() - kListedSemanticLines;
    lines.resize(kListedSemanticLines);
    lines.push_back(absl::StrCat("... and ", more, " more lines"));
  }
  return lines;
}

std::string ListLine(const Entry& entry) {
  if (entry.golden.empty()) {
    return absl::StrCat(Shown(entry), ": golden unknown (", entry.unknown, ")");
  }
  if (entry.capture) return CaptureListLine(entry);
  if (entry.inline_screen) {
    if (!entry.golden_exists) return absl::StrCat(entry.golden, ": inline screen new");
    const std::string summary = Summary(entry);
    return absl::StrCat(entry.golden, ": inline screen changed", summary.empty() ? "" : ": ",
                        summary);
  }
  if (!entry.golden_exists) {
    absl::StatusOr<std::string> canonical = CanonicalActual(entry.actual, FormatOf(entry.golden));
    return absl::StrCat(
        entry.golden, ": new",
        canonical.ok() ? "" : absl::StrCat(": invalid: ", canonical.status().message()));
  }
  const std::string summary = Summary(entry);
  std::string line = absl::StrCat(entry.golden, ": changed", summary.empty() ? "" : ": ", summary);
  for (const std::string& under : SemanticListLines(entry)) absl::StrAppend(&line, "\n  ", under);
  return line;
}

std::string SummaryLine(const Counts& counts) {
  return absl::StrCat("review: ", counts.accepted, " accepted, ", counts.rejected, " rejected, ",
                      counts.skipped, " skipped\n");
}

int AcceptAll(const Pending& pending, std::ostream& out, std::ostream& err) {
  // Every .actual is read first: one that is invalid refuses the whole run, changing nothing.
  std::vector<std::pair<const Entry*, Acceptance>> accept;
  Counts counts;
  bool invalid = false;
  for (const Entry& entry : pending.entries) {
    if (entry.golden.empty()) {
      err << "vtsnap review: " << ShownName(ListLine(entry)) << "; not accepted\n";
      ++counts.skipped;
      continue;
    }
    absl::StatusOr<Acceptance> what = Prepare(entry);
    if (!what.ok()) {
      err << "vtsnap review: " << ShownName(what.status().message()) << "\n";
      invalid = true;
      continue;
    }
    accept.emplace_back(&entry, *std::move(what));
  }
  if (invalid) {
    err << "vtsnap review: nothing was accepted (fix or reject the invalid .actual files)\n";
    return kExitInvalid;
  }
  int code = kExitOk;
  for (const auto& [entry, what] : accept) {
    absl::StatusOr<std::string> line = Accept(*entry, what);
    if (!line.ok()) {
      err << "vtsnap review: " << ShownName(line.status().message()) << "\n";
      ++counts.skipped;
      code = kExitInvalid;
      continue;
    }
    out << ShownName(*line) << "\n";
    ++counts.accepted;
  }
  out << SummaryLine(counts);
  return code;
}

int RejectAll(const Pending& pending, std::ostream& out, std::ostream& err) {
  Counts counts;
  int code = kExitOk;
  for (const Entry& entry : pending.entries) {
    if (absl::Status s = RemoveActual(entry); !s.ok()) {
      err << "vtsnap review: " << ShownName(s.message()) << "\n";
      ++counts.skipped;
      code = kExitInvalid;
      continue;
    }
    out << "rejected " << ShownName(entry.actual) << (entry.capture ? "/" : "") << "\n";
    ++counts.rejected;
  }
  out << SummaryLine(counts);
  return code;
}

}  // namespace review_internal

const cli::Usage kReviewUsage = {
    .command = "review",
    .summary = "Review the pending .actual files of failing golden assertions.",
    .synopsis =
        "usage: vtsnap review [--list | --accept-all | --reject-all] [--filter SUBSTRING] "
        "[DIR...]\n",
    .details =
        "  finds every pending .actual file (and .capture.actual folder) under each DIR (default:\n"
        "  the current folder), under $TEST_UNDECLARED_OUTPUTS_DIR/vtsnap, and, when a DIR holds\n"
        "  bazel-testlogs (a workspace root), under its .../test.outputs/vtsnap folders (or in\n"
        "  their outputs.zip, extracted to $TMPDIR/vtsnap-actual-<uid>/), and reviews it against\n"
        "  its golden:\n"
        "    --list         print one line per entry: the golden, new or changed, what differs\n"
        "    --accept-all   write each golden canonically and atomically, remove the .actual (a\n"
        "                   capture golden gets the actual capture's frames, loses the others;\n"
        "                   an .actual that cannot be removed is left, and the line says why)\n"
        "    --reject-all   remove each .actual\n"
        "    --filter S     only the entries whose golden path contains S\n"
        "  without one of the three, an interactive review on the terminal (stdin and stdout must\n"
        "  be a terminal): a accept, r reject, s skip, n/p next/previous, v view, q quit.\n"
        "  exit 0: done; 2: bad arguments, or an .actual that is not a valid file of its format\n"};

namespace fs = std::filesystem;
using review_internal::Entry;
using review_internal::Pending;

namespace {

// Runs the review of `pending` the flags asked for (at most one of them).
int Review(const Pending& pending, bool list, bool accept_all, bool reject_all, std::ostream& out,
           std::ostream& err) {
  if (accept_all) return review_internal::AcceptAll(pending, out, err);
  if (reject_all) return review_internal::RejectAll(pending, out, err);
  if (!list) return review_internal::Interactive(pending, out, err);
  // Line by line: an entry's line may have lines under it.
  for (const Entry& entry : pending.entries) {
    for (absl::string_view line : absl::StrSplit(review_internal::ListLine(entry), '\n')) {
      out << review_internal::ShownName(line) << "\n";
    }
  }
  return kExitOk;
}

}  // namespace

int RunReview(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  bool list = false;
  bool accept_all = false;
  bool reject_all = false;
  std::string filter;
  std::vector<std::string> dirs;
  cli::CommandLine line(kReviewUsage);
  line.Switch("--list", &list)
      .Switch("--accept-all", &accept_all)
      .Switch("--reject-all", &reject_all)
      .Each("--filter",
            [&filter](const std::string& value) {
              if (value.empty()) {
                return absl::InvalidArgumentError("--filter needs a non-empty SUBSTRING");
              }
              filter = value;
              return absl::OkStatus();
            })
      .Positionals({.names = {"DIR"}, .min = 0, .max = cli::kAny}, &dirs);
  if (std::optional<int> done = line.Parse(args, out, err)) return *done;
  if (list + accept_all + reject_all > 1) {
    return line.Fail(err, "pass at most one of --list, --accept-all and --reject-all");
  }
  if (dirs.empty()) dirs.emplace_back(".");
  for (const std::string& dir : dirs) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
      return line.Error(err, absl::StrCat(review_internal::ShownName(dir), ": no such folder"));
    }
  }
  const Pending pending = review_internal::FindPending(dirs, filter);
  // Every name is shown as ShownName shows it: a folder or zip entry named with escape sequences
  // must not drive the terminal.
  for (const std::string& note : pending.notes) err << review_internal::ShownName(note) << "\n";
  return Review(pending, list, accept_all, reject_all, out, err);
}

}  // namespace vtsnap::tools
