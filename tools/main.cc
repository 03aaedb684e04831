// The `vtsnap` command line tool. See `vtsnap --help` and docs/cli.md.
#include <iostream>
#include <string>
#include <vector>

#include "tools/commands.h"

namespace {

constexpr char kHelp[] = R"(vtsnap: decode terminal output and compare terminal screens.

usage:
  vtsnap decode [--size COLSxROWS] [--format text|golden|rgba|json] [--generations]
                [--profile xterm|presenter] [--graphics none|sixel] [--cell WxH] [FILE|-]
      Feed the bytes of FILE (or standard input) to an xterm-compatible terminal of
      COLSxROWS cells (default 80x24) and print the final screen of the active buffer.
      text (the default): each row's text with trailing spaces trimmed, trailing empty
      rows dropped. golden: the ckvision-golden 1 dump (cells, styles, cursor, links).
      --profile presenter decodes with the bounded presenter profile instead
      (docs/presenter.md): a stream outside its subset exits 3 and prints the first
      violation as "offset N: <sequence>: <rule>". --graphics sixel decodes Sixel images
      with cells of WxH pixels (--cell, default 3x6); --format rgba writes the pixel
      plane of the final screen as a ckvision-rgba 1 file (docs/rgba.md). json: the
      terminal state dump (docs/state-dump.md); --generations adds each cell's
      content-generation counter.
  vtsnap canon FILE
      Print the canonical form of a ckvision-golden 1 dump.
  vtsnap diff [--json] EXPECTED ACTUAL
      Compare two golden dumps and print a report of what differs. --json compares two
      JSON state dumps (full or partial) over the fields both have and prints each
      difference by path: "cells[3][10].fg: 13421772 != 0".
  vtsnap inventory DIR
      Merge the golden inventory records test processes wrote into DIR and report
      orphaned goldens and missing scenarios or checkpoints (docs/inventory.md).
  vtsnap --help
      Print this help.

exit codes:
  0    success, or the dumps are equal
  1    the dumps differ, or a failed inventory
  2    bad arguments or invalid input (the message names the input and the place)
  3    a capture the presenter profile invalidated
)";

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::cerr << kHelp;
    return 2;
  }
  const std::string command = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kHelp;
    return 0;
  }
  if (command == "decode") return vtsnap::tools::RunDecode(rest, std::cout, std::cerr);
  if (command == "canon") return vtsnap::tools::RunCanon(rest, std::cout, std::cerr);
  if (command == "diff") return vtsnap::tools::RunDiff(rest, std::cout, std::cerr);
  if (command == "inventory") return vtsnap::tools::RunInventory(rest, std::cout, std::cerr);
  std::cerr << "vtsnap: unknown command '" << command << "' (see vtsnap --help)\n";
  return 2;
}
