#include "vtsnap/tools/run_recording.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <system_error>
#include <utility>

#include "absl/strings/str_cat.h"

namespace vtsnap::tools::run_internal {

namespace {

// An output line holds at most this many bytes of the program's output.
constexpr size_t kOutputLineBytes = 128;
// The file is written whenever this much text is ready, and at the end.
constexpr size_t kWriteBytes = size_t{64} * 1024;

constexpr char kHeader[] =
    "vtsnap transcript 1\n"
    "# < the program wrote  > the terminal sent it  x dropped  ! never sent (program never read "
    "it)\n"
    "# direction, milliseconds since the start, offset in the program's output, what, the bytes\n";

}  // namespace

std::string TranscriptQuoted(absl::string_view bytes) {
  std::string out = "\"";
  for (char c : bytes) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u >= 0x7f) {
      absl::StrAppend(&out, "\\x", absl::Hex(u, absl::kZeroPad2));
    } else {
      out += c;
    }
  }
  return out + "\"";
}

TranscriptText::TranscriptText(absl::Time start) : start_(start), text_(kHeader) {}

void TranscriptText::Line(char direction, absl::Time when, uint64_t offset, absl::string_view what,
                          absl::string_view text) {
  char head[64];
  std::snprintf(head, sizeof(head), "%c %10.3f %10llu %-7s ", direction,
                absl::ToDoubleMilliseconds(std::max(when - start_, absl::ZeroDuration())),
                static_cast<unsigned long long>(offset),  // NOLINT(google-runtime-int): %llu
                std::string(what).c_str());
  absl::StrAppend(&text_, head, text, "\n");
}

void TranscriptText::FlushDrops() {
  if (drops_ == 0) return;
  const std::string quoted = TranscriptQuoted(first_drop_.bytes);
  Line('x', first_drop_.time, first_drop_.output_offset, "dropped",
       drops_ == 1
           ? quoted
           : absl::StrCat(drops_, " replies (", drop_bytes_, " bytes), the first ", quoted));
  drops_ = drop_bytes_ = 0;
}

void TranscriptText::Output(absl::string_view bytes, absl::Time when) {
  FlushDrops();
  while (!bytes.empty()) {
    size_t n = std::min(bytes.size(), kOutputLineBytes);
    if (const size_t newline = bytes.substr(0, n).find('\n'); newline != absl::string_view::npos) {
      n = newline + 1;
    }
    Line('<', when, output_offset_, "output", TranscriptQuoted(bytes.substr(0, n)));
    output_offset_ += n;
    bytes.remove_prefix(n);
  }
}

void TranscriptText::Input(const PtyInputEvent& event) {
  using Fate = PtyInputEvent::Fate;
  if (event.fate == Fate::kDropped) {
    if (drops_ == 0) first_drop_ = event;
    ++drops_;
    drop_bytes_ += event.bytes.size();
    return;
  }
  FlushDrops();
  const bool reply = event.source == PtyInputEvent::Source::kReply;
  Line(event.fate == Fate::kWritten ? '>' : '!', event.time, event.output_offset,
       reply ? "reply" : "keys", TranscriptQuoted(event.bytes));
}

std::string TranscriptText::Take(bool end) {
  if (end) FlushDrops();
  return std::exchange(text_, std::string());
}

absl::Status CheckRecordPath(absl::string_view flag, const std::string& path) {
  struct stat st {};
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (path.empty() || (stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))) {
    return absl::InvalidArgumentError(absl::StrCat(flag, " '", path, "': not a regular file"));
  }
  if (!parent.empty() && (stat(parent.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))) {
    return absl::InvalidArgumentError(
        absl::StrCat(flag, " '", path, "': its folder ", parent.string(), " does not exist"));
  }
  return absl::OkStatus();
}

StreamedFile::~StreamedFile() {
  if (fd_ >= 0) close(fd_);
  if (!temp_.empty()) unlink(temp_.c_str());
}

absl::Status StreamedFile::Open(const std::string& path) {
  const std::filesystem::path target(path);
  temp_ = (target.parent_path() /
           absl::StrCat(".", target.filename().string(), ".tmp.", getpid(), ".", suffix_))
              .string();
  fd_ = open(temp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd_ < 0) {
    const std::string why = std::error_code(errno, std::generic_category()).message();
    const std::string temp = std::exchange(temp_, std::string());
    return absl::PermissionDeniedError(
        absl::StrCat("cannot create the file it is written into first, ", temp, ": ", why));
  }
  path_ = path;
  return absl::OkStatus();
}

void StreamedFile::Write(absl::string_view bytes) {
  while (error_ == 0 && !bytes.empty()) {
    const ssize_t n = write(fd_, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error_ = n < 0 ? errno : EIO;
      break;
    }
    bytes.remove_prefix(static_cast<size_t>(n));
  }
}

absl::Status StreamedFile::Finish() {
  int error = error_;
  if (close(fd_) != 0 && error == 0) error = errno;
  fd_ = -1;
  if (error == 0 && rename(temp_.c_str(), path_.c_str()) != 0) error = errno;
  if (error != 0) {
    return absl::InternalError(absl::StrCat(
        "writing it failed: ", std::error_code(error, std::generic_category()).message()));
  }
  temp_.clear();
  return absl::OkStatus();
}

absl::Status TranscriptFile::Open(const std::string& path, absl::Time start) {
  text_ = TranscriptText(start);
  return file_.Open(path);
}

void TranscriptFile::Output(absl::string_view bytes) {
  text_.Output(bytes, absl::Now());
  if (text_.size() >= kWriteBytes) file_.Write(text_.Take(false));
}

void TranscriptFile::Input(const PtyInputEvent& event) {
  text_.Input(event);
  if (text_.size() >= kWriteBytes) file_.Write(text_.Take(false));
}

absl::Status TranscriptFile::Finish() {
  file_.Write(text_.Take(true));
  return file_.Finish();
}

}  // namespace vtsnap::tools::run_internal
