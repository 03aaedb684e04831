// `vtsnap diff --format markdown` (tools/diff_markdown.h): table cells escaped so GitHub shows the
// row as it is, the cap on rows, and the command's exit codes.
#include "vtsnap/tools/diff_markdown.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/scratch_dir.h"
#include "vtsnap/snapshot/screen/diff.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/exit_codes.h"

namespace vtsnap::tools {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

struct CellCase {
  std::string name;
  std::string text;
  std::string cell;
};

class MarkdownCellTest : public ::testing::TestWithParam<CellCase> {};

TEST_P(MarkdownCellTest, Escapes) { EXPECT_EQ(MarkdownCell(GetParam().text), GetParam().cell); }

INSTANTIATE_TEST_SUITE_P(
    Cases, MarkdownCellTest,
    ::testing::Values(CellCase{"PlainTextAsIs", "Hello", "Hello"},
                      CellCase{"PipeEscapedSoTheTableKeepsItsColumns", "a|b", "a\\|b"},
                      CellCase{"BacktickEscaped", "run `ls`", "run \\`ls\\`"},
                      CellCase{"EmphasisAndLinkMarkupEscaped", "*x* _y_ [z]",
                               "\\*x\\* \\_y\\_ \\[z\\]"},
                      CellCase{"HtmlAndEntitiesEscaped", "<b>&amp;", "\\<b\\>\\&amp;"},
                      CellCase{"DollarEscapedAgainstGitHubMath", "$5 ~x~", "\\$5 \\~x\\~"},
                      CellCase{"BackslashEscaped", "C:\\x", "C:\\\\x"},
                      CellCase{"LeadingAndTrailingSpacesVisible", " ok  ",
                               "\xE2\x90\xA0ok\xE2\x90\xA0\xE2\x90\xA0"},
                      CellCase{"LongTrailingRunCounted", "ok      ",
                               "ok\xE2\x90\xA0\xC3\x97"
                               "6"},
                      CellCase{"InnerRunKeepsItsWidth", "a   b", "a &nbsp;&nbsp;b"},
                      CellCase{"AllSpacesCounted", "     ",
                               "\xE2\x90\xA0\xC3\x97"
                               "5"},
                      CellCase{"ControlShownAsItsPicture", "a\tb",
                               "a\xE2\x90\x89"
                               "b"},
                      CellCase{"EmptySaysSo", "", "*(empty)*"}),
    [](const ::testing::TestParamInfo<CellCase>& info) { return info.param.name; });

TEST(MarkdownCodeSpanTest, LongerFenceThanTheBackticksInside) {
  EXPECT_EQ(MarkdownCodeSpan("a.dump"), "`a.dump`");
  EXPECT_EQ(MarkdownCodeSpan("a`b.dump"), "``a`b.dump``");
  EXPECT_EQ(MarkdownCodeSpan("`x"), "`` `x ``");
}

TEST(MarkdownFenceTest, FenceLongerThanAnyBacktickRun) {
  EXPECT_EQ(MarkdownFence("a\n", "text"), "```text\na\n```\n");
  EXPECT_EQ(MarkdownFence("````x", "text"), "`````text\n````x\n`````\n");
}

// A one-column-wide frame of `rows` rows whose text is given.
Frame Rows(const std::vector<std::string>& rows) {
  Frame frame = Frame::Blank(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()));
  frame.row_text = rows;
  return frame;
}

TEST(FrameDiffMarkdownTest, HeadingCountsAndTableOfChangedRows) {
  const FrameDiff diff = Compare(Rows({"ab|c", "same", " x  "}), Rows({"ab|d", "same", " y  "}));
  EXPECT_EQ(FrameDiffMarkdown("a.dump", "b.dump", diff, 20),
            "### vtsnap diff: `a.dump` \xE2\x86\x92 `b.dump`\n\n2 rows changed.\n\n"
            "| row | columns | before | after |\n|---:|---|---|---|\n"
            "| 0 | 3 | ab\\|c | ab\\|d |\n"
            "| 2 | 1 | \xE2\x90\xA0x\xE2\x90\xA0\xE2\x90\xA0 | "
            "\xE2\x90\xA0y\xE2\x90\xA0\xE2\x90\xA0 |\n");
}

TEST(FrameDiffMarkdownTest, CapsTheRowsAndCountsTheRest) {
  const FrameDiff diff = Compare(Rows({"a", "b", "c", "d"}), Rows({"1", "2", "3", "4"}));
  const std::string md = FrameDiffMarkdown("a", "b", diff, 1);
  EXPECT_THAT(md, HasSubstr("| 0 | 0 | a | 1 |\n"));
  EXPECT_THAT(md, Not(HasSubstr("| 1 | 0 |")));
  EXPECT_THAT(md, HasSubstr("\n*3 more rows changed*\n"));
}

TEST(FrameDiffMarkdownTest, StyleAndCursorChangesInACodeBlock) {
  Frame before = Rows({"ab"});
  Frame after = Rows({"ab"});
  after.cell(1, 0).style.bold = true;
  after.cursor = {.visible = true, .col = 1, .row = 0};
  const std::string md = FrameDiffMarkdown("a", "b", Compare(before, after), 20);
  EXPECT_THAT(md, HasSubstr("1 style range changed, the cursor changed.\n"));
  EXPECT_THAT(md, Not(HasSubstr("| row |")));
  EXPECT_THAT(md, HasSubstr("```text\nstyles:\n  row 0 col 1 \"b\": bold added\ncursor: "));
}

TEST(FrameDiffMarkdownTest, SizeChangeSaysBothSizesOnly) {
  const std::string md = FrameDiffMarkdown("a", "b", Compare(Rows({"ab"}), Rows({"abc"})), 20);
  EXPECT_THAT(md, HasSubstr("The size changed: 2x1 \xE2\x86\x92 3x1 (cols x rows)"));
  EXPECT_THAT(md, Not(HasSubstr("|---")));
}

struct Result {
  int code = -1;
  std::string out;
  std::string err;
};

Result Diff(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  Result r;
  r.code = RunDiff(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

std::string Dump(const std::string& row) {
  return absl::StrCat("ckvision-golden 1\nframe ", row.size(),
                      " 1\ncursor hidden\nstyles 1\n0 fg default bg default attrs -\ngrid\n|", row,
                      "|\nstylemap\n|", std::string(row.size(), '0'), "|\nend\n");
}

class DiffMarkdownCommandTest : public ::testing::Test {
 protected:
  std::string Write(const std::string& name, const std::string& text) {
    const std::filesystem::path file = dir_ / name;
    std::ofstream(file) << text;
    return file.string();
  }
  std::filesystem::path dir_ = test_util::ScratchDir("diff_markdown");
};

TEST_F(DiffMarkdownCommandTest, EqualExitsZeroPrintingNothing) {
  const Result r =
      Diff({"--format", "markdown", Write("a.dump", Dump("hi")), Write("b.dump", Dump("hi"))});
  EXPECT_EQ(r.code, kExitOk);
  EXPECT_EQ(r.out, "");
}

TEST_F(DiffMarkdownCommandTest, DifferentExitsOneWithTheTable) {
  const std::string a = Write("a.dump", Dump("hi"));
  const Result r = Diff({"--format=markdown", a, Write("b.dump", Dump("ho"))});
  EXPECT_EQ(r.code, kExitDiffers);
  EXPECT_THAT(r.out, StartsWith(absl::StrCat("### vtsnap diff: `", a, "`")));
  EXPECT_THAT(r.out, HasSubstr("| 0 | 1 | hi | ho |\n"));
}

TEST_F(DiffMarkdownCommandTest, InvalidInputExitsTwo) {
  const Result r = Diff(
      {"--format", "markdown", Write("a.dump", Dump("hi")), Write("b.dump", "not a golden\n")});
  EXPECT_EQ(r.code, kExitInvalid);
  EXPECT_EQ(r.out, "");
}

TEST_F(DiffMarkdownCommandTest, UnknownFormatExitsTwo) {
  const Result r = Diff({"--format", "html", "a", "b"});
  EXPECT_EQ(r.code, kExitInvalid);
  EXPECT_EQ(r.err, "vtsnap diff: --format 'html': expected text or markdown\n");
}

TEST_F(DiffMarkdownCommandTest, NegativeMaxRowsExitsTwo) {
  const Result r = Diff({"--format", "markdown", "--max-rows", "-1", "a", "b"});
  EXPECT_EQ(r.code, kExitInvalid);
  EXPECT_EQ(r.err, "vtsnap diff: --max-rows '-1': expected a number of rows, 0 or more\n");
}

TEST_F(DiffMarkdownCommandTest, SemanticDifferenceInACodeBlock) {
  const std::string header =
      "vtsnap-semantic 1\ncapture viewport\nsize 4x1\nbuffer normal\nviewport top=0 "
      "scrollback=0\ncursor hidden\nmode bracketed-paste off\nmode mouse-tracking off\nmode "
      "mouse-encoding default\nmode focus-events off\nmode synchronized-output off\nmode "
      "application-cursor-keys off\ntext\n";
  const Result r = Diff({"--format", "markdown", Write("a.semantic", header + "0 |ab\nstyles\n"),
                         Write("b.semantic", header + "0 |ac\nstyles\n")});
  EXPECT_EQ(r.code, kExitDiffers);
  EXPECT_THAT(r.out, HasSubstr("\n```text\n"));
  EXPECT_THAT(r.out, HasSubstr("\n  - 0 |ab\n  + 0 |ac\n"));
}

}  // namespace
}  // namespace vtsnap::tools
