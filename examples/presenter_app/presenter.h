// Presenter: turns each composed Surface (surface.h) into the bytes that bring the terminal from
// the previous frame to this one, writing only the cells that changed.
//
// Each frame is wrapped in synchronized output (CSI ? 2026 h ... CSI ? 2026 l). Each run of
// changed cells on a row is written as CUP, then per cell a full SGR ("CSI 0;...m") when the style
// changes and the cell's text; linked cells sit inside OSC 8 (id from
// PresenterOptions::hyperlink_id), closed before any CUP and before the frame ends. The cursor
// comes last: CSI ? 25 l when hidden, else CUP to it and CSI ? 25 h, when it changed or cells
// were written. The first frame, and the first after ScreenResized(), resets the pen, erases
// the screen (CSI 2 J) and writes every cell. Nothing else is ever written: no CR, LF or other
// control character, only printable UTF-8, CSI H, m, 2 J, ? 25 h/l, ? 2026 h/l, OSC 8 ended
// by ESC \ and, with PresenterOptions::sixel, Sixel images.
//
// Pictures (the surface's raster records): without Sixel the presenter ignores the records and
// writes the cells under them (the text fallback) like any other. With Sixel it writes each cell
// under a record as a blank " " in that cell's style (no link), and each record's pixels as a
// Sixel image anchored at its top-left cell: CUP, then
// ESC P 0 ; 1 ; 0 q " 1 ; 1 ; <w> ; <h>, one colour register per colour (#n;2;R;G;B in percent,
// rounded to nearest), the sixel rows ($ between colours, - between bands of six pixel rows, !n
// for runs), ESC \ (outside any link). Printing or erasing a cell clears its pixels on the host,
// so whenever the records changed or a cell under one was written, the frame rewrites the cells
// of every old and new record and then re-sends every image, after the other cells and before
// the cursor (which is positioned again when visible, since an image moves it).
//
//   presenter_app::Presenter presenter;
//   presenter_app::Surface surface(48, 14);
//   surface.Put(1, 1, "hello", {});
//   write(presenter.Present(surface));  // the whole screen
//   surface.Put(1, 1, "j", {});
//   write(presenter.Present(surface));  // only "j" at row 2, column 2
//   write(presenter.Present(surface));  // "": nothing changed
#ifndef VTSNAP_EXAMPLES_PRESENTER_APP_PRESENTER_H_
#define VTSNAP_EXAMPLES_PRESENTER_APP_PRESENTER_H_

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "examples/presenter_app/surface.h"

namespace presenter_app {

// The OSC 8 id vtsnap's presenter profile expects: "h" and the 16 lowercase hex digits of the
// 64-bit FNV-1a hash of the target's bytes (offset basis 0xcbf29ce484222325, prime
// 0x100000001b3).
std::string DefaultHyperlinkId(std::string_view target);

struct PresenterOptions {
  // The `id=` of the OSC 8 that opens a link to `target`.
  std::function<std::string(std::string_view target)> hyperlink_id = DefaultHyperlinkId;
  // A deliberate bug, for tests: after a resize, do not erase the screen but assume it is blank,
  // so only the cells that differ from a blank cell are written and stale content stays.
  bool bug_assume_cleared_after_resize = false;
  // The host shows Sixel images: pictures are drawn as images over blanks (see above).
  bool sixel = false;
};

// The Sixel sequence (ESC P ... ESC \) that draws `image` with its top-left pixel at the cursor
// cell's; transparent pixels (alpha 0) are left undrawn.
std::string SixelImage(const Image& image);

class Presenter {
 public:
  explicit Presenter(PresenterOptions options = {});

  // The bytes that turn the screen the previous frame left into `surface`; "" when nothing
  // changed. A surface of another size than the previous one counts as a resize.
  std::string Present(const Surface& surface);

  // The terminal was resized: what it shows is unknown (it may have reflowed), so the next
  // Present repaints everything.
  void ScreenResized() { resized_ = true; }

 private:
  // What the host's cells must show for `surface`: the surface itself, or with Sixel the surface
  // with blanks under its raster records.
  Surface Shown(const Surface& surface) const;
  // Writes the cells [begin, end) of `row`, CUP first.
  void WriteRun(const Surface& surface, int row, int begin, int end, std::string* out);
  void SetLink(const std::string& target, std::string* out);

  PresenterOptions options_;
  std::optional<Surface> previous_;       // what the screen shows; none before the first frame
  std::vector<Raster> previous_rasters_;  // the images on the screen (with Sixel)
  bool resized_ = false;
  // The terminal's state inside the frame being written.
  std::optional<Style> pen_;  // none: unknown
  std::string open_link_;     // "": no link open
};

}  // namespace presenter_app

#endif  // VTSNAP_EXAMPLES_PRESENTER_APP_PRESENTER_H_
