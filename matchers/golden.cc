#include "vtsnap/matchers/golden.h"

#include <utility>

#include "vtsnap/matchers/golden_env.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/screen_dump.h"
#include "vtsnap/snapshot/golden/golden_check.h"
#include "vtsnap/snapshot/screen/capture.h"

namespace vtsnap::golden_kind {

void Screen::Describe(const GoldenAssertion<Options>& a, bool negation, std::ostream* os) {
  *os << (negation ? "differs from" : "equals") << " the golden \"" << a.name << "\"";
  if (a.options.region != Region{}) *os << " in its " << DescribeRegion(a.options.region);
}

bool Screen::Match(const GoldenAssertion<Options>& a, const ScreenView& screen,
                   ::testing::MatchResultListener* listener) {
  if (!screen.readable()) {
    *listener << screen.status().message();
    return false;
  }
  const GoldenOptions& options = a.options;
  if (options.extension != ".dump" && options.extension != ".scene") {
    *listener << R"(GoldenOptions::extension must be ".dump" or ".scene", not ")"
              << options.extension << "\"";
    return false;
  }
  GoldenInput input = {.name = a.name, .read_only = a.read_only};
  if (!options.redactions.empty() || (options.region != Region{})) {
    absl::StatusOr<Frame> captured = CaptureFrame(screen);
    if (!captured.ok()) {
      *listener << captured.status().message();
      return false;
    }
    Frame actual = *std::move(captured);
    options.redactions.Apply(&actual);
    if (options.region != Region{}) {
      absl::StatusOr<Frame> cropped = CropFrame(actual, options.region);
      if (!cropped.ok()) {
        *listener << "the golden \"" << a.name << "\": " << cropped.status().message();
        return false;
      }
      actual = *std::move(cropped);
      // The diff's rows and columns are the region's own.
      *listener << "the " << DescribeRegion(options.region) << " of the " << screen.cols() << "x"
                << screen.rows() << " screen (rows and columns below count from it): ";
    }
    input.actual = golden::Serialize(actual);
    input.compare =
        CompareDumpByMeaning([&actual] { return actual; }, matchers_internal::FailuresInColor());
    input.report_screens = DumpReportScreens([&actual] { return actual; });
    return matchers_internal::MatchGoldenInTest(std::move(input), options.extension, options.root,
                                                listener);
  }
  // No redaction: the dump is written straight from a live screen (SerializeScreen), and the
  // Frame is captured only when the golden's bytes differ.
  input.actual = SerializeScreen(screen);
  input.compare = CompareDumpByMeaning([&screen] { return screen.frame(); },
                                       matchers_internal::FailuresInColor());
  input.report_screens = DumpReportScreens([&screen] { return screen.frame(); });
  return matchers_internal::MatchGoldenInTest(std::move(input), options.extension, options.root,
                                              listener);
}

}  // namespace vtsnap::golden_kind
