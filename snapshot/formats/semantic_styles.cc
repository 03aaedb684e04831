// The styles section as a person sees the screen (snapshot/formats/semantic_internal.h).
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "vtsnap/snapshot/formats/semantic_internal.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/diff.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap::semantic_internal {
namespace {

// What a cell is drawn with, as a run says it.
struct Key {
  Pen pen = {};
  std::string link = {};

  bool is_default() const { return pen == Pen{} && link.empty(); }
  friend bool operator==(const Key&, const Key&) = default;
};

Key Visible(Key key) {
  key.pen = VisibleOnBlank(key.pen);
  return key;
}

// Columns [first, last] of a row, drawn with `key`; `blank` when they show no text.
struct Segment {
  int first = 0;
  int last = 0;
  Key key;
  bool blank = true;
};

// Whether each column of `text` shows text, laid out as Compare lays out a golden's row
// (ShownColumns: a combining mark joins the column before it, a wide glyph's second column is
// not blank). Columns past the end are blank.
std::vector<bool> ShowsText(const std::string& text) {
  Frame frame = Frame::Blank(1, 1);
  frame.row_text = {text};
  const std::vector<std::string> columns = ShownColumns(frame, 0);
  std::vector<bool> shows(columns.size());
  for (size_t i = 0; i < columns.size(); ++i) shows[i] = columns[i] != " ";
  return shows;
}

// The runs of one row, [begin, end) of `runs`, rewritten into `out`.
void RowAsSeen(const std::vector<SemanticRun>& runs, size_t begin, size_t end,
               const std::string& text, std::vector<SemanticRun>* out) {
  const int row = runs[begin].row;
  const std::vector<bool> shows = ShowsText(text);
  const int width = static_cast<int>(shows.size());
  std::vector<Segment> segments;
  // The columns that hold text, one by one (bounded by the text), with the key of the run over
  // each; then what each run covers past the text, which is blank.
  size_t r = begin;
  for (int col = 0; col < width; ++col) {
    while (r < end && runs[r].last_col < col) ++r;
    Segment s{.first = col, .last = col, .key = {}, .blank = !shows[static_cast<size_t>(col)]};
    if (r < end && runs[r].first_col <= col) s.key = {.pen = runs[r].pen, .link = runs[r].link};
    segments.push_back(std::move(s));
  }
  for (size_t i = begin; i < end; ++i) {
    if (runs[i].last_col < width) continue;
    segments.push_back({.first = std::max(runs[i].first_col, width),
                        .last = runs[i].last_col,
                        .key = {.pen = runs[i].pen, .link = runs[i].link}});
  }

  // Blanks between two cells of one style join its run when they look like it; every other blank
  // keeps what shows on it.
  int left = -1;  // the last segment that shows text
  for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
    if (segments[static_cast<size_t>(i)].blank) continue;
    const Key& key = segments[static_cast<size_t>(i)].key;
    const bool bridge = left >= 0 && segments[static_cast<size_t>(left)].key == key;
    const Key visible = Visible(key);
    for (int j = left + 1; j < i; ++j) {
      Key& k = segments[static_cast<size_t>(j)].key;
      k = bridge && Visible(k) == visible ? key : Visible(std::move(k));
    }
    left = i;
  }
  for (size_t j = static_cast<size_t>(left) + 1; j < segments.size(); ++j) {
    segments[j].key = Visible(std::move(segments[j].key));
  }

  for (Segment& s : segments) {
    if (!out->empty() && out->back().row == row && out->back().last_col + 1 == s.first &&
        out->back().pen == s.key.pen && out->back().link == s.key.link) {
      out->back().last_col = s.last;
      continue;
    }
    if (s.key.is_default()) continue;
    out->push_back({.row = row,
                    .first_col = s.first,
                    .last_col = s.last,
                    .pen = s.key.pen,
                    .link = std::move(s.key.link)});
  }
}

}  // namespace

Pen VisibleOnBlank(Pen pen) {
  if (BlankShowsForeground(StyleFromPen(pen)) || pen.has(kAttrOverline)) return pen;
  pen.fg = PenColor::Default();
  pen.attrs &=
      static_cast<uint16_t>(~(kAttrBold | kAttrDim | kAttrItalic | kAttrBlink | kAttrInvisible));
  return pen;
}

void StylesAsSeen(SemanticSnapshot* snapshot) {
  std::vector<SemanticRun> runs = std::move(snapshot->styles);
  snapshot->styles.clear();
  static const std::string kNoText;
  for (size_t begin = 0; begin < runs.size();) {
    size_t end = begin + 1;
    while (end < runs.size() && runs[end].row == runs[begin].row) ++end;
    const int row = runs[begin].row;
    const std::string& text = row >= 0 && row < static_cast<int>(snapshot->text.size())
                                  ? snapshot->text[static_cast<size_t>(row)].text
                                  : kNoText;
    RowAsSeen(runs, begin, end, text, &snapshot->styles);
    begin = end;
  }
}

}  // namespace vtsnap::semantic_internal
