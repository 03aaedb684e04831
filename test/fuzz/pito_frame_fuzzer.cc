// libFuzzer target: arbitrary text as a pito-tui frame 1 file (snapshot/formats/pito_frame.h), and
// the same bytes as terminal output. A file that parses serializes back to exactly the same bytes;
// a file that does not is refused with "path:LINE:COL: message". The screen the bytes leave in a
// small terminal converts to a frame (lossy) that serializes and parses back equal, and its ANSI
// dump (snapshot/formats/pito_dump.h) replays to the same cells.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "test/fuzz/fuzz_check.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/pito_dump.h"
#include "vtsnap/snapshot/formats/pito_frame.h"
#include "vtsnap/snapshot/screen/capture.h"

namespace {

// "fuzz:<digits>:<digits>: " opens the message.
bool HasPosition(absl::string_view message) {
  if (!absl::ConsumePrefix(&message, "fuzz:")) return false;
  for (int part = 0; part < 2; ++part) {
    size_t digits = 0;
    while (digits < message.size() && std::isdigit(static_cast<unsigned char>(message[digits]))) {
      ++digits;
    }
    if (digits == 0 || message[0] == '0') return false;
    message.remove_prefix(digits);
    if (!absl::ConsumePrefix(&message, ":")) return false;
  }
  return absl::StartsWith(message, " ") && message.size() > 1;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);

  absl::StatusOr<vtsnap::pito::TuiFrame> frame = vtsnap::pito::ParseFrame(text, "fuzz");
  if (frame.ok()) {
    absl::StatusOr<std::string> again = vtsnap::pito::SerializeFrame(*frame);
    FUZZ_CHECK(again.ok(), std::string(again.status().message()));
    FUZZ_CHECK(*again == text, *again);
  } else {
    FUZZ_CHECK(frame.status().code() == absl::StatusCode::kInvalidArgument);
    FUZZ_CHECK(HasPosition(frame.status().message()), std::string(frame.status().message()));
  }

  // The same bytes as what a program wrote to a 20x6 terminal.
  vtsnap::VirtualTerminal vt({.cols = 20, .rows = 6});
  vt.Write(text);
  absl::StatusOr<vtsnap::pito::TuiFrame> captured =
      vtsnap::pito::FrameFromScreen(vt, {.allow_loss = true});
  FUZZ_CHECK(captured.ok(), std::string(captured.status().message()));
  absl::StatusOr<std::string> file = vtsnap::pito::SerializeFrame(*captured);
  FUZZ_CHECK(file.ok(), std::string(file.status().message()));
  absl::StatusOr<vtsnap::pito::TuiFrame> parsed = vtsnap::pito::ParseFrame(*file, "captured");
  FUZZ_CHECK(parsed.ok(), std::string(parsed.status().message()) + "\n" + *file);
  FUZZ_CHECK(*parsed == *captured, *file);

  absl::StatusOr<std::string> ansi = vtsnap::pito::DumpAnsi(vt);
  FUZZ_CHECK(ansi.ok(), std::string(ansi.status().message()));
  vtsnap::VirtualTerminal replay({.cols = 20, .rows = 6});
  replay.Write(*ansi);
  vtsnap::Frame want = *vtsnap::CaptureFrame(vt);
  vtsnap::Frame got = *vtsnap::CaptureFrame(replay);
  want.cursor = {};
  got.cursor = {};
  FUZZ_CHECK(got == want, *ansi);
  return 0;
}
