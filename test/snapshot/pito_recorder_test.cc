// pito::Recorder (snapshot/golden/pito_recorder.h): folder names of screens and scripts, one frame
// file per size written for a small app drawn into a VirtualTerminal at each size, the refusals
// (duplicate folder, non-empty capture folder, a frame of the wrong size, the app's error), and
// Finish comparing with an earlier capture.
#include "vtsnap/snapshot/golden/pito_recorder.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/base/size.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/pito_capture.h"
#include "vtsnap/snapshot/formats/pito_frame.h"
#include "vtsnap/snapshot/golden/store.h"

namespace vtsnap::pito {
namespace {

namespace fs = std::filesystem;

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// ---------------------------------------------------------------------------------------------
// Folder names

struct NameCase {
  std::string name;
  std::string input;
  std::string folder;
};

class ScenarioFolderNameTest : public ::testing::TestWithParam<NameCase> {};

TEST_P(ScenarioFolderNameTest, LowercasesAndJoinsRunsOfOtherCharactersWithOneDash) {
  absl::StatusOr<std::string> folder = ScenarioFolderName(GetParam().input);
  ASSERT_TRUE(folder.ok()) << folder.status();
  EXPECT_EQ(*folder, GetParam().folder);
}

INSTANTIATE_TEST_SUITE_P(Names, ScenarioFolderNameTest,
                         ::testing::ValuesIn(std::vector<NameCase>{
                             {"AlreadyAFolderName", "quit-guard", "quit-guard"},
                             {"Lowercased", "Home", "home"},
                             {"SpaceIsADash", "Drill in", "drill-in"},
                             {"DigitsKept", "Step 2", "step-2"},
                             {"RunOfOthersIsOneDash", "a  _/. b", "a-b"},
                             {"DashesCollapse", "a--b", "a-b"},
                             {"TrailingRunDropped", "What to do next?", "what-to-do-next"},
                             {"LeadingRunDropped", "  (about)", "about"},
                             {"NonAsciiBytesAreOtherCharacters", "caf\xc3\xa9 menu", "caf-menu"},
                             {"NonAsciiInsideJoins", "na\xc3\xafve", "na-ve"},
                         }),
                         [](const ::testing::TestParamInfo<NameCase>& info) {
                           return info.param.name;
                         });

TEST(ScenarioFolderNameErrorTest, NameWithoutLetterOrDigitIsAnError) {
  for (const std::string name : {"", "???", " - ", "\xc3\xa9"}) {
    absl::StatusOr<std::string> folder = ScenarioFolderName(name);
    EXPECT_EQ(folder.status().code(), absl::StatusCode::kInvalidArgument) << name;
    EXPECT_THAT(folder.status().message(), HasSubstr("has no letter or digit")) << name;
  }
}

TEST(ScreenFolderNameTest, IndexHasAtLeastTwoDigits) {
  EXPECT_EQ(*ScreenFolderName(0, "Home"), "00-home");
  EXPECT_EQ(*ScreenFolderName(1, "What to do next"), "01-what-to-do-next");
  EXPECT_EQ(*ScreenFolderName(42, "x"), "42-x");
  EXPECT_EQ(*ScreenFolderName(123, "x"), "123-x");
}

TEST(ScreenFolderNameTest, NegativeIndexIsAnError) {
  EXPECT_EQ(ScreenFolderName(-1, "Home").status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(ScreenFolderNameTest, BadNameIsAnError) {
  EXPECT_EQ(ScreenFolderName(0, "!!").status().code(), absl::StatusCode::kInvalidArgument);
}

// ---------------------------------------------------------------------------------------------
// Recording

// A small app: its title in bold at the top left, and its size at the bottom left, dim.
absl::StatusOr<TuiFrame> DrawApp(const std::string& title, TerminalSize size) {
  VirtualTerminal vt({.cols = size.cols, .rows = size.rows});
  vt.Write(absl::StrCat("\x1b[1m", title, "\x1b[0m\x1b[", size.rows, ";1H\x1b[2m", FormatSize(size),
                        "\x1b[0m"));
  return FrameFromScreen(vt);
}

RenderAtSize App(const std::string& title) {
  return [title](TerminalSize size) { return DrawApp(title, size); };
}

class RecorderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = (fs::path(::testing::TempDir()) /
             absl::StrCat(
                 "pito_recorder_test_",
                 absl::StrReplaceAll(
                     ::testing::UnitTest::GetInstance()->current_test_info()->name(), {{"/", "_"}}),
                 "_", ::getpid()))
                .string();
    fs::remove_all(root_);
    fs::create_directories(root_);
    folder_ = root_ + "/capture";
  }
  void TearDown() override { fs::remove_all(root_); }

  // The files under `dir`, relative, sorted.
  static std::vector<std::string> Files(const std::string& dir) {
    std::vector<std::string> out;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
      if (entry.is_regular_file()) out.push_back(fs::relative(entry.path(), dir).string());
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  std::string root_, folder_;
};

// The header's example, kept compiling and true.
TEST_F(RecorderTest, HeaderExample) {
  absl::StatusOr<Recorder> recorder = Recorder::Create(folder_);
  ASSERT_TRUE(recorder.ok()) << recorder.status();
  ASSERT_TRUE(recorder->RecordScreen(0, "Home", App("Home")).ok());
  ASSERT_TRUE(recorder->RecordScript("Drill in", App("Drill")).ok());
  const std::string before = root_ + "/before";
  absl::StatusOr<Recorder> earlier = Recorder::Create(before);
  ASSERT_TRUE(earlier.ok()) << earlier.status();
  ASSERT_TRUE(earlier->RecordScreen(0, "Home", App("Xome")).ok());
  ASSERT_TRUE(earlier->RecordScript("Drill in", App("Drill")).ok());
  absl::StatusOr<Differences> d = recorder->Finish(before);
  ASSERT_TRUE(d.ok()) << d.status();
  // "Xome" became "Home" at every size: one cell each, bold both times.
  EXPECT_EQ(d->Text(),
            "00-home 40x12 0,0: \"X\" Reset Reset BOLD \u2192 \"H\" Reset Reset BOLD\n"
            "00-home 80x24 0,0: \"X\" Reset Reset BOLD \u2192 \"H\" Reset Reset BOLD\n"
            "00-home 120x34 0,0: \"X\" Reset Reset BOLD \u2192 \"H\" Reset Reset BOLD\n"
            "00-home 200x60 0,0: \"X\" Reset Reset BOLD \u2192 \"H\" Reset Reset BOLD\n");
}

TEST_F(RecorderTest, WritesOneFilePerStandardSizeInEachScenarioFolder) {
  absl::StatusOr<Recorder> recorder = Recorder::Create(folder_);
  ASSERT_TRUE(recorder.ok()) << recorder.status();
  ASSERT_TRUE(recorder->RecordScreen(0, "Home", App("Home")).ok());
  ASSERT_TRUE(recorder->RecordScreen(1, "What to do next?", App("Next")).ok());
  ASSERT_TRUE(recorder->RecordScript("Quit guard", App("Quit?")).ok());
  EXPECT_THAT(
      Files(folder_),
      ElementsAre("00-home/120x34", "00-home/200x60", "00-home/40x12", "00-home/80x24",
                  "01-what-to-do-next/120x34", "01-what-to-do-next/200x60",
                  "01-what-to-do-next/40x12", "01-what-to-do-next/80x24", "quit-guard/120x34",
                  "quit-guard/200x60", "quit-guard/40x12", "quit-guard/80x24"));
}

// Each file is the frame the app drew at that size, byte for byte as SerializeFrame writes it.
TEST_F(RecorderTest, EachFileIsTheFrameDrawnAtItsSize) {
  absl::StatusOr<Recorder> recorder = Recorder::Create(folder_);
  ASSERT_TRUE(recorder.ok()) << recorder.status();
  ASSERT_TRUE(recorder->RecordScreen(0, "Home", App("Home")).ok());
  for (const TerminalSize size : kStandardSizes) {
    absl::StatusOr<TuiFrame> frame = DrawApp("Home", size);
    ASSERT_TRUE(frame.ok()) << frame.status();
    absl::StatusOr<std::optional<std::string>> file =
        ReadFileIfExists(absl::StrCat(folder_, "/00-home/", FormatSize(size)));
    ASSERT_TRUE(file.ok() && file->has_value()) << FormatSize(size);
    EXPECT_EQ(**file, *SerializeFrame(*frame)) << FormatSize(size);
    // The app drew at the size asked: its last row spells that size.
    absl::StatusOr<TuiFrame> parsed = ParseFrame(**file, "file");
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    std::string last_row;
    for (const std::string& symbol : parsed->rows[size.rows - 1].symbols) last_row += symbol;
    EXPECT_EQ(last_row.substr(0, FormatSize(size).size()), FormatSize(size));
  }
}

TEST_F(RecorderTest, WhatItRecordedReadsBackAsItsCapture) {
  absl::StatusOr<Recorder> recorder = Recorder::Create(folder_);
  ASSERT_TRUE(recorder.ok()) << recorder.status();
  ASSERT_TRUE(recorder->RecordScreen(3, "Home", App("Home")).ok());
  ASSERT_TRUE(recorder->RecordScript("drill-in", App("\xe4\xbd\xa0 wide")).ok());
  absl::StatusOr<Capture> read = ReadCapture(folder_);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(*read, recorder->capture());
  absl::StatusOr<Differences> d = recorder->Finish(folder_);
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_TRUE(d->empty()) << d->Text();
}

TEST_F(RecorderTest, CallersSizesInsteadOfTheStandardOnes) {
  absl::StatusOr<Recorder> recorder =
      Recorder::Create(folder_, {{.cols = 20, .rows = 5}, {.cols = 9, .rows = 3}});
  ASSERT_TRUE(recorder.ok()) << recorder.status();
  ASSERT_TRUE(recorder->RecordScript("tiny", App("T")).ok());
  EXPECT_THAT(Files(folder_), ElementsAre("tiny/20x5", "tiny/9x3"));
}

TEST_F(RecorderTest, DuplicateScenarioFolderIsRefused) {
  absl::StatusOr<Recorder> recorder = Recorder::Create(folder_);
  ASSERT_TRUE(recorder.ok()) << recorder.status();
  ASSERT_TRUE(recorder->RecordScreen(0, "Home", App("Home")).ok());
  const absl::Status s = recorder->RecordScreen(0, "home!", App("Other"));
  EXPECT_EQ(s.code(), absl::StatusCode::kAlreadyExists);
  EXPECT_EQ(s.message(),
            "scenario 00-home (\"home!\"): the folder 00-home was already recorded (two "
            "scenarios with the same folder name)");
  // The first recording is kept, file and capture.
  ASSERT_EQ(recorder->capture().scenarios.size(), 1u);
  absl::StatusOr<Capture> read = ReadCapture(folder_);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(*read, recorder->capture());
}

TEST_F(RecorderTest, ScriptWithAScreensFolderNameIsRefused) {
  absl::StatusOr<Recorder> recorder = Recorder::Create(folder_);
  ASSERT_TRUE(recorder.ok()) << recorder.status();
  ASSERT_TRUE(recorder->RecordScript("Drill in", App("a")).ok());
  EXPECT_EQ(recorder->RecordScript("DRILL_IN", App("b")).code(), absl::StatusCode::kAlreadyExists);
}

TEST_F(RecorderTest, NonEmptyFolderIsRefused) {
  std::ofstream(root_ + "/old") << "x";
  absl::StatusOr<Recorder> recorder = Recorder::Create(root_);
  EXPECT_EQ(recorder.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(recorder.status().message(),
              HasSubstr(absl::StrCat(root_, ": the capture folder is not empty")));
}

TEST_F(RecorderTest, FileInsteadOfFolderIsRefused) {
  std::ofstream(folder_) << "";  // an empty file: empty, but not a folder
  absl::StatusOr<Recorder> recorder = Recorder::Create(folder_);
  EXPECT_EQ(recorder.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(recorder.status().message(),
            absl::StrCat(folder_, ": exists and is not a folder (a capture is a folder)"));
}

TEST_F(RecorderTest, EmptyExistingFolderIsAccepted) {
  fs::create_directories(folder_);
  EXPECT_TRUE(Recorder::Create(folder_).ok());
}

TEST_F(RecorderTest, BadSizeListsAreRefused) {
  EXPECT_EQ(Recorder::Create(folder_, {}).status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(Recorder::Create(folder_, {{.cols = 80, .rows = 24}, {.cols = 80, .rows = 24}})
                .status()
                .message(),
            "size 80x24 is given twice");
  EXPECT_EQ(Recorder::Create(folder_, {{.cols = 0, .rows = 24}}).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(Recorder::Create(folder_, {{.cols = 4097, .rows = 24}}).status().message(),
            "size 4097x24 is outside 1x1..4096x4096");
}

TEST_F(RecorderTest, FrameOfAnotherSizeIsRefused) {
  absl::StatusOr<Recorder> recorder = Recorder::Create(folder_);
  ASSERT_TRUE(recorder.ok()) << recorder.status();
  const absl::Status s = recorder->RecordScreen(
      0, "Home", [](TerminalSize) { return DrawApp("Home", {.cols = 80, .rows = 24}); });
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  // The first size asked is 40x12.
  EXPECT_EQ(s.message(), "scenario 00-home (\"Home\") at 40x12: the app drew a frame of 80x24");
  EXPECT_TRUE(recorder->capture().scenarios.empty());
}

TEST_F(RecorderTest, AppErrorIsReturnedWithTheScenarioAndSize) {
  absl::StatusOr<Recorder> recorder = Recorder::Create(folder_);
  ASSERT_TRUE(recorder.ok()) << recorder.status();
  const absl::Status s =
      recorder->RecordScript("Link", [](TerminalSize size) -> absl::StatusOr<TuiFrame> {
        if (size.cols < 80) return DrawApp("ok", size);
        return absl::UnavailableError("the app crashed");
      });
  EXPECT_EQ(s.code(), absl::StatusCode::kUnavailable);
  EXPECT_EQ(s.message(), "scenario link (\"Link\") at 80x24: the app crashed");
  EXPECT_TRUE(recorder->capture().scenarios.empty());
}

TEST_F(RecorderTest, FinishReportsEarlierCapturesErrors) {
  absl::StatusOr<Recorder> recorder = Recorder::Create(folder_);
  ASSERT_TRUE(recorder.ok()) << recorder.status();
  EXPECT_EQ(recorder->Finish(root_ + "/nope").status().code(), absl::StatusCode::kNotFound);
}

TEST_F(RecorderTest, FinishReportsAddedAndRemovedScenarios) {
  const std::string before = root_ + "/before";
  absl::StatusOr<Recorder> earlier = Recorder::Create(before, {{.cols = 10, .rows = 2}});
  ASSERT_TRUE(earlier.ok()) << earlier.status();
  ASSERT_TRUE(earlier->RecordScript("gone", App("g")).ok());
  absl::StatusOr<Recorder> recorder = Recorder::Create(folder_, {{.cols = 10, .rows = 2}});
  ASSERT_TRUE(recorder.ok()) << recorder.status();
  ASSERT_TRUE(recorder->RecordScript("about", App("a")).ok());
  absl::StatusOr<Differences> d = recorder->Finish(before);
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(d->Text(), "about 10x2: +\ngone 10x2: -\n");
}

}  // namespace
}  // namespace vtsnap::pito
