// Raster checks: what a decoded display and its pixel plane must show for a composed scene's raster
// records (docs/golden-format.md, "Raster records versus rendered-graphics captures" and "Paired
// raster scripts"). A raster-bearing script is played on a Sixel profile and on a NoGraphics
// profile; these functions say, for each, whether the display is what the scene promises, and
// explain the first problem when it is not.
//
//   const vtsnap::CellMetrics cell = {.width = 3, .height = 6};
//   absl::Status s = vtsnap::CheckSixelDisplay(scene, display, plane, cell);
//   // s.message(): "raster 7: cell (1, 1) under the picture shows \"#\", not a blank"
//
// A record's pixel rectangle is its pixel extent placed at its anchor cell's top-left pixel:
// x = col * cell.width, y = row * cell.height, pixel_width x pixel_height pixels.
#ifndef VTSNAP_SNAPSHOT_SCREEN_RASTER_CHECKS_H_
#define VTSNAP_SNAPSHOT_SCREEN_RASTER_CHECKS_H_

#include "absl/status/status.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace vtsnap {

// The pixel size of one terminal cell (the spec's test profile: 3 x 6).
struct CellMetrics {
  int width = 3;
  int height = 6;
};

// A rectangle of pixels.
struct PixelRect {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
  bool Contains(int px, int py) const {
    return px >= x && px < x + width && py >= y && py < y + height;
  }
};

// The pixel rectangle of a raster record (see the file comment).
PixelRect RasterPixelRect(const RasterRecord& record, const CellMetrics& cell);

// The plane covers the whole screen: scene.cols * cell.width by scene.rows * cell.height pixels,
// with all its bytes. CheckSixelDisplay and CheckPixelsInsideSlices check it first.
[[nodiscard]] absl::Status CheckPlaneSize(const Frame& scene, const RgbaPlane& plane,
                                          const CellMetrics& cell);

// NoGraphics: the plane has no opaque pixel, and under every raster record the display shows the
// scene's own cells (the fallback), text and style.
[[nodiscard]] absl::Status CheckNoGraphicsDisplay(const Frame& scene, const Frame& display,
                                                  const RgbaPlane& plane);

// Sixel: under every raster record the display's cells are blanks in the scene's style (never
// fallback glyphs), and each record's pixel rectangle is fully opaque in the plane.
[[nodiscard]] absl::Status CheckSixelDisplay(const Frame& scene, const Frame& display,
                                             const RgbaPlane& plane, const CellMetrics& cell);

// Sixel: no opaque pixel outside the records' pixel rectangles and no transparent pixel (a hole)
// inside one.
[[nodiscard]] absl::Status CheckPixelsInsideSlices(const Frame& scene, const RgbaPlane& plane,
                                                   const CellMetrics& cell);

// A picture scrolled by `rows` cell rows (positive: up): every pixel of `region` in `before` is
// found `rows * cell.height` pixels higher in `after`, wherever that stays inside the plane.
[[nodiscard]] absl::Status CheckMovedBy(const RgbaPlane& before, const RgbaPlane& after,
                                        const PixelRect& region, int rows, const CellMetrics& cell);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_SCREEN_RASTER_CHECKS_H_
