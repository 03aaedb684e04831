// DumpText and DumpAnsi (snapshot/formats/pito_dump.h).
#include "vtsnap/snapshot/formats/pito_dump.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/snapshot/formats/pito_internal.h"
#include "vtsnap/snapshot/screen/sgr.h"

namespace vtsnap::pito {
namespace {

using pito_internal::ScreenCellInfo;
using pito_internal::ScreenCells;

void TrimTrailingSpaces(std::string* row) {
  const size_t end = row->find_last_not_of(' ');
  row->resize(end == std::string::npos ? 0 : end + 1);
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
        out += SgrOfPen(cell.pen);
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
