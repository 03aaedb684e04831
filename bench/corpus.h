// The benchmark corpora: deterministic byte streams that look like what real programs write to a
// terminal, and the one table (kCorpora) every benchmark program reads them from.
//
// Each generator appends whole units (a log line, a styled line, a TUI frame, a scroll step) from
// a fixed-seed std::mt19937_64 until the stream holds at least the requested number of bytes, so a
// stream of N bytes is a prefix of whole units of every longer one from the same generator, and
// the bytes are the same on every machine and standard library (ranges are mapped with rng() % n,
// never with std::uniform_*_distribution).
//
//   for (const vtsnap::bench::BenchCase& c : vtsnap::bench::AllCases()) {
//     const std::string bytes = c.corpus->generate(24 << 20, c.corpus->sizes[0]);
//     vtsnap::VirtualTerminal vt({.cols = c.size.cols, .rows = c.size.rows});
//     vt.Write(bytes);
//   }
#ifndef VTSNAP_BENCH_CORPUS_H_
#define VTSNAP_BENCH_CORPUS_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/size.h"

namespace vtsnap::bench {

// The default corpus size: 24 MiB.
inline constexpr size_t kDefaultCorpusBytes = size_t{24} << 20;

// The chunk size every decoder is fed with: 64 KiB, as a program's writes arrive from a PTY.
inline constexpr size_t kChunkBytes = size_t{64} << 10;

// Generators. `target_bytes` is a lower bound (the last unit is kept whole); `size` is the
// terminal the stream is written for (only the TUI and scroll corpora use it).
std::string GenerateAsciiLog(size_t target_bytes, TerminalSize size);
std::string GenerateSgr(size_t target_bytes, TerminalSize size);
std::string GenerateTui(size_t target_bytes, TerminalSize size);
std::string GenerateUnicode(size_t target_bytes, TerminalSize size);
std::string GenerateScroll(size_t target_bytes, TerminalSize size);

// One full-screen TUI frame that paints every cell of a `size` screen with styles (a reverse
// title bar, a bordered table in colours, a status bar), wrapped in synchronized-output mode.
// `variant` changes the table's contents; the frame uses at most 40 distinct styles, so its
// capture fits a ckvision-golden 1 dump. The TUI corpus is made of such frames and partial
// updates of them.
std::string TuiFullFrame(TerminalSize size, uint64_t variant);

struct Corpus {
  // File stem and benchmark name: "ascii_log", "tui_80x24".
  const char* name;
  // What the stream imitates, for the README and --help.
  const char* description;
  std::string (*generate)(size_t target_bytes, TerminalSize size);
  // The sizes it is decoded at; a TUI or scroll corpus is generated for sizes[0].
  int size_count;
  TerminalSize sizes[2];

  std::span<const TerminalSize> decode_sizes() const { return {sizes, sizes + size_count}; }
  // The corpus as `target_bytes` bytes (at least) of whole units.
  std::string Generate(size_t target_bytes) const { return generate(target_bytes, sizes[0]); }
};

inline constexpr TerminalSize kSmall = {.cols = 80, .rows = 24};
inline constexpr TerminalSize kLarge = {.cols = 200, .rows = 60};

// Every corpus, in the order the programs report them.
inline constexpr Corpus kCorpora[] = {
    {"ascii_log",
     "plain ASCII log lines, 20-180 columns, CRLF line ends",
     &GenerateAsciiLog,
     2,
     {kSmall, kLarge}},
    {"sgr",
     "ls --color / compiler output: 16, 256 and 24-bit colours, attribute toggles",
     &GenerateSgr,
     2,
     {kSmall, kLarge}},
    {"tui_80x24",
     "full-screen TUI frames (synchronized output, CUP, EL, ED, box drawing)",
     &GenerateTui,
     1,
     {kSmall}},
    {"tui_200x60",
     "full-screen TUI frames (synchronized output, CUP, EL, ED, box drawing)",
     &GenerateTui,
     1,
     {kLarge}},
    {"unicode",
     "CJK, combining marks, emoji with VS16 and ZWJ, flags, mixed with ASCII",
     &GenerateUnicode,
     2,
     {kSmall, kLarge}},
    {"scroll_80x24",
     "scroll regions: DECSTBM, LF at the bottom margin, IL, DL, RI",
     &GenerateScroll,
     1,
     {kSmall}},
    {"scroll_200x60",
     "scroll regions: DECSTBM, LF at the bottom margin, IL, DL, RI",
     &GenerateScroll,
     1,
     {kLarge}},
};

// The corpus named `name`, or nullptr.
const Corpus* FindCorpus(absl::string_view name);

// One measurement: a corpus decoded at one of its sizes.
struct BenchCase {
  const Corpus* corpus;
  TerminalSize size;
  // "ascii_log/80x24"
  std::string Label() const;
};

// Every (corpus, size) pair of kCorpora, in table order.
std::vector<BenchCase> AllCases();

// The corpus size the Google Benchmark programs use: $VTSNAP_BENCH_BYTES when set (a positive
// decimal), else kDefaultCorpusBytes. An error names the bad value.
absl::StatusOr<size_t> CorpusBytesFromEnvironment();

// The final-screen hash the peer comparison prints: the first 8 hex digits of the FNV-1a 64 hash
// of the screen text (each row's graphemes left to right, the right half of a wide character
// skipped, trailing spaces trimmed, rows joined by "\n", trailing empty rows dropped).
std::string ScreenHash(absl::string_view screen_text);

}  // namespace vtsnap::bench

#endif  // VTSNAP_BENCH_CORPUS_H_
