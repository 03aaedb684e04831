// The downstream project's test: includes vtsnap the way a user does and checks a golden.
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"

// The one header test authors include brings no PTY machinery (threads, mutexes, pty/).
#ifdef VTSNAP_PTY_PTY_SESSION_H_
#error "vtsnap/matchers/matchers.h must not include vtsnap/pty/pty_session.h"
#endif

namespace {

// A downstream helper over any screen: a ScreenView accepts each kind.
std::string FirstRow(const vtsnap::ScreenView& screen) {
  if (!screen.readable()) return std::string(screen.status().message());
  std::string row = screen.RowText(0);
  while (!row.empty() && row.back() == ' ') row.pop_back();
  return absl::StrCat(screen.source(), ": ", row);
}

TEST(Downstream, OneHelperTakesEveryKindOfScreen) {
  vtsnap::VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write("virtual");
  vtsnap::HeadlessTerminal headless(vtsnap::HeadlessProfile::Xterm(10, 2));
  headless.Write("headless");
  vtsnap::Frame frame = vtsnap::Frame::Blank(10, 2);
  frame.cell(0, 0).grapheme = "f";
  EXPECT_EQ(FirstRow(vt), "VirtualTerminal: virtual");
  EXPECT_EQ(FirstRow(headless), "HeadlessTerminal: headless");
  EXPECT_EQ(FirstRow(frame), "Frame: f");
  headless.Write("\x1b[?2026h");  // inside a synchronized frame the screen cannot be read
  EXPECT_THAT(FirstRow(headless), testing::HasSubstr("synchronized frame"));
}

TEST(Downstream, GreetingMatchesItsGolden) {
  vtsnap::VirtualTerminal vt({.cols = 20, .rows = 3});
  vt.Write("\x1b[2J\x1b[H\x1b[1mHello\x1b[m, world\r\n\x1b[32mready\x1b[m");
  EXPECT_THAT(vt, vtsnap::RowTextIs(0, testing::Eq("Hello, world")));
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
