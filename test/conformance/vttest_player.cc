#include "test/conformance/vttest_player.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "test/conformance/tmux_pane.h"

namespace vtsnap::conformance {
namespace {

// How long the terminal must stay silent, after vttest blocked, for its screen to count as drawn
// (before VTSNAP_TIMEOUT_SCALE). vttest writes a screen in one go; what this covers is the
// terminal catching up: PtySession's quiet already counts output it has not read, tmux must read
// the pane and redraw its client.
constexpr absl::Duration kPtyQuiet = absl::Milliseconds(15);
constexpr absl::Duration kTmuxQuiet = absl::Milliseconds(40);
// Returns typed in a row for replies the terminal does not give before giving up on a prompt.
constexpr int kMaxStandIns = 4;
// How long a prompt may take to show after vttest seemed to wait for input without it, before a
// stand-in Return is typed (before VTSNAP_TIMEOUT_SCALE).
constexpr absl::Duration kPromptGrace = absl::Milliseconds(300);
// How long a screen that looks the same as before the keys may take to change before it is taken
// as a screen that repeats the one before (before VTSNAP_TIMEOUT_SCALE).
constexpr absl::Duration kUnchanged = absl::Seconds(1);

std::vector<std::string> SplitRows(absl::string_view text, int rows) {
  std::vector<std::string> result = absl::StrSplit(text, '\n');
  for (std::string& row : result) {
    while (!row.empty() && row.back() == ' ') row.pop_back();
  }
  result.resize(static_cast<size_t>(rows));
  return result;
}

std::string Describe(const TerminalText& text) {
  std::string out;
  for (const std::string& row : text.rows) absl::StrAppend(&out, "  |", row, "\n");
  absl::StrAppend(&out, "  cursor ", text.cursor_col, " ", text.cursor_row, "\n");
  return out;
}

// What changes when a terminal shows anything new: its text and cursor.
std::string Fingerprint(const Terminal& t) {
  return absl::StrCat(t.ScreenText(), "\n@", t.cursor().row, ",", t.cursor().col);
}

// Watches vttest through a PtySession (the terminal it draws on, or the tmux client that shows
// it): typed keys, and the waits of VttestTerminal.
class Watched : public VttestTerminal {
 public:
  Watched(const PtyOptions& options, absl::Duration quiet) : session_(options), quiet_(quiet) {}

  absl::Status SendKeys(absl::string_view script) override {
    absl::StatusOr<ProcessWait> w = ReadProcessWait(vttest_pid_);
    if (!w.ok()) return w.status();
    switches_ = w->voluntary_switches;
    session_.WithScreen([&](const Terminal& t) { before_keys_ = Fingerprint(t); });
    return session_.SendKeys(script);
  }

  bool ChangedSinceKeys() override {
    bool changed = false;
    session_.WithScreen([&](const Terminal& t) { changed = Fingerprint(t) != before_keys_; });
    return changed;
  }

  // Waits until vttest has blocked more often than when keys were last typed and is blocked
  // reading its terminal, and the session was then quiet for `quiet_` without vttest waking up.
  absl::Status WaitForInput() override {
    const absl::Time give_up = absl::Now() + absl::Seconds(30);
    while (absl::Now() < give_up) {
      absl::Status proc = absl::OkStatus();
      ProcessWait seen;
      absl::Status s = session_.WaitUntil(
          [&](const Terminal&) {
            absl::StatusOr<ProcessWait> w = ReadProcessWait(vttest_pid_);
            if (!w.ok()) proc = w.status();
            if (w.ok()) seen = *w;
            return !w.ok() || (w->voluntary_switches > switches_ && w->reading_stdin);
          },
          "vttest to take the keys and wait for input again (blocked reading its terminal)");
      if (!s.ok()) return s;
      if (!proc.ok()) return proc;
      s = session_.WaitForQuiet(quiet_);
      if (!s.ok()) return s;
      absl::StatusOr<ProcessWait> now = ReadProcessWait(vttest_pid_);
      if (!now.ok()) return now.status();
      if (now->reading_stdin && now->voluntary_switches == seen.voluntary_switches) {
        session_.WithScreen([&](const Terminal& t) { settled_ = Fingerprint(t); });
        return absl::OkStatus();
      }
    }
    return absl::DeadlineExceededError("vttest never settled waiting for input within 30 s:\n" +
                                       session_.DescribeScreen());
  }

  absl::Status WaitForChange(absl::Duration timeout) override {
    return session_.WaitUntil([&](const Terminal& t) { return Fingerprint(t) != settled_; },
                              "the screen to change", timeout);
  }

 protected:
  PtySession session_;
  pid_t vttest_pid_ = -1;

 private:
  absl::Duration quiet_;
  int64_t switches_ = -1;    // before any keys: any blocked read will do
  std::string before_keys_;  // Fingerprint when keys were last typed ("" before any)
  std::string settled_;      // Fingerprint when WaitForInput last returned
};

class PtyVttest : public Watched {
 public:
  explicit PtyVttest(const PtyOptions& options)
      : Watched(options, kPtyQuiet), rows_(options.rows) {}

  absl::Status Start() {
    absl::Status s = session_.Start({"vttest"});
    vttest_pid_ = session_.pid();
    return s;
  }
  std::string name() const override { return "vtsnap"; }
  absl::StatusOr<TerminalText> Read() override {
    TerminalText text;
    session_.WithScreen([&](const Terminal& t) {
      text.rows = SplitRows(t.ScreenText(), rows_);
      text.cursor_col = t.cursor().col;
      text.cursor_row = t.cursor().row;
    });
    return text;
  }
  uint64_t BytesWritten() const override { return session_.bytes_received(); }
  std::string Transcript() const override { return session_.Output(); }

 private:
  int rows_;
};

class TmuxVttest : public Watched {
 public:
  TmuxVttest(const PtyOptions& options, std::string dir)
      : Watched(options, kTmuxQuiet),
        dir_(std::move(dir)),
        socket_(dir_ + "/socket"),
        rows_(options.rows) {}
  ~TmuxVttest() override {
    (void)RunCommand({"tmux", "-S", socket_, "kill-server"});
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }

  absl::Status Start(int cols, int rows) {
    // One command line, so the status line is off before the window is made: the pane is the
    // whole client. "exec" makes vttest the pane's process, whose reads are watched.
    absl::Status s = session_.Start({"tmux",
                                     "-S",
                                     socket_,
                                     "-f",
                                     "/dev/null",
                                     "start-server",
                                     ";",
                                     "set-option",
                                     "-g",
                                     "status",
                                     "off",
                                     ";",
                                     "new-session",
                                     "-s",
                                     "vttest",
                                     "-x",
                                     absl::StrCat(cols),
                                     "-y",
                                     absl::StrCat(rows),
                                     "exec vttest"});
    if (!s.ok()) {
      return s.code() == absl::StatusCode::kNotFound
                 ? absl::NotFoundError(absl::StrCat(
                       "tmux not found on PATH (scripts/setup.sh installs it): ", s.message()))
                 : s;
    }
    s = session_.WaitForText(kMenuPrompt);
    if (!s.ok()) return s;
    absl::StatusOr<std::string> pid =
        RunCommand({"tmux", "-S", socket_, "display-message", "-p", "-t", "vttest", "#{pane_pid}"});
    if (!pid.ok()) return pid.status();
    vttest_pid_ = std::atoi(pid->c_str());
    if (vttest_pid_ <= 0) return absl::InternalError("tmux gave no pane pid: " + *pid);
    return absl::OkStatus();
  }
  std::string name() const override { return "tmux"; }
  // The pane as tmux holds it, then its cursor, in one tmux command.
  absl::StatusOr<TerminalText> Read() override {
    absl::StatusOr<std::string> out =
        RunCommand({"tmux", "-S", socket_, "capture-pane", "-p", "-e", "-t", "vttest", ";",
                    "display-message", "-p", "-t", "vttest", "#{cursor_x} #{cursor_y}"});
    if (!out.ok()) return out.status();
    absl::string_view capture = absl::StripSuffix(*out, "\n");
    const size_t last = capture.rfind('\n');
    TerminalText text;
    const std::vector<std::string> cursor =
        absl::StrSplit(capture.substr(last == absl::string_view::npos ? 0 : last + 1), ' ');
    if (last == absl::string_view::npos || cursor.size() != 2 ||
        !absl::SimpleAtoi(cursor[0], &text.cursor_col) ||
        !absl::SimpleAtoi(cursor[1], &text.cursor_row)) {
      return absl::InternalError("tmux capture-pane and display-message gave: " + *out);
    }
    text.rows = PaneRowsFromCapture(capture.substr(0, last + 1), rows_);
    return text;
  }

 private:
  std::string dir_;
  std::string socket_;
  int rows_;
};

// Waits until vttest waits for input showing `screen`'s prompt, and returns the screen.
//
// The kernel can pass vttest's output on to the terminal tens of milliseconds late on a loaded
// machine, after vttest already waits for input; the quiet period cannot see that. So the screen
// must also have changed since the keys were typed (or stayed the same for kUnchanged: some
// screens repeat the one before), and the prompt must stand where the cursor waits. When vttest
// waits without the prompt, late output gets kPromptGrace; then, with `stand_ins`, a Return is
// typed in place of a reply the terminal did not give (counted there).
//
// With `or_screen`, that screen's prompt is awaited too (whichever comes).
absl::StatusOr<TerminalText> Await(VttestTerminal& terminal, const VttestScreen& screen,
                                   int* stand_ins, absl::string_view where,
                                   const VttestScreen* or_screen = nullptr) {
  bool waited_unchanged = false;
  for (;;) {
    absl::Status s = terminal.WaitForInput();
    if (!s.ok()) return absl::Status(s.code(), absl::StrCat(where, ": ", s.message()));
    absl::StatusOr<TerminalText> text = terminal.Read();
    if (!text.ok()) return text.status();
    const bool changed = terminal.ChangedSinceKeys();
    const bool prompt =
        ShowsPrompt(*text, screen.prompt, screen.at_cursor) ||
        (or_screen != nullptr && ShowsPrompt(*text, or_screen->prompt, or_screen->at_cursor));
    if (prompt && (changed || waited_unchanged)) return text;
    if (terminal.WaitForChange(changed ? kPromptGrace : kUnchanged).ok()) continue;  // late output
    if (!changed && !waited_unchanged) {
      waited_unchanged = true;
      continue;
    }
    if (stand_ins == nullptr || *stand_ins >= kMaxStandIns) {
      return absl::FailedPreconditionError(
          absl::StrCat(where, ": vttest waits for input in ", terminal.name(),
                       ", but the screen does not show \"", screen.prompt, "\"",
                       screen.at_cursor ? " at the cursor" : "",
                       stand_ins ? absl::StrCat(" after ", *stand_ins, " stand-in Returns") : "",
                       ":\n", Describe(*text)));
    }
    ++*stand_ins;
    s = terminal.SendKeys("enter");
    if (!s.ok()) return s;
  }
}

}  // namespace

bool ShowsPrompt(const TerminalText& text, absl::string_view prompt, bool at_cursor) {
  if (!at_cursor) return absl::StrContains(absl::StrJoin(text.rows, "\n"), prompt);
  if (text.cursor_row < 0 || text.cursor_row >= static_cast<int>(text.rows.size())) return false;
  // The row up to and including the cursor's cell, counted in code points (vttest's prompts and
  // what precedes them are narrow).
  const std::string& row = text.rows[static_cast<size_t>(text.cursor_row)];
  size_t end = 0;
  for (int cells = 0; end < row.size() && cells <= text.cursor_col; ++cells) {
    ++end;
    while (end < row.size() && (static_cast<unsigned char>(row[end]) & 0xC0) == 0x80) ++end;
  }
  return absl::StrContains(absl::string_view(row).substr(0, end), prompt);
}

absl::StatusOr<ProcessWait> ReadProcessWait(pid_t pid) {
  ProcessWait wait;
  const std::string status_path = absl::StrCat("/proc/", pid, "/status");
  std::ifstream status(status_path);
  bool found = false;
  for (std::string line; std::getline(status, line);) {
    absl::string_view rest = line;
    if (absl::ConsumePrefix(&rest, "voluntary_ctxt_switches:")) {
      found = absl::SimpleAtoi(absl::StripAsciiWhitespace(rest), &wait.voluntary_switches);
    }
  }
  const std::string syscall_path = absl::StrCat("/proc/", pid, "/syscall");
  std::ifstream syscall(syscall_path);
  std::string number;
  std::string fd;
  if (!found || !(syscall >> number)) {
    return absl::FailedPreconditionError(absl::StrCat(
        "cannot read ", status_path, " and ", syscall_path,
        " (the process ended, or the kernel does not offer them): the conformance suite needs "
        "them to see vttest waiting for input"));
  }
  wait.reading_stdin =
      number != "running" && (syscall >> fd) && number == absl::StrCat(SYS_read) && fd == "0x0";
  return wait;
}

absl::StatusOr<std::unique_ptr<VttestTerminal>> StartVttestUnderPtySession(PtyOptions options) {
  options.keep_output = true;
  auto terminal = std::make_unique<PtyVttest>(options);
  absl::Status s = terminal->Start();
  if (!s.ok()) return s;
  return terminal;
}

absl::StatusOr<std::unique_ptr<VttestTerminal>> StartVttestInTmux(const PtyOptions& options) {
  std::string pattern = (std::filesystem::temp_directory_path() / "vtsnap-tmux-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) {
    return absl::InternalError(absl::StrCat("mkdtemp ", pattern, " failed"));
  }
  auto terminal = std::make_unique<TmuxVttest>(options, pattern);
  absl::Status s = terminal->Start(options.cols, options.rows);
  if (!s.ok()) return s;
  return terminal;
}

absl::StatusOr<std::vector<ScreenCapture>> PlaySession(const VttestSession& session,
                                                       VttestTerminal& terminal) {
  const VttestScreen menu = {.prompt = kMenuPrompt};
  std::vector<ScreenCapture> captures;
  // vttest asks a VT420 its operating level (DECRQSS) before the main menu, which the terminal
  // answers: the menu must come without a stand-in Return.
  absl::StatusOr<TerminalText> text = Await(terminal, menu, nullptr, "vttest's main menu");
  if (!text.ok()) return text.status();
  for (const VttestWalk& walk : session.walks) {
    if (walk.choices.empty() || walk.screens.empty()) {
      return absl::InvalidArgumentError(walk.name + ": a walk needs choices and screens");
    }
    for (size_t i = 0; i < walk.screens.size(); ++i) {
      const std::string name = absl::StrCat(walk.name, ".", i + 1);
      int stand_ins = 0;
      if (i == 0) {
        // The choices: every one but the last leads to a menu, the last to the first screen.
        // vttest offers some menus only to a terminal whose DA1 says VT220 or later (menu 3's
        // character-set tests): where a choice leads straight to the first screen, as in a
        // terminal that answers as a VT100 (tmux), the choices of that menu are not typed.
        for (size_t c = 0; c < walk.choices.size(); ++c) {
          const bool last = c + 1 == walk.choices.size();
          absl::Status s = terminal.SendKeys(walk.choices[c] + " enter");
          if (!s.ok()) return s;
          text = Await(terminal, last ? walk.screens.front() : menu, last ? &stand_ins : nullptr,
                       absl::StrCat(walk.name, ": after choice ", walk.choices[c]),
                       last ? nullptr : &walk.screens.front());
          if (!text.ok()) return text.status();
          if (!last && !ShowsPrompt(*text, menu.prompt, menu.at_cursor)) break;
        }
      } else {
        absl::Status s = terminal.SendKeys(walk.screens[i - 1].keys);
        if (!s.ok()) return s;
        text = Await(terminal, walk.screens[i], &stand_ins, name);
        if (!text.ok()) return text.status();
      }
      captures.push_back({.name = name,
                          .rows = std::move(text->rows),
                          .bytes = terminal.BytesWritten(),
                          .stand_ins = stand_ins});
    }
    absl::Status s = terminal.SendKeys(walk.screens.back().keys);
    if (!s.ok()) return s;
    text = Await(terminal, menu, nullptr,
                 absl::StrCat(walk.name, ": after its last screen (", walk.screens.size(),
                              " screens), back at a menu"));
    if (!text.ok()) return text.status();
  }
  return captures;
}

}  // namespace vtsnap::conformance
