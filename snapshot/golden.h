// The `ckvision-golden 1` dump: the text format every golden screen is stored in
// (specs/golden-dump-v1.md; docs/golden-format.md describes this implementation).
//
// Serialize writes a Frame in canonical form; Parse reads any valid dump, enforcing every rule of
// the format, into a Frame whose row text and per-column styles are the dump's meaning. Canonical
// input round-trips byte-exactly (`*Serialize(*Parse(t)) == t`); valid non-canonical input
// (lowercase hex colours, styles numbered out of first-use order, attributes in another order,
// unused styles) parses to the same Frame as its canonical form and serializes to that form.
//
// Example:
//   absl::StatusOr<vtsnap::Frame> frame = vtsnap::golden::Parse(text);
//   if (!frame.ok()) return frame.status();  // "7:3: expected ..., got ..."
//   absl::StatusOr<std::string> canonical = vtsnap::golden::Serialize(*frame);
//   if (!canonical.ok()) return canonical.status();
//   bool same = *canonical == text;  // true when `text` was canonical
#ifndef VTSNAP_SNAPSHOT_GOLDEN_H_
#define VTSNAP_SNAPSHOT_GOLDEN_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "snapshot/frame.h"

namespace vtsnap::golden {

// The first line of every version-1 dump.
inline constexpr absl::string_view kHeader = "ckvision-golden 1";

// The stylemap alphabet: style index i is written as kStyleAlphabet[i].
inline constexpr absl::string_view kStyleAlphabet =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// Version 1 holds at most this many distinct styles in one frame.
inline constexpr int kMaxStyles = 62;

// The canonical dump of `frame`. Styles are numbered by first use, row-major over the stylemap;
// attributes are written in the order bold,dim,italic,underline,reverse,strike; colours as
// `default`, `@N` or uppercase `#RRGGBB`; link runs normalized (sorted, touching runs with one
// target joined); rasters in the frame's order.
//
// Fails with InvalidArgumentError, naming the offending value, when the frame cannot be written:
// more than 62 styles ("frame needs 75 styles; ckvision-golden 1 holds at most 62"), a size that is
// not positive, cells that do not match the size, a row text holding a newline, a colour out of
// range, a cursor outside the frame, an empty, out-of-row, overlapping or invalid-target link run,
// or a raster record the format rejects.
[[nodiscard]] absl::StatusOr<std::string> Serialize(const Frame& frame);

// Reads a dump. The frame has `row_text` set (raw bytes between the grid delimiters), one cell per
// stylemap column carrying its style (empty grapheme), the cursor, the link runs and the rasters.
//
// Fails with InvalidArgumentError "LINE:COL: expected <what>, got <what>" (1-based, COL counted in
// bytes) at the first rule broken. A document containing "\r\n" fails with
// "LINE:COL: CRLF line endings (a checkout converted it; add `*.dump -text` to .gitattributes)"
// at the first one, rather than with a parse error on every line.
[[nodiscard]] absl::StatusOr<Frame> Parse(absl::string_view text);

// Golden spellings, shared with the diff report: "default", "@12", "#FF0000"; "bold,italic" or
// "-"; "block"/"bar"/"underline"; "double"/"curly"/"dotted"/"dashed" ("single" for the plain rule,
// which a dump spells by its absence).
std::string FormatColor(const Color& color);
std::string FormatAttrs(const Style& style);
absl::string_view FormatCursorShape(CursorShape shape);
absl::string_view FormatUnderlineShape(UnderlineShape shape);

// The record lines as the dump writes them, without the newline: "cursor 6 1 block" or
// "cursor hidden"; "link 2 0 5 https://x.example/"; "raster 1 anchor 2 1 span 4 2 pixels 64 32
// hash a1b2".
std::string FormatCursorLine(const Cursor& cursor);
std::string FormatLinkLine(const LinkRun& link);
std::string FormatRasterLine(const RasterRecord& raster);

}  // namespace vtsnap::golden

#endif  // VTSNAP_SNAPSHOT_GOLDEN_H_
