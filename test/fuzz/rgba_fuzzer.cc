// libFuzzer target: arbitrary bytes as a ckvision-rgba 1 plane. ParseRgba never crashes and never
// allocates for a size its input does not hold; whatever parses is consistent, serializes back to
// the same bytes, and survives a crop, a comparison with itself and the raster hash.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/formats/rgba_file.h"
#include "vtsnap/snapshot/screen/rgba.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view bytes(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<vtsnap::RgbaPlane> plane = vtsnap::ParseRgba(bytes);
  if (!plane.ok()) {
    if (plane.status().message().empty()) std::abort();
    return 0;
  }
  if (!plane->valid()) std::abort();
  if (vtsnap::SerializeRgba(*plane) != bytes) std::abort();
  if (!vtsnap::ComparePlanes(*plane, *plane).empty()) std::abort();
  if (vtsnap::RasterHash(*plane).size() != 16) std::abort();
  // The lower-right quarter, and back to the same comparison.
  const int x = plane->width / 2;
  const int y = plane->height / 2;
  absl::StatusOr<vtsnap::RgbaPlane> quarter =
      vtsnap::Crop(*plane, x, y, plane->width - x, plane->height - y);
  if (!quarter.ok() || !quarter->valid()) std::abort();
  const vtsnap::PlaneDiff diff = vtsnap::ComparePlanes(*plane, *quarter);
  if (diff.empty() != (x == 0 && y == 0)) std::abort();
  if (vtsnap::RenderPlaneDiff(diff).empty()) std::abort();
  return 0;
}
