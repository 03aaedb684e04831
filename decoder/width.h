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
#include <bitset>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "vtsnap/decoder/utf8.h"  // AppendUtf8 and EncodeUtf8, which lived here

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
// The pinned table's answer for every BMP code point (0, 1, 2 or kAmbiguous), computed at
// compile time; and the BMP code points whose grapheme break class is Other, from utf8proc at
// start-up (all false until then, which only sends every pair to utf8proc).
inline constexpr uint8_t kAmbiguous = 3;
extern const std::array<uint8_t, 0x10000> kBmpWidths;
extern const std::bitset<0x10000> kOtherBreakClass;
inline constexpr int32_t kBreakStateStart = 0;  // UTF8PROC_BOUNDCLASS_START
inline constexpr int32_t kBreakStateOther = 1;  // UTF8PROC_BOUNDCLASS_OTHER
int CodePointWidthAboveBmp(char32_t cp, const WidthPolicy& policy);
bool GraphemeBreakUtf8proc(char32_t prev, char32_t cp, int32_t* state);

// The shortcut IsGraphemeBreak and GraphemeBreakMemo take before utf8proc: an Other after an
// Other always breaks (GB999), and utf8proc's state after it is Other. True when it applies
// (and `*state` is then set to Other).
inline bool OtherAfterOther(char32_t prev, char32_t cp, int32_t* state) {
  if (cp > 0xFFFF || !kOtherBreakClass[cp]) return false;
  if (*state != kBreakStateOther &&
      (*state != kBreakStateStart || prev > 0xFFFF || !kOtherBreakClass[prev])) {
    return false;
  }
  *state = kBreakStateOther;
  return true;
}
}  // namespace width_internal

// The width of one code point from the pinned table: 0 (combining, zero width, controls),
// 1 or 2. Inline: the decoder asks for every code point it prints.
inline int CodePointWidth(char32_t cp, const WidthPolicy& policy = {}) {
  if (cp > 0xFFFF) return width_internal::CodePointWidthAboveBmp(cp, policy);
  const uint8_t w = width_internal::kBmpWidths[cp];
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
// about the same pairs outside the shortcut (combining marks, emoji, ZWJ sequences, flags). The
// answer is a pure function of `prev`, `cp` and the state, so the memo (256 entries, direct
// mapped, keyed by all three) gives exactly utf8proc's answer and state. Not thread-safe: one per
// Terminal.
class GraphemeBreakMemo {
 public:
  bool IsBreak(char32_t prev, char32_t cp, int32_t* state) {
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

 private:
  struct Entry {
    char32_t prev = 0;
    char32_t cp = 0;
    int32_t state_in = 0;
    int32_t state_out = 0;
    bool brk = false;
    bool valid = false;
  };
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
