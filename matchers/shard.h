// Test sharding that keeps each golden folder's verdict whole: every shard runs all the tests of
// the source files given to it, and none of the others.
//
// GoogleTest shards by test (GTEST_TOTAL_SHARDS, GTEST_SHARD_INDEX; Bazel's `shard_count` sets
// them), so under plain sharding no process runs all the tests of a golden folder and the closed
// inventory (docs/inventory.md) cannot say whether a golden is an orphan: every folder is "not
// checked". ShardBySourceFile() replaces that split with one by source file, so the one shard that
// runs a file's tests checks its folder, orphans included, and the other shards leave it alone.
// Call it between InitGoogleTest and RUN_ALL_TESTS (vtsnap_gtest_main does, matchers/gtest_main.cc;
// Bazel's vtsnap_golden_test links that main, bazel/README.md).
//
// Example:
//   int main(int argc, char** argv) {
//     testing::InitGoogleMock(&argc, argv);
//     vtsnap::ShardBySourceFile();  // "vtsnap: shard 2 of 3 runs 4 tests of 1 source file ..."
//     return RUN_ALL_TESTS();
//   }
#ifndef VTSNAP_MATCHERS_SHARD_H_
#define VTSNAP_MATCHERS_SHARD_H_

#include <string>
#include <utility>
#include <vector>

namespace vtsnap {

// One shard's share of the registered tests.
struct SourceFileShard {
  int index = 0;  // 0-based, as GTEST_SHARD_INDEX
  int total = 1;
  std::vector<std::string> files = {};  // the source files this shard runs, sorted
  int tests = 0;                        // how many registered tests they hold
};

// Splits the source files of `tests_per_file` (file, number of tests) over `total` shards: the
// files with the most tests first, each to the shard with the fewest tests so far (the lowest
// index on a tie), so every shard computes the same split from the same registration. Returns
// shard `index`'s share. Requires 0 <= index < total.
SourceFileShard SplitBySourceFile(const std::vector<std::pair<std::string, int>>& tests_per_file,
                                  int index, int total);

// When GTEST_TOTAL_SHARDS is above 1 and GTEST_SHARD_INDEX is valid, narrows GoogleTest's filter
// to this shard's source files (SplitBySourceFile over the registered tests; disabled tests do not
// count), unsets both variables so GoogleTest does not split again, prints one line on standard
// error naming the shard's files, and returns true. Leaves everything alone and returns false
// otherwise: no sharding, invalid variables (GoogleTest then reports them), or a death test's
// child process. The filter keeps whatever --gtest_filter already excluded.
bool ShardBySourceFile();

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_SHARD_H_
