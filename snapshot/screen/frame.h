// Frame: the format-neutral picture of one terminal screen that every snapshot format is made from.
//
// A Frame holds a size, a cursor, one cell per column of every row (grapheme, width, style), the
// hyperlink runs a terminal that renders OSC 8 would make clickable, and the raster (image) records
// anchored on cells. The capture code fills one from a decoded screen; snapshot/formats/golden.h
// writes it as a `ckvision-golden 1` dump and reads one back; snapshot/screen/diff.h compares two.
//
// Two kinds of Frame exist, and they compare equal when they mean the same screen:
//   - a captured frame knows each cell's grapheme and width (`row_text` is empty);
//   - a frame parsed from a dump knows each row's text as raw bytes and each column's style, but
//     not how the text splits into cells (the golden format does not segment graphemes), so its
//     `row_text` holds the text and its cells carry styles only.
// Equality (operator==) is the golden's meaning: size, each row's text, each column's style, the
// cursor (a hidden cursor has no position or shape), the link runs and the raster records.
//
// Example:
//   vtsnap::Frame frame = vtsnap::Frame::Blank(4, 1);
//   frame.cell(0, 0).grapheme = "h";
//   frame.cell(1, 0).grapheme = "i";
//   frame.cell(0, 0).style.bold = true;
//   frame.cell(0, 0).style.fg = vtsnap::Color::Palette(1);
//   frame.cursor = {.visible = true, .col = 2, .row = 0};
//   frame.links = vtsnap::LinkRunsFromTargets(4, 1, {"https://x.example/", "", "", ""});
//   assert(frame.RowText(0) == "hi  ");
#ifndef VTSNAP_SNAPSHOT_SCREEN_FRAME_H_
#define VTSNAP_SNAPSHOT_SCREEN_FRAME_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/cursor_shape.h"
#include "vtsnap/decoder/hyperlink.h"

namespace vtsnap {

// A colour as the program asked for it: the terminal's default, an entry of the 256-colour palette,
// or a 24-bit RGB value. The three are distinct facts: a palette index can be re-themed, an RGB
// value cannot, so a frame never resolves one into the other.
struct Color {
  enum class Kind : uint8_t {
    kDefault,  // The terminal's default foreground, background or underline colour.
    kPalette,  // `value` is a palette index, 0-255.
    kRgb,      // `value` is 0xRRGGBB.
  };

  Kind kind = Kind::kDefault;
  uint32_t value = 0;

  static constexpr Color Default() { return Color{}; }
  static constexpr Color Palette(int index) {
    return Color{Kind::kPalette, static_cast<uint32_t>(index)};
  }
  static constexpr Color Rgb(int r, int g, int b) {
    return Color{Kind::kRgb, (static_cast<uint32_t>(r & 0xFF) << 16) |
                                 (static_cast<uint32_t>(g & 0xFF) << 8) |
                                 static_cast<uint32_t>(b & 0xFF)};
  }

  bool is_default() const { return kind == Kind::kDefault; }
  // Palette index (kPalette only).
  int index() const { return static_cast<int>(value); }
  // Channels (kRgb only).
  int r() const { return static_cast<int>((value >> 16) & 0xFF); }
  int g() const { return static_cast<int>((value >> 8) & 0xFF); }
  int b() const { return static_cast<int>(value & 0xFF); }

  // Two default colours are equal whatever `value` holds.
  friend bool operator==(const Color& a, const Color& b) {
    return a.kind == b.kind && (a.kind == Kind::kDefault || a.value == b.value);
  }
};

// The shape of an underline that is being drawn. kSingle is the plain rule.
enum class UnderlineShape : uint8_t { kSingle, kDouble, kCurly, kDotted, kDashed };

// How a cell is drawn. `underline_shape` and `underline_color` refine an underline and mean nothing
// unless `underline` is set; equality ignores them then. A default `underline_color` means the
// rule follows the text colour. `attr_order` is how a dump spelled the attributes, not how the
// cell looks: equality ignores it too.
struct Style {
  Color fg = {};
  Color bg = {};
  bool bold = false;
  bool dim = false;
  bool italic = false;
  bool underline = false;
  bool reverse = false;
  bool strike = false;
  UnderlineShape underline_shape = UnderlineShape::kSingle;
  Color underline_color = {};
  // The order a dump listed the attributes in, which golden::Serialize writes back (the format
  // keeps the order as written; docs/golden-format.md). 0, as every captured style has it, is the
  // fixed order bold,dim,italic,underline,reverse,strike. Otherwise each listed attribute's place
  // in that fixed order plus one (1 = bold ... 6 = strike), three bits each, the first listed in
  // the lowest bits: `attrs italic,bold` is 3 | 1 << 3. A set attribute the order does not list is
  // written after the listed ones, in the fixed order; a listed one that is not set is skipped.
  uint32_t attr_order = 0;

  friend bool operator==(const Style& a, const Style& b) {
    if (!(a.fg == b.fg) || !(a.bg == b.bg) || a.bold != b.bold || a.dim != b.dim ||
        a.italic != b.italic || a.underline != b.underline || a.reverse != b.reverse ||
        a.strike != b.strike) {
      return false;
    }
    if (!a.underline) return true;  // The refinements describe an underline that is not drawn.
    return a.underline_shape == b.underline_shape && a.underline_color == b.underline_color;
  }
};

// One cell of the screen. A wide grapheme occupies its cell (width 2) and the next one, a
// continuation cell (width 0, empty grapheme). A blank cell holds " ". In a frame parsed from a
// dump every grapheme is empty and every width 1: only the style is known per column.
struct Cell {
  std::string grapheme = " ";
  int width = 1;
  Style style = {};

  bool is_continuation() const { return width == 0; }
};

// The cursor. A hidden cursor has no meaningful position or shape: frame equality ignores them.
struct Cursor {
  bool visible = false;
  int col = 0;
  int row = 0;
  CursorShape shape = CursorShape::kBlock;

  friend bool operator==(const Cursor& a, const Cursor& b) = default;
};

// `cols` cells of row `row` from column `col` (0-based, continuation columns included) that are
// part of a hyperlink to `target`.
struct LinkRun {
  int col = 0;
  int row = 0;
  int cols = 0;
  std::string target = {};

  friend bool operator==(const LinkRun& a, const LinkRun& b) = default;
};

// A cell-anchored raster region: image `id` drawn over `cols` x `rows` cells from (`col`, `row`),
// `pixel_width` x `pixel_height` pixels whose content hash is `hash` (lowercase hex).
struct RasterRecord {
  int id = 0;
  int col = 0;
  int row = 0;
  int cols = 0;
  int rows = 0;
  int pixel_width = 0;
  int pixel_height = 0;
  std::string hash = {};

  friend bool operator==(const RasterRecord& a, const RasterRecord& b) = default;
};

// The picture of one screen. Plain data: the capture code and the parsers fill the fields
// directly. Invariants the users keep: `cells.size() == cols * rows` (row-major); `row_text` is
// either empty (a captured frame: the cells' graphemes are the text) or has `rows` entries (a frame
// whose graphemes are unknown: the entries are the text, the cells carry styles only); `links` are
// maximal runs in row-major order (LinkRunsFromTargets and NormalizeLinkRuns make them so);
// `rasters` keep the order they were recorded in.
struct Frame {
  int cols = 0;
  int rows = 0;
  std::vector<Cell> cells;
  std::vector<std::string> row_text;
  Cursor cursor;
  std::vector<LinkRun> links;
  std::vector<RasterRecord> rasters;

  // A `cols` x `rows` frame of blank cells (" ", default style), cursor hidden.
  static Frame Blank(int cols, int rows);

  Cell& cell(int col, int row) { return cells[static_cast<size_t>(row) * cols + col]; }
  const Cell& cell(int col, int row) const { return cells[static_cast<size_t>(row) * cols + col]; }
  const Style& style(int col, int row) const { return cell(col, row).style; }

  // True when the cells' graphemes are known (a captured frame), false for a parsed one.
  bool has_graphemes() const { return row_text.empty(); }

  // The text of row `row` as a golden's grid line holds it: each cell's grapheme once, a
  // continuation cell contributing nothing (or `row_text[row]` when the graphemes are unknown).
  std::string RowText(int row) const;

  // The target of the link covering (`col`, `row`), or "" when the cell is not part of a link.
  // It walks every link run: code that asks for every cell uses LinkTargets.
  const std::string& LinkTargetAt(int col, int row) const;

  // Equality of meaning (see the file comment); grapheme segmentation and widths are not compared.
  friend bool operator==(const Frame& a, const Frame& b);
};

// Frame::LinkTargetAt for a frame asked about every cell (a renderer): the runs are ordered once,
// then each cell is a binary search, where LinkTargetAt walks every run each time (at 100 000
// runs on a 1000x200 screen, a render took minutes). It keeps pointers into `frame.links`:
// `frame` must outlive it and keep its links unchanged.
//
//   const vtsnap::LinkTargets links(frame);
//   for (int col = 0; col < frame.cols; ++col) Draw(col, row, links.At(col, row));
class LinkTargets {
 public:
  explicit LinkTargets(const Frame& frame);
  // The same answer as frame.LinkTargetAt(col, row).
  const std::string& At(int col, int row) const;

 private:
  const Frame* frame_;
  std::vector<const LinkRun*> sorted_;  // The non-empty runs by (row, col).
  // Some runs of a row overlap (no valid frame has them): At asks LinkTargetAt, which answers
  // with the first run in the list that covers the cell.
  bool overlapping_ = false;
};

// What a person sees of text: one code point, a whole column's worth, with controls shown as
// their Unicode control pictures (one column each) and each malformed UTF-8 byte as U+FFFD. The
// diff report, `vtsnap render` and the HTML report all lay text out with these.
struct ShownGlyph {
  std::string text;
  int width = 1;  // 0: joins the previous column; 2: a wide glyph (the decoder's width table).
};
std::vector<ShownGlyph> ShownGlyphs(absl::string_view text);
// `text` with controls and malformed bytes shown as ShownGlyphs shows them.
std::string ShownText(absl::string_view text);
// What each column of row `row` shows: a captured frame's cell graphemes (ShownText), or a parsed
// frame's row text laid out by ShownGlyphs (a combining mark joins the column before it). A wide
// glyph's second column is "". A parsed row may lay out to fewer or more columns than `cols`.
std::vector<std::string> ShownColumns(const Frame& frame, int row);

// IsValidHyperlinkTarget (which targets a link run may have) lives in decoder/hyperlink.h.

// A rectangle of cells: its top-left cell (0-based) and its size in cells.
struct Region {
  int col = 0;
  int row = 0;
  int cols = 0;
  int rows = 0;
  friend bool operator==(const Region& a, const Region& b) = default;
};
// "region col 2 row 1 10x3".
std::string DescribeRegion(const Region& region);

// The cells of `region` as a frame of their own, for a golden of one widget's area (a region
// golden, docs/goldens.md): each cell and style as it is; a wide glyph cut by the region's left
// or right edge becomes a blank in its style (half of it cannot be shown); the cursor, when
// inside the region, moved with it, else hidden; link runs clipped to the region; raster records
// inside it moved with it, those outside dropped. InvalidArgument when the region is empty, does
// not lie inside the frame, cuts a raster record, or the frame's graphemes are unknown (a parsed
// frame).
[[nodiscard]] absl::StatusOr<Frame> CropFrame(const Frame& frame, const Region& region);

// The maximal link runs, row-major, of a `cols` x `rows` screen whose cell (col, row) links to
// `targets[row * cols + col]` ("" for none). `targets` must hold cols * rows entries.
std::vector<LinkRun> LinkRunsFromTargets(int cols, int rows,
                                         const std::vector<std::string>& targets);

// Sorts runs row-major and joins runs on one row that touch and share a target, so one set of
// linked cells has one spelling. Overlapping runs are left overlapping (serialization rejects
// them).
std::vector<LinkRun> NormalizeLinkRuns(std::vector<LinkRun> runs);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_SCREEN_FRAME_H_
