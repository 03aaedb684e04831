// EqualsCaptureGolden: the GoogleTest matcher that compares a pito-tui capture (an app walked over
// its screens and scripts at several sizes, snapshot/pito_recorder.h) with its capture golden, a
// capture folder beside the test (snapshot/pito_capture_golden.h, docs/pito.md).
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

#include <memory>
#include <ostream>
#include <string>

#include "gmock/gmock.h"
#include "vtsnap/matchers/golden.h"
#include "vtsnap/snapshot/pito_capture.h"
#include "vtsnap/snapshot/pito_recorder.h"

namespace vtsnap {

struct CaptureGoldenOptions {
  // As GoldenOptions::root: replaces the test source's directory (else $VTSNAP_GOLDEN_ROOT, else
  // the test source's directory).
  std::string root = {};
};

// The gmock matcher EqualsCaptureGolden returns; it matches a pito::Capture or a pito::Recorder
// (its capture()).
class CaptureGoldenMatcher {
 public:
  // gmock's Not negates the ReadOnly() copy (matchers/golden.h).
  using IsVtsnapGoldenMatcher = void;

  CaptureGoldenMatcher(std::string name, CaptureGoldenOptions options);

  template <typename T>
  operator ::testing::Matcher<T>() const;  // NOLINT(google-explicit-constructor)

  bool Match(const pito::Capture& capture, ::testing::MatchResultListener* listener) const;
  bool Match(const pito::Recorder& recorder, ::testing::MatchResultListener* listener) const {
    return Match(recorder.capture(), listener);
  }
  void DescribeTo(std::ostream* os) const;
  void DescribeNegationTo(std::ostream* os) const;

  // A copy that never writes a frame or the actual capture (what Not uses).
  CaptureGoldenMatcher ReadOnly() const {
    CaptureGoldenMatcher m = *this;
    m.read_only_ = true;
    return m;
  }

 private:
  std::string name_;
  std::shared_ptr<const CaptureGoldenOptions> options_;
  bool read_only_ = false;
};

namespace capture_golden_internal {
// The gmock side: a Matcher<T> for a T that is, or refers to, a Capture or a Recorder.
template <typename T>
class Impl : public ::testing::MatcherInterface<T> {
 public:
  explicit Impl(const CaptureGoldenMatcher& m) : m_(m) {}
  bool MatchAndExplain(T x, ::testing::MatchResultListener* listener) const override {
    return m_.Match(x, listener);
  }
  void DescribeTo(std::ostream* os) const override { m_.DescribeTo(os); }
  void DescribeNegationTo(std::ostream* os) const override { m_.DescribeNegationTo(os); }

 private:
  CaptureGoldenMatcher m_;
};
}  // namespace capture_golden_internal

template <typename T>
CaptureGoldenMatcher::operator ::testing::Matcher<T>() const {
  return ::testing::Matcher<T>(new capture_golden_internal::Impl<T>(*this));
}

// Matches when the capture equals the capture golden `<name>.capture` (names as for
// EqualsGolden: '/'-separated segments of [A-Za-z0-9._-]).
CaptureGoldenMatcher EqualsCaptureGolden(std::string name, CaptureGoldenOptions options = {});

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_CAPTURE_GOLDEN_H_
