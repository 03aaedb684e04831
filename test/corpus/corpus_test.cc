// The recorded-program corpus: real terminal output (vim, less, top, man, ls, git log, dialog,
// whiptail) decoded by vtsnap and compared with the screen an independent emulator, xterm.js, ends
// on. See docs/differential.md for how test/corpus/cases/ is recorded and the oracle replayed.
//
// For each test/corpus/cases/<name>_<COLS>x<ROWS>.bytes there is <name>.expected.json from
// test/corpus/oracle/replay.mjs. Tests:
//   Corpus/CorpusTest.MatchesOracle/<case>       every row, the cursor and the active screen
//   Corpus/CorpusTest.SplitWritesMatchOneWrite/<case>  two-chunk writes split at many offsets
//   Corpus/CorpusTest.ByteAtATimeMatchesOneWrite/<case> one byte per Write
//   CorpusCases.Present, KnownDeviationsTable.WellFormed
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "vtsnap/base/utf8.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/decoder/width.h"

namespace vtsnap {
namespace {

// Where vtsnap deliberately differs from the oracle. The decoder follows xterm; where xterm and
// xterm.js disagree, the oracle's row is replaced by what vtsnap shows, so the row is still
// checked. `row` is a screen row, or kStatusRow for the cursor/screen line built by StatusLine
// (e.g. "cursor col=3 row=7 pending_wrap=0 visible=1 alternate=1"). `reason` starts with the
// section of docs/xterm-deviations.md that explains the difference, as
// "xterm-deviations.md#<heading-anchor>: <why>".
//
// An entry whose row no longer differs from the oracle fails the test as a stale deviation.
struct KnownDeviation {
  const char* case_name;
  int row;
  const char* vtsnap_text;
  const char* reason;
};
constexpr int kStatusRow = -1;

const std::vector<KnownDeviation> kKnownDeviations = {
    // {"vim_80x24", 3, "what vtsnap shows", "xterm-deviations.md#section: why"},
};

const std::string kCasesDir = std::string(VTSNAP_SOURCE_DIR) + "/test/corpus/cases";
const std::string kDeviationsDoc = std::string(VTSNAP_SOURCE_DIR) + "/docs/xterm-deviations.md";
constexpr char kNoCases[] = "NoCasesFound";

std::vector<std::string> ListCases() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(kCasesDir, ec)) {
    if (entry.path().extension() == ".bytes") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// Instantiates over the cases; a sentinel when there are none so that the suite fails instead of
// passing with no tests.
std::vector<std::string> CaseParams() {
  std::vector<std::string> names = ListCases();
  if (names.empty()) names.push_back(kNoCases);
  return names;
}

std::optional<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

struct CaseSize {
  int cols = 0;
  int rows = 0;
};

std::optional<CaseSize> SizeFromName(const std::string& name) {
  static const std::regex kSuffix(R"(_(\d+)x(\d+)$)");
  std::smatch m;
  if (!std::regex_search(name, m, kSuffix)) return std::nullopt;
  return CaseSize{std::stoi(m[1]), std::stoi(m[2])};
}

struct Expected {
  std::string oracle;
  int cols = 0;
  int rows = 0;
  bool alternate = false;
  int cursor_col = 0;  // raw: xterm.js reports cols when a wrap is pending
  int cursor_row = 0;
  std::optional<bool> cursor_visible;
  std::vector<std::string> lines;
};

std::optional<Expected> LoadExpected(const std::string& name, std::string* error) {
  const std::string path = kCasesDir + "/" + name + ".expected.json";
  std::optional<std::string> text = ReadFile(path);
  if (!text) {
    *error = "cannot read " + path + " (run test/corpus/oracle/regenerate.sh)";
    return std::nullopt;
  }
  try {
    nlohmann::json j = nlohmann::json::parse(*text);
    Expected e;
    e.oracle = j.at("oracle").get<std::string>();
    e.cols = j.at("cols").get<int>();
    e.rows = j.at("rows").get<int>();
    e.alternate = j.at("alternate").get<bool>();
    const nlohmann::json& c = j.at("cursor");
    e.cursor_col = c.at("col").get<int>();
    e.cursor_row = c.at("row").get<int>();
    if (c.contains("visible")) e.cursor_visible = c.at("visible").get<bool>();
    e.lines = j.at("lines").get<std::vector<std::string>>();
    return e;
  } catch (const nlohmann::json::exception& ex) {
    *error = path + ": " + ex.what();
    return std::nullopt;
  }
}

// The cursor and the active screen as one comparable line. Fields the oracle does not report
// (visible, when missing) are left out of both sides.
std::string StatusLine(int col, int row, bool pending_wrap, std::optional<bool> visible,
                       bool alternate) {
  std::ostringstream s;
  s << "cursor col=" << col << " row=" << row << " pending_wrap=" << pending_wrap;
  if (visible.has_value()) s << " visible=" << *visible;
  s << " alternate=" << alternate;
  return s.str();
}

std::string ExpectedStatus(const Expected& e) {
  // xterm.js keeps x == cols while a wrap is pending; vtsnap keeps col == cols - 1 and a flag.
  const bool pending = e.cursor_col >= e.cols;
  const int col = pending ? e.cols - 1 : e.cursor_col;
  return StatusLine(col, e.cursor_row, pending, e.cursor_visible, e.alternate);
}

std::string ActualStatus(const VirtualTerminal& vt, std::optional<bool> oracle_visible) {
  const CursorState& c = vt.cursor();
  std::optional<bool> visible;
  if (oracle_visible.has_value()) visible = c.visible;
  return StatusLine(c.col, c.row, c.pending_wrap, visible, vt.terminal().alternate_screen_active());
}

// A full summary for comparing two decodes of the same bytes.
std::string DecodeSummary(const VirtualTerminal& vt) {
  return vt.ScreenText() + "\n--\n" +
         StatusLine(vt.cursor().col, vt.cursor().row, vt.cursor().pending_wrap, vt.cursor().visible,
                    vt.terminal().alternate_screen_active());
}

// The code points of `s` for the diff report (each maximal ill-formed subpart as one U+FFFD).
std::u32string CodePoints(const std::string& s) {
  std::u32string out;
  for (size_t i = 0; i < s.size();) out.push_back(DecodeUtf8(s, &i));
  return out;
}

// "row 5:\n  expected |...|\n  actual   |...|\n             ^ col 12" with the caret under the
// first differing character (columns counted with vtsnap's width table).
std::string RowDiff(int row, const std::string& expected, const std::string& actual,
                    const std::string& note = "") {
  const std::u32string e = CodePoints(expected);
  const std::u32string a = CodePoints(actual);
  size_t i = 0;
  while (i < e.size() && i < a.size() && e[i] == a[i]) ++i;
  int col = 0;
  for (size_t k = 0; k < i; ++k) col += CodePointWidth(e[k]);
  std::ostringstream s;
  s << "row " << row << note << ":\n"
    << "  expected |" << expected << "|\n"
    << "  actual   |" << actual << "|\n"
    << "            " << std::string(col, ' ') << "^ column " << col << "\n";
  return s.str();
}

std::string AnchorOf(std::string heading) {
  // GitHub's heading anchors: lower case, spaces to '-', punctuation other than '-' and '_' gone.
  std::string out;
  for (unsigned char ch : heading) {
    if (ch >= 'A' && ch <= 'Z') {
      out.push_back(static_cast<char>(ch - 'A' + 'a'));
    } else if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' ||
               ch >= 0x80) {
      out.push_back(static_cast<char>(ch));
    } else if (ch == ' ') {
      out.push_back('-');
    }
  }
  return out;
}

class CorpusTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    name_ = GetParam();
    ASSERT_NE(name_, kNoCases) << "no *.bytes cases in " << kCasesDir;
    std::optional<CaseSize> size = SizeFromName(name_);
    ASSERT_TRUE(size.has_value()) << name_ << " does not end in _<COLS>x<ROWS>";
    size_ = *size;
    std::optional<std::string> bytes = ReadFile(kCasesDir + "/" + name_ + ".bytes");
    ASSERT_TRUE(bytes.has_value()) << "cannot read " << name_ << ".bytes";
    bytes_ = std::move(*bytes);
  }

  TerminalOptions Options() const { return {.cols = size_.cols, .rows = size_.rows}; }

  std::string name_;
  CaseSize size_;
  std::string bytes_;
};

TEST(CorpusCases, Present) {
  EXPECT_THAT(ListCases(), ::testing::Not(::testing::IsEmpty()))
      << "no *.bytes cases in " << kCasesDir << "; see docs/differential.md";
}

TEST_P(CorpusTest, MatchesOracle) {
  std::string error;
  std::optional<Expected> expected = LoadExpected(name_, &error);
  ASSERT_TRUE(expected.has_value()) << error;
  ASSERT_EQ(expected->cols, size_.cols) << "expected.json does not match the case name";
  ASSERT_EQ(expected->rows, size_.rows) << "expected.json does not match the case name";
  ASSERT_EQ(static_cast<int>(expected->lines.size()), size_.rows);

  VirtualTerminal vt({.cols = size_.cols, .rows = size_.rows});
  vt.Write(bytes_);

  // Rows 0..rows-1, then the status line as kStatusRow.
  std::vector<std::pair<int, std::string>> oracle_rows;
  for (int r = 0; r < size_.rows; ++r) oracle_rows.emplace_back(r, expected->lines[r]);
  oracle_rows.emplace_back(kStatusRow, ExpectedStatus(*expected));

  std::string report;
  int mismatches = 0;
  for (const auto& [row, oracle_text] : oracle_rows) {
    const std::string actual =
        row == kStatusRow ? ActualStatus(vt, expected->cursor_visible) : vt.RowText(row);
    const KnownDeviation* deviation = nullptr;
    for (const KnownDeviation& d : kKnownDeviations) {
      if (name_ == d.case_name && d.row == row) deviation = &d;
    }
    const std::string label = row == kStatusRow ? std::string(" (cursor/screen)") : "";
    if (deviation == nullptr) {
      if (actual != oracle_text) {
        ++mismatches;
        report += RowDiff(row, oracle_text, actual, label);
      }
      continue;
    }
    if (actual == oracle_text) {
      ++mismatches;
      report += "row " + std::to_string(row) + label +
                ": stale deviation: vtsnap now matches the oracle; remove the kKnownDeviations "
                "entry (" +
                deviation->reason + ")\n";
    } else if (actual != deviation->vtsnap_text) {
      ++mismatches;
      report += RowDiff(row, deviation->vtsnap_text, actual,
                        label +
                            " (known deviation; expected is the kKnownDeviations text, the "
                            "oracle has |" +
                            oracle_text + "|)");
    }
  }
  EXPECT_EQ(mismatches, 0) << name_ << ": " << mismatches << " of " << oracle_rows.size()
                           << " rows differ from " << expected->oracle << "\n"
                           << report;
}

// Two-chunk writes: bytes[0, k) then bytes[k, n). Every k in the first 4 KiB (compared on the
// screen after a window of the first 8 KiB, which any sequence split there has ended in; the
// whole file when it is smaller) plus 200 random k over the whole file (compared on the final
// screen). The seed is fixed so failures reproduce.
TEST_P(CorpusTest, SplitWritesMatchOneWrite) {
  constexpr size_t kDenseBytes = 4096;
  constexpr size_t kDenseWindow = 8192;
  constexpr int kRandomSplits = 200;

  auto decode_split = [&](absl::string_view bytes, size_t k) {
    VirtualTerminal vt(Options());
    vt.Write(bytes.substr(0, k));
    vt.Write(bytes.substr(k));
    return DecodeSummary(vt);
  };
  auto decode_once = [&](absl::string_view bytes) {
    VirtualTerminal vt(Options());
    vt.Write(bytes);
    return DecodeSummary(vt);
  };

  const absl::string_view all(bytes_);
  const absl::string_view window = all.substr(0, std::min(all.size(), kDenseWindow));
  const std::string window_reference = decode_once(window);
  const size_t dense = std::min(all.size(), kDenseBytes);
  for (size_t k = 1; k < dense; ++k) {
    const std::string got = decode_split(window, k);
    ASSERT_EQ(got, window_reference)
        << name_ << ": split at byte " << k << " of the first " << window.size() << " bytes";
  }

  const std::string reference = decode_once(all);
  std::mt19937 rng(20240102u);
  for (int i = 0; i < kRandomSplits && all.size() > 1; ++i) {
    const size_t k = 1 + rng() % (all.size() - 1);
    const std::string got = decode_split(all, k);
    ASSERT_EQ(got, reference) << name_ << ": split at byte " << k << " of " << all.size();
  }
}

TEST_P(CorpusTest, ByteAtATimeMatchesOneWrite) {
  VirtualTerminal once(Options());
  once.Write(bytes_);
  VirtualTerminal bytewise(Options());
  for (char c : bytes_) bytewise.Write(absl::string_view(&c, 1));
  EXPECT_EQ(DecodeSummary(bytewise), DecodeSummary(once)) << name_;
}

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusTest, ::testing::ValuesIn(CaseParams()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param;
                         });

TEST(KnownDeviationsTable, WellFormed) {
  const std::vector<std::string> cases = ListCases();
  const std::optional<std::string> doc = ReadFile(kDeviationsDoc);
  std::set<std::string> anchors;
  if (doc) {
    std::istringstream lines(*doc);
    for (std::string line; std::getline(lines, line);) {
      if (line.starts_with("#")) {
        const size_t start = line.find_first_not_of("# ");
        if (start != std::string::npos) anchors.insert(AnchorOf(line.substr(start)));
      }
    }
  }
  static const std::regex kReason(R"(^xterm-deviations\.md#([^:\s]+): .+)");
  std::set<std::pair<std::string, int>> seen;
  for (const KnownDeviation& d : kKnownDeviations) {
    SCOPED_TRACE(std::string(d.case_name) + " row " + std::to_string(d.row));
    EXPECT_TRUE(std::binary_search(cases.begin(), cases.end(), std::string(d.case_name)))
        << "no such case";
    std::optional<CaseSize> size = SizeFromName(d.case_name);
    ASSERT_TRUE(size.has_value());
    EXPECT_TRUE(d.row == kStatusRow || (d.row >= 0 && d.row < size->rows)) << "row out of range";
    EXPECT_TRUE(seen.insert({d.case_name, d.row}).second) << "duplicate entry";
    std::cmatch m;
    ASSERT_TRUE(std::regex_match(d.reason, m, kReason))
        << "reason must be \"xterm-deviations.md#<section>: <why>\", got: " << d.reason;
    ASSERT_TRUE(doc.has_value()) << "cannot read " << kDeviationsDoc;
    EXPECT_TRUE(anchors.count(m[1].str()) > 0)
        << "docs/xterm-deviations.md has no section with anchor #" << m[1].str();
  }
}

}  // namespace
}  // namespace vtsnap
