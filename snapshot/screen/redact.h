// Redactions: masking the volatile parts of a screen (clocks, PIDs, spinners, temp paths) before a
// frame is compared with its golden and before it is written as one.
//
// A redaction is a RE2 pattern matched against each row's text or a rectangle of cells. Every
// masked cell becomes the mask character ("#" by default) in the default style, so columns stay
// aligned and the golden shows where something was masked. A masked wide character becomes two
// mask cells; a match that covers part of a grapheme's bytes masks the whole cell. Links, the
// cursor and rasters are left alone.
//
// Apply works on both kinds of Frame (snapshot/screen/frame.h) and gives the same result on a
// captured frame and on the frame parsed from its golden: a parsed row's text is laid out into
// cells the way the terminal lays it out with the default WidthPolicy (grapheme clusters, pinned
// East Asian widths from decoder/width.h, ambiguous characters narrow, VS16 not widening). A golden
// captured with another policy can be masked a column off in its parsed form; its captured frame is
// exact.
//
// Example:
//   vtsnap::Redactions redactions;
//   if (absl::Status s = redactions.AddPattern(R"(\d\d:\d\d:\d\d)"); !s.ok()) return s;
//   redactions.AddRect(/*col=*/0, /*row=*/1, /*cols=*/1, /*rows=*/1);  // the spinner
//   vtsnap::VirtualTerminal vt({.cols = 20, .rows = 2});
//   vt.Write("up 12:34:56\r\n|");
//   vtsnap::Frame frame = vtsnap::CaptureFrame(vt);
//   redactions.Apply(&frame);
//   // frame.RowText(0) == "up ########         ", frame.RowText(1)[0] == '#'
#ifndef VTSNAP_SNAPSHOT_SCREEN_REDACT_H_
#define VTSNAP_SNAPSHOT_SCREEN_REDACT_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace re2 {
class RE2;
}  // namespace re2

namespace vtsnap {

// A set of redactions. Copies share the compiled patterns (immutable, safe to use from several
// threads at once).
class Redactions {
 public:
  Redactions();
  Redactions(const Redactions&);
  Redactions& operator=(const Redactions&);
  Redactions(Redactions&&) noexcept;
  Redactions& operator=(Redactions&&) noexcept;
  ~Redactions();

  // Adds a RE2 pattern (UTF-8) matched against each row's text, all non-overlapping matches from
  // the left; every cell a match touches is masked. Each pattern sees the row's original text, so
  // patterns never see each other's masks. Empty matches mask nothing. A pattern with a group
  // named `redact` masks only what that group matched, so the rest of the match is context that
  // stays visible: `pid (?P<redact>\d+)` masks the number of "pid 4242" and keeps "pid " (a match
  // where the group took no part masks nothing). An invalid pattern is an InvalidArgumentError
  // with the pattern and RE2's error, and adds nothing. Named presets for clocks, dates, sizes and
  // the like are in snapshot/screen/redact_presets.h.
  [[nodiscard]] absl::Status AddPattern(absl::string_view pattern);

  // Adds a rectangle of `cols` x `rows` cells from (`col`, `row`) (0-based), clipped to the frame
  // when applied; a rectangle covering half of a wide character masks all of it. A rectangle with
  // no positive area masks nothing.
  void AddRect(int col, int row, int cols, int rows);

  // OK when `mask` is one printable code point of width 1 in UTF-8 (not a control, not a combining
  // or wide character); otherwise an InvalidArgumentError naming it. Check user input with this
  // before set_mask.
  [[nodiscard]] static absl::Status ValidateMask(absl::string_view mask);

  // Sets the mask character (default "#"). A mask that ValidateMask refuses would misalign the
  // columns, so Apply then uses "#".
  void set_mask(std::string mask);
  const std::string& mask() const { return mask_; }

  // True when there is no pattern and no rectangle.
  bool empty() const;

  // The patterns as added, for messages ("redacted: \d+, rect 0 1 1x1").
  std::vector<std::string> patterns() const;

  // Masks `frame` in place. A captured frame (frame->has_graphemes()) gets mask graphemes of width
  // 1 in its masked cells; a parsed frame gets its row_text rewritten and its masked columns'
  // styles reset.
  void Apply(Frame* frame) const;

 private:
  struct Rect {
    int col = 0;
    int row = 0;
    int cols = 0;
    int rows = 0;
  };

  std::vector<std::shared_ptr<const re2::RE2>> patterns_;
  std::vector<Rect> rects_;
  std::string mask_ = "#";
};

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_SCREEN_REDACT_H_
