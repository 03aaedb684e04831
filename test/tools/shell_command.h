// A shell command run from a test, its exit code and output, for tests that drive other programs
// (git, python3, the built `vtsnap`).
//
//   #include "test/tools/shell_command.h"
//   vtsnap::test_util::ShellResult r = vtsnap::test_util::Shell("git --version");
//   // r.code == 0, r.out starts with "git version"
#ifndef VTSNAP_TEST_TOOLS_SHELL_COMMAND_H_
#define VTSNAP_TEST_TOOLS_SHELL_COMMAND_H_

#include <sys/wait.h>

#include <cstdio>
#include <string>

#include "absl/strings/str_cat.h"

namespace vtsnap::test_util {

struct ShellResult {
  int code = -1;    // -1 when the command could not run or did not exit normally
  std::string out;  // stdout and stderr, joined
};

// Runs `command` with sh, waiting for it.
inline ShellResult Shell(const std::string& command) {
  ShellResult r;
  FILE* pipe = popen(absl::StrCat(command, " 2>&1").c_str(), "r");
  if (pipe == nullptr) return r;
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) r.out.append(buffer, n);
  const int status = pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace vtsnap::test_util

#endif  // VTSNAP_TEST_TOOLS_SHELL_COMMAND_H_
