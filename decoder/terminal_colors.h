// The colours a program sets and asks for with OSC 4, 5 and 10-19, and resets with OSC 104-119
// (docs/replies.md): xterm's 256-colour palette, its five special colours and its dynamic colours
// (foreground, background, cursor, highlight...), as xterm 379 reports them. They are what the
// terminal says, not what it shows: the screen keeps palette indices, so setting a colour changes
// later replies, never a snapshot.
//
//   vtsnap::ColorRegisters colors(vtsnap::ReplyProfile{});
//   colors.palette(1);                                  // {0xcd, 0, 0}, xterm's red
//   vtsnap::FormatXColor(*vtsnap::ParseXColor("#1e1e1e"));  // "rgb:1e1e/1e1e/1e1e"
#ifndef VTSNAP_DECODER_TERMINAL_COLORS_H_
#define VTSNAP_DECODER_TERMINAL_COLORS_H_

#include <array>
#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "vtsnap/decoder/terminal_options.h"

namespace vtsnap {

// A colour specification as xterm reads one (XParseColor): `rgb:R/G/B` with 1 to 4 hex digits a
// channel (scaled: `rgb:f/8/0` is ff/88/00), `#RGB`, `#RRGGBB`, `#RRRGGGBBB` and `#RRRRGGGGBBBB`
// (the digits are the high bits: `#f00` is f0/00/00), `rgbi:R/G/B` with channels from 0 to 1, and
// a few X colour names (case ignored: black, white, red, green, blue, yellow, cyan, magenta,
// gray/grey and grey0-grey100, and the others kXColorNames lists). Every channel is kept
// to 8 bits, as a 24-bit X display keeps it. nullopt for anything else (the CIE forms, the rest of
// rgb.txt).
std::optional<ReportedColor> ParseXColor(absl::string_view spec);

// `rgb:RRRR/GGGG/BBBB`, each 8-bit channel doubled, as xterm writes a colour in a reply.
std::string FormatXColor(ReportedColor color);

// Entry `index` (0-255) of xterm's default palette: the 16 colours of its default resources
// (color0-color15), the 6x6x6 cube (0, 95, 135, 175, 215, 255) and the 24 greys (8 to 238).
ReportedColor DefaultPaletteColor(int index);

class ColorRegisters {
 public:
  // OSC 4 answers for 256 palette entries and, past them, the five special colours (bold,
  // underline, blink, reverse, italic: OSC 4 ; 256-260, or OSC 5 ; 0-4).
  static constexpr int kPaletteSize = 256;
  static constexpr int kSpecialColors = 5;
  static constexpr int kEntries = kPaletteSize + kSpecialColors;
  // OSC 10 to 19: foreground, background, cursor, pointer foreground and background, Tektronix
  // foreground, background and cursor, highlight background, highlight foreground.
  static constexpr int kFirstDynamic = 10;
  static constexpr int kLastDynamic = 19;

  explicit ColorRegisters(const ReplyProfile& profile);

  // Palette entries 0-260 (256-260 are the special colours).
  ReportedColor palette(int index) const { return palette_[index]; }
  void SetPalette(int index, ReportedColor color) { palette_[index] = color; }
  void ResetPalette(int index) { palette_[index] = default_palette_[index]; }
  // The whole palette, special colours included (OSC 104 without a list, RIS; xterm's RIS leaves
  // the dynamic colours as they are).
  void ResetPalette() { palette_ = default_palette_; }

  ReportedColor dynamic(int code) const { return dynamic_[code - kFirstDynamic]; }
  void SetDynamic(int code, ReportedColor color) { dynamic_[code - kFirstDynamic] = color; }
  void ResetDynamic(int code) {
    dynamic_[code - kFirstDynamic] = default_dynamic_[code - kFirstDynamic];
  }

 private:
  static constexpr int kDynamic = kLastDynamic - kFirstDynamic + 1;
  std::array<ReportedColor, kEntries> default_palette_;
  std::array<ReportedColor, kEntries> palette_;
  std::array<ReportedColor, kDynamic> default_dynamic_;
  std::array<ReportedColor, kDynamic> dynamic_;
};

}  // namespace vtsnap

#endif  // VTSNAP_DECODER_TERMINAL_COLORS_H_
