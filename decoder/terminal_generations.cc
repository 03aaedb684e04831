// Terminal's generation tracking (TerminalOptions::track_generations): a fingerprint of what each
// screen position shows, and a counter bumped each time it really changes.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/hash/hash.h"
#include "vtsnap/decoder/terminal.h"

namespace vtsnap {

uint64_t Terminal::Fingerprint(const ScreenCell& c) const {
  // What the position shows: the grapheme, its width, its pen and its link (not whether it was
  // ever written: a never-written blank and an erased one look the same).
  // Hashed in place (no copies): this runs for every cell after every action.
  static const std::u32string kNoCluster;
  static const std::string kNoText;
  const std::u32string& cluster = c.cluster != 0 ? clusters_[c.cluster] : kNoCluster;
  const Hyperlink* link = c.link != 0 ? &links_[c.link] : nullptr;
  const std::string& id = link ? link->id : kNoText;
  const std::string& uri = link ? link->uri : kNoText;
  const char32_t ch = c.ch;  // bit-fields: copied, since a reference cannot bind to one
  const uint8_t width = static_cast<uint8_t>(c.width);
  return absl::Hash<std::tuple<const char32_t&, const uint8_t&, const Pen&, const std::u32string&,
                               const std::string&, const std::string&>>()(
      std::tie(ch, width, pens_[c.pen], cluster, id, uri));
}

void Terminal::CountGenerations() {
  for (int r = 0; r < rows_; ++r) {
    const std::vector<ScreenCell>& cells = active()[r].cells;
    Generation* g = &generations_[static_cast<size_t>(r) * cols_];
    for (int c = 0; c < cols_; ++c) {
      const uint64_t fingerprint = Fingerprint(cells[c]);
      if (fingerprint != g[c].fingerprint) {
        g[c].fingerprint = fingerprint;
        ++g[c].count;
      }
    }
  }
}

void Terminal::ResizeGenerations(int old_cols, int old_rows) {
  if (!options_.track_generations) return;
  // Positions that stay keep their counts; new ones start at 0 as never-written blanks.
  std::vector<Generation> next(static_cast<size_t>(cols_) * rows_,
                               Generation{.count = 0, .fingerprint = Fingerprint(ScreenCell{})});
  for (int r = 0; r < std::min(rows_, old_rows); ++r) {
    for (int c = 0; c < std::min(cols_, old_cols); ++c) {
      next[static_cast<size_t>(r) * cols_ + c] =
          generations_[static_cast<size_t>(r) * old_cols + c];
    }
  }
  generations_ = std::move(next);
  UpdateGenerations();
}

}  // namespace vtsnap
