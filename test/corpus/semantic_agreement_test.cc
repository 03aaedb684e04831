// Agreement of semantic projections (docs/semantic.md, "Agreement with xterm.js"): for every
// recording in test/corpus/cases/, the `vtsnap-semantic 1` projection vtsnap makes of its own
// screen equals the one test/corpus/oracle/semantic.mjs builds from @xterm/headless's buffer API
// after the same bytes (cases/<name>.xtermjs.{viewport,buffer}.semantic, written by
// test/corpus/oracle/regenerate.sh), or the difference is a known deviation below.
//
// This checks more than corpus_test's rows: the wrap markers, the viewport and scrollback
// numbers, the cursor's shape and visibility, the lifecycle modes and every style run.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/semantic.h"

namespace vtsnap {
namespace {

// A line of a projection where vtsnap deliberately differs from xterm.js. The oracle's line
// `xtermjs_line` is replaced by `vtsnap_line` before the comparison, so the rest of the projection
// is still checked; an entry whose oracle line is gone, or whose vtsnap line vtsnap no longer
// prints, fails as stale. `reason` names the section of the docs that explains it, as
// "xterm-deviations.md#<anchor>: <why>" (a decoder behaviour where vtsnap follows xterm) or
// "semantic.md#<anchor>: <why>" (a difference in what the projection reads).
struct SemanticDeviation {
  const char* case_name;
  const char* capture;  // "viewport" or "buffer"
  const char* xtermjs_line;
  const char* vtsnap_line;
  const char* reason;
};

constexpr char kElPendingWrap[] =
    "xterm-deviations.md#erase-in-line-with-a-pending-wrap: top ends its reverse header with a "
    "space in the last column, then SGR 0 and CSI K with the wrap pending; xterm erases that "
    "column with the default style, xterm.js erases nothing (on its bold rows the last column is "
    "a blank, where bold shows nothing: the projections agree)";

constexpr char kSgr59[] =
    "semantic.md#xtermjs-after-sgr-59: xterm.js 6 stores SGR 59 as the RGB colour #ffffff, so the "
    "next underline reports a white underline colour; vtsnap resets it to the default";

const std::vector<SemanticDeviation> kSemanticDeviations = {
    {"top_80x24", "viewport", "5 0-79 reverse", "5 0-78 reverse", kElPendingWrap},
    {"top_80x24", "buffer", "6 0-79 reverse", "6 0-78 reverse", kElPendingWrap},
    {"top_120x40", "viewport", "5 0-119 reverse", "5 0-118 reverse", kElPendingWrap},
    {"top_120x40", "buffer", "6 0-119 reverse", "6 0-118 reverse", kElPendingWrap},
    {"styles_80x24", "viewport", "16 35-40 underline=dashed underline-color=#ffffff",
     "16 35-40 underline=dashed", kSgr59},
    {"styles_80x24", "buffer", "51 35-40 underline=dashed underline-color=#ffffff",
     "51 35-40 underline=dashed", kSgr59},
    {"styles_120x40", "viewport", "33 35-40 underline=dashed underline-color=#ffffff",
     "33 35-40 underline=dashed", kSgr59},
    {"styles_120x40", "buffer", "51 35-40 underline=dashed underline-color=#ffffff",
     "51 35-40 underline=dashed", kSgr59},
};

const std::string kCasesDir = std::string(VTSNAP_SOURCE_DIR) + "/test/corpus/cases";
const std::string kDocsDir = std::string(VTSNAP_SOURCE_DIR) + "/docs";

std::optional<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::vector<std::string> ListCases() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(kCasesDir, ec)) {
    if (entry.path().extension() == ".bytes") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// "<case>/<capture>" for every case and both captures; one sentinel when there are no cases so
// the suite fails instead of passing empty.
std::vector<std::tuple<std::string, std::string>> Params() {
  std::vector<std::tuple<std::string, std::string>> out;
  for (const std::string& name : ListCases()) {
    for (const char* capture : {"viewport", "buffer"}) out.emplace_back(name, capture);
  }
  if (out.empty()) out.emplace_back("NoCasesFound", "viewport");
  return out;
}

bool HasLine(const std::vector<std::string>& lines, const std::string& line) {
  return std::find(lines.begin(), lines.end(), line) != lines.end();
}

class SemanticAgreementTest
    : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(SemanticAgreementTest, VtsnapProjectionEqualsXtermJs) {
  const auto& [name, capture_name] = GetParam();
  ASSERT_NE(name, "NoCasesFound") << "no *.bytes cases in " << kCasesDir;
  absl::StatusOr<SemanticCapture> capture = ParseSemanticCapture(capture_name);
  ASSERT_TRUE(capture.ok()) << capture.status();

  const std::string oracle_path =
      absl::StrCat(kCasesDir, "/", name, ".xtermjs.", capture_name, ".semantic");
  std::optional<std::string> oracle_text = ReadFile(oracle_path);
  ASSERT_TRUE(oracle_text.has_value())
      << "cannot read " << oracle_path << " (run test/corpus/oracle/regenerate.sh)";
  std::optional<std::string> bytes = ReadFile(absl::StrCat(kCasesDir, "/", name, ".bytes"));
  ASSERT_TRUE(bytes.has_value());

  // The size comes from the oracle's projection (and the case name, checked by corpus_test).
  absl::StatusOr<SemanticSnapshot> raw_oracle = ParseSemantic(*oracle_text, oracle_path);
  ASSERT_TRUE(raw_oracle.ok()) << raw_oracle.status();
  VirtualTerminal vt({.cols = raw_oracle->cols, .rows = raw_oracle->rows});
  vt.Write(*bytes);
  const SemanticSnapshot actual = CaptureSemantic(vt.terminal(), *capture);
  const std::string actual_text = SerializeSemantic(actual);
  const std::vector<std::string> actual_lines = absl::StrSplit(actual_text, '\n');

  // Apply the known deviations to the oracle's text.
  std::vector<std::string> oracle_lines = absl::StrSplit(*oracle_text, '\n');
  std::string stale;
  for (const SemanticDeviation& d : kSemanticDeviations) {
    if (name != d.case_name || capture_name != d.capture) continue;
    auto it = std::find(oracle_lines.begin(), oracle_lines.end(), d.xtermjs_line);
    if (it == oracle_lines.end() || !HasLine(actual_lines, d.vtsnap_line)) {
      absl::StrAppend(&stale, "stale deviation (", d.reason, "): xterm.js line `", d.xtermjs_line,
                      "` ", it == oracle_lines.end() ? "is gone" : "is still there",
                      ", vtsnap line `", d.vtsnap_line, "` ",
                      HasLine(actual_lines, d.vtsnap_line) ? "is still there" : "is gone",
                      "; update or remove the kSemanticDeviations entry\n");
      continue;
    }
    *it = d.vtsnap_line;
  }
  EXPECT_EQ(stale, "");

  absl::StatusOr<SemanticSnapshot> oracle =
      ParseSemantic(absl::StrJoin(oracle_lines, "\n"), oracle_path);
  ASSERT_TRUE(oracle.ok()) << oracle.status();
  EXPECT_EQ(DiffSemantic(*oracle, actual), "")
      << name << " (" << capture_name << " capture): vtsnap's projection differs from "
      << oracle_path << "\n";
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, SemanticAgreementTest, ::testing::ValuesIn(Params()),
    [](const ::testing::TestParamInfo<std::tuple<std::string, std::string>>& info) {
      return std::get<0>(info.param) + "_" + std::get<1>(info.param);
    });

// The GitHub anchors of the headings of a markdown document.
std::set<std::string> Anchors(const std::string& doc) {
  std::set<std::string> anchors;
  for (absl::string_view line : absl::StrSplit(doc, '\n')) {
    if (!absl::StartsWith(line, "#")) continue;
    line.remove_prefix(std::min(line.find_first_not_of("# "), line.size()));
    std::string anchor;
    for (unsigned char ch : line) {
      if (ch >= 'A' && ch <= 'Z') {
        anchor.push_back(static_cast<char>(ch - 'A' + 'a'));
      } else if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' ||
                 ch >= 0x80) {
        anchor.push_back(static_cast<char>(ch));
      } else if (ch == ' ') {
        anchor.push_back('-');
      }
    }
    anchors.insert(anchor);
  }
  return anchors;
}

// Every entry names a case and capture that exist, is unique, and its reason points at a section
// of docs/xterm-deviations.md or docs/semantic.md.
TEST(SemanticDeviationsTable, WellFormed) {
  const std::vector<std::string> cases = ListCases();
  std::set<std::tuple<std::string, std::string, std::string>> seen;
  for (const SemanticDeviation& d : kSemanticDeviations) {
    SCOPED_TRACE(absl::StrCat(d.case_name, " ", d.capture, " `", d.xtermjs_line, "`"));
    EXPECT_TRUE(std::binary_search(cases.begin(), cases.end(), std::string(d.case_name)))
        << "no such case";
    EXPECT_TRUE(ParseSemanticCapture(d.capture).ok()) << "capture is viewport or buffer";
    EXPECT_TRUE(seen.insert({d.case_name, d.capture, d.xtermjs_line}).second) << "duplicate";
    EXPECT_STRNE(d.xtermjs_line, d.vtsnap_line) << "an entry that changes nothing";
    const absl::string_view reason = d.reason;
    const size_t hash = reason.find(".md#");
    const size_t colon = reason.find(": ");
    ASSERT_TRUE(hash != absl::string_view::npos && colon != absl::string_view::npos && hash < colon)
        << "reason must be \"<doc>.md#<section>: <why>\", got: " << reason;
    const std::string doc_name(reason.substr(0, hash + 3));
    ASSERT_THAT(doc_name, ::testing::AnyOf("xterm-deviations.md", "semantic.md"));
    const std::optional<std::string> doc = ReadFile(kDocsDir + "/" + doc_name);
    ASSERT_TRUE(doc.has_value()) << "cannot read docs/" << doc_name;
    const std::string anchor(reason.substr(hash + 4, colon - hash - 4));
    EXPECT_TRUE(Anchors(*doc).count(anchor) > 0)
        << "docs/" << doc_name << " has no section #" << anchor;
  }
}

}  // namespace
}  // namespace vtsnap
