// PNG files of RGBA planes, through Debian's libpng: `vtsnap render --format png` writes one, and
// the browser checks read Chromium's screenshots back.
//
// Example (kept compiling in test/snapshot/render_test.cc, PngTest):
//   vtsnap::RgbaPlane plane = vtsnap::RgbaPlane::Filled(2, 1, 0xFF0000FF);
//   absl::StatusOr<std::string> png = vtsnap::EncodePng(plane);   // 8-bit RGBA, not interlaced
//   if (!png.ok()) return png.status();
//   absl::StatusOr<vtsnap::RgbaPlane> back = vtsnap::DecodePng(*png, "red.png");
//   assert(back.ok() && *back == plane);
#ifndef VTSNAP_SNAPSHOT_RENDER_PNG_H_
#define VTSNAP_SNAPSHOT_RENDER_PNG_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace vtsnap {

// The PNG bytes of `plane` (8 bits a channel, RGBA). An inconsistent or empty plane is an error.
[[nodiscard]] absl::StatusOr<std::string> EncodePng(const RgbaPlane& plane);

// The pixels of a PNG file of any colour type and depth, as 8-bit RGBA. Errors name `name` and
// say what libpng refused.
[[nodiscard]] absl::StatusOr<RgbaPlane> DecodePng(absl::string_view bytes, absl::string_view name);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_RENDER_PNG_H_
