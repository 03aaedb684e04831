// `vtsnap review`: the pending .actual files `bazel test` keeps in a workspace's bazel-testlogs
// (`<package>/<target>/[shard_K_of_N/]test.outputs/vtsnap/`), the notes for outputs Bazel only
// zipped, and the package rule that picks one golden among several of the same suffix.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <system_error>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "vtsnap/tools/review_internal.h"

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

uint32_t Le16(const std::string& bytes, size_t at) {
  return static_cast<uint8_t>(bytes[at]) |
         static_cast<uint32_t>(static_cast<uint8_t>(bytes[at + 1])) << 8;
}
uint32_t Le32(const std::string& bytes, size_t at) {
  return Le16(bytes, at) | Le16(bytes, at + 2) << 16;
}

// Reads `size` bytes of `in` at `offset`; false when it cannot.
bool ReadAt(std::ifstream& in, uint64_t offset, size_t size, std::string* bytes) {
  bytes->assign(size, '\0');
  in.seekg(static_cast<std::streamoff>(offset));
  in.read(bytes->data(), static_cast<std::streamsize>(size));
  return in.good() || (in.eof() && static_cast<size_t>(in.gcount()) == size);
}

enum class ZipHolds { kActual, kNoActual, kUnknown };

// Whether the zip `path`'s central directory names a pending .actual under vtsnap/ (an entry
// "vtsnap/...X.actual", or one inside a "...capture.actual/" folder). Only the end record and the
// central directory are read (names are stored uncompressed there); a file that is not a plain
// zip (no end record, ZIP64 sizes, a directory past the end or over 64 MiB) is kUnknown.
ZipHolds ZipNamesActual(const std::string& path) {
  std::error_code ec;
  const uintmax_t size = fs::file_size(path, ec);
  std::ifstream in(path, std::ios::binary);
  if (ec || !in || size < 22) return ZipHolds::kUnknown;
  const uint64_t tail_size = std::min<uint64_t>(size, 22 + 0xFFFF);
  std::string tail;
  if (!ReadAt(in, size - tail_size, tail_size, &tail)) return ZipHolds::kUnknown;
  const size_t end = tail.rfind(std::string("PK\x05\x06", 4));
  if (end == std::string::npos || end + 22 > tail.size()) return ZipHolds::kUnknown;
  const uint32_t directory_size = Le32(tail, end + 12);
  const uint32_t directory_offset = Le32(tail, end + 16);
  if (directory_size == 0xFFFFFFFF || directory_offset == 0xFFFFFFFF ||
      uint64_t{directory_offset} + directory_size > size || directory_size > (64u << 20)) {
    return ZipHolds::kUnknown;
  }
  std::string directory;
  if (!ReadAt(in, directory_offset, directory_size, &directory)) return ZipHolds::kUnknown;
  for (size_t at = 0; at + 46 <= directory.size();) {
    if (directory.compare(at, 4, std::string("PK\x01\x02", 4)) != 0) {
      return ZipHolds::kUnknown;
    }
    const size_t name_size = Le16(directory, at + 28);
    const size_t next = at + 46 + name_size + Le16(directory, at + 30) + Le16(directory, at + 32);
    if (next > directory.size()) return ZipHolds::kUnknown;
    const absl::string_view name(directory.data() + at + 46, name_size);
    if (absl::StartsWith(name, "vtsnap/") &&
        (absl::EndsWith(name, kActualSuffix) || absl::StrContains(name, ".capture.actual/"))) {
      return ZipHolds::kActual;
    }
    at = next;
  }
  return ZipHolds::kNoActual;
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
    const std::string zip = Generic(folder / "outputs.zip");
    if (!fs::is_regular_file(zip, type_ec)) continue;
    const ZipHolds holds = ZipNamesActual(zip);
    if (holds == ZipHolds::kNoActual) continue;
    scan->notes.push_back(absl::StrCat(
        "vtsnap review: ", zip, holds == ZipHolds::kActual ? " holds" : " may hold",
        " pending goldens; rerun bazel test with --nozip_undeclared_test_outputs, or unzip it "
        "there (unzip -o outputs.zip -d .)"));
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
