// Renderer: the differential renderer of chat_app. It keeps the previous frame and turns each new
// Canvas into the bytes that bring the terminal from the previous frame to the new one.
//
// Every update is one synchronized frame, CSI ? 2026 h ... CSI ? 2026 l, so a terminal that
// supports it never shows a half-drawn frame. Inside it, each row's changed cells are written as
// runs: CUP to the run's first cell, then per cell a full SGR (CSI 0;...m) when the style changes
// and the cell's text; runs closer than a few cells are joined (a CUP costs more than the
// unchanged cells between them). The pen is reset (CSI m) before the frame ends. The cursor is
// not touched: the app keeps it hidden. The first frame, and the first after the size changed,
// resets the pen, erases the screen (CSI 2 J) and writes every non-blank cell. A frame with no
// changed cell writes nothing at all (not even an empty synchronized frame).
//
//   chat_app::Renderer renderer;
//   write(renderer.Render(canvas));  // the whole screen
//   canvas.Put(0, 0, "x", {});
//   write(renderer.Render(canvas));  // \e[?2026h\e[1;1H\e[0mx\e[m\e[?2026l
#ifndef VTSNAP_EXAMPLES_CHAT_APP_RENDERER_H_
#define VTSNAP_EXAMPLES_CHAT_APP_RENDERER_H_

#include <optional>
#include <string>

#include "examples/chat_app/canvas.h"

namespace chat_app {

// The SGR sequence that sets `style` from scratch: CSI 0 [;1] [;2] [;3] [;7] [;30-37|90-97] m.
std::string Sgr(const Style& style);

class Renderer {
 public:
  // The bytes that turn the previous frame into `canvas` ("" when nothing changed).
  std::string Render(const Canvas& canvas);
  // Forgets the previous frame: the next Render redraws everything (after the screen was cleared
  // or switched behind the renderer's back).
  void Invalidate() { previous_.reset(); }

 private:
  std::optional<Canvas> previous_;
};

}  // namespace chat_app

#endif  // VTSNAP_EXAMPLES_CHAT_APP_RENDERER_H_
