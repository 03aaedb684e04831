#include "vtsnap/base/size.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace vtsnap {
namespace {

TEST(ParseSizeTest, AcceptsCanonicalSizes) {
  auto s = ParseSize("120x34");
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(*s, (TerminalSize{120, 34}));
  EXPECT_EQ(FormatSize(*s), "120x34");
  EXPECT_EQ(*ParseSize("1x1"), (TerminalSize{1, 1}));
  EXPECT_EQ(*ParseSize("4096x4096"), (TerminalSize{4096, 4096}));
}

TEST(ParseSizeTest, AcceptsAnUppercaseX) {
  auto s = ParseSize("120X34");
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(*s, (TerminalSize{120, 34}));
  EXPECT_EQ(*ParseSize("1X1"), (TerminalSize{1, 1}));
  EXPECT_EQ(*ParseSize("4096X4096"), (TerminalSize{4096, 4096}));
}

TEST(ParseSizeTest, FormatsWithALowercaseX) { EXPECT_EQ(FormatSize(*ParseSize("80X24")), "80x24"); }

struct BadSize {
  const char* input;
  const char* message_part;
};

TEST(ParseSizeTest, RejectsMalformedSizesNamingTheInput) {
  const BadSize kBad[] = {
      {"", "no 'x'"},
      {"80", "no 'x'"},
      {"x24", "columns is missing"},
      {"80x", "rows is missing"},
      {"80xX24", "rows \"X24\" is not a number"},
      {"80Xx24", "rows \"x24\" is not a number"},
      {"80X24X1", "is not a number"},
      {"X24", "columns is missing"},
      {"80X", "rows is missing"},
      {"0X24", "must be a positive number"},
      {"4097X10", "larger than 4096"},
      {"0x24", "must be a positive number"},
      {"080x24", "without leading zeros"},
      {"-1x24", "is not a number"},
      {"80x24x1", "is not a number"},
      {" 80x24", "is not a number"},
      {"4097x10", "larger than 4096"},
      {"99999999999x1", "larger than 4096"},
  };
  for (const BadSize& b : kBad) {
    SCOPED_TRACE(b.input);
    auto s = ParseSize(b.input);
    ASSERT_FALSE(s.ok());
    EXPECT_THAT(std::string(s.status().message()), testing::HasSubstr(b.message_part));
    EXPECT_THAT(std::string(s.status().message()),
                testing::HasSubstr(std::string("\"") + b.input + "\""));
  }
}

}  // namespace
}  // namespace vtsnap
