// `vtsnap render`: inputs, formats, output and errors.
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/scratch_dir.h"
#include "vtsnap/snapshot/png.h"
#include "vtsnap/snapshot/rgba.h"
#include "vtsnap/tools/commands.h"

namespace vtsnap::tools {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

struct Result {
  int code;
  std::string out;
  std::string err;
};

Result Render(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  int code = RunRender(args, out, err);
  return {code, out.str(), err.str()};
}

std::string TempFile(const std::string& name, const std::string& contents) {
  const std::string path = (vtsnap::test_util::SharedScratchDir("render_cli_test") / name).string();
  std::ofstream(path, std::ios::binary) << contents;
  return path;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A 12x3 golden: "Bread" in cyan on row 1.
constexpr char kGolden[] =
    "ckvision-golden 1\n"
    "frame 12 3\n"
    "cursor hidden\n"
    "styles 2\n"
    "0 fg default bg default attrs -\n"
    "1 fg @6 bg default attrs bold\n"
    "grid\n"
    "|            |\n"
    "| Bread      |\n"
    "|            |\n"
    "stylemap\n"
    "|000000000000|\n"
    "|011111000000|\n"
    "|000000000000|\n"
    "end\n";

TEST(RenderCliTest, GoldenAsHtmlShowsItsColours) {
  Result r = Render({TempFile("g.dump", kGolden), "--format", "html"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_THAT(r.out, StartsWith("<!DOCTYPE html>"));
  EXPECT_THAT(r.out, HasSubstr("color:#00cdcd;font-weight:bold;"));
  EXPECT_THAT(r.out, HasSubstr(">B</span>"));
}

TEST(RenderCliTest, GoldenAsPngIsColsTimesEightByRowsTimesSixteen) {
  const std::string out = TempFile("g.png", "old contents");
  Result r = Render({TempFile("g.dump", kGolden), "--format=png", "--output", out});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  absl::StatusOr<RgbaPlane> png = DecodePng(ReadFile(out), out);
  ASSERT_TRUE(png.ok()) << png.status();
  EXPECT_EQ(png->width, 12 * 8);
  EXPECT_EQ(png->height, 3 * 16);
  // Unifont's "B" has ink in its cell (col 1, row 1) drawn in cyan; the first cell is white.
  int cyan = 0;
  for (int y = 16; y < 32; ++y) {
    for (int x = 8; x < 16; ++x) cyan += png->At(x, y) == 0x00CDCDFFu;
  }
  EXPECT_GT(cyan, 10);
  EXPECT_EQ(png->At(0, 0), 0xFFFFFFFFu);
}

TEST(RenderCliTest, RawRecordingAtASizeAsAnsiAndSvg) {
  const std::string path = TempFile("rec.bin", "\x1b[31mhi\x1b[0m");
  Result ansi = Render({path, "--size", "4x1", "--format", "ansi"});
  ASSERT_EQ(ansi.code, 0) << ansi.err;
  EXPECT_EQ(ansi.out, "\x1b[0;31mhi\x1b[0m  \x1b[0m\n");
  Result svg = Render({path, "--size", "4x1", "--format", "svg"});
  ASSERT_EQ(svg.code, 0) << svg.err;
  EXPECT_THAT(svg.out, HasSubstr("width=\"36\" height=\"18\""));
  EXPECT_THAT(svg.out, HasSubstr("fill=\"#cd0000\""));
}

TEST(RenderCliTest, CellAndPlaneLimitsOfARecording) {
  const std::string path = TempFile("limits.bytes", "hello");
  Result cell = Render({"--format", "ansi", "--cell", "65x8", path});
  EXPECT_EQ(cell.code, 2);
  EXPECT_EQ(cell.err, "vtsnap render: --cell '65x8': a cell is at most 64x64 pixels\n");
  Result plane = Render({"--format", "ansi", "--size", "4096x4096", "--cell", "64x64", path});
  EXPECT_EQ(plane.code, 2);
  EXPECT_EQ(plane.err,
            "vtsnap render: --size 4096x4096 with --cell 64x64 makes a 262144x262144 pixel plane "
            "(68719476736 pixels); the maximum is 268435456 pixels (1 GiB of RGBA)\n");
}

TEST(RenderCliTest, SixelImageIsDrawnOverItsCells) {
  // A 6x6 red Sixel square (cells of 3x6: two cells) at the top left of a 4x2 terminal.
  const std::string path = TempFile("sixel.bin", "\x1bPq\"1;1;6;6#1;2;100;0;0#1!6~-!6~\x1b\\");
  const std::string out = TempFile("sixel.png", "");
  Result r = Render({path, "--size", "4x2", "--format", "png", "-o", out});
  ASSERT_EQ(r.code, 0) << r.err;
  absl::StatusOr<RgbaPlane> png = DecodePng(ReadFile(out), out);
  ASSERT_TRUE(png.ok()) << png.status();
  EXPECT_EQ(png->At(0, 0), 0xFF0000FFu);    // the image over cell (0, 0)
  EXPECT_EQ(png->At(15, 15), 0xFF0000FFu);  // and (1, 0)
  EXPECT_EQ(png->At(31, 31), 0xFFFFFFFFu);  // not over (3, 1)
}

TEST(RenderCliTest, APlaneIsDrawnPixelForPixel) {
  std::string rgba = "ckvision-rgba 1\n2 1\n";
  rgba += std::string("\xFF\x00\x00\xFF", 4) + std::string(4, '\0');
  const std::string path = TempFile("p.rgba", rgba);
  const std::string out = TempFile("p.png", "");
  Result r = Render({path, "--format", "png", "-o", out});
  ASSERT_EQ(r.code, 0) << r.err;
  absl::StatusOr<RgbaPlane> png = DecodePng(ReadFile(out), out);
  ASSERT_TRUE(png.ok()) << png.status();
  EXPECT_EQ(*png, *ParseRgba(rgba));
  Result ansi = Render({path, "--format", "ansi"});
  EXPECT_EQ(ansi.code, 2);
  EXPECT_THAT(ansi.err, HasSubstr("is a pixel plane, which has no text"));
  Result html = Render({path, "--format", "html"});
  EXPECT_THAT(html.out, HasSubstr("width=\"2\" height=\"1\""));
}

TEST(RenderCliTest, StateDumpAsHtml) {
  const std::string json =
      R"({"cols":2,"rows":1,"cells":[[{"ch":"x","fg":16711680,"bg":0,"attrs":["bold"]},null]]})";
  Result r = Render({TempFile("state.json", json), "--format", "html"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("color:#ff0000;font-weight:bold;"));
}

// A recording longer than a read chunk (64 KiB) is streamed: an SGR cut by the chunk boundary
// still colours the text after it, as in the same text written alone.
TEST(RenderCliTest, RecordingLongerThanAChunkIsStreamed) {
  std::string padding;
  while (padding.size() < 65536 - 3) padding += "\x1b[H";  // 65535: the cut is after "\x1b"
  const std::string sgr_text = "\x1b[31;1mred\x1b[m";
  Result streamed = Render({TempFile("long.bin", padding + sgr_text), "--format", "ansi"});
  Result alone = Render({TempFile("short.bin", sgr_text), "--format", "ansi"});
  ASSERT_EQ(streamed.code, 0) << streamed.err;
  EXPECT_EQ(streamed.out, alone.out);
  EXPECT_THAT(alone.out, HasSubstr("red"));
}

// What the input is, is told by its first bytes even when they come after more than a chunk of
// whitespace (a state dump), and whitespace alone is a recording (a blank screen).
TEST(RenderCliTest, KindIsToldPastAChunkOfWhitespace) {
  const std::string json =
      R"({"cols":2,"rows":1,"cells":[[{"ch":"x","fg":16711680,"bg":0,"attrs":["bold"]},null]]})";
  const std::string spaces(70000, ' ');
  Result dump = Render({TempFile("spaced.json", spaces + json), "--format", "html"});
  ASSERT_EQ(dump.code, 0) << dump.err;
  EXPECT_THAT(dump.out, HasSubstr("color:#ff0000;font-weight:bold;"));
  Result blank = Render({TempFile("spaces.bin", spaces), "--format", "ansi"});
  Result empty = Render({TempFile("empty.bin", ""), "--format", "ansi"});
  ASSERT_EQ(blank.code, 0) << blank.err;
  EXPECT_EQ(blank.out, empty.out);
}

TEST(RenderCliTest, ErrorsNameTheInput) {
  const std::string golden = TempFile("g.dump", kGolden);
  struct Case {
    std::vector<std::string> args;
    const char* error;
  } cases[] = {
      {{golden}, "--format is required (expected html, svg, png or ansi)"},
      {{golden, "--format", "gif"}, "unknown --format 'gif'"},
      {{"--format", "html"}, "which file?"},
      {{golden, "--format", "html", "--size", "10x2"}, "--size is for raw recordings; "},
      {{TempFile("bad.dump", "ckvision-golden 1\nframe x\n"), "--format", "html"},
       "bad.dump:2:7: expected the column count"},
      {{golden, "--format", "png", "--font", "/nonexistent.hex"},
       "/nonexistent.hex: cannot read the font"},
      {{"/nonexistent.dump", "--format", "html"}, "/nonexistent.dump"},
      {{TempFile("r.bin", "x"), "--format", "html", "--size", "0x0"}, "--size '0x0'"},
  };
  for (const Case& c : cases) {
    Result r = Render(c.args);
    EXPECT_EQ(r.code, 2) << c.error;
    EXPECT_THAT(r.err, HasSubstr(c.error));
    EXPECT_EQ(r.out, "");
  }
}

}  // namespace
}  // namespace vtsnap::tools
