// The `vtsnap` command line tool. See `vtsnap --help` and docs/cli.md.
#include <unistd.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/version.h"

namespace {

constexpr char kHelp[] =
    R"(vtsnap: decode terminal output, run programs, and compare terminal screens.

usage:
  vtsnap decode [--size COLSxROWS]
                [--format text|golden|rgba|json|semantic|plain|ansi|pito] [--lossy]
                [--capture viewport|buffer] [--check-theme] [--generations]
                [--profile xterm|presenter] [--graphics none|sixel] [--cell WxH] [FILE|-]
      Feed the bytes of FILE (or standard input) to an xterm-compatible terminal of
      COLSxROWS cells (default 80x24) and print the final screen of the active buffer.
      text (the default): each row's text with trailing spaces trimmed, trailing empty
      rows dropped. golden: the ckvision-golden 1 dump (cells, styles, cursor, links).
      --profile presenter decodes with the bounded presenter profile instead
      (docs/presenter.md): a stream outside its subset exits 3 and prints the first
      violation as "offset N: <sequence>: <rule>". --graphics sixel decodes Sixel images
      with cells of WxH pixels (--cell, default 3x6, at most 64x64); --format rgba writes
      the pixel plane of the final screen as a ckvision-rgba 1 file (docs/rgba.md); a
      plane over 268435456 pixels is refused. The input is streamed in 64 KiB chunks:
      memory does not grow with it, and it has no length limit. json: the
      terminal state dump (docs/state-dump.md); --generations adds each cell's
      content-generation counter. semantic: the vtsnap-semantic 1 projection
      (docs/semantic.md) of the viewport, or with --capture buffer of the scrollback and
      the screen. --check-theme prints each run of cells with an RGB colour, a palette
      index above 15 or an explicit background instead, and exits 1 when there is one.
      plain: pito-tui's text dump (every row, trailing spaces trimmed, empty rows kept).
      ansi: pito-tui's ANSI dump (hide the cursor, clear, each row at its position with
      its SGR codes; replays to the same screen). pito: a pito-tui frame 1 file
      (docs/pito.md); a hyperlink, underline colour or shape, or overline exits 2 naming
      the cell, unless --lossy drops it.
  vtsnap canon FILE
      Print the canonical form of a ckvision-golden 1 dump.
  vtsnap diff [--json] EXPECTED ACTUAL
      Compare two golden dumps and print a report of what differs. --json compares two
      JSON state dumps (full or partial) over the fields both have and prints each
      difference by path: "cells[3][10].fg: 13421772 != 0".
  vtsnap inventory DIR | --ctest-run RUNS_DIR | --ctest-reset RUNS_DIR
      Merge the golden inventory records test processes wrote into DIR and report
      orphaned goldens and missing scenarios or checkpoints (docs/inventory.md).
      --ctest-run merges the calling ctest run's records (RUNS_DIR/run-<ctest pid>),
      --ctest-reset removes them and those of ended runs (vtsnap_discover_tests).
  vtsnap compare BEFORE AFTER
      Compare two pito-tui capture folders (scenario folders of `pito-tui frame 1` files
      named by size, such as 00-home/80x24; docs/pito.md) and print each difference on a
      line: a cell as `00-home 80x24 0,0: "X" Reset Reset NONE → " " Reset Reset NONE`
      (scenario, size, x,y, the cell before and after), a frame only AFTER holds as
      `about 40x12: +`, one only BEFORE holds as `gone 80x24: -`. Exits 1 when anything
      differs; a file that is not a valid frame exits 2 naming it, its line and column.
  vtsnap run [--size COLSxROWS] [--keys SCRIPT | --wait-text TEXT]... [--step SPEC]...
             [--steps FILE] [--quit-keys SCRIPT] [--quiet-ms N] [--timeout S]
             [--format text|golden|json] [--expect GOLDEN] [--redact PATTERN]...
             [--term NAME] [--env NAME=VALUE]... [--inherit-env] [--cwd DIR]
             [--record FILE] [--] PROGRAM [ARGS...]
      Run PROGRAM under a pseudo-terminal of COLSxROWS cells (default 80x24) in DIR
      (--cwd), type each --keys script (docs/keys.md) and wait for each --wait-text TEXT
      in the order given, waiting for N ms without output (--quiet-ms, default 200)
      before typing and before taking a screen, and print the final screen as decode
      does (--format, default text). Each --step is a checkpoint written as fields:
      'keys=j j enter; wait-text=Saved; expect=saved.dump' types, waits, then compares the
      screen with the golden dump of expect= (--steps FILE: one step a line). --expect
      GOLDEN compares the final screen. A difference or a missing golden exits 1 with the
      diff and writes GOLDEN.actual; UPDATE_GOLDENS=1 (new, force) writes GOLDEN instead
      (docs/goldens.md); with goldens the screen is printed only when --format is given.
      --timeout S (default 10, fractions allowed) bounds each wait; VTSNAP_TIMEOUT_SCALE
      multiplies every timeout and quiet period. --redact masks the cells an RE2 pattern
      matches (repeatable). The program gets TERM=NAME (--term, default xterm-256color),
      LANG=C.UTF-8, PATH, HOME and each --env; --inherit-env passes this environment on
      too. At the end --quit-keys types a script and waits for the program to exit;
      otherwise it is hung up (SIGHUP), then its session killed. Its own exit status is
      reported on stderr. --record FILE saves the bytes it wrote (vtsnap decode replays
      them). SIGINT, SIGTERM or SIGHUP end the program's session, then exit 128+N.
  vtsnap render FILE --format html|svg|png|ansi [--output PATH] [--size COLSxROWS]
                [--cell WxH] [--font UNIFONT.hex] [--no-cursor]
      Draw a screen as a person sees it (docs/render.md): a golden dump, a scene or their
      .actual, a JSON state dump, a ckvision-rgba 1 plane, or else the bytes a program
      wrote (decoded at --size, default 80x24, Sixel images with cells of --cell pixels,
      default 3x6). xterm's default palette, black on white; attributes, wide characters,
      the cursor (unless --no-cursor), links (clickable in html and svg) and the Sixel
      plane over the cells. html: a page with each cell's style on hover; svg: a picture;
      ansi: SGR text for a colour terminal; png: cols x 8 by rows x 16 pixels drawn with
      GNU Unifont (--font, default /usr/share/unifont/unifont.hex from Debian's unifont).
      Writes to standard output, or atomically to --output PATH.
  vtsnap review [--list | --accept-all | --reject-all] [--filter SUBSTRING] [DIR...]
      Review the pending .actual files of failing golden assertions under each DIR (default
      the current folder), under $TEST_UNDECLARED_OUTPUTS_DIR/vtsnap, and under the
      test.outputs/vtsnap folders (or outputs.zip files) of a DIR's bazel-testlogs. --list prints one line per entry (the golden, new or changed, what
      differs); --accept-all writes each golden canonically and atomically and removes the
      .actual (an invalid .actual exits 2 naming FILE:LINE:COL and changes nothing; one that
      cannot be removed is left, and said); --reject-all removes each .actual; --filter
      keeps the entries whose golden path contains SUBSTRING. Without a mode, an interactive
      review on the terminal: a accept, r reject, s skip, n/p next/previous, v cycle the
      diff, expected and actual views, q quit; a summary is printed at the end.
  vtsnap --help
      Print this help.
  vtsnap --version
      Print "vtsnap VERSION".

exit codes:
  0    success, or the dumps are equal
  1    the dumps differ, or a failed inventory; compare: the captures differ; run: the
       screen differs from the golden, or the program ended before what run waited for
  2    bad arguments or invalid input (the message names the input and the place)
  3    a capture the presenter profile invalidated
  124  run: a wait timed out (the message names what was awaited and shows the screen)
  127  run: the program cannot be started
  130  run: interrupted by SIGINT (143: SIGTERM, 129: SIGHUP); the program was stopped
)";

// glibc returns a freed block of 128 KiB or more to the kernel at once (and the top of the heap
// past 128 KiB), so a decode that grows and compacts its tables again and again (a true-colour
// recording compacts its pen table every few hundred thousand new pens) faults in fresh zeroed
// pages each time. A command runs once and exits: keeping freed memory for reuse costs nothing
// after the peak. On `sgr` at 200x60 this halves the page faults (2 860 to 1 425) and saves
// about 11% of the run (docs/performance.md, "The process's page faults").
void KeepFreedMemory() {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
}

}  // namespace

int main(int argc, char** argv) {
  KeepFreedMemory();
  // How the command was started, for the commands `run` prints to paste: "vtsnap" found in PATH,
  // or the path it was run by (made absolute below if the directory changes).
  std::string invoked_as = argc > 0 && argv[0][0] != '\0' ? argv[0] : "vtsnap";
  // Under `bazel run //:vtsnap_cli -- ...` the command starts in its runfiles; the paths given
  // (and review's default folder) mean what they mean where the user typed it, which Bazel names.
  if (const char* wd = std::getenv("BUILD_WORKING_DIRECTORY"); wd != nullptr && *wd != '\0') {
    if (invoked_as.find('/') != std::string::npos && invoked_as[0] != '/') {
      std::error_code ec;
      const std::filesystem::path absolute = std::filesystem::absolute(invoked_as, ec);
      if (!ec) invoked_as = absolute.string();
    }
    if (::chdir(wd) != 0) {
      std::cerr << "vtsnap: cannot enter BUILD_WORKING_DIRECTORY \"" << wd
                << "\": " << std::strerror(errno) << "\n";
      return 2;
    }
  }
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
  if (command == "--version") {
    std::cout << "vtsnap " << vtsnap::tools::kVersion << "\n";
    return 0;
  }
  if (command == "decode") return vtsnap::tools::RunDecode(rest, std::cout, std::cerr);
  if (command == "canon") return vtsnap::tools::RunCanon(rest, std::cout, std::cerr);
  if (command == "diff") return vtsnap::tools::RunDiff(rest, std::cout, std::cerr);
  if (command == "inventory") return vtsnap::tools::RunInventory(rest, std::cout, std::cerr);
  if (command == "compare") return vtsnap::tools::RunCompare(rest, std::cout, std::cerr);
  if (command == "render") return vtsnap::tools::RunRender(rest, std::cout, std::cerr);
  if (command == "review") return vtsnap::tools::RunReview(rest, std::cout, std::cerr);
  if (command == "run") return vtsnap::tools::RunRun(rest, std::cout, std::cerr, invoked_as);
  std::cerr << "vtsnap: unknown command '" << command << "' (see vtsnap --help)\n";
  return 2;
}
