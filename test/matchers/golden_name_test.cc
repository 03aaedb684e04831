// A golden name that is no golden name fails the assertion and creates nothing: the empty name
// (which would be the hidden file "<folder>/.dump") and a name with a hidden segment (".git/config"
// reaches into a repository's own files), through each name-based matcher.
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/matchers/golden.h"
#include "vtsnap/matchers/semantic_golden.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

struct NameCase {
  std::string test_name;
  std::string name;
  std::string reason;  // what the failure says
};

class GoldenNameTest : public ::testing::TestWithParam<NameCase> {
 protected:
  void SetUp() override {
    std::string dir = (fs::temp_directory_path() / "vtsnap-golden-name.XXXXXX").string();
    ASSERT_NE(mkdtemp(dir.data()), nullptr);
    root_ = dir;
    vt_.Write("hello");
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  // Every file and folder under the root, hidden ones included.
  std::vector<std::string> Created() const {
    std::vector<std::string> out;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(root_)) {
      out.push_back(e.path().string());
    }
    return out;
  }

  std::string root_;
  VirtualTerminal vt_{{.cols = 10, .rows = 2}};
};

TEST_P(GoldenNameTest, EqualsGoldenRefusesAndWritesNothing) {
  ::testing::StringMatchResultListener listener;
  EXPECT_FALSE(::testing::ExplainMatchResult(EqualsGolden(GetParam().name, {.root = root_}), vt_,
                                             &listener));
  EXPECT_THAT(listener.str(), HasSubstr(GetParam().reason));
  EXPECT_THAT(Created(), ::testing::IsEmpty());
}

TEST_P(GoldenNameTest, EqualsSemanticGoldenRefusesAndWritesNothing) {
  ::testing::StringMatchResultListener listener;
  EXPECT_FALSE(::testing::ExplainMatchResult(
      EqualsSemanticGolden(GetParam().name, {.root = root_}), vt_, &listener));
  EXPECT_THAT(listener.str(), HasSubstr(GetParam().reason));
  EXPECT_THAT(Created(), ::testing::IsEmpty());
}

INSTANTIATE_TEST_SUITE_P(
    Names, GoldenNameTest,
    ::testing::Values(
        NameCase{"Empty", "", "invalid golden name \"\": it is empty"},
        NameCase{"GitConfig", ".git/config",
                 "invalid golden name \".git/config\": segment \".git\" starts with '.'"},
        NameCase{"HiddenLastSegment", "menu/.open", "segment \".open\" starts with '.'"}),
    [](const auto& info) { return info.param.test_name; });

}  // namespace
}  // namespace vtsnap
