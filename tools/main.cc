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

#include "absl/strings/str_join.h"
#include "vtsnap/tools/cli.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/exit_codes.h"
#include "vtsnap/tools/version.h"

namespace {

constexpr char kIntro[] =
    "vtsnap: decode terminal output, run programs, and compare terminal screens.\n";

// The subcommands, in the order `vtsnap --help` lists them.
struct Command {
  const vtsnap::tools::cli::Usage* usage;
  int (*run)(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
             const std::string& invoked_as);
};

template <int (*kRun)(const std::vector<std::string>&, std::ostream&, std::ostream&)>
int Without(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
            const std::string&) {
  return kRun(args, out, err);
}

int Run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
        const std::string& invoked_as) {
  return vtsnap::tools::RunRun(args, out, err, invoked_as);
}

const Command kCommands[] = {
    {&vtsnap::tools::kDecodeUsage, Without<vtsnap::tools::RunDecode>},
    {&vtsnap::tools::kCanonUsage, Without<vtsnap::tools::RunCanon>},
    {&vtsnap::tools::kDiffUsage, Without<vtsnap::tools::RunDiff>},
    {&vtsnap::tools::kTextconvUsage, Without<vtsnap::tools::RunTextconv>},
    {&vtsnap::tools::kInventoryUsage, Without<vtsnap::tools::RunInventory>},
    {&vtsnap::tools::kCompareUsage, Without<vtsnap::tools::RunCompare>},
    {&vtsnap::tools::kRunUsage, Run},
    {&vtsnap::tools::kRecordUsage, Without<vtsnap::tools::RunRecord>},
    {&vtsnap::tools::kRenderUsage, Without<vtsnap::tools::RunRender>},
    {&vtsnap::tools::kReviewUsage, Without<vtsnap::tools::RunReview>},
};

const Command* FindCommand(const std::string& name) {
  for (const Command& command : kCommands) {
    if (name == command.usage->command) return &command;
  }
  return nullptr;
}

// `vtsnap --help`: each command's synopsis and what it does, then the exit codes.
std::string Help() {
  std::string help = kIntro;
  help += "\ncommands (vtsnap help COMMAND, or vtsnap COMMAND --help, says more of one):\n";
  for (const Command& command : kCommands) {
    help += "\n";
    help += command.usage->synopsis;
    help += "  ";
    help += command.usage->summary;
    help += "\n";
  }
  help += R"(
  vtsnap help [COMMAND]
      Print this help, or COMMAND's usage (as vtsnap COMMAND --help does).
  vtsnap --version
      Print "vtsnap VERSION".

exit codes:
  0    success, or the dumps are equal
  1    the dumps differ, or a failed inventory; compare: the captures differ; run: the
       screen differs from the golden, or the program ended before what run waited for
  2    bad arguments or invalid input (the message names the input and the place)
  3    a capture the presenter profile invalidated
  124  run: a wait timed out (the message names what was awaited and shows the screen)
  127  run, record: the program cannot be started
  130  run, record: interrupted by SIGINT (143: SIGTERM, 129: SIGHUP); the program was stopped
)";
  return help;
}

// `vtsnap help [COMMAND]`.
int RunHelp(const std::vector<std::string>& rest) {
  if (rest.empty()) {
    std::cout << Help();
    return vtsnap::tools::kExitOk;
  }
  const Command* command = rest.size() == 1 ? FindCommand(rest[0]) : nullptr;
  if (command == nullptr) {
    std::cerr << "vtsnap help: unknown command '" << absl::StrJoin(rest, " ")
              << "' (see vtsnap --help)\n";
    return vtsnap::tools::kExitInvalid;
  }
  std::cout << vtsnap::tools::cli::HelpText(*command->usage);
  return vtsnap::tools::kExitOk;
}

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
      return vtsnap::tools::kExitInvalid;
    }
  }
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::cerr << Help();
    return vtsnap::tools::kExitInvalid;
  }
  const std::string name = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (name == "--help" || name == "-h") return RunHelp({});
  if (name == "help") return RunHelp(rest);
  if (name == "--version") {
    std::cout << "vtsnap " << vtsnap::tools::kVersion << "\n";
    return vtsnap::tools::kExitOk;
  }
  if (const Command* command = FindCommand(name)) {
    return command->run(rest, std::cout, std::cerr, invoked_as);
  }
  std::cerr << "vtsnap: unknown command '" << name << "' (see vtsnap --help)\n";
  return vtsnap::tools::kExitInvalid;
}
