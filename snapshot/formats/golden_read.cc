// The `ckvision-golden 1` reader (and its wide form's, `vtsnap-wide-golden 1`): golden::Parse,
// which enforces every rule of the format and names the first one broken by line and column.
#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/quote.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/golden_internal.h"
#include "vtsnap/snapshot/formats/line_reader.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap::golden {
namespace {

using internal::AttrFlag;
using internal::AttrOrderEntry;
using internal::IsLowerHex;
using internal::WideName;

constexpr absl::string_view kCrlfMessage =
    "CRLF line endings (a checkout converted it; add `*.dump -text` to .gitattributes)";

// A token or a line quoted in a message: escaped, and shortened when long.
constexpr QuoteOptions kQuote = {.max_bytes = 40};

absl::Status Error(int line, int col, absl::string_view expected, absl::string_view got) {
  return LineError("", line, col, absl::StrCat("expected ", expected, ", got ", got));
}

using Line = TextLine;

struct Token {
  absl::string_view text;
  int col = 0;  // 1-based
};

// Canonical non-negative decimal that fits an int.
bool ParseCanonicalInt(absl::string_view s, int* out) {
  if (s.empty() || (s.size() > 1 && s[0] == '0')) return false;
  int64_t value = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + (c - '0');
    if (value > std::numeric_limits<int>::max()) return false;
  }
  *out = static_cast<int>(value);
  return true;
}

bool ParseColor(absl::string_view s, Color* out) {
  if (s == "default") {
    *out = Color::Default();
    return true;
  }
  if (!s.empty() && s[0] == '@') {
    int index = 0;
    if (!ParseCanonicalInt(s.substr(1), &index) || index > 255) return false;
    *out = Color::Palette(index);
    return true;
  }
  if (s.size() != 7 || s[0] != '#') return false;
  uint32_t value = 0;
  for (size_t i = 1; i < 7; ++i) {
    const int digit = HexDigitValue(s[i]);
    if (digit < 0) return false;
    value = value * 16 + static_cast<uint32_t>(digit);
  }
  *out = Color{Color::Kind::kRgb, value};
  return true;
}

// The tokens of one record line, read front to back.
class Tokens {
 public:
  // Splits `line` at single spaces; an empty token (a leading, doubled or trailing space) is an
  // error.
  static absl::StatusOr<Tokens> Split(const Line& line) {
    Tokens tokens(line);
    const absl::string_view text = line.text;
    if (text.empty()) return tokens;
    size_t start = 0;
    while (true) {
      const size_t space = text.find(' ', start);
      const size_t end = space == absl::string_view::npos ? text.size() : space;
      if (end == start) {
        const int col = static_cast<int>(start) + 1;
        if (start == 0) return Error(line.number, col, "a token", "a leading space");
        if (start == text.size())
          return Error(line.number, col - 1, "end of line", "a trailing space");
        return Error(line.number, col, "a single space between tokens", "another space");
      }
      tokens.tokens_.push_back(Token{text.substr(start, end - start), static_cast<int>(start) + 1});
      if (space == absl::string_view::npos) break;
      start = space + 1;
    }
    return tokens;
  }

  bool done() const { return next_ >= tokens_.size(); }
  const Token* Peek() const { return done() ? nullptr : &tokens_[next_]; }
  // The column just past the line, where a missing token is reported.
  int EndCol() const { return static_cast<int>(line_.text.size()) + 1; }
  int line() const { return line_.number; }

  absl::Status ErrorAt(const Token& token, absl::string_view expected) const {
    return Error(line_.number, token.col, expected, QuoteForMessage(token.text, kQuote));
  }
  absl::Status ErrorAt(const Token& token, absl::string_view expected,
                       absl::string_view got) const {
    return Error(line_.number, token.col, expected, got);
  }

  // The next token, whatever it is.
  absl::StatusOr<Token> Next(absl::string_view expected) {
    if (done()) return Error(line_.number, EndCol(), expected, "end of line");
    return tokens_[next_++];
  }

  absl::Status Keyword(absl::string_view keyword) {
    const std::string expected = absl::StrCat("\"", keyword, "\"");
    absl::StatusOr<Token> token = Next(expected);
    if (!token.ok()) return token.status();
    if (token->text != keyword) return ErrorAt(*token, expected);
    return absl::OkStatus();
  }

  // A canonical integer; `what` names it in messages ("the column count").
  absl::StatusOr<Token> Int(absl::string_view what, int* out) {
    const std::string expected = absl::StrCat(what, " (a canonical non-negative integer)");
    absl::StatusOr<Token> token = Next(expected);
    if (!token.ok()) return token.status();
    if (!ParseCanonicalInt(token->text, out)) return ErrorAt(*token, expected);
    return token;
  }

  absl::StatusOr<Token> ParsedColor(absl::string_view what, Color* out) {
    const std::string expected = absl::StrCat(what, " (default, @0-255 or #RRGGBB)");
    absl::StatusOr<Token> token = Next(expected);
    if (!token.ok()) return token.status();
    if (!ParseColor(token->text, out)) return ErrorAt(*token, expected);
    return token;
  }

  absl::Status End() {
    if (done()) return absl::OkStatus();
    return ErrorAt(tokens_[next_], "end of line");
  }

 private:
  explicit Tokens(const Line& line) : line_(line) {}

  Line line_;
  std::vector<Token> tokens_;
  size_t next_ = 0;
};

std::string RangeText(absl::string_view what, int count) {
  if (count == 1) return absl::StrCat(what, " 0");
  return absl::StrCat(what, " 0-", count - 1);
}

class Parser {
 public:
  explicit Parser(absl::string_view text) : text_(text), lines_(text) {}

  absl::StatusOr<Frame> Run();

 private:
  // The next line; `expected` names it for the error at the end of input.
  // Lines are cut from the text as they are read: a table of all the lines would cost more than
  // the text itself.
  absl::StatusOr<Line> NextLine(absl::string_view expected) { return lines_.Next(expected); }
  // The next line, split into tokens; `expected` names it when the text has ended.
  absl::StatusOr<Tokens> NextTokens(absl::string_view expected) {
    VTSNAP_ASSIGN_OR_RETURN(const Line line, NextLine(expected));
    return Tokens::Split(line);
  }
  bool AtEnd() const { return lines_.AtEnd(); }
  absl::Status ExactLine(absl::string_view keyword) {
    const std::string expected = absl::StrCat("\"", keyword, "\"");
    absl::StatusOr<Line> line = NextLine(expected);
    if (!line.ok()) return line.status();
    if (line->text != keyword) {
      return Error(line->number, 1, expected,
                   line->text.empty() ? "an empty line" : QuoteForMessage(line->text, kQuote));
    }
    return absl::OkStatus();
  }

  absl::Status ParseFrameLine();
  absl::Status ParseCursorLine();
  absl::Status ParseStyles();
  absl::Status ParseWideNameWidth(Tokens& tokens, const Token& count_token, int count);
  absl::Status ParseStyleLine(int index, Style* style);
  absl::Status ParseAttrs(const Tokens& tokens, const Token& token, Style* style);
  absl::Status ParseGrid();
  absl::Status ParseStylemap();
  absl::Status ParseLink(Tokens& tokens);
  absl::Status ParseRaster(Tokens& tokens);
  // `line` without its "|" delimiters, or an error naming `what`.
  absl::StatusOr<absl::string_view> Delimited(const Line& line, absl::string_view what);

  absl::string_view text_;
  LineReader lines_;
  bool wide_ = false;   // the wide form (kWideHeader) rather than version 1
  int name_width_ = 1;  // the characters of a style name: 1 in version 1
  std::vector<Style> styles_;
  Frame frame_;
  absl::flat_hash_set<int> raster_ids_;  // ids seen so far, so duplicates cost O(1) to find
};

absl::Status Parser::ParseFrameLine() {
  absl::StatusOr<Tokens> tokens = NextTokens("\"frame <cols> <rows>\"");
  if (!tokens.ok()) return tokens.status();
  VTSNAP_RETURN_IF_ERROR(tokens->Keyword("frame"));
  absl::StatusOr<Token> cols = tokens->Int("the column count", &frame_.cols);
  if (!cols.ok()) return cols.status();
  if (frame_.cols < 1) return tokens->ErrorAt(*cols, "a positive column count");
  absl::StatusOr<Token> rows = tokens->Int("the row count", &frame_.rows);
  if (!rows.ok()) return rows.status();
  if (frame_.rows < 1) return tokens->ErrorAt(*rows, "a positive row count");
  // Before any cell is allocated: the cells of a parsed frame cost about 36 times their dump.
  const int64_t cells = int64_t{frame_.cols} * frame_.rows;
  if (cells > internal::kMaxCells) {
    return tokens->ErrorAt(
        *rows, absl::StrCat("a frame of at most ", internal::kMaxCells, " cells (4096 x 4096)"),
        absl::StrCat(frame_.cols, " x ", frame_.rows, " = ", cells));
  }
  return tokens->End();
}

absl::Status Parser::ParseCursorLine() {
  absl::StatusOr<Tokens> tokens = NextTokens("a cursor line");
  if (!tokens.ok()) return tokens.status();
  VTSNAP_RETURN_IF_ERROR(tokens->Keyword("cursor"));
  const Token* first = tokens->Peek();
  if (first != nullptr && first->text == "hidden") {
    (void)tokens->Next("");
    frame_.cursor = Cursor{};
    return tokens->End();
  }
  Cursor& cursor = frame_.cursor;
  cursor.visible = true;
  if (first != nullptr && !first->text.empty() && !absl::ascii_isdigit(first->text[0])) {
    return tokens->ErrorAt(*first, "\"hidden\" or a cursor column");
  }
  absl::StatusOr<Token> col = tokens->Int("the cursor column", &cursor.col);
  if (!col.ok()) return col.status();
  if (cursor.col >= frame_.cols) {
    return tokens->ErrorAt(*col, RangeText("a cursor column inside the frame:", frame_.cols));
  }
  absl::StatusOr<Token> row = tokens->Int("the cursor row", &cursor.row);
  if (!row.ok()) return row.status();
  if (cursor.row >= frame_.rows) {
    return tokens->ErrorAt(*row, RangeText("a cursor row inside the frame:", frame_.rows));
  }
  constexpr absl::string_view kShapes = "a cursor shape (block, bar or underline)";
  absl::StatusOr<Token> shape = tokens->Next(kShapes);
  if (!shape.ok()) return shape.status();
  if (shape->text == "block") {
    cursor.shape = CursorShape::kBlock;
  } else if (shape->text == "bar") {
    cursor.shape = CursorShape::kBar;
  } else if (shape->text == "underline") {
    cursor.shape = CursorShape::kUnderline;
  } else {
    return tokens->ErrorAt(*shape, kShapes);
  }
  return tokens->End();
}

absl::Status Parser::ParseStyles() {
  absl::StatusOr<Tokens> tokens = NextTokens("\"styles <count>\"");
  if (!tokens.ok()) return tokens.status();
  VTSNAP_RETURN_IF_ERROR(tokens->Keyword("styles"));
  int count = 0;
  absl::StatusOr<Token> token = tokens->Int("the style count", &count);
  if (!token.ok()) return token.status();
  if (wide_) {
    VTSNAP_RETURN_IF_ERROR(ParseWideNameWidth(*tokens, *token, count));
  } else if (count > kMaxStyles) {
    return tokens->ErrorAt(
        *token, absl::StrCat("a style count of at most ", kMaxStyles, " (the version-1 limit)"));
  }
  VTSNAP_RETURN_IF_ERROR(tokens->End());
  // Grown a line at a time: a count the text does not hold costs no memory.
  styles_.reserve(std::min(static_cast<size_t>(count), lines_.bytes_left() / 32 + 1));
  for (int i = 0; i < count; ++i) {
    styles_.emplace_back();
    VTSNAP_RETURN_IF_ERROR(ParseStyleLine(i, &styles_.back()));
  }
  return absl::OkStatus();
}

// The wide form's "width <w>" after the style count: the count is at most one a cell, and `w` the
// fewest characters that name `count` styles (WideNameWidth), so that the writer's spelling is
// the only one for a count. (A wide dump of 62 styles or fewer is read, but is not canonical:
// Serialize writes version 1 for it, docs/golden-format.md.)
absl::Status Parser::ParseWideNameWidth(Tokens& tokens, const Token& count_token, int count) {
  const int64_t cells = int64_t{frame_.cols} * frame_.rows;
  if (count > cells) {
    return tokens.ErrorAt(count_token,
                          absl::StrCat("a style count of at most ", cells, " (one a cell)"));
  }
  VTSNAP_RETURN_IF_ERROR(tokens.Keyword("width"));
  const int width = WideNameWidth(count);
  const std::string expected = absl::StrCat("the style name width ", width,
                                            " (the fewest characters, at least 2, that name ",
                                            count, count == 1 ? " style)" : " styles)");
  int declared = 0;
  absl::StatusOr<Token> token = tokens.Int(expected, &declared);
  if (!token.ok()) return token.status();
  if (declared != width) return tokens.ErrorAt(*token, expected);
  name_width_ = width;
  return absl::OkStatus();
}

absl::Status Parser::ParseAttrs(const Tokens& tokens, const Token& token, Style* style) {
  constexpr absl::string_view kExpected =
      "an attribute (bold, dim, italic, underline, reverse or strike)";
  if (token.text == "-") return absl::OkStatus();
  size_t start = 0;
  std::array<bool, kAttrNames.size()> seen = {};
  int position = 0;
  while (true) {
    const size_t comma = token.text.find(',', start);
    const size_t end = comma == absl::string_view::npos ? token.text.size() : comma;
    const absl::string_view name = token.text.substr(start, end - start);
    const Token at{name, token.col + static_cast<int>(start)};
    size_t i = 0;
    while (i < kAttrNames.size() && kAttrNames[i] != name) ++i;
    if (name.empty()) return tokens.ErrorAt(at, kExpected, "nothing");
    if (i == kAttrNames.size()) return tokens.ErrorAt(at, kExpected);
    if (seen[i]) {
      return tokens.ErrorAt(at, "each attribute at most once",
                            absl::StrCat(QuoteForMessage(name, kQuote), " again"));
    }
    seen[i] = true;
    *AttrFlag(*style, i) = true;
    style->attr_order |= AttrOrderEntry(i, position++);  // kept as written (the format's rule)
    if (comma == absl::string_view::npos) break;
    start = comma + 1;
  }
  return absl::OkStatus();
}

absl::Status Parser::ParseStyleLine(int index, Style* style) {
  const std::string name = wide_ ? WideName(index, name_width_) : absl::StrCat(index);
  absl::StatusOr<Tokens> tokens = NextTokens(
      absl::StrCat("style ", name, " (\"", name, " fg <color> bg <color> attrs <attrs>\")"));
  if (!tokens.ok()) return tokens.status();
  absl::StatusOr<Token> token;
  if (wide_) {
    const std::string expected = absl::StrCat(
        "style name ", name, " (styles are named in order from ", WideName(0, name_width_), ")");
    token = tokens->Next(expected);
    if (!token.ok()) return token.status();
    if (token->text != name) return tokens->ErrorAt(*token, expected);
  } else {
    int declared = 0;
    token = tokens->Int(absl::StrCat("style index ", index), &declared);
    if (!token.ok()) return token.status();
    if (declared != index) {
      return tokens->ErrorAt(*token, absl::StrCat("style index ", index,
                                                  " (styles are numbered "
                                                  "contiguously from 0)"));
    }
  }
  VTSNAP_RETURN_IF_ERROR(tokens->Keyword("fg"));
  token = tokens->ParsedColor("a foreground colour", &style->fg);
  if (!token.ok()) return token.status();
  VTSNAP_RETURN_IF_ERROR(tokens->Keyword("bg"));
  token = tokens->ParsedColor("a background colour", &style->bg);
  if (!token.ok()) return token.status();
  VTSNAP_RETURN_IF_ERROR(tokens->Keyword("attrs"));
  token = tokens->Next("the attributes (- or a comma-separated list)");
  if (!token.ok()) return token.status();
  VTSNAP_RETURN_IF_ERROR(ParseAttrs(*tokens, *token, style));

  const Token* next = tokens->Peek();
  if (next != nullptr && next->text == "underline") {
    if (!style->underline) {
      return tokens->ErrorAt(*next, "end of line (\"underline <shape>\" needs the underline attr)");
    }
    (void)tokens->Next("");
    constexpr absl::string_view kShapes = "an underline shape (double, curly, dotted or dashed)";
    token = tokens->Next(kShapes);
    if (!token.ok()) return token.status();
    if (token->text == "double") {
      style->underline_shape = UnderlineShape::kDouble;
    } else if (token->text == "curly") {
      style->underline_shape = UnderlineShape::kCurly;
    } else if (token->text == "dotted") {
      style->underline_shape = UnderlineShape::kDotted;
    } else if (token->text == "dashed") {
      style->underline_shape = UnderlineShape::kDashed;
    } else {
      return tokens->ErrorAt(*token, kShapes);
    }
  }
  next = tokens->Peek();
  if (next != nullptr && next->text == "ulcolor") {
    if (!style->underline) {
      return tokens->ErrorAt(*next, "end of line (\"ulcolor <color>\" needs the underline attr)");
    }
    (void)tokens->Next("");
    token = tokens->ParsedColor("an underline colour", &style->underline_color);
    if (!token.ok()) return token.status();
    if (style->underline_color.is_default()) {
      return tokens->ErrorAt(*token,
                             "an underline colour other than default (an underline in the text "
                             "colour is written without ulcolor)");
    }
  }
  next = tokens->Peek();
  if (next != nullptr && next->text == "underline") {
    return tokens->ErrorAt(*next, "end of line (\"underline <shape>\" comes before ulcolor)");
  }
  return tokens->End();
}

absl::StatusOr<absl::string_view> Parser::Delimited(const Line& line, absl::string_view what) {
  const absl::string_view text = line.text;
  if (text.empty() || text[0] != '|') {
    return Error(line.number, 1, absl::StrCat("\"|\" opening ", what),
                 text.empty() ? "an empty line" : QuoteForMessage(text.substr(0, 1), kQuote));
  }
  if (text.size() < 2 || text.back() != '|') {
    return Error(line.number, static_cast<int>(text.size()) + 1,
                 absl::StrCat("\"|\" closing ", what), "end of line");
  }
  return text.substr(1, text.size() - 2);
}

absl::Status Parser::ParseGrid() {
  VTSNAP_RETURN_IF_ERROR(ExactLine("grid"));
  // Each row takes at least three bytes ("||\n"): reserve no more than the text can hold.
  frame_.row_text.reserve(std::min(static_cast<size_t>(frame_.rows), lines_.bytes_left() / 3));
  for (int row = 0; row < frame_.rows; ++row) {
    const std::string what = absl::StrCat("grid row ", row);
    absl::StatusOr<Line> line = NextLine(what);
    if (!line.ok()) return line.status();
    absl::StatusOr<absl::string_view> content = Delimited(*line, what);
    if (!content.ok()) return content.status();
    frame_.row_text.emplace_back(content->data(), content->size());
  }
  return absl::OkStatus();
}

// The stylemap rows: `name_width_` characters a cell (one in version 1, kWideHeader's width in
// the wide form), each naming a declared style. The messages are version 1's, or the wide form's.
absl::Status Parser::ParseStylemap() {
  VTSNAP_RETURN_IF_ERROR(ExactLine("stylemap"));
  const size_t width = static_cast<size_t>(name_width_);
  const int count = static_cast<int>(styles_.size());
  const std::string declared = count == 0
                                   ? std::string("a declared style (none is declared)")
                                   : absl::StrCat("a declared style (", WideName(0, name_width_),
                                                  "-", WideName(count - 1, name_width_), ")");
  const std::string expected_name =
      wide_ ? absl::StrCat("a style name (", width, " characters of 0-9, A-Z or a-z)")
            : std::string("a style character (0-9, A-Z or a-z)");
  const size_t cols = static_cast<size_t>(frame_.cols);
  const std::string expected_length =
      wide_ ? absl::StrCat(cols * width, " style characters (", width, " a column)")
            : absl::StrCat(cols, " style characters (one a column)");
  // The cells are allocated once when the rest of the text can hold them (a vector grown by
  // doubling would hold up to twice as many, and copy them as it grows).
  const uint64_t cell_count = static_cast<uint64_t>(cols) * static_cast<uint64_t>(frame_.rows);
  if (cell_count * width <= lines_.bytes_left()) {
    frame_.cells.reserve(static_cast<size_t>(cell_count));
  }
  for (int row = 0; row < frame_.rows; ++row) {
    const std::string what = absl::StrCat("stylemap row ", row);
    absl::StatusOr<Line> line = NextLine(what);
    if (!line.ok()) return line.status();
    absl::StatusOr<absl::string_view> content = Delimited(*line, what);
    if (!content.ok()) return content.status();
    const size_t names = std::min(content->size() / width, cols);
    for (size_t cell = 0; cell < names; ++cell) {
      int64_t index = 0;
      for (size_t at = cell * width; at < (cell + 1) * width; ++at) {
        const size_t digit = kStyleAlphabet.find((*content)[at]);
        if (digit == absl::string_view::npos) {
          return Error(line->number, static_cast<int>(at) + 2, expected_name,
                       QuoteForMessage(content->substr(at, 1), kQuote));
        }
        index = index * kMaxStyles + static_cast<int64_t>(digit);
      }
      if (index >= count) {
        return Error(line->number, static_cast<int>(cell * width) + 2, declared,
                     QuoteForMessage(content->substr(cell * width, width), kQuote));
      }
      frame_.cells.emplace_back();
      frame_.cells.back().grapheme.clear();
      frame_.cells.back().style = styles_[static_cast<size_t>(index)];
    }
    if (content->size() != cols * width) {
      const int col = static_cast<int>(std::min(content->size(), cols * width)) + 2;
      return Error(line->number, col, expected_length, absl::StrCat(content->size()));
    }
  }
  return absl::OkStatus();
}

absl::Status Parser::ParseLink(Tokens& tokens) {
  LinkRun link;
  absl::StatusOr<Token> col = tokens.Int("the link column", &link.col);
  if (!col.ok()) return col.status();
  if (link.col >= frame_.cols) {
    return tokens.ErrorAt(*col, RangeText("a link column inside the frame:", frame_.cols));
  }
  absl::StatusOr<Token> row = tokens.Int("the link row", &link.row);
  if (!row.ok()) return row.status();
  if (link.row >= frame_.rows) {
    return tokens.ErrorAt(*row, RangeText("a link row inside the frame:", frame_.rows));
  }
  absl::StatusOr<Token> cols = tokens.Int("the link length", &link.cols);
  if (!cols.ok()) return cols.status();
  if (link.cols < 1) return tokens.ErrorAt(*cols, "a positive link length");
  if (link.cols > frame_.cols - link.col) {
    return tokens.ErrorAt(*cols, absl::StrCat("a link length of at most ", frame_.cols - link.col,
                                              " (the run must lie inside its row)"));
  }
  absl::StatusOr<Token> target = tokens.Next("a link target (an absolute URI of printable ASCII)");
  if (!target.ok()) return target.status();
  if (!IsValidHyperlinkTarget(target->text)) {
    return tokens.ErrorAt(*target, "a link target (an absolute URI of printable ASCII)");
  }
  link.target = std::string(target->text);
  VTSNAP_RETURN_IF_ERROR(tokens.End());
  if (!frame_.links.empty()) {
    const LinkRun& before = frame_.links.back();
    const int before_end = before.col + before.cols;
    if (link.row < before.row || (link.row == before.row && link.col < before_end)) {
      const Token& at = link.row < before.row ? *row : *col;
      return tokens.ErrorAt(
          at,
          absl::StrFormat("a link run after row %d col %d (runs are row-major and do not overlap)",
                          before.row, before_end - 1),
          absl::StrFormat("row %d col %d", link.row, link.col));
    }
    if (link.row == before.row && link.col == before_end && link.target == before.target) {
      return tokens.ErrorAt(*target,
                            "a target other than the touching run's (one target's touching runs "
                            "are written as one run)",
                            absl::StrCat(QuoteForMessage(link.target, kQuote), " again"));
    }
  }
  frame_.links.push_back(std::move(link));
  return absl::OkStatus();
}

absl::Status Parser::ParseRaster(Tokens& tokens) {
  RasterRecord r;
  absl::StatusOr<Token> id = tokens.Int("the raster id", &r.id);
  if (!id.ok()) return id.status();
  if (r.id < 1) return tokens.ErrorAt(*id, "a positive raster id");
  if (!raster_ids_.insert(r.id).second) {
    return tokens.ErrorAt(*id, "a raster id not used before",
                          absl::StrCat(QuoteForMessage(id->text, kQuote), " again"));
  }
  VTSNAP_RETURN_IF_ERROR(tokens.Keyword("anchor"));
  absl::StatusOr<Token> col = tokens.Int("the anchor column", &r.col);
  if (!col.ok()) return col.status();
  if (r.col >= frame_.cols) {
    return tokens.ErrorAt(*col, RangeText("an anchor column inside the frame:", frame_.cols));
  }
  absl::StatusOr<Token> row = tokens.Int("the anchor row", &r.row);
  if (!row.ok()) return row.status();
  if (r.row >= frame_.rows) {
    return tokens.ErrorAt(*row, RangeText("an anchor row inside the frame:", frame_.rows));
  }
  VTSNAP_RETURN_IF_ERROR(tokens.Keyword("span"));
  absl::StatusOr<Token> cols = tokens.Int("the span's columns", &r.cols);
  if (!cols.ok()) return cols.status();
  if (r.cols < 1) return tokens.ErrorAt(*cols, "a positive span");
  if (r.cols > frame_.cols - r.col) {
    return tokens.ErrorAt(*cols, absl::StrCat("a span of at most ", frame_.cols - r.col,
                                              " columns (the region must lie inside the frame)"));
  }
  absl::StatusOr<Token> rows = tokens.Int("the span's rows", &r.rows);
  if (!rows.ok()) return rows.status();
  if (r.rows < 1) return tokens.ErrorAt(*rows, "a positive span");
  if (r.rows > frame_.rows - r.row) {
    return tokens.ErrorAt(*rows, absl::StrCat("a span of at most ", frame_.rows - r.row,
                                              " rows (the region must lie inside the frame)"));
  }
  VTSNAP_RETURN_IF_ERROR(tokens.Keyword("pixels"));
  absl::StatusOr<Token> width = tokens.Int("the pixel width", &r.pixel_width);
  if (!width.ok()) return width.status();
  if (r.pixel_width < 1) return tokens.ErrorAt(*width, "a positive pixel width");
  absl::StatusOr<Token> height = tokens.Int("the pixel height", &r.pixel_height);
  if (!height.ok()) return height.status();
  if (r.pixel_height < 1) return tokens.ErrorAt(*height, "a positive pixel height");
  VTSNAP_RETURN_IF_ERROR(tokens.Keyword("hash"));
  absl::StatusOr<Token> hash = tokens.Next("a lowercase hex hash");
  if (!hash.ok()) return hash.status();
  if (!IsLowerHex(hash->text)) return tokens.ErrorAt(*hash, "a lowercase hex hash");
  r.hash = std::string(hash->text);
  VTSNAP_RETURN_IF_ERROR(tokens.End());
  frame_.rasters.push_back(std::move(r));
  return absl::OkStatus();
}

absl::StatusOr<Frame> Parser::Run() {
  // CRLF first: a converted checkout breaks every line, and one message says why. But only for a
  // golden: a file that is not one at all (its first line, read with a CRLF ending, is not the
  // header) is named by its header.
  if (const size_t crlf = text_.find("\r\n"); crlf != absl::string_view::npos) {
    const absl::string_view first_line = text_.substr(0, text_.find('\n'));
    if (first_line != kHeader && first_line != absl::StrCat(kHeader, "\r") &&
        first_line != kWideHeader && first_line != absl::StrCat(kWideHeader, "\r")) {
      return Error(1, 1, absl::StrCat("\"", kHeader, "\""), QuoteForMessage(first_line, kQuote));
    }
    int line = 1;
    size_t line_start = 0;
    for (size_t i = 0; i < crlf; ++i) {
      if (text_[i] == '\n') {
        ++line;
        line_start = i + 1;
      }
    }
    return absl::InvalidArgumentError(
        absl::StrCat(line, ":", crlf - line_start + 1, ": ", kCrlfMessage));
  }
  if (!text_.empty() && text_.back() != '\n') {
    const size_t last_newline = text_.rfind('\n');
    const size_t last_start = last_newline == absl::string_view::npos ? 0 : last_newline + 1;
    const int number = static_cast<int>(std::count(text_.begin(), text_.end(), '\n')) + 1;
    return Error(number, static_cast<int>(text_.size() - last_start) + 1, "a final newline",
                 "end of input");
  }

  const std::string header = absl::StrCat("\"", kHeader, "\"");
  absl::StatusOr<Line> first = NextLine(header);
  if (!first.ok()) return first.status();
  // Version 1, or the wide form (named only when it is the one read: version 1 is what people
  // write).
  wide_ = first->text == kWideHeader;
  if (!wide_ && first->text != kHeader) {
    return Error(1, 1, header, QuoteForMessage(first->text, kQuote));
  }
  VTSNAP_RETURN_IF_ERROR(ParseFrameLine());
  VTSNAP_RETURN_IF_ERROR(ParseCursorLine());
  VTSNAP_RETURN_IF_ERROR(ParseStyles());
  VTSNAP_RETURN_IF_ERROR(ParseGrid());
  VTSNAP_RETURN_IF_ERROR(ParseStylemap());

  // Link records, then raster records, then "end".
  while (true) {
    absl::StatusOr<Line> line =
        NextLine(frame_.rasters.empty() ? "a link record, a raster record or \"end\""
                                        : "a raster record or \"end\"");
    if (!line.ok()) return line.status();
    if (line->text == "end") break;
    absl::StatusOr<Tokens> tokens = Tokens::Split(*line);
    if (!tokens.ok()) return tokens.status();
    if (tokens->done()) {
      return Error(line->number, 1,
                   frame_.rasters.empty() ? "a link record, a raster record or \"end\""
                                          : "a raster record or \"end\"",
                   "an empty line");
    }
    const Token keyword = *tokens->Next("");
    if (keyword.text == "link") {
      if (!frame_.rasters.empty()) {
        return tokens->ErrorAt(keyword,
                               "a raster record or \"end\" (link records come before "
                               "raster records)");
      }
      VTSNAP_RETURN_IF_ERROR(ParseLink(*tokens));
    } else if (keyword.text == "raster") {
      VTSNAP_RETURN_IF_ERROR(ParseRaster(*tokens));
    } else {
      return tokens->ErrorAt(keyword, frame_.rasters.empty()
                                          ? "a link record, a raster record or \"end\""
                                          : "a raster record or \"end\"");
    }
  }
  if (!AtEnd()) {
    const Line line = *NextLine("");
    return Error(line.number, 1, "nothing after \"end\"",
                 line.text.empty() ? "an empty line" : QuoteForMessage(line.text, kQuote));
  }
  return std::move(frame_);
}

}  // namespace

absl::StatusOr<Frame> Parse(absl::string_view text) { return Parser(text).Run(); }

}  // namespace vtsnap::golden
