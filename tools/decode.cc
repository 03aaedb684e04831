// `vtsnap decode`: feeds a recording to a decoder (the xterm profile, or the presenter profile)
// and prints the final screen as text, as a ckvision-golden 1 dump, as a pixel plane, as a JSON
// state dump (docs/state-dump.md), as a vtsnap-semantic 1 projection (docs/semantic.md), or in
// one of pito-tui's formats (plain and ansi dumps, a pito-tui frame 1 file; docs/pito.md); or,
// with --check-theme, the runs of cells that depend on the colour theme. Under the presenter
// profile a stream the profile invalidates exits 3 with `offset N: <sequence>: <rule>` on stderr.
// The input is streamed in 64 KiB chunks (tools/input.h), so memory does not grow with its length.
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/presenter.h"
#include "vtsnap/base/size.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/capture.h"
#include "vtsnap/snapshot/pito_dump.h"
#include "vtsnap/snapshot/pito_frame.h"
#include "vtsnap/snapshot/redact.h"
#include "vtsnap/snapshot/rgba.h"
#include "vtsnap/snapshot/semantic.h"
#include "vtsnap/snapshot/theme.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/input.h"

namespace vtsnap::tools {

int RunDecode(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::string size = "80x24";
  std::string format = "text";
  std::string profile = "xterm";
  std::string graphics = "none";
  std::string cell = "3x6";
  std::string path = "-";
  bool have_path = false;
  std::string capture = "viewport";
  bool capture_given = false;
  bool generations = false;
  bool check_theme = false;
  bool lossy = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--generations") {
      generations = true;
      continue;
    }
    if (a == "--check-theme") {
      check_theme = true;
      continue;
    }
    if (a == "--lossy") {
      lossy = true;
      continue;
    }
    auto value = [&](const std::string& flag, std::string* dest) {
      if (a == flag) {
        if (i + 1 >= args.size()) {
          err << "vtsnap decode: " << flag << " needs a value\n";
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
    int r = value("--size", &size);
    if (r == 0) r = value("--format", &format);
    if (r == 0) r = value("--profile", &profile);
    if (r == 0) r = value("--graphics", &graphics);
    if (r == 0) r = value("--cell", &cell);
    if (r == 0 && (r = value("--capture", &capture)) > 0) capture_given = true;
    if (r < 0) return 2;
    if (r > 0) continue;
    if (a.size() > 1 && a[0] == '-') {
      err << "vtsnap decode: unknown option '" << a << "' (see vtsnap --help)\n";
      return 2;
    }
    if (have_path) {
      err << "vtsnap decode: more than one input file ('" << path << "' and '" << a << "')\n";
      return 2;
    }
    path = a;
    have_path = true;
  }
  auto parsed = ParseSize(size);
  if (!parsed.ok()) {
    err << "vtsnap decode: --size '" << size << "': " << parsed.status().message() << "\n";
    return 2;
  }
  if (format != "text" && format != "golden" && format != "rgba" && format != "json" &&
      format != "semantic" && format != "plain" && format != "ansi" && format != "pito") {
    err << "vtsnap decode: unknown --format '" << format
        << "' (expected text, golden, rgba, json, semantic, plain, ansi or pito)\n";
    return 2;
  }
  if (lossy && format != "pito") {
    err << "vtsnap decode: --lossy needs --format pito\n";
    return 2;
  }
  absl::StatusOr<SemanticCapture> semantic_capture = ParseSemanticCapture(capture);
  if (!semantic_capture.ok()) {
    err << "vtsnap decode: --capture '" << capture << "': expected viewport or buffer\n";
    return 2;
  }
  if (capture_given && format != "semantic") {
    err << "vtsnap decode: --capture needs --format semantic\n";
    return 2;
  }
  if (generations && (format != "json" || profile != "xterm")) {
    err << "vtsnap decode: --generations needs --format json and the xterm profile\n";
    return 2;
  }
  if (graphics != "none" && graphics != "sixel") {
    err << "vtsnap decode: unknown --graphics '" << graphics << "' (expected none or sixel)\n";
    return 2;
  }
  auto cell_size = ParseCellOption(cell);
  if (!cell_size.ok()) {
    err << "vtsnap decode: --cell '" << cell << "': " << cell_size.status().message() << "\n";
    return 2;
  }
  // Only the plane's users allocate it: a text decode of a large terminal needs no pixels.
  if (format == "rgba" || graphics == "sixel") {
    if (absl::Status s = CheckPlaneSize(size, *parsed, cell, *cell_size); !s.ok()) {
      err << "vtsnap decode: " << s.message() << "\n";
      return 2;
    }
  }
  const GraphicsOptions graphics_options = {
      .sixel = graphics == "sixel", .cell_width = cell_size->cols, .cell_height = cell_size->rows};
  if (profile != "xterm" && profile != "presenter") {
    err << "vtsnap decode: unknown --profile '" << profile << "' (expected xterm or presenter)\n";
    return 2;
  }
  // The input is streamed: each chunk is decoded as it is read, so memory is the screen and its
  // scrollback whatever the input's length (docs/cli.md, "Reading the input").
  absl::StatusOr<std::unique_ptr<InputReader>> input = InputReader::Open(path);
  if (!input.ok()) {
    err << "vtsnap decode: " << input.status().message() << "\n";
    return 2;
  }
  std::unique_ptr<VirtualTerminal> vt;
  std::unique_ptr<PresenterTerminal> presenter;
  const Terminal* screen = nullptr;
  absl::Status read;
  if (profile == "presenter") {
    presenter = std::make_unique<PresenterTerminal>(
        PresenterOptions{.cols = parsed->cols, .rows = parsed->rows, .graphics = graphics_options});
    // After the first violation the presenter decodes nothing more: the rest is not read.
    read = (*input)->Stream([&](absl::string_view chunk) {
      presenter->Write(chunk);
      return presenter->status().ok();
    });
    if (read.ok()) {  // a violation ended the stream early, still OK
      if (absl::Status s = presenter->CaptureStatus(); !s.ok()) {
        err << s.message() << "\n";
        return 3;
      }
    }
    screen = &presenter->terminal();
  } else {
    vt = std::make_unique<VirtualTerminal>(TerminalOptions{.cols = parsed->cols,
                                                           .rows = parsed->rows,
                                                           .graphics = graphics_options,
                                                           .track_generations = generations});
    read = (*input)->Stream([&](absl::string_view chunk) {
      vt->Write(chunk);
      // Nobody answers the program's queries here: dropping the replies keeps them from
      // growing with the input.
      vt->TakeReplies();
      return true;
    });
    screen = &vt->terminal();
  }
  if (!read.ok()) {
    err << "vtsnap decode: " << read.message() << "\n";
    return 2;
  }
  if (check_theme) {
    // The list of theme-dependent runs instead of the screen: 1 when there is one, 0 when none.
    const std::string report = RenderThemeViolations(FindThemeViolations(*screen));
    out << report;
    return report.empty() ? 0 : 1;
  }
  if (format == "semantic") {
    out << SerializeSemantic(CaptureSemantic(*screen, *semantic_capture));
    return 0;
  }
  if (format == "plain" || format == "ansi") {
    absl::StatusOr<std::string> dump =
        format == "plain" ? pito::DumpText(*screen) : pito::DumpAnsi(*screen);
    if (!dump.ok()) {  // not expected: a terminal can always be read
      err << "vtsnap decode: " << path << ": " << dump.status().message() << "\n";
      return 2;
    }
    out << *dump;
    if (format == "plain") out << "\n";
    return 0;
  }
  if (format == "pito") {
    absl::StatusOr<pito::TuiFrame> frame = pito::FrameFromScreen(*screen, {.allow_loss = lossy});
    absl::StatusOr<std::string> file =
        frame.ok() ? pito::SerializeFrame(*frame) : absl::StatusOr<std::string>(frame.status());
    if (!file.ok()) {
      err << "vtsnap decode: " << path
          << ": the final screen cannot be written as a pito-tui frame: " << file.status().message()
          << "\n";
      return 2;
    }
    out << *file;
    return 0;
  }
  if (format == "rgba") {
    absl::StatusOr<RgbaPlane> plane = CapturePlane(*screen);
    if (!plane.ok()) {  // not expected: the plane's size was checked above
      err << "vtsnap decode: " << path << ": " << plane.status().message() << "\n";
      return 2;
    }
    out << SerializeRgba(*plane);
    return 0;
  }
  absl::StatusOr<std::string> printed = FormatScreen(*screen, format, Redactions());
  if (!printed.ok()) {
    err << "vtsnap decode: " << path
        << ": the final screen cannot be written as a golden: " << printed.status().message()
        << "\n";
    return 2;
  }
  out << *printed;
  return 0;
}

}  // namespace vtsnap::tools
