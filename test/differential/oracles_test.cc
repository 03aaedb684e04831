// The oracle adapters (docs/differential.md): what libvterm and xterm.js report for small inputs
// whose outcome follows from the terminal semantics, and the xterm.js client's process handling.
// The xterm.js tests need node and test/corpus/oracle/node_modules; they fail (with the command
// that installs them) rather than skip when those are missing.
#include "test/differential/oracles.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "test/scratch_dir.h"
#include "vtsnap/snapshot/formats/state_json.h"

namespace vtsnap {
namespace {

using Json = nlohmann::json;
using ::testing::HasSubstr;

constexpr int kRed = 0xCD0000;   // xterm palette 1
constexpr int kBlue = 0x0000EE;  // xterm palette 4

// One decision: the value at `pointer` (a JSON pointer into the dump) after replaying `bytes`.
struct FieldCase {
  std::string name;  // the behaviour
  int cols = 10;
  int rows = 3;
  std::string bytes = {};
  std::string pointer = {};
  Json expected = {};
};

void PrintTo(const FieldCase& c, std::ostream* os) { *os << c.name; }

std::string CaseName(const ::testing::TestParamInfo<FieldCase>& info) { return info.param.name; }

// Cases whose outcome is the same in libvterm and xterm.js.
const std::vector<FieldCase>& CommonCases() {
  static const auto* cases = new std::vector<FieldCase>{
      {.name = "TextLandsInCells", .bytes = "hi", .pointer = "/cells/0/1/ch", .expected = "i"},
      {.name = "UnwrittenCellIsSpace", .bytes = "hi", .pointer = "/cells/1/3/ch", .expected = " "},
      {.name = "CursorFollowsText", .bytes = "abc", .pointer = "/cursor/col", .expected = 3},
      {.name = "LineFeedMovesCursorDown",
       .bytes = "a\r\nb",
       .pointer = "/cursor/row",
       .expected = 1},
      {.name = "DefaultForegroundIsCcc",
       .bytes = "a",
       .pointer = "/cells/0/0/fg",
       .expected = kStateDefaultForeground},
      {.name = "DefaultBackgroundIsBlack",
       .bytes = "a",
       .pointer = "/cells/0/0/bg",
       .expected = kStateDefaultBackground},
      {.name = "Sgr31IsXtermRed",
       .bytes = "\x1b[31mR",
       .pointer = "/cells/0/0/fg",
       .expected = 13434880},
      {.name = "Sgr44IsXtermBlueBackground",
       .bytes = "\x1b[44mB",
       .pointer = "/cells/0/0/bg",
       .expected = kBlue},
      {.name = "Sgr91IsXtermBrightRed",
       .bytes = "\x1b[91mR",
       .pointer = "/cells/0/0/fg",
       .expected = 0xFF0000},
      {.name = "Palette196IsCubeRed",
       .bytes = "\x1b[38;5;196mR",
       .pointer = "/cells/0/0/fg",
       .expected = 0xFF0000},
      {.name = "Palette244IsGrey128",
       .bytes = "\x1b[48;5;244mG",
       .pointer = "/cells/0/0/bg",
       .expected = 0x808080},
      {.name = "TruecolorPassesThrough",
       .bytes = "\x1b[38;2;1;2;3mT",
       .pointer = "/cells/0/0/fg",
       .expected = 0x010203},
      {.name = "TruecolorBackgroundPassesThrough",
       .bytes = "\x1b[48;2;250;128;7mT",
       .pointer = "/cells/0/0/bg",
       .expected = 0xFA8007},
      {.name = "BoldIsNotBrightened",
       .bytes = "\x1b[1;31mR",
       .pointer = "/cells/0/0/fg",
       .expected = kRed},
      {.name = "Sgr39RestoresDefaultForeground",
       .bytes = "\x1b[31m\x1b[39mD",
       .pointer = "/cells/0/0/fg",
       .expected = kStateDefaultForeground},
      {.name = "InverseKeepsForeground",
       .bytes = "\x1b[7;31mI",
       .pointer = "/cells/0/0/fg",
       .expected = kRed},
      {.name = "InverseKeepsBackground",
       .bytes = "\x1b[7mI",
       .pointer = "/cells/0/0/bg",
       .expected = kStateDefaultBackground},
      {.name = "PlainTextHasNoAttrs",
       .bytes = "a",
       .pointer = "/cells/0/0/attrs",
       .expected = Json::array()},
      {.name = "BoldAttr",
       .bytes = "\x1b[1mB",
       .pointer = "/cells/0/0/attrs",
       .expected = {"bold"}},
      {.name = "ItalicAttr",
       .bytes = "\x1b[3mI",
       .pointer = "/cells/0/0/attrs",
       .expected = {"italics"}},
      {.name = "InverseAttr",
       .bytes = "\x1b[7mI",
       .pointer = "/cells/0/0/attrs",
       .expected = {"inverse"}},
      {.name = "AttrsInSchemaOrder",
       .bytes = "\x1b[7;3;1mA",
       .pointer = "/cells/0/0/attrs",
       .expected = {"bold", "italics", "inverse"}},
      {.name = "UnderlineAttr",
       .bytes = "\x1b[4mU",
       .pointer = "/cells/0/0/attrs",
       .expected = {"underline"}},
      {.name = "CurlyUnderlineIsUnderline",
       .bytes = "\x1b[4:3mU",
       .pointer = "/cells/0/0/attrs",
       .expected = {"underline"}},
      {.name = "Sgr21IsDoubleUnderline",
       .bytes = "\x1b[21mU",
       .pointer = "/cells/0/0/attrs",
       .expected = {"dbl_underline"}},
      {.name = "BlinkAttr",
       .bytes = "\x1b[5mB",
       .pointer = "/cells/0/0/attrs",
       .expected = {"blink"}},
      {.name = "StrikeIsCrossedOut",
       .bytes = "\x1b[9mS",
       .pointer = "/cells/0/0/attrs",
       .expected = {"crossed_out"}},
      {.name = "Sgr0ClearsAttrs",
       .bytes = "\x1b[1;3m\x1b[0mP",
       .pointer = "/cells/0/0/attrs",
       .expected = Json::array()},
      {.name = "WideCharInLeftCell",
       .bytes = "\xe4\xb8\xad",
       .pointer = "/cells/0/0/ch",
       .expected = "\xe4\xb8\xad"},
      {.name = "WideCharRightHalfIsEmpty",
       .bytes = "\xe4\xb8\xad",
       .pointer = "/cells/0/1/ch",
       .expected = ""},
      {.name = "WideCharAdvancesTwoColumns",
       .bytes = "\xe4\xb8\xad",
       .pointer = "/cursor/col",
       .expected = 2},
      {.name = "WideCharRightHalfKeepsStyle",
       .bytes = "\x1b[31m\xe4\xb8\xad",
       .pointer = "/cells/0/1/fg",
       .expected = kRed},
      {.name = "CombiningMarkStaysWithBase",
       .bytes = "e\xcc\x81x",
       .pointer = "/cells/0/0/ch",
       .expected = "e\xcc\x81"},
      {.name = "EraseFillsWithCurrentBackground",
       .bytes = "abc\x1b[41m\x1b[2J",
       .pointer = "/cells/0/1/bg",
       .expected = kRed},
      {.name = "EraseBlanksText",
       .bytes = "abc\x1b[2J",
       .pointer = "/cells/0/1/ch",
       .expected = " "},
      {.name = "CursorVisibleByDefault",
       .bytes = "",
       .pointer = "/cursor/visible",
       .expected = true},
      {.name = "Dectcem25lHidesCursor",
       .bytes = "\x1b[?25l",
       .pointer = "/cursor/visible",
       .expected = false},
      {.name = "Dectcem25hShowsCursorAgain",
       .bytes = "\x1b[?25l\x1b[?25h",
       .pointer = "/cursor/visible",
       .expected = true},
      {.name = "NoScrollbackWithinScreen",
       .bytes = "1\r\n2\r\n3",
       .pointer = "/scrollback_len",
       .expected = 0},
      {.name = "LinesScrolledOffCountAsScrollback",
       .bytes = "1\r\n2\r\n3\r\n4\r\n5",
       .pointer = "/scrollback_len",
       .expected = 2},
      {.name = "ScrolledScreenShowsLastLines",
       .bytes = "1\r\n2\r\n3\r\n4\r\n5",
       .pointer = "/cells/0/0/ch",
       .expected = "3"},
      {.name = "AlternateScreenShowsItsOwnCells",
       .bytes = "main\x1b[?1049h",
       .pointer = "/cells/0/0/ch",
       .expected = " "},
      {.name = "LeavingAlternateScreenRestoresMain",
       .bytes = "main\x1b[?1049hALT\x1b[?1049l",
       .pointer = "/cells/0/0/ch",
       .expected = "m"},
      {.name = "CupIsOneBased", .bytes = "\x1b[2;5H", .pointer = "/cursor/col", .expected = 4},
  };
  return *cases;
}

const std::vector<FieldCase>& XtermJsCases() {
  static const auto* cases = new std::vector<FieldCase>{
      {.name = "ExactlyColsCharsLeaveColumnAtCols",
       .cols = 5,
       .bytes = "abcde",
       .pointer = "/cursor/col",
       .expected = 5},
      {.name = "ExactlyColsCharsPendWrap",
       .cols = 5,
       .bytes = "abcde",
       .pointer = "/cursor/pending_wrap",
       .expected = true},
      {.name = "ColsMinusOneCharsDoNotPendWrap",
       .cols = 5,
       .bytes = "abcd",
       .pointer = "/cursor/pending_wrap",
       .expected = false},
      {.name = "PendingWrapStaysOnRow",
       .cols = 5,
       .bytes = "abcde",
       .pointer = "/cursor/row",
       .expected = 0},
      {.name = "FaintAttr",
       .bytes = "\x1b[2mF",
       .pointer = "/cells/0/0/attrs",
       .expected = {"faint"}},
      {.name = "ConcealIsInvisible",
       .bytes = "\x1b[8mC",
       .pointer = "/cells/0/0/attrs",
       .expected = {"invisible"}},
      {.name = "OverlineAttr",
       .bytes = "\x1b[53mO",
       .pointer = "/cells/0/0/attrs",
       .expected = {"overline"}},
      {.name = "ScrollRegionDefaultsToScreen",
       .rows = 4,
       .pointer = "/scroll_region",
       .expected = {0, 3}},
      {.name = "DecstbmSetsScrollRegion",
       .rows = 5,
       .bytes = "\x1b[2;4r",
       .pointer = "/scroll_region",
       .expected = {1, 3}},
      {.name = "OriginModeOffByDefault", .pointer = "/modes/origin", .expected = false},
      {.name = "Decom6hSetsOriginMode",
       .bytes = "\x1b[?6h",
       .pointer = "/modes/origin",
       .expected = true},
      {.name = "AutowrapOnByDefault", .pointer = "/modes/autowrap", .expected = true},
      {.name = "Decawm7lClearsAutowrap",
       .bytes = "\x1b[?7l",
       .pointer = "/modes/autowrap",
       .expected = false},
      {.name = "Lnm20hSetsLnm", .bytes = "\x1b[20h", .pointer = "/modes/lnm", .expected = true},
      {.name = "TabStopsEveryEighthColumn",
       .cols = 20,
       .pointer = "/tabstops",
       .expected = {0, 8, 16}},
      {.name = "TbcThenHtsLeavesOneStop",
       .cols = 20,
       .bytes = "\x1b[3g\x1b[5G\x1bH",
       .pointer = "/tabstops",
       .expected = {4}},
      {.name = "G0IsAsciiByDefault", .pointer = "/charsets/g0", .expected = "B"},
      {.name = "Scs0DesignatesDecGraphicsToG0",
       .bytes = "\x1b(0",
       .pointer = "/charsets/g0",
       .expected = "0"},
      {.name = "ShiftOutActivatesG1",
       .bytes = "\x0e",
       .pointer = "/charsets/active",
       .expected = 1},
      {.name = "DecGraphicsTranslatesAtWrite",
       .bytes = "\x1b(0q",
       .pointer = "/cells/0/0/ch",
       .expected = "\xe2\x94\x80"},
  };
  return *cases;
}

const std::vector<FieldCase>& LibvtermCases() {
  static const auto* cases = new std::vector<FieldCase>{
      {.name = "ExactlyColsCharsLeaveColumnAtLastCell",
       .cols = 5,
       .bytes = "abcde",
       .pointer = "/cursor/col",
       .expected = 4},
      {.name = "ExactlyColsCharsStayOnRow",
       .cols = 5,
       .bytes = "abcde",
       .pointer = "/cursor/row",
       .expected = 0},
      {.name = "DeferredWrapHappensOnNextChar",
       .cols = 5,
       .bytes = "abcdef",
       .pointer = "/cells/1/0/ch",
       .expected = "f"},
      {.name = "NoFaintInLibvterm014",
       .bytes = "\x1b[2mF",
       .pointer = "/cells/0/0/attrs",
       .expected = Json::array()},
      {.name = "NoConcealInLibvterm014",
       .bytes = "\x1b[8mC",
       .pointer = "/cells/0/0/attrs",
       .expected = Json::array()},
      {.name = "ScrollbackClampedToLimitOfThousand",
       .rows = 2,
       .bytes =
           [] {
             std::string s;
             for (int i = 0; i < 1005; ++i) s += "x\r\n";
             return s;
           }(),
       .pointer = "/scrollback_len",
       .expected = 1000},
      {.name = "DecGraphicsTranslatesAtWrite",
       .bytes = "\x1b(0q",
       .pointer = "/cells/0/0/ch",
       .expected = "\xe2\x94\x80"},
  };
  return *cases;
}

absl::StatusOr<Json> ParseDump(const absl::StatusOr<std::string>& json) {
  if (!json.ok()) return json.status();
  Json parsed = Json::parse(*json, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded()) return absl::InternalError("not JSON: " + *json);
  return parsed;
}

void ExpectField(const absl::StatusOr<std::string>& json, const FieldCase& c) {
  absl::StatusOr<Json> dump = ParseDump(json);
  ASSERT_TRUE(dump.ok()) << dump.status();
  const Json::json_pointer pointer(c.pointer);
  ASSERT_TRUE(dump->contains(pointer)) << c.pointer << " missing from " << *json;
  EXPECT_EQ((*dump)[pointer], c.expected) << c.pointer << " in " << *json;
}

// One node process for all the tests of a suite, as the differential suite uses it; killed and
// reaped when the suite ends.
class SharedXtermJsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { oracle_ = new XtermJsOracle(); }
  static void TearDownTestSuite() {
    delete oracle_;
    oracle_ = nullptr;
  }
  static XtermJsOracle& SharedXtermJs() { return *oracle_; }

 private:
  static XtermJsOracle* oracle_;
};

XtermJsOracle* SharedXtermJsTest::oracle_ = nullptr;

class LibvtermFieldTest : public ::testing::TestWithParam<FieldCase> {};

TEST_P(LibvtermFieldTest, Reports) {
  const FieldCase& c = GetParam();
  ExpectField(LibvtermStateJson(c.cols, c.rows, c.bytes), c);
}

INSTANTIATE_TEST_SUITE_P(Common, LibvtermFieldTest, ::testing::ValuesIn(CommonCases()), CaseName);
INSTANTIATE_TEST_SUITE_P(Libvterm, LibvtermFieldTest, ::testing::ValuesIn(LibvtermCases()),
                         CaseName);

class XtermJsFieldTest : public SharedXtermJsTest,
                         public ::testing::WithParamInterface<FieldCase> {};

TEST_P(XtermJsFieldTest, Reports) {
  const FieldCase& c = GetParam();
  ExpectField(SharedXtermJs().Replay(c.cols, c.rows, c.bytes), c);
}

INSTANTIATE_TEST_SUITE_P(Common, XtermJsFieldTest, ::testing::ValuesIn(CommonCases()), CaseName);
INSTANTIATE_TEST_SUITE_P(XtermJs, XtermJsFieldTest, ::testing::ValuesIn(XtermJsCases()), CaseName);

// A mix of everything above, for the whole-dump checks.
constexpr char kMixedInput[] =
    "\x1b[1;31mred\x1b[m \x1b[38;5;196m\xe4\xb8\xad\x1b[48;2;1;2;3mz\x1b[m\r\n"
    "\x1b[4mu\x1b[7mv\x1b[m\x1b[?25l1\r\n2\r\n3\r\n4";

std::vector<std::string> Keys(const Json& object) {
  std::vector<std::string> keys;
  for (const auto& [key, value] : object.items()) keys.push_back(key);
  return keys;
}

TEST(LibvtermDump, HasOnlyTheFieldsLibvtermKnowsInSchemaOrder) {
  absl::StatusOr<Json> dump = ParseDump(LibvtermStateJson(12, 3, kMixedInput));
  ASSERT_TRUE(dump.ok()) << dump.status();
  // nlohmann::json sorts keys, so the order is checked on the text below.
  EXPECT_THAT(Keys(*dump),
              ::testing::UnorderedElementsAre("cols", "rows", "cursor", "cells", "scrollback_len"));
  EXPECT_THAT(Keys((*dump)["cursor"]), ::testing::UnorderedElementsAre("row", "col", "visible"));
}

TEST(LibvtermDump, KeysInSchemaOrder) {
  absl::StatusOr<std::string> json = LibvtermStateJson(3, 1, "a");
  ASSERT_TRUE(json.ok()) << json.status();
  EXPECT_THAT(*json, ::testing::StartsWith(
                         R"({"cols":3,"rows":1,"cursor":{"row":0,"col":1,"visible":true},"cells":)"
                         R"([[{"ch":"a","fg":13421772,"bg":0,"attrs":[]},)"));
  EXPECT_THAT(*json, ::testing::EndsWith(R"(]],"scrollback_len":0})"));
}

TEST(LibvtermDump, EveryCellIsAnObjectWithoutGen) {
  absl::StatusOr<Json> dump = ParseDump(LibvtermStateJson(12, 3, kMixedInput));
  ASSERT_TRUE(dump.ok()) << dump.status();
  ASSERT_EQ((*dump)["cells"].size(), 3u);
  for (const Json& row : (*dump)["cells"]) {
    ASSERT_EQ(row.size(), 12u);
    for (const Json& cell : row) {
      EXPECT_THAT(Keys(cell), ::testing::UnorderedElementsAre("ch", "fg", "bg", "attrs"));
    }
  }
}

TEST(LibvtermDump, ParsesAsStateDump) {
  absl::StatusOr<std::string> json = LibvtermStateJson(12, 3, kMixedInput);
  ASSERT_TRUE(json.ok()) << json.status();
  absl::StatusOr<StateDump> dump = ParseStateJson(*json, "libvterm");
  ASSERT_TRUE(dump.ok()) << dump.status();
  EXPECT_EQ(dump->scrollback_len, 2);
}

TEST(LibvtermDump, ScrollbackLimitIsParameter) {
  absl::StatusOr<Json> dump =
      ParseDump(LibvtermStateJson(10, 3, "1\r\n2\r\n3\r\n4\r\n5", /*scrollback_limit=*/1));
  ASSERT_TRUE(dump.ok()) << dump.status();
  EXPECT_EQ((*dump)["scrollback_len"], 1);
}

TEST(LibvtermDump, RejectsZeroColumns) {
  EXPECT_EQ(LibvtermStateJson(0, 3, "a").status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(LibvtermDump, RejectsNegativeScrollbackLimit) {
  EXPECT_EQ(LibvtermStateJson(10, 3, "a", -1).status().code(), absl::StatusCode::kInvalidArgument);
}

using XtermJsDump = SharedXtermJsTest;

TEST_F(XtermJsDump, HasNoGenAndNoNullCells) {
  absl::StatusOr<Json> dump = ParseDump(SharedXtermJs().Replay(12, 3, kMixedInput));
  ASSERT_TRUE(dump.ok()) << dump.status();
  EXPECT_THAT(Keys(*dump),
              ::testing::UnorderedElementsAre("cols", "rows", "cursor", "scroll_region", "modes",
                                              "tabstops", "charsets", "cells", "scrollback_len"));
  ASSERT_EQ((*dump)["cells"].size(), 3u);
  for (const Json& row : (*dump)["cells"]) {
    ASSERT_EQ(row.size(), 12u);
    for (const Json& cell : row) {
      EXPECT_THAT(Keys(cell), ::testing::UnorderedElementsAre("ch", "fg", "bg", "attrs"));
    }
  }
}

TEST_F(XtermJsDump, ParsesAsStateDump) {
  absl::StatusOr<std::string> json = SharedXtermJs().Replay(12, 3, kMixedInput);
  ASSERT_TRUE(json.ok()) << json.status();
  absl::StatusOr<StateDump> dump = ParseStateJson(*json, "xterm.js");
  ASSERT_TRUE(dump.ok()) << dump.status();
  EXPECT_EQ(dump->scrollback_len, 2);
}

TEST_F(XtermJsDump, ScrollbackOptionLimitsScrollback) {
  absl::StatusOr<Json> dump =
      ParseDump(SharedXtermJs().Replay(10, 3, "1\r\n2\r\n3\r\n4\r\n5", /*scrollback=*/1));
  ASSERT_TRUE(dump.ok()) << dump.status();
  EXPECT_EQ((*dump)["scrollback_len"], 1);
}

TEST_F(XtermJsDump, RejectsZeroColumnsBeforeSending) {
  XtermJsOracle oracle;
  EXPECT_EQ(oracle.Replay(0, 3, "a").status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(oracle.pid(), -1);
}

// ---------------------------------------------------------------------------------------------
// The xterm.js client's process handling.

std::string TempPath(absl::string_view name) {
  return (vtsnap::test_util::SharedScratchDir("oracles_test") / std::string(name)).string();
}

std::string WriteScript(absl::string_view name, absl::string_view text) {
  const std::string path = TempPath(name);
  std::ofstream(path) << text;
  return path;
}

// True when `pid` is neither running nor a zombie of ours.
bool Reaped(pid_t pid) {
  errno = 0;
  return waitpid(pid, nullptr, WNOHANG) == -1 && errno == ECHILD && kill(pid, 0) == -1;
}

TEST(XtermJsOracle, AnswersSeveralRequestsFromOneProcess) {
  XtermJsOracle oracle;
  pid_t first_pid = -1;
  for (const std::string text : {"one", "two", "three"}) {
    absl::StatusOr<Json> dump = ParseDump(oracle.Replay(8, 2, text));
    ASSERT_TRUE(dump.ok()) << dump.status();
    EXPECT_EQ((*dump)["cells"][0][1]["ch"], text.substr(1, 1)) << text;
    EXPECT_EQ((*dump)["cursor"]["col"], static_cast<int>(text.size())) << text;
    if (first_pid == -1) first_pid = oracle.pid();
    EXPECT_EQ(oracle.pid(), first_pid) << "a new process for " << text;
  }
}

TEST(XtermJsOracle, CarriesLargeInputs) {
  XtermJsOracle oracle;
  std::string bytes;
  for (int i = 0; i < 20000; ++i) bytes += "\x1b[38;5;123mabcdefgh\r\n";  // ~420 KB
  absl::StatusOr<Json> dump = ParseDump(oracle.Replay(80, 24, bytes));
  ASSERT_TRUE(dump.ok()) << dump.status();
  EXPECT_EQ((*dump)["scrollback_len"], 1000);
}

TEST(XtermJsOracle, DestructorKillsAndReapsTheProcess) {
  pid_t pid = -1;
  {
    XtermJsOracle oracle;
    ASSERT_TRUE(oracle.Start().ok());
    pid = oracle.pid();
    ASSERT_GT(pid, 0);
    ASSERT_EQ(kill(pid, 0), 0) << "not running";
  }
  EXPECT_TRUE(Reaped(pid)) << "process " << pid << " left behind";
}

TEST(XtermJsOracle, MissingScriptIsNotFound) {
  XtermJsOracle oracle({.script = "/nonexistent/vtsnap/state.mjs"});
  const absl::Status status = oracle.Replay(10, 3, "a").status();
  EXPECT_EQ(status.code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(status.message(), HasSubstr("script not found: /nonexistent/vtsnap/state.mjs"));
}

TEST(XtermJsOracle, MissingNodeBinaryIsNotFound) {
  XtermJsOracle oracle({.node = "/nonexistent/bin/node"});
  const absl::Status status = oracle.Replay(10, 3, "a").status();
  EXPECT_EQ(status.code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(status.message(), HasSubstr("node not found: /nonexistent/bin/node"));
}

TEST(XtermJsOracle, NodeNotOnPathNamesPath) {
  XtermJsOracle oracle({.node = "vtsnap-no-such-node"});
  const absl::Status status = oracle.Replay(10, 3, "a").status();
  EXPECT_EQ(status.code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(status.message(), HasSubstr("vtsnap-no-such-node not found on PATH: "));
}

TEST(XtermJsOracle, MissingNodeModulesNamesNpmCi) {
  XtermJsOracle oracle({.script = WriteScript("state.mjs", "")});
  const absl::Status status = oracle.Replay(10, 3, "a").status();
  EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(status.message(), HasSubstr("node_modules/@xterm/headless"));
  EXPECT_THAT(status.message(), HasSubstr("npm ci"));
}

TEST(XtermJsOracle, ProcessDeathIsReportedWithStderr) {
  XtermJsOracle oracle({.script = WriteScript("dies.mjs",
                                              "process.stderr.write('cannot go on\\n');\n"
                                              "process.exit(3);\n"),
                        .check_node_modules = false});
  const absl::Status status = oracle.Replay(10, 3, "a").status();
  EXPECT_EQ(status.code(), absl::StatusCode::kUnavailable);
  EXPECT_THAT(status.message(), HasSubstr("exited with status 3"));
  EXPECT_THAT(status.message(), HasSubstr("cannot go on"));
}

TEST(XtermJsOracle, KilledProcessIsReportedThenRestarted) {
  XtermJsOracle oracle;
  ASSERT_TRUE(oracle.Start().ok());
  const pid_t pid = oracle.pid();
  ASSERT_EQ(kill(pid, SIGKILL), 0);
  const absl::Status status = oracle.Replay(10, 3, "a").status();
  EXPECT_EQ(status.code(), absl::StatusCode::kUnavailable);
  EXPECT_THAT(status.message(), HasSubstr("killed by signal 9"));
  EXPECT_TRUE(Reaped(pid));
  absl::StatusOr<std::string> again = oracle.Replay(10, 3, "a");
  EXPECT_TRUE(again.ok()) << again.status();
  EXPECT_NE(oracle.pid(), pid);
}

TEST(XtermJsOracle, ErrorAnswerIsInvalidArgument) {
  XtermJsOracle oracle(
      {.script = WriteScript("refuses.mjs",
                             "import { createInterface } from 'node:readline';\n"
                             "for await (const line of createInterface({input: process.stdin}))\n"
                             "  process.stdout.write('{\"error\":\"no thanks\"}\\n');\n"),
       .check_node_modules = false});
  const absl::Status status = oracle.Replay(10, 3, "a").status();
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(status.message(), "xterm.js oracle: no thanks");
}

TEST(XtermJsOracle, SilentProcessTimesOutAndIsReaped) {
  XtermJsOracle oracle({.script = WriteScript("silent.mjs", "setInterval(() => {}, 1000);\n"),
                        .check_node_modules = false,
                        .timeout = absl::Milliseconds(300)});
  ASSERT_TRUE(oracle.Start().ok());
  const pid_t pid = oracle.pid();
  const absl::Status status = oracle.Replay(10, 3, "a").status();
  EXPECT_EQ(status.code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_TRUE(Reaped(pid));
}

}  // namespace
}  // namespace vtsnap
