// Progress lines: the `--progress json` lines (version 1) the PITO MD command-line tools print,
// one JSON object a line, read into a Progress (docs/pito.md, "Progress lines", has every rule).
//
//   absl::StatusOr<vtsnap::ProgressReading> read = vtsnap::ReadProgress(
//       R"({"v":1,"stage":"resolve","state":"progress","fraction":0.25,"msg":"1 of 4"})");
//   // read.ok() and read->progress: state kProgress, stage "resolve", fraction 0.25.
//   // ReadProgress("make: nothing to do") is OK with no progress and a reason ("not JSON ...");
//   // ReadProgress(R"({"v":1,"state":"progress","fraction":2})") is an error naming fraction.
#ifndef VTSNAP_SNAPSHOT_FORMATS_PROGRESS_H_
#define VTSNAP_SNAPSHOT_FORMATS_PROGRESS_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace vtsnap {

// The `state` of a progress line.
enum class ProgressState { kStart, kProgress, kDone, kFail, kEnd };

// "start", "progress", "done", "fail" or "end".
absl::string_view ProgressStateName(ProgressState state);

// The fields of a progress line that pito-tui reads; every other field is ignored. A field that
// is absent or JSON null is std::nullopt.
struct Progress {
  int v = 1;  // the version; always 1 (the only version read)
  ProgressState state = ProgressState::kStart;
  std::optional<std::string> stage;  // the step the command is on
  std::optional<double> fraction;    // how far along, in [0, 1]
  std::optional<std::string> msg;    // a short status for the band
  std::optional<bool> ok;            // on the end line, whether the command succeeded
  friend bool operator==(const Progress&, const Progress&) = default;
};

// What ReadProgress made of a line that is not malformed: either a progress line (`progress`
// set) or not one (`progress` empty, `not_progress` says why, such as "state \"pause\" is not
// one of start, progress, done, fail, end"). A line that is not a progress line is text: a
// caller shows it as the activity's detail.
struct ProgressReading {
  std::optional<Progress> progress;
  std::string not_progress;  // empty when `progress` is set
};

// Reads one line (without or with its trailing newline; surrounding JSON whitespace is allowed).
// Never throws. Three outcomes:
//  - a progress line: a JSON object whose `v` is 1 (or absent) and whose `state` is one of the
//    five names; `progress` is set.
//  - not a progress line, with the reason: not JSON, JSON but not an object, a `v` other than the
//    number 1, no `state`, a `state` that is not a string, or a `state` outside the five names.
//  - an error (InvalidArgument): a progress line, as above, with a field pito-tui reads that is
//    wrong: `fraction` outside 0..1, or `stage`, `fraction`, `msg` or `ok` of the wrong JSON type
//    (`"fraction":"x"`, `"ok":1`). The message names the field, its value and the 1-based column
//    (the byte offset plus one) where the value starts, as in
//    `malformed progress line: "fraction" is 1.5, outside 0..1 (column 32)`.
[[nodiscard]] absl::StatusOr<ProgressReading> ReadProgress(absl::string_view line);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_FORMATS_PROGRESS_H_
