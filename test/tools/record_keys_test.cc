// `vtsnap record`'s reading of what the user types: bytes cut into keys, the terminal's own answers
// told apart, and the keys written back as key-script words (tools/record_keys.h); and the test
// source it writes from a recorded session (tools/record_writer.h).
#include "vtsnap/tools/record_keys.h"

#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/keys.h"
#include "vtsnap/tools/record_writer.h"

namespace vtsnap::tools::record_internal {
namespace {

using ::testing::ElementsAreArray;

struct WordCase {
  const char* name;
  std::string bytes;
  KeyWord word;
};

class KeyWordTest : public ::testing::TestWithParam<WordCase> {};

TEST_P(KeyWordTest, IsTheWordThatSendsTheBytes) {
  EXPECT_EQ(KeyWordOf(GetParam().bytes), GetParam().word) << absl::CEscape(GetParam().bytes);
}

using K = KeyWord::Kind;
INSTANTIATE_TEST_SUITE_P(
    Table, KeyWordTest,
    ::testing::Values(
        WordCase{"Letter", "j", {K::kChar, "j"}}, WordCase{"Digit", "7", {K::kChar, "7"}},
        WordCase{"Punctuation", "/", {K::kChar, "/"}},
        WordCase{"Utf8Character", "\xc3\xa9", {K::kChar, "\xc3\xa9"}},
        WordCase{"WideCharacter", "\xe5\xaf\xbf", {K::kChar, "\xe5\xaf\xbf"}},
        WordCase{"Space", " ", {K::kWord, "space"}},
        WordCase{"CarriageReturnIsEnter", "\r", {K::kWord, "enter"}},
        WordCase{"Tab", "\t", {K::kWord, "tab"}}, WordCase{"LoneEscape", "\x1b", {K::kWord, "esc"}},
        WordCase{"DelIsBackspace", "\x7f", {K::kWord, "backspace"}},
        WordCase{"CtrlC", "\x03", {K::kWord, "ctrl+c"}},
        WordCase{"LineFeedIsCtrlJ", "\n", {K::kWord, "ctrl+j"}},
        WordCase{"BackspaceByteIsCtrlH", "\x08", {K::kWord, "ctrl+h"}},
        WordCase{"Nul", std::string(1, '\0'), {K::kWord, "ctrl+@"}},
        WordCase{"CtrlBackslash", "\x1c", {K::kWord, "ctrl+\\"}},
        WordCase{"CtrlUnderscore", "\x1f", {K::kWord, "ctrl+_"}},
        WordCase{"UpNormal", "\x1b[A", {K::kWord, "up"}},
        WordCase{"UpApplication", "\x1bOA", {K::kWord, "up"}},
        WordCase{"LeftNormal", "\x1b[D", {K::kWord, "left"}},
        WordCase{"HomeApplication", "\x1bOH", {K::kWord, "home"}},
        WordCase{"End", "\x1b[F", {K::kWord, "end"}},
        WordCase{"PageDown", "\x1b[6~", {K::kWord, "pgdn"}},
        WordCase{"Delete", "\x1b[3~", {K::kWord, "delete"}},
        WordCase{"ShiftTab", "\x1b[Z", {K::kWord, "backtab"}},
        WordCase{"F1", "\x1bOP", {K::kWord, "f1"}}, WordCase{"F12", "\x1b[24~", {K::kWord, "f12"}},
        WordCase{"AltLetter", "\x1bx", {K::kWord, "alt+x"}},
        WordCase{"AltUtf8", "\x1b\xc3\xa9", {K::kWord, "alt+\xc3\xa9"}},
        WordCase{"CtrlUpHasNoWord", "\x1b[1;5A", {K::kNone, ""}},
        WordCase{"MouseReportHasNoWord", "\x1b[<0;5;3M", {K::kNone, ""}},
        WordCase{"AltSpaceHasNoWord", "\x1b ", {K::kNone, ""}},
        WordCase{"CtrlAltHasNoWord", "\x1b\x03", {K::kNone, ""}},
        WordCase{"C1ControlHasNoWord", "\xc2\x85", {K::kNone, ""}},
        WordCase{"IllFormedByteHasNoWord", "\xff", {K::kNone, ""}}),
    [](const ::testing::TestParamInfo<WordCase>& info) { return info.param.name; });

struct PiecesCase {
  const char* name;
  std::string bytes;
  std::vector<ReplayPiece> pieces;
};

class ReplayPiecesTest : public ::testing::TestWithParam<PiecesCase> {};

TEST_P(ReplayPiecesTest, ReplayTheBytes) {
  EXPECT_THAT(ToReplayPieces(GetParam().bytes), ElementsAreArray(GetParam().pieces))
      << absl::CEscape(GetParam().bytes);
}

INSTANTIATE_TEST_SUITE_P(
    Table, ReplayPiecesTest,
    ::testing::Values(
        PiecesCase{"LettersMakeOneWord", "hello", {{true, "hello"}}},
        PiecesCase{"KeysBetweenWords", "ls -l\r", {{true, "ls space -l enter"}}},
        PiecesCase{"ArrowsAndLetters", "jj\x1b[Bq", {{true, "jj down q"}}},
        PiecesCase{"LettersThatSpellAKeyNameAreSplit", "up", {{true, "u p"}}},
        PiecesCase{"KeyNameInAnyCaseIsSplit", "Enter", {{true, "E n t e r"}}},
        PiecesCase{"FunctionKeyNameIsSplit", "f1", {{true, "f 1"}}},
        PiecesCase{"CtrlFormTypedAsLettersIsSplit", "ctrl+x", {{true, "c t r l + x"}}},
        PiecesCase{"ThreeCharactersAfterFAreAWord", "f13", {{true, "f13"}}},
        PiecesCase{"Utf8Word", "caf\xc3\xa9", {{true, "caf\xc3\xa9"}}},
        PiecesCase{"BytesWithoutAWordGoAsBytes",
                   "a\x1b[1;5Ab",
                   {{true, "a"}, {false, "\x1b[1;5A"}, {true, "b"}}},
        PiecesCase{"ConsecutiveBytesJoin", "\x1b[1;5A\x1b[1;5B", {{false, "\x1b[1;5A\x1b[1;5B"}}},
        PiecesCase{"EscThenEscSequence", "\x1b\x1b[A", {{true, "esc up"}}},
        PiecesCase{"Quote", "\"\\", {{true, "\"\\"}}}),
    [](const ::testing::TestParamInfo<PiecesCase>& info) { return info.param.name; });

// Every piece that is a script must send the bytes it came from (SendKeys' encoding).
TEST(ReplayPieces, ScriptsEncodeToTheTypedBytes) {
  const std::string typed = "ls -l\r\x1b[Bup f1 ctrl+x caf\xc3\xa9\x03\x1c\x7f\x1bx\t\x1b[Z\x1b[6~";
  std::string replayed;
  for (const ReplayPiece& piece : ToReplayPieces(typed)) {
    if (!piece.keys) {
      replayed += piece.text;
      continue;
    }
    absl::StatusOr<std::string> bytes = EncodeKeys(piece.text);
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    replayed += *bytes;
  }
  EXPECT_EQ(absl::CEscape(replayed), absl::CEscape(typed));
}

struct SplitCase {
  const char* name;
  std::string bytes;
  bool at_end;
  std::vector<std::string> tokens;
  size_t taken;
};

class SplitInputTest : public ::testing::TestWithParam<SplitCase> {};

TEST_P(SplitInputTest, CutsAtKeys) {
  std::vector<InputToken> tokens;
  EXPECT_EQ(SplitInput(GetParam().bytes, GetParam().at_end, &tokens), GetParam().taken);
  std::vector<std::string> bytes;
  for (const InputToken& t : tokens) bytes.push_back(t.bytes);
  EXPECT_THAT(bytes, ElementsAreArray(GetParam().tokens));
}

INSTANTIATE_TEST_SUITE_P(
    Table, SplitInputTest,
    ::testing::Values(
        SplitCase{"Letters", "ab", false, {"a", "b"}, 2},
        SplitCase{"WholeCsi", "\x1b[15~x", false, {"\x1b[15~", "x"}, 6},
        SplitCase{"CsiCutShortWaits", "a\x1b[1", false, {"a"}, 1},
        SplitCase{"LoneEscWaits", "a\x1b", false, {"a"}, 1},
        SplitCase{"LoneEscAtEndIsEsc", "\x1b", true, {"\x1b"}, 1},
        SplitCase{"Utf8CutShortWaits", "\xe5\xaf", false, {}, 0},
        SplitCase{"Ss3", "\x1bOAq", false, {"\x1bOA", "q"}, 4},
        SplitCase{"OscToBel", "\x1b]11;rgb:0/0/0\ax", false, {"\x1b]11;rgb:0/0/0\a", "x"}, 16},
        SplitCase{"DcsToSt", "\x1bP1$r0m\x1b\\", false, {"\x1bP1$r0m\x1b\\"}, 9},
        SplitCase{"DcsCutShortWaits", "\x1bP1$r0m", false, {}, 0},
        SplitCase{"AltCharacter", "\x1bx\x1b\xc3\xa9", false, {"\x1bx", "\x1b\xc3\xa9"}, 5}),
    [](const ::testing::TestParamInfo<SplitCase>& info) { return info.param.name; });

struct ClassifyCase {
  const char* name;
  std::string bytes;
  TokenKind kind;
};

class ClassifyTokenTest : public ::testing::TestWithParam<ClassifyCase> {};

TEST_P(ClassifyTokenTest, TellsRepliesFromKeys) {
  EXPECT_EQ(ClassifyToken(GetParam().bytes), GetParam().kind);
}

INSTANTIATE_TEST_SUITE_P(
    Table, ClassifyTokenTest,
    ::testing::Values(
        ClassifyCase{"Letter", "q", TokenKind::kKey},
        ClassifyCase{"Arrow", "\x1b[A", TokenKind::kKey},
        ClassifyCase{"MouseReport", "\x1b[<0;1;1M", TokenKind::kKey},
        ClassifyCase{"FocusIn", "\x1b[I", TokenKind::kKey},
        ClassifyCase{"PrimaryDeviceAttributes", "\x1b[?64;1;2c", TokenKind::kReply},
        ClassifyCase{"SecondaryDeviceAttributes", "\x1b[>41;379;0c", TokenKind::kReply},
        ClassifyCase{"ModeReport", "\x1b[?2026;2$y", TokenKind::kReply},
        ClassifyCase{"WindowSizeReport", "\x1b[8;24;80t", TokenKind::kReply},
        ClassifyCase{"ColourReport", "\x1b]11;rgb:ffff/ffff/ffff\x1b\\", TokenKind::kReply},
        ClassifyCase{"SettingReport", "\x1bP1$r0m\x1b\\", TokenKind::kReply},
        ClassifyCase{"CursorReportOrCtrlF3", "\x1b[1;5R", TokenKind::kCursorReport},
        ClassifyCase{"CursorReport", "\x1b[12;40R", TokenKind::kCursorReport}),
    [](const ::testing::TestParamInfo<ClassifyCase>& info) { return info.param.name; });

struct LiteralCase {
  const char* name;
  std::string bytes;
  std::string literal;
};

class CppStringLiteralTest : public ::testing::TestWithParam<LiteralCase> {};

TEST_P(CppStringLiteralTest, WritesTheBytes) {
  EXPECT_EQ(CppStringLiteral(GetParam().bytes), GetParam().literal);
}

INSTANTIATE_TEST_SUITE_P(
    Table, CppStringLiteralTest,
    ::testing::Values(LiteralCase{"Plain", "j j down", "\"j j down\""},
                      LiteralCase{"QuoteAndBackslash", "ctrl+\\ \"", "\"ctrl+\\\\ \\\"\""},
                      // Octal, three digits: "\x1bA" would read as one hex escape.
                      LiteralCase{"EscBeforeAHexDigit", "\x1b[1;5A", "\"\\033[1;5A\""},
                      LiteralCase{"Utf8KeptAsIs", "caf\xc3\xa9", "\"caf\xc3\xa9\""},
                      LiteralCase{"IllFormedByte", "\xff", "\"\\377\""},
                      LiteralCase{"Newline", "a\nb", "\"a\\012b\""}),
    [](const ::testing::TestParamInfo<LiteralCase>& info) { return info.param.name; });

struct NameCase {
  const char* program;
  const char* name;
  const char* suite;
};

class TestNameTest : public ::testing::TestWithParam<NameCase> {};

TEST_P(TestNameTest, FollowsTheProgram) {
  EXPECT_EQ(DefaultTestName(GetParam().program), GetParam().name);
  EXPECT_EQ(ValidateTestName(GetParam().name), absl::OkStatus());
  EXPECT_EQ(TestSuiteName(GetParam().name), GetParam().suite);
}

INSTANTIATE_TEST_SUITE_P(Table, TestNameTest,
                         ::testing::Values(NameCase{"less", "less", "LessRecording"},
                                           NameCase{"./build/menu_app", "menu_app",
                                                    "MenuAppRecording"},
                                           NameCase{"my-tui.py", "my_tui_py", "MyTuiPyRecording"},
                                           NameCase{"7zip", "zip", "ZipRecording"},
                                           NameCase{"+++", "recorded", "RecordedRecording"}));

TEST(ValidateTestName, RefusesWhatCannotNameATest) {
  for (const char* bad : {"", "1st", "a-b", "a b", "a/b", "_a"}) {
    EXPECT_FALSE(ValidateTestName(bad).ok()) << bad;
  }
}

RecordedSession Session() {
  RecordedSession s;
  s.name = "demo";
  s.argv = {"prog", "it's"};
  s.cols = 40;
  s.rows = 10;
  s.working_directory = "/home/me/dir";
  return s;
}

RecordedStep Keys(std::string bytes, absl::Duration at, RecordedWait wait = {}) {
  RecordedStep step;
  step.kind = RecordedStep::Kind::kKeys;
  step.bytes = std::move(bytes);
  step.at = at;
  step.wait = std::move(wait);
  return step;
}

RecordedStep Checkpoint(std::string golden) {
  RecordedStep step;
  step.kind = RecordedStep::Kind::kCheckpoint;
  step.golden = std::move(golden);
  return step;
}

TEST(TestSource, StartsTheProgramAtItsSizeInItsDirectory) {
  const std::string source = TestSource(Session());
  EXPECT_THAT(source, ::testing::HasSubstr(
                          "vtsnap::PtySession session({.cols = 40, .rows = 10, "
                          ".working_directory = \"/home/me/dir\"});\n"
                          "  ASSERT_EQ(session.Start({\"prog\", \"it's\"}), absl::OkStatus());\n"));
  EXPECT_THAT(source, ::testing::HasSubstr("TEST(DemoRecording, ReplaysTheSession)"));
  // No checkpoint: no golden options.
  EXPECT_THAT(source, ::testing::Not(::testing::HasSubstr("GoldenOptions")));
}

// Keys with a word and bytes without one, typed together, go in one write as they came: the
// program may read them differently apart.
TEST(TestSource, KeysThenTheirWaitThenTheCheckpoint) {
  RecordedSession s = Session();
  s.redactions = {"\\d+"};
  s.steps = {Keys("j\x1b[1;5A", absl::Milliseconds(1500),
                  {.text = "Saved", .quiet = absl::Milliseconds(200)}),
             Checkpoint("demo_1")};
  EXPECT_THAT(TestSource(s),
              ::testing::HasSubstr(
                  "  ASSERT_EQ(golden.redactions.AddPattern(\"\\\\d+\"), absl::OkStatus());\n"
                  "  ASSERT_EQ(session.WaitForQuiet(absl::Milliseconds(200)), absl::OkStatus());\n"
                  "\n"
                  "  // 1.50 s: j \"\\033[1;5A\"\n"
                  "  ASSERT_EQ(session.Send(\"j\\033[1;5A\"), absl::OkStatus());\n"
                  "  ASSERT_EQ(session.WaitForText(\"Saved\"), absl::OkStatus());\n"
                  "  ASSERT_EQ(session.WaitForQuiet(absl::Milliseconds(200)), absl::OkStatus());\n"
                  "  EXPECT_THAT(session, vtsnap::EqualsGolden(\"demo_1\", golden));\n"));
}

TEST(TestSource, TheKeysTheProgramExitedOnAreFollowedByItsExit) {
  RecordedSession s = Session();
  s.steps = {Keys("q", absl::Seconds(2))};
  s.exit = ExitStatus{.code = 3};
  EXPECT_THAT(TestSource(s),
              ::testing::HasSubstr("  ASSERT_EQ(session.SendKeys(\"q\"), absl::OkStatus());\n"
                                   "\n"
                                   "  absl::StatusOr<vtsnap::ExitStatus> exit = "
                                   "session.WaitForExit();\n"
                                   "  ASSERT_TRUE(exit.ok()) << exit.status();\n"
                                   "  EXPECT_EQ(exit->ToString(), \"exit status 3\");\n"));
}

}  // namespace
}  // namespace vtsnap::tools::record_internal
