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
};

class ZipReaderBadInputTest : public ZipReaderTest,
                              public ::testing::WithParamInterface<BadCase> {};

TEST_P(ZipReaderBadInputTest, IsRefusedNamingThePlace) {
  const std::string path = Write(GetParam().bytes);
  absl::StatusOr<std::vector<vtsnap::tools::ZipFile>> files =
      vtsnap::tools::ReadZipFiles(path, "vtsnap/");
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
                "45: \"vtsnap/x.actual\": its deflate data is corrupt"}),
    [](const ::testing::TestParamInfo<BadCase>& info) { return info.param.behaviour; });

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
