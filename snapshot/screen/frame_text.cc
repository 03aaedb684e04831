// The golden spellings of a Frame's values (frame_text.h).
#include "vtsnap/snapshot/screen/frame_text.h"

#include <cstdint>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap::golden {

std::string FormatColor(const Color& color) {
  switch (color.kind) {
    case Color::Kind::kDefault:
      return "default";
    case Color::Kind::kPalette:
      return absl::StrCat("@", color.value);
    case Color::Kind::kRgb:
      break;
  }
  return absl::StrFormat("#%06X", color.value & 0xFFFFFF);
}

std::string FormatAttrs(const Style& style) {
  std::string out;
  uint32_t written = 0;  // bit i: kAttrNames[i] is in `out`
  const auto append = [&](size_t i) {
    if ((written >> i & 1) != 0 || !AttrValue(style, i)) return;
    written |= uint32_t{1} << i;
    if (!out.empty()) out += ',';
    out.append(kAttrNames[i].data(), kAttrNames[i].size());
  };
  // The order the style records (a parsed dump's, as written), then the fixed order.
  for (uint32_t order = style.attr_order; order != 0; order >>= 3) {
    const uint32_t entry = order & 7;
    if (entry >= 1 && entry <= kAttrNames.size()) append(entry - 1);
  }
  for (size_t i = 0; i < kAttrNames.size(); ++i) append(i);
  return out.empty() ? "-" : out;
}

absl::string_view FormatCursorShape(CursorShape shape) {
  switch (shape) {
    case CursorShape::kBlock:
      return "block";
    case CursorShape::kBar:
      return "bar";
    case CursorShape::kUnderline:
      return "underline";
  }
  return "block";
}

absl::string_view FormatUnderlineShape(UnderlineShape shape) {
  switch (shape) {
    case UnderlineShape::kSingle:
      return "single";
    case UnderlineShape::kDouble:
      return "double";
    case UnderlineShape::kCurly:
      return "curly";
    case UnderlineShape::kDotted:
      return "dotted";
    case UnderlineShape::kDashed:
      return "dashed";
  }
  return "single";
}

std::string FormatCursorLine(const Cursor& cursor) {
  if (!cursor.visible) return "cursor hidden";
  return absl::StrCat("cursor ", cursor.col, " ", cursor.row, " ", FormatCursorShape(cursor.shape));
}

std::string FormatLinkLine(const LinkRun& link) {
  return absl::StrCat("link ", link.col, " ", link.row, " ", link.cols, " ", link.target);
}

std::string FormatRasterLine(const RasterRecord& r) {
  return absl::StrCat("raster ", r.id, " anchor ", r.col, " ", r.row, " span ", r.cols, " ", r.rows,
                      " pixels ", r.pixel_width, " ", r.pixel_height, " hash ", r.hash);
}

}  // namespace vtsnap::golden
