// TerminalSize: a terminal's size in cells, and its textual form "COLSxROWS" (as in `120x34`).
//
//   absl::StatusOr<vtsnap::TerminalSize> size = vtsnap::ParseSize("120x34");
//   // size->cols == 120, size->rows == 34; ParseSize("120") is an error naming the input.
#ifndef VTSNAP_BASE_SIZE_H_
#define VTSNAP_BASE_SIZE_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace vtsnap {

struct TerminalSize {
  int cols = 80;
  int rows = 24;
  friend bool operator==(const TerminalSize&, const TerminalSize&) = default;
};

// The largest size accepted in either direction.
inline constexpr int kMaxTerminalDimension = 4096;

// Parses "COLSxROWS": two canonical positive decimals (no sign, no leading zero) joined by an
// 'x' or an 'X', each at most kMaxTerminalDimension. The error names the input and what is wrong.
[[nodiscard]] absl::StatusOr<TerminalSize> ParseSize(absl::string_view text);

// Writes "COLSxROWS" with a lowercase 'x'.
std::string FormatSize(const TerminalSize& size);

}  // namespace vtsnap

#endif  // VTSNAP_BASE_SIZE_H_
