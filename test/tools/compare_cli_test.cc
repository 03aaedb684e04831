// `vtsnap compare BEFORE AFTER` (tools/compare.cc): the printed Differences, the exit codes (0
// nothing differs, 1 something does, 2 bad arguments or bad input naming the path and position).
// test/CMakeLists.txt also runs the built command on the spec's example in test/tools/compare_cli.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/sanitizer.h"
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

// A frame file of `cols` x `rows` cells that all hold `symbol`.
std::string FilledFrameFile(int cols, int rows, const std::string& symbol) {
  std::vector<std::string> symbols(static_cast<size_t>(cols), symbol);
  const std::string row =
      absl::StrCat(absl::StrJoin(symbols, "\t"), "\n", cols, " Reset Reset 0\n");
  std::string text = absl::StrCat("pito-tui frame 1\n", cols, " ", rows, "\n");
  text.reserve(text.size() + row.size() * static_cast<size_t>(rows));
  for (int y = 0; y < rows; ++y) text += row;
  return text;
}

// Counts the lines written to it and keeps none of them.
class LineCounter : public std::streambuf {
 public:
  size_t lines() const { return lines_; }

 protected:
  int_type overflow(int_type c) override {
    if (c == '\n') ++lines_;
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    lines_ += static_cast<size_t>(std::count(s, s + n, '\n'));
    return n;
  }

 private:
  size_t lines_ = 0;
};

// The process's address space in bytes (/proc/self/statm, first field, in pages).
int64_t AddressSpaceBytes() {
  std::FILE* statm = std::fopen("/proc/self/statm", "r");
  if (statm == nullptr) return -1;
  long pages = -1;
  if (std::fscanf(statm, "%ld", &pages) != 1) pages = -1;
  std::fclose(statm);
  return pages < 0 ? -1 : static_cast<int64_t>(pages) * ::sysconf(_SC_PAGESIZE);
}

// Two 1024x512 frames that differ in every cell: 524 288 Differences, printed one by one. The
// command runs in a forked child whose address space may grow by 64 MiB only (setrlimit
// RLIMIT_AS): the two parsed frames take ~35 MB, while holding every Difference took ~90 MB and
// the text of all of them ~30 MB more. The child exits 0 when the command exited 1 (differ) and
// printed one line per cell. Not timed.
TEST_F(CompareCliTest, FramesThatDifferEverywhereArePrintedWithoutHoldingTheDifferences) {
#ifdef VTSNAP_TEST_ASAN
  GTEST_SKIP() << "AddressSanitizer reserves huge address space: RLIMIT_AS cannot bound it";
#else
  constexpr int kCols = 1024;
  constexpr int kRows = 512;
  Write(before_ + "/big/" + absl::StrCat(kCols, "x", kRows), FilledFrameFile(kCols, kRows, "a"));
  Write(after_ + "/big/" + absl::StrCat(kCols, "x", kRows), FilledFrameFile(kCols, kRows, "b"));
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const int64_t now = AddressSpaceBytes();
    if (now < 0) ::_exit(3);
    const rlim_t limit = static_cast<rlim_t>(now + (int64_t{64} << 20));
    const struct rlimit bound = {limit, limit};
    if (::setrlimit(RLIMIT_AS, &bound) != 0) ::_exit(4);
    // An allocation past the bound throws std::bad_alloc; gtest would catch it in this child and
    // go on running the other tests here, so it ends the child at once.
    try {
      LineCounter counter;
      std::ostream out(&counter);
      std::ostringstream err;
      const int code = RunCompare({before_, after_}, out, err);
      if (code != 1) ::_exit(5);
      ::_exit(counter.lines() == size_t{kCols} * kRows ? 0 : 6);
    } catch (...) {
      ::_exit(2);
    }
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0)
      << "2: an allocation failed (the bound was broken); 5: the exit code was not 1; 6: not one "
         "line per cell";
#endif
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
