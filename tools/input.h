// How the commands read their inputs. A recording (what `decode` and `render` decode) is streamed
// through one fixed buffer in chunks of kInputChunkBytes, so memory does not grow with its length;
// a golden, a state dump or an RGBA plane is a document read whole, up to a limit (ReadRest,
// ReadInput in commands.h).
#ifndef VTSNAP_TOOLS_INPUT_H_
#define VTSNAP_TOOLS_INPUT_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace vtsnap::tools {

// The chunk a recording is read and decoded in: 64 KiB, as bench/ feeds the library
// (bench/corpus.h kChunkBytes) and as much as a Linux pipe holds.
inline constexpr size_t kInputChunkBytes = size_t{64} << 10;

// An input ("-" is stdin) read in chunks through one buffer of kInputChunkBytes.
//
//   absl::StatusOr<std::unique_ptr<InputReader>> in = InputReader::Open(path);
//   if (!in.ok()) return Fail(in.status());  // "PATH: No such file or directory"
//   absl::Status s = (*in)->Stream([&](absl::string_view chunk) { vt.Write(chunk); return true; });
class InputReader {
 public:
  // Opens `path` for reading (a FIFO's open waits for its writer). The error names the input:
  // "PATH: <reason>" ("<stdin>" for "-").
  [[nodiscard]] static absl::StatusOr<std::unique_ptr<InputReader>> Open(const std::string& path);
  ~InputReader();

  InputReader(const InputReader&) = delete;
  InputReader& operator=(const InputReader&) = delete;

  // The name errors use: the path, or "<stdin>".
  const std::string& name() const { return name_; }
  // The size of a regular file (known before reading), else nothing.
  std::optional<uint64_t> regular_file_size() const { return regular_size_; }
  // Bytes read so far: the byte offset of the next chunk in the whole input.
  uint64_t offset() const { return offset_; }

  // The next chunk: kInputChunkBytes, or less only at the end; empty at the end. The view is
  // valid until the next call. A read error names the input and the byte offset it happened at.
  [[nodiscard]] absl::StatusOr<absl::string_view> Next();

  // Hands every remaining chunk to `consume` in order until the end, or until `consume` returns
  // false (the rest is then not read). Errors as Next().
  template <typename Consume>
  [[nodiscard]] absl::Status Stream(Consume&& consume) {
    while (true) {
      absl::StatusOr<absl::string_view> chunk = Next();
      if (!chunk.ok()) return chunk.status();
      if (chunk->empty() || !consume(*chunk)) return absl::OkStatus();
    }
  }

 private:
  InputReader(int fd, bool owned, std::string name, std::optional<uint64_t> regular_size);

  int fd_;
  bool owned_;  // closed by the destructor (not stdin)
  std::string name_;
  std::optional<uint64_t> regular_size_;
  uint64_t offset_ = 0;
  std::unique_ptr<char[]> buffer_;
};

// The error of an input over `max_bytes`: "NAME: larger than the maximum input size of N bytes
// (M MiB)".
[[nodiscard]] absl::Status InputTooLarge(absl::string_view name, size_t max_bytes);

// Appends the rest of `reader` to *contents, which must end up holding at most `max_bytes` (what
// it already holds counts): a regular file whose size says it is larger is refused before
// anything more is read; anything else is read up to the limit, then refused (*contents is then
// emptied). Never holds more than `max_bytes` plus one chunk.
[[nodiscard]] absl::Status ReadRest(InputReader& reader, std::string* contents, size_t max_bytes);

}  // namespace vtsnap::tools

#endif  // VTSNAP_TOOLS_INPUT_H_
