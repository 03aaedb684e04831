#include "vtsnap/decoder/width.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <cstdint>

#include "utf8proc.h"

namespace vtsnap {
namespace {

constexpr WidthRange kTable[] = {
#include "vtsnap/decoder/width_table.inc"
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

using width_internal::kAmbiguous;

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

// The same for the Supplementary Multilingual Plane (U+10000..U+1FFFF: emoji, historic
// scripts), which holds nearly every code point above the BMP that text uses; the planes above it
// search kTable.
constexpr BmpTable BuildSmpWidths() {
  BmpTable w{};
  for (uint8_t& v : w) v = 1;
  for (const WidthRange& r : kTable) {
    if (r.last < 0x10000) continue;
    if (r.first > 0x1FFFF) break;
    const char32_t first = r.first > 0x10000 ? r.first : 0x10000;
    const char32_t last = r.last < 0x1FFFF ? r.last : 0x1FFFF;
    for (char32_t cp = first; cp <= last; ++cp) {
      w[cp - 0x10000] = r.ambiguous ? kAmbiguous : r.width;
    }
  }
  return w;
}

constexpr BmpTable kSmpWidths = BuildSmpWidths();

}  // namespace

namespace width_internal {
constexpr BmpTable kBmpWidths = BuildBmpWidths();
}  // namespace width_internal

namespace width_internal {

int CodePointWidthAboveBmp(char32_t cp, const WidthPolicy& policy) {
  if (cp >= 0x10000 && cp <= 0x1FFFF) {
    const uint8_t w = kSmpWidths[cp - 0x10000];
    if (w != kAmbiguous) return w;
    return policy.ambiguous == AmbiguousWidth::kWide ? 2 : 1;
  }
  if (cp > 0x10FFFF) return 1;
  const WidthRange* r = Find(cp);
  if (r == nullptr) return 1;
  if (r->ambiguous) return policy.ambiguous == AmbiguousWidth::kWide ? 2 : 1;
  return r->width;
}

}  // namespace width_internal

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
  if (policy.emoji_presentation_wide && cluster.find(kVs16, i + 1) != std::u32string_view::npos) {
    return 2;
  }
  return width;
}

namespace width_internal {

static_assert(kBreakStateStart == UTF8PROC_BOUNDCLASS_START);
static_assert(kBreakStateOther == UTF8PROC_BOUNDCLASS_OTHER);

// Built before main; a terminal used during static initialization elsewhere sees it all false
// and asks utf8proc for every pair, which gives the same answers.
const std::bitset<0x10000> kOtherBreakClass = [] {
  std::bitset<0x10000> other;
  for (char32_t c = 0; c <= 0xFFFF; ++c) {
    other[c] = utf8proc_get_property(static_cast<utf8proc_int32_t>(c))->boundclass ==
               UTF8PROC_BOUNDCLASS_OTHER;
  }
  return other;
}();

bool GraphemeBreakUtf8proc(char32_t prev, char32_t cp, int32_t* state) {
  return utf8proc_grapheme_break_stateful(static_cast<utf8proc_int32_t>(prev),
                                          static_cast<utf8proc_int32_t>(cp), state);
}

}  // namespace width_internal

}  // namespace vtsnap
