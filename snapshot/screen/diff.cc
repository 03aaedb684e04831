#include "vtsnap/snapshot/screen/diff.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/utf8.h"
#include "vtsnap/decoder/width.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/frame_text.h"
#include "vtsnap/snapshot/screen/sgr.h"

namespace vtsnap {
namespace {

std::vector<int> ChangedColumns(const std::vector<std::string>& a,
                                const std::vector<std::string>& b) {
  std::vector<int> changed;
  const size_t n = std::max(a.size(), b.size());
  static const std::string kEmpty;
  for (size_t i = 0; i < n; ++i) {
    const std::string& x = i < a.size() ? a[i] : kEmpty;
    const std::string& y = i < b.size() ? b[i] : kEmpty;
    if (x != y) changed.push_back(static_cast<int>(i));
  }
  return changed;
}

// Whether a column's content shows nothing but its background: a space, or no text at all.
bool IsBlank(const std::vector<std::string>& columns, int col) {
  if (col >= static_cast<int>(columns.size())) return true;
  const std::string& c = columns[static_cast<size_t>(col)];
  return c == " ";
}

// The part of `style` a person can see on a blank cell: without underline, strike or reverse,
// its foreground, bold, dim and italic draw nothing (docs/golden-format.md, "What compares
// equal"). The semantic projection judges blank cells by the same BlankShowsForeground.
Style VisibleOnBlank(Style style) {
  if (BlankShowsForeground(style)) return style;
  style.fg = Color::Default();
  style.bold = false;
  style.dim = false;
  style.italic = false;
  return style;
}

// What a style range holds, for its report line: `"Bread   "` in double quotes (`"` and `\`
// backslashed, controls as control pictures), `(blank)` when it is all spaces, and cut after 31
// glyphs with `…` after the quote when it is longer than 32.
std::string Quoted(absl::string_view text) {
  constexpr size_t kMaxGlyphs = 32;
  const std::vector<ShownGlyph> glyphs = ShownGlyphs(text);
  if (std::all_of(glyphs.begin(), glyphs.end(),
                  [](const ShownGlyph& g) { return g.text == " "; })) {
    return "(blank)";
  }
  const size_t shown = glyphs.size() > kMaxGlyphs ? kMaxGlyphs - 1 : glyphs.size();
  std::string out = "\"";
  for (size_t i = 0; i < shown; ++i) {
    if (glyphs[i].text == "\"" || glyphs[i].text == "\\") out += '\\';
    out += glyphs[i].text;
  }
  out += '"';
  if (shown < glyphs.size()) out += "\xE2\x80\xA6";  // …
  return out;
}

std::string CursorText(const Cursor& cursor) {
  std::string line = golden::FormatCursorLine(cursor);
  return line.substr(7);  // Without "cursor ".
}

// "underline", "underline curly", "underline ulcolor @9", ...
std::string UnderlineText(const Style& s) {
  std::string text = "underline";
  if (s.underline_shape != UnderlineShape::kSingle) {
    absl::StrAppend(&text, " ", golden::FormatUnderlineShape(s.underline_shape));
  }
  if (!s.underline_color.is_default()) {
    absl::StrAppend(&text, " ulcolor ", NamedColor(s.underline_color));
  }
  return text;
}

void AttrChange(absl::string_view name, bool expected, bool actual,
                std::vector<std::string>* parts) {
  if (expected == actual) return;
  parts->push_back(absl::StrCat(name, expected ? " lost" : " added"));
}

// One row as a colour terminal shows it: each column's text in its style.
std::string StyledRow(const Frame& frame, int row) {
  const std::vector<std::string> columns = ShownColumns(frame, row);
  std::string out;
  std::string current;
  for (int col = 0; col < frame.cols; ++col) {
    const std::string text = col < static_cast<int>(columns.size())
                                 ? columns[static_cast<size_t>(col)]
                                 : std::string(" ");
    if (text.empty()) continue;  // a wide glyph's second column
    const std::string sgr = SgrOfStyle(frame.style(col, row));
    if (sgr != current) {
      out += sgr;
      current = sgr;
    }
    out += text;
  }
  return out + "\x1b[0m";
}

}  // namespace

std::string NamedColor(const Color& color) {
  static constexpr absl::string_view kNames[8] = {"black", "red",     "green", "yellow",
                                                  "blue",  "magenta", "cyan",  "white"};
  std::string text = golden::FormatColor(color);
  if (color.kind == Color::Kind::kPalette && color.index() < 16) {
    absl::StrAppend(&text, " (", color.index() >= 8 ? "bright " : "", kNames[color.index() % 8],
                    ")");
  }
  return text;
}

std::string RenderChangedRows(const Frame& expected, const Frame& actual, const FrameDiff& diff,
                              int max_rows) {
  if (diff.empty() || diff.size_differs()) return "";
  std::vector<int> rows;
  for (const TextRowDiff& t : diff.text) rows.push_back(t.row);
  for (const StyleRangeDiff& r : diff.styles) rows.push_back(r.row);
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  if (rows.empty()) return "";
  std::string out = "rows as shown (- expected, + actual):\n";
  const size_t shown = std::min(rows.size(), static_cast<size_t>(std::max(max_rows, 0)));
  for (size_t i = 0; i < shown; ++i) {
    const std::string label = absl::StrCat("  row ", rows[i], " ");
    absl::StrAppend(&out, label, "-|", StyledRow(expected, rows[i]), "|\n");
    absl::StrAppend(&out, std::string(label.size(), ' '), "+|", StyledRow(actual, rows[i]), "|\n");
  }
  if (rows.size() > shown) {
    absl::StrAppend(&out, "  ... and ", rows.size() - shown,
                    rows.size() - shown == 1 ? " more row\n" : " more rows\n");
  }
  return out;
}

std::string DescribeStyleChange(const Style& e, const Style& a) {
  std::vector<std::string> parts;
  if (!(e.fg == a.fg)) {
    parts.push_back(absl::StrCat("fg ", NamedColor(e.fg), " -> ", NamedColor(a.fg)));
  }
  if (!(e.bg == a.bg)) {
    parts.push_back(absl::StrCat("bg ", NamedColor(e.bg), " -> ", NamedColor(a.bg)));
  }
  AttrChange("bold", e.bold, a.bold, &parts);
  AttrChange("dim", e.dim, a.dim, &parts);
  AttrChange("italic", e.italic, a.italic, &parts);
  if (e.underline != a.underline) {
    parts.push_back(
        absl::StrCat(UnderlineText(e.underline ? e : a), e.underline ? " lost" : " added"));
  } else if (e.underline) {
    if (e.underline_shape != a.underline_shape) {
      parts.push_back(absl::StrCat("underline ", golden::FormatUnderlineShape(e.underline_shape),
                                   " -> ", golden::FormatUnderlineShape(a.underline_shape)));
    }
    if (!(e.underline_color == a.underline_color)) {
      parts.push_back(absl::StrCat("ulcolor ", NamedColor(e.underline_color), " -> ",
                                   NamedColor(a.underline_color)));
    }
  }
  AttrChange("reverse", e.reverse, a.reverse, &parts);
  AttrChange("strike", e.strike, a.strike, &parts);
  return absl::StrJoin(parts, ", ");
}

FrameDiff Compare(const Frame& expected, const Frame& actual) {
  FrameDiff diff;
  diff.expected_cols = expected.cols;
  diff.expected_rows = expected.rows;
  diff.actual_cols = actual.cols;
  diff.actual_rows = actual.rows;
  if (diff.size_differs()) return diff;

  for (int row = 0; row < expected.rows; ++row) {
    std::string e = expected.RowText(row);
    std::string a = actual.RowText(row);
    if (e == a) continue;
    TextRowDiff text{row, std::move(e), std::move(a), {}};
    text.columns = ChangedColumns(ShownColumns(expected, row), ShownColumns(actual, row));
    diff.text.push_back(std::move(text));
  }

  // Styles, as a person sees them: on a cell blank in both frames only what shows on a blank
  // cell counts; neighbouring cells with the same change are one range, whatever they hold.
  for (int row = 0; row < expected.rows; ++row) {
    std::vector<std::string> e_columns;
    std::vector<std::string> a_columns;
    bool columns_known = false;
    std::string change;  // the description of the open range's change
    for (int col = 0; col < expected.cols; ++col) {
      Style e = expected.style(col, row);
      Style a = actual.style(col, row);
      if (e == a) continue;
      if (!columns_known) {
        e_columns = ShownColumns(expected, row);
        a_columns = ShownColumns(actual, row);
        columns_known = true;
      }
      if (IsBlank(e_columns, col) && IsBlank(a_columns, col)) {
        e = VisibleOnBlank(e);
        a = VisibleOnBlank(a);
        if (e == a) continue;
      }
      std::string description = DescribeStyleChange(e, a);
      const std::string text =
          col < static_cast<int>(a_columns.size()) ? a_columns[static_cast<size_t>(col)] : " ";
      if (!diff.styles.empty()) {
        StyleRangeDiff& last = diff.styles.back();
        if (last.row == row && last.last_col == col - 1 && description == change) {
          last.last_col = col;
          last.text += text;
          continue;
        }
      }
      change = std::move(description);
      diff.styles.push_back(StyleRangeDiff{row, col, col, e, a, text});
    }
  }

  if (expected.cursor.visible != actual.cursor.visible ||
      (expected.cursor.visible && !(expected.cursor == actual.cursor))) {
    diff.cursor_differs = true;
    diff.expected_cursor = expected.cursor;
    diff.actual_cursor = actual.cursor;
  }

  // Both lists are normalized, so sorted by (row, col): a run is looked up among the runs that
  // start where it starts, found by binary search (a scan of the whole other list for every run
  // took seconds at 100 000 runs).
  const std::vector<LinkRun> e_links = NormalizeLinkRuns(expected.links);
  const std::vector<LinkRun> a_links = NormalizeLinkRuns(actual.links);
  const auto contains = [](const std::vector<LinkRun>& sorted, const LinkRun& run) {
    const auto [first, last] =
        std::equal_range(sorted.begin(), sorted.end(), run, [](const LinkRun& x, const LinkRun& y) {
          return x.row != y.row ? x.row < y.row : x.col < y.col;
        });
    return std::find(first, last, run) != last;
  };
  for (const LinkRun& run : e_links) {
    if (!contains(a_links, run)) diff.links.push_back({false, run});
  }
  for (const LinkRun& run : a_links) {
    if (!contains(e_links, run)) diff.links.push_back({true, run});
  }
  std::stable_sort(diff.links.begin(), diff.links.end(),
                   [](const LinkChange& x, const LinkChange& y) {
                     if (x.run.row != y.run.row) return x.run.row < y.run.row;
                     if (x.run.col != y.run.col) return x.run.col < y.run.col;
                     return !x.added && y.added;
                   });

  // Records are matched by id through a table of each frame's first record of an id (as a scan
  // from the front finds it), not by scanning the other frame's list for each record.
  const auto by_id = [](const std::vector<RasterRecord>& list) {
    absl::flat_hash_map<int, const RasterRecord*> ids;
    ids.reserve(list.size());
    for (const RasterRecord& r : list) ids.try_emplace(r.id, &r);
    return ids;
  };
  const absl::flat_hash_map<int, const RasterRecord*> e_ids = by_id(expected.rasters);
  const absl::flat_hash_map<int, const RasterRecord*> a_ids = by_id(actual.rasters);
  for (const RasterRecord& r : expected.rasters) {
    const auto it = a_ids.find(r.id);
    if (it == a_ids.end()) {
      diff.rasters.push_back({r, std::nullopt});
    } else if (!(*it->second == r)) {
      diff.rasters.push_back({r, *it->second});
    }
  }
  for (const RasterRecord& r : actual.rasters) {
    if (!e_ids.contains(r.id)) diff.rasters.push_back({std::nullopt, r});
  }
  diff.raster_order_differs = diff.rasters.empty() && expected.rasters != actual.rasters;
  return diff;
}

std::string RenderDiff(const FrameDiff& diff, const DiffOptions& options) {
  if (diff.empty()) return "frames are equal\n";
  std::string out = "frames differ (- expected, + actual; rows and columns are 0-based)\n";
  if (diff.size_differs()) {
    absl::StrAppend(&out, "size: ", diff.expected_cols, "x", diff.expected_rows, " -> ",
                    diff.actual_cols, "x", diff.actual_rows, " (cols x rows)\n");
    return out;
  }
  const auto more = [&out](size_t total, int shown, absl::string_view what) {
    if (total > static_cast<size_t>(shown)) {
      absl::StrAppend(&out, "  ... and ", total - static_cast<size_t>(shown), " more ", what, "\n");
    }
  };

  if (!diff.text.empty()) {
    out += "text:\n";
    const int shown = std::min(static_cast<int>(diff.text.size()), options.max_text_rows);
    for (int i = 0; i < shown; ++i) {
      const TextRowDiff& row = diff.text[static_cast<size_t>(i)];
      const std::string label = absl::StrCat("  row ", row.row, " ");
      const std::string pad(label.size(), ' ');
      absl::StrAppend(&out, label, "-|", ShownText(row.expected), "|\n");
      absl::StrAppend(&out, pad, "+|", ShownText(row.actual), "|\n");
      std::string carets = pad + "  ";
      int at = 0;
      for (int col : row.columns) {
        carets.append(static_cast<size_t>(col - at), ' ');
        carets += '^';
        at = col + 1;
      }
      absl::StrAppend(&out, carets, "\n");
    }
    more(diff.text.size(), shown,
         diff.text.size() - static_cast<size_t>(shown) == 1 ? "row" : "rows");
  }

  if (!diff.styles.empty()) {
    out += "styles:\n";
    const int shown = std::min(static_cast<int>(diff.styles.size()), options.max_style_ranges);
    for (int i = 0; i < shown; ++i) {
      const StyleRangeDiff& range = diff.styles[static_cast<size_t>(i)];
      if (range.first_col == range.last_col) {
        absl::StrAppend(&out, "  row ", range.row, " col ", range.first_col, " ",
                        Quoted(range.text), ": ");
      } else {
        absl::StrAppend(&out, "  row ", range.row, " cols ", range.first_col, "-", range.last_col,
                        " ", Quoted(range.text), ": ");
      }
      absl::StrAppend(&out, DescribeStyleChange(range.expected, range.actual), "\n");
    }
    more(diff.styles.size(), shown,
         diff.styles.size() - static_cast<size_t>(shown) == 1 ? "style range" : "style ranges");
  }

  if (diff.cursor_differs) {
    absl::StrAppend(&out, "cursor: ", CursorText(diff.expected_cursor), " -> ",
                    CursorText(diff.actual_cursor), "\n");
  }

  if (!diff.links.empty()) {
    out += "links:\n";
    const int shown = std::min(static_cast<int>(diff.links.size()), options.max_records);
    for (int i = 0; i < shown; ++i) {
      const LinkChange& change = diff.links[static_cast<size_t>(i)];
      absl::StrAppend(&out, "  ", change.added ? "+ " : "- ", golden::FormatLinkLine(change.run),
                      "\n");
    }
    more(diff.links.size(), shown,
         diff.links.size() - static_cast<size_t>(shown) == 1 ? "link change" : "link changes");
  }

  if (!diff.rasters.empty()) {
    out += "rasters:\n";
    const int shown = std::min(static_cast<int>(diff.rasters.size()), options.max_records);
    for (int i = 0; i < shown; ++i) {
      const RasterChange& change = diff.rasters[static_cast<size_t>(i)];
      if (change.expected) {
        absl::StrAppend(&out, "  - ", golden::FormatRasterLine(*change.expected), "\n");
      }
      if (change.actual) {
        absl::StrAppend(&out, "  + ", golden::FormatRasterLine(*change.actual), "\n");
      }
    }
    more(
        diff.rasters.size(), shown,
        diff.rasters.size() - static_cast<size_t>(shown) == 1 ? "raster change" : "raster changes");
  } else if (diff.raster_order_differs) {
    out += "rasters: the same records in another order\n";
  }
  return out;
}

}  // namespace vtsnap
