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
#include "vtsnap/snapshot/formats/state_json.h"
#include "vtsnap/snapshot/formats/state_json_internal.h"

namespace vtsnap {
namespace {

using state_json_internal::JsonText;
using state_json_internal::OrderedJson;

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

// A field's value as JSON text.
template <typename T>
std::string Text(const T& value) {
  return JsonText(OrderedJson(value));
}

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

}  // namespace

std::vector<StateDifference> DiffStates(const StateDump& a, const StateDump& b,
                                        const StateDiffOptions& options) {
  std::vector<StateDifference> out;
  Differ diff(&out);
  diff.Field("cols", a.cols, b.cols, Text<int>);
  diff.Field("rows", a.rows, b.rows, Text<int>);
  if (a.cursor && b.cursor) {
    diff.Field("cursor.row", a.cursor->row, b.cursor->row, Text<int>);
    diff.Field("cursor.col", NormalizedCursorCol(a, b), NormalizedCursorCol(b, a), Text<int>);
    diff.Field("cursor.visible", a.cursor->visible, b.cursor->visible, Text<bool>);
    diff.Field("cursor.pending_wrap", a.cursor->pending_wrap, b.cursor->pending_wrap, Text<bool>);
  }
  diff.Field("scroll_region", a.scroll_region, b.scroll_region, Text<std::array<int, 2>>);
  if (a.modes && b.modes) {
    diff.Field("modes.origin", a.modes->origin, b.modes->origin, Text<bool>);
    diff.Field("modes.autowrap", a.modes->autowrap, b.modes->autowrap, Text<bool>);
    diff.Field("modes.lnm", a.modes->lnm, b.modes->lnm, Text<bool>);
  }
  diff.Field("tabstops", a.tabstops, b.tabstops, Text<std::vector<int>>);
  if (a.charsets && b.charsets) {
    diff.Field("charsets.g0", a.charsets->g0, b.charsets->g0, Text<std::string>);
    diff.Field("charsets.g1", a.charsets->g1, b.charsets->g1, Text<std::string>);
    diff.Field("charsets.active", a.charsets->active, b.charsets->active, Text<int>);
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
        diff.Field(path + ".ch", ca.ch, cb.ch, Text<std::string>);
        diff.Field(path + ".fg", ca.fg, cb.fg, Text<uint32_t>);
        diff.Field(path + ".bg", ca.bg, cb.bg, Text<uint32_t>);
        diff.Field(path + ".attrs", ca.attrs, cb.attrs, Text<std::vector<std::string>>);
        diff.Field(path + ".gen", ca.gen, cb.gen, Text<uint64_t>);
      }
    }
  }
  diff.Field("scrollback_len", a.scrollback_len, b.scrollback_len, Text<int64_t>);
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
