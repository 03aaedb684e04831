// Differential testing (docs/differential.md): vtsnap's state dump against independent emulators,
// libvterm (in process) and xterm.js (@xterm/headless through node), on the committed real-program
// recordings (test/corpus/cases/) and on seeded random streams of valid sequences
// (generator.h). Any difference that the deviation table below does not explain fails the test,
// which then minimizes the stream with delta debugging (ddmin.h) and prints the smallest failing
// input as an escaped string, with the differences it still shows and a command to reproduce it.
//
// Tests (each its own ctest entry):
//   Recordings/RecordingTest.AgreesWithOracle/<case>_<oracle>
//   Random/RandomTest.AgreesWithOracle/<oracle>_<cols>x<rows>_<first seed>
//   Deviations.*: the table is well formed, and every deviation is real and still needed
//
// VTSNAP_DIFF_SEEDS=N multiplies the number of random streams per test (for longer local runs).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/differential/ddmin.h"
#include "test/differential/generator.h"
#include "test/differential/oracles.h"
#include "vtsnap/base/utf8.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/decoder/width.h"
#include "vtsnap/snapshot/formats/state_json.h"

namespace vtsnap::differential {
namespace {

// ---------------------------------------------------------------------------------------------
// The oracles.

enum class Oracle { kLibvterm, kXtermJs };

const char* OracleName(Oracle o) { return o == Oracle::kLibvterm ? "libvterm" : "xtermjs"; }

// One xterm.js process per test process, started on first use.
XtermJsOracle& SharedXtermJs() {
  static XtermJsOracle* oracle = new XtermJsOracle();
  return *oracle;
}

absl::StatusOr<StateDump> OracleDump(Oracle o, int cols, int rows, absl::string_view bytes) {
  absl::StatusOr<std::string> json = o == Oracle::kLibvterm
                                         ? LibvtermStateJson(cols, rows, bytes)
                                         : SharedXtermJs().Replay(cols, rows, bytes);
  if (!json.ok()) return json.status();
  return ParseStateJson(*json, OracleName(o));
}

// ---------------------------------------------------------------------------------------------
// The deviation table: every known difference between vtsnap and an oracle, with its reason.
//
// An entry applies to a stream when its `trigger` fires: vtsnap decodes the stream token by
// token and asks the trigger before each token, with the terminal as it is then (no trigger:
// every stream). An entry does one of four things:
//   - `rewrite`: the oracle gets rewrite(terminal, token) instead of each token the trigger fires
//     on: a spelling that means the same on xterm and makes the oracle do what xterm does (for
//     example IL followed by CR, since xterm's IL already returns to the left margin);
//   - `hide`: once triggered, removes the fields it concerns from both dumps before DiffStates;
//   - `excuse`: once triggered, the stream is not compared with that oracle at all (for
//     differences after which the two screens legitimately diverge);
//   - `avoid`: keeps the random generator away from what triggers it.
//
// Each entry carries a `witness`: a stream on which the oracle differs from vtsnap without the
// entry, and agrees with it (or is excused) with it. DeviationWitnessTest fails when a witness no
// longer differs (the entry is stale: remove it) or still differs with the entry.
//
// `reason` starts with the section of docs/xterm-deviations.md or docs/differential.md that
// explains it, as "<file>#<anchor>: <why>".

// What a trigger sees: the terminal before `token`, the token, and the tokens before it.
struct Step {
  const Terminal& before;
  absl::string_view token;
  absl::Span<const std::string> earlier;
};
// What a rewrite needs of the terminal before the token (the terminal itself has moved on).
struct Before {
  std::string cup;  // a CUP to the cursor's cell (CupHere)
  bool visible = true;
  CursorState cursor = {};
  bool autowrap = true;
  bool insert = false;
  int cols = 0;
  static Before Of(const Terminal& t);
};
using Trigger = std::function<bool(const Step&)>;
using Hide = std::function<void(StateDump& vtsnap, StateDump& oracle)>;
// The bytes the oracle gets for the token, from the state before it and vtsnap's state after it.
// No value: xterm's result cannot be spelled for this oracle, and the stream is excused.
using Rewrite = std::function<std::optional<std::string>(const Step&, const Before& before,
                                                         const Terminal& after)>;

struct Deviation {
  Oracle oracle;
  const char* id;
  const char* reason;
  const char* witness;
  int witness_cols = 10;
  int witness_rows = 3;
  Trigger trigger = nullptr;
  Rewrite rewrite = nullptr;
  Hide hide = nullptr;
  bool excuse = false;
  std::function<void(GeneratorOptions&)> avoid = nullptr;
};

// Trigger helpers.

// A CSI with one of `finals` and no intermediate bytes (so SL `CSI n SP @` is not ICH, nor
// DECIC `CSI n ' }`...), private (`?`) or not.
bool IsCsi(absl::string_view token, absl::string_view finals, bool private_marker = false) {
  if (token.size() < 3 || token[0] != '\x1b' || token[1] != '[') return false;
  if ((token[2] == '?') != private_marker) return false;
  for (size_t i = 2; i + 1 < token.size(); ++i) {
    if (token[i] >= 0x20 && token[i] <= 0x2F) return false;
  }
  return finals.find(token.back()) != absl::string_view::npos;
}

// CSI ? <one of modes> <final>.
bool IsPrivateMode(absl::string_view token, std::initializer_list<absl::string_view> modes,
                   char final_byte) {
  if (!IsCsi(token, absl::string_view(&final_byte, 1), true)) return false;
  const absl::string_view params = token.substr(3, token.size() - 4);
  return std::find(modes.begin(), modes.end(), params) != modes.end();
}

// Hide helpers.

void ForEachCellPair(
    StateDump& a, StateDump& b,
    const std::function<void(std::optional<StateCell>&, std::optional<StateCell>&)>& f) {
  if (!a.cells || !b.cells) return;
  for (size_t r = 0; r < std::min(a.cells->size(), b.cells->size()); ++r) {
    for (size_t c = 0; c < std::min((*a.cells)[r].size(), (*b.cells)[r].size()); ++c) {
      f((*a.cells)[r][c], (*b.cells)[r][c]);
    }
  }
}

// CUP to where the cursor is (1-based, relative to the scroll region in origin mode): on xterm
// it only clears a pending wrap.
std::string CupHere(const Terminal& t) {
  const int row = t.cursor().row - (t.modes().origin ? t.scroll_top() : 0);
  return absl::StrCat("\x1b[", row + 1, ";", t.cursor().col + 1, "H");
}

void DropAttrs(std::optional<StateCell>& cell, std::initializer_list<absl::string_view> names) {
  if (!cell || !cell->attrs) return;
  std::vector<std::string>& attrs = *cell->attrs;
  attrs.erase(std::remove_if(attrs.begin(), attrs.end(),
                             [&](const std::string& a) {
                               return std::find(names.begin(), names.end(), a) != names.end();
                             }),
              attrs.end());
}

Before Before::Of(const Terminal& t) {
  return Before{.cup = CupHere(t),
                .visible = t.cursor().visible,
                .cursor = t.cursor(),
                .autowrap = t.modes().autowrap,
                .insert = t.modes().insert,
                .cols = t.cols()};
}

// DECRC, CSI ? 1048 l and CSI ? 1049 l.
bool IsCursorRestore(absl::string_view token) {
  return token ==
             "\x1b"
             "8" ||
         IsPrivateMode(token, {"1048", "1049"}, 'l');
}

// Entering or leaving the alternate screen.
bool IsScreenSwitch(absl::string_view token) {
  return IsPrivateMode(token, {"47", "1047", "1049"}, 'h') ||
         IsPrivateMode(token, {"47", "1047", "1049"}, 'l');
}

// The designations and shift that give `t`'s G0, G1 and GL.
std::string CharsetsOf(const Terminal& t) {
  auto final_byte = [&](int g) { return t.charset(g) == Charset::kDecSpecialGraphics ? "0" : "B"; };
  return absl::StrCat("\x1b(", final_byte(0), "\x1b)", final_byte(1),
                      t.active_charset() == 0 ? "\x0f" : "\x0e");
}

// ?47h or ?1047h (no clearing on entry) after the alternate screen was entered before.
bool IsSecondUnclearedEntry(const Step& s) {
  if (!IsPrivateMode(s.token, {"47", "1047"}, 'h')) return false;
  for (const std::string& t : s.earlier) {
    if (IsPrivateMode(t, {"47", "1047", "1049"}, 'h')) return true;
  }
  return false;
}

// The current background as SGR parameters.
std::string BackgroundSgr(const Terminal& t) {
  const PenColor& bg = t.current_pen().bg;
  switch (bg.kind) {
    case PenColor::Kind::kDefault:
      return "49";
    case PenColor::Kind::kPalette:
      return absl::StrCat("48;5;", bg.value);
    case PenColor::Kind::kRgb:
      return absl::StrCat("48;2;", (bg.value >> 16) & 0xFF, ";", (bg.value >> 8) & 0xFF, ";",
                          bg.value & 0xFF);
  }
  return "49";
}

std::string ColorSgr(const PenColor& c, int base) {
  switch (c.kind) {
    case PenColor::Kind::kDefault:
      return absl::StrCat(base + 9);
    case PenColor::Kind::kPalette:
      return absl::StrCat(base + 8, ";5;", c.value);
    case PenColor::Kind::kRgb:
      return absl::StrCat(base + 8, ";2;", (c.value >> 16) & 0xFF, ";", (c.value >> 8) & 0xFF, ";",
                          c.value & 0xFF);
  }
  return absl::StrCat(base + 9);
}

// An SGR that sets exactly `pen` (underline colours aside: no oracle reports them).
std::string PenSgr(const Pen& pen) {
  std::string sgr = "\x1b[0";
  const std::pair<PenAttr, int> kAttrs[] = {
      {kAttrBold, 1},    {kAttrDim, 2},       {kAttrItalic, 3}, {kAttrBlink, 5},
      {kAttrReverse, 7}, {kAttrInvisible, 8}, {kAttrStrike, 9}, {kAttrOverline, 53}};
  for (const auto& [attr, code] : kAttrs) {
    if (pen.has(attr)) absl::StrAppend(&sgr, ";", code);
  }
  if (pen.underline == UnderlineStyle::kDouble) {
    absl::StrAppend(&sgr, ";21");
  } else if (pen.underline != UnderlineStyle::kNone) {
    absl::StrAppend(&sgr, ";4");
  }
  absl::StrAppend(&sgr, ";", ColorSgr(pen.fg, 30), ";", ColorSgr(pen.bg, 40), "m");
  return sgr;
}

// The first entry to a never-used alternate screen shows default blanks on xterm: the oracle
// clears it with the default background, then gets the current one back.
std::optional<std::string> EnterAlternateWithDefaultBackground(const Step& s, const Before&,
                                                               const Terminal& after) {
  return absl::StrCat("\x1b[49m", s.token, "\x1b[", BackgroundSgr(after), "m");
}

// The UTF-8 characters of a text token (streams here are valid UTF-8: tokens never split one).
std::vector<absl::string_view> Characters(absl::string_view token) {
  std::vector<absl::string_view> out;
  for (size_t i = 0; i < token.size();) {
    const size_t len = static_cast<size_t>(DecodeUtf8(token.substr(i)).length);
    out.push_back(token.substr(i, len));
    i += len;
  }
  return out;
}

// The code point of one UTF-8 character.
char32_t CodePointOf(absl::string_view ch) {
  if (ch.empty()) return 0;
  return DecodeUtf8(ch).code_point;
}

bool IsText(absl::string_view token);
int CsiCount(absl::string_view token);

// Autowrap off and a wide character of `token` starting in the last column.
bool WideCharacterAtTheMarginWithoutAutowrap(const Step& s) {
  const Terminal& t = s.before;
  // REP right after a wide character repeats it: from column c, n repeats need c + 2n columns.
  if (!t.modes().autowrap && IsCsi(s.token, "b") && !s.earlier.empty() &&
      IsText(s.earlier.back())) {
    int last_width = 0;
    for (absl::string_view ch : Characters(s.earlier.back())) {
      const int width = CodePointWidth(CodePointOf(ch));
      if (width > 0) last_width = width;
    }
    return last_width == 2 && t.cursor().col + 2 * CsiCount(s.token) > t.cols();
  }
  if (t.modes().autowrap || s.token.empty() || s.token[0] == '\x1b') return false;
  int col = t.cursor().col;
  for (absl::string_view ch : Characters(s.token)) {
    const int width = CodePointWidth(CodePointOf(ch));
    if (width == 2 && col >= t.cols() - 1) return true;
    col = std::min(col + width, t.cols() - 1);
  }
  return false;
}

// The first parameter of a CSI (its count), 1 when absent or 0.
int CsiCount(absl::string_view token) {
  int n = 0;
  for (size_t i = 2; i < token.size() && token[i] >= '0' && token[i] <= '9'; ++i) {
    n = std::min(n * 10 + (token[i] - '0'), 100000);
  }
  return std::max(n, 1);
}

bool IsText(absl::string_view token) {
  return !token.empty() && static_cast<unsigned char>(token[0]) >= 0x20 && token[0] != 0x7F;
}

// What xterm restores with DECRC besides the position: charsets, pen and origin mode (the mode
// is set again and the cursor put back where DECRC left it; SM/RM ?6 homes the cursor).
std::optional<std::string> RestoredState(const Terminal& after) {
  const CursorState& c = after.cursor();
  // In origin mode a row outside the region cannot be reached by a CUP.
  if (after.modes().origin && (c.row < after.scroll_top() || c.row > after.scroll_bottom())) {
    return std::nullopt;
  }
  const std::string origin = after.modes().origin ? "\x1b[?6h" : "\x1b[?6l";
  if (!c.pending_wrap) {
    return absl::StrCat(CharsetsOf(after), PenSgr(after.current_pen()), origin, CupHere(after));
  }
  // A restored pending wrap (xterm saves it, neither oracle does): the character in the last
  // column is printed there again, from US-ASCII, with its own pen and insert mode off, which
  // leaves the oracle's cursor in the last column with a wrap pending.
  if (!after.modes().autowrap || c.col != after.cols() - 1) return std::nullopt;
  int col = c.col;
  if (after.cell(col, c.row).is_continuation() && col > 0) --col;
  const ScreenCell& cell = after.cell(col, c.row);
  std::string glyph = after.Grapheme(cell);
  if (glyph.empty()) glyph = " ";
  const int row = c.row - (after.modes().origin ? after.scroll_top() : 0);
  return absl::StrCat(origin, "\x1b[4l\x1b(B\x0f", PenSgr(after.pen(cell.pen)), "\x1b[", row + 1,
                      ";", col + 1, "H", glyph, CharsetsOf(after), PenSgr(after.current_pen()),
                      after.modes().insert ? "\x1b[4h" : "");
}

// A text token under DEC special graphics, respelled for an oracle whose DEC table or chunking
// differs from xterm's: `_` is a blank in xterm; with `yz`, y and z become U+2264 and U+2265; and
// every non-ASCII character is printed from US-ASCII (libvterm stops translating the rest of a
// chunk after one).
std::string RespellDecGraphics(const Terminal& t, absl::string_view token, bool yz) {
  const std::string slot = t.active_charset() == 0 ? "(" : ")";
  const std::string to_ascii = absl::StrCat("\x1b", slot, "B");
  const std::string back = absl::StrCat("\x1b", slot, "0");
  std::string out;
  for (absl::string_view ch : Characters(token)) {
    if (ch == "_") {
      out += " ";
    } else if (yz && (ch == "y" || ch == "z")) {
      absl::StrAppend(&out, to_ascii, ch == "y" ? "\xe2\x89\xa4" : "\xe2\x89\xa5", back);
    } else if (ch.size() > 1 && yz) {
      absl::StrAppend(&out, to_ascii, ch, back);
    } else {
      absl::StrAppend(&out, ch);
    }
  }
  return out;
}

// The first code point of a text token (0 for anything else).
char32_t FirstCodePoint(absl::string_view token) {
  if (!IsText(token)) return 0;
  return CodePointOf(Characters(token).front());
}

// Whether a combining mark of a text token arrives while a wrap is pending (following the
// cursor through the token's characters).
bool CombiningMarkAfterAPendingWrap(const Step& s) {
  if (!IsText(s.token)) return false;
  const Terminal& t = s.before;
  int col = t.cursor().col;
  bool pending = t.cursor().pending_wrap;
  // With autowrap off the cursor stays in the last column after printing there: a mark that
  // follows is the same case. So is a mark with nothing to its left.
  bool at_end = !t.modes().autowrap && col == t.cols() - 1;
  bool no_base = col == 0 && !pending;
  for (absl::string_view ch : Characters(s.token)) {
    const int width = CodePointWidth(CodePointOf(ch));
    if (width == 0) {
      if (pending || at_end || no_base) return true;
      continue;
    }
    no_base = false;
    if (pending && t.modes().autowrap) col = 0;
    pending = false;
    if (width == 2 && col == t.cols() - 1 && t.modes().autowrap) col = 0;
    col += width;
    at_end = false;
    if (col >= t.cols()) {
      col = t.cols() - 1;
      pending = t.modes().autowrap;
      at_end = !t.modes().autowrap;
    }
  }
  return false;
}

// Whether printing a text token puts a character on part of a wide character (one half of it, or
// a wide character's two columns over halves of two others), following the cursor through the
// token as the terminal would: wrapping, scrolling (a scrolled-in line is blank) and writing.
bool TextOverwritesHalfOfAWideCharacter(const Step& s) {
  if (!IsText(s.token)) return false;
  const Terminal& t = s.before;
  const bool autowrap = t.modes().autowrap;
  int row = t.cursor().row;
  int col = t.cursor().col;
  bool pending = t.cursor().pending_wrap;
  // Widths of the current row as the token leaves them (0: the right half of a wide character).
  std::vector<int> widths;
  auto load = [&](bool blank) {
    widths.assign(t.cols(), 1);
    if (blank) return;
    for (int c = 0; c < t.cols(); ++c) widths[c] = t.cell(c, row).width;
  };
  load(false);
  for (absl::string_view ch : Characters(s.token)) {
    const int width = CodePointWidth(CodePointOf(ch));
    if (width == 0) continue;
    auto wrap = [&] {
      col = 0;
      if (row == t.scroll_bottom() || row == t.rows() - 1) {
        load(true);  // scrolled: a fresh blank line
      } else {
        ++row;
        load(false);
      }
    };
    if (pending && autowrap) wrap();
    pending = false;
    if (width == 2 && col == t.cols() - 1) {
      if (!autowrap) return false;  // WideCharacterAtTheMarginWithoutAutowrap's case
      wrap();
    }
    for (int c = col; c < col + width && c < t.cols(); ++c) {
      const bool exact = width == 2 && c == col && widths[c] == 2;
      if (!exact && (widths[c] == 0 || widths[c] == 2)) return true;
      if (exact) break;
    }
    if (col + width < t.cols() && width == 2 && widths[col + 1] == 2) return true;
    widths[col] = width;
    if (width == 2) widths[col + 1] = 0;
    col += width;
    if (col >= t.cols()) {
      col = t.cols() - 1;
      pending = autowrap;
    }
  }
  return false;
}

// Whether ICH, DCH or ECH cuts through a wide character: at the cursor, where the edited range
// ends, or (ICH) where characters are pushed off the right edge.
// The text token with CR LF before each wide character that starts in the last column (with
// autowrap on, not after a pending wrap) and so wraps; nothing when there is none. Follows the
// cursor through the token as TextOverwritesHalfOfAWideCharacter does.
std::optional<std::string> BreakBeforeWrappedWideCharacters(absl::string_view token,
                                                            const Before& t) {
  if (!IsText(token) || !t.autowrap || t.insert) return std::nullopt;
  int col = t.cursor.col;
  bool pending = t.cursor.pending_wrap;
  bool changed = false;
  std::string out;
  for (absl::string_view ch : Characters(token)) {
    const int width = CodePointWidth(CodePointOf(ch));
    if (width > 0) {
      if (pending) {
        col = 0;
        pending = false;
      }
      if (width == 2 && col == t.cols - 1) {
        absl::StrAppend(&out, "\r\n");
        changed = true;
        col = 0;
      }
      col += width;
      if (col >= t.cols) {
        col = t.cols - 1;
        pending = true;
      }
    }
    absl::StrAppend(&out, ch);
  }
  if (!changed) return std::nullopt;
  return out;
}

bool EditCutsAWideCharacter(const Step& s) {
  if (IsCsi(s.token, "JK")) {
    // ED/EL 0 erase from the cursor, 1 up to it: a wide character the cursor splits is cut.
    const Terminal& t = s.before;
    const ScreenCell& here = t.cell(t.cursor().col, t.cursor().row);
    const absl::string_view params = s.token.substr(2, s.token.size() - 3);
    if (params.empty() || params == "0") return here.is_continuation();
    if (params == "1") return here.width == 2;
    return false;
  }
  if (!IsCsi(s.token, "@PX")) return false;
  const Terminal& t = s.before;
  const int row = t.cursor().row;
  const int col = t.cursor().col;
  const int n = CsiCount(s.token);
  auto cut_at = [&](int c) { return c > 0 && c < t.cols() && t.cell(c, row).is_continuation(); };
  const ScreenCell& here = t.cell(col, row);
  if (here.width == 2 || here.is_continuation()) return true;
  if (s.token.back() == '@') return n < t.cols() && cut_at(t.cols() - n);
  return col + n < t.cols() && cut_at(col + n);
}

bool IsDecGraphicsText(const Step& s) {
  const Terminal& t = s.before;
  return t.charset(t.active_charset()) == Charset::kDecSpecialGraphics && IsText(s.token);
}

bool IsBlank(const std::optional<StateCell>& cell) { return !cell.has_value() || cell->ch == " "; }

// Shared triggers, rewrites and hides of the table.

// LF, VT, FF, IND, NEL and RI: xterm moves the cursor with CursorDown/CursorUp for each (by zero
// lines at a margin, before scrolling), which clears a pending wrap.
bool IsLineMove(absl::string_view token) {
  static const std::set<std::string> kMoves = {"\n",
                                               "\v",
                                               "\f",
                                               "\x1b"
                                               "D",
                                               "\x1b"
                                               "E",
                                               "\x1b"
                                               "M"};
  return kMoves.count(std::string(token)) > 0;
}

std::optional<std::string> CupFirst(const Step& s, const Before& before, const Terminal&) {
  return absl::StrCat(before.cup, s.token);
}

bool EraseWithAPendingWrap(const Step& s) {
  return s.before.cursor().pending_wrap && IsCsi(s.token, "JKX@P");
}

bool NonAsciiInInsertMode(const Step& s) {
  if (!s.before.modes().insert || !IsText(s.token)) return false;
  for (char c : s.token) {
    if (static_cast<unsigned char>(c) >= 0x80) return true;
  }
  return false;
}

void HideScrollbackLength(StateDump& vtsnap, StateDump& oracle) {
  vtsnap.scrollback_len.reset();
  oracle.scrollback_len.reset();
}

// The orphaned right half libvterm leaves when a wide character is cut reads as the blank
// xterm and vtsnap show, and blank cells compare their ch only (the blanked half's style differs:
// vtsnap keeps it, xterm.js gives it the current one).
void HideCutWideCharacters(StateDump& vtsnap, StateDump& oracle) {
  ForEachCellPair(vtsnap, oracle, [](std::optional<StateCell>& a, std::optional<StateCell>& b) {
    // libvterm shows a cut wide character as an orphaned right half, or keeps its left half.
    if (b && IsBlank(a) &&
        (b->ch == "" || (b->ch && CodePointWidth(FirstCodePoint(*b->ch)) == 2))) {
      b->ch = " ";
    }
    if (!IsBlank(a) || !IsBlank(b)) return;
    a = StateCell{.ch = " "};
    b = StateCell{.ch = " "};
  });
}

bool CutsAWideCharacter(const Step& s) {
  return TextOverwritesHalfOfAWideCharacter(s) || EditCutsAWideCharacter(s);
}

// Sets the tab stops and margins of `after` again and puts the cursor back (SM/RM and DECSTBM
// home it), for an oracle that keeps them per screen.
std::optional<std::string> TabStopsAndMargins(const Terminal& after) {
  // RestoredState: after ?1049l (a DECRC) the charsets, pen and origin mode too, and its CUP
  // checks what a CUP can reach.
  std::optional<std::string> back = RestoredState(after);
  if (!back) return std::nullopt;
  std::string out = "\x1b[3g";
  for (int c = 0; c < after.cols(); ++c) {
    if (after.tab_stop(c)) absl::StrAppend(&out, "\x1b[", c + 1, "G\x1bH");
  }
  absl::StrAppend(&out, "\x1b[", after.scroll_top() + 1, ";", after.scroll_bottom() + 1, "r",
                  *back);
  return out;
}

// REP (`CSI n b`) as xterm runs it: the last character with a width of the text token right
// before it, n times (in DEC Special Graphics respelled as for text), or nothing when no text
// token comes right before it.
std::optional<std::string> SpelledOutRep(const Step& s, const Before&, const Terminal&) {
  if (s.earlier.empty() || !IsText(s.earlier.back())) return std::string();
  std::string last;
  for (absl::string_view ch : Characters(s.earlier.back())) {
    if (CodePointWidth(CodePointOf(ch)) > 0) last = std::string(ch);
  }
  if (last.empty()) return std::string();
  const int n = std::min(CsiCount(s.token), s.before.cols() * s.before.rows());
  std::string spelled;
  for (int i = 0; i < n; ++i) spelled += last;
  if (IsDecGraphicsText(Step{s.before, spelled, s.earlier})) {
    return RespellDecGraphics(s.before, spelled, /*yz=*/true);
  }
  return spelled;
}

const std::vector<Deviation>& Deviations() {
  static const std::vector<Deviation> kTable = {
      // ---- libvterm 0.1.4 --------------------------------------------------------------------
      {.oracle = Oracle::kLibvterm,
       .id = "il-dl-keep-the-column",
       .reason = "differential.md#libvterm-il-and-dl-keep-the-column: xterm's IL and DL move the "
                 "cursor to the left margin; libvterm leaves it, so it gets IL/DL followed by CR",
       .witness = "ab\x1b[L",
       .trigger =
           [](const Step& s) {
             const int row = s.before.cursor().row;
             return IsCsi(s.token, "LM") && row >= s.before.scroll_top() &&
                    row <= s.before.scroll_bottom();
           },
       .rewrite = [](const Step& s, const Before&,
                     const Terminal&) { return absl::StrCat(s.token, "\r"); }},
      {.oracle = Oracle::kLibvterm,
       .id = "no-faint-invisible-or-overline",
       .reason = "differential.md#libvterm-has-no-faint-invisible-or-overline: libvterm 0.1.4's "
                 "cells have no faint, conceal or overline attribute, so vtsnap's are not "
                 "compared with it",
       .witness = "\x1b[2;8;53mx",
       .hide =
           [](StateDump& vtsnap, StateDump& oracle) {
             ForEachCellPair(vtsnap, oracle,
                             [](std::optional<StateCell>& a, std::optional<StateCell>&) {
                               DropAttrs(a, {"faint", "invisible", "overline"});
                             });
           }},
      {.oracle = Oracle::kLibvterm,
       .id = "erased-cells-take-the-whole-pen",
       .reason = "differential.md#libvterm-erases-with-the-whole-pen: libvterm 0.1.4's erased and "
                 "inserted blanks take the current attributes and foreground; xterm's take the "
                 "colours only and vtsnap's the background only, so blank cells compare their ch "
                 "and bg only",
       .witness = "\x1b[1;7;31;44m\x1b[K",
       .hide =
           [](StateDump& vtsnap, StateDump& oracle) {
             ForEachCellPair(vtsnap, oracle,
                             [](std::optional<StateCell>& a, std::optional<StateCell>& b) {
                               if (!IsBlank(a) || !IsBlank(b)) return;
                               for (std::optional<StateCell>* c : {&a, &b}) {
                                 // A null cell reads as a default blank; dropping the other side's
                                 // fields is enough.
                                 if (!c->has_value()) continue;
                                 (*c)->fg.reset();
                                 (*c)->attrs.reset();
                               }
                             });
           }},
      {.oracle = Oracle::kLibvterm,
       .id = "cursor-left-of-a-wide-character-in-the-last-column",
       .reason = "differential.md#libvterm-cursor-after-a-wide-character-at-the-margin: after a "
                 "wide character fills the last two columns libvterm reports the cursor on the "
                 "character's first column, xterm and vtsnap on the last with a wrap pending",
       .witness = "abcdefgh\xe4\xb8\xad",
       .hide =
           [](StateDump& vtsnap, StateDump& oracle) {
             if (!vtsnap.cursor || !oracle.cursor || !vtsnap.cols || !vtsnap.cells) return;
             const int cols = *vtsnap.cols;
             const bool at_margin = vtsnap.cursor->pending_wrap == true ||
                                    (vtsnap.modes && vtsnap.modes->autowrap == false);
             if (!at_margin || oracle.cursor->col != cols - 2 || cols < 2) {
               return;
             }
             // The wide character may have scrolled away (SU keeps xterm's pending wrap).
             oracle.cursor->col = vtsnap.cursor->col;
           }},
      {.oracle = Oracle::kLibvterm,
       .id = "phantom-column-after-a-wide-character",
       .reason = "differential.md#libvterm-cursor-after-a-wide-character-at-the-margin: libvterm "
                 "keeps the cursor on a wide character's first column while its wrap is pending, "
                 "so a following VPA or erase acts one column left; it gets a CUP to xterm's "
                 "cursor cell first (on xterm those sequences clear the pending wrap anyway)",
       .witness = "abcdefgh\xe4\xb8\xad\x1b[2dX",
       .trigger =
           [](const Step& s) {
             const Terminal& t = s.before;
             const CursorState& c = t.cursor();
             if (!t.cell(c.col, c.row).is_continuation()) return false;
             const bool moves =
                 IsCsi(s.token, "ABCDEFGHJKXdfae`@P") || IsLineMove(s.token) || s.token == "\b";
             // With autowrap off there is no pending wrap to keep: text may follow too.
             if (!t.modes().autowrap && c.col == t.cols() - 1) return IsText(s.token) || moves;
             return c.pending_wrap && moves;
           },
       .rewrite = CupFirst},
      {.oracle = Oracle::kLibvterm,
       .id = "dec-graphics-table-and-chunks",
       .reason = "differential.md#dec-special-graphics: in the DEC special graphics set xterm "
                 "shows _ as a blank and y and z as U+2264 and U+2265; libvterm keeps _ and uses "
                 "U+2A7D and U+2A7E, and stops translating a chunk of text after a non-ASCII "
                 "character, so it gets xterm's characters spelled out",
       .witness = "\x1b(0_yz\xe4\xb8\xadk",
       .trigger = IsDecGraphicsText,
       .rewrite =
           [](const Step& s, const Before&, const Terminal&) {
             return RespellDecGraphics(s.before, s.token, /*yz=*/true);
           }},
      {.oracle = Oracle::kLibvterm,
       .id = "writing-over-half-a-wide-character",
       .reason = "differential.md#writing-over-half-a-wide-character: printing, ICH, DCH or ECH "
                 "on either half of a wide character leaves libvterm with an orphaned right half "
                 "where vtsnap blanks the whole character; afterwards an orphan reads as a blank "
                 "and blank cells compare their ch only",
       .witness = "\xe4\xb8\xad\x1b[1G\x1b[P",
       .trigger = CutsAWideCharacter,
       .hide = HideCutWideCharacters},
      {.oracle = Oracle::kLibvterm,
       .id = "decrc-restores-cursor-visibility-but-not-charsets",
       .reason = "differential.md#libvterm-decrc-restores-visibility-not-charsets: xterm's "
                 "DECSC/DECRC save the charsets and origin mode and not the cursor's visibility; "
                 "libvterm does the opposite (and restores a hidden cursor and a black pen when "
                 "nothing was saved), so after each restore it gets xterm's visibility, charsets, "
                 "pen and origin mode",
       .witness = "\x1b)0\x0e\x1b"
                  "8q",
       .trigger = [](const Step& s) { return IsCursorRestore(s.token); },
       .rewrite = [](const Step& s, const Before& before,
                     const Terminal& after) -> std::optional<std::string> {
         std::optional<std::string> restored = RestoredState(after);
         if (!restored) return std::nullopt;
         return absl::StrCat(s.token, before.visible ? "\x1b[?25h" : "\x1b[?25l", *restored);
       }},
      {.oracle = Oracle::kLibvterm,
       .id = "no-mode-47",
       .reason = "differential.md#libvterm-has-no-mode-47: libvterm 0.1.4 does not implement "
                 "CSI ? 47 h/l; on entry xterm's ?47h and ?1047h are the same (neither clears), so "
                 "libvterm gets ?1047 instead, entering with the default background",
       .witness = "ab\x1b[?47h",
       .trigger =
           [](const Step& s) {
             return IsPrivateMode(s.token, {"47"}, 'h') || IsPrivateMode(s.token, {"47"}, 'l');
           },
       .rewrite = [](const Step& s, const Before& before,
                     const Terminal& after) -> std::optional<std::string> {
         if (s.token.back() == 'l') return std::string("\x1b[?1047l");
         return EnterAlternateWithDefaultBackground(Step{s.before, "\x1b[?1047h", s.earlier},
                                                    before, after);
       }},
      {.oracle = Oracle::kLibvterm,
       .id = "mode-1047-clears-on-entry",
       .reason = "differential.md#the-alternate-screen-without-clearing: xterm's ?1047h shows the "
                 "alternate screen as it was; libvterm clears it with the current colours, so it "
                 "enters with the default background, and a second entry is excused",
       .witness = "\x1b[44m\x1b[?1047h",
       .trigger = [](const Step& s) { return IsPrivateMode(s.token, {"1047"}, 'h'); },
       .rewrite = EnterAlternateWithDefaultBackground},
      {.oracle = Oracle::kLibvterm,
       .id = "second-entry-to-an-uncleared-alternate-screen",
       .reason = "differential.md#the-alternate-screen-without-clearing: after the alternate "
                 "screen was used once, xterm's ?1047h shows what was left on it; libvterm clears "
                 "it, so such streams are excused",
       .witness = "\x1b[?1049hX\x1b[?1049l\x1b[?1047h",
       .trigger = IsSecondUnclearedEntry,
       .excuse = true},
      {.oracle = Oracle::kLibvterm,
       .id = "erase-keeps-a-pending-wrap",
       .reason =
           "xterm-deviations.md#erases-clear-a-pending-wrap: xterm's ED, EL, ECH, ICH and DCH "
           "clear a pending wrap; libvterm keeps it, so it gets a CUP to the cursor's own "
           "cell first",
       .witness = "abcdefghij\x1b[KX",
       .trigger = EraseWithAPendingWrap,
       .rewrite = CupFirst},
      {.oracle = Oracle::kLibvterm,
       .id = "autowrap-off-with-a-pending-wrap",
       .reason = "differential.md#libvterm-autowrap-off-with-a-pending-wrap: after DECAWM is reset "
                 "xterm no longer wraps for a wrap that was pending; libvterm still does, so the "
                 "comparison stops there",
       .witness = "abcdefghij\x1b[?7lX",
       .trigger =
           [](const Step& s) {
             return s.before.cursor().pending_wrap && IsPrivateMode(s.token, {"7"}, 'l');
           },
       .excuse = true},
      {.oracle = Oracle::kLibvterm,
       .id = "tabs-with-a-pending-wrap",
       .reason =
           "differential.md#libvterm-tabs-with-a-pending-wrap: xterm's HT, CHT and CBT keep a "
           "pending wrap; libvterm's do not, so the comparison stops there",
       .witness = "abcdefgh\xe4\xb8\xad\t>",
       .trigger =
           [](const Step& s) {
             // Narrower triggers miss cases (after SU the wide character has scrolled away but
             // libvterm's phantom column remains), so every tab with a pending wrap stops here.
             return s.before.cursor().pending_wrap && (s.token == "\t" || IsCsi(s.token, "IZ"));
           },
       .excuse = true},
      {.oracle = Oracle::kLibvterm,
       .id = "line-feed-keeps-a-pending-wrap",
       .reason =
           "differential.md#libvterm-line-feed-keeps-a-pending-wrap: xterm's LF, VT, FF, IND "
           "and NEL clear a pending wrap (xtermIndex moves the cursor down with CursorDown, "
           "even by 0 lines at the bottom margin); libvterm keeps it, so it gets a CUP to the "
           "cursor's own cell first",
       .witness = "\x1b[3;1Habcdefghij\nX",
       .trigger =
           [](const Step& s) { return s.before.cursor().pending_wrap && IsLineMove(s.token); },
       .rewrite = CupFirst},
      {.oracle = Oracle::kLibvterm,
       .id = "vertical-moves-leave-the-region",
       .reason = "differential.md#libvterm-vertical-moves-leave-the-scroll-region: xterm's CUU, "
                 "CUD, CNL and CPL stop at the scroll region's margins when they start inside it; "
                 "libvterm's move past them, so it gets a CUP to where xterm puts the cursor",
       .witness = "\x1b[1;2r\x1b[2EX",
       .witness_rows = 4,
       .trigger = [](const Step& s) { return IsCsi(s.token, "ABEF"); },
       .rewrite = [](const Step&, const Before&, const Terminal& after) { return CupHere(after); }},
      {.oracle = Oracle::kLibvterm,
       .id = "scrolling-a-whole-region-saves-nothing",
       .reason = "differential.md#libvterm-scrolling-a-whole-region-saves-nothing: SU or DL by the "
                 "region's height or more saves the lines to xterm's scrollback; libvterm only "
                 "erases them, so scrollback_len is not compared after that",
       .witness = "1\r\n2\r\n3\x1b[3S",
       .trigger =
           [](const Step& s) {
             const Terminal& t = s.before;
             return !t.alternate_screen_active() && ((IsCsi(s.token, "S") && t.scroll_top() == 0 &&
                                                      CsiCount(s.token) >= t.scroll_bottom() + 1) ||
                                                     (IsCsi(s.token, "M") && t.cursor().row == 0 &&
                                                      CsiCount(s.token) >= t.scroll_bottom() + 1));
           },
       .hide = HideScrollbackLength},
      {.oracle = Oracle::kLibvterm,
       .id = "ich-and-dch-outside-the-region",
       .reason = "differential.md#libvterm-ich-and-dch-outside-the-scroll-region: xterm's ICH and "
                 "DCH work on any line; libvterm ignores them outside the scroll region, so it "
                 "gets them with the margins reset around them",
       .witness = "A\x1b[2;3r\x1b[P",
       .witness_rows = 4,
       .trigger =
           [](const Step& s) {
             const Terminal& t = s.before;
             return IsCsi(s.token, "@P") &&
                    (t.cursor().row < t.scroll_top() || t.cursor().row > t.scroll_bottom());
           },
       .rewrite = [](const Step& s, const Before&,
                     const Terminal& after) -> std::optional<std::string> {
         // ICH and DCH move nothing and clear the pending wrap, so `after` has the cursor.
         if (after.modes().origin) return std::nullopt;
         const CursorState& c = after.cursor();
         return absl::StrCat("\x1b[r\x1b[", c.row + 1, ";", c.col + 1, "H", s.token, "\x1b[",
                             after.scroll_top() + 1, ";", after.scroll_bottom() + 1, "r",
                             CupHere(after));
       }},
      {.oracle = Oracle::kLibvterm,
       .id = "combining-mark-after-a-pending-wrap",
       .reason = "differential.md#libvterm-combining-mark-after-a-pending-wrap: xterm joins a "
                 "combining mark that arrives while a wrap is pending (or, with autowrap off, "
                 "after a character in the last column) to that character, and drops one with "
                 "nothing to its left; libvterm wraps first, loses the character or keeps the "
                 "lone mark, so such streams are excused",
       .witness = "\\9\"<\x1b"
                  "7\x1b"
                  "8\x1b[6CL_TjtFBBDO\xcc\xae",
       .witness_cols = 20,
       .trigger = CombiningMarkAfterAPendingWrap,
       .excuse = true},
      {.oracle = Oracle::kLibvterm,
       .id = "wide-character-at-the-margin-without-autowrap",
       .reason =
           "differential.md#wide-characters-with-no-room-and-autowrap-off: with autowrap off, "
           "xterm drops a wide character that has no room before the right margin, keeps the "
           "cursor and clears a pending wrap; libvterm wraps it to the next line, so the "
           "comparison stops there",
       .witness = "\x1b[?7l\x1b[1;10H\xed\x85\xa1",
       .trigger = WideCharacterAtTheMarginWithoutAutowrap,
       .excuse = true},
      {.oracle = Oracle::kLibvterm,
       .id = "insert-mode-and-wide-characters",
       .reason = "differential.md#insert-mode-and-wide-characters: in insert mode xterm "
                 "makes room for both columns of a wide character; libvterm does not, so streams "
                 "printing a non-ASCII character in insert mode are excused",
       .witness = "ab\x1b[1G\x1b[4h\xe4\xb8\xad",
       .trigger = NonAsciiInInsertMode,
       .excuse = true},
      {.oracle = Oracle::kLibvterm,
       .id = "rep-after-anything",
       .reason = "differential.md#libvterm-rep-after-anything: xterm's REP repeats the last "
                 "character only right after it was printed (any control or sequence in between "
                 "resets it); libvterm repeats it after anything (and can crash on a wide one), "
                 "so it gets the repeated characters spelled out, or nothing",
       .witness = "ab\r\x1b[3b",
       .trigger = [](const Step& s) { return IsCsi(s.token, "b"); },
       // libvterm 0.1.4 can crash repeating a wide character, so every REP is spelled out.
       .rewrite = SpelledOutRep},
      // ---- xterm.js (@xterm/headless 6.0.0) --------------------------------------------------
      {.oracle = Oracle::kXtermJs,
       .id = "dec-graphics-underscore",
       .reason = "differential.md#dec-special-graphics: in the DEC special graphics set xterm "
                 "shows _ as a blank; xterm.js keeps _, so it gets a space",
       .witness = "\x1b(0_q",
       .trigger = IsDecGraphicsText,
       .rewrite =
           [](const Step& s, const Before&, const Terminal&) {
             return RespellDecGraphics(s.before, s.token, /*yz=*/false);
           }},
      {.oracle = Oracle::kXtermJs,
       .id = "blank-cells-of-inserted-lines",
       .reason = "differential.md#xtermjs-blank-cells-of-inserted-lines: lines xterm.js inserts "
                 "with IL, DL, SU or SD can ignore the current background and take later "
                 "attributes; after any of them, blank cells compare their ch only",
       .witness = "\x1b[44m\x1b[T",
       .trigger = [](const Step& s) { return IsCsi(s.token, "LTMS"); },
       .hide =
           [](StateDump& vtsnap, StateDump& oracle) {
             ForEachCellPair(vtsnap, oracle,
                             [](std::optional<StateCell>& a, std::optional<StateCell>& b) {
                               if (!IsBlank(a) || !IsBlank(b)) return;
                               a = StateCell{.ch = " "};
                               b = StateCell{.ch = " "};
                             });
           }},
      {.oracle = Oracle::kXtermJs,
       .id = "last-column-before-a-wrapped-wide-character",
       .reason = "differential.md#xtermjs-last-column-before-a-wrapped-wide-character: when a "
                 "wide character does not fit in the last column and wraps, xterm leaves that "
                 "column as it was; xterm.js overwrites it with a blank in the current style, so "
                 "it gets CR LF before such a character (the same move on xterm)",
       .witness = "\x1b[90mabcdefghi\xe4\xb8\xad",
       .trigger =
           [](const Step& s) {
             return BreakBeforeWrappedWideCharacters(s.token, Before::Of(s.before)).has_value();
           },
       .rewrite = [](const Step& s, const Before& before,
                     const Terminal&) -> std::optional<std::string> {
         // The text spelled so far by earlier rewrites keeps its widths.
         std::optional<std::string> broken = BreakBeforeWrappedWideCharacters(s.token, before);
         return broken ? *broken : std::string(s.token);
       }},
      {.oracle = Oracle::kXtermJs,
       .id = "ed-1-in-the-last-column",
       .reason =
           "differential.md#xtermjs-ed-1-in-the-last-column: xterm.js throws on ED 1 with the "
           "cursor in the last column (the oracle process dies); it gets the same erase "
           "spelled as EL 1, then ED 1 from the first column, then the column back",
       .witness = "abc\x1b[3;10H\x1b[1J",
       .trigger =
           [](const Step& s) {
             const Terminal& t = s.before;
             return (s.token == "\x1b[1J") && t.cursor().col == t.cols() - 1;
           },
       .rewrite = [](const Step&, const Before&,
                     const Terminal& after) -> std::optional<std::string> {
         // CHA is wrong in xterm.js's origin mode (see relative-moves-in-origin-mode).
         if (after.modes().origin) return std::nullopt;
         return absl::StrCat("\x1b[1K\x1b[1G\x1b[1J\x1b[", after.cursor().col + 1, "G");
       }},
      {.oracle = Oracle::kXtermJs,
       .id = "erase-keeps-a-pending-wrap",
       .reason =
           "xterm-deviations.md#erases-clear-a-pending-wrap: xterm's ED, EL, ECH, ICH and DCH "
           "clear a pending wrap and act on the last column; xterm.js keeps the cursor past "
           "the edge, so it gets a CUP to the cursor's own cell first",
       .witness = "abcdefghij\x1b[K",
       .trigger =
           [](const Step& s) {
             // With autowrap off xterm.js's cursor is past the edge after printing there, too.
             const Terminal& t = s.before;
             return EraseWithAPendingWrap(s) ||
                    (!t.modes().autowrap && t.cursor().col == t.cols() - 1 &&
                     IsCsi(s.token, "JKX@P"));
           },
       .rewrite = CupFirst},
      {.oracle = Oracle::kXtermJs,
       .id = "wide-character-at-the-margin-without-autowrap",
       .reason =
           "differential.md#wide-characters-with-no-room-and-autowrap-off: with autowrap off, "
           "xterm drops a wide character that has no room before the right margin, keeps the "
           "cursor and clears a pending wrap; xterm.js blanks the last column and keeps the "
           "pending wrap, so the comparison stops there",
       .witness = "\x1b[?7labcdefgh\xe4\xb8\xad\xe4\xb8\xad",
       .trigger = WideCharacterAtTheMarginWithoutAutowrap,
       .excuse = true},
      {.oracle = Oracle::kXtermJs,
       .id = "il-dl-outside-the-region-clear-a-pending-wrap",
       .reason = "differential.md#xtermjs-il-and-dl-outside-the-region: xterm's IL and DL do "
                 "nothing outside the scroll region, a pending wrap included; xterm.js clears it, "
                 "so such streams are excused",
       .witness = "\x1b[2;3rabcdefghij\x1b[MX",
       .witness_rows = 4,
       .trigger =
           [](const Step& s) {
             const Terminal& t = s.before;
             return t.cursor().pending_wrap && IsCsi(s.token, "LM") &&
                    (t.cursor().row < t.scroll_top() || t.cursor().row > t.scroll_bottom());
           },
       .excuse = true},
      {.oracle = Oracle::kXtermJs,
       .id = "writing-over-half-a-wide-character",
       .reason = "differential.md#writing-over-half-a-wide-character: printing over either half "
                 "of a wide character blanks the other half; vtsnap keeps that half's style, "
                 "xterm.js gives it the current one, so afterwards blank cells compare their ch "
                 "only",
       .witness = "\xe4\xb8\xad\x1b[44m\x08k",
       .trigger = CutsAWideCharacter,
       .hide = HideCutWideCharacters},
      {.oracle = Oracle::kXtermJs,
       .id = "mode-1049-on-the-alternate-screen",
       .reason = "differential.md#xtermjs-mode-1049-on-the-alternate-screen: xterm's ?1049h clears "
                 "the alternate screen even when it is already shown; xterm.js does nothing then, "
                 "so such streams are excused",
       .witness = "\x1b[?1049hX\x1b[?1049h",
       .trigger =
           [](const Step& s) {
             return s.before.alternate_screen_active() && IsPrivateMode(s.token, {"1049"}, 'h');
           },
       .excuse = true},
      {.oracle = Oracle::kXtermJs,
       .id = "insert-mode-and-wide-characters",
       .reason = "differential.md#insert-mode-and-wide-characters: in insert mode xterm "
                 "makes room for both columns of a wide character; xterm.js does not, so streams "
                 "printing a non-ASCII character in insert mode are excused",
       .witness = "\x1b[2;1Hv\x1b[2;1H\x1b[4habcdefghijklmnopq\xef\xbd\x94\xec\x83\x9c\x1b[M",
       .witness_cols = 20,
       .witness_rows = 6,
       .trigger = NonAsciiInInsertMode,
       .excuse = true},
      {.oracle = Oracle::kXtermJs,
       .id = "decic-and-decdc-with-a-pending-wrap",
       .reason = "differential.md#xtermjs-decic-and-decdc-with-a-pending-wrap: xterm's DECIC and "
                 "DECDC work on the last column and keep the pending wrap; xterm.js, with its "
                 "cursor past the edge, ends elsewhere, so such streams are excused",
       .witness = "abcdefghij\x1b[2'}Q",
       .trigger =
           [](const Step& s) {
             return s.before.cursor().pending_wrap && s.token.size() >= 4 &&
                    s.token.substr(0, 2) == "\x1b[" &&
                    (absl::EndsWith(s.token, "'}") || absl::EndsWith(s.token, "'~"));
           },
       .excuse = true},
      {.oracle = Oracle::kXtermJs,
       .id = "combining-mark-with-nothing-before",
       .reason = "differential.md#xtermjs-combining-mark-with-nothing-before: xterm drops a "
                 "combining mark that arrives in the first column with no wrap pending; xterm.js "
                 "puts it in a cell and moves on, so it gets the text without it",
       .witness = "\xcc\x98X",
       .trigger =
           [](const Step& s) {
             const Terminal& t = s.before;
             if (!IsText(s.token) || t.cursor().col != 0 || t.cursor().pending_wrap) return false;
             const std::vector<absl::string_view> chars = Characters(s.token);
             return !chars.empty() && CodePointWidth(CodePointOf(chars.front())) == 0;
           },
       .rewrite = [](const Step& s, const Before&, const Terminal&) -> std::optional<std::string> {
         std::string rest;
         bool leading = true;
         for (absl::string_view ch : Characters(s.token)) {
           if (leading && CodePointWidth(CodePointOf(ch)) == 0) continue;
           leading = false;
           rest += std::string(ch);
         }
         return rest;
       }},
      {.oracle = Oracle::kXtermJs,
       .id = "rep-spelled-out",
       .reason = "differential.md#xtermjs-rep: xterm's REP repeats a base without its combining "
                 "marks, and nothing after another REP; xterm.js repeats the marks too and, for a "
                 "wide character, blanks the last column it wraps from, so it gets the repeated "
                 "characters spelled out (broken before a wrapping wide character)",
       .witness = "e\xcc\x81\x1b[2b",
       .trigger = [](const Step& s) { return IsCsi(s.token, "b"); },
       .rewrite = [](const Step& s, const Before& before,
                     const Terminal& t) -> std::optional<std::string> {
         std::optional<std::string> spelled = SpelledOutRep(s, before, t);
         if (!spelled || spelled->empty()) return spelled;
         std::optional<std::string> broken = BreakBeforeWrappedWideCharacters(*spelled, before);
         return broken ? broken : spelled;
       }},
      {.oracle = Oracle::kXtermJs,
       .id = "decic-and-decdc-through-a-wide-character",
       .reason = "differential.md#xtermjs-decic-and-decdc-through-a-wide-character: xterm's DECIC "
                 "and DECDC blank a wide character they cut through; xterm.js leaves half of it, "
                 "so such streams are excused",
       .witness = "\xeb\xb0\x80\x1b[1;2H\x1b[2'}",
       .witness_cols = 20,
       .witness_rows = 6,
       .trigger =
           [](const Step& s) {
             const absl::string_view tok = s.token;
             if (tok.size() < 4 || tok.substr(0, 2) != "\x1b[" ||
                 !(absl::EndsWith(tok, "'}") || absl::EndsWith(tok, "'~"))) {
               return false;
             }
             const Terminal& t = s.before;
             int n = 1;
             if (!absl::SimpleAtoi(tok.substr(2, tok.size() - 4), &n) || n < 1) n = 1;
             const int c = t.cursor().col;
             const bool insert = tok.back() == '}';
             for (int row = t.scroll_top(); row <= t.scroll_bottom(); ++row) {
               if (t.cell(c, row).is_continuation()) return true;
               const int edge = insert ? t.cols() - n : c + n;
               if (edge > 0 && edge < t.cols() && t.cell(edge, row).is_continuation()) return true;
             }
             return false;
           },
       .excuse = true},
      {.oracle = Oracle::kXtermJs,
       .id = "cbt-with-a-pending-wrap",
       .reason =
           "differential.md#xtermjs-cbt-with-a-pending-wrap: xterm's CBT moves the cursor back "
           "from the last column and keeps the pending wrap; xterm.js, with its cursor past "
           "the edge, ends elsewhere, so such streams are excused",
       .witness = "abcdefghij\x1b[Z",
       .trigger =
           [](const Step& s) {
             const Terminal& t = s.before;
             return IsCsi(s.token, "Z") &&
                    (t.cursor().pending_wrap ||
                     (!t.modes().autowrap && t.cursor().col == t.cols() - 1));
           },
       .excuse = true},
      {.oracle = Oracle::kXtermJs,
       .id = "hts-with-a-pending-wrap",
       .reason =
           "differential.md#xtermjs-hts-with-a-pending-wrap: xterm's HTS and TBC 0 set and clear "
           "the stop at the "
           "last column while a wrap is pending (or after printing there with autowrap "
           "off); xterm.js's cursor is past the edge then, so it sets none and such streams "
           "are excused",
       .witness = "abcdefghij\x1bH",
       .trigger =
           [](const Step& s) {
             const Terminal& t = s.before;
             return (s.token == "\x1bH" || s.token == "\x1b[g" || s.token == "\x1b[0g") &&
                    t.cursor().col == t.cols() - 1 &&
                    (t.cursor().pending_wrap || !t.modes().autowrap);
           },
       .excuse = true},
      {.oracle = Oracle::kXtermJs,
       .id = "decrc-keeps-the-charsets",
       .reason = "differential.md#xtermjs-decrc-keeps-the-charsets: xterm's DECRC restores the "
                 "saved charsets and origin mode (the startup ones when nothing was saved); "
                 "xterm.js can leave them, so after each restore it gets xterm's charsets, pen "
                 "and origin mode",
       .witness = "\x1b)0\x1b"
                  "8",
       .trigger =
           [](const Step& s) {
             // ?1049l is a screen switch: "screen-switches" restores this and more.
             return s.token ==
                        "\x1b"
                        "8" ||
                    IsPrivateMode(s.token, {"1048"}, 'l');
           },
       .rewrite = [](const Step& s, const Before&,
                     const Terminal& after) -> std::optional<std::string> {
         std::optional<std::string> restored = RestoredState(after);
         if (!restored) return std::nullopt;
         return absl::StrCat(s.token, *restored);
       }},
      {.oracle = Oracle::kXtermJs,
       .id = "relative-moves-in-origin-mode",
       .reason = "differential.md#xtermjs-relative-moves-in-origin-mode: in origin mode "
                 "xterm.js adds the scroll region's top to the row again for CUU, CUD, CUF, CUB, "
                 "CNL, CPL, CHA, HPA, HPR and VPR; it gets a CUP to where xterm puts the cursor "
                 "instead (those sequences clear a pending wrap as CUP does)",
       .witness = "\x1b[?6h\x1b[2;4r\x1b[1E",
       .witness_rows = 6,
       .trigger =
           [](const Step& s) { return s.before.modes().origin && IsCsi(s.token, "ABCDEFG`ae"); },
       .rewrite = [](const Step&, const Before&, const Terminal& after) { return CupHere(after); }},
      {.oracle = Oracle::kXtermJs,
       .id = "screen-switches",
       .reason = "differential.md#xtermjs-tab-stops-and-margins-per-screen: xterm has one set of "
                 "tab stops and one scroll region for both screens, and its ?47h and ?1047h do not "
                 "clear the alternate screen; xterm.js keeps stops and margins per screen and "
                 "clears on entry with the current background, so each switch is followed by "
                 "xterm's stops, margins and cursor, and entries use the default background",
       .witness = "\x1b[3g\x1b[44m\x1b[?47h\x1b[r",
       .trigger = [](const Step& s) { return IsScreenSwitch(s.token); },
       .rewrite = [](const Step& s, const Before& before,
                     const Terminal& after) -> std::optional<std::string> {
         std::optional<std::string> state = TabStopsAndMargins(after);
         if (!state) return std::nullopt;
         std::string switched(s.token);
         if (IsPrivateMode(s.token, {"47", "1047"}, 'h')) {
           switched = *EnterAlternateWithDefaultBackground(s, before, after);
         }
         return absl::StrCat(switched, *state);
       }},
      {.oracle = Oracle::kXtermJs,
       .id = "second-entry-to-an-uncleared-alternate-screen",
       .reason = "differential.md#the-alternate-screen-without-clearing: after the alternate "
                 "screen was used once, xterm's ?47h and ?1047h show what was left on it; "
                 "xterm.js clears it, so such streams are excused",
       .witness = "\x1b[?47hX\x1b[?47l\x1b[?47h",
       .trigger = IsSecondUnclearedEntry,
       .excuse = true},
      {.oracle = Oracle::kXtermJs,
       .id = "su-and-dl-skip-the-scrollback",
       .reason = "differential.md#xtermjs-su-and-dl-skip-the-scrollback: xterm saves the lines "
                 "SU scrolls off a region at the top, and DL deletes on the top line, to the "
                 "scrollback; xterm.js does not, so scrollback_len is not compared after them",
       .witness = "1\r\n2\x1b[S",
       .trigger =
           [](const Step& s) {
             return !s.before.alternate_screen_active() &&
                    ((IsCsi(s.token, "S") && s.before.scroll_top() == 0) ||
                     (IsCsi(s.token, "M") && s.before.cursor().row == 0));
           },
       .hide = HideScrollbackLength},
  };
  return kTable;
}

// vtsnap's dump of `tokens`, the deviations of `o` (all but `skip`) whose hide applies, and the
// bytes the oracle gets (after the rewrites). When an excusing entry fires at token k (or a
// rewrite cannot spell token k), everything stops before that token: the comparison covers the
// prefix tokens[0, k), the part both terminals still agree on by construction.
struct Decoded {
  StateDump dump;
  std::vector<const Deviation*> applied;
  std::string oracle_bytes;
  const Deviation* excused_by = nullptr;
  size_t compared_tokens = 0;
};

Decoded DecodeWithTriggers(Oracle o, int cols, int rows, const std::vector<std::string>& tokens,
                           const Deviation* skip) {
  VirtualTerminal vt({.cols = cols, .rows = rows});
  Decoded out;
  std::vector<const Deviation*> pending;
  std::vector<const Deviation*> rewrites;
  for (const Deviation& d : Deviations()) {
    if (d.oracle != o || &d == skip || d.avoid) continue;
    if (d.rewrite) {
      rewrites.push_back(&d);
    } else {
      (d.trigger ? pending : out.applied).push_back(&d);
    }
  }
  std::vector<const Deviation*> excuses;
  for (auto it = pending.begin(); it != pending.end();) {
    if ((*it)->excuse) {
      excuses.push_back(*it);
      it = pending.erase(it);
    } else {
      ++it;
    }
  }
  size_t i = 0;
  for (; i < tokens.size(); ++i) {
    const Step step{vt.terminal(), tokens[i], absl::MakeConstSpan(tokens.data(), i)};
    for (const Deviation* d : excuses) {
      if (d->trigger(step)) out.excused_by = d;
    }
    if (out.excused_by != nullptr) break;
    for (auto it = pending.begin(); it != pending.end();) {
      if ((*it)->trigger(step)) {
        out.applied.push_back(*it);
        it = pending.erase(it);
      } else {
        ++it;
      }
    }
    std::vector<const Deviation*> matching;
    for (const Deviation* d : rewrites) {
      if (d->trigger(step)) matching.push_back(d);
    }
    if (matching.empty()) {
      out.oracle_bytes += tokens[i];
      vt.Write(tokens[i]);
      continue;
    }
    // A rewrite needs vtsnap's state after the token; decode it in a copy of the stream so far
    // when the rewrite may fail (the prefix must then end before the token).
    // Matching rewrites apply in table order, each to the previous one's spelling (their
    // triggers saw the original token).
    const Before before = Before::Of(vt.terminal());
    vt.Write(tokens[i]);
    std::string spelled = tokens[i];
    for (const Deviation* d : matching) {
      std::optional<std::string> next =
          d->rewrite(Step{step.before, spelled, step.earlier}, before, vt.terminal());
      if (!next) {
        out.excused_by = d;
        break;
      }
      spelled = *std::move(next);
    }
    if (out.excused_by != nullptr) break;
    out.oracle_bytes += spelled;
  }
  out.compared_tokens = i;
  if (out.excused_by != nullptr && i < tokens.size() && out.oracle_bytes.size() > 0) {
    // Decode the prefix again: the loop may have written token i already.
    VirtualTerminal prefix({.cols = cols, .rows = rows});
    for (size_t k = 0; k < i; ++k) prefix.Write(tokens[k]);
    out.dump = CaptureState(prefix.terminal());
  } else if (out.excused_by != nullptr) {
    VirtualTerminal prefix({.cols = cols, .rows = rows});
    for (size_t k = 0; k < i; ++k) prefix.Write(tokens[k]);
    out.dump = CaptureState(prefix.terminal());
  } else {
    out.dump = CaptureState(vt.terminal());
  }
  return out;
}

GeneratorOptions GeneratorFor(Oracle o, int cols, int rows) {
  GeneratorOptions options;
  options.cols = cols;
  options.rows = rows;
  // The kinds that are off by default, per oracle (docs/differential.md, "The generator", says
  // why each one is off): libvterm has no SL or SR, segfaults on some REP streams and splits wide
  // characters with DECIC/DECDC; neither oracle follows xterm's left and right margins; the
  // wide_no_autowrap scene cuts most streams short.
  options.rep = o == Oracle::kXtermJs;
  options.relative_moves = true;
  options.insert_columns = o == Oracle::kXtermJs;
  options.saved_wrap = true;
  options.dec_graphics = true;
  options.wide_no_autowrap = false;
  options.scroll_columns = o == Oracle::kXtermJs;
  options.lr_margins = false;
  for (const Deviation& d : Deviations()) {
    if (d.oracle == o && d.avoid) d.avoid(options);
  }
  return options;
}

// The differences left after the deviations (all of them, or all but `skip`), or the oracle's
// error as one pseudo-difference. An excused stream has none.
// How much of a stream was compared: all of it, or the prefix before an excusing entry fired.
struct Coverage {
  const Deviation* excused_by = nullptr;
  size_t compared_tokens = 0;
};

// The differences over the compared part of the stream; `coverage`, when given, says which part.
std::vector<StateDifference> Compare(Oracle o, int cols, int rows,
                                     const std::vector<std::string>& tokens,
                                     const Deviation* skip = nullptr,
                                     Coverage* coverage = nullptr) {
  Decoded vtsnap = DecodeWithTriggers(o, cols, rows, tokens, skip);
  if (coverage != nullptr) *coverage = {vtsnap.excused_by, vtsnap.compared_tokens};
  absl::StatusOr<StateDump> oracle = OracleDump(o, cols, rows, vtsnap.oracle_bytes);
  if (!oracle.ok()) return {{"oracle error", std::string(oracle.status().message()), ""}};
  for (const Deviation* d : vtsnap.applied) d->hide(vtsnap.dump, *oracle);
  return DiffStates(vtsnap.dump, *oracle);
}

// ---------------------------------------------------------------------------------------------
// Tokens of a recording, for minimizing: an escape sequence, a control or a run of text each.

std::vector<std::string> Tokenize(absl::string_view bytes) {
  std::vector<std::string> tokens;
  size_t i = 0;
  while (i < bytes.size()) {
    const unsigned char b = static_cast<unsigned char>(bytes[i]);
    size_t end = i + 1;
    if (b == 0x1B && i + 1 < bytes.size()) {
      const char kind = bytes[i + 1];
      end = i + 2;
      if (kind == '[') {
        while (end < bytes.size() && !(bytes[end] >= 0x40 && bytes[end] <= 0x7E)) ++end;
        end = std::min(end + 1, bytes.size());
      } else if (kind == ']' || kind == 'P' || kind == '_' || kind == '^' || kind == 'X') {
        while (end < bytes.size() && bytes[end] != 0x07 &&
               !(bytes[end] == 0x1B && end + 1 < bytes.size() && bytes[end + 1] == '\\')) {
          ++end;
        }
        end = std::min(end + (end < bytes.size() && bytes[end] == 0x1B ? 2 : 1), bytes.size());
      } else if (kind >= 0x20 && kind <= 0x2F) {
        while (end < bytes.size() && bytes[end] >= 0x20 && bytes[end] <= 0x2F) ++end;
        end = std::min(end + 1, bytes.size());
      }
    } else if (b >= 0x20 && b != 0x7F) {
      while (end < bytes.size() && static_cast<unsigned char>(bytes[end]) >= 0x20 &&
             bytes[end] != 0x7F && end - i < 64) {
        ++end;
      }
      // Never end a token inside a UTF-8 character.
      while (end < bytes.size() && (static_cast<unsigned char>(bytes[end]) & 0xC0) == 0x80) ++end;
    }
    tokens.emplace_back(bytes.substr(i, end - i));
    i = end;
  }
  return tokens;
}

// The failure report: the minimized stream, its differences, and how to reproduce it.
std::string Explain(Oracle o, int cols, int rows, const std::vector<std::string>& tokens,
                    absl::string_view origin) {
  Minimized m = MinimizeTokens(tokens, [&](const std::vector<std::string>& candidate) {
    return !Compare(o, cols, rows, candidate).empty();
  });
  const std::string bytes = JoinTokens(m.tokens);
  const std::vector<StateDifference> diff = Compare(o, cols, rows, m.tokens);
  return absl::StrCat(
      origin, " (", cols, "x", rows, ") differs from ", OracleName(o), ".\n",
      "Smallest failing input (", m.tokens.size(), " of ", tokens.size(), " tokens, ", m.tests,
      " tests", m.one_minimal ? ", 1-minimal" : ", minimization budget ran out", "):\n  \"",
      EscapeStream(bytes), "\"\n", "vtsnap != ", OracleName(o), ":\n",
      FormatStateDifferences(diff, 40),
      "Reproduce: printf '%b' '<the string above>' > x.bytes && vtsnap diff --json "
      "<(vtsnap decode --size ",
      cols, "x", rows,
      " --format json x.bytes) "
      "<(build/bin/vtsnap_oracle --oracle ",
      OracleName(o), " --size ", cols, "x", rows, " x.bytes)\n", "If ", OracleName(o),
      " is the one that differs from xterm, add a deviation with its reason "
      "to differential_test.cc and docs/differential.md; otherwise fix vtsnap.\n");
}

// ---------------------------------------------------------------------------------------------
// The recordings.

const std::string kCasesDir = std::string(VTSNAP_SOURCE_DIR) + "/test/corpus/cases";

struct RecordingParam {
  std::string name;
  Oracle oracle;
};

std::vector<RecordingParam> RecordingParams() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(kCasesDir, ec)) {
    if (entry.path().extension() == ".bytes") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  if (names.empty()) names.push_back("NoCasesFound_1x1");
  std::vector<RecordingParam> params;
  for (Oracle o : {Oracle::kLibvterm, Oracle::kXtermJs}) {
    for (const std::string& n : names) params.push_back({n, o});
  }
  return params;
}

class RecordingTest : public testing::TestWithParam<RecordingParam> {};

TEST_P(RecordingTest, AgreesWithOracle) {
  const RecordingParam& p = GetParam();
  static const std::regex kSize(R"(_(\d+)x(\d+)$)");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(p.name, m, kSize)) << p.name;
  const int cols = std::stoi(m[1]);
  const int rows = std::stoi(m[2]);
  std::ifstream in(kCasesDir + "/" + p.name + ".bytes", std::ios::binary);
  ASSERT_TRUE(in) << "cannot read " << kCasesDir << "/" << p.name << ".bytes";
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::vector<std::string> tokens = Tokenize(bytes);
  if (!Compare(p.oracle, cols, rows, tokens).empty()) {
    ADD_FAILURE() << Explain(p.oracle, cols, rows, tokens, absl::StrCat("recording ", p.name));
  }
}

INSTANTIATE_TEST_SUITE_P(Recordings, RecordingTest, testing::ValuesIn(RecordingParams()),
                         [](const testing::TestParamInfo<RecordingParam>& info) {
                           return info.param.name + "_" + OracleName(info.param.oracle);
                         });

// ---------------------------------------------------------------------------------------------
// Seeded random streams.

struct RandomParam {
  Oracle oracle;
  int cols;
  int rows;
  uint64_t first_seed;
  int count;
};

int SeedMultiplier() {
  const char* env = std::getenv("VTSNAP_DIFF_SEEDS");
  int n = 1;
  if (env != nullptr && (!absl::SimpleAtoi(env, &n) || n < 1)) n = 1;
  return n;
}

std::vector<RandomParam> RandomParams() {
  // 4 batches of 100 streams per oracle and size: 1600 streams of 200 tokens.
  constexpr int kBatches = 4;
  constexpr int kPerBatch = 100;
  std::vector<RandomParam> params;
  for (Oracle o : {Oracle::kLibvterm, Oracle::kXtermJs}) {
    for (auto [cols, rows] : {std::pair{80, 24}, std::pair{20, 6}}) {
      for (int b = 0; b < kBatches; ++b) {
        params.push_back({o, cols, rows, static_cast<uint64_t>(1 + b * kPerBatch), kPerBatch});
      }
    }
  }
  return params;
}

class RandomTest : public testing::TestWithParam<RandomParam> {};

TEST_P(RandomTest, AgreesWithOracle) {
  const RandomParam& p = GetParam();
  const GeneratorOptions options = GeneratorFor(p.oracle, p.cols, p.rows);
  const int count = p.count * SeedMultiplier();
  int failures = 0;
  int whole = 0;
  size_t tokens_total = 0;
  size_t tokens_compared = 0;
  std::map<std::string, int> cut;  // streams cut short, by the entry that cut them
  for (int i = 0; i < count && failures < 3; ++i) {
    // Multiplied runs continue past the committed seeds instead of repeating them.
    const uint64_t seed = i < p.count ? p.first_seed + i : 1000000 + p.first_seed * 1000 + i;
    const std::vector<std::string> tokens = GenerateTokens(seed, options);
    Coverage coverage;
    const bool agree = Compare(p.oracle, p.cols, p.rows, tokens, nullptr, &coverage).empty();
    tokens_total += tokens.size();
    tokens_compared += coverage.compared_tokens;
    if (coverage.excused_by != nullptr) {
      ++cut[coverage.excused_by->id];
    } else {
      ++whole;
    }
    if (agree) continue;
    ++failures;
    ADD_FAILURE() << Explain(p.oracle, p.cols, p.rows, tokens, absl::StrCat("seed ", seed));
  }
  // Excusing entries cut streams short: report how much was compared, and fail when it is less
  // than half, so that a trigger grown too wide cannot quietly turn the suite into a rubber stamp.
  std::string summary = absl::StrCat(tokens_compared, " of ", tokens_total, " tokens compared; ",
                                     whole, " of ", count, " streams compared whole");
  for (const auto& [id, n] : cut) absl::StrAppend(&summary, "; ", n, " cut short by ", id);
  std::cout << summary << "\n";
  RecordProperty("coverage", summary);
  EXPECT_GE(tokens_compared * 2, tokens_total)
      << "less than half the tokens were compared: " << summary;
}

INSTANTIATE_TEST_SUITE_P(Random, RandomTest, testing::ValuesIn(RandomParams()),
                         [](const testing::TestParamInfo<RandomParam>& info) {
                           const RandomParam& p = info.param;
                           return absl::StrCat(OracleName(p.oracle), "_", p.cols, "x", p.rows,
                                               "_seeds", p.first_seed, "to",
                                               p.first_seed + p.count - 1);
                         });

// ---------------------------------------------------------------------------------------------
// The deviation table itself.

std::set<std::string> Anchors(const std::string& doc) {
  std::ifstream in(std::string(VTSNAP_SOURCE_DIR) + "/docs/" + doc);
  std::set<std::string> anchors;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("#", 0) != 0) continue;
    std::string heading = line.substr(line.find_first_not_of('#'));
    std::string anchor;
    for (char c : heading) {
      if (std::isalnum(static_cast<unsigned char>(c))) {
        anchor += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      } else if (c == ' ' || c == '-') {
        anchor += '-';
      }
    }
    while (!anchor.empty() && anchor[0] == '-') anchor.erase(0, 1);
    anchors.insert(anchor);
  }
  return anchors;
}

TEST(Deviations, TableIsWellFormed) {
  std::set<std::string> ids;
  for (const Deviation& d : Deviations()) {
    SCOPED_TRACE(d.id);
    EXPECT_TRUE(ids.insert(absl::StrCat(OracleName(d.oracle), "/", d.id)).second) << "listed twice";
    EXPECT_EQ((d.rewrite != nullptr) + (d.hide != nullptr) + d.excuse + (d.avoid != nullptr), 1)
        << "needs exactly one of rewrite, hide, excuse, avoid";
    EXPECT_FALSE(d.rewrite && !d.trigger) << "a rewrite needs a trigger";
    EXPECT_FALSE(d.avoid && d.trigger) << "an avoided deviation has no trigger";
    static const std::regex kReason(R"(^(xterm-deviations|differential)\.md#([a-z0-9-]+): .+)");
    std::cmatch m;
    ASSERT_TRUE(std::regex_match(d.reason, m, kReason))
        << "reason must start with \"xterm-deviations.md#<anchor>: \" or "
           "\"differential.md#<anchor>: \": "
        << d.reason;
    EXPECT_THAT(Anchors(m[1].str() + ".md"), testing::Contains(m[2].str()))
        << "no such section in docs/" << m[1] << ".md";
  }
}

class DeviationWitnessTest : public testing::TestWithParam<int> {};

TEST_P(DeviationWitnessTest, ShowsItsDifferenceAndOnlyIt) {
  const Deviation& d = Deviations()[GetParam()];
  const std::string bytes = d.witness;
  const std::vector<std::string> tokens = Tokenize(bytes);
  // Without the entry the oracle differs: the entry is still needed.
  EXPECT_FALSE(Compare(d.oracle, d.witness_cols, d.witness_rows, tokens, &d).empty())
      << OracleName(d.oracle) << " now agrees with vtsnap on \"" << EscapeStream(bytes)
      << "\": the deviation " << d.id << " is stale; remove it";
  if (!d.avoid) {
    // With it, nothing is left.
    EXPECT_EQ(FormatStateDifferences(Compare(d.oracle, d.witness_cols, d.witness_rows, tokens)),
              "");
  } else {
    // The generator no longer makes what triggers it.
    GeneratorOptions off = GeneratorFor(d.oracle, 80, 24);
    GeneratorOptions on;
    EXPECT_NE(absl::StrJoin(GenerateTokens(7, off), ""), absl::StrJoin(GenerateTokens(7, on), ""));
  }
}

std::vector<int> DeviationIndexes() {
  std::vector<int> indexes;
  for (size_t i = 0; i < Deviations().size(); ++i) indexes.push_back(static_cast<int>(i));
  return indexes;
}

INSTANTIATE_TEST_SUITE_P(Deviations, DeviationWitnessTest, testing::ValuesIn(DeviationIndexes()),
                         [](const testing::TestParamInfo<int>& info) {
                           const Deviation& d = Deviations()[info.param];
                           std::string name = absl::StrCat(OracleName(d.oracle), "_", d.id);
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(DeviationWitnessTest);

TEST(Tokenize, SplitsSequencesControlsAndTextAndKeepsEveryByte) {
  const std::string bytes = "ab\x1b[1;31mc\r\n\x1b]0;t\x07\x1b(0q\xe4\xb8\xad\x1b";
  EXPECT_THAT(Tokenize(bytes),
              testing::ElementsAre("ab", "\x1b[1;31m", "c", "\r", "\n", "\x1b]0;t\x07", "\x1b(0",
                                   "q\xe4\xb8\xad", "\x1b"));
}

}  // namespace
}  // namespace vtsnap::differential
