// `vtsnap run`: runs a program under a pseudo-terminal (pty/pty_session.h), waits for its screen to
// settle, types key scripts at it beat by beat, checks the screen at each step's checkpoint
// against a golden dump the way EqualsGolden does, and prints the screen it leaves (docs/cli.md).
// Every argument, key script, step, redaction, golden and UPDATE_GOLDENS are checked before the
// program starts. SIGINT, SIGTERM and SIGHUP end the program's session before vtsnap exits.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "vtsnap/decoder/keys.h"
#include "vtsnap/base/size.h"
#include "vtsnap/pty/pty_session.h"
#include "vtsnap/snapshot/capture.h"
#include "vtsnap/snapshot/diff.h"
#include "vtsnap/snapshot/frame.h"
#include "vtsnap/snapshot/golden.h"
#include "vtsnap/snapshot/golden_check.h"
#include "vtsnap/snapshot/redact.h"
#include "vtsnap/snapshot/store.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/run_internal.h"

namespace vtsnap::tools {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;
constexpr int kExitTimeout = 124;
constexpr int kExitCannotStart = 127;

// Capturing retries a settle when the program reopened a synchronized frame just after it went
// quiet; a program that always has one open fails after this many tries.
constexpr int kCaptureAttempts = 5;

constexpr char kUsage[] =
    R"(usage: vtsnap run [--size COLSxROWS] [--keys SCRIPT | --wait-text TEXT]...
                  [--step SPEC]... [--steps FILE] [--quit-keys SCRIPT] [--quiet-ms N]
                  [--settle idle|quiet] [--timeout S] [--format text|golden|json] [--expect GOLDEN]
                  [--redact PATTERN]... [--term NAME] [--env NAME=VALUE]... [--inherit-env]
                  [--cwd DIR] [--record FILE] [--] PROGRAM [ARGS...]
  Runs PROGRAM under a pseudo-terminal in DIR (--cwd), types each --keys script and waits for
  each --wait-text in the order given (and for a settled screen before keys and before a
  screen is taken: --settle idle, the default, takes it as soon as the program waits for
  input, or after --quiet-ms without output; --settle quiet only after --quiet-ms), then runs
  each step: SPEC is fields separated by ';', such as
  'keys=j j enter; wait-text=Saved; expect=saved.dump' (keys and wait-text in order, then
  the screen compared with the golden dump of expect=); --steps FILE holds one step a line.
  Prints the final screen (--format), or compares it with GOLDEN (--expect). --quit-keys
  types a script at the end and waits for the program to exit; otherwise it is hung up
  (SIGHUP), then killed. --record FILE saves every byte the program wrote. Exit codes: 0 done
  (the program's own status is reported on stderr), 1 a screen differs from its golden, the
  program ended before what was awaited or did not exit after --quit-keys, 2 bad arguments,
  124 a wait timed out, 127 PROGRAM cannot be started, 128+N ended by signal N (130 SIGINT,
  143 SIGTERM) after ending the program's session. docs/cli.md.
)";

using run_internal::Action;
using run_internal::Step;

struct RunOptions {
  TerminalSize size;
  // --keys and --wait-text, in order: before the steps.
  std::vector<Action> leading;
  std::vector<Step> steps;
  std::optional<std::string> quit_keys;
  absl::Duration quiet = absl::Milliseconds(200);
  bool detect_idle = true;  // --settle idle (true) or quiet
  absl::Duration timeout = absl::Seconds(10);
  std::string format = "text";
  bool format_given = false;
  std::optional<std::string> expect;
  Redactions redactions;
  std::string term = "xterm-256color";
  std::map<std::string, std::string> env;
  bool inherit_environment = false;
  std::string cwd;
  std::optional<std::string> record;
  std::vector<std::string> argv;
};

// "vtsnap run ARGS..." as a shell reads it back, with vtsnap as it was started (`invoked_as`).
std::string CommandLine(const std::string& invoked_as, const std::vector<std::string>& args) {
  std::string command = absl::StrCat(ShellQuoteIfNeeded(invoked_as), " run");
  for (const std::string& a : args) absl::StrAppend(&command, " ", ShellQuoteIfNeeded(a));
  return command;
}

// A positive whole number of milliseconds written in decimal digits.
bool ParseMilliseconds(const std::string& text, absl::Duration* out) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return false;
  int64_t ms = 0;
  if (!absl::SimpleAtoi(text, &ms) || ms <= 0) return false;
  *out = absl::Milliseconds(ms);
  return true;
}

// A positive number of seconds in decimal: "10", "0.5", ".25", "2.".
bool ParseSeconds(const std::string& text, absl::Duration* out) {
  if (text.find_first_not_of("0123456789.") != std::string::npos ||
      text.find_first_of("0123456789") == std::string::npos || text.find('.') != text.rfind('.')) {
    return false;
  }
  double seconds = 0;
  if (!absl::SimpleAtod(text, &seconds) || !(seconds > 0)) return false;
  *out = absl::Seconds(seconds);
  return true;
}

// Reads the arguments into *o; false after writing why to `err`. Sets *help for --help.
bool ParseArguments(const std::vector<std::string>& args, RunOptions* o, bool* help,
                    std::ostream& err) {
  std::string size = "80x24";
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") {
      o->argv.assign(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
      break;
    }
    if (a.empty() || a[0] != '-' || a == "-") {
      o->argv.assign(args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
      break;
    }
    if (a == "--help" || a == "-h") {
      *help = true;
      return true;
    }
    if (a == "--inherit-env") {
      o->inherit_environment = true;
      continue;
    }
    // A flag with a value, written "--flag VALUE" or "--flag=VALUE".
    const size_t eq = a.find('=');
    const std::string flag = a.substr(0, eq);
    static const char* const kValueFlags[] = {
        "--size",      "--keys",   "--wait-text", "--quiet-ms", "--timeout", "--format",
        "--expect",    "--redact", "--term",      "--env",      "--step",    "--steps",
        "--quit-keys", "--cwd",    "--record",    "--settle"};
    bool known = false;
    for (const char* f : kValueFlags) known = known || flag == f;
    if (!known) {
      err << "vtsnap run: unknown option '" << a << "' (see vtsnap --help)\n";
      return false;
    }
    std::string value;
    if (eq != std::string::npos) {
      value = a.substr(eq + 1);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      err << "vtsnap run: " << flag << " needs a value\n";
      return false;
    }
    if ((flag == "--keys" || flag == "--wait-text") && !o->steps.empty()) {
      err << "vtsnap run: " << flag << " '" << value << "' after " << o->steps.back().origin
          << ": after the first step, write keys and waits as fields of a step (keys=...; "
             "wait-text=...)\n";
      return false;
    }
    if (flag == "--size") {
      size = value;
    } else if (flag == "--keys" || flag == "--quit-keys") {
      if (absl::Status s = ParseKeys(value).status(); !s.ok()) {
        err << "vtsnap run: " << flag << " '" << value << "': " << s.message() << "\n";
        return false;
      }
      if (flag == "--keys") {
        o->leading.push_back({Action::Kind::kKeys, value});
      } else {
        o->quit_keys = value;
      }
    } else if (flag == "--wait-text") {
      if (value.empty()) {
        err << "vtsnap run: --wait-text needs a non-empty text\n";
        return false;
      }
      o->leading.push_back({Action::Kind::kWaitText, value});
    } else if (flag == "--step") {
      absl::StatusOr<Step> step = run_internal::ParseStep(value);
      if (!step.ok()) {
        err << "vtsnap run: --step '" << value << "': " << step.status().message() << "\n";
        return false;
      }
      o->steps.push_back(*std::move(step));
    } else if (flag == "--steps") {
      absl::StatusOr<std::optional<std::string>> text = ReadFileIfExists(value);
      if (!text.ok() || !text->has_value()) {
        err << "vtsnap run: --steps '" << value
            << "': " << (text.ok() ? "no such file" : text.status().message()) << "\n";
        return false;
      }
      absl::StatusOr<std::vector<Step>> steps = run_internal::ParseStepFile(value, **text);
      if (!steps.ok()) {
        err << "vtsnap run: --steps: " << steps.status().message() << "\n";
        return false;
      }
      for (Step& step : *steps) o->steps.push_back(std::move(step));
    } else if (flag == "--cwd") {
      struct stat st {};
      if (value.empty() || stat(value.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
        err << "vtsnap run: --cwd '" << value << "': not a directory\n";
        return false;
      }
      o->cwd = value;
    } else if (flag == "--record") {
      struct stat st {};
      const std::filesystem::path parent = std::filesystem::path(value).parent_path();
      if (value.empty() || (stat(value.c_str(), &st) == 0 && !S_ISREG(st.st_mode))) {
        err << "vtsnap run: --record '" << value << "': not a regular file\n";
        return false;
      }
      if (!parent.empty() && (stat(parent.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))) {
        err << "vtsnap run: --record '" << value << "': its folder " << parent.string()
            << " does not exist\n";
        return false;
      }
      o->record = value;
    } else if (flag == "--settle") {
      if (value != "idle" && value != "quiet") {
        err << "vtsnap run: --settle '" << value << "': expected idle or quiet\n";
        return false;
      }
      o->detect_idle = value == "idle";
    } else if (flag == "--quiet-ms") {
      if (!ParseMilliseconds(value, &o->quiet)) {
        err << "vtsnap run: --quiet-ms '" << value
            << "': expected a positive whole number of milliseconds\n";
        return false;
      }
    } else if (flag == "--timeout") {
      if (!ParseSeconds(value, &o->timeout)) {
        err << "vtsnap run: --timeout '" << value
            << "': expected a positive number of seconds (such as 10 or 0.5)\n";
        return false;
      }
    } else if (flag == "--format") {
      if (value != "text" && value != "golden" && value != "json") {
        err << "vtsnap run: unknown --format '" << value << "' (expected text, golden or json)\n";
        return false;
      }
      o->format = value;
      o->format_given = true;
    } else if (flag == "--expect") {
      if (value.empty()) {
        err << "vtsnap run: --expect needs a file name\n";
        return false;
      }
      o->expect = value;
    } else if (flag == "--redact") {
      if (absl::Status s = o->redactions.AddPattern(value); !s.ok()) {
        err << "vtsnap run: --redact '" << value << "': " << s.message() << "\n";
        return false;
      }
    } else if (flag == "--term") {
      if (value.empty()) {
        err << "vtsnap run: --term needs a non-empty name\n";
        return false;
      }
      o->term = value;
    } else if (flag == "--env") {
      const size_t split = value.find('=');
      if (split == std::string::npos || split == 0) {
        err << "vtsnap run: --env '" << value << "': expected NAME=VALUE\n";
        return false;
      }
      o->env[value.substr(0, split)] = value.substr(split + 1);
    }
  }
  absl::StatusOr<TerminalSize> parsed = ParseSize(size);
  if (!parsed.ok()) {
    err << "vtsnap run: --size '" << size << "': " << parsed.status().message() << "\n";
    return false;
  }
  o->size = *parsed;
  if (o->quiet >= o->timeout) {
    err << "vtsnap run: --quiet-ms " << absl::ToInt64Milliseconds(o->quiet)
        << " is not shorter than --timeout " << absl::FormatDuration(o->timeout)
        << ": every wait for quiet would time out\n";
    return false;
  }
  if (o->argv.empty()) {
    err << "vtsnap run: no PROGRAM to run\n" << kUsage;
    return false;
  }
  if (o->argv[0].empty()) {
    err << "vtsnap run: the PROGRAM name is empty\n";
    return false;
  }
  // One golden a checkpoint: two checkpoints writing one file would overwrite each other.
  std::map<std::string, std::string> goldens;  // normalized path -> where it was named
  auto claim = [&](const std::string& path, const std::string& where) {
    std::error_code ec;
    const std::string key = std::filesystem::absolute(path, ec).lexically_normal().string();
    auto [it, inserted] = goldens.emplace(key, where);
    if (inserted) return true;
    err << "vtsnap run: " << where << " and " << it->second << " both name the golden " << path
        << " (one golden a checkpoint)\n";
    return false;
  };
  for (const Step& step : o->steps) {
    if (step.expect.has_value() && !claim(*step.expect, step.origin)) return false;
  }
  if (o->expect.has_value() && !claim(*o->expect, "--expect")) return false;
  return true;
}

// Checks --expect's golden and UPDATE_GOLDENS before the program starts; false after writing the
// problem to `err`. An invalid golden is a problem unless the update mode will replace it
// (UPDATE_GOLDENS=1 or force, as for EqualsGolden).
bool PreflightExpectation(const std::string& path, const std::string& origin, UpdateMode mode,
                          std::ostream& err) {
  absl::StatusOr<std::optional<std::string>> text = ReadFileIfExists(path);
  if (!text.ok()) {
    err << "vtsnap run: " << origin << ": " << text.status().message() << "\n";
    return false;
  }
  if (!text->has_value()) return true;
  absl::StatusOr<Frame> parsed = golden::Parse(**text);
  if (parsed.ok() || mode == UpdateMode::kAll || mode == UpdateMode::kForce) return true;
  err << "vtsnap run: " << origin << ": the golden is not a valid ckvision-golden 1 dump: " << path
      << ":" << parsed.status().message() << "\n";
  return false;
}

// Compares the screen with the golden through the golden core (snapshot/golden_check.h, the one
// EqualsGolden uses) and writes what UPDATE_GOLDENS allows; the report goes to `err`. Returns the
// exit code.
int CheckExpectation(const std::string& path, const Frame& actual, UpdateMode mode,
                     const std::string& accept_command, std::ostream& err) {
  const GoldenResult result =
      CheckGolden({.where = LocateGoldenPath(path),
                   .actual = golden::Serialize(actual),
                   .compare = CompareDumpByMeaning([&actual] { return actual; }),
                   .report_screens = DumpReportScreens([&actual] { return actual; }),
                   .claimant = "vtsnap run",
                   .accept_command = accept_command,
                   .update_mode = mode,
                   .one_value_per_process = false});
  err << result.note;
  if (result.passed) return kExitOk;
  err << "vtsnap run: " << result.message;
  return kExitFailed;
}

// The exit code of a failed wait, key script or capture: a timeout is 124; a condition that can no
// longer hold (the program ended) and anything else is 1.
int ExitCodeOf(const absl::Status& status) {
  if (absl::IsDeadlineExceeded(status)) return kExitTimeout;
  if (absl::IsInvalidArgument(status)) return kExitUsage;
  return kExitFailed;
}

// Waits until the screen has been quiet for `quiet` since input was typed at `typed`: first until
// `quiet` (scaled) has passed since then, then for quiet. PtySession::WaitForQuiet measures quiet
// from the last output only, so right after typing it could return before the program's answer
// (even the terminal's echo) arrived. The program ending during the first wait ends it early.
// With idle detection the session's own wait is enough: it ends only after the program has run
// since the keys were typed and waits for input again.
absl::Status WaitForQuietAfterInput(PtySession& session, absl::Time typed, absl::Duration quiet,
                                    double scale, bool detect_idle) {
  if (detect_idle) return session.WaitForQuiet(quiet);
  const absl::Time quiet_from = typed + quiet * scale;
  absl::Status s =
      session.WaitUntil([quiet_from](const Terminal&) { return absl::Now() >= quiet_from; },
                        "the quiet period after typing");
  if (!s.ok() && !absl::IsFailedPrecondition(s)) return s;
  return session.WaitForQuiet(quiet);
}

// Whether the program has ended. Its output ends (the terminal's last descriptor closes) a moment
// before the session reaps it, so a program whose output ended gets a moment to be reaped rather
// than being reported as still running.
bool ProgramEnded(PtySession& session) {
  if (session.exit_status().has_value()) return true;
  if (!session.output_ended()) return false;
  return session.WaitForExit(absl::Milliseconds(500)).ok();
}

// --record's file, written as the program's output arrives, so memory does not grow with the
// output: into a temporary file beside it (".NAME.tmp.PID.record"), renamed over NAME when the
// run ends, so an earlier recording is replaced only by a whole one. A failed write is kept and
// reported at the end; the run goes on.
class Recording {
 public:
  Recording() = default;
  Recording(const Recording&) = delete;
  Recording& operator=(const Recording&) = delete;
  ~Recording() {
    if (fd_ >= 0) close(fd_);
    if (!temp_.empty()) unlink(temp_.c_str());
  }

  absl::Status Open(const std::string& path) {
    const std::filesystem::path target(path);
    temp_ = (target.parent_path() /
             absl::StrCat(".", target.filename().string(), ".tmp.", getpid(), ".record"))
                .string();
    fd_ = open(temp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd_ < 0) {
      const std::string why = std::error_code(errno, std::generic_category()).message();
      const std::string temp = std::exchange(temp_, std::string());
      return absl::PermissionDeniedError(
          absl::StrCat("cannot create the file it is written into first, ", temp, ": ", why));
    }
    path_ = path;
    return absl::OkStatus();
  }

  // The session's output sink: runs on its reader thread, then in Close.
  void Append(absl::string_view bytes) {
    while (error_ == 0 && !bytes.empty()) {
      const ssize_t n = write(fd_, bytes.data(), bytes.size());
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        error_ = n < 0 ? errno : EIO;
        break;
      }
      bytes.remove_prefix(static_cast<size_t>(n));
    }
  }

  // After the session's Close: the recording goes into place, or the error that stopped it.
  absl::Status Finish() {
    int error = error_;
    if (close(fd_) != 0 && error == 0) error = errno;
    fd_ = -1;
    if (error == 0 && rename(temp_.c_str(), path_.c_str()) != 0) error = errno;
    if (error != 0) {
      return absl::InternalError(absl::StrCat(
          "writing it failed: ", std::error_code(error, std::generic_category()).message()));
    }
    temp_.clear();
    return absl::OkStatus();
  }

 private:
  std::string path_;
  std::string temp_;  // removed unless renamed into place
  int fd_ = -1;
  int error_ = 0;  // written only by whichever thread the session calls the sink on
};

// What the session saw, captured under its lock at one instant.
struct Capture {
  bool synchronized_frame_open = false;
  absl::StatusOr<std::string> printed = std::string();
  Frame frame;  // redacted
};

// A failed wait, key script or capture: the status and what it happened in.
struct Failure {
  absl::Status status;
  std::string context;  // "after --keys 'x': ", "step 2 (steps.txt:3): ", or empty
};

// Drives a started session through the actions and steps of a run. Every wait for a quiet screen
// happens where it is needed: before keys are typed and before a screen is taken, counted from
// the last keys typed (WaitForQuietAfterInput) or from the start. A failure's context names where
// the action was written (`prefix`: "" for the --keys and --wait-text flags, "steps.txt:3: " for
// a step) and, for a wait after keys, those keys.
class Driver {
 public:
  Driver(PtySession& session, const RunOptions& o, double scale)
      : session_(session), o_(o), scale_(scale) {}

  std::optional<Failure> Do(const Action& action, const std::string& prefix) {
    if (action.kind == Action::Kind::kWaitText) {
      if (absl::Status s = session_.WaitForText(action.value); !s.ok()) return Failure{s, prefix};
      return std::nullopt;
    }
    if (std::optional<Failure> f = Settle(prefix); f.has_value()) return f;
    const std::string label =
        absl::StrCat(prefix.empty() ? "--keys '" : "keys '", action.value, "'");
    typed_ = absl::Now();
    if (absl::Status s = session_.SendKeys(action.value); !s.ok()) {
      if (absl::IsCancelled(s)) return Failure{s, ""};
      return Failure{
          absl::Status(s.code(), absl::StrCat(s.message(), "\n", session_.DescribeScreen())),
          absl::StrCat(prefix, label, ": ")};
    }
    settled_ = false;
    after_keys_ = absl::StrCat(prefix, "after ", label, ": ");
    return std::nullopt;
  }

  // Waits for a quiet screen and takes it: printed in o_.format when `print`, and as a redacted
  // frame when `frame`.
  std::optional<Failure> Take(bool print, bool frame, const std::string& prefix, Capture* capture) {
    for (int attempt = 0;; ++attempt) {
      if (std::optional<Failure> f = Settle(prefix); f.has_value()) return f;
      session_.WithScreen([&](const Terminal& t) {
        capture->synchronized_frame_open = t.modes().synchronized_output;
        if (capture->synchronized_frame_open) return;
        if (print) capture->printed = FormatScreen(t, o_.format, o_.redactions);
        if (frame) {
          capture->frame = *CaptureFrame(t);
          o_.redactions.Apply(&capture->frame);
        }
      });
      if (!capture->synchronized_frame_open) return std::nullopt;
      if (attempt + 1 == kCaptureAttempts) {
        return Failure{absl::FailedPreconditionError(absl::StrCat(
                           "the program kept a synchronized frame (?2026) open; the screen is not "
                           "complete:\n",
                           session_.DescribeScreen())),
                       prefix};
      }
      settled_ = false;  // settle again: the frame may close
    }
  }

 private:
  std::optional<Failure> Settle(const std::string& prefix) {
    if (settled_) return std::nullopt;
    absl::Status s = typed_.has_value() ? WaitForQuietAfterInput(session_, *typed_, o_.quiet,
                                                                 scale_, o_.detect_idle)
                                        : session_.WaitForQuiet(o_.quiet);
    if (!s.ok()) return Failure{s, typed_.has_value() ? after_keys_ : prefix};
    settled_ = true;
    return std::nullopt;
  }

  PtySession& session_;
  const RunOptions& o_;
  double scale_;
  bool settled_ = false;             // quiet since the start or the last keys
  std::optional<absl::Time> typed_;  // when the last keys were typed
  std::string after_keys_;           // "after --keys 'x': ", "steps.txt:3: after keys 'x': "
};

}  // namespace

int RunRun(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
           const std::string& invoked_as) {
  RunOptions o;
  bool help = false;
  if (!ParseArguments(args, &o, &help, err)) return kExitUsage;
  if (help) {
    out << kUsage;
    return kExitOk;
  }
  const absl::StatusOr<double> scale = TimeoutScaleFromEnvironment();
  if (!scale.ok()) {
    err << "vtsnap run: " << scale.status().message() << "\n";
    return kExitUsage;
  }
  bool any_expect = o.expect.has_value();
  for (const Step& step : o.steps) any_expect = any_expect || step.expect.has_value();
  // UPDATE_GOLDENS and CI, read now (not once a process: a test may run this several times).
  UpdateMode mode = UpdateMode::kOff;
  if (any_expect) {
    absl::StatusOr<UpdateMode> read =
        ParseUpdateMode(std::getenv("UPDATE_GOLDENS"), EnvironmentSaysCi());
    if (!read.ok()) {
      err << "vtsnap run: " << read.status().message() << "\n";
      return kExitUsage;
    }
    mode = *read;
  }
  for (const Step& step : o.steps) {
    if (step.expect.has_value() && !PreflightExpectation(*step.expect, step.origin, mode, err)) {
      return kExitUsage;
    }
  }
  if (o.expect.has_value() && !PreflightExpectation(*o.expect, "--expect", mode, err)) {
    return kExitUsage;
  }
  // With goldens the final screen goes to stdout only when a format was asked for.
  const bool print = !any_expect || o.format_given;

  PtyOptions options;
  options.cols = o.size.cols;
  options.rows = o.size.rows;
  options.term = o.term;
  options.env = o.env;
  options.inherit_environment = o.inherit_environment;
  options.working_directory = o.cwd;
  options.timeout = o.timeout;
  options.detect_idle = o.detect_idle;
  // Declared before the session, which writes into it until it is closed.
  Recording recording;
  if (o.record.has_value()) {
    if (absl::Status s = recording.Open(*o.record); !s.ok()) {
      err << "vtsnap run: --record '" << *o.record << "': " << s.message() << "\n";
      return kExitUsage;
    }
    options.output_sink = [&recording](absl::string_view bytes) { recording.Append(bytes); };
  }
  PtySession session(options);
  // From here on SIGINT, SIGTERM and SIGHUP stop the waits (the session is cancelled), and the
  // program's session is ended before vtsnap exits 128+N. Declared after the session, so it stops
  // watching before the session goes.
  run_internal::SignalWatch signals([&session](int signo) {
    session.Cancel(absl::StrCat("interrupted by ", run_internal::SignalName(signo)));
  });
  const std::string& program = o.argv[0];
  if (absl::Status s = session.Start(o.argv); !s.ok()) {
    if (absl::IsInvalidArgument(s)) {
      err << "vtsnap run: " << s.message() << "\n";
      return kExitUsage;
    }
    // PtySession's messages name the program already ("cannot start 'x': not found in PATH").
    if (absl::StrContains(s.message(), absl::StrCat("'", program, "'"))) {
      err << "vtsnap run: " << s.message() << "\n";
    } else {
      err << "vtsnap run: cannot start '" << program << "': " << s.message() << "\n";
    }
    return kExitCannotStart;
  }

  // How the program ended, on stderr, once it has been stopped if need be; then the recording.
  // Runs once, on every way out after the start.
  bool finished = false;
  auto finish_program = [&]() -> int {
    if (finished) return kExitOk;
    finished = true;
    const bool was_running = !ProgramEnded(session);
    const ExitStatus status = session.Close();
    if (signals.received() != 0) {
      err << "vtsnap run: interrupted by " << run_internal::SignalName(signals.received()) << "; "
          << program << "'s session was ended (" << status.ToString() << ")\n";
    } else if (was_running) {
      err << "vtsnap run: " << program << " was still running; it was stopped ("
          << status.ToString() << ")\n";
    } else if (status.exited()) {
      err << "vtsnap run: " << program << " exited with status " << status.code << "\n";
    } else {
      err << "vtsnap run: " << program << " was " << status.ToString() << "\n";
    }
    if (!o.record.has_value()) return kExitOk;
    if (absl::Status s = recording.Finish(); !s.ok()) {
      err << "vtsnap run: --record '" << *o.record << "': " << s.message() << "\n";
      return kExitFailed;
    }
    err << "vtsnap run: recorded " << session.bytes_received() << " bytes of output to "
        << *o.record << " (replay: " << ShellQuoteIfNeeded(invoked_as) << " decode --size "
        << o.size.cols << "x" << o.size.rows << " " << ShellQuoteIfNeeded(*o.record) << ")\n";
    return kExitOk;
  };
  // The exit code of the run so far (`code`), after an interruption or a failed recording.
  auto exit_code = [&](int code) {
    const int finishing = finish_program();
    if (signals.received() != 0) return 128 + signals.received();
    return code == kExitOk ? finishing : code;
  };
  auto fail = [&](const Failure& f) {
    if (!absl::IsCancelled(f.status))
      err << "vtsnap run: " << f.context << f.status.message() << "\n";
    return exit_code(ExitCodeOf(f.status));
  };

  Driver driver(session, o, *scale);
  for (const Action& action : o.leading) {
    if (std::optional<Failure> f = driver.Do(action, ""); f.has_value()) return fail(*f);
  }
  int code = kExitOk;
  for (size_t i = 0; i < o.steps.size(); ++i) {
    const Step& step = o.steps[i];
    const std::string prefix = absl::StrCat("step ", i + 1, " (", step.origin, "): ");
    for (const Action& action : step.actions) {
      if (std::optional<Failure> f = driver.Do(action, prefix); f.has_value()) return fail(*f);
    }
    if (!step.expect.has_value()) continue;
    Capture capture;
    if (std::optional<Failure> f = driver.Take(false, true, prefix, &capture); f.has_value()) {
      return fail(*f);
    }
    // A difference fails the run but the later steps still run: each checkpoint gets its verdict
    // (and its .actual) in one run.
    const int checked =
        CheckExpectation(*step.expect, capture.frame, mode, CommandLine(invoked_as, args), err);
    if (code == kExitOk) code = checked;
  }

  // The final screen, as the program left it (before it is stopped: a program that restores the
  // primary screen when hung up must not change what is printed).
  Capture capture;
  if (print || o.expect.has_value()) {
    if (std::optional<Failure> f = driver.Take(
            print, o.expect.has_value(), o.steps.empty() ? "" : "the final screen: ", &capture);
        f.has_value()) {
      return fail(*f);
    }
  }
  if (print) {
    if (!capture.printed.ok()) {
      err << "vtsnap run: the final screen cannot be written as a golden: "
          << capture.printed.status().message() << "\n";
      return exit_code(kExitFailed);
    }
    out << *capture.printed;
    out.flush();
  }
  if (o.quit_keys.has_value() && !ProgramEnded(session)) {
    const absl::Time typed = absl::Now();
    absl::Status s = session.SendKeys(*o.quit_keys);
    if (s.ok()) s = session.WaitForExit().status();
    if (!s.ok() && !absl::IsCancelled(s) && !ProgramEnded(session)) {
      err << "vtsnap run: " << program << " did not exit after --quit-keys '" << *o.quit_keys
          << "' (" << absl::FormatDuration(absl::Trunc(absl::Now() - typed, absl::Milliseconds(1)))
          << "): " << s.message() << "\n";
      code = kExitFailed;
    }
  }
  code = exit_code(code);
  if (!o.expect.has_value() || signals.received() != 0) return code;
  const int checked =
      CheckExpectation(*o.expect, capture.frame, mode, CommandLine(invoked_as, args), err);
  return code == kExitOk ? checked : code;
}

}  // namespace vtsnap::tools
