#include "vtsnap/matchers/plane.h"

#include <string>
#include <utility>

#include "vtsnap/matchers/golden_env.h"
#include "vtsnap/snapshot/capture.h"

namespace vtsnap {

RgbaGoldenMatcher::RgbaGoldenMatcher(std::string name, GoldenOptions options)
    : name_(std::move(name)), options_(std::make_shared<const GoldenOptions>(std::move(options))) {
  matchers_internal::EnsureEnvironment();
}

RgbaGoldenMatcher EqualsRgbaGolden(std::string name, GoldenOptions options) {
  return RgbaGoldenMatcher(std::move(name), std::move(options));
}

void RgbaGoldenMatcher::DescribeTo(std::ostream* os) const {
  *os << "equals the plane golden \"" << name_ << "\"";
}

void RgbaGoldenMatcher::DescribeNegationTo(std::ostream* os) const {
  *os << "differs from the plane golden \"" << name_ << "\"";
}

bool RgbaGoldenMatcher::Match(const ScreenView& screen,
                              ::testing::MatchResultListener* listener) const {
  absl::StatusOr<RgbaPlane> plane = CapturePlane(screen);
  if (!plane.ok()) {
    *listener << plane.status().message();
    return false;
  }
  return Match(*plane, listener);
}

bool RgbaGoldenMatcher::Match(const RgbaPlane& plane,
                              ::testing::MatchResultListener* listener) const {
  GoldenInput input = {
      .name = name_,
      .format = "ckvision-rgba 1 plane",
      .what = "plane",
      .actual = SerializeRgba(plane),
      .compare = [&plane](const std::string& bytes) -> absl::StatusOr<std::string> {
        absl::StatusOr<RgbaPlane> expected = ParseRgba(bytes);
        if (!expected.ok()) return expected.status();
        const PlaneDiff diff = ComparePlanes(*expected, plane);
        return diff.empty() ? std::string() : RenderPlaneDiff(diff);
      },
      .read_only = read_only_};
  return matchers_internal::MatchGoldenInTest(std::move(input), ".rgba", options_->root, listener);
}

}  // namespace vtsnap
