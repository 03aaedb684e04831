#include "vtsnap/snapshot/rgba.h"

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

constexpr absl::string_view kCrlfMessage =
    "CRLF line endings (a checkout converted the file; add `*.rgba binary` to .gitattributes)";

// The byte count of a width x height plane, both non-negative: at most (2^31 - 1)^2 * 4 < 2^64.
uint64_t ByteCount(int width, int height) {
  return static_cast<uint64_t>(width) * static_cast<uint64_t>(height) * 4u;
}

std::string PlaneSize(int width, int height) { return absl::StrCat(width, "x", height); }

// A token or a line quoted in a message: escaped, and shortened when long.
constexpr QuoteOptions kQuote = {.max_bytes = 40};

absl::Status LineError(int line, size_t col, absl::string_view message) {
  return absl::InvalidArgumentError(absl::StrCat("line ", line, ", column ", col, ": ", message));
}

absl::Status Expected(int line, size_t col, absl::string_view expected, absl::string_view got) {
  return LineError(line, col, absl::StrCat("expected ", expected, ", got ", got));
}

// True when `s` is a canonical non-negative decimal: digits only, no leading zero but "0".
bool IsCanonicalDecimal(absl::string_view s) {
  if (s.empty() || (s.size() > 1 && s[0] == '0')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The value of a canonical decimal, or -1 when it exceeds `max` (which is non-negative).
int64_t BoundedValue(absl::string_view digits, int64_t max) {
  int64_t value = 0;
  for (char c : digits) {
    value = value * 10 + (c - '0');
    if (value > max) return -1;
  }
  return value;
}

// Reads the "<width> <height>\n" line that starts at byte `start`; pos() is then just past it.
class SizeLine {
 public:
  SizeLine(absl::string_view bytes, size_t start) : bytes_(bytes), start_(start), pos_(start) {}

  absl::Status Read(const RgbaParseOptions& options, int* width, int* height) {
    VTSNAP_RETURN_IF_ERROR(Number("width", options.max_width, width));
    if (AtEnd()) return Expected(2, Col(), "a space and the height", "end of input");
    if (Byte() == '\n') return Expected(2, Col(), "a space and the height", "end of line");
    ++pos_;  // The space (Number stopped at a space or a newline).
    VTSNAP_RETURN_IF_ERROR(Number("height", options.max_height, height));
    if (AtEnd()) return Expected(2, Col(), "a newline after the height", "end of input");
    if (Byte() == ' ') {
      const size_t space_col = Col();
      ++pos_;
      if (AtEnd() || Byte() == '\n') {
        return Expected(2, space_col, "a newline after the height", "a trailing space");
      }
      const size_t col = Col();
      return Expected(2, col, "a newline after the height", QuoteForMessage(Token(), kQuote));
    }
    ++pos_;  // The newline.
    return absl::OkStatus();
  }

  size_t pos() const { return pos_; }

 private:
  bool AtEnd() const { return pos_ >= bytes_.size(); }
  char Byte() const { return bytes_[pos_]; }
  size_t Col() const { return pos_ - start_ + 1; }

  // The bytes from pos_ up to a space, a newline or the end.
  absl::string_view Token() const {
    const size_t end =
        std::min(bytes_.find_first_of(absl::string_view(" \n", 2), pos_), bytes_.size());
    return bytes_.substr(pos_, end - pos_);
  }

  // A canonical decimal of at most `max` ("width" or "height", the first or second token).
  absl::Status Number(absl::string_view what, int max, int* out) {
    const std::string expected = absl::StrCat("the ", what, " (a canonical non-negative integer)");
    const size_t col = Col();
    if (AtEnd()) return Expected(2, col, expected, "end of input");
    if (Byte() == ' ') {
      if (col == 1) return Expected(2, col, expected, "a leading space");
      return Expected(2, col, "a single space between width and height", "another space");
    }
    if (Byte() == '\n') return Expected(2, col, expected, "end of line");
    const absl::string_view token = Token();
    const size_t end = pos_ + token.size();
    if (token.size() > 1 && token.back() == '\r' && end < bytes_.size() && bytes_[end] == '\n' &&
        IsCanonicalDecimal(token.substr(0, token.size() - 1))) {
      return LineError(2, col + token.size() - 1, kCrlfMessage);
    }
    if (!IsCanonicalDecimal(token)) {
      return Expected(2, col, expected, QuoteForMessage(token, kQuote));
    }
    const int64_t value = BoundedValue(token, std::max(max, 0));
    if (value < 0) {
      const absl::string_view shown = token.substr(0, 40);
      return Expected(2, col, absl::StrCat("a ", what, " of at most ", std::max(max, 0)),
                      absl::StrCat(shown, shown.size() < token.size() ? "..." : ""));
    }
    *out = static_cast<int>(value);
    pos_ = end;
    return absl::OkStatus();
  }

  absl::string_view bytes_;
  size_t start_;
  size_t pos_;
};

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

std::string SerializeRgba(const RgbaPlane& plane) {
  std::string out = absl::StrCat(kRgbaHeader, "\n", plane.width, " ", plane.height, "\n");
  out.append(reinterpret_cast<const char*>(plane.pixels.data()), plane.pixels.size());
  return out;
}

absl::StatusOr<RgbaPlane> ParseRgba(absl::string_view bytes, const RgbaParseOptions& options) {
  // Line 1: the header.
  const size_t newline = bytes.find('\n');
  if (newline != kRgbaHeader.size() || bytes.substr(0, newline) != kRgbaHeader) {
    const absl::string_view line =
        bytes.substr(0, newline == absl::string_view::npos ? bytes.size() : newline);
    const std::string expected = absl::StrCat("\"", kRgbaHeader, "\"");
    if (line == kRgbaHeader) return Expected(1, line.size() + 1, "a newline", "end of input");
    if (line.size() == kRgbaHeader.size() + 1 &&
        line.substr(0, kRgbaHeader.size()) == kRgbaHeader && line.back() == '\r' &&
        newline != absl::string_view::npos) {
      return LineError(1, line.size(), kCrlfMessage);
    }
    if (bytes.empty()) return Expected(1, 1, expected, "end of input");
    return Expected(1, 1, expected, line.empty() ? "an empty line" : QuoteForMessage(line, kQuote));
  }

  // Line 2: the size.
  SizeLine size_line(bytes, newline + 1);
  int width = 0;
  int height = 0;
  VTSNAP_RETURN_IF_ERROR(size_line.Read(options, &width, &height));

  // The pixels: counted before anything is allocated.
  const size_t start = size_line.pos();
  const uint64_t need = ByteCount(width, height);
  const uint64_t have = bytes.size() - start;
  const std::string plane = PlaneSize(width, height);
  if (have < need) {
    return absl::InvalidArgumentError(absl::StrCat(
        "byte ", start, ": expected ", need, " pixel bytes for a ", plane, " plane, found ", have));
  }
  if (have > need) {
    const uint64_t more = have - need;
    return absl::InvalidArgumentError(absl::StrCat(
        "byte ", start + need, ": expected end of input after ", need, " pixel bytes for a ", plane,
        " plane, found ", more, more == 1 ? " more byte" : " more bytes"));
  }
  const absl::string_view data = bytes.substr(start);
  return RgbaPlane{
      .width = width, .height = height, .pixels = std::vector<uint8_t>(data.begin(), data.end())};
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
