// Delta debugging over tokens: shrink a failing token list (generator.h) to a small one that still
// fails, for differential tests against other emulators (docs/differential.md).
//
// MinimizeTokens runs Zeller and Hildebrandt's ddmin: it tries the chunks of the list and their
// complements at increasing granularity until the result is 1-minimal (removing any single token
// makes the predicate pass) or the test budget runs out. A second pass then shrinks inside the
// tokens that are left: text runs lose characters (whole UTF-8 code points) and the count and
// coordinate parameters of cursor, erase, scroll and insert/delete CSI sequences move toward 1.
//
// The predicate is never called with an empty list: an empty stream is taken to pass (a failure
// without any bytes is not something the tokens cause), so a single remaining token counts as
// 1-minimal without a test. Nor is it called with an empty token.
//
//   auto fails = [](const std::vector<std::string>& t) { return Differs(JoinTokens(t)); };
//   Minimized m = MinimizeTokens(GenerateTokens(seed), fails);
//   ADD_FAILURE() << "minimal stream: \"" << EscapeStream(JoinTokens(m.tokens)) << "\"";
#ifndef VTSNAP_TEST_DIFFERENTIAL_DDMIN_H_
#define VTSNAP_TEST_DIFFERENTIAL_DDMIN_H_

#include <functional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace vtsnap::differential {

struct MinimizeOptions {
  // The most predicate calls the whole minimization makes, the first check of the input
  // included. Repeated configurations are answered from a cache and not counted.
  int max_tests = 5000;
  // After the token-level pass, shrink text runs and numeric CSI parameters inside the tokens.
  bool shrink_tokens = true;
};

struct Minimized {
  // The smallest failing list found: the input itself when it did not fail (or was not tested).
  std::vector<std::string> tokens = {};
  // Predicate calls made (never more than max_tests).
  int tests = 0;
  // The predicate held (the stream failed) on the whole input. When false, nothing was removed.
  bool reproduced = false;
  // The token-level search finished: removing any one token of `tokens` makes the predicate pass.
  // False when the budget ran out first, or the input did not reproduce.
  bool one_minimal = false;
};

// `still_fails` returns true when the tokens still show the failure being minimized. It must be
// deterministic; it is called with non-empty lists of non-empty tokens only.
Minimized MinimizeTokens(std::vector<std::string> tokens,
                         const std::function<bool(const std::vector<std::string>&)>& still_fails,
                         const MinimizeOptions& options = {});

// `bytes` as the body of a C++ string literal, whole (never truncated): printable ASCII as is,
// `\` and `"` escaped, every other byte as \xNN, and `""` after an \xNN that a hex digit follows
// ("\x1b""7" is ESC 7, not the one out-of-range escape \x1b7), so that quoting the result gives a
// literal that can be pasted into a test: "\x1b[31mA".
std::string EscapeStream(absl::string_view bytes);

}  // namespace vtsnap::differential

#endif  // VTSNAP_TEST_DIFFERENTIAL_DDMIN_H_
