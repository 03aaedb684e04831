// Oracles of differential testing (docs/differential.md): independent terminal emulators that
// replay the same bytes as vtsnap and print the partial state dump (docs/state-dump.md) of what
// they can know, for DiffStates (snapshot/formats/state_json.h) to compare with vtsnap's.
//
//   // libvterm, in process:
//   absl::StatusOr<std::string> a = vtsnap::LibvtermStateJson(80, 24, bytes);
//
//   // xterm.js (@xterm/headless): one long-lived `node test/corpus/oracle/state.mjs`, started
//   // by the first Replay and killed by the destructor.
//   vtsnap::XtermJsOracle xterm_js;
//   absl::StatusOr<std::string> b = xterm_js.Replay(80, 24, bytes);
//
//   // Either: {"cols":80,"rows":24,"cursor":{...},...,"cells":[[...]],"scrollback_len":0}
//   absl::StatusOr<vtsnap::StateDump> dump = vtsnap::ParseStateJson(*b, "xterm.js");
#ifndef VTSNAP_TEST_DIFFERENTIAL_ORACLES_H_
#define VTSNAP_TEST_DIFFERENTIAL_ORACLES_H_

#include <sys/types.h>

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace vtsnap {

// The scrollback both oracles keep unless told otherwise (vtsnap's TerminalOptions default).
inline constexpr int kOracleScrollbackLimit = 1000;

// Replays `bytes` through libvterm (UTF-8, alternate screen enabled) on a fresh cols x rows
// terminal and returns its compact JSON dump: cols, rows, cursor {row, col, visible}, cells
// (ch, fg, bg, attrs) and scrollback_len (lines scrolled off the primary screen, at most
// `scrollback_limit`). InvalidArgument for a size outside 1..kMaxTerminalDimension or a negative
// limit.
[[nodiscard]] absl::StatusOr<std::string> LibvtermStateJson(
    int cols, int rows, absl::string_view bytes, int scrollback_limit = kOracleScrollbackLimit);

// A resize after the replayed bytes: the new size, then bytes written at that size.
struct OracleResize {
  int cols = 80;
  int rows = 24;
  std::string bytes = {};
};

// test/corpus/oracle/state.mjs in this source tree.
std::string DefaultXtermJsScript();

struct XtermJsOracleOptions {
  // The node binary: looked up on PATH unless it contains a '/'.
  std::string node = "node";
  // The line-protocol script; its directory must hold node_modules/@xterm/headless and
  // node_modules/@xterm/addon-unicode11 unless `check_node_modules` is false.
  std::string script = DefaultXtermJsScript();
  bool check_node_modules = true;
  // How long one request may take before the process is killed.
  absl::Duration timeout = absl::Seconds(60);
};

// A client of state.mjs's line protocol: one request line per Replay, one answer line back.
// The process starts on the first Replay (or Start) and lives until the destructor, which kills
// and reaps it; a process that died or timed out is reported once and restarted by the next
// Replay. Not thread-safe.
class XtermJsOracle {
 public:
  explicit XtermJsOracle(XtermJsOracleOptions options = {});
  ~XtermJsOracle();
  XtermJsOracle(const XtermJsOracle&) = delete;
  XtermJsOracle& operator=(const XtermJsOracle&) = delete;

  // Starts the process if it is not running. NotFound when node or the script is missing
  // ("node not found on PATH: ..."), FailedPrecondition when node_modules is (naming `npm ci`),
  // Internal when the process cannot be spawned.
  [[nodiscard]] absl::Status Start();

  // The compact JSON dump of `bytes` replayed on a fresh cols x rows xterm.js terminal. Errors:
  // those of Start; InvalidArgument for a bad size or an {"error": ...} answer; Unavailable when
  // the process dies before answering (with its exit status and the end of its stderr);
  // DeadlineExceeded after `timeout`.
  // With `resizes`, after `bytes` the terminal is resized (xterm.js re-wraps its normal buffer)
  // and each step's bytes written, in order; the dump is of the last size.
  [[nodiscard]] absl::StatusOr<std::string> Replay(int cols, int rows, absl::string_view bytes,
                                                   int scrollback = kOracleScrollbackLimit,
                                                   const std::vector<OracleResize>& resizes = {});

  // The running process's id, or -1.
  pid_t pid() const { return pid_; }

 private:
  // Kills and reaps the process and closes the pipes. Returns how it ended ("exited with status
  // 2", "was killed by signal 9"), waiting up to `grace` for it to exit on its own first.
  std::string Stop(absl::Duration grace);
  void DrainStderr(absl::Duration wait);
  absl::Status Died(absl::string_view what, absl::Duration grace);

  XtermJsOracleOptions options_;
  pid_t pid_ = -1;
  int stdin_fd_ = -1;   // our end of a socket pair (writes with MSG_NOSIGNAL: no SIGPIPE)
  int stdout_fd_ = -1;  // pipe
  int stderr_fd_ = -1;  // pipe
  std::string stdout_buffer_;
  std::string stderr_tail_;  // the last few KiB the process wrote to stderr
};

}  // namespace vtsnap

#endif  // VTSNAP_TEST_DIFFERENTIAL_ORACLES_H_
