// vtsnap_gtest_main: GoogleMock's main, with test sharding by source file (matchers/shard.h) so a
// sharded golden test still gets one inventory verdict per golden folder. Link it instead of
// gmock_main / gtest_main (Bazel's vtsnap_golden_test does).
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/shard.h"

int main(int argc, char** argv) {
  ::testing::InitGoogleMock(&argc, argv);
  vtsnap::ShardBySourceFile();
  return RUN_ALL_TESTS();
}
