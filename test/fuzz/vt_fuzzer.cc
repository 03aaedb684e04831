// libFuzzer target: arbitrary bytes into the xterm-profile terminal (Sixel on for half the inputs),
// split and resized along the way, then captured and written as a golden, which must parse back
// to the same frame and serialize to the same text. Checks the screen's invariants after every
// write, and, for inputs without resizes, that the split changes nothing: the same bytes in one
// write leave the same frame, state dump, pixels, title and replies.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "test/fuzz/fuzz_check.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/state_json.h"
#include "vtsnap/snapshot/screen/capture.h"

namespace {

void CheckInvariants(const vtsnap::Terminal& t) {
  const vtsnap::CursorState& c = t.cursor();
  FUZZ_CHECK(c.col >= 0 && c.col < t.cols() && c.row >= 0 && c.row < t.rows());
  FUZZ_CHECK(t.scroll_top() >= 0 && t.scroll_top() < t.scroll_bottom() + 1 &&
             t.scroll_bottom() < t.rows());
  for (int r = 0; r < t.rows(); ++r) {
    FUZZ_CHECK(static_cast<int>(t.line(r).cells.size()) == t.cols());
    for (int col = 0; col < t.cols(); ++col) {
      const vtsnap::ScreenCell& cell = t.cell(col, r);
      if (cell.width == 2) FUZZ_CHECK(col + 1 < t.cols() && t.cell(col + 1, r).is_continuation());
      if (cell.is_continuation()) FUZZ_CHECK(col > 0 && t.cell(col - 1, r).width == 2);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 3) return 0;
  const int cols = 1 + data[0] % 120;
  const int rows = 1 + data[1] % 40;
  const uint8_t split = data[2];
  data += 3;
  size -= 3;
  // Half the inputs decode Sixel into the pixel plane (with small limits, so a hostile image is
  // rejected quickly rather than slowly allocated).
  const vtsnap::TerminalOptions options = {
      .cols = cols,
      .rows = rows,
      .scrollback_limit = 50,
      .graphics = {.sixel = (split & 0x40) != 0,
                   .limits = {.max_width = 512, .max_height = 512, .max_pixels = 1 << 16}}};
  vtsnap::VirtualTerminal vt(options);
  absl::string_view bytes(reinterpret_cast<const char*>(data), size);
  size_t pos = 0;
  int chunk = 1 + split % 17;
  while (pos < bytes.size()) {
    vt.Write(bytes.substr(pos, chunk));
    pos += chunk;
    if ((pos / chunk) % 64 == 0) CheckInvariants(vt.terminal());
    if (split & 0x80 && pos < bytes.size() && (pos / chunk) % 7 == 3) {
      vt.Resize(1 + bytes[pos - 1] % 90, 1 + bytes[pos - 1] % 30);
      CheckInvariants(vt.terminal());
    }
  }
  CheckInvariants(vt.terminal());
  std::vector<uint8_t> plane;
  vt.terminal().CopyPixelPlane(&plane);
  FUZZ_CHECK(plane.size() == static_cast<size_t>(vt.terminal().pixel_width()) *
                                 static_cast<size_t>(vt.terminal().pixel_height()) * 4);
  vt.ScreenText();
  const std::string replies = vt.TakeReplies();
  const vtsnap::Frame frame = vtsnap::CaptureFrame(vt).value();
  vtsnap_fuzz::CheckGoldenRoundTrip(frame);
  if ((split & 0x80) == 0) {
    vtsnap::VirtualTerminal whole(options);
    whole.Write(bytes);
    FUZZ_CHECK(vtsnap::CaptureFrame(whole).value() == frame);
    FUZZ_CHECK(vtsnap::CaptureState(whole.terminal()) == vtsnap::CaptureState(vt.terminal()),
               vtsnap::FormatStateDifferences(vtsnap::DiffStates(
                   vtsnap::CaptureState(whole.terminal()), vtsnap::CaptureState(vt.terminal()))));
    std::vector<uint8_t> whole_plane;
    whole.terminal().CopyPixelPlane(&whole_plane);
    FUZZ_CHECK(whole_plane == plane);
    FUZZ_CHECK(whole.terminal().title() == vt.terminal().title());
    FUZZ_CHECK(whole.TakeReplies() == replies);
  }
  return 0;
}
