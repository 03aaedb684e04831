// One golden claimed again and again in one process by a program whose invisible attributes vary
// from run to run. The program writes "ready now"; in about half its runs the blank between the
// words carries a foreground colour (which of eight depends on its pid), which nobody can see.
// EqualsGolden treats those screens as equal, so the claims must too: ctest runs this binary once
// per test and once more with --gtest_repeat=50 (pty.repeat_claims), where each repetition starts
// a new program and claims the golden goldens/repeat_claims_test/ready_now.dump again.
#include <string>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/pty/test_support.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/pty/pty_session.h"

namespace vtsnap {
namespace {

// Even pids colour the blank (30-37 by pid), odd ones write a plain space; then the program
// waits to be closed, so the screen holds still.
constexpr char kProgram[] =
    "if [ $(( $$ % 2 )) -eq 0 ]; then printf 'ready\\033[3%dm \\033[mnow' $(( $$ / 2 % 8 )); "
    "else printf 'ready now'; fi; exec sleep 60";

TEST(RepeatClaims, BlankWhoseInvisibleColourVariesMatchesOneGolden) {
  PtySession session(pty_test::MarkedOptions(20, 2));
  ASSERT_TRUE(session.Start({"/bin/sh", "-c", kProgram}).ok());
  const absl::Status shown = session.WaitForText("now");
  ASSERT_TRUE(shown.ok()) << shown;
  EXPECT_THAT(session, EqualsGolden("ready_now"));
  (void)session.Close();
}

}  // namespace
}  // namespace vtsnap
