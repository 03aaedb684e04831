// Terminal's VT420 rectangular area operations, as xterm 379 does them (its screen.c and
// charproc.c were read to learn the behaviour; every expectation in test/decoder/rectangles_test.cc
// was checked against a real xterm 379):
//
//   DECCRA  CSI Pts ; Pls ; Pbs ; Prs ; Pps ; Ptd ; Pld ; Ppd $ v   copy a rectangle
//   DECFRA  CSI Pch ; Pt ; Pl ; Pb ; Pr $ x                         fill it with a character
//   DECERA  CSI Pt ; Pl ; Pb ; Pr $ z                               erase it
//   DECSERA CSI Pt ; Pl ; Pb ; Pr $ {                               erase its unprotected cells
//   DECCARA CSI Pt ; Pl ; Pb ; Pr ; Ps... $ r                       set or clear attributes
//   DECRARA CSI Pt ; Pl ; Pb ; Pr ; Ps... $ t                       reverse attributes
//   DECSACE CSI Ps * x          whether DECCARA and DECRARA cover a stream (0, 1) or a rectangle
//   (2)
//
// The rectangle. Pt ; Pl ; Pb ; Pr are 1-based and inclusive; 0 or omitted is the page's edge.
// Under DECOM they are relative to the margins and clamped to them, and, as in xterm, a defaulted
// top or left edge gets the margin's offset twice (DECRQCRA's rule, terminal_checksum.cc). Without
// DECOM the margins do not matter. An edge past the page is clamped to it; a rectangle that is
// then empty (top below bottom, left right of right) or starts below the page is ignored. The
// page numbers (Pps, Ppd) are ignored: there is one page. The cursor does not move. Below a VT420
// (DECSCL 61 to 63) only DECSACE is obeyed.
//
// DECFRA and DECERA write the character (a space for DECERA) into every cell with the current
// SGR attributes but invisible (bold, underline, blink, inverse, italic...: xterm 379 drops the
// invisible flag there) and the current character protection; the
// colours are the current ones when a colour is set, the cell's own otherwise (xterm keeps a
// cell's colours unless the pen has one). DECFRA takes a character of width 1 (32-126, 160 and
// up in UTF-8, as xterm 379 does); a control, a combining mark, an unassigned code point or an
// omitted Pch fills nothing,
// and so does a double-width character (xterm 379 stores it in every cell, one cell wide:
// docs/xterm-deviations.md). A wide character cut by the rectangle's left or right edge is blanked
// whole, keeping its attributes.
//
// DECSERA blanks the characters of the cells DECSCA protects not (under SPA's ISO protection it
// blanks them all, as xterm does), keeping every cell's attributes and colours.
//
// DECCRA copies cells with their attributes, colours and protection; the source is read whole
// before the target is written, so the two may overlap. The target (Ptd ; Pld, defaulting as Pt ;
// Pl do) gets the source's size and is clipped to the page, or to the margins under DECOM. A
// wide character's half at the source's edges is copied as a blank (xterm's saveCellData); a wide
// character in the target that loses one half to the copy is blanked (xterm blanks the left half
// and leaves an empty right half, the difference docs/xterm-deviations.md notes).
//
// DECCARA's Ps: 0 clears bold, underline, blink and inverse; 1, 4, 5 and 7 set them, 22, 24, 25
// and 27 clear them; DECRARA's 1, 4, 5 and 7 toggle them. As in xterm 379, 8 and 28 (invisible)
// change nothing, and other values (and DECRARA's 0) are ignored. With DECSACE 0 or 1 (the
// default) the change covers the stream of cells from (Pt, Pl) to (Pb, Pr), whole lines between
// (within the margins under DECOM); with DECSACE 2 the rectangle. RIS resets DECSACE, DECSTR
// does not.
#include <algorithm>
#include <vector>

#include "utf8proc.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/width.h"

namespace vtsnap {
namespace {

// A blank that keeps a cell's attributes (xterm's Clear1Cell): the character becomes a space.
void BlankKeepingAttributes(ScreenCell& c) {
  c.ch = U' ';
  c.cluster = 0;
  c.width = 1;
  c.link = 0;
}

}  // namespace

bool Terminal::RectangleOp(const Sequence& seq) {
  const Params& p = seq.params;
  if (seq.intermediates == "*" && seq.final == 'x') {  // DECSACE
    if (p.has_sub()) return false;
    attribute_change_rectangle_ = p.Get(0, 0) == 2;
    return true;
  }
  if (seq.intermediates != "$") return false;
  switch (seq.final) {
    case 'v':  // DECCRA
    case 'x':  // DECFRA
    case 'z':  // DECERA
    case '{':  // DECSERA
    case 'r':  // DECCARA
    case 't':  // DECRARA
      break;
    default:
      return false;
  }
  if (p.has_sub() || conformance_level_ < 64) {
    Ignore(seq, "CSI");
    return true;
  }
  Rect rect;
  switch (seq.final) {
    case 'v':
      CopyRectangle(p);
      break;
    case 'x': {
      // The character must be one cell wide: no control, mark or wide character.
      const int ch = p.Get(0, 0);
      // Unassigned code points (noncharacters included) have no width in xterm's wcwidth.
      if (p.empty() || ch < 0x20 || (ch >= 0x7F && ch < 0xA0) || (ch >= 0xD800 && ch < 0xE000) ||
          utf8proc_category(ch) == UTF8PROC_CATEGORY_CN ||
          CodePointWidth(static_cast<char32_t>(ch), options_.width) != 1) {
        Ignore(seq, "CSI");
        break;
      }
      if (ParseRect(p, 1, &rect)) FillRectangle(rect, static_cast<char32_t>(ch));
      break;
    }
    case 'z':
      if (ParseRect(p, 0, &rect)) FillRectangle(rect, U' ');
      break;
    case '{':
      if (ParseRect(p, 0, &rect)) SelectiveEraseRectangle(rect);
      break;
    case 'r':
    case 't':
      if (ParseRect(p, 0, &rect)) ChangeRectangleAttributes(rect, p, seq.final == 't');
      break;
  }
  return true;
}

bool Terminal::ParseRect(const Params& p, int first, Rect* rect) const {
  const bool origin = modes_.origin;
  // 1-based limits: the page, or the margins under DECOM.
  const int min_row = origin ? top_ + 1 : 1;
  const int max_row = origin ? bottom_ + 1 : rows_;
  const int min_col = origin ? left_ + 1 : 1;
  const int max_col = origin ? right_ + 1 : cols_;
  const int row_offset = origin ? top_ : 0;
  const int col_offset = origin ? left_ : 0;
  auto edge = [&](int i, int def) {
    const int v = p.raw(first + i);
    return v > 0 ? v : def;
  };
  // The offset is added to a defaulted edge too; a top or left edge may end one past the page.
  const int top = std::clamp(edge(0, min_row) + row_offset, min_row, max_row + 1);
  const int left = std::clamp(edge(1, min_col) + col_offset, min_col, max_col + 1);
  const int bottom = std::clamp(edge(2, max_row) + row_offset, min_row, max_row);
  const int right = std::clamp(edge(3, max_col) + col_offset, min_col, max_col);
  if (top > bottom || left > right || top > max_row) return false;
  *rect = {.top = top - 1, .left = left - 1, .bottom = bottom - 1, .right = right - 1};
  return true;
}

void Terminal::FillRectangle(const Rect& rect, char32_t ch) {
  const bool own_colours = pen_.fg.is_default() && pen_.bg.is_default();
  // xterm's cells cannot hold its invisible flag here: the fill is visible under SGR 8.
  Pen visible = pen_;
  visible.attrs &= ~kAttrInvisible;
  for (int row = rect.top; row <= rect.bottom; ++row) {
    Line& line = active()[row];
    // A wide character cut by an edge is blanked whole.
    CutWideAt(rect.left, row);
    if (rect.right + 1 < cols_) CutWideAt(rect.right + 1, row);
    for (int col = rect.left; col <= rect.right; ++col) {
      ScreenCell& c = line.cells[col];
      uint32_t pen_id = 0;
      if (own_colours) {
        // The current attributes over the cell's colours (InternPen may renumber every cell's
        // pen, this one's too: the id is taken after).
        Pen pen = visible;
        pen.fg = pens_[c.pen].fg;
        pen.bg = pens_[c.pen].bg;
        pen_id = InternPen(pen);
      } else {
        pen_id = InternPen(visible);
      }
      c = ScreenCell{.ch = ch,
                     .width = 1,
                     .written = 1,
                     .drawn = 1,
                     .protect = character_protection_,
                     .pen = pen_id,
                     .link = link_id_};
    }
    if (!line.pixels.empty()) ClearPixels(line, rect.left, rect.right + 1);
  }
}

void Terminal::SelectiveEraseRectangle(const Rect& rect) {
  for (int row = rect.top; row <= rect.bottom; ++row) {
    Line& line = active()[row];
    // A wide character cut by an edge is blanked whole unless the cell inside is protected.
    if (!IsProtected(line.cells[rect.left])) CutWideAt(rect.left, row);
    if (rect.right + 1 < cols_ && !IsProtected(line.cells[rect.right])) {
      CutWideAt(rect.right + 1, row);
    }
    for (int col = rect.left; col <= rect.right; ++col) {
      ScreenCell& c = line.cells[col];
      if (IsProtected(c)) continue;
      BlankKeepingAttributes(c);
      c.written = 1;
      c.drawn = 1;
    }
    if (!line.pixels.empty()) ClearPixels(line, rect.left, rect.right + 1);
  }
}

void Terminal::CopyRectangle(const Params& p) {
  Rect source;
  if (!ParseRect(p, 0, &source)) return;
  Rect target;
  // The target's top and left edges are Ptd and Pld (the 6th and 7th parameters); its bottom and
  // right edges default, only to make the rectangle valid.
  Params corner;
  corner.Push(p.raw(5), false);
  corner.Push(p.raw(6), false);
  if (!ParseRect(corner, 0, &target)) return;
  const int height = source.bottom - source.top + 1;
  const int width = source.right - source.left + 1;
  // The source, read whole first (the rectangles may overlap); a wide character's half at its
  // edges is copied as a blank that keeps the attributes.
  std::vector<ScreenCell> cells;
  cells.reserve(static_cast<size_t>(height) * width);
  for (int row = source.top; row <= source.bottom; ++row) {
    const Line& line = active()[row];
    for (int col = source.left; col <= source.right; ++col) {
      ScreenCell c = line.cells[col];
      if ((c.is_continuation() && col == source.left) || (c.width == 2 && col == source.right)) {
        BlankKeepingAttributes(c);
      }
      cells.push_back(c);
    }
  }
  // Written inside the page, or inside the margins under DECOM; as in xterm, every cell of the
  // target on the page counts as drawn (DECRQCRA), clipped or not.
  const int min_row = modes_.origin ? top_ : 0;
  const int max_row = modes_.origin ? bottom_ : rows_ - 1;
  const int min_col = modes_.origin ? left_ : 0;
  const int max_col = modes_.origin ? right_ : cols_ - 1;
  const int last_row = std::min(target.top + height - 1, rows_ - 1);
  const int last_col = std::min(target.left + width - 1, cols_ - 1);
  for (int row = target.top; row <= last_row; ++row) {
    Line& line = active()[row];
    for (int col = target.left; col <= last_col; ++col) {
      ScreenCell& c = line.cells[col];
      if (row >= min_row && row <= max_row && col >= min_col && col <= max_col) {
        c = cells[static_cast<size_t>(row - target.top) * width + (col - target.left)];
      }
      c.written = 1;
      c.drawn = 1;
    }
    RepairWideCells(line, target.left, last_col + 1);
  }
}

void Terminal::RepairWideCells(Line& line, int from, int to) {
  std::vector<ScreenCell>& cells = line.cells;
  const int begin = std::max(from - 1, 0);
  const int end = std::min(to + 1, cols_);
  for (int col = begin; col < end; ++col) {
    ScreenCell& c = cells[col];
    const bool lost_first_half = c.is_continuation() && (col == 0 || cells[col - 1].width != 2);
    const bool lost_second_half =
        c.width == 2 && (col + 1 >= cols_ || !cells[col + 1].is_continuation());
    if (lost_first_half || lost_second_half) BlankKeepingAttributes(c);
  }
}

void Terminal::ChangeRectangleAttributes(const Rect& rect, const Params& p, bool reverse) {
  // The attributes DECCARA's and DECRARA's parameters name, after the four of the rectangle.
  uint16_t set = 0;
  uint16_t clear = 0;
  uint16_t toggle = 0;
  constexpr uint16_t kUnderline = 1 << 15;  // a bit no PenAttr uses: single underline
  for (int i = 4; i < p.size(); ++i) {
    int bit = 0;
    switch (p.raw(i)) {
      case 0:  // all four off (DECRARA ignores it)
        if (!reverse) {
          clear = kAttrBold | kUnderline | kAttrBlink | kAttrReverse;
          set = 0;
        }
        continue;
      case 1:
      case 22:
        bit = kAttrBold;
        break;
      case 4:
      case 24:
        bit = kUnderline;
        break;
      case 5:
      case 25:
        bit = kAttrBlink;
        break;
      case 7:
      case 27:
        bit = kAttrReverse;
        break;
      default:  // 8 and 28 too: xterm 379 drops the invisible bit here
        continue;
    }
    if (reverse) {
      if (p.raw(i) < 10) toggle ^= bit;
    } else if (p.raw(i) < 10) {
      set |= bit;
      clear &= ~bit;
    } else {
      clear |= bit;
      set &= ~bit;
    }
  }
  if (set == 0 && clear == 0 && toggle == 0) return;
  auto change = [&](ScreenCell& c) {
    Pen pen = pens_[c.pen];
    uint16_t attrs = pen.attrs | (pen.underline == UnderlineStyle::kSingle ? kUnderline : 0);
    attrs = ((attrs & ~clear) | set) ^ toggle;
    if (attrs & kUnderline) {
      pen.underline = UnderlineStyle::kSingle;
    } else if (pen.underline == UnderlineStyle::kSingle) {
      pen.underline = UnderlineStyle::kNone;
    }
    pen.attrs = attrs & ~kUnderline;
    if (pen == pens_[c.pen]) return;
    c.pen = InternPen(pen);  // may renumber every pen: the id is taken after
  };
  const bool exact = attribute_change_rectangle_;
  const int min_col = modes_.origin ? left_ : 0;
  const int max_col = modes_.origin ? right_ : cols_ - 1;
  for (int row = rect.top; row <= rect.bottom; ++row) {
    const int from = exact || row == rect.top ? rect.left : min_col;
    const int to = exact || row == rect.bottom ? rect.right : max_col;
    Line& line = active()[row];
    for (int col = from; col <= to; ++col) change(line.cells[col]);
  }
}

}  // namespace vtsnap
