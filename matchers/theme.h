// IsThemeIndependent: the matcher that a screen reads the same under any colour theme.
//
// It fails on any RGB colour, any palette index above 15 and any explicit background, in the
// foreground, background and underline colour of every cell of the screen and of the scrollback
// (snapshot/formats/theme.h). Reverse video is fine: it swaps the theme's own default colours. The
// failure lists each offending run by row and columns with its colour:
//   row 2 cols 0-19: bg=blue (explicit background)
//   scrollback 0 cols 4-8: fg=#ff0000 (RGB)
//
//   TEST(Menu, UsesOnlyThemeColours) {
//     vtsnap::VirtualTerminal vt({.cols = 40, .rows = 5});
//     vt.Write("\x1b[1;32mok\x1b[m \x1b[7mselected\x1b[m");
//     EXPECT_THAT(vt, vtsnap::IsThemeIndependent());
//   }
#ifndef VTSNAP_MATCHERS_THEME_H_
#define VTSNAP_MATCHERS_THEME_H_

#include "gmock/gmock.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

// Matches a screen (any kind, snapshot/screen/screen_view.h) with no theme-dependent colour; an
// unreadable screen fails with the reason.
::testing::Matcher<const ScreenView&> IsThemeIndependent();

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_THEME_H_
