// UTF-8: the one decoder and the encoders every part of vtsnap uses (the parser, the presenter
// profile, key scripts, diffs, redaction, the tests' tools).
//
// DecodeUtf8 reads the character at the start of some bytes, strictly, by Table 3-7 of the
// Unicode Standard ("Well-Formed UTF-8 Byte Sequences"): no overlong forms (C0, C1, E0 80-9F,
// F0 80-8F), no surrogates (ED A0-BF, U+D800-U+DFFF), nothing past U+10FFFF (F4 90-BF, F5-FF).
// Ill-formed bytes give U+FFFD, `valid` false and the length of their maximal subpart: the
// longest start of a well-formed sequence they begin with, at least one byte. A byte no character
// starts with (80-BF, C0, C1, F5-FF) is one byte of U+FFFD; a sequence cut short, by the end of
// the bytes or by a byte that cannot come next, is U+FFFD for the bytes before the cut. A loop
// that steps by `length` therefore replaces each maximal subpart with one U+FFFD, the Unicode
// "best practice" xterm and browsers follow; a caller with another policy (reject the text, skip
// one byte) reads `valid`.
//
//   absl::string_view text = "h\xC3\xA9\xE2\x82!";
//   for (size_t i = 0; i < text.size();) {
//     const vtsnap::Utf8Char c = vtsnap::DecodeUtf8(text.substr(i));
//     // 'h' (1 byte), U+00E9 (2 bytes), U+FFFD (2 bytes: E2 82 is cut short by '!'), '!'
//     i += c.length;
//   }
//   std::string out;
//   vtsnap::AppendUtf8(U'\u00E9', &out);  // "\xC3\xA9"
//
// A reader that receives bytes one at a time (the parser across writes, the presenter profile)
// decodes them with a Utf8Decoder: DecodeUtf8 one byte at a time, on the same table, whose state
// lives between writes, so a character may be split anywhere.
//
//   vtsnap::Utf8Decoder utf8;
//   for (uint8_t byte : {0xE2, 0x82, 0x41}) {
//     switch (utf8.Feed(byte)) { ... }  // kMore, kMore, then kCut: E2 82 is one U+FFFD, and
//   }                                   // 0x41 is fed again (kChar, 'A')
//
// The parser's fast path calls DecodeUtf8's two halves (utf8_internal::WellFormedLength and
// DecodeWellFormed) directly, which spares it the Utf8Char.
#ifndef VTSNAP_BASE_UTF8_H_
#define VTSNAP_BASE_UTF8_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/base/attributes.h"
#include "absl/strings/string_view.h"

namespace vtsnap {

// U+FFFD REPLACEMENT CHARACTER: what an ill-formed sequence decodes to.
inline constexpr char32_t kUtf8Replacement = 0xFFFD;

// What a byte says as the first byte of a character (Table 3-7).
struct Utf8Lead {
  // 1 for ASCII, 2 to 4, or 0 for a byte no character starts with (a continuation byte 80-BF,
  // C0 and C1, F5-FF).
  int length = 0;
  char32_t bits = 0;  // the bits of the code point the byte carries
  // The range of the second byte: 80-BF except after E0 (A0-BF), ED (80-9F), F0 (90-BF) and
  // F4 (80-8F). Any further byte is 80-BF.
  uint8_t lower = 0x80;
  uint8_t upper = 0xBF;
};

constexpr Utf8Lead Utf8LeadOf(uint8_t byte) {
  if (byte < 0x80) return {.length = 1, .bits = byte};
  if (byte < 0xC2) return {};
  if (byte <= 0xDF) return {.length = 2, .bits = byte & 0x1Fu};
  if (byte <= 0xEF) {
    return {.length = 3,
            .bits = byte & 0x0Fu,
            .lower = static_cast<uint8_t>(byte == 0xE0 ? 0xA0 : 0x80),
            .upper = static_cast<uint8_t>(byte == 0xED ? 0x9F : 0xBF)};
  }
  if (byte <= 0xF4) {
    return {.length = 4,
            .bits = byte & 0x07u,
            .lower = static_cast<uint8_t>(byte == 0xF0 ? 0x90 : 0x80),
            .upper = static_cast<uint8_t>(byte == 0xF4 ? 0x8F : 0xBF)};
  }
  return {};
}

// One decoded character.
struct Utf8Char {
  char32_t code_point = kUtf8Replacement;  // kUtf8Replacement when !valid
  // The bytes it took: 1 to 4 when valid; the length of the maximal subpart (1 to 3) when not;
  // 0 only for empty bytes.
  int length = 0;
  bool valid = false;
};

namespace utf8_internal {

// The length of the well-formed character at the start of the `size` bytes at p (the bounds of
// Utf8LeadOf): 1 to 4, or 0 when they do not start with a whole well-formed character.
ABSL_ATTRIBUTE_ALWAYS_INLINE inline int WellFormedLength(const uint8_t* p, size_t size) {
  auto in = [](uint8_t byte, uint8_t lower, uint8_t upper) {
    return byte >= lower && byte <= upper;
  };
  if (size == 0) return 0;
  const uint8_t b = p[0];
  if (b < 0x80) return 1;
  if (b < 0xC2) return 0;
  if (b <= 0xDF) return size >= 2 && in(p[1], 0x80, 0xBF) ? 2 : 0;
  if (b <= 0xEF) {
    if (size < 3) return 0;
    return in(p[1], b == 0xE0 ? 0xA0 : 0x80, b == 0xED ? 0x9F : 0xBF) && in(p[2], 0x80, 0xBF) ? 3
                                                                                              : 0;
  }
  if (b <= 0xF4) {
    if (size < 4) return 0;
    return in(p[1], b == 0xF0 ? 0x90 : 0x80, b == 0xF4 ? 0x8F : 0xBF) && in(p[2], 0x80, 0xBF) &&
                   in(p[3], 0x80, 0xBF)
               ? 4
               : 0;
  }
  return 0;
}

// The code point of the well-formed character of `length` bytes (WellFormedLength) at p.
ABSL_ATTRIBUTE_ALWAYS_INLINE inline char32_t DecodeWellFormed(const uint8_t* p, int length) {
  switch (length) {
    case 1:
      return p[0];
    case 2:
      return (char32_t{p[0] & 0x1Fu} << 6) | (p[1] & 0x3Fu);
    case 3:
      return (char32_t{p[0] & 0x0Fu} << 12) | (char32_t{p[1] & 0x3Fu} << 6) | (p[2] & 0x3Fu);
    default:
      return (char32_t{p[0] & 0x07u} << 18) | (char32_t{p[1] & 0x3Fu} << 12) |
             (char32_t{p[2] & 0x3Fu} << 6) | (p[3] & 0x3Fu);
  }
}

// DecodeUtf8 of bytes that do not start with a well-formed character: U+FFFD and the length of
// the maximal subpart (out of line: the common case never needs it).
Utf8Char DecodeIllFormed(absl::string_view bytes);

}  // namespace utf8_internal

// The character at the start of `bytes` (see the file comment). Inline: the parser decodes every
// non-ASCII character with it.
ABSL_ATTRIBUTE_ALWAYS_INLINE inline Utf8Char DecodeUtf8(absl::string_view bytes) {
  const auto* p = reinterpret_cast<const uint8_t*>(bytes.data());
  const int length = utf8_internal::WellFormedLength(p, bytes.size());
  if (length > 0) {
    return {
        .code_point = utf8_internal::DecodeWellFormed(p, length), .length = length, .valid = true};
  }
  if (bytes.empty()) return {};
  return utf8_internal::DecodeIllFormed(bytes);
}

// The character at bytes[*pos], which must be inside `bytes`, moving *pos past it (past its
// maximal subpart, for U+FFFD).
inline char32_t DecodeUtf8(absl::string_view bytes, size_t* pos) {
  const Utf8Char c = DecodeUtf8(bytes.substr(*pos));
  *pos += static_cast<size_t>(c.length);
  return c.code_point;
}

// DecodeUtf8 one byte at a time, for bytes that arrive in pieces: the one incremental decoder
// (the parser's ground state, the presenter profile's text). Each maximal subpart of ill-formed
// bytes is one kIllFormed or kCut, as DecodeUtf8 steps over it; what to do then (print U+FFFD,
// report a violation) is the caller's.
class Utf8Decoder {
 public:
  enum class Step {
    kMore,       // the byte starts or continues a character: feed the next one
    kChar,       // the byte ends a character (or is ASCII): code_point() is it
    kIllFormed,  // the byte starts no character (80-BF, C0, C1, F5-FF): one U+FFFD for it
    // The byte cannot follow the bytes before it (a sequence cut short): those bytes are one
    // U+FFFD, the decoder is reset, and the byte was not taken: feed it again.
    kCut,
  };

  ABSL_ATTRIBUTE_ALWAYS_INLINE Step Feed(uint8_t byte) {
    if (remaining_ == 0) {
      const Utf8Lead lead = Utf8LeadOf(byte);
      if (lead.length == 0) return Step::kIllFormed;
      code_point_ = lead.bits;
      if (lead.length == 1) return Step::kChar;
      remaining_ = lead.length - 1;
      lower_ = lead.lower;
      upper_ = lead.upper;
      return Step::kMore;
    }
    if (byte < lower_ || byte > upper_) {
      Reset();
      return Step::kCut;
    }
    lower_ = 0x80;
    upper_ = 0xBF;
    code_point_ = (code_point_ << 6) | (byte & 0x3Fu);
    return --remaining_ > 0 ? Step::kMore : Step::kChar;
  }
  // True inside a character: some bytes of it were fed, not all.
  bool pending() const { return remaining_ != 0; }
  // The character the last kChar ended.
  char32_t code_point() const { return code_point_; }
  // Drops a character in progress (its bytes so far are one maximal subpart).
  void Reset() { *this = Utf8Decoder(); }

 private:
  char32_t code_point_ = 0;
  int remaining_ = 0;     // the bytes the character still needs
  uint8_t lower_ = 0x80;  // the range of the next byte (Utf8Lead)
  uint8_t upper_ = 0xBF;
};

// Appends `cp` to `out` as UTF-8.
void AppendUtf8(char32_t cp, std::string* out);
// Writes `cp` as UTF-8 (1 to 4 bytes) at `out`, which must have room for 4; returns the end.
char* EncodeUtf8(char32_t cp, char* out);

}  // namespace vtsnap

#endif  // VTSNAP_BASE_UTF8_H_
