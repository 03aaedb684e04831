// The process-wide side of the golden matchers: which goldens this run claimed, the update mode,
// and the end-of-program check of every golden folder (orphans, declared inventories, the update
// summary). Internal to matchers/; tests and users go through EqualsGolden and
// vtsnap::DeclareInventory.
#ifndef VTSNAP_MATCHERS_GOLDEN_ENV_H_
#define VTSNAP_MATCHERS_GOLDEN_ENV_H_

#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gmock/gmock.h"
#include "vtsnap/snapshot/inventory.h"
#include "vtsnap/snapshot/store.h"

namespace vtsnap::matchers_internal {

// What one golden assertion ended as.
enum class Outcome { kOk, kMissing, kMismatch, kWritten, kInvalid };

// Records an assertion on the golden `relative` (e.g. "home.dump") of `source_file`'s folder.
void RecordClaim(const std::string& source_file, const std::string& folder,
                 const std::string& relative, Outcome outcome);

// The update mode from UPDATE_GOLDENS, read once; an error says why the run must stop.
const absl::StatusOr<UpdateMode>& CurrentUpdateMode();

// The scenarios a test source file declared with DeclareInventory.
void RecordDeclaration(const std::string& source_file, std::vector<DeclaredScenario> scenarios);

// Makes sure the end-of-program environment is registered (idempotent).
void EnsureEnvironment();

// One golden file an assertion compares with: `<name><extension>` in the test source's golden
// folder. Every golden kind (.dump, .scene, .rgba) goes through MatchGoldenFile, so they share the
// update modes, the .actual files, the claims the inventory checks and the messages.
struct GoldenFile {
  std::string name = {};        // as given to the matcher, validated by ValidateGoldenName
  std::string extension = {};   // ".dump", ".scene" or ".rgba"
  std::string format = {};      // for "the golden is not a valid <format>"
  std::string what = "screen";  // for "the <what> differs from the golden"
  absl::StatusOr<std::string> actual = std::string();  // the actual value's canonical bytes
  // The difference between the golden's bytes and the actual value: "" when they mean the same,
  // else a report; an error when the golden cannot be read as `format`.
  std::function<absl::StatusOr<std::string>(const std::string& golden)> compare = {};
};

// Compares, writes under UPDATE_GOLDENS, records the claim and explains (see EqualsGolden).
bool MatchGoldenFile(const GoldenFile& file, const std::string& root, bool read_only,
                     ::testing::MatchResultListener* listener);

}  // namespace vtsnap::matchers_internal

#endif  // VTSNAP_MATCHERS_GOLDEN_ENV_H_
