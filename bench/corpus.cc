// The benchmark corpus generators (bench/corpus.h): what each stream is made of, unit by unit.
#include "bench/corpus.h"

#include <algorithm>
#include <cstdlib>
#include <random>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vtsnap/base/fnv1a.h"
#include "vtsnap/base/utf8.h"

namespace vtsnap::bench {
namespace {

// std::mt19937_64 with ranges mapped by modulo: the same numbers with every standard library.
class Rng {
 public:
  explicit Rng(uint64_t seed) : engine_(seed) {}

  uint64_t Below(uint64_t n) { return engine_() % n; }
  // A number in [lo, hi].
  int Between(int lo, int hi) {
    return lo + static_cast<int>(Below(static_cast<uint64_t>(hi - lo) + 1));
  }
  bool OneIn(int n) { return Below(static_cast<uint64_t>(n)) == 0; }
  // True with probability percent/100.
  bool Percent(int percent) { return Below(100) < static_cast<uint64_t>(percent); }
  template <typename T, size_t N>
  const T& Pick(const T (&items)[N]) {
    return items[Below(N)];
  }

 private:
  std::mt19937_64 engine_;
};

uint64_t SeedFor(absl::string_view generator, TerminalSize size) {
  return Fnv1a64(generator) ^ (static_cast<uint64_t>(size.cols) << 32) ^
         static_cast<uint64_t>(size.rows);
}

constexpr const char* kWords[] = {
    "request", "handler", "cache",    "miss",     "hit",     "connection", "timeout", "retry",
    "worker",  "queue",   "flushed",  "bytes",    "session", "opened",     "closed",  "user",
    "token",   "expired", "index",    "rebuilt",  "shard",   "replica",    "leader",  "elected",
    "commit",  "applied", "snapshot", "written",  "disk",    "latency",    "p99",     "ms",
    "ok",      "failed",  "pending",  "granted",  "denied",  "upstream",   "socket",  "accepted",
    "config",  "reload",  "signal",   "received", "heap",    "gc",         "pause",   "threads",
    "the",     "a",       "of",       "to",       "from",    "in",         "with",    "for"};

constexpr const char* kLevels[] = {"INFO",  "INFO", "INFO",  "DEBUG",
                                   "DEBUG", "WARN", "ERROR", "TRACE"};
constexpr const char* kComponents[] = {"http",  "db.pool", "scheduler", "auth",   "raft",
                                       "cache", "grpc",    "storage",   "metrics"};

// Appends a word, a number or a key=value pair.
void AppendToken(Rng& rng, std::string& out) {
  switch (rng.Below(6)) {
    case 0:
      absl::StrAppend(&out, rng.Below(100000));
      break;
    case 1:
      absl::StrAppend(&out, rng.Pick(kWords), "=", rng.Below(1000));
      break;
    case 2:
      absl::StrAppendFormat(&out, "0x%08x", static_cast<uint32_t>(rng.Below(1ull << 32)));
      break;
    default:
      out += rng.Pick(kWords);
      break;
  }
}

// Appends SGR `params` ("1;31"): ESC [ params m.
void Sgr(std::string& out, absl::string_view params) {
  absl::StrAppend(&out, "\x1b[", params, "m");
}

// CUP to a 0-based (col, row).
void Cup(std::string& out, int col, int row) {
  absl::StrAppend(&out, "\x1b[", row + 1, ";", col + 1, "H");
}

// ---------------------------------------------------------------------------------------------
// ascii_log

// One log line of 20-180 columns: "2024-05-17T08:12:45.123Z INFO  [http] words..." for lines long
// enough to hold the prefix, words only (a continuation line) otherwise.
void AppendLogLine(Rng& rng, uint64_t& clock_ms, std::string& out) {
  const size_t target = static_cast<size_t>(rng.Between(20, 180));
  clock_ms += rng.Below(2500);
  std::string line;
  if (target >= 60) {
    const uint64_t s = clock_ms / 1000;
    absl::StrAppendFormat(&line, "2024-05-%02d %02d:%02d:%02d.%03d %-5s [%s] ",
                          static_cast<int>(1 + (s / 86400) % 28), static_cast<int>(s / 3600 % 24),
                          static_cast<int>(s / 60 % 60), static_cast<int>(s % 60),
                          static_cast<int>(clock_ms % 1000), rng.Pick(kLevels),
                          rng.Pick(kComponents));
  } else {
    line = "    ";
  }
  while (line.size() < target) {
    AppendToken(rng, line);
    line.push_back(' ');
  }
  line.resize(target);
  while (!line.empty() && line.back() == ' ') line.pop_back();
  absl::StrAppend(&out, line, "\r\n");
}

// ---------------------------------------------------------------------------------------------
// sgr

// A random SGR that changes the pen: 16 colours, 256 colours, truecolor, attribute toggles and
// resets, weighted roughly as coloured program output uses them.
std::string RandomSgr(Rng& rng) {
  switch (rng.Below(12)) {
    case 0:
    case 1:
      return absl::StrCat(rng.OneIn(2) ? 30 + rng.Below(8) : 90 + rng.Below(8));
    case 2:
      return absl::StrCat(rng.OneIn(2) ? 40 + rng.Below(8) : 100 + rng.Below(8));
    case 3:
      return absl::StrCat("38;5;", rng.Below(256));
    case 4:
      return absl::StrCat("48;5;", rng.Below(256));
    case 5:
      return absl::StrCat("38;2;", rng.Below(256), ";", rng.Below(256), ";", rng.Below(256));
    case 6:
      return absl::StrCat("48;2;", rng.Below(256), ";", rng.Below(256), ";", rng.Below(256));
    case 7:
      return rng.OneIn(2) ? "1" : "22";
    case 8:
      return rng.OneIn(2) ? "3" : "23";
    case 9:
      return rng.OneIn(2) ? "4" : "24";
    case 10:
      return absl::StrCat("1;", 30 + rng.Below(8));
    default:
      return rng.OneIn(2) ? "0" : "";
  }
}

constexpr const char* kLsColors[] = {"01;34",    "01;32", "01;36", "00", "01;35",
                                     "40;33;01", "01;31", "00",    "00", "30;42"};
constexpr const char* kFileNames[] = {"src",         "build",     "README.md",   "main.cc",
                                      "libfoo.so.1", "setup.sh",  "data.tar.gz", "docs",
                                      "Makefile",    "notes.txt", "core",        "vendor"};
constexpr const char* kDiagnostics[] = {"expected ';' after expression", "unused variable 'count'",
                                        "no matching function for call to 'Parse'",
                                        "comparison of integers of different signs",
                                        "'value' may be used uninitialized"};

void AppendSgrLine(Rng& rng, std::string& out) {
  switch (rng.Below(3)) {
    case 0: {  // ls --color: names in colours, two spaces apart
      const int width = rng.Between(20, 150);
      int used = 0;
      while (used < width) {
        const char* name = rng.Pick(kFileNames);
        absl::StrAppend(&out, "\x1b[0m\x1b[", rng.Pick(kLsColors), "m", name, "\x1b[0m  ");
        used += static_cast<int>(absl::string_view(name).size()) + 2;
      }
      break;
    }
    case 1: {  // a compiler diagnostic with its source line and caret
      const bool error = rng.OneIn(3);
      absl::StrAppend(&out, "\x1b[1msrc/", rng.Pick(kFileNames), ":", 1 + rng.Below(900), ":",
                      1 + rng.Below(80), ": \x1b[0m",
                      error ? "\x1b[1;31merror: " : "\x1b[1;35mwarning: ", "\x1b[0m\x1b[1m",
                      rng.Pick(kDiagnostics), "\x1b[0m\r\n");
      absl::StrAppendFormat(&out, "%5d | ", static_cast<int>(1 + rng.Below(900)));
      for (int i = rng.Between(3, 10); i > 0; --i) absl::StrAppend(&out, rng.Pick(kWords), " ");
      absl::StrAppend(&out, "\r\n      | ", std::string(rng.Below(30), ' '),
                      "\x1b[1;32m^~~~\x1b[0m");
      break;
    }
    default: {  // short styled runs
      const int width = rng.Between(20, 150);
      int used = 0;
      while (used < width) {
        Sgr(out, RandomSgr(rng));
        if (rng.OneIn(3)) Sgr(out, RandomSgr(rng));
        const int run = std::min(rng.Between(1, 14), width - used);
        std::string text;
        while (static_cast<int>(text.size()) < run) {
          text += rng.Pick(kWords);
          text.push_back(' ');
        }
        text.resize(static_cast<size_t>(run));
        out += text;
        used += run;
      }
      out += "\x1b[m";
      break;
    }
  }
  out += "\r\n";
}

// ---------------------------------------------------------------------------------------------
// tui

// One table row of the TUI: a process list entry.
struct Process {
  int pid = 0;
  int name = 0;
  int state = 0;
  int cpu = 0;  // tenths of a percent
  int mem = 0;  // MiB
  int command = 0;
};

constexpr const char* kProcessNames[] = {"postgres", "nginx", "node", "python3", "sshd", "cron",
                                         "dockerd",  "redis", "java", "bash",    "vim",  "make"};
constexpr const char* kNameColors[] = {"0;36", "0;32", "0;33", "0;35", "0;34", "0;96"};
constexpr const char* kStates[] = {"running", "sleep", "zombie", "stopped"};
constexpr const char* kStateStyles[] = {"0;32", "0", "0;97;41", "0;33"};
constexpr const char* kCommands[] = {
    "/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main",
    "nginx: worker process",
    "node /srv/app/server.js --port 8080 --workers 4",
    "python3 -m http.server 9000",
    "sshd: admin@pts/2",
    "/usr/sbin/cron -f",
    "/usr/bin/dockerd -H fd:// --containerd=/run/containerd/containerd.sock",
    "redis-server 127.0.0.1:6379",
    "java -Xmx2g -jar /opt/service/service.jar --spring.profiles.active=prod",
    "-bash",
    "vim src/terminal.cc",
    "make -j2 all"};

// Writes `text` (ASCII) padded with spaces or cut to exactly `width` columns.
void AppendField(std::string& out, absl::string_view text, int width, bool right_align = false) {
  if (width <= 0) return;
  if (static_cast<int>(text.size()) >= width) {
    absl::StrAppend(&out, text.substr(0, static_cast<size_t>(width)));
    return;
  }
  const std::string pad(static_cast<size_t>(width) - text.size(), ' ');
  if (right_align) {
    absl::StrAppend(&out, pad, text);
  } else {
    absl::StrAppend(&out, text, pad);
  }
}

void AppendRepeated(std::string& out, absl::string_view s, int n) {
  for (int i = 0; i < n; ++i) absl::StrAppend(&out, s);
}

class Tui {
 public:
  Tui(TerminalSize size, uint64_t seed) : size_(size), rng_(seed) {
    size_.cols = std::max(size_.cols, 70);
    size_.rows = std::max(size_.rows, 8);
    processes_.resize(static_cast<size_t>(table_rows()));
    for (Process& p : processes_) Randomize(p);
  }

  // A frame that paints every cell.
  std::string FullFrame(bool clear_first) {
    std::string out = "\x1b[?2026h\x1b[?25l";
    if (clear_first) out += "\x1b[H\x1b[2J";
    TitleBar(out);
    Cup(out, 0, 1);
    Sgr(out, "0;38;5;244");
    out += "┌";
    AppendRepeated(out, "─", cols() - 2);
    out += "┐";
    HeaderRow(out);
    for (int i = 0; i < table_rows(); ++i) TableRow(out, i);
    Cup(out, 0, rows() - 2);
    Sgr(out, "0;38;5;244");
    out += "└";
    AppendRepeated(out, "─", cols() - 2);
    out += "┘";
    StatusBar(out);
    out += "\x1b[m\x1b[?25h\x1b[?2026l";
    return out;
  }

  // A frame that changes a few things: whole table rows, single fields, the clock.
  std::string PartialFrame() {
    std::string out = "\x1b[?2026h\x1b[?25l";
    for (int k = rng_.Between(1, 4); k > 0; --k) {
      const int i = static_cast<int>(rng_.Below(processes_.size()));
      Process& p = processes_[static_cast<size_t>(i)];
      if (rng_.OneIn(2)) {
        Randomize(p);
        TableRow(out, i);
      } else {  // only the CPU column changes
        p.cpu = static_cast<int>(rng_.Below(1000));
        Cup(out, kCpuCol, kFirstTableRow + i);
        CpuField(out, p, i == selected_);
      }
    }
    if (rng_.OneIn(8)) {  // the selection moves: repaint the old and the new row
      const int old = selected_;
      selected_ = static_cast<int>(rng_.Below(processes_.size()));
      TableRow(out, old);
      TableRow(out, selected_);
    }
    ++clock_;
    Clock(out);
    out += "\x1b[m\x1b[?25h\x1b[?2026l";
    return out;
  }

  void Next() {
    for (Process& p : processes_) {
      if (rng_.OneIn(3)) p.cpu = static_cast<int>(rng_.Below(1000));
    }
  }

 private:
  static constexpr int kFirstTableRow = 3;
  // Columns: "│" PID(7) NAME(10) STATE(9) CPU%(7) MEM(8) BAR(15) COMMAND(rest) "│".
  static constexpr int kCpuCol = 1 + 7 + 10 + 9;

  int cols() const { return size_.cols; }
  int rows() const { return size_.rows; }
  int table_rows() const { return rows() - 5; }

  void Randomize(Process& p) {
    p.pid = 1 + static_cast<int>(rng_.Below(99999));
    p.name = static_cast<int>(rng_.Below(std::size(kProcessNames)));
    p.state = rng_.OneIn(4) ? static_cast<int>(rng_.Below(4)) : 1;
    p.cpu = static_cast<int>(rng_.Below(1000));
    p.mem = static_cast<int>(rng_.Below(16384));
    p.command = static_cast<int>(rng_.Below(std::size(kCommands)));
  }

  void TitleBar(std::string& out) {
    Cup(out, 0, 0);
    Sgr(out, "0;1;7");
    out += " vtsnap-top - load average: 0.42 0.37 0.31";
    out += "\x1b[K";  // the rest of the bar in the same pen
    Clock(out);
  }

  void Clock(std::string& out) {
    Cup(out, cols() - 10, 0);
    Sgr(out, "0;1;7");
    absl::StrAppendFormat(&out, "%02d:%02d:%02d ", clock_ / 3600 % 24, clock_ / 60 % 60,
                          clock_ % 60);
  }

  void HeaderRow(std::string& out) {
    Cup(out, 0, 2);
    Sgr(out, "0;38;5;244");
    out += "│";
    Sgr(out, "0;1;4");
    std::string header = "    PID NAME      STATE       CPU%     MEM PROGRESS      COMMAND";
    AppendField(out, header, cols() - 2);
    Sgr(out, "0;38;5;244");
    out += "│";
  }

  void CpuField(std::string& out, const Process& p, bool selected) {
    static constexpr const char* kCpuStyles[] = {"0;38;5;46", "0;38;5;226", "0;38;5;208",
                                                 "0;38;5;196"};
    Sgr(out, selected ? "0;1;97;48;5;24" : kCpuStyles[std::min(p.cpu / 250, 3)]);
    AppendField(out, absl::StrFormat("%d.%d ", p.cpu / 10, p.cpu % 10), 7, true);
  }

  void TableRow(std::string& out, int i) {
    const Process& p = processes_[static_cast<size_t>(i)];
    const bool selected = i == selected_;
    const char* plain = selected ? "0;1;97;48;5;24" : "0";
    Cup(out, 0, kFirstTableRow + i);
    Sgr(out, "0;38;5;244");
    out += "│";
    Sgr(out, plain);
    AppendField(out, absl::StrCat(p.pid, " "), 7, true);
    Sgr(out, selected ? plain : kNameColors[p.name % std::size(kNameColors)]);
    AppendField(out, kProcessNames[p.name], 10);
    Sgr(out, selected ? plain : kStateStyles[p.state]);
    AppendField(out, kStates[p.state], 9);
    CpuField(out, p, selected);
    Sgr(out, plain);
    AppendField(out, absl::StrCat(p.mem, "M "), 8, true);
    Sgr(out, selected ? plain : "0;36");
    const int filled = p.cpu * 12 / 1000;
    out += "[";
    AppendRepeated(out, "=", filled);
    AppendRepeated(out, " ", 12 - filled);
    out += "] ";
    Sgr(out, plain);
    AppendField(out, kCommands[p.command], cols() - 2 - (7 + 10 + 9 + 7 + 8 + 15));
    Sgr(out, "0;38;5;244");
    out += "│";
  }

  void StatusBar(std::string& out) {
    Cup(out, 0, rows() - 1);
    static constexpr const char* kKeys[][2] = {{"F1", "Help"}, {"F2", "Setup"}, {"F3", "Search"},
                                               {"F5", "Tree"}, {"F9", "Kill"},  {"F10", "Quit"}};
    int used = 0;
    for (const auto& [key, label] : kKeys) {
      Sgr(out, "0;30;46");
      out += key;
      Sgr(out, "0;97;44");
      absl::StrAppend(&out, label, " ");
      used += static_cast<int>(absl::string_view(key).size() + absl::string_view(label).size()) + 1;
    }
    Sgr(out, "0;97;44");
    const std::string tasks = absl::StrCat("Tasks: ", processes_.size(), " ");
    AppendField(out, "", cols() - used - static_cast<int>(tasks.size()));
    out += tasks;  // the last column: the cursor is left pending a wrap
  }

  TerminalSize size_;
  Rng rng_;
  std::vector<Process> processes_;
  int selected_ = 0;
  int clock_ = 8 * 3600;
};

// ---------------------------------------------------------------------------------------------
// unicode

// Latin letters that take combining marks, and the marks.
constexpr char kLatin[] = "aeiouncyAEOU";
constexpr char32_t kCombining[] = {0x0301, 0x0300, 0x0308, 0x0302, 0x0327, 0x0303};
// Emoji sequences: VS16 presentation, ZWJ families, skin tones, flags.
constexpr const char32_t* kEmojiSequences[] = {
    U"\u2764\uFE0F",                                // red heart with VS16
    U"\u263A\uFE0F",                                // smiling face with VS16
    U"\u2600\uFE0F",                                // sun with VS16
    U"\U0001F468\u200D\U0001F469\u200D\U0001F467",  // family: man, woman, girl
    U"\U0001F3F3\uFE0F\u200D\U0001F308",            // rainbow flag
    U"\U0001F469\u200D\U0001F4BB",                  // woman technologist
    U"\U0001F44D\U0001F3FD",                        // thumbs up, medium skin tone
    U"\U0001F1EF\U0001F1F5",                        // flag: Japan
    U"\U0001F1EB\U0001F1F7",                        // flag: France
    U"\U0001F1E9\U0001F1EA",                        // flag: Germany
};

void AppendUnicodeLine(Rng& rng, std::string& out) {
  const int width = rng.Between(20, 150);  // roughly, in columns
  int used = 0;
  while (used < width) {
    switch (rng.Below(8)) {
      case 0:
      case 1:
      case 2: {  // CJK ideographs, kana or Hangul (wide)
        const int n = rng.Between(1, 6);
        const uint64_t script = rng.Below(4);
        for (int i = 0; i < n; ++i) {
          char32_t cp = 0;
          if (script <= 1) {
            cp = 0x4E00 + static_cast<char32_t>(rng.Below(0x5000));
          } else if (script == 2) {
            cp = 0x3042 + static_cast<char32_t>(rng.Below(0x50));
          } else {
            cp = 0xAC00 + static_cast<char32_t>(rng.Below(0x2B00));
          }
          AppendUtf8(cp, &out);
        }
        used += 2 * n;
        break;
      }
      case 3: {  // Latin with combining marks (e + U+0301)
        const int n = rng.Between(2, 8);
        for (int i = 0; i < n; ++i) {
          out.push_back(kLatin[rng.Below(sizeof(kLatin) - 1)]);
          if (rng.OneIn(3)) AppendUtf8(rng.Pick(kCombining), &out);
        }
        used += n;
        break;
      }
      case 4: {  // single emoji (wide)
        AppendUtf8(0x1F600 + static_cast<char32_t>(rng.Below(0x50)), &out);
        used += 2;
        break;
      }
      case 5: {  // emoji sequences: VS16, ZWJ, modifiers, flags
        for (const char32_t* cp = rng.Pick(kEmojiSequences); *cp != 0; ++cp) AppendUtf8(*cp, &out);
        used += 2;
        break;
      }
      default: {
        const std::string word = rng.Pick(kWords);
        out += word;
        used += static_cast<int>(word.size());
        break;
      }
    }
    out.push_back(' ');
    ++used;
  }
  out += "\r\n";
}

// ---------------------------------------------------------------------------------------------
// scroll

class ScrollWriter {
 public:
  ScrollWriter(TerminalSize size, uint64_t seed)
      : cols_(std::max(size.cols, 20)), rows_(std::max(size.rows, 8)), rng_(seed) {}

  void Start(std::string& out) {
    out += "\x1b[H\x1b[2J";
    SetRegion(out);
  }

  void Step(std::string& out) {
    const uint64_t r = rng_.Below(100);
    if (r < 60) {  // lines at the bottom margin: the region scrolls
      Cup(out, 0, bottom_);
      for (int n = rng_.Between(1, 6); n > 0; --n) {
        TextLine(out);
        out += "\r\n";
      }
    } else if (r < 72) {  // IL
      Cup(out, 0, rng_.Between(top_, bottom_));
      absl::StrAppend(&out, "\x1b[", rng_.Between(1, 3), "L");
      TextLine(out);
    } else if (r < 84) {  // DL
      Cup(out, 0, rng_.Between(top_, bottom_));
      absl::StrAppend(&out, "\x1b[", rng_.Between(1, 3), "M");
    } else if (r < 92) {  // RI at the top margin: the region scrolls down
      Cup(out, 0, top_);
      for (int n = rng_.Between(1, 3); n > 0; --n) out += "\x1bM";
      TextLine(out);
    } else if (r < 97) {
      SetRegion(out);
    } else {  // the whole screen scrolls: lines go to the scrollback
      out += "\x1b[r";
      top_ = 0;
      bottom_ = rows_ - 1;
      Cup(out, 0, rows_ - 1);
      for (int n = rng_.Between(2, 8); n > 0; --n) {
        TextLine(out);
        out += "\r\n";
      }
    }
  }

 private:
  void SetRegion(std::string& out) {
    top_ = rng_.Between(0, rows_ / 3);
    bottom_ = rng_.Between(2 * rows_ / 3, rows_ - 1);
    absl::StrAppend(&out, "\x1b[", top_ + 1, ";", bottom_ + 1, "r");
    // A status line outside the region, as a pager or a chat client keeps one.
    if (bottom_ < rows_ - 1) {
      Cup(out, 0, rows_ - 1);
      absl::StrAppend(&out, "\x1b[7m -- region ", top_ + 1, "-", bottom_ + 1, " --\x1b[K\x1b[m");
    }
  }

  // A line of words, shorter than the screen (no wrap), sometimes coloured.
  void TextLine(std::string& out) {
    const int width = rng_.Between(10, cols_ - 1);
    std::string line;
    while (static_cast<int>(line.size()) < width) {
      AppendToken(rng_, line);
      line.push_back(' ');
    }
    line.resize(static_cast<size_t>(width));
    if (rng_.OneIn(4)) {
      absl::StrAppend(&out, "\x1b[", 31 + rng_.Below(6), "m", line, "\x1b[m");
    } else {
      out += line;
    }
  }

  int cols_;
  int rows_;
  Rng rng_;
  int top_ = 0;
  int bottom_ = 0;
};

}  // namespace

std::string GenerateAsciiLog(size_t target_bytes, TerminalSize size) {
  Rng rng(SeedFor("ascii_log", {}));
  (void)size;
  uint64_t clock_ms = 1000ull * 3600 * 7;
  std::string out;
  out.reserve(target_bytes + 256);
  while (out.size() < target_bytes) AppendLogLine(rng, clock_ms, out);
  return out;
}

std::string GenerateSgr(size_t target_bytes, TerminalSize size) {
  Rng rng(SeedFor("sgr", {}));
  (void)size;
  std::string out;
  out.reserve(target_bytes + 1024);
  while (out.size() < target_bytes) AppendSgrLine(rng, out);
  return out;
}

std::string GenerateTui(size_t target_bytes, TerminalSize size) {
  Tui tui(size, SeedFor("tui", size));
  Rng rng(SeedFor("tui.frames", size));
  std::string out = "\x1b[?1049h";  // a TUI runs on the alternate screen
  out.reserve(target_bytes + 64 * 1024);
  out += tui.FullFrame(true);
  while (out.size() < target_bytes) {
    tui.Next();
    if (rng.OneIn(10)) {
      out += tui.FullFrame(rng.OneIn(3));
    } else {
      out += tui.PartialFrame();
    }
  }
  return out;
}

std::string TuiFullFrame(TerminalSize size, uint64_t variant) {
  Tui tui(size, SeedFor("tui.full", size) ^ (variant * 0x9E3779B97F4A7C15ull));
  return tui.FullFrame(true);
}

std::string GenerateUnicode(size_t target_bytes, TerminalSize size) {
  Rng rng(SeedFor("unicode", {}));
  (void)size;
  std::string out;
  out.reserve(target_bytes + 1024);
  while (out.size() < target_bytes) AppendUnicodeLine(rng, out);
  return out;
}

std::string GenerateScroll(size_t target_bytes, TerminalSize size) {
  ScrollWriter writer(size, SeedFor("scroll", size));
  std::string out;
  out.reserve(target_bytes + 4096);
  writer.Start(out);
  while (out.size() < target_bytes) writer.Step(out);
  return out;
}

const Corpus* FindCorpus(absl::string_view name) {
  for (const Corpus& c : kCorpora) {
    if (name == c.name) return &c;
  }
  return nullptr;
}

std::string BenchCase::Label() const { return absl::StrCat(corpus->name, "/", FormatSize(size)); }

std::vector<BenchCase> AllCases() {
  std::vector<BenchCase> cases;
  for (const Corpus& c : kCorpora) {
    for (const TerminalSize& s : c.decode_sizes()) cases.push_back({&c, s});
  }
  return cases;
}

absl::StatusOr<size_t> CorpusBytesFromEnvironment() {
  const char* env = std::getenv("VTSNAP_BENCH_BYTES");
  if (env == nullptr || *env == '\0') return kDefaultCorpusBytes;
  uint64_t bytes = 0;
  if (!absl::SimpleAtoi(env, &bytes) || bytes == 0 || env[0] == '+' || env[0] == '-') {
    return absl::InvalidArgumentError(
        absl::StrCat("VTSNAP_BENCH_BYTES='", env, "' is not a positive number of bytes"));
  }
  return static_cast<size_t>(bytes);
}

std::string ScreenHash(absl::string_view screen_text) {
  return absl::StrFormat("%08x", static_cast<uint32_t>(Fnv1a64(screen_text) >> 32));
}

}  // namespace vtsnap::bench
