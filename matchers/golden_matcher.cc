// The GoogleTest plumbing every golden matcher shares (golden_env.h): the running test's context,
// the gtest properties of an assertion, and the report of its result to the test.
#include "vtsnap/matchers/golden_matcher.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <optional>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "vtsnap/matchers/golden_env.h"
#include "vtsnap/snapshot/golden/golden_check.h"
#include "vtsnap/snapshot/golden/store.h"

namespace vtsnap::matchers_internal {
namespace {

// The gtest properties of golden assertions (vtsnap_golden_<n>_path, vtsnap_golden_<n>_result),
// numbered within the running test so the XML/JSON report carries every outcome. Each distinct
// (golden, outcome) pair is recorded once a test run: gtest looks every new key up among the
// test's properties linearly, so recording an assertion repeated in a loop, or a test repeated
// with --gtest_repeat, again and again would make the run quadratic. gmock's second evaluation
// of a failing EXPECT_THAT (once to decide, once to explain) is such a repeat too.
class PropertyLog {
 public:
  void Record(const ::testing::TestInfo* test, const GoldenResult& result) {
    std::lock_guard<std::mutex> lock(mu_);
    const ::testing::TestResult* results =
        test != nullptr ? test->result()
                        : &::testing::UnitTest::GetInstance()->ad_hoc_test_result();
    // Another test, or the same one again after gtest cleared its result (the next
    // --gtest_repeat iteration): the numbering starts over.
    if (test != test_ || results->test_property_count() < recorded_) {
      test_ = test;
      recorded_ = 0;
      seen_.clear();
    }
    const std::string outcome(GoldenOutcomeName(result.outcome));
    if (!seen_.insert(absl::StrCat(outcome, ":", result.path)).second) return;
    const int n = static_cast<int>(seen_.size());
    ::testing::Test::RecordProperty(absl::StrCat("vtsnap_golden_", n, "_path"), result.path);
    ::testing::Test::RecordProperty(absl::StrCat("vtsnap_golden_", n, "_result"), outcome);
    recorded_ += 2;
  }

 private:
  std::mutex mu_;
  const ::testing::TestInfo* test_ = nullptr;
  int recorded_ = 0;  // properties this log added to test_'s result
  absl::flat_hash_set<std::string> seen_;
};

void RecordProperties(const ::testing::TestInfo* test, const GoldenResult& result) {
  static PropertyLog* const log = new PropertyLog;
  log->Record(test, result);
}

// The test binary's path, read once: it is part of every assertion's accept command.
const std::string& SelfExecutable() {
  static const std::string* const self = [] {
    std::error_code ec;
    std::filesystem::path p = std::filesystem::read_symlink("/proc/self/exe", ec);
    return new std::string(ec ? std::string("<test binary>") : p.string());
  }();
  return *self;
}

// The running test's context; std::nullopt, with the reason on `listener`, outside a test.
std::optional<TestContext> CurrentTestContext(absl::string_view golden_name,
                                              ::testing::MatchResultListener* listener) {
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  if (test == nullptr || test->file() == nullptr) {
    *listener << "the golden \"" << golden_name
              << "\" must be checked inside a test: its folder comes from the test's source file";
    return std::nullopt;
  }
  TestContext context;
  context.test = test;
  context.claimant = absl::StrCat(test->test_suite_name(), ".", test->name());
  context.source_file = test->file();
  // Under `bazel test` the binary sits in Bazel's output tree and its goldens are runfiles:
  // `bazel run` of the target is what writes into the workspace.
  const char* target = BazelTestTarget();
  context.accept_command =
      absl::StrCat(target != nullptr ? absl::StrCat("bazel run ", ShellQuoteIfNeeded(target), " --")
                                     : ShellQuoteIfNeeded(SelfExecutable()),
                   " --gtest_filter=", ShellQuoteIfNeeded(context.claimant));
  return context;
}

// Records `result` as the assertion's gtest properties, prints its note and explains a failure
// to `listener`; returns result.passed.
bool ReportGoldenInTest(const TestContext& context, const GoldenResult& result,
                        ::testing::MatchResultListener* listener) {
  // An invalid name or update mode names no golden file: nothing to record.
  if (!result.path.empty()) RecordProperties(context.test, result);
  if (!result.note.empty()) std::fputs(result.note.c_str(), stderr);
  if (!result.passed) {
    std::string message = result.message;
    if (!message.empty() && message.back() == '\n') message.pop_back();
    *listener << message;
  }
  return result.passed;
}

}  // namespace

bool FailuresInColor() {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && *no_color != '\0') return false;
  const std::string flag = absl::AsciiStrToLower(GTEST_FLAG_GET(color));
  if (flag == "yes" || flag == "true" || flag == "t" || flag == "1") return true;
  if (flag != "auto" || ::isatty(STDOUT_FILENO) == 0) return false;
  const char* term_env = std::getenv("TERM");
  if (term_env == nullptr) return false;
  const absl::string_view term = term_env;
  return absl::StartsWith(term, "xterm") || absl::StartsWith(term, "screen") ||
         absl::StartsWith(term, "tmux") || absl::StartsWith(term, "rxvt") || term == "linux" ||
         term == "cygwin" || term == "alacritty" || absl::StrContains(term, "color");
}

std::string AcceptCommandOfRunningTest() {
  ::testing::StringMatchResultListener ignored;
  const std::optional<TestContext> context = CurrentTestContext("", &ignored);
  return context.has_value() ? context->accept_command : "";
}

bool CheckGoldenInTest(absl::string_view name, absl::string_view extension,
                       ::testing::MatchResultListener* listener,
                       absl::FunctionRef<GoldenResult(const TestContext&)> check) {
  // The golden core takes an empty name for a golden given by path; here it is a name, and an
  // empty one would be the hidden file "<folder>/.dump".
  if (name.empty()) {
    if (::testing::UnitTest::GetInstance()->current_test_info() == nullptr) {
      *listener << "a golden without a name (EqualsGolden()) is named after the running test, and "
                   "this one was made and checked outside a test";
      return false;
    }
    *listener << ValidateGoldenName(name, extension).message();
    return false;
  }
  const std::optional<TestContext> context = CurrentTestContext(name, listener);
  if (!context.has_value()) return false;
  return ReportGoldenInTest(*context, check(*context), listener);
}

bool MatchGoldenInTest(GoldenInput input, absl::string_view extension, const std::string& root,
                       ::testing::MatchResultListener* listener) {
  return CheckGoldenInTest(input.name, extension, listener, [&](const TestContext& context) {
    input.where = LocateGolden(context.test->file(), root, input.name, extension);
    context.Claim(&input);
    return CheckGolden(input);
  });
}

}  // namespace vtsnap::matchers_internal
