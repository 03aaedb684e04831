// progress_app: runs a command and shows its --progress json lines in a band (progress_app.h);
// q quits (stopping the command if it still runs).
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "examples/progress_app/progress_app.h"

extern char** environ;

namespace {

constexpr char kHelp[] = R"(usage: progress_app [--title TEXT] [--] COMMAND [ARG...]

Runs COMMAND and shows the progress lines it prints (--progress json, version 1: one JSON object
a line with v, state, stage, fraction, msg and ok) in a band: the stage, a bar for the fraction,
the percentage and the message. Lines that are not progress lines show as the latest detail. The
activity ends with the end line, or with the command's exit status. The command's stdout and
stderr are read; its stdin is /dev/null.

  --title TEXT  the title bar's text (default: the command and its arguments)
  --help        print this help

Keys: q quits (the command, if it still runs, gets SIGTERM); when stdin is not a terminal, the
app quits by itself once the command has exited. Exits 0 when the activity
succeeded, 1 when it failed or was stopped, 2 on bad arguments, 127 when COMMAND cannot start.
)";

// Set by the SIGWINCH handler; the loop redraws at the new size.
volatile std::sig_atomic_t resized = 0;
void OnResize(int /*signal*/) { resized = 1; }

void WriteAll(const std::string& bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(STDOUT_FILENO, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

void WindowSize(int& cols, int& rows) {
  winsize ws{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
    cols = ws.ws_col;
    rows = ws.ws_row;
  }
}

// Starts `argv` with stdout and stderr into `out_fd` and stdin from /dev/null.
int Spawn(const std::vector<char*>& argv, int out_fd, pid_t* pid) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out_fd, STDERR_FILENO);
  posix_spawn_file_actions_addclosefrom_np(&actions, 3);
  const int err = ::posix_spawnp(pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return err;
}

}  // namespace

int main(int argc, char** argv) {
  std::string title;
  int first = 1;
  for (; first < argc; ++first) {
    const std::string_view arg = argv[first];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kHelp, stdout);
      return 0;
    } else if (arg == "--title" && first + 1 < argc) {
      title = argv[++first];
    } else if (arg == "--") {
      ++first;
      break;
    } else if (!arg.empty() && arg[0] == '-') {
      std::fprintf(stderr, "progress_app: unknown option %s (see --help)\n", argv[first]);
      return 2;
    } else {
      break;
    }
  }
  if (first >= argc) {
    std::fputs("progress_app: no command given (see --help)\n", stderr);
    return 2;
  }
  std::vector<char*> command(argv + first, argv + argc);
  command.push_back(nullptr);
  if (title.empty()) {
    for (int i = first; i < argc; ++i) title += (i > first ? " " : "") + std::string(argv[i]);
  }

  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) {
    std::perror("progress_app: pipe");
    return 1;
  }
  pid_t child = -1;
  if (const int err = Spawn(command, pipe_fds[1], &child); err != 0) {
    std::fprintf(stderr, "progress_app: cannot run %s: %s\n", command[0], std::strerror(err));
    return 127;
  }
  ::close(pipe_fds[1]);
  int out = pipe_fds[0];

  // Keys one at a time, not echoed; autowrap and the cursor off while the band is shown.
  termios saved{};
  const bool tty = ::tcgetattr(STDIN_FILENO, &saved) == 0;
  if (tty) {
    termios raw = saved;
    raw.c_lflag &= ~(ICANON | ECHO);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    ::tcsetattr(STDIN_FILENO, TCSANOW, &raw);
  }
  struct sigaction sa {};
  sa.sa_handler = OnResize;
  ::sigaction(SIGWINCH, &sa, nullptr);
  WriteAll("\x1b[?25l\x1b[?7l");

  progress_app::Activity activity(title);
  int cols = 80;
  int rows = 24;
  WindowSize(cols, rows);
  WriteAll(activity.Render(cols, rows));

  std::string pending;  // output after the last newline
  bool reaped = false;
  bool quit = false;
  while (!quit) {
    // Keys come from a terminal only: with stdin not a terminal (a pipe, /dev/null) the app
    // reads no keys and quits once the command has exited.
    pollfd fds[2] = {{tty ? STDIN_FILENO : -1, POLLIN, 0}, {out, POLLIN, 0}};
    const nfds_t count = out >= 0 ? 2 : 1;
    // Once the output ended, the command is reaped by polling (it may close its output before
    // it exits).
    const int timeout = out < 0 && !reaped ? 20 : -1;
    const int n = ::poll(fds, count, timeout);
    bool changed = false;
    if (n < 0 && errno != EINTR) break;
    if (resized) {
      resized = 0;
      WindowSize(cols, rows);
      changed = true;
    }
    if (n > 0 && (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
      char key = 0;
      const ssize_t got = ::read(STDIN_FILENO, &key, 1);
      if (got <= 0 || key == 'q') quit = true;
    }
    if (n > 0 && count == 2 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
      char buffer[4096];
      const ssize_t got = ::read(out, buffer, sizeof buffer);
      if (got > 0) {
        pending.append(buffer, static_cast<size_t>(got));
        size_t start = 0;
        for (size_t nl; (nl = pending.find('\n', start)) != std::string::npos; start = nl + 1) {
          activity.Take(absl::string_view(pending).substr(start, nl - start));
          changed = true;
        }
        pending.erase(0, start);
        if (pending.size() > 65536) {  // a line without end: show what came so far
          activity.Take(pending);
          pending.clear();
          changed = true;
        }
      } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
        if (!pending.empty()) activity.Take(pending);
        pending.clear();
        ::close(out);
        out = -1;
        changed = true;
      }
    }
    if (out < 0 && !reaped) {
      int status = 0;
      if (::waitpid(child, &status, WNOHANG) == child) {
        reaped = true;
        activity.Exited(status);
        changed = true;
      }
    }
    if (changed && !quit) WriteAll(activity.Render(cols, rows));
    if (!tty && reaped) quit = true;
  }

  if (!reaped) {
    ::kill(child, SIGTERM);
    int status = 0;
    ::waitpid(child, &status, 0);
  }
  if (out >= 0) ::close(out);
  WriteAll("\x1b[?7h\x1b[?25h\x1b[" + std::to_string(rows) + ";1H\r\n");
  if (tty) ::tcsetattr(STDIN_FILENO, TCSANOW, &saved);
  return reaped && activity.outcome() == progress_app::Outcome::kSucceeded ? 0 : 1;
}
