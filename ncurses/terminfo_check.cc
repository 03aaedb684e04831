#include "vtsnap/ncurses/terminfo_check.h"

#include <string>

// Last: <term.h> defines a macro for every capability name.
#include <curses.h>
#include <term.h>

namespace vtsnap::ncurses_internal {

std::string DescribeTerminfoProblem(const std::string& term, int fd) {
  TERMINAL* const saved = cur_term;
  int error = 0;
  const int result = setupterm(term.c_str(), fd, &error);
  std::string why;
  if (result == OK) {
    // The entry loads: ncurses refuses it for what it lacks.
    const char* const address = tigetstr("cup");
    why = (address == nullptr || address == reinterpret_cast<char*>(-1))
              ? "its terminfo entry has no cursor addressing (cup): a hard-copy or generic "
                "terminal ncurses cannot draw on"
              : "ncurses could not start on it although its terminfo entry loads";
    del_curterm(cur_term);
  } else if (error == 1) {
    why = "its terminfo entry describes a hard-copy terminal, which ncurses cannot draw on";
  } else if (error == 0) {
    why = "no terminfo entry of that name, or only a generic one (is it installed? `infocmp " +
          term + "` says where terminfo looks; TERMINFO and TERMINFO_DIRS add places)";
  } else {
    why = "no terminfo database was found (TERMINFO, TERMINFO_DIRS, /usr/share/terminfo)";
  }
  set_curterm(saved);
  return why;
}

}  // namespace vtsnap::ncurses_internal
