// BasicGoldenMatcher: the one gmock matcher template behind every golden assertion
// (EqualsGolden, EqualsSemanticGolden, EqualsRgbaGolden, EqualsCaptureGolden), and the overload
// of `testing::Not` that makes a negated golden assertion read-only.
//
// A golden kind is a small policy struct in namespace vtsnap::golden_kind (golden_kind::Screen in
// golden.h, Semantic in semantic_golden.h, Rgba in plane.h, Capture in capture_golden.h):
//
//   struct Kind {
//     using Options = ...;  // what the Equals...Golden function takes besides the name
//     // Describes the assertion ("equals the golden \"home\"") or its negation.
//     static void Describe(const GoldenAssertion<Options>& a, bool negation, std::ostream* os);
//     // One overload per value the kind checks (a ScreenView, an RgbaPlane, a pito::Capture...):
//     // runs the golden core for `a` inside the running test, explains a failure to `listener`.
//     static bool Match(const GoldenAssertion<Options>& a, const Value& value,
//                       ::testing::MatchResultListener* listener);
//   };
//
// The template adds what every golden matcher shares: the name and options, gmock's polymorphic
// matcher protocol (a conversion to Matcher<T> for every T the kind's Match takes) and the
// read-only copy a negation uses. `testing::Not(m)` of a writable golden matcher `m` (qualified,
// through `using testing::Not`, or found by argument-dependent lookup) is gmock's own Not of
// `m.ReadOnly()`: a negated golden assertion never writes a golden or an .actual file, whatever
// UPDATE_GOLDENS says (docs/goldens.md). Only direct negation is recognized.
//
//   static_assert(std::is_same_v<vtsnap::GoldenMatcher,
//                                vtsnap::BasicGoldenMatcher<vtsnap::golden_kind::Screen>>);
//   EXPECT_THAT(vt, vtsnap::EqualsGolden("home").ReadOnly());         // checks, never updates
//   EXPECT_THAT(vt, testing::Not(vtsnap::EqualsGolden("settings")));  // reads, never writes
#ifndef VTSNAP_MATCHERS_GOLDEN_MATCHER_H_
#define VTSNAP_MATCHERS_GOLDEN_MATCHER_H_

#include <memory>
#include <ostream>
#include <string>
#include <type_traits>
#include <utility>

#include "gmock/gmock.h"

namespace vtsnap {

namespace matchers_internal {
// Makes sure the end-of-program golden environment is registered (golden_env.h).
void EnsureEnvironment();
// Whether every golden matcher checked on this thread now only reads (as ReadOnly() does): set
// while a wait checks a matcher (matchers/wait.h), so no golden nested in AllOf is written from a
// screen on its way to the awaited one.
inline bool& GoldensReadOnlyOnThisThread() {
  thread_local bool read_only = false;
  return read_only;
}
}  // namespace matchers_internal

// What one golden assertion asks of its kind: the golden's name, the kind's options, and whether
// it must not write (true under a negation, or for a ReadOnly() copy).
template <typename Options>
struct GoldenAssertion {
  const std::string& name;
  const Options& options;
  bool read_only = false;
};

// A golden matcher of kind `Kind` (see above). `kReadOnly`: the copy that never writes a golden,
// an .actual file or a claim; it is a type of its own so that `Not` can tell the two apart when
// the program is compiled.
template <typename Kind, bool kReadOnly = false>
class BasicGoldenMatcher {
 public:
  using GoldenKind = Kind;
  using Options = typename Kind::Options;
  // False for the read-only copy.
  static constexpr bool kWritable = !kReadOnly;

  BasicGoldenMatcher(std::string name, Options options)
      : name_(std::move(name)), options_(std::make_shared<const Options>(std::move(options))) {
    matchers_internal::EnsureEnvironment();
  }

  // gmock's polymorphic-matcher protocol: a Matcher<T> for every T the kind's Match takes (a
  // VirtualTerminal, a Frame, a PtySession... for a screen).
  template <typename T>
  // NOLINTNEXTLINE(google-explicit-constructor): used wherever gmock takes a Matcher<T>
  operator ::testing::Matcher<T>() const {
    return ::testing::Matcher<T>(new Impl<T>(*this));
  }

  // A copy that never writes the golden or an .actual file (what `Not` negates).
  BasicGoldenMatcher<Kind, true> ReadOnly() const {
    return BasicGoldenMatcher<Kind, true>(typename BasicGoldenMatcher<Kind, true>::SharedOptions{},
                                          name_, options_);
  }

  void DescribeTo(std::ostream* os) const { Kind::Describe(assertion(), false, os); }
  void DescribeNegationTo(std::ostream* os) const { Kind::Describe(assertion(), true, os); }

 private:
  template <typename, bool>
  friend class BasicGoldenMatcher;

  template <typename T>
  class Impl : public ::testing::MatcherInterface<T> {
   public:
    explicit Impl(BasicGoldenMatcher m) : m_(std::move(m)) {}
    bool MatchAndExplain(T x, ::testing::MatchResultListener* listener) const override {
      return Kind::Match(m_.assertion(), x, listener);
    }
    void DescribeTo(std::ostream* os) const override { m_.DescribeTo(os); }
    void DescribeNegationTo(std::ostream* os) const override { m_.DescribeNegationTo(os); }

   private:
    BasicGoldenMatcher m_;
  };

  // The read-only copy shares the writable one's options.
  struct SharedOptions {};
  BasicGoldenMatcher(SharedOptions, std::string name, std::shared_ptr<const Options> options)
      : name_(std::move(name)), options_(std::move(options)) {}

  GoldenAssertion<Options> assertion() const {
    return {.name = name_,
            .options = *options_,
            .read_only = kReadOnly || matchers_internal::GoldensReadOnlyOnThisThread()};
  }

  std::string name_;
  std::shared_ptr<const Options> options_;
};

// Whether M is a golden matcher (a BasicGoldenMatcher of any kind, writable or read-only).
template <typename M>
struct IsGoldenMatcher : std::false_type {};
template <typename Kind, bool kReadOnly>
struct IsGoldenMatcher<BasicGoldenMatcher<Kind, kReadOnly>> : std::true_type {};

// A golden matcher that may write: the ones `Not` turns into their read-only copy.
template <typename M>
concept WritableGoldenMatcher = IsGoldenMatcher<M>::value && M::kWritable;

namespace golden_kind {

// testing::Not(golden matcher): gmock's Not of its read-only copy. More constrained than gmock's
// `template <typename InnerMatcher> Not(InnerMatcher)`, so overload resolution picks it for a
// writable golden matcher and gmock's for everything else (a read-only copy included). It lives
// beside the kinds so that argument-dependent lookup finds it too, and namespace testing names it
// (below) for `testing::Not(...)` and `using testing::Not;`: one function, never ambiguous.
template <typename M>
requires WritableGoldenMatcher<M>
auto Not(M matcher) { return ::testing::Not(matcher.ReadOnly()); }

}  // namespace golden_kind
}  // namespace vtsnap

namespace testing {
using ::vtsnap::golden_kind::Not;
}  // namespace testing

#endif  // VTSNAP_MATCHERS_GOLDEN_MATCHER_H_
