#include "vtsnap/matchers/shard.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"

namespace vtsnap {
namespace {

// The value of the environment variable `name` as an int, or -1 when unset or not a number.
int EnvInt(const char* name) {
  const char* value = std::getenv(name);
  int n = -1;
  if (value == nullptr || !absl::SimpleAtoi(value, &n)) return -1;
  return n;
}

// `filter` with `excluded` (full test names) added to its negative patterns: GoogleTest's filter
// is "POSITIVE[-NEGATIVE]", each side ':'-separated, and an empty positive side means "*".
std::string Exclude(const std::string& filter, const std::vector<std::string>& excluded) {
  if (excluded.empty()) return filter;
  const std::string names = absl::StrJoin(excluded, ":");
  if (filter.find('-') == std::string::npos) return absl::StrCat(filter, "-", names);
  return absl::StrCat(filter, absl::EndsWith(filter, "-") ? "" : ":", names);
}

}  // namespace

SourceFileShard SplitBySourceFile(const std::vector<std::pair<std::string, int>>& tests_per_file,
                                  int index, int total) {
  std::vector<std::pair<std::string, int>> files = tests_per_file;
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  std::vector<int> load(static_cast<size_t>(std::max(total, 1)), 0);
  SourceFileShard shard{.index = index, .total = total};
  for (const auto& [file, tests] : files) {
    const auto lightest = std::min_element(load.begin(), load.end());
    *lightest += tests;
    if (lightest - load.begin() == index) {
      shard.files.push_back(file);
      shard.tests += tests;
    }
  }
  std::sort(shard.files.begin(), shard.files.end());
  return shard;
}

bool ShardBySourceFile() {
  if (!GTEST_FLAG_GET(internal_run_death_test).empty()) return false;
  const int total = EnvInt("GTEST_TOTAL_SHARDS");
  const int index = EnvInt("GTEST_SHARD_INDEX");
  if (total <= 1 || index < 0 || index >= total) return false;

  // Every registered test by source file (disabled ones never run, so they weigh nothing).
  const ::testing::UnitTest& unit = *::testing::UnitTest::GetInstance();
  // A disabled test stays with its file (--gtest_also_run_disabled_tests runs it there).
  std::map<std::string, std::vector<std::string>> tests_of;
  std::map<std::string, int> enabled;
  for (int i = 0; i < unit.total_test_suite_count(); ++i) {
    const ::testing::TestSuite& suite = *unit.GetTestSuite(i);
    for (int j = 0; j < suite.total_test_count(); ++j) {
      const ::testing::TestInfo& info = *suite.GetTestInfo(j);
      const std::string file = info.file() == nullptr ? "" : info.file();
      tests_of[file].push_back(absl::StrCat(suite.name(), ".", info.name()));
      const bool disabled =
          absl::StartsWith(suite.name(), "DISABLED_") || absl::StartsWith(info.name(), "DISABLED_");
      enabled[file] += disabled ? 0 : 1;
    }
  }
  std::vector<std::pair<std::string, int>> weights(enabled.begin(), enabled.end());
  const SourceFileShard shard = SplitBySourceFile(weights, index, total);

  std::vector<std::string> excluded;
  for (const auto& [file, tests] : tests_of) {
    if (std::binary_search(shard.files.begin(), shard.files.end(), file)) continue;
    excluded.insert(excluded.end(), tests.begin(), tests.end());
  }
  GTEST_FLAG_SET(filter, Exclude(GTEST_FLAG_GET(filter), excluded));
  ::unsetenv("GTEST_TOTAL_SHARDS");
  ::unsetenv("GTEST_SHARD_INDEX");

  const std::string files =
      shard.files.empty()
          ? std::string("no source file")
          : absl::StrCat(shard.files.size(),
                         shard.files.size() == 1 ? " source file (" : " source files (",
                         absl::StrJoin(shard.files, ", "), ")");
  std::fprintf(stderr,
               "vtsnap: shard %d of %d runs %d test%s of %s; shards split by source file so that "
               "one shard checks each golden folder whole\n",
               index + 1, total, shard.tests, shard.tests == 1 ? "" : "s", files.c_str());
  std::fflush(stderr);
  return true;
}

}  // namespace vtsnap
