// ParseStateJson: a state dump (any subset of the schema's fields) read from JSON with
// nlohmann/json, every value checked against the schema.
#include <algorithm>
#include <array>
#include <cstdint>
#include <exception>
#include <initializer_list>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "nlohmann/json.hpp"
#include "vtsnap/snapshot/formats/state_json.h"
#include "vtsnap/snapshot/formats/state_json_internal.h"

namespace vtsnap {
namespace {

using Json = nlohmann::json;

// A schema violation at `path`; caught by ParseStateJson and turned into a status.
struct SchemaError {
  std::string path;
  std::string message;
};

std::string Describe(const Json& j) {
  // Containers are named, not printed: printing recurses through the whole value.
  if (j.is_array())
    return absl::StrCat("an array of ", j.size(), j.size() == 1 ? " value" : " values");
  if (j.is_object())
    return absl::StrCat("an object with ", j.size(), j.size() == 1 ? " key" : " keys");
  std::string text = j.dump(-1, ' ', false, Json::error_handler_t::replace);
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return text;
}

std::string Join(absl::string_view path, absl::string_view key) {
  return path.empty() ? std::string(key) : absl::StrCat(path, ".", key);
}

void CheckObject(const Json& j, const std::string& path,
                 std::initializer_list<absl::string_view> keys) {
  if (!j.is_object())
    throw SchemaError{path, absl::StrCat("expected an object, got ", Describe(j))};
  for (const auto& [key, value] : j.items()) {
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
      throw SchemaError{Join(path, key), absl::StrCat("unknown key (expected one of ",
                                                      absl::StrJoin(keys, ", "), ")")};
    }
  }
}

int64_t ReadInt(const Json& j, const std::string& path, int64_t min, int64_t max) {
  int64_t v = 0;
  if (j.is_number_unsigned()) {
    const uint64_t u = j.get<uint64_t>();
    if (u > static_cast<uint64_t>(max)) {
      throw SchemaError{
          path, absl::StrCat("expected an integer from ", min, " to ", max, ", got ", Describe(j))};
    }
    v = static_cast<int64_t>(u);
  } else if (j.is_number_integer()) {
    v = j.get<int64_t>();
  } else {
    throw SchemaError{path, absl::StrCat("expected an integer, got ", Describe(j))};
  }
  if (v < min || v > max) {
    throw SchemaError{
        path, absl::StrCat("expected an integer from ", min, " to ", max, ", got ", Describe(j))};
  }
  return v;
}

bool ReadBool(const Json& j, const std::string& path) {
  if (!j.is_boolean())
    throw SchemaError{path, absl::StrCat("expected true or false, got ", Describe(j))};
  return j.get<bool>();
}

std::string ReadString(const Json& j, const std::string& path) {
  if (!j.is_string()) throw SchemaError{path, absl::StrCat("expected a string, got ", Describe(j))};
  return j.get<std::string>();
}

const Json* Member(const Json& j, absl::string_view key) {
  auto it = j.find(std::string(key));
  return it == j.end() ? nullptr : &*it;
}

// Large enough for any screen vtsnap or an oracle makes, small enough that the sizes multiply
// without overflow.
constexpr int64_t kMaxDimension = 100000;
constexpr uint32_t kMaxRgb = 0xFFFFFF;

std::string ReadCharset(const Json& j, const std::string& path) {
  std::string s = ReadString(j, path);
  // A designator is one final character of ESC ( F: "B" (US-ASCII), "0" (DEC special graphics),
  // "A" (UK) and the rest of xterm's set, all printable ASCII.
  if (s.size() != 1 || s[0] < 0x20 || s[0] > 0x7E) {
    throw SchemaError{path, absl::StrCat("expected a one-character charset designator such as "
                                         "\"B\" or \"0\", got ",
                                         Describe(j))};
  }
  return s;
}

StateCell ReadCell(const Json& j, const std::string& path) {
  CheckObject(j, path, {"ch", "fg", "bg", "attrs", "gen"});
  StateCell cell;
  if (const Json* v = Member(j, "ch")) cell.ch = ReadString(*v, path + ".ch");
  if (const Json* v = Member(j, "fg")) cell.fg = ReadInt(*v, path + ".fg", 0, kMaxRgb);
  if (const Json* v = Member(j, "bg")) cell.bg = ReadInt(*v, path + ".bg", 0, kMaxRgb);
  if (const Json* v = Member(j, "attrs")) {
    const std::string attrs_path = path + ".attrs";
    if (!v->is_array()) {
      throw SchemaError{attrs_path, absl::StrCat("expected an array, got ", Describe(*v))};
    }
    std::vector<std::string> attrs;
    for (size_t i = 0; i < v->size(); ++i) {
      const std::string item_path = absl::StrCat(attrs_path, "[", i, "]");
      std::string name = ReadString((*v)[i], item_path);
      if (std::find(kStateAttrNames.begin(), kStateAttrNames.end(), name) ==
          kStateAttrNames.end()) {
        throw SchemaError{
            item_path, absl::StrCat("unknown attribute ", Describe((*v)[i]), " (expected one of ",
                                    absl::StrJoin(kStateAttrNames, ", "), ")")};
      }
      if (std::find(attrs.begin(), attrs.end(), name) != attrs.end()) {
        throw SchemaError{item_path,
                          absl::StrCat("attribute ", Describe((*v)[i]), " is listed twice")};
      }
      attrs.push_back(std::move(name));
    }
    cell.attrs = std::move(attrs);
  }
  if (const Json* v = Member(j, "gen")) {
    cell.gen =
        static_cast<uint64_t>(ReadInt(*v, path + ".gen", 0, std::numeric_limits<int64_t>::max()));
  }
  return cell;
}

// The cursor; `d` holds the size read so far, which bounds the position.
StateCursor ReadCursor(const Json& v, const StateDump& d) {
  CheckObject(v, "cursor", {"row", "col", "visible", "pending_wrap"});
  StateCursor c;
  // The column may equal cols (a pending wrap); the row is always on the screen.
  if (const Json* m = Member(v, "row")) {
    c.row = ReadInt(*m, "cursor.row", 0, d.rows ? *d.rows - 1 : kMaxDimension);
  }
  if (const Json* m = Member(v, "col")) {
    c.col = ReadInt(*m, "cursor.col", 0, d.cols ? *d.cols : kMaxDimension);
  }
  if (const Json* m = Member(v, "visible")) c.visible = ReadBool(*m, "cursor.visible");
  if (const Json* m = Member(v, "pending_wrap")) {
    c.pending_wrap = ReadBool(*m, "cursor.pending_wrap");
  }
  return c;
}

std::array<int, 2> ReadScrollRegion(const Json& v, const StateDump& d) {
  if (!v.is_array() || v.size() != 2) {
    throw SchemaError{"scroll_region", absl::StrCat("expected [top, bottom], got ", Describe(v))};
  }
  const int64_t last = d.rows ? *d.rows - 1 : kMaxDimension;
  const int top = static_cast<int>(ReadInt(v[0], "scroll_region[0]", 0, last));
  const int bottom = static_cast<int>(ReadInt(v[1], "scroll_region[1]", top, last));
  return std::array<int, 2>{top, bottom};
}

StateModes ReadModes(const Json& v) {
  CheckObject(v, "modes", {"origin", "autowrap", "lnm"});
  StateModes m;
  if (const Json* x = Member(v, "origin")) m.origin = ReadBool(*x, "modes.origin");
  if (const Json* x = Member(v, "autowrap")) m.autowrap = ReadBool(*x, "modes.autowrap");
  if (const Json* x = Member(v, "lnm")) m.lnm = ReadBool(*x, "modes.lnm");
  return m;
}

std::vector<int> ReadTabstops(const Json& v, const StateDump& d) {
  if (!v.is_array()) {
    throw SchemaError{"tabstops", absl::StrCat("expected an array, got ", Describe(v))};
  }
  std::vector<int> stops;
  for (size_t i = 0; i < v.size(); ++i) {
    const std::string path = absl::StrCat("tabstops[", i, "]");
    const int stop = static_cast<int>(ReadInt(v[i], path, 0, d.cols ? *d.cols - 1 : kMaxDimension));
    if (!stops.empty() && stop <= stops.back()) {
      throw SchemaError{path, absl::StrCat("tab stops must be sorted and distinct: ", stop,
                                           " follows ", stops.back())};
    }
    stops.push_back(stop);
  }
  return stops;
}

StateCharsets ReadCharsets(const Json& v) {
  CheckObject(v, "charsets", {"g0", "g1", "active"});
  StateCharsets c;
  if (const Json* x = Member(v, "g0")) c.g0 = ReadCharset(*x, "charsets.g0");
  if (const Json* x = Member(v, "g1")) c.g1 = ReadCharset(*x, "charsets.g1");
  if (const Json* x = Member(v, "active")) c.active = ReadInt(*x, "charsets.active", 0, 1);
  return c;
}

std::vector<std::vector<std::optional<StateCell>>> ReadCells(const Json& v, const StateDump& d) {
  if (!v.is_array()) {
    throw SchemaError{"cells", absl::StrCat("expected an array of rows, got ", Describe(v))};
  }
  if (d.rows && static_cast<int64_t>(v.size()) != *d.rows) {
    throw SchemaError{"cells", absl::StrCat("has ", v.size(), " rows; rows is ", *d.rows)};
  }
  if (static_cast<int64_t>(v.size()) > kMaxDimension) {
    throw SchemaError{
        "cells", absl::StrCat("has ", v.size(), " rows; at most ", kMaxDimension, " are read")};
  }
  std::vector<std::vector<std::optional<StateCell>>> rows;
  rows.reserve(v.size());
  for (size_t r = 0; r < v.size(); ++r) {
    const Json& row = v[r];
    const std::string row_path = absl::StrCat("cells[", r, "]");
    if (!row.is_array()) {
      throw SchemaError{row_path, absl::StrCat("expected an array of cells, got ", Describe(row))};
    }
    if (d.cols && static_cast<int64_t>(row.size()) != *d.cols) {
      throw SchemaError{row_path, absl::StrCat("has ", row.size(), " cells; cols is ", *d.cols)};
    }
    if (!d.cols && r > 0 && row.size() != rows[0].size()) {
      throw SchemaError{row_path,
                        absl::StrCat("has ", row.size(), " cells; cells[0] has ", rows[0].size())};
    }
    std::vector<std::optional<StateCell>> cells;
    cells.reserve(row.size());
    for (size_t c = 0; c < row.size(); ++c) {
      if (row[c].is_null()) {
        cells.emplace_back(std::nullopt);
      } else {
        cells.emplace_back(ReadCell(row[c], absl::StrCat(row_path, "[", c, "]")));
      }
    }
    rows.push_back(std::move(cells));
  }
  return rows;
}

StateDump ReadDump(const Json& j) {
  CheckObject(j, "",
              {"cols", "rows", "cursor", "scroll_region", "modes", "tabstops", "charsets", "cells",
               "scrollback_len"});
  StateDump d;
  if (const Json* v = Member(j, "cols")) d.cols = ReadInt(*v, "cols", 1, kMaxDimension);
  if (const Json* v = Member(j, "rows")) d.rows = ReadInt(*v, "rows", 1, kMaxDimension);
  if (const Json* v = Member(j, "cursor")) d.cursor = ReadCursor(*v, d);
  if (const Json* v = Member(j, "scroll_region")) d.scroll_region = ReadScrollRegion(*v, d);
  if (const Json* v = Member(j, "modes")) d.modes = ReadModes(*v);
  if (const Json* v = Member(j, "tabstops")) d.tabstops = ReadTabstops(*v, d);
  if (const Json* v = Member(j, "charsets")) d.charsets = ReadCharsets(*v);
  if (const Json* v = Member(j, "cells")) d.cells = ReadCells(*v, d);
  if (const Json* v = Member(j, "scrollback_len")) {
    d.scrollback_len = ReadInt(*v, "scrollback_len", 0, std::numeric_limits<int64_t>::max());
  }
  return d;
}

// 1-based line and column of byte `offset` (0-based) in `text`.
std::pair<int, int> LineColumn(absl::string_view text, size_t offset) {
  int line = 1;
  int col = 1;
  for (size_t i = 0; i < std::min(offset, text.size()); ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return {line, col};
}

}  // namespace

absl::StatusOr<StateDump> ParseStateJson(absl::string_view text, absl::string_view source) {
  // nlohmann keeps the last of two equal keys silently; a dump with one is malformed here.
  // Values nested deeper than any dump needs (cells[r][c].attrs[i] is 4 levels) are dropped as
  // they are read and reported, so a hostile document never builds a deep value.
  constexpr int kMaxDepth = 16;
  std::vector<std::set<std::string>> keys;
  std::string duplicate;
  bool too_deep = false;
  const Json::parser_callback_t track_keys = [&](int depth, Json::parse_event_t event,
                                                 Json& parsed) {
    if (depth > kMaxDepth) {
      too_deep = true;
      return false;
    }
    switch (event) {
      case Json::parse_event_t::object_start:
        keys.emplace_back();
        break;
      case Json::parse_event_t::object_end:
        if (!keys.empty()) keys.pop_back();
        break;
      case Json::parse_event_t::key:
        if (!keys.empty() && !keys.back().insert(parsed.get<std::string>()).second &&
            duplicate.empty()) {
          duplicate = parsed.get<std::string>();
        }
        break;
      default:
        break;
    }
    return true;
  };
  Json j;
  try {
    j = Json::parse(text.begin(), text.end(), track_keys);
  } catch (const Json::parse_error& e) {
    // e.byte is the 1-based position of the byte the parser stopped at.
    const size_t offset = e.byte > 0 ? e.byte - 1 : 0;
    const auto [line, col] = LineColumn(text, offset);
    std::string what = e.what();
    // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ..." ->
    // the part after the position, which the prefix below already gives.
    const size_t colon = what.find(": ");
    if (colon != std::string::npos) what = what.substr(colon + 2);
    return absl::InvalidArgumentError(absl::StrCat(
        source, ":", line, ":", col, ": malformed JSON (byte offset ", offset, "): ", what));
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat(source, ": malformed JSON: ", e.what()));
  }
  if (too_deep) {
    return absl::InvalidArgumentError(absl::StrCat(source, ": values are nested more than ",
                                                   kMaxDepth,
                                                   " levels deep; a state dump has at most 4"));
  }
  if (!duplicate.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(source, ": the key ",
                                                   state_json_internal::JsonText(duplicate),
                                                   " appears twice in one object"));
  }
  try {
    return ReadDump(j);
  } catch (const SchemaError& e) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": ", e.path.empty() ? "the document" : e.path, ": ", e.message));
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat(source, ": ", e.what()));
  }
}

}  // namespace vtsnap
