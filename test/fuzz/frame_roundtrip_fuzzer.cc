// libFuzzer target: the two round trips of a captured screen, starting from bytes. The bytes go
// into the xterm profile or the presenter profile (chosen by the input), in chunks; the screen
// they leave is captured as a state dump, written as JSON, parsed back and compared (equal,
// written the same way again, no differences), and, under the presenter profile, captured as a
// frame, serialized as ckvision-golden 1, parsed back, compared and serialized again to the same
// text. vt_fuzzer runs the golden round trip for the xterm profile.
//
// Input: byte 0 the columns (1 + b % 48), byte 1 the rows (1 + b % 16), byte 2 the flags (bit 0
// the presenter profile; bit 1 generation counters in the xterm profile; bit 2 Sixel on; the
// high bits the chunk size), then the stream. A state dump is a JSON object per cell, so screens
// stay small to keep the target fast; generation counters compare the whole screen after every
// decoded action, so with them the screen is at most 24x8 and the stream 2 KiB.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "absl/strings/string_view.h"
#include "test/fuzz/fuzz_check.h"
#include "vtsnap/decoder/presenter.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/screen/capture.h"

namespace {

template <typename Write>
void WriteInChunks(absl::string_view bytes, uint8_t flags, Write write) {
  size_t chunk = 1 + (flags >> 3);
  size_t pos = 0;
  while (pos < bytes.size()) {
    const size_t n = std::min(chunk, bytes.size() - pos);
    write(bytes.substr(pos, n));
    pos += n;
    chunk = 1 + (chunk * 5 + flags) % 97;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 3) return 0;
  const uint8_t flags = data[2];
  const bool generations = (flags & 3) == 2;
  const int cols = 1 + data[0] % (generations ? 24 : 48);
  const int rows = 1 + data[1] % (generations ? 8 : 16);
  const bool sixel = (flags & 4) != 0;
  absl::string_view bytes(reinterpret_cast<const char*>(data + 3), size - 3);
  if (generations) bytes = bytes.substr(0, 2048);
  // Small Sixel limits: a hostile image is rejected quickly rather than slowly allocated.
  const vtsnap::SixelLimits limits = {.max_width = 512, .max_height = 512, .max_pixels = 1 << 16};

  if ((flags & 1) == 0) {
    vtsnap::VirtualTerminal vt({.cols = cols,
                                .rows = rows,
                                .scrollback_limit = 20,
                                .graphics = {.sixel = sixel, .limits = limits},
                                .track_generations = generations});
    WriteInChunks(bytes, flags, [&vt](absl::string_view chunk) { vt.Write(chunk); });
    vtsnap_fuzz::CheckStateRoundTrip(vt.terminal());
    return 0;
  }

  vtsnap::PresenterTerminal pt(
      {.cols = cols,
       .rows = rows,
       .graphics = {.sixel = sixel, .limits = limits},
       .limits = {.max_text_bytes = 1 << 16, .max_dcs_bytes = 1 << 16, .max_sixel_repeat = 1000}});
  WriteInChunks(bytes, flags, [&pt](absl::string_view chunk) { pt.Write(chunk); });
  // The screen up to the first violation is a screen like any other: both round trips hold for
  // it whether or not the capture would be allowed.
  vtsnap_fuzz::CheckStateRoundTrip(pt.terminal());
  vtsnap_fuzz::CheckGoldenRoundTrip(vtsnap::CaptureFrame(pt.terminal()).value());
  return 0;
}
