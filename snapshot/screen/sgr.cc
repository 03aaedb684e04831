// SgrOfPen and SgrOfStyle (snapshot/screen/sgr.h).
#include "vtsnap/snapshot/screen/sgr.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "vtsnap/snapshot/screen/capture.h"

namespace vtsnap {
namespace {

// The parameters of one colour: `base` 30 (foreground) or 40 (background), whose palette 0-7 are
// base+i and 8-15 base+60+i-8; 58 (underline) has no short forms.
void AppendColor(const PenColor& color, int base, std::string* out) {
  const int extended = base == 30 ? 38 : base == 40 ? 48 : 58;
  switch (color.kind) {
    case PenColor::Kind::kDefault:
      return;
    case PenColor::Kind::kPalette:
      if (base != 58 && color.value < 8) {
        absl::StrAppend(out, ";", base + static_cast<int>(color.value));
      } else if (base != 58 && color.value < 16) {
        absl::StrAppend(out, ";", base + 60 + static_cast<int>(color.value) - 8);
      } else {
        absl::StrAppend(out, ";", extended, ";5;", color.value);
      }
      return;
    case PenColor::Kind::kRgb:
      absl::StrAppend(out, ";", extended, ";2;", (color.value >> 16) & 0xFF, ";",
                      (color.value >> 8) & 0xFF, ";", color.value & 0xFF);
      return;
  }
}

}  // namespace

std::string SgrOfPen(const Pen& pen) {
  std::string out = "\x1b[0";
  static constexpr struct {
    PenAttr attr;
    int code;
  } kAttrs[] = {{kAttrBold, 1},    {kAttrDim, 2},       {kAttrItalic, 3}, {kAttrBlink, 5},
                {kAttrReverse, 7}, {kAttrInvisible, 8}, {kAttrStrike, 9}, {kAttrOverline, 53}};
  for (const auto& a : kAttrs) {
    if (pen.has(a.attr)) absl::StrAppend(&out, ";", a.code);
  }
  switch (pen.underline) {
    case UnderlineStyle::kNone:
      break;
    case UnderlineStyle::kSingle:
      out += ";4";
      break;
    case UnderlineStyle::kDouble:
      out += ";4:2";
      break;
    case UnderlineStyle::kCurly:
      out += ";4:3";
      break;
    case UnderlineStyle::kDotted:
      out += ";4:4";
      break;
    case UnderlineStyle::kDashed:
      out += ";4:5";
      break;
  }
  AppendColor(pen.fg, 30, &out);
  AppendColor(pen.bg, 40, &out);
  AppendColor(pen.underline_color, 58, &out);
  out += "m";
  return out;
}

std::string SgrOfStyle(const Style& style) { return SgrOfPen(PenFromStyle(style)); }

}  // namespace vtsnap
