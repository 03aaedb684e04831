// Redaction presets: named, tested patterns for what changes on a screen from one run to the next
// (clocks, dates, byte sizes, percentages, meters, load averages, uptimes, process ids, temporary
// folders, tip-of-the-day lines), to add to a Redactions (snapshot/screen/redact.h) by name.
//
// Each preset is one RE2 pattern; most mask a part of their match (a group named `redact`) and
// keep the context that found it visible ("Load average: ", "pid "). Masks keep cell widths, so a
// redacted screen has the layout of the original. A value whose width itself varies between runs
// ("pid 99" and "pid 12345") leaves masks of different widths, and the text after it moves: such a
// value needs a rectangle (Redactions::AddRect) over the widest it gets, or a preset that covers
// the whole rest of its row (`hint-line`), or a program that prints it at a fixed width. htop's
// process list, whose rows are other processes on every run, is a rectangle (docs/goldens.md,
// "Volatile screens").
//
// Example:
//   vtsnap::Redactions redactions;
//   if (absl::Status s = vtsnap::AddRedactionPresets({"clock", "load-average"}, &redactions);
//       !s.ok()) {
//     return s;
//   }
//   // "Load average: 0.86 1.08 1.68" becomes "Load average: ##############",
//   // "Uptime: 17:40:35" becomes "Uptime: ########".
#ifndef VTSNAP_SNAPSHOT_SCREEN_REDACT_PRESETS_H_
#define VTSNAP_SNAPSHOT_SCREEN_REDACT_PRESETS_H_

#include <initializer_list>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "vtsnap/snapshot/screen/redact.h"

namespace vtsnap {

struct RedactionPreset {
  absl::string_view name;     // "clock"
  absl::string_view pattern;  // RE2, as Redactions::AddPattern takes it
  absl::string_view masks;    // what it masks, with examples
  absl::string_view keeps;    // text of the same shape it leaves alone
};

// Every preset, in the order docs/goldens.md lists them.
absl::Span<const RedactionPreset> RedactionPresets();

// The preset named `name`, or nullptr.
const RedactionPreset* FindRedactionPreset(absl::string_view name);

// Adds the preset named `name` to `redactions`. An unknown name is a NotFoundError naming it and
// listing the presets, and adds nothing.
[[nodiscard]] absl::Status AddRedactionPreset(absl::string_view name, Redactions* redactions);

// Adds each preset of `names` in order; on the first unknown name, returns its error having added
// none of them.
[[nodiscard]] absl::Status AddRedactionPresets(std::initializer_list<absl::string_view> names,
                                               Redactions* redactions);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_SCREEN_REDACT_PRESETS_H_
