// The shared entry point of the Google Benchmark programs in bench/: runs the registered
// benchmarks and turns every error into a non-zero exit status.
//
// Google Benchmark 1.7.1 reports a benchmark that called state.SkipWithError() and still exits
// 0, so the smoke tests (`ctest -L bench-smoke`) could not fail. RunBenchmarks wraps the display
// reporter --benchmark_format asks for, counts the runs that reported an error, and fails when
// any did or when no benchmark matched --benchmark_filter.
//
//   int main(int argc, char** argv) {
//     vtsnap::bench::InitBenchmarks(&argc, argv);  // exits 2 on an unknown flag
//     return vtsnap::bench::RunBenchmarks();       // 0, or 1 after printing what failed
//   }
#ifndef VTSNAP_BENCH_BENCH_MAIN_H_
#define VTSNAP_BENCH_BENCH_MAIN_H_

namespace vtsnap::bench {

// benchmark::Initialize, then exits with status 2 when an argument is left that neither
// Google Benchmark nor an earlier parser (InitGoogleTest) took. With VTSNAP_BENCH_INJECT_ERROR
// set in the environment it also registers "BM_InjectedError", which always fails: the smoke
// test that proves a failing benchmark fails the program.
void InitBenchmarks(int* argc, char** argv);

// Runs the benchmarks --benchmark_filter selects and calls benchmark::Shutdown. Returns 0 when at
// least one ran and none reported an error, else 1 (after printing a summary to stderr).
int RunBenchmarks();

}  // namespace vtsnap::bench

#endif  // VTSNAP_BENCH_BENCH_MAIN_H_
