// QuoteForMessage and HexDigitValue: the one quoting helper for messages (see quote.h).
#include "vtsnap/base/quote.h"

#include <string>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/utf8.h"

namespace vtsnap {
namespace {

// True for a code point that shows as itself: not a control (C0, DEL, C1), not the space (a
// valid DecodeUtf8 result is a scalar value: no surrogate, nothing past U+10FFFF).
bool Showable(char32_t cp) { return cp > 0x20 && cp != 0x7F && !(cp >= 0x80 && cp <= 0x9F); }

// Appends `text` with showable UTF-8 kept and every other byte escaped.
void AppendKeepingShowableUtf8(absl::string_view text, std::string* out) {
  size_t i = 0;
  while (i < text.size()) {
    const size_t start = i;
    const Utf8Char decoded = DecodeUtf8(text.substr(i));
    const char32_t cp = decoded.code_point;
    const size_t length = decoded.valid ? static_cast<size_t>(decoded.length) : 0;
    if (length > 0 && Showable(cp)) {
      if (cp == '"' || cp == '\\') out->push_back('\\');
      i += length;
      out->append(text.data() + start, i - start);
      continue;
    }
    i = length > 0 ? i + length : start + 1;  // else one malformed byte
    for (size_t j = start; j < i; ++j) {
      switch (text[j]) {
        case '\n':
          *out += "\\n";
          break;
        case '\r':
          *out += "\\r";
          break;
        case '\t':
          *out += "\\t";
          break;
        default:
          absl::StrAppendFormat(out, "\\x%02x", static_cast<unsigned char>(text[j]));
      }
    }
  }
}

}  // namespace

std::string QuoteForMessage(absl::string_view text, const QuoteOptions& options) {
  const bool cut = options.max_bytes > 0 && text.size() > options.max_bytes;
  if (cut) text = text.substr(0, options.max_bytes);
  std::string out = "\"";
  if (options.keep_showable_utf8) {
    AppendKeepingShowableUtf8(text, &out);
  } else {
    out += absl::CHexEscape(text);
  }
  out += cut ? "...\"" : "\"";
  return out;
}

int HexDigitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace vtsnap
