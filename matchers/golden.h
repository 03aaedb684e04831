// EqualsGolden: the GoogleTest matcher that compares a screen with its golden dump file.
//
// The golden lives beside the test source, at
// `<directory of the test source>/goldens/<test source file stem>/<name>.dump`. A missing or
// different golden fails with the golden's path, a cell-and-style diff, the path of the actual
// dump written for review (`<golden>.actual`) and the command that updates it. With
// `UPDATE_GOLDENS=1` missing and mismatched goldens are written and the assertion passes
// (docs/goldens.md has every rule: update modes, CI, inventories, redactions).
// `testing::Not(vtsnap::EqualsGolden(...))` never writes (golden_matcher.h).
//
//   TEST(Home, ShowsTheMenu) {
//     vtsnap::VirtualTerminal vt({.cols = 80, .rows = 24});
//     vt.Write(app_output);
//     EXPECT_THAT(vt, vtsnap::EqualsGolden("home"));  // goldens/home_test/home.dump
//     EXPECT_THAT(vt, vtsnap::EqualsGolden());  // goldens/home_test/Home.ShowsTheMenu.dump
//   }
#ifndef VTSNAP_MATCHERS_GOLDEN_H_
#define VTSNAP_MATCHERS_GOLDEN_H_

#include <ostream>
#include <string>
#include <utility>

#include "gmock/gmock.h"
#include "vtsnap/matchers/golden_matcher.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/redact.h"
#include "vtsnap/snapshot/screen/screen_view.h"

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
  // compared and written, as a frame of its own (CropFrame, snapshot/screen/frame.h), so a widget's
  // test pins its own area and a change elsewhere does not touch its golden. Redactions apply to
  // the whole screen first. All zero (the default): the whole screen. A region that is empty or not
  // inside the screen fails the assertion.
  //   EXPECT_THAT(vt, EqualsGolden("status_bar", {.region = {0, 23, 80, 1}}));
  Region region = {};
};

namespace golden_kind {
// The screen golden (golden_matcher.h has what a kind is): any screen
// (snapshot/screen/screen_view.h), a VirtualTerminal, a Terminal, a Frame, a HeadlessTerminal (its
// decoded display; one that cannot be read, inside a synchronized frame or invalidated by the
// presenter profile, fails with the reason) or a PtySession (its screen now; inside an open
// synchronized frame it fails with the reason), as a `.dump` or `.scene` golden.
struct Screen {
  using Options = GoldenOptions;
  static void Describe(const GoldenAssertion<Options>& a, bool negation, std::ostream* os);
  static bool Match(const GoldenAssertion<Options>& a, const ScreenView& screen,
                    ::testing::MatchResultListener* listener);
};
}  // namespace golden_kind

// The gmock matcher EqualsGolden returns; ReadOnly() is a copy that never writes.
using GoldenMatcher = BasicGoldenMatcher<golden_kind::Screen>;

namespace matchers_internal {
// The running test's name as a golden name (golden.cc).
std::string GoldenNameFromTest();
}  // namespace matchers_internal

// Matches when the screen equals the golden `name` (one or more '/'-separated segments of
// [A-Za-z0-9._-]; "..", absolute paths and empty segments are refused).
inline GoldenMatcher EqualsGolden(std::string name, GoldenOptions options = {}) {
  return GoldenMatcher(std::move(name), std::move(options));
}

// The golden named after the running test: `<Suite>.<Name>` (a parameterized test's '/' written
// as '.': `Prefix.Suite.Name.0`), the test's second and later unnamed goldens `<Suite>.<Name>.2`,
// `.3`... in the order their matchers are made. Made outside a test, it fails when checked.
//   EXPECT_THAT(vt, vtsnap::EqualsGolden());  // goldens/menu_test/Menu.Opens.dump
inline GoldenMatcher EqualsGolden(GoldenOptions options = {}) {
  return GoldenMatcher(matchers_internal::GoldenNameFromTest(), std::move(options));
}

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_GOLDEN_H_
