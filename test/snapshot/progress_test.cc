// ReadProgress: the progress lines of docs/pito.md ("Progress lines", "The rules"), one rule a
// case.
#include "vtsnap/snapshot/formats/progress.h"

#include <optional>
#include <string>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace vtsnap {
namespace {

using ::testing::HasSubstr;

// The spec's three example lines, verbatim.
constexpr char kSpecStart[] =
    R"({"v":1,"op":"check","app":"demo","ref":null,"stage":"resolve","state":"start","fraction":null,"msg":"resolve starting","at":1792004625071})";
constexpr char kSpecProgress[] =
    R"({"v":1,"op":"check","app":"demo","ref":null,"stage":"resolve","state":"progress","fraction":0.062,"msg":"resolve 1 of 4","at":1792004625272})";
constexpr char kSpecEnd[] =
    R"({"v":1,"op":"check","app":"demo","ref":null,"state":"end","ok":true,"msg":"every check passed","at":1792004628472})";

Progress Make(ProgressState state, std::optional<std::string> stage, std::optional<double> fraction,
              std::optional<std::string> msg, std::optional<bool> ok) {
  Progress p;
  p.state = state;
  p.stage = std::move(stage);
  p.fraction = fraction;
  p.msg = std::move(msg);
  p.ok = ok;
  return p;
}

// ---------------------------------------------------------------------------------------------
// Progress lines.

struct ProgressCase {
  const char* name;
  std::string line;
  Progress want;
};

class ReadsProgressLine : public ::testing::TestWithParam<ProgressCase> {};

TEST_P(ReadsProgressLine, IntoItsFields) {
  const absl::StatusOr<ProgressReading> read = ReadProgress(GetParam().line);
  ASSERT_TRUE(read.ok()) << read.status();
  ASSERT_TRUE(read->progress.has_value()) << read->not_progress;
  EXPECT_EQ(*read->progress, GetParam().want);
  EXPECT_EQ(read->not_progress, "");
}

INSTANTIATE_TEST_SUITE_P(
    Spec, ReadsProgressLine,
    ::testing::Values(
        // The spec's examples: unknown fields (op, app, ref, at) ignored, a null fraction absent.
        ProgressCase{
            "SpecStart", kSpecStart,
            Make(ProgressState::kStart, "resolve", std::nullopt, "resolve starting", std::nullopt)},
        ProgressCase{
            "SpecProgress", kSpecProgress,
            Make(ProgressState::kProgress, "resolve", 0.062, "resolve 1 of 4", std::nullopt)},
        ProgressCase{
            "SpecEnd", kSpecEnd,
            Make(ProgressState::kEnd, std::nullopt, std::nullopt, "every check passed", true)},
        // One rule a case.
        ProgressCase{
            "OnlyVersionAndState", R"({"v":1,"state":"done"})",
            Make(ProgressState::kDone, std::nullopt, std::nullopt, std::nullopt, std::nullopt)},
        ProgressCase{"FailState", R"({"v":1,"state":"fail","stage":"build"})",
                     Make(ProgressState::kFail, "build", std::nullopt, std::nullopt, std::nullopt)},
        ProgressCase{"EndNotOk", R"({"v":1,"state":"end","ok":false})",
                     Make(ProgressState::kEnd, std::nullopt, std::nullopt, std::nullopt, false)},
        ProgressCase{
            "MissingVersionReadsAsOne", R"({"state":"start"})",
            Make(ProgressState::kStart, std::nullopt, std::nullopt, std::nullopt, std::nullopt)},
        ProgressCase{
            "VersionOneAsAFloat", R"({"v":1.0,"state":"start"})",
            Make(ProgressState::kStart, std::nullopt, std::nullopt, std::nullopt, std::nullopt)},
        ProgressCase{
            "NullStageAndMsgAndOkAreAbsent",
            R"({"v":1,"state":"end","stage":null,"msg":null,"ok":null})",
            Make(ProgressState::kEnd, std::nullopt, std::nullopt, std::nullopt, std::nullopt)},
        ProgressCase{"FractionZeroIsInRange", R"({"v":1,"state":"progress","fraction":0})",
                     Make(ProgressState::kProgress, std::nullopt, 0.0, std::nullopt, std::nullopt)},
        ProgressCase{"FractionOneIsInRange", R"({"v":1,"state":"progress","fraction":1})",
                     Make(ProgressState::kProgress, std::nullopt, 1.0, std::nullopt, std::nullopt)},
        ProgressCase{
            "UnknownFieldsOfAnyTypeIgnored",
            R"({"v":1,"state":"start","extra":{"a":[1,2,{"b":"}"}]},"n":-3})",
            Make(ProgressState::kStart, std::nullopt, std::nullopt, std::nullopt, std::nullopt)},
        ProgressCase{
            "TrailingNewlineAndCarriageReturn", "{\"v\":1,\"state\":\"done\"}\r\n",
            Make(ProgressState::kDone, std::nullopt, std::nullopt, std::nullopt, std::nullopt)},
        ProgressCase{
            "EscapedStringsDecoded", R"({"v":1,"state":"start","msg":"caf\u00e9 \"x\""})",
            Make(ProgressState::kStart, std::nullopt, std::nullopt, "café \"x\"", std::nullopt)}),
    [](const ::testing::TestParamInfo<ProgressCase>& info) { return info.param.name; });

// ---------------------------------------------------------------------------------------------
// Lines that are not progress lines: text, with the reason.

struct NotProgressCase {
  const char* name;
  std::string line;
  std::string reason;  // a part of the reason
};

class NotAProgressLine : public ::testing::TestWithParam<NotProgressCase> {};

TEST_P(NotAProgressLine, SaysWhy) {
  const absl::StatusOr<ProgressReading> read = ReadProgress(GetParam().line);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_FALSE(read->progress.has_value());
  EXPECT_THAT(read->not_progress, HasSubstr(GetParam().reason));
}

INSTANTIATE_TEST_SUITE_P(
    Spec, NotAProgressLine,
    ::testing::Values(
        NotProgressCase{"PlainText", "compiling foo.cc", "not JSON"},
        NotProgressCase{"EmptyLine", "", "not JSON"},
        NotProgressCase{"TruncatedJson", R"({"v":1,"state":"start")", "not JSON"},
        NotProgressCase{"TrailingText", R"({"v":1,"state":"start"} and more)", "not JSON"},
        NotProgressCase{"InvalidUtf8InAString", "{\"v\":1,\"state\":\"start\",\"msg\":\"\xff\"}",
                        "not JSON"},
        NotProgressCase{"NumberTooLargeForADouble", R"({"v":1,"state":"start","at":1e400})",
                        "not JSON"},
        NotProgressCase{"JsonArray", R"([{"v":1,"state":"start"}])", "not a JSON object"},
        NotProgressCase{"JsonString", R"("state")", "not a JSON object"},
        NotProgressCase{"VersionTwo", R"({"v":2,"state":"start"})", "\"v\" is 2, not 1"},
        NotProgressCase{"VersionAsString", R"({"v":"1","state":"start"})",
                        "\"v\" is \\\"1\\\", not 1"},
        NotProgressCase{"VersionNull", R"({"v":null,"state":"start"})", "\"v\" is null, not 1"},
        NotProgressCase{"NoState", R"({"v":1,"stage":"resolve","fraction":0.5})", "no \"state\""},
        NotProgressCase{"StateNotAString", R"({"v":1,"state":3})", "\"state\" is 3, not a string"},
        NotProgressCase{"StateNull", R"({"v":1,"state":null})", "\"state\" is null, not a string"},
        NotProgressCase{"UnknownState", R"({"v":1,"state":"pause"})",
                        "not one of start, progress, done, fail, end"},
        NotProgressCase{"StateNamesAreCaseSensitive", R"({"v":1,"state":"Done"})",
                        "not one of start, progress, done, fail, end"},
        // Not progress lines win over malformed fields: an unknown version is not read further.
        NotProgressCase{"VersionTwoWithBadFraction", R"({"v":2,"state":"progress","fraction":7})",
                        "\"v\" is 2"}),
    [](const ::testing::TestParamInfo<NotProgressCase>& info) { return info.param.name; });

// ---------------------------------------------------------------------------------------------
// Malformed progress lines: errors naming the field, its value and the column.

struct MalformedCase {
  const char* name;
  std::string line;
  std::string message;  // the whole message
};

class MalformedProgressLine : public ::testing::TestWithParam<MalformedCase> {};

TEST_P(MalformedProgressLine, IsAnErrorNamingTheField) {
  const absl::StatusOr<ProgressReading> read = ReadProgress(GetParam().line);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(read.status().message(), GetParam().message);
}

// Columns are 1-based byte positions of the value: in {"v":1,"state":"progress","fraction":1.5}
// the value 1.5 is bytes 37-39 (0-based), column 38.
INSTANTIATE_TEST_SUITE_P(
    Spec, MalformedProgressLine,
    ::testing::Values(
        MalformedCase{"FractionAboveOne", R"({"v":1,"state":"progress","fraction":1.5})",
                      R"(malformed progress line: "fraction" is 1.5, outside 0..1 (column 38))"},
        MalformedCase{"FractionBelowZero", R"({"v":1,"state":"progress","fraction":-0.1})",
                      R"(malformed progress line: "fraction" is -0.1, outside 0..1 (column 38))"},
        MalformedCase{
            "FractionJustAboveOne", R"({"state":"progress", "fraction" : 1.0000001})",
            R"(malformed progress line: "fraction" is 1.0000001, outside 0..1 (column 35))"},
        MalformedCase{
            "FractionAString", R"({"v":1,"state":"progress","fraction":"x"})",
            R"(malformed progress line: "fraction" is \"x\", not a number or null (column 38))"},
        MalformedCase{"OkANumber", R"({"v":1,"state":"end","ok":1})",
                      R"(malformed progress line: "ok" is 1, not true, false or null (column 27))"},
        MalformedCase{"StageANumber", R"({"v":1,"state":"start","stage":5})",
                      R"(malformed progress line: "stage" is 5, not a string or null (column 32))"},
        MalformedCase{
            "MsgAnObject", R"({"v":1,"state":"start","msg":{"a":1}})",
            R"(malformed progress line: "msg" is {\"a\":1}, not a string or null (column 30))"},
        // With a duplicated key, the last value counts (as in the parsed object), and the column
        // is the last one's.
        MalformedCase{"DuplicateKeyLastWins", R"({"state":"progress","fraction":0.5,"fraction":2})",
                      R"(malformed progress line: "fraction" is 2, outside 0..1 (column 47))"},
        // A key spelled with an escape is the same key.
        MalformedCase{"EscapedKey", R"({"state":"progress","fr\u0061ction":3})",
                      R"(malformed progress line: "fraction" is 3, outside 0..1 (column 37))"}),
    [](const ::testing::TestParamInfo<MalformedCase>& info) { return info.param.name; });

TEST(ReadProgressTest, LongValuesAreShortenedInTheMessage) {
  const std::string line = R"({"v":1,"state":"start","msg":[)" + std::string(100, '1') + R"(]})";
  const absl::StatusOr<ProgressReading> read = ReadProgress(line);
  ASSERT_FALSE(read.ok());
  EXPECT_THAT(read.status().message(),
              HasSubstr(R"("msg" is [)" + std::string(39, '1') + "..., not a string"));
}

TEST(ReadProgressTest, StateNamesRoundTrip) {
  for (ProgressState state : {ProgressState::kStart, ProgressState::kProgress, ProgressState::kDone,
                              ProgressState::kFail, ProgressState::kEnd}) {
    const std::string line =
        R"({"v":1,"state":")" + std::string(ProgressStateName(state)) + R"("})";
    const absl::StatusOr<ProgressReading> read = ReadProgress(line);
    ASSERT_TRUE(read.ok() && read->progress.has_value()) << line;
    EXPECT_EQ(read->progress->state, state) << line;
  }
}

}  // namespace
}  // namespace vtsnap
