// EqualsGolden() without a name (matchers/golden.h): the golden is named after the running test.
// Its goldens are in goldens/unnamed_golden_test/, reviewed; the ctest entry
// unnamed_golden.repeat runs the binary twice over (--gtest_repeat), so a numbering that did not
// start over at each test would ask for goldens that are not there.
#include <filesystem>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/matchers/golden.h"

namespace vtsnap {
namespace {

std::filesystem::path GoldenFolder() {
  return std::filesystem::path(VTSNAP_SOURCE_DIR) / "test/matchers/goldens/unnamed_golden_test";
}

// Made while no test runs (static initialization): it has no name, and says why when checked.
const GoldenMatcher kMadeOutsideATest = EqualsGolden();

TEST(UnnamedGolden, TakesTheTestsName) {
  VirtualTerminal vt({.cols = 12, .rows = 2});
  vt.Write("first");
  EXPECT_THAT(vt, EqualsGolden());
  EXPECT_TRUE(std::filesystem::exists(GoldenFolder() / "UnnamedGolden.TakesTheTestsName.dump"));
}

TEST(UnnamedGolden, LaterOnesAreNumberedInOrder) {
  VirtualTerminal vt({.cols = 12, .rows = 2});
  vt.Write("one");
  EXPECT_THAT(vt, EqualsGolden());
  vt.Write(" two");
  EXPECT_THAT(vt, EqualsGolden());
  vt.Write(" 3");
  EXPECT_THAT(vt, EqualsGolden());
  for (const char* name : {"UnnamedGolden.LaterOnesAreNumberedInOrder.dump",
                           "UnnamedGolden.LaterOnesAreNumberedInOrder.2.dump",
                           "UnnamedGolden.LaterOnesAreNumberedInOrder.3.dump"}) {
    EXPECT_TRUE(std::filesystem::exists(GoldenFolder() / name)) << name;
  }
}

// A named golden takes no number from the unnamed ones.
TEST(UnnamedGolden, NamedGoldensDoNotCount) {
  VirtualTerminal vt({.cols = 12, .rows = 2});
  vt.Write("named");
  EXPECT_THAT(vt, EqualsGolden("named"));
  EXPECT_THAT(vt, EqualsGolden());
  EXPECT_TRUE(
      std::filesystem::exists(GoldenFolder() / "UnnamedGolden.NamedGoldensDoNotCount.dump"));
}

TEST(UnnamedGolden, OneMadeOutsideATestFailsSayingSo) {
  VirtualTerminal vt({.cols = 12, .rows = 2});
  ::testing::StringMatchResultListener listener;
  const ::testing::Matcher<const VirtualTerminal&> m = kMadeOutsideATest.ReadOnly();
  EXPECT_FALSE(m.MatchAndExplain(vt, &listener));
  EXPECT_THAT(listener.str(), ::testing::HasSubstr("name"));
}

class UnnamedGoldenParam : public ::testing::TestWithParam<int> {};

TEST_P(UnnamedGoldenParam, SlashesBecomeDots) {
  VirtualTerminal vt({.cols = 12, .rows = 2});
  vt.Write(std::to_string(GetParam()));
  EXPECT_THAT(vt, EqualsGolden());
  EXPECT_TRUE(
      std::filesystem::exists(GoldenFolder() / ("Sizes.UnnamedGoldenParam.SlashesBecomeDots." +
                                                std::to_string(GetParam()) + ".dump")));
}

INSTANTIATE_TEST_SUITE_P(Sizes, UnnamedGoldenParam, ::testing::Values(7, 8),
                         ::testing::PrintToStringParamName());

}  // namespace
}  // namespace vtsnap
