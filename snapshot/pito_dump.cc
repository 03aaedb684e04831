// DumpText and DumpAnsi (snapshot/pito_dump.h).
#include "vtsnap/snapshot/pito_dump.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/snapshot/pito_internal.h"

namespace vtsnap::pito {
namespace {

using pito_internal::ScreenCellInfo;
using pito_internal::ScreenCells;

void TrimTrailingSpaces(std::string* row) {
  const size_t end = row->find_last_not_of(' ');
  row->resize(end == std::string::npos ? 0 : end + 1);
}

// Appends the SGR parameters of one colour: `base` is 30 (foreground) or 40 (background), whose
// palette 0-7 are base+i and 8-15 base+60+i-8; 58 (underline) has no short forms.
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

// "\x1b[0;...m": the whole pen from a reset, so each cell's style does not depend on the last.
std::string Sgr(const Pen& pen) {
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

// OSC 8 opening a link to `uri` (with its id when it has one), or closing one when `uri` is "".
std::string Osc8(const std::string& id, const std::string& uri) {
  if (uri.empty()) return "\x1b]8;;\x1b\\";
  return absl::StrCat("\x1b]8;", id.empty() ? "" : absl::StrCat("id=", id), ";", uri, "\x1b\\");
}

bool IsPlainBlank(const ScreenCellInfo& cell) {
  return cell.grapheme == " " && cell.pen == Pen{} && cell.link_uri.empty();
}

}  // namespace

absl::StatusOr<std::string> DumpText(const ScreenView& screen) {
  if (!screen.readable()) return screen.status();
  std::string out;
  absl::StatusOr<ScreenCells> cells = pito_internal::ReadScreenCells(screen);
  for (int r = 0; r < screen.rows(); ++r) {
    std::string row;
    if (cells.ok()) {
      for (int c = 0; c < cells->cols; ++c) row += cells->at(c, r).grapheme;  // "" continuation
    } else {
      row = screen.RowText(r);  // a Frame parsed from a golden dump: its row text
    }
    TrimTrailingSpaces(&row);
    if (r > 0) out += "\n";
    out += row;
  }
  return out;
}

absl::StatusOr<std::string> DumpAnsi(const ScreenView& screen) {
  absl::StatusOr<ScreenCells> cells = pito_internal::ReadScreenCells(screen);
  if (!cells.ok()) return cells.status();
  std::string out = "\x1b[?25l\x1b[2J";
  for (int r = 0; r < cells->rows; ++r) {
    // Plain blanks after the last other cell are left to the clear.
    int end = cells->cols;
    while (end > 0 && IsPlainBlank(cells->at(end - 1, r))) --end;
    absl::StrAppend(&out, "\x1b[", r + 1, ";1H");
    const Pen* pen = nullptr;  // the pen the row's bytes set last (none yet: the default)
    const Pen kDefault;
    const ScreenCellInfo* link = nullptr;  // the cell whose link the row's bytes opened last
    for (int c = 0; c < end; ++c) {
      const ScreenCellInfo& cell = cells->at(c, r);
      if (cell.width == 0) continue;  // the wide character before it covers it
      if (pen == nullptr ? !(cell.pen == kDefault) : !(cell.pen == *pen)) {
        out += Sgr(cell.pen);
      }
      pen = &cell.pen;
      const bool same_link = link == nullptr
                                 ? cell.link_uri.empty()
                                 : cell.link_uri == link->link_uri && cell.link_id == link->link_id;
      if (!same_link) out += Osc8(cell.link_id, cell.link_uri);
      link = &cell;
      // An empty grapheme in a non-continuation cell (a hand-made Frame) still takes its column.
      out += cell.grapheme.empty() ? " " : cell.grapheme;
    }
    if (link != nullptr && !link->link_uri.empty()) out += Osc8("", "");
    out += "\x1b[0m";
  }
  return out;
}

}  // namespace vtsnap::pito
