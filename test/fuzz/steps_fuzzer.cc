// libFuzzer target: arbitrary text as `vtsnap run` steps (tools/run_internal.h, docs/cli.md): as
// one --step and as a step file. An error is InvalidArgument naming the place ("column N: ..."
// for a --step, "steps.txt:LINE:COL: ..." or "steps.txt: no steps" for a file). A step that
// parses, written back with its values escaped (`\\`, `\;`), parses to the same actions and
// golden; every key script it holds parses. A step file reads to the steps its lines read to one
// by one.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "test/fuzz/fuzz_check.h"
#include "vtsnap/decoder/keys.h"
#include "vtsnap/tools/run_internal.h"

namespace {

using vtsnap::tools::run_internal::Action;
using vtsnap::tools::run_internal::ParseStep;
using vtsnap::tools::run_internal::ParseStepFile;
using vtsnap::tools::run_internal::Step;

std::string Escaped(absl::string_view value) {
  return absl::StrReplaceAll(value, {{"\\", "\\\\"}, {";", "\\;"}});
}

// The step as a --step would write it.
std::string Written(const Step& step) {
  std::vector<std::string> fields;
  for (const Action& a : step.actions) {
    const char* field = "keys=";
    switch (a.kind) {
      case Action::Kind::kKeys:
        break;
      case Action::Kind::kWaitText:
        field = "wait-text=";
        break;
      case Action::Kind::kWaitPattern:
        field = "wait-pattern=";
        break;
      case Action::Kind::kWaitStyle:
        field = "wait-style=";
        break;
    }
    fields.push_back(absl::StrCat(field, Escaped(a.value)));
  }
  if (step.quiet.has_value()) {
    fields.push_back(absl::StrCat("quiet-ms=", absl::ToInt64Milliseconds(*step.quiet)));
  }
  if (step.expect.has_value()) fields.push_back(absl::StrCat("expect=", Escaped(*step.expect)));
  return absl::StrJoin(fields, "; ");
}

bool SameStep(const Step& a, const Step& b) {
  if (a.actions.size() != b.actions.size() || a.expect != b.expect || a.quiet != b.quiet) {
    return false;
  }
  for (size_t i = 0; i < a.actions.size(); ++i) {
    if (a.actions[i].kind != b.actions[i].kind || a.actions[i].value != b.actions[i].value) {
      return false;
    }
  }
  return true;
}

void CheckStep(const Step& step) {
  FUZZ_CHECK(!step.actions.empty() || step.expect.has_value());
  for (const Action& a : step.actions) {
    FUZZ_CHECK(!a.value.empty());
    if (a.kind == Action::Kind::kKeys) FUZZ_CHECK(vtsnap::ParseKeys(a.value).ok(), a.value);
  }
  const std::string written = Written(step);
  const absl::StatusOr<Step> again = ParseStep(written);
  FUZZ_CHECK(again.ok(), std::string(again.status().message()) + "\n" + written);
  FUZZ_CHECK(SameStep(*again, step), written);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  const absl::StatusOr<Step> step = ParseStep(text);
  if (step.ok()) {
    CheckStep(*step);
  } else {
    FUZZ_CHECK(step.status().code() == absl::StatusCode::kInvalidArgument);
    FUZZ_CHECK(absl::StartsWith(step.status().message(), "column "),
               std::string(step.status().message()));
  }

  const absl::StatusOr<std::vector<Step>> file = ParseStepFile("steps.txt", text);
  if (!file.ok()) {
    FUZZ_CHECK(file.status().code() == absl::StatusCode::kInvalidArgument);
    FUZZ_CHECK(absl::StartsWith(file.status().message(), "steps.txt:"),
               std::string(file.status().message()));
    return 0;
  }
  FUZZ_CHECK(!file->empty());
  size_t next = 0;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const absl::string_view content = absl::StripLeadingAsciiWhitespace(line);
    if (content.empty() || content[0] == '#') continue;
    FUZZ_CHECK(next < file->size());
    const absl::StatusOr<Step> alone = ParseStep(line);
    FUZZ_CHECK(alone.ok(), std::string(alone.status().message()));
    const Step& from_file = (*file)[next++];
    FUZZ_CHECK(SameStep(from_file, *alone), std::string(line));
    FUZZ_CHECK(from_file.origin == absl::StrCat("steps.txt:", line_number), from_file.origin);
    CheckStep(from_file);
  }
  FUZZ_CHECK(next == file->size());
  return 0;
}
