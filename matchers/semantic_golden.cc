#include "vtsnap/matchers/semantic_golden.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "vtsnap/matchers/golden_env.h"
#include "vtsnap/snapshot/golden_check.h"

namespace vtsnap {

SemanticGoldenMatcher::SemanticGoldenMatcher(std::string name, SemanticGoldenOptions options)
    : name_(std::move(name)),
      options_(std::make_shared<const SemanticGoldenOptions>(std::move(options))) {
  matchers_internal::EnsureEnvironment();
}

SemanticGoldenMatcher EqualsSemanticGolden(std::string name, SemanticGoldenOptions options) {
  return SemanticGoldenMatcher(std::move(name), std::move(options));
}

void SemanticGoldenMatcher::DescribeTo(std::ostream* os) const {
  *os << "has the semantic projection of the golden \"" << name_ << "\"";
}

void SemanticGoldenMatcher::DescribeNegationTo(std::ostream* os) const {
  *os << "differs from the semantic golden \"" << name_ << "\"";
}

bool SemanticGoldenMatcher::Match(const ScreenView& screen,
                                  ::testing::MatchResultListener* listener) const {
  absl::StatusOr<SemanticSnapshot> actual = CaptureSemantic(screen, options_->capture);
  if (!actual.ok()) {
    *listener << actual.status().message();
    return false;
  }
  RedactSemantic(options_->redactions, &*actual);
  GoldenInput input = {.name = name_,
                       .format = std::string(kSemanticHeader) + " projection",
                       .what = "semantic projection",
                       .read_only = read_only_};
  input.actual = SerializeSemantic(*actual);
  // Bytes that differ are read back and compared by meaning; a golden that does not parse is
  // named by CheckGolden ("the golden is not a valid ...: PATH:LINE:COL: ...").
  input.compare = [&actual](const std::string& golden) -> absl::StatusOr<std::string> {
    absl::StatusOr<SemanticSnapshot> expected = ParseSemantic(golden);
    if (!expected.ok()) return expected.status();
    return DiffSemantic(*expected, *actual);
  };
  return matchers_internal::MatchGoldenInTest(std::move(input), ".semantic", options_->root,
                                              listener);
}

}  // namespace vtsnap
