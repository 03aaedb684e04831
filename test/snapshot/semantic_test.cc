// The semantic projection (snapshot/formats/semantic.h, docs/semantic.md): what each state line,
// row and style run says, the separation of text and styles, the two captures, the reader and the
// diff.
#include "vtsnap/snapshot/formats/semantic.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/detached_state.h"
#include "vtsnap/snapshot/formats/theme.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/diff.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/redact.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// The projection of `bytes` written to a fresh cols x rows terminal.
std::string Project(absl::string_view bytes, int cols = 20, int rows = 3,
                    SemanticCapture capture = SemanticCapture::kViewport) {
  VirtualTerminal vt({.cols = cols, .rows = rows});
  vt.Write(bytes);
  return SerializeSemantic(CaptureSemantic(vt.terminal(), capture));
}

// The lines of one section of a projection: "state" (before `text`), "text" or "styles".
std::vector<std::string> Section(const std::string& projection, absl::string_view name) {
  std::vector<std::string> out;
  std::string current = "state";
  for (absl::string_view line : absl::StrSplit(projection, '\n', absl::SkipEmpty())) {
    if ((line == "text" && current == "state") || (line == "styles" && current == "text")) {
      current = std::string(line);
      continue;
    }
    if (current == name) out.emplace_back(line);
  }
  return out;
}

// The usage example of snapshot/formats/semantic.h, kept alive.
TEST(SemanticTest, HeaderExample) {
  VirtualTerminal vt({.cols = 20, .rows = 3});
  vt.Write("\x1b[1;31mError\x1b[m: disk full");
  absl::StatusOr<SemanticSnapshot> snap = CaptureSemantic(vt);
  ASSERT_TRUE(snap.ok()) << snap.status();
  const std::string text = SerializeSemantic(*snap);
  // "Error: disk full" is 16 columns, so the cursor waits at column 16.
  EXPECT_EQ(text,
            "vtsnap-semantic 1\n"
            "capture viewport\n"
            "size 20x3\n"
            "buffer normal\n"
            "viewport top=0 scrollback=0\n"
            "cursor visible row=0 col=16 shape=block\n"
            "mode bracketed-paste off\n"
            "mode mouse-tracking off\n"
            "mode mouse-encoding default\n"
            "mode focus-events off\n"
            "mode synchronized-output off\n"
            "mode application-cursor-keys off\n"
            "text\n"
            "0 |Error: disk full\n"
            "1 |\n"
            "2 |\n"
            "styles\n"
            "0 0-4 bold fg=red\n");
  absl::StatusOr<SemanticSnapshot> back = ParseSemantic(text, "x.semantic");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(*back, *snap);
}

struct StateCase {
  std::string name;
  std::string bytes;
  std::string expected_line;  // one line of the state section
};

class SemanticStateTest : public ::testing::TestWithParam<StateCase> {};

TEST_P(SemanticStateTest, StateLineSaysIt) {
  EXPECT_THAT(Section(Project(GetParam().bytes), "state"),
              ::testing::Contains(GetParam().expected_line));
}

INSTANTIATE_TEST_SUITE_P(
    Cases, SemanticStateTest,
    ::testing::Values(
        StateCase{"NormalBuffer", "", "buffer normal"},
        StateCase{"AlternateBuffer", "\x1b[?1049h", "buffer alternate"},
        StateCase{"HiddenCursorHasNoPosition", "ab\x1b[?25l", "cursor hidden"},
        StateCase{"CursorRowAndColumn", "\x1b[3;5H", "cursor visible row=2 col=4 shape=block"},
        StateCase{"BarCursor", "\x1b[6 q", "cursor visible row=0 col=0 shape=bar"},
        StateCase{"UnderlineCursor", "\x1b[4 q", "cursor visible row=0 col=0 shape=underline"},
        StateCase{"BracketedPasteOn", "\x1b[?2004h", "mode bracketed-paste on"},
        StateCase{"BracketedPasteOffAgain", "\x1b[?2004h\x1b[?2004l", "mode bracketed-paste off"},
        StateCase{"MouseX10", "\x1b[?9h", "mode mouse-tracking x10"},
        StateCase{"MouseNormal", "\x1b[?1000h", "mode mouse-tracking normal"},
        StateCase{"MouseButtonEvent", "\x1b[?1002h", "mode mouse-tracking button-event"},
        StateCase{"MouseAnyEvent", "\x1b[?1003h", "mode mouse-tracking any-event"},
        StateCase{"MouseSgrEncoding", "\x1b[?1006h", "mode mouse-encoding sgr"},
        StateCase{"MouseUtf8Encoding", "\x1b[?1005h", "mode mouse-encoding utf8"},
        StateCase{"MouseUrxvtEncoding", "\x1b[?1015h", "mode mouse-encoding urxvt"},
        StateCase{"FocusEvents", "\x1b[?1004h", "mode focus-events on"},
        StateCase{"SynchronizedOutput", "\x1b[?2026h", "mode synchronized-output on"},
        StateCase{"ApplicationCursorKeys", "\x1b[?1h", "mode application-cursor-keys on"}),
    [](const auto& info) { return info.param.name; });

// A 5-column screen: "abcdefgh" autowraps after "abcde", so row 1 continues row 0; the CR LF
// after it starts row 2 afresh.
TEST(SemanticTest, SoftWrappedRowIsMarked) {
  EXPECT_THAT(Section(Project("abcdefgh\r\nij", 5, 3), "text"),
              ::testing::ElementsAre("0 |abcde", "1 +|fgh", "2 |ij"));
}

// The viewport's first row continues the last scrollback line when that one wrapped: 4 columns, 2
// rows; "abcdefghij" fills "abcd", "efgh" and scrolls "abcd" off, leaving "ij" on row 1.
TEST(SemanticTest, FirstViewportRowContinuingTheScrollbackIsMarked) {
  EXPECT_THAT(Section(Project("abcdefghij", 4, 2), "text"),
              ::testing::ElementsAre("0 +|efgh", "1 +|ij"));
}

TEST(SemanticTest, BlankRowsStayVisibleAndLeadingBlanksAreKept) {
  EXPECT_THAT(Section(Project("\r\n  x  ", 6, 3), "text"),
              ::testing::ElementsAre("0 |", "1 |  x", "2 |"));
}

TEST(SemanticTest, WideCharacterIsWrittenOnce) {
  EXPECT_THAT(Section(Project("a\xe4\xb8\xad"
                              "b",
                              6, 1),
                      "text"),
              ::testing::ElementsAre("0 |a中b"));
}

// Three lines on a 2-row screen: "one" and "two" scroll into the scrollback; the buffer capture
// lists them first, then the screen, trimmed after "three" (the cursor's empty row is dropped,
// the cursor row counts the scrollback: 2 + 1).
TEST(SemanticTest, BufferCaptureIncludesScrollback) {
  const std::string p = Project("one\r\ntwo\r\nthree\r\n", 10, 2, SemanticCapture::kBuffer);
  EXPECT_THAT(Section(p, "text"), ::testing::ElementsAre("0 |one", "1 |two", "2 |three"));
  EXPECT_THAT(Section(p, "state"), ::testing::Contains("capture buffer"));
  EXPECT_THAT(Section(p, "state"), ::testing::Contains("viewport top=2 scrollback=2"));
  EXPECT_THAT(Section(p, "state"), ::testing::Contains("cursor visible row=3 col=0 shape=block"));
  // The viewport capture of the same screen shows only the two screen rows.
  EXPECT_THAT(Section(Project("one\r\ntwo\r\nthree\r\n", 10, 2), "text"),
              ::testing::ElementsAre("0 |three", "1 |"));
}

// RedactSemantic: {bytes, pattern or rectangle, the text section after masking}.
struct RedactCase {
  std::string name;
  std::string bytes;
  std::string pattern;  // "" for the rectangle below
  std::vector<std::string> text;
};

void PrintTo(const RedactCase& c, std::ostream* os) { *os << c.name; }

class SemanticRedactTest : public ::testing::TestWithParam<RedactCase> {};

TEST_P(SemanticRedactTest, MasksTheTextOnly) {
  VirtualTerminal vt({.cols = 12, .rows = 2});
  vt.Write(GetParam().bytes);
  SemanticSnapshot snapshot = CaptureSemantic(vt.terminal());
  const std::vector<SemanticRun> styles = snapshot.styles;
  Redactions redactions;
  if (GetParam().pattern.empty()) {
    redactions.AddRect(/*col=*/0, /*row=*/1, /*cols=*/2, /*rows=*/1);
  } else {
    ASSERT_TRUE(redactions.AddPattern(GetParam().pattern).ok());
  }
  RedactSemantic(redactions, &snapshot);
  EXPECT_THAT(Section(SerializeSemantic(snapshot), "text"),
              ::testing::ElementsAreArray(GetParam().text));
  EXPECT_EQ(snapshot.styles, styles);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, SemanticRedactTest,
    ::testing::Values(RedactCase{"PatternMasksEachCellOfAMatch",
                                 "up 12:34\r\n\x1b[1m|\x1b[m busy",
                                 R"(\d\d:\d\d)",
                                 {"0 |up #####", "1 || busy"}},
                      RedactCase{"WideCharacterBecomesTwoMasks",
                                 "\xe2\xa0\x8b \xe5\xaf\xbf",
                                 "[\xe5\xaf\xbf]",
                                 {"0 |\xe2\xa0\x8b ##", "1 |"}},
                      RedactCase{"NoMatchLeavesTheRow", "ok", "x+", {"0 |ok", "1 |"}},
                      RedactCase{
                          "RectangleMasksByProjectionRow", "abc\r\ndef", "", {"0 |abc", "1 |##f"}}),
    [](const ::testing::TestParamInfo<RedactCase>& info) { return info.param.name; });

TEST(SemanticTest, BufferCaptureOfTheAlternateScreenHasNoScrollback) {
  const std::string p =
      Project("one\r\ntwo\r\nthree\x1b[?1049h\x1b[Hmenu", 10, 2, SemanticCapture::kBuffer);
  EXPECT_THAT(Section(p, "text"), ::testing::ElementsAre("0 |menu"));
  EXPECT_THAT(Section(p, "state"), ::testing::Contains("viewport top=0 scrollback=0"));
}

struct StyleCase {
  std::string name;
  std::string bytes;
  std::vector<std::string> expected;  // the styles section
};

class SemanticStyleTest : public ::testing::TestWithParam<StyleCase> {};

TEST_P(SemanticStyleTest, StylesSectionSaysIt) {
  EXPECT_THAT(Section(Project(GetParam().bytes, 10, 2), "styles"),
              ::testing::ElementsAreArray(GetParam().expected));
}

INSTANTIATE_TEST_SUITE_P(
    Cases, SemanticStyleTest,
    ::testing::Values(
        StyleCase{"DefaultStyleHasNoLine", "plain", {}},
        StyleCase{"BoldRed", "\x1b[1;31mabc", {"0 0-2 bold fg=red"}},
        StyleCase{"BrightPaletteByName", "\x1b[95mx", {"0 0-0 fg=bright-magenta"}},
        StyleCase{"PaletteAbove15ByIndex", "\x1b[38;5;196mx", {"0 0-0 fg=196"}},
        StyleCase{"RgbAsHex", "\x1b[38;2;255;128;0mx", {"0 0-0 fg=#ff8000"}},
        StyleCase{"Background", "\x1b[44mx", {"0 0-0 bg=blue"}},
        StyleCase{"ReverseRunOfBlanks", "\x1b[7m   ", {"0 0-2 reverse"}},
        StyleCase{"CurlyUnderline", "\x1b[4:3mx", {"0 0-0 underline=curly"}},
        StyleCase{"UnderlineColour", "\x1b[4;58;5;2mx", {"0 0-0 underline underline-color=green"}},
        StyleCase{"UnderlineColourWithoutUnderlineIsNotDrawn", "\x1b[58;5;2mx", {}},
        StyleCase{"EveryAttributeInOrder",
                  "\x1b[9;53;8;7;5;3;2;1mx",
                  {"0 0-0 bold dim italic blink reverse invisible strike overline"}},
        StyleCase{"TwoRunsOnTwoRows",
                  "\x1b[1mab\x1b[m cd \x1b[32mef\r\n\x1b[mx\x1b[7my",
                  {"0 0-1 bold", "0 6-7 fg=green", "1 1-1 reverse"}},
        StyleCase{"ColourOnBlanksAloneIsNoRun", "\x1b[31m   ", {}},
        StyleCase{"BlanksAfterTheWordAreLeftOut", "\x1b[1;31mab   ", {"0 0-1 bold fg=red"}},
        StyleCase{"SpaceBetweenWordsOfOneStyleJoinsIt", "\x1b[31mab cd", {"0 0-4 fg=red"}},
        StyleCase{"BackgroundShowsOnBlanks",
                  "\x1b[31;44mab  ",
                  {"0 0-1 fg=red bg=blue", "0 2-3 bg=blue"}},
        StyleCase{"UnderlineKeepsTheColourOnBlanks", "\x1b[4;31mab  ", {"0 0-3 underline fg=red"}},
        StyleCase{"HyperlinkWithoutStyle",
                  "\x1b]8;;https://x.example/\x1b\\ab\x1b]8;;\x1b\\c",
                  {"0 0-1 link=https://x.example/"}}),
    [](const auto& info) { return info.param.name; });

// A pair of screens whose difference is of one kind only.
struct ChangeCase {
  std::string name;
  std::string before;
  std::string after;
};

class StyleOnlyChangeTest : public ::testing::TestWithParam<ChangeCase> {};

// A style-only change never changes a line of `text` (and does change `styles`).
TEST_P(StyleOnlyChangeTest, TouchesOnlyStyles) {
  const std::string a = Project(GetParam().before, 10, 3);
  const std::string b = Project(GetParam().after, 10, 3);
  EXPECT_EQ(Section(a, "text"), Section(b, "text"));
  EXPECT_NE(Section(a, "styles"), Section(b, "styles"));
  const std::string ab = Project(GetParam().before, 10, 2, SemanticCapture::kBuffer);
  const std::string bb = Project(GetParam().after, 10, 2, SemanticCapture::kBuffer);
  EXPECT_EQ(Section(ab, "text"), Section(bb, "text"));
}

INSTANTIATE_TEST_SUITE_P(
    Cases, StyleOnlyChangeTest,
    ::testing::Values(ChangeCase{"BoldAdded", "hello", "\x1b[1mhello"},
                      ChangeCase{"ColourChanged", "\x1b[31mhello", "\x1b[32mhello"},
                      ChangeCase{"ReverseOnTrailingBlanks", "hi", "hi\x1b[7m   "},
                      ChangeCase{"StyleOnARowBelowTheText", "hi", "hi\r\n\r\n\x1b[44m  "},
                      ChangeCase{"LinkAdded", "ab", "\x1b]8;;https://x.example/\x1b\\ab"},
                      ChangeCase{"WrappedRowRestyled", "abcdefghijkl", "abcdefghij\x1b[4mkl"}),
    [](const auto& info) { return info.param.name; });

class TextOnlyChangeTest : public ::testing::TestWithParam<ChangeCase> {};

// A text-only change never changes a line of `styles` (and does change `text`).
TEST_P(TextOnlyChangeTest, TouchesOnlyText) {
  const std::string a = Project(GetParam().before, 10, 3);
  const std::string b = Project(GetParam().after, 10, 3);
  EXPECT_EQ(Section(a, "styles"), Section(b, "styles"));
  EXPECT_NE(Section(a, "text"), Section(b, "text"));
  const std::string ab = Project(GetParam().before, 10, 2, SemanticCapture::kBuffer);
  const std::string bb = Project(GetParam().after, 10, 2, SemanticCapture::kBuffer);
  EXPECT_EQ(Section(ab, "styles"), Section(bb, "styles"));
}

INSTANTIATE_TEST_SUITE_P(
    Cases, TextOnlyChangeTest,
    ::testing::Values(
        ChangeCase{"StyledWordChanged", "\x1b[1mhello", "\x1b[1mhallo"},
        ChangeCase{"PlainWordChanged", "\x1b[1mab\x1b[m cd", "\x1b[1mab\x1b[m xy"},
        ChangeCase{"WideCharacterForTwoNarrow", "\x1b[7mab", "\x1b[7m\xe4\xb8\xad"},
        ChangeCase{"TrailingRowEmptied", "\x1b[1mx\x1b[m\r\nmore", "\x1b[1mx\x1b[m\r\n    "},
        // A label padded with spaces in its own colour, the padding one cell longer
        // after the relabel: the padding's colour shows nowhere.
        ChangeCase{"LabelRepaddedInItsColour", "\x1b[36mok     \x1b[m", "\x1b[36mOK      \x1b[m"},
        ChangeCase{"SpaceBetweenWordsOfOneColourFilled", "\x1b[31mab cd", "\x1b[31mab-cd"}),
    [](const auto& info) { return info.param.name; });

// Two screens a person cannot tell apart (a style on blank cells that draws nothing there) have
// one projection, as Compare finds no difference between their frames; a style that shows on a
// blank (a background, a line, reverse video) is part of the projection.
struct AsSeenCase {
  std::string name;
  std::string a;
  std::string b;
  bool same;  // the two look the same
};

class SemanticAsSeenTest : public ::testing::TestWithParam<AsSeenCase> {};

TEST_P(SemanticAsSeenTest, ProjectionsAreEqualExactlyWhenTheScreensLookTheSame) {
  VirtualTerminal a({.cols = 10, .rows = 2});
  a.Write(GetParam().a);
  VirtualTerminal b({.cols = 10, .rows = 2});
  b.Write(GetParam().b);
  // (The cursor, which writing the spaces moved, is not what this compares.)
  for (SemanticCapture capture : {SemanticCapture::kViewport, SemanticCapture::kBuffer}) {
    const std::string pa = SerializeSemantic(CaptureSemantic(a.terminal(), capture));
    const std::string pb = SerializeSemantic(CaptureSemantic(b.terminal(), capture));
    EXPECT_EQ(Section(pa, "text"), Section(pb, "text"));
    EXPECT_EQ(Section(pa, "styles") == Section(pb, "styles"), GetParam().same) << pa << pb;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, SemanticAsSeenTest,
    ::testing::Values(
        AsSeenCase{"ColouredSpacesAndErasedCells", "ab\x1b[31m    ", "ab", true},
        AsSeenCase{"BoldDimItalicBlinkInvisibleSpaces", "ab\x1b[1;2;3;5;8m    ", "ab", true},
        AsSeenCase{"PaddingOfAnotherLength", "\x1b[32mok  \x1b[m", "\x1b[32mok      \x1b[m", true},
        AsSeenCase{"ColouredSpaceBetweenWordsOfOneColour", "\x1b[31mab\x1b[m \x1b[31mcd",
                   "\x1b[31mab cd", true},
        AsSeenCase{"BackgroundOnSpaces", "ab\x1b[41m  ", "ab", false},
        AsSeenCase{"ReverseSpaces", "ab\x1b[7m  ", "ab", false},
        AsSeenCase{"UnderlinedColouredSpaces", "ab\x1b[4;31m  ", "ab\x1b[4m  ", false},
        AsSeenCase{"StruckSpaces", "ab\x1b[9m  ", "ab", false},
        AsSeenCase{"OverlinedSpaces", "ab\x1b[53m  ", "ab", false},
        AsSeenCase{"ColourOfAGlyph", "\x1b[31mab", "ab", false}),
    [](const auto& info) { return info.param.name; });

// The same pairs as golden frames: where the projection says "same", Compare finds no
// difference, and the other way round (an overline, which a golden does not hold, aside).
TEST_P(SemanticAsSeenTest, AgreesWithCompare) {
  if (GetParam().name == "OverlinedSpaces") GTEST_SKIP() << "a golden holds no overline";
  VirtualTerminal a({.cols = 10, .rows = 2});
  a.Write(GetParam().a);
  VirtualTerminal b({.cols = 10, .rows = 2});
  b.Write(GetParam().b);
  EXPECT_EQ(Compare(CaptureFrame(a).value(), CaptureFrame(b).value()).styles.empty(),
            GetParam().same);
}

// Every captured projection reads back as itself, in both captures.
TEST(SemanticTest, RoundTrips) {
  const std::vector<std::string> inputs = {
      "",
      "\x1b[1;31mError\x1b[m: disk full",
      "abcdefghijklmnopqrstuvwxyz0123456789",
      "\x1b[?1049h\x1b[?1003h\x1b[?1006h\x1b[?25l\x1b[7mmenu",
      "\x1b]8;;https://x.example/a\\b\x1b\\lnk\x1b]8;;\x1b\\",
      "\x1b[4:4;58;2;1;2;3;38;5;200;48;2;9;9;9mx\x1b[6 q",
      "one\r\ntwo\r\nthree\r\nfour\r\n",
  };
  for (const std::string& in : inputs) {
    for (SemanticCapture capture : {SemanticCapture::kViewport, SemanticCapture::kBuffer}) {
      VirtualTerminal vt({.cols = 8, .rows = 3});
      vt.Write(in);
      const SemanticSnapshot snap = CaptureSemantic(vt.terminal(), capture);
      const std::string text = SerializeSemantic(snap);
      absl::StatusOr<SemanticSnapshot> back = ParseSemantic(text);
      ASSERT_TRUE(back.ok()) << back.status() << "\n" << text;
      EXPECT_EQ(*back, snap) << text;
      EXPECT_EQ(SerializeSemantic(*back), text);
    }
  }
}

TEST(SemanticTest, LinkWithABackslashIsEscaped) {
  EXPECT_THAT(
      Section(Project("\x1b]8;;https://x.example/a\\b\x1b\\l\x1b]8;;\x1b\\", 10, 1), "styles"),
      ::testing::ElementsAre("0 0-0 link=https://x.example/a\\\\b"));
}

// A projection with one row and the given styles line (for the reader's cases).
std::string WithStyles(absl::string_view styles_line) {
  return absl::StrCat(
      "vtsnap-semantic 1\ncapture viewport\nsize 4x1\nbuffer normal\nviewport top=0 "
      "scrollback=0\ncursor hidden\nmode bracketed-paste off\nmode mouse-tracking off\nmode "
      "mouse-encoding default\nmode focus-events off\nmode synchronized-output off\nmode "
      "application-cursor-keys off\ntext\n0 |ab\nstyles\n",
      styles_line);
}

// A buffer capture of a 4x1 screen under one scrollback line (rows 0 and 1) whose text is one
// row, and `styles_line`.
std::string BufferWithStyles(absl::string_view styles_line) {
  return absl::StrCat(
      "vtsnap-semantic 1\ncapture buffer\nsize 4x1\nbuffer normal\nviewport top=1 "
      "scrollback=1\ncursor hidden\nmode bracketed-paste off\nmode mouse-tracking off\nmode "
      "mouse-encoding default\nmode focus-events off\nmode synchronized-output off\nmode "
      "application-cursor-keys off\ntext\n0 |ab\nstyles\n",
      styles_line);
}

struct ReadCase {
  std::string name;
  std::string text;
  std::string error;  // "" for a projection that reads
};

class SemanticReadTest : public ::testing::TestWithParam<ReadCase> {};

TEST_P(SemanticReadTest, ReadsOrNamesThePlace) {
  absl::StatusOr<SemanticSnapshot> r = ParseSemantic(GetParam().text, "g.semantic");
  if (GetParam().error.empty()) {
    EXPECT_TRUE(r.ok()) << r.status();
  } else {
    ASSERT_FALSE(r.ok());
    EXPECT_THAT(r.status().message(), HasSubstr(GetParam().error));
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, SemanticReadTest,
    ::testing::Values(
        ReadCase{"Valid", WithStyles("0 0-1 bold fg=196 bg=#0a0b0c\n"), ""},
        ReadCase{"AttributesInAnyOrder", WithStyles("0 0-1 fg=red bold\n"), ""},
        ReadCase{"WrongHeader", "vtsnap-semantic 2\n", "g.semantic:1:1: expected the header"},
        ReadCase{"EndsEarly", "vtsnap-semantic 1\ncapture viewport\n",
                 "g.semantic:3:1: the projection ends early: expected the `size` line"},
        ReadCase{"UnknownCapture", "vtsnap-semantic 1\ncapture all\n",
                 "g.semantic:2:9: unknown capture `all`"},
        ReadCase{"Crlf", "vtsnap-semantic 1\r\n", "g.semantic:1:18: carriage return"},
        ReadCase{"UnknownStyleWord", WithStyles("0 0-1 fat\n"),
                 "g.semantic:16:7: unknown style word `fat`"},
        ReadCase{"PaletteLowByNumber", WithStyles("0 0-1 fg=1\n"),
                 "g.semantic:16:10: unknown colour `1`"},
        ReadCase{"UppercaseHex", WithStyles("0 0-1 fg=#FF0000\n"),
                 "g.semantic:16:10: an RGB colour is # and six lowercase hex digits"},
        ReadCase{"BackwardRange", WithStyles("0 3-1 bold\n"),
                 "g.semantic:16:3: the range 3-1 ends before it starts"},
        ReadCase{"DuplicateWord", WithStyles("0 0-1 bold bold\n"),
                 "g.semantic:16:12: `bold` is given twice"},
        ReadCase{"OverlappingRuns", WithStyles("0 0-1 bold\n0 1-2 dim\n"),
                 "g.semantic:17:1: styles lines go by row"},
        ReadCase{"RunEndsInTheLastColumn", WithStyles("0 2-3 bold\n"), ""},
        ReadCase{"RunPastTheLastColumn", WithStyles("0 0-2147483647 bold\n"),
                 "g.semantic:16:5: column 2147483647 is past the screen's 4 columns (0-3)"},
        ReadCase{"RunOneColumnPastTheLast", WithStyles("0 3-4 bold\n"),
                 "g.semantic:16:5: column 4 is past the screen's 4 columns"},
        ReadCase{"RunBelowTheLastRow", WithStyles("1 0-1 bold\n"),
                 "g.semantic:16:1: row 1 is past the capture's last row, 0"},
        ReadCase{"BufferRunOnAScreenRowBelowTheText", BufferWithStyles("1 0-1 bold\n"), ""},
        ReadCase{"BufferRunBelowTheScreen", BufferWithStyles("2 0-1 bold\n"),
                 "g.semantic:16:1: row 2 is past the capture's last row, 1"},
        ReadCase{"UnderlineColourWithoutUnderline", WithStyles("0 0-1 underline-color=red\n"),
                 "underline-color= without an underline"},
        ReadCase{"RowOutOfOrder",
                 "vtsnap-semantic 1\ncapture buffer\nsize 4x1\nbuffer normal\nviewport top=0 "
                 "scrollback=0\ncursor hidden\nmode bracketed-paste off\nmode mouse-tracking "
                 "off\nmode mouse-encoding default\nmode focus-events off\nmode "
                 "synchronized-output off\nmode application-cursor-keys off\ntext\n1 |ab\n",
                 "g.semantic:14:1: row 1 out of order"},
        ReadCase{"TrailingBlankInRow",
                 "vtsnap-semantic 1\ncapture viewport\nsize 4x1\nbuffer normal\nviewport top=0 "
                 "scrollback=0\ncursor hidden\nmode bracketed-paste off\nmode mouse-tracking "
                 "off\nmode mouse-encoding default\nmode focus-events off\nmode "
                 "synchronized-output off\nmode application-cursor-keys off\ntext\n0 |ab \n"
                 "styles\n",
                 "g.semantic:14:6: row text ends in a blank"},
        ReadCase{"ViewportMissingARow",
                 "vtsnap-semantic 1\ncapture viewport\nsize 4x2\nbuffer normal\nviewport top=0 "
                 "scrollback=0\ncursor hidden\nmode bracketed-paste off\nmode mouse-tracking "
                 "off\nmode mouse-encoding default\nmode focus-events off\nmode "
                 "synchronized-output off\nmode application-cursor-keys off\ntext\n0 |ab\n"
                 "styles\n",
                 "a viewport capture lists every row: 2 rows, got 1"}),
    [](const auto& info) { return info.param.name; });

// A golden written before the projection left out what blank cells do not show reads as the
// projection says it now: the colour of trailing blanks is not a run.
TEST(SemanticTest, ReaderLeavesOutStylesNobodySeesOnBlanks) {
  absl::StatusOr<SemanticSnapshot> snap =
      ParseSemantic(WithStyles("0 0-3 bold fg=red\n"), "g.semantic");
  ASSERT_TRUE(snap.ok()) << snap.status();
  ASSERT_EQ(snap->styles.size(), 1u);
  EXPECT_EQ(snap->styles[0].first_col, 0);
  EXPECT_EQ(snap->styles[0].last_col, 1);  // "ab": the two blanks after it show nothing
}

// The reader's rule for blank cells on the row `ab  c 中` (a0 b1, blanks 2-3, c4, blank 5, the
// wide 中 in 6-7, blanks 8-11): what each styles section reads as, and reading that again gives
// the same projection.
TEST(SemanticTest, ReaderJudgesBlankCellsAndIsIdempotent) {
  const std::string header =
      "vtsnap-semantic 1\ncapture viewport\nsize 12x1\nbuffer normal\nviewport top=0 "
      "scrollback=0\ncursor hidden\nmode bracketed-paste off\nmode mouse-tracking off\nmode "
      "mouse-encoding default\nmode focus-events off\nmode synchronized-output off\nmode "
      "application-cursor-keys off\ntext\n0 |ab  c \xe4\xb8\xad\nstyles\n";
  struct Case {
    std::string styles;
    std::string read;  // the styles section as read
  };
  const Case kCases[] = {
      // The word spaces lie between red glyphs and join their run; the trailing blanks show no red.
      {"0 0-11 fg=red\n", "0 0-7 fg=red\n"},
      // Bold shows nothing on the blanks between two red glyphs: they join the red run.
      {"0 0-1 fg=red\n0 2-3 bold\n0 4-4 fg=red\n", "0 0-4 fg=red\n"},
      // A background, reverse and an underline show on blanks; italic on a wide glyph's columns.
      {"0 0-0 fg=red\n0 1-5 bg=blue\n0 6-7 italic\n0 8-11 underline fg=green\n",
       "0 0-0 fg=red\n0 1-5 bg=blue\n0 6-7 italic\n0 8-11 underline fg=green\n"},
      // Blank 5 lies between a default glyph and a red one: it keeps what shows (nothing).
      {"0 2-3 reverse\n0 5-6 fg=red\n0 7-7 dim\n0 9-11 fg=red\n",
       "0 2-3 reverse\n0 6-6 fg=red\n0 7-7 dim\n"},
      // Blanks 2-3 of a red link keep the link, not the red: they join the plain link's run.
      {"0 0-1 link=https://x.example/\n0 2-4 fg=red link=https://x.example/\n",
       "0 0-3 link=https://x.example/\n0 4-4 fg=red link=https://x.example/\n"},
  };
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.styles);
    absl::StatusOr<SemanticSnapshot> once = ParseSemantic(header + c.styles);
    ASSERT_TRUE(once.ok()) << once.status();
    EXPECT_EQ(SerializeSemantic(*once), header + c.read);
    absl::StatusOr<SemanticSnapshot> twice = ParseSemantic(SerializeSemantic(*once));
    ASSERT_TRUE(twice.ok()) << twice.status();
    EXPECT_EQ(SerializeSemantic(*twice), SerializeSemantic(*once));
  }
}

TEST(SemanticTest, DiffOfAStyleChangeShowsOnlyStyles) {
  VirtualTerminal a({.cols = 10, .rows = 1});
  a.Write("hello");
  VirtualTerminal b({.cols = 10, .rows = 1});
  b.Write("\x1b[1mhello");
  EXPECT_EQ(DiffSemantic(CaptureSemantic(a.terminal()), CaptureSemantic(b.terminal())),
            "projections differ (- expected, + actual)\n"
            "text: same\n"
            "styles:\n"
            "  + 0 0-4 bold\n");
}

TEST(SemanticTest, DiffOfATextChangeShowsOnlyText) {
  VirtualTerminal a({.cols = 10, .rows = 2});
  a.Write("\x1b[1mhello\r\nworld");
  VirtualTerminal b({.cols = 10, .rows = 2});
  b.Write("\x1b[1mhallo\r\nworld");
  EXPECT_EQ(DiffSemantic(CaptureSemantic(a.terminal()), CaptureSemantic(b.terminal())),
            "projections differ (- expected, + actual)\n"
            "text:\n"
            "  - 0 |hello\n"
            "  + 0 |hallo\n"
            "styles: same\n");
}

TEST(SemanticTest, DiffNamesChangedStateLines) {
  VirtualTerminal a({.cols = 10, .rows = 1});
  VirtualTerminal b({.cols = 10, .rows = 1});
  b.Write("\x1b[?2004h");
  EXPECT_THAT(DiffSemantic(CaptureSemantic(a.terminal()), CaptureSemantic(b.terminal())),
              HasSubstr("state:\n  - mode bracketed-paste off\n  + mode bracketed-paste on\n"));
  EXPECT_EQ(DiffSemantic(CaptureSemantic(a.terminal()), CaptureSemantic(a.terminal())), "");
}

TEST(SemanticTest, FrameHasNoProjection) {
  const Frame frame = Frame::Blank(4, 1);
  absl::StatusOr<SemanticSnapshot> s = CaptureSemantic(ScreenView(frame));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(s.status().message(), HasSubstr("a Frame holds only a picture"));
}

// The usage example of snapshot/formats/detached_state.h: a snapshot that kept the terminal's state
// answers as the terminal did after it changed; one that did not, as a Frame.
TEST(SemanticTest, DetachedStateHeaderExample) {
  VirtualTerminal vt({.cols = 12, .rows = 2});
  vt.Write("\x1b[?2004hline 1\r\nline 2\r\n\x1b[38;5;208mline 3");
  const Terminal& terminal = vt.terminal();
  const ScreenView view =
      ScreenView::Snapshot("MyScreen", CaptureFrame(ScreenView(terminal)), std::nullopt,
                           terminal.alternate_screen_active(), DetachTerminalState(terminal));
  const ScreenView bare = ScreenView::Snapshot("MyScreen", CaptureFrame(ScreenView(terminal)));
  const SemanticSnapshot before = CaptureSemantic(terminal, SemanticCapture::kBuffer);
  const std::vector<ThemeViolation> theme_before = FindThemeViolations(vt);
  vt.Write("\x1b[?2004l\x1b[2J\x1b[3J");  // the terminal changes afterwards
  absl::StatusOr<SemanticSnapshot> s = CaptureSemantic(view, SemanticCapture::kBuffer);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(*s, before);
  EXPECT_TRUE(s->bracketed_paste);
  EXPECT_EQ(s->scrollback, 1);
  EXPECT_EQ(s->text.front().text, "line 1");
  EXPECT_EQ(FindThemeViolations(view), theme_before);
  ASSERT_EQ(theme_before.size(), 1u);  // "line 3" in palette 208
  EXPECT_FALSE(FindThemeViolations(vt) == theme_before);
  EXPECT_EQ(CaptureSemantic(bare).status().code(), absl::StatusCode::kFailedPrecondition);
}

TEST(SemanticTest, CaptureNames) {
  EXPECT_EQ(SemanticCaptureName(SemanticCapture::kBuffer), "buffer");
  EXPECT_EQ(*ParseSemanticCapture("viewport"), SemanticCapture::kViewport);
  EXPECT_FALSE(ParseSemanticCapture("screen").ok());
}

}  // namespace
}  // namespace vtsnap
