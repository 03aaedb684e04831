// EqualsGolden on a screen of more than 62 styles (a 24-bit gradient), as a user meets it: the
// golden is missing and the assertion fails; UPDATE_GOLDENS=1 writes it in the wide form
// (`vtsnap-wide-golden 1`, snapshot/formats/golden.h); the next run passes; a one-cell colour
// change fails with a diff that names the cell's row and both colours, and leaves the golden as it
// was.
//
// The update mode is read once a process, so each step runs this binary again as a child
// (WideGoldenChild.Gradient, which skips unless VTSNAP_WIDE_GOLDEN_CHILD is set), with an
// environment built explicitly and a golden root of its own.
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/gradient_bytes.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/matchers/golden.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr char kChildVariable[] = "VTSNAP_WIDE_GOLDEN_CHILD";

TEST(WideGoldenChild, Gradient) {
  const char* child = std::getenv(kChildVariable);
  if (child == nullptr) GTEST_SKIP() << "run by WideGolden.* as a child";
  VirtualTerminal vt({.cols = 80, .rows = 4});
  vt.Write(test_util::GradientBytes(std::string(child) == "changed"));
  EXPECT_THAT(vt, EqualsGolden("gradient"));
}

struct RunResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr
};

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class WideGolden : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string dir = (fs::temp_directory_path() / "vtsnap-wide-golden.XXXXXX").string();
    ASSERT_NE(mkdtemp(dir.data()), nullptr);
    root_ = dir;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }

  // Runs WideGoldenChild.Gradient in a child process with `env` (and PATH, HOME, the golden root).
  RunResult RunChild(std::map<std::string, std::string> env) const {
    env["PATH"] = "/usr/bin:/bin";
    env["HOME"] = root_.string();
    env["VTSNAP_GOLDEN_ROOT"] = root_.string();
    std::string command = "env -i";
    for (const auto& [name, value] : env) absl::StrAppend(&command, " ", name, "='", value, "'");
    absl::StrAppend(&command, " '", fs::read_symlink("/proc/self/exe").string(),
                    "' --gtest_filter=WideGoldenChild.Gradient 2>&1");
    RunResult result;
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) return result;
    char buffer[4096];
    size_t n = 0;
    while ((n = fread(buffer, 1, sizeof(buffer), pipe)) > 0) result.output.append(buffer, n);
    const int status = pclose(pipe);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
  }

  fs::path GoldenPath() const { return root_ / "goldens/golden_wide_test/gradient.dump"; }

  fs::path root_;
};

TEST_F(WideGolden, MissingThenUpdatedThenPassesThenFailsOnOneCell) {
  // Missing: the assertion fails, writes no golden and leaves the wide dump to review.
  RunResult missing = RunChild({{kChildVariable, "same"}});
  EXPECT_NE(missing.exit_code, 0) << missing.output;
  EXPECT_THAT(missing.output, HasSubstr("gradient.dump does not exist"));
  EXPECT_FALSE(fs::exists(GoldenPath()));
  EXPECT_THAT(ReadFile(fs::path(GoldenPath().string() + ".actual")),
              StartsWith("vtsnap-wide-golden 1\n"));

  // UPDATE_GOLDENS=1: written, in the wide form (version 1 cannot name 320 styles).
  RunResult update = RunChild({{kChildVariable, "same"}, {"UPDATE_GOLDENS", "1"}});
  EXPECT_EQ(update.exit_code, 0) << update.output;
  const std::string golden = ReadFile(GoldenPath());
  ASSERT_THAT(golden, StartsWith("vtsnap-wide-golden 1\nframe 80 4\ncursor 79 3 block\n"
                                 "styles 320 width 2\n00 fg default bg #FF0000 attrs -\n"));
  absl::StatusOr<Frame> frame = golden::Parse(golden);
  ASSERT_TRUE(frame.ok()) << frame.status();
  EXPECT_EQ(frame->row_text[2].substr(0, 14), "gradient row 2");

  // The same screen again: passes, the golden untouched.
  RunResult again = RunChild({{kChildVariable, "same"}});
  EXPECT_EQ(again.exit_code, 0) << again.output;
  EXPECT_EQ(ReadFile(GoldenPath()), golden);

  // One cell another colour: fails, and the report says where and what.
  RunResult changed = RunChild({{kChildVariable, "changed"}});
  EXPECT_NE(changed.exit_code, 0) << changed.output;
  EXPECT_THAT(changed.output, HasSubstr("frames differ (- expected, + actual; rows and columns are "
                                        "0-based)\nstyles:\n  row 2 col 10 \"o\": bg #55AA00 -> "
                                        "#070707\n"));
  EXPECT_EQ(ReadFile(GoldenPath()), golden);
  const std::string actual = ReadFile(fs::path(GoldenPath().string() + ".actual"));
  EXPECT_THAT(actual, StartsWith("vtsnap-wide-golden 1\n"));
  EXPECT_THAT(actual, HasSubstr(" fg default bg #070707 attrs -\n"));
}

}  // namespace
}  // namespace vtsnap
