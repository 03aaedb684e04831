// RGBA planes: the pixels a terminal's graphics show, their comparison, and the raster content
// hash that raster records carry (docs/rgba.md). The `ckvision-rgba 1` file a plane is kept in is
// snapshot/formats/rgba_file.h.
//
// A test of graphics output pins what a terminal shows twice: the cells, in a `ckvision-golden 1`
// dump, and the decoded pixel plane, in a `ckvision-rgba 1` file beside it. Transparent pixels are
// (0, 0, 0, 0) and the size is the whole plane, not the bounds of what is opaque. ComparePlanes and
// RenderPlaneDiff say how two planes differ (the size, or how many pixels and where), never by
// dumping bytes.
//
// A frame's raster records (snapshot/screen/frame.h) come from the app's compositor. Each record is
// the visible slice of one picture: its anchor and span are the visible cells, and its pixel extent
// and hash are those of the part of the picture those cells show. RasterHash is the hash to put in
// it:
//
//   RasterHash(p) = 16 lowercase hex digits of the 64-bit FNV-1a hash (offset basis
//   0xcbf29ce484222325, prime 0x100000001b3, xor a byte then multiply, modulo 2^64) over
//   p.width and p.height, each as a 4-byte little-endian unsigned integer, then p's RGBA bytes.
//
// In Python, for example:
//   def raster_hash(width, height, rgba):
//       h = 0xcbf29ce484222325
//       for b in width.to_bytes(4, "little") + height.to_bytes(4, "little") + rgba:
//           h = ((h ^ b) * 0x100000001b3) % 2**64
//       return "%016x" % h
//
// Example (kept compiling in test/snapshot/rgba_test.cc):
//   vtsnap::RgbaPlane picture = vtsnap::RgbaPlane::Transparent(12, 12);
//   picture.Set(0, 0, 0xFF0000FF);                       // opaque red, 0xRRGGBBAA
//   // The top half of the picture is visible: record that slice.
//   absl::StatusOr<vtsnap::RgbaPlane> slice = vtsnap::Crop(picture, 0, 0, 12, 6);
//   if (!slice.ok()) return slice.status();
//   vtsnap::RasterRecord record = {.id = 1,
//                                  .col = 2,
//                                  .row = 1,
//                                  .cols = 4,
//                                  .rows = 1,
//                                  .pixel_width = slice->width,
//                                  .pixel_height = slice->height,
//                                  .hash = vtsnap::RasterHash(*slice)};
//   vtsnap::PlaneDiff diff = vtsnap::ComparePlanes(picture, vtsnap::RgbaPlane::Transparent(12,
//   12)); if (!diff.empty()) std::cerr << vtsnap::RenderPlaneDiff(diff);
#ifndef VTSNAP_SNAPSHOT_SCREEN_RGBA_H_
#define VTSNAP_SNAPSHOT_SCREEN_RGBA_H_

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "vtsnap/base/fnv1a.h"  // Fnv1a64, RasterHash's hash

namespace vtsnap {

// A plane of RGBA pixels, row-major, 4 bytes a pixel (red, green, blue, alpha), no padding.
// Consistent when width and height are non-negative and pixels.size() == width * height * 4
// (valid() checks it); Crop and the parser only ever make consistent planes.
struct RgbaPlane {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> pixels = {};

  // A width x height plane of transparent pixels (0, 0, 0, 0). A negative size counts as 0.
  static RgbaPlane Transparent(int width, int height);
  // A width x height plane of one colour, `rgba` as 0xRRGGBBAA.
  static RgbaPlane Filled(int width, int height, uint32_t rgba);

  bool valid() const;

  // Pixel (x, y) as 0xRRGGBBAA; (x, y) must lie inside a consistent plane.
  uint32_t At(int x, int y) const;
  // Sets pixel (x, y) to `rgba` (0xRRGGBBAA); (x, y) must lie inside a consistent plane.
  void Set(int x, int y, uint32_t rgba);

  // The number of pixels whose alpha is not 0.
  int OpaqueCount() const;

  friend bool operator==(const RgbaPlane& a, const RgbaPlane& b) = default;
};

// gtest prints a plane as "12x12 RGBA plane, 1 opaque pixel, hash 0123456789abcdef", never its
// bytes.
void PrintTo(const RgbaPlane& plane, std::ostream* os);

// The w x h rectangle of `plane` whose top-left pixel is (x, y). Fails with InvalidArgumentError
// when the rectangle is not inside the plane, a size is negative, or the plane is inconsistent.
[[nodiscard]] absl::StatusOr<RgbaPlane> Crop(const RgbaPlane& plane, int x, int y, int w, int h);

// How two planes differ. Pixels are compared byte for byte (a pixel differs when any of its four
// channels does). When the sizes differ nothing else is compared.
struct PlaneDiff {
  bool size_differs = false;
  int expected_width = 0;
  int expected_height = 0;
  int actual_width = 0;
  int actual_height = 0;
  // Pixels that differ, and their bounding box (inclusive, 0-based pixels); the box is meaningful
  // only when differing_pixels > 0.
  uint64_t differing_pixels = 0;
  int min_x = 0;
  int min_y = 0;
  int max_x = 0;
  int max_y = 0;
  // The first differing pixel in row-major order and its two values (0xRRGGBBAA).
  int first_x = 0;
  int first_y = 0;
  uint32_t first_expected = 0;
  uint32_t first_actual = 0;

  bool empty() const { return !size_differs && differing_pixels == 0; }
};

// The differences between `expected` and `actual`; empty exactly when the planes are equal
// (a pixel an inconsistent plane has no bytes for counts as differing).
PlaneDiff ComparePlanes(const RgbaPlane& expected, const RgbaPlane& actual);

struct PlaneDiffOptions {
  // The pixel size of a terminal cell; when both are positive the report also names the cells
  // the bounding box covers.
  int cell_width = 0;
  int cell_height = 0;
};

// The report, one or two "\n"-terminated lines, no pixel bytes:
//   planes are equal
//   planes differ in size: 48x36 -> 60x36 (width x height, pixels)
//   planes differ: 37 of 1728 pixels in x 3-11, y 6-11 (cols 1-3, row 1 of 3x6-pixel cells)
//     first at (3, 6): #FF0000FF -> transparent
// Coordinates are 0-based pixels, ranges inclusive; a pixel is written #RRGGBBAA, and
// "transparent" when it is (0, 0, 0, 0).
std::string RenderPlaneDiff(const PlaneDiff& diff, const PlaneDiffOptions& options = {});

// The raster content hash of a picture (see the file comment): FNV-1a 64 over its width and height
// as 4-byte little-endian unsigned integers, then its RGBA bytes, as 16 lowercase hex digits.
std::string RasterHash(const RgbaPlane& picture);
// The same over pixels held elsewhere: `rgba` holds the width*height*4 bytes of the picture.
std::string RasterHash(uint32_t width, uint32_t height, absl::Span<const uint8_t> rgba);

// 64-bit FNV-1a, continued from `hash` (the offset basis to start afresh), over `bytes`:
// Fnv1a64, kFnv1a64OffsetBasis and kFnv1a64Prime come from base/fnv1a.h, included above.

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_SCREEN_RGBA_H_
