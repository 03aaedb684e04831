#include "vtsnap/snapshot/state_json.h"

#include <algorithm>
#include <cstdint>
#include <exception>
#include <limits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "nlohmann/json.hpp"

namespace vtsnap {
namespace {

using Json = nlohmann::json;

// The 16 colours of xterm's default resources (XTerm-col.ad / charproc.c).
constexpr uint32_t kXterm16[16] = {0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd,
                                   0x00cdcd, 0xe5e5e5, 0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00,
                                   0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff};

uint32_t ResolveColor(const PenColor& color, uint32_t default_rgb) {
  switch (color.kind) {
    case PenColor::Kind::kDefault:
      return default_rgb;
    case PenColor::Kind::kPalette:
      return XtermPaletteRgb(static_cast<int>(color.value));
    case PenColor::Kind::kRgb:
      return color.value & 0xFFFFFF;
  }
  return default_rgb;
}

std::vector<std::string> AttrsOf(const Pen& pen) {
  // In kStateAttrNames order. SGR 6 (rapid blink) sets the same blink bit as SGR 5, as in xterm,
  // so "rapid_blink" never appears in a captured dump.
  std::vector<std::string> attrs;
  if (pen.has(kAttrBold)) attrs.push_back("bold");
  if (pen.has(kAttrDim)) attrs.push_back("faint");
  if (pen.has(kAttrItalic)) attrs.push_back("italics");
  if (pen.underline != UnderlineStyle::kNone && pen.underline != UnderlineStyle::kDouble) {
    attrs.push_back("underline");  // single, curly, dotted and dashed
  }
  if (pen.has(kAttrBlink)) attrs.push_back("blink");
  if (pen.has(kAttrReverse)) attrs.push_back("inverse");
  if (pen.has(kAttrInvisible)) attrs.push_back("invisible");
  if (pen.has(kAttrStrike)) attrs.push_back("crossed_out");
  if (pen.underline == UnderlineStyle::kDouble) attrs.push_back("dbl_underline");
  if (pen.has(kAttrOverline)) attrs.push_back("overline");
  return attrs;
}

std::string CharsetName(Charset charset) {
  return charset == Charset::kDecSpecialGraphics ? "0" : "B";
}

// ---------------------------------------------------------------------------------------------
// Writing.

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

std::string IntText(int64_t v) { return absl::StrCat(v); }

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

// ---------------------------------------------------------------------------------------------
// Reading.

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

StateDump ReadDump(const Json& j) {
  CheckObject(j, "",
              {"cols", "rows", "cursor", "scroll_region", "modes", "tabstops", "charsets", "cells",
               "scrollback_len"});
  StateDump d;
  if (const Json* v = Member(j, "cols")) d.cols = ReadInt(*v, "cols", 1, kMaxDimension);
  if (const Json* v = Member(j, "rows")) d.rows = ReadInt(*v, "rows", 1, kMaxDimension);
  if (const Json* v = Member(j, "cursor")) {
    CheckObject(*v, "cursor", {"row", "col", "visible", "pending_wrap"});
    StateCursor c;
    // The column may equal cols (a pending wrap); the row is always on the screen.
    if (const Json* m = Member(*v, "row")) {
      c.row = ReadInt(*m, "cursor.row", 0, d.rows ? *d.rows - 1 : kMaxDimension);
    }
    if (const Json* m = Member(*v, "col")) {
      c.col = ReadInt(*m, "cursor.col", 0, d.cols ? *d.cols : kMaxDimension);
    }
    if (const Json* m = Member(*v, "visible")) c.visible = ReadBool(*m, "cursor.visible");
    if (const Json* m = Member(*v, "pending_wrap")) {
      c.pending_wrap = ReadBool(*m, "cursor.pending_wrap");
    }
    d.cursor = c;
  }
  if (const Json* v = Member(j, "scroll_region")) {
    if (!v->is_array() || v->size() != 2) {
      throw SchemaError{"scroll_region",
                        absl::StrCat("expected [top, bottom], got ", Describe(*v))};
    }
    const int64_t last = d.rows ? *d.rows - 1 : kMaxDimension;
    const int top = ReadInt((*v)[0], "scroll_region[0]", 0, last);
    const int bottom = ReadInt((*v)[1], "scroll_region[1]", top, last);
    d.scroll_region = std::array<int, 2>{top, bottom};
  }
  if (const Json* v = Member(j, "modes")) {
    CheckObject(*v, "modes", {"origin", "autowrap", "lnm"});
    StateModes m;
    if (const Json* x = Member(*v, "origin")) m.origin = ReadBool(*x, "modes.origin");
    if (const Json* x = Member(*v, "autowrap")) m.autowrap = ReadBool(*x, "modes.autowrap");
    if (const Json* x = Member(*v, "lnm")) m.lnm = ReadBool(*x, "modes.lnm");
    d.modes = m;
  }
  if (const Json* v = Member(j, "tabstops")) {
    if (!v->is_array()) {
      throw SchemaError{"tabstops", absl::StrCat("expected an array, got ", Describe(*v))};
    }
    std::vector<int> stops;
    for (size_t i = 0; i < v->size(); ++i) {
      const std::string path = absl::StrCat("tabstops[", i, "]");
      const int stop = ReadInt((*v)[i], path, 0, d.cols ? *d.cols - 1 : kMaxDimension);
      if (!stops.empty() && stop <= stops.back()) {
        throw SchemaError{path, absl::StrCat("tab stops must be sorted and distinct: ", stop,
                                             " follows ", stops.back())};
      }
      stops.push_back(stop);
    }
    d.tabstops = std::move(stops);
  }
  if (const Json* v = Member(j, "charsets")) {
    CheckObject(*v, "charsets", {"g0", "g1", "active"});
    StateCharsets c;
    if (const Json* x = Member(*v, "g0")) c.g0 = ReadCharset(*x, "charsets.g0");
    if (const Json* x = Member(*v, "g1")) c.g1 = ReadCharset(*x, "charsets.g1");
    if (const Json* x = Member(*v, "active")) c.active = ReadInt(*x, "charsets.active", 0, 1);
    d.charsets = c;
  }
  if (const Json* v = Member(j, "cells")) {
    if (!v->is_array()) {
      throw SchemaError{"cells", absl::StrCat("expected an array of rows, got ", Describe(*v))};
    }
    if (d.rows && static_cast<int64_t>(v->size()) != *d.rows) {
      throw SchemaError{"cells", absl::StrCat("has ", v->size(), " rows; rows is ", *d.rows)};
    }
    if (static_cast<int64_t>(v->size()) > kMaxDimension) {
      throw SchemaError{
          "cells", absl::StrCat("has ", v->size(), " rows; at most ", kMaxDimension, " are read")};
    }
    std::vector<std::vector<std::optional<StateCell>>> rows;
    rows.reserve(v->size());
    for (size_t r = 0; r < v->size(); ++r) {
      const Json& row = (*v)[r];
      const std::string row_path = absl::StrCat("cells[", r, "]");
      if (!row.is_array()) {
        throw SchemaError{row_path,
                          absl::StrCat("expected an array of cells, got ", Describe(row))};
      }
      if (d.cols && static_cast<int64_t>(row.size()) != *d.cols) {
        throw SchemaError{row_path, absl::StrCat("has ", row.size(), " cells; cols is ", *d.cols)};
      }
      if (!d.cols && r > 0 && row.size() != rows[0].size()) {
        throw SchemaError{
            row_path, absl::StrCat("has ", row.size(), " cells; cells[0] has ", rows[0].size())};
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
    d.cells = std::move(rows);
  }
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

// ---------------------------------------------------------------------------------------------
// Comparing.

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

uint32_t XtermPaletteRgb(int index) {
  if (index < 0 || index > 255) return 0;
  if (index < 16) return kXterm16[index];
  if (index < 232) {
    static constexpr uint32_t kLevels[6] = {0, 95, 135, 175, 215, 255};
    const int i = index - 16;
    return (kLevels[i / 36] << 16) | (kLevels[(i / 6) % 6] << 8) | kLevels[i % 6];
  }
  const uint32_t grey = 8 + 10 * static_cast<uint32_t>(index - 232);
  return (grey << 16) | (grey << 8) | grey;
}

StateDump CaptureState(const Terminal& t, const StateCaptureOptions& options) {
  StateDump d;
  d.cols = t.cols();
  d.rows = t.rows();
  const CursorState& c = t.cursor();
  d.cursor =
      StateCursor{.row = c.row, .col = c.col, .visible = c.visible, .pending_wrap = c.pending_wrap};
  d.scroll_region = std::array<int, 2>{t.scroll_top(), t.scroll_bottom()};
  d.modes = StateModes{.origin = t.modes().origin,
                       .autowrap = t.modes().autowrap,
                       .lnm = t.modes().linefeed_newline};
  std::vector<int> stops;
  for (int col = 0; col < t.cols(); ++col) {
    if (t.tab_stop(col)) stops.push_back(col);
  }
  d.tabstops = std::move(stops);
  d.charsets = StateCharsets{.g0 = CharsetName(t.charset(0)),
                             .g1 = CharsetName(t.charset(1)),
                             .active = t.active_charset()};
  const bool generations = options.generations && t.tracks_generations();
  std::vector<std::vector<std::optional<StateCell>>> rows(t.rows());
  for (int r = 0; r < t.rows(); ++r) {
    rows[r].reserve(t.cols());
    for (int col = 0; col < t.cols(); ++col) {
      const ScreenCell& cell = t.cell(col, r);
      if (!cell.written) {
        rows[r].emplace_back(std::nullopt);
        continue;
      }
      const Pen& pen = t.pen(cell.pen);
      StateCell out{.ch = t.Grapheme(cell),
                    .fg = ResolveColor(pen.fg, options.default_fg),
                    .bg = ResolveColor(pen.bg, options.default_bg),
                    .attrs = AttrsOf(pen)};
      if (generations) out.gen = t.generation(col, r);
      rows[r].emplace_back(std::move(out));
    }
  }
  d.cells = std::move(rows);
  d.scrollback_len = t.scrollback_size();
  return d;
}

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
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": the key ", Quote(duplicate), " appears twice in one object"));
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
