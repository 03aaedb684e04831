// The `vtsnap-semantic 1` reader: ParseSemantic (snapshot/formats/semantic.h), which enforces every
// rule of the projection's text and names the first one broken by file, line and column.
#include <cstdint>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "vtsnap/snapshot/formats/line_reader.h"
#include "vtsnap/snapshot/formats/semantic.h"
#include "vtsnap/snapshot/formats/semantic_internal.h"

namespace vtsnap {
namespace {

using semantic_internal::AttrWord;
using semantic_internal::EncodingName;
using semantic_internal::kAttrsAfterUnderline;
using semantic_internal::kAttrsBeforeUnderline;
using semantic_internal::kColorNames;
using semantic_internal::TrackingName;
using semantic_internal::UnderlineWord;

// The style words a styles line has named so far, each allowed once.
struct SeenWords {
  uint16_t attrs = 0;
  bool underline = false;
  bool fg = false;
  bool bg = false;
  bool underline_color = false;
};

class Reader {
 public:
  Reader(absl::string_view text, absl::string_view file) : lines_(text, file) {}

  absl::StatusOr<SemanticSnapshot> Read();

 private:
  // Lines and columns count from 0 here; the message counts from 1.
  absl::Status Error(int line, int col, absl::string_view message) const {
    return lines_.Error(line + 1, col + 1, message);
  }
  // The next line, or an error saying what was expected at the end.
  absl::StatusOr<absl::string_view> Next(absl::string_view expected) {
    if (lines_.AtEnd()) {
      return Error(lines_.lines_read(), 0,
                   absl::StrCat("the projection ends early: expected ", expected));
    }
    const absl::string_view line = lines_.NextLine().text;
    if (absl::EndsWith(line, "\r")) {
      return Error(line_index(), static_cast<int>(line.size() - 1),
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
      return Error(line_index(), 0, absl::StrCat("expected `", key, " ...`, got `", *line, "`"));
    }
    return rest;
  }
  int line_index() const { return lines_.lines_read() - 1; }
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

  // The header sections, in their order.
  absl::Status ReadHeaderAndCapture(SemanticSnapshot* snap);
  absl::Status ReadSize(SemanticSnapshot* snap);
  absl::Status ReadBufferAndViewport(SemanticSnapshot* snap);
  absl::Status ReadCursor(SemanticSnapshot* snap);
  absl::Status ReadModes(SemanticSnapshot* snap);
  absl::Status ReadMouseModes(SemanticSnapshot* snap);
  // The `text` section, through the `styles` line.
  absl::Status ReadText(SemanticSnapshot* snap);
  absl::Status ReadTextRow(absl::string_view line, SemanticSnapshot* snap);

  // One styles line: where the run is, then its style words.
  absl::Status ReadRun(absl::string_view line, SemanticSnapshot* snap);
  // "<row> <first>-<last>" of `line` into `run`; `words` gets the rest and `words_col` its column.
  absl::Status ReadRunCells(absl::string_view line, const SemanticSnapshot& snap, SemanticRun* run,
                            absl::string_view* words, int* words_col);
  // The target of `link=<value>`, unescaped; `col` is the column of `link=`.
  absl::StatusOr<std::string> ReadLink(absl::string_view value, int col) const;
  // One style word other than link= at `col`.
  absl::Status ReadStyleWord(absl::string_view word, int col, SeenWords* seen, Pen* pen) const;

  LineReader lines_;
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

absl::Status Reader::ReadRunCells(absl::string_view line, const SemanticSnapshot& snap,
                                  SemanticRun* run, absl::string_view* words, int* words_col) {
  const size_t sp = line.find(' ');
  if (sp == absl::string_view::npos) {
    return Error(line_index(), 0, "expected `<row> <first>-<last> <style words>`");
  }
  absl::StatusOr<int> row = Number(line.substr(0, sp), 0, "a row");
  if (!row.ok()) return row.status();
  // A run holds cells of the capture: the screen's rows (after the scrollback's, in a buffer
  // capture) and its columns.
  const int64_t rows =
      int64_t{snap.rows} + (snap.capture == SemanticCapture::kBuffer ? snap.scrollback : 0);
  if (*row >= rows) {
    return Error(line_index(), 0,
                 absl::StrCat("row ", *row, " is past the capture's last row, ", rows - 1));
  }
  run->row = *row;
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
  if (*last >= snap.cols) {
    return Error(line_index(), range_col + static_cast<int>(dash) + 1,
                 absl::StrCat("column ", *last, " is past the screen's ", snap.cols, " columns (0-",
                              snap.cols - 1, ")"));
  }
  run->first_col = *first;
  run->last_col = *last;
  if (sp2 == absl::string_view::npos) {
    return Error(line_index(), static_cast<int>(line.size()),
                 "a styles line names at least one style word");
  }
  *words_col = range_col + static_cast<int>(sp2) + 1;
  *words = rest.substr(sp2 + 1);
  return absl::OkStatus();
}

absl::StatusOr<std::string> Reader::ReadLink(absl::string_view v, int col) const {
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
      if (i + 3 < v.size() && v[i + 1] == 'x' && absl::SimpleHexAtoi(v.substr(i + 2, 2), &byte) &&
          absl::ascii_isxdigit(v[i + 2]) && absl::ascii_isxdigit(v[i + 3])) {
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
  return link;
}

absl::Status Reader::ReadStyleWord(absl::string_view word, int col, SeenWords* seen,
                                   Pen* pen) const {
  auto duplicate = [&] {
    return Error(line_index(), col, absl::StrCat("`", word, "` is given twice"));
  };
  bool known = false;
  for (const auto* table : {&kAttrsBeforeUnderline[0], &kAttrsAfterUnderline[0]}) {
    const size_t count = table == &kAttrsBeforeUnderline[0] ? std::size(kAttrsBeforeUnderline)
                                                            : std::size(kAttrsAfterUnderline);
    for (size_t i = 0; i < count; ++i) {
      if (word == table[i].word) {
        if ((seen->attrs & table[i].attr) != 0) return duplicate();
        seen->attrs |= table[i].attr;
        known = true;
      }
    }
  }
  if (known) return absl::OkStatus();
  if (absl::StartsWith(word, "underline") && !absl::StartsWith(word, "underline-")) {
    if (seen->underline) return duplicate();
    seen->underline = true;
    for (UnderlineStyle u :
         {UnderlineStyle::kSingle, UnderlineStyle::kDouble, UnderlineStyle::kCurly,
          UnderlineStyle::kDotted, UnderlineStyle::kDashed}) {
      if (word == UnderlineWord(u)) {
        pen->underline = u;
        return absl::OkStatus();
      }
    }
    return Error(line_index(), col,
                 absl::StrCat("unknown underline `", word,
                              "` (underline, underline=double, =curly, =dotted or =dashed)"));
  }
  const size_t eq = word.find('=');
  const absl::string_view key = word.substr(0, eq);
  PenColor* target = nullptr;
  bool* seen_key = nullptr;
  if (key == "fg") {
    target = &pen->fg;
    seen_key = &seen->fg;
  } else if (key == "bg") {
    target = &pen->bg;
    seen_key = &seen->bg;
  } else if (key == "underline-color") {
    target = &pen->underline_color;
    seen_key = &seen->underline_color;
  }
  if (target == nullptr || eq == absl::string_view::npos) {
    return Error(line_index(), col,
                 absl::StrCat("unknown style word `", word,
                              "` (bold dim italic underline[=shape] blink reverse invisible "
                              "strike overline fg= bg= underline-color= link=)"));
  }
  if (*seen_key) return duplicate();
  *seen_key = true;
  absl::StatusOr<PenColor> color = Color(word.substr(eq + 1), col + static_cast<int>(eq) + 1);
  if (!color.ok()) return color.status();
  *target = *color;
  return absl::OkStatus();
}

absl::Status Reader::ReadRun(absl::string_view line, SemanticSnapshot* snap) {
  SemanticRun run;
  absl::string_view rest;
  int col = 0;
  if (absl::Status s = ReadRunCells(line, *snap, &run, &rest, &col); !s.ok()) return s;
  SeenWords seen;
  while (!rest.empty()) {
    if (absl::StartsWith(rest, "link=")) {
      // The link is the rest of the line, escaped.
      absl::StatusOr<std::string> link = ReadLink(rest.substr(5), col);
      if (!link.ok()) return link.status();
      run.link = *std::move(link);
      break;
    }
    const size_t end = rest.find(' ');
    if (absl::Status s = ReadStyleWord(rest.substr(0, end), col, &seen, &run.pen); !s.ok()) {
      return s;
    }
    if (end == absl::string_view::npos) break;
    col += static_cast<int>(end) + 1;
    rest = rest.substr(end + 1);
    if (rest.empty()) return Error(line_index(), col - 1, "a styles line ends in a space");
  }
  run.pen.attrs = seen.attrs;
  if (seen.underline_color && run.pen.underline == UnderlineStyle::kNone) {
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

absl::Status Reader::ReadHeaderAndCapture(SemanticSnapshot* snap) {
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
  snap->capture = *capture;
  return absl::OkStatus();
}

absl::Status Reader::ReadSize(SemanticSnapshot* snap) {
  absl::StatusOr<absl::string_view> v = Keyed("size");
  if (!v.ok()) return v.status();
  const size_t x = v->find('x');
  if (x == absl::string_view::npos) {
    return Error(line_index(), 5, absl::StrCat("expected COLSxROWS, got `", *v, "`"));
  }
  absl::StatusOr<int> cols = Number(v->substr(0, x), 5, "a column count");
  if (!cols.ok()) return cols.status();
  absl::StatusOr<int> rows = Number(v->substr(x + 1), 5 + static_cast<int>(x) + 1, "a row count");
  if (!rows.ok()) return rows.status();
  if (*cols == 0 || *rows == 0) return Error(line_index(), 5, "the size is at least 1x1");
  snap->cols = *cols;
  snap->rows = *rows;
  return absl::OkStatus();
}

absl::Status Reader::ReadBufferAndViewport(SemanticSnapshot* snap) {
  absl::StatusOr<absl::string_view> v = Keyed("buffer");
  if (!v.ok()) return v.status();
  if (*v == "alternate") {
    snap->alternate = true;
  } else if (*v != "normal") {
    return Error(line_index(), 7, absl::StrCat("expected normal or alternate, got `", *v, "`"));
  }

  v = Keyed("viewport");
  if (!v.ok()) return v.status();
  absl::string_view rest = *v;
  const size_t sp = rest.find(' ');
  absl::string_view top = rest.substr(0, sp);
  absl::string_view sb = sp == absl::string_view::npos ? "" : rest.substr(sp + 1);
  if (!absl::ConsumePrefix(&top, "top=") || !absl::ConsumePrefix(&sb, "scrollback=")) {
    return Error(line_index(), 9, absl::StrCat("expected `top=N scrollback=N`, got `", rest, "`"));
  }
  absl::StatusOr<int> t = Number(top, 13, "the top line");
  if (!t.ok()) return t.status();
  absl::StatusOr<int> s =
      Number(sb, 9 + static_cast<int>(sp) + 1 + 11, "the number of scrollback lines");
  if (!s.ok()) return s.status();
  snap->viewport_top = *t;
  snap->scrollback = *s;
  return absl::OkStatus();
}

absl::Status Reader::ReadCursor(SemanticSnapshot* snap) {
  absl::StatusOr<absl::string_view> v = Keyed("cursor");
  if (!v.ok()) return v.status();
  if (*v == "hidden") return absl::OkStatus();
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
  snap->cursor_visible = true;
  snap->cursor_row = *r;
  snap->cursor_col = *c;
  if (shape == "block") {
    snap->cursor_shape = CursorShape::kBlock;
  } else if (shape == "underline") {
    snap->cursor_shape = CursorShape::kUnderline;
  } else if (shape == "bar") {
    snap->cursor_shape = CursorShape::kBar;
  } else {
    return Error(line_index(), 7,
                 absl::StrCat("unknown cursor shape `", shape, "` (block, underline or bar)"));
  }
  return absl::OkStatus();
}

absl::Status Reader::ReadMouseModes(SemanticSnapshot* snap) {
  absl::StatusOr<absl::string_view> v = Keyed("mode mouse-tracking");
  if (!v.ok()) return v.status();
  bool found = false;
  for (MouseTracking t : {MouseTracking::kNone, MouseTracking::kX10, MouseTracking::kNormal,
                          MouseTracking::kButtonEvent, MouseTracking::kAnyEvent}) {
    if (*v == TrackingName(t)) {
      snap->mouse_tracking = t;
      found = true;
    }
  }
  if (!found) {
    return Error(line_index(), 20,
                 absl::StrCat("unknown mouse tracking `", *v,
                              "` (off, x10, normal, button-event or any-event)"));
  }
  v = Keyed("mode mouse-encoding");
  if (!v.ok()) return v.status();
  found = false;
  for (MouseEncoding e : {MouseEncoding::kDefault, MouseEncoding::kUtf8, MouseEncoding::kSgr,
                          MouseEncoding::kUrxvt}) {
    if (*v == EncodingName(e)) {
      snap->mouse_encoding = e;
      found = true;
    }
  }
  if (!found) {
    return Error(line_index(), 20,
                 absl::StrCat("unknown mouse encoding `", *v, "` (default, utf8, sgr or urxvt)"));
  }
  return absl::OkStatus();
}

absl::Status Reader::ReadModes(SemanticSnapshot* snap) {
  absl::StatusOr<bool> on = OnOffValue("bracketed-paste");
  if (!on.ok()) return on.status();
  snap->bracketed_paste = *on;
  if (absl::Status s = ReadMouseModes(snap); !s.ok()) return s;
  on = OnOffValue("focus-events");
  if (!on.ok()) return on.status();
  snap->focus_events = *on;
  on = OnOffValue("synchronized-output");
  if (!on.ok()) return on.status();
  snap->synchronized_output = *on;
  on = OnOffValue("application-cursor-keys");
  if (!on.ok()) return on.status();
  snap->application_cursor_keys = *on;
  return absl::OkStatus();
}

absl::Status Reader::ReadTextRow(absl::string_view line, SemanticSnapshot* snap) {
  const size_t sp = line.find(' ');
  if (sp == absl::string_view::npos) {
    return Error(line_index(), 0,
                 absl::StrCat("expected a row `<row> |<text>` or `<row> +|<text>`, or the "
                              "line `styles`, got `",
                              line, "`"));
  }
  absl::StatusOr<int> row = Number(line.substr(0, sp), 0, "a row number");
  if (!row.ok()) return row.status();
  const int expected_row = static_cast<int>(snap->text.size());
  if (*row != expected_row) {
    return Error(line_index(), 0,
                 absl::StrCat("row ", *row,
                              " out of order: rows are numbered from 0 without a "
                              "gap, expected ",
                              expected_row));
  }
  absl::string_view rest = line.substr(sp + 1);
  SemanticRow r{.row = *row};
  if (absl::ConsumePrefix(&rest, "+|")) {
    r.continues = true;
  } else if (!absl::ConsumePrefix(&rest, "|")) {
    return Error(line_index(), static_cast<int>(sp + 1),
                 "after the row number comes `|` (a row of its own) or `+|` (a row that "
                 "continues the one above)");
  }
  if (absl::EndsWith(rest, " ")) {
    return Error(line_index(), static_cast<int>(line.size() - 1),
                 "row text ends in a blank: the projection trims trailing blanks");
  }
  r.text = std::string(rest);
  snap->text.push_back(std::move(r));
  return absl::OkStatus();
}

absl::Status Reader::ReadText(SemanticSnapshot* snap) {
  absl::StatusOr<absl::string_view> line = Next("the line `text`");
  if (!line.ok()) return line.status();
  if (*line != "text") {
    return Error(line_index(), 0, absl::StrCat("expected the line `text`, got `", *line, "`"));
  }
  while (true) {
    line = Next("the line `styles`");
    if (!line.ok()) return line.status();
    if (*line == "styles") break;
    if (absl::Status s = ReadTextRow(*line, snap); !s.ok()) return s;
  }
  if (snap->capture == SemanticCapture::kViewport &&
      static_cast<int>(snap->text.size()) != snap->rows) {
    return Error(line_index(), 0,
                 absl::StrCat("a viewport capture lists every row: ", snap->rows, " rows, got ",
                              snap->text.size()));
  }
  return absl::OkStatus();
}

absl::StatusOr<SemanticSnapshot> Reader::Read() {
  SemanticSnapshot snap;
  for (absl::Status (Reader::*section)(SemanticSnapshot*) :
       {&Reader::ReadHeaderAndCapture, &Reader::ReadSize, &Reader::ReadBufferAndViewport,
        &Reader::ReadCursor, &Reader::ReadModes, &Reader::ReadText}) {
    if (absl::Status s = (this->*section)(&snap); !s.ok()) return s;
  }
  while (!lines_.AtEnd()) {
    absl::StatusOr<absl::string_view> line = Next("a styles line");
    if (!line.ok()) return line.status();
    if (absl::Status s = ReadRun(*line, &snap); !s.ok()) return s;
  }
  // A golden written with a style nobody sees on a blank cell means what the projection says.
  semantic_internal::StylesAsSeen(&snap);
  return snap;
}

}  // namespace

absl::StatusOr<SemanticSnapshot> ParseSemantic(absl::string_view text, absl::string_view file) {
  return Reader(text, file).Read();
}

}  // namespace vtsnap
