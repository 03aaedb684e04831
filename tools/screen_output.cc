// How `vtsnap decode` and `vtsnap run` print a screen: as text, as a golden dump or as a JSON state
// dump, with redactions applied to all three alike.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "vtsnap/base/size.h"
#include "vtsnap/decoder/terminal_options.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/screen_dump.h"
#include "vtsnap/snapshot/formats/state_json.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/tools/commands.h"

namespace vtsnap::tools {
namespace {

// True when the redactions changed the cell: it shows the mask now.
bool Masked(const Cell& original, const Cell& redacted) {
  return original.grapheme != redacted.grapheme || original.width != redacted.width ||
         !(original.style == redacted.style);
}

// Terminal::ScreenText with the masked cells replaced by the mask: identical to it when nothing is
// masked (a masked wide character is two masks, as in the redacted frame).
std::string RedactedScreenText(const Terminal& terminal, const Frame& original,
                               const Frame& redacted, const std::string& mask) {
  std::vector<std::string> rows;
  for (int row = 0; row < terminal.rows(); ++row) {
    std::string text;
    for (int col = 0; col < terminal.cols(); ++col) {
      if (Masked(original.cell(col, row), redacted.cell(col, row))) {
        absl::StrAppend(&text, mask);
        continue;
      }
      const ScreenCell& cell = terminal.cell(col, row);
      if (cell.is_continuation()) continue;
      absl::StrAppend(&text, terminal.Grapheme(cell));
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    rows.push_back(std::move(text));
  }
  while (!rows.empty() && rows.back().empty()) rows.pop_back();
  return absl::StrJoin(rows, "\n");
}

}  // namespace

absl::StatusOr<std::string> FormatScreen(const Terminal& terminal, absl::string_view format,
                                         const Redactions& redactions) {
  if (format != "text" && format != "golden" && format != "json") {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown screen format '", format, "' (expected text, golden or json)"));
  }
  if (redactions.empty()) {
    if (format == "text") return absl::StrCat(terminal.ScreenText(), "\n");
    if (format == "json") return WriteStateJson(CaptureState(terminal));
    return SerializeScreen(terminal);
  }
  const Frame original = *CaptureFrame(terminal);  // a terminal is always readable
  Frame redacted = original;
  redactions.Apply(&redacted);
  if (format == "golden") return golden::Serialize(redacted);
  const std::string mask =
      Redactions::ValidateMask(redactions.mask()).ok() ? redactions.mask() : std::string("#");
  if (format == "text") {
    return absl::StrCat(RedactedScreenText(terminal, original, redacted, mask), "\n");
  }
  StateDump dump = CaptureState(terminal);
  if (dump.cells.has_value()) {
    for (int row = 0; row < terminal.rows(); ++row) {
      for (int col = 0; col < terminal.cols(); ++col) {
        if (!Masked(original.cell(col, row), redacted.cell(col, row))) continue;
        std::optional<StateCell>& cell = (*dump.cells)[row][col];
        StateCell masked{.ch = mask,
                         .fg = kStateDefaultForeground,
                         .bg = kStateDefaultBackground,
                         .attrs = std::vector<std::string>()};
        if (cell.has_value()) masked.gen = cell->gen;
        cell = std::move(masked);
      }
    }
  }
  return WriteStateJson(dump);
}

absl::StatusOr<TerminalSize> ParseCellOption(const std::string& cell) {
  absl::StatusOr<TerminalSize> parsed = ParseSize(cell);
  if (!parsed.ok()) return parsed.status();
  if (parsed->cols > kMaxCellPixels || parsed->rows > kMaxCellPixels) {
    return absl::InvalidArgumentError(
        absl::StrCat("a cell is at most ", kMaxCellPixels, "x", kMaxCellPixels, " pixels"));
  }
  return parsed;
}

absl::Status CheckPlaneSize(const std::string& size_text, const TerminalSize& size,
                            const std::string& cell_text, const TerminalSize& cell) {
  const int64_t pixels = PlanePixels(size.cols, size.rows, cell.cols, cell.rows);
  if (pixels <= kMaxPlanePixels) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      "--size ", size_text, " with --cell ", cell_text, " makes a ", int64_t{size.cols} * cell.cols,
      "x", int64_t{size.rows} * cell.rows, " pixel plane (", pixels, " pixels); the maximum is ",
      kMaxPlanePixels, " pixels (", (kMaxPlanePixels * 4) >> 30, " GiB of RGBA)"));
}

}  // namespace vtsnap::tools
