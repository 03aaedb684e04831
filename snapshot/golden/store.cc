#include "vtsnap/snapshot/golden/store.h"

#include <dirent.h>
#include <fcntl.h>
// NOLINTNEXTLINE(modernize-deprecated-headers): kill() is POSIX, which <csignal> need not declare
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <system_error>
#include <utility>
#include <variant>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "vtsnap/base/file_reader.h"
#include "vtsnap/base/quote.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;

// An error for `what` (e.g. `writing "/x/y.dump"`) failing with `error_number`.
absl::Status ErrnoError(int error_number, absl::string_view what) {
  return absl::Status(absl::ErrnoToStatusCode(error_number),
                      absl::StrCat(what, ": ", std::strerror(error_number)));
}

// A process-wide counter so two threads never pick one temporary name.
std::atomic<unsigned long> temp_counter{0};

int OpenNoIntr(const char* path, int flags, mode_t mode = 0) {
  int fd;
  do {
    fd = ::open(path, flags, mode);
  } while (fd < 0 && errno == EINTR);
  return fd;
}

// Writes all of `data` to `fd`; false with errno set on failure.
bool WriteAll(int fd, absl::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

bool IsGoldenNameByte(char c) {
  return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
}

// Removes `name` in the directory `dir_fd` (shown as `dir`) when it is a stale temporary (see
// RemoveStaleTemporaries); true when it was removed, and then reported on stderr.
bool RemoveIfStaleTemporary(int dir_fd, const std::string& dir, const char* name) {
  const int pid = StoreTemporaryOwner(name);
  if (pid <= 0 || pid == ::getpid()) return false;
  struct stat st;
  if (::fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode)) {
    return false;
  }
  if (std::time(nullptr) - st.st_mtime < kStaleTemporarySeconds) return false;
  if (::kill(pid, 0) == 0 || errno != ESRCH) return false;  // alive, or not ours to ask
  if (::unlinkat(dir_fd, name, 0) != 0) return false;
  const std::string path = dir.empty() ? name : absl::StrCat(dir, "/", name);
  std::fprintf(stderr, "vtsnap: removed stale temporary %s left by process %d\n", path.c_str(),
               pid);
  return true;
}

// RemoveStaleTemporaries, once per directory in this process.
void RemoveStaleTemporariesOnce(const std::string& dir) {
  static std::mutex mu;
  static auto* const done = new std::set<std::string>();  // never destroyed
  {
    std::lock_guard<std::mutex> lock(mu);
    if (!done->insert(dir).second) return;
  }
  (void)RemoveStaleTemporaries(dir);
}

// The temporary directory as std::filesystem::temp_directory_path names it, without its stat.
std::string TempDirectoryName() {
  for (const char* var : {"TMPDIR", "TMP", "TEMP", "TEMPDIR"}) {
    const char* dir = std::getenv(var);
    if (dir != nullptr) return dir;
  }
  return "/tmp";
}

}  // namespace

absl::StatusOr<UpdateMode> ParseUpdateMode(const char* value, bool in_ci) {
  if (value == nullptr) return UpdateMode::kOff;
  const absl::string_view v(value);
  if (v.empty() || v == "0") return UpdateMode::kOff;
  if (v == "force") return UpdateMode::kForce;
  if (v == "1" || v == "new") {
    if (in_ci) {
      return absl::FailedPreconditionError(absl::StrCat(
          "UPDATE_GOLDENS=", v,
          " is refused in CI (the CI environment variable is set): CI never writes goldens "
          "silently; set UPDATE_GOLDENS=force to write them anyway"));
    }
    return v == "1" ? UpdateMode::kAll : UpdateMode::kNew;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("UPDATE_GOLDENS=", QuoteForMessage(v),
                   " is not a valid value; accepted: \"\" or 0 (never write), 1 (write missing and "
                   "mismatched goldens), new (write missing goldens only), force (1, even in CI)"));
}

bool EnvironmentSaysCi() {
  const char* ci = std::getenv("CI");
  if (ci == nullptr) return false;
  const absl::string_view v(ci);
  return !(v.empty() || v == "0" || absl::EqualsIgnoreCase(v, "false"));
}

absl::Status ValidateGoldenName(absl::string_view name, absl::string_view extension) {
  const auto invalid = [name](absl::string_view rule) {
    return absl::InvalidArgumentError(
        absl::StrCat("invalid golden name ", QuoteForMessage(name), ": ", rule,
                     " (a name is one or more '/'-separated segments of A-Z a-z 0-9 . _ -)"));
  };
  if (name.empty()) return invalid("it is empty");
  if (name.front() == '/') return invalid("it is an absolute path");
  for (size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (c == '/' || IsGoldenNameByte(c)) continue;
    if (c == '\0') return invalid(absl::StrCat("it contains a NUL byte at offset ", i));
    return invalid(absl::StrCat("byte ", QuoteForMessage(absl::string_view(&c, 1)), " at offset ",
                                i, " is not allowed"));
  }
  const std::vector<absl::string_view> segments = absl::StrSplit(name, '/');
  for (absl::string_view segment : segments) {
    if (segment.empty()) return invalid("it has an empty segment");
    if (segment == "." || segment == "..") {
      return invalid(absl::StrCat("it has a \"", segment, "\" segment"));
    }
    // A hidden name is never a golden: "" would be written as the hidden ".dump", ".git/config"
    // would reach into a repository's own files, and ".x.tmp.1" would be taken for one of the
    // store's temporary files (".<name>.tmp.<pid>.<n>").
    if (absl::StartsWith(segment, ".")) {
      return invalid(absl::StrCat("segment ", QuoteForMessage(segment),
                                  " starts with '.', which makes a hidden file or folder"));
    }
    if (segment.size() > kMaxFileNameBytes) {
      return invalid(absl::StrCat("a segment is ", segment.size(), " bytes, over the ",
                                  kMaxFileNameBytes, " a file name may have"));
    }
  }
  // A golden's .actual (written beside it, or under the test's outputs folder, when it does not
  // match) must fit in a file name too, or a failing test would have nothing to review.
  constexpr absl::string_view kActual = ".actual";
  if (!extension.empty() &&
      segments.back().size() + extension.size() + kActual.size() > kMaxFileNameBytes) {
    return invalid(absl::StrCat("its last segment, \"", extension, "\" and the \"", kActual,
                                "\" written on a mismatch make a file name of ",
                                segments.back().size() + extension.size() + kActual.size(),
                                " bytes, over the ", kMaxFileNameBytes, " a file name may have"));
  }
  return absl::OkStatus();
}

GoldenFolder GoldenFolderFor(absl::string_view test_file, absl::string_view root_override) {
  const fs::path file{std::string(test_file)};
  const fs::path base =
      root_override.empty() ? file.parent_path() : fs::path(std::string(root_override));
  const fs::path read = base / "goldens" / file.stem();
  fs::path write = read;
  if (base.is_relative()) {
    const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
    if (workspace != nullptr && workspace[0] != '\0') write = fs::path(workspace) / read;
  }
  return {.read = read.generic_string(), .write = write.generic_string()};
}

absl::Status WriteFileAtomically(const std::string& path, absl::string_view contents) {
  const fs::path target(path);
  if (!target.has_filename()) {
    return absl::InvalidArgumentError(
        absl::StrCat("writing ", QuoteForMessage(path), ": the path names no file"));
  }
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    return absl::Status(absl::ErrnoToStatusCode(ec.value()),
                        absl::StrCat("creating directory ", QuoteForMessage(dir.string()), " for ",
                                     QuoteForMessage(path), ": ", ec.message()));
  }
  RemoveStaleTemporariesOnce(dir.string());
  // ".<file name>.tmp.<pid>.<counter>", the file name cut short when the whole would not fit in
  // a file name (the pid and counter keep it unique; O_EXCL makes sure).
  const std::string suffix =
      absl::StrCat(".tmp.", ::getpid(), ".", temp_counter.fetch_add(1, std::memory_order_relaxed));
  std::string file_part = target.filename().string();
  if (1 + file_part.size() + suffix.size() > kMaxFileNameBytes) {
    file_part.resize(kMaxFileNameBytes - 1 - suffix.size());
  }
  const fs::path temp = dir / absl::StrCat(".", file_part, suffix);
  const std::string temp_name = temp.string();
  const int fd =
      OpenNoIntr(temp_name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0) {
    return ErrnoError(errno,
                      absl::StrCat("writing ", QuoteForMessage(path), " (creating temporary file ",
                                   QuoteForMessage(temp_name), ")"));
  }
  const auto fail = [&](absl::string_view step) {
    const int error_number = errno;
    ::unlink(temp_name.c_str());
    return ErrnoError(error_number,
                      absl::StrCat("writing ", QuoteForMessage(path), " (", step, ")"));
  };
  if (!WriteAll(fd, contents)) {
    ::close(fd);
    return fail("writing the temporary file");
  }
  if (::fsync(fd) != 0) {
    ::close(fd);
    return fail("flushing the temporary file");
  }
  if (::close(fd) != 0) return fail("closing the temporary file");
  if (::rename(temp_name.c_str(), path.c_str()) != 0) {
    return fail("renaming the temporary file over it");
  }
  // Make the rename itself durable; the new file is in place whatever this says.
  const int dir_fd = OpenNoIntr(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
  return absl::OkStatus();
}

absl::StatusOr<std::optional<std::string>> ReadFileIfExists(const std::string& path,
                                                            size_t max_bytes) {
  std::variant<std::string, FileReadFailure> read = ReadFileUpTo(path, max_bytes);
  if (auto* failure = std::get_if<FileReadFailure>(&read)) {
    if (failure->kind == FileReadFailure::Kind::kCannotOpen &&
        (failure->error_number == ENOENT || failure->error_number == ENOTDIR)) {
      return std::optional<std::string>();
    }
    return FileReadError(path, *failure, max_bytes, "a golden may have");
  }
  return std::optional<std::string>(std::get<std::string>(std::move(read)));
}

absl::Status RemoveFileIfExists(const std::string& path) {
  if (::unlink(path.c_str()) == 0 || errno == ENOENT || errno == ENOTDIR) {
    return absl::OkStatus();
  }
  return ErrnoError(errno, absl::StrCat("removing ", QuoteForMessage(path)));
}

absl::Status CheckNoLinkBelow(absl::string_view root, absl::string_view path) {
  if (path == root) return absl::OkStatus();  // nothing below it
  size_t from = 0;
  if (!root.empty() && path.size() > root.size() && absl::StartsWith(path, root) &&
      (path[root.size()] == '/' || root.back() == '/')) {
    from = root.size();
  }
  // Each prefix of `path` that ends a component past `root`, shortest first.
  for (size_t end = path.find('/', from + 1);; end = path.find('/', end + 1)) {
    const std::string prefix(path.substr(0, end));
    if (!prefix.empty() && prefix.back() != '/') {
      struct stat st;
      if (::lstat(prefix.c_str(), &st) != 0) return absl::OkStatus();  // not there yet
      if (S_ISLNK(st.st_mode)) {
        std::error_code ec;
        const fs::path target = fs::read_symlink(prefix, ec);
        return absl::FailedPreconditionError(
            absl::StrCat(prefix, " is a symbolic link", ec ? "" : " (to " + target.string() + ")",
                         "; vtsnap writes and deletes nothing through a link: make it a real "
                         "folder"));
      }
    }
    if (end == absl::string_view::npos) return absl::OkStatus();
  }
}

std::vector<std::string> ListGoldenFiles(const std::string& folder, std::string* error) {
  std::vector<std::string> files;
  std::error_code ec;
  const fs::path root(folder);
  if (!fs::exists(root, ec)) return files;
  if (!fs::is_directory(root, ec)) {
    if (error != nullptr) *error = absl::StrCat(folder, ": not a directory");
    return files;
  }
  // Without an error to report to, unreadable subdirectories are skipped.
  const auto options = error == nullptr ? fs::directory_options::skip_permission_denied
                                        : fs::directory_options::none;
  fs::recursive_directory_iterator it(root, options, ec);
  for (const fs::recursive_directory_iterator end; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    if (!it->is_regular_file(type_ec) || type_ec) continue;
    const std::string name = it->path().filename().string();
    std::string relative = it->path().lexically_relative(root).generic_string();
    // .actual files do not end in a golden suffix, nor lie in a ".capture" folder (a capture's
    // are in "<name>.capture.actual"); hidden temporaries (".<name>.tmp.<pid>.<n>", from
    // WriteFileAtomically or another writer) are never goldens, whatever they end in.
    if (absl::StartsWith(name, ".") && absl::StrContains(name, ".tmp.")) {
      // A writer killed mid-update left it: gone once its process is.
      const std::string parent = it->path().parent_path().string();
      const int dir_fd = OpenNoIntr(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (dir_fd >= 0) {
        (void)RemoveIfStaleTemporary(dir_fd, parent, name.c_str());
        ::close(dir_fd);
      }
      continue;
    }
    if (!IsGoldenFileName(name) && !IsInCaptureGolden(relative)) continue;
    files.push_back(std::move(relative));
  }
  if (ec && error != nullptr) *error = absl::StrCat(folder, ": ", ec.message());
  std::sort(files.begin(), files.end());
  return files;
}

int StoreTemporaryOwner(absl::string_view file_name) {
  const size_t marker = file_name.rfind(".tmp.");
  if (file_name.size() < 2 || file_name[0] != '.' || marker == absl::string_view::npos ||
      marker < 2) {
    return 0;
  }
  const std::vector<absl::string_view> numbers = absl::StrSplit(file_name.substr(marker + 5), '.');
  int pid = 0;
  uint64_t counter = 0;
  if (numbers.size() != 2 || numbers[0].empty() || numbers[1].empty() ||
      !absl::c_all_of(numbers[0], absl::ascii_isdigit) ||
      !absl::c_all_of(numbers[1], absl::ascii_isdigit) || !absl::SimpleAtoi(numbers[0], &pid) ||
      !absl::SimpleAtoi(numbers[1], &counter) || pid <= 0) {
    return 0;
  }
  return pid;
}

std::vector<std::string> RemoveStaleTemporaries(const std::string& dir) {
  std::vector<std::string> removed;
  DIR* d = ::opendir(dir.empty() ? "." : dir.c_str());
  if (d == nullptr) return removed;
  while (const struct dirent* e = ::readdir(d)) {
    if (RemoveIfStaleTemporary(::dirfd(d), dir, e->d_name)) {
      removed.push_back(dir.empty() ? e->d_name : absl::StrCat(dir, "/", e->d_name));
    }
  }
  ::closedir(d);
  return removed;
}

std::string PrivateActualFolderPath() {
  return absl::StrCat(TempDirectoryName(), "/vtsnap-actual-", ::getuid());
}

absl::StatusOr<std::string> PrivateActualFolder() {
  const std::string folder = PrivateActualFolderPath();
  const auto refuse = [&folder](absl::string_view what) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the folder for .actual files ", QuoteForMessage(folder), " ", what,
        "; nothing is written there (remove it, or set TMPDIR to a folder of your own)"));
  };
  const bool created = ::mkdir(folder.c_str(), 0700) == 0;
  if (!created && errno != EEXIST) {
    return ErrnoError(
        errno, absl::StrCat("creating the folder for .actual files ", QuoteForMessage(folder)));
  }
  // Checked through a descriptor of the folder itself, never through a link.
  const int fd = OpenNoIntr(folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    const int error_number = errno;
    struct stat st;
    if (::lstat(folder.c_str(), &st) == 0) {
      if (S_ISLNK(st.st_mode)) return refuse("is a symbolic link, not a directory");
      if (!S_ISDIR(st.st_mode)) {
        return refuse(absl::StrCat("is ", FileKindName(st.st_mode), ", not a directory"));
      }
    }
    return ErrnoError(error_number, absl::StrCat("opening the folder for .actual files ",
                                                 QuoteForMessage(folder)));
  }
  // The umask may have taken bits away from a folder made now; it is ours alone either way.
  if (created) (void)::fchmod(fd, 0700);
  struct stat st;
  const int stat_result = ::fstat(fd, &st);
  const int error_number = errno;
  ::close(fd);
  if (stat_result != 0) {
    return ErrnoError(error_number, absl::StrCat("checking the folder for .actual files ",
                                                 QuoteForMessage(folder)));
  }
  if (st.st_uid != ::getuid()) {
    return refuse(
        absl::StrCat("is owned by user ", st.st_uid, ", not by this user (", ::getuid(), ")"));
  }
  if ((st.st_mode & 07777) != 0700) {
    return refuse(absl::StrFormat("has mode %04o, not 0700 (others could change what is in it)",
                                  st.st_mode & 07777));
  }
  return folder;
}

bool IsGoldenFileName(absl::string_view name) {
  for (absl::string_view ext : kGoldenExtensions) {
    if (absl::EndsWith(name, ext)) return true;
  }
  return false;
}

namespace {
// The offset of the end of the first ".capture" directory segment of `path`, or npos.
size_t CaptureSegmentEnd(absl::string_view path) {
  size_t start = 0;
  while (true) {
    const size_t slash = path.find('/', start);
    if (slash == absl::string_view::npos) return absl::string_view::npos;  // the last segment
    if (absl::EndsWith(path.substr(start, slash - start), kCaptureGoldenSuffix) &&
        slash - start > kCaptureGoldenSuffix.size()) {
      return slash;
    }
    start = slash + 1;
  }
}
}  // namespace

bool IsInCaptureGolden(absl::string_view path) {
  return CaptureSegmentEnd(path) != absl::string_view::npos;
}

absl::string_view StripGoldenExtension(absl::string_view path) {
  if (const size_t end = CaptureSegmentEnd(path); end != absl::string_view::npos) {
    return path.substr(0, end - kCaptureGoldenSuffix.size());
  }
  for (absl::string_view ext : kGoldenExtensions) {
    if (absl::ConsumeSuffix(&path, ext)) return path;
  }
  return path;
}

std::string ShellQuote(absl::string_view word) {
  std::string out = "'";
  for (char c : word) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

std::string ShellQuoteIfNeeded(absl::string_view word) {
  if (!word.empty() &&
      word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:"
                             "@%+,") == absl::string_view::npos) {
    return std::string(word);
  }
  return ShellQuote(word);
}

bool IsWritableDirectory(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec) || ec) return false;
  const std::string probe =
      (fs::path(dir) / absl::StrCat(".vtsnap-probe.", ::getpid(), ".",
                                    temp_counter.fetch_add(1, std::memory_order_relaxed)))
          .string();
  const int fd = OpenNoIntr(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) return false;
  ::close(fd);
  ::unlink(probe.c_str());
  return true;
}

}  // namespace vtsnap
