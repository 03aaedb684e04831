// The usage examples at the top of snapshot/formats/golden.h and snapshot/screen/diff.h, kept
// compiling and true (frame_test.cc keeps frame.h's; capture_test.cc keeps capture.h's).
#include <string>

#include "gtest/gtest.h"
#include "test/snapshot/spec_example.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/screen/diff.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace {

using vtsnap::testing_data::kSpecExample;

absl::Status GoldenExample(const std::string& text, bool* same) {
  absl::StatusOr<vtsnap::Frame> frame = vtsnap::golden::Parse(text);
  if (!frame.ok()) return frame.status();
  absl::StatusOr<std::string> canonical = vtsnap::golden::Serialize(*frame);
  if (!canonical.ok()) return canonical.status();
  *same = *canonical == text;
  return absl::OkStatus();
}

TEST(SnapshotHeaderExamplesTest, Golden) {
  bool same = false;
  ASSERT_TRUE(GoldenExample(kSpecExample, &same).ok());
  EXPECT_TRUE(same);
  EXPECT_FALSE(GoldenExample("ckvision-golden 2\n", &same).ok());
}

TEST(SnapshotHeaderExamplesTest, Diff) {
  vtsnap::Frame expected = *vtsnap::golden::Parse(kSpecExample);
  std::string changed = kSpecExample;
  changed.replace(changed.find("Hello"), 5, "Hallo");
  changed.replace(changed.find("cursor 6 1 block"), 16, "cursor hidden");
  changed.replace(changed.find("styles 2"), 8, "styles 3");
  changed.insert(changed.find("grid\n"), "2 fg @1 bg #000080 attrs -\n");
  changed.replace(changed.find("|011111111110|"), 14, "|012222211110|");
  vtsnap::Frame actual = *vtsnap::golden::Parse(changed);
  vtsnap::FrameDiff diff = vtsnap::Compare(expected, actual);
  ASSERT_FALSE(diff.empty());
  EXPECT_EQ(vtsnap::RenderDiff(diff),
            "frames differ (- expected, + actual; rows and columns are 0-based)\n"
            "text:\n"
            "  row 1 -|| Hello ck ||\n"
            "        +|| Hallo ck ||\n"
            "             ^\n"
            "styles:\n"
            "  row 1 cols 2-6 \"Hallo\": fg #FFFFFF -> @1 (red), bold lost\n"
            "cursor: 6 1 block -> hidden\n");
}

}  // namespace
