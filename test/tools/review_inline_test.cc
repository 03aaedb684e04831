// `vtsnap review` of pending inline screens (tools/review_inline.cc): the sidecar beside a test
// source lists its changes, --accept-all rewrites the literals, --reject-all forgets them.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/pty/test_support.h"
#include "test/scratch_dir.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/pty/pty_session.h"
#include "vtsnap/snapshot/golden/inline_source.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/exit_codes.h"

namespace vtsnap::tools {
namespace {

using ::testing::HasSubstr;

std::string Read(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

constexpr char kSource[] =
    "TEST(Menu, Opens) {\n"
    "  EXPECT_THAT(vt, ScreenIs(\"\"));\n"
    "}\n"
    "TEST(Menu, Moves) {\n"
    "  EXPECT_THAT(vt, ScreenIs(\"|ab|\\n\"));\n"
    "}\n";

class ReviewInlineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = test_util::ScratchDir("review_inline");
    source_ = (dir_ / "menu_test.cc").string();
    std::ofstream(source_, std::ios::binary) << kSource;
    // The test binary the changes came from, whose journal keeps the rewrites' line shifts: a
    // stand-in of each test's own.
    const std::string binary = (dir_ / "menu_test").string();
    std::ofstream(binary, std::ios::binary)
        << ::testing::UnitTest::GetInstance()->current_test_info()->name();
    ASSERT_TRUE(RecordPendingInlineEdit({.source_file = source_,
                                         .line = 2,
                                         .column = 3,
                                         .compiled = "",
                                         .replacement = "|hello|\n",
                                         .binary = binary},
                                        source_)
                    .ok());
    ASSERT_TRUE(RecordPendingInlineEdit({.source_file = source_,
                                         .line = 5,
                                         .column = 3,
                                         .compiled = "|ab|\n",
                                         .replacement = "|ax|\n",
                                         .binary = binary},
                                        source_)
                    .ok());
  }

  int Review(std::vector<std::string> args) {
    out_.str("");
    err_.str("");
    args.push_back(dir_.string());
    return RunReview(args, out_, err_);
  }

  std::filesystem::path dir_;
  std::string source_;
  std::ostringstream out_;
  std::ostringstream err_;
};

TEST_F(ReviewInlineTest, ListsEachPendingInlineScreen) {
  EXPECT_EQ(Review({"--list"}), kExitOk) << err_.str();
  EXPECT_THAT(out_.str(), HasSubstr(source_ + ":2: inline screen new\n"));
  EXPECT_THAT(out_.str(), HasSubstr(source_ + ":5: inline screen changed: 1 text row\n"));
}

TEST_F(ReviewInlineTest, AcceptAllRewritesTheLiteralsAndForgetsThem) {
  EXPECT_EQ(Review({"--accept-all"}), kExitOk) << err_.str();
  EXPECT_EQ(Read(source_),
            "TEST(Menu, Opens) {\n"
            "  EXPECT_THAT(vt, ScreenIs(R\"(\n"
            "      |hello|\n"
            "  )\"));\n"
            "}\n"
            "TEST(Menu, Moves) {\n"
            "  EXPECT_THAT(vt, ScreenIs(R\"(\n"
            "      |ax|\n"
            "  )\"));\n"
            "}\n");
  EXPECT_FALSE(std::filesystem::exists(PendingInlinePath(source_)));
  EXPECT_THAT(out_.str(), HasSubstr("review: 2 accepted, 0 rejected, 0 skipped"));
}

TEST_F(ReviewInlineTest, RejectAllLeavesTheSourceAndForgetsThem) {
  EXPECT_EQ(Review({"--reject-all"}), kExitOk) << err_.str();
  EXPECT_EQ(Read(source_), kSource);
  EXPECT_FALSE(std::filesystem::exists(PendingInlinePath(source_)));
}

TEST_F(ReviewInlineTest, FilterPicksByTheSourceAndLine) {
  EXPECT_EQ(Review({"--accept-all", "--filter", "menu_test.cc:5"}), kExitOk) << err_.str();
  EXPECT_THAT(Read(source_), HasSubstr("ScreenIs(\"\")"));
  EXPECT_THAT(Read(source_), HasSubstr("      |ax|\n"));
}

// The source changed since the test ran: the change is refused, the source left as it is.
TEST_F(ReviewInlineTest, AnEditedSourceIsRefusedNamingTheLine) {
  std::ofstream(source_, std::ios::binary) << "TEST(Menu, Opens) {\n"
                                              "  EXPECT_THAT(vt, ScreenIs(\"|zz|\"));\n"
                                              "}\n";
  EXPECT_NE(Review({"--accept-all", "--filter", "menu_test.cc:2"}), kExitOk);
  EXPECT_THAT(err_.str(), HasSubstr("menu_test.cc:2: the inline screen there is not the one"));
  EXPECT_THAT(Read(source_), HasSubstr("ScreenIs(\"|zz|\")"));
}

// The interactive review under a pseudo-terminal, its screens pinned inline.
TEST_F(ReviewInlineTest, TheInteractiveReviewShowsAndAcceptsAnInlineScreen) {
  PtyOptions options = pty_test::MarkedOptions(44, 10);
  options.working_directory = dir_.string();
  PtySession session(options);
  ASSERT_TRUE(session.Start({VTSNAP_CLI_BINARY, "review", "--filter", "menu_test.cc:5"}).ok());
  ASSERT_TRUE(session.WaitForText("1/1").ok());
  ASSERT_TRUE(session.WaitForQuiet(absl::Milliseconds(150)).ok());
  EXPECT_THAT(session, ScreenIs(R"(
      |1/1 menu_test.cc:5 (changed)                |
      |a accept  r reject  s skip  n/p next/prev  t|
      |view: diff                                  |
      |frames differ (- expected, + actual; rows a)|
      |text:                                       |
      |  row 0 -|ab|                               |
      |        +|ax|                               |
      |           ^                                |
  )"));
  ASSERT_TRUE(session.Send("v").ok());
  ASSERT_TRUE(session.WaitForText("view: expected").ok());
  ASSERT_TRUE(session.WaitForQuiet(absl::Milliseconds(150)).ok());
  EXPECT_THAT(session, ScreenIs(R"(
      |1/1 menu_test.cc:5 (changed)                |
      |a accept  r reject  s skip  n/p next/prev  t|
      |view: expected                              |
      ||ab|                                        |
  )"));
  ASSERT_TRUE(session.Send("a").ok());
  const absl::StatusOr<ExitStatus> exit = session.WaitForExit();
  ASSERT_TRUE(exit.ok()) << exit.status();
  EXPECT_EQ(exit->code, 0);
  EXPECT_THAT(Read(source_), HasSubstr("      |ax|\n"));
  // The other call's change, not reviewed, still waits.
  absl::StatusOr<std::vector<PendingInlineEdit>> left =
      ReadPendingInlineEdits(PendingInlinePath(source_));
  ASSERT_TRUE(left.ok()) << left.status();
  ASSERT_EQ(left->size(), 1u);
  EXPECT_EQ((*left)[0].edit.line, 2);
}

}  // namespace
}  // namespace vtsnap::tools
