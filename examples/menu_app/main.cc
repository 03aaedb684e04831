// menu_app: prints one frame of the example TUI sized to the terminal it runs in; with
// --interactive, j/k move the selection, l opens the next menu, q quits, and a window size change
// (SIGWINCH) redraws the frame at the new size.
#include <sys/ioctl.h>
#include <sys/select.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <string_view>

#include "examples/menu_app/menu_app.h"

namespace {

constexpr char kHelp[] = R"(usage: menu_app [--interactive] [--select N] [--size COLSxROWS]

Draws the menu_app example screen (title bar, menu bar, list, status bar with the time) for the
terminal it runs in, with plain ANSI escape sequences.

  --interactive   keep running: j/k move the selection, l opens the next menu, q quits; when
                  the terminal is resized (SIGWINCH) the frame is redrawn at the new size
                  (sizes below 20x6 keep the old one)
  --select N      select the N-th item (1-based) before drawing
  --size CxR      draw for C columns and R rows instead of the terminal's size (also after a
                  resize)
  --help          print this help
)";

void Write(const std::string& bytes) {
  std::fwrite(bytes.data(), 1, bytes.size(), stdout);
  std::fflush(stdout);
}

// Set by the SIGWINCH handler; the main loop reads the new size and redraws.
volatile std::sig_atomic_t resized = 0;

void OnResize(int /*signal*/) { resized = 1; }

// Takes the terminal's size into `state` when it is at least 20x6 (smaller sizes keep the old one).
void ReadWindowSize(menu_app::State& state) {
  winsize ws{};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20 && ws.ws_row >= 6) {
    state.cols = ws.ws_col;
    state.rows = ws.ws_row;
  }
}

}  // namespace

int main(int argc, char** argv) {
  menu_app::State state;
  bool interactive = false;
  bool sized = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kHelp, stdout);
      return 0;
    } else if (arg == "--interactive" || arg == "-i") {
      interactive = true;
    } else if (arg == "--select" && i + 1 < argc) {
      state.selected = std::atoi(argv[++i]) - 1;
      if (state.selected < 0 || state.selected >= static_cast<int>(state.items.size())) {
        std::fprintf(stderr, "menu_app: --select takes 1..%zu\n", state.items.size());
        return 2;
      }
    } else if (arg == "--size" && i + 1 < argc) {
      if (std::sscanf(argv[++i], "%dx%d", &state.cols, &state.rows) != 2 || state.cols < 20 ||
          state.rows < 6) {
        std::fprintf(stderr, "menu_app: --size takes COLSxROWS, at least 20x6\n");
        return 2;
      }
      sized = true;
    } else {
      std::fprintf(stderr, "menu_app: unknown argument '%s' (see --help)\n", argv[i]);
      return 2;
    }
  }
  if (!sized) ReadWindowSize(state);

  state.clock = menu_app::Now();
  if (!interactive) {
    // On a terminal, keep the last line for the shell's prompt, below the frame.
    const bool tty = isatty(STDOUT_FILENO) != 0;
    if (tty && !sized) --state.rows;
    Write(menu_app::Render(state));
    if (tty) Write("\x1b[" + std::to_string(state.rows) + ";1H\r\n");
    return 0;
  }

  termios saved{};
  if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &saved) != 0) {
    std::fprintf(stderr, "menu_app: --interactive needs a terminal on standard input\n");
    return 2;
  }
  termios raw = saved;
  raw.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO);
  raw.c_cc[VMIN] = 1;
  raw.c_cc[VTIME] = 0;
  tcsetattr(STDIN_FILENO, TCSANOW, &raw);

  // SIGWINCH: the handler only sets `resized`. The signal stays blocked except inside pselect,
  // which unblocks it atomically, so a resize that arrives while a frame is drawn is not lost until
  // the next key: pselect returns EINTR at once (sigaction without SA_RESTART, and pselect is never
  // restarted anyway) and the loop redraws at the new size.
  sigset_t winch{};
  sigset_t unblocked{};
  sigemptyset(&winch);
  sigaddset(&winch, SIGWINCH);
  sigprocmask(SIG_BLOCK, &winch, &unblocked);
  sigdelset(&unblocked, SIGWINCH);
  struct sigaction action {};
  action.sa_handler = OnResize;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: the wait returns EINTR
  sigaction(SIGWINCH, &action, nullptr);

  Write("\x1b[?1049h");  // the alternate screen, as full-screen programs use
  bool redraw = true;
  for (;;) {
    if (resized != 0) {
      resized = 0;
      if (!sized) ReadWindowSize(state);
      redraw = true;
    }
    if (redraw) {
      state.clock = menu_app::Now();
      Write(menu_app::Render(state));
      redraw = false;
    }
    fd_set in;
    FD_ZERO(&in);
    FD_SET(STDIN_FILENO, &in);
    if (pselect(STDIN_FILENO + 1, &in, nullptr, nullptr, nullptr, &unblocked) < 0) {
      if (errno == EINTR) continue;  // SIGWINCH (handled at the top of the loop)
      break;
    }
    char c = 0;
    if (read(STDIN_FILENO, &c, 1) != 1 || c == 'q') break;
    redraw = true;  // every key redraws (the clock too)
    if (c == 'j') state = menu_app::MoveDown(state);
    if (c == 'k') state = menu_app::MoveUp(state);
    if (c == 'l') state = menu_app::NextMenu(state);
  }
  Write("\x1b[m\x1b[?1049l");
  tcsetattr(STDIN_FILENO, TCSANOW, &saved);
  return 0;
}
