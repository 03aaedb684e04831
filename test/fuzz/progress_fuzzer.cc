// libFuzzer target: progress lines. ReadProgress never throws or crashes; a line it reads as
// progress has one of the five states, version 1 and a fraction (when present) in 0..1; a line
// that is not a progress line says why; a malformed one is InvalidArgument naming a field.
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "test/fuzz/fuzz_check.h"
#include "vtsnap/snapshot/formats/progress.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view line(reinterpret_cast<const char*>(data), size);
  const absl::StatusOr<vtsnap::ProgressReading> read = vtsnap::ReadProgress(line);
  if (!read.ok()) {
    FUZZ_CHECK(read.status().code() == absl::StatusCode::kInvalidArgument,
               std::string(read.status().message()));
    FUZZ_CHECK(absl::StartsWith(read.status().message(), "malformed progress line: \""),
               std::string(read.status().message()));
    return 0;
  }
  if (!read->progress.has_value()) {
    FUZZ_CHECK(!read->not_progress.empty());
    return 0;
  }
  const vtsnap::Progress& p = *read->progress;
  FUZZ_CHECK(read->not_progress.empty(), read->not_progress);
  FUZZ_CHECK(p.v == 1);
  const absl::string_view name = vtsnap::ProgressStateName(p.state);
  FUZZ_CHECK(name == "start" || name == "progress" || name == "done" || name == "fail" ||
             name == "end");
  if (p.fraction.has_value()) FUZZ_CHECK(*p.fraction >= 0.0 && *p.fraction <= 1.0);
  return 0;
}
