// Quoting for messages: how every layer shows a piece of input (a name, a token, a line, a path)
// inside an error message, so that controls, quotes and malformed bytes are visible and the
// message stays on one line. Also the value of a hex digit, which the readers of escaped text
// share.
//
//   absl::StrCat("invalid golden name ", vtsnap::QuoteForMessage("a\tb"))
//   // invalid golden name "a\tb"             (C escapes, absl::CHexEscape)
//   vtsnap::QuoteForMessage(line, {.max_bytes = 40})
//   // "<the first 40 bytes, escaped>..."     (only when the line is longer)
//   vtsnap::QuoteForMessage("caf\xc3\xa9\x01", {.keep_showable_utf8 = true})
//   // "café\x01"                             (printable UTF-8 kept as itself)
//   vtsnap::HexDigitValue('b') == 11;  vtsnap::HexDigitValue('g') == -1
#ifndef VTSNAP_BASE_QUOTE_H_
#define VTSNAP_BASE_QUOTE_H_

#include <cstddef>
#include <string>

#include "absl/strings/string_view.h"

namespace vtsnap {

struct QuoteOptions {
  // When non-zero and the text is longer, only its first `max_bytes` bytes are shown, followed by
  // "..." inside the quotes. The cut is in bytes, before escaping.
  size_t max_bytes = 0;
  // false: C escapes for everything but printable ASCII, as absl::CHexEscape writes them: \n \r
  // \t \" \' \\, and \xHH (lowercase) for any other byte outside 0x20-0x7E, UTF-8 included (and
  // for a hex digit right after such an escape, which would otherwise read as part of it).
  // true: a well-formed UTF-8 character that shows as itself (not a control, C0, DEL or C1, not
  // the space, not a surrogate) is kept as it is, " and \ behind a backslash; the bytes of
  // anything else (a control, a space, a malformed byte) are written \n, \r, \t or \xHH.
  bool keep_showable_utf8 = false;
};

// `text` in double quotes, escaped as `options` says.
std::string QuoteForMessage(absl::string_view text, const QuoteOptions& options = {});

// The value of the hex digit `c` (0-9, a-f, A-F), or -1 for any other character.
int HexDigitValue(char c);

}  // namespace vtsnap

#endif  // VTSNAP_BASE_QUOTE_H_
