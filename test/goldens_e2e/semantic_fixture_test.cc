// The test program goldens_e2e_test runs as a subprocess for EqualsSemanticGolden: the same rules
// as fixture_test.cc's EqualsGolden, on `.semantic` goldens. Not a ctest entry of its own (its
// failures are the point).
//
//   FIXTURE_TEXT      the bytes Semantic.Home writes (default "Hello")
//   FIXTURE_NOT       when set, Semantic.Negated asserts Not(EqualsSemanticGolden("never"))
//   FIXTURE_DUPLICATE when set, Semantic.DuplicateA and Semantic.DuplicateB both assert
//                     EqualsSemanticGolden("same"), on screens "one" and FIXTURE_DUPLICATE's value
#include <cstdlib>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"

namespace {

bool EnvSet(const char* name) { return std::getenv(name) != nullptr; }

// Every fixture screen is 20x4 (the buffer one 20x2).
vtsnap::TerminalOptions Size(int rows = 4) {
  vtsnap::TerminalOptions options;
  options.cols = 20;
  options.rows = rows;
  return options;
}

TEST(Semantic, Home) {
  const char* text = std::getenv("FIXTURE_TEXT");
  vtsnap::VirtualTerminal vt(Size());
  vt.Write(text != nullptr ? text : "Hello");
  EXPECT_THAT(vt, vtsnap::EqualsSemanticGolden("home"));
}

TEST(Semantic, Buffer) {
  vtsnap::VirtualTerminal vt(Size(2));
  vt.Write("one\r\ntwo\r\nthree");
  EXPECT_THAT(
      vt, vtsnap::EqualsSemanticGolden("buffer", {.capture = vtsnap::SemanticCapture::kBuffer}));
}

TEST(Semantic, Negated) {
  if (!EnvSet("FIXTURE_NOT")) return;
  vtsnap::VirtualTerminal vt(Size());
  vt.Write("not the golden");
  EXPECT_THAT(vt, testing::Not(vtsnap::EqualsSemanticGolden("never")));
}

TEST(Semantic, DuplicateA) {
  if (!EnvSet("FIXTURE_DUPLICATE")) return;
  vtsnap::VirtualTerminal vt(Size());
  vt.Write("one");
  EXPECT_THAT(vt, vtsnap::EqualsSemanticGolden("same"));
}

TEST(Semantic, DuplicateB) {
  if (!EnvSet("FIXTURE_DUPLICATE")) return;
  vtsnap::VirtualTerminal vt(Size());
  vt.Write(std::getenv("FIXTURE_DUPLICATE"));
  EXPECT_THAT(vt, vtsnap::EqualsSemanticGolden("same"));
}

}  // namespace
