// Small matchers for direct assertions on a screen: the cursor, a row's text, a cell's style and a
// cell's hyperlink. Each matches a VirtualTerminal, a Terminal, a Frame, a HeadlessTerminal or a
// PtySession, takes inner gmock matchers where a value is compared, and composes with Not, AllOf
// and the rest.
//
//   EXPECT_THAT(vt, vtsnap::CursorAt(3, 1));
//   EXPECT_THAT(vt, vtsnap::RowText(0, testing::StartsWith("File")));
//   EXPECT_THAT(vt, vtsnap::CellStyle(0, 0, testing::Field(&vtsnap::Style::bold, true)));
//   EXPECT_THAT(vt, vtsnap::CellLink(4, 2, "https://example.com/"));
#ifndef VTSNAP_MATCHERS_SCREEN_H_
#define VTSNAP_MATCHERS_SCREEN_H_

#include <functional>
#include <memory>
#include <ostream>
#include <string>

#include "vtsnap/decoder/headless_terminal.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "gmock/gmock.h"
#include "vtsnap/pty/pty_session.h"
#include "vtsnap/snapshot/capture.h"
#include "vtsnap/snapshot/frame.h"

namespace vtsnap {

// Readable printing of screens in gtest messages: each row between '|' delimiters, then the
// cursor.
void PrintTo(const Frame& frame, std::ostream* os);
void PrintTo(const Terminal& terminal, std::ostream* os);
void PrintTo(const VirtualTerminal& vt, std::ostream* os);
// The decoded display, or why it cannot be read now (docs/scripts.md).
void PrintTo(const HeadlessTerminal& terminal, std::ostream* os);
// The program's screen now, or why it cannot be read (an open synchronized frame).
void PrintTo(const PtySession& session, std::ostream* os);
// A style in the golden's vocabulary: "fg @1 bg default attrs bold".
void PrintTo(const Style& style, std::ostream* os);
void PrintTo(const Color& color, std::ostream* os);

namespace screen_internal {

// The frame a screen matcher looks at, or false with why there is none.
inline bool ToFrame(const Frame& f, Frame* out, std::string*) {
  *out = f;
  return true;
}
inline bool ToFrame(const Terminal& t, Frame* out, std::string*) {
  *out = CaptureFrame(t);
  return true;
}
inline bool ToFrame(const VirtualTerminal& vt, Frame* out, std::string*) {
  *out = CaptureFrame(vt);
  return true;
}
inline bool ToFrame(const HeadlessTerminal& t, Frame* out, std::string* why) {
  absl::StatusOr<Frame> display = CaptureDisplay(t);
  if (!display.ok()) {
    *why = std::string(display.status().message());
    return false;
  }
  *out = *std::move(display);
  return true;
}

inline bool ToFrame(const PtySession& session, Frame* out, std::string* why) {
  absl::StatusOr<Frame> screen = session.Capture();
  if (!screen.ok()) {
    *why = std::string(screen.status().message());
    return false;
  }
  *out = *std::move(screen);
  return true;
}

// A property of the captured frame (`extract` fills *value, or explains in *why that it has
// none) compared with an inner matcher.
template <typename Value>
class FramePropertyMatcher {
 public:
  using Extract = std::function<bool(const Frame&, Value*, std::string*)>;
  FramePropertyMatcher(std::string what, Extract extract, ::testing::Matcher<Value> inner)
      : what_(std::make_shared<const std::string>(std::move(what))),
        extract_(std::move(extract)),
        inner_(std::move(inner)) {}

  template <typename T>
  operator ::testing::Matcher<T>() const {  // NOLINT(google-explicit-constructor)
    return ::testing::Matcher<T>(new Impl<T>(*this));
  }

 private:
  template <typename T>
  class Impl : public ::testing::MatcherInterface<T> {
   public:
    explicit Impl(const FramePropertyMatcher& m) : m_(m) {}
    bool MatchAndExplain(T x, ::testing::MatchResultListener* listener) const override {
      Value value{};
      std::string why;
      Frame frame;
      if (!ToFrame(x, &frame, &why) || !m_.extract_(frame, &value, &why)) {
        *listener << why;
        return false;
      }
      *listener << *m_.what_ << " is " << ::testing::PrintToString(value);
      ::testing::StringMatchResultListener inner;
      const bool ok = m_.inner_.MatchAndExplain(value, &inner);
      if (!inner.str().empty()) *listener << ", " << inner.str();
      return ok;
    }
    void DescribeTo(std::ostream* os) const override {
      *os << *m_.what_ << " ";
      m_.inner_.DescribeTo(os);
    }
    void DescribeNegationTo(std::ostream* os) const override {
      *os << *m_.what_ << " ";
      m_.inner_.DescribeNegationTo(os);
    }

   private:
    FramePropertyMatcher m_;
  };

  std::shared_ptr<const std::string> what_;
  Extract extract_;
  ::testing::Matcher<Value> inner_;
};

}  // namespace screen_internal

// The cursor is visible at (col, row), 0-based.
screen_internal::FramePropertyMatcher<std::string> CursorAt(int col, int row);
// The cursor is hidden (DECTCEM off) / visible.
screen_internal::FramePropertyMatcher<bool> CursorVisible(::testing::Matcher<bool> visible);
inline auto CursorHidden() { return CursorVisible(false); }
// Row `row`'s text (each grapheme once, trailing spaces trimmed) matches `text`.
screen_internal::FramePropertyMatcher<std::string> RowText(int row,
                                                           ::testing::Matcher<std::string> text);
// The style of cell (col, row) matches `style` (a Style, or e.g. Field(&Style::bold, true)).
screen_internal::FramePropertyMatcher<Style> CellStyle(int col, int row,
                                                       ::testing::Matcher<Style> style);
// The hyperlink target of cell (col, row) ("" when the cell is not part of a link) matches.
screen_internal::FramePropertyMatcher<std::string> CellLink(int col, int row,
                                                            ::testing::Matcher<std::string> target);

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_SCREEN_H_
