// `vtsnap compare BEFORE AFTER`: compares two pito-tui capture folders and prints their
// Differences one a line (docs/pito.md, snapshot/formats/pito_capture.h).
#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "vtsnap/snapshot/formats/pito_capture.h"
#include "vtsnap/tools/cli.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/exit_codes.h"

namespace vtsnap::tools {

const cli::Usage kCompareUsage = {
    .command = "compare",
    .summary = "Compare two pito-tui capture folders.",
    .synopsis = "usage: vtsnap compare BEFORE AFTER\n",
    .details =
        "  compares two pito-tui capture folders (scenario folders of frame files named by size,\n"
        "  such as 00-home/80x24) and prints each difference on a line:\n"
        "    00-home 80x24 0,0: \"X\" Reset Reset NONE \u2192 \" \" Reset Reset NONE\n"
        "    about 40x12: +     (a frame only AFTER holds)\n"
        "    gone 80x24: -      (a frame only BEFORE holds)\n"
        "  exit 0: nothing differs; 1: something differs; 2: bad arguments, or a folder or file\n"
        "  that is not a valid capture (the message names the path, and the line and column)\n"};

int RunCompare(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> folders;
  cli::CommandLine line(kCompareUsage);
  line.Positionals({.names = {"BEFORE", "AFTER"}, .min = 2, .max = 2}, &folders);
  if (std::optional<int> done = line.Parse(args, out, err)) return *done;
  absl::StatusOr<pito::Capture> before = pito::ReadCapture(folders[0]);
  if (!before.ok()) return line.Error(err, before.status().message());
  absl::StatusOr<pito::Capture> after = pito::ReadCapture(folders[1]);
  if (!after.ok()) return line.Error(err, after.status().message());
  // Each line is written as it is found: two large frames that differ everywhere have millions
  // of Differences, and holding them (and their text) took gigabytes.
  const size_t count = pito::CompareEach(*before, *after, [&out](const pito::Difference& d) {
    out << pito::DifferenceText(d) << '\n';
  });
  return count == 0 ? kExitOk : kExitDiffers;
}

}  // namespace vtsnap::tools
