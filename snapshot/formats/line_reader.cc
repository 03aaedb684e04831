// The line cursor of the text formats (snapshot/formats/line_reader.h).
#include "vtsnap/snapshot/formats/line_reader.h"

#include "absl/strings/str_cat.h"

namespace vtsnap {

absl::Status LineError(absl::string_view path, int line, int col, absl::string_view what) {
  if (path.empty()) return absl::InvalidArgumentError(absl::StrCat(line, ":", col, ": ", what));
  return absl::InvalidArgumentError(absl::StrCat(path, ":", line, ":", col, ": ", what));
}

absl::StatusOr<TextLine> LineReader::Next(absl::string_view expected) {
  if (AtEnd()) {
    return Error(lines_read_ + 1, 1, absl::StrCat("expected ", expected, ", got end of input"));
  }
  return NextLine();
}

TextLine LineReader::NextLine() {
  const absl::string_view line = PeekLine();
  pos_ += line.size() + 1;
  return TextLine{line, ++lines_read_};
}

absl::string_view LineReader::PeekLine() const {
  if (AtEnd()) return "";
  const size_t newline = text_.find('\n', pos_);
  return text_.substr(
      pos_, newline == absl::string_view::npos ? absl::string_view::npos : newline - pos_);
}

}  // namespace vtsnap
