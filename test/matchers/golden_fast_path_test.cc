// EqualsGolden's two ways to pass (docs/decisions.md, "A golden whose bytes match passes without
// parsing"): a golden holding the actual dump's bytes passes without being parsed; a golden whose
// bytes differ is parsed and compared by meaning, so an equivalent hand-edited golden still passes
// and a real difference fails with the same report from a terminal as from its Frame.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/matchers/golden.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/snapshot/screen/capture.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

class GoldenFastPathTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string dir = (fs::temp_directory_path() / "vtsnap-fast-path.XXXXXX").string();
    ASSERT_NE(mkdtemp(dir.data()), nullptr);
    root_ = dir;
    vt_.Write("\x1b[1;31mTitle\x1b[m \x1b[4:3;58;5;9mwavy\x1b[m \xe5\xaf\xbf\x1b[44m blue\x1b[K");
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }

  std::string GoldenPath(const std::string& name) const {
    const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
    return GoldenFolderFor(test->file(), root_).read + "/" + name + ".dump";
  }
  void WriteGolden(const std::string& name, const std::string& text) const {
    ASSERT_TRUE(WriteFileAtomically(GoldenPath(name), text).ok());
  }
  std::string ReadGolden(const std::string& name) const {
    std::ifstream in(GoldenPath(name), std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  std::string Canonical() const {
    absl::StatusOr<std::string> text = golden::Serialize(CaptureFrame(vt_).value());
    EXPECT_TRUE(text.ok()) << text.status();
    return text.ok() ? *text : "";
  }
  GoldenOptions Options() const { return {.root = root_}; }

  std::string root_;
  VirtualTerminal vt_{{.cols = 24, .rows = 3}};
};

TEST_F(GoldenFastPathTest, EqualBytesPass) {
  WriteGolden("same", Canonical());
  EXPECT_THAT(vt_, EqualsGolden("same", Options()));
  EXPECT_THAT(CaptureFrame(vt_).value(), EqualsGolden("same", Options()));
  EXPECT_THAT(vt_.terminal(), EqualsGolden("same", Options()));
  EXPECT_EQ(ReadGolden("same"), Canonical());  // never rewritten
}

TEST_F(GoldenFastPathTest, DifferentBytesWithTheSameMeaningPass) {
  const std::string canonical = Canonical();
  ASSERT_THAT(canonical, HasSubstr("0 fg @1 bg default attrs bold\n"));
  ASSERT_THAT(canonical, HasSubstr("1 fg default bg default attrs -\n"));
  // Styles 0 and 1 swapped (numbered out of first-use order), an unused style added, attributes
  // reordered and a lowercase hex colour: valid, not canonical, the same screen.
  std::string text = absl::StrReplaceAll(canonical, {{"styles 4\n", "styles 5\n"},
                                                     {"0 fg @1 bg default attrs bold\n", "@@A"},
                                                     {"1 fg default bg default attrs -\n", "@@B"}});
  text = absl::StrReplaceAll(text, {{"@@A", "0 fg default bg default attrs -\n"},
                                    {"@@B", "1 fg @1 bg default attrs bold\n"}});
  const size_t stylemap = text.find("stylemap\n");
  ASSERT_NE(stylemap, std::string::npos);
  for (size_t i = stylemap + 9; i < text.size(); ++i) {
    if (text[i] == '0') {
      text[i] = '1';
    } else if (text[i] == '1') {
      text[i] = '0';
    }
  }
  text = absl::StrReplaceAll(text,
                             {{"grid\n", "4 fg #abcdef bg default attrs strike,italic\ngrid\n"}});
  ASSERT_NE(text, canonical);
  ASSERT_TRUE(golden::Parse(text).ok()) << golden::Parse(text).status();
  WriteGolden("equivalent", text);

  EXPECT_THAT(vt_, EqualsGolden("equivalent", Options()));
  EXPECT_THAT(CaptureFrame(vt_).value(), EqualsGolden("equivalent", Options()));
  EXPECT_EQ(ReadGolden("equivalent"), text);  // a passing assertion never rewrites
}

TEST_F(GoldenFastPathTest, RealMismatchFailsWithTheSameReportFromATerminalAndItsFrame) {
  std::string text = Canonical();
  text = absl::StrReplaceAll(text, {{"|Title", "|Tilte"}});
  WriteGolden("changed", text);

  ::testing::StringMatchResultListener from_terminal;
  EXPECT_FALSE(
      ::testing::ExplainMatchResult(EqualsGolden("changed", Options()), vt_, &from_terminal));
  ::testing::StringMatchResultListener from_frame;
  EXPECT_FALSE(::testing::ExplainMatchResult(EqualsGolden("changed", Options()),
                                             CaptureFrame(vt_).value(), &from_frame));
  EXPECT_EQ(from_terminal.str(), from_frame.str());
  EXPECT_THAT(from_terminal.str(), HasSubstr("frames differ"));
  EXPECT_THAT(from_terminal.str(), HasSubstr("row 0 -|Tilte"));
  EXPECT_THAT(from_terminal.str(), HasSubstr("changed.dump.actual"));
  std::ifstream actual(GoldenPath("changed") + ".actual", std::ios::binary);
  std::stringstream s;
  s << actual.rdbuf();
  EXPECT_EQ(s.str(), Canonical());
  EXPECT_EQ(ReadGolden("changed"), text);

  // Not() never writes and agrees.
  EXPECT_THAT(vt_, Not(EqualsGolden("changed", Options())));
}

TEST_F(GoldenFastPathTest, AStaleActualGoesOnceTheAssertionPasses) {
  WriteGolden("stale", Canonical());
  ASSERT_TRUE(WriteFileAtomically(GoldenPath("stale") + ".actual", "old").ok());
  EXPECT_THAT(vt_, EqualsGolden("stale", Options()).ReadOnly());  // a read-only pass keeps it
  EXPECT_TRUE(fs::exists(GoldenPath("stale") + ".actual"));
  EXPECT_THAT(vt_, EqualsGolden("stale", Options()));
  EXPECT_FALSE(fs::exists(GoldenPath("stale") + ".actual"));
}

TEST_F(GoldenFastPathTest, RedactionsStillApplyToATerminal) {
  GoldenOptions options = Options();
  ASSERT_TRUE(options.redactions.AddPattern("wavy").ok());
  Frame masked = CaptureFrame(vt_).value();
  options.redactions.Apply(&masked);
  absl::StatusOr<std::string> text = golden::Serialize(masked);
  ASSERT_TRUE(text.ok());
  WriteGolden("masked", *text);
  EXPECT_THAT(vt_, EqualsGolden("masked", options));
  EXPECT_THAT(vt_, Not(EqualsGolden("masked", Options())));
}

TEST_F(GoldenFastPathTest, AnInvalidGoldenIsStillReported) {
  WriteGolden("broken", "ckvision-golden 1\nframe 24 x\n");
  ::testing::StringMatchResultListener listener;
  EXPECT_FALSE(::testing::ExplainMatchResult(EqualsGolden("broken", Options()), vt_, &listener));
  EXPECT_THAT(listener.str(), HasSubstr("is not a valid ckvision-golden 1 dump"));
}

}  // namespace
}  // namespace vtsnap
