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

#include <memory>
#include <ostream>
#include <string>

#include "gmock/gmock.h"
#include "vtsnap/matchers/golden.h"
#include "vtsnap/snapshot/screen_view.h"
#include "vtsnap/snapshot/semantic.h"

namespace vtsnap {

struct SemanticGoldenOptions {
  // As GoldenOptions::root: replaces the test source's directory (else $VTSNAP_GOLDEN_ROOT, else
  // the test source's directory).
  std::string root = {};
  // The visible viewport (default) or the used buffer (scrollback and screen).
  SemanticCapture capture = SemanticCapture::kViewport;
  // Masks applied to the `text` section before it is compared or written (RedactSemantic in
  // snapshot/semantic.h): spinners, clocks, PIDs. The golden holds the masked text.
  Redactions redactions = {};
};

// The gmock matcher EqualsSemanticGolden returns; it matches any screen (snapshot/screen_view.h).
class SemanticGoldenMatcher {
 public:
  // gmock's Not negates the ReadOnly() copy (matchers/golden.h).
  using IsVtsnapGoldenMatcher = void;

  SemanticGoldenMatcher(std::string name, SemanticGoldenOptions options);

  template <typename T>
  operator ::testing::Matcher<T>() const {  // NOLINT(google-explicit-constructor)
    return ::testing::Matcher<T>(
        new golden_internal::ScreenGoldenMatcherImpl<SemanticGoldenMatcher, T>(*this));
  }

  bool Match(const ScreenView& screen, ::testing::MatchResultListener* listener) const;
  void DescribeTo(std::ostream* os) const;
  void DescribeNegationTo(std::ostream* os) const;

  // A copy that never writes the golden or an .actual file (what Not uses).
  SemanticGoldenMatcher ReadOnly() const {
    SemanticGoldenMatcher m = *this;
    m.read_only_ = true;
    return m;
  }

 private:
  std::string name_;
  std::shared_ptr<const SemanticGoldenOptions> options_;
  bool read_only_ = false;
};

// Matches when the screen's projection equals the golden `<name>.semantic` (names as for
// EqualsGolden: '/'-separated segments of [A-Za-z0-9._-]).
SemanticGoldenMatcher EqualsSemanticGolden(std::string name, SemanticGoldenOptions options = {});

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_SEMANTIC_GOLDEN_H_
