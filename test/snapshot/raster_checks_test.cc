// The raster checks of paired Sixel/NoGraphics scripts, one rule a case. Scenes are 4x3 cells of
// 3x6 pixels (a 12x18 plane); the picture is raster 7 over the 2x2 cells at (1, 1), 6x12 pixels at
// pixel (3, 6).
#include "vtsnap/snapshot/screen/raster_checks.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace vtsnap {
namespace {

const CellMetrics kCell = {.width = 3, .height = 6};

Frame Scene() {
  Frame scene = Frame::Blank(4, 3);
  for (int row = 1; row <= 2; ++row) {
    for (int col = 1; col <= 2; ++col) {
      scene.cell(col, row).grapheme = "#";  // the fallback
      scene.cell(col, row).style.bg = Color::Palette(4);
    }
  }
  // Copied from a named record, not moved from a temporary: GCC 12 warns (-Warray-bounds, a false
  // positive) on the move of the hash string inlined into push_back.
  const RasterRecord record = {.id = 7,
                               .col = 1,
                               .row = 1,
                               .cols = 2,
                               .rows = 2,
                               .pixel_width = 6,
                               .pixel_height = 12,
                               .hash = "0000000000000000"};
  scene.rasters.push_back(record);
  return scene;
}

// What a Sixel display shows: blanks in the fallback's style under the picture.
Frame SixelDisplay() {
  Frame display = Scene();
  display.rasters.clear();
  for (int row = 1; row <= 2; ++row) {
    for (int col = 1; col <= 2; ++col) display.cell(col, row).grapheme = " ";
  }
  return display;
}

// The picture drawn: its 6x12 rectangle opaque red.
RgbaPlane Drawn() {
  RgbaPlane plane = RgbaPlane::Transparent(12, 18);
  for (int y = 6; y < 18; ++y) {
    for (int x = 3; x < 9; ++x) plane.Set(x, y, 0xFF0000FF);
  }
  return plane;
}

TEST(RasterChecks, PixelRectOfARecord) {
  const PixelRect rect = RasterPixelRect(Scene().rasters[0], kCell);
  EXPECT_EQ(rect.x, 3);
  EXPECT_EQ(rect.y, 6);
  EXPECT_EQ(rect.width, 6);
  EXPECT_EQ(rect.height, 12);
}

TEST(RasterChecks, NoGraphicsShowsTheFallbackAndNoPixels) {
  EXPECT_TRUE(CheckNoGraphicsDisplay(Scene(), Scene(), RgbaPlane::Transparent(12, 18)).ok());
}

TEST(RasterChecks, NoGraphicsWithPixelsFails) {
  EXPECT_EQ(CheckNoGraphicsDisplay(Scene(), Scene(), Drawn()).message(),
            "no graphics, yet the plane has 72 opaque pixels");
}

TEST(RasterChecks, NoGraphicsWithoutTheFallbackFails) {
  EXPECT_EQ(
      CheckNoGraphicsDisplay(Scene(), SixelDisplay(), RgbaPlane::Transparent(12, 18)).message(),
      "raster 7: cell (1, 1) shows \" \", not the fallback \"#\"");
}

TEST(RasterChecks, NoGraphicsFallbackInAnotherStyleFails) {
  Frame display = Scene();
  display.cell(2, 2).style.bg = Color::Default();
  EXPECT_EQ(CheckNoGraphicsDisplay(Scene(), display, RgbaPlane::Transparent(12, 18)).message(),
            "raster 7: cell (2, 2) has another style than the fallback: bg @4 (blue) -> default");
}

TEST(RasterChecks, SixelShowsBlanksAndAnOpaqueExtent) {
  EXPECT_TRUE(CheckSixelDisplay(Scene(), SixelDisplay(), Drawn(), kCell).ok());
}

TEST(RasterChecks, SixelWithAFallbackGlyphFails) {
  EXPECT_EQ(CheckSixelDisplay(Scene(), Scene(), Drawn(), kCell).message(),
            "raster 7: cell (1, 1) under the picture shows \"#\", not a blank");
}

TEST(RasterChecks, SixelBlankThatLostItsStyleFails) {
  Frame display = SixelDisplay();
  display.cell(1, 2).style.bg = Color::Default();
  EXPECT_EQ(
      CheckSixelDisplay(Scene(), display, Drawn(), kCell).message(),
      "raster 7: the blank at (1, 2) does not keep the scene's style: bg @4 (blue) -> default");
}

TEST(RasterChecks, SixelWithATransparentPixelInTheExtentFails) {
  RgbaPlane plane = Drawn();
  plane.Set(8, 17, 0);
  EXPECT_EQ(CheckSixelDisplay(Scene(), SixelDisplay(), plane, kCell).message(),
            "raster 7: pixel (8, 17) of its 6x12 extent at (3, 6) is not opaque");
}

TEST(RasterChecks, PixelsInsideTheSlicesPass) {
  EXPECT_TRUE(CheckPixelsInsideSlices(Scene(), Drawn(), kCell).ok());
}

TEST(RasterChecks, AnOpaquePixelOutsideEverySliceFails) {
  RgbaPlane plane = Drawn();
  plane.Set(0, 0, 0x00FF00FF);
  EXPECT_EQ(CheckPixelsInsideSlices(Scene(), plane, kCell).message(),
            "pixel (0, 0) is opaque (#00FF00FF) outside every visible slice");
}

TEST(RasterChecks, AHoleInsideASliceFails) {
  RgbaPlane plane = Drawn();
  plane.Set(5, 10, 0);
  EXPECT_EQ(CheckPixelsInsideSlices(Scene(), plane, kCell).message(),
            "pixel (5, 10) inside raster 7 is a hole (transparent)");
}

TEST(RasterChecks, APictureMovedByExactlyTheRowsScrolled) {
  // Scrolled up one row: the picture's pixels are 6 pixels higher.
  RgbaPlane before = Drawn();
  before.Set(4, 12, 0x0000FFFF);  // one blue pixel to follow
  RgbaPlane after = RgbaPlane::Transparent(12, 18);
  for (int y = 0; y < 12; ++y) {
    for (int x = 3; x < 9; ++x) after.Set(x, y, 0xFF0000FF);
  }
  after.Set(4, 6, 0x0000FFFF);
  const PixelRect region = RasterPixelRect(Scene().rasters[0], kCell);
  EXPECT_TRUE(CheckMovedBy(before, after, region, 1, kCell).ok());
  EXPECT_EQ(CheckMovedBy(before, after, region, 2, kCell).message(),
            "pixel (4, 12) #0000FFFF should have moved by 2 rows to (4, 0), which is #FF0000FF");
  EXPECT_EQ(CheckMovedBy(before, RgbaPlane::Transparent(12, 12), region, 1, kCell).message(),
            "the planes differ in size: 12x18 -> 12x12");
}

TEST(RasterChecks, AWideCharacterOverTheFallbackFails) {
  // A wide glyph to the left whose right half lands on the record's first column: that cell does
  // not show the fallback.
  Frame display = Scene();
  display.cell(0, 1).grapheme = "\xe4\xb8\xad";
  display.cell(0, 1).width = 2;
  display.cell(1, 1).grapheme = "";
  display.cell(1, 1).width = 0;
  EXPECT_EQ(CheckNoGraphicsDisplay(Scene(), display, RgbaPlane::Transparent(12, 18)).message(),
            "raster 7: cell (1, 1) shows \"\", not the fallback \"#\"");
}

TEST(RasterChecks, ThePlaneMustCoverTheScreen) {
  EXPECT_TRUE(CheckPlaneSize(Scene(), Drawn(), kCell).ok());
  EXPECT_EQ(CheckPlaneSize(Scene(), RgbaPlane::Transparent(0, 0), kCell).message(),
            "the plane is 0x0 but the 4x3 screen of 3x6-pixel cells is 12x18 pixels");
  EXPECT_EQ(CheckPixelsInsideSlices(Scene(), RgbaPlane::Transparent(12, 12), kCell).message(),
            "the plane is 12x12 but the 4x3 screen of 3x6-pixel cells is 12x18 pixels");
  RgbaPlane short_of_bytes = Drawn();
  short_of_bytes.pixels.resize(10);
  EXPECT_EQ(CheckSixelDisplay(Scene(), SixelDisplay(), short_of_bytes, kCell).message(),
            "the plane is 12x18 (inconsistent) but the 4x3 screen of 3x6-pixel cells is 12x18 "
            "pixels");
}

TEST(RasterChecks, HeaderExample) {
  Frame display = Scene();  // the fallback where blanks should be
  EXPECT_EQ(CheckSixelDisplay(Scene(), display, Drawn(), {.width = 3, .height = 6}).message(),
            "raster 7: cell (1, 1) under the picture shows \"#\", not a blank");
}

}  // namespace
}  // namespace vtsnap
