#include "vtsnap/matchers/presented.h"

#include <string>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/diff.h"

namespace vtsnap {
namespace {

Frame CellsOnly(Frame frame) {
  frame.cursor = Cursor{};
  frame.rasters.clear();
  return frame;
}

}  // namespace

std::string PresentedDifference(const Frame& composed, const Frame& presented) {
  const Frame a = CellsOnly(composed);
  const Frame b = CellsOnly(presented);
  if (a == b) return "";
  const FrameDiff diff = Compare(a, b);
  if (diff.empty()) return "";  // differs only in what nobody can see (diff.h)
  // The report without its legend line: the matcher says which side is which.
  std::string report = RenderDiff(diff);
  const size_t first_line = report.find('\n');
  if (absl::StartsWith(report, "frames differ (") && first_line != std::string::npos) {
    report.erase(0, first_line + 1);
  }
  return report;
}

bool PresentedMatcher::MatchAndExplain(const HeadlessTerminal& terminal,
                                       ::testing::MatchResultListener* listener) const {
  if (terminal.profile().color_depth != ColorDepth::kTrueColor) {
    *listener << "PresentedEquals needs a truecolor profile: under a palette depth a presenter "
                 "rightly writes the nearest index for an RGB style";
    return false;
  }
  absl::StatusOr<Frame> presented = CaptureFrame(terminal);
  if (!presented.ok()) {
    *listener << presented.status().message();
    return false;
  }
  const std::string difference = PresentedDifference(composed_, *presented);
  if (difference.empty()) return true;
  *listener << "the decoded display differs from the composed frame (- composed, + presented; "
               "rows and columns are 0-based):\n"
            << difference;
  return false;
}

void PresentedMatcher::DescribeTo(std::ostream* os) const {
  *os << "decodes to the composed " << composed_.cols << "x" << composed_.rows
      << " frame cell for cell (text, style, links)";
}

void PresentedMatcher::DescribeNegationTo(std::ostream* os) const {
  *os << "does not decode to the composed " << composed_.cols << "x" << composed_.rows << " frame";
}

::testing::Matcher<const HeadlessTerminal&> PresentedEquals(Frame composed) {
  return ::testing::MakeMatcher(new PresentedMatcher(std::move(composed)));
}

}  // namespace vtsnap
