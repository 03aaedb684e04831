#include "vtsnap/matchers/plane.h"

#include <string>
#include <utility>

#include "vtsnap/matchers/golden_env.h"
#include "vtsnap/snapshot/golden/golden_format.h"
#include "vtsnap/snapshot/golden/golden_formats.h"
#include "vtsnap/snapshot/screen/capture.h"

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
  const RgbaFormat format;
  GoldenInput input =
      WithFormat(format, [&plane]() -> const RgbaPlane& { return plane; },
                 {.name = a.name, .actual = format.Write(plane), .read_only = a.read_only});
  return matchers_internal::MatchGoldenInTest(std::move(input), format.Names().extension,
                                              a.options.root, listener);
}

}  // namespace vtsnap::golden_kind
