// ScreenView: one read-only view of a screen, whichever object shows it.
//
// A Terminal, a VirtualTerminal, a HeadlessTerminal, a PtySession and a Frame all convert to a
// ScreenView, so a function taking `const vtsnap::ScreenView&` accepts any of them, and capture,
// the format writers and every matcher have one overload. A view has the screen's size, its cells
// (grapheme, width and style), the cursor, the hyperlink runs, the raster records, the pixel plane
// where there is one, and which buffer is active; or, when the screen cannot be read now (a
// HeadlessTerminal inside a synchronized frame or after a presenter-profile violation, a PtySession
// inside an open synchronized frame), the reason, as status().
//
//   void ExpectMenuBar(const vtsnap::ScreenView& screen) {
//     ASSERT_TRUE(screen.status().ok()) << screen.status();
//     EXPECT_EQ(screen.RowText(0), "File Edit");
//   }
//   vtsnap::VirtualTerminal vt({.cols = 9, .rows = 2});
//   vt.Write("File Edit");
//   ExpectMenuBar(vt);  // or a Terminal, a HeadlessTerminal, a PtySession, a Frame
//
// A view of a Terminal, a VirtualTerminal or a HeadlessTerminal reads through to it: keep the
// terminal alive and unchanged while the view is used (like absl::string_view). Its Frame is
// captured on the first call that needs one and kept (a view is not safe to share between threads
// while that happens). A PtySession's view is a consistent snapshot taken under the session's lock:
// it owns its Frame and plane, and what the semantic projection and the theme check read beyond a
// Frame (snapshot/formats/detached_state.h), so they answer for it as for a live terminal. Any
// other type becomes a screen by declaring, in its own namespace, a function `vtsnap::ScreenView
// VtsnapScreenView(const T&)` that builds one with ScreenView::Snapshot (found by
// argument-dependent lookup, as pty/pty_session.h does).
#ifndef VTSNAP_SNAPSHOT_SCREEN_SCREEN_VIEW_H_
#define VTSNAP_SNAPSHOT_SCREEN_SCREEN_VIEW_H_

#include <concepts>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace vtsnap {

class Terminal;
class VirtualTerminal;
class HeadlessTerminal;
class ScreenView;
struct DetachedTerminalState;  // snapshot/formats/detached_state.h

namespace screen_view_internal {
// A type with a VtsnapScreenView hook (see the file comment).
template <typename T>
concept HasScreenViewHook = requires(const T& screen) {
  { VtsnapScreenView(screen) } -> std::same_as<ScreenView>;
};
}  // namespace screen_view_internal

class ScreenView {
 public:
  // Implicit by design: a `const ScreenView&` parameter accepts every kind of screen.
  // NOLINTBEGIN(google-explicit-constructor): implicit by design (above)
  ScreenView(const Frame& frame);
  ScreenView(const Terminal& terminal);
  ScreenView(const VirtualTerminal& vt);
  ScreenView(const HeadlessTerminal& terminal);
  template <typename T>
  requires screen_view_internal::HasScreenViewHook<T> ScreenView(const T& screen)
      : ScreenView(VtsnapScreenView(screen)) {}
  // NOLINTEND(google-explicit-constructor)

  // A view that owns what it shows: `frame` (or why the screen cannot be read), the pixel plane
  // when the screen has one, whether the alternate buffer was active and, when the snapshot was
  // taken from a live terminal, that terminal's DetachedTerminalState (for the semantic projection
  // and the theme check). `source` names the kind of screen in messages ("PtySession").
  static ScreenView Snapshot(std::string source, absl::StatusOr<Frame> frame,
                             std::optional<RgbaPlane> plane = std::nullopt,
                             bool alternate_screen = false,
                             std::shared_ptr<const DetachedTerminalState> state = nullptr);

  // OK when the screen can be read; otherwise why not. The accessors below need it OK: on an
  // unreadable view they describe an empty 0x0 screen.
  const absl::Status& status() const { return status_; }
  bool readable() const { return status_.ok(); }
  // The kind of screen behind the view, for messages: "Frame", "Terminal", "VirtualTerminal",
  // "HeadlessTerminal", "PtySession" or a Snapshot's source.
  absl::string_view source() const { return source_; }

  int cols() const;
  int rows() const;
  // The whole picture: cells, cursor, links and raster records (docs/golden-format.md).
  const Frame& frame() const;
  const Cell& cell(int col, int row) const { return frame().cell(col, row); }
  const Cursor& cursor() const { return frame().cursor; }
  // Row `row` as a golden's grid line holds it (every column, trailing blanks kept).
  std::string RowText(int row) const { return frame().RowText(row); }
  const std::vector<LinkRun>& links() const { return frame().links; }
  const std::vector<RasterRecord>& rasters() const { return frame().rasters; }
  // Whether the alternate screen buffer (?1049h and friends) is the one shown.
  bool alternate_screen() const { return alternate_screen_; }
  // The pixel plane (cols * cell width by rows * cell height, transparent where nothing is drawn)
  // when the screen has one: a terminal always does; a Frame does not (its rasters are records).
  bool has_plane() const;
  [[nodiscard]] absl::StatusOr<RgbaPlane> plane() const;

  // The live decoder behind the view (nullptr for a Frame or a snapshot): for what a picture does
  // not hold (the state dump, snapshot/formats/state_json.h) and for fast paths (the golden
  // writer).
  const Terminal* terminal() const { return terminal_; }
  // What a snapshot kept of the terminal it was taken from (nullptr for a live view, a Frame, or a
  // snapshot taken without it).
  const DetachedTerminalState* detached_state() const { return detached_state_.get(); }

  // "80x24 screen (VirtualTerminal)", or "unreadable HeadlessTerminal: <why>".
  std::string Describe() const;

 private:
  ScreenView() = default;

  std::string source_;
  absl::Status status_;
  const Terminal* terminal_ = nullptr;  // a live terminal
  const Frame* frame_ = nullptr;        // a Frame the caller owns
  // A snapshot's frame, or the one captured from terminal_ on first use; shared between copies.
  mutable std::shared_ptr<const Frame> owned_frame_;
  std::shared_ptr<const RgbaPlane> owned_plane_;
  std::shared_ptr<const DetachedTerminalState> detached_state_;
  bool alternate_screen_ = false;
};

// A screen in test messages: the size and source, each row between '|', then the cursor; or why
// the screen cannot be read. One printer for every kind of screen (GoogleTest finds it for each).
void PrintScreen(const ScreenView& screen, std::ostream* os);

// The framed rows PrintScreen writes: every row padded to the width between '|' delimiters, each
// line indented two spaces, then "  cursor COL ROW SHAPE" or "  cursor hidden" (no newline at the
// end). The one picture of a screen in every message (matchers, PtySession timeouts, vtsnap run).
std::string FramedRows(const Frame& frame);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_SCREEN_SCREEN_VIEW_H_
