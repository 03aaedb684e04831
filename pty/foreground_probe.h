// ProbeForeground: whether the program on a pseudo-terminal is waiting for input, read from
// Linux's /proc, so PtySession's quiet waits can end as soon as the program has drawn its screen
// and blocks reading its terminal, instead of waiting out a fixed quiet window (docs/pty.md,
// "Idle detection").
//
// The foreground process group of the terminal (tcgetpgrp on the master) is found among the
// session leader's descendants. It is waiting when no thread of it runs and every thread sleeps
// in a call that waits for input or for another thread: a read of a terminal; poll, select or
// epoll; a futex; waiting for a child or a signal. A read of anything else (a pipe, a socket, a
// file) is busy: the program waits for something other than the user. A timer shorter than
// `min_timer` (a poll or futex timeout, a sleep) is busy too: the program may draw when it fires.
// At least one thread must wait on a descriptor (read, poll, select, epoll). Anything that cannot
// be read (no /proc, no permission, another architecture) is kUnknown, and the caller keeps its
// quiet window.
//
//   ForegroundState s = ProbeForeground(master_fd, pid, absl::Milliseconds(200));
//   if (s.kind == ForegroundState::Kind::kWaiting) { /* drawn, unless output is in flight */ }
//
// `signature` changes whenever any thread of the group has run (the sum of their run times and
// their ids), so two probes with one signature bracket a time in which the program did nothing.
#ifndef VTSNAP_PTY_FOREGROUND_PROBE_H_
#define VTSNAP_PTY_FOREGROUND_PROBE_H_

#include <sys/types.h>

#include <cstdint>
#include <string>

#include "absl/time/time.h"

namespace vtsnap::pty_internal {

struct ForegroundState {
  enum class Kind { kUnknown, kBusy, kWaiting };
  Kind kind = Kind::kUnknown;
  // Why: "less (pid 12) reads /dev/pts/3", "sleep (pid 14) sleeps for 5s", "cannot read ...".
  std::string why;
  uint64_t signature = 0;
};

// Reads the state of the foreground process group of the terminal whose master is `master_fd`,
// looking for its processes among `session_leader` and its descendants.
ForegroundState ProbeForeground(int master_fd, pid_t session_leader, absl::Duration min_timer);

}  // namespace vtsnap::pty_internal

#endif  // VTSNAP_PTY_FOREGROUND_PROBE_H_
