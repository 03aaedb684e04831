// Hyperlinks (OSC 8): which targets are valid, and the `id=` value vtsnap's presenter profile
// expects a presenter to open a hyperlink with.
//
// A presenter opens a hyperlink as `OSC 8 ; id=<HyperlinkId(target)> ; <target>`. The id is
// "h" followed by the 16 lowercase hex digits of the 64-bit FNV-1a hash of the target's bytes
// (offset basis 0xcbf29ce484222325, prime 0x100000001b3), so any presenter in any language can
// compute it in a few lines. A presenter that computes ids differently passes its own function
// in PresenterOptions::hyperlink_id (decoder/presenter.h).
//
//   std::string id = vtsnap::HyperlinkId("https://example.com/");  // "h" + 16 hex digits
//   bool ok = vtsnap::IsValidHyperlinkTarget("https://example.com/");   // true
#ifndef VTSNAP_DECODER_HYPERLINK_H_
#define VTSNAP_DECODER_HYPERLINK_H_

#include <string>

#include "absl/strings/string_view.h"

namespace vtsnap {

// True when `target` is a valid terminal hyperlink target: an absolute URI (a scheme of a letter
// then letters, digits, '+', '-' or '.', ended by ':') made only of printable ASCII without space.
bool IsValidHyperlinkTarget(absl::string_view target);

// The id vtsnap expects for `target`: "h" + 16 lowercase hex digits of FNV-1a 64 over its bytes.
std::string HyperlinkId(absl::string_view target);

}  // namespace vtsnap

#endif  // VTSNAP_DECODER_HYPERLINK_H_
