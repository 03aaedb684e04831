// presenter_app driven by event scripts (docs/scripts.md): each beat's input goes through a
// presenter-profile HeadlessTerminal, the app steps until it has read it and once more, and the
// composed frame of every named beat is pinned in goldens/presenter_app_script_test/. Every step
// of every script is also checked with PresentedEquals: the bytes the app wrote must decode to
// the frame it composed.
#include <string>
#include <vector>

#include "examples/presenter_app/test_support.h"
#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/keys.h"
#include "vtsnap/matchers/matchers.h"

namespace {

using ::presenter_app_test::Session;
using ::presenter_app_test::ToFrame;
using ::vtsnap::Beat;
using ::vtsnap::Script;
using ::vtsnap::TerminalSize;

bool Play(Session& s, const Script& script) {
  return vtsnap::PlayScript(
      script, s.term,
      {.step = [&s] { s.app.Step(); }, .composed = [&s] { return ToFrame(s.app.composed()); }},
      {.check_presented_every_step = true});
}

const Beat kStart = {.name = "start", .golden = "home"};

// Three routes to the File menu end on one shared golden, file_menu.
TEST(PresenterAppScripts, MenuByKeyboard) {
  Session s;
  EXPECT_TRUE(
      Play(s, {.name = "menu_keyboard",
               .beats = {kStart,
                         {.name = "f10", .keys = "f10", .golden = "file_menu"},
                         {.name = "down down", .keys = "down down", .golden = "file_menu_quit"},
                         {.name = "esc", .keys = "esc", .golden = "home"}}}));
}

TEST(PresenterAppScripts, MenuByAltF) {
  Session s;
  EXPECT_TRUE(
      Play(s, {.name = "menu_alt_f",
               .beats = {kStart, {.name = "alt+f", .keys = "alt+f", .golden = "file_menu"}}}));
}

TEST(PresenterAppScripts, MenuByMouse) {
  Session s;
  EXPECT_TRUE(Play(
      s, {.name = "menu_mouse",
          .beats = {
              kStart,
              {.name = "click File", .input = vtsnap::MouseClick(2, 0), .golden = "file_menu"},
              {.name = "click outside", .input = vtsnap::MouseClick(30, 10), .golden = "home"}}}));
}

// The close veto: Cancel (or Esc) refuses, and the frame returns to the one before the dialog.
TEST(PresenterAppScripts, DialogClosedWithARefusal) {
  Session s;
  EXPECT_TRUE(
      Play(s, {.name = "close_veto",
               .beats = {kStart,
                         {.name = "type", .keys = "note", .golden = "modified"},
                         {.name = "ctrl+q", .keys = "ctrl+q", .golden = "discard_dialog"},
                         {.name = "esc refuses", .keys = "esc", .golden = "modified"},
                         {.name = "ctrl+q again", .keys = "ctrl+q", .golden = "discard_dialog"},
                         {.name = "enter on Cancel", .keys = "enter", .golden = "modified"}}}));
  EXPECT_FALSE(s.app.quit_requested());
}

// Links as terminal hyperlinks: the _presented goldens carry the link records a terminal that
// renders OSC 8 would show; the menu box covers part of the link.
TEST(PresenterAppScripts, LinksAreShownAsHyperlinks) {
  Session s;
  EXPECT_TRUE(Play(
      s, {.name = "hyperlinks",
          .beats = {
              {.name = "start", .golden = "links", .presented = true},
              {.name = "f10", .keys = "f10", .golden = "links_under_menu", .presented = true}}}));
}

TEST(PresenterAppScripts, ResizeGrowAndShrink) {
  Session s;
  EXPECT_TRUE(Play(
      s,
      {.name = "resize",
       .beats = {
           kStart,
           {.name = "grow", .resize = TerminalSize{60, 18}, .golden = "grown", .presented = true},
           {.name = "shrink", .resize = TerminalSize{30, 8}, .golden = "shrunk", .presented = true},
           {.name = "back", .resize = TerminalSize{48, 14}, .golden = "home"}}}));
}

TEST(PresenterAppScripts, ShrinkStorm) {
  Script storm = {.name = "shrink_storm", .beats = {kStart}};
  const std::vector<TerminalSize> sizes = {{25, 7}, {33, 9}, {20, 6}, {48, 14}, {21, 12}};
  for (int i = 0; i < 20; ++i) {
    Beat beat = {.name = "storm " + std::to_string(i), .resize = sizes[i % sizes.size()]};
    if (i % 3 == 0) beat.keys = i % 2 == 0 ? "f10" : "esc";  // the menu opens and closes
    storm.beats.push_back(beat);
  }
  storm.beats.push_back(
      {.name = "settle", .resize = TerminalSize{48, 14}, .keys = "esc", .golden = "home"});
  Session s;
  EXPECT_TRUE(Play(s, storm));
}

// A presenter that assumes the terminal cleared itself on resize leaves stale cells: the frame
// it composed is right, but the display is not, and PresentedEquals says where.
TEST(PresenterAppScripts, AStaleCellAfterAShrinkFailsTheScript) {
  Session s({.presenter = {.bug_assume_cleared_after_resize = true}});
  const Script script = {.name = "stale",
                         .beats = {{.name = "dialog", .keys = "note ctrl+q"},
                                   {.name = "shrink", .resize = TerminalSize{48, 10}}}};
  EXPECT_NONFATAL_FAILURE(Play(s, script),
                          "the decoded display differs from the composed frame (- composed, + "
                          "presented; rows and columns are 0-based):\ntext:\n  row 1");
}

}  // namespace
