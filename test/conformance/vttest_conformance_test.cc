// vttest as a conformance suite (docs/conformance.md). One case per vttest screen,
// vttest.<walk>.<n>, reading the recording vttest_record wrote (ctest runs it first as
// vttest.record):
//
// - the screen decoded from vttest's transcript up to that screen matches its golden
//   (goldens/vttest_conformance_test/<walk>.<n>.dump, or one golden per band of rows,
//   <walk>.<n>.rows<a>-<b>.dump, for a screen with more styles than a golden holds), and is the
//   screen the live PtySession showed;
// - where xterm.js (replaying the same transcript) and tmux (running vttest itself) show the same
//   text, vtsnap shows it too, unless the screen is in kKnownDeviations below.
//
// Also: the known-deviation table is well formed, and tmux_pane and the player's wait work.
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/conformance/tmux_pane.h"
#include "test/conformance/vttest_player.h"
#include "test/conformance/vttest_recording.h"
#include "test/conformance/vttest_walks.h"
#include "test/pty/test_support.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/screen/capture.h"

namespace vtsnap::conformance {
namespace {

// Screens where vtsnap's text differs from the text xterm.js and tmux agree on. `reason` starts
// with the docs section that explains it, "conformance.md#<section>: " or
// "xterm-deviations.md#<section>: ". An entry whose screen no longer differs (or where xterm.js
// and tmux no longer agree) fails as stale: remove it.
//
// An entry in kFollowsXterm's section is a screen where vtsnap follows xterm against both: there
// vtsnap must show exactly what a real xterm showed, as xterm_screens.txt records it.
struct KnownDeviation {
  const char* screen;
  const char* reason;
};
constexpr absl::string_view kFollowsXterm =
    "conformance.md#where-xtermjs-and-tmux-differ-from-xterm: ";
constexpr const char* kNoMargins =
    "conformance.md#where-xtermjs-and-tmux-differ-from-xterm: left/right margins (DECLRMM, "
    "DECSLRM), which xterm.js and tmux do not implement";
constexpr const char* kNoIsoProtection =
    "conformance.md#where-xtermjs-and-tmux-differ-from-xterm: the ISO protected areas (SPA, "
    "EPA), which xterm.js and tmux do not implement";
constexpr const char* kNoRectangles =
    "conformance.md#where-xtermjs-and-tmux-differ-from-xterm: the rectangle operations (DECCRA, "
    "DECERA, DECFRA, DECSERA), which xterm.js and tmux do not implement";
constexpr const char* kNoColumnIndex =
    "conformance.md#where-xtermjs-and-tmux-differ-from-xterm: back and forward index (DECBI, "
    "DECFI), which xterm.js and tmux do not implement";
const std::vector<KnownDeviation> kKnownDeviations = {
    {"11.3.2.7_decbi.1", kNoColumnIndex},
    {"11.3.2.8_decfi.1", kNoColumnIndex},
    {"11.3.2.7_decbi_margins.1", kNoColumnIndex},
    {"11.3.2.8_decfi_margins.1", kNoColumnIndex},
    {"11.3.2.9_cursor_in_margins_margins.1", kNoMargins},
    {"11.3.2.10_other_in_margins_margins.1", kNoMargins},
    {"11.3.3.10_ind_ri_margins.2", kNoMargins},
    {"11.3.3.10_ind_ri_margins.4", kNoMargins},
    {"11.3.3.11_il_dl_margins.4", kNoMargins},
    {"11.3.3.12_ich_dch_margins.2", kNoMargins},
    {"11.3.3.13_bs_cr_tab_margins.1", kNoMargins},
    {"11.4.2.13_cnl_margins.1", kNoMargins},
    {"11.3.6.8_deccra.2", kNoRectangles},
    {"11.3.6.8_deccra.3", kNoRectangles},
    {"11.3.6.8_deccra.4", kNoRectangles},
    {"11.3.6.9_decera.1", kNoRectangles},
    {"11.3.6.10_decfra.1", kNoRectangles},
    {"11.3.6.12_decsera.1", kNoRectangles},
    {"11.3.6.12_decsera.2", kNoRectangles},
    {"11.3.6.12_decsera.3", kNoRectangles},
    {"11.3.6.12_decsera.4", kNoRectangles},
    {"11.3.6.9_decera_margins.1", kNoRectangles},
    {"11.3.6.10_decfra_margins.1", kNoRectangles},
    {"11.3.6.10_decfra_margins.2", kNoRectangles},
    {"11.3.6.12_decsera_margins.1", kNoRectangles},
    {"11.3.6.12_decsera_margins.2", kNoRectangles},
    {"11.3.6.12_decsera_margins.3", kNoRectangles},
    {"11.3.6.12_decsera_margins.4", kNoRectangles},
    {"11.6.7.1.2_bce_spa.1", kNoIsoProtection},
    {"11.7.1.2_spa.1", kNoIsoProtection},
};

const std::string kRecordingDir = VTTEST_RECORDING_DIR;

std::optional<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

const KnownDeviation* FindDeviation(const std::string& screen) {
  for (const KnownDeviation& d : kKnownDeviations) {
    if (screen == d.screen) return &d;
  }
  return nullptr;
}

bool FollowsXterm(const KnownDeviation& d) { return absl::StartsWith(d.reason, kFollowsXterm); }

// xterm_screens.txt: what a real xterm showed, by screen (table.py --xterm --write-xterm).
using XtermScreens = std::map<std::string, std::vector<std::string>>;
absl::StatusOr<XtermScreens> ParseXtermScreens(absl::string_view path, absl::string_view text) {
  XtermScreens screens;
  std::vector<absl::string_view> lines = absl::StrSplit(text, '\n');
  if (!lines.empty() && lines.back().empty()) lines.pop_back();
  size_t i = 0;
  while (i < lines.size() && absl::StartsWith(lines[i], "#")) ++i;  // the header
  while (i < lines.size()) {
    if (!absl::StartsWith(lines[i], "== ")) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ":", i + 1, ": expected \"== <screen>\", got \"", lines[i], "\""));
    }
    const std::string name(lines[i].substr(3));
    if (lines.size() - i - 1 < static_cast<size_t>(kRows)) {
      return absl::InvalidArgumentError(absl::StrCat(path, ":", i + 1, ": screen ", name, " has ",
                                                     lines.size() - i - 1, " rows, not ", kRows));
    }
    std::vector<std::string> rows(lines.begin() + i + 1, lines.begin() + i + 1 + kRows);
    if (!screens.emplace(name, std::move(rows)).second) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ":", i + 1, ": screen ", name, " twice"));
    }
    i += 1 + kRows;
  }
  return screens;
}

absl::StatusOr<XtermScreens> ReadXtermScreens() {
  const std::string path = std::string(VTSNAP_SOURCE_DIR) + "/test/conformance/xterm_screens.txt";
  const std::optional<std::string> text = ReadFile(path);
  if (!text) return absl::NotFoundError(absl::StrCat("cannot read ", path));
  return ParseXtermScreens(path, *text);
}

std::vector<std::string> ScreenRows(const VirtualTerminal& vt) {
  std::vector<std::string> rows = absl::StrSplit(vt.ScreenText(), '\n');
  for (std::string& row : rows) {
    while (!row.empty() && row.back() == ' ') row.pop_back();
  }
  rows.resize(kRows);
  return rows;
}

// "row 3:\n  vtsnap  |...|\n  others  |...|" for every row that differs.
std::string RowDiff(const std::vector<std::string>& vtsnap, const std::vector<std::string>& other,
                    absl::string_view other_name) {
  std::string out;
  for (size_t r = 0; r < std::max(vtsnap.size(), other.size()); ++r) {
    const std::string a = r < vtsnap.size() ? vtsnap[r] : "";
    const std::string b = r < other.size() ? other[r] : "";
    if (a == b) continue;
    absl::StrAppend(&out, "row ", r, ":\n  vtsnap          |", a, "|\n  ", other_name,
                    std::string(16 - std::min<size_t>(16, other_name.size()), ' '), "|", b, "|\n");
  }
  return out;
}

// The rows [first, last) of `frame`, the cursor kept only when it is among them.
Frame Rows(const Frame& frame, int first, int last) {
  Frame band = Frame::Blank(frame.cols, last - first);
  for (int r = first; r < last; ++r) {
    for (int c = 0; c < frame.cols; ++c) band.cell(c, r - first) = frame.cell(c, r);
  }
  band.cursor = frame.cursor;
  band.cursor.row -= first;
  if (frame.cursor.row < first || frame.cursor.row >= last) band.cursor = Cursor{};
  return band;
}

// Row bands [first, last) of `frame` that each fit in one golden (golden::kMaxStyles styles):
// one band for most screens; a colour test pattern needs more.
std::vector<std::pair<int, int>> GoldenBands(const Frame& frame) {
  std::vector<std::pair<int, int>> bands;
  std::vector<Style> styles;
  int first = 0;
  for (int r = 0; r < frame.rows; ++r) {
    std::vector<Style> with_row = styles;
    for (int c = 0; c < frame.cols; ++c) {
      if (std::find(with_row.begin(), with_row.end(), frame.style(c, r)) == with_row.end()) {
        with_row.push_back(frame.style(c, r));
      }
    }
    if (static_cast<int>(with_row.size()) > golden::kMaxStyles && r > first) {
      bands.emplace_back(first, r);
      first = r;
      styles.clear();
      --r;  // count this row again, in the new band
      continue;
    }
    styles = std::move(with_row);
  }
  bands.emplace_back(first, frame.rows);
  return bands;
}

class VttestScreenTest : public ::testing::Test {
 public:
  explicit VttestScreenTest(std::string screen) : screen_(std::move(screen)) {}

  void TestBody() override {
    absl::StatusOr<ScreenRecord> record = ReadScreenRecord(kRecordingDir, screen_);
    ASSERT_TRUE(record.ok()) << record.status() << "\nrecord first: vttest_record " << kRecordingDir
                             << " (ctest runs it as vttest.record)";
    ASSERT_EQ(record->vtsnap_error, "") << "vttest under PtySession did not reach this screen";
    const std::optional<std::string> transcript =
        ReadFile(TranscriptPath(kRecordingDir, record->session));
    ASSERT_TRUE(transcript.has_value()) << "no transcript for session " << record->session;
    ASSERT_LE(record->bytes, transcript->size());

    // The decoder: the transcript up to this screen, decoded at once, is the golden screen and
    // the screen the live session showed.
    VirtualTerminal vt({.cols = kCols, .rows = kRows});
    vt.Write(absl::string_view(*transcript).substr(0, record->bytes));
    absl::StatusOr<Frame> frame = CaptureFrame(vt);
    ASSERT_TRUE(frame.ok()) << frame.status();
    const std::vector<std::pair<int, int>> bands = GoldenBands(*frame);
    if (bands.size() == 1) {
      EXPECT_THAT(vt, EqualsGolden(screen_));
    } else {  // too many styles for one golden: one per band of rows, <screen>.rows<a>-<b>
      for (const auto& [first, last] : bands) {
        EXPECT_THAT(Rows(*frame, first, last),
                    EqualsGolden(absl::StrCat(screen_, ".rows", first, "-", last - 1)));
      }
    }
    const std::vector<std::string> rows = ScreenRows(vt);
    EXPECT_EQ(rows, record->vtsnap)
        << "the transcript does not decode to the screen the live PtySession showed";

    // The comparison.
    ASSERT_TRUE(record->xtermjs.has_value())
        << "xterm.js could not replay this screen: " << record->xtermjs_error;
    ASSERT_TRUE(record->tmux.has_value())
        << "tmux did not show this screen: " << record->tmux_error;
    const bool agree = *record->xtermjs == *record->tmux;
    const KnownDeviation* deviation = FindDeviation(screen_);
    if (deviation != nullptr) {
      if (FollowsXterm(*deviation)) {
        absl::StatusOr<XtermScreens> xterm = ReadXtermScreens();
        ASSERT_TRUE(xterm.ok()) << xterm.status();
        const auto it = xterm->find(screen_);
        ASSERT_NE(it, xterm->end()) << "test/conformance/xterm_screens.txt has no xterm screen for "
                                       "this known deviation: regenerate it (docs/conformance.md)";
        EXPECT_EQ(rows, it->second) << "vtsnap differs from what a real xterm showed "
                                       "(test/conformance/xterm_screens.txt):\n"
                                    << RowDiff(rows, it->second, "xterm");
      }
      EXPECT_TRUE(agree) << "stale known deviation (xterm.js and tmux no longer agree on this "
                            "screen): remove it from kKnownDeviations\n"
                         << RowDiff(*record->xtermjs, *record->tmux, "tmux");
      EXPECT_NE(rows, *record->xtermjs)
          << "stale known deviation (vtsnap now shows what xterm.js and tmux show): remove it "
             "from kKnownDeviations";
      return;
    }
    if (agree) {
      EXPECT_EQ(rows, *record->xtermjs)
          << "vtsnap differs from the text xterm.js and tmux agree on (docs/conformance.md):\n"
          << RowDiff(rows, *record->xtermjs, "xterm.js, tmux");
    }
  }

 private:
  std::string screen_;
};

std::set<std::string> AllScreens() {
  std::set<std::string> names;
  for (const VttestSession& s : VttestSessions()) {
    for (const std::string& n : ScreenNames(s)) names.insert(n);
  }
  return names;
}

std::string AnchorOf(std::string heading) {
  // GitHub's heading anchors: lower case, spaces to '-', punctuation other than '-' and '_' gone.
  std::string out;
  for (unsigned char ch : heading) {
    if (ch >= 'A' && ch <= 'Z') {
      out.push_back(static_cast<char>(ch - 'A' + 'a'));
    } else if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' ||
               ch >= 0x80) {
      out.push_back(static_cast<char>(ch));
    } else if (ch == ' ') {
      out.push_back('-');
    }
  }
  return out;
}

std::set<std::string> AnchorsOf(const std::string& doc) {
  std::set<std::string> anchors;
  const std::optional<std::string> text = ReadFile(std::string(VTSNAP_SOURCE_DIR) + "/docs/" + doc);
  if (!text) return anchors;
  std::istringstream lines(*text);
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("#")) {
      const size_t start = line.find_first_not_of("# ");
      if (start != std::string::npos) anchors.insert(AnchorOf(line.substr(start)));
    }
  }
  return anchors;
}

TEST(VttestTable, ScreenNamesAreUniqueAndGoldenNames) {
  std::set<std::string> seen;
  static const std::regex kName(R"([0-9][0-9.]*_[a-z0-9_]+\.[0-9]+)");
  for (const VttestSession& s : VttestSessions()) {
    for (const std::string& n : ScreenNames(s)) {
      EXPECT_TRUE(seen.insert(n).second) << "screen " << n << " twice";
      EXPECT_TRUE(std::regex_match(n, kName)) << n << " is not <menu path>_<words>.<n>";
    }
  }
  EXPECT_GT(seen.size(), 0u);
}

TEST(VttestTable, KnownDeviationsAreWellFormed) {
  const std::set<std::string> screens = AllScreens();
  std::set<std::string> seen;
  static const std::regex kReason(R"(^(conformance|xterm-deviations)\.md#([^:\s]+): .+)");
  for (const KnownDeviation& d : kKnownDeviations) {
    SCOPED_TRACE(d.screen);
    EXPECT_TRUE(screens.contains(d.screen)) << "no such screen";
    EXPECT_TRUE(seen.insert(d.screen).second) << "listed twice";
    std::cmatch m;
    ASSERT_TRUE(std::regex_match(d.reason, m, kReason))
        << "reason must be \"conformance.md#<section>: <why>\" or "
           "\"xterm-deviations.md#<section>: <why>\", got: "
        << d.reason;
    EXPECT_TRUE(AnchorsOf(m[1].str() + ".md").contains(m[2].str()))
        << "docs/" << m[1] << ".md has no section #" << m[2];
  }
}

TEST(VttestTable, XtermScreensAreTheScreensThatFollowXterm) {
  absl::StatusOr<XtermScreens> xterm = ReadXtermScreens();
  ASSERT_TRUE(xterm.ok()) << xterm.status();
  std::set<std::string> following;
  for (const KnownDeviation& d : kKnownDeviations) {
    if (FollowsXterm(d)) following.insert(d.screen);
  }
  std::set<std::string> read;
  for (const auto& [screen, rows] : *xterm) read.insert(screen);
  EXPECT_EQ(read, following) << "xterm_screens.txt holds exactly the screens of the known "
                                "deviations that follow xterm (docs/conformance.md)";
  EXPECT_FALSE(following.empty());
}

struct XtermScreensCase {
  std::string name;
  std::string text;
  std::string error;  // "" when the text parses
};

void PrintTo(const XtermScreensCase& c, std::ostream* os) { *os << c.name; }

class XtermScreensFile : public ::testing::TestWithParam<XtermScreensCase> {};

TEST_P(XtermScreensFile, ParsesOrNamesTheLine) {
  const std::string rows = [] {
    std::string out;
    for (int r = 0; r < kRows; ++r) absl::StrAppend(&out, "row ", r, "\n");
    return out;
  }();
  std::string text = GetParam().text;
  absl::StrReplaceAll({{"<rows>", rows}}, &text);
  absl::StatusOr<XtermScreens> screens = ParseXtermScreens("f.txt", text);
  if (GetParam().error.empty()) {
    ASSERT_TRUE(screens.ok()) << screens.status();
    ASSERT_EQ(screens->size(), 1u);
    EXPECT_EQ(screens->begin()->first, "1_a.1");
    EXPECT_EQ(screens->begin()->second.back(), absl::StrCat("row ", kRows - 1));
  } else {
    EXPECT_EQ(screens.status().message(), GetParam().error);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Text, XtermScreensFile,
    ::testing::Values(
        XtermScreensCase{"HeaderThenOneScreen", "# header\n# more\n== 1_a.1\n<rows>", ""},
        XtermScreensCase{"AHashLineInAScreenIsARow", "== 1_a.1\n# not a comment\n<rows>",
                         "f.txt:26: expected \"== <screen>\", got \"row 23\""},
        XtermScreensCase{"TooFewRows", "# h\n== 1_a.1\nrow\n",
                         "f.txt:2: screen 1_a.1 has 1 rows, not 24"},
        XtermScreensCase{"ATextLineWhereAScreenStarts", "# h\nrow\n",
                         "f.txt:2: expected \"== <screen>\", got \"row\""},
        XtermScreensCase{"AScreenTwice", "== 1_a.1\n<rows>== 1_a.1\n<rows>",
                         "f.txt:26: screen 1_a.1 twice"}),
    [](const ::testing::TestParamInfo<XtermScreensCase>& info) { return info.param.name; });

struct CaptureCase {
  std::string name;
  std::string capture;  // tmux capture-pane -p -e output
  std::vector<std::string> rows;
};

void PrintTo(const CaptureCase& c, std::ostream* os) { *os << c.name; }

class PaneRows : public ::testing::TestWithParam<CaptureCase> {};

TEST_P(PaneRows, AsTmuxShowsThem) {
  EXPECT_EQ(PaneRowsFromCapture(GetParam().capture, 3), GetParam().rows);
}

INSTANTIATE_TEST_SUITE_P(
    Capture, PaneRows,
    ::testing::Values(
        CaptureCase{"PlainRowsPaddedToTheHeight", "ab\ncd\n", {"ab", "cd", ""}},
        CaptureCase{"TrailingSpacesGo", "ab  \n", {"ab", "", ""}},
        CaptureCase{"SgrIsDropped", "\x1b[1ma\x1b[0m\x1b[39m\x1b[49mb\n", {"ab", "", ""}},
        CaptureCase{"LineDrawingAsTmuxDrawsIt", "\x0elqk\x0fq\n", {"┌─┐q", "", ""}},
        CaptureCase{"LineDrawingCarriesAcrossRows", "\x0ex\n\x1b[0m\x0fx\n", {"│", "x", ""}},
        CaptureCase{"UntranslatedLineDrawingStays", "\x0e_b+\x0f\n", {"_b→", "", ""}},
        CaptureCase{"ExtraRowsAreCut", "a\nb\nc\nd\n", {"a", "b", "c"}}),
    [](const ::testing::TestParamInfo<CaptureCase>& info) { return info.param.name; });

TEST(RunCommand, ReturnsOutputAndNamesFailures) {
  absl::StatusOr<std::string> out = RunCommand({"sh", "-c", "echo out; echo err >&2"});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(*out, "out\nerr\n");
  EXPECT_EQ(RunCommand({"sh", "-c", "echo no; exit 3"}).status().message(),
            "'sh -c echo no; exit 3' exited with status 3: no\n");
  EXPECT_EQ(RunCommand({"vtsnap-no-such-program"}).status().code(), absl::StatusCode::kNotFound);
}

TEST(ReadProcessWait, SeesAProgramTakeInputAndWaitAgain) {
  // `cat` blocks in read(0) until its terminal has a line for it, then again for the next.
  PtySession session(pty_test::MarkedOptions(20, 4));
  ASSERT_TRUE(session.Start({"cat"}).ok());
  ProcessWait before;
  absl::Status s = session.WaitUntil(
      [&](const Terminal&) {
        absl::StatusOr<ProcessWait> w = ReadProcessWait(session.pid());
        if (w.ok()) before = *w;
        return w.ok() && w->reading_stdin;
      },
      "cat to block reading");
  ASSERT_TRUE(s.ok()) << s;
  ASSERT_TRUE(session.SendKeys("hi enter").ok());
  s = session.WaitUntil(
      [&](const Terminal&) {
        absl::StatusOr<ProcessWait> w = ReadProcessWait(session.pid());
        return w.ok() && w->reading_stdin && w->voluntary_switches > before.voluntary_switches;
      },
      "cat to take the line and block again");
  EXPECT_TRUE(s.ok()) << s;
  const absl::StatusOr<ProcessWait> self = ReadProcessWait(getpid());  // this test is running
  ASSERT_TRUE(self.ok()) << self.status();
  EXPECT_FALSE(self->reading_stdin);
  EXPECT_EQ(ReadProcessWait(0).status().code(), absl::StatusCode::kFailedPrecondition);
}

void RegisterScreenTests() {
  for (const VttestSession& s : VttestSessions()) {
    for (const std::string& name : ScreenNames(s)) {
      ::testing::RegisterTest("vttest", name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                              [name]() -> ::testing::Test* { return new VttestScreenTest(name); });
    }
  }
}

}  // namespace
}  // namespace vtsnap::conformance

int main(int argc, char** argv) {
  ::testing::InitGoogleMock(&argc, argv);
  vtsnap::conformance::RegisterScreenTests();
  return RUN_ALL_TESTS();
}
