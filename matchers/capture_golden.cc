#include "vtsnap/matchers/capture_golden.h"

#include "vtsnap/matchers/golden_env.h"
#include "vtsnap/snapshot/golden/pito_capture_golden.h"

namespace vtsnap::golden_kind {

void Capture::Describe(const GoldenAssertion<Options>& a, bool negation, std::ostream* os) {
  *os << (negation ? "differs from" : "equals") << " the capture golden \"" << a.name << "\"";
}

bool Capture::Match(const GoldenAssertion<Options>& a, const pito::Capture& capture,
                    ::testing::MatchResultListener* listener) {
  return matchers_internal::CheckGoldenInTest(
      a.name, ".capture", listener, [&](const matchers_internal::TestContext& context) {
        pito::CaptureGoldenInput input = {
            .where = pito::LocateCaptureGolden(context.test->file(), a.options.root, a.name),
            .name = a.name,
            .actual = &capture,
            .read_only = a.read_only};
        context.Claim(&input);
        return pito::CheckCaptureGolden(input);
      });
}

}  // namespace vtsnap::golden_kind
