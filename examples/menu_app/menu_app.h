// menu_app: a small terminal UI drawn with plain ANSI escape sequences, the example that
// examples/menu_app/README.md tests with vtsnap's matchers.
//
// Render(state) returns one whole frame as the bytes a program writes to its terminal: it clears
// the screen (ED), then draws each line with CUP, SGR and EL the way a real renderer repaints:
//
//   row 0          title bar (bold white on blue)
//   row 1          menu bar; the open menu in reverse video
//   row 2          a rule
//   rows 3..       the list; the selected item in bold black on cyan, with a '>' marker
//   last row       status bar (black on green): position, selected item, key hints, the clock
//
// The cursor is left visible on the selected item's marker, as list-based programs do.
//
//   menu_app::State state;          // 60x12, "Groceries", five items
//   state.clock = "09:41:07";
//   state = menu_app::MoveDown(state);
//   std::string frame = menu_app::Render(state);  // write it to a terminal or a VirtualTerminal
#ifndef VTSNAP_EXAMPLES_MENU_APP_MENU_APP_H_
#define VTSNAP_EXAMPLES_MENU_APP_MENU_APP_H_

#include <string>
#include <vector>

namespace menu_app {

struct State {
  int cols = 60;
  int rows = 12;
  std::string title = "Groceries";
  std::vector<std::string> menus = {"File", "Edit", "View", "Help"};
  int open_menu = 0;  // index into menus: the highlighted menu
  std::vector<std::string> items = {"Apples", "Bread", "寿司 (sushi)", "Coffee beans", "Milk"};
  int selected = 0;                // index into items
  std::string clock = "00:00:00";  // shown at the right of the status bar, e.g. "09:41:07"
};

// The selection one item down / up (clamped to the list).
State MoveDown(State state);
State MoveUp(State state);
// The next menu to the right (wrapping).
State NextMenu(State state);

// One whole frame for `state`, as terminal output bytes (UTF-8, CSI sequences).
std::string Render(const State& state);

// The wall clock as HH:MM:SS, for State::clock.
std::string Now();

}  // namespace menu_app

#endif  // VTSNAP_EXAMPLES_MENU_APP_MENU_APP_H_
