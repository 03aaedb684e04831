// Terminal's screen buffer: the ring of lines, blank cells and lines, the scrollback, printing
// (glyphs, grapheme clusters, the ASCII fast path), cursor movement, scrolling, erasing, inserting
// and deleting. Tab stops are in terminal_tabs.cc, generation tracking in terminal_generations.cc.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/cleanup/cleanup.h"
#include "absl/container/inlined_vector.h"
#include "absl/hash/hash.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/width.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace vtsnap {
namespace {

// DEC Special Graphics for 0x5F..0x7E (VT100 line drawing).
constexpr char32_t kDecSpecial[] = {
    U' ',      U'\u25C6', U'\u2592', U'\u2409', U'\u240C', U'\u240D', U'\u240A', U'\u00B0',
    U'\u00B1', U'\u2424', U'\u240B', U'\u2518', U'\u2510', U'\u250C', U'\u2514', U'\u253C',
    U'\u23BA', U'\u23BB', U'\u2500', U'\u23BC', U'\u23BD', U'\u251C', U'\u2524', U'\u2534',
    U'\u252C', U'\u2502', U'\u2264', U'\u2265', U'\u03C0', U'\u2260', U'\u00A3', U'\u00B7',
};

// Whether a cell's first word holds the code point in its low bits (as GCC and Clang lay out the
// bit-fields on little-endian targets), so that a cell is its prototype (code point 0) ORed with
// the code point. Constant, folded by the compiler.
bool CodePointInLowBits() {
  const ScreenCell zero{.ch = 0, .width = 1, .written = 1};
  ScreenCell del = zero;
  del.ch = 0x7F;
  uint32_t z;
  uint32_t d;
  std::memcpy(&z, &zero, sizeof z);
  std::memcpy(&d, &del, sizeof d);
  return d == (z | 0x7F);
}

// cell[i] = proto with ch = text[i], for i in [0, n): one 16-byte store per cell with SSE2 (the
// bit-field assignment costs a read-modify-write chain of a dozen instructions per cell).
void StoreAsciiCells(ScreenCell* cell, const char* text, int n, const ScreenCell& proto) {
#if defined(__SSE2__)
  if (CodePointInLowBits() && proto.ch == 0) {
    const __m128i base = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&proto));
    auto store = [&](int i) {
      const __m128i byte = _mm_cvtsi32_si128(static_cast<unsigned char>(text[i]));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(cell + i), _mm_or_si128(base, byte));
    };
    int i = 0;
    for (; i + 4 <= n; i += 4) {
      store(i);
      store(i + 1);
      store(i + 2);
      store(i + 3);
    }
    for (; i < n; ++i) store(i);
    return;
  }
#endif
  for (int i = 0; i < n; ++i) {
    ScreenCell c = proto;  // built in registers: one store per cell, no read-modify-write
    c.ch = static_cast<unsigned char>(text[i]);
    cell[i] = c;
  }
}

// *cell = proto with ch = cp (proto.ch is 0): one 16-byte store with SSE2, as above.
inline void StoreCell(ScreenCell* cell, const ScreenCell& proto, char32_t cp) {
#if defined(__SSE2__)
  if (CodePointInLowBits()) {
    const __m128i base = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&proto));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(cell),
                     _mm_or_si128(base, _mm_cvtsi32_si128(static_cast<int>(cp))));
    return;
  }
#endif
  ScreenCell c = proto;
  c.ch = cp;
  *cell = c;
}

// n copies of `value` from `cell` on: 16-byte stores (a blanked line is 200 cells at 200x60).
void FillCells(ScreenCell* cell, size_t n, const ScreenCell& value) {
#if defined(__SSE2__)
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&value));
  __m128i* out = reinterpret_cast<__m128i*>(cell);
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    _mm_storeu_si128(out + i, v);
    _mm_storeu_si128(out + i + 1, v);
    _mm_storeu_si128(out + i + 2, v);
    _mm_storeu_si128(out + i + 3, v);
  }
  for (; i < n; ++i) _mm_storeu_si128(out + i, v);
#else
  std::fill(cell, cell + n, value);
#endif
}
}  // namespace

// ---------------------------------------------------------------------------------------------
// Lines and the ring.

ScreenCell Terminal::BlankCell() {
  ScreenCell c;
  c.written = 1;
  c.erased_with_fg = !pen_.fg.is_default();
  if (!pen_.bg.is_default()) {
    if (!erase_valid_ || erase_bg_ != pen_.bg) {
      Pen p;
      p.bg = pen_.bg;
      erase_pen_ = InternPen(p);  // may compact: callers take ids after asking for a blank
      erase_bg_ = pen_.bg;
      erase_valid_ = true;
    }
    c.pen = erase_pen_;
  }
  return c;
}

Line Terminal::BlankLine() {
  Line l;
  l.cells.assign(cols_, BlankCell());
  return l;
}

void Terminal::ResetLine(Line& line, const ScreenCell& blank) const {
  if (line.cells.size() == static_cast<size_t>(cols_)) {
    FillCells(line.cells.data(), line.cells.size(), blank);  // the common case: a recycled line
  } else {
    line.cells.assign(cols_, blank);  // keeps the storage when it is large enough
  }
  line.wrapped = false;
  DropPixels(line);
}

Line Terminal::SaveLine(Line&& line) {
  DropPixels(line);  // the scrollback keeps cells only (docs/sixel.md)
  scrollback_.push_back(std::move(line));
  if (static_cast<int>(scrollback_.size()) <= options_.scrollback_limit) return Line{};
  Line dropped = std::move(scrollback_.front());
  scrollback_.pop_front();
  return dropped;
}

void Terminal::Screen::RotateUp(int top, int bottom, int n) {
  const int len = bottom - top + 1;
  if (len == size()) {
    head_ = (head_ + n) % size();  // the whole screen: the ring turns
    return;
  }
  absl::InlinedVector<uint32_t, 128> region(len);
  for (int i = 0; i < len; ++i) region[i] = order_[Slot(top + i)];
  for (int i = 0; i < len; ++i) order_[Slot(top + i)] = region[(i + n) % len];
}

void Terminal::Screen::RotateDown(int top, int bottom, int n) {
  const int len = bottom - top + 1;
  if (len == size()) {
    head_ = (head_ + size() - n % size()) % size();
    return;
  }
  absl::InlinedVector<uint32_t, 128> region(len);
  for (int i = 0; i < len; ++i) region[i] = order_[Slot(top + i)];
  for (int i = 0; i < len; ++i) order_[Slot(top + i)] = region[(i + len - n % len) % len];
}

// ---------------------------------------------------------------------------------------------
// Printing.

void Terminal::SplitWide(Line& line, int col) {
  std::vector<ScreenCell>& cells = line.cells;
  ScreenCell& c = cells[col];
  if (c.is_continuation() && col > 0) {
    ScreenCell& lead = cells[col - 1];
    // The half left behind is erased: a blank that keeps its pen but loses any hyperlink.
    lead.ch = U' ';
    lead.cluster = 0;
    lead.width = 1;
    lead.link = 0;
    c.ch = U' ';
    c.width = 1;
    c.link = 0;
    ClearPixels(line, col - 1, col + 1);
  } else if (c.width == 2 && col + 1 < cols_) {
    ScreenCell& tail = cells[col + 1];
    tail.ch = U' ';
    tail.cluster = 0;
    tail.width = 1;
    tail.link = 0;
    ClearPixels(line, col + 1, col + 2);
  }
}

void Terminal::WrapLine() {
  active()[cursor_.row].wrapped = true;
  Index();  // first: a cursor right of the right margin moves down without scrolling
  cursor_.col = left_;
  cursor_.pending_wrap = false;
  last_valid_ = false;
}

void Terminal::PutGlyph(char32_t cp, int width) {
  if (cursor_.pending_wrap && modes_.autowrap) WrapLine();
  cursor_.pending_wrap = false;
  if (width == 2 && cols_ < 2) {
    IgnoreText("wide character on a 1-column screen");
    return;
  }
  if (width == 2 && cursor_.col == TextRightEdge()) {
    if (!modes_.autowrap) {
      // No room for both halves and no wrapping: xterm writes nothing (dotext), as xterm.js and
      // tmux do; the cursor stays. Not counted as ignored: this is xterm's behaviour, modelled.
      last_valid_ = false;
      rep_cp_ = cp;
      return;
    }
    // A wide character that does not fit wraps whole; xterm leaves the last column blank.
    WrapLine();
  }
  if (modes_.insert) InsertChars(width);
  const int row = cursor_.row;
  const int col = cursor_.col;   // col + width <= cols_
  const uint32_t pen = PenId();  // before taking references: interning may compact
  Line& line = active()[row];
  ScreenCell* cell = line.cells.data() + col;
  // A wide character this glyph overwrites half of loses its other half.
  if (cell[0].width != 1) SplitWide(line, col);
  if (width == 2 && cell[1].width != 1) SplitWide(line, col + 1);
  cell[0] = ScreenCell{.ch = cp,
                       .width = static_cast<uint32_t>(width),
                       .written = 1,
                       .drawn = 1,
                       .protect = character_protection_,
                       .pen = pen,
                       .link = link_id_};
  if (width == 2) {
    cell[1] = ScreenCell{.ch = 0,
                         .width = 0,
                         .written = 1,
                         .drawn = 1,
                         .protect = character_protection_,
                         .pen = pen,
                         .link = link_id_};
  }
  if (!line.pixels.empty()) ClearPixels(line, col, col + width);  // a glyph covers the pixels
  last_valid_ = true;
  last_col_ = col;
  last_row_ = row;
  rep_cp_ = cp;
  const int right = col > right_ ? cols_ - 1 : right_;
  cursor_.col = col + width;
  if (cursor_.col > right) {
    cursor_.col = right;
    cursor_.pending_wrap = true;  // with DECAWM off too: the next character decides
  }
}

void Terminal::JoinGlyph(char32_t cp) {
  int col;
  int row;
  if (last_valid_) {
    col = last_col_;
    row = last_row_;
  } else {
    // A combining mark after a cursor movement joins the cell left of the cursor, as in xterm.
    row = cursor_.row;
    col = cursor_.pending_wrap ? cursor_.col : cursor_.col - 1;
    if (col < 0) return;
    if (at(col, row).is_continuation() && col > 0) --col;
  }
  ScreenCell& c = at(col, row);
  // VS16 widens only when the option allows it and ?2027 is set (docs/unicode.md).
  WidthPolicy policy = options_.width;
  policy.emoji_presentation_wide = policy.emoji_presentation_wide && modes_.grapheme_clustering;
  // What joining cp to this grapheme gives is remembered: the same marks and emoji sequences come
  // again and again, and the remembered answer needs no string, hash or width of the cluster.
  // Keyed by the policy too, so toggling ?2027 never finds a width measured under the other one.
  const uint64_t key = JoinKey(c, cp, policy.emoji_presentation_wide);
  JoinSlot& slot = join_slots_[JoinSlotIndex(key)];
  JoinResult joined;
  if (slot.key == key) {
    joined = slot.result;
  } else if (auto it = join_cache_.find(key); it != join_cache_.end()) {
    joined = it->second;
    slot = {.key = key, .result = joined};
  } else {
    std::u32string cluster = c.cluster != 0 ? clusters_[c.cluster] : std::u32string(1, c.ch);
    if (cluster.size() >= 32) return;  // bound pathological clusters (endless combining marks)
    cluster.push_back(cp);
    joined.width = static_cast<uint8_t>(ClusterWidth(cluster, policy));
    const uint64_t compactions = compactions_;
    joined.cluster = InternCluster(std::move(cluster));
    // A compaction renumbered the clusters (and emptied the caches): the key's id is stale.
    if (compactions == compactions_) {
      if (join_cache_.size() >= kJoinCacheLimit) join_cache_.clear();  // hostile streams
      join_cache_.emplace(key, joined);
      slot = {.key = key, .result = joined};
    }
  }
  const bool widens = c.width == 1 && joined.width == 2;
  if (widens && col + 1 > (col > right_ ? cols_ - 1 : right_)) {
    // No room to widen at the right margin: keep the narrow glyph (a cell never holds more than
    // its width shows; docs/unicode.md).
    IgnoreText("emoji presentation at the right margin");
    return;
  }
  c.cluster = joined.cluster;
  if (widens) {
    // A second regional indicator (or, with the policy, an emoji presentation selector) widens the
    // cell.
    ClearWideAt(col + 1, row);
    c.width = 2;
    at(col + 1, row) = ScreenCell{.ch = 0,
                                  .width = 0,
                                  .written = 1,
                                  .drawn = 1,
                                  .protect = c.protect,
                                  .pen = c.pen,
                                  .link = c.link};
    ClearPixels(active()[row], col + 1, col + 2);
    if (cursor_.row == row && cursor_.col == col + 1 && !cursor_.pending_wrap) {
      const int right = col > right_ ? cols_ - 1 : right_;
      cursor_.col = col + 2;
      if (cursor_.col > right) {
        cursor_.col = right;
        cursor_.pending_wrap = true;
      }
    }
  }
}

void Terminal::Print(char32_t cp) {
  absl::Cleanup count_generations = [this] { UpdateGenerations(); };
  if (charsets_[gl_] == Charset::kDecSpecialGraphics && cp >= 0x5F && cp <= 0x7E) {
    cp = kDecSpecial[cp - 0x5F];
  }
  const int width = CodePointWidth(cp, options_.width);
  if (last_valid_) {
    const bool brk = grapheme_breaks_.IsBreak(last_cp_, cp, &grapheme_state_);
    last_cp_ = cp;
    if (!brk || width == 0) {
      JoinGlyph(cp);
      // REP repeats the last code point with a width; after a combining mark (or another
      // zero-width code point) it repeats the base, as xterm does.
      if (width > 0) rep_cp_ = cp;
      return;
    }
  } else {
    grapheme_state_ = 0;
    last_cp_ = cp;
    if (width == 0) {
      JoinGlyph(cp);
      return;
    }
  }
  PutGlyph(cp, width);
  last_cp_ = cp;
}

void Terminal::PrintAscii(absl::string_view run) {
  absl::Cleanup count_generations = [this] { UpdateGenerations(); };
  if (charsets_[gl_] != Charset::kAscii || modes_.insert) {
    for (char ch : run) Print(static_cast<unsigned char>(ch));  // line drawing, insert mode
    return;
  }
  if (!modes_.autowrap) {
    // The last column is overwritten again and again: one character at a time.
    for (char ch : run) {
      PutGlyph(static_cast<unsigned char>(ch), 1);
      last_cp_ = static_cast<unsigned char>(ch);
      grapheme_state_ = 0;
    }
    return;
  }
  // The fast path: a run of printable ASCII fills the rest of the cursor's row in one step (no
  // per-byte state, no width lookup: ASCII is one column and always starts a new grapheme
  // cluster; docs/xterm-deviations.md), wrapping to the next row as often as the run needs.
  const char* p = run.data();
  const char* const end = p + run.size();
  while (p < end) {
    if (cursor_.pending_wrap) WrapLine();
    const int row = cursor_.row;
    const int col = cursor_.col;
    const int right = TextRightEdge();
    const int n = static_cast<int>(std::min<ptrdiff_t>(end - p, right + 1 - col));
    Line& line = active()[row];
    // A wide character cut by either end of the span loses its other half.
    ScreenCell* cell = line.cells.data() + col;
    if (cell[0].width != 1) SplitWide(line, col);
    if (cell[n - 1].width != 1) SplitWide(line, col + n - 1);
    const ScreenCell proto{.ch = 0,
                           .width = 1,
                           .written = 1,
                           .drawn = 1,
                           .protect = character_protection_,
                           .pen = PenId(),
                           .link = link_id_};
    StoreAsciiCells(cell, p, n, proto);
    if (!line.pixels.empty()) ClearPixels(line, col, col + n);
    p += n;
    last_valid_ = true;
    last_col_ = col + n - 1;
    last_row_ = row;
    last_cp_ = rep_cp_ = static_cast<unsigned char>(p[-1]);
    grapheme_state_ = 0;
    cursor_.col = col + n;
    cursor_.pending_wrap = false;
    if (cursor_.col > right) {
      cursor_.col = right;
      cursor_.pending_wrap = true;
    }
  }
}

void Terminal::PrintRun(absl::Span<const char32_t> run) {
  if (charsets_[gl_] != Charset::kAscii || modes_.insert || !modes_.autowrap ||
      !generations_.empty()) {
    ParserHandler::PrintRun(run);  // PrintAscii and Print, one stretch or character at a time
    return;
  }
  // The fast path: what PrintAscii does for each ASCII character and Print for every other, with
  // what a run cannot change (the charset, insert mode, autowrap, the pen, the hyperlink) checked
  // once. The inner loop places characters that start a grapheme cluster on the cursor's row,
  // with the cursor and the cluster state in registers and no call per character, and joins a
  // mark or the rest of a sequence to the glyph it placed last when the join slots know the
  // answer; anything else (a join they do not know, the first character after a cursor move, a
  // wide character at the edge or one to split, a wrap, a row with pixels) takes PrintRunSlow,
  // which is Print and PrintAscii themselves. (A branch-free version of the loop, for text that
  // changes script at every character, ran 20% slower: more instructions, and the branches
  // predict well; the join out of line ran 1 M instructions per MiB more.)
  const WidthPolicy policy = options_.width;
  const bool emoji_wide = policy.emoji_presentation_wide && modes_.grapheme_clustering;
  const char32_t* p = run.data();
  const char32_t* const end = p + run.size();
  while (p < end) {
    const int row = cursor_.row;
    const uint32_t pen = PenId();  // before taking references: interning may compact
    Line& line = active()[row];
    if (line.pixels.empty() && !cursor_.pending_wrap) {
      ScreenCell* const cells = line.cells.data();
      const int right = TextRightEdge();
      int col = cursor_.col;
      bool pending = false;
      bool placed = false;
      char32_t last_cp = last_cp_;
      char32_t rep = rep_cp_;
      int32_t state = grapheme_state_;
      int last_col = last_col_;
      const bool valid_before = last_valid_;
      const ScreenCell narrow{.ch = 0,
                              .width = 1,
                              .written = 1,
                              .drawn = 1,
                              .protect = character_protection_,
                              .pen = pen,
                              .link = link_id_};
      const ScreenCell wide{.ch = 0,
                            .width = 2,
                            .written = 1,
                            .drawn = 1,
                            .protect = character_protection_,
                            .pen = pen,
                            .link = link_id_};
      const ScreenCell tail{.ch = 0,
                            .width = 0,
                            .written = 1,
                            .drawn = 1,
                            .protect = character_protection_,
                            .pen = pen,
                            .link = link_id_};
      for (; p < end && !pending; ++p) {
        const char32_t cp = *p;
        int width = 1;
        int32_t next_state = 0;
        if (cp >= 0x80) {
          width = CodePointWidth(cp, policy);
          next_state = state;  // committed only when the character is placed or joined
          if (!(placed || valid_before)) break;
          if (!grapheme_breaks_.IsBreak(last_cp, cp, &next_state) || width == 0) {
            // Joins the glyph placed last in this loop (JoinGlyph), when the answer is in the
            // join slots and needs nothing but a cluster id, or a second column that is free.
            if (!placed) break;
            ScreenCell& c = cells[last_col];
            const uint64_t key = JoinKey(c, cp, emoji_wide);
            const JoinSlot& slot = join_slots_[JoinSlotIndex(key)];
            if (slot.key != key) break;
            if (c.width == 1 && slot.result.width == 2) {
              if (cells[col].width != 1) break;  // the column it widens into: col == last_col + 1
              c.width = 2;
              cells[col] = tail;
              ++col;
              if (col > right) {
                col = right;
                pending = true;
              }
            }
            c.cluster = slot.result.cluster;
            last_cp = cp;
            state = next_state;
            if (width > 0) rep = cp;
            continue;
          }
        }
        if (cells[col].width != 1) break;  // overwrites half of a wide character
        if (width == 2 && (col == right || cells[col + 1].width != 1)) break;
        StoreCell(cells + col, width == 2 ? wide : narrow, cp);
        if (width == 2) cells[col + 1] = tail;
        placed = true;
        last_cp = rep = cp;
        state = next_state;
        last_col = col;
        col += width;
        if (col > right) {
          col = right;
          pending = true;
        }
      }
      if (placed) {
        cursor_.col = col;
        cursor_.pending_wrap = pending;
        last_cp_ = last_cp;
        grapheme_state_ = state;
        rep_cp_ = rep;
        last_valid_ = true;
        last_col_ = last_col;
        last_row_ = row;
      }
      if (p == end) break;
    }
    PrintRunSlow(*p++);
  }
}

void Terminal::PrintRunSlow(char32_t cp) {
  if (cp >= 0x80) {
    Print(cp);
    return;
  }
  PutGlyph(cp, 1);  // PrintAscii's one character: ASCII always starts a grapheme cluster
  last_cp_ = cp;
  grapheme_state_ = 0;
}

// ---------------------------------------------------------------------------------------------
// Cursor movement and scrolling.

void Terminal::MoveTo(int col, int row) {
  cursor_.col = std::clamp(col, 0, cols_ - 1);
  cursor_.row = std::clamp(row, 0, rows_ - 1);
  cursor_.pending_wrap = false;
  last_valid_ = false;
}

void Terminal::MoveToOrigin(int col, int row) {
  if (modes_.origin) {
    MoveTo(std::clamp(col + left_, left_, right_), std::clamp(row + top_, top_, bottom_));
  } else {
    MoveTo(col, row);
  }
}

void Terminal::CursorBack(int n) {
  // From inside the margins the cursor stops at the left margin; from left of it, at column 0.
  const int start = cursor_.col;
  const int left = start < left_ ? 0 : left_;
  const bool reverse = modes_.reverse_wrap && modes_.autowrap;
  // With reverse wrap a pending wrap counts as one step back (xterm 379's CursorBack).
  if (reverse && cursor_.pending_wrap) --n;
  cursor_.pending_wrap = false;
  last_valid_ = false;
  if (start - n >= left) {
    cursor_.col = start - n;
    return;
  }
  if (!reverse) {
    cursor_.col = left;
    return;
  }
  // Reverse wrap: the rows read as one line of width right - left + 1 cells, counted from the
  // top of the screen; going back from the left margin of the top margin's row lands at the
  // right end of the bottom margin's row, and before the first row at the end of the screen.
  // xterm does not look at whether the previous row was wrapped.
  const int width = right_ - left + 1;
  int64_t offset = int64_t{width} * cursor_.row + (start - n) - left;
  if (start == left && ColumnInMargins(start) && cursor_.row == top_) {
    offset = int64_t{bottom_ + 1} * width - 1;
  } else if (offset < 0) {
    // Around the screen as often as it takes (xterm's arithmetic overshoots by a whole screen,
    // past the last row, when n is an exact multiple of it; here it stays on the screen).
    const int64_t length = int64_t{width} * rows_;
    offset = (offset % length + length) % length;
  }
  cursor_.row = static_cast<int>(offset / width);
  cursor_.col = static_cast<int>(offset % width) + left;
}

void Terminal::CursorForward(int n) {
  const int right = TextRightEdge();
  cursor_.col = std::min(cursor_.col + std::min(n, cols_), right);
  cursor_.pending_wrap = false;
  last_valid_ = false;
}

void Terminal::CarriageReturn() {
  // To the left margin, unless the cursor is left of it and origin mode is off (xterm).
  cursor_.col = (modes_.origin || cursor_.col >= left_) ? left_ : 0;
  cursor_.pending_wrap = false;
  last_valid_ = false;
}

void Terminal::Index() {
  // Outside the left and right margins the cursor moves down but never scrolls.
  if (cursor_.row == bottom_) {
    if (ColumnInMargins(cursor_.col)) ScrollUp(top_, bottom_, 1);
  } else if (cursor_.row < rows_ - 1) {
    ++cursor_.row;
  }
  cursor_.pending_wrap = false;
  last_valid_ = false;
}

void Terminal::ReverseIndex() {
  if (cursor_.row == top_) {
    if (ColumnInMargins(cursor_.col)) ScrollDown(top_, bottom_, 1);
  } else if (cursor_.row > 0) {
    --cursor_.row;
  }
  cursor_.pending_wrap = false;
  last_valid_ = false;
}

void Terminal::ScrollColumns(int top, int bottom, int n) {
  Screen& screen = active();
  const ScreenCell blank = BlankCell();
  last_valid_ = false;
  // A wide character cut by either margin loses both halves first, in every row that moves.
  for (int r = top; r <= bottom; ++r) {
    CutWideAt(left_, r);
    CutWideAt(right_ + 1, r);
  }
  const int from = left_;
  const int to = right_ + 1;
  auto copy_row = [&](int src, int dst) {
    Line& d = screen[dst];
    const Line& s = screen[src];
    std::copy(s.cells.begin() + from, s.cells.begin() + to, d.cells.begin() + from);
    if (!s.pixels.empty() || !d.pixels.empty()) CopyPixels(s, d, from, to);
  };
  auto blank_row = [&](int r) {
    Line& l = screen[r];
    std::fill(l.cells.begin() + from, l.cells.begin() + to, blank);
    ClearPixels(l, from, to);
  };
  if (n > 0) {
    for (int r = top; r + n <= bottom; ++r) copy_row(r + n, r);
    for (int r = std::max(top, bottom - n + 1); r <= bottom; ++r) blank_row(r);
  } else {
    n = -n;
    for (int r = bottom; r - n >= top; --r) copy_row(r - n, r);
    for (int r = top; r <= std::min(bottom, top + n - 1); ++r) blank_row(r);
  }
}

void Terminal::ScrollUp(int top, int bottom, int n) {
  n = std::min(n, bottom - top + 1);
  if (n <= 0) return;
  if (!FullWidthMargins()) return ScrollColumns(top, bottom, n);
  Screen& screen = active();
  const bool save = !alternate_active_ && top == 0 && options_.scrollback_limit > 0;
  const ScreenCell blank = BlankCell();
  last_valid_ = false;
  // The lines leaving the top go to the scrollback; the storage it drops comes back as the new
  // bottom lines.
  if (save) {
    for (int i = 0; i < n; ++i) screen[top + i] = SaveLine(std::move(screen[top + i]));
  }
  screen.RotateUp(top, bottom, n);
  for (int r = bottom - n + 1; r <= bottom; ++r) ResetLine(screen[r], blank);
}

void Terminal::ScrollDown(int top, int bottom, int n) {
  n = std::min(n, bottom - top + 1);
  if (n <= 0) return;
  if (!FullWidthMargins()) return ScrollColumns(top, bottom, -n);
  Screen& screen = active();
  const ScreenCell blank = BlankCell();
  last_valid_ = false;
  screen.RotateDown(top, bottom, n);
  for (int r = top; r < top + n; ++r) ResetLine(screen[r], blank);
}

void Terminal::EraseCells(int row, int from, int to) {
  from = std::clamp(from, 0, cols_);
  to = std::clamp(to, 0, cols_);
  if (from >= to) return;
  std::vector<ScreenCell>& cells = active()[row].cells;
  if (cells[from].is_continuation() && from > 0) ClearWideAt(from, row);
  if (to < cols_ && cells[to].is_continuation()) ClearWideAt(to, row);
  ScreenCell blank = BlankCell();
  blank.drawn = to < cols_;  // xterm: blanks short of the line's end count as drawn (DECRQCRA)
  std::fill(cells.begin() + from, cells.begin() + to, blank);
  if (from == 0 && to == cols_) {
    DropPixels(active()[row]);
  } else {
    ClearPixels(active()[row], from, to);
  }
  last_valid_ = false;
}

void Terminal::EraseInDisplay(int mode, bool selective) {
  auto erase_rows = [&](int first, int end) {
    for (int r = first; r < end; ++r) {
      EraseUnprotected(r, 0, cols_, selective);
      active()[r].wrapped = false;
    }
  };
  switch (mode) {
    case 0:
      EraseInLine(0, selective);
      erase_rows(cursor_.row + 1, rows_);
      break;
    case 1:
      erase_rows(0, cursor_.row);
      EraseInLine(1, selective);
      break;
    case 2:
      erase_rows(0, rows_);
      break;
    case 3:
      scrollback_.clear();
      break;
    default:
      IgnoreText(absl::StrCat("CSI ", mode, " J"));
      return;
  }
  cursor_.pending_wrap = false;
  // An erase of the whole screen (ED 0 from home, ED 1 from the last cell, ED 2) that protection
  // applies to and that leaves no protected cell turns protection off (terminal_protection.cc).
  const bool whole = mode == 2 || (mode == 0 && cursor_.row == 0 && cursor_.col == 0) ||
                     (mode == 1 && cursor_.row == rows_ - 1 && cursor_.col == cols_ - 1);
  if (whole && ProtectionApplies(selective)) {
    for (int r = 0; r < rows_; ++r) {
      for (const ScreenCell& c : active()[r].cells) {
        if (c.protect) return;
      }
    }
    protection_mode_ = ProtectionMode::kOff;
  }
}

void Terminal::EraseInLine(int mode, bool selective) {
  // With a wrap pending the cursor is on the last column, so EL 0 erases that column (xterm).
  switch (mode) {
    case 0:
      EraseUnprotected(cursor_.row, cursor_.col, cols_, selective);
      active()[cursor_.row].wrapped = false;
      break;
    case 1:
      EraseUnprotected(cursor_.row, 0, cursor_.col + 1, selective);
      break;
    case 2:
      EraseUnprotected(cursor_.row, 0, cols_, selective);
      active()[cursor_.row].wrapped = false;
      break;
    default:
      IgnoreText(absl::StrCat("CSI ", mode, " K"));
      return;
  }
  cursor_.pending_wrap = false;
}

void Terminal::InsertCells(int row, int col, int n) {
  std::vector<ScreenCell>& cells = active()[row].cells;
  const int end = right_ + 1;  // the cells shift up to the right margin
  n = std::min(n, end - col);
  // Inserting inside a wide character splits it; inserting before one shifts it whole. One
  // straddling the right margin loses both halves.
  if (cells[col].is_continuation()) ClearWideAt(col, row);
  CutWideAt(end, row);
  std::rotate(cells.begin() + col, cells.begin() + end - n, cells.begin() + end);
  ScreenCell blank = BlankCell();
  blank.drawn = 1;  // inserted blanks count as drawn in xterm (DECRQCRA)
  std::fill(cells.begin() + col, cells.begin() + col + n, blank);
  ShiftPixels(active()[row], col, end, n);  // pixels move with their cells
  // A wide character pushed half past the right margin is cut.
  if (cells[end - 1].width == 2) {
    cells[end - 1] = BlankCell();
    ClearPixels(active()[row], end - 1, end);
  }
}

void Terminal::DeleteCells(int row, int col, int n) {
  std::vector<ScreenCell>& cells = active()[row].cells;
  const int end = right_ + 1;
  n = std::min(n, end - col);
  // A wide character with one half deleted loses the other; one just after the deleted cells
  // shifts whole; one straddling the right margin loses both halves.
  ClearWideAt(col, row);
  if (col + n < end && cells[col + n].is_continuation()) ClearWideAt(col + n, row);
  CutWideAt(end, row);
  std::rotate(cells.begin() + col, cells.begin() + col + n, cells.begin() + end);
  std::fill(cells.begin() + end - n, cells.begin() + end, BlankCell());
  ShiftPixels(active()[row], col, end, -n);
}

void Terminal::InsertChars(int n) {
  cursor_.pending_wrap = false;
  last_valid_ = false;
  // Outside the left and right margins ICH does nothing (xterm's InsertChar).
  if (ColumnInMargins(cursor_.col)) InsertCells(cursor_.row, cursor_.col, n);
}

void Terminal::DeleteChars(int n) {
  // Outside the margins DCH does nothing, not even resetting a pending wrap (xterm).
  if (!ColumnInMargins(cursor_.col)) return;
  DeleteCells(cursor_.row, cursor_.col, n);
  cursor_.pending_wrap = false;
  last_valid_ = false;
}

void Terminal::ShiftColumns(int col, int n, bool to_left) {
  // Only with the cursor inside the scroll region and the margins (xterm's xtermColScroll);
  // the cursor and a pending wrap stay.
  if (cursor_.row < top_ || cursor_.row > bottom_ || !ColumnInMargins(cursor_.col)) return;
  for (int r = top_; r <= bottom_; ++r) {
    if (to_left) {
      DeleteCells(r, col, n);
    } else {
      InsertCells(r, col, n);
    }
  }
  last_valid_ = false;
}

void Terminal::ColumnIndex(bool back) {
  last_valid_ = false;
  if (conformance_level_ < 64) return;  // a VT420 control: xterm ignores it below level 4
  const bool in_margins = ColumnInMargins(cursor_.col);
  if (back) {
    if (in_margins && cursor_.col == left_) return ShiftColumns(left_, 1, /*to_left=*/false);
    return CursorBack(1);
  }
  if (in_margins && cursor_.col == right_) return ShiftColumns(left_, 1, /*to_left=*/true);
  CursorForward(1);
}

void Terminal::InsertLines(int n) {
  if (cursor_.row < top_ || cursor_.row > bottom_ || !ColumnInMargins(cursor_.col)) return;
  ScrollDown(cursor_.row, bottom_, n);
  cursor_.col = left_;
  cursor_.pending_wrap = false;
}

void Terminal::DeleteLines(int n) {
  if (cursor_.row < top_ || cursor_.row > bottom_ || !ColumnInMargins(cursor_.col)) return;
  // On the top line, xterm's DeleteLine saves the deleted lines to the scrollback, as scrolling
  // does (util.c: scroll_all_lines when cur_row == 0 on the normal screen); ScrollUp does that
  // for a scroll from row 0 over the whole width.
  ScrollUp(cursor_.row, bottom_, n);
  cursor_.col = left_;
  cursor_.pending_wrap = false;
}

}  // namespace vtsnap
