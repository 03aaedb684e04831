// What terminfo says about a terminal type newterm() refused (ncurses/curses_screen.cc). Apart,
// because <term.h> defines a macro for every capability name (lines, columns, bell, ...).
#ifndef VTSNAP_NCURSES_TERMINFO_CHECK_H_
#define VTSNAP_NCURSES_TERMINFO_CHECK_H_

#include <string>

namespace vtsnap::ncurses_internal {

// Why ncurses cannot draw with the terminfo entry `term` on the descriptor `fd`, in words: no
// such entry, no terminfo database, or an entry without cursor addressing (a hard-copy or generic
// terminal). ncurses' current terminal (cur_term) is left as it was.
std::string DescribeTerminfoProblem(const std::string& term, int fd);

}  // namespace vtsnap::ncurses_internal

#endif  // VTSNAP_NCURSES_TERMINFO_CHECK_H_
