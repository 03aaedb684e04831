// pito::DumpText and pito::DumpAnsi (snapshot/formats/pito_dump.h): the text dump's rules, the
// exact bytes of the ANSI dump, and its property: replayed in a fresh terminal of the same size it
// gives back the same cells, pens (every attribute and colour kind) and hyperlinks.
#include "vtsnap/snapshot/formats/pito_dump.h"

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "re2/re2.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {
namespace {

using ::testing::HasSubstr;

std::string Text(int cols, int rows, absl::string_view bytes) {
  VirtualTerminal vt({.cols = cols, .rows = rows});
  vt.Write(bytes);
  absl::StatusOr<std::string> text = pito::DumpText(vt);
  EXPECT_TRUE(text.ok()) << text.status();
  return text.ok() ? *text : "";
}

std::string Ansi(int cols, int rows, absl::string_view bytes) {
  VirtualTerminal vt({.cols = cols, .rows = rows});
  vt.Write(bytes);
  absl::StatusOr<std::string> ansi = pito::DumpAnsi(vt);
  EXPECT_TRUE(ansi.ok()) << ansi.status();
  return ansi.ok() ? *ansi : "";
}

TEST(PitoDumpTest, HeaderExample) {
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write("\x1b[1;31mhi\x1b[m  \r\n\xe4\xbd\xa0");
  absl::StatusOr<std::string> text = pito::DumpText(vt);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text, "hi\n\xe4\xbd\xa0");
  absl::StatusOr<std::string> ansi = pito::DumpAnsi(vt);
  ASSERT_TRUE(ansi.ok()) << ansi.status();
  VirtualTerminal replay({.cols = 10, .rows = 2});
  replay.Write(*ansi);
  Frame want = *CaptureFrame(vt);
  Frame got = *CaptureFrame(replay);
  EXPECT_TRUE(want.cursor.visible);
  EXPECT_FALSE(got.cursor.visible);  // the dump hides the cursor: compare the rest
  got.cursor = want.cursor;
  EXPECT_EQ(got, want);
}

struct TextCase {
  std::string name;
  int cols;
  int rows;
  std::string bytes;
  std::string want;
};

class PitoDumpTextTest : public ::testing::TestWithParam<TextCase> {};

TEST_P(PitoDumpTextTest, Dumps) {
  const TextCase& c = GetParam();
  EXPECT_EQ(Text(c.cols, c.rows, c.bytes), c.want);
}

INSTANTIATE_TEST_SUITE_P(
    Rules, PitoDumpTextTest,
    ::testing::Values(TextCase{"BlankScreenIsEmptyRowsJoinedByNewlines", 4, 3, "", "\n\n"},
                      TextCase{"TrailingSpacesOfEachRowAreTrimmed", 8, 2, "ab  \r\n  c", "ab\n  c"},
                      TextCase{"StyledTrailingBlanksAreTrimmedToo", 6, 1, "x\x1b[41m     ", "x"},
                      TextCase{"InnerSpacesAreKept", 8, 1, "a  b", "a  b"},
                      TextCase{"NoNewlineAfterTheLastRow", 3, 1, "abc", "abc"},
                      TextCase{"WideCharacterOnce", 6, 1, "\xe4\xbd\xa0\xe5\xa5\xbd!",
                               "\xe4\xbd\xa0\xe5\xa5\xbd!"},
                      TextCase{"CombiningMarkStaysWithItsBase", 4, 1, "e\xcc\x81x", "e\xcc\x81x"},
                      // ratatui's buffer keeps the symbol under HIDDEN, and so does the dump.
                      TextCase{"InvisibleTextIsItsSymbols", 6, 1, "\x1b[8msecret", "secret"}),
    [](const ::testing::TestParamInfo<TextCase>& info) { return info.param.name; });

TEST(PitoDumpTest, TextOfAFrameParsedFromAGoldenIsItsRowText) {
  VirtualTerminal vt({.cols = 5, .rows = 2});
  vt.Write("ab \r\nc");
  const Frame parsed = *golden::Parse(*golden::Serialize(*CaptureFrame(vt)));
  ASSERT_FALSE(parsed.has_graphemes());
  absl::StatusOr<std::string> text = pito::DumpText(parsed);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text, "ab\nc");
}

TEST(PitoDumpTest, AnsiRefusesAFrameParsedFromAGolden) {
  VirtualTerminal vt({.cols = 5, .rows = 2});
  const Frame parsed = *golden::Parse(*golden::Serialize(*CaptureFrame(vt)));
  absl::StatusOr<std::string> ansi = pito::DumpAnsi(parsed);
  ASSERT_FALSE(ansi.ok());
  EXPECT_THAT(ansi.status().message(), HasSubstr("parsed from a golden dump"));
}

TEST(PitoDumpTest, AnUnreadableScreenIsItsReason) {
  const ScreenView view = ScreenView::Snapshot("Test", absl::UnavailableError("inside a frame"));
  EXPECT_EQ(pito::DumpText(view).status(), absl::UnavailableError("inside a frame"));
  EXPECT_EQ(pito::DumpAnsi(view).status(), absl::UnavailableError("inside a frame"));
}

TEST(PitoDumpTest, AnsiBytesOfABlankScreen) {
  // Hide the cursor, clear, then each row's CUP and its reset; nothing else to write.
  EXPECT_EQ(Ansi(3, 2, ""), "\x1b[?25l\x1b[2J\x1b[1;1H\x1b[0m\x1b[2;1H\x1b[0m");
}

TEST(PitoDumpTest, AnsiBytesOfAStyledRow) {
  // One SGR a style change, each from a reset; the default style after a styled cell is SGR 0.
  EXPECT_EQ(Ansi(6, 1, "\x1b[1;31mab\x1b[mc\x1b[38;5;200md"),
            "\x1b[?25l\x1b[2J\x1b[1;1H\x1b[0;1;31mab\x1b[0mc\x1b[0;38;5;200md\x1b[0m");
}

TEST(PitoDumpTest, AnsiBytesOfAHyperlinkCloseItBeforeTheRowReset) {
  EXPECT_EQ(Ansi(4, 1, "\x1b]8;;https://x.example/\x1b\\ab\x1b]8;;\x1b\\"),
            "\x1b[?25l\x1b[2J\x1b[1;1H\x1b]8;;https://x.example/\x1b\\ab\x1b]8;;\x1b\\\x1b[0m");
}

// Everything the decoder knows of cell (col, row) that a replay must reproduce.
std::string DescribeCell(const Terminal& t, int col, int row) {
  const ScreenCell& sc = t.cell(col, row);
  const Pen& pen = t.pen(sc.pen);
  const Hyperlink& link = t.hyperlink(sc.link);
  return absl::StrCat("'", t.Grapheme(sc), "' w", sc.width, " fg", static_cast<int>(pen.fg.kind),
                      ":", pen.fg.value, " bg", static_cast<int>(pen.bg.kind), ":", pen.bg.value,
                      " ul", static_cast<int>(pen.underline), " ulc",
                      static_cast<int>(pen.underline_color.kind), ":", pen.underline_color.value,
                      " attrs", pen.attrs, " link[", link.id, "|", link.uri, "]");
}

// Replays the ANSI dump of `original` in a fresh terminal and compares every cell, the frame (the
// golden's meaning) with the cursor set aside, and the golden dumps.
void ExpectRoundTrip(const VirtualTerminal& original) {
  const Terminal& a = original.terminal();
  absl::StatusOr<std::string> ansi = pito::DumpAnsi(original);
  ASSERT_TRUE(ansi.ok()) << ansi.status();
  VirtualTerminal replay({.cols = a.cols(), .rows = a.rows()});
  replay.Write(*ansi);
  const Terminal& b = replay.terminal();
  for (int r = 0; r < a.rows(); ++r) {
    for (int c = 0; c < a.cols(); ++c) {
      ASSERT_EQ(DescribeCell(b, c, r), DescribeCell(a, c, r)) << "cell " << c << "," << r;
    }
  }
  Frame want = *CaptureFrame(original);
  Frame got = *CaptureFrame(replay);
  want.cursor = {};
  got.cursor = {};
  EXPECT_EQ(got, want);
  absl::StatusOr<std::string> want_golden = golden::Serialize(want);
  absl::StatusOr<std::string> got_golden = golden::Serialize(got);
  if (want_golden.ok()) {
    ASSERT_TRUE(got_golden.ok()) << got_golden.status();
    EXPECT_EQ(*got_golden, *want_golden);
  }
  EXPECT_FALSE(b.cursor().visible) << "the dump hides the cursor";
}

struct StyleCase {
  std::string name;
  std::string bytes;
};

class PitoDumpAnsiRoundTripTest : public ::testing::TestWithParam<StyleCase> {};

TEST_P(PitoDumpAnsiRoundTripTest, ReplaysToTheSameCells) {
  VirtualTerminal vt({.cols = 12, .rows = 3});
  vt.Write(GetParam().bytes);
  ExpectRoundTrip(vt);
}

std::vector<StyleCase> StyleCases() {
  std::vector<StyleCase> cases = {
      {"Bold", "\x1b[1mab"},
      {"Dim", "\x1b[2mab"},
      {"Italic", "\x1b[3mab"},
      {"Blink", "\x1b[5mab"},
      {"RapidBlinkIsBlink", "\x1b[6mab"},
      {"Reverse", "\x1b[7mab"},
      {"InvisibleKeepsItsText", "\x1b[8mab"},
      {"Strike", "\x1b[9mab"},
      {"Overline", "\x1b[53mab"},
      {"EveryAttributeAtOnce", "\x1b[1;2;3;5;7;8;9;53;4mab"},
      {"UnderlineSingle", "\x1b[4mab"},
      {"UnderlineDouble", "\x1b[4:2mab"},
      {"UnderlineDoubleBySgr21", "\x1b[21mab"},
      {"UnderlineCurly", "\x1b[4:3mab"},
      {"UnderlineDotted", "\x1b[4:4mab"},
      {"UnderlineDashed", "\x1b[4:5mab"},
      {"UnderlineColourPalette", "\x1b[4;58;5;9mab"},
      {"UnderlineColourRgb", "\x1b[4:3;58;2;1;2;3mab"},
      {"UnderlineColourWithoutUnderline", "\x1b[58;5;196mab"},
      {"Palette256Foreground", "\x1b[38;5;16mab\x1b[38;5;255mcd"},
      {"Palette256Background", "\x1b[48;5;100mab"},
      {"PaletteIndexBelow16WrittenAs38_5", "\x1b[38;5;3mab\x1b[48;5;12mcd"},
      {"RgbForegroundAndBackground", "\x1b[38;2;91;140;255;48;2;0;0;0mab"},
      {"DefaultColoursAfterReset", "\x1b[31;42mab\x1b[mcd"},
      {"StyledBlanksAtTheEndOfARow", "x\x1b[44m           "},
      {"StyledBlankWholeRow", "\x1b[45m\x1b[2K"},
      {"WideCharacters", "\xe4\xbd\xa0\xe5\xa5\xbd\x1b[31m\xe4\xb8\x96"},
      {"WideCharacterInTheLastColumns", "0123456789\xe4\xbd\xa0"},
      {"CombiningMarks", "e\xcc\x81 a\xcc\x8a\xcc\x81"},
      {"EmojiWithVariationSelector", "\xe2\x9d\xa4\xef\xb8\x8f!"},
      {"LastCellOfTheScreenWritten", "\x1b[3;12H\x1b[7mZ"},
      {"EveryRowFull", "abcdefghijklmnopqrstuvwxyz0123456789"},
      {"Hyperlink", "\x1b]8;;https://x.example/a\x1b\\link\x1b]8;;\x1b\\ no"},
      {"HyperlinkWithId", "\x1b]8;id=k1;https://x.example/\x1b\\ab\x1b]8;;\x1b\\"},
      {"TwoAdjacentHyperlinks",
       "\x1b]8;;https://a.example/\x1b\\ab\x1b]8;;https://b.example/\x1b\\cd\x1b]8;;\x1b\\"},
      {"HyperlinkToTheEndOfTheRow", "\x1b]8;;https://x.example/\x1b\\abcdefghijkl"},
      {"StyledHyperlinkedWideCharacter",
       "\x1b[1;38;2;1;2;3m\x1b]8;;https://x.example/\x1b\\\xe4\xbd\xa0\x1b]8;;\x1b\\"},
  };
  for (int i = 0; i < 16; ++i) {
    cases.push_back({absl::StrCat("PaletteForeground", i), absl::StrCat("\x1b[38;5;", i, "mab")});
    cases.push_back({absl::StrCat("PaletteBackground", i), absl::StrCat("\x1b[48;5;", i, "mab")});
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(EveryStyle, PitoDumpAnsiRoundTripTest, ::testing::ValuesIn(StyleCases()),
                         [](const ::testing::TestParamInfo<StyleCase>& info) {
                           return info.param.name;
                         });

// The property over every recording of real programs in test/corpus (vim, less, dialog, htop...).
TEST(PitoDumpTest, AnsiRoundTripsEveryCorpusRecording) {
  const std::filesystem::path dir = std::filesystem::path(VTSNAP_SOURCE_DIR) / "test/corpus/cases";
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    int cols = 0;
    int rows = 0;
    if (!RE2::FullMatch(name, R"(.*_(\d+)x(\d+)\.bytes)", &cols, &rows)) continue;
    SCOPED_TRACE(name);
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    VirtualTerminal vt({.cols = cols, .rows = rows});
    vt.Write(bytes.str());
    ExpectRoundTrip(vt);
    ++checked;
  }
  EXPECT_GT(checked, 10);
}

}  // namespace
}  // namespace vtsnap
