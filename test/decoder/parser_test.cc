// The parser's actions for byte strings: a recording handler prints each action as one line, and
// each case pins the lines a byte string must produce.
#include "vtsnap/decoder/parser.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace vtsnap {
namespace {

std::string Describe(const Sequence& seq) {
  std::string out;
  if (seq.marker != 0) absl::StrAppend(&out, std::string(1, seq.marker));
  for (int i = 0; i < seq.params.size(); ++i) {
    if (i > 0) absl::StrAppend(&out, seq.params.is_sub(i) ? ":" : ";");
    if (seq.params.raw(i) == Params::kDefault) {
      absl::StrAppend(&out, "_");
    } else {
      absl::StrAppend(&out, seq.params.raw(i));
    }
  }
  if (!seq.intermediates.empty()) absl::StrAppend(&out, " '", seq.intermediates, "'");
  absl::StrAppend(&out, " ", std::string(1, seq.final));
  if (seq.overflowed) absl::StrAppend(&out, " overflowed");
  if (seq.params_truncated) absl::StrAppend(&out, " truncated");
  return out;
}

// Records every action; consecutive prints are merged into one "print" line.
class Recorder : public ParserHandler {
 public:
  void Print(char32_t cp) override {
    std::string s;
    if (cp < 0x80) {
      s.push_back(static_cast<char>(cp));
    } else {
      s = absl::StrCat("U+", absl::AsciiStrToUpper(absl::StrCat(absl::Hex(cp, absl::kZeroPad4))));
    }
    if (!lines.empty() && absl::StartsWith(lines.back(), "print ")) {
      lines.back() += s;
    } else {
      lines.push_back("print " + s);
    }
  }
  void Execute(uint32_t c) override { lines.push_back(absl::StrCat("execute ", absl::Hex(c))); }
  void CsiDispatch(const Sequence& seq) override { lines.push_back("csi " + Describe(seq)); }
  void EscDispatch(const Sequence& seq) override { lines.push_back("esc " + Describe(seq)); }
  void OscDispatch(absl::string_view payload, bool overflowed, OscTerminator terminator) override {
    if (terminator == OscTerminator::kBel) terminators += "B";
    if (terminator == OscTerminator::kSt) terminators += "S";
    lines.push_back(absl::StrCat("osc \"", payload, "\"", overflowed ? " overflowed" : ""));
  }
  void DcsHook(const Sequence& seq) override { lines.push_back("dcs-hook " + Describe(seq)); }
  void DcsPut(absl::string_view data) override {
    if (!lines.empty() && absl::StartsWith(lines.back(), "dcs-put ")) {
      absl::StrAppend(&lines.back(), data);
    } else {
      lines.push_back(absl::StrCat("dcs-put ", data));
    }
  }
  void DcsUnhook() override { lines.push_back("dcs-unhook"); }

  std::vector<std::string> lines;
  std::string terminators;  // how each OSC string ended: B (BEL) or S (ST), in order
};

struct Case {
  const char* name;
  std::string input;
  std::vector<std::string> actions;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

std::vector<std::string> Feed(const std::string& input, const ParserLimits& limits = {}) {
  Parser parser(limits);
  Recorder rec;
  parser.Feed(input, rec);
  return rec.lines;
}

// Feeds the input one byte at a time: the actions must not depend on how bytes are split.
std::vector<std::string> RunBytewise(const std::string& input) {
  Parser parser;
  Recorder rec;
  for (char c : input) parser.Feed(absl::string_view(&c, 1), rec);
  return rec.lines;
}

const Case kCases[] = {
    {"PlainText", "hello", {"print hello"}},
    {"C0ControlsExecute",
     "a\r\nb\x07",
     {"print a", "execute d", "execute a", "print b", "execute 7"}},
    {"DelIsIgnored",
     "a\x7f"
     "b",
     {"print ab"}},
    {"CsiWithoutParams", "\x1b[H", {"csi  H"}},
    {"CsiParams", "\x1b[12;34H", {"csi 12;34 H"}},
    {"CsiOmittedParams", "\x1b[;5H", {"csi _;5 H"}},
    {"CsiTrailingSeparator", "\x1b[1;H", {"csi 1;_ H"}},
    {"CsiPrivateMarker", "\x1b[?1049h", {"csi ?1049 h"}},
    {"CsiGreaterMarker", "\x1b[>4;1m", {"csi >4;1 m"}},
    {"CsiIntermediate", "\x1b[2 q", {"csi 2 ' ' q"}},
    {"CsiBangIntermediate", "\x1b[!p", {"csi  '!' p"}},
    {"CsiColonSubParams", "\x1b[38:2::255:0:10m", {"csi 38:2:_:255:0:10 m"}},
    {"CsiUnderlineShape", "\x1b[4:3m", {"csi 4:3 m"}},
    {"CsiMixedSeparators", "\x1b[1;38:5:196;4m", {"csi 1;38:5:196;4 m"}},
    {"CsiValueSaturates", "\x1b[99999999A", {"csi 65535 A"}},
    // Whole sequences in one buffer dispatch in one step (Parser::WholeCsi); these pin the edges
    // of that path to what the state machine does byte by byte (the next test).
    {"CsiMarkerWithoutParams", "\x1b[?h", {"csi ? h"}},
    {"CsiBackToBack", "\x1b[1m\x1b[;2mx", {"csi 1 m", "csi _;2 m", "print x"}},
    {"CsiLeadingColon", "\x1b[:5m", {"csi _:5 m"}},
    {"CsiSecondMarkerIsIgnored", "\x1b[??hX", {"print X"}},
    {"CsiDelInsideIsIgnored", "\x1b[1\x7f;2H", {"csi 1;2 H"}},
    {"CsiHighByteInsideIsIgnored", "\x1b[1\xc3;2H", {"csi 1;2 H"}},
    {"CsiAfterText", "ab\x1b[Kc", {"print ab", "csi  K", "print c"}},
    {"CsiMarkerAfterParamIsIgnored", "\x1b[1?hX", {"print X"}},
    {"CsiParamAfterIntermediateIsIgnored", "\x1b[ 1qX", {"print X"}},
    {"C0InsideCsiExecutes", "\x1b[2\nC", {"execute a", "csi 2 C"}},
    {"CanAbortsCsi",
     "\x1b[3\x18"
     "A",
     {"print A"}},
    {"SubAbortsCsi",
     "\x1b[3\x1a"
     "A",
     {"print A"}},
    {"EscInsideCsiRestarts", "\x1b[3\x1b[4A", {"csi 4 A"}},
    {"EscDispatch",
     "\x1b"
     "7\x1b"
     "8",
     {"esc  7", "esc  8"}},
    {"EscIntermediate", "\x1b(0", {"esc  '(' 0"}},
    {"EscHashIntermediate", "\x1b#8", {"esc  '#' 8"}},
    {"OscTerminatedByBel", "\x1b]0;title\x07", {"osc \"0;title\""}},
    {"OscTerminatedBySt", "\x1b]2;t\x1b\\", {"osc \"2;t\"", "esc  \\"}},
    {"OscKeepsUtf8Bytes", "\x1b]2;\xe6\x97\xa5\x07", {"osc \"2;\xe6\x97\xa5\""}},
    {"OscAbortedByCan", "\x1b]2;t\x18x", {"print x"}},
    {"OscIgnoresC0", "\x1b]2;a\nb\x07", {"osc \"2;ab\""}},
    {"DcsHookPutUnhook",
     "\x1bPq#0;2;0;0;0~-\x1b\\",
     {"dcs-hook  q", "dcs-put #0;2;0;0;0~-", "dcs-unhook", "esc  \\"}},
    {"DcsWithParams",
     "\x1bP1;2|data\x1b\\",
     {"dcs-hook 1;2 |", "dcs-put data", "dcs-unhook", "esc  \\"}},
    {"SosPmApcIgnored",
     "\x1b_apc\x1b\\\x1b^pm\x1b\\\x1bXsos\x1b\\"
     "x",
     {"esc  \\", "esc  \\", "esc  \\", "print x"}},
    {"Utf8Decodes", "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", {"print U+00E9U+20ACU+1F600"}},
    {"Utf8LoneContinuation", "\x80", {"print U+FFFD"}},
    {"Utf8TruncatedTwoByte", "\xc3(", {"print U+FFFD("}},
    {"Utf8TruncatedThreeByte", "\xe2\x82(", {"print U+FFFD("}},
    {"Utf8TruncatedFourByteBeforeEsc", "\xf0\x9f\x98\x1b[A", {"print U+FFFD", "csi  A"}},
    {"Utf8Surrogate", "\xed\xa0\x80", {"print U+FFFDU+FFFDU+FFFD"}},
    {"Utf8Overlong", "\xc0\xaf", {"print U+FFFDU+FFFD"}},
    {"Utf8AboveMax", "\xf4\x90\x80\x80", {"print U+FFFDU+FFFDU+FFFDU+FFFD"}},
    {"Utf8InvalidLeadBytes", "\xf5\xff", {"print U+FFFDU+FFFD"}},
    // A C1 control written in UTF-8 starts no sequence: it goes to the handler to execute (the
    // terminal ignores it, as xterm does), and what follows is text.
    {"Utf8C1CsiStartsNoSequence",
     "\xc2\x9b"
     "5A",
     {"execute 9b", "print 5A"}},
    {"Utf8C1OscStartsNoString",
     "\xc2\x9d"
     "0;t",
     {"execute 9d", "print 0;t"}},
    {"C1ControlExecutes", "\xc2\x85", {"execute 85"}},
};

class ParserCaseTest : public testing::TestWithParam<Case> {};

TEST_P(ParserCaseTest, EmitsActions) {
  EXPECT_THAT(Feed(GetParam().input), testing::ElementsAreArray(GetParam().actions));
}

TEST_P(ParserCaseTest, SameActionsWhenFedByteByByte) {
  EXPECT_THAT(RunBytewise(GetParam().input), testing::ElementsAreArray(GetParam().actions));
}

INSTANTIATE_TEST_SUITE_P(Parser, ParserCaseTest, testing::ValuesIn(kCases),
                         [](const testing::TestParamInfo<Case>& info) {
                           return std::string(info.param.name);
                         });

// Printable runs are scanned sixteen bytes at a time (SkipPrintableAscii): a run must end at the
// first byte that is not printable ASCII wherever it falls in a block, and DEL, a control or a
// UTF-8 lead byte must each end it.
TEST(ParserAsciiRunTest, RunEndsAtTheFirstOtherByteAtEveryOffset) {
  struct Stop {
    std::string bytes;
    std::vector<std::string> actions;  // what the stop byte(s) produce
  };
  const Stop kStops[] = {
      {"\x01", {"execute 1"}},
      {"\x7f", {}},  // DEL is ignored
      {"\xc3\xa9", {"print U+00E9"}},
      {"\x1b[m", {"csi  m"}},
  };
  for (const Stop& stop : kStops) {
    for (int before = 0; before <= 40; ++before) {
      const std::string head(before, 'a');
      const std::string tail(40 - before, 'b');
      std::vector<std::string> want;
      auto add = [&want](const std::string& action) {
        if (absl::StartsWith(action, "print ") && !want.empty() &&
            absl::StartsWith(want.back(), "print ")) {
          want.back() += action.substr(6);  // the recorder merges neighbouring prints
        } else {
          want.push_back(action);
        }
      };
      if (!head.empty()) add("print " + head);
      for (const std::string& action : stop.actions) add(action);
      if (!tail.empty()) add("print " + tail);
      EXPECT_THAT(Feed(head + stop.bytes + tail), testing::ElementsAreArray(want))
          << "stop " << absl::CEscape(stop.bytes) << " after " << before << " bytes";
    }
  }
}

// Records which print path the parser took: "run" (PrintRun), "ascii" (PrintAscii) or "print".
class PathRecorder : public ParserHandler {
 public:
  explicit PathRecorder(bool runs) : runs_(runs) {}
  void PrintRun(absl::Span<const char32_t> run) override {
    if (!runs_) {
      ParserHandler::PrintRun(run);  // the default, which this recorder checks
      return;
    }
    std::string line = "run";
    for (const char32_t cp : run) absl::StrAppend(&line, " ", Name(cp));
    lines.push_back(line);
  }
  void PrintAscii(absl::string_view run) override { lines.push_back(absl::StrCat("ascii ", run)); }
  void Print(char32_t cp) override { lines.push_back("print " + Name(cp)); }
  void Execute(uint32_t c) override { lines.push_back(absl::StrCat("execute ", absl::Hex(c))); }
  std::vector<std::string> lines;

 private:
  static std::string Name(char32_t cp) {
    if (cp < 0x80) return std::string(1, static_cast<char>(cp));
    return absl::StrCat("U+", absl::AsciiStrToUpper(absl::StrCat(absl::Hex(cp, absl::kZeroPad4))));
  }
  bool runs_;
};

std::vector<std::string> FeedPaths(const std::string& input, bool runs) {
  Parser parser;
  PathRecorder rec(runs);
  parser.Feed(input, rec);
  return rec.lines;
}

// Text beyond ASCII reaches the handler as runs of code points, the ASCII between its characters
// included; a run ends at the first byte that is not printable text, and a long stretch of ASCII
// goes to PrintAscii.
TEST(ParserTextRunTest, MixedTextArrivesAsRunsEndingWhereTextEnds) {
  struct RunCase {
    const char* name;
    std::string input;
    std::vector<std::string> actions;
  };
  const RunCase kRunCases[] = {
      {"AsciiAloneIsNoRun", "abc\r", {"ascii abc", "execute d"}},
      {"AsciiAroundCjk", "a\xe4\xb8\xad b\r", {"run a U+4E2D   b", "execute d"}},
      {"StartsWithCjk", "\xe4\xb8\xad\xe6\x96\x87", {"run U+4E2D U+6587"}},
      {"EveryUtf8Length", "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", {"run U+00E9 U+20AC U+1F600"}},
      {"LongAsciiFirstGoesToPrintAscii",
       std::string(32, 'x') + "\xc3\xa9",
       {"ascii " + std::string(32, 'x'), "run U+00E9"}},
      {"C1ControlEndsTheRun",
       "a\xc3\xa9\xc2\x85"
       "b",
       {"run a U+00E9", "execute 85", "ascii b"}},
      {"EscEndsTheRun", "\xc3\xa9\x1b[mb", {"run U+00E9", "ascii b"}},
      {"DelEndsTheRun",
       "\xc3\xa9\x7f"
       "b",
       {"run U+00E9", "ascii b"}},
      // The streaming decoder re-reads the byte after a malformed lead as a character.
      {"MalformedEndsTheRun", "a\xc3(b", {"run a", "print U+FFFD", "print (", "ascii b"}},
      {"SplitCharacterEndsTheRun", "a\xe4\xb8", {"run a"}},
  };
  for (const RunCase& c : kRunCases) {
    EXPECT_THAT(FeedPaths(c.input, /*runs=*/true), testing::ElementsAreArray(c.actions)) << c.name;
  }
  // Less than 32 bytes of ASCII before the first other character join its run.
  std::string joined = "run";
  for (int i = 0; i < 31; ++i) joined += " x";
  EXPECT_THAT(FeedPaths(std::string(31, 'x') + "\xc3\xa9", true),
              testing::ElementsAre(joined + " U+00E9"));
}

TEST(ParserTextRunTest, LongRunsArriveInBatchesThatKeepEveryCodePoint) {
  std::string input;
  for (int i = 0; i < 300; ++i) input += "\xe4\xb8\xad";
  const std::vector<std::string> lines = FeedPaths(input, /*runs=*/true);
  int code_points = 0;
  for (const std::string& line : lines) {
    ASSERT_TRUE(absl::StartsWith(line, "run ")) << line;
    code_points += static_cast<int>(std::count(line.begin(), line.end(), '+'));
  }
  EXPECT_EQ(code_points, 300);
  EXPECT_GT(lines.size(), 1u);
}

// A handler that overrides only Print and PrintAscii sees the ASCII of a run as one PrintAscii
// stretch and every other code point as a Print, as before PrintRun existed.
TEST(ParserTextRunTest, TheDefaultPrintRunSplitsIntoPrintAsciiAndPrint) {
  EXPECT_THAT(
      FeedPaths("ab\xe4\xb8\xad\xc3\xa9"
                "cd\r",
                /*runs=*/false),
      testing::ElementsAre("ascii ab", "print U+4E2D", "print U+00E9", "ascii cd", "execute d"));
}

TEST(ParserLimitsTest, ParamsPastTheLimitAreDroppedAndTheRestDispatched) {
  std::string input = "\x1b[";
  for (int i = 0; i < 100000; ++i) input += "1;";
  input += "m";
  Parser parser;
  Recorder rec;
  parser.Feed(input, rec);
  ASSERT_EQ(rec.lines.size(), 1u);
  std::string first32 = "csi 1";
  for (int i = 1; i < 32; ++i) first32 += ";1";
  EXPECT_EQ(rec.lines[0], first32 + " m truncated");
  EXPECT_EQ(parser.stats().truncated_params, 1u);
  EXPECT_EQ(parser.stats().overflowed_sequences, 0u);
}

// Params keeps its first 32 entries in fixed arrays and the rest apart: a larger limit keeps every
// entry, its value, default and colon, across that border, and they survive a byte-at-a-time feed
// (the general Param path) as well as a whole one (ParamRun).
TEST(ParserLimitsTest, ALargerLimitKeepsEntriesPastTheThirtySecond) {
  std::string input = "\x1b[";
  std::string expected = "csi ";
  for (int i = 0; i < 40; ++i) {
    if (i > 0) {
      const bool colon = i % 7 == 0;
      input += colon ? ":" : ";";
      expected += colon ? ":" : ";";
    }
    if (i % 5 == 3) {
      expected += "_";
    } else {
      input += std::to_string(i * 11);
      expected += std::to_string(i * 11);
    }
  }
  input += ";m";
  expected += ";_ m";
  for (const bool bytewise : {false, true}) {
    SCOPED_TRACE(bytewise ? "a byte at a time" : "in one feed");
    Parser parser(ParserLimits{.max_params = 64});
    Recorder rec;
    if (bytewise) {
      for (char c : input) parser.Feed(absl::string_view(&c, 1), rec);
    } else {
      parser.Feed(input, rec);
    }
    ASSERT_EQ(rec.lines.size(), 1u);
    EXPECT_EQ(rec.lines[0], expected);
    EXPECT_EQ(parser.stats().truncated_params, 0u);
  }
}

TEST(ParamsTest, HasSubIsTrueOnlyWhenAnEntryCameAfterAColonAndForgetsOnClear) {
  Params params;
  params.Push(38, false);
  params.Push(2, false);
  EXPECT_FALSE(params.has_sub());
  params.Push(5, true);
  EXPECT_TRUE(params.has_sub());
  EXPECT_TRUE(params.is_sub(2));
  EXPECT_FALSE(params.is_sub(3));  // absent
  params.Clear();
  EXPECT_FALSE(params.has_sub());
  EXPECT_EQ(params.size(), 0);
  EXPECT_EQ(params.raw(0), Params::kDefault);
}

// xterm 379 in UTF-8 mode: C2 9C (ST written in UTF-8) and a raw 9C are characters of a string,
// not its end; only BEL, ESC \\, CAN and SUB end it.
TEST(ParserStringTest, Utf8EncodedStIsPartOfTheString) {
  EXPECT_THAT(Feed("\x1b]2;hi\xc2\x9cXYZ\x07"), testing::ElementsAre("osc \"2;hi\xc2\x9cXYZ\""));
  EXPECT_THAT(Feed("\x1bPq#0\xc2\x9cXY\x1b\\"),
              testing::ElementsAre("dcs-hook  q", "dcs-put #0\xc2\x9cXY", "dcs-unhook", "esc  \\"));
  EXPECT_THAT(Feed("\x1b]2;hi\x9cXYZ\x07"), testing::ElementsAre("osc \"2;hi\x9cXYZ\""));
  EXPECT_THAT(RunBytewise("\x1b]2;hi\xc2\x9cXYZ\x07"),
              testing::ElementsAre("osc \"2;hi\xc2\x9cXYZ\""));
}

TEST(ParserLimitsTest, TooManyIntermediatesOverflow) {
  EXPECT_THAT(Feed("\x1b[1 !\"#q"), testing::ElementsAre("csi 1 ' !' q overflowed"));
}

// How each OSC string ended, as OscDispatch is told (a reply ends the way its query did).
struct TerminatorCase {
  const char* name;
  std::string input;
  std::string terminators;  // B (BEL) or S (ST) per string, in order
};

void PrintTo(const TerminatorCase& c, std::ostream* os) { *os << c.name; }

class OscTerminatorTest : public ::testing::TestWithParam<TerminatorCase> {};

TEST_P(OscTerminatorTest, TellsHowTheStringEnded) {
  const TerminatorCase& c = GetParam();
  Parser whole;
  Recorder whole_rec;
  whole.Feed(c.input, whole_rec);
  EXPECT_EQ(whole_rec.terminators, c.terminators);
  Parser bytewise;
  Recorder bytewise_rec;
  for (char ch : c.input) bytewise.Feed(absl::string_view(&ch, 1), bytewise_rec);
  EXPECT_EQ(bytewise_rec.terminators, c.terminators) << "fed one byte at a time";
}

INSTANTIATE_TEST_SUITE_P(
    Parser, OscTerminatorTest,
    ::testing::ValuesIn(std::vector<TerminatorCase>{
        {"Bel", "\x1b]11;?\x07", "B"},
        {"EscBackslash", "\x1b]11;?\x1b\\", "S"},
        {"Utf8C1StIsPartOfTheString", "\x1b]11;?\xc2\x9c\x07", "B"},
        {"AnEscStartingAnotherSequence", "\x1b]11;?\x1b[c", "S"},
        {"EachStringItsOwn", "\x1b]10;?\x07\x1b]11;?\x1b\\\x1b]12;?\x07", "BSB"},
        {"ABelInTheGroundAfterwardsChangesNothing", "\x1b]11;?\x1b\\\x07", "S"},
        {"AnAbortedStringLeavesNoBelBehind", "\x1b]11;?\x18\x1b]11;?\x1b\\", "S"},
        {"AnOverflowedStringEndedByBel",
         std::string("\x1b]2;") + std::string(2 << 20, 'a') + "\x07", "B"},
    }),
    [](const auto& info) { return std::string(info.param.name); });

TEST(ParserLimitsTest, LongOscIsTruncatedAndFlagged) {
  ParserLimits limits;
  limits.max_osc_bytes = 8;
  Parser parser(limits);
  Recorder rec;
  parser.Feed("\x1b]2;0123456789abcdef\x07", rec);
  EXPECT_THAT(rec.lines, testing::ElementsAre("osc \"2;012345\" overflowed"));
  EXPECT_EQ(parser.stats().overflowed_osc, 1u);
}

TEST(ParserLimitsTest, HugeOscCostsBoundedMemory) {
  Parser parser;  // default limit: 1 MiB
  Recorder rec;
  const std::string chunk(1 << 20, 'x');
  parser.Feed("\x1b]2;", rec);
  for (int i = 0; i < 100; ++i) parser.Feed(chunk, rec);  // 100 MiB in all
  parser.Feed("\x07", rec);
  ASSERT_EQ(rec.lines.size(), 1u);
  EXPECT_THAT(rec.lines[0], testing::EndsWith("overflowed"));
  EXPECT_LT(rec.lines[0].size(), (1u << 20) + 32);
}

TEST(ParserStatsTest, CountsMalformedUtf8AndAborts) {
  Parser parser;
  Recorder rec;
  parser.Feed("\x80\xc3(\x1b[1\x18", rec);
  EXPECT_EQ(parser.stats().malformed_utf8, 2u);
  EXPECT_EQ(parser.stats().aborted_sequences, 1u);
}

TEST(ParserStateTest, SplitSequenceKeepsState) {
  Parser parser;
  Recorder rec;
  parser.Feed("\x1b[3", rec);
  EXPECT_EQ(parser.state(), Parser::State::kCsiParam);
  parser.Feed("8;5;2", rec);
  parser.Feed("m", rec);
  EXPECT_EQ(parser.state(), Parser::State::kGround);
  EXPECT_THAT(rec.lines, testing::ElementsAre("csi 38;5;2 m"));
}

// The header's usage example.
TEST(ParserExampleTest, HeaderExampleWorks) {
  class Echo : public vtsnap::ParserHandler {
   public:
    void Print(char32_t cp) override { text += static_cast<char>(cp); }
    void CsiDispatch(const Sequence& seq) override {
      final = seq.final;
      param = seq.params.Get(0, 0);
    }
    std::string text;
    char final = 0;
    int param = -1;
  };
  vtsnap::Parser parser;
  Echo echo;
  parser.Feed("a\x1b[1mb", echo);
  EXPECT_EQ(echo.text, "ab");
  EXPECT_EQ(echo.final, 'm');
  EXPECT_EQ(echo.param, 1);
}

}  // namespace
}  // namespace vtsnap
