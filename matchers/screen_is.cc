#include "vtsnap/matchers/screen_is.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "vtsnap/matchers/golden_env.h"
#include "vtsnap/snapshot/formats/inline_screen.h"
#include "vtsnap/snapshot/golden/golden_check.h"
#include "vtsnap/snapshot/golden/inline_source.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/diff.h"

namespace vtsnap {
namespace {

// The test's source file as this process reaches it: gtest's rule for golden folders
// (ResolveTestSource), and under `bazel run` the workspace the user's files are in.
absl::StatusOr<std::string> SourcePath(const char* file) {
  ResolvedTestSource resolved = ResolveTestSource(file);
  if (!resolved.problem.empty()) return absl::FailedPreconditionError(resolved.problem);
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  if (std::filesystem::path(resolved.path).is_relative() && workspace != nullptr &&
      *workspace != '\0') {
    return (std::filesystem::path(workspace) / resolved.path).string();
  }
  return resolved.path;
}

// The test binary, whose journal of rewrites ApplyInlineEdit keeps.
std::string SelfBinary() {
  std::error_code ec;
  const std::filesystem::path p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : p.string();
}

}  // namespace

struct InlineScreenState;

// The screen this process rewrote each call's literal with (by file:line:column): nullopt for a
// call not rewritten yet.
std::optional<std::string> RewrittenWith(const InlineScreenState& s);
void RecordRewrite(const InlineScreenState& s, const std::string& replacement);

struct InlineScreenState {
  std::string literal;
  InlineCall where;
  absl::StatusOr<InlineScreen> parsed;

  int line() const { return where.line; }
  int column() const { return where.column; }
  std::string Where() const { return absl::StrCat(where.file, ":", where.line); }
};

std::shared_ptr<const InlineScreenState> MakeInlineScreenState(absl::string_view literal,
                                                               InlineCall where) {
  return std::make_shared<const InlineScreenState>(InlineScreenState{
      .literal = std::string(literal), .where = where, .parsed = ParseInlineScreen(literal)});
}

struct Rewrites {
  std::mutex mu;
  std::map<std::string, std::string> written;
};

Rewrites& GetRewrites() {
  static auto* r = new Rewrites;
  return *r;
}

std::string CallKey(const InlineScreenState& s) {
  return absl::StrCat(s.where.file, ":", s.line(), ":", s.column());
}

std::optional<std::string> RewrittenWith(const InlineScreenState& s) {
  Rewrites& r = GetRewrites();
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = r.written.find(CallKey(s));
  if (it == r.written.end()) return std::nullopt;
  return it->second;
}

void RecordRewrite(const InlineScreenState& s, const std::string& replacement) {
  Rewrites& r = GetRewrites();
  std::lock_guard<std::mutex> lock(r.mu);
  r.written.emplace(CallKey(s), replacement);
}

namespace golden_kind {

void Inline::Describe(const GoldenAssertion<Options>& a, bool negation, std::ostream* os) {
  *os << (negation ? "is not" : "is") << " the inline screen at " << a.options.state->Where();
}

bool Inline::Match(const GoldenAssertion<Options>& a, const ScreenView& screen,
                   ::testing::MatchResultListener* listener) {
  const InlineScreenState& s = *a.options.state;
  const bool read_only = a.read_only;
  if (!screen.readable()) {
    *listener << screen.status().message();
    return false;
  }
  if (!s.parsed.ok()) {
    *listener << "the inline screen at " << s.Where()
              << " cannot be read: " << s.parsed.status().message();
    return false;
  }
  absl::StatusOr<Frame> actual = CaptureFrame(screen);
  if (!actual.ok()) {
    *listener << actual.status().message();
    return false;
  }
  const FrameDiff diff = Compare(ExpectedFrame(*s.parsed, *actual), *actual);
  absl::StatusOr<std::string> path = SourcePath(s.where.file);
  if (diff.empty() && !s.parsed->empty()) {
    if (path.ok() && !read_only) (void)ForgetPendingInlineEdit(*path, s.line(), s.column());
    return true;
  }
  const InlineEdit edit = {.source_file = s.where.file,
                           .line = s.line(),
                           .column = s.column(),
                           .compiled = s.literal,
                           .replacement = FormatInlineScreen(*actual, s.parsed->pins_styles),
                           .binary = SelfBinary()};
  if (s.parsed->empty()) {
    *listener << "the inline screen at " << s.Where() << " is empty; the screen is:\n"
              << edit.replacement;
  } else {
    *listener << "the inline screen at " << s.Where() << " differs\n" << RenderDiff(diff);
  }
  if (read_only) return false;
  if (!path.ok()) {
    *listener << "\nit cannot be rewritten: " << path.status().message();
    return false;
  }
  const absl::StatusOr<UpdateMode>& mode = UpdateModeOfProcess();
  if (!mode.ok()) {
    *listener << "\n" << mode.status().message();
    return false;
  }
  const bool rewrite = *mode == UpdateMode::kAll || *mode == UpdateMode::kForce ||
                       (*mode == UpdateMode::kNew && s.parsed->empty());
  if (rewrite) {
    // One call, one screen: a call reached again in this process (a loop, a helper several tests
    // share) with another screen would have its literal flip to whichever came last.
    const std::optional<std::string> earlier = RewrittenWith(s);
    if (earlier.has_value() && *earlier != edit.replacement) {
      *listener << "\nit is not rewritten: this run already wrote another screen there:\n"
                << *earlier << "(one inline screen holds one screen: give each its own call)";
      return false;
    }
    if (earlier.has_value()) return true;
    if (absl::Status st = ApplyInlineEdit(edit, *path); !st.ok()) {
      *listener << "\nit could not be rewritten: " << st.message();
      return false;
    }
    RecordRewrite(s, edit.replacement);
    (void)ForgetPendingInlineEdit(*path, s.line(), s.column());
    std::fprintf(stderr, "vtsnap: rewrote the inline screen at %s\n", s.Where().c_str());
    return true;
  }
  const absl::Status pending = RecordPendingInlineEdit(edit, *path);
  *listener << "\nrewrite it with: UPDATE_GOLDENS=1 "
            << matchers_internal::AcceptCommandOfRunningTest();
  if (pending.ok()) {
    *listener << "\nor accept it with: vtsnap review "
              << std::filesystem::path(*path).parent_path().string();
  }
  return false;
}

}  // namespace golden_kind
}  // namespace vtsnap
