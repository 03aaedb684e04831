// Terminal's colour strings: OSC 4 and 5 (palette and special colours), OSC 10-19 (the dynamic
// colours: foreground, background, cursor...), their resets (OSC 104, 105, 110-119) and the
// clipboard read (OSC 52 with `?`). A query is answered as xterm 379 answers it, each colour in its
// own OSC string ended as the query was (test/decoder/replies_osc_test.cc has the bytes recorded
// from xterm). The colours are what the terminal reports, never what the screen shows: cells keep
// palette indices.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/terminal_colors.h"

namespace vtsnap {
namespace {

absl::string_view Terminator(OscTerminator terminator) {
  return terminator == OscTerminator::kBel ? "\x07" : "\x1b\\";
}

// A palette index as xterm reads it: an optional sign, then the leading digits, what follows
// them ignored ("1x" is 1, "x" and "" are 0). nullopt when negative.
std::optional<int> LenientIndex(absl::string_view s) {
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  int64_t value = 0;
  for (char c : s) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) break;
    value = value * 10 + (c - '0');
    if (value > 1 << 20) value = 1 << 20;  // past every index; stays out of range
  }
  if (negative && value != 0) return std::nullopt;
  return static_cast<int>(value);
}

}  // namespace

void Terminal::OscPalette(int code, absl::string_view pt, OscTerminator terminator) {
  // OSC 4 addresses the 256 colours and, past them, the five special ones; OSC 5 the special ones
  // from 0.
  const int base = code == 4 ? 0 : ColorRegisters::kPaletteSize;
  const int count = code == 4 ? ColorRegisters::kEntries : ColorRegisters::kSpecialColors;
  std::vector<absl::string_view> items = absl::StrSplit(pt, ';');
  // Pairs of index and colour; xterm stops at the first pair it cannot use (an index out of range,
  // a colour it cannot read) and at an index without a colour.
  for (size_t i = 0; i + 1 < items.size(); i += 2) {
    const std::optional<int> index = LenientIndex(items[i]);
    if (!index.has_value() || *index >= count) return IgnoreText(absl::StrCat("OSC ", code));
    const absl::string_view spec = items[i + 1];
    if (spec == "?") {
      absl::StrAppend(&replies_, "\x1b]", code, ";", *index, ";",
                      FormatXColor(colors_.palette(base + *index)), Terminator(terminator));
      continue;
    }
    const std::optional<ReportedColor> color = ParseXColor(spec);
    if (!color.has_value()) return IgnoreText(absl::StrCat("OSC ", code, " (colour)"));
    colors_.SetPalette(base + *index, *color);
  }
}

void Terminal::OscResetPalette(int code, absl::string_view pt) {
  if (code == 105) {
    // xterm 379 leaves the special colours as they are (recorded): nothing to do.
    return IgnoreText("OSC 105");
  }
  if (pt.empty()) {
    for (int i = 0; i < ColorRegisters::kPaletteSize; ++i) colors_.ResetPalette(i);
    return;
  }
  // A list of indices; xterm stops at the first that is not a number in range.
  for (absl::string_view item : absl::StrSplit(pt, ';')) {
    int index = 0;
    if (!absl::SimpleAtoi(item, &index) || index < 0 || index >= ColorRegisters::kPaletteSize) {
      return IgnoreText("OSC 104 (index)");
    }
    colors_.ResetPalette(index);
  }
}

int Terminal::DynamicColorSlot(int code) const {
  // Reverse video (DECSCNM) swaps xterm's foreground and background: OSC 10 then reports and sets
  // what OSC 11 did, and the other way round.
  if (modes_.reverse_video && (code == 10 || code == 11)) return 21 - code;
  return code;
}

void Terminal::OscDynamicColors(int code, absl::string_view pt, OscTerminator terminator) {
  // Each item is for the next code: OSC 10 ; ? ; ? asks the foreground, then the background.
  for (absl::string_view item : absl::StrSplit(pt, ';')) {
    if (code > ColorRegisters::kLastDynamic) return IgnoreText("OSC 10-19 (past 19)");
    if (item == "?") {
      absl::StrAppend(&replies_, "\x1b]", code, ";",
                      FormatXColor(colors_.dynamic(DynamicColorSlot(code))),
                      Terminator(terminator));
    } else if (const std::optional<ReportedColor> color = ParseXColor(item)) {
      colors_.SetDynamic(DynamicColorSlot(code), *color);
    } else {
      IgnoreText(absl::StrCat("OSC ", code, " (colour)"));
    }
    ++code;
  }
}

void Terminal::OscResetDynamicColor(int code) {
  colors_.ResetDynamic(DynamicColorSlot(code - 100));
}

// xterm (with allowWindowOps) answers with the selection named and its data in base64; an empty
// name is answered as s0, xterm's default. vtsnap keeps one clipboard for every selection name,
// and answers an empty clipboard with empty data (xterm 379 was seen to crash there).
void Terminal::Osc52Query(absl::string_view selection, OscTerminator terminator) {
  if (!options_.replies.allow_clipboard_read) return IgnoreText("OSC 52 (query)");
  absl::StrAppend(&replies_, "\x1b]52;", selection.empty() ? absl::string_view("s0") : selection,
                  ";", absl::Base64Escape(clipboard_), Terminator(terminator));
}

}  // namespace vtsnap
