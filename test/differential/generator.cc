#include "test/differential/generator.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/width.h"

namespace vtsnap::differential {
namespace {

constexpr char kEsc = '\x1b';

// Random numbers with fixed, portable distributions. std::mt19937_64's output is specified by the
// standard; everything drawn from it here is integer arithmetic on that output.
//
// Every draw is its own statement: the order in which function arguments or the operands of `+`
// are evaluated is unspecified, so two draws in one expression could swap between compilers.
class Rng {
 public:
  explicit Rng(uint64_t seed) : engine_(seed) {}

  // Uniform in [0, n) for n > 0, unbiased: draws below 2^64 mod n are rejected.
  uint64_t Below(uint64_t n) {
    const uint64_t threshold = (0 - n) % n;
    while (true) {
      const uint64_t x = engine_();
      if (x >= threshold) return x % n;
    }
  }
  // Uniform in [lo, hi]; lo when hi < lo.
  int Range(int lo, int hi) {
    if (hi <= lo) return lo;
    return lo + static_cast<int>(Below(static_cast<uint64_t>(hi) - lo + 1));
  }
  bool OneIn(int n) { return Below(n) == 0; }

  // An index into `weights` chosen with probability weight / sum (every weight >= 0, sum > 0).
  size_t Pick(const std::vector<int>& weights) {
    uint64_t total = 0;
    for (int w : weights) total += w;
    uint64_t r = Below(total);
    for (size_t i = 0; i < weights.size(); ++i) {
      if (r < static_cast<uint64_t>(weights[i])) return i;
      r -= weights[i];
    }
    return weights.size() - 1;  // not reached
  }

  template <typename T, size_t N>
  const T& Choose(const T (&items)[N]) {
    return items[Below(N)];
  }

 private:
  std::mt19937_64 engine_;
};

std::string Csi(absl::string_view body) { return absl::StrCat("\x1b[", body); }

// A count parameter (a repeat or a distance): usually 1 to `typical`, sometimes omitted or 0
// (both mean 1), sometimes past the screen's edge (up to 2 * `edge` + 5).
std::string CountParam(Rng& rng, int typical, int edge) {
  switch (rng.Below(10)) {
    case 0:
      return "";
    case 1:
      return "0";
    case 2:
      return absl::StrCat(rng.Range(edge, 2 * edge + 5));
    default:
      return absl::StrCat(rng.Range(1, std::max(1, typical)));
  }
}

// A 1-based coordinate on a screen dimension of `size`: usually inside, sometimes omitted or 0
// (both mean 1), sometimes past the edge.
std::string CoordParam(Rng& rng, int size) {
  switch (rng.Below(12)) {
    case 0:
      return "";
    case 1:
      return "0";
    case 2:
      return absl::StrCat(rng.Range(size + 1, size + 10));
    default:
      return absl::StrCat(rng.Range(1, size));
  }
}

std::string Text(Rng& rng) {
  std::string out;
  const int n = rng.Range(1, 16);
  for (int i = 0; i < n; ++i) out.push_back(static_cast<char>(rng.Range(0x20, 0x7E)));
  return out;
}

// Code points of width 2 in the pinned width table (and in every East Asian Width table since
// Unicode 9): no ambiguous-width characters, no emoji needing a variation selector.
char32_t WideCodePoint(Rng& rng) {
  switch (rng.Pick({8, 4, 2, 2, 1})) {
    case 0:
      return static_cast<char32_t>(rng.Range(0x4E00, 0x9FA5));  // CJK Unified Ideographs
    case 1:
      return static_cast<char32_t>(rng.Range(0xAC00, 0xD7A3));  // Hangul syllables
    case 2:
      return static_cast<char32_t>(rng.Range(0x3041, 0x3096));  // Hiragana
    case 3:
      return static_cast<char32_t>(rng.Range(0xFF01, 0xFF5E));  // fullwidth ASCII forms
    default:
      return static_cast<char32_t>(rng.Range(0x1F600, 0x1F64F));  // emoticons
  }
}

std::string Wide(Rng& rng) {
  std::string out;
  const int n = rng.Range(1, 4);
  for (int i = 0; i < n; ++i) AppendUtf8(WideCodePoint(rng), &out);
  return out;
}

std::string Combining(Rng& rng) {
  static constexpr char kBases[] = "aeiouAEIOUnczs";
  std::string out(1, kBases[rng.Below(sizeof(kBases) - 1)]);
  const int marks = rng.OneIn(4) ? 2 : 1;
  for (int i = 0; i < marks; ++i) {
    AppendUtf8(static_cast<char32_t>(rng.Range(0x0300, 0x036F)), &out);  // combining diacritics
  }
  return out;
}

std::string SgrItem(Rng& rng) {
  static constexpr int kOn[] = {1, 2, 3, 4, 5, 7, 8, 9, 21, 53};
  static constexpr int kOff[] = {0, 22, 23, 24, 25, 27, 28, 29, 39, 49, 55};
  switch (rng.Pick({4, 3, 2, 2, 4, 3})) {
    case 0: {  // 16-colour foreground: 30-37 or 90-97
      const int base = rng.OneIn(2) ? 30 : 90;
      return absl::StrCat(base + rng.Range(0, 7));
    }
    case 1: {  // 16-colour background: 40-47 or 100-107
      const int base = rng.OneIn(2) ? 40 : 100;
      return absl::StrCat(base + rng.Range(0, 7));
    }
    case 2: {  // 256 colours
      const int which = rng.OneIn(2) ? 38 : 48;
      return absl::StrCat(which, ";5;", rng.Range(0, 255));
    }
    case 3: {  // direct colour
      const int which = rng.OneIn(2) ? 38 : 48;
      const int r = rng.Range(0, 255);
      const int g = rng.Range(0, 255);
      const int b = rng.Range(0, 255);
      return absl::StrCat(which, ";2;", r, ";", g, ";", b);
    }
    case 4:
      return absl::StrCat(rng.Choose(kOn));
    default:
      return absl::StrCat(rng.Choose(kOff));
  }
}

std::string Sgr(Rng& rng) {
  if (rng.OneIn(10)) return Csi("m");  // bare SGR: reset
  std::string body;
  const int n = rng.Range(1, 3);
  for (int i = 0; i < n; ++i) absl::StrAppend(&body, i == 0 ? "" : ";", SgrItem(rng));
  return Csi(absl::StrCat(body, "m"));
}

std::string Cursor(Rng& rng, const GeneratorOptions& o) {
  switch (rng.Pick({4, 1, 1, 1, 1, 1, 1, 2, 3, 1, 1, 1, 1, 1})) {
    case 0:  // CUP: both, the row only, the column only, or neither
      switch (rng.Below(6)) {
        case 0:
          return Csi("H");
        case 1:
          return Csi(absl::StrCat(CoordParam(rng, o.rows), "H"));
        case 2:
          return Csi(absl::StrCat(";", CoordParam(rng, o.cols), "H"));
        default: {
          const std::string row = CoordParam(rng, o.rows);
          const std::string col = CoordParam(rng, o.cols);
          return Csi(absl::StrCat(row, ";", col, "H"));
        }
      }
    case 1:
      return Csi(absl::StrCat(CountParam(rng, 6, o.rows), "A"));  // CUU
    case 2:
      return Csi(absl::StrCat(CountParam(rng, 6, o.rows), "B"));  // CUD
    case 3:
      return Csi(absl::StrCat(CountParam(rng, 12, o.cols), "C"));  // CUF
    case 4:
      return Csi(absl::StrCat(CountParam(rng, 12, o.cols), "D"));  // CUB
    case 5:
      return Csi(absl::StrCat(CoordParam(rng, o.cols), "G"));  // CHA
    case 6:
      return Csi(absl::StrCat(CoordParam(rng, o.rows), "d"));  // VPA
    case 7:
      return "\r";
    case 8:
      return "\n";
    case 9:
      return "\b";
    case 10:
      return Csi(absl::StrCat(CountParam(rng, 4, o.rows), "E"));  // CNL
    case 11:
      return Csi(absl::StrCat(CountParam(rng, 4, o.rows), "F"));  // CPL
    case 12:
      return std::string{kEsc, '7'};  // DECSC
    default:
      return std::string{kEsc, '8'};  // DECRC
  }
}

std::string Erase(Rng& rng, const GeneratorOptions& o) {
  static constexpr const char* kModes[] = {"", "0", "1", "2"};
  switch (rng.Pick({3, 4, 2})) {
    case 0:
      return Csi(absl::StrCat(rng.Choose(kModes), "J"));  // ED
    case 1:
      return Csi(absl::StrCat(rng.Choose(kModes), "K"));  // EL
    default:
      return Csi(absl::StrCat(CountParam(rng, 10, o.cols), "X"));  // ECH
  }
}

std::string ScrollRegion(Rng& rng, const GeneratorOptions& o) {
  switch (rng.Pick({3, 1, 2, 2, 1, 1, 1})) {
    case 0: {  // DECSTBM with valid margins: 1 <= top < bottom <= rows
      if (o.rows < 2) return Csi("r");
      const int top = rng.Range(1, o.rows - 1);
      const int bottom = rng.Range(top + 1, o.rows);
      if (bottom == o.rows && rng.OneIn(3)) return Csi(absl::StrCat(top, "r"));
      return Csi(absl::StrCat(top, ";", bottom, "r"));
    }
    case 1:
      return Csi("r");  // reset to the whole screen
    case 2:
      return std::string{kEsc, 'D'};  // IND
    case 3:
      return std::string{kEsc, 'M'};  // RI
    case 4:
      return std::string{kEsc, 'E'};  // NEL
    case 5:
      return Csi(absl::StrCat(CountParam(rng, 3, o.rows), "S"));  // SU
    default:
      return Csi(absl::StrCat(CountParam(rng, 3, o.rows), "T"));  // SD
  }
}

std::string InsertDelete(Rng& rng, const GeneratorOptions& o) {
  switch (rng.Below(4)) {
    case 0:
      return Csi(absl::StrCat(CountParam(rng, 8, o.cols), "@"));  // ICH
    case 1:
      return Csi(absl::StrCat(CountParam(rng, 8, o.cols), "P"));  // DCH
    case 2:
      return Csi(absl::StrCat(CountParam(rng, 4, o.rows), "L"));  // IL
    default:
      return Csi(absl::StrCat(CountParam(rng, 4, o.rows), "M"));  // DL
  }
}

std::string Tabs(Rng& rng, const GeneratorOptions& o) {
  const int max_tabs = std::max(1, o.cols / 8);
  switch (rng.Pick({4, 2, 1, 1, 1, 1, 1})) {
    case 0:
      return "\t";  // HT
    case 1:
      return std::string{kEsc, 'H'};  // HTS
    case 2:
      return Csi("g");  // TBC: the stop at the cursor
    case 3:
      return Csi("0g");
    case 4:
      return Csi("3g");  // TBC: every stop
    case 5:
      return Csi(absl::StrCat(CountParam(rng, 3, max_tabs), "I"));  // CHT
    default:
      return Csi(absl::StrCat(CountParam(rng, 3, max_tabs), "Z"));  // CBT
  }
}

std::string Charsets(Rng& rng) {
  // Characters DEC Special Graphics draws as lines, corners and symbols (ASCII otherwise).
  static constexpr char kLineDrawing[] = "lqkxjmtuvwn`afg~opqrs";
  switch (rng.Pick({1, 1, 1, 1, 1, 1, 4})) {
    case 0:
      return std::string{kEsc, '(', '0'};
    case 1:
      return std::string{kEsc, '(', 'B'};
    case 2:
      return std::string{kEsc, ')', '0'};
    case 3:
      return std::string{kEsc, ')', 'B'};
    case 4:
      return "\x0e";  // SO
    case 5:
      return "\x0f";  // SI
    default: {
      std::string out;
      const int n = rng.Range(1, 8);
      for (int i = 0; i < n; ++i) out.push_back(kLineDrawing[rng.Below(sizeof(kLineDrawing) - 1)]);
      return out;
    }
  }
}

std::string AltScreen(Rng& rng) {
  static constexpr int kModes[] = {1049, 47, 1047};
  const int mode = rng.Choose(kModes);
  return Csi(absl::StrCat("?", mode, rng.OneIn(2) ? "h" : "l"));
}

std::string Modes(Rng& rng) {
  static constexpr const char* kModes[] = {"?7", "?6", "?25", "4", "20"};
  const char* mode = rng.Choose(kModes);
  return Csi(absl::StrCat(mode, rng.OneIn(2) ? "h" : "l"));
}

// REP: usually a small count, sometimes past the screen.
std::string Rep(Rng& rng, const GeneratorOptions& o) {
  return Csi(absl::StrCat(CountParam(rng, 8, o.cols), "b"));
}

std::string RelativeMoves(Rng& rng, const GeneratorOptions& o) {
  switch (rng.Below(3)) {
    case 0:
      return Csi(absl::StrCat(CountParam(rng, 6, o.rows), "e"));  // VPR
    case 1:
      return Csi(absl::StrCat(CountParam(rng, 12, o.cols), "a"));  // HPR
    default:
      return Csi(absl::StrCat(CoordParam(rng, o.cols), "`"));  // HPA
  }
}

std::string ScrollColumns(Rng& rng, const GeneratorOptions& o) {
  const std::string n = CountParam(rng, 4, o.cols);
  return Csi(absl::StrCat(n, rng.OneIn(2) ? " @" : " A"));  // SL, SR
}

std::string InsertColumns(Rng& rng, const GeneratorOptions& o) {
  const std::string n = CountParam(rng, 4, o.cols);
  return Csi(absl::StrCat(n, rng.OneIn(2) ? "'}" : "'~"));  // DECIC, DECDC
}

// DECLRMM on or off, or DECLRMM on followed by DECSLRM (so that DECSLRM is never read as SCOSC
// with parameters): valid margins 1 <= l < r <= cols, the defaults, or invalid ones (l >= r, which
// xterm ignores, or r past the edge, which it clamps).
void LeftRightMargins(Rng& rng, const GeneratorOptions& o, std::vector<std::string>& out) {
  switch (rng.Pick({2, 2, 5})) {
    case 0:
      out.push_back(Csi("?69h"));
      return;
    case 1:
      out.push_back(Csi("?69l"));
      return;
    default:
      break;
  }
  out.push_back(Csi("?69h"));
  switch (rng.Pick({5, 1, 1, 1, 1, 1})) {
    case 0: {  // valid
      if (o.cols < 2) {
        out.push_back(Csi("s"));
        return;
      }
      const int left = rng.Range(1, o.cols - 1);
      const int right = rng.Range(left + 1, o.cols);
      out.push_back(Csi(absl::StrCat(left, ";", right, "s")));
      return;
    }
    case 1:
      out.push_back(Csi("s"));  // the whole width
      return;
    case 2: {  // the left margin only
      const int left = rng.Range(1, o.cols);
      out.push_back(Csi(absl::StrCat(left, "s")));
      return;
    }
    case 3: {  // the right margin only
      const int right = rng.Range(1, o.cols);
      out.push_back(Csi(absl::StrCat(";", right, "s")));
      return;
    }
    case 4: {  // invalid: left >= right
      const int right = rng.Range(1, o.cols);
      const int left = rng.Range(right, o.cols);
      out.push_back(Csi(absl::StrCat(left, ";", right, "s")));
      return;
    }
    default: {  // the right margin past the edge
      const int left = rng.Range(1, o.cols);
      const int right = rng.Range(o.cols + 1, o.cols + 10);
      out.push_back(Csi(absl::StrCat(left, ";", right, "s")));
      return;
    }
  }
}

// A character in the last column (a pending wrap), DECSC, sometimes SU or SD, DECRC, and the
// character that then wraps or not.
void SavedWrap(Rng& rng, const GeneratorOptions& o, std::vector<std::string>& out) {
  const int row = rng.Range(1, o.rows);
  out.push_back(Csi(absl::StrCat(row, ";", o.cols, "H")));
  out.push_back(std::string(1, static_cast<char>(rng.Range(0x21, 0x7E))));
  out.push_back(std::string{kEsc, '7'});
  switch (rng.Pick({4, 1, 1})) {
    case 0:
      out.push_back(Csi(absl::StrCat(CountParam(rng, 3, o.rows), "S")));  // SU
      break;
    case 1:
      out.push_back(Csi(absl::StrCat(CountParam(rng, 3, o.rows), "T")));  // SD
      break;
    default:
      break;
  }
  out.push_back(std::string{kEsc, '8'});
  out.push_back(std::string(1, static_cast<char>(rng.Range(0x21, 0x7E))));
}

// 1-8 characters of 0x5F-0x7E: what DEC Special Graphics redraws, `_` (0x5F) included.
std::string DecGraphics(Rng& rng) {
  std::string out;
  const int n = rng.Range(1, 8);
  for (int i = 0; i < n; ++i) out.push_back(static_cast<char>(rng.Range(0x5F, 0x7E)));
  return out;
}

// Autowrap off, the cursor in one of the last two columns, wide characters, and sometimes
// autowrap back on.
void WideNoAutowrap(Rng& rng, const GeneratorOptions& o, std::vector<std::string>& out) {
  out.push_back(Csi("?7l"));
  const int row = rng.Range(1, o.rows);
  const int col = std::max(1, o.cols - static_cast<int>(rng.Below(2)));
  out.push_back(Csi(absl::StrCat(row, ";", col, "H")));
  out.push_back(Wide(rng));
  if (rng.OneIn(2)) out.push_back(Csi("?7h"));
}

enum class Kind {
  kText,
  kWide,
  kCombining,
  kSgr,
  kCursor,
  kErase,
  kScrollRegion,
  kInsertDelete,
  kTabs,
  kCharsets,
  kAltScreen,
  kModes,
  kRep,
  kRelativeMoves,
  kScrollColumns,
  kInsertColumns,
  kLrMargins,
  kSavedWrap,
  kDecGraphics,
  kWideNoAutowrap,
};

}  // namespace

std::vector<std::string> GenerateTokens(uint64_t seed, const GeneratorOptions& options) {
  // The enabled kinds and their weights, in a fixed order. Text weighs most so screens fill up.
  std::vector<Kind> kinds;
  std::vector<int> weights;
  auto add = [&](bool on, Kind kind, int weight) {
    if (!on) return;
    kinds.push_back(kind);
    weights.push_back(weight);
  };
  add(options.text, Kind::kText, 30);
  add(options.wide, Kind::kWide, 5);
  add(options.combining, Kind::kCombining, 1);
  add(options.sgr, Kind::kSgr, 10);
  add(options.cursor, Kind::kCursor, 12);
  add(options.erase, Kind::kErase, 4);
  add(options.scroll_region, Kind::kScrollRegion, 4);
  add(options.insert_delete, Kind::kInsertDelete, 4);
  add(options.tabs, Kind::kTabs, 3);
  add(options.charsets, Kind::kCharsets, 3);
  add(options.alt_screen, Kind::kAltScreen, 1);
  add(options.modes, Kind::kModes, 2);
  add(options.rep, Kind::kRep, 2);
  add(options.relative_moves, Kind::kRelativeMoves, 2);
  add(options.scroll_columns, Kind::kScrollColumns, 1);
  add(options.insert_columns, Kind::kInsertColumns, 1);
  add(options.lr_margins, Kind::kLrMargins, 1);
  add(options.saved_wrap, Kind::kSavedWrap, 1);
  add(options.dec_graphics, Kind::kDecGraphics, 1);
  add(options.wide_no_autowrap, Kind::kWideNoAutowrap, 1);

  std::vector<std::string> tokens;
  if (kinds.empty() || options.tokens <= 0) return tokens;
  GeneratorOptions o = options;
  o.cols = std::max(1, o.cols);
  o.rows = std::max(1, o.rows);
  Rng rng(seed);
  tokens.reserve(options.tokens);
  // Some kinds emit several tokens; the last ones are cut to keep exactly options.tokens.
  while (tokens.size() < static_cast<size_t>(options.tokens)) {
    const Kind kind = kinds[rng.Pick(weights)];
    switch (kind) {
      case Kind::kText:
        tokens.push_back(Text(rng));
        break;
      case Kind::kWide:
        tokens.push_back(Wide(rng));
        break;
      case Kind::kCombining:
        tokens.push_back(Combining(rng));
        break;
      case Kind::kSgr:
        tokens.push_back(Sgr(rng));
        break;
      case Kind::kCursor:
        tokens.push_back(Cursor(rng, o));
        break;
      case Kind::kErase:
        tokens.push_back(Erase(rng, o));
        break;
      case Kind::kScrollRegion:
        tokens.push_back(ScrollRegion(rng, o));
        break;
      case Kind::kInsertDelete:
        tokens.push_back(InsertDelete(rng, o));
        break;
      case Kind::kTabs:
        tokens.push_back(Tabs(rng, o));
        break;
      case Kind::kCharsets:
        tokens.push_back(Charsets(rng));
        break;
      case Kind::kAltScreen:
        tokens.push_back(AltScreen(rng));
        break;
      case Kind::kModes:
        tokens.push_back(Modes(rng));
        break;
      case Kind::kRep:
        tokens.push_back(Rep(rng, o));
        break;
      case Kind::kRelativeMoves:
        tokens.push_back(RelativeMoves(rng, o));
        break;
      case Kind::kScrollColumns:
        tokens.push_back(ScrollColumns(rng, o));
        break;
      case Kind::kInsertColumns:
        tokens.push_back(InsertColumns(rng, o));
        break;
      case Kind::kLrMargins:
        LeftRightMargins(rng, o, tokens);
        break;
      case Kind::kSavedWrap:
        SavedWrap(rng, o, tokens);
        break;
      case Kind::kDecGraphics:
        tokens.push_back(DecGraphics(rng));
        break;
      case Kind::kWideNoAutowrap:
        WideNoAutowrap(rng, o, tokens);
        break;
    }
    // REP right after printed text, where it repeats something (the draw happens only with
    // `rep` on, so the other kinds' streams stay as they were).
    const bool printed = kind == Kind::kText || kind == Kind::kWide || kind == Kind::kCombining ||
                         kind == Kind::kDecGraphics;
    if (options.rep && printed && rng.OneIn(4)) tokens.push_back(Rep(rng, o));
  }
  tokens.resize(static_cast<size_t>(options.tokens));
  return tokens;
}

std::string JoinTokens(const std::vector<std::string>& tokens) {
  size_t size = 0;
  for (const std::string& t : tokens) size += t.size();
  std::string out;
  out.reserve(size);
  for (const std::string& t : tokens) out += t;
  return out;
}

std::string GenerateStream(uint64_t seed, const GeneratorOptions& options) {
  return JoinTokens(GenerateTokens(seed, options));
}

}  // namespace vtsnap::differential
