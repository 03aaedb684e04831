// A real truecolor program pinned with a golden of more than 62 styles: vim (the Debian package
// `vim`, whose vim.basic has +termguicolors; scripts/setup.sh installs it) with `termguicolors`
// and a generated script that gives each of 100 words its own 24-bit foreground and background.
// Version 1 cannot hold that screen (a style is named by one of 62 characters), so its golden,
// goldens/truecolor_test/vim_truecolor.dump, is the wide form `vtsnap-wide-golden 1`
// (snapshot/formats/golden.h); the test checks that it is, and that it holds more than 62 styles.
//
// Deterministic: a fixed size, no vimrc, viminfo, swap file, ruler, showcmd, status line, intro or
// file message; the test waits for the last word's colour and then for vim to go quiet.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/pty/test_support.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/pty/pty_session.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;
using ::testing::StartsWith;

constexpr int kWords = 100;

// Word i ("w00" ... "w99") in its own colours: foreground and background walk the RGB cube.
std::string WordColors(int i) {
  return absl::StrFormat("guifg=#%02X%02X%02X guibg=#%02X%02X%02X", 255 - i * 2, 40 + i * 2,
                         (i * 37) % 256, (i * 53) % 64, 16 + (i * 11) % 48, 96 - i % 32);
}

// The script: settings that keep the screen the same on every run, then one highlight group and
// one match for each word.
std::string Script() {
  std::string script =
      "set termguicolors noruler noshowcmd laststatus=0 nonumber nocursorline\n"
      "hi Normal guifg=#D0D0D0 guibg=#181818\n"
      "hi NonText guifg=#5F87FF guibg=#181818\n";
  for (int i = 0; i < kWords; ++i) {
    absl::StrAppendFormat(&script, "hi W%02d %s\ncall matchadd('W%02d', '\\<w%02d\\>')\n", i,
                          WordColors(i), i, i);
  }
  return script + "redraw!\n";
}

// The buffer: the words, ten a line.
std::string Words() {
  std::string text;
  for (int i = 0; i < kWords; ++i)
    absl::StrAppendFormat(&text, "w%02d%c", i, i % 10 == 9 ? '\n' : ' ');
  return text;
}

// OK, or a failure that prints the status (a timeout's message holds the screen at that moment).
::testing::AssertionResult Ok(const absl::Status& status) {
  if (status.ok()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << status;
}

void WriteFile(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream contents;
  contents << in.rdbuf();
  return contents.str();
}

class Truecolor : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string dir = (fs::path(::testing::TempDir()) / "vtsnap_truecolor_XXXXXX").string();
    ASSERT_NE(::mkdtemp(dir.data()), nullptr) << dir << ": " << std::strerror(errno);
    dir_ = dir;
    fs::create_directory(dir_ / "home");
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }

  fs::path dir_;
};

TEST_F(Truecolor, VimWithAHundredColoursIsAWideGolden) {
  WriteFile(dir_ / "colors.vim", Script());
  WriteFile(dir_ / "words.txt", Words());

  PtyOptions options = pty_test::MarkedOptions(40, 12);
  options.env["HOME"] = (dir_ / "home").string();
  options.working_directory = dir_.string();
  PtySession session(options);
  // vim.basic, not vim.tiny: the tiny build has neither +termguicolors nor matchadd. -u NONE: no
  // vimrc; -i NONE: no viminfo; -N: not vi-compatible; -n: no swap file; shortmess+=IF: no intro
  // and no file message.
  ASSERT_TRUE(Ok(session.Start({"vim.basic", "-u", "NONE", "-i", "NONE", "-N", "-n", "--cmd",
                                "set shortmess+=IF", "-S", "colors.vim", "words.txt"})));

  // The last word drawn in its own colours: every match is on the screen.
  ASSERT_TRUE(Ok(session.WaitUntil(
      [](const Terminal& t) {
        if (t.RowText(9).rfind("w90", 0) != 0) return false;
        const Pen& pen = t.pen(t.cell(36, 9).pen);  // "w99"
        return pen.bg.kind == PenColor::Kind::kRgb && pen.bg.value != 0x181818;
      },
      "the last word in its own colours")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(absl::Milliseconds(200))));
  EXPECT_THAT(session, EqualsGolden("vim_truecolor"));

  // The committed golden is the wide form, and needs it.
  const std::string golden =
      ReadFile(fs::path(VTSNAP_SOURCE_DIR) / "test/pty/goldens/truecolor_test/vim_truecolor.dump");
  EXPECT_THAT(golden, StartsWith("vtsnap-wide-golden 1\nframe 40 12\n"));
  absl::StatusOr<Frame> frame = golden::Parse(golden);
  ASSERT_TRUE(frame.ok()) << frame.status();
  absl::StatusOr<std::string> again = golden::Serialize(*frame);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(*again, golden);
  const size_t styles_line = golden.find("\nstyles ");
  ASSERT_NE(styles_line, std::string::npos);
  EXPECT_GT(std::stoi(golden.substr(styles_line + 8)), golden::kMaxStyles);

  ASSERT_TRUE(Ok(session.SendKeys(":qa! enter")));
  const absl::StatusOr<ExitStatus> exit = session.WaitForExit();
  ASSERT_TRUE(exit.ok()) << exit.status();
  EXPECT_EQ(exit->ToString(), "exit status 0");
}

}  // namespace
}  // namespace vtsnap
