// Inline screens in a source file (snapshot/golden/inline_source.h): finding a call's literal,
// writing a new one, rewriting it in place with the journal, and the pending changes.
#include "vtsnap/snapshot/golden/inline_source.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/scratch_dir.h"

namespace vtsnap {
namespace {

using ::testing::HasSubstr;

struct FindCase {
  std::string name;
  std::string source;
  int line;
  int column;
  std::string value;    // what the literal says
  std::string literal;  // the literal as written (source[begin, end))
  std::string indent;
};

void PrintTo(const FindCase& c, std::ostream* os) { *os << c.name; }

class FindTest : public ::testing::TestWithParam<FindCase> {};

TEST_P(FindTest, FindsTheCallsLiteral) {
  const FindCase& c = GetParam();
  absl::StatusOr<InlineLiteral> found = FindInlineLiteral(c.source, c.line, c.column, "t.cc");
  ASSERT_TRUE(found.ok()) << found.status();
  EXPECT_EQ(found->value, c.value);
  EXPECT_EQ(c.source.substr(found->begin, found->end - found->begin), c.literal);
  EXPECT_EQ(found->indent, c.indent);
}

INSTANTIATE_TEST_SUITE_P(
    InlineSource, FindTest,
    ::testing::Values(
        // EXPECT_THAT reports the macro's place; the call is inside it.
        FindCase{"InsideAMacroFromItsColumn",
                 "int x;\n  EXPECT_THAT(vt, vtsnap::ScreenIs(R\"(\n  |ab|\n)\"));\n", 2, 3,
                 "\n  |ab|\n", "R\"(\n  |ab|\n)\"", "  "},
        // Outside a macro the column is the call's opening parenthesis.
        FindCase{"ADirectCallFromItsParenthesis", "    auto m = ScreenIs(\"|ab|\\n\");\n", 1, 22,
                 "|ab|\n", "\"|ab|\\n\"", "    "},
        // Clang names a macro holding the call by the macro's closing parenthesis.
        FindCase{"AMacroNamedByItsClosingParenthesis",
                 "int x;\n  EXPECT_THAT(vt, ScreenIs(R\"(\n  |ab|\n)\"));\n", 4, 4, "\n  |ab|\n",
                 "R\"(\n  |ab|\n)\"", "  "},
        // Clang names a call by its first character, a qualified name's included.
        FindCase{"ACallNamedByItsFirstCharacter", "    auto m = vtsnap::ScreenIs(\"|ab|\\n\");\n",
                 1, 14, "|ab|\n", "\"|ab|\\n\"", "    "},
        FindCase{"TheCallOfTheMacroNotTheNextOne",
                 "  EXPECT_THAT(a, ScreenIs(\"|a|\"));\n  EXPECT_THAT(b, ScreenIs(\"|b|\"));\n", 1,
                 34, "|a|", "\"|a|\"", "  "},
        FindCase{"ARawLiteralWithADelimiter", "ScreenIs(R\"vt(|)\"|)vt\")\n", 1, 9, "|)\"|",
                 "R\"vt(|)\"|)vt\"", ""},
        // The new literal is indented from the line the call is on.
        FindCase{"TheArgumentOnTheNextLine", "EXPECT_THAT(vt,\n  ScreenIs(\n    \"\"));\n", 1, 1,
                 "", "\"\"", "  "},
        FindCase{"CommentsAndStringsBeforeTheCallSkipped",
                 "EXPECT_THAT(F(\"ScreenIs(x)\") /* ScreenIs( */, ScreenIs(\"|a|\"));\n", 1, 1,
                 "|a|", "\"|a|\"", ""},
        FindCase{"AnEscapedLiteral", "ScreenIs(\"|\\t\\\"|\\x41\")\n", 1, 9, "|\t\"|A",
                 "\"|\\t\\\"|\\x41\"", ""},
        FindCase{"AWindowsFilesRawLiteralReadsAsNewlines", "ScreenIs(R\"(\r\n|a|\r\n)\")\r\n", 1, 9,
                 "\n|a|\n", "R\"(\r\n|a|\r\n)\"", ""}),
    [](const ::testing::TestParamInfo<FindCase>& info) { return info.param.name; });

struct RefusedCase {
  std::string name;
  std::string source;
  int line;
  std::string message;
};

void PrintTo(const RefusedCase& c, std::ostream* os) { *os << c.name; }

class RefusedTest : public ::testing::TestWithParam<RefusedCase> {};

TEST_P(RefusedTest, NamesTheFileAndLine) {
  const RefusedCase& c = GetParam();
  absl::StatusOr<InlineLiteral> found = FindInlineLiteral(c.source, c.line, 1, "t.cc");
  ASSERT_FALSE(found.ok());
  EXPECT_THAT(found.status().message(), HasSubstr(c.message));
}

INSTANTIATE_TEST_SUITE_P(
    InlineSource, RefusedTest,
    ::testing::Values(
        RefusedCase{"AVariable", "EXPECT_THAT(vt, ScreenIs(kHome));\n", 1,
                    "t.cc:1: the screen of ScreenIs( is not a string literal"},
        RefusedCase{"AMacro", "EXPECT_THAT(vt, ScreenIs(HOME_SCREEN));\n", 1,
                    "is not a string literal"},
        RefusedCase{"AConcatenation", "x;\nEXPECT_THAT(vt, ScreenIs(\"|a|\\n\"\n  \"|b|\\n\"));\n",
                    2, "t.cc:2: the screen is a concatenation of literals"},
        RefusedCase{"AnExpression", "EXPECT_THAT(vt, ScreenIs(std::string(\"a\") + b));\n", 1,
                    "is not a string literal"},
        RefusedCase{"ALiteralPlusSomething", "EXPECT_THAT(vt, ScreenIs(\"|a|\" + s));\n", 1,
                    "t.cc:1: the screen is an expression, not one literal"},
        RefusedCase{"NoCall", "EXPECT_EQ(1, 1);\n", 1, "t.cc:1: no ScreenIs( call"},
        RefusedCase{"NoSuchLine", "x;\n", 9, "t.cc:9: the file has no such line"},
        RefusedCase{"AnUnendedRawLiteral", "ScreenIs(R\"(|a|\n", 1,
                    "cannot read the literal: a raw string literal that does not end"}),
    [](const ::testing::TestParamInfo<RefusedCase>& info) { return info.param.name; });

TEST(InlineRawLiteral, IndentsTheBodyUnderTheCall) {
  EXPECT_EQ(InlineRawLiteral("|ab|\n|cd|\n", "  "), "R\"(\n      |ab|\n      |cd|\n  )\"");
}

TEST(InlineRawLiteral, ADelimiterWhenTheScreenWouldCloseTheLiteral) {
  EXPECT_EQ(InlineRawLiteral("|)\"|\n", ""), "R\"vt(\n    |)\"|\n)vt\"");
}

TEST(InlineRawLiteral, ALongerDelimiterWhenTheScreenHoldsTheShortOne) {
  EXPECT_EQ(InlineRawLiteral("|)\")vt\"|\n", ""), "R\"vt1(\n    |)\")vt\"|\n)vt1\"");
}

std::string Read(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void Write(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

class ApplyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = test_util::ScratchDir("inline_source_apply");
    source_ = (dir_ / "menu_test.cc").string();
    // The journal is kept per test binary: a stand-in binary of this test's own.
    binary_ = (dir_ / "menu_test").string();
    Write(binary_, "binary 1");
  }

  InlineEdit Edit(int line, std::string compiled, std::string replacement) const {
    return {.source_file = source_,
            .line = line,
            .column = 3,
            .compiled = std::move(compiled),
            .replacement = std::move(replacement),
            .binary = binary_};
  }

  std::filesystem::path dir_;
  std::string source_;
  std::string binary_;
};

constexpr char kTwoCalls[] =
    "TEST(A, B) {\n"
    "  EXPECT_THAT(vt, ScreenIs(\"\"));\n"
    "}\n"
    "TEST(A, C) {\n"
    "  EXPECT_THAT(vt, ScreenIs(\"\"));\n"
    "}\n";

TEST_F(ApplyTest, RewritesTheLiteralInPlace) {
  Write(source_, kTwoCalls);
  ASSERT_TRUE(ApplyInlineEdit(Edit(2, "", "|ab|\n"), source_).ok());
  EXPECT_EQ(Read(source_),
            "TEST(A, B) {\n"
            "  EXPECT_THAT(vt, ScreenIs(R\"(\n"
            "      |ab|\n"
            "  )\"));\n"
            "}\n"
            "TEST(A, C) {\n"
            "  EXPECT_THAT(vt, ScreenIs(\"\"));\n"
            "}\n");
}

// The second call was at line 5 when the binary was built; the first rewrite moved it to line 7.
TEST_F(ApplyTest, ALaterCallMovedByAnEarlierRewriteIsFound) {
  Write(source_, kTwoCalls);
  ASSERT_TRUE(ApplyInlineEdit(Edit(2, "", "|ab|\n"), source_).ok());
  ASSERT_TRUE(ApplyInlineEdit(Edit(5, "", "|cd|\n|ef|\n"), source_).ok());
  EXPECT_EQ(Read(source_),
            "TEST(A, B) {\n"
            "  EXPECT_THAT(vt, ScreenIs(R\"(\n"
            "      |ab|\n"
            "  )\"));\n"
            "}\n"
            "TEST(A, C) {\n"
            "  EXPECT_THAT(vt, ScreenIs(R\"(\n"
            "      |cd|\n"
            "      |ef|\n"
            "  )\"));\n"
            "}\n");
}

// In the order ctest may run them: the later call first, then the earlier one.
TEST_F(ApplyTest, AnEarlierCallAfterALaterRewriteIsFound) {
  Write(source_, kTwoCalls);
  ASSERT_TRUE(ApplyInlineEdit(Edit(5, "", "|cd|\n"), source_).ok());
  ASSERT_TRUE(ApplyInlineEdit(Edit(2, "", "|ab|\n"), source_).ok());
  const std::string text = Read(source_);
  EXPECT_THAT(text, HasSubstr("TEST(A, B) {\n  EXPECT_THAT(vt, ScreenIs(R\"(\n      |ab|\n"));
  EXPECT_THAT(text, HasSubstr("TEST(A, C) {\n  EXPECT_THAT(vt, ScreenIs(R\"(\n      |cd|\n"));
}

TEST_F(ApplyTest, RewritingTheSameLiteralAgainReplacesWhatTheJournalWrote) {
  Write(source_, kTwoCalls);
  ASSERT_TRUE(ApplyInlineEdit(Edit(2, "", "|ab|\n|cd|\n"), source_).ok());
  ASSERT_TRUE(ApplyInlineEdit(Edit(2, "", "|xy|\n"), source_).ok());
  ASSERT_TRUE(ApplyInlineEdit(Edit(5, "", "|zz|\n"), source_).ok());
  EXPECT_EQ(Read(source_),
            "TEST(A, B) {\n"
            "  EXPECT_THAT(vt, ScreenIs(R\"(\n"
            "      |xy|\n"
            "  )\"));\n"
            "}\n"
            "TEST(A, C) {\n"
            "  EXPECT_THAT(vt, ScreenIs(R\"(\n"
            "      |zz|\n"
            "  )\"));\n"
            "}\n");
}

TEST_F(ApplyTest, TheSameRewriteTwiceWritesOnce) {
  Write(source_, kTwoCalls);
  ASSERT_TRUE(ApplyInlineEdit(Edit(2, "", "|ab|\n"), source_).ok());
  const std::string once = Read(source_);
  ASSERT_TRUE(ApplyInlineEdit(Edit(2, "", "|ab|\n"), source_).ok());
  EXPECT_EQ(Read(source_), once);
}

TEST_F(ApplyTest, ASourceEditedSinceTheBuildIsRefusedAndLeftAlone) {
  Write(source_, kTwoCalls);
  const absl::Status s = ApplyInlineEdit(Edit(2, "|old|\n", "|ab|\n"), source_);
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(s.message(), HasSubstr("menu_test.cc:2: the inline screen there is not the one this "
                                     "test binary was built with"));
  EXPECT_EQ(Read(source_), kTwoCalls);
}

// A rebuilt binary has the rewrites compiled in: its line numbers are the file's own again.
TEST_F(ApplyTest, ARebuiltBinaryStartsAFreshJournal) {
  Write(source_, kTwoCalls);
  ASSERT_TRUE(ApplyInlineEdit(Edit(2, "", "|ab|\n"), source_).ok());
  Write(binary_, "binary 2, rebuilt");
  // Line 7 is where the second call is now, as the rebuilt binary says.
  ASSERT_TRUE(ApplyInlineEdit(Edit(7, "", "|cd|\n"), source_).ok());
  EXPECT_THAT(Read(source_),
              HasSubstr("TEST(A, C) {\n  EXPECT_THAT(vt, ScreenIs(R\"(\n      |cd|\n"));
}

// A file changed by another hand since the last rewrite (here checked out again): the journal's
// shifts no longer describe it, and the calls are where the binary was built with them.
TEST_F(ApplyTest, AFileChangedSinceTheLastRewriteStartsAfresh) {
  Write(source_, kTwoCalls);
  ASSERT_TRUE(ApplyInlineEdit(Edit(2, "", "|ab|\n"), source_).ok());
  Write(source_, kTwoCalls);
  ASSERT_TRUE(ApplyInlineEdit(Edit(5, "", "|cd|\n"), source_).ok());
  EXPECT_EQ(Read(source_),
            "TEST(A, B) {\n"
            "  EXPECT_THAT(vt, ScreenIs(\"\"));\n"
            "}\n"
            "TEST(A, C) {\n"
            "  EXPECT_THAT(vt, ScreenIs(R\"(\n"
            "      |cd|\n"
            "  )\"));\n"
            "}\n");
}

TEST_F(ApplyTest, AMissingSourceIsNamed) {
  const absl::Status s = ApplyInlineEdit(Edit(2, "", "|ab|\n"), source_);
  EXPECT_EQ(s.code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(s.message(), HasSubstr("menu_test.cc: the test's source file is not there"));
}

TEST_F(ApplyTest, PendingEditsAreKeptPerCallAndForgotten) {
  Write(source_, kTwoCalls);
  ASSERT_TRUE(RecordPendingInlineEdit(Edit(2, "", "|ab|\n"), source_).ok());
  ASSERT_TRUE(RecordPendingInlineEdit(Edit(5, "", "|cd|\n"), source_).ok());
  ASSERT_TRUE(RecordPendingInlineEdit(Edit(2, "", "|xy|\n"), source_).ok());
  const std::string sidecar = PendingInlinePath(source_);
  EXPECT_EQ(sidecar, (dir_ / ".menu_test.cc.pending-screens").string());
  absl::StatusOr<std::vector<PendingInlineEdit>> pending = ReadPendingInlineEdits(sidecar);
  ASSERT_TRUE(pending.ok()) << pending.status();
  ASSERT_EQ(pending->size(), 2u);
  EXPECT_EQ((*pending)[0].edit.replacement, "|xy|\n");
  EXPECT_EQ((*pending)[0].path, source_);
  EXPECT_EQ((*pending)[1].edit.line, 5);
  ASSERT_TRUE(ForgetPendingInlineEdit(source_, 2, 3).ok());
  ASSERT_TRUE(ForgetPendingInlineEdit(source_, 5, 3).ok());
  EXPECT_FALSE(std::filesystem::exists(sidecar));
  EXPECT_EQ(Read(source_), kTwoCalls);
}

TEST_F(ApplyTest, AnUnreadableSidecarIsNamedWithItsLine) {
  const std::string sidecar = PendingInlinePath(source_);
  Write(sidecar, "vtsnap-pending-screens 1\nnot an entry\n");
  absl::StatusOr<std::vector<PendingInlineEdit>> pending = ReadPendingInlineEdits(sidecar);
  ASSERT_FALSE(pending.ok());
  EXPECT_THAT(pending.status().message(),
              HasSubstr(".menu_test.cc.pending-screens:2: cannot be read"));
}

TEST(PendingInlineFileName, RecognisesOnlySidecars) {
  EXPECT_TRUE(IsPendingInlineFileName(".menu_test.cc.pending-screens"));
  EXPECT_FALSE(IsPendingInlineFileName("menu_test.cc"));
  EXPECT_FALSE(IsPendingInlineFileName(".pending-screens"));
}

}  // namespace
}  // namespace vtsnap
