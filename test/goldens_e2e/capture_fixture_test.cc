// The test program goldens_e2e_test runs as a subprocess for EqualsCaptureGolden: a small app
// walked over two scenarios at pito-tui's four standard sizes, its capture compared with the
// capture golden "walk" (goldens/capture_fixture_test/walk.capture/). Not a ctest entry of its own
// (its failures are the point).
//
//   FIXTURE_TITLE      the home screen's title (default "Home")
//   FIXTURE_SKIP_DRILL when set, the "Drill in" script is not recorded
//   FIXTURE_NOT        when set, Capture.Negated asserts Not(EqualsCaptureGolden("never"))
//   FIXTURE_DUPLICATE  when set, Capture.DuplicateA and Capture.DuplicateB both assert
//                      EqualsCaptureGolden("same"), titled "one" and FIXTURE_DUPLICATE's value
#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/snapshot/formats/pito_frame.h"
#include "vtsnap/snapshot/golden/pito_recorder.h"

namespace {

bool EnvSet(const char* name) { return std::getenv(name) != nullptr; }

// The app at one size: a bold title on a blue bar, the size, and a footer on the last row.
vtsnap::pito::RenderAtSize Screen(std::string title) {
  return [title](vtsnap::TerminalSize size) -> absl::StatusOr<vtsnap::pito::TuiFrame> {
    vtsnap::TerminalOptions options;
    options.cols = size.cols;
    options.rows = size.rows;
    vtsnap::VirtualTerminal vt(options);
    vt.Write(absl::StrCat("\x1b[1;44m", title, "\x1b[K\x1b[0m\r\n", size.cols, " columns\x1b[",
                          size.rows, ";1H\x1b[2mq quit"));
    return vtsnap::pito::FrameFromScreen(vt);
  };
}

vtsnap::pito::Recorder NewRecorder() {
  absl::StatusOr<vtsnap::pito::Recorder> recorder = vtsnap::pito::Recorder::InMemory();
  EXPECT_TRUE(recorder.ok()) << recorder.status();
  return *std::move(recorder);
}

TEST(Capture, Walk) {
  const char* title = std::getenv("FIXTURE_TITLE");
  vtsnap::pito::Recorder recorder = NewRecorder();
  ASSERT_TRUE(recorder.RecordScreen(0, "Home", Screen(title != nullptr ? title : "Home")).ok());
  if (!EnvSet("FIXTURE_SKIP_DRILL")) {
    ASSERT_TRUE(recorder.RecordScript("Drill in", Screen("Details")).ok());
  }
  EXPECT_THAT(recorder, vtsnap::EqualsCaptureGolden("walk"));
}

TEST(Capture, Negated) {
  if (!EnvSet("FIXTURE_NOT")) return;
  vtsnap::pito::Recorder recorder = NewRecorder();
  ASSERT_TRUE(recorder.RecordScreen(0, "Home", Screen("not the golden")).ok());
  EXPECT_THAT(recorder.capture(), testing::Not(vtsnap::EqualsCaptureGolden("never")));
}

TEST(Capture, DuplicateA) {
  if (!EnvSet("FIXTURE_DUPLICATE")) return;
  vtsnap::pito::Recorder recorder = NewRecorder();
  ASSERT_TRUE(recorder.RecordScreen(0, "Home", Screen("one")).ok());
  EXPECT_THAT(recorder, vtsnap::EqualsCaptureGolden("same"));
}

TEST(Capture, DuplicateB) {
  if (!EnvSet("FIXTURE_DUPLICATE")) return;
  vtsnap::pito::Recorder recorder = NewRecorder();
  ASSERT_TRUE(recorder.RecordScreen(0, "Home", Screen(std::getenv("FIXTURE_DUPLICATE"))).ok());
  EXPECT_THAT(recorder, vtsnap::EqualsCaptureGolden("same"));
}

}  // namespace
