// Tests of the menu_app example: the rendered bytes go into a VirtualTerminal and the screen is
// checked the way a user sees it. Whole screens are golden dumps beside this file
// (goldens/menu_app_test/*.dump, written with UPDATE_GOLDENS=1); small facts are direct
// assertions. examples/menu_app/README.md explains each step.
#include "examples/menu_app/menu_app.h"

#include <ctime>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"

namespace {

using ::testing::AllOf;
using ::testing::EndsWith;
using ::testing::Eq;
using ::testing::Field;
using ::testing::HasSubstr;
using ::testing::StartsWith;
using vtsnap::CellStyleIs;
using vtsnap::Color;
using vtsnap::CursorAt;
using vtsnap::EqualsGolden;
using vtsnap::RowTextIs;
using vtsnap::Style;

// Goldens mask the clock: its cells become '#' before comparing and before writing.
vtsnap::GoldenOptions MaskClock() {
  vtsnap::GoldenOptions options;
  EXPECT_TRUE(options.redactions.AddPattern(R"(\d\d:\d\d:\d\d)").ok());
  return options;
}

// Renders `state` into a terminal of its size.
void Show(const menu_app::State& state, vtsnap::VirtualTerminal& vt) {
  vt.Write(menu_app::Render(state));
}

menu_app::State Home() {
  menu_app::State state;
  state.clock = menu_app::Now();
  return state;
}

TEST(MenuApp, HomeScreen) {
  const menu_app::State state = Home();
  vtsnap::VirtualTerminal vt({.cols = state.cols, .rows = state.rows});
  Show(state, vt);
  EXPECT_THAT(vt, EqualsGolden("home", MaskClock()));
}

TEST(MenuApp, SelectionMovedTwiceDownToTheWideItem) {
  const menu_app::State state = menu_app::MoveDown(menu_app::MoveDown(Home()));
  vtsnap::VirtualTerminal vt({.cols = state.cols, .rows = state.rows});
  Show(state, vt);
  EXPECT_THAT(vt, EqualsGolden("moved_down", MaskClock()));
}

TEST(MenuApp, AnyClockMatchesTheSameGolden) {
  for (const char* clock : {"00:00:00", "13:37:42", "23:59:59"}) {
    menu_app::State state = Home();
    state.clock = clock;
    vtsnap::VirtualTerminal vt({.cols = state.cols, .rows = state.rows});
    Show(state, vt);
    EXPECT_THAT(vt, EqualsGolden("home", MaskClock())) << "clock " << clock;
  }
}

TEST(MenuApp, RowsReadAsText) {
  const menu_app::State state = Home();
  vtsnap::VirtualTerminal vt({.cols = state.cols, .rows = state.rows});
  Show(state, vt);
  EXPECT_THAT(vt, RowTextIs(0, Eq(" menu_app: Groceries")));
  EXPECT_THAT(vt, RowTextIs(1, Eq("  File  Edit  View  Help")));
  EXPECT_THAT(vt, RowTextIs(3, Eq("> Apples")));
  EXPECT_THAT(vt, RowTextIs(5, Eq("  寿司 (sushi)")));
  EXPECT_THAT(vt, RowTextIs(11, AllOf(StartsWith(" 1/5  Apples"), EndsWith(state.clock))));
}

TEST(MenuApp, StylesOfBarsAndSelection) {
  const menu_app::State state = Home();
  vtsnap::VirtualTerminal vt({.cols = state.cols, .rows = state.rows});
  Show(state, vt);
  // Title bar: bold on blue, the blue reaching the last column.
  EXPECT_THAT(
      vt,
      CellStyleIs(1, 0, AllOf(Field(&Style::bold, true), Field(&Style::bg, Color::Palette(4)))));
  EXPECT_THAT(vt, CellStyleIs(59, 0, Field(&Style::bg, Color::Palette(4))));
  // The open menu ("File", cols 1-6) is reverse video; the next one is not.
  EXPECT_THAT(vt, CellStyleIs(2, 1, Field(&Style::reverse, true)));
  EXPECT_THAT(vt, CellStyleIs(8, 1, Field(&Style::reverse, false)));
  // The selected item is cyan across the row; the others keep the default style.
  EXPECT_THAT(vt, CellStyleIs(59, 3, Field(&Style::bg, Color::Palette(6))));
  EXPECT_THAT(vt, CellStyleIs(2, 4, Eq(Style{})));
  // Status bar: black on green.
  EXPECT_THAT(vt, CellStyleIs(0, 11,
                              AllOf(Field(&Style::fg, Color::Palette(0)),
                                    Field(&Style::bg, Color::Palette(2)))));
}

TEST(MenuApp, CursorFollowsTheSelection) {
  menu_app::State state = Home();
  vtsnap::VirtualTerminal vt({.cols = state.cols, .rows = state.rows});
  Show(state, vt);
  EXPECT_THAT(vt, CursorAt(0, 3));
  state = menu_app::MoveDown(state);
  Show(state, vt);
  EXPECT_THAT(vt, CursorAt(0, 4));
  EXPECT_THAT(vt, RowTextIs(11, HasSubstr("2/5  Bread")));
  // The selection stops at the ends of the list.
  for (int i = 0; i < 10; ++i) state = menu_app::MoveDown(state);
  Show(state, vt);
  EXPECT_THAT(vt, CursorAt(0, 7));
  EXPECT_THAT(vt, RowTextIs(7, Eq("> Milk")));
}

}  // namespace
