#include "vtsnap/snapshot/capture.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/width.h"
#include "vtsnap/snapshot/golden.h"

namespace vtsnap {
namespace {

Color ColorFromPen(const PenColor& c) {
  switch (c.kind) {
    case PenColor::Kind::kPalette:
      return Color::Palette(static_cast<int>(c.value));
    case PenColor::Kind::kRgb:
      return Color::Rgb((c.value >> 16) & 0xFF, (c.value >> 8) & 0xFF, c.value & 0xFF);
    case PenColor::Kind::kDefault:
      break;
  }
  return Color::Default();
}

// The underline shapes of the two vocabularies side by side, read in both directions.
constexpr struct {
  UnderlineStyle pen;
  UnderlineShape style;
} kUnderlines[] = {{UnderlineStyle::kSingle, UnderlineShape::kSingle},
                   {UnderlineStyle::kDouble, UnderlineShape::kDouble},
                   {UnderlineStyle::kCurly, UnderlineShape::kCurly},
                   {UnderlineStyle::kDotted, UnderlineShape::kDotted},
                   {UnderlineStyle::kDashed, UnderlineShape::kDashed}};

UnderlineShape ShapeFromPen(UnderlineStyle u) {
  for (const auto& entry : kUnderlines) {
    if (entry.pen == u) return entry.style;
  }
  return UnderlineShape::kSingle;
}

UnderlineStyle UnderlineFromShape(UnderlineShape shape) {
  for (const auto& entry : kUnderlines) {
    if (entry.style == shape) return entry.pen;
  }
  return UnderlineStyle::kSingle;
}

}  // namespace

Style StyleFromPen(const Pen& pen) {
  Style s;
  s.fg = ColorFromPen(pen.fg);
  s.bg = ColorFromPen(pen.bg);
  s.bold = pen.has(kAttrBold);
  s.dim = pen.has(kAttrDim);
  s.italic = pen.has(kAttrItalic);
  s.reverse = pen.has(kAttrReverse);
  s.strike = pen.has(kAttrStrike);
  s.underline = pen.underline != UnderlineStyle::kNone;
  if (s.underline) {
    s.underline_shape = ShapeFromPen(pen.underline);
    s.underline_color = ColorFromPen(pen.underline_color);
  }
  return s;
}

PenColor PenColorFromColor(const Color& color) {
  switch (color.kind) {
    case Color::Kind::kPalette:
      return PenColor::Palette(color.index());
    case Color::Kind::kRgb:
      return PenColor::Rgb(color.r(), color.g(), color.b());
    case Color::Kind::kDefault:
      break;
  }
  return PenColor::Default();
}

Pen PenFromStyle(const Style& style) {
  Pen pen;
  pen.fg = PenColorFromColor(style.fg);
  pen.bg = PenColorFromColor(style.bg);
  if (style.bold) pen.attrs |= kAttrBold;
  if (style.dim) pen.attrs |= kAttrDim;
  if (style.italic) pen.attrs |= kAttrItalic;
  if (style.reverse) pen.attrs |= kAttrReverse;
  if (style.strike) pen.attrs |= kAttrStrike;
  if (style.underline) {
    pen.underline = UnderlineFromShape(style.underline_shape);
    pen.underline_color = PenColorFromColor(style.underline_color);
  }
  return pen;
}

namespace {

// What capture needs of each pen a screen uses, looked up by pen id. A screen uses a handful of
// pens, mostly in runs, so each is converted once per capture and a run costs one comparison.
class PenCache {
 public:
  explicit PenCache(const Terminal& terminal) : terminal_(terminal) {}

  struct Entry {
    bool known = false;
    bool invisible = false;
    int index = 0;  // SerializeScreen: the style's number
    Style style;
  };

  Entry& Get(uint32_t id) {
    if (id >= entries_.size()) entries_.resize(static_cast<size_t>(id) + 1);
    Entry& e = entries_[id];
    if (!e.known) {
      const Pen& pen = terminal_.pen(id);
      e.known = true;
      e.invisible = pen.has(kAttrInvisible);
      e.style = StyleFromPen(pen);
      e.index = -1;
    }
    return e;
  }

 private:
  const Terminal& terminal_;
  std::vector<Entry> entries_;
};

// The cells' link targets as capture keeps them (an invalid target is no link), or empty when no
// cell links anywhere.
std::vector<LinkRun> CaptureLinks(const Terminal& terminal) {
  const int cols = terminal.cols();
  const int rows = terminal.rows();
  std::vector<std::string> targets;
  bool any_link = false;
  for (int r = 0; r < rows; ++r) {
    const ScreenCell* cells = terminal.line(r).cells.data();
    for (int c = 0; c < cols; ++c) {
      const ScreenCell& sc = cells[c];
      if (sc.link == 0) continue;
      const std::string& uri = terminal.hyperlink(sc.link).uri;
      // A target the golden format cannot hold (not an absolute printable-ASCII URI) is not a
      // link a test can pin; it is left out (docs/golden-format.md).
      if (!IsValidHyperlinkTarget(uri)) continue;
      if (targets.empty()) targets.resize(static_cast<size_t>(cols) * rows);
      targets[static_cast<size_t>(r) * cols + c] = uri;
      any_link = true;
    }
  }
  if (!any_link) return {};
  return LinkRunsFromTargets(cols, rows, targets);
}

Cursor CaptureCursor(const Terminal& terminal) {
  Cursor cursor;
  const CursorState& cur = terminal.cursor();
  cursor.visible = cur.visible;
  if (cur.visible) {
    cursor.col = cur.col;
    cursor.row = cur.row;
    cursor.shape = cur.shape;
  }
  return cursor;
}

// Appends the grapheme of a visible, non-continuation cell.
void AppendGrapheme(const Terminal& terminal, const ScreenCell& sc, std::string* out) {
  if (sc.cluster == 0 && sc.ch < 0x80) {
    out->push_back(static_cast<char>(sc.ch));
  } else if (sc.cluster == 0) {
    AppendUtf8(sc.ch, out);
  } else {
    *out += terminal.Grapheme(sc);
  }
}

}  // namespace

namespace capture_internal {

Frame CaptureTerminal(const Terminal& terminal) {
  const int cols = terminal.cols();
  const int rows = terminal.rows();
  Frame frame = Frame::Blank(cols, rows);
  PenCache pens(terminal);
  uint32_t last_pen = 0;
  const PenCache::Entry* pen = &pens.Get(0);
  for (int r = 0; r < rows; ++r) {
    const ScreenCell* cells = terminal.line(r).cells.data();
    for (int c = 0; c < cols; ++c) {
      const ScreenCell& sc = cells[c];
      if (sc.pen != last_pen) {
        last_pen = sc.pen;
        pen = &pens.Get(sc.pen);
      }
      Cell& cell = frame.cell(c, r);
      cell.style = pen->style;
      if (pen->invisible) {
        // What a user sees: blanks, one per column, in the cell's style (Blank's " ", width 1).
        continue;
      }
      cell.width = static_cast<int>(sc.width);
      if (sc.is_continuation()) {
        cell.grapheme.clear();
      } else if (sc.cluster == 0 && sc.ch < 0x80) {
        if (sc.ch != U' ') cell.grapheme[0] = static_cast<char>(sc.ch);  // Blank's " ", in place
      } else {
        cell.grapheme.clear();
        AppendGrapheme(terminal, sc, &cell.grapheme);
      }
    }
  }
  frame.links = CaptureLinks(terminal);
  frame.cursor = CaptureCursor(terminal);
  return frame;
}

RgbaPlane CaptureTerminalPlane(const Terminal& terminal) {
  RgbaPlane plane = {.width = terminal.pixel_width(), .height = terminal.pixel_height()};
  terminal.CopyPixelPlane(&plane.pixels);
  return plane;
}

namespace {

absl::StatusOr<std::string> SerializeTerminal(const Terminal& terminal) {
  const int cols = terminal.cols();
  const int rows = terminal.rows();
  if (cols < 1 || rows < 1) return golden::Serialize(CaptureTerminal(terminal));  // its error
  const size_t cell_count = static_cast<size_t>(cols) * static_cast<size_t>(rows);
  PenCache pens(terminal);
  golden::StyleNumbering numbering;
  // One pass over the cells: the stylemap character of each (styles numbered as Serialize numbers
  // the captured cells, by first use of each distinct Style: two pens can capture as one style,
  // e.g. with and without blink), the rows' text as capture would make it, and whether any cell
  // links anywhere.
  std::string& stylemap = numbering.mutable_stylemap();
  stylemap.resize(cell_count);
  char* map = stylemap.data();
  // Room for one byte a cell plus `slack` bytes: a grapheme of more bytes spends slack (a
  // continuation cell, which writes none, gives one back), and the buffer grows when less than a
  // code point's worth is left.
  size_t slack = 64;
  std::string text(cell_count + slack, '\0');
  size_t used = 0;
  std::vector<size_t> row_end(static_cast<size_t>(rows));
  uint32_t last_pen = 0;
  PenCache::Entry* pen = nullptr;
  char pen_char = 0;
  bool invisible = false;
  uint32_t links = 0;  // the OR of every cell's link id: nonzero when any cell links
  for (int r = 0; r < rows; ++r) {
    const ScreenCell* cells = terminal.line(r).cells.data();
    char* t = text.data() + used;
    // A row is runs of cells with one pen: the run's stylemap characters are one fill, and its
    // text is copied with the pen's questions answered once.
    for (int c = 0; c < cols;) {
      if (pen == nullptr || cells[c].pen != last_pen) {
        last_pen = cells[c].pen;
        pen = &pens.Get(last_pen);
        if (pen->index < 0) {
          absl::StatusOr<int> index = numbering.Add(pen->style, c, r);
          if (!index.ok()) return index.status();
          pen->index = *index;
        }
        // A style past the version-1 names: the wide form, written from the captured frame.
        if (pen->index >= golden::kMaxStyles) return golden::Serialize(CaptureTerminal(terminal));
        pen_char = golden::kStyleAlphabet[static_cast<size_t>(pen->index)];
        invisible = pen->invisible;
      }
      int end = c + 1;
      while (end < cols && cells[end].pen == last_pen) ++end;
      const size_t run = static_cast<size_t>(end - c);
      std::memset(map, pen_char, run);
      map += run;
      if (invisible) {
        std::memset(t, ' ', run);  // one blank a column, as capture shows an invisible cell
        t += run;
        for (int i = c; i < end; ++i) links |= cells[i].link;
        c = end;
        continue;
      }
      for (; c < end; ++c) {
        const ScreenCell& sc = cells[c];
        links |= sc.link;
        if (sc.cluster == 0 && sc.ch < 0x80 && sc.width != 0) {
          *t++ = static_cast<char>(sc.ch);
        } else if (sc.is_continuation()) {
          ++slack;
        } else {
          const std::u32string* cluster = sc.cluster == 0 ? nullptr : &terminal.cluster(sc.cluster);
          const size_t most = cluster == nullptr ? 4 : 4 * cluster->size();
          if (slack < most) {
            const size_t at = static_cast<size_t>(t - text.data());
            const size_t grow = std::max(text.size(), most);
            text.resize(text.size() + grow);
            slack += grow;
            t = text.data() + at;
          }
          char* const start = t;
          if (cluster == nullptr) {
            t = EncodeUtf8(sc.ch, t);
          } else {
            for (char32_t cp : *cluster) t = EncodeUtf8(cp, t);
          }
          slack -= static_cast<size_t>(t - start) - 1;
        }
      }
    }
    used = static_cast<size_t>(t - text.data());
    row_end[static_cast<size_t>(r)] = used;
  }
  const bool any_link = links != 0;
  return golden::SerializeNumbered(
      cols, rows, numbering, CaptureCursor(terminal),
      any_link ? CaptureLinks(terminal) : std::vector<LinkRun>(), {},
      [&text, &row_end](int row, std::string* out) {
        const size_t start = row == 0 ? 0 : row_end[static_cast<size_t>(row) - 1];
        out->append(text.data() + start, row_end[static_cast<size_t>(row)] - start);
      });
}

}  // namespace

}  // namespace capture_internal

absl::StatusOr<Frame> CaptureFrame(const ScreenView& screen) {
  if (!screen.readable()) return screen.status();
  if (screen.terminal() != nullptr) return capture_internal::CaptureTerminal(*screen.terminal());
  return screen.frame();
}

absl::StatusOr<RgbaPlane> CapturePlane(const ScreenView& screen) { return screen.plane(); }

absl::StatusOr<std::string> SerializeScreen(const ScreenView& screen) {
  if (!screen.readable()) return screen.status();
  if (screen.terminal() != nullptr) return capture_internal::SerializeTerminal(*screen.terminal());
  return golden::Serialize(screen.frame());
}

}  // namespace vtsnap
