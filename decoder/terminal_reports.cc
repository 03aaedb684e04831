// Terminal's replies to the program: device attributes (DA1, DA2, DA3), XTVERSION, device status
// reports (DSR and its DEC forms), mode reports (DECRQM) and XTQMODKEYS; the window operations (CSI
// Ps t) are in terminal_window_ops.cc. Every answer is the one xterm 379 gives with its default
// resources plus `decTerminalID: 420` and `utf8: 1` (test/decoder/replies_test.cc has the bytes
// recorded from it; docs/xterm-deviations.md, "Replies", says what is not answered). Replies are
// appended to replies_ in the order the queries came; TakeReplies() empties it.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/terminal.h"

namespace vtsnap {
namespace {

// DA1: a VT420 (64) with 132 columns (1), printer (2), selective erase (6), national replacement
// character sets (9), technical characters (15), locator port (16), terminal state interrogation
// (17), user windows (18), horizontal scrolling (21), ANSI colour (22) and rectangular editing
// (28). xterm's list for decTerminalID 420, whatever vtsnap models of it.
constexpr absl::string_view kPrimaryDa = "\x1b[?64;1;2;6;9;15;16;17;18;21;22;28c";
// DA2: terminal type 41 (VT420), firmware version 379 (xterm's patch level), no keyboard option.
constexpr absl::string_view kSecondaryDa = "\x1b[>41;379;0c";
// DA3 (DECRPTUI): a DCS string with the unit id, all zeros in xterm.
constexpr absl::string_view kTertiaryDa = "\x1bP!|00000000\x1b\\";
// XTVERSION: the name and version, as a DCS string.
constexpr absl::string_view kXtversion = "\x1bP>|XTerm(379)\x1b\\";

// The DEC device status reports with a fixed answer (CSI ? Ps n).
struct StatusReply {
  int ps;
  absl::string_view reply;
};
constexpr StatusReply kDecStatusReplies[] = {
    {15, "\x1b[?13n"},        // printer: no printer
    {25, "\x1b[?20n"},        // user-defined keys: unlocked
    {26, "\x1b[?27;1;0;0n"},  // keyboard: North American, ready, LK201
    {53, "\x1b[?53n"},        // locator (xterm's DEC locator): available
    {55, "\x1b[?53n"},        // the same question in its DEC form
    {56, "\x1b[?57;0n"},      // locator type: unknown
    {62, "\x1b[0000*{"},      // DECMSR: no macro space
    {75, "\x1b[?70n"},        // data integrity: ready, no errors
    {85, "\x1b[?83n"},        // multiple sessions: not configured
};

// DECRQM's answers (Pm).
constexpr int kModeUnknown = 0;
constexpr int kModeSet = 1;
constexpr int kModeReset = 2;
constexpr int kModePermanentlySet = 3;
constexpr int kModePermanentlyReset = 4;

int SetOrReset(bool on) { return on ? kModeSet : kModeReset; }

// The modes xterm 379 answers as permanent, which vtsnap does not change either.
struct PermanentMode {
  int mode;
  int value;
};
constexpr PermanentMode kPermanentAnsiModes[] = {
    {1, kModePermanentlyReset},   // GATM
    {5, kModePermanentlyReset},   // SRTM
    {7, kModePermanentlyReset},   // VEM
    {10, kModePermanentlyReset},  // HEM
    {11, kModePermanentlyReset},  // PUM
    {13, kModePermanentlyReset},  // FEAM
    {14, kModePermanentlyReset},  // FETM
    {15, kModePermanentlyReset},  // MATM
    {16, kModePermanentlyReset},  // TTM
    {17, kModePermanentlyReset},  // SATM
    {18, kModePermanentlyReset},  // TSM
    {19, kModePermanentlyReset},  // EBM
};
constexpr PermanentMode kPermanentPrivateModes[] = {
    {8, kModePermanentlyReset},   // DECARM
    {14, kModePermanentlySet},    // the XOR of the cursor blink settings (cursorBlinkXOR)
    {46, kModePermanentlyReset},  // logging
};

// DEC private modes xterm 379 keeps, and answers DECRQM for, whose effect vtsnap does not model
// (the smooth scroll of ?4, a margin bell, the meta key...): DECSET and DECRST set and reset them,
// RIS restores `initial`, and DECRQM answers `on_value` or `off_value`. Each is a bit of
// Terminal::kept_modes_ (at most 64). A mode xterm answers the same whatever a program sets (?3
// without allow132, ?13) has the same value for both.
struct KeptMode {
  int mode;
  bool initial;
  int on_value = kModeSet;
  int off_value = kModeReset;
};
constexpr KeptMode kKeptPrivateModes[] = {
    {2, true, kModeSet, kModeSet},  // DECANM: vtsnap has no VT52 mode (xterm enters it on reset)
    {3, false, kModeReset, kModeReset},   // DECCOLM: xterm's allow132 is off, so it stays at 80
    {4, false},                           // DECSCLM, smooth scroll
    {13, false, kModeReset, kModeReset},  // cursor blink from a resource only
    {18, false},                          // DECPFF, print form feed
    {19, false},                          // DECPEX, print extent
    {30, false},                          // the scroll bar
    {35, true},                           // font-shifting functions
    {38, false, kModeReset, kModeReset},  // Tektronix mode: xterm switches windows; vtsnap does not
    {40, false},                          // allow 80 to 132 columns
    {41, false},                          // more(1) fix
    {42, false},                          // DECNRCM, national replacement character sets
    {44, false},                          // the margin bell
    {67, false},                          // DECBKM, backarrow sends BS
    {1001, false},                        // highlight mouse tracking
    {1007, false},                        // alternate scroll
    {1010, true},                         // scroll to the bottom on output
    {1011, false},                        // scroll to the bottom on a key press
    {1016, false},                        // SGR mouse in pixels
    {1034, true},                         // the meta key sets the eighth bit
    {1035, true},                         // the special modifiers of Alt and NumLock
    {1036, false},                        // meta sends ESC
    {1037, false},                        // Delete sends DEL
    {1039, false},                        // Alt sends ESC
    {1040, true},                         // keep the selection when not highlighted
    {1041, false},                        // use the CLIPBOARD selection
    {1042, false},                        // urgency on a bell
    {1043, false},                        // raise the window on a bell
    {1044, false},                        // reuse the CLIPBOARD data
    {1046, true, kModeReset, kModeSet},   // the alternate screen switch: xterm answers it inverted
    {1050, false},                        // terminfo/termcap function keys
    {1051, false},                        // Sun function keys
    {1060, false},                        // legacy keyboard
    {1061, false},                        // VT220 keyboard
    {2001, false},                        // readline mouse button 1
    {2002, false},                        // readline mouse button 2
    {2003, false},                        // readline mouse button 3
    {2005, false},                        // readline character quoting
    {2006, false},                        // readline newline pasting
};
static_assert(std::size(kKeptPrivateModes) <= 64, "kept_modes_ has 64 bits");

// xterm's modify*Keys resources as XTMODKEYS numbers them (modifyKeyboard, modifyCursorKeys,
// modifyFunctionKeys, modifyKeypadKeys, modifyOtherKeys, modifyModifierKeys), at xterm 379's
// defaults. XTQMODKEYS answers 65535 for any other number, as xterm does.
constexpr std::array<int, 6> kModifyKeysDefaults = {0, 2, 2, 0, 0, 0};

template <size_t N>
int PermanentValue(const PermanentMode (&table)[N], int mode) {
  for (const PermanentMode& m : table) {
    if (m.mode == mode) return m.value;
  }
  return kModeUnknown;
}

}  // namespace

void Terminal::KeepPrivateMode(int mode, bool on) {
  for (size_t i = 0; i < std::size(kKeptPrivateModes); ++i) {
    if (kKeptPrivateModes[i].mode != mode) continue;
    kept_modes_ = on ? kept_modes_ | uint64_t{1} << i : kept_modes_ & ~(uint64_t{1} << i);
    return;
  }
}

bool Terminal::KeptModeSet(int mode) const {
  for (size_t i = 0; i < std::size(kKeptPrivateModes); ++i) {
    if (kKeptPrivateModes[i].mode == mode) return (kept_modes_ >> i & 1) != 0;
  }
  return false;
}

void Terminal::ResetKeptModes() {
  kept_modes_ = 0;
  for (size_t i = 0; i < std::size(kKeptPrivateModes); ++i) {
    if (kKeptPrivateModes[i].initial) kept_modes_ |= uint64_t{1} << i;
  }
}

void Terminal::ResetModifyKeys() { modify_keys_ = kModifyKeysDefaults; }

// XTMODKEYS: `CSI > Pp ; Pv m` sets resource Pp to Pv, `CSI > Pp m` back to its default;
// `CSI > m` and a resource past 5 change nothing, as in xterm 379.
void Terminal::SetModifyKeys(const Params& params) {
  if (params.size() == 0 || params.raw(0) == Params::kDefault) return;
  const int resource = params.raw(0);
  if (resource >= static_cast<int>(modify_keys_.size())) return;
  const bool has_value = params.size() > 1 && params.raw(1) != Params::kDefault;
  modify_keys_[resource] = has_value ? params.raw(1) : kModifyKeysDefaults[resource];
}

// XTQMODKEYS: one `CSI > Pp ; Pv m` per resource asked, 65535 for an omitted or unknown one.
void Terminal::ReportModifyKeys(const Params& params) {
  const int count = std::max(params.size(), 1);
  for (int i = 0; i < count; ++i) {
    const int resource = i < params.size() ? params.raw(i) : Params::kDefault;
    const bool known = resource >= 0 && resource < static_cast<int>(modify_keys_.size());
    absl::StrAppend(&replies_, "\x1b[>",
                    resource == Params::kDefault ? Params::kMaxValue : resource, ";",
                    known ? modify_keys_[resource] : Params::kMaxValue, "m");
  }
}

void Terminal::CsiReport(const Sequence& seq) {
  const Params& p = seq.params;
  // xterm answers none of these with a sub-parameter (CSI 6:1 n, CSI 0:1 c) or an intermediate.
  if (p.has_sub() || !seq.intermediates.empty()) return Ignore(seq, "CSI");
  const int ps = p.Get(0, 0);
  const int key = seq.marker << 8 | seq.final;
  switch (key) {
    case 'c':  // DA1
      if (ps != 0) break;
      return ReplyPrimaryDa();
    case '>' << 8 | 'c':  // DA2
      if (ps != 0) break;
      return absl::StrAppend(&replies_, kSecondaryDa);
    case '=' << 8 | 'c':  // DA3, from a VT420 on (xterm checks the conformance level)
      if (ps != 0 || conformance_level_ < 64) break;
      return absl::StrAppend(&replies_, kTertiaryDa);
    case '>' << 8 | 'm':  // XTMODKEYS
      return SetModifyKeys(p);
    case '>' << 8 | 'q':  // XTVERSION
      if (ps != 0) break;
      return absl::StrAppend(&replies_, kXtversion);
    case 'n':  // DSR
      if (ps == 5) return absl::StrAppend(&replies_, "\x1b[0n");
      if (ps == 6) {
        return absl::StrAppend(&replies_, "\x1b[", OriginRow() + 1, ";", OriginCol() + 1, "R");
      }
      break;
    case '>' << 8 | 't':  // XTSMTITLE (terminal_title_modes.cc)
      return SetTitleModes(p, true);
    case '>' << 8 | 'T':  // XTRMTITLE
      return SetTitleModes(p, false);
    case 't':  // window operations (terminal_window_ops.cc)
      return WindowOps(seq);
    default:
      break;
  }
  Ignore(seq, "CSI");
}

void Terminal::ReplyPrimaryDa() { absl::StrAppend(&replies_, kPrimaryDa); }

void Terminal::PrivateDeviceStatus(const Sequence& seq) {
  const Params& p = seq.params;
  if (p.has_sub()) return Ignore(seq, "CSI");
  switch (p.raw(0)) {
    case 6:  // DECXCPR: the position and the page (always 1)
      return absl::StrAppend(&replies_, "\x1b[?", OriginRow() + 1, ";", OriginCol() + 1, ";1R");
    case 63:  // DECCKSR: the checksum of the (absent) macros, tagged with the request's id
      return absl::StrAppend(&replies_, "\x1bP", p.Get(1, 0), "!~0000\x1b\\");
    default:
      for (const StatusReply& r : kDecStatusReplies) {
        if (r.ps == p.raw(0)) return absl::StrAppend(&replies_, r.reply);
      }
      return Ignore(seq, "CSI");
  }
}

void Terminal::ReportMode(const Sequence& seq) {
  const Params& p = seq.params;
  if (p.has_sub()) return Ignore(seq, "CSI");
  const bool dec = seq.marker == '?';
  const int mode = p.raw(0);
  const int value = dec ? PrivateModeValue(mode) : AnsiModeValue(mode);
  // An omitted mode is answered as 65535 (the parser's largest number), as xterm does.
  absl::StrAppend(&replies_, dec ? "\x1b[?" : "\x1b[",
                  mode == Params::kDefault ? Params::kMaxValue : mode, ";", value, "$y");
}

int Terminal::AnsiModeValue(int mode) const {
  switch (mode) {
    case 4:
      return SetOrReset(modes_.insert);
    case 20:
      return SetOrReset(modes_.linefeed_newline);
    case 2:
      return SetOrReset(modes_.keyboard_locked);
    case 12:
      return SetOrReset(modes_.send_receive);
    case 3:  // CRM: xterm 379 answers reset whether or not a program set it
      return kModeReset;
    default:
      return PermanentValue(kPermanentAnsiModes, mode);
  }
}

int Terminal::PrivateModeValue(int mode) const {
  switch (mode) {
    case 1:
      return SetOrReset(modes_.cursor_keys_application);
    case 5:
      return SetOrReset(modes_.reverse_video);
    case 6:
      return SetOrReset(modes_.origin);
    case 7:
      return SetOrReset(modes_.autowrap);
    case 45:
      return SetOrReset(modes_.reverse_wrap);
    case 12:
      return SetOrReset(cursor_.blinking);
    case 25:
      return SetOrReset(cursor_.visible);
    case 66:
      return SetOrReset(modes_.keypad_application);
    case 69:  // unknown below level 4, as xterm answers
      if (conformance_level_ < 64) return kModeUnknown;
      return SetOrReset(modes_.left_right_margins);
    case 9:
      return SetOrReset(modes_.mouse_tracking == MouseTracking::kX10);
    case 1000:
      return SetOrReset(modes_.mouse_tracking == MouseTracking::kNormal);
    case 1002:
      return SetOrReset(modes_.mouse_tracking == MouseTracking::kButtonEvent);
    case 1003:
      return SetOrReset(modes_.mouse_tracking == MouseTracking::kAnyEvent);
    case 1004:
      return SetOrReset(modes_.focus_events);
    case 1005:
      return SetOrReset(modes_.mouse_encoding == MouseEncoding::kUtf8);
    case 1006:
      return SetOrReset(modes_.mouse_encoding == MouseEncoding::kSgr);
    case 1015:
      return SetOrReset(modes_.mouse_encoding == MouseEncoding::kUrxvt);
    case 47:
    case 1047:
    case 1049:  // each says whether the alternate screen is shown, whichever mode switched
      return SetOrReset(alternate_active_);
    case 1048:  // xterm 379 answers set, whether or not a cursor was saved
      return kModeSet;
    case 2004:
      return SetOrReset(modes_.bracketed_paste);
    case 80:  // with graphics off, as xterm (decTerminalID 420 has no Sixel) ignores these
      return options_.graphics.sixel ? SetOrReset(modes_.sixel_display) : kModeReset;
    case 8452:
      return options_.graphics.sixel ? SetOrReset(modes_.sixel_scrolls_right) : kModeReset;
    case 1070:
      return SetOrReset(modes_.private_color_registers);
    // ?2026 (synchronized output) and ?2027 (grapheme clustering) are kept by vtsnap, but xterm
    // 379 does not know them: unknown, as there.
    default:
      break;
  }
  for (size_t i = 0; i < std::size(kKeptPrivateModes); ++i) {
    const KeptMode& kept = kKeptPrivateModes[i];
    if (kept.mode == mode) return (kept_modes_ >> i & 1) != 0 ? kept.on_value : kept.off_value;
  }
  return PermanentValue(kPermanentPrivateModes, mode);
}

}  // namespace vtsnap
