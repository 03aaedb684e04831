// The pinned width table and the cluster-width rules.
#include "vtsnap/decoder/width.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

#include "absl/types/span.h"
#include "gtest/gtest.h"
#include "utf8proc.h"

namespace vtsnap {
namespace {

struct WidthCase {
  const char* name;
  std::u32string cluster;
  int narrow;  // the default policy (xterm's): ambiguous characters narrow, VS16 does not widen
  int wide;    // with ambiguous characters wide
  int emoji;   // with emoji_presentation_wide: VS16 after a narrow base widens
};

const WidthCase kCases[] = {
    {"Ascii", U"A", 1, 1, 1},
    {"Hiragana", U"\u3042", 2, 2, 2},
    {"FullwidthLatin", U"\uFF21", 2, 2, 2},
    {"AmbiguousSection", U"\u00A7", 1, 2, 1},
    {"AmbiguousBoxDrawing", U"\u2500", 1, 2, 1},
    {"EmojiThumbsUp", U"\U0001F44D", 2, 2, 2},
    {"HeartTextPresentation", U"\u2764", 1, 1, 1},
    {"HeartWithVs16", U"\u2764\uFE0F", 1, 1, 2},
    {"KeycapWithVs16", U"1\uFE0F\u20E3", 1, 1, 2},
    {"WideBaseWithVs16", U"\u2705\uFE0F", 2, 2, 2},
    {"AmbiguousBaseWithVs16", U"\u2660\uFE0F", 1, 2, 2},  // BLACK SPADE SUIT, ambiguous
    {"LoneRegionalIndicator", U"\U0001F1EF", 1, 1, 1},
    {"FlagPair", U"\U0001F1EF\U0001F1F5", 2, 2, 2},
    {"ZwjFamily", U"\U0001F468\u200D\U0001F469\u200D\U0001F467", 2, 2, 2},
    {"CombiningAcute", U"e\u0301", 1, 1, 1},
    {"LoneCombiningMark", U"\u0301", 0, 0, 0},
    {"Unicode15Emoji", U"\U0001FAE8", 2, 2, 2},  // SHAKING FACE, new in Unicode 15.0
};

TEST(ClusterWidthTest, Table) {
  for (const WidthCase& c : kCases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(ClusterWidth(c.cluster, {}), c.narrow);
    EXPECT_EQ(ClusterWidth(c.cluster, {.ambiguous = AmbiguousWidth::kWide}), c.wide);
    EXPECT_EQ(ClusterWidth(c.cluster, {.emoji_presentation_wide = true}), c.emoji);
  }
}

TEST(CodePointWidthTest, ControlsAreZero) {
  EXPECT_EQ(CodePointWidth(0x07), 0);
  EXPECT_EQ(CodePointWidth(0x9B), 0);
}

// The table was generated from utf8proc 2.8.0. While the system's utf8proc is that version, every
// code point must agree with it; after an upgrade the table stays as pinned (that is its point)
// and this check says so instead of comparing.
TEST(PinnedWidthTableTest, AgreesWithTheUtf8procItWasGeneratedFrom) {
  if (std::strcmp(utf8proc_version(), kWidthTableUtf8procVersion) != 0) {
    GTEST_SKIP() << "system utf8proc is " << utf8proc_version() << ", table pinned at "
                 << kWidthTableUtf8procVersion;
  }
  EXPECT_STREQ(utf8proc_unicode_version(), kWidthTableUnicodeVersion);
  int mismatches = 0;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    int expected = utf8proc_charwidth(static_cast<utf8proc_int32_t>(cp));
    if (expected < 0) expected = 0;
    if (CodePointWidth(cp) != expected && ++mismatches <= 10) {
      ADD_FAILURE() << "U+" << std::hex << static_cast<uint32_t>(cp) << ": table "
                    << CodePointWidth(cp) << ", utf8proc " << expected;
    }
  }
  EXPECT_EQ(mismatches, 0);
}

// CodePointWidth answers code points of the Basic and the Supplementary Multilingual Planes from
// precomputed arrays; it must say what the pinned ranges say for every one of them, and for the
// ends of every range above them, with either ambiguous-width policy.
TEST(PinnedWidthTableTest, CodePointWidthAgreesWithTheRangesOnTheBmpAndSmp) {
  auto table = PinnedWidthTable();
  const WidthPolicy wide{.ambiguous = AmbiguousWidth::kWide};
  std::vector<char32_t> code_points;
  for (char32_t cp = 0; cp <= 0x1FFFF; ++cp) code_points.push_back(cp);
  for (const WidthRange& r : table) {
    const char32_t ends[] = {static_cast<char32_t>(r.first - 1), r.first, r.last,
                             static_cast<char32_t>(r.last + 1)};
    for (char32_t cp : ends) {
      if (cp > 0x1FFFF) code_points.push_back(cp);
    }
  }
  code_points.push_back(0x10FFFF);
  int mismatches = 0;
  for (char32_t cp : code_points) {
    int narrow_expected = 1;
    int wide_expected = 1;
    for (const WidthRange& r : table) {
      if (cp < r.first || cp > r.last) continue;
      narrow_expected = r.ambiguous ? 1 : r.width;
      wide_expected = r.ambiguous ? 2 : r.width;
      break;
    }
    if ((CodePointWidth(cp) != narrow_expected || CodePointWidth(cp, wide) != wide_expected) &&
        ++mismatches <= 10) {
      ADD_FAILURE() << "U+" << std::hex << static_cast<uint32_t>(cp);
    }
  }
  EXPECT_EQ(mismatches, 0);
}

TEST(PinnedWidthTableTest, RangesAreSortedAndDisjoint) {
  auto table = PinnedWidthTable();
  ASSERT_GT(table.size(), 100u);
  for (size_t i = 0; i < table.size(); ++i) {
    EXPECT_LE(table[i].first, table[i].last) << i;
    if (i > 0) {
      EXPECT_LT(table[i - 1].last, table[i].first) << i;
    }
    EXPECT_TRUE(table[i].width != 1 || table[i].ambiguous == 1) << i;
  }
}

TEST(GraphemeBreakTest, FollowsUax29) {
  int32_t state = 0;
  EXPECT_TRUE(IsGraphemeBreak(U'a', U'b', &state));
  state = 0;
  EXPECT_FALSE(IsGraphemeBreak(U'e', 0x301, &state));
  state = 0;
  EXPECT_FALSE(IsGraphemeBreak(0x1F1EF, 0x1F1F5, &state));
  EXPECT_TRUE(IsGraphemeBreak(0x1F1F5, 0x1F1FA, &state));  // a third indicator starts a new flag
}

// Asks `ask` about every code point below `limit` after each of `previous`, from a fresh state and
// from the state the predecessor left after an ordinary letter, and compares the answer and the
// state with utf8proc's; reports the first ten differences and returns how many there were.
template <typename Ask>
int MismatchesAgainstUtf8proc(Ask ask, absl::Span<const char32_t> previous, char32_t limit) {
  int mismatches = 0;
  for (char32_t prev : previous) {
    for (bool fresh : {true, false}) {
      int32_t before = 0;
      if (!fresh) {
        utf8proc_grapheme_break_stateful('x', static_cast<utf8proc_int32_t>(prev), &before);
      }
      for (char32_t cp = 0; cp < limit; ++cp) {
        int32_t ours = before;
        int32_t theirs = before;
        const bool got = ask(prev, cp, &ours);
        const bool want = utf8proc_grapheme_break_stateful(
            static_cast<utf8proc_int32_t>(prev), static_cast<utf8proc_int32_t>(cp), &theirs);
        if ((got != want || ours != theirs) && ++mismatches <= 10) {
          ADD_FAILURE() << "prev U+" << std::hex << static_cast<uint32_t>(prev) << " cp U+"
                        << static_cast<uint32_t>(cp) << (fresh ? " (fresh)" : "") << ": break "
                        << got << " state " << ours << ", utf8proc: break " << want << " state "
                        << theirs;
        }
      }
    }
  }
  return mismatches;
}

// IsGraphemeBreak answers the common case (Other after Other) without utf8proc; every answer and
// every state it leaves must still be utf8proc's. Each BMP code point follows predecessors of
// every kind, from a fresh state and from the state the predecessor left.
TEST(GraphemeBreakTest, MatchesUtf8procOnEveryBmpPair) {
  const char32_t kPrevious[] = {
      U'a',      U'\u00E9', U'\u4E00', U'\u3042', U'\uAC00',   // Other, Other, Other, Other, LV
      U'\u0600', U'\u1100', U'\u1161', U'\u11A8',              // Prepend, L, V, T
      U'\u0301', U'\u200D', U'\u0903', U'\r',                  // Extend, ZWJ, SpacingMark, CR
      0x1F1E6,   0x1F600,   U'\u00A9', U'\u0915', U'\u094D'};  // RI, ExtPict, ExtPict, InCB
  EXPECT_EQ(
      MismatchesAgainstUtf8proc([](char32_t prev, char32_t cp,
                                   int32_t* state) { return IsGraphemeBreak(prev, cp, state); },
                                kPrevious, 0x10000),
      0);
}

// GraphemeBreakMemo must give utf8proc's answer and state whether it remembers the question or
// not: every pair of code points of each break class, from every state utf8proc reaches with
// them, asked in three rounds (the memo fills, answers from memory, and has slots taken by
// colliding questions in between, since there are more questions than its 256 slots).
TEST(GraphemeBreakMemoTest, GivesUtf8procsAnswersAndStates) {
  const std::vector<char32_t> code_points = {
      U'a',      U'\u00E9', U'\u4E00', U'\uAC00', U'\u0600', U'\u1100', U'\u1161', U'\u11A8',
      U'\u0301', U'\u200D', U'\u0903', U'\r',     U'\n',     0x1F1E6,   0x1F1FA,   0x1F600,
      0x1F468,   0x1F3FB,   U'\u2764', U'\uFE0F', U'\u00A9', U'\u0915', U'\u094D', U'\u0E33'};
  std::vector<int32_t> states = {0};
  for (char32_t prev : code_points) {
    for (char32_t cp : code_points) {
      int32_t state = 0;
      utf8proc_grapheme_break_stateful('x', static_cast<utf8proc_int32_t>(prev), &state);
      utf8proc_grapheme_break_stateful(static_cast<utf8proc_int32_t>(prev),
                                       static_cast<utf8proc_int32_t>(cp), &state);
      if (std::find(states.begin(), states.end(), state) == states.end()) states.push_back(state);
    }
  }
  ASSERT_GT(states.size(), 3u);
  GraphemeBreakMemo memo;
  int mismatches = 0;
  int breaks = 0;
  for (int round = 0; round < 3; ++round) {
    for (char32_t prev : code_points) {
      for (char32_t cp : code_points) {
        for (int32_t before : states) {
          int32_t ours = before;
          int32_t theirs = before;
          const bool got = memo.IsBreak(prev, cp, &ours);
          const bool want = utf8proc_grapheme_break_stateful(
              static_cast<utf8proc_int32_t>(prev), static_cast<utf8proc_int32_t>(cp), &theirs);
          breaks += want;
          if ((got != want || ours != theirs) && ++mismatches <= 10) {
            ADD_FAILURE() << "round " << round << " prev U+" << std::hex
                          << static_cast<uint32_t>(prev) << " cp U+" << static_cast<uint32_t>(cp)
                          << " state " << before << ": break " << got << " state " << ours
                          << ", utf8proc: break " << want << " state " << theirs;
          }
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
  EXPECT_GT(breaks, 0);  // both answers occur
  EXPECT_LT(breaks, static_cast<int>(3 * code_points.size() * code_points.size() * states.size()));
}

// With utf8proc up to 2.8 GraphemeBreakMemo remembers answers by the code points' break classes
// (width_internal::BreakClassTable::by_class): one memo, asked about every code point of planes
// 0 and 1 after predecessors of every class, from a fresh state and from the state the
// predecessor left, must give utf8proc's answer and state each time, though most answers come
// from what another code point of the same class taught it.
TEST(GraphemeBreakMemoTest, AnswersByClassAreUtf8procsOnEveryCodePointOfPlanesZeroAndOne) {
  int major = 0;
  int minor = 0;
  ASSERT_EQ(std::sscanf(utf8proc_version(), "%d.%d", &major, &minor), 2);
  EXPECT_EQ(width_internal::BreakClasses().by_class, major == 2 && minor <= 8)
      << "utf8proc " << utf8proc_version();
  const char32_t kPrevious[] = {U'a',      U'\u4E00', U'\uAC00', U'\u0600', U'\u1100',
                                U'\u1161', U'\u11A8', U'\u0301', U'\u200D', U'\u0903',
                                U'\r',     0x1F1E6,   0x1F600,   U'\u00A9', U'\u094D'};
  GraphemeBreakMemo memo;
  EXPECT_EQ(
      MismatchesAgainstUtf8proc([&memo](char32_t prev, char32_t cp,
                                        int32_t* state) { return memo.IsBreak(prev, cp, state); },
                                kPrevious, width_internal::kBreakClassLimit),
      0);
}

TEST(AppendUtf8Test, EncodesEveryLength) {
  std::string s;
  for (char32_t cp : {U'A', U'\u00E9', U'\u20AC', U'\U0001F600'}) AppendUtf8(cp, &s);
  EXPECT_EQ(s, "A\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
}

TEST(WidthExampleTest, HeaderExampleWorks) {
  vtsnap::WidthPolicy policy;
  EXPECT_EQ(vtsnap::CodePointWidth(U'\u3042', policy), 2);
  EXPECT_EQ(vtsnap::ClusterWidth(U"\U0001F1EF\U0001F1F5", policy), 2);
}

}  // namespace
}  // namespace vtsnap
