// RunBenchmarks (bench/bench_main.h): Google Benchmark's runner with errors as the exit status.
#include "bench/bench_main.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace vtsnap::bench {
namespace {

// Forwards everything to the reporter Google Benchmark would have used and remembers which runs
// reported an error.
class ErrorCountingReporter : public benchmark::BenchmarkReporter {
 public:
  explicit ErrorCountingReporter(benchmark::BenchmarkReporter* display) : display_(display) {}

  bool ReportContext(const Context& context) override { return display_->ReportContext(context); }

  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred) {
        failures_.push_back(run.benchmark_name() + ": " + run.error_message);
      }
    }
    display_->ReportRuns(runs);
  }

  void Finalize() override { display_->Finalize(); }

  const std::vector<std::string>& failures() const { return failures_; }

 private:
  benchmark::BenchmarkReporter* display_;
  std::vector<std::string> failures_;
};

void InjectedError(benchmark::State& state) {
  for (auto _ : state) {
    state.SkipWithError("injected by VTSNAP_BENCH_INJECT_ERROR");
    break;
  }
}

}  // namespace

void InitBenchmarks(int* argc, char** argv) {
  benchmark::Initialize(argc, argv);
  if (benchmark::ReportUnrecognizedArguments(*argc, argv)) std::exit(2);
  const char* inject = std::getenv("VTSNAP_BENCH_INJECT_ERROR");
  if (inject != nullptr && *inject != '\0') {
    benchmark::RegisterBenchmark("BM_InjectedError", &InjectedError)->Iterations(1);
  }
}

int RunBenchmarks() {
  std::unique_ptr<benchmark::BenchmarkReporter> display(benchmark::CreateDefaultDisplayReporter());
  ErrorCountingReporter reporter(display.get());
  const size_t ran = benchmark::RunSpecifiedBenchmarks(&reporter);
  const std::string filter = benchmark::GetBenchmarkFilter();
  benchmark::Shutdown();
  if (ran == 0) {
    std::fprintf(stderr, "no benchmark matched --benchmark_filter=%s\n", filter.c_str());
    return 1;
  }
  if (!reporter.failures().empty()) {
    std::fprintf(stderr, "%zu benchmark run(s) failed:\n", reporter.failures().size());
    for (const std::string& f : reporter.failures()) std::fprintf(stderr, "  %s\n", f.c_str());
    return 1;
  }
  return 0;
}

}  // namespace vtsnap::bench
