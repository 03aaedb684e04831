// Internal to `vtsnap record` (tools/record.cc): what a live session left to replay (the program,
// the keys in groups, how the program answered each group, the checkpoints) and the GoogleTest
// source that replays it with PtySession. docs/cli.md describes the command, docs/pty.md shows a
// generated test.
#ifndef VTSNAP_TOOLS_RECORD_WRITER_H_
#define VTSNAP_TOOLS_RECORD_WRITER_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "vtsnap/pty/pty_session.h"

namespace vtsnap::tools::record_internal {

// How the replay waits for the program's answer to a group of keys (or for its first screen).
struct RecordedWait {
  // A line the answer drew, awaited first (WaitForText) when the program took long to answer: a
  // program that waits on a timer looks idle before it draws.
  std::optional<std::string> text;
  // Then the screen settled: WaitForQuiet with this period (it ends as soon as the program waits
  // for input).
  absl::Duration quiet = absl::Milliseconds(200);
};

// One step of the session, in order.
struct RecordedStep {
  enum class Kind { kKeys, kCheckpoint };
  Kind kind = Kind::kKeys;
  absl::Duration at;   // since the program started
  std::string bytes;   // kKeys: what the user typed (replies of the terminal left out)
  RecordedWait wait;   // kKeys: after them (not used for the keys the program exited on)
  std::string golden;  // kCheckpoint: the golden's name
};

struct RecordedSession {
  std::string name;  // the test's name: <name>_test.cc, goldens/<name>_test/<name>_<n>.dump
  std::vector<std::string> argv;
  int cols = 80;
  int rows = 24;
  std::string working_directory;
  std::vector<std::string> redactions;  // RE2 patterns (--redact)
  RecordedWait first_screen;
  std::vector<RecordedStep> steps;
  // How the program ended, when it ended by itself (the replay waits for that and checks it);
  // nothing when the recording ended it (ctrl+\ q).
  std::optional<ExitStatus> exit;
};

// OK when `name` can name a recorded test: a letter, then letters, digits and '_'; an
// InvalidArgumentError naming it otherwise.
absl::Status ValidateTestName(absl::string_view name);
// The default name, from the program: its file name with every other character made '_'
// ("menu-app" -> "menu_app"), "recorded" when nothing is left.
std::string DefaultTestName(absl::string_view program);
// The test suite's name: the name in CamelCase, then "Recording" ("menu_app" ->
// "MenuAppRecording").
std::string TestSuiteName(absl::string_view name);

// The GoogleTest source that replays `session`.
std::string TestSource(const RecordedSession& session);

}  // namespace vtsnap::tools::record_internal

#endif  // VTSNAP_TOOLS_RECORD_WRITER_H_
