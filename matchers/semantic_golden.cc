#include "vtsnap/matchers/semantic_golden.h"

#include <string>
#include <utility>

#include "vtsnap/matchers/golden_env.h"
#include "vtsnap/snapshot/golden_check.h"

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
  GoldenInput input = {.name = a.name,
                       .format = std::string(kSemanticHeader) + " projection",
                       .what = "semantic projection",
                       .read_only = a.read_only};
  input.actual = SerializeSemantic(*actual);
  // Bytes that differ are read back and compared by meaning; a golden that does not parse is
  // named by CheckGolden ("the golden is not a valid ...: PATH:LINE:COL: ...").
  input.compare = [&actual](const std::string& golden) -> absl::StatusOr<std::string> {
    absl::StatusOr<SemanticSnapshot> expected = ParseSemantic(golden);
    if (!expected.ok()) return expected.status();
    return DiffSemantic(*expected, *actual);
  };
  return matchers_internal::MatchGoldenInTest(std::move(input), ".semantic", a.options.root,
                                              listener);
}

}  // namespace vtsnap::golden_kind
