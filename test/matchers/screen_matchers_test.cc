// The small screen matchers and the printers: what they accept, what they explain, and how they
// compose with gmock.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/matchers/screen.h"

namespace vtsnap {
namespace {

using ::testing::AllOf;
using ::testing::Field;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

// What the matcher says about `value` (gmock 1.12 has no testing::Explain).
template <typename M, typename V>
std::string Explain(const M& matcher, const V& value) {
  ::testing::StringMatchResultListener listener;
  ::testing::ExplainMatchResult(::testing::SafeMatcherCast<const V&>(matcher), value, &listener);
  return listener.str();
}

// A 12x3 screen: "File  Edit" with "File" bold red, a link on "Edit", the cursor at (2, 1).
class ScreenMatchersTest : public ::testing::Test {
 protected:
  ScreenMatchersTest() : vt_({.cols = 12, .rows = 3}) {
    vt_.Write(
        "\x1b[1;31mFile\x1b[m  \x1b]8;;https://e.example/\x07"
        "Edit\x1b]8;;\x07"
        "\r\n  \xe6\x97\xa5");
    vt_.Write("\x1b[2;3H");
  }
  VirtualTerminal vt_;
};

TEST_F(ScreenMatchersTest, CursorAt) {
  EXPECT_THAT(vt_, CursorAt(2, 1));
  EXPECT_THAT(vt_, Not(CursorAt(1, 2)));
  EXPECT_EQ(Explain(CursorAt(0, 0), vt_), "the cursor is at 2, 1");
  vt_.Write("\x1b[?25l");
  EXPECT_THAT(vt_, Not(CursorAt(2, 1)));
  EXPECT_THAT(vt_, CursorHidden());
  EXPECT_EQ(Explain(CursorAt(2, 1), vt_), "the cursor is hidden");
}

TEST_F(ScreenMatchersTest, CursorAtTakesMatchers) {
  EXPECT_THAT(vt_, CursorAt(::testing::Lt(5), ::testing::Ge(1)));
  EXPECT_THAT(vt_, CursorAt(::testing::_, 1));
  EXPECT_THAT(vt_, Not(CursorAt(::testing::_, 0)));
  EXPECT_THAT(vt_, Not(CursorAt(::testing::Gt(2), ::testing::_)));
  EXPECT_EQ(Explain(CursorAt(::testing::Gt(2), 1), vt_), "the cursor is at 2, 1");
}

TEST_F(ScreenMatchersTest, RowTextIsTrimmedAndTakesMatchers) {
  EXPECT_THAT(vt_, RowTextIs(0, "File  Edit"));
  EXPECT_THAT(vt_, RowTextIs(1, "  \xe6\x97\xa5"));
  EXPECT_THAT(vt_, RowTextIs(0, StartsWith("File")));
  EXPECT_THAT(vt_, RowTextIs(2, ""));
  EXPECT_THAT(vt_, Not(RowTextIs(0, "File")));
  EXPECT_EQ(Explain(RowTextIs(7, "x"), vt_), "cell (0, 7) is outside the 12x3 screen");
}

TEST_F(ScreenMatchersTest, CellStyle) {
  Style bold_red;
  bold_red.bold = true;
  bold_red.fg = Color::Palette(1);
  EXPECT_THAT(vt_, CellStyleIs(0, 0, bold_red));
  EXPECT_THAT(vt_, CellStyleIs(3, 0, Field(&Style::bold, true)));
  EXPECT_THAT(vt_, CellStyleIs(4, 0, Style{}));
  EXPECT_EQ(Explain(CellStyleIs(0, 0, Style{}), vt_),
            "the style of cell (0, 0) is fg @1 bg default attrs bold");
}

TEST_F(ScreenMatchersTest, CellLink) {
  EXPECT_THAT(vt_, CellLinkIs(6, 0, "https://e.example/"));
  EXPECT_THAT(vt_, CellLinkIs(9, 0, "https://e.example/"));
  EXPECT_THAT(vt_, CellLinkIs(5, 0, ""));
  EXPECT_THAT(vt_, Not(CellLinkIs(0, 0, HasSubstr("e.example"))));
}

TEST_F(ScreenMatchersTest, ComposeWithAllOfAndMatchFramesAndTerminals) {
  EXPECT_THAT(vt_, AllOf(RowTextIs(0, HasSubstr("Edit")), CursorAt(2, 1), CursorVisibleIs(true)));
  const Frame frame = CaptureFrame(vt_).value();
  EXPECT_THAT(frame, RowTextIs(0, "File  Edit"));
  EXPECT_THAT(vt_.terminal(), CursorAt(2, 1));
}

TEST_F(ScreenMatchersTest, DescriptionsReadAsSentences) {
  EXPECT_EQ(::testing::DescribeMatcher<const VirtualTerminal&>(RowTextIs(0, "x")),
            "row 0's text is equal to \"x\"");
  EXPECT_EQ(::testing::DescribeMatcher<const VirtualTerminal&>(CursorAt(1, 2)),
            "the cursor is visible, its column is equal to 1 and its row is equal to 2");
  EXPECT_EQ(::testing::DescribeMatcher<const VirtualTerminal&>(Not(CursorAt(1, 2))),
            "the cursor is hidden, or its column isn't equal to 1, or its row isn't equal to 2");
}

TEST_F(ScreenMatchersTest, PrintToShowsRowsAndCursor) {
  EXPECT_EQ(::testing::PrintToString(vt_),
            "12x3 screen\n"
            "  |File  Edit  |\n"
            "  |  \xe6\x97\xa5        |\n"
            "  |            |\n"
            "  cursor 2 1 block");
}

TEST(GoldenMatcherDescriptionTest, DescribesItselfAndItsNegation) {
  EXPECT_EQ(::testing::DescribeMatcher<const Frame&>(EqualsGolden("home")),
            "equals the golden \"home\"");
  EXPECT_EQ(::testing::DescribeMatcher<const Frame&>(Not(EqualsGolden("home"))),
            "differs from the golden \"home\"");
}

}  // namespace
}  // namespace vtsnap
