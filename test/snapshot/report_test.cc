// The HTML failure report (snapshot/golden/report.h) and CheckGolden's use of it.
#include "vtsnap/snapshot/golden/report.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/golden/golden_check.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteFile(const fs::path& path, const std::string& contents) {
  std::ofstream(path, std::ios::binary) << contents;
}

// Counts the non-overlapping occurrences of `needle`.
int Count(const std::string& haystack, const std::string& needle) {
  int n = 0;
  for (size_t at = haystack.find(needle); at != std::string::npos;
       at = haystack.find(needle, at + needle.size())) {
    ++n;
  }
  return n;
}

Frame Text(const std::string& row1) {
  Frame f = Frame::Blank(8, 2);
  for (size_t i = 0; i < row1.size(); ++i)
    f.cell(static_cast<int>(i), 1).grapheme = row1.substr(i, 1);
  return f;
}

class ReportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("vtsnap-report-test-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    unsetenv("VTSNAP_REPORT_DIR");
    unsetenv("TEST_UNDECLARED_OUTPUTS_DIR");
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }
  // An entry whose .actual exists (the report drops entries whose .actual is gone).
  ReportEntry Entry(const std::string& name, const std::string& message) {
    const fs::path actual = dir_ / (name + ".dump.actual");
    WriteFile(actual, "x");
    return {.test = "T." + name,
            .golden_path = (dir_ / (name + ".dump")).string(),
            .actual_path = actual.string(),
            .message = message,
            .screens_html = ""};
  }
  fs::path dir_;
};

TEST_F(ReportTest, HeaderExample) {
  Frame expected = Text("Bread");
  Frame actual = Text("Brexd");
  WriteFile(dir_ / "open.dump.actual", "x");
  vtsnap::ReportEntry entry = {.test = "Menu.Opens",
                               .golden_path = (dir_ / "open.dump").string(),
                               .actual_path = (dir_ / "open.dump.actual").string(),
                               .message = "row 1: text differs\n",
                               .screens_html = vtsnap::ReportScreens(&expected, actual)};
  absl::StatusOr<std::string> page = vtsnap::AddReportEntry(entry);
  ASSERT_TRUE(page.ok()) << page.status();
  EXPECT_EQ(*page, (dir_ / "vtsnap-report.html").string());
  const std::string html = ReadFile(*page);
  EXPECT_THAT(html, HasSubstr("<title>vtsnap: 1 failing golden</title>"));
  EXPECT_THAT(html, HasSubstr("Menu.Opens"));
  EXPECT_THAT(html, HasSubstr("row 1: text differs"));
}

TEST_F(ReportTest, ScreensMarkOnlyTheChangedCellsInBoth) {
  Frame expected = Text("Bread");
  Frame actual = Text("Brexd");
  actual.cell(7, 0).style.bg = Color::Palette(4);  // a visible style change on a blank cell
  actual.cell(6, 0).style.fg = Color::Palette(1);  // invisible: a blank cell's foreground
  const std::string html = ReportScreens(&expected, actual);
  EXPECT_EQ(Count(html, "class=\"c chg\""), 4);  // (3,1) and (7,0), in each screen
  EXPECT_THAT(html, HasSubstr("<span class=\"c chg\" title=\"row 1 col 3: &quot;a&quot;"));
  EXPECT_THAT(html, HasSubstr("<span class=\"c chg\" title=\"row 1 col 3: &quot;x&quot;"));
  EXPECT_THAT(html, HasSubstr("class=\"c chg\" style=\"background:#0000ee;\" title=\"row 0 col 7"));
  EXPECT_THAT(html, HasSubstr("expected (the golden)"));
}

TEST_F(ReportTest, NoGoldenShowsTheActualScreenAlone) {
  const std::string html = ReportScreens(nullptr, Text("new"));
  EXPECT_THAT(html, HasSubstr("no golden yet"));
  EXPECT_EQ(Count(html, "chg"), 0);
  EXPECT_EQ(Count(html, "<div class=\"vt\""), 1);
}

TEST_F(ReportTest, ScreensOfDifferentSizesAreShownUnmarked) {
  const Frame small = Frame::Blank(3, 1);
  const std::string html = ReportScreens(&small, Text("x"));
  EXPECT_EQ(Count(html, "chg"), 0);
  EXPECT_EQ(Count(html, "<div class=\"vt\""), 2);
}

TEST_F(ReportTest, FolderTable) {
  struct Case {
    const char* report_dir;
    const char* outputs_dir;
    const char* actual;
    const char* folder;
  } cases[] = {
      {nullptr, nullptr, "g/t/home.dump.actual", "g/t"},
      {nullptr, nullptr, "home.dump.actual", "."},
      {nullptr, nullptr, "g/t/walk.capture.actual/00-home/80x24", "g/t"},
      {nullptr, "/out", "g/t/home.dump.actual", "/out/vtsnap"},
      {"/reports", "/out", "g/t/home.dump.actual", "/reports"},
      {"", nullptr, "g/t/home.dump.actual", "g/t"},  // empty counts as unset
  };
  for (const Case& c : cases) {
    if (c.report_dir != nullptr) setenv("VTSNAP_REPORT_DIR", c.report_dir, 1);
    if (c.outputs_dir != nullptr) setenv("TEST_UNDECLARED_OUTPUTS_DIR", c.outputs_dir, 1);
    EXPECT_EQ(ReportFolderFor(c.actual), c.folder) << c.actual;
    unsetenv("VTSNAP_REPORT_DIR");
    unsetenv("TEST_UNDECLARED_OUTPUTS_DIR");
  }
}

TEST_F(ReportTest, EntriesAreSortedReplacedEscapedAndDroppedWithTheirActual) {
  ASSERT_TRUE(AddReportEntry(Entry("zeta", "first <b>")).ok());
  ASSERT_TRUE(AddReportEntry(Entry("alpha", "a")).ok());
  absl::StatusOr<std::string> page = AddReportEntry(Entry("zeta", "second"));  // replaces
  ASSERT_TRUE(page.ok()) << page.status();
  std::string html = ReadFile(*page);
  EXPECT_THAT(html, HasSubstr("<title>vtsnap: 2 failing goldens</title>"));
  EXPECT_LT(html.find("alpha.dump"), html.find("zeta.dump"));
  EXPECT_THAT(html, HasSubstr("second"));
  EXPECT_THAT(html, Not(HasSubstr("first")));
  // Escaped: a message is text.
  ASSERT_TRUE(AddReportEntry(Entry("beta", "<script>alert(1)</script>")).ok());
  html = ReadFile(*page);
  EXPECT_THAT(html, HasSubstr("&lt;script&gt;alert(1)&lt;/script&gt;"));
  // An entry whose .actual is gone (accepted or rejected) goes at the next rebuild.
  fs::remove(dir_ / "alpha.dump.actual");
  ASSERT_TRUE(
      RemoveReportEntry((dir_ / "beta.dump").string(), (dir_ / "beta.dump.actual").string()).ok());
  html = ReadFile(*page);
  EXPECT_THAT(html, HasSubstr("<title>vtsnap: 1 failing golden</title>"));
  EXPECT_THAT(html, Not(HasSubstr("alpha.dump")));
  EXPECT_THAT(html, Not(HasSubstr("beta.dump")));
}

TEST_F(ReportTest, NewOrChangedAndPlainTextMessages) {
  ReportEntry fresh =
      Entry("fresh", "\x1b[0;31mred\x1b[0m \x1b]8;;https://x.example/\x1b\\link\x1b]8;;\x1b\\");
  fresh.new_golden = true;
  ASSERT_TRUE(AddReportEntry(fresh).ok());
  absl::StatusOr<std::string> page = AddReportEntry(Entry("old", "m"));
  ASSERT_TRUE(page.ok()) << page.status();
  const std::string html = ReadFile(*page);
  EXPECT_THAT(html, HasSubstr("T.fresh &middot; new &middot;"));
  EXPECT_THAT(html, HasSubstr("T.old &middot; changed &middot;"));
  EXPECT_THAT(html, HasSubstr("<pre class=\"msg\">red link</pre>"));  // no escape sequences
  EXPECT_EQ(html.find('\x1b'), std::string::npos);
}

TEST_F(ReportTest, AnUnreadableEntriesFolderIsAnErrorAndKeepsThePage) {
  ASSERT_TRUE(AddReportEntry(Entry("home", "m")).ok());
  const fs::path entries = dir_ / "vtsnap-report.entries";
  fs::remove_all(entries);
  WriteFile(entries, "not a folder");  // as unreadable as a folder can be for root
  const absl::Status refreshed = RefreshReport((dir_ / "home.dump.actual").string());
  EXPECT_FALSE(refreshed.ok());
  EXPECT_THAT(refreshed.message(), HasSubstr("vtsnap-report.entries"));
  EXPECT_TRUE(fs::exists(dir_ / "vtsnap-report.html"));  // not rebuilt from nothing
}

TEST_F(ReportTest, TheLastEntryGoneLeavesNoTrace) {
  ASSERT_TRUE(AddReportEntry(Entry("home", "m")).ok());
  ASSERT_TRUE(fs::exists(dir_ / "vtsnap-report.html"));
  ASSERT_TRUE(
      RemoveReportEntry((dir_ / "home.dump").string(), (dir_ / "home.dump.actual").string()).ok());
  EXPECT_FALSE(fs::exists(dir_ / "vtsnap-report.html"));
  EXPECT_FALSE(fs::exists(dir_ / "vtsnap-report.entries"));
  // Removing what is not there is fine.
  EXPECT_TRUE(
      RemoveReportEntry((dir_ / "home.dump").string(), (dir_ / "home.dump.actual").string()).ok());
}

TEST_F(ReportTest, AnUnwritableFolderIsAnErrorNamingIt) {
  setenv("VTSNAP_REPORT_DIR", "/proc/vtsnap-cannot-be-here", 1);
  absl::StatusOr<std::string> page = AddReportEntry(Entry("home", "m"));
  unsetenv("VTSNAP_REPORT_DIR");
  ASSERT_FALSE(page.ok());
  EXPECT_THAT(page.status().message(), HasSubstr("/proc/vtsnap-cannot-be-here"));
}

// An entries folder that is a symbolic link is neither written nor pruned through: adding an
// entry or refreshing the report is an error naming the link, and its target is left as it was.
TEST_F(ReportTest, AnEntriesFolderThatIsALinkIsRefusedNamingIt) {
  const fs::path target = dir_ / "target";
  fs::create_directories(target);
  // An entry whose .actual is gone: a rebuild through the link would delete it.
  WriteFile(target / "0123456789abcdef.entry", "golden x\nactual /gone.actual\n<p>x</p>\n");
  const fs::path link = dir_ / "vtsnap-report.entries";
  fs::create_directory_symlink(target, link);
  const std::string refusal = link.string() + " is a symbolic link (to " + target.string() +
                              "); vtsnap writes and deletes nothing through a link";
  absl::StatusOr<std::string> page = AddReportEntry(Entry("home", "m"));
  ASSERT_FALSE(page.ok());
  EXPECT_THAT(page.status().message(), HasSubstr(refusal));
  const absl::Status refreshed = RefreshReport((dir_ / "home.dump.actual").string());
  EXPECT_THAT(refreshed.message(), HasSubstr(refusal));
  std::vector<std::string> in_target;
  for (const fs::directory_entry& f : fs::directory_iterator(target)) {
    in_target.push_back(f.path().filename().string());
  }
  EXPECT_THAT(in_target, ::testing::ElementsAre("0123456789abcdef.entry"));
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_FALSE(fs::exists(dir_ / "vtsnap-report.html"));
}

// A process that holds the report folder's lock and never lets go (here a child stopped after
// taking it) costs a failing check VTSNAP_REPORT_LOCK_TIMEOUT seconds, not the run: the check
// fails with its own message and a line naming the folder and the holder.
TEST_F(ReportTest, AHeldLockTimesOutNamingItsHolderAndTheCheckStillFails) {
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  const pid_t holder = ::fork();
  ASSERT_GE(holder, 0);
  if (holder == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // it goes with this test, however that ends
    const int fd = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd < 0 || ::flock(fd, LOCK_EX) != 0) ::_exit(1);
    (void)!::write(ready[1], "x", 1);
    while (true) ::pause();
  }
  ::close(ready[1]);
  char byte = 0;
  ASSERT_EQ(::read(ready[0], &byte, 1), 1);
  ::close(ready[0]);
  setenv("VTSNAP_REPORT_LOCK_TIMEOUT", "0.2", 1);
  ::alarm(60);  // a wait without end kills the test instead of hanging the run
  const fs::path golden = dir_ / "home.dump";
  WriteFile(golden, *golden::Serialize(Text("Bread")));
  const Frame changed = Text("Brexd");
  const GoldenResult failed = CheckGolden({.where = LocateGoldenPath(golden.string()),
                                           .actual = golden::Serialize(changed),
                                           .compare = CompareDumpByMeaning([&] { return changed; }),
                                           .claimant = "Report.Locked",
                                           .accept_command = "./check"});
  ::alarm(0);
  unsetenv("VTSNAP_REPORT_LOCK_TIMEOUT");
  ::kill(holder, SIGKILL);
  ::waitpid(holder, nullptr, 0);
  EXPECT_FALSE(failed.passed);
  EXPECT_THAT(failed.message, HasSubstr("the screen differs from the golden " + golden.string()));
  EXPECT_THAT(failed.message,
              HasSubstr("could not write the report: the report folder " + dir_.string() +
                        " stayed locked by process " + std::to_string(holder) + " for 200ms"));
  EXPECT_THAT(failed.message, Not(HasSubstr("report: /")));
  EXPECT_FALSE(fs::exists(dir_ / "vtsnap-report.html"));
}

// CheckGolden adds the entry on a failure, names the page, and drops it when the check passes.
TEST_F(ReportTest, CheckGoldenAddsAndForgetsItsEntry) {
  const fs::path golden = dir_ / "home.dump";
  absl::StatusOr<std::string> expected_dump = golden::Serialize(Text("Bread"));
  ASSERT_TRUE(expected_dump.ok());
  WriteFile(golden, *expected_dump);
  auto check = [&](const Frame& actual) {
    return CheckGolden({.where = LocateGoldenPath(golden.string()),
                        .actual = golden::Serialize(actual),
                        .compare = CompareDumpByMeaning([&actual] { return actual; }),
                        .report_screens = DumpReportScreens([&actual] { return actual; }),
                        .claimant = "Report.Check",
                        .accept_command = "./check"});
  };
  const Frame changed = Text("Brexd");
  const GoldenResult failed = check(changed);
  ASSERT_FALSE(failed.passed);
  const fs::path page = dir_ / "vtsnap-report.html";
  EXPECT_THAT(failed.message, HasSubstr("report: " + page.string() + "\n"));
  const std::string html = ReadFile(page);
  EXPECT_EQ(Count(html, "class=\"c chg\""), 2);
  EXPECT_THAT(html, HasSubstr("Report.Check"));
  EXPECT_THAT(html, HasSubstr("row 1 -|Bread   |"));  // the text report too
  // Passing again (the change accepted) removes the .actual, and with it the entry and the page.
  WriteFile(golden, *golden::Serialize(changed));
  const GoldenResult passed = check(changed);
  ASSERT_TRUE(passed.passed) << passed.message;
  EXPECT_FALSE(fs::exists(golden.string() + ".actual"));
  EXPECT_FALSE(fs::exists(page));
}

}  // namespace
}  // namespace vtsnap
