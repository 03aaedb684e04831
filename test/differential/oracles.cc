#include "test/differential/oracles.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vterm.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
#include "nlohmann/json.hpp"
#include "vtsnap/base/size.h"
#include "vtsnap/decoder/width.h"
#include "vtsnap/snapshot/formats/state_json.h"

extern char** environ;

namespace vtsnap {
namespace {

using Json = nlohmann::ordered_json;

absl::Status CheckSize(int cols, int rows) {
  if (cols < 1 || cols > kMaxTerminalDimension || rows < 1 || rows > kMaxTerminalDimension) {
    return absl::InvalidArgumentError(
        absl::StrCat("terminal size ", cols, "x", rows, " is outside 1..", kMaxTerminalDimension));
  }
  return absl::OkStatus();
}

// ---------------------------------------------------------------------------------------------
// libvterm

struct LibvtermObserved {
  bool cursor_visible = true;
  int64_t scrollback = 0;
  int64_t scrollback_limit = 0;
};

int OnSetTermProp(VTermProp prop, VTermValue* value, void* user) {
  if (prop == VTERM_PROP_CURSORVISIBLE) {
    static_cast<LibvtermObserved*>(user)->cursor_visible = value->boolean != 0;
  }
  return 1;
}

int OnPushLine(int /*cols*/, const VTermScreenCell* /*cells*/, void* user) {
  auto* observed = static_cast<LibvtermObserved*>(user);
  if (observed->scrollback < observed->scrollback_limit) ++observed->scrollback;
  return 1;
}

void DropOutput(const char* /*bytes*/, size_t /*len*/, void* /*user*/) {}

uint32_t LibvtermColor(const VTermColor& color, bool is_default, uint32_t default_rgb) {
  if (is_default) return default_rgb;
  if (VTERM_COLOR_IS_INDEXED(&color)) return XtermPaletteRgb(color.indexed.idx);
  return (uint32_t{color.rgb.red} << 16) | (uint32_t{color.rgb.green} << 8) | color.rgb.blue;
}

// The schema's attrs, in its order. libvterm 0.1.4 has no faint, conceal (invisible) or overline.
Json LibvtermAttrs(const VTermScreenCellAttrs& a) {
  Json attrs = Json::array();
  if (a.bold) attrs.push_back("bold");
  if (a.italic) attrs.push_back("italics");
  if (a.underline == VTERM_UNDERLINE_SINGLE || a.underline == VTERM_UNDERLINE_CURLY) {
    attrs.push_back("underline");
  }
  if (a.blink) attrs.push_back("blink");
  if (a.reverse) attrs.push_back("inverse");
  if (a.strike) attrs.push_back("crossed_out");
  if (a.underline == VTERM_UNDERLINE_DOUBLE) attrs.push_back("dbl_underline");
  return attrs;
}

Json LibvtermStyledCell(std::string ch, const VTermScreenCell& style) {
  Json cell = Json::object();
  cell["ch"] = std::move(ch);
  cell["fg"] =
      LibvtermColor(style.fg, VTERM_COLOR_IS_DEFAULT_FG(&style.fg), kStateDefaultForeground);
  cell["bg"] =
      LibvtermColor(style.bg, VTERM_COLOR_IS_DEFAULT_BG(&style.bg), kStateDefaultBackground);
  cell["attrs"] = LibvtermAttrs(style.attrs);
  return cell;
}

struct VTermDeleter {
  void operator()(VTerm* vt) const { vterm_free(vt); }
};

// ---------------------------------------------------------------------------------------------
// xterm.js process plumbing

bool IsExecutableFile(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
}

bool IsRegularFile(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

absl::StatusOr<std::string> FindNode(const std::string& node) {
  if (node.find('/') != std::string::npos) {
    if (IsExecutableFile(node)) return node;
    return absl::NotFoundError(absl::StrCat(
        "node not found: ", node,
        " is not an executable file (install Node.js 18 or newer: apt-get install nodejs npm, "
        "or run scripts/test.sh as root)"));
  }
  const char* path_env = std::getenv("PATH");
  const std::string path = path_env != nullptr ? path_env : "";
  for (absl::string_view dir : absl::StrSplit(path, ':')) {
    const std::string candidate = absl::StrCat(dir.empty() ? "." : dir, "/", node);
    if (IsExecutableFile(candidate)) return candidate;
  }
  return absl::NotFoundError(absl::StrCat(
      node, " not found on PATH: ", path.empty() ? "(PATH is empty)" : path,
      " (install Node.js 18 or newer: apt-get install nodejs npm, or run scripts/test.sh as "
      "root)"));
}

std::string Dirname(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

void CloseFd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

std::string Errno(absl::string_view what, int error) {
  return absl::StrCat(what, ": ", std::strerror(error));
}

std::string DescribeWaitStatus(int status) {
  if (WIFEXITED(status)) return absl::StrCat("exited with status ", WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const char* name = strsignal(WTERMSIG(status));
    return absl::StrCat("was killed by signal ", WTERMSIG(status),
                        name != nullptr ? absl::StrCat(" (", name, ")") : "");
  }
  return absl::StrCat("ended with wait status ", status);
}

// Milliseconds left until `deadline`, for poll (at least 0).
int PollTimeout(absl::Time deadline) {
  const absl::Duration left = deadline - absl::Now();
  if (left <= absl::ZeroDuration()) return 0;
  return static_cast<int>(std::min<int64_t>(absl::ToInt64Milliseconds(left) + 1, 60'000));
}

constexpr size_t kStderrTail = 4096;

void AppendTail(std::string& tail, const char* data, size_t n) {
  tail.append(data, n);
  if (tail.size() > kStderrTail) tail.erase(0, tail.size() - kStderrTail);
}

}  // namespace

absl::StatusOr<std::string> LibvtermStateJson(int cols, int rows, absl::string_view bytes,
                                              int scrollback_limit) {
  if (absl::Status size = CheckSize(cols, rows); !size.ok()) return size;
  if (scrollback_limit < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("scrollback limit ", scrollback_limit, " is negative"));
  }
  std::unique_ptr<VTerm, VTermDeleter> vt(vterm_new(rows, cols));
  if (vt == nullptr) return absl::InternalError("vterm_new failed");
  vterm_set_utf8(vt.get(), 1);
  vterm_output_set_callback(vt.get(), &DropOutput, nullptr);  // replies to queries are dropped

  LibvtermObserved observed{.scrollback_limit = scrollback_limit};
  VTermScreenCallbacks callbacks = {};
  callbacks.settermprop = &OnSetTermProp;
  callbacks.sb_pushline = &OnPushLine;
  VTermScreen* screen = vterm_obtain_screen(vt.get());
  vterm_screen_set_callbacks(screen, &callbacks, &observed);
  vterm_screen_enable_altscreen(screen, 1);
  vterm_screen_reset(screen, 1);
  VTermState* state = vterm_obtain_state(vt.get());
  vterm_state_set_bold_highbright(state, 0);  // bold is not bright, as in the other dumps

  vterm_input_write(vt.get(), bytes.data(), bytes.size());
  vterm_screen_flush_damage(screen);

  VTermPos cursor_pos;
  vterm_state_get_cursorpos(state, &cursor_pos);

  try {
    Json dump = Json::object();
    dump["cols"] = cols;
    dump["rows"] = rows;
    Json cursor = Json::object();
    cursor["row"] = cursor_pos.row;
    cursor["col"] = cursor_pos.col;
    cursor["visible"] = observed.cursor_visible;
    dump["cursor"] = std::move(cursor);

    Json cells = Json::array();
    for (int r = 0; r < rows; ++r) {
      Json row = Json::array();
      VTermScreenCell left = {};  // the cell before, whose style a wide right half takes
      for (int c = 0; c < cols; ++c) {
        VTermScreenCell cell = {};
        if (!vterm_screen_get_cell(screen, VTermPos{.row = r, .col = c}, &cell)) {
          return absl::InternalError(absl::StrCat("vterm_screen_get_cell failed at ", r, ",", c));
        }
        if (cell.chars[0] == static_cast<uint32_t>(-1)) {
          // The right half of a wide character: libvterm leaves its own pen stale and draws the
          // glyph with the left half's.
          row.push_back(LibvtermStyledCell("", c > 0 ? left : cell));
        } else {
          std::string ch;
          for (int i = 0; i < VTERM_MAX_CHARS_PER_CELL && cell.chars[i] != 0; ++i) {
            AppendUtf8(static_cast<char32_t>(cell.chars[i]), &ch);
          }
          if (ch.empty()) ch.push_back(' ');  // never written or erased
          row.push_back(LibvtermStyledCell(std::move(ch), cell));
        }
        left = cell;
      }
      cells.push_back(std::move(row));
    }
    dump["cells"] = std::move(cells);
    dump["scrollback_len"] = observed.scrollback;
    return dump.dump(-1, ' ', false, Json::error_handler_t::replace);
  } catch (const Json::exception& e) {
    return absl::InternalError(absl::StrCat("libvterm dump: ", e.what()));
  }
}

std::string DefaultXtermJsScript() {
  return absl::StrCat(VTSNAP_SOURCE_DIR, "/test/corpus/oracle/state.mjs");
}

XtermJsOracle::XtermJsOracle(XtermJsOracleOptions options) : options_(std::move(options)) {}

XtermJsOracle::~XtermJsOracle() { Stop(absl::ZeroDuration()); }

absl::Status XtermJsOracle::Start() {
  if (pid_ > 0) return absl::OkStatus();
  absl::StatusOr<std::string> node = FindNode(options_.node);
  if (!node.ok()) return node.status();
  const std::string& script = options_.script;
  if (!IsRegularFile(script)) {
    return absl::NotFoundError(absl::StrCat("xterm.js oracle script not found: ", script));
  }
  if (options_.check_node_modules) {
    const std::string dir = Dirname(script);
    for (const char* package : {"@xterm/headless", "@xterm/addon-unicode11"}) {
      const std::string manifest = absl::StrCat(dir, "/node_modules/", package, "/package.json");
      if (!IsRegularFile(manifest)) {
        return absl::FailedPreconditionError(
            absl::StrCat("the xterm.js oracle needs ", dir, "/node_modules/", package,
                         ", which is missing: run `npm ci --no-audit --no-fund` in ", dir,
                         " (scripts/test.sh does it)"));
      }
    }
  }

  int in[2] = {-1, -1};  // socket pair: in[0] ours, in[1] the child's stdin
  int out[2] = {-1, -1};
  int err[2] = {-1, -1};
  auto close_all = [&] {
    for (int* fds : {in, out, err}) {
      CloseFd(fds[0]);
      CloseFd(fds[1]);
    }
  };
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0 || pipe2(out, O_CLOEXEC) != 0 ||
      pipe2(err, O_CLOEXEC) != 0) {
    const int error = errno;
    close_all();
    return absl::InternalError(Errno("cannot create the xterm.js oracle's pipes", error));
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[1], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none;
  sigemptyset(&none);
  sigset_t pipe_default;
  sigemptyset(&pipe_default);
  sigaddset(&pipe_default, SIGPIPE);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &pipe_default);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  std::vector<std::string> args = {*node, script};
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int spawn_error = posix_spawn(&pid, node->c_str(), &actions, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (spawn_error != 0) {
    close_all();
    return absl::InternalError(
        Errno(absl::StrCat("cannot start ", *node, " ", script), spawn_error));
  }
  CloseFd(in[1]);
  CloseFd(out[1]);
  CloseFd(err[1]);
  pid_ = pid;
  stdin_fd_ = in[0];
  stdout_fd_ = out[0];
  stderr_fd_ = err[0];
  for (int fd : {stdin_fd_, stdout_fd_, stderr_fd_}) {
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  }
  stdout_buffer_.clear();
  stderr_tail_.clear();
  return absl::OkStatus();
}

void XtermJsOracle::DrainStderr(absl::Duration wait) {
  const absl::Time deadline = absl::Now() + wait;
  char buf[4096];
  while (stderr_fd_ >= 0) {
    pollfd p = {.fd = stderr_fd_, .events = POLLIN, .revents = 0};
    const int ready = poll(&p, 1, PollTimeout(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return;
    const ssize_t n = read(stderr_fd_, buf, sizeof buf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) return;  // EOF: the process and its children have closed stderr
    AppendTail(stderr_tail_, buf, static_cast<size_t>(n));
  }
}

std::string XtermJsOracle::Stop(absl::Duration grace) {
  CloseFd(stdin_fd_);  // state.mjs ends at EOF on stdin
  std::string how = "was not running";
  if (pid_ > 0) {
    int status = 0;
    pid_t done = 0;
    const absl::Time deadline = absl::Now() + grace;
    while ((done = waitpid(pid_, &status, WNOHANG)) == 0 && absl::Now() < deadline) {
      absl::SleepFor(absl::Milliseconds(5));
    }
    if (done == 0) {
      kill(pid_, SIGKILL);
      while ((done = waitpid(pid_, &status, 0)) < 0 && errno == EINTR) {
      }
    }
    how = done == pid_ ? DescribeWaitStatus(status) : Errno("could not be reaped", errno);
    pid_ = -1;
  }
  CloseFd(stdout_fd_);
  CloseFd(stderr_fd_);
  stdout_buffer_.clear();
  return how;
}

absl::Status XtermJsOracle::Died(absl::string_view what, absl::Duration grace) {
  DrainStderr(grace);
  const std::string command = absl::StrCat(options_.node, " ", options_.script);
  const std::string how = Stop(grace);
  std::string message = absl::StrCat("xterm.js oracle (", command, ") ", what, " and ", how);
  const absl::string_view stderr_text = absl::StripAsciiWhitespace(stderr_tail_);
  if (!stderr_text.empty()) absl::StrAppend(&message, "; its stderr:\n", stderr_text);
  stderr_tail_.clear();
  return absl::UnavailableError(message);
}

absl::StatusOr<std::string> XtermJsOracle::Replay(int cols, int rows, absl::string_view bytes,
                                                  int scrollback,
                                                  const std::vector<OracleResize>& resizes) {
  if (absl::Status size = CheckSize(cols, rows); !size.ok()) return size;
  if (scrollback < 0) {
    return absl::InvalidArgumentError(absl::StrCat("scrollback ", scrollback, " is negative"));
  }
  if (absl::Status started = Start(); !started.ok()) return started;

  std::string resize_steps;
  for (const OracleResize& step : resizes) {
    if (absl::Status size = CheckSize(step.cols, step.rows); !size.ok()) return size;
    absl::StrAppend(&resize_steps, resize_steps.empty() ? ",\"resize\":[" : ",",
                    "{\"cols\":", step.cols, ",\"rows\":", step.rows, ",\"bytes\":\"",
                    absl::Base64Escape(step.bytes), "\"}");
  }
  if (!resize_steps.empty()) resize_steps += "]";
  const std::string request =
      absl::StrCat("{\"cols\":", cols, ",\"rows\":", rows, ",\"scrollback\":", scrollback,
                   ",\"bytes\":\"", absl::Base64Escape(bytes), "\"", resize_steps, "}\n");
  size_t written = 0;
  const absl::Time deadline = absl::Now() + options_.timeout;
  char buf[65536];
  size_t newline = stdout_buffer_.find('\n');
  while (newline == std::string::npos) {
    pollfd fds[3] = {
        {.fd = stdout_fd_, .events = POLLIN, .revents = 0},
        {.fd = stderr_fd_, .events = POLLIN, .revents = 0},
        {.fd = written < request.size() ? stdin_fd_ : -1, .events = POLLOUT, .revents = 0}};
    const int ready = poll(fds, 3, PollTimeout(deadline));
    if (ready < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      Stop(absl::ZeroDuration());
      return absl::InternalError(Errno("poll on the xterm.js oracle's pipes", error));
    }
    if (ready == 0) {
      Stop(absl::ZeroDuration());
      return absl::DeadlineExceededError(absl::StrCat(
          "xterm.js oracle (", options_.node, " ", options_.script, ") did not answer within ",
          absl::FormatDuration(options_.timeout), "; killed it"));
    }
    if (fds[2].revents != 0) {
      const ssize_t n = send(stdin_fd_, request.data() + written, request.size() - written,
                             MSG_NOSIGNAL | MSG_DONTWAIT);
      if (n > 0) {
        written += static_cast<size_t>(n);
      } else if (n < 0 && errno != EAGAIN && errno != EINTR) {
        return Died("stopped reading its requests", absl::Seconds(2));
      }
    }
    if (fds[1].revents != 0) {
      const ssize_t n = read(stderr_fd_, buf, sizeof buf);
      if (n > 0) AppendTail(stderr_tail_, buf, static_cast<size_t>(n));
      // EOF on stderr alone is not death (stdout tells); stop polling it.
      if (n == 0) CloseFd(stderr_fd_);
    }
    if (fds[0].revents != 0) {
      const ssize_t n = read(stdout_fd_, buf, sizeof buf);
      if (n > 0) {
        stdout_buffer_.append(buf, static_cast<size_t>(n));
        newline = stdout_buffer_.find('\n');
      } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
        return Died("closed its output before answering", absl::Seconds(2));
      }
    }
  }
  if (written < request.size()) {
    Stop(absl::ZeroDuration());
    return absl::InternalError(
        "xterm.js oracle answered before reading the whole request; restarting it");
  }
  std::string line = stdout_buffer_.substr(0, newline);
  stdout_buffer_.erase(0, newline + 1);
  if (absl::StartsWith(line, "{\"error\":")) {
    std::string message = line;
    try {
      message = Json::parse(line).at("error").get<std::string>();
    } catch (const Json::exception&) {
      // Keep the raw line.
    }
    return absl::InvalidArgumentError(absl::StrCat("xterm.js oracle: ", message));
  }
  return line;
}

}  // namespace vtsnap
