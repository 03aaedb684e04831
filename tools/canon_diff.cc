// `vtsnap canon FILE` and `vtsnap diff A B`, and the input reader the subcommands share.
#include <sys/stat.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "vtsnap/snapshot/diff.h"
#include "vtsnap/snapshot/frame.h"
#include "vtsnap/snapshot/golden.h"
#include "vtsnap/snapshot/state_json.h"
#include "vtsnap/tools/commands.h"

namespace vtsnap::tools {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitDiffers = 1;
constexpr int kExitInvalid = 2;

// Reads and parses the golden at `path`; on failure writes "PATH: ..." / "PATH:LINE:COL: ..." to
// `err` and returns nothing.
bool LoadGolden(const std::string& path, std::ostream& err, Frame* frame) {
  std::string contents;
  std::string error;
  if (!ReadInput(path, &contents, &error)) {
    err << error << "\n";
    return false;
  }
  absl::StatusOr<Frame> parsed = golden::Parse(contents);
  if (!parsed.ok()) {
    err << (path == "-" ? "<stdin>" : path) << ":" << parsed.status().message() << "\n";
    return false;
  }
  *frame = *std::move(parsed);
  return true;
}

// Reads and parses the JSON state dump at `path`, reporting failures like LoadGolden.
bool LoadState(const std::string& path, std::ostream& err, StateDump* dump) {
  std::string contents;
  std::string error;
  if (!ReadInput(path, &contents, &error)) {
    err << error << "\n";
    return false;
  }
  absl::StatusOr<StateDump> parsed = ParseStateJson(contents, path == "-" ? "<stdin>" : path);
  if (!parsed.ok()) {
    err << parsed.status().message() << "\n";
    return false;
  }
  *dump = *std::move(parsed);
  return true;
}

// `vtsnap diff --json A B`: the fields both dumps have, after docs/state-dump.md's normalizations.
int RunJsonDiff(const std::string& a_path, const std::string& b_path, std::ostream& out,
                std::ostream& err) {
  StateDump a;
  StateDump b;
  if (!LoadState(a_path, err, &a)) return kExitInvalid;
  if (!LoadState(b_path, err, &b)) return kExitInvalid;
  const std::vector<StateDifference> differences = DiffStates(a, b);
  if (differences.empty()) return kExitOk;
  out << "--- " << a_path << "\n+++ " << b_path << "\n"
      << differences.size() << (differences.size() == 1 ? " difference" : " differences")
      << " (A != B):\n"
      << FormatStateDifferences(differences);
  return kExitDiffers;
}

}  // namespace

bool ReadInput(const std::string& path, std::string* contents, std::string* error,
               size_t max_bytes) {
  const bool is_stdin = path == "-";
  const std::string name = is_stdin ? "<stdin>" : path;
  const auto too_large = [&] {
    *error = absl::StrCat(name, ": larger than the maximum input size of ", max_bytes, " bytes (",
                          max_bytes >> 20, " MiB)");
    return false;
  };
  std::FILE* file = is_stdin ? stdin : std::fopen(path.c_str(), "rb");
  if (file == nullptr) {
    *error = name + ": " + std::strerror(errno);
    return false;
  }
  contents->clear();
  // A regular file says its size: one allocation, and a file over the limit is refused unread.
  struct stat info;
  if (::fstat(::fileno(file), &info) == 0 && S_ISREG(info.st_mode)) {
    if (static_cast<uint64_t>(info.st_size) > max_bytes) {
      if (!is_stdin) std::fclose(file);
      return too_large();
    }
    contents->reserve(static_cast<size_t>(info.st_size));
  }
  char buffer[65536];
  bool ok = true;
  while (true) {
    const size_t n = std::fread(buffer, 1, sizeof buffer, file);
    if (n > max_bytes - contents->size()) {
      ok = too_large();
      contents->clear();
      contents->shrink_to_fit();
      break;
    }
    // An input of more than one chunk whose size was not known gets room for the limit at once:
    // growing step by step would hold the old and the new buffer together, up to 1.5 times the
    // limit. Reserved pages that are never written cost no memory.
    const size_t needed = contents->size() + n;
    if (needed > contents->capacity()) {
      contents->reserve(needed <= sizeof buffer ? needed : max_bytes);
    }
    contents->append(buffer, n);
    if (n < sizeof buffer) {
      if (std::ferror(file)) {
        *error = name + ": " + std::strerror(errno);
        ok = false;
      }
      break;
    }
  }
  if (!is_stdin) std::fclose(file);
  return ok;
}

int RunCanon(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 1) {
    err << "usage: vtsnap canon FILE\n"
           "  prints the canonical form of a ckvision-golden 1 dump (\"-\" reads stdin)\n";
    return kExitInvalid;
  }
  Frame frame;
  if (!LoadGolden(args[0], err, &frame)) return kExitInvalid;
  absl::StatusOr<std::string> canonical = golden::Serialize(frame);
  if (!canonical.ok()) {
    err << args[0] << ": " << canonical.status().message() << "\n";
    return kExitInvalid;
  }
  out << *canonical;
  return kExitOk;
}

int RunDiff(const std::vector<std::string>& all_args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> args = all_args;
  const bool json = !args.empty() && args[0] == "--json";
  if (json) args.erase(args.begin());
  if (args.size() != 2) {
    err << "usage: vtsnap diff [--json] EXPECTED ACTUAL\n"
           "  compares two ckvision-golden 1 dumps (--json: two JSON state dumps, full or "
           "partial): exit 0 equal, 1 different (report on stdout), 2 invalid input\n";
    return kExitInvalid;
  }
  if (args[0] == "-" && args[1] == "-") {
    err << "vtsnap diff: only one of EXPECTED and ACTUAL can be \"-\" (stdin)\n";
    return kExitInvalid;
  }
  if (json) return RunJsonDiff(args[0], args[1], out, err);
  Frame expected;
  Frame actual;
  if (!LoadGolden(args[0], err, &expected)) return kExitInvalid;
  if (!LoadGolden(args[1], err, &actual)) return kExitInvalid;
  const FrameDiff diff = Compare(expected, actual);
  if (diff.empty()) return kExitOk;
  out << "--- " << args[0] << "\n+++ " << args[1] << "\n" << RenderDiff(diff);
  return kExitDiffers;
}

}  // namespace vtsnap::tools
