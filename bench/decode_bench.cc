// bench_decode: decoding speed of vtsnap::VirtualTerminal on every corpus of bench/corpus.h at
// each of its sizes, and the cost of scrolling one line at the bottom of a full screen.
//
// Each decode iteration feeds the whole corpus, in 64 KiB chunks, to a fresh terminal (made and
// destroyed outside the timed region); bytes/s is the corpus bytes over the time. Corpora are
// generated on first use, $VTSNAP_BENCH_BYTES bytes each (default 24 MiB).
//
//   build/bin/bench_decode --benchmark_filter=BM_Decode/ascii_log
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "bench/bench_main.h"
#include "bench/corpus.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"

namespace vtsnap::bench {
namespace {

size_t g_corpus_bytes = kDefaultCorpusBytes;

// The corpus's bytes, generated once per process (outside any timed region).
const std::string& CorpusBytes(const Corpus& corpus) {
  static auto* cache = new std::map<std::string, std::string>;
  auto it = cache->find(corpus.name);
  if (it == cache->end()) it = cache->emplace(corpus.name, corpus.Generate(g_corpus_bytes)).first;
  return it->second;
}

void Feed(VirtualTerminal& vt, absl::string_view bytes) {
  for (size_t at = 0; at < bytes.size(); at += kChunkBytes) vt.Write(bytes.substr(at, kChunkBytes));
}

void BM_Decode(benchmark::State& state, const Corpus* corpus, TerminalSize size) {
  const std::string& bytes = CorpusBytes(*corpus);
  std::unique_ptr<VirtualTerminal> vt;
  for (auto _ : state) {
    state.PauseTiming();
    vt.reset();
    vt = std::make_unique<VirtualTerminal>(TerminalOptions{.cols = size.cols, .rows = size.rows});
    state.ResumeTiming();
    Feed(*vt, bytes);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(bytes.size()));
  state.counters["corpus_bytes"] = static_cast<double>(bytes.size());
  if (vt != nullptr && vt->ScreenText().empty()) {
    state.SkipWithError(absl::StrCat("the screen is empty after decoding ", corpus->name).c_str());
  }
}

// A full-width line of `cols` columns in 256-colour runs, as `ls --color` or a log viewer paints.
std::string ColouredLine(int cols, int seed) {
  std::string line;
  for (int col = 0; col < cols; col += 8) {
    absl::StrAppend(&line, "\x1b[38;5;", (seed + col) % 256, "m");
    for (int i = col; i < col + 8 && i < cols; ++i) line.push_back(static_cast<char>('a' + i % 26));
  }
  line += "\x1b[m";
  return line;
}

// One LF at the bottom of a full screen, with a full scrollback (the default 1000 lines): what
// every line of a scrolling log costs beyond printing it. The time per line should not grow with
// the number of rows.
void BM_ScrollOneLine(benchmark::State& state) {
  const int cols = static_cast<int>(state.range(0));
  const int rows = static_cast<int>(state.range(1));
  constexpr int kScrollback = 1000;
  VirtualTerminal vt({.cols = cols, .rows = rows, .scrollback_limit = kScrollback});
  for (int i = 0; i < rows + kScrollback; ++i)
    vt.Write(absl::StrCat(ColouredLine(cols, i), "\r\n"));
  vt.Write(ColouredLine(cols, 7));  // the cursor stays on the bottom row
  constexpr int kLinesPerIteration = 1000;
  const std::string lfs(kLinesPerIteration, '\n');
  for (auto _ : state) vt.Write(lfs);
  const double lines = static_cast<double>(state.iterations()) * kLinesPerIteration;
  state.SetItemsProcessed(static_cast<int64_t>(lines));
  state.counters["time_per_line"] =
      benchmark::Counter(lines, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  if (vt.terminal().scrollback_size() != kScrollback || vt.cursor().row != rows - 1) {
    state.SkipWithError(absl::StrCat("after scrolling: scrollback ",
                                     vt.terminal().scrollback_size(), " lines (want ", kScrollback,
                                     "), cursor row ", vt.cursor().row)
                            .c_str());
  }
}

void Register() {
  for (const BenchCase& c : AllCases()) {
    benchmark::RegisterBenchmark(absl::StrCat("BM_Decode/", c.Label()).c_str(), &BM_Decode,
                                 c.corpus, c.size)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  benchmark::RegisterBenchmark("BM_ScrollOneLine", &BM_ScrollOneLine)
      ->ArgNames({"cols", "rows"})
      ->Args({80, 24})
      ->Args({200, 24})
      ->Args({200, 60})
      ->Unit(benchmark::kMicrosecond);
}

}  // namespace
}  // namespace vtsnap::bench

int main(int argc, char** argv) {
  vtsnap::bench::InitBenchmarks(&argc, argv);
  absl::StatusOr<size_t> bytes = vtsnap::bench::CorpusBytesFromEnvironment();
  if (!bytes.ok()) {
    std::fprintf(stderr, "bench_decode: %s\n", std::string(bytes.status().message()).c_str());
    return 2;
  }
  vtsnap::bench::g_corpus_bytes = *bytes;
  vtsnap::bench::Register();
  return vtsnap::bench::RunBenchmarks();
}
