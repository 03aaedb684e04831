// Terminal's SGR (select graphic rendition): the pen the next cells are written with.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "vtsnap/decoder/parser.h"
#include "vtsnap/decoder/terminal.h"

namespace vtsnap {
namespace {

// Reads an extended colour (38, 48, 58) starting at params[i], which holds the selector. Handles
// "38;5;N", "38;2;R;G;B", "38:5:N", "38:2::R:G:B" and "38:2:R:G:B". Returns the index of the last
// parameter consumed; *ok is false when the colour is malformed.
int ReadExtendedColor(const Params& p, int i, PenColor* color, bool* ok) {
  *ok = false;
  auto clamp8 = [](int v) { return v == Params::kDefault ? 0 : std::min(v, 255); };
  if (p.is_sub(i + 1)) {
    int end = i + 1;
    while (end + 1 < p.size() && p.is_sub(end + 1)) ++end;
    const int count = end - i;  // sub-parameters after the selector
    const int kind = p.raw(i + 1);
    if (kind == 5 && count >= 2) {
      *color = PenColor::Palette(clamp8(p.raw(i + 2)));
      *ok = true;
    } else if (kind == 2 && count >= 4) {
      const int first = count >= 5 ? i + 3 : i + 2;  // skip the colour-space id when present
      *color =
          PenColor::Rgb(clamp8(p.raw(first)), clamp8(p.raw(first + 1)), clamp8(p.raw(first + 2)));
      *ok = true;
    }
    return end;
  }
  const int kind = p.raw(i + 1);
  if (kind == 5) {
    if (i + 2 >= p.size()) return p.size() - 1;
    *color = PenColor::Palette(clamp8(p.raw(i + 2)));
    *ok = true;
    return i + 2;
  }
  if (kind == 2) {
    if (i + 4 >= p.size()) return p.size() - 1;
    *color = PenColor::Rgb(clamp8(p.raw(i + 2)), clamp8(p.raw(i + 3)), clamp8(p.raw(i + 4)));
    *ok = true;
    return i + 4;
  }
  return i + 1;
}

// The underline style SGR 4:<shape> selects.
UnderlineStyle UnderlineShape(int shape) {
  if (shape == Params::kDefault) return UnderlineStyle::kNone;
  static constexpr UnderlineStyle kShapes[] = {UnderlineStyle::kNone,   UnderlineStyle::kSingle,
                                               UnderlineStyle::kDouble, UnderlineStyle::kCurly,
                                               UnderlineStyle::kDotted, UnderlineStyle::kDashed};
  return shape >= 0 && shape <= 5 ? kShapes[shape] : UnderlineStyle::kSingle;
}

// Applies SGR `v` that is neither an extended colour (38, 48, 58) nor an underline shape (4:n) to
// `pen`; false when vtsnap does not know it (the pen is unchanged).
bool ApplyRendition(int v, Pen& pen) {
  switch (v) {
    case 0:
      pen = Pen{};
      return true;
    case 1:
      pen.attrs |= kAttrBold;
      return true;
    case 2:
      pen.attrs |= kAttrDim;
      return true;
    case 3:
      pen.attrs |= kAttrItalic;
      return true;
    case 4:
      pen.underline = UnderlineStyle::kSingle;
      return true;
    case 5:
    case 6:
      pen.attrs |= kAttrBlink;
      return true;
    case 7:
      pen.attrs |= kAttrReverse;
      return true;
    case 8:
      pen.attrs |= kAttrInvisible;
      return true;
    case 9:
      pen.attrs |= kAttrStrike;
      return true;
    case 21:
      pen.underline = UnderlineStyle::kDouble;
      return true;
    case 22:
      pen.attrs &= ~(kAttrBold | kAttrDim);
      return true;
    case 23:
      pen.attrs &= ~kAttrItalic;
      return true;
    case 24:
      pen.underline = UnderlineStyle::kNone;
      return true;
    case 25:
      pen.attrs &= ~kAttrBlink;
      return true;
    case 27:
      pen.attrs &= ~kAttrReverse;
      return true;
    case 28:
      pen.attrs &= ~kAttrInvisible;
      return true;
    case 29:
      pen.attrs &= ~kAttrStrike;
      return true;
    case 39:
      pen.fg = PenColor::Default();
      return true;
    case 49:
      pen.bg = PenColor::Default();
      return true;
    case 53:
      pen.attrs |= kAttrOverline;
      return true;
    case 55:
      pen.attrs &= ~kAttrOverline;
      return true;
    case 59:
      pen.underline_color = PenColor::Default();
      return true;
    default:
      break;
  }
  if (v >= 30 && v <= 37) {
    pen.fg = PenColor::Palette(v - 30);
  } else if (v >= 40 && v <= 47) {
    pen.bg = PenColor::Palette(v - 40);
  } else if (v >= 90 && v <= 97) {
    pen.fg = PenColor::Palette(v - 90 + 8);
  } else if (v >= 100 && v <= 107) {
    pen.bg = PenColor::Palette(v - 100 + 8);
  } else {
    return false;
  }
  return true;
}

}  // namespace

void Terminal::SelectGraphicRendition(const Params& p) {
  const Pen before = pen_;
  if (p.empty()) {
    pen_ = Pen{};
  }
  for (int i = 0; i < p.size(); ++i) {
    const int v = p.raw(i) == Params::kDefault ? 0 : p.raw(i);
    if (v == 38 || v == 48 || v == 58) {
      PenColor c;
      bool ok = false;
      i = ReadExtendedColor(p, i, &c, &ok);
      if (ok) {
        (v == 38 ? pen_.fg : v == 48 ? pen_.bg : pen_.underline_color) = c;
        if (v == 38) fg_from_extended_sgr_ = true;  // for DECRQSS's report (terminal_queries.cc)
      }
      continue;  // the entries after the colour are read as entries of their own
    }
    if (v == 4 && p.is_sub(i + 1)) {
      pen_.underline = UnderlineShape(p.raw(i + 1));
    } else if (!ApplyRendition(v, pen_)) {
      IgnoreText(absl::StrCat("SGR ", v));
    } else if ((v >= 30 && v <= 39) || (v >= 90 && v <= 97)) {
      fg_from_extended_sgr_ = false;
    }
    // Sub-parameters belong to the entry before them; those not read above are skipped.
    while (i + 1 < p.size() && p.is_sub(i + 1)) ++i;
  }
  if (pen_ == before) return;  // pen_id_ is still the pen's id (compaction keeps it current)
  MarkPenChanged();
}

}  // namespace vtsnap
