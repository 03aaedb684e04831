// SerializeScreen (screen_dump.h): a screen's golden dump, from a live terminal's cells in one
// pass, through the dump writer's two stages (golden.h), so the bytes are Serialize's.
#include "vtsnap/snapshot/formats/screen_dump.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "vtsnap/base/utf8.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/screen/capture_internal.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {
namespace {

using capture_internal::CaptureCursor;
using capture_internal::CaptureLinks;
using capture_internal::CaptureTerminal;
using capture_internal::PenCache;

// The dump of a live terminal's screen in one pass over its cells, without building the Frame.
absl::StatusOr<std::string> SerializeTerminal(const Terminal& terminal) {
  const int cols = terminal.cols();
  const int rows = terminal.rows();
  if (cols < 1 || rows < 1) return golden::Serialize(CaptureTerminal(terminal));  // its error
  const size_t cell_count = static_cast<size_t>(cols) * static_cast<size_t>(rows);
  PenCache pens(terminal);
  golden::StyleNumbering numbering;
  // One pass over the cells: the stylemap character of each (styles numbered as Serialize numbers
  // the captured cells, by first use of each distinct Style: two pens can capture as one style,
  // e.g. with and without blink), the rows' text as capture would make it, and whether any cell
  // links anywhere.
  std::string& stylemap = numbering.mutable_stylemap();
  stylemap.resize(cell_count);
  char* map = stylemap.data();
  // Room for one byte a cell plus `slack` bytes: a grapheme of more bytes spends slack (a
  // continuation cell, which writes none, gives one back), and the buffer grows when less than a
  // code point's worth is left.
  size_t slack = 64;
  std::string text(cell_count + slack, '\0');
  size_t used = 0;
  std::vector<size_t> row_end(static_cast<size_t>(rows));
  uint32_t last_pen = 0;
  PenCache::Entry* pen = nullptr;
  char pen_char = 0;
  bool invisible = false;
  uint32_t links = 0;  // the OR of every cell's link id: nonzero when any cell links
  for (int r = 0; r < rows; ++r) {
    const ScreenCell* cells = terminal.line(r).cells.data();
    char* t = text.data() + used;
    // A row is runs of cells with one pen: the run's stylemap characters are one fill, and its
    // text is copied with the pen's questions answered once.
    for (int c = 0; c < cols;) {
      if (pen == nullptr || cells[c].pen != last_pen) {
        last_pen = cells[c].pen;
        pen = &pens.Get(last_pen);
        if (pen->index < 0) {
          absl::StatusOr<int> index = numbering.Add(pen->style, c, r);
          if (!index.ok()) return index.status();
          pen->index = *index;
        }
        // A style past the version-1 names: the wide form, written from the captured frame.
        if (pen->index >= golden::kMaxStyles) return golden::Serialize(CaptureTerminal(terminal));
        pen_char = golden::kStyleAlphabet[static_cast<size_t>(pen->index)];
        invisible = pen->invisible;
      }
      int end = c + 1;
      while (end < cols && cells[end].pen == last_pen) ++end;
      const size_t run = static_cast<size_t>(end - c);
      std::memset(map, pen_char, run);
      map += run;
      if (invisible) {
        std::memset(t, ' ', run);  // one blank a column, as capture shows an invisible cell
        t += run;
        for (int i = c; i < end; ++i) links |= cells[i].link;
        c = end;
        continue;
      }
      for (; c < end; ++c) {
        const ScreenCell& sc = cells[c];
        links |= sc.link;
        if (sc.cluster == 0 && sc.ch < 0x80 && sc.width != 0) {
          *t++ = static_cast<char>(sc.ch);
        } else if (sc.is_continuation()) {
          ++slack;
        } else {
          const std::u32string* cluster = sc.cluster == 0 ? nullptr : &terminal.cluster(sc.cluster);
          const size_t most = cluster == nullptr ? 4 : 4 * cluster->size();
          if (slack < most) {
            const size_t at = static_cast<size_t>(t - text.data());
            const size_t grow = std::max(text.size(), most);
            text.resize(text.size() + grow);
            slack += grow;
            t = text.data() + at;
          }
          char* const start = t;
          if (cluster == nullptr) {
            t = EncodeUtf8(sc.ch, t);
          } else {
            for (char32_t cp : *cluster) t = EncodeUtf8(cp, t);
          }
          slack -= static_cast<size_t>(t - start) - 1;
        }
      }
    }
    used = static_cast<size_t>(t - text.data());
    row_end[static_cast<size_t>(r)] = used;
  }
  const bool any_link = links != 0;
  return golden::SerializeNumbered(
      cols, rows, numbering, CaptureCursor(terminal),
      any_link ? CaptureLinks(terminal) : std::vector<LinkRun>(), {},
      [&text, &row_end](int row, std::string* out) {
        const size_t start = row == 0 ? 0 : row_end[static_cast<size_t>(row) - 1];
        out->append(text.data() + start, row_end[static_cast<size_t>(row)] - start);
      });
}

}  // namespace

absl::StatusOr<std::string> SerializeScreen(const ScreenView& screen) {
  if (!screen.readable()) return screen.status();
  if (screen.terminal() != nullptr) return SerializeTerminal(*screen.terminal());
  return golden::Serialize(screen.frame());
}

}  // namespace vtsnap
