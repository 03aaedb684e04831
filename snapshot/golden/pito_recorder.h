// pito::Recorder: writes a pito-tui capture folder (docs/pito.md, "Recorder"),
// one folder per scenario and one `pito-tui frame 1` file per size, and compares
// what it recorded with an earlier capture, as pito-tui's `capture::Recorder` and its `finish`.
//
//   absl::StatusOr<vtsnap::pito::Recorder> recorder = vtsnap::pito::Recorder::Create("tmp/after");
//   // The app drawn at one size, as the frame ratatui would hold:
//   auto home = [&](vtsnap::TerminalSize size) -> absl::StatusOr<vtsnap::pito::TuiFrame> {
//     vtsnap::VirtualTerminal vt({.cols = size.cols, .rows = size.rows});
//     app.Render(vt);
//     return vtsnap::pito::FrameFromScreen(vt);
//   };
//   absl::Status s = recorder->RecordScreen(0, "Home", home);  // tmp/after/00-home/40x12 ...
//   200x60 s = recorder->RecordScript("Drill in", drill_in);          // tmp/after/drill-in/...
//   absl::StatusOr<vtsnap::pito::Differences> d = recorder->Finish("tmp/before");
//   // d->Text(): "00-home 80x24 0,0: \"X\" Reset Reset NONE → \" \" Reset Reset NONE\n" ...
#ifndef VTSNAP_SNAPSHOT_GOLDEN_PITO_RECORDER_H_
#define VTSNAP_SNAPSHOT_GOLDEN_PITO_RECORDER_H_

#include <functional>
#include <iterator>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/size.h"
#include "vtsnap/snapshot/formats/pito_capture.h"
#include "vtsnap/snapshot/formats/pito_frame.h"

namespace vtsnap::pito {

// The folder name of a scenario called `name`: lowercased (ASCII letters only), each run of other
// bytes (anything but [a-z0-9] after lowercasing, so every non-ASCII byte too) turned into one
// "-", and the "-" of a run at the start or the end dropped: "What to do next?" ->
// "what-to-do-next". An InvalidArgumentError naming `name` when nothing is left ("", "???").
[[nodiscard]] absl::StatusOr<std::string> ScenarioFolderName(absl::string_view name);

// A screen's folder: its index among the app's screens, at least two digits (as Rust's {:02}:
// 7 -> "07", 123 -> "123"), "-", then ScenarioFolderName(name): (0, "Home") -> "00-home". A
// negative index is an InvalidArgumentError.
[[nodiscard]] absl::StatusOr<std::string> ScreenFolderName(int index, absl::string_view name);

// Draws the app at a size and returns the frame it shows (FrameFromScreen of a VirtualTerminal
// of that size, for instance). Its frame must have exactly that width and height.
using RenderAtSize = std::function<absl::StatusOr<TuiFrame>(TerminalSize)>;

class Recorder {
 public:
  // A recorder writing into `folder`, one file per size in `sizes` (kStandardSizes by default).
  // `folder` must not exist or be an empty directory (so no frame of an earlier run is left in
  // the capture; vtsnap deletes nothing); it is created when missing. Errors: a non-empty or
  // unreadable folder, or a file (FailedPrecondition, naming it); no size, a size given
  // twice, a size outside 1x1..4096x4096, which ReadCapture could not read back
  // (InvalidArgument).
  [[nodiscard]] static absl::StatusOr<Recorder> Create(std::string folder,
                                                       std::vector<TerminalSize> sizes = {
                                                           std::begin(kStandardSizes),
                                                           std::end(kStandardSizes)});

  // A recorder that writes nothing: it keeps what it records in capture(), for a test that
  // compares it with its capture golden (EqualsCaptureGolden, matchers/capture_golden.h). Its
  // folder() is "". Errors: the sizes' errors of Create.
  [[nodiscard]] static absl::StatusOr<Recorder> InMemory(std::vector<TerminalSize> sizes = {
                                                             std::begin(kStandardSizes),
                                                             std::end(kStandardSizes)});

  // Records a screen into ScreenFolderName(index, name) and a script into
  // ScenarioFolderName(name): calls `render` once per size, in the recorder's order of sizes, and
  // writes each frame atomically (WriteFileAtomically) to `<folder>/<scenario>/<COLSxROWS>`
  // (an in-memory recorder only keeps it).
  // Errors, each naming the scenario (and the size where there is one): a bad name or index, a
  // scenario folder recorded before (AlreadyExists: "Home" and "home!" are both "00-home"),
  // `render`'s own error, a frame of another size than asked, a frame SerializeFrame refuses, a
  // write that fails. A scenario whose recording failed is not in capture(); files already
  // written for it stay on disk.
  [[nodiscard]] absl::Status RecordScreen(int index, absl::string_view name,
                                          const RenderAtSize& render);
  [[nodiscard]] absl::Status RecordScript(absl::string_view name, const RenderAtSize& render);

  // What has been recorded so far, as ReadCapture(folder()) would read it.
  const Capture& capture() const { return capture_; }
  const std::string& folder() const { return folder_; }
  const std::vector<TerminalSize>& sizes() const { return sizes_; }

  // Compares the earlier capture in `earlier_folder` (ReadCapture; its errors are returned) with
  // what was recorded: Compare(earlier, capture()).
  [[nodiscard]] absl::StatusOr<Differences> Finish(const std::string& earlier_folder) const;

 private:
  Recorder(std::string folder, std::vector<TerminalSize> sizes)
      : folder_(std::move(folder)), sizes_(std::move(sizes)) {}
  absl::Status Record(absl::StatusOr<std::string> scenario, absl::string_view name,
                      const RenderAtSize& render);

  std::string folder_;
  std::vector<TerminalSize> sizes_;
  Capture capture_;
};

// For test failure messages: "recorder into FOLDER: capture ..." (PrintTo of its capture), or
// "in-memory recorder: capture ...".
void PrintTo(const Recorder& recorder, std::ostream* os);

}  // namespace vtsnap::pito

#endif  // VTSNAP_SNAPSHOT_GOLDEN_PITO_RECORDER_H_
