// `vtsnap textconv FILE` (tools/textconv.h): each golden format as the readable text a diff shows,
// bad input named with its place, and the whole thing as git's textconv in a real repository
// (docs/goldens.md, "Goldens in git and code review").
#include <stdio.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/scratch_dir.h"
#include "test/tools/shell_command.h"
#include "vtsnap/base/fnv1a.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/rgba_file.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/rgba.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/exit_codes.h"
#include "vtsnap/tools/textconv.h"

namespace vtsnap::tools {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

// The example of docs/golden-format.md: a box, " Hello ck " in bold white, a link over "Hello",
// a raster record.
constexpr absl::string_view kBoxDump = R"(ckvision-golden 1
frame 12 3
cursor 6 1 block
styles 2
0 fg #C0C0C0 bg #000080 attrs -
1 fg #FFFFFF bg #000080 attrs bold
grid
|+----------+|
|| Hello ck ||
|+----------+|
stylemap
|000000000000|
|011111111110|
|000000000000|
link 2 1 5 https://example.org/
raster 1 anchor 2 1 span 4 2 pixels 64 32 hash a1b2c3d4
end
)";

constexpr absl::string_view kBoxText = R"(ckvision-golden 1
size 12x3
  |+----------+|
  || Hello ck ||
  |+----------+|
  cursor 6 1 block
styles:
  row 0 cols 0-11: fg=#c0c0c0 bg=#000080
  row 1 col 0: fg=#c0c0c0 bg=#000080
  row 1 col 1: bold fg=#ffffff bg=#000080
  row 1 cols 2-6: bold fg=#ffffff bg=#000080 link=https://example.org/
  row 1 cols 7-10: bold fg=#ffffff bg=#000080
  row 1 col 11: fg=#c0c0c0 bg=#000080
  row 2 cols 0-11: fg=#c0c0c0 bg=#000080
rasters:
  raster 1 anchor 2 1 span 4 2 pixels 64 32 hash a1b2c3d4
)";

struct TextCase {
  std::string name;
  std::string file;  // how the file is named (the format comes from its first line)
  std::string input;
  std::string expected;
};

class TextconvTextTest : public ::testing::TestWithParam<TextCase> {};

TEST_P(TextconvTextTest, PrintsTheReadableForm) {
  absl::StatusOr<std::string> text = TextconvText(GetParam().input, GetParam().file);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text, GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(
    Formats, TextconvTextTest,
    ::testing::Values(
        TextCase{"ScreenDumpFramedRowsThenStyleRunsThenRasters", "box.dump", std::string(kBoxDump),
                 std::string(kBoxText)},
        // git hands textconv a temporary file of another name: the first line decides.
        TextCase{"FormatFromTheFirstLineNotTheName", "tmp_XXXX.rgba", std::string(kBoxDump),
                 std::string(kBoxText)},
        TextCase{"SceneUnstyledHiddenCursorSaysNoStyles", "menu.scene",
                 "ckvision-golden 1\nframe 3 1\ncursor hidden\nstyles 1\n0 fg default bg "
                 "default attrs -\ngrid\n|a b|\nstylemap\n|000|\nend\n",
                 "ckvision-golden 1\nsize 3x1\n  |a b|\n  cursor hidden\nstyles:\n  (none)\n"},
        TextCase{"PaletteColoursAndUnderlineShapeInSemanticWords", "u.dump",
                 "ckvision-golden 1\nframe 4 1\ncursor hidden\nstyles 2\n0 fg default bg default "
                 "attrs -\n1 fg @1 bg @208 attrs italic,underline underline curly ulcolor @9\n"
                 "grid\n|ab  |\nstylemap\n|0110|\nend\n",
                 "ckvision-golden 1\nsize 4x1\n  |ab  |\n  cursor hidden\nstyles:\n"
                 "  row 0 cols 1-2: italic underline=curly fg=red bg=208 "
                 "underline-color=bright-red\n"},
        TextCase{"SemanticStateLinesFramedRowsWrappedRowsStyles", "s.semantic",
                 "vtsnap-semantic 1\ncapture viewport\nsize 6x3\nbuffer normal\nviewport top=0 "
                 "scrollback=0\ncursor visible row=1 col=2 shape=bar\nmode bracketed-paste on\n"
                 "mode mouse-tracking off\nmode mouse-encoding default\nmode focus-events off\n"
                 "mode synchronized-output off\nmode application-cursor-keys off\ntext\n"
                 "0 |Errors\n1 +|: 2\n2 |\nstyles\n0 0-5 bold fg=red\n",
                 "vtsnap-semantic 1\ncapture viewport\nsize 6x3\nbuffer normal\nviewport top=0 "
                 "scrollback=0\ncursor visible row=1 col=2 shape=bar\nmode bracketed-paste on\n"
                 "mode mouse-tracking off\nmode mouse-encoding default\nmode focus-events off\n"
                 "mode synchronized-output off\nmode application-cursor-keys off\n"
                 "  |Errors|\n  |: 2   |\n  |      |\n  cursor 2 1 bar\nwrapped:\n"
                 "  row 1 continues row 0\nstyles:\n  row 0 cols 0-5: bold fg=red\n"},
        // docs/pito.md's example: a bold accent, "hi" dim, an escaped tab in yellow on 236, a
        // wide character.
        TextCase{"PitoFrameSymbolsShownRunsInRatatuiNames", "home/80x24",
                 "pito-tui frame 1\n6 2\n\xE2\x97\x86\t \th\ti\t\\t\t\\\\\n"
                 "1 #5B8CFF Reset 1\t1 Reset Reset 0\t2 Reset Reset 2\t1 Yellow 236 0\t"
                 "1 Reset Reset 0\n\xE4\xBD\xA0\t \tx\t \t \t \n1 LightRed Reset 0\t5 Reset "
                 "Reset 0\n",
                 "pito-tui frame 1\nsize 6x2\n  |\xE2\x97\x86 hi\xE2\x90\x89\\|\n"
                 "  |\xE4\xBD\xA0 x   |\n  cursor hidden\nstyles:\n  row 0 col 0: bold "
                 "fg=#5B8CFF\n  row 0 cols 2-3: dim\n  row 0 col 4: fg=Yellow bg=236\n"
                 "  row 1 col 0: fg=LightRed\n"},
        TextCase{"EmptyFileIsEmptyText", "new.dump", "", ""}),
    [](const ::testing::TestParamInfo<TextCase>& info) { return info.param.name; });

// A w x h plane, transparent but for the pixels given (x, y, 0xRRGGBBAA).
RgbaPlane Plane(int w, int h, const std::vector<std::tuple<int, int, uint32_t>>& set) {
  RgbaPlane plane = RgbaPlane::Transparent(w, h);
  for (const auto& [x, y, rgba] : set) plane.Set(x, y, rgba);
  return plane;
}

// FNV-1a 64 of pixel rows [top, bottom] of `plane`, as the band lines write it.
std::string BandHash(const RgbaPlane& plane, int top, int bottom) {
  const size_t row = static_cast<size_t>(plane.width) * 4;
  return absl::StrFormat(
      "%016x", Fnv1a64(absl::Span<const uint8_t>(plane.pixels.data() + top * row,
                                                 static_cast<size_t>(bottom - top + 1) * row)));
}

TEST(TextconvRgbaTest, SizeHashColoursByUseAndBandHashes) {
  const RgbaPlane plane = Plane(2, 2, {{0, 0, 0xFF0000FF}});
  absl::StatusOr<std::string> text = TextconvText(SerializeRgba(plane), "p.rgba");
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text, absl::StrCat("ckvision-rgba 1\nsize 2x2\nhash ", RasterHash(plane),
                                "\nopaque pixels 1 of 4\n"
                                "colours 2, the most used first (#RRGGBBAA pixels):\n"
                                "  #00000000 3\n  #FF0000FF 1\n"
                                "bands (pixel rows, FNV-1a 64 of their bytes):\n  rows 0-1 ",
                                BandHash(plane, 0, 1), "\n"));
}

TEST(TextconvRgbaTest, OnePixelChangedChangesOnlyItsBandLine) {
  const RgbaPlane before = Plane(3, 20, {});
  const RgbaPlane after = Plane(3, 20, {{1, 18, 0x00FF00FF}});
  absl::StatusOr<std::string> a = TextconvText(SerializeRgba(before), "a.rgba");
  absl::StatusOr<std::string> b = TextconvText(SerializeRgba(after), "b.rgba");
  ASSERT_TRUE(a.ok() && b.ok());
  const std::string first_band = absl::StrCat("  rows 0-15 ", BandHash(before, 0, 15), "\n");
  EXPECT_THAT(*a, HasSubstr(first_band));
  EXPECT_THAT(*b, HasSubstr(first_band));
  EXPECT_THAT(*a, HasSubstr(absl::StrCat("  rows 16-19 ", BandHash(before, 16, 19), "\n")));
  EXPECT_THAT(*b, HasSubstr(absl::StrCat("  rows 16-19 ", BandHash(after, 16, 19), "\n")));
  EXPECT_NE(BandHash(before, 16, 19), BandHash(after, 16, 19));
}

// A screen of more than 62 styles is written in the wide form: its header is kept, and each
// cell of the 63 colours is a run of its own.
TEST(TextconvWideTest, WideGoldenHeaderKeptOneRunPerStyle) {
  Frame frame = Frame::Blank(63, 1);
  for (int col = 0; col < 63; ++col) frame.cell(col, 0).style.fg = Color::Palette(col + 16);
  absl::StatusOr<std::string> dump = golden::Serialize(frame);
  ASSERT_TRUE(dump.ok()) << dump.status();
  ASSERT_THAT(*dump, StartsWith("vtsnap-wide-golden 1\n"));
  absl::StatusOr<std::string> text = TextconvText(*dump, "wide.dump");
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_THAT(*text, StartsWith(absl::StrCat("vtsnap-wide-golden 1\nsize 63x1\n  |",
                                             std::string(63, ' '), "|\n  cursor hidden\n")));
  EXPECT_THAT(*text, HasSubstr("styles:\n  row 0 col 0: fg=16\n  row 0 col 1: fg=17\n"));
  EXPECT_THAT(*text, ::testing::EndsWith("  row 0 col 62: fg=78\n"));
}

struct ErrorCase {
  std::string name;
  std::string file;
  std::string input;
  std::string message_start;  // the file and the place
};

class TextconvErrorTest : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(TextconvErrorTest, NamesTheFileAndThePlace) {
  absl::StatusOr<std::string> text = TextconvText(GetParam().input, GetParam().file);
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(text.status().message()), StartsWith(GetParam().message_start));
}

INSTANTIATE_TEST_SUITE_P(
    Inputs, TextconvErrorTest,
    ::testing::Values(
        ErrorCase{"NoKnownHeader", "notes.dump", "hello\nworld\n",
                  "notes.dump:1:1: not a golden vtsnap writes: the first line is \"hello\""},
        ErrorCase{"BinaryFirstLineEscaped", "x", std::string("\x89PNG\r\n\x1a\n", 8),
                  "x:1:1: not a golden vtsnap writes: the first line is \"\\x89PNG\\r\""},
        // "frame 12 x": the row count's column is 10.
        ErrorCase{"DumpBadRowCount", "bad.dump", "ckvision-golden 1\nframe 12 x\n",
                  "bad.dump:2:10: "},
        ErrorCase{"DumpCrlf", "crlf.dump", "ckvision-golden 1\r\nframe 1 1\r\n",
                  "crlf.dump:1:18: CRLF line endings"},
        ErrorCase{"SemanticBadCaptureLine", "s.semantic", "vtsnap-semantic 1\ncapture sideways\n",
                  "s.semantic:2:"},
        // 16 header bytes and "2 2\n": the pixels start at byte 20.
        ErrorCase{"RgbaTruncatedPixels", "p.rgba", "ckvision-rgba 1\n2 2\nabcd",
                  "p.rgba: byte 20: "},
        ErrorCase{"RgbaBadSize", "p.rgba", "ckvision-rgba 1\n2  2\n", "p.rgba: line 2, column "},
        ErrorCase{"PitoTooFewSymbols", "cap/home/2x1", "pito-tui frame 1\n2 1\nh\n",
                  "cap/home/2x1:3:"}),
    [](const ::testing::TestParamInfo<ErrorCase>& info) { return info.param.name; });

struct Result {
  int code = -1;
  std::string out;
  std::string err;
};

Result Textconv(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  Result r;
  r.code = RunTextconv(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

TEST(TextconvCommandTest, UnreadableFileExitsTwoNamingIt) {
  const Result r = Textconv({"/nonexistent/menu.dump"});
  EXPECT_EQ(r.code, kExitInvalid);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, StartsWith("/nonexistent/menu.dump: "));
}

TEST(TextconvCommandTest, InvalidGoldenExitsTwoWithNothingOnStdout) {
  const std::filesystem::path dir = test_util::ScratchDir("textconv_invalid");
  const std::filesystem::path file = dir / "bad.dump";
  std::ofstream(file) << "ckvision-golden 1\nframe 12 x\n";
  const Result r = Textconv({file.string()});
  EXPECT_EQ(r.code, kExitInvalid);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, StartsWith(absl::StrCat(file.string(), ":2:10: ")));
}

TEST(TextconvCommandTest, PrintsTheFileAndExitsZero) {
  const std::filesystem::path dir = test_util::ScratchDir("textconv_ok");
  const std::filesystem::path file = dir / "box.dump";
  std::ofstream(file) << kBoxDump;
  const Result r = Textconv({file.string()});
  EXPECT_EQ(r.code, kExitOk);
  EXPECT_EQ(r.out, kBoxText);
  EXPECT_EQ(r.err, "");
}

using test_util::Shell;

// The lines of docs/goldens.md's ```gitattributes block.
std::vector<std::string> DocumentedAttributes() {
  std::ifstream doc(VTSNAP_SOURCE_DIR "/docs/goldens.md");
  std::vector<std::string> lines;
  bool inside = false;
  for (std::string line; std::getline(doc, line);) {
    if (line == "```gitattributes") {
      inside = true;
    } else if (inside && line == "```") {
      break;
    } else if (inside) {
      lines.push_back(line);
    }
  }
  return lines;
}

// docs/goldens.md's set-up in a scratch repository: `git diff` of a golden whose one cell
// changed shows the framed row that changed, not the dump's lines.
TEST(TextconvGitTest, GitDiffShowsTheChangedFramedRow) {
  if (Shell("git --version").code != 0) GTEST_SKIP() << "git is not installed";
  const std::vector<std::string> attributes = DocumentedAttributes();
  ASSERT_THAT(attributes, ::testing::Contains("*.dump -text diff=vtsnap"));
  const std::filesystem::path dir = test_util::ScratchDir("textconv_git");
  // No user or system configuration: the repository's own settings only.
  const std::string git = absl::StrCat("cd '", dir.string(), "' && HOME='", dir.string(),
                                       "' GIT_CONFIG_NOSYSTEM=1 git ");
  ASSERT_EQ(Shell(git + "init -q").code, 0);
  ASSERT_EQ(Shell(git + "config user.name vtsnap-test").code, 0);
  ASSERT_EQ(Shell(git + "config user.email vtsnap-test@example.invalid").code, 0);
  ASSERT_EQ(
      Shell(absl::StrCat(git, "config diff.vtsnap.textconv '", VTSNAP_CLI_BINARY, " textconv'"))
          .code,
      0);
  {
    std::ofstream out(dir / ".gitattributes");
    for (const std::string& line : attributes) out << line << "\n";
    std::ofstream(dir / "box.dump") << kBoxDump;
  }
  const test_util::ShellResult commit =
      Shell(git + "add .gitattributes box.dump && " + git + "commit -q -m golden");
  ASSERT_EQ(commit.code, 0) << commit.out;
  std::string changed(kBoxDump);
  changed.replace(changed.find("Hello"), 5, "Hallo");
  std::ofstream(dir / "box.dump") << changed;

  const test_util::ShellResult diff = Shell(git + "--no-pager diff --no-color");
  ASSERT_EQ(diff.code, 0) << diff.out;
  EXPECT_THAT(diff.out, HasSubstr("\n-  || Hello ck ||\n+  || Hallo ck ||\n"));
  // The dump's own lines are not what the diff shows.
  EXPECT_THAT(diff.out, Not(HasSubstr("-|| Hello ck ||")));
  EXPECT_THAT(diff.out, Not(HasSubstr("stylemap")));
}

}  // namespace
}  // namespace vtsnap::tools
