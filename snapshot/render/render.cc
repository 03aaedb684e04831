// The renderers (snapshot/render/render.h).
#include "vtsnap/snapshot/render/render.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/file_reader.h"
#include "vtsnap/base/utf8.h"
#include "vtsnap/snapshot/formats/state_json.h"
#include "vtsnap/snapshot/render/png.h"
#include "vtsnap/snapshot/screen/diff.h"
#include "vtsnap/snapshot/screen/sgr.h"

namespace vtsnap {
namespace {

constexpr int kCellWidth = 9;    // CSS pixels (HTML) or user units (SVG)
constexpr int kCellHeight = 18;  // of one cell
constexpr int kFontSize = 15;

uint32_t Mix(uint32_t a, uint32_t b) {  // halfway from a to b
  uint32_t out = 0;
  for (int shift = 0; shift <= 16; shift += 8) {
    const uint32_t x = (a >> shift) & 0xFF;
    const uint32_t y = (b >> shift) & 0xFF;
    out |= ((x + y) / 2) << shift;
  }
  return out;
}

uint32_t Resolve(const Color& color, uint32_t default_rgb, const RenderPalette& palette) {
  switch (color.kind) {
    case Color::Kind::kDefault:
      return default_rgb;
    case Color::Kind::kPalette:
      return palette.colors[static_cast<size_t>(color.index() & 0xFF)];
    case Color::Kind::kRgb:
      return color.value & 0xFFFFFF;
  }
  return default_rgb;
}

// Only these schemes become clickable: a report is opened from disk, and a screen's link target
// comes from the program under test.
bool IsSafeLink(absl::string_view target) {
  const std::string lower = absl::AsciiStrToLower(target.substr(0, 8));
  for (absl::string_view scheme : {"http://", "https://", "file://", "mailto:", "ftp://"}) {
    if (absl::StartsWith(lower, scheme)) return true;
  }
  return false;
}

// The columns of `row` clipped or padded to the frame's width; a wide glyph cut by the right edge
// shows as a blank.
std::vector<std::string> GridColumns(const Frame& frame, int row) {
  std::vector<std::string> columns = ShownColumns(frame, row);
  const size_t cols = static_cast<size_t>(frame.cols);
  if (cols > 0 && columns.size() > cols && columns[cols].empty()) columns[cols - 1].assign(1, ' ');
  columns.resize(cols, " ");
  return columns;
}

bool IsWide(const std::vector<std::string>& columns, int col) {
  return col + 1 < static_cast<int>(columns.size()) && !columns[static_cast<size_t>(col)].empty() &&
         columns[static_cast<size_t>(col) + 1].empty();
}

std::string CssOfLook(const CellLook& look, const RenderPalette& palette) {
  std::string css;
  if (look.fg != palette.foreground) absl::StrAppend(&css, "color:", CssColor(look.fg), ";");
  if (look.bg != palette.background) absl::StrAppend(&css, "background:", CssColor(look.bg), ";");
  if (look.bold) css += "font-weight:bold;";
  if (look.italic) css += "font-style:italic;";
  if (look.underline || look.strike) {
    std::vector<absl::string_view> lines;
    if (look.underline) lines.emplace_back("underline");
    if (look.strike) lines.emplace_back("line-through");
    absl::StrAppend(&css, "text-decoration-line:", absl::StrJoin(lines, " "), ";");
    if (look.underline) {
      static constexpr absl::string_view kShapes[] = {"solid", "double", "wavy", "dotted",
                                                      "dashed"};
      absl::StrAppend(&css,
                      "text-decoration-style:", kShapes[static_cast<int>(look.underline_shape)],
                      ";text-decoration-color:", CssColor(look.underline_color), ";");
    }
  }
  return css;
}

std::string CellTitle(const Frame& frame, int col, int row, absl::string_view text,
                      const std::string& link) {
  std::string title = absl::StrCat("row ", row, " col ", col, ": \"", text, "\" ",
                                   DescribeStyle(frame.style(col, row)));
  if (!link.empty()) absl::StrAppend(&title, "; link ", link);
  return title;
}

std::string PlaneDataUri(const RgbaPlane& plane) {
  absl::StatusOr<std::string> png = EncodePng(plane);
  if (!png.ok()) return "";
  return absl::StrCat("data:image/png;base64,", absl::Base64Escape(*png));
}

// `c` as EscapeHtml writes it.
void AppendEscaped(char c, std::string* out) {
  switch (c) {
    case '&':
      *out += "&amp;";
      break;
    case '<':
      *out += "&lt;";
      break;
    case '>':
      *out += "&gt;";
      break;
    case '"':
      *out += "&quot;";
      break;
    case '\'':
      *out += "&#39;";
      break;
    default:
      *out += c;
  }
}

// A code point XML 1.0 allows in a document (its production Char): tab, LF, CR and U+0020 up,
// except the surrogates, U+FFFE and U+FFFF.
bool IsXmlChar(char32_t c) {
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
         (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

// EscapeHtml for an SVG file, which is XML: a code point XML forbids (a cell may hold U+FFFE, a
// title or a link any byte) or a malformed byte becomes U+FFFD, as ShownText draws a malformed
// byte, since even a character reference to one is not well-formed XML.
std::string EscapeXml(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t plain = 0;  // text[plain, i) is copied as it is
  size_t i = 0;
  while (i < text.size()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x80 && byte != '&' && byte != '<' && byte != '>' && byte != '"' &&
        byte != '\'') {
      ++i;
      continue;
    }
    out.append(text.data() + plain, i - plain);
    const Utf8Char c = DecodeUtf8(text.substr(i));
    if (!c.valid || !IsXmlChar(c.code_point)) {
      out += "\xEF\xBF\xBD";
    } else if (c.length == 1) {
      AppendEscaped(text[i], &out);
    } else {
      out.append(text.data() + i, static_cast<size_t>(c.length));
    }
    i += static_cast<size_t>(c.length);
    plain = i;
  }
  out.append(text.data() + plain, i - plain);
  return out;
}

}  // namespace

std::string EscapeHtml(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t plain = 0;  // text[plain, i) is copied as it is
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c != '&' && c != '<' && c != '>' && c != '"' && c != '\'') continue;
    out.append(text.data() + plain, i - plain);
    AppendEscaped(c, &out);
    plain = i + 1;
  }
  out.append(text.data() + plain, text.size() - plain);
  return out;
}

RenderPalette RenderPalette::Xterm() {
  RenderPalette p;
  for (int i = 0; i < 256; ++i) p.colors[static_cast<size_t>(i)] = XtermPaletteRgb(i);
  return p;
}

CellLook ResolveStyle(const Style& style, const RenderPalette& palette) {
  CellLook look;
  uint32_t fg = Resolve(style.fg, palette.foreground, palette);
  uint32_t bg = Resolve(style.bg, palette.background, palette);
  if (style.reverse) std::swap(fg, bg);
  if (style.dim) fg = Mix(fg, bg);
  look.fg = fg;
  look.bg = bg;
  look.bold = style.bold;
  look.italic = style.italic;
  look.underline = style.underline;
  look.underline_shape = style.underline_shape;
  look.underline_color = style.underline && !style.underline_color.is_default()
                             ? Resolve(style.underline_color, fg, palette)
                             : fg;
  look.strike = style.strike;
  return look;
}

std::string CssColor(uint32_t rgb) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "#";
  for (int shift = 20; shift >= 0; shift -= 4) out += kHex[(rgb >> shift) & 0xF];
  return out;
}

std::string DescribeStyle(const Style& style) {
  std::vector<std::string> parts = {absl::StrCat("fg ", NamedColor(style.fg)),
                                    absl::StrCat("bg ", NamedColor(style.bg))};
  if (style.bold) parts.emplace_back("bold");
  if (style.dim) parts.emplace_back("dim");
  if (style.italic) parts.emplace_back("italic");
  if (style.underline) {
    static constexpr absl::string_view kShapes[] = {"", " double", " curly", " dotted", " dashed"};
    std::string u = absl::StrCat("underline", kShapes[static_cast<int>(style.underline_shape)]);
    if (!style.underline_color.is_default()) {
      absl::StrAppend(&u, " ulcolor ", NamedColor(style.underline_color));
    }
    parts.push_back(u);
  }
  if (style.reverse) parts.emplace_back("reverse");
  if (style.strike) parts.emplace_back("strike");
  return absl::StrJoin(parts, ", ");
}

std::string HtmlScreenStyleSheet() {
  return absl::StrCat(
      ".vt{position:relative;display:inline-block;white-space:pre;line-height:", kCellHeight,
      "px;font:", kFontSize, "px/", kCellHeight,
      "px 'DejaVu Sans Mono',monospace;color:#000000;background:#ffffff;"
      "border:1px solid #888;}\n"
      ".vt .r{display:block;height:",
      kCellHeight,
      "px;white-space:nowrap;}\n"
      ".vt .c{display:inline-block;vertical-align:top;overflow:visible;width:",
      kCellWidth, "px;height:", kCellHeight,
      "px;text-align:center;}\n"
      ".vt .w{width:",
      2 * kCellWidth,
      "px;}\n"
      ".vt a{color:inherit;text-decoration:none;}\n"
      ".vt .cur-b{outline:1px solid currentColor;outline-offset:-1px;}\n"
      ".vt .cur-u{box-shadow:inset 0 -2px 0 currentColor;}\n"
      ".vt .cur-i{box-shadow:inset 2px 0 0 currentColor;}\n"
      ".vt .px{position:absolute;left:0;top:0;width:100%;height:100%;image-rendering:pixelated;"
      "pointer-events:none;}\n");
}

namespace {

// HtmlScreen appended to *out; false as soon as *out holds more than `max_bytes` (it then holds
// what was drawn so far), so a page's memory stays near the limit whatever the frame.
bool AppendHtmlScreen(const Frame& frame, const RenderOptions& options,
                      const std::vector<bool>& marked, size_t max_bytes, std::string* out) {
  const RenderPalette& palette = options.palette;
  absl::StrAppend(out, "<div class=\"vt\" style=\"color:", CssColor(palette.foreground),
                  ";background:", CssColor(palette.background), "\">");
  const bool cursor = options.cursor && frame.cursor.visible;
  const LinkTargets links(frame);
  for (int row = 0; row < frame.rows; ++row) {
    *out += "<div class=\"r\">";
    const std::vector<std::string> columns = GridColumns(frame, row);
    std::string open_link;
    for (int col = 0; col < frame.cols; ++col) {
      const std::string& text = columns[static_cast<size_t>(col)];
      if (text.empty()) continue;  // a wide glyph's second column
      const std::string& link = links.At(col, row);
      if (link != open_link) {
        if (!open_link.empty()) *out += "</a>";
        if (!link.empty()) {
          *out += IsSafeLink(link) ? absl::StrCat("<a href=\"", EscapeHtml(link), "\">") : "<a>";
        }
        open_link = link;
      }
      CellLook look = ResolveStyle(frame.style(col, row), palette);
      std::string classes = "c";
      if (IsWide(columns, col)) classes += " w";
      const bool here = cursor && frame.cursor.row == row && frame.cursor.col == col;
      if (here && frame.cursor.shape == CursorShape::kBlock) {
        std::swap(look.fg, look.bg);
      } else if (here) {
        classes += frame.cursor.shape == CursorShape::kUnderline ? " cur-u" : " cur-i";
      }
      if (!marked.empty() && marked[static_cast<size_t>(row) * frame.cols + col]) classes += " chg";
      const std::string css = CssOfLook(look, palette);
      absl::StrAppend(out, "<span class=\"", classes, "\"");
      if (!css.empty()) absl::StrAppend(out, " style=\"", css, "\"");
      absl::StrAppend(out, " title=\"", EscapeHtml(CellTitle(frame, col, row, text, link)), "\">",
                      EscapeHtml(text), "</span>");
      if (out->size() > max_bytes) return false;
    }
    if (!open_link.empty()) *out += "</a>";
    *out += "</div>";
  }
  if (options.plane != nullptr) {
    const std::string uri = PlaneDataUri(*options.plane);
    if (!uri.empty()) absl::StrAppend(out, "<img class=\"px\" alt=\"\" src=\"", uri, "\">");
  }
  *out += "</div>";
  return out->size() <= max_bytes;
}

// The page around a screen, in two parts.
std::string HtmlPageStart(const RenderOptions& options) {
  const std::string title = options.title.empty() ? "vtsnap screen" : options.title;
  return absl::StrCat("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>",
                      EscapeHtml(title),
                      "</title>\n<style>\nbody{margin:8px;background:#f4f4f4;}\n",
                      HtmlScreenStyleSheet(), "</style></head>\n<body>\n");
}
constexpr char kHtmlPageEnd[] = "\n</body></html>\n";

absl::Status TooLarge(size_t max_bytes) {
  return absl::ResourceExhaustedError(
      absl::StrCat("larger than ", max_bytes, " bytes (", max_bytes >> 20, " MiB)"));
}

}  // namespace

std::string HtmlScreen(const Frame& frame, const RenderOptions& options,
                       const std::vector<bool>& marked) {
  std::string out;
  AppendHtmlScreen(frame, options, marked, std::string::npos, &out);
  return out;
}

std::string RenderHtml(const Frame& frame, const RenderOptions& options) {
  std::string out = HtmlPageStart(options);
  AppendHtmlScreen(frame, options, {}, std::string::npos, &out);
  out += kHtmlPageEnd;
  return out;
}

absl::StatusOr<std::string> RenderHtmlAtMost(const Frame& frame, const RenderOptions& options,
                                             size_t max_bytes) {
  std::string out = HtmlPageStart(options);
  if (!AppendHtmlScreen(frame, options, {}, max_bytes, &out) ||
      out.size() + sizeof(kHtmlPageEnd) - 1 > max_bytes) {
    return TooLarge(max_bytes);
  }
  out += kHtmlPageEnd;
  return out;
}

std::string RenderPlaneHtml(const RgbaPlane& plane, const RenderOptions& options) {
  const std::string title = options.title.empty() ? "vtsnap plane" : options.title;
  return absl::StrCat(
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>", EscapeHtml(title),
      "</title>\n<style>\nbody{margin:8px;background:#f4f4f4;}\n"
      "img{image-rendering:pixelated;border:1px solid #888;background:repeating-conic-gradient("
      "#ccc 0 25%,#fff 0 50%) 0 0/16px 16px;}\n</style></head>\n<body>\n<img alt=\"\" width=\"",
      plane.width, "\" height=\"", plane.height, "\" src=\"", PlaneDataUri(plane),
      "\">\n</body></html>\n");
}

std::string RenderPlaneSvg(const RgbaPlane& plane, const RenderOptions& options) {
  return absl::StrCat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"", plane.width, "\" height=\"",
      plane.height, "\" viewBox=\"0 0 ", plane.width, " ", plane.height, "\">\n<title>",
      EscapeXml(options.title.empty() ? "vtsnap plane" : options.title), "</title>\n<image href=\"",
      PlaneDataUri(plane), "\" width=\"", plane.width, "\" height=\"", plane.height,
      "\" style=\"image-rendering:pixelated\"/>\n</svg>\n");
}

namespace {

// RenderSvg into *out; false as soon as the picture holds more than `max_bytes`.
bool AppendSvg(const Frame& frame, const RenderOptions& options, size_t max_bytes,
               std::string* out) {
  const RenderPalette& palette = options.palette;
  const int width = frame.cols * kCellWidth;
  const int height = frame.rows * kCellHeight;
  absl::StrAppend(
      out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"", width, "\" height=\"", height,
      "\" viewBox=\"0 0 ", width, " ", height, "\" font-family=\"DejaVu Sans Mono,monospace\" ",
      "font-size=\"", kFontSize, "\" xml:space=\"preserve\">\n<title>",
      EscapeXml(options.title.empty() ? "vtsnap screen" : options.title), "</title>\n",
      "<rect width=\"100%\" height=\"100%\" fill=\"", CssColor(palette.background), "\"/>\n");
  const bool cursor = options.cursor && frame.cursor.visible;
  const LinkTargets links(frame);
  std::string text_layer;
  for (int row = 0; row < frame.rows; ++row) {
    const std::vector<std::string> columns = GridColumns(frame, row);
    const int y = row * kCellHeight;
    for (int col = 0; col < frame.cols; ++col) {
      const std::string& text = columns[static_cast<size_t>(col)];
      if (text.empty()) continue;
      const int cells = IsWide(columns, col) ? 2 : 1;
      const int x = col * kCellWidth;
      CellLook look = ResolveStyle(frame.style(col, row), palette);
      const bool here = cursor && frame.cursor.row == row && frame.cursor.col == col;
      if (here && frame.cursor.shape == CursorShape::kBlock) std::swap(look.fg, look.bg);
      if (look.bg != palette.background) {
        absl::StrAppend(out, "<rect x=\"", x, "\" y=\"", y, "\" width=\"", cells * kCellWidth,
                        "\" height=\"", kCellHeight, "\" fill=\"", CssColor(look.bg), "\"/>\n");
      }
      if (here && frame.cursor.shape != CursorShape::kBlock) {
        const bool under = frame.cursor.shape == CursorShape::kUnderline;
        absl::StrAppend(&text_layer, "<rect x=\"", x, "\" y=\"", under ? y + kCellHeight - 2 : y,
                        "\" width=\"", under ? cells * kCellWidth : 2, "\" height=\"",
                        under ? 2 : kCellHeight, "\" fill=\"", CssColor(look.fg), "\"/>\n");
      }
      const std::string& link = links.At(col, row);
      const bool linked = !link.empty() && IsSafeLink(link);
      if (linked) absl::StrAppend(&text_layer, "<a href=\"", EscapeXml(link), "\">");
      if (text != " ") {
        absl::StrAppend(&text_layer, "<text x=\"", x + cells * kCellWidth / 2, "\" y=\"",
                        y + kCellHeight - 4, "\" text-anchor=\"middle\" fill=\"", CssColor(look.fg),
                        "\"", look.bold ? " font-weight=\"bold\"" : "",
                        look.italic ? " font-style=\"italic\"" : "", ">", EscapeXml(text),
                        "</text>");
      }
      if (look.underline) {
        absl::StrAppend(
            &text_layer, "<line x1=\"", x, "\" x2=\"", x + cells * kCellWidth, "\" y1=\"",
            y + kCellHeight - 2, "\" y2=\"", y + kCellHeight - 2, "\" stroke=\"",
            CssColor(look.underline_color), "\"",
            look.underline_shape == UnderlineShape::kDotted   ? " stroke-dasharray=\"1 1\""
            : look.underline_shape == UnderlineShape::kDashed ? " stroke-dasharray=\"3 2\""
                                                              : "",
            "/>");
      }
      if (look.strike) {
        absl::StrAppend(&text_layer, "<line x1=\"", x, "\" x2=\"", x + cells * kCellWidth,
                        "\" y1=\"", y + kCellHeight / 2, "\" y2=\"", y + kCellHeight / 2,
                        "\" stroke=\"", CssColor(look.fg), "\"/>");
      }
      if (linked) text_layer += "</a>";
      if (text != " " || look.underline || look.strike) text_layer += "\n";
      if (out->size() + text_layer.size() > max_bytes) return false;
    }
  }
  *out += text_layer;
  if (options.plane != nullptr) {
    const std::string uri = PlaneDataUri(*options.plane);
    if (!uri.empty()) {
      absl::StrAppend(out, "<image href=\"", uri, "\" x=\"0\" y=\"0\" width=\"", width,
                      "\" height=\"", height,
                      "\" preserveAspectRatio=\"none\" style=\"image-rendering:pixelated\"/>\n");
    }
  }
  *out += "</svg>\n";
  return out->size() <= max_bytes;
}

}  // namespace

std::string RenderSvg(const Frame& frame, const RenderOptions& options) {
  std::string out;
  AppendSvg(frame, options, std::string::npos, &out);
  return out;
}

absl::StatusOr<std::string> RenderSvgAtMost(const Frame& frame, const RenderOptions& options,
                                            size_t max_bytes) {
  std::string out;
  if (!AppendSvg(frame, options, max_bytes, &out)) return TooLarge(max_bytes);
  return out;
}

namespace {

std::string AnsiRow(const Frame& frame, int row, const LinkTargets& links) {
  const std::vector<std::string> columns = GridColumns(frame, row);
  std::string out;
  std::string current;
  std::string open_link;
  for (int col = 0; col < frame.cols; ++col) {
    const std::string& text = columns[static_cast<size_t>(col)];
    if (text.empty()) continue;  // a wide glyph's second column
    const std::string& link = links.At(col, row);
    if (link != open_link) {
      absl::StrAppend(&out, "\x1b]8;;", link, "\x1b\\");
      open_link = link;
    }
    const std::string sgr = SgrOfStyle(frame.style(col, row));
    if (sgr != current) {
      out += sgr;
      current = sgr;
    }
    out += text;
  }
  if (!open_link.empty()) out += "\x1b]8;;\x1b\\";
  return out + "\x1b[0m";
}

}  // namespace

std::string RenderAnsiRow(const Frame& frame, int row) {
  return AnsiRow(frame, row, LinkTargets(frame));
}

std::string RenderAnsi(const Frame& frame) {
  const LinkTargets links(frame);
  std::string out;
  for (int row = 0; row < frame.rows; ++row) {
    absl::StrAppend(&out, AnsiRow(frame, row, links), "\n");
  }
  return out;
}

absl::StatusOr<BitmapFont> BitmapFont::Read(const std::string& path) {
  std::variant<std::string, FileReadFailure> read = ReadFileUpTo(path, kMaxFontBytes);
  const auto* failure = std::get_if<FileReadFailure>(&read);
  if (failure == nullptr) return Parse(std::get<std::string>(read), path);
  switch (failure->kind) {
    case FileReadFailure::Kind::kCannotOpen:
      return absl::NotFoundError(
          absl::StrCat(path,
                       ": cannot read the font (install Debian's package unifont, or pass another "
                       "GNU Unifont .hex file): ",
                       std::strerror(failure->error_number)));
    case FileReadFailure::Kind::kCannotRead:
      return absl::InvalidArgumentError(absl::StrCat(path, ": cannot read the font (",
                                                     std::strerror(failure->error_number), ")"));
    // A device (/dev/zero), a FIFO or a folder could be read forever or not at all: a font is a
    // file.
    case FileReadFailure::Kind::kNotRegularFile:
      return absl::InvalidArgumentError(
          absl::StrCat(path, ": not a regular file, so not a font (a GNU Unifont .hex file)"));
    case FileReadFailure::Kind::kTooLarge:
      break;
  }
  return absl::InvalidArgumentError(absl::StrCat(path, ": larger than the largest font read, ",
                                                 kMaxFontBytes, " bytes (", kMaxFontBytes >> 20,
                                                 " MiB)"));
}

absl::StatusOr<BitmapFont> BitmapFont::Parse(absl::string_view text, absl::string_view name) {
  BitmapFont font;
  int line_number = 0;
  size_t start = 0;
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == absl::string_view::npos) end = text.size();
    absl::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    auto error = [&](size_t column, absl::string_view what) {
      return absl::InvalidArgumentError(
          absl::StrCat(name, ":", line_number, ":", column + 1, ": ", what));
    };
    const size_t colon = line.find(':');
    if (colon == absl::string_view::npos || colon == 0 || colon > 6) {
      return error(0, "expected a glyph line \"XXXX:\" and 32 or 64 hex digits");
    }
    uint32_t code_point = 0;
    for (size_t i = 0; i < colon; ++i) {
      const int v = hex(line[i]);
      if (v < 0) return error(i, "expected a hexadecimal code point");
      code_point = code_point * 16 + static_cast<uint32_t>(v);
    }
    const absl::string_view bits = line.substr(colon + 1);
    if (bits.size() != 32 && bits.size() != 64) {
      return error(colon + 1, absl::StrCat("expected 32 or 64 hex digits, found ", bits.size()));
    }
    Glyph glyph;
    glyph.width = bits.size() == 32 ? 8 : 16;
    const size_t per_row = bits.size() / 16;
    for (size_t r = 0; r < 16; ++r) {
      uint32_t value = 0;
      for (size_t i = 0; i < per_row; ++i) {
        const int v = hex(bits[r * per_row + i]);
        if (v < 0) return error(colon + 1 + r * per_row + i, "expected a hex digit");
        value = value * 16 + static_cast<uint32_t>(v);
      }
      glyph.rows[r] = static_cast<uint16_t>(glyph.width == 8 ? value << 8 : value);
    }
    font.glyphs_[code_point] = glyph;
  }
  if (font.glyphs_.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": no glyphs in the font"));
  }
  return font;
}

const BitmapFont::Glyph* BitmapFont::Find(uint32_t code_point) const {
  auto it = glyphs_.find(code_point);
  return it == glyphs_.end() ? nullptr : &it->second;
}

RgbaPlane RenderPixels(const Frame& frame, const BitmapFont& font, const RenderOptions& options) {
  const int cw = font.cell_width();
  const int ch = font.cell_height();
  RgbaPlane plane = RgbaPlane::Transparent(frame.cols * cw, frame.rows * ch);
  auto put = [&](int x, int y, uint32_t rgb) {
    if (x < 0 || y < 0 || x >= plane.width || y >= plane.height) return;
    plane.Set(x, y, rgb << 8 | 0xFF);
  };
  auto fill = [&](int x, int y, int w, int h, uint32_t rgb) {
    for (int j = y; j < y + h; ++j) {
      for (int i = x; i < x + w; ++i) put(i, j, rgb);
    }
  };
  const bool cursor = options.cursor && frame.cursor.visible;
  for (int row = 0; row < frame.rows; ++row) {
    const std::vector<std::string> columns = GridColumns(frame, row);
    for (int col = 0; col < frame.cols; ++col) {
      const std::string& text = columns[static_cast<size_t>(col)];
      if (text.empty()) continue;
      const int cells = IsWide(columns, col) ? 2 : 1;
      const int x = col * cw;
      const int y = row * ch;
      CellLook look = ResolveStyle(frame.style(col, row), options.palette);
      const bool here = cursor && frame.cursor.row == row && frame.cursor.col == col;
      if (here && frame.cursor.shape == CursorShape::kBlock) std::swap(look.fg, look.bg);
      fill(x, y, cells * cw, ch, look.bg);
      if (text != " ") {
        const Utf8Char first = DecodeUtf8(text);
        const BitmapFont::Glyph* glyph = first.valid ? font.Find(first.code_point) : nullptr;
        if (glyph == nullptr) {
          // A box: the font has no glyph for it.
          for (int i = 1; i < cells * cw - 1; ++i) {
            put(x + i, y + 2, look.fg);
            put(x + i, y + ch - 3, look.fg);
          }
          for (int j = 2; j < ch - 2; ++j) {
            put(x + 1, y + j, look.fg);
            put(x + cells * cw - 2, y + j, look.fg);
          }
        } else {
          // A 16-pixel glyph in one cell (the font's width and the decoder's disagree) is squeezed
          // to 8 pixels, two columns into one, so it never spills into its neighbours.
          const bool squeeze = glyph->width > cells * cw;
          const int drawn = squeeze ? glyph->width / 2 : glyph->width;
          const int offset = (cells * cw - drawn) / 2;
          for (int j = 0; j < 16; ++j) {
            const int slant = look.italic && j < 8 ? 1 : 0;
            const uint32_t bits = glyph->rows[static_cast<size_t>(j)];
            for (int i = 0; i < drawn; ++i) {
              const uint32_t mask = squeeze ? (0xC000u >> (2 * i)) : (0x8000u >> i);
              if ((bits & mask) == 0) continue;
              put(x + offset + i + slant, y + j, look.fg);
              if (look.bold) put(x + offset + i + slant + 1, y + j, look.fg);
            }
          }
        }
      }
      if (look.underline) {
        const int w = cells * cw;
        const int base = y + ch - 1;
        for (int i = 0; i < w; ++i) {
          switch (look.underline_shape) {
            case UnderlineShape::kSingle:
              put(x + i, base, look.underline_color);
              break;
            case UnderlineShape::kDouble:
              put(x + i, base, look.underline_color);
              put(x + i, base - 2, look.underline_color);
              break;
            case UnderlineShape::kCurly:
              put(x + i, base - ((i / 2) % 2), look.underline_color);
              break;
            case UnderlineShape::kDotted:
              if (i % 2 == 0) put(x + i, base, look.underline_color);
              break;
            case UnderlineShape::kDashed:
              if (i % 5 < 3) put(x + i, base, look.underline_color);
              break;
          }
        }
      }
      if (look.strike) fill(x, y + ch / 2, cells * cw, 1, look.fg);
      if (here && frame.cursor.shape == CursorShape::kUnderline) {
        fill(x, y + ch - 2, cells * cw, 2, look.fg);
      } else if (here && frame.cursor.shape == CursorShape::kBar) {
        fill(x, y, 2, ch, look.fg);
      }
    }
  }
  if (options.plane != nullptr && options.plane->width > 0 && options.plane->height > 0) {
    // Nearest neighbour from the terminal's pixel grid to this one, alpha over the cells.
    const RgbaPlane& src = *options.plane;
    for (int y = 0; y < plane.height; ++y) {
      const int sy = static_cast<int>(static_cast<int64_t>(y) * src.height / plane.height);
      for (int x = 0; x < plane.width; ++x) {
        const int sx = static_cast<int>(static_cast<int64_t>(x) * src.width / plane.width);
        const uint32_t s = src.At(sx, sy);
        const uint32_t alpha = s & 0xFF;
        if (alpha == 0) continue;
        const uint32_t d = plane.At(x, y);
        uint32_t out = 0xFF;
        for (int shift = 8; shift <= 24; shift += 8) {
          const uint32_t sc = (s >> shift) & 0xFF;
          const uint32_t dc = (d >> shift) & 0xFF;
          out |= ((sc * alpha + dc * (255 - alpha) + 127) / 255) << shift;
        }
        plane.Set(x, y, out);
      }
    }
  }
  return plane;
}

}  // namespace vtsnap
