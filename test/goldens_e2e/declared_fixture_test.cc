// A second subprocess fixture for goldens_e2e_test: a test file that declares its inventory, two
// scenarios with their checkpoints. Which checkpoints get asserted is chosen by the environment:
//
//   DECLARED_SKIP   a comma-separated list of "<scenario>/<checkpoint>" not to assert
#include <cstdlib>
#include <string>

#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"

VTSNAP_DECLARE_INVENTORY({{"login", {"empty", "filled"}}, {"logout", {"confirm"}}});

namespace {

void Check(const std::string& golden, const std::string& text) {
  const char* skip = std::getenv("DECLARED_SKIP");
  if (skip != nullptr &&
      ("," + std::string(skip) + ",").find("," + golden + ",") != std::string::npos) {
    return;
  }
  vtsnap::VirtualTerminal vt({.cols = 12, .rows = 2});
  vt.Write(text);
  EXPECT_THAT(vt, vtsnap::EqualsGolden(golden));
}

TEST(Declared, LoginEmpty) { Check("login/empty", "user: "); }
TEST(Declared, LoginFilled) { Check("login/filled", "user: ada"); }
TEST(Declared, LogoutConfirm) { Check("logout/confirm", "bye?"); }

}  // namespace
