// The commands that read golden dumps, on the wide form (`vtsnap-wide-golden 1`, a screen of more
// than 62 styles; snapshot/formats/golden.h): `vtsnap render` draws it in every format, `vtsnap
// diff` compares two by meaning and reports a one-cell colour change, `vtsnap canon` prints it back
// unchanged, and an invalid one is named by FILE:LINE:COL.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/gradient_bytes.h"
#include "test/scratch_dir.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/screen_dump.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/tools/commands.h"

namespace vtsnap::tools {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::StartsWith;

struct Result {
  int code;
  std::string out;
  std::string err;
};

Result Command(int (*command)(const std::vector<std::string>&, std::ostream&, std::ostream&),
               const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = command(args, out, err);
  return {code, out.str(), err.str()};
}

std::string TempFile(const std::string& name, const std::string& contents) {
  const std::string path =
      (vtsnap::test_util::SharedScratchDir("wide_golden_cli_test") / name).string();
  std::ofstream(path, std::ios::binary) << contents;
  return path;
}

// The dump of test_util::GradientBytes's screen (320 styles: the wide form).
std::string GradientDump(bool changed) {
  VirtualTerminal vt({.cols = 80, .rows = 4});
  vt.Write(test_util::GradientBytes(changed));
  absl::StatusOr<std::string> dump = SerializeScreen(vt);
  EXPECT_TRUE(dump.ok()) << dump.status();
  return dump.ok() ? *dump : "";
}

TEST(WideGoldenCliTest, TheDumpIsTheWideForm) {
  EXPECT_THAT(GradientDump(false),
              StartsWith("vtsnap-wide-golden 1\nframe 80 4\ncursor 79 3 block\n"
                         "styles 320 width 2\n"));
}

TEST(WideGoldenCliTest, RenderDrawsItInEveryFormat) {
  const std::string path = TempFile("gradient.dump", GradientDump(false));
  const Result ansi = Command(RunRender, {path, "--format", "ansi"});
  EXPECT_EQ(ansi.code, 0) << ansi.err;
  EXPECT_THAT(ansi.out, HasSubstr("48;2;85;170;0mo"));  // cell (10, 2), "o" of "row"
  for (const std::string format : {"html", "svg", "png"}) {
    const Result r = Command(RunRender, {path, "--format", format});
    EXPECT_EQ(r.code, 0) << format << ": " << r.err;
    EXPECT_FALSE(r.out.empty()) << format;
  }
  const Result html = Command(RunRender, {path, "--format", "html"});
  EXPECT_THAT(absl::AsciiStrToLower(html.out), HasSubstr("55aa00"));
}

TEST(WideGoldenCliTest, DiffReportsAOneCellColourChange) {
  const std::string expected = TempFile("expected.dump", GradientDump(false));
  const std::string actual = TempFile("actual.dump", GradientDump(true));
  const Result same = Command(RunDiff, {expected, expected});
  EXPECT_EQ(same.code, 0) << same.err;
  EXPECT_THAT(same.out, IsEmpty());
  const Result changed = Command(RunDiff, {expected, actual});
  EXPECT_EQ(changed.code, 1) << changed.err;
  EXPECT_THAT(changed.out, HasSubstr("styles:\n  row 2 col 10 \"o\": bg #55AA00 -> #070707\n"));
}

TEST(WideGoldenCliTest, CanonPrintsItBackUnchanged) {
  const std::string dump = GradientDump(false);
  const Result r = Command(RunCanon, {TempFile("canon.dump", dump)});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, dump);
}

TEST(WideGoldenCliTest, AnInvalidOneIsNamedByLineAndColumn) {
  // Row 1's third cell names a style that is not declared.
  std::string dump = GradientDump(false);
  const size_t row1 = dump.find("\n|", dump.find("\nstylemap\n") + 9);
  ASSERT_NE(row1, std::string::npos);
  dump.replace(row1 + 2 + 4, 2, "zz");
  const std::string path = TempFile("invalid.dump", dump);
  const Result render = Command(RunRender, {path, "--format", "ansi"});
  EXPECT_EQ(render.code, 2);
  EXPECT_THAT(render.err, HasSubstr(absl::StrCat(path,
                                                 ":331:6: expected a declared style (00-59), "
                                                 "got \"zz\"")));
  const Result diff = Command(RunDiff, {path, path});
  EXPECT_EQ(diff.code, 2);
  EXPECT_THAT(diff.err, HasSubstr(absl::StrCat(path, ":331:6:")));
}

}  // namespace
}  // namespace vtsnap::tools
