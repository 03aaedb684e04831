// Terminal's tab stops: HT and CHT (TabForward), CBT (TabBackward) and the stops RIS sets
// (ResetTabStops), as xterm's TabToNextStop, TabToPrevStop and TabReset do them.
#include <algorithm>

#include "vtsnap/decoder/terminal.h"

namespace vtsnap {

void Terminal::TabForward(int n) {
  // Each step goes to the next tab stop (or the last column), but not past the right margin
  // when DECLRMM is set, even for a cursor already right of it (xterm's TabToNextStop).
  const int max = modes_.left_right_margins ? right_ : cols_ - 1;
  int col = cursor_.col;
  while (n-- > 0) {
    int next = col;
    if (next < cols_ - 1) {
      ++next;
      while (next < cols_ - 1 && !tab_stops_[next]) ++next;
    }
    next = std::min(next, max);
    const bool moved = next > col;
    col = next;
    if (!moved) break;
  }
  // xterm's TabToNextStop only sets the column: a pending wrap stays pending (charproc.c
  // CASE_TAB, CASE_CHT), so the next character still wraps.
  cursor_.col = col;
  last_valid_ = false;
}

void Terminal::TabBackward(int n) {
  const int min = modes_.origin ? left_ : 0;
  int col = cursor_.col;
  while (n-- > 0 && col > min) {
    --col;
    while (col > 0 && !tab_stops_[col]) --col;
    col = std::max(col, min);
  }
  // As for HT: xterm's CBT leaves do_wrap set, so the next character wraps to the next line even
  // though the cursor moved left.
  cursor_.col = col;
  last_valid_ = false;
}

void Terminal::ResetTabStops() {
  // Every 8th column from column 0, as xterm's TabReset does (the stop at 0 is never reached by
  // HT, but the state dump shows it, as it does for xterm, xterm.js and libvterm).
  tab_stops_.assign(cols_, false);
  for (int c = 0; c < cols_; c += 8) tab_stops_[c] = true;
}

}  // namespace vtsnap
