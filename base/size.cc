#include "vtsnap/base/size.h"

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace vtsnap {
namespace {

absl::Status Bad(absl::string_view text, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat("malformed size \"", absl::CEscape(text), "\": ",
                                                 why, " (expected COLSxROWS, such as 80x24)"));
}

// Parses one dimension; returns -1 with *why set when it is not a canonical positive number.
int Dimension(absl::string_view digits, absl::string_view name, std::string* why) {
  if (digits.empty()) {
    *why = absl::StrCat(name, " is missing");
    return -1;
  }
  for (char c : digits) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) {
      *why = absl::StrCat(name, " \"", absl::CEscape(digits), "\" is not a number");
      return -1;
    }
  }
  if (digits[0] == '0') {
    *why = absl::StrCat(name, " \"", digits, "\" must be a positive number without leading zeros");
    return -1;
  }
  if (digits.size() > 4) {
    *why = absl::StrCat(name, " ", digits, " is larger than ", kMaxTerminalDimension);
    return -1;
  }
  int v = 0;
  for (char c : digits) v = v * 10 + (c - '0');
  if (v > kMaxTerminalDimension) {
    *why = absl::StrCat(name, " ", v, " is larger than ", kMaxTerminalDimension);
    return -1;
  }
  return v;
}

}  // namespace

absl::StatusOr<TerminalSize> ParseSize(absl::string_view text) {
  const size_t x = text.find_first_of("xX");
  if (x == absl::string_view::npos) return Bad(text, "no 'x' (or 'X') between columns and rows");
  std::string why;
  const int cols = Dimension(text.substr(0, x), "columns", &why);
  if (cols < 0) return Bad(text, why);
  const int rows = Dimension(text.substr(x + 1), "rows", &why);
  if (rows < 0) return Bad(text, why);
  return TerminalSize{cols, rows};
}

std::string FormatSize(const TerminalSize& size) { return absl::StrCat(size.cols, "x", size.rows); }

}  // namespace vtsnap
