// The command line the peer-comparison programs share (vtsnap_bench_compare, the library table;
// vtsnap_bench_commands, the command table): the options both take, their parsing and checks,
// and the `main` around them.
//
// Example:
//   struct Options : vtsnap::bench::CommonOptions { std::string vtsnap; };
//   absl::StatusOr<Options> Parse(int argc, char** argv) {
//     Options o;
//     absl::Status s = vtsnap::bench::ParseBenchArgs(
//         argc, argv, {"--vtsnap"}, &o, [&](absl::string_view, const std::string& v) {
//           o.vtsnap = v;
//           return absl::OkStatus();
//         });
//     if (!s.ok()) return s;
//     return o;
//   }
//   int main(int argc, char** argv) {
//     return vtsnap::bench::BenchMain<Options>(argc, argv, "my_bench", kUsage, Parse, Run);
//   }
#ifndef VTSNAP_BENCH_BENCH_ARGS_H_
#define VTSNAP_BENCH_BENCH_ARGS_H_

#include <cstdio>
#include <initializer_list>
#include <string>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace vtsnap::bench {

// The options both programs take.
struct CommonOptions {
  std::string corpus_dir;     // --corpus-dir DIR: DIR/<corpus>.bytes of vtsnap_bench_corpus
  std::string only;           // --only NAME: one corpus ("sgr") or one case ("sgr/80x24")
  int repeat = 3;             // --repeat N (1..1000): the best of N runs counts
  bool xterm = true;          // off with --no-xterm
  std::string node = "node";  // --node PATH
  std::string screens_dir;    // --screens DIR
};

// Parses argv[1..]: the common options into `*common`, and each option named in `extra` (all take
// a value) to `on_extra(name, value)`. An unknown option, a missing value, a --repeat outside
// 1..1000 and an --only naming no corpus or case (CheckOnly) are errors naming the argument.
absl::Status ParseBenchArgs(
    int argc, char** argv, std::initializer_list<absl::string_view> extra, CommonOptions* common,
    absl::FunctionRef<absl::Status(absl::string_view name, const std::string& value)> on_extra);

// OK when `only` is empty or names a corpus or a case of kCorpora; else an error listing the
// corpora: "--only 'x' names no corpus (ascii_log, sgr, ...)".
absl::Status CheckOnly(absl::string_view only);

// The shared `main`: --help or -h anywhere prints `usage` and exits 0; a parse error prints
// "<program>: <message>" and `usage` on standard error and exits 2; else the exit code of `run`.
template <typename Options>
int BenchMain(int argc, char** argv, const char* program, const char* usage,
              absl::StatusOr<Options> (*parse)(int, char**), int (*run)(const Options&)) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(usage, stdout);
      return 0;
    }
  }
  absl::StatusOr<Options> options = parse(argc, argv);
  if (!options.ok()) {
    std::fprintf(stderr, "%s: %s\n%s", program, std::string(options.status().message()).c_str(),
                 usage);
    return 2;
  }
  return run(*options);
}

}  // namespace vtsnap::bench

#endif  // VTSNAP_BENCH_BENCH_ARGS_H_
