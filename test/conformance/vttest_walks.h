// The vttest screens of the conformance suite (docs/conformance.md): which menu choices reach
// them and how many screens each test draws, grouped into sessions (one vttest process each).
//
// A walk starts in the menu the previous walk of its session ended in (the main menu for the
// first): it types each of `choices` followed by Return, then captures its screens one after the
// other, each once vttest waits for input and the screen shows the screen's prompt where the
// cursor waits, and types the screen's keys to go on. After the last screen vttest must be back at
// a menu.
#ifndef VTSNAP_TEST_CONFORMANCE_VTTEST_WALKS_H_
#define VTSNAP_TEST_CONFORMANCE_VTTEST_WALKS_H_

#include <string>
#include <vector>

namespace vtsnap::conformance {

// What every vttest menu shows while it waits for a choice.
inline constexpr char kMenuPrompt[] = "Enter choice number";

struct VttestScreen {
  // The text the screen shows once it is drawn and vttest waits for the keys below.
  std::string prompt = "Push <RETURN>";
  // Whether the prompt ends where the cursor waits (on the cursor's row, left of it), as vttest's
  // "Push <RETURN>" and menu prompts do: a prompt an earlier screen left standing does not count.
  bool at_cursor = true;
  // The key script (decoder/keys.h) typed to leave the screen.
  std::string keys = "enter";
};

struct VttestWalk {
  // Names its screens "<name>.<n>", n from 1: "1_cursor_movements" gives the ctest case
  // vttest.1_cursor_movements.1 and the golden 1_cursor_movements.1.dump.
  std::string name;
  // Menu choices, each typed followed by Return; every one but the last leads to a menu.
  std::vector<std::string> choices;
  std::vector<VttestScreen> screens;
};

struct VttestSession {
  std::string name;
  std::vector<VttestWalk> walks;
};

// `n` screens that each end with "Push <RETURN>".
std::vector<VttestScreen> Screens(int n);

// Every session of the suite, in the order they are recorded.
const std::vector<VttestSession>& VttestSessions();

// "<walk>.<n>" for every screen of `session`, in order.
std::vector<std::string> ScreenNames(const VttestSession& session);

}  // namespace vtsnap::conformance

#endif  // VTSNAP_TEST_CONFORMANCE_VTTEST_WALKS_H_
