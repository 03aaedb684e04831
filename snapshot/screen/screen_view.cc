#include "vtsnap/snapshot/screen/screen_view.h"

#include <cstdint>
#include <ostream>
#include <utility>

#include "absl/strings/str_cat.h"
#include "vtsnap/decoder/headless_terminal.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/capture_internal.h"
#include "vtsnap/snapshot/screen/frame_text.h"

namespace vtsnap {
namespace {

const Frame& EmptyFrame() {
  static const Frame* const empty = new Frame();
  return *empty;
}

}  // namespace

ScreenView::ScreenView(const Frame& frame) : source_("Frame"), frame_(&frame) {}

ScreenView::ScreenView(const Terminal& terminal)
    : source_("Terminal"),
      terminal_(&terminal),
      alternate_screen_(terminal.alternate_screen_active()) {}

ScreenView::ScreenView(const VirtualTerminal& vt) : ScreenView(vt.terminal()) {
  source_ = "VirtualTerminal";
}

ScreenView::ScreenView(const HeadlessTerminal& terminal) : source_("HeadlessTerminal") {
  absl::StatusOr<const Terminal*> screen = terminal.screen();
  if (!screen.ok()) {
    status_ = screen.status();
    return;
  }
  terminal_ = *screen;
  alternate_screen_ = terminal_->alternate_screen_active();
}

ScreenView ScreenView::Snapshot(std::string source, absl::StatusOr<Frame> frame,
                                std::optional<RgbaPlane> plane, bool alternate_screen,
                                std::shared_ptr<const DetachedTerminalState> state) {
  ScreenView view;
  view.source_ = std::move(source);
  if (!frame.ok()) {
    view.status_ = frame.status();
    return view;
  }
  view.owned_frame_ = std::make_shared<const Frame>(*std::move(frame));
  if (plane.has_value()) view.owned_plane_ = std::make_shared<const RgbaPlane>(*std::move(plane));
  view.alternate_screen_ = alternate_screen;
  view.detached_state_ = std::move(state);
  return view;
}

int ScreenView::cols() const {
  if (terminal_ != nullptr) return terminal_->cols();
  return frame().cols;
}

int ScreenView::rows() const {
  if (terminal_ != nullptr) return terminal_->rows();
  return frame().rows;
}

const Frame& ScreenView::frame() const {
  if (frame_ != nullptr) return *frame_;
  if (owned_frame_ == nullptr && terminal_ != nullptr) {
    owned_frame_ = std::make_shared<const Frame>(capture_internal::CaptureTerminal(*terminal_));
  }
  return owned_frame_ != nullptr ? *owned_frame_ : EmptyFrame();
}

bool ScreenView::has_plane() const { return terminal_ != nullptr || owned_plane_ != nullptr; }

absl::StatusOr<RgbaPlane> ScreenView::plane() const {
  if (!status_.ok()) return status_;
  if (terminal_ != nullptr) {
    const int64_t pixels = int64_t{terminal_->pixel_width()} * terminal_->pixel_height();
    if (pixels > kMaxPlanePixels) {
      return absl::ResourceExhaustedError(absl::StrCat(
          "the ", terminal_->pixel_width(), "x", terminal_->pixel_height(), " pixel plane (",
          pixels, " pixels) is larger than the maximum of ", kMaxPlanePixels, " pixels"));
    }
    return capture_internal::CaptureTerminalPlane(*terminal_);
  }
  if (owned_plane_ != nullptr) return *owned_plane_;
  return absl::FailedPreconditionError(
      absl::StrCat("a ", source_, " has no pixel plane (only raster records)"));
}

std::string ScreenView::Describe() const {
  if (!status_.ok()) return absl::StrCat("unreadable ", source_, ": ", status_.message());
  return absl::StrCat(cols(), "x", rows(), " screen (", source_, ")");
}

void PrintScreen(const ScreenView& screen, std::ostream* os) {
  if (!screen.readable()) {
    *os << "a " << screen.source() << " whose screen cannot be read: " << screen.status().message();
    return;
  }
  const Frame& frame = screen.frame();
  *os << frame.cols << "x" << frame.rows << " screen\n" << FramedRows(frame);
}

std::string FramedRows(const Frame& frame) {
  std::string out;
  for (int r = 0; r < frame.rows; ++r) absl::StrAppend(&out, "  |", frame.RowText(r), "|\n");
  if (frame.cursor.visible) {
    absl::StrAppend(&out, "  cursor ", frame.cursor.col, " ", frame.cursor.row, " ",
                    golden::FormatCursorShape(frame.cursor.shape));
  } else {
    absl::StrAppend(&out, "  cursor hidden");
  }
  return out;
}

}  // namespace vtsnap
