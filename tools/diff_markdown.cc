// `vtsnap diff --format markdown` (tools/diff_markdown.h).
#include "vtsnap/tools/diff_markdown.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/screen/diff.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap::tools {
namespace {

constexpr absl::string_view kVisibleSpace = "\xE2\x90\xA0";  // ␠ U+2420
constexpr absl::string_view kArrow = "\xE2\x86\x92";         // → U+2192

// `count` spaces at the edge of a cell, made visible.
std::string VisibleSpaces(size_t count) {
  if (count > 3) return absl::StrCat(kVisibleSpace, "\xC3\x97", count);  // ␠×N
  std::string out;
  for (size_t i = 0; i < count; ++i) absl::StrAppend(&out, kVisibleSpace);
  return out;
}

// The longest run of backticks in `text`.
size_t LongestBacktickRun(absl::string_view text) {
  size_t longest = 0;
  size_t run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

// "s" unless `count` is 1.
absl::string_view Plural(size_t count) { return count == 1 ? "" : "s"; }

// The changed columns as ranges: "2", "4-7, 12".
std::string ColumnRanges(const std::vector<int>& columns) {
  std::vector<std::string> ranges;
  for (size_t i = 0; i < columns.size();) {
    size_t j = i;
    while (j + 1 < columns.size() && columns[j + 1] == columns[j] + 1) ++j;
    ranges.push_back(j == i ? absl::StrCat(columns[i]) : absl::StrCat(columns[i], "-", columns[j]));
    i = j + 1;
  }
  return ranges.empty() ? "-" : absl::StrJoin(ranges, ", ");
}

// "2 rows changed, 1 style range changed, the cursor changed."
std::string Counts(const FrameDiff& diff) {
  std::vector<std::string> parts;
  if (!diff.text.empty()) {
    parts.push_back(absl::StrCat(diff.text.size(), " row", Plural(diff.text.size()), " changed"));
  }
  if (!diff.styles.empty()) {
    parts.push_back(
        absl::StrCat(diff.styles.size(), " style range", Plural(diff.styles.size()), " changed"));
  }
  if (diff.cursor_differs) parts.emplace_back("the cursor changed");
  if (!diff.links.empty()) {
    parts.push_back(absl::StrCat(diff.links.size(), " link change", Plural(diff.links.size())));
  }
  if (!diff.rasters.empty()) {
    parts.push_back(
        absl::StrCat(diff.rasters.size(), " raster change", Plural(diff.rasters.size())));
  } else if (diff.raster_order_differs) {
    parts.emplace_back("the raster records are in another order");
  }
  std::string out = absl::StrJoin(parts, ", ");
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out + ".";
}

}  // namespace

std::string MarkdownCell(absl::string_view raw) {
  const std::string text = ShownText(raw);
  if (text.empty()) return "*(empty)*";
  const size_t first = text.find_first_not_of(' ');
  if (first == std::string::npos) return VisibleSpaces(text.size());
  const size_t last = text.find_last_not_of(' ');
  std::string out = VisibleSpaces(first);
  for (size_t i = first; i <= last; ++i) {
    const char c = text[i];
    if (c == ' ') {
      out += text[i - 1] == ' ' ? "&nbsp;" : " ";
      continue;
    }
    if (absl::StrContains("\\`*_[]<>~&$|", c)) out += '\\';
    out += c;
  }
  out += VisibleSpaces(text.size() - 1 - last);
  return out;
}

std::string MarkdownCodeSpan(absl::string_view raw) {
  const std::string text = ShownText(raw);
  const std::string ticks(LongestBacktickRun(text) + 1, '`');
  const bool pad = !text.empty() && (text.front() == '`' || text.back() == '`' ||
                                     text.front() == ' ' || text.back() == ' ');
  return absl::StrCat(ticks, pad ? " " : "", text, pad ? " " : "", ticks);
}

std::string MarkdownFence(absl::string_view text, absl::string_view info) {
  const std::string fence(std::max<size_t>(3, LongestBacktickRun(text) + 1), '`');
  return absl::StrCat(fence, info, "\n", text, absl::EndsWith(text, "\n") ? "" : "\n", fence, "\n");
}

std::string MarkdownHeading(absl::string_view expected_path, absl::string_view actual_path) {
  return absl::StrCat("### vtsnap diff: ", MarkdownCodeSpan(expected_path), " ", kArrow, " ",
                      MarkdownCodeSpan(actual_path), "\n");
}

std::string FrameDiffMarkdown(absl::string_view expected_path, absl::string_view actual_path,
                              const FrameDiff& diff, int max_rows) {
  std::string out = absl::StrCat(MarkdownHeading(expected_path, actual_path), "\n");
  if (diff.size_differs()) {
    absl::StrAppend(&out, "The size changed: ", diff.expected_cols, "x", diff.expected_rows, " ",
                    kArrow, " ", diff.actual_cols, "x", diff.actual_rows,
                    " (cols x rows); the rows are not compared.\n");
    return out;
  }
  absl::StrAppend(&out, Counts(diff), "\n");
  if (!diff.text.empty()) {
    out += "\n| row | columns | before | after |\n|---:|---|---|---|\n";
    const size_t shown = std::min(diff.text.size(), static_cast<size_t>(std::max(0, max_rows)));
    for (size_t i = 0; i < shown; ++i) {
      const TextRowDiff& row = diff.text[i];
      absl::StrAppend(&out, "| ", row.row, " | ", ColumnRanges(row.columns), " | ",
                      MarkdownCell(row.expected), " | ", MarkdownCell(row.actual), " |\n");
    }
    if (shown < diff.text.size()) {
      const size_t more = diff.text.size() - shown;
      absl::StrAppend(&out, "\n*", more, " more row", Plural(more), " changed*\n");
    }
  }
  FrameDiff rest = diff;
  rest.text.clear();
  if (!rest.empty()) {
    // The text report's lines but its first ("frames differ (...)"), which the table replaces.
    const std::string report = RenderDiff(rest, {.max_style_ranges = std::max(0, max_rows)});
    const size_t body = report.find('\n') + 1;
    absl::StrAppend(&out, "\n", MarkdownFence(absl::string_view(report).substr(body), "text"));
  }
  return out;
}

std::string ReportMarkdown(absl::string_view expected_path, absl::string_view actual_path,
                           absl::string_view report) {
  return absl::StrCat(MarkdownHeading(expected_path, actual_path), "\n",
                      MarkdownFence(report, "text"));
}

}  // namespace vtsnap::tools
