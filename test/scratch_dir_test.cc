// test/scratch_dir.h: fresh directories and shared ones. scratch_dir_cleanup.cmake runs this
// binary under a TEST_TMPDIR of its own to see them removed after a passing run, and
// scratch_dir_failing_probe.cc to see them kept after a failing one.
#include "test/scratch_dir.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace {

namespace fs = std::filesystem;
using vtsnap::test_util::ScratchDir;
using vtsnap::test_util::SharedScratchDir;

TEST(ScratchDir, IsMadeUnderTempDirWithThePidAndIsEmptyEachTime) {
  const fs::path dir = ScratchDir("scratch_dir_test_fresh");
  EXPECT_EQ(dir,
            fs::path(::testing::TempDir()) / absl::StrCat("scratch_dir_test_fresh_", ::getpid()));
  ASSERT_TRUE(fs::is_directory(dir));
  std::ofstream(dir / "left.txt") << "x";
  ASSERT_TRUE(fs::exists(dir / "left.txt"));
  EXPECT_EQ(ScratchDir("scratch_dir_test_fresh"), dir);
  EXPECT_FALSE(fs::exists(dir / "left.txt")) << "a second ScratchDir must start empty";
}

TEST(SharedScratchDir, KeepsWhatEarlierCallsWrote) {
  const fs::path dir = SharedScratchDir("scratch_dir_test_shared");
  std::ofstream(dir / "kept.txt") << "x";
  EXPECT_EQ(SharedScratchDir("scratch_dir_test_shared"), dir);
  EXPECT_TRUE(fs::exists(dir / "kept.txt"));
}

}  // namespace
