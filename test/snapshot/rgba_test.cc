// ckvision-rgba 1 planes: round trips, every parse error with its message, crops, comparisons
// (size, count, bounding box, the report) and the raster content hash against independently
// computed values.
#include "vtsnap/snapshot/screen/rgba.h"

#include <cstdint>
#include <iostream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/snapshot/formats/rgba_file.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {
namespace {

using ::testing::HasSubstr;

std::vector<uint8_t> Bytes(absl::string_view s) { return std::vector<uint8_t>(s.begin(), s.end()); }

// A 3x2 gradient: pixel (x, y) is (80x, 120y, 7, 255).
RgbaPlane Gradient() {
  RgbaPlane plane = RgbaPlane::Transparent(3, 2);
  for (int y = 0; y < 2; ++y) {
    for (int x = 0; x < 3; ++x) {
      plane.Set(
          x, y,
          (static_cast<uint32_t>(x * 80) << 24) | (static_cast<uint32_t>(y * 120) << 16) | 0x07FFu);
    }
  }
  return plane;
}

// ---------------------------------------------------------------------------------------------
// The plane.

TEST(RgbaPlane, TransparentFilledAndPixelAccess) {
  RgbaPlane plane = RgbaPlane::Transparent(3, 2);
  EXPECT_EQ(plane.width, 3);
  EXPECT_EQ(plane.height, 2);
  EXPECT_EQ(plane.pixels, std::vector<uint8_t>(24, 0));
  EXPECT_TRUE(plane.valid());
  EXPECT_EQ(plane.OpaqueCount(), 0);

  plane.Set(2, 1, 0x11223344);
  EXPECT_EQ(plane.At(2, 1), 0x11223344u);
  EXPECT_EQ(plane.At(1, 1), 0u);
  // Row-major, RGBA order: (2, 1) is pixel 5, bytes 20-23.
  EXPECT_EQ(plane.pixels[20], 0x11);
  EXPECT_EQ(plane.pixels[21], 0x22);
  EXPECT_EQ(plane.pixels[22], 0x33);
  EXPECT_EQ(plane.pixels[23], 0x44);
  EXPECT_EQ(plane.OpaqueCount(), 1);
  plane.Set(0, 0, 0xFFFFFF00);  // White but fully transparent: not opaque.
  EXPECT_EQ(plane.OpaqueCount(), 1);

  const RgbaPlane red = RgbaPlane::Filled(2, 2, 0xFF0000FF);
  EXPECT_EQ(red.pixels,
            Bytes(std::string("\xFF\x00\x00\xFF", 4) + std::string("\xFF\x00\x00\xFF", 4) +
                  std::string("\xFF\x00\x00\xFF", 4) + std::string("\xFF\x00\x00\xFF", 4)));
  EXPECT_EQ(red.OpaqueCount(), 4);
  EXPECT_EQ(RgbaPlane::Transparent(-1, 3), RgbaPlane::Transparent(0, 3));
}

TEST(RgbaPlane, ValidAndEquality) {
  EXPECT_TRUE(RgbaPlane{}.valid());
  EXPECT_TRUE((RgbaPlane{.width = 0, .height = 7}).valid());
  EXPECT_FALSE((RgbaPlane{.width = 1, .height = 1, .pixels = {1, 2, 3}}).valid());
  EXPECT_FALSE((RgbaPlane{.width = -1, .height = 0}).valid());
  EXPECT_EQ(Gradient(), Gradient());
  RgbaPlane other = Gradient();
  other.Set(1, 1, 0);
  EXPECT_FALSE(other == Gradient());
  EXPECT_FALSE(RgbaPlane::Transparent(2, 3) == RgbaPlane::Transparent(3, 2));
}

TEST(RgbaPlane, PrintsASummaryNeverTheBytes) {
  RgbaPlane plane = RgbaPlane::Transparent(12, 12);
  plane.Set(0, 0, 0xFF0000FF);
  EXPECT_EQ(::testing::PrintToString(plane),
            "12x12 RGBA plane, 1 opaque pixel, hash 754c001720d2ed03");
  EXPECT_EQ(::testing::PrintToString(RgbaPlane::Filled(1, 2, 0x000000FF)),
            absl::StrCat("1x2 RGBA plane, 2 opaque pixels, hash ",
                         RasterHash(RgbaPlane::Filled(1, 2, 0x000000FF))));
  EXPECT_EQ(::testing::PrintToString(RgbaPlane{.width = 4, .height = 3, .pixels = {1, 2}}),
            "4x3 RGBA plane holding 2 bytes (inconsistent)");
}

// ---------------------------------------------------------------------------------------------
// The format.

TEST(RgbaFormat, WritesTheHeaderTheSizeAndTheBytes) {
  RgbaPlane plane = RgbaPlane::Transparent(2, 1);
  plane.Set(0, 0, 0xFF000080);
  EXPECT_EQ(SerializeRgba(plane),
            std::string("ckvision-rgba 1\n2 1\n\xFF\x00\x00\x80\x00\x00\x00\x00", 28));
  EXPECT_EQ(SerializeRgba(RgbaPlane{}), "ckvision-rgba 1\n0 0\n");
}

class RgbaRoundTrip : public ::testing::TestWithParam<RgbaPlane> {};

TEST_P(RgbaRoundTrip, ParsesToThePlaneAndSerializesToTheSameBytes) {
  const std::string bytes = SerializeRgba(GetParam());
  absl::StatusOr<RgbaPlane> parsed = ParseRgba(bytes);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(*parsed, GetParam());
  EXPECT_EQ(SerializeRgba(*parsed), bytes);
}

INSTANTIATE_TEST_SUITE_P(
    Planes, RgbaRoundTrip,
    ::testing::Values(RgbaPlane{}, RgbaPlane::Transparent(0, 5), RgbaPlane::Transparent(5, 0),
                      RgbaPlane::Filled(1, 1, 0x01020304), Gradient(),
                      // Bytes that look like the format's own syntax.
                      RgbaPlane{.width = 2, .height = 1, .pixels = Bytes("\n \r\n0 1\n")},
                      RgbaPlane::Filled(100, 37, 0x0A0D200A)));

TEST(RgbaFormat, ParsesTheBytesItWasGiven) {
  absl::StatusOr<RgbaPlane> plane =
      ParseRgba(std::string("ckvision-rgba 1\n1 2\n\x01\x02\x03\x04\xFF\xFE\xFD\x00", 28));
  ASSERT_TRUE(plane.ok()) << plane.status();
  EXPECT_EQ(plane->width, 1);
  EXPECT_EQ(plane->height, 2);
  EXPECT_EQ(plane->At(0, 0), 0x01020304u);
  EXPECT_EQ(plane->At(0, 1), 0xFFFEFD00u);
}

struct RgbaParseError {
  std::string name;
  std::string bytes;
  std::string message;
  RgbaParseOptions options = {};

  friend void PrintTo(const RgbaParseError& e, std::ostream* os) { *os << e.name; }
};

class RgbaRejects : public ::testing::TestWithParam<RgbaParseError> {};

TEST_P(RgbaRejects, NamingWhereAndWhat) {
  absl::StatusOr<RgbaPlane> plane = ParseRgba(GetParam().bytes, GetParam().options);
  ASSERT_FALSE(plane.ok());
  EXPECT_EQ(plane.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(std::string(plane.status().message()), GetParam().message);
}

constexpr char kHead[] = "ckvision-rgba 1\n";
constexpr char kCrlf[] =
    "CRLF line endings (a checkout converted the file; add `*.rgba binary` to .gitattributes)";

std::string Head(absl::string_view size_line) { return absl::StrCat(kHead, size_line); }

INSTANTIATE_TEST_SUITE_P(
    Rules, RgbaRejects,
    ::testing::Values(
        // The header line.
        RgbaParseError{"Empty", "",
                       "line 1, column 1: expected \"ckvision-rgba 1\", got end of input"},
        RgbaParseError{"OtherVersion", "ckvision-rgba 2\n1 1\n",
                       "line 1, column 1: expected \"ckvision-rgba 1\", got \"ckvision-rgba 2\""},
        RgbaParseError{"AGolden", "ckvision-golden 1\nframe 1 1\n",
                       "line 1, column 1: expected \"ckvision-rgba 1\", got \"ckvision-golden 1\""},
        RgbaParseError{"EmptyFirstLine", "\n1 1\n",
                       "line 1, column 1: expected \"ckvision-rgba 1\", got an empty line"},
        RgbaParseError{"TrailingSpace", "ckvision-rgba 1 \n0 0\n",
                       "line 1, column 1: expected \"ckvision-rgba 1\", got \"ckvision-rgba 1 \""},
        RgbaParseError{"APng", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16),
                       "line 1, column 1: expected \"ckvision-rgba 1\", got \"\\x89PNG\\r\""},
        RgbaParseError{"LongGarbageIsShortened", std::string(100, 'x'),
                       absl::StrCat("line 1, column 1: expected \"ckvision-rgba 1\", got \"",
                                    std::string(40, 'x'), "...\"")},
        RgbaParseError{"HeaderOnlyWithoutNewline", "ckvision-rgba 1",
                       "line 1, column 16: expected a newline, got end of input"},
        RgbaParseError{"HeaderCrlf", "ckvision-rgba 1\r\n1 1\r\n",
                       absl::StrCat("line 1, column 16: ", kCrlf)},
        // The size line.
        RgbaParseError{"NoSizeLine", kHead,
                       "line 2, column 1: expected the width (a canonical non-negative integer), "
                       "got end of input"},
        RgbaParseError{"EmptySizeLine", Head("\n"),
                       "line 2, column 1: expected the width (a canonical non-negative integer), "
                       "got end of line"},
        RgbaParseError{"LeadingSpace", Head(" 1 1\n"),
                       "line 2, column 1: expected the width (a canonical non-negative integer), "
                       "got a leading space"},
        RgbaParseError{"LeadingZero", Head("01 1\n"),
                       "line 2, column 1: expected the width (a canonical non-negative integer), "
                       "got \"01\""},
        RgbaParseError{"Sign", Head("1 +1\n"),
                       "line 2, column 3: expected the height (a canonical non-negative integer), "
                       "got \"+1\""},
        RgbaParseError{"Negative", Head("-1 1\n"),
                       "line 2, column 1: expected the width (a canonical non-negative integer), "
                       "got \"-1\""},
        RgbaParseError{"Hex", Head("0x10 1\n"),
                       "line 2, column 1: expected the width (a canonical non-negative integer), "
                       "got \"0x10\""},
        RgbaParseError{"TabIsNotASpace", Head("1\t1\n"),
                       "line 2, column 1: expected the width (a canonical non-negative integer), "
                       "got \"1\\t1\""},
        RgbaParseError{"Times", Head("2x1\n"),
                       "line 2, column 1: expected the width (a canonical non-negative integer), "
                       "got \"2x1\""},
        RgbaParseError{"DoubleSpace", Head("1  1\n"),
                       "line 2, column 3: expected a single space between width and height, got "
                       "another space"},
        RgbaParseError{"HeightMissing", Head("1\n"),
                       "line 2, column 2: expected a space and the height, got end of line"},
        RgbaParseError{"HeightMissingAtEnd", Head("1"),
                       "line 2, column 2: expected a space and the height, got end of input"},
        RgbaParseError{"HeightEmpty", Head("1 \n"),
                       "line 2, column 3: expected the height (a canonical non-negative integer), "
                       "got end of line"},
        RgbaParseError{"HeightEmptyAtEnd", Head("1 "),
                       "line 2, column 3: expected the height (a canonical non-negative integer), "
                       "got end of input"},
        RgbaParseError{"SizeTrailingSpace", Head("1 1 \n"),
                       "line 2, column 4: expected a newline after the height, got a trailing "
                       "space"},
        RgbaParseError{"ThirdNumber", Head("1 1 4\n"),
                       "line 2, column 5: expected a newline after the height, got \"4\""},
        RgbaParseError{"NoNewlineAfterHeight", Head("1 1"),
                       "line 2, column 4: expected a newline after the height, got end of input"},
        RgbaParseError{"SizeCrlf", Head("1 1\r\n"), absl::StrCat("line 2, column 4: ", kCrlf)},
        // Limits, refused from the header (no allocation).
        RgbaParseError{"TooWide", Head("20000 1\n"),
                       "line 2, column 1: expected a width of at most 16384, got 20000"},
        RgbaParseError{"TooTall", Head("1 16385\n"),
                       "line 2, column 3: expected a height of at most 16384, got 16385"},
        RgbaParseError{"Overflow", Head("99999999999999999999 1\n"),
                       "line 2, column 1: expected a width of at most 16384, got "
                       "99999999999999999999"},
        RgbaParseError{"HugeNumberIsShortened", Head(std::string(1000, '9') + " 1\n"),
                       absl::StrCat("line 2, column 1: expected a width of at most 16384, got ",
                                    std::string(40, '9'), "...")},
        RgbaParseError{"SettableLimit",
                       Head("5 1\n"),
                       "line 2, column 1: expected a width of at most 4, got 5",
                       {.max_width = 4, .max_height = 4}},
        RgbaParseError{"LargestPlaneWithoutItsBytes", Head("16384 16384\n"),
                       "byte 28: expected 1073741824 pixel bytes for a 16384x16384 plane, found "
                       "0"},
        // The pixel bytes.
        RgbaParseError{"NoPixels", Head("2 1\n"),
                       "byte 20: expected 8 pixel bytes for a 2x1 plane, found 0"},
        RgbaParseError{"ShortPixels", Head(std::string("4 3\n") + std::string(40, '\x7f')),
                       "byte 20: expected 48 pixel bytes for a 4x3 plane, found 40"},
        RgbaParseError{"OneByteTooMany", Head(std::string("2 1\n") + std::string(9, '\0')),
                       "byte 28: expected end of input after 8 pixel bytes for a 2x1 plane, found "
                       "1 more byte"},
        RgbaParseError{"TrailingNewline", Head(std::string("4 3\n") + std::string(48, '\0') + "\n"),
                       "byte 68: expected end of input after 48 pixel bytes for a 4x3 plane, "
                       "found 1 more byte"},
        RgbaParseError{"ZeroSizeWithBytes", Head("0 7\nabc"),
                       "byte 20: expected end of input after 0 pixel bytes for a 0x7 plane, found "
                       "3 more bytes"}),
    [](const ::testing::TestParamInfo<RgbaParseError>& info) { return info.param.name; });

TEST(RgbaFormat, LimitsAreSettable) {
  const std::string bytes = SerializeRgba(RgbaPlane::Transparent(5, 2));
  EXPECT_TRUE(ParseRgba(bytes, {.max_width = 5, .max_height = 2}).ok());
  EXPECT_EQ(ParseRgba(bytes, {.max_width = 5, .max_height = 1}).status().message(),
            "line 2, column 3: expected a height of at most 1, got 2");
  EXPECT_TRUE(ParseRgba(Head("0 0\n"), {.max_width = 0, .max_height = 0}).ok());
}

TEST(RgbaFormat, AnInconsistentPlaneIsWrittenAsItIsAndRefusedOnReading) {
  const RgbaPlane bad{.width = 2, .height = 2, .pixels = std::vector<uint8_t>(12, 0)};
  EXPECT_EQ(ParseRgba(SerializeRgba(bad)).status().message(),
            "byte 20: expected 16 pixel bytes for a 2x2 plane, found 12");
  EXPECT_THAT(ParseRgba(SerializeRgba(RgbaPlane{.width = -2, .height = 0})).status().message(),
              HasSubstr("got \"-2\""));
}

// ---------------------------------------------------------------------------------------------
// Crop.

TEST(RgbaCrop, CopiesTheRectangle) {
  const RgbaPlane plane = Gradient();
  absl::StatusOr<RgbaPlane> right = Crop(plane, 1, 0, 2, 2);
  ASSERT_TRUE(right.ok()) << right.status();
  EXPECT_EQ(right->width, 2);
  EXPECT_EQ(right->height, 2);
  for (int y = 0; y < 2; ++y) {
    for (int x = 0; x < 2; ++x) EXPECT_EQ(right->At(x, y), plane.At(x + 1, y)) << x << "," << y;
  }
  absl::StatusOr<RgbaPlane> one = Crop(plane, 2, 1, 1, 1);
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(*one, RgbaPlane::Filled(1, 1, plane.At(2, 1)));
  EXPECT_EQ(*Crop(plane, 0, 0, 3, 2), plane);
  EXPECT_EQ(*Crop(plane, 3, 2, 0, 0), RgbaPlane{});
  EXPECT_EQ(*Crop(plane, 1, 0, 0, 2), RgbaPlane::Transparent(0, 2));
}

struct CropError {
  std::string name;
  int x = 0;
  int y = 0;
  int w = 0;
  int h = 0;
  std::string message;

  friend void PrintTo(const CropError& e, std::ostream* os) { *os << e.name; }
};

class RgbaCropRejects : public ::testing::TestWithParam<CropError> {};

TEST_P(RgbaCropRejects, ARectangleNotInsideThePlane) {
  absl::StatusOr<RgbaPlane> crop =
      Crop(Gradient(), GetParam().x, GetParam().y, GetParam().w, GetParam().h);
  ASSERT_FALSE(crop.ok());
  EXPECT_EQ(crop.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(std::string(crop.status().message()), GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    Rectangles, RgbaCropRejects,
    ::testing::Values(
        CropError{"PastTheRight", 2, 0, 2, 1, "crop 2x1 at (2, 0) is not inside the 3x2 plane"},
        CropError{"PastTheBottom", 0, 1, 1, 2, "crop 1x2 at (0, 1) is not inside the 3x2 plane"},
        CropError{"LeftOfThePlane", -1, 0, 1, 1, "crop 1x1 at (-1, 0) is not inside the 3x2 plane"},
        CropError{"AboveThePlane", 0, -1, 1, 1, "crop 1x1 at (0, -1) is not inside the 3x2 plane"},
        CropError{"NegativeSize", 0, 0, -1, 1, "crop size -1x1 is negative"},
        CropError{"NoOverflow", 2147483647, 0, 2147483647, 1,
                  "crop 2147483647x1 at (2147483647, 0) is not inside the 3x2 plane"}),
    [](const ::testing::TestParamInfo<CropError>& info) { return info.param.name; });

TEST(RgbaCrop, RefusesAnInconsistentPlane) {
  EXPECT_EQ(Crop(RgbaPlane{.width = 4, .height = 3, .pixels = {1}}, 0, 0, 1, 1).status().message(),
            "the plane is inconsistent: 4x3 needs 48 pixel bytes, it holds 1");
}

// ---------------------------------------------------------------------------------------------
// Comparison.

TEST(RgbaCompare, EqualPlanes) {
  const PlaneDiff diff = ComparePlanes(Gradient(), Gradient());
  EXPECT_TRUE(diff.empty());
  EXPECT_EQ(diff.differing_pixels, 0u);
  EXPECT_EQ(RenderPlaneDiff(diff), "planes are equal\n");
  EXPECT_TRUE(ComparePlanes(RgbaPlane{}, RgbaPlane{}).empty());
}

TEST(RgbaCompare, SizeDifferenceIsReportedAlone) {
  const PlaneDiff diff =
      ComparePlanes(RgbaPlane::Transparent(48, 36), RgbaPlane::Filled(60, 36, 0xFFFFFFFF));
  EXPECT_FALSE(diff.empty());
  EXPECT_TRUE(diff.size_differs);
  EXPECT_EQ(diff.expected_width, 48);
  EXPECT_EQ(diff.expected_height, 36);
  EXPECT_EQ(diff.actual_width, 60);
  EXPECT_EQ(diff.actual_height, 36);
  EXPECT_EQ(diff.differing_pixels, 0u);
  EXPECT_EQ(RenderPlaneDiff(diff),
            "planes differ in size: 48x36 -> 60x36 (width x height, pixels)\n");
  // 2x3 and 3x2 hold the same number of bytes, and still differ in size.
  EXPECT_TRUE(
      ComparePlanes(RgbaPlane::Transparent(2, 3), RgbaPlane::Transparent(3, 2)).size_differs);
}

TEST(RgbaCompare, CountsPixelsAndBoundsThem) {
  // A 48x36 plane (16x6 cells of 3x6 pixels); the actual one has a red 9x6 block at (3, 6) and
  // one pixel whose alpha alone differs at (11, 11).
  const RgbaPlane expected = RgbaPlane::Transparent(48, 36);
  RgbaPlane actual = expected;
  for (int y = 6; y < 12; ++y) {
    for (int x = 3; x < 11; ++x) actual.Set(x, y, 0xFF0000FF);
  }
  actual.Set(11, 11, 0x00000001);
  const PlaneDiff diff = ComparePlanes(expected, actual);
  EXPECT_FALSE(diff.empty());
  EXPECT_FALSE(diff.size_differs);
  EXPECT_EQ(diff.differing_pixels, 8u * 6u + 1u);
  EXPECT_EQ(diff.min_x, 3);
  EXPECT_EQ(diff.min_y, 6);
  EXPECT_EQ(diff.max_x, 11);
  EXPECT_EQ(diff.max_y, 11);
  EXPECT_EQ(diff.first_x, 3);
  EXPECT_EQ(diff.first_y, 6);
  EXPECT_EQ(diff.first_expected, 0u);
  EXPECT_EQ(diff.first_actual, 0xFF0000FFu);
  EXPECT_EQ(RenderPlaneDiff(diff),
            "planes differ: 49 of 1728 pixels in x 3-11, y 6-11\n"
            "  first at (3, 6): transparent -> #FF0000FF\n");
  EXPECT_EQ(RenderPlaneDiff(diff, {.cell_width = 3, .cell_height = 6}),
            "planes differ: 49 of 1728 pixels in x 3-11, y 6-11 (cols 1-3, row 1 of 3x6-pixel "
            "cells)\n"
            "  first at (3, 6): transparent -> #FF0000FF\n");
  // Reversed, the first pixel's values swap.
  EXPECT_EQ(RenderPlaneDiff(ComparePlanes(actual, expected)),
            "planes differ: 49 of 1728 pixels in x 3-11, y 6-11\n"
            "  first at (3, 6): #FF0000FF -> transparent\n");
}

TEST(RgbaCompare, TheBoxWidensToTheLeftOnLaterRows) {
  RgbaPlane actual = RgbaPlane::Transparent(10, 10);
  actual.Set(7, 2, 0x010203FF);
  actual.Set(1, 8, 0x010203FF);
  const PlaneDiff diff = ComparePlanes(RgbaPlane::Transparent(10, 10), actual);
  EXPECT_EQ(diff.differing_pixels, 2u);
  EXPECT_EQ(RenderPlaneDiff(diff, {.cell_width = 5, .cell_height = 10}),
            "planes differ: 2 of 100 pixels in x 1-7, y 2-8 (cols 0-1, row 0 of 5x10-pixel "
            "cells)\n"
            "  first at (7, 2): transparent -> #010203FF\n");
}

TEST(RgbaCompare, OnePixel) {
  RgbaPlane actual = Gradient();
  actual.Set(2, 1, 0xA0780700);
  const PlaneDiff diff = ComparePlanes(Gradient(), actual);
  EXPECT_EQ(RenderPlaneDiff(diff, {.cell_width = 3, .cell_height = 6}),
            "planes differ: 1 of 6 pixels in x 2, y 1 (col 0, row 0 of 3x6-pixel cells)\n"
            "  first at (2, 1): #A07807FF -> #A0780700\n");
}

TEST(RgbaCompare, MissingBytesOfAnInconsistentPlaneDiffer) {
  RgbaPlane short_plane = Gradient();
  short_plane.pixels.resize(16);  // Pixels 4 and 5 have no bytes.
  const PlaneDiff diff = ComparePlanes(Gradient(), short_plane);
  EXPECT_EQ(diff.differing_pixels, 2u);
  EXPECT_EQ(diff.min_x, 1);
  EXPECT_EQ(diff.max_x, 2);
  EXPECT_EQ(diff.min_y, 1);
}

// ---------------------------------------------------------------------------------------------
// The raster content hash.

TEST(RasterHash, Fnv1a64PublishedVectors) {
  // http://www.isthe.com/chongo/tech/comp/fnv/ (the FNV-1a 64 test vectors).
  EXPECT_EQ(Fnv1a64(absl::Span<const uint8_t>()), 0xcbf29ce484222325ull);
  EXPECT_EQ(Fnv1a64(Bytes("a")), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(Fnv1a64(Bytes("foobar")), 0x85944171f73967e8ull);
  // Continuing a hash is hashing the concatenation.
  EXPECT_EQ(Fnv1a64(Bytes("bar"), Fnv1a64(Bytes("foo"))), 0x85944171f73967e8ull);
}

// The expected values were computed independently of this code, by this Python run in a shell:
//   def fnv(data, h=0xcbf29ce484222325):
//       for b in data: h = ((h ^ b) * 0x100000001b3) % 2**64
//       return h
//   def raster_hash(w, h, rgba):
//       return "%016x" % fnv(w.to_bytes(4, "little") + h.to_bytes(4, "little") + bytes(rgba))
TEST(RasterHash, HandComputedPictures) {
  RgbaPlane red_then_clear = RgbaPlane::Transparent(2, 1);
  red_then_clear.Set(0, 0, 0xFF0000FF);
  // raster_hash(2, 1, [255, 0, 0, 255, 0, 0, 0, 0])
  EXPECT_EQ(RasterHash(red_then_clear), "24ad572b8ef1f3f4");
  // The same eight bytes as a 1x2 picture: the size is part of the hash.
  RgbaPlane tall = red_then_clear;
  tall.width = 1;
  tall.height = 2;
  EXPECT_EQ(RasterHash(tall), "d3c8003b360c1744");
  // raster_hash(0, 0, []) and raster_hash(1, 1, [0, 0, 0, 0])
  EXPECT_EQ(RasterHash(RgbaPlane{}), "a8c7f832281a39c5");
  EXPECT_EQ(RasterHash(RgbaPlane::Transparent(1, 1)), "7e1ef442cd317605");
  // The 3x2 gradient: pixel (x, y) = (80x, 120y, 7, 255).
  EXPECT_EQ(RasterHash(Gradient()), "19b55459a4b4b350");
  // The pixels held elsewhere.
  const std::vector<uint8_t> rgba = Gradient().pixels;
  EXPECT_EQ(RasterHash(3, 2, rgba), "19b55459a4b4b350");
}

TEST(RasterHash, IsSixteenLowercaseHexDigits) {
  const std::string hash = RasterHash(RgbaPlane::Filled(7, 3, 0xDEADBEEF));
  EXPECT_THAT(hash, ::testing::MatchesRegex("[0-9a-f]{16}"));
}

// ---------------------------------------------------------------------------------------------
// The headers' examples, kept compiling and true: snapshot/screen/rgba.h's, then
// snapshot/formats/rgba_file.h's.

absl::Status HeaderExample(RasterRecord* out, std::string* report) {
  vtsnap::RgbaPlane picture = vtsnap::RgbaPlane::Transparent(12, 12);
  picture.Set(0, 0, 0xFF0000FF);  // opaque red, 0xRRGGBBAA
  // The top half of the picture is visible: record that slice.
  absl::StatusOr<vtsnap::RgbaPlane> slice = vtsnap::Crop(picture, 0, 0, 12, 6);
  if (!slice.ok()) return slice.status();
  vtsnap::RasterRecord record = {.id = 1,
                                 .col = 2,
                                 .row = 1,
                                 .cols = 4,
                                 .rows = 1,
                                 .pixel_width = slice->width,
                                 .pixel_height = slice->height,
                                 .hash = vtsnap::RasterHash(*slice)};
  vtsnap::PlaneDiff diff = vtsnap::ComparePlanes(picture, vtsnap::RgbaPlane::Transparent(12, 12));
  if (!diff.empty()) std::cerr << vtsnap::RenderPlaneDiff(diff);

  *out = record;
  *report = RenderPlaneDiff(diff);
  return absl::OkStatus();
}

TEST(RgbaHeaderExample, Works) {
  RasterRecord record;
  std::string report;
  ASSERT_TRUE(HeaderExample(&record, &report).ok());
  // raster_hash(12, 6, the top half) and raster_hash(12, 12, the whole picture), by the Python
  // above.
  EXPECT_EQ(record, (RasterRecord{.id = 1,
                                  .col = 2,
                                  .row = 1,
                                  .cols = 4,
                                  .rows = 1,
                                  .pixel_width = 12,
                                  .pixel_height = 6,
                                  .hash = "dfec44f68d430c2d"}));
  RgbaPlane picture = RgbaPlane::Transparent(12, 12);
  picture.Set(0, 0, 0xFF0000FF);
  EXPECT_EQ(RasterHash(picture), "754c001720d2ed03");
  // The one red pixel is what differs from a transparent plane.
  EXPECT_EQ(report,
            "planes differ: 1 of 144 pixels in x 0, y 0\n"
            "  first at (0, 0): #FF0000FF -> transparent\n");
}

absl::Status FileHeaderExample(std::string* bytes_out, RgbaPlane* back_out) {
  vtsnap::RgbaPlane picture = vtsnap::RgbaPlane::Transparent(12, 12);
  picture.Set(0, 0, 0xFF0000FF);                       // opaque red, 0xRRGGBBAA
  std::string bytes = vtsnap::SerializeRgba(picture);  // "ckvision-rgba 1\n12 12\n" + 576 bytes
  absl::StatusOr<vtsnap::RgbaPlane> back = vtsnap::ParseRgba(bytes);
  if (!back.ok()) return back.status();  // "line 2, column 1: expected ..."

  *bytes_out = bytes;
  *back_out = *back;
  return absl::OkStatus();
}

TEST(RgbaFileHeaderExample, Works) {
  std::string bytes;
  RgbaPlane back;
  ASSERT_TRUE(FileHeaderExample(&bytes, &back).ok());
  EXPECT_EQ(bytes.substr(0, 22), "ckvision-rgba 1\n12 12\n");
  EXPECT_EQ(bytes.size(), 22u + 576u);
  RgbaPlane picture = RgbaPlane::Transparent(12, 12);
  picture.Set(0, 0, 0xFF0000FF);
  EXPECT_EQ(back, picture);
}

}  // namespace
}  // namespace vtsnap
