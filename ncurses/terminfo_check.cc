#include "vtsnap/ncurses/terminfo_check.h"

#include <optional>
#include <string>

// Last: <term.h> defines a macro for every capability name.
#include <curses.h>
#include <term.h>

namespace vtsnap::ncurses_internal {

std::optional<std::string> TerminfoProblem(const std::string& term, int fd) {
  TERMINAL* const saved = cur_term;
  int error = 0;
  std::optional<std::string> why;
  if (setupterm(term.c_str(), fd, &error) == OK) {
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
