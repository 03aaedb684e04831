#include "vtsnap/decoder/headless_terminal.h"

#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "vtsnap/base/status_macros.h"
#include "vtsnap/decoder/presenter.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"

namespace vtsnap {

HeadlessTerminal::HeadlessTerminal(HeadlessProfile profile)
    : profile_(std::move(profile)), size_{profile_.cols, profile_.rows} {
  if (profile_.decoder == DecoderProfile::kPresenter) {
    presenter_ = std::make_unique<PresenterTerminal>(
        PresenterOptions{.cols = profile_.cols,
                         .rows = profile_.rows,
                         .color_depth = profile_.color_depth,
                         .graphics = profile_.graphics,
                         .hyperlink_id = profile_.hyperlink_id});
  } else {
    xterm_ = std::make_unique<VirtualTerminal>(
        TerminalOptions{.cols = profile_.cols,
                        .rows = profile_.rows,
                        .graphics = {.sixel = profile_.graphics.sixel,
                                     .cell_width = profile_.graphics.cell_width,
                                     .cell_height = profile_.graphics.cell_height,
                                     .limits = profile_.graphics.limits,
                                     .placement = SixelPlacement::kXterm},
                        .reflow_on_resize = profile_.reflow_on_resize});
  }
  // The decoders clamp sizes; report what they use.
  const Terminal& t = presenter_ ? presenter_->terminal() : xterm_->terminal();
  size_ = {t.cols(), t.rows()};
}

HeadlessTerminal::~HeadlessTerminal() = default;

void HeadlessTerminal::Write(absl::string_view bytes) {
  bytes_written_ += bytes.size();
  if (presenter_) {
    presenter_->Write(bytes);
    return;
  }
  xterm_->Write(bytes);
  input_ += xterm_->TakeReplies();
}

std::string HeadlessTerminal::ReadInput() { return std::exchange(input_, std::string()); }

absl::Status HeadlessTerminal::SendKeys(absl::string_view script) {
  // The presenter profile rejects DECCKM, so only the xterm profile can be in application mode.
  const KeyEncoding encoding{.application_cursor =
                                 xterm_ != nullptr &&
                                 xterm_->terminal().modes().cursor_keys_application};
  absl::StatusOr<std::string> bytes = EncodeKeys(script, encoding);
  if (!bytes.ok()) return bytes.status();
  input_ += *bytes;
  return absl::OkStatus();
}

void HeadlessTerminal::SendClick(int col, int row, MouseButton button) {
  input_ += MouseClick(col, row, button);
}

void HeadlessTerminal::SendWheel(int col, int row, bool up) { input_ += MouseWheel(col, row, up); }

void HeadlessTerminal::Resize(TerminalSize size) {
  if (presenter_) {
    presenter_->Resize(size.cols, size.rows);
  } else {
    xterm_->Resize(size.cols, size.rows);
  }
  const Terminal& t = presenter_ ? presenter_->terminal() : xterm_->terminal();
  size_ = {t.cols(), t.rows()};
  if (on_resize_) on_resize_(size_);
}

bool HeadlessTerminal::synchronized_frame_open() const {
  return presenter_ ? presenter_->synchronized_frame_open()
                    : xterm_->terminal().modes().synchronized_output;
}

std::optional<uint64_t> HeadlessTerminal::open_frame_offset() const {
  if (!synchronized_frame_open()) return std::nullopt;
  return presenter_ ? presenter_->synchronized_frame_offset() : xterm_->open_frame_offset();
}

absl::Status HeadlessTerminal::FrameStatus() const {
  const std::optional<uint64_t> offset = open_frame_offset();
  if (!offset.has_value()) return absl::OkStatus();
  return absl::FailedPreconditionError(absl::StrCat(
      "a synchronized frame opened at byte offset ", *offset, " (?2026h) is still open after ",
      bytes_written_ - *offset,
      " bytes: the app has not finished drawing it (the screen can be read after its ?2026l)"));
}

absl::Status HeadlessTerminal::ReadableStatus() const {
  auto invalid = [](const absl::Status& s) {
    return absl::Status(
        s.code(), absl::StrCat("the presenter profile invalidated this capture: ", s.message()));
  };
  if (presenter_ && !presenter_->status().ok()) return invalid(presenter_->status());
  if (absl::Status s = FrameStatus(); !s.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat("the screen was read inside a synchronized frame: ", s.message()));
  }
  // The presenter's end-of-stream checks: an unfinished sequence, a hyperlink left open.
  if (presenter_) {
    if (absl::Status s = presenter_->CaptureStatus(); !s.ok()) return invalid(s);
  }
  return absl::OkStatus();
}

absl::StatusOr<const Terminal*> HeadlessTerminal::screen() const {
  VTSNAP_RETURN_IF_ERROR(ReadableStatus());
  return presenter_ ? &presenter_->terminal() : &xterm_->terminal();
}

}  // namespace vtsnap
