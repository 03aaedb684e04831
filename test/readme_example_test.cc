// Keeps the README's usage example alive: the code between the markers below must be exactly the
// README's C++ example, and it runs as a test here.
#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"

// clang-format off
// README-EXAMPLE-BEGIN
#include "vtsnap/matchers/matchers.h"

TEST(Greeting, ShowsBoldHello) {
  vtsnap::VirtualTerminal vt({.cols = 20, .rows = 3});
  vt.Write("\x1b[1mHello\x1b[m, world");
  EXPECT_THAT(vt, vtsnap::ScreenIs(R"(
      |Hello, world        |
      --- styles
      0 0-4 bold
  )"));
}
// README-EXAMPLE-END
// clang-format on

// The README's golden alternative: `EqualsGolden("greeting")`, a screen kept in a file.
TEST(Greeting, MatchesItsGolden) {
  vtsnap::VirtualTerminal vt({.cols = 40, .rows = 5});
  vt.Write("\x1b[2J\x1b[H\x1b[1mHello\x1b[m, world\r\n");
  EXPECT_THAT(vt, vtsnap::CursorAt(0, 1));
  EXPECT_THAT(vt, vtsnap::EqualsGolden("greeting"));  // goldens/readme_example_test/greeting.dump
}

namespace {

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string Between(const std::string& text, const std::string& begin, const std::string& end) {
  const size_t b = text.find(begin);
  if (b == std::string::npos) return "<no " + begin + ">";
  const size_t start = text.find('\n', b) + 1;
  const size_t e = text.find(end, start);
  if (e == std::string::npos) return "<no " + end + ">";
  return text.substr(start, e - start);
}

TEST(ReadmeTest, UsageExampleIsTheCodeThisFileRuns) {
  const std::string readme = Slurp(VTSNAP_SOURCE_DIR "/README.md");
  const std::string self = Slurp(VTSNAP_SOURCE_DIR "/test/readme_example_test.cc");
  const std::string example = Between(readme, "```cpp", "```");
  const std::string tested = Between(self,
                                     "// README-EXAMPLE-"
                                     "BEGIN",
                                     "// README-EXAMPLE-"
                                     "END");
  EXPECT_EQ(example, tested);
  EXPECT_GT(tested.size(), 100u);
}

}  // namespace
