// The one SGR writer: the escape sequence that sets a whole pen from a reset, for every place that
// writes styled text for a terminal to show (pito-tui's ANSI dump, the coloured rows of a failing
// golden, `vtsnap render --format ansi`).
//
// The sequence always starts from a reset ("\x1b[0"), so a cell's style never depends on the one
// before it. Parameters follow in a fixed order: the attributes in code order (1 bold, 2 dim,
// 3 italic, 5 blink, 7 reverse, 8 invisible, 9 strike, 53 overline), the underline (4, or 4:2 to
// 4:5 for double, curly, dotted, dashed), the foreground and the background (palette 0-7 as
// 30-37 / 40-47, 8-15 as 90-97 / 100-107, other indexes as 38;5;N / 48;5;N, RGB as 38;2;R;G;B /
// 48;2;R;G;B), then the underline colour (58;5;N or 58;2;R;G;B); a default colour writes nothing.
//
// Example (kept compiling in test/snapshot/sgr_test.cc):
//   vtsnap::Style style;
//   style.bold = true;
//   style.fg = vtsnap::Color::Palette(9);
//   assert(vtsnap::SgrOfStyle(style) == "\x1b[0;1;91m");
#ifndef VTSNAP_SNAPSHOT_SCREEN_SGR_H_
#define VTSNAP_SNAPSHOT_SCREEN_SGR_H_

#include <string>

#include "vtsnap/decoder/terminal.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {

// "\x1b[0;...m" setting `pen` from a reset.
std::string SgrOfPen(const Pen& pen);

// The same for a Frame style (which has no blink, invisible or overline; its underline colour
// counts only on an underlined cell).
std::string SgrOfStyle(const Style& style);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_SCREEN_SGR_H_
