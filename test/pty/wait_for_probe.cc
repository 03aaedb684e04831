// Compiled by pty.wait_for_names_the_matchers_header (test/pty/CMakeLists.txt), which expects it
// NOT to compile: PtySession::WaitFor is given a matcher without vtsnap/matchers/wait.h, and the
// error must name that header.
#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "vtsnap/pty/pty_session.h"

absl::Status Probe(vtsnap::PtySession& session) { return session.WaitFor(testing::_); }
