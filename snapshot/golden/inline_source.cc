#include "vtsnap/snapshot/golden/inline_source.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "vtsnap/snapshot/golden/store.h"

namespace vtsnap {
namespace {

constexpr absl::string_view kJournalHeader = "vtsnap-inline-journal 1";
constexpr absl::string_view kPendingHeader = "vtsnap-pending-screens 1";
constexpr size_t kMaxSourceBytes = size_t{64} << 20;

// A small C++ scanner: enough to walk past comments and literals to a call and its argument.
class Scanner {
 public:
  Scanner(absl::string_view text, size_t pos) : text_(text), pos_(pos) {}

  size_t pos() const { return pos_; }
  bool done() const { return pos_ >= text_.size(); }
  char peek(size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }

  // Skips blanks and comments.
  void SkipSpace() {
    while (!done()) {
      if (absl::ascii_isspace(static_cast<unsigned char>(peek()))) {
        ++pos_;
      } else if (peek() == '/' && peek(1) == '/') {
        while (!done() && peek() != '\n') ++pos_;
      } else if (peek() == '/' && peek(1) == '*') {
        const size_t end = text_.find("*/", pos_ + 2);
        pos_ = end == absl::string_view::npos ? text_.size() : end + 2;
      } else {
        return;
      }
    }
  }

  // At a string literal ("..." or R"d(...)d")?
  bool AtString() const { return peek() == '"' || (peek() == 'R' && peek(1) == '"'); }

  // Reads the string literal at pos_ into *value; false with *error when it cannot be read.
  bool ReadString(std::string* value, std::string* error) {
    value->clear();
    if (peek() == 'R') {
      const size_t open = text_.find('(', pos_ + 2);
      if (open == absl::string_view::npos || open - (pos_ + 2) > 16) {
        *error = "a raw string literal without its opening parenthesis";
        return false;
      }
      const std::string close = absl::StrCat(")", text_.substr(pos_ + 2, open - pos_ - 2), "\"");
      const size_t end = text_.find(close, open + 1);
      if (end == absl::string_view::npos) {
        *error = "a raw string literal that does not end";
        return false;
      }
      // Line endings are "\n" in the literal whatever the file uses.
      *value = absl::StrReplaceAll(text_.substr(open + 1, end - open - 1), {{"\r\n", "\n"}});
      pos_ = end + close.size();
      return true;
    }
    size_t i = pos_ + 1;
    while (i < text_.size() && text_[i] != '"') {
      if (text_[i] == '\n') {
        *error = "a string literal that does not end on its line";
        return false;
      }
      if (text_[i] == '\\') ++i;
      ++i;
    }
    if (i >= text_.size()) {
      *error = "a string literal that does not end";
      return false;
    }
    std::string unescaped;
    if (!absl::CUnescape(text_.substr(pos_ + 1, i - pos_ - 1), &unescaped, error)) return false;
    *value = std::move(unescaped);
    pos_ = i + 1;
    return true;
  }

  // Walks past one token, a comment or literal included.
  void SkipToken() {
    if (AtString()) {
      std::string ignored;
      std::string error;
      if (!ReadString(&ignored, &error)) ++pos_;
      return;
    }
    if (peek() == '\'') {
      size_t i = pos_ + 1;
      while (i < text_.size() && text_[i] != '\'' && text_[i] != '\n')
        i += text_[i] == '\\' ? 2 : 1;
      pos_ = std::min(i + 1, text_.size());
      return;
    }
    if (absl::ascii_isalnum(static_cast<unsigned char>(peek())) || peek() == '_') {
      while (absl::ascii_isalnum(static_cast<unsigned char>(peek())) || peek() == '_') ++pos_;
      return;
    }
    ++pos_;
  }

  // At the identifier `name`, as a whole word?
  bool AtWord(absl::string_view name) const {
    if (!absl::StartsWith(text_.substr(pos_), name)) return false;
    const char after = peek(name.size());
    const char before = pos_ > 0 ? text_[pos_ - 1] : ' ';
    auto word = [](char c) {
      return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_';
    };
    return !word(after) && !word(before);
  }

  void Advance(size_t n) { pos_ += n; }

 private:
  absl::string_view text_;
  size_t pos_;
};

int LineOf(absl::string_view text, size_t offset) {
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + offset, '\n'));
}

// The byte offset of the start of 1-based `line`, or npos.
size_t LineStart(absl::string_view text, int line) {
  size_t pos = 0;
  for (int l = 1; l < line; ++l) {
    pos = text.find('\n', pos);
    if (pos == absl::string_view::npos) return pos;
    ++pos;
  }
  return pos;
}

uint64_t Fnv1a(absl::string_view text, uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  return h;
}

// An exclusive lock on a file in this user's private folder, held for the object's life.
class FileLock {
 public:
  static absl::StatusOr<FileLock> Take(absl::string_view key) {
    absl::StatusOr<std::string> folder = PrivateActualFolder();
    if (!folder.ok()) return folder.status();
    const std::string path = absl::StrFormat("%s/inline-%016x.lock", *folder, Fnv1a(key));
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0 || ::flock(fd, LOCK_EX) != 0) {
      if (fd >= 0) ::close(fd);
      return absl::InternalError(absl::StrCat("cannot lock ", path));
    }
    return FileLock(fd);
  }
  FileLock(FileLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  FileLock& operator=(FileLock&&) = delete;
  ~FileLock() {
    if (fd_ >= 0) ::close(fd_);  // closing releases the lock
  }

 private:
  explicit FileLock(int fd) : fd_(fd) {}
  int fd_;
};

// The rewrites made since the test binary was built: per call (line, column as compiled), how
// many lines its literal grew by and what it holds now.
struct JournalEntry {
  int delta = 0;
  std::string value;
};
struct Journal {
  std::string path;
  std::string identity;  // the binary's size and modification time
  // The source file's FNV-1a hash after the last rewrite: a file that no longer has it was changed
  // by someone else (an edit, a checkout), and the entries no longer describe it.
  std::string file_hash;
  std::map<std::pair<int, int>, JournalEntry> entries;
};

std::string HashOf(absl::string_view text) { return absl::StrFormat("%016x", Fnv1a(text)); }

std::string BinaryIdentity(const std::string& binary) {
  struct stat st = {};
  if (binary.empty() || ::stat(binary.c_str(), &st) != 0) return "none";
  return absl::StrCat(st.st_size, " ", st.st_mtim.tv_sec, ".", st.st_mtim.tv_nsec);
}

absl::StatusOr<Journal> ReadJournal(const std::string& binary, const std::string& path) {
  Journal journal;
  journal.identity = BinaryIdentity(binary);
  if (binary.empty()) return journal;  // no binary, no journal: the file is as it was built
  absl::StatusOr<std::string> folder = PrivateActualFolder();
  if (!folder.ok()) return folder.status();
  journal.path = absl::StrFormat("%s/inline-%016x.journal", *folder, Fnv1a(path, Fnv1a(binary)));
  absl::StatusOr<std::optional<std::string>> text = ReadFileIfExists(journal.path);
  if (!text.ok()) return text.status();
  if (!text->has_value()) return journal;
  std::vector<absl::string_view> lines = absl::StrSplit(**text, '\n', absl::SkipEmpty());
  // Another binary (rebuilt since): its rewrites are compiled in now, and forgotten.
  if (lines.size() < 2 || lines[0] != kJournalHeader ||
      lines[1] != absl::StrCat("binary ", journal.identity)) {
    return journal;
  }
  if (lines.size() < 3 || !absl::StartsWith(lines[2], "file ")) return journal;
  journal.file_hash = std::string(lines[2].substr(5));
  for (size_t i = 3; i < lines.size(); ++i) {
    std::vector<absl::string_view> f = absl::StrSplit(lines[i], '\t');
    int line = 0;
    int column = 0;
    JournalEntry e;
    if (f.size() != 4 || !absl::SimpleAtoi(f[0], &line) || !absl::SimpleAtoi(f[1], &column) ||
        !absl::SimpleAtoi(f[2], &e.delta) || !absl::CUnescape(f[3], &e.value)) {
      return absl::DataLossError(absl::StrCat(journal.path, ":", i + 1, ": cannot be read"));
    }
    journal.entries[{line, column}] = std::move(e);
  }
  return journal;
}

absl::Status WriteJournal(const Journal& journal) {
  if (journal.path.empty()) return absl::OkStatus();
  std::string out = absl::StrCat(kJournalHeader, "\nbinary ", journal.identity, "\nfile ",
                                 journal.file_hash, "\n");
  for (const auto& [where, e] : journal.entries) {
    absl::StrAppend(&out, where.first, "\t", where.second, "\t", e.delta, "\t",
                    absl::CEscape(e.value), "\n");
  }
  return WriteFileAtomically(journal.path, out);
}

std::string Where(absl::string_view file, int line) { return absl::StrCat(file, ":", line); }

// One `ScreenIs(` call: where its name (with any `::` before it) begins, its opening parenthesis
// and its closing one (npos when the file ends first).
struct CallSpan {
  size_t begin = 0;
  size_t open = 0;
  size_t close = absl::string_view::npos;
};

// Every call in `source`, outside comments and literals, in order.
std::vector<CallSpan> CallsIn(absl::string_view source) {
  std::vector<CallSpan> calls;
  Scanner s(source, 0);
  while (true) {
    s.SkipSpace();
    if (s.done()) return calls;
    if (!s.AtWord(kInlineFunction)) {
      s.SkipToken();
      continue;
    }
    CallSpan call;
    call.begin = s.pos();
    while (call.begin >= 2 && source.substr(call.begin - 2, 2) == "::") {
      call.begin -= 2;
      while (call.begin > 0 &&
             (absl::ascii_isalnum(static_cast<unsigned char>(source[call.begin - 1])) ||
              source[call.begin - 1] == '_')) {
        --call.begin;
      }
    }
    s.Advance(kInlineFunction.size());
    s.SkipSpace();
    if (s.peek() != '(') continue;
    call.open = s.pos();
    Scanner inner(source, call.open + 1);
    int depth = 1;
    while (depth > 0) {
      inner.SkipSpace();
      if (inner.done()) break;
      if (inner.peek() == '(') ++depth;
      if (inner.peek() == ')' && --depth == 0) call.close = inner.pos();
      inner.SkipToken();
    }
    calls.push_back(call);
  }
}

}  // namespace

absl::StatusOr<InlineLiteral> FindInlineLiteral(absl::string_view source, int line, int column,
                                                absl::string_view file) {
  const size_t line_start = LineStart(source, line);
  if (line_start == absl::string_view::npos || line_start >= source.size()) {
    return absl::NotFoundError(absl::StrCat(Where(file, line), ": the file has no such line"));
  }
  // The reported place, clamped to its line.
  const size_t line_end = std::min(source.find('\n', line_start), source.size());
  const size_t at = std::min(line_start + static_cast<size_t>(std::max(0, column - 1)), line_end);
  // A macro call's arguments may run over a few lines; a call further down is not this one.
  const size_t limit = std::min(LineStart(source, line + 50), source.size());
  const CallSpan* call = nullptr;
  const std::vector<CallSpan> calls = CallsIn(source);
  // The call around the place (GCC names a call by its opening parenthesis, Clang by its first
  // character); else one on the line that closes before it (Clang names a macro holding the call
  // by the macro's closing parenthesis); else the first after it (GCC names such a macro by its
  // first character).
  for (const CallSpan& c : calls) {
    if (c.begin <= at && at <= c.close) call = &c;
  }
  if (call == nullptr) {
    for (const CallSpan& c : calls) {
      if (c.close < at && c.close >= line_start) call = &c;  // the last one before the place
    }
  }
  for (const CallSpan& c : calls) {
    if (call == nullptr && c.begin > at && c.begin < limit) call = &c;
  }
  if (call == nullptr) {
    return absl::NotFoundError(
        absl::StrCat(Where(file, line), ": no ", kInlineFunction, "( call there"));
  }
  InlineLiteral literal;
  // The new literal is indented from the line the call is on.
  const size_t call_line_start = source.rfind('\n', call->begin) + 1;  // npos + 1 is 0
  const size_t indent_end = source.find_first_not_of(" \t", call_line_start);
  literal.indent = std::string(source.substr(call_line_start, indent_end - call_line_start));
  Scanner s(source, call->open);
  s.Advance(1);
  s.SkipSpace();
  const int call_line = LineOf(source, s.pos());
  if (!s.AtString()) {
    return absl::FailedPreconditionError(absl::StrCat(
        Where(file, call_line), ": the screen of ", kInlineFunction,
        "( is not a string literal (a variable, a macro or an expression): only a literal written "
        "there can be rewritten"));
  }
  literal.begin = s.pos();
  literal.line = call_line;
  std::string error;
  if (!s.ReadString(&literal.value, &error)) {
    return absl::FailedPreconditionError(
        absl::StrCat(Where(file, call_line), ": cannot read the literal: ", error));
  }
  literal.end = s.pos();
  s.SkipSpace();
  if (s.AtString()) {
    return absl::FailedPreconditionError(
        absl::StrCat(Where(file, call_line),
                     ": the screen is a concatenation of literals: write "
                     "it as one literal to have it rewritten"));
  }
  if (s.peek() != ')' && s.peek() != ',') {
    return absl::FailedPreconditionError(
        absl::StrCat(Where(file, call_line), ": the screen is an expression, not one literal"));
  }
  return literal;
}

namespace {

// What the raw literal InlineRawLiteral writes says: the lines between its parentheses.
std::string RawLiteralValue(absl::string_view body, absl::string_view indent) {
  std::string value = "\n";
  for (absl::string_view line : absl::StrSplit(body, '\n', absl::SkipEmpty())) {
    absl::StrAppend(&value, indent, "    ", line, "\n");
  }
  absl::StrAppend(&value, indent);
  return value;
}

}  // namespace

std::string InlineRawLiteral(absl::string_view body, absl::string_view indent) {
  std::string delimiter;
  for (int n = 0; absl::StrContains(body, absl::StrCat(")", delimiter, "\"")); ++n) {
    delimiter = n == 0 ? "vt" : absl::StrCat("vt", n);
  }
  return absl::StrCat("R\"", delimiter, "(", RawLiteralValue(body, indent), ")", delimiter, "\"");
}

absl::Status ApplyInlineEdit(const InlineEdit& edit, const std::string& path) {
  absl::StatusOr<FileLock> lock = FileLock::Take(path);
  if (!lock.ok()) return lock.status();
  absl::StatusOr<Journal> journal = ReadJournal(edit.binary, path);
  if (!journal.ok()) return journal.status();
  absl::StatusOr<std::optional<std::string>> source = ReadFileIfExists(path, kMaxSourceBytes);
  if (!source.ok()) return source.status();
  if (!source->has_value()) {
    return absl::NotFoundError(absl::StrCat(path, ": the test's source file is not there"));
  }
  const std::string& text = **source;
  // Changed since the last rewrite by someone else: the journal's shifts no longer apply, and the
  // file is taken as the binary was built from it (the literal is checked below).
  if (journal->file_hash != HashOf(text)) journal->entries.clear();
  int shift = 0;
  const std::pair<int, int> key = {edit.line, edit.column};
  const std::string* expected = &edit.compiled;
  for (const auto& [where, e] : journal->entries) {
    if (where == key) {
      expected = &e.value;
    } else if (where.first == edit.line) {
      return absl::FailedPreconditionError(absl::StrCat(
          Where(edit.source_file, edit.line),
          ": two inline screens on one line: put each on its own line to have them rewritten"));
    } else if (where.first < edit.line) {
      shift += e.delta;
    }
  }
  const int line = edit.line + shift;
  absl::StatusOr<InlineLiteral> literal = FindInlineLiteral(text, line, edit.column, path);
  if (!literal.ok()) return literal.status();
  const std::string written = RawLiteralValue(edit.replacement, literal->indent);
  if (literal->value == written) return absl::OkStatus();
  if (literal->value != *expected) {
    return absl::FailedPreconditionError(absl::StrCat(
        Where(path, literal->line),
        ": the inline screen there is not the one this test binary was built with (the source "
        "changed since): build the test again and run it again"));
  }
  const std::string replaced = InlineRawLiteral(edit.replacement, literal->indent);
  const absl::string_view old_text =
      absl::string_view(text).substr(literal->begin, literal->end - literal->begin);
  const int growth = static_cast<int>(std::count(replaced.begin(), replaced.end(), '\n')) -
                     static_cast<int>(std::count(old_text.begin(), old_text.end(), '\n'));
  std::string updated = text.substr(0, literal->begin);
  absl::StrAppend(&updated, replaced, absl::string_view(text).substr(literal->end));
  if (absl::Status s = WriteFileAtomically(path, updated); !s.ok()) return s;
  JournalEntry& e = journal->entries[key];
  e.delta += growth;
  e.value = written;
  journal->file_hash = HashOf(updated);
  return WriteJournal(*journal);
}

std::string PendingInlinePath(const std::string& path) {
  const std::filesystem::path p(path);
  return (p.parent_path() / absl::StrCat(".", p.filename().string(), ".pending-screens")).string();
}

bool IsPendingInlineFileName(absl::string_view file_name) {
  return absl::StartsWith(file_name, ".") && absl::EndsWith(file_name, ".pending-screens") &&
         file_name.size() > std::string_view(".pending-screens").size() + 1;
}

absl::StatusOr<std::vector<PendingInlineEdit>> ReadPendingInlineEdits(const std::string& sidecar) {
  std::vector<PendingInlineEdit> out;
  absl::StatusOr<std::optional<std::string>> text = ReadFileIfExists(sidecar);
  if (!text.ok()) return text.status();
  if (!text->has_value()) return out;
  std::vector<absl::string_view> lines = absl::StrSplit(**text, '\n', absl::SkipEmpty());
  if (lines.empty() || lines[0] != kPendingHeader) {
    return absl::InvalidArgumentError(
        absl::StrCat(sidecar, ":1: not a pending inline screens file (", kPendingHeader, ")"));
  }
  const std::string source = (std::filesystem::path(sidecar).parent_path() /
                              std::filesystem::path(sidecar).filename().string().substr(1))
                                 .string();
  for (size_t i = 1; i < lines.size(); ++i) {
    std::vector<absl::string_view> f = absl::StrSplit(lines[i], '\t');
    PendingInlineEdit p;
    p.path = source.substr(0, source.size() - std::string_view(".pending-screens").size());
    if (f.size() != 6 || !absl::SimpleAtoi(f[0], &p.edit.line) ||
        !absl::SimpleAtoi(f[1], &p.edit.column) || !absl::CUnescape(f[2], &p.edit.source_file) ||
        !absl::CUnescape(f[3], &p.edit.binary) || !absl::CUnescape(f[4], &p.edit.compiled) ||
        !absl::CUnescape(f[5], &p.edit.replacement)) {
      return absl::InvalidArgumentError(absl::StrCat(sidecar, ":", i + 1, ": cannot be read"));
    }
    out.push_back(std::move(p));
  }
  return out;
}

namespace {

absl::Status WritePending(const std::string& sidecar, const std::vector<PendingInlineEdit>& all) {
  if (all.empty()) return RemoveFileIfExists(sidecar);
  std::string out = absl::StrCat(kPendingHeader, "\n");
  for (const PendingInlineEdit& p : all) {
    absl::StrAppend(&out, p.edit.line, "\t", p.edit.column, "\t", absl::CEscape(p.edit.source_file),
                    "\t", absl::CEscape(p.edit.binary), "\t", absl::CEscape(p.edit.compiled), "\t",
                    absl::CEscape(p.edit.replacement), "\n");
  }
  return WriteFileAtomically(sidecar, out);
}

// Reads the sidecar, lets `change` edit the entries, writes it back; under the sidecar's lock.
template <typename Change>
absl::Status ChangePending(const std::string& path, Change change) {
  const std::string sidecar = PendingInlinePath(path);
  absl::StatusOr<FileLock> lock = FileLock::Take(sidecar);
  if (!lock.ok()) return lock.status();
  absl::StatusOr<std::vector<PendingInlineEdit>> all = ReadPendingInlineEdits(sidecar);
  if (!all.ok()) return all.status();
  if (!change(&*all)) return absl::OkStatus();
  return WritePending(sidecar, *all);
}

}  // namespace

absl::Status RecordPendingInlineEdit(const InlineEdit& edit, const std::string& path) {
  return ChangePending(path, [&](std::vector<PendingInlineEdit>* all) {
    for (PendingInlineEdit& p : *all) {
      if (p.edit.line == edit.line && p.edit.column == edit.column) {
        if (p.edit.replacement == edit.replacement && p.edit.binary == edit.binary) return false;
        p.edit = edit;
        return true;
      }
    }
    all->push_back({.edit = edit, .path = path});
    return true;
  });
}

absl::Status ForgetPendingInlineEdit(const std::string& path, int line, int column) {
  if (!std::filesystem::exists(PendingInlinePath(path))) return absl::OkStatus();
  return ChangePending(path, [&](std::vector<PendingInlineEdit>* all) {
    const size_t before = all->size();
    std::erase_if(*all, [&](const PendingInlineEdit& p) {
      return p.edit.line == line && p.edit.column == column;
    });
    return all->size() != before;
  });
}

}  // namespace vtsnap
