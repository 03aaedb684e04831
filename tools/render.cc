// `vtsnap render FILE --format html|svg|png|ansi`: a golden dump, a scene, an `.actual`, a state
// dump, an RGBA plane or a raw byte recording drawn as a person sees it (snapshot/render.h). A
// recording is streamed (tools/input.h); the others are read whole, up to kMaxInputBytes.
#include "vtsnap/snapshot/render.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/size.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/capture.h"
#include "vtsnap/snapshot/golden.h"
#include "vtsnap/snapshot/png.h"
#include "vtsnap/snapshot/rgba.h"
#include "vtsnap/snapshot/state_json.h"
#include "vtsnap/snapshot/store.h"
#include "vtsnap/tools/commands.h"
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
  return absl::InvalidArgumentError(absl::StrCat(
      path, ": a ", cols, "x", rows, " screen is ", width, "x", height,
      " pixels as a PNG (8x16 a cell); the most vtsnap render draws is ", kMaxRenderPixels,
      " pixels (", kMaxRenderPixels >> 20, " Mi)"));
}

enum class InputKind { kUndecided, kGolden, kRgba, kState, kRecording };

// What an input beginning with `head` holds, recognized by its first bytes: a golden dump or scene
// (and their `.actual` files), an RGBA plane, a state dump (JSON), else bytes a program wrote to
// its terminal. kUndecided while more bytes could change the answer (a head that is a prefix of a
// header, or only whitespace before the end: a state dump may follow, though not after more than
// the input limit, past which no document is read).
InputKind Classify(absl::string_view head, bool at_end) {
  if (absl::StartsWith(head, golden::kHeader)) return InputKind::kGolden;
  if (absl::StartsWith(head, kRgbaHeader)) return InputKind::kRgba;
  const size_t first = head.find_first_not_of(" \t\r\n");
  if (first == absl::string_view::npos) {
    return at_end || head.size() > kMaxInputBytes ? InputKind::kRecording : InputKind::kUndecided;
  }
  if (head[first] == '{') return InputKind::kState;
  if (first == 0 && !at_end &&
      (absl::StartsWith(golden::kHeader, head) || absl::StartsWith(kRgbaHeader, head))) {
    return InputKind::kUndecided;
  }
  return InputKind::kRecording;
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
      return absl::InvalidArgumentError(
          absl::StrCat("--size is for raw recordings; ", path, " is a ",
                       kind == InputKind::kGolden ? "golden dump"
                       : kind == InputKind::kRgba ? "ckvision-rgba 1 plane"
                                                  : "state dump",
                       " and knows its size"));
    }
    if (absl::Status s = ReadRest(input, &head, kMaxInputBytes); !s.ok()) return s;
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

}  // namespace

int RunRender(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::string format;
  std::optional<std::string> size;
  std::string cell = "3x6";
  std::string font_path = kUnifontHexPath;
  std::string output = "-";
  std::string path;
  bool have_path = false;
  bool no_cursor = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--no-cursor") {
      no_cursor = true;
      continue;
    }
    auto value = [&](const std::string& flag, std::string* dest) {
      if (a == flag) {
        if (i + 1 >= args.size()) {
          err << "vtsnap render: " << flag << " needs a value\n";
          return -1;
        }
        *dest = args[++i];
        return 1;
      }
      if (a.rfind(flag + "=", 0) == 0) {
        *dest = a.substr(flag.size() + 1);
        return 1;
      }
      return 0;
    };
    std::string size_value;
    int r = value("--format", &format);
    if (r == 0 && (r = value("--size", &size_value)) > 0) size = size_value;
    if (r == 0) r = value("--cell", &cell);
    if (r == 0) r = value("--font", &font_path);
    if (r == 0) r = value("--output", &output);
    if (r == 0) r = value("-o", &output);
    if (r < 0) return 2;
    if (r > 0) continue;
    if (a.size() > 1 && a[0] == '-') {
      err << "vtsnap render: unknown option '" << a << "' (see vtsnap --help)\n";
      return 2;
    }
    if (have_path) {
      err << "vtsnap render: more than one input file ('" << path << "' and '" << a << "')\n";
      return 2;
    }
    path = a;
    have_path = true;
  }
  if (!have_path) {
    err << "vtsnap render: which file? (vtsnap render FILE --format html|svg|png|ansi)\n";
    return 2;
  }
  if (format != "html" && format != "svg" && format != "png" && format != "ansi") {
    err << "vtsnap render: "
        << (format.empty() ? std::string("--format is required")
                           : absl::StrCat("unknown --format '", format, "'"))
        << " (expected html, svg, png or ansi)\n";
    return 2;
  }
  absl::StatusOr<std::unique_ptr<InputReader>> input = InputReader::Open(path);
  if (!input.ok()) {
    err << "vtsnap render: " << input.status().message() << "\n";
    return 2;
  }
  absl::StatusOr<Screen> screen = ReadScreen(**input, path, size, cell, format);
  if (!screen.ok()) {
    err << "vtsnap render: " << screen.status().message() << "\n";
    return 2;
  }
  RenderOptions options;
  options.plane = screen->plane.has_value() ? &*screen->plane : nullptr;
  options.cursor = !no_cursor;
  options.title = path;
  std::string rendered;
  if (screen->plane_only) {
    if (format == "ansi") {
      err << "vtsnap render: " << path
          << " is a pixel plane, which has no text: use --format png, html or svg\n";
      return 2;
    }
    if (format == "png") {
      absl::StatusOr<std::string> png = EncodePng(*screen->plane);
      if (!png.ok()) {
        err << "vtsnap render: " << path << ": " << png.status().message() << "\n";
        return 2;
      }
      rendered = *std::move(png);
    } else {
      rendered = format == "html" ? RenderPlaneHtml(*screen->plane, options)
                                  : RenderPlaneSvg(*screen->plane, options);
    }
  } else if (format == "html" || format == "svg") {
    absl::StatusOr<std::string> page =
        format == "html" ? RenderHtmlAtMost(screen->frame, options, kMaxRenderBytes)
                         : RenderSvgAtMost(screen->frame, options, kMaxRenderBytes);
    if (!page.ok()) {
      err << "vtsnap render: " << path << ": the " << screen->frame.cols << "x"
          << screen->frame.rows << " screen drawn as " << format << " is "
          << page.status().message() << ", the most vtsnap render writes\n";
      return 2;
    }
    rendered = *std::move(page);
  } else if (format == "ansi") {
    rendered = RenderAnsi(screen->frame);
  } else {
    if (absl::Status s = CheckPngPixels(screen->frame.cols, screen->frame.rows, path); !s.ok()) {
      err << "vtsnap render: " << s.message() << "\n";
      return 2;
    }
    absl::StatusOr<BitmapFont> font = BitmapFont::Read(font_path);
    if (!font.ok()) {
      err << "vtsnap render: " << font.status().message() << "\n";
      return 2;
    }
    absl::StatusOr<std::string> png = EncodePng(RenderPixels(screen->frame, *font, options));
    if (!png.ok()) {
      err << "vtsnap render: " << path << ": " << png.status().message() << "\n";
      return 2;
    }
    rendered = *std::move(png);
  }
  if (output == "-") {
    out << rendered;
    return 0;
  }
  if (absl::Status s = WriteFileAtomically(output, rendered); !s.ok()) {
    err << "vtsnap render: " << s.message() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace vtsnap::tools
