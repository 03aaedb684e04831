// Internal to the presenter profile (PresenterTerminal, decoder/presenter.h), whose validators are
// split over presenter.cc (the tokenizer, CSI and messages), presenter_sgr.cc, presenter_osc.cc and
// presenter_sixel.cc: the constants and helpers they share. Not part of vtsnap's API.
#ifndef VTSNAP_DECODER_PRESENTER_INTERNAL_H_
#define VTSNAP_DECODER_PRESENTER_INTERNAL_H_

#include <cstddef>
#include <cstdint>

namespace vtsnap::presenter_internal {

inline constexpr uint8_t kEsc = 0x1B;
inline constexpr uint8_t kBel = 0x07;
// The largest CSI or DCS parameter.
inline constexpr int kMaxParam = 65535;
// A long sequence is shown in messages as its first kHeadBytes bytes and its last kTailBytes.
inline constexpr size_t kHeadBytes = 32;
inline constexpr size_t kTailBytes = 12;
// A string (OSC, DCS) keeps this many first bytes for messages: all of a short one.
inline constexpr size_t kStringHeadBytes = 48;

// The name of a C0 control ("NUL", ..., "US") for messages; "DEL" for any other byte.
const char* C0Name(uint8_t byte);

}  // namespace vtsnap::presenter_internal

#endif  // VTSNAP_DECODER_PRESENTER_INTERNAL_H_
