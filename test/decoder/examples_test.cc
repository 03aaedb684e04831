// The usage examples at the top of the decoder headers, kept compiling and true.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/base/size.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/progress.h"

namespace {

TEST(HeaderExamplesTest, VirtualTerminal) {
  vtsnap::VirtualTerminal vt({.cols = 80, .rows = 24});
  vt.Write("\x1b[1mhello\x1b[m world");
  EXPECT_EQ(vt.RowText(0), "hello world");
  EXPECT_EQ(vt.cursor().col, 11);
}

TEST(HeaderExamplesTest, Terminal) {
  vtsnap::Parser parser;
  vtsnap::Terminal term({.cols = 20, .rows = 5});
  parser.Feed("\x1b[31mred\x1b[m", term);
  const vtsnap::ScreenCell& c = term.cell(0, 0);
  bool red = term.pen(c.pen).fg == vtsnap::PenColor::Palette(1);
  EXPECT_TRUE(red);
  EXPECT_EQ(c.ch, U'r');
}

TEST(HeaderExamplesTest, Size) {
  absl::StatusOr<vtsnap::TerminalSize> size = vtsnap::ParseSize("120x34");
  ASSERT_TRUE(size.ok());
  EXPECT_EQ(size->cols, 120);
  EXPECT_EQ(size->rows, 34);
  EXPECT_FALSE(vtsnap::ParseSize("120").ok());
}

TEST(HeaderExamplesTest, Progress) {
  absl::StatusOr<vtsnap::ProgressReading> read = vtsnap::ReadProgress(
      R"({"v":1,"stage":"resolve","state":"progress","fraction":0.25,"msg":"1 of 4"})");
  ASSERT_TRUE(read.ok());
  ASSERT_TRUE(read->progress.has_value());
  EXPECT_EQ(read->progress->state, vtsnap::ProgressState::kProgress);
  EXPECT_EQ(read->progress->stage, "resolve");
  EXPECT_EQ(read->progress->fraction, 0.25);
  absl::StatusOr<vtsnap::ProgressReading> text = vtsnap::ReadProgress("make: nothing to do");
  ASSERT_TRUE(text.ok());
  EXPECT_FALSE(text->progress.has_value());
  EXPECT_THAT(text->not_progress, testing::StartsWith("not JSON"));
  absl::StatusOr<vtsnap::ProgressReading> bad =
      vtsnap::ReadProgress(R"({"v":1,"state":"progress","fraction":2})");
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), testing::HasSubstr("\"fraction\""));
}

}  // namespace
