// The presenter profile: every accept and reject rule of docs/golden-format.md's "Virtual-display
// protocol subset", one decision per case, with the exact message (docs/presenter.md).
//
// Offsets in the expected messages are counted by hand from the input bytes; every case is also
// fed one byte at a time, which must give the same screen and the same message.
#include "vtsnap/decoder/presenter.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/hyperlink.h"

namespace vtsnap {
namespace {

using ::testing::ElementsAreArray;

std::vector<std::string> Rows(const Terminal& t) {
  std::vector<std::string> rows;
  for (int r = 0; r < t.rows(); ++r) rows.push_back(t.RowText(r));
  return rows;
}

// A hyperlink open in the form the profile accepts.
std::string Open(const std::string& target) {
  return absl::StrCat("\x1b]8;id=", HyperlinkId(target), ";", target, "\x1b\\");
}
const char kClose[] = "\x1b]8;;\x1b\\";

// ---------------------------------------------------------------------------------------------
// Accepted streams and the screen they leave (10x3).

struct AcceptCase {
  const char* name;
  std::string bytes;
  std::vector<std::string> rows;
};

class AcceptTest : public ::testing::TestWithParam<AcceptCase> {};

TEST_P(AcceptTest, DecodesToTheScreen) {
  const AcceptCase& c = GetParam();
  for (bool bytewise : {false, true}) {
    SCOPED_TRACE(bytewise ? "fed one byte at a time" : "fed at once");
    PresenterTerminal pt({.cols = 10, .rows = 3});
    if (bytewise) {
      for (char b : c.bytes) pt.Write(std::string(1, b));
    } else {
      pt.Write(c.bytes);
    }
    ASSERT_TRUE(pt.CaptureStatus().ok()) << pt.CaptureStatus().message();
    EXPECT_THAT(Rows(pt.terminal()), ElementsAreArray(c.rows));
    EXPECT_EQ(pt.offset(), c.bytes.size());
  }
}

INSTANTIATE_TEST_SUITE_P(
    Presenter, AcceptTest,
    ::testing::Values(
        AcceptCase{"PrintableAscii", "hello", {"hello", "", ""}},
        AcceptCase{"CupPlacesText", "\x1b[2;3Hx", {"", "  x", ""}},
        AcceptCase{"HvpPlacesText", "\x1b[3;10fz", {"", "", "         z"}},
        AcceptCase{"CupDefaultsToHome", "abc\x1b[Hz", {"zbc", "", ""}},
        AcceptCase{"ElErasesToTheEnd", "abcd\x1b[1;3H\x1b[K", {"ab", "", ""}},
        AcceptCase{"ElModeOneErasesToTheCursor", "abcd\x1b[1;2H\x1b[1K", {"  cd", "", ""}},
        AcceptCase{"EdTwoErasesTheScreen", "ab\x1b[2;1Hcd\x1b[2J", {"", "", ""}},
        AcceptCase{"EdThreeIsAccepted", "ab\x1b[3J", {"ab", "", ""}},
        AcceptCase{"SuScrollsUp", "a\x1b[2;1Hb\x1b[S", {"b", "", ""}},
        AcceptCase{"SdScrollsDown", "a\x1b[2T", {"", "", "a"}},
        AcceptCase{
            "WideCharacters", "\xe6\x97\xa5\xe6\x9c\xac", {"\xe6\x97\xa5\xe6\x9c\xac", "", ""}},
        AcceptCase{"CombiningMarkJoinsItsBase", "e\xcc\x81", {"e\xcc\x81", "", ""}},
        AcceptCase{"CursorModes", "\x1b[?25l\x1b[?25h\x1b[?2026h\x1b[?2026lok", {"ok", "", ""}},
        AcceptCase{"SgrResetAndAttributes",
                   "\x1b[0;1;2;3;4;7;9mA\x1b[22;23;24;27;29mB\x1b[m",
                   {"AB", "", ""}},
        AcceptCase{"SgrEmptyParametersAreResets", "\x1b[;1;mA", {"A", "", ""}},
        AcceptCase{"SgrUnderlineShapes",
                   "\x1b[4:0m\x1b[4:1m\x1b[4:2m\x1b[4:3m\x1b[4:4m\x1b[4:5m\x1b[21mu",
                   {"u", "", ""}},
        AcceptCase{
            "SgrUnderlineColourSemicolons", "\x1b[58;5;9m\x1b[58;2;1;2;3m\x1b[59mu", {"u", "", ""}},
        AcceptCase{"SgrUnderlineColourColons",
                   "\x1b[58:5:9m\x1b[58:2::1:2:3m\x1b[58:2:1:2:3mu",
                   {"u", "", ""}},
        AcceptCase{"SgrColours", "\x1b[31;42;91;102;38;5;200;48;2;1;2;3;39;49mc", {"c", "", ""}},
        AcceptCase{"TitleEndedByBel", "\x1b]0;Notes \xe2\x80\x94 a;b\x07t", {"t", "", ""}},
        AcceptCase{"TitleEndedByEscBackslash", "\x1b]0;Notes\x1b\\t", {"t", "", ""}},
        AcceptCase{"PointerShape", "\x1b]22;pointer\x07p", {"p", "", ""}},
        AcceptCase{"ClipboardStrictBase64",
                   "\x1b]52;c;aGk=\x07"
                   "c",
                   {"c", "", ""}},
        AcceptCase{"ClipboardEmpty",
                   "\x1b]52;c;\x07"
                   "c",
                   {"c", "", ""}},
        AcceptCase{"HyperlinkOpenTextSgrClose",
                   Open("https://example.com/") + "ab\x1b[1mc" + kClose + "d",
                   {"abcd", "", ""}},
        // The image is 12 pixels (two 6-pixel rows) high: the cursor ends on its last row, in
        // its first column, as in xterm (docs/sixel.md), so the text lands there.
        AcceptCase{"SixelImage", "\x1bPq\"1;1;6;6#0;2;100;0;0#0!6~-!6~\x1b\\s", {"", "s", ""}},
        AcceptCase{"SixelWithParameters", "\x1bP0;1;0q#1~$#1~\x1b\\", {"", "", ""}},
        AcceptCase{"SixelMaxRepeat", "\x1bPq!1000000~\x1b\\", {"", "", ""}}),
    [](const auto& info) { return std::string(info.param.name); });

// ---------------------------------------------------------------------------------------------
// Rejected streams and their exact message.

struct RejectCase {
  const char* name;
  std::string bytes;
  std::string message;
  PresenterOptions options = {.cols = 10, .rows = 3};
};

class RejectTest : public ::testing::TestWithParam<RejectCase> {};

TEST_P(RejectTest, KeepsTheFirstViolation) {
  const RejectCase& c = GetParam();
  for (bool bytewise : {false, true}) {
    SCOPED_TRACE(bytewise ? "fed one byte at a time" : "fed at once");
    PresenterTerminal pt(c.options);
    if (bytewise) {
      for (char b : c.bytes) pt.Write(std::string(1, b));
    } else {
      pt.Write(c.bytes);
    }
    EXPECT_EQ(pt.status().message(), c.message);
    EXPECT_EQ(pt.CaptureStatus().message(), c.message);
    EXPECT_EQ(pt.status().code(), absl::StatusCode::kInvalidArgument);
    // Later bytes are counted, not decoded, and the first violation stays.
    pt.Write("\x1b[5n\r");
    EXPECT_EQ(pt.status().message(), c.message);
    EXPECT_EQ(pt.offset(), c.bytes.size() + 5);
  }
}

const std::string kLink = "https://example.com/";

INSTANTIATE_TEST_SUITE_P(
    Controls, RejectTest,
    ::testing::Values(
        RejectCase{"CarriageReturn", "\r",
                   "offset 0: \\x0d: C0 control CR is not in the presenter subset"},
        RejectCase{"LineFeedAfterText", "ab\n",
                   "offset 2: \\x0a: C0 control LF is not in the presenter subset"},
        RejectCase{"Backspace", "a\b",
                   "offset 1: \\x08: C0 control BS is not in the presenter subset"},
        RejectCase{"Bell", "\x07",
                   "offset 0: \\x07: C0 control BEL is not in the presenter subset"},
        RejectCase{"Del", "a\x7f", "offset 1: \\x7f: DEL is not in the presenter subset"},
        RejectCase{"C1AsUtf8", "\xc2\x85",
                   "offset 0: \\xc2\\x85: a C1 control is not in the presenter subset"},
        RejectCase{"InvalidUtf8Byte", "ok\xff", "offset 2: \\xff: malformed UTF-8"},
        RejectCase{"OverlongUtf8", "\xe0\x80\x80", "offset 0: \\xe0\\x80: malformed UTF-8"},
        RejectCase{"TruncatedUtf8", "\xc3(",
                   "offset 0: \\xc3: malformed UTF-8 (a truncated sequence)"},
        RejectCase{"Surrogate", "\xed\xa0\x80", "offset 0: \\xed\\xa0: malformed UTF-8"},
        RejectCase{"EscapeSequence",
                   "\x1b"
                   "7",
                   "offset 0: \\x1b7: ESC 7 is not in the presenter subset"},
        RejectCase{"Index",
                   "x\x1b"
                   "D",
                   "offset 1: \\x1bD: ESC D is not in the presenter subset"},
        RejectCase{"StringTerminatorAlone", "\x1b\\",
                   "offset 0: \\x1b\\\\: a string terminator (ST) outside a string"},
        RejectCase{
            "EscapeThenControl", "\x1b\r",
            "offset 0: \\x1b\\x0d: ESC followed by the control CR is not in the presenter subset"}),
    [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Csi, RejectTest,
    ::testing::Values(
        RejectCase{"DeviceStatusReport", "\x1b[5n",
                   "offset 0: \\x1b[5n: CSI n (DSR) is not in the presenter subset"},
        RejectCase{"CursorUp", "ab\x1b[A",
                   "offset 2: \\x1b[A: CSI A (CUU) is not in the presenter subset"},
        RejectCase{"ScrollRegion", "\x1b[1;2r",
                   "offset 0: \\x1b[1;2r: CSI r (DECSTBM) is not in the presenter subset"},
        RejectCase{"AlternateScreen", "\x1b[?1049h",
                   "offset 0: \\x1b[?1049h: CSI ?h (DECSET): only one mode, 25 (cursor visible) or "
                   "2026 (synchronized output), is in the presenter subset"},
        RejectCase{"TwoModesAtOnce", "\x1b[?25;2026l",
                   "offset 0: \\x1b[?25;2026l: CSI ?l (DECRST): only one mode, 25 (cursor visible) "
                   "or 2026 (synchronized output), is in the presenter subset"},
        RejectCase{"AnsiMode", "\x1b[4h",
                   "offset 0: \\x1b[4h: CSI h (SM) is not in the presenter subset"},
        RejectCase{"PrivateCsiOtherThanModes", "\x1b[?5n",
                   "offset 0: \\x1b[?5n: CSI ?n is not in the presenter subset"},
        RejectCase{"OtherPrivateMarker", "\x1b[>c",
                   "offset 0: \\x1b[>c: CSI >c (DA): the private marker '>' is not in the "
                   "presenter subset"},
        RejectCase{
            "IntermediateByte", "\x1b[2 q",
            "offset 0: \\x1b[2 q: CSI q with an intermediate byte is not in the presenter subset"},
        RejectCase{
            "ColonOutsideSgr", "\x1b[1:2H",
            "offset 0: \\x1b[1:2H: CSI H (CUP): a colon (sub-parameter) is allowed only in SGR"},
        RejectCase{"CupWithThreeParameters", "\x1b[1;2;3H",
                   "offset 0: \\x1b[1;2;3H: CSI H (CUP) takes at most 2 parameters"},
        RejectCase{"EdModeFour", "\x1b[4J",
                   "offset 0: \\x1b[4J: CSI J (ED): mode 4 is not one of 0 to 3"},
        RejectCase{"ElModeThree", "\x1b[3K",
                   "offset 0: \\x1b[3K: CSI K (EL): mode 3 is not one of 0 to 2"},
        RejectCase{"SuWithTwoParameters", "\x1b[1;2S",
                   "offset 0: \\x1b[1;2S: CSI S (SU) takes at most 1 parameter"},
        RejectCase{"ParameterAbove65535", "\x1b[65536H",
                   "offset 0: \\x1b[65536H: CSI H (CUP): a parameter above 65535"},
        RejectCase{"ControlInsideCsi", "\x1b[1\x07H",
                   "offset 0: \\x1b[1\\x07: the control BEL inside a CSI"},
        RejectCase{"EscapeInsideCsi", "\x1b[1\x1b[H",
                   "offset 0: \\x1b[1\\x1b: the control ESC inside a CSI"},
        RejectCase{"MalformedParameterByte", "\x1b[1<H",
                   "offset 0: \\x1b[1<H: a malformed CSI: '<' inside the parameters"},
        RejectCase{
            "CsiOverTheLimit", "\x1b[" + std::string(254, ';') + "m",
            absl::StrCat("offset 0: \\x1b[", std::string(30, ';'), "...", std::string(11, ';'),
                         "m: a CSI longer than 256 bytes (the CSI limit)")}),
    [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Sgr, RejectTest,
    ::testing::Values(
        RejectCase{"Blink", "\x1b[5m",
                   "offset 0: \\x1b[5m: SGR: 5 (blink) is not in the presenter subset (a golden "
                   "cannot spell it)"},
        RejectCase{"Conceal", "\x1b[1;8m",
                   "offset 0: \\x1b[1;8m: SGR: 8 (conceal) is not in the presenter subset (a "
                   "golden cannot spell it)"},
        RejectCase{"Overline", "\x1b[53m",
                   "offset 0: \\x1b[53m: SGR: 53 (overline) is not in the presenter subset (a "
                   "golden cannot spell it)"},
        RejectCase{"Font", "\x1b[11m",
                   "offset 0: \\x1b[11m: SGR: 11 is not in the presenter subset (a golden cannot "
                   "spell it)"},
        RejectCase{
            "ColonForegroundColour", "\x1b[38:2::1:2:3m",
            "offset 0: \\x1b[38:2::1:2:3m: SGR: 38 with colons: only 4 and 58 take sub-parameters"},
        RejectCase{"UnderlineShapeSix", "\x1b[4:6m",
                   "offset 0: \\x1b[4:6m: SGR: 4 takes one sub-parameter from 0 to 5 (4:0 to 4:5)"},
        RejectCase{"SubParameterOnBold", "\x1b[1:2m",
                   "offset 0: \\x1b[1:2m: SGR: 1 with a sub-parameter: only 4 and 58 take them"},
        RejectCase{"PaletteIndexMissing", "\x1b[38;5m",
                   "offset 0: \\x1b[38;5m: SGR: 38;5 needs a palette index from 0 to 255"},
        RejectCase{"PaletteIndex256", "\x1b[48;5;256m",
                   "offset 0: \\x1b[48;5;256m: SGR: 48;5 needs a palette index from 0 to 255"},
        RejectCase{"RgbMissingAComponent", "\x1b[48;2;1;2m",
                   "offset 0: \\x1b[48;2;1;2m: SGR: 48;2 needs three components from 0 to 255"},
        RejectCase{"RgbComponentAbove255", "\x1b[38;2;1;2;300m",
                   "offset 0: \\x1b[38;2;1;2;300m: SGR: 38;2 needs three components from 0 to 255"},
        RejectCase{"UnknownColourKind", "\x1b[38;3m",
                   "offset 0: \\x1b[38;3m: SGR: 38 needs 5;N or 2;R;G;B"},
        RejectCase{"StraySubParameterAfterAColour", "\x1b[38;5;1:2m",
                   "offset 0: \\x1b[38;5;1:2m: SGR: a stray sub-parameter :2 (only 4 and 58 take "
                   "sub-parameters)"},
        RejectCase{"StraySubParameterAfterRgb", "\x1b[48;2;0;0;0:0m",
                   "offset 0: \\x1b[48;2;0;0;0:0m: SGR: a stray sub-parameter :0 (only 4 and 58 "
                   "take sub-parameters)"},
        RejectCase{"UnderlinePaletteExtraSubParameter", "\x1b[58:5:1:4m",
                   "offset 0: \\x1b[58:5:1:4m: SGR: 58:5 has too many sub-parameters"},
        RejectCase{"UnderlineColourExtraSubParameter", "\x1b[58:2::1:2:3:4m",
                   "offset 0: \\x1b[58:2::1:2:3:4m: SGR: 58:2 has too many sub-parameters"},
        RejectCase{"TruecolorOn256",
                   "\x1b[38;2;1;2;3m",
                   "offset 0: \\x1b[38;2;1;2;3m: SGR: 38;2 (truecolor) on a 256-colour profile",
                   {.cols = 10, .rows = 3, .color_depth = ColorDepth::k256}},
        RejectCase{"TruecolorOn16",
                   "\x1b[58;2;1;2;3m",
                   "offset 0: \\x1b[58;2;1;2;3m: SGR: 58;2 (truecolor) on a 16-colour profile",
                   {.cols = 10, .rows = 3, .color_depth = ColorDepth::k16}},
        RejectCase{"PaletteOn16",
                   "\x1b[48;5;1m",
                   "offset 0: \\x1b[48;5;1m: SGR: 48;5 (256 colours) on a 16-colour profile",
                   {.cols = 10, .rows = 3, .color_depth = ColorDepth::k16}}),
    [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Osc, RejectTest,
    ::testing::Values(
        RejectCase{"OtherOsc", "\x1b]2;t\x07",
                   "offset 0: \\x1b]2;t\\x07: OSC 2 is not in the presenter subset (OSC 0, 8, 22 "
                   "and 52 are)"},
        RejectCase{"OscWithoutText", "\x1b]0\x07",
                   "offset 0: \\x1b]0\\x07: OSC 0 without ';' and its text"},
        RejectCase{"ControlInTitle",
                   "\x1b]0;a\x01"
                   "b\x07",
                   "offset 5: \\x1b]0;a\\x01: the control SOH inside an OSC string (the sequence "
                   "began at offset 0)"},
        RejectCase{"DelInTitle",
                   "\x1b]0;a\x7f"
                   "b\x07",
                   "offset 5: \\x1b]0;a\\x7fb\\x07: OSC 0: control character DEL (the sequence "
                   "began at offset 0)"},
        RejectCase{"C1InTitle", "\x1b]0;\xc2\x85\x07",
                   "offset 4: \\x1b]0;\\xc2\\x85\\x07: OSC 0: C1 control character U+0085 (the "
                   "sequence began at offset 0)"},
        RejectCase{"MalformedUtf8InTitle", "\x1b]0;\xff\x07",
                   "offset 4: \\x1b]0;\\xff\\x07: OSC 0: malformed UTF-8 (the sequence began at "
                   "offset 0)"},
        RejectCase{"EscapeInsideOsc",
                   "\x1b]0;a\x1b"
                   "b",
                   "offset 6: \\x1b]0;a\\x1bb: ESC inside an OSC string not followed by \\ (ST) "
                   "(the sequence began at offset 0)"},
        RejectCase{
            "ClipboardPrimarySelection", "\x1b]52;p;aGk=\x07",
            "offset 0: \\x1b]52;p;aGk=\\x07: OSC 52: the selection must be c (the clipboard)"},
        RejectCase{"ClipboardQuery", "\x1b]52;c;?\x07",
                   "offset 0: \\x1b]52;c;?\\x07: OSC 52: a clipboard query is not in the presenter "
                   "subset"},
        RejectCase{
            "ClipboardUnpaddedBase64", "\x1b]52;c;aGk\x07",
            "offset 0: \\x1b]52;c;aGk\\x07: OSC 52: the payload is not strict RFC 4648 base64"},
        RejectCase{
            "ClipboardNonCanonicalBits", "\x1b]52;c;aGl=\x07",
            "offset 0: \\x1b]52;c;aGl=\\x07: OSC 52: the payload is not strict RFC 4648 base64"},
        RejectCase{
            "ClipboardUrlSafeAlphabet", "\x1b]52;c;-_==\x07",
            "offset 0: \\x1b]52;c;-_==\\x07: OSC 52: the payload is not strict RFC 4648 base64"},
        RejectCase{"PointerShapeWithSpace", "\x1b]22;a b\x07",
                   "offset 0: \\x1b]22;a b\\x07: OSC 22: a pointer shape is a name of printable "
                   "ASCII without space"}),
    [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Hyperlinks, RejectTest,
    ::testing::Values(
        RejectCase{
            "WrongId", "\x1b]8;id=x;https://example.com/\x07",
            absl::StrCat("offset 0: \\x1b]8;id=x;https://example.com/\\x07: OSC 8: the parameters "
                         "must be id=",
                         HyperlinkId("https://example.com/"), " (hyperlink_id of the target)")},
        RejectCase{
            "NoId", "\x1b]8;;https://example.com/\x07",
            absl::StrCat(
                "offset 0: \\x1b]8;;https://example.com/\\x07: OSC 8: the parameters must be id=",
                HyperlinkId("https://example.com/"), " (hyperlink_id of the target)")},
        RejectCase{"RelativeTarget", "\x1b]8;id=x;example.com\x07",
                   "offset 0: \\x1b]8;id=x;example.com\\x07: OSC 8: \"example.com\" is not a valid "
                   "hyperlink target (an absolute URI of printable ASCII, no space)"},
        RejectCase{"MissingTarget", "\x1b]8;id=x\x07",
                   "offset 0: \\x1b]8;id=x\\x07: OSC 8: malformed (OSC 8 ; params ; target)"},
        RejectCase{"CloseWhileNoneIsOpen", "a\x1b]8;;\x1b\\",
                   "offset 1: \\x1b]8;;\\x1b\\\\: OSC 8: a close while no hyperlink is open"},
        RejectCase{"OpenWhileOpen", Open(kLink) + Open(kLink),
                   absl::StrCat("offset 47: \\x1b]8;id=", HyperlinkId(kLink),
                                ";https://example.com/\\x1b\\\\: OSC 8: an open while a hyperlink "
                                "is open (opened at offset 0)")},
        RejectCase{"CursorMoveWhileOpen", Open(kLink) + "a\x1b[2;1H",
                   "offset 48: \\x1b[2;1H: CSI H (CUP) while a hyperlink is open (opened at offset "
                   "0): only printable text, SGR and the closing OSC 8 may follow"},
        RejectCase{"EraseWhileOpen", Open(kLink) + "\x1b[K",
                   "offset 47: \\x1b[K: CSI K (EL) while a hyperlink is open (opened at offset 0): "
                   "only printable text, SGR and the closing OSC 8 may follow"},
        RejectCase{"ModeWhileOpen", Open(kLink) + "\x1b[?25l",
                   "offset 47: \\x1b[?25l: CSI ?l (DECRST) while a hyperlink is open (opened at "
                   "offset 0): only printable text, SGR and the closing OSC 8 may follow"},
        RejectCase{"TitleWhileOpen", Open(kLink) + "\x1b]0;t\x07",
                   "offset 47: \\x1b]0;t\\x07: OSC 0 while a hyperlink is open (opened at offset "
                   "0): only printable text, SGR and the closing OSC 8 may follow"},
        RejectCase{"DcsWhileOpen", Open(kLink) + "\x1bPq",
                   "offset 47: \\x1bP: a DCS while a hyperlink is open (opened at offset 0): only "
                   "printable text, SGR and the closing OSC 8 may follow"}),
    [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Dcs, RejectTest,
    ::testing::Values(
        RejectCase{
            "NotSixel", "\x1bP1$r\x1b\\",
            "offset 0: \\x1bP1$r: DCS r is not in the presenter subset (only Sixel, DCS ... q)"},
        RejectCase{"SixelWithoutGraphics",
                   "\x1bPq~\x1b\\",
                   "offset 0: \\x1bPq: Sixel on a profile without graphics",
                   {.cols = 10, .rows = 3, .graphics = {.sixel = false}}},
        RejectCase{"BackgroundModeTwo", "\x1bP0;2q",
                   "offset 0: \\x1bP0;2q: Sixel: background mode 2 (only 0 and 1)"},
        RejectCase{"FourParameters", "\x1bP0;0;0;0q",
                   "offset 0: \\x1bP0;0;0;0q: Sixel: at most three DCS parameters"},
        RejectCase{"ColonInParameters", "\x1bP0:1q",
                   "offset 0: \\x1bP0:1q: Sixel: ':' in the DCS parameters (only digits and ';')"},
        RejectCase{"HlsColour", "\x1bPq#1;1;0;50;50~\x1b\\",
                   "offset 15: \\x1bPq#1;1;0;50;50~: Sixel: an HLS colour (#Pc;1;...) is not in "
                   "the presenter subset (the sequence began at offset 0)"},
        RejectCase{"RgbAbove100", "\x1bPq#1;2;0;50;101~",
                   "offset 16: \\x1bPq#1;2;0;50;101~: Sixel: RGB components of a colour definition "
                   "are percentages, 0 to 100 (the sequence began at offset 0)"},
        RejectCase{"ColourRegisterAbove1023", "\x1bPq#1024~",
                   "offset 8: \\x1bPq#1024~: Sixel: a colour register (#) from 0 to 1023 (the "
                   "sequence began at offset 0)"},
        RejectCase{"RepeatOverTheLimit", "\x1bPq!1000001~",
                   "offset 11: \\x1bPq!1000001~: Sixel: a repeat of 1000001 columns (the limit is "
                   "1000000) (the sequence began at offset 0)"},
        RejectCase{"RepeatWithoutData", "\x1bPq!5-",
                   "offset 5: \\x1bPq!5-: Sixel: a repeat (!) must be followed by a sixel data "
                   "byte (the sequence began at offset 0)"},
        RejectCase{"RasterAttributesAfterData", "\x1bPq~\"1;1\x1b\\",
                   "offset 9: \\x1bPq~\"1;1\\x1b\\\\: Sixel: raster attributes (\") after sixel "
                   "data (the sequence began at offset 0)"},
        RejectCase{"SpaceInData", "\x1bPq~ ~",
                   "offset 4: \\x1bPq~ : Sixel: byte 0x20 is not Sixel data (the sequence began at "
                   "offset 0)"},
        RejectCase{"ControlInData", "\x1bPq\r",
                   "offset 3: \\x1bPq\\x0d: Sixel: the control CR is not Sixel data (the sequence "
                   "began at offset 0)"},
        RejectCase{"EscapeInsideDcs", "\x1bPq\x1b[",
                   "offset 4: \\x1bPq\\x1b[: ESC inside a DCS string not followed by \\ (ST) (the "
                   "sequence began at offset 0)"}),
    [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Limits, RejectTest,
    ::testing::Values(
        RejectCase{
            "TextRunOverTheLimit",
            "12345678"
            "9",
            "offset 8: 9: text runs past 8 bytes without a control sequence (the text limit)",
            {.cols = 10, .rows = 3, .limits = {.max_text_bytes = 8}}},
        RejectCase{
            "Utf8TextOverTheLimit",
            "1234567\xc3\xa9",
            "offset 8: \\xa9: text runs past 8 bytes without a control sequence (the text limit)",
            {.cols = 10, .rows = 3, .limits = {.max_text_bytes = 8}}},
        RejectCase{"OscOverTheLimit",
                   "\x1b]0;123456789\x07",
                   "offset 10: \\x1b]0;1234567: an OSC string longer than 8 bytes (the text limit) "
                   "(the sequence began at offset 0)",
                   {.cols = 10, .rows = 3, .limits = {.max_text_bytes = 8}}},
        RejectCase{"DcsOverTheLimit",
                   "\x1bPq~~~~~",
                   "offset 7: \\x1bPq~~~~~: a DCS longer than 4 bytes (the DCS limit) (the "
                   "sequence began at offset 0)",
                   {.cols = 10, .rows = 3, .limits = {.max_dcs_bytes = 4}}}),
    [](const auto& info) { return std::string(info.param.name); });

// ---------------------------------------------------------------------------------------------
// The end of the stream.

struct EndCase {
  const char* name;
  std::string bytes;
  std::string message;
};

class EndTest : public ::testing::TestWithParam<EndCase> {};

TEST_P(EndTest, AnUnfinishedStreamCannotBeCaptured) {
  PresenterTerminal pt({.cols = 10, .rows = 3});
  pt.Write(GetParam().bytes);
  EXPECT_TRUE(pt.status().ok()) << pt.status().message();
  EXPECT_EQ(pt.CaptureStatus().message(), GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    Presenter, EndTest,
    ::testing::Values(
        EndCase{"InsideACsi", "ab\x1b[1",
                "offset 2: \\x1b[1: the stream ends inside an escape sequence"},
        EndCase{"AfterAnEscape", "\x1b",
                "offset 0: \\x1b: the stream ends inside an escape sequence"},
        EndCase{"InsideAnOsc", "\x1b]0;ti",
                "offset 0: \\x1b]0;ti: the stream ends inside an escape sequence"},
        EndCase{"InsideUtf8", "a\xe2\x82",
                "offset 1: \\xe2\\x82: the stream ends inside a UTF-8 character"},
        EndCase{"WithAHyperlinkOpen", "x" + Open(kLink) + "ab",
                "offset 1: OSC 8: the stream ends with this hyperlink open"},
        EndCase{"InsideASynchronizedFrame", "a\x1b[?2026hb",
                "offset 1: \\x1b[?2026h: the stream ends inside this synchronized frame"}),
    [](const auto& info) { return std::string(info.param.name); });

// ---------------------------------------------------------------------------------------------
// What the accepted sequences leave behind.

TEST(PresenterState, IndexedColoursStayIndices) {
  PresenterTerminal pt({.cols = 10, .rows = 1});
  pt.Write("\x1b[31;102ma\x1b[38;5;200;48;2;1;2;3mb");
  ASSERT_TRUE(pt.CaptureStatus().ok());
  const Terminal& t = pt.terminal();
  EXPECT_EQ(t.pen(t.cell(0, 0).pen).fg, PenColor::Palette(1));
  EXPECT_EQ(t.pen(t.cell(0, 0).pen).bg, PenColor::Palette(10));
  EXPECT_EQ(t.pen(t.cell(1, 0).pen).fg, PenColor::Palette(200));
  EXPECT_EQ(t.pen(t.cell(1, 0).pen).bg, PenColor::Rgb(1, 2, 3));
}

TEST(PresenterState, UnderlineSubParametersSetShapeAndColour) {
  PresenterTerminal pt({.cols = 10, .rows = 1});
  pt.Write("\x1b[4:3;58:2::255:0:0ma\x1b[21;58;5;9mb");
  ASSERT_TRUE(pt.CaptureStatus().ok());
  const Terminal& t = pt.terminal();
  EXPECT_EQ(t.pen(t.cell(0, 0).pen).underline, UnderlineStyle::kCurly);
  EXPECT_EQ(t.pen(t.cell(0, 0).pen).underline_color, PenColor::Rgb(255, 0, 0));
  EXPECT_EQ(t.pen(t.cell(1, 0).pen).underline, UnderlineStyle::kDouble);
  EXPECT_EQ(t.pen(t.cell(1, 0).pen).underline_color, PenColor::Palette(9));
}

TEST(PresenterState, TitleClipboardAndPointerShape) {
  PresenterTerminal pt({.cols = 10, .rows = 1});
  pt.Write("\x1b]0;Notes; draft\x07\x1b]52;c;aGVsbG8=\x1b\\\x1b]22;text\x07");
  ASSERT_TRUE(pt.CaptureStatus().ok());
  EXPECT_EQ(pt.window_title(), "Notes; draft");
  EXPECT_EQ(pt.clipboard_text(), "hello");  // base64 of "hello" is aGVsbG8=
  EXPECT_EQ(pt.pointer_shape(), "text");
}

TEST(PresenterState, TextWrittenWhileALinkIsOpenJoinsIt) {
  PresenterTerminal pt({.cols = 10, .rows = 2});
  pt.Write(Open(kLink) + "ab" + kClose + "c");
  ASSERT_TRUE(pt.CaptureStatus().ok());
  EXPECT_EQ(pt.LinkTarget(0, 0), kLink);
  EXPECT_EQ(pt.LinkTarget(1, 0), kLink);
  EXPECT_EQ(pt.LinkTarget(2, 0), "");
  EXPECT_EQ(pt.LinkTarget(99, 0), "");  // outside the screen
}

TEST(PresenterState, ErasedAndOverprintedCellsLoseTheirLink) {
  PresenterTerminal pt({.cols = 10, .rows = 2});
  pt.Write(Open(kLink) + "abcd" + kClose + "\x1b[1;1Hz\x1b[1;4H\x1b[K");
  ASSERT_TRUE(pt.CaptureStatus().ok());
  EXPECT_EQ(pt.terminal().RowText(0), "zbc");
  EXPECT_EQ(pt.LinkTarget(0, 0), "");     // overprinted
  EXPECT_EQ(pt.LinkTarget(1, 0), kLink);  // untouched
  EXPECT_EQ(pt.LinkTarget(3, 0), "");     // erased
}

TEST(PresenterState, ScrolledCellsKeepTheirLink) {
  PresenterTerminal pt({.cols = 10, .rows = 2});
  pt.Write("\x1b[2;1H" + Open(kLink) + "ab" + kClose + "\x1b[S");
  ASSERT_TRUE(pt.CaptureStatus().ok());
  EXPECT_EQ(pt.terminal().RowText(0), "ab");
  EXPECT_EQ(pt.LinkTarget(0, 0), kLink);
  EXPECT_EQ(pt.LinkTarget(0, 1), "");
}

TEST(PresenterState, AHyperlinkTargetOverTheLimitIsAViolation) {
  // The screen model keeps targets up to Terminal::kMaxHyperlinkBytes; a longer one would be
  // dropped silently, so the profile rejects it.
  const std::string target = "https://e.com/" + std::string(9000, 'a');
  PresenterTerminal pt({.cols = 10, .rows = 1});
  pt.Write(Open(target) + "ab" + kClose);
  EXPECT_THAT(std::string(pt.status().message()),
              ::testing::EndsWith(": OSC 8: a target of 9014 bytes (the limit is 8192)"));
}

TEST(PresenterState, ASplitWideCharacterLeavesAnUnlinkedBlank) {
  PresenterTerminal pt({.cols = 10, .rows = 1});
  pt.Write(Open(kLink) + "\xe4\xb8\xad" + kClose + "\x1b[1;2Hx");
  ASSERT_TRUE(pt.CaptureStatus().ok()) << pt.CaptureStatus().message();
  EXPECT_EQ(pt.terminal().RowText(0), " x");
  EXPECT_EQ(pt.LinkTarget(0, 0), "");  // the lead half was erased
  EXPECT_EQ(pt.LinkTarget(1, 0), "");  // overprinted
}

TEST(PresenterState, ALongDcsHeaderShowsItsEndInMessages) {
  PresenterTerminal pt({.cols = 10, .rows = 1});
  pt.Write("\x1bP" + std::string(60, '0') + "1;1;1q#\x01");
  EXPECT_EQ(std::string(pt.status().message()),
            absl::StrCat("offset 69: \\x1bP", std::string(30, '0'),
                         "...00001;1;1q#\\x01: Sixel: a "
                         "colour register (#) from 0 to 1023 (the sequence began at offset 0)"));
}

TEST(PresenterState, ACustomHyperlinkIdFunction) {
  PresenterTerminal pt({.cols = 10, .rows = 1, .hyperlink_id = [](absl::string_view target) {
                          return absl::StrCat("n", target.size());
                        }});
  pt.Write("\x1b]8;id=n20;https://example.com/\x07x\x1b]8;;\x07");
  EXPECT_TRUE(pt.CaptureStatus().ok()) << pt.CaptureStatus().message();
  EXPECT_EQ(pt.LinkTarget(0, 0), kLink);
}

TEST(PresenterState, SixelImagesAreRecordedAtTheCursor) {
  PresenterTerminal pt({.cols = 10, .rows = 3});
  pt.Write("ab\x1b[2;4H\x1bP0;1q\"1;1;3;6#1;2;100;0;0#1!3~\x1b\\");
  ASSERT_TRUE(pt.CaptureStatus().ok());
  ASSERT_EQ(pt.sixel_images().size(), 1u);
  const SixelImage& image = pt.sixel_images()[0];
  EXPECT_EQ(image.offset, 8u);
  EXPECT_EQ(image.col, 3);
  EXPECT_EQ(image.row, 1);
  EXPECT_EQ(image.aspect, 0);
  EXPECT_EQ(image.background_mode, 1);
  EXPECT_EQ(image.bytes, std::string("\"1;1;3;6#1;2;100;0;0#1!3~").size());
}

TEST(PresenterState, TheSynchronizedFrameIsTracked) {
  PresenterTerminal pt({.cols = 10, .rows = 1});
  pt.Write("\x1b[?2026h");
  EXPECT_TRUE(pt.synchronized_frame_open());
  pt.Write("x\x1b[?2026l");
  EXPECT_FALSE(pt.synchronized_frame_open());
  EXPECT_TRUE(pt.CaptureStatus().ok());
}

TEST(PresenterState, TheDefaultTextLimitIs16MiB) {
  PresenterTerminal pt({.cols = 10, .rows = 1});
  pt.Write(std::string(16u << 20, 'a'));
  EXPECT_TRUE(pt.status().ok());
  pt.Write("b");
  EXPECT_EQ(pt.status().message(),
            "offset 16777216: b: text runs past 16777216 bytes without a control sequence (the "
            "text limit)");
}

TEST(PresenterState, TheCsiLimitCountsEveryByte) {
  // ESC [ + 253 bytes + final = 256 bytes: accepted (254 empty SGR parameters, all resets).
  PresenterTerminal pt({.cols = 10, .rows = 1});
  pt.Write("\x1b[" + std::string(253, ';') + "m");
  EXPECT_TRUE(pt.CaptureStatus().ok()) << pt.CaptureStatus().message();
}

TEST(EscapeForMessage, PrintableBytesStayAndOthersAreHex) {
  EXPECT_EQ(EscapeForMessage("a\\b\x1b[1m\xc3\xa9"), "a\\\\b\\x1b[1m\\xc3\\xa9");
  EXPECT_EQ(EscapeForMessage(std::string(49, 'x')),
            std::string(32, 'x') + "..." + std::string(12, 'x'));
}

TEST(HyperlinkId, IsFnv1a64InHex) {
  // Published FNV-1a 64-bit test vectors (http://www.isthe.com/chongo/tech/comp/fnv/).
  EXPECT_EQ(HyperlinkId(""), "hcbf29ce484222325");
  EXPECT_EQ(HyperlinkId("a"), "haf63dc4c8601ec8c");
  EXPECT_EQ(HyperlinkId("foobar"), "h85944171f73967e8");
}

// The header's usage example.
TEST(PresenterExample, FromTheHeader) {
  PresenterTerminal pt({.cols = 10, .rows = 2});
  pt.Write("\x1b[1;1H\x1b[1mhi\x1b[0m");
  ASSERT_TRUE(pt.CaptureStatus().ok() && pt.terminal().RowText(0) == "hi");
  pt.Write("\r\n");
  EXPECT_EQ(pt.status().message(),
            "offset 16: \\x0d: C0 control CR is not in the presenter subset");
}

}  // namespace
}  // namespace vtsnap
