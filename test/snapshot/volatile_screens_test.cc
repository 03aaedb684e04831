// Volatile screens: real programs whose screens change from run to run (htop, mc, nnn), captured
// twice a minute apart (test/snapshot/volatile/), differ before redaction and agree after the
// recipes docs/goldens.md ("Volatile screens") gives, which leave the stable rows alone. A live
// run of htop, when it is installed, checks the htop recipe on two fresh runs.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/time.h"
#include "gtest/gtest.h"
#include "test/scratch_dir.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/pty/pty_session.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/redact.h"
#include "vtsnap/snapshot/screen/redact_presets.h"

namespace vtsnap {
namespace {

// The htop recipe: its meters, the rest of the rows of the right-hand header column (their
// figures change width: a load of 10.00, an uptime of "1 day, 00:00:00"), and the process list
// (every row between the column header "PID USER ..." and the function-key bar), which shows
// other processes on every run. A frame without the column header gets no rectangle.
Redactions HtopRedactions(const Frame& frame) {
  Redactions r;
  EXPECT_TRUE(AddRedactionPreset("meter", &r).ok());
  EXPECT_TRUE(r.AddPattern(R"((?:Tasks|Load average|Uptime): (?P<redact>.*))").ok());
  for (int row = 0; row < frame.rows; ++row) {
    if (absl::StrContains(frame.RowText(row), "PID USER")) {
      r.AddRect(0, row + 1, frame.cols, frame.rows - row - 2);
      break;
    }
  }
  return r;
}

// The mc recipe: the panels' folder (a scratch folder), file times, free space, the subshell's
// prompt and the hint line.
Redactions McRedactions(const Frame&) {
  Redactions r;
  EXPECT_TRUE(AddRedactionPresets({"temp-path", "month-date", "clock", "byte-size", "percent",
                                   "user-host", "hint-line"},
                                  &r)
                  .ok());
  return r;
}

// The nnn recipe: the scratch folder's name and the file times.
Redactions NnnRedactions(const Frame&) {
  Redactions r;
  EXPECT_TRUE(AddRedactionPresets({"temp-path", "iso-date", "clock"}, &r).ok());
  return r;
}

struct Program {
  const char* name;  // the fixtures' stem: volatile/NAME-run1.txt, NAME-run2.txt
  int cols;
  int rows;
  Redactions (*recipe)(const Frame&);
  std::vector<int> stable_rows;  // rows that hold nothing volatile: the recipe must not mask them
};

std::vector<Program> Programs() {
  return {
      // The tabs, the column header and the function keys.
      {"htop", 80, 12, &HtopRedactions, {6, 7, 11}},
      // The menu bar, the column titles, a file's name and size, the function keys.
      {"mc", 80, 12, &McRedactions, {0, 2, 7, 11}},
      // The empty rows (every other row shows a time or the scratch folder's name).
      {"nnn", 80, 8, &NnnRedactions, {1, 5, 6}},
  };
}

// The fixture's rows drawn on a terminal of the program's size, as a captured frame.
Frame FromFixture(const Program& p, int run) {
  const std::filesystem::path path = std::filesystem::path(VTSNAP_SOURCE_DIR) /
                                     "test/snapshot/volatile" /
                                     absl::StrCat(p.name, "-run", run, ".txt");
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << path;
  std::stringstream text;
  text << in.rdbuf();
  VirtualTerminal vt({.cols = p.cols, .rows = p.rows});
  int row = 1;
  for (absl::string_view line : absl::StrSplit(text.str(), '\n')) {
    if (row > p.rows) {
      EXPECT_TRUE(line.empty()) << path << " has more than " << p.rows << " rows";
      break;
    }
    vt.Write(absl::StrCat("\x1b[", row, ";1H", line));
    ++row;
  }
  absl::StatusOr<Frame> frame = CaptureFrame(vt);
  EXPECT_TRUE(frame.ok()) << frame.status();
  return frame.ok() ? *frame : Frame();
}

std::vector<std::string> Rows(const Frame& frame) {
  std::vector<std::string> rows;
  for (int row = 0; row < frame.rows; ++row) rows.push_back(frame.RowText(row));
  return rows;
}

class VolatileScreenTest : public ::testing::TestWithParam<Program> {};

TEST_P(VolatileScreenTest, TwoRunsDifferBeforeRedaction) {
  EXPECT_NE(Rows(FromFixture(GetParam(), 1)), Rows(FromFixture(GetParam(), 2)));
}

TEST_P(VolatileScreenTest, TwoRunsAgreeAfterRedaction) {
  const Program& p = GetParam();
  Frame first = FromFixture(p, 1);
  Frame second = FromFixture(p, 2);
  p.recipe(first).Apply(&first);
  p.recipe(second).Apply(&second);
  EXPECT_EQ(Rows(first), Rows(second));
}

TEST_P(VolatileScreenTest, RecipeLeavesStableRowsAlone) {
  const Program& p = GetParam();
  const Frame original = FromFixture(p, 1);
  Frame redacted = original;
  p.recipe(redacted).Apply(&redacted);
  for (int row : p.stable_rows) {
    EXPECT_EQ(redacted.RowText(row), original.RowText(row)) << "row " << row;
  }
}

INSTANTIATE_TEST_SUITE_P(Programs, VolatileScreenTest, ::testing::ValuesIn(Programs()),
                         [](const ::testing::TestParamInfo<Program>& info) {
                           return std::string(info.param.name);
                         });

// The htop fixture's process list is the rectangle of rows 8 to 10; the column header above it
// and the function keys below it are not masked.
TEST(HtopRecipeTest, MasksTheProcessListBetweenHeaderAndFunctionKeys) {
  const Program htop = Programs()[0];
  Frame frame = FromFixture(htop, 1);
  HtopRedactions(frame).Apply(&frame);
  for (int row = 8; row <= 10; ++row) {
    EXPECT_EQ(frame.RowText(row), std::string(80, '#')) << "row " << row;
  }
}

// docs/goldens.md's example of the htop recipe on two header rows of an 80-column screen: each
// meter is masked from "[" to "]" (34 cells), each right-hand figure to the end of its row.
TEST(HtopRecipeTest, DocExample) {
  VirtualTerminal vt({.cols = 80, .rows = 2});
  vt.Write(
      "    0[||||||||||||||||||||||||||100.0%] Tasks: 36, 24 thr, 61 kthr; 2 running\r\n"
      "  Mem[||||||||              906M/23.5G] Uptime: 17:44:04");
  absl::StatusOr<Frame> frame = CaptureFrame(vt);
  ASSERT_TRUE(frame.ok()) << frame.status();
  HtopRedactions(*frame).Apply(&*frame);
  EXPECT_EQ(frame->RowText(0), "    0" + std::string(34, '#') + " Tasks: " + std::string(33, '#'));
  EXPECT_EQ(frame->RowText(1), "  Mem" + std::string(34, '#') + " Uptime: " + std::string(32, '#'));
}

// The first directory on PATH holding an executable `name`, or "".
std::string FindOnPath(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return "";
  for (absl::string_view dir : absl::StrSplit(path, ':', absl::SkipEmpty())) {
    const std::string candidate = absl::StrCat(dir, "/", name);
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

// One run of htop: its first full screen, once it has been quiet for a moment.
absl::StatusOr<Frame> RunHtop(const std::filesystem::path& home) {
  PtySession session({.cols = 100,
                      .rows = 50,
                      .env = {{"HOME", home.string()}},
                      .working_directory = home.string()});
  if (absl::Status s = session.Start({"htop", "--delay=100"}); !s.ok()) return s;
  if (absl::Status s = session.WaitForText("F10Quit"); !s.ok()) return s;
  absl::StatusOr<ScreenView> screen = session.WaitForFrame(absl::Milliseconds(300));
  if (!screen.ok()) return screen.status();
  return CaptureFrame(*screen);
}

TEST(HtopLiveTest, TwoRunsAgreeAfterRedaction) {
  if (FindOnPath("htop").empty()) {
    GTEST_SKIP() << "htop is not installed (on PATH): this test runs it twice";
  }
  const std::filesystem::path home = test_util::ScratchDir("volatile_screens_test_htop");
  absl::StatusOr<Frame> first = RunHtop(home);
  ASSERT_TRUE(first.ok()) << first.status();
  absl::StatusOr<Frame> second = RunHtop(home);
  ASSERT_TRUE(second.ok()) << second.status();
  // The recipe needs htop's column header to find the process list.
  const std::vector<std::string> rows = Rows(*first);
  ASSERT_TRUE(std::any_of(rows.begin(), rows.end(), [](const std::string& row) {
    return absl::StrContains(row, "PID USER");
  })) << absl::StrJoin(rows, "\n");
  HtopRedactions(*first).Apply(&*first);
  HtopRedactions(*second).Apply(&*second);
  EXPECT_EQ(Rows(*first), Rows(*second));
}

}  // namespace
}  // namespace vtsnap
