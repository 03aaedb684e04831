// EqualsSemanticGolden: the GoogleTest matcher that compares a screen's semantic projection
// (`vtsnap-semantic 1`, docs/semantic.md) with its golden file.
//
// Every rule of EqualsGolden holds (docs/goldens.md): the golden lives at
// `<directory of the test source>/goldens/<test source file stem>/<name>.semantic`; a missing or
// different golden fails with its path, the differences (the changed state lines, then the text
// diff and the style diff, each under its own heading), the path of the `.actual` file written for
// review and the command that accepts it; `UPDATE_GOLDENS=1` (or `new`) writes it; CI refuses to;
// the closed inventories count `.semantic` files (an unclaimed one is an orphan, a golden claimed
// twice with different projections fails); `Not(EqualsSemanticGolden(...))` never writes.
//
// The projection needs a terminal's modes, wrap flags and scrollback: a Terminal, a
// VirtualTerminal, a readable HeadlessTerminal or a PtySession between synchronized frames. A
// Frame fails with the reason.
//
//   TEST(Chat, ScrollsTheTranscript) {
//     vtsnap::VirtualTerminal vt({.cols = 80, .rows = 24});
//     vt.Write(app_output);
//     EXPECT_THAT(vt, vtsnap::EqualsSemanticGolden("transcript",
//                                                  {.capture = vtsnap::SemanticCapture::kBuffer}));
//     // goldens/chat_test/transcript.semantic
//   }
#ifndef VTSNAP_MATCHERS_SEMANTIC_GOLDEN_H_
#define VTSNAP_MATCHERS_SEMANTIC_GOLDEN_H_

#include <ostream>
#include <string>
#include <utility>

#include "gmock/gmock.h"
#include "vtsnap/matchers/golden.h"
#include "vtsnap/matchers/golden_matcher.h"
#include "vtsnap/snapshot/formats/semantic.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

struct SemanticGoldenOptions {
  // As GoldenOptions::root: replaces the test source's directory (else $VTSNAP_GOLDEN_ROOT, else
  // the test source's directory).
  std::string root = {};
  // The visible viewport (default) or the used buffer (scrollback and screen).
  SemanticCapture capture = SemanticCapture::kViewport;
  // Masks applied to the `text` section before it is compared or written (RedactSemantic in
  // snapshot/formats/semantic.h): spinners, clocks, PIDs. The golden holds the masked text.
  Redactions redactions = {};
};

namespace golden_kind {
// The semantic golden (golden_matcher.h has what a kind is): any screen's projection.
struct Semantic {
  using Options = SemanticGoldenOptions;
  static void Describe(const GoldenAssertion<Options>& a, bool negation, std::ostream* os);
  static bool Match(const GoldenAssertion<Options>& a, const ScreenView& screen,
                    ::testing::MatchResultListener* listener);
};
}  // namespace golden_kind

// The gmock matcher EqualsSemanticGolden returns; ReadOnly() is a copy that never writes.
using SemanticGoldenMatcher = BasicGoldenMatcher<golden_kind::Semantic>;

// Matches when the screen's projection equals the golden `<name>.semantic` (names as for
// EqualsGolden: '/'-separated segments of [A-Za-z0-9._-]).
inline SemanticGoldenMatcher EqualsSemanticGolden(std::string name,
                                                  SemanticGoldenOptions options = {}) {
  return SemanticGoldenMatcher(std::move(name), std::move(options));
}

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_SEMANTIC_GOLDEN_H_
