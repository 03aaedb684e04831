// `vtsnap decode` streams its input (tools/input.h): the input is read in chunks of
// kInputChunkBytes, a sequence cut by a chunk boundary decodes as if it were not cut (offsets in
// the presenter's errors count over the whole input), FIFOs and stdin are read, and the real
// binary decodes an input larger than its address space could hold.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/sanitizer.h"
#include "test/scratch_dir.h"
#include "vtsnap/decoder/presenter.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/rgba_file.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/rgba.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/input.h"

namespace vtsnap::tools {
namespace {

using ::testing::HasSubstr;

std::string TempPath(const std::string& name) {
  return (vtsnap::test_util::SharedScratchDir("decode_stream_test") / name).string();
}

std::string WriteFile(const std::string& name, const std::string& contents) {
  const std::string path = TempPath(name);
  std::ofstream(path, std::ios::binary) << contents;
  return path;
}

// `length` bytes of cursor-home sequences (CSI H and CSI 1 H, both accepted by the presenter
// profile): they change nothing on a screen that is then drawn from the home position.
std::string HomePadding(size_t length) {
  const size_t fours = length % 3;  // length = 3 * threes + 4 * fours, as 4 = 1 (mod 3)
  std::string padding;
  for (size_t i = 0; i < fours; ++i) padding += "\x1b[1H";
  while (padding.size() < length) padding += "\x1b[H";
  return padding;
}

struct SplitCase {
  const char* name;
  bool presenter;
  bool sixel;
  const char* format;  // "json" or "rgba"
  std::string bytes;   // drawn from the home position of a 12x3 screen
};

// What the library makes of `bytes` written at once, printed as `decode` prints it:
// "exit CODE\n" then stdout, or stderr for exit 3.
std::string Unsplit(const SplitCase& c, const std::string& bytes) {
  const GraphicsOptions graphics = {.sixel = c.sixel, .cell_width = 3, .cell_height = 6};
  std::unique_ptr<VirtualTerminal> vt;
  std::unique_ptr<PresenterTerminal> presenter;
  const Terminal* screen = nullptr;
  if (c.presenter) {
    presenter = std::make_unique<PresenterTerminal>(
        PresenterOptions{.cols = 12, .rows = 3, .graphics = graphics});
    presenter->Write(bytes);
    if (absl::Status s = presenter->CaptureStatus(); !s.ok()) {
      return absl::StrCat("exit 3\n", s.message(), "\n");
    }
    screen = &presenter->terminal();
  } else {
    vt = std::make_unique<VirtualTerminal>(
        TerminalOptions{.cols = 12, .rows = 3, .graphics = graphics});
    vt->Write(bytes);
    screen = &vt->terminal();
  }
  if (std::string(c.format) == "rgba") {
    absl::StatusOr<RgbaPlane> plane = CapturePlane(*screen);
    return plane.ok() ? absl::StrCat("exit 0\n", SerializeRgba(*plane)) : "no plane";
  }
  absl::StatusOr<std::string> printed = FormatScreen(*screen, c.format, Redactions());
  return printed.ok() ? absl::StrCat("exit 0\n", *printed) : "no screen";
}

std::string DecodeFile(const SplitCase& c, const std::string& path) {
  std::vector<std::string> args = {"--size", "12x3", "--format", c.format};
  if (c.presenter) args.insert(args.end(), {"--profile", "presenter"});
  if (c.sixel) args.insert(args.end(), {"--graphics", "sixel"});
  args.push_back(path);
  std::ostringstream out, err;
  const int code = RunDecode(args, out, err);
  return absl::StrCat("exit ", code, "\n", code == 0 ? out.str() : err.str());
}

const SplitCase kSplitCases[] = {
    {"utf8_combining_wide_and_zwj", false, false, "json",
     "h\xc3\xa9llo \xe6\x97\xa5\xe6\x9c\xac e\xcc\x81 "
     "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7!"},
    {"sgr_cup_and_alternate_screen", false, false, "json",
     "\x1b[38;2;10;20;30;48;5;200;1;4mX\x1b[2;5HY\x1b[m\x1b[?1049h\x1b[HZ\x1b[3;2H\x1b[7mW"},
    {"osc_title_hyperlink_and_queries", false, false, "json",
     "\x1b]0;a title\x07\x1b]8;;http://example.com/\x1b\\link\x1b]8;;\x1b\\\x1b[6n\x1b[c.\x1bM!"},
    {"sixel_image", false, true, "rgba", "a\x1bPq#1;2;100;0;0#1~~~~@@\x1b\\b"},
    {"presenter_accepted", true, false, "json",
     "\x1b[2;3H\x1b[38;2;1;2;3mab\xe6\x97\xa5\x1b[0m\x1b[?2026h\x1b[1;1H\x1b[K\x1b[?2026l"},
    {"presenter_violation_offset", true, false, "json", "\x1b[1;1Hab\xe6\x97\xa5\x1b[5Acd"},
    {"presenter_ends_inside_a_sequence", true, false, "json", "\x1b[3;1Hab\x1b[38;5"},
    {"presenter_cr_after_split_utf8", true, false, "json", "ab\xe6\x97\xa5\r"},
};

// Each input is placed so that the chunk boundary falls before each of its bytes in turn (and
// after its last): the decode of the whole file must equal the library's decode of the same
// bytes written at once.
TEST(DecodeStreamTest, SequenceCutByAChunkBoundaryDecodesAsUncut) {
  for (const SplitCase& c : kSplitCases) {
    SCOPED_TRACE(c.name);
    for (size_t cut = 0; cut <= c.bytes.size(); ++cut) {
      SCOPED_TRACE(absl::StrCat("cut before byte ", cut));
      const std::string bytes = HomePadding(kInputChunkBytes - cut) + c.bytes;
      ASSERT_EQ(bytes.size(), kInputChunkBytes - cut + c.bytes.size());
      const std::string expected = Unsplit(c, bytes);
      ASSERT_THAT(expected, ::testing::StartsWith("exit "));
      EXPECT_EQ(DecodeFile(c, WriteFile("split", bytes)), expected);
    }
  }
}

// The offsets the presenter names count over the whole input, not within a chunk.
TEST(DecodeStreamTest, PresenterOffsetCountsOverTheWholeInput) {
  const std::string bytes = HomePadding(3 * kInputChunkBytes + 5) + "\r";
  std::ostringstream out, err;
  EXPECT_EQ(RunDecode({"--profile", "presenter", WriteFile("late_cr", bytes)}, out, err), 3);
  EXPECT_EQ(err.str(), absl::StrCat("offset ", 3 * kInputChunkBytes + 5,
                                    ": \\x0d: C0 control CR is not in the presenter subset\n"));
}

// The presenter decodes nothing after its first violation, so reading stops there: an endless
// input that breaks the profile ends with the violation instead of running forever.
TEST(DecodeStreamTest, PresenterStopsReadingAtItsFirstViolation) {
  std::ostringstream out, err;
  EXPECT_EQ(RunDecode({"--profile", "presenter", "/dev/zero"}, out, err), 3);
  EXPECT_THAT(err.str(), ::testing::StartsWith("offset 0: \\x00: "));
  EXPECT_EQ(out.str(), "");
}

// A writer that writes `data` to the FIFO at `path` in pieces of `piece` bytes, then closes it.
pid_t FifoWriter(const std::string& path, const std::string& data, size_t piece) {
  const pid_t child = ::fork();
  if (child == 0) {
    ::signal(SIGPIPE, SIG_DFL);
    const int fd = ::open(path.c_str(), O_WRONLY);
    for (size_t at = 0; fd >= 0 && at < data.size();) {
      const ssize_t n = ::write(fd, data.data() + at, std::min(piece, data.size() - at));
      if (n <= 0) break;
      at += static_cast<size_t>(n);
    }
    ::_exit(0);
  }
  return child;
}

TEST(DecodeStreamTest, ReadsAFifoWrittenInSmallPieces) {
  const std::string path = TempPath("fifo");
  ::unlink(path.c_str());
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  std::string data;
  for (int i = 0; i < 20000; ++i) data += absl::StrCat("\x1b[3", i % 8, "mline ", i, "\r\n");
  const pid_t writer = FifoWriter(path, data, 1000);
  std::ostringstream out, err;
  EXPECT_EQ(RunDecode({"--size", "20x3", path}, out, err), 0) << err.str();
  EXPECT_EQ(out.str(), "line 19998\nline 19999\n");
  ::waitpid(writer, nullptr, 0);
  ::unlink(path.c_str());
}

// Chunks are whole kInputChunkBytes even when the writer writes less at a time; the last one is
// what is left.
TEST(DecodeStreamTest, ReaderFillsEachChunk) {
  const std::string path = TempPath("fifo_chunks");
  ::unlink(path.c_str());
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  const std::string data(2 * kInputChunkBytes + 10, 'x');
  const pid_t writer = FifoWriter(path, data, 777);
  absl::StatusOr<std::unique_ptr<InputReader>> reader = InputReader::Open(path);
  ASSERT_TRUE(reader.ok()) << reader.status();
  EXPECT_FALSE((*reader)->regular_file_size().has_value());
  std::vector<size_t> sizes;
  absl::Status s = (*reader)->Stream([&](absl::string_view chunk) {
    sizes.push_back(chunk.size());
    return true;
  });
  EXPECT_TRUE(s.ok()) << s;
  EXPECT_THAT(sizes, ::testing::ElementsAre(kInputChunkBytes, kInputChunkBytes, 10));
  EXPECT_EQ((*reader)->offset(), data.size());
  ::waitpid(writer, nullptr, 0);
  ::unlink(path.c_str());
}

TEST(DecodeStreamTest, ReadErrorNamesTheInput) {
  const std::string dir = TempPath("dir");
  ::mkdir(dir.c_str(), 0700);
  std::ostringstream out, err;
  EXPECT_EQ(RunDecode({dir}, out, err), 2);
  EXPECT_EQ(err.str(), absl::StrCat("vtsnap decode: ", dir, ": Is a directory\n"));
  EXPECT_EQ(out.str(), "");
  ::rmdir(dir.c_str());
}

// The real binary, in a child whose address space is bounded below what holding its input would
// need, decodes more than 200 MB (and more than the 128 MiB golden limit) fed through a pipe.
TEST(DecodeStreamTest, MemoryDoesNotGrowWithTheInput) {
#ifdef VTSNAP_TEST_ASAN
  GTEST_SKIP() << "AddressSanitizer reserves huge address space: RLIMIT_AS cannot bound it";
#else
  constexpr size_t kInputBytes = (size_t{200} << 20) + 7;  // 209715207: 7 more than 20 * n
  constexpr rlim_t kAddressSpace = rlim_t{64} << 20;  // the binary runs in 40 MiB (RelWithDebInfo)
  int in[2];
  int out[2];
  ASSERT_EQ(::pipe(in), 0);
  ASSERT_EQ(::pipe(out), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::dup2(in[0], STDIN_FILENO);
    ::dup2(out[1], STDOUT_FILENO);
    for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
    const struct rlimit bound = {kAddressSpace, kAddressSpace};
    if (::setrlimit(RLIMIT_AS, &bound) != 0) ::_exit(126);
    ::execl(VTSNAP_CLI_BINARY, "vtsnap", "decode", "--size", "20x3", "-", nullptr);
    ::_exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  // The child may die before reading everything: a write then fails instead of killing us.
  struct sigaction ignore = {};
  struct sigaction old = {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &old);
  const std::string block(kInputChunkBytes, 'x');
  size_t written = 0;
  while (written < kInputBytes) {
    const size_t n = std::min(block.size(), kInputBytes - written);
    const ssize_t w = ::write(in[1], block.data(), n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) break;
    written += static_cast<size_t>(w);
  }
  const bool all_written = written == kInputBytes && ::write(in[1], "|", 1) == 1;
  ::close(in[1]);
  std::string output;
  char buffer[4096];
  for (ssize_t n; (n = ::read(out[0], buffer, sizeof buffer)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    output.append(buffer, static_cast<size_t>(n));
  }
  ::close(out[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  ::sigaction(SIGPIPE, &old, nullptr);
  EXPECT_TRUE(all_written) << "wrote " << written << " bytes";
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0);
  // 20-column rows: the last holds the 7 bytes past a multiple of 20, then the '|'.
  EXPECT_EQ(output, absl::StrCat(std::string(20, 'x'), "\n", std::string(20, 'x'), "\n",
                                 std::string(7, 'x'), "|\n"));
#endif
}

}  // namespace
}  // namespace vtsnap::tools
