#include "vtsnap/snapshot/formats/inline_screen.h"

#include <algorithm>
#include <cstddef>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "vtsnap/snapshot/screen/diff.h"

namespace vtsnap {
namespace {

// The names of palette colours 0-15, as the semantic styles section writes them.
constexpr absl::string_view kColorNames[16] = {
    "black",        "red",           "green",       "yellow",         "blue",
    "magenta",      "cyan",          "white",       "bright-black",   "bright-red",
    "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan",
    "bright-white"};

struct UnderlineWord {
  UnderlineShape shape;
  absl::string_view word;
};
constexpr UnderlineWord kUnderlineWords[] = {{UnderlineShape::kSingle, "underline"},
                                             {UnderlineShape::kDouble, "underline=double"},
                                             {UnderlineShape::kCurly, "underline=curly"},
                                             {UnderlineShape::kDotted, "underline=dotted"},
                                             {UnderlineShape::kDashed, "underline=dashed"}};

std::string ColorName(const Color& color) {
  switch (color.kind) {
    case Color::Kind::kDefault:
      return "default";
    case Color::Kind::kPalette:
      if (color.value < 16) return std::string(kColorNames[color.value]);
      return absl::StrCat(color.value);
    case Color::Kind::kRgb:
      return absl::StrFormat("#%06x", color.value & 0xFFFFFF);
  }
  return "default";
}

bool ParseColor(absl::string_view text, Color* color) {
  if (text == "default") {
    *color = Color::Default();
    return true;
  }
  for (int i = 0; i < 16; ++i) {
    if (text == kColorNames[i]) {
      *color = Color::Palette(i);
      return true;
    }
  }
  int index = 0;
  if (!text.empty() && absl::ascii_isdigit(static_cast<unsigned char>(text[0])) &&
      absl::SimpleAtoi(text, &index) && index >= 0 && index <= 255) {
    *color = Color::Palette(index);
    return true;
  }
  uint32_t rgb = 0;
  if (text.size() == 7 && text[0] == '#' && absl::SimpleHexAtoi(text.substr(1), &rgb)) {
    *color = Color{Color::Kind::kRgb, rgb};
    return true;
  }
  return false;
}

absl::Status Error(int line, int col, absl::string_view message) {
  return absl::InvalidArgumentError(absl::StrCat("line ", line, ", column ", col, ": ", message));
}

// The width in cells of a row's text, as a parsed golden lays it out (ShownGlyphs).
int TextWidth(absl::string_view text) {
  int width = 0;
  for (const ShownGlyph& g : ShownGlyphs(text)) width += g.width;
  return width;
}

// One style word into `style`; false when the word is not one.
bool ApplyWord(absl::string_view word, Style* style) {
  if (word == "bold") return style->bold = true;
  if (word == "dim") return style->dim = true;
  if (word == "italic") return style->italic = true;
  if (word == "reverse") return style->reverse = true;
  if (word == "strike") return style->strike = true;
  for (const UnderlineWord& u : kUnderlineWords) {
    if (word == u.word) {
      style->underline = true;
      style->underline_shape = u.shape;
      return true;
    }
  }
  const size_t eq = word.find('=');
  if (eq == absl::string_view::npos) return false;
  const absl::string_view key = word.substr(0, eq);
  Color* target = key == "fg"                ? &style->fg
                  : key == "bg"              ? &style->bg
                  : key == "underline-color" ? &style->underline_color
                                             : nullptr;
  return target != nullptr && ParseColor(word.substr(eq + 1), target);
}

// "ROW FIRST-LAST words" or "ROW COL words", `line` its number in the literal and `indent` the
// columns the common indentation took.
absl::Status ParseRun(absl::string_view text, int line, int indent, const InlineScreen& screen,
                      InlineStyleRun* run) {
  std::vector<absl::string_view> words = absl::StrSplit(text, ' ', absl::SkipEmpty());
  auto column_of = [&](absl::string_view word) {
    return indent + 1 + static_cast<int>(word.data() - text.data());
  };
  if (words.size() < 3) {
    return Error(
        line, indent + 1,
        "a style run is `ROW FIRST-LAST words` or `ROW COL words`, with at least one word");
  }
  if (!absl::SimpleAtoi(words[0], &run->row) || run->row < 0 ||
      run->row >= static_cast<int>(screen.rows.size())) {
    return Error(line, column_of(words[0]),
                 absl::StrCat("`", words[0], "` is not a row of the screen (0-",
                              screen.rows.size() - 1, ")"));
  }
  const std::pair<absl::string_view, absl::string_view> range =
      absl::StrSplit(words[1], absl::MaxSplits('-', 1));
  bool ok = absl::SimpleAtoi(range.first, &run->first_col);
  run->last_col = run->first_col;
  if (ok && words[1].find('-') != absl::string_view::npos) {
    ok = absl::SimpleAtoi(range.second, &run->last_col);
  }
  if (!ok || run->first_col < 0 || run->last_col < run->first_col || run->last_col >= screen.cols) {
    return Error(line, column_of(words[1]),
                 absl::StrCat("`", words[1], "` is not a column range of the screen (0-",
                              screen.cols - 1, ")"));
  }
  for (size_t i = 2; i < words.size(); ++i) {
    if (!ApplyWord(words[i], &run->style)) {
      return Error(line, column_of(words[i]),
                   absl::StrCat("unknown style word `", words[i],
                                "` (bold dim italic underline[=double|curly|dotted|dashed] "
                                "reverse strike fg= bg= underline-color=)"));
    }
  }
  return absl::OkStatus();
}

Style Normalized(Style style) {
  style.attr_order = 0;
  if (!style.underline) {
    style.underline_shape = UnderlineShape::kSingle;
    style.underline_color = Color::Default();
  }
  return style;
}

// What shows of `style` on a blank cell (BlankShowsForeground): without an underline, a strike
// line or reverse video, the foreground, bold, dim and italic draw nothing there.
Style OnBlank(Style style) {
  if (!BlankShowsForeground(style)) {
    style.fg = Color::Default();
    style.bold = style.dim = style.italic = false;
  }
  return style;
}

bool IsBlank(const Cell& cell) { return cell.grapheme.empty() || cell.grapheme == " "; }

// The styles of row `row` as a person sees them (the runs FormatInlineScreen writes): a blank
// cell keeps what shows on it, except that blanks between two cells of one style that look like
// that style on a blank take it ("Fruit Shop" in bold is one bold run), as the semantic
// projection's runs do; and blanks beside a style that shows on a blank (a title bar's
// background) take it as far as they look like it.
std::vector<Style> SeenStyles(const Frame& frame, int row) {
  std::vector<Style> seen(static_cast<size_t>(frame.cols));
  std::vector<bool> plain_blank(static_cast<size_t>(frame.cols));
  for (int col = 0; col < frame.cols; ++col) {
    const Cell& cell = frame.cell(col, row);
    const Style style = Normalized(cell.style);
    plain_blank[col] = IsBlank(cell) && !BlankShowsForeground(style);
    seen[col] = plain_blank[col] ? OnBlank(style) : style;
  }
  int col = 0;
  while (col < frame.cols) {
    if (!plain_blank[col]) {
      ++col;
      continue;
    }
    int end = col;
    while (end < frame.cols && plain_blank[end]) ++end;
    // Blanks between two cells of one style that look like it on a blank take it; else the
    // blanks beside a style that shows on a blank (a bar's background) take it as far as they
    // look like it: " To do " on a blue bar is one run, a bold word before default blanks stays
    // a word.
    auto alike = [&](int from, int to, const Style& style) {
      for (int c = from; c < to; ++c) {
        if (!(seen[c] == OnBlank(style))) return false;
      }
      return true;
    };
    auto shows_on_blank = [](const Style& style) { return !(OnBlank(style) == Style{}); };
    if (col > 0 && end < frame.cols && seen[col - 1] == seen[end] &&
        alike(col, end, seen[col - 1])) {
      std::fill(seen.begin() + col, seen.begin() + end, seen[col - 1]);
    } else {
      int from = col;
      if (col > 0 && shows_on_blank(seen[col - 1])) {
        const Style left = seen[col - 1];
        while (from < end && seen[from] == OnBlank(left)) seen[from++] = left;
      }
      if (end < frame.cols && shows_on_blank(seen[end])) {
        const Style right = seen[end];
        for (int c = end - 1; c >= from && seen[c] == OnBlank(right); --c) seen[c] = right;
      }
    }
    col = end;
  }
  return seen;
}

}  // namespace

std::string InlineStyleWords(const Style& style) {
  std::vector<std::string> words;
  if (style.bold) words.emplace_back("bold");
  if (style.dim) words.emplace_back("dim");
  if (style.italic) words.emplace_back("italic");
  if (style.underline) {
    for (const UnderlineWord& u : kUnderlineWords) {
      if (u.shape == style.underline_shape) words.emplace_back(u.word);
    }
  }
  if (style.reverse) words.emplace_back("reverse");
  if (style.strike) words.emplace_back("strike");
  if (!style.fg.is_default()) words.push_back("fg=" + ColorName(style.fg));
  if (!style.bg.is_default()) words.push_back("bg=" + ColorName(style.bg));
  if (style.underline && !style.underline_color.is_default()) {
    words.push_back("underline-color=" + ColorName(style.underline_color));
  }
  return absl::StrJoin(words, " ");
}

absl::StatusOr<Style> ParseStyleWords(absl::string_view words) {
  Style style;
  bool any = false;
  for (absl::string_view word : absl::StrSplit(words, ' ', absl::SkipEmpty())) {
    if (!ApplyWord(word, &style)) {
      return absl::InvalidArgumentError(
          absl::StrCat("column ", word.data() - words.data() + 1, ": unknown style word `", word,
                       "` (bold dim italic underline[=double|curly|dotted|dashed] reverse strike "
                       "fg= bg= underline-color=)"));
    }
    any = true;
  }
  if (!any) {
    return absl::InvalidArgumentError(
        "column 1: no style words (such as `bold`, `reverse` or `bold fg=red`)");
  }
  return style;
}

absl::StatusOr<InlineScreen> ParseInlineScreen(absl::string_view literal) {
  std::vector<absl::string_view> lines = absl::StrSplit(literal, '\n');
  auto blank = [](absl::string_view l) { return absl::StripAsciiWhitespace(l).empty(); };
  size_t first = 0;
  while (first < lines.size() && blank(lines[first])) ++first;
  size_t end = lines.size();
  while (end > first && blank(lines[end - 1])) --end;
  InlineScreen screen;
  if (first == end) return screen;
  // The common indentation of the lines that say something.
  size_t indent = absl::string_view::npos;
  for (size_t i = first; i < end; ++i) {
    if (blank(lines[i])) continue;
    const size_t n = lines[i].find_first_not_of(" \t");
    indent = std::min(indent, n);
  }
  bool in_styles = false;
  for (size_t i = first; i < end; ++i) {
    const int line = static_cast<int>(i) + 1;
    absl::string_view text = lines[i];
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    if (blank(text)) {
      if (in_styles) continue;
      return Error(line, 1, "a blank line among the rows: write a blank row as |   | between bars");
    }
    text.remove_prefix(std::min(indent, text.size()));
    text = absl::StripTrailingAsciiWhitespace(text);
    const int col = static_cast<int>(indent) + 1;
    if (!in_styles && text == kInlineStylesLine) {
      in_styles = true;
      screen.pins_styles = true;
      continue;
    }
    if (in_styles) {
      if (screen.rows.empty()) return Error(line, col, "styles before any row");
      InlineStyleRun run;
      if (absl::Status s = ParseRun(text, line, static_cast<int>(indent), screen, &run); !s.ok()) {
        return s;
      }
      screen.styles.push_back(run);
      continue;
    }
    if (text.size() < 2 || text.front() != '|' || text.back() != '|') {
      return Error(line, col,
                   text.front() != '|'
                       ? "a row starts with | (or the styles part with `--- styles`)"
                       : "a row ends with | (a row's cells sit between two bars)");
    }
    std::string row(text.substr(1, text.size() - 2));
    const int width = TextWidth(row);
    if (screen.rows.empty()) {
      screen.cols = width;
    } else if (width != screen.cols) {
      return Error(line, col,
                   absl::StrCat("this row is ", width, " cells wide, the first row ", screen.cols,
                                ": every row of a screen has its width"));
    }
    screen.rows.push_back(std::move(row));
  }
  if (screen.cols == 0 && !screen.rows.empty()) {
    return Error(static_cast<int>(first) + 1, static_cast<int>(indent) + 1,
                 "a row with no cells (||): a screen is at least one column wide");
  }
  return screen;
}

std::string FormatInlineScreen(const Frame& frame, bool with_styles) {
  int rows = frame.rows;
  while (rows > 1) {
    const std::string text = frame.RowText(rows - 1);
    if (!absl::StripTrailingAsciiWhitespace(text).empty()) break;
    // A row is left out only when nothing on it shows, styles included when they are pinned.
    bool styled = false;
    if (with_styles) {
      for (const Style& style : SeenStyles(frame, rows - 1)) styled = styled || !(style == Style{});
    }
    if (styled) break;
    --rows;
  }
  std::string out;
  for (int row = 0; row < rows; ++row) absl::StrAppend(&out, "|", frame.RowText(row), "|\n");
  if (!with_styles) return out;
  absl::StrAppend(&out, kInlineStylesLine, "\n");
  for (int row = 0; row < rows; ++row) {
    const std::vector<Style> seen = SeenStyles(frame, row);
    int col = 0;
    while (col < frame.cols) {
      int last = col;
      while (last + 1 < frame.cols && seen[last + 1] == seen[col]) ++last;
      if (!(seen[col] == Style{})) {
        absl::StrAppend(&out, row, " ", col);
        if (last > col) absl::StrAppend(&out, "-", last);
        absl::StrAppend(&out, " ", InlineStyleWords(seen[col]), "\n");
      }
      col = last + 1;
    }
  }
  return out;
}

Frame ExpectedFrame(const InlineScreen& screen, const Frame& actual) {
  const int rows = std::max(static_cast<int>(screen.rows.size()), actual.rows);
  Frame expected = Frame::Blank(screen.cols, rows);
  for (Cell& cell : expected.cells) cell.grapheme.clear();  // a parsed frame: row_text says it
  expected.row_text.assign(static_cast<size_t>(rows), std::string(screen.cols, ' '));
  for (size_t i = 0; i < screen.rows.size(); ++i) expected.row_text[i] = screen.rows[i];
  expected.cursor = actual.cursor;
  expected.links = actual.links;
  expected.rasters = actual.rasters;
  const bool same_size = screen.cols == actual.cols && rows == actual.rows;
  if (screen.pins_styles) {
    for (const InlineStyleRun& run : screen.styles) {
      for (int col = run.first_col; col <= run.last_col && col < expected.cols; ++col) {
        expected.cell(col, run.row).style = run.style;
      }
    }
  } else if (same_size) {
    for (size_t i = 0; i < expected.cells.size(); ++i) {
      expected.cells[i].style = actual.cells[i].style;
    }
  }
  return expected;
}

}  // namespace vtsnap
