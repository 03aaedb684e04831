// libFuzzer target: arbitrary text as a semantic snapshot (snapshot/formats/semantic.h,
// docs/semantic.md). An error is InvalidArgument naming the file ("fuzz.semantic:LINE:COL: ...");
// whatever parses serializes, parses back to an equal snapshot and serializes to the same text
// again.
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "test/fuzz/fuzz_check.h"
#include "vtsnap/snapshot/formats/semantic.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  const absl::StatusOr<vtsnap::SemanticSnapshot> parsed =
      vtsnap::ParseSemantic(text, "fuzz.semantic");
  if (!parsed.ok()) {
    FUZZ_CHECK(parsed.status().code() == absl::StatusCode::kInvalidArgument,
               std::string(parsed.status().message()));
    FUZZ_CHECK(absl::StartsWith(parsed.status().message(), "fuzz.semantic:"),
               std::string(parsed.status().message()));
    return 0;
  }
  const std::string written = vtsnap::SerializeSemantic(*parsed);
  const absl::StatusOr<vtsnap::SemanticSnapshot> again =
      vtsnap::ParseSemantic(written, "written.semantic");
  FUZZ_CHECK(again.ok(), std::string(again.status().message()) + "\n" + written);
  FUZZ_CHECK(*again == *parsed, written);
  FUZZ_CHECK(vtsnap::SerializeSemantic(*again) == written, written);
  return 0;
}
