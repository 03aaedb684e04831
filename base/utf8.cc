#include "vtsnap/base/utf8.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace vtsnap {

Utf8Char utf8_internal::DecodeIllFormed(absl::string_view bytes) {
  const auto* p = reinterpret_cast<const uint8_t*>(bytes.data());
  const Utf8Lead lead = Utf8LeadOf(p[0]);
  // The maximal subpart: the lead byte and the bytes after it that may follow it (Table 3-7),
  // stopping short of a whole character.
  int length = 1;
  while (length < lead.length && static_cast<size_t>(length) < bytes.size()) {
    const uint8_t lower = length == 1 ? lead.lower : 0x80;
    const uint8_t upper = length == 1 ? lead.upper : 0xBF;
    if (p[length] < lower || p[length] > upper) break;
    ++length;
  }
  return {.code_point = kUtf8Replacement, .length = length, .valid = false};
}

char* EncodeUtf8(char32_t cp, char* out) {
  if (cp < 0x80) {
    *out++ = static_cast<char>(cp);
  } else if (cp < 0x800) {
    *out++ = static_cast<char>(0xC0 | (cp >> 6));
    *out++ = static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *out++ = static_cast<char>(0xE0 | (cp >> 12));
    *out++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out++ = static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    *out++ = static_cast<char>(0xF0 | (cp >> 18));
    *out++ = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    *out++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out++ = static_cast<char>(0x80 | (cp & 0x3F));
  }
  return out;
}

void AppendUtf8(char32_t cp, std::string* out) {
  char bytes[4];
  out->append(bytes, static_cast<size_t>(EncodeUtf8(cp, bytes) - bytes));
}

}  // namespace vtsnap
