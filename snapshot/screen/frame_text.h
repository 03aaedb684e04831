// The golden spellings of a Frame's values: how a colour, an attribute list, a cursor, a link run
// or a raster record is written in a `ckvision-golden 1` dump (docs/golden-format.md). The dump's
// writer (snapshot/formats/golden.h) writes them, and the diff (diff.h) and a screen's description
// (screen_view.h) speak the same words, so a failure names a value as the golden file does.
//
// Example (kept compiling in test/snapshot/frame_test.cc):
//   std::string red = vtsnap::golden::FormatColor(vtsnap::Color::Rgb(255, 0, 0));  // "#FF0000"
//   vtsnap::Cursor cursor = {.visible = true, .col = 6, .row = 1};
//   std::string line = vtsnap::golden::FormatCursorLine(cursor);  // "cursor 6 1 block"
#ifndef VTSNAP_SNAPSHOT_SCREEN_FRAME_TEXT_H_
#define VTSNAP_SNAPSHOT_SCREEN_FRAME_TEXT_H_

#include <array>
#include <cstddef>
#include <string>

#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap::golden {

// The attribute names, in the fixed order a dump writes them in when a style records no order.
inline constexpr std::array<absl::string_view, 6> kAttrNames = {"bold",      "dim",     "italic",
                                                                "underline", "reverse", "strike"};

// Whether `style` has attribute kAttrNames[i].
inline bool AttrValue(const Style& style, size_t i) {
  switch (i) {
    case 0:
      return style.bold;
    case 1:
      return style.dim;
    case 2:
      return style.italic;
    case 3:
      return style.underline;
    case 4:
      return style.reverse;
    default:
      return style.strike;
  }
}

// "default", "@12", "#FF0000"; "bold,italic" or "-" (in the style's attr_order);
// "block"/"bar"/"underline"; "double"/"curly"/"dotted"/"dashed" ("single" for the plain rule,
// which a dump spells by its absence).
std::string FormatColor(const Color& color);
std::string FormatAttrs(const Style& style);
absl::string_view FormatCursorShape(CursorShape shape);
absl::string_view FormatUnderlineShape(UnderlineShape shape);

// The record lines as the dump writes them, without the newline: "cursor 6 1 block" or
// "cursor hidden"; "link 2 0 5 https://x.example/"; "raster 1 anchor 2 1 span 4 2 pixels 64 32
// hash a1b2".
std::string FormatCursorLine(const Cursor& cursor);
std::string FormatLinkLine(const LinkRun& link);
std::string FormatRasterLine(const RasterRecord& raster);

}  // namespace vtsnap::golden

#endif  // VTSNAP_SNAPSHOT_SCREEN_FRAME_TEXT_H_
