// PtySession: a real program under a pseudo-terminal, its output decoded by vtsnap's xterm
// profile, for tests at the process and PTY boundary (any program, in any language).
//
// Start() runs the program in a new session whose controlling terminal is a pseudo-terminal of the
// given size, with TERM=xterm-256color and a controlled environment. A background thread reads
// everything the program writes (never dropping a byte, however large the burst) into a
// VirtualTerminal and writes back the replies the decoder owes the program (cursor position
// reports, DA1/DA2, window size), so programs that ask do not hang. Waiting never sleeps for a
// fixed time: WaitForText, WaitForPattern, WaitFor (any matcher of a screen), WaitUntil and
// WaitForQuiet return as soon as the screen is ready, or fail after a timeout with what was awaited
// and the screen at that moment.
// VTSNAP_TIMEOUT_SCALE multiplies every timeout and quiet period (slow CI, sanitizers).
// Destruction kills the program's process group and session and reaps it: no zombie and no
// descriptor survives a session. docs/pty.md has the details.
//
//   vtsnap::PtySession session({.cols = 80, .rows = 24});
//   ASSERT_TRUE(session.Start({"less", "notes.txt"}).ok());
//   ASSERT_TRUE(session.WaitForText("(END)").ok());
//   ASSERT_TRUE(session.SendKeys("/TODO enter").ok());
//   ASSERT_TRUE(session.WaitForQuiet(absl::Milliseconds(100)).ok());
//   EXPECT_THAT(session, vtsnap::EqualsGolden("after-search"));   // matchers/golden.h
//   // Any matcher of a screen, checked between frames (vtsnap/matchers/matchers.h):
//   ASSERT_TRUE(session.WaitFor(vtsnap::CellStyleIs(0, 23, testing::Field(&vtsnap::Style::reverse,
//                                                                         true))).ok());
#ifndef VTSNAP_PTY_PTY_SESSION_H_
#define VTSNAP_PTY_PTY_SESSION_H_

#include <sys/types.h>

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/pty/fair_mutex.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/screen_check.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

// What the terminal sent the program, or meant to (PtyOptions::input_sink).
struct PtyInputEvent {
  enum class Source {
    kTyped,  // Send, SendKeys
    kReply,  // an answer to a query (DSR, DA1, DECRQM...): one control sequence
  };
  enum class Fate {
    kWritten,     // the terminal took these bytes (a reply written in pieces comes in pieces)
    kDropped,     // a reply dropped: kMaxPendingReplyBytes were already waiting
    kNotWritten,  // still queued when the session closed: the program never read them
  };
  Source source = Source::kTyped;
  Fate fate = Fate::kWritten;
  std::string bytes;
  // How many bytes the program had written (and the session read) by then: a reply is written or
  // dropped after the output that asked for it, so its query ends at or before this offset.
  uint64_t output_offset = 0;
  absl::Time time;
};

// A session's counts so far (PtySession::statistics()).
struct PtyStatistics {
  uint64_t bytes_received = 0;       // read from the program
  uint64_t bytes_typed = 0;          // typed (Send, SendKeys) and taken by the terminal
  uint64_t replies_written = 0;      // replies taken by the terminal, each whole
  uint64_t reply_bytes_written = 0;  // their bytes
  uint64_t replies_dropped = 0;      // replies dropped (kMaxPendingReplyBytes)
  uint64_t reply_bytes_dropped = 0;  // their bytes
  uint64_t replies_pending = 0;      // replies queued, not yet (all) taken by the terminal
  // Replies not given at all: PtyOptions::replies.answer is false (TerminalStats).
  uint64_t replies_suppressed = 0;
  uint64_t input_pending = 0;  // bytes queued, typed or replies, not yet taken
  friend bool operator==(const PtyStatistics&, const PtyStatistics&) = default;
};

struct PtyOptions {
  int cols = 80;
  int rows = 24;
  // The TERM the program sees.
  std::string term = "xterm-256color";
  // The program's environment. Unless `inherit_environment` is set, it holds only PATH and HOME
  // copied from this process (when set here), LANG=C.UTF-8, TERM, and then `env` on top.
  std::map<std::string, std::string> env = {};
  bool inherit_environment = false;
  // The program's working directory; empty: this process's.
  std::string working_directory = {};
  // How long a Wait* or Send waits when not told (before VTSNAP_TIMEOUT_SCALE).
  absl::Duration timeout = absl::Seconds(10);
  // After Close() hangs up, how long the program may take to exit before it is killed.
  absl::Duration close_grace = absl::Milliseconds(500);
  // The decoder's settings besides its size (which is `cols` x `rows` above, the only size):
  // lines kept above the screen, the width policy, and Sixel with its cell metrics.
  int scrollback_limit = TerminalOptions{}.scrollback_limit;
  WidthPolicy width = {};
  GraphicsOptions graphics = {};
  // What the terminal answers the program's queries (ReplyProfile, docs/replies.md): xterm 379's
  // answers by default, black on white, window reports off.
  ReplyProfile replies = {};
  // Keep every byte read from the program, for Output(): a transcript to replay elsewhere (another
  // emulator, a recording). Off by default, since a program may write without end.
  bool keep_output = false;
  // Called with every byte read from the program, in order and exactly as it arrived, chunk by
  // chunk as the reader reads it (on the reader thread; the last chunks in Close, on its caller's),
  // without the session's lock held: it must not call the session. For a recording streamed to a
  // file (`vtsnap run --record`), where keep_output would hold a program's whole output in memory.
  std::function<void(absl::string_view)> output_sink = {};
  // Called with what the terminal sends the program, in order: each reply and each typed chunk as
  // the terminal takes it, each reply dropped (kMaxPendingReplyBytes), and at Close what was still
  // queued. On the same thread as output_sink and in order with it (an event follows the output
  // read before it), without the session's lock held: it must not call the session. For a
  // transcript of both directions (`vtsnap run --transcript`).
  std::function<void(const PtyInputEvent&)> input_sink = {};
  // Idle detection (docs/pty.md, "Idle detection"; Linux): a wait for quiet (WaitForQuiet,
  // WaitForFrame with a quiet period) also ends as soon as the program is seen waiting for input:
  // every thread of the terminal's foreground process group sleeps reading the terminal, in
  // poll/select/epoll, on a futex or waiting for a child, with no timer shorter than the quiet
  // period pending; it has run since the last bytes typed; its output is read and decoded; no
  // synchronized frame is open; and all that holds unchanged for 5 ms (scaled). Where that cannot
  // be read, the quiet period applies alone. false: the quiet period only (the behaviour before).
  bool detect_idle = true;
};

// A reply the decoder owes the program (a cursor report, DA1, ...) is dropped, and counted
// (PtySession::replies_dropped), when this many bytes already wait to be written to a program that
// does not read its input: one that asks without end and never reads would otherwise grow the
// queue without bound. Typed bytes (Send, SendKeys) are always queued, whatever waits.
inline constexpr size_t kMaxPendingReplyBytes = size_t{64} * 1024;

// How a program ended.
struct ExitStatus {
  int code = 0;    // the exit code, when it exited
  int signal = 0;  // the signal that killed it, or 0
  bool exited() const { return signal == 0; }
  // "exit status 3", "killed by signal 9 (Killed)".
  std::string ToString() const;
  friend bool operator==(const ExitStatus&, const ExitStatus&) = default;
};

// The processes of session `session` that are alive (not zombies), read from /proc (Linux); a
// program's session id is its pid (PtySession::pid), so after a session ends this is empty.
std::vector<pid_t> LiveProcessesInSession(pid_t session);

// VTSNAP_TIMEOUT_SCALE as a factor: 1 when unset or empty; an error naming the variable and its
// value when it is not a positive number.
[[nodiscard]] absl::StatusOr<double> TimeoutScaleFromEnvironment();

class PtySession {
 public:
  explicit PtySession(PtyOptions options = {});
  // Kills the program's process group and every process left in its session, reaps the
  // program, stops the reader thread and closes the descriptors.
  ~PtySession();

  PtySession(const PtySession&) = delete;
  PtySession& operator=(const PtySession&) = delete;

  // Starts argv[0] with arguments argv[1..]. A name without '/' is looked up in the PATH of the
  // program's environment. Errors: InvalidArgument for bad options, an empty argv or a second
  // Start; NotFound or PermissionDenied (naming the program) when it cannot be run;
  // VTSNAP_TIMEOUT_SCALE errors.
  [[nodiscard]] absl::Status Start(std::vector<std::string> argv);

  // Types bytes into the program's terminal; waits (up to the timeout) until the terminal took
  // them. Fails when the program has gone.
  [[nodiscard]] absl::Status Send(absl::string_view bytes);
  // Types a key script (decoder/keys.h), honouring the cursor-key mode the program set.
  [[nodiscard]] absl::Status SendKeys(absl::string_view script);
  // Changes the window size: the decoder's screen first, then the terminal's (the kernel sends
  // SIGWINCH to the program's foreground process group).
  [[nodiscard]] absl::Status Resize(int cols, int rows);

  // Each waits until its condition holds and returns OK, or returns DeadlineExceeded after
  // `timeout` (default: PtyOptions::timeout; both scaled) with what it awaited and the screen.
  // The conditions on the screen (text, pattern, predicate, quiet, frame) are checked only between
  // synchronized frames, never on a half-drawn one; a timeout names a frame still open.
  // When the program has exited and its output is read to the end, waiting for text or a
  // condition that does not hold fails at once (FailedPrecondition, with the exit status).
  //
  // Text anywhere on the screen (ScreenText: rows joined by '\n'; a match spans no row break).
  [[nodiscard]] absl::Status WaitForText(absl::string_view text,
                                         std::optional<absl::Duration> timeout = std::nullopt);
  // An RE2 pattern found in the screen text (rows joined by '\n'); InvalidArgument if it does not
  // compile.
  [[nodiscard]] absl::Status WaitForPattern(absl::string_view pattern,
                                            std::optional<absl::Duration> timeout = std::nullopt);
  // `predicate` holds on the screen. It runs on each change while the session's lock is held:
  // it must not call the session. `description` names it in a timeout message.
  [[nodiscard]] absl::Status WaitUntil(const std::function<bool(const Terminal&)>& predicate,
                                       absl::string_view description,
                                       std::optional<absl::Duration> timeout = std::nullopt);
  // `matcher`, any GoogleMock matcher of `const ScreenView&` (vtsnap::CellStyleIs, RowTextIs,
  // ScreenIs, EqualsGolden, testing::Not, AllOf, a MATCHER of one's own), matches the screen
  // (View()). Include the header of the matcher: vtsnap/matchers/matchers.h (or
  // vtsnap/matchers/wait.h) turns it into a ScreenCheck; without it the program does not compile
  // and the error names the header. Golden matchers only read while waiting: none writes a
  // golden or an .actual file, even nested in AllOf, whatever UPDATE_GOLDENS says (assert on the
  // screen afterwards to update one). A timeout's message holds the matcher's description, its
  // explanation on the last screen checked and that screen. The matcher runs on the waiting
  // thread with the session's lock held: it must not call the session.
  template <typename Matcher>
  [[nodiscard]] absl::Status WaitFor(const Matcher& matcher,
                                     std::optional<absl::Duration> timeout = std::nullopt) {
    // Unqualified, with a ScreenView pointer: argument-dependent lookup finds the matchers layer's
    // AsScreenCheck (namespace vtsnap) where the call is instantiated, in the test's source.
    return WaitForCheck(AsScreenCheck(matcher, static_cast<const ScreenView*>(nullptr)), timeout);
  }
  // `check` holds on the screen (snapshot/screen/screen_check.h): WaitFor without GoogleTest. The
  // check runs on a snapshot of the screen between synchronized frames, once for each change
  // (output decoded, a resize), with the session's lock held. On a timeout, DeadlineExceeded:
  // "timed out after T waiting for a screen that matches: DESCRIPTION (STATE)", then "the last
  // screen checked: EXPLANATION" and that screen's framed rows (as the other waits show it).
  [[nodiscard]] absl::Status WaitForCheck(const ScreenCheck& check,
                                          std::optional<absl::Duration> timeout = std::nullopt);
  // No output for `quiet` and no synchronized frame (?2026h) open; typed input counts as output
  // (the quiet period starts after the last bytes Send wrote), so after SendKeys this awaits the
  // program's answer, not the silence before the keys. True at once after the
  // program's output ended.
  [[nodiscard]] absl::Status WaitForQuiet(absl::Duration quiet,
                                          std::optional<absl::Duration> timeout = std::nullopt);
  // The screen between synchronized frames: waits until no frame (`CSI ?2026h` ... `?2026l`) is
  // open, the output read so far is decoded, and, when `quiet` is positive, the program has
  // written nothing for `quiet` (scaled); then returns the screen, captured under the same lock
  // as the check, so it is never a half-drawn frame. A frame that stays open past `timeout` is
  // DeadlineExceeded naming it: the byte offset of its ?2026h in the output, how long it has been
  // open, the bytes since, and the screen as it is. After the output ended the screen is returned
  // at once (a frame the program left open is refused by the view, as View()).
  [[nodiscard]] absl::StatusOr<ScreenView> WaitForFrame(
      absl::Duration quiet = absl::ZeroDuration(),
      std::optional<absl::Duration> timeout = std::nullopt);
  // The program's exit (its output read to the end).
  [[nodiscard]] absl::StatusOr<ExitStatus> WaitForExit(
      std::optional<absl::Duration> timeout = std::nullopt);

  // Makes every wait in progress, and every later Wait* and Send, fail at once with
  // Cancelled(`why`), for another thread that must stop a test now (vtsnap run's signal watch).
  // Close() still stops the program and the screen can still be read. Thread-safe.
  void Cancel(std::string why);

  // Decodes what the program wrote and the reader had not read yet, then hangs up the terminal
  // (SIGHUP), gives the program PtyOptions::close_grace to exit, then kills its process group and
  // session; reaps it and returns how it ended. Idempotent. The screen can still be read
  // afterwards, and shows everything the program wrote before Close began.
  ExitStatus Close();

  // How the program ended, once it has (it may still be writing: see WaitForExit).
  std::optional<ExitStatus> exit_status() const;
  // Whether the program's output has ended: no process has its terminal open any more (it is
  // reaped within a few milliseconds after, see WaitForExit).
  bool output_ended() const;
  // The program's process id (also its process group and session id); -1 before Start.
  pid_t pid() const { return pid_; }
  // The bytes read from the program so far.
  uint64_t bytes_received() const;
  // Bytes queued for the program (typed, or replies the terminal owes it) and not yet taken by its
  // terminal.
  size_t input_pending() const;
  // The replies (cursor reports, DA1, ...) the terminal dropped because more than
  // kMaxPendingReplyBytes were already waiting for a program that does not read its input.
  uint64_t replies_dropped() const;
  // The counts so far, taken together under the session's lock: replies written and dropped, bytes
  // typed and read.
  PtyStatistics statistics() const;
  // With PtyOptions::keep_output, every byte read from the program so far, exactly as it arrived
  // (the first bytes_received() bytes of the program's output); empty without it.
  std::string Output() const;

  // The screen as the decoder shows it now, as a consistent snapshot taken under the session's
  // lock: a ScreenView that owns its Frame (and its pixel plane when Sixel is on) and what the
  // semantic projection and the theme check read beyond it (modes, wrap flags, scrollback:
  // snapshot/formats/detached_state.h), so CaptureSemantic, EqualsSemanticGolden and
  // IsThemeIndependent take a session as they take a VirtualTerminal. Inside an open synchronized
  // frame (the program has not finished drawing) the view is unreadable and says so. A PtySession
  // converts to a ScreenView through this (VtsnapScreenView below), so every matcher and capture
  // function takes a session.
  ScreenView View() const;
  // Diagnostics, not captures: the screen text, WithScreen and DescribeScreen read whatever is
  // there, synchronized frame or not (assert on View() or WaitForFrame's screen instead).
  std::string ScreenText() const;
  // Runs `read` on the screen while the session's lock is held (it must not call the session).
  void WithScreen(const std::function<void(const Terminal&)>& read) const;
  // The screen for messages, as the matchers print it (FramedRows of
  // snapshot/screen/screen_view.h): what a timeout shows.
  std::string DescribeScreen() const;
  // What idle detection sees now (PtyOptions::detect_idle), for messages and for finding out why
  // a quiet wait took its whole quiet period: "waiting: less (pid 12) reads /dev/pts/3",
  // "busy: sleep (pid 14) sleeps with a timer of 4.99s (it may draw when the timer fires)",
  // "unknown: ...", or "off". Timers of any length count as waiting here.
  std::string IdleState() const;
  // The byte offset in the output of the `?2026h` that opened the synchronized frame still
  // open, or nullopt between frames.
  std::optional<uint64_t> open_frame_offset() const;

 private:
  friend class PtySessionTestPeer;  // test/pty/pty_session_test.cc: holds the reader back

  void ReaderLoop();
  // Decodes bytes read from the program and records them (replies, counts, kept output).
  void DecodeLocked(absl::string_view bytes);
  // Close's last read, after the reader stopped: decodes what the kernel holds at that moment, and
  // returns it when there is an output_sink to give it to.
  std::string DrainLocked();
  void Wake();
  // Queues bytes for the terminal (mu_ held), or drops a reply when kMaxPendingReplyBytes wait.
  void QueueLocked(PtyInputEvent::Source source, absl::string_view bytes);
  // Writes what the terminal takes of the queue (mu_ held), recording each piece written.
  void WriteLocked();
  void RecordLocked(PtyInputEvent::Source source, PtyInputEvent::Fate fate,
                    absl::string_view bytes);
  // Gives input_sink the events recorded so far (mu_ not held; the reader's thread or Close).
  void FlushInputEvents();
  void StopReader();
  // SIGKILL to the process group, then to every process left in the session.
  void KillEverything();
  // waitpid for the program (blocking or not), recording how it ended.
  void Reap(bool block);
  void CloseDescriptors();
  // `between_frames`: `done` is checked only while no synchronized frame is open.
  // `poll`: how often `done` is checked when nothing happens. `explain` (may be empty), called
  // under the lock, replaces the screen in a failure's message: what was seen, then the screen.
  absl::Status Await(const std::function<bool(const Terminal&)>& done, absl::string_view what,
                     std::optional<absl::Duration> timeout, bool fail_at_end, bool between_frames,
                     absl::Duration poll = absl::Milliseconds(10),
                     const std::function<std::string()>& explain = {});
  // Whether the output is read, nothing is left to type and no synchronized frame is open.
  bool SettledLocked() const;
  // Whether the program has been seen waiting for input for the confirmation time
  // (PtyOptions::detect_idle), with no timer shorter than `quiet` pending. Probes /proc each call.
  bool IdleLocked(absl::Duration quiet);
  std::string IdleStateLocked() const;
  ScreenView ViewLocked() const;
  // The open synchronized frame for messages: where and when it opened.
  std::string OpenFrameLocked() const;
  absl::Duration Scaled(std::optional<absl::Duration> timeout) const;
  absl::Status NotRunning(absl::string_view action) const;  // mu_ held or not needed
  std::string StateLocked() const;
  // Bytes the program wrote that the reader has not read yet (FIONREAD on the master).
  int UnreadOutputLocked() const;
  std::string DescribeScreenLocked() const;

  PtyOptions options_;
  double scale_ = 1;
  std::string program_;  // argv[0], for messages
  pid_t pid_ = -1;
  int master_fd_ = -1;
  int wake_read_fd_ = -1;
  int wake_write_fd_ = -1;

  // Fair: the reader thread, which takes it again at once under a flood of output, cannot starve
  // a wait or a test reading the screen (pty/fair_mutex.h).
  mutable pty_internal::FairMutex mu_;
  std::condition_variable_any changed_;  // output arrived, input was written, the program ended
  VirtualTerminal vt_;                   // guarded by mu_
  // Guarded by mu_: the bytes not yet written to the terminal are outgoing_ from outgoing_begin_
  // on (the written prefix is dropped once it is the larger half, so writing stays linear).
  std::string outgoing_;
  size_t outgoing_begin_ = 0;
  uint64_t outgoing_written_ = 0;  // guarded by mu_: bytes written so far (of all ever queued)
  uint64_t outgoing_queued_ = 0;   // guarded by mu_
  // Guarded by mu_: what outgoing_'s unwritten bytes are, in order: each reply, each typed chunk.
  struct Piece {
    PtyInputEvent::Source source;
    size_t size;
    size_t written;
  };
  std::deque<Piece> pieces_;
  PtyStatistics counts_;  // guarded by mu_: the counts of replies and typed bytes
  // Guarded by mu_: input_sink's events not given to it yet (only with an input_sink).
  std::vector<PtyInputEvent> input_events_;
  uint64_t bytes_received_ = 0;           // guarded by mu_
  std::string output_;                    // guarded by mu_: everything read, with keep_output
  absl::Time last_output_;                // guarded by mu_
  bool output_ended_ = false;             // guarded by mu_: EOF or EIO on the terminal
  bool input_closed_ = false;             // guarded by mu_: writing failed (the program has gone)
  bool stop_ = false;                     // guarded by mu_
  std::optional<ExitStatus> exit_;        // guarded by mu_
  std::optional<std::string> cancelled_;  // Cancel()'s reason; guarded by mu_
  absl::Time exit_time_;                  // guarded by mu_
  absl::Time output_end_time_;            // guarded by mu_
  absl::Time frame_opened_;               // guarded by mu_: when the open frame's ?2026h was read
  // Idle detection, guarded by mu_: writes to the terminal so far, the foreground group's
  // signature just before the last one, and the first probe of the current idle stretch.
  uint64_t writes_ = 0;
  uint64_t signature_before_write_ = 0;
  struct IdleCandidate {
    absl::Time since;
    uint64_t writes = 0;
    uint64_t bytes = 0;
    uint64_t signature = 0;
  };
  std::optional<IdleCandidate> idle_;
  bool closed_ = false;
  std::thread reader_;
};

// The hook that makes a PtySession a ScreenView (snapshot/screen/screen_view.h): session.View().
inline ScreenView VtsnapScreenView(const PtySession& session) { return session.View(); }

}  // namespace vtsnap

#endif  // VTSNAP_PTY_PTY_SESSION_H_
