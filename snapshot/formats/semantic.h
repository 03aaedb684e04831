// Semantic projection: a terminal's state as reviewable text, `vtsnap-semantic 1`
// (docs/semantic.md).
//
// A golden dump (`ckvision-golden 1`) pins every cell through a style table; the semantic
// projection says the same screen in words a reviewer reads without a key: a few header lines for
// the size, the active buffer, the viewport, the cursor and the modes an app switches on and off,
// then a `text` section (one line per row, soft-wrapped rows marked) and a `styles` section (one
// line per run of non-default style, `3 10-14 bold fg=red`). Text and styles are kept apart so
// that a style-only change never touches a line of `text` and a text-only change never touches a
// line of `styles`.
//
// Two captures: the visible viewport (every row of the screen, blank ones included) and the used
// buffer (the scrollback, then the screen, trimmed after the last row that holds text).
//
//   vtsnap::VirtualTerminal vt({.cols = 20, .rows = 3});
//   vt.Write("\x1b[1;31mError\x1b[m: disk full");
//   absl::StatusOr<vtsnap::SemanticSnapshot> snap = vtsnap::CaptureSemantic(vt);
//   if (!snap.ok()) return snap.status();  // a Frame: no modes, no scrollback
//   std::string text = vtsnap::SerializeSemantic(*snap);
//   // ...text\n0 |Error: disk full\n1 |\n2 |\nstyles\n0 0-4 bold fg=red\n
//   absl::StatusOr<vtsnap::SemanticSnapshot> back = vtsnap::ParseSemantic(text, "x.semantic");
//   assert(back.ok() && *back == *snap);
#ifndef VTSNAP_SNAPSHOT_FORMATS_SEMANTIC_H_
#define VTSNAP_SNAPSHOT_FORMATS_SEMANTIC_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/snapshot/screen/redact.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

// The first line of every projection.
inline constexpr absl::string_view kSemanticHeader = "vtsnap-semantic 1";

// Which rows a projection holds.
enum class SemanticCapture {
  kViewport,  // the rows on screen now, all of them
  kBuffer,    // the scrollback then the screen, trimmed after the last row with text
};
// "viewport" / "buffer", and back (an InvalidArgumentError naming the value otherwise).
absl::string_view SemanticCaptureName(SemanticCapture capture);
[[nodiscard]] absl::StatusOr<SemanticCapture> ParseSemanticCapture(absl::string_view name);

// One row of the `text` section. `row` is 0-based: the screen row in a viewport capture, the
// line's index in the buffer (scrollback first) in a buffer capture.
struct SemanticRow {
  int row = 0;
  // The line above ended in an autowrap: this row continues it (Line::wrapped of that line).
  bool continues = false;
  // The graphemes, a wide character once, trailing blanks trimmed.
  std::string text = {};

  friend bool operator==(const SemanticRow&, const SemanticRow&) = default;
};

// One line of the `styles` section: columns [first_col, last_col] of `row` are drawn with `pen`
// and, when `link` is not empty, link to it. The pen is normalized: an underline colour is kept
// only under an underline.
struct SemanticRun {
  int row = 0;
  int first_col = 0;
  int last_col = 0;
  Pen pen = {};
  std::string link = {};

  friend bool operator==(const SemanticRun&, const SemanticRun&) = default;
};

// The projection as data: what the text says, field by field.
struct SemanticSnapshot {
  SemanticCapture capture = SemanticCapture::kViewport;
  int cols = 0;
  int rows = 0;
  bool alternate = false;  // the active buffer
  // The first visible line's index in the buffer, and how many scrollback lines the buffer has
  // (the alternate buffer has none). vtsnap never scrolls back, so top == scrollback.
  int viewport_top = 0;
  int scrollback = 0;
  // A hidden cursor has no position or shape here. The row is in the capture's rows (a buffer
  // capture counts the scrollback).
  bool cursor_visible = false;
  int cursor_row = 0;
  int cursor_col = 0;
  CursorShape cursor_shape = CursorShape::kBlock;
  // The lifecycle modes.
  bool bracketed_paste = false;                            // ?2004
  MouseTracking mouse_tracking = MouseTracking::kNone;     // ?9 ?1000 ?1002 ?1003
  MouseEncoding mouse_encoding = MouseEncoding::kDefault;  // ?1005 ?1006 ?1015
  bool focus_events = false;                               // ?1004
  bool synchronized_output = false;                        // ?2026
  bool application_cursor_keys = false;                    // ?1 (DECCKM)
  std::vector<SemanticRow> text = {};
  std::vector<SemanticRun> styles = {};

  friend bool operator==(const SemanticSnapshot&, const SemanticSnapshot&) = default;
};

// The projection of a live terminal.
SemanticSnapshot CaptureSemantic(const Terminal& terminal,
                                 SemanticCapture capture = SemanticCapture::kViewport);
// The projection of a screen that has a live terminal behind it (a Terminal, a VirtualTerminal, a
// readable HeadlessTerminal) or a snapshot that kept what it reads (a PtySession's view:
// snapshot/formats/detached_state.h). A Frame holds neither modes nor scrollback:
// FailedPreconditionError naming the source; an unreadable view (a session inside an open
// synchronized frame): its status.
[[nodiscard]] absl::StatusOr<SemanticSnapshot> CaptureSemantic(
    const ScreenView& screen, SemanticCapture capture = SemanticCapture::kViewport);

// The text form (docs/semantic.md). ParseSemantic(SerializeSemantic(s)) == s.
std::string SerializeSemantic(const SemanticSnapshot& snapshot);

// Reads the text form back. Errors are InvalidArgumentError "FILE:LINE:COL: message" (1-based;
// the column in bytes), "LINE:COL: message" when `file` is empty.
[[nodiscard]] absl::StatusOr<SemanticSnapshot> ParseSemantic(absl::string_view text,
                                                             absl::string_view file = "");

// How a colour is written: "red", "bright-blue" (palette 0-15), "196" (16-255), "#ff8000".
std::string SemanticColorName(const PenColor& color);
// The words of a run's style in their fixed order: "bold underline=curly fg=red link=https://x".
std::string SemanticStyleWords(const Pen& pen, absl::string_view link);

// Masks the volatile parts of the `text` section in place (snapshot/screen/redact.h): each row's
// text is laid out into cells and masked as a golden's row would be, then trimmed again; a
// rectangle's rows are the projection's row numbers (a buffer capture counts the scrollback). The
// `styles` section and the header are left alone: a redaction hides what a row says, not how it is
// drawn.
void RedactSemantic(const Redactions& redactions, SemanticSnapshot* snapshot);

// The differences between two projections, "" when they are equal: the header lines that differ,
// then the text section's differences and the styles section's, each a line diff ("-" expected,
// "+" actual) under its own heading, or "text: same" / "styles: same".
std::string DiffSemantic(const SemanticSnapshot& expected, const SemanticSnapshot& actual);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_FORMATS_SEMANTIC_H_
