// Replies that show xterm behaviours esctest2 checks: XTSAVE and XTRESTORE (`CSI ? Pm s`,
// `CSI ? Pm r`) read back with DECRQM and CPR, the title modes (XTSMTITLE `CSI > Ps t`, XTRMTITLE
// `CSI > Ps T`) read back with the title reports, and the window position a move leaves.
//
// Every expected reply below was recorded from the real binary, xterm 379 (Debian 12's package
// `xterm`), under Xvfb (a 1024x768 screen, no window manager), with its default resources plus
// `decTerminalID: 420` and `utf8: 1` (and `allowWindowOps: true` for the title and window
// cases), on an 80x24 screen: for each case xterm got RIS, the setup bytes, and after their
// replies were drained the query, whose answer is the expected reply. xterm keeps its saved
// modes across RIS, so every save case saves before it restores.
#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "gtest/gtest.h"
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

std::string Answer(const TerminalOptions& options, const ReplyCase& c) {
  VirtualTerminal vt(options);
  vt.Write(c.setup);
  vt.TakeReplies();
  vt.Write(c.query);
  return vt.TakeReplies();
}

// XTSAVE and XTRESTORE. xterm 379's own slips are kept: DECLRMM is saved as set whatever it is;
// a mouse encoding restores as none; DECNKM and DECBKM restore nothing; a mode never saved
// restores as reset.
std::vector<ReplyCase> SaveCases() {
  return {
      {"RestoreOfAModeNeverSavedResetsIt", "\x1b[?1004h\x1b[?1004r", "\x1b[?1004$p",
       "\x1b[?1004;2$y"},
      {"DecbkmRestoreChangesNothing", "\x1b[?67h\x1b[?67r", "\x1b[?67$p", "\x1b[?67;1$y"},
      {"SaveSetAutowrap", "\x1b[?7h\x1b[?7s\x1b[?7l\x1b[?7r", "\x1b[?7$p", "\x1b[?7;1$y"},
      {"SaveResetAutowrap", "\x1b[?7l\x1b[?7s\x1b[?7h\x1b[?7r", "\x1b[?7$p", "\x1b[?7;2$y"},
      {"SaveTwoModes7", "\x1b[?7;45s\x1b[?7l\x1b[?45h\x1b[?7;45r", "\x1b[?7$p", "\x1b[?7;1$y"},
      {"SaveTwoModes45", "\x1b[?7;45s\x1b[?7l\x1b[?45h\x1b[?7;45r", "\x1b[?45$p", "\x1b[?45;2$y"},
      {"SaveReverseWrapSet", "\x1b[?45h\x1b[?45s\x1b[?45l\x1b[?45r", "\x1b[?45$p", "\x1b[?45;1$y"},
      {"DeclrmmSavedResetRestoresSet", "\x1b[?69l\x1b[?69s\x1b[?69r", "\x1b[?69$p", "\x1b[?69;1$y"},
      {"DeclrmmSavedSet", "\x1b[?69h\x1b[?69s\x1b[?69l\x1b[?69r", "\x1b[?69$p", "\x1b[?69;1$y"},
      {"MouseSlotShared", "\x1b[?1002h\x1b[?1000s\x1b[?1000l\x1b[?1000r", "\x1b[?1002$p",
       "\x1b[?1002;1$y"},
      {"MouseEncodingRestoresToNone", "\x1b[?1006h\x1b[?1005s\x1b[?1006l\x1b[?1005r",
       "\x1b[?1006$p", "\x1b[?1006;2$y"},
      {"OriginRestoreHomes", "\x1b[?6l\x1b[?6s\x1b[5;5H\x1b[?6r", "\x1b[6n", "\x1b[1;1R"},
      {"OriginRestoreSet", "\x1b[3;20r\x1b[?6h\x1b[?6s\x1b[?6l\x1b[5;5H\x1b[?6r", "\x1b[6n",
       "\x1b[1;1R"},
      {"SavedModesSurviveRis",
       "\x1b[?1h\x1b[?1s\x1b"
       "c\x1b[?1r",
       "\x1b[?1$p", "\x1b[?1;1$y"},
      {"AltScreenRestoredOn", "\x1b[?1049h\x1b[?1049s\x1b[?1049l\x1b[?1049r", "\x1b[?1049$p",
       "\x1b[?1049;1$y"},
      {"AltScreenRestoredOn47", "\x1b[?1049h\x1b[?1049s\x1b[?1049l\x1b[?1049r", "\x1b[?47$p",
       "\x1b[?47;1$y"},
      {"AltScreenRestoredOff", "\x1b[?1047s\x1b[?1047h\x1b[?1047r", "\x1b[?1047$p",
       "\x1b[?1047;2$y"},
      {"CursorVisibleRestored", "\x1b[?25l\x1b[?25s\x1b[?25h\x1b[?25r", "\x1b[?25$p",
       "\x1b[?25;2$y"},
      {"BracketedPasteRestored", "\x1b[?2004h\x1b[?2004s\x1b[?2004l\x1b[?2004r", "\x1b[?2004$p",
       "\x1b[?2004;1$y"},
      {"CursorKeysRestored", "\x1b[?1h\x1b[?1s\x1b[?1l\x1b[?1r", "\x1b[?1$p", "\x1b[?1;1$y"},
      {"KeptModeRestored", "\x1b[?1036h\x1b[?1036s\x1b[?1036l\x1b[?1036r", "\x1b[?1036$p",
       "\x1b[?1036;1$y"},
      {"ScreenReverseRestored", "\x1b[?5h\x1b[?5s\x1b[?5l\x1b[?5r", "\x1b[?5$p", "\x1b[?5;1$y"},
      {"SaveWithoutQuestionMarkIsScosc", "\x1b[?7h\x1b[?7s\x1b[?7l\x1b[s\x1b[?7r", "\x1b[?7$p",
       "\x1b[?7;1$y"},
      {"RestoreCursorMode1048", "\x1b[3;4H\x1b[?1048s\x1b[9;9H\x1b[?1048r", "\x1b[6n", "\x1b[3;4R"},
  };
}

class SaveModesTest : public ::testing::TestWithParam<ReplyCase> {};

TEST_P(SaveModesTest, AnswersAsXterm379) {
  const ReplyCase& c = GetParam();
  EXPECT_EQ(absl::CHexEscape(Answer({.cols = 80, .rows = 24}, c)), absl::CHexEscape(c.reply));
}

INSTANTIATE_TEST_SUITE_P(Xterm379, SaveModesTest, ::testing::ValuesIn(SaveCases()),
                         [](const auto& info) { return info.param.name; });

// xterm with allowWindowOps, as the title and window cases were recorded.
TerminalOptions AllowingWindowOps() {
  TerminalOptions options = {.cols = 80, .rows = 24};
  options.replies.allow_window_ops = true;
  return options;
}

// XTSMTITLE and XTRMTITLE, read back with `CSI 21 t` and `CSI 20 t`. Hexadecimal titles must be
// whole (an even number of digits, nothing else, not empty) or the title stays; a parameter left
// out (`CSI > t`) changes nothing; RIS clears the modes. The UTF-8 modes (2, 3) change nothing in
// xterm's UTF-8 mode: titles go in and out as UTF-8.
std::vector<ReplyCase> TitleModeCases() {
  return {
      {"TitleSetInHex", "\x1b[>0t\x1b]2;6162\x07", "\x1b[21t", "\x1b]lab\x1b\\"},
      {"IconSetInHex", "\x1b[>0t\x1b]1;6162\x07", "\x1b[20t", "\x1b]Lab\x1b\\"},
      {"BothSetInHex", "\x1b[>0t\x1b]0;6364\x07", "\x1b[20t", "\x1b]Lcd\x1b\\"},
      {"TitleSetInLowercaseHex", "\x1b[>0t\x1b]2;6a6B\x07", "\x1b[21t", "\x1b]ljk\x1b\\"},
      {"HexOddDigitsIgnored", "\x1b]2;old\x07\x1b[>0t\x1b]2;616\x07", "\x1b[21t",
       "\x1b]lold\x1b\\"},
      {"HexNonDigitIgnored", "\x1b]2;old\x07\x1b[>0t\x1b]2;61zz\x07", "\x1b[21t",
       "\x1b]lold\x1b\\"},
      {"HexEmptyLeavesTheTitle", "\x1b]2;old\x07\x1b[>0t\x1b]2;\x07", "\x1b[21t",
       "\x1b]lold\x1b\\"},
      {"HexControlEndsTitle", "\x1b[>0t\x1b]2;61076263\x07", "\x1b[21t", "\x1b]la\x1b\\"},
      {"TitleQueriedInHex", "\x1b]2;ab\x07\x1b[>1t", "\x1b[21t", "\x1b]l6162\x1b\\"},
      {"IconQueriedInHex", "\x1b]1;ab\x07\x1b[>1t", "\x1b[20t", "\x1b]L6162\x1b\\"},
      {"SetAndQueryInHex", "\x1b[>0;1t\x1b]2;6162\x07", "\x1b[21t", "\x1b]l6162\x1b\\"},
      {"ResetSetHex", "\x1b[>0;1t\x1b[>0T\x1b]2;6162\x07", "\x1b[21t", "\x1b]l36313632\x1b\\"},
      {"ResetWithoutParamsChangesNothing", "\x1b[>0;1t\x1b[>T\x1b]2;6162\x07", "\x1b[21t",
       "\x1b]l6162\x1b\\"},
      {"SetWithoutParamsChangesNothing", "\x1b[>1t\x1b[>t\x1b]2;ab\x07", "\x1b[21t",
       "\x1b]l6162\x1b\\"},
      {"RisResetsTitleModes",
       "\x1b[>0;1t\x1b"
       "c\x1b]2;ab\x07",
       "\x1b[21t", "\x1b]lab\x1b\\"},
      {"Utf8TitleDefault", "\x1b]2;\xc3\xa9\x07", "\x1b[21t", "\x1b]l\xc3\xa9\x1b\\"},
      {"Utf8TitleQueriedInHex", "\x1b[>1t\x1b]2;\xc3\xa9\x07", "\x1b[21t", "\x1b]lC3A9\x1b\\"},
      {"Utf8TitleSetUtf8Mode", "\x1b[>2t\x1b]2;\xc3\xa9\x07", "\x1b[21t", "\x1b]l\xc3\xa9\x1b\\"},
      {"Utf8TitleQueryUtf8Mode", "\x1b[>3t\x1b]2;\xc3\xa9\x07", "\x1b[21t", "\x1b]l\xc3\xa9\x1b\\"},
      {"Utf8TitleBothUtf8Modes", "\x1b[>2;3t\x1b]2;\xc3\xa9\x07", "\x1b[21t",
       "\x1b]l\xc3\xa9\x1b\\"},
      {"Utf8TitleQueryUtf8AndHex", "\x1b[>1;3t\x1b]2;\xc3\xa9\x07", "\x1b[21t", "\x1b]lC3A9\x1b\\"},
      {"Utf8TitleSetInHex", "\x1b[>0t\x1b]2;C3A9\x07", "\x1b[21t", "\x1b]l\xc3\xa9\x1b\\"},
      {"Utf8TitleSetInHexQueryHex", "\x1b[>0;1t\x1b]2;C3A9\x07", "\x1b[21t", "\x1b]lC3A9\x1b\\"},
      {"WideTitleQueriedInHex", "\x1b[>1t\x1b]2;\xe4\xb8\x80\x07", "\x1b[21t",
       "\x1b]lE4B880\x1b\\"},
      {"WideTitleDefault", "\x1b]2;\xe4\xb8\x80\x07", "\x1b[21t", "\x1b]l\xe4\xb8\x80\x1b\\"},
  };
}

class TitleModesTest : public ::testing::TestWithParam<ReplyCase> {};

TEST_P(TitleModesTest, AnswersAsXterm379WithAllowWindowOps) {
  const ReplyCase& c = GetParam();
  EXPECT_EQ(absl::CHexEscape(Answer(AllowingWindowOps(), c)), absl::CHexEscape(c.reply));
}

INSTANTIATE_TEST_SUITE_P(Xterm379, TitleModesTest, ::testing::ValuesIn(TitleModeCases()),
                         [](const auto& info) { return info.param.name; });

// The window position after a move (`CSI 3 ; x ; y t`), read back with `CSI 13 t`: under Xvfb
// with no window manager xterm's window goes where it is told, off the screen too, and stays
// there across RIS. (`CSI 13 ; 2 t`, the text area's position, answers xterm's 2-pixel border
// more, "\x1b[3;7;9t" after a move to 5;7; vtsnap has no border: docs/xterm-deviations.md.)
std::vector<ReplyCase> WindowPositionCases() {
  return {
      {"PositionAfterMove", "\x1b[3;5;7t", "\x1b[13t", "\x1b[3;5;7t"},
      {"PositionAfterMoveToOrigin", "\x1b[3;5;7t\x1b[3;0;0t", "\x1b[13t", "\x1b[3;0;0t"},
      {"PositionMoveYDefault", "\x1b[3;10t", "\x1b[13t", "\x1b[3;10;0t"},
      {"PositionMoveXDefault", "\x1b[3;;12t", "\x1b[13t", "\x1b[3;0;12t"},
      {"PositionMoveNoParams", "\x1b[3;5;7t\x1b[3t", "\x1b[13t", "\x1b[3;0;0t"},
      {"PositionKeptByRis",
       "\x1b[3;9;11t\x1b"
       "c",
       "\x1b[13t", "\x1b[3;9;11t"},
      {"PositionOffTheScreen", "\x1b[3;2000;1500t", "\x1b[13t", "\x1b[3;2000;1500t"},
  };
}

class WindowPositionTest : public ::testing::TestWithParam<ReplyCase> {};

TEST_P(WindowPositionTest, AnswersAsXterm379WithAllowWindowOps) {
  const ReplyCase& c = GetParam();
  EXPECT_EQ(absl::CHexEscape(Answer(AllowingWindowOps(), c)), absl::CHexEscape(c.reply));
}

INSTANTIATE_TEST_SUITE_P(Xterm379, WindowPositionTest, ::testing::ValuesIn(WindowPositionCases()),
                         [](const auto& info) { return info.param.name; });

// DECSCL's levels (`CSI Pl ; 1 " p`): below level 3 the ANSI DECRQM and the other CSI ... $
// sequences go unanswered, while the DEC private DECRQM is still answered; below level 4, DA3
// is not answered and DECLRMM is unknown. DECSCL soft-resets as DECSTR does.
std::vector<ReplyCase> ConformanceLevelCases() {
  return {
      {"Level2NoDecrqmAnsi", "\x1b[62;1\"p", "\x1b[4$p", ""},
      {"Level2DecrqmDecAnswered", "\x1b[62;1\"p", "\x1b[?7$p", "\x1b[?7;1$y"},
      {"Level1DecrqmDecAnswered", "\x1b[61;1\"p", "\x1b[?7$p", "\x1b[?7;1$y"},
      {"Level3Decrqm", "\x1b[63;1\"p", "\x1b[4$p", "\x1b[4;2$y"},
      {"Level3DecrqmDec", "\x1b[63;1\"p", "\x1b[?7$p", "\x1b[?7;1$y"},
      {"Level2NoDecrqpsr", "\x1b[62;1\"p", "\x1b[2$w", ""},
      {"Level3NoDa3", "\x1b[63;1\"p", "\x1b[=c", ""},
      {"Level4Da3", "\x1b[64;1\"p", "\x1b[=c", "\x1bP!|00000000\x1b\\"},
      {"Level3DeclrmmUnknown", "\x1b[63;1\"p\x1b[?69h", "\x1b[?69$p", "\x1b[?69;0$y"},
      {"Level4Declrmm", "\x1b[64;1\"p\x1b[?69h", "\x1b[?69$p", "\x1b[?69;1$y"},
      {"DecsclSoftResetsAutowrap", "\x1b[?7l\x1b[64;1\"p", "\x1b[?7$p", "\x1b[?7;1$y"},
      {"DecsclSoftResetsOrigin", "\x1b[?6h\x1b[64;1\"p", "\x1b[?6$p", "\x1b[?6;2$y"},
      {"DecsclKeepsCursor", "\x1b[5;7H\x1b[64;1\"p", "\x1b[6n", "\x1b[5;7R"},
      {"DecsclSoftResetsScrollRegion", "\x1b[5;10r\x1b[64;1\"p\x1b[24;1H\x1b[5;10r\x1b[?6h",
       "\x1b[6n", "\x1b[1;1R"},
      {"Level3Da1", "\x1b[63;1\"p", "\x1b[c", "\x1b[?64;1;2;6;9;15;16;17;18;21;22;28c"},
      {"Level2Da2", "\x1b[62;1\"p", "\x1b[>c", "\x1b[>41;379;0c"},
  };
}

class ConformanceLevelTest : public ::testing::TestWithParam<ReplyCase> {};

TEST_P(ConformanceLevelTest, AnswersAsXterm379) {
  const ReplyCase& c = GetParam();
  EXPECT_EQ(absl::CHexEscape(Answer({.cols = 80, .rows = 24}, c)), absl::CHexEscape(c.reply));
}

INSTANTIATE_TEST_SUITE_P(Xterm379, ConformanceLevelTest,
                         ::testing::ValuesIn(ConformanceLevelCases()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace vtsnap
