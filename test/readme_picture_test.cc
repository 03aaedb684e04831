// Keeps the README's failure current: the README's first test, with the program changed to print
// "World!", is compiled as a user's project would compile it, run, and its output must be the
// README's "What a failure looks like" block; drawn in a terminal (vtsnap render's PNG renderer,
// GNU Unifont), it must be the picture at the top of the README, docs/images/failing-test.png.
// UPDATE_GOLDENS=1 (not in CI) rewrites the picture; the text block is edited by hand.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "re2/re2.h"
#include "test/consumer_compile.h"
#include "test/scratch_dir.h"
#include "test/tools/shell_command.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/render/png.h"
#include "vtsnap/snapshot/render/render.h"
#include "vtsnap/snapshot/screen/capture.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;

constexpr int kCols = 106;
const char kPicture[] = "docs/images/failing-test.png";
// Where the picture's project lives, as a user's shell shows it.
const char kHome[] = "~/my_tui";

std::string ReadAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The text between the line holding `begin` and the next line starting with `end`.
std::string Between(const std::string& text, const std::string& begin, const std::string& end) {
  const size_t b = text.find(begin);
  if (b == std::string::npos) return "<no " + begin + ">";
  const size_t start = text.find('\n', b) + 1;
  const size_t e = text.find("\n" + end, start - 1);
  if (e == std::string::npos) return "<no " + end + ">";
  return text.substr(start, e + 1 - start);
}

std::string WithoutColour(const std::string& text) {
  std::string plain = text;
  RE2::GlobalReplace(&plain, R"(\x1b\[[0-9;]*m)", "");
  return plain;
}

// The changed program's test run as a user runs it from their project folder: its output with
// colours, the scratch folder named as kHome, gtest_main's banner left out.
struct ChangedRun {
  std::string output;  // with colours
  std::string error;   // why there is no output
};

ChangedRun FailingRun() {
  const std::string readme = ReadAll(VTSNAP_SOURCE_DIR "/README.md");
  std::string test = Between(readme, "```cpp", "```");
  if (absl::StrReplaceAll({{", world\");", ", World!\");"}}, &test) != 1) {
    return {.error = "the README's first C++ block has no `, world\");` to change:\n" + test};
  }
  const fs::path dir = test_util::ScratchDir("readme_picture_test");
  std::ofstream(dir / "greeting_test.cc") << test;
  test_util::ShellResult compiled =
      test_util::CompileConsumer(dir, "greeting_test.cc", "build/greeting_test");
  if (compiled.code != 0) return {.error = "compiling failed:\n" + compiled.out};
  // As a user's shell runs it: no CI, no update mode, no folders of vtsnap's own test runs.
  test_util::ShellResult ran = test_util::Shell(
      absl::StrCat("cd ", ShellQuote(dir.string()),
                   " && env -u CI -u UPDATE_GOLDENS -u VTSNAP_GOLDEN_ROOT -u VTSNAP_INVENTORY_DIR"
                   " -u VTSNAP_REPORT_DIR -u VTSNAP_SOURCE_ROOT -u GTEST_OUTPUT"
                   " build/greeting_test --gtest_brief=1 --gtest_print_time=0 --gtest_color=yes"));
  if (ran.code != 1) return {.error = absl::StrCat("exit ", ran.code, " (want 1):\n", ran.out)};
  std::string output =
      absl::StrReplaceAll(ran.out, {{fs::canonical(dir).string(), kHome}, {dir.string(), kHome}});
  RE2::GlobalReplace(&output, R"(^Running main\(\) from [^\n]*\n)", "");
  return {.output = output};
}

// One test, as the compile takes seconds: the README's text block, then its picture.
TEST(ReadmePicture, FailureTextAndPictureAreWhatTheChangedTestPrints) {
  const ChangedRun run = FailingRun();
  ASSERT_EQ(run.error, "");
  const std::string plain = WithoutColour(run.output);
  const std::string printed = Between("\n" + plain, "\n", "[  FAILED  ]");
  const std::string readme = ReadAll(VTSNAP_SOURCE_DIR "/README.md");
  const std::string block = Between(readme, "<!-- README-FAILURE-BEGIN -->", "```\n<!--");
  EXPECT_EQ("```\n" + printed, block)
      << "README.md's block between README-FAILURE-BEGIN and -END must be the output above";
  EXPECT_NE(printed.find("+|Hello, World!"), std::string::npos) << printed;

  std::string shown = absl::StrCat("\x1b[1;32m", kHome, "\x1b[m$ build/greeting_test\n", run.output,
                                   "\x1b[1;32m", kHome, "\x1b[m$ ");
  const int rows = static_cast<int>(std::count(shown.begin(), shown.end(), '\n')) + 1;
  VirtualTerminal vt({.cols = kCols, .rows = rows});
  vt.Write(absl::StrReplaceAll(shown, {{"\n", "\r\n"}}));
  absl::StatusOr<Frame> frame = CaptureFrame(vt);
  ASSERT_TRUE(frame.ok()) << frame.status();
  absl::StatusOr<BitmapFont> font = BitmapFont::Read(kUnifontHexPath);
  ASSERT_TRUE(font.ok()) << font.status();
  const RgbaPlane drawn = RenderPixels(*frame, *font);

  const fs::path picture = fs::path(VTSNAP_SOURCE_DIR) / kPicture;
  absl::StatusOr<RgbaPlane> committed = DecodePng(ReadAll(picture), picture.string());
  const bool same = committed.ok() && committed->width == drawn.width &&
                    committed->height == drawn.height && committed->pixels == drawn.pixels;
  if (same) return;
  const char* update = std::getenv("UPDATE_GOLDENS");
  if (update != nullptr && std::string(update) == "1" && std::getenv("CI") == nullptr) {
    absl::StatusOr<std::string> png = EncodePng(drawn);
    ASSERT_TRUE(png.ok()) << png.status();
    const fs::path temp = picture.string() + ".tmp";
    fs::create_directories(picture.parent_path());
    std::ofstream(temp, std::ios::binary) << *png;
    fs::rename(temp, picture);
    std::fprintf(stderr, "wrote %s\n", picture.c_str());
    return;
  }
  ADD_FAILURE() << picture << " is not the README's failure drawn in a terminal ("
                << (committed.ok() ? "its pixels differ" : committed.status().ToString())
                << "); if this run is the README's failure, rewrite it with: UPDATE_GOLDENS=1 "
                << "build/bin/readme_picture_test\n"
                << plain;
}

}  // namespace
}  // namespace vtsnap
