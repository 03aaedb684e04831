// The terminal's answers to OSC colour and clipboard queries against xterm 379's: OSC 4 and 5
// (the palette and the special colours), OSC 10-19 (foreground, background, cursor, pointer,
// Tektronix and highlight colours), their resets (OSC 104, 105, 110-119), the colour forms a
// program sets them with, and OSC 52's clipboard read.
//
// Every expected reply was recorded from the real binary, xterm 379 (Debian 12's package `xterm`),
// with its default resources plus `decTerminalID: 420` and `utf8: 1`, on an 80x24 screen, the way
// replies_test.cc's were:
//
//   Xvfb :N &
//   DISPLAY=:N xterm -geometry 80x24 -xrm 'XTerm*decTerminalID: 420' -xrm 'XTerm*utf8: 1'
//       -e python3 probe.py cases.json replies.jsonl
//
// probe.py (not committed) puts the pty in raw mode and, for each case, writes RIS, the setup
// bytes, drains what they answered, writes the query and records what comes back within 0.5 s.
// xterm's RIS does not reset the dynamic colours (OSC 10-19): a case whose answer depended on what
// an earlier case had set names that setting in its own setup, with a comment. Part of
// XtermCases() was recorded with `allowWindowOps: true`, which changes no colour answer (132
// cases recorded both ways answered alike). DarkCases() were
// recorded with `-xrm 'XTerm*foreground: #d4d4d4' -xrm 'XTerm*background: #1e1e1e'` (the profile
// {212, 212, 212} on {30, 30, 30}), ClipboardCases() with `-xrm 'XTerm*allowWindowOps: true'` (off,
// xterm answered none of them, as vtsnap without ReplyProfile::allow_clipboard_read). Where vtsnap
// differs, DeviationCases() pins vtsnap's bytes and says what xterm answered
// (docs/xterm-deviations.md, "Replies").
#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/terminal_colors.h"
#include "vtsnap/decoder/virtual_terminal.h"

namespace vtsnap {
namespace {

struct ReplyCase {
  std::string name;
  std::string setup;  // written first; what it answers is dropped
  std::string query;
  std::string reply;  // what xterm 379 answered to the query
};

void PrintTo(const ReplyCase& c, std::ostream* os) { *os << c.name; }

std::string Escaped(const std::string& bytes) { return absl::CHexEscape(bytes); }

std::string Answer(const TerminalOptions& options, const ReplyCase& c) {
  VirtualTerminal vt(options);
  vt.Write(c.setup);
  vt.TakeReplies();
  vt.Write(c.query);
  return vt.TakeReplies();
}

TerminalOptions Xterm() { return {.cols = 80, .rows = 24}; }

std::vector<ReplyCase> XtermCases() {
  return {
      // C2 9C (ST in UTF-8) inside an OSC string is a character of the string, not its end: the
      // query is not ended, and gets no answer.
      {"Utf8C1StDoesNotEndTheQuery", "", "\x1b]11;?\xc2\x9c", ""},
      {"ForegroundIsBlack", "", "\x1b]10;?\x07", "\x1b]10;rgb:0000/0000/0000\x07"},
      {"ForegroundEndedByStIsAnsweredWithSt", "", "\x1b]10;?\x1b\\",
       "\x1b]10;rgb:0000/0000/0000\x1b\\"},
      {"BackgroundIsWhite", "", "\x1b]11;?\x07", "\x1b]11;rgb:ffff/ffff/ffff\x07"},
      {"BackgroundEndedBySt", "", "\x1b]11;?\x1b\\", "\x1b]11;rgb:ffff/ffff/ffff\x1b\\"},
      {"CursorIsBlack", "", "\x1b]12;?\x07", "\x1b]12;rgb:0000/0000/0000\x07"},
      {"CursorEndedBySt", "", "\x1b]12;?\x1b\\", "\x1b]12;rgb:0000/0000/0000\x1b\\"},
      {"PointerForegroundIsTheForeground", "", "\x1b]13;?\x07", "\x1b]13;rgb:0000/0000/0000\x07"},
      {"PointerBackgroundIsTheBackground", "", "\x1b]14;?\x07", "\x1b]14;rgb:ffff/ffff/ffff\x07"},
      {"TektronixForegroundIsTheForeground", "", "\x1b]15;?\x07", "\x1b]15;rgb:0000/0000/0000\x07"},
      {"TektronixBackgroundIsTheBackground", "", "\x1b]16;?\x07", "\x1b]16;rgb:ffff/ffff/ffff\x07"},
      {"HighlightBackgroundIsTheForeground", "", "\x1b]17;?\x07", "\x1b]17;rgb:0000/0000/0000\x07"},
      {"HighlightBackgroundEndedBySt", "", "\x1b]17;?\x1b\\", "\x1b]17;rgb:0000/0000/0000\x1b\\"},
      {"TektronixCursorIsTheForeground", "", "\x1b]18;?\x07", "\x1b]18;rgb:0000/0000/0000\x07"},
      {"HighlightForegroundIsTheBackground", "", "\x1b]19;?\x07", "\x1b]19;rgb:ffff/ffff/ffff\x07"},
      {"HighlightForegroundEndedBySt", "", "\x1b]19;?\x1b\\", "\x1b]19;rgb:ffff/ffff/ffff\x1b\\"},
      {"TwoQuestionMarksAskTheNextCodeToo", "", "\x1b]10;?;?\x07",
       "\x1b]10;rgb:0000/0000/0000\x07\x1b]11;rgb:ffff/ffff/ffff\x07"},
      {"ThreeQuestionMarksAskThreeCodes", "", "\x1b]10;?;?;?\x07",
       "\x1b]10;rgb:0000/0000/0000\x07\x1b]11;rgb:ffff/ffff/ffff\x07\x1b]12;rgb:0000/0000/"
       "0000\x07"},
      {"TenQuestionMarksAskTenTo19", "", "\x1b]10;?;?;?;?;?;?;?;?;?;?\x07",
       "\x1b]10;rgb:0000/0000/0000\x07\x1b]11;rgb:ffff/ffff/ffff\x07\x1b]12;rgb:0000/0000/"
       "0000\x07\x1b]13;rgb:0000/0000/0000\x07\x1b]14;rgb:ffff/ffff/ffff\x07\x1b]15;rgb:0000/0000/"
       "0000\x07\x1b]16;rgb:ffff/ffff/ffff\x07\x1b]17;rgb:0000/0000/0000\x07\x1b]18;rgb:0000/0000/"
       "0000\x07\x1b]19;rgb:ffff/ffff/ffff\x07"},
      {"ChainFromTheBackgroundEndedBySt", "", "\x1b]11;?;?\x1b\\",
       "\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b]12;rgb:0000/0000/0000\x1b\\"},
      {"ASetThenAQuestionMarkAsksTheNextCode", "", "\x1b]10;red;?\x07",
       "\x1b]11;rgb:ffff/ffff/ffff\x07"},
      {"AnEmptyColourIsNoQuery", "", "\x1b]10;\x07", ""},
      {"NoColourIsNoQuery", "", "\x1b]10\x07", ""},
      {"Palette0IsXtermDefault", "", "\x1b]4;0;?\x07", "\x1b]4;0;rgb:0000/0000/0000\x07"},
      {"Palette1IsXtermDefault", "", "\x1b]4;1;?\x07", "\x1b]4;1;rgb:cdcd/0000/0000\x07"},
      {"Palette2IsXtermDefault", "", "\x1b]4;2;?\x07", "\x1b]4;2;rgb:0000/cdcd/0000\x07"},
      {"Palette3IsXtermDefault", "", "\x1b]4;3;?\x07", "\x1b]4;3;rgb:cdcd/cdcd/0000\x07"},
      {"Palette4IsXtermDefault", "", "\x1b]4;4;?\x07", "\x1b]4;4;rgb:0000/0000/eeee\x07"},
      {"Palette5IsXtermDefault", "", "\x1b]4;5;?\x07", "\x1b]4;5;rgb:cdcd/0000/cdcd\x07"},
      {"Palette6IsXtermDefault", "", "\x1b]4;6;?\x07", "\x1b]4;6;rgb:0000/cdcd/cdcd\x07"},
      {"Palette7IsXtermDefault", "", "\x1b]4;7;?\x07", "\x1b]4;7;rgb:e5e5/e5e5/e5e5\x07"},
      {"Palette8IsXtermDefault", "", "\x1b]4;8;?\x07", "\x1b]4;8;rgb:7f7f/7f7f/7f7f\x07"},
      {"Palette9IsXtermDefault", "", "\x1b]4;9;?\x07", "\x1b]4;9;rgb:ffff/0000/0000\x07"},
      {"Palette10IsXtermDefault", "", "\x1b]4;10;?\x07", "\x1b]4;10;rgb:0000/ffff/0000\x07"},
      {"Palette11IsXtermDefault", "", "\x1b]4;11;?\x07", "\x1b]4;11;rgb:ffff/ffff/0000\x07"},
      {"Palette12IsXtermDefault", "", "\x1b]4;12;?\x07", "\x1b]4;12;rgb:5c5c/5c5c/ffff\x07"},
      {"Palette13IsXtermDefault", "", "\x1b]4;13;?\x07", "\x1b]4;13;rgb:ffff/0000/ffff\x07"},
      {"Palette14IsXtermDefault", "", "\x1b]4;14;?\x07", "\x1b]4;14;rgb:0000/ffff/ffff\x07"},
      {"Palette15IsXtermDefault", "", "\x1b]4;15;?\x07", "\x1b]4;15;rgb:ffff/ffff/ffff\x07"},
      {"Palette16IsXtermDefault", "", "\x1b]4;16;?\x07", "\x1b]4;16;rgb:0000/0000/0000\x07"},
      {"Palette17IsXtermDefault", "", "\x1b]4;17;?\x07", "\x1b]4;17;rgb:0000/0000/5f5f\x07"},
      {"Palette100IsXtermDefault", "", "\x1b]4;100;?\x07", "\x1b]4;100;rgb:8787/8787/0000\x07"},
      {"Palette231IsXtermDefault", "", "\x1b]4;231;?\x07", "\x1b]4;231;rgb:ffff/ffff/ffff\x07"},
      {"Palette232IsXtermDefault", "", "\x1b]4;232;?\x07", "\x1b]4;232;rgb:0808/0808/0808\x07"},
      {"Palette244IsXtermDefault", "", "\x1b]4;244;?\x07", "\x1b]4;244;rgb:8080/8080/8080\x07"},
      {"Palette255IsXtermDefault", "", "\x1b]4;255;?\x07", "\x1b]4;255;rgb:eeee/eeee/eeee\x07"},
      {"Palette256IsASpecialColourTheForeground", "", "\x1b]4;256;?\x07",
       "\x1b]4;256;rgb:0000/0000/0000\x07"},
      {"Palette257IsASpecialColourTheForeground", "", "\x1b]4;257;?\x07",
       "\x1b]4;257;rgb:0000/0000/0000\x07"},
      {"Palette259IsASpecialColourTheForeground", "", "\x1b]4;259;?\x07",
       "\x1b]4;259;rgb:0000/0000/0000\x07"},
      {"Palette260IsASpecialColourTheForeground", "", "\x1b]4;260;?\x07",
       "\x1b]4;260;rgb:0000/0000/0000\x07"},
      {"PalettePast260IsNoQuery", "", "\x1b]4;300;?\x07", ""},
      {"PaletteEndedBySt", "", "\x1b]4;1;?\x1b\\", "\x1b]4;1;rgb:cdcd/0000/0000\x1b\\"},
      {"PalettePairsAreAnsweredOneStringEach", "", "\x1b]4;1;?;2;?;255;?\x07",
       "\x1b]4;1;rgb:cdcd/0000/0000\x07\x1b]4;2;rgb:0000/cdcd/0000\x07\x1b]4;255;rgb:eeee/eeee/"
       "eeee\x07"},
      {"PaletteSetThenAskedInOneString", "", "\x1b]4;1;#102030;1;?\x07",
       "\x1b]4;1;rgb:1010/2020/3030\x07"},
      {"PaletteIndexNotANumberIsZero", "", "\x1b]4;x;?\x07", "\x1b]4;0;rgb:0000/0000/0000\x07"},
      {"PaletteNegativeIndexIsNoQuery", "", "\x1b]4;-1;?\x07", ""},
      {"PaletteIndexWithoutColourIsNoQuery", "", "\x1b]4;1\x07", ""},
      {"PaletteIndexNotANumberInTheMiddleIsZero", "", "\x1b]4;1;?;x;?;2;?\x07",
       "\x1b]4;1;rgb:cdcd/0000/0000\x07\x1b]4;0;rgb:0000/0000/0000\x07\x1b]4;2;rgb:0000/cdcd/"
       "0000\x07"},
      {"PaletteUnreadableColourStopsTheString", "", "\x1b]4;1;nosuchcolour;2;?\x07", ""},
      {"SpecialColour0IsTheForeground", "", "\x1b]5;0;?\x07", "\x1b]5;0;rgb:0000/0000/0000\x07"},
      {"SpecialColour1IsTheForeground", "", "\x1b]5;1;?\x07", "\x1b]5;1;rgb:0000/0000/0000\x07"},
      {"SpecialColour2IsTheForeground", "", "\x1b]5;2;?\x07", "\x1b]5;2;rgb:0000/0000/0000\x07"},
      {"SpecialColour3IsTheForeground", "", "\x1b]5;3;?\x07", "\x1b]5;3;rgb:0000/0000/0000\x07"},
      {"SpecialColour4IsTheForeground", "", "\x1b]5;4;?\x07", "\x1b]5;4;rgb:0000/0000/0000\x07"},
      {"SpecialColour5IsNoQuery", "", "\x1b]5;5;?\x07", ""},
      {"SpecialColourPairs", "", "\x1b]5;0;?;1;?\x07",
       "\x1b]5;0;rgb:0000/0000/0000\x07\x1b]5;1;rgb:0000/0000/0000\x07"},
      {"SetForegroundHashSixDigits", "\x1b]10;#ff0000\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:ffff/0000/0000\x07"},
      {"SetForegroundHashThreeDigitsAreHighBits", "\x1b]10;#f00\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:f0f0/0000/0000\x07"},
      {"SetForegroundHashThreeDigitsMixed", "\x1b]10;#123\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:1010/2020/3030\x07"},
      {"SetForegroundHashSixDigitsMixed", "\x1b]10;#112233\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:1111/2222/3333\x07"},
      {"SetForegroundHashNineDigits", "\x1b]10;#111222333\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:1111/2222/3333\x07"},
      {"SetForegroundHashTwelveDigits", "\x1b]10;#111122223333\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:1111/2222/3333\x07"},
      {"SetForegroundRgbOneDigitScaled", "\x1b]10;rgb:1/2/3\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:1111/2222/3333\x07"},
      {"SetForegroundRgbTwoDigits", "\x1b]10;rgb:12/34/56\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:1212/3434/5656\x07"},
      {"SetForegroundRgbThreeDigitsScaledThenCut", "\x1b]10;rgb:123/456/789\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:1212/4545/7878\x07"},
      {"SetForegroundRgbFourDigitsCut", "\x1b]10;rgb:1234/5678/9abc\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:1212/5656/9a9a\x07"},
      {"SetForegroundRgbTwoDigitsOrange", "\x1b]10;rgb:ff/80/00\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:ffff/8080/0000\x07"},
      {"SetForegroundRgbPrefixInCapitals", "\x1b]10;RGB:ff/80/00\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:ffff/8080/0000\x07"},
      {"SetForegroundNameRed", "\x1b]10;red\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:ffff/0000/0000\x07"},
      {"SetForegroundNameInAnyCase", "\x1b]10;Red\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:ffff/0000/0000\x07"},
      {"SetForegroundNameDarkSlateGray", "\x1b]10;DarkSlateGray\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:2f2f/4f4f/4f4f\x07"},
      {"SetForegroundNameWithSpaces", "\x1b]10;dark slate gray\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:2f2f/4f4f/4f4f\x07"},
      {"SetForegroundNameWhite", "\x1b]10;white\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:ffff/ffff/ffff\x07"},
      {"SetForegroundNameGray50", "\x1b]10;gray50\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:7f7f/7f7f/7f7f\x07"},
      {"SetForegroundNameGrey50", "\x1b]10;grey50\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:7f7f/7f7f/7f7f\x07"},
      {"SetForegroundHashInCapitals", "\x1b]10;#FFaa00\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:ffff/aaaa/0000\x07"},
      // recorded after the case that set #111122223333
      {"SetForegroundHashFourDigitsKeepsTheColour", "\x1b]10;#111122223333\x07\x1b]10;#1234\x07",
       "\x1b]10;?\x07", "\x1b]10;rgb:1111/2222/3333\x07"},
      // recorded after the case that set RGB:ff/80/00
      {"SetForegroundRgbFiveDigitsKeepsTheColour",
       "\x1b]10;RGB:ff/80/00\x07\x1b]10;rgb:fffff/0/0\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:ffff/8080/0000\x07"},
      // recorded after the case that set RGB:ff/80/00
      {"SetForegroundRgbTwoChannelsKeepsTheColour", "\x1b]10;RGB:ff/80/00\x07\x1b]10;rgb:1/2\x07",
       "\x1b]10;?\x07", "\x1b]10;rgb:ffff/8080/0000\x07"},
      // recorded after the case that set grey50
      {"SetForegroundUnknownNameKeepsTheColour", "\x1b]10;grey50\x07\x1b]10;nonsense\x07",
       "\x1b]10;?\x07", "\x1b]10;rgb:7f7f/7f7f/7f7f\x07"},
      // recorded after the case that set grey50
      {"SetForegroundEmptySpecKeepsTheColour", "\x1b]10;grey50\x07\x1b]10;\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:7f7f/7f7f/7f7f\x07"},
      // recorded after the case that set grey50
      {"SetForegroundHashNotHexKeepsTheColour", "\x1b]10;grey50\x07\x1b]10;#ggg\x07",
       "\x1b]10;?\x07", "\x1b]10;rgb:7f7f/7f7f/7f7f\x07"},
      {"SetBackground", "\x1b]11;#102030\x07", "\x1b]11;?\x07", "\x1b]11;rgb:1010/2020/3030\x07"},
      {"SetCursor", "\x1b]12;#102030\x07", "\x1b]12;?\x07", "\x1b]12;rgb:1010/2020/3030\x07"},
      {"SetHighlightBackground", "\x1b]17;#102030\x07", "\x1b]17;?\x07",
       "\x1b]17;rgb:1010/2020/3030\x07"},
      {"SetHighlightForeground", "\x1b]19;#102030\x07", "\x1b]19;?\x07",
       "\x1b]19;rgb:1010/2020/3030\x07"},
      {"SetPalette1", "\x1b]4;1;rgb:10/20/30\x07", "\x1b]4;1;?\x07",
       "\x1b]4;1;rgb:1010/2020/3030\x07"},
      {"SetPalette200ByName", "\x1b]4;200;blue\x07", "\x1b]4;200;?\x07",
       "\x1b]4;200;rgb:0000/0000/ffff\x07"},
      {"SetPaletteUnreadableKeepsXtermDefault", "\x1b]4;1;nonsense\x07", "\x1b]4;1;?\x07",
       "\x1b]4;1;rgb:cdcd/0000/0000\x07"},
      {"Osc110Resets", "\x1b]10;#102030\x07\x1b]110\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:0000/0000/0000\x07"},
      {"Osc110WithSemicolonResets", "\x1b]10;#102030\x07\x1b]110;\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:0000/0000/0000\x07"},
      {"Osc111Resets", "\x1b]11;#102030\x07\x1b]111\x07", "\x1b]11;?\x07",
       "\x1b]11;rgb:ffff/ffff/ffff\x07"},
      {"Osc111WithSemicolonResets", "\x1b]11;#102030\x07\x1b]111;\x07", "\x1b]11;?\x07",
       "\x1b]11;rgb:ffff/ffff/ffff\x07"},
      {"Osc112Resets", "\x1b]12;#102030\x07\x1b]112\x07", "\x1b]12;?\x07",
       "\x1b]12;rgb:0000/0000/0000\x07"},
      {"Osc112WithSemicolonResets", "\x1b]12;#102030\x07\x1b]112;\x07", "\x1b]12;?\x07",
       "\x1b]12;rgb:0000/0000/0000\x07"},
      {"Osc117Resets", "\x1b]17;#102030\x07\x1b]117\x07", "\x1b]17;?\x07",
       "\x1b]17;rgb:0000/0000/0000\x07"},
      {"Osc117WithSemicolonResets", "\x1b]17;#102030\x07\x1b]117;\x07", "\x1b]17;?\x07",
       "\x1b]17;rgb:0000/0000/0000\x07"},
      {"Osc119Resets", "\x1b]19;#102030\x07\x1b]119\x07", "\x1b]19;?\x07",
       "\x1b]19;rgb:ffff/ffff/ffff\x07"},
      {"Osc119WithSemicolonResets", "\x1b]19;#102030\x07\x1b]119;\x07", "\x1b]19;?\x07",
       "\x1b]19;rgb:ffff/ffff/ffff\x07"},
      {"Osc104ResetsThePalette", "\x1b]4;1;#102030;2;#405060\x07\x1b]104\x07", "\x1b]4;1;?;2;?\x07",
       "\x1b]4;1;rgb:cdcd/0000/0000\x07\x1b]4;2;rgb:0000/cdcd/0000\x07"},
      {"Osc104WithSemicolonResetsAll", "\x1b]4;1;#102030\x07\x1b]104;\x07", "\x1b]4;1;?\x07",
       "\x1b]4;1;rgb:cdcd/0000/0000\x07"},
      {"Osc110LeavesTheBackground", "\x1b]11;#102030\x07\x1b]110\x07", "\x1b]11;?\x07",
       "\x1b]11;rgb:1010/2020/3030\x07"},
      {"RisResetsThePalette", "\x1b]4;1;#102030\x07",
       "\x1b"
       "c\x1b]4;1;?\x07",
       "\x1b]4;1;rgb:cdcd/0000/0000\x07"},
      {"CursorDoesNotFollowASetForeground", "\x1b]10;#102030\x07", "\x1b]12;?\x07",
       "\x1b]12;rgb:0000/0000/0000\x07"},
      {"HighlightDoesNotFollowSetColours", "\x1b]10;#102030\x07\x1b]11;#405060\x07",
       "\x1b]17;?;?\x07", "\x1b]17;rgb:0000/0000/0000\x07\x1b]18;rgb:0000/0000/0000\x07"},
      {"RisKeepsTheForeground", "\x1b]10;#102030\x07",
       "\x1b"
       "c\x1b]10;?\x07",
       "\x1b]10;rgb:1010/2020/3030\x07"},
      {"DecstrKeepsTheForeground", "\x1b]10;#102030\x07", "\x1b[!p\x1b]10;?\x07",
       "\x1b]10;rgb:1010/2020/3030\x07"},
      // recorded with the foreground and background the cases before had set
      {"TwoStringsEachEndedItsWay", "\x1b]10;#102030\x07\x1b]11;#405060\x07",
       "\x1b]10;?\x07\x1b]11;?\x1b\\",
       "\x1b]10;rgb:1010/2020/3030\x07\x1b]11;rgb:4040/5050/6060\x1b\\"},
      // recorded with the foreground the case before had set
      {"AColourQueryThenDa1", "\x1b]10;#102030\x07", "\x1b]10;?\x07\x1b[c",
       "\x1b]10;rgb:1010/2020/3030\x07\x1b[?64;1;2;6;9;15;16;17;18;21;22;28c"},
      {"ReverseVideoReportsTheBackgroundAsForeground",
       "\x1b]110\x07\x1b]111\x07\x1b]112\x07\x1b]10;#102030\x07\x1b]11;#405060\x07\x1b[?5h",
       "\x1b]10;?\x07", "\x1b]10;rgb:4040/5050/6060\x07"},
      {"ReverseVideoReportsTheForegroundAsBackground",
       "\x1b]110\x07\x1b]111\x07\x1b]112\x07\x1b]10;#102030\x07\x1b]11;#405060\x07\x1b[?5h",
       "\x1b]11;?\x07", "\x1b]11;rgb:1010/2020/3030\x07"},
      {"ReverseVideoLeavesTheCursor",
       "\x1b]110\x07\x1b]111\x07\x1b]112\x07\x1b]10;#102030\x07\x1b]11;#405060\x07\x1b[?5h",
       "\x1b]12;?\x07", "\x1b]12;rgb:0000/0000/0000\x07"},
      {"ReverseVideoLeavesThePalette", "\x1b]110\x07\x1b]111\x07\x1b]112\x07\x1b[?5h",
       "\x1b]4;1;?\x07", "\x1b]4;1;rgb:cdcd/0000/0000\x07"},
      {"PaletteIndex261IsNoQuery", "\x1b]110\x07\x1b]111\x07\x1b]112\x07", "\x1b]4;261;?\x07", ""},
      {"PaletteOutOfRangeStopsTheString", "\x1b]110\x07\x1b]111\x07\x1b]112\x07",
       "\x1b]4;300;?;1;?\x07", ""},
      {"SetSpecialColourThroughOsc4", "\x1b]4;256;#102030\x07", "\x1b]4;256;?\x07",
       "\x1b]4;256;rgb:1010/2020/3030\x07"},
      {"SetSpecialColourThroughOsc5", "\x1b]5;0;#102030;4;#405060\x07", "\x1b]5;0;?;4;?\x07",
       "\x1b]5;0;rgb:1010/2020/3030\x07\x1b]5;4;rgb:4040/5050/6060\x07"},
      {"Osc105LeavesTheSpecialColours", "\x1b]5;0;#102030\x07\x1b]105\x07", "\x1b]5;0;?\x07",
       "\x1b]5;0;rgb:1010/2020/3030\x07"},
      {"Osc105WithAListLeavesThem", "\x1b]5;0;#102030;1;#405060\x07\x1b]105;1\x07",
       "\x1b]5;0;?;1;?\x07", "\x1b]5;0;rgb:1010/2020/3030\x07\x1b]5;1;rgb:4040/5050/6060\x07"},
      {"Osc104LeavesTheSpecialColours", "\x1b]4;256;#102030\x07\x1b]104\x07", "\x1b]4;256;?\x07",
       "\x1b]4;256;rgb:1010/2020/3030\x07"},
      {"Osc104StopsAtAnIndexNotANumber", "\x1b]4;1;#102030;2;#405060\x07\x1b]104;x;2\x07",
       "\x1b]4;1;?;2;?\x07", "\x1b]4;1;rgb:1010/2020/3030\x07\x1b]4;2;rgb:4040/5050/6060\x07"},
      {"AQuestionMarkThenAColourSetsTheNextCode",
       "\x1b]110\x07\x1b]111\x07\x1b]112\x07\x1b]10;?;#102030\x07", "\x1b]11;?\x07",
       "\x1b]11;rgb:1010/2020/3030\x07"},
      {"AQuestionMarkThenAColourAnswersTheFirst", "\x1b]110\x07\x1b]111\x07\x1b]112\x07",
       "\x1b]10;?;#102030\x07", "\x1b]10;rgb:0000/0000/0000\x07"},
      {"RisKeepsTheBackground", "\x1b]110\x07\x1b]111\x07\x1b]112\x07\x1b]11;#405060\x07",
       "\x1b"
       "c\x1b]11;?\x07",
       "\x1b]11;rgb:4040/5050/6060\x07"},
      {"RisKeepsTheCursor", "\x1b]110\x07\x1b]111\x07\x1b]112\x07\x1b]12;#405060\x07",
       "\x1b"
       "c\x1b]12;?\x07",
       "\x1b]12;rgb:4040/5050/6060\x07"},
      {"RisKeepsTheHighlight", "\x1b]117\x07\x1b]17;#405060\x07",
       "\x1b"
       "c\x1b]17;?\x07",
       "\x1b]17;rgb:4040/5050/6060\x07"},
      {"Osc110ResetsOnlyTheForeground",
       "\x1b]110\x07\x1b]111\x07\x1b]112\x07\x1b]10;#102030;#405060\x07\x1b]110\x07",
       "\x1b]10;?;?\x07", "\x1b]10;rgb:0000/0000/0000\x07\x1b]11;rgb:4040/5050/6060\x07"},
      {"SetPaletteHashInMixedCase", "\x1b]4;1;#AbCdEf\x07", "\x1b]4;1;?\x07",
       "\x1b]4;1;rgb:abab/cdcd/efef\x07"},
      {"SetPaletteIndexNotANumberSetsZero", "\x1b]4;x;#102030\x07", "\x1b]4;0;?\x07",
       "\x1b]4;0;rgb:1010/2020/3030\x07"},
      {"PaletteEmptyIndexIsZero", "\x1b]110\x07\x1b]111\x07\x1b]112\x07", "\x1b]4;;?\x07",
       "\x1b]4;0;rgb:0000/0000/0000\x07"},
      {"PalettePlusSignIndex", "\x1b]110\x07\x1b]111\x07\x1b]112\x07", "\x1b]4;+1;?\x07",
       "\x1b]4;1;rgb:cdcd/0000/0000\x07"},
      {"PaletteIndexWithTrailingLetters", "\x1b]110\x07\x1b]111\x07\x1b]112\x07", "\x1b]4;1x;?\x07",
       "\x1b]4;1;rgb:cdcd/0000/0000\x07"},
      {"ANameWithALeadingSpaceIsNotRead", "\x1b]110\x07\x1b]111\x07\x1b]112\x07\x1b]10; red\x07",
       "\x1b]10;?\x07", "\x1b]10;rgb:0000/0000/0000\x07"},
      {"AQuestionMarkWithASpaceIsNoQuery", "\x1b]110\x07\x1b]111\x07\x1b]112\x07", "\x1b]10; ?\x07",
       ""},
      {"PaletteIndexWithLeadingZeros", "\x1b]110\x07\x1b]111\x07\x1b]112\x07", "\x1b]4;001;?\x07",
       "\x1b]4;1;rgb:cdcd/0000/0000\x07"},
      {"CodeWithALeadingZero", "\x1b]110\x07\x1b]111\x07\x1b]112\x07", "\x1b]010;?\x07",
       "\x1b]10;rgb:0000/0000/0000\x07"},
      {"Osc104StopsAtAnEmptyItem",
       "\x1b]4;1;#102030;2;#405060;3;#708090;200;#a0b0c0\x07\x1b]104;1;\x07",
       "\x1b]4;1;?;2;?;3;?;200;?\x07",
       "\x1b]4;1;rgb:cdcd/0000/0000\x07\x1b]4;2;rgb:4040/5050/6060\x07\x1b]4;3;rgb:7070/8080/"
       "9090\x07\x1b]4;200;rgb:a0a0/b0b0/c0c0\x07"},
      {"Osc104StopsAtAnItemNotANumber",
       "\x1b]4;1;#102030;2;#405060;3;#708090;200;#a0b0c0\x07\x1b]104;1;x\x07",
       "\x1b]4;1;?;2;?;3;?;200;?\x07",
       "\x1b]4;1;rgb:cdcd/0000/0000\x07\x1b]4;2;rgb:4040/5050/6060\x07\x1b]4;3;rgb:7070/8080/"
       "9090\x07\x1b]4;200;rgb:a0a0/b0b0/c0c0\x07"},
      {"Osc104IndexWithTrailingLettersResetsNothing",
       "\x1b]4;1;#102030;2;#405060;3;#708090;200;#a0b0c0\x07\x1b]104;1x\x07",
       "\x1b]4;1;?;2;?;3;?;200;?\x07",
       "\x1b]4;1;rgb:1010/2020/3030\x07\x1b]4;2;rgb:4040/5050/6060\x07\x1b]4;3;rgb:7070/8080/"
       "9090\x07\x1b]4;200;rgb:a0a0/b0b0/c0c0\x07"},
      {"AnUnreadableColourMovesOnToTheNextCode",
       "\x1b]110\x07\x1b]111\x07\x1b]112\x07\x1b]10;nonsense;#102030\x07", "\x1b]10;?;?\x07",
       "\x1b]10;rgb:0000/0000/0000\x07\x1b]11;rgb:1010/2020/3030\x07"},
      {"AnUnreadableColourInTheMiddleOfAChain",
       "\x1b]110\x07\x1b]111\x07\x1b]112\x07\x1b]10;#405060;nonsense;#102030\x07", "\x1b]11;?\x07",
       "\x1b]11;rgb:ffff/ffff/ffff\x07"},
      {"AChainStopsAfter19", "\x1b]119\x07", "\x1b]19;?;?\x07", "\x1b]19;rgb:ffff/ffff/ffff\x07"},
      {"Osc110UnderReverseVideoResetsTheBackground",
       "\x1b]110\x07\x1b]111\x07\x1b]112\x07\x1b]10;#102030\x07\x1b]11;#405060\x07\x1b[?5h\x1b]"
       "110\x07\x1b[?5l",
       "\x1b]10;?;?\x07", "\x1b]10;rgb:1010/2020/3030\x07\x1b]11;rgb:ffff/ffff/ffff\x07"},
      {"SetForegroundUnderReverseVideoSetsTheBackground",
       "\x1b]110\x07\x1b]111\x07\x1b]112\x07\x1b[?5h\x1b]10;#102030\x07\x1b[?5l", "\x1b]10;?;?\x07",
       "\x1b]10;rgb:0000/0000/0000\x07\x1b]11;rgb:1010/2020/3030\x07"},
  };
}

class OscReplyTest : public ::testing::TestWithParam<ReplyCase> {};

TEST_P(OscReplyTest, AnswersAsXterm379) {
  const ReplyCase& c = GetParam();
  SCOPED_TRACE(
      absl::StrCat(c.name, ": \"", Escaped(c.setup), "\" then \"", Escaped(c.query), "\""));
  EXPECT_EQ(Escaped(Answer(Xterm(), c)), Escaped(c.reply));
}

INSTANTIATE_TEST_SUITE_P(Xterm379, OscReplyTest, ::testing::ValuesIn(XtermCases()),
                         [](const auto& info) { return info.param.name; });

// The profile of a dark theme: xterm with foreground #d4d4d4 and background #1e1e1e.
std::vector<ReplyCase> DarkCases() {
  return {
      {"DarkForeground", "", "\x1b]10;?\x07", "\x1b]10;rgb:d4d4/d4d4/d4d4\x07"},
      {"DarkBackground", "", "\x1b]11;?\x07", "\x1b]11;rgb:1e1e/1e1e/1e1e\x07"},
      {"DarkBackgroundEndedBySt", "", "\x1b]11;?\x1b\\", "\x1b]11;rgb:1e1e/1e1e/1e1e\x1b\\"},
      {"DarkCursorIsTheForeground", "", "\x1b]12;?\x07", "\x1b]12;rgb:d4d4/d4d4/d4d4\x07"},
      {"DarkPointerForeground", "", "\x1b]13;?\x07", "\x1b]13;rgb:d4d4/d4d4/d4d4\x07"},
      {"DarkPointerBackground", "", "\x1b]14;?\x07", "\x1b]14;rgb:1e1e/1e1e/1e1e\x07"},
      {"DarkTektronixForeground", "", "\x1b]15;?\x07", "\x1b]15;rgb:d4d4/d4d4/d4d4\x07"},
      {"DarkTektronixBackground", "", "\x1b]16;?\x07", "\x1b]16;rgb:1e1e/1e1e/1e1e\x07"},
      {"DarkHighlightBackground", "", "\x1b]17;?\x07", "\x1b]17;rgb:d4d4/d4d4/d4d4\x07"},
      {"DarkTektronixCursor", "", "\x1b]18;?\x07", "\x1b]18;rgb:d4d4/d4d4/d4d4\x07"},
      {"DarkHighlightForeground", "", "\x1b]19;?\x07", "\x1b]19;rgb:1e1e/1e1e/1e1e\x07"},
      {"DarkChainOfTen", "", "\x1b]10;?;?;?;?;?;?;?;?;?;?\x07",
       "\x1b]10;rgb:d4d4/d4d4/d4d4\x07\x1b]11;rgb:1e1e/1e1e/1e1e\x07\x1b]12;rgb:d4d4/d4d4/"
       "d4d4\x07\x1b]13;rgb:d4d4/d4d4/d4d4\x07\x1b]14;rgb:1e1e/1e1e/1e1e\x07\x1b]15;rgb:d4d4/d4d4/"
       "d4d4\x07\x1b]16;rgb:1e1e/1e1e/1e1e\x07\x1b]17;rgb:d4d4/d4d4/d4d4\x07\x1b]18;rgb:d4d4/d4d4/"
       "d4d4\x07\x1b]19;rgb:1e1e/1e1e/1e1e\x07"},
      {"DarkPaletteIsUnchanged", "", "\x1b]4;1;?\x07", "\x1b]4;1;rgb:cdcd/0000/0000\x07"},
      {"DarkSpecialColourIsTheForeground", "", "\x1b]4;256;?\x07",
       "\x1b]4;256;rgb:d4d4/d4d4/d4d4\x07"},
      {"DarkOsc5", "", "\x1b]5;0;?\x07", "\x1b]5;0;rgb:d4d4/d4d4/d4d4\x07"},
      {"DarkOsc110ResetsToTheProfileForeground", "\x1b]10;#102030\x07\x1b]110\x07", "\x1b]10;?\x07",
       "\x1b]10;rgb:d4d4/d4d4/d4d4\x07"},
      {"DarkOsc111ResetsToTheProfileBackground", "\x1b]11;#102030\x07\x1b]111\x07", "\x1b]11;?\x07",
       "\x1b]11;rgb:1e1e/1e1e/1e1e\x07"},
      {"DarkOsc112ResetsToTheProfileCursor", "\x1b]12;#102030\x07\x1b]112\x07", "\x1b]12;?\x07",
       "\x1b]12;rgb:d4d4/d4d4/d4d4\x07"},
      {"DarkOsc117ResetsToTheForeground", "\x1b]17;#102030\x07\x1b]117\x07", "\x1b]17;?\x07",
       "\x1b]17;rgb:d4d4/d4d4/d4d4\x07"},
      {"DarkOsc119ResetsToTheBackground", "\x1b]19;#102030\x07\x1b]119\x07", "\x1b]19;?\x07",
       "\x1b]19;rgb:1e1e/1e1e/1e1e\x07"},
  };
}

class DarkReplyTest : public ::testing::TestWithParam<ReplyCase> {};

TEST_P(DarkReplyTest, AnswersAsXterm379WithADarkBackground) {
  const ReplyCase& c = GetParam();
  TerminalOptions options = Xterm();
  options.replies.foreground = {0xd4, 0xd4, 0xd4};
  options.replies.background = {0x1e, 0x1e, 0x1e};
  options.replies.cursor = {0xd4, 0xd4, 0xd4};  // xterm's cursorColor follows the foreground
  EXPECT_EQ(Escaped(Answer(options, c)), Escaped(c.reply));
}

INSTANTIATE_TEST_SUITE_P(Xterm379, DarkReplyTest, ::testing::ValuesIn(DarkCases()),
                         [](const auto& info) { return info.param.name; });

// OSC 52 reads, with ReplyProfile::allow_clipboard_read (xterm: allowWindowOps).
std::vector<ReplyCase> ClipboardCases() {
  return {
      // xterm reads OSC 52's data leniently: what is not a base64 digit is skipped, padding may
      // be missing (esctest sends "dGVzdGluZyAxMjM='", a Python repr's quote included).
      {"ClipboardDataWithATrailingQuote", "\x1b]52;c;dGVzdA=='\x1b\\", "\x1b]52;c;?\x1b\\",
       "\x1b]52;c;dGVzdA==\x1b\\"},
      {"ClipboardDataWithALeadingQuote", "\x1b]52;c;'dGVzdA==\x1b\\", "\x1b]52;c;?\x1b\\",
       "\x1b]52;c;dGVzdA==\x1b\\"},
      {"ClipboardDataWithASpace", "\x1b]52;c;dGV zdA==\x1b\\", "\x1b]52;c;?\x1b\\",
       "\x1b]52;c;dGVzdA==\x1b\\"},
      {"ClipboardDataWithABang", "\x1b]52;c;dGVz!dA==\x1b\\", "\x1b]52;c;?\x1b\\",
       "\x1b]52;c;dGVzdA==\x1b\\"},
      {"ClipboardDataWithoutPadding", "\x1b]52;c;dGVzdA\x1b\\", "\x1b]52;c;?\x1b\\",
       "\x1b]52;c;dGVzdA==\x1b\\"},
      {"ClipboardDataWithOnePad", "\x1b]52;c;dGVzdA=\x1b\\", "\x1b]52;c;?\x1b\\",
       "\x1b]52;c;dGVzdA==\x1b\\"},
      {"ClipboardQuery", "\x1b]52;c;aGVsbG8=\x07", "\x1b]52;c;?\x07", "\x1b]52;c;aGVsbG8=\x07"},
      {"ClipboardQueryEndedBySt", "\x1b]52;c;aGVsbG8=\x07", "\x1b]52;c;?\x1b\\",
       "\x1b]52;c;aGVsbG8=\x1b\\"},
      {"ClipboardQueryUtf8", "\x1b]52;c;w6k=\x07", "\x1b]52;c;?\x07", "\x1b]52;c;w6k=\x07"},
      {"PrimarySelectionQuery", "\x1b]52;p;aGVsbG8=\x07", "\x1b]52;p;?\x07",
       "\x1b]52;p;aGVsbG8=\x07"},
      {"CutBufferQuery", "\x1b]52;s0;aGVsbG8=\x07", "\x1b]52;s0;?\x07", "\x1b]52;s0;aGVsbG8=\x07"},
      {"EmptySelectionNameIsS0", "\x1b]52;;aGVsbG8=\x07", "\x1b]52;;?\x07",
       "\x1b]52;s0;aGVsbG8=\x07"},
      {"TwoSelectionNames", "\x1b]52;c;aGVsbG8=\x07", "\x1b]52;cp;?\x07",
       "\x1b]52;cp;aGVsbG8=\x07"},
      {"LongClipboard",
       "\x1b]52;c;"
       "YWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJ"
       "jYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYW"
       "JjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjY"
       "WJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJj"
       "YWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJj\x07",
       "\x1b]52;c;?\x07",
       "\x1b]52;c;"
       "YWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJ"
       "jYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYW"
       "JjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjY"
       "WJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJj"
       "YWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJjYWJj\x07"},
  };
}

class ClipboardReplyTest : public ::testing::TestWithParam<ReplyCase> {};

TEST_P(ClipboardReplyTest, AnswersAsXterm379WithAllowWindowOps) {
  const ReplyCase& c = GetParam();
  TerminalOptions options = Xterm();
  options.replies.allow_clipboard_read = true;
  EXPECT_EQ(Escaped(Answer(options, c)), Escaped(c.reply));
}

TEST_P(ClipboardReplyTest, IsNotAnsweredByDefault) {
  const ReplyCase& c = GetParam();
  EXPECT_EQ(Escaped(Answer(Xterm(), c)), "");
}

INSTANTIATE_TEST_SUITE_P(Xterm379, ClipboardReplyTest, ::testing::ValuesIn(ClipboardCases()),
                         [](const auto& info) { return info.param.name; });

TEST(ClipboardReply, ReadIsCountedAsIgnoredByDefault) {
  VirtualTerminal vt(Xterm());
  vt.Write("\x1b]52;c;aGk=\x07\x1b]52;c;?\x07");
  EXPECT_EQ(vt.TakeReplies(), "");
  EXPECT_EQ(vt.terminal().stats().ignored.count("OSC 52 (query)"), 1u);
}

// Where vtsnap's answer is not xterm 379's: vtsnap's bytes, with what xterm answered beside them.
std::vector<ReplyCase> DeviationCases() {
  return {
      // Base64 after `=`: xterm 379 goes on decoding past the padding (it answers
      // "\x1b]52;c;dGVzdCAUJA==\x1b\\" here); vtsnap stops at the first `=`.
      {"ClipboardDataStopsAtPadding", "\x1b]52;c;dGVzdA==QUJD\x1b\\", "\x1b]52;c;?\x1b\\",
       "\x1b]52;c;dGVzdA==\x1b\\"},
      // xterm reads rgbi: through the X colour management's intensity curve and answers
      // "\x1b]10;rgb:c1c1/8d8d/ffff\x07"; vtsnap does not read rgbi: and keeps the colour.
      {"RgbiIsNotRead", "", "\x1b]10;rgbi:0.5/0.25/1\x07\x1b]10;?\x07",
       "\x1b]10;rgb:0000/0000/0000\x07"},
      // xterm answers "\x1b]10;rgb:dddd/b5b5/a0a0\x07"; vtsnap reads none of the CIE forms.
      {"CieXyzIsNotRead", "", "\x1b]10;CIEXYZ:0.5/0.5/0.5\x07\x1b]10;?\x07",
       "\x1b]10;rgb:0000/0000/0000\x07"},
      // xterm 379 also resets colour 2 after an OSC 104 list that runs to the end of the string
      // (recorded with 1, 2, 3 and 200 set: 104;3, 104;200, 104;256 and 104;3;1 each reset 2 as
      // well; 104;1;x and 104;1; do not): it answers "\x1b]4;2;rgb:0000/cdcd/0000\x07" here.
      // vtsnap resets the indices listed.
      {"Osc104ListResetsOnlyTheListed", "\x1b]4;1;#102030;2;#405060;3;#708090\x07\x1b]104;3\x07",
       "\x1b]4;2;?;3;?\x07", "\x1b]4;2;rgb:4040/5050/6060\x07\x1b]4;3;rgb:cdcd/cdcd/0000\x07"},
      // xterm 379 crashed (recorded: a segmentation fault) asked for an empty selection with
      // allowWindowOps; vtsnap answers with empty data.
      {"EmptyClipboardIsEmptyData", "", "\x1b]52;c;?\x07", "\x1b]52;c;\x07"},
  };
}

class DeviationOscReplyTest : public ::testing::TestWithParam<ReplyCase> {};

TEST_P(DeviationOscReplyTest, AnswersAsDocumented) {
  const ReplyCase& c = GetParam();
  TerminalOptions options = Xterm();
  options.replies.allow_clipboard_read = true;
  EXPECT_EQ(Escaped(Answer(options, c)), Escaped(c.reply));
}

INSTANTIATE_TEST_SUITE_P(Vtsnap, DeviationOscReplyTest, ::testing::ValuesIn(DeviationCases()),
                         [](const auto& info) { return info.param.name; });

// Colour specifications, one decision each, on the forms the table above recorded.
TEST(ParseXColor, HashDigitsAreTheHighBits) {
  EXPECT_EQ(ParseXColor("#f00"), (ReportedColor{0xf0, 0, 0}));
}
TEST(ParseXColor, RgbDigitsAreScaled) {
  EXPECT_EQ(ParseXColor("rgb:f/8/0"), (ReportedColor{0xff, 0x88, 0}));
}
TEST(ParseXColor, RgbiIsNotRead) { EXPECT_EQ(ParseXColor("rgbi:1/0/0"), std::nullopt); }
TEST(ParseXColor, GreyPercentages) {
  EXPECT_EQ(ParseXColor("gray90"), (ReportedColor{229, 229, 229}));
  EXPECT_EQ(ParseXColor("grey101"), std::nullopt);
}
TEST(FormatXColor, DoublesEachByte) {
  EXPECT_EQ(FormatXColor({0x1e, 0x80, 0xff}), "rgb:1e1e/8080/ffff");
}

// ReplyProfile::answer = false: no query of any family is answered, and each reply is counted.
TEST(NoAnswers, EveryFamilyIsSilencedAndCounted) {
  TerminalOptions options = Xterm();
  options.replies.answer = false;
  VirtualTerminal vt(options);
  vt.Write("\x1b[c\x1b[>c\x1b[=c\x1b[6n\x1b[?2004$p\x1b]11;?\x1b\\\x1b]10;?;?\x07\x1b]4;1;?\x07");
  EXPECT_EQ(vt.TakeReplies(), "");
  // DA1, DA2, DA3 (a DCS string: one reply), DSR, DECRQM, OSC 11, OSC 10 and 11, OSC 4.
  EXPECT_EQ(vt.terminal().stats().replies_suppressed, 9u);
}

TEST(NoAnswers, AnsweringCountsNothing) {
  VirtualTerminal vt(Xterm());
  vt.Write("\x1b[c\x1b]11;?\x07");
  EXPECT_NE(vt.TakeReplies(), "");
  EXPECT_EQ(vt.terminal().stats().replies_suppressed, 0u);
}

TEST(NoAnswers, ColoursAreStillSet) {
  TerminalOptions options = Xterm();
  options.replies.answer = false;
  VirtualTerminal vt(options);
  vt.Write("\x1b]11;#1e1e1e\x07\x1b]11;?\x07");
  EXPECT_EQ(vt.TakeReplies(), "");
  EXPECT_EQ(vt.terminal().stats().replies_suppressed, 1u);
}

// Setting colours is not drawing: cells keep their palette index, so the snapshot is the same.
TEST(SetColours, DoNotChangeTheScreen) {
  VirtualTerminal vt(Xterm());
  vt.Write("\x1b[31mx");
  vt.Write("\x1b]4;1;#00ff00\x07\x1b]10;#ff0000\x07\x1b]11;#000000\x07");
  const Pen after = vt.terminal().pen(vt.terminal().cell(0, 0).pen);
  EXPECT_EQ(after.fg, PenColor::Palette(1));
  EXPECT_EQ(after.bg, PenColor{});
}

}  // namespace
}  // namespace vtsnap
