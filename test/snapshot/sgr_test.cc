// SgrOfPen and SgrOfStyle: the one SGR writer (snapshot/screen/sgr.h).
#include "vtsnap/snapshot/screen/sgr.h"

#include <string>
#include <utility>

#include "gtest/gtest.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {
namespace {

TEST(SgrTest, HeaderExample) {
  Style style;
  style.bold = true;
  style.fg = Color::Palette(9);
  EXPECT_EQ(SgrOfStyle(style), "\x1b[0;1;91m");
}

struct StyleCase {
  const char* name;
  Style style;
  const char* sgr;
};

Style With(void (*edit)(Style*)) {
  Style s;
  edit(&s);
  return s;
}

TEST(SgrTest, StylesTable) {
  const StyleCase cases[] = {
      {"default is a bare reset", Style{}, "\x1b[0m"},
      {"palette 0-7 are 30-37", With([](Style* s) { s->fg = Color::Palette(3); }), "\x1b[0;33m"},
      {"palette 8-15 are 90-97", With([](Style* s) { s->fg = Color::Palette(15); }), "\x1b[0;97m"},
      {"background 8-15 are 100-107", With([](Style* s) { s->bg = Color::Palette(8); }),
       "\x1b[0;100m"},
      {"indexes above 15 are 38;5", With([](Style* s) { s->fg = Color::Palette(208); }),
       "\x1b[0;38;5;208m"},
      {"rgb background is 48;2", With([](Style* s) { s->bg = Color::Rgb(0x5B, 0x8C, 0xFF); }),
       "\x1b[0;48;2;91;140;255m"},
      {"attributes in code order",
       With([](Style* s) { s->strike = s->reverse = s->italic = s->dim = s->bold = true; }),
       "\x1b[0;1;2;3;7;9m"},
      {"curly underline with its colour after the colours", With([](Style* s) {
         s->underline = true;
         s->underline_shape = UnderlineShape::kCurly;
         s->underline_color = Color::Palette(1);
         s->fg = Color::Palette(2);
       }),
       "\x1b[0;4:3;32;58;5;1m"},
      {"an underline colour without an underline writes nothing",
       With([](Style* s) { s->underline_color = Color::Palette(1); }), "\x1b[0m"},
  };
  for (const StyleCase& c : cases) {
    EXPECT_EQ(SgrOfStyle(c.style), c.sgr) << c.name;
  }
}

TEST(SgrTest, PenAttributesAStyleCannotHold) {
  Pen pen;
  pen.attrs = kAttrBlink | kAttrInvisible | kAttrOverline;
  pen.underline_color = PenColor::Rgb(1, 2, 3);  // a pen keeps it without an underline
  EXPECT_EQ(SgrOfPen(pen), "\x1b[0;5;8;53;58;2;1;2;3m");
}

// The one Pen<->Style mapping (capture.h) SgrOfStyle, pito frames and captures share: a style
// goes to a pen and back unchanged, each underline shape to its own underline style.
TEST(SgrTest, PenFromStyleAndStyleFromPenAreInverse) {
  const std::pair<UnderlineShape, UnderlineStyle> kShapes[] = {
      {UnderlineShape::kSingle, UnderlineStyle::kSingle},
      {UnderlineShape::kDouble, UnderlineStyle::kDouble},
      {UnderlineShape::kCurly, UnderlineStyle::kCurly},
      {UnderlineShape::kDotted, UnderlineStyle::kDotted},
      {UnderlineShape::kDashed, UnderlineStyle::kDashed}};
  for (const auto& [shape, underline] : kShapes) {
    Style style;
    style.fg = Color::Palette(9);
    style.bg = Color::Rgb(1, 2, 3);
    style.bold = style.dim = style.italic = style.reverse = style.strike = true;
    style.underline = true;
    style.underline_shape = shape;
    style.underline_color = Color::Palette(200);
    const Pen pen = PenFromStyle(style);
    EXPECT_EQ(pen.underline, underline);
    EXPECT_EQ(pen.attrs, kAttrBold | kAttrDim | kAttrItalic | kAttrReverse | kAttrStrike);
    EXPECT_EQ(pen.underline_color, PenColor::Palette(200));
    EXPECT_EQ(StyleFromPen(pen), style);
  }
  EXPECT_EQ(PenFromStyle(Style{}), Pen{});
}

}  // namespace
}  // namespace vtsnap
