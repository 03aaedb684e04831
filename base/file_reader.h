// The one bounded file reader: the whole of a regular file, refused past a limit before anything
// is allocated for it, with an error naming the path. Every reader of a file vtsnap did not just
// write goes through it (goldens, fonts, inventory records), so a device (/dev/zero), a FIFO (not
// waited for), a directory or a file too large for memory is an error, never a hang or an abort.
//
//   absl::StatusOr<std::string> text = vtsnap::ReadFileAtMost(path, size_t{16} << 20);
//   // error: `reading "/dev/zero": is a character device, not a regular file`, or
//   // `reading "big.hex": it is 20971520 bytes, over the limit of 16777216 bytes`
//
// A caller that words its errors itself (the font reader names what a font is) reads with
// ReadFileUpTo, which says what went wrong as a FileReadFailure, and may word the usual message
// with FileReadError.
#ifndef VTSNAP_BASE_FILE_READER_H_
#define VTSNAP_BASE_FILE_READER_H_

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace vtsnap {

// Why ReadFileUpTo read nothing.
struct FileReadFailure {
  enum class Kind {
    kCannotOpen,      // open(2) or fstat(2) failed: error_number (ENOENT: there is no file)
    kNotRegularFile,  // after following symbolic links: a FIFO, a device, a directory (mode)
    kTooLarge,        // size bytes, over the limit: by fstat, or `grew` while being read
    kCannotRead,      // read(2) failed: error_number
  };
  Kind kind = Kind::kCannotOpen;
  int error_number = 0;
  mode_t mode = 0;
  uint64_t size = 0;
  bool grew = false;
};

// The contents of the regular file at `path`, at most `max_bytes` of them, or why not. Opening
// does not block (a FIFO is refused for its kind, not waited for) and does not make a terminal
// the process's. The buffer is sized from fstat, so a regular file is read in one read(2); a
// file that grows while being read is read on up to max_bytes + 1 and then refused. A file whose
// fstat size is 0 (/proc) is read to its end, within the same limit.
[[nodiscard]] std::variant<std::string, FileReadFailure> ReadFileUpTo(const std::string& path,
                                                                      size_t max_bytes);

// The usual error for `failure` reading `path`, which it names quoted (QuoteForMessage):
//   reading "PATH": No such file or directory      (the errno's code: NotFound, PermissionDenied)
//   reading "PATH": is a FIFO, not a regular file  (FailedPrecondition)
//   reading "PATH": it is N bytes, over the limit of M bytes[ limit_note]  (ResourceExhausted;
//                   "it grew while being read to over N bytes, ..." when it grew)
// `limit_note` says what the limit is for ("a golden may have"), or is empty.
[[nodiscard]] absl::Status FileReadError(const std::string& path, const FileReadFailure& failure,
                                         size_t max_bytes, absl::string_view limit_note = "");

// ReadFileUpTo with FileReadError's messages.
[[nodiscard]] absl::StatusOr<std::string> ReadFileAtMost(const std::string& path, size_t max_bytes,
                                                         absl::string_view limit_note = "");

// "a regular file", "a FIFO", "a directory", "a character device", ... for a stat mode.
const char* FileKindName(mode_t mode);

}  // namespace vtsnap

#endif  // VTSNAP_BASE_FILE_READER_H_
