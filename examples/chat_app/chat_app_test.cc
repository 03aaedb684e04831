// Tests of the chat_app example: the app runs against a vtsnap::HeadlessTerminal (xterm profile,
// 60x16) with a frozen clock, and the transient states a completed chat log would not keep (a
// reply still streaming, a pending tool card, the help overlay, collapsed and expanded cards, a
// resize, the error banner, the screen after shutdown) are pinned as checkpoints of a declared,
// closed inventory: goldens/chat_app_test/<scenario>/<checkpoint>.semantic. Every checkpoint goes
// through ExpectCheckpoint, which also checks theme independence over the whole terminal state.
// chat_app_closure_test.cc proves the inventory is closed (a removed golden, an orphan and a
// skipped scenario each fail this binary).
#include "examples/chat_app/chat_app.h"

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/diff.h"

VTSNAP_DECLARE_INVENTORY({
    {"streaming", {"first_chunk", "mid_stream", "completed"}},
    {"tool_card",
     {"pending", "pending_expanded", "done_expanded", "done_collapsed", "selected", "failed"}},
    {"help", {"before", "open"}},
    {"error", {"banner", "dismissed"}},
    {"resize", {"before", "narrow", "wide", "too_small"}},
    {"shutdown", {"running", "main_screen"}},
});

namespace {

using ::testing::AllOf;
using ::testing::Each;
using ::testing::EndsWith;
using ::testing::Eq;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::StartsWith;
using vtsnap::RowTextIs;

constexpr int kCols = 60;
constexpr int kRows = 16;

// --- Theme independence (a local check until vtsnap ships IsThemeIndependent()) ---

// Why `color` (a foreground or underline colour) depends on the theme beyond ANSI 0-15, or "".
std::string ForegroundProblem(const vtsnap::PenColor& color) {
  if (color.kind == vtsnap::PenColor::Kind::kRgb) return "an RGB colour";
  if (color.kind == vtsnap::PenColor::Kind::kPalette && color.value > 15) {
    return "palette entry " + std::to_string(color.value) + " (beyond ANSI 0-15)";
  }
  return "";
}

// The first theme-dependent cell of `line` (row `label`), described, or "".
std::string LineProblem(const vtsnap::Terminal& t, const vtsnap::Line& line,
                        const std::string& label) {
  for (size_t col = 0; col < line.cells.size(); ++col) {
    const vtsnap::Pen& pen = t.pen(line.cells[col].pen);
    std::string problem;
    if (std::string fg = ForegroundProblem(pen.fg); !fg.empty()) problem = "foreground is " + fg;
    if (!pen.bg.is_default()) problem = "an explicit background colour";
    if (std::string ul = ForegroundProblem(pen.underline_color); !ul.empty()) {
      problem = "underline colour is " + ul;
    }
    if (!problem.empty()) {
      return label + ", column " + std::to_string(col) + " ('" + t.Grapheme(line.cells[col]) +
             "'): " + problem;
    }
  }
  return "";
}

// Theme independence over the terminal's whole state: every cell of the active screen and of the
// scrollback uses the default or an ANSI 0-15 foreground, no RGB, no palette entry past 15, no
// explicit background. Reverse video is allowed (it swaps the terminal's own defaults).
MATCHER(UsesOnlyThemeColors, "uses only ANSI 0-15 foregrounds and no background colour") {
  absl::StatusOr<const vtsnap::Terminal*> screen = arg.screen();
  if (!screen.ok()) {
    *result_listener << "the screen cannot be read: " << screen.status();
    return false;
  }
  const vtsnap::Terminal& t = **screen;
  for (int row = 0; row < t.rows(); ++row) {
    if (std::string p = LineProblem(t, t.line(row), "row " + std::to_string(row)); !p.empty()) {
      *result_listener << p;
      return false;
    }
  }
  for (int i = 0; i < t.scrollback_size(); ++i) {
    const std::string label = "scrollback line " + std::to_string(i);
    if (std::string p = LineProblem(t, t.scrollback_line(i), label); !p.empty()) {
      *result_listener << p;
      return false;
    }
  }
  return true;
}

// --- Checkpoints ---

// For chat_app_closure_test only: CHAT_APP_TEST_SKIP, a comma-separated list of scenarios
// ("help") and checkpoints ("error/dismissed") whose assertions are left out, so that test can
// show a skipped scenario or checkpoint fails the run.
bool SkippedForClosureTest(const std::string& checkpoint) {
  const char* env = std::getenv("CHAT_APP_TEST_SKIP");
  if (env == nullptr) return false;
  const std::string list = "," + std::string(env) + ",";
  const std::string scenario = checkpoint.substr(0, checkpoint.find('/'));
  return list.find("," + checkpoint + ",") != std::string::npos ||
         list.find("," + scenario + ",") != std::string::npos;
}

// The spinner's glyph is masked in goldens: a checkpoint pins the status ("streaming reply",
// "running bash"), not whichever of the ten glyphs the clock happened to select.
vtsnap::SemanticGoldenOptions MaskSpinner() {
  vtsnap::SemanticGoldenOptions options;
  EXPECT_TRUE(options.redactions.AddPattern("[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]").ok());
  return options;
}

// Every checkpoint goes through here: the semantic projection of the viewport against its golden
// (goldens/chat_app_test/<scenario>/<checkpoint>.semantic), and theme independence over the whole
// terminal state, with the library's IsThemeIndependent and this file's own check (which
// ThemeCheckRejectsRgbHighPaletteAndBackgrounds shows can fail).
void ExpectCheckpoint(const vtsnap::HeadlessTerminal& term, const std::string& checkpoint) {
  if (SkippedForClosureTest(checkpoint)) return;
  // Read only between synchronized frames: the app finished drawing.
  ASSERT_TRUE(term.ReadableStatus().ok()) << checkpoint << ": " << term.ReadableStatus();
  EXPECT_THAT(term, vtsnap::EqualsSemanticGolden(checkpoint, MaskSpinner())) << checkpoint;
  EXPECT_THAT(term, vtsnap::IsThemeIndependent()) << checkpoint;
  EXPECT_THAT(term, UsesOnlyThemeColors()) << checkpoint;
}

// --- The app on a headless terminal ---

// The composed canvas as a vtsnap::Frame, to compare with what the terminal decoded.
vtsnap::Frame ToFrame(const chat_app::Canvas& canvas) {
  vtsnap::Frame frame = vtsnap::Frame::Blank(canvas.cols(), canvas.rows());
  for (int row = 0; row < canvas.rows(); ++row) {
    for (int col = 0; col < canvas.cols(); ++col) {
      const chat_app::Cell& in = canvas.cell(col, row);
      vtsnap::Cell& out = frame.cell(col, row);
      out.grapheme = in.text;
      out.width = in.width;
      out.style = {
          .fg = in.style.fg < 0 ? vtsnap::Color::Default() : vtsnap::Color::Palette(in.style.fg),
          .bold = in.style.bold,
          .dim = in.style.dim,
          .italic = in.style.italic,
          .reverse = in.style.reverse};
    }
  }
  frame.cursor = {.visible = false};
  return frame;
}

// A chat_app writing into a headless xterm-profile terminal, with a clock the test sets.
class Session {
 public:
  explicit Session(int cols = kCols, int rows = kRows)
      : term_(vtsnap::HeadlessProfile::Xterm(cols, rows)),
        app_({.cols = cols,
              .rows = rows,
              .write =
                  [this](std::string_view bytes) {
                    writes_.emplace_back(bytes);
                    term_.Write(absl::string_view(bytes.data(), bytes.size()));
                  },
              .clock_ms = [this] { return now_ms_; }}) {
    term_.OnResize([this](vtsnap::TerminalSize size) { app_.Resize(size.cols, size.rows); });
    app_.Start();
  }

  chat_app::ChatApp& app() { return app_; }
  vtsnap::HeadlessTerminal& term() { return term_; }
  const std::vector<std::string>& writes() const { return writes_; }
  void SetClock(int64_t ms) { now_ms_ = ms; }

  // Types a key script (docs/keys.md) and lets the app read it.
  void Keys(std::string_view script) {
    ASSERT_TRUE(term_.SendKeys(absl::string_view(script.data(), script.size())).ok()) << script;
    app_.HandleInput(term_.ReadInput());
  }
  // Sends raw input bytes in one read.
  void Input(std::string_view bytes) {
    term_.SendInput(absl::string_view(bytes.data(), bytes.size()));
    app_.HandleInput(term_.ReadInput());
  }

  // A finished exchange: a question and a completed two-sentence answer.
  void Exchange(std::string question, std::string_view answer) {
    app_.AddUserMessage(std::move(question));
    app_.BeginAssistantMessage();
    app_.AppendAssistantChunk(answer);
    app_.EndAssistantMessage();
  }

 private:
  vtsnap::HeadlessTerminal term_;
  int64_t now_ms_ = 0;
  std::vector<std::string> writes_;
  chat_app::ChatApp app_;
};

// What the terminal shows equals what the app composed, cell for cell.
void ExpectShowsComposed(Session& s, const std::string& step) {
  ASSERT_TRUE(s.term().ReadableStatus().ok()) << step;
  absl::StatusOr<vtsnap::Frame> shown = vtsnap::CaptureFrame(s.term());
  ASSERT_TRUE(shown.ok()) << shown.status();
  const vtsnap::Frame composed = ToFrame(s.app().composed());
  EXPECT_TRUE(*shown == composed) << step << ":\n"
                                  << vtsnap::RenderDiff(vtsnap::Compare(composed, *shown));
}

constexpr std::string_view kAnswer =
    "There are three of them: a README that explains the build, a CMakeLists.txt and the sources "
    "under src/.";

// --- Scenarios ---

// A reply streams in chunks: its in-flight state (the caret, "streaming", the spinner status) is
// what a completed log would never show.
TEST(ChatApp, StreamingReplyInFlightThenCompleted) {
  Session s;
  s.app().AddUserMessage("What is in this folder?");
  s.app().BeginAssistantMessage();
  s.app().AppendAssistantChunk("Let me look");
  EXPECT_EQ(s.app().Status(), "streaming reply");
  ExpectCheckpoint(s.term(), "streaming/first_chunk");
  s.app().AppendAssistantChunk(" at the files. ");
  s.app().AppendAssistantChunk(kAnswer.substr(0, 60));
  ExpectCheckpoint(s.term(), "streaming/mid_stream");
  s.app().AppendAssistantChunk(kAnswer.substr(60));
  s.app().EndAssistantMessage();
  EXPECT_EQ(s.app().Status(), "ready");
  ExpectCheckpoint(s.term(), "streaming/completed");
  absl::StatusOr<const vtsnap::Terminal*> screen = s.term().screen();
  ASSERT_TRUE(screen.ok());
  EXPECT_THAT((*screen)->ScreenText(), AllOf(Not(HasSubstr("▍")), Not(HasSubstr("streaming"))));
}

// A pending tool call, its card expanded while pending and after, collapsed, selected; and a
// failed call.
TEST(ChatApp, ToolCardPendingExpandedCollapsedSelectedFailed) {
  Session s;
  s.Exchange("Run the example tests", "I will run them with ctest.");
  const int id = s.app().BeginToolCall("bash", "ctest -L examples");
  EXPECT_EQ(s.app().Status(), "running bash");
  ExpectCheckpoint(s.term(), "tool_card/pending");
  s.Keys("ctrl+o");  // nothing selected: the last card
  ExpectCheckpoint(s.term(), "tool_card/pending_expanded");
  s.app().FinishToolCall(id,
                         {"Test project /work/build", "1/3 Test #1: menu_app_test ... Passed",
                          "2/3 Test #2: chat_app_test ... Passed", "100% tests passed"},
                         /*ok=*/true);
  ExpectCheckpoint(s.term(), "tool_card/done_expanded");
  s.Keys("ctrl+o");
  ExpectCheckpoint(s.term(), "tool_card/done_collapsed");
  s.Keys("tab");
  ExpectCheckpoint(s.term(), "tool_card/selected");
  const int failed = s.app().BeginToolCall("read", "notes/missing.txt");
  s.app().FinishToolCall(failed, {"no such file: notes/missing.txt"}, /*ok=*/false);
  s.Keys("tab ctrl+o");  // select the failed card and expand it
  ExpectCheckpoint(s.term(), "tool_card/failed");
}

// The help overlay is drawn over the conversation and leaves no trace when closed.
TEST(ChatApp, HelpOverlayOverTheConversation) {
  Session s;
  s.Exchange("What is in this folder?", kAnswer);
  s.app().BeginToolCall("bash", "ls -la");
  ExpectCheckpoint(s.term(), "help/before");
  s.Keys("f1");
  EXPECT_TRUE(s.app().help_open());
  ExpectCheckpoint(s.term(), "help/open");
  s.Keys("x tab ctrl+o");  // the overlay takes these: nothing changes behind it
  ExpectCheckpoint(s.term(), "help/open");
  s.Keys("esc");
  ExpectCheckpoint(s.term(), "help/before");
  s.Keys("?");  // on an empty input, ? opens it too
  ExpectCheckpoint(s.term(), "help/open");
}

// An error interrupts a reply: the banner replaces the rule until esc dismisses it.
TEST(ChatApp, ErrorBannerShownThenDismissed) {
  Session s;
  s.app().AddUserMessage("Summarize the README");
  s.app().BeginAssistantMessage();
  s.app().AppendAssistantChunk("The README describes");
  s.app().EndAssistantMessage();
  s.app().ShowError("connection lost (HTTP 503)");
  ExpectCheckpoint(s.term(), "error/banner");
  s.Keys("esc");
  ExpectCheckpoint(s.term(), "error/dismissed");
}

// The app re-lays out on every resize (word wrap, the right-aligned hints, the overlay's place),
// says so when the terminal is too small, and comes back to the same screen at the first size.
TEST(ChatApp, RelaysOutOnResize) {
  Session s;
  s.Exchange("What is in this folder?", kAnswer);
  const int id = s.app().BeginToolCall("bash", "wc -l src/*.cc");
  s.app().FinishToolCall(id, {"120 src/main.cc", "300 src/app.cc", "420 total"}, true);
  s.Keys("ctrl+o");
  ExpectCheckpoint(s.term(), "resize/before");
  s.term().Resize({.cols = 40, .rows = 16});
  ExpectCheckpoint(s.term(), "resize/narrow");
  s.term().Resize({.cols = 80, .rows = 20});
  ExpectCheckpoint(s.term(), "resize/wide");
  s.term().Resize({.cols = 16, .rows = 6});
  ExpectCheckpoint(s.term(), "resize/too_small");
  s.term().Resize({.cols = kCols, .rows = kRows});
  ExpectCheckpoint(s.term(), "resize/before");
}

// ctrl+c asks to quit; Stop leaves the alternate screen, shows the cursor again and turns off the
// modes Start turned on, and the main screen keeps a summary line.
TEST(ChatApp, ShutdownRestoresTheTerminal) {
  Session s;
  s.Exchange("What is in this folder?", kAnswer);
  s.app().BeginAssistantMessage();
  s.app().AppendAssistantChunk("Anything else");
  {
    absl::StatusOr<const vtsnap::Terminal*> screen = s.term().screen();
    ASSERT_TRUE(screen.ok());
    EXPECT_TRUE((*screen)->alternate_screen_active());
    EXPECT_FALSE((*screen)->cursor().visible);
    EXPECT_TRUE((*screen)->modes().bracketed_paste);
  }
  ExpectCheckpoint(s.term(), "shutdown/running");
  s.Keys("ctrl+c");
  EXPECT_TRUE(s.app().quit_requested());
  s.app().Stop();
  EXPECT_FALSE(s.app().running());
  ExpectCheckpoint(s.term(), "shutdown/main_screen");
  absl::StatusOr<const vtsnap::Terminal*> screen = s.term().screen();
  ASSERT_TRUE(screen.ok());
  const vtsnap::Terminal& t = **screen;
  EXPECT_FALSE(t.alternate_screen_active());
  EXPECT_TRUE(t.cursor().visible);
  EXPECT_FALSE(t.modes().bracketed_paste);
  EXPECT_FALSE(t.modes().synchronized_output);
  EXPECT_TRUE(t.current_pen() == vtsnap::Pen{});
  EXPECT_THAT(s.term(), RowTextIs(0, Eq("chat_app: session ended, 3 messages, 0 tool calls")));
  EXPECT_THAT(s.term(), vtsnap::CursorAt(0, 1));
  // After Stop nothing is drawn any more.
  const size_t writes = s.writes().size();
  s.app().AppendAssistantChunk(" more");
  s.term().Resize({.cols = 40, .rows = 10});
  EXPECT_EQ(s.writes().size(), writes);
}

// The spinner moves with the clock only: at any frozen time the streaming checkpoint is the same
// golden (the glyph is masked), and a tick at an unchanged time writes nothing.
TEST(ChatApp, AnySpinnerFrameMatchesTheSameCheckpoint) {
  for (int64_t ms : {0, 80, 250, 799, 123456}) {
    Session s;
    s.SetClock(ms);
    s.app().AddUserMessage("What is in this folder?");
    s.app().BeginAssistantMessage();
    s.app().AppendAssistantChunk("Let me look");
    ExpectCheckpoint(s.term(), "streaming/first_chunk");
  }
}

// --- The renderer ---

TEST(ChatApp, SpinnerTickRewritesOnlyTheSpinnerCells) {
  Session s;
  s.app().AddUserMessage("Run it");
  s.app().BeginToolCall("bash", "make");
  const size_t before = s.writes().size();
  s.app().Tick();  // the clock did not move
  EXPECT_EQ(s.writes().size(), before);
  s.SetClock(chat_app::kSpinnerFrameMs);
  s.app().Tick();
  ASSERT_EQ(s.writes().size(), before + 1);
  const std::string& frame = s.writes().back();
  // Two cells: the card's glyph (row 6, after "▸ bash  make  ") and the status line's, each
  // behind its own CUP, in the card's yellow.
  EXPECT_EQ(frame, "\x1b[?2026h\x1b[6;16H\x1b[0;33m⠙\x1b[16;2H⠙\x1b[m\x1b[?2026l");
  ExpectShowsComposed(s, "after the tick");
}

TEST(ChatApp, EveryUpdateIsOneSynchronizedFrame) {
  Session s;
  s.Exchange("What is in this folder?", kAnswer);
  s.app().BeginToolCall("bash", "ls");
  s.Keys("f1 esc h i backspace tab ctrl+o");
  s.term().Resize({.cols = 50, .rows = 12});
  ASSERT_GE(s.writes().size(), 3u);
  // The first write sets the modes; every other one is a frame.
  EXPECT_EQ(s.writes()[0], "\x1b[?1049h\x1b[?25l\x1b[?2004h");
  for (size_t i = 1; i < s.writes().size(); ++i) {
    const std::string& w = s.writes()[i];
    EXPECT_THAT(w, AllOf(StartsWith("\x1b[?2026h"), EndsWith("\x1b[?2026l"))) << "write " << i;
    EXPECT_EQ(w.find("\x1b[?2026h", 1), std::string::npos) << "write " << i;
  }
}

// A streamed chunk rewrites the rows it changed, not the screen.
TEST(ChatApp, ChunkWritesOnlyTheChangedRows) {
  Session s;
  s.Exchange("What is in this folder?", kAnswer);
  s.app().BeginAssistantMessage();
  s.app().AppendAssistantChunk("One");
  s.app().AppendAssistantChunk(" two");
  const std::string& frame = s.writes().back();
  EXPECT_EQ(frame.find("\x1b[2J"), std::string::npos);
  // Only the streaming message's body row is rewritten: "  One two▍" on row 11 (CUP 11;...),
  // below the first exchange (rows 3-9) and the streaming reply's header (row 10).
  std::set<int> rows;
  for (size_t at = frame.find("\x1b["); at != std::string::npos; at = frame.find("\x1b[", at + 1)) {
    const size_t semi = frame.find(';', at);
    const size_t h = frame.find('H', at);
    if (semi != std::string::npos && h != std::string::npos && semi < h &&
        frame.find_first_not_of("0123456789", at + 2) == semi) {
      rows.insert(std::stoi(frame.substr(at + 2, semi - at - 2)));
    }
  }
  EXPECT_THAT(rows, testing::ElementsAre(11));
  EXPECT_LT(frame.size(), 40u) << frame;
  ExpectShowsComposed(s, "after the chunk");
}

// A long run of events, keys and resizes: after each, the screen the terminal decoded is the frame
// the app composed, so the differential renderer never leaves a stale cell.
TEST(ChatApp, DecodedScreenEqualsTheComposedFrameAfterEveryStep) {
  Session s;
  int card = 0;
  const std::vector<std::pair<std::string, std::function<void()>>> steps = {
      {"user message", [&] { s.app().AddUserMessage("Hello there, what can you do?"); }},
      {"begin reply", [&] { s.app().BeginAssistantMessage(); }},
      {"chunk", [&] { s.app().AppendAssistantChunk("I can read files, "); }},
      {"chunk", [&] { s.app().AppendAssistantChunk("run commands and explain 寿司 code."); }},
      {"end reply", [&] { s.app().EndAssistantMessage(); }},
      {"tool call", [&] { card = s.app().BeginToolCall("bash", "ls -la"); }},
      {"tick",
       [&] {
         s.SetClock(160);
         s.app().Tick();
       }},
      {"expand", [&] { s.Keys("ctrl+o"); }},
      {"finish",
       [&] {
         s.app().FinishToolCall(card, {"a", "b", "c", "d", "e", "f"}, true);
       }},
      {"select", [&] { s.Keys("tab"); }},
      {"help", [&] { s.Keys("f1"); }},
      {"narrow", [&] { s.term().Resize({.cols = 30, .rows = 12}); }},
      {"close help", [&] { s.Keys("esc"); }},
      {"type", [&] { s.Keys("y e s space p l e a s e"); }},
      {"error", [&] { s.app().ShowError("rate limited"); }},
      {"tiny", [&] { s.term().Resize({.cols = 10, .rows = 4}); }},
      {"wide", [&] { s.term().Resize({.cols = 70, .rows = 18}); }},
      {"send", [&] { s.Keys("enter"); }},
      {"collapse", [&] { s.Keys("shift+tab ctrl+o"); }},
      {"deselect", [&] { s.Keys("esc"); }},
  };
  for (const auto& [name, step] : steps) {
    step();
    ExpectShowsComposed(s, name);
    EXPECT_THAT(s.term(), UsesOnlyThemeColors()) << name;
  }
}

// --- Input ---

TEST(ChatApp, EnterSendsTheTypedMessage) {
  Session s;
  s.Keys("h e l l o space w o r l x backspace d enter");
  EXPECT_THAT(s.app().TakeSubmitted(), testing::ElementsAre("hello world"));
  EXPECT_THAT(s.term(), RowTextIs(3, Eq("   hello world")));
  s.Keys("enter");  // an empty input sends nothing
  EXPECT_THAT(s.app().TakeSubmitted(), IsEmpty());
}

TEST(ChatApp, BracketedPasteSplitAcrossReadsGoesIntoTheInput) {
  Session s;
  s.Input("\x1b[200~first line\nsec");
  EXPECT_THAT(s.term(), RowTextIs(kRows - 2, StartsWith(" › ")));
  s.Input("ond ?\x1b[201~");
  EXPECT_FALSE(s.app().help_open());  // a pasted ? is text
  EXPECT_THAT(s.term(), RowTextIs(kRows - 2, Eq(" › first line second ?")));
  s.Input("\x1b");  // esc arrives alone
  s.Input("O");
  s.Input("P");  // ... but "\x1bOP" split this way is esc, then O, then P
  EXPECT_THAT(s.term(), RowTextIs(kRows - 2, Eq(" › first line second ?OP")));
  s.Input("\x1b[");
  s.Input("Z");  // a CSI split across reads waits for its final byte
  EXPECT_THAT(s.term(), RowTextIs(kRows - 2, Eq(" › first line second ?OP")));
}

TEST(ChatApp, BackspaceErasesAWholeCharacter) {
  Session s;
  s.Input("寿司");
  s.Keys("backspace");
  EXPECT_THAT(s.term(), RowTextIs(kRows - 2, Eq(" › 寿")));
}

// --- The local theme check can fail ---

struct ThemeCase {
  std::string name;
  std::string sgr;
  bool independent;
};

TEST(ChatApp, ThemeCheckRejectsRgbHighPaletteAndBackgrounds) {
  const std::vector<ThemeCase> cases = {
      {"palette 0-15 foregrounds", "\x1b[31mA\x1b[91mB\x1b[38;5;15mC", true},
      {"reverse video and attributes", "\x1b[7;1;2;3mA", true},
      {"RGB foreground", "\x1b[38;2;255;0;0mA", false},
      {"palette 16 foreground", "\x1b[38;5;16mA", false},
      {"ANSI background", "\x1b[41mA", false},
      {"RGB background", "\x1b[48;2;0;0;0mA", false},
      {"RGB underline colour", "\x1b[4;58;2;1;2;3mA", false},
  };
  for (const ThemeCase& c : cases) {
    vtsnap::HeadlessTerminal term(vtsnap::HeadlessProfile::Xterm(10, 2));
    term.Write(c.sgr + "\x1b[m");
    EXPECT_EQ(testing::Value(term, UsesOnlyThemeColors()), c.independent) << c.name;
  }
  // In the scrollback too.
  vtsnap::HeadlessTerminal term(vtsnap::HeadlessProfile::Xterm(10, 2));
  term.Write("\x1b[38;2;1;2;3mold\x1b[m\r\n\n\nnew");
  EXPECT_THAT(term, Not(UsesOnlyThemeColors()));
}

}  // namespace
