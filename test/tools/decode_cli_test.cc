// `vtsnap decode`: arguments, output format and exit codes.
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "test/scratch_dir.h"
#include "vtsnap/tools/commands.h"

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
  // One file per process: ctest runs this binary's tests in parallel processes.
  std::string path = (vtsnap::test_util::SharedScratchDir("decode_cli_test") / "input").string();
  std::ofstream(path, std::ios::binary) << contents;
  return path;
}

TEST(DecodeCliTest, PrintsTrimmedRowsWithoutTrailingEmptyRows) {
  const std::string path = TempFile("a  \r\n\x1b[1mbold\x1b[m\r\n\r\n   \r\n");
  Result r = Decode({path});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "a\nbold\n");
}

TEST(DecodeCliTest, PresenterProfilePrintsTheScreenOfAnAcceptedStream) {
  Result r = Decode({"--profile", "presenter", "--size", "10x2",
                     TempFile("\x1b[?2026h\x1b[2;3H\x1b[1mhi\x1b[0m\x1b[?2026l")});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "\n  hi\n");
}

TEST(DecodeCliTest, PresenterProfileExitsThreeWithTheFirstViolation) {
  // The same bytes the xterm profile accepts: the CR LF at offset 2 is outside the subset.
  const std::string path = TempFile("ab\r\ncd");
  EXPECT_EQ(Decode({path}).code, 0);
  Result r = Decode({"--profile=presenter", path});
  EXPECT_EQ(r.code, 3);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "offset 2: \\x0d: C0 control CR is not in the presenter subset\n");
}

TEST(DecodeCliTest, PresenterProfileRejectsAStreamEndingInsideAFrame) {
  Result r = Decode({"--profile", "presenter", TempFile("x\x1b[?2026hy")});
  EXPECT_EQ(r.code, 3);
  EXPECT_EQ(r.err, "offset 1: \\x1b[?2026h: the stream ends inside this synchronized frame\n");
}

TEST(DecodeCliTest, RgbaWritesThePlaneOfTheFinalScreen) {
  // A 2x1 screen of 3x6 cells is a 6x6 plane; a red 3x6 image at the cursor (0, 0) fills the first
  // cell: 18 opaque pixels.
  const std::string path = TempFile("\x1bPq\"1;1;3;6#1;2;100;0;0#1!3~\x1b\\");
  Result r = Decode({"--size", "2x1", "--graphics", "sixel", "--format", "rgba", path});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string header = "ckvision-rgba 1\n6 6\n";
  ASSERT_EQ(r.out.size(), header.size() + 6 * 6 * 4);
  EXPECT_EQ(r.out.substr(0, header.size()), header);
  int opaque = 0;
  for (size_t i = header.size() + 3; i < r.out.size(); i += 4) opaque += r.out[i] != 0;
  EXPECT_EQ(opaque, 18);
  EXPECT_EQ(r.out.substr(header.size(), 4), std::string("\xff\x00\x00\xff", 4));
  // Without --graphics sixel the image is ignored: a transparent plane of the same size.
  Result plain = Decode({"--size", "2x1", "--format=rgba", path});
  ASSERT_EQ(plain.code, 0) << plain.err;
  EXPECT_EQ(plain.out, header + std::string(6 * 6 * 4, '\0'));
  // Other cell sizes.
  Result big =
      Decode({"--size", "2x1", "--graphics", "sixel", "--cell", "4x8", "--format", "rgba", path});
  EXPECT_EQ(big.out.substr(0, 20), "ckvision-rgba 1\n8 8\n");
}

TEST(DecodeCliTest, GraphicsAndCellArgumentsAreChecked) {
  Result bad_graphics = Decode({"--graphics", "kitty", TempFile("")});
  EXPECT_EQ(bad_graphics.code, 2);
  EXPECT_THAT(bad_graphics.err, HasSubstr("unknown --graphics 'kitty' (expected none or sixel)"));
  Result bad_cell = Decode({"--cell", "3", TempFile("")});
  EXPECT_EQ(bad_cell.code, 2);
  EXPECT_THAT(bad_cell.err, HasSubstr("vtsnap decode: --cell '3': "));
  Result bad_format = Decode({"--format", "png", TempFile("")});
  EXPECT_THAT(bad_format.err,
              HasSubstr("(expected text, golden, rgba, json, semantic, plain, ansi or pito)"));
}

// Cells of more than kMaxCellPixels (64) are refused, not clamped; planes of more than
// kMaxPlanePixels are refused when the plane is used (--format rgba or --graphics sixel) and never
// allocated; one decision a case.
struct PlaneLimitCase {
  const char* name;
  std::vector<std::string> args;
  int code;
  const char* err;  // a part of stderr ("" when the decode succeeds)
};

TEST(DecodeCliTest, CellAndPlaneLimits) {
  const PlaneLimitCase kCases[] = {
      {"CellWidthOver64",
       {"--cell", "65x8"},
       2,
       "vtsnap decode: --cell '65x8': a cell is at most 64x64 pixels\n"},
      {"CellHeightOver64",
       {"--cell", "8x65"},
       2,
       "vtsnap decode: --cell '8x65': a cell is at most 64x64 pixels\n"},
      {"CellOf64IsFine", {"--cell", "64x64", "--format", "rgba", "--size", "2x1"}, 0, ""},
      {"HugeRgbaPlane",
       {"--size", "4096x4096", "--cell", "64x64", "--format", "rgba"},
       2,
       "vtsnap decode: --size 4096x4096 with --cell 64x64 makes a 262144x262144 pixel plane "
       "(68719476736 pixels); the maximum is 268435456 pixels (1 GiB of RGBA)\n"},
      {"HugeSixelPlane",
       {"--size", "4096x4096", "--cell", "64x64", "--graphics", "sixel"},
       2,
       "makes a 262144x262144 pixel plane"},
      {"JustOverTheLimit",
       {"--size", "4096x4096", "--cell", "5x4", "--format", "rgba"},
       2,
       "makes a 20480x16384 pixel plane (335544320 pixels)"},
      {"LargePlaneUnusedIsFine", {"--size", "1000x1000", "--cell", "64x64"}, 0, ""},
  };
  for (const PlaneLimitCase& c : kCases) {
    SCOPED_TRACE(c.name);
    std::vector<std::string> args = c.args;
    args.push_back(TempFile(""));
    Result r = Decode(args);
    EXPECT_EQ(r.code, c.code) << r.err;
    if (c.code == 0) {
      EXPECT_EQ(r.err, "");
    } else {
      EXPECT_THAT(r.err, HasSubstr(c.err));
      EXPECT_EQ(r.out, "");
    }
  }
}

TEST(DecodeCliTest, UnknownProfileIsBadArguments) {
  Result r = Decode({"--profile", "vt52", TempFile("")});
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, HasSubstr("unknown --profile 'vt52' (expected xterm or presenter)"));
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

TEST(DecodeCliJsonTest, PrintsTheStateDumpOfTheFinalScreen) {
  Result r = Decode({"--format", "json", "--size", "3x1", TempFile("\x1b[31mab")});
  EXPECT_EQ(r.code, 0) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["cols"], 3);
  EXPECT_EQ(j["cursor"]["col"], 2);
  EXPECT_EQ(j["cells"][0][1]["ch"], "b");
  EXPECT_EQ(j["cells"][0][1]["fg"], 0xCD0000);
  EXPECT_TRUE(j["cells"][0][2].is_null());
  EXPECT_FALSE(j["cells"][0][0].contains("gen"));
}

TEST(DecodeCliJsonTest, GenerationsAddsTheCounters) {
  Result r = Decode({"--format=json", "--generations", "--size", "3x1", TempFile("a\rb")});
  EXPECT_EQ(r.code, 0) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["cells"][0][0]["gen"], 2);
}

TEST(DecodeCliJsonTest, GenerationsNeedJsonAndTheXtermProfile) {
  Result r = Decode({"--generations", TempFile("a")});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "vtsnap decode: --generations needs --format json and the xterm profile\n");
  EXPECT_EQ(
      Decode({"--generations", "--format", "json", "--profile", "presenter", TempFile("a")}).code,
      2);
}

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

// More styles than ckvision-golden 1 names: the wide form (docs/golden-format.md, "The wide form").
TEST(DecodeCliGoldenTest, TooManyStylesForVersion1PrintTheWideForm) {
  std::string bytes;
  for (int i = 0; i < 63; ++i) bytes += "\x1b[38;5;" + std::to_string(i) + "mx";
  Result r = Decode({"--size", "64x1", "--format=golden", TempFile(bytes)});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_THAT(r.out, ::testing::StartsWith("vtsnap-wide-golden 1\nframe 64 1\n"
                                           "cursor 63 0 block\nstyles 64 width 2\n"));
}

// --format semantic prints the vtsnap-semantic 1 projection (docs/semantic.md). A 5x2 screen:
// "abcdefg" wraps after "abcde", so row 1 continues row 0; the bold "ab" is the only style run.
TEST(DecodeCliSemanticTest, PrintsTheProjectionOfTheViewport) {
  Result r = Decode({"--size", "5x2", "--format", "semantic", TempFile("\x1b[1mab\x1b[mcdefg")});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out,
            "vtsnap-semantic 1\n"
            "capture viewport\n"
            "size 5x2\n"
            "buffer normal\n"
            "viewport top=0 scrollback=0\n"
            "cursor visible row=1 col=2 shape=block\n"
            "mode bracketed-paste off\n"
            "mode mouse-tracking off\n"
            "mode mouse-encoding default\n"
            "mode focus-events off\n"
            "mode synchronized-output off\n"
            "mode application-cursor-keys off\n"
            "text\n"
            "0 |abcde\n"
            "1 +|fg\n"
            "styles\n"
            "0 0-1 bold\n");
}

// --capture buffer adds the lines that scrolled off: on a 10x2 screen "one" and "two" scroll off.
TEST(DecodeCliSemanticTest, BufferCaptureIncludesTheScrollback) {
  const std::string path = TempFile("one\r\ntwo\r\nthree\r\n");
  Result r = Decode({"--size", "10x2", "--format", "semantic", "--capture", "buffer", path});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("capture buffer\n"));
  EXPECT_THAT(r.out, HasSubstr("viewport top=2 scrollback=2\n"));
  EXPECT_THAT(r.out, HasSubstr("text\n0 |one\n1 |two\n2 |three\nstyles\n"));
  Result viewport = Decode({"--size", "10x2", "--format", "semantic", path});
  EXPECT_THAT(viewport.out, HasSubstr("text\n0 |three\n1 |\nstyles\n"));
}

TEST(DecodeCliSemanticTest, CaptureArgumentsAreChecked) {
  Result bad = Decode({"--format", "semantic", "--capture", "all", TempFile("x")});
  EXPECT_EQ(bad.code, 2);
  EXPECT_THAT(bad.err, HasSubstr("--capture 'all'"));
  Result without = Decode({"--capture", "buffer", TempFile("x")});
  EXPECT_EQ(without.code, 2);
  EXPECT_THAT(without.err, HasSubstr("--capture needs --format semantic"));
}

struct ThemeCliCase {
  std::string name;
  std::string bytes;  // a 10x2 screen
  int code;
  std::string out;
};

class DecodeCliThemeTest : public ::testing::TestWithParam<ThemeCliCase> {};

TEST_P(DecodeCliThemeTest, ChecksTheTheme) {
  Result r = Decode({"--size", "10x2", "--check-theme", TempFile(GetParam().bytes)});
  EXPECT_EQ(r.code, GetParam().code) << r.err;
  EXPECT_EQ(r.out, GetParam().out);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, DecodeCliThemeTest,
    ::testing::Values(ThemeCliCase{"PaletteAndReverseOnlyExitZero",
                                   "\x1b[1;31mab\x1b[92mc\x1b[m \x1b[7msel\x1b[m", 0, ""},
                      ThemeCliCase{"RgbExitsOne", "ab\x1b[38;2;255;0;0mcd", 1,
                                   "row 0 cols 2-3: fg=#ff0000 (RGB)\n"},
                      ThemeCliCase{"PaletteAbove15ExitsOne", "\x1b[38;5;196mx", 1,
                                   "row 0 cols 0-0: fg=196 (palette index above 15)\n"},
                      ThemeCliCase{"BackgroundExitsOne", "\r\nab\x1b[40mcd", 1,
                                   "row 1 cols 2-3: bg=black (explicit background)\n"}),
    [](const auto& info) { return info.param.name; });

// pito-tui's formats (docs/pito.md). `plain` differs from `text`: it keeps empty rows.
TEST(DecodeCliTest, PlainKeepsEveryRowWhereTextDropsTrailingEmptyRows) {
  const std::string path = TempFile("ab  \r\n\r\nc");
  Result plain = Decode({"--size", "6x4", "--format", "plain", path});
  EXPECT_EQ(plain.code, 0) << plain.err;
  EXPECT_EQ(plain.out, "ab\n\nc\n\n");
  Result text = Decode({"--size", "6x4", path});
  EXPECT_EQ(text.out, "ab\n\nc\n");
}

TEST(DecodeCliTest, AnsiPrintsTheReplayableDump) {
  Result r = Decode({"--size", "3x1", "--format=ansi", TempFile("\x1b[1mab")});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "\x1b[?25l\x1b[2J\x1b[1;1H\x1b[0;1mab\x1b[0m");
}

TEST(DecodeCliTest, PitoPrintsAFrameFile) {
  Result r = Decode({"--size", "3x1", "--format", "pito", TempFile("\x1b[38;2;91;140;255;1ma")});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "pito-tui frame 1\n3 1\na\t \t \n1 #5B8CFF Reset 1\t2 Reset Reset 0\n");
}

TEST(DecodeCliTest, PitoExitsTwoOnWhatTheFormatCannotSay) {
  const std::string path = TempFile("a\x1b[53mb");
  Result r = Decode({"--size", "3x1", "--format", "pito", path});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr("row 0 col 1 (0-based): overline cannot be written"));
  Result lossy = Decode({"--size", "3x1", "--format", "pito", "--lossy", path});
  EXPECT_EQ(lossy.code, 0) << lossy.err;
  EXPECT_EQ(lossy.out, "pito-tui frame 1\n3 1\na\tb\t \n3 Reset Reset 0\n");
}

TEST(DecodeCliTest, LossyNeedsFormatPito) {
  Result r = Decode({"--lossy", TempFile("a")});
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, HasSubstr("--lossy needs --format pito"));
}

}  // namespace
}  // namespace vtsnap::tools
