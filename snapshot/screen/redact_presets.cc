#include "vtsnap/snapshot/screen/redact_presets.h"

#include <initializer_list>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "vtsnap/base/quote.h"
#include "vtsnap/snapshot/screen/redact.h"

namespace vtsnap {
namespace {

// RE2 has no look-behind, so a pattern that must not start inside a word or a number matches the
// character before it as context, outside the `redact` group (or the start of the row).

// A month's name, abbreviated or in full, in English (as the C locale and `ls` print it).
#define VTSNAP_MONTH                                                                           \
  "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:" \
  "ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
#define VTSNAP_WEEKDAY                                                                             \
  "(?:Mon(?:day)?|Tue(?:sday)?|Wed(?:nesday)?|Thu(?:rsday)?|Fri(?:day)?|Sat(?:urday)?|Sun(?:day)?" \
  ")"
// A byte size: a number, an optional space and a unit (12.3G, 512 MiB, 4K, 6B, 100 bytes).
#define VTSNAP_SIZE "\\d+(?:[.,]\\d+)?\\s?(?:[kKMGTPE]i?B?|B|[Bb]ytes?)"
// The characters a bar meter is drawn with (|#=*> and the eighth blocks U+2588..U+258F), as the
// inside of a character class.
#define VTSNAP_BARS "|#=*>\xE2\x96\x88-\xE2\x96\x8F"
// A meter's figure: a percentage, or a size with an optional "/total".
#define VTSNAP_FIGURE \
  "\\d+(?:[.,]\\d+)?\\s?(?:%|(?:[kKMGTPE]i?B?|B)(?:/\\d+(?:[.,]\\d+)?\\s?(?:[kKMGTPE]i?B?|B))?)"

constexpr RedactionPreset kPresets[] = {
    {
        .name = "clock",
        .pattern = "(?:^|[^\\w.:]|\\dT)(?P<redact>(?:[01]?\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d)?"
                   "(?:[.,]\\d{1,9})?(?:\\s?[AaPp]\\.?[Mm])?)Z?\\b",
        .masks = "a time of day, H:MM or HH:MM, with optional seconds, fraction and am/pm: "
                 "21:31, 17:40:35, 9:05 pm, 03:04:05.123, the time of 2026-12-07T21:31:00",
        .keeps = "versions (3.2.2), ratios (16:9, 1:2), ports (localhost:8080, 10.0.0.1:22), "
                 "27:00 and 12:75 (no such time), 123:45",
    },
    {
        .name = "iso-date",
        .pattern =
            "(?:^|[^\\w.:/-])(?P<redact>\\d{4}(?:-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])|"
            "/(?:0[1-9]|1[0-2])/(?:0[1-9]|[12]\\d|3[01])))(?:T|\\b)",
        .masks = "a date as YYYY-MM-DD or YYYY/MM/DD: 2026-12-07, 2026/12/07, the date of "
                 "2026-12-07T21:31:00",
        .keeps = "numbers of that shape that are no date (2026-13-07, 1234-56-78), versions",
    },
    {
        .name = "month-date",
        .pattern = "\\b(?:" VTSNAP_WEEKDAY ",?\\s+)?(?:" VTSNAP_MONTH
                   "\\.?\\s{1,2}\\d{1,2}\\b(?:,?\\s{1,2}\\d{4}\\b)?|\\d{1,2}\\s+" VTSNAP_MONTH
                   "\\.?\\b(?:,?\\s+\\d{4}\\b)?)",
        .masks = "a date with an English month name, as ls, mc and mail headers print it: "
                 "Dec  7, Jan  2  2024, December 7, 2026, Mon Dec  7, Mon, 07 Dec 2026 (the "
                 "time after it is the clock preset's)",
        .keeps = "words that start like a month (Mark 12, Maybe 3), a month without a day",
    },
    {
        .name = "numeric-date",
        .pattern = "(?:^|[^\\w./:-])(?P<redact>\\d{1,2}/\\d{1,2}/(?:\\d{4}|\\d{2})|"
                   "\\d{1,2}\\.\\d{1,2}\\.\\d{4}|\\d{1,2}-\\d{1,2}-\\d{4})\\b",
        .masks = "a day, month and year in digits: 12/07/2026, 7/12/26, 07.12.2026, 07-12-2026",
        .keeps = "versions (3.2.2, 1.10.3), fractions (1/2), IP addresses (192.168.1.100)",
    },
    {
        .name = "uptime",
        .pattern = "(?i)\\bup(?:time)?:?\\s+(?P<redact>(?:\\d+\\s+days?(?:\\(!\\))?,?\\s*)?"
                   "(?:\\d{1,2}:[0-5]\\d(?::[0-5]\\d)?|\\d+\\s+min(?:utes?)?\\b))",
        .masks = "the time since boot after \"up\" or \"Uptime:\": Uptime: 17:40:35, "
                 "Uptime: 2 days, 03:14:05, up 17:44, up 2 days,  3:14, up 5 min",
        .keeps = "its label, and \"up\" inside a word (Setup: 10:30) or without a duration",
    },
    {
        .name = "load-average",
        .pattern = "(?i)\\bload (?:averages?|avg):?\\s*(?P<redact>\\d+[.,]\\d+"
                   "(?:,?\\s+\\d+[.,]\\d+){0,2})",
        .masks = "the one to three figures after \"load average:\" (htop, top, uptime, w): "
                 "Load average: 0.86 1.08 1.68, load average: 0.86, 1.08, 1.68",
        .keeps = "the label, and figures without it",
    },
    {
        .name = "byte-size",
        .pattern = "(?:^|[^\\w.])(?P<redact>" VTSNAP_SIZE ")\\b",
        .masks = "an amount of bytes with its unit: 12.3G, 236M, 23.5G, 512 MiB, 4K, 120.6K, "
                 "6B, 1,5 GB, 100 bytes",
        .keeps = "a number without a unit (4096), key and model names (F9Kill, 3D, 1080p), "
                 "numbers inside words (v2.5G)",
    },
    {
        .name = "percent",
        .pattern = "(?:^|[^\\w.])(?P<redact>\\d+(?:[.,]\\d+)?\\s?%)",
        .masks = "a percentage: 80%, 0.0%, 100.0%, 45 %",
        .keeps = "a % without a number (CPU%, %d), numbers without %",
    },
    {
        .name = "meter",
        // Bars and blanks, then a figure; or two or more bars and blanks, one of them a bar; or
        // three or more blanks (an empty meter).
        .pattern = "\\[(?:[ " VTSNAP_BARS "]*" VTSNAP_FIGURE "\\s*|[ " VTSNAP_BARS "]*[" VTSNAP_BARS
                   "][ " VTSNAP_BARS "]+|[ " VTSNAP_BARS "]+[" VTSNAP_BARS "]| {3,})\\]",
        .masks = "a bar meter between brackets, bar and figure together, whatever it shows: "
                 "htop's [|||||   45.2%] and [||||      236M/23.5G], [#####     ], [==>   ], "
                 "an empty [     ]",
        .keeps = "checkboxes and tags ([ ], [x], [*], [OK], [#1], [Main])",
    },
    {
        .name = "pid",
        .pattern = "(?i)\\bpid\\s*[:=#]?\\s*(?P<redact>\\d+)\\b",
        .masks = "a process id after the word pid: pid 4242, PID: 4242, pid=4242 (a PID column "
                 "is a rectangle)",
        .keeps = "the label, numbers after other words (rapid 12, PIDs 3)",
    },
    {
        .name = "temp-path",
        .pattern = "(?:^|[^\\w.~/-])(?:/private)?(?:/tmp|/var/tmp|/dev/shm)/(?P<redact>[^\\s/]+)",
        .masks = "the name right under /tmp, /var/tmp or /dev/shm, which mktemp makes new on "
                 "each run: /tmp/tmp.AbC123XyZ/work/a.txt keeps /tmp/ and /work/a.txt",
        .keeps = "the rest of the path, other folders named tmp (/usr/tmp/x, ~/tmp/x)",
    },
    {
        .name = "user-host",
        .pattern = "(?:^|[^\\w.@-])(?P<redact>[a-z_][\\w.-]*@[A-Za-z0-9][\\w.-]*):",
        .masks = "a shell prompt's user@host before its colon: root@build-7:/tmp/x$ (mc's "
                 "command line shows the shell's prompt)",
        .keeps = "an e-mail address not followed by a colon (write to me@example.com)",
    },
    {
        .name = "hint-line",
        .pattern = "\\b(?:Hint|Tip)s?:\\s(?P<redact>.*)",
        .masks = "the rest of the row after \"Hint: \" or \"Tip: \", blanks included, so hints of "
                 "any length leave the same mask (mc's hint line: Hint: Tab changes your "
                 "current panel.)",
        .keeps = "the label, and words that end in hint or tip (Tooltip: x)",
    },
};

#undef VTSNAP_MONTH
#undef VTSNAP_WEEKDAY
#undef VTSNAP_SIZE
#undef VTSNAP_BARS
#undef VTSNAP_FIGURE

std::string PresetNames() {
  return absl::StrJoin(RedactionPresets(), ", ", [](std::string* out, const RedactionPreset& p) {
    absl::StrAppend(out, p.name);
  });
}

}  // namespace

absl::Span<const RedactionPreset> RedactionPresets() { return kPresets; }

const RedactionPreset* FindRedactionPreset(absl::string_view name) {
  for (const RedactionPreset& preset : kPresets) {
    if (preset.name == name) return &preset;
  }
  return nullptr;
}

absl::Status AddRedactionPreset(absl::string_view name, Redactions* redactions) {
  const RedactionPreset* preset = FindRedactionPreset(name);
  if (preset == nullptr) {
    return absl::NotFoundError(absl::StrCat("unknown redaction preset ", QuoteForMessage(name),
                                            " (the presets: ", PresetNames(), ")"));
  }
  return redactions->AddPattern(preset->pattern);
}

absl::Status AddRedactionPresets(std::initializer_list<absl::string_view> names,
                                 Redactions* redactions) {
  for (absl::string_view name : names) {
    if (FindRedactionPreset(name) == nullptr) return AddRedactionPreset(name, redactions);
  }
  for (absl::string_view name : names) {
    if (absl::Status s = AddRedactionPreset(name, redactions); !s.ok()) return s;
  }
  return absl::OkStatus();
}

}  // namespace vtsnap
