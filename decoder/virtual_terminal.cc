#include "vtsnap/decoder/virtual_terminal.h"

#include "vtsnap/decoder/parser.h"
#include "vtsnap/decoder/terminal.h"

namespace vtsnap {

struct VirtualTerminal::Decoder {
  explicit Decoder(const TerminalOptions& options) : terminal(options) {}
  Parser parser;
  Terminal terminal;
};

VirtualTerminal::VirtualTerminal(const TerminalOptions& options)
    : decoder_(std::make_unique<Decoder>(options)) {}

VirtualTerminal::~VirtualTerminal() = default;

void VirtualTerminal::Write(absl::string_view bytes) {
  decoder_->parser.Feed(bytes, decoder_->terminal);
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
