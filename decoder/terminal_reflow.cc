// Resize with reflow (TerminalOptions::reflow_on_resize): the primary screen and its scrollback
// re-wrapped to a new width the way @xterm/headless 6 resizes its normal buffer (Buffer.resize,
// _reflowLarger, _reflowSmaller), checked against it by test/differential/reflow_test.cc. The
// differences that remain are listed in docs/xterm-deviations.md ("Resize").
#include <algorithm>
#include <cstddef>
#include <map>
#include <utility>
#include <vector>

#include "vtsnap/decoder/terminal.h"

namespace vtsnap {
namespace {

// xterm.js counts a cell as content when a character was printed in it; vtsnap cannot tell a
// printed space from an erased cell, so a space is not content here.
bool HasContent(const ScreenCell& c) { return c.width != 1 || c.ch != U' ' || c.cluster != 0; }

int TrimmedLength(const Line& line) {
  int n = static_cast<int>(line.cells.size());
  while (n > 0 && !HasContent(line.cells[n - 1])) --n;
  return n;
}

// How many cells of line i of a wrapped group belong to the logical line (xterm.js's
// getWrappedLineTrimmedLength): the whole width, but for the last line its trimmed length, and
// one less where a wide character did not fit at the end and went to the next line.
int WrappedLength(const std::vector<Line*>& group, size_t i, int cols) {
  if (i + 1 == group.size()) return std::min(TrimmedLength(*group[i]), cols);
  const ScreenCell& last = group[i]->cells[cols - 1];
  const bool ends_in_null = !HasContent(last) && last.width == 1;
  return ends_in_null && group[i + 1]->cells[0].width == 2 ? cols - 1 : cols;
}

// The group's logical line cut into lines of `cols` cells; a wide character that would straddle
// a line end starts the next line, leaving the last cell blank.
std::vector<Line> Rewrap(const std::vector<Line*>& group, int old_cols, int cols) {
  std::vector<ScreenCell> content;
  for (size_t i = 0; i < group.size(); ++i) {
    const int n = WrappedLength(group, i, old_cols);
    content.insert(content.end(), group[i]->cells.begin(), group[i]->cells.begin() + n);
  }
  const int width = static_cast<int>(group[0]->cells.size());  // max(old, new) until the end
  std::vector<Line> out;
  size_t pos = 0;
  do {
    const size_t rest = content.size() - pos;
    size_t len = rest;
    if (rest >= static_cast<size_t>(cols)) {
      len = content[pos + cols - 1].width == 2 ? cols - 1 : cols;
    }
    Line line{.cells = std::vector<ScreenCell>(width)};
    const auto from = content.begin() + static_cast<ptrdiff_t>(pos);
    std::copy(from, from + static_cast<ptrdiff_t>(len), line.cells.begin());
    line.wrapped = true;
    out.push_back(std::move(line));
    pos += len;
  } while (pos < content.size());
  out.back().wrapped = false;
  return out;
}

// The lines [begin, end) of a wrapped group: line `begin` and every line after one marked
// wrapped.
size_t GroupEnd(const std::vector<Line>& lines, size_t begin) {
  size_t end = begin + 1;
  while (end < lines.size() && lines[end - 1].wrapped) ++end;
  return end;
}

// The normal buffer as xterm.js keeps it while it reflows: scrollback and screen in one list, the
// screen's top at `ybase`, the cursor at row `y` of the screen; every line `width` cells wide
// (the larger of the old and new widths) until the end.
struct ReflowBuffer {
  std::vector<Line> lines;
  size_t ybase = 0;
  int y = 0;
  int width = 0;
  size_t max_length = 0;  // the new rows plus the scrollback limit

  Line Blank() const { return Line{.cells = std::vector<ScreenCell>(width)}; }
};

// Rows first: growing takes lines back from the scrollback while the cursor's line is the last
// one; shrinking drops lines below the cursor, else scrolls. Then what passes max_length goes.
void ResizeRows(ReflowBuffer& b, int old_rows, int rows) {
  std::vector<Line>& lines = b.lines;
  if (rows > old_rows) {
    int add_y = 0;
    for (int r = old_rows; r < rows; ++r) {
      if (lines.size() >= rows + b.ybase) continue;
      if (b.ybase > 0 && lines.size() <= b.ybase + b.y + add_y + 1) {
        --b.ybase;
        ++add_y;
      } else {
        lines.push_back(b.Blank());
      }
    }
    b.y = std::min(b.y, rows - 1) + add_y;
  } else {
    for (int r = old_rows; r > rows; --r) {
      if (lines.size() <= rows + b.ybase) continue;
      if (lines.size() > b.ybase + b.y + 1) {
        lines.pop_back();
      } else {
        ++b.ybase;
      }
    }
    b.y = std::min(b.y, rows - 1);
  }
  if (lines.size() > b.max_length) {
    const size_t trim = lines.size() - b.max_length;
    lines.erase(lines.begin(), lines.begin() + static_cast<ptrdiff_t>(trim));
    b.ybase = b.ybase > trim ? b.ybase - trim : 0;
  }
}

// Wider: each wrapped group (but the cursor's) is joined up; lines it no longer needs go, and the
// screen moves down over them (xterm.js's _reflowLargerAdjustViewport).
void ReflowLarger(ReflowBuffer& b, int old_cols, int cols, int rows) {
  std::vector<Line>& lines = b.lines;
  const size_t cursor = b.ybase + b.y;
  std::vector<Line> out;
  size_t removed = 0;
  for (size_t i = 0; i < lines.size();) {
    const size_t end = GroupEnd(lines, i);
    if (end - i == 1 || (cursor >= i && cursor < end)) {
      for (size_t j = i; j < end; ++j) out.push_back(std::move(lines[j]));
      i = end;
      continue;
    }
    std::vector<Line*> group;
    for (size_t j = i; j < end; ++j) group.push_back(&lines[j]);
    std::vector<Line> re = Rewrap(group, old_cols, cols);
    removed += (end - i) - re.size();
    for (Line& l : re) out.push_back(std::move(l));
    i = end;
  }
  lines = std::move(out);
  for (size_t k = 0; k < removed; ++k) {
    if (b.ybase == 0) {
      if (b.y > 0) --b.y;
      if (lines.size() < static_cast<size_t>(rows)) lines.push_back(b.Blank());
    } else {
      --b.ybase;
    }
  }
}

// Narrower, the cutting: from the bottom up, each group too long for the width (but the
// cursor's) is cut again, its new lines kept in `replaced` by the group's first line; the lines
// it gains push the screen up into the scrollback, or, while there is none, push the cursor down
// over the screen's last lines (xterm.js's _reflowSmaller).
std::map<size_t, std::vector<Line>> CutLongGroups(ReflowBuffer& b, int old_cols, int cols,
                                                  int rows) {
  std::vector<Line>& lines = b.lines;
  const size_t max_length = b.max_length;
  std::map<size_t, std::vector<Line>> replaced;
  size_t inserted = 0;
  for (size_t h = lines.size(); h-- > 0;) {
    const bool continues = h > 0 && lines[h - 1].wrapped;
    if (!continues && TrimmedLength(lines[h]) <= cols) continue;
    const size_t last = h;
    while (h > 0 && lines[h - 1].wrapped) --h;
    const size_t cursor = b.ybase + b.y;
    if (cursor >= h && cursor <= last) continue;
    std::vector<Line*> group;
    for (size_t j = h; j <= last; ++j) group.push_back(&lines[j]);
    std::vector<Line> re = Rewrap(group, old_cols, cols);
    const size_t more = re.size() - group.size();
    replaced[h] = std::move(re);
    const size_t len = lines.size();
    const size_t cut =
        b.ybase == 0 && static_cast<size_t>(b.y) != len - 1
            ? static_cast<size_t>(std::max<ptrdiff_t>(0, static_cast<ptrdiff_t>(b.y) -
                                                             static_cast<ptrdiff_t>(max_length) +
                                                             static_cast<ptrdiff_t>(more)))
            : static_cast<size_t>(std::max<ptrdiff_t>(
                  0, static_cast<ptrdiff_t>(len + more) - static_cast<ptrdiff_t>(max_length)));
    inserted += more;
    for (size_t k = 0; k + cut < more; ++k) {
      if (b.ybase == 0) {
        if (b.y < rows - 1) {
          ++b.y;
          lines.pop_back();
        } else {
          ++b.ybase;
        }
      } else if (b.ybase + rows < std::min(max_length, lines.size() + inserted)) {
        ++b.ybase;
      }
    }
  }
  return replaced;
}

// Narrower: the groups cut by CutLongGroups put in place of the old ones, and the oldest lines
// past max_length dropped.
void ReflowSmaller(ReflowBuffer& b, int old_cols, int cols, int rows) {
  std::map<size_t, std::vector<Line>> replaced = CutLongGroups(b, old_cols, cols, rows);
  std::vector<Line>& lines = b.lines;
  std::vector<Line> out;
  for (size_t i = 0; i < lines.size();) {
    auto it = replaced.find(i);
    if (it == replaced.end()) {
      out.push_back(std::move(lines[i++]));
      continue;
    }
    i = GroupEnd(lines, i);
    for (Line& l : it->second) out.push_back(std::move(l));
  }
  if (out.size() > b.max_length) {
    out.erase(out.begin(), out.begin() + static_cast<ptrdiff_t>(out.size() - b.max_length));
  }
  lines = std::move(out);
}

}  // namespace

void Terminal::ReflowPrimary(int cols, int rows) {
  const int old_cols = cols_;
  ReflowBuffer b;
  b.width = std::max(cols, old_cols);
  b.max_length = static_cast<size_t>(rows) + options_.scrollback_limit;
  std::vector<Line>& lines = b.lines;
  lines.reserve(scrollback_.size() + rows_);
  for (Line& l : scrollback_) lines.push_back(std::move(l));
  scrollback_.clear();
  b.ybase = lines.size();
  primary_.Rebuild([&](std::vector<Line>& screen) {
    for (Line& l : screen) lines.push_back(std::move(l));
    screen.clear();
  });
  // The cursor that belongs to the primary screen: the live one, or the one saved on entering
  // the alternate screen.
  int& cursor_row = alternate_active_ ? saved_[0].row : cursor_.row;
  b.y = cursor_row;
  for (Line& l : lines) {
    DropPixels(l);  // reflowed lines keep cells only
    l.cells.resize(b.width);
  }

  ResizeRows(b, rows_, rows);
  if (cols > old_cols) {
    ReflowLarger(b, old_cols, cols, rows);
  } else if (cols < old_cols) {
    ReflowSmaller(b, old_cols, cols, rows);
  }

  // Back into the scrollback and the screen, cut to the new width.
  for (Line& l : lines) {
    const bool cut = static_cast<int>(l.cells.size()) > cols && l.cells[cols].is_continuation();
    if (cut) l.cells[cols - 1] = ScreenCell{.written = 1};
    l.cells.resize(cols);
  }
  const size_t ybase = std::min(b.ybase, lines.size());
  for (size_t i = 0; i < ybase; ++i) scrollback_.push_back(std::move(lines[i]));
  while (static_cast<int>(scrollback_.size()) > options_.scrollback_limit) scrollback_.pop_front();
  primary_.Rebuild([&](std::vector<Line>& screen) {
    for (size_t i = ybase; i < lines.size() && screen.size() < static_cast<size_t>(rows); ++i) {
      screen.push_back(std::move(lines[i]));
    }
    while (screen.size() < static_cast<size_t>(rows)) {
      screen.push_back(Line{.cells = std::vector<ScreenCell>(cols)});
    }
  });
  cursor_row = std::clamp(b.y, 0, rows - 1);
}

}  // namespace vtsnap
