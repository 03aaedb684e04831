#include "vtsnap/matchers/semantic_golden.h"

#include <string>
#include <utility>

#include "vtsnap/matchers/golden_env.h"
#include "vtsnap/snapshot/golden/golden_check.h"
#include "vtsnap/snapshot/golden/golden_format.h"
#include "vtsnap/snapshot/golden/golden_formats.h"

namespace vtsnap::golden_kind {

void Semantic::Describe(const GoldenAssertion<Options>& a, bool negation, std::ostream* os) {
  *os << (negation ? "differs from the semantic golden"
                   : "has the semantic projection of the golden")
      << " \"" << a.name << "\"";
}

bool Semantic::Match(const GoldenAssertion<Options>& a, const ScreenView& screen,
                     ::testing::MatchResultListener* listener) {
  absl::StatusOr<SemanticSnapshot> actual = CaptureSemantic(screen, a.options.capture);
  if (!actual.ok()) {
    *listener << actual.status().message();
    return false;
  }
  RedactSemantic(a.options.redactions, &*actual);
  const SemanticFormat format;
  GoldenInput input =
      WithFormat(format, [&actual]() -> const SemanticSnapshot& { return *actual; },
                 {.name = a.name, .actual = format.Write(*actual), .read_only = a.read_only});
  return matchers_internal::MatchGoldenInTest(std::move(input), format.Names().extension,
                                              a.options.root, listener);
}

}  // namespace vtsnap::golden_kind
