// The recording the vttest conformance cases read (docs/conformance.md): every session of
// vttest_walks.h played once under vtsnap's PtySession and once inside tmux, and each screen's
// transcript prefix replayed through xterm.js.
//
// `vttest_record DIR` writes it, one file per screen and one transcript per session:
//   DIR/screens.txt        every screen's name, one a line, in the order they were played
//   DIR/<session>.bytes    everything vttest wrote under PtySession in that session
//   DIR/<screen>.json      {"screen", "session", "bytes", "stand_ins", "vtsnap": [rows],
//                           "xtermjs": [rows] | "xtermjs_error", "tmux": [rows] | "tmux_error",
//                           "tmux_stand_ins"}, or "vtsnap_error" when the screen was not reached
// `bytes` is how much of the transcript was written when the screen was captured; rows have their
// trailing spaces removed.
#ifndef VTSNAP_TEST_CONFORMANCE_VTTEST_RECORDING_H_
#define VTSNAP_TEST_CONFORMANCE_VTTEST_RECORDING_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace vtsnap::conformance {

// The size every session runs at.
inline constexpr int kCols = 80;
inline constexpr int kRows = 24;

struct ScreenRecord {
  std::string screen;
  std::string session;
  std::string vtsnap_error;  // set when the vtsnap session did not reach the screen
  uint64_t bytes = 0;
  int stand_ins = 0;
  std::vector<std::string> vtsnap;
  std::optional<std::vector<std::string>> xtermjs;
  std::string xtermjs_error;
  std::optional<std::vector<std::string>> tmux;
  std::string tmux_error;
  int tmux_stand_ins = 0;
};

std::string TranscriptPath(const std::string& dir, const std::string& session);
std::string ScreenRecordPath(const std::string& dir, const std::string& screen);

[[nodiscard]] absl::Status WriteScreenRecord(const std::string& dir, const ScreenRecord& record);
// NotFound naming the file when there is none.
[[nodiscard]] absl::StatusOr<ScreenRecord> ReadScreenRecord(const std::string& dir,
                                                            const std::string& screen);

struct RecordOptions {
  std::string dir;
  // Sessions played at once (each in vtsnap and in tmux).
  int jobs = 6;
  // Only the sessions whose name is listed; all when empty.
  std::vector<std::string> sessions = {};
  // Environment given to vttest, tmux and their PtySessions on top of PtySession's own.
  std::vector<std::pair<std::string, std::string>> env = {};
};

// Plays the sessions, replays the screens through xterm.js and writes DIR (emptied first). Errors
// of one side (tmux or node missing, a session that went astray) go into the screens' records;
// the result is an error only when DIR cannot be written. `log` gets one line per session.
[[nodiscard]] absl::Status RecordVttest(const RecordOptions& options, std::string* log);

}  // namespace vtsnap::conformance

#endif  // VTSNAP_TEST_CONFORMANCE_VTTEST_RECORDING_H_
