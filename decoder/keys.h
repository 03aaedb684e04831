// Keys: what a test types at a program, as the bytes xterm would send for it.
//
// A key script names keys separated by spaces ("tab / foo enter ctrl+c"): named keys (enter, up,
// f5, ...), ctrl+ or alt+ and one character, and any other word typed character by character.
// EncodeKeys turns a script into the bytes xterm sends with its default settings (and
// metaSendsEscape); MouseClick and friends build SGR (1006) mouse reports. docs/keys.md has the
// grammar, every byte string and the xterm sources they come from.
//
//   absl::StatusOr<std::string> bytes = vtsnap::EncodeKeys("ls enter ctrl+c");
//   // *bytes == "ls\r\x03"
//   vtsnap::KeyEncoding app{.application_cursor = true};  // the program set DECCKM (CSI ? 1 h)
//   // *vtsnap::EncodeKeys("up", app) == "\x1bOA"
//   absl::Status bad = vtsnap::EncodeKeys("ctrl+kk").status();
//   // bad.message() starts with `key script: "ctrl+kk" (column 1)`, and
//   // vtsnap::OffendingWord(bad) == "ctrl+kk"
//   std::string click = vtsnap::MouseClick(4, 2);  // "\x1b[<0;5;3M\x1b[<0;5;3m"
#ifndef VTSNAP_DECODER_KEYS_H_
#define VTSNAP_DECODER_KEYS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace vtsnap {

// One key press.
struct Key {
  enum class Name : uint8_t {
    kChar,  // the character `ch`
    kEnter,
    kEsc,
    kUp,
    kDown,
    kLeft,
    kRight,
    kPgUp,
    kPgDn,
    kHome,
    kEnd,
    kBackspace,
    kDelete,
    kSpace,
    kTab,
    kBacktab,  // shift+tab
    kF1,
    kF2,
    kF3,
    kF4,
    kF5,
    kF6,
    kF7,
    kF8,
    kF9,
    kF10,
    kF11,
    kF12,
  };
  Name name = Name::kChar;
  char32_t ch = 0;    // for kChar: the code point, as written (ctrl+A keeps 'A')
  bool ctrl = false;  // ctrl+<ch>; only with kChar
  bool alt = false;   // alt+<ch>; only with kChar
  friend bool operator==(const Key&, const Key&) = default;
};

// Parses a key script: words separated by one or more spaces (U+0020 only; leading and trailing
// spaces are ignored, an empty script is no keys). Each word is
//   - a key name, in any case: enter esc up down left right pgup pgdn home end backspace delete
//     space tab backtab, and the extras f1 ... f12 and shift+tab (the same key as backtab);
//   - "ctrl+" or "alt+" (in any case) and exactly one character (one UTF-8 code point), such as
//     ctrl+k or alt+é;
//   - any other word, typed code point by code point ("foo" is f, o, o; "ctrl+" alone too).
// Errors are InvalidArgument with a message starting `key script: "<word>" (column N): ` (N is
// the 1-based byte position of the word) and carry the raw word as a payload (OffendingWord):
// ctrl+/alt+ with more than one character, and malformed UTF-8. A script that parses always
// encodes.
[[nodiscard]] absl::StatusOr<std::vector<Key>> ParseKeys(absl::string_view script);

// The payload type URL under which a key script error carries the offending word.
inline constexpr char kKeyScriptWordPayloadUrl[] = "vtsnap.dev/key-script-word";

// The word a key script error names ("" for any other status, including OK).
std::string OffendingWord(const absl::Status& status);

// The terminal modes that change what keys send, as the program set them.
struct KeyEncoding {
  // DECCKM (CSI ? 1 h): cursor keys and home/end send SS3 forms. From a VirtualTerminal:
  // vt.terminal().modes().cursor_keys_application.
  bool application_cursor = false;
};

// The bytes xterm sends for `key` (docs/keys.md has the table). Fails (InvalidArgument) only for
// keys no script produces: ctrl+ or alt+ on a named key, ctrl+ on a character without a control
// code, a kChar that is not a Unicode scalar value, an unknown name. ctrl and alt together send
// ESC and the control code.
[[nodiscard]] absl::StatusOr<std::string> EncodeKey(const Key& key, const KeyEncoding& enc = {});

// ParseKeys, then EncodeKey for each key, concatenated.
[[nodiscard]] absl::StatusOr<std::string> EncodeKeys(absl::string_view script,
                                                     const KeyEncoding& enc = {});

// The key as script text, for messages: "ctrl+c", "enter", "f", "alt+é", "backtab". A character
// that cannot be written in a script (a space, a control character, a non-scalar value) is shown
// as U+XXXX; ctrl and alt together as "ctrl+alt+c".
std::string FormatKey(const Key& key);

// Mouse reports in SGR form (DECSET 1006), the form a program that enabled ?1006 and a tracking
// mode (?1000, ?1002 or ?1003) reads: CSI < button ; x ; y M for a press, ... m for a release,
// with x = col + 1 and y = row + 1 (col and row are 0-based cells; negative ones count as 0).
enum class MouseButton : uint8_t { kLeft, kMiddle, kRight };

std::string MousePress(int col, int row, MouseButton button = MouseButton::kLeft);
std::string MouseRelease(int col, int row, MouseButton button = MouseButton::kLeft);
// A press then a release at the same cell.
std::string MouseClick(int col, int row, MouseButton button = MouseButton::kLeft);
// One notch of the wheel (button 64 up, 65 down); a press only, as xterm reports no wheel release.
std::string MouseWheel(int col, int row, bool up);

}  // namespace vtsnap

#endif  // VTSNAP_DECODER_KEYS_H_
