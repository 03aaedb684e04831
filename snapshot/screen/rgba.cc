#include "vtsnap/snapshot/screen/rgba.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "vtsnap/base/quote.h"
#include "vtsnap/base/status_macros.h"

namespace vtsnap {
namespace {

// The byte count of a width x height plane, both non-negative: at most (2^31 - 1)^2 * 4 < 2^64.
uint64_t ByteCount(int width, int height) {
  return static_cast<uint64_t>(width) * static_cast<uint64_t>(height) * 4u;
}

std::string PlaneSize(int width, int height) { return absl::StrCat(width, "x", height); }

std::string FormatPixel(uint32_t rgba) {
  if (rgba == 0) return "transparent";
  return absl::StrFormat("#%08X", rgba);
}

std::string Range(absl::string_view one, absl::string_view many, int first, int last) {
  if (first == last) return absl::StrCat(one, " ", first);
  return absl::StrCat(many, " ", first, "-", last);
}

// Pixel i of `plane` as 0xRRGGBBAA, or false when the plane has no bytes for it.
bool PixelAt(const RgbaPlane& plane, size_t i, uint32_t* rgba) {
  if (plane.pixels.size() < (i + 1) * 4) return false;
  const uint8_t* p = plane.pixels.data() + i * 4;
  *rgba = (static_cast<uint32_t>(p[0]) << 24) | (static_cast<uint32_t>(p[1]) << 16) |
          (static_cast<uint32_t>(p[2]) << 8) | static_cast<uint32_t>(p[3]);
  return true;
}

std::string Hex16(uint64_t hash) { return absl::StrFormat("%016x", hash); }

}  // namespace

RgbaPlane RgbaPlane::Transparent(int width, int height) {
  width = std::max(width, 0);
  height = std::max(height, 0);
  return RgbaPlane{.width = width,
                   .height = height,
                   .pixels = std::vector<uint8_t>(static_cast<size_t>(ByteCount(width, height)))};
}

RgbaPlane RgbaPlane::Filled(int width, int height, uint32_t rgba) {
  RgbaPlane plane = Transparent(width, height);
  const uint8_t channels[4] = {static_cast<uint8_t>(rgba >> 24), static_cast<uint8_t>(rgba >> 16),
                               static_cast<uint8_t>(rgba >> 8), static_cast<uint8_t>(rgba)};
  for (size_t i = 0; i < plane.pixels.size(); ++i) plane.pixels[i] = channels[i % 4];
  return plane;
}

bool RgbaPlane::valid() const {
  return width >= 0 && height >= 0 && pixels.size() == ByteCount(width, height);
}

uint32_t RgbaPlane::At(int x, int y) const {
  uint32_t rgba = 0;
  PixelAt(*this, static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x),
          &rgba);
  return rgba;
}

void RgbaPlane::Set(int x, int y, uint32_t rgba) {
  const size_t i =
      (static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)) * 4;
  pixels[i] = static_cast<uint8_t>(rgba >> 24);
  pixels[i + 1] = static_cast<uint8_t>(rgba >> 16);
  pixels[i + 2] = static_cast<uint8_t>(rgba >> 8);
  pixels[i + 3] = static_cast<uint8_t>(rgba);
}

int RgbaPlane::OpaqueCount() const {
  int count = 0;
  for (size_t i = 3; i < pixels.size(); i += 4) count += pixels[i] != 0 ? 1 : 0;
  return count;
}

void PrintTo(const RgbaPlane& plane, std::ostream* os) {
  *os << PlaneSize(plane.width, plane.height) << " RGBA plane";
  if (!plane.valid()) {
    *os << " holding " << plane.pixels.size() << " bytes (inconsistent)";
    return;
  }
  const int opaque = plane.OpaqueCount();
  *os << ", " << opaque << (opaque == 1 ? " opaque pixel" : " opaque pixels") << ", hash "
      << RasterHash(plane);
}

absl::StatusOr<RgbaPlane> Crop(const RgbaPlane& plane, int x, int y, int w, int h) {
  if (!plane.valid()) {
    return absl::InvalidArgumentError(
        absl::StrCat("the plane is inconsistent: ", PlaneSize(plane.width, plane.height), " needs ",
                     plane.width < 0 || plane.height < 0 ? 0 : ByteCount(plane.width, plane.height),
                     " pixel bytes, it holds ", plane.pixels.size()));
  }
  if (w < 0 || h < 0) {
    return absl::InvalidArgumentError(absl::StrCat("crop size ", PlaneSize(w, h), " is negative"));
  }
  if (x < 0 || y < 0 || static_cast<int64_t>(x) + w > plane.width ||
      static_cast<int64_t>(y) + h > plane.height) {
    return absl::InvalidArgumentError(absl::StrCat("crop ", PlaneSize(w, h), " at (", x, ", ", y,
                                                   ") is not inside the ",
                                                   PlaneSize(plane.width, plane.height), " plane"));
  }
  RgbaPlane out = RgbaPlane::Transparent(w, h);
  const size_t row_bytes = static_cast<size_t>(w) * 4;
  for (int row = 0; row < h; ++row) {
    const size_t from =
        (static_cast<size_t>(y + row) * static_cast<size_t>(plane.width) + static_cast<size_t>(x)) *
        4;
    std::copy_n(plane.pixels.begin() + static_cast<std::ptrdiff_t>(from), row_bytes,
                out.pixels.begin() + static_cast<std::ptrdiff_t>(row * row_bytes));
  }
  return out;
}

PlaneDiff ComparePlanes(const RgbaPlane& expected, const RgbaPlane& actual) {
  PlaneDiff diff{.expected_width = expected.width,
                 .expected_height = expected.height,
                 .actual_width = actual.width,
                 .actual_height = actual.height};
  if (expected.width != actual.width || expected.height != actual.height) {
    diff.size_differs = true;
    return diff;
  }
  if (expected.width <= 0 || expected.height <= 0) return diff;
  const size_t width = static_cast<size_t>(expected.width);
  const size_t count = width * static_cast<size_t>(expected.height);
  for (size_t i = 0; i < count; ++i) {
    uint32_t a = 0;
    uint32_t b = 0;
    const bool has_a = PixelAt(expected, i, &a);
    const bool has_b = PixelAt(actual, i, &b);
    if (has_a && has_b && a == b) continue;
    const int x = static_cast<int>(i % width);
    const int y = static_cast<int>(i / width);
    if (diff.differing_pixels == 0) {
      diff.min_x = diff.max_x = diff.first_x = x;
      diff.min_y = diff.max_y = diff.first_y = y;
      diff.first_expected = a;
      diff.first_actual = b;
    }
    ++diff.differing_pixels;
    diff.min_x = std::min(diff.min_x, x);
    diff.max_x = std::max(diff.max_x, x);
    diff.max_y = y;  // Row-major: y never decreases.
  }
  return diff;
}

std::string RenderPlaneDiff(const PlaneDiff& diff, const PlaneDiffOptions& options) {
  if (diff.size_differs) {
    return absl::StrCat(
        "planes differ in size: ", PlaneSize(diff.expected_width, diff.expected_height), " -> ",
        PlaneSize(diff.actual_width, diff.actual_height), " (width x height, pixels)\n");
  }
  if (diff.differing_pixels == 0) return "planes are equal\n";
  const uint64_t total = static_cast<uint64_t>(std::max(diff.expected_width, 0)) *
                         static_cast<uint64_t>(std::max(diff.expected_height, 0));
  std::string out = absl::StrCat("planes differ: ", diff.differing_pixels, " of ", total,
                                 " pixels in ", Range("x", "x", diff.min_x, diff.max_x), ", ",
                                 Range("y", "y", diff.min_y, diff.max_y));
  if (options.cell_width > 0 && options.cell_height > 0) {
    absl::StrAppend(
        &out, " (",
        Range("col", "cols", diff.min_x / options.cell_width, diff.max_x / options.cell_width),
        ", ",
        Range("row", "rows", diff.min_y / options.cell_height, diff.max_y / options.cell_height),
        " of ", PlaneSize(options.cell_width, options.cell_height), "-pixel cells)");
  }
  absl::StrAppend(&out, "\n  first at (", diff.first_x, ", ", diff.first_y,
                  "): ", FormatPixel(diff.first_expected), " -> ", FormatPixel(diff.first_actual),
                  "\n");
  return out;
}

std::string RasterHash(uint32_t width, uint32_t height, absl::Span<const uint8_t> rgba) {
  uint8_t size[8];
  for (int i = 0; i < 4; ++i) {
    size[i] = static_cast<uint8_t>(width >> (8 * i));
    size[4 + i] = static_cast<uint8_t>(height >> (8 * i));
  }
  return Hex16(Fnv1a64(rgba, Fnv1a64(absl::MakeConstSpan(size, 8))));
}

std::string RasterHash(const RgbaPlane& picture) {
  return RasterHash(static_cast<uint32_t>(picture.width), static_cast<uint32_t>(picture.height),
                    picture.pixels);
}

}  // namespace vtsnap
