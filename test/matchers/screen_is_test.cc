// ScreenIs (matchers/screen_is.h): inline screens as a matcher. The rewriting of the literal
// under UPDATE_GOLDENS runs end to end in the package test (test/package/inline/).
#include "vtsnap/matchers/screen_is.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/golden/inline_source.h"

namespace vtsnap {
namespace inline_fake {
// ScreenIs made at a call whose place (InlineCall) is this build's stand-in source file
// (VTSNAP_INLINE_FAKE_SOURCE, at the end of this file), so a failure's pending change is written
// into the build tree, never beside this test's real source.
ScreenIsMatcher FakeScreenIs(absl::string_view literal);
std::string FakeSource();
// ScreenIs("") at line 1 of VTSNAP_INLINE_PROBE_SOURCE, which the probe below writes.
ScreenIsMatcher ProbeScreenIs();
}  // namespace inline_fake

namespace {

using inline_fake::FakeScreenIs;
using inline_fake::FakeSource;
using ::testing::HasSubstr;
using ::testing::Not;

std::string Explain(const ScreenView& screen, const ::testing::Matcher<const ScreenView&>& m) {
  ::testing::StringMatchResultListener listener;
  m.MatchAndExplain(screen, &listener);
  return listener.str();
}

// The example of matchers/screen_is.h, as it is written there.
TEST(Shop, ListsTheFruit) {
  vtsnap::VirtualTerminal vt({.cols = 20, .rows = 4});
  vt.Write("Fruit Shop\r\n\x1b[7m> Apples      $1.20 \x1b[m");
  EXPECT_THAT(vt, vtsnap::ScreenIs(R"(
        |Fruit Shop          |
        |> Apples      $1.20 |
        --- styles
        1 0-19 reverse
    )"));
}

TEST(ScreenIs, MatchesTheRowsOfTheScreen) {
  VirtualTerminal vt({.cols = 12, .rows = 4});
  vt.Write("Fruit Shop\r\n> Apples");
  EXPECT_THAT(vt, ScreenIs(R"(
      |Fruit Shop  |
      |> Apples    |
  )"));
}

TEST(ScreenIs, AChangedRowFailsWithTheFramedDiff) {
  VirtualTerminal vt({.cols = 12, .rows = 4});
  vt.Write("Fruit Shop\r\n> Pears");
  const ScreenView screen(vt);
  const std::string why = Explain(screen, FakeScreenIs("|Fruit Shop  |\n|> Apples    |\n"));
  EXPECT_THAT(why, HasSubstr("the inline screen at " + FakeSource() + ":2 differs"));
  EXPECT_THAT(why, HasSubstr("row 1 -|> Apples    |\n"));
  EXPECT_THAT(why, HasSubstr("+|> Pears     |\n"));
  EXPECT_THAT(why, HasSubstr("rewrite it with: UPDATE_GOLDENS=1 "));
  EXPECT_THAT(why, HasSubstr("--gtest_filter=ScreenIs.AChangedRowFailsWithTheFramedDiff"));
}

TEST(ScreenIs, TextBelowTheLiteralFails) {
  VirtualTerminal vt({.cols = 4, .rows = 3});
  vt.Write("ab\r\n\r\nzz");
  EXPECT_THAT(vt, Not(ScreenIs("|ab  |\n")));
}

TEST(ScreenIs, StylesAreNotComparedUnlessPinned) {
  VirtualTerminal vt({.cols = 4, .rows = 1});
  vt.Write("\x1b[1mab\x1b[m");
  EXPECT_THAT(vt, ScreenIs("|ab  |\n"));
  EXPECT_THAT(vt, ScreenIs("|ab  |\n--- styles\n0 0-1 bold\n"));
  EXPECT_THAT(vt, Not(ScreenIs("|ab  |\n--- styles\n")));
}

TEST(ScreenIs, APinnedStyleChangeIsNamed) {
  VirtualTerminal vt({.cols = 4, .rows = 1});
  vt.Write("\x1b[1mab\x1b[m");
  const ScreenView screen(vt);
  EXPECT_THAT(Explain(screen, FakeScreenIs("|ab  |\n--- styles\n0 0-1 italic\n")),
              HasSubstr("row 0 cols 0-1 \"ab\": bold added, italic lost"));
}

TEST(ScreenIs, AnEmptyLiteralFailsShowingTheScreen) {
  VirtualTerminal vt({.cols = 4, .rows = 2});
  vt.Write("ab");
  const ScreenView screen(vt);
  EXPECT_THAT(Explain(screen, FakeScreenIs("")),
              HasSubstr(":2 is empty; the screen is:\n|ab  |\n"));
}

TEST(ScreenIs, AnUnreadableLiteralFailsNamingItsPlace) {
  VirtualTerminal vt({.cols = 4, .rows = 1});
  const ScreenView screen(vt);
  EXPECT_THAT(Explain(screen, FakeScreenIs("|ab  |\n|c|\n")),
              HasSubstr(FakeSource() + ":2 cannot be read: line 2, column 1: this row is 1 cells "
                                       "wide, the first row 4"));
}

TEST(ScreenIs, ADifferentWidthIsASizeDifference) {
  VirtualTerminal vt({.cols = 5, .rows = 1});
  const ScreenView screen(vt);
  EXPECT_THAT(Explain(screen, FakeScreenIs("|    |\n")), HasSubstr("size"));
}

TEST(ScreenIs, MatchesAFrameToo) {
  Frame frame = Frame::Blank(3, 1);
  frame.cell(0, 0).grapheme = "x";
  EXPECT_THAT(frame, ScreenIs("|x  |\n"));
}

TEST(ScreenIs, DescribesItselfByItsPlace) {
  const ::testing::Matcher<const ScreenView&> m = FakeScreenIs("|a|\n");
  EXPECT_EQ(::testing::DescribeMatcher<const ScreenView&>(m),
            "is the inline screen at " + FakeSource() + ":2");
  EXPECT_EQ(::testing::DescribeMatcher<const ScreenView&>(m, /*negation=*/true),
            "is not the inline screen at " + FakeSource() + ":2");
}

class PendingTest : public ::testing::Test {
 protected:
  void SetUp() override { std::filesystem::remove(PendingInlinePath(FakeSource())); }
  void TearDown() override { std::filesystem::remove(PendingInlinePath(FakeSource())); }
};

TEST_F(PendingTest, AFailureWaitsForReviewBesideTheSource) {
  VirtualTerminal vt({.cols = 4, .rows = 1});
  vt.Write("ab");
  const ScreenView screen(vt);
  EXPECT_THAT(Explain(screen, FakeScreenIs("|xy  |\n")),
              HasSubstr("or accept it with: vtsnap review"));
  absl::StatusOr<std::vector<PendingInlineEdit>> pending =
      ReadPendingInlineEdits(PendingInlinePath(FakeSource()));
  ASSERT_TRUE(pending.ok()) << pending.status();
  ASSERT_EQ(pending->size(), 1u);
  EXPECT_EQ((*pending)[0].edit.line, 2);
  EXPECT_EQ((*pending)[0].edit.compiled, "|xy  |\n");
  EXPECT_EQ((*pending)[0].edit.replacement, "|ab  |\n");
}

TEST_F(PendingTest, APassForgetsTheWaitingChange) {
  VirtualTerminal vt({.cols = 4, .rows = 1});
  vt.Write("ab");
  const ScreenView screen(vt);
  (void)Explain(screen, FakeScreenIs("|xy  |\n"));
  ASSERT_TRUE(std::filesystem::exists(PendingInlinePath(FakeSource())));
  EXPECT_THAT(vt, FakeScreenIs("|ab  |\n"));
  EXPECT_FALSE(std::filesystem::exists(PendingInlinePath(FakeSource())));
}

TEST_F(PendingTest, ANegationNeverRecordsAChange) {
  VirtualTerminal vt({.cols = 4, .rows = 1});
  vt.Write("ab");
  EXPECT_THAT(vt, Not(FakeScreenIs("|xy  |\n")));
  EXPECT_THAT(vt, Not(FakeScreenIs("")));
  EXPECT_THAT(vt, Not(FakeScreenIs("|xy  |\n").ReadOnly()));
  EXPECT_FALSE(std::filesystem::exists(PendingInlinePath(FakeSource())));
}

// Run by the ctest entry screen_is.one_call_one_screen with UPDATE_GOLDENS=1, which expects it to
// fail saying why: one call reached with two different screens in one run is not rewritten twice.
TEST(ScreenIsUpdateProbe, DISABLED_OneCallTwoScreensIsRefused) {
  const std::string source = VTSNAP_INLINE_PROBE_SOURCE;
  std::ofstream(source, std::ios::binary)
      << "vtsnap::ScreenIsMatcher vtsnap::inline_fake::ProbeScreenIs() { return ScreenIs(\"\"); "
         "}\n";
  VirtualTerminal first({.cols = 4, .rows = 1});
  first.Write("ab");
  EXPECT_THAT(first, inline_fake::ProbeScreenIs());
  VirtualTerminal second({.cols = 4, .rows = 1});
  second.Write("cd");
  EXPECT_THAT(second, inline_fake::ProbeScreenIs());
  std::ifstream in(source, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_THAT(text, HasSubstr("    |ab  |\n"));
}

}  // namespace
}  // namespace vtsnap

#line 1 VTSNAP_INLINE_PROBE_SOURCE
vtsnap::ScreenIsMatcher vtsnap::inline_fake::ProbeScreenIs() { return ScreenIs(""); }

// Everything below is compiled as if it were VTSNAP_INLINE_FAKE_SOURCE, line 1 on.
#line 1 VTSNAP_INLINE_FAKE_SOURCE
vtsnap::ScreenIsMatcher vtsnap::inline_fake::FakeScreenIs(absl::string_view literal) {
  return ScreenIs(literal);
}
std::string vtsnap::inline_fake::FakeSource() { return VTSNAP_INLINE_FAKE_SOURCE; }
