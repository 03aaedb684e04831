#include "decoder/width.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <cstdint>

#include "utf8proc.h"

namespace vtsnap {
namespace {

constexpr WidthRange kTable[] = {
#include "decoder/width_table.inc"
};

constexpr char32_t kVs16 = 0xFE0F;

const WidthRange* Find(char32_t cp) {
  const WidthRange* end = std::end(kTable);
  const WidthRange* it = std::upper_bound(
      std::begin(kTable), end, cp, [](char32_t c, const WidthRange& r) { return c < r.first; });
  if (it == std::begin(kTable)) return nullptr;
  --it;
  return cp <= it->last ? it : nullptr;
}

}  // namespace

std::basic_string_view<WidthRange> PinnedWidthTable() {
  return std::basic_string_view<WidthRange>(kTable, std::size(kTable));
}

namespace {

constexpr uint8_t kAmbiguous = 3;

// The table's answer for every code point of the Basic Multilingual Plane, one byte each (0, 1,
// 2 or kAmbiguous), so the common case costs one load instead of a binary search. Computed from
// kTable at compile time (read-only data, no heap); code points above the BMP search kTable.
using BmpTable = std::array<uint8_t, 0x10000>;
constexpr BmpTable BuildBmpWidths() {
  BmpTable w{};
  for (uint8_t& v : w) v = 1;
  for (const WidthRange& r : kTable) {
    if (r.first > 0xFFFF) break;
    const char32_t last = r.last < 0xFFFF ? r.last : 0xFFFF;
    for (char32_t cp = r.first; cp <= last; ++cp) w[cp] = r.ambiguous ? kAmbiguous : r.width;
  }
  return w;
}
constexpr BmpTable kBmpWidths = BuildBmpWidths();

}  // namespace

int CodePointWidth(char32_t cp, const WidthPolicy& policy) {
  if (cp >= 0x20 && cp < 0x7F) return 1;
  if (cp > 0x10FFFF) return 1;
  if (cp <= 0xFFFF) {
    const uint8_t w = kBmpWidths[cp];
    if (w != kAmbiguous) return w;
    return policy.ambiguous == AmbiguousWidth::kWide ? 2 : 1;
  }
  const WidthRange* r = Find(cp);
  if (r == nullptr) return 1;
  if (r->ambiguous) return policy.ambiguous == AmbiguousWidth::kWide ? 2 : 1;
  return r->width;
}

bool IsRegionalIndicator(char32_t cp) { return cp >= 0x1F1E6 && cp <= 0x1F1FF; }

int ClusterWidth(std::u32string_view cluster, const WidthPolicy& policy) {
  int width = 0;
  size_t i = 0;
  // The first code point with a width decides; leading zero-width ones (a lone combining mark)
  // do not.
  for (; i < cluster.size(); ++i) {
    width = CodePointWidth(cluster[i], policy);
    if (width > 0) break;
  }
  if (width == 0 || width == 2) return width;
  if (IsRegionalIndicator(cluster[i]) && i + 1 < cluster.size() &&
      IsRegionalIndicator(cluster[i + 1])) {
    return 2;
  }
  if (cluster.find(kVs16, i + 1) != std::u32string_view::npos) return 2;
  return width;
}

namespace {

// Whether a BMP code point's grapheme cluster break class is Other: most letters, CJK ideographs
// and kana (not Hangul syllables, which are LV or LVT). Taken from utf8proc on first use.
bool IsOtherBreakClass(char32_t cp) {
  static const std::bitset<0x10000> kOther = [] {  // 8 KiB, trivially destructible
    std::bitset<0x10000> other;
    for (char32_t c = 0; c <= 0xFFFF; ++c) {
      other[c] = utf8proc_get_property(static_cast<utf8proc_int32_t>(c))->boundclass ==
                 UTF8PROC_BOUNDCLASS_OTHER;
    }
    return other;
  }();
  return cp <= 0xFFFF && kOther[cp];
}

}  // namespace

bool IsGraphemeBreak(char32_t prev, char32_t cp, int32_t* state) {
  // The common case, without utf8proc's two property lookups: an Other after an Other always
  // breaks (UAX #29 GB999), and utf8proc's state after it is Other. Exactly utf8proc's answer
  // (GraphemeBreak.MatchesUtf8procOnEveryBmpPair).
  if (IsOtherBreakClass(cp) && (*state == UTF8PROC_BOUNDCLASS_OTHER ||
                                (*state == UTF8PROC_BOUNDCLASS_START && IsOtherBreakClass(prev)))) {
    *state = UTF8PROC_BOUNDCLASS_OTHER;
    return true;
  }
  return utf8proc_grapheme_break_stateful(static_cast<utf8proc_int32_t>(prev),
                                          static_cast<utf8proc_int32_t>(cp), state);
}

char* EncodeUtf8(char32_t cp, char* out) {
  if (cp < 0x80) {
    *out++ = static_cast<char>(cp);
  } else if (cp < 0x800) {
    *out++ = static_cast<char>(0xC0 | (cp >> 6));
    *out++ = static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *out++ = static_cast<char>(0xE0 | (cp >> 12));
    *out++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out++ = static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    *out++ = static_cast<char>(0xF0 | (cp >> 18));
    *out++ = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    *out++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out++ = static_cast<char>(0x80 | (cp & 0x3F));
  }
  return out;
}

void AppendUtf8(char32_t cp, std::string* out) {
  char bytes[4];
  out->append(bytes, static_cast<size_t>(EncodeUtf8(cp, bytes) - bytes));
}

}  // namespace vtsnap
