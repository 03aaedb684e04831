// function_lengths: names every function longer than a limit in C++ sources, for the test
// layers.library_functions_stay_short (test/layers/CMakeLists.txt; docs/decisions.md, "One line
// reader for the text formats, one Pen<->Style mapping, no function over 120 lines").
//
//   function_lengths --max 120 --root /src decoder snapshot pty matchers tools base
//
// prints "snapshot/x.cc:42: Reader::Read is 194 lines (the limit is 120 ...)" for each one and
// exits 1 when there is any (0 when none, 2 on a usage or read error). Arguments after the options
// are folders (their *.h and *.cc files, sub-folders included) or files, relative to --root; a
// target that is neither is an error.
//
// What a function is: a brace block opened at namespace or class scope whose header (the text
// since the previous `;`, `{` or `}` at that scope) has a `)` at bracket depth 0 followed only by
// qualifiers (const, noexcept, override, ...) and then nothing, `->` (a trailing return type), a
// single `:` (a constructor's initializer list) or `requires`. Its length runs from the first line
// of its header (template line included, comments excluded) to the line of its closing brace.
// Everything inside a function (lambdas, local classes, blocks) counts toward that function.
// namespace, extern "C", class, struct, union and enum blocks are scopes, not functions: the
// member functions defined inside a class are functions of their own. A brace block with no
// such `)` (`= {...}` tables, `T x{...}`) is data. Comments, string and character literals (raw
// strings too) and preprocessor lines are blanked out first, so their braces do not count.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

bool IsIdent(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Whether the `'` at `i` separates digits (1'048'576) rather than opening a character literal
// (L'x', u8'x', 'x'): it follows a token that starts with a digit.
bool IsDigitSeparator(const std::string& text, size_t i) {
  size_t start = i;
  while (start > 0 && (IsIdent(text[start - 1]) || text[start - 1] == '\'')) --start;
  return start < i && std::isdigit(static_cast<unsigned char>(text[start])) != 0;
}

// `text` with comments, literals and preprocessor lines replaced by spaces (newlines kept).
std::string Blank(const std::string& text) {
  std::string out = text;
  const size_t n = text.size();
  auto blank = [&](size_t from, size_t to) {
    for (size_t k = from; k < to && k < n; ++k) {
      if (out[k] != '\n') out[k] = ' ';
    }
  };
  bool line_start = true;  // only whitespace so far on this line
  size_t i = 0;
  while (i < n) {
    const char c = text[i];
    if (c == '\n') {
      line_start = true;
      ++i;
      continue;
    }
    if (line_start && c == '#') {  // a directive, with its backslash continuations
      size_t j = i;
      while (j < n && !(text[j] == '\n' && (j == 0 || text[j - 1] != '\\'))) ++j;
      blank(i, j);
      i = j;
      continue;
    }
    if (c != ' ' && c != '\t' && c != '\r') line_start = false;
    if (c == '/' && i + 1 < n && text[i + 1] == '/') {
      size_t j = text.find('\n', i);
      if (j == std::string::npos) j = n;
      blank(i, j);
      i = j;
    } else if (c == '/' && i + 1 < n && text[i + 1] == '*') {
      size_t j = text.find("*/", i + 2);
      j = j == std::string::npos ? n : j + 2;
      blank(i, j);
      i = j;
    } else if (c == '"' && i > 0 && text[i - 1] == 'R' &&
               (i < 2 || !IsIdent(text[i - 2]) || text[i - 2] == '8' || text[i - 2] == 'u' ||
                text[i - 2] == 'U' || text[i - 2] == 'L')) {
      const size_t open = text.find('(', i);
      const std::string close =
          ")" + text.substr(i + 1, open == std::string::npos ? 0 : open - i - 1) + "\"";
      size_t j = open == std::string::npos ? n : text.find(close, open);
      j = j == std::string::npos ? n : j + close.size();
      blank(i, j);
      i = j;
    } else if (c == '"' || (c == '\'' && !IsDigitSeparator(text, i))) {
      size_t j = i + 1;
      while (j < n && text[j] != c && text[j] != '\n') j += text[j] == '\\' ? 2 : 1;
      j = std::min(j + 1, n);
      blank(i, j);
      i = j;
    } else {
      ++i;
    }
  }
  return out;
}

// The header without leading blanks and access specifiers (`public:`), and where it starts.
size_t HeaderStart(const std::string& s, size_t from, size_t to) {
  while (true) {
    while (from < to && std::isspace(static_cast<unsigned char>(s[from]))) ++from;
    bool skipped = false;
    for (const char* access : {"public", "protected", "private"}) {
      const size_t len = std::char_traits<char>::length(access);
      size_t k = from + len;
      if (s.compare(from, len, access) != 0 || (k < to && IsIdent(s[k]))) continue;
      while (k < to && std::isspace(static_cast<unsigned char>(s[k]))) ++k;
      if (k < to && s[k] == ':' && (k + 1 >= to || s[k + 1] != ':')) {
        from = k + 1;
        skipped = true;
      }
    }
    if (!skipped) return from;
  }
}

std::vector<std::string> Words(const std::string& s) {
  std::vector<std::string> words;
  std::string word;
  for (char c : s) {
    if (IsIdent(c)) {
      word += c;
    } else if (!word.empty()) {
      words.push_back(word);
      word.clear();
    }
  }
  if (!word.empty()) words.push_back(word);
  return words;
}

// Whether the text after a depth-0 `)` makes the header a function's.
bool IsFunctionTail(const std::string& tail) {
  static const char* const kQualifiers[] = {"const", "volatile", "noexcept",  "override",
                                            "final", "mutable",  "constexpr", "try"};
  size_t i = 0;
  while (i < tail.size()) {
    const char c = tail[i];
    if (std::isspace(static_cast<unsigned char>(c)) || c == '&') {
      ++i;
      continue;
    }
    if (c == '-' && i + 1 < tail.size() && tail[i + 1] == '>') return true;
    if (c == ':') return i + 1 >= tail.size() || tail[i + 1] != ':';
    if (!IsIdent(c)) return false;
    size_t j = i;
    while (j < tail.size() && IsIdent(tail[j])) ++j;
    const std::string word = tail.substr(i, j - i);
    if (word == "requires") return true;
    if (std::find_if(std::begin(kQualifiers), std::end(kQualifiers),
                     [&](const char* q) { return word == q; }) == std::end(kQualifiers)) {
      return false;
    }
    i = j;
  }
  return true;
}

// The name before the `(` at `paren` in `header`: `Reader::Read`, `operator==`, `~Foo`.
std::string NameBefore(const std::string& header, size_t paren) {
  std::string before = header.substr(0, paren);
  while (!before.empty() && std::isspace(static_cast<unsigned char>(before.back()))) {
    before.pop_back();
  }
  if (before.size() >= 10 && before.compare(before.size() - 10, 10, "operator()") == 0) {
    before.resize(before.size() - 2);
    size_t k = before.size();
    while (k > 0 && (IsIdent(before[k - 1]) || before[k - 1] == ':' || before[k - 1] == '~')) --k;
    return before.substr(k) + "()";
  }
  const size_t op = before.rfind("operator");
  size_t end = before.size();
  if (op != std::string::npos && (op == 0 || !IsIdent(before[op - 1]))) end = op;
  size_t k = end;
  while (k > 0 && (IsIdent(before[k - 1]) || before[k - 1] == ':' || before[k - 1] == '~')) --k;
  std::string name = before.substr(k, end - k) + before.substr(end);
  if (name.empty() && !before.empty() && before.back() == ']') {  // a lambda held by a variable
    const size_t eq = before.rfind('=');
    if (eq != std::string::npos) return NameBefore(before, eq) + " (a lambda)";
  }
  return name.empty() ? "(unnamed)" : name;
}

enum class Kind { kScope, kFunction, kData, kHeaderBrace };

struct Block {
  Kind kind;
  size_t header_start = 0;  // kFunction: where its header starts
  std::string name;         // kFunction
  size_t saved_header = 0;  // kHeaderBrace: the header it belongs to
};

// How a `{` at scope level with `header` before it opens: a scope, a function or data.
Kind Classify(const std::string& header, std::string* name) {
  // Leading template parameter lists and attributes say nothing about what follows.
  std::string h = header;
  while (true) {
    size_t k = 0;
    while (k < h.size() && std::isspace(static_cast<unsigned char>(h[k]))) ++k;
    h = h.substr(k);
    if (h.compare(0, 8, "template") == 0 && (h.size() == 8 || !IsIdent(h[8]))) {
      size_t j = h.find('<');
      int depth = 0;
      for (; j != std::string::npos && j < h.size(); ++j) {
        if (h[j] == '<') ++depth;
        if (h[j] == '>' && --depth == 0) break;
      }
      if (j == std::string::npos || j >= h.size()) break;
      h = h.substr(j + 1);
    } else if (h.compare(0, 2, "[[") == 0 && h.find("]]") != std::string::npos) {
      h = h.substr(h.find("]]") + 2);
    } else {
      break;
    }
  }
  const std::vector<std::string> words = Words(h);
  const size_t first_paren = h.find('(');
  const std::vector<std::string> lead = Words(h.substr(0, std::min(first_paren, h.find('='))));
  for (const std::string& w : lead) {
    if (w == "namespace") return Kind::kScope;
    if (w == "class" || w == "struct" || w == "union") return Kind::kScope;
    if (w == "enum") return Kind::kData;
  }
  if (words.size() == 1 && words[0] == "extern") return Kind::kScope;  // extern "C"
  // Any `)` at depth 0 followed by a function's tail.
  int depth = 0;
  for (size_t i = 0; i < h.size(); ++i) {
    const char c = h[i];
    if (c == '(' || c == '{' || c == '[') {
      ++depth;
    } else if (c == ')' || c == '}' || c == ']') {
      --depth;
      if (depth == 0 && c == ')' && IsFunctionTail(h.substr(i + 1))) {
        // The name is before the first parameter list of depth 0 that ends here: for a
        // constructor's initializer list, the one before the `:`.
        size_t params = h.find('(');
        int d = 0;
        for (size_t k = 0; k < h.size(); ++k) {
          if (h[k] == '(' || h[k] == '{' || h[k] == '[') {
            if (d == 0 && h[k] == '(') params = k;
            ++d;
          } else if (h[k] == ')' || h[k] == '}' || h[k] == ']') {
            if (--d == 0 && h[k] == ')' && IsFunctionTail(h.substr(k + 1))) break;
          }
        }
        *name = NameBefore(h, params);
        return Kind::kFunction;
      }
    }
  }
  return Kind::kData;
}

// Whether `header` (so far) holds a constructor's initializer list: `) :` at depth 0.
bool InInitializerList(const std::string& header) {
  int depth = 0;
  for (size_t i = 0; i < header.size(); ++i) {
    const char c = header[i];
    if (c == '(' || c == '{' || c == '[') ++depth;
    if (c == ')' || c == '}' || c == ']') {
      --depth;
      if (depth == 0 && c == ')') {
        size_t k = i + 1;
        while (k < header.size() && std::isspace(static_cast<unsigned char>(header[k]))) ++k;
        if (k < header.size() && header[k] == ':' &&
            (k + 1 >= header.size() || header[k + 1] != ':')) {
          return true;
        }
      }
    }
  }
  return false;
}

struct Finding {
  std::string file;
  int line;
  std::string name;
  int length;
};

void Scan(const std::string& file, const std::string& text, int max, std::vector<Finding>* out) {
  const std::string s = Blank(text);
  std::vector<size_t> line_starts = {0};
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\n') line_starts.push_back(i + 1);
  }
  auto line_of = [&](size_t pos) {
    return static_cast<int>(std::upper_bound(line_starts.begin(), line_starts.end(), pos) -
                            line_starts.begin());
  };
  std::vector<Block> stack;
  size_t header = 0;  // where the header of the next declaration at scope level starts
  int parens = 0;     // ( ) depth in that header
  auto classifying = [&] { return stack.empty() || stack.back().kind == Kind::kScope; };
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '{') {
      if (!classifying()) {
        stack.push_back({Kind::kData, 0, "", 0});
        continue;
      }
      const std::string so_far = s.substr(header, i - header);
      size_t prev = i;
      while (prev > header && std::isspace(static_cast<unsigned char>(s[prev - 1]))) --prev;
      const char before = prev > header ? s[prev - 1] : ' ';
      if (parens > 0 || (InInitializerList(so_far) && (IsIdent(before) || before == '>'))) {
        // A brace inside the header: a default argument, a member initializer.
        stack.push_back({Kind::kHeaderBrace, 0, "", header});
        continue;
      }
      const size_t start = HeaderStart(s, header, i);
      std::string name;
      const Kind kind = Classify(s.substr(start, i - start), &name);
      stack.push_back({kind, start, name});
      header = i + 1;
      parens = 0;
    } else if (c == '}') {
      if (stack.empty()) continue;  // unbalanced (an #if branch): ignore
      const Block block = stack.back();
      stack.pop_back();
      if (block.kind == Kind::kHeaderBrace) {
        header = block.saved_header;
        continue;
      }
      if (!classifying()) continue;
      if (block.kind == Kind::kFunction) {
        const int first = line_of(block.header_start);
        const int length = line_of(i) - first + 1;
        if (length > max) out->push_back({file, first, block.name, length});
      }
      header = i + 1;
      parens = 0;
    } else if (classifying()) {
      if (c == '(') ++parens;
      if (c == ')') --parens;
      if (c == ';' && parens <= 0) {
        header = i + 1;
        parens = 0;
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  int max = 120;
  std::filesystem::path root = ".";
  std::vector<std::string> targets;
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg == "--max" && a + 1 < argc) {
      max = std::atoi(argv[++a]);
    } else if (arg == "--root" && a + 1 < argc) {
      root = argv[++a];
    } else if (arg.rfind("--", 0) == 0) {
      std::cerr << "usage: function_lengths [--max N] [--root DIR] folder-or-file...\n";
      return 2;
    } else {
      targets.push_back(arg);
    }
  }
  std::vector<std::string> files;
  for (const std::string& target : targets) {
    const std::filesystem::path path = root / target;
    if (std::filesystem::is_directory(path)) {
      std::vector<std::string> found;
      for (const auto& entry : std::filesystem::recursive_directory_iterator(path)) {
        const std::string ext = entry.path().extension().string();
        if (entry.is_regular_file() && (ext == ".h" || ext == ".cc")) {
          found.push_back(
              (std::filesystem::path(target) / entry.path().lexically_relative(path)).string());
        }
      }
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (std::filesystem::is_regular_file(path)) {
      files.push_back(target);
    } else {
      // A folder renamed or moved must not leave its functions unchecked.
      std::cerr << "function_lengths: " << path << " is neither a folder nor a file\n";
      return 2;
    }
  }
  if (files.empty()) {
    std::cerr << "function_lengths: no source file found under " << root << "\n";
    return 2;
  }
  std::vector<Finding> findings;
  for (const std::string& file : files) {
    std::ifstream in(root / file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) {
      std::cerr << "function_lengths: cannot read " << (root / file) << "\n";
      return 2;
    }
    Scan(file, text.str(), max, &findings);
  }
  for (const Finding& f : findings) {
    std::cout << f.file << ":" << f.line << ": " << f.name << " is " << f.length
              << " lines (the limit is " << max << "; split it by what its steps mean)\n";
  }
  std::cout << files.size() << " files read, " << findings.size() << " functions over " << max
            << " lines\n";
  return findings.empty() ? 0 : 1;
}
