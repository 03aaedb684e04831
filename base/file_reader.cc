#include "vtsnap/base/file_reader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

#include "absl/cleanup/cleanup.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "vtsnap/base/quote.h"

namespace vtsnap {

const char* FileKindName(mode_t mode) {
  if (S_ISREG(mode)) return "a regular file";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  return "a special file";
}

std::variant<std::string, FileReadFailure> ReadFileUpTo(const std::string& path, size_t max_bytes) {
  using Kind = FileReadFailure::Kind;
  // O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOCTTY: a terminal must not become
  // ours. Neither changes how a regular file is read.
  int fd;
  do {
    fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) return FileReadFailure{.kind = Kind::kCannotOpen, .error_number = errno};
  absl::Cleanup close_fd = [fd] { ::close(fd); };
  struct stat st;
  if (::fstat(fd, &st) != 0)
    return FileReadFailure{.kind = Kind::kCannotOpen, .error_number = errno};
  if (!S_ISREG(st.st_mode))
    return FileReadFailure{.kind = Kind::kNotRegularFile, .mode = st.st_mode};
  if (st.st_size < 0 || static_cast<uint64_t>(st.st_size) > max_bytes) {
    return FileReadFailure{.kind = Kind::kTooLarge, .size = static_cast<uint64_t>(st.st_size)};
  }
  // One read of the whole file in the common case: the buffer is sized from fstat plus one byte,
  // and a regular file's read that stops short of the buffer has reached the end (Linux reads of
  // regular files are not cut short otherwise), so no second read is needed to see end-of-file.
  // A file that grew meanwhile fills the buffer and is read on, up to max_bytes + 1. A size of 0
  // (/proc) says nothing, so such a file is read until read(2) returns 0.
  const bool sized = st.st_size > 0;
  const size_t capacity = static_cast<size_t>(st.st_size) + 1;
  std::string contents;
  size_t size = 0;
  const auto grew = [&] {
    return FileReadFailure{.kind = Kind::kTooLarge, .size = size, .grew = true};
  };
  while (true) {
    if (size == contents.size()) {
      if (size > max_bytes) return grew();
      contents.resize(std::min(std::max(capacity, contents.size() * 2), max_bytes + 1));
    }
    const ssize_t n = ::read(fd, contents.data() + size, contents.size() - size);
    if (n < 0) {
      if (errno == EINTR) continue;
      return FileReadFailure{.kind = Kind::kCannotRead, .error_number = errno};
    }
    if (n == 0) break;
    size += static_cast<size_t>(n);
    if (sized && size < contents.size()) break;
  }
  if (size > max_bytes) return grew();
  contents.resize(size);
  return contents;
}

absl::Status FileReadError(const std::string& path, const FileReadFailure& failure,
                           size_t max_bytes, absl::string_view limit_note) {
  const std::string reading = absl::StrCat("reading ", QuoteForMessage(path));
  switch (failure.kind) {
    case FileReadFailure::Kind::kCannotOpen:
    case FileReadFailure::Kind::kCannotRead:
      return absl::Status(absl::ErrnoToStatusCode(failure.error_number),
                          absl::StrCat(reading, ": ", std::strerror(failure.error_number)));
    case FileReadFailure::Kind::kNotRegularFile:
      return absl::FailedPreconditionError(
          absl::StrCat(reading, ": is ", FileKindName(failure.mode), ", not a regular file"));
    case FileReadFailure::Kind::kTooLarge:
      return absl::ResourceExhaustedError(
          absl::StrCat(reading, ": ", failure.grew ? "it grew while being read to over " : "it is ",
                       failure.size, " bytes, over the limit of ", max_bytes, " bytes",
                       limit_note.empty() ? "" : " ", limit_note));
  }
  return absl::InternalError(reading);
}

absl::StatusOr<std::string> ReadFileAtMost(const std::string& path, size_t max_bytes,
                                           absl::string_view limit_note) {
  std::variant<std::string, FileReadFailure> read = ReadFileUpTo(path, max_bytes);
  if (auto* failure = std::get_if<FileReadFailure>(&read)) {
    return FileReadError(path, *failure, max_bytes, limit_note);
  }
  return std::get<std::string>(std::move(read));
}

}  // namespace vtsnap
