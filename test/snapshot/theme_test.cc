// Theme independence (snapshot/formats/theme.h): which colours a theme owns, and how each offending
// run is named.
#include "vtsnap/snapshot/formats/theme.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {
namespace {

// The usage example of snapshot/formats/theme.h, kept alive.
TEST(ThemeTest, HeaderExample) {
  VirtualTerminal vt({.cols = 20, .rows = 2});
  vt.Write("\x1b[38;2;255;0;0mred\x1b[m \x1b[7msel\x1b[m");
  EXPECT_EQ(RenderThemeViolations(FindThemeViolations(vt)), "row 0 cols 0-2: fg=#ff0000 (RGB)\n");
}

struct ThemeCase {
  std::string name;
  std::string bytes;   // written to a 10x2 terminal
  std::string report;  // RenderThemeViolations; "" when the screen is theme independent
};

class ThemeCheckTest : public ::testing::TestWithParam<ThemeCase> {};

TEST_P(ThemeCheckTest, Reports) {
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write(GetParam().bytes);
  EXPECT_EQ(RenderThemeViolations(FindThemeViolations(vt)), GetParam().report);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, ThemeCheckTest,
    ::testing::Values(
        ThemeCase{"PlainText", "hello", ""},
        ThemeCase{"Palette0To15AndReverse", "\x1b[31ma\x1b[97mb\x1b[1;7mc\x1b[4;58;5;9md", ""},
        ThemeCase{"RgbForeground", "ab\x1b[38;2;1;2;3mcd", "row 0 cols 2-3: fg=#010203 (RGB)\n"},
        ThemeCase{"PaletteAbove15", "\x1b[38;5;16mx",
                  "row 0 cols 0-0: fg=16 (palette index above 15)\n"},
        ThemeCase{"PaletteBackground", "\x1b[44mab",
                  "row 0 cols 0-1: bg=blue (explicit background)\n"},
        ThemeCase{"RgbBackgroundOnSecondRow", "\r\n\x1b[48;2;0;0;0mx",
                  "row 1 cols 0-0: bg=#000000 (explicit background)\n"},
        // An erase with a background set paints the cleared cells (BCE): all 10 of row 0.
        ThemeCase{"ErasedWithBackground", "\x1b[41m\x1b[2K",
                  "row 0 cols 0-9: bg=red (explicit background)\n"},
        ThemeCase{"UnderlineColourRgb", "\x1b[4;58;2;0;255;0mx",
                  "row 0 cols 0-0: underline-color=#00ff00 (RGB)\n"},
        ThemeCase{"SeveralProblemsInOneRun", "\x1b[38;5;200;48;5;1mx",
                  "row 0 cols 0-0: fg=200 (palette index above 15), bg=red (explicit "
                  "background)\n"},
        ThemeCase{"RunsSplitWhereTheColourChanges", "\x1b[38;5;100mab\x1b[38;5;101mc",
                  "row 0 cols 0-1: fg=100 (palette index above 15)\n"
                  "row 0 cols 2-2: fg=101 (palette index above 15)\n"},
        // 2 rows: "x" in RGB scrolls into the scrollback, the screen is clean.
        ThemeCase{"Scrollback", "\x1b[38;2;9;9;9mx\x1b[m\r\n\r\nok",
                  "scrollback 0 cols 0-0: fg=#090909 (RGB)\n"},
        // The primary screen's scrollback is part of the state while the alternate one is shown.
        ThemeCase{"ScrollbackBehindTheAlternateScreen",
                  "\x1b[48;5;3mx\x1b[m\r\n\r\n\x1b[?1049hmenu",
                  "scrollback 0 cols 0-0: bg=yellow (explicit background)\n"}),
    [](const auto& info) { return info.param.name; });

TEST(ThemeTest, FrameCellsAreChecked) {
  Frame frame = Frame::Blank(3, 1);
  frame.cell(1, 0).style.bg = Color::Rgb(1, 2, 3);
  EXPECT_EQ(RenderThemeViolations(FindThemeViolations(frame)),
            "row 0 cols 1-1: bg=#010203 (explicit background)\n");
}

}  // namespace
}  // namespace vtsnap
