#include "vtsnap/matchers/golden.h"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "vtsnap/matchers/golden_env.h"
#include "vtsnap/snapshot/capture.h"
#include "vtsnap/snapshot/diff.h"
#include "vtsnap/snapshot/golden.h"
#include "vtsnap/snapshot/store.h"

namespace vtsnap {
namespace {

using matchers_internal::Outcome;

const char* OutcomeName(Outcome o) {
  switch (o) {
    case Outcome::kOk:
      return "ok";
    case Outcome::kMissing:
      return "missing";
    case Outcome::kMismatch:
      return "mismatch";
    case Outcome::kWritten:
      return "written";
    case Outcome::kInvalid:
      return "invalid";
  }
  return "?";
}

// Numbers the golden assertions of the running test, so that each one's gtest properties
// (vtsnap_golden_<n>_path, vtsnap_golden_<n>_result) appear in the XML/JSON report.
int NextAssertionNumber(const ::testing::TestInfo* test) {
  static std::mutex mu;
  static const ::testing::TestInfo* current = nullptr;
  static int count = 0;
  std::lock_guard<std::mutex> lock(mu);
  if (test != current) {
    current = test;
    count = 0;
  }
  return ++count;
}

// gmock evaluates a failing EXPECT_THAT twice (once to decide, once to explain), so a repeat of
// the same outcome for the same golden in the same test, right after the first, is that one
// assertion again and records nothing new.
bool IsRepeatedEvaluation(const ::testing::TestInfo* test, const std::string& path,
                          Outcome outcome) {
  static std::mutex mu;
  static const ::testing::TestInfo* last_test = nullptr;
  static std::string* last_path = new std::string;
  static Outcome last_outcome = Outcome::kOk;
  std::lock_guard<std::mutex> lock(mu);
  const bool repeat = test == last_test && path == *last_path && outcome == last_outcome;
  last_test = test;
  *last_path = path;
  last_outcome = outcome;
  return repeat;
}

void RecordProperties(const ::testing::TestInfo* test, const std::string& path, Outcome outcome) {
  if (IsRepeatedEvaluation(test, path, outcome)) return;
  const int n = NextAssertionNumber(test);
  ::testing::Test::RecordProperty(absl::StrCat("vtsnap_golden_", n, "_path"), path);
  ::testing::Test::RecordProperty(absl::StrCat("vtsnap_golden_", n, "_result"),
                                  OutcomeName(outcome));
}

std::string SelfExecutable() {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("<test binary>") : p.string();
}

// Shell-quotes a word when it needs it.
std::string Quote(const std::string& s) {
  if (s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:") ==
      std::string::npos) {
    return s;
  }
  return ShellQuote(s);
}

std::string UpdateCommand(const ::testing::TestInfo* test) {
  const bool ci = EnvironmentSaysCi();
  return absl::StrCat(
      ci ? "UPDATE_GOLDENS=force " : "UPDATE_GOLDENS=1 ", Quote(SelfExecutable()),
      " --gtest_filter=", Quote(absl::StrCat(test->test_suite_name(), ".", test->name())));
}

// Where the actual dump of a failing assertion goes: beside the golden when that folder can be
// written, else under $TEST_UNDECLARED_OUTPUTS_DIR (Bazel), else a temporary directory.
std::string ActualPath(const std::string& golden_write_path, const std::string& relative_name) {
  std::filesystem::path golden(golden_write_path);
  std::filesystem::path dir = golden.parent_path();
  std::error_code ec;
  std::filesystem::path existing = dir;
  while (!existing.empty() && !std::filesystem::exists(existing, ec)) {
    existing = existing.parent_path();
  }
  const char* outputs = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR");
  if (outputs != nullptr && *outputs != '\0') {
    return (std::filesystem::path(outputs) / "vtsnap" / (relative_name + ".actual")).string();
  }
  if (!existing.empty() && IsWritableDirectory(existing.string())) {
    return golden_write_path + ".actual";
  }
  return (std::filesystem::temp_directory_path() / "vtsnap-actual" / (relative_name + ".actual"))
      .string();
}

// Whether the folder of `golden_path` exists and the process may write in it (access W_OK), asked
// once per folder per process: a folder does not turn read-only in the middle of a test run.
bool FolderAllowsWriting(const std::string& golden_path) {
  static std::mutex mu;
  static auto* const known = new std::map<std::string, bool>();  // never destroyed
  const std::string dir = std::filesystem::path(golden_path).parent_path().string();
  std::lock_guard<std::mutex> lock(mu);
  auto [it, inserted] = known->try_emplace(dir, false);
  if (inserted) it->second = ::access(dir.c_str(), W_OK) == 0;
  return it->second;
}

// Removes the .actual an earlier failure left where ActualPath puts it, without ActualPath's
// writability probe (a file created and deleted) in the common case: nothing to remove. Where
// ActualPath would look is decided only when a candidate exists or the folder refuses the removal.
void RemoveStaleActual(const std::string& golden_write_path, const std::string& relative_name) {
  const char* outputs = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR");
  if (outputs != nullptr && *outputs != '\0') {
    (void)RemoveFileIfExists(ActualPath(golden_write_path, relative_name));  // no probe there
    return;
  }
  // Beside the golden: removing it proves the folder writable, so ActualPath would name it.
  const std::string beside = golden_write_path + ".actual";
  if (::unlink(beside.c_str()) == 0) return;
  if (errno == ENOENT || errno == ENOTDIR) {
    // Not beside the golden. In a folder the process may write, that is where ActualPath would
    // have put it, so there is nothing to remove (asked once per folder: access() creates no
    // file, and a passing assertion then costs no further system call here).
    if (errno == ENOENT && FolderAllowsWriting(golden_write_path)) return;
    // ActualPath could only name the temporary one instead.
    // The directory std::filesystem::temp_directory_path names, without its stat: a missing or
    // non-directory one holds no file either.
    const char* temp_dir = nullptr;
    for (const char* var : {"TMPDIR", "TMP", "TEMP", "TEMPDIR"}) {
      temp_dir = std::getenv(var);
      if (temp_dir != nullptr) break;
    }
    const std::string temp = absl::StrCat(temp_dir == nullptr ? "/tmp" : temp_dir,
                                          "/vtsnap-actual/", relative_name, ".actual");
    if (::access(temp.c_str(), F_OK) != 0 && (errno == ENOENT || errno == ENOTDIR)) return;
  }
  (void)RemoveFileIfExists(ActualPath(golden_write_path, relative_name));
}

}  // namespace

GoldenMatcher::GoldenMatcher(std::string name, GoldenOptions options)
    : name_(std::move(name)), options_(std::make_shared<const GoldenOptions>(std::move(options))) {
  matchers_internal::EnsureEnvironment();
}

GoldenMatcher EqualsGolden(std::string name, GoldenOptions options) {
  return GoldenMatcher(std::move(name), std::move(options));
}

void GoldenMatcher::DescribeTo(std::ostream* os) const {
  *os << "equals the golden \"" << name_ << "\"";
}

void GoldenMatcher::DescribeNegationTo(std::ostream* os) const {
  *os << "differs from the golden \"" << name_ << "\"";
}

bool GoldenMatcher::Match(const Terminal& t, ::testing::MatchResultListener* l) const {
  if (!options_->redactions.empty()) {
    Frame actual = CaptureFrame(t);
    options_->redactions.Apply(&actual);
    return MatchActual(
        golden::Serialize(actual), [&actual]() -> const Frame& { return actual; }, l);
  }
  // No redaction: the dump is written straight from the screen (the bytes of
  // Serialize(CaptureFrame(t))), and the Frame is captured only when the golden's bytes differ.
  std::optional<Frame> captured;
  return MatchActual(
      SerializeScreen(t),
      [&]() -> const Frame& {
        if (!captured.has_value()) captured = CaptureFrame(t);
        return *captured;
      },
      l);
}

bool GoldenMatcher::Match(const HeadlessTerminal& t, ::testing::MatchResultListener* l) const {
  absl::StatusOr<const Terminal*> screen = t.screen();
  if (!screen.ok()) {
    *l << screen.status().message();  // CaptureDisplay's reason
    return false;
  }
  return Match(**screen, l);
}

bool GoldenMatcher::Match(const PtySession& session, ::testing::MatchResultListener* l) const {
  absl::StatusOr<Frame> screen = session.Capture();
  if (!screen.ok()) {
    *l << screen.status().message();
    return false;
  }
  return MatchFrame(*screen, l);
}

bool GoldenMatcher::MatchFrame(const Frame& captured,
                               ::testing::MatchResultListener* listener) const {
  if (options_->redactions.empty()) {
    return MatchActual(
        golden::Serialize(captured), [&captured]() -> const Frame& { return captured; }, listener);
  }
  Frame actual = captured;
  options_->redactions.Apply(&actual);
  return MatchActual(
      golden::Serialize(actual), [&actual]() -> const Frame& { return actual; }, listener);
}

bool GoldenMatcher::MatchActual(absl::StatusOr<std::string> actual_text,
                                absl::FunctionRef<const Frame&()> actual,
                                ::testing::MatchResultListener* listener) const {
  if (options_->extension != ".dump" && options_->extension != ".scene") {
    *listener << "GoldenOptions::extension must be \".dump\" or \".scene\", not \""
              << options_->extension << "\"";
    return false;
  }
  matchers_internal::GoldenFile file = {.name = name_,
                                        .extension = options_->extension,
                                        .format = "ckvision-golden 1 dump",
                                        .actual = std::move(actual_text),
                                        .compare = nullptr};
  file.compare = [&file, &actual](const std::string& text) -> absl::StatusOr<std::string> {
    // The serializer is canonical: a golden holding the actual dump's bytes means the actual
    // screen (docs/decisions.md, "A golden whose bytes match passes without parsing").
    if (file.actual.ok() && text == *file.actual) return std::string();
    absl::StatusOr<Frame> expected = golden::Parse(text);
    if (!expected.ok()) return expected.status();
    const Frame& frame = actual();
    if (*expected == frame) return std::string();
    return RenderDiff(Compare(*expected, frame));
  };
  return matchers_internal::MatchGoldenFile(file, options_->root, read_only_, listener);
}

namespace matchers_internal {

bool MatchGoldenFile(const GoldenFile& file, const std::string& root_option, bool read_only,
                     ::testing::MatchResultListener* listener) {
  if (absl::Status s = ValidateGoldenName(file.name); !s.ok()) {
    *listener << s.message();
    return false;
  }
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  if (test == nullptr || test->file() == nullptr) {
    *listener << "the golden \"" << file.name
              << "\" must be checked inside a test: its folder comes from the test's source file";
    return false;
  }
  const absl::StatusOr<UpdateMode>& mode = CurrentUpdateMode();
  if (!mode.ok()) {
    *listener << mode.status().message();
    return false;
  }
  std::string root = root_option;
  if (root.empty()) {
    const char* env = std::getenv("VTSNAP_GOLDEN_ROOT");
    if (env != nullptr) root = env;
  }
  const GoldenFolder folder = GoldenFolderFor(test->file(), root);
  const std::string relative = file.name + file.extension;
  // For .actual files kept outside the tree: "<test file stem>/<name>.dump", so two test files'
  // goldens of one name do not overwrite each other's.
  const std::string stem_relative =
      std::filesystem::path(folder.write).filename().string() + "/" + relative;
  const std::string read_path = folder.read + "/" + relative;
  const std::string write_path = folder.write + "/" + relative;

  absl::StatusOr<std::optional<std::string>> golden_text = ReadFileIfExists(read_path);
  if (!golden_text.ok()) {
    *listener << golden_text.status().message();
    RecordClaim(test->file(), folder.read, relative, Outcome::kInvalid);
    RecordProperties(test, read_path, Outcome::kInvalid);
    return false;
  }
  std::string problem;  // why the golden does not match, for the message
  Outcome outcome = Outcome::kMissing;
  if (golden_text->has_value()) {
    absl::StatusOr<std::string> difference = file.compare(**golden_text);
    if (!difference.ok()) {
      outcome = Outcome::kInvalid;
      problem = absl::StrCat("the golden is not a valid ", file.format, ": ", read_path, ":",
                             difference.status().message(), "\n");
    } else if (difference->empty()) {
      // A stale .actual from an earlier failure goes once the assertion passes again.
      if (!read_only) RemoveStaleActual(write_path, stem_relative);
      RecordClaim(test->file(), folder.read, relative, Outcome::kOk);
      RecordProperties(test, read_path, Outcome::kOk);
      return true;
    } else {
      outcome = Outcome::kMismatch;
      problem = *std::move(difference);
    }
  }

  const absl::StatusOr<std::string>& actual_text = file.actual;
  const bool may_write =
      !read_only && (*mode == UpdateMode::kAll || *mode == UpdateMode::kForce ||
                     (*mode == UpdateMode::kNew && outcome == Outcome::kMissing));
  if (may_write && actual_text.ok()) {
    absl::Status written = WriteFileAtomically(write_path, *actual_text);
    if (written.ok()) {
      (void)RemoveFileIfExists(ActualPath(write_path, stem_relative));
      std::fprintf(stderr, "vtsnap: wrote %s (%s)\n", write_path.c_str(),
                   outcome == Outcome::kMissing ? "new" : "updated");
      RecordClaim(test->file(), folder.read, relative, Outcome::kWritten);
      RecordProperties(test, write_path, Outcome::kWritten);
      return true;
    }
    *listener << "could not write the golden: " << written.message() << "\n";
  }

  RecordClaim(test->file(), folder.read, relative, outcome);
  RecordProperties(test, read_path, outcome);
  if (outcome == Outcome::kMissing) {
    *listener << "the golden " << read_path << " does not exist\n";
  } else {
    *listener << "the " << file.what << " differs from the golden " << read_path << "\n" << problem;
  }
  if (!actual_text.ok()) {
    *listener << "the actual " << file.what
              << " cannot be written as a golden: " << actual_text.status().message() << "\n";
    return false;
  }
  if (read_only) return false;
  const std::string actual_path = ActualPath(write_path, stem_relative);
  if (absl::Status s = WriteFileAtomically(actual_path, *actual_text); s.ok()) {
    *listener << "actual " << (file.extension == ".rgba" ? "plane" : "dump") << " written to "
              << actual_path << "\n";
  } else {
    *listener << "could not write the actual " << (file.extension == ".rgba" ? "plane" : "dump")
              << ": " << s.message() << "\n";
  }
  if (*mode == UpdateMode::kNew && outcome != Outcome::kMissing) {
    *listener << "UPDATE_GOLDENS=new writes only missing goldens; to accept this change run:\n  "
              << absl::StrCat("UPDATE_GOLDENS=1 ", Quote(SelfExecutable()), " --gtest_filter=",
                              Quote(absl::StrCat(test->test_suite_name(), ".", test->name())));
  } else {
    *listener << "to accept the actual " << file.what << " run:\n  " << UpdateCommand(test);
  }
  return false;
}

}  // namespace matchers_internal

}  // namespace vtsnap
