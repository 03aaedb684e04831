#include "vtsnap/tools/record_keys.h"

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/utf8.h"
#include "vtsnap/decoder/keys.h"

namespace vtsnap::tools::record_internal {
namespace {

constexpr char kEsc = '\x1b';

// The length of the UTF-8 character at the start of `bytes`: its length when whole and
// well-formed, 0 when it is cut short by the end of `bytes` (the rest may come), -1 when it is
// ill-formed (one byte is taken).
int CharLength(absl::string_view bytes) {
  const Utf8Char c = DecodeUtf8(bytes);
  if (c.valid) return c.length;
  const Utf8Lead lead = Utf8LeadOf(static_cast<uint8_t>(bytes[0]));
  if (lead.length > 1 && bytes.size() < static_cast<size_t>(lead.length) &&
      c.length == static_cast<int>(bytes.size())) {
    return 0;  // a well-formed beginning, cut short
  }
  return -1;
}

// The length of the escape sequence at the start of `bytes` (bytes[0] is ESC), or 0 when it is
// not finished yet.
size_t SequenceLength(absl::string_view bytes) {
  if (bytes.size() < 2) return 0;
  const char second = bytes[1];
  if (second == '[') {  // CSI: parameters and intermediates, then a final byte 0x40-0x7E
    for (size_t i = 2; i < bytes.size(); ++i) {
      const auto b = static_cast<unsigned char>(bytes[i]);
      if (b >= 0x40 && b <= 0x7E) return i + 1;
      if (b < 0x20 || b > 0x3F) return i;  // not a CSI byte: the sequence ends before it
    }
    return 0;
  }
  if (second == 'O') return bytes.size() >= 3 ? 3 : 0;  // SS3 and one byte
  if (second == 'P' || second == ']' || second == '_' || second == '^' || second == 'X') {
    // A string: up to ST (ESC \), or BEL for OSC.
    for (size_t i = 2; i < bytes.size(); ++i) {
      if (bytes[i] == '\a') return i + 1;
      if (bytes[i] == kEsc) {
        if (i + 1 == bytes.size()) return 0;
        return bytes[i + 1] == '\\' ? i + 2 : i;
      }
    }
    return 0;
  }
  if (second == kEsc) return 1;  // ESC ESC: the Escape key, then what the second starts
  // ESC and one character: alt+x.
  const int length = CharLength(bytes.substr(1));
  if (length == 0) return 0;
  return 1 + static_cast<size_t>(length < 0 ? 1 : length);
}

// The key word of a CSI or SS3 sequence, or "".
absl::string_view SequenceWord(absl::string_view token) {
  struct Entry {
    absl::string_view bytes;
    absl::string_view word;
  };
  static constexpr Entry kTable[] = {
      {"\x1b[A", "up"},      {"\x1b[B", "down"},    {"\x1b[C", "right"}, {"\x1b[D", "left"},
      {"\x1bOA", "up"},      {"\x1bOB", "down"},    {"\x1bOC", "right"}, {"\x1bOD", "left"},
      {"\x1b[H", "home"},    {"\x1b[F", "end"},     {"\x1bOH", "home"},  {"\x1bOF", "end"},
      {"\x1b[Z", "backtab"}, {"\x1b[3~", "delete"}, {"\x1b[5~", "pgup"}, {"\x1b[6~", "pgdn"},
      {"\x1bOP", "f1"},      {"\x1bOQ", "f2"},      {"\x1bOR", "f3"},    {"\x1bOS", "f4"},
      {"\x1b[15~", "f5"},    {"\x1b[17~", "f6"},    {"\x1b[18~", "f7"},  {"\x1b[19~", "f8"},
      {"\x1b[20~", "f9"},    {"\x1b[21~", "f10"},   {"\x1b[23~", "f11"}, {"\x1b[24~", "f12"},
  };
  for (const Entry& e : kTable) {
    if (e.bytes == token) return e.word;
  }
  return "";
}

// The word of a control byte, or "".
std::string ControlWord(unsigned char b) {
  switch (b) {
    case '\r':
      return "enter";
    case '\t':
      return "tab";
    case 0x1B:
      return "esc";
    case 0x7F:
      return "backspace";
    case ' ':
      return "space";
    case 0x00:
      return "ctrl+@";
    case 0x1C:
      return "ctrl+\\";
    case 0x1D:
      return "ctrl+]";
    case 0x1E:
      return "ctrl+^";
    case 0x1F:
      return "ctrl+_";
    default:
      break;
  }
  if (b >= 0x01 && b <= 0x1A)
    return absl::StrCat("ctrl+", std::string(1, static_cast<char>('a' + b - 1)));
  return "";
}

// Whether the one-character word `c` can follow "alt+" in a script: anything but a space or a
// control character (which no script word writes).
bool AltWritable(absl::string_view c) {
  const Utf8Char ch = DecodeUtf8(c);
  return ch.valid && ch.code_point > 0x20 && ch.code_point != 0x7F &&
         !(ch.code_point >= 0x80 && ch.code_point < 0xA0);
}

// Whether `word` (typed characters) reads back as exactly those characters.
bool ReadsAsCharacters(absl::string_view word) {
  absl::StatusOr<std::vector<Key>> keys = ParseKeys(word);
  if (!keys.ok()) return false;
  size_t count = 0;
  for (size_t pos = 0; pos < word.size(); ++count) DecodeUtf8(word, &pos);
  if (keys->size() != count) return false;
  for (const Key& k : *keys) {
    if (k.name != Key::Name::kChar || k.ctrl || k.alt) return false;
  }
  return true;
}

}  // namespace

size_t SplitInput(absl::string_view bytes, bool at_end, std::vector<InputToken>* out) {
  size_t pos = 0;
  while (pos < bytes.size()) {
    const absl::string_view rest = bytes.substr(pos);
    size_t length = 1;
    if (rest[0] == kEsc) {
      length = SequenceLength(rest);
      if (length == 0) {
        if (!at_end) break;
        // Unfinished: a lone ESC is the Escape key; anything longer goes as it is.
        length = rest.size() == 1 ? 1 : rest.size();
      }
    } else if (static_cast<unsigned char>(rest[0]) >= 0x80) {
      const int l = CharLength(rest);
      if (l == 0 && !at_end) break;
      length = l <= 0 ? (l == 0 ? rest.size() : 1) : static_cast<size_t>(l);
    }
    out->push_back({std::string(rest.substr(0, length))});
    pos += length;
  }
  return pos;
}

TokenKind ClassifyToken(absl::string_view token) {
  if (token.size() < 3 || token[0] != kEsc) return TokenKind::kKey;
  const char second = token[1];
  if (second == 'P' || second == ']' || second == '_' || second == '^' || second == 'X') {
    return TokenKind::kReply;  // DECRQSS, XTGETTCAP, colours, ...: no key sends a string
  }
  if (second != '[') return TokenKind::kKey;
  const char final_byte = token.back();
  const absl::string_view params = token.substr(2, token.size() - 3);
  const char lead = params.empty() ? '\0' : params[0];
  // Device attributes (CSI ? ... c, CSI > ... c, CSI = ... c), mode reports (CSI ... $ y),
  // DECXCPR (CSI ? r ; c R), a keyboard-protocol report (CSI ? flags u).
  if ((lead == '?' || lead == '>' || lead == '=') &&
      (final_byte == 'c' || final_byte == 'R' || final_byte == 'u')) {
    return TokenKind::kReply;
  }
  if (final_byte == 'y' && !params.empty() && params.back() == '$') return TokenKind::kReply;
  // Window reports (CSI 8 ; rows ; cols t, ...) and the status report CSI 0 n.
  if (final_byte == 't' || (final_byte == 'n' && params == "0")) return TokenKind::kReply;
  if (final_byte == 'R' && params.find(';') != absl::string_view::npos &&
      params.find_first_not_of("0123456789;") == absl::string_view::npos) {
    return TokenKind::kCursorReport;
  }
  return TokenKind::kKey;
}

KeyWord KeyWordOf(absl::string_view token) {
  if (token.empty()) return {};
  const auto first = static_cast<unsigned char>(token[0]);
  if (token.size() == 1) {
    if (std::string word = ControlWord(first); !word.empty()) return {KeyWord::Kind::kWord, word};
    if (first > 0x20 && first < 0x7F) return {KeyWord::Kind::kChar, std::string(token)};
    return {};
  }
  if (first == kEsc) {
    if (absl::string_view word = SequenceWord(token); !word.empty()) {
      return {KeyWord::Kind::kWord, std::string(word)};
    }
    const absl::string_view rest = token.substr(1);
    if (CharLength(rest) == static_cast<int>(rest.size()) && AltWritable(rest)) {
      return {KeyWord::Kind::kWord, absl::StrCat("alt+", rest)};
    }
    return {};
  }
  const Utf8Char c = DecodeUtf8(token);
  if (c.valid && c.length == static_cast<int>(token.size()) && c.code_point >= 0xA0) {
    return {KeyWord::Kind::kChar, std::string(token)};
  }
  return {};
}

std::vector<ReplayPiece> ToReplayPieces(absl::string_view bytes) {
  std::vector<InputToken> tokens;
  SplitInput(bytes, /*at_end=*/true, &tokens);
  std::vector<ReplayPiece> pieces;
  std::string word;  // characters typed in a row, not yet written
  auto add = [&pieces](bool keys, absl::string_view text, absl::string_view separator) {
    if (pieces.empty() || pieces.back().keys != keys) {
      pieces.push_back({keys, ""});
      separator = "";
    }
    absl::StrAppend(&pieces.back().text, separator, text);
  };
  auto flush_word = [&] {
    if (word.empty()) return;
    if (ReadsAsCharacters(word)) {
      add(true, word, " ");
    } else {
      for (size_t pos = 0; pos < word.size();) {
        const size_t start = pos;
        DecodeUtf8(word, &pos);
        add(true, absl::string_view(word).substr(start, pos - start), " ");
      }
    }
    word.clear();
  };
  for (const InputToken& token : tokens) {
    const KeyWord k = KeyWordOf(token.bytes);
    if (k.kind == KeyWord::Kind::kChar) {
      word += k.text;
      continue;
    }
    flush_word();
    if (k.kind == KeyWord::Kind::kWord) {
      add(true, k.text, " ");
    } else {
      add(false, token.bytes, "");
    }
  }
  flush_word();
  return pieces;
}

std::string CppStringLiteral(absl::string_view bytes) {
  std::string out = "\"";
  for (size_t pos = 0; pos < bytes.size();) {
    const auto b = static_cast<unsigned char>(bytes[pos]);
    if (b == '"' || b == '\\') {
      absl::StrAppend(&out, "\\", std::string(1, static_cast<char>(b)));
      ++pos;
    } else if (b >= 0x20 && b < 0x7F) {
      out += static_cast<char>(b);
      ++pos;
    } else if (b >= 0x80 && CharLength(bytes.substr(pos)) > 0 &&
               DecodeUtf8(bytes.substr(pos)).code_point >= 0xA0) {
      const int length = CharLength(bytes.substr(pos));
      out.append(bytes.data() + pos, static_cast<size_t>(length));
      pos += static_cast<size_t>(length);
    } else {
      absl::StrAppend(&out, absl::StrFormat("\\%03o", b));
      ++pos;
    }
  }
  out += '"';
  return out;
}

}  // namespace vtsnap::tools::record_internal
