// todo: the ncurses to-do list of docs/getting-started.md. Draw() paints the list on ncurses'
// current screen (stdscr) and HandleKey() applies one key; main.cc runs them in a terminal, and
// the tests run them in process (todo_test.cc) and as a program under a PTY (todo_pty_test.cc).
//
//   todo::List list = todo::Sample();
//   todo::HandleKey(list, 'j');  // the selection moves down
//   todo::Draw(list);            // then refresh()
#ifndef VTSNAP_EXAMPLES_GETTING_STARTED_TODO_H_
#define VTSNAP_EXAMPLES_GETTING_STARTED_TODO_H_

#include <string>
#include <vector>

namespace todo {

struct Item {
  std::string text;
  bool done = false;
};

struct List {
  std::vector<Item> items;
  int selected = 0;
  bool quit = false;
};

// Three items, the first selected, none done.
List Sample();

// Starts the colours Draw uses (after initscr or newterm).
void InitColors();

// Paints the list on stdscr and refreshes: a title bar, one row per item ("[x]" when done, the
// selected row highlighted) and a status bar counting what is left.
void Draw(const List& list);

// j/down and k/up move the selection, space toggles the selected item, q quits.
void HandleKey(List& list, int key);

}  // namespace todo

#endif  // VTSNAP_EXAMPLES_GETTING_STARTED_TODO_H_
