// todo in a terminal: `build/bin/todo`. Keys: j/k or the arrows move, space marks an item done,
// q quits.
#include <curses.h>

#include <clocale>

#include "todo.h"

int main() {
  std::setlocale(LC_ALL, "");
  initscr();
  cbreak();
  noecho();
  keypad(stdscr, TRUE);
  todo::InitColors();
  todo::List list = todo::Sample();
  while (!list.quit) {
    todo::Draw(list);
    todo::HandleKey(list, getch());
  }
  endwin();
  return 0;
}
