#include "vtsnap/snapshot/screen/redact.h"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "re2/re2.h"
#include "vtsnap/base/quote.h"
#include "vtsnap/base/utf8.h"
#include "vtsnap/decoder/width.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {
namespace {

// One cell of a row as the masking sees it: the bytes of the row's text it holds and the columns
// it covers (2 for a wide character).
struct Unit {
  size_t byte_begin = 0;
  size_t byte_end = 0;
  int col = 0;
  int width = 1;
  bool masked = false;
};

// The cells of a captured row: each non-continuation cell with the continuation cells after it.
std::vector<Unit> CapturedUnits(const Frame& frame, int row, std::string* text) {
  std::vector<Unit> units;
  for (int col = 0; col < frame.cols;) {
    const Cell& cell = frame.cell(col, row);
    Unit unit;
    unit.byte_begin = text->size();
    unit.col = col;
    if (!cell.is_continuation()) *text += cell.grapheme;
    unit.byte_end = text->size();
    int span = 1;
    if (!cell.is_continuation()) {
      while (span < cell.width && col + span < frame.cols &&
             frame.cell(col + span, row).is_continuation()) {
        ++span;
      }
    }
    unit.width = span;
    units.push_back(unit);
    col += span;
  }
  return units;
}

// The cells of a parsed row's text, laid out as decoder/terminal_screen.cc prints it with the
// default WidthPolicy (xterm's): printable ASCII always starts a cell; another code point joins the
// cell before it when it has no width or no grapheme break precedes it; a cell whose cluster
// becomes wide (a flag; not an emoji presentation selector, which widens only under
// emoji_presentation_wide) takes two columns. Control bytes and malformed UTF-8 take one column per
// byte.
std::vector<Unit> ParsedUnits(absl::string_view text) {
  std::vector<Unit> units;
  std::u32string cluster;  // The current cell's code points (bounded, as in the terminal).
  char32_t last_cp = 0;
  int32_t state = 0;
  bool joinable = false;  // Whether a code point may join the last unit.
  int col = 0;
  const auto start = [&](size_t begin, size_t end, int width) {
    units.push_back(
        Unit{.byte_begin = begin, .byte_end = end, .col = col, .width = width, .masked = false});
    col += width;
  };
  for (size_t i = 0; i < text.size();) {
    const Utf8Char decoded = DecodeUtf8(text.substr(i));
    const char32_t cp = decoded.code_point;
    const size_t len = decoded.valid ? static_cast<size_t>(decoded.length) : 0;  // 0: malformed
    if (len == 0 || cp < 0x20 || (cp >= 0x7F && cp < 0xA0)) {
      start(i, i + (len == 0 ? 1 : len), 1);
      i += len == 0 ? 1 : len;
      joinable = false;
      continue;
    }
    if (cp < 0x7F) {
      start(i, i + 1, 1);
      cluster.assign(1, cp);
      last_cp = cp;
      state = 0;
      joinable = true;
      ++i;
      continue;
    }
    const int width = CodePointWidth(cp);
    bool join = false;
    if (joinable) {
      const bool brk = IsGraphemeBreak(last_cp, cp, &state);
      join = !brk || width == 0;
    } else {
      state = 0;
    }
    last_cp = cp;
    if (join) {
      Unit& unit = units.back();
      unit.byte_end = i + len;
      if (cluster.size() < 32) {
        cluster.push_back(cp);
        if (unit.width == 1 && ClusterWidth(cluster) == 2) {
          unit.width = 2;
          ++col;
        }
      }
    } else {
      start(i, i + len, width == 0 ? 1 : width);
      cluster.assign(1, cp);
      joinable = true;
    }
    i += len;
  }
  return units;
}

// The byte after the code point starting at `i` (one byte past a malformed one).
size_t NextCodePoint(absl::string_view text, size_t i) {
  const Utf8Char decoded = DecodeUtf8(text.substr(i));
  return i + (decoded.valid ? static_cast<size_t>(decoded.length) : 1);
}

// Marks the units that share a byte with [begin, end).
void MarkBytes(size_t begin, size_t end, std::vector<Unit>* units) {
  auto it = std::upper_bound(units->begin(), units->end(), begin,
                             [](size_t b, const Unit& u) { return b < u.byte_end; });
  for (; it != units->end() && it->byte_begin < end; ++it) {
    if (it->byte_begin < it->byte_end) it->masked = true;
  }
}

// Marks the units that cover a column in [first, last].
void MarkColumns(int first, int last, std::vector<Unit>* units) {
  auto it = std::upper_bound(units->begin(), units->end(), first,
                             [](int c, const Unit& u) { return c < u.col + u.width; });
  for (; it != units->end() && it->col <= last; ++it) it->masked = true;
}

}  // namespace

Redactions::Redactions() = default;
Redactions::Redactions(const Redactions&) = default;
Redactions& Redactions::operator=(const Redactions&) = default;
Redactions::Redactions(Redactions&&) noexcept = default;
Redactions& Redactions::operator=(Redactions&&) noexcept = default;
Redactions::~Redactions() = default;

absl::Status Redactions::AddPattern(absl::string_view pattern) {
  auto re =
      std::make_shared<const RE2>(re2::StringPiece(pattern.data(), pattern.size()), RE2::Quiet);
  if (!re->ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("invalid redaction pattern ", QuoteForMessage(pattern), ": ", re->error()));
  }
  patterns_.push_back(std::move(re));
  return absl::OkStatus();
}

void Redactions::AddRect(int col, int row, int cols, int rows) {
  if (cols <= 0 || rows <= 0) return;
  rects_.push_back(Rect{.col = col, .row = row, .cols = cols, .rows = rows});
}

absl::Status Redactions::ValidateMask(absl::string_view mask) {
  const Utf8Char decoded = DecodeUtf8(mask);
  const char32_t cp = decoded.code_point;
  if (!decoded.valid || static_cast<size_t>(decoded.length) != mask.size() || cp < 0x20 ||
      (cp >= 0x7F && cp < 0xA0) || CodePointWidth(cp) != 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "invalid redaction mask ", QuoteForMessage(mask),
        ": expected one printable code point one cell wide, in UTF-8 (such as \"#\")"));
  }
  return absl::OkStatus();
}

void Redactions::set_mask(std::string mask) { mask_ = std::move(mask); }

bool Redactions::empty() const { return patterns_.empty() && rects_.empty(); }

std::vector<std::string> Redactions::patterns() const {
  std::vector<std::string> out;
  out.reserve(patterns_.size());
  for (const auto& re : patterns_) out.push_back(re->pattern());
  return out;
}

void Redactions::Apply(Frame* frame) const {
  if (empty() || frame->cols <= 0 || frame->rows <= 0) return;
  if (frame->cells.size() != static_cast<size_t>(frame->cols) * static_cast<size_t>(frame->rows)) {
    return;  // Not a frame (snapshot/screen/frame.h's invariant); serialization names the problem.
  }
  const bool captured = frame->has_graphemes();
  if (!captured && frame->row_text.size() != static_cast<size_t>(frame->rows)) return;
  const std::string mask = ValidateMask(mask_).ok() ? mask_ : std::string("#");
  for (int row = 0; row < frame->rows; ++row) {
    std::string captured_text;
    std::vector<Unit> units = captured ? CapturedUnits(*frame, row, &captured_text)
                                       : ParsedUnits(frame->row_text[static_cast<size_t>(row)]);
    const absl::string_view text =
        captured ? absl::string_view(captured_text)
                 : absl::string_view(frame->row_text[static_cast<size_t>(row)]);
    const re2::StringPiece piece(text.data(), text.size());
    for (const auto& re : patterns_) {
      // The group whose match is masked: 0 (the whole match) unless one is named `redact`.
      const auto named = re->NamedCapturingGroups().find("redact");
      const int group = named == re->NamedCapturingGroups().end() ? 0 : named->second;
      std::vector<re2::StringPiece> groups(static_cast<size_t>(group) + 1);
      size_t pos = 0;
      while (pos <= text.size()) {
        if (!re->Match(piece, pos, text.size(), RE2::UNANCHORED, groups.data(),
                       static_cast<int>(groups.size()))) {
          break;
        }
        const re2::StringPiece& match = groups[0];
        const size_t begin = static_cast<size_t>(match.data() - text.data());
        const size_t end = begin + match.size();
        if (end > begin) {
          const re2::StringPiece& masked = groups.back();
          if (masked.data() != nullptr && !masked.empty()) {
            const size_t masked_begin = static_cast<size_t>(masked.data() - text.data());
            MarkBytes(masked_begin, masked_begin + masked.size(), &units);
          }
          pos = end;
        } else if (begin < text.size()) {
          pos = NextCodePoint(text, begin);
        } else {
          break;
        }
      }
    }
    for (const Rect& rect : rects_) {
      if (row < rect.row || static_cast<long long>(row) - rect.row >= rect.rows) continue;
      const int first = std::max(rect.col, 0);
      const int last = static_cast<int>(
          std::min<long long>(static_cast<long long>(rect.col) + rect.cols - 1, frame->cols - 1));
      if (first <= last) MarkColumns(first, last, &units);
    }
    if (std::none_of(units.begin(), units.end(), [](const Unit& u) { return u.masked; })) {
      continue;
    }
    std::string rewritten;
    for (const Unit& unit : units) {
      if (!unit.masked) {
        if (!captured) {
          rewritten.append(text.data() + unit.byte_begin, unit.byte_end - unit.byte_begin);
        }
        continue;
      }
      for (int k = 0; k < unit.width; ++k) {
        const int col = unit.col + k;
        if (!captured) rewritten += mask;
        if (col >= frame->cols) continue;
        Cell& cell = frame->cell(col, row);
        cell.style = Style{};
        if (captured) {
          cell.grapheme = mask;
          cell.width = 1;
        }
      }
    }
    if (!captured) frame->row_text[static_cast<size_t>(row)] = std::move(rewritten);
  }
}

}  // namespace vtsnap
