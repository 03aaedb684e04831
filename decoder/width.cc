#include "vtsnap/decoder/width.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>

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

// The table's answer for every code point of planes 0 and 1 (U+0000..U+1FFFF: the emoji are in
// plane 1), one byte each (0, 1, 2 or kAmbiguous), so the common case costs one load instead of
// a binary search. Computed from kTable at compile time (read-only data, no heap); code points
// above plane 1 search kTable.
using LowTable = std::array<uint8_t, width_internal::kWidthTableLimit>;
constexpr LowTable BuildLowWidths() {
  LowTable w{};
  for (uint8_t& v : w) v = 1;
  for (const WidthRange& r : kTable) {
    if (r.first >= width_internal::kWidthTableLimit) break;
    const char32_t last =
        r.last < width_internal::kWidthTableLimit ? r.last : width_internal::kWidthTableLimit - 1;
    for (char32_t cp = r.first; cp <= last; ++cp) w[cp] = r.ambiguous ? kAmbiguous : r.width;
  }
  return w;
}

}  // namespace

namespace width_internal {

constexpr LowTable kLowWidths = BuildLowWidths();

int CodePointWidthAbovePlane1(char32_t cp, const WidthPolicy& policy) {
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

const BreakClassTable& BreakClasses() {
  static const BreakClassTable kTable = [] {
    BreakClassTable table{};
    for (char32_t c = 0; c < kBreakClassLimit; ++c) {
      table.of[c] =
          static_cast<uint8_t>(utf8proc_get_property(static_cast<utf8proc_int32_t>(c))->boundclass);
    }
    // utf8proc up to 2.8 answers from the two boundclasses and the state alone
    // (grapheme_break_extended); 2.9 added the Indic conjunct break property to the question and
    // to the state. Checked at run time: the shared library may be newer than the header.
    int major = 0;
    int minor = 0;
    table.by_class = std::sscanf(utf8proc_version(), "%d.%d", &major, &minor) == 2 &&
                     (major < 2 || (major == 2 && minor <= 8)) &&
                     UTF8PROC_BOUNDCLASS_E_ZWG + 1 == kBreakClasses;
    return table;
  }();
  return kTable;
}

bool GraphemeBreakUtf8proc(char32_t prev, char32_t cp, int32_t* state) {
  return utf8proc_grapheme_break_stateful(static_cast<utf8proc_int32_t>(prev),
                                          static_cast<utf8proc_int32_t>(cp), state);
}

}  // namespace width_internal

}  // namespace vtsnap
