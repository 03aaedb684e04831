// The Bazel user example's golden test (bazel/README.md, "Golden tests").
#include "app/ui/menu.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"

namespace {

TEST(Menu, Home) {
  vtsnap::VirtualTerminal vt({.cols = 20, .rows = 4});
  vt.Write(app::DrawMenu());
  EXPECT_THAT(vt, vtsnap::EqualsGolden("home"));
}

}  // namespace
