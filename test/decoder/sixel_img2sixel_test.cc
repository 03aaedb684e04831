// The Sixel decoder against an independent encoder: libsixel's img2sixel (Debian package
// libsixel-bin). Each case writes a PPM (P6) picture, has img2sixel encode it, decodes the result
// and requires every pixel to equal the source.
//
// Colours are drawn from the channel values {0, 51, 102, 153, 204, 255} (0, 20, ... 100 %), which
// survive Sixel's percent quantisation both ways: libsixel writes (c * 100 + 127) / 255 percent
// and the decoder reads (p * 255 + 50) / 100 back. The palette goes to img2sixel as a map file
// (-m) because its adaptive palette is not exact: libsixel 1.10 builds its histogram from every
// sixth pixel of a small picture and keeps five bits a channel (quant.c, computeHistogram), so
// `-p 256` alone turns 255 into 97 % and can drop a colour. With -m and no diffusion (-d none)
// img2sixel still maps every pixel to a register and encodes the bands itself.
//
// img2sixel is required: a missing one fails the test (scripts/setup.sh installs libsixel-bin).
#include "vtsnap/decoder/sixel.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "test/scratch_dir.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"

namespace vtsnap {
namespace {

constexpr int kLevels[6] = {0, 51, 102, 153, 204, 255};

struct Rgb {
  uint8_t r = 0;
  uint8_t g = 0;
  uint8_t b = 0;
};

enum class Pattern { kNoise, kBlocks };

struct Img2SixelCase {
  const char* name;
  int width;
  int height;
  int colors;  // at most 216
  Pattern pattern = Pattern::kNoise;
  const char* flags = "";  // extra img2sixel flags
};

struct Picture {
  int width = 0;
  int height = 0;
  std::vector<Rgb> palette = {};
  std::vector<int> index = {};  // palette index of each pixel, row-major

  const Rgb& at(int x, int y) const { return palette[index[y * width + x]]; }
};

Picture MakePicture(const Img2SixelCase& c) {
  std::mt19937 rng(static_cast<uint32_t>(c.width * 1000 + c.height * 7 + c.colors));
  std::vector<int> cube(216);
  for (int i = 0; i < 216; ++i) cube[i] = i;
  std::shuffle(cube.begin(), cube.end(), rng);
  Picture p{.width = c.width, .height = c.height};
  for (int i = 0; i < c.colors; ++i) {
    const int k = cube[i];
    p.palette.push_back(Rgb{static_cast<uint8_t>(kLevels[k / 36]),
                            static_cast<uint8_t>(kLevels[(k / 6) % 6]),
                            static_cast<uint8_t>(kLevels[k % 6])});
  }
  const int n = c.width * c.height;
  for (int i = 0; i < n; ++i) {
    const int x = i % c.width;
    const int y = i / c.width;
    if (c.pattern == Pattern::kBlocks) {
      p.index.push_back(((x / 5) * 7 + (y / 4) * 3) % c.colors);
    } else {
      // Every colour at least once (when there is room), then at random.
      p.index.push_back(i < c.colors ? i : static_cast<int>(rng() % c.colors));
    }
  }
  if (c.pattern == Pattern::kNoise) std::shuffle(p.index.begin(), p.index.end(), rng);
  return p;
}

std::string TempPath(absl::string_view name) {
  return (vtsnap::test_util::SharedScratchDir("sixel_img2sixel_test") / std::string(name)).string();
}

void WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  ASSERT_TRUE(out.good()) << "cannot write " << path;
}

std::string Ppm(const Picture& p) {
  std::string out = absl::StrCat("P6\n", p.width, " ", p.height, "\n255\n");
  for (int y = 0; y < p.height; ++y) {
    for (int x = 0; x < p.width; ++x) {
      const Rgb& c = p.at(x, y);
      out += static_cast<char>(c.r);
      out += static_cast<char>(c.g);
      out += static_cast<char>(c.b);
    }
  }
  return out;
}

// The palette as a Sixel file for img2sixel -m: every register defined and painted once (libsixel
// counts the registers an image paints).
std::string PaletteSixel(const Picture& p) {
  std::string out = "\x1bPq";
  auto pct = [](uint8_t v) { return v * 100 / 255; };  // exact for the six levels
  for (size_t i = 0; i < p.palette.size(); ++i) {
    absl::StrAppend(&out, "#", i, ";2;", pct(p.palette[i].r), ";", pct(p.palette[i].g), ";",
                    pct(p.palette[i].b));
  }
  for (size_t i = 0; i < p.palette.size(); ++i) absl::StrAppend(&out, "#", i, "@");
  return out + "\x1b\\";
}

bool HaveImg2Sixel() { return std::system("command -v img2sixel >/dev/null 2>&1") == 0; }

constexpr char kMissing[] =
    "img2sixel is not installed. It comes with Debian's libsixel-bin: run `apt-get install "
    "libsixel-bin`, or scripts/test.sh, which installs what the tests need.";

// Runs img2sixel on the picture; its stdout.
std::string Encode(const Picture& p, absl::string_view name, absl::string_view flags) {
  const std::string ppm = TempPath(absl::StrCat(name, ".ppm"));
  const std::string map = TempPath(absl::StrCat(name, ".six"));
  WriteFile(ppm, Ppm(p));
  WriteFile(map, PaletteSixel(p));
  const std::string command =
      absl::StrCat("img2sixel -d none -m '", map, "' ", flags, " '", ppm, "'");
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) {
    ADD_FAILURE() << "cannot run " << command;
    return out;
  }
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  const int status = pclose(pipe);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << command << " failed: " << status;
  std::remove(ppm.c_str());
  std::remove(map.c_str());
  return out;
}

// Compares a decoded image with the picture, pixel by pixel; `dy` rows down.
void ExpectSamePixels(const SixelBitmap& image, const Picture& p, int dy = 0) {
  int mismatches = 0;
  for (int y = 0; y < p.height; ++y) {
    for (int x = 0; x < p.width; ++x) {
      const Rgb& want = p.at(x, y);
      const uint32_t expected =
          (uint32_t{want.r} << 24) | (uint32_t{want.g} << 16) | (uint32_t{want.b} << 8) | 0xFF;
      const uint32_t actual = image.Pixel(x, y + dy);
      if (actual != expected && ++mismatches <= 5) {
        ADD_FAILURE() << "pixel (" << x << ", " << y << "): decoded " << std::hex << actual
                      << ", source " << expected;
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
}

class Img2SixelTest : public ::testing::TestWithParam<Img2SixelCase> {};

TEST_P(Img2SixelTest, DecodesToTheSourcePixels) {
  ASSERT_TRUE(HaveImg2Sixel()) << kMissing;
  const Img2SixelCase& c = GetParam();
  const Picture p = MakePicture(c);
  const std::string sixel = Encode(p, c.name, c.flags);
  ASSERT_FALSE(sixel.empty());

  // Both dialects: xterm's, and the strict one the presenter profile uses.
  for (const SixelDecoderOptions& options :
       {SixelDecoderOptions{}, SixelDecoderOptions{.strict = true, .hls = false}}) {
    SCOPED_TRACE(options.strict ? "strict" : "xterm");
    SixelPalette palette;
    absl::StatusOr<SixelBitmap> image = DecodeSixel(sixel, &palette, options);
    ASSERT_TRUE(image.ok()) << image.status();
    ASSERT_EQ(image->width, p.width);
    ASSERT_EQ(image->height, p.height);
    ExpectSamePixels(*image, p);
  }
}

TEST_P(Img2SixelTest, TheTerminalPlaneShowsTheSourcePixels) {
  ASSERT_TRUE(HaveImg2Sixel()) << kMissing;
  const Img2SixelCase& c = GetParam();
  const Picture p = MakePicture(c);
  const std::string sixel = Encode(p, c.name, c.flags);
  const int cols = (p.width + 2) / 3 + 1;
  const int rows = (p.height + 5) / 6 + 1;
  VirtualTerminal vt({.cols = cols, .rows = rows, .graphics = {.sixel = true}});
  vt.Write(sixel);
  ASSERT_TRUE(vt.terminal().last_graphics_status().ok()) << vt.terminal().last_graphics_status();
  std::vector<uint8_t> rgba;
  vt.terminal().CopyPixelPlane(&rgba);
  const int pw = vt.terminal().pixel_width();
  SixelBitmap plane{.width = pw, .height = vt.terminal().pixel_height(), .rgba = rgba};
  ExpectSamePixels(plane, p);
  // The cursor ends on the last text row the picture touches.
  EXPECT_EQ(vt.cursor().row, (p.height + 5) / 6 - 1);
  EXPECT_EQ(vt.cursor().col, 0);
}

INSTANTIATE_TEST_SUITE_P(
    Sixel, Img2SixelTest,
    ::testing::Values(
        Img2SixelCase{"OneBySix", 1, 6, 1}, Img2SixelCase{"OneBySeven", 1, 7, 3},
        Img2SixelCase{"OneByThirteen", 1, 13, 5}, Img2SixelCase{"TwoByTwelve", 2, 12, 8},
        Img2SixelCase{"SevenByEleven", 7, 11, 20}, Img2SixelCase{"ThirteenByNineteen", 13, 19, 50},
        Img2SixelCase{"WideAndShort", 256, 7, 100}, Img2SixelCase{"TallAndNarrow", 3, 100, 30},
        Img2SixelCase{"TwoHundredColours", 64, 48, 200},
        Img2SixelCase{"Blocks", 100, 61, 200, Pattern::kBlocks},
        Img2SixelCase{"BlocksEncodedForSize", 100, 61, 37, Pattern::kBlocks, "-E size"},
        Img2SixelCase{"NoiseEncodedFast", 40, 25, 200, Pattern::kNoise, "-E fast"}),
    [](const auto& info) { return std::string(info.param.name); });

// With -8 img2sixel writes the 8-bit DCS (0x90) and ST (0x9C). DecodeSixel reads them; the
// terminal's UTF-8 parser does not (bytes >= 0x80 are UTF-8 there, as in xterm's UTF-8 mode).
TEST(Img2Sixel, EightBitControls) {
  ASSERT_TRUE(HaveImg2Sixel()) << kMissing;
  const Img2SixelCase c{"EightBitControls", 30, 20, 60};
  const Picture p = MakePicture(c);
  const std::string sixel = Encode(p, c.name, "-8");
  ASSERT_FALSE(sixel.empty());
  EXPECT_EQ(static_cast<uint8_t>(sixel[0]), 0x90);
  SixelPalette palette;
  absl::StatusOr<SixelBitmap> image = DecodeSixel(sixel, &palette);
  ASSERT_TRUE(image.ok()) << image.status();
  ASSERT_EQ(image->width, p.width);
  ASSERT_EQ(image->height, p.height);
  ExpectSamePixels(*image, p);
}

// libsixel 1.10's encoder writes a graphics new line (-) before every band except one ending at
// pixel row 5 (tosixel.c, sixel_encode_body: `if (y != 5)`), so a picture shorter than six pixels
// starts with '-' and decodes one band (six rows) down. The decoder reads what the bytes say.
TEST(Img2Sixel, APictureShorterThanOneBandDecodesOneBandDown) {
  ASSERT_TRUE(HaveImg2Sixel()) << kMissing;
  for (const Img2SixelCase& c :
       {Img2SixelCase{"OneByOne", 1, 1, 1}, Img2SixelCase{"FourByThree", 4, 3, 12},
        Img2SixelCase{"NineByFive", 9, 5, 40}}) {
    SCOPED_TRACE(c.name);
    const Picture p = MakePicture(c);
    const std::string sixel = Encode(p, c.name, "");
    SixelPalette palette;
    absl::StatusOr<SixelBitmap> image = DecodeSixel(sixel, &palette, {.fill_background = false});
    ASSERT_TRUE(image.ok()) << image.status();
    ASSERT_EQ(image->width, p.width);
    ASSERT_EQ(image->height, 6 + p.height);
    for (int y = 0; y < 6; ++y) {
      for (int x = 0; x < p.width; ++x) EXPECT_FALSE(image->is_set(x, y)) << x << "," << y;
    }
    ExpectSamePixels(*image, p, 6);
  }
}

}  // namespace
}  // namespace vtsnap
