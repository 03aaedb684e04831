// Inline screens in a test's source file: finding the literal of one `ScreenIs` call, rewriting
// it in place, and the pending changes `vtsnap review` accepts (docs/inline-screens.md).
//
// A call is known by what the compiler said when the test binary was built (std::source_location,
// or Clang's builtins): the file, the line and the column of the call, or of the EXPECT_THAT macro
// holding it. Rewriting a
// literal can move the lines below it, and every test process of a ctest run rewrites its own
// literal in the same file, so each rewrite is recorded in a journal kept for the test binary
// (its path, size and modification time): a later rewrite, in this process or another, adds the
// line shifts of the rewrites above its call. Before anything is written the literal found must
// still hold what the binary was built with (or what this journal last wrote there): an edited
// source, a macro, a variable or a concatenation of literals is refused with the file and line,
// never guessed.
//
//   vtsnap::InlineEdit edit = {.source_file = "/src/menu_test.cc", .line = 12, .column = 3,
//                              .compiled = "", .replacement = "|Fruit Shop |\n",
//                              .binary = "/build/bin/menu_test"};
//   absl::Status s = vtsnap::ApplyInlineEdit(edit);  // the literal at line 12 now holds the row
#ifndef VTSNAP_SNAPSHOT_GOLDEN_INLINE_SOURCE_H_
#define VTSNAP_SNAPSHOT_GOLDEN_INLINE_SOURCE_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace vtsnap {

// The function name a call is looked for by.
inline constexpr absl::string_view kInlineFunction = "ScreenIs";

// Where one call's literal is in a source text.
struct InlineLiteral {
  size_t begin = 0;    // byte offset of the literal's first byte (`R` or `"`)
  size_t end = 0;      // one past its last byte
  int line = 0;        // 1-based line of `begin`
  std::string value;   // what the literal says, escapes decoded
  std::string indent;  // the leading blanks of the line the call is on
};

// The literal of the `ScreenIs(` call at (`line`, `column`) (1-based, as the compiler gives them):
// the call around that place; else the last one on its line that closes before it (Clang names a
// macro holding the call by its closing parenthesis); else the first one after it, within 50
// lines (GCC names such a macro by its first character). Errors name `file`
// and the line: no such call, an argument that is not one string literal (a variable, a macro, a
// concatenation), a literal that cannot be read.
[[nodiscard]] absl::StatusOr<InlineLiteral> FindInlineLiteral(absl::string_view source, int line,
                                                              int column, absl::string_view file);

// The raw string literal that holds `body` (lines ended by "\n"): `R"(`, each line indented by
// `indent` and four spaces, then `indent` and `)"`. The delimiter is the shortest of "", "vt",
// "vt1", ... that `body` cannot end early.
std::string InlineRawLiteral(absl::string_view body, absl::string_view indent);

// One rewrite of one call's literal.
struct InlineEdit {
  std::string source_file;  // as the compiler names it (InlineCall, matchers/screen_is.h)
  int line = 0;             // the call's line and column when the binary was built
  int column = 0;
  std::string compiled;     // the literal's value when the binary was built
  std::string replacement;  // the literal's new value (InlineRawLiteral's body)
  std::string binary;       // the test binary (its journal; "" for none: no earlier rewrite)
};

// Rewrites the literal of `edit`'s call in `path` (the source file as this process reaches it),
// atomically, under the journal's lock; then records it in the journal. OK, writing nothing, when
// the literal already holds the replacement. Errors name the file and line.
[[nodiscard]] absl::Status ApplyInlineEdit(const InlineEdit& edit, const std::string& path);

// A rewrite waiting for review: kept beside the source file in `.<name>.pending-screens` (one
// entry a call), written when an inline screen fails without UPDATE_GOLDENS and removed when it
// passes, is rewritten or is rejected.
struct PendingInlineEdit {
  InlineEdit edit;
  std::string path;  // the source file as this process reaches it
};
// The sidecar file of the source file at `path`.
std::string PendingInlinePath(const std::string& path);
// Adds or replaces the entry of `edit`'s call in `path`'s sidecar.
[[nodiscard]] absl::Status RecordPendingInlineEdit(const InlineEdit& edit, const std::string& path);
// Removes the entry of the call at (`line`, `column`) from `path`'s sidecar, and the sidecar when
// it is left empty. OK when there is none.
[[nodiscard]] absl::Status ForgetPendingInlineEdit(const std::string& path, int line, int column);
// The entries of one sidecar file (as PendingInlinePath names it); an error names the sidecar
// and the line that cannot be read.
[[nodiscard]] absl::StatusOr<std::vector<PendingInlineEdit>> ReadPendingInlineEdits(
    const std::string& sidecar);
// Whether `file_name` (no directory) is a sidecar's name.
bool IsPendingInlineFileName(absl::string_view file_name);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_GOLDEN_INLINE_SOURCE_H_
