// The one UTF-8 decoder (base/utf8.h): each kind of well-formed and ill-formed sequence, the
// maximal-subpart lengths, agreement with utf8proc on validity and with the parser's streaming
// form, and the encoders.
#include "vtsnap/base/utf8.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"
#include "utf8proc.h"
#include "vtsnap/decoder/parser.h"

namespace vtsnap {
namespace {

struct DecodeCase {
  const char* name;
  std::string bytes;
  char32_t code_point;  // kUtf8Replacement for an ill-formed sequence
  int length;           // the bytes taken: the character, or the maximal subpart
  bool valid;
};

const DecodeCase kDecodeCases[] = {
    // Well-formed, one to four bytes, at each end of each length's range.
    {"Nul", std::string(1, '\0'), 0x00, 1, true},
    {"Ascii", "A", U'A', 1, true},
    {"AsciiLast", "\x7F", 0x7F, 1, true},
    {"TwoBytesFirst", "\xC2\x80", 0x80, 2, true},
    {"TwoBytes", "\xC3\xA9", 0xE9, 2, true},
    {"TwoBytesLast", "\xDF\xBF", 0x7FF, 2, true},
    {"ThreeBytesFirst", "\xE0\xA0\x80", 0x800, 3, true},
    {"ThreeBytes", "\xE2\x82\xAC", 0x20AC, 3, true},
    {"ThreeBytesBeforeSurrogates", "\xED\x9F\xBF", 0xD7FF, 3, true},
    {"ThreeBytesAfterSurrogates", "\xEE\x80\x80", 0xE000, 3, true},
    {"ThreeBytesLast", "\xEF\xBF\xBF", 0xFFFF, 3, true},
    {"FourBytesFirst", "\xF0\x90\x80\x80", 0x10000, 4, true},
    {"FourBytes", "\xF0\x9F\x98\x80", 0x1F600, 4, true},
    {"FourBytesLast", "\xF4\x8F\xBF\xBF", 0x10FFFF, 4, true},
    {"OnlyTheFirstCharacter", "\xC3\xA9Z", 0xE9, 2, true},
    // Overlong forms: C0 and C1 start nothing; E0 and F0 take only A0-BF and 90-BF next.
    {"OverlongTwoBytesC0", "\xC0\x80", kUtf8Replacement, 1, false},
    {"OverlongTwoBytesC1", "\xC1\xBF", kUtf8Replacement, 1, false},
    {"OverlongThreeBytes", "\xE0\x80\x80", kUtf8Replacement, 1, false},
    {"OverlongThreeBytesLast", "\xE0\x9F\xBF", kUtf8Replacement, 1, false},
    {"OverlongFourBytes", "\xF0\x80\x80\x80", kUtf8Replacement, 1, false},
    {"OverlongFourBytesLast", "\xF0\x8F\xBF\xBF", kUtf8Replacement, 1, false},
    // Surrogates (U+D800-U+DFFF): ED takes only 80-9F next.
    {"SurrogateFirst", "\xED\xA0\x80", kUtf8Replacement, 1, false},
    {"SurrogateLast", "\xED\xBF\xBF", kUtf8Replacement, 1, false},
    // Past U+10FFFF: F4 takes only 80-8F next; F5-FF start nothing.
    {"PastMaxF4", "\xF4\x90\x80\x80", kUtf8Replacement, 1, false},
    {"PastMaxF5", "\xF5\x80\x80\x80", kUtf8Replacement, 1, false},
    {"PastMaxF7", "\xF7\xBF\xBF\xBF", kUtf8Replacement, 1, false},
    {"ByteF8", "\xF8\x88\x80\x80\x80", kUtf8Replacement, 1, false},
    {"ByteFF", "\xFF", kUtf8Replacement, 1, false},
    // Continuation bytes where a character should start.
    {"LoneContinuationFirst", "\x80", kUtf8Replacement, 1, false},
    {"LoneContinuationLast", "\xBF\xBF", kUtf8Replacement, 1, false},
    // Truncated by the end of the bytes: the maximal subpart is all of them.
    {"TruncatedTwoOfTwo", "\xC3", kUtf8Replacement, 1, false},
    {"TruncatedOneOfThree", "\xE2", kUtf8Replacement, 1, false},
    {"TruncatedTwoOfThree", "\xE2\x82", kUtf8Replacement, 2, false},
    {"TruncatedTwoOfFour", "\xF0\x9F", kUtf8Replacement, 2, false},
    {"TruncatedThreeOfFour", "\xF0\x9F\x98", kUtf8Replacement, 3, false},
    // Truncated by a byte that cannot follow (which is not part of the subpart).
    {"CutByAscii",
     "\xC3"
     "A",
     kUtf8Replacement, 1, false},
    {"CutByAsciiAfterTwo", "\xE2\x82!", kUtf8Replacement, 2, false},
    {"CutByLeadAfterThree", "\xF0\x9F\x98\xC3\xA9", kUtf8Replacement, 3, false},
    {"CutByContinuationOutOfRange", "\xF4\x8F\xC0\x80", kUtf8Replacement, 2, false},
};

TEST(DecodeUtf8Test, Table) {
  for (const DecodeCase& c : kDecodeCases) {
    SCOPED_TRACE(c.name);
    const Utf8Char decoded = DecodeUtf8(c.bytes);
    EXPECT_EQ(static_cast<uint32_t>(decoded.code_point), static_cast<uint32_t>(c.code_point));
    EXPECT_EQ(decoded.length, c.length);
    EXPECT_EQ(decoded.valid, c.valid);
  }
}

TEST(DecodeUtf8Test, EmptyBytesTakeNothing) {
  const Utf8Char decoded = DecodeUtf8("");
  EXPECT_EQ(decoded.code_point, kUtf8Replacement);
  EXPECT_EQ(decoded.length, 0);
  EXPECT_FALSE(decoded.valid);
}

TEST(DecodeUtf8Test, PositionFormSteps) {
  const absl::string_view text = "a\xC3\xA9\xE2\x82!\xF0\x9F\x98\x80\xFF";
  std::u32string decoded;
  std::vector<size_t> positions;
  for (size_t pos = 0; pos < text.size();) {
    decoded.push_back(DecodeUtf8(text, &pos));
    positions.push_back(pos);
  }
  EXPECT_EQ(decoded, U"a\u00E9\uFFFD!\U0001F600\uFFFD");
  EXPECT_EQ(positions, (std::vector<size_t>{1, 3, 5, 6, 10, 11}));
}

// The header's usage example.
TEST(DecodeUtf8Test, FromTheHeader) {
  absl::string_view text = "h\xC3\xA9\xE2\x82!";
  std::u32string cps;
  std::vector<int> lengths;
  for (size_t i = 0; i < text.size();) {
    const vtsnap::Utf8Char c = vtsnap::DecodeUtf8(text.substr(i));
    cps.push_back(c.code_point);
    lengths.push_back(c.length);
    i += c.length;
  }
  EXPECT_EQ(cps, U"h\u00E9\uFFFD!");
  EXPECT_EQ(lengths, (std::vector<int>{1, 2, 2, 1}));
  std::string out;
  vtsnap::AppendUtf8(U'\u00E9', &out);
  EXPECT_EQ(out, "\xC3\xA9");
}

// Every scalar value survives EncodeUtf8 then DecodeUtf8, taking the length it was written with.
TEST(DecodeUtf8Test, RoundTripsEveryScalarValue) {
  int failures = 0;
  for (char32_t cp = 0; cp <= 0x10FFFF && failures < 5; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    char bytes[4];
    const int n = static_cast<int>(EncodeUtf8(cp, bytes) - bytes);
    const Utf8Char decoded = DecodeUtf8(absl::string_view(bytes, static_cast<size_t>(n)));
    if (!decoded.valid || decoded.code_point != cp || decoded.length != n) {
      ADD_FAILURE() << "U+" << std::hex << static_cast<uint32_t>(cp);
      ++failures;
    }
  }
}

// Well-formedness agrees with utf8proc_iterate (an independent strict decoder) on every sequence
// of two and three bytes and on four-byte sequences built from the boundary bytes.
TEST(DecodeUtf8Test, ValidityMatchesUtf8proc) {
  int failures = 0;
  auto check = [&failures](const uint8_t* bytes, int size) {
    utf8proc_int32_t cp = -1;
    const utf8proc_ssize_t n = utf8proc_iterate(bytes, size, &cp);
    const Utf8Char decoded =
        DecodeUtf8(absl::string_view(reinterpret_cast<const char*>(bytes), size));
    const bool agree =
        n > 0 ? decoded.valid && decoded.length == n && decoded.code_point == char32_t(cp)
              : !decoded.valid;
    if (!agree && failures++ < 5) {
      ADD_FAILURE() << absl::CHexEscape(
          absl::string_view(reinterpret_cast<const char*>(bytes), size));
    }
  };
  uint8_t b[4];
  for (int b0 = 0; b0 < 256; ++b0) {
    b[0] = static_cast<uint8_t>(b0);
    check(b, 1);
    for (int b1 = 0; b1 < 256; ++b1) {
      b[1] = static_cast<uint8_t>(b1);
      check(b, 2);
      for (int b2 = 0; b2 < 256; ++b2) {
        b[2] = static_cast<uint8_t>(b2);
        check(b, 3);
      }
    }
  }
  const uint8_t kEdges[] = {0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF};
  for (int b0 = 0xF0; b0 < 0x100; ++b0) {
    for (uint8_t b1 : kEdges) {
      for (uint8_t b2 : kEdges) {
        for (uint8_t b3 : kEdges) {
          const uint8_t four[4] = {static_cast<uint8_t>(b0), b1, b2, b3};
          check(four, 4);
        }
      }
    }
  }
  EXPECT_EQ(failures, 0);
}

// The lead table describes every byte: what starts a character of each length, and the range
// of the byte after it.
TEST(Utf8LeadOfTest, EveryByte) {
  for (int b = 0; b < 256; ++b) {
    SCOPED_TRACE(b);
    const Utf8Lead lead = Utf8LeadOf(static_cast<uint8_t>(b));
    const int length = b < 0x80 ? 1 : b < 0xC2 ? 0 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : b < 0xF5 ? 4 : 0;
    EXPECT_EQ(lead.length, length);
    EXPECT_EQ(lead.lower, b == 0xE0 ? 0xA0 : b == 0xF0 ? 0x90 : 0x80);
    EXPECT_EQ(lead.upper, b == 0xED ? 0x9F : b == 0xF4 ? 0x8F : 0xBF);
  }
  static_assert(Utf8LeadOf(0xE2).length == 3 && Utf8LeadOf(0xE2).bits == 0x2);
}

// The parser's streaming form of the decoder, fed one byte at a time, prints what a loop over
// DecodeUtf8 gives: one U+FFFD per maximal subpart.
class Printed : public ParserHandler {
 public:
  void Print(char32_t cp) override { text.push_back(cp); }
  std::u32string text;
};

TEST(DecodeUtf8Test, ParserStreamingAgrees) {
  for (const DecodeCase& c : kDecodeCases) {
    SCOPED_TRACE(c.name);
    // Between printable letters, so the parser prints everything (not controls) and a truncated
    // sequence ends where the next letter starts.
    const std::string bytes = "<" + c.bytes + ">";
    std::u32string expected;
    for (size_t i = 0; i < bytes.size();) expected.push_back(DecodeUtf8(bytes, &i));
    // Controls (C0, DEL, C1) are executed, not printed.
    if (std::any_of(expected.begin(), expected.end(),
                    [](char32_t cp) { return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F); })) {
      continue;
    }
    Parser whole;
    Printed whole_out;
    whole.Feed(bytes, whole_out);
    EXPECT_EQ(whole_out.text, expected);
    Parser parser;
    Printed out;
    for (char ch : bytes) parser.Feed(absl::string_view(&ch, 1), out);
    EXPECT_EQ(out.text, expected);
  }
}

// What Utf8Decoder gives for `bytes` fed one at a time: U+FFFD for each kIllFormed and kCut (a
// cut byte fed again), the character for each kChar, and U+FFFD for a character left unfinished.
std::u32string FedByteByByte(absl::string_view bytes) {
  std::u32string out;
  Utf8Decoder utf8;
  for (size_t i = 0; i < bytes.size();) {
    switch (utf8.Feed(static_cast<uint8_t>(bytes[i]))) {
      case Utf8Decoder::Step::kMore:
        ++i;
        break;
      case Utf8Decoder::Step::kChar:
        out.push_back(utf8.code_point());
        ++i;
        break;
      case Utf8Decoder::Step::kIllFormed:
        out.push_back(kUtf8Replacement);
        ++i;
        break;
      case Utf8Decoder::Step::kCut:
        EXPECT_FALSE(utf8.pending());
        out.push_back(kUtf8Replacement);  // the byte is fed again
        break;
    }
  }
  if (utf8.pending()) out.push_back(kUtf8Replacement);
  return out;
}

// The incremental decoder the parser and the presenter share replaces the same maximal subparts
// as DecodeUtf8 over whole bytes: every sequence of one to three bytes, each byte from a set that
// covers every row of Table 3-7 and its edges, followed by ASCII or nothing.
TEST(Utf8DecoderTest, AgreesWithDecodeUtf8) {
  const std::vector<uint8_t> bytes = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF,
                                      0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
                                      0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF};
  auto check = [](const std::string& text) {
    std::u32string expected;
    for (size_t i = 0; i < text.size();) expected.push_back(DecodeUtf8(text, &i));
    ASSERT_EQ(FedByteByByte(text), expected) << absl::CHexEscape(text);
  };
  for (const DecodeCase& c : kDecodeCases) check(c.bytes);
  for (uint8_t a : bytes) {
    for (uint8_t b : bytes) {
      for (uint8_t c : bytes) {
        const std::string three = {static_cast<char>(a), static_cast<char>(b),
                                   static_cast<char>(c)};
        check(three);
        check(three + "A");
        check(three.substr(0, 2) + "\x80\x80");
      }
    }
  }
}

TEST(Utf8DecoderTest, FromTheHeader) {
  Utf8Decoder utf8;
  EXPECT_EQ(utf8.Feed(0xE2), Utf8Decoder::Step::kMore);
  EXPECT_TRUE(utf8.pending());
  EXPECT_EQ(utf8.Feed(0x82), Utf8Decoder::Step::kMore);
  EXPECT_EQ(utf8.Feed(0x41), Utf8Decoder::Step::kCut);
  EXPECT_FALSE(utf8.pending());
  EXPECT_EQ(utf8.Feed(0x41), Utf8Decoder::Step::kChar);
  EXPECT_EQ(utf8.code_point(), U'A');
  for (uint8_t byte : {0xE2, 0x82, 0xAC}) utf8.Feed(byte);
  EXPECT_EQ(utf8.code_point(), U'\u20AC');
  EXPECT_EQ(utf8.Feed(0xC0), Utf8Decoder::Step::kIllFormed);
}

TEST(EncodeUtf8Test, EveryLength) {
  char bytes[4];
  EXPECT_EQ(std::string(bytes, EncodeUtf8(U'A', bytes)), "A");
  EXPECT_EQ(std::string(bytes, EncodeUtf8(0x7FF, bytes)), "\xDF\xBF");
  EXPECT_EQ(std::string(bytes, EncodeUtf8(0xFFFF, bytes)), "\xEF\xBF\xBF");
  EXPECT_EQ(std::string(bytes, EncodeUtf8(0x10FFFF, bytes)), "\xF4\x8F\xBF\xBF");
  std::string s;
  for (char32_t cp : {U'A', U'\u00E9', U'\u20AC', U'\U0001F600'}) AppendUtf8(cp, &s);
  EXPECT_EQ(s, "A\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
}

}  // namespace
}  // namespace vtsnap
