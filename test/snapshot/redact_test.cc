// Redactions: patterns and rectangles masking cells of captured and parsed frames. Also keeps
// snapshot/screen/redact.h's example alive.
#include "vtsnap/snapshot/screen/redact.h"

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// Every cell of these screens has a blue background (ED with BCE), so a masked cell (default
// style) is told apart from an untouched one.
constexpr absl::string_view kBlueScreen = "\x1b[44m\x1b[2J\x1b[H";

Frame Capture(int cols, int rows, absl::string_view bytes) {
  VirtualTerminal vt({.cols = cols, .rows = rows});
  vt.Write(bytes);
  return CaptureFrame(vt).value();
}

std::string Serialized(const Frame& frame) {
  absl::StatusOr<std::string> text = golden::Serialize(frame);
  EXPECT_TRUE(text.ok()) << text.status();
  return text.ok() ? *text : "";
}

Frame Reparsed(const Frame& frame) {
  absl::StatusOr<Frame> parsed = golden::Parse(Serialized(frame));
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  return parsed.ok() ? *parsed : Frame();
}

std::vector<std::string> Rows(const Frame& frame) {
  std::vector<std::string> rows;
  for (int row = 0; row < frame.rows; ++row) rows.push_back(frame.RowText(row));
  return rows;
}

// One character per column: '#' where the style is the default (masked), '.' where it is the
// original one. Anything else is reported as '?'.
std::vector<std::string> StyleMap(const Frame& frame, const Frame& original) {
  std::vector<std::string> rows;
  for (int row = 0; row < frame.rows; ++row) {
    std::string line;
    for (int col = 0; col < frame.cols; ++col) {
      const Style& s = frame.style(col, row);
      line += s == Style{} ? '#' : s == original.style(col, row) ? '.' : '?';
    }
    rows.push_back(line);
  }
  return rows;
}

struct RectSpec {
  int col, row, cols, rows;
};

struct Case {
  const char* name;
  int cols;
  int rows;
  std::string bytes;  // written after kBlueScreen
  std::vector<std::string> patterns;
  std::vector<RectSpec> rects;
  std::vector<std::string> want_rows;
  std::vector<std::string> want_styles;
  std::string mask = "";
};

Redactions Make(const Case& c) {
  Redactions r;
  for (const std::string& p : c.patterns) EXPECT_TRUE(r.AddPattern(p).ok()) << p;
  for (const RectSpec& rect : c.rects) r.AddRect(rect.col, rect.row, rect.cols, rect.rows);
  if (!c.mask.empty()) r.set_mask(c.mask);
  return r;
}

std::vector<Case> Cases() {
  return {
      {"Clock",
       16,
       1,
       "up 12:34:56 ok",
       {R"(\d\d:\d\d:\d\d)"},
       {},
       {"up ######## ok  "},
       {"...########....."}},
      {"Pid",
       16,
       1,
       "pid 4242 running",
       {R"(\bpid \d+)"},
       {},
       {"######## running"},
       {"########........"}},
      {"GroupNamedRedactMasksOnlyItsPart",
       16,
       1,
       "pid 4242 running",
       {R"(\bpid (?P<redact>\d+))"},
       {},
       {"pid #### running"},
       {"....####........"}},
      {"OtherGroupsDoNotNarrowTheMask",
       16,
       1,
       "pid 4242 running",
       {R"((pid) (?P<other>\d+))"},
       {},
       {"######## running"},
       {"########........"}},
      {"ContextOfOneMatchDoesNotHideTheNext",
       16,
       1,
       "a1 b2 c3",
       {R"([a-c](?P<redact>\d))"},
       {},
       {"a# b# c#        "},
       {".#..#..#........"}},
      {"GroupTakingNoPartMasksNothing",
       16,
       1,
       "pid ? 7 running",
       {R"(pid (?:\?|(?P<redact>\d+)))", R"(\? (?P<redact>x)?)"},
       {},
       {"pid ? 7 running "},
       {"................"}},
      {"EmptyGroupMasksNothing",
       8,
       1,
       "ab",
       {R"(a(?P<redact>x*)b)"},
       {},
       {"ab      "},
       {"........"}},
      {"EveryMatchInARow", 6, 1, "1a2b3", {R"(\d)"}, {}, {"#a#b# "}, {"#.#.#."}},
      {"EachRowSeparately",
       6,
       2,
       "ab\r\nab",
       {"^a"},
       {},
       {"#b    ", "#b    "},
       {"#.....", "#....."}},
      {"MatchesDoNotSpanRows",
       4,
       2,
       "abcd\r\nefgh",
       {"de"},
       {},
       {"abcd", "efgh"},
       {"....", "...."}},
      {"WideCharacterInsideAMatch",
       8,
       1,
       "a\xe7\x95\x8c"
       "b",
       {"a.b"},
       {},
       {"####    "},
       {"####...."}},
      {"MatchOnPartOfAWideCharacterMasksBothCells",
       8,
       1,
       "x\xe7\x95\x8cy",
       {"\xe7\x95\x8c"},
       {},
       {"x##y    "},
       {".##....."}},
      {"EscapedCodePoint",
       8,
       1,
       "a\xe7\x95\x8c"
       "b",
       {"\\x{754c}"},
       {},
       {"a##b    "},
       {".##....."}},
      {"CombiningMarkJoinsItsBase", 6, 1, "xe\xcc\x81t", {"e"}, {}, {"x#t   "}, {".#...."}},
      {"MatchOnTheCombiningMarkMasksTheCell",
       6,
       1,
       "xe\xcc\x81t",
       {"\\x{301}"},
       {},
       {"x#t   "},
       {".#...."}},
      {"TwoPatternsOverlap", 8, 1, "abcdefgh", {"bcd", "cdef"}, {}, {"a#####gh"}, {".#####.."}},
      {"PatternsSeeTheOriginalText",
       8,
       1,
       "abcdefgh",
       {"abc", "abcd"},
       {},
       {"####efgh"},
       {"####...."}},
      {"EmptyMatchesMaskNothing", 6, 1, "abc", {"x*", "^", "$", "\\b"}, {}, {"abc   "}, {"......"}},
      {"EmptyAndNonEmptyMatches", 6, 1, "a12b", {R"(\d*)"}, {}, {"a##b  "}, {".##..."}},
      {"TrailingBlanks", 6, 1, "ok", {R"(\s+$)"}, {}, {"ok####"}, {"..####"}},
      {"Rect",
       6,
       3,
       "abcdef\r\nghijkl\r\nmnopqr",
       {},
       {{1, 1, 2, 1}},
       {"abcdef", "g##jkl", "mnopqr"},
       {"......", ".##...", "......"}},
      {"RectClippedAtTheRightAndBottomEdges",
       6,
       3,
       "abcdef\r\nghijkl\r\nmnopqr",
       {},
       {{4, 1, 5, 5}},
       {"abcdef", "ghij##", "mnop##"},
       {"......", "....##", "....##"}},
      {"RectClippedAtTheLeftAndTopEdges",
       6,
       3,
       "abcdef\r\nghijkl\r\nmnopqr",
       {},
       {{-2, -1, 3, 2}},
       {"#bcdef", "ghijkl", "mnopqr"},
       {"#.....", "......", "......"}},
      {"HugeRectIsClipped",
       3,
       2,
       "abc",
       {},
       {{-2147483647, -2147483647, 2147483647, 2147483647}},
       {"abc", "   "},
       {"...", "..."}},
      {"RectOutsideTheFrame",
       4,
       1,
       "abcd",
       {},
       {{4, 0, 2, 1}, {0, 1, 4, 1}, {-5, 0, 5, 1}},
       {"abcd"},
       {"...."}},
      {"RectOnTheContinuationOfAWideCharacter",
       6,
       1,
       "a\xe7\x95\x8c"
       "b",
       {},
       {{2, 0, 1, 1}},
       {"a##b  "},
       {".##..."}},
      {"RectAndPatternTogether",
       6,
       2,
       "a1\r\nb2",
       {"1"},
       {{0, 1, 1, 1}},
       {"a#    ", "#2    "},
       {".#....", "#....."}},
      {"CustomMask",
       6,
       1,
       "a1b",
       {"1"},
       {},
       {"a*b   "},
       {
           ".#....",
       },
       "*"},
      {"NonAsciiMask",
       6,
       1,
       "a\xe7\x95\x8c"
       "b",
       {"\xe7\x95\x8c"},
       {},
       {"a\xc2\xb7\xc2\xb7"
        "b  "},
       {".##..."},
       "\xc2\xb7"},
      {"InvalidMaskFallsBackToHash", 6, 1, "a1b", {"1"}, {}, {"a#b   "}, {".#...."}, "**"},
      {"EmojiPresentationSelectorKeepsTheCellNarrow",  // as xterm (docs/unicode.md)
       6,
       1,
       "a\xe2\x9d\xa4\xef\xb8\x8f"
       "b",
       {"\xe2\x9d\xa4"},
       {},
       {"a#b   "},
       {".#...."}},
      {"Flag",
       6,
       1,
       "a\xf0\x9f\x87\xaf\xf0\x9f\x87\xb5"
       "b",
       {"\xf0\x9f\x87\xb5"},
       {},
       {"a##b  "},
       {".##..."}},
      {"ZwjSequence",
       6,
       1,
       "a\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7"
       "b",
       {"\xe2\x80\x8d"},
       {},
       {"a##b  "},
       {".##..."}},
      {"HangulJamoCluster",
       6,
       1,
       "a\xe1\x84\x80\xe1\x85\xa1"
       "b",
       {"\xe1\x85\xa1"},
       {},
       {"a##b  "},
       {".##..."}},
      {"WideCharactersSideBySide",
       8,
       1,
       "\xe7\x95\x8c\xe7\x95\x8c\xe7\x95\x8c",
       {},
       {{2, 0, 2, 1}},
       {"\xe7\x95\x8c##\xe7\x95\x8c  "},
       {"..##...."}},
  };
}

TEST(RedactionsTest, Table) {
  for (const Case& c : Cases()) {
    SCOPED_TRACE(c.name);
    const Frame original = Capture(c.cols, c.rows, absl::StrCat(kBlueScreen, c.bytes));
    Frame frame = original;
    Make(c).Apply(&frame);
    EXPECT_EQ(Rows(frame), c.want_rows);
    EXPECT_EQ(StyleMap(frame, original), c.want_styles);
    // Masked cells are narrow mask graphemes; nothing else changed.
    for (int row = 0; row < frame.rows; ++row) {
      for (int col = 0; col < frame.cols; ++col) {
        const Cell& cell = frame.cell(col, row);
        if (c.want_styles[static_cast<size_t>(row)][static_cast<size_t>(col)] == '#') {
          EXPECT_EQ(cell.width, 1) << col << "," << row;
        } else {
          EXPECT_EQ(cell.grapheme, original.cell(col, row).grapheme) << col << "," << row;
          EXPECT_EQ(cell.width, original.cell(col, row).width) << col << "," << row;
        }
      }
    }
  }
}

// A parsed frame (row text, styles per column) is masked exactly as the captured frame it was
// written from: capture -> redact -> serialize equals capture -> serialize -> parse -> redact ->
// serialize.
TEST(RedactionsTest, ParsedFrameMasksLikeTheCapturedOne) {
  for (const Case& c : Cases()) {
    SCOPED_TRACE(c.name);
    const Frame captured = Capture(c.cols, c.rows, absl::StrCat(kBlueScreen, c.bytes));
    const Redactions redactions = Make(c);
    Frame masked_captured = captured;
    redactions.Apply(&masked_captured);
    Frame masked_parsed = Reparsed(captured);
    ASSERT_FALSE(masked_parsed.has_graphemes());
    redactions.Apply(&masked_parsed);
    EXPECT_EQ(Serialized(masked_parsed), Serialized(masked_captured));
    EXPECT_EQ(masked_parsed, masked_captured);
  }
}

TEST(RedactionsTest, ParsedFrameWithControlsAndMalformedUtf8) {
  Frame frame = Frame::Blank(6, 1);
  frame.row_text = {
      std::string("a\x01\xff"
                  "b\xe7\x95")};  // a, ^A, bad byte, b, cut sequence
  for (Cell& cell : frame.cells) {
    cell.grapheme = "";
    cell.style.bold = true;
  }
  Redactions r;
  ASSERT_TRUE(r.AddPattern("b").ok());
  r.AddRect(1, 0, 1, 1);
  r.AddRect(4, 0, 1, 1);
  r.Apply(&frame);
  // Columns: a(0) ^A(1) \xff(2) b(3) \xe7(4) \x95(5): one per byte that is not UTF-8.
  EXPECT_EQ(frame.row_text[0], "a#\xff##\x95");
  EXPECT_TRUE(frame.style(0, 0).bold);
  EXPECT_FALSE(frame.style(1, 0).bold);
  EXPECT_TRUE(frame.style(2, 0).bold);
  EXPECT_FALSE(frame.style(3, 0).bold);
  EXPECT_FALSE(frame.style(4, 0).bold);
  EXPECT_TRUE(frame.style(5, 0).bold);
}

TEST(RedactionsTest, ParsedRowLongerThanTheFrame) {
  // The golden format does not check widths: masking must stay inside the cells.
  Frame frame = Frame::Blank(2, 1);
  frame.row_text = {"\xe7\x95\x8c\xe7\x95\x8c\xe7\x95\x8c"};
  Redactions r;
  ASSERT_TRUE(r.AddPattern("\xe7\x95\x8c$").ok());
  r.AddRect(0, 0, 100, 1);
  r.Apply(&frame);
  EXPECT_EQ(frame.row_text[0], "##\xe7\x95\x8c##");
  EXPECT_EQ(frame.cells.size(), 2u);
}

TEST(RedactionsTest, LinksCursorAndRastersAreKept) {
  Frame frame =
      Capture(12, 2, "\x1b]8;;https://x.example/\x1b\\pid 77\x1b]8;;\x1b\\ z\r\n\x1b[?25l");
  frame.rasters.push_back({.id = 1,
                           .col = 0,
                           .row = 0,
                           .cols = 2,
                           .rows = 1,
                           .pixel_width = 4,
                           .pixel_height = 4,
                           .hash = "ab"});
  const Frame original = frame;
  Redactions r;
  ASSERT_TRUE(r.AddPattern(R"(\d+)").ok());
  r.AddRect(0, 0, 12, 1);
  r.Apply(&frame);
  EXPECT_EQ(frame.RowText(0), "############");
  EXPECT_EQ(frame.links, original.links);
  EXPECT_EQ(frame.cursor, original.cursor);
  EXPECT_EQ(frame.rasters, original.rasters);
}

TEST(RedactionsTest, InvalidPatternNamesThePatternAndRe2sError) {
  Redactions r;
  absl::Status s = r.AddPattern("(\\d+");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "invalid redaction pattern \"(\\\\d+\": missing ): (\\d+");
  EXPECT_TRUE(r.empty());
  EXPECT_THAT(r.patterns(), ElementsAre());
  absl::Status bad_repeat = r.AddPattern("a**");
  EXPECT_THAT(bad_repeat.message(), HasSubstr("bad repetition operator"));
  EXPECT_FALSE(r.AddPattern("\\p{Nope}").ok());
  EXPECT_FALSE(r.AddPattern("(?<name>x)").ok());  // RE2 20220601 knows only (?P<name>x)
}

TEST(RedactionsTest, EmptyAndPatterns) {
  Redactions r;
  EXPECT_TRUE(r.empty());
  r.AddRect(0, 0, 0, 5);
  r.AddRect(0, 0, 5, -1);
  EXPECT_TRUE(r.empty());
  Frame frame = Capture(4, 1, "abcd");
  const Frame original = frame;
  r.Apply(&frame);
  EXPECT_EQ(frame, original);
  ASSERT_TRUE(r.AddPattern(R"(\d+)").ok());
  EXPECT_FALSE(r.empty());
  EXPECT_THAT(r.patterns(), ElementsAre(R"(\d+)"));
  Redactions rect_only;
  rect_only.AddRect(0, 0, 1, 1);
  EXPECT_FALSE(rect_only.empty());
}

TEST(RedactionsTest, CopiesShareNothingMutable) {
  Redactions a;
  ASSERT_TRUE(a.AddPattern("x").ok());
  Redactions b = a;
  ASSERT_TRUE(b.AddPattern("y").ok());
  b.set_mask("*");
  EXPECT_THAT(a.patterns(), ElementsAre("x"));
  EXPECT_EQ(a.mask(), "#");
  Frame frame = Capture(4, 1, "xy");
  b.Apply(&frame);
  EXPECT_EQ(frame.RowText(0), "**  ");
  Redactions moved = std::move(b);
  EXPECT_THAT(moved.patterns(), ElementsAre("x", "y"));
}

TEST(RedactionsTest, ValidateMask) {
  for (const char* ok : {"#", "*", "x", "\xc2\xb7", "\xc3\xa9", "~"}) {
    EXPECT_TRUE(Redactions::ValidateMask(ok).ok()) << ok;
  }
  for (const std::string& bad :
       {std::string(), std::string("##"), std::string("\xe7\x95\x8c"), std::string("\n"),
        std::string("\x7f"), std::string("\xc2\x85"), std::string("\xff"), std::string("\xcc\x81"),
        std::string("e\xcc\x81"), std::string("\0", 1), std::string("\xe7\x95")}) {
    absl::Status s = Redactions::ValidateMask(bad);
    ASSERT_FALSE(s.ok()) << absl::CEscape(bad);
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(s.message(), HasSubstr("invalid redaction mask \""));
    EXPECT_THAT(s.message(), HasSubstr("one printable code point one cell wide"));
  }
}

TEST(RedactionsTest, NotAFrameIsLeftAlone) {
  Frame frame = Frame::Blank(4, 1);
  frame.cells.pop_back();
  Redactions r;
  r.AddRect(0, 0, 4, 1);
  r.Apply(&frame);
  EXPECT_EQ(frame.cells[0].grapheme, " ");
  Frame parsed = Frame::Blank(4, 2);
  parsed.row_text = {"abcd"};  // one entry for two rows
  r.Apply(&parsed);
  EXPECT_EQ(parsed.row_text[0], "abcd");
}

absl::Status HeaderExample(std::vector<std::string>* rows) {
  vtsnap::Redactions redactions;
  if (absl::Status s = redactions.AddPattern(R"(\d\d:\d\d:\d\d)"); !s.ok()) return s;
  redactions.AddRect(/*col=*/0, /*row=*/1, /*cols=*/1, /*rows=*/1);  // the spinner
  vtsnap::VirtualTerminal vt({.cols = 20, .rows = 2});
  vt.Write("up 12:34:56\r\n|");
  vtsnap::Frame frame = vtsnap::CaptureFrame(vt).value();
  redactions.Apply(&frame);
  *rows = Rows(frame);
  return absl::OkStatus();
}

TEST(RedactionsTest, HeaderExample) {
  std::vector<std::string> rows;
  ASSERT_TRUE(HeaderExample(&rows).ok());
  EXPECT_THAT(rows, ElementsAre("up ########         ", "#                   "));
}

}  // namespace
}  // namespace vtsnap
