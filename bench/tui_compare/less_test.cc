// The vtsnap side of bench/tui_compare (bench/README.md, "vtsnap and tui-test end to end"): the
// scenario tui-test/less.test.ts runs, step for step, as a GoogleTest binary a TUI developer would
// write with PtySession and EqualsGolden:
//   - less on a 200-line file ("line 1" .. "line 200") at 80x24, TERM=xterm-256color, LANG=C.UTF-8
//     (PtySession's defaults);
//   - its first screen: "line 23" (the last line of the first page) is on the screen;
//   - press G; wait for "line 200"; compare the screen with the golden checked in
//     (goldens/less_test/less_G_<i>.dump; UPDATE_GOLDENS=1 writes them).
// Ten identical tests, each with its own golden, as tui-test keeps one snapshot per test. No test
// waits for a quiet period or sleeps: each wait returns when its text is on the screen.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/pty/pty_session.h"

namespace {

namespace fs = std::filesystem;

::testing::AssertionResult Ok(const absl::Status& status) {
  if (status.ok()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << status;
}

class LessCompare : public ::testing::TestWithParam<int> {
 protected:
  // The file, written once per process (a few microseconds), as tui-test writes it once per
  // worker.
  static void SetUpTestSuite() {
    dir_ = new fs::path(fs::path(::testing::TempDir()) /
                        absl::StrCat("vtsnap-tui-compare-", ::getpid()));
    fs::create_directories(*dir_);
    std::ofstream out(*dir_ / "lines.txt");
    for (int line = 1; line <= 200; ++line) out << "line " << line << "\n";
  }
  static void TearDownTestSuite() {
    std::error_code ignored;
    fs::remove_all(*dir_, ignored);
    delete dir_;
    dir_ = nullptr;
  }
  static std::string File() { return (*dir_ / "lines.txt").string(); }

 private:
  static fs::path* dir_;
};

fs::path* LessCompare::dir_ = nullptr;

TEST_P(LessCompare, GoesToTheEndWithG) {
  vtsnap::PtySession session({.cols = 80, .rows = 24});
  ASSERT_TRUE(Ok(session.Start({"less", File()})));
  ASSERT_TRUE(Ok(session.WaitForText("line 23")));
  ASSERT_TRUE(Ok(session.SendKeys("G")));
  ASSERT_TRUE(Ok(session.WaitForText("line 200")));
  EXPECT_THAT(session, vtsnap::EqualsGolden(absl::StrCat("less_G_", GetParam())));
}

INSTANTIATE_TEST_SUITE_P(Ten, LessCompare, ::testing::Range(0, 10));

}  // namespace
