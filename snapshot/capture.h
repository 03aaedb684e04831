// Capture: the Frame (snapshot/frame.h) of the screen a decoder terminal shows now.
//
// Colours keep how the program set them: SGR 30-37/90-97/40-47/100-107 become palette indexes
// 0-15, 38;5;N becomes @N and 38;2;R;G;B becomes #RRGGBB. Invisible (SGR 8) cells are captured as
// blanks in their style, since that is what a user sees; blink and overline cannot be spelled in
// ckvision-golden 1 and are dropped (docs/golden-format.md). OSC 8 cells become maximal link runs.
//
//   vtsnap::VirtualTerminal vt({.cols = 20, .rows = 2});
//   vt.Write("\x1b[31mred");
//   vtsnap::Frame frame = vtsnap::CaptureFrame(vt);
//   // frame.cell(0, 0).grapheme == "r", frame.cell(0, 0).style.fg == vtsnap::Color::Palette(1)
#ifndef VTSNAP_SNAPSHOT_CAPTURE_H_
#define VTSNAP_SNAPSHOT_CAPTURE_H_

#include <string>

#include "absl/status/statusor.h"
#include "vtsnap/decoder/headless_terminal.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/frame.h"
#include "vtsnap/snapshot/rgba.h"

namespace vtsnap {

// The active screen of `terminal` with its cursor and hyperlinks.
Frame CaptureFrame(const Terminal& terminal);
inline Frame CaptureFrame(const VirtualTerminal& vt) { return CaptureFrame(vt.terminal()); }

// The display a HeadlessTerminal decoded, or why it cannot be read now (a presenter-profile
// violation, an open synchronized frame: HeadlessTerminal::ReadableStatus).
[[nodiscard]] absl::StatusOr<Frame> CaptureDisplay(const HeadlessTerminal& terminal);

// The pixel plane of the active screen: cols * cell width by rows * cell height pixels, transparent
// where nothing is drawn (all of it without graphics).
RgbaPlane CapturePlane(const Terminal& terminal);
// A HeadlessTerminal's plane, or why its display cannot be read now.
[[nodiscard]] absl::StatusOr<RgbaPlane> CapturePlane(const HeadlessTerminal& terminal);

// The golden dump (snapshot/golden.h) of the active screen: exactly the bytes, or the error, of
// golden::Serialize(CaptureFrame(terminal)), written straight from the terminal's cells without
// building the Frame (a fraction of the cost; EqualsGolden's passing path).
[[nodiscard]] absl::StatusOr<std::string> SerializeScreen(const Terminal& terminal);

// The Frame spelling of a terminal pen.
Style StyleFromPen(const Pen& pen);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_CAPTURE_H_
