// WriteStateJson: a state dump as JSON, laid out one member per line and one screen row of cells
// per line.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/state_json.h"
#include "vtsnap/snapshot/state_json_internal.h"

namespace vtsnap {
namespace state_json_internal {

std::string Quote(absl::string_view s) {
  std::string out = "\"";
  for (char ch : s) {
    const unsigned char b = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (b < 0x20) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\u00";
      out += kHex[b >> 4];
      out += kHex[b & 15];
    } else {
      out += ch;
    }
  }
  out += '"';
  return out;
}

std::string Bool(bool b) { return b ? "true" : "false"; }

std::string IntList(const std::vector<int>& values) {
  return absl::StrCat("[", absl::StrJoin(values, ", "), "]");
}

std::string StringList(const std::vector<std::string>& values) {
  std::vector<std::string> quoted;
  for (const std::string& v : values) quoted.push_back(Quote(v));
  return absl::StrCat("[", absl::StrJoin(quoted, ", "), "]");
}

std::string IntText(int64_t v) { return absl::StrCat(v); }

}  // namespace state_json_internal

namespace {

using state_json_internal::Bool;
using state_json_internal::IntList;
using state_json_internal::IntText;
using state_json_internal::Quote;
using state_json_internal::StringList;

// `{"a": 1, "b": 2}` from the present members, in order.
class ObjectWriter {
 public:
  template <typename T, typename F>
  void Add(absl::string_view key, const std::optional<T>& value, F format) {
    if (!value.has_value()) return;
    members_.push_back(absl::StrCat(Quote(key), ": ", format(*value)));
  }
  std::string Done() const { return absl::StrCat("{", absl::StrJoin(members_, ", "), "}"); }

 private:
  std::vector<std::string> members_;
};

std::string CellJson(const std::optional<StateCell>& cell) {
  if (!cell.has_value()) return "null";
  ObjectWriter w;
  w.Add("ch", cell->ch, [](const std::string& s) { return Quote(s); });
  w.Add("fg", cell->fg, [](uint32_t v) { return IntText(v); });
  w.Add("bg", cell->bg, [](uint32_t v) { return IntText(v); });
  w.Add("attrs", cell->attrs, StringList);
  w.Add("gen", cell->gen, [](uint64_t v) { return absl::StrCat(v); });
  return w.Done();
}

std::string CursorJson(const StateCursor& c) {
  ObjectWriter w;
  w.Add("row", c.row, IntText);
  w.Add("col", c.col, IntText);
  w.Add("visible", c.visible, Bool);
  w.Add("pending_wrap", c.pending_wrap, Bool);
  return w.Done();
}

std::string ModesJson(const StateModes& m) {
  ObjectWriter w;
  w.Add("origin", m.origin, Bool);
  w.Add("autowrap", m.autowrap, Bool);
  w.Add("lnm", m.lnm, Bool);
  return w.Done();
}

std::string CharsetsJson(const StateCharsets& c) {
  ObjectWriter w;
  w.Add("g0", c.g0, [](const std::string& s) { return Quote(s); });
  w.Add("g1", c.g1, [](const std::string& s) { return Quote(s); });
  w.Add("active", c.active, IntText);
  return w.Done();
}

}  // namespace

std::string WriteStateJson(const StateDump& d) {
  std::vector<std::string> members;
  auto add = [&](absl::string_view key, const std::string& value) {
    members.push_back(absl::StrCat("  ", Quote(key), ": ", value));
  };
  if (d.cols) add("cols", IntText(*d.cols));
  if (d.rows) add("rows", IntText(*d.rows));
  if (d.cursor) add("cursor", CursorJson(*d.cursor));
  if (d.scroll_region) {
    add("scroll_region", IntList({(*d.scroll_region)[0], (*d.scroll_region)[1]}));
  }
  if (d.modes) add("modes", ModesJson(*d.modes));
  if (d.tabstops) add("tabstops", IntList(*d.tabstops));
  if (d.charsets) add("charsets", CharsetsJson(*d.charsets));
  if (d.cells) {
    std::vector<std::string> rows;
    for (const auto& row : *d.cells) {
      std::vector<std::string> cells;
      cells.reserve(row.size());
      for (const auto& cell : row) cells.push_back(CellJson(cell));
      rows.push_back(absl::StrCat("    [", absl::StrJoin(cells, ", "), "]"));
    }
    add("cells", rows.empty() ? "[]" : absl::StrCat("[\n", absl::StrJoin(rows, ",\n"), "\n  ]"));
  }
  if (d.scrollback_len) add("scrollback_len", IntText(*d.scrollback_len));
  if (members.empty()) return "{}\n";
  return absl::StrCat("{\n", absl::StrJoin(members, ",\n"), "\n}\n");
}

}  // namespace vtsnap
