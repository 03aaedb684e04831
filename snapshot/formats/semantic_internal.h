// What the semantic projection's capture and writer (semantic.cc) and its reader (semantic_read.cc)
// share (snapshot/formats/semantic.h): the style and mode words, and the rule of what a blank cell
// shows. Not a public API.
#ifndef VTSNAP_SNAPSHOT_FORMATS_SEMANTIC_INTERNAL_H_
#define VTSNAP_SNAPSHOT_FORMATS_SEMANTIC_INTERNAL_H_

#include "vtsnap/decoder/terminal.h"
#include "vtsnap/snapshot/formats/semantic.h"

namespace vtsnap::semantic_internal {

// The names of palette colours 0-15.
inline constexpr const char* kColorNames[16] = {
    "black",        "red",           "green",       "yellow",         "blue",
    "magenta",      "cyan",          "white",       "bright-black",   "bright-red",
    "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan",
    "bright-white"};

struct AttrWord {
  PenAttr attr;
  const char* word;
};
// The attributes in the order they are written (underline goes after italic).
inline constexpr AttrWord kAttrsBeforeUnderline[] = {
    {kAttrBold, "bold"}, {kAttrDim, "dim"}, {kAttrItalic, "italic"}};
inline constexpr AttrWord kAttrsAfterUnderline[] = {{kAttrBlink, "blink"},
                                                    {kAttrReverse, "reverse"},
                                                    {kAttrInvisible, "invisible"},
                                                    {kAttrStrike, "strike"},
                                                    {kAttrOverline, "overline"}};

// The words of an underline ("underline", "underline=double", ...; "" for none), a mouse
// tracking mode ("off", "x10", ...) and a mouse encoding ("default", "utf8", ...).
const char* UnderlineWord(UnderlineStyle u);
const char* TrackingName(MouseTracking t);
const char* EncodingName(MouseEncoding e);

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

#endif  // VTSNAP_SNAPSHOT_FORMATS_SEMANTIC_INTERNAL_H_
