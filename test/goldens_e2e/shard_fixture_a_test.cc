// One of the three source files of goldens_shard_fixture_test, the program goldens_e2e_test runs
// sharded to check vtsnap::ShardBySourceFile (matchers/shard.h): file a holds three tests, b two
// and c one, each asserting one golden in this file's folder. Not a ctest entry of its own.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"

namespace {

TEST(ShardA, Golden1) {
  vtsnap::VirtualTerminal vt({.cols = 12, .rows = 2});
  vt.Write("file a, test 1");
  EXPECT_THAT(vt, vtsnap::EqualsGolden("golden_1"));
}

TEST(ShardA, Golden2) {
  vtsnap::VirtualTerminal vt({.cols = 12, .rows = 2});
  vt.Write("file a, test 2");
  EXPECT_THAT(vt, vtsnap::EqualsGolden("golden_2"));
}

TEST(ShardA, Golden3) {
  vtsnap::VirtualTerminal vt({.cols = 12, .rows = 2});
  vt.Write("file a, test 3");
  EXPECT_THAT(vt, vtsnap::EqualsGolden("golden_3"));
}

}  // namespace
