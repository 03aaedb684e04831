// Golden storage: UPDATE_GOLDENS, CI detection, golden names, folders, atomic writes, reads,
// removal, listing and the writable-directory probe. Also keeps snapshot/golden/store.h's example
// alive.
#include "vtsnap/snapshot/golden/store.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

// Sets (or, with nullptr, unsets) an environment variable for the scope, then restores it.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value == nullptr) {
      ::unsetenv(name);
    } else {
      ::setenv(name, value, 1);
    }
  }
  ~ScopedEnv() {
    if (old_) {
      ::setenv(name_.c_str(), old_->c_str(), 1);
    } else {
      ::unsetenv(name_.c_str());
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  std::string name_;
  std::optional<std::string> old_;
};

// A fresh empty directory for one test, removed afterwards.
class StoreFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::path(::testing::TempDir()) / "vtsnap_store_XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ec;
    fs::permissions(dir_, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(dir_, ec);
  }
  std::string Path(const std::string& relative) const {
    return (fs::path(dir_) / relative).string();
  }
  static std::string Slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  std::vector<std::string> Entries(const std::string& dir) const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }

  std::string dir_;
};

// ---------------------------------------------------------------------------------------------
// The header's example.

absl::Status HeaderExample(const std::string& root, const std::string& dump,
                           std::vector<std::string>* listed) {
  absl::StatusOr<vtsnap::UpdateMode> mode =
      vtsnap::ParseUpdateMode(std::getenv("UPDATE_GOLDENS"), vtsnap::EnvironmentSaysCi());
  if (!mode.ok()) return mode.status();
  if (absl::Status s = vtsnap::ValidateGoldenName("menu/open"); !s.ok()) return s;
  vtsnap::GoldenFolder folder = vtsnap::GoldenFolderFor(root + "/test/menu_test.cc");
  const std::string path = folder.read + "/menu/open.dump";
  absl::StatusOr<std::optional<std::string>> old = vtsnap::ReadFileIfExists(path);
  if (!old.ok()) return old.status();
  if (!old->has_value() && *mode != vtsnap::UpdateMode::kOff) {
    if (absl::Status s = vtsnap::WriteFileAtomically(path, dump); !s.ok()) return s;
  }
  *listed = vtsnap::ListGoldenFiles(folder.read);
  return absl::OkStatus();
}

TEST_F(StoreFileTest, HeaderExample) {
  {
    ScopedEnv update("UPDATE_GOLDENS", "1");
    ScopedEnv ci("CI", nullptr);
    std::vector<std::string> listed;
    ASSERT_TRUE(HeaderExample(dir_, "dump\n", &listed).ok());
    EXPECT_THAT(listed, ElementsAre("menu/open.dump"));
    EXPECT_EQ(Slurp(Path("test/goldens/menu_test/menu/open.dump")), "dump\n");
  }
  {
    ScopedEnv update("UPDATE_GOLDENS", "yes");
    std::vector<std::string> listed;
    absl::Status s = HeaderExample(dir_, "dump\n", &listed);
    EXPECT_THAT(s.message(), HasSubstr("accepted: \"\" or 0"));
  }
  EXPECT_EQ(GoldenFolderFor("/src/test/menu_test.cc").read, "/src/test/goldens/menu_test");
  EXPECT_EQ(GoldenFolderFor("/src/test/menu_test.cc").write, "/src/test/goldens/menu_test");
}

// ---------------------------------------------------------------------------------------------
// ParseUpdateMode and EnvironmentSaysCi.

TEST(ParseUpdateModeTest, AcceptedValues) {
  struct Case {
    const char* value;
    bool in_ci;
    UpdateMode want;
  };
  const Case kCases[] = {
      {nullptr, false, UpdateMode::kOff}, {"", false, UpdateMode::kOff},
      {"0", false, UpdateMode::kOff},     {"1", false, UpdateMode::kAll},
      {"new", false, UpdateMode::kNew},   {"force", false, UpdateMode::kForce},
      {nullptr, true, UpdateMode::kOff},  {"", true, UpdateMode::kOff},
      {"0", true, UpdateMode::kOff},      {"force", true, UpdateMode::kForce},
  };
  for (const Case& c : kCases) {
    SCOPED_TRACE(absl::StrCat(c.value == nullptr ? "(unset)" : c.value, " ci=", c.in_ci));
    absl::StatusOr<UpdateMode> mode = ParseUpdateMode(c.value, c.in_ci);
    ASSERT_TRUE(mode.ok()) << mode.status();
    EXPECT_EQ(*mode, c.want);
  }
}

TEST(ParseUpdateModeTest, OtherValuesAreRefusedNamingTheValueAndTheAcceptedOnes) {
  for (const char* value : {"2", "true", "yes", "NEW", "Force", " 1", "1 ", "all"}) {
    SCOPED_TRACE(value);
    for (bool in_ci : {false, true}) {
      absl::StatusOr<UpdateMode> mode = ParseUpdateMode(value, in_ci);
      ASSERT_FALSE(mode.ok());
      EXPECT_EQ(mode.status().code(), absl::StatusCode::kInvalidArgument);
      EXPECT_THAT(mode.status().message(),
                  HasSubstr(absl::StrCat("UPDATE_GOLDENS=\"", value, "\"")));
      EXPECT_THAT(mode.status().message(),
                  HasSubstr("accepted: \"\" or 0 (never write), 1 (write missing and mismatched "
                            "goldens), new (write missing goldens only), force (1, even in CI)"));
    }
  }
  absl::StatusOr<UpdateMode> nul = ParseUpdateMode("\x01", false);
  EXPECT_THAT(nul.status().message(), HasSubstr("UPDATE_GOLDENS=\"\\x01\""));
}

TEST(ParseUpdateModeTest, CiRefusesSilentWritesButNotForce) {
  for (const char* value : {"1", "new"}) {
    SCOPED_TRACE(value);
    absl::StatusOr<UpdateMode> mode = ParseUpdateMode(value, /*in_ci=*/true);
    ASSERT_FALSE(mode.ok());
    EXPECT_EQ(mode.status().code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_THAT(mode.status().message(), HasSubstr(absl::StrCat("UPDATE_GOLDENS=", value)));
    EXPECT_THAT(mode.status().message(), HasSubstr("CI never writes goldens silently"));
    EXPECT_THAT(mode.status().message(), HasSubstr("UPDATE_GOLDENS=force"));
  }
  EXPECT_EQ(*ParseUpdateMode("force", true), UpdateMode::kForce);
}

TEST(EnvironmentSaysCiTest, FollowsTheCiVariable) {
  struct Case {
    const char* value;
    bool want;
  };
  const Case kCases[] = {
      {nullptr, false}, {"", false},          {"0", false},   {"false", false},
      {"FALSE", false}, {"False", false},     {"true", true}, {"1", true},
      {"yes", true},    {"woodpecker", true}, {"00", true},   {"no", true},
  };
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.value == nullptr ? "(unset)" : c.value);
    ScopedEnv ci("CI", c.value);
    EXPECT_EQ(EnvironmentSaysCi(), c.want);
  }
}

// ---------------------------------------------------------------------------------------------
// ValidateGoldenName.

TEST(ValidateGoldenNameTest, Accepts) {
  for (const char* name : {"a", "menu", "menu/open", "a/b/c/d", "Z9._-", "v1.2", "a..b", "a.", "-",
                           "_/_", "x.tmp.1", "a/b.c"}) {
    SCOPED_TRACE(name);
    EXPECT_TRUE(ValidateGoldenName(name).ok()) << ValidateGoldenName(name);
  }
}

TEST(ValidateGoldenNameTest, RefusesNamingTheNameAndTheRule) {
  struct Case {
    std::string name;
    std::string message;
  };
  const Case kCases[] = {
      {"", "invalid golden name \"\": it is empty"},
      {"/etc/passwd", "invalid golden name \"/etc/passwd\": it is an absolute path"},
      {"/", "invalid golden name \"/\": it is an absolute path"},
      {"a//b", "invalid golden name \"a//b\": it has an empty segment"},
      {"a/", "invalid golden name \"a/\": it has an empty segment"},
      {".", "invalid golden name \".\": it has a \".\" segment"},
      {"..", "invalid golden name \"..\": it has a \"..\" segment"},
      {"../x", "invalid golden name \"../x\": it has a \"..\" segment"},
      {"a/../../x", "invalid golden name \"a/../../x\": it has a \"..\" segment"},
      {"a/./b", "invalid golden name \"a/./b\": it has a \".\" segment"},
      {std::string("a\0b", 3),
       "invalid golden name \"a\\x00\\x62\": it contains a NUL byte at offset 1"},
      {"a b", "invalid golden name \"a b\": byte \" \" at offset 1 is not allowed"},
      {"a\\b", "invalid golden name \"a\\\\b\": byte \"\\\\\" at offset 1 is not allowed"},
      {"a:b", "byte \":\" at offset 1 is not allowed"},
      {"\xc3\xa9", "invalid golden name \"\\xc3\\xa9\": byte \"\\xc3\" at offset 0 is not allowed"},
      {"a\nb", "byte \"\\n\" at offset 1"},
      {"a*", "byte \"*\" at offset 1"},
      // A hidden segment: a repository's own files, the store's temporaries, any dot file.
      {".git/config",
       "invalid golden name \".git/config\": segment \".git\" starts with '.', which makes a "
       "hidden file or folder"},
      {"a/.hidden", "segment \".hidden\" starts with '.'"},
      {"...", "segment \"...\" starts with '.'"},
      {".x.tmp.1", "segment \".x.tmp.1\" starts with '.'"},
      {"a/.b.tmp.c/d", "segment \".b.tmp.c\" starts with '.'"},
      {std::string(256, 'x'), "a segment is 256 bytes, over the 255 a file name may have"},
      {"a/" + std::string(256, 'x') + "/b", "a segment is 256 bytes"},
  };
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.message);
    absl::Status s = ValidateGoldenName(c.name);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(s.message(), HasSubstr(c.message));
    EXPECT_THAT(s.message(), HasSubstr("'/'-separated segments of A-Z a-z 0-9 . _ -"));
  }
}

// The file name a name makes with its extension, and the ".actual" a mismatch writes, must fit
// in one: a 243-byte name with ".dump" makes a 255-byte "<name>.dump.actual" and is valid, a
// 244-byte one is refused, and so is a 243-byte one with ".semantic", naming the size.
TEST(ValidateGoldenNameTest, FileNameWithTheExtensionAndActualMustFit) {
  const std::string n243(243, 'n');
  EXPECT_TRUE(ValidateGoldenName(n243, ".dump").ok());
  EXPECT_TRUE(ValidateGoldenName("dir/" + n243, ".dump").ok());
  EXPECT_TRUE(ValidateGoldenName(std::string(255, 'n')).ok());  // no extension: the segment alone
  absl::Status s = ValidateGoldenName(n243, ".semantic");
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(s.message(),
              HasSubstr("its last segment, \".semantic\" and the \".actual\" written on a "
                        "mismatch make a file name of 259 bytes, over the 255 a file name may "
                        "have"));
  s = ValidateGoldenName(std::string(244, 'n'), ".dump");
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(s.message(), HasSubstr("make a file name of 256 bytes"));
}

// ---------------------------------------------------------------------------------------------
// GoldenFolderFor.

TEST(GoldenFolderForTest, CmakeAbsolutePath) {
  ScopedEnv bwd("BUILD_WORKSPACE_DIRECTORY", "/ws");
  GoldenFolder f = GoldenFolderFor("/src/test/foo_test.cc");
  EXPECT_EQ(f.read, "/src/test/goldens/foo_test");
  EXPECT_EQ(f.write, "/src/test/goldens/foo_test");  // absolute: the workspace does not apply
}

TEST(GoldenFolderForTest, BazelTestReadsAndWritesRelative) {
  ScopedEnv bwd("BUILD_WORKSPACE_DIRECTORY", nullptr);
  GoldenFolder f = GoldenFolderFor("test/snapshot/foo_test.cc");
  EXPECT_EQ(f.read, "test/snapshot/goldens/foo_test");
  EXPECT_EQ(f.write, "test/snapshot/goldens/foo_test");
}

TEST(GoldenFolderForTest, BazelRunWritesIntoTheWorkspace) {
  ScopedEnv bwd("BUILD_WORKSPACE_DIRECTORY", "/home/me/ws");
  GoldenFolder f = GoldenFolderFor("test/foo_test.cc");
  EXPECT_EQ(f.read, "test/goldens/foo_test");
  EXPECT_EQ(f.write, "/home/me/ws/test/goldens/foo_test");
}

TEST(GoldenFolderForTest, EmptyWorkspaceVariableIsIgnored) {
  ScopedEnv bwd("BUILD_WORKSPACE_DIRECTORY", "");
  EXPECT_EQ(GoldenFolderFor("test/foo_test.cc").write, "test/goldens/foo_test");
}

TEST(GoldenFolderForTest, FileWithoutDirectory) {
  ScopedEnv bwd("BUILD_WORKSPACE_DIRECTORY", nullptr);
  GoldenFolder f = GoldenFolderFor("foo_test.cc");
  EXPECT_EQ(f.read, "goldens/foo_test");
  EXPECT_EQ(f.write, "goldens/foo_test");
}

TEST(GoldenFolderForTest, StemDropsOnlyTheLastExtension) {
  EXPECT_EQ(GoldenFolderFor("/s/a.b_test.cpp").read, "/s/goldens/a.b_test");
  EXPECT_EQ(GoldenFolderFor("/s/foo_test").read, "/s/goldens/foo_test");
}

TEST(GoldenFolderForTest, RootOverrideReplacesTheSourceDirectory) {
  ScopedEnv bwd("BUILD_WORKSPACE_DIRECTORY", "/ws");
  GoldenFolder abs = GoldenFolderFor("/src/test/foo_test.cc", "/elsewhere");
  EXPECT_EQ(abs.read, "/elsewhere/goldens/foo_test");
  EXPECT_EQ(abs.write, "/elsewhere/goldens/foo_test");
  GoldenFolder bazel_abs = GoldenFolderFor("test/foo_test.cc", "/elsewhere");
  EXPECT_EQ(bazel_abs.read, "/elsewhere/goldens/foo_test");
  EXPECT_EQ(bazel_abs.write, "/elsewhere/goldens/foo_test");
  GoldenFolder rel = GoldenFolderFor("/src/test/foo_test.cc", "shared");
  EXPECT_EQ(rel.read, "shared/goldens/foo_test");
  EXPECT_EQ(rel.write, "/ws/shared/goldens/foo_test");
}

// ---------------------------------------------------------------------------------------------
// WriteFileAtomically, ReadFileIfExists, RemoveFileIfExists.

TEST_F(StoreFileTest, WriteCreatesParentsAndReadsBack) {
  const std::string path = Path("a/b/c/x.dump");
  ASSERT_TRUE(WriteFileAtomically(path, "hello\n").ok());
  EXPECT_EQ(Slurp(path), "hello\n");
  absl::StatusOr<std::optional<std::string>> read = ReadFileIfExists(path);
  ASSERT_TRUE(read.ok()) << read.status();
  ASSERT_TRUE(read->has_value());
  EXPECT_EQ(**read, "hello\n");
  EXPECT_THAT(Entries(Path("a/b/c")), ElementsAre("x.dump"));  // no temporary file left
}

TEST_F(StoreFileTest, WriteReplacesAndKeepsBinaryBytes) {
  const std::string path = Path("x.dump");
  ASSERT_TRUE(WriteFileAtomically(path, "old contents that are longer\n").ok());
  const std::string binary("a\0b\r\n\xff", 6);
  ASSERT_TRUE(WriteFileAtomically(path, binary).ok());
  EXPECT_EQ(Slurp(path), binary);
  ASSERT_TRUE(WriteFileAtomically(path, "").ok());
  absl::StatusOr<std::optional<std::string>> read = ReadFileIfExists(path);
  ASSERT_TRUE(read.ok() && read->has_value());
  EXPECT_EQ(**read, "");  // an empty file exists: not std::nullopt
  EXPECT_THAT(Entries(dir_), ElementsAre("x.dump"));
}

TEST_F(StoreFileTest, WriteLargeFile) {
  std::string big(3 << 20, 'x');
  for (size_t i = 0; i < big.size(); i += 4097) big[i] = static_cast<char>('a' + i % 26);
  ASSERT_TRUE(WriteFileAtomically(Path("big.dump"), big).ok());
  absl::StatusOr<std::optional<std::string>> read = ReadFileIfExists(Path("big.dump"));
  ASSERT_TRUE(read.ok() && read->has_value());
  EXPECT_TRUE(**read == big);
}

// The temporary of a file whose name fits fits too: ".<name>.tmp.<pid>.<n>" is cut short, so the
// .actual of the longest valid golden name (243 bytes, 255 with ".dump.actual") is written.
TEST_F(StoreFileTest, WriteLongestFileName) {
  const std::string name = std::string(243, 'n') + ".dump.actual";
  ASSERT_EQ(name.size(), kMaxFileNameBytes);
  ASSERT_TRUE(ValidateGoldenName(std::string(243, 'n'), ".dump").ok());
  absl::Status s = WriteFileAtomically(Path(name), "long\n");
  ASSERT_TRUE(s.ok()) << s;
  EXPECT_EQ(Slurp(Path(name)), "long\n");
  EXPECT_THAT(Entries(dir_), ElementsAre(name));  // no temporary left
  EXPECT_THAT(ListGoldenFiles(dir_), IsEmpty());  // an .actual is not a golden
}

TEST_F(StoreFileTest, WriteRelativePathInCurrentDirectory) {
  const fs::path old_cwd = fs::current_path();
  fs::current_path(dir_);
  absl::Status s = WriteFileAtomically("plain.dump", "p");
  fs::current_path(old_cwd);
  ASSERT_TRUE(s.ok()) << s;
  EXPECT_EQ(Slurp(Path("plain.dump")), "p");
}

TEST_F(StoreFileTest, FailedRenameLeavesTheOldFileAndNoTemporary) {
  // The target is a non-empty directory: rename(2) refuses to replace it.
  const std::string path = Path("g/x.dump");
  fs::create_directories(path);
  { std::ofstream(path + "/keep") << "old"; }
  absl::Status s = WriteFileAtomically(path, "new");
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(s.message(), HasSubstr(absl::StrCat("writing \"", path, "\"")));
  EXPECT_THAT(s.message(), HasSubstr("renaming the temporary file over it"));
  EXPECT_THAT(s.message(), HasSubstr(std::strerror(EISDIR)));
  EXPECT_EQ(Slurp(path + "/keep"), "old");
  EXPECT_THAT(Entries(Path("g")), ElementsAre("x.dump"));  // the temporary file was removed
}

TEST_F(StoreFileTest, FailedWriteKeepsTheOldFile) {
  // An existing golden next to a directory we cannot create files in: a parent that is a file.
  const std::string golden = Path("x.dump");
  ASSERT_TRUE(WriteFileAtomically(golden, "old").ok());
  absl::Status s = WriteFileAtomically(Path("x.dump/y.dump"), "new");
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(s.message(), HasSubstr("x.dump"));
  EXPECT_EQ(Slurp(golden), "old");
  EXPECT_THAT(Entries(dir_), ElementsAre("x.dump"));
}

TEST_F(StoreFileTest, ParentUnderAFileIsAnErrorNamingTheDirectory) {
  ASSERT_TRUE(WriteFileAtomically(Path("file"), "f").ok());
  absl::Status s = WriteFileAtomically(Path("file/sub/x.dump"), "new");
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(s.message(),
              HasSubstr(absl::StrCat("creating directory \"", Path("file/sub"), "\"")));
  EXPECT_THAT(s.message(), HasSubstr(absl::StrCat("for \"", Path("file/sub/x.dump"), "\"")));
  EXPECT_EQ(Slurp(Path("file")), "f");
}

TEST_F(StoreFileTest, PathWithoutAFileNameIsRefused) {
  absl::Status s = WriteFileAtomically(Path("dir") + "/", "x");
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(s.message(), HasSubstr("the path names no file"));
}

TEST_F(StoreFileTest, ReadOnlyDirectoryIsAnErrorAndKeepsTheOldFile) {
  if (::geteuid() == 0) {
    GTEST_SKIP() << "running as root: directory permissions are not enforced (the failure paths "
                    "are covered by FailedRenameLeavesTheOldFileAndNoTemporary and "
                    "FailedWriteKeepsTheOldFile)";
  }
  const std::string path = Path("ro/x.dump");
  ASSERT_TRUE(WriteFileAtomically(path, "old").ok());
  fs::permissions(Path("ro"), fs::perms(0555));
  absl::Status s = WriteFileAtomically(path, "new");
  EXPECT_FALSE(IsWritableDirectory(Path("ro")));
  fs::permissions(Path("ro"), fs::perms(0755));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), absl::StatusCode::kPermissionDenied);
  EXPECT_THAT(s.message(), HasSubstr(std::strerror(EACCES)));
  EXPECT_THAT(s.message(), HasSubstr(path));
  EXPECT_EQ(Slurp(path), "old");
  EXPECT_THAT(Entries(Path("ro")), ElementsAre("x.dump"));
}

TEST_F(StoreFileTest, TwoThreadsWritingDifferentFilesBothLand) {
  constexpr int kWrites = 50;
  auto writer = [this](const std::string& name) {
    for (int i = 0; i < kWrites; ++i) {
      absl::Status s =
          WriteFileAtomically(Path("shared/" + name), absl::StrCat(name, " ", i, "\n"));
      ASSERT_TRUE(s.ok()) << s;
    }
  };
  std::thread a(writer, "a.dump");
  std::thread b(writer, "b.dump");
  a.join();
  b.join();
  EXPECT_EQ(Slurp(Path("shared/a.dump")), absl::StrCat("a.dump ", kWrites - 1, "\n"));
  EXPECT_EQ(Slurp(Path("shared/b.dump")), absl::StrCat("b.dump ", kWrites - 1, "\n"));
  EXPECT_THAT(Entries(Path("shared")), ElementsAre("a.dump", "b.dump"));
}

TEST_F(StoreFileTest, TwoThreadsWritingOneFileLeaveOneWholeVersion) {
  const std::string a(100000, 'a');
  const std::string b(50000, 'b');
  std::thread ta([&] {
    for (int i = 0; i < 20; ++i) ASSERT_TRUE(WriteFileAtomically(Path("x.dump"), a).ok());
  });
  std::thread tb([&] {
    for (int i = 0; i < 20; ++i) ASSERT_TRUE(WriteFileAtomically(Path("x.dump"), b).ok());
  });
  ta.join();
  tb.join();
  const std::string got = Slurp(Path("x.dump"));
  EXPECT_TRUE(got == a || got == b);
  EXPECT_THAT(Entries(dir_), ElementsAre("x.dump"));
}

TEST_F(StoreFileTest, TwoProcessesWritingDifferentFilesBothLand) {
  // Shards are processes: fork two writers into one (not yet existing) folder.
  std::vector<pid_t> children;
  for (const char* name : {"p1.dump", "p2.dump"}) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      for (int i = 0; i < 30; ++i) {
        if (!WriteFileAtomically(Path(absl::StrCat("procs/", name)), absl::StrCat(name, i)).ok()) {
          ::_exit(1);
        }
      }
      ::_exit(0);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  EXPECT_EQ(Slurp(Path("procs/p1.dump")), "p1.dump29");
  EXPECT_EQ(Slurp(Path("procs/p2.dump")), "p2.dump29");
  EXPECT_THAT(Entries(Path("procs")), ElementsAre("p1.dump", "p2.dump"));
}

TEST_F(StoreFileTest, ReadMissingIsNullopt) {
  for (const std::string& path : {Path("missing.dump"), Path("no/such/dir/x.dump")}) {
    absl::StatusOr<std::optional<std::string>> read = ReadFileIfExists(path);
    ASSERT_TRUE(read.ok()) << read.status();
    EXPECT_FALSE(read->has_value());
  }
  // A path through a regular file cannot exist either.
  ASSERT_TRUE(WriteFileAtomically(Path("file"), "f").ok());
  absl::StatusOr<std::optional<std::string>> read = ReadFileIfExists(Path("file/x.dump"));
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_FALSE(read->has_value());
}

// Anything but a regular file is refused, named, without blocking (a FIFO with no writer would
// block an open or a read forever; /dev/zero never ends).
TEST_F(StoreFileTest, ReadRefusesAnythingButARegularFileNamingIt) {
  fs::create_directories(Path("d.dump"));
  ASSERT_EQ(::mkfifo(Path("fifo.dump").c_str(), 0600), 0);
  fs::create_symlink("/dev/zero", Path("zero.dump"));
  fs::create_symlink(Path("fifo.dump"), Path("to_fifo.dump"));
  struct Case {
    std::string name;
    std::string kind;
  };
  const Case kCases[] = {
      {"d.dump", "a directory"},
      {"fifo.dump", "a FIFO"},
      {"zero.dump", "a character device"},
      {"to_fifo.dump", "a FIFO"},
  };
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.name);
    absl::StatusOr<std::optional<std::string>> read = ReadFileIfExists(Path(c.name));
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.status().message(),
              absl::StrCat("reading \"", Path(c.name), "\": is ", c.kind, ", not a regular file"));
  }
}

TEST_F(StoreFileTest, ReadFollowsALinkToARegularFile) {
  ASSERT_TRUE(WriteFileAtomically(Path("real.dump"), "real\n").ok());
  fs::create_symlink(Path("real.dump"), Path("link.dump"));
  absl::StatusOr<std::optional<std::string>> read = ReadFileIfExists(Path("link.dump"));
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->value_or("(none)"), "real\n");
}

TEST_F(StoreFileTest, ReadRefusesAFileOverTheLimit) {
  ASSERT_TRUE(WriteFileAtomically(Path("ten.dump"), "0123456789").ok());
  absl::StatusOr<std::optional<std::string>> at_limit = ReadFileIfExists(Path("ten.dump"), 10);
  ASSERT_TRUE(at_limit.ok()) << at_limit.status();
  EXPECT_EQ(at_limit->value_or("(none)"), "0123456789");
  absl::StatusOr<std::optional<std::string>> over = ReadFileIfExists(Path("ten.dump"), 9);
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(over.status().message(),
            absl::StrCat("reading \"", Path("ten.dump"),
                         "\": it is 10 bytes, over the limit of 9 bytes a golden may have"));
  EXPECT_GE(kMaxGoldenBytes, size_t{64} << 20);  // a 4096x4096 RGBA plane fits
}

TEST_F(StoreFileTest, ReadUnreadableFileIsAnError) {
  if (::geteuid() == 0) GTEST_SKIP() << "running as root: file permissions are not enforced";
  ASSERT_TRUE(WriteFileAtomically(Path("secret.dump"), "s").ok());
  fs::permissions(Path("secret.dump"), fs::perms::none);
  absl::StatusOr<std::optional<std::string>> read = ReadFileIfExists(Path("secret.dump"));
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().code(), absl::StatusCode::kPermissionDenied);
  EXPECT_THAT(read.status().message(), HasSubstr(Path("secret.dump")));
}

TEST_F(StoreFileTest, Remove) {
  ASSERT_TRUE(WriteFileAtomically(Path("x.dump"), "x").ok());
  EXPECT_TRUE(RemoveFileIfExists(Path("x.dump")).ok());
  EXPECT_FALSE(fs::exists(Path("x.dump")));
  EXPECT_TRUE(RemoveFileIfExists(Path("x.dump")).ok());  // already gone
  EXPECT_TRUE(RemoveFileIfExists(Path("no/such/x.dump")).ok());
  fs::create_directories(Path("d.dump"));
  absl::Status s = RemoveFileIfExists(Path("d.dump"));
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(s.message(), HasSubstr(absl::StrCat("removing \"", Path("d.dump"), "\": ")));
  EXPECT_TRUE(fs::is_directory(Path("d.dump")));
}

// ---------------------------------------------------------------------------------------------
// ListGoldenFiles and IsWritableDirectory.

TEST_F(StoreFileTest, ListGoldenFilesRecursiveSortedRelative) {
  for (const char* name : {"b.dump", "a.dump", "sub/z.dump", "sub/deeper/m.dump", "a.dump.actual",
                           "notes.txt", "sub/x.dumpling", "x.DUMP"}) {
    ASSERT_TRUE(WriteFileAtomically(Path(name), "x").ok());
  }
  // A temporary file of an interrupted write, and a directory named like a golden.
  { std::ofstream(Path(".c.dump.tmp.123.0")) << "partial"; }
  fs::create_directories(Path("dir.dump"));
  EXPECT_THAT(ListGoldenFiles(dir_),
              ElementsAre("a.dump", "b.dump", "sub/deeper/m.dump", "sub/z.dump"));
  EXPECT_THAT(ListGoldenFiles(dir_ + "/"),
              ElementsAre("a.dump", "b.dump", "sub/deeper/m.dump", "sub/z.dump"));
  EXPECT_THAT(ListGoldenFiles(Path("sub")), ElementsAre("deeper/m.dump", "z.dump"));
}

TEST_F(StoreFileTest, ListGoldenFilesIncludesScenesAndPlanes) {
  for (const char* name : {"s.scene", "s.rgba", "s.dump", "s_no_graphics.rgba", "s.rgba.actual",
                           "s.png", ".s.rgba.tmp.1.0"}) {
    ASSERT_TRUE(WriteFileAtomically(Path(name), "x").ok());
  }
  EXPECT_THAT(ListGoldenFiles(dir_),
              ElementsAre("s.dump", "s.rgba", "s.scene", "s_no_graphics.rgba"));
}

TEST_F(StoreFileTest, ListGoldenFilesMissingOrNotAFolderIsEmpty) {
  EXPECT_THAT(ListGoldenFiles(Path("missing")), IsEmpty());
  ASSERT_TRUE(WriteFileAtomically(Path("file.dump"), "x").ok());
  EXPECT_THAT(ListGoldenFiles(Path("file.dump")), IsEmpty());
  fs::create_directories(Path("empty"));
  EXPECT_THAT(ListGoldenFiles(Path("empty")), IsEmpty());
}

TEST_F(StoreFileTest, ListGoldenFilesDoesNotFollowDirectoryLinks) {
  ASSERT_TRUE(WriteFileAtomically(Path("g/a.dump"), "x").ok());
  ASSERT_TRUE(WriteFileAtomically(Path("other/o.dump"), "x").ok());
  fs::create_directory_symlink(Path("other"), Path("g/link"));
  fs::create_directory_symlink(Path("g"), Path("g/loop"));
  EXPECT_THAT(ListGoldenFiles(Path("g")), ElementsAre("a.dump"));
}

TEST_F(StoreFileTest, IsWritableDirectory) {
  EXPECT_TRUE(IsWritableDirectory(dir_));
  EXPECT_THAT(Entries(dir_), IsEmpty());  // the probe file is removed
  EXPECT_FALSE(IsWritableDirectory(Path("missing")));
  ASSERT_TRUE(WriteFileAtomically(Path("file"), "f").ok());
  EXPECT_FALSE(IsWritableDirectory(Path("file")));
  EXPECT_FALSE(IsWritableDirectory(""));
}

TEST(IsWritableDirectoryTest, ProcIsNotWritableEvenForRoot) {
  if (!fs::is_directory("/proc/self")) GTEST_SKIP() << "no /proc";
  EXPECT_FALSE(IsWritableDirectory("/proc/self"));
}

// ---------------------------------------------------------------------------------------------
// Stale temporaries of killed writers.

TEST(StoreTemporaryOwnerTest, RecognisesOnlyTheTemporaryPattern) {
  struct Case {
    std::string name;
    int pid;
  };
  const Case kCases[] = {
      {".a.dump.tmp.123.0", 123}, {".a.tmp.b.dump.tmp.7.12", 7},
      {".x.tmp.1.2", 1},          {"a.dump.tmp.123.0", 0},  // not hidden
      {"..tmp.123.0", 0},                                   // no name part
      {".a.dump.tmp.123", 0},                               // no counter
      {".a.dump.tmp.123.", 0},                              // empty counter
      {".a.dump.tmp.12x.0", 0},                             // not a number
      {".a.dump.tmp.0.0", 0},                               // no process 0
      {".a.dump.tmp.1.2.3", 0},   {".a.dump", 0},
  };
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(StoreTemporaryOwner(c.name), c.pid);
  }
}

// A process that has exited (and been reaped): its pid names no process.
int DeadPid() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  return child;
}

class StaleTemporaryTest : public StoreFileTest {
 protected:
  // A file at `relative` last modified `seconds` ago.
  void Leave(const std::string& relative, int seconds) {
    fs::create_directories(fs::path(Path(relative)).parent_path());
    { std::ofstream(Path(relative)) << "partial"; }
    fs::last_write_time(Path(relative),
                        fs::file_time_type::clock::now() - std::chrono::seconds(seconds));
  }
};

TEST_F(StaleTemporaryTest, RemovesOnlyOldTemporariesOfDeadProcessesReportingEach) {
  const int dead = DeadPid();
  const std::string stale = absl::StrCat(".a.dump.tmp.", dead, ".0");
  const std::string fresh = absl::StrCat(".b.dump.tmp.", dead, ".1");
  const std::string live = absl::StrCat(".c.dump.tmp.", ::getppid(), ".0");
  const std::string mine = absl::StrCat(".d.dump.tmp.", ::getpid(), ".0");
  const std::string other = absl::StrCat(".e.dump.tmp.", dead);  // not the pattern
  Leave(stale, 60);
  Leave(fresh, 0);
  Leave(live, 60);
  Leave(mine, 60);
  Leave(other, 60);
  fs::create_directories(Path(absl::StrCat(".f.dump.tmp.", dead, ".0")));  // not a file
  ::testing::internal::CaptureStderr();
  const std::vector<std::string> removed = RemoveStaleTemporaries(dir_);
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_THAT(removed, ElementsAre(Path(stale)));
  EXPECT_EQ(err, absl::StrCat("vtsnap: removed stale temporary ", Path(stale), " left by process ",
                              dead, "\n"));
  EXPECT_THAT(Entries(dir_),
              ElementsAre(fresh, live, mine, other, absl::StrCat(".f.dump.tmp.", dead, ".0")));
  // Once removed, never reported again.
  ::testing::internal::CaptureStderr();
  EXPECT_THAT(RemoveStaleTemporaries(dir_), IsEmpty());
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
}

TEST_F(StaleTemporaryTest, TheFirstWriteIntoAFolderRemovesThem) {
  const int dead = DeadPid();
  const std::string stale = absl::StrCat("g/.a.dump.tmp.", dead, ".3");
  const std::string live = absl::StrCat("g/.b.dump.tmp.", ::getppid(), ".3");
  Leave(stale, 60);
  Leave(live, 60);
  ::testing::internal::CaptureStderr();
  ASSERT_TRUE(WriteFileAtomically(Path("g/new.dump"), "x").ok());
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_THAT(err, HasSubstr(absl::StrCat("vtsnap: removed stale temporary ", Path(stale),
                                          " left by process ", dead, "\n")));
  EXPECT_THAT(Entries(Path("g")),
              ElementsAre(absl::StrCat(".b.dump.tmp.", ::getppid(), ".3"), "new.dump"));
}

TEST_F(StaleTemporaryTest, ListingAFolderRemovesThem) {
  const int dead = DeadPid();
  const std::string stale = absl::StrCat("sub/.a.dump.tmp.", dead, ".0");
  Leave(stale, 60);
  Leave("sub/a.dump", 60);
  ::testing::internal::CaptureStderr();
  EXPECT_THAT(ListGoldenFiles(dir_), ElementsAre("sub/a.dump"));
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_THAT(err, HasSubstr(absl::StrCat("removed stale temporary ", Path(stale))));
  EXPECT_FALSE(fs::exists(Path(stale)));
}

// ---------------------------------------------------------------------------------------------
// The private folder for .actual files.

class PrivateActualFolderTest : public StoreFileTest {
 protected:
  void SetUp() override {
    StoreFileTest::SetUp();
    tmpdir_.emplace("TMPDIR", dir_.c_str());
    folder_ = absl::StrCat(dir_, "/vtsnap-actual-", ::getuid());
  }
  void TearDown() override {
    tmpdir_.reset();
    StoreFileTest::TearDown();
  }
  std::optional<ScopedEnv> tmpdir_;
  std::string folder_;
};

TEST_F(PrivateActualFolderTest, IsCreatedPerUserWithMode0700) {
  EXPECT_EQ(PrivateActualFolderPath(), folder_);
  EXPECT_FALSE(fs::exists(folder_));  // the path alone creates nothing
  absl::StatusOr<std::string> folder = PrivateActualFolder();
  ASSERT_TRUE(folder.ok()) << folder.status();
  EXPECT_EQ(*folder, folder_);
  struct stat st;
  ASSERT_EQ(::lstat(folder_.c_str(), &st), 0);
  EXPECT_TRUE(S_ISDIR(st.st_mode));
  EXPECT_EQ(st.st_mode & 07777, 0700u);
  EXPECT_EQ(st.st_uid, ::getuid());
  // Again: the existing folder is checked and used.
  folder = PrivateActualFolder();
  EXPECT_TRUE(folder.ok()) << folder.status();
}

TEST_F(PrivateActualFolderTest, ALinkIsRefusedAndNothingIsWrittenThroughIt) {
  fs::create_directories(Path("elsewhere"));
  fs::permissions(Path("elsewhere"), fs::perms::owner_all, fs::perm_options::replace);
  fs::create_directory_symlink(Path("elsewhere"), folder_);
  absl::StatusOr<std::string> folder = PrivateActualFolder();
  ASSERT_FALSE(folder.ok());
  EXPECT_EQ(folder.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(folder.status().message(),
              HasSubstr(absl::StrCat("the folder for .actual files \"", folder_,
                                     "\" is a symbolic link, not a directory; nothing is written "
                                     "there")));
  EXPECT_THAT(Entries(Path("elsewhere")), IsEmpty());
}

TEST_F(PrivateActualFolderTest, AFileOrAnOpenModeIsRefused) {
  { std::ofstream(folder_) << "x"; }
  absl::StatusOr<std::string> folder = PrivateActualFolder();
  ASSERT_FALSE(folder.ok());
  EXPECT_THAT(folder.status().message(), HasSubstr("is a regular file, not a directory"));
  fs::remove(folder_);
  ASSERT_EQ(::mkdir(folder_.c_str(), 0700), 0);
  ASSERT_EQ(::chmod(folder_.c_str(), 0777), 0);
  folder = PrivateActualFolder();
  ASSERT_FALSE(folder.ok());
  EXPECT_THAT(folder.status().message(),
              HasSubstr("has mode 0777, not 0700 (others could change what is in it)"));
}

TEST_F(PrivateActualFolderTest, AnotherUsersFolderIsRefused) {
  ASSERT_EQ(::mkdir(folder_.c_str(), 0700), 0);
  const uid_t other = ::getuid() == 65534 ? 65533 : 65534;
  if (::chown(folder_.c_str(), other, static_cast<gid_t>(-1)) != 0) {
    GTEST_SKIP() << "cannot give a folder to another user (not root)";
  }
  absl::StatusOr<std::string> folder = PrivateActualFolder();
  ASSERT_FALSE(folder.ok());
  EXPECT_THAT(
      folder.status().message(),
      HasSubstr(absl::StrCat("is owned by user ", other, ", not by this user (", ::getuid(), ")")));
}

}  // namespace
}  // namespace vtsnap
