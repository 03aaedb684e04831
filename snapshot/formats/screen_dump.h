// SerializeScreen: the golden dump (golden.h) of what a screen shows, the bytes a golden of it
// holds. For a live terminal it is written straight from the terminal's cells, without building
// the Frame (a fraction of the cost: EqualsGolden's passing path compares these bytes first).
//
//   vtsnap::VirtualTerminal vt({.cols = 20, .rows = 2});
//   vt.Write("\x1b[31mred");
//   absl::StatusOr<std::string> dump = vtsnap::SerializeScreen(vt);
//   // *dump == *vtsnap::golden::Serialize(*vtsnap::CaptureFrame(vt))
#ifndef VTSNAP_SNAPSHOT_FORMATS_SCREEN_DUMP_H_
#define VTSNAP_SNAPSHOT_FORMATS_SCREEN_DUMP_H_

#include <string>

#include "absl/status/statusor.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

// The golden dump of `screen`: exactly the bytes, or the error, of
// golden::Serialize(*CaptureFrame(screen)); for a live terminal written straight from its cells
// without building the Frame, except past 62 styles, whose wide form is written from the captured
// Frame. An unreadable screen (ScreenView::status) is its error.
[[nodiscard]] absl::StatusOr<std::string> SerializeScreen(const ScreenView& screen);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_FORMATS_SCREEN_DUMP_H_
