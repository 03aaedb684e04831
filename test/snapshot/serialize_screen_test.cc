// SerializeScreen writes a terminal's screen as a golden dump without building a Frame; it must
// give exactly the bytes (or the error) of golden::Serialize(CaptureFrame(terminal)), which
// EqualsGolden's fast path relies on (docs/decisions.md, "A golden whose bytes match passes
// without parsing").
#include <random>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/screen_dump.h"
#include "vtsnap/snapshot/screen/capture.h"

namespace vtsnap {
namespace {

using ::testing::HasSubstr;

// Both serializations of the screen `bytes` leave; they must agree byte for byte or error for
// error.
void ExpectSameDump(int cols, int rows, const std::string& bytes, const std::string& what) {
  VirtualTerminal vt({.cols = cols, .rows = rows});
  vt.Write(bytes);
  const absl::StatusOr<std::string> via_frame = golden::Serialize(CaptureFrame(vt).value());
  const absl::StatusOr<std::string> direct = SerializeScreen(vt.terminal());
  ASSERT_EQ(via_frame.ok(), direct.ok())
      << what << "\nvia frame: " << via_frame.status() << "\ndirect: " << direct.status();
  if (via_frame.ok()) {
    EXPECT_EQ(*direct, *via_frame) << what;
  } else {
    EXPECT_EQ(direct.status(), via_frame.status()) << what;
  }
}

TEST(SerializeScreen, EqualsSerializeOfTheCapture) {
  const struct {
    const char* name;
    std::string bytes;
  } kCases[] = {
      {"empty", ""},
      {"plain text", "hello\r\nworld"},
      {"every attribute", "\x1b[1mb\x1b[2md\x1b[3mi\x1b[4mu\x1b[7mr\x1b[9ms\x1b[mx"},
      {"underline shapes and colours",
       "\x1b[4:2ma\x1b[4:3;58;5;9mb\x1b[4:4;58;2;1;2;3mc\x1b[4:5md\x1b[24;58;5;1me\x1b[m"},
      {"colours", "\x1b[31;42ma\x1b[91;102mb\x1b[38;5;200;48;5;17mc\x1b[38;2;1;2;3;48;2;4;5;6md"},
      {"blink and overline capture as the plain style", "\x1b[5ma\x1b[25;53mb\x1b[55mc\x1b[md"},
      {"invisible, narrow and wide", "\x1b[8;31mab\xe5\xaf\xbf\x1b[28mc\xe5\xaf\xbf"},
      {"wide characters", "\xe5\xaf\xbf\xe5\x8f\xb8 (sushi)"},
      {"combining marks and clusters",
       "e\xcc\x81 \xe2\x9d\xa4\xef\xb8\x8f \xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9 \xc3\xa9"},
      {"box drawing", "\xe2\x94\x8c\xe2\x94\x80\xe2\x94\x90\r\n\xe2\x94\x82x\xe2\x94\x82"},
      {"links",
       "\x1b]8;;https://a.example/\x07link\x1b]8;;\x07 \x1b]8;;https://b.example/\x07"
       "b\x1b]8;id=2;https://b.example/\x07"
       "c\x1b]8;;\x07"},
      {"invalid link target left out", "\x1b]8;;not a uri\x07xy\x1b]8;;\x07z"},
      {"cursor hidden", "\x1b[?25labc"},
      {"cursor shapes", "\x1b[5 qab"},
      {"cursor at the margin with a pending wrap", std::string(20, 'x')},
      {"scrolled", "1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\r\n\x1b[41m8\r\n9"},
      {"alternate screen", "main\x1b[?1049h\x1b[44malt\x1b[K"},
      {"erased with a background", "\x1b[45m\x1b[2J\x1b[Hx"},
      {"control picture byte", std::string("a\x1b[1m", 5) + "b"},
  };
  for (const auto& c : kCases) ExpectSameDump(20, 6, c.bytes, c.name);
}

// The text buffer keeps one byte a cell and a little slack; graphemes of more bytes spend the
// slack and grow the buffer again and again on a screen full of them.
TEST(SerializeScreen, ScreensFullOfLongGraphemesGrowTheBuffer) {
  std::string emoji;   // four bytes in two columns
  std::string family;  // a cluster of five code points, eighteen bytes
  std::string marked;  // a letter with three combining marks, seven bytes in one column
  for (int i = 0; i < 40 * 10; ++i) {
    emoji += "\xf0\x9f\x98\x80";
    family += "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7";
    marked += "e\xcc\x81\xcc\x82\xcc\x83";
  }
  ExpectSameDump(80, 10, emoji, "emoji");
  ExpectSameDump(80, 10, family, "family clusters");
  ExpectSameDump(80, 10, marked, "combining marks");
}

// More styles than version 1 names: both write the wide form (snapshot/formats/golden.h), alike.
TEST(SerializeScreen, TooManyStylesForVersion1AreWideAlike) {
  std::string bytes;
  for (int i = 0; i < 70; ++i) absl::StrAppend(&bytes, "\x1b[38;5;", i, "mx");
  ExpectSameDump(80, 2, bytes, "70 styles");
  VirtualTerminal vt({.cols = 80, .rows = 2});
  vt.Write(bytes);
  const absl::StatusOr<std::string> direct = SerializeScreen(vt.terminal());
  ASSERT_TRUE(direct.ok()) << direct.status();
  EXPECT_THAT(*direct, HasSubstr("vtsnap-wide-golden 1\nframe 80 2\ncursor 70 0 block\n"
                                 "styles 71 width 2\n"));
}

// Random streams of text, SGR, cursor moves, erases, wide and combining characters and links.
TEST(SerializeScreen, EqualsSerializeOfTheCaptureOnRandomScreens) {
  const std::vector<std::string> kPieces = {
      "a",
      "Z",
      " ",
      "\r\n",
      "\xe5\xaf\xbf",
      "\xcc\x81",
      "\xe2\x94\x80",
      "\x1b[m",
      "\x1b[1m",
      "\x1b[3;4m",
      "\x1b[5m",
      "\x1b[7m",
      "\x1b[8m",
      "\x1b[28m",
      "\x1b[31m",
      "\x1b[44m",
      "\x1b[38;5;99m",
      "\x1b[4:3m",
      "\x1b[58;5;2m",
      "\x1b[2J",
      "\x1b[K",
      "\x1b[H",
      "\x1b[3;5H",
      "\x1b[?25l",
      "\x1b[?25h",
      "\x1b[3 q",
      "\x1b]8;;https://r.example/\x07",
      "\x1b]8;;\x07",
      "\x1b[?1049h",
      "\x1b[?1049l",
      "\x1b[2L",
      "\x1b[P",
      "\x1b[2@",
      "\t",
      "\xf0\x9f\x98\x80",
      "\xe2\x80\x8d",
  };
  std::mt19937 rng(20261203);
  for (int screen = 0; screen < 300; ++screen) {
    std::string bytes;
    const int pieces = static_cast<int>(rng() % 200);
    for (int i = 0; i < pieces; ++i) bytes += kPieces[rng() % kPieces.size()];
    ExpectSameDump(1 + static_cast<int>(rng() % 30), 1 + static_cast<int>(rng() % 8), bytes,
                   absl::StrCat("screen ", screen));
    if (HasFatalFailure()) return;
  }
}

// snapshot/formats/screen_dump.h's example.
TEST(SerializeScreen, HeaderExample) {
  vtsnap::VirtualTerminal vt({.cols = 20, .rows = 2});
  vt.Write("\x1b[31mred");
  absl::StatusOr<std::string> dump = vtsnap::SerializeScreen(vt);
  ASSERT_TRUE(dump.ok()) << dump.status();
  EXPECT_EQ(*dump, *vtsnap::golden::Serialize(*vtsnap::CaptureFrame(vt)));
  EXPECT_THAT(*dump, HasSubstr("fg @1"));
}

}  // namespace
}  // namespace vtsnap
