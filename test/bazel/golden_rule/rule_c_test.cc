// Source c of the golden_rule package (BUILD.bazel): vtsnap_golden_test's own test, run by
// test/bazel/golden_rule_e2e.sh. Each test asserts one golden in goldens/rule_c_test/.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"

namespace {

TEST(RuleC, Screen1) {
  vtsnap::VirtualTerminal vt({.cols = 16, .rows = 2});
  vt.Write("rule c screen 1");
  EXPECT_THAT(vt, vtsnap::EqualsGolden("screen_1"));
}

}  // namespace
