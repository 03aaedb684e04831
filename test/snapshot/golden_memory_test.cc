// golden::Parse's memory, bounded by a multiple of the dump's size: the parse runs in a forked
// child whose address space is limited (setrlimit RLIMIT_AS) to what it had plus that multiple,
// so an allocation past the bound fails there and the child does not exit 0. Not timed. Skipped
// under AddressSanitizer, which reserves terabytes of address space up front.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "test/sanitizer.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {
namespace {

// A valid golden of `rows` rows of 200 columns: ASCII text, ten styles used in turn.
// (maybe_unused, as ParseInBoundedChild: the sanitizer build skips both tests that use them.)
[[maybe_unused]] std::string LargeGolden(int rows) {
  constexpr int kCols = 200;
  std::string text =
      absl::StrCat(golden::kHeader, "\nframe ", kCols, " ", rows, "\ncursor hidden\nstyles 10\n");
  for (int i = 0; i < 10; ++i) {
    absl::StrAppend(&text, i, " fg @", i, " bg default attrs ", i % 2 == 0 ? "-" : "bold", "\n");
  }
  text += "grid\n";
  for (int r = 0; r < rows; ++r) {
    text += '|';
    for (int c = 0; c < kCols; ++c) text += static_cast<char>('a' + (r + c) % 26);
    text += "|\n";
  }
  text += "stylemap\n";
  for (int r = 0; r < rows; ++r) {
    text += '|';
    for (int c = 0; c < kCols; ++c) text += static_cast<char>('0' + (r + c / 7) % 10);
    text += "|\n";
  }
  text += "end\n";
  return text;
}

// The process's address space in bytes (/proc/self/statm, first field, in pages).
int64_t AddressSpaceBytes() {
  std::FILE* statm = std::fopen("/proc/self/statm", "r");
  if (statm == nullptr) return -1;
  long pages = -1;
  if (std::fscanf(statm, "%ld", &pages) != 1) pages = -1;
  std::fclose(statm);
  return pages < 0 ? -1 : static_cast<int64_t>(pages) * ::sysconf(_SC_PAGESIZE);
}

// The exit status of parsing `text` in a child allowed `extra` more bytes of address space
// than it starts with: 0 parsed, 1 a parse error, anything else (2: an allocation failed; 128 +
// N: killed by signal N) the bound was broken.
[[maybe_unused]] int ParseInBoundedChild(const std::string& text, int64_t extra) {
  const pid_t child = ::fork();
  if (child == 0) {
    const int64_t now = AddressSpaceBytes();
    if (now < 0) ::_exit(3);
    const rlim_t limit = static_cast<rlim_t>(now + extra);
    const struct rlimit bound = {limit, limit};
    if (::setrlimit(RLIMIT_AS, &bound) != 0) ::_exit(4);
    // An allocation past the bound throws std::bad_alloc; gtest would catch it in this child and
    // go on running the other tests here, so it ends the child at once.
    try {
      const absl::StatusOr<Frame> frame = golden::Parse(text);
      ::_exit(frame.ok() ? 0 : 1);
    } catch (...) {
      ::_exit(2);
    }
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + WTERMSIG(status);
}

// docs/performance.md ("Parsing a golden"): a parsed frame costs 72 bytes a cell, and a cell costs
// a dump at least two bytes (its grid and stylemap characters), so a parse needs up to ~40 times
// the dump. The bound allows 44 times plus 8 MiB of allocator slack; a vector grown by doubling,
// as the parser did before, needed up to ~60 times.
constexpr int64_t kParseMemoryMultiple = 44;
constexpr int64_t kSlackBytes = int64_t{8} << 20;

TEST(GoldenParseMemory, StaysWithinAMultipleOfTheDumpSize) {
#ifdef VTSNAP_TEST_ASAN
  GTEST_SKIP() << "AddressSanitizer reserves huge address space: RLIMIT_AS cannot bound it";
#else
  const std::string text = LargeGolden(20000);  // 8 MB
  ASSERT_TRUE(golden::Parse(text).ok());
  EXPECT_EQ(ParseInBoundedChild(
                text, kParseMemoryMultiple * static_cast<int64_t>(text.size()) + kSlackBytes),
            0)
      << "parsing a " << text.size() << "-byte golden needed more than " << kParseMemoryMultiple
      << " times its size";
#endif
}

// The check itself can fail: the same parse under a bound far below the frame's size does not
// complete.
TEST(GoldenParseMemory, TheBoundIsEnforced) {
#ifdef VTSNAP_TEST_ASAN
  GTEST_SKIP() << "AddressSanitizer reserves huge address space: RLIMIT_AS cannot bound it";
#else
  const std::string text = LargeGolden(20000);
  EXPECT_NE(ParseInBoundedChild(text, static_cast<int64_t>(text.size())), 0);
#endif
}

}  // namespace
}  // namespace vtsnap
