#include "examples/progress_app/progress_app.h"

#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstring>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"

namespace progress_app {
namespace {

// SGR of each look; only palette colours 0-15 as foregrounds, bold, dim and reverse.
constexpr char kReset[] = "\x1b[m";
constexpr char kBold[] = "\x1b[1m";
constexpr char kDim[] = "\x1b[2m";
constexpr char kReverse[] = "\x1b[7m";
constexpr char kCyan[] = "\x1b[36m";
constexpr char kYellow[] = "\x1b[33m";
constexpr char kBoldGreen[] = "\x1b[1;32m";
constexpr char kBoldRed[] = "\x1b[1;31m";
constexpr char kGreenBand[] = "\x1b[1;7;32m";  // reverse: the colour becomes the band
constexpr char kRedBand[] = "\x1b[1;7;31m";

// `text` without control characters (C0, DEL, C1 as UTF-8), which would move the cursor or
// start escape sequences: each becomes a space.
std::string Printable(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) {
      out += ' ';
    } else if (c == 0xc2 && i + 1 < text.size() &&
               static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(text[i + 1]) <= 0x9f) {
      out += ' ';
      ++i;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

// At most `n` code points of `text` (UTF-8). Wider characters may still reach past the right
// edge; the app turns autowrap off, so the terminal clips them.
std::string Clip(absl::string_view text, int n) {
  size_t i = 0;
  for (int count = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xc0) != 0x80 && count++ == n) break;
  }
  return std::string(text.substr(0, i));
}

int CodePoints(absl::string_view text) {
  int n = 0;
  for (char c : text) n += (static_cast<unsigned char>(c) & 0xc0) != 0x80;
  return n;
}

// "exit status 3" or "killed by signal 9 (SIGKILL)".
std::string DescribeExit(int wait_status) {
  if (WIFEXITED(wait_status)) return absl::StrCat("exit status ", WEXITSTATUS(wait_status));
  if (WIFSIGNALED(wait_status)) {
    const int sig = WTERMSIG(wait_status);
    const char* abbrev = sigabbrev_np(sig);
    return abbrev != nullptr ? absl::StrCat("killed by signal ", sig, " (SIG", abbrev, ")")
                             : absl::StrCat("killed by signal ", sig);
  }
  return absl::StrCat("wait status ", wait_status);
}

}  // namespace

void Activity::Take(absl::string_view line) {
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
  const absl::StatusOr<vtsnap::ProgressReading> read = vtsnap::ReadProgress(line);
  if (!read.ok()) {
    detail_ = std::string(read.status().message());
    detail_is_warning_ = true;
    return;
  }
  if (!read->progress.has_value()) {
    detail_ = std::string(line);
    detail_is_warning_ = false;
    return;
  }
  const vtsnap::Progress& p = *read->progress;
  if (p.state == vtsnap::ProgressState::kEnd) {
    end_ = p;
    if (p.ok.has_value() && outcome_ == Outcome::kRunning) {
      outcome_ = *p.ok ? Outcome::kSucceeded : Outcome::kFailed;
      end_text_ = *p.ok ? "✓ finished" : "✗ failed";
    }
    return;
  }
  const bool new_stage =
      !last_.has_value() || p.state == vtsnap::ProgressState::kStart || last_->stage != p.stage;
  if (p.fraction.has_value()) {
    fraction_ = p.fraction;
  } else if (p.state == vtsnap::ProgressState::kDone) {
    fraction_ = 1.0;  // a stage that is done is all the way along
  } else if (new_stage) {
    fraction_.reset();
  }
  last_ = p;
}

void Activity::Exited(int wait_status) {
  exit_ = DescribeExit(wait_status);
  if (outcome_ != Outcome::kRunning) return;
  const bool zero = WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 0;
  outcome_ = zero ? Outcome::kSucceeded : Outcome::kFailed;
  end_text_ = absl::StrCat(zero ? "✓ finished" : "✗ failed", " (", *exit_, ")");
}

std::string Activity::Render(int cols, int rows) const {
  cols = std::max(cols, 20);
  const int width = cols - 2;  // one column of margin on each side
  std::vector<std::string> lines(rows);
  auto put = [&](int row, std::string text) {
    if (row >= 0 && row < rows) lines[row] = std::move(text);
  };

  // Title bar.
  std::string title = Clip(Printable(absl::StrCat("progress_app  ", title_)), width);
  title.append(width - CodePoints(title), ' ');
  put(0, absl::StrCat(kReverse, " ", title, " ", kReset));

  // The stage and its state, or the outcome.
  const char* bar_look = kCyan;
  if (outcome_ != Outcome::kRunning) {
    const bool ok = outcome_ == Outcome::kSucceeded;
    std::string band = Clip(absl::StrCat(" ", end_text_), width);
    band.append(width - CodePoints(band), ' ');
    put(2, absl::StrCat(" ", ok ? kGreenBand : kRedBand, band, kReset));
    bar_look = ok ? kBoldGreen : kBoldRed;
  } else if (!last_.has_value()) {
    put(2, absl::StrCat(" ", kDim, "waiting for the first progress line", kReset));
  } else {
    const char* look = kCyan;
    const char* label = "running";
    switch (last_->state) {
      case vtsnap::ProgressState::kStart:
        label = "started";
        break;
      case vtsnap::ProgressState::kDone:
        look = kBoldGreen;
        label = "✓ done";
        bar_look = kBoldGreen;
        break;
      case vtsnap::ProgressState::kFail:
        look = kBoldRed;
        label = "✗ failed";
        bar_look = kBoldRed;
        break;
      default:
        break;
    }
    const std::string stage = last_->stage.has_value() ? Clip(Printable(*last_->stage), width - 12)
                                                       : std::string("(no stage)");
    put(2, absl::StrCat(" ", kBold, stage, kReset, "  ", look, label, kReset));
  }

  // The bar and the percentage ("--" before any fraction).
  const int bar_width = std::max(cols - 9, 4);
  int filled = 0;
  std::string percent = "  --";
  if (fraction_.has_value()) {
    filled = static_cast<int>(std::floor(*fraction_ * bar_width + 1e-9));
    percent = absl::StrCat(static_cast<int>(std::floor(*fraction_ * 100 + 1e-9)), "%");
    percent.insert(0, 4 - std::min<size_t>(percent.size(), 4), ' ');
  }
  std::string bar = absl::StrCat(" [", bar_look);
  for (int i = 0; i < bar_width; ++i) {
    if (i == filled) absl::StrAppend(&bar, kReset, kDim);
    bar += i < filled ? "█" : "░";
  }
  absl::StrAppend(&bar, kReset, "] ", percent);
  put(3, bar);

  // The latest msg: the end line's, or the latest progress line's.
  std::optional<std::string> msg;
  if (end_.has_value() && end_->msg.has_value()) {
    msg = end_->msg;
  } else if (last_.has_value()) {
    msg = last_->msg;
  }
  if (msg.has_value()) put(4, absl::StrCat(" ", Clip(Printable(*msg), width)));

  // The latest line that was not a progress line.
  if (!detail_.empty()) {
    put(6, absl::StrCat(" ", detail_is_warning_ ? kYellow : kDim, "› ",
                        Clip(Printable(detail_), width - 2), kReset));
  }

  // The command's state.
  std::string status = exit_.has_value()               ? *exit_
                       : outcome_ != Outcome::kRunning ? "waiting for the command to exit"
                                                       : "running";
  put(rows - 1, absl::StrCat(" ", kDim, status, " · q quits", kReset));

  // One synchronized frame: clear, then each row at its place.
  std::string frame = "\x1b[?2026h\x1b[H\x1b[2J";
  for (int row = 0; row < rows; ++row) {
    if (lines[row].empty()) continue;
    absl::StrAppend(&frame, "\x1b[", row + 1, ";1H", lines[row]);
  }
  frame += "\x1b[?2026l";
  return frame;
}

}  // namespace progress_app
