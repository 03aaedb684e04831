// QuoteForMessage and HexDigitValue (base/quote.h): each quoting style on controls, quotes,
// UTF-8, malformed bytes and long text, and every hex digit.
#include "vtsnap/base/quote.h"

#include <string>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace vtsnap {
namespace {

struct QuoteCase {
  const char* name;
  std::string text;
  QuoteOptions options;
  std::string quoted;
};

class QuoteTest : public testing::TestWithParam<QuoteCase> {};

TEST_P(QuoteTest, QuotesAsTheOptionsSay) {
  EXPECT_EQ(QuoteForMessage(GetParam().text, GetParam().options), GetParam().quoted);
}

const QuoteOptions kCEscapes = {};
const QuoteOptions kShortened = {.max_bytes = 4};
const QuoteOptions kUtf8 = {.keep_showable_utf8 = true};

INSTANTIATE_TEST_SUITE_P(
    Quote, QuoteTest,
    testing::Values(
        // C escapes (absl::CHexEscape): golden, rgba, store, redact messages.
        QuoteCase{"Empty", "", kCEscapes, R"("")"},
        QuoteCase{"PrintableAscii", "frame 3 2", kCEscapes, R"("frame 3 2")"},
        QuoteCase{"Controls", "a\tb\nc\rd", kCEscapes, R"("a\tb\nc\rd")"},
        QuoteCase{"Quotes", R"(say "it's" \ here)", kCEscapes, R"("say \"it\'s\" \\ here")"},
        QuoteCase{"OtherBytesInLowercaseHex", std::string("\x01\x7f\0z", 4), kCEscapes,
                  R"("\x01\x7f\x00z")"},
        QuoteCase{"HexDigitAfterAHexEscape",
                  "\x01"
                  "ab",
                  kCEscapes, R"("\x01\x61\x62")"},
        QuoteCase{"Utf8IsEscapedByteByByte", "caf\xc3\xa9", kCEscapes, R"("caf\xc3\xa9")"},
        QuoteCase{"ShortTextIsWhole", "abcd", kShortened, R"("abcd")"},
        QuoteCase{"LongTextIsCutBeforeEscaping", "ab\ncdef", kShortened, R"("ab\nc...")"},
        // Showable UTF-8 kept: the key script's messages.
        QuoteCase{"Utf8KeptAsItIs", "caf\xc3\xa9 \xf0\x9f\x98\x80", kUtf8,
                  "\"caf\xc3\xa9\\x20\xf0\x9f\x98\x80\""},
        QuoteCase{"Utf8QuotesAndBackslash", R"(it's "x" \)", kUtf8, R"("it's\x20\"x\"\x20\\")"},
        QuoteCase{"Utf8Controls", std::string("\n\r\t\x1b\x7f\0", 6), kUtf8,
                  R"("\n\r\t\x1b\x7f\x00")"},
        QuoteCase{"Utf8C1ControlIsEscapedByteByByte", "a\xc2\x85z", kUtf8, R"("a\xc2\x85z")"},
        QuoteCase{"Utf8NoBreakSpaceShows", "\xc2\xa0", kUtf8, "\"\xc2\xa0\""},
        QuoteCase{"Utf8MalformedBytesOneAtATime", "\xff\xc3(\xe2\x82", kUtf8,
                  R"("\xff\xc3(\xe2\x82")"},
        QuoteCase{"Utf8OverlongAndSurrogate", "\xc0\xaf\xed\xa0\x80", kUtf8,
                  R"("\xc0\xaf\xed\xa0\x80")"},
        QuoteCase{"Utf8PastU10FFFF", "\xf4\x90\x80\x80\xf4\x8f\xbf\xbf", kUtf8,
                  "\"\\xf4\\x90\\x80\\x80\xf4\x8f\xbf\xbf\""},
        QuoteCase{"Utf8Shortened", "\xc3\xa9\xc3\xa9\xc3\xa9",
                  QuoteOptions{.max_bytes = 3, .keep_showable_utf8 = true},
                  "\"\xc3\xa9\\xc3...\""}),
    [](const testing::TestParamInfo<QuoteCase>& info) { return std::string(info.param.name); });

TEST(QuoteHelperTest, CEscapesAreAbslCHexEscapeInQuotes) {
  std::string every_byte;
  for (int b = 0; b < 256; ++b) every_byte += static_cast<char>(b);
  EXPECT_EQ(QuoteForMessage(every_byte), absl::StrCat("\"", absl::CHexEscape(every_byte), "\""));
}

struct HexCase {
  char c;
  int value;
};

class HexDigitValueTest : public testing::TestWithParam<HexCase> {};

TEST_P(HexDigitValueTest, IsTheDigitsValue) {
  EXPECT_EQ(HexDigitValue(GetParam().c), GetParam().value);
}

INSTANTIATE_TEST_SUITE_P(Quote, HexDigitValueTest,
                         testing::Values(HexCase{'0', 0}, HexCase{'9', 9}, HexCase{'a', 10},
                                         HexCase{'f', 15}, HexCase{'A', 10}, HexCase{'F', 15},
                                         HexCase{'g', -1}, HexCase{'G', -1}, HexCase{'/', -1},
                                         HexCase{':', -1}, HexCase{'@', -1}, HexCase{'`', -1},
                                         HexCase{' ', -1}, HexCase{'\0', -1}, HexCase{'\xc3', -1}));

TEST(QuoteHelperTest, HexDigitValueOfEveryByte) {
  const std::string digits = "0123456789abcdef";
  for (int b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    const size_t lower = digits.find(static_cast<char>(b >= 'A' && b <= 'F' ? b + 32 : b));
    const int expected = lower == std::string::npos ? -1 : static_cast<int>(lower);
    EXPECT_EQ(HexDigitValue(c), expected) << "byte " << b;
  }
}

}  // namespace
}  // namespace vtsnap
