// Sixel: an incremental decoder for DEC Sixel graphics (the data of `DCS P1 ; P2 ; P3 q ... ST`).
//
// It knows no screen: fed the DCS parameters and the data in chunks split anywhere, it paints an
// image of colour-register numbers and, at the end, resolves it to RGBA with a palette it is given
// (a terminal keeps one palette across images, as xterm does with shared colour registers).
// Pixels no sixel painted are transparent (0, 0, 0, 0) unless the background mode fills them.
// Limits on width, height and pixel count are checked before memory is allocated: an image past
// them is rejected with a status naming the limit. docs/sixel.md has every rule and its source.
//
//   vtsnap::SixelPalette palette;                     // the VT340 defaults, as xterm has them
//   vtsnap::SixelDecoder decoder({.background_mode = 1}, &palette);
//   decoder.Feed("#1;2;100;0;0#1~~");                // two columns of six red pixels
//   absl::StatusOr<vtsnap::SixelBitmap> image = decoder.Finish();
//   // image->width == 2, image->height == 6, image->Pixel(0, 0) == 0xFF0000FF
//
// Two dialects: the default follows xterm (graphics_sixel.c in xterm 410), which reads HLS colours
// and recovers from malformed data the way xterm does (the problem is counted in ignored());
// `strict` (the presenter profile, docs/presenter.md) makes malformed data an error instead.
#ifndef VTSNAP_DECODER_SIXEL_H_
#define VTSNAP_DECODER_SIXEL_H_

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace vtsnap {

// The largest image a decoder accepts. Past any of them the image is rejected
// (absl::StatusCode::kResourceExhausted) before its memory is allocated.
struct SixelLimits {
  int max_width = 4096;                   // pixels
  int max_height = 4096;                  // pixels
  int64_t max_pixels = int64_t{1} << 24;  // width x height, 16 Mi
};

// An 8-bit RGB colour register value.
struct SixelColor {
  uint8_t r = 0;
  uint8_t g = 0;
  uint8_t b = 0;
  friend bool operator==(const SixelColor&, const SixelColor&) = default;
};

// A Sixel colour component in percent (0-100) as an 8-bit channel: (p * 255 + 50) / 100, rounded
// to nearest (so 20 % is 51 and 100 % is 255). Values outside 0-100 are clamped.
uint8_t SixelPercentToByte(int percent);

// xterm's HLS to RGB (graphics.c, hls2rgb): hue in degrees with blue at 0, red at 120 and green at
// 240 (the VT340's convention), lightness and saturation in percent. The result is RGB in percent,
// each rounded to nearest, as xterm stores it in the colour register.
void SixelHlsToRgbPercent(int hue, int lightness, int saturation, int* r, int* g, int* b);

// The colour registers. xterm has 1024 (MAX_COLOR_REGISTERS); register numbers wrap modulo 1024.
class SixelPalette {
 public:
  static constexpr int kRegisters = 1024;

  // The VT340 defaults xterm loads (graphics.c, init_color_registers): 16 colours, then black.
  SixelPalette() { Reset(); }
  void Reset();

  const SixelColor& color(int reg) const { return colors_[Wrap(reg)]; }
  void Set(int reg, SixelColor color) { colors_[Wrap(reg)] = color; }
  static int Wrap(int reg) { return ((reg % kRegisters) + kRegisters) % kRegisters; }

 private:
  std::array<SixelColor, kRegisters> colors_;
};

// The DCS parameters of a Sixel sequence (DCS P1 ; P2 ; P3 q).
struct SixelHeader {
  int aspect = 0;           // P1, the pixel aspect ratio macro: xterm draws 1:1 whatever it says
  int background_mode = 0;  // P2: 1 leaves unpainted pixels transparent; 0 and 2 fill them
  int grid = 0;             // P3, the horizontal grid size: ignored, as in xterm
};

struct SixelDecoderOptions {
  SixelLimits limits = {};
  // Malformed data is an error (kInvalidArgument) instead of being recovered from as xterm does.
  bool strict = false;
  // HLS colour definitions (#Pc;1;H;L;S). Off, an HLS definition is malformed.
  bool hls = true;
  // Background modes 0 and 2 fill the raster declared before the first sixel with colour
  // register 0, as xterm does (init_sixel_background). Off, unpainted pixels stay transparent and
  // the caller decides what the background mode means (the presenter profile clears instead).
  bool fill_background = true;
  // Pixels at x >= clip_width or y >= clip_height (and raster extents past them) are dropped
  // without being allocated: the image is clipped, not rejected, and the limits apply to what
  // is kept. -1 is no clip. The presenter profile clips to the terminal's pixel plane.
  int64_t clip_width = -1;
  int64_t clip_height = -1;
};

// A decoded image: row-major RGBA, 4 bytes a pixel; a pixel is set (painted, or filled by the
// background) when its alpha is 255, and is (0, 0, 0, 0) otherwise.
struct SixelBitmap {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> rgba = {};
  // The raster attributes' Ph and Pv (the largest declared, clipped), 0 when none were given. The
  // image is at least this large.
  int declared_width = 0;
  int declared_height = 0;
  int background_mode = 0;  // P2 as given
  // The deepest extent (in pixel rows) the image had reached when a graphics new line (-) was
  // read, as xterm computes it to decide whether to scroll; -1 when there was no new line.
  int newline_extent = -1;

  bool is_set(int x, int y) const { return rgba[(static_cast<size_t>(y) * width + x) * 4 + 3]; }
  // The pixel as 0xRRGGBBAA.
  uint32_t Pixel(int x, int y) const;
};

class SixelDecoder {
 public:
  // `palette` is read and written (colour definitions) and must outlive the decoder.
  SixelDecoder(const SixelHeader& header, SixelPalette* palette,
               const SixelDecoderOptions& options = {});

  SixelDecoder(const SixelDecoder&) = delete;
  SixelDecoder& operator=(const SixelDecoder&) = delete;

  // Feeds sixel data (the bytes after 'q', without the ST), in chunks split anywhere. After an
  // error later data is counted, not decoded.
  void Feed(absl::string_view data);

  // Ends the data and returns the image, or the first error: kResourceExhausted for a limit,
  // kInvalidArgument for malformed data in strict mode.
  [[nodiscard]] absl::StatusOr<SixelBitmap> Finish();

  // The first error so far (OK while decoding goes well).
  const absl::Status& status() const { return status_; }
  // Data bytes fed so far.
  uint64_t bytes() const { return bytes_; }
  // Problems xterm recovers from (non-strict mode), by kind ("unknown command byte" ...).
  const std::map<std::string, uint64_t>& ignored() const { return ignored_; }

 private:
  enum class Command : uint8_t { kNone, kRepeat, kColor, kRaster };
  static constexpr uint16_t kHole = 0xFFFF;
  static constexpr int kMaxParams = 8;
  static constexpr int64_t kMaxPosition = int64_t{1} << 40;

  void XtermByte(uint8_t c);
  void StrictByte(uint8_t c);
  bool StrictFinishCommand(uint8_t next);
  bool XtermRasterParam(uint8_t c);
  bool XtermColorParam(uint8_t c);
  void Data(uint8_t c, int64_t count);
  void Paint(int bits, int64_t count);
  void NewLine();
  bool Raster(int pan, int pad, int ph, int pv);
  void DefineColor(int reg, int space, int c1, int c2, int c3);
  bool GrowTo(int64_t width, int64_t height);
  void Fail(absl::Status status);
  void Malformed(absl::string_view rule);
  void Ignore(absl::string_view what);
  void PushParam();
  int64_t image_width() const;
  int64_t image_height() const;
  bool CheckDeclared(int64_t ph, int64_t pv);

  SixelHeader header_;
  SixelPalette* palette_;
  SixelDecoderOptions options_;
  int64_t clip_width_;
  int64_t clip_height_;
  absl::Status status_;
  uint64_t bytes_ = 0;
  bool at_end_ = false;
  std::map<std::string, uint64_t> ignored_;

  // Parsing.
  Command command_ = Command::kNone;
  int64_t acc_ = -1;  // the number being read, -1 when no digit was seen
  int params_[kMaxParams] = {};
  int nparams_ = 0;
  bool repeat_pending_ = false;  // strict: a repeat count was read, a data byte must follow
  int64_t repeat_count_ = 1;
  bool seen_data_ = false;
  int current_register_ = 3;  // xterm starts with register 3 ("using green")

  // The image, as register numbers (kHole where nothing is painted) in a grid of
  // cap_width_ x cap_height_, grown on demand within the limits.
  int64_t col_ = 0;
  int64_t row_ = 0;
  std::vector<uint16_t> pixels_;
  int cap_width_ = 0;
  int cap_height_ = 0;
  int painted_width_ = 0;
  int painted_height_ = 0;
  int declared_width_ = 0;
  int declared_height_ = 0;
  // xterm fills the raster declared before the first sixel with register 0 (background 0 or 2).
  int fill_width_ = 0;
  int fill_height_ = 0;
  int newline_extent_ = -1;
};

// Decodes a whole Sixel sequence: ESC P (or the 8-bit DCS, 0x90), the parameters, 'q', the data
// and ESC \ (or 0x9C), the terminator being optional. A convenience for tests and tools.
[[nodiscard]] absl::StatusOr<SixelBitmap> DecodeSixel(absl::string_view sequence,
                                                      SixelPalette* palette,
                                                      const SixelDecoderOptions& options = {});

}  // namespace vtsnap

#endif  // VTSNAP_DECODER_SIXEL_H_
