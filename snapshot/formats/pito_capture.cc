#include "vtsnap/snapshot/formats/pito_capture.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "utf8proc.h"
#include "vtsnap/base/file_reader.h"

namespace vtsnap::pito {
namespace {

namespace fs = std::filesystem;

// The most a frame file may hold, as any golden (snapshot/golden/store.h, kMaxGoldenBytes).
constexpr size_t kMaxFrameFileBytes = size_t{128} << 20;
constexpr absl::string_view kFrameLimitNote = "a golden may have";

// The rank of a standard size, or the count of standard sizes for any other.
int StandardRank(const TerminalSize& size) {
  int rank = 0;
  for (const TerminalSize& standard : kStandardSizes) {
    if (standard == size) return rank;
    ++rank;
  }
  return rank;
}

// True when Rust prints `c` in a str's Debug as \u{...} (other than the named escapes): its
// Grapheme_Extend characters and those its `is_printable` refuses (categories Cc, Cf, Cs, Co, Cn,
// Zl, Zp, and Zs other than U+0020).
bool RustEscapesAsUnicode(utf8proc_int32_t c) {
  const utf8proc_property_t* property = utf8proc_get_property(c);
  // Grapheme_Cluster_Break=Extend is Grapheme_Extend plus the emoji modifiers U+1F3FB..U+1F3FF,
  // which are not Grapheme_Extend (they are Sk, printed as is).
  const bool emoji_modifier = c >= 0x1F3FB && c <= 0x1F3FF;
  if (property->boundclass == UTF8PROC_BOUNDCLASS_EXTEND && !emoji_modifier) return true;
  switch (property->category) {
    case UTF8PROC_CATEGORY_CC:
    case UTF8PROC_CATEGORY_CF:
    case UTF8PROC_CATEGORY_CS:
    case UTF8PROC_CATEGORY_CO:
    case UTF8PROC_CATEGORY_CN:
    case UTF8PROC_CATEGORY_ZL:
    case UTF8PROC_CATEGORY_ZP:
      return true;
    case UTF8PROC_CATEGORY_ZS:
      return c != ' ';
    default:
      return false;
  }
}

absl::Status BadInput(const std::string& path, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(path, ": ", what));
}

// The entries of `dir` as (name, path), sorted by name; an error naming `dir` when it cannot be
// listed.
absl::StatusOr<std::vector<std::pair<std::string, std::string>>> ListDirectory(
    const std::string& dir) {
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) {
    if (ec == std::errc::no_such_file_or_directory) {
      return absl::NotFoundError(absl::StrCat(dir, ": no such capture folder"));
    }
    return BadInput(dir, absl::StrCat("cannot list the folder: ", ec.message()));
  }
  std::vector<std::pair<std::string, std::string>> entries;
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    entries.emplace_back(name, absl::StrCat(dir, "/", name));
  }
  if (ec) return BadInput(dir, absl::StrCat("cannot list the folder: ", ec.message()));
  std::sort(entries.begin(), entries.end());
  return entries;
}

std::string StyleText(absl::string_view symbol, const TuiStyle& style) {
  return absl::StrCat(RustDebugQuote(symbol), " ", ColorText(style.fg), " ", ColorText(style.bg),
                      " ", ModifierNames(style.modifiers));
}

// Passes each difference to `each` and counts it. One Difference is reused for a frame's cells,
// so a frame whose every cell differs costs one, not one per cell.
struct Sink {
  const std::function<void(const Difference&)>& each;
  size_t count = 0;
  void Add(const Difference& difference) {
    each(difference);
    ++count;
  }
};

void CompareFrames(const std::string& scenario, const TerminalSize& size, const TuiFrame& before,
                   const TuiFrame& after, Sink* out) {
  Difference cell = {.kind = Difference::Kind::kCell, .scenario = scenario, .size = size};
  for (int y = 0; y < size.rows; ++y) {
    for (int x = 0; x < size.cols; ++x) {
      const std::string& before_symbol = before.rows[y].symbols[x];
      const std::string& after_symbol = after.rows[y].symbols[x];
      const TuiStyle& before_style = before.StyleAt(x, y);
      const TuiStyle& after_style = after.StyleAt(x, y);
      if (before_symbol == after_symbol && before_style == after_style) continue;
      cell.x = x;
      cell.y = y;
      cell.before_symbol = before_symbol;
      cell.before_style = before_style;
      cell.after_symbol = after_symbol;
      cell.after_style = after_style;
      out->Add(cell);
    }
  }
}

void AddWhole(Difference::Kind kind, const std::string& scenario, const ScenarioFrames& frames,
              Sink* out) {
  for (const auto& [size, frame] : frames) {
    out->Add({.kind = kind, .scenario = scenario, .size = size});
  }
}

void CompareScenarios(const std::string& scenario, const ScenarioFrames& before,
                      const ScenarioFrames& after, Sink* out) {
  const SizeOrder less;
  auto b = before.begin();
  auto a = after.begin();
  while (b != before.end() || a != after.end()) {
    if (a == after.end() || (b != before.end() && less(b->first, a->first))) {
      out->Add({.kind = Difference::Kind::kRemoved, .scenario = scenario, .size = b->first});
      ++b;
    } else if (b == before.end() || less(a->first, b->first)) {
      out->Add({.kind = Difference::Kind::kAdded, .scenario = scenario, .size = a->first});
      ++a;
    } else {
      CompareFrames(scenario, b->first, b->second, a->second, out);
      ++b;
      ++a;
    }
  }
}

}  // namespace

bool SizeOrder::operator()(const TerminalSize& a, const TerminalSize& b) const {
  const int rank_a = StandardRank(a);
  const int rank_b = StandardRank(b);
  if (rank_a != rank_b) return rank_a < rank_b;
  if (a.cols != b.cols) return a.cols < b.cols;
  return a.rows < b.rows;
}

std::string RustDebugQuote(absl::string_view text) {
  std::string out = "\"";
  const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(text.data());
  size_t at = 0;
  while (at < text.size()) {
    utf8proc_int32_t c = 0;
    const utf8proc_ssize_t n =
        utf8proc_iterate(bytes + at, static_cast<utf8proc_ssize_t>(text.size() - at), &c);
    if (n <= 0) {
      absl::StrAppendFormat(&out, "\\x%02X", static_cast<unsigned char>(text[at]));
      ++at;
      continue;
    }
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\0':
        out += "\\0";
        break;
      default:
        if (RustEscapesAsUnicode(c)) {
          absl::StrAppendFormat(&out, "\\u{%x}", c);
        } else {
          out.append(text.data() + at, static_cast<size_t>(n));
        }
    }
    at += static_cast<size_t>(n);
  }
  out += "\"";
  return out;
}

std::string DifferenceText(const Difference& difference) {
  const std::string where = absl::StrCat(difference.scenario, " ", FormatSize(difference.size));
  switch (difference.kind) {
    case Difference::Kind::kAdded:
      return absl::StrCat(where, ": +");
    case Difference::Kind::kRemoved:
      return absl::StrCat(where, ": -");
    case Difference::Kind::kCell:
      break;
  }
  return absl::StrCat(where, " ", difference.x, ",", difference.y, ": ",
                      StyleText(difference.before_symbol, difference.before_style), " \u2192 ",
                      StyleText(difference.after_symbol, difference.after_style));
}

std::string Differences::Text() const {
  std::string out;
  for (const Difference& difference : entries)
    absl::StrAppend(&out, DifferenceText(difference), "\n");
  return out;
}

Differences Compare(const Capture& before, const Capture& after) {
  Differences differences;
  CompareEach(before, after,
              [&differences](const Difference& d) { differences.entries.push_back(d); });
  return differences;
}

size_t CompareEach(const Capture& before, const Capture& after,
                   const std::function<void(const Difference&)>& each) {
  Sink out{each};
  auto b = before.scenarios.begin();
  auto a = after.scenarios.begin();
  while (b != before.scenarios.end() || a != after.scenarios.end()) {
    if (a == after.scenarios.end() || (b != before.scenarios.end() && b->first < a->first)) {
      AddWhole(Difference::Kind::kRemoved, b->first, b->second, &out);
      ++b;
    } else if (b == before.scenarios.end() || a->first < b->first) {
      AddWhole(Difference::Kind::kAdded, a->first, a->second, &out);
      ++a;
    } else {
      CompareScenarios(b->first, b->second, a->second, &out);
      ++b;
      ++a;
    }
  }
  return out.count;
}

void PrintTo(const Capture& capture, std::ostream* os) {
  if (capture.scenarios.empty()) {
    *os << "empty capture";
    return;
  }
  *os << "capture ";
  bool first = true;
  for (const auto& [scenario, frames] : capture.scenarios) {
    *os << (first ? "" : ", ") << scenario << " (";
    first = false;
    bool first_size = true;
    for (const auto& [size, frame] : frames) {
      *os << (first_size ? "" : " ") << FormatSize(size);
      first_size = false;
    }
    *os << ")";
  }
}

absl::StatusOr<Capture> ReadCapture(const std::string& folder) {
  absl::StatusOr<std::vector<std::pair<std::string, std::string>>> scenarios =
      ListDirectory(folder);
  if (!scenarios.ok()) return scenarios.status();
  Capture capture;
  for (const auto& [scenario, scenario_path] : *scenarios) {
    std::error_code ec;
    if (!fs::is_directory(scenario_path, ec)) {
      return BadInput(scenario_path,
                      "a file at the top of a capture folder (expected scenario folders only)");
    }
    absl::StatusOr<std::vector<std::pair<std::string, std::string>>> files =
        ListDirectory(scenario_path);
    if (!files.ok()) return files.status();
    ScenarioFrames& frames = capture.scenarios[scenario];
    for (const auto& [name, path] : *files) {
      absl::StatusOr<TerminalSize> size = ParseSize(name);
      if (!size.ok() || FormatSize(*size) != name) {
        return BadInput(path, "the file name is not a size (COLSxROWS, such as 80x24)");
      }
      if (!fs::is_regular_file(path, ec)) {
        return BadInput(path, "not a regular file (a scenario folder holds frame files only)");
      }
      absl::StatusOr<std::string> text = ReadFileAtMost(path, kMaxFrameFileBytes, kFrameLimitNote);
      if (!text.ok()) return text.status();
      absl::StatusOr<TuiFrame> frame = ParseFrame(*text, path);
      if (!frame.ok()) return frame.status();
      const TerminalSize framed = {.cols = frame->width, .rows = frame->height};
      if (framed != *size) {
        return BadInput(
            absl::StrCat(path, ":2:1"),
            absl::StrCat("the frame is ", FormatSize(framed), ", but its file name says ", name));
      }
      frames.emplace(*size, *std::move(frame));
    }
  }
  return capture;
}

}  // namespace vtsnap::pito
