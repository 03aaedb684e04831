// DiffStates and FormatStateDifferences: two dumps compared field by field over the fields both
// have, after the normalizations of docs/state-dump.md; values shown as JSON text.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vtsnap/snapshot/state_json.h"
#include "vtsnap/snapshot/state_json_internal.h"

namespace vtsnap {
namespace {

using state_json_internal::Bool;
using state_json_internal::IntList;
using state_json_internal::IntText;
using state_json_internal::Quote;
using state_json_internal::StringList;

class Differ {
 public:
  explicit Differ(std::vector<StateDifference>* out) : out_(out) {}

  template <typename T, typename F>
  void Field(const std::string& path, const std::optional<T>& a, const std::optional<T>& b,
             F format) {
    if (a.has_value() && b.has_value() && !(*a == *b)) {
      out_->push_back({path, format(*a), format(*b)});
    }
  }
  void Raw(std::string path, std::string a, std::string b) {
    out_->push_back({std::move(path), std::move(a), std::move(b)});
  }

 private:
  std::vector<StateDifference>* out_;
};

std::string QuoteString(const std::string& s) { return Quote(s); }

// The normalizations the differ applies, all in this one place. Each hides a difference that
// is a matter of representation, not of what the terminal shows:
//
// 1. The cursor column is clamped to cols - 1 on each side. xterm, libvterm and vtsnap keep the
//    cursor on the last column with a pending-wrap flag after writing it; xterm.js moves x to
//    cols. Hides: nothing else (pending_wrap itself is still compared when both sides have it).
// 2. A `null` (never written) cell reads as {"ch": " ", "fg": default fg, "bg": default bg,
//    "attrs": []} when the other side has a cell object there. Hides: whether a blank was ever
//    written, which no other emulator reports.
// 3. `attrs` compare as sets. Hides: the order of the list (vtsnap writes the schema's order).
std::optional<int> NormalizedCursorCol(const StateDump& d, const StateDump& other) {
  if (!d.cursor || !d.cursor->col) return std::nullopt;
  std::optional<int> cols = d.cols ? d.cols : other.cols;
  if (cols && *d.cursor->col >= *cols) return *cols - 1;
  return d.cursor->col;
}

StateCell NormalizedCell(const std::optional<StateCell>& cell, const StateDiffOptions& options) {
  if (!cell.has_value()) {
    return StateCell{.ch = " ",
                     .fg = options.default_fg,
                     .bg = options.default_bg,
                     .attrs = std::vector<std::string>{}};
  }
  StateCell c = *cell;
  if (c.attrs) std::sort(c.attrs->begin(), c.attrs->end());
  return c;
}

std::string AttrsText(const std::vector<std::string>& attrs) { return StringList(attrs); }

}  // namespace

std::vector<StateDifference> DiffStates(const StateDump& a, const StateDump& b,
                                        const StateDiffOptions& options) {
  std::vector<StateDifference> out;
  Differ diff(&out);
  diff.Field("cols", a.cols, b.cols, IntText);
  diff.Field("rows", a.rows, b.rows, IntText);
  if (a.cursor && b.cursor) {
    diff.Field("cursor.row", a.cursor->row, b.cursor->row, IntText);
    diff.Field("cursor.col", NormalizedCursorCol(a, b), NormalizedCursorCol(b, a), IntText);
    diff.Field("cursor.visible", a.cursor->visible, b.cursor->visible, Bool);
    diff.Field("cursor.pending_wrap", a.cursor->pending_wrap, b.cursor->pending_wrap, Bool);
  }
  diff.Field("scroll_region", a.scroll_region, b.scroll_region, [](const std::array<int, 2>& r) {
    return IntList({r[0], r[1]});
  });
  if (a.modes && b.modes) {
    diff.Field("modes.origin", a.modes->origin, b.modes->origin, Bool);
    diff.Field("modes.autowrap", a.modes->autowrap, b.modes->autowrap, Bool);
    diff.Field("modes.lnm", a.modes->lnm, b.modes->lnm, Bool);
  }
  diff.Field("tabstops", a.tabstops, b.tabstops, IntList);
  if (a.charsets && b.charsets) {
    diff.Field("charsets.g0", a.charsets->g0, b.charsets->g0, QuoteString);
    diff.Field("charsets.g1", a.charsets->g1, b.charsets->g1, QuoteString);
    diff.Field("charsets.active", a.charsets->active, b.charsets->active, IntText);
  }
  if (a.cells && b.cells) {
    const auto& ra = *a.cells;
    const auto& rb = *b.cells;
    if (ra.size() != rb.size()) {
      diff.Raw("cells", absl::StrCat(ra.size(), " rows"), absl::StrCat(rb.size(), " rows"));
    }
    for (size_t r = 0; r < std::min(ra.size(), rb.size()); ++r) {
      if (ra[r].size() != rb[r].size()) {
        diff.Raw(absl::StrCat("cells[", r, "]"), absl::StrCat(ra[r].size(), " cells"),
                 absl::StrCat(rb[r].size(), " cells"));
      }
      for (size_t c = 0; c < std::min(ra[r].size(), rb[r].size()); ++c) {
        if (!ra[r][c].has_value() && !rb[r][c].has_value()) continue;
        const StateCell ca = NormalizedCell(ra[r][c], options);
        const StateCell cb = NormalizedCell(rb[r][c], options);
        const std::string path = absl::StrCat("cells[", r, "][", c, "]");
        diff.Field(path + ".ch", ca.ch, cb.ch, QuoteString);
        diff.Field(path + ".fg", ca.fg, cb.fg, [](uint32_t v) { return IntText(v); });
        diff.Field(path + ".bg", ca.bg, cb.bg, [](uint32_t v) { return IntText(v); });
        diff.Field(path + ".attrs", ca.attrs, cb.attrs, AttrsText);
        diff.Field(path + ".gen", ca.gen, cb.gen, [](uint64_t v) { return absl::StrCat(v); });
      }
    }
  }
  diff.Field("scrollback_len", a.scrollback_len, b.scrollback_len, IntText);
  return out;
}

std::string FormatStateDifferences(const std::vector<StateDifference>& differences, size_t limit) {
  std::string out;
  for (size_t i = 0; i < differences.size() && i < limit; ++i) {
    const StateDifference& d = differences[i];
    absl::StrAppend(&out, d.path, ": ", d.a, " != ", d.b, "\n");
  }
  if (differences.size() > limit) {
    absl::StrAppend(&out, "... and ", differences.size() - limit, " more\n");
  }
  return out;
}

}  // namespace vtsnap
