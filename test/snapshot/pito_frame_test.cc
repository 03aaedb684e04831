// pito-tui frame 1 (snapshot/formats/pito_frame.h): ratatui's names, the spec's examples, the
// byte-exact round trip, one case per reader error with its exact position, the writer's checks,
// and the conversion from a decoded screen.
#include "vtsnap/snapshot/formats/pito_frame.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/screen/capture.h"

namespace vtsnap::pito {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr char kH[] = "pito-tui frame 1";

// A frame file from its lines, each ended by "\n".
std::string File(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) absl::StrAppend(&out, line, "\n");
  return out;
}

TEST(PitoFrameTest, HeaderExample) {
  absl::StatusOr<TuiFrame> frame =
      ParseFrame("pito-tui frame 1\n2 1\nh\ti\n1 #5B8CFF Reset 1\t1 Reset Reset 0\n", "home/80x24");
  ASSERT_TRUE(frame.ok()) << frame.status();
  EXPECT_EQ(frame->rows[0].symbols, (std::vector<std::string>{"h", "i"}));
  EXPECT_EQ(frame->rows[0].runs[0].style.modifiers, kBold);
  absl::StatusOr<std::string> text = SerializeFrame(*frame);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text, "pito-tui frame 1\n2 1\nh\ti\n1 #5B8CFF Reset 1\t1 Reset Reset 0\n");

  VirtualTerminal vt({.cols = 80, .rows = 24});
  vt.Write("\x1b]8;;https://x.example/\x1b\\link\x1b]8;;\x1b\\");
  EXPECT_FALSE(FrameFromScreen(vt).ok());
  EXPECT_TRUE(FrameFromScreen(vt, {.allow_loss = true}).ok());
}

// ---------------------------------------------------------------------------------------------
// Names

TEST(PitoFrameTest, ColourNamesAreRatatuisDisplayInEnumOrder) {
  const std::vector<std::string> want = {
      "Reset",       "Black",     "Red",          "Green",     "Yellow",   "Blue",
      "Magenta",     "Cyan",      "Gray",         "DarkGray",  "LightRed", "LightGreen",
      "LightYellow", "LightBlue", "LightMagenta", "LightCyan", "White"};
  std::vector<std::string> got;
  for (int i = 0; i <= static_cast<int>(NamedColor::kWhite); ++i) {
    got.push_back(ColorText(TuiColor::Named(static_cast<NamedColor>(i))));
  }
  EXPECT_EQ(got, want);
}

TEST(PitoFrameTest, RgbIsUppercaseHexWithZeroPadding) {
  EXPECT_EQ(ColorText(TuiColor::Rgb(0x5B, 0x8C, 0xFF)), "#5B8CFF");
  EXPECT_EQ(ColorText(TuiColor::Rgb(0, 0, 0x0A)), "#00000A");
}

TEST(PitoFrameTest, IndexIsDecimal) {
  EXPECT_EQ(ColorText(TuiColor::Indexed(0)), "0");
  EXPECT_EQ(ColorText(TuiColor::Indexed(42)), "42");
  EXPECT_EQ(ColorText(TuiColor::Indexed(255)), "255");
}

TEST(PitoFrameTest, AnIndexIsNotTheNamedColourOfTheSameNumber) {
  EXPECT_FALSE(TuiColor::Indexed(1) == TuiColor::Named(NamedColor::kRed));
}

struct ModifierCase {
  uint16_t bits;
  std::string want;
};

class PitoModifierNamesTest : public ::testing::TestWithParam<ModifierCase> {};

TEST_P(PitoModifierNamesTest, PrintsRatatuisDebug) {
  EXPECT_EQ(ModifierNames(GetParam().bits), GetParam().want);
}

INSTANTIATE_TEST_SUITE_P(
    Bits, PitoModifierNamesTest,
    ::testing::Values(ModifierCase{0, "NONE"}, ModifierCase{kBold, "BOLD"},
                      ModifierCase{kDim, "DIM"}, ModifierCase{kItalic, "ITALIC"},
                      ModifierCase{kUnderlined, "UNDERLINED"},
                      ModifierCase{kSlowBlink, "SLOW_BLINK"},
                      ModifierCase{kRapidBlink, "RAPID_BLINK"}, ModifierCase{kReversed, "REVERSED"},
                      ModifierCase{kHidden, "HIDDEN"}, ModifierCase{kCrossedOut, "CROSSED_OUT"},
                      ModifierCase{kBold | kDim, "BOLD | DIM"},
                      // Bit order, whatever order they were set in.
                      ModifierCase{kCrossedOut | kBold, "BOLD | CROSSED_OUT"},
                      ModifierCase{kAllModifiers,
                                   "BOLD | DIM | ITALIC | UNDERLINED | SLOW_BLINK | RAPID_BLINK | "
                                   "REVERSED | HIDDEN | CROSSED_OUT"},
                      ModifierCase{512, "0x200"}));

TEST(PitoFrameTest, SpecStyleRunExamples) {
  // "1 #5B8CFF Reset 1 (one cell, the accent, on the terminal's background, bold)"
  EXPECT_EQ(RunText({.count = 1,
                     .style = {.fg = TuiColor::Rgb(0x5B, 0x8C, 0xFF),
                               .bg = TuiColor::Reset(),
                               .modifiers = kBold}}),
            "1 #5B8CFF Reset 1");
  // "78 Reset Reset 2 (78 dim cells)"
  EXPECT_EQ(RunText({.count = 78, .style = {.modifiers = kDim}}), "78 Reset Reset 2");
}

// ---------------------------------------------------------------------------------------------
// Reading and writing

// The spec's example: an 80x24 frame whose first row has the accent and a dim run.
std::string SpecExample() {
  std::vector<std::string> lines = {"pito-tui frame 1", "80 24"};
  std::vector<std::string> symbols(80, " ");
  symbols[0] = "\xe2\x97\x86";  // ◆
  for (int i = 0; i < 5; ++i) symbols[2 + i] = std::string(1, "hello"[i]);
  lines.push_back(absl::StrJoin(symbols, "\t"));
  lines.push_back("1 #5B8CFF Reset 1\t78 Reset Reset 2\t1 Reset Reset 0");
  for (int r = 1; r < 24; ++r) {
    lines.push_back(absl::StrJoin(std::vector<std::string>(80, " "), "\t"));
    lines.push_back("80 Reset Reset 0");
  }
  return File(lines);
}

TEST(PitoFrameTest, SpecExampleReads) {
  absl::StatusOr<TuiFrame> frame = ParseFrame(SpecExample(), "00-home/80x24");
  ASSERT_TRUE(frame.ok()) << frame.status();
  EXPECT_EQ(frame->width, 80);
  EXPECT_EQ(frame->height, 24);
  ASSERT_EQ(frame->rows.size(), 24u);
  EXPECT_EQ(frame->rows[0].symbols[0], "\xe2\x97\x86");
  EXPECT_EQ(frame->rows[0].symbols[6], "o");
  const TuiStyle accent = {.fg = TuiColor::Rgb(0x5B, 0x8C, 0xFF), .modifiers = kBold};
  EXPECT_EQ(frame->StyleAt(0, 0), accent);
  EXPECT_EQ(frame->StyleAt(1, 0), (TuiStyle{.modifiers = kDim}));
  EXPECT_EQ(frame->StyleAt(78, 0), (TuiStyle{.modifiers = kDim}));
  EXPECT_EQ(frame->StyleAt(79, 0), TuiStyle{});
  EXPECT_EQ(frame->StyleAt(40, 23), TuiStyle{});
}

TEST(PitoFrameTest, SpecExampleWritesBackByteForByte) {
  absl::StatusOr<TuiFrame> frame = ParseFrame(SpecExample(), "00-home/80x24");
  ASSERT_TRUE(frame.ok()) << frame.status();
  absl::StatusOr<std::string> text = SerializeFrame(*frame);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text, SpecExample());
}

// docs/pito.md's full example, with its <TAB>s as tabs.
TEST(PitoFrameTest, DocsExample) {
  const std::string text = File({
      kH,
      "6 2",
      "\xe2\x97\x86\t \th\ti\t\\t\t\\\\",
      "1 #5B8CFF Reset 1\t1 Reset Reset 0\t2 Reset Reset 2\t1 Yellow 236 0\t1 Reset Reset 0",
      "\xe4\xbd\xa0\t \tx\t \t \t ",
      "1 LightRed Reset 0\t5 Reset Reset 0",
  });
  absl::StatusOr<TuiFrame> frame = ParseFrame(text, "docs");
  ASSERT_TRUE(frame.ok()) << frame.status();
  EXPECT_EQ(frame->rows[0].symbols,
            (std::vector<std::string>{"\xe2\x97\x86", " ", "h", "i", "\t", "\\"}));
  EXPECT_EQ(frame->StyleAt(3, 0), (TuiStyle{.modifiers = kDim}));
  EXPECT_EQ(frame->StyleAt(4, 0),
            (TuiStyle{.fg = TuiColor::Named(NamedColor::kYellow), .bg = TuiColor::Indexed(236)}));
  EXPECT_EQ(*SerializeFrame(*frame), text);
  // And it is what vtsnap's conversion makes of the same screen.
  VirtualTerminal vt({.cols = 6, .rows = 2});
  vt.Write(
      "\x1b[1;38;2;91;140;255m\xe2\x97\x86\x1b[m \x1b[2mhi\x1b[m\x1b[33;48;5;236m\t"
      "\x1b[m\\\r\n\x1b[91m\xe4\xbd\xa0\x1b[mx");
  absl::StatusOr<TuiFrame> converted = FrameFromScreen(vt);
  ASSERT_TRUE(converted.ok()) << converted.status();
  EXPECT_EQ(converted->rows[1], frame->rows[1]);
}

struct RoundTripCase {
  std::string name;
  std::string text;
};

class PitoFrameRoundTripTest : public ::testing::TestWithParam<RoundTripCase> {};

TEST_P(PitoFrameRoundTripTest, WritesBackTheSameBytes) {
  absl::StatusOr<TuiFrame> frame = ParseFrame(GetParam().text, "f");
  ASSERT_TRUE(frame.ok()) << frame.status();
  absl::StatusOr<std::string> text = SerializeFrame(*frame);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text, GetParam().text);
}

INSTANTIATE_TEST_SUITE_P(
    Files, PitoFrameRoundTripTest,
    ::testing::Values(
        RoundTripCase{"EveryNamedColour",
                      File({"pito-tui frame 1", "17 1",
                            absl::StrJoin(std::vector<std::string>(17, "x"), "\t"),
                            "1 Reset Black 0\t1 Red Green 0\t1 Yellow Blue 0\t1 Magenta Cyan "
                            "0\t1 Gray DarkGray 0\t1 LightRed LightGreen 0\t1 LightYellow "
                            "LightBlue 0\t1 LightMagenta LightCyan 0\t9 White Reset 511"})},
        RoundTripCase{"IndexesAndRgb", File({"pito-tui frame 1", "3 1", "a\tb\tc",
                                             "1 0 255 0\t1 1 Red 3\t1 #000000 #FFFFFF 256"})},
        // Runs are kept as written, even two of the same style side by side.
        RoundTripCase{"NonMaximalRunsStayAsWritten", File({"pito-tui frame 1", "2 1", "a\tb",
                                                           "1 Reset Reset 0\t1 Reset Reset 0"})},
        RoundTripCase{"EscapedSymbols",
                      File({"pito-tui frame 1", "4 1", "\\\\\t\\t\t\\n\t\\r", "4 Reset Reset 0"})},
        RoundTripCase{
            "EmptyAndMultiByteSymbols",
            File({"pito-tui frame 1", "3 1", "\t\xe4\xbd\xa0\te\xcc\x81", "3 Reset Reset 0"})},
        RoundTripCase{"SpacesInsideASymbol",
                      File({"pito-tui frame 1", "2 1", "a b\t ", "2 Reset Reset 0"})},
        RoundTripCase{"SeveralRows", File({"pito-tui frame 1", "1 3", "a", "1 Red Reset 1", "b",
                                           "1 Reset Blue 2", "c", "1 7 #5B8CFF 4"})}),
    [](const ::testing::TestParamInfo<RoundTripCase>& info) { return info.param.name; });

TEST(PitoFrameTest, EscapesAreDecoded) {
  absl::StatusOr<TuiFrame> frame = ParseFrame(
      File({"pito-tui frame 1", "5 1", "\\\\\t\\t\t\\n\t\\r\ta\\\\t", "5 Reset Reset 0"}), "f");
  ASSERT_TRUE(frame.ok()) << frame.status();
  EXPECT_EQ(frame->rows[0].symbols, (std::vector<std::string>{"\\", "\t", "\n", "\r", "a\\t"}));
}

struct ErrorCase {
  std::string name;
  std::string text;
  std::string position;  // "LINE:COL"
  std::string message;   // a part of the message after the position
};

class PitoFrameErrorTest : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(PitoFrameErrorTest, RejectsWithPathLineAndColumn) {
  const ErrorCase& c = GetParam();
  absl::StatusOr<TuiFrame> frame = ParseFrame(c.text, "cap/00-home/80x24");
  ASSERT_FALSE(frame.ok());
  EXPECT_EQ(frame.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(frame.status().message()),
              StartsWith(absl::StrCat("cap/00-home/80x24:", c.position, ": ")));
  EXPECT_THAT(std::string(frame.status().message()), HasSubstr(c.message));
}

INSTANTIATE_TEST_SUITE_P(
    Malformed, PitoFrameErrorTest,
    ::testing::Values(
        ErrorCase{"EmptyFile", "", "1:1", "expected \"pito-tui frame 1\", got end of input"},
        ErrorCase{"WrongHeader", File({"pito-tui frame 2", "1 1", "a", "1 Reset Reset 0"}), "1:1",
                  "expected \"pito-tui frame 1\", got \"pito-tui frame 2\""},
        ErrorCase{"CrlfHeader", "pito-tui frame 1\r\n1 1\r\n", "1:17", "CRLF line ending"},
        ErrorCase{"CrlfOnALaterLine", File({kH, "1 1", "a", "1 Reset Reset 0\r"}), "4:16",
                  "CRLF line ending"},
        ErrorCase{"NoSizeLine", File({kH}), "2:1", "expected the size line"},
        ErrorCase{"SizeNotANumber", File({kH, "x 1"}), "2:1", "expected the width"},
        ErrorCase{"ZeroWidth", File({kH, "0 1"}), "2:1", "expected the width"},
        ErrorCase{"WidthLeadingZero", File({kH, "01 1"}), "2:1", "expected the width"},
        ErrorCase{"WidthAboveU16", File({kH, "65536 1"}), "2:1", "expected the width"},
        ErrorCase{"NoHeight", File({kH, "80"}), "2:3", "expected a space and the height"},
        ErrorCase{"TwoSpacesBeforeHeight", File({kH, "80  24"}), "2:4", "expected the height"},
        ErrorCase{"ZeroHeight", File({kH, "80 0"}), "2:4", "expected the height"},
        ErrorCase{"SizeTrailingGarbage", File({kH, "80 24 x"}), "2:6",
                  "expected end of line after the height"},
        ErrorCase{"SizeWithAnX", File({kH, "80x24"}), "2:1", "expected the width"},
        ErrorCase{"MissingRows", File({kH, "1 2", "a", "1 Reset Reset 0"}), "5:1",
                  "expected the symbols of row 1 (the frame has 2 rows), got end of input"},
        ErrorCase{"MissingStyleLine", File({kH, "1 1", "a"}), "4:1",
                  "expected the style runs of row 0, got end of input"},
        ErrorCase{"TooFewSymbols", File({kH, "3 1", "a\tb", "3 Reset Reset 0"}), "3:4",
                  "expected 3 symbols in row 0, got 2"},
        ErrorCase{"TooManySymbols", File({kH, "2 1", "a\tb\tc", "2 Reset Reset 0"}), "3:4",
                  "expected 2 symbols in row 0, got more"},
        ErrorCase{"BadEscape", File({kH, "2 1", "a\t\\x", "2 Reset Reset 0"}), "3:3",
                  "bad escape \"\\\\x\""},
        ErrorCase{"EscapeAtEndOfLine", File({kH, "1 1", "a\\", "1 Reset Reset 0"}), "3:2",
                  "unfinished escape"},
        ErrorCase{"RawCarriageReturnInASymbol", File({kH, "1 1", "a\rb", "1 Reset Reset 0"}), "3:2",
                  "unescaped carriage return"},
        ErrorCase{"EmptyStyleLine", File({kH, "1 1", "a", ""}), "4:1", "expected a cell count"},
        ErrorCase{"RunCountsFallShort", File({kH, "3 1", "a\tb\tc", "2 Reset Reset 0"}), "4:16",
                  "the runs of row 0 cover 2 cells, fewer than the width 3"},
        ErrorCase{"RunCountsOvershoot",
                  File({kH, "3 1", "a\tb\tc", "2 Reset Reset 0\t2 Reset Reset 0"}), "4:17",
                  "the runs of row 0 cover 4 cells, more than the width 3"},
        ErrorCase{"RunAfterTheWidthIsCovered",
                  File({kH, "1 1", "a", "1 Reset Reset 0\t1 Reset Reset 0"}), "4:16",
                  "already cover the width 1"},
        ErrorCase{"ZeroCount", File({kH, "1 1", "a", "0 Reset Reset 0"}), "4:1",
                  "expected a cell count"},
        ErrorCase{"CountLeadingZero", File({kH, "1 1", "a", "01 Reset Reset 0"}), "4:1",
                  "expected a cell count"},
        ErrorCase{"RunMissingModifiers", File({kH, "1 1", "a", "1 Reset Reset"}), "4:14",
                  "expected a space and modifier bits, got end of line"},
        ErrorCase{"RunWithDoubleSpace", File({kH, "1 1", "a", "1  Reset Reset 0"}), "4:3",
                  "expected a foreground colour"},
        ErrorCase{"RunWithFifthToken", File({kH, "1 1", "a", "1 Reset Reset 0 x"}), "4:16",
                  "expected the end of the run after its modifier bits"},
        ErrorCase{"TrailingTabAfterRuns", File({kH, "1 1", "a", "1 Reset Reset 0\t"}), "4:16",
                  "already cover the width"},
        ErrorCase{"UnknownColourName", File({kH, "1 1", "a", "1 Purple Reset 0"}), "4:3",
                  "unknown foreground colour \"Purple\""},
        ErrorCase{"LowercaseColourName", File({kH, "1 1", "a", "1 Reset red 0"}), "4:9",
                  "unknown background colour \"red\""},
        ErrorCase{"LowercaseHex", File({kH, "1 1", "a", "1 #5b8cff Reset 0"}), "4:5",
                  "lowercase hex digit"},
        ErrorCase{"BadHexDigit", File({kH, "1 1", "a", "1 #5B8CFG Reset 0"}), "4:9",
                  "bad hex digit"},
        ErrorCase{"ShortHex", File({kH, "1 1", "a", "1 #5B8CF Reset 0"}), "4:3", "as #RRGGBB"},
        ErrorCase{"IndexAbove255", File({kH, "1 1", "a", "1 256 Reset 0"}), "4:3",
                  "index as a number 0-255"},
        ErrorCase{"IndexLeadingZero", File({kH, "1 1", "a", "1 Reset 07 0"}), "4:9",
                  "index as a number 0-255 without leading zeros"},
        ErrorCase{"ModifiersNotANumber", File({kH, "1 1", "a", "1 Reset Reset BOLD"}), "4:15",
                  "expected modifier bits (a number 0-511), got \"BOLD\""},
        ErrorCase{"ModifiersAbove511", File({kH, "1 1", "a", "1 Reset Reset 512"}), "4:15",
                  "bad modifier bits \"512\""},
        ErrorCase{"ModifiersLeadingZero", File({kH, "1 1", "a", "1 Reset Reset 01"}), "4:15",
                  "bad modifier bits \"01\""},
        ErrorCase{"NegativeModifiers", File({kH, "1 1", "a", "1 Reset Reset -1"}), "4:15",
                  "expected modifier bits"},
        ErrorCase{"TrailingGarbageLine", File({kH, "1 1", "a", "1 Reset Reset 0", "extra"}), "5:1",
                  "expected end of input after the last row (the frame has 1 row)"},
        ErrorCase{"TrailingEmptyLine", File({kH, "1 1", "a", "1 Reset Reset 0", ""}), "5:1",
                  "expected end of input after the last row"},
        ErrorCase{"NoFinalNewline", std::string(kH) + "\n1 1\na\n1 Reset Reset 0", "4:16",
                  "expected a newline at the end of the last line"}),
    [](const ::testing::TestParamInfo<ErrorCase>& info) { return info.param.name; });

struct InvalidFrameCase {
  std::string name;
  TuiFrame frame;
  std::string message;
};

TuiFrame OneCell() {
  return {.width = 1, .height = 1, .rows = {{.symbols = {"a"}, .runs = {{.count = 1}}}}};
}

std::vector<InvalidFrameCase> InvalidFrames() {
  std::vector<InvalidFrameCase> cases;
  TuiFrame f = OneCell();
  f.width = 0;
  cases.push_back({"ZeroWidth", f, "each side must be 1-65535"});
  f = OneCell();
  f.height = 2;
  cases.push_back({"RowsMissing", f, "2 rows high but has 1 rows"});
  f = OneCell();
  f.rows[0].symbols.push_back("b");
  cases.push_back({"SymbolsNotWidth", f, "row 0 has 2 symbols"});
  f = OneCell();
  f.rows[0].runs[0].count = 2;
  cases.push_back({"RunsNotWidth", f, "the runs cover 2 cells"});
  f = OneCell();
  f.rows[0].runs = {{.count = 0}, {.count = 1}};
  cases.push_back({"EmptyRun", f, "run 0 has 0 cells"});
  f = OneCell();
  f.rows[0].runs[0].style.modifiers = 512;
  cases.push_back({"ModifiersAbove511", f, "modifier bits 512"});
  f = OneCell();
  f.rows[0].runs[0].style.fg = TuiColor::Indexed(256);
  cases.push_back({"IndexAbove255", f, "foreground colour is out of range"});
  f = OneCell();
  f.rows[0].runs[0].style.bg = TuiColor{TuiColor::Kind::kNamed, 17};
  cases.push_back({"UnknownName", f, "background colour is out of range"});
  return cases;
}

class PitoFrameWriterTest : public ::testing::TestWithParam<InvalidFrameCase> {};

TEST_P(PitoFrameWriterTest, RefusesAnInvalidFrame) {
  absl::StatusOr<std::string> text = SerializeFrame(GetParam().frame);
  ASSERT_FALSE(text.ok());
  EXPECT_THAT(std::string(text.status().message()), HasSubstr(GetParam().message));
}

INSTANTIATE_TEST_SUITE_P(Invalid, PitoFrameWriterTest, ::testing::ValuesIn(InvalidFrames()),
                         [](const ::testing::TestParamInfo<InvalidFrameCase>& info) {
                           return info.param.name;
                         });

TEST(PitoFrameTest, WriterEscapesSymbols) {
  TuiFrame f = OneCell();
  f.rows[0].symbols[0] = "a\\\tb\n\r";
  absl::StatusOr<std::string> text = SerializeFrame(f);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text, File({kH, "1 1", "a\\\\\\tb\\n\\r", "1 Reset Reset 0"}));
}

// ---------------------------------------------------------------------------------------------
// From a screen

TuiFrame FromScreen(int cols, int rows, absl::string_view bytes,
                    FrameFromScreenOptions options = {}) {
  VirtualTerminal vt({.cols = cols, .rows = rows});
  vt.Write(bytes);
  absl::StatusOr<TuiFrame> frame = FrameFromScreen(vt, options);
  EXPECT_TRUE(frame.ok()) << frame.status();
  return frame.ok() ? *frame : TuiFrame{};
}

struct MappingCase {
  std::string name;
  std::string sgr;  // written before "x"
  std::string run;  // the run of the one-cell screen showing "x"
};

class PitoFrameMappingTest : public ::testing::TestWithParam<MappingCase> {};

TEST_P(PitoFrameMappingTest, MapsTheStyle) {
  const TuiFrame frame = FromScreen(1, 1, absl::StrCat(GetParam().sgr, "x"));
  ASSERT_EQ(frame.rows.size(), 1u);
  EXPECT_EQ(frame.rows[0].symbols[0], "x");
  EXPECT_EQ(RunText(frame.rows[0].runs[0]), GetParam().run);
}

INSTANTIATE_TEST_SUITE_P(
    Styles, PitoFrameMappingTest,
    ::testing::Values(
        MappingCase{"DefaultIsReset", "", "1 Reset Reset 0"},
        MappingCase{"Palette0IsBlack", "\x1b[30m", "1 Black Reset 0"},
        MappingCase{"Palette1IsRed", "\x1b[31m", "1 Red Reset 0"},
        MappingCase{"Palette7IsGray", "\x1b[37m", "1 Gray Reset 0"},
        MappingCase{"Palette8IsDarkGray", "\x1b[90m", "1 DarkGray Reset 0"},
        MappingCase{"Palette9IsLightRed", "\x1b[91m", "1 LightRed Reset 0"},
        MappingCase{"Palette15IsWhite", "\x1b[97m", "1 White Reset 0"},
        MappingCase{"Palette14BackgroundIsLightCyan", "\x1b[106m", "1 Reset LightCyan 0"},
        MappingCase{"Sgr38_5_3IsANameToo", "\x1b[38;5;3m", "1 Yellow Reset 0"},
        MappingCase{"Palette16IsAnIndex", "\x1b[38;5;16m", "1 16 Reset 0"},
        MappingCase{"Palette255IsAnIndex", "\x1b[48;5;255m", "1 Reset 255 0"},
        MappingCase{"RgbIsHex", "\x1b[38;2;91;140;255m", "1 #5B8CFF Reset 0"},
        MappingCase{"Bold", "\x1b[1m", "1 Reset Reset 1"},
        MappingCase{"Dim", "\x1b[2m", "1 Reset Reset 2"},
        MappingCase{"Italic", "\x1b[3m", "1 Reset Reset 4"},
        MappingCase{"Underline", "\x1b[4m", "1 Reset Reset 8"},
        MappingCase{"BlinkIsSlowBlink", "\x1b[5m", "1 Reset Reset 16"},
        MappingCase{"RapidBlinkIsSlowBlinkToo", "\x1b[6m", "1 Reset Reset 16"},
        MappingCase{"ReverseIsReversed", "\x1b[7m", "1 Reset Reset 64"},
        MappingCase{"InvisibleIsHiddenAndKeepsItsSymbol", "\x1b[8m", "1 Reset Reset 128"},
        MappingCase{"StrikeIsCrossedOut", "\x1b[9m", "1 Reset Reset 256"},
        MappingCase{"Everything", "\x1b[1;2;3;4;5;7;8;9;31;44m", "1 Red Blue 479"}),
    [](const ::testing::TestParamInfo<MappingCase>& info) { return info.param.name; });

TEST(PitoFrameTest, RunsFromAScreenAreMaximal) {
  const TuiFrame frame = FromScreen(6, 1, "\x1b[1mab\x1b[mcd");
  EXPECT_EQ(frame.rows[0].runs.size(), 2u);
  EXPECT_EQ(RunText(frame.rows[0].runs[0]), "2 Reset Reset 1");
  EXPECT_EQ(RunText(frame.rows[0].runs[1]), "4 Reset Reset 0");
}

TEST(PitoFrameTest, WideCharacterIsFollowedByWhatRatatuiResetsThere) {
  // Buffer::set_stringn calls Cell::reset() on the cells a wide symbol hides: " ", Reset Reset,
  // no modifier, whatever the wide symbol's style.
  const TuiFrame frame = FromScreen(4, 1, "\x1b[1;31;44m\xe4\xbd\xa0\x1b[mx");
  EXPECT_EQ(frame.rows[0].symbols, (std::vector<std::string>{"\xe4\xbd\xa0", " ", "x", " "}));
  ASSERT_EQ(frame.rows[0].runs.size(), 2u);
  EXPECT_EQ(RunText(frame.rows[0].runs[0]), "1 Red Blue 1");
  EXPECT_EQ(RunText(frame.rows[0].runs[1]), "3 Reset Reset 0");
}

TEST(PitoFrameTest, CombiningMarkIsPartOfTheSymbol) {
  const TuiFrame frame = FromScreen(3, 1, "e\xcc\x81x");
  EXPECT_EQ(frame.rows[0].symbols[0], "e\xcc\x81");
  EXPECT_EQ(frame.rows[0].symbols[1], "x");
}

TEST(PitoFrameTest, HiddenCellKeepsItsSymbol) {
  const TuiFrame frame = FromScreen(3, 1, "\x1b[8mab");
  EXPECT_EQ(frame.rows[0].symbols[0], "a");
}

TEST(PitoFrameTest, ScreenFrameSerializesAndParsesBack) {
  const TuiFrame frame = FromScreen(10, 3, "\x1b[1;38;2;91;140;255mA\x1b[m\tb\\c\r\n\xe4\xbd\xa0");
  absl::StatusOr<std::string> text = SerializeFrame(frame);
  ASSERT_TRUE(text.ok()) << text.status();
  absl::StatusOr<TuiFrame> parsed = ParseFrame(*text, "f");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(*parsed, frame);
}

struct LossCase {
  std::string name;
  std::string bytes;  // written at row 1, col 2 of a 6x3 screen
  std::string what;
};

class PitoFrameLossTest : public ::testing::TestWithParam<LossCase> {};

TEST_P(PitoFrameLossTest, FailsNamingTheCellUnlessTheLossIsAllowed) {
  VirtualTerminal vt({.cols = 6, .rows = 3});
  vt.Write(absl::StrCat("\x1b[2;3H", GetParam().bytes));
  absl::StatusOr<TuiFrame> strict = FrameFromScreen(vt);
  ASSERT_FALSE(strict.ok());
  EXPECT_EQ(strict.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(strict.status().message()),
              StartsWith(absl::StrCat("row 1 col 2 (0-based): ", GetParam().what,
                                      " cannot be written in pito-tui frame 1")));
  absl::StatusOr<TuiFrame> lossy = FrameFromScreen(vt, {.allow_loss = true});
  ASSERT_TRUE(lossy.ok()) << lossy.status();
  EXPECT_EQ(lossy->rows[1].symbols[2], "x");
}

INSTANTIATE_TEST_SUITE_P(
    Unsayable, PitoFrameLossTest,
    ::testing::Values(LossCase{"Hyperlink", "\x1b]8;;https://x.example/\x1b\\x\x1b]8;;\x1b\\",
                               "a hyperlink (to \"https://x.example/\")"},
                      LossCase{"UnderlineColour", "\x1b[4;58;5;9mx", "an underline colour (@9)"},
                      LossCase{"UnderlineColourRgb", "\x1b[4;58;2;1;2;3mx",
                               "an underline colour (#010203)"},
                      LossCase{"DoubleUnderline", "\x1b[4:2mx", "a double underline"},
                      LossCase{"CurlyUnderline", "\x1b[4:3mx", "a curly underline"},
                      LossCase{"DottedUnderline", "\x1b[4:4mx", "a dotted underline"},
                      LossCase{"DashedUnderline", "\x1b[4:5mx", "a dashed underline"},
                      LossCase{"Overline", "\x1b[53mx", "overline"}),
    [](const ::testing::TestParamInfo<LossCase>& info) { return info.param.name; });

TEST(PitoFrameTest, LossyUnderlineShapeBecomesUnderlined) {
  const TuiFrame frame = FromScreen(2, 1, "\x1b[4:3;58;5;9mx", {.allow_loss = true});
  EXPECT_EQ(RunText(frame.rows[0].runs[0]), "1 Reset Reset 8");
}

TEST(PitoFrameTest, UnderlineColourWithoutUnderlineIsNotALoss) {
  // Nothing is drawn with it (vtsnap's Frame ignores it too).
  const TuiFrame frame = FromScreen(1, 1, "\x1b[58;5;9mx");
  EXPECT_EQ(RunText(frame.rows[0].runs[0]), "1 Reset Reset 0");
}

TEST(PitoFrameTest, AnUnreadableScreenIsItsReason) {
  const ScreenView view = ScreenView::Snapshot("Test", absl::UnavailableError("inside a frame"));
  EXPECT_EQ(FrameFromScreen(view).status(), absl::UnavailableError("inside a frame"));
}

TEST(PitoFrameTest, AFrameParsedFromAGoldenIsRefused) {
  VirtualTerminal vt({.cols = 3, .rows = 1});
  const Frame parsed = *golden::Parse(*golden::Serialize(*CaptureFrame(vt)));
  absl::StatusOr<TuiFrame> frame = FrameFromScreen(parsed);
  ASSERT_FALSE(frame.ok());
  EXPECT_THAT(std::string(frame.status().message()), HasSubstr("parsed from a golden dump"));
}

TEST(PitoFrameTest, FrameViewConvertsToo) {
  VirtualTerminal vt({.cols = 3, .rows = 1});
  vt.Write("\x1b[7ma\xe4\xbd\xa0");
  const Frame captured = *CaptureFrame(vt);
  absl::StatusOr<TuiFrame> from_frame = FrameFromScreen(captured);
  ASSERT_TRUE(from_frame.ok()) << from_frame.status();
  absl::StatusOr<TuiFrame> from_vt = FrameFromScreen(vt);
  ASSERT_TRUE(from_vt.ok()) << from_vt.status();
  EXPECT_EQ(*from_frame, *from_vt);
}

TEST(PitoFrameTest, WithoutAPathAnErrorStartsAtTheLine) {
  EXPECT_EQ(ParseFrame("pito-tui frame 2\n", "").status().message(),
            "1:1: expected \"pito-tui frame 1\", got \"pito-tui frame 2\"");
  EXPECT_EQ(ParseFrame("pito-tui frame 2\n", "f").status().message(),
            "f:1:1: expected \"pito-tui frame 1\", got \"pito-tui frame 2\"");
}

}  // namespace
}  // namespace vtsnap::pito
