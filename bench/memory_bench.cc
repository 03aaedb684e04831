// bench_memory: the resident memory of a 200x60 terminal whose 10000-line scrollback is full of
// full-width coloured lines, and the size of one screen cell (the targets: a cell of at
// most 16 bytes, the whole process under 40 MB RSS).
//
// A process of its own, so no other benchmark's corpus or terminal inflates the resident set.
// Counters (MB = 10^6 bytes): rss_MB (the process after filling, terminal alive), rss_before_MB,
// rss_growth_MB, peak_rss_MB (VmHWM), cell_bytes (sizeof(vtsnap::ScreenCell)), scrollback_lines.
#include <benchmark/benchmark.h>

#include <fstream>
#include <memory>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "bench/bench_main.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"

namespace vtsnap::bench {
namespace {

// A field of /proc/self/status in bytes ("VmRSS", "VmHWM"), or -1.
double ProcStatusBytes(absl::string_view field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    absl::string_view rest = line;
    if (!absl::ConsumePrefix(&rest, field) || !absl::ConsumePrefix(&rest, ":")) continue;
    rest = absl::StripAsciiWhitespace(rest);
    if (!absl::ConsumeSuffix(&rest, "kB")) return -1;
    int64_t kib = 0;
    if (!absl::SimpleAtoi(absl::StripAsciiWhitespace(rest), &kib)) return -1;
    return static_cast<double>(kib) * 1024;
  }
  return -1;
}

// A full-width line of `cols` columns: 256-colour runs of 6 cells, every third run bold, so the
// cells carry a few hundred distinct pens as coloured output does.
void ColouredLine(int cols, int seed, std::string& line) {
  line.clear();
  for (int col = 0; col < cols; col += 6) {
    absl::StrAppend(&line, "\x1b[", (col / 6) % 3 == 0 ? "1;" : "22;", "38;5;",
                    (seed * 7 + col) % 256, "m");
    for (int i = col; i < col + 6 && i < cols; ++i) {
      line.push_back(static_cast<char>('A' + (seed + i) % 58));
    }
  }
  line += "\x1b[m\r\n";
}

void BM_Memory(benchmark::State& state) {
  constexpr int kCols = 200;
  constexpr int kRows = 60;
  constexpr int kScrollback = 10000;
  const double before = ProcStatusBytes("VmRSS");
  double after = -1;
  int scrollback = 0;
  for (auto _ : state) {
    auto vt = std::make_unique<VirtualTerminal>(
        TerminalOptions{.cols = kCols, .rows = kRows, .scrollback_limit = kScrollback});
    std::string line;
    for (int i = 0; i < kScrollback + kRows + 100; ++i) {
      ColouredLine(kCols, i, line);
      vt->Write(line);
    }
    after = ProcStatusBytes("VmRSS");
    scrollback = vt->terminal().scrollback_size();
  }
  if (before < 0 || after < 0) {
    state.SkipWithError("cannot read VmRSS from /proc/self/status");
    return;
  }
  if (scrollback != kScrollback) {
    state.SkipWithError(
        absl::StrCat("the scrollback holds ", scrollback, " lines, not ", kScrollback).c_str());
    return;
  }
  state.counters["rss_MB"] = after / 1e6;
  state.counters["rss_before_MB"] = before / 1e6;
  state.counters["rss_growth_MB"] = (after - before) / 1e6;
  state.counters["peak_rss_MB"] = ProcStatusBytes("VmHWM") / 1e6;
  state.counters["cell_bytes"] = static_cast<double>(sizeof(ScreenCell));
  state.counters["scrollback_lines"] = scrollback;
}

}  // namespace
}  // namespace vtsnap::bench

int main(int argc, char** argv) {
  vtsnap::bench::InitBenchmarks(&argc, argv);
  benchmark::RegisterBenchmark("BM_Memory/200x60/scrollback:10000", &vtsnap::bench::BM_Memory)
      ->Iterations(1)
      ->Unit(benchmark::kMillisecond);
  return vtsnap::bench::RunBenchmarks();
}
