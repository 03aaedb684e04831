// Paired raster scripts (matchers/paired_script.h) with a tiny picture app: an 8x4 screen whose
// 6x12-pixel picture (2x2 cells of 3x6 pixels) starts at cell (2, 1); '-' scrolls it up a row,
// '+' back down. On the Sixel profile its presenter writes style-preserving blanks and a Sixel
// image of the visible slice; on NoGraphics it writes the fallback "#" cells. The scene (cells plus
// the raster record of the visible slice) is the same on both.
#include "vtsnap/matchers/paired_script.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/raster_checks.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace vtsnap {
namespace {

constexpr int kCols = 8;
constexpr int kRows = 4;

// The picture: its top 6 pixel rows red, the bottom 6 blue (Sixel percentages 100/0/0, 0/0/100).
RgbaPlane Picture() {
  RgbaPlane p = RgbaPlane::Transparent(6, 12);
  for (int y = 0; y < 12; ++y) {
    for (int x = 0; x < 6; ++x) p.Set(x, y, y < 6 ? 0xFF0000FF : 0x0000FFFF);
  }
  return p;
}

struct PictureBugs {
  bool fallback_under_sixel = false;  // writes "#" under the picture on the Sixel profile too
  bool scene_names_profile = false;   // the scene's status line says which profile it runs on
};

class PictureApp {
 public:
  PictureApp(HeadlessTerminal* term, PictureBugs bugs = {}) : term_(term), bugs_(bugs) {}

  void Step() {
    for (char c : term_->ReadInput()) {
      if (c == '-' && top_ > -1) --top_;
      if (c == '+' && top_ < 1) ++top_;
    }
    const Frame scene = Composed();
    std::string out = "\x1b[?2026h\x1b[0m\x1b[2J\x1b[1;1H" + StatusLine();
    const bool sixel = term_->profile().graphics.sixel;
    for (int row = 0; row < kRows; ++row) {
      for (int col = 0; col < kCols; ++col) {
        if (scene.cell(col, row).style.bg == Color::Palette(4)) {
          absl::StrAppend(&out, "\x1b[", row + 1, ";", col + 1, "H\x1b[44m",
                          sixel && !bugs_.fallback_under_sixel ? " " : "#", "\x1b[0m");
        }
      }
    }
    if (sixel && !scene.rasters.empty()) {
      const RasterRecord& r = scene.rasters[0];
      // The visible slice: all of the picture, or its bottom half once scrolled one row off.
      const bool bottom_only = top_ < 0;
      absl::StrAppend(
          &out, "\x1b[", r.row + 1, ";", r.col + 1, "H\x1bP0;1;0q\"1;1;6;", r.pixel_height,
          bottom_only ? "#2;2;0;0;100#2!6~" : "#1;2;100;0;0#1!6~-#2;2;0;0;100#2!6~", "\x1b\\");
    }
    out += "\x1b[?25l\x1b[?2026l";
    term_->Write(out);
  }

  // The scene: a status line, the fallback cells of the visible part of the picture (bg @4), and
  // the raster record of that visible slice.
  Frame Composed() const {
    Frame scene = Frame::Blank(kCols, kRows);
    const std::string status = StatusLine();
    for (int i = 0; i < static_cast<int>(status.size()); ++i) {
      scene.cell(i, 0).grapheme = std::string(1, status[i]);
    }
    const int first_row = std::max(top_ + 1, 1);  // the picture never covers the status line
    const int last_row = top_ + 2;
    for (int row = first_row; row <= last_row; ++row) {
      for (int col = 2; col <= 3; ++col) {
        scene.cell(col, row).grapheme = "#";
        scene.cell(col, row).style.bg = Color::Palette(4);
      }
    }
    const RgbaPlane picture = Picture();
    const int hidden_rows = first_row - (top_ + 1);  // cell rows scrolled under the status line
    absl::StatusOr<RgbaPlane> slice = Crop(picture, 0, hidden_rows * 6, 6, 12 - hidden_rows * 6);
    scene.rasters.push_back({.id = 1,
                             .col = 2,
                             .row = first_row,
                             .cols = 2,
                             .rows = last_row - first_row + 1,
                             .pixel_width = slice->width,
                             .pixel_height = slice->height,
                             .hash = RasterHash(*slice)});
    return scene;
  }

 private:
  std::string StatusLine() const {
    if (bugs_.scene_names_profile) {
      return term_->profile().graphics.sixel ? "sixel" : "plain";
    }
    return absl::StrCat("top ", top_ + 1);
  }

  HeadlessTerminal* term_;
  PictureBugs bugs_;
  int top_ = 0;  // the picture's top cell row, minus one (0: row 1)
};

struct Pair {
  explicit Pair(PictureBugs bugs = {})
      : sixel(HeadlessProfile::PresenterSixel(kCols, kRows)),
        plain(HeadlessProfile::Presenter(kCols, kRows)),
        sixel_app(&sixel, bugs),
        plain_app(&plain, bugs) {}

  bool Play(const Script& script, const PairedPlayOptions& options = {}) {
    return PlayPairedScript(script, sixel, plain,
                            {.sixel = {.step = [this] { sixel_app.Step(); },
                                       .composed = [this] { return sixel_app.Composed(); }},
                             .no_graphics = {.step = [this] { plain_app.Step(); },
                                             .composed = [this] { return plain_app.Composed(); }}},
                            options);
  }

  HeadlessTerminal sixel;
  HeadlessTerminal plain;
  PictureApp sixel_app;
  PictureApp plain_app;
};

TEST(PairedScript, PinsEveryBeatFiveWaysAndReturns) {
  Pair pair;
  EXPECT_TRUE(pair.Play({.name = "scroll",
                         .beats = {{.name = "start", .golden = "picture"},
                                   {.name = "scroll up", .keys = "-", .golden = "picture_scrolled"},
                                   {.name = "scroll back", .keys = "+", .golden = "picture"}}}));
}

TEST(PairedScript, AScrolledPictureMovedByExactlyOneRow) {
  Pair pair;
  ASSERT_TRUE(pair.Play({.name = "start", .beats = {{.name = "start"}}}));
  absl::StatusOr<RgbaPlane> before = CapturePlane(pair.sixel);
  ASSERT_TRUE(pair.Play({.name = "up", .beats = {{.name = "scroll up", .keys = "-"}}}));
  absl::StatusOr<RgbaPlane> after = CapturePlane(pair.sixel);
  ASSERT_TRUE(before.ok() && after.ok());
  // The bottom (blue) half moved from cell row 2 to cell row 1; the red half went under the
  // status line, which is text and has no pixels.
  const PixelRect bottom_half = {.x = 6, .y = 12, .width = 6, .height = 6};
  EXPECT_TRUE(CheckMovedBy(*before, *after, bottom_half, 1, {}).ok());
  EXPECT_EQ(after->OpaqueCount(), 36);
}

TEST(PairedScript, AFallbackGlyphUnderAPictureFails) {
  Pair pair({.fallback_under_sixel = true});
  EXPECT_NONFATAL_FAILURE(
      pair.Play({.name = "bug", .beats = {{.name = "start"}}},
                {.check_presented_every_step = false}),
      "Sixel profile: raster 1: cell (2, 1) under the picture shows \"#\", not a blank");
}

TEST(PairedScript, ASceneThatDependsOnTheProfileFails) {
  Pair pair({.scene_names_profile = true});
  EXPECT_NONFATAL_FAILURE(pair.Play({.name = "bug", .beats = {{.name = "start"}}}),
                          "the composed scene differs between the Sixel and NoGraphics profiles");
}

TEST(PairedScript, SixelDisplayOfBlanksBothHalvesOfACutWideCharacter) {
  Frame scene = Frame::Blank(4, 1);
  scene.cell(0, 0).grapheme = "\xe4\xb8\xad";  // wide, cols 0-1
  scene.cell(0, 0).width = 2;
  scene.cell(1, 0).grapheme = "";
  scene.cell(1, 0).width = 0;
  scene.cell(2, 0).grapheme = "#";
  scene.rasters.push_back({.id = 1,
                           .col = 1,
                           .row = 0,
                           .cols = 2,
                           .rows = 1,
                           .pixel_width = 6,
                           .pixel_height = 6,
                           .hash = "00"});
  const Frame display = SixelDisplayOf(scene);
  EXPECT_EQ(display.RowText(0), "    ");
  EXPECT_EQ(display.cell(0, 0).width, 1);
  EXPECT_TRUE(display.rasters.empty());
}

TEST(PairedScript, NeedsASixelAndANoGraphicsProfile) {
  HeadlessTerminal a(HeadlessProfile::Presenter(kCols, kRows));
  HeadlessTerminal b(HeadlessProfile::Presenter(kCols, kRows));
  PictureApp app_a(&a);
  PictureApp app_b(&b);
  const ScriptApp drive_a = {.step = [&] { app_a.Step(); },
                             .composed = [&] { return app_a.Composed(); }};
  const ScriptApp drive_b = {.step = [&] { app_b.Step(); },
                             .composed = [&] { return app_b.Composed(); }};
  EXPECT_NONFATAL_FAILURE(
      PlayPairedScript({.name = "wrong"}, a, b, {.sixel = drive_a, .no_graphics = drive_b}),
      "a paired script needs a Sixel and a NoGraphics profile with the same cell size");
}

}  // namespace
}  // namespace vtsnap
