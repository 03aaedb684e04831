// The input limit of the documents `vtsnap canon`, `diff` and `render` read whole (goldens,
// state dumps, RGBA planes; tools::ReadInput, ReadRest, kMaxInputBytes): a file over the limit, or
// an endless one, is refused with exit 2 and a message naming the file and the limit, and reading
// never holds more than the limit plus one chunk. Recordings are streamed and have no limit
// (decode_stream_test.cc): `decode /dev/zero` decodes until it is stopped, as `cat` would.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/sanitizer.h"
#include "test/scratch_dir.h"
#include "vtsnap/tools/commands.h"

namespace vtsnap::tools {
namespace {

using ::testing::HasSubstr;

const std::string kLimitText =
    absl::StrCat("larger than the maximum input size of ", kMaxInputBytes, " bytes (128 MiB)");

std::string TempPath(const std::string& name) {
  return (vtsnap::test_util::SharedScratchDir("input_limit_test") / name).string();
}

std::string WriteFile(const std::string& name, const std::string& contents) {
  const std::string path = TempPath(name);
  std::ofstream(path, std::ios::binary) << contents;
  return path;
}

// Each command that reads a document, on an endless input: exit 2, the file and the limit named.
// (`decode` and `render` of /dev/zero, a recording of NUL bytes, used to be refused here too; they
// now stream it without end, so they have no case.)
struct EndlessCase {
  const char* name;
  int (*run)(const std::vector<std::string>&, std::ostream&, std::ostream&);
  std::vector<std::string> args;
};

TEST(InputLimitTest, EveryReadingCommandRefusesAnEndlessInput) {
  const EndlessCase kCases[] = {
      {"canon", RunCanon, {"/dev/zero"}},
      {"diff", RunDiff, {"/dev/zero", "/dev/zero"}},
      {"diff --json", RunDiff, {"--json", "/dev/zero", "/dev/zero"}},
  };
  for (const EndlessCase& c : kCases) {
    SCOPED_TRACE(c.name);
    std::ostringstream out, err;
    EXPECT_EQ(c.run(c.args, out, err), 2);
    EXPECT_THAT(err.str(), HasSubstr(absl::StrCat("/dev/zero: ", kLimitText)));
    EXPECT_EQ(out.str(), "");
  }
}

// `render` recognizes a golden by its first bytes, then reads it whole: an endless one (a header,
// then NUL bytes without end through a FIFO) is refused at the limit like canon's.
TEST(InputLimitTest, RenderRefusesAnEndlessGolden) {
  const std::string path = TempPath("endless_golden");
  ::unlink(path.c_str());
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  const pid_t writer = ::fork();
  if (writer == 0) {
    ::signal(SIGPIPE, SIG_DFL);
    const int fd = ::open(path.c_str(), O_WRONLY);
    const std::string chunk = std::string("ckvision-golden 1\n") + std::string(65536, '\0');
    if (fd < 0 || ::write(fd, chunk.data(), chunk.size()) <= 0) ::_exit(1);
    while (::write(fd, chunk.data() + 18, 65536) > 0) {
    }
    ::_exit(0);
  }
  std::ostringstream out, err;
  EXPECT_EQ(RunRender({"--format", "ansi", path}, out, err), 2);
  EXPECT_EQ(err.str(), absl::StrCat("vtsnap render: ", path, ": ", kLimitText, "\n"));
  EXPECT_EQ(out.str(), "");
  ::kill(writer, SIGKILL);  // blocked writing what nobody reads any more
  ::waitpid(writer, nullptr, 0);
  ::unlink(path.c_str());
}

TEST(InputLimitTest, RegularFileOverTheLimitIsRefusedUnread) {
  const std::string path = WriteFile("eleven", "0123456789A");
  std::string contents = "stale";
  std::string error;
  EXPECT_FALSE(ReadInput(path, &contents, &error, 10));
  EXPECT_EQ(error, absl::StrCat(path, ": larger than the maximum input size of 10 bytes (0 MiB)"));
  EXPECT_EQ(contents, "");
}

TEST(InputLimitTest, RegularFileAtTheLimitIsRead) {
  const std::string path = WriteFile("ten", "0123456789");
  std::string contents;
  std::string error;
  EXPECT_TRUE(ReadInput(path, &contents, &error, 10)) << error;
  EXPECT_EQ(contents, "0123456789");
}

// A FIFO whose writer writes `bytes` bytes and closes it; returns the writer's pid.
pid_t FifoWriter(const std::string& path, size_t bytes) {
  const pid_t child = ::fork();
  if (child == 0) {
    ::signal(SIGPIPE, SIG_DFL);
    const int fd = ::open(path.c_str(), O_WRONLY);
    const std::string chunk(4096, 'x');
    for (size_t written = 0; fd >= 0 && written < bytes;) {
      const size_t n = std::min(chunk.size(), bytes - written);
      if (::write(fd, chunk.data(), n) <= 0) break;
      written += n;
    }
    ::_exit(0);
  }
  return child;
}

TEST(InputLimitTest, FifoIsReadUpToTheLimit) {
  const std::string path = TempPath("fifo_small");
  ::unlink(path.c_str());
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  const pid_t writer = FifoWriter(path, 100000);
  std::string contents;
  std::string error;
  EXPECT_TRUE(ReadInput(path, &contents, &error, 100000)) << error;
  EXPECT_EQ(contents, std::string(100000, 'x'));
  ::waitpid(writer, nullptr, 0);
  ::unlink(path.c_str());
}

TEST(InputLimitTest, FifoPastTheLimitIsRefused) {
  const std::string path = TempPath("fifo_large");
  ::unlink(path.c_str());
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  const pid_t writer = FifoWriter(path, 300000);
  std::string contents;
  std::string error;
  EXPECT_FALSE(ReadInput(path, &contents, &error, 200000));
  EXPECT_EQ(error,
            absl::StrCat(path, ": larger than the maximum input size of 200000 bytes (0 MiB)"));
  ::kill(writer, SIGKILL);  // it may be blocked writing what nobody reads any more
  ::waitpid(writer, nullptr, 0);
  ::unlink(path.c_str());
}

// Reading /dev/zero in a child whose address space may grow by the limit plus 4 MiB only: the
// read must stop with the error, not die of an allocation failure (growing by doubling held up to
// 1.5 times the limit; without the limit, everything).
TEST(InputLimitTest, ReadingHoldsNoMoreThanTheLimitAndAChunk) {
#ifdef VTSNAP_TEST_ASAN
  GTEST_SKIP() << "AddressSanitizer reserves huge address space: RLIMIT_AS cannot bound it";
#else
  const pid_t child = ::fork();
  if (child == 0) {
    std::FILE* statm = std::fopen("/proc/self/statm", "r");
    long pages = 0;
    if (statm == nullptr || std::fscanf(statm, "%ld", &pages) != 1) ::_exit(3);
    std::fclose(statm);
    const rlim_t limit =
        static_cast<rlim_t>(pages) * ::sysconf(_SC_PAGESIZE) + kMaxInputBytes + (rlim_t{4} << 20);
    const struct rlimit bound = {limit, limit};
    if (::setrlimit(RLIMIT_AS, &bound) != 0) ::_exit(4);
    std::string contents;
    std::string error;
    try {  // an allocation past the bound throws; gtest must not catch it in this child
      const bool read = ReadInput("/dev/zero", &contents, &error);
      ::_exit(!read && error == absl::StrCat("/dev/zero: ", kLimitText) ? 0 : 1);
    } catch (...) {
      ::_exit(2);
    }
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0);
#endif
}

}  // namespace
}  // namespace vtsnap::tools
