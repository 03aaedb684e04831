// The to-do list drawn by ncurses in process (docs/getting-started.md, "Test it in process").
#include "todo.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/ncurses/curses_screen.h"

TEST(Todo, ShowsTheList) {
  auto screen = vtsnap::CursesScreen::Open({.cols = 40, .rows = 6});
  ASSERT_TRUE(screen.ok()) << screen.status();
  todo::InitColors();
  todo::Draw(todo::Sample());
  EXPECT_THAT(*screen, vtsnap::ScreenIs(R"(
      | To do                                  |
      |                                        |
      | [ ] Buy milk                           |
      | [ ] Write tests                        |
      | [ ] Ship it                            |
      | 3 left  j/k move  space done  q quit   |
      --- styles
      0 0-39 bold fg=white bg=blue
      2 0-39 fg=black bg=cyan
  )"));
}

TEST(Todo, SpaceMarksTheSelectedItemDone) {
  auto screen = vtsnap::CursesScreen::Open({.cols = 40, .rows = 6});
  ASSERT_TRUE(screen.ok()) << screen.status();
  todo::InitColors();
  todo::List list = todo::Sample();
  todo::HandleKey(list, 'j');
  todo::HandleKey(list, ' ');
  todo::Draw(list);
  EXPECT_THAT(*screen, vtsnap::RowTextIs(3, testing::StartsWith(" [x] Write tests")));
  EXPECT_THAT(*screen, vtsnap::EqualsGolden("write_tests_done"));
}
