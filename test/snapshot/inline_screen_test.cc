// The inline screen format (snapshot/formats/inline_screen.h): what a literal says, what it is
// refused for, and how a screen is written as one.
#include "vtsnap/snapshot/formats/inline_screen.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/diff.h"

namespace vtsnap {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

struct ParseCase {
  std::string name;
  std::string literal;
  int cols;
  std::vector<std::string> rows;
  bool pins_styles = false;
  std::vector<InlineStyleRun> styles = {};
};

void PrintTo(const ParseCase& c, std::ostream* os) { *os << c.name; }

class ParseTest : public ::testing::TestWithParam<ParseCase> {};

TEST_P(ParseTest, ReadsTheRowsAndStyles) {
  const ParseCase& c = GetParam();
  absl::StatusOr<InlineScreen> screen = ParseInlineScreen(c.literal);
  ASSERT_TRUE(screen.ok()) << screen.status();
  EXPECT_EQ(screen->cols, c.cols);
  EXPECT_EQ(screen->rows, c.rows);
  EXPECT_EQ(screen->pins_styles, c.pins_styles);
  EXPECT_EQ(screen->styles, c.styles);
}

Style Bold() { return Style{.bold = true}; }
Style RedOnBlue() { return Style{.fg = Color::Palette(1), .bg = Color::Palette(4)}; }

INSTANTIATE_TEST_SUITE_P(
    InlineScreen, ParseTest,
    ::testing::Values(
        ParseCase{"RowsBetweenBars", "|ab|\n|cd|\n", 2, {"ab", "cd"}},
        ParseCase{"BlankLinesAroundAndCommonIndentationLeftOut",
                  "\n\n      |ab |\n      |c  |\n    ",
                  3,
                  {"ab ", "c  "}},
        ParseCase{"TrailingBlanksAfterTheClosingBarIgnored", "|ab|   \n|cd|\t\n", 2, {"ab", "cd"}},
        ParseCase{"ABarInsideARowIsText", "|a|b|\n", 3, {"a|b"}},
        ParseCase{"AWideCharacterIsTwoCells", "|界a|\n|abc|\n", 3, {"界a", "abc"}},
        ParseCase{"CarriageReturnsOfAWindowsFileIgnored", "|ab|\r\n|cd|\r\n", 2, {"ab", "cd"}},
        ParseCase{"EmptyLiteralHasNoRows", "", 0, {}},
        ParseCase{"OnlyBlanksHasNoRows", "\n   \n  ", 0, {}},
        ParseCase{"StylesPartPinsStyles",
                  "|ab|\n|cd|\n--- styles\n0 0-1 bold\n1 1 fg=red bg=blue\n",
                  2,
                  {"ab", "cd"},
                  true,
                  {{0, 0, 1, Bold()}, {1, 1, 1, RedOnBlue()}}},
        ParseCase{"EmptyStylesPartPinsTheDefaultStyle", "|ab|\n--- styles\n", 2, {"ab"}, true},
        ParseCase{"ColorsByIndexAndRgb",
                  "|ab|\n--- styles\n0 0 fg=208 bg=#00ff80 underline=curly underline-color=red\n",
                  2,
                  {"ab"},
                  true,
                  {{0, 0, 0,
                    Style{.fg = Color::Palette(208),
                          .bg = Color::Rgb(0, 255, 128),
                          .underline = true,
                          .underline_shape = UnderlineShape::kCurly,
                          .underline_color = Color::Palette(1)}}}}),
    [](const ::testing::TestParamInfo<ParseCase>& info) { return info.param.name; });

struct ErrorCase {
  std::string name;
  std::string literal;
  std::string message;
};

void PrintTo(const ErrorCase& c, std::ostream* os) { *os << c.name; }

class ParseErrorTest : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(ParseErrorTest, NamesTheLineAndColumn) {
  absl::StatusOr<InlineScreen> screen = ParseInlineScreen(GetParam().literal);
  ASSERT_FALSE(screen.ok());
  EXPECT_EQ(screen.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(screen.status().message(), HasSubstr(GetParam().message));
}

INSTANTIATE_TEST_SUITE_P(
    InlineScreen, ParseErrorTest,
    ::testing::Values(
        ErrorCase{"RowWithoutOpeningBar", "|ab|\n  cd|\n", "line 2, column 1: a row starts with |"},
        ErrorCase{"RowWithoutClosingBar", "  |ab|\n  |cd\n", "line 2, column 3: a row ends with |"},
        ErrorCase{"RowsOfDifferentWidths", "|ab|\n|abc|\n",
                  "line 2, column 1: this row is 3 cells wide, the first row 2"},
        ErrorCase{"ABlankLineAmongTheRows", "|ab|\n\n|cd|\n", "line 2, column 1: a blank line"},
        ErrorCase{"ARowWithNoCells", "||\n", "line 1, column 1: a row with no cells"},
        ErrorCase{"UnknownStyleWord", "|ab|\n--- styles\n0 0 blod\n",
                  "line 3, column 5: unknown style word `blod`"},
        ErrorCase{"UnknownColor", "|ab|\n--- styles\n0 0 fg=mauve\n",
                  "line 3, column 5: unknown style word `fg=mauve`"},
        ErrorCase{"RunOnARowThatIsNotThere", "|ab|\n--- styles\n1 0 bold\n",
                  "line 3, column 1: `1` is not a row of the screen (0-0)"},
        ErrorCase{"RunPastTheLastColumn", "|ab|\n--- styles\n0 1-2 bold\n",
                  "line 3, column 3: `1-2` is not a column range of the screen (0-1)"},
        ErrorCase{"RunWithoutWords", "|ab|\n--- styles\n0 1\n", "line 3, column 1: a style run"},
        ErrorCase{"StylesBeforeAnyRow", "--- styles\n0 0 bold\n", "styles before any row"}),
    [](const ::testing::TestParamInfo<ErrorCase>& info) { return info.param.name; });

Frame Screen(int cols, int rows, absl::string_view bytes) {
  VirtualTerminal vt({.cols = cols, .rows = rows});
  vt.Write(bytes);
  absl::StatusOr<Frame> frame = CaptureFrame(vt);
  EXPECT_TRUE(frame.ok()) << frame.status();
  return frame.ok() ? *frame : Frame{};
}

struct FormatCase {
  std::string name;
  int cols;
  int rows;
  std::string bytes;
  bool with_styles;
  std::string body;
};

void PrintTo(const FormatCase& c, std::ostream* os) { *os << c.name; }

class FormatTest : public ::testing::TestWithParam<FormatCase> {};

TEST_P(FormatTest, WritesWhatAPersonSees) {
  const FormatCase& c = GetParam();
  EXPECT_EQ(FormatInlineScreen(Screen(c.cols, c.rows, c.bytes), c.with_styles), c.body);
}

// A written screen read back and laid over the screen it came from compares equal.
TEST_P(FormatTest, ReadBackEqualsTheScreen) {
  const FormatCase& c = GetParam();
  const Frame actual = Screen(c.cols, c.rows, c.bytes);
  absl::StatusOr<InlineScreen> back = ParseInlineScreen(FormatInlineScreen(actual, c.with_styles));
  ASSERT_TRUE(back.ok()) << back.status();
  const FrameDiff diff = Compare(ExpectedFrame(*back, actual), actual);
  EXPECT_TRUE(diff.empty()) << RenderDiff(diff);
}

INSTANTIATE_TEST_SUITE_P(
    InlineScreen, FormatTest,
    ::testing::Values(
        FormatCase{"TrailingBlankRowsLeftOut", 5, 4, "ab\r\ncd", false, "|ab   |\n|cd   |\n"},
        FormatCase{"ABlankScreenKeepsOneRowForItsWidth", 3, 2, "", false, "|   |\n"},
        FormatCase{"BlankRowsBetweenTextKept", 3, 4, "a\r\n\r\nb", false, "|a  |\n|   |\n|b  |\n"},
        FormatCase{"WideCharacterOnce", 4, 1, "界ab", false, "|界ab|\n"},
        FormatCase{"StylesByRun", 6, 2, "\x1b[1mab\x1b[m \x1b[31;44mcd\x1b[m", true,
                   "|ab cd |\n--- styles\n0 0-1 bold\n0 3-4 fg=red bg=blue\n"},
        FormatCase{"BlanksBetweenOneStyleJoinItsRun", 4, 1, "\x1b[1;31ma  b\x1b[m", true,
                   "|a  b|\n--- styles\n0 0-3 bold fg=red\n"},
        FormatCase{"BlanksWithABackgroundBetweenOneStyleJoinItsRun", 4, 1, "\x1b[1;41ma  b\x1b[m",
                   true, "|a  b|\n--- styles\n0 0-3 bold bg=red\n"},
        FormatCase{"TrailingBlanksOfAStyleShowNothing", 5, 1, "\x1b[1;31mab  \x1b[m", true,
                   "|ab   |\n--- styles\n0 0-1 bold fg=red\n"},
        FormatCase{"BlanksWithTheBackgroundOfTheTextBesideJoinItsRun", 5, 1, "\x1b[1;41mab  \x1b[m",
                   true, "|ab   |\n--- styles\n0 0-3 bold bg=red\n"},
        FormatCase{"ABarsBackgroundIsOneRunFromEdgeToEdge", 7, 1,
                   "\x1b[44m \x1b[1;37mTo do\x1b[22;39m \x1b[m", true,
                   "| To do |\n--- styles\n0 0-6 bold fg=white bg=blue\n"},
        FormatCase{"BlanksWithAnotherBackgroundKeepIt", 5, 1, "\x1b[1;41mab\x1b[44m  \x1b[m", true,
                   "|ab   |\n--- styles\n0 0-1 bold bg=red\n0 2-3 bg=blue\n"},
        FormatCase{"BlanksBetweenTwoStylesJoinNeither", 3, 1, "\x1b[1ma\x1b[m \x1b[3mb\x1b[m", true,
                   "|a b|\n--- styles\n0 0 bold\n0 2 italic\n"},
        FormatCase{"AStyledBlankRowIsKept", 3, 3, "a\r\n\x1b[7m   \x1b[m", true,
                   "|a  |\n|   |\n--- styles\n1 0-2 reverse\n"},
        FormatCase{"NoStylesPartWithoutStyles", 3, 1, "a", true, "|a  |\n--- styles\n"}),
    [](const ::testing::TestParamInfo<FormatCase>& info) { return info.param.name; });

// The example of snapshot/formats/inline_screen.h.
TEST(InlineScreenExample, ReadsTheHeadersLiteral) {
  absl::StatusOr<vtsnap::InlineScreen> screen = vtsnap::ParseInlineScreen(R"(
    |Fruit Shop |
    |> Apples   |
    --- styles
    1 0-10 reverse
  )");
  ASSERT_TRUE(screen.ok()) << screen.status();
  EXPECT_EQ(screen->cols, 11);
  EXPECT_EQ(screen->rows.size(), 2u);
  EXPECT_TRUE(screen->pins_styles);
  const Frame actual = Screen(11, 3, "Fruit Shop\r\n\x1b[7m> Apples   \x1b[m");
  const vtsnap::Frame expected = vtsnap::ExpectedFrame(*screen, actual);  // compare with actual
  EXPECT_TRUE(Compare(expected, actual).empty());
  const std::string body = vtsnap::FormatInlineScreen(actual, /*with_styles=*/true);
  EXPECT_EQ(body, "|Fruit Shop |\n|> Apples   |\n--- styles\n1 0-10 reverse\n");
}

TEST(InlineScreenCompare, AnUnpinnedStyleIsNotCompared) {
  const Frame actual = Screen(3, 1, "\x1b[1mab\x1b[m");
  absl::StatusOr<InlineScreen> screen = ParseInlineScreen("|ab |\n");
  ASSERT_TRUE(screen.ok());
  EXPECT_TRUE(Compare(ExpectedFrame(*screen, actual), actual).empty());
}

TEST(InlineScreenCompare, APinnedStyleIsCompared) {
  const Frame actual = Screen(3, 1, "\x1b[1mab\x1b[m");
  absl::StatusOr<InlineScreen> screen = ParseInlineScreen("|ab |\n--- styles\n");
  ASSERT_TRUE(screen.ok());
  const FrameDiff diff = Compare(ExpectedFrame(*screen, actual), actual);
  ASSERT_EQ(diff.styles.size(), 1u);
  EXPECT_EQ(diff.styles[0].first_col, 0);
  EXPECT_EQ(diff.styles[0].last_col, 1);
}

TEST(InlineScreenCompare, AChangedRowIsATextDifference) {
  const Frame actual = Screen(3, 2, "ab\r\ncd");
  absl::StatusOr<InlineScreen> screen = ParseInlineScreen("|ab |\n|ce |\n");
  ASSERT_TRUE(screen.ok());
  const FrameDiff diff = Compare(ExpectedFrame(*screen, actual), actual);
  ASSERT_EQ(diff.text.size(), 1u);
  EXPECT_EQ(diff.text[0].row, 1);
  EXPECT_THAT(diff.text[0].columns, ElementsAre(1));
}

TEST(InlineScreenCompare, TextBelowTheLiteralsRowsIsADifference) {
  const Frame actual = Screen(3, 3, "ab\r\n\r\nx");
  absl::StatusOr<InlineScreen> screen = ParseInlineScreen("|ab |\n");
  ASSERT_TRUE(screen.ok());
  const FrameDiff diff = Compare(ExpectedFrame(*screen, actual), actual);
  ASSERT_EQ(diff.text.size(), 1u);
  EXPECT_EQ(diff.text[0].row, 2);
}

TEST(InlineScreenCompare, ADifferentWidthIsASizeDifference) {
  const Frame actual = Screen(4, 1, "ab");
  absl::StatusOr<InlineScreen> screen = ParseInlineScreen("|ab |\n");
  ASSERT_TRUE(screen.ok());
  EXPECT_TRUE(Compare(ExpectedFrame(*screen, actual), actual).size_differs());
}

TEST(InlineScreenCompare, MoreRowsThanTheScreenIsASizeDifference) {
  const Frame actual = Screen(2, 1, "ab");
  absl::StatusOr<InlineScreen> screen = ParseInlineScreen("|ab|\n|  |\n");
  ASSERT_TRUE(screen.ok());
  EXPECT_TRUE(Compare(ExpectedFrame(*screen, actual), actual).size_differs());
}

TEST(InlineScreenCompare, TheCursorIsNotPinned) {
  const Frame actual = Screen(3, 1, "ab");
  absl::StatusOr<InlineScreen> screen = ParseInlineScreen("|ab |\n");
  ASSERT_TRUE(screen.ok());
  Frame moved = actual;
  moved.cursor.col = 0;
  EXPECT_TRUE(Compare(ExpectedFrame(*screen, moved), moved).empty());
}

}  // namespace
}  // namespace vtsnap
