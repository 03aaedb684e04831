// HeadlessTerminal: an in-process terminal for an app under test, with both directions.
//
// The app writes its output bytes into it (they go to a decoder, the presenter profile or the
// xterm profile) and reads its input from a queue the test fills with bytes, key scripts
// (decoder/keys.h) and mouse reports. A profile fixes the size, the colour depth, the graphics
// (Sixel with fixed cell pixel metrics, or none) and the decoder. Resize changes the decoder's
// size and notifies the app. The screen can be read only between synchronized frames: inside one
// (`CSI ?2026h` without its `l`) reading is an error that names the frame (the byte offset of its
// `?2026h`), because the app has not finished drawing. The app writes synchronously, so there is
// nothing to wait for: FrameStatus() says whether a frame is open and where it started, and
// screen() refuses until the app's write that closes it. What a PtySession test waits for with a
// matcher, a headless test checks now or steps the app until it holds: CheckNow(term, matcher) and
// StepUntil(term, matcher, max_steps, step) (matchers/wait.h; snapshot/screen/screen_check.h
// without GoogleTest). A profile may re-wrap soft-wrapped lines on Resize (`reflow_on_resize`, as
// xterm.js; off by default, as xterm).
//
//   vtsnap::HeadlessTerminal term(vtsnap::HeadlessProfile::Presenter(20, 3));
//   term.OnResize([](vtsnap::TerminalSize size) { /* app.Resize(size.cols, size.rows) */ });
//   (void)term.SendKeys("down enter");      // the app's ReadInput() returns "\x1b[B\r"
//   std::string input = term.ReadInput();
//   term.Write("\x1b[?2026h\x1b[1;1Hhello\x1b[?2026l");
//   absl::StatusOr<const vtsnap::Terminal*> screen = term.screen();
//   // (*screen)->RowText(0) == "hello"
#ifndef VTSNAP_DECODER_HEADLESS_TERMINAL_H_
#define VTSNAP_DECODER_HEADLESS_TERMINAL_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/size.h"
#include "vtsnap/decoder/hyperlink.h"
#include "vtsnap/decoder/keys.h"
#include "vtsnap/decoder/terminal_options.h"

namespace vtsnap {

class PresenterTerminal;
class Terminal;
class VirtualTerminal;

enum class DecoderProfile : uint8_t {
  kXterm,      // a general emulator (decoder/terminal.h), for apps that write what xterm reads
  kPresenter,  // the bounded presenter profile (decoder/presenter.h)
};

struct HeadlessProfile {
  int cols = 80;
  int rows = 24;
  ColorDepth color_depth = ColorDepth::kTrueColor;
  // Sixel on or off, the pixel size of a cell images are laid out with (the spec's test profile:
  // 3x6) and the largest image either decoder accepts (docs/sixel.md); `placement` follows the
  // decoder (the presenter profile always places images its own way).
  GraphicsOptions graphics = {};
  DecoderProfile decoder = DecoderProfile::kXterm;
  // Xterm profile only: Resize re-wraps soft-wrapped lines of the primary screen and its
  // scrollback as xterm.js does (TerminalOptions::reflow_on_resize); off: xterm's clip and pad.
  bool reflow_on_resize = false;
  // Presenter profile only: the OSC 8 id a hyperlink to a target must be opened with.
  std::function<std::string(absl::string_view target)> hyperlink_id = HyperlinkId;

  // Truecolor, no graphics, the presenter decoder: where PresentedEquals runs.
  static HeadlessProfile Presenter(int cols, int rows) {
    return {.cols = cols, .rows = rows, .decoder = DecoderProfile::kPresenter};
  }
  // Truecolor, Sixel with 3x6-pixel cells, the presenter decoder.
  static HeadlessProfile PresenterSixel(int cols, int rows) {
    return {.cols = cols,
            .rows = rows,
            .graphics = {.sixel = true},
            .decoder = DecoderProfile::kPresenter};
  }
  // Truecolor, no graphics, the xterm decoder.
  static HeadlessProfile Xterm(int cols, int rows) { return {.cols = cols, .rows = rows}; }
};

class HeadlessTerminal {
 public:
  explicit HeadlessTerminal(HeadlessProfile profile);
  ~HeadlessTerminal();

  HeadlessTerminal(const HeadlessTerminal&) = delete;
  HeadlessTerminal& operator=(const HeadlessTerminal&) = delete;

  // --- The app's side ---

  // Output the app wrote. Replies the xterm decoder owes (DSR, DA) join the input queue.
  void Write(absl::string_view bytes);
  // Takes everything queued for the app to read.
  std::string ReadInput();
  bool has_input() const { return !input_.empty(); }
  TerminalSize size() const { return size_; }
  const HeadlessProfile& profile() const { return profile_; }
  // Called after every Resize with the new size (one listener; a later call replaces it).
  void OnResize(std::function<void(TerminalSize)> listener) { on_resize_ = std::move(listener); }

  // --- The test's side ---

  // Queues raw input bytes.
  void SendInput(absl::string_view bytes) { input_.append(bytes.data(), bytes.size()); }
  // Queues a key script (docs/keys.md), encoded with the cursor-key mode the app set.
  [[nodiscard]] absl::Status SendKeys(absl::string_view script);
  // Queues SGR mouse reports at a 0-based cell: a left click (press and release), a wheel notch.
  void SendClick(int col, int row, MouseButton button = MouseButton::kLeft);
  void SendWheel(int col, int row, bool up);
  // Resizes the decoder (re-wrapping only with HeadlessProfile::reflow_on_resize) and notifies the
  // app.
  void Resize(TerminalSize size);

  // --- Reading the state ---

  // OK when the state may be read now; otherwise why not: a presenter-profile violation (or an
  // unfinished sequence or open hyperlink), or a synchronized frame still open.
  absl::Status ReadableStatus() const;
  // The decoded screen, or ReadableStatus()'s error.
  absl::StatusOr<const Terminal*> screen() const;
  // Whether a synchronized frame (?2026h) is open now.
  bool synchronized_frame_open() const;
  // The byte offset (in bytes_written() terms) of the `?2026h` that opened the frame still open,
  // or nullopt between frames.
  std::optional<uint64_t> open_frame_offset() const;
  // OK between synchronized frames; FailedPrecondition naming the open frame ("a synchronized
  // frame opened at byte offset 12 (?2026h) is still open ...") inside one: the headless
  // counterpart of PtySession::WaitForFrame, for an app that writes synchronously.
  absl::Status FrameStatus() const;
  // The presenter-profile decoder (nullptr under the xterm profile), for its accessors.
  const PresenterTerminal* presenter() const { return presenter_.get(); }
  // Bytes the app has written.
  uint64_t bytes_written() const { return bytes_written_; }

 private:
  HeadlessProfile profile_;
  TerminalSize size_;
  std::unique_ptr<PresenterTerminal> presenter_;
  std::unique_ptr<VirtualTerminal> xterm_;
  std::string input_;
  std::function<void(TerminalSize)> on_resize_;
  uint64_t bytes_written_ = 0;
};

}  // namespace vtsnap

#endif  // VTSNAP_DECODER_HEADLESS_TERMINAL_H_
