// Terminal's graphics: the pixel plane over the screen and Sixel images (DCS q) decoded into it
// and placed as xterm or the presenter profile places them (docs/sixel.md).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/sixel.h"
#include "vtsnap/decoder/terminal.h"

namespace vtsnap {

void Terminal::DropPixels(Line& line) { std::vector<uint8_t>().swap(line.pixels); }

void Terminal::ClearPixels(Line& line, int from, int to) {
  if (line.pixels.empty()) return;
  from = std::clamp(from, 0, cols_);
  to = std::clamp(to, 0, cols_);
  if (from >= to) return;
  const size_t row_bytes = static_cast<size_t>(pixel_width()) * 4;
  const size_t cell_bytes = static_cast<size_t>(cell_width_) * 4;
  for (int y = 0; y < cell_height_; ++y) {
    std::memset(line.pixels.data() + y * row_bytes + from * cell_bytes, 0,
                (to - from) * cell_bytes);
  }
}

void Terminal::ShiftPixels(Line& line, int col, int end, int n) {
  if (line.pixels.empty() || n == 0) return;
  const size_t row_bytes = static_cast<size_t>(pixel_width()) * 4;
  const size_t cell_bytes = static_cast<size_t>(cell_width_) * 4;
  const int k = std::min(std::abs(n), end - col);
  const int moved = end - col - k;  // cells that move
  for (int y = 0; y < cell_height_; ++y) {
    uint8_t* base = line.pixels.data() + y * row_bytes;
    if (moved > 0) {
      uint8_t* at = base + col * cell_bytes;
      if (n > 0) {
        std::memmove(at + k * cell_bytes, at, moved * cell_bytes);
      } else {
        std::memmove(at, at + k * cell_bytes, moved * cell_bytes);
      }
    }
  }
  // The cells left behind are blank.
  if (n > 0) {
    ClearPixels(line, col, col + k);
  } else {
    ClearPixels(line, end - k, end);
  }
}

void Terminal::CopyPixels(const Line& from_line, Line& to_line, int from, int to) {
  if (from_line.pixels.empty()) return ClearPixels(to_line, from, to);
  if (to_line.pixels.empty()) to_line.pixels.assign(strip_bytes(), 0);
  const size_t row_bytes = static_cast<size_t>(pixel_width()) * 4;
  const size_t cell_bytes = static_cast<size_t>(cell_width_) * 4;
  for (int y = 0; y < cell_height_; ++y) {
    std::memcpy(to_line.pixels.data() + y * row_bytes + from * cell_bytes,
                from_line.pixels.data() + y * row_bytes + from * cell_bytes,
                (to - from) * cell_bytes);
  }
}

void Terminal::CopyPixelPlane(std::vector<uint8_t>* rgba) const {
  const size_t strip = strip_bytes();
  rgba->assign(strip * rows_, 0);
  for (int r = 0; r < rows_; ++r) {
    const Line& line = active()[r];
    if (!line.pixels.empty()) std::memcpy(rgba->data() + r * strip, line.pixels.data(), strip);
  }
}

void Terminal::DcsHook(const Sequence& seq) {
  rep_cp_ = 0;  // a string between a character and REP leaves nothing to repeat (xterm)
  if (StartDcsQuery(seq)) return;  // DECRQSS (terminal_queries.cc)
  // A plane over kMaxPlanePixels could not be allocated: such a terminal decodes no Sixel.
  const bool plane_fits = PlanePixels(cols_, rows_, cell_width_, cell_height_) <= kMaxPlanePixels;
  if (!options_.graphics.sixel || !plane_fits || seq.final != 'q' || seq.marker != 0 ||
      !seq.intermediates.empty() || seq.overflowed) {
    return Ignore(seq, "DCS");
  }
  const bool presenter = options_.graphics.placement == SixelPlacement::kPresenter;
  const Params& p = seq.params;
  const SixelHeader header{
      .aspect = p.Get(0, 0), .background_mode = p.Get(1, 0), .grid = p.Get(2, 0)};
  // With DECSDM set xterm draws at the top left of the screen (graphics_sixel.c,
  // parse_sixel_init).
  const bool top_left = !presenter && modes_.sixel_display;
  sixel_col_ = top_left ? 0 : cursor_.col;
  sixel_row_ = top_left ? 0 : cursor_.row;
  // The presenter profile clips to the plane (it never scrolls), so a picture wider or taller
  // than the screen costs no more than the screen.
  const SixelDecoderOptions decoder_options{
      .limits = options_.graphics.limits,
      .strict = presenter,
      .hls = !presenter,
      .fill_background = !presenter,
      .clip_width = presenter ? int64_t{pixel_width()} - int64_t{sixel_col_} * cell_width_ : -1,
      .clip_height = presenter ? int64_t{pixel_height()} - int64_t{sixel_row_} * cell_height_ : -1};
  SixelPalette* palette = &palette_;
  if (modes_.private_color_registers && !presenter) {
    // xterm's privateColorRegisters: each image starts from the default registers.
    private_palette_.Reset();
    palette = &private_palette_;
  }
  sixel_ = std::make_unique<SixelDecoder>(header, palette, decoder_options);
  graphics_status_ = sixel_->status();
}

void Terminal::DcsPut(absl::string_view data) {
  if (dcs_query_state_ == DcsQueryState::kCollecting) return CollectDcsQuery(data);
  if (!sixel_) return;
  sixel_->Feed(data);
  if (graphics_status_.ok() && !sixel_->status().ok()) graphics_status_ = sixel_->status();
}

void Terminal::DcsUnhook() {
  if (dcs_query_state_ == DcsQueryState::kCollecting) return EndDcsQuery();
  if (sixel_) FinishSixel();
}

void Terminal::FinishSixel() {
  const std::unique_ptr<SixelDecoder> decoder = std::move(sixel_);
  for (const auto& [what, count] : decoder->ignored()) {
    IgnoreText(absl::StrCat("Sixel: ", what), count);
  }
  absl::StatusOr<SixelBitmap> image = decoder->Finish();
  if (!image.ok()) {
    graphics_status_ = image.status();
    ++stats_.sixel_rejected;
    return;
  }
  graphics_status_ = absl::OkStatus();
  ++stats_.sixel_images;
  PlaceSixel(*image);
}

void Terminal::PlaceSixel(const SixelBitmap& image) {
  const bool presenter = options_.graphics.placement == SixelPlacement::kPresenter;
  // xterm's sixel scrolling (DECSDM reset, the default); the presenter profile never scrolls.
  const bool scrolling = !presenter && !modes_.sixel_display;
  const int cw = cell_width_;
  const int ch = cell_height_;
  const int col = std::min(sixel_col_, cols_ - 1);  // a resize may have come in between
  int64_t row = std::min(sixel_row_, rows_ - 1);
  // Where xterm puts the cursor (graphics_sixel.c, finished_parsing): on the last text row the
  // image touches, in its first column (or right of it with ?8452).
  int64_t new_row = row - 1 + (image.height + ch - 1) / ch;
  int64_t new_col = col;
  if (scrolling && modes_.sixel_scrolls_right) {
    new_col = col + (image.width + cw - 1) / cw;
    if (new_col > cols_ - 1) {
      new_col = 0;
      ++new_row;
    }
  }
  if (scrolling) {
    // xterm scrolls at each graphics new line (-) that reaches the bottom margin, and at the end
    // until the cursor row is inside it; the image moves up with the text. Both amount to one
    // scroll by the largest need.
    int64_t need = new_row - bottom_;
    if (image.newline_extent >= 0) {
      need = std::max<int64_t>(need, row + (image.newline_extent + ch - 1) / ch - bottom_);
    }
    if (need > 0) {
      for (int64_t left = need; left > 0;) {
        const int n = static_cast<int>(std::min<int64_t>(left, bottom_ - top_ + 1));
        ScrollUp(top_, bottom_, n);
        left -= n;
      }
      row -= need;
      new_row -= need;
    }
  }
  const int plane_w = pixel_width();
  const int64_t plane_h = pixel_height();
  const int x0 = col * cw;
  const int64_t y0 = row * ch;
  const size_t row_bytes = static_cast<size_t>(plane_w) * 4;
  if (presenter && image.background_mode == 0) {
    // The presenter profile's background mode 0 clears the declared raster extent (else the
    // painted one) before painting, so a smaller replacement leaves no stale pixels.
    const int w = image.declared_width > 0 ? image.declared_width : image.width;
    const int h = image.declared_height > 0 ? image.declared_height : image.height;
    const int x1 = static_cast<int>(std::min<int64_t>(int64_t{x0} + w, plane_w));
    for (int64_t py = std::max<int64_t>(y0, 0); py < std::min(y0 + h, plane_h); ++py) {
      Line& line = active()[static_cast<int>(py / ch)];
      if (line.pixels.empty() || x1 <= x0) continue;
      std::memset(line.pixels.data() + (py % ch) * row_bytes + static_cast<ptrdiff_t>(x0) * 4, 0,
                  static_cast<size_t>(x1 - x0) * 4);
    }
  }
  const int w = std::min(image.width, plane_w - x0);
  for (int y = 0; y < image.height && w > 0; ++y) {
    const int64_t py = y0 + y;
    if (py < 0) continue;
    if (py >= plane_h) break;
    Line& line = active()[static_cast<int>(py / ch)];
    const uint8_t* src = &image.rgba[static_cast<size_t>(y) * image.width * 4];
    uint8_t* dst = nullptr;
    for (int x = 0; x < w; ++x) {
      if (src[x * 4 + 3] == 0) continue;  // unset pixels leave what is there
      if (dst == nullptr) {
        if (line.pixels.empty()) line.pixels.assign(strip_bytes(), 0);
        dst = line.pixels.data() + (py % ch) * row_bytes + static_cast<ptrdiff_t>(x0) * 4;
      }
      std::memcpy(dst + static_cast<ptrdiff_t>(x) * 4, src + static_cast<ptrdiff_t>(x) * 4, 4);
    }
  }
  // The cursor. xterm skips the update when the row would be above the screen; the presenter
  // profile keeps it on the screen instead of scrolling; DECSDM leaves it where it was.
  if (presenter) new_row = std::min<int64_t>(new_row, rows_ - 1);
  if ((scrolling || presenter) && new_row >= 0) {
    cursor_.row = static_cast<int>(new_row);
    cursor_.col = static_cast<int>(std::min<int64_t>(new_col, cols_ - 1));
  }
  last_valid_ = false;
}

}  // namespace vtsnap
