#include "test/conformance/vttest_recording.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "nlohmann/json.hpp"
#include "test/conformance/vttest_player.h"
#include "test/conformance/vttest_walks.h"
#include "test/differential/oracles.h"
#include "vtsnap/snapshot/formats/state_json.h"

namespace vtsnap::conformance {
namespace {

using Json = nlohmann::ordered_json;

// One session played in one terminal: its screens, or why it stopped, and vtsnap's transcript.
struct Played {
  std::vector<ScreenCapture> screens;
  absl::Status status;
  std::string transcript;
  absl::Duration took;
};

Played Play(const VttestSession& session, bool in_tmux, const PtyOptions& options) {
  const absl::Time start = absl::Now();
  Played played;
  absl::StatusOr<std::unique_ptr<VttestTerminal>> terminal =
      in_tmux ? StartVttestInTmux(options) : StartVttestUnderPtySession(options);
  if (!terminal.ok()) {
    played.status = terminal.status();
  } else {
    absl::StatusOr<std::vector<ScreenCapture>> screens = PlaySession(session, **terminal);
    if (screens.ok()) {
      played.screens = std::move(*screens);
    } else {
      played.status = screens.status();
    }
    played.transcript = (*terminal)->Transcript();
  }
  played.took = absl::Now() - start;
  return played;
}

const ScreenCapture* Find(const Played& played, const std::string& screen) {
  for (const ScreenCapture& c : played.screens) {
    if (c.name == screen) return &c;
  }
  return nullptr;
}

std::vector<std::string> RowsOf(const StateDump& dump) {
  std::vector<std::string> rows;
  if (!dump.cells) return rows;
  for (const auto& line : *dump.cells) {
    std::string row;
    for (const std::optional<StateCell>& cell : line)
      row += cell && cell->ch ? *cell->ch : std::string(" ");
    while (!row.empty() && row.back() == ' ') row.pop_back();
    rows.push_back(std::move(row));
  }
  return rows;
}

absl::Status WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  out.close();
  if (!out) return absl::InternalError("cannot write " + path);
  return absl::OkStatus();
}

std::string NotReached(const Played& played, absl::string_view terminal) {
  return played.status.ok()
             ? absl::StrCat("the ", terminal, " session ended before this screen")
             : absl::StrCat("the ", terminal,
                            " session stopped before this screen: ", played.status.ToString());
}

}  // namespace

std::string TranscriptPath(const std::string& dir, const std::string& session) {
  return absl::StrCat(dir, "/", session, ".bytes");
}

std::string ScreenRecordPath(const std::string& dir, const std::string& screen) {
  return absl::StrCat(dir, "/", screen, ".json");
}

absl::Status WriteScreenRecord(const std::string& dir, const ScreenRecord& r) {
  Json j;
  j["screen"] = r.screen;
  j["session"] = r.session;
  if (!r.vtsnap_error.empty()) j["vtsnap_error"] = r.vtsnap_error;
  j["bytes"] = r.bytes;
  j["stand_ins"] = r.stand_ins;
  j["vtsnap"] = r.vtsnap;
  if (r.xtermjs) j["xtermjs"] = *r.xtermjs;
  if (!r.xtermjs_error.empty()) j["xtermjs_error"] = r.xtermjs_error;
  if (r.tmux) j["tmux"] = *r.tmux;
  if (!r.tmux_error.empty()) j["tmux_error"] = r.tmux_error;
  j["tmux_stand_ins"] = r.tmux_stand_ins;
  return WriteFile(ScreenRecordPath(dir, r.screen), j.dump(1) + "\n");
}

absl::StatusOr<ScreenRecord> ReadScreenRecord(const std::string& dir, const std::string& screen) {
  const std::string path = ScreenRecordPath(dir, screen);
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError("no recording of this screen: " + path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return absl::DataLossError(path + " is not JSON");
  ScreenRecord r;
  r.screen = j.value("screen", "");
  r.session = j.value("session", "");
  r.vtsnap_error = j.value("vtsnap_error", "");
  r.bytes = j.value("bytes", uint64_t{0});
  r.stand_ins = j.value("stand_ins", 0);
  r.vtsnap = j.value("vtsnap", std::vector<std::string>{});
  if (j.contains("xtermjs")) r.xtermjs = j["xtermjs"].get<std::vector<std::string>>();
  r.xtermjs_error = j.value("xtermjs_error", "");
  if (j.contains("tmux")) r.tmux = j["tmux"].get<std::vector<std::string>>();
  r.tmux_error = j.value("tmux_error", "");
  r.tmux_stand_ins = j.value("tmux_stand_ins", 0);
  return r;
}

absl::Status RecordVttest(const RecordOptions& options, std::string* log) {
  std::error_code error;
  std::filesystem::remove_all(options.dir, error);
  std::filesystem::create_directories(options.dir, error);
  if (error) return absl::InternalError("cannot create " + options.dir + ": " + error.message());

  std::vector<const VttestSession*> sessions;
  for (const VttestSession& s : VttestSessions()) {
    if (options.sessions.empty() || std::find(options.sessions.begin(), options.sessions.end(),
                                              s.name) != options.sessions.end()) {
      sessions.push_back(&s);
    }
  }
  PtyOptions pty;
  pty.cols = kCols;
  pty.rows = kRows;
  for (const auto& [name, value] : options.env) pty.env[name] = value;

  // Job 2i plays session i under PtySession, job 2i+1 in tmux, in the order the sessions are
  // listed (the longest first). One more thread replays each vtsnap session's screens through
  // xterm.js as soon as the session is played.
  const absl::Time start = absl::Now();
  std::vector<Played> played(sessions.size() * 2);
  std::atomic<size_t> next{0};
  std::mutex mu;
  std::condition_variable ready;
  std::deque<size_t> to_replay;          // guarded by mu: sessions played under PtySession
  size_t vtsnap_left = sessions.size();  // guarded by mu
  std::map<std::string, absl::StatusOr<std::vector<std::string>>> xterm_js_rows;
  std::thread replayer([&] {
    XtermJsOracle xterm_js;
    for (;;) {
      size_t i;
      {
        std::unique_lock<std::mutex> lock(mu);
        ready.wait(lock, [&] { return !to_replay.empty() || vtsnap_left == 0; });
        if (to_replay.empty()) return;
        i = to_replay.front();
        to_replay.pop_front();
      }
      const Played& vtsnap = played[2 * i];
      for (const ScreenCapture& c : vtsnap.screens) {
        absl::StatusOr<std::string> dump =
            xterm_js.Replay(kCols, kRows, absl::string_view(vtsnap.transcript).substr(0, c.bytes));
        absl::StatusOr<StateDump> parsed = dump.ok() ? ParseStateJson(*dump, "xterm.js")
                                                     : absl::StatusOr<StateDump>(dump.status());
        xterm_js_rows.emplace(
            c.name, parsed.ok() ? absl::StatusOr<std::vector<std::string>>(RowsOf(*parsed))
                                : parsed.status());
      }
    }
  });
  std::vector<std::thread> workers;
  for (int w = 0; w < std::max(1, options.jobs); ++w) {
    workers.emplace_back([&] {
      for (size_t job; (job = next++) < played.size();) {
        played[job] = Play(*sessions[job / 2], job % 2 == 1, pty);
        if (job % 2 == 0) {
          std::lock_guard<std::mutex> lock(mu);
          to_replay.push_back(job / 2);
          --vtsnap_left;
          ready.notify_one();
        }
      }
    });
  }
  for (std::thread& t : workers) t.join();
  replayer.join();
  absl::StrAppend(log, "played ", sessions.size(),
                  " sessions in vtsnap and tmux and replayed them through xterm.js in ",
                  absl::FormatDuration(absl::Trunc(absl::Now() - start, absl::Milliseconds(1))),
                  "\n");

  std::string index;
  for (size_t i = 0; i < sessions.size(); ++i) {
    const VttestSession& session = *sessions[i];
    for (const std::string& name : ScreenNames(session)) absl::StrAppend(&index, name, "\n");
    const Played& vtsnap = played[2 * i];
    const Played& tmux = played[2 * i + 1];
    absl::StrAppend(log, "session ", session.name, ": vtsnap ", vtsnap.screens.size(),
                    " screens in ",
                    absl::FormatDuration(absl::Trunc(vtsnap.took, absl::Milliseconds(1))),
                    vtsnap.status.ok() ? "" : absl::StrCat(" (", vtsnap.status.ToString(), ")"),
                    "; tmux ", tmux.screens.size(), " screens in ",
                    absl::FormatDuration(absl::Trunc(tmux.took, absl::Milliseconds(1))),
                    tmux.status.ok() ? "" : absl::StrCat(" (", tmux.status.ToString(), ")"), "\n");
    absl::Status s = WriteFile(TranscriptPath(options.dir, session.name), vtsnap.transcript);
    if (!s.ok()) return s;
    for (const std::string& name : ScreenNames(session)) {
      ScreenRecord r;
      r.screen = name;
      r.session = session.name;
      if (const ScreenCapture* c = Find(vtsnap, name)) {
        r.bytes = c->bytes;
        r.stand_ins = c->stand_ins;
        r.vtsnap = c->rows;
        const absl::StatusOr<std::vector<std::string>>& rows = xterm_js_rows.at(name);
        if (rows.ok()) {
          r.xtermjs = *rows;
        } else {
          r.xtermjs_error = rows.status().ToString();
        }
      } else {
        r.vtsnap_error = NotReached(vtsnap, "vtsnap");
      }
      if (const ScreenCapture* c = Find(tmux, name)) {
        r.tmux = c->rows;
        r.tmux_stand_ins = c->stand_ins;
      } else {
        r.tmux_error = NotReached(tmux, "tmux");
      }
      s = WriteScreenRecord(options.dir, r);
      if (!s.ok()) return s;
    }
  }
  return WriteFile(absl::StrCat(options.dir, "/screens.txt"), index);
}

}  // namespace vtsnap::conformance
