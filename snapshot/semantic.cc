#include "vtsnap/snapshot/semantic.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "vtsnap/snapshot/detached_state.h"
#include "vtsnap/snapshot/semantic_internal.h"

namespace vtsnap {
namespace {

constexpr const char* kColorNames[16] = {
    "black",        "red",           "green",       "yellow",         "blue",
    "magenta",      "cyan",          "white",       "bright-black",   "bright-red",
    "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan",
    "bright-white"};

struct AttrWord {
  PenAttr attr;
  const char* word;
};
// The attributes in the order they are written (underline goes after italic).
constexpr AttrWord kAttrsBeforeUnderline[] = {
    {kAttrBold, "bold"}, {kAttrDim, "dim"}, {kAttrItalic, "italic"}};
constexpr AttrWord kAttrsAfterUnderline[] = {{kAttrBlink, "blink"},
                                             {kAttrReverse, "reverse"},
                                             {kAttrInvisible, "invisible"},
                                             {kAttrStrike, "strike"},
                                             {kAttrOverline, "overline"}};

const char* UnderlineWord(UnderlineStyle u) {
  switch (u) {
    case UnderlineStyle::kNone:
      return "";
    case UnderlineStyle::kSingle:
      return "underline";
    case UnderlineStyle::kDouble:
      return "underline=double";
    case UnderlineStyle::kCurly:
      return "underline=curly";
    case UnderlineStyle::kDotted:
      return "underline=dotted";
    case UnderlineStyle::kDashed:
      return "underline=dashed";
  }
  return "";
}

const char* ShapeName(CursorShape shape) {
  switch (shape) {
    case CursorShape::kBlock:
      return "block";
    case CursorShape::kUnderline:
      return "underline";
    case CursorShape::kBar:
      return "bar";
  }
  return "block";
}

const char* TrackingName(MouseTracking t) {
  switch (t) {
    case MouseTracking::kNone:
      return "off";
    case MouseTracking::kX10:
      return "x10";
    case MouseTracking::kNormal:
      return "normal";
    case MouseTracking::kButtonEvent:
      return "button-event";
    case MouseTracking::kAnyEvent:
      return "any-event";
  }
  return "off";
}

const char* EncodingName(MouseEncoding e) {
  switch (e) {
    case MouseEncoding::kDefault:
      return "default";
    case MouseEncoding::kUtf8:
      return "utf8";
    case MouseEncoding::kSgr:
      return "sgr";
    case MouseEncoding::kUrxvt:
      return "urxvt";
  }
  return "default";
}

const char* OnOff(bool on) { return on ? "on" : "off"; }

// A link target in a styles line: `\\` and `\xHH` for bytes outside printable ASCII and space.
std::string EscapeLink(absl::string_view link) {
  std::string out;
  for (char c : link) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\\') {
      out += "\\\\";
    } else if (u <= 0x20 || u >= 0x7f) {
      absl::StrAppendFormat(&out, "\\x%02x", u);
    } else {
      out.push_back(c);
    }
  }
  return out;
}

// The pen as the projection keeps it: an underline colour only under an underline.
Pen Normalized(Pen pen) {
  if (pen.underline == UnderlineStyle::kNone) pen.underline_color = PenColor::Default();
  return pen;
}

// The text of a line: graphemes, a wide character once, trailing blanks trimmed.
std::string LineText(const Terminal& terminal, const Line& line) { return terminal.LineText(line); }

// The runs of non-default style of `line`, as row `row`.
void AppendRuns(const Terminal& terminal, const Line& line, int row,
                std::vector<SemanticRun>* runs) {
  const int n = static_cast<int>(line.cells.size());
  int col = 0;
  while (col < n) {
    const ScreenCell& c = line.cells[col];
    const Pen pen = Normalized(terminal.pen(c.pen));
    const std::string& link = terminal.hyperlink(c.link).uri;
    int end = col + 1;
    while (end < n) {
      const ScreenCell& d = line.cells[end];
      if (d.pen != c.pen && !(Normalized(terminal.pen(d.pen)) == pen)) break;
      if (d.link != c.link && terminal.hyperlink(d.link).uri != link) break;
      ++end;
    }
    if (!(pen == Pen{}) || !link.empty()) {
      runs->push_back(
          {.row = row, .first_col = col, .last_col = end - 1, .pen = pen, .link = link});
    }
    col = end;
  }
}

// ---------------------------------------------------------------------------------------------
// The reader.

class Reader {
 public:
  Reader(absl::string_view text, absl::string_view file) : file_(file) {
    lines_ = absl::StrSplit(text, '\n');
    // A final '\n' ends the last line; it does not start an empty one.
    if (!lines_.empty() && lines_.back().empty()) lines_.pop_back();
  }

  absl::StatusOr<SemanticSnapshot> Read();

 private:
  absl::Status Error(int line, int col, absl::string_view message) const {
    return absl::InvalidArgumentError(absl::StrCat(file_.empty() ? "" : absl::StrCat(file_, ":"),
                                                   line + 1, ":", col + 1, ": ", message));
  }
  // The next line, or an error saying what was expected at the end.
  absl::StatusOr<absl::string_view> Next(absl::string_view expected) {
    if (pos_ >= lines_.size()) {
      return Error(static_cast<int>(lines_.size()), 0,
                   absl::StrCat("the projection ends early: expected ", expected));
    }
    const absl::string_view line = lines_[pos_++];
    if (absl::EndsWith(line, "\r")) {
      return Error(static_cast<int>(pos_ - 1), static_cast<int>(line.size() - 1),
                   "carriage return: lines end in \\n alone (was the file saved with CRLF?)");
    }
    return line;
  }
  // The value after `key ` on the next line.
  absl::StatusOr<absl::string_view> Keyed(absl::string_view key) {
    absl::StatusOr<absl::string_view> line = Next(absl::StrCat("the `", key, "` line"));
    if (!line.ok()) return line.status();
    absl::string_view rest = *line;
    if (!absl::ConsumePrefix(&rest, key) || !absl::ConsumePrefix(&rest, " ")) {
      return Error(static_cast<int>(pos_ - 1), 0,
                   absl::StrCat("expected `", key, " ...`, got `", *line, "`"));
    }
    return rest;
  }
  int line_index() const { return static_cast<int>(pos_ - 1); }
  absl::StatusOr<bool> OnOffValue(absl::string_view mode);
  absl::StatusOr<int> Number(absl::string_view s, int col, absl::string_view what) const {
    int v = 0;
    if (s.empty() || (s.size() > 1 && s[0] == '0') || !absl::ascii_isdigit(s[0]) ||
        !absl::SimpleAtoi(s, &v) || v < 0) {
      return Error(line_index(), col,
                   absl::StrCat("expected ", what, " (a decimal), got `", s, "`"));
    }
    return v;
  }
  absl::StatusOr<PenColor> Color(absl::string_view s, int col) const;
  absl::Status ReadRun(absl::string_view line, SemanticSnapshot* snap);

  std::string file_;
  std::vector<absl::string_view> lines_;
  size_t pos_ = 0;
};

absl::StatusOr<bool> Reader::OnOffValue(absl::string_view mode) {
  absl::StatusOr<absl::string_view> v = Keyed(absl::StrCat("mode ", mode));
  if (!v.ok()) return v.status();
  if (*v == "on") return true;
  if (*v == "off") return false;
  return Error(line_index(), static_cast<int>(mode.size() + 6),
               absl::StrCat("expected on or off, got `", *v, "`"));
}

absl::StatusOr<PenColor> Reader::Color(absl::string_view s, int col) const {
  for (int i = 0; i < 16; ++i) {
    if (s == kColorNames[i]) return PenColor::Palette(i);
  }
  if (!s.empty() && s[0] == '#') {
    if (s.size() == 7) {
      uint32_t v = 0;
      bool ok = true;
      for (char c : s.substr(1)) {
        if (c >= '0' && c <= '9') {
          v = v * 16 + static_cast<uint32_t>(c - '0');
        } else if (c >= 'a' && c <= 'f') {
          v = v * 16 + static_cast<uint32_t>(c - 'a' + 10);
        } else {
          ok = false;
        }
      }
      if (ok) return PenColor{PenColor::Kind::kRgb, v};
    }
    return Error(line_index(), col,
                 absl::StrCat("an RGB colour is # and six lowercase hex digits, not `", s, "`"));
  }
  int index = 0;
  if (!s.empty() && s[0] != '0' && absl::SimpleAtoi(s, &index) && index >= 16 && index <= 255) {
    return PenColor::Palette(index);
  }
  return Error(line_index(), col,
               absl::StrCat("unknown colour `", s,
                            "` (a name for 0-15 such as red or bright-blue, 16-255, or #rrggbb)"));
}

absl::Status Reader::ReadRun(absl::string_view line, SemanticSnapshot* snap) {
  SemanticRun run;
  // "<row> <first>-<last>" then the words.
  const size_t sp = line.find(' ');
  if (sp == absl::string_view::npos) {
    return Error(line_index(), 0, "expected `<row> <first>-<last> <style words>`");
  }
  absl::StatusOr<int> row = Number(line.substr(0, sp), 0, "a row");
  if (!row.ok()) return row.status();
  // A run holds cells of the capture: the screen's rows (after the scrollback's, in a buffer
  // capture) and its columns.
  const int64_t rows = int64_t{snap->rows} +
                       (snap->capture == SemanticCapture::kBuffer ? snap->scrollback : 0);
  if (*row >= rows) {
    return Error(line_index(), 0,
                 absl::StrCat("row ", *row, " is past the capture's last row, ", rows - 1));
  }
  run.row = *row;
  absl::string_view rest = line.substr(sp + 1);
  const int range_col = static_cast<int>(sp + 1);
  const size_t sp2 = rest.find(' ');
  const absl::string_view range = rest.substr(0, sp2);
  const size_t dash = range.find('-');
  if (dash == absl::string_view::npos) {
    return Error(line_index(), range_col,
                 absl::StrCat("expected a column range `<first>-<last>`, got `", range, "`"));
  }
  absl::StatusOr<int> first = Number(range.substr(0, dash), range_col, "a first column");
  if (!first.ok()) return first.status();
  absl::StatusOr<int> last =
      Number(range.substr(dash + 1), range_col + static_cast<int>(dash) + 1, "a last column");
  if (!last.ok()) return last.status();
  if (*last < *first) {
    return Error(line_index(), range_col,
                 absl::StrCat("the range ", range, " ends before it starts"));
  }
  if (*last >= snap->cols) {
    return Error(line_index(), range_col + static_cast<int>(dash) + 1,
                 absl::StrCat("column ", *last, " is past the screen's ", snap->cols,
                              " columns (0-", snap->cols - 1, ")"));
  }
  run.first_col = *first;
  run.last_col = *last;
  if (sp2 == absl::string_view::npos) {
    return Error(line_index(), static_cast<int>(line.size()),
                 "a styles line names at least one style word");
  }
  int col = range_col + static_cast<int>(sp2) + 1;
  rest = rest.substr(sp2 + 1);
  uint16_t seen_attrs = 0;
  bool seen_underline = false, seen_fg = false, seen_bg = false, seen_ul = false;
  while (!rest.empty()) {
    if (absl::StartsWith(rest, "link=")) {
      // The link is the rest of the line, escaped.
      absl::string_view v = rest.substr(5);
      std::string link;
      for (size_t i = 0; i < v.size(); ++i) {
        const char c = v[i];
        if (c == '\\') {
          if (i + 1 < v.size() && v[i + 1] == '\\') {
            link.push_back('\\');
            ++i;
            continue;
          }
          int byte = 0;
          if (i + 3 < v.size() && v[i + 1] == 'x' &&
              absl::SimpleHexAtoi(v.substr(i + 2, 2), &byte) && absl::ascii_isxdigit(v[i + 2]) &&
              absl::ascii_isxdigit(v[i + 3])) {
            link.push_back(static_cast<char>(byte));
            i += 3;
            continue;
          }
          return Error(line_index(), col + 5 + static_cast<int>(i),
                       "a backslash in a link is `\\\\` or `\\xHH`");
        }
        if (static_cast<unsigned char>(c) <= 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
          return Error(line_index(), col + 5 + static_cast<int>(i),
                       "a space or control byte in a link is written \\xHH");
        }
        link.push_back(c);
      }
      if (link.empty()) return Error(line_index(), col, "an empty link= is no link");
      run.link = std::move(link);
      break;
    }
    const size_t end = rest.find(' ');
    const absl::string_view word = rest.substr(0, end);
    auto duplicate = [&] {
      return Error(line_index(), col, absl::StrCat("`", word, "` is given twice"));
    };
    bool known = false;
    for (const auto* table : {&kAttrsBeforeUnderline[0], &kAttrsAfterUnderline[0]}) {
      const size_t count = table == &kAttrsBeforeUnderline[0] ? std::size(kAttrsBeforeUnderline)
                                                              : std::size(kAttrsAfterUnderline);
      for (size_t i = 0; i < count; ++i) {
        if (word == table[i].word) {
          if ((seen_attrs & table[i].attr) != 0) return duplicate();
          seen_attrs |= table[i].attr;
          known = true;
        }
      }
    }
    if (!known && absl::StartsWith(word, "underline") && !absl::StartsWith(word, "underline-")) {
      if (seen_underline) return duplicate();
      seen_underline = true;
      for (UnderlineStyle u :
           {UnderlineStyle::kSingle, UnderlineStyle::kDouble, UnderlineStyle::kCurly,
            UnderlineStyle::kDotted, UnderlineStyle::kDashed}) {
        if (word == UnderlineWord(u)) {
          run.pen.underline = u;
          known = true;
        }
      }
      if (!known) {
        return Error(line_index(), col,
                     absl::StrCat("unknown underline `", word,
                                  "` (underline, underline=double, =curly, =dotted or =dashed)"));
      }
    }
    if (!known) {
      const size_t eq = word.find('=');
      const absl::string_view key = word.substr(0, eq);
      PenColor* target = nullptr;
      bool* seen = nullptr;
      if (key == "fg") {
        target = &run.pen.fg;
        seen = &seen_fg;
      } else if (key == "bg") {
        target = &run.pen.bg;
        seen = &seen_bg;
      } else if (key == "underline-color") {
        target = &run.pen.underline_color;
        seen = &seen_ul;
      }
      if (target == nullptr || eq == absl::string_view::npos) {
        return Error(line_index(), col,
                     absl::StrCat("unknown style word `", word,
                                  "` (bold dim italic underline[=shape] blink reverse invisible "
                                  "strike overline fg= bg= underline-color= link=)"));
      }
      if (*seen) return duplicate();
      *seen = true;
      absl::StatusOr<PenColor> color = Color(word.substr(eq + 1), col + static_cast<int>(eq) + 1);
      if (!color.ok()) return color.status();
      *target = *color;
    }
    if (end == absl::string_view::npos) break;
    col += static_cast<int>(end) + 1;
    rest = rest.substr(end + 1);
    if (rest.empty()) return Error(line_index(), col - 1, "a styles line ends in a space");
  }
  run.pen.attrs = seen_attrs;
  if (seen_ul && run.pen.underline == UnderlineStyle::kNone) {
    return Error(line_index(), 0, "underline-color= without an underline draws nothing");
  }
  if (run.pen == Pen{} && run.link.empty()) {
    return Error(line_index(), 0, "a styles line names at least one style word");
  }
  if (!snap->styles.empty()) {
    const SemanticRun& prev = snap->styles.back();
    if (run.row < prev.row || (run.row == prev.row && run.first_col <= prev.last_col)) {
      return Error(line_index(), 0,
                   "styles lines go by row, then column, and their ranges do not overlap");
    }
  }
  snap->styles.push_back(std::move(run));
  return absl::OkStatus();
}

absl::StatusOr<SemanticSnapshot> Reader::Read() {
  SemanticSnapshot snap;
  absl::StatusOr<absl::string_view> line = Next(absl::StrCat("`", kSemanticHeader, "`"));
  if (!line.ok()) return line.status();
  if (*line != kSemanticHeader) {
    return Error(0, 0,
                 absl::StrCat("expected the header `", kSemanticHeader, "`, got `", *line, "`"));
  }
  absl::StatusOr<absl::string_view> v = Keyed("capture");
  if (!v.ok()) return v.status();
  absl::StatusOr<SemanticCapture> capture = ParseSemanticCapture(*v);
  if (!capture.ok()) return Error(line_index(), 8, capture.status().message());
  snap.capture = *capture;

  v = Keyed("size");
  if (!v.ok()) return v.status();
  {
    const size_t x = v->find('x');
    if (x == absl::string_view::npos) {
      return Error(line_index(), 5, absl::StrCat("expected COLSxROWS, got `", *v, "`"));
    }
    absl::StatusOr<int> cols = Number(v->substr(0, x), 5, "a column count");
    if (!cols.ok()) return cols.status();
    absl::StatusOr<int> rows = Number(v->substr(x + 1), 5 + static_cast<int>(x) + 1, "a row count");
    if (!rows.ok()) return rows.status();
    if (*cols == 0 || *rows == 0) return Error(line_index(), 5, "the size is at least 1x1");
    snap.cols = *cols;
    snap.rows = *rows;
  }

  v = Keyed("buffer");
  if (!v.ok()) return v.status();
  if (*v == "alternate") {
    snap.alternate = true;
  } else if (*v != "normal") {
    return Error(line_index(), 7, absl::StrCat("expected normal or alternate, got `", *v, "`"));
  }

  v = Keyed("viewport");
  if (!v.ok()) return v.status();
  {
    absl::string_view rest = *v;
    const size_t sp = rest.find(' ');
    absl::string_view top = rest.substr(0, sp);
    absl::string_view sb = sp == absl::string_view::npos ? "" : rest.substr(sp + 1);
    if (!absl::ConsumePrefix(&top, "top=") || !absl::ConsumePrefix(&sb, "scrollback=")) {
      return Error(line_index(), 9,
                   absl::StrCat("expected `top=N scrollback=N`, got `", rest, "`"));
    }
    absl::StatusOr<int> t = Number(top, 13, "the top line");
    if (!t.ok()) return t.status();
    absl::StatusOr<int> s =
        Number(sb, 9 + static_cast<int>(sp) + 1 + 11, "the number of scrollback lines");
    if (!s.ok()) return s.status();
    snap.viewport_top = *t;
    snap.scrollback = *s;
  }

  v = Keyed("cursor");
  if (!v.ok()) return v.status();
  if (*v != "hidden") {
    absl::string_view rest = *v;
    std::vector<absl::string_view> parts = absl::StrSplit(rest, ' ');
    absl::string_view row = parts.size() == 4 ? parts[1] : "";
    absl::string_view col = parts.size() == 4 ? parts[2] : "";
    absl::string_view shape = parts.size() == 4 ? parts[3] : "";
    if (parts.size() != 4 || parts[0] != "visible" || !absl::ConsumePrefix(&row, "row=") ||
        !absl::ConsumePrefix(&col, "col=") || !absl::ConsumePrefix(&shape, "shape=")) {
      return Error(
          line_index(), 7,
          absl::StrCat("expected `hidden` or `visible row=R col=C shape=S`, got `", rest, "`"));
    }
    absl::StatusOr<int> r = Number(row, 7, "the cursor row");
    if (!r.ok()) return r.status();
    absl::StatusOr<int> c = Number(col, 7, "the cursor column");
    if (!c.ok()) return c.status();
    snap.cursor_visible = true;
    snap.cursor_row = *r;
    snap.cursor_col = *c;
    if (shape == "block") {
      snap.cursor_shape = CursorShape::kBlock;
    } else if (shape == "underline") {
      snap.cursor_shape = CursorShape::kUnderline;
    } else if (shape == "bar") {
      snap.cursor_shape = CursorShape::kBar;
    } else {
      return Error(line_index(), 7,
                   absl::StrCat("unknown cursor shape `", shape, "` (block, underline or bar)"));
    }
  }

  absl::StatusOr<bool> on = OnOffValue("bracketed-paste");
  if (!on.ok()) return on.status();
  snap.bracketed_paste = *on;
  v = Keyed("mode mouse-tracking");
  if (!v.ok()) return v.status();
  {
    bool found = false;
    for (MouseTracking t : {MouseTracking::kNone, MouseTracking::kX10, MouseTracking::kNormal,
                            MouseTracking::kButtonEvent, MouseTracking::kAnyEvent}) {
      if (*v == TrackingName(t)) {
        snap.mouse_tracking = t;
        found = true;
      }
    }
    if (!found) {
      return Error(line_index(), 20,
                   absl::StrCat("unknown mouse tracking `", *v,
                                "` (off, x10, normal, button-event or any-event)"));
    }
  }
  v = Keyed("mode mouse-encoding");
  if (!v.ok()) return v.status();
  {
    bool found = false;
    for (MouseEncoding e : {MouseEncoding::kDefault, MouseEncoding::kUtf8, MouseEncoding::kSgr,
                            MouseEncoding::kUrxvt}) {
      if (*v == EncodingName(e)) {
        snap.mouse_encoding = e;
        found = true;
      }
    }
    if (!found) {
      return Error(line_index(), 20,
                   absl::StrCat("unknown mouse encoding `", *v, "` (default, utf8, sgr or urxvt)"));
    }
  }
  on = OnOffValue("focus-events");
  if (!on.ok()) return on.status();
  snap.focus_events = *on;
  on = OnOffValue("synchronized-output");
  if (!on.ok()) return on.status();
  snap.synchronized_output = *on;
  on = OnOffValue("application-cursor-keys");
  if (!on.ok()) return on.status();
  snap.application_cursor_keys = *on;

  line = Next("the line `text`");
  if (!line.ok()) return line.status();
  if (*line != "text") {
    return Error(line_index(), 0, absl::StrCat("expected the line `text`, got `", *line, "`"));
  }
  while (true) {
    line = Next("the line `styles`");
    if (!line.ok()) return line.status();
    if (*line == "styles") break;
    const size_t sp = line->find(' ');
    if (sp == absl::string_view::npos) {
      return Error(line_index(), 0,
                   absl::StrCat("expected a row `<row> |<text>` or `<row> +|<text>`, or the "
                                "line `styles`, got `",
                                *line, "`"));
    }
    absl::StatusOr<int> row = Number(line->substr(0, sp), 0, "a row number");
    if (!row.ok()) return row.status();
    const int expected_row = static_cast<int>(snap.text.size());
    if (*row != expected_row) {
      return Error(line_index(), 0,
                   absl::StrCat("row ", *row,
                                " out of order: rows are numbered from 0 without a "
                                "gap, expected ",
                                expected_row));
    }
    absl::string_view rest = line->substr(sp + 1);
    SemanticRow r{.row = *row};
    if (absl::ConsumePrefix(&rest, "+|")) {
      r.continues = true;
    } else if (!absl::ConsumePrefix(&rest, "|")) {
      return Error(line_index(), static_cast<int>(sp + 1),
                   "after the row number comes `|` (a row of its own) or `+|` (a row that "
                   "continues the one above)");
    }
    if (absl::EndsWith(rest, " ")) {
      return Error(line_index(), static_cast<int>(line->size() - 1),
                   "row text ends in a blank: the projection trims trailing blanks");
    }
    r.text = std::string(rest);
    snap.text.push_back(std::move(r));
  }
  if (snap.capture == SemanticCapture::kViewport &&
      static_cast<int>(snap.text.size()) != snap.rows) {
    return Error(line_index(), 0,
                 absl::StrCat("a viewport capture lists every row: ", snap.rows, " rows, got ",
                              snap.text.size()));
  }
  while (pos_ < lines_.size()) {
    line = Next("a styles line");
    if (!line.ok()) return line.status();
    if (absl::Status s = ReadRun(*line, &snap); !s.ok()) return s;
  }
  // A golden written with a style nobody sees on a blank cell means what the projection says.
  semantic_internal::StylesAsSeen(&snap);
  return snap;
}

// ---------------------------------------------------------------------------------------------
// The diff.

// The lines of `a` and `b` that differ, as "- " / "+ " lines in order, computed by a longest
// common subsequence over what remains after the common prefix and suffix (the whole middle is
// replaced when it is too large for the quadratic table).
std::vector<std::string> LineDiff(const std::vector<std::string>& a,
                                  const std::vector<std::string>& b) {
  size_t pre = 0;
  while (pre < a.size() && pre < b.size() && a[pre] == b[pre]) ++pre;
  size_t suf = 0;
  while (suf < a.size() - pre && suf < b.size() - pre &&
         a[a.size() - 1 - suf] == b[b.size() - 1 - suf]) {
    ++suf;
  }
  const size_t n = a.size() - pre - suf;
  const size_t m = b.size() - pre - suf;
  std::vector<std::string> out;
  if (n * m > 4'000'000) {
    for (size_t i = 0; i < n; ++i) out.push_back("- " + a[pre + i]);
    for (size_t j = 0; j < m; ++j) out.push_back("+ " + b[pre + j]);
    return out;
  }
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (size_t i = n; i-- > 0;) {
    for (size_t j = m; j-- > 0;) {
      lcs[i][j] =
          a[pre + i] == b[pre + j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[pre + i] == b[pre + j]) {
      ++i;
      ++j;
    } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      out.push_back("- " + a[pre + i++]);
    } else {
      out.push_back("+ " + b[pre + j++]);
    }
  }
  return out;
}

struct Sections {
  std::vector<std::string> header, text, styles;
};

Sections SplitSections(const std::string& serialized) {
  Sections s;
  std::vector<std::string>* into = &s.header;
  for (absl::string_view line : absl::StrSplit(serialized, '\n', absl::SkipEmpty())) {
    if (line == "text" && into == &s.header) {
      into = &s.text;
      continue;
    }
    if (line == "styles" && into == &s.text) {
      into = &s.styles;
      continue;
    }
    into->emplace_back(line);
  }
  return s;
}

}  // namespace

absl::string_view SemanticCaptureName(SemanticCapture capture) {
  return capture == SemanticCapture::kBuffer ? "buffer" : "viewport";
}

absl::StatusOr<SemanticCapture> ParseSemanticCapture(absl::string_view name) {
  if (name == "viewport") return SemanticCapture::kViewport;
  if (name == "buffer") return SemanticCapture::kBuffer;
  return absl::InvalidArgumentError(
      absl::StrCat("unknown capture `", name, "` (expected viewport or buffer)"));
}

SemanticSnapshot CaptureSemantic(const Terminal& terminal, SemanticCapture capture) {
  SemanticSnapshot snap;
  snap.capture = capture;
  snap.cols = terminal.cols();
  snap.rows = terminal.rows();
  snap.alternate = terminal.alternate_screen_active();
  // Only the primary screen has a scrollback.
  snap.scrollback = snap.alternate ? 0 : terminal.scrollback_size();
  snap.viewport_top = snap.scrollback;
  const CursorState& cursor = terminal.cursor();
  snap.cursor_visible = cursor.visible;
  if (cursor.visible) {
    snap.cursor_row = cursor.row + (capture == SemanticCapture::kBuffer ? snap.viewport_top : 0);
    snap.cursor_col = cursor.col;
    snap.cursor_shape = cursor.shape;
  }
  const Modes& modes = terminal.modes();
  snap.bracketed_paste = modes.bracketed_paste;
  snap.mouse_tracking = modes.mouse_tracking;
  snap.mouse_encoding = modes.mouse_encoding;
  snap.focus_events = modes.focus_events;
  snap.synchronized_output = modes.synchronized_output;
  snap.application_cursor_keys = modes.cursor_keys_application;

  // The lines of the capture, first to last, and the line just above the first (whose wrapped
  // flag says whether the first continues it).
  std::vector<const Line*> lines;
  const Line* above = nullptr;
  if (capture == SemanticCapture::kBuffer) {
    for (int i = 0; i < snap.scrollback; ++i) lines.push_back(&terminal.scrollback_line(i));
  } else if (snap.scrollback > 0) {
    above = &terminal.scrollback_line(snap.scrollback - 1);
  }
  for (int r = 0; r < terminal.rows(); ++r) lines.push_back(&terminal.line(r));

  for (int i = 0; i < static_cast<int>(lines.size()); ++i) {
    const Line* prev = i == 0 ? above : lines[i - 1];
    snap.text.push_back({.row = i,
                         .continues = prev != nullptr && prev->wrapped,
                         .text = LineText(terminal, *lines[i])});
    AppendRuns(terminal, *lines[i], i, &snap.styles);
  }
  if (capture == SemanticCapture::kBuffer) {
    // Trimmed after the last row with text: what the program wrote, not the blank screen below it.
    // Styles are not trimmed with the text (a style-only change must not move the text section).
    while (!snap.text.empty() && snap.text.back().text.empty()) snap.text.pop_back();
  }
  semantic_internal::StylesAsSeen(&snap);
  return snap;
}

absl::StatusOr<SemanticSnapshot> CaptureSemantic(const ScreenView& screen,
                                                 SemanticCapture capture) {
  if (!screen.readable()) return screen.status();
  if (screen.terminal() != nullptr) return CaptureSemantic(*screen.terminal(), capture);
  if (const DetachedTerminalState* state = screen.detached_state(); state != nullptr) {
    return capture == SemanticCapture::kViewport ? state->viewport : state->buffer;
  }
  return absl::FailedPreconditionError(absl::StrCat(
      "the semantic projection reads a live terminal's modes, wrap flags and scrollback; a ",
      screen.source(), " holds only a picture of the screen"));
}

std::string SemanticColorName(const PenColor& color) {
  switch (color.kind) {
    case PenColor::Kind::kDefault:
      return "default";
    case PenColor::Kind::kPalette:
      if (color.value < 16) return kColorNames[color.value];
      return absl::StrCat(color.value);
    case PenColor::Kind::kRgb:
      return absl::StrFormat("#%06x", color.value & 0xFFFFFF);
  }
  return "default";
}

std::string SemanticStyleWords(const Pen& pen, absl::string_view link) {
  std::vector<std::string> words;
  for (const AttrWord& a : kAttrsBeforeUnderline) {
    if (pen.has(a.attr)) words.emplace_back(a.word);
  }
  if (pen.underline != UnderlineStyle::kNone) words.emplace_back(UnderlineWord(pen.underline));
  for (const AttrWord& a : kAttrsAfterUnderline) {
    if (pen.has(a.attr)) words.emplace_back(a.word);
  }
  if (!pen.fg.is_default()) words.push_back("fg=" + SemanticColorName(pen.fg));
  if (!pen.bg.is_default()) words.push_back("bg=" + SemanticColorName(pen.bg));
  if (pen.underline != UnderlineStyle::kNone && !pen.underline_color.is_default()) {
    words.push_back("underline-color=" + SemanticColorName(pen.underline_color));
  }
  if (!link.empty()) words.push_back(absl::StrCat("link=", EscapeLink(link)));
  return absl::StrJoin(words, " ");
}

std::string SerializeSemantic(const SemanticSnapshot& s) {
  std::string out = absl::StrCat(kSemanticHeader, "\n");
  absl::StrAppend(&out, "capture ", SemanticCaptureName(s.capture), "\n");
  absl::StrAppend(&out, "size ", s.cols, "x", s.rows, "\n");
  absl::StrAppend(&out, "buffer ", s.alternate ? "alternate" : "normal", "\n");
  absl::StrAppend(&out, "viewport top=", s.viewport_top, " scrollback=", s.scrollback, "\n");
  if (s.cursor_visible) {
    absl::StrAppend(&out, "cursor visible row=", s.cursor_row, " col=", s.cursor_col,
                    " shape=", ShapeName(s.cursor_shape), "\n");
  } else {
    absl::StrAppend(&out, "cursor hidden\n");
  }
  absl::StrAppend(&out, "mode bracketed-paste ", OnOff(s.bracketed_paste), "\n");
  absl::StrAppend(&out, "mode mouse-tracking ", TrackingName(s.mouse_tracking), "\n");
  absl::StrAppend(&out, "mode mouse-encoding ", EncodingName(s.mouse_encoding), "\n");
  absl::StrAppend(&out, "mode focus-events ", OnOff(s.focus_events), "\n");
  absl::StrAppend(&out, "mode synchronized-output ", OnOff(s.synchronized_output), "\n");
  absl::StrAppend(&out, "mode application-cursor-keys ", OnOff(s.application_cursor_keys), "\n");
  out += "text\n";
  for (const SemanticRow& r : s.text) {
    absl::StrAppend(&out, r.row, r.continues ? " +|" : " |", r.text, "\n");
  }
  out += "styles\n";
  for (const SemanticRun& run : s.styles) {
    absl::StrAppend(&out, run.row, " ", run.first_col, "-", run.last_col, " ",
                    SemanticStyleWords(run.pen, run.link), "\n");
  }
  return out;
}

absl::StatusOr<SemanticSnapshot> ParseSemantic(absl::string_view text, absl::string_view file) {
  return Reader(text, file).Read();
}

std::string DiffSemantic(const SemanticSnapshot& expected, const SemanticSnapshot& actual) {
  if (expected == actual) return "";
  const Sections a = SplitSections(SerializeSemantic(expected));
  const Sections b = SplitSections(SerializeSemantic(actual));
  std::string out = "projections differ (- expected, + actual)\n";
  const std::vector<std::string> header = LineDiff(a.header, b.header);
  if (!header.empty()) {
    out += "state:\n";
    for (const std::string& line : header) absl::StrAppend(&out, "  ", line, "\n");
  }
  auto section = [&out](absl::string_view name, const std::vector<std::string>& diff) {
    if (diff.empty()) {
      absl::StrAppend(&out, name, ": same\n");
      return;
    }
    absl::StrAppend(&out, name, ":\n");
    for (const std::string& line : diff) absl::StrAppend(&out, "  ", line, "\n");
  };
  section("text", LineDiff(a.text, b.text));
  section("styles", LineDiff(a.styles, b.styles));
  return out;
}

void RedactSemantic(const Redactions& redactions, SemanticSnapshot* snapshot) {
  if (redactions.empty() || snapshot->text.empty()) return;
  int rows = 0;
  for (const SemanticRow& row : snapshot->text) rows = std::max(rows, row.row + 1);
  // A frame whose graphemes are unknown: its row_text is laid out the way a golden's rows are.
  Frame frame = Frame::Blank(std::max(snapshot->cols, 1), rows);
  frame.row_text.assign(static_cast<size_t>(rows), "");
  for (const SemanticRow& row : snapshot->text) {
    frame.row_text[static_cast<size_t>(row.row)] = row.text;
  }
  redactions.Apply(&frame);
  for (SemanticRow& row : snapshot->text) {
    std::string text = frame.row_text[static_cast<size_t>(row.row)];
    while (!text.empty() && text.back() == ' ') text.pop_back();
    row.text = std::move(text);
  }
  // Which cells are blank may have changed: the runs say what the masked rows show, as the reader
  // says them when it reads the projection back.
  semantic_internal::StylesAsSeen(snapshot);
}

}  // namespace vtsnap
