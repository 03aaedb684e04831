#include "vtsnap/pty/foreground_probe.h"

#include <dirent.h>
#include <fcntl.h>
#include <termios.h>
// NOLINTNEXTLINE(modernize-deprecated-headers): clock_gettime and clockid_t are POSIX, not <ctime>
#include <time.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"

namespace vtsnap::pty_internal {
namespace {

// A session with more processes than this is not walked (a fork bomb, a build): kUnknown.
constexpr size_t kMaxProcesses = 256;

// System call numbers of the calls a waiting program sleeps in, per architecture.
// NOLINTBEGIN(google-runtime-int): a system call number is a long, as syscall(2) takes it
struct Calls {
  long read, readv, pread64;
  long poll, select, pselect6, ppoll;
  long epoll_wait, epoll_pwait, epoll_pwait2;
  long futex, futex_waitv, nanosleep, clock_nanosleep;
  long pause, rt_sigsuspend, rt_sigtimedwait, wait4, waitid;
};
// NOLINTEND(google-runtime-int)
#if defined(__x86_64__)
constexpr std::optional<Calls> kCalls = Calls{.read = 0,
                                              .readv = 19,
                                              .pread64 = 17,
                                              .poll = 7,
                                              .select = 23,
                                              .pselect6 = 270,
                                              .ppoll = 271,
                                              .epoll_wait = 232,
                                              .epoll_pwait = 281,
                                              .epoll_pwait2 = 441,
                                              .futex = 202,
                                              .futex_waitv = 449,
                                              .nanosleep = 35,
                                              .clock_nanosleep = 230,
                                              .pause = 34,
                                              .rt_sigsuspend = 130,
                                              .rt_sigtimedwait = 128,
                                              .wait4 = 61,
                                              .waitid = 247};
#elif defined(__aarch64__)
// The generic table: no poll, select, epoll_wait or pause (-1 matches no call).
constexpr std::optional<Calls> kCalls = Calls{.read = 63,
                                              .readv = 65,
                                              .pread64 = 67,
                                              .poll = -1,
                                              .select = -1,
                                              .pselect6 = 72,
                                              .ppoll = 73,
                                              .epoll_wait = -1,
                                              .epoll_pwait = 22,
                                              .epoll_pwait2 = 441,
                                              .futex = 98,
                                              .futex_waitv = 449,
                                              .nanosleep = 101,
                                              .clock_nanosleep = 115,
                                              .pause = -1,
                                              .rt_sigsuspend = 133,
                                              .rt_sigtimedwait = 137,
                                              .wait4 = 260,
                                              .waitid = 95};
#else
constexpr std::optional<Calls> kCalls = std::nullopt;
#endif

std::optional<std::string> ReadSmall(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string text(4096, '\0');
  size_t used = 0;
  for (;;) {
    const ssize_t n = read(fd, text.data() + used, text.size() - used);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    used += static_cast<size_t>(n);
    if (used == text.size()) text.resize(text.size() * 2);
  }
  close(fd);
  text.resize(used);
  return text;
}

std::vector<std::string> ListDirectory(const std::string& path) {
  std::vector<std::string> names;
  DIR* dir = opendir(path.c_str());
  if (dir == nullptr) return names;
  while (const dirent* entry = readdir(dir)) {
    if (entry->d_name[0] != '.') names.emplace_back(entry->d_name);
  }
  closedir(dir);
  return names;
}

// The fields of /proc/<pid>/stat this needs: the name and the fields after it.
struct Stat {
  std::string comm;
  char state = '?';
  pid_t pgrp = -1;
};

std::optional<Stat> ReadStat(const std::string& path) {
  const std::optional<std::string> text = ReadSmall(path);
  if (!text.has_value()) return std::nullopt;
  const size_t open = text->find('(');
  const size_t close = text->rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < open) return std::nullopt;
  const std::vector<absl::string_view> fields =
      absl::StrSplit(absl::string_view(*text).substr(close + 1), ' ', absl::SkipEmpty());
  // state ppid pgrp ...
  Stat stat;
  stat.comm = text->substr(open + 1, close - open - 1);
  if (fields.size() < 3 || fields[0].empty()) return std::nullopt;
  stat.state = fields[0][0];
  if (!absl::SimpleAtoi(fields[2], &stat.pgrp)) return std::nullopt;
  return stat;
}

// Reads a struct timespec (or, with `micro`, a struct timeval) from the process's memory.
std::optional<absl::Duration> ReadTimeout(pid_t pid, uint64_t address, bool micro) {
  const int fd = open(absl::StrCat("/proc/", pid, "/mem").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::array<int64_t, 2> value{};
  const ssize_t n = pread(fd, value.data(), sizeof(value), static_cast<off_t>(address));
  close(fd);
  if (n != static_cast<ssize_t>(sizeof(value))) return std::nullopt;
  return absl::Seconds(value[0]) +
         (micro ? absl::Microseconds(value[1]) : absl::Nanoseconds(value[1]));
}

// What one sleeping thread waits for.
struct Wait {
  enum class Kind { kDescriptor, kOther, kBusy, kUnknown };
  Kind kind = Kind::kUnknown;
  std::string what;                     // "reads /dev/pts/3", "sleeps", "is in system call 42"
  std::optional<absl::Duration> timer;  // how long until it wakes by itself, when it will
};

bool IsTerminal(absl::string_view target) {
  return absl::StartsWith(target, "/dev/pts/") || absl::StartsWith(target, "/dev/tty") ||
         target == "/dev/console";
}

// NOLINTNEXTLINE(google-runtime-int): a system call number is a long, as syscall(2) takes it
Wait Classify(pid_t pid, const std::vector<uint64_t>& a, long nr) {
  const Calls& c = *kCalls;
  const auto relative = [&](uint64_t address, bool micro) -> std::optional<absl::Duration> {
    if (address == 0) return absl::InfiniteDuration();
    return ReadTimeout(pid, address, micro);
  };
  const auto absolute = [&](uint64_t address, clockid_t clock) -> std::optional<absl::Duration> {
    if (address == 0) return absl::InfiniteDuration();
    const std::optional<absl::Duration> at = ReadTimeout(pid, address, /*micro=*/false);
    timespec now{};
    if (!at.has_value() || clock_gettime(clock, &now) != 0) return std::nullopt;
    return *at - absl::DurationFromTimespec(now);
  };
  const auto millis = [](uint64_t value) {
    const int ms = static_cast<int>(static_cast<uint32_t>(value));
    return ms < 0 ? absl::InfiniteDuration() : absl::Milliseconds(ms);
  };
  Wait w;
  std::optional<absl::Duration> timer = absl::InfiniteDuration();
  if (nr == c.read || nr == c.readv || nr == c.pread64) {
    char target[256] = {};
    const std::string link = absl::StrCat("/proc/", pid, "/fd/", a[0]);
    const ssize_t n = readlink(link.c_str(), target, sizeof(target) - 1);
    if (n <= 0) return Wait{Wait::Kind::kUnknown, absl::StrCat("reads descriptor ", a[0]), {}};
    const absl::string_view what(target, static_cast<size_t>(n));
    w.kind = IsTerminal(what) ? Wait::Kind::kDescriptor : Wait::Kind::kBusy;
    w.what = absl::StrCat("reads ", what);
  } else if (nr == c.poll || nr == c.epoll_wait || nr == c.epoll_pwait) {
    w = {Wait::Kind::kDescriptor, nr == c.poll ? "polls" : "waits in epoll", {}};
    timer = millis(nr == c.poll ? a[2] : a[3]);
  } else if (nr == c.select || nr == c.pselect6) {
    w = {Wait::Kind::kDescriptor, "waits in select", {}};
    timer = relative(a[4], /*micro=*/nr == c.select);
  } else if (nr == c.ppoll || nr == c.epoll_pwait2) {
    w = {Wait::Kind::kDescriptor, nr == c.ppoll ? "polls" : "waits in epoll", {}};
    timer = relative(nr == c.ppoll ? a[2] : a[3], /*micro=*/false);
  } else if (nr == c.futex) {
    w = {Wait::Kind::kOther, "waits on a futex", {}};
    const uint64_t op = a[1] & 0x7f;
    const clockid_t clock = (a[1] & 256) != 0 ? CLOCK_REALTIME : CLOCK_MONOTONIC;
    if (op == 0) timer = relative(a[3], /*micro=*/false);    // FUTEX_WAIT
    if (op == 9 || op == 11) timer = absolute(a[3], clock);  // ..._BITSET, _PI
    if (op == 6) timer = absolute(a[3], CLOCK_REALTIME);     // FUTEX_LOCK_PI
  } else if (nr == c.futex_waitv) {
    w = {Wait::Kind::kOther, "waits on futexes", {}};
    timer = absolute(a[3], static_cast<clockid_t>(a[4]));
  } else if (nr == c.nanosleep) {
    w = {Wait::Kind::kOther, "sleeps", {}};
    timer = relative(a[0], /*micro=*/false);
  } else if (nr == c.clock_nanosleep) {
    w = {Wait::Kind::kOther, "sleeps", {}};
    timer = (a[1] & 1) != 0 ? absolute(a[2], static_cast<clockid_t>(a[0]))  // TIMER_ABSTIME
                            : relative(a[2], /*micro=*/false);
  } else if (nr == c.pause || nr == c.rt_sigsuspend) {
    w = {Wait::Kind::kOther, "waits for a signal", {}};
  } else if (nr == c.rt_sigtimedwait) {
    w = {Wait::Kind::kOther, "waits for a signal", {}};
    timer = relative(a[2], /*micro=*/false);
  } else if (nr == c.wait4 || nr == c.waitid) {
    w = {Wait::Kind::kOther, "waits for a child", {}};
  } else {
    return Wait{Wait::Kind::kBusy, absl::StrCat("is in system call ", nr), {}};
  }
  if (!timer.has_value()) {
    return Wait{Wait::Kind::kUnknown, absl::StrCat(w.what, " with a timeout it cannot read"), {}};
  }
  w.timer = *timer;
  return w;
}

// The run time of a thread in nanoseconds (schedstat), or its CPU ticks when that is missing.
uint64_t RunTime(const std::string& task) {
  std::optional<std::string> text = ReadSmall(task + "/schedstat");
  uint64_t value = 0;
  if (text.has_value()) {
    const absl::string_view first = absl::string_view(*text).substr(0, text->find(' '));
    if (absl::SimpleAtoi(first, &value)) return value;
  }
  text = ReadSmall(task + "/stat");
  if (!text.has_value()) return 0;
  const size_t close = text->rfind(')');
  const std::vector<absl::string_view> fields =
      absl::StrSplit(absl::string_view(*text).substr(close + 1), ' ', absl::SkipEmpty());
  uint64_t utime = 0, stime = 0;
  if (fields.size() > 12 && absl::SimpleAtoi(fields[11], &utime) &&
      absl::SimpleAtoi(fields[12], &stime)) {
    return utime + stime;
  }
  return 0;
}

uint64_t Mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ULL + (h >> 29); }

}  // namespace

ForegroundState ProbeForeground(int master_fd, pid_t session_leader, absl::Duration min_timer) {
  using Kind = ForegroundState::Kind;
  if (!kCalls.has_value()) {
    return {Kind::kUnknown, "idle detection knows the system calls of x86-64 and arm64 only", 0};
  }
  const pid_t group = tcgetpgrp(master_fd);
  if (group <= 0) {
    return {Kind::kUnknown, absl::StrCat("tcgetpgrp: ", std::strerror(errno)), 0};
  }
  // The session leader and its descendants, breadth first, through each thread's children.
  std::vector<pid_t> processes = {session_leader};
  std::vector<pid_t> members;
  for (size_t i = 0; i < processes.size(); ++i) {
    if (processes.size() > kMaxProcesses) {
      return {Kind::kUnknown,
              absl::StrCat("the session has more than ", kMaxProcesses, " processes"), 0};
    }
    const pid_t pid = processes[i];
    const std::string dir = absl::StrCat("/proc/", pid);
    const std::optional<Stat> stat = ReadStat(dir + "/stat");
    if (!stat.has_value()) continue;  // gone
    if (stat->pgrp == group) members.push_back(pid);
    for (const std::string& tid : ListDirectory(dir + "/task")) {
      const std::optional<std::string> children =
          ReadSmall(absl::StrCat(dir, "/task/", tid, "/children"));
      if (!children.has_value()) continue;
      for (absl::string_view child : absl::StrSplit(*children, ' ', absl::SkipEmpty())) {
        pid_t c = 0;
        if (absl::SimpleAtoi(child, &c)) processes.push_back(c);
      }
    }
  }
  if (members.empty()) {
    return {Kind::kUnknown,
            absl::StrCat("no process of the foreground group ", group, " is in the session"), 0};
  }
  ForegroundState result{Kind::kWaiting, "", 0};
  bool on_descriptor = false;
  std::string waiting;
  for (const pid_t pid : members) {
    const std::string dir = absl::StrCat("/proc/", pid);
    for (const std::string& tid : ListDirectory(dir + "/task")) {
      const std::string task = absl::StrCat(dir, "/task/", tid);
      const std::optional<Stat> stat = ReadStat(task + "/stat");
      if (!stat.has_value() || stat->state == 'Z' || stat->state == 'X') continue;
      const std::string who =
          absl::StrCat(stat->comm, " (pid ", pid,
                       tid == absl::StrCat(pid) ? "" : absl::StrCat(" thread ", tid), ")");
      uint64_t tid_number = 0;
      (void)absl::SimpleAtoi(tid, &tid_number);
      result.signature = Mix(Mix(result.signature, tid_number), RunTime(task));
      if (result.kind != Kind::kWaiting) continue;  // keep summing the signature
      if (stat->state == 'T' || stat->state == 't') {
        result = {Kind::kUnknown, who + " is stopped", result.signature};
        continue;
      }
      if (stat->state != 'S') {
        result = {Kind::kBusy,
                  absl::StrCat(who, " is running (state ", std::string(1, stat->state), ")"),
                  result.signature};
        continue;
      }
      const std::optional<std::string> call = ReadSmall(task + "/syscall");
      if (!call.has_value()) {
        result = {Kind::kUnknown,
                  absl::StrCat("cannot read ", task, "/syscall: ", std::strerror(errno)),
                  result.signature};
        continue;
      }
      const std::vector<absl::string_view> words =
          absl::StrSplit(absl::StripAsciiWhitespace(*call), ' ');
      long nr = -1;  // NOLINT(google-runtime-int): a system call number (syscall(2))
      if (words.empty() || words[0] == "running" || !absl::SimpleAtoi(words[0], &nr) || nr < 0) {
        result = {Kind::kBusy, who + " is running", result.signature};
        continue;
      }
      std::vector<uint64_t> args(6, 0);
      for (size_t k = 0; k < 6 && k + 1 < words.size(); ++k) {
        absl::string_view hex = words[k + 1];
        if (absl::ConsumePrefix(&hex, "0x")) (void)absl::SimpleHexAtoi(hex, &args[k]);
      }
      const Wait w = Classify(pid, args, nr);
      if (w.kind == Wait::Kind::kBusy || w.kind == Wait::Kind::kUnknown) {
        result = {w.kind == Wait::Kind::kBusy ? Kind::kBusy : Kind::kUnknown,
                  absl::StrCat(who, " ", w.what), result.signature};
        continue;
      }
      if (w.timer.has_value() && *w.timer < min_timer) {
        result = {Kind::kBusy,
                  absl::StrCat(who, " ", w.what, " with a timer of ",
                               absl::FormatDuration(absl::Trunc(*w.timer, absl::Milliseconds(1))),
                               " (it may draw when the timer fires)"),
                  result.signature};
        continue;
      }
      if (w.kind == Wait::Kind::kDescriptor) on_descriptor = true;
      if (waiting.empty() || w.kind == Wait::Kind::kDescriptor)
        waiting = absl::StrCat(who, " ", w.what);
    }
  }
  if (result.kind != Kind::kWaiting) return result;
  if (!on_descriptor) {
    return {Kind::kBusy, absl::StrCat(waiting, "; no thread waits on a descriptor"),
            result.signature};
  }
  result.why = waiting;
  return result;
}

}  // namespace vtsnap::pty_internal
