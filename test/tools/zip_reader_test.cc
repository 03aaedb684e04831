// vtsnap::tools::ReadZipFiles (tools/zip_reader.h): the outputs.zip Bazel keeps a test's pending
// goldens in. Archives are built here byte by byte ({entries} -> files or the error), plus one
// written by Info-ZIP's `zip`, the program Bazel's test-setup.sh runs.
#include "vtsnap/tools/zip_reader.h"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/tools/zip_test_support.h"

namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using vtsnap_test::ZipEntry;
using vtsnap_test::ZipOf;

class ZipReaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string templ = (fs::temp_directory_path() / "vtsnap-zip.XXXXXX").string();
    ASSERT_NE(::mkdtemp(templ.data()), nullptr);
    dir_ = templ;
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string Write(const std::string& bytes) {
    const std::string path = (dir_ / "outputs.zip").string();
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
    return path;
  }

  fs::path dir_;
};

TEST_F(ZipReaderTest, ReadsStoredAndDeflatedFilesUnderThePrefixOnly) {
  const std::string dump(3000, 'x');  // long enough for deflate to shrink it
  const std::string path =
      Write(ZipOf({{.name = "vtsnap/", .contents = ""},  // a folder entry
                   {.name = "vtsnap/a_test/home.dump.actual", .contents = "stored\n"},
                   {.name = "vtsnap/a_test/big.dump.actual", .contents = dump, .method = 8},
                   {.name = "other/log.txt", .contents = "not mine"}}));
  absl::StatusOr<std::vector<vtsnap::tools::ZipFile>> files =
      vtsnap::tools::ReadZipFiles(path, "vtsnap/");
  ASSERT_TRUE(files.ok()) << files.status();
  ASSERT_EQ(files->size(), 2u);
  EXPECT_EQ((*files)[0].name, "vtsnap/a_test/home.dump.actual");
  EXPECT_EQ((*files)[0].contents, "stored\n");
  EXPECT_EQ((*files)[1].name, "vtsnap/a_test/big.dump.actual");
  EXPECT_EQ((*files)[1].contents, dump);
}

struct BadCase {
  std::string behaviour;
  std::string bytes;
  std::string error;  // after "<path>: byte "
  vtsnap::tools::ZipLimits limits = {};
};

class ZipReaderBadInputTest : public ZipReaderTest,
                              public ::testing::WithParamInterface<BadCase> {};

TEST_P(ZipReaderBadInputTest, IsRefusedNamingThePlace) {
  const std::string path = Write(GetParam().bytes);
  absl::StatusOr<std::vector<vtsnap::tools::ZipFile>> files =
      vtsnap::tools::ReadZipFiles(path, "vtsnap/", GetParam().limits);
  ASSERT_FALSE(files.ok());
  EXPECT_THAT(std::string(files.status().message()),
              HasSubstr(path + ": byte " + GetParam().error));
}

INSTANTIATE_TEST_SUITE_P(
    Cases, ZipReaderBadInputTest,
    ::testing::Values(
        BadCase{"not_a_zip", std::string(100, 'a'), "100: no end of central directory: not a zip"},
        BadCase{"too_short", "PK", "0: too short for a zip archive"},
        BadCase{"a_wrong_crc", ZipOf({{.name = "vtsnap/x.actual", .contents = "abc", .crc = 1}}),
                "45: \"vtsnap/x.actual\" fails its CRC-32 check"},
        BadCase{"a_name_leaving_the_folder",
                ZipOf({{.name = "vtsnap/../../etc/passwd.actual", .contents = "x"}}),
                "61: \"vtsnap/../../etc/passwd.actual\" points outside the archive's folder"},
        BadCase{"an_encrypted_entry",
                ZipOf({{.name = "vtsnap/x.actual", .contents = "abc", .flags = 1}}),
                "48: \"vtsnap/x.actual\" is encrypted"},
        BadCase{"an_unknown_method",
                ZipOf({{.name = "vtsnap/x.actual", .contents = "abc", .method = 12}}),
                "48: \"vtsnap/x.actual\" uses compression method 12"},
        BadCase{"a_size_over_the_limit",
                ZipOf({{.name = "vtsnap/x.actual", .contents = "abc", .size = 0x7fffffff}}),
                "48: \"vtsnap/x.actual\" is 2147483647 bytes, over the limit"},
        // 0x07: a final block of the reserved type 3, which no deflate stream may hold.
        BadCase{"corrupt_deflate_data",
                ZipOf({{.name = "vtsnap/x.actual",
                        .contents = std::string(500, 'y'),
                        .method = 8,
                        .raw = std::string("\x07\x00\x00", 3)}}),
                "45: \"vtsnap/x.actual\": its deflate data is corrupt"},
        // Zip bombs, refused by the central directory before anything is inflated. Each stored
        // "abc" entry named "vtsnap/?.actual" takes 48 bytes before the central directory and 61
        // in it.
        BadCase{"entries_sharing_their_data",
                ZipOf({{.name = "vtsnap/a.actual", .contents = "abc"},
                       {.name = "vtsnap/b.actual", .contents = "abc", .data_of = 0}}),
                "109: \"vtsnap/b.actual\" overlaps the data of \"vtsnap/a.actual\""},
        BadCase{"more_files_than_the_limit",
                ZipOf({{.name = "vtsnap/a.actual", .contents = "abc"},
                       {.name = "vtsnap/b.actual", .contents = "abc"},
                       {.name = "vtsnap/c.actual", .contents = "abc"}}),
                "266: \"vtsnap/c.actual\" is one file more than the limit of 2 files",
                {.files = 2}},
        BadCase{"files_together_over_the_limit",
                ZipOf({{.name = "vtsnap/a.actual", .contents = "abc"},
                       {.name = "vtsnap/b.actual", .contents = "abc"}}),
                "157: \"vtsnap/b.actual\" brings the files read to 6 bytes, over the limit of 5",
                {.total_bytes = 5}},
        // 0x03 0x00: an empty final block; 2 bytes of deflate data inflate to 3096 at most.
        BadCase{"a_size_its_deflate_data_cannot_reach",
                ZipOf({{.name = "vtsnap/x.actual",
                        .contents = "",
                        .method = 8,
                        .size = 100000,
                        .raw = std::string("\x03\x00", 2)}}),
                "47: \"vtsnap/x.actual\" declares 100000 bytes, more than its 2 bytes of deflate "
                "data can hold"},
        BadCase{"a_stream_longer_than_its_declared_size",
                ZipOf({{.name = "vtsnap/x.actual",
                        .contents = std::string(3000, 'x'),
                        .method = 8,
                        .size = 1000}}),
                "45: \"vtsnap/x.actual\": it inflates to more than the 1000 bytes it declares"}),
    [](const ::testing::TestParamInfo<BadCase>& info) { return info.param.behaviour; });

// Files read one at a time, only the wanted ones, and an error from the visitor ends the reading.
TEST_F(ZipReaderTest, ForEachVisitsTheWantedFilesUntilAnError) {
  const std::string path = Write(ZipOf({{.name = "vtsnap/a.actual", .contents = "a"},
                                        {.name = "vtsnap/report.html", .contents = "<html>"},
                                        {.name = "vtsnap/b.actual", .contents = "b"},
                                        {.name = "vtsnap/c.actual", .contents = "c"}}));
  std::vector<std::string> visited;
  const absl::Status status = vtsnap::tools::ForEachZipFile(
      path, [](absl::string_view name) { return absl::EndsWith(name, ".actual"); },
      [&visited](vtsnap::tools::ZipFile file) {
        visited.push_back(file.name + "=" + file.contents);
        return visited.size() == 2 ? absl::InternalError("disk full") : absl::OkStatus();
      });
  EXPECT_EQ(status, absl::InternalError("disk full"));
  EXPECT_EQ(visited, (std::vector<std::string>{"vtsnap/a.actual=a", "vtsnap/b.actual=b"}));
}

// The zeros DeflatedZeros builds inflate to what it says (size and CRC-32), as the zip bombs of
// review_cli_test rely on (8 MiB here; the bombs' 128 MiB is the same chunk more often).
TEST_F(ZipReaderTest, DeflatedZerosAreWhatTheySay) {
  const vtsnap_test::Zeros zeros = vtsnap_test::DeflatedZeros(64);
  ASSERT_EQ(zeros.size, 8u << 20);
  const std::string path = Write(ZipOf({{.name = "vtsnap/big.rgba.actual",
                                         .contents = "",
                                         .method = 8,
                                         .crc = zeros.crc,
                                         .size = zeros.size,
                                         .raw = zeros.deflated}}));
  absl::StatusOr<std::vector<vtsnap::tools::ZipFile>> files =
      vtsnap::tools::ReadZipFiles(path, "vtsnap/");
  ASSERT_TRUE(files.ok()) << files.status();
  ASSERT_EQ(files->size(), 1u);
  EXPECT_EQ((*files)[0].contents, std::string(8u << 20, '\0'));
}

// An archive written by Info-ZIP's zip, as Bazel's test-setup.sh writes outputs.zip.
TEST_F(ZipReaderTest, ReadsWhatInfoZipWrites) {
  if (std::system("command -v zip >/dev/null 2>&1") != 0) GTEST_SKIP() << "no zip program";
  fs::create_directories(dir_ / "tree/vtsnap/app_test");
  const std::string dump = std::string(2000, 'z') + "\n";
  std::ofstream(dir_ / "tree/vtsnap/app_test/home.dump.actual", std::ios::binary) << dump;
  std::ofstream(dir_ / "tree/vtsnap/vtsnap-report.html", std::ios::binary) << "<html>";
  const std::string command =
      "cd '" + (dir_ / "tree").string() + "' && zip -qr '" + (dir_ / "out.zip").string() + "' -- *";
  ASSERT_EQ(std::system(command.c_str()), 0);
  absl::StatusOr<std::vector<vtsnap::tools::ZipFile>> files =
      vtsnap::tools::ReadZipFiles((dir_ / "out.zip").string(), "vtsnap/app_test/");
  ASSERT_TRUE(files.ok()) << files.status();
  ASSERT_EQ(files->size(), 1u);
  EXPECT_EQ((*files)[0].name, "vtsnap/app_test/home.dump.actual");
  EXPECT_EQ((*files)[0].contents, dump);
}

}  // namespace
