// vtsnap::SplitBySourceFile (matchers/shard.h): how a sharded run splits the source files. The
// end-to-end behaviour (a real program run as three shards, an orphan failing one of them) is
// GoldensE2eTest.ShardingBySourceFileChecksEachFolderInOneShard.
#include "vtsnap/matchers/shard.h"

#include <cctype>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace {

using ::testing::ElementsAreArray;

using Files = std::vector<std::pair<std::string, int>>;

struct SplitCase {
  std::string behaviour;
  Files files;  // source file, number of tests
  int total;
  std::vector<std::vector<std::string>> shards;  // the files of each shard, sorted
};

class SplitBySourceFileTest : public ::testing::TestWithParam<SplitCase> {};

TEST_P(SplitBySourceFileTest, GivesEachShardItsFiles) {
  const SplitCase& c = GetParam();
  for (int index = 0; index < c.total; ++index) {
    const vtsnap::SourceFileShard shard = vtsnap::SplitBySourceFile(c.files, index, c.total);
    EXPECT_THAT(shard.files, ElementsAreArray(c.shards[index])) << "shard " << index;
    int tests = 0;
    for (const auto& [file, n] : c.files) {
      for (const std::string& mine : shard.files) tests += mine == file ? n : 0;
    }
    EXPECT_EQ(shard.tests, tests) << "shard " << index;
    EXPECT_EQ(shard.index, index);
    EXPECT_EQ(shard.total, c.total);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, SplitBySourceFileTest,
    ::testing::Values(SplitCase{"the biggest file goes first, to the emptiest shard",
                                {{"a.cc", 3}, {"b.cc", 2}, {"c.cc", 1}},
                                3,
                                {{"a.cc"}, {"b.cc"}, {"c.cc"}}},
                      SplitCase{"a later file joins the shard with the fewest tests",
                                {{"a.cc", 5}, {"b.cc", 3}, {"c.cc", 1}, {"d.cc", 1}},
                                2,
                                {{"a.cc"}, {"b.cc", "c.cc", "d.cc"}}},
                      SplitCase{"equal loads go to the lowest index",
                                {{"a.cc", 1}, {"b.cc", 1}, {"c.cc", 1}, {"d.cc", 1}},
                                2,
                                {{"a.cc", "c.cc"}, {"b.cc", "d.cc"}}},
                      SplitCase{"equal sizes are taken in name order, whatever the input order",
                                {{"z.cc", 2}, {"m.cc", 2}, {"a.cc", 2}},
                                3,
                                {{"a.cc"}, {"m.cc"}, {"z.cc"}}},
                      SplitCase{"more shards than files leaves the last ones empty",
                                {{"only.cc", 4}},
                                3,
                                {{"only.cc"}, {}, {}}},
                      SplitCase{
                          "a file of disabled tests only weighs nothing but still has a shard",
                          {{"a.cc", 2}, {"disabled.cc", 0}},
                          2,
                          {{"a.cc"}, {"disabled.cc"}}}),
    [](const ::testing::TestParamInfo<SplitCase>& info) {
      std::string name;
      for (char ch : info.param.behaviour)
        name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
      return name;
    });

// Without sharding variables ShardBySourceFile changes nothing (this binary runs unsharded).
TEST(ShardBySourceFileTest, LeavesAnUnshardedRunAlone) {
  if (std::getenv("GTEST_TOTAL_SHARDS") != nullptr) GTEST_SKIP() << "this run is sharded";
  EXPECT_FALSE(vtsnap::ShardBySourceFile());
}

}  // namespace
