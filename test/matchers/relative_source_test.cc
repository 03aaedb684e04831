// A test compiled from a relative source path (a Makefile or a single `c++` call in the source
// folder): TestInfo::file() is relative, resolved against VTSNAP_SOURCE_ROOT (ctest sets it to the
// repository for this binary). The golden's folder and the folder the end-of-run inventory checks
// must be the same one, or every golden there would be called an orphan.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/matchers/golden.h"

namespace vtsnap {
namespace {

// The test below is compiled as if its file were the relative path.
#line 17 "test/matchers/relative_source_test.cc"
TEST(RelativeSource, ItsGoldenIsCheckedWhereItIs) {
  VirtualTerminal vt({.cols = 10, .rows = 2});
  vt.Write("relative");
  EXPECT_THAT(vt, EqualsGolden("screen"));
}

}  // namespace
}  // namespace vtsnap
