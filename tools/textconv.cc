// `vtsnap textconv FILE`: a golden as reviewable text, for git's `diff.<driver>.textconv`
// (docs/goldens.md, "Goldens in git and code review").
#include "vtsnap/tools/textconv.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/fnv1a.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/pito_frame.h"
#include "vtsnap/snapshot/formats/rgba_file.h"
#include "vtsnap/snapshot/formats/semantic.h"
#include "vtsnap/snapshot/golden/golden_formats.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/frame_text.h"
#include "vtsnap/snapshot/screen/rgba.h"
#include "vtsnap/snapshot/screen/screen_view.h"
#include "vtsnap/tools/cli.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/exit_codes.h"

namespace vtsnap::tools {
namespace {

// The pixel rows one line of an RGBA plane's summary covers.
constexpr int kRgbaBandRows = 16;
// The colours an RGBA plane's summary lists, the most used first.
constexpr size_t kRgbaTopColors = 16;

// Columns [first, last] of `row` drawn in one style, said in words.
struct StyleRun {
  int row = 0;
  int first = 0;
  int last = 0;
  std::string words;
};

// "  row 0 cols 0-4: bold fg=red" (or "col 3" for one column).
void AppendRun(const StyleRun& run, std::string* out) {
  if (run.first == run.last) {
    absl::StrAppend(out, "  row ", run.row, " col ", run.first, ": ", run.words, "\n");
  } else {
    absl::StrAppend(out, "  row ", run.row, " cols ", run.first, "-", run.last, ": ", run.words,
                    "\n");
  }
}

void AppendRuns(const std::vector<StyleRun>& runs, std::string* out) {
  *out += "styles:\n";
  if (runs.empty()) *out += "  (none)\n";
  for (const StyleRun& run : runs) AppendRun(run, out);
}

// The maximal runs of one row whose cells `words_at(col)` says alike, the unstyled ("") left out.
template <typename WordsAt>
void RowRuns(int row, int cols, WordsAt words_at, std::vector<StyleRun>* runs) {
  std::string current;
  int first = 0;
  for (int col = 0; col <= cols; ++col) {
    std::string words = col < cols ? words_at(col) : std::string();
    if (col < cols && col > 0 && words == current) continue;
    if (col > 0 && !current.empty()) {
      runs->push_back({.row = row, .first = first, .last = col - 1, .words = current});
    }
    current = std::move(words);
    first = col;
  }
}

// The frame's rows as the failure messages frame them, ending in a newline.
std::string Framed(const Frame& frame) { return FramedRows(frame) + "\n"; }

std::string DumpText(const Frame& frame, absl::string_view header) {
  std::string out = absl::StrCat(header, "\nsize ", frame.cols, "x", frame.rows, "\n");
  out += Framed(frame);
  const LinkTargets links(frame);
  std::vector<StyleRun> runs;
  for (int row = 0; row < frame.rows; ++row) {
    RowRuns(
        row, frame.cols,
        [&](int col) {
          return SemanticStyleWords(PenFromStyle(frame.style(col, row)), links.At(col, row));
        },
        &runs);
  }
  AppendRuns(runs, &out);
  if (!frame.rasters.empty()) {
    out += "rasters:\n";
    for (const RasterRecord& raster : frame.rasters) {
      absl::StrAppend(&out, "  ", golden::FormatRasterLine(raster), "\n");
    }
  }
  return out;
}

// The columns `text` takes as the diff lays it out (ShownGlyphs).
int ShownWidth(absl::string_view text) {
  int width = 0;
  for (const ShownGlyph& glyph : ShownGlyphs(text)) width += glyph.width;
  return width;
}

std::string SemanticText(const SemanticSnapshot& snapshot) {
  const std::string serialized = SerializeSemantic(snapshot);
  // The state lines as the projection writes them, up to its `text` line.
  const size_t text_line = serialized.find("\ntext\n");
  std::string out = serialized.substr(0, text_line + 1);
  Frame frame = Frame::Blank(snapshot.cols, static_cast<int>(snapshot.text.size()));
  frame.row_text.reserve(snapshot.text.size());
  std::vector<int> continued;
  for (const SemanticRow& row : snapshot.text) {
    std::string text = row.text;
    text.append(static_cast<size_t>(std::max(0, snapshot.cols - ShownWidth(text))), ' ');
    frame.row_text.push_back(std::move(text));
    if (row.continues) continued.push_back(row.row);
  }
  frame.cursor = {.visible = snapshot.cursor_visible,
                  .col = snapshot.cursor_col,
                  .row = snapshot.cursor_row,
                  .shape = snapshot.cursor_shape};
  out += Framed(frame);
  if (!continued.empty()) {
    out += "wrapped:\n";
    for (int row : continued)
      absl::StrAppend(&out, "  row ", row, " continues row ", row - 1, "\n");
  }
  std::vector<StyleRun> runs;
  runs.reserve(snapshot.styles.size());
  for (const SemanticRun& run : snapshot.styles) {
    runs.push_back({.row = run.row,
                    .first = run.first_col,
                    .last = run.last_col,
                    .words = SemanticStyleWords(run.pen, run.link)});
  }
  AppendRuns(runs, &out);
  return out;
}

// A pito-tui style in words: the modifiers ("bold dim"), then "fg=LightRed", "bg=#5B8CFF" (as
// ratatui names them), the Reset colours left out; "" for the plain style.
std::string PitoWords(const pito::TuiStyle& style) {
  std::string words;
  if (style.modifiers != 0) {
    words = absl::AsciiStrToLower(
        absl::StrReplaceAll(pito::ModifierNames(style.modifiers), {{" | ", " "}}));
  }
  const auto color = [&words](absl::string_view name, const pito::TuiColor& c) {
    if (c == pito::TuiColor::Reset()) return;
    absl::StrAppend(&words, words.empty() ? "" : " ", name, "=", pito::ColorText(c));
  };
  color("fg", style.fg);
  color("bg", style.bg);
  return words;
}

std::string PitoText(const pito::TuiFrame& tui) {
  std::string out = absl::StrCat(pito::kFrameHeader, "\nsize ", tui.width, "x", tui.height, "\n");
  Frame screen = pito::ScreenOf(tui);
  // A symbol may hold a newline or a tab (the file escapes them): shown as the diff shows them.
  for (Cell& cell : screen.cells) cell.grapheme = ShownText(cell.grapheme);
  out += Framed(screen);
  std::vector<StyleRun> runs;
  for (int row = 0; row < tui.height; ++row) {
    RowRuns(
        row, tui.width, [&](int col) { return PitoWords(tui.StyleAt(col, row)); }, &runs);
  }
  AppendRuns(runs, &out);
  return out;
}

std::string Hex64(uint64_t value) { return absl::StrFormat("%016x", value); }

std::string RgbaText(const RgbaPlane& plane) {
  std::string out = absl::StrCat(kRgbaHeader, "\nsize ", plane.width, "x", plane.height, "\nhash ",
                                 RasterHash(plane), "\n");
  const int64_t pixels = int64_t{plane.width} * plane.height;
  absl::StrAppend(&out, "opaque pixels ", plane.OpaqueCount(), " of ", pixels, "\n");
  absl::flat_hash_map<uint32_t, int64_t> counts;
  for (int y = 0; y < plane.height; ++y) {
    for (int x = 0; x < plane.width; ++x) ++counts[plane.At(x, y)];
  }
  std::vector<std::pair<uint32_t, int64_t>> colors(counts.begin(), counts.end());
  std::sort(colors.begin(), colors.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  absl::StrAppend(&out, "colours ", colors.size(), ", the most used first (#RRGGBBAA pixels):\n");
  for (size_t i = 0; i < colors.size() && i < kRgbaTopColors; ++i) {
    absl::StrAppend(&out, absl::StrFormat("  #%08X %d\n", colors[i].first, colors[i].second));
  }
  out += "bands (pixel rows, FNV-1a 64 of their bytes):\n";
  const size_t row_bytes = static_cast<size_t>(plane.width) * 4;
  for (int top = 0; top < plane.height; top += kRgbaBandRows) {
    const int bottom = std::min(plane.height, top + kRgbaBandRows) - 1;
    const absl::Span<const uint8_t> band(plane.pixels.data() + static_cast<size_t>(top) * row_bytes,
                                         static_cast<size_t>(bottom - top + 1) * row_bytes);
    absl::StrAppend(&out, "  rows ", top, "-", bottom, " ", Hex64(Fnv1a64(band)), "\n");
  }
  return out;
}

// The first line of `contents`, cut and escaped for a message.
std::string FirstLineForMessage(absl::string_view contents) {
  absl::string_view line = contents.substr(0, contents.find('\n'));
  constexpr size_t kMax = 40;
  const bool cut = line.size() > kMax;
  return absl::StrCat("\"", absl::CHexEscape(line.substr(0, kMax)), cut ? "..." : "", "\"");
}

bool HasHeader(absl::string_view contents, absl::string_view header) {
  return absl::StartsWith(contents, header) &&
         (contents.size() == header.size() || contents[header.size()] == '\n' ||
          contents[header.size()] == '\r');
}

}  // namespace

absl::StatusOr<std::string> TextconvText(absl::string_view contents, absl::string_view name) {
  if (contents.empty()) return std::string();
  if (HasHeader(contents, golden::kHeader) || HasHeader(contents, golden::kWideHeader)) {
    absl::StatusOr<Frame> frame = golden::Parse(contents);
    if (!frame.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(name, ":", frame.status().message()));
    }
    return DumpText(*frame, contents.substr(0, contents.find_first_of("\r\n")));
  }
  if (HasHeader(contents, kSemanticHeader)) {
    absl::StatusOr<SemanticSnapshot> snapshot = ParseSemantic(contents, name);
    if (!snapshot.ok()) return snapshot.status();
    return SemanticText(*snapshot);
  }
  if (HasHeader(contents, kRgbaHeader)) {
    absl::StatusOr<RgbaPlane> plane = ParseRgba(contents);
    if (!plane.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(name, ": ", plane.status().message()));
    }
    return RgbaText(*plane);
  }
  if (HasHeader(contents, pito::kFrameHeader)) {
    absl::StatusOr<pito::TuiFrame> frame = pito::ParseFrame(contents, name);
    if (!frame.ok()) return frame.status();
    return PitoText(*frame);
  }
  return absl::InvalidArgumentError(absl::StrCat(
      name, ":1:1: not a golden vtsnap writes: the first line is ", FirstLineForMessage(contents),
      " (expected ", golden::kHeader, ", ", golden::kWideHeader, ", ", kSemanticHeader, ", ",
      kRgbaHeader, " or ", pito::kFrameHeader, ")"));
}

const cli::Usage kTextconvUsage = {
    .command = "textconv",
    .summary = "Print a golden as readable text, for git diff and code review.",
    .synopsis = "usage: vtsnap textconv FILE\n",
    .details =
        R"(  Prints a golden ("-" reads stdin) as lines a diff reads: for a screen dump or scene
  (ckvision-golden 1), a pito-tui frame or a semantic projection, the rows framed between
  "|" as a failure message frames them, then the styles by run ("row 3 cols 10-14: bold
  fg=red"); for an RGBA plane (ckvision-rgba 1) its size, hash, colours by use and a hash
  of each band of 16 pixel rows. The format is read from the first line, not the name.
  Use it as git's textconv (docs/goldens.md, "Goldens in git and code review"):
    git config diff.vtsnap.textconv "vtsnap textconv"
  exit 0: printed; 2: bad arguments, or an input that cannot be read or parsed
  (FILE:LINE:COL: message)
)"};

int RunTextconv(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> files;
  cli::CommandLine line(kTextconvUsage);
  line.Positionals({.names = {"FILE"}, .min = 1, .max = 1}, &files);
  if (std::optional<int> done = line.Parse(args, out, err)) return *done;
  std::string contents;
  std::string error;
  if (!ReadInput(files[0], &contents, &error)) {
    err << error << "\n";
    return kExitInvalid;
  }
  absl::StatusOr<std::string> text = TextconvText(contents, files[0] == "-" ? "<stdin>" : files[0]);
  if (!text.ok()) {
    err << text.status().message() << "\n";
    return kExitInvalid;
  }
  out << *text;
  return kExitOk;
}

}  // namespace vtsnap::tools
