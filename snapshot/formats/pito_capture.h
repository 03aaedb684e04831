// pito-tui capture folders and their Differences (docs/pito.md, "Capture folders" and
// "Differences"): read a folder of scenario folders, each holding one
// `pito-tui frame 1` file per size, and compare two captures cell by cell.
//
//   cap/00-home/80x24       one frame file per size, named COLSxROWS
//   cap/00-home/40x12
//   cap/drill-in/80x24
//
//   absl::StatusOr<vtsnap::pito::Capture> before = vtsnap::pito::ReadCapture("tmp/before");
//   absl::StatusOr<vtsnap::pito::Capture> after = vtsnap::pito::ReadCapture("tmp/after");
//   // errors: "tmp/after/00-home/80x24:3:4: expected 80 symbols in row 0, ..."
//   vtsnap::pito::Differences differences = vtsnap::pito::Compare(*before, *after);
//   std::cout << differences.Text();
//   // 00-home 80x24 0,0: "X" Reset Reset NONE → " " Reset Reset NONE
//   // about 40x12: +
//   // gone 80x24: -
#ifndef VTSNAP_SNAPSHOT_FORMATS_PITO_CAPTURE_H_
#define VTSNAP_SNAPSHOT_FORMATS_PITO_CAPTURE_H_

#include <cstddef>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/size.h"
#include "vtsnap/snapshot/formats/pito_frame.h"

namespace vtsnap::pito {

// pito-tui's standard sizes, in this order: 40x12, 80x24, 120x34, 200x60.
inline constexpr TerminalSize kStandardSizes[] = {{.cols = 40, .rows = 12},
                                                  {.cols = 80, .rows = 24},
                                                  {.cols = 120, .rows = 34},
                                                  {.cols = 200, .rows = 60}};

// The order of sizes in a capture and in Differences: the standard sizes first, in their order,
// then any other size by width, then by height.
struct SizeOrder {
  bool operator()(const TerminalSize& a, const TerminalSize& b) const;
};

// One scenario's frames, by size. Each frame's width and height equal its key.
using ScenarioFrames = std::map<TerminalSize, TuiFrame, SizeOrder>;

// A capture: scenario folder name -> its frames. Scenarios are ordered by their folder names'
// bytes (std::string's order). A scenario may hold no frame (an empty folder).
struct Capture {
  std::map<std::string, ScenarioFrames> scenarios = {};
  friend bool operator==(const Capture&, const Capture&) = default;
};

// Reads the capture folder `folder`. Every entry of `folder` must be a directory (a scenario);
// every entry of a scenario must be a regular file named by a size as FormatSize writes it
// ("80x24": no "80X24", no leading zero) holding a valid frame of that size. Errors
// (InvalidArgument, the path spelled `folder` + "/" + scenario + "/" + file):
//   "cap/notes.txt: a file at the top of a capture folder (expected scenario folders only)"
//   "cap/00-home/README: the file name is not a size (COLSxROWS, such as 80x24)"
//   "cap/00-home/80x24:2:1: the frame is 80x25, but its file name says 80x24"
//   "cap/00-home/80x24:3:4: expected 80 symbols in row 0, got more (...)"  (ParseFrame's errors)
// The first error in the capture's order is returned. A missing or unreadable `folder` is an
// error naming it (NotFound when missing).
[[nodiscard]] absl::StatusOr<Capture> ReadCapture(const std::string& folder);

// What a capture holds, on one line, for test failure messages (GoogleTest finds it):
// "capture 00-home (40x12 80x24), drill-in (80x24)", or "empty capture".
void PrintTo(const Capture& capture, std::ostream* os);

// One difference between two captures.
struct Difference {
  enum class Kind {
    kCell,     // a cell of a frame both captures hold differs (symbol, or style)
    kAdded,    // a frame only the new capture holds
    kRemoved,  // a frame only the old capture holds
  };
  Kind kind = Kind::kCell;
  std::string scenario = {};
  TerminalSize size = {};
  // kCell only: the cell (0-based column x, row y) and its symbol and style before and after.
  int x = 0;
  int y = 0;
  std::string before_symbol = {};
  TuiStyle before_style = {};
  std::string after_symbol = {};
  TuiStyle after_style = {};
  friend bool operator==(const Difference&, const Difference&) = default;
};

// The line of one difference, without a newline, as the spec prints it:
//   00-home 80x24 0,0: "X" Reset Reset NONE → " " Reset Reset NONE
//   about 40x12: +
//   gone 80x24: -
// A symbol is quoted as Rust's Debug of a str (RustDebugQuote), the colours are ColorText, the
// modifiers ModifierNames; the arrow is U+2192.
std::string DifferenceText(const Difference& difference);

// Every difference of two captures, in a deterministic order: by scenario (the capture's order),
// then by size (SizeOrder), then, for the cells of one frame, by row y, then column x. A
// scenario or size only one side holds is one kAdded or kRemoved entry at that place.
struct Differences {
  std::vector<Difference> entries = {};
  bool empty() const { return entries.empty(); }
  // Each entry's DifferenceText followed by "\n"; "" when there is none.
  std::string Text() const;
};

// Compares two captures. A cell differs when its symbol differs (byte for byte) or its style
// does (foreground, background or modifier bits; a named colour and an index are different
// colours, as in the file). A frame only `after` holds is kAdded; one only `before` holds is
// kRemoved. Frames of the same scenario and size always have the same dimensions (their key).
Differences Compare(const Capture& before, const Capture& after);

// Compare's differences one at a time, in its order, without holding them: each is passed to
// `each` (valid during the call only) and dropped, so memory does not grow with the number of
// differing cells (`vtsnap compare` prints each as it comes). Returns how many there were.
size_t CompareEach(const Capture& before, const Capture& after,
                   const std::function<void(const Difference&)>& each);

// `text` as Rust's `format!("{:?}", text)` prints a str: in double quotes, with `"` and `\`
// backslashed, \t \r \n \0 as such, and as \u{hex} (lowercase, no leading zeros) every character
// Rust does not print as is: the control, format, private-use, unassigned, line and paragraph
// separator characters and the spaces other than U+0020 (so U+00A0 is \u{a0}), and every
// Grapheme_Extend character (a combining mark: "e\u{301}"). Rust's tables come from its Unicode
// version, these from utf8proc's. A str cannot hold invalid UTF-8; such a byte is written \xNN
// (uppercase hex), as Rust's Debug of a byte string (OsStr, ByteStr: Utf8Chunks::debug) does.
std::string RustDebugQuote(absl::string_view text);

}  // namespace vtsnap::pito

#endif  // VTSNAP_SNAPSHOT_FORMATS_PITO_CAPTURE_H_
