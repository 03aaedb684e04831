// ScreenCheck (snapshot/screen/screen_check.h): a condition on a screen without GoogleTest, and
// the HeadlessTerminal's checks now and after steps, with the message every wait shares.
#include "vtsnap/snapshot/screen/screen_check.h"

#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/headless_terminal.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

bool ScreenCheck::Check(const ScreenView& screen, std::string* explanation) const {
  std::string why;
  bool holds = false;
  if (!screen.readable()) {
    why = std::string(screen.status().message());
  } else if (check_) {
    holds = check_(screen, &why);
  } else {
    why = "the check has no function";
  }
  if (explanation != nullptr) *explanation = std::move(why);
  return holds;
}

std::string DescribeScreenForMessage(const ScreenView& screen) {
  absl::StatusOr<Frame> frame = CaptureFrame(screen);
  if (!frame.ok()) return absl::StrCat("the screen cannot be read: ", frame.status().message());
  return absl::StrCat("the screen (", frame->cols, "x", frame->rows, "):\n", FramedRows(*frame));
}

std::string ExplainLastCheck(bool checked, absl::string_view explanation,
                             const ScreenView& screen) {
  std::string out;
  if (!checked) {
    absl::StrAppend(&out, "never checked: no screen between synchronized frames was seen");
    if (!explanation.empty()) absl::StrAppend(&out, " (", explanation, ")");
  } else {
    absl::StrAppend(
        &out, "the last screen checked: ",
        explanation.empty() ? absl::string_view("(the check explains nothing)") : explanation);
  }
  absl::StrAppend(&out, "\n", DescribeScreenForMessage(screen));
  return out;
}

namespace {

// One check of a HeadlessTerminal between frames, remembering the screen it ran on.
struct HeadlessCheck {
  bool checked = false;
  std::string explanation;
  std::optional<Frame> last;  // the last screen checked (a live view would change under steps)

  // Whether `check` holds now; false without a check inside an open frame.
  bool Run(const HeadlessTerminal& terminal, const ScreenCheck& check) {
    const ScreenView view(terminal);
    if (!view.readable()) return false;
    checked = true;
    const bool holds = check.Check(view, &explanation);
    absl::StatusOr<Frame> frame = CaptureFrame(view);
    if (frame.ok()) last = *std::move(frame);
    return holds;
  }

  std::string Explain(const HeadlessTerminal& terminal) const {
    if (checked && last.has_value()) return ExplainLastCheck(true, explanation, ScreenView(*last));
    return ExplainLastCheck(false, "", ScreenView(terminal));
  }
};

}  // namespace

absl::Status CheckNow(const HeadlessTerminal& terminal, const ScreenCheck& check) {
  if (absl::Status frame = terminal.FrameStatus(); !frame.ok()) {
    return absl::FailedPreconditionError(absl::StrCat("the screen was not checked for ",
                                                      check.description(), ": ", frame.message()));
  }
  HeadlessCheck now;
  if (now.Run(terminal, check)) return absl::OkStatus();
  if (!now.checked) {
    return absl::FailedPreconditionError(absl::StrCat("the screen was not checked for ",
                                                      check.description(), ": ",
                                                      terminal.ReadableStatus().message()));
  }
  return absl::FailedPreconditionError(absl::StrCat(
      "the screen does not match: ", check.description(), "\n", now.Explain(terminal)));
}

absl::Status StepUntil(const HeadlessTerminal& terminal, const ScreenCheck& check, int max_steps,
                       const std::function<absl::Status()>& step) {
  if (max_steps < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("StepUntil needs max_steps >= 0, not ", max_steps));
  }
  HeadlessCheck state;
  if (state.Run(terminal, check)) return absl::OkStatus();
  for (int i = 1; i <= max_steps; ++i) {
    if (absl::Status s = step(); !s.ok()) {
      return absl::Status(s.code(), absl::StrCat("step ", i, ": ", s.message()));
    }
    if (state.Run(terminal, check)) return absl::OkStatus();
  }
  std::string first = absl::StrCat("the screen did not match after ", max_steps,
                                   max_steps == 1 ? " step: " : " steps: ", check.description());
  if (absl::Status frame = terminal.FrameStatus(); !frame.ok()) {
    absl::StrAppend(&first, " (", frame.message(), ")");
  }
  return absl::DeadlineExceededError(absl::StrCat(first, "\n", state.Explain(terminal)));
}

}  // namespace vtsnap
