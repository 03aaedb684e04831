// What `vtsnap textconv FILE` prints (tools/textconv.cc), apart from the file reading, for tests.
//
//   absl::StatusOr<std::string> text = vtsnap::tools::TextconvText(bytes, "menu.dump");
//   // "ckvision-golden 1\nsize 20x3\n  |Hello ...|\n...\nstyles:\n  row 0 cols 0-4: bold\n"
#ifndef VTSNAP_TOOLS_TEXTCONV_H_
#define VTSNAP_TOOLS_TEXTCONV_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace vtsnap::tools {

// The readable form of a golden, chosen by the first line of `contents` (not by the name):
// a screen dump or scene (`ckvision-golden 1`, `vtsnap-wide-golden 1`), a semantic projection
// (`vtsnap-semantic 1`), an RGBA plane (`ckvision-rgba 1`) or a pito-tui frame
// (`pito-tui frame 1`). Empty contents give "" (git converts an empty blob too). Errors are
// InvalidArgumentError "NAME:LINE:COL: message" (`name` is how the file is named in it), or
// "NAME: byte N: message" for an RGBA plane's pixel bytes.
[[nodiscard]] absl::StatusOr<std::string> TextconvText(absl::string_view contents,
                                                       absl::string_view name);

}  // namespace vtsnap::tools

#endif  // VTSNAP_TOOLS_TEXTCONV_H_
