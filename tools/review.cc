// `vtsnap review [DIR...]`: the pending `.actual` files of failing golden assertions, listed,
// accepted or rejected in bulk, or reviewed one by one in a small terminal UI (docs/cli.md).
#include <signal.h>
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
#include "vtsnap/decoder/fnv1a.h"
#include "vtsnap/decoder/size.h"
#include "vtsnap/snapshot/diff.h"
#include "vtsnap/snapshot/frame.h"
#include "vtsnap/snapshot/golden.h"
#include "vtsnap/snapshot/pito_capture.h"
#include "vtsnap/snapshot/pito_frame.h"
#include "vtsnap/snapshot/png.h"
#include "vtsnap/snapshot/render.h"
#include "vtsnap/snapshot/report.h"
#include "vtsnap/snapshot/rgba.h"
#include "vtsnap/snapshot/semantic.h"
#include "vtsnap/snapshot/store.h"
#include "vtsnap/tools/commands.h"

namespace vtsnap::tools {
namespace {

namespace fs = std::filesystem;

constexpr int kExitOk = 0;
constexpr int kExitInvalid = 2;

constexpr absl::string_view kActualSuffix = ".actual";
constexpr absl::string_view kCaptureActualSuffix = ".capture.actual";

constexpr char kUsage[] =
    "usage: vtsnap review [--list | --accept-all | --reject-all] [--filter SUBSTRING] [DIR...]\n"
    "  finds every pending .actual file (and .capture.actual folder) under each DIR (default:\n"
    "  the current folder) and under $TEST_UNDECLARED_OUTPUTS_DIR/vtsnap, and reviews it against\n"
    "  its golden:\n"
    "    --list         print one line per entry: the golden, new or changed, what differs\n"
    "    --accept-all   write each golden canonically and atomically, remove the .actual (a\n"
    "                   capture golden gets the actual capture's frames, loses the others)\n"
    "    --reject-all   remove each .actual\n"
    "    --filter S     only the entries whose golden path contains S\n"
    "  without one of the three, an interactive review on the terminal (stdin and stdout must\n"
    "  be a terminal): a accept, r reject, s skip, n/p next/previous, v view, q quit.\n"
    "  exit 0: done; 2: bad arguments, or an .actual that is not a valid file of its format\n";

enum class Mode { kInteractive, kList, kAcceptAll, kRejectAll };

// One pending `.actual` file and the golden it would replace, or one pending actual capture
// folder (`<name>.capture.actual/`) and the capture golden folder (`<name>.capture/`).
struct Entry {
  std::string actual = {};   // the .actual file, or the .capture.actual folder
  std::string golden = {};   // the golden path; empty when unknown
  std::string unknown = {};  // why the golden is unknown (golden empty)
  bool golden_exists = false;
  bool capture = false;  // a capture golden: `actual` and `golden` are folders
};

// The path an entry is shown by: its golden, else its .actual; a folder ends in '/'.
std::string Shown(const Entry& entry) {
  return absl::StrCat(entry.golden.empty() ? entry.actual : entry.golden, entry.capture ? "/" : "");
}

// The golden format of `path` by its suffix: ".dump", ".scene", ".rgba", ".semantic" or "".
absl::string_view FormatOf(absl::string_view path) {
  for (absl::string_view ext : kGoldenExtensions) {
    if (absl::EndsWith(path, ext)) return ext;
  }
  return "";
}

bool IsDumpFormat(absl::string_view ext) { return ext == ".dump" || ext == ".scene"; }

std::string Generic(const fs::path& path) { return path.lexically_normal().generic_string(); }

// What the walk over the folders found.
struct Found {
  std::vector<std::string> beside;            // .actual files outside the outputs tree
  std::vector<std::string> outputs;           // .actual files under the outputs tree
  std::vector<std::string> captures;          // *.capture.actual folders outside the outputs tree
  std::vector<std::string> outputs_captures;  // *.capture.actual folders under the outputs tree
  std::vector<std::string> files;             // every other regular file (golden candidates)
  std::vector<std::string> folders;           // every folder (golden folder candidates)
};

// Walks `root`, sorting what it holds into `found`. `outputs` (may be empty) is skipped; with
// `as_outputs` the .actual files and .capture.actual folders found go to found->outputs and
// found->outputs_captures.
void Walk(const fs::path& root, const fs::path& skip, bool as_outputs, Found* found) {
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const fs::path& path = it->path();
    const std::string name = path.filename().string();
    std::error_code type_ec;
    if (it->is_directory(type_ec) && !it->is_symlink(type_ec)) {
      if (!skip.empty() && fs::equivalent(path, skip, type_ec)) {
        it.disable_recursion_pending();
        continue;
      }
      if (name == ".git") {  // a repository's store holds no pending files
        it.disable_recursion_pending();
        continue;
      }
      if (absl::EndsWith(name, kCaptureActualSuffix)) {
        (as_outputs ? found->outputs_captures : found->captures).push_back(Generic(path));
        it.disable_recursion_pending();
        continue;
      }
      found->folders.push_back(Generic(path));
      continue;
    }
    if (!it->is_regular_file(type_ec)) continue;
    // Only the .actual of a golden (IsGoldenFileName): other tools' `.actual` files are theirs.
    if (absl::EndsWith(name, kActualSuffix) && name.size() > kActualSuffix.size() &&
        IsGoldenFileName(absl::string_view(name).substr(0, name.size() - kActualSuffix.size()))) {
      (as_outputs ? found->outputs : found->beside).push_back(Generic(path));
    } else {
      found->files.push_back(Generic(path));
    }
  }
}

// The golden of an .actual under the outputs tree, whose path there is `relative` without
// ".actual" ("<test stem>/<name>.dump", ActualPathFor): the one golden file under the folders
// whose path ends in "goldens/<relative>", else the one folder ending in "goldens/<test stem>".
// An actual capture ("<test stem>/<name>.capture") looks for a golden folder instead of a file.
void ResolveFromOutputs(const std::string& relative, const Found& found, Entry* entry) {
  const std::string suffix = absl::StrCat("/goldens/", relative);
  std::vector<std::string> matches;
  for (const std::string& file : entry->capture ? found.folders : found.files) {
    if (absl::EndsWith(absl::StrCat("/", file), suffix)) matches.push_back(file);
  }
  if (matches.empty()) {
    const size_t slash = relative.find('/');
    if (slash != std::string::npos) {
      const std::string folder_suffix = absl::StrCat("/goldens/", relative.substr(0, slash));
      for (const std::string& folder : found.folders) {
        if (absl::EndsWith(absl::StrCat("/", folder), folder_suffix)) {
          matches.push_back(absl::StrCat(folder, relative.substr(slash)));
        }
      }
    }
  }
  if (matches.size() == 1) {
    entry->golden = matches[0];
    return;
  }
  entry->unknown =
      matches.empty()
          ? absl::StrCat("no golden or golden folder under the folders reviewed ends in goldens/",
                         relative)
          : absl::StrCat(matches.size(), " goldens could be meant (", absl::StrJoin(matches, ", "),
                         ")");
}

struct Pending {
  std::vector<Entry> entries;
};

Pending FindPending(const std::vector<std::string>& dirs, absl::string_view filter) {
  fs::path outputs;
  if (const char* env = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR"); env != nullptr && *env) {
    outputs = fs::path(env) / "vtsnap";
  }
  Found found;
  for (const std::string& dir : dirs) Walk(dir, outputs, false, &found);
  if (!outputs.empty()) Walk(outputs, fs::path(), true, &found);

  Pending pending;
  std::set<std::string> seen;
  auto add = [&](Entry entry) {
    std::error_code ec;
    const std::string key = fs::weakly_canonical(entry.actual, ec).string();
    if (!seen.insert(ec ? entry.actual : key).second) return;
    if (!filter.empty() && !absl::StrContains(Shown(entry), filter)) return;
    if (!entry.golden.empty()) {
      entry.golden_exists = entry.capture ? fs::is_directory(entry.golden, ec)
                                          : fs::is_regular_file(entry.golden, ec);
    }
    pending.entries.push_back(std::move(entry));
  };
  auto strip = [](const std::string& actual) {
    return actual.substr(0, actual.size() - kActualSuffix.size());
  };
  for (const std::string& actual : found.beside) add({.actual = actual, .golden = strip(actual)});
  for (const std::string& actual : found.captures) {
    add({.actual = actual, .golden = strip(actual), .capture = true});
  }
  const std::string outputs_root = Generic(outputs);
  auto add_from_outputs = [&](const std::string& actual, bool capture) {
    Entry entry{.actual = actual, .capture = capture};
    std::string relative = strip(actual);
    if (absl::StartsWith(relative, outputs_root + "/")) {
      relative = relative.substr(outputs_root.size() + 1);
    }
    ResolveFromOutputs(relative, found, &entry);
    add(std::move(entry));
  };
  for (const std::string& actual : found.outputs) add_from_outputs(actual, false);
  for (const std::string& actual : found.outputs_captures) add_from_outputs(actual, true);
  std::sort(pending.entries.begin(), pending.entries.end(), [](const Entry& a, const Entry& b) {
    return Shown(a) != Shown(b) ? Shown(a) < Shown(b) : a.actual < b.actual;
  });
  // Two .actual files for one golden (beside it and in an outputs tree): which one to accept is
  // the user's call, so neither is accepted.
  std::map<std::string, std::vector<Entry*>> by_golden;
  for (Entry& entry : pending.entries) {
    if (entry.golden.empty()) continue;
    std::error_code ec;
    const std::string key = fs::weakly_canonical(entry.golden, ec).string();
    by_golden[ec ? entry.golden : key].push_back(&entry);
  }
  for (auto& [golden, entries] : by_golden) {
    if (entries.size() < 2) continue;
    std::vector<std::string> actuals;
    for (const Entry* e : entries) actuals.push_back(e->actual);
    for (Entry* e : entries) {
      e->unknown =
          absl::StrCat("several .actual files are pending for ", e->golden, " (",
                       absl::StrJoin(actuals, ", "), "): remove all but the one to accept");
      e->golden.clear();
    }
  }
  return pending;
}

// The bytes of `path`, or an error naming it.
absl::StatusOr<std::string> ReadAll(const std::string& path) {
  absl::StatusOr<std::optional<std::string>> read = ReadFileIfExists(path);
  if (!read.ok()) return read.status();
  if (!read->has_value()) return absl::NotFoundError(absl::StrCat(path, ": no such file"));
  return **read;
}

// The canonical bytes of the .actual `path` in its golden format `ext`, or an error naming the
// path and, where the format's reader says it, the line and column.
absl::StatusOr<std::string> CanonicalActual(const std::string& path, absl::string_view ext) {
  absl::StatusOr<std::string> bytes = ReadAll(path);
  if (!bytes.ok()) return bytes.status();
  if (IsDumpFormat(ext)) {
    absl::StatusOr<Frame> frame = golden::Parse(*bytes);
    if (!frame.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(path, ":", frame.status().message()));
    }
    absl::StatusOr<std::string> canonical = golden::Serialize(*frame);
    if (!canonical.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(path, ": ", canonical.status().message()));
    }
    return *canonical;
  }
  if (ext == ".rgba") {
    absl::StatusOr<RgbaPlane> plane = ParseRgba(*bytes);
    if (!plane.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(path, ": ", plane.status().message()));
    }
    return SerializeRgba(*plane);
  }
  if (ext == ".semantic") {
    absl::StatusOr<SemanticSnapshot> snapshot = ParseSemantic(*bytes, path);
    if (!snapshot.ok()) return absl::InvalidArgumentError(snapshot.status().message());
    return SerializeSemantic(*snapshot);
  }
  return *bytes;  // a format without a reader here: its bytes as they are
}

// ---------------------------------------------------------------------------------------------
// Capture goldens: a folder `<name>.capture/` of frame files `<scenario>/<COLSxROWS>`, and the
// actual capture a failing check wrote beside it, `<name>.capture.actual/` (pito_capture.h).

std::string Plural(size_t n, absl::string_view one, absl::string_view many) {
  return absl::StrCat(n, " ", n == 1 ? one : many);
}

// True when `name` is a frame file's name: a size as FormatSize writes it ("80x24").
bool IsFrameName(const std::string& name) {
  absl::StatusOr<TerminalSize> size = ParseSize(name);
  return size.ok() && FormatSize(*size) == name;
}

// What a capture golden's folder holds: its frame files (a regular file named by a size in a
// scenario folder) and everything else, the strays, which review never writes or removes.
struct CaptureGoldenFiles {
  std::vector<std::pair<std::string, std::string>> frames;  // scenario, file name; sorted
  std::vector<std::string> strays;                          // relative paths; sorted
};

absl::Status FolderError(const std::string& path, const std::error_code& ec) {
  return absl::Status(absl::ErrnoToStatusCode(ec.value()),
                      absl::StrCat(path, ": cannot read the folder: ", ec.message()));
}

// The files of the capture golden `folder`; none when it does not exist (a new golden).
absl::StatusOr<CaptureGoldenFiles> ListCaptureGolden(const std::string& folder) {
  CaptureGoldenFiles files;
  std::error_code ec;
  if (!fs::exists(folder, ec)) return files;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string scenario = it->path().filename().string();
    std::error_code type_ec;
    if (!it->is_directory(type_ec) || it->is_symlink(type_ec)) {
      files.strays.push_back(scenario);
      continue;
    }
    std::error_code inner_ec;
    for (fs::directory_iterator f(it->path(), inner_ec), f_end; !inner_ec && f != f_end;
         f.increment(inner_ec)) {
      const std::string name = f->path().filename().string();
      std::error_code file_ec;
      if (f->is_regular_file(file_ec) && !f->is_symlink(file_ec) && IsFrameName(name)) {
        files.frames.emplace_back(scenario, name);
      } else {
        files.strays.push_back(
            absl::StrCat(scenario, "/", name, f->is_directory(file_ec) ? "/" : ""));
      }
    }
    if (inner_ec) return FolderError(Generic(it->path()), inner_ec);
  }
  if (ec) return FolderError(folder, ec);
  std::sort(files.frames.begin(), files.frames.end());
  std::sort(files.strays.begin(), files.strays.end());
  return files;
}

// The frames of the capture golden `folder` (its strays left out); an invalid frame file is an
// error naming it with the line and column.
absl::StatusOr<pito::Capture> ReadCaptureGolden(const std::string& folder,
                                                const CaptureGoldenFiles& files) {
  pito::Capture capture;
  for (const auto& [scenario, name] : files.frames) {
    const std::string path = absl::StrCat(folder, "/", scenario, "/", name);
    absl::StatusOr<std::string> bytes = ReadAll(path);
    if (!bytes.ok()) return bytes.status();
    absl::StatusOr<pito::TuiFrame> frame = pito::ParseFrame(*bytes, path);
    if (!frame.ok()) return frame.status();
    const TerminalSize size = *ParseSize(name);
    if (frame->width != size.cols || frame->height != size.rows) {
      return absl::InvalidArgumentError(absl::StrCat(path, ": the frame is ", frame->width, "x",
                                                     frame->height, ", but its file name says ",
                                                     name));
    }
    capture.scenarios[scenario].emplace(size, *std::move(frame));
  }
  return capture;
}

// The actual capture of `entry`, read strictly (ReadCapture: its errors name the path, line and
// column); one that holds no frame is refused too, as accepting it would empty the golden.
absl::StatusOr<pito::Capture> ReadActualCapture(const Entry& entry) {
  absl::StatusOr<pito::Capture> capture = pito::ReadCapture(entry.actual);
  if (!capture.ok()) return capture.status();
  size_t frames = 0;
  for (const auto& [scenario, sizes] : capture->scenarios) frames += sizes.size();
  if (frames == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(entry.actual, ": the actual capture holds no frame"));
  }
  return capture;
}

// The golden capture of `entry` (empty when new) and its strays.
absl::StatusOr<pito::Capture> ReadGoldenOf(const Entry& entry, std::vector<std::string>* strays) {
  if (!entry.golden_exists) return pito::Capture{};
  absl::StatusOr<CaptureGoldenFiles> files = ListCaptureGolden(entry.golden);
  if (!files.ok()) return files.status();
  if (strays != nullptr) *strays = files->strays;
  return ReadCaptureGolden(entry.golden, *files);
}

std::string CaptureListLine(const Entry& entry) {
  absl::StatusOr<pito::Capture> actual = ReadActualCapture(entry);
  if (!entry.golden_exists) {
    if (!actual.ok())
      return absl::StrCat(Shown(entry), ": new capture: invalid: ", actual.status().message());
    size_t frames = 0;
    for (const auto& [scenario, sizes] : actual->scenarios) frames += sizes.size();
    return absl::StrCat(Shown(entry), ": new capture (", Plural(frames, "frame", "frames"), " in ",
                        Plural(actual->scenarios.size(), "scenario", "scenarios"), ")");
  }
  absl::StatusOr<pito::Capture> golden = ReadGoldenOf(entry, nullptr);
  if (!golden.ok()) {
    return absl::StrCat(Shown(entry),
                        ": changed: the golden is invalid: ", golden.status().message());
  }
  if (!actual.ok()) {
    return absl::StrCat(Shown(entry), ": changed: invalid: ", actual.status().message());
  }
  const pito::Differences differences = pito::Compare(*golden, *actual);
  if (differences.empty()) return absl::StrCat(Shown(entry), ": changed: the same frames");
  return absl::StrCat(
      Shown(entry), ": changed: ", Plural(differences.entries.size(), "difference", "differences"));
}

// Removes the .actual of `entry` (the whole .capture.actual folder of a capture entry: vtsnap
// wrote it), and its entry in the HTML failure report beside it (or in $VTSNAP_REPORT_DIR) when
// there is one.
absl::Status RemoveActual(const Entry& entry) {
  if (entry.capture) {
    std::error_code ec;
    fs::remove_all(entry.actual, ec);
    if (ec) {
      return absl::Status(absl::ErrnoToStatusCode(ec.value()),
                          absl::StrCat("removing ", entry.actual, ": ", ec.message()));
    }
  } else if (absl::Status s = RemoveFileIfExists(entry.actual); !s.ok()) {
    return s;
  }
  (void)RefreshReport(entry.actual);  // the report is a view: failing to refresh it loses nothing
  return absl::OkStatus();
}

// What accepting an entry writes, read before anything is written: a file entry's canonical
// bytes, or a capture entry's actual capture.
struct Acceptance {
  std::string canonical = {};
  pito::Capture capture = {};
};

absl::StatusOr<Acceptance> Prepare(const Entry& entry) {
  if (entry.capture) {
    absl::StatusOr<pito::Capture> capture = ReadActualCapture(entry);
    if (!capture.ok()) return capture.status();
    return Acceptance{.capture = *std::move(capture)};
  }
  absl::StatusOr<std::string> canonical = CanonicalActual(entry.actual, FormatOf(entry.golden));
  if (!canonical.ok()) return canonical.status();
  return Acceptance{.canonical = *std::move(canonical)};
}

// Makes the capture golden of `entry` hold exactly the frames of `actual`: writes each frame
// canonically and atomically, removes the golden's frame files `actual` does not hold and the
// scenario folders that leaves empty. Returns the golden's strays, left as they are.
absl::StatusOr<std::vector<std::string>> WriteCaptureGolden(const Entry& entry,
                                                            const pito::Capture& actual) {
  absl::StatusOr<CaptureGoldenFiles> before = ListCaptureGolden(entry.golden);
  if (!before.ok()) return before.status();
  for (const auto& [scenario, frames] : actual.scenarios) {
    for (const auto& [size, frame] : frames) {
      const std::string path = absl::StrCat(entry.golden, "/", scenario, "/", FormatSize(size));
      absl::StatusOr<std::string> text = pito::SerializeFrame(frame);
      if (!text.ok()) {
        return absl::InvalidArgumentError(absl::StrCat(path, ": ", text.status().message()));
      }
      if (absl::Status s = WriteFileAtomically(path, *text); !s.ok()) return s;
    }
  }
  std::set<std::string> thinned;
  for (const auto& [scenario, name] : before->frames) {
    auto kept = actual.scenarios.find(scenario);
    if (kept != actual.scenarios.end() && kept->second.contains(*ParseSize(name))) continue;
    const std::string path = absl::StrCat(entry.golden, "/", scenario, "/", name);
    if (absl::Status s = RemoveFileIfExists(path); !s.ok()) return s;
    thinned.insert(scenario);
  }
  for (const std::string& scenario : thinned) {
    std::error_code ec;
    fs::remove(absl::StrCat(entry.golden, "/", scenario), ec);  // only when empty
  }
  return before->strays;
}

// Writes the golden of `entry` and removes its .actual; returns the line that says so:
// "accepted GOLDEN", " (new)" for a new golden, and the strays a capture golden kept.
absl::StatusOr<std::string> Accept(const Entry& entry, const Acceptance& what) {
  std::string line = absl::StrCat("accepted ", Shown(entry), entry.golden_exists ? "" : " (new)");
  if (entry.capture) {
    absl::StatusOr<std::vector<std::string>> strays = WriteCaptureGolden(entry, what.capture);
    if (!strays.ok()) return strays.status();
    if (!strays->empty()) {
      absl::StrAppend(&line, "; left as they are, not frame files: ", absl::StrJoin(*strays, ", "));
    }
  } else if (absl::Status s = WriteFileAtomically(entry.golden, what.canonical); !s.ok()) {
    return s;
  }
  if (absl::Status s = RemoveActual(entry); !s.ok()) return s;
  return line;
}

// What differs, in one line: "2 text rows, 1 style range", "same meaning (spelling only)".
std::string Summary(const Entry& entry) {
  if (!entry.golden_exists) return "";
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
    const FrameDiff diff = Compare(*expected, *actual);
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
    if (diff.cursor_differs) parts.push_back("cursor");
    count(diff.links.size(), "link change", "link changes");
    count(diff.rasters.size(), "raster change", "raster changes");
    if (diff.raster_order_differs) parts.push_back("raster order");
    return absl::StrJoin(parts, ", ");
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

std::string ListLine(const Entry& entry) {
  if (entry.golden.empty()) {
    return absl::StrCat(Shown(entry), ": golden unknown (", entry.unknown, ")");
  }
  if (entry.capture) return CaptureListLine(entry);
  if (!entry.golden_exists) {
    absl::StatusOr<std::string> canonical = CanonicalActual(entry.actual, FormatOf(entry.golden));
    return absl::StrCat(
        entry.golden, ": new",
        canonical.ok() ? "" : absl::StrCat(": invalid: ", canonical.status().message()));
  }
  const std::string summary = Summary(entry);
  return absl::StrCat(entry.golden, ": changed", summary.empty() ? "" : ": ", summary);
}

struct Counts {
  int accepted = 0;
  int rejected = 0;
  int skipped = 0;
};

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
      err << "vtsnap review: " << ListLine(entry) << "; not accepted\n";
      ++counts.skipped;
      continue;
    }
    absl::StatusOr<Acceptance> what = Prepare(entry);
    if (!what.ok()) {
      err << "vtsnap review: " << what.status().message() << "\n";
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
      err << "vtsnap review: " << line.status().message() << "\n";
      ++counts.skipped;
      code = kExitInvalid;
      continue;
    }
    out << *line << "\n";
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
      err << "vtsnap review: " << s.message() << "\n";
      ++counts.skipped;
      code = kExitInvalid;
      continue;
    }
    out << "rejected " << entry.actual << (entry.capture ? "/" : "") << "\n";
    ++counts.rejected;
  }
  out << SummaryLine(counts);
  return code;
}

// ---------------------------------------------------------------------------------------------
// The interactive review.

// What the signal handlers share with RawTerminal (used async-signal-safely only).
termios saved_termios;
volatile sig_atomic_t resized = 0;
constexpr char kEnterScreen[] = "\x1b[?1049h\x1b[?25l\x1b[?7l";  // alternate, no cursor, no wrap
constexpr char kLeaveScreen[] = "\x1b[0m\x1b[?7h\x1b[?25h\x1b[?1049l";

void OnResize(int) { resized = 1; }

// SIGTERM, SIGHUP, SIGQUIT: the terminal is restored before the signal ends the process.
void OnTerminate(int signal) {
  (void)!::write(STDOUT_FILENO, kLeaveScreen, sizeof kLeaveScreen - 1);
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_termios);
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

constexpr int kHandledSignals[] = {SIGWINCH, SIGTERM, SIGHUP, SIGQUIT};

// The terminal in raw mode on the alternate screen, restored when destroyed or when a signal
// ends the process. A window size change interrupts ReadKey so the screen is drawn again.
class RawTerminal {
 public:
  RawTerminal() {
    if (::tcgetattr(STDIN_FILENO, &saved_termios) != 0) return;
    termios raw = saved_termios;
    ::cfmakeraw(&raw);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    for (size_t i = 0; i < std::size(kHandledSignals); ++i) {
      struct sigaction action = {};
      action.sa_handler = kHandledSignals[i] == SIGWINCH ? OnResize : OnTerminate;
      sigemptyset(&action.sa_mask);
      action.sa_flags = 0;  // no SA_RESTART: a resize interrupts the read
      ::sigaction(kHandledSignals[i], &action, &previous_[i]);
    }
    if (::tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) != 0) {
      RestoreSignals();
      return;
    }
    active_ = true;
    Write(kEnterScreen);
  }
  ~RawTerminal() {
    if (!active_) return;
    Write(kLeaveScreen);
    ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_termios);
    RestoreSignals();
  }
  RawTerminal(const RawTerminal&) = delete;
  RawTerminal& operator=(const RawTerminal&) = delete;

  bool active() const { return active_; }

  static void Write(absl::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t n = ::write(STDOUT_FILENO, bytes.data(), bytes.size());
      if (n < 0) {
        if (errno == EINTR) continue;
        return;
      }
      bytes.remove_prefix(static_cast<size_t>(n));
    }
  }

  // The next byte typed; '\0' when the window was resized (draw again); nullopt at the end of
  // the input.
  static std::optional<char> ReadKey() {
    char c;
    while (true) {
      const ssize_t n = ::read(STDIN_FILENO, &c, 1);
      if (n == 1) return c;
      if (n < 0 && errno == EINTR) {
        if (resized) {
          resized = 0;
          return '\0';
        }
        continue;
      }
      return std::nullopt;
    }
  }

  static std::pair<int, int> Size() {
    winsize ws{};
    if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
      return {ws.ws_col, ws.ws_row};
    }
    return {80, 24};
  }

 private:
  void RestoreSignals() {
    for (size_t i = 0; i < std::size(kHandledSignals); ++i) {
      ::sigaction(kHandledSignals[i], &previous_[i], nullptr);
    }
  }

  struct sigaction previous_[std::size(kHandledSignals)] = {};
  bool active_ = false;
};

enum class View { kDiff, kExpected, kActual };

absl::string_view ViewName(View view) {
  switch (view) {
    case View::kDiff:
      return "diff";
    case View::kExpected:
      return "expected";
    case View::kActual:
      return "actual";
  }
  return "";
}

enum class Decision { kPending, kAccepted, kRejected, kSkipped };

// The rows of `frame` as a colour terminal shows them (RenderAnsiRow: each style's SGR, links as
// OSC 8), each between '|' delimiters.
std::vector<std::string> RenderFrameRows(const Frame& frame) {
  std::vector<std::string> lines;
  for (int row = 0; row < frame.rows; ++row) {
    lines.push_back(absl::StrCat("|", RenderAnsiRow(frame, row), "|"));
  }
  return lines;
}

std::vector<std::string> Lines(absl::string_view text) {
  std::vector<std::string> lines = absl::StrSplit(text, '\n');
  if (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

// Lines of a file's own bytes, with control characters as control pictures (ShownText) so that
// no byte of a corrupt or hostile file drives the terminal the review draws on.
std::vector<std::string> ShownLines(absl::string_view text) {
  std::vector<std::string> lines = Lines(text);
  for (std::string& line : lines) line = ShownText(line);
  return lines;
}

// The text of a pito frame's row: its symbols joined, between '|' delimiters, with control
// characters shown as '?' so that no symbol drives the terminal.
std::string TuiRowText(const pito::TuiRow& row) {
  std::string text = "|";
  for (const std::string& symbol : row.symbols) {
    for (size_t i = 0; i < symbol.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(symbol[i]);
      const bool c1 = c == 0xC2 && i + 1 < symbol.size() &&
                      static_cast<unsigned char>(symbol[i + 1]) >= 0x80 &&
                      static_cast<unsigned char>(symbol[i + 1]) <= 0x9F;
      if (c < 0x20 || c == 0x7F || c1) {
        text += '?';
        if (c1) ++i;
      } else {
        text += symbol[i];
      }
    }
  }
  return text + "|";
}

// What the review shows of a capture entry: in the diff view the Differences lines (as `vtsnap
// compare` prints them); in the expected and actual views the capture's frames, a line per
// scenario, then the rows of the first frame that differs.
std::vector<std::string> CaptureBody(const Entry& entry, View view) {
  absl::StatusOr<pito::Capture> actual = ReadActualCapture(entry);
  if (!actual.ok()) return {absl::StrCat("invalid actual capture: ", actual.status().message())};
  std::vector<std::string> strays;
  absl::StatusOr<pito::Capture> golden = ReadGoldenOf(entry, &strays);
  if (!golden.ok()) return {absl::StrCat("invalid golden: ", golden.status().message())};
  const pito::Differences differences = pito::Compare(*golden, *actual);
  std::vector<std::string> lines;
  if (view == View::kDiff) {
    if (!entry.golden_exists) lines.push_back("new capture golden: every frame is added");
    if (!strays.empty()) {
      lines.push_back(absl::StrCat("not frame files, which accepting leaves as they are: ",
                                   absl::StrJoin(strays, ", ")));
    }
    if (differences.empty())
      lines.push_back("the golden and the actual capture hold the same frames");
    for (const pito::Difference& difference : differences.entries) {
      lines.push_back(pito::DifferenceText(difference));
    }
    return lines;
  }
  if (view == View::kExpected && !entry.golden_exists)
    return {"(no golden yet: this entry is new)"};
  const pito::Capture& capture = view == View::kExpected ? *golden : *actual;
  lines.push_back(absl::StrCat(view == View::kExpected ? "the golden" : "the actual capture",
                               ", its frames by scenario:"));
  for (const auto& [scenario, frames] : capture.scenarios) {
    std::vector<std::string> sizes;
    for (const auto& [size, frame] : frames) sizes.push_back(FormatSize(size));
    lines.push_back(absl::StrCat("  ", scenario, "/ ", absl::StrJoin(sizes, " ")));
  }
  if (differences.empty()) return lines;
  const pito::Difference& first = differences.entries.front();
  const std::string name = absl::StrCat(first.scenario, "/", FormatSize(first.size));
  auto scenario = capture.scenarios.find(first.scenario);
  if (scenario == capture.scenarios.end() || !scenario->second.contains(first.size)) {
    lines.push_back(absl::StrCat("the first frame that differs, ", name, ", is not in it"));
    return lines;
  }
  lines.push_back(absl::StrCat("the first frame that differs, ", name, ":"));
  for (const pito::TuiRow& row : scenario->second.at(first.size).rows) {
    lines.push_back(TuiRowText(row));
  }
  return lines;
}

// What the review shows of one entry in one view, a line per element.
std::vector<std::string> Body(const Entry& entry, View view) {
  const absl::string_view ext = FormatOf(
      entry.golden.empty() ? entry.actual.substr(0, entry.actual.size() - kActualSuffix.size())
                           : entry.golden);
  std::vector<std::string> lines;
  if (entry.golden.empty()) {
    lines.push_back(absl::StrCat("golden unknown: ", entry.unknown));
    lines.push_back(absl::StrCat("actual: ", entry.actual));
    lines.push_back("this entry cannot be accepted; r removes the .actual");
    return lines;
  }
  if (entry.capture) return CaptureBody(entry, view);
  absl::StatusOr<std::string> actual_bytes = ReadAll(entry.actual);
  std::optional<std::string> golden_bytes;
  if (entry.golden_exists) {
    absl::StatusOr<std::string> read = ReadAll(entry.golden);
    if (!read.ok()) return {std::string(read.status().message())};
    golden_bytes = *std::move(read);
  }
  if (!actual_bytes.ok()) return {std::string(actual_bytes.status().message())};
  if (view == View::kExpected && !golden_bytes.has_value()) {
    return {"(no golden yet: this entry is new)"};
  }
  if (IsDumpFormat(ext)) {
    absl::StatusOr<Frame> actual = golden::Parse(*actual_bytes);
    if (!actual.ok()) {
      return {absl::StrCat("invalid .actual: ", entry.actual, ":", actual.status().message())};
    }
    std::optional<Frame> expected;
    if (golden_bytes.has_value()) {
      absl::StatusOr<Frame> parsed = golden::Parse(*golden_bytes);
      if (!parsed.ok()) {
        return {absl::StrCat("invalid golden: ", entry.golden, ":", parsed.status().message())};
      }
      expected = *std::move(parsed);
    }
    if (view == View::kExpected) return RenderFrameRows(*expected);
    if (view == View::kActual || !expected.has_value()) {
      lines = RenderFrameRows(*actual);
      if (view == View::kDiff) lines.insert(lines.begin(), "new golden; the actual screen:");
      return lines;
    }
    const FrameDiff diff = Compare(*expected, *actual);
    if (diff.empty()) return {"the golden and the actual screen mean the same (spelling only)"};
    lines = Lines(RenderDiff(diff));
    for (std::string& line : Lines(RenderChangedRows(*expected, *actual, diff))) {
      lines.push_back(std::move(line));
    }
    return lines;
  }
  if (ext == ".rgba") {
    absl::StatusOr<RgbaPlane> actual = ParseRgba(*actual_bytes);
    if (!actual.ok()) return {absl::StrCat("invalid .actual: ", actual.status().message())};
    std::optional<RgbaPlane> expected;
    if (golden_bytes.has_value()) {
      absl::StatusOr<RgbaPlane> parsed = ParseRgba(*golden_bytes);
      if (!parsed.ok()) return {absl::StrCat("invalid golden: ", parsed.status().message())};
      expected = *std::move(parsed);
    }
    auto describe = [](absl::string_view what, const RgbaPlane& plane) {
      return absl::StrCat(what, ": RGBA plane ", plane.width, "x", plane.height, " pixels, hash ",
                          RasterHash(plane));
    };
    // Each plane as a PNG in the temporary directory, to open in an image viewer.
    auto picture = [&entry](absl::string_view what, const RgbaPlane& plane) {
      std::error_code ec;
      const std::filesystem::path dir = std::filesystem::temp_directory_path(ec) / "vtsnap-review";
      std::filesystem::create_directories(dir, ec);
      char name[17];
      std::snprintf(name, sizeof(name), "%016llx",
                    static_cast<unsigned long long>(Fnv1a64(entry.actual)));
      const std::string path = (dir / absl::StrCat(name, "-", what, ".png")).string();
      absl::StatusOr<std::string> png = EncodePng(plane);
      absl::Status written = png.ok() ? WriteFileAtomically(path, *png) : png.status();
      return written.ok() ? absl::StrCat("  ", what, " as a picture: ", path)
                          : absl::StrCat("  ", what, " has no picture: ", written.message());
    };
    if (view == View::kExpected) {
      if (!expected.has_value()) return {"expected: no golden yet"};
      return {describe("expected", *expected), picture("expected", *expected)};
    }
    if (view == View::kActual || !expected.has_value()) {
      return {describe("actual", *actual), picture("actual", *actual)};
    }
    lines = {describe("expected", *expected), picture("expected", *expected),
             describe("actual", *actual), picture("actual", *actual)};
    for (std::string& line : Lines(RenderPlaneDiff(ComparePlanes(*expected, *actual)))) {
      lines.push_back(std::move(line));
    }
    return lines;
  }
  if (ext == ".semantic" && view == View::kDiff && golden_bytes.has_value()) {
    absl::StatusOr<SemanticSnapshot> expected = ParseSemantic(*golden_bytes, entry.golden);
    absl::StatusOr<SemanticSnapshot> actual = ParseSemantic(*actual_bytes, entry.actual);
    if (!expected.ok()) return {std::string(expected.status().message())};
    if (!actual.ok()) return {std::string(actual.status().message())};
    return ShownLines(DiffSemantic(*expected, *actual));
  }
  if (view == View::kExpected) return ShownLines(*golden_bytes);
  return ShownLines(*actual_bytes);
}

absl::string_view DecisionName(Decision decision) {
  switch (decision) {
    case Decision::kPending:
      return "";
    case Decision::kAccepted:
      return " [accepted]";
    case Decision::kRejected:
      return " [rejected]";
    case Decision::kSkipped:
      return " [skipped]";
  }
  return "";
}

void Draw(const std::vector<Entry>& entries, const std::vector<Decision>& decisions, size_t k,
          View view, const std::string& status) {
  const auto [cols, rows] = RawTerminal::Size();
  const Entry& entry = entries[k];
  std::string screen = "\x1b[H\x1b[2J";
  const std::string kind = absl::StrCat(
      entry.golden.empty() ? "golden unknown" : (entry.golden_exists ? "changed" : "new"),
      entry.capture && !entry.golden.empty() ? " capture" : "");
  absl::StrAppend(&screen, "\x1b[1m", k + 1, "/", entries.size(), " ", Shown(entry), " (", kind,
                  ")\x1b[0m", DecisionName(decisions[k]), "\r\n");
  absl::StrAppend(&screen, "a accept  r reject  s skip  n/p next/prev  v view  q quit\r\n");
  absl::StrAppend(&screen, "view: ", ViewName(view), status.empty() ? "" : "  (", status,
                  status.empty() ? "" : ")", "\r\n");
  const std::vector<std::string> body = Body(entry, view);
  const int room = std::max(0, rows - 3);
  for (int i = 0; i < static_cast<int>(body.size()) && i < room; ++i) {
    absl::StrAppend(&screen, body[static_cast<size_t>(i)], "\x1b[0m");
    if (i + 1 < room) absl::StrAppend(&screen, "\r\n");
  }
  (void)cols;  // auto-wrap is off: long lines are cut at the right margin
  RawTerminal::Write(screen);
}

int Interactive(const Pending& pending, std::ostream& out, std::ostream& err) {
  if (!::isatty(STDIN_FILENO) || !::isatty(STDOUT_FILENO)) {
    err << "vtsnap review: the interactive review needs a terminal on stdin and stdout; pass "
           "--list, --accept-all or --reject-all\n";
    return kExitInvalid;
  }
  const std::vector<Entry>& entries = pending.entries;
  if (entries.empty()) {
    out << "review: nothing pending\n" << SummaryLine(Counts{});
    return kExitOk;
  }
  std::vector<Decision> decisions(entries.size(), Decision::kPending);
  std::vector<std::string> messages;  // printed after the alternate screen is left
  {
    RawTerminal terminal;
    if (!terminal.active()) {
      err << "vtsnap review: cannot put the terminal in raw mode: " << std::strerror(errno) << "\n";
      return kExitInvalid;
    }
    size_t k = 0;
    View view = View::kDiff;
    std::string status;
    bool done = false;
    // Moves on after a decision; past the last entry the review ends.
    auto advance = [&] {
      if (k + 1 >= entries.size()) {
        done = true;
      } else {
        ++k;
        view = View::kDiff;
      }
    };
    while (!done) {
      Draw(entries, decisions, k, view, status);
      status.clear();
      const std::optional<char> key = RawTerminal::ReadKey();
      if (!key.has_value() || *key == 'q' || *key == 3 /* ctrl+c */) break;
      const Entry& entry = entries[k];
      const bool decided =
          decisions[k] == Decision::kAccepted || decisions[k] == Decision::kRejected;
      switch (*key) {
        case 'a': {
          if (decided) {
            status = "this entry is decided already";
            break;
          }
          if (entry.golden.empty()) {
            status = "the golden is unknown: this entry cannot be accepted";
            break;
          }
          absl::StatusOr<Acceptance> what = Prepare(entry);
          absl::StatusOr<std::string> line = what.ok() ? Accept(entry, *what) : what.status();
          if (!line.ok()) {
            status = absl::StrCat("not accepted: ", line.status().message());
            break;
          }
          decisions[k] = Decision::kAccepted;
          messages.push_back(*std::move(line));
          advance();
          break;
        }
        case 'r': {
          if (decided) {
            status = "this entry is decided already";
            break;
          }
          if (absl::Status s = RemoveActual(entry); !s.ok()) {
            status = absl::StrCat("not rejected: ", s.message());
            break;
          }
          decisions[k] = Decision::kRejected;
          messages.push_back(absl::StrCat("rejected ", entry.actual, entry.capture ? "/" : ""));
          advance();
          break;
        }
        case 's':
          if (!decided) decisions[k] = Decision::kSkipped;
          advance();
          break;
        case 'n':
          if (k + 1 < entries.size()) {
            ++k;
            view = View::kDiff;
          } else {
            status = "this is the last entry";
          }
          break;
        case 'p':
          if (k > 0) {
            --k;
            view = View::kDiff;
          } else {
            status = "this is the first entry";
          }
          break;
        case 'v':
          view = view == View::kDiff       ? View::kExpected
                 : view == View::kExpected ? View::kActual
                                           : View::kDiff;
          break;
        default:
          break;
      }
    }
  }
  Counts counts;
  for (Decision decision : decisions) {
    if (decision == Decision::kAccepted) {
      ++counts.accepted;
    } else if (decision == Decision::kRejected) {
      ++counts.rejected;
    } else {
      ++counts.skipped;
    }
  }
  for (const std::string& message : messages) out << message << "\n";
  out << SummaryLine(counts);
  return kExitOk;
}

}  // namespace

int RunReview(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  Mode mode = Mode::kInteractive;
  int modes = 0;
  std::string filter;
  std::vector<std::string> dirs;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      out << kUsage;
      return kExitOk;
    }
    if (arg == "--list") {
      mode = Mode::kList;
      ++modes;
    } else if (arg == "--accept-all") {
      mode = Mode::kAcceptAll;
      ++modes;
    } else if (arg == "--reject-all") {
      mode = Mode::kRejectAll;
      ++modes;
    } else if (arg == "--filter" || absl::StartsWith(arg, "--filter=")) {
      if (arg == "--filter") {
        if (i + 1 >= args.size()) {
          err << "vtsnap review: --filter needs a SUBSTRING\n" << kUsage;
          return kExitInvalid;
        }
        filter = args[++i];
      } else {
        filter = arg.substr(std::string("--filter=").size());
      }
      if (filter.empty()) {
        err << "vtsnap review: --filter needs a non-empty SUBSTRING\n";
        return kExitInvalid;
      }
    } else if (arg == "--") {
      dirs.insert(dirs.end(), args.begin() + static_cast<long>(i) + 1, args.end());
      break;
    } else if (!arg.empty() && arg[0] == '-') {
      err << "vtsnap review: unknown option '" << arg << "'\n" << kUsage;
      return kExitInvalid;
    } else {
      dirs.push_back(arg);
    }
  }
  if (modes > 1) {
    err << "vtsnap review: pass at most one of --list, --accept-all and --reject-all\n";
    return kExitInvalid;
  }
  if (dirs.empty()) dirs.push_back(".");
  for (const std::string& dir : dirs) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
      err << "vtsnap review: " << dir << ": no such folder\n";
      return kExitInvalid;
    }
  }
  const Pending pending = FindPending(dirs, filter);
  switch (mode) {
    case Mode::kList:
      for (const Entry& entry : pending.entries) out << ListLine(entry) << "\n";
      return kExitOk;
    case Mode::kAcceptAll:
      return AcceptAll(pending, out, err);
    case Mode::kRejectAll:
      return RejectAll(pending, out, err);
    case Mode::kInteractive:
      return Interactive(pending, out, err);
  }
  return kExitOk;
}

}  // namespace vtsnap::tools
