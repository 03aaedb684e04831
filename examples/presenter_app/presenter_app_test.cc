// Unit tests of presenter_app: the app writes its frames into vtsnap's presenter profile, which
// rejects any sequence a presenter may not emit, and each decoded display must equal the surface
// the app composed, cell by cell (text, link target, style) and cursor. A few whole screens are
// golden dumps beside this file (goldens/presenter_app_test/*.dump, written with
// UPDATE_GOLDENS=1). presenter_app_script_test.cc drives the same app with event scripts.
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "examples/presenter_app/app.h"
#include "examples/presenter_app/input.h"
#include "examples/presenter_app/presenter.h"
#include "examples/presenter_app/surface.h"
#include "examples/presenter_app/test_support.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/width.h"
#include "vtsnap/matchers/matchers.h"

namespace {

using ::presenter_app::App;
using ::presenter_app::Surface;
using ::presenter_app_test::Click;
using ::presenter_app_test::Session;
using ::testing::HasSubstr;
using ::testing::Not;
using ::vtsnap::EqualsGolden;

constexpr char kUrl[] = "https://example.com/notes";
constexpr char kAltF[] = "\033f";  // ESC f ("\x1bf" would read as one hex escape)

TEST(PresenterApp, DefaultHyperlinkIdIsFnv1a) {
  EXPECT_EQ(presenter_app::DefaultHyperlinkId(""), "hcbf29ce484222325");
  EXPECT_EQ(presenter_app::DefaultHyperlinkId("a"), "haf63dc4c8601ec8c");
  EXPECT_EQ(presenter_app::DefaultHyperlinkId(kUrl), "h54d7392eff4def09");
}

TEST(PresenterApp, WidthsAgreeWithTheDecoder) {
  int mismatches = 0;
  for (char32_t cp = 0; cp <= 0x10FFFF && mismatches < 5; ++cp) {
    const int width = presenter_app::CodePointWidth(cp);
    if (width > 0 && width != vtsnap::CodePointWidth(cp)) {
      ADD_FAILURE() << "U+" << std::hex << static_cast<uint32_t>(cp);
      ++mismatches;
    }
  }
}

struct StepCase {
  const char* what;
  std::string input;
  int row;           // -1: no text check
  std::string text;  // expected in composed and decoded row `row`
};

TEST(PresenterApp, EveryStepDecodesToTheComposedFrame) {
  const std::vector<StepCase> steps = {
      {"first frame", "", 0, " File  Edit  Help"},
      {"first frame status bar", "", 13, " F10 menu  ^Q quit"},
      {"typing", "ab", 4, " > ab"},
      {"typing a wide character", "寿", 5, " Unsaved changes"},
      {"backspace", "\x7f", 4, " > ab"},
      {"F10 opens File", "\x1b[21~", 2, "│ New   │司 for lunch"},
      {"down", "\x1b[B", 3, "│ Open… │tps://example.com/notes"},
      {"SS3 down", "\x1bOB", 4, "│ Quit  │"},
      {"up, SS3 up", "\x1b[A\x1bOA", 1, "┌───────┐"},
      {"up wraps", "\x1b[A", 4, "│ Quit  │"},
      {"Esc closes", "\x1b", 2, " - buy 寿司 for lunch"},
      {"alt+f, Enter on New", std::string(kAltF) + "\r", 4, " >"},
      {"typing after New", "xyz", 4, " > xyz"},
      {"ctrl+q opens the dialog", "\x11", 5, " Unsaved c│ Discard unsaved changes? │"},
      {"tab, left", "\t\x1b[D", 7, "          │ [ Discard ]  [ Cancel ]  │"},
      {"Esc posts the close", "\x1b", 5, " Unsaved c│ Discard unsaved changes? │"},
      {"the posted close runs", "", 5, " Unsaved changes"},
      {"click File", Click(2, 0), 2, "│ New   │司 for lunch"},
      {"release ignored", "\x1b[<0;3;1m", 1, "┌───────┐"},
      {"click Quit", Click(3, 4), 5, " Unsaved c│ Discard unsaved changes? │"},
      {"click Cancel", Click(27, 7), -1, ""},
      {"posted close", "", 5, " Unsaved changes"},
      {"junk", "\x1b[999;1;1X\x1b[<5;0;0M\x80\xff\x1b]2;t\x07\x01", -1, ""},
  };
  Session s;
  for (const StepCase& step : steps) {
    SCOPED_TRACE(step.what);
    s.Step(step.input);
    EXPECT_EQ(s.Diff(), "");
    for (int row = 0; row < s.screen().rows(); ++row) {
      EXPECT_EQ(s.screen().RowText(row), s.app.composed().RowText(row)) << "row " << row;
    }
    if (step.row >= 0) {
      EXPECT_EQ(s.app.composed().RowText(step.row), step.text);
    }
  }
  EXPECT_FALSE(s.app.quit_requested());
}

TEST(PresenterApp, HomeScreen) {
  Session s;
  s.Step();
  EXPECT_THAT(s.term, EqualsGolden("home"));
}

TEST(PresenterApp, StylesKeepTheirColourKinds) {
  Session s;
  s.Step();
  const vtsnap::Terminal& t = s.screen();
  EXPECT_EQ(t.pen(t.cell(30, 0).pen).bg, vtsnap::PenColor::Rgb(0x1F, 0x3A, 0x5F));
  EXPECT_EQ(t.pen(t.cell(30, 13).pen).bg, vtsnap::PenColor::Palette(238));
  EXPECT_EQ(t.pen(t.cell(30, 5).pen).bg, vtsnap::PenColor::Default());
  EXPECT_TRUE(t.pen(t.cell(1, 1).pen).has(vtsnap::kAttrBold));
}

TEST(PresenterApp, UnchangedFrameWritesNothing) {
  presenter_app::Presenter presenter;
  Surface surface(48, 14);
  surface.Put(1, 1, "hello", {.bold = true});
  EXPECT_THAT(presenter.Present(surface), HasSubstr("hello"));
  EXPECT_EQ(presenter.Present(surface), "");

  Session s;
  s.Step();
  const int writes = s.host.writes;
  s.Step();
  s.Step("\x1b[<0;30;10m");  // a release: nothing to do
  EXPECT_EQ(s.host.writes, writes);
}

TEST(PresenterApp, OneCellChangeWritesOnlyThatCell) {
  presenter_app::Presenter presenter;
  Surface surface(48, 14);
  surface.Put(0, 5, "some text on row five", {});
  presenter.Present(surface);
  surface.Put(10, 5, "X", {});
  const std::string bytes = presenter.Present(surface);
  EXPECT_LE(bytes.size(), 40u) << bytes;
  EXPECT_THAT(bytes, HasSubstr("\x1b[6;11H"));
  EXPECT_THAT(bytes, HasSubstr("X"));
  EXPECT_THAT(bytes, Not(HasSubstr("text")));

  Session s;
  s.Step("a");
  const std::string typed = s.Step("b");  // the cell of "b", and the cursor after it
  EXPECT_LE(typed.size(), 64u);
  EXPECT_THAT(typed, HasSubstr("\x1b[5;5H"));
  EXPECT_THAT(typed, HasSubstr("b"));
  EXPECT_EQ(s.Diff(), "");
}

TEST(PresenterApp, KeyboardAndMouseOpenTheSameMenuFrame) {
  Session reference;
  reference.Step("a");
  reference.Step("\x1b[21~");
  EXPECT_EQ(reference.app.composed().RowText(2), "│ New   │司 for lunch");
  EXPECT_THAT(reference.term, EqualsGolden("file_menu"));
  for (const std::string& route : {std::string(kAltF), Click(1, 0), Click(4, 0)}) {
    Session s;
    s.Step("a");
    s.Step(route);
    EXPECT_TRUE(s.app.composed() == reference.app.composed()) << testing::PrintToString(route);
    EXPECT_EQ(s.Diff(), "");
    EXPECT_THAT(s.term, EqualsGolden("file_menu"));  // one golden for every route
  }
}

TEST(PresenterApp, MenuCoversHalfOfAWideCharacter) {
  Session s;
  s.Step("\x1b[21~");
  EXPECT_EQ(s.app.composed().cell(8, 2).text, "│");   // the box edge on 寿's second half
  EXPECT_EQ(s.app.composed().cell(7, 2).text, " ");   // so its first half is blank
  EXPECT_EQ(s.app.composed().cell(9, 2).text, "司");  // and 司 is whole
  EXPECT_EQ(s.Diff(), "");
  s.Step("\x1b");
  EXPECT_EQ(s.app.composed().cell(7, 2).text, "寿");
  EXPECT_EQ(s.Diff(), "");
}

TEST(PresenterApp, RefusingTheDialogReturnsToTheEarlierFrame) {
  struct Route {
    const char* what;
    std::string open;
    std::string refuse;
  };
  const std::vector<Route> routes = {
      {"Esc", "\x11", "\x1b"},
      {"Enter on Cancel", "\x11", "\r"},
      {"Tab Tab Enter", "\x11", "\t\t\r"},
      {"back-tab right Enter", "\x11", "\x1b[Z\x1b[C\r"},
      {"click Cancel", "\x11", Click(26, 7)},
      {"from File > Quit", "\x1b[21~\x1b[A\r", "\x1b"},
  };
  for (const Route& route : routes) {
    SCOPED_TRACE(route.what);
    Session s;
    s.Step("note");
    const Surface before = s.app.composed();
    s.Step(route.open);
    EXPECT_EQ(s.app.composed().RowText(5), " Unsaved c│ Discard unsaved changes? │");
    EXPECT_FALSE(s.app.composed().cursor().visible);
    EXPECT_THAT(s.term, EqualsGolden("discard_dialog"));
    s.Step(route.refuse);
    EXPECT_FALSE(s.app.idle());  // the close is posted, the dialog still shows
    EXPECT_FALSE(s.app.composed() == before);
    s.Step();
    EXPECT_TRUE(s.app.idle());
    EXPECT_TRUE(s.app.composed() == before);
    EXPECT_EQ(s.Diff(), "");
    EXPECT_FALSE(s.app.quit_requested());
  }
}

TEST(PresenterApp, DiscardQuits) {
  Session s;
  s.Step("note");
  s.Step("\x11");
  s.Step("\x1b[D\r");
  EXPECT_TRUE(s.app.quit_requested());
}

TEST(PresenterApp, QuitWithoutChangesNeedsNoDialog) {
  Session s;
  s.Step();
  s.Step("\x11");
  EXPECT_TRUE(s.app.quit_requested());
  EXPECT_THAT(s.app.composed().RowText(5), Not(HasSubstr("Discard")));
}

TEST(PresenterApp, ResizeRepaintsEverything) {
  const std::vector<std::pair<int, int>> sizes = {{60, 20},  {20, 6}, {48, 14}, {30, 8},
                                                  {100, 40}, {21, 7}, {48, 14}};
  Session s;
  s.Step("note");
  for (const auto& [cols, rows] : sizes) {
    SCOPED_TRACE(std::to_string(cols) + "x" + std::to_string(rows));
    s.Resize(cols, rows);
    EXPECT_THAT(s.Step(), HasSubstr("\x1b[0m\x1b[2J"));
    EXPECT_EQ(s.Diff(), "");
    s.Step("\x11");  // the dialog, centered
    EXPECT_EQ(s.Diff(), "");
    s.Step("\x1b");
    s.Step();
    EXPECT_EQ(s.Diff(), "");
  }
}

TEST(PresenterApp, ResizeStormKeepsTheScreen) {
  Session s;
  s.Step("x");
  const std::vector<std::string> inputs = {"", "\x1b[21~", "\x1b[B", "\x1b", "\x11", "\t", "a"};
  for (int i = 0; i < 20; ++i) {
    SCOPED_TRACE(i);
    if (i % 2 == 0) {
      s.Resize(48, 14);
    } else {
      s.Resize(25, 7);
    }
    if (i % 5 == 4) s.Resize(33, 9);  // sometimes twice between steps
    s.Step(inputs[i % inputs.size()]);
    EXPECT_EQ(s.Diff(), "");
  }
}

TEST(PresenterApp, BugAssumeClearedAfterResizeLeavesStaleCells) {
  struct Scenario {
    const char* what;
    std::string input;  // the first step's
    int cols;           // the size after the resize
    int rows;
    int stale_col;  // a cell composed blank that the bug leaves showing `stale`
    int stale_row;
    std::string stale;
  };
  const std::vector<Scenario> scenarios = {
      // The first frame ends on the status bar with the cursor hidden (the dialog is open), so
      // the terminal's cursor is on row 13 and the shrink drops the top 4 rows to keep its line:
      // " Unsaved c│ Discard unsaved changes? │" moves up to row 1, where the new frame has
      // only " Notes".
      {"shrink: everything moves up", "note\x11", 48, 10, 6, 1, "e"},
      // The old status bar stays on row 13, now a blank body row.
      {"grow: the status bar stays behind", "note", 48, 20, 1, 13, "F"},
      // The centered dialog moves left and leaves its old right part behind.
      {"narrower: the dialog moves left", "note\x11", 30, 14, 29, 5, "h"},
  };
  for (const Scenario& scenario : scenarios) {
    for (bool bug : {false, true}) {
      SCOPED_TRACE(std::string(scenario.what) + (bug ? ", with the bug" : ", without the bug"));
      Session s({.presenter = {.bug_assume_cleared_after_resize = bug}});
      s.Step(scenario.input);
      s.Resize(scenario.cols, scenario.rows);
      s.Step();
      const int col = scenario.stale_col;
      const int row = scenario.stale_row;
      EXPECT_EQ(s.app.composed().cell(col, row).text, " ");
      const std::string decoded = s.screen().Grapheme(s.screen().cell(col, row));
      if (bug) {
        EXPECT_EQ(decoded, scenario.stale);
        EXPECT_NE(s.Diff(), "");
      } else {
        EXPECT_EQ(decoded, " ");
        EXPECT_EQ(s.Diff(), "");
      }
    }
  }
}

TEST(PresenterApp, LinkCellsDecodeWithTheirTarget) {
  Session s;
  s.Step();
  const vtsnap::Terminal& t = s.screen();
  for (int col = 0; col < 48; ++col) {
    const bool in_url = col >= 7 && col < 7 + static_cast<int>(std::string_view(kUrl).size());
    EXPECT_EQ(t.hyperlink(t.cell(col, 3).link).uri, in_url ? kUrl : "") << "col " << col;
    if (in_url) {
      EXPECT_EQ(t.hyperlink(t.cell(col, 3).link).id, "h54d7392eff4def09");
    }
  }

  // An app with its own id function: the profile is told to expect it.
  const presenter_app::AppOptions custom_ids = {
      .presenter = {.hyperlink_id = [](std::string_view) { return "note-link"; }}};
  Session custom(custom_ids);
  EXPECT_THAT(custom.Step(), HasSubstr("\x1b]8;id=note-link;https://example.com/notes\x1b\\"));
  EXPECT_EQ(custom.screen().hyperlink(custom.screen().cell(7, 3).link).id, "note-link");
  // A profile that expects vtsnap's ids rejects them.
  Session mismatched(custom_ids, vtsnap::HeadlessProfile::Presenter(48, 14));
  mismatched.Step();
  EXPECT_THAT(mismatched.Diff(), HasSubstr("OSC 8: the parameters must be id=h54d7392eff4def09"));
}

TEST(PresenterApp, InputSplitAcrossReads) {
  Session s;
  s.Step("a\x1b[");  // the unfinished CSI waits for its end
  s.Step("21~");
  EXPECT_EQ(s.app.composed().RowText(2), "│ New   │司 for lunch");
  s.Step("\x1bO");
  s.Step("B");
  EXPECT_EQ(s.app.composed().RowText(3), "│ Open… │tps://example.com/notes");
  s.Step("\x1b");
  s.Step("\xe5\xaf");  // half of 寿
  s.Step("\xbf");
  EXPECT_EQ(s.app.composed().RowText(4), " > a寿");
  EXPECT_EQ(s.Diff(), "");
}

TEST(PresenterApp, ParseInputKeepsOnlyUnfinishedTails) {
  using presenter_app::Key;
  std::vector<presenter_app::Event> events;
  EXPECT_EQ(presenter_app::ParseInput("\x1b[<0;3;1M\x1b[<0;3;1m\x1b\x1b[2", &events), 19u);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0], (presenter_app::Event{.key = Key::kMousePress, .col = 2, .row = 0}));
  EXPECT_EQ(events[1].key, Key::kEscape);
  const std::string endless = "\x1b[" + std::string(100, '1');
  EXPECT_EQ(presenter_app::ParseInput(endless, &events), endless.size());  // dropped, not kept
}

TEST(PresenterApp, ParseInputTakesAnyBytes) {
  std::mt19937 random(7);
  for (int round = 0; round < 2000; ++round) {
    std::string input;
    for (int n = static_cast<int>(random() % 40); n > 0; --n) input += static_cast<char>(random());
    std::vector<presenter_app::Event> events;
    const size_t used = presenter_app::ParseInput(input, &events);
    ASSERT_LE(used, input.size());
    ASSERT_LE(input.size() - used, 64u);  // only an unfinished tail is kept
  }
}

TEST(PresenterApp, RandomInputNeverBreaksTheScreen) {
  std::mt19937 random(20240607);
  const std::string alphabet = "\x1b\x1b\x1b[[[O<;;0123M m~ABCDZfq\r\t\x7f\x11\x80\xe5\xaf\xbf";
  for (int size : {48, 20}) {
    Session s({.cols = size, .rows = size / 48 * 8 + 6});
    for (int step = 0; step < 300; ++step) {
      std::string input;
      for (int n = static_cast<int>(random() % 12); n > 0; --n) {
        input += alphabet[random() % alphabet.size()];
      }
      s.Step(input);
      ASSERT_EQ(s.Diff(), "") << "step " << step;
      if (step % 50 == 49) s.Resize(size + step % 7, 6 + step % 9);
    }
  }
}

TEST(PresenterApp, SurfacePutKeepsWideCharactersWhole) {
  Surface s(6, 1);
  s.Put(0, 0, "a寿b", {});
  EXPECT_EQ(s.RowText(0), "a寿b");
  EXPECT_TRUE(s.cell(2, 0).is_continuation());
  s.Put(2, 0, "x", {});  // over the second half
  EXPECT_EQ(s.RowText(0), "a xb");
  s.Put(5, 0, "司", {});  // does not fit at the right edge
  EXPECT_EQ(s.cell(5, 0).text, " ");
  s.Put(0, 0, "\x01", {});  // not shown as is
  EXPECT_EQ(s.cell(0, 0).text, "?");
}

}  // namespace
