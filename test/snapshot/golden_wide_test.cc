// The wide form, `vtsnap-wide-golden 1`: a screen of more than 62 styles (a 24-bit gradient) is
// written with two-character style names and reads back to the same frame; a screen of 62 styles
// or fewer is still written in version 1, byte for byte; the reader's errors in the wide form name
// their line and column; comparing two wide goldens by meaning and the diff report work as for
// version 1.
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/screen/diff.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

// A `cols` x `rows` frame whose first `styles` cells (row-major) each have a background of their
// own from a 24-bit gradient (distinct up to 4096 cells), the rest the default style; each row
// holds "row N" and blanks.
Frame Gradient(int cols, int rows, int styles) {
  Frame frame = Frame::Blank(cols, rows);
  for (int i = 0; i < styles && i < cols * rows; ++i) {
    frame.cells[static_cast<size_t>(i)].style.bg = Color::Rgb(255 - i % 256, i % 256, i / 256 * 16);
  }
  for (int row = 0; row < rows; ++row) {
    const std::string text = absl::StrCat("row ", row);
    for (size_t i = 0; i < text.size() && i < static_cast<size_t>(cols); ++i) {
      frame.cell(static_cast<int>(i), row).grapheme = std::string(1, text[i]);
    }
  }
  return frame;
}

struct RoundTripCase {
  const char* name;
  int cols;
  int rows;
  int styles;          // distinct gradient styles (a default-style cell adds one more)
  const char* header;  // the form Serialize must choose
  const char* styles_line;
};

class GoldenWideRoundTrip : public ::testing::TestWithParam<RoundTripCase> {};

TEST_P(GoldenWideRoundTrip, WritesTheSmallestFormAndReadsItBack) {
  const RoundTripCase& c = GetParam();
  const Frame frame = Gradient(c.cols, c.rows, c.styles);
  absl::StatusOr<std::string> text = golden::Serialize(frame);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_THAT(*text, StartsWith(absl::StrCat(c.header, "\n")));
  EXPECT_THAT(*text, HasSubstr(absl::StrCat("\n", c.styles_line, "\n")));
  absl::StatusOr<Frame> parsed = golden::Parse(*text);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_TRUE(*parsed == frame);
  absl::StatusOr<std::string> again = golden::Serialize(*parsed);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(*again, *text);
}

INSTANTIATE_TEST_SUITE_P(
    Frames, GoldenWideRoundTrip,
    ::testing::Values(
        // 61 gradient styles and the default one: the most version 1 holds.
        RoundTripCase{"SixtyTwoStylesStayVersion1", 62, 2, 61, "ckvision-golden 1", "styles 62"},
        RoundTripCase{"SixtyThreeStylesAreWide", 62, 2, 62, "vtsnap-wide-golden 1",
                      "styles 63 width 2"},
        // Every cell its own colour: 320 styles.
        RoundTripCase{"Gradient80x4", 80, 4, 320, "vtsnap-wide-golden 1", "styles 320 width 2"},
        // 62 * 62 names of two characters, then three.
        RoundTripCase{"TwoCharactersAtMost", 62, 62, 3843, "vtsnap-wide-golden 1",
                      "styles 3844 width 2"},
        RoundTripCase{"ThreeCharactersPastThat", 62, 63, 3844, "vtsnap-wide-golden 1",
                      "styles 3845 width 3"}),
    [](const ::testing::TestParamInfo<RoundTripCase>& info) { return info.param.name; });

// The 63-style frame above, spelled out: style names in the style lines, two characters a cell.
TEST(GoldenWide, SpellsStyleNamesInStyleLinesAndStylemap) {
  Frame frame = Frame::Blank(63, 1);
  for (int i = 1; i < 63; ++i) frame.cells[static_cast<size_t>(i)].style.fg = Color::Rgb(i, 0, 0);
  frame.cell(0, 0).grapheme = "x";
  absl::StatusOr<std::string> text = golden::Serialize(frame);
  ASSERT_TRUE(text.ok()) << text.status();
  std::string stylemap = "|";
  for (char hi : std::string("0")) {
    for (char lo : golden::kStyleAlphabet) stylemap += std::string{hi, lo};
  }
  stylemap += "10|";
  EXPECT_THAT(*text, StartsWith("vtsnap-wide-golden 1\nframe 63 1\ncursor hidden\n"
                                "styles 63 width 2\n"
                                "00 fg default bg default attrs -\n"
                                "01 fg #010000 bg default attrs -\n"));
  EXPECT_THAT(*text, HasSubstr("\n0z fg #3D0000 bg default attrs -\n"
                               "10 fg #3E0000 bg default attrs -\ngrid\n|x"));
  EXPECT_THAT(*text, HasSubstr(absl::StrCat("\nstylemap\n", stylemap, "\nend\n")));
}

// What version 1 wrote before the wide form existed, byte for byte.
TEST(GoldenWide, Version1BytesAreUnchanged) {
  Frame frame = Frame::Blank(4, 1);
  frame.cell(1, 0).style.fg = Color::Rgb(255, 0, 0);
  frame.cell(2, 0).style.bold = true;
  frame.cell(0, 0).grapheme = "a";
  EXPECT_EQ(*golden::Serialize(frame),
            "ckvision-golden 1\nframe 4 1\ncursor hidden\nstyles 3\n"
            "0 fg default bg default attrs -\n1 fg #FF0000 bg default attrs -\n"
            "2 fg default bg default attrs bold\ngrid\n|a   |\nstylemap\n|0120|\nend\n");
}

// A hand-written wide dump of few styles is valid and means what its version-1 spelling means;
// Serialize writes the canonical (version-1) form.
TEST(GoldenWide, FewStylesReadAndNormalizeToVersion1) {
  const std::string wide =
      "vtsnap-wide-golden 1\nframe 2 1\ncursor 1 0 bar\nstyles 2 width 2\n"
      "00 fg default bg default attrs -\n01 fg @1 bg #00FF00 attrs italic,bold\n"
      "grid\n|ab|\nstylemap\n|0001|\nlink 0 0 2 https://a.example/\nend\n";
  const std::string v1 =
      "ckvision-golden 1\nframe 2 1\ncursor 1 0 bar\nstyles 2\n"
      "0 fg default bg default attrs -\n1 fg @1 bg #00FF00 attrs italic,bold\n"
      "grid\n|ab|\nstylemap\n|01|\nlink 0 0 2 https://a.example/\nend\n";
  absl::StatusOr<Frame> from_wide = golden::Parse(wide);
  ASSERT_TRUE(from_wide.ok()) << from_wide.status();
  EXPECT_TRUE(*from_wide == *golden::Parse(v1));
  EXPECT_EQ(*golden::Serialize(*from_wide), v1);
}

// A valid two-style wide dump; the cases below break one rule of it each.
constexpr char kWide[] =
    "vtsnap-wide-golden 1\n"
    "frame 3 1\n"
    "cursor hidden\n"
    "styles 2 width 2\n"
    "00 fg default bg default attrs -\n"
    "01 fg #102030 bg default attrs -\n"
    "grid\n"
    "|abc|\n"
    "stylemap\n"
    "|000100|\n"
    "end\n";

struct ReadErrorCase {
  const char* name;
  const char* from;  // replaced in kWide by `to`
  const char* to;
  const char* error;
};

class GoldenWideRejects : public ::testing::TestWithParam<ReadErrorCase> {};

TEST_P(GoldenWideRejects, NamingLineAndColumn) {
  ASSERT_TRUE(golden::Parse(kWide).ok()) << golden::Parse(kWide).status();
  const std::string text = absl::StrReplaceAll(kWide, {{GetParam().from, GetParam().to}});
  ASSERT_NE(text, kWide);
  absl::StatusOr<Frame> frame = golden::Parse(text);
  ASSERT_FALSE(frame.ok());
  EXPECT_EQ(frame.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(std::string(frame.status().message()), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Dumps, GoldenWideRejects,
    ::testing::Values(
        ReadErrorCase{"NoWidth", "styles 2 width 2\n", "styles 2\n",
                      "4:9: expected \"width\", got end of line"},
        ReadErrorCase{"WidthNotTheFewest", "styles 2 width 2\n", "styles 2 width 3\n",
                      "4:16: expected the style name width 2 (the fewest characters, at least 2, "
                      "that name 2 styles), got \"3\""},
        ReadErrorCase{"MoreStylesThanCells", "styles 2 width 2\n", "styles 4 width 2\n",
                      "4:8: expected a style count of at most 3 (one a cell), got \"4\""},
        ReadErrorCase{"DecimalIndex", "01 fg #102030", "1 fg #102030",
                      "6:1: expected style name 01 (styles are named in order from 00), got "
                      "\"1\""},
        ReadErrorCase{"NamesOutOfOrder", "01 fg #102030", "02 fg #102030",
                      "6:1: expected style name 01 (styles are named in order from 00), got "
                      "\"02\""},
        ReadErrorCase{"BadCharacter", "|000100|", "|00-100|",
                      "10:4: expected a style name (2 characters of 0-9, A-Z or a-z), got \"-\""},
        ReadErrorCase{"UndeclaredStyle", "|000100|", "|000200|",
                      "10:4: expected a declared style (00-01), got \"02\""},
        ReadErrorCase{"OneCharacterACell", "|000100|", "|010|",
                      "10:5: expected 6 style characters (2 a column), got 3"},
        ReadErrorCase{"HalfAName", "|000100|", "|0001000|",
                      "10:8: expected 6 style characters (2 a column), got 7"},
        ReadErrorCase{"MissingStyleLine", "01 fg #102030 bg default attrs -\n", "",
                      "6:1: expected style name 01 (styles are named in order from 00), got "
                      "\"grid\""},
        ReadErrorCase{"CrlfIsNamed", "frame 3 1\n", "frame 3 1\r\n",
                      "2:10: CRLF line endings (a checkout converted it; add `*.dump -text` to "
                      ".gitattributes)"}),
    [](const ::testing::TestParamInfo<ReadErrorCase>& info) { return info.param.name; });

// A version-1 reader's rule stays: its header names version 1, whose style count stays at 62.
TEST(GoldenWide, Version1KeepsItsLimit) {
  std::string v1 = absl::StrReplaceAll(kWide, {{"vtsnap-wide-golden 1", "ckvision-golden 1"}});
  v1 = absl::StrReplaceAll(v1, {{"styles 2 width 2", "styles 63"}});
  EXPECT_EQ(golden::Parse(v1).status().message(),
            "4:8: expected a style count of at most 62 (the version-1 limit), got \"63\"");
}

// Two wide goldens that differ in one cell's colour: Compare finds that cell and the report says
// what changed, as it does for version 1.
TEST(GoldenWide, CompareAndDiffReport) {
  const Frame expected = Gradient(80, 4, 320);
  Frame actual = expected;
  actual.cell(10, 2).style.bg = Color::Rgb(1, 2, 3);
  const std::string expected_text = *golden::Serialize(expected);
  const std::string actual_text = *golden::Serialize(actual);
  ASSERT_THAT(expected_text, StartsWith("vtsnap-wide-golden 1\n"));
  ASSERT_THAT(actual_text, StartsWith("vtsnap-wide-golden 1\n"));
  const Frame expected_read = *golden::Parse(expected_text);
  const Frame actual_read = *golden::Parse(actual_text);
  EXPECT_TRUE(Compare(expected_read, *golden::Parse(expected_text)).empty());
  const FrameDiff diff = Compare(expected_read, actual_read);
  ASSERT_EQ(diff.styles.size(), 1u);
  EXPECT_EQ(diff.styles[0].row, 2);
  EXPECT_TRUE(diff.text.empty());
  const std::string report = RenderDiff(diff);
  EXPECT_THAT(report, HasSubstr("row 2"));
  EXPECT_THAT(report, HasSubstr("#010203"));
  EXPECT_THAT(report, HasSubstr(golden::FormatColor(expected.style(10, 2).bg)));
}

}  // namespace
}  // namespace vtsnap
