// HeadlessTerminal (both directions, profiles, resize, reading rules) and PresentedEquals.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/matchers/counter_app.h"
#include "vtsnap/decoder/headless_terminal.h"
#include "vtsnap/decoder/presenter.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/matchers/presented.h"
#include "vtsnap/matchers/screen.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;
using testing_apps::CounterApp;

// The explanation PresentedEquals gives for `term`, or "" when it matches.
std::string Explain(const HeadlessTerminal& term, const Frame& composed) {
  ::testing::StringMatchResultListener listener;
  if (PresentedEquals(composed).MatchAndExplain(term, &listener)) return "";
  return listener.str();
}

Frame TextFrame(int cols, int rows, const std::vector<std::string>& lines) {
  Frame frame = Frame::Blank(cols, rows);
  for (int r = 0; r < static_cast<int>(lines.size()); ++r) {
    for (int c = 0; c < static_cast<int>(lines[r].size()); ++c) {
      frame.cell(c, r).grapheme = std::string(1, lines[r][c]);
    }
  }
  return frame;
}

// --- The input side ---

TEST(HeadlessTerminal, InputIsAQueueTheAppDrains) {
  HeadlessTerminal term(HeadlessProfile::Presenter(10, 2));
  EXPECT_FALSE(term.has_input());
  term.SendInput("ab");
  ASSERT_TRUE(term.SendKeys("enter ctrl+c").ok());
  term.SendClick(0, 1);
  term.SendWheel(2, 0, /*up=*/true);
  EXPECT_TRUE(term.has_input());
  // SGR mouse reports are 1-based: cell (0, 1) is 1;2, wheel up is button 64.
  EXPECT_EQ(term.ReadInput(), "ab\r\x03\x1b[<0;1;2M\x1b[<0;1;2m\x1b[<64;3;1M");
  EXPECT_FALSE(term.has_input());
  EXPECT_EQ(term.ReadInput(), "");
}

TEST(HeadlessTerminal, KeysFollowTheCursorKeyModeTheAppSet) {
  HeadlessTerminal term(HeadlessProfile::Xterm(10, 2));
  ASSERT_TRUE(term.SendKeys("up home").ok());
  EXPECT_EQ(term.ReadInput(), "\x1b[A\x1b[H");
  term.Write("\x1b[?1h");  // DECCKM: application cursor keys
  ASSERT_TRUE(term.SendKeys("up home").ok());
  EXPECT_EQ(term.ReadInput(), "\x1bOA\x1bOH");
}

TEST(HeadlessTerminal, ABadKeyScriptQueuesNothingAndNamesTheWord) {
  HeadlessTerminal term(HeadlessProfile::Presenter(10, 2));
  absl::Status s = term.SendKeys("a ctrl+kk");
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(OffendingWord(s), "ctrl+kk");
  EXPECT_FALSE(term.has_input());
}

TEST(HeadlessTerminal, XtermRepliesGoBackToTheApp) {
  HeadlessTerminal term(HeadlessProfile::Xterm(10, 2));
  term.Write("ab\x1b[6n");  // DSR: cursor position report, 1-based
  EXPECT_EQ(term.ReadInput(), "\x1b[1;3R");
}

TEST(HeadlessTerminal, ResizeChangesTheDisplayAndNotifiesTheApp) {
  HeadlessTerminal term(HeadlessProfile::Presenter(10, 2));
  std::vector<TerminalSize> seen;
  term.OnResize([&](TerminalSize size) { seen.push_back(size); });
  term.Resize({6, 3});
  term.Resize({12, 1});
  EXPECT_EQ(term.size(), (TerminalSize{12, 1}));
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0], (TerminalSize{6, 3}));
  EXPECT_EQ(seen[1], (TerminalSize{12, 1}));
  absl::StatusOr<const Terminal*> screen = term.screen();
  ASSERT_TRUE(screen.ok());
  EXPECT_EQ((*screen)->cols(), 12);
  EXPECT_EQ((*screen)->rows(), 1);
}

// --- Reading the state ---

TEST(HeadlessTerminal, ReadingInsideASynchronizedFrameIsAnError) {
  for (HeadlessProfile profile :
       {HeadlessProfile::Presenter(10, 2), HeadlessProfile::Xterm(10, 2)}) {
    HeadlessTerminal term(profile);
    term.Write("\x1b[?2026h\x1b[1;1Hhalf");
    EXPECT_TRUE(term.synchronized_frame_open());
    absl::StatusOr<const Terminal*> screen = term.screen();
    ASSERT_FALSE(screen.ok());
    EXPECT_EQ(screen.status().code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_EQ(screen.status().message(),
              "the screen was read inside a synchronized frame: a synchronized frame opened at "
              "byte offset 0 (?2026h) is still open after 18 bytes: the app has not finished "
              "drawing it (the screen can be read after its ?2026l)");
    term.Write("\x1b[?2026l");
    ASSERT_TRUE(term.screen().ok());
    EXPECT_EQ((*term.screen())->RowText(0), "half");
  }
}

// Which ?2026h opened the frame still open, by byte offset, whatever the writes' boundaries.
TEST(HeadlessTerminal, FrameStatusNamesTheOpenFrameByByteOffset) {
  struct Case {
    std::string name;
    std::vector<std::string> writes;
    std::optional<uint64_t> offset;  // nullopt: between frames
  };
  const Case cases[] = {
      {"no frame", {"plain text"}, std::nullopt},
      {"opened after text", {"abc\x1b[?2026hxy"}, 3},
      {"closed", {"abc\x1b[?2026hxy\x1b[?2026l"}, std::nullopt},
      {"closed and reopened in one write", {"\x1b[?2026ha\x1b[?2026l\x1b[?2026hb"}, 17},
      {"opened in a later write", {"abcd", "\x1b[1;1H\x1b[?2026hx"}, 10},
      {"sequence split across writes", {"ab\x1b[?20", "26hx"}, 2},
      {"opening twice keeps the first", {"\x1b[?2026h", "x\x1b[?2026h"}, 0},
      {"2026 in text is not a frame", {"year 2026\x1b[1m"}, std::nullopt},
  };
  for (const Case& c : cases) {
    for (HeadlessProfile profile :
         {HeadlessProfile::Presenter(20, 2), HeadlessProfile::Xterm(20, 2)}) {
      HeadlessTerminal term(profile);
      for (const std::string& w : c.writes) term.Write(w);
      EXPECT_EQ(term.open_frame_offset(), c.offset) << c.name;
      if (c.offset.has_value()) {
        EXPECT_THAT(term.FrameStatus().message(),
                    HasSubstr(absl::StrCat("opened at byte offset ", *c.offset, " (?2026h)")))
            << c.name;
      } else {
        EXPECT_TRUE(term.FrameStatus().ok()) << c.name;
      }
    }
  }
}

TEST(HeadlessTerminal, APresenterViolationMakesTheDisplayUnreadable) {
  HeadlessTerminal term(HeadlessProfile::Presenter(10, 2));
  term.Write("ok\r\n");
  absl::StatusOr<Frame> frame = CaptureFrame(term);
  ASSERT_FALSE(frame.ok());
  EXPECT_EQ(frame.status().message(),
            "the presenter profile invalidated this capture: offset 2: \\x0d: C0 control CR is "
            "not in the presenter subset");
  // The xterm profile takes the same bytes.
  HeadlessTerminal xterm(HeadlessProfile::Xterm(10, 2));
  xterm.Write("ok\r\n");
  EXPECT_TRUE(CaptureFrame(xterm).ok());
}

TEST(HeadlessTerminal, TheGraphicsOfTheProfileDecideWhetherSixelIsAccepted) {
  const std::string sixel = "\x1bPq#0;2;0;0;100#0~\x1b\\";
  HeadlessTerminal none(HeadlessProfile::Presenter(10, 2));
  none.Write(sixel);
  EXPECT_THAT(std::string(none.ReadableStatus().message()),
              HasSubstr("Sixel on a profile without graphics"));
  HeadlessTerminal sixel_term(HeadlessProfile::PresenterSixel(10, 2));
  sixel_term.Write(sixel);
  EXPECT_TRUE(sixel_term.ReadableStatus().ok());
  ASSERT_NE(sixel_term.presenter(), nullptr);
  EXPECT_EQ(sixel_term.presenter()->sixel_images().size(), 1u);
}

TEST(HeadlessTerminal, TheColourDepthOfTheProfileBindsThePresenter) {
  HeadlessProfile profile = HeadlessProfile::Presenter(10, 2);
  profile.color_depth = ColorDepth::k256;
  HeadlessTerminal term(profile);
  term.Write("\x1b[38;5;200mok\x1b[38;2;1;2;3m");
  EXPECT_THAT(std::string(term.ReadableStatus().message()),
              HasSubstr("38;2 (truecolor) on a 256-colour profile"));
}

TEST(HeadlessTerminal, HeaderExample) {
  HeadlessTerminal term(HeadlessProfile::Presenter(20, 3));
  term.OnResize([](TerminalSize) {});
  ASSERT_TRUE(term.SendKeys("down enter").ok());
  EXPECT_EQ(term.ReadInput(), "\x1b[B\r");
  term.Write("\x1b[?2026h\x1b[1;1Hhello\x1b[?2026l");
  absl::StatusOr<const Terminal*> screen = term.screen();
  ASSERT_TRUE(screen.ok());
  EXPECT_EQ((*screen)->RowText(0), "hello");
}

// --- PresentedEquals ---

TEST(PresentedEquals, PassesWhenTheBytesDecodeToTheComposedFrame) {
  HeadlessTerminal term(HeadlessProfile::Presenter(12, 2));
  CounterApp app(&term);
  for (const char* input : {"", "+", "++", "-"}) {
    term.SendInput(input);
    app.Step();
    EXPECT_THAT(term, PresentedEquals(app.Composed())) << "after input \"" << input << "\"";
  }
  EXPECT_EQ(app.count(), 2);
}

TEST(PresentedEquals, IgnoresTheCursorAndRasterRecords) {
  HeadlessTerminal term(HeadlessProfile::Presenter(5, 1));
  term.Write("\x1b[1;1Hab\x1b[?25h");
  Frame composed = TextFrame(5, 1, {"ab"});
  composed.cursor = {.visible = false};
  composed.rasters.push_back(
      {.id = 1, .cols = 1, .rows = 1, .pixel_width = 3, .pixel_height = 6, .hash = "ab"});
  EXPECT_THAT(term, PresentedEquals(composed));
}

TEST(PresentedEquals, AStaleCellAfterAShrinkFails) {
  // A presenter that assumes the terminal cleared itself on resize writes only the new text.
  HeadlessTerminal term(HeadlessProfile::Presenter(10, 2));
  term.Write("\x1b[1;1Habcdef");
  term.Resize({5, 2});
  term.Write("\x1b[1;1Hxy");
  const std::string why = Explain(term, TextFrame(5, 2, {"xy"}));
  EXPECT_THAT(why, StartsWith("the decoded display differs from the composed frame (- composed, "
                              "+ presented; rows and columns are 0-based):\ntext:\n"));
  EXPECT_THAT(why, HasSubstr("-|xy   |"));
  EXPECT_THAT(why, HasSubstr("+|xycde|"));
  // The same presenter, clearing first, passes.
  term.Write("\x1b[2J\x1b[1;1Hxy");
  EXPECT_EQ(Explain(term, TextFrame(5, 2, {"xy"})), "");
}

TEST(PresentedEquals, AStyleDifferenceFails) {
  HeadlessTerminal term(HeadlessProfile::Presenter(4, 1));
  term.Write("\x1b[1;1H\x1b[38;2;255;0;0mab\x1b[0m");
  Frame composed = TextFrame(4, 1, {"ab"});
  composed.cell(0, 0).style.fg = Color::Rgb(255, 0, 0);
  composed.cell(1, 0).style.fg = Color::Rgb(255, 0, 0);
  EXPECT_EQ(Explain(term, composed), "");
  composed.cell(1, 0).style.bold = true;
  EXPECT_THAT(Explain(term, composed), HasSubstr("row 0 col 1 \"b\": bold lost"));
  EXPECT_THAT(Explain(term, composed), HasSubstr("bold lost"));
}

TEST(PresentedEquals, ALinkDifferenceFails) {
  const std::string target = "https://example.com/";
  HeadlessTerminal term(HeadlessProfile::Presenter(4, 1));
  term.Write("\x1b[1;1H\x1b]8;id=" + HyperlinkId(target) + ";" + target + "\x1b\\ab\x1b]8;;\x1b\\");
  Frame composed = TextFrame(4, 1, {"ab"});
  composed.links = LinkRunsFromTargets(4, 1, {target, target, "", ""});
  EXPECT_EQ(Explain(term, composed), "");
  composed.links = LinkRunsFromTargets(4, 1, {target, "", "", ""});
  EXPECT_THAT(Explain(term, composed), HasSubstr(target));
}

TEST(PresentedEquals, NeedsATruecolorProfile) {
  HeadlessProfile profile = HeadlessProfile::Presenter(4, 1);
  profile.color_depth = ColorDepth::k16;
  HeadlessTerminal term(profile);
  EXPECT_EQ(Explain(term, TextFrame(4, 1, {})),
            "PresentedEquals needs a truecolor profile: under a palette depth a presenter "
            "rightly writes the nearest index for an RGB style");
}

TEST(PresentedEquals, AnInvalidatedCaptureFailsWithTheViolation) {
  HeadlessTerminal term(HeadlessProfile::Presenter(4, 1));
  term.Write("\x1b[2Aab");
  EXPECT_EQ(Explain(term, TextFrame(4, 1, {"ab"})),
            "the presenter profile invalidated this capture: offset 0: \\x1b[2A: CSI A (CUU) is "
            "not in the presenter subset");
}

TEST(HeadlessTerminal, TheScreenMatchersReadTheDisplay) {
  HeadlessTerminal term(HeadlessProfile::Presenter(10, 2));
  term.Write("\x1b[2;3Hhi");
  EXPECT_THAT(term, RowTextIs(1, "  hi"));
  EXPECT_THAT(term, CursorAt(4, 1));
  term.Write("\x1b[?2026h");
  ::testing::StringMatchResultListener listener;
  const ::testing::Matcher<const HeadlessTerminal&> row =
      ::testing::SafeMatcherCast<const HeadlessTerminal&>(RowTextIs(1, "  hi"));
  EXPECT_FALSE(row.MatchAndExplain(term, &listener));
  EXPECT_THAT(listener.str(), HasSubstr("inside a synchronized frame"));
  EXPECT_THAT(::testing::PrintToString(term),
              StartsWith("a HeadlessTerminal whose screen cannot be read: the screen was read "
                         "inside a synchronized frame"));
}

TEST(PresentedEquals, DescribesItself) {
  std::ostringstream os;
  PresentedEquals(Frame::Blank(3, 2)).DescribeTo(&os);
  EXPECT_EQ(os.str(), "decodes to the composed 3x2 frame cell for cell (text, style, links)");
}

}  // namespace
}  // namespace vtsnap
