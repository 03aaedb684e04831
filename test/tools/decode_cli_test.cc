// `vtsnap decode`: arguments, output format and exit codes.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tools/commands.h"

namespace vtsnap::tools {
namespace {

using ::testing::HasSubstr;

struct Result {
  int code;
  std::string out;
  std::string err;
};

Result Decode(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  int code = RunDecode(args, out, err);
  return {code, out.str(), err.str()};
}

std::string TempFile(const std::string& contents) {
  std::string path = testing::TempDir() + "decode_cli_test_input";
  std::ofstream(path, std::ios::binary) << contents;
  return path;
}

TEST(DecodeCliTest, PrintsTrimmedRowsWithoutTrailingEmptyRows) {
  const std::string path = TempFile("a  \r\n\x1b[1mbold\x1b[m\r\n\r\n   \r\n");
  Result r = Decode({path});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "a\nbold\n");
}

TEST(DecodeCliTest, EmptyScreenPrintsOneNewline) {
  Result r = Decode({TempFile("")});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "\n");
}

TEST(DecodeCliTest, WideCharacterPrintedOnce) {
  Result r = Decode({"--size", "10x2", TempFile("\xe6\x97\xa5\xe6\x9c\xac!")});
  EXPECT_EQ(r.out, "\xe6\x97\xa5\xe6\x9c\xac!\n");
}

TEST(DecodeCliTest, SizeWrapsLines) {
  Result r = Decode({"--size=5x3", TempFile("abcdefgh")});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "abcde\nfgh\n");
}

TEST(DecodeCliTest, ShowsTheActiveBuffer) {
  Result r = Decode({TempFile("primary\x1b[?1049h\x1b[Halt")});
  EXPECT_EQ(r.out, "alt\n");
}

TEST(DecodeCliTest, MalformedSizeExitsTwoNamingIt) {
  Result r = Decode({"--size", "80by24", TempFile("x")});
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, HasSubstr("80by24"));
  EXPECT_EQ(r.out, "");
}

TEST(DecodeCliTest, UnreadableFileExitsTwoNamingIt) {
  Result r = Decode({"/nonexistent/recording.bytes"});
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, HasSubstr("/nonexistent/recording.bytes"));
}

TEST(DecodeCliTest, UnknownOptionAndFormatExitTwo) {
  EXPECT_EQ(Decode({"--colour", TempFile("x")}).code, 2);
  Result r = Decode({"--format", "html", TempFile("x")});
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, HasSubstr("html"));
  EXPECT_EQ(Decode({"--size"}).code, 2);
}

// The command's output for a recorded real program equals the screen the independent oracle
// (@xterm/headless) computed for the same bytes.
TEST(DecodeCliTest, MatchesTheOracleOnARecordedSession) {
  const std::string base = VTSNAP_SOURCE_DIR "/test/corpus/cases/git_log_80x24";
  std::ifstream json_in(base + ".expected.json");
  ASSERT_TRUE(json_in.good());
  nlohmann::json expected = nlohmann::json::parse(json_in);
  std::vector<std::string> lines = expected["lines"].get<std::vector<std::string>>();
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  Result r = Decode({"--size", "80x24", base + ".bytes"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, absl::StrJoin(lines, "\n") + "\n");
}

}  // namespace
}  // namespace vtsnap::tools

namespace vtsnap::tools {
namespace {

TEST(DecodeCliGoldenTest, PrintsTheGoldenDumpOfTheFinalScreen) {
  Result r = Decode({"--size", "4x1", "--format", "golden", TempFile("\x1b[1mab\x1b[?25l")});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out,
            "ckvision-golden 1\n"
            "frame 4 1\n"
            "cursor hidden\n"
            "styles 2\n"
            "0 fg default bg default attrs bold\n"
            "1 fg default bg default attrs -\n"
            "grid\n"
            "|ab  |\n"
            "stylemap\n"
            "|0011|\n"
            "end\n");
}

TEST(DecodeCliGoldenTest, TooManyStylesExitsTwoNamingTheCount) {
  std::string bytes;
  for (int i = 0; i < 63; ++i) bytes += "\x1b[38;5;" + std::to_string(i) + "mx";
  Result r = Decode({"--size", "64x1", "--format=golden", TempFile(bytes)});
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, HasSubstr("64 styles"));
}

}  // namespace
}  // namespace vtsnap::tools
