// The command-line parser every `vtsnap` subcommand uses: one way to write flags
// (`--size 80x24` or `--size=80x24`), one `--help` (the subcommand's usage on stdout, exit 0), one
// way to report a bad command line (its synopsis, then `vtsnap CMD: what is wrong`, exit 2).
//
//   std::string size = "80x24";
//   bool lossy = false;
//   std::vector<std::string> files;
//   cli::CommandLine line(kUsage);
//   line.Value("--size", &size)
//       .Switch("--lossy", &lossy)
//       .Positionals({.names = {"FILE"}, .max = 1}, &files);
//   if (std::optional<int> done = line.Parse(args, out, err)) return *done;  // --help, or an error
//
// Flags and positional arguments may come in any order (`render FILE --format png` and
// `render --format png FILE`); `--` ends the flags, and with `stop_at_first` the first positional
// argument does (`run`: PROGRAM's own flags follow it). A flag's value is the next argument
// whatever it is (`--keys -x`), or what follows `=`. `-` is a positional argument (standard
// input). `--help` and `-h` print the usage wherever they stand among the flags, even after an
// error. Nothing is global: a CommandLine lives in the subcommand that reads it.
#ifndef VTSNAP_TOOLS_CLI_H_
#define VTSNAP_TOOLS_CLI_H_

#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace vtsnap::tools::cli {

// How a subcommand is written, for `--help` and for its errors.
struct Usage {
  // The subcommand's name, which starts its messages: "vtsnap render: ...".
  const char* command;
  // One line on what it does, for the list of commands `vtsnap --help` prints.
  const char* summary;
  // "usage: vtsnap render FILE --format ...\n", one or more lines: printed above a command-line
  // error and first by --help.
  const char* synopsis;
  // What --help prints after the synopsis: what the command does, its flags, its exit codes.
  const char* details;
};

// The usage --help prints: the synopsis, then the details.
std::string HelpText(const Usage& usage);

// The positional arguments a command takes.
struct Positionals {
  // Their names as the synopsis writes them, one a position ("BEFORE", "AFTER"), for messages.
  // Past the last name the last one is repeated ("DIR" for `[DIR...]`).
  std::vector<std::string> names;
  size_t min = 0;
  size_t max = 0;  // kAny: no limit
  // The first positional argument ends the flags: it and all that follow are positional (`run`:
  // PROGRAM [ARGS...]). Only the first `names.size()` of them must be non-empty then.
  bool stop_at_first = false;
  // The message when fewer than `min` are given; empty: "missing NAME".
  std::string missing = {};
};
inline constexpr size_t kAny = static_cast<size_t>(-1);

class CommandLine {
 public:
  explicit CommandLine(const Usage& usage) : usage_(usage) {}

  // A flag without a value, `--lossy`: sets *on.
  CommandLine& Switch(std::string name, bool* on);
  // A flag with a value, `--size 80x24` or `--size=80x24`; given again, the last one counts.
  CommandLine& Value(std::string name, std::string* value);
  CommandLine& Value(std::string name, std::optional<std::string>* value);
  // A flag with a value, each occurrence passed to `on_value` in the order written (with those of
  // the other flags of this kind). An error is the command's: `vtsnap CMD: MESSAGE`, exit 2.
  CommandLine& Each(std::string name, std::function<absl::Status(const std::string&)> on_value);
  // Another name of a flag declared before (`-o` for `--output`).
  CommandLine& Alias(const std::string& alias, const std::string& name);
  // The positional arguments, in order, into *values. Without this call none are accepted.
  CommandLine& Positionals(cli::Positionals spec, std::vector<std::string>* values);

  // Reads `args` (the arguments after the subcommand's name). Returns the exit code when the
  // command is done: kExitOk after printing the usage to `out` for --help, kExitInvalid after
  // printing an error to `err`: an unknown flag, a flag without its value, a value given to a
  // switch, too few or too many positional arguments or an empty one (the synopsis, then
  // `vtsnap CMD: MESSAGE (see vtsnap help CMD)`), or a value an Each callback refused
  // (`vtsnap CMD: MESSAGE`). Returns nothing when the command should go on with what was read.
  [[nodiscard]] std::optional<int> Parse(const std::vector<std::string>& args, std::ostream& out,
                                         std::ostream& err) const;

  // Reports a command line that is wrong as a whole (two modes given at once, a required flag
  // missing) as Parse reports an unknown flag, and returns kExitInvalid.
  int Fail(std::ostream& err, absl::string_view message) const;
  // Reports a bad value or input, `vtsnap CMD: MESSAGE` on one line, and returns kExitInvalid.
  int Error(std::ostream& err, absl::string_view message) const;

 private:
  struct Flag {
    std::vector<std::string> names;
    bool takes_value = false;
    std::function<absl::Status(const std::string&)> on_value;
  };
  // One flag as written, with its value.
  struct Given {
    const Flag* flag;
    std::string value;
  };
  CommandLine& Add(std::string name, bool takes_value,
                   std::function<absl::Status(const std::string&)> on_value);
  const Flag* Find(absl::string_view name) const;
  // The first flag of args[*i] (advancing *i past its value), or an error message.
  std::optional<std::string> ReadFlag(const std::vector<std::string>& args, size_t* i,
                                      std::vector<Given>* given) const;
  std::optional<std::string> CheckPositionals(const std::vector<std::string>& values) const;

  Usage usage_;
  std::vector<Flag> flags_;
  cli::Positionals positionals_{.names = {}, .min = 0, .max = 0};
  std::vector<std::string>* positional_values_ = nullptr;
};

}  // namespace vtsnap::tools::cli

#endif  // VTSNAP_TOOLS_CLI_H_
