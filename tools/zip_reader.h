// Reading the files of a zip archive, as Bazel keeps a test's undeclared outputs
// (`bazel-testlogs/<pkg>/<test>/test.outputs/outputs.zip`), for `vtsnap review`. Stored and
// deflated entries (what Info-ZIP's `zip` writes), each checked against its CRC-32; no ZIP64,
// encryption or multi-disk archives, which are refused by name.
//
// Example:
//   absl::StatusOr<std::vector<vtsnap::tools::ZipFile>> files =
//       vtsnap::tools::ReadZipFiles("test.outputs/outputs.zip", "vtsnap/");
//   if (!files.ok()) return files.status();  // "outputs.zip: byte 812: ..."
//   for (const auto& f : *files) Use(f.name, f.contents);  // "vtsnap/app_test/home.dump.actual"
#ifndef VTSNAP_TOOLS_ZIP_READER_H_
#define VTSNAP_TOOLS_ZIP_READER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace vtsnap::tools {

struct ZipFile {
  std::string name;      // the path inside the archive, '/'-separated
  std::string contents;  // uncompressed
};

// Every file (not folder) of the archive `path` whose name starts with `prefix`, in archive
// order. The archive and each file are limited to kMaxGoldenBytes (snapshot/store.h). A name that
// is absolute or has a ".." segment is refused, so no name can point outside the folder it is
// extracted to. Errors name the archive and the byte offset of what is wrong.
[[nodiscard]] absl::StatusOr<std::vector<ZipFile>> ReadZipFiles(const std::string& path,
                                                                absl::string_view prefix);

}  // namespace vtsnap::tools

#endif  // VTSNAP_TOOLS_ZIP_READER_H_
