// The downstream project's tests: inline screens, empty or out of date, and unnamed goldens.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "shop_app.h"
#include "vtsnap/matchers/matchers.h"

namespace {

TEST(Shop, ListsTheFruit) {
  vtsnap::VirtualTerminal vt({.cols = 20, .rows = 5});
  vt.Write(ShopScreen(0));
  EXPECT_THAT(vt, vtsnap::ScreenIs(""));
}

TEST(Shop, HighlightsTheSelection) {
  vtsnap::VirtualTerminal vt({.cols = 20, .rows = 5});
  vt.Write(ShopScreen(1));
  EXPECT_THAT(vt, vtsnap::ScreenIs(R"(
      |Fruit Shop          |
      --- styles
  )"));
  EXPECT_THAT(vt, vtsnap::EqualsGolden());
}

TEST(Shop, KeepsTheTitle) {
  vtsnap::VirtualTerminal vt({.cols = 20, .rows = 5});
  vt.Write(ShopScreen(0));
  // Only the text is pinned here: the first row and the blank ones below it.
  EXPECT_THAT(vt, vtsnap::RowTextIs(0, "Fruit Shop"));
  EXPECT_THAT(vt, vtsnap::EqualsGolden());
}

}  // namespace
