// `vtsnap diff --format markdown`: a difference as GitHub-flavoured Markdown, for a pull-request
// comment or `$GITHUB_STEP_SUMMARY` (docs/cli.md).
//
//   vtsnap::FrameDiff diff = vtsnap::Compare(expected, actual);
//   std::string md = vtsnap::tools::FrameDiffMarkdown("menu.dump", "menu.dump.actual", diff, 20);
//   // "### vtsnap diff: `menu.dump` → `menu.dump.actual`\n\n1 row changed ...\n\n| row | ..."
#ifndef VTSNAP_TOOLS_DIFF_MARKDOWN_H_
#define VTSNAP_TOOLS_DIFF_MARKDOWN_H_

#include <string>

#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/screen/diff.h"

namespace vtsnap::tools {

// The rows a markdown diff shows at most unless told otherwise (`--max-rows`).
inline constexpr int kDefaultMarkdownRows = 20;

// `text` as the content of one cell of a GFM table, on one line: controls as their pictures
// (ShownText); `|` and the characters Markdown or GitHub would read as markup (\ ` * _ [ ] < > ~ &
// $) backslash-escaped; each leading and trailing space shown as "␠" (a run of more than three as
// "␠×N"); inside the text, a run of spaces keeps its width ("&nbsp;" after the first); an empty
// text is "(empty)".
std::string MarkdownCell(absl::string_view text);

// `text` as a code span: backticks around it, more of them than the longest run inside, padded
// with a space when it starts or ends with a backtick.
std::string MarkdownCodeSpan(absl::string_view text);

// `text` in a fenced code block with `info` ("text"): a fence of backticks longer than any run
// inside, `text` ending in a newline.
std::string MarkdownFence(absl::string_view text, absl::string_view info);

// The heading line naming the two files: "### vtsnap diff: `A` → `B`\n".
std::string MarkdownHeading(absl::string_view expected_path, absl::string_view actual_path);

// A frame difference (a non-empty `diff`): the heading; a line counting what changed; for a size
// change the two sizes and nothing else; otherwise a table of the changed rows (row, changed
// columns, before, after) of at most `max_rows` rows, followed by "N more rows changed" when more
// did; then the style, cursor, link and raster changes as the text report says them, in a code
// block.
std::string FrameDiffMarkdown(absl::string_view expected_path, absl::string_view actual_path,
                              const FrameDiff& diff, int max_rows);

// A report that has no table form (a semantic or JSON state difference): the heading, then the
// report in a code block.
std::string ReportMarkdown(absl::string_view expected_path, absl::string_view actual_path,
                           absl::string_view report);

}  // namespace vtsnap::tools

#endif  // VTSNAP_TOOLS_DIFF_MARKDOWN_H_
