#include "vtsnap/decoder/sixel.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace vtsnap {
namespace {

// A number in the data saturates here (xterm's int accumulator would overflow).
constexpr int64_t kMaxNumber = 999999999;

bool IsDataByte(uint8_t c) { return c >= 0x3F && c <= 0x7E; }
bool IsDigit(uint8_t c) { return c >= '0' && c <= '9'; }
// xterm skips NUL and what isspace() accepts: space, HT, LF, VT, FF, CR.
bool IsXtermBlank(uint8_t c) { return c == 0 || c == ' ' || (c >= 0x09 && c <= 0x0D); }

const char* ControlName(uint8_t c) {
  static constexpr const char* kNames[32] = {"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL",
                                             "BS",  "HT",  "LF",  "VT",  "FF",  "CR",  "SO",  "SI",
                                             "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB",
                                             "CAN", "EM",  "SUB", "ESC", "FS",  "GS",  "RS",  "US"};
  return c < 32 ? kNames[c] : "DEL";
}

}  // namespace

uint8_t SixelPercentToByte(int percent) {
  const int p = std::clamp(percent, 0, 100);
  return static_cast<uint8_t>((p * 255 + 50) / 100);
}

void SixelHlsToRgbPercent(int hue, int lightness, int saturation, int* r, int* g, int* b) {
  // xterm 410, graphics.c hls2rgb, step by step (the same double arithmetic, so the same
  // rounding).
  if (saturation == 0) {
    *r = *g = *b = lightness;
    return;
  }
  int h = hue - 120;  // rotate so that blue is at 0 degrees
  while (h < 0) h += 360;
  while (h >= 360) h -= 360;
  int hs = (h % 120) - 60;
  if (hs < 0) hs = -hs;
  const double lv = lightness / 100.0;
  const double sv = saturation / 100.0;
  double c2 = (2.0 * lv) - 1.0;
  if (c2 < 0.0) c2 = -c2;
  const double c = (1.0 - c2) * sv;
  const double x = ((60 - hs) / 60.) * c;
  const double m = lv - 0.5 * c;
  double r1 = 0;
  double g1 = 0;
  double b1 = 0;
  switch (h / 60) {
    case 0:
      r1 = c;
      g1 = x;
      break;
    case 1:
      r1 = x;
      g1 = c;
      break;
    case 2:
      g1 = c;
      b1 = x;
      break;
    case 3:
      g1 = x;
      b1 = c;
      break;
    case 4:
      r1 = x;
      b1 = c;
      break;
    default:  // 5
      r1 = c;
      b1 = x;
      break;
  }
  // v is never negative here, where adding 0.5 and truncating rounds half up as lround does.
  // NOLINTNEXTLINE(bugprone-incorrect-roundings): see above; lround would move no colour.
  auto pct = [](double v) { return std::clamp(static_cast<int>(v * 100.0 + 0.5), 0, 100); };
  *r = pct(r1 + m);
  *g = pct(g1 + m);
  *b = pct(b1 + m);
}

void SixelPalette::Reset() {
  // xterm 410, graphics.c init_color_registers, the VT340 (and default) case, in percent.
  static constexpr int kVt340[16][3] = {
      {0, 0, 0},    {20, 20, 80}, {80, 13, 13}, {20, 80, 20}, {80, 20, 80}, {20, 80, 80},
      {80, 80, 20}, {53, 53, 53}, {26, 26, 26}, {33, 33, 60}, {60, 26, 26}, {33, 60, 33},
      {60, 33, 60}, {33, 60, 60}, {60, 60, 33}, {80, 80, 80},
  };
  colors_.fill(SixelColor{});
  for (int i = 0; i < 16; ++i) {
    colors_[i] = SixelColor{SixelPercentToByte(kVt340[i][0]), SixelPercentToByte(kVt340[i][1]),
                            SixelPercentToByte(kVt340[i][2])};
  }
}

uint32_t SixelBitmap::Pixel(int x, int y) const {
  const size_t i = (static_cast<size_t>(y) * width + x) * 4;
  return (uint32_t{rgba[i]} << 24) | (uint32_t{rgba[i + 1]} << 16) | (uint32_t{rgba[i + 2]} << 8) |
         rgba[i + 3];
}

SixelDecoder::SixelDecoder(const SixelHeader& header, SixelPalette* palette,
                           const SixelDecoderOptions& options)
    : header_(header),
      palette_(palette),
      options_(options),
      clip_width_(options.clip_width < 0 ? kMaxPosition : options.clip_width),
      clip_height_(options.clip_height < 0 ? kMaxPosition : options.clip_height) {
  if (options_.strict && (header_.background_mode < 0 || header_.background_mode > 2)) {
    Fail(absl::InvalidArgumentError(
        absl::StrCat("Sixel: background mode ", header_.background_mode, " (P2 is 0, 1 or 2)")));
  }
}

int64_t SixelDecoder::image_width() const { return std::max(painted_width_, declared_width_); }
int64_t SixelDecoder::image_height() const { return std::max(painted_height_, declared_height_); }

void SixelDecoder::Fail(absl::Status status) {
  if (!status_.ok()) return;
  status_ = std::move(status);
  std::vector<uint16_t>().swap(pixels_);
  cap_width_ = cap_height_ = 0;
}

void SixelDecoder::Malformed(absl::string_view rule) {
  Fail(absl::InvalidArgumentError(
      at_end_ ? absl::StrCat("Sixel: ", rule, " (at the end of the data)")
              : absl::StrCat("Sixel: ", rule, " (data byte ", bytes_ - 1, ")")));
}

void SixelDecoder::Ignore(absl::string_view what) { ++ignored_[std::string(what)]; }

void SixelDecoder::Feed(absl::string_view data) {
  for (char ch : data) {
    ++bytes_;
    if (!status_.ok()) continue;
    const auto c = static_cast<uint8_t>(ch);
    if (options_.strict) {
      StrictByte(c);
    } else {
      XtermByte(c);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Painting.

bool SixelDecoder::GrowTo(int64_t width, int64_t height) {
  const SixelLimits& l = options_.limits;
  if (width > l.max_width) {
    Fail(absl::ResourceExhaustedError(absl::StrCat("Sixel: the image grows to ", width,
                                                   " pixels wide; the limit is ", l.max_width,
                                                   " (SixelLimits::max_width)")));
    return false;
  }
  if (height > l.max_height) {
    Fail(absl::ResourceExhaustedError(absl::StrCat("Sixel: the image grows to ", height,
                                                   " pixels high; the limit is ", l.max_height,
                                                   " (SixelLimits::max_height)")));
    return false;
  }
  const int64_t w = std::max(width, image_width());
  const int64_t h = std::max(height, image_height());
  if (w * h > l.max_pixels) {
    Fail(absl::ResourceExhaustedError(absl::StrCat("Sixel: the image grows to ", w, " x ", h, " = ",
                                                   w * h, " pixels; the limit is ", l.max_pixels,
                                                   " (SixelLimits::max_pixels)")));
    return false;
  }
  if (width <= cap_width_ && height <= cap_height_) return true;
  // Grow geometrically within the limits, so painting column by column costs amortized O(1).
  int64_t new_w = std::max<int64_t>(cap_width_, width);
  int64_t new_h = std::max<int64_t>(cap_height_, height);
  if (width > cap_width_) {
    new_w = std::max<int64_t>(width, std::min<int64_t>(int64_t{cap_width_} * 2, l.max_width));
  }
  if (height > cap_height_) {
    new_h = std::max<int64_t>(height, std::min<int64_t>(int64_t{cap_height_} * 2, l.max_height));
  }
  if (new_w * new_h > l.max_pixels) {
    new_w = std::max<int64_t>(width, painted_width_);
    new_h = std::max<int64_t>(height, painted_height_);
  }
  std::vector<uint16_t> grown(static_cast<size_t>(new_w * new_h), kHole);
  for (int y = 0; y < painted_height_; ++y) {
    std::copy_n(pixels_.begin() + static_cast<ptrdiff_t>(y) * cap_width_, painted_width_,
                grown.begin() + static_cast<ptrdiff_t>(y * new_w));
  }
  pixels_ = std::move(grown);
  cap_width_ = static_cast<int>(new_w);
  cap_height_ = static_cast<int>(new_h);
  return true;
}

void SixelDecoder::Paint(int bits, int64_t count) {
  if (bits == 0) {
    col_ = std::min(col_ + count, kMaxPosition);
    return;
  }
  const int64_t end = std::min(col_ + count, kMaxPosition);
  // What the clip keeps: columns [col_, right), rows up to bottom.
  const int64_t right = std::min(end, clip_width_);
  if (row_ < clip_height_) {
    const int kept_rows = static_cast<int>(std::min<int64_t>(clip_height_ - row_, 6));
    bits &= (1 << kept_rows) - 1;
  }
  if (right > col_ && bits != 0 && row_ < clip_height_) {
    int top_bit = 5;
    while ((bits & (1 << top_bit)) == 0) --top_bit;
    const int64_t bottom = row_ + top_bit + 1;
    if (!GrowTo(right, bottom)) return;
    const auto reg = static_cast<uint16_t>(current_register_);
    for (int b = 0; b <= top_bit; ++b) {
      if ((bits & (1 << b)) == 0) continue;
      uint16_t* line = pixels_.data() + (row_ + b) * cap_width_;
      std::fill(line + col_, line + right, reg);
    }
    painted_width_ = std::max<int>(painted_width_, static_cast<int>(right));
    painted_height_ = std::max<int>(painted_height_, static_cast<int>(bottom));
  }
  col_ = end;
}

void SixelDecoder::Data(uint8_t c, int64_t count) {
  if (!seen_data_) {
    seen_data_ = true;
    // xterm fills the extent known at the first sixel (the declared raster, if it came first).
    if (header_.background_mode != 1 && options_.fill_background) {
      fill_width_ = static_cast<int>(image_width());
      fill_height_ = static_cast<int>(image_height());
    }
  }
  Paint(c - 0x3F, count);
}

void SixelDecoder::NewLine() {
  // xterm's DECGNL scrolls when the rows painted so far in this band reach the bottom margin:
  // it measures row + min(6, actual_height - row).
  const int64_t extent = std::min(row_ + 6, image_height());
  newline_extent_ = std::max(newline_extent_, static_cast<int>(extent));
  col_ = 0;
  row_ = std::min(row_ + 6, kMaxPosition);
}

bool SixelDecoder::CheckDeclared(int64_t ph, int64_t pv) {
  const SixelLimits& l = options_.limits;
  if (std::min(ph, clip_width_) > l.max_width) {
    Fail(absl::ResourceExhaustedError(absl::StrCat("Sixel: the raster attributes declare an image ",
                                                   ph, " pixels wide; the limit is ", l.max_width,
                                                   " (SixelLimits::max_width)")));
    return false;
  }
  if (std::min(pv, clip_height_) > l.max_height) {
    Fail(absl::ResourceExhaustedError(absl::StrCat("Sixel: the raster attributes declare an image ",
                                                   pv, " pixels high; the limit is ", l.max_height,
                                                   " (SixelLimits::max_height)")));
    return false;
  }
  return true;
}

bool SixelDecoder::Raster(int /*pan*/, int /*pad*/, int ph, int pv) {
  // The aspect ratio Pan:Pad is read and not applied: xterm 410 forces 1:1 (graphics_sixel.c,
  // update_sixel_aspect, "Aspect Ratio is buggy, so we'll just force it off").
  ph = static_cast<int>(std::min<int64_t>(ph, clip_width_));
  pv = static_cast<int>(std::min<int64_t>(pv, clip_height_));
  const SixelLimits& l = options_.limits;
  const int64_t w = std::max<int64_t>(ph, image_width());
  const int64_t h = std::max<int64_t>(pv, image_height());
  if (w * h > l.max_pixels) {
    Fail(absl::ResourceExhaustedError(absl::StrCat("Sixel: the raster attributes declare ", ph,
                                                   " x ", pv, " pixels, so the image is ", w, " x ",
                                                   h, " = ", w * h, " pixels; the limit is ",
                                                   l.max_pixels, " (SixelLimits::max_pixels)")));
    return false;
  }
  declared_width_ = std::max(declared_width_, ph);
  declared_height_ = std::max(declared_height_, pv);
  // Reserve the declared extent now, so painting it does not grow the grid column by column.
  return GrowTo(declared_width_, declared_height_);
}

void SixelDecoder::DefineColor(int reg, int space, int c1, int c2, int c3) {
  int r = c1;
  int g = c2;
  int b = c3;
  if (space == 1) SixelHlsToRgbPercent(c1, c2, c3, &r, &g, &b);
  palette_->Set(reg,
                SixelColor{SixelPercentToByte(r), SixelPercentToByte(g), SixelPercentToByte(b)});
}

// ---------------------------------------------------------------------------------------------
// The xterm dialect: graphics_sixel.c parse_sixel_char, including how it recovers from malformed
// data (each recovery is counted in ignored()).

void SixelDecoder::XtermByte(uint8_t c) {
  if (IsXtermBlank(c)) {
    if (c == 0 && command_ == Command::kRepeat) {
      Ignore("repeat (!) interrupted by NUL");
      command_ = Command::kNone;
    }
    return;
  }
  if (IsDigit(c)) {
    acc_ = std::min((acc_ < 0 ? 0 : acc_) * 10 + (c - '0'), kMaxNumber);
    return;
  }
  if (command_ == Command::kRepeat) {
    if (IsDataByte(c)) {
      Data(c, acc_ <= 0 ? 1 : acc_);  // a count of 0 or none is 1
    } else {
      Ignore("repeat (!) not followed by a sixel data byte");  // xterm drops both
    }
    acc_ = -1;
    command_ = Command::kNone;
    return;
  }
  if (command_ == Command::kRaster && !XtermRasterParam(c)) return;
  if (command_ == Command::kColor && !XtermColorParam(c)) return;
  if (!status_.ok()) return;
  if (IsDataByte(c)) {
    Data(c, 1);
    return;
  }
  switch (c) {
    case '$':  // DECGCR
      col_ = 0;
      return;
    case '-':  // DECGNL
      NewLine();
      return;
    case '!':  // DECGRI
      command_ = Command::kRepeat;
      acc_ = -1;
      return;
    case '#':  // DECGCI
      command_ = Command::kColor;
      nparams_ = 0;
      acc_ = -1;
      return;
    case '"':  // DECGRA
      command_ = Command::kRaster;
      nparams_ = 0;
      params_[0] = params_[1] = 1;  // xterm's defaults when not given
      params_[2] = params_[3] = 0;
      acc_ = -1;
      return;
    default:
      Ignore("unknown command byte");
      return;
  }
}

// A non-digit, non-blank byte while reading raster attributes. Returns true when the byte ends
// them and is to be processed as a command of its own.
bool SixelDecoder::XtermRasterParam(uint8_t c) {
  const int i = nparams_;
  if (i >= 5) {
    // xterm reads (and ignores) a fifth parameter and gives up at a sixth.
    Ignore("raster attributes (\") with too many parameters");
    command_ = Command::kNone;
    return false;
  }
  if (i < 4) {
    if (acc_ != -1) params_[i] = static_cast<int>(acc_);
    if (params_[i] <= 0) params_[i] = 1;  // xterm: Pan, Pad, Ph and Pv of 0 or empty are 1
  }
  if (i == 2 && !CheckDeclared(params_[2], 0)) return false;
  if (i == 3 && !CheckDeclared(0, params_[3])) return false;
  acc_ = -1;
  nparams_ = i + 1;
  if (c == ';') return false;
  command_ = Command::kNone;
  return Raster(params_[0], params_[1], params_[2], params_[3]);
}

// A non-digit, non-blank byte while reading a colour introducer. Returns true when the byte ends
// it and is to be processed as a command of its own.
bool SixelDecoder::XtermColorParam(uint8_t c) {
  const int i = nparams_;
  if (acc_ != -1 && i < kMaxParams) params_[i] = static_cast<int>(acc_);
  if (i == 0) {
    if (acc_ == -1) {
      // xterm leaves the introducer pending and drops the byte (until a digit comes).
      Ignore("colour introducer (#) without a register");
      return false;
    }
    current_register_ = SixelPalette::Wrap(params_[0]);
  } else if (i <= 4) {
    if (acc_ == -1) {
      Ignore("colour definition (#) with an empty parameter");
      command_ = Command::kNone;
      return false;
    }
  } else if (i > 5) {
    Ignore("colour definition (#) with too many parameters");
    command_ = Command::kNone;
    return false;
  }
  acc_ = -1;
  nparams_ = i + 1;
  if (c == ';') return false;
  command_ = Command::kNone;
  if (nparams_ == 1) return true;  // a selection
  if (nparams_ != 5) {
    Ignore("colour definition (#) with the wrong number of parameters");
    return false;
  }
  const int space = params_[1];
  if (space == 1 && options_.hls) {
    if (params_[2] > 360 || params_[3] > 100 || params_[4] > 100) {
      Ignore("HLS colour out of range");
      return false;
    }
  } else if (space == 2) {
    if (params_[2] > 100 || params_[3] > 100 || params_[4] > 100) {
      Ignore("RGB colour out of range");
      return false;
    }
  } else {
    Ignore("unknown colour space");
    return false;
  }
  DefineColor(current_register_, space, params_[2], params_[3], params_[4]);
  return true;
}

// ---------------------------------------------------------------------------------------------
// The strict dialect: the grammar docs/presenter.md publishes, every deviation an error.

void SixelDecoder::PushParam() {
  if (nparams_ >= kMaxParams) {
    Malformed("a command with more than eight parameters");
    return;
  }
  params_[nparams_++] = static_cast<int>(acc_);
  acc_ = -1;
}

void SixelDecoder::StrictByte(uint8_t c) {
  if (command_ != Command::kNone) {
    if (IsDigit(c)) {
      acc_ = std::min((acc_ < 0 ? 0 : acc_) * 10 + (c - '0'), kMaxNumber);
      return;
    }
    PushParam();
    if (c == ';' || !status_.ok()) return;
    if (!StrictFinishCommand(c)) return;
  }
  if (repeat_pending_) {
    if (!IsDataByte(c)) {
      Malformed("a repeat (!) must be followed by a sixel data byte");
      return;
    }
    repeat_pending_ = false;
    Data(c, repeat_count_);
    return;
  }
  if (IsDataByte(c)) {
    Data(c, 1);
    return;
  }
  switch (c) {
    case '$':
      col_ = 0;
      return;
    case '-':
      NewLine();
      return;
    case '!':
      command_ = Command::kRepeat;
      break;
    case '#':
      command_ = Command::kColor;
      break;
    case '"':
      command_ = Command::kRaster;
      break;
    default:
      Malformed(c < 0x20 || c == 0x7F
                    ? absl::StrCat("the control ", ControlName(c), " is not Sixel data")
                    : absl::StrCat("byte 0x", absl::Hex(c, absl::kZeroPad2), " is not Sixel data"));
      return;
  }
  nparams_ = 0;
  acc_ = -1;
}

bool SixelDecoder::StrictFinishCommand(uint8_t /*next*/) {
  const Command command = command_;
  command_ = Command::kNone;
  auto present = [this](int k) { return k < nparams_ && params_[k] >= 0; };
  switch (command) {
    case Command::kRepeat:
      if (nparams_ != 1 || !present(0)) {
        Malformed("a repeat (!) needs one count");
        return false;
      }
      repeat_count_ = std::max(params_[0], 1);
      repeat_pending_ = true;
      return true;
    case Command::kColor: {
      if (!present(0) || params_[0] >= SixelPalette::kRegisters) {
        Malformed("a colour register (#) from 0 to 1023");
        return false;
      }
      if (nparams_ == 1) {
        current_register_ = params_[0];
        return true;
      }
      const char* form = options_.hls ? "a colour definition is #Pc;2;R;G;B or #Pc;1;H;L;S"
                                      : "a colour definition is #Pc;2;R;G;B";
      if (nparams_ != 5 || !present(1)) {
        Malformed(form);
        return false;
      }
      const int space = params_[1];
      if (space == 1 && !options_.hls) {
        Malformed("an HLS colour (#Pc;1;...) is not accepted");
        return false;
      }
      if (space != 1 && space != 2) {
        Malformed(form);
        return false;
      }
      for (int k = 2; k < 5; ++k) {
        const int max = (space == 1 && k == 2) ? 360 : 100;
        if (!present(k) || params_[k] > max) {
          Malformed(space == 1 ? "HLS components of a colour definition are a hue from 0 to 360 "
                                 "and percentages from 0 to 100"
                               : "RGB components of a colour definition are percentages, 0 to "
                                 "100");
          return false;
        }
      }
      current_register_ = params_[0];
      DefineColor(params_[0], space, params_[2], params_[3], params_[4]);
      return true;
    }
    case Command::kRaster: {
      if (seen_data_) {
        Malformed("raster attributes (\") after sixel data");
        return false;
      }
      if (nparams_ != 2 && nparams_ != 4) {
        Malformed("raster attributes are \"Pan;Pad or \"Pan;Pad;Ph;Pv");
        return false;
      }
      int ph = 0;
      int pv = 0;
      if (nparams_ == 4) {
        // As xterm: a given Ph or Pv of 0 (or empty) is 1.
        ph = std::max(params_[2], 1);
        pv = std::max(params_[3], 1);
      }
      if (!CheckDeclared(ph, pv)) return false;
      return Raster(std::max(params_[0], 1), std::max(params_[1], 1), ph, pv);
    }
    case Command::kNone:
      return true;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------

absl::StatusOr<SixelBitmap> SixelDecoder::Finish() {
  at_end_ = true;
  if (status_.ok() && options_.strict) {
    if (command_ != Command::kNone) {
      PushParam();
      if (status_.ok()) StrictFinishCommand(0);
    }
    if (status_.ok() && repeat_pending_) {
      Malformed("a repeat (!) must be followed by a sixel data byte");
    }
  }
  // The xterm dialect drops a command still open at the end, as parse_sixel_finished does.
  if (!status_.ok()) return status_;
  SixelBitmap out;
  out.width = static_cast<int>(image_width());
  out.height = static_cast<int>(image_height());
  out.declared_width = declared_width_;
  out.declared_height = declared_height_;
  out.background_mode = header_.background_mode;
  out.newline_extent = newline_extent_;
  out.rgba.assign(static_cast<size_t>(out.width) * out.height * 4, 0);
  // Registers are resolved now, with the palette as the data left it: like xterm, a register
  // redefined after it was used recolours what this image painted with it.
  for (int y = 0; y < out.height; ++y) {
    for (int x = 0; x < out.width; ++x) {
      uint16_t reg = (x < cap_width_ && y < cap_height_)
                         ? pixels_[static_cast<size_t>(y) * cap_width_ + x]
                         : kHole;
      if (reg == kHole && x < fill_width_ && y < fill_height_) reg = 0;
      if (reg == kHole) continue;
      const SixelColor& color = palette_->color(reg);
      uint8_t* p = &out.rgba[(static_cast<size_t>(y) * out.width + x) * 4];
      p[0] = color.r;
      p[1] = color.g;
      p[2] = color.b;
      p[3] = 255;
    }
  }
  std::vector<uint16_t>().swap(pixels_);
  cap_width_ = cap_height_ = 0;
  painted_width_ = painted_height_ = 0;
  return out;
}

absl::StatusOr<SixelBitmap> DecodeSixel(absl::string_view sequence, SixelPalette* palette,
                                        const SixelDecoderOptions& options) {
  const absl::Status not_sixel =
      absl::InvalidArgumentError("Sixel: not a Sixel sequence (DCS P1 ; P2 ; P3 q ... ST)");
  absl::string_view s = sequence;
  if (absl::StartsWith(s, "\x1bP")) {
    s.remove_prefix(2);
  } else if (!s.empty() && static_cast<uint8_t>(s[0]) == 0x90) {
    s.remove_prefix(1);
  } else {
    return not_sixel;
  }
  int values[3] = {0, 0, 0};
  int n = 0;
  size_t k = 0;
  for (; k < s.size() && s[k] != 'q'; ++k) {
    if (s[k] == ';') {
      ++n;
    } else if (IsDigit(static_cast<uint8_t>(s[k]))) {
      if (n < 3) values[n] = std::min(values[n] * 10 + (s[k] - '0'), 65535);
    } else {
      return not_sixel;
    }
  }
  if (k == s.size()) return not_sixel;
  absl::string_view data = s.substr(k + 1);
  size_t end = data.find("\x1b\\");
  end = std::min(end, data.find('\x9c'));
  if (end != absl::string_view::npos) data = data.substr(0, end);
  SixelDecoder decoder({.aspect = values[0], .background_mode = values[1], .grid = values[2]},
                       palette, options);
  decoder.Feed(data);
  return decoder.Finish();
}

}  // namespace vtsnap
