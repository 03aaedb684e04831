// `vtsnap decode`: feeds a recording to an xterm-profile terminal and prints the final screen as
// text or as a ckvision-golden 1 dump.
#include <string>
#include <vector>

#include "decoder/size.h"
#include "decoder/virtual_terminal.h"
#include "snapshot/capture.h"
#include "snapshot/golden.h"
#include "tools/commands.h"

namespace vtsnap::tools {

int RunDecode(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::string size = "80x24";
  std::string format = "text";
  std::string path = "-";
  bool have_path = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](const std::string& flag, std::string* dest) {
      if (a == flag) {
        if (i + 1 >= args.size()) {
          err << "vtsnap decode: " << flag << " needs a value\n";
          return -1;
        }
        *dest = args[++i];
        return 1;
      }
      if (a.rfind(flag + "=", 0) == 0) {
        *dest = a.substr(flag.size() + 1);
        return 1;
      }
      return 0;
    };
    int r = value("--size", &size);
    if (r == 0) r = value("--format", &format);
    if (r < 0) return 2;
    if (r > 0) continue;
    if (a.size() > 1 && a[0] == '-') {
      err << "vtsnap decode: unknown option '" << a << "' (see vtsnap --help)\n";
      return 2;
    }
    if (have_path) {
      err << "vtsnap decode: more than one input file ('" << path << "' and '" << a << "')\n";
      return 2;
    }
    path = a;
    have_path = true;
  }
  auto parsed = ParseSize(size);
  if (!parsed.ok()) {
    err << "vtsnap decode: --size '" << size << "': " << parsed.status().message() << "\n";
    return 2;
  }
  if (format != "text" && format != "golden") {
    err << "vtsnap decode: unknown --format '" << format << "' (expected text or golden)\n";
    return 2;
  }
  std::string bytes;
  std::string error;
  if (!ReadInput(path, &bytes, &error)) {
    err << "vtsnap decode: " << error << "\n";
    return 2;
  }
  VirtualTerminal vt({.cols = parsed->cols, .rows = parsed->rows});
  vt.Write(bytes);
  if (format == "golden") {
    absl::StatusOr<std::string> dump = golden::Serialize(CaptureFrame(vt));
    if (!dump.ok()) {
      err << "vtsnap decode: " << path
          << ": the final screen cannot be written as a golden: " << dump.status().message()
          << "\n";
      return 2;
    }
    out << *dump;
    return 0;
  }
  out << vt.ScreenText() << "\n";
  return 0;
}

}  // namespace vtsnap::tools
