// Theme independence: whether a screen looks right under any terminal colour theme.
//
// A TUI that uses only the 16 themable palette colours (ANSI 0-15) for its text and underlines,
// the terminal's default background everywhere, and reverse video for highlights (reverse swaps
// the theme's own default colours) reads well on a dark theme and a light one alike. An RGB
// colour, a palette index above 15 (fixed by the 256-colour cube, not by the theme) or an explicit
// background (any colour painted behind the text) breaks that. FindThemeViolations lists every
// run of cells that does, over the whole terminal state a program can leave: the scrollback and
// the screen, foreground, background and underline colour.
//
//   vtsnap::VirtualTerminal vt({.cols = 20, .rows = 2});
//   vt.Write("\x1b[38;2;255;0;0mred\x1b[m \x1b[7msel\x1b[m");
//   std::vector<vtsnap::ThemeViolation> v = vtsnap::FindThemeViolations(vt);
//   // one run: row 0 cols 0-2, fg #ff0000; the reverse-video "sel" is fine
//   std::string report = vtsnap::RenderThemeViolations(v);
//   // "row 0 cols 0-2: fg=#ff0000 (RGB)\n"
#ifndef VTSNAP_SNAPSHOT_FORMATS_THEME_H_
#define VTSNAP_SNAPSHOT_FORMATS_THEME_H_

#include <string>
#include <vector>

#include "vtsnap/decoder/terminal.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

// One run of cells with the same theme-dependent colours.
struct ThemeViolation {
  bool scrollback = false;  // `row` counts scrollback lines (0 = the oldest), not screen rows
  int row = 0;
  int first_col = 0;
  int last_col = 0;
  // What is wrong, in the words of docs/semantic.md: "fg=#ff0000 (RGB)", "fg=196 (palette index
  // above 15)", "bg=blue (explicit background)", "underline-color=#00ff00 (RGB)"; in that order.
  std::vector<std::string> problems = {};

  friend bool operator==(const ThemeViolation&, const ThemeViolation&) = default;
};

// Every violation, scrollback lines first (oldest first), then the screen rows, each row left to
// right. A PtySession's view answers as its terminal did (snapshot/formats/detached_state.h); a
// Frame has no scrollback: its cells are checked. An unreadable view has none (the caller checks
// status()).
std::vector<ThemeViolation> FindThemeViolations(const ScreenView& screen);

// One line per violation: "row 3 cols 10-14: fg=#ff0000 (RGB), bg=blue (explicit background)",
// "scrollback 0 cols 0-79: bg=236 (explicit background)". "" for none.
std::string RenderThemeViolations(const std::vector<ThemeViolation>& violations);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_FORMATS_THEME_H_
