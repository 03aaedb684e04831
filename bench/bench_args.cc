#include "bench/bench_args.h"

#include <string>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "bench/corpus.h"

namespace vtsnap::bench {

absl::Status CheckOnly(absl::string_view only) {
  if (only.empty()) return absl::OkStatus();
  for (const BenchCase& c : AllCases()) {
    if (only == c.corpus->name || only == c.Label()) return absl::OkStatus();
  }
  std::vector<std::string> names;
  for (const Corpus& c : kCorpora) names.push_back(std::string(c.name));
  return absl::InvalidArgumentError(
      absl::StrCat("--only '", only, "' names no corpus (", absl::StrJoin(names, ", "), ")"));
}

absl::Status ParseBenchArgs(
    int argc, char** argv, std::initializer_list<absl::string_view> extra, CommonOptions* common,
    absl::FunctionRef<absl::Status(absl::string_view name, const std::string& value)> on_extra) {
  static constexpr absl::string_view kCommon[] = {"--corpus-dir", "--only", "--repeat", "--node",
                                                  "--screens"};
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--no-xterm") {
      common->xterm = false;
      continue;
    }
    const bool is_common = absl::c_linear_search(kCommon, arg);
    if (!is_common && !absl::c_linear_search(extra, arg)) {
      return absl::InvalidArgumentError(absl::StrCat("unknown argument '", arg, "'"));
    }
    if (i + 1 >= argc) return absl::InvalidArgumentError(absl::StrCat(arg, " needs a value"));
    const std::string value = argv[++i];
    if (!is_common) {
      if (absl::Status s = on_extra(arg, value); !s.ok()) return s;
    } else if (arg == "--corpus-dir") {
      common->corpus_dir = value;
    } else if (arg == "--only") {
      common->only = value;
    } else if (arg == "--node") {
      common->node = value;
    } else if (arg == "--screens") {
      common->screens_dir = value;
    } else if (!absl::SimpleAtoi(value, &common->repeat) || common->repeat < 1 ||
               common->repeat > 1000) {
      return absl::InvalidArgumentError(absl::StrCat("--repeat '", value, "' is not in 1..1000"));
    }
  }
  return CheckOnly(common->only);
}

}  // namespace vtsnap::bench
