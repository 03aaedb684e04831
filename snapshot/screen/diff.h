// Frame differences: what changed between an expected and an actual frame, as structured records
// and as the short report every failing golden assertion prints.
//
// Compare() finds the differences (size; row text with the changed columns; style changes grouped
// into column ranges; cursor; link runs; raster records). RenderDiff() writes them as text a
// person reads in seconds: the differing rows expected (-) and actual (+) between the grid's "|"
// delimiters with a caret line under the changed columns, then the style changes named in the
// golden's vocabulary, then the cursor, link and raster changes. Rows and columns are 0-based, as
// in the golden. docs/golden-format.md shows a whole report.
//
// Example:
//   vtsnap::FrameDiff diff = vtsnap::Compare(expected, actual);
//   if (!diff.empty()) std::cerr << vtsnap::RenderDiff(diff);
//   // frames differ (- expected, + actual; rows and columns are 0-based)
//   // text:
//   //   row 1 -|| Hello ck ||
//   //         +|| Hallo ck ||
//   //              ^
//   // styles:
//   //   row 1 cols 2-6 "Hallo": fg #FFFFFF -> @1 (red), bold lost
//   // cursor: 6 1 block -> hidden
#ifndef VTSNAP_SNAPSHOT_SCREEN_DIFF_H_
#define VTSNAP_SNAPSHOT_SCREEN_DIFF_H_

#include <optional>
#include <string>
#include <vector>

#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {

// A row whose text differs. `columns` are the cell columns whose content differs, ascending. For a
// frame whose graphemes are known (captured) a column is a cell; for a frame parsed from a dump
// the text is laid out by code point and its East Asian width, which is the terminal's layout for
// all but unusual grapheme clusters.
struct TextRowDiff {
  int row = 0;
  std::string expected;
  std::string actual;
  std::vector<int> columns;
};

// Columns first_col..last_col (inclusive) of `row` changed style the same way: from `expected`
// to `actual` (the first column's styles; on a blank cell only what shows on it, see Compare).
// Ranges are maximal: neighbouring columns whose change reads the same (DescribeStyleChange) join,
// text and blank cells alike. `text` is what the range's columns hold in the actual frame.
struct StyleRangeDiff {
  int row = 0;
  int first_col = 0;
  int last_col = 0;
  Style expected;
  Style actual;
  std::string text = {};
};

// A link run present in only one frame (`added`: only in the actual frame).
struct LinkChange {
  bool added = false;
  LinkRun run;
};

// A raster record that differs, matched by id: only in the expected frame (`actual` empty), only
// in the actual one (`expected` empty), or in both with different values.
struct RasterChange {
  std::optional<RasterRecord> expected;
  std::optional<RasterRecord> actual;
};

struct FrameDiff {
  // Sizes (cols x rows). When they differ nothing else is compared.
  int expected_cols = 0;
  int expected_rows = 0;
  int actual_cols = 0;
  int actual_rows = 0;

  std::vector<TextRowDiff> text;       // Row order.
  std::vector<StyleRangeDiff> styles;  // Row-major.
  bool cursor_differs = false;
  Cursor expected_cursor;
  Cursor actual_cursor;
  std::vector<LinkChange> links;  // Row-major; a lost run before an added one at one place.
  std::vector<RasterChange> rasters;
  // The same raster records, recorded in another order.
  bool raster_order_differs = false;

  bool size_differs() const { return expected_cols != actual_cols || expected_rows != actual_rows; }
  bool empty() const {
    return !size_differs() && text.empty() && styles.empty() && !cursor_differs && links.empty() &&
           rasters.empty() && !raster_order_differs;
  }
};

// How much of a long diff RenderDiff shows; the rest is counted ("... and 7 more rows").
struct DiffOptions {
  int max_text_rows = 20;
  int max_style_ranges = 20;
  int max_records = 20;  // Link and raster changes, each.
};

// A colour as the golden writes it, with the name of the sixteen basic colours:
// "@6 (cyan)", "@9 (bright red)", "@208", "#5B8CFF", "default".
std::string NamedColor(const Color& color);

// Whether a blank cell (a space, or no text) drawn in `style` shows its foreground, bold, dim and
// italic: only when an underline or a strike line is drawn in the foreground's colour, or reverse
// video paints the foreground as the cell's background. Otherwise they draw nothing there. Compare
// and the semantic projection (snapshot/formats/semantic.h) both judge a blank cell by this rule.
inline bool BlankShowsForeground(const Style& style) {
  return style.underline || style.strike || style.reverse;
}

// The differences between `expected` and `actual` as a person sees them: empty exactly when
// expected == actual, except for styles nobody can see. On a cell that is blank (a space, or no
// text) in both frames and has no underline, strike or reverse, the foreground, bold, dim and
// italic draw nothing and are not compared, so a space written in `fg @7 bg @0` equals a cell
// erased with `bg @0` (docs/golden-format.md, "What compares equal"). Frame equality itself, and
// the dump, stay exact.
FrameDiff Compare(const Frame& expected, const Frame& actual);

// The report, one "\n"-terminated line after another ("frames are equal\n" for an empty diff).
std::string RenderDiff(const FrameDiff& diff, const DiffOptions& options = {});

// The changed rows (a text or a style change) as a colour terminal draws them, for a failure
// shown on one: under the heading "rows as shown (- expected, + actual):", each row's expected
// and actual cells between `|` delimiters with the SGR sequences of their styles (16 colours as
// 30-37/90-97, 256 as 38;5;N, RGB as 38;2;R;G;B, bold, dim, italic, underline and its shape,
// underline colour, reverse, strike), reset at each row's end. At most `max_rows` rows, then
// "... and N more rows". "" for an empty diff or a size change.
std::string RenderChangedRows(const Frame& expected, const Frame& actual, const FrameDiff& diff,
                              int max_rows = 20);

// A style change in the golden's vocabulary, the sixteen basic colours named: "fg @1 (red) ->
// #FF0000, bold lost, italic added, underline single -> curly, ulcolor default -> @9 (bright
// red)". Empty when the styles are equal.
std::string DescribeStyleChange(const Style& expected, const Style& actual);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_SCREEN_DIFF_H_
