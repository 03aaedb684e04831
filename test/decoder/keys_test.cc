// Key scripts, key encoding and mouse reports (decoder/keys.h, docs/keys.md).
//
// The expected bytes are written from the sources docs/keys.md cites, not from the output:
// ctlseqs = XTerm Control Sequences (xterm-410 ctlseqs.txt), "PC-Style Function Keys" and "Mouse
// Tracking"; Xlib = libX11 src/KeyBind.c, _XTranslateKeySym's control translation.
#include "vtsnap/decoder/keys.h"

#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/cord.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace vtsnap {

// Lets gtest print keys in failure messages (found by argument-dependent lookup).
void PrintTo(const Key& key, std::ostream* os) { *os << FormatKey(key); }

namespace {

using Name = Key::Name;
using ::testing::ElementsAre;

Key Named(Name name) { return Key{.name = name}; }
Key Char(char32_t ch) { return Key{.ch = ch}; }
Key Ctrl(char32_t ch) { return Key{.ch = ch, .ctrl = true}; }
Key Alt(char32_t ch) { return Key{.ch = ch, .alt = true}; }

// ESC and then `rest` ("\x1b" "a" would otherwise be needed: \x1ba is one hex escape).
std::string Esc(absl::string_view rest) { return absl::StrCat("\x1b", rest); }

std::vector<Key> Parsed(absl::string_view script) {
  absl::StatusOr<std::vector<Key>> keys = ParseKeys(script);
  EXPECT_TRUE(keys.ok()) << keys.status();
  return keys.ok() ? *keys : std::vector<Key>{};
}

// "EnTeR": every other letter upper case.
std::string Mixed(absl::string_view word) {
  std::string out(word);
  for (size_t i = 0; i < out.size(); i += 2) out[i] = absl::ascii_toupper(out[i]);
  return out;
}

// --- Parsing ---------------------------------------------------------------------------------

struct NameCase {
  const char* word;  // lowercase
  Name name;
};

// The spec's names, then the documented extras (f1-f12, shift+tab).
constexpr NameCase kNameCases[] = {
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

TEST(ParseKeysTest, NamesParseInLowerCase) {
  for (const NameCase& c : kNameCases) {
    SCOPED_TRACE(c.word);
    EXPECT_THAT(Parsed(c.word), ElementsAre(Named(c.name)));
  }
}

TEST(ParseKeysTest, NamesParseInUpperCase) {
  for (const NameCase& c : kNameCases) {
    const std::string word = absl::AsciiStrToUpper(c.word);
    SCOPED_TRACE(word);
    EXPECT_THAT(Parsed(word), ElementsAre(Named(c.name)));
  }
}

TEST(ParseKeysTest, NamesParseInMixedCase) {
  for (const NameCase& c : kNameCases) {
    const std::string word = Mixed(c.word);
    SCOPED_TRACE(word);
    EXPECT_THAT(Parsed(word), ElementsAre(Named(c.name)));
  }
}

TEST(ParseKeysTest, SpecExample) {
  EXPECT_THAT(Parsed("tab / foo enter ctrl+c"),
              ElementsAre(Named(Name::kTab), Char('/'), Char('f'), Char('o'), Char('o'),
                          Named(Name::kEnter), Ctrl('c')));
}

struct ParseCase {
  const char* what;
  const char* script;
  std::vector<Key> keys;
};

TEST(ParseKeysTest, CtrlAndAltTakeOneCharacter) {
  const ParseCase kCases[] = {
      {"ctrl+ lowercase letter", "ctrl+k", {Ctrl('k')}},
      {"ctrl+ uppercase letter keeps its case", "ctrl+K", {Ctrl('K')}},
      {"ctrl+ symbol", "ctrl+[", {Ctrl('[')}},
      {"ctrl+ digit", "ctrl+2", {Ctrl('2')}},
      {"ctrl+ slash", "ctrl+/", {Ctrl('/')}},
      {"alt+ lowercase letter", "alt+x", {Alt('x')}},
      {"alt+ uppercase letter keeps its case", "alt+X", {Alt('X')}},
      {"alt+ symbol", "alt+.", {Alt('.')}},
      {"alt+ plus sign", "alt++", {Alt('+')}},
      {"alt+ digit", "alt+1", {Alt('1')}},
      {"alt+ two-byte character", "alt+\xc3\xa9", {Alt(U'\u00e9')}},
      {"alt+ four-byte character", "alt+\xf0\x9f\x98\x80", {Alt(U'\U0001F600')}},
  };
  for (const ParseCase& c : kCases) {
    SCOPED_TRACE(c.what);
    EXPECT_EQ(Parsed(c.script), c.keys);
  }
}

TEST(ParseKeysTest, OtherWordsTypeTheirCharacters) {
  const ParseCase kCases[] = {
      {"ascii word", "foo", {Char('f'), Char('o'), Char('o')}},
      {"one character", "x", {Char('x')}},
      {"punctuation", "/", {Char('/')}},
      {"a lone plus", "+", {Char('+')}},
      {"a name with more after it",
       "enter1",
       {Char('e'), Char('n'), Char('t'), Char('e'), Char('r'), Char('1')}},
      {"not a name: f13", "f13", {Char('f'), Char('1'), Char('3')}},
      {"not a name: f0", "f0", {Char('f'), Char('0')}},
      {"not a name: shift+a",
       "shift+a",
       {Char('s'), Char('h'), Char('i'), Char('f'), Char('t'), Char('+'), Char('a')}},
      {"ctrl without plus", "ctrl", {Char('c'), Char('t'), Char('r'), Char('l')}},
      // Not "ctrl+ followed by one character": typed like any other word.
      {"ctrl+ alone", "ctrl+", {Char('c'), Char('t'), Char('r'), Char('l'), Char('+')}},
      {"alt+ alone", "alt+", {Char('a'), Char('l'), Char('t'), Char('+')}},
      {"the prefixes are read in any case",
       "Ctrl+c CTRL+d Alt+x",
       {Ctrl('c'), Ctrl('d'), Alt('x')}},
      {"prefix not at the start",
       "xctrl+c",
       {Char('x'), Char('c'), Char('t'), Char('r'), Char('l'), Char('+'), Char('c')}},
      {"two-byte characters", "h\xc3\xa9", {Char('h'), Char(U'\u00e9')}},
      {"three-byte characters", "\xe6\x97\xa5\xe6\x9c\xac", {Char(U'\u65e5'), Char(U'\u672c')}},
      {"four-byte character", "\xf0\x9f\x98\x80", {Char(U'\U0001F600')}},
      {"combining mark is its own code point", "e\xcc\x81", {Char('e'), Char(U'\u0301')}},
      {"a tab byte is a character, not a separator", "a\tb", {Char('a'), Char('\t'), Char('b')}},
  };
  for (const ParseCase& c : kCases) {
    SCOPED_TRACE(c.what);
    EXPECT_EQ(Parsed(c.script), c.keys);
  }
}

TEST(ParseKeysTest, SpacesSeparateWords) {
  const ParseCase kCases[] = {
      {"empty script", "", {}},
      {"only spaces", "   ", {}},
      {"one space", "a b", {Char('a'), Char('b')}},
      {"several spaces", "a    b", {Char('a'), Char('b')}},
      {"leading and trailing spaces", "  up  ", {Named(Name::kUp)}},
      {"names and words",
       " esc  ab   ctrl+c ",
       {Named(Name::kEsc), Char('a'), Char('b'), Ctrl('c')}},
  };
  for (const ParseCase& c : kCases) {
    SCOPED_TRACE(c.what);
    EXPECT_EQ(Parsed(c.script), c.keys);
  }
}

struct ErrorCase {
  const char* what;
  const char* script;
  const char* message;
  std::string word;
};

TEST(ParseKeysTest, ErrorsNameTheWordAndItsColumn) {
  const ErrorCase kCases[] = {
      {"ctrl+ with two characters (the spec's example)", "tab ctrl+kk",
       "key script: \"ctrl+kk\" (column 5): ctrl+ and alt+ take exactly one character", "ctrl+kk"},
      {"ctrl+ with a name after it", "ctrl+enter",
       "key script: \"ctrl+enter\" (column 1): ctrl+ and alt+ take exactly one character",
       "ctrl+enter"},
      {"ctrl+space is not a name", "ctrl+space",
       "key script: \"ctrl+space\" (column 1): ctrl+ and alt+ take exactly one character",
       "ctrl+space"},
      {"alt+ with two characters", "a alt+xy",
       "key script: \"alt+xy\" (column 3): ctrl+ and alt+ take exactly one character", "alt+xy"},
      {"two code points that look like one character", "alt+e\xcc\x81",
       "key script: \"alt+e\xcc\x81\" (column 1): ctrl+ and alt+ take exactly one character",
       "alt+e\xcc\x81"},
      {"stray continuation byte", "ab \xff",
       "key script: \"\\xff\" (column 4): malformed UTF-8 (byte 0xFF at byte offset 3)", "\xff"},
      {"truncated sequence", "x h\xc3",
       "key script: \"h\\xc3\" (column 3): malformed UTF-8 (byte 0xC3 at byte offset 3)", "h\xc3"},
      {"overlong encoding", "\xc0\xaf",
       "key script: \"\\xc0\\xaf\" (column 1): malformed UTF-8 (byte 0xC0 at byte offset 0)",
       "\xc0\xaf"},
      {"surrogate", "a\xed\xa0\x80",
       "key script: \"a\\xed\\xa0\\x80\" (column 1): malformed UTF-8 (byte 0xED at byte offset "
       "1)",
       "a\xed\xa0\x80"},
      {"past U+10FFFF", "\xf4\x90\x80\x80",
       "key script: \"\\xf4\\x90\\x80\\x80\" (column 1): malformed UTF-8 (byte 0xF4 at byte "
       "offset 0)",
       "\xf4\x90\x80\x80"},
      {"malformed UTF-8 after ctrl+", "ctrl+\xe9",
       "key script: \"ctrl+\\xe9\" (column 1): malformed UTF-8 (byte 0xE9 at byte offset 5)",
       "ctrl+\xe9"},
  };
  for (const ErrorCase& c : kCases) {
    SCOPED_TRACE(c.what);
    absl::StatusOr<std::vector<Key>> keys = ParseKeys(c.script);
    ASSERT_FALSE(keys.ok());
    EXPECT_EQ(keys.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(keys.status().message(), c.message);
    EXPECT_EQ(OffendingWord(keys.status()), c.word);
    absl::StatusOr<std::string> bytes = EncodeKeys(c.script);
    EXPECT_EQ(bytes.status(), keys.status());
  }
}

TEST(ParseKeysTest, TheFirstBadWordIsReported) {
  absl::StatusOr<std::vector<Key>> keys = ParseKeys("alt+ab ctrl+");
  ASSERT_FALSE(keys.ok());
  EXPECT_EQ(OffendingWord(keys.status()), "alt+ab");
}

TEST(OffendingWordTest, PayloadUnderItsTypeUrl) {
  absl::StatusOr<std::vector<Key>> keys = ParseKeys("ctrl+kk");
  ASSERT_FALSE(keys.ok());
  const auto payload = keys.status().GetPayload("vtsnap.dev/key-script-word");
  ASSERT_TRUE(payload.has_value());
  EXPECT_EQ(std::string(*payload), "ctrl+kk");
}

TEST(OffendingWordTest, EmptyForOtherStatuses) {
  EXPECT_EQ(OffendingWord(absl::OkStatus()), "");
  EXPECT_EQ(OffendingWord(absl::InvalidArgumentError("key script: something")), "");
}

// --- Encoding --------------------------------------------------------------------------------

struct EncodeCase {
  const char* script;
  const char* normal;       // DECCKM reset
  const char* application;  // DECCKM set
};

TEST(EncodeKeysTest, NamedKeysInBothCursorModes) {
  const EncodeCase kCases[] = {
      // ctlseqs, application keypad table, "Numeric" column: Enter is CR, Tab TAB, Space SP.
      {"enter", "\r", "\r"},
      {"tab", "\t", "\t"},
      {"space", " ", " "},
      {"esc", "\x1b", "\x1b"},
      // ctlseqs, modifyOtherKeys: shift-Tab sends CSI Z when modifyOtherKeys is not 2.
      {"backtab", "\x1b[Z", "\x1b[Z"},
      {"shift+tab", "\x1b[Z", "\x1b[Z"},
      // xterm(1) backarrowKeyIsErase: DEL with xterm's defaults (and with Linux's stty erase).
      {"backspace", "\x7f", "\x7f"},
      // ctlseqs, 6-key editing keypad (not affected by DECCKM): Delete CSI 3 ~, PageUp CSI 5 ~,
      // PageDown CSI 6 ~.
      {"delete", "\x1b[3~", "\x1b[3~"},
      {"pgup", "\x1b[5~", "\x1b[5~"},
      {"pgdn", "\x1b[6~", "\x1b[6~"},
      // ctlseqs, cursor keys: CSI A-D normal, SS3 A-D application.
      {"up", "\x1b[A", "\x1bOA"},
      {"down", "\x1b[B", "\x1bOB"},
      {"right", "\x1b[C", "\x1bOC"},
      {"left", "\x1b[D", "\x1bOD"},
      // ctlseqs: home and end are cursor keys too: CSI H / CSI F, SS3 H / SS3 F.
      {"home", "\x1b[H", "\x1bOH"},
      {"end", "\x1b[F", "\x1bOF"},
      // ctlseqs, function keys: F1-F4 SS3 P-S, F5 CSI 15 ~, F6 17, F7 18, F8 19, F9 20, F10 21,
      // F11 23, F12 24.
      {"f1", "\x1bOP", "\x1bOP"},
      {"f2", "\x1bOQ", "\x1bOQ"},
      {"f3", "\x1bOR", "\x1bOR"},
      {"f4", "\x1bOS", "\x1bOS"},
      {"f5", "\x1b[15~", "\x1b[15~"},
      {"f6", "\x1b[17~", "\x1b[17~"},
      {"f7", "\x1b[18~", "\x1b[18~"},
      {"f8", "\x1b[19~", "\x1b[19~"},
      {"f9", "\x1b[20~", "\x1b[20~"},
      {"f10", "\x1b[21~", "\x1b[21~"},
      {"f11", "\x1b[23~", "\x1b[23~"},
      {"f12", "\x1b[24~", "\x1b[24~"},
  };
  for (const EncodeCase& c : kCases) {
    SCOPED_TRACE(c.script);
    absl::StatusOr<std::string> normal = EncodeKeys(c.script);
    ASSERT_TRUE(normal.ok()) << normal.status();
    EXPECT_EQ(*normal, c.normal);
    absl::StatusOr<std::string> application = EncodeKeys(c.script, {.application_cursor = true});
    ASSERT_TRUE(application.ok()) << application.status();
    EXPECT_EQ(*application, c.application);
  }
}

struct BytesCase {
  const char* script;
  std::string bytes;  // std::string: some hold NUL
};

void ExpectEncodings(const std::vector<BytesCase>& cases) {
  for (const BytesCase& c : cases) {
    SCOPED_TRACE(c.script);
    absl::StatusOr<std::string> bytes = EncodeKeys(c.script);
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    EXPECT_EQ(*bytes, c.bytes);
  }
}

// Xlib: a control character is c & 0x1F for '@' <= c < DEL and space; 2 is NUL, 3-7 are
// ESC FS GS RS US, 8 is DEL, / is US. ctrl+? is DEL by its caret name (^?).
TEST(EncodeKeysTest, CtrlLettersInEitherCase) {
  ExpectEncodings({
      {"ctrl+a", "\x01"},
      {"ctrl+A", "\x01"},
      {"ctrl+c", "\x03"},
      {"ctrl+C", "\x03"},
      {"ctrl+m", "\x0d"},
      {"ctrl+z", "\x1a"},
      {"ctrl+Z", "\x1a"},
  });
}

TEST(EncodeKeysTest, CtrlSymbolsAndDigits) {
  ExpectEncodings({
      {"ctrl+@", std::string(1, '\0')},
      {"ctrl+2", std::string(1, '\0')},
      {"ctrl+[", "\x1b"},
      {"ctrl+3", "\x1b"},
      {"ctrl+\\", "\x1c"},
      {"ctrl+4", "\x1c"},
      {"ctrl+]", "\x1d"},
      {"ctrl+5", "\x1d"},
      {"ctrl+^", "\x1e"},
      {"ctrl+6", "\x1e"},
      {"ctrl+_", "\x1f"},
      {"ctrl+7", "\x1f"},
      {"ctrl+/", "\x1f"},
      {"ctrl+?", "\x7f"},
      {"ctrl+8", "\x7f"},
  });
}

// Without modifyOtherKeys, xterm sends a key that has no control code (XLookupString leaves it
// alone) as the character itself.
TEST(EncodeKeysTest, CtrlWithoutAControlCodeSendsTheCharacter) {
  ExpectEncodings({
      {"ctrl+1", "1"},
      {"ctrl+9", "9"},
      {"ctrl++", "+"},
      {"ctrl+`", "`"},
      {"ctrl+\xc3\xa9", "\xc3\xa9"},
  });
}

// ctlseqs, "Alt and Meta Keys": with metaSendsEscape, Meta-x sends ESC x.
TEST(EncodeKeysTest, AltPrefixesEscapeAndKeepsCase) {
  ExpectEncodings({
      {"alt+a", Esc("a")},
      {"alt+A", Esc("A")},
      {"alt+1", Esc("1")},
      {"alt+.", "\x1b."},
      {"alt+[", "\x1b["},
      {"alt+\xc3\xa9", "\x1b\xc3\xa9"},
      {"alt+\xf0\x9f\x98\x80", "\x1b\xf0\x9f\x98\x80"},
  });
}

TEST(EncodeKeysTest, CharactersAreTheirUtf8) {
  ExpectEncodings({
      {"foo", "foo"},
      {"h\xc3\xa9 \xe6\x97\xa5", "h\xc3\xa9\xe6\x97\xa5"},
      {"\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80"},
      {"", ""},
  });
}

TEST(EncodeKeysTest, AScriptIsTheKeysInOrder) {
  ExpectEncodings({
      {"tab / foo enter ctrl+c", "\t/foo\r\x03"},
      {"ls space -l enter", "ls -l\r"},
      {"esc : w q enter", "\x1b:wq\r"},
  });
  absl::StatusOr<std::string> app = EncodeKeys("down down enter", {.application_cursor = true});
  ASSERT_TRUE(app.ok()) << app.status();
  EXPECT_EQ(*app, "\x1bOB\x1bOB\r");
}

struct KeyCase {
  const char* what;
  Key key;
  std::string bytes;
};

TEST(EncodeKeyTest, KeysNoScriptWrites) {
  const KeyCase kCases[] = {
      // Xlib: ctrl+space is NUL; ctlseqs: Meta (alt) prefixes ESC to what the key sends.
      {"ctrl+space", Ctrl(' '), std::string(1, '\0')},
      {"ctrl+alt+c", Key{.ch = 'c', .ctrl = true, .alt = true}, "\x1b\x03"},
      {"a space character", Char(' '), " "},
  };
  for (const KeyCase& c : kCases) {
    SCOPED_TRACE(c.what);
    absl::StatusOr<std::string> bytes = EncodeKey(c.key);
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    EXPECT_EQ(*bytes, c.bytes);
  }
}

struct BadKeyCase {
  const char* what;
  Key key;
  const char* message;
};

TEST(EncodeKeyTest, RejectsKeysWithoutBytes) {
  const BadKeyCase kCases[] = {
      {"ctrl+ on a name", Key{.name = Name::kEnter, .ctrl = true},
       "cannot encode ctrl+enter: ctrl+ and alt+ apply to characters only"},
      {"alt+ on a name", Key{.name = Name::kUp, .alt = true},
       "cannot encode alt+up: ctrl+ and alt+ apply to characters only"},
      {"a surrogate", Char(0xD800), "cannot encode U+D800: not a Unicode scalar value"},
      {"past U+10FFFF", Char(0x110000), "cannot encode U+110000: not a Unicode scalar value"},
      {"an unknown name", Key{.name = static_cast<Name>(200)}, "cannot encode key name 200"},
  };
  for (const BadKeyCase& c : kCases) {
    SCOPED_TRACE(c.what);
    absl::StatusOr<std::string> bytes = EncodeKey(c.key);
    ASSERT_FALSE(bytes.ok());
    EXPECT_EQ(bytes.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(bytes.status().message(), c.message);
  }
}

// --- FormatKey -------------------------------------------------------------------------------

struct FormatCase {
  Key key;
  const char* text;
};

TEST(FormatKeyTest, ShowsScriptText) {
  const FormatCase kCases[] = {
      {Named(Name::kEnter), "enter"},
      {Named(Name::kBacktab), "backtab"},
      {Named(Name::kPgDn), "pgdn"},
      {Named(Name::kF12), "f12"},
      {Char('f'), "f"},
      {Char(U'\u00e9'), "\xc3\xa9"},
      {Ctrl('c'), "ctrl+c"},
      {Ctrl('C'), "ctrl+C"},
      {Alt('x'), "alt+x"},
      {Key{.ch = 'c', .ctrl = true, .alt = true}, "ctrl+alt+c"},
      {Char(' '), "U+0020"},
      {Char('\t'), "U+0009"},
      {Char(0x7F), "U+007F"},
      {Char(0x85), "U+0085"},
      {Char(0xD800), "U+D800"},
      {Key{.name = static_cast<Name>(200)}, "<key 200>"},
  };
  for (const FormatCase& c : kCases) {
    SCOPED_TRACE(c.text);
    EXPECT_EQ(FormatKey(c.key), c.text);
  }
}

TEST(FormatKeyTest, ParsesBackToTheSameKey) {
  std::vector<Key> keys;
  for (const NameCase& c : kNameCases) keys.push_back(Named(c.name));
  for (char32_t ch : {U'a', U'Z', U'/', U'+', U'\u00e9', U'\U0001F600'}) keys.push_back(Char(ch));
  for (char32_t ch : {U'a', U'K', U'@', U'?', U'8'}) keys.push_back(Ctrl(ch));
  for (char32_t ch : {U'a', U'K', U'+', U'\u00e9'}) keys.push_back(Alt(ch));
  for (const Key& key : keys) {
    SCOPED_TRACE(FormatKey(key));
    EXPECT_THAT(Parsed(FormatKey(key)), ElementsAre(key));
  }
}

// --- Mouse -----------------------------------------------------------------------------------

struct MouseCase {
  const char* what;
  std::string report;
  const char* expected;
};

// ctlseqs, "SGR (1006)": CSI < Cb ; Px ; Py M for a press, m for a release, Cb without the +32;
// Cb is 0 for button 1, 1 for button 2, 2 for button 3; the upper left cell is 1,1. "Wheel
// mice": buttons 4 and 5 are 64 + the codes of buttons 1 and 2, and send no release.
TEST(MouseTest, SgrReports) {
  const MouseCase kCases[] = {
      {"left press", MousePress(0, 0), "\x1b[<0;1;1M"},
      {"left release", MouseRelease(0, 0), "\x1b[<0;1;1m"},
      {"middle press", MousePress(9, 4, MouseButton::kMiddle), "\x1b[<1;10;5M"},
      {"middle release", MouseRelease(9, 4, MouseButton::kMiddle), "\x1b[<1;10;5m"},
      {"right press", MousePress(79, 23, MouseButton::kRight), "\x1b[<2;80;24M"},
      {"right release", MouseRelease(79, 23, MouseButton::kRight), "\x1b[<2;80;24m"},
      {"click is press then release", MouseClick(4, 2), "\x1b[<0;5;3M\x1b[<0;5;3m"},
      {"right click", MouseClick(1, 2, MouseButton::kRight), "\x1b[<2;2;3M\x1b[<2;2;3m"},
      {"wheel up", MouseWheel(3, 7, true), "\x1b[<64;4;8M"},
      {"wheel down", MouseWheel(3, 7, false), "\x1b[<65;4;8M"},
      {"coordinates past 223 stay decimal", MousePress(299, 999), "\x1b[<0;300;1000M"},
      {"negative column counts as 0", MousePress(-5, 2), "\x1b[<0;1;3M"},
      {"negative row counts as 0", MouseWheel(2, -1, true), "\x1b[<64;3;1M"},
      {"largest int does not overflow", MousePress(2147483647, 0), "\x1b[<0;2147483648;1M"},
  };
  for (const MouseCase& c : kCases) {
    SCOPED_TRACE(c.what);
    EXPECT_EQ(c.report, c.expected);
  }
}

// --- The header's example --------------------------------------------------------------------

TEST(KeysHeaderExampleTest, Compiles) {
  absl::StatusOr<std::string> bytes = vtsnap::EncodeKeys("ls enter ctrl+c");
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(*bytes, "ls\r\x03");
  vtsnap::KeyEncoding app{.application_cursor = true};  // the program set DECCKM (CSI ? 1 h)
  EXPECT_EQ(*vtsnap::EncodeKeys("up", app), "\x1bOA");
  absl::Status bad = vtsnap::EncodeKeys("ctrl+kk").status();
  EXPECT_TRUE(absl::StartsWith(bad.message(), "key script: \"ctrl+kk\" (column 1)"));
  EXPECT_EQ(vtsnap::OffendingWord(bad), "ctrl+kk");
  std::string click = vtsnap::MouseClick(4, 2);
  EXPECT_EQ(click, "\x1b[<0;5;3M\x1b[<0;5;3m");
}

}  // namespace
}  // namespace vtsnap
