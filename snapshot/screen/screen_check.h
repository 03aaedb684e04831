// ScreenCheck: a condition on a screen, with its description and, when it does not hold, its
// explanation, without GoogleTest. It is what the waits on any condition a matcher can say are
// built on: PtySession::WaitFor (pty/pty_session.h) waits for one, and the matchers layer turns
// any GoogleMock matcher of `const ScreenView&` into one (AsScreenCheck, matchers/wait.h), so the
// layers below the matchers (the decoder, the snapshot rooms, the PTY runner, the command) never
// link GoogleTest. A check is only ever run on a readable screen: on an unreadable one (inside a
// synchronized frame) Check is false with the reason, without calling the function.
//
// For a HeadlessTerminal, which the app writes into synchronously (nothing to wait on), CheckNow
// checks between frames now and StepUntil drives a step function until the check holds, both with
// the message a PtySession wait gives on a timeout (matchers/wait.h has their matcher forms).
//
//   vtsnap::ScreenCheck file_menu(
//       "row 0 starts with \"File\"", [](const vtsnap::ScreenView& screen, std::string* why) {
//         *why = "row 0 is \"" + screen.RowText(0) + "\"";
//         return screen.RowText(0).starts_with("File");
//       });
//   vtsnap::HeadlessTerminal term(vtsnap::HeadlessProfile::Xterm(9, 2));
//   term.Write("Edit");
//   absl::Status now = vtsnap::CheckNow(term, file_menu);  // FailedPrecondition: row 0 is
//   "Edit..." int drawn = 0; absl::Status later = vtsnap::StepUntil(term, file_menu,
//   /*max_steps=*/3, [&] {
//     term.Write(++drawn == 2 ? "\rFile Edit" : "");  // the app's second frame shows the menu
//     return absl::OkStatus();
//   });  // OK after 2 steps
#ifndef VTSNAP_SNAPSHOT_SCREEN_SCREEN_CHECK_H_
#define VTSNAP_SNAPSHOT_SCREEN_SCREEN_CHECK_H_

#include <functional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/headless_terminal.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

class ScreenCheck {
 public:
  // Whether `screen` (always readable) satisfies the condition; `explanation` (never null, empty
  // on entry) says what the screen shows instead, or why it matches.
  using Function = std::function<bool(const ScreenView& screen, std::string* explanation)>;

  // `description` says what holds when the check passes: "the style of cell (0, 1) is bold".
  ScreenCheck(std::string description, Function check)
      : description_(std::move(description)), check_(std::move(check)) {}

  const std::string& description() const { return description_; }
  // Runs the check on `screen`; `explanation` (may be null) receives its explanation, or, for an
  // unreadable screen, why it cannot be read (the check is not run: false).
  bool Check(const ScreenView& screen, std::string* explanation) const;

 private:
  std::string description_;
  Function check_;
};

// A ScreenCheck waits as itself (PtySession::WaitFor(check) is WaitForCheck(check)).
inline const ScreenCheck& AsScreenCheck(const ScreenCheck& check, const ScreenView*) {
  return check;
}

namespace screen_check_internal {
template <typename T>
inline constexpr bool kNoMatchersAdapter = false;
}  // namespace screen_check_internal

// What a wait on a matcher finds when no better AsScreenCheck is declared: the matchers layer's
// (matchers/wait.h) takes `const ScreenView*` exactly and wins whenever it is included and the
// matcher is one of `const ScreenView&`. This one only says so when the program is compiled.
template <typename Matcher>
ScreenCheck AsScreenCheck(const Matcher&, const void*) {
  static_assert(screen_check_internal::kNoMatchersAdapter<Matcher>,
                "vtsnap: PtySession::WaitFor(matcher) needs a GoogleMock matcher of `const "
                "vtsnap::ScreenView&` and #include \"vtsnap/matchers/wait.h\" "
                "(vtsnap/matchers/matchers.h includes it; link vtsnap::gtest)");
  return ScreenCheck("", nullptr);
}

// "the screen (COLSxROWS):\n" and its framed rows (FramedRows), or "the screen cannot be read:
// WHY": the picture every wait's failure shows.
std::string DescribeScreenForMessage(const ScreenView& screen);

// The part of a failed wait's message after its first line: "the last screen checked: WHY\n" and
// that screen described (DescribeScreenForMessage); `checked` false: the check never ran (every
// screen seen was unreadable), and `screen` is the one seen last.
std::string ExplainLastCheck(bool checked, absl::string_view explanation, const ScreenView& screen);

// `check` on the HeadlessTerminal's screen now: OK when it holds; FailedPrecondition when a
// synchronized frame is open (FrameStatus's message) or the screen cannot be read, or when the
// check does not hold: "the screen does not match: DESCRIPTION" then ExplainLastCheck.
[[nodiscard]] absl::Status CheckNow(const HeadlessTerminal& terminal, const ScreenCheck& check);

// Checks `check` between frames, first as the screen is, then after each call of `step` (the test
// drives the app: a tick, a key read, a timer fired) up to `max_steps` calls; returns OK as soon
// as it holds. A screen inside an open synchronized frame is not checked. An error from `step` is
// returned at once, prefixed "step N: ". After `max_steps` steps without a match:
// DeadlineExceeded "the screen did not match after N steps: DESCRIPTION" then ExplainLastCheck
// (and the open frame, when one is open). InvalidArgument for a negative `max_steps`.
[[nodiscard]] absl::Status StepUntil(const HeadlessTerminal& terminal, const ScreenCheck& check,
                                     int max_steps, const std::function<absl::Status()>& step);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_SCREEN_SCREEN_CHECK_H_
