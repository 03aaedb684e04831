// Shared by the PTY tests: options that mark every program they start with this test process's
// pid, and a check at the end of the test program that no marked process is still alive.
//
//   vtsnap::PtySession session(vtsnap::pty_test::MarkedOptions(80, 24));
//
// Linking this header into a test binary registers the check (a gtest global environment): when
// the binary ends, it fails if any process that carries VTSNAP_PTY_TEST_MARKER=<its pid> in its
// environment is alive, naming each. ctest runs one test per process, so each test is checked.
#ifndef VTSNAP_TEST_PTY_TEST_SUPPORT_H_
#define VTSNAP_TEST_PTY_TEST_SUPPORT_H_

#include <dirent.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "vtsnap/pty/pty_session.h"

namespace vtsnap::pty_test {

// The environment variable every PTY test sets in its programs.
inline constexpr char kMarkerVariable[] = "VTSNAP_PTY_TEST_MARKER";

// "VTSNAP_PTY_TEST_MARKER=<pid of this test process>", as it appears in /proc/<pid>/environ.
inline std::string MarkerEntry() {
  return std::string(kMarkerVariable) + "=" + std::to_string(getpid());
}

// PtyOptions of the given size whose programs carry the marker.
inline PtyOptions MarkedOptions(int cols, int rows) {
  PtyOptions options;
  options.cols = cols;
  options.rows = rows;
  options.env[kMarkerVariable] = std::to_string(getpid());
  return options;
}

// Live processes (not zombies) whose environment holds this process's marker: "pid cmdline".
inline std::vector<std::string> MarkedProcesses() {
  std::vector<std::string> found;
  const std::string entry = MarkerEntry();
  DIR* proc = opendir("/proc");
  if (proc == nullptr) return found;
  while (dirent* e = readdir(proc)) {
    const std::string name = e->d_name;
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream env("/proc/" + name + "/environ", std::ios::binary);
    const std::string all((std::istreambuf_iterator<char>(env)), std::istreambuf_iterator<char>());
    // A zombie's environment reads as empty, so only live processes match.
    const std::string haystack = std::string(1, '\0') + all;
    if (haystack.find(std::string(1, '\0') + entry + std::string(1, '\0')) == std::string::npos) {
      continue;
    }
    std::ifstream cmd("/proc/" + name + "/cmdline", std::ios::binary);
    std::string line((std::istreambuf_iterator<char>(cmd)), std::istreambuf_iterator<char>());
    for (char& c : line) c = c == '\0' ? ' ' : c;
    found.push_back(name + " " + line);
  }
  closedir(proc);
  return found;
}

// Fails the program when a marked process outlives it (after a short grace for processes that
// were killed and are still exiting).
class NoLeakedProcesses : public ::testing::Environment {
 public:
  void TearDown() override {
    std::vector<std::string> left = MarkedProcesses();
    for (int i = 0; i < 200 && !left.empty(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      left = MarkedProcesses();
    }
    for (const std::string& p : left)
      ADD_FAILURE() << "a program a test started is still alive: " << p;
  }
};

inline ::testing::Environment* const kNoLeakedProcesses =
    ::testing::AddGlobalTestEnvironment(new NoLeakedProcesses);

}  // namespace vtsnap::pty_test

#endif  // VTSNAP_TEST_PTY_TEST_SUPPORT_H_
