// CaptureState: a terminal's whole state as a StateDump, colours resolved through xterm's
// default palette (XtermPaletteRgb).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "vtsnap/snapshot/formats/state_json.h"

namespace vtsnap {
namespace {

// The 16 colours of xterm's default resources (XTerm-col.ad / charproc.c).
constexpr uint32_t kXterm16[16] = {0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd,
                                   0x00cdcd, 0xe5e5e5, 0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00,
                                   0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff};

uint32_t ResolveColor(const PenColor& color, uint32_t default_rgb) {
  switch (color.kind) {
    case PenColor::Kind::kDefault:
      return default_rgb;
    case PenColor::Kind::kPalette:
      return XtermPaletteRgb(static_cast<int>(color.value));
    case PenColor::Kind::kRgb:
      return color.value & 0xFFFFFF;
  }
  return default_rgb;
}

std::vector<std::string> AttrsOf(const Pen& pen) {
  // In kStateAttrNames order. SGR 6 (rapid blink) sets the same blink bit as SGR 5, as in xterm,
  // so "rapid_blink" never appears in a captured dump.
  std::vector<std::string> attrs;
  if (pen.has(kAttrBold)) attrs.emplace_back("bold");
  if (pen.has(kAttrDim)) attrs.emplace_back("faint");
  if (pen.has(kAttrItalic)) attrs.emplace_back("italics");
  if (pen.underline != UnderlineStyle::kNone && pen.underline != UnderlineStyle::kDouble) {
    attrs.emplace_back("underline");  // single, curly, dotted and dashed
  }
  if (pen.has(kAttrBlink)) attrs.emplace_back("blink");
  if (pen.has(kAttrReverse)) attrs.emplace_back("inverse");
  if (pen.has(kAttrInvisible)) attrs.emplace_back("invisible");
  if (pen.has(kAttrStrike)) attrs.emplace_back("crossed_out");
  if (pen.underline == UnderlineStyle::kDouble) attrs.emplace_back("dbl_underline");
  if (pen.has(kAttrOverline)) attrs.emplace_back("overline");
  return attrs;
}

std::string CharsetName(Charset charset) {
  return charset == Charset::kDecSpecialGraphics ? "0" : "B";
}

}  // namespace

uint32_t XtermPaletteRgb(int index) {
  if (index < 0 || index > 255) return 0;
  if (index < 16) return kXterm16[index];
  if (index < 232) {
    static constexpr uint32_t kLevels[6] = {0, 95, 135, 175, 215, 255};
    const int i = index - 16;
    return (kLevels[i / 36] << 16) | (kLevels[(i / 6) % 6] << 8) | kLevels[i % 6];
  }
  const uint32_t grey = 8 + 10 * static_cast<uint32_t>(index - 232);
  return (grey << 16) | (grey << 8) | grey;
}

StateDump CaptureState(const Terminal& t, const StateCaptureOptions& options) {
  StateDump d;
  d.cols = t.cols();
  d.rows = t.rows();
  const CursorState& c = t.cursor();
  d.cursor =
      StateCursor{.row = c.row, .col = c.col, .visible = c.visible, .pending_wrap = c.pending_wrap};
  d.scroll_region = std::array<int, 2>{t.scroll_top(), t.scroll_bottom()};
  d.modes = StateModes{.origin = t.modes().origin,
                       .autowrap = t.modes().autowrap,
                       .lnm = t.modes().linefeed_newline};
  std::vector<int> stops;
  for (int col = 0; col < t.cols(); ++col) {
    if (t.tab_stop(col)) stops.push_back(col);
  }
  d.tabstops = std::move(stops);
  d.charsets = StateCharsets{.g0 = CharsetName(t.charset(0)),
                             .g1 = CharsetName(t.charset(1)),
                             .active = t.active_charset()};
  const bool generations = options.generations && t.tracks_generations();
  std::vector<std::vector<std::optional<StateCell>>> rows(t.rows());
  for (int r = 0; r < t.rows(); ++r) {
    rows[r].reserve(t.cols());
    for (int col = 0; col < t.cols(); ++col) {
      const ScreenCell& cell = t.cell(col, r);
      if (!cell.written) {
        rows[r].emplace_back(std::nullopt);
        continue;
      }
      const Pen& pen = t.pen(cell.pen);
      StateCell out{.ch = t.Grapheme(cell),
                    .fg = ResolveColor(pen.fg, options.default_fg),
                    .bg = ResolveColor(pen.bg, options.default_bg),
                    .attrs = AttrsOf(pen)};
      if (generations) out.gen = t.generation(col, r);
      rows[r].emplace_back(std::move(out));
    }
  }
  d.cells = std::move(rows);
  d.scrollback_len = t.scrollback_size();
  return d;
}

}  // namespace vtsnap
