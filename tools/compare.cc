// `vtsnap compare BEFORE AFTER`: compares two pito-tui capture folders and prints their
// Differences one a line (docs/pito.md, snapshot/pito_capture.h).
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "vtsnap/snapshot/pito_capture.h"
#include "vtsnap/tools/commands.h"

namespace vtsnap::tools {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitDiffer = 1;
constexpr int kExitInvalid = 2;

constexpr char kUsage[] =
    "usage: vtsnap compare BEFORE AFTER\n"
    "  compares two pito-tui capture folders (scenario folders of frame files named by size,\n"
    "  such as 00-home/80x24) and prints each difference on a line:\n"
    "    00-home 80x24 0,0: \"X\" Reset Reset NONE \u2192 \" \" Reset Reset NONE\n"
    "    about 40x12: +     (a frame only AFTER holds)\n"
    "    gone 80x24: -      (a frame only BEFORE holds)\n"
    "  exit 0: nothing differs; 1: something differs; 2: bad arguments, or a folder or file\n"
    "  that is not a valid capture (the message names the path, and the line and column)\n";

}  // namespace

int RunCompare(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    out << kUsage;
    return kExitOk;
  }
  if (args.size() != 2 || args[0].empty() || args[1].empty() || args[0][0] == '-' ||
      args[1][0] == '-') {
    err << kUsage;
    return kExitInvalid;
  }
  absl::StatusOr<pito::Capture> before = pito::ReadCapture(args[0]);
  if (!before.ok()) {
    err << "vtsnap compare: " << before.status().message() << "\n";
    return kExitInvalid;
  }
  absl::StatusOr<pito::Capture> after = pito::ReadCapture(args[1]);
  if (!after.ok()) {
    err << "vtsnap compare: " << after.status().message() << "\n";
    return kExitInvalid;
  }
  // Each line is written as it is found: two large frames that differ everywhere have millions
  // of Differences, and holding them (and their text) took gigabytes.
  const size_t count = pito::CompareEach(*before, *after, [&out](const pito::Difference& d) {
    out << pito::DifferenceText(d) << '\n';
  });
  return count == 0 ? kExitOk : kExitDiffer;
}

}  // namespace vtsnap::tools
