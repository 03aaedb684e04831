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

}  // namespace
}  // namespace vtsnap
