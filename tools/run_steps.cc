// `vtsnap run`'s steps: how `--step SPEC` and the lines of a `--steps FILE` are read
// (tools/run_internal.h), and the signal watch that ends a run cleanly.
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/keys.h"
#include "vtsnap/tools/run_internal.h"

namespace vtsnap::tools::run_internal {
namespace {

// A problem at a 1-based column of a step.
struct StepError {
  size_t column = 0;
  std::string message;
};

bool IsBlank(char c) { return c == ' ' || c == '\t'; }

// One field of a step: its name, its value with escapes resolved, and where each starts.
struct Field {
  std::string name;
  std::string value;
  size_t name_column = 0;
  size_t value_column = 0;
};

// Splits `spec` into fields at each unescaped ';'. False with *error set on a bad escape or a
// field without '='.
bool SplitFields(absl::string_view spec, std::vector<Field>* fields, StepError* error) {
  size_t i = 0;
  while (i <= spec.size()) {
    // One field: [blanks] name [blanks] '=' [blanks] value [blanks] (';' | end).
    while (i < spec.size() && IsBlank(spec[i])) ++i;
    const size_t start = i;
    std::string raw;              // the field with escapes resolved
    std::vector<size_t> columns;  // the column of each character of raw
    bool ended_by_separator = false;
    while (i < spec.size()) {
      const char c = spec[i];
      if (c == ';') {
        ended_by_separator = true;
        ++i;
        break;
      }
      if (c == '\\') {
        if (i + 1 < spec.size() && (spec[i + 1] == ';' || spec[i + 1] == '\\')) {
          raw.push_back(spec[i + 1]);
          columns.push_back(i + 1);
          i += 2;
          continue;
        }
        *error = {i + 1,
                  "a backslash must be followed by ';' or '\\' (write '\\\\' for one "
                  "backslash)"};
        return false;
      }
      raw.push_back(c);
      columns.push_back(i + 1);
      ++i;
    }
    // Trailing blanks (an escaped blank is as good as any: a step value never ends in one).
    while (!raw.empty() && IsBlank(raw.back())) {
      raw.pop_back();
      columns.pop_back();
    }
    if (raw.empty()) {
      if (ended_by_separator) {
        *error = {start + 1, "empty field (two ';' in a row, or a ';' at the start)"};
        return false;
      }
      break;  // the end, after a final ';' or of an empty spec
    }
    const size_t eq = raw.find('=');
    if (eq == std::string::npos) {
      *error = {columns[0], absl::StrCat("field '", raw,
                                         "' has no '=' (expected keys=..., wait-text=... or "
                                         "expect=...)")};
      return false;
    }
    Field f;
    f.name = std::string(absl::StripTrailingAsciiWhitespace(raw.substr(0, eq)));
    f.name_column = columns[0];
    size_t v = eq + 1;
    while (v < raw.size() && IsBlank(raw[v])) ++v;
    f.value = raw.substr(v);
    f.value_column = v < columns.size() ? columns[v] : columns[eq] + 1;
    fields->push_back(std::move(f));
    if (!ended_by_separator) break;
  }
  return true;
}

bool ParseStepAt(absl::string_view spec, Step* step, StepError* error) {
  std::vector<Field> fields;
  if (!SplitFields(spec, &fields, error)) return false;
  if (fields.empty()) {
    *error = {1, "empty step (expected fields such as keys=down enter; expect=menu.dump)"};
    return false;
  }
  for (Field& f : fields) {
    if (f.value.empty()) {
      *error = {f.value_column, absl::StrCat("field '", f.name, "' has an empty value")};
      return false;
    }
    if (f.name == "keys") {
      if (absl::Status s = ParseKeys(f.value).status(); !s.ok()) {
        *error = {f.value_column, absl::StrCat("keys '", f.value, "': ", s.message())};
        return false;
      }
      step->actions.push_back({Action::Kind::kKeys, std::move(f.value)});
    } else if (f.name == "wait-text") {
      step->actions.push_back({Action::Kind::kWaitText, std::move(f.value)});
    } else if (f.name == "expect") {
      if (step->expect.has_value()) {
        *error = {f.name_column, "a step has at most one expect= (one golden a checkpoint)"};
        return false;
      }
      step->expect = std::move(f.value);
    } else {
      *error = {f.name_column,
                absl::StrCat("unknown field '", f.name, "' (expected keys, wait-text or expect)")};
      return false;
    }
  }
  return true;
}

}  // namespace

absl::StatusOr<Step> ParseStep(absl::string_view spec) {
  Step step;
  StepError error;
  if (!ParseStepAt(spec, &step, &error)) {
    return absl::InvalidArgumentError(absl::StrCat("column ", error.column, ": ", error.message));
  }
  step.origin = absl::StrCat("--step '", spec, "'");
  return step;
}

absl::StatusOr<std::vector<Step>> ParseStepFile(const std::string& path, absl::string_view text) {
  std::vector<Step> steps;
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const absl::string_view content = absl::StripLeadingAsciiWhitespace(line);
    if (content.empty() || content[0] == '#') continue;
    Step step;
    StepError error;
    if (!ParseStepAt(line, &step, &error)) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ":", line_number, ":", error.column, ": ", error.message));
    }
    if (step.expect.has_value() && !step.expect->empty() && (*step.expect)[0] != '/' &&
        !folder.empty()) {
      step.expect = (folder / *step.expect).string();
    }
    step.origin = absl::StrCat(path, ":", line_number);
    steps.push_back(std::move(step));
  }
  if (steps.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path,
                     ": no steps (each line is a step such as 'keys=down; expect=a.dump'; "
                     "blank lines and lines starting with '#' are skipped)"));
  }
  return steps;
}

// --- Signals ------------------------------------------------------------------------------------

std::string SignalName(int signo) {
  switch (signo) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    case SIGHUP:
      return "SIGHUP";
    default:
      return absl::StrCat("signal ", signo);
  }
}

SignalWatch::SignalWatch(std::function<void(int)> on_signal) : on_signal_(std::move(on_signal)) {
  sigemptyset(&watched_);
  sigaddset(&watched_, SIGINT);
  sigaddset(&watched_, SIGTERM);
  sigaddset(&watched_, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &watched_, &old_mask_);
  signal_fd_ = signalfd(-1, &watched_, SFD_CLOEXEC);
  stop_fd_ = eventfd(0, EFD_CLOEXEC);
  thread_ = std::thread([this] { Loop(); });
}

SignalWatch::~SignalWatch() {
  stop_.store(true);
  const uint64_t one = 1;
  if (stop_fd_ >= 0) (void)!write(stop_fd_, &one, sizeof(one));
  thread_.join();
  if (signal_fd_ >= 0) close(signal_fd_);
  if (stop_fd_ >= 0) close(stop_fd_);
  pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
}

void SignalWatch::Loop() {
  if (signal_fd_ < 0 || stop_fd_ < 0) {
    // No descriptors (the process is out of them): sigtimedwait with a tick, so the destructor
    // only has to set stop_ (it waits up to a tick).
    const timespec tick = {0, 50 * 1000 * 1000};
    while (!stop_.load()) {
      const int signo = sigtimedwait(&watched_, nullptr, &tick);
      if (signo <= 0) continue;  // EAGAIN (the tick) or EINTR
      int expected = 0;
      if (received_.compare_exchange_strong(expected, signo)) on_signal_(signo);
    }
    return;
  }
  for (;;) {
    pollfd fds[2] = {{.fd = signal_fd_, .events = POLLIN, .revents = 0},
                     {.fd = stop_fd_, .events = POLLIN, .revents = 0}};
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (fds[1].revents != 0) return;
    signalfd_siginfo info{};
    if (read(signal_fd_, &info, sizeof(info)) != static_cast<ssize_t>(sizeof(info))) continue;
    const int signo = static_cast<int>(info.ssi_signo);
    int expected = 0;
    if (received_.compare_exchange_strong(expected, signo)) on_signal_(signo);
  }
}

}  // namespace vtsnap::tools::run_internal
