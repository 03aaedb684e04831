// IsThemeIndependent and EqualsSemanticGolden as a test author meets them (the golden rules
// end to end are in test/goldens_e2e).
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"

namespace vtsnap {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// The usage example of matchers/theme.h, kept alive.
TEST(ThemeMatcherTest, HeaderExample) {
  VirtualTerminal vt({.cols = 40, .rows = 5});
  vt.Write("\x1b[1;32mok\x1b[m \x1b[7mselected\x1b[m");
  EXPECT_THAT(vt, IsThemeIndependent());
}

struct ThemeMatcherCase {
  std::string name;
  std::string bytes;        // a 10x2 terminal
  std::string explanation;  // "" when the screen matches
};

class ThemeMatcherTest : public ::testing::TestWithParam<ThemeMatcherCase> {};

TEST_P(ThemeMatcherTest, MatchesOrListsTheRuns) {
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write(GetParam().bytes);
  ::testing::StringMatchResultListener listener;
  const bool matched =
      ::testing::ExplainMatchResult(IsThemeIndependent(), ScreenView(vt), &listener);
  EXPECT_EQ(matched, GetParam().explanation.empty());
  EXPECT_EQ(listener.str(), GetParam().explanation);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, ThemeMatcherTest,
    ::testing::Values(
        ThemeMatcherCase{"SixteenColoursAndReverse", "\x1b[33;1mwarn\x1b[m \x1b[7;94mx", ""},
        ThemeMatcherCase{"OneRun", "\x1b[38;2;0;0;255mab",
                         "1 run depends on the colour theme:\nrow 0 cols 0-1: fg=#0000ff (RGB)"},
        ThemeMatcherCase{"TwoRuns", "\x1b[48;5;1ma\r\n\x1b[m\x1b[38;5;250mb",
                         "2 runs depend on the colour theme:\n"
                         "row 0 cols 0-0: bg=red (explicit background)\n"
                         "row 1 cols 0-0: fg=250 (palette index above 15)"}),
    [](const auto& info) { return info.param.name; });

TEST(ThemeMatcherTest, NegationReads) {
  VirtualTerminal vt({.cols = 10, .rows = 1});
  vt.Write("\x1b[48;5;4mx");
  EXPECT_THAT(vt, Not(IsThemeIndependent()));
}

TEST(SemanticGoldenMatcherTest, FrameFailsWithTheReason) {
  const Frame frame = Frame::Blank(4, 1);
  ::testing::StringMatchResultListener listener;
  EXPECT_FALSE(::testing::ExplainMatchResult(EqualsSemanticGolden("never"), frame, &listener));
  EXPECT_THAT(listener.str(), HasSubstr("a Frame holds only a picture"));
}

TEST(SemanticGoldenMatcherTest, Describes) {
  const ::testing::Matcher<const VirtualTerminal&> m = EqualsSemanticGolden("home");
  EXPECT_EQ(::testing::DescribeMatcher<const VirtualTerminal&>(m),
            "has the semantic projection of the golden \"home\"");
  EXPECT_EQ(::testing::DescribeMatcher<const VirtualTerminal&>(m, /*negation=*/true),
            "differs from the semantic golden \"home\"");
}

}  // namespace
}  // namespace vtsnap
