#include "examples/presenter_app/presenter.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace presenter_app {
namespace {

// CUP to 0-based (col, row).
std::string MoveTo(int col, int row) {
  return "\x1b[" + std::to_string(row + 1) + ";" + std::to_string(col + 1) + "H";
}

// ";38;5;n" / ";38;2;r;g;b" (base 38) or the 48 forms; nothing for the default colour.
void AppendColor(const Color& color, int base, std::string* out) {
  switch (color.kind) {
    case Color::Kind::kDefault:
      return;
    case Color::Kind::kPalette:
      *out += ";" + std::to_string(base) + ";5;" + std::to_string(color.value);
      return;
    case Color::Kind::kRgb:
      *out += ";" + std::to_string(base) + ";2;" + std::to_string((color.value >> 16) & 0xFF) +
              ";" + std::to_string((color.value >> 8) & 0xFF) + ";" +
              std::to_string(color.value & 0xFF);
      return;
  }
}

// A full SGR: reset, then everything `style` sets.
std::string Sgr(const Style& style) {
  std::string out = "\x1b[0";
  if (style.bold) out += ";1";
  if (style.italic) out += ";3";
  if (style.underline) out += ";4";
  if (style.reverse) out += ";7";
  AppendColor(style.fg, 38, &out);
  AppendColor(style.bg, 48, &out);
  return out + "m";
}

// `text` without the bytes an OSC 8 field cannot carry: anything outside 0x20-0x7E, and in the
// id also the ':' and ';' that separate the fields.
std::string OscSafe(std::string_view text, bool is_id) {
  std::string out;
  for (char c : text) {
    if (c >= 0x20 && c < 0x7F && !(is_id && (c == ':' || c == ';'))) out += c;
  }
  return out;
}

}  // namespace

std::string DefaultHyperlinkId(std::string_view target) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (char c : target) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ull;
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id(17, 'h');
  for (int i = 16; i >= 1; --i, hash >>= 4) id[static_cast<size_t>(i)] = kHex[hash & 0xF];
  return id;
}

Presenter::Presenter(PresenterOptions options) : options_(std::move(options)) {
  if (!options_.hyperlink_id) options_.hyperlink_id = DefaultHyperlinkId;
}

std::string Presenter::Present(const Surface& surface) {
  const int cols = surface.cols();
  const int rows = surface.rows();
  const bool resized =
      resized_ || (previous_ && (previous_->cols() != cols || previous_->rows() != rows));
  resized_ = false;
  bool repaint = !previous_ || resized;
  if (repaint && previous_ && options_.bug_assume_cleared_after_resize) {
    Surface blank(cols, rows);  // the bug: whatever the terminal kept is taken for blanks
    blank.set_cursor(previous_->cursor());
    previous_ = std::move(blank);
    repaint = false;
  }

  std::string out;
  pen_.reset();
  open_link_.clear();
  if (repaint) {
    out += "\x1b[0m\x1b[2J";  // the default pen first, so the erase uses the default background
    pen_ = Style{};
  }
  bool wrote_cells = false;
  for (int row = 0; row < rows; ++row) {
    const auto changed = [&](int col) {
      return repaint || previous_->cell(col, row) != surface.cell(col, row);
    };
    int col = 0;
    while (col < cols) {
      if (!changed(col)) {
        ++col;
        continue;
      }
      int begin = col;  // a changed second half is written through its first half
      while (begin > 0 && surface.cell(begin, row).is_continuation()) --begin;
      int end = col + 1;
      while (end < cols && (changed(end) || surface.cell(end, row).is_continuation())) ++end;
      WriteRun(surface, row, begin, end, &out);
      wrote_cells = true;
      col = end;
    }
  }
  SetLink("", &out);

  const Cursor& cursor = surface.cursor();
  const bool known = !repaint;  // the terminal's cursor is the previous frame's
  const Cursor before = known ? previous_->cursor() : Cursor{};
  if (!cursor.visible) {
    if (!known || before.visible) out += "\x1b[?25l";
  } else {
    if (!known || wrote_cells || before != cursor) {
      out += MoveTo(std::clamp(cursor.col, 0, cols - 1), std::clamp(cursor.row, 0, rows - 1));
    }
    if (!known || !before.visible) out += "\x1b[?25h";
  }
  previous_ = surface;
  if (out.empty()) return "";
  return "\x1b[?2026h" + out + "\x1b[?2026l";
}

void Presenter::WriteRun(const Surface& surface, int row, int begin, int end, std::string* out) {
  SetLink("", out);
  *out += MoveTo(begin, row);
  bool first_half_written = false;  // the cell before was a wide character, just written
  for (int col = begin; col < end; ++col) {
    const Cell& cell = surface.cell(col, row);
    if (cell.is_continuation() && first_half_written) {
      first_half_written = false;  // the terminal filled it with the first half
      continue;
    }
    SetLink(cell.link, out);
    if (!pen_ || *pen_ != cell.style) {
      *out += Sgr(cell.style);
      pen_ = cell.style;
    }
    *out += cell.is_continuation() ? " " : cell.text;  // a stray second half shows as a blank
    first_half_written = !cell.is_continuation() && col + 1 < surface.cols() &&
                         surface.cell(col + 1, row).is_continuation();
  }
}

void Presenter::SetLink(const std::string& target, std::string* out) {
  if (target == open_link_) return;
  if (!open_link_.empty()) *out += "\x1b]8;;\x1b\\";
  open_link_ = target;
  if (!target.empty()) {
    *out += "\x1b]8;id=" + OscSafe(options_.hyperlink_id(target), true) + ";" +
            OscSafe(target, false) + "\x1b\\";
  }
}

}  // namespace presenter_app
