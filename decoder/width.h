// Cell widths and grapheme clusters: how many terminal cells a piece of text takes.
//
// Widths come from one pinned table (decoder/width_table.inc) generated from utf8proc 2.8.0, which
// implements Unicode 15.0, so goldens do not drift when the system's utf8proc is upgraded. The
// table is regenerated only on purpose, with tools/gen_width_table (see docs/unicode.md).
// Grapheme cluster boundaries come from utf8proc at run time.
//
//   vtsnap::WidthPolicy policy;                        // ambiguous-width characters narrow
//   int w = vtsnap::CodePointWidth(U'\u3042', policy); // 2: Hiragana A is East Asian Wide
//   int f = vtsnap::ClusterWidth(U"\U0001F1EF\U0001F1F5", policy);  // 2: a flag is wide
#ifndef VTSNAP_DECODER_WIDTH_H_
#define VTSNAP_DECODER_WIDTH_H_

#include <cstdint>
#include <string>
#include <string_view>

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
};

// The width of one code point from the pinned table: 0 (combining, zero width, controls),
// 1 or 2.
int CodePointWidth(char32_t cp, const WidthPolicy& policy = {});

// The width of a grapheme cluster: the width of its first code point, except that an emoji
// presentation selector (U+FE0F) after a narrow base makes it 2 and a pair of regional
// indicators (a flag) is 2. A cluster of zero-width code points only is 0.
int ClusterWidth(std::u32string_view cluster, const WidthPolicy& policy = {});

bool IsRegionalIndicator(char32_t cp);

// Whether a grapheme cluster boundary lies between `prev` and `cp` (UAX #29 via utf8proc).
// `state` carries the rules that look further back (emoji ZWJ sequences, regional indicator
// pairs); start it at 0 for each new cluster run.
bool IsGraphemeBreak(char32_t prev, char32_t cp, int32_t* state);

// Appends `cp` to `out` as UTF-8.
void AppendUtf8(char32_t cp, std::string* out);
// Writes `cp` as UTF-8 (1 to 4 bytes) at `out`, which must have room for 4; returns the end.
char* EncodeUtf8(char32_t cp, char* out);

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
