// FNV-1a, 64 bits: the one hash vtsnap spells out for other programs to compute (hyperlink ids,
// decoder/hyperlink.h; raster content hashes, snapshot/screen/rgba.h) and uses wherever it needs a
// hash whose value is the same on every platform (bench corpus seeds, test pins).
//
// Start from the offset basis 0xcbf29ce484222325; for each byte, xor it into the hash, then
// multiply by the prime 0x100000001b3, modulo 2^64. Continuing a hash over more bytes (the second
// argument) is hashing the concatenation.
//
//   uint64_t h = vtsnap::Fnv1a64("foobar");                          // 0x85944171f73967e8
//   uint64_t same = vtsnap::Fnv1a64("bar", vtsnap::Fnv1a64("foo"));  // the same value
//   std::vector<uint8_t> pixels = {255, 0, 0, 255};
//   uint64_t p = vtsnap::Fnv1a64(absl::MakeConstSpan(pixels));        // bytes as bytes
#ifndef VTSNAP_BASE_FNV1A_H_
#define VTSNAP_BASE_FNV1A_H_

#include <cstdint>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace vtsnap {

inline constexpr uint64_t kFnv1a64OffsetBasis = 0xcbf29ce484222325ull;
inline constexpr uint64_t kFnv1a64Prime = 0x100000001b3ull;

// 64-bit FNV-1a of `bytes`, continued from `hash` (the offset basis to start afresh).
constexpr uint64_t Fnv1a64(absl::string_view bytes, uint64_t hash = kFnv1a64OffsetBasis) {
  for (const char c : bytes) {
    hash ^= static_cast<uint8_t>(c);
    hash *= kFnv1a64Prime;
  }
  return hash;
}
constexpr uint64_t Fnv1a64(absl::Span<const uint8_t> bytes, uint64_t hash = kFnv1a64OffsetBasis) {
  for (const uint8_t byte : bytes) {
    hash ^= byte;
    hash *= kFnv1a64Prime;
  }
  return hash;
}

}  // namespace vtsnap

#endif  // VTSNAP_BASE_FNV1A_H_
