// vtsnap_oracle: the state dump an independent emulator ends on after replaying a file, in the
// layout of `vtsnap decode --format json`, to diff against it (docs/differential.md):
//
//   vtsnap_oracle --oracle libvterm --size 80x24 session.bytes > libvterm.json
//   vtsnap decode --size 80x24 --format json session.bytes > vtsnap.json
//   vtsnap diff --json vtsnap.json libvterm.json
//
// Exit codes: 0 the dump is printed, 1 the oracle failed, 2 bad arguments or unreadable input.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "test/differential/oracles.h"
#include "vtsnap/base/size.h"
#include "vtsnap/snapshot/formats/state_json.h"

namespace {

constexpr char kUsage[] =
    "usage: vtsnap_oracle --oracle libvterm|xtermjs [--size COLSxROWS] FILE\n"
    "Replays FILE (- for stdin) through libvterm or @xterm/headless and prints the partial\n"
    "state dump that emulator can know (docs/differential.md). The default size is 80x24.\n"
    "exit codes: 0 dump printed, 1 oracle failed, 2 bad arguments or unreadable input\n";

int Usage(const std::string& message) {
  std::cerr << "vtsnap_oracle: " << message << "\n" << kUsage;
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string oracle;
  std::string size_text = "80x24";
  std::string file;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    }
    if (arg == "--oracle" || arg == "--size") {
      if (i + 1 >= argc) return Usage(arg + " needs a value");
      (arg == "--oracle" ? oracle : size_text) = argv[++i];
    } else if (absl::StartsWith(arg, "--oracle=")) {
      oracle = arg.substr(9);
    } else if (absl::StartsWith(arg, "--size=")) {
      size_text = arg.substr(7);
    } else if (arg != "-" && absl::StartsWith(arg, "-")) {
      return Usage("unknown option " + arg);
    } else if (file.empty()) {
      file = arg;
    } else {
      return Usage("more than one input file");
    }
  }
  if (oracle != "libvterm" && oracle != "xtermjs") {
    return Usage(oracle.empty() ? "--oracle is required" : "unknown oracle " + oracle);
  }
  if (file.empty()) return Usage("no input file");
  absl::StatusOr<vtsnap::TerminalSize> size = vtsnap::ParseSize(size_text);
  if (!size.ok()) return Usage(std::string(size.status().message()));

  std::string bytes;
  if (file == "-") {
    bytes.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      std::cerr << "vtsnap_oracle: cannot read " << file << "\n";
      return 2;
    }
    std::ostringstream content;
    content << in.rdbuf();
    bytes = content.str();
  }

  absl::StatusOr<std::string> json;
  if (oracle == "libvterm") {
    json = vtsnap::LibvtermStateJson(size->cols, size->rows, bytes);
  } else {
    vtsnap::XtermJsOracle xterm_js;
    json = xterm_js.Replay(size->cols, size->rows, bytes);
  }
  if (!json.ok()) {
    std::cerr << "vtsnap_oracle: " << oracle << ": " << json.status().message() << "\n";
    return 1;
  }
  // Read back and rewritten by vtsnap's writer: checks the dump against the schema and lays it
  // out as `vtsnap decode --format json` does.
  absl::StatusOr<vtsnap::StateDump> dump = vtsnap::ParseStateJson(*json, oracle);
  if (!dump.ok()) {
    std::cerr << "vtsnap_oracle: " << dump.status().message() << "\n";
    return 1;
  }
  std::cout << vtsnap::WriteStateJson(*dump);
  return 0;
}
