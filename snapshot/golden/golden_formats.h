// The five kinds of golden vtsnap keeps, each a GoldenFormat (golden_format.h) wrapping the
// format's own reader, writer, comparison and drawing: the screen dump (`.dump`, and `.scene`:
// golden.h Parse/Serialize, diff.h Compare/RenderDiff), the semantic projection (`.semantic`:
// semantic.h), the RGBA plane (`.rgba`: rgba.h) and one frame file of a pito-tui capture folder
// (`walk.capture/00-home/80x24`: pito_frame.h, pito_capture.h Compare). A capture golden is a
// folder of such frames, each checked as a golden of its own (pito_capture_golden.h).
//
//   const vtsnap::RgbaFormat format;
//   absl::StatusOr<vtsnap::RgbaPlane> plane = format.Read(bytes, "x.rgba");
//   // errors: "x.rgba:line 1, column 1: expected \"ckvision-rgba 1\", got ..."
//   vtsnap::PlaneDiff differences = format.Compare(*plane, other);
//   if (!differences.empty()) std::cout << format.Explain(*plane, other, differences);
#ifndef VTSNAP_SNAPSHOT_GOLDEN_GOLDEN_FORMATS_H_
#define VTSNAP_SNAPSHOT_GOLDEN_GOLDEN_FORMATS_H_

#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/size.h"
#include "vtsnap/snapshot/formats/pito_capture.h"
#include "vtsnap/snapshot/formats/pito_frame.h"
#include "vtsnap/snapshot/formats/semantic.h"
#include "vtsnap/snapshot/golden/golden_format.h"
#include "vtsnap/snapshot/screen/diff.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace vtsnap {

// The screen dump, ckvision-golden 1 (golden.h). Two screens differ by what a person sees
// (diff.h Compare: a style nobody can see on a blank cell does not count). `extension` is
// ".dump" or ".scene"; with `color`, a difference also shows the changed rows in their real
// styles (RenderChangedRows), for a failure read on a colour terminal.
class DumpFormat final : public GoldenFormat<Frame, FrameDiff> {
 public:
  explicit DumpFormat(std::string extension = ".dump", bool color = false)
      : extension_(std::move(extension)), color_(color) {}
  GoldenFormatNames Names() const override;
  absl::StatusOr<Frame> Read(absl::string_view bytes, absl::string_view path) const override;
  absl::StatusOr<std::string> Write(const Frame& value) const override;
  FrameDiff Compare(const Frame& expected, const Frame& actual) const override;
  std::string Explain(const Frame& expected, const Frame& actual,
                      const FrameDiff& differences) const override;
  std::string Draw(const Frame* expected, const Frame& actual) const override;

 private:
  std::string extension_;
  bool color_ = false;
};

// What DiffSemantic says: its lines, "" when the projections are equal.
struct SemanticDifferences {
  std::string text;
  bool empty() const { return text.empty(); }
};

// The semantic projection, vtsnap-semantic 1 (semantic.h). Drawn without screens.
class SemanticFormat final : public GoldenFormat<SemanticSnapshot, SemanticDifferences> {
 public:
  GoldenFormatNames Names() const override;
  absl::StatusOr<SemanticSnapshot> Read(absl::string_view bytes,
                                        absl::string_view path) const override;
  absl::StatusOr<std::string> Write(const SemanticSnapshot& value) const override;
  SemanticDifferences Compare(const SemanticSnapshot& expected,
                              const SemanticSnapshot& actual) const override;
  std::string Explain(const SemanticSnapshot& expected, const SemanticSnapshot& actual,
                      const SemanticDifferences& differences) const override;
  std::string Draw(const SemanticSnapshot* expected, const SemanticSnapshot& actual) const override;
};

// The RGBA plane, ckvision-rgba 1 (rgba.h): every pixel counts. Drawn without screens.
class RgbaFormat final : public GoldenFormat<RgbaPlane, PlaneDiff> {
 public:
  GoldenFormatNames Names() const override;
  absl::StatusOr<RgbaPlane> Read(absl::string_view bytes, absl::string_view path) const override;
  absl::StatusOr<std::string> Write(const RgbaPlane& value) const override;
  PlaneDiff Compare(const RgbaPlane& expected, const RgbaPlane& actual) const override;
  std::string Explain(const RgbaPlane& expected, const RgbaPlane& actual,
                      const PlaneDiff& differences) const override;
  std::string Draw(const RgbaPlane* expected, const RgbaPlane& actual) const override;
};

namespace pito {

// One frame file of a capture golden, pito-tui frame 1 (pito_frame.h), at `scenario` and `size`
// (its place in the folder): a frame of another size does not read, and two frames differ in
// every cell whose symbol or style differs (pito_capture.h Compare, as the spec's Differences).
class CaptureFrameFormat final : public GoldenFormat<TuiFrame, Differences> {
 public:
  CaptureFrameFormat(std::string scenario, TerminalSize size)
      : scenario_(std::move(scenario)), size_(size) {}
  GoldenFormatNames Names() const override;
  absl::StatusOr<TuiFrame> Read(absl::string_view bytes, absl::string_view path) const override;
  absl::StatusOr<std::string> Write(const TuiFrame& value) const override;
  Differences Compare(const TuiFrame& expected, const TuiFrame& actual) const override;
  std::string Explain(const TuiFrame& expected, const TuiFrame& actual,
                      const Differences& differences) const override;
  std::string Draw(const TuiFrame* expected, const TuiFrame& actual) const override;

 private:
  std::string scenario_;
  TerminalSize size_;
};

// A frame's cells as a screen the failure report draws (snapshot/render/render.h): each symbol in a
// cell of its own, the named colours as palette 0-15 (Reset the default), the modifiers the screen
// can show (blink and hidden are left out; the message names them).
Frame ScreenOf(const TuiFrame& frame);

}  // namespace pito
}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_GOLDEN_GOLDEN_FORMATS_H_
