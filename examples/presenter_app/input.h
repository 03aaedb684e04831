// ParseInput: turns the raw bytes a terminal sends an app (keys, SGR mouse reports) into the
// events presenter_app handles. Any bytes are safe: unknown or malformed sequences are skipped,
// and an incomplete sequence at the end is left for the next read (except a lone ESC, which is
// the Esc key).
//
//   std::vector<presenter_app::Event> events;
//   size_t used = presenter_app::ParseInput("a\x1b[B\x1b[<0;3;1M\x1b[2", &events);
//   // events: kChar 'a', kDown, kMousePress at col 2 row 0; used stops before "\x1b[2"
#ifndef VTSNAP_EXAMPLES_PRESENTER_APP_INPUT_H_
#define VTSNAP_EXAMPLES_PRESENTER_APP_INPUT_H_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace presenter_app {

enum class Key : uint8_t {
  kChar,        // a printable code point, in Event::ch
  kEnter,       // "\r"
  kTab,         // "\t"
  kBackTab,     // CSI Z
  kBackspace,   // DEL or BS
  kEscape,      // a lone ESC at the end of the input, or ESC before another ESC or a control
  kUp,          // CSI A, SS3 A (any modifier parameters)
  kDown,        // CSI B, SS3 B
  kRight,       // CSI C, SS3 C
  kLeft,        // CSI D, SS3 D
  kF10,         // CSI 21 ~
  kAltF,        // ESC f
  kCtrlQ,       // 0x11
  kMousePress,  // SGR mouse report of a left button press, at Event::col / Event::row
  kF2,          // SS3 Q
  kPageUp,      // CSI 5 ~
  kPageDown,    // CSI 6 ~
};

struct Event {
  Key key = Key::kChar;
  char32_t ch = 0;  // kChar
  int col = 0;      // kMousePress, 0-based
  int row = 0;

  friend bool operator==(const Event&, const Event&) = default;
};

// Appends the events of `input` to `events` and returns how many bytes it used: all of them,
// except an incomplete escape sequence or UTF-8 character at the end (at most a few dozen bytes;
// a longer unfinished sequence is dropped).
size_t ParseInput(std::string_view input, std::vector<Event>* events);

}  // namespace presenter_app

#endif  // VTSNAP_EXAMPLES_PRESENTER_APP_INPUT_H_
