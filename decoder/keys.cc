#include "vtsnap/decoder/keys.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "absl/strings/cord.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vtsnap/base/quote.h"
#include "vtsnap/base/status_macros.h"
#include "vtsnap/base/utf8.h"

namespace vtsnap {
namespace {

using Name = Key::Name;

struct NamedKey {
  absl::string_view word;  // lowercase
  Name name;
};

// The script names (matched ignoring ASCII case). The first spelling of a Name is its FormatKey.
constexpr NamedKey kNames[] = {
    {"enter", Name::kEnter},
    {"esc", Name::kEsc},
    {"up", Name::kUp},
    {"down", Name::kDown},
    {"left", Name::kLeft},
    {"right", Name::kRight},
    {"pgup", Name::kPgUp},
    {"pgdn", Name::kPgDn},
    {"home", Name::kHome},
    {"end", Name::kEnd},
    {"backspace", Name::kBackspace},
    {"delete", Name::kDelete},
    {"space", Name::kSpace},
    {"tab", Name::kTab},
    {"backtab", Name::kBacktab},
    {"shift+tab", Name::kBacktab},
    {"f1", Name::kF1},
    {"f2", Name::kF2},
    {"f3", Name::kF3},
    {"f4", Name::kF4},
    {"f5", Name::kF5},
    {"f6", Name::kF6},
    {"f7", Name::kF7},
    {"f8", Name::kF8},
    {"f9", Name::kF9},
    {"f10", Name::kF10},
    {"f11", Name::kF11},
    {"f12", Name::kF12},
};

constexpr absl::string_view kCtrlPrefix = "ctrl+";
constexpr absl::string_view kAltPrefix = "alt+";

bool IsScalarValue(char32_t cp) { return cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF); }

// The control code ctrl+<cp> sends: Xlib's XLookupString control translation (letters in either
// case, @ [ \ ] ^ _ space, 2-8 and /) plus ctrl+? as DEL, its caret name. docs/keys.md.
std::optional<char> ControlCode(char32_t cp) {
  if (cp >= 'a' && cp <= 'z') return static_cast<char>(cp - 'a' + 1);
  if (cp >= 'A' && cp <= 'Z') return static_cast<char>(cp - 'A' + 1);
  switch (cp) {
    case '@':
    case ' ':
    case '2':
      return '\x00';
    case '[':
    case '3':
      return '\x1b';
    case '\\':
    case '4':
      return '\x1c';
    case ']':
    case '5':
      return '\x1d';
    case '^':
    case '6':
      return '\x1e';
    case '_':
    case '7':
    case '/':
      return '\x1f';
    case '?':
    case '8':
      return '\x7f';
    default:
      return std::nullopt;
  }
}

// True for a code point a script can show as itself: not a control (C0, DEL, C1), not a space,
// a scalar value.
bool Showable(char32_t cp) {
  return cp > 0x20 && cp != 0x7F && !(cp >= 0x80 && cp <= 0x9F) && IsScalarValue(cp);
}

absl::Status WordError(absl::string_view word, size_t offset, absl::string_view why) {
  absl::Status status = absl::InvalidArgumentError(
      absl::StrCat("key script: ", QuoteForMessage(word, {.keep_showable_utf8 = true}), " (column ",
                   offset + 1, "): ", why));
  status.SetPayload(kKeyScriptWordPayloadUrl, absl::Cord(word));
  return status;
}

std::string ShowCodePoint(char32_t cp) {
  if (!Showable(cp)) return absl::StrFormat("U+%04X", static_cast<uint32_t>(cp));
  std::string out;
  AppendUtf8(cp, &out);
  return out;
}

// Parses one word starting at byte `offset` of the script, appending its keys.
absl::Status ParseWord(absl::string_view word, size_t offset, std::vector<Key>* keys) {
  std::vector<char32_t> cps;
  for (size_t i = 0; i < word.size();) {
    const Utf8Char c = DecodeUtf8(word.substr(i));
    if (!c.valid) {
      return WordError(word, offset,
                       absl::StrFormat("malformed UTF-8 (byte 0x%02X at byte offset %d)",
                                       static_cast<unsigned char>(word[i]), offset + i));
    }
    cps.push_back(c.code_point);
    i += static_cast<size_t>(c.length);
  }
  for (const NamedKey& named : kNames) {
    if (absl::EqualsIgnoreCase(word, named.word)) {
      keys->push_back(Key{.name = named.name});
      return absl::OkStatus();
    }
  }
  // The prefixes are names too, so they are read in any ASCII case (Ctrl+c is ctrl+c).
  const bool ctrl = absl::StartsWithIgnoreCase(word, kCtrlPrefix);
  const bool alt = absl::StartsWithIgnoreCase(word, kAltPrefix);
  if (ctrl || alt) {
    const size_t prefix_cps = (ctrl ? kCtrlPrefix : kAltPrefix).size();  // ASCII: bytes == cps
    const size_t rest = cps.size() - prefix_cps;
    if (rest > 1) return WordError(word, offset, "ctrl+ and alt+ take exactly one character");
    if (rest == 1) {
      keys->push_back(Key{.ch = cps.back(), .ctrl = ctrl, .alt = alt});
      return absl::OkStatus();
    }
    // "ctrl+" alone is not "ctrl+ followed by one character": like any other word, it is typed.
  }
  for (char32_t cp : cps) keys->push_back(Key{.ch = cp});
  return absl::OkStatus();
}

// The sequence a named key sends; "" for kChar and unknown names.
absl::string_view NamedSequence(Name name, bool application_cursor) {
  switch (name) {
    case Name::kChar:
      return "";
    case Name::kEnter:
      return "\r";
    case Name::kEsc:
      return "\x1b";
    case Name::kUp:
      return application_cursor ? "\x1bOA" : "\x1b[A";
    case Name::kDown:
      return application_cursor ? "\x1bOB" : "\x1b[B";
    case Name::kRight:
      return application_cursor ? "\x1bOC" : "\x1b[C";
    case Name::kLeft:
      return application_cursor ? "\x1bOD" : "\x1b[D";
    case Name::kHome:
      return application_cursor ? "\x1bOH" : "\x1b[H";
    case Name::kEnd:
      return application_cursor ? "\x1bOF" : "\x1b[F";
    case Name::kPgUp:
      return "\x1b[5~";
    case Name::kPgDn:
      return "\x1b[6~";
    case Name::kBackspace:
      return "\x7f";
    case Name::kDelete:
      return "\x1b[3~";
    case Name::kSpace:
      return " ";
    case Name::kTab:
      return "\t";
    case Name::kBacktab:
      return "\x1b[Z";
    case Name::kF1:
      return "\x1bOP";
    case Name::kF2:
      return "\x1bOQ";
    case Name::kF3:
      return "\x1bOR";
    case Name::kF4:
      return "\x1bOS";
    case Name::kF5:
      return "\x1b[15~";
    case Name::kF6:
      return "\x1b[17~";
    case Name::kF7:
      return "\x1b[18~";
    case Name::kF8:
      return "\x1b[19~";
    case Name::kF9:
      return "\x1b[20~";
    case Name::kF10:
      return "\x1b[21~";
    case Name::kF11:
      return "\x1b[23~";
    case Name::kF12:
      return "\x1b[24~";
  }
  return "";
}

absl::string_view NameWord(Name name) {
  for (const NamedKey& named : kNames) {
    if (named.name == name) return named.word;
  }
  return "";
}

std::string Mouse(int col, int row, int button, char final_byte) {
  // int64_t: col + 1 cannot overflow.
  const int64_t x = static_cast<int64_t>(std::max(col, 0)) + 1;
  const int64_t y = static_cast<int64_t>(std::max(row, 0)) + 1;
  return absl::StrCat("\x1b[<", button, ";", x, ";", y, absl::string_view(&final_byte, 1));
}

}  // namespace

absl::StatusOr<std::vector<Key>> ParseKeys(absl::string_view script) {
  std::vector<Key> keys;
  size_t i = 0;
  while (i < script.size()) {
    if (script[i] == ' ') {
      ++i;
      continue;
    }
    size_t end = script.find(' ', i);
    if (end == absl::string_view::npos) end = script.size();
    VTSNAP_RETURN_IF_ERROR(ParseWord(script.substr(i, end - i), i, &keys));
    i = end;
  }
  return keys;
}

std::string OffendingWord(const absl::Status& status) {
  const auto word = status.GetPayload(kKeyScriptWordPayloadUrl);
  return word.has_value() ? std::string(*word) : std::string();
}

absl::StatusOr<std::string> EncodeKey(const Key& key, const KeyEncoding& enc) {
  if (key.name != Name::kChar) {
    if (key.ctrl || key.alt) {
      return absl::InvalidArgumentError(absl::StrCat("cannot encode ", FormatKey(key),
                                                     ": ctrl+ and alt+ apply to characters only"));
    }
    absl::string_view seq = NamedSequence(key.name, enc.application_cursor);
    if (seq.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("cannot encode key name ", static_cast<int>(key.name)));
    }
    return std::string(seq);
  }
  if (!IsScalarValue(key.ch)) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot encode ", FormatKey(key), ": not a Unicode scalar value"));
  }
  std::string out;
  if (key.alt) out.push_back('\x1b');
  if (key.ctrl) {
    // A character without a control code is sent as itself, as xterm does without
    // modifyOtherKeys (XLookupString leaves it unchanged).
    if (std::optional<char> code = ControlCode(key.ch); code.has_value()) {
      out.push_back(*code);
      return out;
    }
  }
  AppendUtf8(key.ch, &out);
  return out;
}

absl::StatusOr<std::string> EncodeKeys(absl::string_view script, const KeyEncoding& enc) {
  absl::StatusOr<std::vector<Key>> keys = ParseKeys(script);
  if (!keys.ok()) return keys.status();
  std::string out;
  for (const Key& key : *keys) {
    absl::StatusOr<std::string> bytes = EncodeKey(key, enc);
    if (!bytes.ok()) return bytes.status();
    out += *bytes;
  }
  return out;
}

std::string FormatKey(const Key& key) {
  std::string out;
  if (key.ctrl) absl::StrAppend(&out, kCtrlPrefix);
  if (key.alt) absl::StrAppend(&out, kAltPrefix);
  if (key.name == Name::kChar) {
    out += ShowCodePoint(key.ch);
  } else if (absl::string_view word = NameWord(key.name); !word.empty()) {
    absl::StrAppend(&out, word);
  } else {
    absl::StrAppend(&out, "<key ", static_cast<int>(key.name), ">");
  }
  return out;
}

std::string MousePress(int col, int row, MouseButton button) {
  return Mouse(col, row, static_cast<int>(button), 'M');
}

std::string MouseRelease(int col, int row, MouseButton button) {
  return Mouse(col, row, static_cast<int>(button), 'm');
}

std::string MouseClick(int col, int row, MouseButton button) {
  return MousePress(col, row, button) + MouseRelease(col, row, button);
}

std::string MouseWheel(int col, int row, bool up) { return Mouse(col, row, up ? 64 : 65, 'M'); }

}  // namespace vtsnap
