#include "vtsnap/matchers/capture_golden.h"

#include <optional>
#include <utility>

#include "vtsnap/matchers/golden_env.h"
#include "vtsnap/snapshot/pito_capture_golden.h"

namespace vtsnap {

CaptureGoldenMatcher::CaptureGoldenMatcher(std::string name, CaptureGoldenOptions options)
    : name_(std::move(name)),
      options_(std::make_shared<const CaptureGoldenOptions>(std::move(options))) {
  matchers_internal::EnsureEnvironment();
}

CaptureGoldenMatcher EqualsCaptureGolden(std::string name, CaptureGoldenOptions options) {
  return CaptureGoldenMatcher(std::move(name), std::move(options));
}

void CaptureGoldenMatcher::DescribeTo(std::ostream* os) const {
  *os << "equals the capture golden \"" << name_ << "\"";
}

void CaptureGoldenMatcher::DescribeNegationTo(std::ostream* os) const {
  *os << "differs from the capture golden \"" << name_ << "\"";
}

bool CaptureGoldenMatcher::Match(const pito::Capture& capture,
                                 ::testing::MatchResultListener* listener) const {
  const std::optional<matchers_internal::TestContext> context =
      matchers_internal::CurrentTestContext(name_, listener);
  if (!context.has_value()) return false;
  const pito::CaptureGoldenInput input = {
      .where = pito::LocateCaptureGolden(context->test->file(), options_->root, name_),
      .name = name_,
      .actual = &capture,
      .read_only = read_only_,
      .claimant = context->claimant,
      .source_file = context->source_file,
      .accept_command = context->accept_command};
  return matchers_internal::ReportGoldenInTest(*context, pito::CheckCaptureGolden(input), listener);
}

}  // namespace vtsnap
