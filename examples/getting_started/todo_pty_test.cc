// The to-do list as a program in a terminal (docs/getting-started.md, "The same program under a
// PTY"): started under a pseudo-terminal, typed at, its screen checked as a user sees it.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/pty/pty_session.h"

TEST(TodoProgram, SpaceMarksAnItemDone) {
  vtsnap::PtySession session({.cols = 40, .rows = 6});
  ASSERT_TRUE(session.Start({TODO_PROGRAM}).ok());
  ASSERT_TRUE(session.WaitForText("3 left").ok());
  ASSERT_TRUE(session.SendKeys("j").ok());
  // The selection is on "Write tests" once its row turns cyan.
  const auto cyan = testing::Field(&vtsnap::Style::bg, vtsnap::Color::Palette(6));
  ASSERT_TRUE(session.WaitFor(vtsnap::CellStyleIs(1, 3, cyan)).ok());
  ASSERT_TRUE(session.SendKeys("space").ok());
  ASSERT_TRUE(session.WaitForText("2 left").ok());
  EXPECT_THAT(session, vtsnap::EqualsGolden("write_tests_done"));
  ASSERT_TRUE(session.SendKeys("q").ok());
  auto ended = session.WaitForExit();
  ASSERT_TRUE(ended.ok()) << ended.status();
}
