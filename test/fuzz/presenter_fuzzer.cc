// libFuzzer target: arbitrary bytes into the presenter profile, fed whole and in random chunks.
// Checks that the chunking never changes the verdict or the screen, that a violation names an
// offset inside the input and stays the first one, and that an accepted display captures and
// serializes.
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/string_view.h"
#include "test/fuzz/fuzz_check.h"
#include "vtsnap/decoder/presenter.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/screen/capture.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 3) return 0;
  const int cols = 1 + data[0] % 100;
  const int rows = 1 + data[1] % 30;
  const uint8_t split = data[2];
  const vtsnap::PresenterOptions options = {
      .cols = cols,
      .rows = rows,
      .color_depth = static_cast<vtsnap::ColorDepth>(data[0] % 3),
      .graphics = {.sixel = (data[1] & 1) != 0},
      .limits = {.max_csi_bytes = 256,
                 .max_text_bytes = 4096,
                 .max_dcs_bytes = 4096,
                 .max_sixel_repeat = 1000}};
  const absl::string_view bytes(reinterpret_cast<const char*>(data + 3), size - 3);

  vtsnap::PresenterTerminal whole(options);
  whole.Write(bytes);
  vtsnap::PresenterTerminal chunked(options);
  size_t pos = 0;
  size_t chunk = 1 + split % 13;
  while (pos < bytes.size()) {
    const size_t n = std::min(chunk, bytes.size() - pos);
    chunked.Write(bytes.substr(pos, n));
    pos += n;
    chunk = 1 + (chunk * 7 + split) % 29;
  }
  FUZZ_CHECK(whole.offset() == bytes.size() && chunked.offset() == bytes.size());
  FUZZ_CHECK(whole.status() == chunked.status());
  FUZZ_CHECK(whole.CaptureStatus() == chunked.CaptureStatus());
  if (!whole.status().ok()) {
    // "offset N: ..." with N inside the input.
    const absl::string_view message = whole.status().message();
    FUZZ_CHECK(message.substr(0, 7) == "offset ");
    const size_t colon = message.find(':');
    uint64_t offset = 0;
    FUZZ_CHECK(colon != absl::string_view::npos &&
               absl::SimpleAtoi(message.substr(7, colon - 7), &offset) && offset < bytes.size());
    return 0;
  }
  FUZZ_CHECK(whole.terminal().ScreenText() == chunked.terminal().ScreenText());
  if (whole.CaptureStatus().ok()) {
    const vtsnap::Frame frame = vtsnap::CaptureFrame(whole.terminal()).value();
    FUZZ_CHECK(frame == vtsnap::CaptureFrame(chunked.terminal()).value());
    (void)vtsnap::golden::Serialize(frame);
  }
  return 0;
}
