// WriteStateJson: a state dump as JSON, its values built and written with nlohmann/json, laid
// out one member per line and one screen row of cells per line.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "vtsnap/snapshot/formats/state_json.h"
#include "vtsnap/snapshot/formats/state_json_internal.h"

namespace vtsnap {
namespace state_json_internal {
namespace {

// The control character nlohmann/json writes as the two-character escape `\<letter>`, or 0.
char ShortEscapedControl(char letter) {
  switch (letter) {
    case 'b':
      return '\b';
    case 't':
      return '\t';
    case 'n':
      return '\n';
    case 'f':
      return '\f';
    case 'r':
      return '\r';
    default:
      return 0;
  }
}

}  // namespace

void AppendJsonText(const OrderedJson& value, std::string* out) {
  const std::string compact = value.dump(-1, ' ', false, OrderedJson::error_handler_t::replace);
  out->reserve(out->size() + compact.size() + compact.size() / 4);
  bool in_string = false;
  for (size_t i = 0; i < compact.size(); ++i) {
    const char c = compact[i];
    if (!in_string) {
      out->push_back(c);
      if (c == '"') {
        in_string = true;
      } else if (c == ':' || c == ',') {
        out->push_back(' ');
      }
      continue;
    }
    if (c == '"') in_string = false;
    if (c != '\\') {
      out->push_back(c);
      continue;
    }
    // An escape: a backslash and at least one more character.
    const char letter = compact[++i];
    if (const char control = ShortEscapedControl(letter); control != 0) {
      static constexpr char kHex[] = "0123456789abcdef";
      *out += "\\u00";
      out->push_back(kHex[control >> 4]);
      out->push_back(kHex[control & 15]);
    } else {
      out->push_back('\\');
      out->push_back(letter);
    }
  }
}

std::string JsonText(const OrderedJson& value) {
  std::string out;
  AppendJsonText(value, &out);
  return out;
}

}  // namespace state_json_internal

namespace {

using state_json_internal::AppendJsonText;
using state_json_internal::OrderedJson;

// Adds `key` to the object `j` when `value` is present.
template <typename T>
void AddPresent(OrderedJson& j, const char* key, const std::optional<T>& value) {
  if (value.has_value()) j[key] = *value;
}

OrderedJson CellJson(const std::optional<StateCell>& cell) {
  if (!cell.has_value()) return nullptr;
  OrderedJson j = OrderedJson::object();
  j.get_ref<OrderedJson::object_t&>().reserve(5);
  AddPresent(j, "ch", cell->ch);
  AddPresent(j, "fg", cell->fg);
  AddPresent(j, "bg", cell->bg);
  AddPresent(j, "attrs", cell->attrs);
  AddPresent(j, "gen", cell->gen);
  return j;
}

OrderedJson CursorJson(const StateCursor& c) {
  OrderedJson j = OrderedJson::object();
  AddPresent(j, "row", c.row);
  AddPresent(j, "col", c.col);
  AddPresent(j, "visible", c.visible);
  AddPresent(j, "pending_wrap", c.pending_wrap);
  return j;
}

OrderedJson ModesJson(const StateModes& m) {
  OrderedJson j = OrderedJson::object();
  AddPresent(j, "origin", m.origin);
  AddPresent(j, "autowrap", m.autowrap);
  AddPresent(j, "lnm", m.lnm);
  return j;
}

OrderedJson CharsetsJson(const StateCharsets& c) {
  OrderedJson j = OrderedJson::object();
  AddPresent(j, "g0", c.g0);
  AddPresent(j, "g1", c.g1);
  AddPresent(j, "active", c.active);
  return j;
}

// Starts the member `key` of the top-level object, on a line of its own.
void StartMember(const char* key, std::string* out) {
  *out += out->empty() ? "{\n  " : ",\n  ";
  AppendJsonText(key, out);
  *out += ": ";
}

void AddMember(const char* key, const OrderedJson& value, std::string* out) {
  StartMember(key, out);
  AppendJsonText(value, out);
}

template <typename T>
void AddPresentMember(const char* key, const std::optional<T>& value, std::string* out) {
  if (value.has_value()) AddMember(key, *value, out);
}

// The rows of cells, one a line. Each row is built and written on its own: a document holding
// every row at once takes several times as long to build, write and free.
void AppendRows(const std::vector<std::vector<std::optional<StateCell>>>& rows, std::string* out) {
  if (rows.empty()) {
    *out += "[]";
    return;
  }
  *out += "[\n";
  for (size_t r = 0; r < rows.size(); ++r) {
    if (r > 0) *out += ",\n";
    *out += "    ";
    OrderedJson cells = OrderedJson::array();
    cells.get_ref<OrderedJson::array_t&>().reserve(rows[r].size());
    for (const auto& cell : rows[r]) cells.push_back(CellJson(cell));
    AppendJsonText(cells, out);
  }
  *out += "\n  ]";
}

}  // namespace

std::string WriteStateJson(const StateDump& d) {
  // The members in the schema's order; those a partial dump lacks are left out.
  std::string out;
  AddPresentMember("cols", d.cols, &out);
  AddPresentMember("rows", d.rows, &out);
  if (d.cursor) AddMember("cursor", CursorJson(*d.cursor), &out);
  AddPresentMember("scroll_region", d.scroll_region, &out);
  if (d.modes) AddMember("modes", ModesJson(*d.modes), &out);
  AddPresentMember("tabstops", d.tabstops, &out);
  if (d.charsets) AddMember("charsets", CharsetsJson(*d.charsets), &out);
  if (d.cells) {
    StartMember("cells", &out);
    AppendRows(*d.cells, &out);
  }
  AddPresentMember("scrollback_len", d.scrollback_len, &out);
  if (out.empty()) return "{}\n";
  out += "\n}\n";
  return out;
}

}  // namespace vtsnap
