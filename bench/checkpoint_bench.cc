// bench_checkpoint: what a PTY checkpoint costs, with idle detection (PtyOptions::detect_idle,
// docs/pty.md "Idle detection") and with the quiet window alone (the behaviour before it).
//
// Each iteration starts a real program at 80x24, waits for its first screen to settle, types a key
// and waits for the screen to settle again: the two waits a checkpoint after a key costs
// (`vtsnap run --keys K --expect G`, or WaitForQuiet before EqualsGolden). The quiet period is
// 200 ms, vtsnap run's default. Counters, in milliseconds a iteration:
//   start_ms    from Start to the first settled screen
//   keys_ms     from typing the key to the settled answer
//   draw_ms     from typing the key to the answer's text on the screen (the program's own work,
//               measured in a separate pass with WaitForText, so it adds nothing to keys_ms)
//   overhead_ms keys_ms - draw_ms: what settling adds beyond the program's drawing
//
//   bench_checkpoint --benchmark_filter=less/idle
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "bench/bench_main.h"
#include "benchmark/benchmark.h"
#include "vtsnap/pty/pty_session.h"

namespace vtsnap::bench {
namespace {

constexpr absl::Duration kQuiet = absl::Milliseconds(200);

struct Program {
  std::string name;
  std::vector<std::string> argv;
  std::string keys;
  std::string answer;  // text the answer to `keys` shows; empty: no draw_ms
};

// A 200-line file ("line 1" .. "line 200") in the temporary folder, written once.
const std::string& LinesFile() {
  static const std::string* const path = [] {
    const char* tmp = std::getenv("TMPDIR");
    auto* p = new std::string(absl::StrCat(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp",
                                           "/vtsnap_bench_lines_", getpid(), ".txt"));
    FILE* f = std::fopen(p->c_str(), "w");
    for (int i = 1; f != nullptr && i <= 200; ++i) std::fprintf(f, "line %d\n", i);
    if (f != nullptr) std::fclose(f);
    return p;
  }();
  return *path;
}

std::vector<Program> Programs() {
  return {
      {"less", {"less", LinesFile()}, "G", "line 200"},
      {"vim", {"vim.tiny", "-u", "NONE", "-i", "NONE", "-N", "-n", LinesFile()}, "G", "line 200"},
      {"dialog",
       {"dialog", "--menu", "Pick one", "12", "40", "4", "a", "apple", "b", "banana", "c",
        "cherry"},
       "down",
       ""},
#ifdef VTSNAP_MENU_APP
      {"menu_app", {VTSNAP_MENU_APP, "--interactive"}, "j", " 2/5  Bread"},
#endif
  };
}

bool Ok(benchmark::State& state, const absl::Status& s, const char* what) {
  if (s.ok()) return true;
  state.SkipWithError(absl::StrCat(what, ": ", s.ToString()).c_str());
  return false;
}

void BM_Checkpoint(benchmark::State& state, const Program& program, bool detect_idle) {
  PtyOptions options;
  options.detect_idle = detect_idle;
  absl::Duration start_total, keys_total, draw_total;
  int64_t draws = 0;
  for (auto _ : state) {
    {
      PtySession session(options);
      const absl::Time t0 = absl::Now();
      if (!Ok(state, session.Start(program.argv), "start")) return;
      if (!Ok(state, session.WaitForQuiet(kQuiet), "first screen")) return;
      const absl::Time t1 = absl::Now();
      if (!Ok(state, session.SendKeys(program.keys), "keys")) return;
      if (!Ok(state, session.WaitForQuiet(kQuiet), "answer")) return;
      const absl::Time t2 = absl::Now();
      start_total += t1 - t0;
      keys_total += t2 - t1;
    }
    if (program.answer.empty()) continue;
    state.PauseTiming();
    {
      // The program's own time to answer: typed as soon as its first screen is there.
      PtySession session(options);
      if (!Ok(state, session.Start(program.argv), "start")) return;
      if (!Ok(state, session.WaitForQuiet(kQuiet), "first screen")) return;
      const absl::Time t1 = absl::Now();
      if (!Ok(state, session.SendKeys(program.keys), "keys")) return;
      if (!Ok(state, session.WaitForText(program.answer), "answer text")) return;
      draw_total += absl::Now() - t1;
      ++draws;
    }
    state.ResumeTiming();
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["start_ms"] = absl::ToDoubleMilliseconds(start_total) / n;
  state.counters["keys_ms"] = absl::ToDoubleMilliseconds(keys_total) / n;
  if (draws > 0) {
    const double draw = absl::ToDoubleMilliseconds(draw_total) / static_cast<double>(draws);
    state.counters["draw_ms"] = draw;
    state.counters["overhead_ms"] = absl::ToDoubleMilliseconds(keys_total) / n - draw;
  }
}

// Whether `name` can be run: a path, or a name in the usual folders.
bool Found(const std::string& name) {
  if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0;
  for (const char* dir : {"/usr/local/bin", "/usr/bin", "/bin"}) {
    if (access(absl::StrCat(dir, "/", name).c_str(), X_OK) == 0) return true;
  }
  return false;
}

// Iterations a benchmark: 20 with idle detection, 5 without (each waits out 400 ms of quiet);
// VTSNAP_BENCH_CHECKPOINT_ITERATIONS sets both (the smoke test runs 1).
int Iterations(bool idle) {
  const char* v = std::getenv("VTSNAP_BENCH_CHECKPOINT_ITERATIONS");
  if (v != nullptr && std::atoi(v) > 0) return std::atoi(v);
  return idle ? 20 : 5;
}

void Register() {
  for (const Program& p : Programs()) {
    if (!Found(p.argv[0])) {
      std::fprintf(stderr, "bench_checkpoint: %s is not installed; skipped\n", p.argv[0].c_str());
      continue;
    }
    for (const bool idle : {true, false}) {
      benchmark::RegisterBenchmark(
          absl::StrCat("BM_Checkpoint/", p.name, idle ? "/idle" : "/quiet").c_str(),
          [p, idle](benchmark::State& state) { BM_Checkpoint(state, p, idle); })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime()
          ->Iterations(Iterations(idle));
    }
  }
}

}  // namespace
}  // namespace vtsnap::bench

int main(int argc, char** argv) {
  vtsnap::bench::InitBenchmarks(&argc, argv);
  vtsnap::bench::Register();
  return vtsnap::bench::RunBenchmarks();
}
