// tmux as a second opinion for the vttest conformance suite (docs/conformance.md): running tmux's
// commands, and reading a pane's text as tmux shows it.
//
//   absl::StatusOr<std::string> out = RunCommand({"tmux", "-S", socket, "capture-pane", "-p",
//                                                 "-e", "-t", "vttest"});
//   std::vector<std::string> rows = PaneRowsFromCapture(*out, 24);
#ifndef VTSNAP_TEST_CONFORMANCE_TMUX_PANE_H_
#define VTSNAP_TEST_CONFORMANCE_TMUX_PANE_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace vtsnap::conformance {

// Runs `argv` (argv[0] looked up on PATH) with this process's environment, stdin from /dev/null,
// and returns what it wrote to stdout and stderr. NotFound naming the program when it cannot be
// started; Internal with the exit status and the output when it does not exit with status 0.
[[nodiscard]] absl::StatusOr<std::string> RunCommand(const std::vector<std::string>& argv);

// The rows of a pane as tmux draws them on a UTF-8 terminal, from the output of
// `tmux capture-pane -p -e`: SGR and other escape sequences are dropped, characters tmux keeps in
// the DEC line-drawing set (written between SO and SI by `-e`) are translated with tmux's own table
// (tty-acs.c; characters it does not translate stay as they are), trailing spaces are removed, and
// the result has exactly `rows` rows.
std::vector<std::string> PaneRowsFromCapture(absl::string_view capture, int rows);

}  // namespace vtsnap::conformance

#endif  // VTSNAP_TEST_CONFORMANCE_TMUX_PANE_H_
