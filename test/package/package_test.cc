// The downstream project's test: includes vtsnap the way a user does and checks a golden.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"

namespace {

TEST(Downstream, GreetingMatchesItsGolden) {
  vtsnap::VirtualTerminal vt({.cols = 20, .rows = 3});
  vt.Write("\x1b[2J\x1b[H\x1b[1mHello\x1b[m, world\r\n\x1b[32mready\x1b[m");
  EXPECT_THAT(vt, vtsnap::RowText(0, testing::Eq("Hello, world")));
  EXPECT_THAT(vt, vtsnap::CursorAt(5, 1));
  EXPECT_THAT(vt, vtsnap::EqualsGolden("greeting"));  // goldens/package_test/greeting.dump
}

TEST(Downstream, PresentedFrameDecodesToTheComposedFrame) {
  vtsnap::HeadlessTerminal term(vtsnap::HeadlessProfile::Presenter(8, 2));
  term.Write("\x1b[?2026h\x1b[1;1Hok\x1b[?2026l");
  vtsnap::Frame composed = vtsnap::Frame::Blank(8, 2);
  composed.cell(0, 0).grapheme = "o";
  composed.cell(1, 0).grapheme = "k";
  EXPECT_THAT(term, vtsnap::PresentedEquals(composed));
}

}  // namespace
