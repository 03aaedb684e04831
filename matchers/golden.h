// EqualsGolden: the GoogleTest matcher that compares a screen with its golden dump file.
//
// The golden lives beside the test source, at
// `<directory of the test source>/goldens/<test source file stem>/<name>.dump`. A missing or
// different golden fails with the golden's path, a cell-and-style diff, the path of the actual
// dump written for review (`<golden>.actual`) and the command that updates it. With
// `UPDATE_GOLDENS=1` missing and mismatched goldens are written and the assertion passes
// (docs/goldens.md has every rule: update modes, CI, inventories, redactions).
//
//   TEST(Home, ShowsTheMenu) {
//     vtsnap::VirtualTerminal vt({.cols = 80, .rows = 24});
//     vt.Write(app_output);
//     EXPECT_THAT(vt, vtsnap::EqualsGolden("home"));  // goldens/home_test/home.dump
//   }
#ifndef VTSNAP_MATCHERS_GOLDEN_H_
#define VTSNAP_MATCHERS_GOLDEN_H_

#include <concepts>
#include <memory>
#include <ostream>
#include <string>

#include "gmock/gmock.h"
#include "vtsnap/snapshot/frame.h"
#include "vtsnap/snapshot/redact.h"
#include "vtsnap/snapshot/screen_view.h"

namespace vtsnap {

struct GoldenOptions {
  // Replaces "the directory of the test source" for this assertion (the golden is then
  // `<root>/goldens/<test file stem>/<name>.dump`). Empty: the environment variable
  // VTSNAP_GOLDEN_ROOT when set (a per-binary override), else the test source's directory.
  std::string root = {};
  // Masks applied to the actual screen before comparing and before writing.
  Redactions redactions = {};
  // ".dump" (a screen) or ".scene" (a composed frame with its compositor's raster records, the
  // symbolic half of a paired raster script); both hold a ckvision-golden 1 dump.
  std::string extension = ".dump";
  // A region golden: only this rectangle of the screen ({col, row, cols, rows}, 0-based) is
  // compared and written, as a frame of its own (CropFrame, snapshot/frame.h), so a widget's test
  // pins its own area and a change elsewhere does not touch its golden. Redactions apply to the
  // whole screen first. All zero (the default): the whole screen. A region that is empty or not
  // inside the screen fails the assertion.
  //   EXPECT_THAT(vt, EqualsGolden("status_bar", {.region = {0, 23, 80, 1}}));
  Region region = {};
};

// The gmock matcher EqualsGolden returns. It matches any screen (snapshot/screen_view.h): a
// VirtualTerminal, a Terminal, a Frame, a HeadlessTerminal (its decoded display; one that cannot be
// read, inside a synchronized frame or invalidated by the presenter profile, fails with the reason)
// or a PtySession (its screen now; inside an open synchronized frame it fails with the reason).
class GoldenMatcher {
 public:
  // Marks a golden matcher: gmock's Not negates its ReadOnly() copy (below).
  using IsVtsnapGoldenMatcher = void;

  GoldenMatcher(std::string name, GoldenOptions options);

  // gmock's polymorphic-matcher protocol: converts to Matcher<T> for every T a ScreenView is made
  // of.
  template <typename T>
  operator ::testing::Matcher<T>() const;  // NOLINT(google-explicit-constructor)

  bool Match(const ScreenView& screen, ::testing::MatchResultListener* listener) const;
  void DescribeTo(std::ostream* os) const;
  void DescribeNegationTo(std::ostream* os) const;

  // A negated golden matcher (testing::Not(EqualsGolden(...))) never writes a golden or an
  // .actual file; gmock's Not is specialized below to ask for this copy.
  GoldenMatcher ReadOnly() const {
    GoldenMatcher m = *this;
    m.read_only_ = true;
    return m;
  }

 private:
  std::string name_;
  std::shared_ptr<const GoldenOptions> options_;
  bool read_only_ = false;
};

namespace golden_internal {

// The gmock side of a golden matcher M of screens (EqualsGolden, EqualsSemanticGolden): a
// Matcher<T> for every T a ScreenView is made of, calling M::Match.
template <typename M, typename T>
class ScreenGoldenMatcherImpl : public ::testing::MatcherInterface<T> {
 public:
  explicit ScreenGoldenMatcherImpl(const M& m) : m_(m) {}
  bool MatchAndExplain(T x, ::testing::MatchResultListener* listener) const override {
    return m_.Match(ScreenView(x), listener);
  }
  void DescribeTo(std::ostream* os) const override { m_.DescribeTo(os); }
  void DescribeNegationTo(std::ostream* os) const override { m_.DescribeNegationTo(os); }

 private:
  M m_;
};

// A golden matcher: it declares IsVtsnapGoldenMatcher and has a ReadOnly() copy.
template <typename M>
concept GoldenMatcherType = requires(const M& m) {
  typename M::IsVtsnapGoldenMatcher;
  { m.ReadOnly() } -> std::same_as<M>;
};

}  // namespace golden_internal

template <typename T>
GoldenMatcher::operator ::testing::Matcher<T>() const {
  return ::testing::Matcher<T>(
      new golden_internal::ScreenGoldenMatcherImpl<GoldenMatcher, T>(*this));
}

// Matches when the screen equals the golden `name` (one or more '/'-separated segments of
// [A-Za-z0-9._-]; "..", absolute paths and empty segments are refused).
GoldenMatcher EqualsGolden(std::string name, GoldenOptions options = {});

}  // namespace vtsnap

namespace testing::internal {

// Not(EqualsGolden(...)) must never write: this specialization of gmock's Not negates a read-only
// copy of any golden matcher (EqualsGolden, EqualsSemanticGolden, EqualsRgbaGolden). (Only direct
// negation is recognized; see docs/goldens.md.)
template <typename M>
requires vtsnap::golden_internal::GoldenMatcherType<M>
class NotMatcher<M> {
 public:
  explicit NotMatcher(M matcher) : matcher_(matcher.ReadOnly()) {}

  template <typename T>
  operator Matcher<T>() const {  // NOLINT(google-explicit-constructor)
    return Matcher<T>(new NotMatcherImpl<T>(SafeMatcherCast<T>(matcher_)));
  }

 private:
  M matcher_;
};

}  // namespace testing::internal

#endif  // VTSNAP_MATCHERS_GOLDEN_H_
