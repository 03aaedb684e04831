// App: presenter_app's "notes" window, a small TUI that composes its own Surface (surface.h) each
// step and writes only what changed through a Presenter (presenter.h). It does not depend on
// vtsnap; vtsnap's tests drive it through a Host.
//
// The screen (48x14 by default; any size works, text is clipped):
//
//   row 0         menu bar " File  Edit  Help ", white on #1F3A5F across the row
//   rows 1..      " Notes" (bold), " - buy 寿司 for lunch", " Docs: https://example.com/notes"
//                 (the URL cells link to it), " > " and the draft being typed, and once the
//                 draft was modified " Unsaved changes"
//   last row      status bar " F10 menu  ^Q quit", palette 252 on 238 across the row
//   File menu     a box under "File" (cols 0-8, rows 1-5): New, Open…, Quit; the highlighted
//                 item white on #2E6DB4, bold; "File" itself in reverse
//   dialog        a centered 28x5 box: "Discard unsaved changes?", "[ Discard ]" "[ Cancel ]"
//                 (the focused button in reverse; Cancel has the focus when it opens)
//   cursor        visible after the draft while typing; hidden while a menu or the dialog is open,
//                 in the viewer, or when the draft's end is off the screen
//   viewer        (F2) the body is " Viewer  F2 back  pgup/pgdn" on row 1, and a viewport on rows
//                 2-9 (clipped above the status bar) showing Picture() (4x8 cells) from column 6,
//                 scrolled up by scroll() rows, with "row <scroll()> of 8" at (12, 2). The cells
//                 of the picture hold its text fallback, "▒" in palette 244 on 236; the surface
//                 records each visible, unoccluded rectangle of it (the File menu or the dialog
//                 covers part of it) as a Raster, ids from 1 in reading order, whose pixels are
//                 the part of the picture those cells show (cell (c, r) of the picture is pixels
//                 x 3c to 3c+2, y 6r to 6r+5). The surface is the same with or without Sixel;
//                 only the presenter's output differs.
//
// Input: F2 opens the viewer (again: back to the notes; the scroll is kept); in the viewer down or
// pgdn scrolls the picture up one row, up or pgup back (0 to 7), and characters are ignored.
// Printable characters type into the draft; DEL/BS erase its last character. F10, alt+f
// or a left click on "File" open the File menu with New highlighted (F10 or a click on "File"
// again closes it); up/down move the highlight (wrapping); Enter activates; Esc or a click
// elsewhere closes. New empties the draft and clears the modified mark; Open… only closes the
// menu; Quit is ctrl+q. ctrl+q quits at once when nothing is modified, otherwise opens the
// dialog: Tab, back-tab, left and right move the focus, Enter or a click activates a button, Esc
// is Cancel. Discard sets quit_requested(). Either button closes the dialog through posted work:
// the step that handles the key posts the close, the next step performs it, and the frame is the
// one before the dialog (with the menu closed, if it was opened from the menu).
//
//   class Tty : public presenter_app::Host { ... };  // raw mode, SGR mouse reporting on
//   Tty tty;
//   presenter_app::App app(&tty, {.cols = 80, .rows = 24});
//   while (!app.quit_requested()) {
//     tty.WaitForInputOrResize();
//     app.Step();  // reads the input, handles it, writes the changed cells
//   }
#ifndef VTSNAP_EXAMPLES_PRESENTER_APP_APP_H_
#define VTSNAP_EXAMPLES_PRESENTER_APP_APP_H_

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "examples/presenter_app/input.h"
#include "examples/presenter_app/presenter.h"
#include "examples/presenter_app/surface.h"

namespace presenter_app {

// The terminal the app runs in. The host puts it in raw mode and turns on SGR mouse reporting
// (CSI ? 1000 h, CSI ? 1006 h) itself: the app writes only what its Presenter emits.
class Host {
 public:
  virtual ~Host() = default;
  // Everything the terminal sent since the last call; "" when nothing is pending.
  virtual std::string ReadInput() = 0;
  virtual void Write(std::string_view bytes) = 0;
};

struct AppOptions {
  int cols = 48;
  int rows = 14;
  PresenterOptions presenter = {};
  // The host shows Sixel images, with cells of 3x6 pixels (kCellWidth x kCellHeight): the
  // presenter draws pictures as images (it sets presenter.sixel).
  bool sixel = false;
};

// The pixel size of a cell the app lays pictures out with.
inline constexpr int kCellWidth = 3;
inline constexpr int kCellHeight = 6;

// The viewer's picture: 12x48 pixels (4x8 cells), fully opaque, in bands of colours whose
// channels are all 0, 51, 102, 153, 204 or 255 (exact in Sixel's percentages).
const Image& Picture();

class App {
 public:
  // `host` must outlive the app.
  App(Host* host, AppOptions options);

  // One turn of the loop: reads the pending input and handles it, runs the work posted by the
  // previous step, composes the surface and writes the changes (nothing when there are none).
  void Step();
  // The terminal now has this size (each at least 1): the next Step relayouts and repaints all.
  void Resize(int cols, int rows);

  const Surface& composed() const { return surface_; }
  bool quit_requested() const { return quit_requested_; }
  bool viewer_open() const { return viewer_open_; }
  // How many rows the viewer's picture is scrolled up.
  int scroll() const { return scroll_; }
  // No posted work is waiting for the next Step.
  bool idle() const { return posted_.empty(); }

 private:
  void Handle(const Event& event);
  void HandleMenu(const Event& event);
  void HandleDialog(const Event& event);
  void OpenMenu();
  void Activate(int item);  // a File menu item
  void Quit();              // ctrl+q and File > Quit
  void Choose(int button);  // a dialog button
  void Post(std::function<void()> work) { posted_.push_back(std::move(work)); }
  void Compose();
  void ComposeViewer(Surface& s) const;
  void RecordPicture(Surface& s) const;  // after the overlays are drawn

  Host* host_;
  int cols_;
  int rows_;
  Presenter presenter_;
  Surface surface_;
  std::string pending_input_;  // an incomplete sequence from the last read
  std::vector<std::function<void()>> posted_;

  std::string draft_;
  bool modified_ = false;
  bool menu_open_ = false;
  int menu_item_ = 0;
  bool dialog_open_ = false;
  int dialog_focus_ = 1;   // 0: Discard, 1: Cancel
  int dialog_opened_ = 0;  // counts openings, so a close posted for an earlier one is void
  bool quit_requested_ = false;
  bool viewer_open_ = false;
  int scroll_ = 0;
};

}  // namespace presenter_app

#endif  // VTSNAP_EXAMPLES_PRESENTER_APP_APP_H_
