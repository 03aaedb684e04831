// A golden name that is no golden name fails the assertion and creates nothing: the empty name
// (which would be the hidden file "<folder>/.dump") and a name with a hidden segment (".git/config"
// reaches into a repository's own files), through each of the four golden matchers.
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/matchers/capture_golden.h"
#include "vtsnap/matchers/golden.h"
#include "vtsnap/matchers/plane.h"
#include "vtsnap/matchers/semantic_golden.h"
#include "vtsnap/snapshot/formats/pito_frame.h"
#include "vtsnap/snapshot/golden/pito_recorder.h"
#include "vtsnap/snapshot/screen/rgba.h"

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
  EXPECT_FALSE(::testing::ExplainMatchResult(EqualsSemanticGolden(GetParam().name, {.root = root_}),
                                             vt_, &listener));
  EXPECT_THAT(listener.str(), HasSubstr(GetParam().reason));
  EXPECT_THAT(Created(), ::testing::IsEmpty());
}

TEST_P(GoldenNameTest, EqualsRgbaGoldenRefusesAndWritesNothing) {
  ::testing::StringMatchResultListener listener;
  EXPECT_FALSE(::testing::ExplainMatchResult(EqualsRgbaGolden(GetParam().name, {.root = root_}),
                                             RgbaPlane::Filled(2, 2, 0x336699ff), &listener));
  EXPECT_THAT(listener.str(), HasSubstr(GetParam().reason));
  EXPECT_THAT(Created(), ::testing::IsEmpty());
}

// The capture golden goes through the same check of its name (before 2026-12-07 an empty name
// named the hidden folder "<folder>/.capture" and a failure wrote "<folder>/.capture.actual").
TEST_P(GoldenNameTest, EqualsCaptureGoldenRefusesAndWritesNothing) {
  absl::StatusOr<pito::Recorder> recorder = pito::Recorder::InMemory({{.cols = 10, .rows = 2}});
  ASSERT_TRUE(recorder.ok()) << recorder.status();
  ASSERT_TRUE(
      recorder->RecordScreen(0, "Home", [this](TerminalSize) { return pito::FrameFromScreen(vt_); })
          .ok());
  ::testing::StringMatchResultListener listener;
  EXPECT_FALSE(::testing::ExplainMatchResult(EqualsCaptureGolden(GetParam().name, {.root = root_}),
                                             *recorder, &listener));
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
