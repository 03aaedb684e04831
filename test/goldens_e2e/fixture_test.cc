// The test program goldens_e2e_test runs as a subprocess: a few golden assertions whose screens
// and behaviour the driver controls through environment variables between runs. Not a ctest entry
// of its own (its failures are the point).
//
//   FIXTURE_TEXT      the text Fixture.Home writes (default "Hello")
//   FIXTURE_BAD_NAME  when set, Fixture.BadName asserts EqualsGolden("../escape")
//   FIXTURE_FAIL      when set, Fixture.Fails fails
//   FIXTURE_NOT       when set, Fixture.Negated asserts Not(EqualsGolden("never"))
//   FIXTURE_SCRIPT    when set, Fixture.Script plays an event script (count_0, count_1, and back
//                     to count_0); FIXTURE_SCRIPT_BREAK plants a bug that breaks the return
//   FIXTURE_DUPLICATE when set, Fixture.DuplicateA and Fixture.DuplicateB both assert
//                     EqualsGolden("same"), on screens FIXTURE_DUPLICATE_A's value (default
//                     "one") and FIXTURE_DUPLICATE's value
#include <cstdlib>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/matchers/counter_app.h"
#include "vtsnap/matchers/matchers.h"

namespace {

bool EnvSet(const char* name) { return std::getenv(name) != nullptr; }

// Every fixture screen is 20x4 with `text` written from the top left.
vtsnap::TerminalOptions Size() {
  vtsnap::TerminalOptions options;
  options.cols = 20;
  options.rows = 4;
  return options;
}

TEST(Fixture, Home) {
  const char* text = std::getenv("FIXTURE_TEXT");
  vtsnap::VirtualTerminal vt(Size());
  vt.Write(text != nullptr ? text : "Hello");
  EXPECT_THAT(vt, vtsnap::EqualsGolden("home"));
}

TEST(Fixture, Second) {
  vtsnap::VirtualTerminal vt(Size());
  vt.Write("Second\r\nscreen");
  EXPECT_THAT(vt, vtsnap::EqualsGolden("second"));
}

TEST(Fixture, BadName) {
  if (!EnvSet("FIXTURE_BAD_NAME")) return;
  vtsnap::VirtualTerminal vt(Size());
  vt.Write("escape");
  EXPECT_THAT(vt, vtsnap::EqualsGolden("../escape"));
}

TEST(Fixture, Fails) {
  if (EnvSet("FIXTURE_FAIL")) ADD_FAILURE() << "FIXTURE_FAIL is set: this test fails on purpose";
}

TEST(Fixture, Negated) {
  if (!EnvSet("FIXTURE_NOT")) return;
  vtsnap::VirtualTerminal vt(Size());
  vt.Write("not the golden");
  EXPECT_THAT(vt, testing::Not(vtsnap::EqualsGolden("never")));
}

TEST(Fixture, Script) {
  if (!EnvSet("FIXTURE_SCRIPT")) return;
  vtsnap::HeadlessTerminal term(vtsnap::HeadlessProfile::Presenter(12, 2));
  vtsnap::testing_apps::CounterApp app(&term,
                                       {.minus_does_nothing = EnvSet("FIXTURE_SCRIPT_BREAK")});
  const vtsnap::Script script = {.name = "up_and_back",
                                 .beats = {{.name = "start", .golden = "count_0"},
                                           {.name = "plus", .keys = "+", .golden = "count_1"},
                                           {.name = "minus", .keys = "-", .golden = "count_0"}}};
  vtsnap::PlayScript(script, term,
                     {.step = [&] { app.Step(); }, .composed = [&] { return app.Composed(); }});
}

TEST(Fixture, DuplicateA) {
  if (!EnvSet("FIXTURE_DUPLICATE")) return;
  const char* text = std::getenv("FIXTURE_DUPLICATE_A");
  vtsnap::VirtualTerminal vt(Size());
  vt.Write(text != nullptr ? text : "one");
  EXPECT_THAT(vt, vtsnap::EqualsGolden("same"));
}

TEST(Fixture, DuplicateB) {
  if (!EnvSet("FIXTURE_DUPLICATE")) return;
  vtsnap::VirtualTerminal vt(Size());
  vt.Write(std::getenv("FIXTURE_DUPLICATE"));
  EXPECT_THAT(vt, vtsnap::EqualsGolden("same"));
}

}  // namespace
