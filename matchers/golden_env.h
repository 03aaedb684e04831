// The process-wide side of the golden matchers: which goldens this run claimed, the update mode,
// and the end-of-program check of every golden folder (orphans, declared inventories, the update
// summary). Internal to matchers/; tests and users go through EqualsGolden and
// vtsnap::DeclareInventory.
#ifndef VTSNAP_MATCHERS_GOLDEN_ENV_H_
#define VTSNAP_MATCHERS_GOLDEN_ENV_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "snapshot/inventory.h"
#include "snapshot/store.h"

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

}  // namespace vtsnap::matchers_internal

#endif  // VTSNAP_MATCHERS_GOLDEN_ENV_H_
