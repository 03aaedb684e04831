#include "vtsnap/decoder/hyperlink.h"

#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "vtsnap/base/fnv1a.h"

namespace vtsnap {

bool IsValidHyperlinkTarget(absl::string_view target) {
  if (target.empty()) return false;
  for (char c : target) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x21 || byte > 0x7E) return false;
  }
  // RFC 3986 section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), ended by ':'.
  const auto is_alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  if (!is_alpha(target[0])) return false;
  for (size_t i = 1; i < target.size(); ++i) {
    const char c = target[i];
    if (c == ':') return true;
    if (!is_alpha(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.') return false;
  }
  return false;
}

std::string HyperlinkId(absl::string_view target) {
  uint64_t hash = Fnv1a64(target);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id(17, 'h');
  for (size_t i = 16; i >= 1; --i) {
    id[i] = kHex[hash & 0xF];
    hash >>= 4;
  }
  return id;
}

}  // namespace vtsnap
