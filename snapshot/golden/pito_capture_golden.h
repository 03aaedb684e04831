// The capture golden: a pito-tui capture folder (pito_capture.h) as a test's golden. Each frame
// file is one golden checked by the golden core (golden_check.h) as a value of the capture frame
// format (golden_formats.h pito::CaptureFrameFormat), so every golden rule holds frame by frame:
// a missing or different frame fails, UPDATE_GOLDENS writes it (atomically; not in CI unless
// forced), a frame claimed twice with different contents is a conflict, and the closed
// inventory sees every frame file (an unrecorded scenario folder is an orphan; store.h lists the
// files of a ".capture" folder). A failure is reported as the spec's Differences between the
// golden (before) and the actual capture (after), and the whole actual capture is written beside
// the golden as a capture folder of its own, so `vtsnap compare` reads both.
//
//   goldens/walk_test/walk.capture/00-home/80x24         one frame golden per scenario and size
//   goldens/walk_test/walk.capture.actual/00-home/80x24  the actual capture, after a failure
//
//   absl::StatusOr<vtsnap::pito::Recorder> recorder = vtsnap::pito::Recorder::InMemory();
//   absl::Status s = recorder->RecordScreen(0, "Home", home);  // see pito_recorder.h
//   vtsnap::GoldenResult result = vtsnap::pito::CheckCaptureGolden(
//       {.where = vtsnap::pito::LocateCaptureGolden("/src/test/walk_test.cc", "", "walk"),
//        .name = "walk",
//        .actual = &recorder->capture(),
//        .claimant = "Walk.EveryScreen"});
//   if (!result.passed) std::cerr << result.message;
//   // With a golden of a blank home screen at the four sizes:
//   //   the capture differs from the golden /src/test/goldens/walk_test/walk.capture: 4 frames
//   //   differ
//   //   00-home 40x12 0,0: " " Reset Reset NONE → "X" Reset Reset NONE
//   //   ...
//   //   actual capture written to /src/test/goldens/walk_test/walk.capture.actual
//
// Tests use the matcher, EqualsCaptureGolden (matchers/capture_golden.h); docs/pito.md has the
// rules.
#ifndef VTSNAP_SNAPSHOT_GOLDEN_PITO_CAPTURE_GOLDEN_H_
#define VTSNAP_SNAPSHOT_GOLDEN_PITO_CAPTURE_GOLDEN_H_

#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/formats/pito_capture.h"
#include "vtsnap/snapshot/golden/golden_check.h"

namespace vtsnap::pito {

// At most this many Difference lines are printed in a failure; the rest are counted, and
// `vtsnap compare GOLDEN ACTUAL` prints them all.
inline constexpr int kMaxCaptureDifferenceLines = 60;

// The capture golden `<name>.capture` of the test source `test_file`, in its golden folder
// (LocateGolden with the extension ".capture"; the actual capture goes to
// "<name>.capture.actual").
GoldenLocation LocateCaptureGolden(absl::string_view test_file, absl::string_view root_override,
                                   absl::string_view name);

struct CaptureGoldenInput {
  // The capture folder's location (LocateCaptureGolden, or LocateGoldenPath of a folder).
  GoldenLocation where = {};
  // The name as the assertion gave it, validated (ValidateGoldenName); empty for a path.
  std::string name = {};
  // What the test recorded. Every scenario must be a golden name segment ([A-Za-z0-9._-], not
  // "." or ".."; ScenarioFolderName and ScreenFolderName always are) and hold a frame; every
  // size must be one ReadCapture reads back (1x1..4096x4096); the capture must not be empty.
  const Capture* actual = nullptr;
  // As GoldenInput: a negated assertion writes nothing (no golden, no actual capture).
  bool read_only = false;
  std::string claimant = {};
  std::string source_file = {};
  std::string accept_command = {};
  // As GoldenInput: the update mode; unset: UpdateModeOfProcess().
  std::optional<UpdateMode> update_mode = std::nullopt;
};

// Checks every frame of `actual` against `<where>/<scenario>/<COLSxROWS>` with CheckGolden, and
// fails for every frame file of the golden the capture does not hold ("gone 80x24: -"; vtsnap
// deletes no golden, the message gives the `rm` command) and every other file in the golden's
// folder. GoldenResult: `outcome` is the worst of the frames' (conflict, invalid, mismatch,
// missing, then written, ok; a gone frame is a mismatch); `path` the capture folder; `message` the
// Differences (at most kMaxCaptureDifferenceLines) and what to do; `note` what was written.
// Passing removes the actual capture an earlier failure left. A capture golden claimed twice in
// one process with different captures (other frames, or other scenarios) is a conflict naming
// both claimants: the second writes nothing and what the first wrote is undone. Neither a pass
// nor a read-only check creates a file. Nothing is written or deleted through a symbolic link
// (store.h CheckNoLinkBelow): a golden folder or scenario folder that is one is read but not
// updated, and the message says why; an actual capture folder that is one gets no frame.
// Thread-safe as CheckGolden.
GoldenResult CheckCaptureGolden(const CaptureGoldenInput& input);

}  // namespace vtsnap::pito

#endif  // VTSNAP_SNAPSHOT_GOLDEN_PITO_CAPTURE_GOLDEN_H_
