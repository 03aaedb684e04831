// CursesScreen: an ncurses program tested in process, with no terminal and no PTY.
//
// Open() starts an ncurses screen (newterm) of a chosen size and terminal type whose output goes
// to a capture file instead of a terminal; the bytes every refresh() or doupdate() writes are fed,
// in order, to a VirtualTerminal of the same size, read whenever the screen is looked at. A
// CursesScreen is a ScreenView (snapshot/screen/screen_view.h), so every matcher takes it:
//
//   auto screen = vtsnap::CursesScreen::Open({.cols = 20, .rows = 3});
//   ASSERT_TRUE(screen.ok()) << screen.status();
//   mvaddstr(1, 2, "hello");  // the program's own drawing, then refresh()
//   refresh();
//   EXPECT_EQ(vtsnap::ScreenView(*screen).RowText(1), "  hello             ");
//
// (test/ncurses/curses_screen_test.cc compiles and runs this example.)
//
// While the screen is open it is ncurses' current screen (stdscr is its window), and:
//   - LINES, COLUMNS and TERM are set in the environment only around newterm(), which reads them
//     once, and then restored (an unset variable unset again), whether newterm() worked or not;
//   - LC_CTYPE is a UTF-8 locale (C.UTF-8 unless it already was one), so ncursesw writes wide
//     and combining characters as UTF-8; the earlier locale comes back when the screen closes;
//   - the handlers ncurses installs (SIGINT, SIGTERM, SIGTSTP, SIGWINCH) are ncurses'; the earlier
//     ones come back when the screen closes (endwin() would otherwise leave SIGTSTP ignored).
// Closing (the destructor) ends ncurses (endwin, delscreen) after the last bytes were read, so a
// view taken before shows the program's screen, not the empty one endwin() returns to. ncurses'
// screens are process-wide state: one CursesScreen at a time, on one thread. Errors are values;
// nothing throws. docs/ncurses.md tells the rest (sizes, TERM, resize, colours, wide characters).
#ifndef VTSNAP_NCURSES_CURSES_SCREEN_H_
#define VTSNAP_NCURSES_CURSES_SCREEN_H_

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "vtsnap/base/size.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

struct CursesScreenOptions {
  // The screen's size, as ncurses' COLS and LINES and the VirtualTerminal's size: 1 to
  // kMaxTerminalDimension (base/size.h) each.
  int cols = 80;
  int rows = 24;
  // The terminfo entry ncurses draws with (newterm's first argument, and TERM around it).
  // xterm-256color is what vtsnap's decoder reads; another entry's sequences may not be decoded.
  std::string term = "xterm-256color";
};

class CursesScreen {
 public:
  // Starts ncurses on a capture file at `options`' size. Fails naming the problem: a size out of
  // range, no UTF-8 locale, the capture file, or a terminal type terminfo cannot give (naming
  // TERM and what terminfo said: no entry of that name, no terminfo database, a hard-copy one).
  [[nodiscard]] static absl::StatusOr<CursesScreen> Open(const CursesScreenOptions& options = {});

  // A moved-from screen may only be destroyed or assigned to.
  CursesScreen(CursesScreen&& other) noexcept;
  CursesScreen& operator=(CursesScreen&& other) noexcept;
  CursesScreen(const CursesScreen&) = delete;
  CursesScreen& operator=(const CursesScreen&) = delete;
  // Ends ncurses (endwin, delscreen), closes the capture and restores the locale and signals.
  ~CursesScreen();

  // Feeds what ncurses wrote since the last read to the terminal and returns those bytes ("" when
  // nothing was refreshed since). Looking at the screen (a ScreenView, terminal()) reads too.
  [[nodiscard]] absl::StatusOr<std::string> ReadOutput();

  // The virtual terminal, every byte written so far decoded (an error reading the capture leaves
  // it as it was; ReadOutput and a view report that error).
  const VirtualTerminal& terminal() const;

  // The screen as the matchers see it: readable, or the capture's read error.
  ScreenView View() const;

  // Resizes as a terminal window does: the virtual terminal first (clipped and padded as xterm
  // does), then ncurses through resizeterm(), which resizes stdscr; what ncurses draws on the
  // next refresh() lands at the new size. Fails on a size out of range or when resizeterm fails.
  absl::Status Resize(int cols, int rows);

  TerminalSize size() const;
  const std::string& term() const;

 private:
  struct Impl;
  explicit CursesScreen(std::unique_ptr<Impl> impl);
  void Close();

  std::unique_ptr<Impl> impl_;
};

// The hook that makes a CursesScreen a ScreenView (snapshot/screen/screen_view.h): screen.View().
inline ScreenView VtsnapScreenView(const CursesScreen& screen) { return screen.View(); }

}  // namespace vtsnap

#endif  // VTSNAP_NCURSES_CURSES_SCREEN_H_
