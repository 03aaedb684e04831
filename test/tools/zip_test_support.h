// Zip archives built byte by byte for tests of what reads Bazel's outputs.zip (zip_reader_test,
// review_cli_test): stored or deflated entries, with fields that can be set wrong on purpose.
#ifndef VTSNAP_TEST_TOOLS_ZIP_TEST_SUPPORT_H_
#define VTSNAP_TEST_TOOLS_ZIP_TEST_SUPPORT_H_

#include <zlib.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace vtsnap_test {

struct ZipEntry {
  std::string name;
  std::string contents;
  int method = 0;  // 0 stored, 8 deflated, anything else as given
  uint32_t flags = 0;
  std::optional<uint32_t> crc = std::nullopt;     // the CRC-32 written (default: the right one)
  std::optional<uint32_t> size = std::nullopt;    // the uncompressed size written
  std::optional<std::string> raw = std::nullopt;  // the data written, instead of `contents`'s
  // An earlier entry whose local header and data this one points at, writing none of its own:
  // entries sharing one stream, as a zip bomb has them.
  std::optional<size_t> data_of = std::nullopt;
};

inline void Le16(std::string* out, uint32_t v) {
  out->push_back(static_cast<char>(v & 0xff));
  out->push_back(static_cast<char>(v >> 8 & 0xff));
}
inline void Le32(std::string* out, uint32_t v) {
  Le16(out, v & 0xffff);
  Le16(out, v >> 16);
}

inline std::string Deflate(const std::string& in) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, 9, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(deflateBound(&z, in.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

// A raw deflate stream of `chunks` x 128 KiB of zero bytes, and its CRC-32, without the zeros in
// memory: one chunk deflated on its own (Z_FULL_FLUSH: it refers to nothing before it) is repeated,
// then an empty final block ends the stream. For zip bombs: 1024 chunks are 128 MiB in ~130 KB.
struct Zeros {
  std::string deflated;
  uint32_t crc;
  uint32_t size;
};
inline Zeros DeflatedZeros(uint32_t chunks) {
  constexpr uint32_t kChunk = 128 << 10;
  const std::string zeros(kChunk, '\0');
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, 9, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string chunk(deflateBound(&z, kChunk) + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(zeros.data()));
  z.avail_in = kChunk;
  z.next_out = reinterpret_cast<Bytef*>(chunk.data());
  z.avail_out = static_cast<uInt>(chunk.size());
  EXPECT_EQ(deflate(&z, Z_FULL_FLUSH), Z_OK);
  chunk.resize(z.total_out);
  deflateEnd(&z);
  Zeros out{.deflated = "", .crc = 0, .size = 0};
  const uLong chunk_crc = crc32(0, reinterpret_cast<const Bytef*>(zeros.data()), kChunk);
  for (uint32_t i = 0; i < chunks; ++i) {
    out.deflated += chunk;
    out.crc = static_cast<uint32_t>(crc32_combine(out.crc, chunk_crc, kChunk));
    out.size += kChunk;
  }
  out.deflated += std::string("\x03\x00", 2);  // a final fixed-Huffman block with no data
  return out;
}

// A zip archive of `entries`, local headers then the central directory then the end record.
inline std::string ZipOf(const std::vector<ZipEntry>& entries) {
  std::string local, central;
  std::vector<uint32_t> offsets;
  for (const ZipEntry& e : entries) {
    const std::string data = e.raw.has_value() ? *e.raw
                             : e.method == 8   ? Deflate(e.contents)
                                               : e.contents;
    const uint32_t crc = e.crc.value_or(crc32(0, reinterpret_cast<const Bytef*>(e.contents.data()),
                                              static_cast<uInt>(e.contents.size())));
    const uint32_t size = e.size.value_or(static_cast<uint32_t>(e.contents.size()));
    const uint32_t offset =
        e.data_of.has_value() ? offsets.at(*e.data_of) : static_cast<uint32_t>(local.size());
    offsets.push_back(offset);
    if (!e.data_of.has_value()) {
      local += std::string("PK\x03\x04", 4);
      Le16(&local, 20);
      Le16(&local, e.flags);
      Le16(&local, e.method);
      Le32(&local, 0);  // time, date
      Le32(&local, crc);
      Le32(&local, static_cast<uint32_t>(data.size()));
      Le32(&local, size);
      Le16(&local, static_cast<uint32_t>(e.name.size()));
      Le16(&local, 0);
      local += e.name + data;
    }
    central += std::string("PK\x01\x02", 4);
    Le16(&central, 20);
    Le16(&central, 20);
    Le16(&central, e.flags);
    Le16(&central, e.method);
    Le32(&central, 0);
    Le32(&central, crc);
    Le32(&central, static_cast<uint32_t>(data.size()));
    Le32(&central, size);
    Le16(&central, static_cast<uint32_t>(e.name.size()));
    for (int i = 0; i < 4; ++i) Le16(&central, 0);  // extra, comment, disk, internal attributes
    Le32(&central, 0);                              // external attributes
    Le32(&central, offset);
    central += e.name;
  }
  std::string zip = local + central;
  zip += std::string("PK\x05\x06", 4);
  Le32(&zip, 0);  // disk numbers
  Le16(&zip, static_cast<uint32_t>(entries.size()));
  Le16(&zip, static_cast<uint32_t>(entries.size()));
  Le32(&zip, static_cast<uint32_t>(central.size()));
  Le32(&zip, static_cast<uint32_t>(local.size()));
  Le16(&zip, 0);
  return zip;
}

}  // namespace vtsnap_test

#endif  // VTSNAP_TEST_TOOLS_ZIP_TEST_SUPPORT_H_
