// PresenterTerminal: the presenter profile, a bounded decoder that accepts exactly what a
// well-behaved presenter may write and nothing else (docs/presenter.md has every rule).
//
// An app that composes its own frame and writes only the bytes needed to update the terminal
// uses it to prove those bytes show what it composed. Accepted: printable UTF-8; CUP (CSI H, f);
// SGR; ED; EL; SU; SD; CSI ?25 h/l and ?2026 h/l; OSC 0, 8, 22 and 52 ended by BEL or ESC \;
// DCS Sixel. Anything else (a CR, a cursor movement, an unknown SGR, a colon outside SGR, a bad
// OSC 8 id, ...) invalidates the capture: the first violation is kept as a status naming the byte
// offset, the offending sequence (escaped) and the rule, and later bytes are not decoded.
// Accepted sequences are applied to the same screen model as the xterm profile (Terminal), so the
// display is what xterm shows for them.
//
//   vtsnap::PresenterTerminal pt({.cols = 10, .rows = 2});
//   pt.Write("\x1b[1;1H\x1b[1mhi\x1b[0m");
//   assert(pt.CaptureStatus().ok() && pt.terminal().RowText(0) == "hi");
//   pt.Write("\r\n");
//   // pt.status().message() == "offset 16: \\x0d: C0 control CR is not in the presenter subset"
#ifndef VTSNAP_DECODER_PRESENTER_H_
#define VTSNAP_DECODER_PRESENTER_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/utf8.h"
#include "vtsnap/decoder/hyperlink.h"
#include "vtsnap/decoder/sixel.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/width.h"

namespace vtsnap {

// The parser limits that are part of the capture contract.
struct PresenterLimits {
  size_t max_csi_bytes = 256;           // a CSI (or DCS header), ESC and final byte included
  size_t max_text_bytes = 16u << 20;    // a run of text between sequences, and an OSC string
  size_t max_dcs_bytes = 16u << 20;     // a DCS body
  uint32_t max_sixel_repeat = 1000000;  // the count of a Sixel repeat (!)
};

struct PresenterOptions {
  int cols = 80;
  int rows = 24;
  ColorDepth color_depth = ColorDepth::kTrueColor;
  // Whether DCS Sixel is accepted (a graphics profile) or a violation (no graphics), the pixel
  // size of a cell images are laid out with, and the largest image (past it the image is a
  // violation): the one struct every profile shares (docs/sixel.md). The presenter places images
  // its own way whatever `placement` says.
  GraphicsOptions graphics = {.sixel = true};
  // The id a presenter must open a hyperlink to `target` with (OSC 8 ; id=<id> ; <target>).
  std::function<std::string(absl::string_view target)> hyperlink_id = HyperlinkId;
  PresenterLimits limits = {};
  WidthPolicy width = {};
};

// A DCS Sixel sequence the presenter wrote, validated against the published subset and recorded
// with the cell it is anchored at. It is also decoded and drawn into the terminal's pixel plane
// (Terminal::CopyPixelPlane; docs/sixel.md).
struct SixelImage {
  uint64_t offset = 0;  // of its ESC P
  int col = 0;          // the cursor cell when it began
  int row = 0;
  int aspect = 0;           // P1 (Params::kDefault when omitted)
  int background_mode = 0;  // P2: 0 or 1
  uint64_t bytes = 0;       // how many bytes followed 'q', up to the ST
  // The picture itself is drawn into the terminal's pixel plane; only this record is kept, so a
  // long session of images costs no memory per image beyond it.
};

class PresenterTerminal {
 public:
  explicit PresenterTerminal(const PresenterOptions& options = {});

  PresenterTerminal(const PresenterTerminal&) = delete;
  PresenterTerminal& operator=(const PresenterTerminal&) = delete;

  // Decodes bytes the presenter wrote. After the first violation bytes are counted, not decoded.
  void Write(absl::string_view bytes);

  // Resizes the screen like the xterm profile (no reflow; docs/decisions.md).
  void Resize(int cols, int rows) { terminal_.Resize(cols, rows); }

  // The first violation so far ("offset N: <sequence>: <rule>"), or OK.
  const absl::Status& status() const { return status_; }
  // Whether the screen may be captured now: status(), else an error when the stream so far ends
  // inside a sequence, with a hyperlink open or inside a synchronized frame (?2026h without its
  // l). The message has the same form and names where the unfinished part began.
  absl::Status CaptureStatus() const;

  // The screen model. Read it only when CaptureStatus() is OK.
  const Terminal& terminal() const { return terminal_; }
  const std::string& window_title() const { return terminal_.title(); }
  const std::string& clipboard_text() const { return terminal_.clipboard(); }
  const std::string& pointer_shape() const { return terminal_.pointer_shape(); }
  // The target of the hyperlink cell (col, row) is part of, or "".
  const std::string& LinkTarget(int col, int row) const;
  const std::vector<SixelImage>& sixel_images() const { return sixels_; }

  bool hyperlink_open() const { return link_open_; }
  bool synchronized_frame_open() const { return sync_open_; }
  // The byte offset of the `CSI ?2026h` that opened the frame still open (meaningful while
  // synchronized_frame_open()).
  uint64_t synchronized_frame_offset() const { return sync_offset_; }
  // Bytes written so far (the offset the next byte will have).
  uint64_t offset() const { return offset_; }
  const PresenterOptions& options() const { return options_; }

 private:
  enum class State : uint8_t {
    kGround,
    kEscape,     // after ESC
    kCsi,        // after ESC [
    kOsc,        // after ESC ]
    kOscEscape,  // an ESC inside an OSC string
    kDcsHeader,  // after ESC P, before the final byte
    kDcsBody,
    kDcsEscape,  // an ESC inside a DCS body
  };

  // The tokenizer (presenter.cc): Byte hands each byte to the function of the state it is in.
  void Byte(uint8_t byte);
  void GroundByte(uint8_t byte);
  void Utf8Byte(uint8_t byte);
  void EscapeByte(uint8_t byte);
  void CsiByte(uint8_t byte);
  void DcsHeaderByte(uint8_t byte);
  void StringByte(uint8_t byte);  // OSC and DCS strings
  void Fail(uint64_t offset, absl::string_view sequence, absl::string_view rule);
  void FailHere(absl::string_view rule);  // at the current sequence
  void FailInString(absl::string_view rule);
  void StartSequence(State state);
  std::string ShownSequence() const;

  // CSI (presenter.cc). Each check returns false after a violation.
  void FinishCsi(uint8_t final);
  bool ParseCsiParams(absl::string_view body, absl::string_view what, Params* params, bool* colon);
  bool CheckPrivateMode(uint8_t final, const Params& params, absl::string_view what);
  bool CheckCsi(uint8_t final, const Params& params, absl::string_view what);

  // SGR (presenter_sgr.cc).
  bool CheckSgr(const Params& params);
  // The extended colour (38, 48 or 58 is `code`) at entry i: the next entry, or -1 after a
  // violation.
  int CheckSgrColor(const Params& params, int i, int code);
  bool FailSgr(absl::string_view rule);  // always false

  // OSC (presenter_osc.cc).
  void OscByte(uint8_t byte);
  void FinishOsc();
  bool CheckOscText(absl::string_view code, absl::string_view text);
  void Osc8(absl::string_view rest);

  // DCS Sixel (presenter_sixel.cc).
  void FinishDcsHeader(uint8_t final);
  void DcsByte(uint8_t byte);
  void FinishDcs();
  void SixelByte(uint8_t byte);
  bool FinishSixelCommand();

  PresenterOptions options_;
  Terminal terminal_;
  absl::Status status_;
  State state_ = State::kGround;
  uint64_t offset_ = 0;  // of the byte being decoded

  // UTF-8 text.
  Utf8Decoder utf8_;
  uint64_t utf8_start_ = 0;
  std::string utf8_bytes_;
  size_t text_run_ = 0;

  // The sequence being read: where it began, its bytes (CSI and DCS header in full; OSC and DCS
  // strings keep their first bytes and a tail for messages) and its size.
  uint64_t seq_start_ = 0;
  std::string seq_;
  std::string tail_;
  size_t seq_size_ = 0;
  std::string osc_;

  // Sixel body syntax.
  SixelImage sixel_;
  char sixel_command_ = 0;  // '!', '#' or '"' while reading its numbers, else 0
  std::string sixel_numbers_;
  bool sixel_repeat_pending_ = false;  // a repeat count was read; a data byte must follow
  bool sixel_seen_data_ = false;
  std::vector<SixelImage> sixels_;

  bool link_open_ = false;
  uint64_t link_offset_ = 0;
  bool sync_open_ = false;
  uint64_t sync_offset_ = 0;
};

// The escaped, printable spelling of bytes used in presenter messages: printable ASCII as is,
// a backslash doubled, every other byte as \xHH; longer than 48 bytes, the first 32 and the last
// 12 around "...".
std::string EscapeForMessage(absl::string_view bytes);

}  // namespace vtsnap

#endif  // VTSNAP_DECODER_PRESENTER_H_
