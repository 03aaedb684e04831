#include "vtsnap/snapshot/pito_capture_golden.h"

#include <cstdlib>
#include <filesystem>
#include <map>
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
#include "absl/strings/strip.h"
#include "vtsnap/base/size.h"
#include "vtsnap/snapshot/frame.h"
#include "vtsnap/snapshot/report.h"
#include "vtsnap/snapshot/store.h"

namespace vtsnap::pito {
namespace {

namespace fs = std::filesystem;

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

int Severity(GoldenOutcome outcome) {
  switch (outcome) {
    case GoldenOutcome::kConflict:
      return 5;
    case GoldenOutcome::kInvalid:
      return 4;
    case GoldenOutcome::kMismatch:
      return 3;
    case GoldenOutcome::kMissing:
      return 2;
    case GoldenOutcome::kWritten:
      return 1;
    case GoldenOutcome::kOk:
      return 0;
  }
  return 0;
}

// One frame the golden or the actual capture holds, and how it ended.
struct FrameEntry {
  bool in_actual = false;
  GoldenResult result = {};
  std::vector<Difference> differences = {};  // the cells that differ (kMismatch)
};

// A frame's cells as a screen the failure report draws (snapshot/render.h): each symbol in a cell
// of its own, the named colours as palette 0-15 (Reset the default), the modifiers the screen can
// show (blink and hidden are left out; the message names them).
Frame ScreenOf(const TuiFrame& frame) {
  Frame screen = Frame::Blank(frame.width, frame.height);
  auto color = [](const TuiColor& c) {
    switch (c.kind) {
      case TuiColor::Kind::kNamed:
        return c.value == 0 ? Color::Default() : Color::Palette(static_cast<int>(c.value) - 1);
      case TuiColor::Kind::kIndexed:
        return Color::Palette(static_cast<int>(c.value));
      case TuiColor::Kind::kRgb:
        return Color{Color::Kind::kRgb, c.value};
    }
    return Color::Default();
  };
  for (int y = 0; y < frame.height; ++y) {
    for (int x = 0; x < frame.width; ++x) {
      Cell& cell = screen.cell(x, y);
      cell.grapheme = frame.rows[y].symbols[x];
      const TuiStyle& style = frame.StyleAt(x, y);
      cell.style = {.fg = color(style.fg),
                    .bg = color(style.bg),
                    .bold = (style.modifiers & kBold) != 0,
                    .dim = (style.modifiers & kDim) != 0,
                    .italic = (style.modifiers & kItalic) != 0,
                    .underline = (style.modifiers & kUnderlined) != 0,
                    .reverse = (style.modifiers & kReversed) != 0,
                    .strike = (style.modifiers & kCrossedOut) != 0};
    }
  }
  return screen;
}

// The report's screens of one frame: the golden (when it reads as a frame of that size) and the
// actual one, each cell Compare finds different marked in both.
std::string FrameReportScreens(const std::string* golden, const std::string& scenario,
                               const TerminalSize& size, const TuiFrame& actual) {
  const Frame actual_screen = ScreenOf(actual);
  std::optional<TuiFrame> expected;
  if (golden != nullptr) {
    absl::StatusOr<TuiFrame> parsed = ParseFrame(*golden, "");
    if (parsed.ok() && parsed->width == size.cols && parsed->height == size.rows) {
      expected = *std::move(parsed);
    }
  }
  if (!expected.has_value()) return ReportScreens(nullptr, actual_screen);
  Capture before;
  Capture after;
  before.scenarios[scenario].emplace(size, *expected);
  after.scenarios[scenario].emplace(size, actual);
  std::vector<bool> changed(actual_screen.cells.size(), false);
  for (const Difference& d : Compare(before, after).entries) {
    if (d.kind == Difference::Kind::kCell)
      changed[static_cast<size_t>(d.y * size.cols + d.x)] = true;
  }
  const Frame expected_screen = ScreenOf(*expected);
  return ReportScreens(&expected_screen, actual_screen, changed);
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

std::string Plural(size_t n, absl::string_view one, absl::string_view many) {
  return absl::StrCat(n, " ", n == 1 ? one : many);
}

}  // namespace

GoldenLocation LocateCaptureGolden(absl::string_view test_file, absl::string_view root_override,
                                   absl::string_view name) {
  return LocateGolden(test_file, root_override, name, kCaptureGoldenSuffix);
}

GoldenResult CheckCaptureGolden(const CaptureGoldenInput& in) {
  GoldenResult result = {.path = in.where.read_path};
  auto fail = [&](GoldenOutcome outcome, std::string message) {
    result.outcome = outcome;
    result.passed = false;
    result.message = std::move(message);
    return result;
  };
  if (!in.name.empty()) {
    if (absl::Status s = ValidateGoldenName(in.name, kCaptureGoldenSuffix); !s.ok()) {
      result.path.clear();
      return fail(GoldenOutcome::kInvalid, absl::StrCat(s.message(), "\n"));
    }
  }
  const absl::StatusOr<UpdateMode> mode = in.update_mode.has_value()
                                              ? absl::StatusOr<UpdateMode>(*in.update_mode)
                                              : UpdateModeOfProcess();
  if (!mode.ok()) {
    result.path.clear();
    return fail(GoldenOutcome::kInvalid, absl::StrCat(mode.status().message(), "\n"));
  }
  if (in.actual == nullptr) {
    return fail(GoldenOutcome::kInvalid, "no capture to compare (CaptureGoldenInput::actual)\n");
  }
  const Capture& actual = *in.actual;
  absl::StatusOr<FrameTexts> texts = CheckActual(actual);
  if (!texts.ok()) {
    return fail(GoldenOutcome::kInvalid, absl::StrCat(texts.status().message(), "\n"));
  }
  if (!in.read_only) {
    if (std::optional<CaptureConflict> conflict =
            ClaimCapture(in.where.read_path, in.claimant, *texts)) {
      return fail(
          GoldenOutcome::kConflict,
          absl::StrCat("the golden capture ", in.where.read_path,
                       " is claimed twice in this run with different captures: first by ",
                       conflict->first, ", then by ", in.claimant, "; nothing is written for it",
                       conflict->undone
                           ? absl::StrCat(" (the update ", conflict->first, " made is undone)")
                           : "",
                       "; give each capture its own golden name\n"));
    }
  }
  absl::StatusOr<FolderContents> disk = ReadFolderContents(in.where.read_path);
  if (!disk.ok()) return fail(GoldenOutcome::kInvalid, absl::StrCat(disk.status().message(), "\n"));

  // Every frame either side holds, in the order of Differences.
  std::map<std::string, std::map<TerminalSize, FrameEntry, SizeOrder>> entries;
  for (const auto& [scenario, sizes] : disk->frames) {
    for (const TerminalSize& size : sizes) entries[scenario][size];
  }
  GoldenOutcome worst = GoldenOutcome::kOk;
  size_t differing = 0, added = 0, invalid = 0, gone = 0, written_new = 0, written_changed = 0;
  std::vector<std::string> frame_problems;  // CheckGolden's messages that are not Differences
  std::vector<std::string> write_failures;  // frames an update could not write
  std::string report_line;                  // the frames' "report: PAGE" line, given once
  // What each frame file held before this check wrote it, kept for a conflicting later claim.
  std::vector<std::pair<std::string, std::optional<std::string>>> writes;
  const bool may_write = !in.read_only && *mode != UpdateMode::kOff;
  // Why a golden folder may not be written (it, or a scenario folder in it, is a symbolic link):
  // each refusal once, after the Differences.
  std::vector<std::string> link_refusals;
  for (const auto& [scenario, frames] : actual.scenarios) {
    // Nothing is written or deleted through a link (store.h CheckNoLinkBelow): with the golden's
    // folder a link, the frames are checked without an update; with the folder of the actual
    // capture a link, without writing their .actual (nor removing a stale one).
    std::optional<UpdateMode> frame_mode = in.update_mode;
    if (may_write) {
      const absl::Status golden_link = CheckNoLinkBelow(
          ParentOf(in.where.write_path), absl::StrCat(in.where.write_path, "/", scenario));
      if (!golden_link.ok()) {
        frame_mode = UpdateMode::kOff;
        const std::string line =
            absl::StrCat("could not write the golden: ", golden_link.message(), "\n");
        if (!absl::c_linear_search(link_refusals, line)) link_refusals.push_back(line);
      }
    }
    bool actual_link = false;
    for (const std::string& folder : ActualCaptureCandidates(in.where)) {
      actual_link = actual_link ||
                    !CheckNoLinkBelow(ParentOf(folder), absl::StrCat(folder, "/", scenario)).ok();
    }
    for (const auto& [size, frame] : frames) {
      FrameEntry& entry = entries[scenario][size];
      entry.in_actual = true;
      GoldenInput input = {.where = FrameLocation(in.where, scenario, size),
                           .format = "pito-tui frame 1",
                           .what = "frame",
                           .actual = texts->at({scenario, FormatSize(size)}),
                           .read_only = in.read_only || actual_link,
                           .claimant = in.claimant,
                           .source_file = in.source_file,
                           .accept_command = in.accept_command,
                           .update_mode = frame_mode};
      // (The frame is named here: clang 14 cannot capture a structured binding.)
      const TuiFrame& actual_frame = frame;
      input.compare = [&, scenario = scenario,
                       size = size](const std::string& golden) -> absl::StatusOr<std::string> {
        absl::StatusOr<TuiFrame> expected = ParseFrame(golden, "");
        if (!expected.ok()) {
          // ParseFrame's ":LINE:COL: message" without a path; CheckGolden puts the path first.
          absl::string_view message = expected.status().message();
          absl::ConsumePrefix(&message, ":");
          return absl::InvalidArgumentError(message);
        }
        if (expected->width != size.cols || expected->height != size.rows) {
          return absl::InvalidArgumentError(absl::StrCat(
              "2:1: the frame is ", FormatSize({.cols = expected->width, .rows = expected->height}),
              ", but its file name says ", FormatSize(size)));
        }
        Capture before;
        Capture after;
        before.scenarios[scenario].emplace(size, *std::move(expected));
        after.scenarios[scenario].emplace(size, actual_frame);
        Differences differences = Compare(before, after);
        entry.differences = differences.entries;
        return differences.Text();
      };
      input.report_screens = [&, scenario = scenario, size = size](const std::string* golden) {
        return FrameReportScreens(golden, scenario, size, actual_frame);
      };
      std::optional<std::string> before;
      if (may_write) {
        absl::StatusOr<std::optional<std::string>> read = ReadFileIfExists(input.where.write_path);
        if (read.ok()) before = *std::move(read);
      }
      entry.result = CheckGolden(input);
      if (entry.result.outcome == GoldenOutcome::kWritten) {
        writes.emplace_back(input.where.write_path, std::move(before));
      }
      const GoldenResult& r = entry.result;
      if (Severity(r.outcome) > Severity(worst)) worst = r.outcome;
      switch (r.outcome) {
        case GoldenOutcome::kMismatch:
          ++differing;
          break;
        case GoldenOutcome::kMissing:
          ++added;
          break;
        case GoldenOutcome::kWritten:
          (absl::StrContains(r.note, "(new)") ? written_new : written_changed)++;
          break;
        case GoldenOutcome::kInvalid:
          ++invalid;
          frame_problems.push_back(ProblemLines(r.message));
          break;
        case GoldenOutcome::kConflict:
          frame_problems.push_back(ProblemLines(r.message));
          break;
        case GoldenOutcome::kOk:
          break;
      }
      for (absl::string_view line : absl::StrSplit(r.message, '\n', absl::SkipEmpty())) {
        // Every frame names the same page; a failure to write it is worth more than a success.
        if (IsReportLine(line) && (report_line.empty() || !absl::StartsWith(line, "report: "))) {
          report_line = absl::StrCat(line, "\n");
        }
      }
      // A frame that could not be written in an update still failed for that reason: its
      // line goes after the Differences.
      if (r.outcome == GoldenOutcome::kMismatch || r.outcome == GoldenOutcome::kMissing) {
        for (absl::string_view line : absl::StrSplit(r.message, '\n', absl::SkipEmpty())) {
          if (absl::StartsWith(line, "could not write the golden")) {
            write_failures.push_back(absl::StrCat(input.where.write_path, ": ", line, "\n"));
          }
        }
      }
    }
  }
  if (!in.read_only) RecordCaptureWrites(in.where.read_path, std::move(writes));
  for (const auto& [scenario, sizes] : entries) {
    for (const auto& [size, entry] : sizes) {
      if (!entry.in_actual) ++gone;
    }
  }
  if (gone > 0 || !disk->strays.empty()) {
    if (Severity(GoldenOutcome::kMismatch) > Severity(worst)) worst = GoldenOutcome::kMismatch;
  }
  if (written_new + written_changed > 0) {
    std::vector<std::string> parts;
    if (written_new > 0) parts.push_back(Plural(written_new, "new frame", "new frames"));
    if (written_changed > 0) {
      parts.push_back(Plural(written_changed, "frame updated", "frames updated"));
    }
    result.note = absl::StrCat("vtsnap: wrote ", in.where.write_path, " (",
                               absl::StrJoin(parts, ", "), ")\n");
  }
  if (worst == GoldenOutcome::kOk || worst == GoldenOutcome::kWritten) {
    if (!in.read_only) {
      for (const std::string& folder : ActualCaptureCandidates(in.where)) {
        PruneActualCapture(folder, nullptr);
      }
    }
    result.outcome = worst;
    result.passed = true;
    if (worst == GoldenOutcome::kWritten) result.path = in.where.write_path;
    return result;
  }

  // The message: what differs, as Differences, then what to do.
  std::string message;
  const size_t frame_count = [&] {
    size_t n = 0;
    for (const auto& [scenario, frames] : actual.scenarios) n += frames.size();
    return n;
  }();
  if (!disk->exists) {
    message = absl::StrCat("the golden capture ", in.where.read_path, " does not exist (",
                           Plural(frame_count, "frame", "frames"), " in ",
                           Plural(actual.scenarios.size(), "scenario", "scenarios"), ")\n");
  } else {
    std::vector<std::string> parts;
    if (differing > 0) parts.push_back(Plural(differing, "frame differs", "frames differ"));
    if (added > 0) parts.push_back(Plural(added, "new frame", "new frames"));
    if (gone > 0) parts.push_back(Plural(gone, "frame gone", "frames gone"));
    if (!disk->strays.empty()) {
      parts.push_back(Plural(disk->strays.size(), "other file", "other files"));
    }
    if (!frame_problems.empty()) {
      parts.push_back(
          Plural(frame_problems.size(), "frame cannot be checked", "frames cannot be checked"));
    }
    message = absl::StrCat("the capture differs from the golden ", in.where.read_path, ": ",
                           absl::StrJoin(parts, ", "), "\n");
  }
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
  if (disk->exists) {
    for (const auto& [scenario, sizes] : entries) {
      for (const auto& [size, entry] : sizes) {
        if (!entry.in_actual) {
          add_line(DifferenceText(
              {.kind = Difference::Kind::kRemoved, .scenario = scenario, .size = size}));
          continue;
        }
        if (entry.result.outcome == GoldenOutcome::kMissing) {
          add_line(DifferenceText(
              {.kind = Difference::Kind::kAdded, .scenario = scenario, .size = size}));
        } else if (entry.result.outcome == GoldenOutcome::kMismatch) {
          for (const Difference& d : entry.differences) add_line(DifferenceText(d));
        }
      }
    }
    for (const std::string& stray : disk->strays) {
      add_line(absl::StrCat(in.where.read_path, "/", stray,
                            ": not a frame file (a capture holds SCENARIO/COLSxROWS files only)"));
    }
  }
  const bool wrote_actual = !in.read_only && worst != GoldenOutcome::kConflict;
  // Where the actual capture goes (deciding it may probe the folder with a file: only now).
  const absl::StatusOr<std::string> actual_where =
      wrote_actual ? ActualPathFor(in.where) : absl::StatusOr<std::string>(std::string());
  const std::string actual_folder = actual_where.ok() ? *actual_where : std::string();
  // `vtsnap compare` reads the golden only when it is a clean capture.
  const bool comparable = disk->exists && disk->strays.empty() && invalid == 0;
  if (left_out > 0) {
    absl::StrAppend(
        &message, "... and ", Plural(left_out, "more line", "more lines"),
        wrote_actual && actual_where.ok() && comparable
            ? absl::StrCat("; all of them: vtsnap compare ", ShellQuoteIfNeeded(in.where.read_path),
                           " ", ShellQuoteIfNeeded(actual_folder))
            : "",
        "\n");
  }
  for (const std::string& problem : frame_problems) absl::StrAppend(&message, problem);
  for (const std::string& failure : write_failures) absl::StrAppend(&message, failure);
  for (const std::string& refusal : link_refusals) absl::StrAppend(&message, refusal);
  if (in.read_only) return fail(worst, std::move(message));

  // The whole actual capture beside the golden (a capture folder of its own), and nothing else.
  if (wrote_actual) {
    std::string write_error(actual_where.ok() ? "" : actual_where.status().message());
    // Nothing through a link: with the folder (or a scenario folder in it) a link, no frame.
    bool through_link = false;
    for (const auto& [scenario, frames] : actual.scenarios) {
      const absl::Status link =
          CheckNoLinkBelow(ParentOf(actual_folder), absl::StrCat(actual_folder, "/", scenario));
      if (!link.ok() && !through_link && actual_where.ok()) {
        write_error = std::string(link.message());
      }
      through_link = through_link || !link.ok();
    }
    // No folder (the private one is not ours): nothing is written anywhere.
    for (const auto& [scenario, frames] : actual.scenarios) {
      for (const auto& [size, frame] : frames) {
        if (!actual_where.ok() || through_link) break;
        const std::string& text = texts->at({scenario, FormatSize(size)});
        const std::string path = absl::StrCat(actual_folder, "/", scenario, "/", FormatSize(size));
        if (absl::Status s = WriteFileAtomically(path, text); !s.ok() && write_error.empty()) {
          write_error = std::string(s.message());
        }
      }
    }
    if (actual_where.ok()) PruneActualCapture(actual_folder, &actual);
    if (write_error.empty()) {
      absl::StrAppend(&message, "actual capture written to ", actual_folder, "\n",
                      BazelOutputsNote());
      if (comparable) {
        absl::StrAppend(&message, "compare them: vtsnap compare ",
                        ShellQuoteIfNeeded(in.where.read_path), " ",
                        ShellQuoteIfNeeded(actual_folder), "\n");
      }
    } else {
      absl::StrAppend(&message, "could not write the actual capture: ", write_error, "\n");
    }
  }
  if (gone > 0 || !disk->strays.empty()) {
    absl::StrAppend(&message,
                    "vtsnap deletes no golden; to drop what the test no longer records run:\n");
    for (const std::string& command : RemoveCommands(in.where.write_path, *disk, actual)) {
      absl::StrAppend(&message, "  ", command, "\n");
    }
  }
  if (differing + added + invalid > 0 && worst != GoldenOutcome::kConflict) {
    const std::string accept =
        absl::StrCat("UPDATE_GOLDENS=", EnvironmentSaysCi() ? "force " : "1 ", in.accept_command);
    if (*mode == UpdateMode::kNew && differing > 0) {
      absl::StrAppend(
          &message,
          "UPDATE_GOLDENS=new writes only missing goldens; to accept this change run:\n  ", accept,
          "\n");
    } else {
      absl::StrAppend(&message, "to accept the actual capture run:\n  ", accept, "\n");
    }
  }
  absl::StrAppend(&message, report_line);  // as a screen golden's message ends
  return fail(worst, std::move(message));
}

}  // namespace vtsnap::pito
