#include "vtsnap/snapshot/screen/frame.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "vtsnap/base/utf8.h"
#include "vtsnap/decoder/width.h"

namespace vtsnap {

Frame Frame::Blank(int cols, int rows) {
  Frame frame;
  frame.cols = std::max(cols, 0);
  frame.rows = std::max(rows, 0);
  frame.cells.resize(static_cast<size_t>(frame.cols) * static_cast<size_t>(frame.rows));
  return frame;
}

std::string Frame::RowText(int row) const {
  if (!row_text.empty()) return row_text[static_cast<size_t>(row)];
  std::string text;
  for (int col = 0; col < cols; ++col) {
    const Cell& c = cell(col, row);
    if (!c.is_continuation()) text += c.grapheme;
  }
  return text;
}

const std::string& Frame::LinkTargetAt(int col, int row) const {
  static const std::string* const kNone = new std::string();
  for (const LinkRun& run : links) {
    if (run.row == row && col >= run.col && col - run.col < run.cols) return run.target;
  }
  return *kNone;
}

LinkTargets::LinkTargets(const Frame& frame) : frame_(&frame) {
  sorted_.reserve(frame.links.size());
  for (const LinkRun& run : frame.links) {
    if (run.cols > 0) sorted_.push_back(&run);
  }
  std::stable_sort(sorted_.begin(), sorted_.end(), [](const LinkRun* a, const LinkRun* b) {
    return a->row != b->row ? a->row < b->row : a->col < b->col;
  });
  for (size_t i = 1; i < sorted_.size(); ++i) {
    const LinkRun& before = *sorted_[i - 1];
    const LinkRun& run = *sorted_[i];
    if (run.row == before.row && run.col - before.col < before.cols) overlapping_ = true;
  }
}

const std::string& LinkTargets::At(int col, int row) const {
  if (overlapping_) return frame_->LinkTargetAt(col, row);
  static const std::string* const kNone = new std::string();
  // The last run that starts at or before the cell is the only one that can cover it.
  const auto after = std::upper_bound(sorted_.begin(), sorted_.end(), std::pair<int, int>(row, col),
                                      [](const std::pair<int, int>& cell, const LinkRun* run) {
                                        return cell.first != run->row ? cell.first < run->row
                                                                      : cell.second < run->col;
                                      });
  if (after == sorted_.begin()) return *kNone;
  const LinkRun& run = **(after - 1);
  if (run.row == row && col - run.col < run.cols) return run.target;
  return *kNone;
}

bool operator==(const Frame& a, const Frame& b) {
  if (a.cols != b.cols || a.rows != b.rows) return false;
  if (a.cells.size() != b.cells.size()) return false;
  for (size_t i = 0; i < a.cells.size(); ++i) {
    if (!(a.cells[i].style == b.cells[i].style)) return false;
  }
  for (int row = 0; row < a.rows; ++row) {
    if (a.RowText(row) != b.RowText(row)) return false;
  }
  if (a.cursor.visible != b.cursor.visible) return false;
  if (a.cursor.visible && !(a.cursor == b.cursor)) return false;
  if (NormalizeLinkRuns(a.links) != NormalizeLinkRuns(b.links)) return false;
  return a.rasters == b.rasters;
}

std::vector<LinkRun> LinkRunsFromTargets(int cols, int rows,
                                         const std::vector<std::string>& targets) {
  std::vector<LinkRun> runs;
  for (int row = 0; row < rows; ++row) {
    for (int col = 0; col < cols; ++col) {
      const std::string& target = targets[static_cast<size_t>(row) * cols + col];
      if (target.empty()) continue;
      if (!runs.empty() && runs.back().row == row && runs.back().col + runs.back().cols == col &&
          runs.back().target == target) {
        ++runs.back().cols;
      } else {
        runs.push_back(LinkRun{col, row, 1, target});
      }
    }
  }
  return runs;
}

std::vector<LinkRun> NormalizeLinkRuns(std::vector<LinkRun> runs) {
  std::stable_sort(runs.begin(), runs.end(), [](const LinkRun& a, const LinkRun& b) {
    return a.row != b.row ? a.row < b.row : a.col < b.col;
  });
  std::vector<LinkRun> out;
  out.reserve(runs.size());
  for (LinkRun& run : runs) {
    if (run.cols <= 0) continue;
    if (!out.empty() && out.back().row == run.row && out.back().col + out.back().cols == run.col &&
        out.back().target == run.target) {
      out.back().cols += run.cols;
    } else {
      out.push_back(std::move(run));
    }
  }
  return out;
}

std::vector<ShownGlyph> ShownGlyphs(absl::string_view text) {
  std::vector<ShownGlyph> glyphs;
  size_t i = 0;
  while (i < text.size()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x20 || byte == 0x7F) {
      ShownGlyph picture;
      AppendUtf8(byte == 0x7F ? 0x2421 : 0x2400 + byte, &picture.text);
      glyphs.push_back(std::move(picture));
      ++i;
      continue;
    }
    const Utf8Char c = DecodeUtf8(text.substr(i));
    if (!c.valid) {
      glyphs.push_back({"\xEF\xBF\xBD", 1});  // one per malformed byte
      ++i;
      continue;
    }
    int width = CodePointWidth(c.code_point);  // the pinned table, as the decoder
    if (width > 2) width = 2;
    if (width < 0) width = 1;
    glyphs.push_back({std::string(text.substr(i, static_cast<size_t>(c.length))), width});
    i += static_cast<size_t>(c.length);
  }
  return glyphs;
}

std::string ShownText(absl::string_view text) {
  std::string out;
  for (const ShownGlyph& g : ShownGlyphs(text)) out += g.text;
  return out;
}

std::vector<std::string> ShownColumns(const Frame& frame, int row) {
  std::vector<std::string> columns;
  if (frame.has_graphemes()) {
    columns.reserve(static_cast<size_t>(frame.cols));
    for (int col = 0; col < frame.cols; ++col) {
      const Cell& cell = frame.cell(col, row);
      columns.push_back(cell.is_continuation() ? std::string() : ShownText(cell.grapheme));
    }
    return columns;
  }
  for (const ShownGlyph& g : ShownGlyphs(frame.row_text[static_cast<size_t>(row)])) {
    if (g.width == 0 && !columns.empty()) {
      // A combining mark joins the glyph before it (skipping a continuation column).
      auto it = std::find_if(columns.rbegin(), columns.rend(),
                             [](const std::string& s) { return !s.empty(); });
      if (it != columns.rend()) {
        *it += g.text;
        continue;
      }
    }
    columns.push_back(g.text);
    if (g.width == 2) columns.emplace_back();
  }
  return columns;
}

std::string DescribeRegion(const Region& r) {
  return absl::StrCat("region col ", r.col, " row ", r.row, " ", r.cols, "x", r.rows);
}

absl::StatusOr<Frame> CropFrame(const Frame& frame, const Region& r) {
  if (r.cols <= 0 || r.rows <= 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(DescribeRegion(r), " is empty: a region needs at least one column and row"));
  }
  if (r.col < 0 || r.row < 0 || r.col > frame.cols - r.cols || r.row > frame.rows - r.rows) {
    return absl::InvalidArgumentError(absl::StrCat(DescribeRegion(r), " does not lie inside the ",
                                                   frame.cols, "x", frame.rows, " screen"));
  }
  if (!frame.has_graphemes()) {
    return absl::InvalidArgumentError(
        "a region of a parsed frame cannot be cut: its cells' text is unknown");
  }
  Frame out = Frame::Blank(r.cols, r.rows);
  for (int row = 0; row < r.rows; ++row) {
    for (int col = 0; col < r.cols; ++col) {
      Cell cell = frame.cell(r.col + col, r.row + row);
      // Half a wide glyph cannot be shown: its first column on the right edge, or a continuation
      // on the left edge.
      const bool cut_right = cell.width == 2 && col == r.cols - 1;
      const bool cut_left = cell.is_continuation() && col == 0;
      if (cut_right || cut_left) {
        out.cell(col, row).style = cell.style;  // a blank (Frame::Blank's cell) in its style
        continue;
      }
      out.cell(col, row) = std::move(cell);
    }
  }
  if (frame.cursor.visible && frame.cursor.col >= r.col && frame.cursor.col < r.col + r.cols &&
      frame.cursor.row >= r.row && frame.cursor.row < r.row + r.rows) {
    out.cursor = frame.cursor;
    out.cursor.col -= r.col;
    out.cursor.row -= r.row;
  }
  for (const LinkRun& link : frame.links) {
    if (link.row < r.row || link.row >= r.row + r.rows) continue;
    const int start = std::max(link.col, r.col);
    const int end = std::min(link.col + link.cols, r.col + r.cols);
    if (start >= end) continue;
    out.links.push_back({start - r.col, link.row - r.row, end - start, link.target});
  }
  for (const RasterRecord& raster : frame.rasters) {
    const bool outside = raster.col >= r.col + r.cols || raster.col + raster.cols <= r.col ||
                         raster.row >= r.row + r.rows || raster.row + raster.rows <= r.row;
    if (outside) continue;
    const bool inside = raster.col >= r.col && raster.col + raster.cols <= r.col + r.cols &&
                        raster.row >= r.row && raster.row + raster.rows <= r.row + r.rows;
    if (!inside) {
      return absl::InvalidArgumentError(absl::StrCat(
          DescribeRegion(r), " cuts raster record ", raster.id, " (anchor ", raster.col, " ",
          raster.row, ", span ", raster.cols, "x", raster.rows, "): a region holds whole images"));
    }
    RasterRecord moved = raster;
    moved.col -= r.col;
    moved.row -= r.row;
    out.rasters.push_back(std::move(moved));
  }
  return out;
}

}  // namespace vtsnap
