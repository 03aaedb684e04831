// libFuzzer target: arbitrary text as a ckvision-golden 1 dump or its wide form (vtsnap-wide-golden
// 1, seed corpus/golden_fuzzer/wide.dump). Whatever parses must serialize, and the serialized form
// must parse to the same frame and serialize to itself.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "vtsnap/snapshot/formats/golden.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  absl::string_view text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<vtsnap::Frame> frame = vtsnap::golden::Parse(text);
  if (!frame.ok()) return 0;
  absl::StatusOr<std::string> canonical = vtsnap::golden::Serialize(*frame);
  if (!canonical.ok()) std::abort();
  absl::StatusOr<vtsnap::Frame> again = vtsnap::golden::Parse(*canonical);
  if (!again.ok() || !(*again == *frame)) std::abort();
  absl::StatusOr<std::string> twice = vtsnap::golden::Serialize(*again);
  if (!twice.ok() || *twice != *canonical) std::abort();
  return 0;
}
