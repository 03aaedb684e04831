#include "examples/menu_app/menu_app.h"

#include <algorithm>
#include <ctime>
#include <string>

namespace menu_app {
namespace {

constexpr char kCsi[] = "\x1b[";

// CUP to 0-based (col, row).
std::string MoveTo(int col, int row) {
  return kCsi + std::to_string(row + 1) + ";" + std::to_string(col + 1) + "H";
}

}  // namespace

State MoveDown(State state) {
  state.selected = std::min(state.selected + 1, static_cast<int>(state.items.size()) - 1);
  return state;
}

State MoveUp(State state) {
  state.selected = std::max(state.selected - 1, 0);
  return state;
}

State NextMenu(State state) {
  if (!state.menus.empty()) {
    state.open_menu = (state.open_menu + 1) % static_cast<int>(state.menus.size());
  }
  return state;
}

std::string Render(const State& state) {
  std::string out;
  out += "\x1b[?25l";            // hide the cursor while repainting
  out += "\x1b[m\x1b[H\x1b[2J";  // default pen, home, erase the screen

  // Title bar: bold bright white on blue, the blue filling the row (EL erases with the
  // background colour).
  out += MoveTo(0, 0);
  out += "\x1b[1;97;44m menu_app: " + state.title + "\x1b[K\x1b[m";

  // Menu bar: each menu as " Name ", the open one in reverse video.
  out += MoveTo(0, 1);
  out += " ";
  for (int i = 0; i < static_cast<int>(state.menus.size()); ++i) {
    if (i == state.open_menu) out += "\x1b[7m";
    out += " " + state.menus[i] + " ";
    if (i == state.open_menu) out += "\x1b[27m";
  }
  out += "\x1b[K";

  // A rule under the menu bar, in a dim palette grey.
  out += MoveTo(0, 2);
  out += "\x1b[38;5;244m";
  for (int c = 0; c < state.cols; ++c) out += "\u2500";
  out += "\x1b[m";

  // The list: rows 3 .. rows-2. The selected item: marker, bold black on cyan across the row.
  const int first_row = 3;
  const int last_row = state.rows - 2;
  for (int i = 0; i < static_cast<int>(state.items.size()) && first_row + i <= last_row; ++i) {
    out += MoveTo(0, first_row + i);
    if (i == state.selected) {
      out += "\x1b[1;30;46m> " + state.items[i] + "\x1b[K\x1b[m";
    } else {
      out += "  " + state.items[i] + "\x1b[K";
    }
  }

  // Status bar: black on green; position and item on the left, the clock on the right.
  const int status_row = state.rows - 1;
  out += MoveTo(0, status_row);
  out += "\x1b[30;42m ";
  if (!state.items.empty()) {
    out += std::to_string(state.selected + 1) + "/" + std::to_string(state.items.size()) + "  " +
           state.items[state.selected];
  }
  out += "  \x1b[1mj/k\x1b[22m move  \x1b[1mq\x1b[22m quit\x1b[K";
  const int clock_col = state.cols - 1 - static_cast<int>(state.clock.size());
  out += MoveTo(std::max(clock_col, 0), status_row) + state.clock + "\x1b[m";

  // Leave the cursor on the selected item's marker, visible.
  out += MoveTo(0, first_row + state.selected);
  out += "\x1b[?25h";
  return out;
}

std::string Now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%H:%M:%S", &tm);
  return buf;
}

}  // namespace menu_app
