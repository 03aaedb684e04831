#include "vtsnap/snapshot/formats/semantic.h"

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
#include "vtsnap/snapshot/formats/detached_state.h"
#include "vtsnap/snapshot/formats/semantic_internal.h"

namespace vtsnap {
namespace semantic_internal {

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

}  // namespace semantic_internal

namespace {

using semantic_internal::AttrWord;
using semantic_internal::EncodingName;
using semantic_internal::kAttrsAfterUnderline;
using semantic_internal::kAttrsBeforeUnderline;
using semantic_internal::kColorNames;
using semantic_internal::TrackingName;
using semantic_internal::UnderlineWord;

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
