#include "examples/presenter_app/presenter.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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

// A colour channel as a Sixel percentage, rounded to nearest (0, 51, 102 ... 255 are exact).
int Percent(uint8_t channel) { return (channel * 100 + 127) / 255; }

// Appends `count` copies of sixel `c`, as a repeat when that is shorter.
void AppendRun(char c, int count, std::string* out) {
  if (count >= 4) {
    *out += "!" + std::to_string(count) + c;
  } else {
    out->append(static_cast<size_t>(count), c);
  }
}

}  // namespace

std::string SixelImage(const Image& image) {
  const auto pixel = [&image](int x, int y) {
    const uint8_t* p = &image.rgba[(static_cast<size_t>(y) * image.width + x) * 4];
    return p[3] == 0
               ? std::optional<uint32_t>()
               : std::optional<uint32_t>((uint32_t{p[0]} << 16) | (uint32_t{p[1]} << 8) | p[2]);
  };
  std::vector<uint32_t> colors;  // register n holds colors[n]
  const auto register_of = [&colors](uint32_t rgb) {
    return static_cast<int>(std::find(colors.begin(), colors.end(), rgb) - colors.begin());
  };
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const std::optional<uint32_t> rgb = pixel(x, y);
      if (rgb && register_of(*rgb) == static_cast<int>(colors.size())) colors.push_back(*rgb);
    }
  }
  std::string out =
      "\x1bP0;1;0q\"1;1;" + std::to_string(image.width) + ";" + std::to_string(image.height);
  for (size_t n = 0; n < colors.size(); ++n) {
    out += "#" + std::to_string(n) + ";2;" + std::to_string(Percent(colors[n] >> 16 & 0xFF)) + ";" +
           std::to_string(Percent(colors[n] >> 8 & 0xFF)) + ";" +
           std::to_string(Percent(colors[n] & 0xFF));
  }
  for (int top = 0; top < image.height; top += 6) {
    if (top > 0) out += "-";
    bool first = true;
    for (size_t n = 0; n < colors.size(); ++n) {
      std::string sixels;
      bool used = false;
      for (int x = 0; x < image.width; ++x) {
        int bits = 0;
        for (int k = 0; k < 6 && top + k < image.height; ++k) {
          if (pixel(x, top + k) == colors[n]) bits |= 1 << k;
        }
        used = used || bits != 0;
        sixels += static_cast<char>('?' + bits);
      }
      if (!used) continue;
      sixels.erase(sixels.find_last_not_of('?') + 1);  // nothing to paint after the last
      if (!first) out += "$";
      first = false;
      out += "#" + std::to_string(n);
      for (size_t i = 0; i < sixels.size();) {
        size_t j = i;
        while (j < sixels.size() && sixels[j] == sixels[i]) ++j;
        AppendRun(sixels[i], static_cast<int>(j - i), &out);
        i = j;
      }
    }
  }
  return out + "\x1b\\";
}

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

  const Surface shown = Shown(surface);
  const std::vector<Raster> no_rasters;
  const std::vector<Raster>& rasters = options_.sixel ? surface.rasters() : no_rasters;
  const auto under = [](const std::vector<Raster>& list, int col, int row) {
    return std::any_of(list.begin(), list.end(),
                       [&](const Raster& r) { return r.Contains(col, row); });
  };
  // Printing a cell clears its pixels: when the images change, or a cell under one does, every
  // cell under an old or a new image is rewritten and every image is sent again.
  bool images_dirty = repaint || rasters != previous_rasters_;
  for (int row = 0; row < rows && !images_dirty; ++row) {
    for (int col = 0; col < cols && !images_dirty; ++col) {
      images_dirty = under(rasters, col, row) && previous_->cell(col, row) != shown.cell(col, row);
    }
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
      return repaint || previous_->cell(col, row) != shown.cell(col, row) ||
             (images_dirty && (under(rasters, col, row) || under(previous_rasters_, col, row)));
    };
    int col = 0;
    while (col < cols) {
      if (!changed(col)) {
        ++col;
        continue;
      }
      int begin = col;  // a changed second half is written through its first half
      while (begin > 0 && shown.cell(begin, row).is_continuation()) --begin;
      int end = col + 1;
      while (end < cols && (changed(end) || shown.cell(end, row).is_continuation())) ++end;
      WriteRun(shown, row, begin, end, &out);
      wrote_cells = true;
      col = end;
    }
  }
  SetLink("", &out);
  if (images_dirty) {
    for (const Raster& raster : rasters) {
      out += MoveTo(raster.col, raster.row) + SixelImage(raster.pixels);
      wrote_cells = true;  // the image moved the cursor
    }
  }

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
  previous_ = shown;
  previous_rasters_ = rasters;
  if (out.empty()) return "";
  return "\x1b[?2026h" + out + "\x1b[?2026l";
}

Surface Presenter::Shown(const Surface& surface) const {
  if (!options_.sixel || surface.rasters().empty()) return surface;
  Surface shown = surface;
  for (const Raster& r : surface.rasters()) {
    for (int row = r.row; row < r.row + r.rows && row < shown.rows(); ++row) {
      for (int col = r.col; col < r.col + r.cols && col < shown.cols(); ++col) {
        shown.Fill(col, row, 1, surface.cell(col, row).style);
      }
    }
  }
  return shown;
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
