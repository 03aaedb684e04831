// The golden core (snapshot/golden/golden_check.h) without GoogleTest's matchers: outcomes,
// messages,
// `.actual` files, the byte-equality fast path, duplicate claims and the inventory's claims, in the
// process's default update mode (this binary runs without UPDATE_GOLDENS). The update modes are
// exercised end to end in test/goldens_e2e/. Also keeps the header's example alive.
#include "vtsnap/snapshot/golden/golden_check.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/screen_dump.h"
#include "vtsnap/snapshot/screen/capture.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::StartsWith;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteFile(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// A comparison for plain text goldens: "" when equal, else a one-line report; "BAD" is invalid.
GoldenInput TextInput(const fs::path& path, const std::string& actual, std::string claimant) {
  return {.where = LocateGoldenPath(path.string()),
          .format = "text golden",
          .what = "text",
          .actual = actual,
          .compare = [actual](const std::string& golden) -> absl::StatusOr<std::string> {
            if (golden == "BAD") return absl::InvalidArgumentError("1:1: not text");
            if (golden == actual + "\n") return std::string();  // same meaning, other bytes
            return absl::StrCat("- ", golden, "\n+ ", actual, "\n");
          },
          .claimant = std::move(claimant),
          .accept_command = "./check"};
}

class GoldenCheckTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(std::getenv("UPDATE_GOLDENS"), nullptr) << "run this test without UPDATE_GOLDENS";
    dir_ = fs::temp_directory_path() /
           absl::StrCat("vtsnap-golden-check-", ::getpid(), "-",
                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The command prefix an accept line has here (CI sets CI=true: force).
  static std::string Accept() {
    return EnvironmentSaysCi() ? "UPDATE_GOLDENS=force ./check" : "UPDATE_GOLDENS=1 ./check";
  }

  fs::path dir_;
};

TEST_F(GoldenCheckTest, MissingGoldenFailsAndWritesTheActualBesideIt) {
  const fs::path golden = dir_ / "a.txt";
  const GoldenResult r = CheckGolden(TextInput(golden, "hello", "T.Missing"));
  EXPECT_EQ(r.outcome, GoldenOutcome::kMissing);
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(r.message, absl::StrCat("the golden ", golden.string(), " does not exist\n",
                                    "actual dump written to ", golden.string(), ".actual\n",
                                    "to accept the actual text run:\n  ", Accept(), "\n",
                                    "report: ", (dir_ / "vtsnap-report.html").string(), "\n"));
  EXPECT_EQ(ReadFile(golden.string() + ".actual"), "hello");
  EXPECT_FALSE(fs::exists(golden));
}

TEST_F(GoldenCheckTest, EqualBytesPassWithoutAComparison) {
  const fs::path golden = dir_ / "a.txt";
  WriteFile(golden, "hello");
  WriteFile(golden.string() + ".actual", "stale");
  GoldenInput in = TextInput(golden, "hello", "T.Equal");
  in.compare = [](const std::string&) -> absl::StatusOr<std::string> {
    ADD_FAILURE() << "equal bytes must not be compared";
    return std::string("compared");
  };
  const GoldenResult r = CheckGolden(in);
  EXPECT_TRUE(r.passed) << r.message;
  EXPECT_EQ(r.outcome, GoldenOutcome::kOk);
  EXPECT_FALSE(fs::exists(golden.string() + ".actual"));  // a stale one goes
}

TEST_F(GoldenCheckTest, SameMeaningInOtherBytesPasses) {
  const fs::path golden = dir_ / "a.txt";
  WriteFile(golden, "hello\n");
  const GoldenResult r = CheckGolden(TextInput(golden, "hello", "T.Meaning"));
  EXPECT_TRUE(r.passed) << r.message;
  EXPECT_EQ(ReadFile(golden), "hello\n");
}

TEST_F(GoldenCheckTest, MismatchExplainsAndWritesTheActual) {
  const fs::path golden = dir_ / "a.txt";
  WriteFile(golden, "hallo");
  const GoldenResult r = CheckGolden(TextInput(golden, "hello", "T.Mismatch"));
  EXPECT_EQ(r.outcome, GoldenOutcome::kMismatch);
  EXPECT_THAT(r.message, StartsWith(absl::StrCat("the text differs from the golden ",
                                                 golden.string(), "\n- hallo\n+ hello\n")));
  EXPECT_EQ(ReadFile(golden), "hallo");
  EXPECT_EQ(ReadFile(golden.string() + ".actual"), "hello");
}

TEST_F(GoldenCheckTest, InvalidGoldenNamesItsFormatAndPlace) {
  const fs::path golden = dir_ / "a.txt";
  WriteFile(golden, "BAD");
  const GoldenResult r = CheckGolden(TextInput(golden, "hello", "T.Invalid"));
  EXPECT_EQ(r.outcome, GoldenOutcome::kInvalid);
  EXPECT_THAT(r.message, HasSubstr(absl::StrCat("the golden is not a valid text golden: ",
                                                golden.string(), ":1:1: not text\n")));
}

TEST_F(GoldenCheckTest, ReadOnlyCheckWritesNothing) {
  const fs::path golden = dir_ / "a.txt";
  GoldenInput in = TextInput(golden, "hello", "T.ReadOnly");
  in.read_only = true;
  const GoldenResult r = CheckGolden(in);
  EXPECT_EQ(r.outcome, GoldenOutcome::kMissing);
  EXPECT_FALSE(fs::exists(golden.string() + ".actual"));
}

// A tree that cannot be written (here the golden's folder would lie under a regular file, which
// stops root too) sends the .actual to this user's private folder in $TMPDIR, made 0700.
class PrivateFolderTest : public GoldenCheckTest {
 protected:
  void SetUp() override {
    GoldenCheckTest::SetUp();
    if (const char* old = std::getenv("TMPDIR")) old_tmpdir_ = old;
    ::setenv("TMPDIR", dir_.c_str(), 1);
    WriteFile(dir_ / "blocker", "not a directory\n");
    private_ = dir_ / absl::StrCat("vtsnap-actual-", ::getuid());
  }
  void TearDown() override {
    if (old_tmpdir_.has_value()) {
      ::setenv("TMPDIR", old_tmpdir_->c_str(), 1);
    } else {
      ::unsetenv("TMPDIR");
    }
    GoldenCheckTest::TearDown();
  }
  std::optional<std::string> old_tmpdir_;
  fs::path private_;
};

TEST_F(PrivateFolderTest, ReadOnlyTreeWritesTheActualToAPerUserFolder) {
  const fs::path golden = dir_ / "blocker" / "a.txt";
  const GoldenResult r = CheckGolden(TextInput(golden, "hello", "T.Private"));
  EXPECT_EQ(r.outcome, GoldenOutcome::kMissing);
  EXPECT_THAT(r.message, HasSubstr(absl::StrCat("actual dump written to ", private_.string(),
                                                "/a.txt.actual\n")));
  EXPECT_EQ(ReadFile(private_ / "a.txt.actual"), "hello");
  EXPECT_EQ(fs::status(private_).permissions(), fs::perms::owner_all);
}

TEST_F(PrivateFolderTest, APlantedLinkIsRefusedAndNothingIsWrittenThroughIt) {
  const fs::path elsewhere = dir_ / "elsewhere";
  fs::create_directories(elsewhere);
  fs::permissions(elsewhere, fs::perms::owner_all, fs::perm_options::replace);
  fs::create_directory_symlink(elsewhere, private_);
  const fs::path golden = dir_ / "blocker" / "a.txt";
  const GoldenResult r = CheckGolden(TextInput(golden, "hello", "T.Planted"));
  EXPECT_FALSE(r.passed);
  EXPECT_THAT(r.message,
              HasSubstr(absl::StrCat("could not write the actual dump: the folder for .actual "
                                     "files \"",
                                     private_.string(), "\" is a symbolic link, not a directory")));
  EXPECT_TRUE(fs::is_empty(elsewhere));
}

// The extension and the .actual count: a 244-byte name makes a 256-byte "<name>.dump.actual",
// which no file system takes, so it is refused as a name before anything is read or written; a
// 243-byte name fails as missing and its .actual is written, ready for review.
TEST_F(GoldenCheckTest, NameWhoseActualCannotBeNamedIsInvalid) {
  const std::string source = (dir_ / "long_test.cc").string();
  GoldenInput in = TextInput(dir_ / "unused", "hello", "T.Long");
  in.name = std::string(244, 'n');
  in.where = LocateGolden(source, "", in.name, ".dump");
  const GoldenResult r = CheckGolden(in);
  EXPECT_EQ(r.outcome, GoldenOutcome::kInvalid);
  EXPECT_THAT(r.message, HasSubstr("its last segment, \".dump\" and the \".actual\" written on a "
                                   "mismatch make a file name of 256 bytes"));
  EXPECT_FALSE(fs::exists(dir_ / "goldens"));

  in.name = std::string(243, 'n');
  in.where = LocateGolden(source, "", in.name, ".dump");
  const GoldenResult fits = CheckGolden(in);
  EXPECT_EQ(fits.outcome, GoldenOutcome::kMissing) << fits.message;
  EXPECT_TRUE(fs::exists(dir_ / "goldens/long_test" / (in.name + ".dump.actual"))) << fits.message;
}

TEST_F(GoldenCheckTest, InvalidNameStopsBeforeAnyFile) {
  GoldenInput in = TextInput(dir_ / "x.txt", "hello", "T.Name");
  in.name = "../escape";
  const GoldenResult r = CheckGolden(in);
  EXPECT_EQ(r.outcome, GoldenOutcome::kInvalid);
  EXPECT_EQ(r.path, "");
  EXPECT_THAT(r.message, HasSubstr("\"../escape\""));
}

TEST_F(GoldenCheckTest, SecondClaimWithAnotherValueConflictsNamingBoth) {
  const fs::path golden = dir_ / "same.txt";
  WriteFile(golden, "one");
  EXPECT_TRUE(CheckGolden(TextInput(golden, "one", "T.First")).passed);
  const GoldenResult second = CheckGolden(TextInput(golden, "two", "T.Second"));
  EXPECT_EQ(second.outcome, GoldenOutcome::kConflict);
  EXPECT_EQ(second.message,
            absl::StrCat("the golden ", golden.string(),
                         " is claimed twice in this run with different texts: first by T.First, "
                         "then by T.Second; nothing is written for it\n"
                         "how they differ (expected: T.First's text; actual: T.Second's):\n"
                         "- one\n+ two\n"
                         "if it is one text whose content varies from run to run (a time, a "
                         "process id, a path), redact what varies (docs/goldens.md, "
                         "\"Redactions\"); if they are different texts, give each its own golden "
                         "name\n"));
  EXPECT_FALSE(fs::exists(golden.string() + ".actual"));
  // Once in conflict, even the first value fails: the golden is no longer one screen's.
  EXPECT_EQ(CheckGolden(TextInput(golden, "one", "T.Third")).outcome, GoldenOutcome::kConflict);
  EXPECT_EQ(ReadFile(golden), "one");
}

TEST_F(GoldenCheckTest, SameValueClaimedTwiceIsNoConflict) {
  const fs::path golden = dir_ / "twice.txt";
  WriteFile(golden, "one");
  EXPECT_TRUE(CheckGolden(TextInput(golden, "one", "T.A")).passed);
  EXPECT_TRUE(CheckGolden(TextInput(golden, "one", "T.B")).passed);
  // A failing first claim conflicts with a different second one just the same.
  const fs::path missing = dir_ / "missing.txt";
  EXPECT_EQ(CheckGolden(TextInput(missing, "x", "T.A")).outcome, GoldenOutcome::kMissing);
  EXPECT_EQ(CheckGolden(TextInput(missing, "x", "T.B")).outcome, GoldenOutcome::kMissing);
  EXPECT_EQ(CheckGolden(TextInput(missing, "y", "T.C")).outcome, GoldenOutcome::kConflict);
}

// Claims are judged as goldens are: a second claim whose bytes differ but whose comparison with
// the first claim finds nothing is the same value.
TEST_F(GoldenCheckTest, SameMeaningInOtherBytesClaimedTwiceIsNoConflict) {
  const fs::path golden = dir_ / "meaning.txt";
  EXPECT_EQ(CheckGolden(TextInput(golden, "x\n", "T.A")).outcome, GoldenOutcome::kMissing);
  EXPECT_EQ(CheckGolden(TextInput(golden, "x", "T.B")).outcome, GoldenOutcome::kMissing);
}

// Two screens that differ only in the foreground of a blank cell, claimed by two checks of one
// golden: no conflict, with the golden missing and with it present (then both pass).
TEST_F(GoldenCheckTest, ScreensDifferingOnlyInInvisibleStylesClaimOneGolden) {
  VirtualTerminal coloured({.cols = 10, .rows = 2});
  coloured.Write("X\x1b[31m \x1b[mY");
  VirtualTerminal plain({.cols = 10, .rows = 2});
  plain.Write("X Y");
  ASSERT_NE(*SerializeScreen(coloured), *SerializeScreen(plain));
  const auto check = [&](const fs::path& golden, VirtualTerminal& vt, std::string claimant) {
    return CheckGolden({.where = LocateGoldenPath(golden.string()),
                        .actual = SerializeScreen(vt),
                        .compare = CompareDumpByMeaning([&vt] { return *CaptureFrame(vt); }),
                        .claimant = std::move(claimant)});
  };
  const fs::path missing = dir_ / "missing.dump";
  EXPECT_EQ(check(missing, coloured, "T.Coloured").outcome, GoldenOutcome::kMissing);
  EXPECT_EQ(check(missing, plain, "T.Plain").outcome, GoldenOutcome::kMissing);
  const fs::path present = dir_ / "present.dump";
  WriteFile(present, *SerializeScreen(plain));
  const GoldenResult first = check(present, coloured, "T.Coloured");
  EXPECT_TRUE(first.passed) << first.message;
  const GoldenResult second = check(present, plain, "T.Plain");
  EXPECT_TRUE(second.passed) << second.message;
  // A visible difference still conflicts, and the message shows it as a screen diff.
  VirtualTerminal other({.cols = 10, .rows = 2});
  other.Write("X Z");
  const GoldenResult third = check(present, other, "T.Other");
  EXPECT_EQ(third.outcome, GoldenOutcome::kConflict);
  EXPECT_THAT(third.message, HasSubstr("how they differ (expected: T.Coloured's screen; actual: "
                                       "T.Other's):\nframes differ"));
  EXPECT_THAT(third.message, HasSubstr("  row 0 -|X Y       |\n        +|X Z       |\n"));
}

TEST_F(GoldenCheckTest, ReadOnlyChecksClaimNothing) {
  const fs::path golden = dir_ / "ro.txt";
  WriteFile(golden, "one");
  GoldenInput other = TextInput(golden, "two", "T.Negated");
  other.read_only = true;
  EXPECT_EQ(CheckGolden(other).outcome, GoldenOutcome::kMismatch);
  EXPECT_TRUE(CheckGolden(TextInput(golden, "one", "T.Plain")).passed);
}

TEST_F(GoldenCheckTest, ClaimsAreRecordedPerSourceFileAndFolder) {
  const fs::path golden = dir_ / "goldens" / "claims_test" / "home.txt";
  WriteFile(golden, "one");
  GoldenInput in = TextInput(golden, "one", "T.Claims");
  in.where = LocateGolden((dir_ / "claims_test.cc").string(), "", "home", ".txt");
  in.source_file = (dir_ / "claims_test.cc").string();
  EXPECT_EQ(in.where.read_path, golden.string());
  EXPECT_EQ(in.where.relative, "home.txt");
  EXPECT_EQ(in.where.actual_beside, golden.string() + ".actual");
  EXPECT_EQ(in.where.actual_relative, "claims_test/home.txt.actual");
  EXPECT_TRUE(CheckGolden(in).passed);
  bool found = false;
  for (const GoldenClaims& c : ClaimsOfProcess()) {
    if (c.source_file != in.source_file) continue;
    found = true;
    EXPECT_EQ(c.folder, (dir_ / "goldens" / "claims_test").string());
    EXPECT_THAT(c.claimed, ElementsAre("home.txt"));
    EXPECT_TRUE(c.written.empty());
  }
  EXPECT_TRUE(found);
}

TEST_F(GoldenCheckTest, LocateGoldenPathKeepsThePath) {
  const GoldenLocation where = LocateGoldenPath("tests/goldens/after.dump");
  EXPECT_EQ(where.read_path, "tests/goldens/after.dump");
  EXPECT_EQ(where.write_path, "tests/goldens/after.dump");
  EXPECT_EQ(where.folder, "tests/goldens");
  EXPECT_EQ(where.relative, "after.dump");
  EXPECT_EQ(where.actual_beside, "tests/goldens/after.dump.actual");
  EXPECT_EQ(where.actual_relative, "after.dump.actual");
}

// The header's example, with a screen.
TEST_F(GoldenCheckTest, HeaderExample) {
  VirtualTerminal vt({.cols = 8, .rows = 1});
  vt.Write("home");
  const GoldenLocation where = LocateGolden((dir_ / "menu_test.cc").string(), "", "home", ".dump");
  absl::StatusOr<std::string> dump = SerializeScreen(vt);
  ASSERT_TRUE(dump.ok()) << dump.status();
  const GoldenResult result =
      CheckGolden({.where = where,
                   .actual = dump,
                   .compare = CompareDumpByMeaning([&] { return *CaptureFrame(vt); }),
                   .claimant = "Menu.Home",
                   .accept_command = "./menu_test --gtest_filter=Menu.Home"});
  EXPECT_FALSE(result.passed);
  EXPECT_THAT(result.message, StartsWith("the golden "));
  EXPECT_THAT(result.message, HasSubstr("/goldens/menu_test/home.dump does not exist\n"));
  // With the golden in place, the same check passes.
  WriteFile(where.read_path, *dump);
  EXPECT_TRUE(CheckGolden({.where = where,
                           .actual = dump,
                           .compare = CompareDumpByMeaning([&] { return *CaptureFrame(vt); }),
                           .claimant = "Menu.Home"})
                  .passed);
}

// A golden that differs from the screen only in what nobody can see (the foreground of blank
// cells, written by a space in a colour) passes and is not rewritten; a visible change fails.
TEST_F(GoldenCheckTest, GoldenDifferingOnlyInInvisibleStylesPasses) {
  VirtualTerminal vt({.cols = 6, .rows = 1});
  vt.Write("ab\x1b[K");  // erased: default colours
  VirtualTerminal painted({.cols = 6, .rows = 1});
  painted.Write("ab\x1b[1;37m    \x1b[1;3H");  // bold white spaces look the same
  const auto compare = CompareDumpByMeaning([&] { return *CaptureFrame(vt); });
  absl::StatusOr<std::string> golden = SerializeScreen(painted);
  ASSERT_TRUE(golden.ok());
  ASSERT_NE(*golden, *SerializeScreen(vt));
  absl::StatusOr<std::string> same = compare(*golden);
  ASSERT_TRUE(same.ok()) << same.status();
  EXPECT_EQ(*same, "");
  VirtualTerminal underlined({.cols = 6, .rows = 1});
  underlined.Write("ab\x1b[4;37m    \x1b[1;3H");
  absl::StatusOr<std::string> visible = compare(*SerializeScreen(underlined));
  ASSERT_TRUE(visible.ok()) << visible.status();
  EXPECT_THAT(*visible,
              HasSubstr("row 0 cols 2-5 (blank): fg @7 (white) -> default, underline lost"));
}

// ---------------------------------------------------------------------------------------------
// Relative test sources (a build that compiled a relative path): resolved against
// VTSNAP_SOURCE_ROOT, else the current directory when the file is there, else refused.

// Sets or unsets one environment variable for a scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    const char* old = std::getenv(name);
    if (old != nullptr) old_ = old;
    if (value != nullptr) {
      ::setenv(name, value, 1);
    } else {
      ::unsetenv(name);
    }
  }
  ~ScopedEnv() {
    if (old_.has_value()) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

class RelativeSourceTest : public GoldenCheckTest {
 protected:
  void SetUp() override {
    GoldenCheckTest::SetUp();
    old_cwd_ = fs::current_path();
    WriteFile(dir_ / "src" / "test" / "menu_test.cc", "// a test source\n");
    fs::create_directories(dir_ / "elsewhere");
  }
  void TearDown() override {
    fs::current_path(old_cwd_);
    GoldenCheckTest::TearDown();
  }

  // Outside Bazel, whatever runs this test.
  ScopedEnv no_srcdir_{"TEST_SRCDIR", nullptr};
  ScopedEnv no_runfiles_{"RUNFILES_DIR", nullptr};
  ScopedEnv no_workspace_{"BUILD_WORKSPACE_DIRECTORY", nullptr};
  ScopedEnv no_root_{"VTSNAP_SOURCE_ROOT", nullptr};
  ScopedEnv no_golden_root_{"VTSNAP_GOLDEN_ROOT", nullptr};
  fs::path old_cwd_;
};

TEST_F(RelativeSourceTest, AbsoluteSourceStaysAsItIs) {
  const ResolvedTestSource r = ResolveTestSource("/src/test/menu_test.cc");
  EXPECT_EQ(r.path, "/src/test/menu_test.cc");
  EXPECT_EQ(r.resolution, "");
  EXPECT_EQ(r.problem, "");
}

TEST_F(RelativeSourceTest, RelativeSourceIsResolvedAgainstTheCurrentDirectoryThatHoldsIt) {
  fs::current_path(dir_ / "src");
  const ResolvedTestSource r = ResolveTestSource("test/menu_test.cc");
  EXPECT_EQ(r.path, (dir_ / "src" / "test" / "menu_test.cc").string());
  EXPECT_EQ(r.resolution, absl::StrCat("the test source \"test/menu_test.cc\" was resolved "
                                       "against the current directory ",
                                       (dir_ / "src").string()));
  EXPECT_EQ(r.problem, "");
}

TEST_F(RelativeSourceTest, SourceRootVariableWinsOverTheCurrentDirectory) {
  fs::current_path(dir_ / "elsewhere");
  const std::string root = (dir_ / "src").string();
  ScopedEnv source_root("VTSNAP_SOURCE_ROOT", root.c_str());
  const GoldenLocation where = LocateGolden("test/menu_test.cc", "", "home", ".dump");
  EXPECT_EQ(where.read_path, (dir_ / "src/test/goldens/menu_test/home.dump").string());
  EXPECT_EQ(where.write_path, where.read_path);
  EXPECT_EQ(where.resolution, absl::StrCat("the test source \"test/menu_test.cc\" was resolved "
                                           "against VTSNAP_SOURCE_ROOT=",
                                           root));
  EXPECT_EQ(where.problem, "");
}

TEST_F(RelativeSourceTest, RelativeSourceFoundNowhereFailsAndWritesNothing) {
  fs::current_path(dir_ / "elsewhere");
  GoldenInput in = TextInput(dir_ / "unused", "hello", "T.Relative");
  in.where = LocateGolden("test/menu_test.cc", "", "home", ".txt");
  const GoldenResult r = CheckGolden(in);
  EXPECT_EQ(r.outcome, GoldenOutcome::kInvalid);
  EXPECT_EQ(r.path, "");
  EXPECT_EQ(r.message,
            absl::StrCat("cannot locate the goldens of the test source \"test/menu_test.cc\": "
                         "the path is relative (the compiler was given a relative path), and "
                         "the current directory ",
                         (dir_ / "elsewhere").string(),
                         ", which it would be resolved against, holds no such file. Set "
                         "VTSNAP_SOURCE_ROOT to the directory the test was compiled from, or "
                         "compile it with an absolute source path (CMake does); nothing was read "
                         "or written\n"));
  EXPECT_TRUE(fs::is_empty(dir_ / "elsewhere"));  // no goldens/ folder, no .actual
}

TEST_F(RelativeSourceTest, MissingGoldenOfAResolvedSourceSaysHowItWasResolved) {
  fs::current_path(dir_ / "src");
  GoldenInput in = TextInput(dir_ / "unused", "hello", "T.Resolved");
  in.where = LocateGolden("test/menu_test.cc", "", "home", ".txt");
  const GoldenResult r = CheckGolden(in);
  EXPECT_EQ(r.outcome, GoldenOutcome::kMissing);
  EXPECT_THAT(r.message, StartsWith(absl::StrCat(
                             "the golden ", (dir_ / "src/test/goldens/menu_test/home.txt").string(),
                             " does not exist\n(the test source \"test/menu_test.cc\" was "
                             "resolved against the current directory ",
                             (dir_ / "src").string(), ")\n")));
}

TEST_F(RelativeSourceTest, UnderBazelARelativeSourceStaysWorkspaceRelative) {
  fs::current_path(dir_ / "elsewhere");
  ScopedEnv srcdir("TEST_SRCDIR", "/runfiles");
  const ResolvedTestSource r = ResolveTestSource("test/menu_test.cc");
  EXPECT_EQ(r.path, "test/menu_test.cc");
  EXPECT_EQ(r.resolution, "");
  EXPECT_EQ(r.problem, "");
}

}  // namespace
}  // namespace vtsnap
