// snapshot/golden/inventory.h: the record format, writing and reading record directories, the
// merged verdict and its report.
#include "vtsnap/snapshot/golden/inventory.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/scratch_dir.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::SizeIs;
using ::testing::UnorderedElementsAreArray;

// A fresh directory for the current test, unique across concurrent processes, removed after a
// passing run.
std::string FreshDir(const std::string& tag) {
  const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name =
      absl::StrCat("inventory_test_", info->test_suite_name(), "_", info->name(), "_", tag);
  for (char& c : name) {
    if (c == '/') c = '_';
  }
  return vtsnap::test_util::ScratchDir(name).string();
}

void Touch(const std::string& folder, const std::string& relative) {
  fs::path path = fs::path(folder) / relative;
  fs::create_directories(path.parent_path());
  std::ofstream(path) << "x\n";
}

// Keeps the usage example at the top of snapshot/golden/inventory.h compiling and true.
TEST(InventoryHeaderExample, Works) {
  const std::string dir = FreshDir("records");
  const std::string folder = FreshDir("goldens");
  Touch(folder, "home.dump");

  vtsnap::InventoryRecord record{.process = "pid 4242",
                                 .files = {{
                                     .source_file = "/src/test/home_test.cc",
                                     .golden_folder = folder,
                                     .tests = {"Home.Renders"},
                                     .passed = {"Home.Renders"},
                                     .claims = {"home.dump"},
                                 }}};
  absl::Status written = vtsnap::WriteRecordToDir(dir, record);
  ASSERT_TRUE(written.ok()) << written;
  absl::StatusOr<std::vector<vtsnap::InventoryRecord>> all = vtsnap::ReadRecordsFromDir(dir);
  ASSERT_TRUE(all.ok()) << all.status();
  std::vector<vtsnap::FolderVerdict> verdicts = vtsnap::Verdict(*all);
  std::string report = vtsnap::RenderVerdict(verdicts);
  bool ok = vtsnap::InventoryOk(verdicts);

  EXPECT_TRUE(ok);
  EXPECT_THAT(report, HasSubstr("checked: 1 golden, ok"));
  ASSERT_THAT(*all, SizeIs(1));
  EXPECT_EQ((*all)[0], record);
}

// ------------------------------------------------------------------------------------------------
// The record format.

TEST(SerializeRecord, PinnedFormat) {
  InventoryRecord record{.process = "pid 7",
                         .files = {{
                             .source_file = "/src/test/login_test.cc",
                             .golden_folder = "/src/test/goldens/login_test",
                             .tests = {"Login.Empty", "Login.Filled"},
                             .passed = {"Login.Empty"},
                             .failed = {"Login.Filled"},
                             .claims = {"login/empty.dump"},
                             .written = {"login/empty.dump"},
                             .declared = {{.name = "login", .checkpoints = {"empty", "filled"}}},
                         }}};
  EXPECT_EQ(SerializeRecord(record),
            "vtsnap-inventory 1\n"
            "process pid 7\n"
            "file /src/test/login_test.cc\n"
            "folder /src/test/goldens/login_test\n"
            "test Login.Empty\n"
            "test Login.Filled\n"
            "passed Login.Empty\n"
            "failed Login.Filled\n"
            "claim login/empty.dump\n"
            "written login/empty.dump\n"
            "scenario login\n"
            "checkpoint empty\n"
            "checkpoint filled\n"
            "end\n");
}

TEST(SerializeRecord, EscapesControlBytesAndBackslashes) {
  InventoryRecord record{.process = "a\nb\\c\td\re\x01\x7f"};
  EXPECT_EQ(SerializeRecord(record),
            "vtsnap-inventory 1\nprocess a\\nb\\\\c\\td\\re\\x01\\x7F\nend\n");
}

struct RoundTripCase {
  std::string name = {};
  InventoryRecord record = {};
};

void PrintTo(const RoundTripCase& c, std::ostream* os) { *os << c.name; }

class RecordRoundTrip : public ::testing::TestWithParam<RoundTripCase> {};

TEST_P(RecordRoundTrip, ParseOfSerializeIsIdentity) {
  const InventoryRecord& record = GetParam().record;
  const std::string text = SerializeRecord(record);
  absl::StatusOr<InventoryRecord> parsed = ParseRecord(text);
  ASSERT_TRUE(parsed.ok()) << parsed.status() << "\n" << text;
  EXPECT_EQ(*parsed, record) << text;
  EXPECT_EQ(SerializeRecord(*parsed), text);
}

INSTANTIATE_TEST_SUITE_P(
    Records, RecordRoundTrip,
    ::testing::Values(
        RoundTripCase{"Empty", {}},
        RoundTripCase{"ProcessOnly", {.process = "pid 1, shard 2 of 3"}},
        RoundTripCase{"FileWithoutAnything",
                      {.process = "p", .files = {{.source_file = "", .golden_folder = ""}}}},
        RoundTripCase{"Everything",
                      {.process = "pid 99",
                       .files = {{.source_file = "/a b/t\xc3\xa9st_test.cc",
                                  .golden_folder = "/a b/goldens/t\xc3\xa9st_test",
                                  .tests = {"Inst/P.Name/0", "Inst/P.Name/1", "S.T"},
                                  .passed = {"Inst/P.Name/0"},
                                  .failed = {"S.T"},
                                  .claims = {"x.dump", "dir/y z.dump"},
                                  .written = {"x.dump"},
                                  .declared = {{.name = "s1", .checkpoints = {"a", "b"}},
                                               {.name = "empty scenario"}}},
                                 {.source_file = "second.cc", .golden_folder = "g"}}}},
        RoundTripCase{"AwkwardBytes",
                      {.process = "\\x41 \\n",
                       .files = {{.source_file = "line\nbreak\r\n",
                                  .golden_folder = "tab\there",
                                  .claims = {"back\\slash.dump", " leading space.dump"}}}}}),
    [](const ::testing::TestParamInfo<RoundTripCase>& info) { return info.param.name; });

struct ParseErrorCase {
  std::string name = {};
  std::string text = {};
  std::string message = {};  // a substring of the error
};

void PrintTo(const ParseErrorCase& c, std::ostream* os) { *os << c.name; }

class ParseRecordErrors : public ::testing::TestWithParam<ParseErrorCase> {};

TEST_P(ParseRecordErrors, NamesTheLine) {
  absl::StatusOr<InventoryRecord> parsed = ParseRecord(GetParam().text);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(parsed.status().message(), HasSubstr(GetParam().message));
}

INSTANTIATE_TEST_SUITE_P(
    Errors, ParseRecordErrors,
    ::testing::Values(
        ParseErrorCase{"EmptyText", "", "line 1: expected \"vtsnap-inventory 1\""},
        ParseErrorCase{"WrongHeader", "vtsnap-inventory 2\nprocess p\nend\n",
                       "line 1: expected \"vtsnap-inventory 1\", got \"vtsnap-inventory 2\""},
        ParseErrorCase{"Truncated", "vtsnap-inventory 1\nprocess p\nfile f\n",
                       "line 4: the record ends without \"end\""},
        ParseErrorCase{"NoProcess", "vtsnap-inventory 1\nend\n", "expected a \"process\" line"},
        ParseErrorCase{"UnknownKeyword",
                       "vtsnap-inventory 1\nprocess p\nfile f\nfolder g\nfoo x\nend\n",
                       "line 5: unknown keyword \"foo\""},
        ParseErrorCase{"NoValue", "vtsnap-inventory 1\nprocess p\nclaim\nend\n",
                       "line 3: expected \"KEYWORD VALUE\" or \"end\""},
        ParseErrorCase{"TestBeforeFile", "vtsnap-inventory 1\nprocess p\ntest A.B\nend\n",
                       "line 3: \"test\" before any \"file\" line"},
        ParseErrorCase{"CheckpointBeforeScenario",
                       "vtsnap-inventory 1\nprocess p\nfile f\nfolder g\ncheckpoint c\nend\n",
                       "line 5: \"checkpoint\" before any \"scenario\" line"},
        ParseErrorCase{"FileWithoutFolder", "vtsnap-inventory 1\nprocess p\nfile f\nfile g\nend\n",
                       "line 4: file \"f\" has no folder line"},
        ParseErrorCase{"SecondFolder",
                       "vtsnap-inventory 1\nprocess p\nfile f\nfolder g\nfolder h\nend\n",
                       "line 5: second \"folder\" line"},
        ParseErrorCase{"SecondProcess", "vtsnap-inventory 1\nprocess p\nprocess q\nend\n",
                       "line 3: \"process\" must appear once"},
        ParseErrorCase{"TextAfterEnd", "vtsnap-inventory 1\nprocess p\nend\nfile f\n",
                       "line 4: text after \"end\""},
        ParseErrorCase{"UnknownEscape", "vtsnap-inventory 1\nprocess ab\\q\nend\n",
                       "line 2, column 11: unknown escape \\q"},
        ParseErrorCase{"ShortHexEscape", "vtsnap-inventory 1\nprocess \\x4\nend\n",
                       "line 2, column 9: expected two hex digits"},
        ParseErrorCase{"TrailingBackslash", "vtsnap-inventory 1\nprocess a\\\nend\n",
                       "line 2, column 10: backslash at the end"},
        ParseErrorCase{"Crlf", "vtsnap-inventory 1\nprocess p\r\nend\n",
                       "line 2, column 10: raw carriage return"}),
    [](const ::testing::TestParamInfo<ParseErrorCase>& info) { return info.param.name; });

// ------------------------------------------------------------------------------------------------
// Record directories.

TEST(RecordDir, WritesUniqueFilesAtomicallyAndReadsThemBack) {
  const std::string dir = FreshDir("records") + "/nested/inventory";  // created on demand
  std::vector<InventoryRecord> records;
  for (int i = 0; i < 3; ++i) {
    records.push_back(
        {.process = absl::StrCat("process ", i),
         .files = {
             {.source_file = "t.cc", .golden_folder = "g", .tests = {absl::StrCat("T.", i)}}}});
    ASSERT_TRUE(WriteRecordToDir(dir, records.back()).ok());
  }
  std::vector<std::string> names;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    names.push_back(entry.path().filename().string());
  }
  ASSERT_THAT(names, SizeIs(3));
  for (const std::string& name : names) {
    EXPECT_THAT(name,
                AllOf(HasSubstr(absl::StrCat(::getpid(), "-")),
                      ::testing::EndsWith(".vtsnap-inventory"), Not(::testing::StartsWith("."))));
  }
  absl::StatusOr<std::vector<InventoryRecord>> read = ReadRecordsFromDir(dir);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_THAT(*read, UnorderedElementsAreArray(records));
}

TEST(RecordDir, IgnoresHiddenTemporariesAndOtherFiles) {
  const std::string dir = FreshDir("records");
  ASSERT_TRUE(WriteRecordToDir(dir, {.process = "real"}).ok());
  std::ofstream(dir + "/.1-2.vtsnap-inventory.tmp.3") << "vtsnap-inventory 1\nproc";  // half
  std::ofstream(dir + "/README") << "not a record";
  absl::StatusOr<std::vector<InventoryRecord>> read = ReadRecordsFromDir(dir);
  ASSERT_TRUE(read.ok()) << read.status();
  ASSERT_THAT(*read, SizeIs(1));
  EXPECT_EQ((*read)[0].process, "real");
}

TEST(RecordDir, MissingDirectoryIsAnError) {
  const std::string dir = FreshDir("records") + "/never-created";
  absl::StatusOr<std::vector<InventoryRecord>> read = ReadRecordsFromDir(dir);
  ASSERT_FALSE(read.ok());
  EXPECT_THAT(read.status().message(),
              AllOf(HasSubstr(dir), HasSubstr("no test recorded anything")));
}

TEST(RecordDir, EmptyDirectoryIsAnError) {
  const std::string dir = FreshDir("records");
  std::ofstream(dir + "/README") << "not a record";
  absl::StatusOr<std::vector<InventoryRecord>> read = ReadRecordsFromDir(dir);
  ASSERT_FALSE(read.ok());
  EXPECT_THAT(read.status().message(),
              AllOf(HasSubstr(dir), HasSubstr("no test recorded anything")));
}

TEST(RecordDir, CorruptRecordNamesTheFileAndLine) {
  const std::string dir = FreshDir("records");
  ASSERT_TRUE(WriteRecordToDir(dir, {.process = "fine"}).ok());
  const std::string bad = dir + "/9-bad.vtsnap-inventory";
  std::ofstream(bad) << "vtsnap-inventory 1\nprocess p\nbogus x\nend\n";
  absl::StatusOr<std::vector<InventoryRecord>> read = ReadRecordsFromDir(dir);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(read.status().message(),
              AllOf(HasSubstr(bad), HasSubstr("line 3: unknown keyword \"bogus\"")));
}

TEST(RecordDir, UnwritableDirectoryIsAnErrorNamingIt) {
  const std::string dir = FreshDir("records");
  std::ofstream(dir + "/file") << "x";
  absl::Status s = WriteRecordToDir(dir + "/file/sub", {.process = "p"});
  EXPECT_FALSE(s.ok());
  EXPECT_THAT(s.message(), HasSubstr(dir + "/file"));
}

// ------------------------------------------------------------------------------------------------
// Verdict: table-driven over folders on disk and the records processes wrote.

struct VerdictCase {
  std::string name = {};
  std::vector<std::string> files_on_disk = {};  // relative to the golden folder
  // Records; each SourceFileRecord's golden_folder is filled in with the case's folder.
  std::vector<InventoryRecord> records = {};
  bool checked = false;
  std::vector<std::string> not_passed = {};
  std::vector<std::string> orphans = {};
  std::vector<std::string> missing_scenarios = {};
  std::vector<std::string> missing_checkpoints = {};
  size_t goldens = 0;
};

void PrintTo(const VerdictCase& c, std::ostream* os) { *os << c.name; }

class VerdictTable : public ::testing::TestWithParam<VerdictCase> {};

TEST_P(VerdictTable, Verdict) {
  const VerdictCase& c = GetParam();
  const std::string folder = FreshDir("goldens") + "/goldens/foo_test";
  for (const std::string& file : c.files_on_disk) Touch(folder, file);
  std::vector<InventoryRecord> records = c.records;
  for (InventoryRecord& record : records) {
    for (SourceFileRecord& file : record.files) file.golden_folder = folder;
  }
  std::vector<FolderVerdict> verdicts = Verdict(records);
  ASSERT_THAT(verdicts, SizeIs(1));
  const FolderVerdict& v = verdicts[0];
  EXPECT_EQ(v.source_file, "/src/foo_test.cc");
  EXPECT_EQ(v.golden_folder, folder);
  EXPECT_EQ(v.checked, c.checked);
  EXPECT_THAT(v.not_passed, ElementsAreArray(c.not_passed));
  EXPECT_THAT(v.orphans, ElementsAreArray(c.orphans));
  EXPECT_THAT(v.missing_scenarios, ElementsAreArray(c.missing_scenarios));
  EXPECT_THAT(v.missing_checkpoints, ElementsAreArray(c.missing_checkpoints));
  EXPECT_THAT(v.goldens, SizeIs(c.goldens));
  EXPECT_EQ(v.ok(),
            c.orphans.empty() && c.missing_scenarios.empty() && c.missing_checkpoints.empty());
  EXPECT_EQ(v.listing_error, "");
}

SourceFileRecord Foo(std::vector<std::string> passed, std::vector<std::string> failed,
                     std::vector<std::string> claims, std::vector<DeclaredScenario> declared = {}) {
  return {.source_file = "/src/foo_test.cc",
          .tests = {"Foo.A", "Foo.B", "Foo.C"},
          .passed = std::move(passed),
          .failed = std::move(failed),
          .claims = std::move(claims),
          .declared = std::move(declared)};
}

const std::vector<DeclaredScenario> kLogin = {{.name = "login", .checkpoints = {"empty", "filled"}},
                                              {.name = "logout", .checkpoints = {"confirm"}}};

INSTANTIATE_TEST_SUITE_P(
    Cases, VerdictTable,
    ::testing::Values(
        VerdictCase{
            .name = "CompleteAllClaimed",
            .files_on_disk = {"a.dump", "b.dump"},
            .records = {{.files = {Foo({"Foo.A", "Foo.B", "Foo.C"}, {}, {"a.dump", "b.dump"})}}},
            .checked = true,
            .goldens = 2},
        VerdictCase{.name = "CompleteWithOrphans",
                    .files_on_disk = {"a.dump", "old.dump", "sub/stale.dump"},
                    .records = {{.files = {Foo({"Foo.A", "Foo.B", "Foo.C"}, {}, {"a.dump"})}}},
                    .checked = true,
                    .orphans = {"old.dump", "sub/stale.dump"},
                    .goldens = 3},
        VerdictCase{.name = "FilteredOutTestMeansNotChecked",
                    .files_on_disk = {"a.dump", "old.dump"},
                    .records = {{.files = {Foo({"Foo.A", "Foo.C"}, {}, {"a.dump"})}}},
                    .checked = false,
                    .not_passed = {"Foo.B"}},
        VerdictCase{.name = "FailedInAnotherRecordMeansNotChecked",
                    .files_on_disk = {"a.dump", "old.dump"},
                    .records = {{.files = {Foo({"Foo.A", "Foo.B", "Foo.C"}, {}, {"a.dump"})}},
                                {.files = {Foo({}, {"Foo.B"}, {})}}},
                    .checked = false,
                    .not_passed = {"Foo.B"}},
        VerdictCase{.name = "SkippedTestMeansNotChecked",  // in neither passed nor failed
                    .files_on_disk = {"a.dump", "old.dump"},
                    .records = {{.files = {Foo({"Foo.A", "Foo.C"}, {}, {"a.dump"})}}},
                    .checked = false,
                    .not_passed = {"Foo.B"}},
        VerdictCase{.name = "ProcessesTogetherCoverAllTests",
                    .files_on_disk = {"a.dump", "b.dump", "old.dump"},
                    .records = {{.process = "1", .files = {Foo({"Foo.A"}, {}, {"a.dump"})}},
                                {.process = "2", .files = {Foo({"Foo.B"}, {}, {"b.dump"})}},
                                {.process = "3", .files = {Foo({"Foo.C"}, {}, {})}}},
                    .checked = true,
                    .orphans = {"old.dump"},
                    .goldens = 3},
        VerdictCase{.name = "IgnoresActualAndTemporaryFiles",
                    .files_on_disk = {"a.dump", "a.dump.actual", ".a.dump.tmp.123", ".b.tmp.4.dump",
                                      "notes.txt", "sub/.c.tmp.9.dump"},
                    .records = {{.files = {Foo({"Foo.A", "Foo.B", "Foo.C"}, {}, {"a.dump"})}}},
                    .checked = true,
                    .goldens = 1},
        VerdictCase{.name = "ClaimsAreNormalized",
                    .files_on_disk = {"a.dump", "sub/b.dump"},
                    .records = {{.files = {Foo({"Foo.A", "Foo.B", "Foo.C"}, {},
                                               {"./a.dump", "sub//b.dump"})}}},
                    .checked = true,
                    .goldens = 2},
        VerdictCase{.name = "MissingFolderHasNoGoldens",
                    .files_on_disk = {},
                    .records = {{.files = {Foo({"Foo.A", "Foo.B", "Foo.C"}, {}, {})}}},
                    .checked = true},
        VerdictCase{.name = "NoTestsMeansNotChecked",
                    .files_on_disk = {"old.dump"},
                    .records = {{.files = {{.source_file = "/src/foo_test.cc"}}}},
                    .checked = false},
        VerdictCase{
            .name = "DeclaredAllClaimed",
            .files_on_disk = {"login/empty.dump", "login/filled.dump", "logout/confirm.dump"},
            .records = {{.files = {Foo({"Foo.A", "Foo.B", "Foo.C"}, {},
                                       {"login/empty.dump", "login/filled.dump",
                                        "logout/confirm.dump"},
                                       kLogin)}}},
            .checked = true,
            .goldens = 3},
        VerdictCase{
            .name = "DeclaredMissingScenario",
            .files_on_disk = {"login/empty.dump", "login/filled.dump"},
            .records = {{.files = {Foo({"Foo.A", "Foo.B", "Foo.C"}, {},
                                       {"login/empty.dump", "login/filled.dump"}, kLogin)}}},
            .checked = true,
            .missing_scenarios = {"logout"},
            .goldens = 2},
        VerdictCase{
            .name = "DeclaredMissingCheckpoint",
            .files_on_disk = {"login/empty.dump", "logout/confirm.dump"},
            .records = {{.files = {Foo({"Foo.A", "Foo.B", "Foo.C"}, {},
                                       {"login/empty.dump", "logout/confirm.dump"}, kLogin)}}},
            .checked = true,
            .missing_checkpoints = {"login/filled"},
            .goldens = 2},
        VerdictCase{.name = "DeclaredOrphan",
                    .files_on_disk = {"login/empty.dump", "login/filled.dump", "login/removed.dump",
                                      "logout/confirm.dump"},
                    .records = {{.files = {Foo({"Foo.A", "Foo.B", "Foo.C"}, {},
                                               {"login/empty.dump", "login/filled.dump",
                                                "logout/confirm.dump"},
                                               kLogin)}}},
                    .checked = true,
                    .orphans = {"login/removed.dump"},
                    .goldens = 4},
        VerdictCase{.name = "DeclaredAllThreeKinds",
                    .files_on_disk = {"login/empty.dump", "stale.dump"},
                    .records = {{.files = {Foo({"Foo.A", "Foo.B", "Foo.C"}, {},
                                               {"login/empty.dump"}, kLogin)}}},
                    .checked = true,
                    .orphans = {"stale.dump"},
                    .missing_scenarios = {"logout"},
                    .missing_checkpoints = {"login/filled"},
                    .goldens = 2},
        VerdictCase{
            .name = "DeclaredMergedAcrossProcesses",
            .files_on_disk = {"login/empty.dump", "login/filled.dump", "logout/confirm.dump"},
            .records = {{.files = {Foo({"Foo.A"}, {}, {"login/empty.dump"}, kLogin)}},
                        {.files = {Foo({"Foo.B"}, {}, {"login/filled.dump"}, kLogin)}},
                        {.files = {Foo({"Foo.C"}, {}, {"logout/confirm.dump"}, kLogin)}}},
            .checked = true,
            .goldens = 3},
        VerdictCase{.name = "DeclaredNotCheckedWhenPartial",
                    .files_on_disk = {"stale.dump"},
                    .records = {{.files = {Foo({"Foo.A"}, {}, {}, kLogin)}}},
                    .checked = false,
                    .not_passed = {"Foo.B", "Foo.C"}}),
    [](const ::testing::TestParamInfo<VerdictCase>& info) { return info.param.name; });

TEST(Verdict, SeparateFoldersAndSourceFilesAreSortedByFolder) {
  std::vector<InventoryRecord> records = {
      {.files = {
           {.source_file = "z.cc",
            .golden_folder = "/nonexistent/goldens/a",
            .tests = {"Z.T"},
            .passed = {"Z.T"}},
           {.source_file = "a.cc", .golden_folder = "/nonexistent/goldens/b", .tests = {"A.T"}}}}};
  std::vector<FolderVerdict> verdicts = Verdict(records);
  ASSERT_THAT(verdicts, SizeIs(2));
  EXPECT_EQ(verdicts[0].source_file, "z.cc");
  EXPECT_TRUE(verdicts[0].checked);
  EXPECT_EQ(verdicts[1].source_file, "a.cc");
  EXPECT_FALSE(verdicts[1].checked);
  EXPECT_THAT(verdicts[1].not_passed, ElementsAre("A.T"));
  EXPECT_TRUE(InventoryOk(verdicts));
}

TEST(Verdict, NoRecordsNoVerdicts) {
  EXPECT_THAT(Verdict({}), IsEmpty());
  EXPECT_THAT(Verdict({{.process = "p"}}), IsEmpty());
}

// ------------------------------------------------------------------------------------------------
// The report.

TEST(RenderVerdict, EachKindHasItsOwnLine) {
  const std::string root = FreshDir("goldens");
  std::vector<FolderVerdict> verdicts = {
      {.source_file = "/src/a_test.cc",
       .golden_folder = root + "/goldens/a_test",
       .checked = true,
       .total_tests = 2,
       .goldens = {"x.dump", "y.dump"}},
      {.source_file = "/src/b_test.cc",
       .golden_folder = root + "/goldens/b_test",
       .checked = true,
       .total_tests = 2,
       .goldens = {"it's.dump", "login/empty.dump"},
       .orphans = {"it's.dump"},
       .missing_scenarios = {"logout"},
       .missing_checkpoints = {"login/filled"}},
      {.source_file = "/src/c_test.cc",
       .golden_folder = root + "/goldens/c_test",
       .checked = false,
       .not_passed = {"C.A", "C.B"},
       .total_tests = 7},
  };
  const std::string report = RenderVerdict(verdicts);
  EXPECT_EQ(
      report,
      "goldens/a_test (/src/a_test.cc)\n"
      "  checked: 2 goldens, ok\n"
      "goldens/b_test (/src/b_test.cc)\n"
      "  checked: 2 goldens\n"
      "  orphan: goldens/b_test/it's.dump (no assertion claimed it; delete it with: rm '" +
          root +
          "/goldens/b_test/it'\\''s.dump')\n"
          "  missing scenario: logout (declared, but no test claimed any of its checkpoints)\n"
          "  missing checkpoint: login/filled (declared, but no assertion claimed "
          "goldens/b_test/login/filled.dump)\n"
          "goldens/c_test (/src/c_test.cc)\n"
          "  not checked: 2 of 7 tests did not run or failed (C.A, C.B)\n"
          "inventory FAILED: 3 folders, 2 checked (1 with problems: 1 orphan, 1 missing "
          "scenario, 1 missing checkpoint), 1 not checked (some of their tests did not run, "
          "failed or were skipped)\n");
}

TEST(RenderVerdict, CapsTheListOfTestsThatDidNotPass) {
  std::vector<FolderVerdict> verdicts = {
      {.source_file = "t.cc",
       .golden_folder = "/elsewhere/screens",
       .not_passed = {"T.1", "T.2", "T.3", "T.4", "T.5", "T.6", "T.7"},
       .total_tests = 9}};
  EXPECT_EQ(RenderVerdict(verdicts),
            "/elsewhere/screens (t.cc)\n"
            "  not checked: 7 of 9 tests did not run or failed (T.1, T.2, T.3, T.4, T.5 and 2 "
            "more)\n"
            "inventory ok: 1 folder, 0 checked, 1 not checked (some of their tests did not run, "
            "failed or were skipped)\n");
}

TEST(RenderVerdict, WrittenGoldensAreCounted) {
  std::vector<FolderVerdict> verdicts = {{.source_file = "t.cc",
                                          .golden_folder = "/r/goldens/t",
                                          .checked = true,
                                          .total_tests = 1,
                                          .goldens = {"a.dump"},
                                          .written = {"a.dump"}}};
  EXPECT_EQ(RenderVerdict(verdicts),
            "goldens/t (t.cc)\n"
            "  checked: 1 golden, 1 written, ok\n"
            "inventory ok: 1 folder, 1 checked, 0 not checked\n");
}

TEST(RenderVerdict, NothingRecorded) {
  EXPECT_EQ(RenderVerdict({}), "inventory ok: 0 folders, 0 checked, 0 not checked\n");
}

}  // namespace
}  // namespace vtsnap
