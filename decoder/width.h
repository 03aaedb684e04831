// Cell widths and grapheme clusters: how many terminal cells a piece of text takes.
//
// Widths come from one pinned table (decoder/width_table.inc) generated from utf8proc 2.8.0, which
// implements Unicode 15.0, so goldens do not drift when the system's utf8proc is upgraded. The
// table is regenerated only on purpose, with tools/gen_width_table (see docs/unicode.md).
// Grapheme cluster boundaries come from utf8proc at run time.
//
//   vtsnap::WidthPolicy policy;                        // xterm's: ambiguous narrow, VS16 narrow
//   int w = vtsnap::CodePointWidth(U'\u3042', policy); // 2: Hiragana A is East Asian Wide
//   int f = vtsnap::ClusterWidth(U"\U0001F1EF\U0001F1F5", policy);  // 2: a flag is wide
//   int h = vtsnap::ClusterWidth(U"\u2764\uFE0F", policy);  // 1: VS16 keeps the heart's width
//   int e = vtsnap::ClusterWidth(U"\u2764\uFE0F", {.emoji_presentation_wide = true});  // 2
#ifndef VTSNAP_DECODER_WIDTH_H_
#define VTSNAP_DECODER_WIDTH_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/base/attributes.h"
#include "vtsnap/base/utf8.h"  // AppendUtf8 and EncodeUtf8, which lived here

namespace vtsnap {

// The Unicode version the pinned width table implements.
inline constexpr char kWidthTableUnicodeVersion[] = "15.0.0";
// The utf8proc version it was generated from.
inline constexpr char kWidthTableUtf8procVersion[] = "2.8.0";

enum class AmbiguousWidth : uint8_t { kNarrow, kWide };

struct WidthPolicy {
  // East Asian Ambiguous characters (such as U+00A7 and U+2500): narrow, as xterm draws them by
  // default, or wide, as CJK locales often expect.
  AmbiguousWidth ambiguous = AmbiguousWidth::kNarrow;
  // Whether an emoji presentation selector (U+FE0F, VS16) after a narrow base makes the cluster
  // two cells wide (U+2764 U+FE0F, a red heart). Off, the base keeps its width, as in xterm,
  // xterm.js (Unicode 11) and tmux, and as wcwidth-based programs (vim, ncurses) count it. On for
  // terminals that measure a cluster by its emoji presentation (contour and ghostty with DEC mode
  // 2027, "grapheme clustering", set); the Terminal then also obeys DECSET/DECRST 2027, starting
  // with it set (docs/unicode.md).
  bool emoji_presentation_wide = false;
};

namespace width_internal {
// The pinned table's answer for every code point of planes 0 and 1 (0, 1, 2 or kAmbiguous),
// computed at compile time; the rest is a search of the table (CodePointWidthAbovePlane1).
inline constexpr uint8_t kAmbiguous = 3;
inline constexpr char32_t kWidthTableLimit = 0x20000;
extern const std::array<uint8_t, kWidthTableLimit> kLowWidths;
inline constexpr int32_t kBreakStateStart = 0;  // UTF8PROC_BOUNDCLASS_START
inline constexpr int32_t kBreakStateOther = 1;  // UTF8PROC_BOUNDCLASS_OTHER
// utf8proc's grapheme break class (UTF8PROC_BOUNDCLASS_*) of every code point of the Basic and
// Supplementary Multilingual Planes. `by_class` says whether utf8proc's break answer is a
// function of the two classes and the state alone (true up to utf8proc 2.8; 2.9 added the Indic
// conjunct rules), so that GraphemeBreakMemo may remember answers by class.
inline constexpr char32_t kBreakClassLimit = 0x20000;
inline constexpr int kBreakClasses = 21;  // UTF8PROC_BOUNDCLASS_START .. UTF8PROC_BOUNDCLASS_E_ZWG
struct BreakClassTable {
  std::array<uint8_t, kBreakClassLimit> of;
  bool by_class;
};
// The table, read from utf8proc on the first call (thread-safe), not before main: it costs about
// 3 M instructions, which a process that prints ASCII only (or nothing: `vtsnap --help`) never
// needs (docs/performance.md, "A static command").
const BreakClassTable& BreakClasses();
int CodePointWidthAbovePlane1(char32_t cp, const WidthPolicy& policy);
bool GraphemeBreakUtf8proc(char32_t prev, char32_t cp, int32_t* state);

// The shortcut IsGraphemeBreak and GraphemeBreakMemo take before utf8proc: an Other after an
// Other always breaks (GB999), and utf8proc's state after it is Other. True when it applies
// (and `*state` is then set to Other).
inline bool OtherAfterOther(char32_t prev, char32_t cp, int32_t* state) {
  if (cp >= kBreakClassLimit) return false;
  const BreakClassTable& classes = BreakClasses();
  if (classes.of[cp] != kBreakStateOther) return false;
  if (*state != kBreakStateOther && (*state != kBreakStateStart || prev >= kBreakClassLimit ||
                                     classes.of[prev] != kBreakStateOther)) {
    return false;
  }
  *state = kBreakStateOther;
  return true;
}
}  // namespace width_internal

// The width of one code point from the pinned table: 0 (combining, zero width, controls),
// 1 or 2. Inline: the decoder asks for every code point it prints.
inline int CodePointWidth(char32_t cp, const WidthPolicy& policy = {}) {
  if (cp >= width_internal::kWidthTableLimit) {
    return width_internal::CodePointWidthAbovePlane1(cp, policy);
  }
  const uint8_t w = width_internal::kLowWidths[cp];
  if (w != width_internal::kAmbiguous) return w;
  return policy.ambiguous == AmbiguousWidth::kWide ? 2 : 1;
}

// The width of a grapheme cluster: the width of its first code point with a width, except that a
// pair of regional indicators (a flag) is 2 and, with `policy.emoji_presentation_wide`, an emoji
// presentation selector (U+FE0F) after a narrow base makes it 2. A cluster of zero-width code
// points only is 0.
int ClusterWidth(std::u32string_view cluster, const WidthPolicy& policy = {});

bool IsRegionalIndicator(char32_t cp);

// Whether a grapheme cluster boundary lies between `prev` and `cp` (UAX #29 via utf8proc).
// `state` carries the rules that look further back (emoji ZWJ sequences, regional indicator
// pairs); start it at 0 for each new cluster run.
//
// The common case is answered inline without utf8proc's two property lookups: an Other after an
// Other always breaks (GB999), and utf8proc's state after it is Other. Exactly utf8proc's answer
// (GraphemeBreakTest.MatchesUtf8procOnEveryBmpPair).
inline bool IsGraphemeBreak(char32_t prev, char32_t cp, int32_t* state) {
  return width_internal::OtherAfterOther(prev, cp, state) ||
         width_internal::GraphemeBreakUtf8proc(prev, cp, state);
}

// IsGraphemeBreak with a memo of utf8proc's answers, for a decoder that asks again and again
// about the same pairs outside the shortcut (combining marks, emoji, ZWJ sequences, flags). Where
// utf8proc's answer depends only on the two code points' break classes and the state
// (width_internal::BreakClassTable::by_class), and both code points are in the class table, it
// is remembered by those: at most 2 * 21 * 21 questions, each asked of utf8proc once (the
// class of `prev` counts only from the start state, where utf8proc reads it). Otherwise the
// answer is a pure function of `prev`, `cp` and the state, and 256 direct-mapped entries keyed by
// all three remember it. Either way the answer and state are exactly utf8proc's. Not
// thread-safe: one per Terminal.
class GraphemeBreakMemo {
 public:
  ABSL_ATTRIBUTE_ALWAYS_INLINE bool IsBreak(char32_t prev, char32_t cp, int32_t* state) {
    if (class_of_ != nullptr && InClassTable(prev, cp, *state)) {
      return ByClass(prev, cp, state);
    }
    return Unclassed(prev, cp, state);
  }

 private:
  static bool InClassTable(char32_t prev, char32_t cp, int32_t state) {
    return prev < width_internal::kBreakClassLimit && cp < width_internal::kBreakClassLimit &&
           static_cast<uint32_t>(state) < width_internal::kBreakClasses;
  }

  ABSL_ATTRIBUTE_ALWAYS_INLINE bool ByClass(char32_t prev, char32_t cp, int32_t* state) {
    using width_internal::kBreakClasses;
    const int to = class_of_[cp];
    const int key = *state != width_internal::kBreakStateStart
                        ? *state * kBreakClasses + to
                        : (kBreakClasses + class_of_[prev]) * kBreakClasses + to;
    uint8_t& e = by_class_[key];
    if (e & kKnown) {
      *state = e & kStateMask;
      return (e & kBreak) != 0;
    }
    const bool brk = width_internal::GraphemeBreakUtf8proc(prev, cp, state);
    if (static_cast<uint32_t>(*state) <= kStateMask) {
      e = static_cast<uint8_t>(kKnown | (brk ? kBreak : 0) | *state);
    }
    return brk;
  }

  bool Unclassed(char32_t prev, char32_t cp, int32_t* state) {
    if (!looked_up_classes_) {
      // The first question: the class table is built now (not before main), and remembering by
      // class is on when utf8proc answers by class alone. The memo keeps the table's address, so
      // IsBreak tests one pointer, as it tested a flag when the table was built before main.
      looked_up_classes_ = true;
      const width_internal::BreakClassTable& classes = width_internal::BreakClasses();
      if (classes.by_class) {
        class_of_ = classes.of.data();
        if (InClassTable(prev, cp, *state)) return ByClass(prev, cp, state);
      }
    }
    if (width_internal::OtherAfterOther(prev, cp, state)) return true;
    Entry& e = entries_[Slot(prev, cp, *state)];
    if (e.valid && e.prev == prev && e.cp == cp && e.state_in == *state) {
      *state = e.state_out;
      return e.brk;
    }
    const int32_t in = *state;
    const bool brk = width_internal::GraphemeBreakUtf8proc(prev, cp, state);
    e = {.prev = prev, .cp = cp, .state_in = in, .state_out = *state, .brk = brk, .valid = true};
    return brk;
  }

  struct Entry {
    char32_t prev = 0;
    char32_t cp = 0;
    int32_t state_in = 0;
    int32_t state_out = 0;
    bool brk = false;
    bool valid = false;
  };
  static constexpr uint8_t kKnown = 0x80;
  static constexpr uint8_t kBreak = 0x40;
  static constexpr uint8_t kStateMask = 0x3F;
  const uint8_t* class_of_ = nullptr;  // BreakClasses().of once looked up, if by_class
  bool looked_up_classes_ = false;
  uint8_t by_class_[2 * width_internal::kBreakClasses * width_internal::kBreakClasses] = {};
  static constexpr int kBits = 8;
  static size_t Slot(char32_t prev, char32_t cp, int32_t state) {
    const uint32_t h = static_cast<uint32_t>(prev) * 0x9E3779B1u ^
                       static_cast<uint32_t>(cp) * 0x85EBCA77u ^
                       static_cast<uint32_t>(state) * 0xC2B2AE3Du;
    return h >> (32 - kBits);
  }
  Entry entries_[1 << kBits];
};

// Raw properties of the pinned table, for tests and the table generator.
struct WidthRange {
  char32_t first;
  char32_t last;
  uint8_t width;      // 0 or 2 (ranges of width 1 are not stored)
  uint8_t ambiguous;  // 1 for East Asian Ambiguous (stored with width 1)
};
std::basic_string_view<WidthRange> PinnedWidthTable();

}  // namespace vtsnap

#endif  // VTSNAP_DECODER_WIDTH_H_
