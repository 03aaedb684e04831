// Surface: the grid of cells presenter_app composes each frame into, before the Presenter
// (presenter.h) turns it into terminal output. It is the app's own idea of the screen: each cell
// holds one grapheme, its colours and attributes, and a link target; the surface also holds the
// cursor. It does not depend on vtsnap: it is what a real app keeps.
//
// The surface also carries raster records: the visible slices of the pictures the app placed
// (Raster below). The cells under a slice hold the picture's text fallback; a Presenter on a host
// with Sixel shows the slice's pixels there instead (presenter.h).
//
// A wide character takes two cells: its own (text "寿") and a continuation cell to its right
// (text ""). Put and Fill keep that pairing consistent, as a terminal does: overwriting either
// half of a wide character blanks the other half.
//
//   presenter_app::Surface s(20, 3);
//   s.Put(1, 0, "Docs: ", {});
//   s.Put(7, 0, "https://a.example", {.underline = true}, "https://a.example");
//   s.set_cursor({.visible = true, .col = 2, .row = 1});
//   std::string text = s.RowText(0);  // " Docs: https://a.exa" (clipped at 20 columns)
#ifndef VTSNAP_EXAMPLES_PRESENTER_APP_SURFACE_H_
#define VTSNAP_EXAMPLES_PRESENTER_APP_SURFACE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace presenter_app {

// A colour as the app means it: the terminal's default, a palette index (0-255) or a direct RGB
// value. The three kinds stay distinct; nothing converts between them.
struct Color {
  enum class Kind : uint8_t { kDefault, kPalette, kRgb };
  Kind kind = Kind::kDefault;
  uint32_t value = 0;  // the palette index, or 0xRRGGBB

  static constexpr Color Default() { return {}; }
  static constexpr Color Palette(int index) {
    return {Kind::kPalette, static_cast<uint32_t>(index & 0xFF)};
  }
  static constexpr Color Rgb(int r, int g, int b) {
    return {Kind::kRgb, static_cast<uint32_t>(((r & 0xFF) << 16) | ((g & 0xFF) << 8) | (b & 0xFF))};
  }
  friend bool operator==(const Color&, const Color&) = default;
};

struct Style {
  Color fg = {};
  Color bg = {};
  bool bold = false;
  bool italic = false;
  bool underline = false;
  bool reverse = false;
  friend bool operator==(const Style&, const Style&) = default;
};

struct Cell {
  std::string text = " ";  // one grapheme as UTF-8; "" in the continuation cell of a wide one
  Style style = {};
  std::string link = {};  // the hyperlink target; "" for none

  bool is_continuation() const { return text.empty(); }
  friend bool operator==(const Cell&, const Cell&) = default;
};

struct Cursor {
  bool visible = false;
  int col = 0;
  int row = 0;
  friend bool operator==(const Cursor&, const Cursor&) = default;
};

// How many cells a code point takes in this app: 1 for printable ASCII, Latin-1 (U+00A0-U+00FF
// without the soft hyphen), U+2026 (…), box drawing (U+2500-U+257F) and block elements
// (U+2580-U+259F); 2 for Hiragana,
// Katakana, CJK Unified Ideographs, Hangul syllables and fullwidth forms; -1 for every other
// code point, which the app does not show (a real app would use a full width table).
int CodePointWidth(char32_t cp);

// Decodes the UTF-8 code point `text` starts with into `*cp`. Returns the bytes it takes; 0 when
// `text` is a valid but incomplete prefix (more bytes may follow); -1 when the first byte does
// not start a valid code point (overlong forms and surrogates are invalid).
int DecodeUtf8(std::string_view text, char32_t* cp);

void AppendUtf8(char32_t cp, std::string* out);

// A picture: `width` x `height` pixels, row-major RGBA, 4 bytes a pixel.
struct Image {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> rgba = {};

  friend bool operator==(const Image&, const Image&) = default;
};

// The `w` x `h` pixels of `image` from (x, y); the rectangle must lie inside the image.
Image CropImage(const Image& image, int x, int y, int w, int h);

// vtsnap's raster content hash: the 16 lowercase hex digits of the 64-bit FNV-1a hash (offset
// basis 0xcbf29ce484222325, prime 0x100000001b3) over the width and the height, each a 4-byte
// little-endian unsigned integer, then the RGBA bytes.
std::string RasterHash(const Image& image);

// One visible slice of a picture: image `id` shown over `cols` x `rows` cells from (col, row).
// `pixels` is the part of the picture those cells show (`pixel_width` x `pixel_height`, hashed to
// `hash`); the presenter draws it.
struct Raster {
  int id = 0;
  int col = 0;
  int row = 0;
  int cols = 0;
  int rows = 0;
  int pixel_width = 0;
  int pixel_height = 0;
  std::string hash = {};
  Image pixels = {};

  bool Contains(int c, int r) const {
    return c >= col && c < col + cols && r >= row && r < row + rows;
  }
  friend bool operator==(const Raster&, const Raster&) = default;
};

class Surface {
 public:
  // A cols x rows surface of blank cells in the default style (each dimension at least 1), with a
  // hidden cursor.
  Surface(int cols, int rows);

  int cols() const { return cols_; }
  int rows() const { return rows_; }
  // The cell at (col, row), 0-based; both must be inside the surface.
  const Cell& cell(int col, int row) const { return cells_[Index(col, row)]; }
  const Cursor& cursor() const { return cursor_; }
  void set_cursor(const Cursor& cursor) { cursor_ = cursor; }

  // Writes `text` (UTF-8, one code point per cell or two for a wide one) from (col, row) in
  // `style` with `link` as the link target, clipped to the surface. A wide character that would
  // cross the right edge becomes a blank; a code point CodePointWidth does not know becomes '?'.
  // Returns the column after the text (it may lie beyond the surface).
  int Put(int col, int row, std::string_view text, const Style& style, std::string_view link = "");
  // Blanks `width` cells from (col, row) in `style` (no link), clipped to the surface.
  void Fill(int col, int row, int width, const Style& style);

  // The raster records, in the order they were added (slices are rectangular, inside the surface,
  // and do not overlap; the app keeps that so).
  const std::vector<Raster>& rasters() const { return rasters_; }
  void AddRaster(Raster raster) { rasters_.push_back(std::move(raster)); }

  // The row's graphemes, each once, trailing blanks trimmed (as a terminal's row text reads).
  std::string RowText(int row) const;

  friend bool operator==(const Surface&, const Surface&) = default;

 private:
  int Index(int col, int row) const { return row * cols_ + col; }
  bool Inside(int col, int row) const { return col >= 0 && col < cols_ && row >= 0 && row < rows_; }
  // Sets one cell, first blanking the other half of any wide character it overwrites.
  void Set(int col, int row, Cell cell);

  int cols_;
  int rows_;
  std::vector<Cell> cells_;
  Cursor cursor_;
  std::vector<Raster> rasters_;
};

}  // namespace presenter_app

#endif  // VTSNAP_EXAMPLES_PRESENTER_APP_SURFACE_H_
