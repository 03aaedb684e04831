// The files `vtsnap run` streams as the program runs: --record FILE, every byte the program wrote
// (Recording), and --transcript FILE, both directions of a run in order, one line an event, for a
// reader who wants to know what the program asked, what the terminal answered (or dropped, or never
// sent) and when (TranscriptFile). docs/cli.md describes both.
//
//   vtsnap transcript 1
//   # < the program wrote  > the terminal sent it  x dropped  ! never sent (program never read it)
//   # direction, milliseconds since the start, offset in the program's output, what, the bytes
//   <      3.120          0 output  "ready\x0d\x0a"
//   <      3.121          7 output  "\x1b[6n"
//   >      3.190         11 reply   "\x1b[2;1R"
//   >    210.004         11 keys    "q"
//
// An output line's offset is that of its first byte in the program's output (the bytes --record
// saves); an input line's is how much output had been read when it was sent, so the query a reply
// answers ends at or before it.
#ifndef VTSNAP_TOOLS_RUN_RECORDING_H_
#define VTSNAP_TOOLS_RUN_RECORDING_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "vtsnap/pty/pty_session.h"

namespace vtsnap::tools::run_internal {

// --record FILE, --transcript FILE (`flag`): a regular file or none yet, in a folder that exists;
// InvalidArgument naming the flag otherwise.
absl::Status CheckRecordPath(absl::string_view flag, const std::string& path);

// A file written as a run goes: into a temporary file beside it (".NAME.tmp.PID.SUFFIX"), renamed
// over NAME by Finish, so an earlier file is replaced only by a whole one, and removed if the run
// never finishes it. A failed write is kept and reported by Finish; the run goes on.
class StreamedFile {
 public:
  explicit StreamedFile(std::string suffix) : suffix_(std::move(suffix)) {}
  StreamedFile(const StreamedFile&) = delete;
  StreamedFile& operator=(const StreamedFile&) = delete;
  ~StreamedFile();

  absl::Status Open(const std::string& path);
  void Write(absl::string_view bytes);
  // The file goes into place, or the error that stopped it.
  absl::Status Finish();

 private:
  std::string suffix_;
  std::string path_;
  std::string temp_;  // removed unless renamed into place
  int fd_ = -1;
  int error_ = 0;  // written only by whichever thread the session calls the sink on
};

// --record's file: every byte the program wrote, as it arrives, so memory does not grow with the
// output.
class Recording {
 public:
  absl::Status Open(const std::string& path) { return file_.Open(path); }
  // The session's output sink: runs on its reader thread, then in Close.
  void Append(absl::string_view bytes) { file_.Write(bytes); }
  // After the session's Close: the recording goes into place, or the error that stopped it.
  absl::Status Finish() { return file_.Finish(); }

 private:
  StreamedFile file_{"record"};
};

// The transcript's text, built event by event; Take() hands over what is ready. Consecutive dropped
// replies make one line ("x ... dropped 1523 replies (9138 bytes), the first \"...\"").
class TranscriptText {
 public:
  explicit TranscriptText(absl::Time start);
  // The program's output, as read (PtyOptions::output_sink): cut into lines after each "\n" and
  // every 128 bytes.
  void Output(absl::string_view bytes, absl::Time when);
  // What the terminal sent, dropped, or left unsent (PtyOptions::input_sink).
  void Input(const PtyInputEvent& event);
  // The text so far; with `end`, also the dropped replies not yet written out.
  std::string Take(bool end);
  // The size of the text not taken yet.
  size_t size() const { return text_.size(); }

 private:
  void Line(char direction, absl::Time when, uint64_t offset, absl::string_view what,
            absl::string_view text);
  void FlushDrops();

  absl::Time start_;
  uint64_t output_offset_ = 0;
  std::string text_;
  // Dropped replies not written out yet: how many, their bytes, and the first.
  uint64_t drops_ = 0;
  uint64_t drop_bytes_ = 0;
  PtyInputEvent first_drop_;
};

// `bytes` in double quotes, with '"' and '\' escaped and every byte outside printable ASCII as
// \xNN.
std::string TranscriptQuoted(absl::string_view bytes);

// --transcript's file, written as the run goes (StreamedFile, ".NAME.tmp.PID.transcript").
class TranscriptFile {
 public:
  absl::Status Open(const std::string& path, absl::Time start);
  // The session's sinks: on its reader thread, then in Close (never two at once).
  void Output(absl::string_view bytes);
  void Input(const PtyInputEvent& event);
  // After the session's Close: the rest written, the file put in place, or the error.
  absl::Status Finish();

 private:
  StreamedFile file_{"transcript"};
  TranscriptText text_{absl::InfinitePast()};
};

}  // namespace vtsnap::tools::run_internal

#endif  // VTSNAP_TOOLS_RUN_RECORDING_H_
