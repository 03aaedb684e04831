// EqualsRgbaGolden: the GoogleTest matcher that compares a decoded pixel plane with its
// `ckvision-rgba 1` golden (docs/rgba.md), `<name>.rgba` beside the test's other goldens.
//
// It follows every rule of EqualsGolden (docs/goldens.md): the folder, UPDATE_GOLDENS, the
// `.actual` file written for review, the claim the closed inventory checks. A mismatch is reported
// as the size difference, or the count and bounding box of the differing pixels, never as bytes.
//
//   vtsnap::HeadlessTerminal term(vtsnap::HeadlessProfile::PresenterSixel(20, 4));
//   app.Step();
//   EXPECT_THAT(term, vtsnap::EqualsRgbaGolden("picture"));  // goldens/<stem>/picture.rgba
#ifndef VTSNAP_MATCHERS_PLANE_H_
#define VTSNAP_MATCHERS_PLANE_H_

#include <memory>
#include <ostream>
#include <string>

#include "gmock/gmock.h"
#include "vtsnap/matchers/golden.h"
#include "vtsnap/snapshot/rgba.h"
#include "vtsnap/snapshot/screen_view.h"

namespace vtsnap {

// The matcher EqualsRgbaGolden returns: it matches an RgbaPlane or any screen with a plane (a
// terminal's, a HeadlessTerminal's or a Sixel PtySession's; a screen that cannot be read, or a
// Frame, fails with the reason). GoldenOptions::root applies; redactions and extension do not.
class RgbaGoldenMatcher {
 public:
  // gmock's Not negates the ReadOnly() copy (matchers/golden.h).
  using IsVtsnapGoldenMatcher = void;

  RgbaGoldenMatcher(std::string name, GoldenOptions options);

  template <typename T>
  operator ::testing::Matcher<T>() const;  // NOLINT(google-explicit-constructor)

  bool Match(const RgbaPlane& plane, ::testing::MatchResultListener* listener) const;
  bool Match(const ScreenView& screen, ::testing::MatchResultListener* listener) const;
  void DescribeTo(std::ostream* os) const;
  void DescribeNegationTo(std::ostream* os) const;

  // A copy that never writes the golden or an .actual file.
  RgbaGoldenMatcher ReadOnly() const {
    RgbaGoldenMatcher m = *this;
    m.read_only_ = true;
    return m;
  }

 private:
  std::string name_;
  std::shared_ptr<const GoldenOptions> options_;
  bool read_only_ = false;
};

namespace plane_internal {

template <typename T>
class Impl : public ::testing::MatcherInterface<T> {
 public:
  explicit Impl(const RgbaGoldenMatcher& m) : m_(m) {}
  bool MatchAndExplain(T x, ::testing::MatchResultListener* listener) const override {
    return m_.Match(x, listener);
  }
  void DescribeTo(std::ostream* os) const override { m_.DescribeTo(os); }
  void DescribeNegationTo(std::ostream* os) const override { m_.DescribeNegationTo(os); }

 private:
  RgbaGoldenMatcher m_;
};

}  // namespace plane_internal

template <typename T>
RgbaGoldenMatcher::operator ::testing::Matcher<T>() const {
  return ::testing::Matcher<T>(new plane_internal::Impl<T>(*this));
}

// Matches when the plane equals the golden `<name>.rgba` (names as for EqualsGolden).
RgbaGoldenMatcher EqualsRgbaGolden(std::string name, GoldenOptions options = {});

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_PLANE_H_
