// chat_app: a small streaming chat TUI whose tests pin the transient states a completed chat log
// would not keep (README.md in this folder). It runs in the alternate screen with the
// cursor hidden and bracketed paste on, composes each frame into a Canvas (canvas.h) and writes
// only what changed, one synchronized frame per update (renderer.h).
//
// Layout (cols x rows, at least 20x8; a smaller terminal shows "terminal too small", or "too small"
// when even that does not fit):
//
//   row 0           header: the title, "F1 help" at the right
//   row 1           a rule
//   rows 2..rows-4  the conversation, bottom-anchored: user and assistant messages (word wrapped;
//                   a message still streaming ends in a caret "▍" and says "streaming"), and
//                   tool-call cards: one summary line (▸ collapsed, ▾ expanded, "⠋ running" while
//                   pending, "✓ done" or "✗ failed"), the body below the summary when expanded;
//                   the selected card's summary in reverse video
//   row rows-3      the error banner ("✗ " and the message, red) or a rule
//   row rows-2      the input line: "› ", what was typed, a reverse-video block for the cursor
//   row rows-1      the status: a spinner and "streaming reply" / "running <tool>", or "● ready";
//                   key hints at the right
//
// The help overlay (F1, or ? on an empty input) is a box drawn over the conversation. Colours are
// theme independent: only palette 0-15 foregrounds, no background colour, reverse video for the
// selection. The spinner's glyph comes from the injected clock (AppOptions::clock_ms), so a test
// freezes it.
//
// Keys: text edits the input, enter sends it, backspace erases; tab / shift+tab select the
// next / previous card, ctrl+o expands or collapses the selected card (the last card when none is
// selected); F1 or ? (input empty) toggle the help; esc closes the help, else dismisses the
// error, else clears the selection; ctrl+c or ctrl+d ask to quit (quit_requested()). A bracketed
// paste goes into the input with its line breaks as spaces.
//
//   chat_app::ChatApp app({.cols = 60, .rows = 16, .write = [&](std::string_view b) { out += b;
//   }}); app.Start();                        // alternate screen, cursor hidden, first frame
//   app.AddUserMessage("hi");
//   app.BeginAssistantMessage();
//   app.AppendAssistantChunk("Hel");    // in flight: "Hel▍", status "streaming reply"
//   app.EndAssistantMessage();
//   app.Stop();                         // main screen back, cursor shown, modes off
#ifndef VTSNAP_EXAMPLES_CHAT_APP_CHAT_APP_H_
#define VTSNAP_EXAMPLES_CHAT_APP_CHAT_APP_H_

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "examples/chat_app/canvas.h"
#include "examples/chat_app/renderer.h"

namespace chat_app {

struct AppOptions {
  int cols = 64;
  int rows = 18;
  std::string title = "chat_app";
  // Where terminal output goes.
  std::function<void(std::string_view bytes)> write = [](std::string_view) {};
  // A monotonic clock in milliseconds; it drives the spinner (one glyph per kSpinnerFrameMs).
  std::function<int64_t()> clock_ms = [] { return int64_t{0}; };
};

inline constexpr int64_t kSpinnerFrameMs = 80;
inline constexpr int kMinCols = 20;
inline constexpr int kMinRows = 8;

enum class CardState { kPending, kDone, kFailed };

class ChatApp {
 public:
  explicit ChatApp(AppOptions options);

  // --- Lifecycle ---
  // Enters the alternate screen (?1049), hides the cursor (?25), turns bracketed paste on
  // (?2004) and draws the first frame.
  void Start();
  // Turns off what Start turned on, in reverse: bracketed paste off, the main screen back (with
  // the cursor it had), the cursor shown; then prints a one-line summary there. Does nothing when
  // not running.
  void Stop();
  bool running() const { return running_; }
  bool quit_requested() const { return quit_requested_; }

  // --- Terminal events ---
  void Resize(int cols, int rows);
  void HandleInput(std::string_view bytes);
  // An animation tick: redraws with the clock's current spinner glyph (nothing when unchanged).
  void Tick() { Redraw(); }

  // --- Conversation events (the model's side) ---
  void AddUserMessage(std::string text);
  void BeginAssistantMessage();
  void AppendAssistantChunk(std::string_view chunk);
  void EndAssistantMessage();
  // A pending tool-call card; returns its id for FinishToolCall.
  int BeginToolCall(std::string tool, std::string summary);
  void FinishToolCall(int id, std::vector<std::string> body, bool ok);
  // Shows the error banner until esc dismisses it or a message is sent.
  void ShowError(std::string message);

  // --- State ---
  // Messages typed and sent with enter since the last call (for the model).
  std::vector<std::string> TakeSubmitted();
  // The frame last composed (what the terminal shows once the bytes are decoded).
  const Canvas& composed() const { return canvas_; }
  // "ready", "streaming reply" or "running <tool>": what the status line says.
  std::string Status() const;
  bool help_open() const { return help_open_; }

 private:
  enum class Kind { kUser, kAssistant, kCard };
  struct Entry {
    Kind kind = Kind::kUser;
    std::string text = {};  // message text, or the card's summary
    bool streaming = false;
    // Cards.
    int id = 0;
    std::string tool = {};
    CardState state = CardState::kPending;
    std::vector<std::string> body = {};
    bool expanded = false;
  };
  struct Span {
    std::string text = {};
    Style style = {};
  };
  using Line = std::vector<Span>;

  void Redraw();
  Canvas Compose() const;
  std::vector<Line> TranscriptLines(int width) const;
  void DrawHelp(Canvas& canvas) const;
  std::string SpinnerGlyph() const;
  std::vector<int> CardIndexes() const;
  void SelectCard(int step);
  void ToggleSelectedCard();
  void Submit();
  void InsertText(std::string_view text);
  void HandleKey(std::string_view key);

  AppOptions options_;
  Renderer renderer_;
  Canvas canvas_;
  bool running_ = false;
  bool quit_requested_ = false;
  std::vector<Entry> entries_;
  int next_card_id_ = 1;
  int selected_card_ = 0;  // a card id, 0 for none
  std::string input_;
  std::string error_;
  bool help_open_ = false;
  std::vector<std::string> submitted_;
  std::string pending_input_;  // an escape sequence or paste split across reads
};

}  // namespace chat_app

#endif  // VTSNAP_EXAMPLES_CHAT_APP_CHAT_APP_H_
