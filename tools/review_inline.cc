// `vtsnap review` of pending inline screens (matchers/screen_is.h): the sidecar files beside test
// sources, each entry a rewrite of one `ScreenIs` literal.
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "vtsnap/snapshot/formats/inline_screen.h"
#include "vtsnap/tools/review_internal.h"

namespace vtsnap::tools::review_internal {
namespace {

// The frame an inline screen says, as a golden parsed from a dump: the text by rows, the styles
// where pinned.
absl::StatusOr<Frame> FrameOf(absl::string_view literal, const Entry& entry) {
  absl::StatusOr<InlineScreen> screen = ParseInlineScreen(literal);
  if (!screen.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        entry.golden, ": the inline screen cannot be read: ", screen.status().message()));
  }
  const Frame blank = Frame::Blank(screen->cols, static_cast<int>(screen->rows.size()));
  return ExpectedFrame(*screen, blank);
}

}  // namespace

void AddInlineEntries(const std::vector<std::string>& sidecars, absl::string_view filter,
                      Pending* pending) {
  for (const std::string& sidecar : sidecars) {
    absl::StatusOr<std::vector<PendingInlineEdit>> edits = ReadPendingInlineEdits(sidecar);
    if (!edits.ok()) {
      pending->notes.push_back(absl::StrCat("vtsnap review: ", edits.status().message()));
      continue;
    }
    for (PendingInlineEdit& p : *edits) {
      // What the entry shows of `p` is read before `p` moves into it.
      std::string golden = absl::StrCat(p.path, ":", p.edit.line);
      const bool golden_exists =
          !ParseInlineScreen(p.edit.compiled).value_or(InlineScreen{}).empty();
      Entry entry{.actual = sidecar,
                  .golden = std::move(golden),
                  .golden_exists = golden_exists,
                  .inline_screen = true,
                  .inline_edit = std::move(p)};
      if (!filter.empty() && !absl::StrContains(Shown(entry), filter)) continue;
      pending->entries.push_back(std::move(entry));
    }
  }
}

absl::StatusOr<InlineFrames> ReadInlineFrames(const Entry& entry) {
  InlineFrames frames;
  absl::StatusOr<Frame> actual = FrameOf(entry.inline_edit.edit.replacement, entry);
  if (!actual.ok()) return actual.status();
  frames.actual = *std::move(actual);
  absl::StatusOr<InlineScreen> old = ParseInlineScreen(entry.inline_edit.edit.compiled);
  frames.expected_empty = !old.ok() || old->empty();
  if (!frames.expected_empty) {
    // Unpinned styles are the new screen's: only what the literal pins is compared.
    frames.expected = ExpectedFrame(*old, frames.actual);
  }
  return frames;
}

absl::StatusOr<std::string> AcceptInline(const Entry& entry) {
  const PendingInlineEdit& p = entry.inline_edit;
  if (absl::Status s = ApplyInlineEdit(p.edit, p.path); !s.ok()) {
    return absl::Status(s.code(), absl::StrCat("not accepting ", Shown(entry), ": ", s.message()));
  }
  std::string line = absl::StrCat("accepted ", Shown(entry), " (inline screen",
                                  entry.golden_exists ? "" : ", new", ")");
  if (absl::Status s = ForgetPendingInlineEdit(p.path, p.edit.line, p.edit.column); !s.ok()) {
    absl::StrAppend(&line, "; could not remove the pending change: ", s.message());
  }
  return line;
}

}  // namespace vtsnap::tools::review_internal
