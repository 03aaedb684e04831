// pito-tui capture folders and Differences (snapshot/formats/pito_capture.h): the spec's three
// example lines, Rust's Debug quoting of a symbol, the order of the differences, what counts as a
// difference, and every bad input of ReadCapture with the path (and line:col) it names.
#include "vtsnap/snapshot/formats/pito_capture.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/base/size.h"
#include "vtsnap/snapshot/formats/pito_frame.h"

namespace vtsnap::pito {
namespace {

namespace fs = std::filesystem;

using ::testing::ElementsAre;
using ::testing::IsEmpty;

constexpr TuiStyle kPlain = {};

// A frame of `cols` x `rows` blanks in Reset Reset 0, one run a row.
TuiFrame Blank(int cols, int rows) {
  TuiFrame frame{.width = cols, .height = rows};
  for (int y = 0; y < rows; ++y) {
    frame.rows.push_back({.symbols = std::vector<std::string>(cols, " "),
                          .runs = {{.count = cols, .style = kPlain}}});
  }
  return frame;
}

// Sets cell (x, y) of `frame`; the row's runs become one a cell.
void Set(TuiFrame& frame, int x, int y, const std::string& symbol, const TuiStyle& style = {}) {
  TuiRow& row = frame.rows[y];
  std::vector<StyleRun> runs;
  for (int col = 0; col < frame.width; ++col) {
    runs.push_back({.count = 1, .style = col == x ? style : frame.StyleAt(col, y)});
  }
  row.runs = runs;
  row.symbols[x] = symbol;
}

TuiFrame BlankOf(TerminalSize size) { return Blank(size.cols, size.rows); }

constexpr TerminalSize k40x12 = {.cols = 40, .rows = 12};
constexpr TerminalSize k80x24 = {.cols = 80, .rows = 24};

// ---------------------------------------------------------------------------------------------
// The spec's example

// The three lines of the spec's "Differences" section: a cell of 00-home 80x24 that was an X and
// is now a blank, a scenario only the new capture has (about, at 40x12), and one only the old has
// (gone, at 80x24).
TEST(PitoCaptureTest, SpecExampleLines) {
  TuiFrame home_before = BlankOf(k80x24);
  Set(home_before, 0, 0, "X");
  Capture before;
  before.scenarios["00-home"].emplace(k80x24, home_before);
  before.scenarios["gone"].emplace(k80x24, BlankOf(k80x24));
  Capture after;
  after.scenarios["00-home"].emplace(k80x24, BlankOf(k80x24));
  after.scenarios["about"].emplace(k40x12, BlankOf(k40x12));

  EXPECT_EQ(Compare(before, after).Text(),
            "00-home 80x24 0,0: \"X\" Reset Reset NONE \u2192 \" \" Reset Reset NONE\n"
            "about 40x12: +\n"
            "gone 80x24: -\n");
}

TEST(PitoCaptureTest, SameCapturesHaveNoDifference) {
  Capture capture;
  capture.scenarios["00-home"].emplace(k80x24, BlankOf(k80x24));
  const Differences differences = Compare(capture, capture);
  EXPECT_TRUE(differences.empty());
  EXPECT_EQ(differences.Text(), "");
}

// ---------------------------------------------------------------------------------------------
// Rust's {:?} of a str

struct QuoteCase {
  std::string name;
  std::string symbol;
  std::string quoted;
};

class RustDebugQuoteTest : public ::testing::TestWithParam<QuoteCase> {};

TEST_P(RustDebugQuoteTest, QuotesAsRustDebugOfStr) {
  EXPECT_EQ(RustDebugQuote(GetParam().symbol), GetParam().quoted);
}

INSTANTIATE_TEST_SUITE_P(Symbols, RustDebugQuoteTest,
                         ::testing::ValuesIn(std::vector<QuoteCase>{
                             {"Letter", "X", "\"X\""},
                             {"Empty", "", "\"\""},
                             {"Space", " ", "\" \""},
                             {"DoubleQuoteBackslashed", "\"", "\"\\\"\""},
                             {"SingleQuoteAsIs", "'", "\"'\""},
                             {"Backslash", "\\", "\"\\\\\""},
                             {"Tab", "\t", "\"\\t\""},
                             {"LineFeed", "\n", "\"\\n\""},
                             {"CarriageReturn", "\r", "\"\\r\""},
                             {"Nul", std::string(1, '\0'), "\"\\0\""},
                             {"EscapeIsUnicodeLowercaseHex", "\x1b", "\"\\u{1b}\""},
                             {"DeleteIsUnicode", "\x7f", "\"\\u{7f}\""},
                             {"C1ControlIsUnicode", "\xc2\x85", "\"\\u{85}\""},
                             {"NoBreakSpaceIsUnicode", "\xc2\xa0", "\"\\u{a0}\""},
                             {"LineSeparatorIsUnicode", "\xe2\x80\xa8", "\"\\u{2028}\""},
                             {"ZeroWidthJoinerIsUnicode", "\xe2\x80\x8d", "\"\\u{200d}\""},
                             {"PrivateUseIsUnicode", "\xee\x80\x80", "\"\\u{e000}\""},
                             {"CombiningMarkIsUnicode", "e\xcc\x81", "\"e\\u{301}\""},
                             {"PrecomposedAsIs", "\xc3\xa9", "\"\xc3\xa9\""},
                             {"WideAsIs", "\xe4\xbd\xa0", "\"\xe4\xbd\xa0\""},
                             {"BoxDrawingAsIs", "\xe2\x94\x80", "\"\xe2\x94\x80\""},
                             {"EmojiWithSkinToneAsIs", "\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd",
                              "\"\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd\""},
                             {"InvalidByteIsUppercaseHexByte", "a\xff\x80", "\"a\\xFF\\x80\""},
                         }),
                         [](const ::testing::TestParamInfo<QuoteCase>& info) {
                           return info.param.name;
                         });

// ---------------------------------------------------------------------------------------------
// One line a difference

TEST(PitoCaptureTest, CellLinePrintsColoursAndModifierNames) {
  const Difference difference = {
      .kind = Difference::Kind::kCell,
      .scenario = "drill-in",
      .size = {.cols = 120, .rows = 34},
      .x = 3,
      .y = 17,
      .before_symbol = "\t",
      .before_style = {.fg = TuiColor::Rgb(0x5B, 0x8C, 0xFF),
                       .bg = TuiColor::Indexed(236),
                       .modifiers = kBold | kDim},
      .after_symbol = "a",
      .after_style = {.fg = TuiColor::Named(NamedColor::kLightRed), .modifiers = kCrossedOut}};
  EXPECT_EQ(DifferenceText(difference),
            "drill-in 120x34 3,17: \"\\t\" #5B8CFF 236 BOLD | DIM \u2192 \"a\" LightRed Reset "
            "CROSSED_OUT");
}

// ---------------------------------------------------------------------------------------------
// What differs, and in which order

TEST(PitoCaptureTest, StyleOnlyChangeIsADifference) {
  Capture before, after;
  before.scenarios["s"].emplace(k40x12, BlankOf(k40x12));
  TuiFrame bold = BlankOf(k40x12);
  Set(bold, 5, 2, " ", {.modifiers = kBold});
  after.scenarios["s"].emplace(k40x12, bold);
  EXPECT_EQ(Compare(before, after).Text(),
            "s 40x12 5,2: \" \" Reset Reset NONE \u2192 \" \" Reset Reset BOLD\n");
}

// Red and Indexed(1) draw the same on a terminal, but the file and ratatui keep them apart.
TEST(PitoCaptureTest, NamedColourAndSameIndexDiffer) {
  Capture before, after;
  TuiFrame named = BlankOf(k40x12);
  Set(named, 0, 0, "r", {.fg = TuiColor::Named(NamedColor::kRed)});
  TuiFrame indexed = BlankOf(k40x12);
  Set(indexed, 0, 0, "r", {.fg = TuiColor::Indexed(1)});
  before.scenarios["s"].emplace(k40x12, named);
  after.scenarios["s"].emplace(k40x12, indexed);
  EXPECT_EQ(Compare(before, after).Text(),
            "s 40x12 0,0: \"r\" Red Reset NONE \u2192 \"r\" 1 Reset NONE\n");
}

// Runs split differently but meaning the same styles are the same frame.
TEST(PitoCaptureTest, RunSplitIsNoDifference) {
  Capture before, after;
  before.scenarios["s"].emplace(k40x12, BlankOf(k40x12));
  TuiFrame split = BlankOf(k40x12);
  Set(split, 3, 3, " ");  // the same blank, but row 3 now has one run a cell
  after.scenarios["s"].emplace(k40x12, split);
  EXPECT_TRUE(Compare(before, after).empty());
}

TEST(PitoCaptureTest, CellsOfAFrameAreInRowThenColumnOrder) {
  Capture before, after;
  before.scenarios["s"].emplace(k40x12, BlankOf(k40x12));
  TuiFrame changed = BlankOf(k40x12);
  Set(changed, 9, 1, "c");
  Set(changed, 2, 1, "b");
  Set(changed, 30, 0, "a");
  after.scenarios["s"].emplace(k40x12, changed);
  std::vector<std::pair<int, int>> where;
  for (const Difference& d : Compare(before, after).entries) where.emplace_back(d.x, d.y);
  EXPECT_THAT(where, ElementsAre(std::pair(30, 0), std::pair(2, 1), std::pair(9, 1)));
}

// Standard sizes in their order (40x12, 80x24, 120x34, 200x60), then others by width, then height.
TEST(PitoCaptureTest, SizesAreStandardFirstThenByWidthThenHeight) {
  Capture after;
  for (const TerminalSize size : std::vector<TerminalSize>{{.cols = 100, .rows = 10},
                                                           {.cols = 200, .rows = 60},
                                                           {.cols = 30, .rows = 50},
                                                           {.cols = 40, .rows = 12},
                                                           {.cols = 100, .rows = 5},
                                                           {.cols = 120, .rows = 34},
                                                           {.cols = 80, .rows = 24}}) {
    after.scenarios["s"].emplace(size, BlankOf(size));
  }
  EXPECT_EQ(Compare(Capture{}, after).Text(),
            "s 40x12: +\ns 80x24: +\ns 120x34: +\ns 200x60: +\ns 30x50: +\ns 100x5: +\n"
            "s 100x10: +\n");
}

// A size only one side of a shared scenario holds is placed among that scenario's sizes.
TEST(PitoCaptureTest, SizeOnlyOneSideHoldsIsAddedOrRemovedInPlace) {
  Capture before, after;
  before.scenarios["s"].emplace(k40x12, BlankOf(k40x12));
  TuiFrame x = BlankOf(k80x24);
  Set(x, 0, 0, "x");
  before.scenarios["s"].emplace(k80x24, x);
  after.scenarios["s"].emplace(k80x24, BlankOf(k80x24));
  after.scenarios["s"].emplace(TerminalSize{.cols = 200, .rows = 60}, BlankOf({200, 60}));
  EXPECT_EQ(Compare(before, after).Text(),
            "s 40x12: -\n"
            "s 80x24 0,0: \"x\" Reset Reset NONE \u2192 \" \" Reset Reset NONE\n"
            "s 200x60: +\n");
}

TEST(PitoCaptureTest, ScenariosAreInByteOrderOfTheirFolderNames) {
  Capture after;
  for (const char* name : {"drill-in", "01-what-to-do-next", "00-home", "Zeta"}) {
    after.scenarios[name].emplace(k40x12, BlankOf(k40x12));
  }
  EXPECT_EQ(Compare(Capture{}, after).Text(),
            "00-home 40x12: +\n01-what-to-do-next 40x12: +\nZeta 40x12: +\ndrill-in 40x12: +\n");
}

// A scenario with no frame (an empty folder) adds or removes nothing: differences are frames.
TEST(PitoCaptureTest, EmptyScenarioHasNoDifference) {
  Capture before, after;
  after.scenarios["empty"];
  EXPECT_TRUE(Compare(before, after).empty());
}

// ---------------------------------------------------------------------------------------------
// Reading a capture folder

class ReadCaptureTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = (fs::path(::testing::TempDir()) /
             absl::StrCat(
                 "pito_capture_test_",
                 absl::StrReplaceAll(
                     ::testing::UnitTest::GetInstance()->current_test_info()->name(), {{"/", "_"}}),
                 "_", ::getpid()))
                .string();
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  void Write(const std::string& relative, const std::string& contents) {
    const fs::path path = fs::path(root_) / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << contents;
  }
  void WriteFrame(const std::string& relative, const TuiFrame& frame) {
    absl::StatusOr<std::string> text = SerializeFrame(frame);
    ASSERT_TRUE(text.ok()) << text.status();
    Write(relative, *text);
  }

  std::string root_;
};

// The header's example: two folders read, compared and printed.
TEST_F(ReadCaptureTest, HeaderExample) {
  TuiFrame x = BlankOf(k80x24);
  Set(x, 0, 0, "X");
  WriteFrame("before/00-home/80x24", x);
  WriteFrame("before/gone/80x24", BlankOf(k80x24));
  WriteFrame("after/00-home/80x24", BlankOf(k80x24));
  WriteFrame("after/about/40x12", BlankOf(k40x12));
  absl::StatusOr<Capture> before = ReadCapture(root_ + "/before");
  absl::StatusOr<Capture> after = ReadCapture(root_ + "/after");
  ASSERT_TRUE(before.ok()) << before.status();
  ASSERT_TRUE(after.ok()) << after.status();
  const Differences differences = Compare(*before, *after);
  EXPECT_EQ(differences.Text(),
            "00-home 80x24 0,0: \"X\" Reset Reset NONE \u2192 \" \" Reset Reset NONE\n"
            "about 40x12: +\n"
            "gone 80x24: -\n");
}

TEST_F(ReadCaptureTest, ReadsEveryScenarioAndSize) {
  TuiFrame home = BlankOf(k80x24);
  Set(home, 1, 2, "\xe2\x97\x86", {.fg = TuiColor::Rgb(0x5B, 0x8C, 0xFF), .modifiers = kBold});
  WriteFrame("00-home/80x24", home);
  WriteFrame("00-home/40x12", BlankOf(k40x12));
  WriteFrame("drill-in/7x3", Blank(7, 3));
  fs::create_directories(root_ + "/quit-guard");

  absl::StatusOr<Capture> capture = ReadCapture(root_);
  ASSERT_TRUE(capture.ok()) << capture.status();
  Capture want;
  want.scenarios["00-home"].emplace(k80x24, home);
  want.scenarios["00-home"].emplace(k40x12, BlankOf(k40x12));
  want.scenarios["drill-in"].emplace(TerminalSize{7, 3}, Blank(7, 3));
  want.scenarios["quit-guard"];
  EXPECT_EQ(*capture, want);
}

TEST_F(ReadCaptureTest, EmptyFolderIsAnEmptyCapture) {
  absl::StatusOr<Capture> capture = ReadCapture(root_);
  ASSERT_TRUE(capture.ok()) << capture.status();
  EXPECT_THAT(capture->scenarios, IsEmpty());
}

TEST_F(ReadCaptureTest, MissingFolderIsNotFound) {
  absl::StatusOr<Capture> capture = ReadCapture(root_ + "/nope");
  EXPECT_EQ(capture.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(capture.status().message(), root_ + "/nope: no such capture folder");
}

struct BadCase {
  std::string name;
  std::vector<std::pair<std::string, std::string>> files;  // relative path -> contents
  std::string message;                                     // ROOT stands for the folder
};

class ReadCaptureBadInputTest : public ReadCaptureTest,
                                public ::testing::WithParamInterface<BadCase> {};

const std::string kGood2x1 = "pito-tui frame 1\n2 1\na\tb\n2 Reset Reset 0\n";

TEST_P(ReadCaptureBadInputTest, NamesThePath) {
  for (const auto& [path, contents] : GetParam().files) Write(path, contents);
  absl::StatusOr<Capture> capture = ReadCapture(root_);
  ASSERT_FALSE(capture.ok());
  EXPECT_EQ(capture.status().code(), absl::StatusCode::kInvalidArgument);
  std::string want = GetParam().message;
  want.replace(want.find("ROOT"), 4, root_);
  EXPECT_EQ(capture.status().message(), want);
}

INSTANTIATE_TEST_SUITE_P(
    Files, ReadCaptureBadInputTest,
    ::testing::ValuesIn(std::vector<BadCase>{
        {"StrayFileAtTopLevel",
         {{"notes.txt", "hi"}},
         "ROOT/notes.txt: a file at the top of a capture folder (expected scenario folders "
         "only)"},
        {"FileNameNotASize",
         {{"00-home/README", kGood2x1}},
         "ROOT/00-home/README: the file name is not a size (COLSxROWS, such as 80x24)"},
        {"UppercaseXIsNotTheFileName",
         {{"00-home/2X1", kGood2x1}},
         "ROOT/00-home/2X1: the file name is not a size (COLSxROWS, such as 80x24)"},
        {"LeadingZeroIsNotTheFileName",
         {{"00-home/02x1", kGood2x1}},
         "ROOT/00-home/02x1: the file name is not a size (COLSxROWS, such as 80x24)"},
        {"FolderInsideAScenario",
         {{"00-home/2x1/x", kGood2x1}},
         "ROOT/00-home/2x1: not a regular file (a scenario folder holds frame files only)"},
        {"FrameSizeDiffersFromName",
         {{"00-home/3x1", kGood2x1}},
         "ROOT/00-home/3x1:2:1: the frame is 2x1, but its file name says 3x1"},
        {"ParseErrorWithLineAndColumn",
         {{"00-home/2x1", "pito-tui frame 1\n2 1\na\tb\tc\n2 Reset Reset 0\n"}},
         "ROOT/00-home/2x1:3:4: expected 2 symbols in row 0, got more (a tab after symbol 2)"},
        {"BadHeader",
         {{"00-home/2x1", "pito-tui frame 2\n2 1\na\tb\n2 Reset Reset 0\n"}},
         "ROOT/00-home/2x1:1:1: expected \"pito-tui frame 1\", got \"pito-tui frame 2\""},
        {"FirstErrorInCaptureOrder",
         {{"b/2x1", "junk"}, {"a/80x24", kGood2x1}},
         "ROOT/a/80x24:2:1: the frame is 2x1, but its file name says 80x24"},
    }),
    [](const ::testing::TestParamInfo<BadCase>& info) { return info.param.name; });

}  // namespace
}  // namespace vtsnap::pito
