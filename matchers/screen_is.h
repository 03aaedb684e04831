// ScreenIs: the screen written in the test itself, an inline screen (docs/inline-screens.md).
//
// The literal holds the screen's rows, each between two `|` as a failing golden's diff frames
// them; blank lines around them, a common indentation and the screen's trailing blank rows are
// left out. A `--- styles` line starts an optional styles part in the words of the semantic
// snapshot (`ROW FIRST-LAST words`): with it the styles are compared too, every cell it does not
// name in the default style; without it only the text is. A mismatch fails with the golden's
// framed diff. Under UPDATE_GOLDENS=1 the literal is rewritten in the test's source file, found
// through the call's place (InlineCall; UPDATE_GOLDENS=new rewrites only an empty literal);
// otherwise the change waits beside the source for `vtsnap review`.
//
//   TEST(Shop, ListsTheFruit) {
//     vtsnap::VirtualTerminal vt({.cols = 20, .rows = 4});
//     vt.Write("Fruit Shop\r\n\x1b[7m> Apples      $1.20 \x1b[m");
//     EXPECT_THAT(vt, vtsnap::ScreenIs(R"(
//         |Fruit Shop          |
//         |> Apples      $1.20 |
//         --- styles
//         1 0-19 reverse
//     )"));
//   }
#ifndef VTSNAP_MATCHERS_SCREEN_IS_H_
#define VTSNAP_MATCHERS_SCREEN_IS_H_

#include <memory>
#include <ostream>
#include <string>
#include <version>
#if defined(__cpp_lib_source_location) && !defined(__clang__)
#include <source_location>
#endif

#include "absl/strings/string_view.h"
#include "gmock/gmock.h"
#include "vtsnap/matchers/golden_matcher.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

// Where a ScreenIs call is, as the compiler says it: the file, the line and the column of the call
// (or of the macro holding it). GCC gives it through std::source_location; Clang 14, whose
// libstdc++ <source_location> it cannot compile, through its __builtin_COLUMN and kin. Both name
// the caller when made as a default argument.
struct InlineCall {
  const char* file = "";
  int line = 0;
  int column = 0;

#if defined(__cpp_lib_source_location) && !defined(__clang__)
  static constexpr InlineCall Here(std::source_location where = std::source_location::current()) {
    return {where.file_name(), static_cast<int>(where.line()), static_cast<int>(where.column())};
  }
#else
  static constexpr InlineCall Here(const char* file = __builtin_FILE(), int line = __builtin_LINE(),
                                   int column = __builtin_COLUMN()) {
    return {file, line, column};
  }
#endif
};

struct InlineScreenState;  // the literal and where it is, read once (screen_is.cc)
std::shared_ptr<const InlineScreenState> MakeInlineScreenState(absl::string_view literal,
                                                               InlineCall where);

namespace golden_kind {
// The inline screen as a golden kind (golden_matcher.h): the matcher, its read-only copy and
// `testing::Not` (which never rewrites the literal nor records a pending change) come from
// BasicGoldenMatcher. The "name" is the literal.
struct Inline {
  struct Options {
    std::shared_ptr<const InlineScreenState> state;
  };
  static void Describe(const GoldenAssertion<Options>& a, bool negation, std::ostream* os);
  static bool Match(const GoldenAssertion<Options>& a, const ScreenView& screen,
                    ::testing::MatchResultListener* listener);
};
}  // namespace golden_kind

// The matcher ScreenIs returns: a gmock matcher of every screen type.
using ScreenIsMatcher = BasicGoldenMatcher<golden_kind::Inline>;

// Matches a screen (a VirtualTerminal, a Terminal, a Frame, a HeadlessTerminal, a PtySession)
// whose rows, and styles when the literal pins them, are `literal`'s. `where` is the call, the
// place UPDATE_GOLDENS=1 rewrites: leave it to its default.
inline ScreenIsMatcher ScreenIs(absl::string_view literal, InlineCall where = InlineCall::Here()) {
  return ScreenIsMatcher(std::string(literal), {.state = MakeInlineScreenState(literal, where)});
}

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_SCREEN_IS_H_
