// Small matchers for direct assertions on a screen: the cursor, a row's text, a cell's style and a
// cell's hyperlink. Each matches any screen (a VirtualTerminal, a Terminal, a Frame, a
// HeadlessTerminal, a PtySession: snapshot/screen/screen_view.h), takes inner gmock matchers where
// a value is compared, and composes with Not, AllOf and the rest. The names follow one pattern
// (docs/matchers.md): `<Property>Is(position..., matcher)` checks one property through an inner
// matcher, `CursorAt`/`CursorHidden` say where the cursor is.
//
//   EXPECT_THAT(vt, vtsnap::CursorAt(3, 1));
//   EXPECT_THAT(vt, vtsnap::CursorAt(testing::Lt(10), 1));
//   EXPECT_THAT(vt, vtsnap::RowTextIs(0, testing::StartsWith("File")));
//   EXPECT_THAT(vt, vtsnap::CellStyleIs(0, 0, testing::Field(&vtsnap::Style::bold, true)));
//   EXPECT_THAT(vt, vtsnap::CellLinkIs(4, 2, "https://example.com/"));
#ifndef VTSNAP_MATCHERS_SCREEN_H_
#define VTSNAP_MATCHERS_SCREEN_H_

#include <concepts>
#include <ostream>
#include <string>

#include "gmock/gmock.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

// Readable printing of screens in gtest messages, for every kind of screen: the size, each row
// between '|' delimiters, then the cursor; or why the screen cannot be read (PrintScreen).
// A constrained template so that GoogleTest prefers it to its own printer for each screen type.
template <typename T>
requires std::convertible_to<const T&, ScreenView>
void PrintTo(const T& screen, std::ostream* os) { PrintScreen(ScreenView(screen), os); }
// A style in the golden's vocabulary: "fg @1 bg default attrs bold".
void PrintTo(const Style& style, std::ostream* os);
void PrintTo(const Color& color, std::ostream* os);

// A screen that cannot be read fails every matcher below with the reason.
using ScreenMatcher = ::testing::Matcher<const ScreenView&>;

// The cursor is visible, its column (0-based) matching `col` and its row matching `row` (plain
// numbers, or matchers such as testing::Ge(2)).
ScreenMatcher CursorAt(::testing::Matcher<int> col, ::testing::Matcher<int> row);
// The cursor's visibility (DECTCEM) matches `visible`; CursorHidden() is CursorVisibleIs(false).
ScreenMatcher CursorVisibleIs(::testing::Matcher<bool> visible);
inline ScreenMatcher CursorHidden() { return CursorVisibleIs(false); }
// Row `row`'s text (each grapheme once, trailing spaces trimmed) matches `text`.
ScreenMatcher RowTextIs(int row, ::testing::Matcher<std::string> text);
// The style of cell (col, row) matches `style` (a Style, or e.g. Field(&Style::bold, true)).
ScreenMatcher CellStyleIs(int col, int row, ::testing::Matcher<Style> style);
// The hyperlink target of cell (col, row) ("" when the cell is not part of a link) matches.
ScreenMatcher CellLinkIs(int col, int row, ::testing::Matcher<std::string> target);

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_SCREEN_H_
