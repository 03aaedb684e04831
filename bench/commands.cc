// vtsnap_bench_commands: the command table of bench/README.md. Every decoder runs as a whole
// process on the same corpus file and prints the final screen's text: `vtsnap decode --size S
// --format text FILE` (this build's `vtsnap`), vtsnap_peer_vterm and vtsnap_peer_tsm (libvterm
// and libtsm behind the same job, bench/peer_cli.h) and `node bench/xterm_headless.mjs --text`
// (@xterm/headless). Prints one Markdown table: MB/s of each process (MB = 10^6 bytes), vtsnap's
// ratio to the fastest peer and which peers printed the same screen as `vtsnap decode`.
//
//   vtsnap_bench_commands --corpus-dir build-bench/corpus [--only NAME] [--repeat N]
//
// A process is timed from fork to the end of waitpid (start-up, reading the file, decoding,
// printing, exit), its standard output going to a file; the best of --repeat runs (default 3)
// counts. Without node or the oracle's node_modules the xterm.js column is left out with a note;
// any other failure (a process exits non-zero, a corpus file is missing) ends the program with
// status 1 and names the command.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "bench/bench_args.h"
#include "bench/corpus.h"
#include "bench/xterm_node.h"

namespace vtsnap::bench {
namespace {

constexpr char kUsage[] =
    "usage: vtsnap_bench_commands --corpus-dir DIR [--only NAME] [--repeat N] [--no-xterm]\n"
    "                             [--node PATH] [--vtsnap PATH]\n"
    "Runs `vtsnap decode --format text`, vtsnap_peer_vterm, vtsnap_peer_tsm and\n"
    "`node bench/xterm_headless.mjs --text` as whole processes on every corpus file and prints a\n"
    "Markdown table of their throughput (fork to exit, best of --repeat runs, default 3; MB =\n"
    "10^6 bytes), vtsnap's ratio to the fastest peer and which peers printed vtsnap's screen.\n"
    "  --corpus-dir DIR  read DIR/<corpus>.bytes (written by vtsnap_bench_corpus)\n"
    "  --only NAME       one corpus (ascii_log, sgr, tui_80x24, ...) or one case (sgr/80x24)\n"
    "  --no-xterm        skip @xterm/headless (node)\n"
    "  --node PATH       the node binary (default: node on PATH)\n"
    "  --vtsnap PATH     the vtsnap command (default: this build's)\n"
    "  --screens DIR     also keep each process's output as "
    "DIR/<corpus>.<size>.<decoder>.process.txt\n";

struct Options : CommonOptions {
  std::string vtsnap = VTSNAP_CLI_PATH;
  std::string script = VTSNAP_SOURCE_DIR "/bench/xterm_headless.mjs";
  std::string modules = VTSNAP_SOURCE_DIR "/test/corpus/oracle";
};

// One decoder as a command: its column name and the argv before/around the file.
struct Command {
  std::string name;
  std::vector<std::string> argv;  // "{SIZE}" and "{FILE}" are replaced per case
};

struct Timed {
  double seconds = std::numeric_limits<double>::infinity();
  std::string output;  // the standard output of the last run
};

absl::StatusOr<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read ", path));
  std::ostringstream data;
  data << in.rdbuf();
  if (in.bad()) return absl::InternalError(absl::StrCat("error reading ", path));
  return data.str();
}

// Runs `argv` with its standard output in `out_path`, standard input /dev/null and standard
// error inherited; returns the wall time from fork to the end of waitpid.
absl::StatusOr<double> RunOnce(const std::vector<std::string>& argv, const std::string& out_path) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (out < 0) return absl::InternalError(absl::StrCat("cannot write ", out_path));
  const int null_in = open("/dev/null", O_RDONLY | O_CLOEXEC);
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    close(out);
    if (null_in >= 0) close(null_in);
    return absl::InternalError(absl::StrCat("fork failed: ", std::strerror(errno)));
  }
  if (pid == 0) {
    if (dup2(out, 1) < 0 || (null_in >= 0 && dup2(null_in, 0) < 0)) _exit(126);
    execv(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return absl::InternalError("waitpid failed");
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  close(out);
  if (null_in >= 0) close(null_in);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return absl::InternalError(
        absl::StrCat("`", absl::StrJoin(argv, " "), "` failed: ",
                     WIFEXITED(status) ? absl::StrCat("exit status ", WEXITSTATUS(status))
                                       : absl::StrCat("wait status ", status),
                     WIFEXITED(status) && WEXITSTATUS(status) == 127 ? " (cannot execute)" : "",
                     " (its messages are above)"));
  }
  return seconds;
}

// One run of `argv`: its time, and its standard output, which must be a screen ending in a
// newline.
absl::StatusOr<Timed> Measure(const std::vector<std::string>& argv, const std::string& out_path) {
  Timed t;
  absl::StatusOr<double> s = RunOnce(argv, out_path);
  if (!s.ok()) return s.status();
  t.seconds = *s;
  absl::StatusOr<std::string> output = ReadFile(out_path);
  if (!output.ok()) return output.status();
  if (output->empty() || output->back() != '\n') {
    return absl::InternalError(absl::StrCat("`", absl::StrJoin(argv, " "),
                                            "` printed no screen (its output does not end in a "
                                            "newline)"));
  }
  t.output = *std::move(output);
  return t;
}

absl::StatusOr<Options> ParseArgs(int argc, char** argv) {
  Options o;
  absl::Status parsed = ParseBenchArgs(argc, argv, {"--vtsnap"}, &o,
                                       [&o](absl::string_view, const std::string& value) {
                                         o.vtsnap = value;
                                         return absl::OkStatus();
                                       });
  if (!parsed.ok()) return parsed;
  if (o.corpus_dir.empty()) {
    return absl::InvalidArgumentError(
        "--corpus-dir is required (write the corpora with vtsnap_bench_corpus --out DIR)");
  }
  return o;
}

std::vector<std::string> Expand(const std::vector<std::string>& argv, const std::string& size,
                                const std::string& file) {
  std::vector<std::string> out;
  for (const std::string& a : argv) out.push_back(a == "{SIZE}" ? size : a == "{FILE}" ? file : a);
  return out;
}

// With --screens: writes a process's output to DIR/<corpus>.<size>.<decoder>.process.txt.
absl::Status KeepScreen(const Options& options, const BenchCase& c, absl::string_view decoder,
                        absl::string_view output) {
  if (options.screens_dir.empty()) return absl::OkStatus();
  std::error_code ec;
  std::filesystem::create_directories(options.screens_dir, ec);
  const std::string path = absl::StrCat(options.screens_dir, "/", c.corpus->name, ".",
                                        FormatSize(c.size), ".", decoder, ".process.txt");
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(output.data(), static_cast<std::streamsize>(output.size()));
  out.close();
  if (!out) return absl::InternalError(absl::StrCat("cannot write ", path));
  return absl::OkStatus();
}

int Run(const Options& options) {
  std::vector<Command> peers = {
      {"libvterm", {VTSNAP_PEER_VTERM_PATH, "--size", "{SIZE}", "{FILE}"}}};
  const std::string tsm_path = VTSNAP_PEER_TSM_PATH;
  std::string tsm_note;
  if (tsm_path.empty()) {
    tsm_note = "libtsm: not in this build (install libtsm-dev and configure again)";
  } else {
    peers.push_back({"libtsm", {tsm_path, "--size", "{SIZE}", "{FILE}"}});
  }
  std::string xterm_note;
  if (!options.xterm) {
    xterm_note = "xterm.js: skipped (--no-xterm)";
  } else if (absl::StatusOr<std::string> node =
                 FindXtermNode(options.node, options.modules, options.script);
             node.ok()) {
    peers.push_back({"xterm.js",
                     {*node, options.script, "--text", "--size", "{SIZE}", "--chunk",
                      absl::StrCat(kChunkBytes), "--modules", options.modules, "{FILE}"}});
  } else {
    xterm_note = absl::StrCat("xterm.js: skipped, ", node.status().message());
  }
  const Command vtsnap = {
      "vtsnap", {options.vtsnap, "decode", "--size", "{SIZE}", "--format", "text", "{FILE}"}};

  std::string dir = (std::filesystem::temp_directory_path() / "vtsnap-bench-commands.XXXXXX");
  if (mkdtemp(dir.data()) == nullptr) {
    std::fprintf(stderr, "vtsnap_bench_commands: cannot create a temporary directory\n");
    return 1;
  }
  struct TempDirRemover {
    std::string dir;
    ~TempDirRemover() {
      std::error_code ec;
      std::filesystem::remove_all(dir, ec);
    }
  } remover{dir};

  std::printf("## Whole processes: `vtsnap decode` vs the peers' programs\n\n");
  std::printf(
      "Corpora: files in %s. Each decoder is one process per run that reads the file (64 KiB "
      "chunks), decodes it and prints the final screen's text to a file; wall time from fork to "
      "exit, best of %d run(s); MB/s with MB = 10^6 bytes.\n",
      options.corpus_dir.c_str(), options.repeat);
  std::vector<std::string> described;
  for (const Command& p : peers) {
    if (p.name == "libvterm") {
      described.push_back(absl::StrCat("libvterm ", VTSNAP_VTERM_VERSION, " (vtsnap_peer_vterm)"));
    } else if (p.name == "libtsm") {
      described.push_back(absl::StrCat("libtsm ", VTSNAP_TSM_VERSION, " (vtsnap_peer_tsm)"));
    } else {
      described.push_back("@xterm/headless (node bench/xterm_headless.mjs --text)");
    }
  }
  std::printf("Commands: `vtsnap decode --size S --format text FILE`; peers: %s.\n\n",
              absl::StrJoin(described, ", ").c_str());
  std::string header = "| corpus | size | bytes | vtsnap decode MB/s |";
  std::string rule = "| --- | --- | ---: | ---: |";
  for (const Command& p : peers) {
    absl::StrAppend(&header, " ", p.name, " MB/s |");
    absl::StrAppend(&rule, " ---: |");
  }
  absl::StrAppend(&header, " vtsnap / fastest peer | output agrees with vtsnap's |");
  absl::StrAppend(&rule, " ---: | --- |");
  std::printf("%s\n%s\n", header.c_str(), rule.c_str());
  std::fflush(stdout);

  double worst_ratio = std::numeric_limits<double>::infinity();
  std::string worst_case;
  for (const BenchCase& c : AllCases()) {
    if (!options.only.empty() && options.only != c.corpus->name && options.only != c.Label()) {
      continue;
    }
    const std::string file = absl::StrCat(options.corpus_dir, "/", c.corpus->name, ".bytes");
    struct stat st;
    if (stat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) {
      std::fprintf(stderr,
                   "vtsnap_bench_commands: %s is missing or empty (write the corpora with "
                   "vtsnap_bench_corpus --out %s)\n",
                   file.c_str(), options.corpus_dir.c_str());
      return 1;
    }
    const auto bytes = static_cast<size_t>(st.st_size);
    const std::string size = FormatSize(c.size);
    std::fprintf(stderr, "vtsnap_bench_commands: %s (%zu bytes)...\n", c.Label().c_str(), bytes);

    const std::string out_path = absl::StrCat(dir, "/out.txt");
    // The programs take turns, one run each per round, so that a slow spell of a shared machine
    // falls on all of them rather than on one program's consecutive runs; each keeps its best
    // time and its last output.
    std::vector<const Command*> programs = {&vtsnap};
    for (const Command& p : peers) programs.push_back(&p);
    std::vector<Timed> timed(programs.size());
    for (int round = 0; round < options.repeat; ++round) {
      for (size_t i = 0; i < programs.size(); ++i) {
        absl::StatusOr<Timed> t = Measure(Expand(programs[i]->argv, size, file), out_path);
        if (!t.ok()) {
          std::fprintf(stderr, "vtsnap_bench_commands: %s\n",
                       std::string(t.status().message()).c_str());
          return 1;
        }
        t->seconds = std::min(t->seconds, timed[i].seconds);
        timed[i] = *std::move(t);
      }
    }
    const Timed* own = &timed[0];
    if (absl::Status s = KeepScreen(options, c, "vtsnap", own->output); !s.ok()) {
      std::fprintf(stderr, "vtsnap_bench_commands: %s\n", std::string(s.message()).c_str());
      return 1;
    }
    const double own_mbps = static_cast<double>(bytes) / own->seconds / 1e6;
    std::string row =
        absl::StrFormat("| %s | %s | %d | %.1f |", c.corpus->name, size, bytes, own_mbps);
    double fastest = 0;
    std::vector<std::string> agrees;
    for (size_t i = 1; i < programs.size(); ++i) {
      const Command& p = *programs[i];
      const Timed* t = &timed[i];
      if (absl::Status s = KeepScreen(options, c, p.name, t->output); !s.ok()) {
        std::fprintf(stderr, "vtsnap_bench_commands: %s\n", std::string(s.message()).c_str());
        return 1;
      }
      const double mbps = static_cast<double>(bytes) / t->seconds / 1e6;
      fastest = std::max(fastest, mbps);
      if (t->output == own->output) agrees.push_back(p.name);
      absl::StrAppendFormat(&row, " %.1f |", mbps);
    }
    const double ratio = fastest > 0 ? own_mbps / fastest : 0;
    if (ratio < worst_ratio) {
      worst_ratio = ratio;
      worst_case = c.Label();
    }
    absl::StrAppendFormat(&row, " %.1fx | %s |", ratio,
                          agrees.empty() ? "none" : absl::StrJoin(agrees, ", "));
    std::printf("%s\n", row.c_str());
    std::fflush(stdout);
  }
  std::printf("\n");
  if (!tsm_note.empty()) std::printf("%s.\n", tsm_note.c_str());
  if (!xterm_note.empty()) std::printf("%s.\n", xterm_note.c_str());
  if (!worst_case.empty()) {
    std::printf("Lowest ratio to the fastest peer: %.1fx (%s); target >= 2x everywhere.\n",
                worst_ratio, worst_case.c_str());
  }
  return 0;
}

}  // namespace
}  // namespace vtsnap::bench

int main(int argc, char** argv) {
  return vtsnap::bench::BenchMain<vtsnap::bench::Options>(
      argc, argv, "vtsnap_bench_commands", vtsnap::bench::kUsage, vtsnap::bench::ParseArgs,
      vtsnap::bench::Run);
}
