// pito-tui frame 1: the capture format of pito-tui (docs/pito.md, "pito-tui
// frame 1"): one ratatui buffer as text, read and written byte for byte.
//
//   pito-tui frame 1
//   3 1
//   a\tb<TAB>c          (every cell's symbol, tab-separated; \\ \t \n \r escaped)
//   1 #5B8CFF Reset 1<TAB>2 Reset Reset 0
//
// After the header and the size line ("WIDTH HEIGHT"), each row is two lines: its symbols, then
// its style runs, each `<count> <fg> <bg> <modifier bits>`. Colours are ratatui's Display: a name
// (Reset, Black, Red, ..., White), #RRGGBB or a palette index. TuiFrame keeps the file's runs as
// written and a name apart from the index of the same colour, so Serialize(*Parse(text)) == text
// for every text Parse accepts.
//
//   absl::StatusOr<vtsnap::pito::TuiFrame> frame = vtsnap::pito::ParseFrame(
//       "pito-tui frame 1\n2 1\nh\ti\n1 #5B8CFF Reset 1\t1 Reset Reset 0\n", "home/80x24");
//   // frame->rows[0].symbols == {"h", "i"}; frame->rows[0].runs[0].style.modifiers == kBold
//   absl::StatusOr<std::string> text = vtsnap::pito::SerializeFrame(*frame);  // the same bytes
//
//   vtsnap::VirtualTerminal vt({.cols = 80, .rows = 24});
//   vt.Write(bytes);
//   absl::StatusOr<vtsnap::pito::TuiFrame> captured = vtsnap::pito::FrameFromScreen(vt);
//   // an error naming the cell for what the format cannot say, unless {.allow_loss = true}
#ifndef VTSNAP_SNAPSHOT_FORMATS_PITO_FRAME_H_
#define VTSNAP_SNAPSHOT_FORMATS_PITO_FRAME_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap::pito {

// ratatui's named colours, in the order of its `Color` enum (ratatui-core/src/style/color.rs).
// kBlack..kWhite are the 16 ANSI colours, palette 0-15 in that order (kGray is SGR 37, kDarkGray
// SGR 90, kWhite SGR 97).
enum class NamedColor : uint8_t {
  kReset,
  kBlack,
  kRed,
  kGreen,
  kYellow,
  kBlue,
  kMagenta,
  kCyan,
  kGray,
  kDarkGray,
  kLightRed,
  kLightGreen,
  kLightYellow,
  kLightBlue,
  kLightMagenta,
  kLightCyan,
  kWhite,
};

// A ratatui colour: a name, an index (ratatui's Indexed, 0-255) or an RGB value. `Indexed(1)`
// and `Red` are different colours here, as they are in ratatui and in the file.
struct TuiColor {
  enum class Kind : uint8_t { kNamed, kIndexed, kRgb };
  Kind kind = Kind::kNamed;
  uint32_t value = 0;  // a NamedColor, the index, or 0xRRGGBB

  static constexpr TuiColor Named(NamedColor name) {
    return {Kind::kNamed, static_cast<uint32_t>(name)};
  }
  static constexpr TuiColor Reset() { return Named(NamedColor::kReset); }
  static constexpr TuiColor Indexed(int index) {
    return {Kind::kIndexed, static_cast<uint32_t>(index)};
  }
  static constexpr TuiColor Rgb(int r, int g, int b) {
    return {Kind::kRgb, (static_cast<uint32_t>(r & 0xFF) << 16) |
                            (static_cast<uint32_t>(g & 0xFF) << 8) |
                            static_cast<uint32_t>(b & 0xFF)};
  }
  friend bool operator==(const TuiColor&, const TuiColor&) = default;
};

// ratatui's Display of a colour: "Reset", "LightRed", "#5B8CFF" (uppercase hex), "42".
std::string ColorText(const TuiColor& color);

// ratatui's Modifier bits. The format has these nine; kAllModifiers is their union.
inline constexpr uint16_t kBold = 1;
inline constexpr uint16_t kDim = 2;
inline constexpr uint16_t kItalic = 4;
inline constexpr uint16_t kUnderlined = 8;
inline constexpr uint16_t kSlowBlink = 16;
inline constexpr uint16_t kRapidBlink = 32;
inline constexpr uint16_t kReversed = 64;
inline constexpr uint16_t kHidden = 128;
inline constexpr uint16_t kCrossedOut = 256;
inline constexpr uint16_t kAllModifiers = 511;

// ratatui's Debug of a Modifier, as the spec's Differences lines print it: "NONE" when no bit is
// set, otherwise the set bits' names in bit order joined by " | " ("BOLD | DIM"). A bit above
// kCrossedOut is printed as hex ("0x200"), as bitflags prints an unnamed bit.
std::string ModifierNames(uint16_t modifiers);

// One cell's style: foreground, background, modifier bits.
struct TuiStyle {
  TuiColor fg = TuiColor::Reset();
  TuiColor bg = TuiColor::Reset();
  uint16_t modifiers = 0;
  friend bool operator==(const TuiStyle&, const TuiStyle&) = default;
};

// `count` consecutive cells of a row in `style`. Written "<count> <fg> <bg> <bits>".
struct StyleRun {
  int count = 0;
  TuiStyle style = {};
  friend bool operator==(const StyleRun&, const StyleRun&) = default;
};
std::string RunText(const StyleRun& run);  // "1 #5B8CFF Reset 1"

struct TuiRow {
  std::vector<std::string> symbols = {};  // one a cell, unescaped (any bytes)
  std::vector<StyleRun> runs = {};        // as written; counts add up to the width
  friend bool operator==(const TuiRow&, const TuiRow&) = default;
};

// One frame file. Valid when 1 <= width, height <= 65535 (ratatui's u16), rows.size() == height,
// each row has `width` symbols and runs of at least one cell adding up to `width`, indexes are
// 0-255 and modifier bits at most kAllModifiers.
struct TuiFrame {
  int width = 0;
  int height = 0;
  std::vector<TuiRow> rows = {};

  // The style of cell (col, row), from the row's runs (the frame must be valid).
  const TuiStyle& StyleAt(int col, int row) const;
  friend bool operator==(const TuiFrame&, const TuiFrame&) = default;
};

inline constexpr absl::string_view kFrameHeader = "pito-tui frame 1";

// Reads a frame file. Every malformed file is an InvalidArgumentError whose message is
// "<path>:<line>:<column>: <what>" (1-based; columns count bytes; "<line>:<column>: <what>" when
// `path` is empty). Strict by design: only what ratatui's Display writes is accepted (no lowercase
// hex, no leading zeros, LF line endings, a final newline), so what parses serializes back to the
// same bytes.
[[nodiscard]] absl::StatusOr<TuiFrame> ParseFrame(absl::string_view text, absl::string_view path);

// Writes a frame file; an InvalidArgumentError naming what is wrong when `frame` is not valid.
[[nodiscard]] absl::StatusOr<std::string> SerializeFrame(const TuiFrame& frame);

struct FrameFromScreenOptions {
  // Drop what the format cannot say (hyperlinks, underline colour, an underline shape other than
  // single, which becomes UNDERLINED, overline) instead of failing.
  bool allow_loss = false;
};

// The frame ratatui would hold for `screen`: palette 0-15 become the names, 16-255 indexes, RGB
// #RRGGBB, the default Reset; bold, dim, italic, underline, blink (SLOW_BLINK), reverse
// (REVERSED), invisible (HIDDEN, keeping the cell's symbol) and strike (CROSSED_OUT) the bits. A
// wide character's continuation cell is what ratatui's Buffer::set_stringn leaves there: the
// symbol " " in Reset Reset with no modifier. Runs are maximal. Fails when the screen cannot be
// read, is a Frame parsed from a golden dump, or (without allow_loss) shows something the format
// cannot say, naming the first such cell: "row 3 col 5 (0-based): overline cannot be written...".
[[nodiscard]] absl::StatusOr<TuiFrame> FrameFromScreen(const ScreenView& screen,
                                                       const FrameFromScreenOptions& options = {});

}  // namespace vtsnap::pito

#endif  // VTSNAP_SNAPSHOT_FORMATS_PITO_FRAME_H_
