// The `ckvision-golden 1` dump: the text format every golden screen is stored in
// (docs/golden-format.md), and its wide form `vtsnap-wide-golden 1`, the same grammar with style
// names of more than one character, for a screen of more than 62 styles (docs/goldens.md).
//
// Serialize writes a Frame in canonical form; Parse reads any valid dump, enforcing every rule of
// the format, into a Frame whose row text and per-column styles are the dump's meaning. Canonical
// input round-trips byte-exactly (`*Serialize(*Parse(t)) == t`); valid non-canonical input
// (lowercase hex colours, styles numbered out of first-use order, unused or duplicated styles)
// parses to the same Frame as its canonical form and serializes to that form. The order a style
// lists its attributes in is part of the canonical form, kept as written (`attrs italic,bold`
// round-trips), and is not part of the meaning: frames that differ only there are equal.
//
// Example:
//   absl::StatusOr<vtsnap::Frame> frame = vtsnap::golden::Parse(text);
//   if (!frame.ok()) return frame.status();  // "7:3: expected ..., got ..."
//   absl::StatusOr<std::string> canonical = vtsnap::golden::Serialize(*frame);
//   if (!canonical.ok()) return canonical.status();
//   bool same = *canonical == text;  // true when `text` was canonical
#ifndef VTSNAP_SNAPSHOT_FORMATS_GOLDEN_H_
#define VTSNAP_SNAPSHOT_FORMATS_GOLDEN_H_

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/frame_text.h"  // the spellings the dump writes

namespace vtsnap::golden {

// The first line of every version-1 dump.
inline constexpr absl::string_view kHeader = "ckvision-golden 1";

// The stylemap alphabet: style index i is written as kStyleAlphabet[i].
inline constexpr absl::string_view kStyleAlphabet =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// Version 1 holds at most this many distinct styles in one frame.
inline constexpr int kMaxStyles = 62;

// The first line of the wide form: a dump of the same grammar whose style names are `width`
// characters of kStyleAlphabet (the fewest that name every style, at least 2), declared on the
// styles line ("styles 505 width 2"), named so in the style lines ("8A fg #FF0000 bg default attrs
// -") and written `width` characters a cell in the stylemap. Serialize writes it only for a frame
// of more than kMaxStyles styles, which version 1 cannot hold; Parse reads both forms. A name of
// its own rather than "ckvision-golden 2": the version numbers of `ckvision-golden` are the
// ckVision spec's to give, and no reader of version 1 can take this line for its own
// (docs/decisions.md, "Goldens for screens with more than 62 styles").
inline constexpr absl::string_view kWideHeader = "vtsnap-wide-golden 1";

// The width of the wide form's style names for `count` styles: the fewest characters of
// kStyleAlphabet that name them all, at least 2 (2 up to 3844 styles, 3 up to 238328, ...).
int WideNameWidth(int64_t count);

// The canonical dump of `frame`. Styles are numbered by first use, row-major over the stylemap
// (styles equal but for their attribute order are one style, spelled as the first used);
// attributes are written in the order Style::attr_order records (a parsed dump's, as written),
// else bold,dim,italic,underline,reverse,strike; colours as `default`, `@N` or uppercase
// `#RRGGBB`; link runs normalized (sorted, touching runs with one target joined); rasters in the
// frame's order.
//
// A frame of more than 62 styles is written in the wide form (kWideHeader), every other frame in
// version 1, byte for byte as before the wide form existed. Fails with InvalidArgumentError,
// naming the offending value, when the frame cannot be written: a size that is not positive, cells
// that do not match the size, a row text holding a newline, a colour out of range, a cursor outside
// the frame, an empty, out-of-row, overlapping or invalid-target link run, or a raster record the
// format rejects.
[[nodiscard]] absl::StatusOr<std::string> Serialize(const Frame& frame);

// Reads a dump of either form. The frame has `row_text` set (raw bytes between the grid
// delimiters), one cell per stylemap column carrying its style (empty grapheme), the cursor, the
// link runs and the rasters.
//
// Fails with InvalidArgumentError "LINE:COL: expected <what>, got <what>" (1-based, COL counted in
// bytes) at the first rule broken. A document containing "\r\n" fails with
// "LINE:COL: CRLF line endings (a checkout converted it; add `*.dump -text` to .gitattributes)"
// at the first one, rather than with a parse error on every line.
[[nodiscard]] absl::StatusOr<Frame> Parse(absl::string_view text);

// The spellings of single values (FormatColor, FormatCursorLine, ...) are
// snapshot/screen/frame_text.h's, shared with the diff.

// The two stages of Serialize, for a source that is not a Frame: CaptureFrame's serializing twin,
// SerializeScreen in snapshot/formats/screen_dump.h, writes a terminal's screen with them and so
// produces the bytes Serialize(CaptureFrame(terminal)) would, without building the Frame. Serialize
// itself is made of them, so the two cannot drift apart.
//
// Stage 1: number the styles by first use, row-major, one cell after the other.
class StyleNumbering {
 public:
  // The index of `style` at cell (`col`, `row`). A style not seen before gets the next index once
  // its colours are checked (the error names the cell).
  [[nodiscard]] absl::StatusOr<int> Add(const Style& style, int col, int row);
  // Records the next cell's style, numbered `index` (from Add): its version-1 stylemap character
  // while every index fits one, else (from the first index past kMaxStyles on) its index, which
  // stage 2 writes in the wide form.
  void AppendIndex(int index) {
    if (index < kMaxStyles && wide_indexes_.empty()) {
      stylemap_ += kStyleAlphabet[static_cast<size_t>(index)];
    } else {
      AppendWideIndex(index);
    }
  }
  void Reserve(size_t cells) { stylemap_.reserve(cells); }

  const std::vector<Style>& styles() const { return styles_; }
  const std::string& stylemap() const { return stylemap_; }
  // Every cell's index, row-major, once AppendIndex has seen an index past kMaxStyles; else empty.
  const std::vector<int>& wide_indexes() const { return wide_indexes_; }
  // For a source that writes the version-1 characters itself, one a cell, row-major. Such a source
  // cannot name more than kMaxStyles styles (stage 2 then fails): it serializes its Frame instead.
  std::string& mutable_stylemap() { return stylemap_; }

 private:
  // Turns the characters recorded so far into indexes, then appends `index`.
  void AppendWideIndex(int index);

  absl::flat_hash_map<std::tuple<uint64_t, uint64_t, uint64_t>, int> index_of_;
  std::vector<Style> styles_;
  std::string stylemap_;
  std::vector<int> wide_indexes_;
};

// Stage 2: everything after the styles are numbered: the checks of the cursor, the links and the
// rasters, then the dump (version 1, or the wide form for more than kMaxStyles styles).
// `append_row_text(row, out)` appends row `row`'s text to `out` (Frame::RowText). Fails as
// Serialize does.
[[nodiscard]] absl::StatusOr<std::string> SerializeNumbered(
    int cols, int rows, const StyleNumbering& styles, const Cursor& cursor,
    const std::vector<LinkRun>& links, const std::vector<RasterRecord>& rasters,
    absl::FunctionRef<void(int row, std::string* out)> append_row_text);

}  // namespace vtsnap::golden

#endif  // VTSNAP_SNAPSHOT_FORMATS_GOLDEN_H_
