// What PtySession's two source files share: pty_session.cc (starting the program, the reader
// thread, typing, closing) and pty_session_waits.cc (every Wait*). Not part of the API.
//
//   Quoted("a\"b\n")  // "\"a\\\"b\\x0a\"": text for a message, quoted, with controls escaped
#ifndef VTSNAP_PTY_PTY_SESSION_INTERNAL_H_
#define VTSNAP_PTY_PTY_SESSION_INTERNAL_H_

#include <chrono>
#include <string>

#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace vtsnap::pty_internal {

// How often the reader checks whether the program has exited, and how often a waiter re-checks a
// condition that depends on time (quiet periods, the drain after an exit).
inline constexpr auto kPollInterval = std::chrono::milliseconds(10);
// After the program exits, output that a process it left behind still writes counts as its output
// until the terminal has been silent this long (WaitForExit).
inline constexpr absl::Duration kExitDrain = absl::Milliseconds(100);
// Idle detection: how long a waiting program must stay unchanged (scaled), and how often it is
// probed meanwhile.
inline constexpr absl::Duration kIdleConfirm = absl::Milliseconds(5);
inline constexpr absl::Duration kIdlePoll = absl::Milliseconds(2);

// `text` in double quotes for a message, with quotes and backslashes escaped and controls as \xNN.
std::string Quoted(absl::string_view text);

}  // namespace vtsnap::pty_internal

#endif  // VTSNAP_PTY_PTY_SESSION_INTERNAL_H_
