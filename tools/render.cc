// `vtsnap render FILE --format html|svg|png|ansi`: a golden dump, a scene, an `.actual`, a state
// dump, an RGBA plane or a raw byte recording drawn as a person sees it (snapshot/render/render.h).
// A recording is streamed (tools/input.h); the others are read whole, up to kMaxInputBytes.
#include "vtsnap/snapshot/render/render.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "vtsnap/base/size.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/pito_frame.h"
#include "vtsnap/snapshot/formats/rgba_file.h"
#include "vtsnap/snapshot/formats/semantic.h"
#include "vtsnap/snapshot/formats/state_json.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/snapshot/render/png.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/rgba.h"
#include "vtsnap/tools/cli.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/exit_codes.h"
#include "vtsnap/tools/input.h"

namespace vtsnap::tools {
namespace {

// A state dump's cell colours are RGB with the dump's defaults standing for the terminal default.
Color StateColor(const std::optional<uint32_t>& rgb, uint32_t default_rgb) {
  if (!rgb.has_value() || *rgb == default_rgb) return Color::Default();
  return Color::Rgb(static_cast<int>(*rgb >> 16), static_cast<int>((*rgb >> 8) & 0xFF),
                    static_cast<int>(*rgb & 0xFF));
}

absl::StatusOr<Frame> FrameFromState(const StateDump& dump, absl::string_view path) {
  if (!dump.cols.has_value() || !dump.rows.has_value() || !dump.cells.has_value()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": a state dump needs cols, rows and cells to be drawn"));
  }
  Frame frame = Frame::Blank(*dump.cols, *dump.rows);
  const auto& rows = *dump.cells;
  for (int row = 0; row < frame.rows && row < static_cast<int>(rows.size()); ++row) {
    const auto& cells = rows[static_cast<size_t>(row)];
    for (int col = 0; col < frame.cols && col < static_cast<int>(cells.size()); ++col) {
      const std::optional<StateCell>& state = cells[static_cast<size_t>(col)];
      if (!state.has_value()) continue;  // never written: blank
      Cell& cell = frame.cell(col, row);
      if (state->ch.has_value()) {
        cell.grapheme = *state->ch;
        cell.width = state->ch->empty() ? 0 : 1;
        if (state->ch->empty() && col > 0) frame.cell(col - 1, row).width = 2;
      }
      cell.style.fg = StateColor(state->fg, kStateDefaultForeground);
      cell.style.bg = StateColor(state->bg, kStateDefaultBackground);
      for (const std::string& attr : state->attrs.value_or(std::vector<std::string>())) {
        if (attr == "bold") cell.style.bold = true;
        if (attr == "faint") cell.style.dim = true;
        if (attr == "italics") cell.style.italic = true;
        if (attr == "underline") cell.style.underline = true;
        if (attr == "dbl_underline") {
          cell.style.underline = true;
          cell.style.underline_shape = UnderlineShape::kDouble;
        }
        if (attr == "inverse") cell.style.reverse = true;
        if (attr == "crossed_out") cell.style.strike = true;
      }
    }
  }
  if (dump.cursor.has_value() && dump.cursor->visible.value_or(false)) {
    frame.cursor.visible = true;
    frame.cursor.row = dump.cursor->row.value_or(0);
    frame.cursor.col = std::min(dump.cursor->col.value_or(0), frame.cols - 1);
  }
  return frame;
}

// A ratatui colour as a Frame's: Reset is the default, the 16 names palette 0-15 in ratatui's
// order (pito_frame.h), an index the palette, RGB itself.
Color ColorFromTui(const pito::TuiColor& color) {
  switch (color.kind) {
    case pito::TuiColor::Kind::kNamed:
      return color.value == static_cast<uint32_t>(pito::NamedColor::kReset)
                 ? Color::Default()
                 : Color::Palette(static_cast<int>(color.value) - 1);
    case pito::TuiColor::Kind::kIndexed:
      return Color::Palette(static_cast<int>(color.value));
    case pito::TuiColor::Kind::kRgb:
      return Color::Rgb(static_cast<int>(color.value >> 16),
                        static_cast<int>((color.value >> 8) & 0xFF),
                        static_cast<int>(color.value & 0xFF));
  }
  return Color::Default();
}

// The screen a `pito-tui frame 1` file holds. Each cell's symbol is its grapheme; a symbol two
// columns wide makes the next cell its continuation (ratatui leaves a " " there, which is not
// drawn). The modifiers a Frame has no place for (blink, hidden) are not drawn, as in a golden.
Frame FrameFromTui(const pito::TuiFrame& tui) {
  Frame frame = Frame::Blank(tui.width, tui.height);
  for (int row = 0; row < tui.height; ++row) {
    const pito::TuiRow& symbols = tui.rows[static_cast<size_t>(row)];
    for (int col = 0; col < tui.width; ++col) {
      Cell& cell = frame.cell(col, row);
      const pito::TuiStyle& style = tui.StyleAt(col, row);
      cell.style.fg = ColorFromTui(style.fg);
      cell.style.bg = ColorFromTui(style.bg);
      cell.style.bold = (style.modifiers & pito::kBold) != 0;
      cell.style.dim = (style.modifiers & pito::kDim) != 0;
      cell.style.italic = (style.modifiers & pito::kItalic) != 0;
      cell.style.underline = (style.modifiers & pito::kUnderlined) != 0;
      cell.style.reverse = (style.modifiers & pito::kReversed) != 0;
      cell.style.strike = (style.modifiers & pito::kCrossedOut) != 0;
      if (cell.is_continuation()) continue;  // the second column of the symbol before
      const std::string& symbol = symbols.symbols[static_cast<size_t>(col)];
      cell.grapheme = symbol.empty() ? " " : symbol;
      int width = 0;
      for (const ShownGlyph& glyph : ShownGlyphs(cell.grapheme)) width += glyph.width;
      if (width >= 2 && col + 1 < tui.width) {
        cell.width = 2;
        Cell& next = frame.cell(col + 1, row);
        next.grapheme.clear();
        next.width = 0;
      }
    }
  }
  return frame;
}

// The most cells a semantic projection is drawn with. Its `size` line is not spelled out cell by
// cell as a golden's grid is, so the input's size does not bound it; this is four times the
// cells a PNG may have, more than any page within kMaxRenderBytes shows.
constexpr int64_t kMaxSemanticCells = int64_t{1} << 21;

// The screen a `vtsnap-semantic 1` projection says: its rows of text laid out as a golden's rows
// are (the projection keeps graphemes, not cells), its style runs and links, its cursor. A
// viewport capture is the screen's rows; a buffer capture every row it lists (scrollback first).
absl::StatusOr<Frame> FrameFromSemantic(const SemanticSnapshot& snap, absl::string_view path) {
  int64_t rows = snap.capture == SemanticCapture::kViewport ? snap.rows : 1;
  for (const SemanticRow& row : snap.text) rows = std::max<int64_t>(rows, int64_t{row.row} + 1);
  for (const SemanticRun& run : snap.styles) rows = std::max<int64_t>(rows, int64_t{run.row} + 1);
  if (snap.cursor_visible) rows = std::max<int64_t>(rows, int64_t{snap.cursor_row} + 1);
  if (snap.cols <= 0 || rows > kMaxSemanticCells / snap.cols) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": a ", snap.cols, "x", rows, " screen has more cells than the ",
                     kMaxSemanticCells, " vtsnap render draws a semantic projection with"));
  }
  Frame frame = Frame::Blank(snap.cols, static_cast<int>(rows));
  frame.row_text.assign(static_cast<size_t>(rows), "");
  for (const SemanticRow& row : snap.text) frame.row_text[static_cast<size_t>(row.row)] = row.text;
  std::vector<LinkRun> links;
  for (const SemanticRun& run : snap.styles) {
    const Style style = StyleFromPen(run.pen);
    const int last = std::min(run.last_col, frame.cols - 1);
    for (int col = run.first_col; col <= last; ++col) frame.cell(col, run.row).style = style;
    if (!run.link.empty() && run.first_col <= last) {
      links.push_back({.col = run.first_col,
                       .row = run.row,
                       .cols = last - run.first_col + 1,
                       .target = run.link});
    }
  }
  frame.links = NormalizeLinkRuns(std::move(links));
  if (snap.cursor_visible) {
    frame.cursor.visible = true;
    frame.cursor.row = snap.cursor_row;
    frame.cursor.col = std::min(snap.cursor_col, frame.cols - 1);
    frame.cursor.shape = snap.cursor_shape;
  }
  return frame;
}

struct Screen {
  Frame frame;
  std::optional<RgbaPlane> plane;
  bool plane_only = false;  // a ckvision-rgba 1 file: the plane is drawn alone, pixel for pixel
};

// The largest picture `render` draws: a PNG of at most 64 Mi pixels (256 MiB of RGBA before it is
// compressed), an HTML page or SVG picture of at most 64 MiB. A screen past them is refused
// (exit 2), a PNG's before anything is drawn (docs/render.md).
constexpr uint64_t kMaxRenderPixels = uint64_t{64} << 20;
constexpr size_t kMaxRenderBytes = size_t{64} << 20;

// Whether a cols x rows screen fits in a PNG of kMaxRenderPixels: BitmapFont's cells are 8 x 16
// pixels. The products are taken in 64 bits and compared by division, so no size overflows.
absl::Status CheckPngPixels(int cols, int rows, absl::string_view path) {
  const uint64_t width = static_cast<uint64_t>(cols) * 8;
  const uint64_t height = static_cast<uint64_t>(rows) * 16;
  if (width == 0 || height <= kMaxRenderPixels / width) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat(path, ": a ", cols, "x", rows, " screen is ", width, "x", height,
                   " pixels as a PNG (8x16 a cell); the most vtsnap render draws is ",
                   kMaxRenderPixels, " pixels (", kMaxRenderPixels >> 20, " Mi)"));
}

enum class InputKind { kUndecided, kGolden, kRgba, kState, kPitoFrame, kSemantic, kRecording };

// The headers a document starts with, and what each is.
struct Header {
  absl::string_view text;
  InputKind kind;
  const char* name;  // in messages
};
constexpr Header kHeaders[] = {
    {golden::kHeader, InputKind::kGolden, "golden dump"},
    {golden::kWideHeader, InputKind::kGolden, "golden dump"},
    {kRgbaHeader, InputKind::kRgba, "ckvision-rgba 1 plane"},
    {pito::kFrameHeader, InputKind::kPitoFrame, "pito-tui frame"},
    {kSemanticHeader, InputKind::kSemantic, "semantic projection"},
};

const char* KindName(InputKind kind) {
  for (const Header& header : kHeaders) {
    if (header.kind == kind) return header.name;
  }
  return "state dump";
}

// What an input beginning with `head` holds, recognized by its first bytes: a golden dump or scene
// (and their `.actual` files), an RGBA plane, a state dump (JSON), else bytes a program wrote to
// its terminal. kUndecided while more bytes could change the answer (a head that is a prefix of a
// header, or only whitespace before the end: a state dump may follow, though not after more than
// the input limit, past which no document is read).
InputKind Classify(absl::string_view head, bool at_end) {
  for (const Header& header : kHeaders) {
    if (absl::StartsWith(head, header.text)) return header.kind;
  }
  const size_t first = head.find_first_not_of(" \t\r\n");
  if (first == absl::string_view::npos) {
    return at_end || head.size() > kMaxInputBytes ? InputKind::kRecording : InputKind::kUndecided;
  }
  if (head[first] == '{') return InputKind::kState;
  if (first == 0 && !at_end) {
    for (const Header& header : kHeaders) {
      if (absl::StartsWith(header.text, head)) return InputKind::kUndecided;
    }
  }
  return InputKind::kRecording;
}

// The size a golden dump's or a pito-tui frame's second line declares ("frame 80 24", "80 24"), or
// nothing when that line does not say one (the parser then names what is wrong).
std::optional<TerminalSize> DeclaredSize(InputKind kind, absl::string_view document) {
  if (kind != InputKind::kGolden && kind != InputKind::kPitoFrame) return std::nullopt;
  const size_t start = document.find('\n');
  if (start == absl::string_view::npos) return std::nullopt;
  absl::string_view line = document.substr(start + 1);
  line = line.substr(0, line.find('\n'));
  if (kind == InputKind::kGolden && !absl::ConsumePrefix(&line, "frame ")) return std::nullopt;
  const size_t space = line.find(' ');
  TerminalSize size;
  if (space == absl::string_view::npos || !absl::SimpleAtoi(line.substr(0, space), &size.cols) ||
      !absl::SimpleAtoi(line.substr(space + 1), &size.rows) || size.cols <= 0 || size.rows <= 0) {
    return std::nullopt;
  }
  return size;
}

// A document (a golden, a plane, a state dump) in `bytes`, all of it.
absl::StatusOr<Screen> ReadDocument(InputKind kind, const std::string& path,
                                    const std::string& bytes) {
  if (kind == InputKind::kGolden) {
    absl::StatusOr<Frame> frame = golden::Parse(bytes);
    if (!frame.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(path, ":", frame.status().message()));
    }
    return Screen{.frame = *std::move(frame), .plane = std::nullopt};
  }
  if (kind == InputKind::kRgba) {
    absl::StatusOr<RgbaPlane> plane = ParseRgba(bytes);
    if (!plane.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(path, ": ", plane.status().message()));
    }
    return Screen{.frame = Frame(), .plane = *std::move(plane), .plane_only = true};
  }
  if (kind == InputKind::kPitoFrame) {
    absl::StatusOr<pito::TuiFrame> tui = pito::ParseFrame(bytes, path);
    if (!tui.ok()) return tui.status();  // "PATH:LINE:COL: ..."
    return Screen{.frame = FrameFromTui(*tui), .plane = std::nullopt};
  }
  if (kind == InputKind::kSemantic) {
    absl::StatusOr<SemanticSnapshot> snap = ParseSemantic(bytes, path);
    if (!snap.ok()) return snap.status();  // "PATH:LINE:COL: ..."
    absl::StatusOr<Frame> frame = FrameFromSemantic(*snap, path);
    if (!frame.ok()) return frame.status();
    return Screen{.frame = *std::move(frame), .plane = std::nullopt};
  }
  absl::StatusOr<StateDump> dump = ParseStateJson(bytes);
  if (!dump.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", dump.status().message()));
  }
  absl::StatusOr<Frame> frame = FrameFromState(*dump, path);
  if (!frame.ok()) return frame.status();
  return Screen{.frame = *std::move(frame), .plane = std::nullopt};
}

// The screen `input` shows. A document is read whole, up to kMaxInputBytes; a recording is
// streamed into the terminal chunk by chunk, so its length costs no memory (docs/cli.md).
absl::StatusOr<Screen> ReadScreen(InputReader& input, const std::string& path,
                                  const std::optional<std::string>& size, const std::string& cell,
                                  const std::string& format) {
  std::string head;
  bool at_end = false;
  InputKind kind;
  while ((kind = Classify(head, at_end)) == InputKind::kUndecided) {
    absl::StatusOr<absl::string_view> chunk = input.Next();
    if (!chunk.ok()) return chunk.status();
    at_end = chunk->empty();
    head.append(chunk->data(), chunk->size());
  }
  if (kind != InputKind::kRecording) {
    if (size.has_value()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--size is for raw recordings; ", path, " is a ", KindName(kind), " and knows its size"));
    }
    if (absl::Status s = ReadRest(input, &head, kMaxInputBytes); !s.ok()) return s;
    // Building a frame costs far more than its file (a golden of 10 million cells, 20 MB, takes
    // 0.7 GB), so a PNG too large for the size the file declares is refused before it is parsed.
    if (format == "png") {
      if (std::optional<TerminalSize> declared = DeclaredSize(kind, head)) {
        if (absl::Status s = CheckPngPixels(declared->cols, declared->rows, path); !s.ok()) {
          return s;
        }
      }
    }
    return ReadDocument(kind, path, head);
  }
  absl::StatusOr<TerminalSize> parsed = ParseSize(size.value_or("80x24"));
  if (!parsed.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--size '", size.value_or(""), "': ", parsed.status().message()));
  }
  absl::StatusOr<TerminalSize> cell_size = ParseCellOption(cell);
  if (!cell_size.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--cell '", cell, "': ", cell_size.status().message()));
  }
  if (absl::Status s = CheckPlaneSize(size.value_or("80x24"), *parsed, cell, *cell_size); !s.ok()) {
    return s;
  }
  // Before the terminal is made and the recording decoded: the size alone says it is too large.
  if (format == "png") {
    if (absl::Status s = CheckPngPixels(parsed->cols, parsed->rows, path); !s.ok()) return s;
  }
  VirtualTerminal vt(TerminalOptions{
      .cols = parsed->cols,
      .rows = parsed->rows,
      .graphics = {.sixel = true, .cell_width = cell_size->cols, .cell_height = cell_size->rows}});
  vt.Write(head);
  head = std::string();
  absl::Status read = input.Stream([&](absl::string_view chunk) {
    vt.Write(chunk);
    vt.TakeReplies();  // nobody answers the program's queries here
    return true;
  });
  if (!read.ok()) return read;
  absl::StatusOr<Frame> frame = CaptureFrame(vt.terminal());
  absl::StatusOr<RgbaPlane> plane = CapturePlane(vt.terminal());
  if (!frame.ok()) return frame.status();  // not expected: a terminal can always be read
  Screen screen{.frame = *std::move(frame), .plane = std::nullopt};
  if (plane.ok() && plane->OpaqueCount() > 0) screen.plane = *std::move(plane);
  return screen;
}

// Why a folder cannot be drawn. A pito-tui capture folder (scenario folders of frame files named
// by their size, docs/pito.md) holds many screens; the message then names its first frame file,
// which can be drawn.
std::string FolderError(const std::string& path) {
  namespace fs = std::filesystem;
  auto sorted_entries = [](const fs::path& folder) {
    std::vector<fs::directory_entry> entries;
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
      entries.push_back(*it);
    }
    std::sort(entries.begin(), entries.end());
    return entries;
  };
  std::string message =
      absl::StrCat(path, " is a folder, and vtsnap render draws the screen of one file");
  std::error_code ec;
  for (const fs::directory_entry& scenario : sorted_entries(path)) {
    if (!scenario.is_directory(ec)) continue;
    for (const fs::directory_entry& frame : sorted_entries(scenario.path())) {
      if (frame.is_regular_file(ec) && ParseSize(frame.path().filename().string()).ok()) {
        return absl::StrCat(message, ": for a pito-tui capture folder, one of its frame files, ",
                            "such as ", frame.path().string());
      }
    }
  }
  return message;
}

// The screen drawn in `format`; the error names the input (`path`) and why it cannot be drawn so.
absl::StatusOr<std::string> DrawPlane(const RgbaPlane& plane, const std::string& format,
                                      const std::string& path, const RenderOptions& options) {
  if (format == "ansi") {
    return absl::InvalidArgumentError(
        absl::StrCat(path, " is a pixel plane, which has no text: use --format png, html or svg"));
  }
  if (format == "html") return RenderPlaneHtml(plane, options);
  if (format == "svg") return RenderPlaneSvg(plane, options);
  absl::StatusOr<std::string> png = EncodePng(plane);
  if (!png.ok())
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", png.status().message()));
  return png;
}

// A screen of cells drawn in `format` (the plane, if any, over them: `options`), within the limits
// of kMaxRenderBytes and kMaxRenderPixels. PNG's glyphs come from the font at `font_path`.
absl::StatusOr<std::string> DrawCells(const Frame& frame, const std::string& format,
                                      const std::string& path, const std::string& font_path,
                                      const RenderOptions& options) {
  if (format == "ansi") return RenderAnsi(frame);
  if (format == "html" || format == "svg") {
    absl::StatusOr<std::string> page = format == "html"
                                           ? RenderHtmlAtMost(frame, options, kMaxRenderBytes)
                                           : RenderSvgAtMost(frame, options, kMaxRenderBytes);
    if (page.ok()) return page;
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": the ", frame.cols, "x", frame.rows, " screen drawn as ", format,
                     " is ", page.status().message(), ", the most vtsnap render writes"));
  }
  if (absl::Status s = CheckPngPixels(frame.cols, frame.rows, path); !s.ok()) return s;
  absl::StatusOr<BitmapFont> font = BitmapFont::Read(font_path);
  if (!font.ok()) return font.status();
  absl::StatusOr<std::string> png = EncodePng(RenderPixels(frame, *font, options));
  if (!png.ok())
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", png.status().message()));
  return png;
}

// The screen of the input at `path` (not a folder), drawn as the flags say.
absl::StatusOr<std::string> Draw(const std::string& path, const std::optional<std::string>& size,
                                 const std::string& cell, const std::string& format,
                                 const std::string& font_path, bool cursor) {
  std::error_code ec;
  if (path != "-" && std::filesystem::is_directory(path, ec)) {
    return absl::InvalidArgumentError(FolderError(path));
  }
  absl::StatusOr<std::unique_ptr<InputReader>> input = InputReader::Open(path);
  if (!input.ok()) return input.status();
  absl::StatusOr<Screen> screen = ReadScreen(**input, path, size, cell, format);
  if (!screen.ok()) return screen.status();
  RenderOptions options;
  options.plane = screen->plane.has_value() ? &*screen->plane : nullptr;
  options.cursor = cursor;
  options.title = path;
  if (screen->plane_only) return DrawPlane(*screen->plane, format, path, options);
  return DrawCells(screen->frame, format, path, font_path, options);
}

}  // namespace

const cli::Usage kRenderUsage = {
    .command = "render",
    .summary = "Draw a screen as a person sees it: HTML, SVG, PNG or ANSI.",
    .synopsis =
        "usage: vtsnap render FILE --format html|svg|png|ansi [--output PATH]\n"
        "                     [--size COLSxROWS] [--cell WxH] [--font UNIFONT.hex]\n"
        "                     [--no-cursor]\n",
    .details =
        R"(  Draws a screen as a person sees it (docs/render.md): a golden dump, a scene or their
  .actual, a JSON state dump, a ckvision-rgba 1 plane, a pito-tui frame 1 file, a
  vtsnap-semantic 1 projection, or else the bytes a program wrote (decoded at --size,
  default 80x24, Sixel images with cells of --cell pixels, default 3x6). xterm's default
  palette, black on white; attributes, wide characters, the cursor (unless --no-cursor),
  links (clickable in html and svg) and the Sixel plane over the cells. html: a page with
  each cell's style on hover; svg: a picture; ansi: SGR text for a colour terminal; png:
  cols x 8 by rows x 16 pixels drawn with GNU Unifont (--font, default
  /usr/share/unifont/unifont.hex from Debian's unifont). Writes to standard output, or
  atomically to --output PATH (-o PATH).
  exit 0: drawn; 2: bad arguments, or an input that cannot be read or drawn (the message
  names the input and the place)
)"};

int RunRender(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::string format;
  std::optional<std::string> size;
  std::string cell = "3x6";
  std::string font_path = kUnifontHexPath;
  std::string output = "-";
  bool no_cursor = false;
  std::vector<std::string> files;
  cli::CommandLine line(kRenderUsage);
  line.Value("--format", &format)
      .Value("--size", &size)
      .Value("--cell", &cell)
      .Value("--font", &font_path)
      .Value("--output", &output)
      .Alias("-o", "--output")
      .Switch("--no-cursor", &no_cursor)
      .Positionals({.names = {"FILE"},
                    .min = 1,
                    .max = 1,
                    .missing = "which file? (vtsnap render FILE --format html|svg|png|ansi)"},
                   &files);
  if (std::optional<int> done = line.Parse(args, out, err)) return *done;
  if (format != "html" && format != "svg" && format != "png" && format != "ansi") {
    return line.Error(err,
                      absl::StrCat(format.empty() ? std::string("--format is required")
                                                  : absl::StrCat("unknown --format '", format, "'"),
                                   " (expected html, svg, png or ansi)"));
  }
  absl::StatusOr<std::string> drawn = Draw(files[0], size, cell, format, font_path, !no_cursor);
  if (!drawn.ok()) return line.Error(err, drawn.status().message());
  if (output == "-") {
    out << *drawn;
    return kExitOk;
  }
  if (absl::Status s = WriteFileAtomically(output, *drawn); !s.ok()) {
    return line.Error(err, s.message());
  }
  return kExitOk;
}

}  // namespace vtsnap::tools
