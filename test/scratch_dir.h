// Scratch directories for tests that write files, under ::testing::TempDir() (/tmp/ under ctest,
// the test's own folder under Bazel), named so that concurrent test processes never share one.
// Every directory made here is removed when the process's tests end and all of them passed; when
// one failed they are kept for a look, and their paths are printed.
//
//   #include "test/scratch_dir.h"
//   const std::filesystem::path dir = vtsnap::test_util::ScratchDir("inventory_test_records");
//   // dir is /tmp/inventory_test_records_<pid>, new and empty; gone after a passing run
#ifndef VTSNAP_TEST_SCRATCH_DIR_H_
#define VTSNAP_TEST_SCRATCH_DIR_H_

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"

namespace vtsnap::test_util {
namespace scratch_internal {

inline std::vector<std::filesystem::path>& Made() {
  static auto* made = new std::vector<std::filesystem::path>;
  return *made;
}

// Removes what ScratchDir made once every test of the process (of each --gtest_repeat round) has
// run.
class Cleanup : public ::testing::Environment {
 public:
  void TearDown() override {
    if (!::testing::UnitTest::GetInstance()->Passed()) {
      for (const std::filesystem::path& dir : Made()) {
        std::fprintf(stderr, "scratch directory kept after a failure: %s\n", dir.c_str());
      }
      return;
    }
    for (const std::filesystem::path& dir : Made()) {
      std::error_code ignored;
      std::filesystem::remove_all(dir, ignored);
    }
    Made().clear();
  }
};

inline ::testing::Environment* const kCleanup = ::testing::AddGlobalTestEnvironment(new Cleanup);

}  // namespace scratch_internal

// A new, empty directory TempDir()/<name>_<pid> (anything that was there is removed first), to be
// removed after a passing run. `name` should say which test made it.
inline std::filesystem::path ScratchDir(absl::string_view name) {
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / absl::StrCat(name, "_", ::getpid());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  scratch_internal::Made().push_back(dir);
  return dir;
}

// The same directory TempDir()/<name>_<pid> for every call with `name` until the process's tests
// end (each round of --gtest_repeat makes it anew): for files that several tests share.
inline std::filesystem::path SharedScratchDir(absl::string_view name) {
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / absl::StrCat(name, "_", ::getpid());
  for (const std::filesystem::path& made : scratch_internal::Made()) {
    if (made == dir) return dir;
  }
  return ScratchDir(name);
}

}  // namespace vtsnap::test_util

#endif  // VTSNAP_TEST_SCRATCH_DIR_H_
