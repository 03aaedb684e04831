// ReadScreenCells: the cells the pito-tui formats are written from
// (snapshot/formats/pito_internal.h).
#include "absl/strings/str_cat.h"
#include "vtsnap/snapshot/formats/detached_state.h"
#include "vtsnap/snapshot/formats/pito_internal.h"
#include "vtsnap/snapshot/screen/capture.h"

namespace vtsnap::pito_internal {
ScreenCells ReadTerminalCells(const Terminal& terminal) {
  ScreenCells out{.cols = terminal.cols(), .rows = terminal.rows()};
  out.cells.resize(static_cast<size_t>(out.cols) * static_cast<size_t>(out.rows));
  for (int r = 0; r < out.rows; ++r) {
    const std::vector<ScreenCell>& cells = terminal.line(r).cells;
    for (int c = 0; c < out.cols; ++c) {
      const ScreenCell& sc = cells[static_cast<size_t>(c)];
      ScreenCellInfo& info = out.cells[static_cast<size_t>(r) * out.cols + c];
      info.width = static_cast<int>(sc.width);
      info.grapheme = terminal.Grapheme(sc);
      info.pen = terminal.pen(sc.pen);
      if (sc.link != 0) {
        const Hyperlink& link = terminal.hyperlink(sc.link);
        info.link_uri = link.uri;
        info.link_id = link.id;
      }
    }
  }
  return out;
}

absl::StatusOr<ScreenCells> ReadScreenCells(const ScreenView& screen) {
  if (!screen.readable()) return screen.status();
  if (const Terminal* terminal = screen.terminal(); terminal != nullptr) {
    return ReadTerminalCells(*terminal);
  }
  if (const DetachedTerminalState* state = screen.detached_state(); state != nullptr) {
    return state->cells;  // a PtySession's view: the cells as its terminal held them
  }
  const Frame& frame = screen.frame();
  if (!frame.has_graphemes()) {
    return absl::InvalidArgumentError(absl::StrCat(
        screen.Describe(),
        ": the frame was parsed from a golden dump, which holds each row's text but not its "
        "cells"));
  }
  ScreenCells out{.cols = frame.cols, .rows = frame.rows};
  out.cells.resize(frame.cells.size());
  for (int r = 0; r < frame.rows; ++r) {
    for (int c = 0; c < frame.cols; ++c) {
      const Cell& cell = frame.cell(c, r);
      ScreenCellInfo& info = out.cells[static_cast<size_t>(r) * out.cols + c];
      info.grapheme = cell.grapheme;
      info.width = cell.width;
      info.pen = PenFromStyle(cell.style);
      info.link_uri = frame.LinkTargetAt(c, r);
    }
  }
  return out;
}

}  // namespace vtsnap::pito_internal
