// The JSON state dump (snapshot/formats/state_json.h, docs/state-dump.md): what CaptureState
// records for a stream, the exact text WriteStateJson writes, what ParseStateJson rejects and
// where, and what DiffStates reports.
#include "vtsnap/snapshot/formats/state_json.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"

namespace vtsnap {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

StateDump Decode(const std::string& bytes, int cols = 10, int rows = 3, bool generations = false) {
  VirtualTerminal vt({.cols = cols, .rows = rows, .track_generations = generations});
  vt.Write(bytes);
  return CaptureState(vt.terminal());
}

const StateCell& Cell(const StateDump& d, int col, int row) {
  static const StateCell kMissing;
  const std::optional<StateCell>& c = (*d.cells)[row][col];
  return c.has_value() ? *c : kMissing;
}

// The header's usage example, kept compiling and true.
TEST(StateJsonExample, HeaderExampleHolds) {
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write("\x1b[1;31mhi");
  StateDump dump = CaptureState(vt.terminal());
  std::string json = WriteStateJson(dump);
  absl::StatusOr<StateDump> back = ParseStateJson(json, "hi.json");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_THAT(DiffStates(dump, *back), IsEmpty());
  EXPECT_EQ((*dump.cells)[0][0]->fg, 0xCD0000u);
  EXPECT_THAT(*(*dump.cells)[0][0]->attrs, ElementsAre("bold"));
}

// ---------------------------------------------------------------------------------------------
// Colours: xterm's default palette, the default colours, no bold-as-bright, no inverse swap.

struct ColorCase {
  const char* name;
  const char* input;  // printed at (0, 0)
  uint32_t fg;
  uint32_t bg;
};

class CaptureColorTest : public testing::TestWithParam<ColorCase> {};

TEST_P(CaptureColorTest, ResolvesThroughXtermsDefaultPalette) {
  const StateDump d = Decode(GetParam().input);
  EXPECT_EQ(Cell(d, 0, 0).fg, GetParam().fg);
  EXPECT_EQ(Cell(d, 0, 0).bg, GetParam().bg);
}

INSTANTIATE_TEST_SUITE_P(
    StateJson, CaptureColorTest,
    testing::Values(ColorCase{"DefaultsAreTheSchemasExample", "x", 13421772, 0},
                    ColorCase{"Sgr31IsXtermRedCd0000", "\x1b[31mx", 0xCD0000, 0},
                    ColorCase{"Sgr34IsXtermBlue0000ee", "\x1b[34mx", 0x0000EE, 0},
                    ColorCase{"Sgr90IsXtermGrey7f7f7f", "\x1b[90mx", 0x7F7F7F, 0},
                    ColorCase{"Sgr104BackgroundIs5c5cff", "\x1b[104mx", 13421772, 0x5C5CFF},
                    ColorCase{"BoldRedStaysRedNoBoldAsBright", "\x1b[1;31mx", 0xCD0000, 0},
                    ColorCase{"Cube196IsPureRed", "\x1b[38;5;196mx", 0xFF0000, 0},
                    ColorCase{"Cube17IsLevel95Blue", "\x1b[38;5;17mx", 0x00005F, 0},
                    ColorCase{"Grey232Is080808", "\x1b[38;5;232mx", 0x080808, 0},
                    ColorCase{"Grey255IsEeeeee", "\x1b[38;5;255mx", 0xEEEEEE, 0},
                    ColorCase{"TruecolorPassesThrough", "\x1b[38;2;1;2;3;48;2;250;251;252mx",
                              0x010203, 0xFAFBFC},
                    ColorCase{"InverseDoesNotSwapTheColours", "\x1b[7;32mx", 0x00CD00, 0}),
    [](const testing::TestParamInfo<ColorCase>& info) { return std::string(info.param.name); });

TEST(StateJsonPalette, CoversAll256Entries) {
  EXPECT_EQ(XtermPaletteRgb(0), 0x000000u);
  EXPECT_EQ(XtermPaletteRgb(15), 0xFFFFFFu);
  EXPECT_EQ(XtermPaletteRgb(16), 0x000000u);
  EXPECT_EQ(XtermPaletteRgb(231), 0xFFFFFFu);
  EXPECT_EQ(XtermPaletteRgb(-1), 0u);
  EXPECT_EQ(XtermPaletteRgb(256), 0u);
}

TEST(StateJsonCapture, DefaultColoursAreSettable) {
  VirtualTerminal vt({.cols = 2, .rows = 1});
  vt.Write("x");
  const StateDump d = CaptureState(vt.terminal(), {.default_fg = 0xFFFFFF, .default_bg = 0x101010});
  EXPECT_EQ(Cell(d, 0, 0).fg, 0xFFFFFFu);
  EXPECT_EQ(Cell(d, 0, 0).bg, 0x101010u);
}

// ---------------------------------------------------------------------------------------------
// Attributes: the schema's names, in its order.

struct AttrCase {
  const char* name;
  const char* sgr;
  std::vector<std::string> attrs;
};

class CaptureAttrTest : public testing::TestWithParam<AttrCase> {};

TEST_P(CaptureAttrTest, NamesTheSchemasAttributes) {
  const StateDump d = Decode(std::string("\x1b[") + GetParam().sgr + "mx");
  EXPECT_EQ(Cell(d, 0, 0).attrs, GetParam().attrs);
}

INSTANTIATE_TEST_SUITE_P(
    StateJson, CaptureAttrTest,
    testing::Values(AttrCase{"Plain", "0", {}}, AttrCase{"Bold", "1", {"bold"}},
                    AttrCase{"FaintIsFaint", "2", {"faint"}},
                    AttrCase{"ItalicIsItalics", "3", {"italics"}},
                    AttrCase{"Underline", "4", {"underline"}},
                    AttrCase{"CurlyUnderlineIsUnderline", "4:3", {"underline"}},
                    AttrCase{"DoubleUnderline", "21", {"dbl_underline"}},
                    AttrCase{"Blink", "5", {"blink"}},
                    AttrCase{"RapidBlinkIsBlinkAsInXterm", "6", {"blink"}},
                    AttrCase{"InverseIsInverse", "7", {"inverse"}},
                    AttrCase{"ConcealIsInvisible", "8", {"invisible"}},
                    AttrCase{"StrikeIsCrossedOut", "9", {"crossed_out"}},
                    AttrCase{"Overline", "53", {"overline"}},
                    AttrCase{"ListedInSchemaOrder",
                             "53;9;7;5;4;3;2;1",
                             {"bold", "faint", "italics", "underline", "blink", "inverse",
                              "crossed_out", "overline"}}),
    [](const testing::TestParamInfo<AttrCase>& info) { return std::string(info.param.name); });

// ---------------------------------------------------------------------------------------------
// The rest of the state.

TEST(StateJsonCapture, NeverWrittenCellsAreNullAndErasedOnesAreBlanks) {
  const StateDump d = Decode("ab\r\n\x1b[K", 4, 3);
  EXPECT_EQ(Cell(d, 0, 0).ch, "a");
  EXPECT_FALSE((*d.cells)[0][2].has_value());  // never written
  ASSERT_TRUE((*d.cells)[1][3].has_value());   // erased by EL
  EXPECT_EQ((*d.cells)[1][3]->ch, " ");
  EXPECT_FALSE((*d.cells)[2][0].has_value());
}

TEST(StateJsonCapture, FullResetMakesCellsUnwrittenAgain) {
  const StateDump d = Decode(
      "ab\x1b"
      "c",
      4, 1);
  EXPECT_FALSE((*d.cells)[0][0].has_value());
}

TEST(StateJsonCapture, CharsetTranslationIsApplied) {
  const StateDump d = Decode("\x1b(0qx\x1b(Bq");
  EXPECT_EQ(Cell(d, 0, 0).ch, "\u2500");
  EXPECT_EQ(Cell(d, 1, 0).ch, "\u2502");
  EXPECT_EQ(Cell(d, 2, 0).ch, "q");
}

TEST(StateJsonCapture, WideCharacterLeavesAnEmptyRightHalf) {
  const StateDump d = Decode(
      "\xe4\xb8\xad"
      "a");
  EXPECT_EQ(Cell(d, 0, 0).ch, "\xe4\xb8\xad");
  EXPECT_EQ(Cell(d, 1, 0).ch, "");
  EXPECT_EQ(Cell(d, 2, 0).ch, "a");
}

TEST(StateJsonCapture, CursorKeepsTheRawColumnAndThePendingWrap) {
  const StateDump d = Decode("abcd", 4, 2);
  EXPECT_EQ(d.cursor->col, 3);
  EXPECT_EQ(d.cursor->row, 0);
  EXPECT_EQ(d.cursor->pending_wrap, true);
  EXPECT_EQ(Decode("abc", 4, 2).cursor->pending_wrap, false);
  EXPECT_EQ(Decode("\x1b[?25l").cursor->visible, false);
}

TEST(StateJsonCapture, ScrollRegionIsZeroBasedInclusive) {
  EXPECT_EQ(Decode("", 10, 5).scroll_region, (std::array<int, 2>{0, 4}));
  EXPECT_EQ(Decode("\x1b[2;4r", 10, 5).scroll_region, (std::array<int, 2>{1, 3}));
}

TEST(StateJsonCapture, ModesFollowTheirSequences) {
  EXPECT_EQ(Decode("").modes, (StateModes{.origin = false, .autowrap = true, .lnm = false}));
  EXPECT_EQ(Decode("\x1b[?6h\x1b[?7l\x1b[20h").modes,
            (StateModes{.origin = true, .autowrap = false, .lnm = true}));
}

TEST(StateJsonCapture, TabStopsAreSortedColumns) {
  EXPECT_EQ(Decode("", 20, 1).tabstops, (std::vector<int>{0, 8, 16}));
  // HTS at column 3, TBC 0 at column 8.
  EXPECT_EQ(Decode("\x1b[4G\x1bH\x1b[9G\x1b[g", 20, 1).tabstops, (std::vector<int>{0, 3, 16}));
  EXPECT_EQ(Decode("\x1b[3g", 20, 1).tabstops, (std::vector<int>{}));
}

TEST(StateJsonCapture, CharsetsNameTheDesignatorsAndTheActiveSlot) {
  EXPECT_EQ(Decode("").charsets, (StateCharsets{.g0 = "B", .g1 = "B", .active = 0}));
  EXPECT_EQ(Decode("\x1b)0\x0e").charsets, (StateCharsets{.g0 = "B", .g1 = "0", .active = 1}));
}

TEST(StateJsonCapture, ScrollbackLengthCountsLinesScrolledOff) {
  EXPECT_EQ(Decode("1\r\n2\r\n3\r\n4\r\n5", 4, 2).scrollback_len, 3);
  EXPECT_EQ(Decode("1\r\n2", 4, 2).scrollback_len, 0);
}

// ---------------------------------------------------------------------------------------------
// Generations.

TEST(StateJsonGenerations, AbsentUnlessTheTerminalTracksThem) {
  EXPECT_FALSE(Cell(Decode("a"), 0, 0).gen.has_value());
  EXPECT_EQ(Cell(Decode("a", 10, 3, true), 0, 0).gen, 1u);
}

struct GenCase {
  const char* name;
  const char* input;
  int col;
  int row;
  uint64_t gen;
};

class GenerationTest : public testing::TestWithParam<GenCase> {};

TEST_P(GenerationTest, CountsRealChangesOnly) {
  const StateDump d = Decode(GetParam().input, 4, 2, true);
  ASSERT_TRUE((*d.cells)[GetParam().row][GetParam().col].has_value());
  EXPECT_EQ(Cell(d, GetParam().col, GetParam().row).gen, GetParam().gen);
}

INSTANTIATE_TEST_SUITE_P(
    StateJson, GenerationTest,
    testing::Values(GenCase{"OnePrintIsOne", "a", 0, 0, 1},
                    GenCase{"RewritingTheSameCharacterCountsNothing", "a\ra\ra", 0, 0, 1},
                    GenCase{"EachDifferentCharacterCounts", "a\rb\rc", 0, 0, 3},
                    GenCase{"AStyleChangeCounts", "a\r\x1b[1ma", 0, 0, 2},
                    GenCase{"ErasingAWrittenCellCounts", "a\x1b[2K", 0, 0, 2},
                    GenCase{"ErasingABlankCountsNothing", "\x1b[2K", 1, 0, 0},
                    GenCase{"ScrollingCountsWhereTheContentChanged", "a\r\nb\r\n", 0, 0, 2},
                    GenCase{"SwitchingScreensCounts", "a\x1b[?1049h", 0, 0, 2}),
    [](const testing::TestParamInfo<GenCase>& info) { return std::string(info.param.name); });

TEST(StateJsonGenerations, ResizeKeepsTheCountsOfPositionsThatStay) {
  VirtualTerminal vt({.cols = 4, .rows = 2, .track_generations = true});
  vt.Write("a\rb");
  vt.Resize(6, 3);
  vt.Write("\x1b[3;6Hz");
  EXPECT_EQ(vt.terminal().generation(0, 0), 2u);
  EXPECT_EQ(vt.terminal().generation(5, 2), 1u);
  EXPECT_EQ(vt.terminal().generation(4, 0), 0u);
}

// ---------------------------------------------------------------------------------------------
// Writing.

TEST(StateJsonWrite, FullDumpHasTheSchemasKeysInOrderOneRowPerLine) {
  EXPECT_EQ(WriteStateJson(Decode("\x1b[1mA", 2, 2)),
            "{\n"
            "  \"cols\": 2,\n"
            "  \"rows\": 2,\n"
            "  \"cursor\": {\"row\": 0, \"col\": 1, \"visible\": true, \"pending_wrap\": false},\n"
            "  \"scroll_region\": [0, 1],\n"
            "  \"modes\": {\"origin\": false, \"autowrap\": true, \"lnm\": false},\n"
            "  \"tabstops\": [0],\n"
            "  \"charsets\": {\"g0\": \"B\", \"g1\": \"B\", \"active\": 0},\n"
            "  \"cells\": [\n"
            "    [{\"ch\": \"A\", \"fg\": 13421772, \"bg\": 0, \"attrs\": [\"bold\"]}, null],\n"
            "    [null, null]\n"
            "  ],\n"
            "  \"scrollback_len\": 0\n"
            "}\n");
}

TEST(StateJsonWrite, PartialDumpWritesOnlyItsFields) {
  StateDump d;
  d.cols = 3;
  d.cursor = StateCursor{.col = 3};
  d.cells = std::vector<std::vector<std::optional<StateCell>>>{
      {StateCell{.ch = "\"\\\x01"}, std::nullopt, StateCell{}}};
  EXPECT_EQ(WriteStateJson(d),
            "{\n"
            "  \"cols\": 3,\n"
            "  \"cursor\": {\"col\": 3},\n"
            "  \"cells\": [\n"
            "    [{\"ch\": \"\\\"\\\\\\u0001\"}, null, {}]\n"
            "  ]\n"
            "}\n");
  EXPECT_EQ(WriteStateJson(StateDump{}), "{}\n");
}

TEST(StateJsonWrite, StringsEscapeEveryControlAsU00XXAndKeepTheRest) {
  StateDump d;
  d.charsets = StateCharsets{.g0 = "\b\t\n\f\r\x1b\x7f", .g1 = ",: {}[]/ \xc3\xa9\xf0\x9f\x98\x80"};
  EXPECT_EQ(WriteStateJson(d),
            "{\n"
            "  \"charsets\": {\"g0\": \"\\u0008\\u0009\\u000a\\u000c\\u000d\\u001b\x7f\", "
            "\"g1\": \",: {}[]/ \xc3\xa9\xf0\x9f\x98\x80\"}\n"
            "}\n");
  StateDump other = d;
  other.charsets->g0 = "\n";
  EXPECT_THAT(
      DiffStates(d, other),
      ElementsAre(StateDifference{
          "charsets.g0", "\"\\u0008\\u0009\\u000a\\u000c\\u000d\\u001b\x7f\"", "\"\\u000a\""}));
}

TEST(StateJsonWrite, MalformedUtf8IsWrittenAsTheReplacementCharacter) {
  StateDump d;
  d.cells = std::vector<std::vector<std::optional<StateCell>>>{{StateCell{.ch = "a\xff"}}};
  const std::string json = WriteStateJson(d);
  EXPECT_EQ(json, "{\n  \"cells\": [\n    [{\"ch\": \"a\xef\xbf\xbd\"}]\n  ]\n}\n");
  EXPECT_TRUE(ParseStateJson(json).ok());
}

class RoundTripTest : public testing::TestWithParam<const char*> {};

TEST_P(RoundTripTest, ParseOfWriteIsTheSameDump) {
  VirtualTerminal vt({.cols = 12, .rows = 4, .track_generations = true});
  vt.Write(GetParam());
  const StateDump d = CaptureState(vt.terminal());
  absl::StatusOr<StateDump> back = ParseStateJson(WriteStateJson(d));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(*back, d);
  EXPECT_EQ(WriteStateJson(*back), WriteStateJson(d));
}

INSTANTIATE_TEST_SUITE_P(StateJson, RoundTripTest,
                         testing::Values("", "plain", "\x1b[1;4:3;38;5;9;48;2;1;2;3mstyled",
                                         "\xe4\xb8\xad\xe6\x96\x87 e\xcc\x81 \xf0\x9f\x98\x80",
                                         "\x1b(0lqk\x1b)0\x0e", "a\tb\x1b[2;3r\x1b[?6h",
                                         "quote\" back\\slash"));

// ---------------------------------------------------------------------------------------------
// Reading: every rejection names the input and the place.

struct RejectCase {
  const char* name;
  const char* json;
  const char* message;
};

class ParseRejectTest : public testing::TestWithParam<RejectCase> {};

TEST_P(ParseRejectTest, NamesTheSourceAndThePlace) {
  absl::StatusOr<StateDump> d = ParseStateJson(GetParam().json, "dump.json");
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(std::string(d.status().message()), std::string(GetParam().message));
}

INSTANTIATE_TEST_SUITE_P(
    StateJson, ParseRejectTest,
    testing::Values(
        RejectCase{"MalformedJsonGivesLineAndColumn", "{\n  \"cols\": 80,\n  \"rows\": ]\n}",
                   "dump.json:3:11: malformed JSON (byte offset 26): syntax error while parsing "
                   "value - unexpected ']'; expected '[', '{', or a literal"},
        RejectCase{"NotAnObject", "[1]",
                   "dump.json: the document: expected an object, got an array of 1 value"},
        RejectCase{"UnsignedPastTheRange", "{\"scrollback_len\": 18446744073709551615}",
                   "dump.json: scrollback_len: expected an integer from 0 to 9223372036854775807, "
                   "got 18446744073709551615"},
        RejectCase{"ContainersAreNamedNotPrinted", "{\"cols\": {\"a\": [1, 2], \"b\": 3}}",
                   "dump.json: cols: expected an integer, got an object with 2 keys"},
        RejectCase{"UnknownTopLevelKey", "{\"colz\": 80}",
                   "dump.json: colz: unknown key (expected one of cols, rows, cursor, "
                   "scroll_region, modes, tabstops, charsets, cells, scrollback_len)"},
        RejectCase{"UnknownCursorKey", "{\"cursor\": {\"x\": 1}}",
                   "dump.json: cursor.x: unknown key (expected one of row, col, visible, "
                   "pending_wrap)"},
        RejectCase{"DuplicateKey", "{\"cols\": 80, \"cols\": 81}",
                   "dump.json: the key \"cols\" appears twice in one object"},
        RejectCase{"ColsMustBeAnInteger", "{\"cols\": \"80\"}",
                   "dump.json: cols: expected an integer, got \"80\""},
        RejectCase{"ColsMustBePositive", "{\"cols\": 0}",
                   "dump.json: cols: expected an integer from 1 to 100000, got 0"},
        RejectCase{"FloatIsNotAnInteger", "{\"rows\": 2.5}",
                   "dump.json: rows: expected an integer, got 2.5"},
        RejectCase{"CursorRowOffTheScreen", "{\"rows\": 2, \"cursor\": {\"row\": 2}}",
                   "dump.json: cursor.row: expected an integer from 0 to 1, got 2"},
        RejectCase{"CursorColPastCols", "{\"cols\": 4, \"cursor\": {\"col\": 5}}",
                   "dump.json: cursor.col: expected an integer from 0 to 4, got 5"},
        RejectCase{"VisibleMustBeABool", "{\"cursor\": {\"visible\": 1}}",
                   "dump.json: cursor.visible: expected true or false, got 1"},
        RejectCase{"ScrollRegionNeedsTwoValues", "{\"scroll_region\": [0]}",
                   "dump.json: scroll_region: expected [top, bottom], got an array of 1 value"},
        RejectCase{"ScrollRegionBottomAboveTop", "{\"scroll_region\": [3, 2]}",
                   "dump.json: scroll_region[1]: expected an integer from 3 to 100000, got 2"},
        RejectCase{"TabStopsUnsorted", "{\"tabstops\": [8, 0]}",
                   "dump.json: tabstops[1]: tab stops must be sorted and distinct: 0 follows 8"},
        RejectCase{"TabStopPastTheLastColumn", "{\"cols\": 8, \"tabstops\": [0, 8]}",
                   "dump.json: tabstops[1]: expected an integer from 0 to 7, got 8"},
        RejectCase{"CharsetIsOneCharacter", "{\"charsets\": {\"g0\": \"BB\"}}",
                   "dump.json: charsets.g0: expected a one-character charset designator such "
                   "as \"B\" or \"0\", got \"BB\""},
        RejectCase{"ActiveSlotIsZeroOrOne", "{\"charsets\": {\"active\": 2}}",
                   "dump.json: charsets.active: expected an integer from 0 to 1, got 2"},
        RejectCase{"CellsRowCountMatchesRows", "{\"rows\": 2, \"cells\": [[null]]}",
                   "dump.json: cells: has 1 rows; rows is 2"},
        RejectCase{"CellsRowLengthMatchesCols", "{\"cols\": 2, \"cells\": [[null]]}",
                   "dump.json: cells[0]: has 1 cells; cols is 2"},
        RejectCase{"RaggedRowsWithoutCols", "{\"cells\": [[null, null], [null]]}",
                   "dump.json: cells[1]: has 1 cells; cells[0] has 2"},
        RejectCase{"CellMustBeAnObjectOrNull", "{\"cells\": [[null, 3]]}",
                   "dump.json: cells[0][1]: expected an object, got 3"},
        RejectCase{"FgOutOfRange", "{\"cells\": [[{\"fg\": 16777216}]]}",
                   "dump.json: cells[0][0].fg: expected an integer from 0 to 16777215, got "
                   "16777216"},
        RejectCase{"UnknownAttribute", "{\"cells\": [[{\"attrs\": [\"bold\", \"shiny\"]}]]}",
                   "dump.json: cells[0][0].attrs[1]: unknown attribute \"shiny\" (expected one "
                   "of bold, faint, italics, underline, blink, rapid_blink, inverse, invisible, "
                   "crossed_out, dbl_underline, overline)"},
        RejectCase{"AttributeListedTwice", "{\"cells\": [[{\"attrs\": [\"bold\", \"bold\"]}]]}",
                   "dump.json: cells[0][0].attrs[1]: attribute \"bold\" is listed twice"},
        RejectCase{"UnknownCellKey", "{\"cells\": [[{\"width\": 2}]]}",
                   "dump.json: cells[0][0].width: unknown key (expected one of ch, fg, bg, "
                   "attrs, gen)"},
        RejectCase{"NegativeGeneration", "{\"cells\": [[{\"gen\": -1}]]}",
                   "dump.json: cells[0][0].gen: expected an integer from 0 to "
                   "9223372036854775807, got -1"},
        RejectCase{"InvalidUtf8InAString", "{\"cells\": [[{\"ch\": \"\xff\"}]]}",
                   "dump.json:1:21: malformed JSON (byte offset 20): syntax error while "
                   "parsing value - invalid string: ill-formed UTF-8 byte; last read: '\"\xff'"},
        RejectCase{"EmptyInput", "",
                   "dump.json:1:1: malformed JSON (byte offset 0): syntax error while parsing "
                   "value - unexpected end of input; expected '[', '{', or a literal"}),
    [](const testing::TestParamInfo<RejectCase>& info) { return std::string(info.param.name); });

TEST(StateJsonParse, DeepNestingIsRejectedWithoutRecursingThroughIt) {
  // Found by fuzzing: printing a deeply nested value in the message overflowed the stack.
  const std::string deep = std::string(200000, '[') + std::string(200000, ']');
  absl::StatusOr<StateDump> d = ParseStateJson(deep, "deep.json");
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().message(),
            "deep.json: values are nested more than 16 levels deep; a state dump has at most 4");
  absl::StatusOr<StateDump> in_cells =
      ParseStateJson("{\"cells\": " + std::string(100, '[') + std::string(100, ']') + "}");
  EXPECT_FALSE(in_cells.ok());
}

TEST(StateJsonParse, AcceptsAPartialDumpAndTheSchemasExampleFields) {
  absl::StatusOr<StateDump> d = ParseStateJson(
      R"({"cols": 2, "rows": 1, "cursor": {"row": 0, "col": 2, "pending_wrap": true},
          "cells": [[{"ch": "A", "fg": 13421772, "bg": 0, "attrs": ["bold"], "gen": 12}, null]],
          "scrollback_len": 140})");
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(d->cursor->col, 2);
  EXPECT_FALSE(d->modes.has_value());
  EXPECT_EQ((*d->cells)[0][0]->gen, 12u);
  EXPECT_FALSE((*d->cells)[0][1].has_value());
  EXPECT_EQ(d->scrollback_len, 140);
}

// ---------------------------------------------------------------------------------------------
// Comparing.

struct DiffCase {
  const char* name;
  const char* a;
  const char* b;
  const char* report;  // FormatStateDifferences
};

class DiffTest : public testing::TestWithParam<DiffCase> {};

TEST_P(DiffTest, ReportsEachDifferenceByPath) {
  absl::StatusOr<StateDump> a = ParseStateJson(GetParam().a, "a");
  absl::StatusOr<StateDump> b = ParseStateJson(GetParam().b, "b");
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ(FormatStateDifferences(DiffStates(*a, *b)), GetParam().report);
}

INSTANTIATE_TEST_SUITE_P(
    StateJson, DiffTest,
    testing::Values(
        DiffCase{"EqualDumps", R"({"cols": 3})", R"({"cols": 3})", ""},
        DiffCase{"CellColour", R"({"cells": [[{"fg": 13421772}]]})", R"({"cells": [[{"fg": 0}]]})",
                 "cells[0][0].fg: 13421772 != 0\n"},
        DiffCase{"OnlyTheIntersectionIsCompared",
                 R"({"cols": 1, "modes": {"origin": true}, "cells": [[{"ch": "a", "fg": 1}]]})",
                 R"({"rows": 1, "cells": [[{"ch": "a"}]]})", ""},
        DiffCase{"PendingWrapColumnIsClampedOnBothSides",
                 R"({"cols": 4, "cursor": {"col": 4, "pending_wrap": true}})",
                 R"({"cols": 4, "cursor": {"col": 3, "pending_wrap": true}})", ""},
        DiffCase{"ClampingStillComparesPendingWrap",
                 R"({"cols": 4, "cursor": {"col": 4, "pending_wrap": true}})",
                 R"({"cols": 4, "cursor": {"col": 3, "pending_wrap": false}})",
                 "cursor.pending_wrap: true != false\n"},
        DiffCase{"UnclampedColumnsDiffer", R"({"cols": 4, "cursor": {"col": 1}})",
                 R"({"cols": 4, "cursor": {"col": 2}})", "cursor.col: 1 != 2\n"},
        DiffCase{"NullIsADefaultBlank", R"({"cells": [[null]]})",
                 R"({"cells": [[{"ch": " ", "fg": 13421772, "bg": 0, "attrs": []}]]})", ""},
        DiffCase{"NullIsNotAWrittenCharacter", R"({"cells": [[null]]})",
                 R"({"cells": [[{"ch": "x", "bg": 1}]]})",
                 "cells[0][0].ch: \" \" != \"x\"\ncells[0][0].bg: 0 != 1\n"},
        DiffCase{"AttrsAreASet", R"({"cells": [[{"attrs": ["bold", "inverse"]}]]})",
                 R"({"cells": [[{"attrs": ["inverse", "bold"]}]]})", ""},
        DiffCase{"AttrsDiffer", R"({"cells": [[{"attrs": ["bold"]}]]})",
                 R"({"cells": [[{"attrs": []}]]})", "cells[0][0].attrs: [\"bold\"] != []\n"},
        DiffCase{"ScalarFieldsInSchemaOrder",
                 R"({"rows": 2, "scroll_region": [0, 1], "tabstops": [0], "scrollback_len": 1,
                     "charsets": {"g1": "0"}, "modes": {"lnm": true}})",
                 R"({"rows": 3, "scroll_region": [1, 1], "tabstops": [], "scrollback_len": 2,
                     "charsets": {"g1": "B"}, "modes": {"lnm": false}})",
                 "rows: 2 != 3\nscroll_region: [0, 1] != [1, 1]\nmodes.lnm: true != false\n"
                 "tabstops: [0] != []\ncharsets.g1: \"0\" != \"B\"\nscrollback_len: 1 != 2\n"},
        DiffCase{"DifferentShapesCompareTheOverlap", R"({"cells": [[{"ch": "a"}, null]]})",
                 R"({"cells": [[{"ch": "b"}], [null]]})",
                 "cells: 1 rows != 2 rows\ncells[0]: 2 cells != 1 cells\n"
                 "cells[0][0].ch: \"a\" != \"b\"\n"}),
    [](const testing::TestParamInfo<DiffCase>& info) { return std::string(info.param.name); });

TEST(StateJsonDiff, NullCellsReadWithTheOptionsDefaults) {
  StateDump a;
  a.cells = std::vector<std::vector<std::optional<StateCell>>>{{std::nullopt}};
  StateDump b;
  b.cells = std::vector<std::vector<std::optional<StateCell>>>{{StateCell{.fg = 7}}};
  EXPECT_THAT(DiffStates(a, b), ElementsAre(StateDifference{"cells[0][0].fg", "13421772", "7"}));
  EXPECT_THAT(DiffStates(a, b, {.default_fg = 7}), IsEmpty());
}

TEST(StateJsonDiff, FormatStopsAtTheLimit) {
  std::vector<StateDifference> many(5, StateDifference{"cols", "1", "2"});
  EXPECT_EQ(FormatStateDifferences(many, 2), "cols: 1 != 2\ncols: 1 != 2\n... and 3 more\n");
}

TEST(StateJsonDiff, SameBytesDecodeToNoDifference) {
  const std::string bytes = "\x1b[31mred\x1b[m \x1b[1;44mbold on blue\r\n\x1b(0lqk";
  EXPECT_THAT(DiffStates(Decode(bytes, 20, 3), Decode(bytes, 20, 3)), IsEmpty());
  EXPECT_EQ(FormatStateDifferences(DiffStates(Decode("ab", 4, 1), Decode("ac", 4, 1))),
            "cells[0][1].ch: \"b\" != \"c\"\n");
}

}  // namespace
}  // namespace vtsnap
