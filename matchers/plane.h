// EqualsRgbaGolden: the GoogleTest matcher that compares a decoded pixel plane with its
// `ckvision-rgba 1` golden (docs/rgba.md), `<name>.rgba` beside the test's other goldens.
//
// It follows every rule of EqualsGolden (docs/goldens.md): the folder, UPDATE_GOLDENS, the
// `.actual` file written for review, the claim the closed inventory checks, a negation that never
// writes. A mismatch is reported as the size difference, or the count and bounding box of the
// differing pixels, never as bytes.
//
//   vtsnap::HeadlessTerminal term(vtsnap::HeadlessProfile::PresenterSixel(20, 4));
//   app.Step();
//   EXPECT_THAT(term, vtsnap::EqualsRgbaGolden("picture"));  // goldens/<stem>/picture.rgba
#ifndef VTSNAP_MATCHERS_PLANE_H_
#define VTSNAP_MATCHERS_PLANE_H_

#include <ostream>
#include <string>
#include <utility>

#include "gmock/gmock.h"
#include "vtsnap/matchers/golden.h"
#include "vtsnap/matchers/golden_matcher.h"
#include "vtsnap/snapshot/screen/rgba.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

namespace golden_kind {
// The RGBA plane golden (golden_matcher.h has what a kind is): an RgbaPlane, or any screen with a
// plane (a terminal's, a HeadlessTerminal's or a Sixel PtySession's; a screen that cannot be
// read, or a Frame, fails with the reason). GoldenOptions::root applies; redactions, extension
// and region do not.
struct Rgba {
  using Options = GoldenOptions;
  static void Describe(const GoldenAssertion<Options>& a, bool negation, std::ostream* os);
  static bool Match(const GoldenAssertion<Options>& a, const RgbaPlane& plane,
                    ::testing::MatchResultListener* listener);
  static bool Match(const GoldenAssertion<Options>& a, const ScreenView& screen,
                    ::testing::MatchResultListener* listener);
};
}  // namespace golden_kind

// The matcher EqualsRgbaGolden returns; ReadOnly() is a copy that never writes.
using RgbaGoldenMatcher = BasicGoldenMatcher<golden_kind::Rgba>;

// Matches when the plane equals the golden `<name>.rgba` (names as for EqualsGolden).
inline RgbaGoldenMatcher EqualsRgbaGolden(std::string name, GoldenOptions options = {}) {
  return RgbaGoldenMatcher(std::move(name), std::move(options));
}

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_PLANE_H_
