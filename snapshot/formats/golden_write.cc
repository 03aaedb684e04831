// The `ckvision-golden 1` writer (and its wide form's): golden::Serialize and its two stages
// (StyleNumbering and SerializeNumbered). The spellings of single values it shares with the diff
// report (FormatColor and the rest) are snapshot/screen/frame_text.h's.
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/quote.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/golden_internal.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/frame_text.h"

namespace vtsnap::golden {

using internal::AppendWideName;
using internal::IsLowerHex;

namespace {

// ---------------------------------------------------------------------------------------------
// Serialization.

// A style reduced to what it looks like, as a hashable key: refinements of an underline that is
// not drawn and the value of a default colour are dropped.
using StyleKey = std::tuple<uint64_t, uint64_t, uint64_t>;

uint64_t ColorBits(const Color& c) {
  if (c.kind == Color::Kind::kDefault) return 0;
  return (static_cast<uint64_t>(c.kind) << 32) | c.value;
}

StyleKey KeyOf(const Style& s) {
  uint64_t third = 0;
  for (size_t i = 0; i < kAttrNames.size(); ++i) {
    if (AttrValue(s, i)) third |= uint64_t{1} << i;
  }
  if (s.underline) {
    third |= (static_cast<uint64_t>(s.underline_shape) << 8) | (ColorBits(s.underline_color) << 16);
  }
  return {ColorBits(s.fg), ColorBits(s.bg), third};
}

absl::Status CheckColor(const Color& c, absl::string_view what, int col, int row) {
  switch (c.kind) {
    case Color::Kind::kDefault:
      return absl::OkStatus();
    case Color::Kind::kPalette:
      if (c.value <= 255) return absl::OkStatus();
      return absl::InvalidArgumentError(absl::StrFormat(
          "cell (col %d, row %d): %s palette index %u is outside 0-255", col, row, what, c.value));
    case Color::Kind::kRgb:
      if (c.value <= 0xFFFFFF) return absl::OkStatus();
      return absl::InvalidArgumentError(
          absl::StrFormat("cell (col %d, row %d): %s RGB value 0x%X is outside 0x000000-0xFFFFFF",
                          col, row, what, c.value));
  }
  return absl::InvalidArgumentError(
      absl::StrFormat("cell (col %d, row %d): %s has an unknown colour kind", col, row, what));
}

absl::Status CheckLinks(int cols, int rows, const std::vector<LinkRun>& links,
                        std::vector<LinkRun>* normalized) {
  for (const LinkRun& link : links) {
    if (link.cols < 1 || link.row < 0 || link.row >= rows || link.col < 0 || link.col >= cols ||
        link.cols > cols - link.col) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "link run (col %d, row %d, %d cols) must be non-empty and lie inside a row of the %dx%d "
          "frame",
          link.col, link.row, link.cols, cols, rows));
    }
    if (!IsValidHyperlinkTarget(link.target)) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "link run (col %d, row %d): target %s is not an absolute URI of printable ASCII",
          link.col, link.row, QuoteForMessage(link.target)));
    }
  }
  *normalized = NormalizeLinkRuns(links);
  for (size_t i = 1; i < normalized->size(); ++i) {
    const LinkRun& before = (*normalized)[i - 1];
    const LinkRun& link = (*normalized)[i];
    if (link.row == before.row && link.col < before.col + before.cols) {
      return absl::InvalidArgumentError(
          absl::StrFormat(R"(link runs overlap at row %d col %d ("%s" and "%s"))", link.row,
                          link.col, before.target, link.target));
    }
  }
  return absl::OkStatus();
}

absl::Status CheckRasters(int cols, int rows, const std::vector<RasterRecord>& rasters) {
  absl::flat_hash_set<int> seen;
  for (const RasterRecord& r : rasters) {
    if (r.id < 1) {
      return absl::InvalidArgumentError(absl::StrFormat("raster id %d is not positive", r.id));
    }
    if (!seen.insert(r.id).second) {
      return absl::InvalidArgumentError(absl::StrFormat("raster id %d is used twice", r.id));
    }
    if (r.cols < 1 || r.rows < 1 || r.pixel_width < 1 || r.pixel_height < 1) {
      return absl::InvalidArgumentError(
          absl::StrFormat("raster %d: span %dx%d cells and %dx%d pixels must be positive", r.id,
                          r.cols, r.rows, r.pixel_width, r.pixel_height));
    }
    if (r.col < 0 || r.row < 0 || r.col >= cols || r.row >= rows || r.cols > cols - r.col ||
        r.rows > rows - r.row) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "raster %d: anchor (col %d, row %d) span %dx%d extends outside the %dx%d frame", r.id,
          r.col, r.row, r.cols, r.rows, cols, rows));
    }
    if (!IsLowerHex(r.hash)) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "raster %d: hash %s is not non-empty lowercase hex", r.id, QuoteForMessage(r.hash)));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::string> Serialize(const Frame& frame) {
  if (frame.cols < 1 || frame.rows < 1) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "frame size %dx%d is not positive; ckvision-golden 1 needs at least one cell", frame.cols,
        frame.rows));
  }
  if (int64_t{frame.cols} * frame.rows > internal::kMaxCells) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "frame size %dx%d has %d cells; a golden holds at most %d (4096 x 4096)", frame.cols,
        frame.rows, int64_t{frame.cols} * frame.rows, internal::kMaxCells));
  }
  const size_t cell_count = static_cast<size_t>(frame.cols) * static_cast<size_t>(frame.rows);
  if (frame.cells.size() != cell_count) {
    return absl::InvalidArgumentError(absl::StrFormat("a %dx%d frame needs %d cells, it has %d",
                                                      frame.cols, frame.rows, cell_count,
                                                      frame.cells.size()));
  }
  if (!frame.row_text.empty() && frame.row_text.size() != static_cast<size_t>(frame.rows)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("a frame of %d rows has %d row texts", frame.rows, frame.row_text.size()));
  }

  // Styles, numbered by first use in row-major order. Neighbouring cells mostly share a style, so
  // a cell whose style equals the previous cell's takes its index without a hash lookup (equal
  // styles have one key: KeyOf drops exactly what operator== ignores).
  StyleNumbering numbering;
  numbering.Reserve(cell_count);
  const Style* previous = nullptr;
  int previous_index = 0;
  for (int row = 0; row < frame.rows; ++row) {
    for (int col = 0; col < frame.cols; ++col) {
      const Style& style = frame.style(col, row);
      if (previous == nullptr || !(style == *previous)) {
        absl::StatusOr<int> index = numbering.Add(style, col, row);
        if (!index.ok()) return index.status();
        previous = &style;
        previous_index = *index;
      }
      numbering.AppendIndex(previous_index);
    }
  }
  return SerializeNumbered(frame.cols, frame.rows, numbering, frame.cursor, frame.links,
                           frame.rasters, [&frame](int row, std::string* out) {
                             if (!frame.row_text.empty()) {
                               *out += frame.row_text[static_cast<size_t>(row)];
                               return;
                             }
                             for (int col = 0; col < frame.cols; ++col) {
                               const Cell& c = frame.cell(col, row);
                               if (!c.is_continuation()) *out += c.grapheme;
                             }
                           });
}

absl::StatusOr<int> StyleNumbering::Add(const Style& style, int col, int row) {
  auto [it, inserted] = index_of_.try_emplace(KeyOf(style), static_cast<int>(styles_.size()));
  if (inserted) {
    VTSNAP_RETURN_IF_ERROR(CheckColor(style.fg, "fg", col, row));
    VTSNAP_RETURN_IF_ERROR(CheckColor(style.bg, "bg", col, row));
    if (style.underline) {
      VTSNAP_RETURN_IF_ERROR(CheckColor(style.underline_color, "ulcolor", col, row));
    }
    styles_.push_back(style);
  }
  return it->second;
}

void StyleNumbering::AppendWideIndex(int index) {
  if (wide_indexes_.empty()) {
    wide_indexes_.reserve(stylemap_.capacity());
    for (char c : stylemap_) wide_indexes_.push_back(static_cast<int>(kStyleAlphabet.find(c)));
    stylemap_.clear();
    stylemap_.shrink_to_fit();
  }
  wide_indexes_.push_back(index);
}

int WideNameWidth(int64_t count) {
  int width = 2;
  int64_t names = int64_t{kMaxStyles} * kMaxStyles;
  while (names < count && width < 10) {
    names *= kMaxStyles;
    ++width;
  }
  return width;
}

namespace {

// The head of the dump: the header line through the style lines. `width` is 1 for version 1
// (styles numbered in decimal) and the name width for the wide form (styles named as the stylemap
// names them).
void AppendHead(int cols, int rows, const Cursor& cursor, const std::vector<Style>& styles,
                int width, std::string* out) {
  absl::StrAppend(out, width == 1 ? kHeader : kWideHeader, "\n", "frame ", cols, " ", rows, "\n",
                  FormatCursorLine(cursor), "\n", "styles ", styles.size());
  if (width > 1) absl::StrAppend(out, " width ", width);
  *out += '\n';
  for (size_t i = 0; i < styles.size(); ++i) {
    const Style& s = styles[i];
    if (width == 1) {
      absl::StrAppend(out, i);
    } else {
      AppendWideName(static_cast<int64_t>(i), width, out);
    }
    absl::StrAppend(out, " fg ", FormatColor(s.fg), " bg ", FormatColor(s.bg), " attrs ",
                    FormatAttrs(s));
    if (s.underline && s.underline_shape != UnderlineShape::kSingle) {
      absl::StrAppend(out, " underline ", FormatUnderlineShape(s.underline_shape));
    }
    if (s.underline && !s.underline_color.is_default()) {
      absl::StrAppend(out, " ulcolor ", FormatColor(s.underline_color));
    }
    *out += '\n';
  }
}

// The stylemap rows of the wide form: each cell's name, `width` characters.
absl::Status AppendWideStylemap(int cols, int rows, const StyleNumbering& numbering, int width,
                                std::string* out) {
  const std::vector<int>& indexes = numbering.wide_indexes();
  const size_t cell_count = static_cast<size_t>(cols) * static_cast<size_t>(rows);
  if (indexes.size() != cell_count) {
    // A source that wrote the version-1 characters itself (mutable_stylemap) cannot name more.
    return absl::InvalidArgumentError(absl::StrFormat(
        "frame needs %d styles; a stylemap of one character a cell names at most %d",
        numbering.styles().size(), kMaxStyles));
  }
  std::string names;  // every style's name, one after the other
  names.reserve(numbering.styles().size() * static_cast<size_t>(width));
  for (size_t i = 0; i < numbering.styles().size(); ++i) {
    AppendWideName(static_cast<int64_t>(i), width, &names);
  }
  const size_t w = static_cast<size_t>(width);
  for (int row = 0; row < rows; ++row) {
    *out += '|';
    const int* index = indexes.data() + static_cast<size_t>(row) * static_cast<size_t>(cols);
    for (int col = 0; col < cols; ++col) {
      out->append(names, static_cast<size_t>(index[col]) * w, w);
    }
    *out += "|\n";
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::string> SerializeNumbered(
    int cols, int rows, const StyleNumbering& numbering, const Cursor& cursor,
    const std::vector<LinkRun>& links, const std::vector<RasterRecord>& rasters,
    absl::FunctionRef<void(int row, std::string* out)> append_row_text) {
  const std::vector<Style>& styles = numbering.styles();
  const bool wide = styles.size() > static_cast<size_t>(kMaxStyles);
  const int width = wide ? WideNameWidth(static_cast<int64_t>(styles.size())) : 1;

  if (cursor.visible &&
      (cursor.col < 0 || cursor.col >= cols || cursor.row < 0 || cursor.row >= rows)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("cursor (col %d, row %d) lies outside the %dx%d frame", cursor.col,
                        cursor.row, cols, rows));
  }
  std::vector<LinkRun> normalized;
  VTSNAP_RETURN_IF_ERROR(CheckLinks(cols, rows, links, &normalized));
  VTSNAP_RETURN_IF_ERROR(CheckRasters(cols, rows, rasters));

  const size_t cell_count = static_cast<size_t>(cols) * static_cast<size_t>(rows);
  std::string out;
  out.reserve(cell_count * static_cast<size_t>(width + 1) + static_cast<size_t>(rows) * 6 +
              styles.size() * 48 + 256);
  AppendHead(cols, rows, cursor, styles, width, &out);
  out += "grid\n";
  for (int row = 0; row < rows; ++row) {
    out += '|';
    const size_t start = out.size();
    append_row_text(row, &out);
    if (out.find('\n', start) != std::string::npos) {
      const std::string text = out.substr(start);
      return absl::InvalidArgumentError(
          absl::StrFormat("row %d text %s holds a newline", row, QuoteForMessage(text)));
    }
    out += "|\n";
  }
  out += "stylemap\n";
  if (wide) {
    VTSNAP_RETURN_IF_ERROR(AppendWideStylemap(cols, rows, numbering, width, &out));
  } else {
    const absl::string_view stylemap = numbering.stylemap();
    for (int row = 0; row < rows; ++row) {
      out += '|';
      out.append(stylemap.data() + static_cast<size_t>(row) * static_cast<size_t>(cols),
                 static_cast<size_t>(cols));
      out += "|\n";
    }
  }
  for (const LinkRun& link : normalized) absl::StrAppend(&out, FormatLinkLine(link), "\n");
  for (const RasterRecord& r : rasters) absl::StrAppend(&out, FormatRasterLine(r), "\n");
  out += "end\n";
  return out;
}

}  // namespace vtsnap::golden
