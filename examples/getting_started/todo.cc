#include "todo.h"

#include <curses.h>

#include <string>

namespace todo {
namespace {

enum Pair : short { kTitle = 1, kSelected = 2, kDone = 3 };

}  // namespace

List Sample() { return {.items = {{"Buy milk"}, {"Write tests"}, {"Ship it"}}}; }

void InitColors() {
  start_color();
  use_default_colors();  // -1: the terminal's own foreground or background
  init_pair(kTitle, COLOR_WHITE, COLOR_BLUE);
  init_pair(kSelected, COLOR_BLACK, COLOR_CYAN);
  init_pair(kDone, COLOR_GREEN, -1);
}

void Draw(const List& list) {
  erase();
  attron(COLOR_PAIR(kTitle) | A_BOLD);
  mvhline(0, 0, ' ', COLS);
  mvaddstr(0, 1, "To do");
  attroff(COLOR_PAIR(kTitle) | A_BOLD);
  int left = 0;
  for (int i = 0; i < static_cast<int>(list.items.size()); ++i) {
    const Item& item = list.items[i];
    if (!item.done) ++left;
    const attr_t look = i == list.selected ? COLOR_PAIR(kSelected)
                        : item.done        ? COLOR_PAIR(kDone)
                                           : A_NORMAL;
    attron(look);
    if (i == list.selected) mvhline(2 + i, 0, ' ', COLS);
    mvaddstr(2 + i, 1, item.done ? "[x] " : "[ ] ");
    addstr(item.text.c_str());
    attroff(look);
  }
  const std::string status = std::to_string(left) + " left  j/k move  space done  q quit";
  mvaddstr(LINES - 1, 1, status.c_str());
  move(2 + list.selected, 2);
  refresh();
}

void HandleKey(List& list, int key) {
  const int last = static_cast<int>(list.items.size()) - 1;
  switch (key) {
    case 'j':
    case KEY_DOWN:
      if (list.selected < last) ++list.selected;
      break;
    case 'k':
    case KEY_UP:
      if (list.selected > 0) --list.selected;
      break;
    case ' ':
      if (last >= 0) list.items[list.selected].done = !list.items[list.selected].done;
      break;
    case 'q':
      list.quit = true;
      break;
    default:
      break;
  }
}

}  // namespace todo
