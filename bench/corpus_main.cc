// vtsnap_bench_corpus: writes the benchmark corpora of bench/corpus.h to files, one
// `<name>.bytes` per corpus, for vtsnap_bench_compare --corpus-dir and for other emulators.
//
//   vtsnap_bench_corpus --out build-bench/corpus [--bytes 25165824]
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "bench/corpus.h"

namespace {

constexpr char kUsage[] =
    "usage: vtsnap_bench_corpus --out DIR [--bytes N]\n"
    "Writes DIR/<corpus>.bytes for every benchmark corpus, each at least N bytes of whole units\n"
    "(default 25165824 = 24 MiB). The bytes are the same on every machine.\n";

absl::Status WriteFile(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return absl::InternalError(absl::StrCat("cannot create ", path.string()));
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) return absl::InternalError(absl::StrCat("cannot write ", path.string()));
  return absl::OkStatus();
}

}  // namespace

int main(int argc, char** argv) {
  std::string out_dir;
  uint64_t bytes = vtsnap::bench::kDefaultCorpusBytes;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if ((arg == "--out" || arg == "--bytes") && i + 1 >= argc) {
      std::fprintf(stderr, "vtsnap_bench_corpus: %s needs a value\n%s", arg.c_str(), kUsage);
      return 2;
    }
    if (arg == "--out") {
      out_dir = argv[++i];
    } else if (arg == "--bytes") {
      const char* value = argv[++i];
      if (!absl::SimpleAtoi(value, &bytes) || bytes == 0 || value[0] == '+' || value[0] == '-') {
        std::fprintf(stderr, "vtsnap_bench_corpus: --bytes '%s' is not a positive number\n", value);
        return 2;
      }
    } else {
      std::fprintf(stderr, "vtsnap_bench_corpus: unknown argument '%s'\n%s", arg.c_str(), kUsage);
      return 2;
    }
  }
  if (out_dir.empty()) {
    std::fprintf(stderr, "vtsnap_bench_corpus: --out DIR is required\n%s", kUsage);
    return 2;
  }
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  if (ec) {
    std::fprintf(stderr, "vtsnap_bench_corpus: cannot create %s: %s\n", out_dir.c_str(),
                 ec.message().c_str());
    return 1;
  }
  for (const vtsnap::bench::Corpus& corpus : vtsnap::bench::kCorpora) {
    const std::string data = corpus.Generate(bytes);
    const std::filesystem::path path =
        std::filesystem::path(out_dir) / absl::StrCat(corpus.name, ".bytes");
    if (absl::Status s = WriteFile(path, data); !s.ok()) {
      std::fprintf(stderr, "vtsnap_bench_corpus: %s\n", std::string(s.message()).c_str());
      return 1;
    }
    std::printf("%-16s %10zu bytes  %s\n", path.filename().c_str(), data.size(),
                corpus.description);
  }
  return 0;
}
