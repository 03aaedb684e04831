// Terminal's state and dispatch: construction and resets, the controls, ESC and CSI sequences,
// the modes, saving the cursor, and resizing. The rest of Terminal is split by concern, as in
// libvterm: terminal_screen.cc (the screen buffer: printing, cursor movement, scrolling, erasing),
// terminal_tables.cc (the interned pens, clusters and links), terminal_sgr.cc (SGR),
// terminal_osc.cc (OSC strings), terminal_graphics.cc (Sixel and the pixel plane) and
// terminal_reports.cc (the replies: DA, DSR, DECRQM).
#include "vtsnap/decoder/terminal.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/cleanup/cleanup.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/size.h"
#include "vtsnap/base/utf8.h"
#include "vtsnap/decoder/width.h"

namespace vtsnap {
namespace {

constexpr size_t kMaxIgnoredKinds = 256;

// The largest cell, in pixels, a Sixel plane is laid out with.
// Whether a sequence has no parameter but defaults (xterm's only_default).
bool AllDefault(const Params& p) {
  for (int i = 0; i < p.size(); ++i) {
    if (p.raw(i) != Params::kDefault) return false;
  }
  return true;
}

}  // namespace

Terminal::Terminal(const TerminalOptions& options)
    : options_(options),
      cols_(std::clamp(options.cols, 1, kMaxTerminalDimension)),
      rows_(std::clamp(options.rows, 1, kMaxTerminalDimension)),
      cell_width_(std::clamp(options.graphics.cell_width, 1, kMaxCellPixels)),
      cell_height_(std::clamp(options.graphics.cell_height, 1, kMaxCellPixels)),
      colors_(options.replies) {
  FullReset();
  if (options_.track_generations) {
    generations_.assign(static_cast<size_t>(cols_) * rows_, Generation{});
    for (int r = 0; r < rows_; ++r) {
      for (int c = 0; c < cols_; ++c) {
        generations_[static_cast<size_t>(r) * cols_ + c].fingerprint = Fingerprint(cell(c, r));
      }
    }
  }
}

Terminal::~Terminal() = default;

// ---------------------------------------------------------------------------------------------
// Text.

std::string Terminal::Grapheme(const ScreenCell& cell) const {
  std::string out;
  if (cell.is_continuation()) return out;
  if (cell.cluster != 0) {
    for (char32_t cp : clusters_[cell.cluster]) AppendUtf8(cp, &out);
  } else {
    AppendUtf8(cell.ch, &out);
  }
  return out;
}

std::string Terminal::LineText(const Line& line) const {
  std::string out;
  for (const ScreenCell& c : line.cells) {
    if (c.is_continuation()) continue;
    if (c.cluster == 0 && c.ch < 0x80) {
      out.push_back(static_cast<char>(c.ch));
    } else {
      out += Grapheme(c);
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::string Terminal::RowText(int row) const { return LineText(active()[row]); }

std::string Terminal::ScreenText() const {
  std::vector<std::string> rows;
  rows.reserve(static_cast<size_t>(rows_));
  for (int r = 0; r < rows_; ++r) rows.push_back(RowText(r));
  while (!rows.empty() && rows.back().empty()) rows.pop_back();
  return absl::StrJoin(rows, "\n");
}

// The one place every reply passes (whichever file queued it), so ReplyProfile::answer = false
// silences them all: each reply (an ESC that does not end a string) is counted and dropped.
std::string Terminal::TakeReplies() {
  std::string replies = std::exchange(replies_, std::string());
  if (options_.replies.answer) return replies;
  for (size_t i = 0; i < replies.size(); ++i) {
    if (replies[i] == '\x1b' && (i + 1 == replies.size() || replies[i + 1] != '\\')) {
      ++stats_.replies_suppressed;
    }
  }
  return std::string();
}

// ---------------------------------------------------------------------------------------------
// Controls.

void Terminal::Execute(uint32_t control) {
  absl::Cleanup count_generations = [this] { UpdateGenerations(); };
  rep_cp_ = 0;  // REP repeats only a character printed by the action just before it
  if (control >= 0x80) {
    // A C1 control written in UTF-8 (C2 80-C2 9F): xterm 379 in UTF-8 mode neither shows nor obeys
    // it, so `C2 85` is no NEL and `C2 9B 31m` shows "31m" (docs/xterm-deviations.md, "C1").
    IgnoreText("C1 control in UTF-8");
    return;
  }
  switch (control) {
    case 0x07:  // BEL
      ++stats_.bells;
      break;
    case 0x08:  // BS
      CursorBack(1);
      break;
    case 0x09:  // HT
      // xterm's more(1) fix (?41): a tab right after a full line wraps to the next line first.
      if (cursor_.pending_wrap && modes_.autowrap && KeptModeSet(41)) WrapLine();
      TabForward(1);
      break;
    case 0x0A:  // LF
    case 0x0B:  // VT
    case 0x0C:  // FF
      Index();
      if (modes_.linefeed_newline) CarriageReturn();
      break;
    case 0x0D:  // CR
      CarriageReturn();
      break;
    case 0x0E:  // SO: G1 into GL
      gl_ = 1;
      break;
    case 0x0F:  // SI: G0 into GL
      gl_ = 0;
      break;
    default:
      break;  // other C0 controls do nothing on xterm's screen
  }
}

void Terminal::IgnoreText(const std::string& what, uint64_t count) {
  stats_.ignored_total += count;
  if (stats_.ignored.size() < kMaxIgnoredKinds || stats_.ignored.count(what) != 0) {
    stats_.ignored[what] += count;
  }
}

void Terminal::Ignore(const Sequence& seq, absl::string_view kind) {
  std::string what(kind);
  if (seq.marker != 0) absl::StrAppend(&what, " ", std::string(1, seq.marker));
  for (int i = 0; i < seq.params.size(); ++i) {
    absl::StrAppend(&what, i == 0 ? " " : (seq.params.is_sub(i) ? ":" : ";"));
    if (seq.params.raw(i) != Params::kDefault) absl::StrAppend(&what, seq.params.raw(i));
  }
  if (!seq.intermediates.empty()) absl::StrAppend(&what, " ", seq.intermediates);
  absl::StrAppend(&what, " ", std::string(1, seq.final));
  IgnoreText(what);
}

void Terminal::EscDispatch(const Sequence& seq) {
  absl::Cleanup count_generations = [this] { UpdateGenerations(); };
  rep_cp_ = 0;
  if (dcs_query_state_ != DcsQueryState::kNone) FinishDcsQuery(seq);  // DECRQSS's ST
  if (seq.overflowed) return Ignore(seq, "ESC");
  if (seq.intermediates.empty()) {
    switch (seq.final) {
      case '7':
        return SaveCursor();
      case '8':
        return RestoreCursor();
      case 'D':
        return Index();
      case 'E':
        Index();
        return CarriageReturn();
      case 'H':
        tab_stops_[cursor_.col] = true;
        return;
      case 'M':
        return ReverseIndex();
      case '6':  // DECBI
        return ColumnIndex(/*back=*/true);
      case '9':  // DECFI
        return ColumnIndex(/*back=*/false);
      case 'c':
        return FullReset();
      case 'Z':  // DECID: the obsolete form of primary DA
        return ReplyPrimaryDa();
      case 'V':  // SPA: start of an ISO protected area (terminal_protection.cc)
        return SetProtectedArea(true);
      case 'W':  // EPA: its end
        return SetProtectedArea(false);
      case '=':
        modes_.keypad_application = true;
        return;
      case '>':
        modes_.keypad_application = false;
        return;
      case '\\':  // ST after an OSC or DCS string
        return;
      default:
        return Ignore(seq, "ESC");
    }
  }
  if (seq.intermediates.size() == 1) {
    const char i = seq.intermediates[0];
    if (i == '(' || i == ')') {
      // Designate G0 or G1: '0' is DEC Special Graphics; 'B' and every other set is taken as
      // ASCII (national sets are not modelled).
      charsets_[i == '(' ? 0 : 1] =
          seq.final == '0' ? Charset::kDecSpecialGraphics : Charset::kAscii;
      return;
    }
    if (i == '#' && seq.final == '8') {  // DECALN: fill the screen with 'E'
      // As xterm: the margins are reset (DECLRMM stays), origin mode and the SGR attributes
      // (not the colours) are cleared, and the cursor goes home.
      top_ = 0;
      bottom_ = rows_ - 1;
      ResetLeftRightMargins();
      modes_.origin = false;
      Pen pen = pen_;
      pen.attrs = 0;
      pen.underline = UnderlineStyle::kNone;
      SetPen(pen);
      for (Line& l : active().unordered()) {
        l.wrapped = false;
        for (ScreenCell& c : l.cells)
          c = ScreenCell{.ch = U'E', .width = 1, .written = 1, .drawn = 1};
        DropPixels(l);
      }
      MoveTo(0, 0);
      return;
    }
    if (i == '%') return;  // select UTF-8 / default character set: UTF-8 is always on
  }
  Ignore(seq, "ESC");
}

// ---------------------------------------------------------------------------------------------
// CSI.

void Terminal::CsiDispatch(const Sequence& seq) {
  absl::Cleanup count_generations = [this] {
    rep_cp_ = 0;  // after the sequence, REP included (xterm's lastchar)
    UpdateGenerations();
  };
  if (seq.overflowed) return Ignore(seq, "CSI");
  // Below conformance level 3 xterm parses no CSI ... $ sequence without a marker (DECRQM's
  // ANSI form, DECRQPSR, the rectangle operations...; `CSI ? Ps $ p` stays); below level 4,
  // DECIC and DECDC are ignored too.
  if (conformance_level_ < 63 && seq.marker == 0 && absl::StrContains(seq.intermediates, '$')) {
    return Ignore(seq, "CSI");
  }
  if (conformance_level_ < 64 && seq.intermediates == "'") return Ignore(seq, "CSI");
  if (seq.marker == '?') return CsiPrivate(seq);
  if (seq.marker == '>' || seq.marker == '=') return CsiReport(seq);  // DA2, DA3, XTVERSION
  if (seq.marker != 0) return Ignore(seq, "CSI");
  if (!seq.intermediates.empty()) return CsiIntermediate(seq);
  // The families below each handle the finals routed to them.
  switch (seq.final) {
    case 'A':  // CUU
    case 'B':  // CUD
    case 'C':  // CUF
    case 'D':  // CUB
    case 'E':  // CNL
    case 'F':  // CPL
    case 'G':  // CHA
    case 'H':  // CUP
    case 'I':  // CHT
    case 'Z':  // CBT
    case '`':  // HPA
    case 'a':  // HPR
    case 'd':  // VPA
    case 'e':  // VPR
    case 'f':  // HVP
      return CsiCursor(seq);
    case '@':  // ICH
    case 'J':  // ED
    case 'K':  // EL
    case 'L':  // IL
    case 'M':  // DL
    case 'P':  // DCH
    case 'S':  // SU
    case 'T':  // SD
    case 'X':  // ECH
    case 'b':  // REP
      return CsiEdit(seq);
    case 'c':  // DA
    case 'n':  // DSR
    case 't':  // window operations
      return CsiReport(seq);
    case 'g':  // TBC
      if (seq.params.Get(0, 0) == 0) {
        tab_stops_[cursor_.col] = false;
      } else if (seq.params.Get(0, 0) == 3) {
        tab_stops_.assign(cols_, false);
        tab_stops_cleared_ = true;  // DECTABSR (terminal_queries.cc)
      }
      return;
    case 'h':
    case 'l':
      return SetMode(seq, seq.final == 'h');
    case 'm':
      return SelectGraphicRendition(seq.params);
    case 'r':  // DECSTBM
      return SetScrollRegion(seq.params);
    case 's':  // DECSLRM with DECLRMM set, SCOSC otherwise
      if (modes_.left_right_margins) return SetLeftRightMargins(seq.params);
      if (!AllDefault(seq.params)) return Ignore(seq, "CSI");
      return SaveCursor();
    case 'u':  // SCORC
      if (!AllDefault(seq.params)) return Ignore(seq, "CSI");
      return RestoreCursor();
    default:
      return Ignore(seq, "CSI");
  }
}

void Terminal::CsiPrivate(const Sequence& seq) {
  const Params& p = seq.params;
  if (seq.intermediates == "$" && seq.final == 'p') return ReportMode(seq);  // DECRQM
  if (!seq.intermediates.empty()) return Ignore(seq, "CSI");
  switch (seq.final) {
    case 'h':
    case 'l':
      for (int i = 0; i < p.size(); ++i) SetPrivateMode(p.raw(i), seq.final == 'h');
      return;
    case 'J':  // DECSED: ED that keeps protected cells (terminal_protection.cc)
      return EraseInDisplay(p.Get(0, 0), /*selective=*/true);
    case 'K':  // DECSEL
      return EraseInLine(p.Get(0, 0), /*selective=*/true);
    case 'n':  // DEC DSR
      return PrivateDeviceStatus(seq);
    case 'm':  // XTQMODKEYS
      if (p.has_sub()) return Ignore(seq, "CSI");
      return ReportModifyKeys(p);
    case 's':  // XTSAVE (terminal_save_modes.cc)
      return SavePrivateModes(p);
    case 'r':  // XTRESTORE
      return RestorePrivateModes(p);
    default:
      return Ignore(seq, "CSI");
  }
}

void Terminal::CsiIntermediate(const Sequence& seq) {
  const Params& p = seq.params;
  if (seq.intermediates == " " && seq.final == 'q') {  // DECSCUSR
    const int s = p.Get(0, 0);
    if (s > 6) return Ignore(seq, "CSI");
    cursor_.blinking = s == 0 || s % 2 == 1;
    cursor_.shape = s <= 2   ? CursorShape::kBlock
                    : s <= 4 ? CursorShape::kUnderline
                             : CursorShape::kBar;
    return;
  }
  if (seq.intermediates == "!" && seq.final == 'p') return SoftReset();
  if (seq.intermediates == "*" && seq.final == 'y') return RequestChecksum(seq);  // DECRQCRA
  if (seq.intermediates == "$" && seq.final == 'p') return ReportMode(seq);       // DECRQM
  // DECCRA, DECFRA, DECERA, DECSERA, DECCARA, DECRARA and DECSACE (terminal_rectangles.cc).
  if (RectangleOp(seq)) return;
  // DECRQPSR, DECSCL and DECSCA: terminal_queries.cc.
  if (seq.intermediates == "$" && seq.final == 'w') return ReportPresentationState(seq);
  if (seq.intermediates == "\"" && seq.final == 'p') return SetConformanceLevel(seq.params);
  if (seq.intermediates == "\"" && seq.final == 'q') return SetCharacterProtection(seq.params);
  auto n = [&p] { return p.Get(0, 1, /*zero_is_default=*/true); };
  if (seq.intermediates == " " && seq.final == '@') return ShiftColumns(left_, n(), true);   // SL
  if (seq.intermediates == " " && seq.final == 'A') return ShiftColumns(left_, n(), false);  // SR
  if (seq.intermediates == "'" && seq.final == '}') {  // DECIC
    return ShiftColumns(cursor_.col, n(), false);
  }
  if (seq.intermediates == "'" && seq.final == '~') {  // DECDC
    return ShiftColumns(cursor_.col, n(), true);
  }
  return Ignore(seq, "CSI");
}

void Terminal::CsiCursor(const Sequence& seq) {
  const Params& p = seq.params;
  auto n = [&p](int i = 0) { return p.Get(i, 1, /*zero_is_default=*/true); };
  switch (seq.final) {
    case 'A': {  // CUU: stops at the top margin from inside the region
      const int limit = cursor_.row >= top_ ? top_ : 0;
      return MoveTo(cursor_.col, std::max(cursor_.row - n(), limit));
    }
    case 'B': {  // CUD: stops at the bottom margin from inside the region
      const int limit = cursor_.row <= bottom_ ? bottom_ : rows_ - 1;
      return MoveTo(cursor_.col, std::min(cursor_.row + n(), limit));
    }
    case 'C':  // CUF
      return CursorForward(n());
    case 'D':  // CUB
      return CursorBack(n());
    case 'E': {  // CNL: CUD, then CR (to the left margin)
      const int limit = cursor_.row <= bottom_ ? bottom_ : rows_ - 1;
      MoveTo(cursor_.col, std::min(cursor_.row + n(), limit));
      return CarriageReturn();
    }
    case 'F': {  // CPL: CUU, then CR
      const int limit = cursor_.row >= top_ ? top_ : 0;
      MoveTo(cursor_.col, std::max(cursor_.row - n(), limit));
      return CarriageReturn();
    }
    // The absolute and relative positions below are xterm's CursorSet: relative to the origin
    // with DECOM set (clamped to the margins), to the whole screen otherwise. VPR and HPR are
    // not held by the scroll region as CUD and CUF are.
    case 'G':  // CHA
    case '`':  // HPA
      return MoveToOrigin(n() - 1, OriginRow());
    case 'a':  // HPR
      return MoveToOrigin(OriginCol() + std::min(n(), cols_), OriginRow());
    case 'd':  // VPA
      return MoveToOrigin(OriginCol(), n() - 1);
    case 'e':  // VPR
      return MoveToOrigin(OriginCol(), OriginRow() + std::min(n(), rows_));
    case 'H':  // CUP
    case 'f':  // HVP
      return MoveToOrigin(n(1) - 1, n(0) - 1);
    case 'I':  // CHT
      return TabForward(n());
    case 'Z':  // CBT
      return TabBackward(n());
    default:
      return Ignore(seq, "CSI");
  }
}

void Terminal::CsiEdit(const Sequence& seq) {
  const Params& p = seq.params;
  auto n = [&p](int i = 0) { return p.Get(i, 1, /*zero_is_default=*/true); };
  switch (seq.final) {
    case '@':  // ICH
      return InsertChars(n());
    case 'J':
      return EraseInDisplay(p.Get(0, 0));
    case 'K':
      return EraseInLine(p.Get(0, 0));
    case 'L':
      return InsertLines(n());
    case 'M':
      return DeleteLines(n());
    case 'P':
      return DeleteChars(n());
    case 'S':  // SU
      return ScrollUp(top_, bottom_, n());
    case 'T':  // SD; with more parameters it is xterm's mouse highlight tracking
      if (p.size() > 1) return Ignore(seq, "CSI");
      return ScrollDown(top_, bottom_, n());
    case 'X': {  // ECH
      EraseUnprotected(cursor_.row, cursor_.col, cursor_.col + n(), /*selective=*/false);
      cursor_.pending_wrap = false;
      return;
    }
    case 'b':  // REP: repeat the last printed graphic character
      return Repeat(n());
    default:
      return Ignore(seq, "CSI");
  }
}

void Terminal::Repeat(int n) {
  if (rep_cp_ == 0) return;
  int count = std::min(n, cols_ * rows_);
  const int width = std::max(CodePointWidth(rep_cp_, options_.width), 1);
  while (count > 0) {
    const int fit = (TextRightEdge() + 1 - cursor_.col) / width;
    if (!modes_.insert || cursor_.pending_wrap || fit < 2) {
      PutGlyph(rep_cp_, width);
      --count;
      continue;
    }
    // In insert mode, k characters inserted one by one equal k*width blanks inserted once
    // and then written: one shift per row instead of one per character.
    const int k = std::min(count, fit);
    InsertChars(k * width);
    modes_.insert = false;
    for (int i = 0; i < k; ++i) PutGlyph(rep_cp_, width);
    modes_.insert = true;
    count -= k;
  }
}

void Terminal::SetLeftRightMargins(const Params& p) {
  const int left = p.Get(0, 1, true) - 1;
  const int right = std::min(p.Get(1, cols_, true), cols_) - 1;
  if (left >= right) return;
  left_ = left;
  right_ = right;
  MoveToOrigin(0, 0);
}

void Terminal::SetScrollRegion(const Params& p) {
  const int top = p.Get(0, 1, true) - 1;
  const int bottom = std::min(p.Get(1, rows_, true), rows_) - 1;
  if (top >= bottom) return;
  top_ = top;
  bottom_ = bottom;
  MoveToOrigin(0, 0);
}

// ---------------------------------------------------------------------------------------------
// Modes, the saved cursor and resets.

void Terminal::SetMode(const Sequence& seq, bool on) {
  for (int i = 0; i < seq.params.size(); ++i) {
    switch (seq.params.raw(i)) {
      case 4:
        modes_.insert = on;
        break;
      case 20:
        modes_.linefeed_newline = on;
        break;
      case 2:
        modes_.keyboard_locked = on;
        break;
      case 12:
        modes_.send_receive = on;
        break;
      default:
        IgnoreText(absl::StrCat("CSI ", seq.params.raw(i), on ? " h" : " l"));
        break;
    }
  }
}

void Terminal::SetPrivateMode(int mode, bool on) {
  switch (mode) {
    case 1:
      modes_.cursor_keys_application = on;
      return;
    case 5:
      modes_.reverse_video = on;
      return;
    case 6:
      modes_.origin = on;
      return MoveToOrigin(0, 0);
    case 69:  // DECLRMM: resetting it restores the full-width margins
      // A VT420 mode: xterm ignores it below level 4.
      if (conformance_level_ < 64) return;
      modes_.left_right_margins = on;
      if (!on) ResetLeftRightMargins();
      return;
    case 45:
      modes_.reverse_wrap = on;
      return;
    case 7:
      // A pending wrap stays: xterm's do_wrap is set by writing the last column whatever DECAWM
      // says, and only the next character looks at DECAWM.
      modes_.autowrap = on;
      return;
    case 12:
      cursor_.blinking = on;
      return;
    case 66:  // DECNKM: the keypad mode ESC = and ESC > set
      modes_.keypad_application = on;
      return;
    case 25:
      cursor_.visible = on;
      return;
    case 9:
    case 1000:
    case 1002:
    case 1003:
    case 1004:
    case 1005:
    case 1006:
    case 1015:
      return SetMouseMode(mode, on);
    case 47:
    case 1047:
    case 1048:
    case 1049:
      return SetScreenMode(mode, on);
    case 2004:
      modes_.bracketed_paste = on;
      return;
    case 2026:
      modes_.synchronized_output = on;
      return;
    case 2027:
      modes_.grapheme_clustering = on;  // widens only with emoji_presentation_wide (JoinGlyph)
      return;
    case 80:
      modes_.sixel_display = on;
      return;
    case 1070:
      modes_.private_color_registers = on;
      return;
    case 8452:
      modes_.sixel_scrolls_right = on;
      return;
    default:
      KeepPrivateMode(mode, on);  // for DECRQM, where xterm keeps it (terminal_reports.cc)
      IgnoreText(absl::StrCat("CSI ? ", mode, on ? " h" : " l"));
      return;
  }
}

void Terminal::SetMouseMode(int mode, bool on) {
  switch (mode) {
    case 9:
      modes_.mouse_tracking = on ? MouseTracking::kX10 : MouseTracking::kNone;
      return;
    case 1000:
      modes_.mouse_tracking = on ? MouseTracking::kNormal : MouseTracking::kNone;
      return;
    case 1002:
      modes_.mouse_tracking = on ? MouseTracking::kButtonEvent : MouseTracking::kNone;
      return;
    case 1003:
      modes_.mouse_tracking = on ? MouseTracking::kAnyEvent : MouseTracking::kNone;
      return;
    case 1004:
      modes_.focus_events = on;
      return;
    case 1005:
    case 1006:
    case 1015: {
      // The encodings exclude each other; resetting one that is not in force changes nothing.
      const MouseEncoding e = mode == 1005   ? MouseEncoding::kUtf8
                              : mode == 1006 ? MouseEncoding::kSgr
                                             : MouseEncoding::kUrxvt;
      if (on) {
        modes_.mouse_encoding = e;
      } else if (modes_.mouse_encoding == e) {
        modes_.mouse_encoding = MouseEncoding::kDefault;
      }
      return;
    }
    default:  // SetPrivateMode routes only the modes above here
      return;
  }
}

void Terminal::SetScreenMode(int mode, bool on) {
  switch (mode) {
    case 47:
      return SwitchScreen(on, false);
    case 1047:
      // Leaving clears the alternate screen first.
      if (!on && alternate_active_) {
        for (Line& l : alternate_.unordered()) l = BlankLine();
      }
      return SwitchScreen(on, false);
    case 1048:
      return on ? SaveCursor() : RestoreCursor();
    case 1049:
      // As xterm: save the cursor (in the slot of the screen it is on), switch and clear; leaving
      // restores the normal screen's saved cursor even when the normal screen was already shown
      // (then it is DECRC).
      if (on) {
        SaveCursor();
        SwitchScreen(true, true);
      } else {
        if (alternate_active_) SwitchScreen(false, false);
        RestoreCursor();
      }
      return;
    default:  // SetPrivateMode routes only the modes above here
      return;
  }
}

void Terminal::SwitchScreen(bool alternate, bool clear_alternate) {
  if (alternate && clear_alternate) {
    for (Line& l : alternate_.unordered()) l = BlankLine();
  }
  alternate_active_ = alternate;
  last_valid_ = false;
}

void Terminal::SaveCursor() {
  SavedCursor& s = saved_[alternate_active_ ? 1 : 0];
  s.col = cursor_.col;
  s.row = cursor_.row;
  s.pending_wrap = cursor_.pending_wrap;
  s.pen = pen_;
  s.protect = character_protection_;
  s.origin = modes_.origin;
  s.charsets[0] = charsets_[0];
  s.charsets[1] = charsets_[1];
  s.gl = gl_;
  s.valid = true;
}

void Terminal::RestoreCursor() {
  const SavedCursor s = saved_[alternate_active_ ? 1 : 0];  // invalid: home, default pen
  SetPen(s.pen);
  character_protection_ = s.protect;
  modes_.origin = s.origin;  // DECAWM is not part of the saved state (xterm's DECSC_FLAGS)
  charsets_[0] = s.charsets[0];
  charsets_[1] = s.charsets[1];
  gl_ = s.gl;
  // With origin mode the saved position is clamped into today's margins (xterm's CursorSet).
  if (modes_.origin) {
    MoveToOrigin(s.col - left_, s.row - top_);
  } else {
    MoveTo(s.col, s.row);
  }
  cursor_.pending_wrap = s.pending_wrap;  // after MoveTo, as xterm's CursorRestoreFlags
}

void Terminal::SoftReset() {
  modes_.insert = false;
  modes_.origin = false;
  modes_.autowrap = true;
  modes_.cursor_keys_application = false;
  modes_.keypad_application = false;
  cursor_.visible = true;
  cursor_.shape = CursorShape::kBlock;  // xterm 379's DECSTR gives back its steady block
  cursor_.blinking = false;
  top_ = 0;
  bottom_ = rows_ - 1;
  modes_.left_right_margins = false;
  ResetLeftRightMargins();
  charsets_[0] = charsets_[1] = Charset::kAscii;
  gl_ = 0;
  SetPen(Pen{});
  saved_[0] = saved_[1] = SavedCursor{};
  character_protection_ = false;  // DECSCA and SPA (terminal_protection.cc)
  protection_mode_ = ProtectionMode::kOff;
  modes_.keyboard_locked = false;  // KAM
  modes_.reverse_wrap = false;     // as xterm's DECSTR resets it
  ResetModifyKeys();
}

void Terminal::FullReset() {
  for (Screen* screen : {&primary_, &alternate_}) {
    screen->Rebuild([this](std::vector<Line>& lines) {
      lines.assign(rows_, Line{.cells = std::vector<ScreenCell>(cols_)});
    });
  }
  alternate_active_ = false;
  cursor_ = CursorState{};
  modes_ = Modes{};
  title_modes_ = 0;  // XTSMTITLE (terminal_title_modes.cc)
  ResetKeptModes();
  ResetModifyKeys();
  modes_.grapheme_clustering = options_.width.emoji_presentation_wide;  // ?2027's initial state
  top_ = 0;
  bottom_ = rows_ - 1;
  ResetLeftRightMargins();
  ResetTabStops();
  charsets_[0] = charsets_[1] = Charset::kAscii;
  gl_ = 0;
  SetPen(Pen{});
  link_id_ = 0;
  saved_[0] = saved_[1] = SavedCursor{};
  last_valid_ = false;
  rep_cp_ = 0;
  // DECSCA, TBC 3 and DECSCL's control width (its level stays, as in xterm; terminal_queries.cc).
  character_protection_ = false;
  protection_mode_ = ProtectionMode::kOff;
  tab_stops_cleared_ = false;
  eight_bit_controls_ = false;
  attribute_change_rectangle_ = false;  // DECSACE: RIS resets it, DECSTR does not (xterm)
  scrollback_.clear();  // xterm's RIS clears the saved lines; the window title stays
  ClearTables();        // nothing refers to a pen, cluster or link any more
  // xterm's RIS resets the colour registers and drops every graphic (reset_displayed_graphics).
  palette_.Reset();
  // xterm's RIS resets the 256 colours OSC 4 sets, not the special or dynamic ones (recorded).
  for (int i = 0; i < ColorRegisters::kPaletteSize; ++i) colors_.ResetPalette(i);
  sixel_.reset();
  graphics_status_ = absl::OkStatus();
}

// ---------------------------------------------------------------------------------------------
// Resize.

void Terminal::Resize(int cols, int rows) {
  const int old_cols = cols_;
  const int old_rows = rows_;
  cols = std::clamp(cols, 1, kMaxTerminalDimension);
  rows = std::clamp(rows, 1, kMaxTerminalDimension);
  const bool reflow = options_.reflow_on_resize && (cols != cols_ || rows != rows_);
  // A plane too large to allocate (kMaxPlanePixels) keeps no pixels: the lines drop theirs.
  const bool plane_fits = PlanePixels(cols, rows, cell_width_, cell_height_) <= kMaxPlanePixels;
  if (reflow) ReflowPrimary(cols, rows);
  for (Screen* screen : {&primary_, &alternate_}) {
    if (reflow && screen == &primary_) continue;
    const bool is_active = (screen == &active());
    screen->Rebuild([&](std::vector<Line>& lines) {
      // Shrinking: drop lines from the top when the cursor would fall off the bottom, so the
      // cursor's line stays visible (the primary screen's go to scrollback), then from the bottom.
      if (rows < rows_ && is_active && cursor_.row >= rows) {
        const int drop = cursor_.row - rows + 1;
        for (int i = 0; i < drop; ++i) {
          if (screen == &primary_ && options_.scrollback_limit > 0) {
            SaveLine(std::move(lines[i]));
          }
        }
        lines.erase(lines.begin(), lines.begin() + drop);
      }
      lines.resize(rows, Line{.cells = std::vector<ScreenCell>(cols)});
      const size_t old_row_bytes = static_cast<size_t>(cols_) * cell_width_ * 4;
      const size_t new_row_bytes = static_cast<size_t>(cols) * cell_width_ * 4;
      for (Line& l : lines) {
        const bool cut = static_cast<int>(l.cells.size()) > cols && l.cells[cols].is_continuation();
        // A wide character cut in half at the new edge leaves a written blank.
        if (cut) l.cells[cols - 1] = ScreenCell{.written = 1};
        l.cells.resize(cols);
        if (!plane_fits) l.pixels = {};
        if (!l.pixels.empty() && new_row_bytes != old_row_bytes) {
          // Pixels keep their place: clipped on the right, transparent where the line grew.
          std::vector<uint8_t> pixels(new_row_bytes * cell_height_, 0);
          for (int y = 0; y < cell_height_; ++y) {
            std::memcpy(pixels.data() + y * new_row_bytes, l.pixels.data() + y * old_row_bytes,
                        std::min(old_row_bytes, new_row_bytes));
          }
          l.pixels = std::move(pixels);
        }
        if (cut && !l.pixels.empty()) {
          for (int y = 0; y < cell_height_; ++y) {
            std::memset(l.pixels.data() + y * new_row_bytes +
                            static_cast<size_t>(cols - 1) * cell_width_ * 4,
                        0, static_cast<size_t>(cell_width_) * 4);
          }
        }
      }
    });
  }
  if (rows < rows_ && cursor_.row >= rows && !(reflow && !alternate_active_)) {
    cursor_.row = rows - 1;
  }
  cols_ = cols;
  rows_ = rows;
  cursor_.col = std::min(cursor_.col, cols_ - 1);
  cursor_.row = std::min(cursor_.row, rows_ - 1);
  cursor_.pending_wrap = false;
  top_ = 0;
  bottom_ = rows_ - 1;
  ResetLeftRightMargins();
  modes_.origin = false;  // the scroll region is reset, so origin mode goes with it (xterm)
  const std::vector<bool> old_tabs = tab_stops_;
  ResetTabStops();
  const int kept_tabs = std::min(cols_, static_cast<int>(old_tabs.size()));
  for (int c = 0; c < kept_tabs; ++c) tab_stops_[c] = old_tabs[c];
  for (SavedCursor& s : saved_) {
    s.col = std::min(s.col, cols_ - 1);
    s.row = std::min(s.row, rows_ - 1);
  }
  last_valid_ = false;
  ResizeGenerations(old_cols, old_rows);
}

}  // namespace vtsnap
