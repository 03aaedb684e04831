// Reading the files of a zip archive, as Bazel keeps a test's undeclared outputs
// (`bazel-testlogs/<pkg>/<test>/test.outputs/outputs.zip`), for `vtsnap review`. Stored and
// deflated entries (what Info-ZIP's `zip` writes), each checked against its CRC-32; no ZIP64,
// encryption or multi-disk archives, which are refused by name. A zip bomb is refused before
// anything is inflated: too many files, a file or all of them together too large, or two entries
// sharing their data (ZipLimits).
//
// Example:
//   absl::StatusOr<std::vector<vtsnap::tools::ZipFile>> files =
//       vtsnap::tools::ReadZipFiles("test.outputs/outputs.zip", "vtsnap/");
//   if (!files.ok()) return files.status();  // "outputs.zip: byte 812: ..."
//   for (const auto& f : *files) Use(f.name, f.contents);  // "vtsnap/app_test/home.dump.actual"
#ifndef VTSNAP_TOOLS_ZIP_READER_H_
#define VTSNAP_TOOLS_ZIP_READER_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/golden/store.h"

namespace vtsnap::tools {

struct ZipFile {
  std::string name;      // the path inside the archive, '/'-separated
  std::string contents;  // uncompressed
};

// What one archive may hold of the files read from it. A test's pending goldens are at most a few
// hundred files, each at most a golden's limit; the total allows four of the largest goldens (a
// 4096x4096 RGBA plane is 64 MiB) and bounds what one archive can write to the disk.
struct ZipLimits {
  size_t files = 10000;
  size_t file_bytes = kMaxGoldenBytes;
  size_t total_bytes = 4 * kMaxGoldenBytes;
};

// Calls `visit` with each file (not folder) of the archive `path` for which `wanted(name)` holds,
// in archive order, one at a time, until `visit` returns an error, which is returned. The archive
// itself is limited to kMaxGoldenBytes (snapshot/golden/store.h). Before anything is inflated, the
// wanted files are checked against `limits` by their sizes in the central directory, and for data
// shared between two entries; an entry then inflates to exactly the size it declares or is an
// error (inflating stops there). A name that is absolute or has a ".." segment is refused, so no
// name can point outside the folder it is extracted to. Errors name the archive and the byte
// offset of what is wrong.
[[nodiscard]] absl::Status ForEachZipFile(const std::string& path,
                                          absl::FunctionRef<bool(absl::string_view name)> wanted,
                                          absl::FunctionRef<absl::Status(ZipFile file)> visit,
                                          const ZipLimits& limits = {});

// Every file of the archive `path` whose name starts with `prefix` (ForEachZipFile), in memory.
[[nodiscard]] absl::StatusOr<std::vector<ZipFile>> ReadZipFiles(const std::string& path,
                                                                absl::string_view prefix,
                                                                const ZipLimits& limits = {});

}  // namespace vtsnap::tools

#endif  // VTSNAP_TOOLS_ZIP_READER_H_
