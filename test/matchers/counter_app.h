// A tiny app with a composed frame, for the event-script and PresentedEquals tests: a counter
// shown as "count N" on row 0, '+' and '-' change it. Its presenter writes the whole row each
// step (CUP, text, EL) inside a synchronized frame. Switches plant the bugs the tests look for.
#ifndef VTSNAP_TEST_MATCHERS_COUNTER_APP_H_
#define VTSNAP_TEST_MATCHERS_COUNTER_APP_H_

#include <string>

#include "absl/strings/str_cat.h"
#include "vtsnap/decoder/headless_terminal.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap::testing_apps {

struct CounterBugs {
  bool minus_does_nothing = false;  // '-' is ignored
  bool skip_present = false;        // composes but never writes
};

class CounterApp {
 public:
  explicit CounterApp(HeadlessTerminal* term, CounterBugs bugs = {}) : term_(term), bugs_(bugs) {}

  void Step() {
    for (char c : term_->ReadInput()) {
      if (c == '+') ++count_;
      if (c == '-' && !bugs_.minus_does_nothing) --count_;
    }
    const std::string text = Text();
    if (text == presented_ || bugs_.skip_present) return;
    term_->Write(absl::StrCat("\x1b[?2026h\x1b[1;1H", text, "\x1b[K\x1b[?25l\x1b[?2026l"));
    presented_ = text;
  }

  Frame Composed() const {
    const TerminalSize size = term_->size();
    Frame frame = Frame::Blank(size.cols, size.rows);
    const std::string text = Text();
    for (size_t i = 0; i < text.size() && static_cast<int>(i) < size.cols; ++i) {
      frame.cell(static_cast<int>(i), 0).grapheme = std::string(1, text[i]);
    }
    return frame;
  }

  int count() const { return count_; }

 private:
  std::string Text() const { return absl::StrCat("count ", count_); }

  HeadlessTerminal* term_;
  CounterBugs bugs_;
  int count_ = 0;
  std::string presented_;
};

}  // namespace vtsnap::testing_apps

#endif  // VTSNAP_TEST_MATCHERS_COUNTER_APP_H_
