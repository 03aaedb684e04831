// Terminal's DECRQCRA (CSI Pi ; Pg ; Pt ; Pl ; Pb ; Pr * y): the checksum of a rectangle of the
// active screen, answered DCS Pi ! ~ XXXX ST, as xterm 379 computes it with its default
// checksumExtension (0, the DEC VT520's calculation). test/decoder/replies_window_test.cc has
// the answers recorded from xterm.
//
// Each cell of the rectangle, row after row, has a value:
//   - its character's code point, masked to 8 bits (U+00E9 is E9, U+4E2D is 2D); the right half
//     of a wide character is FFFF, so FF; a cell that was never drawn (ScreenCell::drawn: never
//     printed, or erased to the end of its line) and text written invisible (SGR 8) are a space;
//     a base character and a combining mark that compose (e + U+0301) are the composed character,
//     as xterm stores them;
//   - plus 0x10 for underline (single: SGR 4), 0x20 inverse, 0x40 blink, 0x80 bold. Other
//     attributes and the colours add nothing.
// A cell's value is summed if the cell is the rectangle's first, or its value is not a plain
// space (0x20), or it was drawn, or it has a colour (an erased cell keeps the background, and
// ScreenCell::erased_with_fg says a foreground colour was set when it was erased), or it is
// protected (ScreenCell::protect; xterm counts its PROTECTED flag, though a protected cell is a
// printed, so drawn, one here: protection adds nothing to a value). The
// reply is the sum negated, in 16 bits, as four upper-case hexadecimal digits.
//
// The rectangle: Pt ; Pl ; Pb ; Pr are 1-based and inclusive; 0 or omitted is the page's edge.
// Under DECOM they are relative to the margins and clamped to them; as in xterm, a defaulted top
// or left edge gets the margin's offset twice (DECSTBM 3;10 with DECOM: the default top is row
// 5). An edge past the page is clamped to it; a rectangle that is then empty, or starts below
// the page, sums nothing (0000). With only one or two parameters xterm reads them as the top and
// left edges rather than Pi and Pg (CSI 2 ; 3 * y sums from row 2, column 3 and is tagged 2).
// The page (Pg) is ignored: there is one. Without any parameter, or below a VT420 (DECSCL 61 to
// 63), no answer.
#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "utf8proc.h"
#include "vtsnap/decoder/terminal.h"

namespace vtsnap {
namespace {

// The code point xterm keeps for a cluster: the first one, composed with the marks after it
// where Unicode has a precomposed character (xterm's precompose resource, on by default).
char32_t Composed(const std::u32string& cluster) {
  if (cluster.size() < 2) return cluster.empty() ? U' ' : cluster[0];
  std::u32string buffer = cluster;
  const utf8proc_ssize_t n =
      utf8proc_normalize_utf32(reinterpret_cast<utf8proc_int32_t*>(buffer.data()),
                               static_cast<utf8proc_ssize_t>(buffer.size()), UTF8PROC_COMPOSE);
  return n > 0 ? buffer[0] : cluster[0];
}

}  // namespace

int Terminal::ChecksumCell(const ScreenCell& cell, bool* counted) const {
  const Pen& pen = pens_[cell.pen];
  int ch = U' ';
  if (cell.drawn && !pen.has(kAttrInvisible)) {
    if (cell.is_continuation()) {
      ch = 0xFFFF;
    } else {
      ch = static_cast<int>(cell.cluster != 0 ? Composed(clusters_[cell.cluster]) : cell.ch);
    }
  }
  ch &= 0xFF;
  if (pen.underline == UnderlineStyle::kSingle) ch += 0x10;
  if (pen.has(kAttrReverse)) ch += 0x20;
  if (pen.has(kAttrBlink)) ch += 0x40;
  if (pen.has(kAttrBold)) ch += 0x80;
  *counted = ch != ' ' || cell.drawn || cell.erased_with_fg || cell.protect ||
             !pen.fg.is_default() || !pen.bg.is_default();
  return ch;
}

void Terminal::RequestChecksum(const Sequence& seq) {
  const Params& p = seq.params;
  // xterm answers only as a VT420 (DECSCL 64), and not without a parameter.
  if (p.empty() || p.has_sub() || conformance_level_ < 64) return Ignore(seq, "CSI");
  // The rectangle's parameters start at the third, unless there are no more than two.
  const int base = p.size() > 2 ? 2 : 0;
  auto edge = [&](int i, int def) {
    const int v = p.raw(base + i);
    return v > 0 ? v : def;
  };
  const bool origin = modes_.origin;
  const int min_row = origin ? top_ + 1 : 1;
  const int max_row = origin ? bottom_ + 1 : rows_;
  const int min_col = origin ? left_ + 1 : 1;
  const int max_col = origin ? right_ + 1 : cols_;
  // Under DECOM the margin's offset is added, to the default too, then the edge is clamped
  // (a top or left edge may end one past the page: the rectangle is then empty).
  auto limit = [](int v, int offset, int lo, int hi) { return std::clamp(v + offset, lo, hi); };
  const int row_offset = origin ? top_ : 0;
  const int col_offset = origin ? left_ : 0;
  const int top = limit(edge(0, min_row), row_offset, min_row, max_row + 1);
  const int left = limit(edge(1, min_col), col_offset, min_col, max_col + 1);
  const int bottom = limit(edge(2, max_row), row_offset, min_row, max_row);
  const int right = limit(edge(3, max_col), col_offset, min_col, max_col);
  int sum = 0;
  if (top <= bottom && left <= right && top <= max_row) {
    bool first = true;
    for (int row = top - 1; row < bottom; ++row) {
      const Line& line = active()[row];
      for (int col = left - 1; col < right; ++col) {
        bool counted = false;
        const int value = ChecksumCell(line.cells[col], &counted);
        if (first || counted) sum += value;
        first = false;
      }
    }
  }
  // The id is echoed as the parser holds it (an omitted one is 65535, as in xterm).
  const int pid = p.raw(0) == Params::kDefault ? Params::kMaxValue : p.raw(0);
  absl::StrAppend(&replies_, "\x1bP", pid, "!~", absl::StrFormat("%04X", -sum & 0xFFFF), "\x1b\\");
}

}  // namespace vtsnap
