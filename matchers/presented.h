// PresentedEquals: the GoogleTest matcher that proves the bytes an app wrote decode to the frame
// it composed, cell for cell.
//
// An app with its own composed frame (a surface of cells) writes only the bytes needed to update
// the terminal. EqualsGolden pins the composed frame; PresentedEquals checks that the display a
// HeadlessTerminal decoded from those bytes equals it: each cell's text, style and hyperlink
// target. The cursor and raster records are not compared (a composed frame's rasters come from the
// compositor, not from the bytes). It needs a truecolor profile: under a palette depth a presenter
// rightly writes the nearest index for an RGB style. A mismatch explains itself with the
// snapshot/screen/diff report (- composed, + presented); a display the presenter profile
// invalidated, or one read inside a synchronized frame, fails with the reason.
//
//   vtsnap::HeadlessTerminal term(vtsnap::HeadlessProfile::Presenter(40, 10));
//   app.Step();                                            // writes into term
//   EXPECT_THAT(term, vtsnap::PresentedEquals(app_frame));  // app_frame: a vtsnap::Frame
#ifndef VTSNAP_MATCHERS_PRESENTED_H_
#define VTSNAP_MATCHERS_PRESENTED_H_

#include <ostream>

#include "gmock/gmock.h"
#include "vtsnap/decoder/headless_terminal.h"
#include "vtsnap/matchers/screen.h"  // PrintTo for screens, for failure messages
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {

// What PresentedEquals compares: `composed` and `presented` with their cursors and raster records
// set aside. Empty when they are equal; otherwise the snapshot/screen/diff report without its
// legend line.
std::string PresentedDifference(const Frame& composed, const Frame& presented);

class PresentedMatcher : public ::testing::MatcherInterface<const HeadlessTerminal&> {
 public:
  explicit PresentedMatcher(Frame composed) : composed_(std::move(composed)) {}
  bool MatchAndExplain(const HeadlessTerminal& terminal,
                       ::testing::MatchResultListener* listener) const override;
  void DescribeTo(std::ostream* os) const override;
  void DescribeNegationTo(std::ostream* os) const override;

 private:
  Frame composed_;
};

// Matches a HeadlessTerminal whose decoded display equals `composed` cell for cell.
::testing::Matcher<const HeadlessTerminal&> PresentedEquals(Frame composed);

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_PRESENTED_H_
