#include "bench/peers.h"

#include <vterm.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "vtsnap/base/utf8.h"

#ifdef VTSNAP_BENCH_HAVE_LIBTSM
#include <libtsm.h>
#endif

namespace vtsnap::bench {
namespace {

// Trims trailing spaces of every row and drops trailing empty rows, then joins them.
std::string JoinRows(std::vector<std::string> rows) {
  for (std::string& row : rows) {
    while (!row.empty() && row.back() == ' ') row.pop_back();
  }
  while (!rows.empty() && rows.back().empty()) rows.pop_back();
  return absl::StrJoin(rows, "\n");
}

// ---------------------------------------------------------------------------------------------
// libvterm

void DropOutput(const char* /*bytes*/, size_t /*len*/, void* /*user*/) {}

// libvterm keeps no scrollback itself: a client stores the lines it pushes. Counting them is the
// least a client does.
int CountPushedLine(int /*cols*/, const VTermScreenCell* /*cells*/, void* user) {
  ++*static_cast<int64_t*>(user);
  return 1;
}

class Libvterm final : public PeerTerminal {
 public:
  Libvterm(VTerm* vt, TerminalSize size) : vt_(vt), size_(size) {
    vterm_set_utf8(vt_, 1);
    vterm_output_set_callback(vt_, &DropOutput, nullptr);
    callbacks_.sb_pushline = &CountPushedLine;
    screen_ = vterm_obtain_screen(vt_);
    vterm_screen_set_callbacks(screen_, &callbacks_, &pushed_);
    vterm_screen_enable_altscreen(screen_, 1);
    vterm_screen_reset(screen_, 1);
  }
  ~Libvterm() override { vterm_free(vt_); }
  Libvterm(const Libvterm&) = delete;
  Libvterm& operator=(const Libvterm&) = delete;

  void Write(absl::string_view bytes) override {
    vterm_input_write(vt_, bytes.data(), bytes.size());
  }
  void Flush() override { vterm_screen_flush_damage(screen_); }

  std::string ScreenText() override {
    std::vector<std::string> rows;
    for (int r = 0; r < size_.rows; ++r) {
      std::string row;
      for (int c = 0; c < size_.cols; ++c) {
        VTermScreenCell cell = {};
        vterm_screen_get_cell(screen_, VTermPos{.row = r, .col = c}, &cell);
        if (cell.chars[0] == static_cast<uint32_t>(-1)) continue;  // the right half of a wide char
        if (cell.chars[0] == 0) {
          row.push_back(' ');
          continue;
        }
        for (int i = 0; i < VTERM_MAX_CHARS_PER_CELL && cell.chars[i] != 0; ++i) {
          AppendUtf8(cell.chars[i], &row);
        }
      }
      rows.push_back(std::move(row));
    }
    return JoinRows(std::move(rows));
  }

 private:
  VTerm* vt_;
  TerminalSize size_;
  VTermScreen* screen_ = nullptr;
  VTermScreenCallbacks callbacks_ = {};
  int64_t pushed_ = 0;
};

#ifdef VTSNAP_BENCH_HAVE_LIBTSM
// ---------------------------------------------------------------------------------------------
// libtsm

void DropTsmOutput(tsm_vte* /*vte*/, const char* /*u8*/, size_t /*len*/, void* /*data*/) {}

// tsm_screen_draw calls this once per cell of the visible screen, row by row. The right half of a
// wide character has width 0; an empty or blank cell has len 0.
int AppendCell(tsm_screen* /*screen*/, uint64_t /*id*/, const uint32_t* ch, size_t len,
               unsigned int width, unsigned int /*posx*/, unsigned int posy,
               const tsm_screen_attr* /*attr*/, tsm_age_t /*age*/, void* data) {
  auto* rows = static_cast<std::vector<std::string>*>(data);
  if (posy >= rows->size()) rows->resize(posy + 1);
  std::string& row = (*rows)[posy];
  if (width == 0) return 0;
  if (len == 0) {
    row.push_back(' ');
    return 0;
  }
  for (size_t i = 0; i < len; ++i) AppendUtf8(ch[i], &row);
  return 0;
}

class Libtsm final : public PeerTerminal {
 public:
  Libtsm(tsm_screen* screen, tsm_vte* vte) : screen_(screen), vte_(vte) {}
  ~Libtsm() override {
    tsm_vte_unref(vte_);
    tsm_screen_unref(screen_);
  }
  Libtsm(const Libtsm&) = delete;
  Libtsm& operator=(const Libtsm&) = delete;

  void Write(absl::string_view bytes) override { tsm_vte_input(vte_, bytes.data(), bytes.size()); }

  std::string ScreenText() override {
    std::vector<std::string> rows;
    tsm_screen_draw(screen_, &AppendCell, &rows);
    return JoinRows(std::move(rows));
  }

 private:
  tsm_screen* screen_;
  tsm_vte* vte_;
};
#endif  // VTSNAP_BENCH_HAVE_LIBTSM

}  // namespace

absl::StatusOr<std::unique_ptr<PeerTerminal>> NewLibvterm(TerminalSize size) {
  VTerm* vt = vterm_new(size.rows, size.cols);
  if (vt == nullptr) return absl::InternalError("vterm_new failed");
  return std::make_unique<Libvterm>(vt, size);
}

bool HaveLibtsm() {
#ifdef VTSNAP_BENCH_HAVE_LIBTSM
  return true;
#else
  return false;
#endif
}

absl::StatusOr<std::unique_ptr<PeerTerminal>> NewLibtsm(TerminalSize size) {
#ifdef VTSNAP_BENCH_HAVE_LIBTSM
  tsm_screen* screen = nullptr;
  if (const int err = tsm_screen_new(&screen, nullptr, nullptr); err != 0) {
    return absl::InternalError(absl::StrCat("tsm_screen_new failed (", err, ")"));
  }
  if (const int err = tsm_screen_resize(screen, static_cast<unsigned>(size.cols),
                                        static_cast<unsigned>(size.rows));
      err != 0) {
    tsm_screen_unref(screen);
    return absl::InternalError(absl::StrCat("tsm_screen_resize failed (", err, ")"));
  }
  tsm_screen_set_max_sb(screen, kPeerScrollbackLines);
  tsm_vte* vte = nullptr;
  if (const int err = tsm_vte_new(&vte, screen, &DropTsmOutput, nullptr, nullptr, nullptr);
      err != 0) {
    tsm_screen_unref(screen);
    return absl::InternalError(absl::StrCat("tsm_vte_new failed (", err, ")"));
  }
  return std::make_unique<Libtsm>(screen, vte);
#else
  (void)size;
  return absl::UnimplementedError("this build has no libtsm (pkg-config libtsm found nothing)");
#endif
}

}  // namespace vtsnap::bench
