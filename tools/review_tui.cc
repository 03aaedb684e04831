// `vtsnap review`: the interactive review in a terminal.
// NOLINTNEXTLINE(modernize-deprecated-headers): sigaction is POSIX, not <csignal>'s
#include <signal.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/fnv1a.h"
#include "vtsnap/base/size.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/pito_capture.h"
#include "vtsnap/snapshot/formats/pito_frame.h"
#include "vtsnap/snapshot/formats/rgba_file.h"
#include "vtsnap/snapshot/formats/semantic.h"
#include "vtsnap/snapshot/golden/report.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/snapshot/render/png.h"
#include "vtsnap/snapshot/render/render.h"
#include "vtsnap/snapshot/screen/diff.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/rgba.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/review_internal.h"

namespace vtsnap::tools::review_internal {

namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// The interactive review.

// What the signal handlers share with RawTerminal (used async-signal-safely only).
termios saved_termios;
volatile sig_atomic_t resized = 0;
constexpr char kEnterScreen[] = "\x1b[?1049h\x1b[?25l\x1b[?7l";  // alternate, no cursor, no wrap
constexpr char kLeaveScreen[] = "\x1b[0m\x1b[?7h\x1b[?25h\x1b[?1049l";

void OnResize(int) { resized = 1; }

// SIGTERM, SIGHUP, SIGQUIT: the terminal is restored before the signal ends the process.
void OnTerminate(int signal) {
  (void)!::write(STDOUT_FILENO, kLeaveScreen, sizeof kLeaveScreen - 1);
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_termios);
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

constexpr int kHandledSignals[] = {SIGWINCH, SIGTERM, SIGHUP, SIGQUIT};

// The terminal in raw mode on the alternate screen, restored when destroyed or when a signal
// ends the process. A window size change interrupts ReadKey so the screen is drawn again.
class RawTerminal {
 public:
  RawTerminal() {
    if (::tcgetattr(STDIN_FILENO, &saved_termios) != 0) return;
    termios raw = saved_termios;
    ::cfmakeraw(&raw);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    for (size_t i = 0; i < std::size(kHandledSignals); ++i) {
      struct sigaction action = {};
      action.sa_handler = kHandledSignals[i] == SIGWINCH ? OnResize : OnTerminate;
      sigemptyset(&action.sa_mask);
      action.sa_flags = 0;  // no SA_RESTART: a resize interrupts the read
      ::sigaction(kHandledSignals[i], &action, &previous_[i]);
    }
    if (::tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) != 0) {
      RestoreSignals();
      return;
    }
    active_ = true;
    Write(kEnterScreen);
  }
  ~RawTerminal() {
    if (!active_) return;
    Write(kLeaveScreen);
    ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_termios);
    RestoreSignals();
  }
  RawTerminal(const RawTerminal&) = delete;
  RawTerminal& operator=(const RawTerminal&) = delete;

  bool active() const { return active_; }

  static void Write(absl::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t n = ::write(STDOUT_FILENO, bytes.data(), bytes.size());
      if (n < 0) {
        if (errno == EINTR) continue;
        return;
      }
      bytes.remove_prefix(static_cast<size_t>(n));
    }
  }

  // The next byte typed; '\0' when the window was resized (draw again); nullopt at the end of
  // the input.
  static std::optional<char> ReadKey() {
    char c;
    while (true) {
      const ssize_t n = ::read(STDIN_FILENO, &c, 1);
      if (n == 1) return c;
      if (n < 0 && errno == EINTR) {
        if (resized) {
          resized = 0;
          return '\0';
        }
        continue;
      }
      return std::nullopt;
    }
  }

  static std::pair<int, int> Size() {
    winsize ws{};
    if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
      return {ws.ws_col, ws.ws_row};
    }
    return {80, 24};
  }

 private:
  void RestoreSignals() {
    for (size_t i = 0; i < std::size(kHandledSignals); ++i) {
      ::sigaction(kHandledSignals[i], &previous_[i], nullptr);
    }
  }

  struct sigaction previous_[std::size(kHandledSignals)] = {};
  bool active_ = false;
};

enum class View { kDiff, kExpected, kActual };

absl::string_view ViewName(View view) {
  switch (view) {
    case View::kDiff:
      return "diff";
    case View::kExpected:
      return "expected";
    case View::kActual:
      return "actual";
  }
  return "";
}

enum class Decision { kPending, kAccepted, kRejected, kSkipped };

// The rows of `frame` as a colour terminal shows them (RenderAnsiRow: each style's SGR, links as
// OSC 8), each between '|' delimiters.
std::vector<std::string> RenderFrameRows(const Frame& frame) {
  std::vector<std::string> lines;
  lines.reserve(static_cast<size_t>(frame.rows));
  for (int row = 0; row < frame.rows; ++row) {
    lines.push_back(absl::StrCat("|", RenderAnsiRow(frame, row), "|"));
  }
  return lines;
}

std::vector<std::string> Lines(absl::string_view text) {
  std::vector<std::string> lines = absl::StrSplit(text, '\n');
  if (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

// Lines of a file's own bytes, with control characters as control pictures (ShownText) so that
// no byte of a corrupt or hostile file drives the terminal the review draws on.
std::vector<std::string> ShownLines(absl::string_view text) {
  std::vector<std::string> lines = Lines(text);
  for (std::string& line : lines) line = ShownText(line);
  return lines;
}

// The text of a pito frame's row: its symbols joined, between '|' delimiters, with control
// characters shown as '?' so that no symbol drives the terminal.
std::string TuiRowText(const pito::TuiRow& row) {
  std::string text = "|";
  for (const std::string& symbol : row.symbols) {
    for (size_t i = 0; i < symbol.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(symbol[i]);
      const bool c1 = c == 0xC2 && i + 1 < symbol.size() &&
                      static_cast<unsigned char>(symbol[i + 1]) >= 0x80 &&
                      static_cast<unsigned char>(symbol[i + 1]) <= 0x9F;
      if (c < 0x20 || c == 0x7F || c1) {
        text += '?';
        if (c1) ++i;
      } else {
        text += symbol[i];
      }
    }
  }
  return text + "|";
}

// What the review shows of a capture entry: in the diff view the Differences lines (as `vtsnap
// compare` prints them); in the expected and actual views the capture's frames, a line per
// scenario, then the rows of the first frame that differs.
std::vector<std::string> CaptureBody(const Entry& entry, View view) {
  absl::StatusOr<pito::Capture> actual = ReadActualCapture(entry);
  if (!actual.ok()) {
    return {ShownName(absl::StrCat("invalid actual capture: ", actual.status().message()))};
  }
  std::vector<std::string> strays;
  absl::StatusOr<pito::Capture> golden = ReadGoldenOf(entry, &strays);
  if (!golden.ok()) return {ShownName(absl::StrCat("invalid golden: ", golden.status().message()))};
  const pito::Differences differences = pito::Compare(*golden, *actual);
  std::vector<std::string> lines;
  if (view == View::kDiff) {
    if (!entry.golden_exists) lines.emplace_back("new capture golden: every frame is added");
    if (!strays.empty()) {
      lines.push_back(absl::StrCat("not frame files, which accepting leaves as they are: ",
                                   absl::StrJoin(strays, ", ")));
    }
    if (differences.empty())
      lines.emplace_back("the golden and the actual capture hold the same frames");
    for (const pito::Difference& difference : differences.entries) {
      lines.push_back(pito::DifferenceText(difference));
    }
    return lines;
  }
  if (view == View::kExpected && !entry.golden_exists)
    return {"(no golden yet: this entry is new)"};
  const pito::Capture& capture = view == View::kExpected ? *golden : *actual;
  lines.push_back(absl::StrCat(view == View::kExpected ? "the golden" : "the actual capture",
                               ", its frames by scenario:"));
  for (const auto& [scenario, frames] : capture.scenarios) {
    std::vector<std::string> sizes;
    for (const auto& [size, frame] : frames) sizes.push_back(FormatSize(size));
    lines.push_back(absl::StrCat("  ", scenario, "/ ", absl::StrJoin(sizes, " ")));
  }
  if (differences.empty()) return lines;
  const pito::Difference& first = differences.entries.front();
  const std::string name = absl::StrCat(first.scenario, "/", FormatSize(first.size));
  auto scenario = capture.scenarios.find(first.scenario);
  if (scenario == capture.scenarios.end() || !scenario->second.contains(first.size)) {
    lines.push_back(absl::StrCat("the first frame that differs, ", name, ", is not in it"));
    return lines;
  }
  lines.push_back(absl::StrCat("the first frame that differs, ", name, ":"));
  for (const pito::TuiRow& row : scenario->second.at(first.size).rows) {
    lines.push_back(TuiRowText(row));
  }
  return lines;
}

// What the review shows of one entry in one view, a line per element.
// A pending inline screen: the literal's screen (expected), the one that would replace it
// (actual), or the diff between them.
std::vector<std::string> InlineBody(const Entry& entry, View view) {
  absl::StatusOr<InlineFrames> frames = ReadInlineFrames(entry);
  if (!frames.ok()) return {ShownName(frames.status().message())};
  if (view == View::kExpected) {
    if (frames->expected_empty) return {"(the inline screen is empty: this entry is new)"};
    return RenderFrameRows(frames->expected);
  }
  if (view == View::kActual || frames->expected_empty) {
    std::vector<std::string> lines = RenderFrameRows(frames->actual);
    if (view == View::kDiff) lines.emplace(lines.begin(), "new inline screen:");
    return lines;
  }
  const FrameDiff diff = Compare(frames->expected, frames->actual);
  if (diff.empty()) return {"the inline screen and the actual screen mean the same"};
  return Lines(RenderDiff(diff));
}

std::vector<std::string> Body(const Entry& entry, View view) {
  const absl::string_view ext = FormatOf(
      entry.golden.empty() ? entry.actual.substr(0, entry.actual.size() - kActualSuffix.size())
                           : entry.golden);
  std::vector<std::string> lines;
  if (entry.golden.empty()) {
    lines.push_back(absl::StrCat("golden unknown: ", entry.unknown));
    lines.push_back(absl::StrCat("actual: ", entry.actual));
    lines.emplace_back("this entry cannot be accepted; r removes the .actual");
    return lines;
  }
  if (entry.capture) return CaptureBody(entry, view);
  if (entry.inline_screen) return InlineBody(entry, view);
  absl::StatusOr<std::string> actual_bytes = ReadAll(entry.actual);
  std::optional<std::string> golden_bytes;
  if (entry.golden_exists) {
    absl::StatusOr<std::string> read = ReadAll(entry.golden);
    if (!read.ok()) return {ShownName(read.status().message())};
    golden_bytes = *std::move(read);
  }
  if (!actual_bytes.ok()) return {ShownName(actual_bytes.status().message())};
  if (view == View::kExpected && !golden_bytes.has_value()) {
    return {"(no golden yet: this entry is new)"};
  }
  if (IsDumpFormat(ext)) {
    absl::StatusOr<Frame> actual = golden::Parse(*actual_bytes);
    if (!actual.ok()) {
      return {ShownName(
          absl::StrCat("invalid .actual: ", entry.actual, ":", actual.status().message()))};
    }
    std::optional<Frame> expected;
    if (golden_bytes.has_value()) {
      absl::StatusOr<Frame> parsed = golden::Parse(*golden_bytes);
      if (!parsed.ok()) {
        return {ShownName(
            absl::StrCat("invalid golden: ", entry.golden, ":", parsed.status().message()))};
      }
      expected = *std::move(parsed);
    }
    if (view == View::kExpected) return RenderFrameRows(*expected);
    if (view == View::kActual || !expected.has_value()) {
      lines = RenderFrameRows(*actual);
      if (view == View::kDiff) lines.emplace(lines.begin(), "new golden; the actual screen:");
      return lines;
    }
    const FrameDiff diff = Compare(*expected, *actual);
    if (diff.empty()) return {"the golden and the actual screen mean the same (spelling only)"};
    lines = Lines(RenderDiff(diff));
    for (std::string& line : Lines(RenderChangedRows(*expected, *actual, diff))) {
      lines.push_back(std::move(line));
    }
    return lines;
  }
  if (ext == ".rgba") {
    absl::StatusOr<RgbaPlane> actual = ParseRgba(*actual_bytes);
    if (!actual.ok()) {
      return {ShownName(absl::StrCat("invalid .actual: ", actual.status().message()))};
    }
    std::optional<RgbaPlane> expected;
    if (golden_bytes.has_value()) {
      absl::StatusOr<RgbaPlane> parsed = ParseRgba(*golden_bytes);
      if (!parsed.ok()) {
        return {ShownName(absl::StrCat("invalid golden: ", parsed.status().message()))};
      }
      expected = *std::move(parsed);
    }
    auto describe = [](absl::string_view what, const RgbaPlane& plane) {
      return absl::StrCat(what, ": RGBA plane ", plane.width, "x", plane.height, " pixels, hash ",
                          RasterHash(plane));
    };
    // Each plane as a PNG, to open in an image viewer, in this user's private folder (owned,
    // mode 0700, not a link: in a shared temporary directory another user could make a fixed
    // name a link elsewhere, or swap the picture the reviewer opens).
    auto picture = [&entry](absl::string_view what, const RgbaPlane& plane) {
      absl::StatusOr<std::string> private_folder = PrivateActualFolder();
      if (!private_folder.ok()) {
        return ShownName(
            absl::StrCat("  ", what, " has no picture: ", private_folder.status().message()));
      }
      const std::filesystem::path dir = std::filesystem::path(*private_folder) / "review";
      std::error_code ec;
      std::filesystem::create_directories(dir, ec);
      char name[17];
      std::snprintf(name, sizeof(name), "%016llx",
                    static_cast<unsigned long long>(Fnv1a64(entry.actual)));
      const std::string path = (dir / absl::StrCat(name, "-", what, ".png")).string();
      absl::StatusOr<std::string> png = EncodePng(plane);
      absl::Status written = png.ok() ? WriteFileAtomically(path, *png) : png.status();
      return written.ok()
                 ? absl::StrCat("  ", what, " as a picture: ", path)
                 : ShownName(absl::StrCat("  ", what, " has no picture: ", written.message()));
    };
    if (view == View::kExpected) {
      if (!expected.has_value()) return {"expected: no golden yet"};
      return {describe("expected", *expected), picture("expected", *expected)};
    }
    if (view == View::kActual || !expected.has_value()) {
      return {describe("actual", *actual), picture("actual", *actual)};
    }
    lines = {describe("expected", *expected), picture("expected", *expected),
             describe("actual", *actual), picture("actual", *actual)};
    for (std::string& line : Lines(RenderPlaneDiff(ComparePlanes(*expected, *actual)))) {
      lines.push_back(std::move(line));
    }
    return lines;
  }
  if (ext == ".semantic" && view == View::kDiff && golden_bytes.has_value()) {
    absl::StatusOr<SemanticSnapshot> expected = ParseSemantic(*golden_bytes, entry.golden);
    absl::StatusOr<SemanticSnapshot> actual = ParseSemantic(*actual_bytes, entry.actual);
    if (!expected.ok()) return {ShownName(expected.status().message())};
    if (!actual.ok()) return {ShownName(actual.status().message())};
    return ShownLines(DiffSemantic(*expected, *actual));
  }
  if (view == View::kExpected) return ShownLines(*golden_bytes);
  return ShownLines(*actual_bytes);
}

absl::string_view DecisionName(Decision decision) {
  switch (decision) {
    case Decision::kPending:
      return "";
    case Decision::kAccepted:
      return " [accepted]";
    case Decision::kRejected:
      return " [rejected]";
    case Decision::kSkipped:
      return " [skipped]";
  }
  return "";
}

void Draw(const std::vector<Entry>& entries, const std::vector<Decision>& decisions, size_t k,
          View view, const std::string& status) {
  const auto [cols, rows] = RawTerminal::Size();
  const Entry& entry = entries[k];
  std::string screen = "\x1b[H\x1b[2J";
  const std::string kind = absl::StrCat(
      entry.golden.empty() ? "golden unknown" : (entry.golden_exists ? "changed" : "new"),
      entry.capture && !entry.golden.empty() ? " capture" : "");
  absl::StrAppend(&screen, "\x1b[1m", k + 1, "/", entries.size(), " ", ShownName(Shown(entry)),
                  " (", kind, ")\x1b[0m", DecisionName(decisions[k]), "\r\n");
  absl::StrAppend(&screen, "a accept  r reject  s skip  n/p next/prev  v view  q quit\r\n");
  absl::StrAppend(&screen, "view: ", ViewName(view), status.empty() ? "" : "  (", ShownName(status),
                  status.empty() ? "" : ")", "\r\n");
  const std::vector<std::string> body = Body(entry, view);
  const int room = std::max(0, rows - 3);
  for (int i = 0; i < static_cast<int>(body.size()) && i < room; ++i) {
    absl::StrAppend(&screen, body[static_cast<size_t>(i)], "\x1b[0m");
    if (i + 1 < room) absl::StrAppend(&screen, "\r\n");
  }
  (void)cols;  // auto-wrap is off: long lines are cut at the right margin
  RawTerminal::Write(screen);
}

int Interactive(const Pending& pending, std::ostream& out, std::ostream& err) {
  if (!::isatty(STDIN_FILENO) || !::isatty(STDOUT_FILENO)) {
    err << "vtsnap review: the interactive review needs a terminal on stdin and stdout; pass "
           "--list, --accept-all or --reject-all\n";
    return kExitInvalid;
  }
  const std::vector<Entry>& entries = pending.entries;
  if (entries.empty()) {
    out << "review: nothing pending\n" << SummaryLine(Counts{});
    return kExitOk;
  }
  std::vector<Decision> decisions(entries.size(), Decision::kPending);
  std::vector<std::string> messages;  // printed after the alternate screen is left
  {
    RawTerminal terminal;
    if (!terminal.active()) {
      err << "vtsnap review: cannot put the terminal in raw mode: " << std::strerror(errno) << "\n";
      return kExitInvalid;
    }
    size_t k = 0;
    View view = View::kDiff;
    std::string status;
    bool done = false;
    // Moves on after a decision; past the last entry the review ends.
    auto advance = [&] {
      if (k + 1 >= entries.size()) {
        done = true;
      } else {
        ++k;
        view = View::kDiff;
      }
    };
    while (!done) {
      Draw(entries, decisions, k, view, status);
      status.clear();
      const std::optional<char> key = RawTerminal::ReadKey();
      if (!key.has_value() || *key == 'q' || *key == 3 /* ctrl+c */) break;
      const Entry& entry = entries[k];
      const bool decided =
          decisions[k] == Decision::kAccepted || decisions[k] == Decision::kRejected;
      switch (*key) {
        case 'a': {
          if (decided) {
            status = "this entry is decided already";
            break;
          }
          if (entry.golden.empty()) {
            status = "the golden is unknown: this entry cannot be accepted";
            break;
          }
          absl::StatusOr<Acceptance> what = Prepare(entry);
          absl::StatusOr<std::string> line = what.ok() ? Accept(entry, *what) : what.status();
          if (!line.ok()) {
            status = absl::StrCat("not accepted: ", line.status().message());
            break;
          }
          decisions[k] = Decision::kAccepted;
          messages.push_back(*std::move(line));
          advance();
          break;
        }
        case 'r': {
          if (decided) {
            status = "this entry is decided already";
            break;
          }
          if (absl::Status s = RemoveActual(entry); !s.ok()) {
            status = absl::StrCat("not rejected: ", s.message());
            break;
          }
          decisions[k] = Decision::kRejected;
          messages.push_back(absl::StrCat("rejected ", entry.actual, entry.capture ? "/" : ""));
          advance();
          break;
        }
        case 's':
          if (!decided) decisions[k] = Decision::kSkipped;
          advance();
          break;
        case 'n':
          if (k + 1 < entries.size()) {
            ++k;
            view = View::kDiff;
          } else {
            status = "this is the last entry";
          }
          break;
        case 'p':
          if (k > 0) {
            --k;
            view = View::kDiff;
          } else {
            status = "this is the first entry";
          }
          break;
        case 'v':
          view = view == View::kDiff       ? View::kExpected
                 : view == View::kExpected ? View::kActual
                                           : View::kDiff;
          break;
        default:
          break;
      }
    }
  }
  Counts counts;
  for (Decision decision : decisions) {
    if (decision == Decision::kAccepted) {
      ++counts.accepted;
    } else if (decision == Decision::kRejected) {
      ++counts.rejected;
    } else {
      ++counts.skipped;
    }
  }
  for (const std::string& message : messages) out << ShownName(message) << "\n";
  out << SummaryLine(counts);
  return kExitOk;
}

}  // namespace vtsnap::tools::review_internal
