#include "test/conformance/tmux_pane.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

extern char** environ;

namespace vtsnap::conformance {
namespace {

// tmux's tty-acs.c table: what tmux draws on a UTF-8 terminal for a character it holds in the DEC
// line-drawing set. It differs from xterm's DEC Special Graphics (docs/conformance.md).
const char* TmuxAcs(char ch) {
  switch (ch) {
    case '+':
      return "\u2192";  // arrow pointing right
    case ',':
      return "\u2190";  // arrow pointing left
    case '-':
      return "\u2191";  // arrow pointing up
    case '.':
      return "\u2193";  // arrow pointing down
    case '0':
      return "\u25ae";  // solid square block
    case '`':
      return "\u25c6";  // diamond
    case 'a':
      return "\u2592";  // checker board
    case 'f':
      return "\u00b0";  // degree
    case 'g':
      return "\u00b1";  // plus/minus
    case 'h':
      return "\u2592";  // board of squares
    case 'i':
      return "\u2603";  // lantern
    case 'j':
      return "\u2518";
    case 'k':
      return "\u2510";
    case 'l':
      return "\u250c";
    case 'm':
      return "\u2514";
    case 'n':
      return "\u253c";
    case 'o':
      return "\u23ba";  // scan line 1
    case 'p':
      return "\u23bb";  // scan line 3
    case 'q':
      return "\u2500";
    case 'r':
      return "\u23bc";  // scan line 7
    case 's':
      return "\u23bd";  // scan line 9
    case 't':
      return "\u251c";
    case 'u':
      return "\u2524";
    case 'v':
      return "\u2534";
    case 'w':
      return "\u252c";
    case 'x':
      return "\u2502";
    case 'y':
      return "\u2264";
    case 'z':
      return "\u2265";
    case '{':
      return "\u03c0";
    case '|':
      return "\u2260";
    case '}':
      return "\u00a3";
    case '~':
      return "\u00b7";
    default:
      return nullptr;
  }
}

std::string ErrnoText(int error) { return std::strerror(error); }

}  // namespace

absl::StatusOr<std::string> RunCommand(const std::vector<std::string>& argv) {
  if (argv.empty()) return absl::InvalidArgumentError("RunCommand: no program");
  int out[2];
  if (pipe2(out, O_CLOEXEC) != 0) return absl::InternalError("pipe: " + ErrnoText(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDERR_FILENO);
  std::vector<std::string> storage = argv;
  std::vector<char*> args;
  for (std::string& a : storage) args.push_back(a.data());
  args.push_back(nullptr);
  pid_t pid = -1;
  const int spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  if (spawned != 0) {
    close(out[0]);
    return absl::NotFoundError(absl::StrCat("cannot run '", argv[0], "': ", ErrnoText(spawned)));
  }
  std::string output;
  char buffer[4096];
  for (;;) {
    const ssize_t n = read(out[0], buffer, sizeof(buffer));
    if (n > 0) {
      output.append(buffer, static_cast<size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  close(out[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return absl::InternalError(
        absl::StrCat("'", absl::StrJoin(argv, " "), "' ",
                     WIFEXITED(status) ? absl::StrCat("exited with status ", WEXITSTATUS(status))
                                       : absl::StrCat("was killed by signal ", WTERMSIG(status)),
                     ": ", output));
  }
  return output;
}

std::vector<std::string> PaneRowsFromCapture(absl::string_view capture, int rows) {
  std::vector<std::string> result(1);
  bool line_drawing = false;  // between SO and SI; tmux carries it across rows
  for (size_t i = 0; i < capture.size(); ++i) {
    const char ch = capture[i];
    if (ch == '\x1b') {
      // CSI: parameters and intermediates, then one final byte; OSC: up to BEL or ST.
      if (i + 1 < capture.size() && capture[i + 1] == '[') {
        i += 2;
        while (i < capture.size() && !(capture[i] >= 0x40 && capture[i] <= 0x7e)) ++i;
      } else if (i + 1 < capture.size() && capture[i + 1] == ']') {
        i += 2;
        while (i < capture.size() && capture[i] != '\a' &&
               !(capture[i] == '\x1b' && i + 1 < capture.size() && capture[i + 1] == '\\')) {
          ++i;
        }
        if (i < capture.size() && capture[i] == '\x1b') ++i;
      } else {
        ++i;  // a two-byte escape
      }
      continue;
    }
    if (ch == '\x0e') {
      line_drawing = true;
    } else if (ch == '\x0f') {
      line_drawing = false;
    } else if (ch == '\n') {
      result.emplace_back();
    } else if (const char* drawn = line_drawing ? TmuxAcs(ch) : nullptr) {
      result.back() += drawn;
    } else {
      result.back() += ch;
    }
  }
  for (std::string& row : result) {
    while (!row.empty() && row.back() == ' ') row.pop_back();
  }
  result.resize(static_cast<size_t>(rows));
  return result;
}

}  // namespace vtsnap::conformance
