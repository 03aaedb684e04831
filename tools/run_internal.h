// Internal to `vtsnap run` (tools/run.cc, tools/run_steps.cc): the steps a
// run takes and how they are written, and the signals that stop a run. docs/cli.md describes them
// for users.
#ifndef VTSNAP_TOOLS_RUN_INTERNAL_H_
#define VTSNAP_TOOLS_RUN_INTERNAL_H_

// NOLINTNEXTLINE(modernize-deprecated-headers): sigset_t is POSIX, which <csignal> need not declare
#include <signal.h>

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "vtsnap/pty/pty_session.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/screen_check.h"

namespace vtsnap::tools::run_internal {

// One thing a step does, in the order written: type a key script, or wait for a text, a pattern
// or a cell's style.
struct Action {
  enum class Kind { kKeys, kWaitText, kWaitPattern, kWaitStyle };
  Kind kind = Kind::kKeys;
  std::string value;  // the script, text or pattern; for kWaitStyle the ROW,COL,WORDS as written
  // kWaitStyle: the cell (0-based) and the style it must have.
  int row = 0;
  int col = 0;
  Style style = {};
};

// Reads a --wait-style value, `ROW,COL,WORDS`: a 0-based row and column and the cell's whole style
// in the words of the semantic snapshot's styles section (ParseStyleWords,
// snapshot/formats/inline_screen.h), such as "2,0,bold fg=red". On an error, *error_offset is the
// 0-based offset in `value` of the part that is wrong, and the message names that part.
[[nodiscard]] absl::StatusOr<Action> ParseWaitStyle(absl::string_view value, size_t* error_offset);

// A checkpoint: its actions, then a wait for a quiet screen, then the screen, compared with the
// golden `expect` when one is named.
struct Step {
  std::vector<Action> actions;
  std::optional<std::string> expect;
  // quiet-ms=N: the quiet period of this step's settles (before its keys and its screen) in place
  // of --quiet-ms.
  std::optional<absl::Duration> quiet;
  // Where it was written, for messages: "--step 'keys=j; expect=a.dump'" or "steps.txt:4".
  std::string origin;
};

// Parses one step written as fields separated by ';': `keys=SCRIPT`, `wait-text=TEXT`,
// `wait-pattern=RE2` and `wait-style=ROW,COL,WORDS` (repeatable, done in order), at most one
// `quiet-ms=N` and at most one `expect=GOLDEN`. Spaces around a field and around '=' are ignored;
// in a value, `\;` is a ';' and `\\` a backslash (any other backslash is an error). Key scripts,
// patterns and styles are checked. Errors name the 1-based column in `spec`:
// "column 7: unknown field 'kyes' (expected keys, wait-text, wait-pattern, wait-style, quiet-ms or
// expect)".
[[nodiscard]] absl::StatusOr<Step> ParseStep(absl::string_view spec);

// Parses a step file: one step a line as for ParseStep, blank lines and lines whose first
// non-blank character is '#' skipped. A relative `expect=` path is taken relative to the step
// file's folder. Errors read "PATH:LINE:COL: ...". At least one step is required.
[[nodiscard]] absl::StatusOr<std::vector<Step>> ParseStepFile(const std::string& path,
                                                              absl::string_view text);

// What a kWaitStyle action waits for, as a check of the screen (snapshot/screen/screen_check.h):
// the cell's whole style equals the action's, as CellStyleIs(col, row, Eq(style)) compares it.
ScreenCheck CellStyleCheck(const Action& action);

// Waits as `action` says (kWaitText, kWaitPattern or kWaitStyle), with the session's timeout.
[[nodiscard]] absl::Status Wait(PtySession& session, const Action& action);

// What the actions and steps ask, against the screen's size and the timeout: a --wait-style or
// wait-style= cell inside the screen, a step's quiet-ms= shorter than --timeout. The error names
// where it was written ("--wait-style '30,0,bold'", "steps.txt:3").
[[nodiscard]] absl::Status CheckActionsFit(const std::vector<Action>& leading,
                                           const std::vector<Step>& steps, int cols, int rows,
                                           absl::Duration timeout);

// Turns SIGINT, SIGTERM and SIGHUP into a call of `on_signal` on a thread of its own, for as long
// as it lives: it blocks them in the calling thread (so threads started after it, such as a
// PtySession's reader, have them blocked too) and waits for them on a signalfd. The first one
// is kept (received()); later ones are counted but call nothing. The destructor wakes the thread
// at once (an eventfd beside the signalfd), joins it and restores the signal mask.
class SignalWatch {
 public:
  explicit SignalWatch(std::function<void(int)> on_signal);
  ~SignalWatch();
  SignalWatch(const SignalWatch&) = delete;
  SignalWatch& operator=(const SignalWatch&) = delete;

  // The first signal received, or 0.
  int received() const { return received_.load(); }

 private:
  void Loop();

  std::function<void(int)> on_signal_;
  sigset_t watched_;
  sigset_t old_mask_;
  std::atomic<int> received_{0};
  int signal_fd_ = -1;
  int stop_fd_ = -1;               // an eventfd: written by the destructor
  std::atomic<bool> stop_{false};  // for the fallback without descriptors
  std::thread thread_;
};

// "SIGINT", "SIGTERM", "SIGHUP" or "signal N".
std::string SignalName(int signo);

}  // namespace vtsnap::tools::run_internal

#endif  // VTSNAP_TOOLS_RUN_INTERNAL_H_
