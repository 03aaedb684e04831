#include "bench/xterm_node.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"

namespace vtsnap::bench {
namespace {

bool IsExecutableFile(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
}

bool IsRegularFile(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

}  // namespace

absl::StatusOr<std::string> FindXtermNode(const std::string& node, const std::string& modules,
                                          const std::string& script) {
  std::string found;
  if (node.find('/') != std::string::npos) {
    if (IsExecutableFile(node)) found = node;
  } else {
    const char* path = std::getenv("PATH");
    for (absl::string_view dir : absl::StrSplit(path != nullptr ? path : "", ':')) {
      const std::string candidate = absl::StrCat(dir.empty() ? "." : dir, "/", node);
      if (IsExecutableFile(candidate)) {
        found = candidate;
        break;
      }
    }
  }
  if (found.empty()) return absl::NotFoundError(absl::StrCat(node, " not found (install Node.js)"));
  const std::string manifest = absl::StrCat(modules, "/node_modules/@xterm/headless/package.json");
  if (!IsRegularFile(manifest)) {
    return absl::NotFoundError(
        absl::StrCat(manifest, " is missing (run `npm ci` in ", modules, ", or scripts/setup.sh)"));
  }
  if (!IsRegularFile(script)) return absl::NotFoundError(absl::StrCat(script, " is missing"));
  return found;
}

}  // namespace vtsnap::bench
