#include "examples/presenter_app/app.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace presenter_app {
namespace {

constexpr Style kMenuBar = {.fg = Color::Rgb(0xFF, 0xFF, 0xFF), .bg = Color::Rgb(0x1F, 0x3A, 0x5F)};
constexpr Style kMenuBarOpen = {.fg = kMenuBar.fg, .bg = kMenuBar.bg, .reverse = true};
constexpr Style kStatusBar = {.fg = Color::Palette(252), .bg = Color::Palette(238)};
constexpr Style kText = {};
constexpr Style kTitle = {.bold = true};
constexpr Style kLink = {.fg = Color::Palette(39), .underline = true};
constexpr Style kMarker = {.fg = Color::Palette(3), .italic = true};
constexpr Style kMenuBox = {.fg = Color::Palette(250), .bg = Color::Palette(235)};
constexpr Style kMenuHighlight = {
    .fg = Color::Rgb(0xFF, 0xFF, 0xFF), .bg = Color::Rgb(0x2E, 0x6D, 0xB4), .bold = true};
constexpr Style kDialog = {.fg = Color::Palette(15), .bg = Color::Palette(88)};
constexpr Style kDialogFocus = {.fg = kDialog.fg, .bg = kDialog.bg, .reverse = true};

constexpr Style kFallback = {.fg = Color::Palette(244), .bg = Color::Palette(236)};

constexpr char kUrl[] = "https://example.com/notes";
constexpr int kDraftRow = 4;
constexpr int kMarkerRow = 5;
const char* const kMenuItems[] = {"New", "Open…", "Quit"};
constexpr int kMenuItemCount = 3;

struct Rect {
  int col;
  int row;
  int cols;
  int rows;
  bool Contains(int c, int r) const {
    return c >= col && c < col + cols && r >= row && r < row + rows;
  }
};

constexpr Rect kFileLabel = {1, 0, 4, 1};  // the word "File" in the menu bar
constexpr Rect kMenu = {0, 1, 9, kMenuItemCount + 2};

// The viewer: a viewport of rows, the picture at a column inside it.
constexpr int kViewportTop = 2;
constexpr int kViewportRows = 8;
constexpr int kPictureCol = 6;
constexpr int kPictureCols = 4;
constexpr int kPictureRows = 8;

// The viewport's last row + 1: above the status bar.
int ViewportEnd(int rows) { return std::min(kViewportTop + kViewportRows, rows - 1); }

Rect Dialog(int cols, int rows) {
  constexpr int kCols = 28;
  constexpr int kRows = 5;
  return {std::max((cols - kCols) / 2, 0), std::max((rows - kRows) / 2, 0), kCols, kRows};
}
Rect DiscardButton(const Rect& dialog) { return {dialog.col + 2, dialog.row + 3, 11, 1}; }
Rect CancelButton(const Rect& dialog) { return {dialog.col + 15, dialog.row + 3, 10, 1}; }

// A single-line box filled with `style`.
void DrawBox(Surface& s, const Rect& r, const Style& style) {
  std::string rule;
  for (int i = 2; i < r.cols; ++i) rule += "─";
  s.Put(r.col, r.row, "┌" + rule + "┐", style);
  for (int row = r.row + 1; row < r.row + r.rows - 1; ++row) {
    s.Put(r.col, row, "│", style);
    s.Fill(r.col + 1, row, r.cols - 2, style);
    s.Put(r.col + r.cols - 1, row, "│", style);
  }
  s.Put(r.col, r.row + r.rows - 1, "└" + rule + "┘", style);
}

}  // namespace

const Image& Picture() {
  static const Image* const picture = [] {
    static constexpr uint8_t kLevels[] = {0, 51, 102, 153, 204, 255};
    auto* image = new Image{
        .width = kPictureCols * kCellWidth, .height = kPictureRows * kCellHeight, .rgba = {}};
    for (int y = 0; y < image->height; ++y) {
      for (int x = 0; x < image->width; ++x) {
        const int band = y / kCellHeight;   // a band of colour per cell row ...
        const int stripe = x / kCellWidth;  // ... shaded per cell column
        image->rgba.push_back(kLevels[(band + 1) % 6]);
        image->rgba.push_back(kLevels[(stripe + band / 2) % 6]);
        image->rgba.push_back(kLevels[5 - band % 6]);
        image->rgba.push_back(255);
      }
    }
    return image;
  }();
  return *picture;
}

App::App(Host* host, AppOptions options)
    : host_(host),
      cols_(std::max(options.cols, 1)),
      rows_(std::max(options.rows, 1)),
      presenter_([&options] {
        options.presenter.sixel = options.sixel;
        return std::move(options.presenter);
      }()),
      surface_(cols_, rows_) {
  Compose();
}

void App::Step() {
  std::vector<std::function<void()>> due;
  due.swap(posted_);  // work posted from now on waits for the next step
  pending_input_ += host_->ReadInput();
  std::vector<Event> events;
  pending_input_.erase(0, ParseInput(pending_input_, &events));
  for (const Event& event : events) Handle(event);
  for (const std::function<void()>& work : due) work();
  Compose();
  const std::string bytes = presenter_.Present(surface_);
  if (!bytes.empty()) host_->Write(bytes);
}

void App::Resize(int cols, int rows) {
  cols_ = std::max(cols, 1);
  rows_ = std::max(rows, 1);
  presenter_.ScreenResized();
}

void App::Handle(const Event& event) {
  if (dialog_open_) return HandleDialog(event);
  if (menu_open_) return HandleMenu(event);
  if (viewer_open_) {
    switch (event.key) {
      case Key::kDown:
      case Key::kPageDown:
        scroll_ = std::min(scroll_ + 1, kPictureRows - 1);
        return;
      case Key::kUp:
      case Key::kPageUp:
        scroll_ = std::max(scroll_ - 1, 0);
        return;
      case Key::kChar:
      case Key::kBackspace:
        return;  // nothing to type into
      default:
        break;
    }
  }
  switch (event.key) {
    case Key::kF2:
      viewer_open_ = !viewer_open_;
      break;
    case Key::kChar:
      if (CodePointWidth(event.ch) > 0) {
        AppendUtf8(event.ch, &draft_);
        modified_ = true;
      }
      break;
    case Key::kBackspace:
      if (draft_.empty()) break;
      while ((draft_.back() & 0xC0) == 0x80) draft_.pop_back();  // UTF-8 continuation bytes
      draft_.pop_back();
      modified_ = true;
      break;
    case Key::kF10:
    case Key::kAltF:
      OpenMenu();
      break;
    case Key::kMousePress:
      if (kFileLabel.Contains(event.col, event.row)) OpenMenu();
      break;
    case Key::kCtrlQ:
      Quit();
      break;
    default:
      break;
  }
}

void App::HandleMenu(const Event& event) {
  switch (event.key) {
    case Key::kUp:
      menu_item_ = (menu_item_ + kMenuItemCount - 1) % kMenuItemCount;
      break;
    case Key::kDown:
      menu_item_ = (menu_item_ + 1) % kMenuItemCount;
      break;
    case Key::kEnter:
      Activate(menu_item_);
      break;
    case Key::kEscape:
    case Key::kF10:
      menu_open_ = false;
      break;
    case Key::kCtrlQ:
      menu_open_ = false;
      Quit();
      break;
    case Key::kMousePress: {
      const int item = event.row - kMenu.row - 1;
      if (kMenu.Contains(event.col, event.row) && item >= 0 && item < kMenuItemCount) {
        Activate(item);
      } else {
        menu_open_ = false;  // a click on "File" or elsewhere closes the menu
      }
      break;
    }
    default:
      break;
  }
}

void App::HandleDialog(const Event& event) {
  const Rect dialog = Dialog(cols_, rows_);
  switch (event.key) {
    case Key::kTab:
    case Key::kBackTab:
    case Key::kLeft:
    case Key::kRight:
      dialog_focus_ = 1 - dialog_focus_;  // two buttons: every move goes to the other
      break;
    case Key::kEnter:
      Choose(dialog_focus_);
      break;
    case Key::kEscape:
      Choose(1);
      break;
    case Key::kMousePress:
      if (DiscardButton(dialog).Contains(event.col, event.row)) Choose(0);
      if (CancelButton(dialog).Contains(event.col, event.row)) Choose(1);
      break;
    default:
      break;
  }
}

void App::OpenMenu() {
  menu_open_ = true;
  menu_item_ = 0;
}

void App::Activate(int item) {
  menu_open_ = false;
  if (item == 0) {  // New
    draft_.clear();
    modified_ = false;
  } else if (item == 2) {  // Quit
    Quit();
  }
}

void App::Quit() {
  if (!modified_) {
    quit_requested_ = true;
    return;
  }
  dialog_open_ = true;
  dialog_focus_ = 1;
  ++dialog_opened_;
}

void App::Choose(int button) {
  if (button == 0) quit_requested_ = true;
  // Like a toolkit's deferred detach: the dialog goes away on the next step.
  Post([this, opened = dialog_opened_] {
    if (opened == dialog_opened_) dialog_open_ = false;
  });
}

void App::Compose() {
  Surface s(cols_, rows_);
  s.Fill(0, 0, cols_, kMenuBar);
  s.Put(0, 0, " File  Edit  Help ", kMenuBar);
  if (menu_open_) s.Put(0, 0, " File ", kMenuBarOpen);

  int draft_end = 0;
  if (viewer_open_) {
    ComposeViewer(s);
  } else {
    s.Put(0, 1, " Notes", kTitle);
    s.Put(0, 2, " - buy 寿司 for lunch", kText);
    s.Put(s.Put(0, 3, " Docs: ", kText), 3, kUrl, kLink, kUrl);
    draft_end = s.Put(s.Put(0, kDraftRow, " > ", kText), kDraftRow, draft_, kText);
    if (modified_) s.Put(0, kMarkerRow, " Unsaved changes", kMarker);
  }

  s.Fill(0, rows_ - 1, cols_, kStatusBar);
  s.Put(0, rows_ - 1, " F10 menu  ^Q quit", kStatusBar);

  if (menu_open_) {
    DrawBox(s, kMenu, kMenuBox);
    for (int i = 0; i < kMenuItemCount; ++i) {
      const int row = kMenu.row + 1 + i;
      if (i == menu_item_) s.Fill(kMenu.col + 1, row, kMenu.cols - 2, kMenuHighlight);
      s.Put(kMenu.col + 2, row, kMenuItems[i], i == menu_item_ ? kMenuHighlight : kMenuBox);
    }
  }
  if (dialog_open_) {
    const Rect dialog = Dialog(cols_, rows_);
    DrawBox(s, dialog, kDialog);
    s.Put(dialog.col + 2, dialog.row + 1, "Discard unsaved changes?", kDialog);
    const Rect discard = DiscardButton(dialog);
    const Rect cancel = CancelButton(dialog);
    s.Put(discard.col, discard.row, "[ Discard ]", dialog_focus_ == 0 ? kDialogFocus : kDialog);
    s.Put(cancel.col, cancel.row, "[ Cancel ]", dialog_focus_ == 1 ? kDialogFocus : kDialog);
  }

  if (viewer_open_) RecordPicture(s);

  // The cursor sits after the draft while typing, when that is on the screen.
  const bool editing = !menu_open_ && !dialog_open_ && !viewer_open_;
  s.set_cursor({.visible = editing && kDraftRow < rows_ - 1 && draft_end < cols_,
                .col = draft_end,
                .row = kDraftRow});
  if (!s.cursor().visible) s.set_cursor({});
  surface_ = std::move(s);
}

void App::ComposeViewer(Surface& s) const {
  s.Put(0, 1, " Viewer  F2 back  pgup/pgdn", kTitle);
  const int end = ViewportEnd(rows_);
  if (kViewportTop < end) {
    s.Put(12, kViewportTop,
          "row " + std::to_string(scroll_) + " of " + std::to_string(kPictureRows), kText);
  }
  for (int row = kViewportTop; row < end; ++row) {
    const int picture_row = row - kViewportTop + scroll_;
    if (picture_row >= kPictureRows) break;
    for (int c = 0; c < kPictureCols; ++c) s.Put(kPictureCol + c, row, "▒", kFallback);
  }
}

void App::RecordPicture(Surface& s) const {
  // The overlays drawn over the viewport.
  std::vector<Rect> covers;
  if (menu_open_) covers.push_back(kMenu);
  if (dialog_open_) covers.push_back(Dialog(cols_, rows_));
  const auto visible = [&](int col, int row) {
    return col < cols_ && std::none_of(covers.begin(), covers.end(),
                                       [&](const Rect& r) { return r.Contains(col, row); });
  };
  // Each row's runs of visible picture cells; a run that continues one of the row above with the
  // same columns extends that rectangle, any other starts a new one.
  std::vector<Rect> open;
  std::vector<Rect> slices;
  const int end = ViewportEnd(rows_);
  for (int row = kViewportTop; row < end; ++row) {
    if (row - kViewportTop + scroll_ >= kPictureRows) break;
    std::vector<Rect> next;
    for (int col = kPictureCol; col < kPictureCol + kPictureCols;) {
      if (!visible(col, row)) {
        ++col;
        continue;
      }
      int run_end = col + 1;
      while (run_end < kPictureCol + kPictureCols && visible(run_end, row)) ++run_end;
      Rect run = {col, row, run_end - col, 1};
      for (auto it = open.begin(); it != open.end(); ++it) {
        if (it->col == run.col && it->cols == run.cols) {
          run = {it->col, it->row, it->cols, it->rows + 1};
          open.erase(it);
          break;
        }
      }
      next.push_back(run);
      col = run_end;
    }
    slices.insert(slices.end(), open.begin(), open.end());  // not continued: closed
    open = std::move(next);
  }
  slices.insert(slices.end(), open.begin(), open.end());
  std::sort(slices.begin(), slices.end(), [](const Rect& a, const Rect& b) {
    return std::pair(a.row, a.col) < std::pair(b.row, b.col);
  });
  int id = 0;
  for (const Rect& r : slices) {
    const int picture_col = r.col - kPictureCol;
    const int picture_row = r.row - kViewportTop + scroll_;
    Image pixels = CropImage(Picture(), picture_col * kCellWidth, picture_row * kCellHeight,
                             r.cols * kCellWidth, r.rows * kCellHeight);
    s.AddRaster({.id = ++id,
                 .col = r.col,
                 .row = r.row,
                 .cols = r.cols,
                 .rows = r.rows,
                 .pixel_width = pixels.width,
                 .pixel_height = pixels.height,
                 .hash = RasterHash(pixels),
                 .pixels = std::move(pixels)});
  }
}

}  // namespace presenter_app
