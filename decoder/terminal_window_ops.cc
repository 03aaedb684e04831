// Terminal's window operations (XTWINOPS, CSI Ps ; Ps ; Ps t): the reports of the window's state,
// position and sizes, the icon and window title reports, and the title stack. vtsnap has no
// window, so it answers from what it has: the text area is cols x rows cells of
// graphics.cell_width x graphics.cell_height pixels (the cells the Sixel plane uses), the window
// is the text area with no border, it sits at 0,0 of a screen exactly its size and is never
// iconified (docs/xterm-deviations.md, "Replies"). The operations that would change the window
// (resize, raise, iconify...) are not performed; a move is only remembered, for 13 to report.
//
// Which operations run follows xterm 379 as Debian builds it: its default disallowedWindowOps
// forbids 1-9, 11, 13, 14, 18-21 (and its check for 16 is the one for 19), so with its default
// resources xterm answers only the screen size in pixels (15) and keeps the title stack (22, 23);
// with allowWindowOps (ReplyProfile::allow_window_ops) it does them all.
#include <cstddef>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "vtsnap/decoder/terminal.h"

namespace vtsnap {
namespace {

// The operations xterm 379 performs with its default resources.
bool AllowedByDefault(int op) { return op == 15 || op == 22 || op == 23; }

}  // namespace

void Terminal::WindowOps(const Sequence& seq) {
  const Params& p = seq.params;
  const int op = p.Get(0, 0);
  if (!options_.replies.allow_window_ops && !AllowedByDefault(op)) return Ignore(seq, "CSI");
  const int text_height = rows_ * cell_height_;
  const int text_width = cols_ * cell_width_;
  switch (op) {
    case 11:  // the window's state: never iconified
      return absl::StrAppend(&replies_, "\x1b[1t");
    case 3:  // move the window: remembered for 13 (a parameter left out is 0)
      window_x_ = p.Get(1, 0);
      window_y_ = p.Get(2, 0);
      return;
    case 13:  // the window's position (13;2: the text area's, the same without a border)
      return absl::StrAppend(&replies_, "\x1b[3;", window_x_, ";", window_y_, "t");
    case 14:  // the text area in pixels (14;2: the whole window, the same without a border)
      return absl::StrAppend(&replies_, "\x1b[4;", text_height, ";", text_width, "t");
    case 15:  // the screen in pixels: the text area
      return absl::StrAppend(&replies_, "\x1b[5;", text_height, ";", text_width, "t");
    case 16:  // a cell in pixels
      return absl::StrAppend(&replies_, "\x1b[6;", cell_height_, ";", cell_width_, "t");
    case 18:  // the text area in characters
      return absl::StrAppend(&replies_, "\x1b[8;", rows_, ";", cols_, "t");
    case 19:  // the screen in characters: the text area
      return absl::StrAppend(&replies_, "\x1b[9;", rows_, ";", cols_, "t");
    case 20:  // the icon title, as an OSC string
      return absl::StrAppend(&replies_, "\x1b]L", TitleReport(icon_title_), "\x1b\\");
    case 21:  // the window title
      return absl::StrAppend(&replies_, "\x1b]l", TitleReport(title_), "\x1b\\");
    case 22:
      return PushTitles(p.Get(1, 0));
    case 23:
      return PopTitles(p.Get(1, 0));
    default:  // operations on a window vtsnap does not have
      return Ignore(seq, "CSI");
  }
}

void Terminal::PushTitles(int which) {
  // What `which` does not name is copied from the entry below (the current title when there is
  // none), as xterm does: 22;1 after 22;0 keeps the window title of the first push.
  const SavedTitles* below = title_stack_.empty() ? nullptr : &title_stack_.back();
  SavedTitles item;
  item.icon = which == 0 || which == 1 || below == nullptr ? icon_title_ : below->icon;
  item.title = which == 0 || which == 2 || below == nullptr ? title_ : below->title;
  title_stack_bytes_ += item.icon.size() + item.title.size();
  title_stack_.push_back(std::move(item));
  // Bounded (xterm 379's is not): the oldest entries go first.
  size_t drop = 0;
  while (title_stack_.size() - drop > 1 && (title_stack_.size() - drop > kMaxSavedTitles ||
                                            title_stack_bytes_ > kMaxSavedTitleBytes)) {
    title_stack_bytes_ -= title_stack_[drop].icon.size() + title_stack_[drop].title.size();
    ++drop;
  }
  title_stack_.erase(title_stack_.begin(), title_stack_.begin() + static_cast<ptrdiff_t>(drop));
}

void Terminal::PopTitles(int which) {
  if (title_stack_.empty()) return;
  SavedTitles& item = title_stack_.back();
  title_stack_bytes_ -= item.icon.size() + item.title.size();
  // 23;0 restores both, 23;1 the icon title, 23;2 the window title; any other value restores
  // neither, but the entry is dropped all the same.
  if (which == 0 || which == 1) icon_title_ = std::move(item.icon);
  if (which == 0 || which == 2) title_ = std::move(item.title);
  title_stack_.pop_back();
}

}  // namespace vtsnap
