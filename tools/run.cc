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
#include <functional>
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
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "vtsnap/base/size.h"
#include "vtsnap/decoder/keys.h"
#include "vtsnap/pty/pty_session.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/golden/golden_check.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/diff.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/redact.h"
#include "vtsnap/tools/cli.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/exit_codes.h"
#include "vtsnap/tools/run_internal.h"
#include "vtsnap/tools/run_recording.h"

namespace vtsnap::tools {

const cli::Usage kRunUsage = {
    .command = "run",
    .summary = "Run a program under a pseudo-terminal, type at it, check its screens.",
    .synopsis =
        "usage: vtsnap run [--size COLSxROWS]\n"
        "                  [--keys SCRIPT | --wait-text TEXT | --wait-style ROW,COL,WORDS]...\n"
        "                  [--step SPEC]... [--steps FILE] [--quit-keys SCRIPT] [--quiet-ms N]\n"
        "                  [--settle idle|quiet] [--timeout S] [--format text|golden|json] "
        "[--expect GOLDEN]\n"
        "                  [--transcript FILE] [--stats]\n"
        "                  [--redact PATTERN]... [--term NAME] [--env NAME=VALUE]... "
        "[--inherit-env]\n"
        "                  [--allow-window-ops] [--allow-clipboard-read] [--no-replies]\n"
        "                  [--foreground COLOR] [--background COLOR]\n"
        "                  [--cwd DIR] [--record FILE] [--] PROGRAM [ARGS...]\n",
    .details =
        R"(  Runs PROGRAM under a pseudo-terminal in DIR (--cwd), types each --keys script and waits for
  each --wait-text and --wait-style (the cell at ROW,COL, 0-based, drawn in the style the
  semantic words WORDS name, such as 2,0,bold fg=red) in the order given (and for a settled
  screen before keys and before a screen is taken: --settle idle, the default, takes it as
  soon as the program waits for input, or after --quiet-ms without output; --settle quiet
  only after --quiet-ms), then runs
  each step: SPEC is fields separated by ';', such as
  'keys=j j enter; wait-text=Saved; expect=saved.dump' (keys and waits in order: wait-text=,
  wait-pattern=RE2, wait-style=ROW,COL,WORDS; quiet-ms=N for this step's settles; then the
  screen compared with the golden dump of expect=); --steps FILE holds one step a line.
  Prints the final screen (--format), or compares it with GOLDEN (--expect). --quit-keys
  types a script at the end and waits for the program to exit; otherwise it is hung up
  (SIGHUP), then killed. --record FILE saves every byte the program wrote; --transcript FILE
  both directions in order, one line an event: the program's output, each reply and keys the
  terminal sent it, replies dropped, and what it never read. --stats prints the counts of
  replies written and dropped and bytes typed and read at the end. The terminal answers queries
  as xterm 379 showing black on white; --foreground and --background (#rrggbb or rgb:rr/gg/bb)
  change the colours it reports (OSC 10, 11), --no-replies answers nothing, and
  --allow-window-ops and --allow-clipboard-read answer what xterm answers only on request
  (docs/replies.md). Exit codes: 0 done (the program's own status is reported on stderr), 1 a
  screen differs from its golden, the program ended before what was awaited or did not exit
  after --quit-keys, 2 bad arguments, 124 a wait timed out, 127 PROGRAM cannot be started,
  128+N ended by signal N (130 SIGINT, 143 SIGTERM) after ending the program's session.
  docs/cli.md.
)"};

namespace {

// Capturing retries a settle when the program reopened a synchronized frame just after it went
// quiet; a program that always has one open fails after this many tries.
constexpr int kCaptureAttempts = 5;

using run_internal::Action;
using run_internal::Step;

struct RunOptions {
  std::string size_text = "80x24";
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
  bool allow_window_ops = false;            // --allow-window-ops
  bool allow_clipboard_read = false;        // --allow-clipboard-read
  bool no_replies = false;                  // --no-replies
  std::optional<ReportedColor> foreground;  // --foreground
  std::optional<ReportedColor> background;  // --background
  std::string cwd;
  std::optional<std::string> record;
  std::optional<std::string> transcript;  // --transcript FILE
  bool stats = false;                     // --stats
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

// An error for `flag` and its `value`: "--cwd 'x': not a directory".
absl::Status BadValue(absl::string_view flag, absl::string_view value, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat(flag, " '", value, "': ", why));
}

// A flag whose value must not be empty, stored in *into; `why` is the error ("--term needs a
// non-empty name").
template <typename T>
std::function<absl::Status(const std::string&)> NonEmpty(const char* why, T* into) {
  return [why, into](const std::string& value) {
    if (value.empty()) return absl::InvalidArgumentError(why);
    *into = value;
    return absl::OkStatus();
  };
}

// --keys SCRIPT, --wait-text TEXT and --wait-style ROW,COL,WORDS, before the steps, in the order
// written.
absl::Status AddLeadingAction(RunOptions* o, Action::Kind kind, const std::string& value) {
  const char* flag = kind == Action::Kind::kKeys        ? "--keys"
                     : kind == Action::Kind::kWaitStyle ? "--wait-style"
                                                        : "--wait-text";
  if (!o->steps.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(flag, " '", value, "' after ", o->steps.back().origin,
                     ": after the first step, write keys and waits as fields of a step (keys=...; "
                     "wait-text=...)"));
  }
  if (kind == Action::Kind::kKeys) {
    if (absl::Status s = ParseKeys(value).status(); !s.ok())
      return BadValue(flag, value, s.message());
  } else if (kind == Action::Kind::kWaitStyle) {
    size_t offset = 0;
    absl::StatusOr<Action> action = run_internal::ParseWaitStyle(value, &offset);
    if (!action.ok()) return BadValue(flag, value, action.status().message());
    o->leading.push_back(*std::move(action));
    return absl::OkStatus();
  } else if (value.empty()) {
    return absl::InvalidArgumentError("--wait-text needs a non-empty text");
  }
  o->leading.push_back({kind, value});
  return absl::OkStatus();
}

// --steps FILE: the steps of FILE, one a line.
absl::Status AddStepFile(RunOptions* o, const std::string& path) {
  absl::StatusOr<std::optional<std::string>> text = ReadFileIfExists(path);
  if (!text.ok()) return BadValue("--steps", path, text.status().message());
  if (!text->has_value()) return BadValue("--steps", path, "no such file");
  absl::StatusOr<std::vector<Step>> steps = run_internal::ParseStepFile(path, **text);
  if (!steps.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("--steps: ", steps.status().message()));
  }
  for (Step& step : *steps) o->steps.push_back(std::move(step));
  return absl::OkStatus();
}

// A colour as --foreground and --background take it: #rrggbb or rgb:rr/gg/bb, hex digits.
absl::Status ParseColorFlag(absl::string_view flag, absl::string_view value,
                            std::optional<ReportedColor>* out) {
  std::string digits;
  if (absl::StartsWith(value, "#") && value.size() == 7) {
    digits = std::string(value.substr(1));
  } else if (absl::StartsWith(value, "rgb:") && value.size() == 12 && value[6] == '/' &&
             value[9] == '/') {
    digits = absl::StrCat(value.substr(4, 2), value.substr(7, 2), value.substr(10, 2));
  }
  uint8_t channels[3] = {};
  for (int i = 0; i < 3; ++i) {
    const std::string pair = digits.size() == 6 ? digits.substr(static_cast<size_t>(i) * 2, 2) : "";
    int channel = 0;
    if (pair.size() != 2 || !absl::ascii_isxdigit(static_cast<unsigned char>(pair[0])) ||
        !absl::ascii_isxdigit(static_cast<unsigned char>(pair[1])) ||
        !absl::SimpleHexAtoi(pair, &channel)) {
      return BadValue(flag, value, "expected a colour as #rrggbb or rgb:rr/gg/bb");
    }
    channels[i] = static_cast<uint8_t>(channel);
  }
  *out = ReportedColor{channels[0], channels[1], channels[2]};
  return absl::OkStatus();
}

// The flags of what the terminal answers the program (docs/replies.md).
void AddReplyFlags(cli::CommandLine& line, RunOptions* o) {
  line.Switch("--allow-window-ops", &o->allow_window_ops)
      .Switch("--allow-clipboard-read", &o->allow_clipboard_read)
      .Switch("--no-replies", &o->no_replies)
      .Each("--foreground",
            [o](const std::string& v) { return ParseColorFlag("--foreground", v, &o->foreground); })
      .Each("--background", [o](const std::string& v) {
        return ParseColorFlag("--background", v, &o->background);
      });
}

// The flags that take a value and change the program's environment or the run's screen.
void AddEnvironmentFlags(cli::CommandLine& line, RunOptions* o) {
  line.Each("--cwd",
            [o](const std::string& v) {
              struct stat st {};
              if (v.empty() || stat(v.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
                return BadValue("--cwd", v, "not a directory");
              }
              o->cwd = v;
              return absl::OkStatus();
            })
      .Each("--term", NonEmpty("--term needs a non-empty name", &o->term))
      .Each("--env",
            [o](const std::string& v) {
              const size_t split = v.find('=');
              if (split == std::string::npos || split == 0) {
                return BadValue("--env", v, "expected NAME=VALUE");
              }
              o->env[v.substr(0, split)] = v.substr(split + 1);
              return absl::OkStatus();
            })
      .Switch("--inherit-env", &o->inherit_environment)
      .Each("--redact", [o](const std::string& v) {
        if (absl::Status s = o->redactions.AddPattern(v); !s.ok()) {
          return BadValue("--redact", v, s.message());
        }
        return absl::OkStatus();
      });
}

// The flags of what the run does and waits for, and what it prints and compares.
void AddFlowFlags(cli::CommandLine& line, RunOptions* o) {
  line.Each("--keys",
            [o](const std::string& v) { return AddLeadingAction(o, Action::Kind::kKeys, v); })
      .Each("--wait-text",
            [o](const std::string& v) { return AddLeadingAction(o, Action::Kind::kWaitText, v); })
      .Each("--wait-style",
            [o](const std::string& v) { return AddLeadingAction(o, Action::Kind::kWaitStyle, v); })
      .Each("--step",
            [o](const std::string& v) {
              absl::StatusOr<Step> step = run_internal::ParseStep(v);
              if (!step.ok()) return BadValue("--step", v, step.status().message());
              o->steps.push_back(*std::move(step));
              return absl::OkStatus();
            })
      .Each("--steps", [o](const std::string& v) { return AddStepFile(o, v); })
      .Each("--quit-keys",
            [o](const std::string& v) {
              if (absl::Status s = ParseKeys(v).status(); !s.ok()) {
                return BadValue("--quit-keys", v, s.message());
              }
              o->quit_keys = v;
              return absl::OkStatus();
            })
      .Each("--format",
            [o](const std::string& v) {
              if (v != "text" && v != "golden" && v != "json") {
                return absl::InvalidArgumentError(
                    absl::StrCat("unknown --format '", v, "' (expected text, golden or json)"));
              }
              o->format = v;
              o->format_given = true;
              return absl::OkStatus();
            })
      .Each("--expect", NonEmpty("--expect needs a file name", &o->expect))
      .Each("--record",
            [o](const std::string& v) {
              absl::Status s = run_internal::CheckRecordPath("--record", v);
              if (s.ok()) o->record = v;
              return s;
            })
      .Each("--transcript",
            [o](const std::string& v) {
              absl::Status s = run_internal::CheckRecordPath("--transcript", v);
              if (s.ok()) o->transcript = v;
              return s;
            })
      .Switch("--stats", &o->stats);
}

// The flags of the waits: how long, and what a settled screen is.
void AddTimingFlags(cli::CommandLine& line, RunOptions* o) {
  line.Value("--size", &o->size_text)
      .Each("--settle",
            [o](const std::string& v) {
              if (v != "idle" && v != "quiet")
                return BadValue("--settle", v, "expected idle or quiet");
              o->detect_idle = v == "idle";
              return absl::OkStatus();
            })
      .Each("--quiet-ms",
            [o](const std::string& v) {
              if (ParseMilliseconds(v, &o->quiet)) return absl::OkStatus();
              return BadValue("--quiet-ms", v, "expected a positive whole number of milliseconds");
            })
      .Each("--timeout", [o](const std::string& v) {
        if (ParseSeconds(v, &o->timeout)) return absl::OkStatus();
        return BadValue("--timeout", v,
                        "expected a positive number of seconds (such as 10 or 0.5)");
      });
}

// What the flags say together: the size, the quiet period against the timeout, one golden a
// checkpoint (two checkpoints writing one file would overwrite each other).
absl::Status CheckTogether(RunOptions* o) {
  absl::StatusOr<TerminalSize> size = ParseSize(o->size_text);
  if (!size.ok()) return BadValue("--size", o->size_text, size.status().message());
  o->size = *size;
  if (o->quiet >= o->timeout) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--quiet-ms ", absl::ToInt64Milliseconds(o->quiet), " is not shorter than --timeout ",
        absl::FormatDuration(o->timeout), ": every wait for quiet would time out"));
  }
  if (absl::Status s = run_internal::CheckActionsFit(o->leading, o->steps, o->size.cols,
                                                     o->size.rows, o->timeout);
      !s.ok()) {
    return s;
  }
  if (o->record.has_value() && o->transcript.has_value()) {
    std::error_code ec;
    if (std::filesystem::absolute(*o->record, ec).lexically_normal() ==
        std::filesystem::absolute(*o->transcript, ec).lexically_normal()) {
      return absl::InvalidArgumentError(
          absl::StrCat("--record and --transcript both name ", *o->record,
                       " (the recording is the program's bytes alone, the transcript text)"));
    }
  }
  std::map<std::string, std::string> goldens;  // normalized path -> where it was named
  auto claim = [&goldens](const std::string& path, const std::string& where) {
    std::error_code ec;
    const std::string key = std::filesystem::absolute(path, ec).lexically_normal().string();
    auto [it, inserted] = goldens.emplace(key, where);
    if (inserted) return absl::OkStatus();
    return absl::InvalidArgumentError(absl::StrCat(
        where, " and ", it->second, " both name the golden ", path, " (one golden a checkpoint)"));
  };
  for (const Step& step : o->steps) {
    if (!step.expect.has_value()) continue;
    if (absl::Status s = claim(*step.expect, step.origin); !s.ok()) return s;
  }
  if (o->expect.has_value()) return claim(*o->expect, "--expect");
  return absl::OkStatus();
}

// Reads the arguments into *o. Returns the exit code when the command is done (--help, or an
// argument that is wrong, said on `err`).
std::optional<int> ParseArguments(const std::vector<std::string>& args, RunOptions* o,
                                  std::ostream& out, std::ostream& err) {
  cli::CommandLine line(kRunUsage);
  AddTimingFlags(line, o);
  AddFlowFlags(line, o);
  AddEnvironmentFlags(line, o);
  AddReplyFlags(line, o);
  line.Positionals({.names = {"PROGRAM"},
                    .min = 1,
                    .max = cli::kAny,
                    .stop_at_first = true,
                    .missing = "no PROGRAM to run"},
                   &o->argv);
  if (std::optional<int> done = line.Parse(args, out, err)) return done;
  if (absl::Status s = CheckTogether(o); !s.ok()) return line.Error(err, s.message());
  return std::nullopt;
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

// Compares the screen with the golden through the golden core (snapshot/golden/golden_check.h, the
// one EqualsGolden uses) and writes what UPDATE_GOLDENS allows; the report goes to `err`. Returns
// the exit code.
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
  return kExitDiffers;
}

// The exit code of a failed wait, key script or capture: a timeout is 124; a condition that can no
// longer hold (the program ended) and anything else is 1.
int ExitCodeOf(const absl::Status& status) {
  if (absl::IsDeadlineExceeded(status)) return kExitTimedOut;
  if (absl::IsInvalidArgument(status)) return kExitInvalid;
  return kExitDiffers;
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

  // The quiet period of the settles from here on: a step's quiet-ms, or --quiet-ms.
  void SetQuiet(std::optional<absl::Duration> quiet) { quiet_ = quiet.value_or(o_.quiet); }

  std::optional<Failure> Do(const Action& action, const std::string& prefix) {
    if (action.kind != Action::Kind::kKeys) {
      if (absl::Status s = run_internal::Wait(session_, action); !s.ok()) return Failure{s, prefix};
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
    if (settled_ && settled_quiet_ >= quiet_) return std::nullopt;
    absl::Status s = typed_.has_value()
                         ? WaitForQuietAfterInput(session_, *typed_, quiet_, scale_, o_.detect_idle)
                         : session_.WaitForQuiet(quiet_);
    if (!s.ok()) return Failure{s, typed_.has_value() ? after_keys_ : prefix};
    settled_ = true;
    settled_quiet_ = quiet_;
    return std::nullopt;
  }

  PtySession& session_;
  const RunOptions& o_;
  double scale_;
  bool settled_ = false;             // quiet since the start or the last keys
  absl::Duration quiet_ = o_.quiet;  // the step's quiet-ms, or --quiet-ms
  absl::Duration settled_quiet_;     // how long it was quiet for when it settled
  std::optional<absl::Time> typed_;  // when the last keys were typed
  std::string after_keys_;           // "after --keys 'x': ", "steps.txt:3: after keys 'x': "
};

// What is read before the program starts besides the arguments.
struct Environment {
  double scale = 1;                    // VTSNAP_TIMEOUT_SCALE
  UpdateMode mode = UpdateMode::kOff;  // UPDATE_GOLDENS and CI, with goldens
  bool print = true;                   // the final screen goes to stdout
};

// Reads VTSNAP_TIMEOUT_SCALE, and with goldens UPDATE_GOLDENS and CI (now, not once a process: a
// test may run this several times), and checks every golden. The error says what is wrong.
absl::StatusOr<Environment> ReadEnvironment(const RunOptions& o, std::ostream& err) {
  Environment env;
  absl::StatusOr<double> scale = TimeoutScaleFromEnvironment();
  if (!scale.ok()) return scale.status();
  env.scale = *scale;
  bool any_expect = o.expect.has_value();
  for (const Step& step : o.steps) any_expect = any_expect || step.expect.has_value();
  // With goldens the final screen goes to stdout only when a format was asked for.
  env.print = !any_expect || o.format_given;
  if (!any_expect) return env;
  absl::StatusOr<UpdateMode> mode =
      ParseUpdateMode(std::getenv("UPDATE_GOLDENS"), EnvironmentSaysCi());
  if (!mode.ok()) return mode.status();
  env.mode = *mode;
  for (const Step& step : o.steps) {
    if (step.expect.has_value() &&
        !PreflightExpectation(*step.expect, step.origin, env.mode, err)) {
      return absl::CancelledError();  // said on `err`
    }
  }
  if (o.expect.has_value() && !PreflightExpectation(*o.expect, "--expect", env.mode, err)) {
    return absl::CancelledError();
  }
  return env;
}

// The session's options: the terminal, the program's environment, the waits.
PtyOptions SessionOptions(const RunOptions& o) {
  PtyOptions options;
  options.cols = o.size.cols;
  options.rows = o.size.rows;
  options.term = o.term;
  options.env = o.env;
  options.inherit_environment = o.inherit_environment;
  options.working_directory = o.cwd;
  options.timeout = o.timeout;
  options.detect_idle = o.detect_idle;
  options.replies.allow_window_ops = o.allow_window_ops;
  options.replies.allow_clipboard_read = o.allow_clipboard_read;
  options.replies.answer = !o.no_replies;
  if (o.foreground.has_value()) {
    // xterm's cursorColor follows the foreground unless set apart.
    options.replies.foreground = *o.foreground;
    options.replies.cursor = *o.foreground;
  }
  if (o.background.has_value()) options.replies.background = *o.background;
  return options;
}

// One run of the program, from its start to the exit code: the session, the recording it writes
// into, the signals that stop it, and what is said when it ends.
class Run {
 public:
  Run(const RunOptions& o, const Environment& env, std::string accept_command,
      std::string invoked_as, std::ostream& out, std::ostream& err)
      : o_(o),
        env_(env),
        accept_command_(std::move(accept_command)),
        invoked_as_(std::move(invoked_as)),
        out_(out),
        err_(err),
        session_(WithSink(SessionOptions(o))),
        // From here on SIGINT, SIGTERM and SIGHUP stop the waits (the session is cancelled), and
        // the program's session is ended before vtsnap exits 128+N. Declared after the session, so
        // it stops watching before the session goes.
        signals_([this](int signo) {
          session_.Cancel(absl::StrCat("interrupted by ", run_internal::SignalName(signo)));
        }) {}

  int Execute() {
    if (std::optional<int> code = Start(); code.has_value()) return *code;
    Driver driver(session_, o_, env_.scale);
    for (const Action& action : o_.leading) {
      if (std::optional<Failure> f = driver.Do(action, ""); f.has_value()) return Fail(*f);
    }
    int code = kExitOk;
    if (std::optional<int> failed = DoSteps(driver, &code); failed.has_value()) return *failed;
    return End(driver, code);
  }

 private:
  PtyOptions WithSink(PtyOptions options) {
    if (o_.record.has_value() || o_.transcript.has_value()) {
      options.output_sink = [this](absl::string_view bytes) {
        if (o_.record.has_value()) recording_.Append(bytes);
        if (o_.transcript.has_value()) transcript_.Output(bytes);
      };
    }
    if (o_.transcript.has_value()) {
      options.input_sink = [this](const PtyInputEvent& event) { transcript_.Input(event); };
    }
    return options;
  }

  // Opens the recording and starts the program; the exit code when that fails.
  std::optional<int> Start() {
    if (o_.record.has_value()) {
      if (absl::Status s = recording_.Open(*o_.record); !s.ok()) {
        err_ << "vtsnap run: --record '" << *o_.record << "': " << s.message() << "\n";
        return kExitInvalid;
      }
    }
    if (o_.transcript.has_value()) {
      if (absl::Status s = transcript_.Open(*o_.transcript, absl::Now()); !s.ok()) {
        err_ << "vtsnap run: --transcript '" << *o_.transcript << "': " << s.message() << "\n";
        return kExitInvalid;
      }
    }
    const std::string& program = o_.argv[0];
    absl::Status s = session_.Start(o_.argv);
    if (s.ok()) return std::nullopt;
    if (absl::IsInvalidArgument(s)) {
      err_ << "vtsnap run: " << s.message() << "\n";
      return kExitInvalid;
    }
    // PtySession's messages name the program already ("cannot start 'x': not found in PATH").
    if (absl::StrContains(s.message(), absl::StrCat("'", program, "'"))) {
      err_ << "vtsnap run: " << s.message() << "\n";
    } else {
      err_ << "vtsnap run: cannot start '" << program << "': " << s.message() << "\n";
    }
    return kExitCannotStart;
  }

  // Each step's actions, then its checkpoint. A difference sets *code but the later steps still
  // run: each checkpoint gets its verdict (and its .actual) in one run. The exit code when a step
  // fails.
  std::optional<int> DoSteps(Driver& driver, int* code) {
    for (size_t i = 0; i < o_.steps.size(); ++i) {
      const Step& step = o_.steps[i];
      const std::string prefix = absl::StrCat("step ", i + 1, " (", step.origin, "): ");
      driver.SetQuiet(step.quiet);
      for (const Action& action : step.actions) {
        if (std::optional<Failure> f = driver.Do(action, prefix); f.has_value()) return Fail(*f);
      }
      if (!step.expect.has_value()) continue;
      Capture capture;
      if (std::optional<Failure> f = driver.Take(false, true, prefix, &capture); f.has_value()) {
        return Fail(*f);
      }
      const int checked =
          CheckExpectation(*step.expect, capture.frame, env_.mode, accept_command_, err_);
      if (*code == kExitOk) *code = checked;
    }
    return std::nullopt;
  }

  // The final screen, as the program left it (before it is stopped: a program that restores the
  // primary screen when hung up must not change what is printed), the quit keys, the end of the
  // program, then the comparison with --expect.
  int End(Driver& driver, int code) {
    driver.SetQuiet(std::nullopt);
    Capture capture;
    if (env_.print || o_.expect.has_value()) {
      if (std::optional<Failure> f =
              driver.Take(env_.print, o_.expect.has_value(),
                          o_.steps.empty() ? "" : "the final screen: ", &capture);
          f.has_value()) {
        return Fail(*f);
      }
    }
    if (env_.print) {
      if (!capture.printed.ok()) {
        err_ << "vtsnap run: the final screen cannot be written as a golden: "
             << capture.printed.status().message() << "\n";
        return ExitCode(kExitDiffers);
      }
      out_ << *capture.printed;
      out_.flush();
    }
    if (!Quit() && code == kExitOk) code = kExitDiffers;
    code = ExitCode(code);
    if (!o_.expect.has_value() || signals_.received() != 0) return code;
    const int checked =
        CheckExpectation(*o_.expect, capture.frame, env_.mode, accept_command_, err_);
    return code == kExitOk ? checked : code;
  }

  // Types --quit-keys, if given, and waits for the program to exit; false when it did not.
  bool Quit() {
    if (!o_.quit_keys.has_value() || ProgramEnded(session_)) return true;
    const absl::Time typed = absl::Now();
    absl::Status s = session_.SendKeys(*o_.quit_keys);
    if (s.ok()) s = session_.WaitForExit().status();
    if (s.ok() || absl::IsCancelled(s) || ProgramEnded(session_)) return true;
    err_ << "vtsnap run: " << o_.argv[0] << " did not exit after --quit-keys '" << *o_.quit_keys
         << "' (" << absl::FormatDuration(absl::Trunc(absl::Now() - typed, absl::Milliseconds(1)))
         << "): " << s.message() << "\n";
    return false;
  }

  // How the program ended, on stderr, once it has been stopped if need be; then the recording.
  // Runs once, on every way out after the start.
  int FinishProgram() {
    if (finished_) return kExitOk;
    finished_ = true;
    const std::string& program = o_.argv[0];
    const bool was_running = !ProgramEnded(session_);
    const ExitStatus status = session_.Close();
    if (signals_.received() != 0) {
      err_ << "vtsnap run: interrupted by " << run_internal::SignalName(signals_.received()) << "; "
           << program << "'s session was ended (" << status.ToString() << ")\n";
    } else if (was_running) {
      err_ << "vtsnap run: " << program << " was still running; it was stopped ("
           << status.ToString() << ")\n";
    } else if (status.exited()) {
      err_ << "vtsnap run: " << program << " exited with status " << status.code << "\n";
    } else {
      err_ << "vtsnap run: " << program << " was " << status.ToString() << "\n";
    }
    ReportStatistics();
    if (o_.transcript.has_value()) {
      if (absl::Status s = transcript_.Finish(); !s.ok()) {
        err_ << "vtsnap run: --transcript '" << *o_.transcript << "': " << s.message() << "\n";
        return kExitDiffers;
      }
    }
    if (!o_.record.has_value()) return kExitOk;
    if (absl::Status s = recording_.Finish(); !s.ok()) {
      err_ << "vtsnap run: --record '" << *o_.record << "': " << s.message() << "\n";
      return kExitDiffers;
    }
    err_ << "vtsnap run: recorded " << session_.bytes_received() << " bytes of output to "
         << *o_.record << " (replay: " << ShellQuoteIfNeeded(invoked_as_) << " decode --size "
         << o_.size.cols << "x" << o_.size.rows << " " << ShellQuoteIfNeeded(*o_.record) << ")\n";
    return kExitOk;
  }

  // With --stats, the session's counts; without, a line only when replies were dropped (the
  // program asked and did not read the answers, which a user looking for a hang wants to know).
  void ReportStatistics() {
    const PtyStatistics stats = session_.statistics();
    if (o_.stats) {
      err_ << "vtsnap run: replies: " << stats.replies_written << " written ("
           << stats.reply_bytes_written << " bytes), " << stats.replies_dropped << " dropped ("
           << stats.reply_bytes_dropped << " bytes), " << stats.replies_pending
           << " never read; typed " << stats.bytes_typed << " bytes; read " << stats.bytes_received
           << " bytes of output\n";
      if (o_.no_replies) {
        err_ << "vtsnap run: replies: " << stats.replies_suppressed
             << " not given (--no-replies)\n";
      }
    } else if (stats.replies_dropped > 0) {
      err_ << "vtsnap run: " << stats.replies_dropped << " replies dropped: " << o_.argv[0]
           << " asked without reading the answers (more than " << kMaxPendingReplyBytes
           << " bytes of them waited)\n";
    }
  }

  // The exit code of the run so far (`code`), after an interruption or a failed recording.
  int ExitCode(int code) {
    const int finishing = FinishProgram();
    if (signals_.received() != 0) return kExitSignalBase + signals_.received();
    return code == kExitOk ? finishing : code;
  }

  int Fail(const Failure& f) {
    if (!absl::IsCancelled(f.status)) {
      err_ << "vtsnap run: " << f.context << f.status.message() << "\n";
    }
    return ExitCode(ExitCodeOf(f.status));
  }

  const RunOptions& o_;
  const Environment env_;
  const std::string accept_command_;  // `UPDATE_GOLDENS=1 vtsnap run ...`'s command
  const std::string invoked_as_;
  std::ostream& out_;
  std::ostream& err_;
  // Declared before the session, which writes into it until it is closed.
  run_internal::Recording recording_;
  run_internal::TranscriptFile transcript_;
  PtySession session_;
  run_internal::SignalWatch signals_;
  bool finished_ = false;
};

}  // namespace

int RunRun(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
           const std::string& invoked_as) {
  RunOptions o;
  if (std::optional<int> done = ParseArguments(args, &o, out, err)) return *done;
  absl::StatusOr<Environment> env = ReadEnvironment(o, err);
  if (!env.ok()) {
    if (!absl::IsCancelled(env.status())) err << "vtsnap run: " << env.status().message() << "\n";
    return kExitInvalid;
  }
  Run run(o, *env, CommandLine(invoked_as, args), invoked_as, out, err);
  return run.Execute();
}

}  // namespace vtsnap::tools
