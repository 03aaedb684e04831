// EncodePng and DecodePng (snapshot/render/png.h) with libpng's simplified API.
#include "vtsnap/snapshot/render/png.h"

#include <png.h>

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "vtsnap/snapshot/formats/rgba_file.h"  // kDefaultMaxRgbaDimension

namespace vtsnap {

absl::StatusOr<std::string> EncodePng(const RgbaPlane& plane) {
  if (!plane.valid() || plane.width == 0 || plane.height == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot write a ", plane.width, "x", plane.height, " plane as a PNG"));
  }
  png_image image = {};
  image.version = PNG_IMAGE_VERSION;
  image.width = static_cast<png_uint_32>(plane.width);
  image.height = static_cast<png_uint_32>(plane.height);
  image.format = PNG_FORMAT_RGBA;
  png_alloc_size_t size = 0;
  if (!png_image_write_to_memory(&image, nullptr, &size, 0, plane.pixels.data(), 0, nullptr)) {
    return absl::InternalError(absl::StrCat("libpng: ", image.message));
  }
  std::string out(size, '\0');
  if (!png_image_write_to_memory(&image, out.data(), &size, 0, plane.pixels.data(), 0, nullptr)) {
    return absl::InternalError(absl::StrCat("libpng: ", image.message));
  }
  out.resize(size);
  return out;
}

absl::StatusOr<RgbaPlane> DecodePng(absl::string_view bytes, absl::string_view name) {
  png_image image = {};
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, bytes.data(), bytes.size())) {
    return absl::InvalidArgumentError(
        absl::StrCat(name, ": not a PNG file (libpng: ", image.message, ")"));
  }
  image.format = PNG_FORMAT_RGBA;
  if (image.width > static_cast<png_uint_32>(kDefaultMaxRgbaDimension) ||
      image.height > static_cast<png_uint_32>(kDefaultMaxRgbaDimension)) {
    png_image_free(&image);
    return absl::InvalidArgumentError(absl::StrCat(name, ": ", image.width, "x", image.height,
                                                   " pixels is larger than ",
                                                   kDefaultMaxRgbaDimension, " a side"));
  }
  RgbaPlane plane =
      RgbaPlane::Transparent(static_cast<int>(image.width), static_cast<int>(image.height));
  if (!png_image_finish_read(&image, nullptr, plane.pixels.data(), 0, nullptr)) {
    return absl::InvalidArgumentError(
        absl::StrCat(name, ": cannot decode the PNG (libpng: ", image.message, ")"));
  }
  return plane;
}

}  // namespace vtsnap
