// The Sixel decoder (decoder/sixel.h) and the terminal's pixel plane (docs/sixel.md).
//
// Expected pictures are written by hand from the Sixel definition: a data byte is 0x3F plus six
// bits, bit 0 the top pixel; '$' returns to the left edge, '-' goes down six pixel rows. One
// character a pixel: '.' transparent, 'R' 'G' 'B' 'K' opaque red, green, blue and black, 'b' 'r'
// 'g' the VT340 default registers 1, 2 and 3. Every decode is also fed one byte at a time.
#include "vtsnap/decoder/sixel.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/headless_terminal.h"
#include "vtsnap/decoder/presenter.h"
#include "vtsnap/decoder/virtual_terminal.h"

namespace vtsnap {
namespace {

using ::testing::ElementsAreArray;
using ::testing::IsEmpty;

struct LegendEntry {
  char symbol;
  uint32_t rgba;
};
constexpr LegendEntry kLegend[] = {
    {'.', 0x00000000}, {'R', 0xFF0000FF}, {'G', 0x00FF00FF}, {'B', 0x0000FFFF},
    {'K', 0x000000FF}, {'b', 0x3333CCFF}, {'r', 0xCC2121FF}, {'g', 0x33CC33FF},
};

char Symbol(uint32_t rgba) {
  for (const LegendEntry& e : kLegend) {
    if (e.rgba == rgba) return e.symbol;
  }
  return '?';
}

uint32_t At(const std::vector<uint8_t>& rgba, size_t i) {
  return (uint32_t{rgba[i]} << 24) | (uint32_t{rgba[i + 1]} << 16) | (uint32_t{rgba[i + 2]} << 8) |
         rgba[i + 3];
}

std::vector<std::string> Picture(const std::vector<uint8_t>& rgba, int width, int height) {
  std::vector<std::string> rows;
  for (int y = 0; y < height; ++y) {
    std::string row;
    for (int x = 0; x < width; ++x) {
      row += Symbol(At(rgba, (static_cast<size_t>(y) * width + x) * 4));
    }
    rows.push_back(row);
  }
  return rows;
}

std::vector<std::string> Picture(const SixelBitmap& image) {
  return Picture(image.rgba, image.width, image.height);
}

std::vector<std::string> Plane(const Terminal& t) {
  std::vector<uint8_t> rgba;
  t.CopyPixelPlane(&rgba);
  EXPECT_EQ(rgba.size(), static_cast<size_t>(t.pixel_width()) * t.pixel_height() * 4);
  return Picture(rgba, t.pixel_width(), t.pixel_height());
}

// A whole Sixel sequence.
std::string Sixel(absl::string_view data, absl::string_view params = "") {
  return absl::StrCat("\x1bP", params, "q", data, "\x1b\\");
}

const char kRed[] = "#1;2;100;0;0";
const char kGreen[] = "#2;2;0;100;0";
const char kBlue[] = "#3;2;0;0;100";

// Decodes `data` whole and one byte at a time; both must agree.
absl::StatusOr<SixelBitmap> Decode(absl::string_view data, SixelHeader header = {},
                                   SixelDecoderOptions options = {}) {
  SixelPalette palette;
  SixelDecoder decoder(header, &palette, options);
  decoder.Feed(data);
  absl::StatusOr<SixelBitmap> whole = decoder.Finish();

  SixelPalette palette2;
  SixelDecoder bytewise(header, &palette2, options);
  for (char c : data) bytewise.Feed(absl::string_view(&c, 1));
  absl::StatusOr<SixelBitmap> split = bytewise.Finish();
  EXPECT_EQ(whole.status(), split.status()) << "fed one byte at a time";
  if (whole.ok() && split.ok()) {
    EXPECT_EQ(whole->rgba, split->rgba) << "fed one byte at a time";
    EXPECT_EQ(whole->width, split->width);
    EXPECT_EQ(whole->height, split->height);
  }
  return whole;
}

// ---------------------------------------------------------------------------------------------
// Colour conversions.

TEST(SixelColor, PercentIsRoundedToNearest) {
  EXPECT_EQ(SixelPercentToByte(0), 0);
  EXPECT_EQ(SixelPercentToByte(1), 3);     // 2.55 -> 3
  EXPECT_EQ(SixelPercentToByte(20), 51);   // 51.0
  EXPECT_EQ(SixelPercentToByte(33), 84);   // 84.15 -> 84
  EXPECT_EQ(SixelPercentToByte(50), 128);  // 127.5 -> 128
  EXPECT_EQ(SixelPercentToByte(67), 171);  // 170.85 -> 171
  EXPECT_EQ(SixelPercentToByte(100), 255);
}

struct HlsCase {
  const char* name;
  int h, l, s;
  int r, g, b;  // percent
};

class HlsTest : public ::testing::TestWithParam<HlsCase> {};

TEST_P(HlsTest, ConvertsLikeXterm) {
  const HlsCase& c = GetParam();
  int r = -1;
  int g = -1;
  int b = -1;
  SixelHlsToRgbPercent(c.h, c.l, c.s, &r, &g, &b);
  EXPECT_EQ(r, c.r);
  EXPECT_EQ(g, c.g);
  EXPECT_EQ(b, c.b);
}

// The VT340 puts blue at 0 degrees, red at 120 and green at 240.
INSTANTIATE_TEST_SUITE_P(
    Sixel, HlsTest,
    ::testing::Values(HlsCase{"BlueAt0", 0, 50, 100, 0, 0, 100},
                      HlsCase{"RedAt120", 120, 50, 100, 100, 0, 0},
                      HlsCase{"GreenAt240", 240, 50, 100, 0, 100, 0},
                      HlsCase{"MagentaAt60", 60, 50, 100, 100, 0, 100},
                      HlsCase{"YellowAt180", 180, 50, 100, 100, 100, 0},
                      HlsCase{"CyanAt300", 300, 50, 100, 0, 100, 100},
                      HlsCase{"A360IsBlue", 360, 50, 100, 0, 0, 100},
                      // c = (1 - |2*0.25 - 1|) * 0.5 = 0.25, m = 0.125:
                      // red (0.25 + 0.125) = 37.5 -> 38, the others 12.5 -> 13.
                      HlsCase{"DarkDullRed", 120, 25, 50, 38, 13, 13},
                      HlsCase{"NoSaturationIsGray", 77, 40, 0, 40, 40, 40},
                      HlsCase{"FullLightnessIsWhite", 200, 100, 100, 100, 100, 100}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(SixelPalette, DefaultsAreXtermsVt340Registers) {
  // xterm 410 graphics.c init_color_registers, in percent, each converted (p * 255 + 50) / 100.
  const SixelColor expected[16] = {
      {0, 0, 0},      {51, 51, 204},  {204, 33, 33},  {51, 204, 51},
      {204, 51, 204}, {51, 204, 204}, {204, 204, 51}, {135, 135, 135},
      {66, 66, 66},   {84, 84, 153},  {153, 66, 66},  {84, 153, 84},
      {153, 84, 153}, {84, 153, 153}, {153, 153, 84}, {204, 204, 204},
  };
  SixelPalette palette;
  for (int i = 0; i < 16; ++i) EXPECT_EQ(palette.color(i), expected[i]) << "register " << i;
  EXPECT_EQ(palette.color(16), (SixelColor{0, 0, 0}));
  EXPECT_EQ(palette.color(1023), (SixelColor{0, 0, 0}));
  EXPECT_EQ(palette.color(1024 + 1), expected[1]);  // register numbers wrap modulo 1024
}

// ---------------------------------------------------------------------------------------------
// Decoding: one decision per case.

struct DecodeCase {
  const char* name;
  std::string data;
  std::vector<std::string> picture;
  SixelHeader header = {};
  SixelDecoderOptions options = {};
};

class DecodeTest : public ::testing::TestWithParam<DecodeCase> {};

TEST_P(DecodeTest, PaintsThePicture) {
  const DecodeCase& c = GetParam();
  absl::StatusOr<SixelBitmap> image = Decode(c.data, c.header, c.options);
  ASSERT_TRUE(image.ok()) << image.status();
  EXPECT_THAT(Picture(*image), ElementsAreArray(c.picture));
}

const SixelHeader kTransparent = {.background_mode = 1};
const SixelDecoderOptions kStrict = {.strict = true};

INSTANTIATE_TEST_SUITE_P(
    Sixel, DecodeTest,
    ::testing::Values(
        DecodeCase{
            "OneSixelIsSixPixelsDown", absl::StrCat(kRed, "#1~"), {"R", "R", "R", "R", "R", "R"}},
        DecodeCase{"BitZeroIsTheTopPixel", absl::StrCat(kRed, "#1@"), {"R"}},
        DecodeCase{"TheImageEndsAtItsLowestSetBit", absl::StrCat(kRed, "#1A"), {".", "R"}},
        DecodeCase{"BitsAreIndependent",
                   absl::StrCat(kRed, "#1b"),  // 0x62 - 0x3F = 100011b
                   {"R", "R", ".", ".", ".", "R"}},
        DecodeCase{"RepeatPaintsColumns", absl::StrCat(kRed, "#1!3@"), {"RRR"}},
        DecodeCase{"RepeatOfZeroIsOne", absl::StrCat(kRed, "#1!0@"), {"R"}},
        DecodeCase{"RepeatWithoutACountIsOne", absl::StrCat(kRed, "#1!@"), {"R"}},
        DecodeCase{"AnEmptySixelAdvances", absl::StrCat(kRed, "#1?@"), {".R"}},
        DecodeCase{"AnEmptyRepeatAdvances", absl::StrCat(kRed, "#1!3?@"), {"...R"}},
        DecodeCase{"CarriageReturnOverprints", absl::StrCat(kRed, kGreen, "#1@$#2A"), {"R", "G"}},
        DecodeCase{"ALaterColourWinsAPixel", absl::StrCat(kRed, kGreen, "#1@$#2@"), {"G"}},
        DecodeCase{"NewLineGoesSixRowsDownToTheLeftEdge",
                   absl::StrCat(kRed, "#1?@-@"),
                   {".R", "..", "..", "..", "..", "..", "R."}},
        DecodeCase{"SelectionKeepsTheRegisterForLaterData",
                   absl::StrCat(kRed, kGreen, kBlue, "#3@#1@#2@"),
                   {"BRG"}},
        DecodeCase{"DataBeforeAnySelectionUsesRegister3", "@", {"g"}},
        DecodeCase{"DefaultRegistersAreVt340", "#1@#2@#3@", {"brg"}},
        DecodeCase{"ADefinitionAlsoSelects", "#1;2;0;0;100@", {"B"}},
        DecodeCase{"RegisterNumbersWrapAt1024", "#1025;2;100;0;0#1@", {"R"}},
        DecodeCase{"ARedefinitionRecoloursWhatTheImagePainted",  // xterm resolves at display
                   absl::StrCat(kRed, "#1@#1;2;0;100;0$"),
                   {"G"}},
        DecodeCase{"HlsColours", "#1;1;120;50;100#1@#2;1;240;50;100#2@#3;1;0;50;100#3@", {"RGB"}},
        DecodeCase{"RasterAttributesSetTheSize",
                   absl::StrCat("\"1;1;3;2", kRed, "#1@"),
                   {"R..", "..."},
                   kTransparent},
        DecodeCase{"PaintingPastTheRasterGrowsTheImage",
                   absl::StrCat("\"1;1;1;1", kRed, "#1@@"),
                   {"RR"},
                   kTransparent},
        DecodeCase{"RasterWithoutExtentDeclaresNothing",
                   absl::StrCat("\"2;1", kRed, "#1@"),
                   {"R"},
                   kTransparent},
        DecodeCase{
            "AZeroRasterExtentIsOne", absl::StrCat("\"1;1;0;0", kRed, "#1?"), {"."}, kTransparent},
        DecodeCase{"AspectRatioIsIgnored",  // xterm 410 draws 1:1 (2:1 would double the rows)
                   absl::StrCat("\"2;1;1;2", kRed, "#1B"),
                   {"R", "R"},
                   kTransparent},
        DecodeCase{"BackgroundModeZeroFillsTheRasterWithRegisterZero",
                   absl::StrCat("\"1;1;3;2#0;2;0;0;100", kRed, "#1@"),
                   {"RBB", "BBB"},
                   {.background_mode = 0}},
        DecodeCase{"BackgroundModeTwoFillsLikeZero",
                   absl::StrCat("\"1;1;2;1", kRed, "#1@"),
                   {"RK"},
                   {.background_mode = 2}},
        DecodeCase{"WithoutARasterModeZeroFillsNothing",
                   absl::StrCat(kRed, "#1@-?@"),
                   {"R.", "..", "..", "..", "..", "..", ".R"}},
        DecodeCase{"ARasterAfterDataGrowsButDoesNotFill",
                   absl::StrCat(kRed, "#1@\"1;1;2;2$"),
                   {"R.", ".."}},
        DecodeCase{"ARasterStillOpenAtTheEndIsDropped",  // xterm acts at the byte after it
                   absl::StrCat(kRed, "#1@\"1;1;2;2"),
                   {"R"}},
        DecodeCase{"TheFillIsResolvedWithTheFinalRegisterZero",
                   absl::StrCat("\"1;1;2;1", kRed, "#1@#0;2;0;100;0$"),
                   {"RG"}},
        DecodeCase{"FillingCanBeTurnedOff",
                   absl::StrCat("\"1;1;2;1", kRed, "#1@"),
                   {"R."},
                   {.background_mode = 0},
                   {.fill_background = false}},
        DecodeCase{"ClipKeepsTheLeftAndTopPart",
                   absl::StrCat("\"1;1;9;9", kRed, "#1!5~"),
                   {"RRR", "RRR"},
                   kTransparent,
                   {.clip_width = 3, .clip_height = 2}},
        // The xterm dialect recovers from malformed data as xterm 410 does.
        DecodeCase{"BlanksAreSkippedEvenInsideNumbers", "#1;2;1 00;0;0\r\n#1@ @", {"RR"}},
        DecodeCase{"AnUnknownByteIsSkipped", absl::StrCat(kRed, "#1@%@"), {"RR"}},
        DecodeCase{"AnOutOfRangeColourIsDroppedWithTheByteAfterIt",
                   "#1;2;101;0;0@#1@",  // the first @ goes with the bad colour
                   {"b"}},
        DecodeCase{"ARepeatNotFollowedByDataDropsTheByte", absl::StrCat(kRed, "#1!5$@"), {"R"}},
        DecodeCase{"AnEmptyImage", "", {}},
        // The strict dialect decodes the same pictures.
        DecodeCase{"StrictDecodesTheSubset",
                   absl::StrCat("\"1;1;3;7", kRed, kGreen, "#1!2~$#2A-@"),
                   {"RR.", "GR.", "RR.", "RR.", "RR.", "RR.", "G.."},
                   kTransparent,
                   kStrict}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(SixelDecoder, ExtentsFollowTheRasterAndThePaintedPixels) {
  absl::StatusOr<SixelBitmap> image = Decode("\"1;1;4;3#1@-@", kTransparent);
  ASSERT_TRUE(image.ok());
  EXPECT_EQ(image->width, 4);
  EXPECT_EQ(image->height, 7);
  EXPECT_EQ(image->declared_width, 4);
  EXPECT_EQ(image->declared_height, 3);
  EXPECT_EQ(image->background_mode, 1);
  // At the '-' the image reached row min(0 + 6, 3) = 3 (xterm's DECGNL measure).
  EXPECT_EQ(image->newline_extent, 3);
  EXPECT_TRUE(image->is_set(0, 0));
  EXPECT_FALSE(image->is_set(1, 0));
  EXPECT_EQ(image->Pixel(0, 6), 0x3333CCFFu);
}

TEST(SixelDecoder, DefinitionsGoToTheGivenPalette) {
  SixelPalette palette;
  SixelDecoder decoder({}, &palette);
  decoder.Feed("#7;2;100;50;0#8;1;120;50;100$");
  ASSERT_TRUE(decoder.Finish().ok());
  EXPECT_EQ(palette.color(7), (SixelColor{255, 128, 0}));
  EXPECT_EQ(palette.color(8), (SixelColor{255, 0, 0}));
}

TEST(SixelDecoder, AnUnterminatedDefinitionAtTheEndIsNotApplied) {
  // xterm acts on a command at the byte after it; at the ST there is none.
  SixelPalette palette;
  SixelDecoder decoder({}, &palette);
  decoder.Feed("#1;2;100;0;0");
  ASSERT_TRUE(decoder.Finish().ok());
  EXPECT_EQ(palette.color(1), (SixelColor{51, 51, 204}));
}

TEST(SixelDecoder, RecoveriesAreCounted) {
  SixelPalette palette;
  SixelDecoder decoder({}, &palette);
  decoder.Feed("%%#1;2;101;0;0@!5$");
  ASSERT_TRUE(decoder.Finish().ok());
  EXPECT_EQ(decoder.ignored(),
            (std::map<std::string, uint64_t>{{"RGB colour out of range", 1},
                                             {"repeat (!) not followed by a sixel data byte", 1},
                                             {"unknown command byte", 2}}));
}

TEST(SixelDecoder, HostileCountsStayBounded) {
  // Millions of empty columns and rows allocate nothing.
  std::string data;
  for (int i = 0; i < 1000; ++i) data += "!999999999?";
  for (int i = 0; i < 1000; ++i) data += "-";
  absl::StatusOr<SixelBitmap> image = Decode(data);
  ASSERT_TRUE(image.ok());
  EXPECT_EQ(image->width, 0);
  EXPECT_EQ(image->height, 0);
  EXPECT_THAT(image->rgba, IsEmpty());
}

TEST(DecodeSixel, ReadsAWholeSequence) {
  SixelPalette palette;
  absl::StatusOr<SixelBitmap> image =
      DecodeSixel("\x1bP0;1;0q\"1;1;2;1#1;2;100;0;0#1@\x1b\\", &palette);
  ASSERT_TRUE(image.ok()) << image.status();
  EXPECT_THAT(Picture(*image), ElementsAreArray({"R."}));
  EXPECT_EQ(DecodeSixel("\x1bPp\x1b\\", &palette).status().message(),
            "Sixel: not a Sixel sequence (DCS P1 ; P2 ; P3 q ... ST)");
}

// ---------------------------------------------------------------------------------------------
// Statuses: limits (both dialects) and malformed data (strict).

struct ErrorCase {
  const char* name;
  std::string data;
  absl::StatusCode code;
  std::string message;
  SixelDecoderOptions options = {};
  SixelHeader header = {};
};

class ErrorTest : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(ErrorTest, GivesTheStatus) {
  const ErrorCase& c = GetParam();
  absl::StatusOr<SixelBitmap> image = Decode(c.data, c.header, c.options);
  ASSERT_FALSE(image.ok());
  EXPECT_EQ(image.status().code(), c.code);
  EXPECT_EQ(image.status().message(), c.message);
}

constexpr absl::StatusCode kLimit = absl::StatusCode::kResourceExhausted;
constexpr absl::StatusCode kMalformed = absl::StatusCode::kInvalidArgument;

INSTANTIATE_TEST_SUITE_P(
    Sixel, ErrorTest,
    ::testing::Values(
        ErrorCase{"RasterTooWide", "\"1;1;100000;100000#1~", kLimit,
                  "Sixel: the raster attributes declare an image 100000 pixels wide; the limit "
                  "is 4096 (SixelLimits::max_width)"},
        ErrorCase{"RasterTooHigh", "\"1;1;10;5000~", kLimit,
                  "Sixel: the raster attributes declare an image 5000 pixels high; the limit is "
                  "4096 (SixelLimits::max_height)"},
        ErrorCase{"RasterTooManyPixels",
                  "\"1;1;20;20~",
                  kLimit,
                  "Sixel: the raster attributes declare 20 x 20 pixels, so the image is 20 x 20 "
                  "= 400 pixels; the limit is 100 (SixelLimits::max_pixels)",
                  {.limits = {.max_pixels = 100}}},
        ErrorCase{"StrictRasterTooWide", "\"1;1;100000;1~", kLimit,
                  "Sixel: the raster attributes declare an image 100000 pixels wide; the limit "
                  "is 4096 (SixelLimits::max_width)",
                  kStrict},
        ErrorCase{"RepeatInTheMillions", "!5000000~", kLimit,
                  "Sixel: the image grows to 5000000 pixels wide; the limit is 4096 "
                  "(SixelLimits::max_width)"},
        ErrorCase{"EmptyColumnsThenAPixel", "!999999999?~", kLimit,
                  "Sixel: the image grows to 1000000000 pixels wide; the limit is 4096 "
                  "(SixelLimits::max_width)"},
        ErrorCase{"TooManyBands",
                  "~-~-~",
                  kLimit,
                  "Sixel: the image grows to 18 pixels high; the limit is 12 "
                  "(SixelLimits::max_height)",
                  {.limits = {.max_height = 12}}},
        ErrorCase{"TooManyPixels",
                  "!10~-!10~",
                  kLimit,
                  "Sixel: the image grows to 10 x 12 = 120 pixels; the limit is 70 "
                  "(SixelLimits::max_pixels)",
                  {.limits = {.max_pixels = 70}}},
        ErrorCase{"PaintingInsideTheDeclaredRasterCountsIt",
                  "\"1;1;10;1~",
                  kLimit,
                  "Sixel: the image grows to 10 x 6 = 60 pixels; the limit is 50 "
                  "(SixelLimits::max_pixels)",
                  {.limits = {.max_pixels = 50}}},
        ErrorCase{"ClippedPixelsDoNotCount",
                  "\"1;1;100000;1!100000~-~",
                  kLimit,
                  "Sixel: the image grows to 12 pixels high; the limit is 10 "
                  "(SixelLimits::max_height)",
                  {.limits = {.max_width = 8, .max_height = 10}, .clip_width = 8}},
        ErrorCase{"StrictByteThatIsNotSixel", "~ ", kMalformed,
                  "Sixel: byte 0x20 is not Sixel data (data byte 1)", kStrict},
        ErrorCase{"StrictControl", "\r", kMalformed,
                  "Sixel: the control CR is not Sixel data (data byte 0)", kStrict},
        ErrorCase{"StrictRepeatWithoutData", "!5-", kMalformed,
                  "Sixel: a repeat (!) must be followed by a sixel data byte (data byte 2)",
                  kStrict},
        ErrorCase{"StrictRepeatWithoutCount", "!~", kMalformed,
                  "Sixel: a repeat (!) needs one count (data byte 1)", kStrict},
        ErrorCase{"StrictRepeatAtTheEnd", "!5", kMalformed,
                  "Sixel: a repeat (!) must be followed by a sixel data byte (at the end of the "
                  "data)",
                  kStrict},
        ErrorCase{"StrictRegisterOutOfRange", "#1024~", kMalformed,
                  "Sixel: a colour register (#) from 0 to 1023 (data byte 5)", kStrict},
        ErrorCase{"StrictIncompleteDefinition", "#1;2;50;50~", kMalformed,
                  "Sixel: a colour definition is #Pc;2;R;G;B or #Pc;1;H;L;S (data byte 10)",
                  kStrict},
        ErrorCase{"StrictRgbOverOneHundred", "#1;2;101;0;0@", kMalformed,
                  "Sixel: RGB components of a colour definition are percentages, 0 to 100 (data "
                  "byte 12)",
                  kStrict},
        ErrorCase{"StrictHueOver360", "#1;1;361;50;50~", kMalformed,
                  "Sixel: HLS components of a colour definition are a hue from 0 to 360 and "
                  "percentages from 0 to 100 (data byte 14)",
                  kStrict},
        ErrorCase{"StrictWithoutHls",
                  "#1;1;0;50;50~",
                  kMalformed,
                  "Sixel: an HLS colour (#Pc;1;...) is not accepted (data byte 12)",
                  {.strict = true, .hls = false}},
        ErrorCase{"StrictRasterAfterData", "~\"1;1~", kMalformed,
                  "Sixel: raster attributes (\") after sixel data (data byte 5)", kStrict},
        ErrorCase{"StrictRasterWithThreeParameters", "\"1;1;5~", kMalformed,
                  "Sixel: raster attributes are \"Pan;Pad or \"Pan;Pad;Ph;Pv (data byte 6)",
                  kStrict},
        ErrorCase{"StrictBackgroundMode",
                  "~",
                  kMalformed,
                  "Sixel: background mode 3 (P2 is 0, 1 or 2)",
                  kStrict,
                  {.background_mode = 3}}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(SixelDecoder, DataAfterAnErrorIsCountedNotDecoded) {
  SixelPalette palette;
  SixelDecoder decoder({}, &palette, {.limits = {.max_width = 2}});
  decoder.Feed("!3~#1;2;100;0;0$");
  EXPECT_EQ(decoder.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(decoder.bytes(), 16u);
  EXPECT_EQ(palette.color(1), (SixelColor{51, 51, 204}));  // the definition was not decoded
  EXPECT_FALSE(decoder.Finish().ok());
}

// ---------------------------------------------------------------------------------------------
// The terminal's pixel plane. Most cases use a 4x3 screen of 2x3-pixel cells: an 8x9 plane.

struct PlaneCase {
  const char* name;
  std::string bytes;
  std::vector<std::string> plane;
  int cursor_col = 0;
  int cursor_row = 0;
  bool presenter = false;
};

TerminalOptions SmallScreen() {
  return {.cols = 4, .rows = 3, .graphics = {.sixel = true, .cell_width = 2, .cell_height = 3}};
}

class PlaneTest : public ::testing::TestWithParam<PlaneCase> {};

TEST_P(PlaneTest, LeavesThePlaneAndTheCursor) {
  const PlaneCase& c = GetParam();
  for (bool bytewise : {false, true}) {
    SCOPED_TRACE(bytewise ? "fed one byte at a time" : "fed at once");
    auto check = [&](const Terminal& t) {
      EXPECT_THAT(Plane(t), ElementsAreArray(c.plane));
      EXPECT_EQ(t.cursor().col, c.cursor_col);
      EXPECT_EQ(t.cursor().row, c.cursor_row);
      EXPECT_TRUE(t.last_graphics_status().ok()) << t.last_graphics_status();
    };
    if (c.presenter) {
      PresenterTerminal pt(
          {.cols = 4, .rows = 3, .graphics = {.sixel = true, .cell_width = 2, .cell_height = 3}});
      if (bytewise) {
        for (char b : c.bytes) pt.Write(std::string(1, b));
      } else {
        pt.Write(c.bytes);
      }
      ASSERT_TRUE(pt.CaptureStatus().ok()) << pt.CaptureStatus();
      check(pt.terminal());
    } else {
      VirtualTerminal vt(SmallScreen());
      if (bytewise) {
        for (char b : c.bytes) vt.Write(std::string(1, b));
      } else {
        vt.Write(c.bytes);
      }
      check(vt.terminal());
    }
  }
}

const std::vector<std::string> kEmptyPlane(9, "........");
// An 8x6 red image at the top left (cursor left at column 0, row 1).
const std::string kRedTop = Sixel(absl::StrCat(kRed, "#1!8~"));
std::vector<std::string> RedTop() {
  return {"RRRRRRRR", "RRRRRRRR", "RRRRRRRR", "RRRRRRRR", "RRRRRRRR",
          "RRRRRRRR", "........", "........", "........"};
}
// Three 2-pixel columns, red, green, blue, over the first two text rows.
const std::string kStripes = Sixel(absl::StrCat(kRed, kGreen, kBlue, "#1!2~#2!2~#3!2~"));
std::vector<std::string> Stripes() {
  return {"RRGGBB..", "RRGGBB..", "RRGGBB..", "RRGGBB..", "RRGGBB..",
          "RRGGBB..", "........", "........", "........"};
}
std::vector<std::string> With(std::vector<std::string> plane, int from_row, int to_row,
                              const std::string& row) {
  for (int r = from_row; r < to_row; ++r) plane[r] = row;
  return plane;
}

INSTANTIATE_TEST_SUITE_P(
    Placement, PlaneTest,
    ::testing::Values(
        // The top-left pixel of the image is the top-left pixel of the cursor cell; the cursor
        // ends on the last text row the image touches, in its first column (xterm's
        // finished_parsing: charrow - 1 + ceil(height / cell height)).
        PlaneCase{"AtTheCursorCell", "\x1b[2;2H" + Sixel(absl::StrCat(kRed, "#1!2~")),
                  With(kEmptyPlane, 3, 9, "..RR...."), 1, 2},
        PlaneCase{"ClippedAtTheRightEdge", "\x1b[1;4H" + Sixel(absl::StrCat(kRed, "#1!4@")),
                  With(kEmptyPlane, 0, 1, "......RR"), 3, 0},
        PlaneCase{"NoScrollWhenTheImageFits", "\r\n" + Sixel(absl::StrCat(kRed, "#1!2~")),
                  With(kEmptyPlane, 3, 9, "RR......"), 0, 2},
        PlaneCase{"ScrollsWhenTheImageRunsPastTheBottom",
                  "ab\r\n\r\n" + Sixel(absl::StrCat(kRed, "#1!2~")),
                  With(kEmptyPlane, 3, 9, "RR......"), 0, 2},
        // At a '-' whose band reaches the bottom margin xterm scrolls, making room for a band
        // that never comes.
        PlaneCase{"ATrailingNewLineAtTheBottomScrolls",
                  "\r\n" + Sixel(absl::StrCat(kRed, "#1!2~-")), With(kEmptyPlane, 0, 6, "RR......"),
                  0, 1},
        PlaneCase{"ATallerImageScrollsItsTopOff",
                  Sixel(absl::StrCat(kRed, "#1!2~-#1!2~")),  // 12 pixels: 4 rows on 3
                  With(kEmptyPlane, 0, 9, "RR......"), 0, 2},
        PlaneCase{"AnEmptyImageMovesTheCursorUpOneRow", "\x1b[2;2H" + Sixel(""), kEmptyPlane, 1, 0},
        PlaneCase{"NotAboveTheTopRow", "\x1b[1;2H" + Sixel(""), kEmptyPlane, 1, 0},
        // xterm keeps a pending wrap through an image (set_cur_row and set_cur_col leave
        // do_wrap; xtermScroll restores it), so the next character wraps first.
        PlaneCase{"APendingWrapIsKept", "abcd" + Sixel(absl::StrCat(kRed, "#1~")) + "x",
                  With(kEmptyPlane, 0, 6, "......R."), 1, 2},
        PlaneCase{"DecsdmDrawsAtTheTopLeftAndKeepsTheCursor",
                  "\x1b[?80h\x1b[3;3H" + Sixel(absl::StrCat(kRed, "#1!2~")),
                  With(kEmptyPlane, 0, 6, "RR......"), 2, 2},
        PlaneCase{"DecsdmDoesNotScroll",
                  "\x1b[?80h" + Sixel(absl::StrCat(kRed, "#1!2~-#1!2~-#1!2~")),
                  With(kEmptyPlane, 0, 9, "RR......"), 0, 0},
        PlaneCase{"SixelScrollsRightEndsRightOfTheImage",
                  "\x1b[?8452h" + Sixel(absl::StrCat(kRed, "#1!2~")),
                  With(kEmptyPlane, 0, 6, "RR......"), 1, 1},
        PlaneCase{"SixelScrollsRightPastTheMarginGoesToTheNextRow",
                  "\x1b[?8452h\x1b[1;4H" + Sixel(absl::StrCat(kRed, "#1!2~")),
                  With(kEmptyPlane, 0, 6, "......RR"), 0, 2},
        PlaneCase{"ThePresenterProfileClipsInsteadOfScrolling",
                  "\x1b[3;1H" + Sixel(absl::StrCat(kRed, "#1!2~")),
                  With(kEmptyPlane, 6, 9, "RR......"), 0, 2, true},
        PlaneCase{"ThePresenterCursorFollowsXtermWhenItFits",
                  "\x1b[2;2H" + Sixel(absl::StrCat(kRed, "#1!2~")),
                  With(kEmptyPlane, 3, 9, "..RR...."), 1, 2, true},
        PlaneCase{"ThePresenterClipsAHugeRepeat",
                  "\x1b[1;1H" + Sixel(absl::StrCat(kRed, "#1!1000000@")),
                  With(kEmptyPlane, 0, 1, "RRRRRRRR"), 0, 0, true}),
    [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Background, PlaneTest,
    ::testing::Values(PlaneCase{"ModeOneLeavesWhatIsUnder",
                                Sixel(absl::StrCat(kRed, "#1!4~")) + "\x1b[1;1H" +
                                    Sixel(absl::StrCat(kGreen, "#2!2~"), "0;1"),
                                With(kEmptyPlane, 0, 6, "GGRR...."), 0, 1},
                      PlaneCase{"XtermModeZeroFillsTheRasterWithRegisterZero",
                                Sixel(absl::StrCat(kRed, "#1!4~")) + "\x1b[1;1H" +
                                    Sixel(absl::StrCat("\"1;1;4;6", kGreen, "#2!2~"), "0;0"),
                                With(kEmptyPlane, 0, 6, "GGKK...."), 0, 1},
                      PlaneCase{"XtermModeTwoIsModeZero",
                                Sixel(absl::StrCat(kRed, "#1!4~")) + "\x1b[1;1H" +
                                    Sixel(absl::StrCat("\"1;1;4;6", kGreen, "#2!2~"), "0;2"),
                                With(kEmptyPlane, 0, 6, "GGKK...."), 0, 1},
                      PlaneCase{"PresenterModeZeroClearsTheDeclaredRaster",
                                Sixel(absl::StrCat(kRed, "#1!4~")) + "\x1b[1;1H" +
                                    Sixel(absl::StrCat("\"1;1;4;6", kGreen, "#2!2~"), "0;0"),
                                With(kEmptyPlane, 0, 6, "GG......"), 0, 1, true},
                      PlaneCase{"PresenterModeZeroWithoutARasterClearsThePaintedExtent",
                                Sixel(absl::StrCat(kRed, "#1!4~")) + "\x1b[1;1H" +
                                    Sixel(absl::StrCat(kGreen, "#2!2@"), "0;0"),
                                With(With(kEmptyPlane, 0, 1, "GGRR...."), 1, 6, "RRRR...."), 0, 0,
                                true},
                      PlaneCase{"PresenterModeOneLeavesWhatIsUnder",
                                Sixel(absl::StrCat(kRed, "#1!4~")) + "\x1b[1;1H" +
                                    Sixel(absl::StrCat(kGreen, "#2!2~"), "0;1"),
                                With(kEmptyPlane, 0, 6, "GGRR...."), 0, 1, true}),
    [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(
    CellsAndLines, PlaneTest,
    ::testing::Values(
        PlaneCase{"PrintingClearsTheCell", kRedTop + "\x1b[1;2Hx", With(RedTop(), 0, 3, "RR..RRRR"),
                  2, 0},
        PlaneCase{"AWideCharacterClearsBothCells", kRedTop + "\x1b[1;2H\xe6\x97\xa5",
                  With(RedTop(), 0, 3, "RR....RR"), 3, 0},
        PlaneCase{"EraseInLine", kRedTop + "\x1b[2;3H\x1b[K", With(RedTop(), 3, 6, "RRRR...."), 2,
                  1},
        PlaneCase{"EraseInLineToTheLeft", kRedTop + "\x1b[2;2H\x1b[1K",
                  With(RedTop(), 3, 6, "....RRRR"), 1, 1},
        PlaneCase{"EraseCharacters", kRedTop + "\x1b[1;2H\x1b[2X", With(RedTop(), 0, 3, "RR....RR"),
                  1, 0},
        PlaneCase{"EraseInDisplay", kRedTop + "\x1b[2J", kEmptyPlane, 0, 1},
        PlaneCase{"EraseBelow", kRedTop + "\x1b[1;3H\x1b[J",
                  With(With(RedTop(), 0, 3, "RRRR...."), 3, 6, "........"), 2, 0},
        PlaneCase{"InsertCharactersShiftsPixels", kStripes + "\x1b[1;1H\x1b[@",
                  With(Stripes(), 0, 3, "..RRGGBB"), 0, 0},
        PlaneCase{"DeleteCharactersShiftsPixels", kStripes + "\x1b[1;1H\x1b[P",
                  With(Stripes(), 0, 3, "GGBB...."), 0, 0},
        PlaneCase{"ScrollingMovesPixelsWithTheirRows", kRedTop + "\x1b[3;1H\n",
                  With(kEmptyPlane, 0, 3, "RRRRRRRR"), 0, 2},
        PlaneCase{"ScrollDown", kRedTop + "\x1b[T", With(kEmptyPlane, 3, 9, "RRRRRRRR"), 0, 1},
        PlaneCase{"InsertLine", kRedTop + "\x1b[2;1H\x1b[L",
                  With(With(RedTop(), 3, 6, "........"), 6, 9, "RRRRRRRR"), 0, 1},
        PlaneCase{"DeleteLine", kRedTop + "\x1b[1;1H\x1b[M", With(kEmptyPlane, 0, 3, "RRRRRRRR"), 0,
                  0},
        PlaneCase{"ScrollRegion", kRedTop + "\x1b[2;3r\x1b[3;1H\n",
                  With(kEmptyPlane, 0, 3, "RRRRRRRR"), 0, 2},
        PlaneCase{"TheAlternateScreenHasItsOwnPlane", kRedTop + "\x1b[?1049h", kEmptyPlane, 0, 1},
        PlaneCase{"LeavingTheAlternateScreenShowsThePrimaryPlane",
                  kRedTop + "\x1b[?1049h" + Sixel(absl::StrCat(kGreen, "#2!8~")) + "\x1b[?1049l",
                  RedTop(), 0, 1},
        PlaneCase{"FullResetClearsThePlane",
                  kRedTop + "\x1b"
                            "c",
                  kEmptyPlane, 0, 0},
        PlaneCase{"ScreenAlignmentClearsThePlane", kRedTop + "\x1b#8", kEmptyPlane, 0, 0},
        PlaneCase{"AnImageOverText", "ab\x1b[1;1H" + kRedTop, RedTop(), 0, 1}),
    [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Palette, PlaneTest,
    ::testing::Values(PlaneCase{"RegistersPersistAcrossImages",
                                Sixel(absl::StrCat(kRed, "#1~")) + "\x1b[1;2H" + Sixel("#1~"),
                                With(kEmptyPlane, 0, 6, "R.R....."), 1, 1},
                      PlaneCase{"PrivateRegistersStartFromTheDefaults",
                                "\x1b[?1070h" + Sixel(absl::StrCat(kRed, "#1~")) + "\x1b[1;2H" +
                                    Sixel("#1~"),
                                With(kEmptyPlane, 0, 6, "R.b....."), 1, 1},
                      PlaneCase{"FullResetRestoresTheDefaults",
                                Sixel(absl::StrCat(kRed, "#1~")) +
                                    "\x1b"
                                    "c" +
                                    Sixel("#1~"),
                                With(kEmptyPlane, 0, 6, "b......."), 0, 1},
                      PlaneCase{"TheXtermProfileReadsHls", Sixel("#1;1;120;50;100#1~"),
                                With(kEmptyPlane, 0, 6, "R......."), 0, 1},
                      PlaneCase{"ThePresenterKeepsRegistersToo",
                                Sixel(absl::StrCat(kRed, "#1~")) + "\x1b[1;2H" + Sixel("#1~"),
                                With(kEmptyPlane, 0, 6, "R.R....."), 1, 1, true}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(PixelPlane, CoversTheScreenAtTheCellMetrics) {
  VirtualTerminal vt({.cols = 80, .rows = 24, .graphics = {.sixel = true}});
  EXPECT_EQ(vt.terminal().pixel_width(), 240);  // 3x6 cells by default
  EXPECT_EQ(vt.terminal().pixel_height(), 144);
  std::vector<uint8_t> rgba(5, 7);
  vt.terminal().CopyPixelPlane(&rgba);
  EXPECT_EQ(rgba, std::vector<uint8_t>(240 * 144 * 4, 0));
}

TEST(PixelPlane, WithoutSixelADcsQIsIgnoredAndCounted) {
  VirtualTerminal vt({.cols = 4, .rows = 3});
  vt.Write(kRedTop);
  EXPECT_THAT(Plane(vt.terminal()), ElementsAreArray(std::vector<std::string>(18, "............")));
  EXPECT_EQ(vt.terminal().stats().ignored.at("DCS q"), 1u);
  EXPECT_EQ(vt.terminal().stats().sixel_images, 0u);
  EXPECT_EQ(vt.cursor().row, 0);
}

TEST(PixelPlane, ARejectedImageDrawsNothingAndSaysWhy) {
  TerminalOptions options = SmallScreen();
  options.graphics.limits.max_width = 4;
  VirtualTerminal vt(options);
  vt.Write("\x1b[2;2H" + Sixel(absl::StrCat(kRed, "#1!5~")));
  EXPECT_EQ(vt.terminal().last_graphics_status(),
            absl::ResourceExhaustedError("Sixel: the image grows to 5 pixels wide; the limit is 4 "
                                         "(SixelLimits::max_width)"));
  EXPECT_THAT(Plane(vt.terminal()), ElementsAreArray(kEmptyPlane));
  EXPECT_EQ(vt.cursor().col, 1);  // not moved
  EXPECT_EQ(vt.cursor().row, 1);
  EXPECT_EQ(vt.terminal().stats().sixel_rejected, 1u);
  vt.Write(Sixel(absl::StrCat(kRed, "#1!4@")));
  EXPECT_TRUE(vt.terminal().last_graphics_status().ok());
  EXPECT_EQ(vt.terminal().stats().sixel_images, 1u);
}

TEST(PixelPlane, TheStatusIsSetWhileTheImageIsStillArriving) {
  TerminalOptions options = SmallScreen();
  options.graphics.limits.max_height = 6;
  VirtualTerminal vt(options);
  vt.Write("\x1bPq~-~");
  EXPECT_EQ(vt.terminal().last_graphics_status().code(), absl::StatusCode::kResourceExhausted);
}

TEST(PixelPlane, RecoveriesAreCountedInTheStats) {
  VirtualTerminal vt(SmallScreen());
  vt.Write(Sixel("%~"));
  EXPECT_EQ(vt.terminal().stats().ignored.at("Sixel: unknown command byte"), 1u);
}

TEST(PixelPlane, AnImageLeavesTheCellsUnderItAlone) {
  VirtualTerminal vt(SmallScreen());
  vt.Write("ab\x1b[1;1H" + kRedTop);
  EXPECT_EQ(vt.RowText(0), "ab");
}

TEST(PixelPlane, ResizeClipsAndPadsPixels) {
  VirtualTerminal vt(SmallScreen());
  vt.Write(kRedTop);
  vt.Resize(3, 3);
  EXPECT_THAT(Plane(vt.terminal()),
              ElementsAreArray({"RRRRRR", "RRRRRR", "RRRRRR", "RRRRRR", "RRRRRR", "RRRRRR",
                                "......", "......", "......"}));
  vt.Resize(4, 2);
  EXPECT_THAT(Plane(vt.terminal()), ElementsAreArray({"RRRRRR..", "RRRRRR..", "RRRRRR..",
                                                      "RRRRRR..", "RRRRRR..", "RRRRRR.."}));
}

TEST(PixelPlane, ScrolledOffLinesLeaveTheirPixels) {
  VirtualTerminal vt(SmallScreen());
  vt.Write(kRedTop + "\x1b[3;1H\n\n\n");
  EXPECT_THAT(Plane(vt.terminal()), ElementsAreArray(kEmptyPlane));
  EXPECT_EQ(vt.terminal().scrollback_size(), 3);
  EXPECT_THAT(vt.terminal().scrollback_line(0).pixels, IsEmpty());
}

TEST(PixelPlane, SplitFeedingGivesTheSamePlane) {
  const std::string stream =
      "ab\r\n" + Sixel(absl::StrCat("\"1;1;5;8", kRed, kGreen, "#1!5~-#2!3N$#1o"), "0;0") +
      "x\x1b[2;3H\x1b[@" + Sixel("#1;1;240;50;100#1!2~") + "\r\n\n";
  VirtualTerminal whole(SmallScreen());
  whole.Write(stream);
  for (size_t cut = 1; cut < stream.size(); ++cut) {
    VirtualTerminal split(SmallScreen());
    split.Write(absl::string_view(stream).substr(0, cut));
    split.Write(absl::string_view(stream).substr(cut));
    ASSERT_EQ(Plane(split.terminal()), Plane(whole.terminal())) << "split at byte " << cut;
    ASSERT_EQ(split.cursor().row, whole.cursor().row);
  }
}

// ---------------------------------------------------------------------------------------------
// The usage examples of decoder/sixel.h and docs/sixel.md.

TEST(SixelExample, FromTheHeader) {
  SixelPalette palette;
  SixelDecoder decoder({.background_mode = 1}, &palette);
  decoder.Feed("#1;2;100;0;0#1~~");
  absl::StatusOr<SixelBitmap> image = decoder.Finish();
  ASSERT_TRUE(image.ok());
  EXPECT_EQ(image->width, 2);
  EXPECT_EQ(image->height, 6);
  EXPECT_EQ(image->Pixel(0, 0), 0xFF0000FFu);
}

TEST(SixelExample, FromTheDocs) {
  VirtualTerminal vt(
      {.cols = 80, .rows = 24, .graphics = {.sixel = true, .cell_width = 3, .cell_height = 6}});
  vt.Write("\x1bPq#1;2;100;0;0#1!6~\x1b\\");
  std::vector<uint8_t> rgba;
  vt.terminal().CopyPixelPlane(&rgba);
  ASSERT_EQ(rgba.size(), 240u * 144u * 4u);
  EXPECT_EQ(std::vector<uint8_t>(rgba.begin(), rgba.begin() + 4),
            (std::vector<uint8_t>{255, 0, 0, 255}));
  EXPECT_TRUE(vt.terminal().last_graphics_status().ok());
}

// ---------------------------------------------------------------------------------------------
// The presenter profile and HeadlessTerminal.

TEST(PresenterSixel, ALimitIsAViolationAtTheByteThatBreaksIt) {
  PresenterOptions options = {.cols = 10, .rows = 3};
  options.graphics.limits.max_pixels = 10;
  PresenterTerminal pt(options);
  pt.Write("\x1bPq#1;2;100;0;0#1!2~\x1b\\");
  EXPECT_EQ(pt.status().message(),
            "offset 19: \\x1bPq#1;2;100;0;0#1!2~: Sixel: the image grows to 2 x 6 = 12 pixels; "
            "the limit is 10 (SixelLimits::max_pixels) (the sequence began at offset 0)");
}

TEST(PresenterSixel, ImagesAreDrawnAndStillRecorded) {
  PresenterTerminal pt(
      {.cols = 4, .rows = 3, .graphics = {.sixel = true, .cell_width = 2, .cell_height = 3}});
  pt.Write("\x1b[1;2H" + Sixel(absl::StrCat(kBlue, "#3!2@")));
  ASSERT_TRUE(pt.CaptureStatus().ok()) << pt.CaptureStatus();
  ASSERT_EQ(pt.sixel_images().size(), 1u);
  EXPECT_EQ(pt.sixel_images()[0].col, 1);
  EXPECT_THAT(Plane(pt.terminal()), ElementsAreArray(With(kEmptyPlane, 0, 1, "..BB....")));
}

TEST(HeadlessSixel, TheProfilePassesTheGraphicsThrough) {
  HeadlessProfile xterm_profile = HeadlessProfile::Xterm(4, 3);
  xterm_profile.graphics.sixel = true;
  xterm_profile.graphics.cell_width = 2;
  xterm_profile.graphics.cell_height = 3;
  HeadlessTerminal xterm(xterm_profile);
  xterm.Write(kRedTop);
  absl::StatusOr<const Terminal*> screen = xterm.screen();
  ASSERT_TRUE(screen.ok());
  EXPECT_THAT(Plane(**screen), ElementsAreArray(RedTop()));

  HeadlessProfile presenter_profile = HeadlessProfile::PresenterSixel(4, 3);
  presenter_profile.graphics.cell_width = 2;
  presenter_profile.graphics.cell_height = 3;
  presenter_profile.graphics.limits.max_width = 7;
  HeadlessTerminal presenter(presenter_profile);
  presenter.Write(kRedTop);
  EXPECT_THAT(presenter.ReadableStatus().message(),
              ::testing::HasSubstr("Sixel: the image grows to 8 pixels wide; the limit is 7"));
}

}  // namespace
}  // namespace vtsnap
