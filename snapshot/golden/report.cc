// The HTML failure report (snapshot/golden/report.h).
#include "vtsnap/snapshot/golden/report.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "vtsnap/base/fnv1a.h"
#include "vtsnap/base/size.h"
#include "vtsnap/base/status_macros.h"
#include "vtsnap/snapshot/formats/pito_capture.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/snapshot/render/render.h"
#include "vtsnap/snapshot/screen/diff.h"

namespace vtsnap {
namespace {

constexpr char kPageName[] = "vtsnap-report.html";
constexpr char kEntriesName[] = "vtsnap-report.entries";

// `text` without the terminal escape sequences a message for a colour terminal carries (SGR, and
// OSC 8 links ended by ST or BEL): the report shows the same message as plain text.
std::string WithoutEscapes(absl::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\x1b' || i + 1 >= text.size()) {
      out += text[i];
      continue;
    }
    if (text[i + 1] == '[') {  // CSI: parameters and intermediates, then a final byte
      size_t j = i + 2;
      while (j < text.size() && (text[j] < 0x40 || text[j] > 0x7E)) ++j;
      i = j;
    } else if (text[i + 1] == ']') {  // OSC: up to ST (ESC \) or BEL
      size_t j = i + 2;
      while (j < text.size() && text[j] != '\a' && !(text[j] == '\x1b' && j + 1 < text.size())) ++j;
      i = j < text.size() && text[j] == '\x1b' ? j + 1 : j;
    } else {
      ++i;  // a two-byte escape
    }
  }
  return out;
}

std::string EntryFileName(absl::string_view golden_path) {
  static constexpr char kHex[] = "0123456789abcdef";
  uint64_t h = Fnv1a64(golden_path);
  std::string name;
  for (int shift = 60; shift >= 0; shift -= 4) name += kHex[(h >> shift) & 0xF];
  return name + ".entry";
}

// The cells Compare finds changed, as one flag a cell of `frame`'s grid.
std::vector<bool> ChangedCells(const FrameDiff& diff, const Frame& frame) {
  std::vector<bool> marked(static_cast<size_t>(frame.cols * frame.rows), false);
  auto mark = [&](int col, int row) {
    if (col >= 0 && col < frame.cols && row >= 0 && row < frame.rows) {
      marked[static_cast<size_t>(row) * frame.cols + col] = true;
    }
  };
  for (const TextRowDiff& t : diff.text) {
    for (int col : t.columns) mark(col, t.row);
  }
  for (const StyleRangeDiff& r : diff.styles) {
    for (int col = r.first_col; col <= r.last_col; ++col) mark(col, r.row);
  }
  return marked;
}

// The process holding a lock on the file `st` names, from /proc/locks (Linux; 0 when it cannot
// be told: no /proc, or a holder in another pid namespace).
int LockHolder(const struct stat& st) {
  std::ifstream locks("/proc/locks");
  // "1: FLOCK  ADVISORY  WRITE 4242 08:01:1234567 0 EOF": the device as hex major:minor.
  const std::string file = absl::StrFormat("%02x:%02x:%u", major(st.st_dev), minor(st.st_dev),
                                           static_cast<unsigned long>(st.st_ino));
  for (std::string line; std::getline(locks, line);) {
    std::vector<absl::string_view> fields = absl::StrSplit(line, ' ', absl::SkipEmpty());
    // A waiting request is listed as "1: -> FLOCK ...": not a holder.
    if (fields.size() < 6 || fields[1] != "FLOCK" || fields[5] != file) continue;
    int pid = 0;
    if (absl::SimpleAtoi(fields[4], &pid) && pid > 0) return pid;
  }
  return 0;
}

// How long a report update waits for the lock on the report folder: $VTSNAP_REPORT_LOCK_TIMEOUT
// seconds (docs/goldens.md), else 10. A process that holds the lock and never lets go (stopped in
// a debugger, hung) must not hang every failing test after it.
absl::Duration LockTimeout() {
  const char* value = std::getenv("VTSNAP_REPORT_LOCK_TIMEOUT");
  double seconds = 0;
  if (value != nullptr && absl::SimpleAtod(value, &seconds) && seconds >= 0 && seconds < 1e6) {
    return absl::Seconds(seconds);
  }
  return absl::Seconds(10);
}

// Holds an exclusive lock on the folder `path` while alive (no lock file is left behind), or says
// why it could not take it within LockTimeout(). The report folder is locked, never the entries
// folder: a rebuild may remove that one.
class FileLock {
 public:
  explicit FileLock(const std::string& path)
      : fd_(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {
    if (fd_ < 0) {
      status_ = absl::UnavailableError(
          absl::StrCat("cannot lock the report folder ", path, ": ", std::strerror(errno)));
      return;
    }
    const absl::Duration timeout = LockTimeout();
    const absl::Time deadline = absl::Now() + timeout;
    while (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      if ((errno != EWOULDBLOCK && errno != EINTR) || absl::Now() >= deadline) {
        struct stat st;
        const int holder = errno == EWOULDBLOCK && ::fstat(fd_, &st) == 0 ? LockHolder(st) : 0;
        status_ = absl::UnavailableError(
            absl::StrCat("the report folder ", path, " stayed locked ",
                         holder > 0 ? absl::StrCat("by process ", holder, " ") : "", "for ",
                         absl::FormatDuration(timeout),
                         " (VTSNAP_REPORT_LOCK_TIMEOUT), so this failure has no entry in it"));
        ::close(fd_);
        fd_ = -1;
        return;
      }
      absl::SleepFor(absl::Milliseconds(20));
    }
  }
  ~FileLock() {
    if (fd_ >= 0) ::close(fd_);  // closing releases the lock
  }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  const absl::Status& status() const { return status_; }

 private:
  int fd_;
  absl::Status status_;
};

struct StoredEntry {
  std::string golden;
  std::string actual;
  std::string html;
  std::string order = {};  // OrderKey(golden)
};

// The key the page orders entries by: the golden path, except that a capture golden's frame
// (".../walk.capture/<scenario>/80x24") sorts by its size in SizeOrder (the standard sizes first,
// in their order; then by width, then height), as `vtsnap compare` and the failure list them,
// not by the name's bytes (120x34 before 40x12).
std::string OrderKey(const std::string& golden) {
  const size_t last = golden.rfind('/');
  if (last == std::string::npos) return golden;
  const size_t scenario = golden.rfind('/', last - 1);
  if (scenario == std::string::npos ||
      !absl::EndsWith(golden.substr(0, scenario), kCaptureGoldenSuffix)) {
    return golden;
  }
  const std::string name = golden.substr(last + 1);
  absl::StatusOr<TerminalSize> size = ParseSize(name);
  if (!size.ok() || FormatSize(*size) != name) return golden;
  // '\x01' and '\x02' sort before any byte of a name, and keep the two kinds apart.
  int standard = 0;
  for (const TerminalSize& s : pito::kStandardSizes) {
    if (s == *size) {
      return absl::StrCat(golden.substr(0, last + 1), "\x01", standard);
    }
    ++standard;
  }
  return absl::StrFormat("%s\x02%010dx%010d", golden.substr(0, last + 1), size->cols, size->rows);
}

constexpr char kPageHead[] = R"(<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>)";

std::string PageStyle() {
  return absl::StrCat(
      "body{margin:16px;font:14px/1.4 sans-serif;background:#f4f4f4;color:#111;}\n"
      "h1{font-size:20px;margin:0 0 8px;}\n"
      ".entry{background:#fff;border:1px solid #ccc;margin:0 0 16px;padding:8px 12px;}\n"
      ".entry h2{font-size:15px;margin:0 0 4px;}\n"
      ".meta{margin:0 0 6px;color:#444;}\n"
      ".screens{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start;}\n"
      "figure{margin:0;}\nfigcaption{font-size:12px;color:#444;margin:0 0 2px;}\n"
      ".entry[data-view=expected] .act,.entry[data-view=actual] .exp{display:none;}\n"
      ".views button{margin:0 4px 6px 0;}\n"
      ".entry[data-view=both] button[data-v=both],.entry[data-view=expected] "
      "button[data-v=expected],.entry[data-view=actual] button[data-v=actual]{font-weight:bold;}\n"
      "pre.msg{background:#f8f8f8;border:1px solid #ddd;padding:6px;overflow:auto;}\n",
      HtmlScreenStyleSheet(), ".vt .chg{outline:2px solid ", kReportHighlight,
      ";outline-offset:-2px;}\n");
}

constexpr char kPageScript[] = R"(<script>
// #view=expected (or actual, both) in the address opens every entry in that view.
var linked = /^#view=(both|expected|actual)$/.exec(location.hash);
document.querySelectorAll('.entry').forEach(function (entry) {
  if (linked) entry.setAttribute('data-view', linked[1]);
  entry.querySelectorAll('.views button').forEach(function (button) {
    button.addEventListener('click', function () {
      var view = button.getAttribute('data-v');
      if (view === 'flip') {
        view = entry.getAttribute('data-view') === 'expected' ? 'actual' : 'expected';
      }
      entry.setAttribute('data-view', view);
    });
  });
});
</script>
)";

absl::Status RebuildPage(const std::string& folder) {
  namespace fs = std::filesystem;
  const fs::path entries_dir = fs::path(folder) / kEntriesName;
  // Its stale entries are deleted and it may be removed: never through a link.
  VTSNAP_RETURN_IF_ERROR(CheckNoLinkBelow(folder, entries_dir.string()));
  std::vector<StoredEntry> entries;
  std::error_code ec;
  fs::directory_iterator it(entries_dir, ec);
  if (ec && ec != std::errc::no_such_file_or_directory) {
    // Unreadable: rebuilding from nothing would drop every process's entries.
    return absl::UnavailableError(
        absl::StrCat("cannot read ", entries_dir.string(), ": ", ec.message()));
  }
  for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
    const fs::directory_entry& f = *it;
    if (f.path().extension() != ".entry") continue;
    absl::StatusOr<std::optional<std::string>> text = ReadFileIfExists(f.path().string());
    if (!text.ok() || !text->has_value()) continue;
    std::vector<std::string> parts = absl::StrSplit(**text, absl::MaxSplits('\n', 2));
    StoredEntry e;
    if (parts.size() != 3 || !parts[0].starts_with("golden ") || !parts[1].starts_with("actual ") ||
        !absl::CUnescape(parts[0].substr(7), &e.golden) ||
        !absl::CUnescape(parts[1].substr(7), &e.actual)) {
      continue;  // not one of ours
    }
    if (::access(e.actual.c_str(), F_OK) != 0) {
      // Accepted, rejected or passing again: the entry goes.
      (void)RemoveFileIfExists(f.path().string());
      continue;
    }
    e.html = std::move(parts[2]);
    entries.push_back(std::move(e));
  }
  if (ec) {
    return absl::UnavailableError(
        absl::StrCat("cannot read ", entries_dir.string(), ": ", ec.message()));
  }
  const fs::path page_path = fs::path(folder) / kPageName;
  if (entries.empty()) {
    // Nothing fails any more: the page and its entries folder go, leaving no trace beside goldens.
    (void)RemoveFileIfExists(page_path.string());
    fs::remove_all(entries_dir, ec);
    return absl::OkStatus();
  }
  for (StoredEntry& e : entries) e.order = OrderKey(e.golden);
  std::sort(entries.begin(), entries.end(), [](const StoredEntry& a, const StoredEntry& b) {
    return a.order != b.order ? a.order < b.order : a.golden < b.golden;
  });
  const std::string count =
      absl::StrCat(entries.size(), entries.size() == 1 ? " failing golden" : " failing goldens");
  std::string page = absl::StrCat(kPageHead, "vtsnap: ", count, "</title>\n<style>\n", PageStyle(),
                                  "</style></head>\n<body>\n<h1>vtsnap: ", count,
                                  "</h1>\n<p class=\"meta\">Changed cells are outlined in pink; "
                                  "hover a cell for its text and style.</p>\n");
  for (const StoredEntry& e : entries) page += e.html;
  page += kPageScript;
  page += "</body></html>\n";
  return WriteFileAtomically(page_path.string(), page);
}

}  // namespace

std::string ReportScreens(const Frame* expected, const Frame& actual) {
  std::vector<bool> changed;
  if (expected != nullptr && expected->cols == actual.cols && expected->rows == actual.rows) {
    changed = ChangedCells(Compare(*expected, actual), actual);
  }
  return ReportScreens(expected, actual, changed);
}

std::string ReportScreens(const Frame* expected, const Frame& actual,
                          const std::vector<bool>& changed) {
  std::vector<bool> expected_marks;
  std::vector<bool> actual_marks;
  if (expected != nullptr && expected->cols == actual.cols && expected->rows == actual.rows &&
      changed.size() == actual.cells.size()) {
    expected_marks = changed;
    actual_marks = changed;
  }
  std::string out = "<figure class=\"exp\"><figcaption>expected (the golden)</figcaption>";
  if (expected != nullptr) {
    out += HtmlScreen(*expected, {}, expected_marks);
  } else {
    out += "<p>no golden yet</p>";
  }
  absl::StrAppend(&out, "</figure><figure class=\"act\"><figcaption>actual</figcaption>",
                  HtmlScreen(actual, {}, actual_marks), "</figure>");
  return out;
}

std::string ReportFolderFor(absl::string_view actual_path) {
  const char* report = std::getenv("VTSNAP_REPORT_DIR");
  if (report != nullptr && *report != '\0') return report;
  const char* outputs = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR");
  if (outputs != nullptr && *outputs != '\0') return absl::StrCat(outputs, "/vtsnap");
  // Beside the .actual file, or beside the outermost `.actual` folder holding it (a capture
  // golden's frames are files inside `walk.capture.actual/`, which must hold frames only).
  std::filesystem::path folder = std::filesystem::path(std::string(actual_path)).parent_path();
  for (std::filesystem::path p = folder; !p.empty() && p.has_filename(); p = p.parent_path()) {
    if (p.filename().string().ends_with(".actual")) folder = p.parent_path();
  }
  return folder.empty() ? "." : folder.string();
}

absl::StatusOr<std::string> AddReportEntry(const ReportEntry& entry) {
  namespace fs = std::filesystem;
  const std::string folder = ReportFolderFor(entry.actual_path);
  const fs::path entries_dir = fs::path(folder) / kEntriesName;
  VTSNAP_RETURN_IF_ERROR(CheckNoLinkBelow(folder, entries_dir.string()));
  std::error_code ec;
  fs::create_directories(entries_dir, ec);
  if (ec) {
    return absl::UnavailableError(
        absl::StrCat("cannot create ", entries_dir.string(), ": ", ec.message()));
  }
  std::string absolute_actual = fs::absolute(entry.actual_path, ec).string();
  if (ec) absolute_actual = entry.actual_path;
  const std::string html = absl::StrCat(
      "<section class=\"entry\" data-view=\"both\">\n<h2><code>", EscapeHtml(entry.golden_path),
      "</code></h2>\n<p class=\"meta\">", EscapeHtml(entry.test.empty() ? "?" : entry.test),
      " &middot; ", entry.new_golden ? "new" : "changed", " &middot; actual <code>",
      EscapeHtml(absolute_actual), "</code></p>\n",
      entry.screens_html.empty()
          ? ""
          : absl::StrCat("<div class=\"views\"><button data-v=\"both\">side by side</button>"
                         "<button data-v=\"expected\">expected</button>"
                         "<button data-v=\"actual\">actual</button>"
                         "<button data-v=\"flip\">flip</button></div>\n<div class=\"screens\">",
                         entry.screens_html, "</div>\n"),
      "<pre class=\"msg\">", EscapeHtml(WithoutEscapes(entry.message)), "</pre>\n</section>\n");
  const std::string stored = absl::StrCat("golden ", absl::CEscape(entry.golden_path), "\nactual ",
                                          absl::CEscape(absolute_actual), "\n", html);
  FileLock lock(folder);
  if (!lock.status().ok()) return lock.status();
  fs::create_directories(entries_dir, ec);  // again: a rebuild may have removed it meanwhile
  VTSNAP_RETURN_IF_ERROR(CheckNoLinkBelow(folder, entries_dir.string()));
  if (absl::Status s =
          WriteFileAtomically((entries_dir / EntryFileName(entry.golden_path)).string(), stored);
      !s.ok()) {
    return s;
  }
  VTSNAP_RETURN_IF_ERROR(RebuildPage(folder));
  return (fs::absolute(fs::path(folder), ec) / kPageName).lexically_normal().string();
}

absl::Status RemoveReportEntry(absl::string_view golden_path, absl::string_view actual_path) {
  namespace fs = std::filesystem;
  const std::string folder = ReportFolderFor(actual_path);
  const fs::path entries_dir = fs::path(folder) / kEntriesName;
  const fs::path entry = entries_dir / EntryFileName(golden_path);
  if (::access(entry.c_str(), F_OK) != 0) return absl::OkStatus();  // the common case
  FileLock lock(folder);
  if (!lock.status().ok()) return lock.status();
  VTSNAP_RETURN_IF_ERROR(CheckNoLinkBelow(folder, entries_dir.string()));
  VTSNAP_RETURN_IF_ERROR(RemoveFileIfExists(entry.string()));
  return RebuildPage(folder);
}

absl::Status RefreshReport(absl::string_view actual_path) {
  namespace fs = std::filesystem;
  const std::string folder = ReportFolderFor(actual_path);
  const fs::path entries_dir = fs::path(folder) / kEntriesName;
  if (::access(entries_dir.c_str(), F_OK) != 0) return absl::OkStatus();  // no report there
  FileLock lock(folder);
  if (!lock.status().ok()) return lock.status();
  return RebuildPage(folder);
}

}  // namespace vtsnap
