// Inline screens: the text of a screen written in the test's own source, as `ScreenIs` reads it
// (matchers/screen_is.h, docs/inline-screens.md).
//
// An inline screen is a string literal of framed rows, each row's cells between two `|`, the
// same framing as a failing golden's diff. Blank lines around the rows, a common indentation and
// the screen's trailing blank rows are left out. An optional `--- styles` line starts the styles
// part, one run a line in the words of the `vtsnap-semantic 1` styles section
// (`ROW FIRST-LAST words`, `ROW COL words`); without it the styles are not compared.
//
//   absl::StatusOr<vtsnap::InlineScreen> screen = vtsnap::ParseInlineScreen(R"(
//     |Fruit Shop |
//     |> Apples   |
//     --- styles
//     1 0-10 reverse
//   )");
//   // screen->cols == 11, screen->rows.size() == 2, screen->pins_styles
//   vtsnap::Frame expected = vtsnap::ExpectedFrame(*screen, actual);  // compare with actual
//   std::string body = vtsnap::FormatInlineScreen(actual, /*with_styles=*/true);
#ifndef VTSNAP_SNAPSHOT_FORMATS_INLINE_SCREEN_H_
#define VTSNAP_SNAPSHOT_FORMATS_INLINE_SCREEN_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {

// The line that starts an inline screen's styles part.
inline constexpr absl::string_view kInlineStylesLine = "--- styles";

// One run of the styles part: columns [first_col, last_col] of `row` drawn in `style`.
struct InlineStyleRun {
  int row = 0;
  int first_col = 0;
  int last_col = 0;
  Style style = {};

  friend bool operator==(const InlineStyleRun&, const InlineStyleRun&) = default;
};

// An inline screen as data.
struct InlineScreen {
  // The rows' width in cells (every row has it); 0 for an empty literal, which no screen equals.
  int cols = 0;
  // Each row's text between its bars, trailing blanks included (a blank row is all spaces).
  std::vector<std::string> rows = {};
  // Whether the literal has a styles part: then every cell not in a run is in the default style.
  bool pins_styles = false;
  std::vector<InlineStyleRun> styles = {};

  bool empty() const { return rows.empty(); }
};

// Reads a literal. Errors are InvalidArgumentError "line L, column C: message", counted in the
// literal (1-based, the column in bytes of the line as written): a row without its bars, rows of
// different widths, an unknown style word, a run outside the rows.
[[nodiscard]] absl::StatusOr<InlineScreen> ParseInlineScreen(absl::string_view literal);

// The literal's body for `frame`: its rows framed, trailing blank rows left out (one row is kept
// so the width shows), then with `with_styles` the `--- styles` line and the runs, each line ended
// by "\n" and not indented. A run says what a person sees: on a blank cell only what shows there
// (BlankShowsForeground, snapshot/screen/diff.h). ParseInlineScreen of it, ExpectedFrame'd
// against `frame`, equals `frame` under Compare.
std::string FormatInlineScreen(const Frame& frame, bool with_styles);

// The frame `screen` expects in place of `actual`: `screen`'s text (its missing trailing rows
// blank) and, when it pins styles, its runs; everything the literal does not say (the styles when
// not pinned, the cursor, links and raster records) is taken from `actual`, so that Compare
// reports only what the literal pins. The size is the literal's width by the larger of its row
// count and `actual`'s; a different width, or more rows than `actual` has, is a size difference.
Frame ExpectedFrame(const InlineScreen& screen, const Frame& actual);

// The words of `style` as the semantic styles section writes them ("bold underline=curly fg=red";
// "" for the default style).
std::string InlineStyleWords(const Style& style);

// The style `words` name, in the words InlineStyleWords writes (bold dim italic
// underline[=double|curly|dotted|dashed] reverse strike fg= bg= underline-color=, separated by
// spaces): "bold fg=red" is bold in red on the default background. At least one word;
// InvalidArgument "column N: unknown style word `x` (...)" with the 1-based column in `words`.
[[nodiscard]] absl::StatusOr<Style> ParseStyleWords(absl::string_view words);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_FORMATS_INLINE_SCREEN_H_
