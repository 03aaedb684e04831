// Waiting for anything a matcher can say: any GoogleMock matcher of `const ScreenView&` as a
// ScreenCheck (snapshot/screen/screen_check.h), the gmock-free condition the waits take.
//
// PtySession::WaitFor(matcher) (pty/pty_session.h) finds AsScreenCheck here by argument-dependent
// lookup, so the PTY layer never links GoogleTest: include this header (matchers.h includes it)
// where the matcher is used. For a HeadlessTerminal, which its app writes into synchronously,
// CheckNow(terminal, matcher) checks between frames now and StepUntil(terminal, matcher, n, step)
// drives the app step by step until the matcher holds; both fail with the message a PtySession
// wait gives (the description, the explanation on the last screen checked, that screen).
//
// While a wait checks a matcher, every golden matcher in it only reads (even nested in AllOf):
// a screen on its way to the awaited one never writes a golden or an .actual file.
//
//   vtsnap::PtySession session(options);
//   const std::string script = "printf 'ready'; read x; printf '\\033[H\\033[1mr'";
//   ASSERT_TRUE(session.Start({"/bin/sh", "-c", script}).ok());
//   ASSERT_TRUE(session.WaitForText("ready").ok());
//   ASSERT_TRUE(session.SendKeys("enter").ok());
//   absl::Status bold = session.WaitFor(
//       vtsnap::CellStyleIs(0, 0, testing::Field(&vtsnap::Style::bold, true)));  // OK
//
//   vtsnap::HeadlessTerminal term(vtsnap::HeadlessProfile::Xterm(20, 3));
//   int ticks = 0;
//   absl::Status shown = vtsnap::StepUntil(term, vtsnap::RowTextIs(0, testing::StartsWith("3")),
//                                          /*max_steps=*/5, [&] {
//                                            term.Write(absl::StrCat("\r", ++ticks));
//                                            return absl::OkStatus();
//                                          });  // OK after 3 steps
#ifndef VTSNAP_MATCHERS_WAIT_H_
#define VTSNAP_MATCHERS_WAIT_H_

#include <functional>
#include <ostream>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "vtsnap/decoder/headless_terminal.h"
#include "vtsnap/matchers/golden_matcher.h"
#include "vtsnap/snapshot/screen/screen_check.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

namespace matchers_internal {

// A matcher of the screen, as the waits take it.
template <typename M>
concept ScreenMatcherLike = std::is_convertible_v<const M&, ::testing::Matcher<const ScreenView&>>;

// Sets GoldensReadOnlyOnThisThread for its lifetime (restoring what it was).
class ScopedGoldensReadOnly {
 public:
  ScopedGoldensReadOnly() : before_(GoldensReadOnlyOnThisThread()) {
    GoldensReadOnlyOnThisThread() = true;
  }
  ~ScopedGoldensReadOnly() { GoldensReadOnlyOnThisThread() = before_; }
  ScopedGoldensReadOnly(const ScopedGoldensReadOnly&) = delete;
  ScopedGoldensReadOnly& operator=(const ScopedGoldensReadOnly&) = delete;

 private:
  bool before_;
};

inline ScreenCheck CheckOfMatcher(::testing::Matcher<const ScreenView&> matcher) {
  std::ostringstream description;
  {
    ScopedGoldensReadOnly read_only;
    matcher.DescribeTo(&description);
  }
  return ScreenCheck(description.str(),
                     [matcher = std::move(matcher)](const ScreenView& screen, std::string* why) {
                       ScopedGoldensReadOnly read_only;
                       ::testing::StringMatchResultListener listener;
                       const bool holds = matcher.MatchAndExplain(screen, &listener);
                       *why = listener.str();
                       return holds;
                     });
}

}  // namespace matchers_internal

// `matcher` as a ScreenCheck: its description, and MatchAndExplain's explanation. A writable
// golden matcher is checked as its ReadOnly() copy; any golden inside another matcher only reads
// while the check runs. The pointer is never read: it makes namespace vtsnap an associated
// namespace of the call, so a template (PtySession::WaitFor) finds this overload where it is
// instantiated, whatever namespace the matcher's type is in.
template <typename M>
requires matchers_internal::ScreenMatcherLike<M> ScreenCheck AsScreenCheck(const M& matcher,
                                                                           const ScreenView*) {
  if constexpr (WritableGoldenMatcher<M>) {
    return matchers_internal::CheckOfMatcher(matcher.ReadOnly());
  } else {
    return matchers_internal::CheckOfMatcher(matcher);
  }
}

// `matcher` on the HeadlessTerminal's screen now (snapshot/screen/screen_check.h, CheckNow): OK,
// or FailedPrecondition inside an open synchronized frame or when it does not match, with the
// description, the explanation and the screen.
template <typename M>
requires matchers_internal::ScreenMatcherLike<M>
[[nodiscard]] absl::Status CheckNow(const HeadlessTerminal& terminal, const M& matcher) {
  return CheckNow(terminal, AsScreenCheck(matcher, static_cast<const ScreenView*>(nullptr)));
}

// Checks `matcher` between frames as the screen is, then after each call of `step` (up to
// `max_steps`), until it matches (snapshot/screen/screen_check.h, StepUntil). `step` returns
// absl::Status (an error stops at once) or nothing.
template <typename M, typename Step>
requires matchers_internal::ScreenMatcherLike<M>
[[nodiscard]] absl::Status StepUntil(const HeadlessTerminal& terminal, const M& matcher,
                                     int max_steps, Step&& step) {
  return StepUntil(terminal, AsScreenCheck(matcher, static_cast<const ScreenView*>(nullptr)),
                   max_steps, std::function<absl::Status()>([&step]() -> absl::Status {
                     if constexpr (std::is_void_v<std::invoke_result_t<Step&>>) {
                       step();
                       return absl::OkStatus();
                     } else {
                       return step();
                     }
                   }));
}

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_WAIT_H_
