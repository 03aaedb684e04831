// snapshot/formats/line_reader.h: its usage example, and the line and column rules the formats'
// error messages rest on.
#include "vtsnap/snapshot/formats/line_reader.h"

#include "gtest/gtest.h"

namespace vtsnap {
namespace {

TEST(LineReaderTest, HeaderExample) {
  LineReader reader("a 1\nb 2\n", "x.txt");
  absl::StatusOr<TextLine> line = reader.Next("the `a` line");
  ASSERT_TRUE(line.ok());
  EXPECT_EQ(line->text, "a 1");
  EXPECT_EQ(line->number, 1);
  line = reader.Next("the `b` line");
  ASSERT_TRUE(line.ok());
  EXPECT_EQ(line->text, "b 2");
  EXPECT_EQ(line->number, 2);
  EXPECT_TRUE(reader.AtEnd());
  EXPECT_EQ(reader.Next("the `c` line").status().message(),
            "x.txt:3:1: expected the `c` line, got end of input");
  EXPECT_EQ(reader.Error(2, 3, "not a number").message(), "x.txt:2:3: not a number");
  EXPECT_EQ(reader.Error(2, 3, "not a number").code(), absl::StatusCode::kInvalidArgument);
}

TEST(LineReaderTest, WithoutAPathTheMessageStartsAtTheLine) {
  EXPECT_EQ(LineReader("").Error(1, 1, "empty").message(), "1:1: empty");
  EXPECT_EQ(LineError("", 4, 2, "what").message(), "4:2: what");
  EXPECT_EQ(LineError("p", 4, 2, "what").message(), "p:4:2: what");
}

TEST(LineReaderTest, ALastLineWithoutNewlineIsReadAndAFinalNewlineStartsNoLine) {
  LineReader reader("one\n\nthree");
  EXPECT_EQ(reader.PeekLine(), "one");
  EXPECT_EQ(reader.bytes_left(), 10u);
  EXPECT_EQ(reader.NextLine().text, "one");
  EXPECT_EQ(reader.NextLine().text, "");
  const TextLine last = reader.NextLine();
  EXPECT_EQ(last.text, "three");
  EXPECT_EQ(last.number, 3);
  EXPECT_EQ(reader.lines_read(), 3);
  EXPECT_TRUE(reader.AtEnd());
  EXPECT_EQ(reader.bytes_left(), 0u);
  EXPECT_EQ(reader.PeekLine(), "");

  LineReader ended("one\n");
  ended.NextLine();
  EXPECT_TRUE(ended.AtEnd());
  EXPECT_TRUE(LineReader("").AtEnd());
}

}  // namespace
}  // namespace vtsnap
