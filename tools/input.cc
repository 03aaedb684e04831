// The commands' input reading (input.h), and ReadInput (commands.h) on top of it.
#include "vtsnap/tools/input.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "vtsnap/tools/commands.h"

namespace vtsnap::tools {

InputReader::InputReader(int fd, bool owned, std::string name, std::optional<uint64_t> regular_size)
    : fd_(fd),
      owned_(owned),
      name_(std::move(name)),
      regular_size_(regular_size),
      buffer_(new char[kInputChunkBytes]) {}

InputReader::~InputReader() {
  if (owned_) ::close(fd_);
}

absl::StatusOr<std::unique_ptr<InputReader>> InputReader::Open(const std::string& path) {
  const bool is_stdin = path == "-";
  std::string name = is_stdin ? "<stdin>" : path;
  int fd = STDIN_FILENO;
  if (!is_stdin) {
    do {
      fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    } while (fd < 0 && errno == EINTR);  // a FIFO's open waits for a writer
    if (fd < 0) return absl::InvalidArgumentError(absl::StrCat(name, ": ", std::strerror(errno)));
  }
  std::optional<uint64_t> regular_size;
  struct stat info;
  if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
    regular_size = static_cast<uint64_t>(info.st_size);
  }
  return std::unique_ptr<InputReader>(
      new InputReader(fd, !is_stdin, std::move(name), regular_size));
}

absl::StatusOr<absl::string_view> InputReader::Next() {
  // Fill the whole buffer (a pipe delivers what its writer wrote so far, often less), so chunks
  // are kInputChunkBytes as in bench/ and each costs one Write.
  size_t filled = 0;
  while (filled < kInputChunkBytes) {
    const ssize_t n = ::read(fd_, buffer_.get() + filled, kInputChunkBytes - filled);
    if (n < 0) {
      if (errno == EINTR) continue;
      const uint64_t at = offset_ + filled;
      return absl::InvalidArgumentError(
          at == 0 ? absl::StrCat(name_, ": ", std::strerror(errno))
                  : absl::StrCat(name_, ": at byte offset ", at, ": ", std::strerror(errno)));
    }
    if (n == 0) break;
    filled += static_cast<size_t>(n);
  }
  offset_ += filled;
  return absl::string_view(buffer_.get(), filled);
}

absl::Status InputTooLarge(absl::string_view name, size_t max_bytes) {
  return absl::InvalidArgumentError(absl::StrCat(name, ": larger than the maximum input size of ",
                                                 max_bytes, " bytes (", max_bytes >> 20, " MiB)"));
}

absl::Status ReadRest(InputReader& reader, std::string* contents, size_t max_bytes) {
  // A regular file says its size: one allocation, and a file over the limit is refused unread.
  if (reader.regular_file_size().has_value()) {
    if (*reader.regular_file_size() > max_bytes) return InputTooLarge(reader.name(), max_bytes);
    contents->reserve(static_cast<size_t>(*reader.regular_file_size()));
  }
  while (true) {
    absl::StatusOr<absl::string_view> chunk = reader.Next();
    if (!chunk.ok()) return chunk.status();
    if (chunk->empty()) return absl::OkStatus();
    if (chunk->size() > max_bytes - std::min(max_bytes, contents->size())) {
      contents->clear();
      contents->shrink_to_fit();
      return InputTooLarge(reader.name(), max_bytes);
    }
    // An input of more than one chunk whose size was not known gets room for the limit at once:
    // growing step by step would hold the old and the new buffer together, up to 1.5 times the
    // limit. Reserved pages that are never written cost no memory.
    const size_t needed = contents->size() + chunk->size();
    if (needed > contents->capacity()) {
      contents->reserve(needed <= kInputChunkBytes ? needed : max_bytes);
    }
    contents->append(chunk->data(), chunk->size());
  }
}

bool ReadInput(const std::string& path, std::string* contents, std::string* error,
               size_t max_bytes) {
  contents->clear();
  absl::StatusOr<std::unique_ptr<InputReader>> reader = InputReader::Open(path);
  absl::Status status = reader.ok() ? ReadRest(**reader, contents, max_bytes) : reader.status();
  if (status.ok()) return true;
  *error = std::string(status.message());
  return false;
}

}  // namespace vtsnap::tools
