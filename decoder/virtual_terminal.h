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

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "vtsnap/decoder/terminal_options.h"

namespace vtsnap {

class Terminal;
struct ParserStats;

class VirtualTerminal {
 public:
  using Options = TerminalOptions;

  explicit VirtualTerminal(const TerminalOptions& options = {});
  ~VirtualTerminal();

  VirtualTerminal(const VirtualTerminal&) = delete;
  VirtualTerminal& operator=(const VirtualTerminal&) = delete;

  // Feeds bytes a program wrote to its terminal.
  void Write(absl::string_view bytes);

  // Resizes the screen. By default content is kept, clipped and padded (xterm; docs/decisions.md);
  // with TerminalOptions::reflow_on_resize soft-wrapped lines are re-wrapped (xterm.js).
  void Resize(int cols, int rows);

  // Bytes written so far.
  uint64_t bytes_written() const;
  // The byte offset (counted over everything written) of the `CSI ?2026h` that opened the
  // synchronized frame still open, or nullopt when none is open: the app has not finished the
  // frame that started there.
  std::optional<uint64_t> open_frame_offset() const;

  // The screen model, for assertions on cells, styles, modes and the rest (include
  // vtsnap/decoder/terminal.h to use it).
  const Terminal& terminal() const;
  Terminal& terminal();

  // Shortcuts for the common assertions.
  int cols() const;
  int rows() const;
  const CursorState& cursor() const;
  // Row `row` of the active screen as text: each grapheme once, trailing spaces trimmed.
  std::string RowText(int row) const;
  // The active screen as text: RowText of each row joined by '\n', trailing empty rows dropped,
  // no final newline.
  std::string ScreenText() const;

  // Replies the terminal owes the program (DSR, DA, ...), in order; the caller sends them back.
  std::string TakeReplies();

  // Counts of what the parser and the terminal ignored or truncated (include
  // vtsnap/decoder/parser.h to read them).
  const ParserStats& parser_stats() const;

 private:
  // The parser and the screen model, behind a pointer so that this header does not carry the
  // terminal's internals into every test (vtsnap/matchers/matchers.h includes it).
  struct Decoder;
  std::unique_ptr<Decoder> decoder_;
};

}  // namespace vtsnap

#endif  // VTSNAP_DECODER_VIRTUAL_TERMINAL_H_
