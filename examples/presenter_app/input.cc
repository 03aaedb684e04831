#include "examples/presenter_app/input.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "examples/presenter_app/surface.h"

namespace presenter_app {
namespace {

// An unfinished escape sequence longer than this is dropped instead of kept for the next read.
constexpr size_t kMaxPending = 64;

// The decimal parameters of a CSI ("21", "1;5", "0;12;3"); empty ones are 0, each is capped.
std::vector<int> Params(std::string_view params) {
  std::vector<int> out(1, 0);
  for (char c : params) {
    if (c == ';') {
      out.push_back(0);
    } else if (c >= '0' && c <= '9') {
      out.back() = std::min(out.back() * 10 + (c - '0'), 1000000);
    }
  }
  return out;
}

void Csi(std::string_view params, char final, std::vector<Event>* events) {
  if (!params.empty() && params[0] == '<') {  // SGR mouse: CSI < button ; x ; y M (m: release)
    const std::vector<int> p = Params(params.substr(1));
    if (final == 'M' && p.size() == 3 && p[0] == 0 && p[1] >= 1 && p[2] >= 1) {
      events->push_back({.key = Key::kMousePress, .col = p[1] - 1, .row = p[2] - 1});
    }
    return;
  }
  if (params.find_first_not_of("0123456789;") != std::string_view::npos) return;
  switch (final) {
    case 'A':
      events->push_back({.key = Key::kUp});
      break;
    case 'B':
      events->push_back({.key = Key::kDown});
      break;
    case 'C':
      events->push_back({.key = Key::kRight});
      break;
    case 'D':
      events->push_back({.key = Key::kLeft});
      break;
    case 'Z':
      events->push_back({.key = Key::kBackTab});
      break;
    case '~':
      switch (Params(params)[0]) {
        case 5:
          events->push_back({.key = Key::kPageUp});
          break;
        case 6:
          events->push_back({.key = Key::kPageDown});
          break;
        case 21:
          events->push_back({.key = Key::kF10});
          break;
        default:
          break;
      }
      break;
    default:
      break;  // a key this app has no use for
  }
}

void Control(unsigned char c, std::vector<Event>* events) {
  switch (c) {
    case '\r':
      events->push_back({.key = Key::kEnter});
      break;
    case '\t':
      events->push_back({.key = Key::kTab});
      break;
    case 0x7F:
    case 0x08:
      events->push_back({.key = Key::kBackspace});
      break;
    case 0x11:
      events->push_back({.key = Key::kCtrlQ});
      break;
    default:
      break;
  }
}

bool InRange(unsigned char c, unsigned char low, unsigned char high) {
  return c >= low && c <= high;
}

}  // namespace

size_t ParseInput(std::string_view input, std::vector<Event>* events) {
  const size_t size = input.size();
  const auto at = [&](size_t i) { return static_cast<unsigned char>(input[i]); };
  // Keeps an unfinished sequence starting at `start` for the next read, unless it is too long.
  const auto pending = [&](size_t start) { return size - start > kMaxPending ? size : start; };
  size_t i = 0;
  while (i < size) {
    const unsigned char c = at(i);
    if (c == 0x1B) {
      if (i + 1 == size) {  // a lone ESC at the end: the Esc key
        events->push_back({.key = Key::kEscape});
        ++i;
      } else if (at(i + 1) == '[') {
        // CSI: parameter bytes 0x30-0x3F, intermediate bytes 0x20-0x2F, a final byte 0x40-0x7E.
        size_t j = i + 2;
        while (j < size && InRange(at(j), 0x30, 0x3F)) ++j;
        const size_t params_end = j;
        while (j < size && InRange(at(j), 0x20, 0x2F)) ++j;
        if (j == size) return pending(i);
        if (InRange(at(j), 0x40, 0x7E)) {
          if (params_end == j) {
            Csi(input.substr(i + 2, params_end - i - 2), static_cast<char>(at(j)), events);
          }
          i = j + 1;
        } else {
          i = j;  // malformed: drop what was read and parse the stray byte on its own
        }
      } else if (at(i + 1) == 'O') {  // SS3: the application-mode cursor keys and F2
        if (i + 2 == size) return pending(i);
        if (InRange(at(i + 2), 0x40, 0x7E)) {
          static constexpr Key kKeys[] = {Key::kUp, Key::kDown, Key::kRight, Key::kLeft};
          const unsigned char f = at(i + 2);
          if (InRange(f, 'A', 'D')) events->push_back({.key = kKeys[f - 'A']});
          if (f == 'Q') events->push_back({.key = Key::kF2});
          i += 3;
        } else {
          i += 2;  // alt+O
        }
      } else if (InRange(at(i + 1), 0x20, 0x7E)) {  // alt+key: only alt+f means something
        if (at(i + 1) == 'f') events->push_back({.key = Key::kAltF});
        i += 2;
      } else {  // ESC before another ESC, a control or a non-ASCII byte: the Esc key
        events->push_back({.key = Key::kEscape});
        ++i;
      }
    } else if (c < 0x20 || c == 0x7F) {
      Control(c, events);
      ++i;
    } else {
      char32_t cp = 0;
      const int length = DecodeUtf8(input.substr(i), &cp);
      if (length == 0) return i;  // an incomplete character (at most 3 bytes) at the end
      if (length < 0) {
        ++i;  // not UTF-8: skip the byte
        continue;
      }
      if (cp < 0x80 || cp >= 0xA0) events->push_back({.key = Key::kChar, .ch = cp});
      i += static_cast<size_t>(length);
    }
  }
  return size;
}

}  // namespace presenter_app
