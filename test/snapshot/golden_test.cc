// ckvision-golden 1: the spec's examples, one accept and one reject case per validation rule,
// non-canonical spellings, CRLF, the style limit, and random frames that must round-trip.
#include "vtsnap/snapshot/formats/golden.h"

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/snapshot/spec_example.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {
namespace {

using ::testing::HasSubstr;

using testing_data::kSpecExample;

// A canonical dump touching every record kind; the validation cases below edit one line of it.
constexpr char kBase[] =
    "ckvision-golden 1\n"
    "frame 4 2\n"
    "cursor 1 0 bar\n"
    "styles 2\n"
    "0 fg default bg default attrs -\n"
    "1 fg @1 bg #0000FF attrs bold,underline underline curly ulcolor @9\n"
    "grid\n"
    "|ab c|\n"
    "|\xE7\x95\x8Cx |\n"  // U+754C, a wide glyph, then "x ".
    "stylemap\n"
    "|0011|\n"
    "|1000|\n"
    "link 0 0 2 https://a.example/\n"
    "raster 1 anchor 0 1 span 2 1 pixels 6 6 hash 00ff\n"
    "end\n";

std::string Edit(absl::string_view from, absl::string_view to) {
  std::string text = kBase;
  const size_t at = text.find(std::string(from));
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), std::string(to));
  return text;
}

TEST(GoldenSpec, ExampleRoundTripsByteExactly) {
  absl::StatusOr<Frame> frame = golden::Parse(kSpecExample);
  ASSERT_TRUE(frame.ok()) << frame.status();
  EXPECT_EQ(frame->cols, 12);
  EXPECT_EQ(frame->rows, 3);
  EXPECT_EQ(frame->RowText(1), "| Hello ck |");
  EXPECT_TRUE(frame->style(1, 1).bold);
  EXPECT_EQ(frame->style(0, 1).fg, Color::Rgb(0xC0, 0xC0, 0xC0));
  EXPECT_EQ(frame->cursor, (Cursor{true, 6, 1, CursorShape::kBlock}));
  ASSERT_EQ(frame->rasters.size(), 1u);
  EXPECT_EQ(frame->rasters[0], (RasterRecord{1, 2, 1, 4, 2, 64, 32, "a1b2c3d4"}));
  absl::StatusOr<std::string> text = golden::Serialize(*frame);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text, kSpecExample);
}

TEST(GoldenSpec, CompilerErrorMarkStyleLine) {
  // The spec's curly underline in the palette's bright red, as style 0 of a one-cell frame.
  constexpr char kDump[] =
      "ckvision-golden 1\n"
      "frame 1 1\n"
      "cursor hidden\n"
      "styles 1\n"
      "0 fg @1 bg default attrs underline underline curly ulcolor @9\n"
      "grid\n"
      "|x|\n"
      "stylemap\n"
      "|0|\n"
      "end\n";
  absl::StatusOr<Frame> frame = golden::Parse(kDump);
  ASSERT_TRUE(frame.ok()) << frame.status();
  const Style& style = frame->style(0, 0);
  EXPECT_EQ(style.fg, Color::Palette(1));
  EXPECT_TRUE(style.underline);
  EXPECT_EQ(style.underline_shape, UnderlineShape::kCurly);
  EXPECT_EQ(style.underline_color, Color::Palette(9));
  EXPECT_EQ(*golden::Serialize(*frame), kDump);
}

TEST(GoldenSpec, BaseDumpRoundTripsByteExactly) {
  absl::StatusOr<Frame> frame = golden::Parse(kBase);
  ASSERT_TRUE(frame.ok()) << frame.status();
  EXPECT_FALSE(frame->has_graphemes());
  EXPECT_EQ(frame->RowText(1), "\xE7\x95\x8Cx ");
  EXPECT_EQ(frame->LinkTargetAt(1, 0), "https://a.example/");
  EXPECT_EQ(frame->LinkTargetAt(2, 0), "");
  EXPECT_EQ(*golden::Serialize(*frame), kBase);
}

// ---------------------------------------------------------------------------------------------
// One accept case per rule: the edited dump is valid and, being canonical, round-trips.

struct AcceptCase {
  const char* name;
  const char* from;
  const char* to;
};

class GoldenAccepts : public ::testing::TestWithParam<AcceptCase> {};

TEST_P(GoldenAccepts, AndRoundTripsByteExactly) {
  const std::string text = Edit(GetParam().from, GetParam().to);
  absl::StatusOr<Frame> frame = golden::Parse(text);
  ASSERT_TRUE(frame.ok()) << frame.status();
  absl::StatusOr<std::string> again = golden::Serialize(*frame);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(*again, text);
}

INSTANTIATE_TEST_SUITE_P(
    Rules, GoldenAccepts,
    ::testing::Values(
        AcceptCase{"ZeroIsCanonical", "cursor 1 0 bar", "cursor 0 0 bar"},
        AcceptCase{"CursorHidden", "cursor 1 0 bar", "cursor hidden"},
        AcceptCase{"CursorBlock", "cursor 1 0 bar", "cursor 3 1 block"},
        AcceptCase{"CursorUnderline", "cursor 1 0 bar", "cursor 3 1 underline"},
        AcceptCase{"PaletteBounds", "fg @1 bg #0000FF", "fg @255 bg @0"},
        AcceptCase{"AllAttributes", "attrs bold,underline",
                   "attrs bold,dim,italic,underline,reverse,strike"},
        AcceptCase{"UnderlineWithoutRefinements", "bold,underline underline curly ulcolor @9",
                   "underline"},
        AcceptCase{"UnderlineShapeOnly", "underline curly ulcolor @9", "underline dashed"},
        AcceptCase{"UlcolorOnly", "underline curly ulcolor @9", "ulcolor #00FF00"},
        AcceptCase{"InteriorPipesAreText", "|ab c|", "|a||c|"},
        AcceptCase{"RawBytesInGrid", "|ab c|", "|a\x01\x7F\xFF|"},
        AcceptCase{"GridRowMayBeEmpty", "|ab c|", "||"},
        AcceptCase{"NoLinks", "link 0 0 2 https://a.example/\n", ""},
        AcceptCase{"NoRasters", "raster 1 anchor 0 1 span 2 1 pixels 6 6 hash 00ff\n", ""},
        AcceptCase{"LinkFillsRow", "link 0 0 2", "link 0 0 4"},
        AcceptCase{"LinkToLastColumn", "link 0 0 2", "link 3 0 1"},
        AcceptCase{"TouchingLinksWithDifferentTargets", "link 0 0 2 https://a.example/\n",
                   "link 0 0 2 https://a.example/\nlink 2 0 1 mailto:b@example.org\n"},
        AcceptCase{"LinksOnSeveralRows", "link 0 0 2 https://a.example/\n",
                   "link 3 0 1 https://a.example/\nlink 0 1 1 https://a.example/\n"},
        AcceptCase{"LinkTargetSchemeCharacters", "https://a.example/", "a+b-c.d:x?y=%20&z#f"},
        AcceptCase{"RasterFillsFrame", "anchor 0 1 span 2 1", "anchor 0 0 span 4 2"},
        AcceptCase{"SeveralRastersKeepOrder", "hash 00ff\n",
                   "hash 00ff\nraster 7 anchor 3 1 span 1 1 pixels 1 1 hash 0\n"
                   "raster 2 anchor 0 0 span 1 1 pixels 1 1 hash 0123456789abcdef\n"}),
    [](const ::testing::TestParamInfo<AcceptCase>& info) { return info.param.name; });

// ---------------------------------------------------------------------------------------------
// One reject case per rule, with the line:col and message.

struct RejectCase {
  const char* name;
  const char* from;
  const char* to;
  const char* error;
};

class GoldenRejects : public ::testing::TestWithParam<RejectCase> {};

TEST_P(GoldenRejects, WithLineColumnAndWhatWasExpected) {
  absl::StatusOr<Frame> frame = golden::Parse(Edit(GetParam().from, GetParam().to));
  ASSERT_FALSE(frame.ok());
  EXPECT_EQ(frame.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(std::string(frame.status().message()), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Rules, GoldenRejects,
    ::testing::Values(
        // Header.
        RejectCase{"Header", "ckvision-golden 1", "ckvision-golden 2",
                   "1:1: expected \"ckvision-golden 1\", got \"ckvision-golden 2\""},
        // Single spaces.
        RejectCase{"DoubleSpace", "frame 4 2", "frame  4 2",
                   "2:7: expected a single space between tokens, got another space"},
        RejectCase{"TrailingSpace", "cursor 1 0 bar", "cursor 1 0 bar ",
                   "3:15: expected end of line, got a trailing space"},
        RejectCase{"LeadingSpace", "styles 2", " styles 2",
                   "4:1: expected a token, got a leading space"},
        RejectCase{"TabIsNotASpace", "frame 4 2", "frame\t4 2",
                   "2:1: expected \"frame\", got \"frame\\t4\""},
        // Canonical integers.
        RejectCase{"LeadingZero", "frame 4 2", "frame 04 2",
                   "2:7: expected the column count (a canonical non-negative integer), got \"04\""},
        RejectCase{"Sign", "frame 4 2", "frame 4 +2",
                   "2:9: expected the row count (a canonical non-negative integer), got \"+2\""},
        RejectCase{"Overflow", "frame 4 2", "frame 4 99999999999",
                   "2:9: expected the row count (a canonical non-negative integer), got "
                   "\"99999999999\""},
        // Frame.
        RejectCase{"FrameKeyword", "frame 4 2", "size 4 2",
                   "2:1: expected \"frame\", got \"size\""},
        RejectCase{"FrameNotEmpty", "frame 4 2", "frame 0 2",
                   "2:7: expected a positive column count, got \"0\""},
        RejectCase{"FrameRowsMissing", "frame 4 2", "frame 4",
                   "2:8: expected the row count (a canonical non-negative integer), got end of "
                   "line"},
        // Refused on the frame line, before any cell is allocated (4097 x 4096 cells would take
        // 1.2 GB parsed; a dump of them is 34 MB).
        RejectCase{"FrameCellLimit", "frame 4 2", "frame 4097 4096",
                   "2:12: expected a frame of at most 16777216 cells (4096 x 4096), got 4097 x "
                   "4096 = 16781312"},
        RejectCase{"FrameCellLimitFromRowsAlone", "frame 4 2", "frame 1 16777217",
                   "2:9: expected a frame of at most 16777216 cells (4096 x 4096), got 1 x "
                   "16777217 = 16777217"},
        RejectCase{"FrameExtraToken", "frame 4 2", "frame 4 2 3",
                   "2:11: expected end of line, got \"3\""},
        // Cursor.
        RejectCase{"CursorWord", "cursor 1 0 bar", "cursor shown",
                   "3:8: expected \"hidden\" or a cursor column, got \"shown\""},
        RejectCase{"CursorColumnInside", "cursor 1 0 bar", "cursor 4 0 bar",
                   "3:8: expected a cursor column inside the frame: 0-3, got \"4\""},
        RejectCase{"CursorRowInside", "cursor 1 0 bar", "cursor 1 2 bar",
                   "3:10: expected a cursor row inside the frame: 0-1, got \"2\""},
        RejectCase{"CursorShape", "cursor 1 0 bar", "cursor 1 0 beam",
                   "3:12: expected a cursor shape (block, bar or underline), got \"beam\""},
        RejectCase{"CursorHiddenAlone", "cursor 1 0 bar", "cursor hidden bar",
                   "3:15: expected end of line, got \"bar\""},
        // Style count.
        RejectCase{"StyleCountLimit", "styles 2", "styles 63",
                   "4:8: expected a style count of at most 62 (the version-1 limit), got \"63\""},
        RejectCase{"StyleCountMatchesLines", "styles 2", "styles 3",
                   "7:1: expected style index 2 (a canonical non-negative integer), got \"grid\""},
        RejectCase{"ZeroStylesLeaveNothingToReference",
                   "styles 2\n0 fg default bg default attrs -\n"
                   "1 fg @1 bg #0000FF attrs bold,underline underline curly ulcolor @9\n",
                   "styles 0\n", "9:2: expected a declared style (none is declared), got \"0\""},
        // Style lines.
        RejectCase{"StyleIndexContiguous", "1 fg @1", "2 fg @1",
                   "6:1: expected style index 1 (styles are numbered contiguously from 0), got "
                   "\"2\""},
        RejectCase{"StyleFgKeyword", "0 fg default", "0 fore default",
                   "5:3: expected \"fg\", got \"fore\""},
        RejectCase{"ColorName", "0 fg default", "0 fg red",
                   "5:6: expected a foreground colour (default, @0-255 or #RRGGBB), got \"red\""},
        RejectCase{"ColorHexDigits", "bg #0000FF", "bg #0000FG",
                   "6:12: expected a background colour (default, @0-255 or #RRGGBB), got "
                   "\"#0000FG\""},
        RejectCase{"ColorHexLength", "bg #0000FF", "bg #00FF",
                   "6:12: expected a background colour (default, @0-255 or #RRGGBB), got "
                   "\"#00FF\""},
        RejectCase{"PaletteRange", "fg @1", "fg @256",
                   "6:6: expected a foreground colour (default, @0-255 or #RRGGBB), got \"@256\""},
        RejectCase{"PaletteCanonical", "fg @1", "fg @01",
                   "6:6: expected a foreground colour (default, @0-255 or #RRGGBB), got \"@01\""},
        RejectCase{"AttrsUnknown", "attrs bold,underline", "attrs bold,blink",
                   "6:31: expected an attribute (bold, dim, italic, underline, reverse or "
                   "strike), got \"blink\""},
        RejectCase{"AttrsDuplicate", "attrs bold,underline", "attrs bold,underline,bold",
                   "6:41: expected each attribute at most once, got \"bold\" again"},
        RejectCase{"AttrsDuplicateInAnotherOrder", "attrs bold,underline",
                   "attrs underline,bold,underline",
                   "6:41: expected each attribute at most once, got \"underline\" again"},
        RejectCase{"AttrsUnknownInAnotherOrder", "attrs bold,underline", "attrs strike,blink",
                   "6:33: expected an attribute (bold, dim, italic, underline, reverse or "
                   "strike), got \"blink\""},
        RejectCase{"AttrsEmptyEntry", "attrs bold,underline", "attrs bold,,underline",
                   "6:31: expected an attribute (bold, dim, italic, underline, reverse or "
                   "strike), got nothing"},
        RejectCase{"AttrsDashAlone", "attrs bold,underline", "attrs -,bold,underline",
                   "6:26: expected an attribute (bold, dim, italic, underline, reverse or "
                   "strike), got \"-\""},
        RejectCase{"AttrsMissing", "0 fg default bg default attrs -",
                   "0 fg default bg default attrs",
                   "5:30: expected the attributes (- or a comma-separated list), got end of line"},
        RejectCase{"UnderlineShapeNeedsUnderline", "attrs bold,underline underline curly",
                   "attrs bold underline curly",
                   "6:31: expected end of line (\"underline <shape>\" needs the underline attr), "
                   "got \"underline\""},
        RejectCase{"UlcolorNeedsUnderline", "attrs bold,underline underline curly ulcolor @9",
                   "attrs bold ulcolor @9",
                   "6:31: expected end of line (\"ulcolor <color>\" needs the underline attr), got "
                   "\"ulcolor\""},
        RejectCase{"UnderlineShapeSingleIsAbsence", "underline curly", "underline single",
                   "6:51: expected an underline shape (double, curly, dotted or dashed), got "
                   "\"single\""},
        RejectCase{"UlcolorDefaultRejected", "ulcolor @9", "ulcolor default",
                   "6:65: expected an underline colour other than default (an underline in the "
                   "text colour is written without ulcolor), got \"default\""},
        RejectCase{"UnderlineBeforeUlcolor", "underline curly ulcolor @9",
                   "ulcolor @9 underline curly",
                   "6:52: expected end of line (\"underline <shape>\" comes before ulcolor), got "
                   "\"underline\""},
        RejectCase{"UnderlineShapeOnce", "underline curly", "underline curly underline dotted",
                   "6:57: expected end of line (\"underline <shape>\" comes before ulcolor), got "
                   "\"underline\""},
        // Grid.
        RejectCase{"GridKeyword", "grid\n", "cells\n", "7:1: expected \"grid\", got \"cells\""},
        RejectCase{"GridOpeningDelimiter", "|ab c|", "ab c|",
                   "8:1: expected \"|\" opening grid row 0, got \"a\""},
        RejectCase{"GridClosingDelimiter", "|ab c|", "|ab c",
                   "8:6: expected \"|\" closing grid row 0, got end of line"},
        RejectCase{"GridLoneDelimiter", "|ab c|", "|",
                   "8:2: expected \"|\" closing grid row 0, got end of line"},
        // Stylemap.
        RejectCase{"StylemapKeyword", "stylemap\n", "styles\n",
                   "10:1: expected \"stylemap\", got \"styles\""},
        RejectCase{"StylemapAlphabet", "|0011|", "|00!1|",
                   "11:4: expected a style character (0-9, A-Z or a-z), got \"!\""},
        RejectCase{"StylemapDeclaredStyle", "|0011|", "|0021|",
                   "11:4: expected a declared style (0-1), got \"2\""},
        RejectCase{"StylemapTooShort", "|0011|", "|001|",
                   "11:5: expected 4 style characters (one a column), got 3"},
        RejectCase{"StylemapTooLong", "|0011|", "|00111|",
                   "11:6: expected 4 style characters (one a column), got 5"},
        RejectCase{"StylemapDelimiters", "|1000|", "1000",
                   "12:1: expected \"|\" opening stylemap row 1, got \"1\""},
        // Links.
        RejectCase{
            "LinkAfterRaster",
            "link 0 0 2 https://a.example/\nraster 1 anchor 0 1 span 2 1 pixels 6 6 hash 00ff\n",
            "raster 1 anchor 0 1 span 2 1 pixels 6 6 hash 00ff\nlink 0 0 2 https://a.example/\n",
            "14:1: expected a raster record or \"end\" (link records come before raster "
            "records), got \"link\""},
        RejectCase{"LinkNonEmpty", "link 0 0 2", "link 0 0 0",
                   "13:10: expected a positive link length, got \"0\""},
        RejectCase{"LinkInsideRow", "link 0 0 2", "link 2 0 3",
                   "13:10: expected a link length of at most 2 (the run must lie inside its row), "
                   "got \"3\""},
        RejectCase{"LinkColumnInsideFrame", "link 0 0 2", "link 4 0 1",
                   "13:6: expected a link column inside the frame: 0-3, got \"4\""},
        RejectCase{"LinkRowInsideFrame", "link 0 0 2", "link 0 2 2",
                   "13:8: expected a link row inside the frame: 0-1, got \"2\""},
        RejectCase{"LinkTargetAbsolute", "https://a.example/", "/relative/path",
                   "13:12: expected a link target (an absolute URI of printable ASCII), got "
                   "\"/relative/path\""},
        RejectCase{"LinkTargetPrintableAscii", "https://a.example/", "https://a.example/\xC3\xA9",
                   "13:12: expected a link target (an absolute URI of printable ASCII), got "
                   "\"https://a.example/\\xc3\\xa9\""},
        RejectCase{"LinkTargetIsOneToken", "https://a.example/", "https://a.example/ x",
                   "13:31: expected end of line, got \"x\""},
        RejectCase{"LinkTargetMissing", "link 0 0 2 https://a.example/", "link 0 0 2",
                   "13:11: expected a link target (an absolute URI of printable ASCII), got end "
                   "of line"},
        RejectCase{"LinksDoNotOverlap", "link 0 0 2 https://a.example/\n",
                   "link 0 0 2 https://a.example/\nlink 1 0 2 https://b.example/\n",
                   "14:6: expected a link run after row 0 col 1 (runs are row-major and do not "
                   "overlap), got row 0 col 1"},
        RejectCase{"LinksRowMajor", "link 0 0 2 https://a.example/\n",
                   "link 0 1 2 https://a.example/\nlink 0 0 2 https://b.example/\n",
                   "14:8: expected a link run after row 1 col 1 (runs are row-major and do not "
                   "overlap), got row 0 col 0"},
        RejectCase{"LinksMaximal", "link 0 0 2 https://a.example/\n",
                   "link 0 0 2 https://a.example/\nlink 2 0 1 https://a.example/\n",
                   "14:12: expected a target other than the touching run's (one target's "
                   "touching runs are written as one run), got \"https://a.example/\" again"},
        // Rasters.
        RejectCase{"RasterIdPositive", "raster 1", "raster 0",
                   "14:8: expected a positive raster id, got \"0\""},
        RejectCase{"RasterIdUnique", "hash 00ff\n",
                   "hash 00ff\nraster 1 anchor 0 0 span 1 1 pixels 1 1 hash 1\n",
                   "15:8: expected a raster id not used before, got \"1\" again"},
        RejectCase{"RasterAnchorInside", "anchor 0 1", "anchor 0 2",
                   "14:19: expected an anchor row inside the frame: 0-1, got \"2\""},
        RejectCase{"RasterSpanPositive", "span 2 1", "span 0 1",
                   "14:26: expected a positive span, got \"0\""},
        RejectCase{"RasterSpanInsideFrame", "anchor 0 1 span 2 1", "anchor 3 1 span 2 1",
                   "14:26: expected a span of at most 1 columns (the region must lie inside the "
                   "frame), got \"2\""},
        RejectCase{"RasterSpanRowsInsideFrame", "span 2 1", "span 2 2",
                   "14:28: expected a span of at most 1 rows (the region must lie inside the "
                   "frame), got \"2\""},
        RejectCase{"RasterPixelsPositive", "pixels 6 6", "pixels 6 0",
                   "14:39: expected a positive pixel height, got \"0\""},
        RejectCase{"RasterHashLowercase", "hash 00ff", "hash 00FF",
                   "14:46: expected a lowercase hex hash, got \"00FF\""},
        RejectCase{"RasterHashHex", "hash 00ff", "hash xyz",
                   "14:46: expected a lowercase hex hash, got \"xyz\""},
        RejectCase{"RasterHashNonEmpty", "hash 00ff", "hash",
                   "14:45: expected a lowercase hex hash, got end of line"},
        RejectCase{"RasterKeywords", "anchor 0 1", "at 0 1",
                   "14:10: expected \"anchor\", got \"at\""},
        // Records and the end.
        RejectCase{"UnknownRecord", "link 0 0 2 https://a.example/", "note hello",
                   "13:1: expected a link record, a raster record or \"end\", got \"note\""},
        RejectCase{"EndMissing", "end\n", "",
                   "15:1: expected a raster record or \"end\", got end of input"},
        RejectCase{"NothingAfterEnd", "end\n", "end\nend\n",
                   "16:1: expected nothing after \"end\", got \"end\""},
        RejectCase{"NoBlankLineAfterEnd", "end\n", "end\n\n",
                   "16:1: expected nothing after \"end\", got an empty line"},
        RejectCase{"FinalNewline", "end\n", "end",
                   "15:4: expected a final newline, got end of input"},
        RejectCase{"CrlfNamedOnce", "end\n", "end\r\n",
                   "15:4: CRLF line endings (a checkout converted it; add `*.dump -text` to "
                   ".gitattributes)"}),
    [](const ::testing::TestParamInfo<RejectCase>& info) { return info.param.name; });

TEST(GoldenParse, EmptyInputExpectsTheHeader) {
  EXPECT_EQ(golden::Parse("").status().message(),
            "1:1: expected \"ckvision-golden 1\", got end of input");
}

TEST(GoldenParse, TruncatedGridExpectsTheMissingRow) {
  EXPECT_EQ(golden::Parse("ckvision-golden 1\nframe 1 2\ncursor hidden\nstyles 0\ngrid\n|a|\n")
                .status()
                .message(),
            "7:1: expected grid row 1, got end of input");
}

TEST(GoldenParse, CrlfEverywhereIsOneMessageOnTheFirstLine) {
  const std::string crlf = absl::StrReplaceAll(kSpecExample, {{"\n", "\r\n"}});
  EXPECT_EQ(golden::Parse(crlf).status().message(),
            "1:18: CRLF line endings (a checkout converted it; add `*.dump -text` to "
            ".gitattributes)");
}

// A file that is not a golden at all is named by its header, whatever line endings it has.
TEST(GoldenParse, NotAGoldenIsNamedByItsHeaderBeforeAnyCrlf) {
  EXPECT_EQ(golden::Parse("<html>\r\n<body>\r\n").status().message(),
            "1:1: expected \"ckvision-golden 1\", got \"<html>\\r\"");
  EXPECT_EQ(golden::Parse("hello\nworld\r\n").status().message(),
            "1:1: expected \"ckvision-golden 1\", got \"hello\"");
  EXPECT_EQ(golden::Parse("ckvision-golden 2\r\n").status().message(),
            "1:1: expected \"ckvision-golden 1\", got \"ckvision-golden 2\\r\"");
}

TEST(GoldenParse, LoneCarriageReturnIsRawRowText) {
  absl::StatusOr<Frame> frame = golden::Parse(Edit("|ab c|", "|a\rbc|"));
  ASSERT_TRUE(frame.ok()) << frame.status();
  EXPECT_EQ(frame->RowText(0), "a\rbc");
}

TEST(GoldenParse, HostileSizesCostNothingBeforeTheLinesExist) {
  absl::StatusOr<Frame> frame = golden::Parse(
      "ckvision-golden 1\nframe 2147483647 2147483647\ncursor hidden\nstyles 0\ngrid\n");
  EXPECT_EQ(frame.status().message(),
            "2:18: expected a frame of at most 16777216 cells (4096 x 4096), got 2147483647 x "
            "2147483647 = 4611686014132420609");
  // Under the cell limit, a size costs nothing until its lines are read either.
  frame = golden::Parse("ckvision-golden 1\nframe 4096 4096\ncursor hidden\nstyles 0\ngrid\n");
  EXPECT_EQ(frame.status().message(), "6:1: expected grid row 0, got end of input");
}

// ---------------------------------------------------------------------------------------------
// Non-canonical spellings: valid, equal to their canonical form, and normalized by Serialize.

struct SpellingCase {
  const char* name;
  const char* from;
  const char* to;
  const char* from2 = nullptr;  // A second edit, when one is not enough.
  const char* to2 = nullptr;
};

class GoldenNonCanonical : public ::testing::TestWithParam<SpellingCase> {};

TEST_P(GoldenNonCanonical, EqualsAndNormalizesToTheCanonicalForm) {
  std::string text = Edit(GetParam().from, GetParam().to);
  if (GetParam().from2 != nullptr) {
    const size_t at = text.find(GetParam().from2);
    ASSERT_NE(at, std::string::npos);
    text.replace(at, std::strlen(GetParam().from2), GetParam().to2);
  }
  ASSERT_NE(text, kBase);
  absl::StatusOr<Frame> frame = golden::Parse(text);
  ASSERT_TRUE(frame.ok()) << frame.status();
  absl::StatusOr<Frame> canonical = golden::Parse(kBase);
  ASSERT_TRUE(canonical.ok());
  EXPECT_TRUE(*frame == *canonical);
  EXPECT_EQ(*golden::Serialize(*frame), kBase);
}

INSTANTIATE_TEST_SUITE_P(
    Spellings, GoldenNonCanonical,
    ::testing::Values(
        SpellingCase{"LowercaseHex", "#0000FF", "#0000ff"},
        SpellingCase{"MixedCaseHex", "#0000FF", "#0000fF"},
        SpellingCase{"StyleNumbering",
                     "0 fg default bg default attrs -\n"
                     "1 fg @1 bg #0000FF attrs bold,underline underline curly ulcolor @9\n"
                     "grid\n|ab c|\n|\xE7\x95\x8Cx |\nstylemap\n|0011|\n|1000|\n",
                     "0 fg @1 bg #0000FF attrs bold,underline underline curly ulcolor @9\n"
                     "1 fg default bg default attrs -\n"
                     "grid\n|ab c|\n|\xE7\x95\x8Cx |\nstylemap\n|1100|\n|0111|\n"},
        SpellingCase{"UnusedStyle", "styles 2\n", "styles 3\n", "grid\n",
                     "2 fg @7 bg default attrs -\ngrid\n"},
        SpellingCase{"DuplicateStyle", "styles 2\n", "styles 3\n",
                     "grid\n|ab c|\n|\xE7\x95\x8Cx |\nstylemap\n|0011|\n",
                     "2 fg @1 bg #0000FF attrs underline,bold underline curly ulcolor @9\n"
                     "grid\n|ab c|\n|\xE7\x95\x8Cx |\nstylemap\n|0012|\n"}),
    [](const ::testing::TestParamInfo<SpellingCase>& info) { return info.param.name; });

// ---------------------------------------------------------------------------------------------
// Attribute order: the format keeps it as written ("order preserved as written"), so a dump
// listing attributes in any order is canonical in that respect and round-trips byte for byte,
// while meaning the same frame as the fixed order bold,dim,italic,underline,reverse,strike.

struct AttrOrderCase {
  const char* name;
  const char* from;             // a line's text in kBase
  const char* written;          // the same line with the attributes in another order
  const char* fixed;            // the same line with those attributes in the fixed order
  const char* from2 = nullptr;  // A second line, when one is not enough.
  const char* written2 = nullptr;
  const char* fixed2 = nullptr;
};

std::string EditLines(const AttrOrderCase& c, bool written) {
  std::string text = Edit(c.from, written ? c.written : c.fixed);
  if (c.from2 != nullptr) {
    const size_t at = text.find(c.from2);
    EXPECT_NE(at, std::string::npos) << c.from2;
    if (at != std::string::npos) {
      text.replace(at, std::strlen(c.from2), written ? c.written2 : c.fixed2);
    }
  }
  return text;
}

class GoldenAttrOrder : public ::testing::TestWithParam<AttrOrderCase> {};

TEST_P(GoldenAttrOrder, RoundTripsAsWrittenAndMeansTheFixedOrder) {
  const std::string text = EditLines(GetParam(), /*written=*/true);
  absl::StatusOr<Frame> frame = golden::Parse(text);
  ASSERT_TRUE(frame.ok()) << frame.status();
  absl::StatusOr<std::string> again = golden::Serialize(*frame);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(*again, text);
  // The same attributes in the fixed order: another spelling of the same frame.
  absl::StatusOr<Frame> fixed = golden::Parse(EditLines(GetParam(), /*written=*/false));
  ASSERT_TRUE(fixed.ok()) << fixed.status();
  EXPECT_TRUE(*frame == *fixed);
}

INSTANTIATE_TEST_SUITE_P(
    Orders, GoldenAttrOrder,
    ::testing::Values(AttrOrderCase{"UnderlineBeforeBoldWithRefinements", "attrs bold,underline",
                                    "attrs underline,bold", "attrs bold,underline"},
                      AttrOrderCase{"AllSixReversed", "attrs bold,underline",
                                    "attrs strike,reverse,underline,italic,dim,bold",
                                    "attrs bold,dim,italic,underline,reverse,strike"},
                      AttrOrderCase{"AllSixShuffled", "attrs bold,underline",
                                    "attrs italic,strike,bold,reverse,dim,underline",
                                    "attrs bold,dim,italic,underline,reverse,strike"},
                      AttrOrderCase{"EachStyleKeepsItsOwnOrder", "attrs bold,underline",
                                    "attrs underline,bold", "attrs bold,underline", "attrs -",
                                    "attrs strike,italic", "attrs italic,strike"}),
    [](const ::testing::TestParamInfo<AttrOrderCase>& info) { return info.param.name; });

TEST(GoldenAttrOrder, DuplicateStylesKeepTheFirstUsedSpelling) {
  // Styles 1 and 2 differ only in their attribute order: one style, written as style 2 (the
  // first used, at column 2 of row 0) spells it.
  std::string text = Edit("styles 2\n", "styles 3\n");
  text = absl::StrReplaceAll(
      text,
      {{"|0011|", "|0021|"},
       {"grid\n", "2 fg @1 bg #0000FF attrs underline,bold underline curly ulcolor @9\ngrid\n"}});
  absl::StatusOr<Frame> frame = golden::Parse(text);
  ASSERT_TRUE(frame.ok()) << frame.status();
  EXPECT_EQ(*golden::Serialize(*frame), Edit("attrs bold,underline", "attrs underline,bold"));
}

TEST(GoldenAttrOrder, SerializeWritesTheRecordedOrderThenTheUnlistedAttributes) {
  Frame frame = Frame::Blank(3, 1);
  Style& italic_bold = frame.cell(0, 0).style;
  italic_bold.bold = italic_bold.italic = true;
  italic_bold.attr_order = 3 | 1 << 3;  // italic, bold
  Style& partly_listed = frame.cell(1, 0).style;
  partly_listed.bold = partly_listed.italic = partly_listed.strike = true;
  partly_listed.fg = Color::Palette(1);
  partly_listed.attr_order = 3 | 2 << 3;  // italic, dim (not set): then bold and strike
  absl::StatusOr<std::string> text = golden::Serialize(frame);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text,
            "ckvision-golden 1\n"
            "frame 3 1\n"
            "cursor hidden\n"
            "styles 3\n"
            "0 fg default bg default attrs italic,bold\n"
            "1 fg @1 bg default attrs italic,bold,strike\n"
            "2 fg default bg default attrs -\n"
            "grid\n"
            "|   |\n"
            "stylemap\n"
            "|012|\n"
            "end\n");
}

// ---------------------------------------------------------------------------------------------
// Serialize.

TEST(GoldenSerialize, NumbersStylesByFirstUseRowMajor) {
  Frame frame = Frame::Blank(3, 2);
  frame.cell(2, 0).style.bold = true;
  frame.cell(0, 1).style.fg = Color::Rgb(1, 2, 255);
  frame.cell(1, 1).style.bold = true;
  absl::StatusOr<std::string> text = golden::Serialize(frame);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text,
            "ckvision-golden 1\n"
            "frame 3 2\n"
            "cursor hidden\n"
            "styles 3\n"
            "0 fg default bg default attrs -\n"
            "1 fg default bg default attrs bold\n"
            "2 fg #0102FF bg default attrs -\n"
            "grid\n"
            "|   |\n"
            "|   |\n"
            "stylemap\n"
            "|001|\n"
            "|210|\n"
            "end\n");
}

TEST(GoldenSerialize, WritesCapturedCellsOncePerGrapheme) {
  Frame frame = Frame::Blank(4, 1);
  frame.cell(0, 0) = Cell{"\xE7\x95\x8C", 2, {}};  // U+754C
  frame.cell(1, 0) = Cell{"", 0, {}};
  frame.cell(2, 0).grapheme = "e\xCC\x81";  // e + combining acute: one cell
  frame.cell(3, 0).grapheme = "|";
  frame.cursor = Cursor{true, 3, 0, CursorShape::kUnderline};
  frame.links = LinkRunsFromTargets(4, 1, {"https://a/", "https://a/", "", "https://b/"});
  absl::StatusOr<std::string> text = golden::Serialize(frame);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text,
            "ckvision-golden 1\n"
            "frame 4 1\n"
            "cursor 3 0 underline\n"
            "styles 1\n"
            "0 fg default bg default attrs -\n"
            "grid\n"
            "|\xE7\x95\x8C"
            "e\xCC\x81||\n"
            "stylemap\n"
            "|0000|\n"
            "link 0 0 2 https://a/\n"
            "link 3 0 1 https://b/\n"
            "end\n");
  absl::StatusOr<Frame> parsed = golden::Parse(*text);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_TRUE(*parsed == frame);
}

TEST(GoldenSerialize, DropsRefinementsOfAnUnderlineThatIsNotDrawn) {
  Frame frame = Frame::Blank(2, 1);
  frame.cell(0, 0).style.underline_shape = UnderlineShape::kCurly;
  frame.cell(0, 0).style.underline_color = Color::Palette(9);
  frame.cell(1, 0).style.underline = true;
  frame.cell(1, 0).style.underline_color = Color::Default();
  absl::StatusOr<std::string> text = golden::Serialize(frame);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_THAT(*text, HasSubstr("styles 2\n0 fg default bg default attrs -\n"
                               "1 fg default bg default attrs underline\n"));
}

TEST(GoldenSerialize, NormalizesLinkRuns) {
  Frame frame = Frame::Blank(4, 2);
  frame.links = {{2, 1, 1, "https://a/"}, {1, 0, 1, "https://a/"}, {0, 0, 1, "https://a/"}};
  EXPECT_THAT(*golden::Serialize(frame),
              HasSubstr("|0000|\nlink 0 0 2 https://a/\nlink 2 1 1 https://a/\nend\n"));
}

// Version 1 cannot hold them: the wide form does (test/snapshot/golden_wide_test.cc).
TEST(GoldenSerialize, MoreThan62StylesAreWrittenInTheWideForm) {
  Frame frame = Frame::Blank(25, 3);
  for (int i = 0; i < 75; ++i) frame.cells[static_cast<size_t>(i)].style.fg = Color::Palette(i);
  absl::StatusOr<std::string> text = golden::Serialize(frame);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_THAT(*text, HasSubstr("vtsnap-wide-golden 1\nframe 25 3\ncursor hidden\n"
                               "styles 75 width 2\n"));
}

TEST(GoldenSerialize, ExactlyFiftyTwoPlusTenStylesFit) {
  Frame frame = Frame::Blank(62, 1);
  for (int i = 0; i < 62; ++i) frame.cells[static_cast<size_t>(i)].style.fg = Color::Palette(i);
  absl::StatusOr<std::string> text = golden::Serialize(frame);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_THAT(*text, HasSubstr("|0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz|"));
  EXPECT_EQ(*golden::Serialize(*golden::Parse(*text)), *text);
}

struct SerializeErrorCase {
  const char* name;
  void (*edit)(Frame&);
  const char* error;
};

class GoldenSerializeRejects : public ::testing::TestWithParam<SerializeErrorCase> {};

TEST_P(GoldenSerializeRejects, WhatTheFormatCannotHold) {
  Frame frame = Frame::Blank(4, 2);
  GetParam().edit(frame);
  absl::StatusOr<std::string> text = golden::Serialize(frame);
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(std::string(text.status().message()), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Frames, GoldenSerializeRejects,
    ::testing::Values(
        SerializeErrorCase{"EmptyFrame", [](Frame& f) { f = Frame::Blank(0, 0); },
                           "frame size 0x0 is not positive; ckvision-golden 1 needs at least one "
                           "cell"},
        // What Parse would refuse, refused before the cells are looked at.
        SerializeErrorCase{"CellLimit",
                           [](Frame& f) {
                             f.cols = 4097;
                             f.rows = 4096;
                           },
                           "frame size 4097x4096 has 16781312 cells; a golden holds at most "
                           "16777216 (4096 x 4096)"},
        SerializeErrorCase{"CellCount", [](Frame& f) { f.cells.pop_back(); },
                           "a 4x2 frame needs 8 cells, it has 7"},
        SerializeErrorCase{"RowTextCount", [](Frame& f) { f.row_text = {"a"}; },
                           "a frame of 2 rows has 1 row texts"},
        SerializeErrorCase{"NewlineInText", [](Frame& f) { f.cell(1, 1).grapheme = "\n"; },
                           "row 1 text \" \\n  \" holds a newline"},
        SerializeErrorCase{"PaletteRange",
                           [](Frame& f) { f.cell(2, 1).style.bg = Color::Palette(256); },
                           "cell (col 2, row 1): bg palette index 256 is outside 0-255"},
        SerializeErrorCase{"RgbRange",
                           [](Frame& f) {
                             f.cell(0, 0).style.fg = {Color::Kind::kRgb, 1u << 24};
                           },
                           "cell (col 0, row 0): fg RGB value 0x1000000 is outside "
                           "0x000000-0xFFFFFF"},
        SerializeErrorCase{"CursorOutside",
                           [](Frame& f) {
                             f.cursor = {true, 4, 0};
                           },
                           "cursor (col 4, row 0) lies outside the 4x2 frame"},
        SerializeErrorCase{"LinkOutsideRow",
                           [](Frame& f) {
                             f.links = {{3, 0, 2, "https://a/"}};
                           },
                           "link run (col 3, row 0, 2 cols) must be non-empty and lie inside a "
                           "row of the 4x2 frame"},
        SerializeErrorCase{"LinkEmpty",
                           [](Frame& f) {
                             f.links = {{0, 0, 0, "https://a/"}};
                           },
                           "link run (col 0, row 0, 0 cols) must be non-empty and lie inside a "
                           "row of the 4x2 frame"},
        SerializeErrorCase{"LinkTarget",
                           [](Frame& f) {
                             f.links = {{0, 0, 1, "a b"}};
                           },
                           "link run (col 0, row 0): target \"a b\" is not an absolute URI of "
                           "printable ASCII"},
        SerializeErrorCase{"LinksOverlap",
                           [](Frame& f) {
                             f.links = {{0, 1, 2, "https://a/"}, {1, 1, 2, "https://b/"}};
                           },
                           "link runs overlap at row 1 col 1 (\"https://a/\" and \"https://b/\")"},
        SerializeErrorCase{"RasterId",
                           [](Frame& f) {
                             f.rasters = {{0, 0, 0, 1, 1, 1, 1, "0"}};
                           },
                           "raster id 0 is not positive"},
        SerializeErrorCase{"RasterIdTwice",
                           [](Frame& f) {
                             f.rasters = {{1, 0, 0, 1, 1, 1, 1, "0"}, {1, 1, 0, 1, 1, 1, 1, "0"}};
                           },
                           "raster id 1 is used twice"},
        SerializeErrorCase{"RasterOutside",
                           [](Frame& f) {
                             f.rasters = {{1, 3, 1, 2, 1, 1, 1, "0"}};
                           },
                           "raster 1: anchor (col 3, row 1) span 2x1 extends outside the 4x2 "
                           "frame"},
        SerializeErrorCase{"RasterExtent",
                           [](Frame& f) {
                             f.rasters = {{1, 0, 0, 1, 1, 0, 1, "0"}};
                           },
                           "raster 1: span 1x1 cells and 0x1 pixels must be positive"},
        SerializeErrorCase{"RasterHash",
                           [](Frame& f) {
                             f.rasters = {{1, 0, 0, 1, 1, 1, 1, "ABC"}};
                           },
                           "raster 1: hash \"ABC\" is not non-empty lowercase hex"}),
    [](const ::testing::TestParamInfo<SerializeErrorCase>& info) { return info.param.name; });

// ---------------------------------------------------------------------------------------------
// Properties over random frames.

class RandomFrames {
 public:
  explicit RandomFrames(uint32_t seed) : rng_(seed) {}

  int Uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

  Color RandomColor() {
    switch (Uniform(0, 2)) {
      case 0:
        return Color::Default();
      case 1:
        return Color::Palette(Uniform(0, 255));
      default:
        return Color::Rgb(Uniform(0, 255), Uniform(0, 255), Uniform(0, 255));
    }
  }

  Style RandomStyle() {
    Style s;
    s.fg = RandomColor();
    s.bg = RandomColor();
    s.bold = Uniform(0, 1);
    s.dim = Uniform(0, 3) == 0;
    s.italic = Uniform(0, 3) == 0;
    s.underline = Uniform(0, 2) == 0;
    s.reverse = Uniform(0, 3) == 0;
    s.strike = Uniform(0, 3) == 0;
    s.underline_shape = static_cast<UnderlineShape>(Uniform(0, 4));
    s.underline_color = RandomColor();
    return s;
  }

  Frame Next() {
    static const char* const kNarrow[] = {"a",        " ",         "|",    "-",  "~",
                                          "\xC3\xA9", "e\xCC\x81", "\x01", "\\", "#"};
    static const char* const kWide[] = {"\xE7\x95\x8C", "\xF0\x9F\x98\x80"};
    static const char* const kTargets[] = {"https://a.example/", "https://b.example/x?y",
                                           "file:///tmp/f"};
    Frame frame = Frame::Blank(Uniform(1, 12), Uniform(1, 5));
    std::vector<Style> pool(static_cast<size_t>(Uniform(1, 8)));
    for (Style& s : pool) s = RandomStyle();
    std::vector<std::string> targets(frame.cells.size());
    for (int row = 0; row < frame.rows; ++row) {
      for (int col = 0; col < frame.cols; ++col) {
        Cell& cell = frame.cell(col, row);
        cell.style = pool[static_cast<size_t>(Uniform(0, static_cast<int>(pool.size()) - 1))];
        if (col + 1 < frame.cols && Uniform(0, 5) == 0) {
          cell.grapheme = kWide[Uniform(0, 1)];
          cell.width = 2;
          Cell& continuation = frame.cell(col + 1, row);
          continuation = Cell{"", 0, cell.style};
        } else {
          cell.grapheme = kNarrow[Uniform(0, 9)];
        }
        if (Uniform(0, 3) == 0)
          targets[static_cast<size_t>(row * frame.cols + col)] = kTargets[Uniform(0, 2)];
        if (cell.width == 2) {
          targets[static_cast<size_t>(row * frame.cols + col + 1)] =
              targets[static_cast<size_t>(row * frame.cols + col)];
          ++col;
        }
      }
    }
    frame.links = LinkRunsFromTargets(frame.cols, frame.rows, targets);
    if (Uniform(0, 1)) {
      frame.cursor = Cursor{true, Uniform(0, frame.cols - 1), Uniform(0, frame.rows - 1),
                            static_cast<CursorShape>(Uniform(0, 2))};
    }
    const int rasters = Uniform(0, 2);
    for (int i = 0; i < rasters; ++i) {
      RasterRecord r;
      r.id = i * 3 + Uniform(1, 3);
      r.col = Uniform(0, frame.cols - 1);
      r.row = Uniform(0, frame.rows - 1);
      r.cols = Uniform(1, frame.cols - r.col);
      r.rows = Uniform(1, frame.rows - r.row);
      r.pixel_width = Uniform(1, 4000);
      r.pixel_height = Uniform(1, 4000);
      static const char kHex[] = "0123456789abcdef";
      r.hash.clear();
      for (int k = Uniform(1, 16); k > 0; --k) r.hash += kHex[Uniform(0, 15)];
      frame.rasters.push_back(r);
    }
    return frame;
  }

 private:
  std::mt19937 rng_;
};

TEST(GoldenProperty, RandomFramesRoundTrip) {
  RandomFrames random(20240601);
  for (int i = 0; i < 3000; ++i) {
    const Frame frame = random.Next();
    absl::StatusOr<std::string> text = golden::Serialize(frame);
    ASSERT_TRUE(text.ok()) << "frame " << i << ": " << text.status();
    absl::StatusOr<Frame> parsed = golden::Parse(*text);
    ASSERT_TRUE(parsed.ok()) << "frame " << i << ": " << parsed.status() << "\n" << *text;
    ASSERT_TRUE(*parsed == frame) << "frame " << i << "\n" << *text;
    absl::StatusOr<std::string> again = golden::Serialize(*parsed);
    ASSERT_TRUE(again.ok()) << again.status();
    ASSERT_EQ(*again, *text) << "frame " << i;
  }
}

TEST(GoldenProperty, EveryTruncationOfACanonicalDumpIsRejected) {
  const std::string text = kBase;
  for (size_t n = 0; n < text.size(); ++n) {
    EXPECT_FALSE(golden::Parse(text.substr(0, n)).ok()) << n;
  }
}

}  // namespace
}  // namespace vtsnap
