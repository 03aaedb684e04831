// The `vtsnap` command's subcommands. Each takes its arguments after the subcommand name and the
// streams to write to, and returns the process exit code documented in `vtsnap --help`:
// 0 success or equal, 1 a difference, 2 bad arguments or invalid input.
#ifndef VTSNAP_TOOLS_COMMANDS_H_
#define VTSNAP_TOOLS_COMMANDS_H_

#include <ostream>
#include <string>
#include <vector>

namespace vtsnap::tools {

int RunDecode(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int RunCanon(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int RunDiff(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int RunInventory(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Reads a whole file ("-" is stdin) into *contents; false with a message naming the file on error.
bool ReadInput(const std::string& path, std::string* contents, std::string* error);

}  // namespace vtsnap::tools

#endif  // VTSNAP_TOOLS_COMMANDS_H_
