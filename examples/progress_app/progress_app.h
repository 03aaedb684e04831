// progress_app: a terminal UI that runs a command and shows its `--progress json` lines
// (docs/pito.md, "Progress lines"; vtsnap::ReadProgress) in a band, drawn with plain
// ANSI escape sequences in theme-independent colours (palette 0-15 on the default background,
// and reverse video). docs/pito.md, "Progress lines", describes it; main.cc runs the command.
//
// Activity is the model: each line the command prints goes to Take(), its end to Exited(), and
// Render() returns one whole frame as the bytes a program writes to its terminal, inside a
// synchronized frame (?2026h ... ?2026l):
//
//   row 0          title bar (reverse video): "progress_app", the title
//   row 2          the stage and a label for its state (started, running, done, failed), or
//                  after the end the outcome in reverse video (green: finished; red: failed)
//   row 3          a bar for `fraction` and the percentage ("--" before any fraction)
//   row 4          `msg`
//   row 6          the latest line that was not a progress line (dim), or what was wrong with
//                  a malformed progress line
//   last row       the command's state: running, waiting for it to exit, or how it exited;
//                  "q quits" (dim)
//
//   progress_app::Activity activity("check demo");
//   activity.Take(R"({"v":1,"stage":"resolve","state":"progress","fraction":0.5})");
//   activity.Take("compiling foo.cc");  // not a progress line: the detail
//   std::string frame = activity.Render(60, 10);
#ifndef VTSNAP_EXAMPLES_PROGRESS_APP_PROGRESS_APP_H_
#define VTSNAP_EXAMPLES_PROGRESS_APP_PROGRESS_APP_H_

#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/formats/progress.h"

namespace progress_app {

// How the activity ended.
enum class Outcome { kRunning, kSucceeded, kFailed };

class Activity {
 public:
  explicit Activity(std::string title) : title_(std::move(title)) {}

  // One line of the command's output (a trailing "\r" or "\n" is dropped).
  void Take(absl::string_view line);
  // The command exited with `wait_status` (as waitpid reports it). Without an end line, this
  // ends the activity: succeeded for exit status 0, failed otherwise.
  void Exited(int wait_status);

  Outcome outcome() const { return outcome_; }
  bool exited() const { return exit_.has_value(); }

  // One whole frame for a cols x rows terminal.
  std::string Render(int cols, int rows) const;

 private:
  std::string title_;
  std::optional<vtsnap::Progress> last_;  // the latest progress line other than end
  std::optional<vtsnap::Progress> end_;   // the end line, once it came
  std::optional<double> fraction_;        // the latest fraction of the current stage
  std::string detail_;                    // the latest line that was not a progress line
  bool detail_is_warning_ = false;        // detail_ says what was wrong with a progress line
  Outcome outcome_ = Outcome::kRunning;
  std::string end_text_;             // what ended the activity, for the band
  std::optional<std::string> exit_;  // "exit status 3", once the command exited
};

}  // namespace progress_app

#endif  // VTSNAP_EXAMPLES_PROGRESS_APP_PROGRESS_APP_H_
