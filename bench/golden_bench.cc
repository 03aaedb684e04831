// bench_golden: what a golden assertion costs, step by step and whole, at 80x24 and 200x60, beside
// the cost of decoding one full-screen redraw of the same size (the target: EqualsGolden on
// a 200x60 frame costs no more than decoding one full-screen 200x60 redraw).
//
// The screen is a decoded TUI frame (bench/corpus.h TuiFullFrame: every cell painted, styled).
//   BM_Capture          CaptureFrame of the terminal
//   BM_Serialize        golden::Serialize of the captured frame
//   BM_Parse            golden::Parse of its dump
//   BM_CompareFrames    parsed frame == captured frame (what the matcher does when they agree)
//   BM_SerializeScreen  the dump EqualsGolden compares, written straight from the cells
//   BM_EqualsGolden     the whole matcher: dump the screen, read the golden file, compare (the
//                       golden is parsed only when the bytes differ, never here)
//   BM_DecodeFullRedraw one frame repainting every cell, written to the same terminal again
//   BM_EqualsGolden1000 1000 distinct goldens, each checked once: time for the whole 1000
//
// EqualsGolden finds its folder from the running gtest test, so the benchmarks run inside one
// test (GoldenBench.Run) with gtest's own printer silenced; the goldens live in a temporary
// directory (GoldenOptions::root) removed at the end.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "bench/bench_main.h"
#include "bench/corpus.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/matchers/golden.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/screen_dump.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/snapshot/screen/capture.h"

namespace vtsnap::bench {
namespace {

std::string g_root;  // the temporary golden root

std::unique_ptr<VirtualTerminal> DecodedScreen(TerminalSize size) {
  auto vt =
      std::make_unique<VirtualTerminal>(TerminalOptions{.cols = size.cols, .rows = size.rows});
  vt->Write(TuiFullFrame(size, 0));
  return vt;
}

// The folder EqualsGolden reads `root`'s goldens from for the running test.
std::string GoldenFolder() {
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  return GoldenFolderFor(test->file(), g_root).read;
}

absl::Status WriteGolden(const std::string& name, const std::string& dump) {
  const std::filesystem::path path = std::filesystem::path(GoldenFolder()) / (name + ".dump");
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << dump;
  out.close();
  if (!out) return absl::InternalError(absl::StrCat("cannot write ", path.string()));
  return absl::OkStatus();
}

void BM_Capture(benchmark::State& state, TerminalSize size) {
  const std::unique_ptr<VirtualTerminal> vt = DecodedScreen(size);
  for (auto _ : state) {
    Frame frame = CaptureFrame(*vt).value();
    benchmark::DoNotOptimize(frame);
  }
}

void BM_Serialize(benchmark::State& state, TerminalSize size) {
  const Frame frame = CaptureFrame(*DecodedScreen(size)).value();
  for (auto _ : state) {
    absl::StatusOr<std::string> dump = golden::Serialize(frame);
    if (!dump.ok()) {
      state.SkipWithError(std::string(dump.status().message()).c_str());
      break;
    }
    benchmark::DoNotOptimize(dump);
  }
}

// The dump EqualsGolden makes: written straight from the terminal's cells (no Frame).
void BM_SerializeScreen(benchmark::State& state, TerminalSize size) {
  const std::unique_ptr<VirtualTerminal> vt = DecodedScreen(size);
  for (auto _ : state) {
    absl::StatusOr<std::string> dump = SerializeScreen(vt->terminal());
    if (!dump.ok()) {
      state.SkipWithError(std::string(dump.status().message()).c_str());
      break;
    }
    benchmark::DoNotOptimize(dump);
  }
}

void BM_Parse(benchmark::State& state, TerminalSize size) {
  absl::StatusOr<std::string> dump = golden::Serialize(CaptureFrame(*DecodedScreen(size)).value());
  if (!dump.ok()) {
    state.SkipWithError(std::string(dump.status().message()).c_str());
    return;
  }
  for (auto _ : state) {
    absl::StatusOr<Frame> frame = golden::Parse(*dump);
    if (!frame.ok()) {
      state.SkipWithError(std::string(frame.status().message()).c_str());
      break;
    }
    benchmark::DoNotOptimize(frame);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * dump->size()));
}

void BM_CompareFrames(benchmark::State& state, TerminalSize size) {
  const Frame actual = CaptureFrame(*DecodedScreen(size)).value();
  absl::StatusOr<std::string> dump = golden::Serialize(actual);
  absl::StatusOr<Frame> expected =
      dump.ok() ? golden::Parse(*dump) : absl::StatusOr<Frame>(dump.status());
  if (!expected.ok()) {
    state.SkipWithError(std::string(expected.status().message()).c_str());
    return;
  }
  for (auto _ : state) {
    const bool same = *expected == actual;
    if (!same) {
      state.SkipWithError("the parsed golden differs from the captured frame");
      break;
    }
  }
}

// One EqualsGolden assertion as EXPECT_THAT makes it: the matcher built, the screen captured,
// the golden read and compared. A failure is the benchmark's error, with the matcher's words.
bool CheckGolden(benchmark::State& state, const VirtualTerminal& vt, const std::string& name) {
  ::testing::StringMatchResultListener listener;
  if (::testing::ExplainMatchResult(EqualsGolden(name, {.root = g_root}), vt, &listener)) {
    return true;
  }
  state.SkipWithError(absl::StrCat("EqualsGolden(\"", name, "\"): ", listener.str()).c_str());
  return false;
}

void BM_EqualsGolden(benchmark::State& state, TerminalSize size) {
  const std::unique_ptr<VirtualTerminal> vt = DecodedScreen(size);
  const std::string name = absl::StrCat("screen_", FormatSize(size));
  absl::StatusOr<std::string> dump = golden::Serialize(CaptureFrame(*vt).value());
  absl::Status written = dump.ok() ? WriteGolden(name, *dump) : dump.status();
  if (!written.ok()) {
    state.SkipWithError(std::string(written.message()).c_str());
    return;
  }
  for (auto _ : state) {
    if (!CheckGolden(state, *vt, name)) break;
  }
}

void BM_DecodeFullRedraw(benchmark::State& state, TerminalSize size) {
  VirtualTerminal vt({.cols = size.cols, .rows = size.rows});
  const std::string frame = TuiFullFrame(size, 0);
  vt.Write(frame);
  for (auto _ : state) vt.Write(frame);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * frame.size()));
  state.counters["frame_bytes"] = static_cast<double>(frame.size());
}

constexpr int kAssertions = 1000;

// Moves a marker into the title bar, so screen `i` of the 1000 differs from every other.
std::string Marker(int i) { return absl::StrFormat("\x1b[1;2H\x1b[0;1;7m#%04d", i); }

std::string GoldenName1000(int i) { return absl::StrFormat("a1000/screen_%04d", i); }

void BM_EqualsGolden1000(benchmark::State& state) {
  const TerminalSize size = kSmall;
  const std::unique_ptr<VirtualTerminal> vt = DecodedScreen(size);
  static bool written = false;
  if (!written) {  // the goldens, once per process, outside the timed region
    for (int i = 0; i < kAssertions; ++i) {
      vt->Write(Marker(i));
      absl::StatusOr<std::string> dump = golden::Serialize(CaptureFrame(*vt).value());
      absl::Status s = dump.ok() ? WriteGolden(GoldenName1000(i), *dump) : dump.status();
      if (!s.ok()) {
        state.SkipWithError(std::string(s.message()).c_str());
        return;
      }
    }
    written = true;
  }
  std::vector<std::string> names;
  std::vector<std::string> markers;
  for (int i = 0; i < kAssertions; ++i) {
    names.push_back(GoldenName1000(i));
    markers.push_back(Marker(i));
  }
  for (auto _ : state) {
    for (int i = 0; i < kAssertions; ++i) {
      vt->Write(markers[static_cast<size_t>(i)]);  // a few bytes; the assertion dominates
      if (!CheckGolden(state, *vt, names[static_cast<size_t>(i)])) return;
    }
  }
  state.counters["time_per_assertion"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * kAssertions,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void Register() {
  for (const TerminalSize size : {kSmall, kLarge}) {
    const std::string suffix = absl::StrCat("/", FormatSize(size));
    benchmark::RegisterBenchmark(("BM_Capture" + suffix).c_str(), &BM_Capture, size)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("BM_Serialize" + suffix).c_str(), &BM_Serialize, size)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("BM_SerializeScreen" + suffix).c_str(), &BM_SerializeScreen, size)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("BM_Parse" + suffix).c_str(), &BM_Parse, size)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("BM_CompareFrames" + suffix).c_str(), &BM_CompareFrames, size)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("BM_EqualsGolden" + suffix).c_str(), &BM_EqualsGolden, size)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("BM_DecodeFullRedraw" + suffix).c_str(), &BM_DecodeFullRedraw,
                                 size)
        ->Unit(benchmark::kMicrosecond);
  }
  // gtest records two properties per distinct golden assertion in the running test, so all the
  // repetitions share one test's growing property list: a fixed, small number of them.
  benchmark::RegisterBenchmark("BM_EqualsGolden1000", &BM_EqualsGolden1000)
      ->Iterations(1)
      ->Repetitions(3)
      ->Unit(benchmark::kMillisecond);
}

// Prints failed gtest assertions (the default printer is removed: its lines would mix with the
// benchmark report).
class FailurePrinter : public ::testing::EmptyTestEventListener {
  void OnTestPartResult(const ::testing::TestPartResult& result) override {
    if (!result.failed()) return;
    std::fprintf(stderr, "%s:%d: %s\n", result.file_name() ? result.file_name() : "?",
                 result.line_number(), result.summary());
  }
};

}  // namespace
}  // namespace vtsnap::bench

TEST(GoldenBench, Run) {
  EXPECT_EQ(vtsnap::bench::RunBenchmarks(), 0) << "a benchmark failed (see above)";
  std::error_code ec;
  std::filesystem::remove_all(vtsnap::bench::g_root, ec);
}

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  vtsnap::bench::InitBenchmarks(&argc, argv);
  ::testing::TestEventListeners& listeners = ::testing::UnitTest::GetInstance()->listeners();
  delete listeners.Release(listeners.default_result_printer());
  listeners.Append(new vtsnap::bench::FailurePrinter);

  std::string dir =
      (std::filesystem::temp_directory_path() / "vtsnap-bench-golden.XXXXXX").string();
  if (mkdtemp(dir.data()) == nullptr) {
    std::perror("bench_golden: mkdtemp");
    return 1;
  }
  vtsnap::bench::g_root = dir;
  vtsnap::bench::Register();
  const int status = RUN_ALL_TESTS();
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  return status;
}
