// CheckCaptureGolden (snapshot/golden/pito_capture_golden.h) without GoogleTest's matcher: the
// parts the end-to-end runs of EqualsCaptureGolden (test/goldens_e2e) do not reach, because this
// process runs with UPDATE_GOLDENS unset: the header example, refused captures, long reports,
// frames equal by meaning, read-only checks, stale actual captures, and how the store sees a
// capture golden's files.
#include "vtsnap/snapshot/golden/pito_capture_golden.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/pito_frame.h"
#include "vtsnap/snapshot/golden/pito_recorder.h"
#include "vtsnap/snapshot/golden/store.h"

namespace vtsnap::pito {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

std::string ReadText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteText(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

std::vector<std::string> FilesUnder(const fs::path& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    if (it->is_regular_file()) files.push_back(fs::relative(it->path(), dir).generic_string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The app at one size: `text` at the top left.
RenderAtSize Text(std::string text) {
  return [text](TerminalSize size) -> absl::StatusOr<TuiFrame> {
    VirtualTerminal vt({.cols = size.cols, .rows = size.rows});
    vt.Write(text);
    return FrameFromScreen(vt);
  };
}

Capture Record(const std::string& text,
               std::vector<TerminalSize> sizes = {{.cols = 20, .rows = 3}}) {
  absl::StatusOr<Recorder> recorder = Recorder::InMemory(std::move(sizes));
  EXPECT_TRUE(recorder.ok()) << recorder.status();
  EXPECT_TRUE(recorder->RecordScreen(0, "Home", Text(text)).ok());
  return recorder->capture();
}

class CaptureGoldenTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string templ = (fs::temp_directory_path() / "vtsnap-capture-golden.XXXXXX").string();
    ASSERT_NE(::mkdtemp(templ.data()), nullptr);
    dir_ = templ;
    // Under `bazel test` the actual values go to the undeclared outputs; these tests expect them
    // beside the golden unless they set the variable themselves.
    if (const char* outputs = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR")) saved_outputs_ = outputs;
    ::unsetenv("TEST_UNDECLARED_OUTPUTS_DIR");
  }
  void TearDown() override {
    if (saved_outputs_.has_value()) {
      ::setenv("TEST_UNDECLARED_OUTPUTS_DIR", saved_outputs_->c_str(), 1);
    } else {
      ::unsetenv("TEST_UNDECLARED_OUTPUTS_DIR");
    }
    fs::remove_all(dir_);
  }

  CaptureGoldenInput Input(const Capture& capture, const std::string& name = "walk") {
    return {.where = LocateCaptureGolden((dir_ / "walk_test.cc").string(), "", name),
            .name = name,
            .actual = &capture,
            .claimant = "CaptureGoldenTest",
            .accept_command = "./walk_test"};
  }
  fs::path Golden(const std::string& name = "walk") const {
    return dir_ / "goldens" / "walk_test" / (name + ".capture");
  }
  // Writes `capture` as its golden, as a recorder would.
  void WriteGolden(const Capture& capture, const std::string& name = "walk") {
    for (const auto& [scenario, frames] : capture.scenarios) {
      for (const auto& [size, frame] : frames) {
        WriteText(Golden(name) / scenario / FormatSize(size), *SerializeFrame(frame));
      }
    }
  }

  fs::path dir_;
  std::optional<std::string> saved_outputs_;
};

// The header's example: a recorder in memory, checked against its golden in a test's folder.
TEST_F(CaptureGoldenTest, HeaderExample) {
  absl::StatusOr<Recorder> recorder = Recorder::InMemory();
  ASSERT_TRUE(recorder.ok());
  ASSERT_TRUE(recorder->RecordScreen(0, "Home", Text("X")).ok());
  const GoldenLocation where = LocateCaptureGolden((dir_ / "walk_test.cc").string(), "", "walk");
  EXPECT_EQ(where.read_path, Golden().string());
  EXPECT_EQ(where.actual_beside, Golden().string() + ".actual");
  // The golden holds " " where the app now draws "X", at each standard size.
  WriteGolden(Record("", {std::begin(kStandardSizes), std::end(kStandardSizes)}));
  GoldenResult result = CheckCaptureGolden(
      {.where = where, .name = "walk", .actual = &recorder->capture(), .claimant = "Walk.Home"});
  EXPECT_FALSE(result.passed);
  EXPECT_EQ(result.outcome, GoldenOutcome::kMismatch);
  EXPECT_THAT(
      result.message,
      HasSubstr("the capture differs from the golden " + Golden().string() +
                ": 4 frames differ\n"
                "00-home 40x12 0,0: \" \" Reset Reset NONE \u2192 \"X\" Reset Reset NONE\n"));
  EXPECT_THAT(result.message,
              HasSubstr("actual capture written to " + Golden().string() + ".actual\n"));
  absl::StatusOr<Capture> actual = ReadCapture(Golden().string() + ".actual");
  ASSERT_TRUE(actual.ok()) << actual.status();
  EXPECT_EQ(*actual, recorder->capture());
}

// A failing check names the HTML failure report as a screen golden's does, and the page draws the
// expected and the actual screen of each changed frame, its changed cell outlined in both, the
// frames in the standard size order (40x12 80x24 120x34 200x60, not the names' 120x34 first).
TEST_F(CaptureGoldenTest, AFailureNamesTheReportWhichDrawsEachChangedFrameInSizeOrder) {
  ::unsetenv("VTSNAP_REPORT_DIR");
  WriteGolden(Record("", {std::begin(kStandardSizes), std::end(kStandardSizes)}));
  const Capture capture = Record("X", {std::begin(kStandardSizes), std::end(kStandardSizes)});
  const GoldenResult result = CheckCaptureGolden(Input(capture));
  ASSERT_FALSE(result.passed);
  const fs::path page = Golden().parent_path() / "vtsnap-report.html";
  EXPECT_THAT(result.message, ::testing::EndsWith("report: " + page.string() + "\n"));
  EXPECT_EQ(result.message.find("report: "), result.message.rfind("report: "));  // once
  const std::string html = ReadText(page);
  size_t at = 0;
  for (const TerminalSize& size : kStandardSizes) {
    SCOPED_TRACE(FormatSize(size));
    const std::string heading = "walk.capture/00-home/" + FormatSize(size) + "</code></h2>";
    const size_t entry = html.find(heading, at);
    ASSERT_NE(entry, std::string::npos) << "not after the smaller sizes";
    const size_t end = html.find("</section>", entry);
    const std::string section = html.substr(entry, end - entry);
    // Both screens drawn (no "no golden yet"), "X" at 0,0 outlined in each.
    EXPECT_THAT(section, HasSubstr("<figure class=\"exp\"><figcaption>expected (the golden)"
                                   "</figcaption><div class=\"vt\""));
    EXPECT_THAT(section, HasSubstr("<figure class=\"act\"><figcaption>actual</figcaption>"
                                   "<div class=\"vt\""));
    size_t marked = 0;
    for (size_t i = section.find("chg"); i != std::string::npos; i = section.find("chg", i + 1)) {
      ++marked;
    }
    EXPECT_EQ(marked, 2u);
    at = end;
  }
}

TEST_F(CaptureGoldenTest, EqualCapturePassesAndRemovesAStaleActualCapture) {
  const Capture capture = Record("same");
  WriteGolden(capture);
  WriteText(Golden().string() + ".actual/00-home/20x3", "stale");
  WriteText(Golden().string() + ".actual/00-home/9x9", "stale, no longer drawn");
  WriteText(Golden().string() + ".actual/notes.txt", "not vtsnap's");
  const GoldenResult result = CheckCaptureGolden(Input(capture));
  EXPECT_TRUE(result.passed) << result.message;
  EXPECT_EQ(result.outcome, GoldenOutcome::kOk);
  EXPECT_EQ(result.note, "");
  EXPECT_THAT(FilesUnder(Golden().string() + ".actual"), ElementsAre("notes.txt"));
}

// A frame whose runs are split otherwise means the same cells: it passes and is not rewritten.
TEST_F(CaptureGoldenTest, FrameEqualByMeaningPasses) {
  const std::string text = "pito-tui frame 1\n2 1\na\tb\n1 Reset Reset 0\t1 Reset Reset 0\n";
  WriteText(Golden() / "00-home" / "2x1", text);
  Capture capture;
  capture.scenarios["00-home"].emplace(
      TerminalSize{.cols = 2, .rows = 1},
      *ParseFrame("pito-tui frame 1\n2 1\na\tb\n2 Reset Reset 0\n", "x"));
  const GoldenResult result = CheckCaptureGolden(Input(capture));
  EXPECT_TRUE(result.passed) << result.message;
  EXPECT_EQ(ReadText(Golden() / "00-home" / "2x1"), text);
}

// A report holds at most kMaxCaptureDifferenceLines lines and counts the rest.
TEST_F(CaptureGoldenTest, LongReportIsCut) {
  WriteGolden(Record("", {{.cols = 80, .rows = 2}}));
  const Capture capture =
      Record(std::string(80, 'x') + "\r\n" + std::string(80, 'y'), {{.cols = 80, .rows = 2}});
  const GoldenResult result = CheckCaptureGolden(Input(capture));
  EXPECT_FALSE(result.passed);
  EXPECT_THAT(result.message, HasSubstr("00-home 80x2 59,0: \" \" Reset Reset NONE \u2192 \"x\" "
                                        "Reset Reset NONE\n... and 100 more lines; all of them: "
                                        "vtsnap compare " +
                                        Golden().string() + " " + Golden().string() + ".actual\n"));
  EXPECT_THAT(result.message, Not(HasSubstr("00-home 80x2 60,0")));
}

// A golden frame of another size than its file name says is named at its size line.
TEST_F(CaptureGoldenTest, GoldenFrameOfAnotherSizeIsInvalid) {
  WriteText(Golden() / "00-home" / "20x3", *SerializeFrame(Record("", {{.cols = 20, .rows = 4}})
                                                               .scenarios.at("00-home")
                                                               .at({.cols = 20, .rows = 4})));
  const GoldenResult result = CheckCaptureGolden(Input(Record("x")));
  EXPECT_EQ(result.outcome, GoldenOutcome::kInvalid);
  EXPECT_THAT(result.message, HasSubstr("the golden is not a valid pito-tui frame 1: " +
                                        (Golden() / "00-home" / "20x3").string() +
                                        ":2:1: the frame is 20x4, but its file name says 20x3\n"));
  EXPECT_THAT(result.message, HasSubstr("to accept the actual capture run:\n"));
}

// Every file under `dir`, with its bytes.
std::map<std::string, std::string> Contents(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const std::string& file : FilesUnder(dir)) out[file] = ReadText(dir / file);
  return out;
}

struct LinkCase {
  std::string label;
  std::string link;  // relative to the golden's folder (goldens/walk_test), a link to the target
  UpdateMode mode;
  bool equal;         // the capture equals the golden (else "x" where the golden has " ")
  std::string error;  // the message's line, after the link's path
};

class LinkedFolderTest : public CaptureGoldenTest,
                         public ::testing::WithParamInterface<LinkCase> {};

// A capture golden's folder, its scenario folder, the actual capture's folder or a scenario folder
// in that, made a symbolic link: nothing is written or deleted in the link's target, and the
// message names the link.
TEST_P(LinkedFolderTest, NothingIsWrittenOrDeletedThroughIt) {
  const LinkCase& c = GetParam();
  const fs::path folder = Golden().parent_path();
  const fs::path link = folder / c.link;
  const fs::path target = dir_ / "target";
  // The target holds what the linked folder would: the golden's frame, or stale actual frames.
  const bool actual_side = c.link.find(".actual") != std::string::npos;
  const std::string golden_frame =
      *SerializeFrame(Record("").scenarios.at("00-home").at({.cols = 20, .rows = 3}));
  WriteGolden(Record(""));
  fs::remove_all(link);
  const std::string in_target = c.link.ends_with("00-home") ? "" : "00-home/";
  WriteText(target / (in_target + "20x3"), actual_side ? "stale" : golden_frame);
  WriteText(target / (in_target + "9x9"), "stale, no longer drawn");
  fs::create_directories(link.parent_path());
  fs::create_directory_symlink(target, link);
  const std::map<std::string, std::string> before = Contents(target);

  const Capture capture = Record(c.equal ? "" : "x");
  CaptureGoldenInput input = Input(capture);
  input.update_mode = c.mode;
  const GoldenResult result = CheckCaptureGolden(input);
  EXPECT_EQ(result.passed, c.equal) << result.message;
  EXPECT_EQ(Contents(target), before);
  EXPECT_TRUE(fs::is_symlink(link));
  if (!c.error.empty()) {
    EXPECT_THAT(result.message,
                HasSubstr(c.error + link.string() + " is a symbolic link (to " + target.string() +
                          "); vtsnap writes and deletes nothing through a link"));
  }
}

INSTANTIATE_TEST_SUITE_P(
    Links, LinkedFolderTest,
    ::testing::Values(LinkCase{"GoldenFolderUpdated", "walk.capture", UpdateMode::kAll, false,
                               "could not write the golden: "},
                      LinkCase{"ScenarioFolderUpdated", "walk.capture/00-home", UpdateMode::kAll,
                               false, "could not write the golden: "},
                      LinkCase{"ActualFolder", "walk.capture.actual", UpdateMode::kOff, false,
                               "could not write the actual capture: "},
                      LinkCase{"ActualScenarioFolder", "walk.capture.actual/00-home",
                               UpdateMode::kOff, false, "could not write the actual capture: "},
                      LinkCase{"StaleActualFolderOfAPass", "walk.capture.actual", UpdateMode::kOff,
                               true, ""}),
    [](const ::testing::TestParamInfo<LinkCase>& info) { return info.param.label; });

struct RefusedCase {
  std::string label;
  std::string scenario;  // "" for an empty capture
  TerminalSize key;
  TerminalSize frame;
  std::string error;
};

class RefusedCaptureTest : public CaptureGoldenTest,
                           public ::testing::WithParamInterface<RefusedCase> {};

TEST_P(RefusedCaptureTest, NamesWhatCannotBeAGolden) {
  const RefusedCase& c = GetParam();
  Capture capture;
  if (!c.scenario.empty() || c.label == "EmptyScenarioName") {
    ScenarioFrames& frames = capture.scenarios[c.scenario];
    if (c.key.cols > 0) {
      absl::StatusOr<TuiFrame> frame = Record("", {c.frame}).scenarios.at("00-home").at(c.frame);
      frames.emplace(c.key, *frame);
    }
  }
  const GoldenResult result = CheckCaptureGolden(Input(capture));
  EXPECT_FALSE(result.passed);
  EXPECT_EQ(result.outcome, GoldenOutcome::kInvalid);
  EXPECT_EQ(result.message, c.error + "\n");
  EXPECT_FALSE(fs::exists(dir_ / "goldens"));
}

INSTANTIATE_TEST_SUITE_P(
    Refused, RefusedCaptureTest,
    ::testing::Values(
        RefusedCase{"Empty",
                    "",
                    {.cols = 0, .rows = 0},
                    {.cols = 0, .rows = 0},
                    "the capture is empty: record at least one scenario before comparing it "
                    "with its golden"},
        RefusedCase{"DotDot",
                    "..",
                    {.cols = 2, .rows = 1},
                    {.cols = 2, .rows = 1},
                    "the capture's scenario \"..\" cannot be a folder of a golden (one segment "
                    "of A-Z a-z 0-9 . _ -, not . or ..)"},
        RefusedCase{"Slash",
                    "a/b",
                    {.cols = 2, .rows = 1},
                    {.cols = 2, .rows = 1},
                    "the capture's scenario \"a/b\" cannot be a folder of a golden (one segment "
                    "of A-Z a-z 0-9 . _ -, not . or ..)"},
        RefusedCase{"EmptyScenarioName",
                    "",
                    {.cols = 2, .rows = 1},
                    {.cols = 2, .rows = 1},
                    "the capture's scenario \"\" cannot be a folder of a golden (one segment "
                    "of A-Z a-z 0-9 . _ -, not . or ..)"},
        RefusedCase{"NoFrame",
                    "home",
                    {.cols = 0, .rows = 0},
                    {.cols = 0, .rows = 0},
                    "the capture's scenario home holds no frame"},
        RefusedCase{"FrameOfAnotherSize",
                    "home",
                    {.cols = 3, .rows = 1},
                    {.cols = 2, .rows = 1},
                    "the capture's frame home 3x1 is 2x1 (a frame's size is its key)"}),
    [](const ::testing::TestParamInfo<RefusedCase>& info) { return info.param.label; });

// A frame the format cannot write (here: rows missing) is refused before anything is compared.
TEST_F(CaptureGoldenTest, MalformedFrameIsRefused) {
  Capture capture;
  TuiFrame broken;
  broken.width = 2;
  broken.height = 1;
  capture.scenarios["home"].emplace(TerminalSize{.cols = 2, .rows = 1}, broken);
  const GoldenResult result = CheckCaptureGolden(Input(capture));
  EXPECT_EQ(result.outcome, GoldenOutcome::kInvalid);
  EXPECT_THAT(result.message, ::testing::StartsWith("the capture's frame home 2x1 cannot be "
                                                    "written: "));
  EXPECT_FALSE(fs::exists(dir_ / "goldens"));
}

// Two claims of one capture golden with different captures conflict as a whole, even when no
// frame differs (one records a scenario more): the second writes nothing.
TEST_F(CaptureGoldenTest, CaptureClaimedTwiceWithOtherScenariosConflicts) {
  const Capture one = Record("same");
  Capture more = one;
  more.scenarios["drill-in"] = one.scenarios.at("00-home");
  WriteGolden(one, "shared");
  CaptureGoldenInput first = Input(one, "shared");
  first.claimant = "Walk.First";
  EXPECT_TRUE(CheckCaptureGolden(first).passed);
  EXPECT_TRUE(CheckCaptureGolden(first).passed);  // the same capture again is the same claim
  CaptureGoldenInput second = Input(more, "shared");
  second.claimant = "Walk.Second";
  const GoldenResult result = CheckCaptureGolden(second);
  EXPECT_EQ(result.outcome, GoldenOutcome::kConflict);
  EXPECT_EQ(result.message, "the golden capture " + Golden("shared").string() +
                                " is claimed twice in this run with different captures: first by "
                                "Walk.First, then by Walk.Second; nothing is written for it; "
                                "give each capture its own golden name\n");
  EXPECT_FALSE(fs::exists(Golden("shared").string() + ".actual"));
  EXPECT_THAT(FilesUnder(Golden("shared")), ElementsAre("00-home/20x3"));
}

// Under Bazel the actual capture goes to the test's undeclared outputs, named by the test file's
// folder, and nothing lands in the tree; a passing check removes it there.
TEST_F(CaptureGoldenTest, ActualCaptureGoesToTheUndeclaredOutputs) {
  const fs::path outputs = dir_ / "outputs";
  ASSERT_EQ(::setenv("TEST_UNDECLARED_OUTPUTS_DIR", outputs.c_str(), 1), 0);
  const Capture capture = Record("x");
  WriteGolden(Record("y"));
  const GoldenResult result = CheckCaptureGolden(Input(capture));
  const fs::path actual = outputs / "vtsnap" / "walk_test" / "walk.capture.actual";
  EXPECT_THAT(result.message, HasSubstr("actual capture written to " + actual.string() + "\n"));
  EXPECT_THAT(FilesUnder(actual), ElementsAre("00-home/20x3"));
  EXPECT_FALSE(fs::exists(Golden().string() + ".actual"));
  WriteGolden(capture);
  EXPECT_TRUE(CheckCaptureGolden(Input(capture)).passed);
  EXPECT_FALSE(fs::exists(actual));
}

// A scenario folder holding another file keeps its folder: the gone frames are removed one by
// one, the other file on its own; `vtsnap compare` is not offered (it would refuse the folder).
TEST_F(CaptureGoldenTest, GoneFramesBesideAnotherFileAreRemovedOneByOne) {
  const Capture capture = Record("x");
  WriteGolden(capture);
  WriteText(Golden() / "old" / "20x3",
            *SerializeFrame(capture.scenarios.at("00-home").at({.cols = 20, .rows = 3})));
  WriteText(Golden() / "old" / "README", "notes");
  const GoldenResult result = CheckCaptureGolden(Input(capture));
  EXPECT_EQ(result.outcome, GoldenOutcome::kMismatch);
  EXPECT_THAT(result.message, HasSubstr(": 1 frame gone, 1 other file\nold 20x3: -\n"));
  EXPECT_THAT(result.message,
              HasSubstr("  rm " + (Golden() / "old" / "20x3").string() + "\n  rm -r " +
                        (Golden() / "old" / "README").string() + "\n"));
  EXPECT_THAT(result.message, Not(HasSubstr("vtsnap compare")));
  EXPECT_TRUE(fs::exists(Golden() / "old" / "README"));
}

// Not(...) reads only: a missing golden fails without a file written anywhere.
TEST_F(CaptureGoldenTest, ReadOnlyCheckWritesNothing) {
  const Capture capture = Record("x");
  CaptureGoldenInput input = Input(capture);
  input.read_only = true;
  const GoldenResult result = CheckCaptureGolden(input);
  EXPECT_FALSE(result.passed);
  EXPECT_EQ(result.outcome, GoldenOutcome::kMissing);
  EXPECT_THAT(result.message, Not(HasSubstr("actual capture written")));
  EXPECT_FALSE(fs::exists(dir_ / "goldens"));
}

TEST_F(CaptureGoldenTest, InvalidNameIsRefused) {
  const Capture capture = Record("x");
  const GoldenResult result = CheckCaptureGolden(Input(capture, "../up"));
  EXPECT_EQ(result.outcome, GoldenOutcome::kInvalid);
  EXPECT_THAT(result.message, HasSubstr("invalid golden name \"../up\""));
  EXPECT_EQ(result.path, "");
}

// The store sees every file of a capture golden (the inventory's orphans) and names it by the
// capture (a declared checkpoint), but never its actual capture.
struct StorePathCase {
  std::string path;
  bool in_capture;
  std::string stripped;
};

class CaptureStorePathTest : public ::testing::TestWithParam<StorePathCase> {};

TEST_P(CaptureStorePathTest, ClassifiesAndStrips) {
  EXPECT_EQ(IsInCaptureGolden(GetParam().path), GetParam().in_capture);
  EXPECT_EQ(StripGoldenExtension(GetParam().path), GetParam().stripped);
}

INSTANTIATE_TEST_SUITE_P(
    Paths, CaptureStorePathTest,
    ::testing::Values(StorePathCase{"walk.capture/00-home/80x24", true, "walk"},
                      StorePathCase{"login/walk.capture/00-home/80x24", true, "login/walk"},
                      StorePathCase{"walk.capture/notes.txt", true, "walk"},
                      StorePathCase{"walk.capture", false, "walk.capture"},
                      StorePathCase{".capture/00-home/80x24", false, ".capture/00-home/80x24"},
                      StorePathCase{"walk.capture.actual/00-home/80x24", false,
                                    "walk.capture.actual/00-home/80x24"},
                      StorePathCase{"home.dump", false, "home"}));

TEST_F(CaptureGoldenTest, ListGoldenFilesListsCaptureFramesNotTheActualCapture) {
  const fs::path folder = dir_ / "goldens" / "walk_test";
  WriteText(folder / "home.dump", "x");
  WriteText(folder / "walk.capture" / "00-home" / "80x24", "x");
  WriteText(folder / "walk.capture" / "drill-in" / "40x12", "x");
  WriteText(folder / "walk.capture" / "drill-in" / ".40x12.tmp.1.2", "x");
  WriteText(folder / "walk.capture.actual" / "00-home" / "80x24", "x");
  EXPECT_THAT(
      ListGoldenFiles(folder.string()),
      ElementsAre("home.dump", "walk.capture/00-home/80x24", "walk.capture/drill-in/40x12"));
}

TEST(RecorderInMemory, KeepsTheCaptureAndWritesNothing) {
  const fs::path cwd = fs::current_path();
  absl::StatusOr<Recorder> recorder = Recorder::InMemory({{.cols = 4, .rows = 1}});
  ASSERT_TRUE(recorder.ok());
  EXPECT_EQ(recorder->folder(), "");
  ASSERT_TRUE(recorder->RecordScript("Drill in", Text("ab")).ok());
  EXPECT_THAT(
      recorder->capture().scenarios.at("drill-in").at({.cols = 4, .rows = 1}).rows[0].symbols,
      ElementsAre("a", "b", " ", " "));
  EXPECT_FALSE(fs::exists(cwd / "drill-in"));
  std::ostringstream printed;
  PrintTo(*recorder, &printed);
  EXPECT_EQ(printed.str(), "in-memory recorder: capture drill-in (4x1)");
  EXPECT_EQ(Recorder::InMemory({}).status().message(), "a recorder needs at least one size");
}

}  // namespace
}  // namespace vtsnap::pito
