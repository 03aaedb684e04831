// VirtualTerminal: the in-process terminal a test writes a program's output bytes into.
//
// It is the xterm-profile decoder users construct: a DEC ANSI parser (decoder/parser.h) feeding the
// screen model (decoder/terminal.h). Bytes may arrive split anywhere; the screen after any split
// is the screen after one write.
//
//   vtsnap::VirtualTerminal vt({.cols = 80, .rows = 24});
//   vt.Write("\x1b[1mhello\x1b[m world");
//   EXPECT_EQ(vt.RowText(0), "hello world");
//   EXPECT_EQ(vt.cursor().col, 11);
#ifndef VTSNAP_DECODER_VIRTUAL_TERMINAL_H_
#define VTSNAP_DECODER_VIRTUAL_TERMINAL_H_

#include <string>

#include "absl/strings/string_view.h"
#include "vtsnap/decoder/parser.h"
#include "vtsnap/decoder/terminal.h"

namespace vtsnap {

class VirtualTerminal {
 public:
  using Options = TerminalOptions;

  explicit VirtualTerminal(const TerminalOptions& options = {}) : terminal_(options) {}

  VirtualTerminal(const VirtualTerminal&) = delete;
  VirtualTerminal& operator=(const VirtualTerminal&) = delete;

  // Feeds bytes a program wrote to its terminal.
  void Write(absl::string_view bytes) { parser_.Feed(bytes, terminal_); }

  // Resizes the screen (see docs/decisions.md: no reflow; content is kept, clipped and padded).
  void Resize(int cols, int rows) { terminal_.Resize(cols, rows); }

  // The screen model, for assertions on cells, styles, modes and the rest.
  const Terminal& terminal() const { return terminal_; }
  Terminal& terminal() { return terminal_; }

  // Shortcuts for the common assertions.
  int cols() const { return terminal_.cols(); }
  int rows() const { return terminal_.rows(); }
  const CursorState& cursor() const { return terminal_.cursor(); }
  // Row `row` of the active screen as text: each grapheme once, trailing spaces trimmed.
  std::string RowText(int row) const { return terminal_.RowText(row); }
  // The active screen as text: RowText of each row joined by '\n', trailing empty rows dropped,
  // no final newline.
  std::string ScreenText() const { return terminal_.ScreenText(); }

  // Replies the terminal owes the program (DSR, DA, ...), in order; the caller sends them back.
  std::string TakeReplies() { return terminal_.TakeReplies(); }

  // Counts of what the parser and the terminal ignored or truncated.
  const ParserStats& parser_stats() const { return parser_.stats(); }

 private:
  Parser parser_;
  Terminal terminal_;
};

}  // namespace vtsnap

#endif  // VTSNAP_DECODER_VIRTUAL_TERMINAL_H_
