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

#include "absl/functional/function_ref.h"
#include "absl/strings/string_view.h"
#include "gmock/gmock.h"
#include "vtsnap/snapshot/golden/golden_check.h"
#include "vtsnap/snapshot/golden/inventory.h"

namespace vtsnap::matchers_internal {

// The scenarios a test source file declared with DeclareInventory.
void RecordDeclaration(const std::string& source_file, std::vector<DeclaredScenario> scenarios);

// Makes sure the end-of-program environment is registered (idempotent; every golden matcher's
// constructor calls it, golden_matcher.h).
void EnsureEnvironment();

// The running test's name as a golden name (EqualsGolden() in golden.h): "Suite.Name", '/' as
// '.', then ".2", ".3"... for the test's later unnamed goldens; "" outside a test.
std::string GoldenNameFromTest();

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

  // Fills the claim fields every golden core input has (GoldenInput, pito::CaptureGoldenInput).
  template <typename Input>
  void Claim(Input* input) const {
    input->claimant = claimant;
    input->source_file = source_file;
    input->accept_command = accept_command;
  }
};

// One golden assertion inside the running test, whatever its kind (every golden matcher's Match
// ends here): refuses an empty name (it would be the hidden file "<folder>/<extension>"), finds
// the running test (outside a test it fails, explained), lets `check` locate the golden from the
// test's source file and run the golden core, then records the result as the test's gtest
// properties, prints its note and explains a failure to `listener`. Returns whether it passed.
bool CheckGoldenInTest(absl::string_view name, absl::string_view extension,
                       ::testing::MatchResultListener* listener,
                       absl::FunctionRef<GoldenResult(const TestContext&)> check);

// CheckGoldenInTest of the golden core (snapshot/golden/golden_check.h): `input.name` + `extension`
// in the test source's golden folder (`root` as GoldenOptions::root), the test as the claimant, its
// command line as the one that accepts the actual value. The single-file kinds (.dump, .scene,
// .semantic, .rgba) go through here.
// The command that repeats the running test ("<binary> --gtest_filter=Suite.Name", or `bazel
// run` of its target); "" outside a test.
std::string AcceptCommandOfRunningTest();

bool MatchGoldenInTest(GoldenInput input, absl::string_view extension, const std::string& root,
                       ::testing::MatchResultListener* listener);

}  // namespace vtsnap::matchers_internal

#endif  // VTSNAP_MATCHERS_GOLDEN_ENV_H_
