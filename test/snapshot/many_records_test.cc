// Frames with hundreds of thousands of link runs or raster records: comparing and rendering them
// costs about their size, not its square (Compare matched each record by scanning the other
// frame's whole list; each rendered cell scanned every link run).
//
// Not timed: the sizes are picked so that the quadratic paths run for a long time (measured
// 2026-12-07 on a loaded 2-core machine: over 100 s for each comparison, 39 s for the drawing),
// so a regression shows as a test that takes minutes, while the linear paths take well under a
// second each, about a second under AddressSanitizer (its ~3x slowdown).
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/snapshot/render/render.h"
#include "vtsnap/snapshot/screen/diff.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {
namespace {

constexpr char kTargetA[] = "https://a.x/";  // short enough to fit a std::string in place
constexpr char kTargetB[] = "https://b.x/";

// A `cols` x `rows` frame whose every cell is a link run of its own (neighbours alternate between
// two targets, so no two runs join): cols * rows runs.
Frame EveryCellLinked(int cols, int rows) {
  Frame frame = Frame::Blank(cols, rows);
  frame.links.reserve(static_cast<size_t>(cols) * static_cast<size_t>(rows));
  for (int row = 0; row < rows; ++row) {
    for (int col = 0; col < cols; ++col) {
      frame.links.push_back({col, row, 1, (col + row) % 2 == 0 ? kTargetA : kTargetB});
    }
  }
  return frame;
}

// Scanning the other list for each run needs ~n^2/2 = 1.25e11 steps at n = 500 000.
TEST(ManyRecords, CompareMatchesLinkRunsWithoutScanningTheOtherFrame) {
  const Frame expected = EveryCellLinked(1000, 500);
  Frame actual = expected;
  actual.links[123456].target = "https://c.x/";
  const FrameDiff diff = Compare(expected, actual);
  ASSERT_EQ(diff.links.size(), 2u);
  EXPECT_FALSE(diff.links[0].added);
  EXPECT_EQ(diff.links[0].run, expected.links[123456]);
  EXPECT_TRUE(diff.links[1].added);
  EXPECT_EQ(diff.links[1].run, actual.links[123456]);
  EXPECT_TRUE(diff.text.empty());
  EXPECT_TRUE(diff.styles.empty());
}

// ~n^2 = 1.6e11 steps at n = 400 000 when each record's id is looked up by scanning.
TEST(ManyRecords, CompareMatchesRasterRecordsById) {
  Frame expected = Frame::Blank(10, 10);
  constexpr int kRecords = 400000;
  expected.rasters.reserve(kRecords);
  for (int id = 1; id <= kRecords; ++id) {
    expected.rasters.push_back({.id = id,
                                .col = id % 10,
                                .row = 0,
                                .cols = 1,
                                .rows = 1,
                                .pixel_width = 8,
                                .pixel_height = 16,
                                .hash = "ab"});
  }
  Frame actual = expected;
  actual.rasters[7].hash = "cd";            // record 8 changed
  actual.rasters.back().id = kRecords + 1;  // record 400000 gone, 400001 new
  const FrameDiff diff = Compare(expected, actual);
  ASSERT_EQ(diff.rasters.size(), 3u);
  EXPECT_EQ(diff.rasters[0].expected->id, 8);
  EXPECT_EQ(diff.rasters[0].actual->hash, "cd");
  EXPECT_EQ(diff.rasters[1].expected->id, kRecords);
  EXPECT_FALSE(diff.rasters[1].actual.has_value());
  EXPECT_FALSE(diff.rasters[2].expected.has_value());
  EXPECT_EQ(diff.rasters[2].actual->id, kRecords + 1);
}

// Each cell looked up by scanning the runs: ~n^2/2 = 4.5e10 steps at n = 300 000 cells and
// runs. The HTML report draws both screens of a failing golden this way.
TEST(ManyRecords, HtmlScreenLooksUpEachCellsLink) {
  const Frame frame = EveryCellLinked(600, 500);
  const std::string html = HtmlScreen(frame, {});
  size_t links = 0;
  for (size_t at = html.find("<a href=\""); at != std::string::npos;
       at = html.find("<a href=\"", at + 1)) {
    ++links;
  }
  EXPECT_EQ(links, frame.links.size());
}

}  // namespace
}  // namespace vtsnap
