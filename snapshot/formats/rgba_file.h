// The `ckvision-rgba 1` file: the fixture a pixel plane (snapshot/screen/rgba.h) is kept in
// (docs/rgba.md). It is the ASCII line "ckvision-rgba 1", a "<width> <height>" line (canonical
// decimals, one space), then exactly width*height*4 bytes of row-major RGBA, one unsigned byte a
// channel. SerializeRgba and ParseRgba write and read it byte-exactly.
//
// Example (kept compiling in test/snapshot/rgba_test.cc):
//   vtsnap::RgbaPlane picture = vtsnap::RgbaPlane::Transparent(12, 12);
//   picture.Set(0, 0, 0xFF0000FF);                       // opaque red, 0xRRGGBBAA
//   std::string bytes = vtsnap::SerializeRgba(picture);  // "ckvision-rgba 1\n12 12\n" + 576 bytes
//   absl::StatusOr<vtsnap::RgbaPlane> back = vtsnap::ParseRgba(bytes);
//   if (!back.ok()) return back.status();  // "line 2, column 1: expected ..."
#ifndef VTSNAP_SNAPSHOT_FORMATS_RGBA_FILE_H_
#define VTSNAP_SNAPSHOT_FORMATS_RGBA_FILE_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace vtsnap {

// The first line of every `ckvision-rgba 1` file, without its newline.
inline constexpr absl::string_view kRgbaHeader = "ckvision-rgba 1";

// The largest width and height ParseRgba accepts unless told otherwise (16384 x 16384 x 4 bytes is
// 1 GiB).
inline constexpr int kDefaultMaxRgbaDimension = 16384;

// The `ckvision-rgba 1` bytes of `plane`: "ckvision-rgba 1\n<width> <height>\n" then the pixel
// bytes. A consistent plane round-trips through ParseRgba byte-exactly; an inconsistent one is
// written as it is (its width, height and the bytes it holds), which ParseRgba refuses, naming the
// byte counts.
std::string SerializeRgba(const RgbaPlane& plane);

struct RgbaParseOptions {
  // Larger planes are refused from their header, before anything is allocated.
  int max_width = kDefaultMaxRgbaDimension;
  int max_height = kDefaultMaxRgbaDimension;
};

// Reads exactly what SerializeRgba writes: the header line, the size line (canonical non-negative
// decimals, digits only, no leading zero except "0" itself, separated by one space), and exactly
// width*height*4 pixel bytes. Fails with InvalidArgumentError at the first problem, header errors
// by line and column (1-based, counted in bytes), pixel errors by byte offset (0-based):
//   line 1, column 1: expected "ckvision-rgba 1", got "ckvision-rgba 2"
//   line 2, column 3: expected a single space between width and height, got another space
//   line 2, column 1: expected a width of at most 16384, got 20000
//   byte 20: expected 48 pixel bytes for a 4x3 plane, found 40
//   byte 68: expected end of input after 48 pixel bytes for a 4x3 plane, found 8 more bytes
// CRLF line endings (a checkout converted the file) get a message of their own.
[[nodiscard]] absl::StatusOr<RgbaPlane> ParseRgba(absl::string_view bytes,
                                                  const RgbaParseOptions& options = {});

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_FORMATS_RGBA_FILE_H_
