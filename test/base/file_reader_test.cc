// The one bounded file reader (base/file_reader.h): a regular file whole, up to its limit and not
// past it; a missing file, a device, a FIFO and a directory are errors naming the path, and a FIFO
// is not waited for; a /proc file (fstat size 0) is read to its end.
#include "vtsnap/base/file_reader.h"

#include <sys/stat.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <string>
#include <variant>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/scratch_dir.h"

namespace vtsnap {
namespace {

using ::testing::HasSubstr;

std::string Write(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

TEST(ReadFileAtMostTest, ReadsUpToTheLimitAndNotPast) {
  const std::filesystem::path dir = test_util::ScratchDir("file_reader_test_limit");
  const std::string path = Write(dir / "ten", "0123456789");
  EXPECT_EQ(*ReadFileAtMost(path, 10), "0123456789");
  EXPECT_EQ(*ReadFileAtMost(Write(dir / "empty", ""), 0), "");
  const absl::StatusOr<std::string> over = ReadFileAtMost(path, 9, "a golden may have");
  EXPECT_EQ(over.status(),
            absl::ResourceExhaustedError("reading \"" + path +
                                         "\": it is 10 bytes, over the limit of 9 bytes a golden "
                                         "may have"));
  EXPECT_EQ(ReadFileAtMost(path, 9).status().message(),
            "reading \"" + path + "\": it is 10 bytes, over the limit of 9 bytes");
}

TEST(ReadFileAtMostTest, NamesThePathOfWhatIsNotARegularFile) {
  const std::filesystem::path dir = test_util::ScratchDir("file_reader_test_kinds");
  const absl::StatusOr<std::string> missing = ReadFileAtMost((dir / "nothing").string(), 100);
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(missing.status().message(), HasSubstr("nothing\": No such file or directory"));
  EXPECT_EQ(ReadFileAtMost("/dev/zero", 100).status(),
            absl::FailedPreconditionError(
                "reading \"/dev/zero\": is a character device, not a regular file"));
  EXPECT_EQ(ReadFileAtMost(dir.string(), 100).status().message(),
            "reading \"" + dir.string() + "\": is a directory, not a regular file");
  // A FIFO without a writer: refused at once, not waited for.
  const std::string fifo = (dir / "fifo").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0) << errno;
  EXPECT_EQ(ReadFileAtMost(fifo, 100).status().message(),
            "reading \"" + fifo + "\": is a FIFO, not a regular file");
}

TEST(ReadFileUpToTest, SaysWhatWentWrong) {
  const std::variant<std::string, FileReadFailure> read = ReadFileUpTo("/dev/null", 100);
  ASSERT_TRUE(std::holds_alternative<FileReadFailure>(read));
  const FileReadFailure& failure = std::get<FileReadFailure>(read);
  EXPECT_EQ(failure.kind, FileReadFailure::Kind::kNotRegularFile);
  EXPECT_STREQ(FileKindName(failure.mode), "a character device");
  const std::variant<std::string, FileReadFailure> missing = ReadFileUpTo("/nonexistent/x", 100);
  ASSERT_TRUE(std::holds_alternative<FileReadFailure>(missing));
  EXPECT_EQ(std::get<FileReadFailure>(missing).kind, FileReadFailure::Kind::kCannotOpen);
  EXPECT_EQ(std::get<FileReadFailure>(missing).error_number, ENOENT);
}

// /proc files say their size is 0: read to the end all the same, and within the limit.
TEST(ReadFileAtMostTest, ReadsAProcFileWhole) {
  const absl::StatusOr<std::string> status = ReadFileAtMost("/proc/self/status", 1 << 20);
  ASSERT_TRUE(status.ok()) << status.status();
  EXPECT_THAT(*status, HasSubstr("\nPid:"));
  EXPECT_THAT(*status, HasSubstr("\nVmPeak:"));  // far past the first line
  const absl::StatusOr<std::string> small = ReadFileAtMost("/proc/self/status", 16);
  EXPECT_EQ(small.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_THAT(small.status().message(), HasSubstr("it grew while being read to over 17 bytes"));
}

// /proc/self/smaps is many pages long, and procfs answers a read with at most a page or so, which
// says nothing about the end: it is read until read(2) returns 0, and ends as std::ifstream sees
// it end (the last mapping's last line).
TEST(ReadFileAtMostTest, ReadsALongProcFileToItsEnd) {
  const absl::StatusOr<std::string> smaps = ReadFileAtMost("/proc/self/smaps", size_t{64} << 20);
  ASSERT_TRUE(smaps.ok()) << smaps.status();
  ASSERT_GT(smaps->size(), 8192u);
  std::ifstream in("/proc/self/smaps");
  std::string line;
  std::string last;
  while (std::getline(in, line)) last = line;
  const std::string tail = smaps->substr(smaps->rfind('\n', smaps->size() - 2) + 1);
  EXPECT_EQ(tail, last + "\n");
}

}  // namespace
}  // namespace vtsnap
