// Canvas: the grid of cells chat_app composes each frame into, before the renderer (renderer.h)
// turns the difference from the previous frame into terminal output.
//
// Styles are theme independent by construction: a foreground is the terminal's default or one of
// the 16 ANSI palette entries (0-15), there is no background colour at all, and selection is
// reverse video, which swaps the terminal's own default colours.
//
//   chat_app::Canvas canvas(40, 10);
//   int end = canvas.Put(2, 0, "hello", {.fg = chat_app::kCyan, .bold = true});  // end == 7
//   canvas.Fill(0, 1, 40, "─", {.dim = true});
#ifndef VTSNAP_EXAMPLES_CHAT_APP_CANVAS_H_
#define VTSNAP_EXAMPLES_CHAT_APP_CANVAS_H_

#include <string>
#include <string_view>
#include <vector>

namespace chat_app {

// ANSI palette entries the app uses (0-15 only; -1 is the terminal's default foreground).
inline constexpr int kDefault = -1;
inline constexpr int kRed = 1;
inline constexpr int kGreen = 2;
inline constexpr int kYellow = 3;
inline constexpr int kMagenta = 5;
inline constexpr int kCyan = 6;

struct Style {
  int fg = kDefault;  // kDefault or 0..15
  bool bold = false;
  bool dim = false;
  bool italic = false;
  bool reverse = false;
  friend bool operator==(const Style&, const Style&) = default;
};

// One cell: a grapheme (" " when blank, "" for the right half of a wide character) and its style.
struct Cell {
  std::string text = " ";
  int width = 1;  // 1, 2 (a wide character; the next cell is its continuation) or 0
  Style style = {};
  friend bool operator==(const Cell&, const Cell&) = default;
};

// The number of columns a code point takes: 0 for combining marks, 2 for East Asian wide and
// emoji ranges, 1 otherwise (a small table, enough for this example; control characters never
// reach it).
int CodePointWidth(char32_t cp);

// The columns `text` (UTF-8) takes.
int TextWidth(std::string_view text);

class Canvas {
 public:
  Canvas() = default;
  Canvas(int cols, int rows);

  int cols() const { return cols_; }
  int rows() const { return rows_; }
  const Cell& cell(int col, int row) const { return cells_[row * cols_ + col]; }

  // Writes `text` from (col, row) in `style`, clipped at the right edge (a wide character that
  // does not fit is left out); returns the column after the last one written.
  int Put(int col, int row, std::string_view text, const Style& style);
  // Writes `glyph` (one column wide) in `count` cells from (col, row).
  void Fill(int col, int row, int count, std::string_view glyph, const Style& style);
  // Blanks `cols` x `rows` cells from (col, row) to the default style.
  void Clear(int col, int row, int cols, int rows);
  // The text of a row, trailing blanks removed.
  std::string RowText(int row) const;

  friend bool operator==(const Canvas&, const Canvas&) = default;

 private:
  void Set(int col, int row, Cell cell);

  int cols_ = 0;
  int rows_ = 0;
  std::vector<Cell> cells_;
};

}  // namespace chat_app

#endif  // VTSNAP_EXAMPLES_CHAT_APP_CANVAS_H_
