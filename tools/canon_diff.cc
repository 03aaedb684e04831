// `vtsnap canon FILE` and `vtsnap diff A B`: goldens and state dumps, read whole (ReadInput).
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "vtsnap/snapshot/diff.h"
#include "vtsnap/snapshot/frame.h"
#include "vtsnap/snapshot/golden.h"
#include "vtsnap/snapshot/state_json.h"
#include "vtsnap/tools/commands.h"

namespace vtsnap::tools {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitDiffers = 1;
constexpr int kExitInvalid = 2;

// Reads and parses the golden at `path`; on failure writes "PATH: ..." / "PATH:LINE:COL: ..." to
// `err` and returns nothing.
bool LoadGolden(const std::string& path, std::ostream& err, Frame* frame) {
  std::string contents;
  std::string error;
  if (!ReadInput(path, &contents, &error)) {
    err << error << "\n";
    return false;
  }
  absl::StatusOr<Frame> parsed = golden::Parse(contents);
  if (!parsed.ok()) {
    err << (path == "-" ? "<stdin>" : path) << ":" << parsed.status().message() << "\n";
    return false;
  }
  *frame = *std::move(parsed);
  return true;
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
           "  compares two ckvision-golden 1 dumps (--json: two JSON state dumps, full or "
           "partial): exit 0 equal, 1 different (report on stdout), 2 invalid input\n";
    return kExitInvalid;
  }
  if (args[0] == "-" && args[1] == "-") {
    err << "vtsnap diff: only one of EXPECTED and ACTUAL can be \"-\" (stdin)\n";
    return kExitInvalid;
  }
  if (json) return RunJsonDiff(args[0], args[1], out, err);
  Frame expected;
  Frame actual;
  if (!LoadGolden(args[0], err, &expected)) return kExitInvalid;
  if (!LoadGolden(args[1], err, &actual)) return kExitInvalid;
  const FrameDiff diff = Compare(expected, actual);
  if (diff.empty()) return kExitOk;
  out << "--- " << args[0] << "\n+++ " << args[1] << "\n" << RenderDiff(diff);
  return kExitDiffers;
}

}  // namespace vtsnap::tools
