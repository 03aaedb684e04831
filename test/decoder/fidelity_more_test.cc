// Decoder fidelity, round three: xterm behaviours its conformance suite (esctest2) checks that
// vtsnap did not model before: reverse wraparound (?45) for BS and CUB, DECBI and DECFI, and what
// DECSCL's conformance levels turn off.
//
// Each case is {bytes in, whole screen out}. The expected screens are written by hand from
// xterm's source (cursor.c, util.c and charproc.c of xterm 379) and were then checked against a
// real xterm 379 (Debian 12) with test/decoder/check_with_xterm.sh, which replays every case in
// xterm under Xvfb and compares xterm's printed screen (MC, `CSI i`) with the expected rows:
//
//   VTSNAP_DUMP_CASES=/tmp/cases build/bin/fidelity_more_test
//   test/decoder/check_with_xterm.sh /tmp/cases
//
// A case prints a marker (`X`) last, so the screen shows where the cursor was.
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "test/decoder/xterm_screen_case.h"

namespace vtsnap {
namespace {

using FidelityCase = XtermScreenCase;

const std::string kReverseWrap = "\x1b[?45h";
// Three rows of distinct text for the margin cases: "0123456789", "abcdefghij", "ABCDEFGHIJ".
const std::string kRows = "0123456789\r\nabcdefghij\r\nABCDEFGHIJ";
// DECLRMM on and margins at columns 3-6 (0-based 2-5); DECSLRM homes the cursor.
const std::string kMargins = "\x1b[?69h\x1b[3;6s";

std::vector<FidelityCase> Cases() {
  return {
      // xterm's more(1) fix (?41): a tab after a full line wraps first, with autowrap only.
      {"MoreFixTabAfterAFullLineWraps",
       10,
       2,
       "\x1b[?41h0123456789\t1",
       {"0123456789", "        1"}},
      {"MoreFixNeedsAutowrap", 10, 2, "\x1b[?41h\x1b[?7l0123456789\t1", {"0123456781", ""}},
      {"WithoutMoreFixATabKeepsThePendingWrap", 10, 2, "0123456789\t1", {"0123456789", "1"}},
      {"MoreFixTabInsideALineIsATab", 10, 2, "\x1b[?41h01\t1", {"01      1", ""}},
      // --- Reverse wraparound (?45), with autowrap: BS and CUB past the left margin continue at
      // the end of the row above (xterm: CursorBack counts the rows as one line). xterm 379 does
      // not look at whether the row above was wrapped.
      {"BackspaceStopsAtTheLeftEdgeWithoutReverseWrap", 10, 2, "ab\r\ncd\r\bX", {"ab", "Xd"}},
      {"BackspaceReverseWrapsToThePreviousRowsEnd",
       10,
       2,
       kReverseWrap + "ab\r\ncd\r\bX",
       {"ab       X", "cd"}},
      {"ReverseWrapNeedsAutowrap", 10, 2, kReverseWrap + "\x1b[?7lab\r\ncd\r\bX", {"ab", "Xd"}},
      {"ReverseWrapResetByDecstr", 10, 2, kReverseWrap + "\x1b[!pab\r\ncd\r\bX", {"ab", "Xd"}},
      {"ReverseWrapResetByDecrst", 10, 2, kReverseWrap + "\x1b[?45lab\r\ncd\r\bX", {"ab", "Xd"}},
      // From the top row the cursor goes to the end of the bottom row.
      {"BackspaceFromTheTopRowGoesToTheBottomRow",
       10,
       3,
       kReverseWrap + "ab\r\bX",
       {"ab", "", "         X"}},
      // From the top margin's row, to the end of the bottom margin's row, not the screen's.
      {"BackspaceFromTheTopMarginGoesToTheBottomMargin",
       10,
       4,
       kReverseWrap + "\x1b[2;3r\x1b[2;1H\bX",
       {"", "", "         X", ""}},
      // Below the top margin the row above is just the previous row, margins or not.
      {"BackspaceFromBelowTheTopMarginGoesUpOneRow",
       10,
       4,
       kReverseWrap + "\x1b[2;3r\x1b[4;1H\bX",
       {"", "", "         X", ""}},
      // A pending wrap counts as one step: BS at the last column with a pending wrap stays.
      {"ReverseWrapBackspaceAfterAPendingWrapStays",
       10,
       2,
       kReverseWrap + "0123456789\bX",
       {"012345678X", ""}},
      {"BackspaceAfterAPendingWrapWithoutReverseWrap", 10, 2, "0123456789\bX", {"01234567X9", ""}},
      {"ReverseWrapCubAfterAPendingWrapGoesOneLessBack",
       10,
       2,
       kReverseWrap + "0123456789\x1b[3DX",
       {"0123456X89", ""}},
      // CUB counts cells across rows.
      {"ReverseWrapCubCrossesRows",
       10,
       3,
       kReverseWrap + "\x1b[3;3H\x1b[13DX",
       {"         X", "", ""}},
      // Back past the top of the screen (not from its left edge) the count goes on from the end
      // of the screen.
      {"ReverseWrapCubPastTheTopContinuesAtTheBottom",
       10,
       3,
       kReverseWrap + "\x1b[1;3H\x1b[5DX",
       {"", "", "       X"}},
      {"ReverseWrapCubPastTheTopTwice",
       10,
       3,
       kReverseWrap + "\x1b[1;3H\x1b[35DX",
       {"", "", "       X"}},
      // Left and right margins: the rows are the margins' width.
      {"ReverseWrapInsideTheMarginsGoesToTheRightMargin",
       10,
       3,
       kRows + kReverseWrap + kMargins + "\x1b[2;3H\bX",
       {"01234X6789", "abcdefghij", "ABCDEFGHIJ"}},
      {"ReverseWrapCubInsideTheMarginsCountsTheMarginsWidth",
       10,
       3,
       kRows + kReverseWrap + kMargins + "\x1b[3;4H\x1b[4DX",
       {"0123456789", "abcXefghij", "ABCDEFGHIJ"}},
      {"ReverseWrapFromTheTopLeftMarginGoesToTheBottomRightMargin",
       10,
       3,
       kRows + kReverseWrap + kMargins + "\x1b[1;3H\bX",
       {"0123456789", "abcdefghij", "ABCDEXGHIJ"}},
      // Left of the left margin the rows count from column 0 to the right margin.
      {"ReverseWrapLeftOfTheMarginsCountsFromTheEdge",
       10,
       3,
       kRows + kReverseWrap + kMargins + "\x1b[2;2H\x1b[3DX",
       {"0123X56789", "abcdefghij", "ABCDEFGHIJ"}},

      // --- DECBI (ESC 6) and DECFI (ESC 9): a column left or right; at the left (right) margin,
      // with the cursor inside the scroll region and the margins, the columns between the margins
      // of every row of the region move right (left) and a blank column comes in (xterm:
      // xtermColIndex, xtermColScroll).
      {"DecbiMovesLeft",
       10,
       1,
       "abc\x1b"
       "6X",
       {"abX"}},
      {"DecfiMovesRight",
       10,
       1,
       "ab\r\x1b"
       "9X",
       {"aX"}},
      {"DecbiAtTheLeftEdgeScrollsTheColumnsRight",
       10,
       3,
       kRows + "\x1b[1;1H\x1b"
               "6X",
       {"X012345678", " abcdefghi", " ABCDEFGHI"}},
      {"DecfiAtTheRightEdgeScrollsTheColumnsLeft",
       10,
       3,
       kRows + "\x1b[2;10H\x1b"
               "9X",
       {"123456789", "bcdefghijX", "BCDEFGHIJ"}},
      {"DecbiAtTheLeftMarginScrollsInsideTheMargins",
       10,
       3,
       kRows + kMargins +
           "\x1b[2;3H\x1b"
           "6X",
       {"01 2346789", "abXcdeghij", "AB CDEGHIJ"}},
      {"DecfiAtTheRightMarginScrollsInsideTheMargins",
       10,
       3,
       kRows + kMargins +
           "\x1b[2;6H\x1b"
           "9X",
       {"01345 6789", "abdefXghij", "ABDEF GHIJ"}},
      {"DecbiLeftOfTheLeftMarginMovesLeft",
       10,
       3,
       kRows + kMargins +
           "\x1b[2;2H\x1b"
           "6X",
       {"0123456789", "Xbcdefghij", "ABCDEFGHIJ"}},
      {"DecfiRightOfTheRightMarginMovesRight",
       10,
       3,
       kRows + kMargins +
           "\x1b[2;8H\x1b"
           "9X",
       {"0123456789", "abcdefghXj", "ABCDEFGHIJ"}},
      {"DecbiScrollsOnlyTheScrollRegion",
       10,
       3,
       kRows + "\x1b[1;2r\x1b[1;1H\x1b"
               "6X",
       {"X012345678", " abcdefghi", "ABCDEFGHIJ"}},
      {"DecbiBelowTheScrollRegionDoesNothing",
       10,
       3,
       kRows + "\x1b[1;2r\x1b[3;1H\x1b"
               "6X",
       {"0123456789", "abcdefghij", "XBCDEFGHIJ"}},
      // The scroll keeps a pending wrap: the next character wraps.
      {"DecfiAtTheRightEdgeKeepsAPendingWrap",
       10,
       2,
       "0123456789\x1b"
       "9X",
       {"123456789", "X"}},
      // A VT420 control: ignored at conformance level 3 (DECSCL 63).
      {"DecbiIgnoredAtLevel3",
       10,
       2,
       "\x1b[63;1\"pabcdef\x1b[1;5H\x1b"
       "6X",
       {"abcdXf", ""}},
      {"DecfiIgnoredAtLevel3",
       10,
       2,
       "\x1b[63;1\"pabcdef\x1b[1;5H\x1b"
       "9X",
       {"abcdXf", ""}},

      // --- DECSCL's levels: below level 4 (VT420) DECLRMM cannot be set, so `CSI Pl ; Pr s` is
      // SCOSC, and DECIC and DECDC are ignored (xterm: dpmodes, CASE_IC, CASE_DC).
      {"DeclrmmIgnoredAtLevel3",
       10,
       2,
       "\x1b[63;1\"p\x1b[?69h\x1b[5;6s\x1b[1;5HabcX",
       {"    abcX", ""}},
      {"DecicIgnoredAtLevel3", 10, 2, "abcdef\x1b[63;1\"p\x1b[1;2H\x1b['}X", {"aXcdef", ""}},
      {"DecicAtLevel4", 10, 2, "abcdef\x1b[64;1\"p\x1b[1;2H\x1b['}X", {"aXbcdef", ""}},
      {"DecdcIgnoredAtLevel3", 10, 2, "abcdef\x1b[63;1\"p\x1b[1;2H\x1b['~X", {"aXcdef", ""}},
      // DECSCL soft-resets the terminal, as DECSTR: here the scroll region goes.
      {"DecsclResetsTheScrollRegion", 10, 3, "\x1b[1;2r\x1b[64;1\"p\x1b[3;1Ha\nb", {"", "a", " b"}},
  };
}

class FidelityMoreTest : public ::testing::TestWithParam<FidelityCase> {};

TEST_P(FidelityMoreTest, MatchesXterm) { ExpectXtermScreen(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Xterm, FidelityMoreTest, ::testing::ValuesIn(Cases()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace vtsnap
