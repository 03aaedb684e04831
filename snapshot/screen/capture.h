// Capture: the Frame (snapshot/screen/frame.h) of the screen a decoder terminal shows now.
//
// Colours keep how the program set them: SGR 30-37/90-97/40-47/100-107 become palette indexes
// 0-15, 38;5;N becomes @N and 38;2;R;G;B becomes #RRGGBB. Invisible (SGR 8) cells are captured as
// blanks in their style, since that is what a user sees; blink and overline cannot be spelled in
// ckvision-golden 1 and are dropped (docs/golden-format.md). OSC 8 cells become maximal link runs.
//
//   vtsnap::VirtualTerminal vt({.cols = 20, .rows = 2});
//   vt.Write("\x1b[31mred");
//   absl::StatusOr<vtsnap::Frame> frame = vtsnap::CaptureFrame(vt);  // any ScreenView
//   // frame->cell(0, 0).grapheme == "r", frame->cell(0, 0).style.fg == vtsnap::Color::Palette(1)
#ifndef VTSNAP_SNAPSHOT_SCREEN_CAPTURE_H_
#define VTSNAP_SNAPSHOT_SCREEN_CAPTURE_H_

#include <string>

#include "absl/status/statusor.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/rgba.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

class Terminal;
struct Pen;
struct PenColor;

// The picture `screen` shows (ScreenView::frame), or why it cannot be read now (a HeadlessTerminal
// inside a synchronized frame or after a presenter-profile violation: ScreenView::status).
[[nodiscard]] absl::StatusOr<Frame> CaptureFrame(const ScreenView& screen);

// The pixel plane of `screen`: cols * cell width by rows * cell height pixels, transparent where
// nothing is drawn (all of it without graphics); an error when the screen cannot be read or has no
// plane (a Frame).
[[nodiscard]] absl::StatusOr<RgbaPlane> CapturePlane(const ScreenView& screen);

// The golden dump of a screen, written straight from a live terminal's cells, is SerializeScreen
// (snapshot/formats/screen_dump.h).

// The one mapping between the decoder's pen (Pen, PenColor, UnderlineStyle) and the Frame's style
// (Style, Color, UnderlineShape). StyleFromPen: the Frame spelling of a terminal pen (blink,
// invisible and overline have none; an underline colour is kept only under an underline).
// PenFromStyle: the decoder pen a Frame style stands for (blink, invisible and overline unset), so
// PenFromStyle(StyleFromPen(pen)) is `pen` without those three.
Style StyleFromPen(const Pen& pen);
Pen PenFromStyle(const Style& style);

// A Frame colour as a terminal pen colour (the inverse of the colours StyleFromPen writes), for
// the checks that read a Frame with the terminal's colour rules (theme.h, pito_frame.h).
PenColor PenColorFromColor(const Color& color);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_SCREEN_CAPTURE_H_
