#include "vtsnap/matchers/plane.h"

#include <string>
#include <utility>

#include "vtsnap/matchers/golden_env.h"
#include "vtsnap/snapshot/capture.h"

namespace vtsnap::golden_kind {

void Rgba::Describe(const GoldenAssertion<Options>& a, bool negation, std::ostream* os) {
  *os << (negation ? "differs from" : "equals") << " the plane golden \"" << a.name << "\"";
}

bool Rgba::Match(const GoldenAssertion<Options>& a, const ScreenView& screen,
                 ::testing::MatchResultListener* listener) {
  absl::StatusOr<RgbaPlane> plane = CapturePlane(screen);
  if (!plane.ok()) {
    *listener << plane.status().message();
    return false;
  }
  return Match(a, *plane, listener);
}

bool Rgba::Match(const GoldenAssertion<Options>& a, const RgbaPlane& plane,
                 ::testing::MatchResultListener* listener) {
  GoldenInput input = {
      .name = a.name,
      .format = "ckvision-rgba 1 plane",
      .what = "plane",
      .actual = SerializeRgba(plane),
      .compare = [&plane](const std::string& bytes) -> absl::StatusOr<std::string> {
        absl::StatusOr<RgbaPlane> expected = ParseRgba(bytes);
        if (!expected.ok()) return expected.status();
        const PlaneDiff diff = ComparePlanes(*expected, plane);
        return diff.empty() ? std::string() : RenderPlaneDiff(diff);
      },
      .read_only = a.read_only};
  return matchers_internal::MatchGoldenInTest(std::move(input), ".rgba", a.options.root, listener);
}

}  // namespace vtsnap::golden_kind
