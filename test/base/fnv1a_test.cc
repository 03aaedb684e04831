// The one 64-bit FNV-1a (base/fnv1a.h).
#include "vtsnap/base/fnv1a.h"

#include <cstdint>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "gtest/gtest.h"

namespace vtsnap {
namespace {

// Published FNV-1a 64-bit test vectors (http://www.isthe.com/chongo/tech/comp/fnv/).
TEST(Fnv1a64Test, PublishedVectors) {
  EXPECT_EQ(Fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(Fnv1a64("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(Fnv1a64("foobar"), 0x85944171f73967e8ull);
}

TEST(Fnv1a64Test, BytesHashLikeChars) {
  const std::vector<uint8_t> bytes = {'f', 'o', 'o', 'b', 'a', 'r', 0xFF};
  EXPECT_EQ(Fnv1a64(absl::MakeConstSpan(bytes)), Fnv1a64("foobar\xFF"));
  EXPECT_EQ(Fnv1a64(absl::Span<const uint8_t>()), kFnv1a64OffsetBasis);
}

TEST(Fnv1a64Test, ContinuingIsHashingTheConcatenation) {
  EXPECT_EQ(Fnv1a64("bar", Fnv1a64("foo")), Fnv1a64("foobar"));
  const std::vector<uint8_t> bar = {'b', 'a', 'r'};
  EXPECT_EQ(Fnv1a64(absl::MakeConstSpan(bar), Fnv1a64("foo")), Fnv1a64("foobar"));
}

TEST(Fnv1a64Test, IsConstexpr) {
  static_assert(Fnv1a64("a") == 0xaf63dc4c8601ec8cull);
  static_assert(kFnv1a64Prime == 0x100000001b3ull);
}

// The header's usage example.
TEST(Fnv1a64Test, FromTheHeader) {
  uint64_t h = vtsnap::Fnv1a64("foobar");
  uint64_t same = vtsnap::Fnv1a64("bar", vtsnap::Fnv1a64("foo"));
  std::vector<uint8_t> pixels = {255, 0, 0, 255};
  uint64_t p = vtsnap::Fnv1a64(absl::MakeConstSpan(pixels));
  EXPECT_EQ(h, 0x85944171f73967e8ull);
  EXPECT_EQ(same, h);
  EXPECT_EQ(p, Fnv1a64(absl::string_view("\xFF\x00\x00\xFF", 4)));
}

}  // namespace
}  // namespace vtsnap
