#include "vtsnap/snapshot/golden/golden_formats.h"

#include <optional>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/rgba_file.h"
#include "vtsnap/snapshot/golden/report.h"

namespace vtsnap {
namespace {

// A reader's "LINE:COL: message" with the path first ("PATH:LINE:COL: message"), as CheckGolden
// names an unreadable golden; as it is for an empty path.
absl::Status AtPath(const absl::Status& status, absl::string_view path) {
  if (status.ok() || path.empty()) return status;
  return absl::Status(status.code(), absl::StrCat(path, ":", status.message()));
}

}  // namespace

// --- The screen dump ---

GoldenFormatNames DumpFormat::Names() const {
  return {.extension = extension_,
          .format = "ckvision-golden 1 dump",
          .what = "screen",
          .kind = "dump"};
}

absl::StatusOr<Frame> DumpFormat::Read(absl::string_view bytes, absl::string_view path) const {
  absl::StatusOr<Frame> frame = golden::Parse(bytes);
  if (!frame.ok()) return AtPath(frame.status(), path);
  return frame;
}

absl::StatusOr<std::string> DumpFormat::Write(const Frame& value) const {
  return golden::Serialize(value);
}

FrameDiff DumpFormat::Compare(const Frame& expected, const Frame& actual) const {
  if (expected == actual) return FrameDiff{};
  return vtsnap::Compare(expected, actual);
}

std::string DumpFormat::Explain(const Frame& expected, const Frame& actual,
                                const FrameDiff& differences) const {
  if (color_) {
    return absl::StrCat(RenderDiff(differences), RenderChangedRows(expected, actual, differences));
  }
  return RenderDiff(differences);
}

std::string DumpFormat::Draw(const Frame* expected, const Frame& actual) const {
  return ReportScreens(expected, actual);
}

// --- The semantic projection ---

GoldenFormatNames SemanticFormat::Names() const {
  return {.extension = ".semantic",
          .format = absl::StrCat(kSemanticHeader, " projection"),
          .what = "semantic projection",
          .kind = "projection"};
}

absl::StatusOr<SemanticSnapshot> SemanticFormat::Read(absl::string_view bytes,
                                                      absl::string_view path) const {
  return ParseSemantic(bytes, path);
}

absl::StatusOr<std::string> SemanticFormat::Write(const SemanticSnapshot& value) const {
  return SerializeSemantic(value);
}

SemanticDifferences SemanticFormat::Compare(const SemanticSnapshot& expected,
                                            const SemanticSnapshot& actual) const {
  return {.text = DiffSemantic(expected, actual)};
}

std::string SemanticFormat::Explain(const SemanticSnapshot&, const SemanticSnapshot&,
                                    const SemanticDifferences& differences) const {
  return differences.text;
}

std::string SemanticFormat::Draw(const SemanticSnapshot*, const SemanticSnapshot&) const {
  return "";
}

// --- The RGBA plane ---

GoldenFormatNames RgbaFormat::Names() const {
  return {
      .extension = ".rgba", .format = "ckvision-rgba 1 plane", .what = "plane", .kind = "plane"};
}

absl::StatusOr<RgbaPlane> RgbaFormat::Read(absl::string_view bytes, absl::string_view path) const {
  absl::StatusOr<RgbaPlane> plane = ParseRgba(bytes);
  if (!plane.ok()) return AtPath(plane.status(), path);
  return plane;
}

absl::StatusOr<std::string> RgbaFormat::Write(const RgbaPlane& value) const {
  return SerializeRgba(value);
}

PlaneDiff RgbaFormat::Compare(const RgbaPlane& expected, const RgbaPlane& actual) const {
  return ComparePlanes(expected, actual);
}

std::string RgbaFormat::Explain(const RgbaPlane&, const RgbaPlane&,
                                const PlaneDiff& differences) const {
  return RenderPlaneDiff(differences);
}

std::string RgbaFormat::Draw(const RgbaPlane*, const RgbaPlane&) const { return ""; }

// --- One frame of a pito-tui capture ---

namespace pito {

GoldenFormatNames CaptureFrameFormat::Names() const {
  // "dump": the word a frame's own message has always used for its .actual file.
  return {.extension = "", .format = std::string(kFrameHeader), .what = "frame", .kind = "dump"};
}

absl::StatusOr<TuiFrame> CaptureFrameFormat::Read(absl::string_view bytes,
                                                  absl::string_view path) const {
  // ParseFrame's errors are "PATH:LINE:COL: message", "LINE:COL: message" for an empty path.
  absl::StatusOr<TuiFrame> frame = ParseFrame(bytes, path);
  if (!frame.ok()) return absl::InvalidArgumentError(frame.status().message());
  if (frame->width != size_.cols || frame->height != size_.rows) {
    return AtPath(
        absl::InvalidArgumentError(absl::StrCat(
            "2:1: the frame is ", FormatSize({.cols = frame->width, .rows = frame->height}),
            ", but its file name says ", FormatSize(size_))),
        path);
  }
  return frame;
}

absl::StatusOr<std::string> CaptureFrameFormat::Write(const TuiFrame& value) const {
  return SerializeFrame(value);
}

Differences CaptureFrameFormat::Compare(const TuiFrame& expected, const TuiFrame& actual) const {
  Capture before;
  Capture after;
  before.scenarios[scenario_].emplace(size_, expected);
  after.scenarios[scenario_].emplace(size_, actual);
  return pito::Compare(before, after);
}

std::string CaptureFrameFormat::Explain(const TuiFrame&, const TuiFrame&,
                                        const Differences& differences) const {
  return differences.Text();
}

// The golden (when it reads as a frame of this size) and the actual frame, each cell Compare
// finds different marked in both.
std::string CaptureFrameFormat::Draw(const TuiFrame* expected, const TuiFrame& actual) const {
  const Frame actual_screen = ScreenOf(actual);
  if (expected == nullptr) return ReportScreens(nullptr, actual_screen);
  std::vector<bool> changed(actual_screen.cells.size(), false);
  for (const Difference& d : Compare(*expected, actual).entries) {
    if (d.kind == Difference::Kind::kCell) {
      changed[static_cast<size_t>(d.y) * size_.cols + d.x] = true;
    }
  }
  const Frame expected_screen = ScreenOf(*expected);
  return ReportScreens(&expected_screen, actual_screen, changed);
}

Frame ScreenOf(const TuiFrame& frame) {
  Frame screen = Frame::Blank(frame.width, frame.height);
  auto color = [](const TuiColor& c) {
    switch (c.kind) {
      case TuiColor::Kind::kNamed:
        return c.value == 0 ? Color::Default() : Color::Palette(static_cast<int>(c.value) - 1);
      case TuiColor::Kind::kIndexed:
        return Color::Palette(static_cast<int>(c.value));
      case TuiColor::Kind::kRgb:
        return Color{Color::Kind::kRgb, c.value};
    }
    return Color::Default();
  };
  for (int y = 0; y < frame.height; ++y) {
    for (int x = 0; x < frame.width; ++x) {
      Cell& cell = screen.cell(x, y);
      cell.grapheme = frame.rows[y].symbols[x];
      const TuiStyle& style = frame.StyleAt(x, y);
      cell.style = {.fg = color(style.fg),
                    .bg = color(style.bg),
                    .bold = (style.modifiers & kBold) != 0,
                    .dim = (style.modifiers & kDim) != 0,
                    .italic = (style.modifiers & kItalic) != 0,
                    .underline = (style.modifiers & kUnderlined) != 0,
                    .reverse = (style.modifiers & kReversed) != 0,
                    .strike = (style.modifiers & kCrossedOut) != 0};
    }
  }
  return screen;
}

}  // namespace pito
}  // namespace vtsnap
