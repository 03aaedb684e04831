// What terminfo says about a terminal type, asked before newterm() (ncurses/curses_screen.cc).
// Apart, because <term.h> defines a macro for every capability name (lines, columns, bell, ...).
#ifndef VTSNAP_NCURSES_TERMINFO_CHECK_H_
#define VTSNAP_NCURSES_TERMINFO_CHECK_H_

#include <optional>
#include <string>

namespace vtsnap::ncurses_internal {

// Why terminfo cannot give ncurses the entry `term` for the descriptor `fd`, in words (no such
// entry, no terminfo database, a hard-copy terminal), or nothing when the entry loads. Asked
// first because a newterm() that fails keeps memory it never frees (its "pre-screen"), which a
// setupterm() that fails does not. ncurses' current terminal (cur_term) is left as it was.
std::optional<std::string> TerminfoProblem(const std::string& term, int fd);

}  // namespace vtsnap::ncurses_internal

#endif  // VTSNAP_NCURSES_TERMINFO_CHECK_H_
