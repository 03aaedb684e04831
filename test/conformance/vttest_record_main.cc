// vttest_record DIR [SESSION...]: plays the vttest sessions of vttest_walks.h under vtsnap's
// PtySession and inside tmux, replays each screen through xterm.js, and writes the recording the
// conformance cases read (vttest_recording.h, docs/conformance.md). ctest runs it as
// vttest.record before the cases. VTTEST_JOBS sets how many sessions play at once (default 6).
//
// Exit status 0 when the recording was written (errors of one side are in the screens' records
// and fail those cases), 1 when it could not be, or when a program it started outlived it, 2 for
// bad arguments.
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "test/conformance/vttest_recording.h"
#include "test/conformance/vttest_walks.h"
#include "test/pty/test_support.h"

int main(int argc, char** argv) {
  using vtsnap::conformance::RecordOptions;
  if (argc < 2 || argv[1][0] == '-') {
    std::cerr << "usage: vttest_record DIR [SESSION...]\n";
    return 2;
  }
  RecordOptions options;
  options.dir = argv[1];
  for (int i = 2; i < argc; ++i) options.sessions.push_back(argv[i]);
  for (const std::string& name : options.sessions) {
    bool known = false;
    for (const auto& s : vtsnap::conformance::VttestSessions()) known = known || s.name == name;
    if (!known) {
      std::cerr << "vttest_record: no session '" << name << "'\n";
      return 2;
    }
  }
  if (const char* jobs = std::getenv("VTTEST_JOBS"); jobs != nullptr && *jobs != '\0') {
    if (!absl::SimpleAtoi(jobs, &options.jobs) || options.jobs < 1) {
      std::cerr << "vttest_record: VTTEST_JOBS must be a positive number, not '" << jobs << "'\n";
      return 2;
    }
  }
  // Every program started carries the PTY tests' marker, so a leaked one is found below.
  options.env.emplace_back(vtsnap::pty_test::kMarkerVariable, absl::StrCat(getpid()));
  std::string log;
  const absl::Status s = vtsnap::conformance::RecordVttest(options, &log);
  std::cout << log;
  if (!s.ok()) {
    std::cerr << "vttest_record: " << s << "\n";
    return 1;
  }
  std::vector<std::string> left = vtsnap::pty_test::MarkedProcesses();
  for (int i = 0; i < 200 && !left.empty(); ++i) {
    usleep(10000);
    left = vtsnap::pty_test::MarkedProcesses();
  }
  for (const std::string& p : left) std::cerr << "vttest_record: still alive: " << p << "\n";
  return left.empty() ? 0 : 1;
}
