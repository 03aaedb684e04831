#include "vtsnap/decoder/virtual_terminal.h"

// NOLINTNEXTLINE(modernize-deprecated-headers): memrchr is glibc's; <cstring> need not declare it
#include <string.h>  // memchr, memrchr (glibc: vectorized, where absl::string_view's find
                     // and rfind of a char go byte by byte)

#include "vtsnap/decoder/parser.h"
#include "vtsnap/decoder/terminal.h"

namespace vtsnap {

struct VirtualTerminal::Decoder {
  explicit Decoder(const TerminalOptions& options) : terminal(options) {}
  // Feeds one piece of a write that starts at byte `offset`, noting where a frame opened.
  void Feed(absl::string_view piece, uint64_t offset) {
    const bool was_open = terminal.modes().synchronized_output;
    parser.Feed(piece, terminal);
    const bool open = terminal.modes().synchronized_output;
    if (open && !was_open) {
      // The piece starts with the sequence's ESC, or the sequence began in an earlier write.
      frame_offset = !piece.empty() && piece[0] == '\x1b' ? offset : last_esc;
    }
    if (!open) frame_offset.reset();
    // The last ESC: memrchr, since plain text holds none and a byte loop would scan it all.
    const void* esc = piece.empty() ? nullptr : memrchr(piece.data(), '\x1b', piece.size());
    if (esc != nullptr) last_esc = offset + (static_cast<const char*>(esc) - piece.data());
  }

  Parser parser;
  Terminal terminal;
  uint64_t written = 0;
  uint64_t last_esc = 0;  // offset of the last ESC fed
  std::optional<uint64_t> frame_offset;
};

VirtualTerminal::VirtualTerminal(const TerminalOptions& options)
    : decoder_(std::make_unique<Decoder>(options)) {}

VirtualTerminal::~VirtualTerminal() = default;

void VirtualTerminal::Write(absl::string_view bytes) {
  Decoder& d = *decoder_;
  const uint64_t base = d.written;
  d.written += bytes.size();
  // To name the byte that opened a synchronized frame, the write is fed in pieces that each start
  // at the ESC before a "2026" (rare in output; a write without one is fed whole).
  size_t from = 0;
  // Without an ESC no "2026" can start a piece: the search for one is skipped.
  const bool has_esc = !bytes.empty() && memchr(bytes.data(), '\x1b', bytes.size()) != nullptr;
  for (size_t hit = has_esc ? bytes.find("2026") : absl::string_view::npos;
       hit != absl::string_view::npos; hit = bytes.find("2026", hit + 4)) {
    const size_t esc = bytes.rfind('\x1b', hit);
    if (esc == absl::string_view::npos || esc <= from) continue;
    d.Feed(bytes.substr(from, esc - from), base + from);
    from = esc;
  }
  d.Feed(bytes.substr(from), base + from);
}

uint64_t VirtualTerminal::bytes_written() const { return decoder_->written; }
std::optional<uint64_t> VirtualTerminal::open_frame_offset() const {
  return decoder_->frame_offset;
}

void VirtualTerminal::Resize(int cols, int rows) { decoder_->terminal.Resize(cols, rows); }

const Terminal& VirtualTerminal::terminal() const { return decoder_->terminal; }
Terminal& VirtualTerminal::terminal() { return decoder_->terminal; }

int VirtualTerminal::cols() const { return decoder_->terminal.cols(); }
int VirtualTerminal::rows() const { return decoder_->terminal.rows(); }
const CursorState& VirtualTerminal::cursor() const { return decoder_->terminal.cursor(); }
std::string VirtualTerminal::RowText(int row) const { return decoder_->terminal.RowText(row); }
std::string VirtualTerminal::ScreenText() const { return decoder_->terminal.ScreenText(); }
std::string VirtualTerminal::TakeReplies() { return decoder_->terminal.TakeReplies(); }
const ParserStats& VirtualTerminal::parser_stats() const { return decoder_->parser.stats(); }

}  // namespace vtsnap
