// `vtsnap run`: runs a program under a pseudo-terminal (pty/pty_session.h), waits for its screen to
// settle, types key scripts at it beat by beat, and prints the screen it leaves, or checks it
// against a golden dump the way EqualsGolden does (docs/cli.md). Every argument, key script,
// redaction, the golden and UPDATE_GOLDENS are checked before the program starts.
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
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
#include "vtsnap/decoder/size.h"
#include "vtsnap/pty/pty_session.h"
#include "vtsnap/snapshot/capture.h"
#include "vtsnap/snapshot/diff.h"
#include "vtsnap/snapshot/frame.h"
#include "vtsnap/snapshot/golden.h"
#include "vtsnap/snapshot/golden_check.h"
#include "vtsnap/snapshot/redact.h"
#include "vtsnap/snapshot/store.h"
#include "vtsnap/tools/commands.h"

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
    R"(usage: vtsnap run [--size COLSxROWS] [--keys SCRIPT]... [--wait-text TEXT] [--quiet-ms N]
                  [--timeout S] [--format text|golden|json] [--expect GOLDEN]
                  [--redact PATTERN]... [--term NAME] [--env NAME=VALUE]... [--inherit-env]
                  [--] PROGRAM [ARGS...]
  Runs PROGRAM under a pseudo-terminal, waits for --wait-text and for a quiet screen, types each
  --keys script (waiting for quiet after each) and prints the screen, or compares it with the
  golden dump GOLDEN (--expect). Exit codes: 0 done (whatever the program's own status, which is
  reported on stderr), 1 the screen differs from GOLDEN or the program ended before what was
  awaited, 2 bad arguments, 124 a wait timed out, 127 PROGRAM cannot be started. docs/cli.md.
)";

struct RunOptions {
  TerminalSize size;
  std::vector<std::string> keys;
  std::optional<std::string> wait_text;
  absl::Duration quiet = absl::Milliseconds(200);
  absl::Duration timeout = absl::Seconds(10);
  std::string format = "text";
  bool format_given = false;
  std::optional<std::string> expect;
  Redactions redactions;
  std::string term = "xterm-256color";
  std::map<std::string, std::string> env;
  bool inherit_environment = false;
  std::vector<std::string> argv;
};

// "vtsnap run ARGS..." as a shell reads it back.
std::string CommandLine(const std::vector<std::string>& args) {
  std::string command = "vtsnap run";
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
    static const char* const kValueFlags[] = {"--size",    "--keys",   "--wait-text", "--quiet-ms",
                                              "--timeout", "--format", "--expect",    "--redact",
                                              "--term",    "--env"};
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
    if (flag == "--size") {
      size = value;
    } else if (flag == "--keys") {
      if (absl::Status s = ParseKeys(value).status(); !s.ok()) {
        err << "vtsnap run: --keys '" << value << "': " << s.message() << "\n";
        return false;
      }
      o->keys.push_back(value);
    } else if (flag == "--wait-text") {
      if (value.empty()) {
        err << "vtsnap run: --wait-text needs a non-empty text\n";
        return false;
      }
      o->wait_text = value;
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
  return true;
}

// Checks --expect's golden and UPDATE_GOLDENS before the program starts; false after writing the
// problem to `err`. An invalid golden is a problem unless the update mode will replace it
// (UPDATE_GOLDENS=1 or force, as for EqualsGolden).
bool PreflightExpectation(const std::string& path, std::ostream& err) {
  const absl::StatusOr<UpdateMode>& mode = UpdateModeOfProcess();
  if (!mode.ok()) {
    err << "vtsnap run: " << mode.status().message() << "\n";
    return false;
  }
  absl::StatusOr<std::optional<std::string>> text = ReadFileIfExists(path);
  if (!text.ok()) {
    err << "vtsnap run: --expect: " << text.status().message() << "\n";
    return false;
  }
  if (!text->has_value()) return true;
  absl::StatusOr<Frame> parsed = golden::Parse(**text);
  if (parsed.ok() || *mode == UpdateMode::kAll || *mode == UpdateMode::kForce) return true;
  err << "vtsnap run: the golden is not a valid ckvision-golden 1 dump: " << path << ":"
      << parsed.status().message() << "\n";
  return false;
}

// Compares the screen with the golden through the golden core (snapshot/golden_check.h, the one
// EqualsGolden uses) and writes what UPDATE_GOLDENS allows; the report goes to `err`. Returns the
// exit code.
int CheckExpectation(const std::string& path, const Frame& actual,
                     const std::vector<std::string>& args, std::ostream& err) {
  const GoldenResult result =
      CheckGolden({.where = LocateGoldenPath(path),
                   .actual = golden::Serialize(actual),
                   .compare = CompareDumpByMeaning([&actual] { return actual; }),
                   .report_screens = DumpReportScreens([&actual] { return actual; }),
                   .claimant = "vtsnap run",
                   .accept_command = CommandLine(args)});
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
absl::Status WaitForQuietAfterInput(PtySession& session, absl::Time typed, absl::Duration quiet,
                                    double scale) {
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

}  // namespace

int RunRun(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
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
  if (o.expect.has_value() && !PreflightExpectation(*o.expect, err)) return kExitUsage;
  // With --expect the screen goes to stdout only when a format was asked for.
  const bool print = !o.expect.has_value() || o.format_given;

  PtyOptions options;
  options.cols = o.size.cols;
  options.rows = o.size.rows;
  options.term = o.term;
  options.env = o.env;
  options.inherit_environment = o.inherit_environment;
  options.timeout = o.timeout;
  PtySession session(options);
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

  // How the program ended, on stderr, once it has been stopped if need be.
  auto report_program = [&]() {
    const bool was_running = !ProgramEnded(session);
    const ExitStatus status = session.Close();
    if (was_running) {
      err << "vtsnap run: " << program << " was still running; it was stopped ("
          << status.ToString() << ")\n";
    } else if (status.exited()) {
      err << "vtsnap run: " << program << " exited with status " << status.code << "\n";
    } else {
      err << "vtsnap run: " << program << " was " << status.ToString() << "\n";
    }
  };
  auto fail = [&](const absl::Status& status, absl::string_view context) {
    err << "vtsnap run: " << context << status.message() << "\n";
    report_program();
    return ExitCodeOf(status);
  };

  if (o.wait_text.has_value()) {
    if (absl::Status s = session.WaitForText(*o.wait_text); !s.ok()) return fail(s, "");
  }
  if (absl::Status s = session.WaitForQuiet(o.quiet); !s.ok()) return fail(s, "");
  for (const std::string& keys : o.keys) {
    const absl::Time typed = absl::Now();
    if (absl::Status s = session.SendKeys(keys); !s.ok()) {
      return fail(absl::Status(s.code(), absl::StrCat(s.message(), "\n", session.DescribeScreen())),
                  absl::StrCat("--keys '", keys, "': "));
    }
    if (absl::Status s = WaitForQuietAfterInput(session, typed, o.quiet, *scale); !s.ok()) {
      return fail(s, absl::StrCat("after --keys '", keys, "': "));
    }
  }

  // The screen, as the program left it (before Close: a program that restores the primary screen
  // when hung up must not change what is printed).
  Capture capture;
  for (int attempt = 0;; ++attempt) {
    session.WithScreen([&](const Terminal& t) {
      capture.synchronized_frame_open = t.modes().synchronized_output;
      if (capture.synchronized_frame_open) return;
      if (print) capture.printed = FormatScreen(t, o.format, o.redactions);
      if (o.expect.has_value()) {
        capture.frame = *CaptureFrame(t);
        o.redactions.Apply(&capture.frame);
      }
    });
    if (!capture.synchronized_frame_open) break;
    if (attempt + 1 == kCaptureAttempts) {
      return fail(absl::FailedPreconditionError(absl::StrCat(
                      "the program kept a synchronized frame (?2026) open; the screen is not "
                      "complete:\n",
                      session.DescribeScreen())),
                  "");
    }
    if (absl::Status s = session.WaitForQuiet(o.quiet); !s.ok()) return fail(s, "");
  }

  if (print) {
    if (!capture.printed.ok()) {
      err << "vtsnap run: the final screen cannot be written as a golden: "
          << capture.printed.status().message() << "\n";
      report_program();
      return kExitFailed;
    }
    out << *capture.printed;
    out.flush();
  }
  report_program();
  if (!o.expect.has_value()) return kExitOk;
  return CheckExpectation(*o.expect, capture.frame, args, err);
}

}  // namespace vtsnap::tools
