// vtsnap_bench_compare: decodes the same corpus bytes with vtsnap, libvterm, libtsm and
// @xterm/headless and prints one Markdown table: throughput of each, vtsnap's ratio to the fastest
// peer, and a hash of each decoder's final screen with which peers vtsnap agrees with
// (bench/README.md).
//
//   vtsnap_bench_compare --corpus-dir build-bench/corpus      # files of vtsnap_bench_corpus
//   vtsnap_bench_compare --bytes 1048576 --only sgr --repeat 5 --no-xterm
//
// Every decoder gets the corpus in 64 KiB chunks on a fresh terminal per run and the best of
// --repeat runs counts (MB = 10^6 bytes). vtsnap, libvterm and libtsm (bench/peers.h) run in this
// process; xterm.js runs in `node bench/xterm_headless.mjs`, once per (corpus, size), with the
// packages of test/corpus/oracle/node_modules. When node or those packages are missing the xterm.js
// column is skipped with a note; any other failure ends the program with status 1 and names the
// file.
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
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
#include "bench/peers.h"
#include "bench/xterm_node.h"
#include "nlohmann/json.hpp"
#include "vtsnap/decoder/virtual_terminal.h"

namespace vtsnap::bench {
namespace {

constexpr char kUsage[] =
    "usage: vtsnap_bench_compare [--corpus-dir DIR | --bytes N] [--only NAME] [--repeat N]\n"
    "                            [--no-xterm] [--node PATH]\n"
    "Decodes every benchmark corpus with vtsnap, libvterm, libtsm and @xterm/headless and prints "
    "a\n"
    "Markdown table of throughput (MB = 10^6 bytes, best of --repeat runs, default 3), vtsnap's\n"
    "ratio to the fastest peer and a hash of each decoder's final screen.\n"
    "  --corpus-dir DIR  read DIR/<corpus>.bytes (written by vtsnap_bench_corpus)\n"
    "  --bytes N         without --corpus-dir: generate N bytes per corpus (default 25165824)\n"
    "  --only NAME       one corpus (ascii_log, sgr, tui_80x24, ...) or one case (sgr/80x24)\n"
    "  --no-xterm        skip @xterm/headless (node)\n"
    "  --node PATH       the node binary (default: node on PATH)\n"
    "  --screens DIR     also write each final screen's text to "
    "DIR/<corpus>.<size>.<decoder>.txt\n";

struct Options : CommonOptions {
  uint64_t bytes = kDefaultCorpusBytes;
  std::string script = VTSNAP_SOURCE_DIR "/bench/xterm_headless.mjs";
  std::string modules = VTSNAP_SOURCE_DIR "/test/corpus/oracle";
};

// One decoder on one case: the best time and the final screen's hash.
struct Measurement {
  double seconds = 0;
  std::string hash;
  std::string screen;  // the screen text hashed (the in-process decoders only)
};

double MegabytesPerSecond(size_t bytes, double seconds) {
  return seconds > 0 ? static_cast<double>(bytes) / seconds / 1e6 : 0;
}

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// ---------------------------------------------------------------------------------------------
// vtsnap

Measurement MeasureVtsnap(absl::string_view bytes, TerminalSize size, int repeat) {
  Measurement m;
  m.seconds = std::numeric_limits<double>::infinity();
  for (int run = 0; run < repeat; ++run) {
    VirtualTerminal vt({.cols = size.cols, .rows = size.rows});
    const auto start = std::chrono::steady_clock::now();
    for (size_t at = 0; at < bytes.size(); at += kChunkBytes)
      vt.Write(bytes.substr(at, kChunkBytes));
    m.seconds = std::min(m.seconds, SecondsSince(start));
    if (run == repeat - 1) {
      m.screen = vt.ScreenText();
      m.hash = ScreenHash(m.screen);
    }
  }
  return m;
}

// ---------------------------------------------------------------------------------------------
// libvterm and libtsm (bench/peers.h)

absl::StatusOr<Measurement> MeasurePeer(NewPeerFn new_peer, absl::string_view bytes,
                                        TerminalSize size, int repeat) {
  Measurement m;
  m.seconds = std::numeric_limits<double>::infinity();
  for (int run = 0; run < repeat; ++run) {
    absl::StatusOr<std::unique_ptr<PeerTerminal>> peer = new_peer(size);
    if (!peer.ok()) return peer.status();
    const auto start = std::chrono::steady_clock::now();
    for (size_t at = 0; at < bytes.size(); at += kChunkBytes) {
      (*peer)->Write(bytes.substr(at, kChunkBytes));
    }
    (*peer)->Flush();
    m.seconds = std::min(m.seconds, SecondsSince(start));
    if (run == repeat - 1) {
      m.screen = (*peer)->ScreenText();
      m.hash = ScreenHash(m.screen);
    }
  }
  return m;
}

// ---------------------------------------------------------------------------------------------
// @xterm/headless through node

absl::StatusOr<std::string> FindXterm(const Options& options) {
  return FindXtermNode(options.node, options.modules, options.script);
}

std::string ShellQuote(absl::string_view s) {
  std::string out = "'";
  for (const char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out.push_back(c);
    }
  }
  out.push_back('\'');
  return out;
}

struct XtermResult {
  Measurement measurement;
  std::string version;  // "@xterm/headless 6.0.0, node v20.x, Unicode 11"
};

// `screen_file`, when not empty, receives the final screen's text.
absl::StatusOr<XtermResult> MeasureXterm(const Options& options, const std::string& node,
                                         const std::string& file, TerminalSize size,
                                         const std::string& screen_file) {
  std::string command =
      absl::StrCat(ShellQuote(node), " ", ShellQuote(options.script), " --size ", FormatSize(size),
                   " --repeat ", options.repeat, " --chunk ", kChunkBytes, " --modules ",
                   ShellQuote(options.modules), " ", ShellQuote(file));
  if (!screen_file.empty()) absl::StrAppend(&command, " --screen ", ShellQuote(screen_file));
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return absl::InternalError(absl::StrCat("cannot run ", command));
  std::string output;
  char buffer[4096];
  size_t n = 0;
  while ((n = fread(buffer, 1, sizeof(buffer), pipe)) > 0) output.append(buffer, n);
  const int status = pclose(pipe);
  if (status != 0) {
    return absl::InternalError(
        absl::StrCat("xterm.js (", options.script, ") failed on ", file, ": ",
                     WIFEXITED(status) ? absl::StrCat("exit status ", WEXITSTATUS(status))
                                       : absl::StrCat("wait status ", status),
                     " (its messages are above)"));
  }
  try {
    const nlohmann::json j = nlohmann::json::parse(output);
    XtermResult r;
    r.measurement.seconds = j.at("best_seconds").get<double>();
    r.measurement.hash = j.at("hash").get<std::string>();
    r.version = absl::StrCat("@xterm/headless ", j.value("xterm", std::string("?")), ", node ",
                             j.value("node", std::string("?")), ", Unicode ",
                             j.value("unicode", std::string("?")), " widths");
    return r;
  } catch (const nlohmann::json::exception& e) {
    return absl::InternalError(absl::StrCat("xterm.js on ", file, " printed no result (", e.what(),
                                            "): ", output.substr(0, 200)));
  }
}

// ---------------------------------------------------------------------------------------------

absl::StatusOr<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read ", path));
  std::ostringstream data;
  data << in.rdbuf();
  if (in.bad()) return absl::InternalError(absl::StrCat("error reading ", path));
  return data.str();
}

absl::Status WriteFile(const std::string& path, absl::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) return absl::InternalError(absl::StrCat("cannot write ", path));
  return absl::OkStatus();
}

absl::StatusOr<Options> ParseArgs(int argc, char** argv) {
  Options o;
  absl::Status parsed =
      ParseBenchArgs(argc, argv, {"--bytes"}, &o, [&o](absl::string_view, const std::string& v) {
        if (!absl::SimpleAtoi(v, &o.bytes) || o.bytes == 0 || v[0] == '+' || v[0] == '-') {
          return absl::InvalidArgumentError(
              absl::StrCat("--bytes '", v, "' is not a positive number"));
        }
        return absl::OkStatus();
      });
  if (!parsed.ok()) return parsed;
  return o;
}

int Run(const Options& options) {
  std::optional<std::string> node;
  std::string xterm_note;
  if (!options.xterm) {
    xterm_note = "xterm.js: skipped (--no-xterm)";
  } else if (absl::StatusOr<std::string> found = FindXterm(options); found.ok()) {
    node = *found;
  } else {
    xterm_note = absl::StrCat("xterm.js: skipped, ", found.status().message());
  }

  // Corpus files for node when the corpora are generated here.
  std::string temp_dir;
  if (options.corpus_dir.empty() && node.has_value()) {
    std::string dir =
        (std::filesystem::temp_directory_path() / "vtsnap-bench-compare.XXXXXX").string();
    if (mkdtemp(dir.data()) == nullptr) {
      std::fprintf(stderr, "vtsnap_bench_compare: cannot create a temporary directory\n");
      return 1;
    }
    temp_dir = dir;
  }
  struct TempDirRemover {
    std::string dir;
    ~TempDirRemover() {
      std::error_code ec;
      if (!dir.empty()) std::filesystem::remove_all(dir, ec);
    }
  } remover{temp_dir};

  std::printf("## vtsnap decoder throughput vs peers\n\n");
  std::printf(
      "Corpora: %s. Each decoder gets the bytes in 64 KiB chunks on a fresh terminal; best "
      "of %d run(s); MB/s with MB = 10^6 bytes.\n",
      options.corpus_dir.empty()
          ? absl::StrCat("generated in memory, ", options.bytes, " bytes each").c_str()
          : absl::StrCat("files in ", options.corpus_dir).c_str(),
      options.repeat);
  const bool tsm = HaveLibtsm();
  std::printf("Peers: libvterm %s (in process), %s, %s.\n", VTSNAP_VTERM_VERSION,
              tsm ? absl::StrCat("libtsm ", VTSNAP_TSM_VERSION, " (in process)").c_str()
                  : "libtsm: not in this build (install libtsm-dev and configure again)",
              node.has_value() ? "@xterm/headless (node, see below)" : xterm_note.c_str());
  std::printf("Screen hash: FNV-1a 64 of the final screen text, first 8 hex digits.\n\n");
  std::printf(
      "| corpus | size | bytes | vtsnap MB/s | libvterm MB/s |%s%s vtsnap / fastest peer | "
      "hash vtsnap | hash libvterm |%s%s vtsnap screen agrees with |\n",
      tsm ? " libtsm MB/s |" : "", node ? " xterm.js MB/s |" : "", tsm ? " hash libtsm |" : "",
      node ? " hash xterm.js |" : "");
  std::printf("| --- | --- | ---: | ---: | ---: |%s%s ---: | --- | --- |%s%s --- |\n",
              tsm ? " ---: |" : "", node ? " ---: |" : "", tsm ? " --- |" : "",
              node ? " --- |" : "");
  std::fflush(stdout);

  std::string xterm_version;
  double worst_ratio = std::numeric_limits<double>::infinity();
  std::string worst_case;
  std::map<std::string, std::string> loaded;  // corpus name -> bytes
  for (const BenchCase& c : AllCases()) {
    if (!options.only.empty() && options.only != c.corpus->name && options.only != c.Label()) {
      continue;
    }
    auto it = loaded.find(c.corpus->name);
    std::string file;
    if (!options.corpus_dir.empty()) {
      file = absl::StrCat(options.corpus_dir, "/", c.corpus->name, ".bytes");
    } else if (!temp_dir.empty()) {
      file = absl::StrCat(temp_dir, "/", c.corpus->name, ".bytes");
    }
    if (it == loaded.end()) {
      loaded.clear();  // one corpus in memory at a time
      std::string bytes;
      if (!options.corpus_dir.empty()) {
        absl::StatusOr<std::string> read = ReadFile(file);
        if (!read.ok()) {
          std::fprintf(stderr,
                       "vtsnap_bench_compare: %s (write the corpora with "
                       "vtsnap_bench_corpus --out %s)\n",
                       std::string(read.status().message()).c_str(), options.corpus_dir.c_str());
          return 1;
        }
        if (read->empty()) {
          std::fprintf(stderr, "vtsnap_bench_compare: %s is empty\n", file.c_str());
          return 1;
        }
        bytes = *std::move(read);
      } else {
        bytes = c.corpus->Generate(options.bytes);
        if (!file.empty()) {
          if (absl::Status s = WriteFile(file, bytes); !s.ok()) {
            std::fprintf(stderr, "vtsnap_bench_compare: %s\n", std::string(s.message()).c_str());
            return 1;
          }
        }
      }
      it = loaded.emplace(c.corpus->name, std::move(bytes)).first;
    }
    const std::string& bytes = it->second;
    std::fprintf(stderr, "vtsnap_bench_compare: %s (%zu bytes)...\n", c.Label().c_str(),
                 bytes.size());

    // The in-process decoders take turns, one run each per round, so that a slow spell of a
    // shared machine falls on all of them rather than on one decoder's consecutive runs; each
    // keeps its best run and its last screen.
    Measurement vtsnap;
    std::optional<Measurement> libvterm;
    std::optional<Measurement> libtsm;
    // One run of a peer, kept if it is the best so far; false (the error printed) on failure.
    auto run_peer = [&](NewPeerFn new_peer, const char* name, std::optional<Measurement>* best) {
      absl::StatusOr<Measurement> m = MeasurePeer(new_peer, bytes, c.size, 1);
      if (!m.ok()) {
        std::fprintf(stderr, "vtsnap_bench_compare: %s on %s: %s\n", name, c.Label().c_str(),
                     std::string(m.status().message()).c_str());
        return false;
      }
      if (best->has_value()) m->seconds = std::min(m->seconds, (*best)->seconds);
      *best = *std::move(m);
      return true;
    };
    for (int round = 0; round < options.repeat; ++round) {
      Measurement v = MeasureVtsnap(bytes, c.size, 1);
      if (round > 0) v.seconds = std::min(v.seconds, vtsnap.seconds);
      vtsnap = std::move(v);
      if (!run_peer(&NewLibvterm, "libvterm", &libvterm)) return 1;
      if (tsm && !run_peer(&NewLibtsm, "libtsm", &libtsm)) return 1;
    }
    std::string screens_prefix;
    if (!options.screens_dir.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(options.screens_dir, ec);
      screens_prefix =
          absl::StrCat(options.screens_dir, "/", c.corpus->name, ".", FormatSize(c.size), ".");
      std::vector<std::pair<const char*, const std::string*>> screens = {
          {"vtsnap", &vtsnap.screen}, {"libvterm", &libvterm->screen}};
      if (libtsm.has_value()) screens.emplace_back("libtsm", &libtsm->screen);
      for (const auto& [decoder, text] : screens) {
        if (absl::Status s = WriteFile(absl::StrCat(screens_prefix, decoder, ".txt"), *text);
            !s.ok()) {
          std::fprintf(stderr, "vtsnap_bench_compare: %s\n", std::string(s.message()).c_str());
          return 1;
        }
      }
    }
    std::optional<Measurement> xterm;
    if (node.has_value()) {
      absl::StatusOr<XtermResult> r =
          MeasureXterm(options, *node, file, c.size,
                       screens_prefix.empty() ? "" : absl::StrCat(screens_prefix, "xterm.js.txt"));
      if (!r.ok()) {
        std::fprintf(stderr, "vtsnap_bench_compare: %s\n",
                     std::string(r.status().message()).c_str());
        return 1;
      }
      xterm = r->measurement;
      xterm_version = r->version;
    }

    const double vtsnap_mbps = MegabytesPerSecond(bytes.size(), vtsnap.seconds);
    const double libvterm_mbps = MegabytesPerSecond(bytes.size(), libvterm->seconds);
    double fastest_peer = libvterm_mbps;
    std::string xterm_cells;
    std::vector<std::string> agrees;
    if (vtsnap.hash == libvterm->hash) agrees.push_back("libvterm");
    if (libtsm.has_value()) {
      fastest_peer = std::max(fastest_peer, MegabytesPerSecond(bytes.size(), libtsm->seconds));
      if (vtsnap.hash == libtsm->hash) agrees.push_back("libtsm");
    }
    if (xterm.has_value()) {
      const double xterm_mbps = MegabytesPerSecond(bytes.size(), xterm->seconds);
      fastest_peer = std::max(fastest_peer, xterm_mbps);
      if (vtsnap.hash == xterm->hash) agrees.push_back("xterm.js");
    }
    const double ratio = fastest_peer > 0 ? vtsnap_mbps / fastest_peer : 0;
    if (ratio < worst_ratio) {
      worst_ratio = ratio;
      worst_case = c.Label();
    }
    std::string row = absl::StrFormat("| %s | %s | %d | %.1f | %.1f |", c.corpus->name,
                                      FormatSize(c.size), bytes.size(), vtsnap_mbps, libvterm_mbps);
    if (libtsm.has_value()) {
      absl::StrAppendFormat(&row, " %.1f |", MegabytesPerSecond(bytes.size(), libtsm->seconds));
    }
    if (xterm.has_value()) {
      absl::StrAppendFormat(&row, " %.1f |", MegabytesPerSecond(bytes.size(), xterm->seconds));
    }
    absl::StrAppendFormat(&row, " %.1fx | %s | %s |", ratio, vtsnap.hash, libvterm->hash);
    if (libtsm.has_value()) absl::StrAppendFormat(&row, " %s |", libtsm->hash);
    if (xterm.has_value()) absl::StrAppendFormat(&row, " %s |", xterm->hash);
    absl::StrAppendFormat(&row, " %s |", agrees.empty() ? "none" : absl::StrJoin(agrees, ", "));
    std::printf("%s\n", row.c_str());
    std::fflush(stdout);
  }
  std::printf("\n");
  if (!xterm_version.empty()) std::printf("xterm.js: %s.\n", xterm_version.c_str());
  if (!xterm_note.empty()) std::printf("%s.\n", xterm_note.c_str());
  if (!worst_case.empty()) {
    std::printf(
        "Lowest ratio to the fastest peer: %.1fx (%s); target >= 2x everywhere, aim 3x "
        "(plain ASCII >= 6x).\n",
        worst_ratio, worst_case.c_str());
  }
  return 0;
}

}  // namespace
}  // namespace vtsnap::bench

int main(int argc, char** argv) {
  return vtsnap::bench::BenchMain<vtsnap::bench::Options>(
      argc, argv, "vtsnap_bench_compare", vtsnap::bench::kUsage, vtsnap::bench::ParseArgs,
      vtsnap::bench::Run);
}
