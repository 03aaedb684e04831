// libFuzzer target: arbitrary text as a GNU Unifont .hex font (BitmapFont::Parse,
// snapshot/render/render.h). An error is InvalidArgument naming the font ("fuzz.hex:LINE:COL: ..."
// or "fuzz.hex: no glyphs"); a font that reads holds, for each glyph line, the glyph its last line
// for that code point wrote: the width its digit count says and the rows its digits say.
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "test/fuzz/fuzz_check.h"
#include "vtsnap/snapshot/render/render.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  const absl::StatusOr<vtsnap::BitmapFont> font = vtsnap::BitmapFont::Parse(text, "fuzz.hex");
  if (!font.ok()) {
    FUZZ_CHECK(font.status().code() == absl::StatusCode::kInvalidArgument,
               std::string(font.status().message()));
    FUZZ_CHECK(absl::StartsWith(font.status().message(), "fuzz.hex:"),
               std::string(font.status().message()));
    return 0;
  }
  // Every line read, so each is "CODE:DIGITS"; the last line of a code point wins.
  absl::flat_hash_map<uint32_t, std::string> last;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    const size_t colon = line.find(':');
    FUZZ_CHECK(colon != absl::string_view::npos, std::string(line));
    uint32_t code_point = 0;
    for (char c : line.substr(0, colon)) {
      code_point = code_point * 16 + static_cast<uint32_t>(absl::ascii_isdigit(c)
                                                               ? c - '0'
                                                               : absl::ascii_tolower(c) - 'a' + 10);
    }
    last[code_point] = absl::AsciiStrToUpper(line.substr(colon + 1));
  }
  FUZZ_CHECK(font->size() == last.size());
  for (const auto& [code_point, digits] : last) {
    const vtsnap::BitmapFont::Glyph* glyph = font->Find(code_point);
    FUZZ_CHECK(glyph != nullptr, absl::StrFormat("U+%04X", code_point));
    FUZZ_CHECK(glyph->width == (digits.size() == 32 ? 8 : 16), digits);
    std::string rows;
    for (uint16_t row : glyph->rows) {
      if (glyph->width == 8)
        FUZZ_CHECK((row & 0xFF) == 0, digits);  // an 8-wide glyph is left-aligned
      rows += glyph->width == 8 ? absl::StrFormat("%02X", row >> 8) : absl::StrFormat("%04X", row);
    }
    FUZZ_CHECK(rows == digits, rows + " != " + digits);
  }
  return 0;
}
