#include "vtsnap/snapshot/screen/capture.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/width.h"
#include "vtsnap/snapshot/screen/capture_internal.h"

namespace vtsnap {
namespace {

Color ColorFromPen(const PenColor& c) {
  switch (c.kind) {
    case PenColor::Kind::kPalette:
      return Color::Palette(static_cast<int>(c.value));
    case PenColor::Kind::kRgb:
      return Color::Rgb(static_cast<int>((c.value >> 16) & 0xFF),
                        static_cast<int>((c.value >> 8) & 0xFF), static_cast<int>(c.value & 0xFF));
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

}  // namespace capture_internal

absl::StatusOr<Frame> CaptureFrame(const ScreenView& screen) {
  if (!screen.readable()) return screen.status();
  if (screen.terminal() != nullptr) return capture_internal::CaptureTerminal(*screen.terminal());
  return screen.frame();
}

absl::StatusOr<RgbaPlane> CapturePlane(const ScreenView& screen) { return screen.plane(); }

}  // namespace vtsnap
