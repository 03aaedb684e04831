// libFuzzer target: arbitrary text as a golden-inventory record (snapshot/golden/inventory.h,
// docs/inventory.md). An error is InvalidArgument naming the line ("line N: ..."); whatever
// parses serializes, parses back to an equal record and serializes to the same text again.
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "test/fuzz/fuzz_check.h"
#include "vtsnap/snapshot/golden/inventory.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  const absl::StatusOr<vtsnap::InventoryRecord> parsed = vtsnap::ParseRecord(text);
  if (!parsed.ok()) {
    FUZZ_CHECK(parsed.status().code() == absl::StatusCode::kInvalidArgument,
               std::string(parsed.status().message()));
    FUZZ_CHECK(absl::StartsWith(parsed.status().message(), "line "),
               std::string(parsed.status().message()));
    return 0;
  }
  const std::string written = vtsnap::SerializeRecord(*parsed);
  const absl::StatusOr<vtsnap::InventoryRecord> again = vtsnap::ParseRecord(written);
  FUZZ_CHECK(again.ok(), std::string(again.status().message()) + "\n" + written);
  FUZZ_CHECK(*again == *parsed, written);
  FUZZ_CHECK(vtsnap::SerializeRecord(*again) == written, written);
  return 0;
}
