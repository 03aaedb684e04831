// pito-tui frame 1: names, the reader, the writer and the conversion from a screen
// (snapshot/formats/pito_frame.h).
#include "vtsnap/snapshot/formats/pito_frame.h"

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vtsnap/base/quote.h"
#include "vtsnap/base/status_macros.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/snapshot/formats/line_reader.h"
#include "vtsnap/snapshot/formats/pito_internal.h"

namespace vtsnap::pito {
namespace {

constexpr std::array<absl::string_view, 17> kColorNames = {
    "Reset",       "Black",     "Red",          "Green",     "Yellow",   "Blue",
    "Magenta",     "Cyan",      "Gray",         "DarkGray",  "LightRed", "LightGreen",
    "LightYellow", "LightBlue", "LightMagenta", "LightCyan", "White"};

constexpr std::array<absl::string_view, 9> kModifierNames = {
    "BOLD",        "DIM",      "ITALIC", "UNDERLINED", "SLOW_BLINK",
    "RAPID_BLINK", "REVERSED", "HIDDEN", "CROSSED_OUT"};

constexpr int kMaxSide = 65535;  // ratatui's Rect is u16 wide and high

// The four fields of a style run, for messages.
constexpr std::array<absl::string_view, 4> kRunFields = {"a cell count", "a foreground colour",
                                                         "a background colour", "modifier bits"};

// A token or a line quoted in a message: escaped, and shortened when long.
constexpr QuoteOptions kQuote = {.max_bytes = 40};

// ---------------------------------------------------------------------------------------------
// Reader

using Line = TextLine;

// A canonical non-negative decimal (no sign, no leading zero) of at most `max`.
bool ParseDecimal(absl::string_view s, int64_t max, int64_t* out) {
  if (s.empty() || s.size() > 18 || (s.size() > 1 && s[0] == '0')) return false;
  int64_t value = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + (c - '0');
  }
  if (value > max) return false;
  *out = value;
  return true;
}

bool IsDigits(absl::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// "1 row", "24 rows".
std::string Rows(int n) { return absl::StrCat(n, n == 1 ? " row" : " rows"); }

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

class Parser {
 public:
  Parser(absl::string_view text, absl::string_view path) : lines_(text, path) {}

  absl::StatusOr<TuiFrame> Run();

 private:
  absl::Status Error(int line, int col, absl::string_view message) const {
    return lines_.Error(line, col, message);
  }
  // The next line, or an error at the end of input saying what was `expected`.
  absl::StatusOr<Line> NextLine(absl::string_view expected);
  absl::Status ParseSize();
  absl::Status ParseSymbols(const Line& line, int row, TuiRow* out);
  absl::Status ParseRuns(const Line& line, int row, TuiRow* out);
  absl::Status ParseColor(absl::string_view token, int line, int col, absl::string_view which,
                          TuiColor* out);

  LineReader lines_;
  TuiFrame frame_;
};

absl::StatusOr<Line> Parser::NextLine(absl::string_view expected) {
  absl::StatusOr<Line> next = lines_.Next(expected);
  if (!next.ok()) return next.status();
  const Line line = *next;
  const bool has_newline =
      line.text.data() + line.text.size() != lines_.text().data() + lines_.text().size();
  if (!line.text.empty() && line.text.back() == '\r' && has_newline) {
    return Error(line.number, static_cast<int>(line.text.size()),
                 "CRLF line ending (the format ends lines with LF only; a checkout may have "
                 "converted the file)");
  }
  // A last line without its newline is read on; Run reports the missing newline once the rest is
  // known to be right.
  return line;
}

absl::Status Parser::ParseSize() {
  absl::StatusOr<Line> line = NextLine("the size line \"WIDTH HEIGHT\"");
  if (!line.ok()) return line.status();
  const absl::string_view text = line->text;
  const size_t space = text.find(' ');
  const absl::string_view w = text.substr(0, space);
  int64_t width = 0;
  if (!ParseDecimal(w, kMaxSide, &width) || width == 0) {
    return Error(line->number, 1,
                 absl::StrCat("expected the width (a number 1-", kMaxSide, "), got ",
                              QuoteForMessage(w, kQuote)));
  }
  if (space == absl::string_view::npos) {
    return Error(line->number, static_cast<int>(text.size()) + 1,
                 "expected a space and the height, got end of line");
  }
  const absl::string_view h = text.substr(space + 1);
  const size_t extra = h.find(' ');
  const absl::string_view h_token = h.substr(0, extra);
  int64_t height = 0;
  const int h_col = static_cast<int>(space) + 2;
  if (!ParseDecimal(h_token, kMaxSide, &height) || height == 0) {
    return Error(line->number, h_col,
                 absl::StrCat("expected the height (a number 1-", kMaxSide, "), got ",
                              QuoteForMessage(h_token, kQuote)));
  }
  if (extra != absl::string_view::npos) {
    return Error(line->number, h_col + static_cast<int>(extra),
                 absl::StrCat("expected end of line after the height, got ",
                              QuoteForMessage(h.substr(extra), kQuote)));
  }
  frame_.width = static_cast<int>(width);
  frame_.height = static_cast<int>(height);
  return absl::OkStatus();
}

absl::Status Parser::ParseSymbols(const Line& line, int row, TuiRow* out) {
  const absl::string_view text = line.text;
  std::string symbol;
  for (size_t i = 0; i <= text.size(); ++i) {
    const int col = static_cast<int>(i) + 1;
    if (i < text.size() && text[i] == '\t' &&
        static_cast<int>(out->symbols.size()) + 1 == frame_.width) {
      // A tab after the last symbol: the row has more cells than the frame is wide.
      return Error(line.number, col,
                   absl::StrCat("expected ", frame_.width, " symbols in row ", row,
                                ", got more (a tab after symbol ", frame_.width, ")"));
    }
    if (i == text.size() || text[i] == '\t') {
      out->symbols.push_back(std::move(symbol));
      symbol.clear();
      continue;
    }
    const char c = text[i];
    if (c == '\r') {
      return Error(line.number, col, "unescaped carriage return in a symbol (write it as \\r)");
    }
    if (c != '\\') {
      symbol.push_back(c);
      continue;
    }
    if (i + 1 >= text.size()) {
      return Error(line.number, col, "unfinished escape: \"\\\" at the end of the line");
    }
    const char e = text[++i];
    switch (e) {
      case '\\':
        symbol.push_back('\\');
        break;
      case 't':
        symbol.push_back('\t');
        break;
      case 'n':
        symbol.push_back('\n');
        break;
      case 'r':
        symbol.push_back('\r');
        break;
      default:
        return Error(line.number, col,
                     absl::StrCat("bad escape ", QuoteForMessage(text.substr(i - 1, 2), kQuote),
                                  " (a symbol escapes only \\\\, \\t, \\n and \\r)"));
    }
  }
  if (static_cast<int>(out->symbols.size()) != frame_.width) {
    return Error(line.number, static_cast<int>(text.size()) + 1,
                 absl::StrCat("expected ", frame_.width, " symbols in row ", row, ", got ",
                              out->symbols.size()));
  }
  return absl::OkStatus();
}

absl::Status Parser::ParseColor(absl::string_view token, int line, int col, absl::string_view which,
                                TuiColor* out) {
  for (size_t i = 0; i < kColorNames.size(); ++i) {
    if (token == kColorNames[i]) {
      *out = TuiColor::Named(static_cast<NamedColor>(i));
      return absl::OkStatus();
    }
  }
  if (!token.empty() && token[0] == '#') {
    if (token.size() != 7) {
      return Error(line, col,
                   absl::StrCat("expected the ", which, " as #RRGGBB (six hex digits), got ",
                                QuoteForMessage(token, kQuote)));
    }
    uint32_t value = 0;
    for (size_t i = 1; i < 7; ++i) {
      const int d = HexDigit(token[i]);
      if (d < 0) {
        const bool lower = token[i] >= 'a' && token[i] <= 'f';
        return Error(line, col + static_cast<int>(i),
                     absl::StrCat(lower ? "lowercase hex digit in " : "bad hex digit in ",
                                  QuoteForMessage(token, kQuote),
                                  lower ? " (the format writes #RRGGBB in uppercase, as "
                                          "ratatui's Display does)"
                                        : " (expected 0-9 or A-F)"));
      }
      value = value << 4 | static_cast<uint32_t>(d);
    }
    *out = TuiColor{TuiColor::Kind::kRgb, value};
    return absl::OkStatus();
  }
  if (IsDigits(token)) {
    int64_t index = 0;
    if (!ParseDecimal(token, 255, &index)) {
      return Error(line, col,
                   absl::StrCat("expected the ", which,
                                " index as a number 0-255 without leading zeros, got ",
                                QuoteForMessage(token, kQuote)));
    }
    *out = TuiColor::Indexed(static_cast<int>(index));
    return absl::OkStatus();
  }
  return Error(line, col,
               absl::StrCat("unknown ", which, " colour ", QuoteForMessage(token, kQuote),
                            " (expected one of ratatui's names Reset, Black, Red, Green, Yellow, "
                            "Blue, Magenta, Cyan, Gray, DarkGray, LightRed, LightGreen, "
                            "LightYellow, LightBlue, LightMagenta, LightCyan, White; #RRGGBB; "
                            "or an index 0-255)"));
}

absl::Status Parser::ParseRuns(const Line& line, int row, TuiRow* out) {
  const absl::string_view text = line.text;
  int covered = 0;
  size_t start = 0;
  while (true) {
    const size_t tab = text.find('\t', start);
    const size_t end = tab == absl::string_view::npos ? text.size() : tab;
    const absl::string_view run = text.substr(start, end - start);
    const int run_col = static_cast<int>(start) + 1;
    if (covered == frame_.width) {
      return Error(line.number, run_col - 1,
                   absl::StrCat("expected end of line: the runs of row ", row,
                                " already cover the width ", frame_.width));
    }
    // Four tokens separated by single spaces.
    std::array<absl::string_view, 4> tokens;
    std::array<int, 4> cols{};
    size_t t = 0;
    size_t token_start = 0;
    for (size_t i = 0; i <= run.size(); ++i) {
      if (i < run.size() && run[i] != ' ') continue;
      if (t == 4) {
        return Error(line.number, run_col + static_cast<int>(token_start) - 1,
                     absl::StrCat("expected the end of the run after its modifier bits, got ",
                                  QuoteForMessage(run.substr(token_start - 1), kQuote)));
      }
      tokens[t] = run.substr(token_start, i - token_start);
      cols[t] = run_col + static_cast<int>(token_start);
      if (tokens[t].empty()) {
        return Error(line.number, cols[t],
                     absl::StrCat("expected ", kRunFields[t],
                                  " (a run is \"<count> <fg> <bg> "
                                  "<modifier bits>\", separated by single spaces), got ",
                                  i < run.size()      ? "a space"
                                  : end < text.size() ? "a tab"
                                                      : "end of line"));
      }
      ++t;
      token_start = i + 1;
    }
    if (t < 4) {
      return Error(line.number, run_col + static_cast<int>(run.size()),
                   absl::StrCat("expected a space and ", kRunFields[t], ", got ",
                                end < text.size() ? "a tab" : "end of line"));
    }
    StyleRun parsed;
    int64_t count = 0;
    if (!ParseDecimal(tokens[0], frame_.width, &count) || count == 0) {
      return Error(
          line.number, cols[0],
          absl::StrCat("expected a cell count (a number 1-", frame_.width,
                       " without leading zeros), got ", QuoteForMessage(tokens[0], kQuote)));
    }
    if (covered + count > frame_.width) {
      return Error(line.number, cols[0],
                   absl::StrCat("the runs of row ", row, " cover ", covered + count,
                                " cells, more than the width ", frame_.width));
    }
    parsed.count = static_cast<int>(count);
    VTSNAP_RETURN_IF_ERROR(
        ParseColor(tokens[1], line.number, cols[1], "foreground", &parsed.style.fg));
    VTSNAP_RETURN_IF_ERROR(
        ParseColor(tokens[2], line.number, cols[2], "background", &parsed.style.bg));
    int64_t bits = 0;
    if (!IsDigits(tokens[3])) {
      return Error(line.number, cols[3],
                   absl::StrCat("expected modifier bits (a number 0-", kAllModifiers, "), got ",
                                QuoteForMessage(tokens[3], kQuote)));
    }
    if (!ParseDecimal(tokens[3], kAllModifiers, &bits)) {
      return Error(
          line.number, cols[3],
          absl::StrCat("bad modifier bits ", QuoteForMessage(tokens[3], kQuote), " (a number 0-",
                       kAllModifiers, " without leading zeros: BOLD 1 ... CROSSED_OUT 256)"));
    }
    parsed.style.modifiers = static_cast<uint16_t>(bits);
    covered += parsed.count;
    out->runs.push_back(parsed);
    if (tab == absl::string_view::npos) break;
    start = tab + 1;
  }
  if (covered < frame_.width) {
    return Error(line.number, static_cast<int>(text.size()) + 1,
                 absl::StrCat("the runs of row ", row, " cover ", covered,
                              " cells, fewer than the width ", frame_.width));
  }
  return absl::OkStatus();
}

absl::StatusOr<TuiFrame> Parser::Run() {
  const std::string header = absl::StrCat("\"", kFrameHeader, "\"");
  absl::StatusOr<Line> first = NextLine(header);
  if (!first.ok()) return first.status();
  if (first->text != kFrameHeader) {
    return Error(1, 1,
                 absl::StrCat("expected ", header, ", got ", QuoteForMessage(first->text, kQuote)));
  }
  VTSNAP_RETURN_IF_ERROR(ParseSize());
  for (int row = 0; row < frame_.height; ++row) {
    TuiRow parsed;
    absl::StatusOr<Line> symbols = NextLine(
        absl::StrCat("the symbols of row ", row, " (the frame has ", Rows(frame_.height), ")"));
    if (!symbols.ok()) return symbols.status();
    VTSNAP_RETURN_IF_ERROR(ParseSymbols(*symbols, row, &parsed));
    absl::StatusOr<Line> runs = NextLine(absl::StrCat("the style runs of row ", row));
    if (!runs.ok()) return runs.status();
    VTSNAP_RETURN_IF_ERROR(ParseRuns(*runs, row, &parsed));
    frame_.rows.push_back(std::move(parsed));
  }
  if (!lines_.AtEnd()) {
    const absl::string_view rest = lines_.PeekLine();
    return Error(lines_.lines_read() + 1, 1,
                 absl::StrCat("expected end of input after the last row (the frame has ",
                              Rows(frame_.height), "), got ", QuoteForMessage(rest, kQuote)));
  }
  const absl::string_view text = lines_.text();
  if (text.back() != '\n') {
    const size_t last_start =
        text.rfind('\n') == absl::string_view::npos ? 0 : text.rfind('\n') + 1;
    return Error(lines_.lines_read(), static_cast<int>(text.size() - last_start) + 1,
                 "expected a newline at the end of the last line, got end of input");
  }
  return std::move(frame_);
}

// ---------------------------------------------------------------------------------------------
// Writer

void AppendEscaped(absl::string_view symbol, std::string* out) {
  for (char c : symbol) {
    switch (c) {
      case '\\':
        *out += "\\\\";
        break;
      case '\t':
        *out += "\\t";
        break;
      case '\n':
        *out += "\\n";
        break;
      case '\r':
        *out += "\\r";
        break;
      default:
        out->push_back(c);
    }
  }
}

absl::Status CheckColor(const TuiColor& color, int row, absl::string_view which) {
  const bool ok = (color.kind == TuiColor::Kind::kNamed && color.value < kColorNames.size()) ||
                  (color.kind == TuiColor::Kind::kIndexed && color.value <= 255) ||
                  (color.kind == TuiColor::Kind::kRgb && color.value <= 0xFFFFFF);
  if (ok) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("row ", row, ": a run's ", which, " colour is out of range (kind ",
                   static_cast<int>(color.kind), ", value ", color.value, ")"));
}

// ---------------------------------------------------------------------------------------------
// Conversion from a screen

TuiColor ColorFromPen(const PenColor& color) {
  switch (color.kind) {
    case PenColor::Kind::kDefault:
      return TuiColor::Reset();
    case PenColor::Kind::kPalette:
      if (color.value < 16) return TuiColor::Named(static_cast<NamedColor>(color.value + 1));
      return TuiColor::Indexed(static_cast<int>(color.value));
    case PenColor::Kind::kRgb:
      return TuiColor{TuiColor::Kind::kRgb, color.value & 0xFFFFFF};
  }
  return TuiColor::Reset();
}

absl::string_view UnderlineShapeName(UnderlineStyle style) {
  switch (style) {
    case UnderlineStyle::kDouble:
      return "a double underline";
    case UnderlineStyle::kCurly:
      return "a curly underline";
    case UnderlineStyle::kDotted:
      return "a dotted underline";
    case UnderlineStyle::kDashed:
      return "a dashed underline";
    case UnderlineStyle::kNone:
    case UnderlineStyle::kSingle:
      break;
  }
  return "an underline";
}

std::string PenColorText(const PenColor& color) {
  switch (color.kind) {
    case PenColor::Kind::kDefault:
      return "default";
    case PenColor::Kind::kPalette:
      return absl::StrCat("@", color.value);
    case PenColor::Kind::kRgb:
      return absl::StrFormat("#%06X", color.value & 0xFFFFFF);
  }
  return "";
}

// What cell (col, row) shows that the format cannot say, or "" when nothing.
std::string Unsayable(const pito_internal::ScreenCellInfo& cell) {
  if (!cell.link_uri.empty()) {
    return absl::StrCat("a hyperlink (to ", QuoteForMessage(cell.link_uri, kQuote), ")");
  }
  if (cell.pen.underline != UnderlineStyle::kNone &&
      cell.pen.underline != UnderlineStyle::kSingle) {
    return std::string(UnderlineShapeName(cell.pen.underline));
  }
  if (cell.pen.underline != UnderlineStyle::kNone && !cell.pen.underline_color.is_default()) {
    return absl::StrCat("an underline colour (", PenColorText(cell.pen.underline_color), ")");
  }
  if (cell.pen.has(kAttrOverline)) return "overline";
  return "";
}

uint16_t ModifiersFromPen(const Pen& pen) {
  uint16_t bits = 0;
  if (pen.has(kAttrBold)) bits |= kBold;
  if (pen.has(kAttrDim)) bits |= kDim;
  if (pen.has(kAttrItalic)) bits |= kItalic;
  if (pen.underline != UnderlineStyle::kNone) bits |= kUnderlined;
  if (pen.has(kAttrBlink)) bits |= kSlowBlink;
  if (pen.has(kAttrReverse)) bits |= kReversed;
  if (pen.has(kAttrInvisible)) bits |= kHidden;
  if (pen.has(kAttrStrike)) bits |= kCrossedOut;
  return bits;
}

}  // namespace

std::string ColorText(const TuiColor& color) {
  switch (color.kind) {
    case TuiColor::Kind::kNamed:
      if (color.value < kColorNames.size()) return std::string(kColorNames[color.value]);
      break;
    case TuiColor::Kind::kIndexed:
      return absl::StrCat(color.value);
    case TuiColor::Kind::kRgb:
      return absl::StrFormat("#%06X", color.value & 0xFFFFFF);
  }
  return absl::StrCat("?", color.value);
}

std::string ModifierNames(uint16_t modifiers) {
  if (modifiers == 0) return "NONE";
  std::string out;
  for (size_t bit = 0; bit < kModifierNames.size(); ++bit) {
    if ((modifiers & (1u << bit)) == 0) continue;
    if (!out.empty()) out += " | ";
    absl::StrAppend(&out, kModifierNames[bit]);
  }
  if (const uint16_t unnamed = modifiers & ~kAllModifiers; unnamed != 0) {
    if (!out.empty()) out += " | ";
    out += absl::StrFormat("0x%x", unnamed);
  }
  return out;
}

std::string RunText(const StyleRun& run) {
  return absl::StrCat(run.count, " ", ColorText(run.style.fg), " ", ColorText(run.style.bg), " ",
                      run.style.modifiers);
}

const TuiStyle& TuiFrame::StyleAt(int col, int row) const {
  const std::vector<StyleRun>& runs = rows[static_cast<size_t>(row)].runs;
  int start = 0;
  for (const StyleRun& run : runs) {
    if (col < start + run.count) return run.style;
    start += run.count;
  }
  return runs.back().style;  // only reached for a column outside a valid frame
}

absl::StatusOr<TuiFrame> ParseFrame(absl::string_view text, absl::string_view path) {
  return Parser(text, path).Run();
}

absl::StatusOr<std::string> SerializeFrame(const TuiFrame& frame) {
  if (frame.width < 1 || frame.width > kMaxSide || frame.height < 1 || frame.height > kMaxSide) {
    return absl::InvalidArgumentError(absl::StrCat("the frame is ", frame.width, "x", frame.height,
                                                   "; each side must be 1-", kMaxSide));
  }
  if (frame.rows.size() != static_cast<size_t>(frame.height)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the frame is ", frame.height, " rows high but has ", frame.rows.size(), " rows"));
  }
  std::string out = absl::StrCat(kFrameHeader, "\n", frame.width, " ", frame.height, "\n");
  for (int r = 0; r < frame.height; ++r) {
    const TuiRow& row = frame.rows[static_cast<size_t>(r)];
    if (row.symbols.size() != static_cast<size_t>(frame.width)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "row ", r, " has ", row.symbols.size(), " symbols; the frame is ", frame.width, " wide"));
    }
    for (int c = 0; c < frame.width; ++c) {
      if (c > 0) out += "\t";
      AppendEscaped(row.symbols[static_cast<size_t>(c)], &out);
    }
    out += "\n";
    int covered = 0;
    for (size_t i = 0; i < row.runs.size(); ++i) {
      const StyleRun& run = row.runs[i];
      if (run.count < 1) {
        return absl::InvalidArgumentError(
            absl::StrCat("row ", r, ": run ", i, " has ", run.count, " cells; at least 1"));
      }
      VTSNAP_RETURN_IF_ERROR(CheckColor(run.style.fg, r, "foreground"));
      VTSNAP_RETURN_IF_ERROR(CheckColor(run.style.bg, r, "background"));
      if (run.style.modifiers > kAllModifiers) {
        return absl::InvalidArgumentError(absl::StrCat("row ", r, ": run ", i,
                                                       " has modifier bits ", run.style.modifiers,
                                                       "; the format has 0-", kAllModifiers));
      }
      covered += run.count;
      if (i > 0) out += "\t";
      out += RunText(run);
    }
    if (covered != frame.width) {
      return absl::InvalidArgumentError(absl::StrCat(
          "row ", r, ": the runs cover ", covered, " cells; the frame is ", frame.width, " wide"));
    }
    out += "\n";
  }
  return out;
}

absl::StatusOr<TuiFrame> FrameFromScreen(const ScreenView& screen,
                                         const FrameFromScreenOptions& options) {
  absl::StatusOr<pito_internal::ScreenCells> cells = pito_internal::ReadScreenCells(screen);
  if (!cells.ok()) return cells.status();
  if (cells->cols < 1 || cells->cols > kMaxSide || cells->rows < 1 || cells->rows > kMaxSide) {
    return absl::InvalidArgumentError(absl::StrCat("a ", cells->cols, "x", cells->rows,
                                                   " screen cannot be a pito-tui frame (each "
                                                   "side 1-",
                                                   kMaxSide, ")"));
  }
  TuiFrame frame{.width = cells->cols, .height = cells->rows};
  frame.rows.resize(static_cast<size_t>(cells->rows));
  for (int r = 0; r < cells->rows; ++r) {
    TuiRow& row = frame.rows[static_cast<size_t>(r)];
    row.symbols.reserve(static_cast<size_t>(cells->cols));
    for (int c = 0; c < cells->cols; ++c) {
      const pito_internal::ScreenCellInfo& cell = cells->at(c, r);
      TuiStyle style;
      if (cell.width == 0) {
        // What ratatui's Buffer::set_stringn leaves after a wide symbol: Cell::reset().
        row.symbols.emplace_back(" ");
      } else {
        if (!options.allow_loss) {
          if (std::string what = Unsayable(cell); !what.empty()) {
            return absl::InvalidArgumentError(
                absl::StrCat("row ", r, " col ", c, " (0-based): ", what,
                             " cannot be written in pito-tui frame 1 (allow the loss to drop it: "
                             "FrameFromScreenOptions::allow_loss, `vtsnap decode --lossy`)"));
          }
        }
        row.symbols.push_back(cell.grapheme);
        style = {.fg = ColorFromPen(cell.pen.fg),
                 .bg = ColorFromPen(cell.pen.bg),
                 .modifiers = ModifiersFromPen(cell.pen)};
      }
      if (!row.runs.empty() && row.runs.back().style == style) {
        ++row.runs.back().count;
      } else {
        row.runs.push_back({.count = 1, .style = style});
      }
    }
  }
  return frame;
}

}  // namespace vtsnap::pito
