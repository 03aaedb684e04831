// Character protection (decoder/terminal_protection.cc): DECSCA (CSI Ps " q) with DECSED and
// DECSEL (CSI ? Ps J, CSI ? Ps K), and the ISO protected areas (SPA ESC V to EPA ESC W) with
// ED, EL and ECH, as xterm 379 keeps and erases protected cells.
//
// Each case is {bytes in, whole screen out}. The expected screens are written by hand from
// xterm's source (charproc.c: CASE_DECSCA, CASE_SPA, CASE_EPA; util.c: do_erase_display,
// do_erase_line, do_erase_char, ClearInLine2) and were then checked against a real xterm 379
// (Debian 12) with test/decoder/check_with_xterm.sh, which replays every case in xterm under Xvfb
// and compares xterm's printed screen (MC, `CSI i`) with the expected rows:
//
//   VTSNAP_DUMP_CASES=/tmp/cases build/bin/protection_test
//   test/decoder/check_with_xterm.sh /tmp/cases
//
// Protection is not visible, so each case erases after writing and the screen shows which cells
// the erase kept.
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "test/decoder/xterm_screen_case.h"

namespace vtsnap {
namespace {

using ProtectionCase = XtermScreenCase;

// DEC protection on, off, and the selective erases.
const std::string kDecOn = "\x1b[1\"q";
const std::string kDecOff = "\x1b[0\"q";
const std::string kDecsed = "\x1b[?J";
const std::string kDecsed1 = "\x1b[?1J";
const std::string kDecsed2 = "\x1b[?2J";
const std::string kDecsel = "\x1b[?K";
const std::string kDecsel1 = "\x1b[?1K";
const std::string kDecsel2 = "\x1b[?2K";
// An ISO protected area: start (SPA) and end (EPA).
const std::string kSpa = "\x1bV";
const std::string kEpa = "\x1bW";

std::vector<ProtectionCase> Cases() {
  return {
      // --- DECSCA and the selective erases.
      {"DecsedKeepsProtectedCells", 10, 1, kDecOn + "AB" + kDecOff + "CD" + kDecsed2, {"AB"}},
      {"DecsedKeepsProtectedCellsAmongOthers",
       10,
       1,
       "ab" + kDecOn + "CD" + kDecOff + "ef" + kDecsed2,
       {"  CD"}},
      {"DecsedBelowKeepsProtectedRows",
       10,
       3,
       "ab\r\n" + kDecOn + "CD" + kDecOff + "ef\r\ngh\x1b[1;2H" + kDecsed,
       {"a", "CD", ""}},
      {"DecsedAboveKeepsProtectedRows",
       10,
       3,
       "ab\r\n" + kDecOn + "CD" + kDecOff + "ef\r\ngh\x1b[3;1H" + kDecsed1,
       {"", "CD", " h"}},
      {"DecselToTheEndKeepsProtectedCells",
       10,
       1,
       "ab" + kDecOn + "CD" + kDecOff + "ef\x1b[1;2H" + kDecsel,
       {"a CD"}},
      {"DecselToTheCursorKeepsProtectedCells",
       10,
       1,
       "ab" + kDecOn + "CD" + kDecOff + "ef\x1b[1;6H" + kDecsel1,
       {"  CD  "}},
      {"DecselOfTheLineKeepsProtectedCells",
       10,
       1,
       "ab" + kDecOn + "CD" + kDecOff + "ef" + kDecsel2,
       {"  CD"}},
      {"DecselKeepsAProtectedWideCharacter",
       10,
       1,
       kDecOn + "\xe4\xb8\xad" + kDecOff + "ab" + kDecsel2,
       {"\xe4\xb8\xad"}},
      // ED, EL and ECH erase DEC-protected cells (xterm: do_erase_* turn DEC protection off for
      // an erase that is not selective).
      {"EdErasesDecProtectedCells", 10, 1, kDecOn + "AB" + kDecOff + "CD\x1b[2J", {""}},
      {"ElErasesDecProtectedCells", 10, 1, kDecOn + "AB" + kDecOff + "CD\x1b[2K", {""}},
      {"EchErasesDecProtectedCells",
       10,
       1,
       kDecOn + "AB" + kDecOff + "CD\x1b[1;1H\x1b[3X",
       {"   D"}},
      // DECSCA 2 and 0 end protection; another value leaves it as it was.
      {"Decsca2EndsProtection", 10, 1, kDecOn + "A\x1b[2\"qB" + kDecsed2, {"A"}},
      {"DecscaDefaultEndsProtection", 10, 1, kDecOn + "A\x1b[\"qB" + kDecsed2, {"A"}},
      {"DecscaOtherValueKeepsProtection", 10, 1, kDecOn + "A\x1b[3\"qB" + kDecsed2, {"AB"}},
      // SGR 0 leaves protection alone (xterm: it is not a rendition).
      {"Sgr0KeepsProtection", 10, 1, kDecOn + "\x1b[0mAB" + kDecsed2, {"AB"}},

      // --- What becomes of the protection of a cell.
      {"OverwritingUnprotects", 10, 1, kDecOn + "AB" + kDecOff + "\x1b[1;1HX" + kDecsed2, {" B"}},
      {"OverwritingProtects", 10, 1, "ab\x1b[1;1H" + kDecOn + "X" + kDecsed2, {"X"}},
      {"RepRepeatsProtection", 10, 1, kDecOn + "A\x1b[2b" + kDecOff + "b" + kDecsed2, {"AAA"}},
      {"InsertedBlanksAreUnprotected",
       10,
       1,
       kDecOn + "AB" + kDecOff + "cd\x1b[1;2H\x1b[2@" + kDecsed2,
       {"A  B"}},
      {"InsertCharactersMovesProtection",
       10,
       1,
       "ab" + kDecOn + "CD\x1b[1;1H\x1b[3@" + kDecsed2,
       {"     CD"}},
      {"DeleteCharactersMovesProtection",
       10,
       1,
       "abc" + kDecOn + "DE\x1b[1;1H\x1b[2P" + kDecsed2,
       {" DE"}},
      {"InsertModeMovesProtection",
       10,
       1,
       kDecOn + "AB" + kDecOff + "\x1b[1;1H\x1b[4hxy\x1b[4l" + kDecsed2,
       {"  AB"}},
      {"InsertLinesMovesProtection",
       10,
       3,
       kDecOn + "AB" + kDecOff + "\x1b[1;1H\x1b[L" + kDecsed2,
       {"", "AB", ""}},
      {"DeleteLinesMovesProtection",
       10,
       3,
       "ab\r\n" + kDecOn + "CD" + kDecOff + "\x1b[1;1H\x1b[M" + kDecsed2,
       {"CD", "", ""}},
      {"ScrollingMovesProtection",
       10,
       2,
       kDecOn + "AB" + kDecOff + "\r\ncd\r\nef" + kDecsed2,
       {"", ""}},
      {"ScrollingUpKeepsProtectedRows",
       10,
       3,
       "ab\r\n" + kDecOn + "CD" + kDecOff + "\r\nef\r\ngh" + kDecsed2,
       {"CD", "", ""}},
      {"ScrollDownMovesProtection",
       10,
       3,
       kDecOn + "AB" + kDecOff + "\x1b[T" + kDecsed2,
       {"", "AB", ""}},
      {"DecalnUnprotects", 10, 2, kDecOn + "AB" + "\x1b#8" + kDecsed2, {"", ""}},
      // DECALN leaves the protection of what is printed next (xterm's resetRendition).
      {"DecalnKeepsTheProtectionInForce", 10, 2, kDecOn + "\x1b#8" + "AB" + kDecsed2, {"AB", ""}},
      // An erase with a background colour (BCE) leaves protected cells as they are.
      {"ErasingWithABackgroundKeepsProtectedCells",
       10,
       1,
       kDecOn + "AB" + kDecOff + "cd\x1b[44m" + kDecsed2,
       {"AB"}},
      {"DecscSavesProtection",
       10,
       1,
       kDecOn +
           "\x1b"
           "7" +
           kDecOff +
           "\x1b"
           "8AB" +
           kDecsed2,
       {"AB"}},
      {"DecrcRestoresNoProtection",
       10,
       1,
       "\x1b"
       "7" +
           kDecOn +
           "\x1b"
           "8AB" +
           kDecsed2,
       {""}},
      {"RisEndsProtection",
       10,
       1,
       kDecOn +
           "\x1b"
           "cAB" +
           kDecsed2,
       {""}},
      {"DecstrEndsProtection", 10, 1, kDecOn + "\x1b[!pAB" + kDecsed2, {""}},
      {"TheAlternateScreenIsSeparate",
       10,
       1,
       kDecOn + "AB" + kDecOff + "\x1b[?1049hcd\x1b[?1049l" + kDecsed2,
       {"AB"}},

      // --- ISO protection (SPA to EPA): every erase keeps the protected cells.
      {"EdKeepsIsoProtectedCells", 10, 1, kSpa + "AB" + kEpa + "CD\x1b[2J", {"AB"}},
      {"EdBelowKeepsIsoProtectedCells",
       10,
       2,
       "ab" + kSpa + "CD" + kEpa + "ef\r\n" + kSpa + "G" + kEpa + "h\x1b[1;2H\x1b[J",
       {"a CD", "G"}},
      {"EdAboveKeepsIsoProtectedCells",
       10,
       2,
       "ab" + kSpa + "CD" + kEpa + "ef\r\n" + kSpa + "G" + kEpa + "hi\x1b[2;2H\x1b[1J",
       {"  CD", "G i"}},
      {"ElKeepsIsoProtectedCells",
       10,
       1,
       "ab" + kSpa + "CD" + kEpa + "ef\x1b[1;2H\x1b[K",
       {"a CD"}},
      {"El1KeepsIsoProtectedCells",
       10,
       1,
       "ab" + kSpa + "CD" + kEpa + "ef\x1b[1;6H\x1b[1K",
       {"  CD  "}},
      {"El2KeepsIsoProtectedCells", 10, 1, "ab" + kSpa + "CD" + kEpa + "ef\x1b[2K", {"  CD"}},
      {"EchKeepsIsoProtectedCells",
       10,
       1,
       "ab" + kSpa + "CD" + kEpa + "ef\x1b[1;1H\x1b[5X",
       {"  CD f"}},
      {"DecsedKeepsIsoProtectedCells", 10, 1, kSpa + "AB" + kEpa + "CD" + kDecsed2, {"AB"}},
      {"DecselKeepsIsoProtectedCells", 10, 1, kSpa + "AB" + kEpa + "CD" + kDecsel2, {"AB"}},
      {"IsoProtectionEndsAtEpa", 10, 1, kSpa + "A" + kEpa + "B\x1b[2J", {"A"}},
      // The mode is the screen's: DECSCA after SPA makes every protected cell DEC-protected, and
      // SPA after DECSCA makes them ISO-protected.
      {"DecscaTurnsIsoProtectionIntoDec", 10, 1, kSpa + "AB" + kEpa + kDecOff + "CD\x1b[2J", {""}},
      {"DecscaTurnsIsoProtectionIntoDecForDecsed",
       10,
       1,
       kSpa + "AB" + kEpa + kDecOff + "CD" + kDecsed2,
       {"AB"}},
      {"SpaTurnsDecProtectionIntoIso",
       10,
       1,
       kDecOn + "AB" + kDecOff + kSpa + kEpa + "CD\x1b[2J",
       {"AB"}},

      // --- An erase of the whole screen that keeps nothing ends protection (do_erase_display).
      {"DecsedOfAnUnprotectedScreenEndsProtection",
       10,
       1,
       kDecOn + kDecsed2 + "AB" + kDecsed2,
       {""}},
      {"DecselLeavesProtectionOn", 10, 1, kDecOn + kDecsel2 + "AB" + kDecsed2, {"AB"}},
      {"DecsedBelowFromHomeEndsProtection", 10, 2, kDecOn + kDecsed + "AB" + kDecsed2, {"", ""}},
      {"DecsedBelowFromElsewhereLeavesProtectionOn",
       10,
       2,
       kDecOn + "\x1b[1;2H" + kDecsed + "\x1b[1;1HAB" + kDecsed2,
       {"AB", ""}},
      {"DecsedAboveFromTheLastCellEndsProtection",
       10,
       2,
       kDecOn + "\x1b[2;10H" + kDecsed1 + "\x1b[1;1HAB" + kDecsed2,
       {"", ""}},
      {"DecsedOfAProtectedScreenLeavesProtectionOn",
       10,
       1,
       kDecOn + "A" + kDecsed2 + "B" + kDecsed2,
       {"AB"}},
      // ED is not selective: in DEC mode it does not look at protection, so it leaves it on.
      {"EdLeavesDecProtectionOn", 10, 1, kDecOn + "\x1b[2JAB" + kDecsed2, {"AB"}},
      {"EdOfAnUnprotectedScreenEndsIsoProtection", 10, 1, kSpa + "\x1b[2JAB\x1b[2J", {""}},
  };
}

class ProtectionTest : public ::testing::TestWithParam<ProtectionCase> {};

TEST_P(ProtectionTest, MatchesXterm) { ExpectXtermScreen(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Xterm, ProtectionTest, ::testing::ValuesIn(Cases()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace vtsnap
