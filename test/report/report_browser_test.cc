// The HTML failure report in a real browser: a failing EqualsGolden writes the report, Debian's
// Chromium opens it headless and takes a screenshot, and the test asserts that the changed cells'
// pixels carry the highlight, the unchanged ones do not, the view toggle shows one screen, and the
// page logs nothing to the console. (ctest label `browser`; needs /usr/bin/chromium, which
// scripts/test.sh installs.)
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/snapshot/formats/screen_dump.h"
#include "vtsnap/snapshot/golden/report.h"
#include "vtsnap/snapshot/render/png.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

constexpr char kChromium[] = "/usr/bin/chromium";
constexpr uint32_t kHighlight = 0xFF00AAFFu;  // kReportHighlight, opaque
constexpr uint32_t kBlue = 0x0000EEFFu;       // palette 4, the changed background
constexpr int kCellWidth = 9;
constexpr int kCellHeight = 18;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Shot {
  RgbaPlane pixels;
  std::vector<std::string> console;  // the page's console lines Chromium logged
};

// Opens `url` in headless Chromium (the flags this machine kind needs: no sandbox as root, no
// background networking in a closed network) and takes a 900x700 screenshot.
absl::StatusOr<Shot> Screenshot(const std::string& url, const fs::path& work) {
  const fs::path png = work / "shot.png";
  const fs::path log = work / "chromium.log";
  fs::remove(png);
  const std::string command =
      absl::StrCat("timeout 120 ", kChromium,
                   " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
                   " --disable-background-networking --disable-component-update --disable-sync"
                   " --hide-scrollbars --force-device-scale-factor=1 --window-size=900,700"
                   " --enable-logging=stderr --v=0 --user-data-dir=",
                   (work / "profile").string(), " --screenshot=", png.string(), " '", url, "' > ",
                   log.string(), " 2>&1");
  const int status = std::system(command.c_str());
  if (status != 0 || !fs::exists(png)) {
    return absl::InternalError(
        absl::StrCat("chromium failed (status ", status, "): ", command, "\n", ReadFile(log)));
  }
  absl::StatusOr<RgbaPlane> pixels = DecodePng(ReadFile(png), png.string());
  if (!pixels.ok()) return pixels.status();
  Shot shot{.pixels = *std::move(pixels), .console = {}};
  std::istringstream lines(ReadFile(log));
  for (std::string line; std::getline(lines, line);) {
    if (line.find(":CONSOLE") != std::string::npos) shot.console.push_back(line);
  }
  return shot;
}

struct Box {
  int left, top, right, bottom;  // inclusive
  int pixels;
};

// The 4-connected regions of pixels of colour `rgba`, top to bottom, left to right.
std::vector<Box> Regions(const RgbaPlane& p, uint32_t rgba) {
  std::vector<bool> seen(static_cast<size_t>(p.width * p.height), false);
  std::vector<Box> boxes;
  for (int y = 0; y < p.height; ++y) {
    for (int x = 0; x < p.width; ++x) {
      if (seen[static_cast<size_t>(y * p.width + x)] || p.At(x, y) != rgba) continue;
      Box box{x, y, x, y, 0};
      std::vector<std::pair<int, int>> stack = {{x, y}};
      seen[static_cast<size_t>(y * p.width + x)] = true;
      while (!stack.empty()) {
        auto [cx, cy] = stack.back();
        stack.pop_back();
        ++box.pixels;
        box.left = std::min(box.left, cx);
        box.right = std::max(box.right, cx);
        box.top = std::min(box.top, cy);
        box.bottom = std::max(box.bottom, cy);
        const int next[4][2] = {{cx + 1, cy}, {cx - 1, cy}, {cx, cy + 1}, {cx, cy - 1}};
        for (const auto& n : next) {
          if (n[0] < 0 || n[1] < 0 || n[0] >= p.width || n[1] >= p.height) continue;
          const size_t i = static_cast<size_t>(n[1] * p.width + n[0]);
          if (seen[i] || p.At(n[0], n[1]) != rgba) continue;
          seen[i] = true;
          stack.push_back({n[0], n[1]});
        }
      }
      boxes.push_back(box);
    }
  }
  return boxes;
}

class ReportBrowserTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(fs::exists(kChromium))
        << kChromium << " is missing: install Debian's chromium (scripts/test.sh does)";
    work_ = fs::temp_directory_path() / ("vtsnap-report-browser-" + std::to_string(getpid()));
    fs::remove_all(work_);
    fs::create_directories(work_ / "src/goldens/report_browser_test");
    setenv("VTSNAP_REPORT_DIR", (work_ / "report").c_str(), 1);
    unsetenv("TEST_UNDECLARED_OUTPUTS_DIR");
  }
  void TearDown() override {
    unsetenv("VTSNAP_REPORT_DIR");
    if (!HasFailure()) fs::remove_all(work_);
  }

  // A failing EqualsGolden: the golden shows " Bread" on row 1; the screen shows " Brexd" and a
  // blue cell at column 8 of row 2. Returns the failure message.
  std::string FailOnce() {
    VirtualTerminal golden_screen(TerminalOptions{.cols = 12, .rows = 4});
    golden_screen.Write("\r\n Bread\x1b[?25l");
    std::ofstream(work_ / "src/goldens/report_browser_test/home.dump")
        << *SerializeScreen(golden_screen);
    VirtualTerminal vt(TerminalOptions{.cols = 12, .rows = 4});
    vt.Write("\r\n Brexd\r\n\x1b[9G\x1b[44m \x1b[0m\x1b[?25l");
    ::testing::StringMatchResultListener listener;
    const bool matched = ::testing::ExplainMatchResult(
        EqualsGolden("home", {.root = (work_ / "src").string()}), vt, &listener);
    EXPECT_FALSE(matched);
    return listener.str();
  }

  fs::path work_;
};

TEST_F(ReportBrowserTest, ChangedCellsCarryTheHighlightAndThePageLogsNothing) {
  const std::string message = FailOnce();
  const fs::path page = work_ / "report/vtsnap-report.html";
  ASSERT_THAT(message, ::testing::EndsWith("\nreport: " + page.string()));
  absl::StatusOr<Shot> shot = Screenshot("file://" + page.string(), work_);
  ASSERT_TRUE(shot.ok()) << shot.status();
  EXPECT_THAT(shot->console, IsEmpty());
  // Two changed cells, (4, 1) and (8, 2), in each of the two screens: four rings of the highlight,
  // each exactly one 9 x 18 cell, and no other pixel of that colour (the unchanged cells have
  // none).
  const std::vector<Box> rings = Regions(shot->pixels, kHighlight);
  ASSERT_EQ(rings.size(), 4u);
  int total = 0;
  for (const Box& b : rings) {
    EXPECT_EQ(b.right - b.left + 1, kCellWidth);
    EXPECT_EQ(b.bottom - b.top + 1, kCellHeight);
    total += b.pixels;
  }
  constexpr int kRing = kCellWidth * kCellHeight - (kCellWidth - 4) * (kCellHeight - 4);
  EXPECT_EQ(total, 4 * kRing);
  // Expected screen on the left, actual on the right; in each, the second ring is four columns
  // right of and one row below the first: the cells that changed, not their neighbours.
  std::vector<Box> by_x = rings;
  std::sort(by_x.begin(), by_x.end(), [](const Box& a, const Box& b) { return a.left < b.left; });
  for (int pane = 0; pane < 2; ++pane) {
    Box first = by_x[static_cast<size_t>(2 * pane)];
    Box second = by_x[static_cast<size_t>(2 * pane + 1)];
    if (first.top > second.top) std::swap(first, second);
    EXPECT_EQ(second.left - first.left, 4 * kCellWidth) << "pane " << pane;
    EXPECT_EQ(second.top - first.top, kCellHeight) << "pane " << pane;
  }
  EXPECT_GT(by_x[2].left, by_x[1].left + 10 * kCellWidth);  // a screen apart
  // The actual screen's blue cell shows (inside its ring).
  EXPECT_FALSE(Regions(shot->pixels, kBlue).empty());
}

TEST_F(ReportBrowserTest, TheToggleShowsOneScreen) {
  FailOnce();
  const std::string page = "file://" + (work_ / "report/vtsnap-report.html").string();
  absl::StatusOr<Shot> expected = Screenshot(page + "#view=expected", work_);
  ASSERT_TRUE(expected.ok()) << expected.status();
  EXPECT_THAT(expected->console, IsEmpty());
  EXPECT_EQ(Regions(expected->pixels, kHighlight).size(), 2u);  // one screen's two cells
  EXPECT_TRUE(Regions(expected->pixels, kBlue).empty());        // the golden has no blue cell
  absl::StatusOr<Shot> actual = Screenshot(page + "#view=actual", work_);
  ASSERT_TRUE(actual.ok()) << actual.status();
  EXPECT_EQ(Regions(actual->pixels, kHighlight).size(), 2u);
  EXPECT_FALSE(Regions(actual->pixels, kBlue).empty());
}

// The console check can fail: a page that logs an error and throws is caught.
TEST_F(ReportBrowserTest, ConsoleErrorsAreSeen) {
  const fs::path page = work_ / "bad.html";
  std::ofstream(page) << "<!DOCTYPE html><p>x</p><script>console.error('boom'); nope();</script>";
  absl::StatusOr<Shot> shot = Screenshot("file://" + page.string(), work_);
  ASSERT_TRUE(shot.ok()) << shot.status();
  ASSERT_EQ(shot->console.size(), 2u);
  EXPECT_THAT(shot->console[0], HasSubstr("boom"));
  EXPECT_THAT(shot->console[1], HasSubstr("Uncaught ReferenceError"));
  EXPECT_TRUE(Regions(shot->pixels, kHighlight).empty());
}

}  // namespace
}  // namespace vtsnap
