// The terminal against xterm's behaviour, one sequence family at a time.
//
// Every case is a row of a table: the bytes a program writes, and what xterm shows afterwards
// (the whole screen, the cursor, the pending-wrap flag, the scroll region, modes, pens, replies).
// The expected values are written by hand from xterm's control sequence documentation
// (https://invisible-island.net/xterm/ctlseqs/ctlseqs.html) and, where that is silent, from
// xterm's source (charproc.c, cursor.c, util.c, screen.c); they are never copied from the
// decoder's own output. Screens are small (10x4 unless a case needs more) so that each expected
// screen is written out in full.
//
// Cases marked "xterm:" in a comment cite the source behaviour the expectation relies on.
#include "vtsnap/decoder/terminal.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/base/size.h"
#include "vtsnap/decoder/virtual_terminal.h"

namespace vtsnap {

// Readable failure messages for the model's value types.
std::string DescribeColor(const PenColor& c) {
  switch (c.kind) {
    case PenColor::Kind::kDefault:
      return "default";
    case PenColor::Kind::kPalette:
      return absl::StrCat("palette(", c.value, ")");
    case PenColor::Kind::kRgb:
      return absl::StrCat("rgb(", (c.value >> 16) & 0xFF, ",", (c.value >> 8) & 0xFF, ",",
                          c.value & 0xFF, ")");
  }
  return "?";
}

void PrintTo(const PenColor& c, std::ostream* os) { *os << DescribeColor(c); }

void PrintTo(const Pen& p, std::ostream* os) {
  *os << "{fg=" << DescribeColor(p.fg) << " bg=" << DescribeColor(p.bg)
      << " ul_color=" << DescribeColor(p.underline_color) << " attrs=0x" << std::hex << p.attrs
      << std::dec << " underline=" << static_cast<int>(p.underline) << "}";
}

void PrintTo(const Modes& m, std::ostream* os) {
  *os << "{insert=" << m.insert << " lnm=" << m.linefeed_newline << " origin=" << m.origin
      << " autowrap=" << m.autowrap << " decckm=" << m.cursor_keys_application
      << " keypad=" << m.keypad_application << " reverse=" << m.reverse_video
      << " paste=" << m.bracketed_paste << " focus=" << m.focus_events
      << " sync=" << m.synchronized_output << " mouse=" << static_cast<int>(m.mouse_tracking)
      << " encoding=" << static_cast<int>(m.mouse_encoding)
      << " grapheme_clustering=" << m.grapheme_clustering << "}";
}

namespace {

using ::testing::IsEmpty;

std::string Escaped(const std::string& bytes) { return absl::CHexEscape(bytes); }

// ---------------------------------------------------------------------------------------------
// Screen cases: bytes in, whole screen + cursor + pending wrap + scroll region out.

struct ScreenCase {
  std::string name;
  int cols;
  int rows;
  std::string input;
  std::vector<std::string> screen;  // RowText of every row, top to bottom
  int col;
  int row;
  bool pending_wrap;
  int top;  // the scroll region, 0-based inclusive
  int bottom;
};

void PrintTo(const ScreenCase& c, std::ostream* os) { *os << c.name; }

// One row of the table; the scroll region defaults to the whole screen.
ScreenCase S(std::string name, int cols, int rows, std::string input,
             std::vector<std::string> screen, int col, int row, bool pending_wrap, int top = -1,
             int bottom = -1) {
  return ScreenCase{std::move(name),
                    cols,
                    rows,
                    std::move(input),
                    std::move(screen),
                    col,
                    row,
                    pending_wrap,
                    top < 0 ? 0 : top,
                    bottom < 0 ? rows - 1 : bottom};
}

// Four rows "a".."d", cursor at the end of "d".
const char kAbcd[] = "a\r\nb\r\nc\r\nd";

std::vector<ScreenCase> ScreenCases() {
  const std::string abcd = kAbcd;
  return {
      // --- C0 controls -----------------------------------------------------------------------
      S("BelNeitherPrintsNorMoves", 10, 4, "ab\ac", {"abc", "", "", ""}, 3, 0, false),
      S("BsMovesLeftOne", 10, 4, "abc\bX", {"abX", "", "", ""}, 3, 0, false),
      S("BsStopsAtColumnZero", 10, 4, "\b\bX", {"X", "", "", ""}, 1, 0, false),
      // xterm CursorBack: without reverse-wrap the pending wrap is dropped and the cursor moves
      // left from the last column.
      S("BsFromPendingWrapMovesOffLastColumn", 10, 4, "abcdefghij\bX", {"abcdefghXj", "", "", ""},
        9, 0, false),
      S("HtMovesToNextStopEveryEight", 10, 4, "a\tb", {"a       b", "", "", ""}, 9, 0, false),
      S("HtWithoutFurtherStopsGoesToLastColumn", 10, 4, "\t\tX", {"         X", "", "", ""}, 9, 0,
        true),
      S("LfMovesDownKeepingColumn", 10, 4, "ab\ncd", {"ab", "  cd", "", ""}, 4, 1, false),
      S("VtActsAsLf", 10, 4, "ab\vcd", {"ab", "  cd", "", ""}, 4, 1, false),
      S("FfActsAsLf", 10, 4, "ab\fcd", {"ab", "  cd", "", ""}, 4, 1, false),
      S("CrReturnsToColumnZero", 10, 4, "abc\rX", {"Xbc", "", "", ""}, 1, 0, false),
      S("LfAtBottomScrollsScreenUp", 10, 4, "1\r\n2\r\n3\r\n4\r\n5", {"2", "3", "4", "5"}, 1, 3,
        false),
      // xterm CursorDown resets the wrap flag: the next character lands on the new row's last
      // column instead of wrapping again.
      S("LfClearsPendingWrap", 10, 4, "abcdefghij\nX", {"abcdefghij", "         X", "", ""}, 9, 1,
        true),
      S("CrClearsPendingWrap", 10, 4, "abcdefghij\rX", {"Xbcdefghij", "", "", ""}, 1, 0, false),
      S("SoSelectsG1SpecialGraphicsAndSiSelectsG0", 10, 4,
        "\x1b)0\x0e"
        "lqk\x0f"
        "x",
        {"┌─┐x", "", "", ""}, 4, 0, false),

      // --- ESC sequences ---------------------------------------------------------------------
      S("DecscDecrcRestorePosition", 10, 4,
        "\x1b[2;3H\x1b"
        "7\x1b[4;9H\x1b"
        "8X",
        {"", "  X", "", ""}, 3, 1, false),
      // xterm CursorRestore: "screen->do_wrap = sc->wrap_flag".
      S("DecrcRestoresPendingWrap", 10, 4,
        "abcdefghij\x1b"
        "7\r\x1b"
        "8X",
        {"abcdefghij", "X", "", ""}, 1, 1, false),
      S("DecrcWithoutDecscGoesHome", 10, 4,
        "\x1b[3;4H\x1b"
        "8X",
        {"X", "", "", ""}, 1, 0, false),
      S("IndMovesDownKeepingColumn", 10, 4,
        "ab\x1b"
        "DX",
        {"ab", "  X", "", ""}, 3, 1, false),
      S("IndAtBottomScrolls", 10, 4,
        abcd + "\x1b"
               "DX",
        {"b", "c", "d", " X"}, 2, 3, false),
      S("NelMovesToStartOfNextLine", 10, 4,
        "ab\x1b"
        "EX",
        {"ab", "X", "", ""}, 1, 1, false),
      S("HtsSetsTabStopAtCursor", 10, 4, "\x1b[4G\x1bH\r\tX", {"   X", "", "", ""}, 4, 0, false),
      S("RiMovesUp", 10, 4, "\n\nab\x1bMX", {"", "  X", "ab", ""}, 3, 1, false),
      S("RiAtTopScrollsDown", 10, 4, "ab\x1bMX", {"  X", "ab", "", ""}, 3, 0, false),
      S("RiAtRegionTopScrollsOnlyRegion", 10, 4, abcd + "\x1b[2;3r\x1b[2;1H\x1bM",
        {"a", "", "b", "d"}, 0, 1, false, 1, 2),
      S("RisClearsScreenHomesAndResetsRegion", 10, 4,
        abcd + "\x1b[2;3r\x1b[3;3H\x1b"
               "c",
        {"", "", "", ""}, 0, 0, false),
      S("DecalnFillsWithEHomesAndResetsRegion", 10, 4, "\x1b[2;3r\x1b[3;4H\x1b#8",
        {"EEEEEEEEEE", "EEEEEEEEEE", "EEEEEEEEEE", "EEEEEEEEEE"}, 0, 0, false),
      S("DesignateG0SpecialGraphicsAndBackToAscii", 10, 4, "\x1b(0lqkx\x1b(Bx",
        {"┌─┐│x", "", "", ""}, 5, 0, false),
      S("DecscSavesCharset", 10, 4,
        "\x1b(0\x1b"
        "7\x1b(B\x1b"
        "8q",
        {"─", "", "", ""}, 1, 0, false),

      // --- CSI cursor movement ---------------------------------------------------------------
      S("CuuMovesUp", 10, 4, "\x1b[4;5H\x1b[2A", {"", "", "", ""}, 4, 1, false),
      S("CuuZeroMovesOne", 10, 4, "\x1b[4;5H\x1b[0A", {"", "", "", ""}, 4, 2, false),
      S("CuuStopsAtTopMargin", 10, 4, "\x1b[2;4r\x1b[3;1H\x1b[5A", {"", "", "", ""}, 0, 1, false, 1,
        3),
      S("CuuAboveRegionStopsAtRowZero", 10, 4, "\x1b[3;4r\x1b[2;1H\x1b[5A", {"", "", "", ""}, 0, 0,
        false, 2, 3),
      S("CudStopsAtBottomMargin", 10, 4, "\x1b[1;3r\x1b[9B", {"", "", "", ""}, 0, 2, false, 0, 2),
      S("CudBelowRegionStopsAtLastRow", 10, 4, "\x1b[1;2r\x1b[3;1H\x1b[9B", {"", "", "", ""}, 0, 3,
        false, 0, 1),
      S("CufStopsAtRightEdge", 10, 4, "\x1b[20C", {"", "", "", ""}, 9, 0, false),
      S("CufClearsPendingWrap", 10, 4, "abcdefghij\x1b[CX", {"abcdefghiX", "", "", ""}, 9, 0, true),
      S("CubDefaultsToOne", 10, 4, "abc\x1b[D", {"abc", "", "", ""}, 2, 0, false),
      S("CubStopsAtColumnZero", 10, 4, "abc\x1b[9D", {"abc", "", "", ""}, 0, 0, false),
      S("CnlMovesDownToColumnZero", 10, 4, "abc\x1b[2E", {"abc", "", "", ""}, 0, 2, false),
      S("CplMovesUpToColumnZero", 10, 4, "\x1b[3;5H\x1b[2F", {"", "", "", ""}, 0, 0, false),
      S("ChaIsOneBased", 10, 4, "ab\x1b[5G", {"ab", "", "", ""}, 4, 0, false),
      S("ChaIsClamped", 10, 4, "\x1b[99G", {"", "", "", ""}, 9, 0, false),
      S("CupIsOneBasedAndClamped", 10, 4, "\x1b[2;3HX\x1b[99;99H", {"", "  X", "", ""}, 9, 3,
        false),
      S("CupWithoutParamsGoesHome", 10, 4, "\x1b[3;3H\x1b[H", {"", "", "", ""}, 0, 0, false),
      S("CupMissingColumnDefaultsToOne", 10, 4, "\x1b[3;5H\x1b[2H", {"", "", "", ""}, 0, 1, false),
      S("HvpActsAsCup", 10, 4, "\x1b[2;3f", {"", "", "", ""}, 2, 1, false),
      S("HpaIsAbsoluteColumn", 10, 4, "\x1b[3;2H\x1b[5`", {"", "", "", ""}, 4, 2, false),
      S("HprMovesRight", 10, 4, "\x1b[2G\x1b[3a", {"", "", "", ""}, 4, 0, false),
      S("VpaIsAbsoluteRow", 10, 4, "\x1b[5G\x1b[3d", {"", "", "", ""}, 4, 2, false),
      S("VprMovesDown", 10, 4, "\x1b[2;5H\x1b[2e", {"", "", "", ""}, 4, 3, false),

      // --- Origin mode -----------------------------------------------------------------------
      S("DecomHomesToRegionTop", 10, 4, "\x1b[2;3r\x1b[4;4H\x1b[?6h", {"", "", "", ""}, 0, 1, false,
        1, 2),
      S("DecomResetHomesToScreenOrigin", 10, 4, "\x1b[2;3r\x1b[?6h\x1b[2;2H\x1b[?6l",
        {"", "", "", ""}, 0, 0, false, 1, 2),
      S("CupUnderDecomIsRegionRelative", 10, 4, "\x1b[2;3r\x1b[?6h\x1b[1;1HX", {"", "X", "", ""}, 1,
        1, false, 1, 2),
      S("CupUnderDecomIsClampedToRegion", 10, 4, "\x1b[2;3r\x1b[?6h\x1b[9;4H", {"", "", "", ""}, 3,
        2, false, 1, 2),
      S("VpaUnderDecomIsRegionRelative", 10, 4, "\x1b[2;3r\x1b[?6h\x1b[2d", {"", "", "", ""}, 0, 2,
        false, 1, 2),

      // --- Scroll region ---------------------------------------------------------------------
      S("DecstbmHomesCursor", 10, 4, "\x1b[3;3H\x1b[2;3r", {"", "", "", ""}, 0, 0, false, 1, 2),
      S("DecstbmTopNotAboveBottomIsIgnored", 10, 4, "\x1b[3;3H\x1b[3;2r", {"", "", "", ""}, 2, 2,
        false),
      S("DecstbmSingleLineRegionIsIgnored", 10, 4, "\x1b[3;3H\x1b[3;3r", {"", "", "", ""}, 2, 2,
        false),
      S("DecstbmBottomPastScreenIsLastRow", 10, 4, "\x1b[2;99r", {"", "", "", ""}, 0, 0, false, 1,
        3),
      S("DecstbmWithoutParamsResetsRegion", 10, 4, "\x1b[2;3r\x1b[r", {"", "", "", ""}, 0, 0,
        false),
      S("LfAtBottomMarginScrollsOnlyRegion", 10, 4, abcd + "\x1b[2;3r\x1b[3;1H\nX",
        {"a", "c", "X", "d"}, 1, 2, false, 1, 2),
      S("LfBelowRegionAtLastRowDoesNotScroll", 10, 4, abcd + "\x1b[1;2r\x1b[4;1H\nX",
        {"a", "b", "c", "X"}, 1, 3, false, 0, 1),
      S("AutowrapAtBottomMarginScrollsRegion", 10, 4, abcd + "\x1b[2;3r\x1b[3;1Habcdefghijk",
        {"a", "abcdefghij", "k", "d"}, 1, 2, false, 1, 2),
      // The screen is a ring of rows that whole-screen scrolls turn (docs/performance.md): after
      // "1".."7" on 5 rows it has turned twice, so these region scrolls work on rows that wrap
      // around the ring's end.
      S("RegionLfAfterTheRingTurned", 3, 5, "1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\x1b[2;4r\x1b[4;1H\n",
        {"3", "5", "6", "", "7"}, 0, 3, false, 1, 3),
      S("RegionRiAfterTheRingTurned", 3, 5,
        "1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\x1b[2;4r\x1b[4;1H\n\x1b[2;1H\x1bM",
        {"3", "", "5", "6", "7"}, 0, 1, false, 1, 3),
      S("IlAfterTheRingTurned", 3, 5,
        "1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\x1b[2;4r\x1b[4;1H\n\x1b[2;1H\x1bM\x1b[3;1H\x1b[L",
        {"3", "", "", "5", "7"}, 0, 2, false, 1, 3),
      S("WholeScreenScrollAfterRegionScrolls", 3, 5,
        "1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\x1b[2;4r\x1b[4;1H\n\x1b[2;1H\x1bM\x1b[3;1H\x1b[L"
        "\x1b[r\x1b[5;1H\n",
        {"", "", "5", "7", ""}, 0, 4, false),
      S("DlOnTopRowAfterTheRingTurned", 3, 5,
        "1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\x1b[2;4r\x1b[4;1H\n\x1b[2;1H\x1bM\x1b[3;1H\x1b[L"
        "\x1b[r\x1b[5;1H\n\x1b[1;1H\x1b[M",
        {"", "5", "7", "", ""}, 0, 0, false),

      // --- Erase -----------------------------------------------------------------------------
      S("Ed0ErasesFromCursorToEnd", 10, 4, "abcdef\r\nghijkl\r\nmn\x1b[2;3H\x1b[J",
        {"abcdef", "gh", "", ""}, 2, 1, false),
      S("Ed1ErasesFromStartThroughCursor", 10, 4, "abcdef\r\nghijkl\x1b[3G\x1b[1J",
        {"", "   jkl", "", ""}, 2, 1, false),
      S("Ed2ErasesAllKeepingCursor", 10, 4, "abc\r\ndef\x1b[2J", {"", "", "", ""}, 3, 1, false),
      S("Ed3KeepsScreen", 10, 4, "abc\x1b[3J", {"abc", "", "", ""}, 3, 0, false),
      S("Ed0WithPendingWrapErasesLastColumn", 10, 4, "abcdefghij\x1b[J", {"abcdefghi", "", "", ""},
        9, 0, false),
      S("El0ErasesToEndOfLine", 10, 4, "abcdef\x1b[3G\x1b[K", {"ab", "", "", ""}, 2, 0, false),
      S("ElWithPendingWrapErasesLastColumn", 10, 4, "abcdefghij\x1b[K", {"abcdefghi", "", "", ""},
        9, 0, false),
      S("El1ErasesThroughCursorInclusive", 10, 4, "abcdef\x1b[3G\x1b[1K", {"   def", "", "", ""}, 2,
        0, false),
      S("El2ErasesWholeLine", 10, 4, "abcdef\r\nxy\x1b[1;3H\x1b[2K", {"", "xy", "", ""}, 2, 0,
        false),
      S("EchErasesNCellsWithoutMoving", 10, 4, "abcdef\x1b[2G\x1b[3X", {"a   ef", "", "", ""}, 1, 0,
        false),
      S("EchDefaultsToOne", 10, 4, "abc\x1b[1G\x1b[X", {" bc", "", "", ""}, 0, 0, false),
      S("EchStopsAtRightMargin", 10, 4, "abcdefghij\x1b[8G\x1b[99X\r\n", {"abcdefg", "", "", ""}, 0,
        1, false),

      // --- Insert / delete characters --------------------------------------------------------
      S("IchInsertsBlanksShiftingRight", 10, 4, "abcdef\x1b[3G\x1b[2@", {"ab  cdef", "", "", ""}, 2,
        0, false),
      S("IchDropsCellsPushedPastMargin", 10, 4, "abcdefghij\x1b[1G\x1b[3@",
        {"   abcdefg", "", "", ""}, 0, 0, false),
      S("DchDeletesShiftingLeft", 10, 4, "abcdef\x1b[2G\x1b[2P", {"adef", "", "", ""}, 1, 0, false),
      S("DchCountPastMarginClearsToEnd", 10, 4, "abcdef\x1b[3G\x1b[99P", {"ab", "", "", ""}, 2, 0,
        false),
      // Wide characters: a cell of a wide character that loses its other half becomes blank.
      S("IchPushingWideCharHalfPastMarginBlanksIt", 10, 4, "abcdefgh中\x1b[1G\x1b[@",
        {" abcdefgh", "", "", ""}, 0, 0, false),
      S("DchPullsWideCharLeftWhole", 10, 4, "ab中c\x1b[1G\x1b[P", {"b中c", "", "", ""}, 0, 0,
        false),
      S("DchOnWideContinuationClearsWholeChar", 10, 4, "a中b\x1b[3G\x1b[P", {"a b", "", "", ""}, 2,
        0, false),
      S("EchOnWideLeadClearsBothHalves", 10, 4, "中b\x1b[1G\x1b[X", {"  b", "", "", ""}, 0, 0,
        false),
      S("EchOnWideContinuationClearsBothHalves", 10, 4, "中b\x1b[2G\x1b[X", {"  b", "", "", ""}, 1,
        0, false),
      S("ElFromWideContinuationClearsLead", 10, 4, "ab中\x1b[4G\x1b[K", {"ab", "", "", ""}, 3, 0,
        false),

      // --- Insert / delete lines, scroll up / down -------------------------------------------
      S("IlInsertsBlankLineAndGoesToColumnZero", 10, 4, abcd + "\x1b[2;3H\x1b[L",
        {"a", "", "b", "c"}, 0, 1, false),
      S("IlPushesLinesOutAtBottomMargin", 10, 4, abcd + "\x1b[1;3r\x1b[2;1H\x1b[L",
        {"a", "", "b", "d"}, 0, 1, false, 0, 2),
      // (Start in column 0: xterm versions differ on whether an ignored IL still homes the
      // column.)
      S("IlOutsideRegionIsIgnored", 10, 4, abcd + "\x1b[1;2r\x1b[4;1H\x1b[L", {"a", "b", "c", "d"},
        0, 3, false, 0, 1),
      S("DlOutsideRegionIsIgnored", 10, 4, abcd + "\x1b[1;2r\x1b[3;1H\x1b[M", {"a", "b", "c", "d"},
        0, 2, false, 0, 1),
      S("DlDeletesLineAndGoesToColumnZero", 10, 4, abcd + "\x1b[2;3H\x1b[M", {"a", "c", "d", ""}, 0,
        1, false),
      S("DlPullsBlankInAtBottomMargin", 10, 4, abcd + "\x1b[1;3r\x1b[1;1H\x1b[M",
        {"b", "c", "", "d"}, 0, 0, false, 0, 2),
      S("DlCountPastMarginClearsRestOfRegion", 10, 4, abcd + "\x1b[2;1H\x1b[9M", {"a", "", "", ""},
        0, 1, false),
      S("SuScrollsUpWithoutMovingCursor", 10, 4, abcd + "\x1b[2S", {"c", "d", "", ""}, 1, 3, false),
      S("SuScrollsOnlyRegion", 10, 4, abcd + "\x1b[2;3r\x1b[S", {"a", "c", "", "d"}, 0, 0, false, 1,
        2),
      S("SdScrollsDownWithoutMovingCursor", 10, 4, abcd + "\x1b[T", {"", "a", "b", "c"}, 1, 3,
        false),
      S("SdScrollsOnlyRegion", 10, 4, abcd + "\x1b[2;3r\x1b[2T", {"a", "", "", "d"}, 0, 0, false, 1,
        2),

      // --- Tabs ------------------------------------------------------------------------------
      S("ChtTabsForwardNStops", 20, 2, "\x1b[2IX", {"                X", ""}, 17, 0, false),
      S("ChtStopsAtLastColumn", 20, 2, "\x1b[9I", {"", ""}, 19, 0, false),
      S("CbtTabsBackwardNStops", 20, 2, "\x1b[19G\x1b[2Z", {"", ""}, 8, 0, false),
      S("CbtStopsAtColumnZero", 20, 2, "\x1b[5G\x1b[3Z", {"", ""}, 0, 0, false),
      // xterm's HT, CHT and CBT only set the column: a pending wrap stays, and the next
      // character wraps (charproc.c CASE_TAB, CASE_CHT, CASE_CBT; found by differential testing).
      S("HtKeepsAPendingWrap", 10, 2, "abcdefghij\tX", {"abcdefghij", "X"}, 1, 1, false),
      S("CbtKeepsAPendingWrapSoTheNextCharacterWraps", 10, 2, "abcdefghij\x1b[ZX",
        {"abcdefghij", "X"}, 1, 1, false),
      S("TbcClearsStopAtCursor", 20, 2, "\x1b[9G\x1b[g\r\tX", {"                X", ""}, 17, 0,
        false),
      S("TbcZeroAwayFromStopKeepsStops", 20, 2, "\x1b[5G\x1b[0g\r\tX", {"        X", ""}, 9, 0,
        false),
      S("Tbc3ClearsAllStops", 20, 2, "\x1b[3g\tX", {"                   X", ""}, 19, 0, true),

      // --- Autowrap --------------------------------------------------------------------------
      S("WritingLastColumnSetsPendingWrap", 10, 4, "abcdefghij", {"abcdefghij", "", "", ""}, 9, 0,
        true),
      S("PendingWrapWrapsNextChar", 10, 4, "abcdefghijk", {"abcdefghij", "k", "", ""}, 1, 1, false),
      S("AutowrapAtBottomScrolls", 10, 2, "abcdefghijklmnopqrstu", {"klmnopqrst", "u"}, 1, 1,
        false),
      // xterm: dotext sets do_wrap on reaching the margin whatever DECAWM says; only the next
      // character reads DECAWM (test/decoder/fidelity_test.cc checks what follows).
      S("DecawmOffOverwritesLastColumn", 10, 4, "\x1b[?7labcdefghijk", {"abcdefghik", "", "", ""},
        9, 0, true),
      S("WideCharAtRightMarginWrapsWhole", 10, 4, "abcdefghi中", {"abcdefghi", "中", "", ""}, 2, 1,
        false),
      S("WideCharEndingAtMarginSetsPendingWrap", 10, 4, "abcdefgh中", {"abcdefgh中", "", "", ""}, 9,
        0, true),

      // --- Modes that change printing and LF -------------------------------------------------
      S("IrmShiftsRightAndDropsAtMargin", 10, 4, "abcdefghij\r\x1b[4hXY",
        {"XYabcdefgh", "", "", ""}, 2, 0, false),
      S("IrmResetReplaces", 10, 4, "abc\r\x1b[4h\x1b[4lX", {"Xbc", "", "", ""}, 1, 0, false),
      S("LnmMakesLfAlsoCr", 10, 4, "\x1b[20hab\ncd", {"ab", "cd", "", ""}, 2, 1, false),
      S("LnmMakesVtAndFfAlsoCr", 10, 4, "\x1b[20hab\vcd\fef", {"ab", "cd", "ef", ""}, 2, 2, false),

      // --- REP -------------------------------------------------------------------------------
      S("RepRepeatsLastPrintedChar", 10, 4, "a\x1b[3b", {"aaaa", "", "", ""}, 4, 0, false),
      S("RepWrapsAtMargin", 10, 4, "abc\x1b[8b", {"abcccccccc", "c", "", ""}, 1, 1, false),
      S("RepRepeatsMappedSpecialGraphics", 10, 4, "\x1b(0q\x1b[2b", {"───", "", "", ""}, 3, 0,
        false),

      // --- Save / restore cursor (SCO) and 1048 ----------------------------------------------
      S("ScoscScorcRestorePosition", 10, 4, "\x1b[2;3H\x1b[s\x1b[H\x1b[uX", {"", "  X", "", ""}, 3,
        1, false),
      S("Decset1048SavesAndRestoresCursor", 10, 4, "\x1b[2;3H\x1b[?1048h\x1b[H\x1b[?1048l",
        {"", "", "", ""}, 2, 1, false),

      // --- Alternate screen ------------------------------------------------------------------
      S("AltScreenHidesPrimaryContent", 10, 4, "abc\x1b[?47h", {"", "", "", ""}, 3, 0, false),
      S("Alt1049PreservesPrimaryAndRestoresCursor", 10, 4,
        "abc\x1b[2;5H\x1b[?1049hXYZ\x1b[4;1H\x1b[?1049l", {"abc", "", "", ""}, 4, 1, false),
      S("Alt47KeepsAltContentAcrossSwitches", 10, 4, "\x1b[?47hALT\x1b[?47l\x1b[?47h",
        {"ALT", "", "", ""}, 3, 0, false),
      S("Alt1047ClearsAltOnLeave", 10, 4, "\x1b[?1047hALT\x1b[?1047l\x1b[?1047h", {"", "", "", ""},
        3, 0, false),
      // On the normal screen ?1049l is DECRC: nothing saved restores the cursor home (xterm saves
      // the startup cursor of both screens).
      S("Alt1049ResetOnTheNormalScreenRestoresTheCursor", 10, 4, "ab\x1b[2;5H\x1b[?1049l",
        {"ab", "", "", ""}, 0, 0, false),
      S("Alt1049ResetOnTheNormalScreenRestoresWhatDecscSaved", 10, 4,
        "ab\x1b[2;5H\x1b"
        "7\x1b[4;1H\x1b[?1049l",
        {"ab", "", "", ""}, 4, 1, false),
      S("Alt1049ClearsAltOnEnter", 10, 4, "\x1b[?47hALT\x1b[?47l\x1b[?1049h", {"", "", "", ""}, 3,
        0, false),
      S("Alt47LeaveShowsPrimaryWithoutMovingCursor", 10, 4, "ab\x1b[?47h\x1b[3;4HX\x1b[?47l",
        {"ab", "", "", ""}, 4, 2, false),

      // --- Soft reset ------------------------------------------------------------------------
      // xterm ReallyReset(full=False): margins reset, cursor not moved.
      S("DecstrResetsRegionButKeepsCursorAndScreen", 10, 4, "abc\x1b[2;3r\x1b[?6h\x1b[!p",
        {"abc", "", "", ""}, 0, 1, false),

      // --- Parser interplay ------------------------------------------------------------------
      S("CanAbortsCsiAndNextCharPrints", 10, 4,
        "\x1b[3\x18"
        "A",
        {"A", "", "", ""}, 1, 0, false),
      S("SubAbortsCsiAndNextCharPrints", 10, 4,
        "\x1b[3\x1a"
        "A",
        {"A", "", "", ""}, 1, 0, false),
      S("C0InsideCsiExecutesThenCsiCompletes", 10, 4, "\x1b[2\nC", {"", "", "", ""}, 2, 1, false),
      S("UnknownPrivateModeIsIgnored", 10, 4, "a\x1b[?1234hb", {"ab", "", "", ""}, 2, 0, false),
      S("UnknownCsiFinalIsIgnored", 10, 4, "a\x1b[5;5yb", {"ab", "", "", ""}, 2, 0, false),
      S("UnknownEscIsIgnored", 10, 4, "a\x1bQb", {"ab", "", "", ""}, 2, 0, false),
      S("OscDoesNotPrint", 10, 4, "a\x1b]2;title\ab", {"ab", "", "", ""}, 2, 0, false),
      S("DcsDoesNotPrint", 10, 4, "a\x1bP0;1|17/61\x1b\\b", {"ab", "", "", ""}, 2, 0, false),
  };
}

class ScreenTest : public ::testing::TestWithParam<ScreenCase> {};

TEST_P(ScreenTest, MatchesXterm) {
  const ScreenCase& c = GetParam();
  SCOPED_TRACE(absl::StrCat(c.name, ": \"", Escaped(c.input), "\""));
  VirtualTerminal vt({.cols = c.cols, .rows = c.rows});
  vt.Write(c.input);
  ASSERT_EQ(static_cast<int>(c.screen.size()), c.rows) << "the table must list every row";
  for (int r = 0; r < c.rows; ++r) EXPECT_EQ(vt.RowText(r), c.screen[r]) << "row " << r;
  EXPECT_EQ(vt.cursor().col, c.col);
  EXPECT_EQ(vt.cursor().row, c.row);
  EXPECT_EQ(vt.cursor().pending_wrap, c.pending_wrap);
  EXPECT_EQ(vt.terminal().scroll_top(), c.top);
  EXPECT_EQ(vt.terminal().scroll_bottom(), c.bottom);
}

INSTANTIATE_TEST_SUITE_P(Xterm, ScreenTest, ::testing::ValuesIn(ScreenCases()),
                         [](const auto& info) { return info.param.name; });

// ---------------------------------------------------------------------------------------------
// Erase with the current background (BCE). The screen starts full of default-pen letters; the
// pen is then set to bold red on blue and an editing operation runs. In the expected rows a
// space is an erased cell whose pen is the background only (blue, no foreground, no attributes)
// and a letter is an untouched cell with the default pen.

struct EraseCase {
  std::string name;
  std::string op;
  std::vector<std::string> cells;  // all 10 cells of all 4 rows
  int col;
  int row;
};

void PrintTo(const EraseCase& c, std::ostream* os) { *os << c.name; }

const char kFilled[] =
    "\x1b[1;1Habcdefghij\x1b[2;1Hklmnopqrst\x1b[3;1Huvwxyz0123\x1b[4;1H456789ABCD";

std::vector<EraseCase> EraseCases() {
  return {
      {"Ed0", "\x1b[2;5H\x1b[J", {"abcdefghij", "klmn      ", "          ", "          "}, 4, 1},
      {"Ed1", "\x1b[2;5H\x1b[1J", {"          ", "     pqrst", "uvwxyz0123", "456789ABCD"}, 4, 1},
      {"Ed2", "\x1b[2;5H\x1b[2J", {"          ", "          ", "          ", "          "}, 4, 1},
      {"El0", "\x1b[2;5H\x1b[K", {"abcdefghij", "klmn      ", "uvwxyz0123", "456789ABCD"}, 4, 1},
      {"El1", "\x1b[2;5H\x1b[1K", {"abcdefghij", "     pqrst", "uvwxyz0123", "456789ABCD"}, 4, 1},
      {"El2", "\x1b[2;5H\x1b[2K", {"abcdefghij", "          ", "uvwxyz0123", "456789ABCD"}, 4, 1},
      {"Ech", "\x1b[2;5H\x1b[3X", {"abcdefghij", "klmn   rst", "uvwxyz0123", "456789ABCD"}, 4, 1},
      {"Ich", "\x1b[2;5H\x1b[2@", {"abcdefghij", "klmn  opqr", "uvwxyz0123", "456789ABCD"}, 4, 1},
      {"Dch", "\x1b[2;5H\x1b[2P", {"abcdefghij", "klmnqrst  ", "uvwxyz0123", "456789ABCD"}, 4, 1},
      {"Il", "\x1b[2;5H\x1b[L", {"abcdefghij", "          ", "klmnopqrst", "uvwxyz0123"}, 0, 1},
      {"Dl", "\x1b[2;5H\x1b[M", {"abcdefghij", "uvwxyz0123", "456789ABCD", "          "}, 0, 1},
      {"Su", "\x1b[2;5H\x1b[S", {"klmnopqrst", "uvwxyz0123", "456789ABCD", "          "}, 4, 1},
      {"Sd", "\x1b[2;5H\x1b[T", {"          ", "abcdefghij", "klmnopqrst", "uvwxyz0123"}, 4, 1},
      {"LfAtBottom", "\x1b[4;5H\n", {"klmnopqrst", "uvwxyz0123", "456789ABCD", "          "}, 4, 3},
  };
}

class EraseTest : public ::testing::TestWithParam<EraseCase> {};

TEST_P(EraseTest, ErasedCellsTakeOnlyTheCurrentBackground) {
  const EraseCase& c = GetParam();
  SCOPED_TRACE(absl::StrCat(c.name, ": \"", Escaped(c.op), "\""));
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write(kFilled);
  vt.Write("\x1b[1;31;44m");
  vt.Write(c.op);
  const Terminal& t = vt.terminal();
  Pen blue_bg;
  blue_bg.bg = PenColor::Palette(4);
  for (int r = 0; r < 4; ++r) {
    for (int col = 0; col < 10; ++col) {
      SCOPED_TRACE(absl::StrCat("cell ", col, ",", r));
      const ScreenCell& cell = t.cell(col, r);
      const char want = c.cells[r][col];
      EXPECT_EQ(cell.ch, static_cast<char32_t>(want));
      EXPECT_EQ(cell.width, 1);
      if (want == ' ') {
        EXPECT_EQ(t.pen(cell.pen), blue_bg);
      } else {
        EXPECT_EQ(cell.pen, 0u);
      }
    }
  }
  EXPECT_EQ(vt.cursor().col, c.col);
  EXPECT_EQ(vt.cursor().row, c.row);
}

INSTANTIATE_TEST_SUITE_P(Bce, EraseTest, ::testing::ValuesIn(EraseCases()),
                         [](const auto& info) { return info.param.name; });

TEST(Erase, AfterSgrResetErasedCellsHaveDefaultPen) {
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write("abc\x1b[44m\x1b[m\x1b[2J");
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 10; ++c) EXPECT_EQ(vt.terminal().cell(c, r).pen, 0u) << c << "," << r;
  }
}

TEST(Erase, ScrolledInLinesTakeCurrentBackground) {
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write("\x1b[42ma\r\nb\r\n");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(vt.RowText(0), "b");
  Pen green_bg;
  green_bg.bg = PenColor::Palette(2);
  EXPECT_EQ(t.pen(t.cell(5, 1).pen), green_bg);
}

// ---------------------------------------------------------------------------------------------
// SGR: the pen after a sequence, both as current_pen() and as the pen of the next printed cell.

struct SgrCase {
  std::string name;
  std::string input;
  Pen pen;
};

void PrintTo(const SgrCase& c, std::ostream* os) { *os << c.name; }

// Pens with one field set; Plus merges them.
Pen Attrs(uint16_t attrs) {
  Pen p;
  p.attrs = attrs;
  return p;
}
Pen Under(UnderlineStyle u) {
  Pen p;
  p.underline = u;
  return p;
}
Pen Fg(PenColor c) {
  Pen p;
  p.fg = c;
  return p;
}
Pen Bg(PenColor c) {
  Pen p;
  p.bg = c;
  return p;
}
Pen UnderColor(PenColor c) {
  Pen p;
  p.underline_color = c;
  return p;
}
Pen Plus(Pen a, const Pen& b) {
  if (!b.fg.is_default()) a.fg = b.fg;
  if (!b.bg.is_default()) a.bg = b.bg;
  if (!b.underline_color.is_default()) a.underline_color = b.underline_color;
  a.attrs |= b.attrs;
  if (b.underline != UnderlineStyle::kNone) a.underline = b.underline;
  return a;
}

std::vector<SgrCase> SgrCases() {
  using U = UnderlineStyle;
  std::vector<SgrCase> cases = {
      // Attributes on.
      {"Sgr1Bold", "\x1b[1m", Attrs(kAttrBold)},
      {"Sgr2Dim", "\x1b[2m", Attrs(kAttrDim)},
      {"Sgr3Italic", "\x1b[3m", Attrs(kAttrItalic)},
      {"Sgr4SingleUnderline", "\x1b[4m", Under(U::kSingle)},
      {"Sgr5Blink", "\x1b[5m", Attrs(kAttrBlink)},
      {"Sgr7Reverse", "\x1b[7m", Attrs(kAttrReverse)},
      {"Sgr8Invisible", "\x1b[8m", Attrs(kAttrInvisible)},
      {"Sgr9Strike", "\x1b[9m", Attrs(kAttrStrike)},
      {"Sgr21DoubleUnderline", "\x1b[21m", Under(U::kDouble)},
      {"Sgr53Overline", "\x1b[53m", Attrs(kAttrOverline)},
      // Underline shapes.
      {"Sgr4Colon0IsNoUnderline", "\x1b[4m\x1b[4:0m", Pen{}},
      {"Sgr4Colon1IsSingle", "\x1b[4:1m", Under(U::kSingle)},
      {"Sgr4Colon2IsDouble", "\x1b[4:2m", Under(U::kDouble)},
      {"Sgr4Colon3IsCurly", "\x1b[4:3m", Under(U::kCurly)},
      {"Sgr4Colon4IsDotted", "\x1b[4:4m", Under(U::kDotted)},
      {"Sgr4Colon5IsDashed", "\x1b[4:5m", Under(U::kDashed)},
      {"UnderlineShapeThenBold", "\x1b[4:3;1m", Plus(Attrs(kAttrBold), Under(U::kCurly))},
      // Attributes off.
      {"Sgr22ClearsBoldAndDim", "\x1b[1;2;3m\x1b[22m", Attrs(kAttrItalic)},
      {"Sgr23ClearsItalic", "\x1b[1;3m\x1b[23m", Attrs(kAttrBold)},
      {"Sgr24ClearsUnderline", "\x1b[4:3m\x1b[24m", Pen{}},
      {"Sgr24ClearsDoubleUnderline", "\x1b[21m\x1b[24m", Pen{}},
      {"Sgr25ClearsBlink", "\x1b[5;7m\x1b[25m", Attrs(kAttrReverse)},
      {"Sgr27ClearsReverse", "\x1b[7m\x1b[27m", Pen{}},
      {"Sgr28ClearsInvisible", "\x1b[8m\x1b[28m", Pen{}},
      {"Sgr29ClearsStrike", "\x1b[9m\x1b[29m", Pen{}},
      {"Sgr55ClearsOverline", "\x1b[53m\x1b[55m", Pen{}},
      // Extended colours.
      {"Fg38Semicolon5Palette", "\x1b[38;5;200m", Fg(PenColor::Palette(200))},
      {"Fg38Colon5Palette", "\x1b[38:5:200m", Fg(PenColor::Palette(200))},
      {"Bg48Semicolon5Palette", "\x1b[48;5;17m", Bg(PenColor::Palette(17))},
      {"Bg48Colon5Palette", "\x1b[48:5:17m", Bg(PenColor::Palette(17))},
      {"Fg38Semicolon2Rgb", "\x1b[38;2;1;2;3m", Fg(PenColor::Rgb(1, 2, 3))},
      {"Fg38Colon2ColonColonRgb", "\x1b[38:2::1:2:3m", Fg(PenColor::Rgb(1, 2, 3))},
      {"Fg38Colon2Rgb", "\x1b[38:2:1:2:3m", Fg(PenColor::Rgb(1, 2, 3))},
      {"Bg48Semicolon2Rgb", "\x1b[48;2;10;20;30m", Bg(PenColor::Rgb(10, 20, 30))},
      {"Bg48Colon2ColonColonRgb", "\x1b[48:2::10:20:30m", Bg(PenColor::Rgb(10, 20, 30))},
      {"Palette38Semicolon5Index1IsPaletteNotRgb", "\x1b[38;5;1m", Fg(PenColor::Palette(1))},
      {"Rgb205IsNotPalette1", "\x1b[38;2;205;0;0m", Fg(PenColor::Rgb(205, 0, 0))},
      {"Ul58Colon5Palette", "\x1b[58:5:9m", UnderColor(PenColor::Palette(9))},
      {"Ul58Semicolon5Palette", "\x1b[58;5;9m", UnderColor(PenColor::Palette(9))},
      {"Ul58Colon2Rgb", "\x1b[58:2::10:20:30m", UnderColor(PenColor::Rgb(10, 20, 30))},
      {"Ul58Semicolon2Rgb", "\x1b[58;2;10;20;30m", UnderColor(PenColor::Rgb(10, 20, 30))},
      {"Sgr59ResetsUnderlineColour", "\x1b[4;58:5:9m\x1b[59m", Under(U::kSingle)},
      {"Sgr39ResetsForeground", "\x1b[31;44m\x1b[39m", Bg(PenColor::Palette(4))},
      {"Sgr49ResetsBackground", "\x1b[31;44m\x1b[49m", Fg(PenColor::Palette(1))},
      {"Sgr39ResetsRgbForeground", "\x1b[38;2;1;2;3m\x1b[39m", Pen{}},
      // Resets.
      {"Sgr0ResetsEverything", "\x1b[1;2;3;4;5;7;8;9;53;31;42;58;5;1m\x1b[0m", Pen{}},
      {"EmptySgrResetsEverything", "\x1b[1;31;4m\x1b[m", Pen{}},
      {"EmptyParameterActsAsZero", "\x1b[1;;3m", Attrs(kAttrItalic)},
      // Combinations and robustness.
      {"RgbThenMoreAttributes", "\x1b[1;38;2;10;20;30;4;48;5;3m",
       Plus(Plus(Fg(PenColor::Rgb(10, 20, 30)), Bg(PenColor::Palette(3))),
            Plus(Attrs(kAttrBold), Under(U::kSingle)))},
      {"ColonColourThenMoreAttributes", "\x1b[38:5:100;3m",
       Plus(Fg(PenColor::Palette(100)), Attrs(kAttrItalic))},
      {"UnknownSgrIgnoredWithoutDisturbingOthers", "\x1b[1;66;3m", Attrs(kAttrBold | kAttrItalic)},
      {"PrivateMarkerIsNotSgr", "\x1b[1m\x1b[>4;1m", Attrs(kAttrBold)},
      {"LaterColourWins", "\x1b[31;32m", Fg(PenColor::Palette(2))},
  };
  for (int i = 0; i < 8; ++i) {
    cases.push_back({absl::StrCat("Fg3", i, "IsPalette", i), absl::StrCat("\x1b[3", i, "m"),
                     Fg(PenColor::Palette(i))});
    cases.push_back({absl::StrCat("Fg9", i, "IsPalette", i + 8), absl::StrCat("\x1b[9", i, "m"),
                     Fg(PenColor::Palette(i + 8))});
    cases.push_back({absl::StrCat("Bg4", i, "IsPalette", i), absl::StrCat("\x1b[4", i, "m"),
                     Bg(PenColor::Palette(i))});
    cases.push_back({absl::StrCat("Bg10", i, "IsPalette", i + 8), absl::StrCat("\x1b[10", i, "m"),
                     Bg(PenColor::Palette(i + 8))});
  }
  return cases;
}

class SgrTest : public ::testing::TestWithParam<SgrCase> {};

TEST_P(SgrTest, SetsPen) {
  const SgrCase& c = GetParam();
  SCOPED_TRACE(absl::StrCat(c.name, ": \"", Escaped(c.input), "\""));
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write(c.input);
  vt.Write("X");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.current_pen(), c.pen);
  EXPECT_EQ(t.cell(0, 0).ch, U'X');
  EXPECT_EQ(t.pen(t.cell(0, 0).pen), c.pen);
  EXPECT_EQ(vt.cursor().col, 1);
}

INSTANTIATE_TEST_SUITE_P(Xterm, SgrTest, ::testing::ValuesIn(SgrCases()),
                         [](const auto& info) { return info.param.name; });

TEST(Sgr, PaletteAndRgbStayDistinct) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("\x1b[31mA\x1b[38;2;205;0;0mB");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.pen(t.cell(0, 0).pen).fg, PenColor::Palette(1));
  EXPECT_NE(t.pen(t.cell(0, 0).pen).fg, PenColor::Rgb(205, 0, 0));
  EXPECT_EQ(t.pen(t.cell(1, 0).pen).fg, PenColor::Rgb(205, 0, 0));
  EXPECT_NE(t.cell(0, 0).pen, t.cell(1, 0).pen);
}

TEST(Sgr, CellsKeepThePenTheyWereWrittenWith) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("a\x1b[1mb\x1b[mc");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.cell(0, 0).pen, 0u);
  EXPECT_EQ(t.pen(t.cell(1, 0).pen), Attrs(kAttrBold));
  EXPECT_EQ(t.cell(2, 0).pen, 0u);
}

// ---------------------------------------------------------------------------------------------
// Modes.

struct ModeCase {
  std::string name;
  std::string input;
  Modes modes;
};

void PrintTo(const ModeCase& c, std::ostream* os) { *os << c.name; }

template <typename F>
Modes With(F f) {
  Modes m;
  f(m);
  return m;
}

std::vector<ModeCase> ModeCases() {
  return {
      {"DefaultModes", "", Modes{}},
      {"SmIrm", "\x1b[4h", With([](Modes& m) { m.insert = true; })},
      {"RmIrm", "\x1b[4h\x1b[4l", Modes{}},
      {"SmLnm", "\x1b[20h", With([](Modes& m) { m.linefeed_newline = true; })},
      {"SmSeveralAnsiModes", "\x1b[4;20h",
       With([](Modes& m) { m.insert = m.linefeed_newline = true; })},
      {"Decset1Decckm", "\x1b[?1h", With([](Modes& m) { m.cursor_keys_application = true; })},
      {"Decrst1Decckm", "\x1b[?1h\x1b[?1l", Modes{}},
      {"Decset5ReverseVideo", "\x1b[?5h", With([](Modes& m) { m.reverse_video = true; })},
      {"Decset6Origin", "\x1b[?6h", With([](Modes& m) { m.origin = true; })},
      {"Decrst6Origin", "\x1b[?6h\x1b[?6l", Modes{}},
      {"Decrst7Autowrap", "\x1b[?7l", With([](Modes& m) { m.autowrap = false; })},
      {"Decset7Autowrap", "\x1b[?7l\x1b[?7h", Modes{}},
      {"DecKpamKeypad", "\x1b=", With([](Modes& m) { m.keypad_application = true; })},
      {"DecKpnmKeypad", "\x1b=\x1b>", Modes{}},
      {"Decset2004BracketedPaste", "\x1b[?2004h", With([](Modes& m) { m.bracketed_paste = true; })},
      {"Decrst2004BracketedPaste", "\x1b[?2004h\x1b[?2004l", Modes{}},
      {"Decset1004Focus", "\x1b[?1004h", With([](Modes& m) { m.focus_events = true; })},
      {"Decset2026Synchronized", "\x1b[?2026h",
       With([](Modes& m) { m.synchronized_output = true; })},
      {"Decrst2026Synchronized", "\x1b[?2026h\x1b[?2026l", Modes{}},
      // Recorded, though the default profile does not act on it (xterm ignores it).
      {"Decset2027GraphemeClustering", "\x1b[?2027h",
       With([](Modes& m) { m.grapheme_clustering = true; })},
      {"Decrst2027GraphemeClustering", "\x1b[?2027h\x1b[?2027l", Modes{}},
      {"Decset9X10Mouse", "\x1b[?9h",
       With([](Modes& m) { m.mouse_tracking = MouseTracking::kX10; })},
      {"Decset1000NormalMouse", "\x1b[?1000h",
       With([](Modes& m) { m.mouse_tracking = MouseTracking::kNormal; })},
      {"Decset1002ButtonEventMouse", "\x1b[?1002h",
       With([](Modes& m) { m.mouse_tracking = MouseTracking::kButtonEvent; })},
      {"Decset1003AnyEventMouse", "\x1b[?1003h",
       With([](Modes& m) { m.mouse_tracking = MouseTracking::kAnyEvent; })},
      {"LaterMouseTrackingModeReplacesEarlier", "\x1b[?1000h\x1b[?1002h",
       With([](Modes& m) { m.mouse_tracking = MouseTracking::kButtonEvent; })},
      // xterm really_set_mousemode: any reset turns tracking off.
      {"ResettingAnyTrackingModeTurnsTrackingOff", "\x1b[?1002h\x1b[?1000l", Modes{}},
      {"Decset1005Utf8Encoding", "\x1b[?1005h",
       With([](Modes& m) { m.mouse_encoding = MouseEncoding::kUtf8; })},
      {"Decset1006SgrEncoding", "\x1b[?1006h",
       With([](Modes& m) { m.mouse_encoding = MouseEncoding::kSgr; })},
      {"Decset1015UrxvtEncoding", "\x1b[?1015h",
       With([](Modes& m) { m.mouse_encoding = MouseEncoding::kUrxvt; })},
      {"Decrst1006SgrEncoding", "\x1b[?1006h\x1b[?1006l", Modes{}},
      // xterm dpmodes: "a reset is only effective against the matching mode".
      {"ResettingOtherEncodingKeepsSgrEncoding", "\x1b[?1006h\x1b[?1005l",
       With([](Modes& m) { m.mouse_encoding = MouseEncoding::kSgr; })},
      {"SeveralPrivateModesInOneSequence", "\x1b[?1000;1006;2004h", With([](Modes& m) {
         m.mouse_tracking = MouseTracking::kNormal;
         m.mouse_encoding = MouseEncoding::kSgr;
         m.bracketed_paste = true;
       })},
      // xterm DECSTR: IRM, DECOM, DECCKM, DECKPAM reset; DECAWM back to its resource (on).
      {"DecstrResetsEditingModes", "\x1b[4h\x1b[?6h\x1b[?7l\x1b[?1h\x1b=\x1b[!p", Modes{}},
      {"RisResetsAllModes",
       "\x1b[4h\x1b[20h\x1b[?6h\x1b[?7l\x1b[?1h\x1b=\x1b[?2004h\x1b[?1000h\x1b[?1006h\x1b[?2026h"
       "\x1b[?2027h\x1b"
       "c",
       Modes{}},
      {"DecrcRestoresOrigin",
       "\x1b[?6h\x1b"
       "7\x1b[?6l\x1b"
       "8",
       With([](Modes& m) { m.origin = true; })},
      // xterm cursor.c: DECSC_FLAGS is (ATTRIBUTES|ORIGIN|PROTECTED); "The DECAWM flag is not
      // included in the state managed by these operations."
      {"DecrcDoesNotRestoreAutowrap",
       "\x1b"
       "7\x1b[?7l\x1b"
       "8",
       With([](Modes& m) { m.autowrap = false; })},
      {"UnknownPrivateModeChangesNothing", "\x1b[?1234h", Modes{}},
  };
}

class ModeTest : public ::testing::TestWithParam<ModeCase> {};

TEST_P(ModeTest, SetsModes) {
  const ModeCase& c = GetParam();
  SCOPED_TRACE(absl::StrCat(c.name, ": \"", Escaped(c.input), "\""));
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write(c.input);
  EXPECT_EQ(vt.terminal().modes(), c.modes);
}

INSTANTIATE_TEST_SUITE_P(Xterm, ModeTest, ::testing::ValuesIn(ModeCases()),
                         [](const auto& info) { return info.param.name; });

TEST(Modes, ResizeResetsOriginMode) {
  // xterm screen.c ScreenResize: "adjust scrolling region" then UIntClr(*flags, ORIGIN).
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write("\x1b[2;3r\x1b[?6h");
  ASSERT_TRUE(vt.terminal().modes().origin);
  vt.Resize(12, 5);
  EXPECT_FALSE(vt.terminal().modes().origin);
  EXPECT_EQ(vt.terminal().scroll_top(), 0);
  EXPECT_EQ(vt.terminal().scroll_bottom(), 4);
}

// ---------------------------------------------------------------------------------------------
// Cursor visibility and shape.

struct CursorCase {
  std::string name;
  std::string input;
  bool visible;
  CursorShape shape;
  bool blinking;
};

void PrintTo(const CursorCase& c, std::ostream* os) { *os << c.name; }

std::vector<CursorCase> CursorCases() {
  using C = CursorShape;
  return {
      {"CursorStartsAsASteadyBlock", "", true, C::kBlock, false},
      {"Decrst25HidesCursor", "\x1b[?25l", false, C::kBlock, false},
      {"Decset25ShowsCursor", "\x1b[?25l\x1b[?25h", true, C::kBlock, false},
      {"Decscusr0BlinkingBlock", "\x1b[6 q\x1b[0 q", true, C::kBlock, true},
      {"DecscusrDefaultBlinkingBlock", "\x1b[6 q\x1b[ q", true, C::kBlock, true},
      {"Decscusr1BlinkingBlock", "\x1b[6 q\x1b[1 q", true, C::kBlock, true},
      {"Decscusr2SteadyBlock", "\x1b[2 q", true, C::kBlock, false},
      {"Decscusr3BlinkingUnderline", "\x1b[3 q", true, C::kUnderline, true},
      {"Decscusr4SteadyUnderline", "\x1b[4 q", true, C::kUnderline, false},
      {"Decscusr5BlinkingBar", "\x1b[5 q", true, C::kBar, true},
      {"Decscusr6SteadyBar", "\x1b[6 q", true, C::kBar, false},
      {"Decset12StartsBlinking", "\x1b[?12h", true, C::kBlock, true},
      {"Decrst12StopsBlinking", "\x1b[1 q\x1b[?12l", true, C::kBlock, false},
      // xterm 379: DECRQM ?12 answers 2 and DECRQSS " q" answers "2 q" after DECSTR.
      {"DecstrShowsASteadyBlock", "\x1b[?25l\x1b[5 q\x1b[!p", true, C::kBlock, false},
      {"RisShowsCursorAndResetsShapeAndBlinking",
       "\x1b[?25l\x1b[3 q\x1b"
       "c",
       true, C::kBlock, false},
  };
}

class CursorTest : public ::testing::TestWithParam<CursorCase> {};

TEST_P(CursorTest, SetsCursorState) {
  const CursorCase& c = GetParam();
  SCOPED_TRACE(absl::StrCat(c.name, ": \"", Escaped(c.input), "\""));
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write(c.input);
  EXPECT_EQ(vt.cursor().visible, c.visible);
  EXPECT_EQ(vt.cursor().shape, c.shape);
  EXPECT_EQ(vt.cursor().blinking, c.blinking);
}

INSTANTIATE_TEST_SUITE_P(Xterm, CursorTest, ::testing::ValuesIn(CursorCases()),
                         [](const auto& info) { return info.param.name; });

// ---------------------------------------------------------------------------------------------
// Replies (DSR, DA, window reports).

struct ReplyCase {
  std::string name;
  std::string input;
  std::string reply;
};

void PrintTo(const ReplyCase& c, std::ostream* os) { *os << c.name; }

std::vector<ReplyCase> ReplyCases() {
  return {
      {"Dsr5ReportsOk", "\x1b[5n", "\x1b[0n"},
      {"Dsr6ReportsOneBasedPosition", "\x1b[3;5H\x1b[6n", "\x1b[3;5R"},
      {"Dsr6UnderDecomIsRegionRelative", "\x1b[2;4r\x1b[?6h\x1b[2;3H\x1b[6n", "\x1b[2;3R"},
      {"Dsr6WithPendingWrapReportsLastColumn", "abcdefghij\x1b[6n", "\x1b[1;10R"},
      // xterm's CursorCol: under DECOM the column is relative to the left margin too.
      {"Dsr6UnderDecomIsMarginRelative", "\x1b[?69h\x1b[3;8s\x1b[?6h\x1b[2;2H\x1b[6n", "\x1b[2;2R"},
      {"Dsr6WithMarginsButNoDecomIsAbsolute", "\x1b[?69h\x1b[3;8s\x1b[1;5H\x1b[6n", "\x1b[1;5R"},
      // xterm's DECXCPR adds the page, always 1 (test/decoder/replies_test.cc).
      {"DecxcprUnderDecomIsMarginRelative", "\x1b[?69h\x1b[3;8s\x1b[?6h\x1b[1;3H\x1b[?6n",
       "\x1b[?1;3;1R"},
      {"RepliesAccumulateInOrder", "\x1b[5n\x1b[2;2H\x1b[6n", "\x1b[0n\x1b[2;2R"},
      {"UnknownDsrHasNoReply", "\x1b[99n", ""},
      // xterm 379 with decTerminalID 420 (test/decoder/replies_test.cc has every reply).
      {"PrimaryDa", "\x1b[c", "\x1b[?64;1;2;6;9;15;16;17;18;21;22;28c"},
      {"PrimaryDaExplicitZero", "\x1b[0c", "\x1b[?64;1;2;6;9;15;16;17;18;21;22;28c"},
      {"PrimaryDaNonZeroParamIgnored", "\x1b[1c", ""},
      // ctlseqs: "ESC Z  Return Terminal ID (DECID is 0x9a). Obsolete form of CSI c (DA)."
      {"DecidEscZRepliesLikePrimaryDa",
       "\x1b"
       "Z",
       "\x1b[?64;1;2;6;9;15;16;17;18;21;22;28c"},
      // xterm's allowWindowOps is false by default: no answer (ReplyProfile::allow_window_ops
      // turns it on; test/decoder/replies_test.cc).
      {"TextAreaSizeReportNotAllowedByDefault", "\x1b[18t", ""},
  };
}

class ReplyTest : public ::testing::TestWithParam<ReplyCase> {};

TEST_P(ReplyTest, Replies) {
  const ReplyCase& c = GetParam();
  SCOPED_TRACE(absl::StrCat(c.name, ": \"", Escaped(c.input), "\""));
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write(c.input);
  EXPECT_EQ(Escaped(vt.TakeReplies()), Escaped(c.reply));
  EXPECT_EQ(vt.TakeReplies(), "") << "taking the replies empties the channel";
}

INSTANTIATE_TEST_SUITE_P(Xterm, ReplyTest, ::testing::ValuesIn(ReplyCases()),
                         [](const auto& info) { return info.param.name; });

TEST(Replies, SecondaryDaIsVt420WithPatchLevel) {
  // ctlseqs: CSI > c -> CSI > Pp ; Pv ; Pc c; xterm 379 with decTerminalID 420 answers Pp = 41
  // (VT420), Pv = 379 (its patch level), Pc = 0.
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write("\x1b[>c");
  EXPECT_EQ(vt.TakeReplies(), "\x1b[>41;379;0c");
}

// ---------------------------------------------------------------------------------------------
// OSC: titles and the clipboard.

struct OscCase {
  std::string name;
  std::string input;
  std::string title;
  std::string icon_title;
  std::string clipboard;
};

void PrintTo(const OscCase& c, std::ostream* os) { *os << c.name; }

std::vector<OscCase> OscCases() {
  return {
      {"Osc0SetsTitleAndIconByBel", "\x1b]0;hello\a", "hello", "hello", ""},
      {"Osc0SetsTitleAndIconBySt", "\x1b]0;hi\x1b\\", "hi", "hi", ""},
      {"Osc1SetsIconOnly", "\x1b]1;icon\a", "", "icon", ""},
      {"Osc2SetsTitleOnlyByBel", "\x1b]2;title\a", "title", "", ""},
      {"Osc2SetsTitleOnlyBySt", "\x1b]2;title\x1b\\", "title", "", ""},
      {"Osc2TitleIsUtf8", "\x1b]2;caf\xc3\xa9\a", "caf\xc3\xa9", "", ""},
      {"LaterTitleReplacesEarlier", "\x1b]2;one\a\x1b]2;two\a", "two", "", ""},
      {"Osc52SetsClipboardFromBase64", "\x1b]52;c;aGVsbG8=\a", "", "", "hello"},
      {"Osc52BySt", "\x1b]52;c;d29ybGQ=\x1b\\", "", "", "world"},
      // ctlseqs OSC 52: "If the second parameter is neither a base64 string nor ? , then the
      // selection is cleared."
      {"Osc52InvalidBase64ClearsClipboard", "\x1b]52;c;aGVsbG8=\a\x1b]52;c;!!!*\a", "", "", ""},
      {"Osc52QueryLeavesClipboard", "\x1b]52;c;aGVsbG8=\a\x1b]52;c;?\a", "", "", "hello"},
      {"CanAbortsOsc", "\x1b]2;x\x18", "", "", ""},
  };
}

class OscTest : public ::testing::TestWithParam<OscCase> {};

TEST_P(OscTest, SetsStrings) {
  const OscCase& c = GetParam();
  SCOPED_TRACE(absl::StrCat(c.name, ": \"", Escaped(c.input), "\""));
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write(c.input);
  EXPECT_EQ(vt.terminal().title(), c.title);
  EXPECT_EQ(vt.terminal().icon_title(), c.icon_title);
  EXPECT_EQ(vt.terminal().clipboard(), c.clipboard);
  EXPECT_EQ(vt.ScreenText(), "") << "an OSC string never prints";
  EXPECT_EQ(vt.cursor().col, 0);
}

INSTANTIATE_TEST_SUITE_P(Xterm, OscTest, ::testing::ValuesIn(OscCases()),
                         [](const auto& info) { return info.param.name; });

TEST(Hyperlink, Osc8MarksCellsUntilClosed) {
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write("x\x1b]8;id=doc;http://a.example/\x1b\\ab\x1b]8;;\x1b\\c");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(vt.RowText(0), "xabc");
  EXPECT_EQ(t.cell(0, 0).link, 0u);
  ASSERT_NE(t.cell(1, 0).link, 0u);
  EXPECT_EQ(t.cell(2, 0).link, t.cell(1, 0).link);
  EXPECT_EQ(t.hyperlink(t.cell(1, 0).link).uri, "http://a.example/");
  EXPECT_EQ(t.hyperlink(t.cell(1, 0).link).id, "doc");
  EXPECT_EQ(t.cell(3, 0).link, 0u);
}

TEST(Hyperlink, Osc8WithoutIdByBel) {
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write("\x1b]8;;http://b.example/\aZ\x1b]8;;\a");
  const Terminal& t = vt.terminal();
  ASSERT_NE(t.cell(0, 0).link, 0u);
  EXPECT_EQ(t.hyperlink(t.cell(0, 0).link).uri, "http://b.example/");
  EXPECT_EQ(t.hyperlink(t.cell(0, 0).link).id, "");
  EXPECT_EQ(t.hyperlink(0).uri, "");
}

TEST(Hyperlink, DifferentUrisGetDifferentLinks) {
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write("\x1b]8;;http://a/\aA\x1b]8;;http://b/\aB\x1b]8;;\a");
  const Terminal& t = vt.terminal();
  EXPECT_NE(t.cell(0, 0).link, t.cell(1, 0).link);
  EXPECT_EQ(t.hyperlink(t.cell(1, 0).link).uri, "http://b/");
}

// ---------------------------------------------------------------------------------------------
// Scrollback.

struct ScrollbackCase {
  std::string name;
  int rows;
  int limit;
  std::string input;
  std::vector<std::string> scrollback;  // oldest first
  std::vector<std::string> screen;
};

void PrintTo(const ScrollbackCase& c, std::ostream* os) { *os << c.name; }

std::vector<ScrollbackCase> ScrollbackCases() {
  return {
      {"FullScreenScrollSavesTopLine", 2, 100, "1\r\n2\r\n3", {"1"}, {"2", "3"}},
      {"AutowrapScrollSavesTopLine",
       2,
       100,
       "abcdefghijklmnopqrstu",
       {"abcdefghij"},
       {"klmnopqrst", "u"}},
      {"AlternateScreenScrollSavesNothing", 2, 100, "\x1b[?1049h1\r\n2\r\n3", {}, {"2", "3"}},
      // xterm's DeleteLine saves what it deletes from the top line of the normal screen (util.c,
      // scroll_all_lines when cur_row == 0), even with a shorter region; elsewhere it does not.
      {"DlOnTheTopLineSavesTheDeletedLines",
       3,
       100,
       "1\r\n2\r\n3\x1b[H\x1b[2M",
       {"1", "2"},
       {"3", "", ""}},
      {"DlOnTheTopLineOfAShorterRegionSaves",
       3,
       100,
       "1\r\n2\r\n3\x1b[1;2r\x1b[M",
       {"1"},
       {"2", "", "3"}},
      {"DlBelowTheTopLineSavesNothing", 3, 100, "1\r\n2\r\n3\x1b[2H\x1b[M", {}, {"1", "3", ""}},
      {"DlOnTheAlternateScreenSavesNothing", 3, 100, "\x1b[?1049h1\x1b[H\x1b[M", {}, {"", "", ""}},
      // SU saves when the region starts at the top (xtermScroll), as a line feed does.
      {"SuSavesTheTopLine", 2, 100, "1\r\n2\x1b[S", {"1"}, {"2", ""}},
      {"RegionNotAtTopSavesNothing",
       3,
       100,
       "1\r\n2\r\n3\x1b[2;3r\x1b[3;1H\n4",
       {},
       {"1", "3", "4"}},
      {"LimitKeepsNewestLines", 2, 3, "1\r\n2\r\n3\r\n4\r\n5\r\n6", {"2", "3", "4"}, {"5", "6"}},
      {"LimitZeroKeepsNothing", 2, 0, "1\r\n2\r\n3", {}, {"2", "3"}},
      {"Ed3ClearsScrollback", 2, 100, "1\r\n2\r\n3\x1b[3J", {}, {"2", "3"}},
      // xterm charproc.c: CASE_RIS calls VTReset(xw, True, True) and ReallyReset with saved=True
      // sets screen->savedlines = 0 ("the control sequence does this anyway").
      {"RisClearsScrollback",
       2,
       100,
       "1\r\n2\r\n3\x1b"
       "c",
       {},
       {"", ""}},
  };
}

class ScrollbackTest : public ::testing::TestWithParam<ScrollbackCase> {};

TEST_P(ScrollbackTest, Keeps) {
  const ScrollbackCase& c = GetParam();
  SCOPED_TRACE(absl::StrCat(c.name, ": \"", Escaped(c.input), "\""));
  VirtualTerminal vt({.cols = 10, .rows = c.rows, .scrollback_limit = c.limit});
  vt.Write(c.input);
  const Terminal& t = vt.terminal();
  std::vector<std::string> saved;
  for (int i = 0; i < t.scrollback_size(); ++i) saved.push_back(t.LineText(t.scrollback_line(i)));
  EXPECT_EQ(saved, c.scrollback);
  std::vector<std::string> screen;
  for (int r = 0; r < c.rows; ++r) screen.push_back(vt.RowText(r));
  EXPECT_EQ(screen, c.screen);
}

INSTANTIATE_TEST_SUITE_P(Xterm, ScrollbackTest, ::testing::ValuesIn(ScrollbackCases()),
                         [](const auto& info) { return info.param.name; });

TEST(Scrollback, SavedLineKeepsWrappedFlag) {
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write("abcdefghijk\r\nz");
  const Terminal& t = vt.terminal();
  ASSERT_EQ(t.scrollback_size(), 1);
  EXPECT_EQ(t.LineText(t.scrollback_line(0)), "abcdefghij");
  EXPECT_TRUE(t.scrollback_line(0).wrapped);
}

// ---------------------------------------------------------------------------------------------
// Resize: no reflow; grow pads, shrink clips, the cursor is clamped.

struct ResizeCase {
  std::string name;
  int cols;
  int rows;
  std::string input;
  int new_cols;
  int new_rows;
  std::vector<std::string> screen;
  int col;
  int row;
};

void PrintTo(const ResizeCase& c, std::ostream* os) { *os << c.name; }

std::vector<ResizeCase> ResizeCases() {
  return {
      {"GrowPadsWithBlanks", 10, 4, "abc\r\ndef", 12, 5, {"abc", "def", "", "", ""}, 3, 1},
      {"ShrinkColumnsClipsAndClampsCursor",
       10,
       4,
       "abcdefghij\r\nxyz\x1b[2;9H",
       5,
       4,
       {"abcde", "xyz", "", ""},
       4,
       1},
      {"ShrinkRowsKeepsCursorLineVisible", 10, 4, kAbcd, 10, 2, {"c", "d"}, 1, 1},
      {"ShrinkRowsWithCursorAtTopKeepsTop",
       10,
       4,
       std::string(kAbcd) + "\x1b[H",
       10,
       2,
       {"a", "b"},
       0,
       0},
      {"WideCharCutAtNewEdgeBecomesBlank", 10, 4, "abcd中", 5, 4, {"abcd", "", "", ""}, 4, 0},
  };
}

class ResizeTest : public ::testing::TestWithParam<ResizeCase> {};

TEST_P(ResizeTest, KeepsContentAndCursorSane) {
  const ResizeCase& c = GetParam();
  SCOPED_TRACE(absl::StrCat(c.name, ": \"", Escaped(c.input), "\""));
  VirtualTerminal vt({.cols = c.cols, .rows = c.rows});
  vt.Write(c.input);
  vt.Resize(c.new_cols, c.new_rows);
  ASSERT_EQ(vt.cols(), c.new_cols);
  ASSERT_EQ(vt.rows(), c.new_rows);
  ASSERT_EQ(static_cast<int>(c.screen.size()), c.new_rows);
  for (int r = 0; r < c.new_rows; ++r) {
    EXPECT_EQ(vt.RowText(r), c.screen[r]) << "row " << r;
    EXPECT_EQ(static_cast<int>(vt.terminal().line(r).cells.size()), c.new_cols) << "row " << r;
  }
  EXPECT_EQ(vt.cursor().col, c.col);
  EXPECT_EQ(vt.cursor().row, c.row);
  EXPECT_EQ(vt.terminal().scroll_top(), 0);
  EXPECT_EQ(vt.terminal().scroll_bottom(), c.new_rows - 1);
}

INSTANTIATE_TEST_SUITE_P(Xterm, ResizeTest, ::testing::ValuesIn(ResizeCases()),
                         [](const auto& info) { return info.param.name; });

TEST(Resize, CutWideCharLeavesPlainBlankCell) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("abcd中");
  vt.Resize(5, 1);
  const ScreenCell& c = vt.terminal().cell(4, 0);
  EXPECT_EQ(c.ch, U' ');
  EXPECT_EQ(c.width, 1);
  EXPECT_FALSE(c.is_continuation());
}

TEST(Resize, GrowThenWriteUsesNewWidth) {
  VirtualTerminal vt({.cols = 5, .rows = 2});
  vt.Write("abcde");
  vt.Resize(8, 2);
  vt.Write("\rabcdefgh");
  EXPECT_EQ(vt.RowText(0), "abcdefgh");
  EXPECT_EQ(vt.cursor().col, 7);
  EXPECT_TRUE(vt.cursor().pending_wrap);
}

// ---------------------------------------------------------------------------------------------
// Lines, cells, pens and state that the screen table does not show.

TEST(Autowrap, WrappedFlagMarksContinuedLine) {
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write("abcdefghijk\r\nshort");
  EXPECT_TRUE(vt.terminal().line(0).wrapped);
  EXPECT_FALSE(vt.terminal().line(1).wrapped);
  EXPECT_FALSE(vt.terminal().line(2).wrapped);
}

TEST(Autowrap, NoWrappedFlagWithDecawmOff) {
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write("\x1b[?7labcdefghijk");
  EXPECT_FALSE(vt.terminal().line(0).wrapped);
}

TEST(Autowrap, WideCharWrapLeavesLastColumnBlankAndMarksWrapped) {
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write("abcdefghi中");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.cell(9, 0).ch, U' ');
  EXPECT_EQ(t.cell(9, 0).width, 1);
  EXPECT_TRUE(t.line(0).wrapped);
  EXPECT_EQ(t.cell(0, 1).ch, U'中');
  EXPECT_EQ(t.cell(0, 1).width, 2);
  EXPECT_TRUE(t.cell(1, 1).is_continuation());
}

TEST(Autowrap, RepAcrossMarginMarksWrapped) {
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write("abc\x1b[8b");
  EXPECT_TRUE(vt.terminal().line(0).wrapped);
}

TEST(WideChars, DchPullsWideCharWithItsContinuation) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("ab中c\x1b[1G\x1b[P");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.cell(1, 0).ch, U'中');
  EXPECT_EQ(t.cell(1, 0).width, 2);
  EXPECT_TRUE(t.cell(2, 0).is_continuation());
  EXPECT_EQ(t.cell(3, 0).ch, U'c');
}

TEST(WideChars, IchCutWideCharLeavesNoOrphanLead) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("abcdefgh中\x1b[1G\x1b[@");
  const ScreenCell& last = vt.terminal().cell(9, 0);
  EXPECT_EQ(last.ch, U' ');
  EXPECT_EQ(last.width, 1);
}

// Found by the vt fuzzer: inserting at a wide character's first column must shift it whole.
TEST(WideChars, IchBeforeWideCharShiftsItWhole) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("\xe4\xb8\xad\xe6\x96\x87\x1b[1G\x1b[@");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.RowText(0), " \xe4\xb8\xad\xe6\x96\x87");
  EXPECT_EQ(t.cell(1, 0).width, 2);
  EXPECT_TRUE(t.cell(2, 0).is_continuation());
  EXPECT_EQ(t.cell(3, 0).width, 2);
  EXPECT_TRUE(t.cell(4, 0).is_continuation());
}

TEST(WideChars, InsertModePrintBeforeWideCharShiftsItWhole) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("\xe4\xb8\xad\x1b[1G\x1b[4h*");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.RowText(0), "*\xe4\xb8\xad");
  EXPECT_EQ(t.cell(1, 0).width, 2);
  EXPECT_TRUE(t.cell(2, 0).is_continuation());
}

TEST(WideChars, DchKeepsWideCharAfterDeletedCellsWhole) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("ab\xe4\xb8\xad\x1b[1G\x1b[2P");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.RowText(0), "\xe4\xb8\xad");
  EXPECT_EQ(t.cell(0, 0).width, 2);
  EXPECT_TRUE(t.cell(1, 0).is_continuation());
}

TEST(SaveRestore, DecrcRestoresPen) {
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write(
      "\x1b[1;31m\x1b"
      "7\x1b[m\x1b"
      "8X");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.pen(t.cell(0, 0).pen), Plus(Fg(PenColor::Palette(1)), Attrs(kAttrBold)));
}

TEST(SaveRestore, DecscIsPerScreen) {
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write(
      "\x1b[2;2H\x1b"
      "7\x1b[?47h\x1b[3;3H\x1b"
      "7\x1b[?47l\x1b"
      "8");
  EXPECT_EQ(vt.cursor().col, 1);
  EXPECT_EQ(vt.cursor().row, 1);
}

TEST(SaveRestore, DecrcAbsolutePositionUnderDecom) {
  // xterm CursorRestoreFlags: with ORIGIN set it calls CursorSet(sc->row - top_marg, ...), so
  // the saved absolute row comes back.
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write(
      "\x1b[2;4r\x1b[?6h\x1b[2;3H\x1b"
      "7\x1b[H\x1b"
      "8");
  EXPECT_EQ(vt.cursor().col, 2);
  EXPECT_EQ(vt.cursor().row, 2);
}

TEST(AlternateScreen, FlagFollowsTheModes) {
  VirtualTerminal vt({.cols = 10, .rows = 4});
  EXPECT_FALSE(vt.terminal().alternate_screen_active());
  for (const char* mode : {"47", "1047", "1049"}) {
    SCOPED_TRACE(mode);
    vt.Write(absl::StrCat("\x1b[?", mode, "h"));
    EXPECT_TRUE(vt.terminal().alternate_screen_active());
    vt.Write(absl::StrCat("\x1b[?", mode, "l"));
    EXPECT_FALSE(vt.terminal().alternate_screen_active());
  }
}

TEST(AlternateScreen, PrimaryCellsAndPensSurvive1049) {
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write("\x1b[1mab\x1b[m\x1b[?1049h\x1b[2J\x1b[7mXYZ\x1b[?1049l");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(vt.RowText(0), "ab");
  EXPECT_EQ(t.pen(t.cell(0, 0).pen), Attrs(kAttrBold));
  EXPECT_EQ(t.cell(2, 0).ch, U' ');
  EXPECT_EQ(vt.cursor().col, 2);
  EXPECT_EQ(vt.cursor().row, 0);
}

TEST(TabStops, DefaultEveryEightColumnsFromColumnZero) {
  // xterm's TabReset sets a stop at 0, 8, 16, ...
  VirtualTerminal vt({.cols = 20, .rows = 1});
  const Terminal& t = vt.terminal();
  for (int c = 0; c < 20; ++c) EXPECT_EQ(t.tab_stop(c), c % 8 == 0) << c;
}

TEST(TabStops, HtsTbcAndTbc3) {
  VirtualTerminal vt({.cols = 20, .rows = 1});
  vt.Write("\x1b[4G\x1bH");
  EXPECT_TRUE(vt.terminal().tab_stop(3));
  vt.Write("\x1b[9G\x1b[0g");
  EXPECT_FALSE(vt.terminal().tab_stop(8));
  EXPECT_TRUE(vt.terminal().tab_stop(16));
  vt.Write("\x1b[3g");
  for (int c = 0; c < 20; ++c) EXPECT_FALSE(vt.terminal().tab_stop(c)) << c;
}

TEST(TabStops, RisRestoresDefaultStops) {
  VirtualTerminal vt({.cols = 20, .rows = 1});
  vt.Write(
      "\x1b[3g\x1b[4G\x1bH\x1b"
      "c");
  EXPECT_FALSE(vt.terminal().tab_stop(3));
  EXPECT_TRUE(vt.terminal().tab_stop(8));
  EXPECT_TRUE(vt.terminal().tab_stop(16));
}

TEST(Charsets, DesignationAndShiftState) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.charset(0), Charset::kAscii);
  EXPECT_EQ(t.charset(1), Charset::kAscii);
  EXPECT_EQ(t.active_charset(), 0);
  vt.Write("\x1b(0");
  EXPECT_EQ(t.charset(0), Charset::kDecSpecialGraphics);
  vt.Write("\x1b)0\x0e");
  EXPECT_EQ(t.charset(1), Charset::kDecSpecialGraphics);
  EXPECT_EQ(t.active_charset(), 1);
  vt.Write("\x0f\x1b(B");
  EXPECT_EQ(t.active_charset(), 0);
  EXPECT_EQ(t.charset(0), Charset::kAscii);
}

TEST(Charsets, DecrcRestoresShiftState) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write(
      "\x1b)0\x0e\x1b"
      "7\x0f\x1b)B\x1b"
      "8");
  EXPECT_EQ(vt.terminal().active_charset(), 1);
  EXPECT_EQ(vt.terminal().charset(1), Charset::kDecSpecialGraphics);
}

TEST(Charsets, RisResetsCharsets) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write(
      "\x1b(0\x1b)0\x0e\x1b"
      "cq");
  EXPECT_EQ(vt.RowText(0), "q");
  EXPECT_EQ(vt.terminal().active_charset(), 0);
}

TEST(Reset, DecalnWritesEveryCell) {
  // The cells DECALN fills are written (the state dump shows them, not null).
  VirtualTerminal vt({.cols = 4, .rows = 2});
  vt.Write("\x1b#8");
  for (int r = 0; r < 2; ++r) {
    for (int c = 0; c < 4; ++c) EXPECT_EQ(vt.terminal().cell(c, r).written, 1u) << c << "," << r;
  }
}

TEST(Scrollback, RingTurnsKeepScrolledLinesInOrder) {
  // Whole-screen scrolls turn the ring and recycle the lines the scrollback drops; the
  // scrollback still holds the newest lines in order, and recycled lines come back blank.
  VirtualTerminal vt({.cols = 6, .rows = 3, .scrollback_limit = 4});
  for (int i = 1; i <= 12; ++i) vt.Write(absl::StrCat(i == 1 ? "" : "\r\n", "line", i));
  const Terminal& t = vt.terminal();
  ASSERT_EQ(t.scrollback_size(), 4);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(t.LineText(t.scrollback_line(i)), absl::StrCat("line", 6 + i));
  EXPECT_EQ(vt.ScreenText(), "line10\nline11\nline12");
  vt.Write("\x1b[44m\r\n");  // the new bottom line is erased with the current background
  EXPECT_EQ(vt.RowText(2), "");
  EXPECT_EQ(t.pen(t.cell(5, 2).pen).bg, PenColor::Palette(4));
  EXPECT_FALSE(t.line(2).wrapped);
}

TEST(Reset, DecalnUsesDefaultPen) {
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write("\x1b[44m\x1b#8");
  EXPECT_EQ(vt.terminal().cell(3, 1).ch, U'E');
  EXPECT_EQ(vt.terminal().cell(3, 1).pen, 0u);
}

TEST(Reset, RisResetsPenAndReturnsToPrimary) {
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write(
      "\x1b[1;31m\x1b[?1049h\x1b"
      "cX");
  const Terminal& t = vt.terminal();
  EXPECT_FALSE(t.alternate_screen_active());
  EXPECT_EQ(t.current_pen(), Pen{});
  EXPECT_EQ(t.cell(0, 0).pen, 0u);
}

TEST(Reset, RisKeepsWindowTitle) {
  // xterm charproc.c ReallyReset(full=True) resets title_modes, not the window title itself.
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write(
      "\x1b]2;kept\a\x1b"
      "c");
  EXPECT_EQ(vt.terminal().title(), "kept");
}

TEST(Reset, DecstrResetsPenAndCharsets) {
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write("\x1b[1;31m\x1b(0\x1b[!pq");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(vt.RowText(0), "q");
  EXPECT_EQ(t.current_pen(), Pen{});
  EXPECT_EQ(t.cell(0, 0).pen, 0u);
}

TEST(Stats, BelIsCounted) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("\a\a\x1b]2;t\a");
  EXPECT_EQ(vt.terminal().stats().bells, 2u);
}

TEST(Stats, UnknownSequencesAreCounted) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("\x1b[?1234h");
  EXPECT_EQ(vt.terminal().stats().ignored_total, 1u);
  EXPECT_EQ(vt.terminal().stats().ignored.count("CSI ? 1234 h"), 1u);
  vt.Write("\x1b[5;5y\x1b[?1234h");
  EXPECT_EQ(vt.terminal().stats().ignored_total, 3u);
  EXPECT_EQ(vt.terminal().stats().ignored.at("CSI ? 1234 h"), 2u);
}

TEST(Stats, KnownSequencesAreNotCounted) {
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write("\x1b[1;31m\x1b[2J\x1b[H\x1b[?25l\x1b[?1049h\x1b[?1049l\x1b]2;t\a\x1b(0\x1b(B");
  EXPECT_EQ(vt.terminal().stats().ignored_total, 0u);
}

TEST(Stats, PrivateMarkerSgrIsIgnoredAndCounted) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("\x1b[=4;1m");
  EXPECT_EQ(vt.terminal().current_pen(), Pen{});
  EXPECT_EQ(vt.terminal().stats().ignored_total, 1u);
}

// `CSI > 4 ; 1 m` is XTMODKEYS, not SGR: the pen stays, and the value is kept for XTQMODKEYS.
TEST(Stats, XtmodkeysIsNoSgr) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("\x1b[>4;1m");
  EXPECT_EQ(vt.terminal().current_pen(), Pen{});
  EXPECT_EQ(vt.terminal().stats().ignored_total, 0u);
  vt.Write("\x1b[?4m");
  EXPECT_EQ(vt.TakeReplies(), "\x1b[>4;1m");
}

TEST(Replies, NoRepliesWithoutQueries) {
  VirtualTerminal vt({.cols = 10, .rows = 4});
  vt.Write("hello\x1b[2J\x1b[1;31m");
  EXPECT_THAT(vt.TakeReplies(), IsEmpty());
}

}  // namespace
}  // namespace vtsnap

namespace vtsnap {
namespace {

// Found in review: hostile or long streams must cost bounded time and memory.

TEST(Bounds, RepInInsertModeEqualsInsertingOneByOne) {
  VirtualTerminal rep({.cols = 10, .rows = 3});
  rep.Write("abcdefgh\x1b[1G\x1b[4hx\x1b[12b");
  VirtualTerminal one_by_one({.cols = 10, .rows = 3});
  one_by_one.Write("abcdefgh\x1b[1G\x1b[4hxxxxxxxxxxxxx");
  for (int r = 0; r < 3; ++r) EXPECT_EQ(rep.RowText(r), one_by_one.RowText(r)) << r;
  EXPECT_EQ(rep.cursor().col, one_by_one.cursor().col);
  EXPECT_EQ(rep.cursor().row, one_by_one.cursor().row);
}

TEST(Bounds, DistinctColoursDoNotGrowTheTablesWithoutLimit) {
  // Without scrollback only the 40 cells on screen are live; the tables are compacted back to
  // them whenever one reaches 4096 entries.
  VirtualTerminal vt({.cols = 20, .rows = 2, .scrollback_limit = 0});
  std::string bytes;
  for (int i = 0; i < 200000; ++i) {
    bytes += "\x1b[38;2;" + std::to_string(i % 256) + ";" + std::to_string(i / 256 % 256) + ";" +
             std::to_string(i / 65536) + "mx";
  }
  vt.Write(bytes);
  EXPECT_LE(vt.terminal().interned_entries(), 4096u + 2);
  // The last cell still has the last colour (i = 199999: 63, 13, 3).
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.pen(t.cell(t.cursor().col, t.cursor().row).pen).fg, PenColor::Rgb(63, 13, 3));
}

TEST(Bounds, CompactionKeepsTheCurrentPenAndItsErasePen) {
  VirtualTerminal vt({.cols = 4, .rows = 1});
  std::string bytes;
  for (int i = 0; i < 10000; ++i)
    bytes += "\x1b[48;5;" + std::to_string(i % 256) + ";38;2;1;2;" + std::to_string(i % 256) + "m";
  bytes += "\x1b[44m\x1b[2K";
  vt.Write(bytes);
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.pen(t.cell(0, 0).pen).bg, PenColor::Palette(4));
  EXPECT_TRUE(t.pen(t.cell(0, 0).pen).fg.is_default());
}

// JoinGlyph remembers what joining a code point to a grapheme gives, by cluster id; the ids are
// renumbered by a compaction, so the remembered answers must go with them.
TEST(Bounds, RememberedJoinsStayRightAcrossCompactions) {
  VirtualTerminal vt(
      {.cols = 8, .rows = 1, .scrollback_limit = 0, .width = {.emoji_presentation_wide = true}});
  const std::string heart = "\xe2\x9d\xa4\xef\xb8\x8f";  // U+2764 U+FE0F: wide with the option
  vt.Write("e\xcc\x81" + heart);
  std::string flood;  // 6000 distinct clusters (CJK ideograph + U+0301): several compactions
  for (char32_t base = 0x4E00; base < 0x4E00 + 6000; ++base) {
    AppendUtf8(base, &flood);
    flood += "\xcc\x81\r";
  }
  vt.Write(flood);
  vt.Write("\x1b[2K\r" + heart + "e\xcc\x81\xcc\x82");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.Grapheme(t.cell(0, 0)), heart);
  EXPECT_EQ(t.cell(0, 0).width, 2);  // the remembered width: VS16 widens
  EXPECT_EQ(t.Grapheme(t.cell(2, 0)), "e\xcc\x81\xcc\x82");
  EXPECT_EQ(t.cell(2, 0).width, 1);
  EXPECT_EQ(vt.cursor().col, 3);
  EXPECT_LE(t.interned_entries(), 3u * 4096u);
}

// The same, when the compactions come from pens and the join is found in the direct-mapped slots
// in front of that memory (what a flood of distinct clusters would evict): a compaction that
// renumbers the remembered cluster empties the slots too.
TEST(Bounds, RememberedJoinsStayRightAcrossPenCompactions) {
  VirtualTerminal vt({.cols = 8, .rows = 1, .scrollback_limit = 0});
  vt.Write(
      "o\xcc\x88"
      "e\xcc\x81");   // two clusters, the second remembered for e + U+0301
  vt.Write("\rx");    // the first is gone, so a compaction renumbers the second
  std::string flood;  // 6000 distinct pens, each held by a cell in turn: several compactions
  for (int i = 0; i < 6000; ++i) {
    absl::StrAppend(&flood, "\x1b[38;2;", i % 256, ";", i / 256, ";0m\rx");
  }
  vt.Write(flood + "\x1b[m");
  vt.Write("\x1b[1;3He\xcc\x81\x1b[1;6Hae\xcc\x81");  // JoinGlyph, and inside a run
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.Grapheme(t.cell(1, 0)), "e\xcc\x81");
  EXPECT_EQ(t.Grapheme(t.cell(2, 0)), "e\xcc\x81");
  EXPECT_EQ(t.Grapheme(t.cell(6, 0)), "e\xcc\x81");
  EXPECT_LE(t.interned_entries(), 3u * 4096u);
}

TEST(Bounds, SizeIsClampedToTheLargestDimension) {
  VirtualTerminal vt({.cols = 100000, .rows = 0});
  EXPECT_EQ(vt.cols(), kMaxTerminalDimension);
  EXPECT_EQ(vt.rows(), 1);
  vt.Resize(5, 99999);
  EXPECT_EQ(vt.rows(), kMaxTerminalDimension);
}

TEST(Bounds, OverlongHyperlinkTargetIsIgnored) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("\x1b]8;;https://e.example/" + std::string(9000, 'a') + "\x07" + "x\x1b]8;;\x07");
  EXPECT_EQ(vt.terminal().cell(0, 0).link, 0u);
}

TEST(Bounds, EmojiPresentationAtTheRightMarginStaysNarrow) {
  VirtualTerminal vt({.cols = 3, .rows = 1, .width = {.emoji_presentation_wide = true}});
  vt.Write("ab\xe2\x9d\xa4\xef\xb8\x8f");
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.cell(2, 0).width, 1);
  EXPECT_EQ(t.Grapheme(t.cell(2, 0)), "\xe2\x9d\xa4");
}

TEST(Bounds, MoreThan32SgrParametersKeepTheFirst32) {
  VirtualTerminal vt({.cols = 4, .rows = 1});
  std::string sgr = "\x1b[1";
  for (int i = 0; i < 40; ++i) sgr += ";39";
  vt.Write(sgr + "mX");
  EXPECT_TRUE(vt.terminal().pen(vt.terminal().cell(0, 0).pen).has(kAttrBold));
}

}  // namespace
}  // namespace vtsnap
