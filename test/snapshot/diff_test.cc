// Frame differences: structured records and the report texts, pinned exactly.
#include "vtsnap/snapshot/screen/diff.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {
namespace {

Frame ParseOrDie(const std::string& text) {
  absl::StatusOr<Frame> frame = golden::Parse(text);
  EXPECT_TRUE(frame.ok()) << frame.status();
  return frame.ok() ? *frame : Frame();
}

constexpr char kExpected[] =
    "ckvision-golden 1\n"
    "frame 12 3\n"
    "cursor 6 1 block\n"
    "styles 2\n"
    "0 fg #C0C0C0 bg #000080 attrs -\n"
    "1 fg #FFFFFF bg #000080 attrs bold\n"
    "grid\n"
    "|+----------+|\n"
    "|| Hello ck ||\n"
    "|+----------+|\n"
    "stylemap\n"
    "|000000000000|\n"
    "|011111111110|\n"
    "|000000000000|\n"
    "link 2 1 5 https://a.example/\n"
    "raster 1 anchor 2 1 span 4 2 pixels 64 32 hash a1b2c3d4\n"
    "end\n";

constexpr char kActual[] =
    "ckvision-golden 1\n"
    "frame 12 3\n"
    "cursor hidden\n"
    "styles 3\n"
    "0 fg #C0C0C0 bg #000080 attrs -\n"
    "1 fg #FFFFFF bg #000080 attrs bold\n"
    "2 fg #FF0000 bg #000080 attrs underline underline curly\n"
    "grid\n"
    "|+----------+|\n"
    "|| Hallo \xE7\x95\x8C ||\n"  // "ck" became U+754C, one wide glyph over the same two cells.
    "|+----------+|\n"
    "stylemap\n"
    "|000000000000|\n"
    "|012222211110|\n"
    "|000000000000|\n"
    "link 2 1 6 https://a.example/\n"
    "raster 1 anchor 2 1 span 4 2 pixels 64 32 hash ffff\n"
    "raster 2 anchor 0 0 span 1 1 pixels 3 6 hash 00\n"
    "end\n";

TEST(FrameDiffReport, EveryKindOfChangeInOrder) {
  const FrameDiff diff = Compare(ParseOrDie(kExpected), ParseOrDie(kActual));
  EXPECT_EQ(RenderDiff(diff),
            "frames differ (- expected, + actual; rows and columns are 0-based)\n"
            "text:\n"
            "  row 1 -|| Hello ck ||\n"
            "        +|| Hallo \xE7\x95\x8C ||\n"
            "             ^    ^^\n"
            "styles:\n"
            "  row 1 cols 2-6 \"Hallo\": fg #FFFFFF -> #FF0000, bold lost, underline curly added\n"
            "cursor: 6 1 block -> hidden\n"
            "links:\n"
            "  - link 2 1 5 https://a.example/\n"
            "  + link 2 1 6 https://a.example/\n"
            "rasters:\n"
            "  - raster 1 anchor 2 1 span 4 2 pixels 64 32 hash a1b2c3d4\n"
            "  + raster 1 anchor 2 1 span 4 2 pixels 64 32 hash ffff\n"
            "  + raster 2 anchor 0 0 span 1 1 pixels 3 6 hash 00\n");
}

TEST(FrameDiffReport, StructuredRecords) {
  const FrameDiff diff = Compare(ParseOrDie(kExpected), ParseOrDie(kActual));
  ASSERT_EQ(diff.text.size(), 1u);
  EXPECT_EQ(diff.text[0].row, 1);
  EXPECT_THAT(diff.text[0].columns, ::testing::ElementsAre(3, 8, 9));
  ASSERT_EQ(diff.styles.size(), 1u);
  EXPECT_EQ(diff.styles[0].first_col, 2);
  EXPECT_EQ(diff.styles[0].last_col, 6);
  EXPECT_TRUE(diff.cursor_differs);
  ASSERT_EQ(diff.links.size(), 2u);
  EXPECT_FALSE(diff.links[0].added);
  EXPECT_TRUE(diff.links[1].added);
  ASSERT_EQ(diff.rasters.size(), 2u);
  EXPECT_TRUE(diff.rasters[0].expected.has_value() && diff.rasters[0].actual.has_value());
  EXPECT_FALSE(diff.rasters[1].expected.has_value());
}

TEST(FrameDiffReport, SizeIsReportedFirstAndAlone) {
  Frame expected = Frame::Blank(12, 3);
  Frame actual = Frame::Blank(10, 3);
  actual.cell(0, 0).grapheme = "x";
  actual.cursor.visible = true;
  EXPECT_EQ(RenderDiff(Compare(expected, actual)),
            "frames differ (- expected, + actual; rows and columns are 0-based)\n"
            "size: 12x3 -> 10x3 (cols x rows)\n");
}

TEST(FrameDiffReport, EqualFrames) {
  const FrameDiff diff = Compare(ParseOrDie(kExpected), ParseOrDie(kExpected));
  EXPECT_TRUE(diff.empty());
  EXPECT_EQ(RenderDiff(diff), "frames are equal\n");
}

TEST(FrameDiffReport, CapturedAndParsedFramesOfOneScreenAreEqual) {
  Frame captured = Frame::Blank(4, 1);
  captured.cell(0, 0) = Cell{"\xE7\x95\x8C", 2, {}};
  captured.cell(1, 0) = Cell{"", 0, {}};
  captured.cell(2, 0).grapheme = "x";
  captured.cursor = Cursor{false, 3, 0, CursorShape::kBar};  // Hidden: position not compared.
  const Frame parsed = ParseOrDie(*golden::Serialize(captured));
  EXPECT_TRUE(Compare(parsed, captured).empty());
  EXPECT_TRUE(Compare(captured, parsed).empty());
}

TEST(FrameDiffReport, CaretsUnderCapturedCellsAndParsedText) {
  Frame captured = Frame::Blank(4, 1);
  captured.cell(0, 0) = Cell{"\xE7\x95\x8C", 2, {}};
  captured.cell(1, 0) = Cell{"", 0, {}};
  captured.cell(2, 0).grapheme = "x";
  Frame changed = captured;
  changed.cell(2, 0).grapheme = "y";
  changed.cell(3, 0).grapheme = "z";
  const std::string report =
      "frames differ (- expected, + actual; rows and columns are 0-based)\n"
      "text:\n"
      "  row 0 -|\xE7\x95\x8Cx |\n"
      "        +|\xE7\x95\x8Cyz|\n"
      "            ^^\n";
  EXPECT_EQ(RenderDiff(Compare(captured, changed)), report);
  EXPECT_EQ(RenderDiff(Compare(ParseOrDie(*golden::Serialize(captured)), changed)), report);
}

TEST(FrameDiffReport, ControlBytesShowAsControlPictures) {
  Frame expected = Frame::Blank(3, 1);
  Frame actual = expected;
  actual.row_text = {"a\tb"};
  actual.cells[0].grapheme.clear();
  EXPECT_EQ(RenderDiff(Compare(expected, actual)),
            "frames differ (- expected, + actual; rows and columns are 0-based)\n"
            "text:\n"
            "  row 0 -|   |\n"
            "        +|a\xE2\x90\x89"
            "b|\n"
            "          ^^^\n");
}

TEST(FrameDiffReport, StyleRangesSplitWhereTheChangeDiffers) {
  Frame expected = Frame::Blank(6, 2);
  Frame actual = expected;
  for (int col = 0; col < 3; ++col) actual.cell(col, 0).style.bg = Color::Palette(4);
  actual.cell(3, 0).style.bg = Color::Palette(5);
  actual.cell(5, 1).style.italic = true;
  actual.cell(5, 1).style.reverse = true;
  EXPECT_EQ(RenderDiff(Compare(expected, actual)),
            "frames differ (- expected, + actual; rows and columns are 0-based)\n"
            "styles:\n"
            "  row 0 cols 0-2 (blank): bg default -> @4 (blue)\n"
            "  row 0 col 3 (blank): bg default -> @5 (magenta)\n"
            "  row 1 col 5 (blank): italic added, reverse added\n");
}

// The example: one bg change over a word and the erased cells after it is one line,
// quoting what the cells hold. The erased cells' foreground differs from the word's, but nothing
// shows it.
TEST(FrameDiffReport, OneChangeOverTextAndErasedCellsIsOneLine) {
  Frame expected = Frame::Blank(12, 4);
  const std::string word = "Bread";
  for (int col = 2; col <= 9; ++col) {
    Cell& cell = expected.cell(col, 3);
    if (col < 7) {
      cell.grapheme = word.substr(static_cast<size_t>(col - 2), 1);
      cell.style.fg = Color::Palette(0);
      cell.style.bold = true;
    }
    cell.style.bg = Color::Palette(6);
  }
  Frame actual = expected;
  for (int col = 2; col <= 9; ++col) actual.cell(col, 3).style.bg = Color::Palette(4);
  EXPECT_EQ(RenderDiff(Compare(expected, actual)),
            "frames differ (- expected, + actual; rows and columns are 0-based)\n"
            "styles:\n"
            "  row 3 cols 2-9 \"Bread   \": bg @6 (cyan) -> @4 (blue)\n");
}

TEST(FrameDiffReport, QuotedTextEscapesQuotesAndBackslashes) {
  Frame expected = Frame::Blank(2, 1);
  expected.cell(0, 0).grapheme = "\"";
  expected.cell(1, 0).grapheme = "\\";
  Frame actual = expected;
  actual.cell(0, 0).style.underline = true;
  actual.cell(1, 0).style.underline = true;
  EXPECT_EQ(RenderDiff(Compare(expected, actual)),
            "frames differ (- expected, + actual; rows and columns are 0-based)\n"
            "styles:\n"
            "  row 0 cols 0-1 \"\\\"\\\\\": underline added\n");
}

TEST(FrameDiffReport, LongQuotedTextIsCut) {
  Frame expected = Frame::Blank(40, 1);
  const std::string letters = "abcdefghijklmnopqrstuvwxyz0123456789ABCD";
  for (int col = 0; col < 40; ++col) {
    expected.cell(col, 0).grapheme = letters.substr(static_cast<size_t>(col), 1);
  }
  Frame actual = expected;
  for (int col = 0; col < 40; ++col) actual.cell(col, 0).style.bg = Color::Rgb(0x5B, 0x8C, 0xFF);
  EXPECT_EQ(RenderDiff(Compare(expected, actual)),
            "frames differ (- expected, + actual; rows and columns are 0-based)\n"
            "styles:\n"
            "  row 0 cols 0-39 \"abcdefghijklmnopqrstuvwxyz01234\"\u2026: bg default -> #5B8CFF\n");
}

// On a colour terminal a failure also draws the changed rows: each cell's style as SGR, each row
// reset at its end; rows without a change are left out.
TEST(FrameDiffReport, ChangedRowsInTheirStyles) {
  Frame expected = Frame::Blank(3, 3);
  expected.cell(0, 1).grapheme = "a";
  expected.cell(0, 1).style.fg = Color::Palette(1);
  expected.cell(1, 1).grapheme = "b";
  expected.cell(1, 1).style.bg = Color::Palette(12);
  Frame actual = expected;
  actual.cell(1, 1).style.bg = Color::Rgb(1, 2, 3);
  actual.cell(2, 1).style.underline = true;
  actual.cell(2, 1).style.underline_shape = UnderlineShape::kCurly;
  actual.cell(2, 1).style.underline_color = Color::Palette(200);
  actual.cell(0, 2).style.bold = true;  // invisible: row 2 is not shown
  const FrameDiff diff = Compare(expected, actual);
  EXPECT_EQ(RenderChangedRows(expected, actual, diff),
            "rows as shown (- expected, + actual):\n"
            "  row 1 -|\x1b[0;31ma\x1b[0;104mb\x1b[0m \x1b[0m|\n"
            "        +|\x1b[0;31ma\x1b[0;48;2;1;2;3mb\x1b[0;4:3;58;5;200m \x1b[0m|\n");
  EXPECT_EQ(RenderChangedRows(expected, actual, diff, 0),
            "rows as shown (- expected, + actual):\n  ... and 1 more row\n");
  EXPECT_EQ(RenderChangedRows(expected, expected, Compare(expected, expected)), "");
}

// What compares equal: on a cell blank in both frames, without underline, strike or reverse, the
// foreground, bold, dim and italic draw nothing (docs/golden-format.md, "What compares equal").
struct VisibilityCase {
  const char* name;
  const char* grapheme;  // the cell's content in both frames
  void (*expected)(Style&);
  void (*actual)(Style&);
  bool differs;
};

class BlankCellVisibility : public ::testing::TestWithParam<VisibilityCase> {};

TEST_P(BlankCellVisibility, ComparesWhatShows) {
  Frame expected = Frame::Blank(3, 1);
  expected.cell(1, 0).grapheme = GetParam().grapheme;
  Frame actual = expected;
  GetParam().expected(expected.cell(1, 0).style);
  GetParam().actual(actual.cell(1, 0).style);
  EXPECT_EQ(Compare(expected, actual).empty(), !GetParam().differs)
      << RenderDiff(Compare(expected, actual));
  // The frames themselves stay exact (every case's styles differ): only the comparison looks
  // through invisible styles.
  EXPECT_FALSE(expected == actual);
}

void Nothing(Style&) {}
void Fg7Bg0(Style& s) {
  s.fg = Color::Palette(7);
  s.bg = Color::Palette(0);
}
void Bg0(Style& s) { s.bg = Color::Palette(0); }
void BoldDimItalicFg(Style& s) {
  s.bold = s.dim = s.italic = true;
  s.fg = Color::Rgb(1, 2, 3);
}
void Fg1(Style& s) { s.fg = Color::Palette(1); }
void Fg1Underline(Style& s) {
  s.fg = Color::Palette(1);
  s.underline = true;
}
void Underline(Style& s) { s.underline = true; }
void Fg1Strike(Style& s) {
  s.fg = Color::Palette(1);
  s.strike = true;
}
void Strike(Style& s) { s.strike = true; }
void Fg1Reverse(Style& s) {
  s.fg = Color::Palette(1);
  s.reverse = true;
}
void Reverse(Style& s) { s.reverse = true; }
void Bg1(Style& s) { s.bg = Color::Palette(1); }

INSTANTIATE_TEST_SUITE_P(
    Cases, BlankCellVisibility,
    ::testing::Values(VisibilityCase{"SpaceInFgAndBgEqualsErasedWithBg", " ", Fg7Bg0, Bg0, false},
                      VisibilityCase{"BoldDimItalicAndFgOfASpaceAreInvisible", " ", BoldDimItalicFg,
                                     Nothing, false},
                      VisibilityCase{"BackgroundOfASpaceShows", " ", Nothing, Bg1, true},
                      VisibilityCase{"FgOfALetterShows", "x", Fg1, Nothing, true},
                      VisibilityCase{"FgOfAnUnderlinedSpaceShows", " ", Fg1Underline, Underline,
                                     true},
                      VisibilityCase{"FgOfAStruckSpaceShows", " ", Fg1Strike, Strike, true},
                      VisibilityCase{"FgOfAReversedSpaceShows", " ", Fg1Reverse, Reverse, true}),
    [](const ::testing::TestParamInfo<VisibilityCase>& info) { return info.param.name; });

// A cell blank in one frame only is a text change; its style is compared as it is.
TEST(FrameDiffReport, StyleOfACellBlankInOneFrameOnlyIsCompared) {
  Frame expected = Frame::Blank(2, 1);
  expected.cell(0, 0).style.fg = Color::Palette(2);
  Frame actual = expected;
  actual.cell(0, 0).grapheme = "x";
  actual.cell(0, 0).style.fg = Color::Palette(3);
  const FrameDiff diff = Compare(expected, actual);
  ASSERT_EQ(diff.styles.size(), 1u);
  EXPECT_EQ(DescribeStyleChange(diff.styles[0].expected, diff.styles[0].actual),
            "fg @2 (green) -> @3 (yellow)");
  EXPECT_EQ(diff.styles[0].text, "x");
}

TEST(FrameDiffReport, LongDiffsAreCappedWithACount) {
  Frame expected = Frame::Blank(2, 5);
  Frame actual = expected;
  for (int row = 0; row < 5; ++row) {
    actual.cell(0, row).grapheme = "x";
    actual.cell(1, row).style.bg = Color::Palette(1);
  }
  actual.links = {{0, 0, 1, "https://a/"}, {0, 1, 1, "https://a/"}, {0, 2, 1, "https://a/"}};
  DiffOptions options;
  options.max_text_rows = 2;
  options.max_style_ranges = 4;
  options.max_records = 2;
  EXPECT_EQ(RenderDiff(Compare(expected, actual), options),
            "frames differ (- expected, + actual; rows and columns are 0-based)\n"
            "text:\n"
            "  row 0 -|  |\n"
            "        +|x |\n"
            "          ^\n"
            "  row 1 -|  |\n"
            "        +|x |\n"
            "          ^\n"
            "  ... and 3 more rows\n"
            "styles:\n"
            "  row 0 col 1 (blank): bg default -> @1 (red)\n"
            "  row 1 col 1 (blank): bg default -> @1 (red)\n"
            "  row 2 col 1 (blank): bg default -> @1 (red)\n"
            "  row 3 col 1 (blank): bg default -> @1 (red)\n"
            "  ... and 1 more style range\n"
            "links:\n"
            "  + link 0 0 1 https://a/\n"
            "  + link 0 1 1 https://a/\n"
            "  ... and 1 more link change\n");
}

TEST(FrameDiffReport, RasterOrder) {
  Frame expected = Frame::Blank(2, 1);
  expected.rasters = {{1, 0, 0, 1, 1, 1, 1, "a"}, {2, 1, 0, 1, 1, 1, 1, "b"}};
  Frame actual = expected;
  std::swap(actual.rasters[0], actual.rasters[1]);
  EXPECT_EQ(RenderDiff(Compare(expected, actual)),
            "frames differ (- expected, + actual; rows and columns are 0-based)\n"
            "rasters: the same records in another order\n");
}

TEST(FrameDiffReport, CursorMoves) {
  Frame expected = Frame::Blank(4, 2);
  expected.cursor = {true, 1, 0, CursorShape::kBlock};
  Frame actual = expected;
  actual.cursor = {true, 3, 1, CursorShape::kBar};
  EXPECT_EQ(RenderDiff(Compare(expected, actual)),
            "frames differ (- expected, + actual; rows and columns are 0-based)\n"
            "cursor: 1 0 block -> 3 1 bar\n");
}

struct StyleChangeCase {
  const char* name;
  Style expected;
  Style actual;
  const char* text;
};

Style Make(void (*edit)(Style&)) {
  Style s;
  edit(s);
  return s;
}

class DescribesStyleChange : public ::testing::TestWithParam<StyleChangeCase> {};

TEST_P(DescribesStyleChange, InTheGoldensVocabulary) {
  EXPECT_EQ(DescribeStyleChange(GetParam().expected, GetParam().actual), GetParam().text);
}

INSTANTIATE_TEST_SUITE_P(
    Changes, DescribesStyleChange,
    ::testing::Values(
        StyleChangeCase{"Equal", Style{}, Style{}, ""},
        StyleChangeCase{"IssueExample", Make([](Style& s) {
                          s.fg = Color::Palette(1);
                          s.bold = true;
                        }),
                        Make([](Style& s) { s.fg = Color::Rgb(255, 0, 0); }),
                        "fg @1 (red) -> #FF0000, bold lost"},
        StyleChangeCase{"PaletteIsNotRgb", Make([](Style& s) { s.bg = Color::Palette(9); }),
                        Make([](Style& s) { s.bg = Color::Rgb(255, 0, 0); }),
                        "bg @9 (bright red) -> #FF0000"},
        StyleChangeCase{"AttributesInCanonicalOrder", Make([](Style& s) {
                          s.dim = true;
                          s.strike = true;
                        }),
                        Make([](Style& s) {
                          s.bold = true;
                          s.reverse = true;
                        }),
                        "bold added, dim lost, reverse added, strike lost"},
        StyleChangeCase{"UnderlineShapeAndColour", Make([](Style& s) { s.underline = true; }),
                        Make([](Style& s) {
                          s.underline = true;
                          s.underline_shape = UnderlineShape::kCurly;
                          s.underline_color = Color::Palette(9);
                        }),
                        "underline single -> curly, ulcolor default -> @9 (bright red)"},
        StyleChangeCase{"UnderlineLostWithItsRefinements", Make([](Style& s) {
                          s.underline = true;
                          s.underline_shape = UnderlineShape::kDotted;
                          s.underline_color = Color::Rgb(0, 0, 255);
                        }),
                        Style{}, "underline dotted ulcolor #0000FF lost"},
        StyleChangeCase{"RefinementsOfNoUnderlineAreNoChange", Style{},
                        Make([](Style& s) { s.underline_shape = UnderlineShape::kDouble; }), ""}),
    [](const ::testing::TestParamInfo<StyleChangeCase>& info) { return info.param.name; });

}  // namespace
}  // namespace vtsnap
