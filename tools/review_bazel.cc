// `vtsnap review`: the pending .actual files `bazel test` keeps in a workspace's bazel-testlogs
// (`<package>/<target>/[shard_K_of_N/]test.outputs/vtsnap/`, or inside its outputs.zip, extracted
// into this user's private folder), and the package rule that picks one golden among several of the
// same suffix.
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <system_error>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "vtsnap/base/fnv1a.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/tools/review_internal.h"
#include "vtsnap/tools/zip_reader.h"

namespace vtsnap::tools::review_internal {

namespace fs = std::filesystem;

namespace {

constexpr absl::string_view kTestlogs = "bazel-testlogs";
constexpr absl::string_view kTestOutputs = "test.outputs";

// True for "shard_K_of_N", the folder of one shard of a sharded test.
bool IsShardFolder(absl::string_view name) {
  if (!absl::ConsumePrefix(&name, "shard_")) return false;
  const size_t of = name.find("_of_");
  if (of == 0 || of == absl::string_view::npos || of + 4 == name.size()) return false;
  for (size_t i = 0; i < name.size(); ++i) {
    if (i >= of && i < of + 4) continue;
    if (!absl::ascii_isdigit(static_cast<unsigned char>(name[i]))) return false;
  }
  return true;
}

// Whether the archive name `name` (under vtsnap/) is a pending entry: an .actual file, or a file
// of an actual capture folder.
bool IsPendingName(absl::string_view name) {
  return absl::EndsWith(name, kActualSuffix) || absl::StrContains(name, ".capture.actual/");
}

// Extracts the pending entries of the zip `zip` (Bazel's test.outputs/outputs.zip) into this
// user's private folder, `<PrivateActualFolder>/bazel-testlogs/<hash of the zip's path>/<its size
// and modification time>/`, and returns that folder's `vtsnap/`, or "" when the zip holds no
// pending entry. An extraction of the same zip is reused, so what review accepted or rejected (and
// removed there) stays done until Bazel writes a new zip; older extractions of the zip go.
absl::StatusOr<std::string> ExtractPending(const std::string& zip) {
  std::error_code ec;
  const std::string canonical = fs::weakly_canonical(zip, ec).string();
  struct stat st {};
  if (::stat(zip.c_str(), &st) != 0) {
    return absl::ErrnoToStatus(errno, absl::StrCat(zip, ": cannot read it"));
  }
  absl::StatusOr<std::string> private_folder = PrivateActualFolder();
  if (!private_folder.ok()) return private_folder.status();
  const fs::path of_zip = fs::path(*private_folder) / "bazel-testlogs" /
                          absl::StrCat(absl::Hex(Fnv1a64(ec ? zip : canonical), absl::kZeroPad16));
  const fs::path version =
      of_zip / absl::StrCat(st.st_size, "-", st.st_mtim.tv_sec, ".", st.st_mtim.tv_nsec);
  const fs::path vtsnap = version / "vtsnap";
  if (fs::is_directory(version, ec)) return fs::is_directory(vtsnap, ec) ? Generic(vtsnap) : "";
  fs::remove_all(of_zip, ec);  // extractions of earlier zips at this path
  fs::create_directories(version, ec);
  if (ec) {
    return absl::InternalError(absl::StrCat("creating ", version.string(), ": ", ec.message()));
  }
  // One file in memory at a time; the failure report's page and entries are not read.
  bool any = false;
  const absl::Status extracted = ForEachZipFile(
      zip,
      [](absl::string_view name) {
        return absl::StartsWith(name, "vtsnap/") && IsPendingName(name);
      },
      [&version, &any](const ZipFile& file) {
        any = true;
        return WriteFileAtomically((version / file.name).string(), file.contents);
      });
  if (!extracted.ok()) {
    fs::remove_all(of_zip, ec);  // a part would be taken for the whole next time
    return extracted;
  }
  return any ? Generic(vtsnap) : "";
}

// `path` is `folder` or under it; "." holds every relative path.
bool IsUnder(absl::string_view path, absl::string_view folder) {
  while (folder.size() > 1 && folder.back() == '/') folder.remove_suffix(1);
  if (folder == ".")
    return !absl::StartsWith(path, "/") && path != ".." && !absl::StartsWith(path, "../");
  return path == folder || absl::StartsWith(path, absl::StrCat(folder, "/"));
}

}  // namespace

fs::path TestlogsOf(const std::string& reviewed) {
  const fs::path testlogs = fs::path(reviewed) / std::string(kTestlogs);
  std::error_code ec;
  return fs::exists(fs::symlink_status(testlogs, ec)) ? testlogs : fs::path();
}

void ScanTestlogs(const std::string& reviewed, TestlogsScan* scan) {
  const fs::path testlogs = TestlogsOf(reviewed);
  std::error_code ec;
  if (testlogs.empty() || !fs::is_directory(testlogs, ec)) return;  // follows the symlink itself
  fs::recursive_directory_iterator it(testlogs, fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    std::error_code type_ec;
    if (!it->is_directory(type_ec) || it->is_symlink(type_ec)) continue;
    if (it->path().filename() != std::string(kTestOutputs)) continue;
    it.disable_recursion_pending();
    const fs::path folder = it->path();
    std::error_code seen_ec;
    const std::string key = fs::weakly_canonical(folder, seen_ec).string();
    if (!scan->seen.insert(seen_ec ? Generic(folder) : key).second) continue;
    // The path between bazel-testlogs and test.outputs: the package, then the target, then the
    // shard's folder of a sharded test (left out).
    std::vector<std::string> components;
    for (const fs::path& part : folder.parent_path().lexically_relative(testlogs)) {
      if (part != ".") components.push_back(part.string());
    }
    if (!components.empty() && IsShardFolder(components.back())) components.pop_back();
    const fs::path vtsnap = folder / "vtsnap";
    if (fs::is_directory(vtsnap, type_ec)) {
      scan->outputs.push_back(
          {.reviewed = reviewed, .vtsnap = Generic(vtsnap), .components = std::move(components)});
      continue;
    }
    // Bazel 4.2.3 keeps undeclared outputs only zipped: the pending entries are extracted.
    const std::string zip = Generic(folder / "outputs.zip");
    if (!fs::is_regular_file(zip, type_ec)) continue;
    absl::StatusOr<std::string> extracted = ExtractPending(zip);
    if (!extracted.ok()) {
      scan->notes.push_back(absl::StrCat("vtsnap review: ", extracted.status().message(),
                                         " (its pending goldens, if any, are not listed)"));
    } else if (!extracted->empty()) {
      scan->outputs.push_back({.reviewed = reviewed,
                               .vtsnap = *extracted,
                               .components = std::move(components),
                               .extracted_from = zip});
    }
  }
}

std::vector<std::string> PreferPackage(const std::vector<std::string>& matches,
                                       const TestlogsOutputs& from) {
  // The last component is always (part of) the target's name, so the package is at most the
  // components before it; the longest prefix under which some candidate lies decides. As a
  // shorter prefix only adds candidates, that is also the longest prefix holding exactly one,
  // when there is one.
  for (size_t k = from.components.empty() ? 0 : from.components.size() - 1;; --k) {
    fs::path prefix(from.reviewed);
    for (size_t i = 0; i < k; ++i) prefix /= from.components[i];
    const std::string folder = Generic(prefix);
    std::vector<std::string> under;
    for (const std::string& match : matches) {
      if (IsUnder(match, folder)) under.push_back(match);
    }
    if (!under.empty()) return under;
    if (k == 0) return matches;
  }
}

}  // namespace vtsnap::tools::review_internal
