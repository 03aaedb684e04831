// The in-process peers of the benchmarks (bench/README.md): libvterm and, when it was found at
// configure time (VTSNAP_BENCH_HAVE_LIBTSM), libtsm, each behind the same small interface as
// vtsnap's VirtualTerminal: write bytes, read the final screen's text.
//
//   absl::StatusOr<std::unique_ptr<PeerTerminal>> t = NewLibvterm({.cols = 80, .rows = 24});
//   (*t)->Write(bytes);
//   std::string text = (*t)->ScreenText();  // as bench/corpus.h ScreenHash defines it
//
// Both keep a scrollback as vtsnap does by default (TerminalOptions::scrollback_limit, 1000
// lines): libvterm keeps none itself, so its scrollback callback counts the lines a client would
// store; libtsm keeps its own, limited with tsm_screen_set_max_sb to the same 1000 lines.
#ifndef VTSNAP_BENCH_PEERS_H_
#define VTSNAP_BENCH_PEERS_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/size.h"

namespace vtsnap::bench {

// The scrollback every decoder of the comparison keeps (vtsnap's default, xterm.js's 1000).
inline constexpr int kPeerScrollbackLines = 1000;

class PeerTerminal {
 public:
  virtual ~PeerTerminal() = default;
  // Feeds `bytes` (any split: escape sequences and UTF-8 may span calls).
  virtual void Write(absl::string_view bytes) = 0;
  // Finishes pending work (libvterm's damage flush); part of the timed decode.
  virtual void Flush() {}
  // The final screen's text: each row's characters left to right, the right half of a wide
  // character skipped, trailing spaces trimmed, rows joined by "\n", trailing empty rows dropped.
  virtual std::string ScreenText() = 0;
};

using NewPeerFn = absl::StatusOr<std::unique_ptr<PeerTerminal>> (*)(TerminalSize size);

// libvterm (Debian's 0.1.4): a VTermScreen with the alternate screen on, UTF-8 input.
absl::StatusOr<std::unique_ptr<PeerTerminal>> NewLibvterm(TerminalSize size);

// Whether this build has libtsm (pkg-config libtsm at configure time).
bool HaveLibtsm();

// libtsm (Debian's 4.0.2, kmscon's state machine): a tsm_screen of `size` with a tsm_vte on it.
// Without libtsm in the build: an Unimplemented error.
absl::StatusOr<std::unique_ptr<PeerTerminal>> NewLibtsm(TerminalSize size);

}  // namespace vtsnap::bench

#endif  // VTSNAP_BENCH_PEERS_H_
