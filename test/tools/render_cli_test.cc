// `vtsnap render`: inputs, formats, output and errors.
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/sanitizer.h"
#include "test/scratch_dir.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/pito_frame.h"
#include "vtsnap/snapshot/formats/rgba_file.h"
#include "vtsnap/snapshot/formats/semantic.h"
#include "vtsnap/snapshot/render/png.h"
#include "vtsnap/snapshot/screen/rgba.h"
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

// `vtsnap render ARGS` in a child process whose address space may grow by at most 320 MiB and
// which is killed after 30 s, so a render that allocates without bound or waits forever fails
// the test (code -1, the reason in `err`) rather than taking the machine or the run.
Result RenderBounded(const std::vector<std::string>& args) {
  int fds[2];
  if (::pipe(fds) != 0) return {-1, "", "pipe failed"};
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(fds[0]);
    std::FILE* statm = std::fopen("/proc/self/statm", "r");
    long pages = 0;
    if (statm == nullptr || std::fscanf(statm, "%ld", &pages) != 1) ::_exit(3);
    std::fclose(statm);
    const rlim_t limit = static_cast<rlim_t>(pages) * ::sysconf(_SC_PAGESIZE) + (rlim_t{320} << 20);
    const struct rlimit bound = {limit, limit};
    if (::setrlimit(RLIMIT_AS, &bound) != 0) ::_exit(4);
    ::alarm(30);
    std::string report;
    try {  // an allocation past the bound throws; gtest must not catch it in this child
      Result r = Render(args);
      report = absl::StrCat(r.code, " ", r.out.size(), "\n", r.err);
    } catch (...) {
      report = "-1 0\nan allocation failed under the address-space bound";
    }
    for (size_t done = 0; done < report.size();) {
      const ssize_t n = ::write(fds[1], report.data() + done, report.size() - done);
      if (n <= 0) ::_exit(5);
      done += static_cast<size_t>(n);
    }
    ::_exit(0);
  }
  ::close(fds[1]);
  std::string report;
  char buffer[4096];
  ssize_t n;
  while ((n = ::read(fds[0], buffer, sizeof buffer)) > 0)
    report.append(buffer, static_cast<size_t>(n));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return {
        -1, "",
        absl::StrCat("the child ", WIFSIGNALED(status) ? "was killed by signal " : "exited with ",
                     WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status))};
  }
  int code = -1;
  size_t out_size = 0;
  std::sscanf(report.c_str(), "%d %zu", &code, &out_size);
  return {code, out_size == 0 ? "" : absl::StrCat("(", out_size, " bytes)"),
          report.substr(std::min(report.size(), report.find('\n') + 1))};
}

// A golden of `cols` x `rows` cells, every one an "x" in the default style.
std::string FilledGolden(int cols, int rows) {
  std::string golden =
      absl::StrCat("ckvision-golden 1\nframe ", cols, " ", rows,
                   "\ncursor hidden\nstyles 1\n0 fg default bg default attrs -\ngrid\n");
  for (int row = 0; row < rows; ++row) absl::StrAppend(&golden, "|", std::string(cols, 'x'), "|\n");
  golden += "stylemap\n";
  for (int row = 0; row < rows; ++row) absl::StrAppend(&golden, "|", std::string(cols, '0'), "|\n");
  return golden + "end\n";
}

// What render draws is bounded: a PNG's pixels before anything is drawn, an HTML page's or SVG
// picture's bytes as it is drawn, a font by its kind and size before it is read. Each case is
// refused (exit 2, naming the input and the limit) in a child whose memory is capped.
TEST(RenderCliTest, OversizedOutputsAndFontsAreRefused) {
#ifdef VTSNAP_TEST_ASAN
  GTEST_SKIP() << "AddressSanitizer reserves more address space than the cap";
#else
  const std::string wide = TempFile("wide.dump", FilledGolden(100000, 10));
  // Every cell of a 300x100 golden links to a target of 8000 bytes, which each cell's hover text
  // (HTML) or link (SVG) repeats: 240 MB unbounded.
  std::string linked_golden = FilledGolden(300, 100);
  linked_golden.resize(linked_golden.size() - 4);  // "end\n"
  for (int row = 0; row < 100; ++row) {
    absl::StrAppend(&linked_golden, "link 0 ", row, " 300 https://x.example/",
                    std::string(8000 - 18, 'a'), "\n");
  }
  const std::string linked = TempFile("linked.dump", linked_golden + "end\n");
  const std::string longer = TempFile("longer.dump", FilledGolden(6000000, 1));
  const std::string tui = TempFile("tui_frame", "pito-tui frame 1\n65535 65535\n");
  const std::string golden = TempFile("small.dump", kGolden);
  const std::string recording = TempFile("hello.bin", "hello");
  const std::string fifo = TempFile("fifo.hex", "");
  std::filesystem::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string big_font = TempFile("big.hex", "");
  std::filesystem::resize_file(big_font, (uintmax_t{16} << 20) + 1);  // sparse: no disk used
  const std::string pixels = "the most vtsnap render draws is 67108864 pixels (64 Mi)\n";
  const std::string bytes =
      "is larger than 67108864 bytes (64 MiB), the most vtsnap render writes\n";
  struct Case {
    const char* name;
    std::vector<std::string> args;
    std::string error;  // after "vtsnap render: "
  } cases[] = {
      {"a wide golden as png",
       {wide, "--format", "png"},
       wide + ": a 100000x10 screen is 800000x160 pixels as a PNG (8x16 a cell); " + pixels},
      // Its frame would take some 0.4 GB: it is refused by the size its frame line declares.
      {"a golden of 6 million cells as png",
       {longer, "--format", "png"},
       longer + ": a 6000000x1 screen is 48000000x16 pixels as a PNG (8x16 a cell); " + pixels},
      {"a pito-tui frame declaring 65535x65535 as png",
       {tui, "--format", "png"},
       tui + ": a 65535x65535 screen is 524280x1048560 pixels as a PNG (8x16 a cell); " + pixels},
      {"a large recording as png",
       {recording, "--size", "4096x2048", "--cell", "1x1", "--format", "png"},
       recording + ": a 4096x2048 screen is 32768x32768 pixels as a PNG (8x16 a cell); " + pixels},
      {"long links as html",
       {linked, "--format", "html"},
       linked + ": the 300x100 screen drawn as html " + bytes},
      {"long links as svg",
       {linked, "--format", "svg"},
       linked + ": the 300x100 screen drawn as svg " + bytes},
      {"a device as the font",
       {golden, "--format", "png", "--font", "/dev/zero"},
       "/dev/zero: not a regular file, so not a font (a GNU Unifont .hex file)\n"},
      {"a FIFO as the font (nobody writes it)",
       {golden, "--format", "png", "--font", fifo},
       fifo + ": not a regular file, so not a font (a GNU Unifont .hex file)\n"},
      {"a font over 16 MiB",
       {golden, "--format", "png", "--font", big_font},
       big_font + ": larger than the largest font read, 16777216 bytes (16 MiB)\n"},
  };
  for (const Case& c : cases) {
    Result r = RenderBounded(c.args);
    EXPECT_EQ(r.code, 2) << c.name << ": " << r.err;
    EXPECT_EQ(r.err, "vtsnap render: " + c.error) << c.name;
    EXPECT_EQ(r.out, "") << c.name;
  }
  std::filesystem::remove(fifo);
#endif
}

// Every kind of file a screen is kept in is drawn as that screen: a pito-tui frame and a semantic
// projection of a terminal show what the bytes that terminal read show (ANSI has no cursor, which
// the frame file does not keep). What holds no one screen is refused, naming the input.
TEST(RenderCliTest, EachKindOfFileIsDrawnAsItsScreen) {
  const std::string bytes = "\x1b[1;31mErr\x1b[m ok\r\n\x1b[7m>\xE4\xB8\xAD";  // a wide glyph
  VirtualTerminal vt(TerminalOptions{.cols = 8, .rows = 2});
  vt.Write(bytes);
  absl::StatusOr<pito::TuiFrame> tui = pito::FrameFromScreen(vt);
  ASSERT_TRUE(tui.ok()) << tui.status();
  absl::StatusOr<std::string> tui_text = pito::SerializeFrame(*tui);
  ASSERT_TRUE(tui_text.ok()) << tui_text.status();
  const std::string recording = TempFile("kinds.bin", bytes);
  const Result expected = Render({recording, "--size", "8x2", "--format", "ansi"});
  ASSERT_EQ(expected.code, 0) << expected.err;
  ASSERT_THAT(expected.out, HasSubstr("31mErr"));
  const std::string frame = TempFile("tui_frame", *tui_text);
  const std::string semantic =
      TempFile("k.semantic", SerializeSemantic(CaptureSemantic(vt.terminal())));
  const std::string buffer = TempFile(
      "b.semantic", SerializeSemantic(CaptureSemantic(vt.terminal(), SemanticCapture::kBuffer)));
  for (const std::string& path : {frame, semantic, buffer}) {
    Result r = Render({path, "--format", "ansi"});
    ASSERT_EQ(r.code, 0) << path << ": " << r.err;
    EXPECT_EQ(r.out, expected.out) << path;
    // The other formats draw it too.
    EXPECT_THAT(Render({path, "--format", "html"}).out, HasSubstr(">E</span>")) << path;
  }

  const std::string capture = (test_util::SharedScratchDir("render_cli_test") / "cap").string();
  std::filesystem::create_directories(capture + "/00-home");
  std::filesystem::copy_file(frame, capture + "/00-home/8x2",
                             std::filesystem::copy_options::overwrite_existing);
  const std::string empty = (test_util::SharedScratchDir("render_cli_test") / "empty").string();
  std::filesystem::create_directories(empty);
  const std::string huge = TempFile(
      "huge.semantic",
      absl::StrCat("vtsnap-semantic 1\ncapture buffer\nsize 2000000000x1\nbuffer normal\n"
                   "viewport top=0 scrollback=0\ncursor hidden\nmode bracketed-paste off\n"
                   "mode mouse-tracking off\nmode mouse-encoding default\nmode focus-events off\n"
                   "mode synchronized-output off\nmode application-cursor-keys off\ntext\n0 |x\n"
                   "styles\n"));
  const std::string bad_frame = TempFile("bad_frame", "pito-tui frame 1\n2 1\nx\n");
  struct Case {
    const char* name;
    std::vector<std::string> args;
    std::string error;  // after "vtsnap render: "
  } cases[] = {
      {"a capture folder",
       {capture, "--format", "png"},
       capture +
           " is a folder, and vtsnap render draws the screen of one file: for a pito-tui "
           "capture folder, one of its frame files, such as " +
           capture + "/00-home/8x2"},
      {"another folder",
       {empty, "--format", "html"},
       empty + " is a folder, and vtsnap render draws the screen of one file"},
      {"a semantic projection of more cells than are drawn",
       {huge, "--format", "ansi"},
       huge + ": a 2000000000x1 screen has more cells than the 2097152 vtsnap render draws a "
              "semantic projection with"},
      {"a malformed pito-tui frame", {bad_frame, "--format", "svg"}, bad_frame + ":3:"},
      {"--size with a pito-tui frame",
       {frame, "--format", "ansi", "--size", "8x2"},
       "--size is for raw recordings; " + frame + " is a pito-tui frame and knows its size"},
      {"--size with a semantic projection",
       {semantic, "--format", "ansi", "--size", "8x2"},
       "--size is for raw recordings; " + semantic +
           " is a semantic projection and knows its size"},
  };
  for (const Case& c : cases) {
    Result r = RenderBounded(c.args);
    EXPECT_EQ(r.code, 2) << c.name << ": " << r.err;
    EXPECT_THAT(r.err, StartsWith("vtsnap render: " + c.error)) << c.name;
    EXPECT_EQ(r.out, "") << c.name;
  }
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
