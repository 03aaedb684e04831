// libFuzzer target: arbitrary text as a JSON state dump (snapshot/formats/state_json.h). An error
// names the source; whatever parses writes, parses back to an equal dump and writes the same text
// again, and differs from nothing when compared with itself. The input is also cut in two (at its
// first NUL byte, else in the middle) and each part read as a dump of its own: every pair of
// dumps that parse is diffed both ways, which must give the same paths with the sides swapped.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "test/fuzz/fuzz_check.h"
#include "vtsnap/snapshot/formats/state_json.h"

namespace {

std::vector<vtsnap::StateDump> parsed;

void Read(absl::string_view text) {
  absl::StatusOr<vtsnap::StateDump> dump = vtsnap::ParseStateJson(text, "fuzz");
  if (!dump.ok()) {
    FUZZ_CHECK(dump.status().code() == absl::StatusCode::kInvalidArgument);
    FUZZ_CHECK(absl::StartsWith(dump.status().message(), "fuzz"),
               std::string(dump.status().message()));
    return;
  }
  const std::string json = vtsnap::WriteStateJson(*dump);
  const absl::StatusOr<vtsnap::StateDump> again = vtsnap::ParseStateJson(json, "written");
  FUZZ_CHECK(again.ok(), std::string(again.status().message()) + "\n" + json);
  FUZZ_CHECK(*again == *dump, json);
  FUZZ_CHECK(vtsnap::WriteStateJson(*again) == json, json);
  FUZZ_CHECK(vtsnap::DiffStates(*dump, *dump).empty());
  FUZZ_CHECK(vtsnap::DiffStates(*dump, *again).empty(),
             vtsnap::FormatStateDifferences(vtsnap::DiffStates(*dump, *again)));
  parsed.push_back(*std::move(dump));
}

void CheckSymmetric(const vtsnap::StateDump& a, const vtsnap::StateDump& b) {
  const std::vector<vtsnap::StateDifference> ab = vtsnap::DiffStates(a, b);
  const std::vector<vtsnap::StateDifference> ba = vtsnap::DiffStates(b, a);
  FUZZ_CHECK(ab.size() == ba.size(),
             vtsnap::FormatStateDifferences(ab) + "---\n" + vtsnap::FormatStateDifferences(ba));
  for (size_t i = 0; i < ab.size(); ++i) {
    FUZZ_CHECK(ab[i].path == ba[i].path && ab[i].a == ba[i].b && ab[i].b == ba[i].a,
               vtsnap::FormatStateDifferences(ab) + "---\n" + vtsnap::FormatStateDifferences(ba));
  }
  (void)vtsnap::FormatStateDifferences(ab, 3);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  parsed.clear();
  Read(text);
  size_t cut = text.find('\0');
  const size_t skip = cut == absl::string_view::npos ? 0 : 1;
  if (cut == absl::string_view::npos) cut = size / 2;
  Read(text.substr(0, cut));
  Read(text.substr(cut + skip));
  for (size_t i = 0; i < parsed.size(); ++i) {
    for (size_t j = i + 1; j < parsed.size(); ++j) CheckSymmetric(parsed[i], parsed[j]);
  }
  return 0;
}
