// Unicode on the screen: grapheme clusters, wide characters, malformed UTF-8 and ambiguous width.
//
// Expected cells are written by hand from Unicode (UAX #29 grapheme clusters, UAX #11 East Asian
// Width, the "maximal subpart" U+FFFD practice of Unicode chapter 3 that xterm and browsers follow)
// and from xterm's placement of wide characters; never copied from the decoder's output.
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"

namespace vtsnap {
namespace {

// U+FFFD REPLACEMENT CHARACTER as UTF-8.
#define FFFD "\xEF\xBF\xBD"

// Code points used below, as UTF-8.
const std::string kAcute = "\xCC\x81";          // U+0301 COMBINING ACUTE ACCENT
const std::string kDotBelow = "\xCC\xA3";       // U+0323 COMBINING DOT BELOW
const std::string kMan = "\xF0\x9F\x91\xA8";    // U+1F468
const std::string kWoman = "\xF0\x9F\x91\xA9";  // U+1F469
const std::string kGirl = "\xF0\x9F\x91\xA7";   // U+1F467
const std::string kZwj = "\xE2\x80\x8D";        // U+200D ZERO WIDTH JOINER
const std::string kHeart = "\xE2\x9D\xA4";      // U+2764 HEAVY BLACK HEART
const std::string kVs16 = "\xEF\xB8\x8F";       // U+FE0F VARIATION SELECTOR-16
const std::string kRiJ = "\xF0\x9F\x87\xAF";    // U+1F1EF REGIONAL INDICATOR J
const std::string kRiP = "\xF0\x9F\x87\xB5";    // U+1F1F5 REGIONAL INDICATOR P
const std::string kRiU = "\xF0\x9F\x87\xBA";    // U+1F1FA REGIONAL INDICATOR U
const std::string kRiS = "\xF0\x9F\x87\xB8";    // U+1F1F8 REGIONAL INDICATOR S
const std::string kSection = "\xC2\xA7";        // U+00A7 SECTION SIGN (ambiguous)

std::string Escaped(const std::string& bytes) { return absl::CHexEscape(bytes); }

// ---------------------------------------------------------------------------------------------
// Clusters: one table of {name, input, expected cells}. Each expected cell is the grapheme it
// shows and its width; a continuation cell is {"", 0}.

struct Cell {
  std::string grapheme;
  int width;
};

struct ClusterCase {
  std::string name;
  std::string input;
  std::vector<Cell> cells;  // the first cells of row 0; the rest of the row must be blank
  int col;                  // cursor column afterwards (row 0)
  bool pending_wrap;
};

void PrintTo(const ClusterCase& c, std::ostream* os) { *os << c.name; }

std::vector<ClusterCase> ClusterCases() {
  const std::string family = kMan + kZwj + kWoman + kZwj + kGirl;
  return {
      {"CombiningMarkJoinsPreviousCell", "e" + kAcute, {{"e" + kAcute, 1}}, 1, false},
      {"TwoCombiningMarksJoinOneCell",
       "a" + kAcute + kDotBelow + "b",
       {{"a" + kAcute + kDotBelow, 1}, {"b", 1}},
       2,
       false},
      {"CombiningMarkJoinsWideChar",
       "中" + kAcute + "x",
       {{"中" + kAcute, 2}, {"", 0}, {"x", 1}},
       3,
       false},
      {"ZwjFamilyIsOneWideCell", family + "x", {{family, 2}, {"", 0}, {"x", 1}}, 3, false},
      {"Vs16KeepsHeartNarrowAsInXterm",
       kHeart + kVs16 + "x",
       {{kHeart + kVs16, 1}, {"x", 1}},
       2,
       false},
      {"HeartWithoutVs16IsNarrow", kHeart + "x", {{kHeart, 1}, {"x", 1}}, 2, false},
      {"RegionalIndicatorPairIsOneWideFlag",
       kRiJ + kRiP + "x",
       {{kRiJ + kRiP, 2}, {"", 0}, {"x", 1}},
       3,
       false},
      {"FourRegionalIndicatorsAreTwoFlags",
       kRiJ + kRiP + kRiU + kRiS,
       {{kRiJ + kRiP, 2}, {"", 0}, {kRiU + kRiS, 2}, {"", 0}},
       4,
       false},
      {"EastAsianWideTakesTwoCells", "中文", {{"中", 2}, {"", 0}, {"文", 2}, {"", 0}}, 4, false},
      {"HiraganaIsWide", "あa", {{"あ", 2}, {"", 0}, {"a", 1}}, 3, false},
      {"OverwritingRightHalfBlanksLeftHalf", "中\x1b[2Gx", {{" ", 1}, {"x", 1}}, 2, false},
      {"OverwritingLeftHalfBlanksRightHalf", "中\rx", {{"x", 1}, {" ", 1}}, 1, false},
      {"WideOverTwoWideHalvesBlanksBothOuterHalves",
       "中文\x1b[2G字",
       {{" ", 1}, {"字", 2}, {"", 0}, {" ", 1}},
       3,
       false},
      {"CombiningMarkAtPendingWrapJoinsLastCellWithoutWrapping",
       "abcdefghij" + kAcute,
       {{"a", 1},
        {"b", 1},
        {"c", 1},
        {"d", 1},
        {"e", 1},
        {"f", 1},
        {"g", 1},
        {"h", 1},
        {"i", 1},
        {"j" + kAcute, 1}},
       9,
       true},
      {"AsciiAfterCombiningStartsNewCell",
       "e" + kAcute + "e",
       {{"e" + kAcute, 1}, {"e", 1}},
       2,
       false},
  };
}

class ClusterTest : public ::testing::TestWithParam<ClusterCase> {};

TEST_P(ClusterTest, Cells) {
  const ClusterCase& c = GetParam();
  SCOPED_TRACE(absl::StrCat(c.name, ": \"", Escaped(c.input), "\""));
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write(c.input);
  const Terminal& t = vt.terminal();
  for (int col = 0; col < 10; ++col) {
    SCOPED_TRACE(absl::StrCat("column ", col));
    const ScreenCell& cell = t.cell(col, 0);
    if (col < static_cast<int>(c.cells.size())) {
      EXPECT_EQ(Escaped(t.Grapheme(cell)), Escaped(c.cells[col].grapheme));
      EXPECT_EQ(cell.width, c.cells[col].width);
      EXPECT_EQ(cell.is_continuation(), c.cells[col].width == 0);
    } else {
      EXPECT_EQ(cell.ch, U' ');
      EXPECT_EQ(cell.width, 1);
    }
  }
  EXPECT_EQ(vt.RowText(1), "");
  EXPECT_EQ(vt.cursor().col, c.col);
  EXPECT_EQ(vt.cursor().row, 0);
  EXPECT_EQ(vt.cursor().pending_wrap, c.pending_wrap);
}

INSTANTIATE_TEST_SUITE_P(Unicode, ClusterTest, ::testing::ValuesIn(ClusterCases()),
                         [](const auto& info) { return info.param.name; });

TEST(Clusters, CellKeepsFirstCodePointAndDecomposedGrapheme) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("e" + kAcute);
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.cell(0, 0).ch, U'e');
  EXPECT_EQ(t.Grapheme(t.cell(0, 0)), "e\xCC\x81");  // not precomposed U+00E9
  EXPECT_NE(t.Grapheme(t.cell(0, 0)), "\xC3\xA9");
  EXPECT_EQ(vt.RowText(0), "e\xCC\x81");
}

TEST(Clusters, FamilyCellStartsWithMan) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write(kMan + kZwj + kWoman + kZwj + kGirl);
  EXPECT_EQ(vt.terminal().cell(0, 0).ch, U'\U0001F468');
  EXPECT_TRUE(vt.terminal().cell(1, 0).is_continuation());
  EXPECT_EQ(vt.terminal().cell(1, 0).ch, 0u);
}

TEST(Clusters, WideCharAtMarginWrapsWhole) {
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write("abcdefghi中");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.cell(9, 0).ch, U' ');
  EXPECT_EQ(t.Grapheme(t.cell(0, 1)), "中");
  EXPECT_EQ(t.cell(0, 1).width, 2);
  EXPECT_TRUE(t.cell(1, 1).is_continuation());
  EXPECT_EQ(vt.cursor().col, 2);
  EXPECT_EQ(vt.cursor().row, 1);
}

// ---------------------------------------------------------------------------------------------
// Emoji presentation (U+FE0F, VS16) after a narrow base: xterm, xterm.js and tmux keep the base's
// width (checked with xterm 379: after U+2764 U+FE0F, X lands in column 1), and so does the
// default profile. WidthPolicy::emoji_presentation_wide widens the cluster, as contour and
// ghostty do with DEC mode 2027 set; the Terminal then obeys DECSET/DECRST 2027, which starts set
// and returns to set on RIS; DECSTR leaves it (contour's soft reset does not touch it, ghostty has
// none). Under the default, ?2027 is recorded and changes nothing (xterm ignores it). A flag (two
// regional indicators) is one two-column cell either way: every terminal gives it two columns.

struct EmojiCase {
  std::string name;
  bool emoji_presentation_wide;  // the option
  int cols;
  std::string input;
  std::vector<std::vector<Cell>> rows;  // the first cells of each row; the rest must be blank
  int col;                              // cursor afterwards
  int row;
  bool pending_wrap;
  bool mode_2027;  // Modes::grapheme_clustering afterwards
};

void PrintTo(const EmojiCase& c, std::ostream* os) { *os << c.name; }

std::vector<EmojiCase> EmojiCases() {
  const std::string heart = kHeart + kVs16;
  const std::string sun = "\xE2\x98\x80" + kVs16;    // U+2600 BLACK SUN WITH RAYS, VS16
  const std::string check = "\xE2\x9C\x85" + kVs16;  // U+2705 (wide by itself), VS16
  const std::string flag = kRiJ + kRiP;
  const std::string set = "\x1b[?2027h";
  const std::string reset = "\x1b[?2027l";
  return {
      // The default: xterm.
      {"DefaultVs16KeepsTheBaseNarrow",
       false,
       10,
       heart + "X",
       {{{heart, 1}, {"X", 1}}},
       2,
       0,
       false,
       false},
      {"DefaultTextAfterSeveralLandsInXtermsColumns",
       false,
       10,
       heart + sun + heart + "X",
       {{{heart, 1}, {sun, 1}, {heart, 1}, {"X", 1}}},
       4,
       0,
       false,
       false},
      {"DefaultVs16AtTheRightMarginJoinsTheLastCell",
       false,
       3,
       "ab" + heart + "Y",
       {{{"a", 1}, {"b", 1}, {heart, 1}}, {{"Y", 1}}},
       1,
       1,
       false,
       false},
      {"DefaultDecset2027IsOnlyRecorded",
       false,
       10,
       set + heart + "X",
       {{{heart, 1}, {"X", 1}}},
       2,
       0,
       false,
       true},
      {"DefaultVs16AfterAWideBaseStaysTwo",
       false,
       10,
       check + "X",
       {{{check, 2}, {"", 0}, {"X", 1}}},
       3,
       0,
       false,
       false},
      // The option: VS16 widens while ?2027 is set, which it is at the start.
      {"OptionVs16Widens",
       true,
       10,
       heart + "X",
       {{{heart, 2}, {"", 0}, {"X", 1}}},
       3,
       0,
       false,
       true},
      {"OptionVs16AtTheRightMarginIsDropped",
       true,
       3,
       "ab" + heart + "Y",
       {{{"a", 1}, {"b", 1}, {kHeart, 1}}, {{"Y", 1}}},
       1,
       1,
       false,
       true},
      {"OptionVs16AfterAWideBaseStaysTwo",
       true,
       10,
       check + "X",
       {{{check, 2}, {"", 0}, {"X", 1}}},
       3,
       0,
       false,
       true},
      {"OptionDecrst2027KeepsTheBaseNarrow",
       true,
       10,
       reset + heart + "X",
       {{{heart, 1}, {"X", 1}}},
       2,
       0,
       false,
       false},
      {"OptionFlagIsWideWith2027Reset",
       true,
       10,
       reset + flag + "X",
       {{{flag, 2}, {"", 0}, {"X", 1}}},
       3,
       0,
       false,
       false},
      // The same heart measured under each setting: no width remembered from the other one.
      {"OptionToggling2027MeasuresEachHeartAnew",
       true,
       10,
       reset + heart + set + heart + reset + heart + "X",
       {{{heart, 1}, {heart, 2}, {"", 0}, {heart, 1}, {"X", 1}}},
       5,
       0,
       false,
       false},
      {"OptionRisSets2027Again",
       true,
       10,
       reset + "\x1b" + "c" + heart + "X",
       {{{heart, 2}, {"", 0}, {"X", 1}}},
       3,
       0,
       false,
       true},
      {"OptionDecstrLeaves2027",
       true,
       10,
       reset + "\x1b[!p" + heart + "X",
       {{{heart, 1}, {"X", 1}}},
       2,
       0,
       false,
       false},
      {"DefaultRisResets2027",
       false,
       10,
       set + "\x1b" + "c" + heart + "X",
       {{{heart, 1}, {"X", 1}}},
       2,
       0,
       false,
       false},
  };
}

class EmojiPresentationTest : public ::testing::TestWithParam<EmojiCase> {};

TEST_P(EmojiPresentationTest, Screen) {
  const EmojiCase& c = GetParam();
  SCOPED_TRACE(absl::StrCat(c.name, ": \"", Escaped(c.input), "\""));
  VirtualTerminal vt(TerminalOptions{
      .cols = c.cols, .rows = 3, .width = {.emoji_presentation_wide = c.emoji_presentation_wide}});
  vt.Write(c.input);
  const Terminal& t = vt.terminal();
  for (int row = 0; row < 3; ++row) {
    const std::vector<Cell> none;
    const std::vector<Cell>& cells = row < static_cast<int>(c.rows.size()) ? c.rows[row] : none;
    for (int col = 0; col < c.cols; ++col) {
      SCOPED_TRACE(absl::StrCat("row ", row, " column ", col));
      const ScreenCell& cell = t.cell(col, row);
      if (col < static_cast<int>(cells.size())) {
        EXPECT_EQ(Escaped(t.Grapheme(cell)), Escaped(cells[col].grapheme));
        EXPECT_EQ(cell.width, cells[col].width);
      } else {
        EXPECT_EQ(cell.ch, U' ');
        EXPECT_EQ(cell.width, 1);
      }
    }
  }
  EXPECT_EQ(vt.cursor().col, c.col);
  EXPECT_EQ(vt.cursor().row, c.row);
  EXPECT_EQ(vt.cursor().pending_wrap, c.pending_wrap);
  EXPECT_EQ(t.modes().grapheme_clustering, c.mode_2027);
}

INSTANTIATE_TEST_SUITE_P(Unicode, EmojiPresentationTest, ::testing::ValuesIn(EmojiCases()),
                         [](const auto& info) { return info.param.name; });

// ---------------------------------------------------------------------------------------------
// Malformed UTF-8: one U+FFFD per maximal invalid subpart.

struct Utf8Case {
  std::string name;
  std::string input;
  std::string text;  // RowText(0)
  int col;
  int replacements;
};

void PrintTo(const Utf8Case& c, std::ostream* os) { *os << c.name; }

std::vector<Utf8Case> Utf8Cases() {
  return {
      {"LoneContinuationByte", "\x80", FFFD, 1, 1},
      {"LeadByteThenAscii", "\xC3(", FFFD "(", 2, 1},
      {"TruncatedThreeByteThenAscii", "\xE2\x82(", FFFD "(", 2, 1},
      {"TruncatedFourByteThenAscii",
       "\xF0\x9F\x98"
       "A",
       FFFD "A", 2, 1},
      {"SurrogateIsThreeReplacements", "\xED\xA0\x80", FFFD FFFD FFFD, 3, 3},
      {"OverlongIsTwoReplacements", "\xC0\xAF", FFFD FFFD, 2, 2},
      {"AboveMaxCodePointIsFourReplacements", "\xF4\x90\x80\x80", FFFD FFFD FFFD FFFD, 4, 4},
      {"ByteFFIsOneReplacement", "\xFF", FFFD, 1, 1},
      {"ValidAfterInvalidDecodes", "\x80\xC3\xA9", FFFD "\xC3\xA9", 2, 1},
      {"TruncatedBeforeEscapeSequence", "\xE2\x82\x1b[Cx", FFFD " x", 3, 1},
  };
}

class Utf8Test : public ::testing::TestWithParam<Utf8Case> {};

TEST_P(Utf8Test, ReplacesMaximalSubparts) {
  const Utf8Case& c = GetParam();
  SCOPED_TRACE(absl::StrCat(c.name, ": \"", Escaped(c.input), "\""));
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write(c.input);
  EXPECT_EQ(Escaped(vt.RowText(0)), Escaped(c.text));
  EXPECT_EQ(vt.cursor().col, c.col);
  EXPECT_EQ(vt.parser_stats().malformed_utf8, static_cast<uint64_t>(c.replacements));
}

INSTANTIATE_TEST_SUITE_P(Unicode, Utf8Test, ::testing::ValuesIn(Utf8Cases()),
                         [](const auto& info) { return info.param.name; });

TEST(Utf8, EachReplacementIsItsOwnCell) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("\xF4\x90\x80\x80");
  const Terminal& t = vt.terminal();
  for (int col = 0; col < 4; ++col) {
    EXPECT_EQ(t.cell(col, 0).ch, U'\uFFFD') << col;
    EXPECT_EQ(t.cell(col, 0).width, 1) << col;
  }
  EXPECT_EQ(t.cell(4, 0).ch, U' ');
}

// ---------------------------------------------------------------------------------------------
// A character split across writes decodes as if written at once.

TEST(Utf8, CharacterSplitAcrossWrites) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("\xE4\xB8");
  EXPECT_EQ(vt.cursor().col, 0) << "nothing printed until the character completes";
  vt.Write("\xAD");
  EXPECT_EQ(vt.terminal().Grapheme(vt.terminal().cell(0, 0)), "中");
  EXPECT_EQ(vt.terminal().cell(0, 0).width, 2);
  EXPECT_EQ(vt.cursor().col, 2);
  EXPECT_EQ(vt.parser_stats().malformed_utf8, 0u);
}

TEST(Utf8, EverySplitPointDecodesTheSame) {
  const std::string input = "a中" + std::string("e") + kAcute + kRiJ + kRiP + "\xF0\x9F\x8E\x89z";
  // a | 中 (2) | é (1) | flag (2) | 🎉 U+1F389 (2) | z
  const std::string expected_text = "a中e" + kAcute + kRiJ + kRiP + "\xF0\x9F\x8E\x89z";
  for (size_t split = 0; split <= input.size(); ++split) {
    for (size_t split2 = split; split2 <= input.size(); ++split2) {
      SCOPED_TRACE(absl::StrCat("split at ", split, " and ", split2));
      VirtualTerminal vt({.cols = 12, .rows = 1});
      vt.Write(input.substr(0, split));
      vt.Write(input.substr(split, split2 - split));
      vt.Write(input.substr(split2));
      ASSERT_EQ(Escaped(vt.RowText(0)), Escaped(expected_text));
      ASSERT_EQ(vt.cursor().col, 9);
      ASSERT_EQ(vt.parser_stats().malformed_utf8, 0u);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// East Asian Ambiguous width: narrow by default (as xterm draws it), wide on request.

TEST(AmbiguousWidth, NarrowByDefault) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write(kSection + "x");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.cell(0, 0).ch, U'\u00A7');
  EXPECT_EQ(t.cell(0, 0).width, 1);
  EXPECT_EQ(t.cell(1, 0).ch, U'x');
  EXPECT_EQ(vt.cursor().col, 2);
}

TEST(AmbiguousWidth, WideWhenConfigured) {
  VirtualTerminal vt(TerminalOptions{.cols = 10,
                                     .rows = 1,
                                     .scrollback_limit = 10,
                                     .width = {.ambiguous = AmbiguousWidth::kWide}});
  vt.Write(kSection + "x");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.cell(0, 0).ch, U'\u00A7');
  EXPECT_EQ(t.cell(0, 0).width, 2);
  EXPECT_TRUE(t.cell(1, 0).is_continuation());
  EXPECT_EQ(t.cell(2, 0).ch, U'x');
  EXPECT_EQ(vt.cursor().col, 3);
}

TEST(AmbiguousWidth, WideSettingLeavesUnambiguousCharsAlone) {
  VirtualTerminal vt(TerminalOptions{.cols = 10,
                                     .rows = 1,
                                     .scrollback_limit = 10,
                                     .width = {.ambiguous = AmbiguousWidth::kWide}});
  vt.Write("a中");
  EXPECT_EQ(vt.terminal().cell(0, 0).width, 1);
  EXPECT_EQ(vt.terminal().cell(1, 0).width, 2);
  EXPECT_EQ(vt.cursor().col, 3);
}

}  // namespace
}  // namespace vtsnap
