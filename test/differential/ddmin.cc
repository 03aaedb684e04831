#include "test/differential/ddmin.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/utf8.h"

namespace vtsnap::differential {
namespace {

using Tokens = std::vector<std::string>;
using Predicate = std::function<bool(const Tokens&)>;

// The predicate behind its budget: Run answers nothing once max_tests calls have been made.
class Tester {
 public:
  Tester(const Predicate& predicate, int max_tests)
      : predicate_(predicate), max_tests_(max_tests) {}

  std::optional<bool> Run(const Tokens& tokens) {
    if (tests_ >= max_tests_) return std::nullopt;
    ++tests_;
    return predicate_(tokens);
  }
  int tests() const { return tests_; }

 private:
  const Predicate& predicate_;
  const int max_tests_;
  int tests_ = 0;
};

using ConfigTest = std::function<std::optional<bool>(const std::vector<int>&)>;

// Zeller and Hildebrandt's ddmin over the items 0..count-1. `test` answers for a non-empty,
// ordered subset of them whether it still fails (nullopt: the budget is spent). The whole set is
// known to fail. Returns the smallest failing subset found; `*minimal` is true when the search
// finished (removing any one item of the result passes; a single item is minimal since the empty
// set is taken to pass).
std::vector<int> Ddmin(int count, const ConfigTest& test, bool* minimal) {
  *minimal = false;
  std::vector<int> c(count);
  std::iota(c.begin(), c.end(), 0);
  std::set<std::vector<int>> passed;  // configurations known to pass, never asked twice
  auto check = [&](const std::vector<int>& config) -> std::optional<bool> {
    if (passed.count(config) != 0) return false;
    const std::optional<bool> fails = test(config);
    if (fails.has_value() && !*fails) passed.insert(config);
    return fails;
  };

  size_t n = 2;  // the granularity: how many chunks c is split into
  while (c.size() >= 2) {
    n = std::min(n, c.size());
    auto bound = [&](size_t i) { return static_cast<std::ptrdiff_t>(i * c.size() / n); };
    bool reduced = false;
    // Reduce to a chunk.
    for (size_t i = 0; i < n && !reduced; ++i) {
      std::vector<int> chunk(c.begin() + bound(i), c.begin() + bound(i + 1));
      const std::optional<bool> fails = check(chunk);
      if (!fails.has_value()) return c;
      if (*fails) {
        c = std::move(chunk);
        n = 2;
        reduced = true;
      }
    }
    // Reduce to a complement (with two chunks the complements are the chunks, already tried).
    for (size_t i = 0; i < n && !reduced && n > 2; ++i) {
      std::vector<int> complement(c.begin(), c.begin() + bound(i));
      complement.insert(complement.end(), c.begin() + bound(i + 1), c.end());
      const std::optional<bool> fails = check(complement);
      if (!fails.has_value()) return c;
      if (*fails) {
        c = std::move(complement);
        n = std::max<size_t>(n - 1, 2);
        reduced = true;
      }
    }
    if (reduced) continue;
    if (n >= c.size()) break;  // single items, each removal tried: 1-minimal
    n = std::min(2 * n, c.size());
  }
  *minimal = true;
  return c;
}

// The byte offsets where the code points of `token` start, when it is printable text: well-formed
// UTF-8 without C0, DEL or C1 controls. Empty when it is not text.
std::vector<size_t> TextCodePoints(absl::string_view token) {
  std::vector<size_t> starts;
  size_t i = 0;
  while (i < token.size()) {
    const Utf8Char c = DecodeUtf8(token.substr(i));
    if (!c.valid) return {};
    const char32_t cp = c.code_point;
    if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0)) return {};
    starts.push_back(i);
    i += static_cast<size_t>(c.length);
  }
  return starts;
}

// A CSI sequence whose parameters are counts or coordinates: ESC [ digits and semicolons, then
// one of the finals below. SGR, modes, erase and tab-clear selectors are not shrunk: a smaller
// number there is a different function, possibly one the terminal ignores.
struct NumericCsi {
  std::vector<std::string> params;
  char final = 0;
};

std::optional<NumericCsi> ParseNumericCsi(absl::string_view token) {
  static constexpr absl::string_view kFinals = "@ABCDEFGHIdLMPSTXZr";
  if (token.size() < 3 || token.substr(0, 2) != "\x1b[") return std::nullopt;
  const char final = token.back();
  if (kFinals.find(final) == absl::string_view::npos) return std::nullopt;
  const absl::string_view body = token.substr(2, token.size() - 3);
  for (char c : body) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c)) && c != ';') return std::nullopt;
  }
  NumericCsi csi;
  csi.final = final;
  if (!body.empty()) csi.params = absl::StrSplit(body, ';');
  return csi;
}

std::string FormatCsi(const NumericCsi& csi) {
  return absl::StrCat("\x1b[", absl::StrJoin(csi.params, ";"), std::string(1, csi.final));
}

// DECSTBM stays valid (top < bottom) when both margins are given; a default or 0 bottom is the
// last row, which any top the generator writes is above.
bool KeepsMeaning(const NumericCsi& csi) {
  if (csi.final != 'r' || csi.params.size() < 2) return true;
  int top = 0;
  int bottom = 0;
  if (!absl::SimpleAtoi(csi.params[0], &top)) top = 1;
  if (!absl::SimpleAtoi(csi.params[1], &bottom) || bottom == 0) return true;
  return std::max(top, 1) < bottom;
}

class Shrinker {
 public:
  explicit Shrinker(Tester& tester) : tester_(tester) {}

  // Shrinks inside each token of `tokens` (which fail); true when anything changed. Stops early
  // when the budget is spent.
  bool Run(Tokens& tokens) {
    bool changed = false;
    for (size_t t = 0; t < tokens.size() && !out_of_budget_; ++t) {
      if (ShrinkText(tokens, t)) changed = true;
      if (ShrinkParams(tokens, t)) changed = true;
    }
    return changed;
  }

 private:
  // ddmin over the code points of a text token: never splits one, never empties the token.
  bool ShrinkText(Tokens& tokens, size_t t) {
    const std::string token = tokens[t];
    const std::vector<size_t> starts = TextCodePoints(token);
    if (starts.size() < 2) return false;
    auto text_of = [&](const std::vector<int>& config) {
      std::string out;
      for (int i : config) {
        const size_t end =
            static_cast<size_t>(i) + 1 < starts.size() ? starts[i + 1] : token.size();
        out.append(token, starts[i], end - starts[i]);
      }
      return out;
    };
    bool minimal = false;
    const std::vector<int> kept = Ddmin(
        static_cast<int>(starts.size()),
        [&](const std::vector<int>& config) -> std::optional<bool> {
          Tokens candidate = tokens;
          candidate[t] = text_of(config);
          const std::optional<bool> fails = tester_.Run(candidate);
          if (!fails.has_value()) out_of_budget_ = true;
          return fails;
        },
        &minimal);
    if (kept.size() == starts.size()) return false;
    tokens[t] = text_of(kept);
    return true;
  }

  // Moves each count or coordinate of a CSI token toward 1, greedily: the smallest of 1, 2, v/4,
  // v/2 and v-1 that still fails, again from there, until none does.
  bool ShrinkParams(Tokens& tokens, size_t t) {
    std::optional<NumericCsi> csi = ParseNumericCsi(tokens[t]);
    if (!csi.has_value()) return false;
    bool changed = false;
    for (size_t p = 0; p < csi->params.size(); ++p) {
      int value = 0;
      if (!absl::SimpleAtoi(csi->params[p], &value)) continue;
      bool progress = true;
      while (progress && value >= 2) {
        progress = false;
        std::vector<int> candidates = {1, 2, value / 4, value / 2, value - 1};
        std::sort(candidates.begin(), candidates.end());
        candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
        for (int candidate : candidates) {
          if (candidate < 1 || candidate >= value) continue;
          NumericCsi smaller = *csi;
          smaller.params[p] = absl::StrCat(candidate);
          if (!KeepsMeaning(smaller)) continue;
          Tokens trial = tokens;
          trial[t] = FormatCsi(smaller);
          const std::optional<bool> fails = tester_.Run(trial);
          if (!fails.has_value()) {
            out_of_budget_ = true;
            return changed;
          }
          if (*fails) {
            *csi = std::move(smaller);
            tokens[t] = std::move(trial[t]);
            value = candidate;
            changed = true;
            progress = true;
            break;
          }
        }
      }
    }
    return changed;
  }

  Tester& tester_;
  bool out_of_budget_ = false;
};

}  // namespace

Minimized MinimizeTokens(std::vector<std::string> tokens,
                         const std::function<bool(const std::vector<std::string>&)>& still_fails,
                         const MinimizeOptions& options) {
  Minimized result;
  result.tokens = std::move(tokens);
  if (result.tokens.empty()) return result;  // the empty list is never tested
  Tester tester(still_fails, options.max_tests);
  const std::optional<bool> reproduced = tester.Run(result.tokens);
  result.reproduced = reproduced.value_or(false);
  if (!result.reproduced) {
    result.tests = tester.tests();
    return result;
  }
  Tokens& current = result.tokens;
  while (true) {
    auto subset = [&current](const std::vector<int>& config) {
      Tokens out;
      out.reserve(config.size());
      for (int i : config) out.push_back(current[i]);
      return out;
    };
    bool minimal = false;
    const std::vector<int> kept = Ddmin(
        static_cast<int>(current.size()),
        [&](const std::vector<int>& config) { return tester.Run(subset(config)); }, &minimal);
    current = subset(kept);
    result.one_minimal = minimal;
    if (!minimal || !options.shrink_tokens) break;
    // A token shrunk inside may let another go: run ddmin again after any change.
    if (!Shrinker(tester).Run(current)) break;
  }
  result.tests = tester.tests();
  return result;
}

std::string EscapeStream(absl::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  bool after_hex_escape = false;
  for (char c : bytes) {
    const auto b = static_cast<uint8_t>(c);
    const bool printable = b >= 0x20 && b < 0x7F;
    if (printable && after_hex_escape && absl::ascii_isxdigit(b)) out += "\"\"";
    after_hex_escape = false;
    if (c == '\\' || c == '"') {
      out += '\\';
      out += c;
    } else if (printable) {
      out += c;
    } else {
      out += "\\x";
      out += kHex[b >> 4];
      out += kHex[b & 0xF];
      after_hex_escape = true;
    }
  }
  return out;
}

}  // namespace vtsnap::differential
