// Renderers: a Frame drawn as a person sees it, as an HTML page, an SVG picture, ANSI text for a
// terminal, or RGBA pixels (which snapshot/render/png.h writes as a PNG). `vtsnap render`, the HTML
// failure report and `vtsnap review` draw screens with these.
//
// Every renderer resolves colours the same way (docs/render.md): the xterm default palette (the 16
// basic colours of xterm's resources, the 6x6x6 cube, the grey ramp), default foreground black and
// background white as xterm starts; reverse swaps the two; dim draws the foreground halfway to the
// background; a default underline colour follows the foreground. Bold is a bold face (in pixels,
// the glyph drawn twice one pixel apart), italic an italic face (in pixels, the top half of the
// glyph one pixel to the right); underline shapes, strike, wide characters, the visible cursor
// (block: the cell reversed; underline and bar: a two-pixel rule in the foreground colour) and
// links (clickable in HTML and SVG, OSC 8 in ANSI) are drawn. A Sixel pixel plane, when given, is
// scaled over the whole grid (its transparent pixels show the cells).
//
// Example (kept compiling in test/snapshot/render_test.cc):
//   vtsnap::Frame frame = vtsnap::Frame::Blank(4, 1);
//   frame.cell(0, 0).grapheme = "h";
//   frame.cell(0, 0).style.fg = vtsnap::Color::Palette(1);
//   std::string page = vtsnap::RenderHtml(frame);   // <!DOCTYPE html> ... color:#cd0000 ...
//   std::string ansi = vtsnap::RenderAnsi(frame);   // "\x1b[0;31mh\x1b[0m   \x1b[0m\n"
//   absl::StatusOr<vtsnap::BitmapFont> font = vtsnap::BitmapFont::Read(vtsnap::kUnifontHexPath);
//   if (!font.ok()) return font.status();
//   vtsnap::RgbaPlane pixels = vtsnap::RenderPixels(frame, *font);  // 32 x 16 pixels
#ifndef VTSNAP_SNAPSHOT_RENDER_RENDER_H_
#define VTSNAP_SNAPSHOT_RENDER_RENDER_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace vtsnap {

// The colours a renderer draws with, 0xRRGGBB.
struct RenderPalette {
  uint32_t foreground = 0x000000;
  uint32_t background = 0xFFFFFF;
  std::array<uint32_t, 256> colors = {};

  // xterm's defaults (XTerm resources color0..color15, the cube and the grey ramp; black on white).
  static RenderPalette Xterm();
};

// How one cell is drawn once its style is resolved.
struct CellLook {
  uint32_t fg = 0;
  uint32_t bg = 0;
  uint32_t underline_color = 0;
  bool bold = false;
  bool italic = false;
  bool underline = false;
  UnderlineShape underline_shape = UnderlineShape::kSingle;
  bool strike = false;
};
CellLook ResolveStyle(const Style& style, const RenderPalette& palette);

// "#rrggbb".
std::string CssColor(uint32_t rgb);

// `text` safe in HTML text and attribute values: & < > " ' as character references.
std::string EscapeHtml(absl::string_view text);

// A style in words, for a cell's hover text: "fg @6 (cyan), bg default, bold, underline curly".
std::string DescribeStyle(const Style& style);

struct RenderOptions {
  RenderPalette palette = RenderPalette::Xterm();
  // A pixel plane to draw over the cells (the terminal's Sixel plane, whose size is the grid in the
  // terminal's cell pixels); nullptr for none.
  const RgbaPlane* plane = nullptr;
  // Whether to draw a visible cursor.
  bool cursor = true;
  // The page's title (HTML, SVG); empty: "vtsnap screen".
  std::string title = {};
};

// A whole HTML page (no script, no external file) showing the screen: a grid of cells of 9 x 18
// CSS pixels, each cell's style in words on hover, links as <a>.
std::string RenderHtml(const Frame& frame, const RenderOptions& options = {});

// The pieces of RenderHtml for pages that show several screens (the failure report): the style
// sheet every screen needs, and one screen as a <div class="vt">. `marked`, when not empty, holds
// one flag per cell (row-major); marked cells get the class "chg" (the report's highlight).
std::string HtmlScreenStyleSheet();
std::string HtmlScreen(const Frame& frame, const RenderOptions& options,
                       const std::vector<bool>& marked = {});

// A pixel plane alone (a `ckvision-rgba 1` file), pixel for pixel: a page with the plane as an
// image of its own size over a checkerboard that shows its transparency, or an SVG of that size.
std::string RenderPlaneHtml(const RgbaPlane& plane, const RenderOptions& options = {});
std::string RenderPlaneSvg(const RgbaPlane& plane, const RenderOptions& options = {});

// A standalone SVG picture of the screen (cells of 9 x 18 user units), links as <a>.
std::string RenderSvg(const Frame& frame, const RenderOptions& options = {});

// RenderHtml and RenderSvg that give up once the output passes `max_bytes`, with a
// ResourceExhaustedError "larger than N bytes (M MiB)": drawing stops there, so memory stays near
// the limit. A page grows with the cells and with what they hold (each cell's hover text repeats
// its grapheme and link target), so the screen's size alone does not bound it. `vtsnap render`
// draws with these.
[[nodiscard]] absl::StatusOr<std::string> RenderHtmlAtMost(const Frame& frame,
                                                           const RenderOptions& options,
                                                           size_t max_bytes);
[[nodiscard]] absl::StatusOr<std::string> RenderSvgAtMost(const Frame& frame,
                                                          const RenderOptions& options,
                                                          size_t max_bytes);

// The screen as text for a colour terminal: each row's cells with their SGR
// (snapshot/screen/sgr.h), OSC 8 around links, "\x1b[0m\n" after each row. The cursor is not drawn.
std::string RenderAnsi(const Frame& frame);
// One row of RenderAnsi, without the newline.
std::string RenderAnsiRow(const Frame& frame, int row);

// A bitmap font of fixed cells for RenderPixels: GNU Unifont's .hex format ("XXXX:" then 32 hex
// digits for an 8 x 16 glyph, 64 for a 16 x 16 one; Debian's package unifont installs it).
class BitmapFont {
 public:
  // Errors name the file and the line and column of a malformed glyph line. Only a regular file
  // of at most kMaxFontBytes is read: a device, a FIFO (not waited for) or a larger file is an
  // error naming it.
  static absl::StatusOr<BitmapFont> Read(const std::string& path);
  static absl::StatusOr<BitmapFont> Parse(absl::string_view text, absl::string_view name);

  int cell_width() const { return 8; }
  int cell_height() const { return 16; }
  // The glyph of `code_point`: 16 rows of 16 bits, the leftmost pixel in the highest bit, and its
  // width in pixels (8 or 16); nullptr when the font has none.
  struct Glyph {
    std::array<uint16_t, 16> rows = {};
    int width = 8;
  };
  const Glyph* Find(uint32_t code_point) const;
  size_t size() const { return glyphs_.size(); }

 private:
  absl::flat_hash_map<uint32_t, Glyph> glyphs_;
};

// The largest font file BitmapFont::Read reads: GNU Unifont's .hex files are a few MiB (Debian's
// unifont.hex 3.6 MiB), and a larger one is refused unread rather than held in memory.
inline constexpr size_t kMaxFontBytes = size_t{16} << 20;

// Where Debian's unifont package puts the font.
inline constexpr char kUnifontHexPath[] = "/usr/share/unifont/unifont.hex";

// The screen as pixels: cols * font.cell_width() by rows * font.cell_height(), opaque. A grapheme
// is drawn with its first code point's glyph (a box when the font has none); combining marks are
// not drawn.
RgbaPlane RenderPixels(const Frame& frame, const BitmapFont& font,
                       const RenderOptions& options = {});

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_RENDER_RENDER_H_
