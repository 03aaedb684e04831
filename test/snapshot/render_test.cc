// The renderers (snapshot/render/render.h) and PNG files (snapshot/render/png.h).
#include "vtsnap/snapshot/render/render.h"

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/base/utf8.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/render/png.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace vtsnap {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// A two-glyph font: "A" is a full 8 x 16 block, U+65E5 a 16 x 16 frame of its outline.
constexpr char kTinyFont[] =
    "0041:FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF\n"
    "65E5:FFFF80018001800180018001800180018001800180018001800180018001FFFF\n";

// The font with a 16-pixel-wide "W" (a glyph the width table gives one column).
BitmapFont FontWithWideW() {
  absl::StatusOr<BitmapFont> font =
      BitmapFont::Parse(std::string(kTinyFont) + "0057:" + std::string(64, 'F') + "\n", "w.hex");
  EXPECT_TRUE(font.ok()) << font.status();
  return *font;
}

BitmapFont TinyFont() {
  absl::StatusOr<BitmapFont> font = BitmapFont::Parse(kTinyFont, "tiny.hex");
  EXPECT_TRUE(font.ok()) << font.status();
  return *font;
}

absl::Status HeaderExample() {
  vtsnap::Frame frame = vtsnap::Frame::Blank(4, 1);
  frame.cell(0, 0).grapheme = "h";
  frame.cell(0, 0).style.fg = vtsnap::Color::Palette(1);
  std::string page = vtsnap::RenderHtml(frame);  // <!DOCTYPE html> ... color:#cd0000 ...
  std::string ansi = vtsnap::RenderAnsi(frame);  // "\x1b[0;31mh\x1b[0m   \x1b[0m\n"
  absl::StatusOr<vtsnap::BitmapFont> font = vtsnap::BitmapFont::Read(vtsnap::kUnifontHexPath);
  if (!font.ok()) return font.status();
  vtsnap::RgbaPlane pixels = vtsnap::RenderPixels(frame, *font);  // 32 x 16 pixels
  EXPECT_THAT(page, HasSubstr("color:#cd0000"));
  EXPECT_EQ(ansi, "\x1b[0;31mh\x1b[0m   \x1b[0m\n");
  EXPECT_EQ(pixels.width, 32);
  EXPECT_EQ(pixels.height, 16);
  return absl::OkStatus();
}

TEST(RenderTest, HeaderExampleWithDebiansUnifont) {
  absl::Status s = HeaderExample();
  EXPECT_TRUE(s.ok()) << s;
}

TEST(RenderTest, XtermPalette) {
  const RenderPalette p = RenderPalette::Xterm();
  EXPECT_EQ(p.foreground, 0x000000u);
  EXPECT_EQ(p.background, 0xFFFFFFu);
  EXPECT_EQ(p.colors[1], 0xCD0000u);
  EXPECT_EQ(p.colors[12], 0x5C5CFFu);
  EXPECT_EQ(p.colors[16 + 36 * 5 + 6 * 1 + 0], 0xFF5F00u);  // 202: the cube's 5,1,0
  EXPECT_EQ(p.colors[232], 0x080808u);
}

struct LookCase {
  const char* name;
  Style style;
  uint32_t fg;
  uint32_t bg;
  uint32_t underline_color;
};

Style Make(void (*edit)(Style*)) {
  Style s;
  edit(&s);
  return s;
}

TEST(RenderTest, ResolveStyleTable) {
  const LookCase cases[] = {
      {"defaults are black on white", Style{}, 0x000000, 0xFFFFFF, 0x000000},
      {"palette colours", Make([](Style* s) { s->fg = Color::Palette(2); }), 0x00CD00, 0xFFFFFF,
       0x00CD00},
      {"rgb stays rgb", Make([](Style* s) { s->bg = Color::Rgb(1, 2, 3); }), 0x000000, 0x010203,
       0x000000},
      {"reverse swaps", Make([](Style* s) {
         s->reverse = true;
         s->fg = Color::Palette(1);
       }),
       0xFFFFFF, 0xCD0000, 0xFFFFFF},
      {"dim is halfway to the background", Make([](Style* s) { s->dim = true; }), 0x7F7F7F,
       0xFFFFFF, 0x7F7F7F},
      {"an underline colour counts on an underline", Make([](Style* s) {
         s->underline = true;
         s->underline_color = Color::Palette(4);
       }),
       0x000000, 0xFFFFFF, 0x0000EE},
  };
  const RenderPalette palette = RenderPalette::Xterm();
  for (const LookCase& c : cases) {
    const CellLook look = ResolveStyle(c.style, palette);
    EXPECT_EQ(look.fg, c.fg) << c.name;
    EXPECT_EQ(look.bg, c.bg) << c.name;
    EXPECT_EQ(look.underline_color, c.underline_color) << c.name;
  }
}

TEST(RenderTest, DescribeStyleNamesColoursAndAttributes) {
  Style s;
  s.fg = Color::Palette(6);
  s.bold = true;
  s.underline = true;
  s.underline_shape = UnderlineShape::kCurly;
  EXPECT_EQ(DescribeStyle(s), "fg @6 (cyan), bg default, bold, underline curly");
}

Frame Sample() {
  Frame f = Frame::Blank(6, 2);
  f.cell(0, 0).grapheme = "<";
  f.cell(0, 0).style.fg = Color::Rgb(0x5B, 0x8C, 0xFF);
  f.cell(1, 0).grapheme = "\xE6\x97\xA5";  // 日, wide
  f.cell(1, 0).width = 2;
  f.cell(2, 0).grapheme = "";
  f.cell(2, 0).width = 0;
  f.cell(4, 1).style.underline = true;
  f.cell(4, 1).style.underline_shape = UnderlineShape::kDotted;
  f.links = LinkRunsFromTargets(6, 2,
                                {"", "", "", "https://x.example/?a=1&b=2", "", "",  //
                                 "", "", "", "javascript:alert(1)", "", ""});
  f.cursor = {.visible = true, .col = 5, .row = 1, .shape = CursorShape::kBar};
  return f;
}

TEST(RenderTest, HtmlCellsStylesLinksAndCursor) {
  const std::string html = RenderHtml(Sample());
  EXPECT_THAT(html, HasSubstr("color:#5b8cff;"));
  EXPECT_THAT(html, HasSubstr(">&lt;</span>"));         // text is escaped
  EXPECT_THAT(html, HasSubstr("<span class=\"c w\""));  // the wide glyph takes two cells
  EXPECT_THAT(html, HasSubstr("<a href=\"https://x.example/?a=1&amp;b=2\">"));
  EXPECT_THAT(html, Not(HasSubstr("href=\"javascript:")));  // only safe schemes are clickable
  EXPECT_THAT(html, HasSubstr("<a><span"));
  EXPECT_THAT(html, HasSubstr("text-decoration-style:dotted"));
  EXPECT_THAT(html, HasSubstr("cur-i"));  // the bar cursor
  EXPECT_THAT(html, HasSubstr("title=\"row 0 col 0: &quot;&lt;&quot; fg #5B8CFF, bg default\""));
}

TEST(RenderTest, HtmlMarksCells) {
  Frame f = Frame::Blank(2, 1);
  std::vector<bool> marked = {false, true};
  const std::string html = HtmlScreen(f, {}, marked);
  EXPECT_THAT(html, HasSubstr("class=\"c chg\" title=\"row 0 col 1"));
  EXPECT_THAT(html, Not(HasSubstr("row 0 col 0: \" \" fg default, bg default\" class=\"c chg")));
}

TEST(RenderTest, SvgHasTheGridAndLinks) {
  const std::string svg = RenderSvg(Sample());
  EXPECT_THAT(svg, HasSubstr("width=\"54\" height=\"36\""));
  EXPECT_THAT(svg, HasSubstr("<a href=\"https://x.example/?a=1&amp;b=2\">"));
  EXPECT_THAT(svg, Not(HasSubstr("href=\"javascript:")));
  EXPECT_THAT(svg, HasSubstr("fill=\"#5b8cff\""));
}

// The offset of the first code point XML 1.0 does not allow in a document (a malformed byte, a C0
// control other than tab, LF and CR, a surrogate, U+FFFE, U+FFFF), or npos when there is none.
size_t FirstNonXmlChar(absl::string_view xml) {
  size_t i = 0;
  while (i < xml.size()) {
    const Utf8Char c = DecodeUtf8(xml.substr(i));
    const char32_t p = c.code_point;
    const bool allowed =
        c.valid && (p == 0x9 || p == 0xA || p == 0xD || (p >= 0x20 && p <= 0xD7FF) ||
                    (p >= 0xE000 && p <= 0xFFFD) || p >= 0x10000);
    if (!allowed) return i;
    i += static_cast<size_t>(c.length);
  }
  return absl::string_view::npos;
}

// An SVG file is XML: what XML forbids, wherever the screen holds it (a cell, a golden's row, a
// link target, the title), is drawn as U+FFFD.
TEST(RenderTest, SvgHoldsOnlyCharactersXmlAllows) {
  struct Case {
    const char* name;
    absl::string_view grapheme;  // cell (0, 0) of a captured 2x1 frame
    absl::string_view link;      // the target of cell (1, 0)
    absl::string_view title;
  } cases[] = {
      {"U+FFFE in a cell", "\xEF\xBF\xBE", "", ""},
      {"U+FFFF in a cell", "\xEF\xBF\xBF", "", ""},
      {"a C0 control in a cell", "\x01", "", ""},
      {"a malformed byte in a cell", "\xFF", "", ""},
      {"U+FFFE in a link", "x", "https://x.example/\xEF\xBF\xBE", ""},
      {"a control in a link", "x", "https://x.example/\x1B", ""},
      {"a control and U+FFFF in the title", "x", "", "a\x02b\xEF\xBF\xBF"},
  };
  for (const Case& c : cases) {
    Frame frame = Frame::Blank(2, 1);
    frame.cell(0, 0).grapheme = std::string(c.grapheme);
    if (!c.link.empty())
      frame.links.push_back({.col = 1, .row = 0, .cols = 1, .target = std::string(c.link)});
    RenderOptions options;
    options.title = std::string(c.title);
    const std::string svg = RenderSvg(frame, options);
    EXPECT_EQ(FirstNonXmlChar(svg), absl::string_view::npos) << c.name << ":\n" << svg;
  }
  // A golden's row text (a parsed frame) and a plane's title.
  absl::StatusOr<Frame> parsed = golden::Parse(
      "ckvision-golden 1\nframe 2 1\ncursor hidden\nstyles 1\n0 fg default bg default attrs -\n"
      "grid\n|\xEF\xBF\xBEx|\nstylemap\n|00|\nend\n");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  const std::string svg = RenderSvg(*parsed);
  EXPECT_EQ(FirstNonXmlChar(svg), absl::string_view::npos) << svg;
  EXPECT_THAT(svg, HasSubstr(">\xEF\xBF\xBD</text>"));  // drawn, as a malformed byte is
  RenderOptions titled;
  titled.title = "\xEF\xBF\xBE";
  EXPECT_EQ(FirstNonXmlChar(RenderPlaneSvg(RgbaPlane::Filled(1, 1, 0xFF0000FF), titled)),
            absl::string_view::npos);
}

TEST(RenderTest, AnsiRowsWithLinksAndAParsedFrame) {
  EXPECT_EQ(RenderAnsiRow(Sample(), 0),
            "\x1b[0;38;2;91;140;255m<\x1b[0m\xE6\x97\xA5\x1b]8;;https://x.example/?a=1&b=2\x1b\\ "
            "\x1b]8;;\x1b\\  \x1b[0m");
  // A frame parsed from a golden dump lays its row text out by width.
  absl::StatusOr<Frame> parsed = golden::Parse(
      "ckvision-golden 1\nframe 3 1\ncursor hidden\nstyles 1\n0 fg @1 bg default attrs -\n"
      "grid\n|a\xE6\x97\xA5|\nstylemap\n|000|\nend\n");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(RenderAnsi(*parsed), "\x1b[0;31ma\xE6\x97\xA5\x1b[0m\n");
}

// The pixel of (x, y) without its alpha.
uint32_t Rgb(const RgbaPlane& p, int x, int y) { return p.At(x, y) >> 8; }

TEST(RenderTest, PixelsOfGlyphsBackgroundsAndWideGlyphs) {
  Frame f = Frame::Blank(4, 1);
  f.cell(0, 0).grapheme = "A";
  f.cell(0, 0).style.fg = Color::Palette(1);
  f.cell(1, 0).grapheme = "\xE6\x97\xA5";
  f.cell(1, 0).width = 2;
  f.cell(2, 0).grapheme = "";
  f.cell(2, 0).width = 0;
  f.cell(3, 0).grapheme = "?";  // not in the font: a box
  const RgbaPlane p = RenderPixels(f, TinyFont(), {.cursor = false});
  ASSERT_EQ(p.width, 32);
  ASSERT_EQ(p.height, 16);
  EXPECT_EQ(Rgb(p, 0, 0), 0xCD0000u);  // the block glyph in red
  EXPECT_EQ(Rgb(p, 7, 15), 0xCD0000u);
  EXPECT_EQ(Rgb(p, 8, 0), 0x000000u);  // the wide glyph's outline over columns 1-2
  EXPECT_EQ(Rgb(p, 23, 15), 0x000000u);
  EXPECT_EQ(Rgb(p, 12, 8), 0xFFFFFFu);  // its inside
  EXPECT_EQ(Rgb(p, 25, 2), 0x000000u);  // the missing glyph's box
  EXPECT_EQ(Rgb(p, 28, 8), 0xFFFFFFu);
  EXPECT_EQ(p.At(31, 15) & 0xFF, 0xFFu);  // opaque everywhere
}

TEST(RenderTest, PixelsOfUnderlineStrikeReverseAndCursor) {
  Frame f = Frame::Blank(3, 1);
  f.cell(0, 0).style.underline = true;
  f.cell(0, 0).style.underline_color = Color::Palette(4);
  f.cell(1, 0).style.strike = true;
  f.cell(1, 0).style.reverse = true;  // black cell, white strike
  f.cursor = {.visible = true, .col = 2, .row = 0, .shape = CursorShape::kUnderline};
  const RgbaPlane p = RenderPixels(f, TinyFont());
  EXPECT_EQ(Rgb(p, 3, 15), 0x0000EEu);  // underline in its colour, bottom row
  EXPECT_EQ(Rgb(p, 3, 14), 0xFFFFFFu);
  EXPECT_EQ(Rgb(p, 10, 3), 0x000000u);   // reversed background
  EXPECT_EQ(Rgb(p, 10, 8), 0xFFFFFFu);   // strike through the middle
  EXPECT_EQ(Rgb(p, 20, 14), 0x000000u);  // the underline cursor's two rows
  EXPECT_EQ(Rgb(p, 20, 13), 0xFFFFFFu);
}

TEST(RenderTest, AWideGlyphInANarrowCellIsSqueezedIntoIt) {
  Frame f = Frame::Blank(3, 1);
  f.cell(1, 0).grapheme = "W";
  const RgbaPlane p = RenderPixels(f, FontWithWideW(), {.cursor = false});
  EXPECT_EQ(Rgb(p, 7, 8), 0xFFFFFFu);  // the cell before: untouched
  EXPECT_EQ(Rgb(p, 8, 8), 0x000000u);  // the glyph, all 8 columns of its own cell
  EXPECT_EQ(Rgb(p, 15, 8), 0x000000u);
  EXPECT_EQ(Rgb(p, 16, 8), 0xFFFFFFu);  // the cell after: untouched
}

TEST(RenderTest, APlaneAloneAsHtmlAndSvg) {
  const RgbaPlane plane = RgbaPlane::Filled(5, 3, 0x102030FF);
  EXPECT_THAT(RenderPlaneHtml(plane),
              HasSubstr("<img alt=\"\" width=\"5\" height=\"3\" src=\"data:image/png;base64,"));
  EXPECT_THAT(RenderPlaneSvg(plane), HasSubstr("width=\"5\" height=\"3\""));
}

TEST(RenderTest, PixelsOfAPlaneOverTheCells) {
  Frame f = Frame::Blank(2, 1);
  RgbaPlane sixel = RgbaPlane::Transparent(6, 6);  // the terminal's 3x6 cells
  for (int y = 0; y < 6; ++y) {
    for (int x = 0; x < 3; ++x) sixel.Set(x, y, 0x00FF00FF);
  }
  const RgbaPlane p = RenderPixels(f, TinyFont(), {.plane = &sixel});
  EXPECT_EQ(Rgb(p, 0, 0), 0x00FF00u);  // scaled over the first cell
  EXPECT_EQ(Rgb(p, 7, 15), 0x00FF00u);
  EXPECT_EQ(Rgb(p, 8, 0), 0xFFFFFFu);  // transparent: the cell shows
}

TEST(RenderTest, FontErrorsNameTheLineAndColumn) {
  struct Case {
    const char* text;
    const char* error;
  } cases[] = {
      {"0041:FF\n", "f.hex:1:6: expected 32 or 64 hex digits, found 2"},
      {"0041:FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF\nzz41:FF\n", "f.hex:2:1: expected a hexadecimal"},
      {"0041:FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFG\n", "f.hex:1:37: expected a hex digit"},
      {"no colon\n", "f.hex:1:1: expected a glyph line"},
      {"\n", "f.hex: no glyphs"},
  };
  for (const Case& c : cases) {
    absl::StatusOr<BitmapFont> font = BitmapFont::Parse(c.text, "f.hex");
    ASSERT_FALSE(font.ok()) << c.text;
    EXPECT_THAT(font.status().message(), HasSubstr(c.error)) << c.text;
  }
  EXPECT_THAT(BitmapFont::Read("/nonexistent/font.hex").status().message(),
              HasSubstr("/nonexistent/font.hex: cannot read the font (install Debian's package "
                        "unifont"));
}

TEST(PngTest, HeaderExampleRoundTrips) {
  vtsnap::RgbaPlane plane = vtsnap::RgbaPlane::Filled(2, 1, 0xFF0000FF);
  absl::StatusOr<std::string> png = vtsnap::EncodePng(plane);
  ASSERT_TRUE(png.ok()) << png.status();
  EXPECT_EQ(png->substr(1, 3), "PNG");
  absl::StatusOr<vtsnap::RgbaPlane> back = vtsnap::DecodePng(*png, "red.png");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(*back, plane);
}

TEST(PngTest, ErrorsNameTheInput) {
  EXPECT_THAT(DecodePng("not a png", "shot.png").status().message(),
              HasSubstr("shot.png: not a PNG file"));
  EXPECT_FALSE(EncodePng(RgbaPlane::Transparent(0, 3)).ok());
}

}  // namespace
}  // namespace vtsnap
