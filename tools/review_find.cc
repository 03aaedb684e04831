// `vtsnap review`: finding the pending entries and reading their .actual files.
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdint>
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

#include "absl/algorithm/container.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/fnv1a.h"
#include "vtsnap/base/size.h"
#include "vtsnap/base/utf8.h"
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
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/review_internal.h"

namespace vtsnap::tools::review_internal {

namespace fs = std::filesystem;

// The path an entry is shown by: its golden, else its .actual; a folder ends in '/'.
std::string Shown(const Entry& entry) {
  return absl::StrCat(entry.golden.empty() ? entry.actual : entry.golden, entry.capture ? "/" : "");
}

namespace {

// A code point that reorders the text around it (the Unicode bidirectional formatting characters
// and marks), or a C1 control, which some terminals act on: both shown by name.
bool ShownByName(char32_t cp) {
  return (cp >= 0x80 && cp <= 0x9F) || cp == 0x061C || cp == 0x200E || cp == 0x200F ||
         (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

}  // namespace

std::string ShownName(absl::string_view text) {
  std::string out;
  for (const ShownGlyph& glyph : ShownGlyphs(text)) {
    const Utf8Char c = DecodeUtf8(glyph.text);
    if (c.valid && static_cast<size_t>(c.length) == glyph.text.size() &&
        ShownByName(c.code_point)) {
      absl::StrAppendFormat(&out, "<U+%04X>", static_cast<uint32_t>(c.code_point));
    } else {
      out += glyph.text;
    }
  }
  return out;
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
  std::vector<std::string> inline_sidecars;   // pending inline screens beside test sources
};

// Walks `root`, sorting what it holds into `found`. The folders `skip` are skipped; with
// `as_outputs` the .actual files and .capture.actual folders found go to found->outputs and
// found->outputs_captures.
void Walk(const fs::path& root, const std::vector<fs::path>& skip, bool as_outputs, Found* found) {
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const fs::path& path = it->path();
    const std::string name = path.filename().string();
    std::error_code type_ec;
    if (it->is_directory(type_ec) && !it->is_symlink(type_ec)) {
      if (std::any_of(skip.begin(), skip.end(), [&](const fs::path& folder) {
            return fs::equivalent(path, folder, type_ec);
          })) {
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
    if (IsPendingInlineFileName(name)) {
      found->inline_sidecars.push_back(Generic(path));
      continue;
    }
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
// For an .actual in bazel-testlogs (`from`), the golden folders count alongside the goldens, and
// several candidates are narrowed to its package's (PreferPackage).
void ResolveFromOutputs(const std::string& relative, const Found& found,
                        const TestlogsOutputs* from, Entry* entry) {
  const std::string suffix = absl::StrCat("/goldens/", relative);
  std::vector<std::string> matches;
  for (const std::string& file : entry->capture ? found.folders : found.files) {
    if (absl::EndsWith(absl::StrCat("/", file), suffix)) matches.push_back(file);
  }
  // For bazel-testlogs, a new golden's folder counts as much as an existing golden: another
  // package's golden of the same suffix must not win over this package's folder.
  if (matches.empty() || from != nullptr) {
    const size_t slash = relative.find('/');
    if (slash != std::string::npos) {
      const std::string folder_suffix = absl::StrCat("/goldens/", relative.substr(0, slash));
      for (const std::string& folder : found.folders) {
        const std::string candidate = absl::StrCat(folder, relative.substr(slash));
        if (absl::EndsWith(absl::StrCat("/", folder), folder_suffix) &&
            !absl::c_linear_search(matches, candidate)) {
          matches.push_back(candidate);
        }
      }
    }
  }
  std::sort(matches.begin(), matches.end());  // the walk's order is the file system's
  if (matches.size() > 1 && from != nullptr) matches = PreferPackage(matches, *from);
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

namespace {

// True when every entry is an .actual file (not a capture folder) and all hold the same bytes.
bool SameBytes(const std::vector<Entry*>& entries) {
  std::optional<std::string> first;
  for (const Entry* e : entries) {
    if (e->capture) return false;
    absl::StatusOr<std::optional<std::string>> bytes = ReadFileIfExists(e->actual);
    if (!bytes.ok() || !bytes->has_value()) return false;
    if (!first.has_value()) {
      first = std::move(**bytes);
    } else if (**bytes != *first) {
      return false;
    }
  }
  return true;
}

}  // namespace

Pending FindPending(const std::vector<std::string>& dirs, absl::string_view filter) {
  fs::path outputs;
  if (const char* env = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR"); env != nullptr && *env) {
    outputs = fs::path(env) / "vtsnap";
  }
  // A reviewed folder's bazel-testlogs is only read for its test.outputs/vtsnap folders.
  std::vector<fs::path> skip;
  if (!outputs.empty()) skip.push_back(outputs);
  TestlogsScan testlogs;
  for (const std::string& dir : dirs) {
    if (fs::path folder = TestlogsOf(dir); !folder.empty()) skip.push_back(folder);
    ScanTestlogs(dir, &testlogs);
  }
  Found found;
  for (const std::string& dir : dirs) Walk(dir, skip, false, &found);
  if (!outputs.empty()) Walk(outputs, {}, true, &found);
  // The .actual files of each testlogs folder, by the folder they are in.
  std::vector<Found> in_testlogs(testlogs.outputs.size());
  for (size_t i = 0; i < testlogs.outputs.size(); ++i) {
    Walk(testlogs.outputs[i].vtsnap, {}, true, &in_testlogs[i]);
  }

  Pending pending;
  pending.notes = std::move(testlogs.notes);
  std::sort(pending.notes.begin(), pending.notes.end());
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
  auto add_from_outputs = [&](const std::string& actual, bool capture,
                              const std::string& outputs_root, const TestlogsOutputs* from) {
    Entry entry{.actual = actual,
                .capture = capture,
                .testlogs = from != nullptr && from->extracted_from.empty()};
    std::string relative = strip(actual);
    if (absl::StartsWith(relative, outputs_root + "/")) {
      relative = relative.substr(outputs_root.size() + 1);
    }
    ResolveFromOutputs(relative, found, from, &entry);
    add(std::move(entry));
  };
  const std::string outputs_root = Generic(outputs);
  for (const std::string& actual : found.outputs) {
    add_from_outputs(actual, false, outputs_root, nullptr);
  }
  for (const std::string& actual : found.outputs_captures) {
    add_from_outputs(actual, true, outputs_root, nullptr);
  }
  for (size_t i = 0; i < testlogs.outputs.size(); ++i) {
    const TestlogsOutputs& from = testlogs.outputs[i];
    for (const std::string& actual : in_testlogs[i].outputs) {
      add_from_outputs(actual, false, from.vtsnap, &from);
    }
    for (const std::string& actual : in_testlogs[i].outputs_captures) {
      add_from_outputs(actual, true, from.vtsnap, &from);
    }
  }
  AddInlineEntries(found.inline_sidecars, filter, &pending);
  std::sort(pending.entries.begin(), pending.entries.end(), [](const Entry& a, const Entry& b) {
    return Shown(a) != Shown(b) ? Shown(a) < Shown(b) : a.actual < b.actual;
  });
  // Two .actual files for one golden (beside it and in an outputs tree): which one to accept is
  // the user's call, so neither is accepted. When they hold the same bytes there is nothing to
  // choose: the first is the entry and the others its twins, removed with it.
  std::map<std::string, std::vector<Entry*>> by_golden;
  for (Entry& entry : pending.entries) {
    if (entry.golden.empty() || entry.inline_screen) continue;
    std::error_code ec;
    const std::string key = fs::weakly_canonical(entry.golden, ec).string();
    by_golden[ec ? entry.golden : key].push_back(&entry);
  }
  std::set<const Entry*> folded;
  for (auto& [golden, entries] : by_golden) {
    if (entries.size() < 2) continue;
    if (SameBytes(entries)) {
      for (size_t i = 1; i < entries.size(); ++i) {
        entries[0]->twins.push_back(*entries[i]);
        folded.insert(entries[i]);
      }
      continue;
    }
    std::vector<std::string> actuals;
    for (const Entry* e : entries) actuals.push_back(e->actual);
    for (Entry* e : entries) {
      e->unknown =
          absl::StrCat("several .actual files are pending for ", e->golden, " (",
                       absl::StrJoin(actuals, ", "), "): remove all but the one to accept");
      e->golden.clear();
    }
  }
  std::vector<Entry> kept;
  for (Entry& entry : pending.entries) {
    if (!folded.contains(&entry)) kept.push_back(std::move(entry));
  }
  pending.entries = std::move(kept);
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

}  // namespace vtsnap::tools::review_internal
