// The `ckvision-rgba 1` file (rgba_file.h): SerializeRgba and ParseRgba.
#include "vtsnap/snapshot/formats/rgba_file.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/quote.h"
#include "vtsnap/base/status_macros.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace vtsnap {
namespace {

constexpr absl::string_view kCrlfMessage =
    "CRLF line endings (a checkout converted the file; add `*.rgba binary` to .gitattributes)";

// The byte count of a width x height plane, both non-negative: at most (2^31 - 1)^2 * 4 < 2^64.
uint64_t ByteCount(int width, int height) {
  return static_cast<uint64_t>(width) * static_cast<uint64_t>(height) * 4u;
}

std::string PlaneSize(int width, int height) { return absl::StrCat(width, "x", height); }

// A token or a line quoted in a message: escaped, and shortened when long.
constexpr QuoteOptions kQuote = {.max_bytes = 40};

absl::Status LineError(int line, size_t col, absl::string_view message) {
  return absl::InvalidArgumentError(absl::StrCat("line ", line, ", column ", col, ": ", message));
}

absl::Status Expected(int line, size_t col, absl::string_view expected, absl::string_view got) {
  return LineError(line, col, absl::StrCat("expected ", expected, ", got ", got));
}

// True when `s` is a canonical non-negative decimal: digits only, no leading zero but "0".
bool IsCanonicalDecimal(absl::string_view s) {
  if (s.empty() || (s.size() > 1 && s[0] == '0')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The value of a canonical decimal, or -1 when it exceeds `max` (which is non-negative).
int64_t BoundedValue(absl::string_view digits, int64_t max) {
  int64_t value = 0;
  for (char c : digits) {
    value = value * 10 + (c - '0');
    if (value > max) return -1;
  }
  return value;
}

// Reads the "<width> <height>\n" line that starts at byte `start`; pos() is then just past it.
class SizeLine {
 public:
  SizeLine(absl::string_view bytes, size_t start) : bytes_(bytes), start_(start), pos_(start) {}

  absl::Status Read(const RgbaParseOptions& options, int* width, int* height) {
    VTSNAP_RETURN_IF_ERROR(Number("width", options.max_width, width));
    if (AtEnd()) return Expected(2, Col(), "a space and the height", "end of input");
    if (Byte() == '\n') return Expected(2, Col(), "a space and the height", "end of line");
    ++pos_;  // The space (Number stopped at a space or a newline).
    VTSNAP_RETURN_IF_ERROR(Number("height", options.max_height, height));
    if (AtEnd()) return Expected(2, Col(), "a newline after the height", "end of input");
    if (Byte() == ' ') {
      const size_t space_col = Col();
      ++pos_;
      if (AtEnd() || Byte() == '\n') {
        return Expected(2, space_col, "a newline after the height", "a trailing space");
      }
      const size_t col = Col();
      return Expected(2, col, "a newline after the height", QuoteForMessage(Token(), kQuote));
    }
    ++pos_;  // The newline.
    return absl::OkStatus();
  }

  size_t pos() const { return pos_; }

 private:
  bool AtEnd() const { return pos_ >= bytes_.size(); }
  char Byte() const { return bytes_[pos_]; }
  size_t Col() const { return pos_ - start_ + 1; }

  // The bytes from pos_ up to a space, a newline or the end.
  absl::string_view Token() const {
    const size_t end =
        std::min(bytes_.find_first_of(absl::string_view(" \n", 2), pos_), bytes_.size());
    return bytes_.substr(pos_, end - pos_);
  }

  // A canonical decimal of at most `max` ("width" or "height", the first or second token).
  absl::Status Number(absl::string_view what, int max, int* out) {
    const std::string expected = absl::StrCat("the ", what, " (a canonical non-negative integer)");
    const size_t col = Col();
    if (AtEnd()) return Expected(2, col, expected, "end of input");
    if (Byte() == ' ') {
      if (col == 1) return Expected(2, col, expected, "a leading space");
      return Expected(2, col, "a single space between width and height", "another space");
    }
    if (Byte() == '\n') return Expected(2, col, expected, "end of line");
    const absl::string_view token = Token();
    const size_t end = pos_ + token.size();
    if (token.size() > 1 && token.back() == '\r' && end < bytes_.size() && bytes_[end] == '\n' &&
        IsCanonicalDecimal(token.substr(0, token.size() - 1))) {
      return LineError(2, col + token.size() - 1, kCrlfMessage);
    }
    if (!IsCanonicalDecimal(token)) {
      return Expected(2, col, expected, QuoteForMessage(token, kQuote));
    }
    const int64_t value = BoundedValue(token, std::max(max, 0));
    if (value < 0) {
      const absl::string_view shown = token.substr(0, 40);
      return Expected(2, col, absl::StrCat("a ", what, " of at most ", std::max(max, 0)),
                      absl::StrCat(shown, shown.size() < token.size() ? "..." : ""));
    }
    *out = static_cast<int>(value);
    pos_ = end;
    return absl::OkStatus();
  }

  absl::string_view bytes_;
  size_t start_;
  size_t pos_;
};

}  // namespace

std::string SerializeRgba(const RgbaPlane& plane) {
  std::string out = absl::StrCat(kRgbaHeader, "\n", plane.width, " ", plane.height, "\n");
  out.append(reinterpret_cast<const char*>(plane.pixels.data()), plane.pixels.size());
  return out;
}

absl::StatusOr<RgbaPlane> ParseRgba(absl::string_view bytes, const RgbaParseOptions& options) {
  // Line 1: the header.
  const size_t newline = bytes.find('\n');
  if (newline != kRgbaHeader.size() || bytes.substr(0, newline) != kRgbaHeader) {
    const absl::string_view line =
        bytes.substr(0, newline == absl::string_view::npos ? bytes.size() : newline);
    const std::string expected = absl::StrCat("\"", kRgbaHeader, "\"");
    if (line == kRgbaHeader) return Expected(1, line.size() + 1, "a newline", "end of input");
    if (line.size() == kRgbaHeader.size() + 1 &&
        line.substr(0, kRgbaHeader.size()) == kRgbaHeader && line.back() == '\r' &&
        newline != absl::string_view::npos) {
      return LineError(1, line.size(), kCrlfMessage);
    }
    if (bytes.empty()) return Expected(1, 1, expected, "end of input");
    return Expected(1, 1, expected, line.empty() ? "an empty line" : QuoteForMessage(line, kQuote));
  }

  // Line 2: the size.
  SizeLine size_line(bytes, newline + 1);
  int width = 0;
  int height = 0;
  VTSNAP_RETURN_IF_ERROR(size_line.Read(options, &width, &height));

  // The pixels: counted before anything is allocated.
  const size_t start = size_line.pos();
  const uint64_t need = ByteCount(width, height);
  const uint64_t have = bytes.size() - start;
  const std::string plane = PlaneSize(width, height);
  if (have < need) {
    return absl::InvalidArgumentError(absl::StrCat(
        "byte ", start, ": expected ", need, " pixel bytes for a ", plane, " plane, found ", have));
  }
  if (have > need) {
    const uint64_t more = have - need;
    return absl::InvalidArgumentError(absl::StrCat(
        "byte ", start + need, ": expected end of input after ", need, " pixel bytes for a ", plane,
        " plane, found ", more, more == 1 ? " more byte" : " more bytes"));
  }
  const absl::string_view data = bytes.substr(start);
  return RgbaPlane{
      .width = width, .height = height, .pixels = std::vector<uint8_t>(data.begin(), data.end())};
}

}  // namespace vtsnap
