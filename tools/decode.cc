// `vtsnap decode`: feeds a recording to a decoder (the xterm profile, or the presenter profile)
// and prints the final screen as text, as a ckvision-golden 1 dump, as a pixel plane, as a JSON
// state dump (docs/state-dump.md), as a vtsnap-semantic 1 projection (docs/semantic.md), or in
// one of pito-tui's formats (plain and ansi dumps, a pito-tui frame 1 file; docs/pito.md); or,
// with --check-theme, the runs of cells that depend on the colour theme. Under the presenter
// profile a stream the profile invalidates exits 3 with `offset N: <sequence>: <rule>` on stderr.
// The input is streamed in 64 KiB chunks (tools/input.h), so memory does not grow with its length.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/size.h"
#include "vtsnap/decoder/presenter.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/pito_dump.h"
#include "vtsnap/snapshot/formats/pito_frame.h"
#include "vtsnap/snapshot/formats/rgba_file.h"
#include "vtsnap/snapshot/formats/semantic.h"
#include "vtsnap/snapshot/formats/theme.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/redact.h"
#include "vtsnap/snapshot/screen/rgba.h"
#include "vtsnap/tools/cli.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/exit_codes.h"
#include "vtsnap/tools/input.h"

namespace vtsnap::tools {
namespace {

// What the command line asked for, read (ReadOptions) and checked (CheckOptions).
struct DecodeOptions {
  std::string size = "80x24";
  std::string format = "text";
  std::string profile = "xterm";
  std::string graphics = "none";
  std::string cell = "3x6";
  std::optional<std::string> capture;
  bool generations = false;
  bool check_theme = false;
  bool lossy = false;
  std::string path = "-";
  // From the strings above, by CheckOptions.
  TerminalSize terminal;
  TerminalSize cell_size;
  SemanticCapture semantic_capture = SemanticCapture::kViewport;
};

bool IsDecodeFormat(const std::string& format) {
  for (const char* known :
       {"text", "golden", "rgba", "json", "semantic", "plain", "ansi", "pito"}) {
    if (format == known) return true;
  }
  return false;
}

// The options' values and how they go together; the error names the option.
absl::Status CheckOptions(DecodeOptions& o) {
  absl::StatusOr<TerminalSize> size = ParseSize(o.size);
  if (!size.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--size '", o.size, "': ", size.status().message()));
  }
  o.terminal = *size;
  if (!IsDecodeFormat(o.format)) {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown --format '", o.format,
                     "' (expected text, golden, rgba, json, semantic, plain, ansi or pito)"));
  }
  if (o.lossy && o.format != "pito") {
    return absl::InvalidArgumentError("--lossy needs --format pito");
  }
  absl::StatusOr<SemanticCapture> capture = ParseSemanticCapture(o.capture.value_or("viewport"));
  if (!capture.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--capture '", *o.capture, "': expected viewport or buffer"));
  }
  o.semantic_capture = *capture;
  if (o.capture.has_value() && o.format != "semantic") {
    return absl::InvalidArgumentError("--capture needs --format semantic");
  }
  if (o.generations && (o.format != "json" || o.profile != "xterm")) {
    return absl::InvalidArgumentError("--generations needs --format json and the xterm profile");
  }
  if (o.graphics != "none" && o.graphics != "sixel") {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown --graphics '", o.graphics, "' (expected none or sixel)"));
  }
  absl::StatusOr<TerminalSize> cell = ParseCellOption(o.cell);
  if (!cell.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--cell '", o.cell, "': ", cell.status().message()));
  }
  o.cell_size = *cell;
  // Only the plane's users allocate it: a text decode of a large terminal needs no pixels.
  if (o.format == "rgba" || o.graphics == "sixel") {
    if (absl::Status s = CheckPlaneSize(o.size, o.terminal, o.cell, o.cell_size); !s.ok()) return s;
  }
  if (o.profile != "xterm" && o.profile != "presenter") {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown --profile '", o.profile, "' (expected xterm or presenter)"));
  }
  return absl::OkStatus();
}

// The terminal a recording was decoded in, under the profile asked for.
struct Decoded {
  std::unique_ptr<VirtualTerminal> vt;
  std::unique_ptr<PresenterTerminal> presenter;
  const Terminal* screen = nullptr;
  // The presenter profile's verdict when it invalidated the stream: "offset N: <seq>: <rule>".
  std::optional<std::string> violation;
};

// Streams `input` into a terminal of the options' profile chunk by chunk, so memory is the screen
// and its scrollback whatever the input's length (docs/cli.md, "Reading the input"). The error is
// a read that failed.
absl::StatusOr<Decoded> DecodeStream(InputReader& input, const DecodeOptions& o) {
  const GraphicsOptions graphics = {.sixel = o.graphics == "sixel",
                                    .cell_width = o.cell_size.cols,
                                    .cell_height = o.cell_size.rows};
  Decoded decoded;
  absl::Status read;
  if (o.profile == "presenter") {
    decoded.presenter = std::make_unique<PresenterTerminal>(
        PresenterOptions{.cols = o.terminal.cols, .rows = o.terminal.rows, .graphics = graphics});
    PresenterTerminal& presenter = *decoded.presenter;
    // After the first violation the presenter decodes nothing more: the rest is not read.
    read = input.Stream([&presenter](absl::string_view chunk) {
      presenter.Write(chunk);
      return presenter.status().ok();
    });
    if (absl::Status s = presenter.CaptureStatus(); read.ok() && !s.ok()) {
      decoded.violation = std::string(s.message());
    }
    decoded.screen = &presenter.terminal();
  } else {
    decoded.vt =
        std::make_unique<VirtualTerminal>(TerminalOptions{.cols = o.terminal.cols,
                                                          .rows = o.terminal.rows,
                                                          .graphics = graphics,
                                                          .track_generations = o.generations});
    VirtualTerminal& vt = *decoded.vt;
    read = input.Stream([&vt](absl::string_view chunk) {
      vt.Write(chunk);
      // Nobody answers the program's queries here: dropping the replies keeps them from growing
      // with the input.
      vt.TakeReplies();
      return true;
    });
    decoded.screen = &vt.terminal();
  }
  if (!read.ok()) return read;
  return decoded;
}

// Appends what could not be written to a failed status's message.
absl::Status Because(absl::string_view what, const absl::Status& status) {
  return absl::Status(status.code(), absl::StrCat(what, status.message()));
}

// The final screen in the options' format, as printed: a pito-tui dump or frame, a plane, a
// semantic projection, or text, golden or JSON (FormatScreen). The error says why the screen
// cannot be written so.
absl::StatusOr<std::string> FormatDecoded(const Terminal& screen, const DecodeOptions& o) {
  if (o.format == "semantic") return SerializeSemantic(CaptureSemantic(screen, o.semantic_capture));
  if (o.format == "plain") {
    absl::StatusOr<std::string> dump = pito::DumpText(screen);
    if (dump.ok()) dump->push_back('\n');
    return dump;
  }
  if (o.format == "ansi") return pito::DumpAnsi(screen);
  if (o.format == "pito") {
    absl::StatusOr<pito::TuiFrame> frame = pito::FrameFromScreen(screen, {.allow_loss = o.lossy});
    absl::StatusOr<std::string> file =
        frame.ok() ? pito::SerializeFrame(*frame) : absl::StatusOr<std::string>(frame.status());
    if (file.ok()) return file;
    return Because("the final screen cannot be written as a pito-tui frame: ", file.status());
  }
  if (o.format == "rgba") {
    absl::StatusOr<RgbaPlane> plane = CapturePlane(screen);  // its size was checked
    if (!plane.ok()) return plane.status();
    return SerializeRgba(*plane);
  }
  absl::StatusOr<std::string> printed = FormatScreen(screen, o.format, Redactions());
  if (printed.ok()) return printed;
  return Because("the final screen cannot be written as a golden: ", printed.status());
}

}  // namespace

const cli::Usage kDecodeUsage = {
    .command = "decode",
    .summary = "Print the final screen a recording of terminal output leaves.",
    .synopsis =
        "usage: vtsnap decode [--size COLSxROWS]\n"
        "                     [--format text|golden|rgba|json|semantic|plain|ansi|pito] [--lossy]\n"
        "                     [--capture viewport|buffer] [--check-theme] [--generations]\n"
        "                     [--profile xterm|presenter] [--graphics none|sixel] [--cell WxH]\n"
        "                     [FILE|-]\n",
    .details =
        R"(  Feeds the bytes of FILE (or standard input, - or no FILE) to an xterm-compatible terminal
  of COLSxROWS cells (default 80x24) and prints the final screen of the active buffer.
  text (the default): each row's text with trailing spaces trimmed, trailing empty rows
  dropped. golden: the ckvision-golden 1 dump (cells, styles, cursor, links).
  --profile presenter decodes with the bounded presenter profile instead
  (docs/presenter.md): a stream outside its subset exits 3 and prints the first violation as
  "offset N: <sequence>: <rule>". --graphics sixel decodes Sixel images with cells of WxH
  pixels (--cell, default 3x6, at most 64x64); --format rgba writes the pixel plane of the
  final screen as a ckvision-rgba 1 file (docs/rgba.md); a plane over 268435456 pixels is
  refused. The input is streamed in 64 KiB chunks: memory does not grow with it, and it has
  no length limit. json: the terminal state dump (docs/state-dump.md); --generations adds
  each cell's content-generation counter. semantic: the vtsnap-semantic 1 projection
  (docs/semantic.md) of the viewport, or with --capture buffer of the scrollback and the
  screen. --check-theme prints each run of cells with an RGB colour, a palette index above
  15 or an explicit background instead, and exits 1 when there is one. plain: pito-tui's
  text dump (every row, trailing spaces trimmed, empty rows kept). ansi: pito-tui's ANSI
  dump (hide the cursor, clear, each row at its position with its SGR codes; replays to the
  same screen). pito: a pito-tui frame 1 file (docs/pito.md); a hyperlink, underline colour
  or shape, or overline exits 2 naming the cell, unless --lossy drops it.
  exit 0: printed; 1: --check-theme found a theme-dependent cell; 2: bad arguments or an
  unreadable input; 3: the presenter profile invalidated the stream (docs/cli.md)
)"};

int RunDecode(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  DecodeOptions o;
  std::vector<std::string> files;
  cli::CommandLine line(kDecodeUsage);
  line.Value("--size", &o.size)
      .Value("--format", &o.format)
      .Value("--profile", &o.profile)
      .Value("--graphics", &o.graphics)
      .Value("--cell", &o.cell)
      .Value("--capture", &o.capture)
      .Switch("--generations", &o.generations)
      .Switch("--check-theme", &o.check_theme)
      .Switch("--lossy", &o.lossy)
      .Positionals({.names = {"FILE"}, .min = 0, .max = 1}, &files);
  if (std::optional<int> done = line.Parse(args, out, err)) return *done;
  if (!files.empty()) o.path = files[0];
  if (absl::Status s = CheckOptions(o); !s.ok()) return line.Error(err, s.message());
  absl::StatusOr<std::unique_ptr<InputReader>> input = InputReader::Open(o.path);
  if (!input.ok()) return line.Error(err, input.status().message());
  absl::StatusOr<Decoded> decoded = DecodeStream(**input, o);
  if (!decoded.ok()) return line.Error(err, decoded.status().message());
  if (decoded->violation.has_value()) {
    err << *decoded->violation << "\n";
    return kExitPresenterInvalidated;
  }
  if (o.check_theme) {
    // The list of theme-dependent runs instead of the screen: 1 when there is one, 0 when none.
    const std::string report = RenderThemeViolations(FindThemeViolations(*decoded->screen));
    out << report;
    return report.empty() ? kExitOk : kExitDiffers;
  }
  absl::StatusOr<std::string> printed = FormatDecoded(*decoded->screen, o);
  if (!printed.ok()) return line.Error(err, absl::StrCat(o.path, ": ", printed.status().message()));
  out << *printed;
  return kExitOk;
}

}  // namespace vtsnap::tools
