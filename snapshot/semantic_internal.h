// What the semantic projection's capture and reader share (snapshot/semantic.h); not a public API.
#ifndef VTSNAP_SNAPSHOT_SEMANTIC_INTERNAL_H_
#define VTSNAP_SNAPSHOT_SEMANTIC_INTERNAL_H_

#include "vtsnap/decoder/terminal.h"
#include "vtsnap/snapshot/semantic.h"

namespace vtsnap::semantic_internal {

// The part of `pen` a person can see on a blank cell: the whole pen under an underline, a strike
// line or reverse video (BlankShowsForeground, the rule Compare judges blank cells by) or an
// overline (a line too, which a golden dump does not hold); otherwise without the foreground,
// bold, dim, italic, blink and invisible, which draw nothing on a blank.
Pen VisibleOnBlank(Pen pen);

// Rewrites `snapshot`'s styles section as a person sees the screen (docs/semantic.md, "What a run
// says"): a blank cell keeps only what shows on it (VisibleOnBlank), and blank cells between two
// cells of one style that look like that style on a blank are part of its run. The text section
// says which cells are blank. Idempotent; the work is bounded by the text and the runs, not by
// the screen's size. The runs must be ordered by row then column and must not overlap.
void StylesAsSeen(SemanticSnapshot* snapshot);

}  // namespace vtsnap::semantic_internal

#endif  // VTSNAP_SNAPSHOT_SEMANTIC_INTERNAL_H_
