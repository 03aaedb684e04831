// The steps of the golden core (golden_check.h) that the capture golden (pito_capture_golden.h)
// shares with CheckGolden: the checks before any file is read, and the advice a failure ends with.
// Not a public API.
//
//   absl::StatusOr<vtsnap::UpdateMode> mode = vtsnap::golden_check_internal::StartCheck(
//       "walk", ".capture", "", std::nullopt);
//   if (!mode.ok()) return vtsnap::golden_check_internal::Unnamed(mode.status());
#ifndef VTSNAP_SNAPSHOT_GOLDEN_GOLDEN_CHECK_INTERNAL_H_
#define VTSNAP_SNAPSHOT_GOLDEN_GOLDEN_CHECK_INTERNAL_H_

#include <cstddef>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/golden/golden_check.h"
#include "vtsnap/snapshot/golden/store.h"

namespace vtsnap::golden_check_internal {

// Before any file is read: the name (empty for a path; else valid with the file name
// `<name><extension>`), where the golden is (`problem`: LocateGolden's, "" when located) and the
// update mode (`update_mode`, else the process's). The mode, or why the check stops.
[[nodiscard]] absl::StatusOr<UpdateMode> StartCheck(absl::string_view name,
                                                    absl::string_view extension,
                                                    absl::string_view problem,
                                                    const std::optional<UpdateMode>& update_mode);

// A check that stopped before naming a file: kInvalid, no path, `why` as its message.
GoldenResult Unnamed(const absl::Status& why);

// A failed check of `path`.
GoldenResult Failed(std::string path, GoldenOutcome outcome, std::string message);

// "UPDATE_GOLDENS=1 <command>" ("=force" in CI).
std::string AcceptCommand(absl::string_view accept_command);

// The advice a failure ends with: how to accept the actual `what`, or, when UPDATE_GOLDENS=new
// left a changed golden alone (`only_new`), that it writes only missing goldens.
std::string AcceptAdvice(bool only_new, absl::string_view what, absl::string_view accept_command);

// "1 frame", "2 frames".
std::string Plural(size_t n, absl::string_view one, absl::string_view many);

}  // namespace vtsnap::golden_check_internal

#endif  // VTSNAP_SNAPSHOT_GOLDEN_GOLDEN_CHECK_INTERNAL_H_
