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

// A zip archive of `entries`, local headers then the central directory then the end record.
inline std::string ZipOf(const std::vector<ZipEntry>& entries) {
  std::string local, central;
  for (const ZipEntry& e : entries) {
    const std::string data = e.raw.has_value() ? *e.raw
                             : e.method == 8   ? Deflate(e.contents)
                                               : e.contents;
    const uint32_t crc = e.crc.value_or(crc32(0, reinterpret_cast<const Bytef*>(e.contents.data()),
                                              static_cast<uInt>(e.contents.size())));
    const uint32_t size = e.size.value_or(static_cast<uint32_t>(e.contents.size()));
    const uint32_t offset = static_cast<uint32_t>(local.size());
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
