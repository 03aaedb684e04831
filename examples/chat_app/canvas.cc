#include "examples/chat_app/canvas.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>

namespace chat_app {
namespace {

// Decodes one UTF-8 code point from `text` at `pos` and advances `pos`; an invalid byte is
// U+FFFD.
char32_t NextCodePoint(std::string_view text, size_t& pos) {
  const auto b0 = static_cast<unsigned char>(text[pos]);
  int len = b0 < 0x80 ? 1 : (b0 >> 5) == 0x6 ? 2 : (b0 >> 4) == 0xE ? 3 : (b0 >> 3) == 0x1E ? 4 : 0;
  if (len == 0 || pos + len > text.size()) {
    ++pos;
    return U'\uFFFD';
  }
  char32_t cp = len == 1 ? b0 : len == 2 ? (b0 & 0x1F) : len == 3 ? (b0 & 0x0F) : (b0 & 0x07);
  for (int i = 1; i < len; ++i) {
    const auto b = static_cast<unsigned char>(text[pos + i]);
    if ((b & 0xC0) != 0x80) {
      ++pos;
      return U'\uFFFD';
    }
    cp = (cp << 6) | (b & 0x3F);
  }
  pos += len;
  return cp;
}

}  // namespace

int CodePointWidth(char32_t cp) {
  if ((cp >= 0x300 && cp <= 0x36F) || (cp >= 0x200B && cp <= 0x200F) || cp == 0xFE0F) return 0;
  if ((cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF && cp != 0x303F) ||
      (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
      (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
      (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1FAFF) ||
      (cp >= 0x20000 && cp <= 0x3FFFD)) {
    return 2;
  }
  return 1;
}

int TextWidth(std::string_view text) {
  int width = 0;
  for (size_t pos = 0; pos < text.size();) width += CodePointWidth(NextCodePoint(text, pos));
  return width;
}

Canvas::Canvas(int cols, int rows)
    : cols_(std::max(cols, 0)), rows_(std::max(rows, 0)), cells_(cols_ * rows_) {}

void Canvas::Set(int col, int row, Cell cell) {
  Cell& old = cells_[row * cols_ + col];
  // Overwriting either half of a wide character blanks its other half.
  if (old.width == 2 && col + 1 < cols_) cells_[row * cols_ + col + 1] = Cell{};
  if (old.width == 0 && col > 0) cells_[row * cols_ + col - 1] = Cell{};
  old = std::move(cell);
}

int Canvas::Put(int col, int row, std::string_view text, const Style& style) {
  if (row < 0 || row >= rows_) return col;
  size_t pos = 0;
  int last = -1;  // the cell the previous code point went to, for combining marks
  while (pos < text.size()) {
    const size_t start = pos;
    const char32_t cp = NextCodePoint(text, pos);
    const std::string_view bytes = text.substr(start, pos - start);
    const int width = CodePointWidth(cp);
    if (width == 0) {
      if (last >= 0) cells_[row * cols_ + last].text.append(bytes);
      continue;
    }
    if (col < 0 || col + width > cols_) break;
    Set(col, row, Cell{.text = std::string(bytes), .width = width, .style = style});
    if (width == 2) Set(col + 1, row, Cell{.text = "", .width = 0, .style = style});
    last = col;
    col += width;
  }
  return col;
}

void Canvas::Fill(int col, int row, int count, std::string_view glyph, const Style& style) {
  for (int i = 0; i < count && col + i < cols_; ++i) {
    if (col + i >= 0 && row >= 0 && row < rows_) {
      Set(col + i, row, Cell{.text = std::string(glyph), .width = 1, .style = style});
    }
  }
}

void Canvas::Clear(int col, int row, int cols, int rows) {
  for (int r = std::max(row, 0); r < std::min(row + rows, rows_); ++r) {
    for (int c = std::max(col, 0); c < std::min(col + cols, cols_); ++c) Set(c, r, Cell{});
  }
}

std::string Canvas::RowText(int row) const {
  std::string text;
  for (int col = 0; col < cols_; ++col) text += cell(col, row).text;
  text.erase(text.find_last_not_of(' ') + 1);
  return text;
}

}  // namespace chat_app
