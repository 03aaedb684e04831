#include "snapshot/capture.h"

#include <string>
#include <vector>

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

UnderlineShape ShapeFromPen(UnderlineStyle u) {
  switch (u) {
    case UnderlineStyle::kDouble:
      return UnderlineShape::kDouble;
    case UnderlineStyle::kCurly:
      return UnderlineShape::kCurly;
    case UnderlineStyle::kDotted:
      return UnderlineShape::kDotted;
    case UnderlineStyle::kDashed:
      return UnderlineShape::kDashed;
    case UnderlineStyle::kNone:
    case UnderlineStyle::kSingle:
      break;
  }
  return UnderlineShape::kSingle;
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

Frame CaptureFrame(const Terminal& terminal) {
  const int cols = terminal.cols();
  const int rows = terminal.rows();
  Frame frame = Frame::Blank(cols, rows);
  std::vector<std::string> targets(static_cast<size_t>(cols) * rows);
  bool any_link = false;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const ScreenCell& sc = terminal.cell(c, r);
      const Pen& pen = terminal.pen(sc.pen);
      Cell& cell = frame.cell(c, r);
      cell.style = StyleFromPen(pen);
      if (pen.has(kAttrInvisible)) {
        // What a user sees: blanks, one per column, in the cell's style.
        cell.grapheme.assign(1, ' ');  // not = " ": GCC 12 warns falsely (-Wrestrict, PR 105329)
        cell.width = 1;
      } else {
        cell.grapheme = terminal.Grapheme(sc);
        cell.width = sc.width;
      }
      if (sc.link != 0) {
        const std::string& uri = terminal.hyperlink(sc.link).uri;
        // A target the golden format cannot hold (not an absolute printable-ASCII URI) is not a
        // link a test can pin; it is left out (docs/golden-format.md).
        if (IsValidHyperlinkTarget(uri)) {
          targets[static_cast<size_t>(r) * cols + c] = uri;
          any_link = true;
        }
      }
    }
  }
  if (any_link) frame.links = LinkRunsFromTargets(cols, rows, targets);
  const CursorState& cur = terminal.cursor();
  frame.cursor.visible = cur.visible;
  if (cur.visible) {
    frame.cursor.col = cur.col;
    frame.cursor.row = cur.row;
    frame.cursor.shape = cur.shape;
  }
  return frame;
}

absl::StatusOr<Frame> CaptureDisplay(const HeadlessTerminal& terminal) {
  absl::StatusOr<const Terminal*> screen = terminal.screen();
  if (!screen.ok()) return screen.status();
  return CaptureFrame(**screen);
}

RgbaPlane CapturePlane(const Terminal& terminal) {
  RgbaPlane plane = {.width = terminal.pixel_width(), .height = terminal.pixel_height()};
  terminal.CopyPixelPlane(&plane.pixels);
  return plane;
}

absl::StatusOr<RgbaPlane> CapturePlane(const HeadlessTerminal& terminal) {
  absl::StatusOr<const Terminal*> screen = terminal.screen();
  if (!screen.ok()) return screen.status();
  return CapturePlane(**screen);
}

}  // namespace vtsnap
