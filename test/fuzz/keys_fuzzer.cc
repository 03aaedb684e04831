// libFuzzer target: key scripts and sizes. A script that parses always encodes, in both cursor
// modes; an error names a word of the script; ParseSize never accepts what FormatSize would not
// write back the same way (up to the case of the x).
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/string_view.h"
#include "test/fuzz/fuzz_check.h"
#include "vtsnap/base/size.h"
#include "vtsnap/decoder/keys.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<std::vector<vtsnap::Key>> keys = vtsnap::ParseKeys(text);
  if (keys.ok()) {
    for (bool application : {false, true}) {
      for (const vtsnap::Key& key : *keys) {
        FUZZ_CHECK(vtsnap::EncodeKey(key, {.application_cursor = application}).ok());
      }
      FUZZ_CHECK(vtsnap::EncodeKeys(text, {.application_cursor = application}).ok());
    }
  } else {
    const std::string word = vtsnap::OffendingWord(keys.status());
    FUZZ_CHECK(word.empty() || text.find(word) != absl::string_view::npos);
  }
  absl::StatusOr<vtsnap::TerminalSize> parsed = vtsnap::ParseSize(text);
  if (parsed.ok()) {
    FUZZ_CHECK(parsed->cols > 0 && parsed->rows > 0);
    FUZZ_CHECK(absl::AsciiStrToLower(text) == vtsnap::FormatSize(*parsed));
  }
  return 0;
}
