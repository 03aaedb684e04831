// CursorShape: the cursor shapes DECSCUSR selects, shared by the terminal model
// (decoder/terminal.h) and the snapshot Frame (snapshot/screen/frame.h).
//
//   vtsnap::CursorShape shape = vtsnap::CursorShape::kBar;   // CSI 5 SP q or CSI 6 SP q
#ifndef VTSNAP_DECODER_CURSOR_SHAPE_H_
#define VTSNAP_DECODER_CURSOR_SHAPE_H_

#include <cstdint>

namespace vtsnap {

enum class CursorShape : uint8_t { kBlock, kUnderline, kBar };

}  // namespace vtsnap

#endif  // VTSNAP_DECODER_CURSOR_SHAPE_H_
