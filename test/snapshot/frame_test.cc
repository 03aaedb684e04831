// Frame: blank frames, row text from cells, link runs, and equality of meaning.
#include "vtsnap/snapshot/screen/frame.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/snapshot/screen/frame_text.h"

namespace vtsnap {
namespace {

TEST(Frame, HeaderExampleCompiles) {
  vtsnap::Frame frame = vtsnap::Frame::Blank(4, 1);
  frame.cell(0, 0).grapheme = "h";
  frame.cell(1, 0).grapheme = "i";
  frame.cell(0, 0).style.bold = true;
  frame.cell(0, 0).style.fg = vtsnap::Color::Palette(1);
  frame.cursor = {.visible = true, .col = 2, .row = 0};
  frame.links = vtsnap::LinkRunsFromTargets(4, 1, {"https://x.example/", "", "", ""});
  EXPECT_EQ(frame.RowText(0), "hi  ");
  EXPECT_EQ(frame.LinkTargetAt(0, 0), "https://x.example/");
}

// snapshot/screen/frame_text.h's example.
TEST(FrameText, HeaderExampleSpellsAsTheDumpDoes) {
  std::string red = vtsnap::golden::FormatColor(vtsnap::Color::Rgb(255, 0, 0));  // "#FF0000"
  vtsnap::Cursor cursor = {.visible = true, .col = 6, .row = 1};
  std::string line = vtsnap::golden::FormatCursorLine(cursor);  // "cursor 6 1 block"
  EXPECT_EQ(red, "#FF0000");
  EXPECT_EQ(line, "cursor 6 1 block");
  EXPECT_EQ(vtsnap::golden::FormatCursorLine({.visible = false}), "cursor hidden");
}

TEST(Frame, BlankIsSpacesInTheDefaultStyle) {
  const Frame frame = Frame::Blank(3, 2);
  EXPECT_EQ(frame.cells.size(), 6u);
  EXPECT_TRUE(frame.has_graphemes());
  EXPECT_EQ(frame.RowText(1), "   ");
  EXPECT_EQ(frame.style(2, 1), Style{});
  EXPECT_FALSE(frame.cursor.visible);
}

TEST(Frame, RowTextWritesEachGraphemeOnceAndContinuationsAsNothing) {
  Frame frame = Frame::Blank(4, 1);
  frame.cell(0, 0) = Cell{"\xE7\x95\x8C", 2, {}};
  frame.cell(1, 0) = Cell{"", 0, {}};
  frame.cell(2, 0).grapheme = "e\xCC\x81";
  EXPECT_EQ(frame.RowText(0),
            "\xE7\x95\x8C"
            "e\xCC\x81 ");
}

TEST(Color, FactoriesAndEquality) {
  EXPECT_EQ(Color::Rgb(0x12, 0x34, 0x56).value, 0x123456u);
  EXPECT_EQ(Color::Rgb(0x12, 0x34, 0x56).g(), 0x34);
  EXPECT_EQ(Color::Palette(7).index(), 7);
  EXPECT_FALSE(Color::Palette(1) == Color::Rgb(0, 0, 1));
  EXPECT_TRUE((Color{Color::Kind::kDefault, 5}) == Color::Default());
}

TEST(Style, RefinementsOnlyCountWhenUnderlined) {
  Style a;
  Style b;
  b.underline_shape = UnderlineShape::kCurly;
  b.underline_color = Color::Palette(9);
  EXPECT_TRUE(a == b);
  a.underline = b.underline = true;
  EXPECT_FALSE(a == b);
}

TEST(LinkRuns, FromTargetsAreMaximalAndRowMajor) {
  const std::vector<std::string> targets = {"a:x", "a:x", "b:y", "",  //
                                            "b:y", "",    "b:y", "b:y"};
  EXPECT_THAT(LinkRunsFromTargets(4, 2, targets),
              ::testing::ElementsAre(LinkRun{0, 0, 2, "a:x"}, LinkRun{2, 0, 1, "b:y"},
                                     LinkRun{0, 1, 1, "b:y"}, LinkRun{2, 1, 2, "b:y"}));
}

TEST(LinkRuns, RunsDoNotContinueAcrossRows) {
  EXPECT_THAT(LinkRunsFromTargets(1, 2, {"a:x", "a:x"}),
              ::testing::ElementsAre(LinkRun{0, 0, 1, "a:x"}, LinkRun{0, 1, 1, "a:x"}));
}

TEST(LinkRuns, NormalizeSortsAndJoins) {
  EXPECT_THAT(NormalizeLinkRuns({{2, 0, 1, "a:x"}, {0, 1, 1, "a:x"}, {0, 0, 2, "a:x"}}),
              ::testing::ElementsAre(LinkRun{0, 0, 3, "a:x"}, LinkRun{0, 1, 1, "a:x"}));
}

// LinkTargets answers every cell as LinkTargetAt does, whatever order the runs are in.
struct LinkTargetsCase {
  std::string name;
  std::vector<LinkRun> links;
};

class LinkTargetsTest : public ::testing::TestWithParam<LinkTargetsCase> {};

TEST_P(LinkTargetsTest, AnswersAsLinkTargetAt) {
  Frame frame = Frame::Blank(6, 3);
  frame.links = GetParam().links;
  const LinkTargets targets(frame);
  for (int row = 0; row < frame.rows; ++row) {
    for (int col = 0; col < frame.cols; ++col) {
      EXPECT_EQ(targets.At(col, row), frame.LinkTargetAt(col, row))
          << "col " << col << " row " << row;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Runs, LinkTargetsTest,
    ::testing::Values(
        LinkTargetsCase{"none", {}},
        LinkTargetsCase{"row_major", {{0, 0, 2, "a:x"}, {3, 0, 3, "b:y"}, {1, 2, 1, "a:x"}}},
        LinkTargetsCase{"touching", {{0, 1, 2, "a:x"}, {2, 1, 2, "b:y"}, {4, 1, 2, "a:x"}}},
        LinkTargetsCase{"out_of_order", {{1, 2, 1, "a:x"}, {3, 0, 3, "b:y"}, {0, 0, 2, "c:z"}}},
        // No valid frame holds these; the first run in the list that covers a cell wins.
        LinkTargetsCase{"overlapping", {{2, 1, 3, "b:y"}, {0, 1, 4, "a:x"}, {1, 0, 1, "c:z"}}},
        LinkTargetsCase{"empty_runs", {{0, 0, 0, "a:x"}, {1, 0, -2, "b:y"}, {0, 0, 1, "c:z"}}},
        LinkTargetsCase{"outside_the_frame", {{5, 2, 4, "a:x"}, {-1, 1, 2, "b:y"}}}),
    [](const ::testing::TestParamInfo<LinkTargetsCase>& info) { return info.param.name; });

TEST(HyperlinkTarget, AbsoluteUriOfPrintableAscii) {
  EXPECT_TRUE(IsValidHyperlinkTarget("https://example.org/a?b#c"));
  EXPECT_TRUE(IsValidHyperlinkTarget("x-custom+v1.2:anything"));
  EXPECT_FALSE(IsValidHyperlinkTarget(""));
  EXPECT_FALSE(IsValidHyperlinkTarget("example.org"));
  EXPECT_FALSE(IsValidHyperlinkTarget("1http://x"));
  EXPECT_FALSE(IsValidHyperlinkTarget("https://a b"));
  EXPECT_FALSE(IsValidHyperlinkTarget("https://\x7F"));
  EXPECT_FALSE(IsValidHyperlinkTarget(":x"));
}

TEST(FrameEquality, ComparesMeaning) {
  Frame a = Frame::Blank(2, 1);
  Frame b = a;
  EXPECT_TRUE(a == b);
  b.cursor = Cursor{false, 1, 0, CursorShape::kBar};  // Hidden either way.
  EXPECT_TRUE(a == b);
  b.links = {{1, 0, 1, "a:x"}, {0, 0, 1, "a:x"}};  // Same cells as one normalized run.
  a.links = {{0, 0, 2, "a:x"}};
  EXPECT_TRUE(a == b);
  b.row_text = {"  "};  // Same text, graphemes unknown.
  EXPECT_TRUE(a == b);
  b.row_text = {" x"};
  EXPECT_FALSE(a == b);
  b = a;
  b.cell(1, 0).style.dim = true;
  EXPECT_FALSE(a == b);
  b = a;
  b.rasters = {{1, 0, 0, 1, 1, 1, 1, "0"}};
  EXPECT_FALSE(a == b);
  b = a;
  b.cursor.visible = true;
  EXPECT_FALSE(a == b);
}

// --- CropFrame: a region of a frame as a frame of its own
// -----------------------------------------

// A 6x3 frame whose row r holds "r0".."r5" style letters: row 0 "abcdef", row 1 "ghijkl",
// row 2 "mnopqr"; cell (1, 1) bold.
Frame Letters() {
  Frame f = Frame::Blank(6, 3);
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 6; ++col)
      f.cell(col, row).grapheme = std::string(1, 'a' + row * 6 + col);
  }
  f.cell(1, 1).style.bold = true;
  return f;
}

std::vector<std::string> Rows(const Frame& f) {
  std::vector<std::string> rows;
  for (int row = 0; row < f.rows; ++row) rows.push_back(f.RowText(row));
  return rows;
}

TEST(CropFrame, KeepsTheRegionsCellsAndStyles) {
  absl::StatusOr<Frame> crop = CropFrame(Letters(), {1, 1, 3, 2});
  ASSERT_TRUE(crop.ok()) << crop.status();
  EXPECT_EQ(crop->cols, 3);
  EXPECT_EQ(crop->rows, 2);
  EXPECT_EQ(Rows(*crop), (std::vector<std::string>{"hij", "nop"}));
  EXPECT_TRUE(crop->style(0, 0).bold);
  EXPECT_FALSE(crop->style(1, 0).bold);
}

TEST(CropFrame, TheWholeFrameIsItself) {
  const Frame f = Letters();
  absl::StatusOr<Frame> crop = CropFrame(f, {0, 0, 6, 3});
  ASSERT_TRUE(crop.ok()) << crop.status();
  EXPECT_EQ(*crop, f);
}

TEST(CropFrame, AWideGlyphCutByAnEdgeBecomesABlankInItsStyle) {
  Frame f = Frame::Blank(6, 1);
  f.cell(1, 0) = Cell{"\xE7\x95\x8C", 2, {}};  // 界 at columns 1-2
  f.cell(2, 0) = Cell{"", 0, {}};
  f.cell(1, 0).style.italic = true;
  f.cell(4, 0) = Cell{"\xE7\x95\x8C", 2, {}};  // 界 at columns 4-5
  f.cell(5, 0) = Cell{"", 0, {}};
  // Columns 2-4: the first glyph's continuation on the left edge, the second's start on the right.
  absl::StatusOr<Frame> crop = CropFrame(f, {2, 0, 3, 1});
  ASSERT_TRUE(crop.ok()) << crop.status();
  EXPECT_EQ(crop->RowText(0), "   ");
  EXPECT_EQ(crop->cell(0, 0).width, 1);
  EXPECT_EQ(crop->cell(2, 0).width, 1);
  // A whole wide glyph stays.
  crop = CropFrame(f, {1, 0, 2, 1});
  ASSERT_TRUE(crop.ok()) << crop.status();
  EXPECT_EQ(crop->RowText(0), "\xE7\x95\x8C");
  EXPECT_TRUE(crop->style(0, 0).italic);
}

TEST(CropFrame, TheCursorMovesWithTheRegionOrIsHidden) {
  Frame f = Letters();
  f.cursor = {.visible = true, .col = 2, .row = 1, .shape = CursorShape::kBar};
  absl::StatusOr<Frame> inside = CropFrame(f, {1, 1, 3, 2});
  ASSERT_TRUE(inside.ok());
  EXPECT_EQ(inside->cursor,
            (Cursor{.visible = true, .col = 1, .row = 0, .shape = CursorShape::kBar}));
  absl::StatusOr<Frame> outside = CropFrame(f, {3, 0, 3, 3});
  ASSERT_TRUE(outside.ok());
  EXPECT_FALSE(outside->cursor.visible);
}

TEST(CropFrame, LinksAreClippedAndRastersInsideMoved) {
  Frame f = Letters();
  f.links = {{.col = 0, .row = 1, .cols = 6, .target = "https://x.example/"},
             {.col = 0, .row = 0, .cols = 1, .target = "https://y.example/"}};
  f.rasters = {{.id = 1,
                .col = 2,
                .row = 1,
                .cols = 2,
                .rows = 1,
                .pixel_width = 6,
                .pixel_height = 6,
                .hash = "ab"},
               {.id = 2,
                .col = 5,
                .row = 0,
                .cols = 1,
                .rows = 1,
                .pixel_width = 3,
                .pixel_height = 6,
                .hash = "cd"}};
  absl::StatusOr<Frame> crop = CropFrame(f, {1, 1, 4, 2});
  ASSERT_TRUE(crop.ok()) << crop.status();
  EXPECT_EQ(
      crop->links,
      (std::vector<LinkRun>{{.col = 0, .row = 0, .cols = 4, .target = "https://x.example/"}}));
  ASSERT_EQ(crop->rasters.size(), 1u);
  EXPECT_EQ(crop->rasters[0].id, 1);
  EXPECT_EQ(crop->rasters[0].col, 1);
  EXPECT_EQ(crop->rasters[0].row, 0);
}

struct BadRegionCase {
  std::string name;
  Region region;
  std::string message;
};
void PrintTo(const BadRegionCase& c, std::ostream* os) { *os << c.name; }

class CropFrameRefusesTest : public ::testing::TestWithParam<BadRegionCase> {};

TEST_P(CropFrameRefusesTest, NamingTheRegion) {
  Frame f = Letters();
  f.rasters = {{.id = 7,
                .col = 4,
                .row = 0,
                .cols = 2,
                .rows = 1,
                .pixel_width = 6,
                .pixel_height = 6,
                .hash = "ab"}};
  absl::StatusOr<Frame> crop = CropFrame(f, GetParam().region);
  ASSERT_FALSE(crop.ok());
  EXPECT_EQ(crop.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(crop.status().message(), GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    Regions, CropFrameRefusesTest,
    ::testing::Values(
        BadRegionCase{
            "Empty",
            {1, 1, 0, 2},
            "region col 1 row 1 0x2 is empty: a region needs at least one column and row"},
        BadRegionCase{"PastTheRightEdge",
                      {4, 0, 3, 1},
                      "region col 4 row 0 3x1 does not lie inside the 6x3 screen"},
        BadRegionCase{"PastTheBottom",
                      {0, 2, 1, 2},
                      "region col 0 row 2 1x2 does not lie inside the 6x3 screen"},
        BadRegionCase{"Negative",
                      {-1, 0, 2, 1},
                      "region col -1 row 0 2x1 does not lie inside the 6x3 screen"},
        BadRegionCase{"CutsARaster",
                      {3, 0, 2, 1},
                      "region col 3 row 0 2x1 cuts raster record 7 (anchor 4 0, span 2x1): a "
                      "region holds whole images"}),
    [](const ::testing::TestParamInfo<BadRegionCase>& info) { return info.param.name; });

TEST(CropFrame, RefusesAParsedFrame) {
  Frame f = Frame::Blank(2, 1);
  f.row_text = {"ab"};
  EXPECT_EQ(CropFrame(f, {0, 0, 1, 1}).status().code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace vtsnap
