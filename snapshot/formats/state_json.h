// State dump: the decoder's whole terminal state as JSON (docs/state-dump.md), read back
// from JSON, and compared field by field with another dump, possibly a partial one from an
// independent emulator (an "oracle"). This is what differential testing diffs.
//
// A dump holds the size, the cursor (raw column, pending wrap, visibility), the scroll region, the
// origin/autowrap/LNM modes, the tab stops, the G0/G1 charsets, every cell of the active screen
// (`null` for a cell nothing ever wrote; colours resolved to 24-bit integers through xterm's
// default palette) with optional per-cell generation counters, and the scrollback length. Every
// field is optional when a dump is read: an oracle writes only what it can know, and the differ
// compares the fields both sides have. docs/state-dump.md describes the format, the reader's rules
// and the differ's normalizations.
//
//   vtsnap::VirtualTerminal vt({.cols = 10, .rows = 2});
//   vt.Write("\x1b[1;31mhi");
//   vtsnap::StateDump dump = vtsnap::CaptureState(vt.terminal());
//   std::string json = vtsnap::WriteStateJson(dump);      // {"cols": 10, "rows": 2, ...
//   absl::StatusOr<vtsnap::StateDump> back = vtsnap::ParseStateJson(json, "hi.json");
//   std::vector<vtsnap::StateDifference> diff = vtsnap::DiffStates(dump, *back);
//   // diff.empty(); dump.cells[0][0]->fg == 0xCD0000 (xterm's red), attrs {"bold"}
#ifndef VTSNAP_SNAPSHOT_FORMATS_STATE_JSON_H_
#define VTSNAP_SNAPSHOT_FORMATS_STATE_JSON_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/terminal.h"

namespace vtsnap {

// xterm's default foreground and background in the schema's example (0xCCCCCC and black).
inline constexpr uint32_t kStateDefaultForeground = 13421772;
inline constexpr uint32_t kStateDefaultBackground = 0;

// The 24-bit colour of entry `index` (0-255) of xterm's default 256-colour palette: the 16 colours
// of xterm's resources (0 black, 1 cd0000, ..., 15 ffffff), the 6x6x6 cube (levels 0, 95, 135,
// 175, 215, 255) and the 24 greys 8, 18, ..., 238. Out-of-range indexes give 0.
uint32_t XtermPaletteRgb(int index);

// The attribute names of the schema, in the order dumps list them.
inline constexpr std::array<absl::string_view, 11> kStateAttrNames = {
    "bold",    "faint",     "italics",     "underline",     "blink",   "rapid_blink",
    "inverse", "invisible", "crossed_out", "dbl_underline", "overline"};

// One cell. Fields are optional so that partial dumps can leave any of them out.
struct StateCell {
  std::optional<std::string> ch = {};  // the grapheme; "" in the right half of a wide character
  std::optional<uint32_t> fg = {};     // 0xRRGGBB
  std::optional<uint32_t> bg = {};
  std::optional<std::vector<std::string>> attrs = {};  // names from kStateAttrNames, that order
  std::optional<uint64_t> gen = {};
  friend bool operator==(const StateCell&, const StateCell&) = default;
};

struct StateCursor {
  std::optional<int> row = {};
  std::optional<int> col = {};  // raw: may equal cols while a wrap is pending
  std::optional<bool> visible = {};
  std::optional<bool> pending_wrap = {};
  friend bool operator==(const StateCursor&, const StateCursor&) = default;
};

struct StateModes {
  std::optional<bool> origin = {};
  std::optional<bool> autowrap = {};
  std::optional<bool> lnm = {};
  friend bool operator==(const StateModes&, const StateModes&) = default;
};

struct StateCharsets {
  std::optional<std::string> g0 = {};  // "B" US-ASCII, "0" DEC special graphics
  std::optional<std::string> g1 = {};
  std::optional<int> active = {};  // the GL slot: 0 (G0) or 1 (G1)
  friend bool operator==(const StateCharsets&, const StateCharsets&) = default;
};

// A whole or partial dump. `cells[row][col]` is nullopt for a `null` (never written) cell.
struct StateDump {
  std::optional<int> cols = {};
  std::optional<int> rows = {};
  std::optional<StateCursor> cursor = {};
  std::optional<std::array<int, 2>> scroll_region = {};  // [top, bottom], 0-based, inclusive
  std::optional<StateModes> modes = {};
  std::optional<std::vector<int>> tabstops = {};
  std::optional<StateCharsets> charsets = {};
  std::optional<std::vector<std::vector<std::optional<StateCell>>>> cells = {};
  std::optional<int64_t> scrollback_len = {};
  friend bool operator==(const StateDump&, const StateDump&) = default;
};

struct StateCaptureOptions {
  uint32_t default_fg = kStateDefaultForeground;
  uint32_t default_bg = kStateDefaultBackground;
  // Adds each cell's `gen` when the terminal tracks generations (TerminalOptions::
  // track_generations); a terminal that does not track them never gets the field.
  bool generations = true;
};

// The whole state of `terminal`'s active screen.
StateDump CaptureState(const Terminal& terminal, const StateCaptureOptions& options = {});

// The dump as JSON: keys in the schema's order, one screen row of cells per line, ending in a
// newline. Fields a partial dump lacks are left out. Strings are written as they are, but for
// control characters (as \u00XX) and malformed UTF-8 (as U+FFFD, so the text is always JSON).
std::string WriteStateJson(const StateDump& dump);

// Reads a dump (any subset of the schema's fields). `source` names the input in errors, which
// are InvalidArgument and name the place: "source:LINE:COL: ..." for malformed JSON,
// "source: cells[3][10].fg: ..." for a value outside the schema (an unknown key, a wrong type, a
// value out of range, rows of cells that disagree with cols/rows).
[[nodiscard]] absl::StatusOr<StateDump> ParseStateJson(absl::string_view text,
                                                       absl::string_view source = "<json>");

struct StateDiffOptions {
  // What a `null` cell reads as when the other side has a cell object there.
  uint32_t default_fg = kStateDefaultForeground;
  uint32_t default_bg = kStateDefaultBackground;
};

// One difference: the field's path ("cursor.col", "cells[3][10].fg") and both sides' values as
// JSON text.
struct StateDifference {
  std::string path;
  std::string a;
  std::string b;
  friend bool operator==(const StateDifference&, const StateDifference&) = default;
};

// The differences between `a` and `b` over the fields both have, after the normalizations of
// docs/state-dump.md (clamped cursor column, null cells as default blanks, attrs as sets), in
// schema order and cells row by row.
std::vector<StateDifference> DiffStates(const StateDump& a, const StateDump& b,
                                        const StateDiffOptions& options = {});

// "cells[3][10].fg: 13421772 != 0", one per line; at most `limit` lines, then "... and N more".
std::string FormatStateDifferences(const std::vector<StateDifference>& differences,
                                   size_t limit = 200);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_FORMATS_STATE_JSON_H_
