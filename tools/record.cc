// `vtsnap record`: runs a program in the user's own terminal through a PtySession (the user sees
// and drives it as usual), records the keys typed with their timing and the checkpoints marked
// with ctrl+\ c, and writes a GoogleTest source that replays the session with PtySession and its
// goldens (docs/cli.md, docs/pty.md "Record a test from a live session").
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "re2/re2.h"
#include "vtsnap/base/size.h"
#include "vtsnap/pty/pty_session.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/screen_dump.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/redact.h"
#include "vtsnap/tools/cli.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/exit_codes.h"
#include "vtsnap/tools/record_keys.h"
#include "vtsnap/tools/record_writer.h"
#include "vtsnap/tools/run_internal.h"

namespace vtsnap::tools {

const cli::Usage kRecordUsage = {
    .command = "record",
    .summary = "Record a test from a live session: the keys you type and the screens you mark.",
    .synopsis =
        "usage: vtsnap record [--size COLSxROWS] [--out DIR] [--name NAME] [--redact "
        "PATTERN]...\n"
        "                     [--force] [--] PROGRAM [ARGS...]\n",
    .details =
        R"(  Runs PROGRAM in your terminal through a pseudo-terminal of your terminal's size (or
  --size): you see it and type at it as usual. The keys you type are recorded with their
  timing. Hotkeys: ctrl+\ then c marks a checkpoint (the screen as it is then becomes a
  golden); ctrl+\ then ctrl+\ types a ctrl+\ for the program; ctrl+\ then q ends the
  recording and the program. The recording also ends when the program exits.
  Then it writes DIR/NAME_test.cc (DIR: --out, default the current directory; NAME: --name,
  default the program's name), a GoogleTest that starts PROGRAM with the same arguments, in
  the same directory, at the same size, types the same keys (as key-script words), waits as
  the program answered, and checks each checkpoint with EqualsGolden("NAME_N"); and the
  goldens DIR/goldens/NAME_test/NAME_N.dump it checks them against. --redact PATTERN masks
  what matches (an RE2 pattern, such as a clock) in the goldens and in the test. It prints the
  CMake lines that build and register the test. An existing test or golden of NAME is not
  replaced without --force. Exit codes: 0 written, 1 a file could not be written, 2 bad
  arguments, standard input not a terminal, DIR not writable or the files exist, 127 PROGRAM
  cannot be started, 128+N ended by signal N (nothing is written). docs/cli.md.
)"};

namespace {

using record_internal::RecordedSession;
using record_internal::RecordedStep;
using record_internal::RecordedWait;
using record_internal::TokenKind;

// An answer that comes later than this after the keys is awaited by its text, not only by quiet.
constexpr absl::Duration kSlowAnswer = absl::Milliseconds(150);
// How long an unfinished escape sequence may wait for its end (a lone ESC is the Escape key).
constexpr int kEscapeWaitMs = 30;
constexpr char kHotkey = '\x1c';  // ctrl+\, as a terminal sends it

struct RecordOptions {
  std::optional<std::string> size_text;
  std::string out = ".";
  std::optional<std::string> name;
  std::vector<std::string> redact;
  Redactions redactions;
  bool force = false;
  std::vector<std::string> argv;
};

// What the command writes: the test source and each golden, by path.
struct Paths {
  std::string test;
  std::string goldens;  // the folder
};

void WriteAll(int fd, absl::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the user's terminal is gone: nothing to show it on
    bytes.remove_prefix(static_cast<size_t>(n));
  }
}

// The user's terminal in raw mode for as long as this lives (restored on every way out).
class RawMode {
 public:
  absl::Status Enter() {
    if (::tcgetattr(STDIN_FILENO, &saved_) != 0) {
      return absl::FailedPreconditionError(absl::StrCat("tcgetattr: ", std::strerror(errno)));
    }
    termios raw = saved_;
    ::cfmakeraw(&raw);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    if (::tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) != 0) {
      return absl::FailedPreconditionError(absl::StrCat("tcsetattr: ", std::strerror(errno)));
    }
    active_ = true;
    return absl::OkStatus();
  }
  void Leave() {
    if (!active_) return;
    active_ = false;
    ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_);
  }
  ~RawMode() { Leave(); }

 private:
  termios saved_{};
  bool active_ = false;
};

// The rows of a screen's text, trimmed on the right.
std::vector<std::string> Rows(const std::string& text) {
  std::vector<std::string> rows;
  for (absl::string_view row : absl::StrSplit(text, '\n')) {
    rows.emplace_back(absl::StripTrailingAsciiWhitespace(row));
  }
  return rows;
}

// Records one live session: forwards keys, passes output through, marks checkpoints.
class Recorder {
 public:
  Recorder(const RecordOptions& o, TerminalSize size, std::ostream& err)
      : o_(o), size_(size), err_(err), session_(Options()), signals_([this](int) { Wake(); }) {}

  ~Recorder() {
    if (wake_read_ >= 0) ::close(wake_read_);
    if (wake_write_ >= 0) ::close(wake_write_);
  }

  // Starts the program; the exit code when it cannot be.
  std::optional<int> Start() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) {
      err_ << "vtsnap record: pipe: " << std::strerror(errno) << "\n";
      return kExitDiffers;
    }
    wake_read_ = fds[0];
    wake_write_ = fds[1];
    const std::string& program = o_.argv[0];
    start_ = absl::Now();
    absl::Status s = session_.Start(o_.argv);
    if (s.ok()) return std::nullopt;
    if (absl::IsInvalidArgument(s)) {
      err_ << "vtsnap record: " << s.message() << "\n";
      return kExitInvalid;
    }
    if (absl::StrContains(s.message(), absl::StrCat("'", program, "'"))) {
      err_ << "vtsnap record: " << s.message() << "\n";
    } else {
      err_ << "vtsnap record: cannot start '" << program << "': " << s.message() << "\n";
    }
    return kExitCannotStart;
  }

  // Runs the session until the program exits, ctrl+\ q, the end of input or a signal.
  void Loop() {
    std::string pending;  // an unfinished sequence
    for (;;) {
      if (signals_.received() != 0) return;
      if (session_.output_ended()) {
        ended_by_program_ = true;
        return;
      }
      pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {wake_read_, POLLIN, 0}};
      const int ready = ::poll(fds, 2, pending.empty() ? 50 : kEscapeWaitMs);
      if (ready < 0 && errno != EINTR) return;
      std::vector<record_internal::InputToken> tokens;
      if (ready > 0 && (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
        char buf[4096];
        const ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0) return;  // the end of input ends the recording as ctrl+\ q does
        pending.append(buf, static_cast<size_t>(n));
        const size_t taken = record_internal::SplitInput(pending, false, &tokens);
        pending.erase(0, taken);
      } else if (ready == 0 && !pending.empty()) {
        record_internal::SplitInput(pending, true, &tokens);
        pending.clear();
      }
      // Keys read together were typed faster than the program answered: one group.
      chunk_start_ = true;
      for (const record_internal::InputToken& token : tokens) {
        if (!Handle(token.bytes)) {
          SendTyped();
          return;
        }
      }
      SendTyped();
      NoteEarlyAnswer();
    }
  }

  // The end: the last group closed, the program ended (or awaited), the user's terminal given
  // back its modes. Then what was recorded.
  RecordedSession Finish() {
    CloseGroup();
    if (ended_by_program_) {
      absl::StatusOr<ExitStatus> status = session_.WaitForExit(absl::Seconds(2));
      if (status.ok()) exit_ = *status;
    }
    bool alternate = false;
    session_.WithScreen([&](const Terminal& t) { alternate = t.alternate_screen_active(); });
    session_.Close();
    // What the program may have left on: colours, a hidden cursor, mouse reports, bracketed
    // paste, application keys, the alternate screen.
    WriteAll(STDOUT_FILENO,
             absl::StrCat("\x1b[0m\x1b[?25h\x1b[?1l\x1b>\x1b[?1000l\x1b[?1002l\x1b[?1003l"
                          "\x1b[?1006l\x1b[?2004l",
                          alternate ? "\x1b[?1049l" : "", "\r\n"));
    RecordedSession s;
    s.argv = o_.argv;
    s.cols = size_.cols;
    s.rows = size_.rows;
    std::error_code ec;
    s.working_directory = std::filesystem::current_path(ec).string();
    s.redactions = o_.redact;
    s.first_screen = first_screen_;
    s.steps = steps_;
    if (ended_by_program_ && exit_.has_value()) s.exit = exit_;
    return s;
  }

  int signal() const { return signals_.received(); }
  const std::vector<std::string>& goldens() const { return goldens_; }
  const std::vector<std::string>& skipped() const { return skipped_; }
  bool ended_by_program() const { return ended_by_program_; }
  std::optional<ExitStatus> exit_status() const { return exit_; }

 private:
  PtyOptions Options() {
    PtyOptions options;
    options.cols = size_.cols;
    options.rows = size_.rows;
    // Send waits this long for a program that does not read its input: the keys stay queued for
    // it, and the recorder goes on reading the user's (a hotkey must answer at once).
    options.timeout = absl::Milliseconds(250);
    options.output_sink = [this](absl::string_view bytes) {
      last_output_ns_.store(absl::ToUnixNanos(absl::Now()));
      WriteAll(STDOUT_FILENO, bytes);
    };
    options.input_sink = [this](const PtyInputEvent& event) {
      if (event.source == PtyInputEvent::Source::kReply) replies_.fetch_add(1);
    };
    return options;
  }

  void Wake() {
    const char c = 0;
    [[maybe_unused]] ssize_t n = ::write(wake_write_, &c, 1);
  }

  // One token the user's terminal sent; false to end the recording.
  bool Handle(const std::string& token) {
    if (armed_) {
      armed_ = false;
      if (token.size() == 1 && token[0] == kHotkey) {
        Forward(token);
      } else if (token == "c" || token == "C") {
        Checkpoint();
      } else if (token == "q" || token == "Q") {
        return false;
      } else {
        WriteAll(STDOUT_FILENO, "\a");  // not a hotkey: nothing is sent
      }
      return true;
    }
    if (token.size() == 1 && token[0] == kHotkey) {
      armed_ = true;
      return true;
    }
    // The user's terminal answers the queries the program writes to it, as the session does:
    // the program gets the session's answers only (its terminal is the session's).
    switch (record_internal::ClassifyToken(token)) {
      case TokenKind::kReply:
        if (replies_.load() > 0) replies_.fetch_sub(1);
        return true;
      case TokenKind::kCursorReport:
        if (replies_.load() > 0) {
          replies_.fetch_sub(1);
          return true;
        }
        break;
      case TokenKind::kKey:
        break;
    }
    Forward(token);
    return true;
  }

  void Forward(const std::string& bytes) {
    const absl::Time now = absl::Now();
    const uint64_t received = session_.bytes_received();
    const bool answered = chunk_start_ && received != group_bytes_;
    chunk_start_ = false;
    if (!group_.has_value() || answered) {
      CloseGroup();
      group_.emplace();
      group_->at = now - start_;
      group_screen_before_ = session_.ScreenText();
    }
    group_->bytes += bytes;
    group_last_key_ = now;
    group_early_screen_.reset();
    typed_ += bytes;
  }

  // What was read together goes to the program in one write, as it came.
  void SendTyped() {
    if (typed_.empty()) return;
    // Output read from here on answers this group: keys typed after it start the next one.
    group_bytes_ = session_.bytes_received();
    // A program that has gone takes nothing: the loop sees it end.
    [[maybe_unused]] absl::Status sent = session_.Send(typed_);
    typed_.clear();
  }

  // The screen kSlowAnswer after the group's last key: what the program drew after that (and
  // before the next keys) is a slow answer, which the replay awaits by its text.
  void NoteEarlyAnswer() {
    if (!group_.has_value() || group_early_screen_.has_value() ||
        absl::Now() - group_last_key_ < kSlowAnswer) {
      return;
    }
    group_early_screen_ = session_.ScreenText();
  }

  // How the program answered since `since` (the last keys, or the start), from `before`.
  RecordedWait WaitFor(absl::Time since, const std::string& before) {
    RecordedWait wait;
    const absl::Time last_output = absl::FromUnixNanos(last_output_ns_.load());
    if (last_output - since <= kSlowAnswer) return wait;
    const std::vector<std::string> old_rows = Rows(before);
    const std::set<std::string> old(old_rows.begin(), old_rows.end());
    std::string best;
    for (const std::string& row : Rows(session_.ScreenText())) {
      const std::string text(absl::StripLeadingAsciiWhitespace(row));
      if (text.empty() || old.count(row) != 0 || text.size() <= best.size()) continue;
      bool redacted = false;
      for (const std::string& pattern : o_.redact) {
        redacted = redacted || RE2::PartialMatch(text, pattern);
      }
      if (!redacted) best = text;
    }
    if (!best.empty()) wait.text = best;
    return wait;
  }

  // Ends the group of keys in progress (the program answered, or a checkpoint or the end came).
  void CloseGroup() {
    if (!group_.has_value()) {
      if (!first_screen_taken_) {
        first_screen_taken_ = true;
        first_screen_ = WaitFor(start_, "");
      }
      return;
    }
    group_->wait = WaitFor(group_last_key_, group_early_screen_.value_or(group_screen_before_));
    group_early_screen_.reset();
    steps_.push_back(*std::move(group_));
    group_.reset();
  }

  void Checkpoint() {
    SendTyped();
    const std::string name = absl::StrCat(*o_.name, "_", goldens_.size() + 1);
    const absl::Duration at = absl::Now() - start_;
    absl::StatusOr<ScreenView> view =
        session_.WaitForFrame(absl::Milliseconds(100), absl::Seconds(2));
    absl::StatusOr<std::string> dump = absl::UnknownError("not captured");
    if (!view.ok()) {
      dump = view.status();
    } else if (!view->readable()) {
      dump = view->status();
    } else {
      if (o_.redactions.empty()) {
        dump = SerializeScreen(*view);
      } else {
        absl::StatusOr<Frame> frame = CaptureFrame(*view);
        if (frame.ok()) {
          o_.redactions.Apply(&*frame);
          dump = golden::Serialize(*frame);
        } else {
          dump = frame.status();
        }
      }
    }
    // The screen has settled: the keys' group ends with what the program answered.
    CloseGroup();
    if (!dump.ok()) {
      skipped_.push_back(absl::StrCat(absl::FormatDuration(absl::Trunc(at, absl::Milliseconds(10))),
                                      ": ", dump.status().message()));
      WriteAll(STDOUT_FILENO, "\a");
      return;
    }
    goldens_.push_back(*std::move(dump));
    RecordedStep step;
    step.kind = RecordedStep::Kind::kCheckpoint;
    step.at = at;
    step.golden = name;
    steps_.push_back(std::move(step));
  }

  const RecordOptions& o_;
  const TerminalSize size_;
  std::ostream& err_;
  std::atomic<int64_t> last_output_ns_{0};
  std::atomic<int64_t> replies_{0};  // answers the session gave that the user's terminal owes too
  PtySession session_;
  run_internal::SignalWatch signals_;
  int wake_read_ = -1;
  int wake_write_ = -1;
  absl::Time start_;
  bool armed_ = false;        // ctrl+\ was typed
  bool chunk_start_ = false;  // the next key forwarded is the first of what was read
  bool ended_by_program_ = false;
  std::optional<ExitStatus> exit_;
  std::optional<RecordedStep> group_;
  uint64_t group_bytes_ = 0;  // output read when its last key was sent
  absl::Time group_last_key_;
  std::string group_screen_before_;
  std::optional<std::string> group_early_screen_;  // NoteEarlyAnswer
  std::string typed_;                              // forwarded, not yet sent (SendTyped)
  bool first_screen_taken_ = false;
  RecordedWait first_screen_;
  std::vector<RecordedStep> steps_;
  std::vector<std::string> goldens_;  // the dumps, golden N at N-1
  std::vector<std::string> skipped_;
};

// The goldens of `name` already in `folder`: NAME_N.dump.
std::vector<std::string> ExistingGoldens(const std::string& folder, const std::string& name) {
  std::vector<std::string> found;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
    const std::string file = entry.path().filename().string();
    absl::string_view rest = file;
    int n = 0;
    if (absl::ConsumePrefix(&rest, absl::StrCat(name, "_")) &&
        absl::ConsumeSuffix(&rest, ".dump") && absl::SimpleAtoi(rest, &n) && n > 0) {
      found.push_back(entry.path().string());
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

// Checks --out and the files before anything runs; the error names the file.
absl::Status CheckOutput(const RecordOptions& o, const Paths& paths) {
  std::error_code ec;
  if (!std::filesystem::is_directory(o.out, ec)) {
    return absl::InvalidArgumentError(absl::StrCat("--out '", o.out, "': not a directory"));
  }
  if (!IsWritableDirectory(o.out)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--out '", o.out, "': cannot be written (no file can be created there)"));
  }
  if (o.force) return absl::OkStatus();
  if (std::filesystem::exists(paths.test, ec)) {
    return absl::AlreadyExistsError(
        absl::StrCat(paths.test, " exists (--force replaces it and its goldens)"));
  }
  if (std::vector<std::string> old = ExistingGoldens(paths.goldens, *o.name); !old.empty()) {
    return absl::AlreadyExistsError(
        absl::StrCat(old.front(), " exists (--force replaces the test's goldens)"));
  }
  return absl::OkStatus();
}

// The terminal's size: TIOCGWINSZ on standard input, else standard output, else 80x24.
TerminalSize UserTerminalSize() {
  for (int fd : {STDIN_FILENO, STDOUT_FILENO}) {
    winsize ws{};
    if (::ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
      return {ws.ws_col, ws.ws_row};
    }
  }
  return {80, 24};
}

// Writes the test and its goldens; the exit code.
int WriteFiles(const RecordOptions& o, const Paths& paths, const RecordedSession& session,
               const std::vector<std::string>& goldens, std::ostream& out, std::ostream& err) {
  for (size_t i = 0; i < goldens.size(); ++i) {
    const std::string path = absl::StrCat(paths.goldens, "/", *o.name, "_", i + 1, ".dump");
    if (absl::Status s = WriteFileAtomically(path, goldens[i]); !s.ok()) {
      err << "vtsnap record: " << s.message() << "\n";
      return kExitDiffers;
    }
  }
  // With --force, the goldens of an earlier recording with more checkpoints go.
  for (const std::string& old : ExistingGoldens(paths.goldens, *o.name)) {
    int n = 0;
    const std::string file = std::filesystem::path(old).filename().string();
    absl::string_view rest = file;
    if (absl::ConsumePrefix(&rest, absl::StrCat(*o.name, "_")) &&
        absl::ConsumeSuffix(&rest, ".dump") && absl::SimpleAtoi(rest, &n) &&
        static_cast<size_t>(n) > goldens.size()) {
      if (absl::Status s = RemoveFileIfExists(old); !s.ok()) {
        err << "vtsnap record: " << s.message() << "\n";
      }
    }
  }
  if (absl::Status s = WriteFileAtomically(paths.test, record_internal::TestSource(session));
      !s.ok()) {
    err << "vtsnap record: " << s.message() << "\n";
    return kExitDiffers;
  }
  const std::string target = absl::StrCat(*o.name, "_test");
  out << "vtsnap record: wrote " << paths.test << " and " << goldens.size()
      << (goldens.size() == 1 ? " golden" : " goldens") << " in " << paths.goldens << "/\n"
      << "Build and run it with CMake (vtsnap added with add_subdirectory(vtsnap) or\n"
      << "find_package(vtsnap CONFIG REQUIRED)):\n\n"
      << "  add_executable(" << target << " " << target << ".cc)\n"
      << "  target_link_libraries(" << target << " PRIVATE vtsnap::gtest GTest::gtest_main)\n"
      << "  vtsnap_discover_tests(" << target << ")\n\n"
      << "then: cmake --build build && ctest --test-dir build -R " << target << "\n";
  return kExitOk;
}

}  // namespace

int RunRecord(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  RecordOptions o;
  cli::CommandLine line(kRecordUsage);
  line.Value("--size", &o.size_text)
      .Value("--out", &o.out)
      .Value("--name", &o.name)
      .Switch("--force", &o.force)
      .Each(
          "--redact",
          [&o](const std::string& v) {
            if (absl::Status s = o.redactions.AddPattern(v); !s.ok()) {
              return absl::InvalidArgumentError(absl::StrCat("--redact '", v, "': ", s.message()));
            }
            o.redact.push_back(v);
            return absl::OkStatus();
          })
      .Positionals({.names = {"PROGRAM"},
                    .min = 1,
                    .max = cli::kAny,
                    .stop_at_first = true,
                    .missing = "no PROGRAM to record"},
                   &o.argv);
  if (std::optional<int> done = line.Parse(args, out, err)) return *done;
  TerminalSize size{80, 24};
  if (o.size_text.has_value()) {
    absl::StatusOr<TerminalSize> parsed = ParseSize(*o.size_text);
    if (!parsed.ok()) {
      return line.Error(err,
                        absl::StrCat("--size '", *o.size_text, "': ", parsed.status().message()));
    }
    size = *parsed;
  }
  if (!o.name.has_value()) o.name = record_internal::DefaultTestName(o.argv[0]);
  if (absl::Status s = record_internal::ValidateTestName(*o.name); !s.ok()) {
    return line.Error(err, s.message());
  }
  if (!::isatty(STDIN_FILENO)) {
    return line.Error(err,
                      "standard input is not a terminal: record runs the program in your terminal "
                      "and records the keys you type there");
  }
  if (!o.size_text.has_value()) size = UserTerminalSize();
  const std::filesystem::path out_dir(o.out);
  const Paths paths{.test = (out_dir / absl::StrCat(*o.name, "_test.cc")).string(),
                    .goldens = (out_dir / "goldens" / absl::StrCat(*o.name, "_test")).string()};
  if (absl::Status s = CheckOutput(o, paths); !s.ok()) return line.Error(err, s.message());

  // Why the program could not start, printed once the terminal is itself again.
  std::ostringstream start_err;
  Recorder recorder(o, size, start_err);
  RecordedSession session;
  {
    // Raw mode before the program starts: a key typed while it starts must reach it as typed,
    // not be echoed by the terminal's line discipline, and ctrl+\ must not be SIGQUIT.
    RawMode raw;
    if (absl::Status s = raw.Enter(); !s.ok()) {
      err << "vtsnap record: cannot put the terminal in raw mode: " << s.message() << "\n";
      return kExitInvalid;
    }
    if (std::optional<int> code = recorder.Start(); code.has_value()) {
      raw.Leave();
      err << start_err.str();
      return *code;
    }
    recorder.Loop();
    session = recorder.Finish();
  }  // the terminal is restored here, on every way out of the loop
  session.name = *o.name;
  if (recorder.signal() != 0) {
    err << "vtsnap record: interrupted by " << run_internal::SignalName(recorder.signal())
        << "; nothing was written\n";
    return kExitSignalBase + recorder.signal();
  }
  for (const std::string& skipped : recorder.skipped()) {
    err << "vtsnap record: a checkpoint at " << skipped << " was not recorded\n";
  }
  if (recorder.ended_by_program()) {
    err << "vtsnap record: " << o.argv[0] << " ended ("
        << (recorder.exit_status().has_value() ? recorder.exit_status()->ToString()
                                               : std::string("not reaped"))
        << ")\n";
  }
  return WriteFiles(o, paths, session, recorder.goldens(), out, err);
}

}  // namespace vtsnap::tools
