// `vtsnap run`'s steps: how `--step SPEC` and the lines of a `--steps FILE` are read
// (tools/run_internal.h), and the signal watch that ends a run cleanly.
#include <poll.h>
#include <pthread.h>
#include <signal.h>  // NOLINT(modernize-deprecated-headers): pthread_sigmask is POSIX
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
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "absl/time/time.h"
#include "re2/re2.h"
#include "vtsnap/decoder/keys.h"
#include "vtsnap/pty/pty_session.h"
#include "vtsnap/snapshot/formats/inline_screen.h"
#include "vtsnap/snapshot/screen/screen_check.h"
#include "vtsnap/snapshot/screen/screen_view.h"
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
                                         "' has no '=' (expected keys=..., wait-text=..., "
                                         "wait-pattern=..., wait-style=..., quiet-ms=... or "
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

// A field of a step that waits or sets the step's quiet period: wait-pattern (an RE2 pattern that
// compiles), wait-style (ParseWaitStyle) or quiet-ms (a positive whole number, once a step).
bool ParseWaitField(Field& f, Step* step, StepError* error) {
  if (f.name == "wait-pattern") {
    RE2 re(f.value, RE2::Quiet);
    if (!re.ok()) {
      *error = {f.value_column,
                absl::StrCat("wait-pattern '", f.value, "' does not compile: ", re.error())};
      return false;
    }
    step->actions.push_back({Action::Kind::kWaitPattern, std::move(f.value)});
    return true;
  }
  if (f.name == "wait-style") {
    size_t offset = 0;
    absl::StatusOr<Action> action = ParseWaitStyle(f.value, &offset);
    if (!action.ok()) {
      *error = {f.value_column + offset,
                absl::StrCat("wait-style '", f.value, "': ", action.status().message())};
      return false;
    }
    step->actions.push_back(*std::move(action));
    return true;
  }
  // quiet-ms
  if (step->quiet.has_value()) {
    *error = {f.name_column, "a step has at most one quiet-ms="};
    return false;
  }
  int64_t ms = 0;
  if (f.value.find_first_not_of("0123456789") != std::string::npos ||
      !absl::SimpleAtoi(f.value, &ms) || ms <= 0) {
    *error = {f.value_column, absl::StrCat("quiet-ms '", f.value,
                                           "': expected a positive whole number of milliseconds")};
    return false;
  }
  step->quiet = absl::Milliseconds(ms);
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
    } else if (f.name == "wait-pattern" || f.name == "wait-style" || f.name == "quiet-ms") {
      if (!ParseWaitField(f, step, error)) return false;
    } else if (f.name == "expect") {
      if (step->expect.has_value()) {
        *error = {f.name_column, "a step has at most one expect= (one golden a checkpoint)"};
        return false;
      }
      step->expect = std::move(f.value);
    } else {
      *error = {f.name_column, absl::StrCat("unknown field '", f.name,
                                            "' (expected keys, wait-text, wait-pattern, "
                                            "wait-style, quiet-ms or expect)")};
      return false;
    }
  }
  return true;
}

}  // namespace

absl::StatusOr<Action> ParseWaitStyle(absl::string_view value, size_t* error_offset) {
  *error_offset = 0;
  const size_t first = value.find(',');
  const size_t second = first == absl::string_view::npos ? first : value.find(',', first + 1);
  if (second == absl::string_view::npos) {
    return absl::InvalidArgumentError(
        "expected ROW,COL,WORDS (a 0-based row and column and the cell's style words, such as "
        "2,0,bold fg=red)");
  }
  Action action;
  action.kind = Action::Kind::kWaitStyle;
  action.value = std::string(value);
  const absl::string_view row = value.substr(0, first);
  const absl::string_view col = value.substr(first + 1, second - first - 1);
  auto number = [](absl::string_view text, int* out) {
    return !text.empty() && text.find_first_not_of("0123456789") == absl::string_view::npos &&
           absl::SimpleAtoi(text, out);
  };
  if (!number(row, &action.row)) {
    return absl::InvalidArgumentError(
        absl::StrCat("ROW '", row, "' is not a row number (0-based, decimal digits)"));
  }
  if (!number(col, &action.col)) {
    *error_offset = first + 1;
    return absl::InvalidArgumentError(
        absl::StrCat("COL '", col, "' is not a column number (0-based, decimal digits)"));
  }
  const absl::string_view words = value.substr(second + 1);
  absl::StatusOr<Style> style = ParseStyleWords(words);
  if (!style.ok()) {
    // "column N: ..." counts from the words' start: point at the word itself.
    absl::string_view message = style.status().message();
    size_t column = 1;
    if (absl::ConsumePrefix(&message, "column ")) {
      const size_t colon = message.find(": ");
      if (colon != absl::string_view::npos && absl::SimpleAtoi(message.substr(0, colon), &column)) {
        message.remove_prefix(colon + 2);
      }
    }
    *error_offset = second + column;
    return absl::InvalidArgumentError(absl::StrCat("WORDS: ", message));
  }
  action.style = *style;
  return action;
}

ScreenCheck CellStyleCheck(const Action& action) {
  const int row = action.row;
  const int col = action.col;
  const Style wanted = action.style;
  const std::string words = InlineStyleWords(wanted);
  return ScreenCheck(
      absl::StrCat("the cell at row ", row, ", column ", col, " has the style `", words, "`"),
      [row, col, wanted](const ScreenView& screen, std::string* why) {
        if (row >= screen.rows() || col >= screen.cols()) {
          *why = absl::StrCat("the cell is outside the ", screen.cols(), "x", screen.rows(),
                              " screen");
          return false;
        }
        const Cell& cell = screen.cell(col, row);
        const std::string seen = InlineStyleWords(cell.style);
        *why = absl::StrCat("the cell holds '", cell.grapheme, "' in ",
                            seen.empty() ? std::string("the default style")
                                         : absl::StrCat("the style `", seen, "`"));
        return cell.style == wanted;
      });
}

absl::Status Wait(PtySession& session, const Action& action) {
  switch (action.kind) {
    case Action::Kind::kWaitText:
      return session.WaitForText(action.value);
    case Action::Kind::kWaitPattern:
      return session.WaitForPattern(action.value);
    case Action::Kind::kWaitStyle:
      return session.WaitForCheck(CellStyleCheck(action));
    case Action::Kind::kKeys:
      break;
  }
  return absl::InternalError("keys are typed, not awaited");
}

absl::Status CheckActionsFit(const std::vector<Action>& leading, const std::vector<Step>& steps,
                             int cols, int rows, absl::Duration timeout) {
  auto fits = [cols, rows](const Action& a, absl::string_view where) {
    if (a.kind != Action::Kind::kWaitStyle || (a.row < rows && a.col < cols)) {
      return absl::OkStatus();
    }
    return absl::InvalidArgumentError(
        absl::StrCat(where, ": the cell at row ", a.row, ", column ", a.col, " is outside the ",
                     cols, "x", rows, " screen (--size; rows and columns count from 0)"));
  };
  for (const Action& a : leading) {
    if (absl::Status s = fits(a, absl::StrCat("--wait-style '", a.value, "'")); !s.ok()) return s;
  }
  for (const Step& step : steps) {
    for (const Action& a : step.actions) {
      if (absl::Status s = fits(a, absl::StrCat(step.origin, ": wait-style '", a.value, "'"));
          !s.ok()) {
        return s;
      }
    }
    if (step.quiet.has_value() && *step.quiet >= timeout) {
      return absl::InvalidArgumentError(
          absl::StrCat(step.origin, ": quiet-ms=", absl::ToInt64Milliseconds(*step.quiet),
                       " is not shorter than --timeout ", absl::FormatDuration(timeout),
                       ": every wait for quiet would time out"));
    }
  }
  return absl::OkStatus();
}

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
    const timespec tick = {0, 50'000'000};
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
