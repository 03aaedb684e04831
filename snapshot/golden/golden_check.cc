#include "vtsnap/snapshot/golden/golden_check.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "vtsnap/base/quote.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/golden/golden_check_internal.h"
#include "vtsnap/snapshot/golden/golden_formats.h"
#include "vtsnap/snapshot/golden/report.h"
#include "vtsnap/snapshot/screen/diff.h"

namespace vtsnap {
namespace {

// The two places of GoldenLocation's actual value. A location built by hand before
// `actual_beside` existed leaves it empty and `actual_relative` without the suffix: it keeps the
// meaning it had.
std::string Beside(const GoldenLocation& where) {
  return where.actual_beside.empty() ? where.write_path + ".actual" : where.actual_beside;
}
std::string Elsewhere(const GoldenLocation& where) {
  return where.actual_beside.empty() ? where.actual_relative + ".actual" : where.actual_relative;
}

// Where the actual value of a failing check goes: under $TEST_UNDECLARED_OUTPUTS_DIR/vtsnap
// (Bazel) when that is set, else beside the golden when that folder (or the nearest existing
// parent) can be written, else in this user's private folder (PrivateActualFolder), or why none
// may be used.
absl::StatusOr<std::string> ActualPath(const GoldenLocation& where) {
  const char* outputs = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR");
  if (outputs != nullptr && *outputs != '\0') {
    return (std::filesystem::path(outputs) / "vtsnap" / Elsewhere(where)).string();
  }
  std::filesystem::path existing = std::filesystem::path(Beside(where)).parent_path();
  if (existing.empty()) existing = ".";
  std::error_code ec;
  while (!existing.empty() && !std::filesystem::exists(existing, ec)) {
    existing = existing.parent_path();
  }
  if (existing.empty()) existing = ".";
  if (IsWritableDirectory(existing.string())) return Beside(where);
  absl::StatusOr<std::string> folder = PrivateActualFolder();
  if (!folder.ok()) return folder.status();
  return absl::StrCat(*folder, "/", Elsewhere(where));
}

// Whether the folder of `path` exists and the process may write in it (access W_OK), asked once
// per folder per process: a folder does not turn read-only in the middle of a test run.
bool FolderAllowsWriting(const std::string& path) {
  static std::mutex mu;
  static auto* const known = new std::map<std::string, bool>();  // never destroyed
  const std::string dir = std::filesystem::path(path).parent_path().string();
  std::lock_guard<std::mutex> lock(mu);
  auto [it, inserted] = known->try_emplace(dir, false);
  if (inserted) it->second = ::access(dir.empty() ? "." : dir.c_str(), W_OK) == 0;
  return it->second;
}

// Removes the .actual an earlier failure left where ActualPath puts it, without ActualPath's
// writability probe (a file created and deleted) in the common case: nothing to remove. Where
// ActualPath would look is decided only when a candidate exists or the folder refuses the removal.
std::string RemoveStaleActual(const GoldenLocation& where) {
  const char* outputs = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR");
  if (outputs != nullptr && *outputs != '\0') {
    const absl::StatusOr<std::string> path = ActualPath(where);
    (void)RemoveFileIfExists(*path);  // no probe there
    return *path;
  }
  // Beside the golden: removing it proves the folder writable, so ActualPath would name it.
  std::string beside = Beside(where);  // not const: returned, it is moved
  if (::unlink(beside.c_str()) == 0) return beside;
  if (errno == ENOENT || errno == ENOTDIR) {
    // Not beside the golden. In a folder the process may write, that is where ActualPath would
    // have put it, so there is nothing to remove (asked once per folder: access() creates no
    // file, and a passing check then costs no further system call here).
    if (errno == ENOENT && FolderAllowsWriting(beside)) return "";
    // ActualPath could only name the private one instead (PrivateActualFolderPath, without a
    // stat: a missing or non-directory one holds no file either).
    const std::string temp = absl::StrCat(PrivateActualFolderPath(), "/", Elsewhere(where));
    if (::access(temp.c_str(), F_OK) != 0 && (errno == ENOENT || errno == ENOTDIR)) return "";
  }
  const absl::StatusOr<std::string> path = ActualPath(where);
  if (!path.ok()) return "";  // a private folder that is not ours: nothing of ours to remove
  (void)RemoveFileIfExists(*path);
  return *path;
}

// A stale .actual goes once its check passes again, and with it the failure report's entry.
void ForgetEarlierFailure(const GoldenLocation& where) {
  const std::string removed = RemoveStaleActual(where);
  if (!removed.empty()) (void)RemoveReportEntry(where.read_path, removed);
}

// --- The claims of this process ---

// One golden's first claim: who made it, the actual value it claimed (its bytes, or why it had
// none), and, once it wrote the golden, what was there before (so a conflicting claim can undo the
// write).
struct Claim {
  std::string claimant;
  std::string actual;
  bool actual_ok = true;  // `actual` holds a value's bytes, not why it had none
  bool conflicted = false;
  // `actual` is what the golden file holds (the claim passed on equal bytes, or wrote it), so a
  // later check whose actual bytes equal the file's claims the same value without a comparison.
  bool is_golden_file = false;
  bool wrote = false;
  std::optional<std::string> before;  // the golden's bytes before the write; nullopt: none
};

struct FolderClaims {
  std::set<std::string> claimed;
  std::set<std::string> written;
  std::set<std::string> write_failed;
  std::set<std::string> failed;  // a check of it failed for another reason than a write
};

struct Registry {
  std::mutex mu;
  std::map<std::string, Claim> by_path;  // keyed by read path
  // (source file, golden folder) -> what was claimed there.
  std::map<std::pair<std::string, std::string>, FolderClaims> folders;
};

Registry& GetRegistry() {
  static Registry* const r = new Registry;  // never destroyed: read at exit
  return *r;
}

void RecordInventoryClaim(const GoldenInput& in, GoldenOutcome outcome, bool write_failed = false) {
  if (in.source_file.empty()) return;
  Registry& reg = GetRegistry();
  std::lock_guard<std::mutex> lock(reg.mu);
  FolderClaims& f = reg.folders[{in.source_file, in.where.folder}];
  f.claimed.insert(in.where.relative);
  if (outcome == GoldenOutcome::kWritten) f.written.insert(in.where.relative);
  if (write_failed) {
    f.write_failed.insert(in.where.relative);
  } else if (outcome != GoldenOutcome::kOk && outcome != GoldenOutcome::kWritten) {
    f.failed.insert(in.where.relative);
  }
}

// The bytes a claim compares: the actual value's, or why it has none.
std::string ClaimedBytes(const GoldenInput& in) {
  return in.actual.ok() ? *in.actual : absl::StrCat("error: ", in.actual.status().message());
}

// Registers this check's actual value for its golden. Returns the conflict when an earlier check
// in this process claimed the golden with a different value (after undoing any update that claim
// made), nullopt otherwise. `same_bytes`, when given, holds the actual value's
// bytes and is taken instead of a copy (a passing check's golden text).
struct Conflict {
  std::string first;    // the first claimant
  bool undone = false;  // whether its update was undone now
  // How the two values differ (the check's comparison, the first claim as the expected side);
  // empty when they cannot be compared (one of them has no value, or the first is unreadable).
  std::string difference;
};

std::optional<Conflict> ClaimActual(const GoldenInput& in, std::string* same_bytes) {
  Registry& reg = GetRegistry();
  std::lock_guard<std::mutex> lock(reg.mu);
  auto [it, inserted] = reg.by_path.try_emplace(in.where.read_path);
  Claim& claim = it->second;
  if (inserted) {
    claim.claimant = in.claimant;
    claim.is_golden_file = same_bytes != nullptr;
    claim.actual_ok = in.actual.ok();
    claim.actual = same_bytes != nullptr ? std::move(*same_bytes) : ClaimedBytes(in);
    return std::nullopt;
  }
  if (!claim.conflicted && claim.is_golden_file && same_bytes != nullptr) return std::nullopt;
  Conflict conflict = {.first = claim.claimant, .undone = false, .difference = {}};
  bool same = same_bytes != nullptr ? claim.actual == *same_bytes
              : in.actual.ok()      ? claim.actual == *in.actual
                                    : claim.actual == ClaimedBytes(in);
  // Other bytes can still mean the same value: two claims are judged as a golden is, by the
  // check's own comparison with the first claim in the golden's place (styles nobody can see on
  // a blank cell, for a screen), so a claim conflicts exactly when it would fail against a golden
  // holding the first claim's value. Once in conflict, a claim is still compared, for the message
  // (gmock matches a failing value twice: the second message must show the difference too).
  if (!same && claim.actual_ok && in.actual.ok() && in.compare) {
    absl::StatusOr<std::string> difference = in.compare(claim.actual);
    if (difference.ok()) {
      same = difference->empty();
      conflict.difference = *std::move(difference);
    }
  }
  if (!claim.conflicted && same) return std::nullopt;
  if (!claim.conflicted && claim.wrote) {
    // Undo the first claim's update: the golden goes back to what it was.
    conflict.undone = true;
    absl::Status undone = claim.before.has_value()
                              ? WriteFileAtomically(in.where.write_path, *claim.before)
                              : RemoveFileIfExists(in.where.write_path);
    if (!undone.ok()) {
      std::fprintf(stderr, "vtsnap: could not undo the update of %s: %s\n",
                   in.where.write_path.c_str(), std::string(undone.message()).c_str());
    }
    for (auto& [key, f] : reg.folders) {
      if (key.second == in.where.folder) f.written.erase(in.where.relative);
    }
  }
  claim.conflicted = true;
  return conflict;
}

void RecordWrite(const GoldenInput& in, std::optional<std::string> before) {
  Registry& reg = GetRegistry();
  std::lock_guard<std::mutex> lock(reg.mu);
  Claim& claim = reg.by_path[in.where.read_path];
  if (claim.wrote) return;  // the first write knows what was there before the run
  claim.wrote = true;
  claim.is_golden_file = true;  // the file now holds the claimed bytes
  claim.before = std::move(before);
}

// What a conflict's message says after its first line: how the two values differ, when they
// could be compared, and the two ways out.
std::string ConflictAdvice(absl::string_view what, absl::string_view first,
                           absl::string_view second, absl::string_view difference) {
  std::string advice;
  if (!difference.empty()) {
    absl::StrAppend(&advice, "how they differ (expected: ", first, "'s ", what,
                    "; actual: ", second, "'s):\n", difference);
  }
  absl::StrAppend(&advice, "if it is one ", what,
                  " whose content varies from run to run (a time, a process id, a path), redact "
                  "what varies (docs/goldens.md, \"Redactions\"); if they are different ",
                  what, "s, give each its own golden name\n");
  return advice;
}

}  // namespace

ResolvedTestSource ResolveTestSource(absl::string_view test_file) {
  ResolvedTestSource out = {.path = std::string(test_file), .resolution = {}, .problem = {}};
  const std::filesystem::path file(out.path);
  if (test_file.empty() || file.is_absolute()) return out;
  for (const char* bazel : {"TEST_SRCDIR", "RUNFILES_DIR", "BUILD_WORKSPACE_DIRECTORY"}) {
    const char* value = std::getenv(bazel);
    if (value != nullptr && *value != '\0') return out;  // workspace-relative, as Bazel means it
  }
  const char* root = std::getenv("VTSNAP_SOURCE_ROOT");
  if (root != nullptr && *root != '\0') {
    out.path = (std::filesystem::path(root) / file).lexically_normal().string();
    out.resolution = absl::StrCat("the test source ", QuoteForMessage(test_file),
                                  " was resolved against VTSNAP_SOURCE_ROOT=", root);
    return out;
  }
  std::error_code ec;
  const std::filesystem::path cwd = std::filesystem::current_path(ec);
  const std::string where = ec ? std::string("(unknown)") : cwd.string();
  if (!ec && std::filesystem::is_regular_file(cwd / file, ec)) {
    out.path = (cwd / file).lexically_normal().string();
    out.resolution = absl::StrCat("the test source ", QuoteForMessage(test_file),
                                  " was resolved against the current directory ", where);
    return out;
  }
  out.problem = absl::StrCat(
      "cannot locate the goldens of the test source ", QuoteForMessage(test_file),
      ": the path is relative (the compiler was given a relative path), and the current "
      "directory ",
      where,
      ", which it would be resolved against, holds no such file. Set "
      "VTSNAP_SOURCE_ROOT to the directory the test was compiled from, or compile it with an "
      "absolute source path (CMake does); nothing was read or written");
  return out;
}

GoldenLocation LocateGolden(absl::string_view test_file, absl::string_view root_override,
                            absl::string_view name, absl::string_view extension) {
  std::string root(root_override);
  if (root.empty()) {
    const char* env = std::getenv("VTSNAP_GOLDEN_ROOT");
    if (env != nullptr) root = env;
  }
  // The source's own directory is the root only without an override.
  ResolvedTestSource source = {.path = std::string(test_file), .resolution = {}, .problem = {}};
  if (root.empty()) source = ResolveTestSource(test_file);
  const GoldenFolder folder = GoldenFolderFor(source.path, root);
  GoldenLocation where;
  where.resolution = std::move(source.resolution);
  where.problem = std::move(source.problem);
  where.relative = absl::StrCat(name, extension);
  where.folder = folder.read;
  where.read_path = absl::StrCat(folder.read, "/", where.relative);
  where.write_path = absl::StrCat(folder.write, "/", where.relative);
  // "<test file stem>/<name>.dump": two test files' goldens of one name keep apart outside the
  // tree.
  const size_t slash = folder.write.find_last_of('/');
  const absl::string_view stem = slash == std::string::npos
                                     ? absl::string_view(folder.write)
                                     : absl::string_view(folder.write).substr(slash + 1);
  where.actual_beside = absl::StrCat(where.write_path, ".actual");
  where.actual_relative = absl::StrCat(stem, "/", where.relative, ".actual");
  return where;
}

GoldenLocation LocateGoldenPath(absl::string_view path) {
  const std::filesystem::path p{std::string(path)};
  GoldenLocation where;
  where.read_path = std::string(path);
  where.write_path = std::string(path);
  where.folder = p.parent_path().string();
  where.relative = p.filename().string();
  where.actual_beside = absl::StrCat(where.write_path, ".actual");
  where.actual_relative = absl::StrCat(where.relative, ".actual");
  return where;
}

absl::StatusOr<std::string> ActualPathFor(const GoldenLocation& where) { return ActualPath(where); }

absl::string_view GoldenOutcomeName(GoldenOutcome outcome) {
  switch (outcome) {
    case GoldenOutcome::kOk:
      return "ok";
    case GoldenOutcome::kMissing:
      return "missing";
    case GoldenOutcome::kMismatch:
      return "mismatch";
    case GoldenOutcome::kWritten:
      return "written";
    case GoldenOutcome::kInvalid:
      return "invalid";
    case GoldenOutcome::kConflict:
      return "conflict";
  }
  return "?";
}

// An update mode under `bazel test` (UPDATE_GOLDENS passed with --test_env) would write into the
// test's runfiles, which Bazel discards, not into the workspace: `bazel run` does that.
absl::StatusOr<UpdateMode> RefuseUpdatesUnderBazelTest(absl::StatusOr<UpdateMode> mode) {
  if (!mode.ok() || *mode == UpdateMode::kOff) return mode;
  const char* target = BazelTestTarget();
  if (target == nullptr) return mode;
  return absl::FailedPreconditionError(absl::StrCat(
      "UPDATE_GOLDENS is set under `bazel test`, where the goldens are read-only copies in the "
      "test's runfiles: updates would be lost. Update them in the workspace with: UPDATE_GOLDENS=",
      std::getenv("UPDATE_GOLDENS"), " bazel run ", target));
}

const char* BazelTestTarget() {
  const char* target = std::getenv("TEST_TARGET");
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  if (target == nullptr || *target == '\0' || (workspace != nullptr && *workspace != '\0')) {
    return nullptr;
  }
  return target;
}

const absl::StatusOr<UpdateMode>& UpdateModeOfProcess() {
  static const absl::StatusOr<UpdateMode>* const mode =
      new absl::StatusOr<UpdateMode>(RefuseUpdatesUnderBazelTest(
          ParseUpdateMode(std::getenv("UPDATE_GOLDENS"), EnvironmentSaysCi())));
  return *mode;
}

std::string BazelOutputsNote() {
  const char* target = std::getenv("TEST_TARGET");
  const char* outputs = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR");
  if (target == nullptr || outputs == nullptr || *outputs == '\0' ||
      !absl::StartsWith(target, "//")) {
    return "";
  }
  std::string logs = absl::StrCat(
      "bazel-testlogs/", absl::StrReplaceAll(absl::string_view(target).substr(2), {{":", "/"}}));
  absl::StrReplaceAll({{"//", "/"}}, &logs);  // "//:t" (the root package) has no folder
  const char* total = std::getenv("TEST_TOTAL_SHARDS");
  const char* index = std::getenv("TEST_SHARD_INDEX");
  int n = 0;
  int i = 0;
  if (total != nullptr && index != nullptr && absl::SimpleAtoi(total, &n) &&
      absl::SimpleAtoi(index, &i) && n > 0) {
    absl::StrAppend(&logs, "/shard_", i + 1, "_of_", n);
  }
  return absl::StrCat("(after the test: ", logs,
                      "/test.outputs/, in outputs.zip; `vtsnap review` in the workspace reads it "
                      "there)\n");
}

namespace golden_check_internal {

absl::StatusOr<UpdateMode> StartCheck(absl::string_view name, absl::string_view extension,
                                      absl::string_view problem,
                                      const std::optional<UpdateMode>& update_mode) {
  if (!name.empty()) {
    if (absl::Status s = ValidateGoldenName(name, extension); !s.ok()) return s;
  }
  if (!problem.empty()) return absl::FailedPreconditionError(problem);
  if (update_mode.has_value()) return *update_mode;
  return UpdateModeOfProcess();
}

GoldenResult Unnamed(const absl::Status& why) {
  return Failed("", GoldenOutcome::kInvalid, absl::StrCat(why.message(), "\n"));
}

GoldenResult Failed(std::string path, GoldenOutcome outcome, std::string message) {
  return {
      .outcome = outcome, .passed = false, .path = std::move(path), .message = std::move(message)};
}

std::string AcceptCommand(absl::string_view accept_command) {
  return absl::StrCat("UPDATE_GOLDENS=", EnvironmentSaysCi() ? "force " : "1 ", accept_command);
}

std::string AcceptAdvice(bool only_new, absl::string_view what, absl::string_view accept_command) {
  if (only_new) {
    return absl::StrCat(
        "UPDATE_GOLDENS=new writes only missing goldens; to accept this change run:\n  ",
        AcceptCommand(accept_command), "\n");
  }
  return absl::StrCat("to accept the actual ", what, " run:\n  ", AcceptCommand(accept_command),
                      "\n");
}

std::string Plural(size_t n, absl::string_view one, absl::string_view many) {
  return absl::StrCat(n, " ", n == 1 ? one : many);
}

}  // namespace golden_check_internal

namespace {

using golden_check_internal::Failed;

// The extension LocateGolden added to the name: the file name it makes must fit too.
absl::string_view ExtensionOf(const GoldenInput& in) {
  return absl::StartsWith(in.where.relative, in.name)
             ? absl::string_view(in.where.relative).substr(in.name.size())
             : absl::string_view();
}

// The word for the actual value's file: "actual <kind> written to PATH".
std::string KindOf(const GoldenInput& in) {
  if (!in.kind.empty()) return in.kind;
  return in.where.relative.ends_with(".rgba")       ? "plane"
         : in.where.relative.ends_with(".semantic") ? "projection"
                                                    : "dump";
}

// A check that passed: a stale .actual of an earlier failure goes, with its report entry.
GoldenResult Passed(const GoldenInput& in) {
  if (!in.read_only) ForgetEarlierFailure(in.where);
  RecordInventoryClaim(in, GoldenOutcome::kOk);
  return {.outcome = GoldenOutcome::kOk, .passed = true, .path = in.where.read_path};
}

// The claim of this check's actual value, when it conflicts with an earlier one: the failure.
std::optional<GoldenResult> ClaimOrConflict(const GoldenInput& in, std::string* same_bytes) {
  if (in.read_only || !in.one_value_per_process) return std::nullopt;
  std::optional<Conflict> conflict = ClaimActual(in, same_bytes);
  if (!conflict.has_value()) return std::nullopt;
  RecordInventoryClaim(in, GoldenOutcome::kConflict);
  return Failed(
      in.where.read_path, GoldenOutcome::kConflict,
      absl::StrCat(
          "the golden ", in.where.read_path, " is claimed twice in this run with ", "different ",
          in.what, "s: first by ", conflict->first, ", then by ", in.claimant,
          "; nothing is written for it",
          conflict->undone ? absl::StrCat(" (the update ", conflict->first, " made is undone)")
                           : "",
          "\n", ConflictAdvice(in.what, conflict->first, in.claimant, conflict->difference)));
}

// Why a golden whose bytes differ from the actual value's does not pass: missing, or read and
// compared by meaning (nullopt: it means the same).
struct Verdict {
  GoldenOutcome outcome = GoldenOutcome::kMissing;
  std::string problem;  // the difference, or why the golden cannot be read
};

std::optional<Verdict> Judge(const GoldenInput& in, const std::optional<std::string>& golden) {
  if (!golden.has_value()) return Verdict{};
  absl::StatusOr<std::string> difference = in.compare(*golden);
  if (!difference.ok()) {
    return Verdict{
        .outcome = GoldenOutcome::kInvalid,
        .problem = absl::StrCat("the golden is not a valid ", in.format, ": ", in.where.read_path,
                                ":", difference.status().message(), "\n")};
  }
  if (difference->empty()) return std::nullopt;
  return Verdict{.outcome = GoldenOutcome::kMismatch, .problem = *std::move(difference)};
}

bool MayWrite(const GoldenInput& in, UpdateMode mode, GoldenOutcome outcome) {
  return !in.read_only && (mode == UpdateMode::kAll || mode == UpdateMode::kForce ||
                           (mode == UpdateMode::kNew && outcome == GoldenOutcome::kMissing));
}

// The update of a missing or different golden: the passing result, or why it could not be
// written ("could not write the golden: ...\n").
absl::StatusOr<GoldenResult> Update(const GoldenInput& in, GoldenOutcome outcome,
                                    const std::optional<std::string>& before) {
  absl::Status written = WriteFileAtomically(in.where.write_path, *in.actual);
  if (!written.ok()) return written;
  RecordWrite(in, before);
  if (const absl::StatusOr<std::string> stale = ActualPath(in.where); stale.ok()) {
    (void)RemoveFileIfExists(*stale);
    (void)RemoveReportEntry(in.where.read_path, *stale);
  }
  RecordInventoryClaim(in, GoldenOutcome::kWritten);
  return GoldenResult{
      .outcome = GoldenOutcome::kWritten,
      .passed = true,
      .path = in.where.write_path,
      .note = absl::StrCat("vtsnap: wrote ", in.where.write_path, " (",
                           outcome == GoldenOutcome::kMissing ? "new" : "updated", ")\n")};
}

// A failure's first lines: what is wrong, then `after` (a failed update's line).
std::string FailureHead(const GoldenInput& in, const Verdict& verdict, absl::string_view after) {
  if (verdict.outcome == GoldenOutcome::kMissing) {
    return absl::StrCat(
        "the golden ", in.where.read_path, " does not exist\n",
        in.where.resolution.empty() ? "" : absl::StrCat("(", in.where.resolution, ")\n"), after);
  }
  return absl::StrCat("the ", in.what, " differs from the golden ", in.where.read_path, "\n",
                      verdict.problem, after);
}

// The failure's entry in the HTML report (snapshot/golden/report.h), and the line naming its page.
std::string AddToReport(const GoldenInput& in, const std::string& actual_path,
                        const std::string& message, const std::optional<std::string>& golden,
                        GoldenOutcome outcome) {
  const ReportEntry entry = {
      .test = in.claimant,
      .golden_path = in.where.read_path,
      .actual_path = actual_path,
      .message = message,
      .screens_html = in.report_screens
                          ? in.report_screens(golden.has_value() ? &golden.value() : nullptr)
                          : std::string(),
      .new_golden = outcome == GoldenOutcome::kMissing};
  absl::StatusOr<std::string> page = AddReportEntry(entry);
  if (!page.ok())
    return absl::StrCat("could not write the report: ", page.status().message(), "\n");
  return absl::StrCat("report: ", *page, "\n");
}

// The rest of a failure that may leave files: the actual value where a reviewer finds it, how to
// accept it, and the report's entry.
std::string WriteActualAndAdvise(const GoldenInput& in, UpdateMode mode, GoldenOutcome outcome,
                                 const std::optional<std::string>& golden, std::string message) {
  const std::string kind = KindOf(in);
  const absl::StatusOr<std::string> actual_where = ActualPath(in.where);
  const std::string actual_path = actual_where.ok() ? *actual_where : std::string();
  const absl::Status actual_written =
      actual_where.ok() ? WriteFileAtomically(actual_path, *in.actual) : actual_where.status();
  if (actual_written.ok()) {
    absl::StrAppend(&message, "actual ", kind, " written to ", actual_path, "\n",
                    BazelOutputsNote());
  } else {
    absl::StrAppend(&message, "could not write the actual ", kind, ": ", actual_written.message(),
                    "\n");
  }
  absl::StrAppend(&message, golden_check_internal::AcceptAdvice(
                                mode == UpdateMode::kNew && outcome != GoldenOutcome::kMissing,
                                in.what, in.accept_command));
  if (actual_written.ok()) {
    absl::StrAppend(&message, AddToReport(in, actual_path, message, golden, outcome));
  }
  return message;
}

// A golden that does not hold the actual value: updated when the mode allows, else the failure.
GoldenResult Decide(const GoldenInput& in, UpdateMode mode, const Verdict& verdict,
                    const std::optional<std::string>& golden) {
  std::string write_failure;
  if (MayWrite(in, mode, verdict.outcome) && in.actual.ok()) {
    absl::StatusOr<GoldenResult> updated = Update(in, verdict.outcome, golden);
    if (updated.ok()) return *std::move(updated);
    write_failure = absl::StrCat("could not write the golden: ", updated.status().message(), "\n");
  }
  // A write that failed fails the check, and the run's summary counts it apart.
  RecordInventoryClaim(in, verdict.outcome, /*write_failed=*/!write_failure.empty());
  std::string message = FailureHead(in, verdict, write_failure);
  if (!in.actual.ok()) {
    absl::StrAppend(&message, "the actual ", in.what,
                    " cannot be written as a golden: ", in.actual.status().message(), "\n");
    return Failed(in.where.read_path, verdict.outcome, std::move(message));
  }
  if (in.read_only) return Failed(in.where.read_path, verdict.outcome, std::move(message));
  return Failed(in.where.read_path, verdict.outcome,
                WriteActualAndAdvise(in, mode, verdict.outcome, golden, std::move(message)));
}

}  // namespace

GoldenResult CheckGolden(const GoldenInput& in) {
  const absl::StatusOr<UpdateMode> mode =
      golden_check_internal::StartCheck(in.name, ExtensionOf(in), in.where.problem, in.update_mode);
  if (!mode.ok()) return golden_check_internal::Unnamed(mode.status());
  absl::StatusOr<std::optional<std::string>> golden = ReadFileIfExists(in.where.read_path);
  // The serializers are canonical: a golden holding the actual value's bytes means the actual
  // value, and passes without being parsed (docs/decisions.md).
  const bool same_bytes =
      golden.ok() && golden->has_value() && in.actual.ok() && **golden == *in.actual;
  if (std::optional<GoldenResult> conflict =
          ClaimOrConflict(in, same_bytes ? &golden->value() : nullptr)) {
    return *std::move(conflict);
  }
  if (same_bytes) return Passed(in);
  if (!golden.ok()) {
    RecordInventoryClaim(in, GoldenOutcome::kInvalid);
    return Failed(in.where.read_path, GoldenOutcome::kInvalid,
                  absl::StrCat(golden.status().message(), "\n"));
  }
  const std::optional<Verdict> verdict = Judge(in, *golden);
  if (!verdict.has_value()) return Passed(in);
  return Decide(in, *mode, *verdict, *golden);
}

std::function<absl::StatusOr<std::string>(const std::string&)> CompareDumpByMeaning(
    std::function<Frame()> actual, bool color) {
  return CompareByFormat(DumpFormat(".dump", color), std::move(actual));
}

std::function<std::string(const std::string*)> DumpReportScreens(std::function<Frame()> actual) {
  return DrawByFormat(DumpFormat(), std::move(actual));
}

std::vector<GoldenClaims> ClaimsOfProcess() {
  Registry& reg = GetRegistry();
  std::lock_guard<std::mutex> lock(reg.mu);
  std::vector<GoldenClaims> out;
  for (const auto& [key, f] : reg.folders) {
    out.push_back({.source_file = key.first,
                   .folder = key.second,
                   .claimed = {f.claimed.begin(), f.claimed.end()},
                   .written = {f.written.begin(), f.written.end()},
                   .write_failed = {f.write_failed.begin(), f.write_failed.end()},
                   .failed = {f.failed.begin(), f.failed.end()}});
  }
  return out;
}

}  // namespace vtsnap
