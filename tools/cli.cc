#include "vtsnap/tools/cli.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "vtsnap/tools/exit_codes.h"

namespace vtsnap::tools::cli {
namespace {

// Whether `arg` is written as a flag: "-x" or "--xyz". "-" alone is standard input, "" a value.
bool LooksLikeFlag(absl::string_view arg) { return arg.size() > 1 && arg[0] == '-'; }

bool IsHelp(absl::string_view arg) { return arg == "--help" || arg == "-h"; }

}  // namespace

std::string HelpText(const Usage& usage) { return absl::StrCat(usage.synopsis, usage.details); }

CommandLine& CommandLine::Add(std::string name, bool takes_value,
                              std::function<absl::Status(const std::string&)> on_value) {
  flags_.push_back(
      {.names = {std::move(name)}, .takes_value = takes_value, .on_value = std::move(on_value)});
  return *this;
}

CommandLine& CommandLine::Switch(std::string name, bool* on) {
  return Add(std::move(name), false, [on](const std::string&) {
    *on = true;
    return absl::OkStatus();
  });
}

CommandLine& CommandLine::Value(std::string name, std::string* value) {
  return Add(std::move(name), true, [value](const std::string& v) {
    *value = v;
    return absl::OkStatus();
  });
}

CommandLine& CommandLine::Value(std::string name, std::optional<std::string>* value) {
  return Add(std::move(name), true, [value](const std::string& v) {
    *value = v;
    return absl::OkStatus();
  });
}

CommandLine& CommandLine::Each(std::string name,
                               std::function<absl::Status(const std::string&)> on_value) {
  return Add(std::move(name), true, std::move(on_value));
}

CommandLine& CommandLine::Alias(const std::string& alias, const std::string& name) {
  for (Flag& flag : flags_) {
    if (flag.names.front() == name) flag.names.push_back(alias);
  }
  return *this;
}

CommandLine& CommandLine::Positionals(cli::Positionals spec, std::vector<std::string>* values) {
  positionals_ = std::move(spec);
  positional_values_ = values;
  return *this;
}

const CommandLine::Flag* CommandLine::Find(absl::string_view name) const {
  for (const Flag& flag : flags_) {
    if (std::find(flag.names.begin(), flag.names.end(), name) != flag.names.end()) return &flag;
  }
  return nullptr;
}

std::optional<std::string> CommandLine::ReadFlag(const std::vector<std::string>& args, size_t* i,
                                                 std::vector<Given>* given) const {
  const std::string& arg = args[*i];
  const size_t eq = arg.find('=');
  const std::string name = arg.substr(0, eq);
  const Flag* flag = Find(name);
  if (flag == nullptr) return absl::StrCat("unknown option '", arg, "'");
  if (!flag->takes_value) {
    if (eq != std::string::npos) return absl::StrCat(name, " takes no value ('", arg, "')");
    given->push_back({flag, ""});
    return std::nullopt;
  }
  if (eq != std::string::npos) {
    given->push_back({flag, arg.substr(eq + 1)});
  } else if (*i + 1 < args.size()) {
    given->push_back({flag, args[++*i]});
  } else {
    return absl::StrCat(name, " needs a value");
  }
  return std::nullopt;
}

std::optional<std::string> CommandLine::CheckPositionals(
    const std::vector<std::string>& values) const {
  const cli::Positionals& spec = positionals_;
  auto name = [&spec](size_t i) -> std::string {
    if (spec.names.empty()) return "argument";
    return spec.names[std::min(i, spec.names.size() - 1)];
  };
  if (values.size() > spec.max) {
    if (spec.max == 0) return absl::StrCat("unexpected argument '", values[0], "'");
    if (spec.max == 1) {
      return absl::StrCat("more than one ", name(0), " ('", values[0], "' and '", values[1], "')");
    }
    return absl::StrCat("unexpected argument '", values[spec.max], "' (at most ", spec.max, ": ",
                        absl::StrJoin(spec.names, " "), ")");
  }
  if (values.size() < spec.min) {
    return spec.missing.empty() ? absl::StrCat("missing ", name(values.size())) : spec.missing;
  }
  const size_t named =
      spec.stop_at_first ? std::min(values.size(), spec.names.size()) : values.size();
  for (size_t i = 0; i < named; ++i) {
    if (values[i].empty()) return absl::StrCat(name(i), " is empty ('')");
  }
  return std::nullopt;
}

std::optional<int> CommandLine::Parse(const std::vector<std::string>& args, std::ostream& out,
                                      std::ostream& err) const {
  std::vector<Given> given;
  std::vector<std::string> positional;
  std::optional<std::string> error;  // the first one: the rest of the line is still read for --help
  bool help = false;
  bool flags_ended = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (flags_ended || !LooksLikeFlag(arg)) {
      positional.push_back(arg);
      flags_ended = flags_ended || positionals_.stop_at_first;
    } else if (arg == "--") {
      flags_ended = true;
    } else if (IsHelp(arg)) {
      help = true;
    } else if (std::optional<std::string> bad = ReadFlag(args, &i, &given); bad && !error) {
      error = std::move(bad);
    }
  }
  if (help) {
    out << HelpText(usage_);
    return kExitOk;
  }
  if (!error) error = CheckPositionals(positional);
  if (error) return Fail(err, *error);
  for (const Given& g : given) {
    if (absl::Status s = g.flag->on_value(g.value); !s.ok()) return Error(err, s.message());
  }
  if (positional_values_ != nullptr) *positional_values_ = std::move(positional);
  return std::nullopt;
}

int CommandLine::Fail(std::ostream& err, absl::string_view message) const {
  err << usage_.synopsis << "vtsnap " << usage_.command << ": " << message << " (see vtsnap help "
      << usage_.command << ")\n";
  return kExitInvalid;
}

int CommandLine::Error(std::ostream& err, absl::string_view message) const {
  err << "vtsnap " << usage_.command << ": " << message << "\n";
  return kExitInvalid;
}

}  // namespace vtsnap::tools::cli
