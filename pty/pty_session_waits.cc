// PtySession's waits (pty/pty_session.h): for text, a pattern, a predicate, a quiet or idle
// program, a whole frame and the program's exit, each bounded by a timeout whose message names
// what was awaited and shows the screen.
#include <poll.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "re2/re2.h"
#include "vtsnap/pty/foreground_probe.h"
#include "vtsnap/pty/pty_session.h"
#include "vtsnap/pty/pty_session_internal.h"
#include "vtsnap/snapshot/screen/screen_check.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

using pty_internal::kExitDrain;
using pty_internal::kIdleConfirm;
using pty_internal::kIdlePoll;
using pty_internal::kPollInterval;
using pty_internal::Quoted;

absl::Status PtySession::Await(const std::function<bool(const Terminal&)>& done,
                               absl::string_view what, std::optional<absl::Duration> timeout,
                               bool fail_at_end, bool between_frames, absl::Duration poll,
                               const std::function<std::string()>& explain) {
  if (pid_ < 0) return NotRunning(absl::StrCat("wait for ", what));
  const absl::Duration limit = Scaled(timeout);
  const absl::Time deadline = absl::Now() + limit;
  std::unique_lock<pty_internal::FairMutex> lock(mu_);
  for (;;) {
    if (cancelled_.has_value()) return absl::CancelledError(*cancelled_);
    // Conditions on the screen hold only between synchronized frames: a half-drawn frame shows
    // neither what the program drew before it nor what it is drawing.
    if ((!between_frames || !vt_.open_frame_offset().has_value()) && done(vt_.terminal())) {
      return absl::OkStatus();
    }
    // The program is reaped within a poll interval of its output ending; give the reader that
    // long so the message (and exit_status()) can say how it ended.
    if (fail_at_end && output_ended_ &&
        (exit_.has_value() || absl::Now() - output_end_time_ >= kExitDrain)) {
      // Its output is read to the end: nothing can change the screen any more.
      const std::string ended =
          exit_.has_value() ? absl::StrCat("'", program_, "' ended (", exit_->ToString(), ")")
                            : absl::StrCat("'", program_, "' closed its terminal");
      return absl::FailedPreconditionError(
          absl::StrCat(ended, " before the screen showed ", what, "\n",
                       explain ? explain() : DescribeScreenLocked()));
    }
    const absl::Time now = absl::Now();
    if (now >= deadline) {
      return absl::DeadlineExceededError(
          absl::StrCat("timed out after ", absl::FormatDuration(limit), " waiting for ", what, " (",
                       StateLocked(), ")\n", explain ? explain() : DescribeScreenLocked()));
    }
    const absl::Duration wait = std::min(deadline - now, poll);
    changed_.wait_for(lock, absl::ToChronoNanoseconds(wait));
  }
}

std::string PtySession::StateLocked() const {
  std::string state = exit_.has_value()
                          ? absl::StrCat("'", program_, "' ended: ", exit_->ToString())
                          : absl::StrCat("'", program_, "' is running");
  absl::StrAppend(&state, "; ", bytes_received_, " bytes received");
  if (bytes_received_ > 0) {
    absl::StrAppend(
        &state, ", the last ",
        absl::FormatDuration(absl::Trunc(absl::Now() - last_output_, absl::Milliseconds(1))),
        " ago");
  }
  if (vt_.open_frame_offset().has_value()) absl::StrAppend(&state, "; ", OpenFrameLocked());
  if (!exit_.has_value() && options_.detect_idle) {
    absl::StrAppend(&state, "; idle detection: ", IdleStateLocked());
  }
  return state;
}

std::string PtySession::OpenFrameLocked() const {
  const std::optional<uint64_t> offset = vt_.open_frame_offset();
  if (!offset.has_value()) return "no synchronized frame is open";
  return absl::StrCat(
      "a synchronized frame (?2026h) is open: it opened at byte offset ", *offset,
      " of the output, ",
      absl::FormatDuration(absl::Trunc(absl::Now() - frame_opened_, absl::Milliseconds(1))),
      " ago, and ", bytes_received_ - *offset, " bytes have arrived since without its ?2026l");
}

absl::Status PtySession::WaitForText(absl::string_view text,
                                     std::optional<absl::Duration> timeout) {
  const std::string wanted(text);
  return Await(
      [&wanted](const Terminal& t) { return t.ScreenText().find(wanted) != std::string::npos; },
      absl::StrCat("the text ", Quoted(text)), timeout, /*fail_at_end=*/true,
      /*between_frames=*/true);
}

absl::Status PtySession::WaitForPattern(absl::string_view pattern,
                                        std::optional<absl::Duration> timeout) {
  RE2 re(re2::StringPiece(pattern.data(), pattern.size()), RE2::Quiet);
  if (!re.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("the pattern ", Quoted(pattern), " does not compile: ", re.error()));
  }
  return Await([&re](const Terminal& t) { return RE2::PartialMatch(t.ScreenText(), re); },
               absl::StrCat("the pattern ", Quoted(pattern)), timeout, /*fail_at_end=*/true,
               /*between_frames=*/true);
}

absl::Status PtySession::WaitUntil(const std::function<bool(const Terminal&)>& predicate,
                                   absl::string_view description,
                                   std::optional<absl::Duration> timeout) {
  return Await(predicate, description, timeout, /*fail_at_end=*/true, /*between_frames=*/true);
}

absl::Status PtySession::WaitForCheck(const ScreenCheck& check,
                                      std::optional<absl::Duration> timeout) {
  // The screen the check last ran on (a snapshot, so it stays as it was) and what it said; the
  // check runs again only when the screen may have changed: more output decoded, or a resize.
  struct Seen {
    std::optional<ScreenView> screen;
    std::string explanation;
    uint64_t bytes = 0;
    int cols = 0;
    int rows = 0;
  } seen;
  // Runs under mu_ (Await holds it), so the view is taken at one instant.
  auto done = [this, &check, &seen](const Terminal& t) {
    if (seen.screen.has_value() && seen.bytes == bytes_received_ && seen.cols == t.cols() &&
        seen.rows == t.rows()) {
      return false;  // the same screen: the check said no already
    }
    ScreenView view = ViewLocked();
    if (!view.readable()) return false;
    seen.bytes = bytes_received_;
    seen.cols = t.cols();
    seen.rows = t.rows();
    const bool holds = check.Check(view, &seen.explanation);
    seen.screen.emplace(std::move(view));
    return holds;
  };
  // Runs under mu_ when the wait fails: the last screen checked, or the one there is.
  auto explain = [this, &seen]() {
    if (!seen.screen.has_value()) return ExplainLastCheck(false, "", ScreenView(vt_.terminal()));
    return ExplainLastCheck(true, seen.explanation, *seen.screen);
  };
  return Await(done, absl::StrCat("a screen that matches: ", check.description()), timeout,
               /*fail_at_end=*/true, /*between_frames=*/true, absl::FromChrono(kPollInterval),
               explain);
}

absl::Status PtySession::WaitForQuiet(absl::Duration quiet, std::optional<absl::Duration> timeout) {
  if (quiet < absl::ZeroDuration()) {
    return absl::InvalidArgumentError(
        absl::StrCat("a quiet period cannot be negative: ", absl::FormatDuration(quiet)));
  }
  const absl::Duration scaled_quiet = quiet * scale_;
  idle_.reset();
  // Runs under mu_ (WaitFor holds it), so the members it reads are consistent.
  return Await(
      [this, scaled_quiet](const Terminal&) {
        if (output_ended_) return true;
        // Output the reader has not got to yet, and replies not yet written, are activity too:
        // under load the reader thread can lag behind the program.
        if (!SettledLocked()) return false;
        return absl::Now() - last_output_ >= scaled_quiet || IdleLocked(scaled_quiet);
      },
      absl::StrCat(absl::FormatDuration(scaled_quiet),
                   " without output (or the program waiting for input) and no synchronized "
                   "frame open"),
      timeout, /*fail_at_end=*/false, /*between_frames=*/false,
      options_.detect_idle ? kIdlePoll : absl::FromChrono(kPollInterval));
}

bool PtySession::SettledLocked() const {
  return !vt_.open_frame_offset().has_value() && !vt_.terminal().modes().synchronized_output &&
         outgoing_begin_ == outgoing_.size() && UnreadOutputLocked() == 0;
}

bool PtySession::IdleLocked(absl::Duration quiet) {
  if (!options_.detect_idle || pid_ < 0 || master_fd_ < 0 || exit_.has_value()) return false;
  const pty_internal::ForegroundState s = pty_internal::ProbeForeground(master_fd_, pid_, quiet);
  // Waiting, and run since the last bytes typed (they may still be on their way to it).
  if (s.kind != pty_internal::ForegroundState::Kind::kWaiting ||
      (writes_ > 0 && s.signature == signature_before_write_)) {
    idle_.reset();
    return false;
  }
  // Output the program wrote before it went to sleep may still sit in the terminal's buffers on
  // its way to the master (the kernel moves it on a worker thread, which load can delay). A
  // poll of the master moves it first (n_tty_poll flushes the pending work), so only the group
  // state read above, then an empty master, proves that nothing written before is missing.
  pollfd master = {.fd = master_fd_, .events = POLLIN, .revents = 0};
  if (poll(&master, 1, 0) != 0 || UnreadOutputLocked() != 0) {
    idle_.reset();
    return false;
  }
  const absl::Time now = absl::Now();
  if (!idle_.has_value() || idle_->writes != writes_ || idle_->bytes != bytes_received_ ||
      idle_->signature != s.signature) {
    idle_ = IdleCandidate{now, writes_, bytes_received_, s.signature};
    return false;
  }
  // Unchanged for the confirmation time: no output was on its way (it reaches the reader within
  // microseconds of the program's write) and the program did not run.
  return now - idle_->since >= kIdleConfirm * scale_;
}

std::string PtySession::IdleState() const {
  std::lock_guard<pty_internal::FairMutex> lock(mu_);
  return IdleStateLocked();
}

std::string PtySession::IdleStateLocked() const {
  if (!options_.detect_idle) return "off";
  if (pid_ < 0 || master_fd_ < 0 || output_ended_) return "unknown: the program is not running";
  const pty_internal::ForegroundState s =
      pty_internal::ProbeForeground(master_fd_, pid_, absl::ZeroDuration());
  switch (s.kind) {
    case pty_internal::ForegroundState::Kind::kWaiting:
      return "waiting: " + s.why;
    case pty_internal::ForegroundState::Kind::kBusy:
      return "busy: " + s.why;
    case pty_internal::ForegroundState::Kind::kUnknown:
      break;
  }
  return "unknown: " + s.why;
}

absl::StatusOr<ScreenView> PtySession::WaitForFrame(absl::Duration quiet,
                                                    std::optional<absl::Duration> timeout) {
  if (quiet < absl::ZeroDuration()) {
    return absl::InvalidArgumentError(
        absl::StrCat("a quiet period cannot be negative: ", absl::FormatDuration(quiet)));
  }
  const absl::Duration scaled_quiet = quiet * scale_;
  std::optional<ScreenView> view;
  idle_.reset();
  // The condition and the capture run under one hold of mu_: no byte is decoded between them, so
  // the screen returned is the one the condition held on.
  absl::Status s = Await(
      [this, scaled_quiet, &view](const Terminal&) {
        if (!output_ended_ &&
            (vt_.open_frame_offset().has_value() || UnreadOutputLocked() != 0 ||
             outgoing_begin_ < outgoing_.size() ||
             (absl::Now() - last_output_ < scaled_quiet && !IdleLocked(scaled_quiet)))) {
          return false;
        }
        view.emplace(ViewLocked());
        return true;
      },
      scaled_quiet > absl::ZeroDuration()
          ? absl::StrCat("the end of the synchronized frame and ",
                         absl::FormatDuration(scaled_quiet), " without output")
          : std::string("the end of the synchronized frame"),
      timeout, /*fail_at_end=*/false, /*between_frames=*/false,
      options_.detect_idle && scaled_quiet > absl::ZeroDuration()
          ? kIdlePoll
          : absl::FromChrono(kPollInterval));
  if (!s.ok()) return s;
  return *std::move(view);
}

absl::StatusOr<ExitStatus> PtySession::WaitForExit(std::optional<absl::Duration> timeout) {
  if (closed_) return exit_status().value_or(ExitStatus{});
  absl::Status s = Await(
      [this](const Terminal&) {
        if (!exit_.has_value()) return false;
        // Output a process it left behind still writes is read until the terminal is silent.
        return output_ended_ || absl::Now() - std::max(last_output_, exit_time_) >= kExitDrain;
      },
      absl::StrCat("'", program_, "' to exit"), timeout, /*fail_at_end=*/false,
      /*between_frames=*/false);
  if (!s.ok()) return s;
  return exit_status().value_or(ExitStatus{});
}

}  // namespace vtsnap
