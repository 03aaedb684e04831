// DetachedTerminalState: what a snapshot of a live terminal keeps beyond its Frame.
//
// A Frame is a picture: cells, cursor, links, rasters. The semantic projection (snapshot/
// semantic.h) also reads the terminal's modes, wrap flags and scrollback, and the theme check
// (snapshot/formats/theme.h) reads the scrollback too. A view that reads through to a live terminal
// gets them from it; a snapshot taken under a lock and read later (a PtySession's view) cannot, so
// it keeps them, computed while the terminal could still be read: both semantic captures, the theme
// check's findings, and the screen's cells with their full decoder pens (blink, invisible,
// overline and link ids, which a Frame does not hold, for the pito-tui formats). CaptureSemantic,
// FindThemeViolations and the pito dumps (snapshot/formats/pito_dump.h, pito_frame.h) use them for
// such a view.
//
//   // Inside a lock that keeps `terminal` still:
//   vtsnap::ScreenView view = vtsnap::ScreenView::Snapshot(
//       "MyScreen", vtsnap::CaptureFrame(vtsnap::ScreenView(terminal)), std::nullopt,
//       terminal.alternate_screen_active(), vtsnap::DetachTerminalState(terminal));
//   // After the lock: the view answers as the terminal did.
//   absl::StatusOr<vtsnap::SemanticSnapshot> s =
//       vtsnap::CaptureSemantic(view, vtsnap::SemanticCapture::kBuffer);
#ifndef VTSNAP_SNAPSHOT_FORMATS_DETACHED_STATE_H_
#define VTSNAP_SNAPSHOT_FORMATS_DETACHED_STATE_H_

#include <memory>
#include <vector>

#include "vtsnap/decoder/terminal.h"
#include "vtsnap/snapshot/formats/pito_internal.h"
#include "vtsnap/snapshot/formats/semantic.h"
#include "vtsnap/snapshot/formats/theme.h"

namespace vtsnap {

struct DetachedTerminalState {
  SemanticSnapshot viewport;               // CaptureSemantic(terminal, kViewport)
  SemanticSnapshot buffer;                 // CaptureSemantic(terminal, kBuffer)
  std::vector<ThemeViolation> theme = {};  // FindThemeViolations(terminal), scrollback included
  pito_internal::ScreenCells cells = {};   // the screen's cells with full pens and link ids
};

// Reads all of it from `terminal` now (its cost is that of the four reads: linear in the
// scrollback and the screen).
std::shared_ptr<const DetachedTerminalState> DetachTerminalState(const Terminal& terminal);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_FORMATS_DETACHED_STATE_H_
