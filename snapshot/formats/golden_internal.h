// What the `ckvision-golden 1` reader (golden_read.cc) and writer (golden_write.cc) share beyond
// the spellings (snapshot/screen/frame_text.h): a style's attribute flags by kAttrNames' order, how
// Style::attr_order records the order a dump listed them in, the wide form's style names, the
// lowercase-hex rule of raster hashes, and an early return for statuses.
#ifndef VTSNAP_SNAPSHOT_FORMATS_GOLDEN_INTERNAL_H_
#define VTSNAP_SNAPSHOT_FORMATS_GOLDEN_INTERNAL_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "vtsnap/base/status_macros.h"  // VTSNAP_RETURN_IF_ERROR, for the reader and the writer
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap::golden::internal {

// The flag of attribute kAttrNames[i] in `style`.
inline bool* AttrFlag(Style& style, size_t i) {
  switch (i) {
    case 0:
      return &style.bold;
    case 1:
      return &style.dim;
    case 2:
      return &style.italic;
    case 3:
      return &style.underline;
    case 4:
      return &style.reverse;
    default:
      return &style.strike;
  }
}

// Style::attr_order: attribute kAttrNames[i] listed in place `position` (0-based) of the list.
inline uint32_t AttrOrderEntry(size_t i, int position) {
  return static_cast<uint32_t>(i + 1) << (3 * position);
}

// The most cells a golden's frame may have: 4096 x 4096, the largest screen the terminal makes
// (kMaxTerminalDimension each way). Parse and Serialize refuse more. A parsed cell costs 72 bytes
// and a dump about two, so the cells of a 128 MiB dump (the input limit) took up to 4.5 GB; the
// largest frame's take 1.2 GB (docs/decisions.md, "A golden holds at most 4096 x 4096 cells").
inline constexpr int64_t kMaxCells = int64_t{4096} * 4096;

// Appends the wide form's name of style `index`: `width` characters of kStyleAlphabet, the index
// in base 62, most significant first ("00", "01", ..., "0z", "10", ...).
inline void AppendWideName(int64_t index, int width, std::string* out) {
  const size_t at = out->size();
  out->append(static_cast<size_t>(width), kStyleAlphabet[0]);
  for (int i = width - 1; i >= 0 && index > 0; --i) {
    (*out)[at + static_cast<size_t>(i)] = kStyleAlphabet[static_cast<size_t>(index % kMaxStyles)];
    index /= kMaxStyles;
  }
}

inline std::string WideName(int64_t index, int width) {
  std::string name;
  AppendWideName(index, width, &name);
  return name;
}

// True when `s` is non-empty lowercase hex, as a raster hash must be.
inline bool IsLowerHex(absl::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

}  // namespace vtsnap::golden::internal

#endif  // VTSNAP_SNAPSHOT_FORMATS_GOLDEN_INTERNAL_H_
