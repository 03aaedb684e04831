// Delta debugging over tokens: what MinimizeTokens finds, its budget, what it never asks, the
// second pass inside tokens, and EscapeStream.
#include "test/differential/ddmin.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/differential/generator.h"

namespace vtsnap::differential {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using Tokens = std::vector<std::string>;

Tokens Numbered(int n) {
  Tokens out;
  for (int i = 0; i < n; ++i) out.push_back(absl::StrCat("t", i));
  return out;
}

bool Has(const Tokens& tokens, const std::string& token) {
  return std::find(tokens.begin(), tokens.end(), token) != tokens.end();
}

TEST(MinimizeTokensTest, FindsTheSingleCulpritAmongAThousand) {
  const Minimized m =
      MinimizeTokens(Numbered(1000), [](const Tokens& t) { return Has(t, "t537"); });
  EXPECT_THAT(m.tokens, ElementsAre("t537"));
  EXPECT_TRUE(m.reproduced);
  EXPECT_TRUE(m.one_minimal);
  EXPECT_LE(m.tests, 40);  // about 2 log2(1000): halving, not one token at a time
}

TEST(MinimizeTokensTest, FindsAPairThatMustBothBePresent) {
  const Minimized m = MinimizeTokens(
      Numbered(1000), [](const Tokens& t) { return Has(t, "t100") && Has(t, "t900"); });
  EXPECT_THAT(m.tokens, ElementsAre("t100", "t900"));
  EXPECT_TRUE(m.one_minimal);
}

TEST(MinimizeTokensTest, KeepsTheOrderOfTheTokens) {
  const Minimized m = MinimizeTokens(
      Numbered(50), [](const Tokens& t) { return Has(t, "t3") && Has(t, "t40") && Has(t, "t7"); });
  EXPECT_THAT(m.tokens, ElementsAre("t3", "t7", "t40"));
}

// Predicates whose minimal results are not a fixed set of tokens; each result must be 1-minimal:
// removing any one token makes the predicate pass.
struct OneMinimalCase {
  const char* name;
  std::function<bool(const Tokens&)> fails;
};

class OneMinimalTest : public ::testing::TestWithParam<OneMinimalCase> {};

TEST_P(OneMinimalTest, RemovingAnyTokenPasses) {
  const auto& fails = GetParam().fails;
  const Minimized m = MinimizeTokens(Numbered(300), fails, {.shrink_tokens = false});
  ASSERT_TRUE(m.one_minimal);
  ASSERT_TRUE(fails(m.tokens));
  for (size_t i = 0; i < m.tokens.size(); ++i) {
    Tokens without = m.tokens;
    without.erase(without.begin() + static_cast<std::ptrdiff_t>(i));
    if (without.empty()) continue;  // the empty list is taken to pass
    EXPECT_FALSE(fails(without)) << "removing " << m.tokens[i];
  }
}

INSTANTIATE_TEST_SUITE_P(
    Ddmin, OneMinimalTest,
    ::testing::Values(OneMinimalCase{"any_three_multiples_of_seven",
                                     [](const Tokens& t) {
                                       int n = 0;
                                       for (const std::string& s : t)
                                         n += std::stoi(s.substr(1)) % 7 == 0;
                                       return n >= 3;
                                     }},
                      OneMinimalCase{"ten_tokens_or_more",
                                     [](const Tokens& t) { return t.size() >= 10; }},
                      OneMinimalCase{"an_even_and_an_odd_above_200",
                                     [](const Tokens& t) {
                                       bool even = false;
                                       bool odd = false;
                                       for (const std::string& s : t) {
                                         const int v = std::stoi(s.substr(1));
                                         if (v > 200) (v % 2 == 0 ? even : odd) = true;
                                       }
                                       return even && odd;
                                     }},
                      OneMinimalCase{"t5_or_both_t20_and_t250",
                                     [](const Tokens& t) {
                                       return Has(t, "t5") || (Has(t, "t20") && Has(t, "t250"));
                                     }}),
    [](const ::testing::TestParamInfo<OneMinimalCase>& info) {
      return std::string(info.param.name);
    });

class MaxTestsTest : public ::testing::TestWithParam<int> {};

TEST_P(MaxTestsTest, CallsThePredicateAtMostMaxTestsTimes) {
  int calls = 0;
  const Minimized m = MinimizeTokens(Numbered(1000),
                                     [&calls](const Tokens& t) {
                                       ++calls;
                                       return t.size() >= 30;
                                     },
                                     {.max_tests = GetParam()});
  EXPECT_LE(calls, GetParam());
  EXPECT_EQ(m.tests, calls);
  EXPECT_FALSE(m.one_minimal);
}

INSTANTIATE_TEST_SUITE_P(Ddmin, MaxTestsTest, ::testing::Values(0, 1, 2, 10, 50));

TEST(MinimizeTokensTest, ResultUnderABudgetStillFails) {
  const auto fails = [](const Tokens& t) { return t.size() >= 30; };
  const Minimized m = MinimizeTokens(Numbered(1000), fails, {.max_tests = 10});
  EXPECT_TRUE(fails(m.tokens));
  EXPECT_LT(m.tokens.size(), 1000u);
}

TEST(MinimizeTokensTest, ZeroBudgetReturnsTheInputUnreproduced) {
  const Minimized m =
      MinimizeTokens(Numbered(5), [](const Tokens&) { return true; }, {.max_tests = 0});
  EXPECT_EQ(m.tokens, Numbered(5));
  EXPECT_FALSE(m.reproduced);
}

TEST(MinimizeTokensTest, FailingOnlyOnTheFullInputReturnsTheFullInput) {
  const Minimized m =
      MinimizeTokens(Numbered(12), [](const Tokens& t) { return t == Numbered(12); });
  EXPECT_EQ(m.tokens, Numbered(12));
  EXPECT_TRUE(m.one_minimal);
}

TEST(MinimizeTokensTest, InputThatPassesIsReturnedUnchangedAfterOneTest) {
  const Minimized m = MinimizeTokens(Numbered(20), [](const Tokens&) { return false; });
  EXPECT_EQ(m.tokens, Numbered(20));
  EXPECT_FALSE(m.reproduced);
  EXPECT_FALSE(m.one_minimal);
  EXPECT_EQ(m.tests, 1);
}

TEST(MinimizeTokensTest, EmptyInputMakesNoCalls) {
  int calls = 0;
  const Minimized m = MinimizeTokens({}, [&calls](const Tokens&) { return ++calls > 0; });
  EXPECT_THAT(m.tokens, IsEmpty());
  EXPECT_EQ(calls, 0);
}

// The empty list is taken to pass and never asked about, even when the predicate fails on
// everything; a single token is then 1-minimal.
TEST(MinimizeTokensTest, NeverCallsThePredicateWithAnEmptyList) {
  bool asked_empty = false;
  const Minimized m = MinimizeTokens(Numbered(64),
                                     [&asked_empty](const Tokens& t) {
                                       asked_empty |= t.empty();
                                       return true;
                                     },
                                     {.shrink_tokens = false});
  EXPECT_FALSE(asked_empty);
  EXPECT_THAT(m.tokens, ElementsAre("t0"));
  EXPECT_TRUE(m.one_minimal);
}

TEST(MinimizeTokensTest, NeverCallsThePredicateWithAnEmptyToken) {
  bool asked_empty_token = false;
  const Tokens tokens = {"abcdef", "\x1b[12;40H", "xyz", "\xe4\xb8\xad\xe6\x96\x87"};
  MinimizeTokens(tokens, [&asked_empty_token](const Tokens& t) {
    for (const std::string& s : t) asked_empty_token |= s.empty();
    return true;
  });
  EXPECT_FALSE(asked_empty_token);
}

// Each row: tokens and a predicate; the result after both passes.
struct ShrinkCase {
  const char* name;
  Tokens tokens;
  std::function<bool(const Tokens&)> fails;
  Tokens expected;
};

class ShrinkTest : public ::testing::TestWithParam<ShrinkCase> {};

TEST_P(ShrinkTest, GivesTheSmallestTokens) {
  const Minimized m = MinimizeTokens(GetParam().tokens, GetParam().fails);
  EXPECT_EQ(m.tokens, GetParam().expected);
  EXPECT_TRUE(m.one_minimal);
}

bool JoinedHas(const Tokens& t, absl::string_view what) {
  return absl::StrContains(JoinTokens(t), what);
}

INSTANTIATE_TEST_SUITE_P(
    Ddmin, ShrinkTest,
    ::testing::Values(
        ShrinkCase{"text_run_to_one_character",
                   {"abc", "\x1b[31m", "hello world"},
                   [](const Tokens& t) { return JoinedHas(t, "w"); },
                   {"w"}},
        ShrinkCase{"text_run_keeps_two_needed_characters",
                   {"the quick brown fox"},
                   [](const Tokens& t) { return JoinedHas(t, "q") && JoinedHas(t, "x"); },
                   {"qx"}},
        // "\xe4\xb8\xad" is U+4E2D; its bytes stay together.
        ShrinkCase{"utf8_run_to_one_code_point",
                   {"ab\xe4\xb8\xad\xe6\x96\x87"
                    "cd"},
                   [](const Tokens& t) { return JoinedHas(t, "\xe4\xb8\xad"); },
                   {"\xe4\xb8\xad"}},
        ShrinkCase{"cup_row_down_to_the_threshold",
                   {"x", "\x1b[17;3H"},
                   [](const Tokens& t) {
                     for (const std::string& s : t) {
                       int row = 0;
                       if (std::sscanf(s.c_str(), "\x1b[%d;", &row) == 1 && row >= 5) return true;
                     }
                     return false;
                   },
                   {"\x1b[5;1H"}},
        ShrinkCase{"cuf_count_to_one",
                   {"\x1b[80C"},
                   [](const Tokens& t) { return JoinedHas(t, "C"); },
                   {"\x1b[1C"}},
        ShrinkCase{"scroll_margins_stay_valid",
                   {"\x1b[5;20r"},
                   [](const Tokens& t) { return JoinedHas(t, "r"); },
                   {"\x1b[1;2r"}},
        ShrinkCase{"sgr_parameters_are_kept",
                   {"\x1b[38;5;200m"},
                   [](const Tokens& t) { return JoinedHas(t, "m"); },
                   {"\x1b[38;5;200m"}},
        ShrinkCase{"private_mode_is_kept",
                   {"\x1b[?1049h"},
                   [](const Tokens& t) { return JoinedHas(t, "h"); },
                   {"\x1b[?1049h"}},
        ShrinkCase{
            "control_is_kept", {"\r"}, [](const Tokens& t) { return JoinedHas(t, "\r"); }, {"\r"}},
        // Neither token goes alone; shrinking "ab" to "b" then lets "c" go: ddmin runs again.
        ShrinkCase{"token_pass_runs_again_after_a_shrink",
                   {"ab", "c"},
                   [](const Tokens& t) {
                     const std::string s = JoinTokens(t);
                     return s == "abc" || s == "bc" || s == "b";
                   },
                   {"b"}}),
    [](const ::testing::TestParamInfo<ShrinkCase>& info) { return std::string(info.param.name); });

TEST(MinimizeTokensTest, ShrinkingOffLeavesTokensWhole) {
  const Minimized m =
      MinimizeTokens({"abc", "hello world"}, [](const Tokens& t) { return JoinedHas(t, "w"); },
                     {.shrink_tokens = false});
  EXPECT_THAT(m.tokens, ElementsAre("hello world"));
}

// A realistic use: a generated stream, and a "bug" that needs a parameter list (any ';') and, after
// it, a CJK ideograph from U+4E00-4FFF (lead byte E4); two tokens are left.
TEST(MinimizeTokensTest, ShrinksAGeneratedStream) {
  const Tokens tokens = GenerateTokens(99);
  const auto fails = [](const Tokens& t) {
    const std::string s = JoinTokens(t);
    const size_t stbm = s.find(";");
    return stbm != std::string::npos && s.find("\xe4", stbm) != std::string::npos;
  };
  ASSERT_TRUE(fails(tokens));
  const Minimized m = MinimizeTokens(tokens, fails);
  EXPECT_TRUE(m.one_minimal);
  EXPECT_TRUE(fails(m.tokens));
  EXPECT_LE(m.tokens.size(), 2u);
}

struct EscapeCase {
  const char* name;
  std::string bytes;
  std::string expected;
};

class EscapeStreamTest : public ::testing::TestWithParam<EscapeCase> {};

TEST_P(EscapeStreamTest, IsAPasteableLiteralBody) {
  EXPECT_EQ(EscapeStream(GetParam().bytes), GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(
    Ddmin, EscapeStreamTest,
    ::testing::Values(
        EscapeCase{"sgr_and_text", "\x1b[31mA", R"(\x1b[31mA)"},
        EscapeCase{"hex_digit_after_an_escape", std::string{'\x1b', '7'}, R"(\x1b""7)"},
        EscapeCase{"upper_hex_digit_after_an_escape", std::string{'\x1b', 'E'}, R"(\x1b""E)"},
        EscapeCase{"non_hex_letter_after_an_escape", "\x1bH", R"(\x1bH)"},
        EscapeCase{"quote_and_backslash", "a\"b\\c", R"(a\"b\\c)"},
        EscapeCase{"controls", "\r\n\t\x0e", R"(\x0d\x0a\x09\x0e)"},
        EscapeCase{"utf8", "\xe4\xb8\xad", R"(\xe4\xb8\xad)"},
        EscapeCase{"nul", std::string("a\0z", 3), R"(a\x00z)"},
        EscapeCase{"long_streams_are_whole", std::string(100, 'x') + "\x1b[H",
                   std::string(100, 'x') + R"(\x1b[H)"}),
    [](const ::testing::TestParamInfo<EscapeCase>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace vtsnap::differential
