// The VT420 rectangular area operations (terminal_rectangles.cc): DECCRA, DECFRA, DECERA, DECSERA,
// DECCARA, DECRARA and DECSACE, against a real xterm 379 (Debian 12's package `xterm`).
//
// kScreenCases: each case's whole screen. Every expected screen was checked against xterm 379
// with test/decoder/check_with_xterm.sh, which replays the cases this test dumps and compares
// xterm's printed screen (MC, `CSI i`) with the expected rows:
//
//   VTSNAP_DUMP_CASES=/tmp/cases build/bin/rectangles_test
//   test/decoder/check_with_xterm.sh /tmp/cases
//
// Where the cursor matters a case prints a marker (`X`) last. A wide character's right half is
// not shown: a row reads as its text (Terminal::RowText).
//
// kChecksumCases: what the printed screen does not show (the attributes, which cells count as
// drawn, protection): a DECRQCRA checksum after the setup, recorded from xterm 379 under Xvfb
// with `decTerminalID: 420` and `utf8: 1` on an 80x24 screen (see replies_window_test.cc for the
// recording; each case starts after RIS). The checksum adds 0x10 for underline, 0x20 inverse,
// 0x40 blink and 0x80 bold to a cell's character, and counts drawn blanks (terminal_checksum.cc).
//
// ColourCases: the colours a cell keeps, as xterm 379 printed them with `printAttributes: 2`.
//
// kDeviationCases pin what vtsnap does where it differs from xterm, with xterm's answer beside it
// (docs/xterm-deviations.md, "Rectangles and line attributes").
#include <cstdlib>
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"

namespace vtsnap {
namespace {

struct ScreenCase {
  std::string name;
  int cols;
  int rows;
  std::string input;
  std::vector<std::string> screen;  // every row; trailing blanks do not count
};

void PrintTo(const ScreenCase& c, std::ostream* os) { *os << c.name; }

// Four rows of distinct text on a 10x4 screen (the cursor ends on the last row, wrap pending).
const std::string kData = "abcdefghij\r\nklmnopqrst\r\nuvwxyz0123\r\nABCDEFGHIJ";
const std::vector<std::string> kDataRows = {"abcdefghij", "klmnopqrst", "uvwxyz0123", "ABCDEFGHIJ"};
// The scroll region at rows 2-3 and, with DECLRMM, the margins at columns 3-6; the cursor homes.
const std::string kMargins = "\x1b[2;3r\x1b[?69h\x1b[3;6s";
// Four wide characters on the first row, digits on the second (10x3). In these tables `@` stands
// for U+4E2D, a wide character (two cells).
const std::string kWide = "@@@@\r\n0123456789";

std::vector<ScreenCase> ScreenCases() {
  return {
      // --- DECFRA: CSI Pch ; Pt ; Pl ; Pb ; Pr $ x.
      {"FillWritesTheCharacterIntoTheRectangle",
       10,
       4,
       kData + "\x1b[42;2;3;3;5$x",
       {"abcdefghij", "kl***pqrst", "uv***z0123", "ABCDEFGHIJ"}},
      {"FillWithOnlyTheCharacterFillsThePage",
       10,
       4,
       kData + "\x1b[35$x",
       {"##########", "##########", "##########", "##########"}},
      {"FillWithZeroEdgesFillsThePage",
       10,
       4,
       kData + "\x1b[35;0;0;0;0$x",
       {"##########", "##########", "##########", "##########"}},
      {"FillWithOmittedCharacterFillsNothing", 10, 4, kData + "\x1b[;1;1;2;2$x", kDataRows},
      {"FillWithNoParameterFillsNothing", 10, 4, kData + "\x1b[$x", kDataRows},
      {"FillWithZeroCharacterFillsNothing", 10, 4, kData + "\x1b[0;1;1;2;2$x", kDataRows},
      {"FillWithC0ControlFillsNothing", 10, 4, kData + "\x1b[31;1;1;2;2$x", kDataRows},
      {"FillWithDelFillsNothing", 10, 4, kData + "\x1b[127;1;1;2;2$x", kDataRows},
      {"FillWithC1ControlFillsNothing", 10, 4, kData + "\x1b[150;1;1;2;2$x", kDataRows},
      {"FillWithCombiningMarkFillsNothing", 10, 4, kData + "\x1b[769;1;1;2;2$x", kDataRows},
      {"FillWithLatin1Character",
       10,
       4,
       kData + "\x1b[233;1;1;2;2$x",
       {"\xc3\xa9\xc3\xa9"
        "cdefghij",
        "\xc3\xa9\xc3\xa9"
        "mnopqrst",
        "uvwxyz0123", "ABCDEFGHIJ"}},
      {"FillWithCharacterPastLatin1",
       10,
       4,
       kData + "\x1b[256;1;1;2;2$x",
       {"\xc4\x80\xc4\x80"
        "cdefghij",
        "\xc4\x80\xc4\x80"
        "mnopqrst",
        "uvwxyz0123", "ABCDEFGHIJ"}},
      // xterm 379 fills with what its wcwidth says is one cell wide: the soft hyphen is; an
      // unassigned code point, a surrogate, U+FFFF and a zero-width space are not.
      {"FillWithSoftHyphen",
       10,
       4,
       kData + "\x1b[173;1;1;1;1$x",
       {"\xc2\xad"
        "bcdefghij",
        "klmnopqrst", "uvwxyz0123", "ABCDEFGHIJ"}},
      {"FillWithUnassignedCodePointFillsNothing", 10, 4, kData + "\x1b[888;1;1;1;1$x", kDataRows},
      {"FillWithSurrogateFillsNothing", 10, 4, kData + "\x1b[55296;1;1;1;1$x", kDataRows},
      {"FillWithNoncharacterFillsNothing", 10, 4, kData + "\x1b[65535;1;1;1;1$x", kDataRows},
      {"FillWithZeroWidthSpaceFillsNothing", 10, 4, kData + "\x1b[8203;1;1;1;1$x", kDataRows},
      {"FillEdgesPastThePageAreClamped",
       10,
       4,
       kData + "\x1b[37;3;8;20;30$x",
       {"abcdefghij", "klmnopqrst", "uvwxyz0%%%", "ABCDEFG%%%"}},
      {"FillWithTopBelowBottomFillsNothing", 10, 4, kData + "\x1b[37;3;1;2;5$x", kDataRows},
      {"FillWithLeftRightOfRightFillsNothing", 10, 4, kData + "\x1b[37;1;5;2;3$x", kDataRows},
      {"FillStartingBelowThePageFillsNothing", 10, 4, kData + "\x1b[37;5;1;9;9$x", kDataRows},
      {"FillStartingRightOfThePageFillsNothing", 10, 4, kData + "\x1b[37;1;11;2;20$x", kDataRows},
      {"FillIgnoresTheMarginsWithoutOriginMode",
       10,
       4,
       kData + kMargins + "\x1b[37;1;1;4;10$x",
       {"%%%%%%%%%%", "%%%%%%%%%%", "%%%%%%%%%%", "%%%%%%%%%%"}},
      {"FillUnderOriginModeIsRelativeToTheMargins",
       10,
       4,
       kData + kMargins + "\x1b[?6h\x1b[37;1;1;1;2$x",
       {"abcdefghij", "kl%%opqrst", "uvwxyz0123", "ABCDEFGHIJ"}},
      {"FillUnderOriginModeIsClampedToTheMargins",
       10,
       4,
       kData + kMargins + "\x1b[?6h\x1b[37;1;1;9;9$x",
       {"abcdefghij", "kl%%%%qrst", "uv%%%%0123", "ABCDEFGHIJ"}},
      // xterm: xtermParseRect adds the margin to the default top (already the margin).
      {"FillUnderOriginModeDefaultTopGetsTheMarginTwice",
       10,
       4,
       kData + "\x1b[2;4r\x1b[?6h\x1b[37$x",
       {"abcdefghij", "klmnopqrst", "%%%%%%%%%%", "%%%%%%%%%%"}},
      {"FillDoesNotMoveTheCursor",
       10,
       4,
       kData + "\x1b[2;2H\x1b[37;3;3;4;4$xX",
       {"abcdefghij", "kXmnopqrst", "uv%%yz0123", "AB%%EFGHIJ"}},
      {"FillKeepsAPendingWrap",
       10,
       4,
       kData + "\x1b[37;4;1;4;1$xX",
       {"klmnopqrst", "uvwxyz0123", "%BCDEFGHIJ", "X"}},
      {"FillBlanksAWideCharacterCutByTheLeftEdge",
       10,
       3,
       kWide + "\x1b[37;1;2;1;3$x",
       {" %% @@", "0123456789", ""}},
      {"FillBlanksAWideCharacterCutByTheRightEdge",
       10,
       3,
       kWide + "\x1b[37;1;1;1;3$x",
       {"%%% @@", "0123456789", ""}},
      {"FillBelowVt420FillsNothing", 10, 4, "\x1b[63;1\"p" + kData + "\x1b[37;1;1;2;2$x",
       kDataRows},

      // --- DECERA: CSI Pt ; Pl ; Pb ; Pr $ z.
      {"EraseBlanksTheRectangle",
       10,
       4,
       kData + "\x1b[2;3;3;5$z",
       {"abcdefghij", "kl   pqrst", "uv   z0123", "ABCDEFGHIJ"}},
      {"EraseWithoutParametersErasesThePage", 10, 4, kData + "\x1b[$z", {"", "", "", ""}},
      {"EraseEdgesPastThePageAreClamped",
       10,
       4,
       kData + "\x1b[3;8;20;30$z",
       {"abcdefghij", "klmnopqrst", "uvwxyz0", "ABCDEFG"}},
      {"EraseUnderOriginModeIsClampedToTheMargins",
       10,
       4,
       kData + kMargins + "\x1b[?6h\x1b[1;1;9;9$z",
       {"abcdefghij", "kl    qrst", "uv    0123", "ABCDEFGHIJ"}},
      {"EraseBlanksWideCharactersCutByItsEdges",
       10,
       3,
       kWide + "\x1b[1;2;1;3$z",
       {"    @@", "0123456789", ""}},
      {"EraseErasesProtectedCharacters",
       10,
       4,
       "ab\x1b[1\"qcd\x1b[0\"qef\x1b[1;1;1;10$z",
       {"", "", "", ""}},
      {"EraseDoesNotMoveTheCursor", 10, 4, kData + "\x1b[2;2H\x1b[1;1;4;10$zX", {"", " X", "", ""}},

      // --- DECSERA: CSI Pt ; Pl ; Pb ; Pr $ {.
      {"SelectiveEraseBlanksTheRectangle",
       10,
       4,
       kData + "\x1b[2;3;3;5${",
       {"abcdefghij", "kl   pqrst", "uv   z0123", "ABCDEFGHIJ"}},
      {"SelectiveEraseWithoutParametersErasesThePage", 10, 4, kData + "\x1b[${", {"", "", "", ""}},
      {"SelectiveEraseUnderOriginModeIsClampedToTheMargins",
       10,
       4,
       kData + kMargins + "\x1b[?6h\x1b[1;1;9;9${",
       {"abcdefghij", "kl    qrst", "uv    0123", "ABCDEFGHIJ"}},
      {"SelectiveEraseBlanksWideCharactersCutByItsEdges",
       10,
       3,
       kWide + "\x1b[1;2;1;3${",
       {"    @@", "0123456789", ""}},
      {"SelectiveEraseKeepsDecProtectedCharacters",
       10,
       4,
       "ab\x1b[1\"qcd\x1b[0\"qef\x1b[1;1;1;10${",
       {"  cd", "", "", ""}},
      {"SelectiveEraseKeepsWhatDecfraFilledUnderDecsca",
       10,
       4,
       "\x1b[1\"q\x1b[65;1;1;1;3$x\x1b[0\"q\x1b[1;1;1;10${",
       {"AAA", "", "", ""}},
      {"SelectiveEraseKeepsWhatDeccraCopiedFromProtected",
       10,
       4,
       "\x1b[1\"qab\x1b[0\"qcd\x1b[1;1;1;4;1;2;1$v\x1b[1;1;2;10${",
       {"ab", "ab", "", ""}},
      // xterm: ScrnWipeRectangle asks IsProtected, true in DEC protection (DECSCA) only.
      {"SelectiveEraseErasesIsoProtectedCharacters",
       10,
       4,
       "ab\x1bVcd\x1bWef\x1b[1;1;1;10${",
       {"", "", "", ""}},
      {"SelectiveEraseKeepsAProtectedWideCharacterAtItsEdge",
       10,
       3,
       "\x1b[1\"q@\x1b[0\"q@@\x1b[1;2;1;3${",
       {"@  @", "", ""}},

      // --- DECCRA: CSI Pts ; Pls ; Pbs ; Prs ; Pps ; Ptd ; Pld ; Ppd $ v.
      {"CopyCopiesTheRectangle",
       10,
       4,
       kData + "\x1b[1;1;2;3;1;3;5$v",
       {"abcdefghij", "klmnopqrst", "uvwxabc123", "ABCDklmHIJ"}},
      {"CopyOverlappingDownRightReadsTheSourceFirst",
       10,
       4,
       kData + "\x1b[1;1;3;5;1;2;2$v",
       {"abcdefghij", "kabcdeqrst", "uklmno0123", "AuvwxyGHIJ"}},
      {"CopyOverlappingUpLeft",
       10,
       4,
       kData + "\x1b[2;2;4;6;1;1;1$v",
       {"lmnopfghij", "vwxyzpqrst", "BCDEFz0123", "ABCDEFGHIJ"}},
      {"CopyWithoutParametersChangesNothing", 10, 4, kData + "\x1b[$v", kDataRows},
      {"CopyTargetDefaultsToTheTopLeft",
       10,
       4,
       kData + "\x1b[3;4$v",
       {"xyz0123hij", "DEFGHIJrst", "uvwxyz0123", "ABCDEFGHIJ"}},
      {"CopyIsClippedAtThePageEdge",
       10,
       4,
       kData + "\x1b[1;1;2;5;1;3;8$v",
       {"abcdefghij", "klmnopqrst", "uvwxyz0abc", "ABCDEFGklm"}},
      {"CopyIgnoresTheMarginsWithoutOriginMode",
       10,
       4,
       kData + kMargins + "\x1b[1;1;1;10;1;4;1$v",
       {"abcdefghij", "klmnopqrst", "uvwxyz0123", "abcdefghij"}},
      {"CopyUnderOriginModeIsRelativeAndClippedToTheMargins",
       10,
       4,
       kData + kMargins + "\x1b[?6h\x1b[1;1;1;4;1;2;2$v",
       {"abcdefghij", "klmnopqrst", "uvwmno0123", "ABCDEFGHIJ"}},
      {"CopyWithTargetBelowThePageCopiesNothing", 10, 4, kData + "\x1b[1;1;1;3;1;5;1$v", kDataRows},
      {"CopyIgnoresPageNumbers",
       10,
       4,
       kData + "\x1b[1;1;1;3;7;4;1;9$v",
       {"abcdefghij", "klmnopqrst", "uvwxyz0123", "abcDEFGHIJ"}},
      {"CopyDoesNotMoveTheCursor",
       10,
       4,
       kData + "\x1b[2;2H\x1b[1;1;1;3;1;4;1$vX",
       {"abcdefghij", "kXmnopqrst", "uvwxyz0123", "abcDEFGHIJ"}},
      {"CopyBelowVt420CopiesNothing", 10, 4, "\x1b[63;1\"p" + kData + "\x1b[1;1;1;3;1;4;1$v",
       kDataRows},
      {"CopyWithWideCharacters", 10, 3, kWide + "\x1b[1;1;1;4;1;2;2$v", {"@@@@", "0@@56789", ""}},
      // xterm: saveCellData blanks a wide character's half at the source's edges.
      {"CopyBlanksAWideCharacterCutByTheSourceRightEdge",
       10,
       3,
       kWide + "\x1b[1;1;1;3;1;2;1$v",
       {"@@@@", "@ 3456789", ""}},
      {"CopyBlanksAWideCharacterCutByTheSourceLeftEdge",
       10,
       3,
       kWide + "\x1b[1;2;1;4;1;2;1$v",
       {"@@@@", " @3456789", ""}},
      {"CopyBlanksAWideCharacterCutByTheTargetLeftEdge",
       10,
       3,
       kWide + "\x1b[1;1;2;10;1;1;1$v" + "\x1b[2;1;2;3;1;1;4$v",
       {"@ 012@", "0123456789", ""}},
      {"CopyClippedAtThePageKeepsAWholeWideCharacter",
       10,
       3,
       kWide + "\x1b[1;1;1;4;1;2;9$v",
       {"@@@@", "01234567@", ""}},
  };
}

std::string Wide(std::string s) {
  std::string out;
  for (char c : s) out += c == '@' ? "\xe4\xb8\xad" : std::string(1, c);
  return out;
}

class ScreenTest : public ::testing::TestWithParam<ScreenCase> {};

TEST_P(ScreenTest, MatchesXterm) {
  const ScreenCase& c = GetParam();
  const std::string input = Wide(c.input);
  SCOPED_TRACE(absl::StrCat(c.name, ": \"", absl::CHexEscape(input), "\""));
  ASSERT_EQ(static_cast<int>(c.screen.size()), c.rows) << "the table must list every row";
  std::vector<std::string> want;
  for (const std::string& row : c.screen) want.push_back(Wide(row));
  if (const char* dir = std::getenv("VTSNAP_DUMP_CASES"); dir != nullptr) {
    // For check_with_xterm.sh: the bytes, and the expected rows.
    std::ofstream(absl::StrCat(dir, "/", c.name, ".", c.cols, "x", c.rows, ".bytes"),
                  std::ios::binary)
        << input;
    std::ofstream(absl::StrCat(dir, "/", c.name, ".", c.cols, "x", c.rows, ".expected"))
        << absl::StrJoin(want, "\n") << "\n";
  }
  VirtualTerminal vt({.cols = c.cols, .rows = c.rows});
  vt.Write(input);
  for (int r = 0; r < c.rows; ++r) {
    std::string row = want[r];
    while (!row.empty() && row.back() == ' ') row.pop_back();
    EXPECT_EQ(vt.RowText(r), row) << "row " << r;
  }
}

INSTANTIATE_TEST_SUITE_P(Xterm, ScreenTest, ::testing::ValuesIn(ScreenCases()),
                         [](const auto& info) { return info.param.name; });

struct ChecksumCase {
  std::string name;
  std::string setup;  // after RIS, on an 80x24 screen
  std::string query;  // DECRQCRA (or DECRQSS)
  std::string reply;  // what xterm 379 answered
};

void PrintTo(const ChecksumCase& c, std::ostream* os) { *os << c.name; }

std::string Answer(const ChecksumCase& c) {
  VirtualTerminal vt({.cols = 80, .rows = 24});
  vt.Write(c.setup);
  vt.TakeReplies();
  vt.Write(c.query);
  return vt.TakeReplies();
}

// U+4E2D (wide) four times, in UTF-8.
#define WIDE4 "\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad"

std::vector<ChecksumCase> ChecksumCases() {
  return {
      {"ChangeSetsBold", "abcdefghij\x1b[1;2;1;4;1$r", "\x1b[1;1;1;1;1;10*y", "\x1bP1!~FA89\x1b\\"},
      {"ChangeSetsUnderline", "abcdefghij\x1b[1;2;1;4;4$r", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FBD9\x1b\\"},
      {"ChangeSetsBlink", "abcdefghij\x1b[1;2;1;4;5$r", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FB49\x1b\\"},
      {"ChangeSetsInverse", "abcdefghij\x1b[1;2;1;4;7$r", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FBA9\x1b\\"},
      {"ChangeInvisibleDoesNothing", "abcdefghij\x1b[1;2;1;4;8$r", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FC09\x1b\\"},
      {"ChangeSetsSeveral", "abcdefghij\x1b[1;2;1;4;1;4;5;7$r", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~F939\x1b\\"},
      {"ChangeWithoutAttributeDoesNothing", "abcdefghij\x1b[1;2;1;4$r", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FC09\x1b\\"},
      {"ChangeClearsAll", "\x1b[1;4;5;7mabcdefghij\x1b[m\x1b[1;2;1;4;0$r", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~F579\x1b\\"},
      {"ChangeClearsBold", "\x1b[1;4;5;7mabcdefghij\x1b[m\x1b[1;2;1;4;22$r", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~F429\x1b\\"},
      {"ChangeClearsUnderline", "\x1b[1;4;5;7mabcdefghij\x1b[m\x1b[1;2;1;4;24$r",
       "\x1b[1;1;1;1;1;10*y", "\x1bP1!~F2D9\x1b\\"},
      {"ChangeClearsBlink", "\x1b[1;4;5;7mabcdefghij\x1b[m\x1b[1;2;1;4;25$r", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~F369\x1b\\"},
      {"ChangeClearsInverse", "\x1b[1;4;5;7mabcdefghij\x1b[m\x1b[1;2;1;4;27$r",
       "\x1b[1;1;1;1;1;10*y", "\x1bP1!~F309\x1b\\"},
      {"ChangeClearInvisibleDoesNothing", "\x1b[8mabcdefghij\x1b[m\x1b[1;2;1;4;28$r",
       "\x1b[1;1;1;1;1;10*y", "\x1bP1!~FEC0\x1b\\"},
      {"ChangeSetThenClearAll", "abcdefghij\x1b[1;2;1;4;1;0$r", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FC09\x1b\\"},
      {"ChangeClearAllThenSet", "\x1b[4mabcdefghij\x1b[m\x1b[1;2;1;4;0;1$r", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FA19\x1b\\"},
      {"ChangeKeepsColours", "\x1b[31;42mabcdefghij\x1b[m\x1b[1;2;1;4;1$r", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FA89\x1b\\"},
      {"ChangeBlankUndrawnCells", "\x1b[1;1;1;5;1$r", "\x1b[1;1;1;1;1;10*y", "\x1bP1!~FCE0\x1b\\"},
      {"ChangeIgnoresOtherValues", "abcdefghij\x1b[1;2;1;4;2;3;9;21;53$r", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FC09\x1b\\"},
      {"ReverseTogglesBold", "\x1b[1mabcde\x1b[mfghij\x1b[1;3;1;8;1$t", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~F989\x1b\\"},
      {"ReverseTogglesUnderlineBlinkInverse", "\x1b[4;5mabcde\x1b[mfghij\x1b[1;3;1;8;4;5;7$t",
       "\x1b[1;1;1;1;1;10*y", "\x1bP1!~F9B9\x1b\\"},
      {"ReverseTwiceRestores", "\x1b[1mabcde\x1b[mfghij\x1b[1;3;1;8;1;1$t", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~F989\x1b\\"},
      {"ReverseZeroDoesNothing", "\x1b[1mabcde\x1b[mfghij\x1b[1;3;1;8;0$t", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~F989\x1b\\"},
      {"ReverseInvisibleDoesNothing", "abcdefghij\x1b[1;3;1;8;8$t", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FC09\x1b\\"},
      {"ReverseClearValuesDoNothing", "\x1b[1mabcdefghij\x1b[1;3;1;8;22$t", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~F709\x1b\\"},
      {"ChangeStreamByDefault", "abcdefghij\r\nklmnopqrst\r\nuvwxyz0123\x1b[1;3;3;5;1$r",
       "\x1b[1;1;1;1;3;80*y", "\x1bP1!~911B\x1b\\"},
      {"ChangeStreamWithSace1", "abcdefghij\r\nklmnopqrst\r\nuvwxyz0123\x1b[1*x\x1b[1;3;3;5;1$r",
       "\x1b[1;1;1;1;3;80*y", "\x1bP1!~911B\x1b\\"},
      {"ChangeRectangleWithSace2", "abcdefghij\r\nklmnopqrst\r\nuvwxyz0123\x1b[2*x\x1b[1;3;3;5;1$r",
       "\x1b[1;1;1;1;3;80*y", "\x1bP1!~EF9B\x1b\\"},
      {"ReverseRectangleWithSace2",
       "abcdefghij\r\nklmnopqrst\r\nuvwxyz0123\x1b[2*x\x1b[1;3;3;5;7$t", "\x1b[1;1;1;1;3;80*y",
       "\x1bP1!~F2FB\x1b\\"},
      {"ChangeSace2ThenSace0IsStream",
       "abcdefghij\r\nklmnopqrst\r\nuvwxyz0123\x1b[2*x\x1b[0*x\x1b[1;3;3;5;1$r",
       "\x1b[1;1;1;1;3;80*y", "\x1bP1!~911B\x1b\\"},
      {"ChangeSace2KeptByDecstr",
       "abcdefghij\r\nklmnopqrst\r\nuvwxyz0123\x1b[2*x\x1b[!p\x1b[1;3;3;5;1$r",
       "\x1b[1;1;1;1;3;80*y", "\x1bP1!~EF9B\x1b\\"},
      {"ChangeStreamOneRow", "abcdefghij\r\nklmnopqrst\r\nuvwxyz0123\x1b[2;3;2;5;1$r",
       "\x1b[1;1;1;1;3;80*y", "\x1bP1!~F29B\x1b\\"},
      {"ChangeStreamUnderOriginStaysInMargins",
       "abcdefghij\r\nklmnopqrst\r\nuvwxyz0123\x1b[?69h\x1b[2;6s\x1b[?6h\x1b[1;2;3;3;1$r\x1b[?"
       "6l\x1b[?69l",
       "\x1b[1;1;1;1;3;80*y", "\x1bP1!~EE1B\x1b\\"},
      {"ChangeBelowVt420DoesNothing", "\x1b[63;1\"pabcdefghij\x1b[1;2;1;4;1$r\x1b[64;1\"p",
       "\x1b[1;1;1;1;1;10*y", "\x1bP1!~FC09\x1b\\"},
      {"EraseTakesTheCurrentAttributes", "abcdefghij\x1b[1;4m\x1b[1;2;1;4$z", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FB22\x1b\\"},
      {"EraseMarksBlanksDrawn", "\x1b[1;1;1;5$z", "\x1b[1;1;1;1;1;10*y", "\x1bP1!~FF60\x1b\\"},
      {"EraseReplacesOldAttributes", "\x1b[7mabcdefghij\x1b[m\x1b[1;2;1;4$z", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FBF2\x1b\\"},
      {"FillTakesTheCurrentAttributes", "\x1b[4;5m\x1b[65;1;3;1;6$x", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FD9C\x1b\\"},
      {"FillReplacesOldAttributes", "\x1b[1mabcdefghij\x1b[m\x1b[65;1;3;1;6$x",
       "\x1b[1;1;1;1;1;10*y", "\x1bP1!~F997\x1b\\"},
      {"FillWithInvisiblePen", "\x1b[8m\x1b[65;1;3;1;6$x", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FEDC\x1b\\"},
      {"SelectiveEraseKeepsAttributes", "\x1b[1;7mabcdefghij\x1b[m\x1b[1;2;1;4${",
       "\x1b[1;1;1;1;1;10*y", "\x1bP1!~F692\x1b\\"},
      {"SelectiveEraseMarksBlanksDrawn", "\x1b[1;1;1;5${", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FF60\x1b\\"},
      {"CopyCarriesAttributes", "\x1b[7mab\x1b[4mcd\x1b[mef\x1b[1;1;1;6;1;2;3$v",
       "\x1b[1;1;2;1;2;10*y", "\x1bP1!~FCEB\x1b\\"},
      {"CopyMarksTargetDrawn", "\x1b[1;1;1;5;1;2;1$v", "\x1b[1;1;2;1;2;10*y", "\x1bP1!~FF60\x1b\\"},
      {"CopyClippedByOriginMarksDrawn", "\x1b[1;2r\x1b[?6h\x1b[1;1;2;5;1;2;1$v\x1b[?6l\x1b[r",
       "\x1b[1;1;3;1;3;10*y", "\x1bP1!~FF60\x1b\\"},
      {"CopyWideHalfAtSourceRightIsBlank", WIDE4 "\x1b[1;1;1;3;1;2;1$v", "\x1b[1;1;2;1;2;10*y",
       "\x1bP1!~FEB4\x1b\\"},
      {"CopyWideHalfAtSourceLeftIsBlank", WIDE4 "\x1b[1;2;1;4;1;2;1$v", "\x1b[1;1;2;1;2;10*y",
       "\x1bP1!~FEB4\x1b\\"},
      {"CopyWideCharacterEndingOnTheLastColumn", WIDE4 "\r\n0123456789\x1b[1;1;1;4;1;2;79$v",
       "\x1b[1;1;2;80;2;80*y", "\x1bP1!~FF01\x1b\\"},
      {"FillProtectedByDecsca", "\x1b[1\"q\x1b[65;1;1;1;3$x\x1b[0\"q\x1b[1;1;1;5${",
       "\x1b[1;1;1;1;1;10*y", "\x1bP1!~FEFD\x1b\\"},
      {"SelectiveEraseKeepsDecProtected", "ab\x1b[1\"qcd\x1b[0\"qef\x1b[1;1;1;10${",
       "\x1b[1;1;1;1;1;10*y", "\x1bP1!~FE39\x1b\\"},
      {"SelectiveEraseErasesIsoProtected", "ab\x1bVcd\x1bWef\x1b[1;1;1;10${", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FEC0\x1b\\"},
      {"EraseErasesProtected", "ab\x1b[1\"qcd\x1b[0\"qef\x1b[1;1;1;10$z", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FEC0\x1b\\"},
      {"CopyCarriesProtection", "\x1b[1\"qab\x1b[0\"q\x1b[1;1;1;2;1;2;1$v\x1b[1;1;2;5${",
       "\x1b[1;1;2;1;2;10*y", "\x1bP1!~FEDD\x1b\\"},
      {"DecrqssSaceAfterSace2", "\x1b[2*x", "\x1bP$q*x\x1b\\", "\x1bP0$r\x1b\\"},
      {"DecrqssSaceAtStart", "", "\x1bP$q*x\x1b\\", "\x1bP0$r\x1b\\"},
      {"CopyBelowVt420DoesNothing", "abcdefghij\x1b[63;1\"p\x1b[1;1;1;5;1;2;1$v\x1b[64;1\"p",
       "\x1b[1;1;2;1;2;10*y", "\x1bP1!~FFE0\x1b\\"},
      {"EraseBelowVt420DoesNothing", "abcdefghij\x1b[63;1\"p\x1b[1;1;1;5$z\x1b[64;1\"p",
       "\x1b[1;1;1;1;1;10*y", "\x1bP1!~FC09\x1b\\"},
  };
}

class ChecksumTest : public ::testing::TestWithParam<ChecksumCase> {};

TEST_P(ChecksumTest, MatchesXterm) {
  const ChecksumCase& c = GetParam();
  EXPECT_EQ(absl::CHexEscape(Answer(c)), absl::CHexEscape(c.reply)) << absl::CHexEscape(c.setup);
}

INSTANTIATE_TEST_SUITE_P(Xterm, ChecksumTest, ::testing::ValuesIn(ChecksumCases()),
                         [](const auto& info) { return info.param.name; });

// The colours a cell keeps, which neither the printed screen nor DECRQCRA shows: each case's
// expectation is what xterm 379 printed for that cell with `printAttributes: 2` (its media copy
// then writes each cell's SGR, colours included), the same check_with_xterm.sh run otherwise.
struct ColourCase {
  std::string name;
  std::string input;  // on a 10x2 screen
  int col;
  int row;
  PenColor fg;
  PenColor bg;
  bool bold;
};

void PrintTo(const ColourCase& c, std::ostream* os) { *os << c.name; }

std::vector<ColourCase> ColourCases() {
  const PenColor none = PenColor::Default();
  return {
      // xterm printed ESC [ 0 ; 41 m for the blanks.
      {"EraseUnderTheDefaultPenKeepsTheCellsColours", "\x1b[41mabcdef\x1b[m\x1b[1;1;1;3$z", 0, 0,
       none, PenColor::Palette(1), false},
      // ESC [ 0 ; 32 ; 4-1 m: the background flag kept, with no colour (the default).
      {"EraseWithAColourSetTakesThePensColours", "\x1b[41mabcdef\x1b[m\x1b[32m\x1b[1;1;1;3$z", 0, 0,
       PenColor::Palette(2), none, false},
      {"SelectiveEraseKeepsTheCellsColours", "\x1b[41mabcdef\x1b[m\x1b[1;1;1;3${", 0, 0, none,
       PenColor::Palette(1), false},
      {"CopyCarriesColours", "\x1b[41;33mabcdef\x1b[m\x1b[1;1;1;3;1;2;1$v", 0, 1,
       PenColor::Palette(3), PenColor::Palette(1), false},
      // ESC [ 0 ; 1 ; 41 m A.
      {"FillTakesThePensBoldAndKeepsTheCellsColours",
       "\x1b[41mabcdef\x1b[m\x1b[1m\x1b[65;1;1;1;3$x", 0, 0, none, PenColor::Palette(1), true},
  };
}

class ColourTest : public ::testing::TestWithParam<ColourCase> {};

TEST_P(ColourTest, MatchesXterm) {
  const ColourCase& c = GetParam();
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write(c.input);
  const Pen& pen = vt.terminal().pen(vt.terminal().cell(c.col, c.row).pen);
  EXPECT_EQ(pen.fg, c.fg);
  EXPECT_EQ(pen.bg, c.bg);
  EXPECT_EQ(pen.has(kAttrBold), c.bold);
}

INSTANTIATE_TEST_SUITE_P(Xterm, ColourTest, ::testing::ValuesIn(ColourCases()),
                         [](const auto& info) { return info.param.name; });

// Where vtsnap differs from xterm 379, on purpose: a cell holds either a whole character or one
// half of a wide character that is whole.
struct DeviationCase {
  std::string name;
  std::string setup;
  std::string query;
  std::string vtsnap;  // vtsnap's answer
  std::string xterm;   // xterm 379's (recorded), for the record
};

void PrintTo(const DeviationCase& c, std::ostream* os) { *os << c.name; }

std::vector<DeviationCase> DeviationCases() {
  return {
      // A copy that overwrites a wide character's left half leaves its right half: xterm keeps
      // an empty right half (checksum FF), vtsnap a blank (20).
      {"CopyLeavesABlankWhereARightHalfLostItsCharacter",
       WIDE4 "\r\n0123456789\x1b[2;1;2;3;1;1;3$v", "\x1b[1;1;1;6;1;6*y", "\x1bP1!~FFE0\x1b\\",
       "\x1bP1!~FF01\x1b\\"},
      // A wide character copied to the last column, its right half clipped: xterm keeps the
      // left half (2D), vtsnap a blank.
      {"CopyBlanksAWideCharacterWhoseRightHalfIsClipped",
       WIDE4 "\r\n0123456789\x1b[1;1;1;4;1;2;80$v", "\x1b[1;1;2;80;2;80*y", "\x1bP1!~FFE0\x1b\\",
       "\x1bP1!~FFD3\x1b\\"},
      // DECFRA with a double-width character: xterm stores it in every cell, one cell wide
      // (its printed screen shows it in each); vtsnap fills nothing.
      {"FillWithWideCharacterFillsNothing", "abcdefghij\x1b[20013;1;1;1;2$x", "\x1b[1;1;1;1;1;10*y",
       "\x1bP1!~FC09\x1b\\", "\x1bP1!~FC72\x1b\\"},
  };
}

class DeviationTest : public ::testing::TestWithParam<DeviationCase> {};

TEST_P(DeviationTest, IsPinned) {
  const DeviationCase& c = GetParam();
  const ChecksumCase asked{c.name, c.setup, c.query, c.vtsnap};
  EXPECT_EQ(absl::CHexEscape(Answer(asked)), absl::CHexEscape(c.vtsnap));
  EXPECT_NE(c.vtsnap, c.xterm);
}

INSTANTIATE_TEST_SUITE_P(Pinned, DeviationTest, ::testing::ValuesIn(DeviationCases()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace vtsnap
