// Capturing a decoded screen as a Frame, and the golden dump of what was captured.
#include "vtsnap/snapshot/screen/capture.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/screen_dump.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace vtsnap {
namespace {

using ::testing::HasSubstr;

Frame Capture(int cols, int rows, absl::string_view bytes) {
  VirtualTerminal vt({.cols = cols, .rows = rows});
  vt.Write(bytes);
  return CaptureFrame(vt).value();
}

std::string Golden(int cols, int rows, absl::string_view bytes) {
  absl::StatusOr<std::string> text = golden::Serialize(Capture(cols, rows, bytes));
  EXPECT_TRUE(text.ok()) << text.status();
  return text.ok() ? *text : "";
}

struct ColorCase {
  const char* name;
  const char* sgr;
  Color fg;
  Color bg;
};

TEST(CaptureTest, ColoursKeepHowTheProgramSetThem) {
  const ColorCase kCases[] = {
      {"Sgr31IsPalette1", "31", Color::Palette(1), Color::Default()},
      {"Sgr37IsPalette7", "37", Color::Palette(7), Color::Default()},
      {"Sgr90IsPalette8", "90", Color::Palette(8), Color::Default()},
      {"Sgr97IsPalette15", "97", Color::Palette(15), Color::Default()},
      {"Sgr40IsBgPalette0", "40", Color::Default(), Color::Palette(0)},
      {"Sgr107IsBgPalette15", "107", Color::Default(), Color::Palette(15)},
      {"Sgr38_5IsPaletteIndex", "38;5;196", Color::Palette(196), Color::Default()},
      {"Sgr38_5_1IsPalette1Too", "38;5;1", Color::Palette(1), Color::Default()},
      {"Sgr38_2IsRgb", "38;2;255;0;16", Color::Rgb(255, 0, 16), Color::Default()},
      {"Sgr48ColonRgb", "48:2::1:2:3", Color::Default(), Color::Rgb(1, 2, 3)},
      {"Sgr39ResetsFg", "31;39", Color::Default(), Color::Default()},
  };
  for (const ColorCase& c : kCases) {
    SCOPED_TRACE(c.name);
    Frame f = Capture(4, 1, absl::StrCat("\x1b[", c.sgr, "mx"));
    EXPECT_EQ(f.cell(0, 0).style.fg, c.fg);
    EXPECT_EQ(f.cell(0, 0).style.bg, c.bg);
  }
}

TEST(CaptureTest, PaletteAndRgbRedStayDistinct) {
  Frame palette = Capture(2, 1, "\x1b[31mx");
  Frame rgb = Capture(2, 1, "\x1b[38;2;205;0;0mx");
  EXPECT_NE(palette.cell(0, 0).style, rgb.cell(0, 0).style);
  EXPECT_NE(palette, rgb);
}

TEST(CaptureTest, AttributesMapToTheGoldenVocabulary) {
  Frame f = Capture(8, 1, "\x1b[1;2;3;7;9mA\x1b[0;4:3;58;5;9mB\x1b[0;21mC\x1b[0;4;5;53mD");
  const Style& a = f.cell(0, 0).style;
  EXPECT_TRUE(a.bold && a.dim && a.italic && a.reverse && a.strike);
  EXPECT_FALSE(a.underline);
  const Style& b = f.cell(1, 0).style;
  EXPECT_TRUE(b.underline);
  EXPECT_EQ(b.underline_shape, UnderlineShape::kCurly);
  EXPECT_EQ(b.underline_color, Color::Palette(9));
  EXPECT_EQ(f.cell(2, 0).style.underline_shape, UnderlineShape::kDouble);
  // Blink and overline cannot be spelled in ckvision-golden 1: D is a plain underline.
  Style plain_underline;
  plain_underline.underline = true;
  EXPECT_EQ(f.cell(3, 0).style, plain_underline);
}

TEST(CaptureTest, InvisibleCellsAreBlanksInTheirStyle) {
  Frame f = Capture(6, 1, "\x1b[8;41mab\xe6\x97\xa5\x1b[m");
  EXPECT_EQ(f.RowText(0), "      ");
  EXPECT_EQ(f.cell(0, 0).style.bg, Color::Palette(1));
  EXPECT_EQ(f.cell(3, 0).style.bg, Color::Palette(1));  // the wide character's second column
  EXPECT_EQ(f.cell(3, 0).width, 1);
}

TEST(CaptureTest, CursorShapesAndVisibility) {
  struct ShapeCase {
    const char* decscusr;
    CursorShape shape;
  };
  for (const ShapeCase& c : {ShapeCase{"0", CursorShape::kBlock},
                             {"2", CursorShape::kBlock},
                             {"3", CursorShape::kUnderline},
                             {"4", CursorShape::kUnderline},
                             {"5", CursorShape::kBar},
                             {"6", CursorShape::kBar}}) {
    SCOPED_TRACE(c.decscusr);
    Frame f = Capture(5, 2, absl::StrCat("ab\x1b[", c.decscusr, " q"));
    EXPECT_TRUE(f.cursor.visible);
    EXPECT_EQ(f.cursor.col, 2);
    EXPECT_EQ(f.cursor.row, 0);
    EXPECT_EQ(f.cursor.shape, c.shape);
  }
  EXPECT_FALSE(Capture(5, 2, "\x1b[?25l").cursor.visible);
}

TEST(CaptureTest, HyperlinksBecomeMaximalRuns) {
  Frame f = Capture(12, 2,
                    "\x1b]8;;https://a.example/\x07"
                    "ab\x1b]8;;\x07"
                    "\x1b]8;id=x;https://b.example/\x07"
                    "\xe6\x97\xa5"
                    "c\x1b]8;;\x07"
                    " d\r\n"
                    "\x1b]8;;relative/path\x07"
                    "no\x1b]8;;\x07");
  ASSERT_EQ(f.links.size(), 2u);
  EXPECT_EQ(f.links[0], (LinkRun{0, 0, 2, "https://a.example/"}));
  EXPECT_EQ(f.links[1], (LinkRun{2, 0, 3, "https://b.example/"}));  // wide char's 2 columns + c
}

TEST(CaptureTest, GoldenOfADecodedScreen) {
  // Written by hand from the spec: styles numbered by first use, row-major; the wide character
  // once in the grid and over two stylemap columns; the cursor after "end".
  const std::string expected =
      "ckvision-golden 1\n"
      "frame 6 2\n"
      "cursor 3 1 bar\n"
      "styles 3\n"
      "0 fg @1 bg default attrs bold\n"
      "1 fg default bg default attrs -\n"
      "2 fg #0A0B0C bg @4 attrs underline underline dotted\n"
      "grid\n"
      "|hi \xe6\x97\xa5 |\n"
      "|end   |\n"
      "stylemap\n"
      "|001221|\n"
      "|111111|\n"
      "end\n";
  EXPECT_EQ(Golden(6, 2,
                   "\x1b[1;31mhi\x1b[m \x1b[38;2;10;11;12;44;4:4m\xe6\x97\xa5\x1b[m\r\n"
                   "end\x1b[5 q"),
            expected);
}

// More than 62 styles: the wide form, from the captured frame and from the live screen alike.
TEST(CaptureTest, MoreThan62StylesAreWrittenInTheWideForm) {
  std::string bytes;
  for (int i = 0; i < 70; ++i) absl::StrAppend(&bytes, "\x1b[38;5;", i, "mx");
  absl::StatusOr<std::string> text = golden::Serialize(Capture(80, 1, bytes));
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_THAT(*text, HasSubstr("vtsnap-wide-golden 1\nframe 80 1\ncursor 70 0 block\n"
                               "styles 71 width 2\n00 fg @0 bg default attrs -\n"));
  VirtualTerminal vt({.cols = 80, .rows = 1});
  vt.Write(bytes);
  absl::StatusOr<std::string> live = SerializeScreen(vt);
  ASSERT_TRUE(live.ok()) << live.status();
  EXPECT_EQ(*live, *text);
}

// Every recorded real-program screen survives capture → dump → parse with its meaning intact.
TEST(CaptureTest, CorpusScreensRoundTripThroughTheGoldenFormat) {
  int cases = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(VTSNAP_SOURCE_DIR "/test/corpus/cases")) {
    const std::string path = entry.path().string();
    if (entry.path().extension() != ".bytes") continue;
    SCOPED_TRACE(path);
    const std::string stem = entry.path().stem().string();
    const std::string size = stem.substr(stem.rfind('_') + 1);
    const int cols = std::stoi(size.substr(0, size.find('x')));
    const int rows = std::stoi(size.substr(size.find('x') + 1));
    std::ifstream in(path, std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    Frame frame = Capture(cols, rows, bytes.str());
    absl::StatusOr<std::string> text = golden::Serialize(frame);
    ASSERT_TRUE(text.ok()) << text.status();
    absl::StatusOr<Frame> parsed = golden::Parse(*text);
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    EXPECT_EQ(*parsed, frame);
    EXPECT_EQ(*golden::Serialize(*parsed), *text);
    ++cases;
  }
  EXPECT_GE(cases, 10);
}

TEST(CaptureTest, HeaderExampleWorks) {
  vtsnap::VirtualTerminal vt({.cols = 20, .rows = 2});
  vt.Write("\x1b[31mred");
  vtsnap::Frame frame = vtsnap::CaptureFrame(vt).value();
  EXPECT_EQ(frame.cell(0, 0).grapheme, "r");
  EXPECT_EQ(frame.cell(0, 0).style.fg, vtsnap::Color::Palette(1));
}

// A plane over kMaxPlanePixels is never allocated: its terminal ignores Sixel (a DCS q counted
// in stats) and capturing the plane is an error; one cell fewer of each size and the same image
// paints.
struct PlaneLimitCase {
  const char* name;
  int cols;
  bool painted;
};

TEST(CaptureTest, APlaneOverTheMaximumIsNeverAllocated) {
  const PlaneLimitCase kCases[] = {
      {"FitsThePlane", 128, true},    // 8192 x 8192 pixels
      {"OverThePlane", 1024, false},  // 65536 x 65536 pixels
  };
  for (const PlaneLimitCase& c : kCases) {
    SCOPED_TRACE(c.name);
    VirtualTerminal vt({.cols = c.cols,
                        .rows = c.cols,
                        .graphics = {.sixel = true, .cell_width = 64, .cell_height = 64}});
    vt.Write("\x1bPq#1;2;100;0;0#1~~~~~~\x1b\\");  // a red 6x6 square
    absl::StatusOr<RgbaPlane> plane = CapturePlane(vt);
    if (c.painted) {
      ASSERT_TRUE(plane.ok()) << plane.status();
      EXPECT_EQ(plane->OpaqueCount(), 36);
      EXPECT_EQ(vt.terminal().stats().ignored_total, 0u);
    } else {
      EXPECT_EQ(plane.status().code(), absl::StatusCode::kResourceExhausted);
      EXPECT_THAT(plane.status().message(),
                  HasSubstr("the 65536x65536 pixel plane (4294967296 pixels) is larger than the "
                            "maximum of 268435456 pixels"));
      EXPECT_EQ(vt.terminal().stats().ignored_total, 1u);
    }
  }
}

// Resizing a terminal to a plane over kMaxPlanePixels drops the pixels rather than allocating
// strips of the larger plane; a resize within the limit keeps them.
struct ResizePlaneCase {
  const char* name;
  int cols;  // the size resized to, and back from
  int opaque_after;
};

TEST(CaptureTest, ResizingPastThePlaneLimitDropsThePixels) {
  const ResizePlaneCase kCases[] = {
      {"WithinTheLimit", 32, 36},  // 2048 x 2048 pixels
      {"PastTheLimit", 1024, 0},   // 65536 x 65536 pixels
  };
  for (const ResizePlaneCase& c : kCases) {
    SCOPED_TRACE(c.name);
    VirtualTerminal vt(
        {.cols = 16, .rows = 16, .graphics = {.sixel = true, .cell_width = 64, .cell_height = 64}});
    vt.Write("\x1bPq#1;2;100;0;0#1~~~~~~\x1b\\");  // a red 6x6 square
    vt.Resize(c.cols, c.cols);
    vt.Resize(16, 16);
    absl::StatusOr<RgbaPlane> plane = CapturePlane(vt);
    ASSERT_TRUE(plane.ok()) << plane.status();
    EXPECT_EQ(plane->OpaqueCount(), c.opaque_after);
  }
}

}  // namespace
}  // namespace vtsnap
