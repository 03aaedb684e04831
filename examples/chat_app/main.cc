// chat_app: runs the example chat TUI on a real terminal against a canned "model": each message
// you send gets a tool call (pending for a second, then done) and a reply streamed word by word.
// F1 shows the keys; ctrl+c quits and restores the terminal.
#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <deque>
#include <string>
#include <string_view>

#include "examples/chat_app/chat_app.h"

namespace {

constexpr char kHelp[] = R"(usage: chat_app

Runs the chat_app example TUI in this terminal (alternate screen, needs a terminal on standard
input and output). Type a message and press enter: a canned model answers with a tool call and a
streamed reply. F1 shows the keys, ctrl+c quits.
)";

volatile std::sig_atomic_t resized = 0;
void OnResize(int /*signal*/) { resized = 1; }

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void WindowSize(int& cols, int& rows) {
  winsize ws{};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
    cols = ws.ws_col;
    rows = ws.ws_row;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) {
    const std::string_view arg = argv[1];
    std::fputs(kHelp, arg == "--help" || arg == "-h" ? stdout : stderr);
    return arg == "--help" || arg == "-h" ? 0 : 2;
  }
  termios saved{};
  if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO) || tcgetattr(STDIN_FILENO, &saved) != 0) {
    std::fprintf(stderr, "chat_app: needs a terminal (see --help)\n");
    return 2;
  }
  termios raw = saved;
  cfmakeraw(&raw);
  tcsetattr(STDIN_FILENO, TCSANOW, &raw);
  std::signal(SIGWINCH, OnResize);

  int cols = 80;
  int rows = 24;
  WindowSize(cols, rows);
  chat_app::ChatApp app(
      {.cols = cols,
       .rows = rows,
       .write =
           [](std::string_view bytes) { (void)!write(STDOUT_FILENO, bytes.data(), bytes.size()); },
       .clock_ms = NowMs});
  app.Start();

  // The canned model: steps to run at given times.
  struct Step {
    int64_t at;
    std::string kind;  // "tool", "done", "begin", "chunk", "end"
    std::string text;
  };
  std::deque<Step> script;
  int card = 0;
  while (!app.quit_requested()) {
    pollfd in{.fd = STDIN_FILENO, .events = POLLIN, .revents = 0};
    const int ready = poll(&in, 1, 40);
    if (resized != 0) {
      resized = 0;
      WindowSize(cols, rows);
      app.Resize(cols, rows);
    }
    if (ready > 0) {
      char buf[256];
      const ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
      if (n <= 0) break;
      app.HandleInput(std::string_view(buf, static_cast<size_t>(n)));
    }
    const int64_t now = NowMs();
    for (const std::string& message : app.TakeSubmitted()) {
      script.push_back({now + 300, "tool", "grep -rn \"" + message.substr(0, 20) + "\" ."});
      script.push_back({now + 1300, "done", ""});
      script.push_back({now + 1500, "begin", ""});
      int64_t at = now + 1600;
      for (const char* word : {"You", " said", " \"", "", "\".", " This", " is", " a", " canned",
                               " reply,", " streamed", " word", " by", " word."}) {
        script.push_back({at += 90, "chunk", *word == '\0' ? message : word});
      }
      script.push_back({at + 90, "end", ""});
    }
    while (!script.empty() && script.front().at <= now) {
      const Step step = script.front();
      script.pop_front();
      if (step.kind == "tool") card = app.BeginToolCall("bash", step.text);
      if (step.kind == "done") app.FinishToolCall(card, {"./notes.txt:3: a match"}, true);
      if (step.kind == "begin") app.BeginAssistantMessage();
      if (step.kind == "chunk") app.AppendAssistantChunk(step.text);
      if (step.kind == "end") app.EndAssistantMessage();
    }
    app.Tick();
  }
  app.Stop();
  tcsetattr(STDIN_FILENO, TCSANOW, &saved);
  return 0;
}
