// Not a test of its own: scratch_dir_cleanup.cmake runs it to see a failing run keep the scratch
// directory it made (test/scratch_dir.h) and name it on stderr.
#include <fstream>

#include "gtest/gtest.h"
#include "test/scratch_dir.h"

TEST(ScratchDirProbe, FailsAfterMakingOne) {
  std::ofstream(vtsnap::test_util::ScratchDir("scratch_dir_test_failed") / "evidence.txt") << "x";
  FAIL() << "failing on purpose: the scratch directory must be kept";
}
