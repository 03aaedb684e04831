// pty_probe: a program with one behaviour per subcommand, run under PtySession by
// pty_session_test.cc.
//
//   query          asks DSR 6, DA1 and DA2 in raw mode and prints each reply, escaped
//   burst N        prints "line 1" ... "line N" at once, then "end"
//   noisy          prints a counter every 5 ms, forever
//   exit N         prints "bye" and exits with status N
//   winch          prints "size COLSxROWS" now and after each SIGWINCH; q quits
//   whoami         prints its descriptors, whether /dev/tty opens, its ids, TERM, LANG and cwd
//   keys           raw mode: prints each byte read in hex; q quits
//   slow-keys      raw mode: asks DA1 first, then as keys, but answers each byte 50 ms late
//   open-frame     prints "ready", opens a synchronized frame (?2026h, at byte offset 11), draws,
//                  and never closes it
//   frames N       draws N synchronized frames, each "frame K row R" on rows 1-4 written one
//                  row at a time with 15 ms between the writes and 15 ms between frames, then
//                  "done" outside any frame
//   group-escape   starts a grandchild in its own process group that sleeps, and sleeps
//   ignore-hup     ignores SIGHUP and sleeps
//   ask-rounds N FILE  raw mode: prints "ready", then asks N rounds of DSR 6, DA1 and DECRQM ?25
//                  (one write a round, 1 ms apart), reading its input meanwhile; once it has read
//                  an ESC for each reply and a 'q', saves every byte it read to FILE, prints "done"
//   flood N        raw mode: asks DSR 6 N times without reading, prints "flooded", then reads
//                  its input up to a 'q' and prints "got K" (K: the 'R's it read, one a reply)
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

namespace {

void Out(std::string_view s) {
  size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = write(STDOUT_FILENO, s.data() + done, s.size() - done);
    if (n <= 0) std::exit(3);
    done += static_cast<size_t>(n);
  }
}

void Raw() {
  termios t{};
  tcgetattr(STDIN_FILENO, &t);
  cfmakeraw(&t);
  t.c_oflag |= OPOST | ONLCR;  // keep "\n" -> "\r\n" for readable output
  tcsetattr(STDIN_FILENO, TCSANOW, &t);
}

// Reads bytes up to and including `last`, escaped for printing.
std::string ReadReply(char last) {
  std::string out;
  char c = 0;
  while (read(STDIN_FILENO, &c, 1) == 1) {
    if (c == '\x1b') {
      out += "ESC";
    } else {
      out += c;
    }
    if (c == last) break;
  }
  return out;
}

volatile sig_atomic_t winched = 0;
void OnWinch(int) { winched = 1; }

void PrintSize() {
  winsize ws{};
  ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws);
  Out("size " + std::to_string(ws.ws_col) + "x" + std::to_string(ws.ws_row) + "\n");
}

}  // namespace

int main(int argc, char** argv) {
  const std::string_view what = argc > 1 ? argv[1] : "";
  if (what == "query") {
    Raw();
    Out("\x1b[3;5H");
    Out("\x1b[6n");
    const std::string dsr = ReadReply('R');
    Out("\x1b[c");
    const std::string da1 = ReadReply('c');
    Out("\x1b[>c");
    const std::string da2 = ReadReply('c');
    Out("\x1b[H\x1b[2Jdsr " + dsr + "\nda1 " + da1 + "\nda2 " + da2 + "\ndone\n");
    return 0;
  }
  if (what == "burst" && argc > 2) {
    const long n = std::atol(argv[2]);  // NOLINT(google-runtime-int): std::atol's type
    std::string all;
    // NOLINTNEXTLINE(google-runtime-int): counts to n, a long
    for (long i = 1; i <= n; ++i) all += "line " + std::to_string(i) + "\n";
    all += "end\n";
    Out(all);
    return 0;
  }
  if (what == "noisy") {
    for (long i = 0;; ++i) {  // NOLINT(google-runtime-int): counts without end
      Out("tick " + std::to_string(i) + "\n");
      usleep(5000);
    }
  }
  if (what == "exit" && argc > 2) {
    Out("bye\n");
    return std::atoi(argv[2]);
  }
  if (what == "winch") {
    // SIGWINCH stays blocked except inside ppoll, so a resize between two checks is never lost.
    struct sigaction sa {};
    sa.sa_handler = OnWinch;
    sigaction(SIGWINCH, &sa, nullptr);
    sigset_t winch;
    sigset_t unblocked;
    sigemptyset(&winch);
    sigaddset(&winch, SIGWINCH);
    sigprocmask(SIG_BLOCK, &winch, &unblocked);
    sigdelset(&unblocked, SIGWINCH);
    Raw();
    PrintSize();
    for (;;) {
      pollfd in = {.fd = STDIN_FILENO, .events = POLLIN, .revents = 0};
      const int ready = ppoll(&in, 1, nullptr, &unblocked);
      if (winched) {
        winched = 0;
        PrintSize();
      }
      if (ready <= 0) continue;
      char c = 0;
      const ssize_t n = read(STDIN_FILENO, &c, 1);
      if (n == 1 && c == 'q') return 0;
      if (n <= 0) return 1;
    }
  }
  if (what == "whoami") {
    std::string fds;
    if (DIR* d = opendir("/proc/self/fd")) {
      const int own = dirfd(d);
      while (dirent* e = readdir(d)) {
        if (e->d_name[0] == '.' || std::atoi(e->d_name) == own) continue;
        fds += std::string(fds.empty() ? "" : ",") + e->d_name;
      }
      closedir(d);
    }
    const int tty = open("/dev/tty", O_RDWR);
    char cwd[4096] = {};
    if (getcwd(cwd, sizeof(cwd)) == nullptr) cwd[0] = '?';
    const char* term = std::getenv("TERM");
    const char* lang = std::getenv("LANG");
    const bool leader = getsid(0) == getpid() && getpgrp() == getpid();
    const bool foreground = tcgetpgrp(STDIN_FILENO) == getpgrp();
    Out(std::string("fds ") + fds + "\ntty " + (tty >= 0 ? "yes" : "no") + "\nleader " +
        (leader ? "yes" : "no") + "\nforeground " + (foreground ? "yes" : "no") + "\nTERM " +
        (term ? term : "-") + "\nLANG " + (lang ? lang : "-") + "\ncwd " + cwd + "\n");
    return 0;
  }
  if (what == "keys" || what == "slow-keys") {
    Raw();
    if (what == "slow-keys") {
      Out("\x1b[c");
      ReadReply('c');
    }
    Out("ready\n");
    for (;;) {
      unsigned char c = 0;
      if (read(STDIN_FILENO, &c, 1) != 1) return 1;
      if (c == 'q') return 0;
      if (what == "slow-keys") usleep(50000);
      char hex[8];
      std::snprintf(hex, sizeof(hex), "%02x ", c);
      Out(hex);
    }
  }
  if (what == "open-frame") {
    Out("ready\x1b[2;1H\x1b[?2026hhalf drawn");
    for (;;) pause();
  }
  if (what == "frames" && argc > 2) {
    const int frames = std::atoi(argv[2]);
    for (int k = 1; k <= frames; ++k) {
      Out("\x1b[?2026h");
      for (int row = 1; row <= 4; ++row) {
        usleep(15000);  // the frame is half drawn for a while: a capture now would see it
        Out("\x1b[" + std::to_string(row) + ";1Hframe " + std::to_string(k) + " row " +
            std::to_string(row) + "\x1b[K");
      }
      Out("\x1b[?2026l");
      usleep(15000);  // between frames
    }
    Out("\x1b[6;1Hdone");
    for (;;) pause();
  }
  if (what == "group-escape") {
    const pid_t child = fork();
    if (child == 0) {
      setpgid(0, 0);
      for (;;) pause();
    }
    Out("spawned " + std::to_string(child) + "\n");
    for (;;) pause();
  }
  if (what == "ignore-hup") {
    signal(SIGHUP, SIG_IGN);
    Out("ignoring\n");
    for (;;) pause();
  }
  if (what == "ask-rounds" && argc > 3) {
    const int rounds = std::atoi(argv[2]);
    Raw();
    Out("ready\n");
    std::string got;
    long escapes = 0;  // NOLINT(google-runtime-int): a count without a small bound
    bool quit = false;
    // Reads what is there without blocking (stdin shares its open file with stdout, so it stays
    // blocking: poll first).
    auto read_some = [&] {
      char buffer[4096];
      for (pollfd in = {.fd = STDIN_FILENO, .events = POLLIN, .revents = 0};
           poll(&in, 1, 0) == 1 && (in.revents & POLLIN) != 0;) {
        const ssize_t n = read(STDIN_FILENO, buffer, sizeof(buffer));
        if (n <= 0) std::exit(5);
        for (ssize_t i = 0; i < n; ++i) {
          escapes += buffer[i] == '\x1b';
          quit = quit || buffer[i] == 'q';
        }
        got.append(buffer, static_cast<size_t>(n));
      }
    };
    for (int i = 0; i < rounds; ++i) {
      Out("\x1b[6n\x1b[c\x1b[?25$p");
      usleep(1000);
      read_some();
    }
    while (escapes < 3L * rounds || !quit) {
      pollfd in = {.fd = STDIN_FILENO, .events = POLLIN, .revents = 0};
      poll(&in, 1, -1);
      read_some();
    }
    FILE* f = std::fopen(argv[3], "wb");
    if (f == nullptr || std::fwrite(got.data(), 1, got.size(), f) != got.size()) return 4;
    std::fclose(f);
    Out("done\n");
    for (;;) pause();
  }
  if (what == "flood" && argc > 2) {
    const long n = std::atol(argv[2]);  // NOLINT(google-runtime-int): std::atol's type
    Raw();
    std::string batch;
    for (int i = 0; i < 16384; ++i) batch += "\x1b[6n";
    // NOLINTBEGIN(google-runtime-int): n is std::atol's long
    for (long left = n; left > 0;) {
      const long now = left < 16384 ? left : 16384;
      Out(std::string_view(batch).substr(0, static_cast<size_t>(now) * 4));
      left -= now;
    }
    // NOLINTEND(google-runtime-int)
    Out("flooded\n");
    long replies = 0;  // NOLINT(google-runtime-int): as many as n
    for (char c = 0; read(STDIN_FILENO, &c, 1) == 1 && c != 'q';) replies += c == 'R';
    Out("got " + std::to_string(replies) + "\n");
    for (;;) pause();
  }
  std::fprintf(stderr, "pty_probe: unknown subcommand '%s'\n", argv[argc > 1 ? 1 : 0]);
  return 2;
}
