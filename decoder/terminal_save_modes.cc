// XTSAVE and XTRESTORE (`CSI ? Pm s`, `CSI ? Pm r`): xterm's saved DEC private modes, one slot
// per mode (the mouse tracking modes share one slot, as do the mouse encodings, and the alternate
// screen modes), as in xterm 379's savemodes and restoremodes.
#include <cstdint>

#include "absl/strings/str_cat.h"
#include "vtsnap/decoder/terminal.h"

namespace vtsnap {
namespace {

// The slot a mode is saved in: modes that xterm keeps in one variable share it.
int SaveSlot(int mode) {
  switch (mode) {
    case 1000:
    case 1001:
    case 1002:
    case 1003:
      return 1000;  // the tracking mode (xterm's send_mouse_pos)
    case 1005:
    case 1006:
    case 1015:
    case 1016:
      return 1006;  // the coordinate encoding (extend_coords)
    case 47:
    case 1047:
    case 1049:
      return 47;  // which screen is shown
    default:
      return mode;
  }
}

}  // namespace

void Terminal::SavePrivateModes(const Params& params) {
  for (int i = 0; i < params.size(); ++i) {
    const int mode = params.raw(i);
    if (PrivateModeValue(mode) == 0) continue;  // a mode xterm does not know
    const int slot = SaveSlot(mode);
    int value = PrivateModeValue(mode) == 1 || PrivateModeValue(mode) == 3;
    switch (slot) {
      case 9:
      case 1000:
        value = static_cast<int>(modes_.mouse_tracking);
        break;
      case 47:
        value = alternate_active_;
        break;
      case 69:
        value = 1;  // xterm 379 saves DECLRMM as set, whatever it is
        break;
      case 1048:
        SaveCursor();
        break;
      default:
        break;
    }
    saved_private_modes_[slot] = value;
  }
}

void Terminal::RestorePrivateModes(const Params& params) {
  for (int i = 0; i < params.size(); ++i) {
    const int mode = params.raw(i);
    if (PrivateModeValue(mode) == 0) continue;
    const int slot = SaveSlot(mode);
    // A mode never saved restores as reset (xterm's saved modes start at 0).
    const auto it = saved_private_modes_.find(slot);
    const int value = it == saved_private_modes_.end() ? 0 : it->second;
    switch (slot) {
      case 9:
      case 1000:
        modes_.mouse_tracking = static_cast<MouseTracking>(value);
        break;
      case 1006:
        // xterm 379 restores the encoding as a truth value, which names no encoding: DECRQM
        // then answers reset for all four, as for the default encoding.
        modes_.mouse_encoding = MouseEncoding::kDefault;
        break;
      case 66:
      case 67:
        // xterm 379 restores DECNKM and DECBKM into the wrong set of flags: nothing changes.
        break;
      case 47:
        // Only which screen shows: no clearing, no cursor saved or restored.
        SwitchScreen(value != 0, /*clear_alternate=*/false);
        break;
      case 1048:
        RestoreCursor();
        break;
      default:
        SetPrivateMode(mode, value != 0);
        break;
    }
  }
}

}  // namespace vtsnap
