// Region goldens: EqualsGolden(name, {.region = {col, row, cols, rows}}) pins one rectangle of the
// screen (a widget's own area) as a frame of its own, so changes elsewhere leave it passing.
#include <fstream>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/matchers/golden.h"

namespace vtsnap {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// A 30x8 screen: a title on row 0, a 10x3 "widget" box at column 5, row 2, and a status line on
// row 7 that says `status`; the cursor ends at (cursor_col, 7).
void Draw(VirtualTerminal& vt, const std::string& title, const std::string& status,
          const std::string& widget_middle = "\x1b[1mok\x1b[m    ") {
  vt.Write(absl::StrCat("\x1b[2J\x1b[H", title,              //
                        "\x1b[3;6H+--------+",               // row 2
                        "\x1b[4;6H| ", widget_middle, " |",  // row 3
                        "\x1b[5;6H+--------+",               // row 4
                        "\x1b[8;1H\x1b[7m", status, "\x1b[m"));
}

constexpr Region kWidget = {5, 2, 10, 3};

TEST(RegionGolden, PassesWhenOnlyCellsOutsideTheRegionChange) {
  // The title, the status line (its text, its style) and the cursor change; the box does not.
  const std::string cases[][2] = {{"Inbox", "ready"}, {"Inbox (3)", "busy 42%"}, {"", ""}};
  for (const auto& [title, status] : cases) {
    VirtualTerminal vt({.cols = 30, .rows = 8});
    Draw(vt, title, status);
    EXPECT_THAT(vt, EqualsGolden("widget", {.region = kWidget})) << title << " / " << status;
  }
}

TEST(RegionGolden, TheGoldenIsAFrameOfTheRegionsSize) {
  VirtualTerminal vt({.cols = 30, .rows = 8});
  Draw(vt, "Inbox", "ready");
  ASSERT_THAT(vt, EqualsGolden("widget", {.region = kWidget}));
  const std::string source = __FILE__;
  std::ifstream in(source.substr(0, source.rfind('/')) + "/goldens/region_golden_test/widget.dump");
  std::stringstream golden;
  golden << in.rdbuf();
  EXPECT_THAT(golden.str(), HasSubstr("frame 10 3\n"));
  EXPECT_THAT(golden.str(), HasSubstr("|+--------+|\n|| ok     ||\n|+--------+|\n"));
  EXPECT_THAT(golden.str(), HasSubstr("cursor hidden\n"));  // the cursor is outside the box
}

TEST(RegionGolden, FailsWhenACellInsideTheRegionChangesNamingTheRegion) {
  VirtualTerminal vt({.cols = 30, .rows = 8});
  Draw(vt, "Inbox", "ready", "\x1b[1mok\x1b[m!   ");
  // Negated: read-only, so nothing is written beside the golden.
  EXPECT_THAT(vt, Not(EqualsGolden("widget", {.region = kWidget})));
  ::testing::StringMatchResultListener listener;
  EXPECT_FALSE(::testing::ExplainMatchResult(EqualsGolden("widget", {.region = kWidget}).ReadOnly(),
                                             vt, &listener));
  EXPECT_THAT(listener.str(),
              HasSubstr("the region col 5 row 2 10x3 of the 30x8 screen (rows and columns below "
                        "count from it): "));
  EXPECT_THAT(listener.str(), HasSubstr("+|| ok!    ||"));
}

TEST(RegionGolden, ARegionOutsideTheScreenFailsWithoutTouchingAnyFile) {
  VirtualTerminal vt({.cols = 30, .rows = 8});
  ::testing::StringMatchResultListener listener;
  EXPECT_FALSE(::testing::ExplainMatchResult(EqualsGolden("nowhere", {.region = {25, 0, 10, 3}}),
                                             vt, &listener));
  EXPECT_EQ(listener.str(),
            "the golden \"nowhere\": region col 25 row 0 10x3 does not lie inside the 30x8 screen");
  EXPECT_EQ(::testing::DescribeMatcher<const VirtualTerminal&>(
                EqualsGolden("widget", {.region = kWidget})),
            "equals the golden \"widget\" in its region col 5 row 2 10x3");
}

}  // namespace
}  // namespace vtsnap
