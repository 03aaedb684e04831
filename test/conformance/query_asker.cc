// query_asker: asks the terminal it runs in one query at a time and writes each answer to a file,
// so the same program run in a real xterm and under `vtsnap run` can be compared line by line
// (queries_test.cc; xterm_answers.txt was written by record_xterm_answers.sh).
//
//   query_asker CASES OUT
//
// CASES holds one case a line, `name<TAB>setup<TAB>query`, each field C-escaped (\e or \x1b for
// ESC, \a, \\); blank lines and lines starting with `#` are skipped. For each case it writes RIS,
// the setup and a sentinel (DA2, `CSI > c`), reads until the sentinel's answer and drops what came;
// then writes the query and the sentinel again and reads until the sentinel answers. What came
// before the sentinel's answer is the query's answer, written to OUT as `name<TAB>answer`,
// C-escaped. A query the terminal does not answer costs nothing: the sentinel answers at once. A
// terminal that does not answer the sentinel within 5 s ends the run with exit status 2.
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"

namespace {

constexpr absl::string_view kSentinel = "\x1b[>c";
// DA2's answer ends with `c` after `ESC [ >`; the sentinel's answer is the last such report.
constexpr char kSentinelAnswerStart[] = "\x1b[>";

struct Case {
  std::string name;
  std::string setup;
  std::string query;
};

bool WriteAll(absl::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = write(STDOUT_FILENO, bytes.data(), bytes.size());
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

// Reads until the input holds `count` DA2 answers (the last is the sentinel's); returns what came
// before the last one.
bool ReadUntilSentinels(int count, std::string* answer) {
  std::string got;
  while (true) {
    int seen = 0;
    size_t last = std::string::npos;
    for (size_t at = got.find(kSentinelAnswerStart); at != std::string::npos;
         at = got.find(kSentinelAnswerStart, at + 1)) {
      const size_t end = got.find('c', at);
      if (end == std::string::npos) break;
      ++seen;
      last = at;
    }
    if (seen >= count && absl::EndsWith(got, "c")) {
      *answer = got.substr(0, last);  // the last report is the sentinel's
      return true;
    }
    pollfd p = {.fd = STDIN_FILENO, .events = POLLIN, .revents = 0};
    if (poll(&p, 1, 5000) <= 0) return false;
    char buf[4096];
    const ssize_t n = read(STDIN_FILENO, buf, sizeof(buf));
    if (n <= 0) return false;
    got.append(buf, static_cast<size_t>(n));
  }
}

// How many DA2 queries (`CSI > c`, `CSI > 0 c`) a query holds: each is answered like the sentinel.
int Da2Queries(absl::string_view query) {
  return static_cast<int>(absl::StrContains(query, "\x1b[>c")) +
         static_cast<int>(absl::StrContains(query, "\x1b[>0c"));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: query_asker CASES OUT\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << "query_asker: cannot read " << argv[1] << "\n";
    return 2;
  }
  std::vector<Case> cases;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields = absl::StrSplit(line, '\t');
    Case c;
    std::string error;
    if (fields.size() != 3 || !absl::CUnescape(fields[1], &c.setup, &error) ||
        !absl::CUnescape(fields[2], &c.query, &error)) {
      std::cerr << argv[1] << ":" << number << ": not name<TAB>setup<TAB>query " << error << "\n";
      return 2;
    }
    c.name = fields[0];
    cases.push_back(std::move(c));
  }
  std::ofstream out(argv[2]);
  termios saved;
  const bool tty = tcgetattr(STDIN_FILENO, &saved) == 0;
  if (tty) {
    termios raw = saved;
    cfmakeraw(&raw);
    tcsetattr(STDIN_FILENO, TCSANOW, &raw);
  }
  int status = 0;
  for (const Case& c : cases) {
    std::string dropped;
    std::string answer;
    if (!WriteAll(absl::StrCat("\x1b"
                               "c",
                               c.setup, kSentinel)) ||
        !ReadUntilSentinels(1 + Da2Queries(c.setup), &dropped) ||
        !WriteAll(absl::StrCat(c.query, kSentinel)) ||
        !ReadUntilSentinels(1 + Da2Queries(c.query), &answer)) {
      std::cerr << "query_asker: no answer to the sentinel after " << c.name << "\n";
      status = 2;
      break;
    }
    out << c.name << "\t" << absl::CEscape(answer) << "\n";
  }
  if (tty) tcsetattr(STDIN_FILENO, TCSANOW, &saved);
  WriteAll(
      "\x1b"
      "c");
  return status;
}
