// Terminal: the xterm-profile screen model. It receives parser actions (it is a ParserHandler) and
// keeps what a user of xterm would see: primary and alternate screens, scrollback, the cursor,
// scroll region, modes, tab stops, charsets, the pen, hyperlinks, title and clipboard, and, with
// graphics on, the pixels Sixel images painted (one RGBA plane over the whole screen;
// docs/sixel.md).
//
// Most users go through VirtualTerminal (decoder/virtual_terminal.h), which pairs a Parser with a
// Terminal. Every known difference from xterm is listed in docs/xterm-deviations.md.
//
//   vtsnap::Parser parser;
//   vtsnap::Terminal term({.cols = 20, .rows = 5});
//   parser.Feed("\x1b[31mred\x1b[m", term);
//   const vtsnap::ScreenCell& c = term.cell(0, 0);             // 'r'
//   bool red = term.pen(c.pen).fg == vtsnap::PenColor::Palette(1);
#ifndef VTSNAP_DECODER_TERMINAL_H_
#define VTSNAP_DECODER_TERMINAL_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/base/attributes.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/cursor_shape.h"
#include "vtsnap/decoder/parser.h"
#include "vtsnap/decoder/sixel.h"
#include "vtsnap/decoder/terminal_colors.h"
#include "vtsnap/decoder/terminal_options.h"
#include "vtsnap/decoder/width.h"

namespace vtsnap {

// A colour as the program set it: the default, a palette index (0-255; SGR 30-37 and 90-97 are
// 0-15) or a direct RGB value. The three stay distinct.
struct PenColor {
  enum class Kind : uint8_t { kDefault, kPalette, kRgb };
  Kind kind = Kind::kDefault;
  uint32_t value = 0;  // the index, or 0xRRGGBB

  static PenColor Default() { return {}; }
  static PenColor Palette(int index) { return {Kind::kPalette, static_cast<uint32_t>(index)}; }
  static PenColor Rgb(int r, int g, int b) {
    return {Kind::kRgb, static_cast<uint32_t>((r << 16) | (g << 8) | b)};
  }
  bool is_default() const { return kind == Kind::kDefault; }
  friend bool operator==(const PenColor&, const PenColor&) = default;
};

enum class UnderlineStyle : uint8_t { kNone, kSingle, kDouble, kCurly, kDotted, kDashed };

// Attribute bits of a Pen.
enum PenAttr : uint16_t {
  kAttrBold = 1 << 0,
  kAttrDim = 1 << 1,
  kAttrItalic = 1 << 2,
  kAttrBlink = 1 << 3,
  kAttrReverse = 1 << 4,
  kAttrInvisible = 1 << 5,
  kAttrStrike = 1 << 6,
  kAttrOverline = 1 << 7,
};

// The graphic rendition cells are drawn with.
struct Pen {
  PenColor fg = {};
  PenColor bg = {};
  PenColor underline_color = {};
  uint16_t attrs = 0;
  UnderlineStyle underline = UnderlineStyle::kNone;

  bool has(PenAttr a) const { return (attrs & a) != 0; }
  friend bool operator==(const Pen&, const Pen&) = default;
  template <typename H>
  friend H AbslHashValue(H h, const Pen& p) {
    // Packed into three words: pens are hashed each time SGR changes the pen.
    auto word = [](const PenColor& c) {
      return uint64_t{c.value} | uint64_t{static_cast<uint8_t>(c.kind)} << 32;
    };
    return H::combine(std::move(h), word(p.fg), word(p.bg),
                      word(p.underline_color) | uint64_t{p.attrs} << 40 |
                          uint64_t{static_cast<uint8_t>(p.underline)} << 56);
  }
};

// One cell of a screen line. A wide character occupies its cell (width 2) and the continuation
// cell to its right (width 0, ch 0). Sixteen bytes: the code point, width and written flag share
// one word, and styles, graphemes and hyperlinks are ids into the terminal's interned tables
// (docs/performance.md).
struct ScreenCell {
  char32_t ch : 21 = U' ';  // the first code point of the grapheme; 0 in a continuation cell
  uint32_t width : 2 = 1;   // 1, 2, or 0 for a continuation cell
  // 0 for a cell no program action has set since the terminal made it (at start, after RIS, or
  // when a resize pads the screen); printing, erasing, scrolling in a blank line and clearing the
  // alternate screen all write cells. The state dump shows an unwritten cell as `null`.
  uint32_t written : 1 = 0;
  // What xterm calls a drawn cell (CHARDRAWN), which DECRQCRA's checksum counts even when blank
  // (terminal_checksum.cc): set by printing, by erasing that stops short of the line's end (EL 1,
  // ECH) and by the blanks ICH inserts; not by erasing to the end of a line, ED, or scrolling.
  uint32_t drawn : 1 = 0;
  // Erased while the pen had a foreground colour: the blank keeps only the background (BCE), but
  // xterm keeps a flag for the foreground too, and DECRQCRA's checksum counts such a blank.
  uint32_t erased_with_fg : 1 = 0;
  // Printed while character protection was on (DECSCA 1, or between SPA and EPA): which erases
  // leave the cell alone depends on Terminal's protection mode (Terminal::ProtectionApplies,
  // Terminal::IsProtected; terminal_protection.cc). Not visible: no snapshot shows it.
  uint32_t protect : 1 = 0;
  uint32_t cluster = 0;  // nonzero: the whole grapheme is Terminal::cluster(cluster)
  uint32_t pen = 0;      // Terminal::pen(pen); 0 is the default pen
  uint32_t link = 0;     // Terminal::hyperlink(link); 0 is none

  bool is_continuation() const { return width == 0; }
};
static_assert(sizeof(ScreenCell) == 16, "a cell is 16 bytes (docs/performance.md)");

struct Line {
  std::vector<ScreenCell> cells = {};
  bool wrapped = false;  // the text continues on the next line (autowrap happened here)
  // The line's strip of the pixel plane: cell_height rows of cols*cell_width RGBA pixels, row
  // after row; empty when no image painted this line (Terminal::CopyPixelPlane reads it whole).
  std::vector<uint8_t> pixels = {};
};

enum class MouseTracking : uint8_t { kNone, kX10, kNormal, kButtonEvent, kAnyEvent };
enum class MouseEncoding : uint8_t { kDefault, kUtf8, kSgr, kUrxvt };

struct Modes {
  bool insert = false;            // IRM (SM 4)
  bool linefeed_newline = false;  // LNM (SM 20)
  // KAM (SM 2) and SRM (SM 12) are kept for DECRQM only: vtsnap neither locks the keyboard nor
  // echoes typed keys (docs/xterm-deviations.md, "Replies").
  bool keyboard_locked = false;  // KAM
  bool send_receive = true;      // SRM: set (no local echo), xterm's default
  bool origin = false;           // DECOM (?6)
  bool autowrap = true;          // DECAWM (?7)
  bool reverse_wrap = false;     // ?45: with DECAWM, BS and CUB go back past the left margin
  bool cursor_keys_application = false;  // DECCKM (?1)
  bool keypad_application = false;       // DECKPAM / DECKPNM (ESC = / ESC >), DECNKM (?66)
  bool reverse_video = false;            // DECSCNM (?5)
  bool bracketed_paste = false;          // ?2004
  bool focus_events = false;             // ?1004
  bool synchronized_output = false;      // ?2026
  bool left_right_margins = false;       // DECLRMM (?69): DECSLRM is allowed
  MouseTracking mouse_tracking = MouseTracking::kNone;     // ?9 ?1000 ?1002 ?1003
  MouseEncoding mouse_encoding = MouseEncoding::kDefault;  // ?1005 ?1006 ?1015
  bool sixel_display = false;            // DECSDM (?80): images at the top left, no scrolling
  bool sixel_scrolls_right = false;      // ?8452: the cursor ends right of an image
  bool private_color_registers = false;  // ?1070: each image starts from the default palette
  // ?2027: cluster widths follow emoji presentation (VS16 widens). Starts, and returns on RIS, as
  // WidthPolicy::emoji_presentation_wide; widens only with that option on (xterm ignores 2027, so
  // the default profile only records it; docs/unicode.md).
  bool grapheme_clustering = false;
  friend bool operator==(const Modes&, const Modes&) = default;
};

enum class Charset : uint8_t { kAscii, kDecSpecialGraphics };

struct Hyperlink {
  std::string id = {};  // the id= parameter, possibly empty
  std::string uri = {};
};

// What the terminal ignored, keyed by a short description of the sequence ("CSI ? 1234 h").
struct TerminalStats {
  uint64_t ignored_total = 0;
  std::map<std::string, uint64_t> ignored;
  uint64_t bells = 0;
  uint64_t sixel_images = 0;    // Sixel images drawn
  uint64_t sixel_rejected = 0;  // Sixel images rejected (last_graphics_status() says why)
  // Replies not given because ReplyProfile::answer is false, one per reply (counted when the
  // replies are taken: TakeReplies).
  uint64_t replies_suppressed = 0;
};

class Terminal : public ParserHandler {
 public:
  // The longest hyperlink target kept; a longer OSC 8 target is ignored (counted in stats).
  static constexpr size_t kMaxHyperlinkBytes = 8192;

  explicit Terminal(const TerminalOptions& options = {});
  ~Terminal() override;

  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;

  int cols() const { return cols_; }
  int rows() const { return rows_; }
  // Resizes both screens. Lines are kept as they are, clipped and padded (xterm), unless
  // TerminalOptions::reflow_on_resize re-wraps the primary screen's soft-wrapped lines (xterm.js).
  void Resize(int cols, int rows);

  // The active screen.
  const ScreenCell& cell(int col, int row) const { return active()[row].cells[col]; }
  const Line& line(int row) const { return active()[row]; }
  bool alternate_screen_active() const { return alternate_active_; }

  // The grapheme a cell shows, as UTF-8 ("" for a continuation cell).
  std::string Grapheme(const ScreenCell& cell) const;
  const Pen& pen(uint32_t id) const { return pens_[id]; }
  // The code points of a multi-code-point grapheme (ScreenCell::cluster; id 0 is empty).
  const std::u32string& cluster(uint32_t id) const { return clusters_[id]; }
  // The hyperlink with this id (id 0 is none and has an empty uri).
  const Hyperlink& hyperlink(uint32_t id) const { return links_[id]; }

  std::string RowText(int row) const;
  std::string ScreenText() const;

  // Lines scrolled off the top of the primary screen, oldest first.
  int scrollback_size() const { return static_cast<int>(scrollback_.size()); }
  const Line& scrollback_line(int i) const { return scrollback_[i]; }
  std::string LineText(const Line& line) const;

  const CursorState& cursor() const { return cursor_; }
  const Modes& modes() const { return modes_; }
  // The scroll region, 0-based and inclusive.
  int scroll_top() const { return top_; }
  int scroll_bottom() const { return bottom_; }
  // The left and right margins (DECSLRM), 0-based and inclusive: the whole width unless
  // DECLRMM is set and DECSLRM narrowed them.
  int left_margin() const { return left_; }
  int right_margin() const { return right_; }
  bool tab_stop(int col) const { return col >= 0 && col < cols_ && tab_stops_[col]; }
  Charset charset(int g) const { return charsets_[g]; }
  int active_charset() const { return gl_; }  // 0 for G0, 1 for G1 (SO)
  const Pen& current_pen() const { return pen_; }
  // How many times what the screen shows at (col, row) has changed since the terminal was made
  // (TerminalOptions::track_generations; always 0 without it). Changes are counted once per
  // decoded action (a printed run of text, a control, a sequence, a resize), so a cell overwritten
  // twice inside one run of text counts once; writing what a cell already shows counts nothing.
  uint64_t generation(int col, int row) const {
    return generations_.empty() ? 0 : generations_[static_cast<size_t>(row) * cols_ + col].count;
  }
  bool tracks_generations() const { return options_.track_generations; }
  const std::string& title() const { return title_; }
  const std::string& icon_title() const { return icon_title_; }
  const std::string& clipboard() const { return clipboard_; }
  const std::string& pointer_shape() const { return pointer_shape_; }
  const TerminalStats& stats() const { return stats_; }
  // How many pens, clusters and hyperlinks are interned now (bounded by compaction).
  size_t interned_entries() const { return pens_.size() + clusters_.size() + links_.size(); }

  // Replies owed to the program (DA, DSR, DECRQM...: terminal_reports.cc), in the order the
  // queries came; taking them empties the channel. With ReplyProfile::answer false it is always
  // empty: every reply is dropped here and counted in stats().replies_suppressed.
  std::string TakeReplies();

  // The pixel plane (docs/sixel.md): one RGBA plane over the active screen, cols*cell_width by
  // rows*cell_height pixels, transparent (0, 0, 0, 0) where no image painted. Printing or erasing
  // a cell clears its pixels; scrolling moves pixels with their lines.
  int pixel_width() const { return cols_ * cell_width_; }
  int pixel_height() const { return rows_ * cell_height_; }
  int cell_pixel_width() const { return cell_width_; }
  int cell_pixel_height() const { return cell_height_; }
  // The whole plane, row-major RGBA (pixel_width() * pixel_height() * 4 bytes).
  void CopyPixelPlane(std::vector<uint8_t>* rgba) const;
  // OK, or why the last Sixel image (or the one being decoded) was rejected: a limit
  // (kResourceExhausted), or, under the presenter placement, malformed data (kInvalidArgument).
  const absl::Status& last_graphics_status() const { return graphics_status_; }
  // The colour registers Sixel images share (reset by RIS).
  const SixelPalette& sixel_palette() const { return palette_; }

  // ParserHandler.
  void Print(char32_t cp) override;
  void PrintAscii(absl::string_view run) override;
  void PrintRun(absl::Span<const char32_t> run) override;
  void Execute(uint32_t control) override;
  void CsiDispatch(const Sequence& seq) override;
  void EscDispatch(const Sequence& seq) override;
  void OscDispatch(absl::string_view payload, bool overflowed, OscTerminator terminator) override;
  void DcsHook(const Sequence& seq) override;
  void DcsPut(absl::string_view data) override;
  void DcsUnhook() override;

 private:
  // The rows of one screen. Row r is lines_[order_[(head_ + r) % rows]]: scrolling the whole
  // screen moves head_ (the ring turns; O(1) per line), scrolling a region permutes the indices
  // in order_ for the rows inside it; no cell is copied either way (docs/performance.md).
  class Screen {
   public:
    int size() const { return static_cast<int>(order_.size()); }
    ABSL_ATTRIBUTE_ALWAYS_INLINE Line& operator[](int row) { return lines_[order_[Slot(row)]]; }
    ABSL_ATTRIBUTE_ALWAYS_INLINE const Line& operator[](int row) const {
      return lines_[order_[Slot(row)]];
    }
    // Every line, in no particular order (for changes that treat all rows alike).
    std::vector<Line>& unordered() { return lines_; }
    // Calls f with the lines in screen order (row 0 first) to change or resize them.
    template <typename F>
    void Rebuild(F f) {
      std::vector<Line> linear;
      linear.reserve(lines_.size());
      for (int r = 0; r < size(); ++r) linear.push_back(std::move((*this)[r]));
      f(linear);
      lines_ = std::move(linear);
      order_.resize(lines_.size());
      for (size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<uint32_t>(i);
      head_ = 0;
    }
    // Rows [top, bottom] move up by n: row top + n becomes row top, and the n lines that left
    // the top come in at the bottom (unchanged, for the caller to blank).
    void RotateUp(int top, int bottom, int n);
    // Rows [top, bottom] move down by n; the n lines that left the bottom come in at the top.
    void RotateDown(int top, int bottom, int n);

   private:
    int Slot(int row) const {
      const int s = head_ + row;
      return s >= size() ? s - size() : s;
    }
    std::vector<Line> lines_;
    std::vector<uint32_t> order_;
    int head_ = 0;
  };
  struct SavedCursor {
    int col = 0;
    int row = 0;
    bool pending_wrap = false;
    Pen pen;
    bool protect = false;  // character_protection_ (xterm's DECSC saves PROTECTED)
    bool origin = false;
    Charset charsets[2] = {Charset::kAscii, Charset::kAscii};
    int gl = 0;
    bool valid = false;
  };

  Screen& active() { return alternate_active_ ? alternate_ : primary_; }
  const Screen& active() const { return alternate_active_ ? alternate_ : primary_; }
  ScreenCell& at(int col, int row) { return active()[row].cells[col]; }

  uint32_t InternPen(const Pen& pen);
  uint32_t FindOrAddPen(const Pen& pen);  // the table only: no cache, no compaction
  // The current pen's id. SGR only marks the pen changed; it is interned when a cell is first
  // written with it, so a pen no cell ever gets (SGR after SGR) costs no table entry.
  uint32_t PenId() {
    if (pen_dirty_) InternCurrentPen();
    return pen_id_;
  }
  void InternCurrentPen();
  void MarkPenChanged() {
    pen_dirty_ = !(pen_ == Pen{});
    if (!pen_dirty_) pen_id_ = 0;
  }
  void SetPen(const Pen& pen) {
    pen_ = pen;
    MarkPenChanged();
  }
  uint32_t InternCluster(std::u32string cluster);
  void ClearTables();
  void MaybeCompact(size_t table_size);
  void CompactTables();
  ScreenCell BlankCell();  // an erased cell: the current background (BCE)
  Line BlankLine();
  // Makes `line` a blank line of the current width (BCE), reusing its storage.
  void ResetLine(Line& line, const ScreenCell& blank) const;
  // Resize of the primary screen and its scrollback with reflow_on_resize (terminal_reflow.cc):
  // xterm.js's, at the old cols_ and rows_; leaves the primary cursor's row in place.
  void ReflowPrimary(int cols, int rows);
  // Moves a line leaving the top of the primary screen into the scrollback; returns the line
  // the scrollback dropped to stay in its limit (storage to reuse), or an empty line.
  Line SaveLine(Line&& line);

  void PutGlyph(char32_t cp, int width);
  // The column printed text runs to before it wraps: the right margin, or the screen's last
  // column for a cursor already right of the margin (xterm's dotext).
  int TextRightEdge() const { return cursor_.col > right_ ? cols_ - 1 : right_; }
  bool ColumnInMargins(int col) const { return col >= left_ && col <= right_; }
  bool FullWidthMargins() const { return left_ == 0 && right_ == cols_ - 1; }
  // Autowrap: marks the line wrapped, indexes and goes to the left margin.
  void WrapLine();
  void JoinGlyph(char32_t cp);
  // One character of PrintRun by the general path: Print, or PrintAscii's one character.
  void PrintRunSlow(char32_t cp);
  // Erases the other half of a wide character that (col, row) is half of; nothing for an
  // ordinary cell (the common case, checked inline).
  void ClearWideAt(int col, int row) {
    if (col < 0 || col >= cols_) return;
    Line& line = active()[row];
    if (line.cells[col].width != 1) SplitWide(line, col);
  }
  void SplitWide(Line& line, int col);
  // Erases both halves of a wide character whose right half is at (col, row), as a margin
  // between them cuts it; nothing otherwise.
  void CutWideAt(int col, int row) {
    if (col <= 0 || col >= cols_) return;
    Line& line = active()[row];
    if (line.cells[col].is_continuation()) SplitWide(line, col);
  }
  void Ignore(const Sequence& seq, absl::string_view kind);
  void IgnoreText(const std::string& what, uint64_t count = 1);

  // Cursor and scrolling.
  void MoveTo(int col, int row);        // absolute, clamped to the screen; clears pending wrap
  void MoveToOrigin(int col, int row);  // relative to the origin when DECOM is set (CursorSet)
  // The cursor relative to the origin when DECOM is set (xterm's CursorCol and CursorRow).
  int OriginCol() const { return modes_.origin ? cursor_.col - left_ : cursor_.col; }
  int OriginRow() const { return modes_.origin ? cursor_.row - top_ : cursor_.row; }
  // CUB and BS: stops at the left margin when it starts inside, or with ?45 and DECAWM wraps to
  // the end of the previous row (from the top margin, the bottom margin's; xterm's CursorBack).
  void CursorBack(int n);
  void CursorForward(int n);  // CUF: stops at the right margin when it starts inside
  void Index();
  void ReverseIndex();
  void CarriageReturn();
  // Scroll rows [top, bottom] up or down by n inside the left and right margins; only a
  // full-width scroll from the top of the primary screen feeds the scrollback.
  void ScrollUp(int top, int bottom, int n);
  void ScrollDown(int top, int bottom, int n);
  // Moves the cells of columns [left_, right_] of rows [top, bottom] by n rows (n > 0: up),
  // blanking the rows left behind: scrolling with left and right margins.
  void ScrollColumns(int top, int bottom, int n);
  void EraseCells(int row, int from, int to);  // [from, to)
  // ED and EL, or with `selective` DECSED and DECSEL: protected cells stay (ProtectionApplies).
  void EraseInDisplay(int mode, bool selective = false);
  void EraseInLine(int mode, bool selective = false);
  void InsertChars(int n);
  void DeleteChars(int n);
  // Inserts (deletes) n blank cells at `col` of `row`, shifting the cells up to the right
  // margin right (left); the caller checks that col is inside the margins.
  void InsertCells(int row, int col, int n);
  void DeleteCells(int row, int col, int n);
  // SL and SR (at the left margin), DECIC and DECDC (at the cursor): n columns inserted
  // (to_left false) or deleted in every row of the scroll region, inside the margins.
  void ShiftColumns(int col, int n, bool to_left);
  // DECBI (back) and DECFI, at conformance level 4: one column left or right, or at the left
  // (right) margin, inside the margins, one blank column in at the left (right) of every row of
  // the scroll region (xterm's xtermColIndex).
  void ColumnIndex(bool back);
  void InsertLines(int n);
  void DeleteLines(int n);
  void TabForward(int n);
  void TabBackward(int n);
  void Repeat(int n);                              // REP
  void SetScrollRegion(const Params& params);      // DECSTBM
  void SetLeftRightMargins(const Params& params);  // DECSLRM
  void ResetLeftRightMargins() {
    left_ = 0;
    right_ = cols_ - 1;
  }

  // CSI sequences by family (CsiDispatch routes each final byte to one).
  void CsiPrivate(const Sequence& seq);  // CSI ? ...: DECSET, DECRST, DECSED, DECSEL, DSR, DECRQM
  void CsiIntermediate(const Sequence& seq);  // DECSCUSR, DECSTR, DECRQM
  void CsiCursor(const Sequence& seq);        // cursor movement and tabs
  void CsiEdit(const Sequence& seq);          // erasing, inserting, deleting, scrolling, REP
  // Replies (terminal_reports.cc).
  void CsiReport(const Sequence& seq);            // DA1, DA2, DA3, XTVERSION, DSR, XTWINOPS
  void ReplyPrimaryDa();                          // DA1 and DECID
  void PrivateDeviceStatus(const Sequence& seq);  // CSI ? Ps n
  void ReportMode(const Sequence& seq);           // DECRQM: CSI Ps $ p and CSI ? Ps $ p
  int AnsiModeValue(int mode) const;              // DECRQM's Pm for an ANSI mode
  int PrivateModeValue(int mode) const;           // and for a DEC private mode
  // The DEC private modes xterm keeps and answers DECRQM for, whose effect vtsnap does not model
  // (kKeptPrivateModes in terminal_reports.cc): set or reset, one bit each in kept_modes_.
  void KeepPrivateMode(int mode, bool on);
  bool KeptModeSet(int mode) const;  // whether a kept mode is set now
  // XTSAVE and XTRESTORE, `CSI ? Pm s` and `CSI ? Pm r` (terminal_save_modes.cc): the modes'
  // values by save slot (modes xterm keeps in one variable share a slot). RIS keeps them.
  void SavePrivateModes(const Params& params);
  void RestorePrivateModes(const Params& params);
  absl::flat_hash_map<int, int> saved_private_modes_;
  void ResetKeptModes();
  // XTMODKEYS (`CSI > Pp ; Pv m`) sets one of xterm's modify*Keys resources, kept only to answer
  // XTQMODKEYS (`CSI ? Pp m`): vtsnap's key encoding does not follow them.
  void SetModifyKeys(const Params& params);
  void ReportModifyKeys(const Params& params);
  void ResetModifyKeys();
  // Window operations and the rectangle checksum, as xterm 379 answers them.
  // XTWINOPS, CSI Ps ; Ps ; Ps t (terminal_window_ops.cc): reports, and the title stack.
  void WindowOps(const Sequence& seq);
  // XTSMTITLE and XTRMTITLE (terminal_title_modes.cc): title_modes_ bit n is mode n.
  void SetTitleModes(const Params& params, bool on);
  // The title an OSC 0, 1 or 2 string sets (decoded from hexadecimal under mode 0); false when
  // the title stays as it is.
  bool TitleFromOsc(absl::string_view pt, std::string* title) const;
  std::string TitleReport(const std::string& title) const;  // in hexadecimal under mode 1
  int title_modes_ = 0;                                     // RIS clears it
  // Where `CSI 3 ; x ; y t` moved the window (with allow_window_ops); RIS keeps it, as xterm's
  // window stays where it is.
  int window_x_ = 0;
  int window_y_ = 0;
  void PushTitles(int which);  // 22: 0 both, 1 the icon title, 2 the window title
  void PopTitles(int which);   // 23
  // DECRQCRA, CSI Pi ; Pg ; Pt ; Pl ; Pb ; Pr * y (terminal_checksum.cc).
  void RequestChecksum(const Sequence& seq);
  int ChecksumCell(const ScreenCell& cell, bool* counted) const;  // its value, and if it counts
  // The titles XTWINOPS 22 saved, the last pushed last. xterm 379's stack has no limit; this one
  // drops its oldest entries past kMaxSavedTitles entries or kMaxSavedTitleBytes of titles.
  struct SavedTitles {
    std::string icon;
    std::string title;
  };
  static constexpr size_t kMaxSavedTitles = 256;
  static constexpr size_t kMaxSavedTitleBytes = size_t{1} << 20;
  std::vector<SavedTitles> title_stack_;
  size_t title_stack_bytes_ = 0;

  // ---------------------------------------------------------------------------------------------
  // VT420 rectangular area operations (terminal_rectangles.cc), as xterm 379 does them: DECCRA
  // (CSI ... $ v), DECFRA ($ x), DECERA ($ z), DECSERA ($ {), DECCARA ($ r), DECRARA ($ t) and
  // DECSACE (* x). A rectangle is 0-based and inclusive.
  struct Rect {
    int top = 0;
    int left = 0;
    int bottom = 0;
    int right = 0;
  };
  // CsiIntermediate: true when seq is one of the operations above (then done or ignored).
  bool RectangleOp(const Sequence& seq);
  // The rectangle Pt ; Pl ; Pb ; Pr at params[first...] (xterm's xtermParseRect and validRect):
  // false when it is empty or outside the page.
  bool ParseRect(const Params& p, int first, Rect* rect) const;
  void CopyRectangle(const Params& p);                // DECCRA
  void FillRectangle(const Rect& rect, char32_t ch);  // DECFRA, DECERA (' ')
  void SelectiveEraseRectangle(const Rect& rect);     // DECSERA
  void ChangeRectangleAttributes(const Rect& rect, const Params& p, bool reverse);  // DECCARA
  // Blanks a wide character's half that has lost its other half (a copy's edges).
  void RepairWideCells(Line& line, int from, int to);
  bool attribute_change_rectangle_ = false;  // DECSACE 2: DECCARA and DECRARA cover a rectangle

  void SelectGraphicRendition(const Params& params);
  void SetMode(const Sequence& seq, bool on);
  void SetPrivateMode(int mode, bool on);
  void SetMouseMode(int mode, bool on);   // ?9, ?1000, ?1002, ?1003, ?1004, ?1005, ?1006, ?1015
  void SetScreenMode(int mode, bool on);  // ?47, ?1047, ?1048, ?1049
  void SwitchScreen(bool alternate, bool clear_alternate);
  void SaveCursor();
  void RestoreCursor();
  void SoftReset();
  void FullReset();
  void ResetTabStops();
  void Osc8(absl::string_view params, absl::string_view uri);
  static std::string LenientBase64Decode(absl::string_view b64);  // OSC 52's data, as xterm
  void Osc52(absl::string_view data, OscTerminator terminator);
  // terminal_osc_colors.cc: OSC 4 and 5, 104 and 105, 10-19, 110-119, and the OSC 52 query.
  void OscPalette(int code, absl::string_view pt, OscTerminator terminator);
  void OscResetPalette(int code, absl::string_view pt);
  void OscDynamicColors(int code, absl::string_view pt, OscTerminator terminator);
  void OscResetDynamicColor(int code);
  int DynamicColorSlot(int code) const;
  void Osc52Query(absl::string_view selection, OscTerminator terminator);

  // The pixel plane.
  size_t strip_bytes() const { return static_cast<size_t>(cell_height_) * pixel_width() * 4; }
  void ClearPixels(Line& line, int from, int to);  // cells [from, to)
  static void DropPixels(Line& line);
  // The cells [col, end) move n to the right (n < 0: left); the cells left behind are cleared.
  void ShiftPixels(Line& line, int col, int end, int n);
  // Cells [from, to) of `to_line` get the pixels of the same cells of `from_line`.
  void CopyPixels(const Line& from_line, Line& to_line, int from, int to);
  void FinishSixel();
  // Generation tracking (TerminalOptions::track_generations).
  uint64_t Fingerprint(const ScreenCell& cell) const;
  void UpdateGenerations() {
    if (!generations_.empty()) CountGenerations();  // inline: this runs after every action
  }
  void CountGenerations();
  void ResizeGenerations(int old_cols, int old_rows);
  void PlaceSixel(const SixelBitmap& image);

  TerminalOptions options_;
  int cols_;
  int rows_;
  Screen primary_;
  Screen alternate_;
  bool alternate_active_ = false;
  std::deque<Line> scrollback_;
  CursorState cursor_;
  Modes modes_;
  int top_ = 0;
  int bottom_ = 0;
  int left_ = 0;  // always 0 and cols_ - 1 unless DECLRMM is set
  int right_ = 0;
  std::vector<bool> tab_stops_;
  Charset charsets_[2] = {Charset::kAscii, Charset::kAscii};
  int gl_ = 0;
  Pen pen_;
  uint32_t pen_id_ = 0;     // pen_'s id unless pen_dirty_
  bool pen_dirty_ = false;  // pen_ changed and is not interned yet (PenId)
  uint32_t link_id_ = 0;
  // BlankCell's pen: the id of the background-only pen for erase_bg_ (valid when erase_valid_;
  // cleared whenever the tables are renumbered).
  bool erase_valid_ = false;
  PenColor erase_bg_;
  uint32_t erase_pen_ = 0;
  SavedCursor saved_[2];  // primary, alternate

  // Interned pens, clusters and hyperlinks; entry 0 of each is "none". Compacted when one grows
  // past compact_threshold_ (CompactTables).
  static constexpr size_t kMinCompactThreshold = 4096;
  size_t compact_threshold_ = kMinCompactThreshold;
  std::vector<Pen> pens_;
  absl::flat_hash_map<Pen, uint32_t> pen_ids_;
  // Recently interned pens, direct-mapped (a TUI frame switches between a few pens again and
  // again); emptied whenever ids change.
  struct PenCacheEntry {
    Pen pen;
    uint32_t id = 0;
    bool valid = false;
  };
  static constexpr size_t kPenCacheSize = 256;
  PenCacheEntry pen_cache_[kPenCacheSize];
  static size_t PenCacheSlot(const Pen& p) {
    return (p.fg.value * 31u + p.bg.value * 17u + p.attrs * 7u +
            static_cast<uint32_t>(p.fg.kind) * 3u + static_cast<uint32_t>(p.bg.kind) +
            static_cast<uint32_t>(p.underline) * 5u + p.underline_color.value) %
           kPenCacheSize;
  }
  void ClearPenCache() {
    for (PenCacheEntry& e : pen_cache_) e.valid = false;
  }
  std::vector<std::u32string> clusters_;
  absl::flat_hash_map<std::u32string, uint32_t> cluster_ids_;
  // JoinGlyph's answers: (the cell's cluster id, or 1 << 31 | its code point) << 32 | the joined
  // code point (| 1 << 31 while VS16 widens: ?2027), to the cluster it makes and that cluster's
  // width. Emptied whenever the cluster
  // ids change (ClearTables, CompactTables; counted in compactions_) and when it grows past
  // kJoinCacheLimit.
  struct JoinResult {
    uint32_t cluster = 0;
    uint8_t width = 0;
  };
  static constexpr size_t kJoinCacheLimit = 16384;  // past the first compaction (4096)
  absl::flat_hash_map<uint64_t, JoinResult> join_cache_;
  // The join key of cp after the glyph in c (never 0: its upper half is never 0).
  static uint64_t JoinKey(const ScreenCell& c, char32_t cp, bool emoji_wide) {
    return (c.cluster != 0 ? uint64_t{c.cluster} : (uint64_t{1} << 31) | c.ch) << 32 |
           static_cast<uint32_t>(cp) | (emoji_wide ? uint64_t{1} << 31 : 0);
  }
  // A direct-mapped copy of recent join_cache_ answers (key 0: empty), which PrintRun's loop
  // reads to join a mark or the rest of an emoji sequence without leaving it; emptied with
  // join_cache_ (ClearJoinCache).
  struct JoinSlot {
    uint64_t key = 0;
    JoinResult result;
  };
  static constexpr size_t kJoinSlots = 256;
  static size_t JoinSlotIndex(uint64_t key) { return (key * 0x9E3779B97F4A7C15u) >> 56; }
  std::array<JoinSlot, kJoinSlots> join_slots_{};
  void ClearJoinCache() {
    join_cache_.clear();
    join_slots_.fill(JoinSlot{});
  }
  uint64_t compactions_ = 0;
  std::vector<Hyperlink> links_;
  std::map<std::pair<std::string, std::string>, uint32_t> link_ids_;

  // The last printed glyph, for grapheme clusters and REP.
  bool last_valid_ = false;
  char32_t last_cp_ = 0;
  int32_t grapheme_state_ = 0;
  GraphemeBreakMemo grapheme_breaks_;  // IsGraphemeBreak with utf8proc's answers remembered
  int last_col_ = 0;
  int last_row_ = 0;
  // What REP repeats: the last code point with a width that the previous action printed (a
  // combining mark after it does not change it), 0 after any other action (a control, a
  // sequence, a string; xterm's lastchar).
  char32_t rep_cp_ = 0;

  std::string title_;
  std::string icon_title_;
  std::string clipboard_;
  std::string pointer_shape_;
  std::string replies_;
  TerminalStats stats_;

  // Sixel graphics.
  int cell_width_ = 3;
  int cell_height_ = 6;
  SixelPalette palette_;
  SixelPalette private_palette_;  // the palette of one image under ?1070
  std::unique_ptr<SixelDecoder> sixel_;
  int sixel_col_ = 0;  // the cell the image being decoded is anchored at
  int sixel_row_ = 0;
  absl::Status graphics_status_;

  // The colours OSC 4, 5 and 10-19 report (ReplyProfile's defaults, xterm's palette).
  ColorRegisters colors_;

  // ---------------------------------------------------------------------------------------------
  // Status-string and presentation-state queries (terminal_queries.cc): DECRQSS (DCS $ q Pt ST)
  // and DECRQPSR (CSI Ps $ w), and the settings only they report (DECSCL, DECSCA).
  // A longer DECRQSS string is not kept (answered as a setting xterm does not report).
  static constexpr size_t kMaxDcsQueryBytes = 256;
  // DcsHook: true when seq opens a DECRQSS string, which is then collected here.
  bool StartDcsQuery(const Sequence& seq);
  void CollectDcsQuery(absl::string_view data);  // DcsPut
  void EndDcsQuery();                            // DcsUnhook
  // EscDispatch: the ST (ESC \) after a collected string answers it.
  void FinishDcsQuery(const Sequence& seq);
  void ReportSetting(absl::string_view setting);      // DECRQSS's answer
  std::string SgrReport() const;                      // the pen as xterm's SGR setting
  void SetConformanceLevel(const Params& p);          // DECSCL (CSI Pl ; Pc " p)
  void SetCharacterProtection(const Params& p);       // DECSCA (CSI Ps " q)
  void ReportPresentationState(const Sequence& seq);  // DECRQPSR: DECCIR, DECTABSR
  enum class DcsQueryState : uint8_t { kNone, kCollecting, kEnded };
  DcsQueryState dcs_query_state_ = DcsQueryState::kNone;
  std::string dcs_query_;
  bool dcs_query_overflowed_ = false;
  // DECSCL's level (61-64) and control width. As in xterm, RIS keeps the level and returns to
  // 7-bit controls; replies are always 7-bit here.
  int conformance_level_ = 64;
  bool eight_bit_controls_ = false;
  uint64_t kept_modes_ = 0;           // KeepPrivateMode
  std::array<int, 6> modify_keys_{};  // SetModifyKeys
  // The protection printed cells get (ScreenCell::protect): set by DECSCA 1 and SPA, cleared by
  // DECSCA 0 or 2, EPA, DECSTR and RIS; DECSC saves it. (xterm's DECFRA and DECERA give it too.)
  bool character_protection_ = false;

  // ---------------------------------------------------------------------------------------------
  // Character protection (terminal_protection.cc). As in xterm, one mode for the whole screen
  // says what the protect bit of every cell means: DECSCA chooses DEC protection, SPA ISO
  // protection (the last one wins); RIS and DECSTR turn it off, and so does an erase of the
  // whole screen (ED 2, DECSED 2) that finds no protected cell left in a protecting mode.
  enum class ProtectionMode : uint8_t { kOff, kDec, kIso };
  ProtectionMode protection_mode_ = ProtectionMode::kOff;
  // Protected against DECSERA (xterm's IsProtected in ScrnWipeRectangle): in DEC mode only.
  bool IsProtected(const ScreenCell& cell) const {
    return cell.protect && protection_mode_ == ProtectionMode::kDec;
  }
  // Whether the line erases skip protected cells: DECSED and DECSEL (selective) in either mode,
  // ED, EL and ECH in ISO mode only.
  bool ProtectionApplies(bool selective) const {
    return protection_mode_ == ProtectionMode::kIso ||
           (selective && protection_mode_ == ProtectionMode::kDec);
  }
  // Erases cells [from, to) of `row` (EraseCells, run by run) but the protected ones when
  // ProtectionApplies(selective); returns whether it left a protected cell.
  bool EraseUnprotected(int row, int from, int to, bool selective);
  void SetProtectedArea(bool start);  // SPA (ESC V) and EPA (ESC W)
  // The foreground was last chosen by SGR 38, which xterm's boldColors does not brighten.
  bool fg_from_extended_sgr_ = false;
  // TBC 3 cleared every stop since the last RIS, including xterm's stops past the last column.
  bool tab_stops_cleared_ = false;

  // Per screen position, row after row: the count and a fingerprint of what it showed last.
  struct Generation {
    uint64_t count = 0;
    uint64_t fingerprint = 0;
  };
  std::vector<Generation> generations_;
};

}  // namespace vtsnap

#endif  // VTSNAP_DECODER_TERMINAL_H_
