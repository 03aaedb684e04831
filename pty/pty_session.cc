#include "vtsnap/pty/pty_session.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
// NOLINTNEXTLINE(modernize-deprecated-headers): sigset_t and sigemptyset are POSIX, not <csignal>
#include <signal.h>
#include <spawn.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <system_error>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "vtsnap/base/size.h"
#include "vtsnap/base/status_macros.h"
#include "vtsnap/decoder/keys.h"
#include "vtsnap/pty/foreground_probe.h"
#include "vtsnap/pty/pty_session_internal.h"
#include "vtsnap/snapshot/formats/detached_state.h"
#include "vtsnap/snapshot/screen/capture.h"

// NOLINTNEXTLINE(readability-redundant-declaration): POSIX; <unistd.h> declares it only for GNU
extern char** environ;

namespace vtsnap {

using pty_internal::kPollInterval;
using pty_internal::Quoted;

// How many chunks the reader reads (up to 64 KiB each) before it goes round its loop again.
constexpr int kReadsPerRound = 16;

namespace {

std::string ErrnoText(int error) {
  return std::error_code(error, std::generic_category()).message();
}

TerminalOptions DecoderOptions(const PtyOptions& options) {
  return {.cols = std::clamp(options.cols, 1, kMaxTerminalDimension),
          .rows = std::clamp(options.rows, 1, kMaxTerminalDimension),
          .scrollback_limit = options.scrollback_limit,
          .width = options.width,
          .graphics = options.graphics,
          .replies = options.replies};
}

absl::Status ValidateSize(int cols, int rows) {
  if (cols < 1 || rows < 1 || cols > kMaxTerminalDimension || rows > kMaxTerminalDimension) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a terminal of ", cols, "x", rows, ": each side must be 1 to ", kMaxTerminalDimension));
  }
  return absl::OkStatus();
}

// The program's environment as NAME=VALUE strings (see PtyOptions::env).
std::vector<std::string> ProgramEnvironment(const PtyOptions& options) {
  std::map<std::string, std::string> env;
  if (options.inherit_environment) {
    for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
      absl::string_view entry(*e);
      const size_t eq = entry.find('=');
      if (eq == absl::string_view::npos) continue;
      env[std::string(entry.substr(0, eq))] = std::string(entry.substr(eq + 1));
    }
  } else {
    for (const char* name : {"PATH", "HOME"}) {
      if (const char* value = std::getenv(name); value != nullptr) env[name] = value;
    }
    if (env.find("PATH") == env.end()) env["PATH"] = "/usr/local/bin:/usr/bin:/bin";
    env["LANG"] = "C.UTF-8";
  }
  env["TERM"] = options.term;
  for (const auto& [name, value] : options.env) env[name] = value;
  std::vector<std::string> out;
  out.reserve(env.size());
  for (const auto& [name, value] : env) out.push_back(absl::StrCat(name, "=", value));
  return out;
}

// The file execve is given for `name`: itself when it holds a '/', else the first executable
// regular file of that name in `path` (as execvp searches, but in the program's PATH).
absl::StatusOr<std::string> ResolveProgram(const std::string& name, const std::string& path,
                                           const std::string& working_directory) {
  auto check = [&](const std::string& file) -> absl::Status {
    std::string on_disk = file;
    if (!working_directory.empty() && !file.empty() && file[0] != '/') {
      on_disk = working_directory + "/" + file;
    }
    struct stat st {};
    if (stat(on_disk.c_str(), &st) != 0) {
      const int e = errno;
      return absl::NotFoundError(absl::StrCat("cannot start '", name, "': ", ErrnoText(e)));
    }
    if (S_ISDIR(st.st_mode)) {
      return absl::PermissionDeniedError(
          absl::StrCat("cannot start '", name, "': ", file, " is a directory"));
    }
    if (access(on_disk.c_str(), X_OK) != 0) {
      return absl::PermissionDeniedError(
          absl::StrCat("cannot start '", name, "': ", file, " is not executable"));
    }
    return absl::OkStatus();
  };
  if (name.find('/') != std::string::npos) {
    VTSNAP_RETURN_IF_ERROR(check(name));
    return name;
  }
  absl::Status first_refusal = absl::OkStatus();
  for (absl::string_view dir : absl::StrSplit(path, ':')) {
    const std::string file = absl::StrCat(dir.empty() ? "." : dir, "/", name);
    absl::Status s = check(file);
    if (s.ok()) return file;
    if (s.code() == absl::StatusCode::kPermissionDenied && first_refusal.ok()) first_refusal = s;
  }
  if (!first_refusal.ok()) return first_refusal;
  return absl::NotFoundError(
      absl::StrCat("cannot start '", name, "': not found in PATH (", path, ")"));
}

// Reads /proc/<pid>/stat: the process's state letter and session id.
bool ReadProcStat(pid_t pid, char* state, pid_t* session) {
  // One read into a buffer on the stack: the destructor reads every process's stat, so this is on
  // the path of every test's teardown.
  char path[32];
  std::snprintf(path, sizeof(path), "/proc/%d/stat", static_cast<int>(pid));
  const int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char buffer[512];
  const ssize_t n = read(fd, buffer, sizeof(buffer) - 1);
  close(fd);
  if (n <= 0) return false;
  // "pid (comm) state ppid pgrp session ...": comm may hold spaces and parentheses.
  const absl::string_view line(buffer, static_cast<size_t>(n));
  const size_t close_paren = line.rfind(')');
  if (close_paren == absl::string_view::npos) return false;
  const std::vector<absl::string_view> fields =
      absl::StrSplit(line.substr(close_paren + 1), ' ', absl::SkipEmpty());
  int sid = 0;
  if (fields.size() < 4 || fields[0].empty() || !absl::SimpleAtoi(fields[3], &sid)) return false;
  *state = fields[0][0];
  *session = static_cast<pid_t>(sid);
  return true;
}

// The replies in `replies`, each one control sequence, in order. Every reply the decoder gives
// starts with ESC: a CSI (ESC [ ... final byte), a DCS or OSC string (which may end with ST, ESC
// \), so a reply starts at each ESC that is not an ST's.
std::vector<absl::string_view> SplitReplies(absl::string_view replies) {
  std::vector<absl::string_view> out;
  size_t start = 0;
  for (size_t i = 1; i < replies.size(); ++i) {
    if (replies[i] == '\x1b' && (i + 1 == replies.size() || replies[i + 1] != '\\')) {
      out.push_back(replies.substr(start, i - start));
      start = i;
    }
  }
  if (start < replies.size()) out.push_back(replies.substr(start));
  return out;
}

}  // namespace

namespace pty_internal {

std::string Quoted(absl::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      absl::StrAppend(&out, "\\x", absl::Hex(static_cast<unsigned char>(c), absl::kZeroPad2));
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace pty_internal

std::string ExitStatus::ToString() const {
  if (exited()) return absl::StrCat("exit status ", code);
  const char* name = sigabbrev_np(signal);
  return absl::StrCat("killed by signal ", signal,
                      name != nullptr ? absl::StrCat(" (SIG", name, ")") : "");
}

absl::StatusOr<double> TimeoutScaleFromEnvironment() {
  const char* value = std::getenv("VTSNAP_TIMEOUT_SCALE");
  if (value == nullptr || *value == '\0') return 1.0;
  double scale = 0;
  if (!absl::SimpleAtod(value, &scale) || !std::isfinite(scale) || scale <= 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("VTSNAP_TIMEOUT_SCALE=", Quoted(value),
                     ": expected a positive number that multiplies every timeout, such as 3"));
  }
  return scale;
}

std::vector<pid_t> LiveProcessesInSession(pid_t session) {
  std::vector<pid_t> out;
  if (session <= 0) return out;
  DIR* proc = opendir("/proc");
  if (proc == nullptr) return out;
  while (dirent* entry = readdir(proc)) {
    int pid = 0;
    if (!absl::SimpleAtoi(entry->d_name, &pid) || pid <= 0 || pid == getpid()) continue;
    char state = 0;
    pid_t sid = 0;
    if (ReadProcStat(pid, &state, &sid) && sid == session && state != 'Z' && state != 'X') {
      out.push_back(pid);
    }
  }
  closedir(proc);
  return out;
}

PtySession::PtySession(PtyOptions options)
    : options_(std::move(options)), vt_(DecoderOptions(options_)) {}

PtySession::~PtySession() {
  if (pid_ < 0) return;
  if (!closed_) {
    closed_ = true;
    StopReader();
    KillEverything();
    Reap(/*block=*/true);
  }
  CloseDescriptors();
}

absl::Status PtySession::Start(std::vector<std::string> argv) {
  if (pid_ >= 0 || closed_) return absl::FailedPreconditionError("the session was started already");
  if (argv.empty() || argv[0].empty()) {
    return absl::InvalidArgumentError("PtySession::Start needs a program to run");
  }
  VTSNAP_RETURN_IF_ERROR(ValidateSize(options_.cols, options_.rows));
  if (options_.timeout <= absl::ZeroDuration()) {
    return absl::InvalidArgumentError(absl::StrCat("PtyOptions::timeout must be positive, not ",
                                                   absl::FormatDuration(options_.timeout)));
  }
  absl::StatusOr<double> scale = TimeoutScaleFromEnvironment();
  if (!scale.ok()) return scale.status();
  scale_ = *scale;
  program_ = argv[0];

  const std::vector<std::string> env = ProgramEnvironment(options_);
  std::string path;
  for (const std::string& e : env) {
    if (absl::StartsWith(e, "PATH=")) path = e.substr(5);
  }
  absl::StatusOr<std::string> file = ResolveProgram(argv[0], path, options_.working_directory);
  if (!file.ok()) return file.status();
  if (!options_.working_directory.empty()) {
    struct stat st {};
    if (stat(options_.working_directory.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
      return absl::NotFoundError(absl::StrCat("cannot start '", program_,
                                              "': its working directory ",
                                              options_.working_directory, " is not a directory"));
    }
  }

  // The terminal: a pseudo-terminal pair whose master side this process keeps (non-blocking, read
  // and written only by the reader thread) and whose slave side the program opens.
  const int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (master < 0) {
    return absl::InternalError(absl::StrCat("posix_openpt: ", ErrnoText(errno)));
  }
  char slave_name[128] = {};
  if (grantpt(master) != 0 || unlockpt(master) != 0 ||
      ptsname_r(master, slave_name, sizeof(slave_name)) != 0) {
    const int e = errno;
    close(master);
    return absl::InternalError(absl::StrCat("setting up the pseudo-terminal: ", ErrnoText(e)));
  }
  winsize ws{};
  ws.ws_col = static_cast<decltype(ws.ws_col)>(options_.cols);
  ws.ws_row = static_cast<decltype(ws.ws_row)>(options_.rows);
  ioctl(master, TIOCSWINSZ, &ws);
  termios tio{};
  if (tcgetattr(master, &tio) == 0) {
    tio.c_iflag |= IUTF8;  // line editing erases whole UTF-8 characters
    tcsetattr(master, TCSANOW, &tio);
  }
  fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
  int wake[2];
  if (pipe2(wake, O_CLOEXEC | O_NONBLOCK) != 0) {
    const int e = errno;
    close(master);
    return absl::InternalError(absl::StrCat("pipe2: ", ErrnoText(e)));
  }

  // posix_spawn: the child makes itself a session leader (setsid), then opens the slave side,
  // which becomes its controlling terminal, as its standard input, output and error, closes every
  // other descriptor, resets signal dispositions and mask, changes directory and execs.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, slave_name, O_RDWR, 0);
  posix_spawn_file_actions_adddup2(&actions, 0, 1);
  posix_spawn_file_actions_adddup2(&actions, 0, 2);
  posix_spawn_file_actions_addclosefrom_np(&actions, 3);
  if (!options_.working_directory.empty()) {
    posix_spawn_file_actions_addchdir_np(&actions, options_.working_directory.c_str());
  }
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t all;
  sigset_t none;
  sigfillset(&all);
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attr, &all);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (std::string& a : argv) args.push_back(a.data());
  args.push_back(nullptr);
  std::vector<std::string> env_storage = env;
  std::vector<char*> envp;
  envp.reserve(env_storage.size() + 1);
  for (std::string& e : env_storage) envp.push_back(e.data());
  envp.push_back(nullptr);
  pid_t pid = -1;
  const int spawned = posix_spawn(&pid, file->c_str(), &actions, &attr, args.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (spawned != 0) {
    close(master);
    close(wake[0]);
    close(wake[1]);
    const std::string why = absl::StrCat("cannot start '", program_, "': ", ErrnoText(spawned));
    return spawned == ENOENT ? absl::NotFoundError(why) : absl::PermissionDeniedError(why);
  }
  pid_ = pid;
  master_fd_ = master;
  wake_read_fd_ = wake[0];
  wake_write_fd_ = wake[1];
  {
    std::lock_guard<pty_internal::FairMutex> lock(mu_);
    last_output_ = absl::Now();
  }
  reader_ = std::thread([this] { ReaderLoop(); });
  return absl::OkStatus();
}

void PtySession::Wake() {
  const char byte = 1;
  if (wake_write_fd_ >= 0) (void)!write(wake_write_fd_, &byte, 1);
}

void PtySession::ReaderLoop() {
  std::string buffer(size_t{64} * 1024, '\0');
  for (;;) {
    bool want_write = false;
    bool read_master = false;
    bool reaped = false;
    {
      std::lock_guard<pty_internal::FairMutex> lock(mu_);
      if (stop_) return;
      read_master = !output_ended_;
      want_write = outgoing_begin_ < outgoing_.size() && !input_closed_;
      reaped = exit_.has_value();
    }
    pollfd fds[2] = {{.fd = (read_master || want_write) ? master_fd_ : -1,
                      .events = static_cast<decltype(pollfd::events)>((read_master ? POLLIN : 0) |
                                                                      (want_write ? POLLOUT : 0)),
                      .revents = 0},
                     {.fd = wake_read_fd_, .events = POLLIN, .revents = 0}};
    // Until the program is reaped, wake up regularly to check on it.
    const int timeout_ms = reaped ? -1 : static_cast<int>(kPollInterval.count());
    const int ready = poll(fds, 2, timeout_ms);
    if (ready < 0 && errno != EINTR) {
      std::lock_guard<pty_internal::FairMutex> lock(mu_);
      output_ended_ = input_closed_ = true;
      changed_.notify_all();
      return;
    }
    if (fds[1].revents & POLLIN) {
      char drain[64];
      while (read(wake_read_fd_, drain, sizeof(drain)) > 0) {
      }
    }
    // Read what there is, one chunk at a time, decoding each under the lock. The read
    // (non-blocking) is under the lock too, so a waiter sees each byte either still in the kernel
    // (UnreadOutputLocked) or decoded. A program that writes without pause always has more: after
    // kReadsPerRound chunks the loop goes round, so typing, reaping and stopping are not held up.
    if (read_master) {
      for (int reads = 0; reads < kReadsPerRound; ++reads) {
        std::unique_lock<pty_internal::FairMutex> lock(mu_);
        if (stop_) return;
        const ssize_t n = read(master_fd_, buffer.data(), buffer.size());
        if (n < 0 && errno == EINTR) continue;
        if (n > 0) {
          const absl::string_view chunk(buffer.data(), static_cast<size_t>(n));
          DecodeLocked(chunk);
          lock.unlock();
          // Only this thread reads while it runs (Close drains after it stopped): the sink sees
          // the chunks in order. Outside the lock, so a slow disk holds up no waiter.
          if (options_.output_sink) options_.output_sink(chunk);
          FlushInputEvents();  // the replies dropped while decoding it
          continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        // EOF, or EIO: no process has the terminal open any more.
        output_ended_ = true;
        input_closed_ = true;
        output_end_time_ = absl::Now();
        changed_.notify_all();
        break;
      }
    }
    {
      std::lock_guard<pty_internal::FairMutex> lock(mu_);
      // Only when the terminal can take bytes: a program that does not read its input would
      // otherwise cost a probe of its threads (WriteLocked) on every round of a busy reader.
      const bool writable = want_write && (fds[0].revents & (POLLOUT | POLLERR | POLLHUP)) != 0;
      if (writable) WriteLocked();
      if (!exit_.has_value()) {
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
          exit_ = WIFSIGNALED(status) ? ExitStatus{.code = 0, .signal = WTERMSIG(status)}
                                      : ExitStatus{.code = WEXITSTATUS(status), .signal = 0};
          exit_time_ = absl::Now();
          changed_.notify_all();
        }
      }
    }
    FlushInputEvents();
  }
}

void PtySession::DecodeLocked(absl::string_view bytes) {
  const bool frame_was_open = vt_.open_frame_offset().has_value();
  vt_.Write(bytes);
  if (!frame_was_open && vt_.open_frame_offset().has_value()) frame_opened_ = absl::Now();
  // Replies are queued like typed bytes, each whole and in the order the queries came, so Send's
  // count of what is written stays true and typed bytes never land inside a reply.
  bytes_received_ += bytes.size();
  const std::string replies = vt_.TakeReplies();
  for (absl::string_view reply : SplitReplies(replies))
    QueueLocked(PtyInputEvent::Source::kReply, reply);
  if (options_.keep_output) output_.append(bytes.data(), bytes.size());
  last_output_ = absl::Now();
  changed_.notify_all();
}

void PtySession::QueueLocked(PtyInputEvent::Source source, absl::string_view bytes) {
  if (bytes.empty()) return;
  // A reply that would take what waits past kMaxPendingReplyBytes is dropped: the program is not
  // reading its input, and a terminal that answers a question it never reads owes it nothing.
  if (source == PtyInputEvent::Source::kReply &&
      outgoing_.size() - outgoing_begin_ + bytes.size() > kMaxPendingReplyBytes) {
    ++counts_.replies_dropped;
    counts_.reply_bytes_dropped += bytes.size();
    RecordLocked(source, PtyInputEvent::Fate::kDropped, bytes);
    return;
  }
  outgoing_.append(bytes.data(), bytes.size());
  outgoing_queued_ += bytes.size();
  pieces_.push_back({.source = source, .size = bytes.size(), .written = 0});
}

void PtySession::RecordLocked(PtyInputEvent::Source source, PtyInputEvent::Fate fate,
                              absl::string_view bytes) {
  if (!options_.input_sink) return;
  input_events_.push_back({.source = source,
                           .fate = fate,
                           .bytes = std::string(bytes),
                           .output_offset = bytes_received_,
                           .time = absl::Now()});
}

void PtySession::FlushInputEvents() {
  if (!options_.input_sink) return;
  std::vector<PtyInputEvent> events;
  {
    std::lock_guard<pty_internal::FairMutex> lock(mu_);
    events.swap(input_events_);
  }
  for (const PtyInputEvent& event : events) options_.input_sink(event);
}

void PtySession::WriteLocked() {
  while (outgoing_begin_ < outgoing_.size() && !input_closed_) {
    // Idle detection must see the program run after it got these bytes: remember what its
    // threads had run before they could have.
    if (options_.detect_idle) {
      signature_before_write_ =
          pty_internal::ProbeForeground(master_fd_, pid_, absl::ZeroDuration()).signature;
    }
    const ssize_t n =
        write(master_fd_, outgoing_.data() + outgoing_begin_, outgoing_.size() - outgoing_begin_);
    if (n > 0) {
      ++writes_;
      // What was written, piece by piece: the counts, and the events for input_sink.
      for (size_t left = static_cast<size_t>(n), at = outgoing_begin_; left > 0;) {
        Piece& piece = pieces_.front();
        const size_t take = std::min(left, piece.size - piece.written);
        RecordLocked(piece.source, PtyInputEvent::Fate::kWritten,
                     absl::string_view(outgoing_).substr(at, take));
        piece.written += take;
        at += take;
        left -= take;
        if (piece.source == PtyInputEvent::Source::kTyped) {
          counts_.bytes_typed += take;
        } else {
          counts_.reply_bytes_written += take;
        }
        if (piece.written == piece.size) {
          if (piece.source == PtyInputEvent::Source::kReply) ++counts_.replies_written;
          pieces_.pop_front();
        }
      }
      outgoing_begin_ += static_cast<size_t>(n);
      // Drop the written prefix once it is the larger part: each byte moves at most once.
      if (outgoing_begin_ == outgoing_.size()) {
        outgoing_.clear();
        outgoing_begin_ = 0;
      } else if (outgoing_begin_ > outgoing_.size() / 2) {
        outgoing_.erase(0, outgoing_begin_);
        outgoing_begin_ = 0;
      }
      outgoing_written_ += static_cast<uint64_t>(n);
      // Typing is activity: a quiet period starts after it, so the program's answer (or at
      // least the terminal's echo) is awaited rather than the silence before the keys.
      last_output_ = std::max(last_output_, absl::Now());
      changed_.notify_all();
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    input_closed_ = true;
    changed_.notify_all();
  }
}

std::string PtySession::DrainLocked() {
  // Only what the kernel holds now: a program that keeps writing cannot hold Close up (nor make
  // what is returned for the sink large).
  size_t left = static_cast<size_t>(std::max(UnreadOutputLocked(), 0));
  std::string buffer(std::min<size_t>(left, size_t{64} * 1024), '\0');
  std::string drained;
  while (left > 0) {
    const ssize_t n = read(master_fd_, buffer.data(), std::min(left, buffer.size()));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    DecodeLocked(absl::string_view(buffer.data(), static_cast<size_t>(n)));
    if (options_.output_sink) drained.append(buffer.data(), static_cast<size_t>(n));
    left -= std::min(left, static_cast<size_t>(n));
  }
  return drained;
}

void PtySession::StopReader() {
  {
    std::lock_guard<pty_internal::FairMutex> lock(mu_);
    stop_ = true;
  }
  Wake();
  if (reader_.joinable()) reader_.join();
}

void PtySession::KillEverything() {
  if (pid_ <= 0) return;
  kill(-pid_, SIGKILL);
  // Processes that left the program's process group (a shell's jobs) are still in its session.
  for (int round = 0; round < 200; ++round) {
    const std::vector<pid_t> left = LiveProcessesInSession(pid_);
    if (left.empty()) break;
    for (pid_t p : left) kill(p, SIGKILL);
    // Killed processes take a moment to become zombies: look again soon, then less often.
    std::this_thread::sleep_for(std::chrono::microseconds(round < 10 ? 200 : 1000));
  }
}

void PtySession::Reap(bool block) {
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  if (exit_.has_value()) return;
  int status = 0;
  pid_t got;
  do {
    got = waitpid(pid_, &status, block ? 0 : WNOHANG);
  } while (got < 0 && errno == EINTR);
  if (got == pid_) {
    exit_ = WIFSIGNALED(status) ? ExitStatus{.code = 0, .signal = WTERMSIG(status)}
                                : ExitStatus{.code = WEXITSTATUS(status), .signal = 0};
    exit_time_ = absl::Now();
  }
}

void PtySession::CloseDescriptors() {
  for (int* fd : {&master_fd_, &wake_read_fd_, &wake_write_fd_}) {
    if (*fd >= 0) close(*fd);
    *fd = -1;
  }
}

ExitStatus PtySession::Close() {
  if (pid_ < 0) return ExitStatus{};
  if (!closed_) {
    closed_ = true;
    StopReader();
    std::string drained;
    {
      // What the program wrote before Close that the reader had not read yet is decoded, so a
      // screen read after Close shows it.
      std::lock_guard<pty_internal::FairMutex> lock(mu_);
      if (!output_ended_ && master_fd_ >= 0) drained = DrainLocked();
    }
    if (!drained.empty()) options_.output_sink(drained);
    {
      // What the program never read: the rest of the queue, piece by piece.
      std::lock_guard<pty_internal::FairMutex> lock(mu_);
      for (size_t at = outgoing_begin_; const Piece& piece : pieces_) {
        const size_t left = piece.size - piece.written;
        RecordLocked(piece.source, PtyInputEvent::Fate::kNotWritten,
                     absl::string_view(outgoing_).substr(at, left));
        at += left;
      }
    }
    FlushInputEvents();
    // A hangup, as when a terminal window closes: the kernel sends SIGHUP (and SIGCONT) to the
    // program's session when the master side goes away.
    if (master_fd_ >= 0) {
      close(master_fd_);
      master_fd_ = -1;
    }
    const absl::Time give_up = absl::Now() + options_.close_grace * scale_;
    for (;;) {
      Reap(/*block=*/false);
      {
        std::lock_guard<pty_internal::FairMutex> lock(mu_);
        if (exit_.has_value()) break;
      }
      if (absl::Now() >= give_up) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    KillEverything();
    Reap(/*block=*/true);
    CloseDescriptors();
    std::lock_guard<pty_internal::FairMutex> lock(mu_);
    output_ended_ = input_closed_ = true;
    changed_.notify_all();
  }
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  return exit_.value_or(ExitStatus{});
}

std::optional<ExitStatus> PtySession::exit_status() const {
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  return exit_;
}

bool PtySession::output_ended() const {
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  return output_ended_;
}

uint64_t PtySession::bytes_received() const {
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  return bytes_received_;
}

size_t PtySession::input_pending() const {
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  return outgoing_.size() - outgoing_begin_;
}

uint64_t PtySession::replies_dropped() const {
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  return counts_.replies_dropped;
}

PtyStatistics PtySession::statistics() const {
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  PtyStatistics out = counts_;
  out.bytes_received = bytes_received_;
  out.input_pending = outgoing_.size() - outgoing_begin_;
  out.replies_suppressed = vt_.terminal().stats().replies_suppressed;
  out.replies_pending = 0;
  for (const Piece& piece : pieces_) {
    out.replies_pending += piece.source == PtyInputEvent::Source::kReply ? 1 : 0;
  }
  return out;
}

int PtySession::UnreadOutputLocked() const {
  int n = 0;
  if (master_fd_ < 0 || ioctl(master_fd_, FIONREAD, &n) != 0) return 0;
  return n;
}

std::string PtySession::Output() const {
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  return output_;
}

absl::Duration PtySession::Scaled(std::optional<absl::Duration> timeout) const {
  return timeout.value_or(options_.timeout) * scale_;
}

absl::Status PtySession::NotRunning(absl::string_view action) const {
  if (pid_ < 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot ", action, ": the session has not started a program"));
  }
  return absl::FailedPreconditionError(
      absl::StrCat("cannot ", action, ": '", program_, "' ",
                   exit_.has_value() ? absl::StrCat("ended (", exit_->ToString(), ")")
                                     : std::string("closed its terminal")));
}

void PtySession::Cancel(std::string why) {
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  if (!cancelled_.has_value()) cancelled_ = std::move(why);
  changed_.notify_all();
}

absl::Status PtySession::Send(absl::string_view bytes) {
  std::unique_lock<pty_internal::FairMutex> lock(mu_);
  if (cancelled_.has_value()) return absl::CancelledError(*cancelled_);
  if (pid_ < 0 || input_closed_ || closed_) return NotRunning("type into the program");
  if (bytes.empty()) return absl::OkStatus();
  QueueLocked(PtyInputEvent::Source::kTyped, bytes);
  const uint64_t target = outgoing_queued_;
  Wake();
  const absl::Duration timeout = Scaled(std::nullopt);
  const auto deadline = std::chrono::steady_clock::now() + absl::ToChronoNanoseconds(timeout);
  while (outgoing_written_ < target) {
    if (cancelled_.has_value()) return absl::CancelledError(*cancelled_);
    if (input_closed_) return NotRunning("type into the program");
    if (changed_.wait_until(lock, deadline) == std::cv_status::timeout &&
        outgoing_written_ < target && !input_closed_) {
      return absl::DeadlineExceededError(
          absl::StrCat("timed out after ", absl::FormatDuration(timeout), " typing ", bytes.size(),
                       " bytes into '", program_, "': it has not read its input (",
                       outgoing_.size() - outgoing_begin_, " bytes still waiting)"));
    }
  }
  return absl::OkStatus();
}

absl::Status PtySession::SendKeys(absl::string_view script) {
  KeyEncoding encoding;
  {
    std::lock_guard<pty_internal::FairMutex> lock(mu_);
    encoding.application_cursor = vt_.terminal().modes().cursor_keys_application;
  }
  absl::StatusOr<std::string> bytes = EncodeKeys(script, encoding);
  if (!bytes.ok()) return bytes.status();
  return Send(*bytes);
}

absl::Status PtySession::Resize(int cols, int rows) {
  VTSNAP_RETURN_IF_ERROR(ValidateSize(cols, rows));
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  if (pid_ < 0 || closed_ || master_fd_ < 0) return NotRunning("resize the terminal");
  vt_.Resize(cols, rows);
  winsize ws{};
  ws.ws_col = static_cast<decltype(ws.ws_col)>(cols);
  ws.ws_row = static_cast<decltype(ws.ws_row)>(rows);
  if (ioctl(master_fd_, TIOCSWINSZ, &ws) != 0) {
    return absl::InternalError(absl::StrCat("TIOCSWINSZ: ", ErrnoText(errno)));
  }
  return absl::OkStatus();
}

ScreenView PtySession::View() const {
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  return ViewLocked();
}

ScreenView PtySession::ViewLocked() const {
  const Terminal& t = vt_.terminal();
  if (vt_.open_frame_offset().has_value()) {
    return ScreenView::Snapshot(
        "PtySession",
        absl::FailedPreconditionError(absl::StrCat(
            "the screen was read inside a synchronized frame: ", OpenFrameLocked(),
            "; the program has not finished drawing it (wait with WaitForFrame, which returns the "
            "screen between frames)")));
  }
  const ScreenView live(t);  // read under the lock, then owned by the snapshot
  std::optional<RgbaPlane> plane;
  if (options_.graphics.sixel) plane = *live.plane();
  // The modes, wrap flags and scrollback are read now too: the semantic projection and the theme
  // check of the view need them after the lock is released.
  return ScreenView::Snapshot("PtySession", CaptureFrame(live), std::move(plane),
                              live.alternate_screen(), DetachTerminalState(t));
}

std::string PtySession::ScreenText() const {
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  return vt_.ScreenText();
}

void PtySession::WithScreen(const std::function<void(const Terminal&)>& read) const {
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  read(vt_.terminal());
}

std::optional<uint64_t> PtySession::open_frame_offset() const {
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  return vt_.open_frame_offset();
}

std::string PtySession::DescribeScreen() const {
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  return DescribeScreenLocked();
}

std::string PtySession::DescribeScreenLocked() const {
  const Terminal& t = vt_.terminal();
  absl::StatusOr<Frame> frame = CaptureFrame(ScreenView(t));
  if (!frame.ok()) return absl::StrCat("the screen cannot be read: ", frame.status().message());
  // The picture the matchers print (snapshot/screen/screen_view.h), so a timeout and a failed
  // assertion show a screen the same way.
  return absl::StrCat("the screen (", t.cols(), "x", t.rows(), "):\n", FramedRows(*frame));
}

}  // namespace vtsnap
