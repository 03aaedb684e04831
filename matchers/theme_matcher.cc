#include <ostream>
#include <string>
#include <vector>

#include "vtsnap/matchers/theme.h"
#include "vtsnap/snapshot/formats/theme.h"

namespace vtsnap {
namespace {

class ThemeIndependentMatcher : public ::testing::MatcherInterface<const ScreenView&> {
 public:
  bool MatchAndExplain(const ScreenView& screen,
                       ::testing::MatchResultListener* listener) const override {
    if (!screen.readable()) {
      *listener << screen.status().message();
      return false;
    }
    const std::vector<ThemeViolation> violations = FindThemeViolations(screen);
    if (violations.empty()) return true;
    std::string report = RenderThemeViolations(violations);
    if (!report.empty() && report.back() == '\n') report.pop_back();
    *listener << violations.size() << (violations.size() == 1 ? " run depends" : " runs depend")
              << " on the colour theme:\n"
              << report;
    return false;
  }
  void DescribeTo(std::ostream* os) const override {
    *os << "uses only the theme's colours (palette 0-15, default background, reverse video)";
  }
  void DescribeNegationTo(std::ostream* os) const override {
    *os << "uses a colour the theme does not own (RGB, palette above 15 or a background)";
  }
};

}  // namespace

::testing::Matcher<const ScreenView&> IsThemeIndependent() {
  return ::testing::MakeMatcher(new ThemeIndependentMatcher());
}

}  // namespace vtsnap
