#include "examples/presenter_app/surface.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace presenter_app {

int CodePointWidth(char32_t cp) {
  if (cp >= 0x20 && cp < 0x7F) return 1;
  if (cp >= 0xA0 && cp <= 0xFF && cp != 0xAD) return 1;
  if (cp == 0x2026 || (cp >= 0x2500 && cp <= 0x259F)) return 1;
  struct Range {
    char32_t first;
    char32_t last;
  };
  static constexpr Range kWide[] = {
      {0x3041, 0x3096},  // Hiragana
      {0x30A1, 0x30FA},  // Katakana
      {0x4E00, 0x9FFF},  // CJK Unified Ideographs
      {0xAC00, 0xD7A3},  // Hangul syllables
      {0xFF01, 0xFF60},  // fullwidth forms
  };
  for (const Range& r : kWide) {
    if (cp >= r.first && cp <= r.last) return 2;
  }
  return -1;
}

int DecodeUtf8(std::string_view text, char32_t* cp) {
  if (text.empty()) return 0;
  const unsigned char lead = static_cast<unsigned char>(text[0]);
  if (lead < 0x80) {
    *cp = lead;
    return 1;
  }
  // The length, the lead's payload, and the range of the second byte (which rules out overlong
  // forms, surrogates and values past U+10FFFF).
  int length = 0;
  char32_t value = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2, value = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3, value = lead & 0x0F;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4, value = lead & 0x07;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return -1;
  }
  for (int i = 1; i < length; ++i) {
    if (static_cast<size_t>(i) >= text.size()) return 0;  // valid so far, incomplete
    const unsigned char b = static_cast<unsigned char>(text[static_cast<size_t>(i)]);
    if (i == 1 ? (b < low || b > high) : (b & 0xC0) != 0x80) return -1;
    value = (value << 6) | (b & 0x3F);
  }
  *cp = value;
  return length;
}

void AppendUtf8(char32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

Image CropImage(const Image& image, int x, int y, int w, int h) {
  Image out{.width = w, .height = h, .rgba = {}};
  out.rgba.reserve(static_cast<size_t>(w) * static_cast<size_t>(h) * 4);
  for (int row = y; row < y + h; ++row) {
    const auto begin = image.rgba.begin() + (static_cast<ptrdiff_t>(row) * image.width + x) * 4;
    out.rgba.insert(out.rgba.end(), begin, begin + static_cast<ptrdiff_t>(w) * 4);
  }
  return out;
}

std::string RasterHash(const Image& image) {
  uint64_t hash = 0xcbf29ce484222325ull;
  const auto add = [&hash](uint8_t byte) {
    hash ^= byte;
    hash *= 0x100000001b3ull;
  };
  for (const uint32_t v :
       {static_cast<uint32_t>(image.width), static_cast<uint32_t>(image.height)}) {
    for (int shift = 0; shift < 32; shift += 8) add(static_cast<uint8_t>(v >> shift));
  }
  for (const uint8_t byte : image.rgba) add(byte);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, hash >>= 4) out[static_cast<size_t>(i)] = kHex[hash & 0xF];
  return out;
}

Surface::Surface(int cols, int rows)
    : cols_(std::max(cols, 1)),
      rows_(std::max(rows, 1)),
      cells_(static_cast<size_t>(cols_) * static_cast<size_t>(rows_)) {}

void Surface::Set(int col, int row, Cell cell) {
  Cell& old = cells_[Index(col, row)];
  if (old.is_continuation() && col > 0) {
    cells_[Index(col - 1, row)].text = " ";  // this cell's wide character loses its first half
  } else if (col + 1 < cols_ && cells_[Index(col + 1, row)].is_continuation()) {
    cells_[Index(col + 1, row)].text = " ";  // ... or its second half
  }
  old = std::move(cell);
}

int Surface::Put(int col, int row, std::string_view text, const Style& style,
                 std::string_view link) {
  while (!text.empty()) {
    char32_t cp = '?';
    int length = DecodeUtf8(text, &cp);
    if (length <= 0) length = 1, cp = '?';
    text.remove_prefix(static_cast<size_t>(length));
    int width = CodePointWidth(cp);
    if (width < 0) cp = '?', width = 1;
    Cell cell{.text = "", .style = style, .link = std::string(link)};
    if (width == 2 && col + 1 >= cols_) {
      cell.text = " ";  // half a wide character does not fit at the right edge
      width = 1;
    } else {
      AppendUtf8(cp, &cell.text);
    }
    if (Inside(col, row)) {
      Set(col, row, cell);
      if (width == 2 && Inside(col + 1, row)) Set(col + 1, row, {"", style, std::string(link)});
    } else if (width == 2 && Inside(col + 1, row)) {
      Set(col + 1, row, {" ", style, std::string(link)});  // its first half is off the left edge
    }
    col += width;
  }
  return col;
}

void Surface::Fill(int col, int row, int width, const Style& style) {
  for (int c = std::max(col, 0); c < col + width && c < cols_; ++c) {
    if (Inside(c, row)) Set(c, row, {" ", style, ""});
  }
}

std::string Surface::RowText(int row) const {
  std::string text;
  for (int col = 0; col < cols_; ++col) text += cell(col, row).text;
  const size_t end = text.find_last_not_of(' ');
  return end == std::string::npos ? "" : text.substr(0, end + 1);
}

}  // namespace presenter_app
