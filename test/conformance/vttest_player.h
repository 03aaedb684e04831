// Plays the walks of vttest_walks.h in a terminal and captures each screen once it is drawn
// (docs/conformance.md): under vtsnap's PtySession, or inside tmux, whose client runs under a
// PtySession so that its output can be awaited the same way.
//
//   absl::StatusOr<std::unique_ptr<VttestTerminal>> t = StartVttestUnderPtySession(options);
//   absl::StatusOr<std::vector<ScreenCapture>> screens = PlaySession(session, **t);
//
// A screen is drawn when vttest, having woken up for the keys typed last, is blocked reading its
// keyboard again (read(2) on descriptor 0, /proc/<pid>/syscall and status), the terminal has then
// written nothing for a short quiet period, and the screen shows the prompt vttest waits at where
// its cursor is. Quiet alone is not enough: vttest sleeps between a query and reading its reply,
// and on a loaded machine the kernel can hand vttest's output to the terminal late, after vttest
// blocked; so the screen must also have changed since the keys (PlaySession).
#ifndef VTSNAP_TEST_CONFORMANCE_VTTEST_PLAYER_H_
#define VTSNAP_TEST_CONFORMANCE_VTTEST_PLAYER_H_

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "test/conformance/vttest_walks.h"
#include "vtsnap/pty/pty_session.h"

namespace vtsnap::conformance {

// What /proc says of a process waiting for input.
struct ProcessWait {
  // Blocked in read(2) on its descriptor 0 (/proc/<pid>/syscall).
  bool reading_stdin = false;
  // How many times it has blocked so far (/proc/<pid>/status): grows once the process woke up,
  // for typed keys say, and blocked again.
  int64_t voluntary_switches = 0;
};

// An error when /proc/<pid>/syscall or status cannot be read (the process is gone, or the kernel
// does not offer them).
[[nodiscard]] absl::StatusOr<ProcessWait> ReadProcessWait(pid_t pid);

// A terminal's text: its rows (trailing spaces removed) and where its cursor is.
struct TerminalText {
  std::vector<std::string> rows;
  int cursor_col = 0;
  int cursor_row = 0;
};

// Whether `text` shows `prompt`; with `at_cursor`, on the cursor's row and left of the cursor (the
// cursor's own cell included), where vttest prints the prompt it waits at.
bool ShowsPrompt(const TerminalText& text, absl::string_view prompt, bool at_cursor);

// A terminal vttest runs in.
class VttestTerminal {
 public:
  virtual ~VttestTerminal() = default;
  // "vtsnap" or "tmux", for messages.
  virtual std::string name() const = 0;
  // Types a key script (decoder/keys.h) into vttest's terminal.
  [[nodiscard]] virtual absl::Status SendKeys(absl::string_view script) = 0;
  // Returns once vttest, having woken up for the keys typed last, waits for input again and the
  // terminal shows everything it wrote.
  [[nodiscard]] virtual absl::Status WaitForInput() = 0;
  // Waits up to `timeout` (scaled) for the terminal to show something else than when
  // WaitForInput last returned: output that came late. DeadlineExceeded when none came.
  [[nodiscard]] virtual absl::Status WaitForChange(absl::Duration timeout) = 0;
  // Whether the terminal shows something else (text or cursor) than when keys were last typed.
  virtual bool ChangedSinceKeys() = 0;
  [[nodiscard]] virtual absl::StatusOr<TerminalText> Read() = 0;
  // The number of bytes vttest wrote so far, where the terminal keeps them (PtySession); 0 where
  // it does not (tmux).
  virtual uint64_t BytesWritten() const { return 0; }
  // Everything vttest wrote so far, where the terminal keeps it.
  virtual std::string Transcript() const { return {}; }
};

// vttest (found on PATH, run without arguments) under a PtySession of `options`' size and
// environment; `options.keep_output` is set, so the transcript is kept.
[[nodiscard]] absl::StatusOr<std::unique_ptr<VttestTerminal>> StartVttestUnderPtySession(
    PtyOptions options);

// vttest inside a tmux server of its own (`tmux -S <socket> -f /dev/null`, status line off, a
// window of `options`' size), typed into through a tmux client running under a PtySession of
// `options`; the pane is read with `capture-pane -p -e` (tmux_pane.h). The server is killed and
// its socket removed when the terminal is destroyed. NotFound naming tmux when it is not on PATH.
[[nodiscard]] absl::StatusOr<std::unique_ptr<VttestTerminal>> StartVttestInTmux(
    const PtyOptions& options);

struct ScreenCapture {
  std::string name;               // "<walk>.<n>"
  std::vector<std::string> rows;  // the screen, trailing spaces removed
  uint64_t bytes = 0;             // VttestTerminal::BytesWritten() when it was captured
  // Returns typed because vttest waited for input without showing the screen's prompt: it waits
  // for a reply to a query the terminal did not answer (a person would have to type something too).
  int stand_ins = 0;
};

// Plays every walk of `session` from vttest's main menu and captures its screens. When vttest
// waits without showing the expected prompt, the prompt gets a grace period (a loaded machine can
// delay the terminal or the kernel), then a stand-in Return is typed where the walk allows it.
// Fails, with the screen, when vttest is not where the walk expects it (a prompt that does not
// come after a few stand-in Returns, no menu after the last screen) or the terminal fails.
[[nodiscard]] absl::StatusOr<std::vector<ScreenCapture>> PlaySession(const VttestSession& session,
                                                                     VttestTerminal& terminal);

}  // namespace vtsnap::conformance

#endif  // VTSNAP_TEST_CONFORMANCE_VTTEST_PLAYER_H_
