// The line cursor the text formats read with (golden::Parse, pito::ParseFrame,
// ParseSemanticSnapshot): it cuts lines from the text as they are read, counts them from 1, and
// builds the errors all three report, "path:LINE:COL: what" ("LINE:COL: what" without a path).
// Not a public API.
//
//   LineReader reader("a 1\nb 2\n", "x.txt");
//   absl::StatusOr<TextLine> line = reader.Next("the `a` line");  // {"a 1", 1}
//   line = reader.Next("the `b` line");                           // {"b 2", 2}
//   reader.AtEnd();                                               // true
//   reader.Next("the `c` line").status().message();
//   // "x.txt:3:1: expected the `c` line, got end of input"
//   reader.Error(2, 3, "not a number").message();  // "x.txt:2:3: not a number"
#ifndef VTSNAP_SNAPSHOT_FORMATS_LINE_READER_H_
#define VTSNAP_SNAPSHOT_FORMATS_LINE_READER_H_

#include <cstddef>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace vtsnap {

// One line of the text, without its '\n'.
struct TextLine {
  absl::string_view text;
  int number = 0;  // 1-based
};

// "path:LINE:COL: what", or "LINE:COL: what" when `path` is empty, as an InvalidArgument error.
// Lines and columns count from 1; columns count bytes.
[[nodiscard]] absl::Status LineError(absl::string_view path, int line, int col,
                                     absl::string_view what);

class LineReader {
 public:
  // `text` must outlive the reader; `path` names it in errors (empty: no path).
  explicit LineReader(absl::string_view text, absl::string_view path = "")
      : text_(text), path_(path) {}

  // Whether every line has been read. A final '\n' ends the last line; it does not start an
  // empty one, and a last line without its '\n' is read like the others.
  bool AtEnd() const { return pos_ >= text_.size(); }

  // The next line, or at the end "expected <expected>, got end of input" on the line after the
  // last, column 1.
  [[nodiscard]] absl::StatusOr<TextLine> Next(absl::string_view expected);

  // The next line; AtEnd() must be false.
  TextLine NextLine();

  // The next line without reading it (empty at the end).
  absl::string_view PeekLine() const;

  // How many lines have been read: the number of the last one.
  int lines_read() const { return lines_read_; }

  // The bytes not read yet.
  size_t bytes_left() const { return AtEnd() ? 0 : text_.size() - pos_; }

  absl::string_view text() const { return text_; }
  absl::string_view path() const { return path_; }

  // LineError with this reader's path.
  [[nodiscard]] absl::Status Error(int line, int col, absl::string_view what) const {
    return LineError(path_, line, col, what);
  }

 private:
  absl::string_view text_;
  absl::string_view path_;
  size_t pos_ = 0;      // where the next line starts
  int lines_read_ = 0;  // the number of the last line read
};

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_FORMATS_LINE_READER_H_
