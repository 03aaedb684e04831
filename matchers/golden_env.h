// The GoogleTest side of the golden matchers: an assertion inside the running test, and the
// end-of-program check of every golden folder the run claimed (orphans, declared inventories, the
// update summary). Internal to matchers/; tests and users go through EqualsGolden and
// vtsnap::DeclareInventory.
#ifndef VTSNAP_MATCHERS_GOLDEN_ENV_H_
#define VTSNAP_MATCHERS_GOLDEN_ENV_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "gmock/gmock.h"
#include "vtsnap/snapshot/golden_check.h"
#include "vtsnap/snapshot/inventory.h"

namespace vtsnap::matchers_internal {

// The scenarios a test source file declared with DeclareInventory.
void RecordDeclaration(const std::string& source_file, std::vector<DeclaredScenario> scenarios);

// Makes sure the end-of-program environment is registered (idempotent).
void EnsureEnvironment();

// Runs the golden core (snapshot/golden_check.h) for an assertion inside the running test:
// `input.name` + `extension` in the test source's golden folder (`root` as GoldenOptions::root),
// the test as the claimant, its command line as the one that accepts the actual value. Records the
// assertion's gtest properties and explains a failure to `listener`. Every golden kind (.dump,
// .scene, .rgba) goes through here.
bool MatchGoldenInTest(GoldenInput input, absl::string_view extension, const std::string& root,
                       ::testing::MatchResultListener* listener);

// Whether a failure should show the changed rows in their real styles: not when NO_COLOR is set
// (non-empty); yes when GoogleTest's colour flag (--gtest_color, GTEST_COLOR) says yes; with
// "auto", when standard output is a terminal whose TERM is a colour one (as GoogleTest decides for
// its own output).
bool FailuresInColor();

// What a golden assertion takes from the running test: the test (for its source file, whose
// golden folder holds the golden), its name as the claimant and the command that repeats it.
struct TestContext {
  const ::testing::TestInfo* test = nullptr;
  std::string claimant;
  std::string source_file;
  std::string accept_command;
};
// The running test's context; std::nullopt, with the reason on `listener`, outside a test.
std::optional<TestContext> CurrentTestContext(absl::string_view golden_name,
                                              ::testing::MatchResultListener* listener);
// Records `result` as the assertion's gtest properties, prints its note and explains a failure
// to `listener`; returns result.passed. (MatchGoldenInTest ends with it; a capture golden, which
// is one assertion over many files, calls it once.)
bool ReportGoldenInTest(const TestContext& context, const GoldenResult& result,
                        ::testing::MatchResultListener* listener);

}  // namespace vtsnap::matchers_internal

#endif  // VTSNAP_MATCHERS_GOLDEN_ENV_H_
