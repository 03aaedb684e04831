// EqualsCaptureGolden: the GoogleTest matcher that compares a pito-tui capture (an app walked over
// its screens and scripts at several sizes, snapshot/golden/pito_recorder.h) with its capture
// golden, a capture folder beside the test (snapshot/golden/pito_capture_golden.h, docs/pito.md).
//
// Every rule of EqualsGolden holds, frame by frame (docs/goldens.md): the golden is the folder
// `<directory of the test source>/goldens/<test source file stem>/<name>.capture`, one
// `pito-tui frame 1` file per scenario and size (`00-home/80x24`); a missing or different frame
// fails, reported as the spec's Differences (`00-home 80x24 0,0: "X" Reset Reset NONE → ...`,
// `about 40x12: +`, `gone 80x24: -`), with the actual capture written to `<name>.capture.actual`
// and the command that accepts it; `UPDATE_GOLDENS=1` (or `new`) writes the frames; CI refuses to;
// a frame the golden holds and the capture does not fails with the `rm` command (vtsnap deletes no
// golden); the closed inventories see every frame file, so a scenario folder nothing records any
// more is an orphan; `Not(EqualsCaptureGolden(...))` never writes.
//
//   TEST(Walk, EveryScreenAtEverySize) {
//     absl::StatusOr<vtsnap::pito::Recorder> recorder = vtsnap::pito::Recorder::InMemory();
//     ASSERT_TRUE(recorder.ok());
//     ASSERT_TRUE(recorder->RecordScreen(0, "Home", draw_home).ok());
//     EXPECT_THAT(*recorder, vtsnap::EqualsCaptureGolden("walk"));
//     // goldens/walk_test/walk.capture/00-home/{40x12,80x24,120x34,200x60}
//   }
#ifndef VTSNAP_MATCHERS_CAPTURE_GOLDEN_H_
#define VTSNAP_MATCHERS_CAPTURE_GOLDEN_H_

#include <ostream>
#include <string>
#include <utility>

#include "gmock/gmock.h"
#include "vtsnap/matchers/golden.h"
#include "vtsnap/matchers/golden_matcher.h"
#include "vtsnap/snapshot/formats/pito_capture.h"
#include "vtsnap/snapshot/golden/pito_recorder.h"

namespace vtsnap {

struct CaptureGoldenOptions {
  // As GoldenOptions::root: replaces the test source's directory (else $VTSNAP_GOLDEN_ROOT, else
  // the test source's directory).
  std::string root = {};
};

namespace golden_kind {
// The capture golden (golden_matcher.h has what a kind is): a pito::Capture, or a pito::Recorder
// (its capture()).
struct Capture {
  using Options = CaptureGoldenOptions;
  static void Describe(const GoldenAssertion<Options>& a, bool negation, std::ostream* os);
  static bool Match(const GoldenAssertion<Options>& a, const pito::Capture& capture,
                    ::testing::MatchResultListener* listener);
  static bool Match(const GoldenAssertion<Options>& a, const pito::Recorder& recorder,
                    ::testing::MatchResultListener* listener) {
    return Match(a, recorder.capture(), listener);
  }
};
}  // namespace golden_kind

// The gmock matcher EqualsCaptureGolden returns; ReadOnly() is a copy that never writes.
using CaptureGoldenMatcher = BasicGoldenMatcher<golden_kind::Capture>;

// Matches when the capture equals the capture golden `<name>.capture` (names as for
// EqualsGolden: '/'-separated segments of [A-Za-z0-9._-]).
inline CaptureGoldenMatcher EqualsCaptureGolden(std::string name,
                                                CaptureGoldenOptions options = {}) {
  return CaptureGoldenMatcher(std::move(name), std::move(options));
}

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_CAPTURE_GOLDEN_H_
