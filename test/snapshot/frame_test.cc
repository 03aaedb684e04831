// Frame: blank frames, row text from cells, link runs, and equality of meaning.
#include "vtsnap/snapshot/frame.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

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

}  // namespace
}  // namespace vtsnap
