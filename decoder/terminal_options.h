// The value types a terminal is made with and reports, without the terminal itself: the options
// of every profile (the size, scrollback, widths, and the Sixel and cell metrics one struct
// shared by the xterm and presenter profiles, HeadlessTerminal and PtySession), the colour depth
// of a profile, and the cursor. Headers that only configure a terminal (virtual_terminal.h,
// headless_terminal.h) include this one instead of terminal.h, so a test that includes
// vtsnap/matchers/matchers.h does not compile the terminal's internals.
//
//   vtsnap::TerminalOptions options = {.cols = 80, .rows = 24};
//   options.graphics = {.sixel = true, .cell_width = 10, .cell_height = 20};
//   vtsnap::VirtualTerminal vt(options);
#ifndef VTSNAP_DECODER_TERMINAL_OPTIONS_H_
#define VTSNAP_DECODER_TERMINAL_OPTIONS_H_

#include <cstdint>

#include "vtsnap/decoder/cursor_shape.h"
#include "vtsnap/decoder/sixel.h"
#include "vtsnap/decoder/width.h"

namespace vtsnap {

// Where a Sixel image goes and what follows it (docs/sixel.md).
enum class SixelPlacement : uint8_t {
  // xterm's rules: the screen scrolls when the image runs past the bottom margin; the cursor
  // goes where xterm puts it; HLS colours; malformed data is recovered from as xterm does.
  kXterm,
  // The presenter profile (PresenterTerminal): the published subset, pixels clipped to the fixed
  // plane without scrolling, background mode 0 clears the declared raster extent.
  kPresenter,
};

// The largest cell, in pixels, in either direction: a larger cell_width or cell_height is
// clamped to it.
inline constexpr int kMaxCellPixels = 64;

// The largest pixel plane a terminal keeps: 2^28 pixels (1 GiB of RGBA). A terminal whose
// cols*cell_width x rows*cell_height plane is larger decodes no Sixel (as with `sixel` off), and
// capturing its plane (vtsnap::CapturePlane) is an error rather than an allocation that cannot
// succeed.
inline constexpr int64_t kMaxPlanePixels = int64_t{1} << 28;

// The number of pixels of a cols x rows terminal's plane with cells of cell_width x cell_height
// pixels, after the clamps a Terminal applies (sizes to 1-kMaxTerminalDimension, cells to
// 1-kMaxCellPixels are the caller's: this multiplies what it is given, without overflow).
inline constexpr int64_t PlanePixels(int cols, int rows, int cell_width, int cell_height) {
  return int64_t{cols} * cell_width * (int64_t{rows} * cell_height);
}

struct GraphicsOptions {
  // Decode Sixel (DCS P1;P2;P3 q). Off, a DCS q is ignored (counted in stats()) and the pixel
  // plane stays transparent.
  bool sixel = false;
  // The pixel size of a cell (clamped to 1-kMaxCellPixels): the plane is cols*cell_width by
  // rows*cell_height pixels, at most kMaxPlanePixels (larger, Sixel is off).
  int cell_width = 3;
  int cell_height = 6;
  SixelLimits limits = {};
  SixelPlacement placement = SixelPlacement::kXterm;
};

// A colour the terminal reports to a program that asks (OSC 4, 10, 11, 12, 17, 19), 8 bits a
// channel. xterm writes it back with 16 bits a channel, each byte doubled: rgb:ffff/ffff/ffff.
struct ReportedColor {
  uint8_t r = 0;
  uint8_t g = 0;
  uint8_t b = 0;
  friend bool operator==(const ReportedColor&, const ReportedColor&) = default;
};

// What the terminal says about itself (docs/replies.md). The default is what xterm 379 answers
// with its default resources and `decTerminalID: 420`: a VT420 showing black text on white. A test
// sets a dark background to see the dark theme of a program that asks (OSC 11) which to draw, or
// turns answers off to see a program's "no answer" path.
struct ReplyProfile {
  // false: no query is answered at all; each reply not given is counted in
  // stats().replies_suppressed (when the replies are taken). Colours and modes still change.
  bool answer = true;
  // The default colours, as OSC 10, 11 and 12 report them (xterm's foreground, background and
  // cursorColor resources). As in xterm, the pointer and Tektronix colours (OSC 13-16, 18), the
  // highlight (OSC 17 the foreground, OSC 19 the background) and the special colours (OSC 5)
  // follow the foreground and background; set cursor with the foreground for xterm's default,
  // where cursorColor is the foreground.
  ReportedColor foreground = {0, 0, 0};
  ReportedColor background = {255, 255, 255};
  ReportedColor cursor = {0, 0, 0};
  // xterm's allowWindowOps resource: off (the default, as in xterm), the window operations xterm
  // disallows by default (disallowedWindowOps) are not answered; on, they are as xterm answers
  // them with allowWindowOps (esctest runs xterm so).
  bool allow_window_ops = false;
  // OSC 52 with `?` reads the clipboard back: off by default (a terminal that hands its clipboard
  // to any program that asks is a leak); on, it is answered with what OSC 52 last set.
  bool allow_clipboard_read = false;
};

struct TerminalOptions {
  int cols = 80;
  int rows = 24;
  // Lines kept above the primary screen; 0 keeps none.
  int scrollback_limit = 1000;
  WidthPolicy width = {};
  GraphicsOptions graphics = {};
  // Keeps a content-generation counter per screen position (Terminal::generation), bumped each
  // time what the position shows really changes. Off by default: it compares the whole screen
  // after every decoded action.
  bool track_generations = false;
  // What Resize does with lines the program wrote: off (the default, xterm's behaviour), lines
  // stay as they are, clipped on the right when narrower and padded when wider; on (xterm.js,
  // VTE, kitty), soft-wrapped lines of the primary screen and its scrollback are re-wrapped to
  // the new width the way @xterm/headless 6 does it: the cursor's own line is left alone (the
  // shell redraws it), a wide character never splits, the alternate screen is not re-wrapped.
  // docs/xterm-deviations.md ("Resize") lists what differs from xterm.js.
  bool reflow_on_resize = false;
  // What the terminal says about itself when a program asks (docs/replies.md).
  ReplyProfile replies = {};
};

// The colours a terminal profile can show. The presenter profile rejects SGR colours the profile
// cannot show (38;5 on 16 colours, 38;2 on 16 or 256).
enum class ColorDepth : uint8_t { kTrueColor, k256, k16 };

struct CursorState {
  int col = 0;
  int row = 0;
  // The last column (or the right margin) was just written: the next printable character wraps
  // first if autowrap (DECAWM) is on then, and is written over the last column otherwise. Set
  // whether or not autowrap is on, as xterm's do_wrap is.
  bool pending_wrap = false;
  bool visible = true;
  CursorShape shape = CursorShape::kBlock;
  // xterm 379's cursorBlink resource is false: a steady block until DECSCUSR or ?12 says otherwise.
  bool blinking = false;
};

}  // namespace vtsnap

#endif  // VTSNAP_DECODER_TERMINAL_OPTIONS_H_
