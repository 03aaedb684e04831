// What the libFuzzer targets in test/fuzz share: Check, which aborts with the file, line and
// condition when an invariant breaks (libFuzzer then saves the input as a crash), and the two
// round trips a captured screen must survive.
#ifndef VTSNAP_TEST_FUZZ_FUZZ_CHECK_H_
#define VTSNAP_TEST_FUZZ_FUZZ_CHECK_H_

#include <cstdio>
#include <cstdlib>
#include <string>

#include "absl/status/statusor.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/state_json.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap_fuzz {

[[noreturn]] inline void Broken(const char* file, int line, const char* what,
                                const std::string& detail) {
  std::fprintf(stderr, "%s:%d: invariant broken: %s\n", file, line, what);
  if (!detail.empty()) std::fprintf(stderr, "%s\n", detail.c_str());
  std::abort();
}

}  // namespace vtsnap_fuzz

// FUZZ_CHECK(condition) or FUZZ_CHECK(condition, detail): `detail` (a std::string) is printed too.
// A macro name of its own: a plain Check( would rewrite any Check method a header declares.
#define FUZZ_CHECK(ok, ...)    \
  ((ok) ? static_cast<void>(0) \
        : ::vtsnap_fuzz::Broken(__FILE__, __LINE__, #ok, std::string(__VA_ARGS__)))

namespace vtsnap_fuzz {

// A captured frame survives ckvision-golden 1: whatever serializes parses back to an equal frame
// (golden equality: the parsed frame knows row text, not graphemes) and serializes to the same
// text again.
inline void CheckGoldenRoundTrip(const vtsnap::Frame& frame) {
  const absl::StatusOr<std::string> dump = vtsnap::golden::Serialize(frame);
  if (!dump.ok()) return;
  const absl::StatusOr<vtsnap::Frame> parsed = vtsnap::golden::Parse(*dump);
  FUZZ_CHECK(parsed.ok(), std::string(parsed.status().message()) + "\n" + *dump);
  FUZZ_CHECK(*parsed == frame, *dump);
  const absl::StatusOr<std::string> again = vtsnap::golden::Serialize(*parsed);
  FUZZ_CHECK(again.ok() && *again == *dump, *dump);
}

// A captured state dump survives JSON: it writes, parses back to an equal dump that writes the
// same text, and the differ finds nothing between them.
inline void CheckStateRoundTrip(const vtsnap::Terminal& terminal) {
  const vtsnap::StateDump captured = vtsnap::CaptureState(terminal);
  const std::string json = vtsnap::WriteStateJson(captured);
  const absl::StatusOr<vtsnap::StateDump> parsed = vtsnap::ParseStateJson(json, "captured");
  FUZZ_CHECK(parsed.ok(), std::string(parsed.status().message()) + "\n" + json);
  FUZZ_CHECK(*parsed == captured, json);
  FUZZ_CHECK(vtsnap::WriteStateJson(*parsed) == json, json);
  const std::vector<vtsnap::StateDifference> differences = vtsnap::DiffStates(captured, *parsed);
  FUZZ_CHECK(differences.empty(), vtsnap::FormatStateDifferences(differences));
}

}  // namespace vtsnap_fuzz

#endif  // VTSNAP_TEST_FUZZ_FUZZ_CHECK_H_
