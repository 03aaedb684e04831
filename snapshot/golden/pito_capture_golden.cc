#include "vtsnap/snapshot/golden/pito_capture_golden.h"

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "vtsnap/base/size.h"
#include "vtsnap/snapshot/golden/golden_check_internal.h"
#include "vtsnap/snapshot/golden/golden_formats.h"
#include "vtsnap/snapshot/golden/report.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap::pito {
namespace {

namespace fs = std::filesystem;

using golden_check_internal::AcceptAdvice;
using golden_check_internal::Failed;
using golden_check_internal::Plural;
using golden_check_internal::StartCheck;
using golden_check_internal::Unnamed;

constexpr int kMaxSide = 4096;  // what ReadCapture reads back (ParseSize)

bool IsTemporary(const std::string& name) {
  return absl::StartsWith(name, ".") && absl::StrContains(name, ".tmp.");
}

// `name` when it is the file name of a frame ("80x24", as FormatSize writes it).
std::optional<TerminalSize> FrameFileSize(const std::string& name) {
  absl::StatusOr<TerminalSize> size = ParseSize(name);
  if (!size.ok() || FormatSize(*size) != name) return std::nullopt;
  return *size;
}

// A capture golden's folder on disk: its frame files and anything else found in it.
struct FolderContents {
  bool exists = false;
  std::map<std::string, std::vector<TerminalSize>> frames;  // scenario -> sizes
  std::vector<std::string> strays;                          // paths relative to the folder
};

absl::StatusOr<FolderContents> ReadFolderContents(const std::string& folder) {
  FolderContents out;
  std::error_code ec;
  const fs::file_status status = fs::status(folder, ec);
  if (!fs::exists(status)) return out;
  if (!fs::is_directory(status)) {
    return absl::InvalidArgumentError(
        absl::StrCat("the golden capture ", folder, " is not a folder"));
  }
  out.exists = true;
  auto unreadable = [&](const std::string& path) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot read the golden capture folder ", path, ": ", ec.message()));
  };
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string scenario = it->path().filename().string();
    if (IsTemporary(scenario)) continue;
    std::error_code type_ec;
    if (!it->is_directory(type_ec)) {
      out.strays.push_back(scenario);
      continue;
    }
    std::error_code inner_ec;
    std::vector<TerminalSize>& sizes = out.frames[scenario];
    for (fs::directory_iterator f(it->path(), inner_ec), f_end; !inner_ec && f != f_end;
         f.increment(inner_ec)) {
      const std::string name = f->path().filename().string();
      if (IsTemporary(name)) continue;
      std::optional<TerminalSize> size = FrameFileSize(name);
      std::error_code file_ec;
      if (size.has_value() && f->is_regular_file(file_ec)) {
        sizes.push_back(*size);
      } else {
        out.strays.push_back(absl::StrCat(scenario, "/", name));
      }
    }
    if (inner_ec) {
      ec = inner_ec;
      return unreadable(it->path().string());
    }
  }
  if (ec) return unreadable(folder);
  return out;
}

// The golden of one frame inside the capture golden at `where`.
GoldenLocation FrameLocation(const GoldenLocation& where, const std::string& scenario,
                             const TerminalSize& size) {
  const std::string tail = absl::StrCat("/", scenario, "/", FormatSize(size));
  GoldenLocation frame = where;
  frame.read_path += tail;
  frame.write_path += tail;
  frame.relative += tail;
  frame.actual_beside += tail;
  frame.actual_relative += tail;
  return frame;
}

// Every frame's `pito-tui frame 1` text, by scenario and size.
using FrameTexts = std::map<std::pair<std::string, std::string>, std::string>;

absl::StatusOr<FrameTexts> CheckActual(const Capture& capture) {
  FrameTexts texts;
  if (capture.scenarios.empty()) {
    return absl::InvalidArgumentError(
        "the capture is empty: record at least one scenario before comparing it with its golden");
  }
  for (const auto& [scenario, frames] : capture.scenarios) {
    if (scenario.find('/') != std::string::npos || !ValidateGoldenName(scenario).ok()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "the capture's scenario \"", absl::CHexEscape(scenario),
          "\" cannot be a folder of a golden (one segment of A-Z a-z 0-9 . _ -, not . or ..)"));
    }
    if (frames.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("the capture's scenario ", scenario, " holds no frame"));
    }
    for (const auto& [size, frame] : frames) {
      if (size.cols < 1 || size.rows < 1 || size.cols > kMaxSide || size.rows > kMaxSide) {
        return absl::InvalidArgumentError(absl::StrCat("the capture's frame ", scenario, " ",
                                                       FormatSize(size), " is outside 1x1..",
                                                       kMaxSide, "x", kMaxSide));
      }
      if (frame.width != size.cols || frame.height != size.rows) {
        return absl::InvalidArgumentError(
            absl::StrCat("the capture's frame ", scenario, " ", FormatSize(size), " is ",
                         FormatSize({.cols = frame.width, .rows = frame.height}),
                         " (a frame's size is its key)"));
      }
      absl::StatusOr<std::string> text = SerializeFrame(frame);
      if (!text.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat("the capture's frame ", scenario, " ", FormatSize(size),
                         " cannot be written: ", text.status().message()));
      }
      texts[{scenario, FormatSize(size)}] = *std::move(text);
    }
  }
  return texts;
}

// The captures claimed in this process, by golden path: who claimed each first and what it held
// (every frame's text), so a second claim with another capture is refused as a whole, even when
// no single frame conflicts (two tests recording different scenarios under one name).
struct CaptureClaim {
  std::string claimant;
  FrameTexts texts;
  // The frame files the first claim wrote (UPDATE_GOLDENS), with what they held before (nullopt:
  // no file), so a conflicting claim can undo them.
  std::vector<std::pair<std::string, std::optional<std::string>>> writes;
  // A conflict undid `writes` (every later conflict says so: gmock explains a failure by
  // evaluating the matcher again).
  bool undone = false;
};

struct CaptureClaims {
  std::mutex mu;
  std::map<std::string, CaptureClaim> by_path;
};

CaptureClaims& Claims() {
  static auto* const claims = new CaptureClaims();  // never destroyed
  return *claims;
}

struct CaptureConflict {
  std::string first;
  bool undone = false;  // the first claim's writes were undone
};

// Registers the claim. When an earlier claim held another capture, returns it, and undoes the
// frames that claim wrote (once), so a conflict leaves the golden as it was before the run.
std::optional<CaptureConflict> ClaimCapture(const std::string& path, const std::string& claimant,
                                            const FrameTexts& texts) {
  CaptureClaims& claims = Claims();
  std::lock_guard<std::mutex> lock(claims.mu);
  auto [it, inserted] = claims.by_path.try_emplace(path, CaptureClaim{claimant, texts, {}});
  if (inserted || it->second.texts == texts) return std::nullopt;
  CaptureClaim& first = it->second;
  for (const auto& [file, before] : first.writes) {
    const absl::Status undone =
        before.has_value() ? WriteFileAtomically(file, *before) : RemoveFileIfExists(file);
    first.undone = first.undone || undone.ok();
  }
  first.writes.clear();
  return CaptureConflict{.first = first.claimant, .undone = first.undone};
}

void RecordCaptureWrites(const std::string& path,
                         std::vector<std::pair<std::string, std::optional<std::string>>> writes) {
  if (writes.empty()) return;
  CaptureClaims& claims = Claims();
  std::lock_guard<std::mutex> lock(claims.mu);
  auto it = claims.by_path.find(path);
  if (it == claims.by_path.end()) return;
  for (auto& w : writes) it->second.writes.push_back(std::move(w));
}

// Where an actual capture may have been left, without deciding where the next one would go (that
// probes the folder with a file): the outputs directory when set, else beside the golden and the
// user's private folder (PrivateActualFolderPath).
std::vector<std::string> ActualCaptureCandidates(const GoldenLocation& where) {
  const char* outputs = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR");
  if (outputs != nullptr && *outputs != '\0') {
    return {absl::StrCat(outputs, "/vtsnap/", where.actual_relative)};
  }
  return {where.actual_beside, absl::StrCat(PrivateActualFolderPath(), "/", where.actual_relative)};
}

// How bad an outcome is: the capture's outcome is the worst of its frames'.
int Severity(GoldenOutcome outcome) {
  constexpr GoldenOutcome kBestFirst[] = {GoldenOutcome::kOk,      GoldenOutcome::kWritten,
                                          GoldenOutcome::kMissing, GoldenOutcome::kMismatch,
                                          GoldenOutcome::kInvalid, GoldenOutcome::kConflict};
  return static_cast<int>(absl::c_find(kBestFirst, outcome) - std::begin(kBestFirst));
}

// The parent folder of `path`, below which CheckNoLinkBelow looks for links.
std::string ParentOf(const std::string& path) { return fs::path(path).parent_path().string(); }

// Removes the files of an actual capture folder that are frames (SCENARIO/COLSxROWS) and are not
// in `keep`, then the folders left empty; nothing else is touched, and nothing through a link
// (the folder, or a scenario folder in it, that is a symbolic link is left as it is).
void PruneActualCapture(const std::string& folder, const Capture* keep) {
  std::error_code ec;
  if (!CheckNoLinkBelow(ParentOf(folder), folder).ok() || !fs::is_directory(folder, ec)) return;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    if (it->is_symlink(type_ec) || !it->is_directory(type_ec)) continue;
    const std::string scenario = it->path().filename().string();
    const ScenarioFrames* kept = nullptr;
    if (keep != nullptr) {
      auto s = keep->scenarios.find(scenario);
      if (s != keep->scenarios.end()) kept = &s->second;
    }
    std::vector<fs::path> remove;
    std::error_code inner_ec;
    for (fs::directory_iterator f(it->path(), inner_ec), f_end; !inner_ec && f != f_end;
         f.increment(inner_ec)) {
      std::optional<TerminalSize> size = FrameFileSize(f->path().filename().string());
      if (size.has_value() && (kept == nullptr || !kept->contains(*size))) {
        remove.push_back(f->path());
      }
    }
    for (const fs::path& p : remove) (void)RemoveFileIfExists(p.string());
    std::error_code rm_ec;
    fs::remove(it->path(), rm_ec);  // only when empty
  }
  std::error_code rm_ec;
  fs::remove(folder, rm_ec);  // only when empty
}

// A failure's list of files to delete: a whole scenario folder when all its files are gone.
std::vector<std::string> RemoveCommands(const std::string& folder, const FolderContents& disk,
                                        const Capture& actual) {
  std::vector<std::string> out;
  for (const auto& [scenario, sizes] : disk.frames) {
    if (sizes.empty()) continue;
    auto s = actual.scenarios.find(scenario);
    const bool any_kept = s != actual.scenarios.end();
    bool stray_inside = false;
    for (const std::string& stray : disk.strays) {
      if (absl::StartsWith(stray, absl::StrCat(scenario, "/"))) stray_inside = true;
    }
    if (!any_kept && !stray_inside) {
      out.push_back(
          absl::StrCat("rm -r ", ShellQuoteIfNeeded(absl::StrCat(folder, "/", scenario))));
      continue;
    }
    for (const TerminalSize& size : sizes) {
      if (any_kept && s->second.contains(size)) continue;
      out.push_back(absl::StrCat(
          "rm ", ShellQuoteIfNeeded(absl::StrCat(folder, "/", scenario, "/", FormatSize(size)))));
    }
  }
  for (const std::string& stray : disk.strays) {
    out.push_back(absl::StrCat("rm -r ", ShellQuoteIfNeeded(absl::StrCat(folder, "/", stray))));
  }
  return out;
}

// True for the line of a frame's CheckGolden message naming the failure report (or why it could
// not be written); the capture's message gives it once, at its end.
bool IsReportLine(absl::string_view line) {
  return absl::StartsWith(line, "report: ") || absl::StartsWith(line, "could not write the report");
}

// The lines of a frame's CheckGolden message that say what is wrong with it, without its own
// advice (where its .actual went, how to accept it), which the capture's message gives once.
std::string ProblemLines(const std::string& message) {
  std::string out;
  bool skip_command = false;
  for (absl::string_view line : absl::StrSplit(message, '\n', absl::SkipEmpty())) {
    if (skip_command && absl::StartsWith(line, "  ")) continue;
    skip_command = false;
    if (absl::StartsWith(line, "actual ") || absl::StartsWith(line, "could not write the actual") ||
        IsReportLine(line)) {
      continue;
    }
    if (absl::StartsWith(line, "to accept the actual") ||
        absl::StartsWith(line, "UPDATE_GOLDENS=new writes only")) {
      skip_command = true;
      continue;
    }
    absl::StrAppend(&out, line, "\n");
  }
  return out;
}

// One frame the golden or the actual capture holds, and how it ended.
struct FrameEntry {
  bool in_actual = false;
  GoldenResult result = {};
  std::vector<Difference> differences = {};  // the cells that differ (kMismatch)
};

// What checking every frame of the capture found.
struct FrameChecks {
  // Every frame either side holds, in the order of Differences.
  std::map<std::string, std::map<TerminalSize, FrameEntry, SizeOrder>> entries;
  GoldenOutcome worst = GoldenOutcome::kOk;
  size_t differing = 0, added = 0, invalid = 0, gone = 0, written_new = 0, written_changed = 0;
  std::vector<std::string> frame_problems;  // CheckGolden's messages that are not Differences
  std::vector<std::string> write_failures;  // frames an update could not write
  std::string report_line;                  // the frames' "report: PAGE" line, given once
  // Why a golden folder may not be written (it, or a scenario folder in it, is a symbolic link):
  // each refusal once, after the Differences.
  std::vector<std::string> link_refusals;
  // What each frame file held before this check wrote it, kept for a conflicting later claim.
  std::vector<std::pair<std::string, std::optional<std::string>>> writes;

  void Worsen(GoldenOutcome outcome) {
    if (Severity(outcome) > Severity(worst)) worst = outcome;
  }
};

// The capture's claim, when another capture claimed its golden first in this process: the
// failure.
std::optional<GoldenResult> ClaimOrConflict(const CaptureGoldenInput& in, const FrameTexts& texts) {
  if (in.read_only) return std::nullopt;
  std::optional<CaptureConflict> conflict = ClaimCapture(in.where.read_path, in.claimant, texts);
  if (!conflict.has_value()) return std::nullopt;
  return Failed(
      in.where.read_path, GoldenOutcome::kConflict,
      absl::StrCat("the golden capture ", in.where.read_path,
                   " is claimed twice in this run with different captures: first by ",
                   conflict->first, ", then by ", in.claimant, "; nothing is written for it",
                   conflict->undone
                       ? absl::StrCat(" (the update ", conflict->first, " made is undone)")
                       : "",
                   "; give each capture its own golden name\n"));
}

// How the frames of `scenario` are checked: nothing is written or deleted through a link (store.h
// CheckNoLinkBelow). With the golden's folder a link, the frames are checked without an update
// (`mode` kOff, the refusal noted once); with the folder of the actual capture a link, without
// writing their .actual (nor removing a stale one): `read_only`.
struct ScenarioWrites {
  std::optional<UpdateMode> mode;
  bool read_only = false;
  bool keep_before = false;  // an update may write: keep what each frame file held before
};

ScenarioWrites ScenarioWritesFor(const CaptureGoldenInput& in, UpdateMode mode,
                                 const std::string& scenario, FrameChecks& checks) {
  ScenarioWrites out = {.mode = in.update_mode,
                        .read_only = in.read_only,
                        .keep_before = !in.read_only && mode != UpdateMode::kOff};
  if (out.keep_before) {
    const absl::Status golden_link = CheckNoLinkBelow(
        ParentOf(in.where.write_path), absl::StrCat(in.where.write_path, "/", scenario));
    if (!golden_link.ok()) {
      out.mode = UpdateMode::kOff;
      const std::string line =
          absl::StrCat("could not write the golden: ", golden_link.message(), "\n");
      if (!absl::c_linear_search(checks.link_refusals, line)) checks.link_refusals.push_back(line);
    }
  }
  for (const std::string& folder : ActualCaptureCandidates(in.where)) {
    out.read_only = out.read_only ||
                    !CheckNoLinkBelow(ParentOf(folder), absl::StrCat(folder, "/", scenario)).ok();
  }
  return out;
}

// One frame through the golden core, as a golden of its own (CaptureFrameFormat).
void CheckFrame(const CaptureGoldenInput& in, const ScenarioWrites& writes,
                const std::string& scenario, const TerminalSize& size, const TuiFrame& frame,
                const std::string& text, FrameEntry& entry, FrameChecks& checks) {
  const CaptureFrameFormat format(scenario, size);
  std::function<TuiFrame()> actual = [&frame] { return frame; };
  GoldenInput input = WithFormat(format, actual,
                                 {.where = FrameLocation(in.where, scenario, size),
                                  .actual = text,
                                  .read_only = writes.read_only,
                                  .claimant = in.claimant,
                                  .source_file = in.source_file,
                                  .accept_command = in.accept_command,
                                  .update_mode = writes.mode});
  const auto differences = std::make_shared<Differences>();
  input.compare = CompareByFormat(format, actual, differences);
  std::optional<std::string> before;
  if (writes.keep_before) {
    absl::StatusOr<std::optional<std::string>> read = ReadFileIfExists(input.where.write_path);
    if (read.ok()) before = *std::move(read);
  }
  entry.in_actual = true;
  entry.result = CheckGolden(input);
  entry.differences = differences->entries;
  if (entry.result.outcome == GoldenOutcome::kWritten) {
    checks.writes.emplace_back(input.where.write_path, std::move(before));
  }
}

// Counts a checked frame's outcome, and keeps the lines of its message the capture's gives.
void Tally(const GoldenResult& r, const std::string& write_path, FrameChecks& checks) {
  checks.Worsen(r.outcome);
  switch (r.outcome) {
    case GoldenOutcome::kMismatch:
      ++checks.differing;
      break;
    case GoldenOutcome::kMissing:
      ++checks.added;
      break;
    case GoldenOutcome::kWritten:
      (absl::StrContains(r.note, "(new)") ? checks.written_new : checks.written_changed)++;
      break;
    case GoldenOutcome::kInvalid:
      ++checks.invalid;
      checks.frame_problems.push_back(ProblemLines(r.message));
      break;
    case GoldenOutcome::kConflict:
      checks.frame_problems.push_back(ProblemLines(r.message));
      break;
    case GoldenOutcome::kOk:
      break;
  }
  for (absl::string_view line : absl::StrSplit(r.message, '\n', absl::SkipEmpty())) {
    // Every frame names the same page; a failure to write it is worth more than a success.
    if (IsReportLine(line) && (checks.report_line.empty() || !absl::StartsWith(line, "report: "))) {
      checks.report_line = absl::StrCat(line, "\n");
    }
    // A frame that could not be written in an update still failed for that reason: its line
    // goes after the Differences.
    if ((r.outcome == GoldenOutcome::kMismatch || r.outcome == GoldenOutcome::kMissing) &&
        absl::StartsWith(line, "could not write the golden")) {
      checks.write_failures.push_back(absl::StrCat(write_path, ": ", line, "\n"));
    }
  }
}

// Every frame of the actual capture through CheckGolden, and every frame the golden holds that
// the capture does not ("gone"; a stray file makes the capture a mismatch too).
FrameChecks CheckFrames(const CaptureGoldenInput& in, UpdateMode mode, const FrameTexts& texts,
                        const FolderContents& disk) {
  FrameChecks checks;
  for (const auto& [scenario, sizes] : disk.frames) {
    for (const TerminalSize& size : sizes) checks.entries[scenario][size];
  }
  for (const auto& [scenario, frames] : in.actual->scenarios) {
    const ScenarioWrites writes = ScenarioWritesFor(in, mode, scenario, checks);
    for (const auto& [size, frame] : frames) {
      FrameEntry& entry = checks.entries[scenario][size];
      CheckFrame(in, writes, scenario, size, frame, texts.at({scenario, FormatSize(size)}), entry,
                 checks);
      Tally(entry.result, FrameLocation(in.where, scenario, size).write_path, checks);
    }
  }
  if (!in.read_only) RecordCaptureWrites(in.where.read_path, std::move(checks.writes));
  for (const auto& [scenario, sizes] : checks.entries) {
    for (const auto& [size, entry] : sizes) {
      if (!entry.in_actual) ++checks.gone;
    }
  }
  if (checks.gone > 0 || !disk.strays.empty()) checks.Worsen(GoldenOutcome::kMismatch);
  return checks;
}

// "vtsnap: wrote PATH (1 new frame, 2 frames updated)\n", or "" when nothing was written.
std::string WrittenNote(const CaptureGoldenInput& in, const FrameChecks& checks) {
  if (checks.written_new + checks.written_changed == 0) return "";
  std::vector<std::string> parts;
  if (checks.written_new > 0) {
    parts.push_back(Plural(checks.written_new, "new frame", "new frames"));
  }
  if (checks.written_changed > 0) {
    parts.push_back(Plural(checks.written_changed, "frame updated", "frames updated"));
  }
  return absl::StrCat("vtsnap: wrote ", in.where.write_path, " (", absl::StrJoin(parts, ", "),
                      ")\n");
}

// A failure's first line: the golden missing, or what differs, counted.
std::string Headline(const CaptureGoldenInput& in, const FolderContents& disk,
                     const FrameChecks& checks) {
  const Capture& actual = *in.actual;
  if (!disk.exists) {
    size_t frame_count = 0;
    for (const auto& [scenario, frames] : actual.scenarios) frame_count += frames.size();
    return absl::StrCat("the golden capture ", in.where.read_path, " does not exist (",
                        Plural(frame_count, "frame", "frames"), " in ",
                        Plural(actual.scenarios.size(), "scenario", "scenarios"), ")\n");
  }
  std::vector<std::string> parts;
  if (checks.differing > 0) {
    parts.push_back(Plural(checks.differing, "frame differs", "frames differ"));
  }
  if (checks.added > 0) parts.push_back(Plural(checks.added, "new frame", "new frames"));
  if (checks.gone > 0) parts.push_back(Plural(checks.gone, "frame gone", "frames gone"));
  if (!disk.strays.empty()) {
    parts.push_back(Plural(disk.strays.size(), "other file", "other files"));
  }
  if (!checks.frame_problems.empty()) {
    parts.push_back(Plural(checks.frame_problems.size(), "frame cannot be checked",
                           "frames cannot be checked"));
  }
  return absl::StrCat("the capture differs from the golden ", in.where.read_path, ": ",
                      absl::StrJoin(parts, ", "), "\n");
}

// The spec's Differences of a golden that exists, at most kMaxCaptureDifferenceLines of them;
// returns how many were left out.
size_t AppendDifferences(const CaptureGoldenInput& in, const FolderContents& disk,
                         const FrameChecks& checks, std::string& message) {
  if (!disk.exists) return 0;
  int lines = 0;
  size_t left_out = 0;
  auto add_line = [&](const std::string& line) {
    if (lines < kMaxCaptureDifferenceLines) {
      absl::StrAppend(&message, line, "\n");
      ++lines;
    } else {
      ++left_out;
    }
  };
  for (const auto& [scenario, sizes] : checks.entries) {
    for (const auto& [size, entry] : sizes) {
      if (!entry.in_actual) {
        add_line(DifferenceText(
            {.kind = Difference::Kind::kRemoved, .scenario = scenario, .size = size}));
      } else if (entry.result.outcome == GoldenOutcome::kMissing) {
        add_line(
            DifferenceText({.kind = Difference::Kind::kAdded, .scenario = scenario, .size = size}));
      } else if (entry.result.outcome == GoldenOutcome::kMismatch) {
        for (const Difference& d : entry.differences) add_line(DifferenceText(d));
      }
    }
  }
  for (const std::string& stray : disk.strays) {
    add_line(absl::StrCat(in.where.read_path, "/", stray,
                          ": not a frame file (a capture holds SCENARIO/COLSxROWS files only)"));
  }
  return left_out;
}

// The whole actual capture in `folder` (a capture folder of its own), and nothing else: "" when
// written, else why not. Nothing through a link: with the folder (or a scenario folder in it) a
// link, no frame.
std::string WriteActualCapture(const Capture& actual, const FrameTexts& texts,
                               const absl::StatusOr<std::string>& folder) {
  std::string write_error(folder.ok() ? "" : folder.status().message());
  // No folder (the private one is not ours): nothing is written anywhere.
  if (!folder.ok()) return write_error;
  for (const auto& [scenario, frames] : actual.scenarios) {
    const absl::Status link =
        CheckNoLinkBelow(ParentOf(*folder), absl::StrCat(*folder, "/", scenario));
    if (!link.ok()) {
      PruneActualCapture(*folder, &actual);
      return std::string(link.message());
    }
  }
  for (const auto& [scenario, frames] : actual.scenarios) {
    for (const auto& [size, frame] : frames) {
      const std::string& text = texts.at({scenario, FormatSize(size)});
      const std::string path = absl::StrCat(*folder, "/", scenario, "/", FormatSize(size));
      if (absl::Status s = WriteFileAtomically(path, text); !s.ok() && write_error.empty()) {
        write_error = std::string(s.message());
      }
    }
  }
  PruneActualCapture(*folder, &actual);
  return write_error;
}

// What a failure says after its Differences: the frames' own problems, where the actual capture
// went, what to delete, how to accept it, and the report's page.
std::string FailureAdvice(const CaptureGoldenInput& in, UpdateMode mode, const FrameTexts& texts,
                          const FolderContents& disk, const FrameChecks& checks, size_t left_out) {
  std::string message;
  const bool wrote_actual = !in.read_only && checks.worst != GoldenOutcome::kConflict;
  // Where the actual capture goes (deciding it may probe the folder with a file: only now).
  const absl::StatusOr<std::string> actual_where =
      wrote_actual ? ActualPathFor(in.where) : absl::StatusOr<std::string>(std::string());
  const std::string actual_folder = actual_where.ok() ? *actual_where : std::string();
  // `vtsnap compare` reads the golden only when it is a clean capture.
  const bool comparable = disk.exists && disk.strays.empty() && checks.invalid == 0;
  const std::string compare_command =
      absl::StrCat("vtsnap compare ", ShellQuoteIfNeeded(in.where.read_path), " ",
                   ShellQuoteIfNeeded(actual_folder));
  if (left_out > 0) {
    absl::StrAppend(&message, "... and ", Plural(left_out, "more line", "more lines"),
                    wrote_actual && actual_where.ok() && comparable
                        ? absl::StrCat("; all of them: ", compare_command)
                        : "",
                    "\n");
  }
  for (const std::string& problem : checks.frame_problems) absl::StrAppend(&message, problem);
  for (const std::string& failure : checks.write_failures) absl::StrAppend(&message, failure);
  for (const std::string& refusal : checks.link_refusals) absl::StrAppend(&message, refusal);
  if (in.read_only) return message;
  if (wrote_actual) {
    const std::string write_error = WriteActualCapture(*in.actual, texts, actual_where);
    if (write_error.empty()) {
      absl::StrAppend(&message, "actual capture written to ", actual_folder, "\n",
                      BazelOutputsNote());
      if (comparable) absl::StrAppend(&message, "compare them: ", compare_command, "\n");
    } else {
      absl::StrAppend(&message, "could not write the actual capture: ", write_error, "\n");
    }
  }
  if (checks.gone > 0 || !disk.strays.empty()) {
    absl::StrAppend(&message,
                    "vtsnap deletes no golden; to drop what the test no longer records run:\n");
    for (const std::string& command : RemoveCommands(in.where.write_path, disk, *in.actual)) {
      absl::StrAppend(&message, "  ", command, "\n");
    }
  }
  if (checks.differing + checks.added + checks.invalid > 0 &&
      checks.worst != GoldenOutcome::kConflict) {
    absl::StrAppend(&message, AcceptAdvice(mode == UpdateMode::kNew && checks.differing > 0,
                                           "capture", in.accept_command));
  }
  absl::StrAppend(&message, checks.report_line);  // as a screen golden's message ends
  return message;
}

}  // namespace

GoldenLocation LocateCaptureGolden(absl::string_view test_file, absl::string_view root_override,
                                   absl::string_view name) {
  return LocateGolden(test_file, root_override, name, kCaptureGoldenSuffix);
}

GoldenResult CheckCaptureGolden(const CaptureGoldenInput& in) {
  // A location's problem (an unresolvable relative source) is left to each frame's check.
  const absl::StatusOr<UpdateMode> mode =
      StartCheck(in.name, kCaptureGoldenSuffix, /*problem=*/"", in.update_mode);
  if (!mode.ok()) return Unnamed(mode.status());
  const std::string& path = in.where.read_path;
  if (in.actual == nullptr) {
    return Failed(path, GoldenOutcome::kInvalid,
                  "no capture to compare (CaptureGoldenInput::actual)\n");
  }
  const absl::StatusOr<FrameTexts> texts = CheckActual(*in.actual);
  if (!texts.ok()) {
    return Failed(path, GoldenOutcome::kInvalid, absl::StrCat(texts.status().message(), "\n"));
  }
  if (std::optional<GoldenResult> conflict = ClaimOrConflict(in, *texts)) return *conflict;
  const absl::StatusOr<FolderContents> disk = ReadFolderContents(path);
  if (!disk.ok()) {
    return Failed(path, GoldenOutcome::kInvalid, absl::StrCat(disk.status().message(), "\n"));
  }
  const FrameChecks checks = CheckFrames(in, *mode, *texts, *disk);
  if (checks.worst == GoldenOutcome::kOk || checks.worst == GoldenOutcome::kWritten) {
    if (!in.read_only) {
      for (const std::string& folder : ActualCaptureCandidates(in.where)) {
        PruneActualCapture(folder, nullptr);
      }
    }
    return {.outcome = checks.worst,
            .passed = true,
            .path = checks.worst == GoldenOutcome::kWritten ? in.where.write_path : path,
            .note = WrittenNote(in, checks)};
  }
  std::string message = Headline(in, *disk, checks);
  const size_t left_out = AppendDifferences(in, *disk, checks, message);
  absl::StrAppend(&message, FailureAdvice(in, *mode, *texts, *disk, checks, left_out));
  GoldenResult result = Failed(path, checks.worst, std::move(message));
  result.note = WrittenNote(in, checks);
  return result;
}

}  // namespace vtsnap::pito
