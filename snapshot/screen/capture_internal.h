// What capture (capture.cc) shares with the golden dump's writer of a live terminal
// (SerializeScreen, snapshot/formats/screen_dump.cc) and with ScreenView: reading a decoder
// terminal's cells, pens, links and cursor the way capture reads them, so a screen written
// straight from the terminal is byte for byte the dump of its captured Frame. Not part of the
// public API.
#ifndef VTSNAP_SNAPSHOT_SCREEN_CAPTURE_INTERNAL_H_
#define VTSNAP_SNAPSHOT_SCREEN_CAPTURE_INTERNAL_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "vtsnap/decoder/terminal.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace vtsnap::capture_internal {

// What capture needs of each pen a screen uses, looked up by pen id. A screen uses a handful of
// pens, mostly in runs, so each is converted once per capture and a run costs one comparison.
class PenCache {
 public:
  explicit PenCache(const Terminal& terminal) : terminal_(terminal) {}

  struct Entry {
    bool known = false;
    bool invisible = false;
    int index = 0;  // SerializeScreen's number of the style (-1 until it numbers it)
    Style style;
  };

  Entry& Get(uint32_t id) {
    if (id >= entries_.size()) entries_.resize(static_cast<size_t>(id) + 1);
    Entry& e = entries_[id];
    if (!e.known) {
      const Pen& pen = terminal_.pen(id);
      e.known = true;
      e.invisible = pen.has(kAttrInvisible);
      e.style = StyleFromPen(pen);
      e.index = -1;
    }
    return e;
  }

 private:
  const Terminal& terminal_;
  std::vector<Entry> entries_;
};

// The cells' link targets as capture keeps them (an invalid target is no link), or empty when no
// cell links anywhere.
std::vector<LinkRun> CaptureLinks(const Terminal& terminal);

// The cursor as capture keeps it: its place and shape when visible.
Cursor CaptureCursor(const Terminal& terminal);

// What ScreenView uses for a live terminal: its active screen with cursor and hyperlinks, and its
// plane.
Frame CaptureTerminal(const Terminal& terminal);
RgbaPlane CaptureTerminalPlane(const Terminal& terminal);

}  // namespace vtsnap::capture_internal

#endif  // VTSNAP_SNAPSHOT_SCREEN_CAPTURE_INTERNAL_H_
