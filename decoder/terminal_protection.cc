// Terminal's character protection, as xterm 379 models it.
//
// Each cell has a protect bit (ScreenCell::protect), written with every printed character from
// character_protection_: DECSCA 1 (CSI 1 " q) sets it, DECSCA 0 or 2 clears it; SPA (ESC V)
// sets it and EPA (ESC W) clears it. The bit moves with its cell (ICH, DCH, IL, DL, scrolling)
// and is lost when the cell is erased, overwritten without protection, or filled by DECALN.
//
// What the bit means depends on one mode for the whole screen (xterm's protected_mode), which
// DECSCA (any parameter) sets to DEC and SPA to ISO:
//   - DEC: DECSED and DECSEL (CSI ? Ps J, CSI ? Ps K) and DECSERA skip protected cells; ED, EL
//     and ECH erase them.
//   - ISO: ED, EL, ECH, DECSED and DECSEL skip protected cells; DECSERA erases them.
// The mode is off after RIS and DECSTR, and an erase of the whole screen that applies
// protection and finds no protected cell turns it off too (xterm's do_erase_display): ED 2, ED 0
// from the home position and ED 1 from the last cell, or their DECSED forms. A cell still
// printed with the bit afterwards is then unprotected until DECSCA or SPA sets a mode again.
//
// Protection is not visible: no snapshot shows it. DECRQSS reports DECSCA 1 only in DEC mode
// with protection on; DECCIR's protection flag is the DEC mode (terminal_queries.cc).
#include <algorithm>

#include "vtsnap/decoder/terminal.h"

namespace vtsnap {

bool Terminal::EraseUnprotected(int row, int from, int to, bool selective) {
  from = std::clamp(from, 0, cols_);
  to = std::clamp(to, 0, cols_);
  if (!ProtectionApplies(selective)) {
    EraseCells(row, from, to);
    return false;
  }
  // Each run of unprotected cells is erased as a piece: a run that stops short of the line's end
  // leaves drawn blanks (xterm's ClearInLine, segment by segment).
  bool kept = false;
  int col = from;
  while (col < to) {
    const std::vector<ScreenCell>& cells = active()[row].cells;
    if (cells[col].protect) {
      kept = true;
      ++col;
      continue;
    }
    int end = col;
    while (end < to && !cells[end].protect) ++end;
    EraseCells(row, col, end);
    col = end;
  }
  return kept;
}

void Terminal::SetProtectedArea(bool start) {
  if (start) {
    protection_mode_ = ProtectionMode::kIso;  // SPA: ISO protection from here on
    character_protection_ = true;
  } else {
    character_protection_ = false;  // EPA ends the area; the mode stays ISO
  }
}

}  // namespace vtsnap
