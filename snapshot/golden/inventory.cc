#include "vtsnap/snapshot/golden/inventory.h"

// NOLINTNEXTLINE(modernize-deprecated-headers): kill() is POSIX, which <csignal> need not declare
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/file_reader.h"
#include "vtsnap/base/quote.h"
#include "vtsnap/base/status_macros.h"
#include "vtsnap/snapshot/golden/store.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// Record text: escaping.

std::string Escape(absl::string_view value) {
  std::string out;
  out.reserve(value.size());
  for (char c : value) {
    const unsigned char u = static_cast<unsigned char>(c);
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (u < 0x20 || u == 0x7f) {
          absl::StrAppendFormat(&out, "\\x%02X", u);
        } else {
          out += c;
        }
    }
  }
  return out;
}

// Unescapes `value`, which starts at byte column `column` (1-based) of line `line`.
absl::StatusOr<std::string> Unescape(absl::string_view value, int line, size_t column) {
  std::string out;
  out.reserve(value.size());
  for (size_t i = 0; i < value.size(); ++i) {
    const char c = value[i];
    if (c == '\r') {
      return absl::InvalidArgumentError(absl::StrFormat(
          "line %d, column %d: raw carriage return (CRLF line endings? records are written "
          "with \\n only)",
          line, column + i));
    }
    if (c != '\\') {
      out += c;
      continue;
    }
    if (i + 1 >= value.size()) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "line %d, column %d: backslash at the end of the value", line, column + i));
    }
    const char e = value[++i];
    switch (e) {
      case '\\':
        out += '\\';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'x': {
        const int hi = i + 1 < value.size() ? HexDigitValue(value[i + 1]) : -1;
        const int lo = i + 2 < value.size() ? HexDigitValue(value[i + 2]) : -1;
        if (hi < 0 || lo < 0) {
          return absl::InvalidArgumentError(absl::StrFormat(
              "line %d, column %d: expected two hex digits after \\x", line, column + i - 1));
        }
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
        break;
      }
      default:
        return absl::InvalidArgumentError(
            absl::StrFormat("line %d, column %d: unknown escape \\%c (expected \\\\, \\n, \\r, "
                            "\\t or \\xHH)",
                            line, column + i - 1, e));
    }
  }
  return out;
}

void AppendLine(std::string* out, absl::string_view keyword, absl::string_view value) {
  absl::StrAppend(out, keyword, " ", Escape(value), "\n");
}

void AppendLines(std::string* out, absl::string_view keyword,
                 const std::vector<std::string>& values) {
  for (const std::string& value : values) AppendLine(out, keyword, value);
}

// ---------------------------------------------------------------------------------------------
// Files.

// 64 random bits for file names: unique across processes started in the same instant.
uint64_t RandomBits() {
  std::random_device device;
  const uint64_t a = (static_cast<uint64_t>(device()) << 32) ^ device();
  const uint64_t b =
      static_cast<uint64_t>(std::chrono::high_resolution_clock::now().time_since_epoch().count());
  return a ^ (b * 0x9E3779B97F4A7C15ULL);
}

absl::Status WriteWholeFile(const std::string& path, absl::string_view contents) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) {
    return absl::UnavailableError(absl::StrCat(path, ": ", std::strerror(errno)));
  }
  const size_t n = std::fwrite(contents.data(), 1, contents.size(), file);
  const bool write_ok = n == contents.size() && std::fflush(file) == 0;
  const int write_errno = errno;
  const bool close_ok = std::fclose(file) == 0;
  if (!write_ok || !close_ok) {
    return absl::UnavailableError(
        absl::StrCat(path, ": ", std::strerror(write_ok ? errno : write_errno)));
  }
  return absl::OkStatus();
}

std::string Normalize(const std::string& relative) {
  if (relative.empty()) return relative;
  return fs::path(relative).lexically_normal().generic_string();
}

// ---------------------------------------------------------------------------------------------
// Rendering.

std::string Plural(size_t n, absl::string_view singular, absl::string_view plural) {
  return absl::StrCat(n, " ", n == 1 ? singular : plural);
}

// The folder as shown to people: from its last `goldens` component on, else the whole path.
std::string DisplayFolder(const std::string& folder) {
  const fs::path path = fs::path(folder).lexically_normal();
  std::vector<std::string> parts;
  for (const fs::path& part : path) parts.push_back(part.generic_string());
  while (!parts.empty() && parts.back().empty()) parts.pop_back();
  for (size_t i = parts.size(); i-- > 0;) {
    if (parts[i] == "goldens") {
      std::vector<std::string> tail(parts.begin() + static_cast<ptrdiff_t>(i), parts.end());
      return absl::StrJoin(tail, "/");
    }
  }
  return path.generic_string();
}

std::string AbsolutePath(const std::string& folder, const std::string& relative) {
  std::error_code ec;
  fs::path path = fs::path(folder) / relative;
  fs::path absolute = fs::absolute(path, ec);
  if (ec) absolute = path;
  return absolute.lexically_normal().string();
}

constexpr size_t kMaxNamesShown = 5;

}  // namespace

// -----------------------------------------------------------------------------------------------

std::string SerializeRecord(const InventoryRecord& record) {
  std::string out = absl::StrCat(kRecordHeader, "\n");
  AppendLine(&out, "process", record.process);
  for (const SourceFileRecord& file : record.files) {
    AppendLine(&out, "file", file.source_file);
    AppendLine(&out, "folder", file.golden_folder);
    AppendLines(&out, "test", file.tests);
    AppendLines(&out, "passed", file.passed);
    AppendLines(&out, "failed", file.failed);
    AppendLines(&out, "claim", file.claims);
    AppendLines(&out, "written", file.written);
    for (const DeclaredScenario& scenario : file.declared) {
      AppendLine(&out, "scenario", scenario.name);
      AppendLines(&out, "checkpoint", scenario.checkpoints);
    }
  }
  out += "end\n";
  return out;
}

absl::StatusOr<InventoryRecord> ParseRecord(absl::string_view text) {
  InventoryRecord record;
  std::vector<absl::string_view> lines = absl::StrSplit(text, '\n');
  // A record ends with "end\n": the split leaves one empty piece after it.
  if (!lines.empty() && lines.back().empty()) lines.pop_back();
  if (lines.empty() || lines[0] != kRecordHeader) {
    return absl::InvalidArgumentError(
        absl::StrCat("line 1: expected \"", kRecordHeader, "\", got \"",
                     Escape(lines.empty() ? absl::string_view() : lines[0].substr(0, 40)), "\""));
  }
  bool seen_process = false;
  bool ended = false;
  SourceFileRecord* file = nullptr;
  bool file_has_folder = false;
  DeclaredScenario* scenario = nullptr;
  for (size_t i = 1; i < lines.size(); ++i) {
    const int line = static_cast<int>(i) + 1;
    const absl::string_view text_line = lines[i];
    if (ended) {
      return absl::InvalidArgumentError(absl::StrFormat("line %d: text after \"end\"", line));
    }
    if (text_line == "end") {
      if (file != nullptr && !file_has_folder) {
        return absl::InvalidArgumentError(absl::StrFormat("line %d: file \"%s\" has no folder line",
                                                          line, Escape(file->source_file)));
      }
      ended = true;
      continue;
    }
    const size_t space = text_line.find(' ');
    if (space == absl::string_view::npos) {
      return absl::InvalidArgumentError(
          absl::StrFormat("line %d: expected \"KEYWORD VALUE\" or \"end\", got \"%s\"", line,
                          Escape(text_line.substr(0, 40))));
    }
    const absl::string_view keyword = text_line.substr(0, space);
    absl::StatusOr<std::string> value = Unescape(text_line.substr(space + 1), line, space + 2);
    if (!value.ok()) return value.status();

    auto need_file = [&]() -> absl::Status {
      if (file == nullptr) {
        return absl::InvalidArgumentError(
            absl::StrFormat("line %d: \"%s\" before any \"file\" line", line, Escape(keyword)));
      }
      return absl::OkStatus();
    };
    if (keyword == "process") {
      if (seen_process || file != nullptr) {
        return absl::InvalidArgumentError(absl::StrFormat(
            "line %d: \"process\" must appear once, before the first \"file\"", line));
      }
      seen_process = true;
      record.process = *std::move(value);
    } else if (keyword == "file") {
      if (file != nullptr && !file_has_folder) {
        return absl::InvalidArgumentError(absl::StrFormat("line %d: file \"%s\" has no folder line",
                                                          line, Escape(file->source_file)));
      }
      record.files.push_back(SourceFileRecord{.source_file = *std::move(value)});
      file = &record.files.back();
      file_has_folder = false;
      scenario = nullptr;
    } else if (keyword == "folder") {
      VTSNAP_RETURN_IF_ERROR(need_file());
      if (file_has_folder) {
        return absl::InvalidArgumentError(
            absl::StrFormat("line %d: second \"folder\" line for one file", line));
      }
      file_has_folder = true;
      file->golden_folder = *std::move(value);
    } else if (keyword == "test" || keyword == "passed" || keyword == "failed" ||
               keyword == "claim" || keyword == "written") {
      VTSNAP_RETURN_IF_ERROR(need_file());
      std::vector<std::string>* list = keyword == "test"     ? &file->tests
                                       : keyword == "passed" ? &file->passed
                                       : keyword == "failed" ? &file->failed
                                       : keyword == "claim"  ? &file->claims
                                                             : &file->written;
      list->push_back(*std::move(value));
    } else if (keyword == "scenario") {
      VTSNAP_RETURN_IF_ERROR(need_file());
      file->declared.push_back(DeclaredScenario{.name = *std::move(value)});
      scenario = &file->declared.back();
    } else if (keyword == "checkpoint") {
      if (scenario == nullptr) {
        return absl::InvalidArgumentError(
            absl::StrFormat("line %d: \"checkpoint\" before any \"scenario\" line", line));
      }
      scenario->checkpoints.push_back(*std::move(value));
    } else {
      return absl::InvalidArgumentError(absl::StrFormat(
          "line %d: unknown keyword \"%s\" (expected process, file, folder, test, passed, failed, "
          "claim, written, scenario, checkpoint or end)",
          line, Escape(keyword.substr(0, 40))));
    }
  }
  if (!ended) {
    return absl::InvalidArgumentError(
        absl::StrFormat("line %d: the record ends without \"end\" (truncated?)",
                        static_cast<int>(lines.size()) + 1));
  }
  if (!seen_process) {
    return absl::InvalidArgumentError("line 2: expected a \"process\" line");
  }
  return record;
}

absl::Status WriteRecordToDir(const std::string& dir, const InventoryRecord& record) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return absl::UnavailableError(absl::StrCat(dir, ": ", ec.message()));
  const std::string name =
      absl::StrFormat("%d-%016x%s", static_cast<int>(::getpid()), RandomBits(), kRecordExtension);
  const fs::path final_path = fs::path(dir) / name;
  const fs::path temp_path = fs::path(dir) / absl::StrFormat(".%s.tmp.%016x", name, RandomBits());
  if (absl::Status s = WriteWholeFile(temp_path.string(), SerializeRecord(record)); !s.ok()) {
    fs::remove(temp_path, ec);
    return s;
  }
  fs::rename(temp_path, final_path, ec);
  if (ec) {
    const std::string message = absl::StrCat(final_path.string(), ": ", ec.message());
    fs::remove(temp_path, ec);
    return absl::UnavailableError(message);
  }
  return absl::OkStatus();
}

std::string RunRecordDir(const std::string& runs_dir, long run) {
  return (fs::path(runs_dir) / absl::StrCat("run-", run)).string();
}

std::string InventoryDirOfProcess() {
  const char* dir = std::getenv(kInventoryDirEnv);
  if (dir != nullptr && *dir != '\0') return dir;
  const char* runs = std::getenv(kInventoryRunsDirEnv);
  if (runs != nullptr && *runs != '\0') return RunRecordDir(runs, static_cast<long>(::getppid()));
  return "";
}

absl::Status ResetRunRecords(const std::string& runs_dir, long run) {
  std::error_code ec;
  if (!fs::exists(runs_dir, ec)) return absl::OkStatus();
  fs::directory_iterator it(runs_dir, ec), end;
  if (ec) return absl::UnavailableError(absl::StrCat(runs_dir, ": ", ec.message()));
  std::vector<fs::path> remove;
  for (; it != end; it.increment(ec)) {
    if (ec) break;
    const std::string name = it->path().filename().string();
    long pid = 0;
    if (!absl::StartsWith(name, "run-") || !absl::SimpleAtoi(name.substr(4), &pid) || pid <= 0) {
      continue;
    }
    // kill(pid, 0) fails with ESRCH only when no such process exists (EPERM: it does).
    const bool dead = ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
    if (pid == run || dead) remove.push_back(it->path());
  }
  if (ec) return absl::UnavailableError(absl::StrCat(runs_dir, ": ", ec.message()));
  for (const fs::path& path : remove) {
    fs::remove_all(path, ec);  // another reset may be removing the same stale directory
    if (ec && ec != std::errc::no_such_file_or_directory) {
      return absl::UnavailableError(absl::StrCat(path.string(), ": ", ec.message()));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<InventoryRecord>> ReadRecordsFromDir(const std::string& dir) {
  constexpr absl::string_view kHint =
      "no test recorded anything (are the tests run with VTSNAP_INVENTORY_DIR or, by this ctest "
      "run, with VTSNAP_INVENTORY_RUNS_DIR set, and do they link vtsnap::gtest?)";
  std::error_code ec;
  if (!fs::exists(dir, ec)) {
    return absl::NotFoundError(absl::StrCat(dir, ": no such directory; ", kHint));
  }
  if (!fs::is_directory(dir, ec)) {
    return absl::InvalidArgumentError(absl::StrCat(dir, ": not a directory"));
  }
  std::vector<std::string> paths;
  fs::directory_iterator it(dir, ec), end;
  if (ec) return absl::UnavailableError(absl::StrCat(dir, ": ", ec.message()));
  for (; it != end; it.increment(ec)) {
    if (ec) break;
    const std::string name = it->path().filename().string();
    if (absl::StartsWith(name, ".") || !absl::EndsWith(name, kRecordExtension)) continue;
    paths.push_back(it->path().string());
  }
  if (ec) return absl::UnavailableError(absl::StrCat(dir, ": ", ec.message()));
  if (paths.empty()) {
    return absl::NotFoundError(absl::StrCat(dir, ": no *", kRecordExtension, " records; ", kHint));
  }
  std::sort(paths.begin(), paths.end());
  std::vector<InventoryRecord> records;
  records.reserve(paths.size());
  for (const std::string& path : paths) {
    absl::StatusOr<std::string> text = ReadFileAtMost(path, kMaxInventoryRecordBytes);
    if (!text.ok()) return text.status();
    absl::StatusOr<InventoryRecord> record = ParseRecord(*text);
    if (!record.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ": corrupt record: ", record.status().message()));
    }
    records.push_back(*std::move(record));
  }
  return records;
}

bool FolderVerdict::ok() const {
  return orphans.empty() && missing_scenarios.empty() && missing_checkpoints.empty() &&
         listing_error.empty();
}

std::vector<FolderVerdict> Verdict(const std::vector<InventoryRecord>& records) {
  struct Merged {
    std::set<std::string> tests, passed, failed, claims, written;
    std::map<std::string, std::set<std::string>> declared;  // scenario -> checkpoints
  };
  // Keyed by (golden folder, source file) so the verdicts come out sorted by folder.
  std::map<std::pair<std::string, std::string>, Merged> merged;
  for (const InventoryRecord& record : records) {
    for (const SourceFileRecord& file : record.files) {
      Merged& m = merged[{file.golden_folder, file.source_file}];
      m.tests.insert(file.tests.begin(), file.tests.end());
      m.passed.insert(file.passed.begin(), file.passed.end());
      m.failed.insert(file.failed.begin(), file.failed.end());
      for (const std::string& claim : file.claims) m.claims.insert(Normalize(claim));
      for (const std::string& w : file.written) m.written.insert(Normalize(w));
      for (const DeclaredScenario& scenario : file.declared) {
        std::set<std::string>& checkpoints = m.declared[scenario.name];
        checkpoints.insert(scenario.checkpoints.begin(), scenario.checkpoints.end());
      }
    }
  }

  std::vector<FolderVerdict> verdicts;
  verdicts.reserve(merged.size());
  for (const auto& [key, m] : merged) {
    FolderVerdict v;
    v.golden_folder = key.first;
    v.source_file = key.second;
    v.total_tests = static_cast<int>(m.tests.size());
    v.written.assign(m.written.begin(), m.written.end());
    for (const std::string& test : m.tests) {
      if (!m.passed.contains(test) || m.failed.contains(test)) v.not_passed.push_back(test);
    }
    v.checked = !m.tests.empty() && v.not_passed.empty();
    if (v.checked) {
      v.goldens = ListGoldenFiles(v.golden_folder, &v.listing_error);
      for (const std::string& golden : v.goldens) {
        if (!m.claims.contains(golden)) v.orphans.push_back(golden);
      }
      for (const auto& [scenario, checkpoints] : m.declared) {
        const std::string prefix = scenario + "/";
        const auto first = m.claims.lower_bound(prefix);
        const bool claimed = first != m.claims.end() && absl::StartsWith(*first, prefix);
        if (!claimed) {
          v.missing_scenarios.push_back(scenario);
          continue;
        }
        // A checkpoint is claimed by a golden of any kind (its .dump, its .semantic, ...).
        std::set<std::string> claimed_checkpoints;
        for (auto it = first; it != m.claims.end() && absl::StartsWith(*it, prefix); ++it) {
          claimed_checkpoints.insert(std::string(StripGoldenExtension(*it)));
        }
        for (const std::string& checkpoint : checkpoints) {
          if (!claimed_checkpoints.count(absl::StrCat(prefix, checkpoint))) {
            v.missing_checkpoints.push_back(absl::StrCat(prefix, checkpoint));
          }
        }
      }
    }
    verdicts.push_back(std::move(v));
  }
  return verdicts;
}

bool InventoryOk(const std::vector<FolderVerdict>& verdicts) {
  return std::all_of(verdicts.begin(), verdicts.end(),
                     [](const FolderVerdict& v) { return v.ok(); });
}

std::string RenderVerdict(const std::vector<FolderVerdict>& verdicts) {
  std::string out;
  size_t checked = 0, failing = 0, not_checked = 0;
  size_t orphans = 0, missing_scenarios = 0, missing_checkpoints = 0, unlisted = 0;
  for (const FolderVerdict& v : verdicts) {
    const std::string folder = DisplayFolder(v.golden_folder);
    absl::StrAppend(&out, folder, " (", v.source_file, ")\n");
    if (!v.checked) {
      ++not_checked;
      if (v.total_tests == 0) {
        out += "  not checked: no test of this file was recorded\n";
        continue;
      }
      std::vector<std::string> shown(
          v.not_passed.begin(), v.not_passed.begin() + static_cast<ptrdiff_t>(std::min(
                                                           v.not_passed.size(), kMaxNamesShown)));
      std::string names = absl::StrJoin(shown, ", ");
      if (v.not_passed.size() > kMaxNamesShown) {
        absl::StrAppend(&names, " and ", v.not_passed.size() - kMaxNamesShown, " more");
      }
      absl::StrAppend(&out, "  not checked: ", v.not_passed.size(), " of ",
                      Plural(v.total_tests, "test", "tests"), " did not run or failed (", names,
                      ")\n");
      continue;
    }
    ++checked;
    std::string counts = Plural(v.goldens.size(), "golden", "goldens");
    if (!v.written.empty()) absl::StrAppend(&counts, ", ", v.written.size(), " written");
    if (v.ok()) {
      absl::StrAppend(&out, "  checked: ", counts, ", ok\n");
      continue;
    }
    ++failing;
    absl::StrAppend(&out, "  checked: ", counts, "\n");
    if (!v.listing_error.empty()) {
      ++unlisted;
      absl::StrAppend(&out, "  cannot list the folder: ", v.listing_error, "\n");
    }
    for (const std::string& orphan : v.orphans) {
      ++orphans;
      absl::StrAppend(&out, "  orphan: ", folder, "/", orphan,
                      " (no assertion claimed it; delete it with: rm ",
                      ShellQuote(AbsolutePath(v.golden_folder, orphan)), ")\n");
    }
    for (const std::string& scenario : v.missing_scenarios) {
      ++missing_scenarios;
      absl::StrAppend(&out, "  missing scenario: ", scenario,
                      " (declared, but no test claimed any of its checkpoints)\n");
    }
    for (const std::string& checkpoint : v.missing_checkpoints) {
      ++missing_checkpoints;
      absl::StrAppend(&out, "  missing checkpoint: ", checkpoint,
                      " (declared, but no assertion claimed ", folder, "/", checkpoint, ".dump)\n");
    }
  }
  std::vector<std::string> problems;
  if (orphans > 0) problems.push_back(Plural(orphans, "orphan", "orphans"));
  if (missing_scenarios > 0) {
    problems.push_back(Plural(missing_scenarios, "missing scenario", "missing scenarios"));
  }
  if (missing_checkpoints > 0) {
    problems.push_back(Plural(missing_checkpoints, "missing checkpoint", "missing checkpoints"));
  }
  if (unlisted > 0) {
    problems.push_back(Plural(unlisted, "unreadable folder", "unreadable folders"));
  }
  absl::StrAppend(&out, failing == 0 ? "inventory ok: " : "inventory FAILED: ",
                  Plural(verdicts.size(), "folder", "folders"), ", ", checked, " checked");
  if (failing > 0) {
    absl::StrAppend(&out, " (", failing, " with problems: ", absl::StrJoin(problems, ", "), ")");
  }
  absl::StrAppend(&out, ", ", not_checked, " not checked");
  if (not_checked > 0) out += " (some of their tests did not run, failed or were skipped)";
  out += "\n";
  return out;
}

}  // namespace vtsnap
