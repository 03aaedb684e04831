// What the pito-tui formats (snapshot/formats/pito_dump.h, snapshot/formats/pito_frame.h) read of a
// screen: every cell's grapheme, width, full decoder pen and hyperlink. Internal to snapshot/.
//
// A Frame cannot say blink, invisible or overline, and shows an invisible cell as a blank; the
// pito formats can say some of them. So a view of a live terminal (ScreenView::terminal()) is read
// from the terminal's cells and pens, a PtySession's snapshot from the cells it kept
// (DetachedTerminalState::cells); a Frame from its cells, where blink, invisible and overline are
// never set and hyperlinks have no id.
#ifndef VTSNAP_SNAPSHOT_FORMATS_PITO_INTERNAL_H_
#define VTSNAP_SNAPSHOT_FORMATS_PITO_INTERNAL_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap::pito_internal {

struct ScreenCellInfo {
  std::string grapheme = " ";  // "" in a continuation cell
  int width = 1;               // 0 in a continuation cell
  Pen pen = {};
  std::string link_uri = {};  // "" when the cell is not part of a hyperlink
  std::string link_id = {};   // OSC 8's id= parameter, when the terminal kept one
};

struct ScreenCells {
  int cols = 0;
  int rows = 0;
  std::vector<ScreenCellInfo> cells = {};  // row-major

  const ScreenCellInfo& at(int col, int row) const {
    return cells[static_cast<size_t>(row) * static_cast<size_t>(cols) + static_cast<size_t>(col)];
  }
};

// The cells of a live terminal's screen.
ScreenCells ReadTerminalCells(const Terminal& terminal);

// The cells of `screen`; an error when it cannot be read now, or when it is a Frame parsed from a
// golden dump (which knows each row's text but not how it splits into cells).
[[nodiscard]] absl::StatusOr<ScreenCells> ReadScreenCells(const ScreenView& screen);

}  // namespace vtsnap::pito_internal

#endif  // VTSNAP_SNAPSHOT_FORMATS_PITO_INTERNAL_H_
