// Text and ANSI dumps of a screen, as pito-tui's dump::text and dump::ansi print a ratatui buffer
// (docs/pito.md, "Text dump" and "ANSI dump").
//
// DumpText is the screen as plain text: each row's symbols, a wide character once, the row's
// trailing spaces trimmed, rows joined by "\n" (no newline after the last). DumpAnsi is the screen
// as bytes a terminal replays: hide the cursor, clear the screen, then each row written at its
// position (CUP) with the SGR codes of its colours and modifiers and a reset (SGR 0) at the row's
// end. Decoding an ANSI dump in a fresh terminal of the same size gives back the same cells,
// styles and hyperlinks (the cursor is hidden and left where the last row ended).
//
//   vtsnap::VirtualTerminal vt({.cols = 10, .rows = 2});
//   vt.Write("\x1b[1;31mhi\x1b[m  \r\n\xe4\xbd\xa0");  // "hi" bold red, then a wide 你
//   absl::StatusOr<std::string> text = vtsnap::pito::DumpText(vt);
//   // *text == "hi\n你"
//   absl::StatusOr<std::string> ansi = vtsnap::pito::DumpAnsi(vt);
//   vtsnap::VirtualTerminal replay({.cols = 10, .rows = 2});
//   replay.Write(*ansi);  // replay shows what vt shows, cell for cell, style for style
//
// A view of a live terminal (VirtualTerminal, Terminal, HeadlessTerminal) is read from the
// terminal itself, so blink, invisible (written with SGR 8 and its real text, as ratatui's buffer
// keeps the symbol under HIDDEN) and overline are dumped too. A Frame or a PtySession's snapshot
// has no such attributes (and shows an invisible cell as a blank). A Frame parsed from a golden
// dump has no cells: DumpAnsi refuses it, DumpText prints its row text.
#ifndef VTSNAP_SNAPSHOT_FORMATS_PITO_DUMP_H_
#define VTSNAP_SNAPSHOT_FORMATS_PITO_DUMP_H_

#include <string>

#include "absl/status/statusor.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap::pito {

// The screen's text (see the file comment); an error when the screen cannot be read now.
[[nodiscard]] absl::StatusOr<std::string> DumpText(const ScreenView& screen);

// The screen as replayable bytes (see the file comment); an error when the screen cannot be read
// now or is a Frame parsed from a golden dump.
[[nodiscard]] absl::StatusOr<std::string> DumpAnsi(const ScreenView& screen);

}  // namespace vtsnap::pito

#endif  // VTSNAP_SNAPSHOT_FORMATS_PITO_DUMP_H_
