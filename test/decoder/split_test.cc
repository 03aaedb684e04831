// Bytes may arrive split anywhere, even inside a UTF-8 character or an escape sequence: the
// terminal state after any split equals the state after one write.
#include <random>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"

namespace vtsnap {
namespace {

// Everything observable about the terminal, as text, so two states compare with one EXPECT_EQ
// and a difference is readable.
std::string State(const VirtualTerminal& vt) {
  const Terminal& t = vt.terminal();
  std::string out;
  for (int r = 0; r < t.rows(); ++r) {
    absl::StrAppend(&out, "|", t.RowText(r), "| wrapped=", t.line(r).wrapped, "\n");
    for (int c = 0; c < t.cols(); ++c) {
      const ScreenCell& cell = t.cell(c, r);
      const Pen& p = t.pen(cell.pen);
      absl::StrAppend(&out, " ", t.Grapheme(cell), "/", cell.width, "/", p.fg.kind, ":", p.fg.value,
                      "/", p.bg.kind, ":", p.bg.value, "/", p.attrs, "/",
                      static_cast<int>(p.underline), "/", t.hyperlink(cell.link).uri);
    }
    out += "\n";
  }
  const CursorState& cur = t.cursor();
  absl::StrAppend(&out, "cursor ", cur.col, ",", cur.row, " wrap=", cur.pending_wrap,
                  " visible=", cur.visible, " shape=", static_cast<int>(cur.shape), "\n");
  absl::StrAppend(&out, "alt=", t.alternate_screen_active(), " region=", t.scroll_top(), "-",
                  t.scroll_bottom(), " title=", t.title(), " clipboard=", t.clipboard(),
                  " scrollback=", t.scrollback_size(), " insert=", t.modes().insert,
                  " autowrap=", t.modes().autowrap, " paste=", t.modes().bracketed_paste, "\n");
  return out;
}

// A stream that touches every parser state: UTF-8 of every length, wide and combining
// characters, CSI with sub-parameters, OSC (title, hyperlink, clipboard), DCS, APC, charsets,
// malformed UTF-8, scrolling and the alternate screen.
const char kStream[] =
    "\x1b]2;split \xe6\x97\xa5\x07"
    "\x1b[1;31mred\x1b[0m plain \x1b[38:2::10:20:30mrgb\x1b[m\r\n"
    "wide \xe6\x97\xa5\xe6\x9c\xac e\xcc\x81 \xf0\x9f\x91\x8d \xf0\x9f\x87\xaf\xf0\x9f\x87\xb5\r\n"
    "\x1b]8;id=a;https://example.com/x\x1b\\link\x1b]8;;\x1b\\ \x1b(0lqk\x1b(B\r\n"
    "bad \x80\xc3( \xed\xa0\x80 \xf0\x9f\x98\r\n"
    "\x1bPq#0;2;0;0;0~-\x1b\\\x1b_apc\x1b\\\x1b]52;c;aGVsbG8=\x07"
    "\x1b[4:3;58;5;9munder\x1b[24m\x1b[2;5r\x1b[5;1H\n\n\nscrolled\x1b[r"
    "\x1b[?2004h\x1b[4hIN\x1b[4l\x1b[?1049h\x1b[2Jalt \xe2\x9d\xa4\xef\xb8\x8f\x1b[?1049l"
    "\x1b[12;1Hlast line that is long enough to wrap around the edge\x1b[3 q";

std::string FullState(absl::string_view bytes) {
  VirtualTerminal vt({.cols = 20, .rows = 12});
  vt.Write(bytes);
  return State(vt);
}

TEST(SplitTest, EveryTwoWaySplitGivesTheSameState) {
  const std::string stream(kStream);
  const std::string expected = FullState(stream);
  for (size_t cut = 1; cut < stream.size(); ++cut) {
    VirtualTerminal vt({.cols = 20, .rows = 12});
    vt.Write(absl::string_view(stream).substr(0, cut));
    vt.Write(absl::string_view(stream).substr(cut));
    ASSERT_EQ(State(vt), expected) << "split at byte " << cut;
  }
}

TEST(SplitTest, ByteByByteGivesTheSameState) {
  const std::string stream(kStream);
  VirtualTerminal vt({.cols = 20, .rows = 12});
  for (char c : stream) vt.Write(absl::string_view(&c, 1));
  EXPECT_EQ(State(vt), FullState(stream));
}

TEST(SplitTest, RandomManyWaySplitsGiveTheSameState) {
  const std::string stream(kStream);
  const std::string expected = FullState(stream);
  std::mt19937 rng(20261202);
  for (int round = 0; round < 200; ++round) {
    VirtualTerminal vt({.cols = 20, .rows = 12});
    size_t pos = 0;
    std::string cuts;
    while (pos < stream.size()) {
      size_t n = std::uniform_int_distribution<size_t>(1, 7)(rng);
      n = std::min(n, stream.size() - pos);
      vt.Write(absl::string_view(stream).substr(pos, n));
      pos += n;
      absl::StrAppend(&cuts, pos, " ");
    }
    ASSERT_EQ(State(vt), expected) << "cuts at " << cuts;
  }
}

// Text beyond ASCII in one write reaches the terminal as runs (Terminal::PrintRun, which places
// the characters inline); fed a byte at a time, every character takes Print or PrintAscii, the
// reference. Each case is one decision of that fast path, on a 10x4 screen so rows fill and wrap.
struct RunCase {
  const char* name;
  std::string bytes;
  int cols = 10;
  int rows = 4;
  bool emoji_wide = false;  // WidthPolicy::emoji_presentation_wide: VS16 widens under ?2027
};

const RunCase kRunCases[] = {
    {"CjkFillsRowsAndWraps", std::string(16, ' ') + "\xe4\xb8\xad\xe6\x96\x87"
                                                    "ab\xe5\xad\x97"},
    {"WideAtTheRightEdgeWrapsWhole",
     "abcdefghi\xe4\xb8\xad"
     "x"},
    {"MarkAfterPendingWrapJoinsTheLastCell",
     "abcdefghi\xc3\xa9"
     "e\xcc\x81"
     "x"},
    {"MarkAtTheStartOfARun", "\x1b[2;3H\xcc\x81\xe4\xb8\xad"},
    {"EmojiZwjAndFlags",
     "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9 \xf0\x9f\x87\xaf\xf0\x9f\x87\xb5"
     "\xf0\x9f\x87\xaf"},
    {"Vs16WidensUnderMode2027", "\x1b[?2027h\xe2\x9d\xa4\xef\xb8\x8f a\xe2\x9d\xa4\xef\xb8\x8f"},
    {"OverwritesHalfAWideCharacter",
     "\xe4\xb8\xad\xe6\x96\x87\xe5\xad\x97\x1b[1;2Hx\xc3\xa9\x1b[1;5H\xe4\xb8\xad"},
    {"PenAndHyperlinkCarry",
     "\x1b[1;31m\x1b]8;;https://e.x/\x1b\\a\xe4\xb8\xad\x1b]8;;\x1b\\\x1b[0mb\xe4\xb8\xad"},
    {"RepRepeatsTheLastBase", "\xe4\xb8\xad\x1b[2ba\xcc\x81\x1b[2b"},
    {"InsertModeTakesThePerCharacterPath",
     "abcdef\x1b[1;1H\x1b[4h\xe4\xb8\xad"
     "x"},
    {"DecGraphicsTakesThePerCharacterPath", "\x1b(0q\xe4\xb8\xadq\x1b(B"},
    {"NoAutowrapTakesThePerCharacterPath", "\x1b[?7labcdefghi\xe4\xb8\xad\xe6\x96\x87"},
    {"LeftRightMargins",
     "\x1b[?69h\x1b[3;6s\x1b[1;3Ha\xe4\xb8\xad\xe6\x96\x87"
     "bc"},
    {"SixelPixelsUnderText", "\x1bPq#1;2;100;0;0#1!20~-!20~\x1b\\\x1b[1;1Ha\xe4\xb8\xad"},
    {"LongerThanOneBatch",
     []() {
       std::string s;
       for (int i = 0; i < 200; ++i) s += i % 3 == 0 ? "a" : "\xe4\xb8\xad";
       return s;
     }()},
    // A join the terminal has seen before is made inside the loop (the join slots); the first of
    // each kind takes JoinGlyph and fills them.
    {"RepeatedMarksJoinAcrossAWrap",
     "ae\xcc\x81"
     "bce\xcc\x81"
     "dfghe\xcc\x81"
     "e\xcc\x81\xcc\x88"
     "xe\xcc\x81\xcc\x88"},
    {"RepeatedMarkOnAWideCharacter", "\xe4\xb8\xad\xcc\x81\xe4\xb8\xad\xcc\x81\xe4\xb8\xad"},
    {"RepeatedZwjSequences",
     "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9"
     "a\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9"},
    {"RepeatedFlagWidensInTheLoop",
     "\xf0\x9f\x87\xaf\xf0\x9f\x87\xb5"
     "a\xf0\x9f\x87\xaf\xf0\x9f\x87\xb5\xf0\x9f\x87\xaf\xf0\x9f\x87\xb5"
     "abc\xf0\x9f\x87\xaf\xf0\x9f\x87\xb5"},
    {"RepeatedFlagAtTheRightEdgeStaysNarrow",
     "\xf0\x9f\x87\xaf\xf0\x9f\x87\xb5"
     "abcdefg\xf0\x9f\x87\xaf\xf0\x9f\x87\xb5"},
    {"RepeatedFlagWideningIntoHalfAWideCharacter",
     "\xf0\x9f\x87\xaf\xf0\x9f\x87\xb5\x1b[2;1Hab\xe4\xb8\xad\x1b[2;1H"
     "x\xf0\x9f\x87\xaf\xf0\x9f\x87\xb5"},
    {"RepeatedVs16FollowsMode2027",
     "\x1b[?2027l\xe2\x9d\xa4\xef\xb8\x8f \xe2\x9d\xa4\xef\xb8\x8f "
     "\x1b[?2027h\xe2\x9d\xa4\xef\xb8\x8f "
     "\x1b[?2027l\xe2\x9d\xa4\xef\xb8\x8f ",
     10, 4, /*emoji_wide=*/true},
    {"RepAfterARepeatedMarkRepeatsTheBase",
     "a\xcc\x81"
     "xa\xcc\x81\x1b[2b"},
    {"RepeatedLongClusterStopsGrowing",
     []() {
       std::string s;
       for (int k = 0; k < 2; ++k) {
         s += "e";
         for (int i = 0; i < 40; ++i) s += "\xcc\x81";
       }
       return s;
     }()},
    {"OneColumnScreenIgnoresWide",
     "\xe4\xb8\xad"
     "a\xe4\xb8\xad"
     "b",
     1, 4},
};

void PrintTo(const RunCase& c, std::ostream* os) { *os << c.name; }

class RunPathTest : public testing::TestWithParam<RunCase> {};

TEST_P(RunPathTest, OneWriteMatchesCharacterByCharacter) {
  const std::string& bytes = GetParam().bytes;
  const TerminalOptions options{.cols = GetParam().cols,
                                .rows = GetParam().rows,
                                .width = {.emoji_presentation_wide = GetParam().emoji_wide}};
  VirtualTerminal once(options);
  once.Write(bytes);
  VirtualTerminal bytewise(options);
  for (char c : bytes) bytewise.Write(absl::string_view(&c, 1));
  EXPECT_EQ(State(once), State(bytewise));
}

INSTANTIATE_TEST_SUITE_P(Split, RunPathTest, testing::ValuesIn(kRunCases),
                         [](const testing::TestParamInfo<RunCase>& info) {
                           return std::string(info.param.name);
                         });

TEST(SplitTest, StreamExercisesWhatItClaims) {
  // Guards the stream above against edits that would make the split tests vacuous.
  VirtualTerminal vt({.cols = 20, .rows = 12});
  vt.Write(kStream);
  const Terminal& t = vt.terminal();
  EXPECT_EQ(t.title(), "split \xe6\x97\xa5");
  EXPECT_EQ(t.clipboard(), "hello");
  EXPECT_TRUE(t.modes().bracketed_paste);
  EXPECT_EQ(t.cursor().shape, CursorShape::kUnderline);
  EXPECT_GT(vt.parser_stats().malformed_utf8, 0u);
  EXPECT_GT(t.scrollback_size(), 0);
}

}  // namespace
}  // namespace vtsnap
