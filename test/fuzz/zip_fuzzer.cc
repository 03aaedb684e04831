// libFuzzer target: arbitrary bytes as the outputs.zip `vtsnap review` reads (tools/zip_reader.h).
// The reader takes a path, so each input is written to one scratch file of the process first. An
// error names the archive ("<path>: ..."); an archive that reads yields, as `vtsnap review` asks,
// only files under vtsnap/ whose names can be extracted below a folder (no ".." segment, not a
// folder entry) and none larger than a golden may be.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "test/fuzz/fuzz_check.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/tools/zip_reader.h"

namespace {

const std::string& ScratchPath() {
  static const std::string* path = new std::string(
      (std::filesystem::temp_directory_path() / absl::StrCat("zip_fuzzer.", getpid(), ".zip"))
          .string());
  return *path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string& path = ScratchPath();
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    FUZZ_CHECK(out.good(), path);
  }
  const absl::StatusOr<std::vector<vtsnap::tools::ZipFile>> files =
      vtsnap::tools::ReadZipFiles(path, "vtsnap/");
  std::filesystem::remove(path);
  if (!files.ok()) {
    FUZZ_CHECK(absl::StartsWith(files.status().message(), path + ":"),
               std::string(files.status().message()));
    return 0;
  }
  for (const vtsnap::tools::ZipFile& f : *files) {
    FUZZ_CHECK(absl::StartsWith(f.name, "vtsnap/") && !absl::EndsWith(f.name, "/"), f.name);
    for (absl::string_view segment : absl::StrSplit(f.name, '/')) {
      FUZZ_CHECK(segment != "..", f.name);
    }
    FUZZ_CHECK(f.contents.size() <= vtsnap::kMaxGoldenBytes, f.name);
  }
  return 0;
}
