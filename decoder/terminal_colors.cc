// Colour specifications (XParseColor's forms that vtsnap reads), xterm's default palette and the
// colour registers OSC 4, 5 and 10-19 set and report (test/decoder/replies_osc_test.cc has the
// replies recorded from xterm 379).
#include "vtsnap/decoder/terminal_colors.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"

namespace vtsnap {
namespace {

// xterm's color0-color15 resources as its app-defaults file sets them.
constexpr ReportedColor kAnsiColors[16] = {
    {0x00, 0x00, 0x00}, {0xcd, 0x00, 0x00}, {0x00, 0xcd, 0x00}, {0xcd, 0xcd, 0x00},
    {0x00, 0x00, 0xee}, {0xcd, 0x00, 0xcd}, {0x00, 0xcd, 0xcd}, {0xe5, 0xe5, 0xe5},
    {0x7f, 0x7f, 0x7f}, {0xff, 0x00, 0x00}, {0x00, 0xff, 0x00}, {0xff, 0xff, 0x00},
    {0x5c, 0x5c, 0xff}, {0xff, 0x00, 0xff}, {0x00, 0xff, 0xff}, {0xff, 0xff, 0xff},
};

// The channel levels of the 6x6x6 cube (entries 16-231).
constexpr uint8_t kCubeLevels[6] = {0, 95, 135, 175, 215, 255};

// X's grey0-grey100 (rgb.txt): N percent of 255, rounded, as the X database lists them.
constexpr uint8_t kGreyPercent[101] = {
    0,   3,   5,   8,   10,  13,  15,  18,  20,  23,  26,  28,  31,  33,  36,  38,  41,
    43,  46,  48,  51,  54,  56,  59,  61,  64,  66,  69,  71,  74,  77,  79,  82,  84,
    87,  89,  92,  94,  97,  99,  102, 105, 107, 110, 112, 115, 117, 120, 122, 125, 127,
    130, 133, 135, 138, 140, 143, 145, 148, 150, 153, 156, 158, 161, 163, 166, 168, 171,
    173, 176, 179, 181, 184, 186, 189, 191, 194, 196, 199, 201, 204, 207, 209, 212, 214,
    217, 219, 222, 224, 227, 229, 232, 235, 237, 240, 242, 245, 247, 250, 252, 255,
};

struct NamedColor {
  absl::string_view name;  // lower case, with rgb.txt's spaces
  ReportedColor color;
};
// The X colour names vtsnap knows (a few of rgb.txt's, with X's values: X's green is 00ff00 and
// its gray is bebebe, unlike CSS).
constexpr NamedColor kXColorNames[] = {
    {"black", {0, 0, 0}},
    {"white", {255, 255, 255}},
    {"red", {255, 0, 0}},
    {"green", {0, 255, 0}},
    {"blue", {0, 0, 255}},
    {"yellow", {255, 255, 0}},
    {"cyan", {0, 255, 255}},
    {"magenta", {255, 0, 255}},
    {"gray", {190, 190, 190}},
    {"grey", {190, 190, 190}},
    {"lightgray", {211, 211, 211}},
    {"lightgrey", {211, 211, 211}},
    {"darkgray", {169, 169, 169}},
    {"darkgrey", {169, 169, 169}},
    {"navy", {0, 0, 128}},
    {"orange", {255, 165, 0}},
    {"purple", {160, 32, 240}},
    {"brown", {165, 42, 42}},
    {"pink", {255, 192, 203}},
    {"gold", {255, 215, 0}},
    {"maroon", {176, 48, 96}},
    {"violet", {238, 130, 238}},
    {"darkslategray", {47, 79, 79}},
    {"darkslategrey", {47, 79, 79}},
    {"dark slate gray", {47, 79, 79}},
    {"dark slate grey", {47, 79, 79}},
    {"light gray", {211, 211, 211}},
    {"light grey", {211, 211, 211}},
    {"dark gray", {169, 169, 169}},
    {"dark grey", {169, 169, 169}},
};

// A run of 1 to 4 hex digits as a 16-bit channel, or -1.
int HexDigits(absl::string_view digits) {
  if (digits.empty() || digits.size() > 4) return -1;
  int value = 0;
  for (char c : digits) {
    if (!absl::ascii_isxdigit(static_cast<unsigned char>(c))) return -1;
    value = value * 16 + (absl::ascii_isdigit(static_cast<unsigned char>(c))
                              ? c - '0'
                              : absl::ascii_tolower(static_cast<unsigned char>(c)) - 'a' + 10);
  }
  return value;
}

// The 8 bits a 24-bit display keeps of a 16-bit channel: its high byte.
uint8_t High(int value16) { return static_cast<uint8_t>(value16 >> 8); }

// `rgb:R/G/B`: each channel scaled from its digits to 16 bits (f is ffff, 80 is 8080).
std::optional<ReportedColor> ParseRgb(absl::string_view body) {
  std::vector<absl::string_view> parts = absl::StrSplit(body, '/');
  if (parts.size() != 3) return std::nullopt;
  uint8_t channels[3];
  for (int i = 0; i < 3; ++i) {
    const int v = HexDigits(parts[i]);
    if (v < 0) return std::nullopt;
    const int max = (1 << (4 * static_cast<int>(parts[i].size()))) - 1;
    channels[i] = High(static_cast<int>(int64_t{v} * 65535 / max));  // 4 digits: past int
  }
  return ReportedColor{channels[0], channels[1], channels[2]};
}

// `#RGB` to `#RRRRGGGGBBBB`: the digits are the high bits of each channel (#f00 is f000).
std::optional<ReportedColor> ParseHash(absl::string_view body) {
  if (body.empty() || body.size() % 3 != 0 || body.size() > 12) return std::nullopt;
  const size_t n = body.size() / 3;
  uint8_t channels[3];
  for (size_t i = 0; i < 3; ++i) {
    const int v = HexDigits(body.substr(i * n, n));
    if (v < 0) return std::nullopt;
    channels[i] = High(v << (16 - 4 * static_cast<int>(n)));
  }
  return ReportedColor{channels[0], channels[1], channels[2]};
}

std::optional<ReportedColor> ParseName(absl::string_view spec) {
  // X looks names up ignoring case; a space counts (" red" is no colour).
  const std::string name = absl::AsciiStrToLower(spec);
  for (const NamedColor& n : kXColorNames) {
    if (n.name == name) return n.color;
  }
  for (absl::string_view grey : {"grey", "gray"}) {
    int percent = 0;
    if (absl::StartsWith(name, grey) && name.size() > grey.size() &&
        absl::ascii_isdigit(static_cast<unsigned char>(name[grey.size()])) &&
        absl::SimpleAtoi(absl::string_view(name).substr(grey.size()), &percent) && percent >= 0 &&
        percent <= 100) {
      const uint8_t v = kGreyPercent[percent];
      return ReportedColor{v, v, v};
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<ReportedColor> ParseXColor(absl::string_view spec) {
  if (absl::StartsWithIgnoreCase(spec, "rgb:")) return ParseRgb(spec.substr(4));
  if (absl::StartsWith(spec, "#")) return ParseHash(spec.substr(1));
  if (absl::StrContains(spec, ':')) return std::nullopt;  // rgbi:, CIEXYZ:... not read
  return ParseName(spec);
}

std::string FormatXColor(ReportedColor color) {
  return absl::StrFormat("rgb:%02x%02x/%02x%02x/%02x%02x", color.r, color.r, color.g, color.g,
                         color.b, color.b);
}

ReportedColor DefaultPaletteColor(int index) {
  if (index < 16) return kAnsiColors[index];
  if (index < 232) {
    const int i = index - 16;
    return {kCubeLevels[i / 36], kCubeLevels[i / 6 % 6], kCubeLevels[i % 6]};
  }
  const auto grey = static_cast<uint8_t>(8 + 10 * (index - 232));
  return {grey, grey, grey};
}

ColorRegisters::ColorRegisters(const ReplyProfile& profile) {
  for (int i = 0; i < kPaletteSize; ++i) default_palette_[i] = DefaultPaletteColor(i);
  // xterm's colorBD, colorUL, colorBL, colorRV and colorIT default to the foreground.
  for (int i = kPaletteSize; i < kEntries; ++i) default_palette_[i] = profile.foreground;
  const ReportedColor fg = profile.foreground;
  const ReportedColor bg = profile.background;
  // OSC 10-19 as xterm's resources default them: the pointer, Tektronix and highlight colours
  // follow the foreground and background xterm started with (highlight: text in the background
  // colour on the foreground), the cursor is the profile's.
  default_dynamic_ = {fg, bg, profile.cursor, fg, bg, fg, bg, fg, fg, bg};
  palette_ = default_palette_;
  dynamic_ = default_dynamic_;
}

}  // namespace vtsnap
