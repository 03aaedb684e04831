// Internal to `vtsnap record` (tools/record.cc): what the user's terminal sends, cut into keys,
// told apart from the terminal's answers to the program's queries, and written back as key-script
// words (decoder/keys.h) for the generated test. docs/cli.md describes the command for users.
//
//   std::vector<InputToken> tokens;
//   SplitInput("j\x1b[Bq", /*at_end=*/true, &tokens);  // "j", "\x1b[B", "q"; returns 5
//   std::vector<ReplayPiece> pieces = ToReplayPieces("jj\x1b[B\x1b[1;5A");
//   // {keys "jj down"}, {bytes "\x1b[1;5A"} (a modified arrow has no key word)
#ifndef VTSNAP_TOOLS_RECORD_KEYS_H_
#define VTSNAP_TOOLS_RECORD_KEYS_H_

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace vtsnap::tools::record_internal {

// One thing the terminal sent: a byte, a UTF-8 character, ESC and what follows it (alt+x), or a
// whole control sequence or string (CSI, SS3, DCS, OSC, APC, PM, SOS).
struct InputToken {
  std::string bytes;
  friend bool operator==(const InputToken&, const InputToken&) = default;
};

// Cuts `bytes` into tokens, appended to *out, and returns how many bytes they took. Without
// `at_end`, an unfinished sequence at the end (ESC alone, a CSI without its final byte, a truncated
// UTF-8 character, a string without its terminator) is left for the next read: the returned count
// stops before it. With `at_end` everything is taken (a lone ESC is the Escape key; an unfinished
// sequence is one token as it is).
size_t SplitInput(absl::string_view bytes, bool at_end, std::vector<InputToken>* out);

// What a token is to the recorder.
enum class TokenKind {
  kKey,           // typed by the user
  kReply,         // an answer only a terminal gives (device attributes, a mode report, a string)
  kCursorReport,  // CSI row ; col R: a cursor position report, or a modified F3 (CSI 1 ; 5 R)
};
TokenKind ClassifyToken(absl::string_view token);

// A token as the key script writes it.
struct KeyWord {
  enum class Kind {
    kChar,  // one character typed as itself: `text` is its UTF-8, which joins a word
    kWord,  // a key word of its own: "enter", "ctrl+c", "alt+x", "up"
    kNone,  // no key word sends these bytes (a modified arrow, a mouse report): sent as bytes
  };
  Kind kind = Kind::kNone;
  std::string text;
  friend bool operator==(const KeyWord&, const KeyWord&) = default;
};
// The key word of one token. Cursor keys and Home/End are the same word in both of their forms
// (CSI A and SS3 A are "up"): SendKeys sends the form the program asked for (DECCKM), which is the
// form the user's terminal sent, since it saw the program's output too.
KeyWord KeyWordOf(absl::string_view token);

// A step of the replay: a key script for PtySession::SendKeys, or bytes for PtySession::Send.
struct ReplayPiece {
  bool keys = true;
  std::string text;
  friend bool operator==(const ReplayPiece&, const ReplayPiece&) = default;
};
// The typed bytes as replay steps: the keys with words as one script (characters typed in a row
// make one word, split into one-character words when the word would read as a key name or a
// ctrl+/alt+ form: "up" typed as letters is "u p"), and the bytes no word sends as bytes between
// them.
std::vector<ReplayPiece> ToReplayPieces(absl::string_view bytes);

// `bytes` as a C++ string literal, in double quotes: printable ASCII as is (with `"` and `\`
// escaped), valid UTF-8 as is, every other byte as a three-digit octal escape ("\033[A").
std::string CppStringLiteral(absl::string_view bytes);

}  // namespace vtsnap::tools::record_internal

#endif  // VTSNAP_TOOLS_RECORD_KEYS_H_
