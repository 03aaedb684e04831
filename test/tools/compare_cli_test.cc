// `vtsnap compare BEFORE AFTER` (tools/compare.cc): the printed Differences, the exit codes (0
// nothing differs, 1 something does, 2 bad arguments or bad input naming the path and position).
// test/CMakeLists.txt also runs the built command on the spec's example in test/tools/compare_cli.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/tools/commands.h"

namespace vtsnap::tools {
namespace {

namespace fs = std::filesystem;

using ::testing::HasSubstr;
using ::testing::StartsWith;

struct Result {
  int code;
  std::string out;
  std::string err;
};

Result Compare(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = RunCompare(args, out, err);
  return {code, out.str(), err.str()};
}

// A frame file of `cols` x `rows` blanks, with `first` as the symbol of cell 0,0.
std::string FrameFile(int cols, int rows, const std::string& first = " ") {
  std::string text = absl::StrCat("pito-tui frame 1\n", cols, " ", rows, "\n");
  for (int y = 0; y < rows; ++y) {
    std::vector<std::string> symbols(cols, " ");
    if (y == 0) symbols[0] = first;
    absl::StrAppend(&text, absl::StrJoin(symbols, "\t"), "\n", cols, " Reset Reset 0\n");
  }
  return text;
}

class CompareCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = (fs::path(::testing::TempDir()) /
             absl::StrCat(
                 "compare_cli_test_",
                 absl::StrReplaceAll(
                     ::testing::UnitTest::GetInstance()->current_test_info()->name(), {{"/", "_"}}),
                 "_", ::getpid()))
                .string();
    fs::remove_all(root_);
    before_ = root_ + "/before";
    after_ = root_ + "/after";
    fs::create_directories(before_);
    fs::create_directories(after_);
  }
  void TearDown() override { fs::remove_all(root_); }

  static void Write(const std::string& path, const std::string& contents) {
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path, std::ios::binary) << contents;
  }

  std::string root_, before_, after_;
};

TEST_F(CompareCliTest, SpecExamplePrintsThreeLinesAndExits1) {
  Write(before_ + "/00-home/80x24", FrameFile(80, 24, "X"));
  Write(before_ + "/gone/80x24", FrameFile(80, 24));
  Write(after_ + "/00-home/80x24", FrameFile(80, 24));
  Write(after_ + "/about/40x12", FrameFile(40, 12));
  const Result r = Compare({before_, after_});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out,
            "00-home 80x24 0,0: \"X\" Reset Reset NONE \u2192 \" \" Reset Reset NONE\n"
            "about 40x12: +\n"
            "gone 80x24: -\n");
  EXPECT_EQ(r.err, "");
}

TEST_F(CompareCliTest, EqualCapturesPrintNothingAndExit0) {
  Write(before_ + "/00-home/80x24", FrameFile(80, 24, "X"));
  Write(after_ + "/00-home/80x24", FrameFile(80, 24, "X"));
  const Result r = Compare({before_, after_});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "");
}

TEST_F(CompareCliTest, BadFrameExits2NamingFileLineAndColumn) {
  Write(before_ + "/00-home/2x1", "pito-tui frame 1\n2 1\na\tb\n3 Reset Reset 0\n");
  const Result r = Compare({before_, after_});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, StartsWith(absl::StrCat("vtsnap compare: ", before_, "/00-home/2x1:4:1: ")));
}

TEST_F(CompareCliTest, BadAfterIsReportedToo) {
  Write(after_ + "/stray", "x");
  const Result r = Compare({before_, after_});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, absl::StrCat("vtsnap compare: ", after_,
                                "/stray: a file at the top of a capture folder (expected "
                                "scenario folders only)\n"));
}

TEST_F(CompareCliTest, MissingFolderExits2NamingIt) {
  const Result r = Compare({root_ + "/nope", after_});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, absl::StrCat("vtsnap compare: ", root_, "/nope: no such capture folder\n"));
}

struct ArgsCase {
  std::string name;
  std::vector<std::string> args;
};

class CompareCliArgsTest : public ::testing::TestWithParam<ArgsCase> {};

TEST_P(CompareCliArgsTest, BadArgumentsExit2WithUsage) {
  const Result r = Compare(GetParam().args);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, StartsWith("usage: vtsnap compare BEFORE AFTER\n"));
}

INSTANTIATE_TEST_SUITE_P(Args, CompareCliArgsTest,
                         ::testing::ValuesIn(std::vector<ArgsCase>{
                             {"None", {}},
                             {"One", {"a"}},
                             {"Three", {"a", "b", "c"}},
                             {"UnknownOption", {"--json", "a"}},
                             {"EmptyPath", {"", "b"}},
                         }),
                         [](const ::testing::TestParamInfo<ArgsCase>& info) {
                           return info.param.name;
                         });

TEST(CompareCliHelpTest, HelpExits0) {
  const Result r = Compare({"--help"});
  EXPECT_EQ(r.code, 0);
  EXPECT_THAT(r.out, HasSubstr("exit 0: nothing differs; 1: something differs; 2:"));
}

}  // namespace
}  // namespace vtsnap::tools
