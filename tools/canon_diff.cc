// `vtsnap canon FILE` and `vtsnap diff A B`: goldens and state dumps, read whole (ReadInput).
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "vtsnap/snapshot/diff.h"
#include "vtsnap/snapshot/frame.h"
#include "vtsnap/snapshot/golden.h"
#include "vtsnap/snapshot/semantic.h"
#include "vtsnap/snapshot/state_json.h"
#include "vtsnap/tools/commands.h"

namespace vtsnap::tools {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitDiffers = 1;
constexpr int kExitInvalid = 2;

// Parses `contents`, the golden read from `path`; on failure writes "PATH:LINE:COL: ..." to
// `err` and returns nothing.
bool ParseGolden(const std::string& path, const std::string& contents, std::ostream& err,
                 Frame* frame) {
  absl::StatusOr<Frame> parsed = golden::Parse(contents);
  if (!parsed.ok()) {
    err << (path == "-" ? "<stdin>" : path) << ":" << parsed.status().message() << "\n";
    return false;
  }
  *frame = *std::move(parsed);
  return true;
}

// Reads and parses the golden at `path`; a file that cannot be read is "PATH: ..." on `err`.
bool LoadGolden(const std::string& path, std::ostream& err, Frame* frame) {
  std::string contents;
  std::string error;
  if (!ReadInput(path, &contents, &error)) {
    err << error << "\n";
    return false;
  }
  return ParseGolden(path, contents, err, frame);
}

// Reads and parses the JSON state dump at `path`, reporting failures like LoadGolden.
bool LoadState(const std::string& path, std::ostream& err, StateDump* dump) {
  std::string contents;
  std::string error;
  if (!ReadInput(path, &contents, &error)) {
    err << error << "\n";
    return false;
  }
  absl::StatusOr<StateDump> parsed = ParseStateJson(contents, path == "-" ? "<stdin>" : path);
  if (!parsed.ok()) {
    err << parsed.status().message() << "\n";
    return false;
  }
  *dump = *std::move(parsed);
  return true;
}

// Parses `contents`, the semantic projection read from `path`, reporting failures like
// ParseGolden.
bool LoadSemantic(const std::string& path, const std::string& contents, std::ostream& err,
                  SemanticSnapshot* snapshot) {
  absl::StatusOr<SemanticSnapshot> parsed =
      ParseSemantic(contents, path == "-" ? "<stdin>" : path);
  if (!parsed.ok()) {
    err << parsed.status().message() << "\n";
    return false;
  }
  *snapshot = *std::move(parsed);
  return true;
}

// `vtsnap diff A B` of two semantic projections (either one starts with `vtsnap-semantic`): by
// meaning, as EqualsSemanticGolden compares them, the text, style and state differences apart.
int RunSemanticDiff(const std::string& a_path, const std::string& a_text,
                    const std::string& b_path, const std::string& b_text, std::ostream& out,
                    std::ostream& err) {
  SemanticSnapshot a;
  SemanticSnapshot b;
  if (!LoadSemantic(a_path, a_text, err, &a)) return kExitInvalid;
  if (!LoadSemantic(b_path, b_text, err, &b)) return kExitInvalid;
  const std::string difference = DiffSemantic(a, b);
  if (difference.empty()) return kExitOk;
  out << "--- " << a_path << "\n+++ " << b_path << "\n" << difference;
  return kExitDiffers;
}

bool IsSemantic(const std::string& contents) {
  return absl::StartsWith(contents, "vtsnap-semantic ");
}

// `vtsnap diff --json A B`: the fields both dumps have, after docs/state-dump.md's normalizations.
int RunJsonDiff(const std::string& a_path, const std::string& b_path, std::ostream& out,
                std::ostream& err) {
  StateDump a;
  StateDump b;
  if (!LoadState(a_path, err, &a)) return kExitInvalid;
  if (!LoadState(b_path, err, &b)) return kExitInvalid;
  const std::vector<StateDifference> differences = DiffStates(a, b);
  if (differences.empty()) return kExitOk;
  out << "--- " << a_path << "\n+++ " << b_path << "\n"
      << differences.size() << (differences.size() == 1 ? " difference" : " differences")
      << " (A != B):\n"
      << FormatStateDifferences(differences);
  return kExitDiffers;
}

}  // namespace

int RunCanon(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 1) {
    err << "usage: vtsnap canon FILE\n"
           "  prints the canonical form of a ckvision-golden 1 dump (\"-\" reads stdin)\n";
    return kExitInvalid;
  }
  Frame frame;
  if (!LoadGolden(args[0], err, &frame)) return kExitInvalid;
  absl::StatusOr<std::string> canonical = golden::Serialize(frame);
  if (!canonical.ok()) {
    err << args[0] << ": " << canonical.status().message() << "\n";
    return kExitInvalid;
  }
  out << *canonical;
  return kExitOk;
}

int RunDiff(const std::vector<std::string>& all_args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> args = all_args;
  const bool json = !args.empty() && args[0] == "--json";
  if (json) args.erase(args.begin());
  if (args.size() != 2) {
    err << "usage: vtsnap diff [--json] EXPECTED ACTUAL\n"
           "  compares two ckvision-golden 1 dumps or two vtsnap-semantic 1 projections (--json: "
           "two JSON state dumps, full or partial): exit 0 equal, 1 different (report on stdout), "
           "2 invalid input\n";
    return kExitInvalid;
  }
  if (args[0] == "-" && args[1] == "-") {
    err << "vtsnap diff: only one of EXPECTED and ACTUAL can be \"-\" (stdin)\n";
    return kExitInvalid;
  }
  if (json) return RunJsonDiff(args[0], args[1], out, err);
  std::string texts[2];
  for (int i = 0; i < 2; ++i) {
    std::string error;
    if (!ReadInput(args[i], &texts[i], &error)) {
      err << error << "\n";
      return kExitInvalid;
    }
  }
  if (IsSemantic(texts[0]) || IsSemantic(texts[1])) {
    return RunSemanticDiff(args[0], texts[0], args[1], texts[1], out, err);
  }
  Frame expected;
  Frame actual;
  if (!ParseGolden(args[0], texts[0], err, &expected)) return kExitInvalid;
  if (!ParseGolden(args[1], texts[1], err, &actual)) return kExitInvalid;
  const FrameDiff diff = Compare(expected, actual);
  if (diff.empty()) return kExitOk;
  out << "--- " << args[0] << "\n+++ " << args[1] << "\n" << RenderDiff(diff);
  return kExitDiffers;
}

}  // namespace vtsnap::tools
