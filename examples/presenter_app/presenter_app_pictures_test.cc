// presenter_app's viewer picture, tested by paired raster scripts (docs/scripts.md, "Paired raster
// scripts"): each script is played in lockstep on a Sixel profile (PresenterSixel, 3x6-pixel
// cells) and a NoGraphics one (Presenter), one app on each, and every named beat is pinned as
// S.scene (the composed surface with its raster records, the same on both), S.dump and S.rgba
// (the Sixel display and pixel plane) and S_no_graphics.dump / .rgba, in
// goldens/presenter_app_pictures_test/. After every beat vtsnap's raster checks run: blanks and
// opaque slices under Sixel, the "▒" fallback and no pixel under NoGraphics.
#include <cstdint>
#include <set>
#include <string>

#include "examples/presenter_app/app.h"
#include "examples/presenter_app/presenter.h"
#include "examples/presenter_app/surface.h"
#include "examples/presenter_app/test_support.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/sixel.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/raster_checks.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace {

using ::presenter_app::CropImage;
using ::presenter_app::Image;
using ::presenter_app::Picture;
using ::presenter_app_test::Session;
using ::presenter_app_test::ToFrame;
using ::testing::ElementsAre;
using ::vtsnap::RasterSliceIs;
using ::vtsnap::Script;

constexpr char kF2[] = "\x1bOQ";
constexpr char kPageDown[] = "\x1b[6~";

// The same app on a Sixel and on a NoGraphics profile.
struct Pair {
  Session sixel{{.sixel = true}};
  Session plain{{.sixel = false}};

  bool Play(const Script& script) {
    return vtsnap::PlayPairedScript(
        script, sixel.term, plain.term,
        {.sixel = {.step = [this] { sixel.app.Step(); },
                   .composed = [this] { return ToFrame(sixel.app.composed()); }},
         .no_graphics = {.step = [this] { plain.app.Step(); },
                         .composed = [this] { return ToFrame(plain.app.composed()); }}},
        {.check_presented_every_step = true});
  }
};

std::string VtsnapHash(const Image& image) {
  return vtsnap::RasterHash(static_cast<uint32_t>(image.width), static_cast<uint32_t>(image.height),
                            image.rgba);
}

TEST(PresenterAppPictures, RasterHashIsVtsnaps) {
  // docs/rgba.md's worked example: an opaque red pixel and a transparent one, 2x1 and 1x2.
  const Image two_by_one = {.width = 2, .height = 1, .rgba = {255, 0, 0, 255, 0, 0, 0, 0}};
  EXPECT_EQ(presenter_app::RasterHash(two_by_one), "24ad572b8ef1f3f4");
  EXPECT_EQ(presenter_app::RasterHash({.width = 1, .height = 2, .rgba = two_by_one.rgba}),
            "d3c8003b360c1744");
  const Image& picture = Picture();
  ASSERT_EQ(picture.width, 12);
  ASSERT_EQ(picture.height, 48);
  const Image slices[] = {picture, CropImage(picture, 0, 0, 12, 6), CropImage(picture, 9, 0, 3, 24),
                          CropImage(picture, 0, 24, 12, 24), CropImage(picture, 3, 6, 6, 42)};
  std::set<std::string> hashes;
  for (const Image& slice : slices) {
    EXPECT_EQ(presenter_app::RasterHash(slice), VtsnapHash(slice));
    hashes.insert(presenter_app::RasterHash(slice));
  }
  EXPECT_EQ(hashes.size(), 5u);  // the slices differ, so do their hashes
}

TEST(PresenterAppPictures, PictureSurvivesSixelExactly) {
  const Image& picture = Picture();
  for (size_t i = 0; i < picture.rgba.size(); ++i) {
    const uint8_t v = picture.rgba[i];
    if (i % 4 == 3) {
      EXPECT_EQ(v, 255) << "pixel " << i / 4 << " is not opaque";
    } else {
      EXPECT_EQ(v % 51, 0) << "byte " << i << " is " << int{v};
    }
  }
  // The app's encoding, decoded by vtsnap's strict decoder, is the picture itself.
  vtsnap::SixelPalette palette;
  absl::StatusOr<vtsnap::SixelBitmap> decoded =
      vtsnap::DecodeSixel(presenter_app::SixelImage(picture), &palette, {.strict = true});
  ASSERT_TRUE(decoded.ok()) << decoded.status();
  EXPECT_EQ(decoded->width, picture.width);
  EXPECT_EQ(decoded->height, picture.height);
  EXPECT_EQ(decoded->rgba, picture.rgba);
}

TEST(PresenterAppPictures, TheMenuCutsThePictureIntoTwoSlices) {
  Session s;
  s.Step(kF2);
  EXPECT_THAT(ToFrame(s.app.composed()).rasters,
              ElementsAre(RasterSliceIs(1, {6, 2}, {4, 8}, {12, 48}, VtsnapHash(Picture()))));
  s.Step("\x1b[21~");  // F10: the File menu covers columns 0-8 of rows 1-5
  EXPECT_THAT(ToFrame(s.app.composed()).rasters,
              ElementsAre(RasterSliceIs(1, {9, 2}, {1, 4}, {3, 24},
                                        VtsnapHash(CropImage(Picture(), 9, 0, 3, 24))),
                          RasterSliceIs(2, {6, 6}, {4, 4}, {12, 24},
                                        VtsnapHash(CropImage(Picture(), 0, 24, 12, 24)))));
  EXPECT_EQ(s.Diff(), "");
}

TEST(PresenterAppPictures, ScrollingAndComingBack) {
  Pair p;
  EXPECT_TRUE(p.Play(
      {.name = "picture_scroll",
       .beats = {
           {.name = "f2", .keys = "f2", .golden = "viewer"},
           {.name = "pgdn", .keys = "pgdn", .golden = "viewer_scrolled_1"},
           {.name = "down pgdn down", .keys = "down pgdn down", .golden = "viewer_scrolled_4"},
           {.name = "back up", .keys = "pgup up pgup up", .golden = "viewer"}}}));
}

TEST(PresenterAppPictures, CoveredByTheMenu) {
  Pair p;
  EXPECT_TRUE(p.Play({.name = "picture_covered",
                      .beats = {{.name = "f2", .keys = "f2", .golden = "viewer"},
                                {.name = "f10", .keys = "f10", .golden = "viewer_menu"},
                                {.name = "esc", .keys = "esc", .golden = "viewer"}}}));
}

// Scrolled one row, every pixel of the picture that stays in the viewport moved up one cell
// height (6 pixels) in the Sixel plane.
TEST(PresenterAppPictures, ScrollingMovesThePixelsByOneRow) {
  Session s({.sixel = true});
  s.Step(kF2);
  absl::StatusOr<vtsnap::RgbaPlane> before = vtsnap::CapturePlane(s.term);
  ASSERT_TRUE(before.ok()) << before.status();
  s.Step(kPageDown);
  ASSERT_EQ(s.app.scroll(), 1);
  absl::StatusOr<vtsnap::RgbaPlane> after = vtsnap::CapturePlane(s.term);
  ASSERT_TRUE(after.ok()) << after.status();
  const vtsnap::CellMetrics cell = {.width = 3, .height = 6};
  // Picture rows 1-7 (screen rows 3-9, columns 6-9) go to rows 2-8.
  const vtsnap::PixelRect kept = {.x = 6 * 3, .y = 3 * 6, .width = 4 * 3, .height = 7 * 6};
  EXPECT_TRUE(vtsnap::CheckMovedBy(*before, *after, kept, 1, cell).ok());
  EXPECT_EQ(after->OpaqueCount(), 12 * 42);  // the last row of the viewport is empty now
  // Moved by two rows it is not.
  EXPECT_FALSE(vtsnap::CheckMovedBy(*before, *after, kept, 2, cell).ok());
}

}  // namespace
