#include "vtsnap/tools/zip_reader.h"

#include <zlib.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "vtsnap/snapshot/store.h"

namespace vtsnap::tools {
namespace {

constexpr uint32_t kEndOfCentralDirectory = 0x06054b50;
constexpr uint32_t kCentralHeader = 0x02014b50;
constexpr uint32_t kLocalHeader = 0x04034b50;
constexpr size_t kEndRecordBytes = 22;
constexpr size_t kCentralHeaderBytes = 46;
constexpr size_t kLocalHeaderBytes = 30;

uint32_t Le16(absl::string_view b, size_t at) {
  return static_cast<uint32_t>(static_cast<uint8_t>(b[at])) |
         static_cast<uint32_t>(static_cast<uint8_t>(b[at + 1])) << 8;
}
uint32_t Le32(absl::string_view b, size_t at) { return Le16(b, at) | Le16(b, at + 2) << 16; }

// Inflates the raw deflate stream `in` into exactly `size` bytes, or says why not.
std::optional<std::string> Inflate(absl::string_view in, size_t size, std::string* why) {
  std::string out(size, '\0');
  z_stream z{};
  if (inflateInit2(&z, -MAX_WBITS) != Z_OK) {
    *why = "zlib could not start";
    return std::nullopt;
  }
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int rc = inflate(&z, Z_FINISH);
  const size_t produced = z.total_out;
  inflateEnd(&z);
  if (rc != Z_STREAM_END || produced != size) {
    *why = rc == Z_STREAM_END ? absl::StrCat("it inflates to ", produced, " bytes, not ", size)
                              : absl::StrCat("its deflate data is corrupt (zlib ", rc, ")");
    return std::nullopt;
  }
  return out;
}

}  // namespace

absl::StatusOr<std::vector<ZipFile>> ReadZipFiles(const std::string& path,
                                                  absl::string_view prefix) {
  absl::StatusOr<std::optional<std::string>> read = ReadFileIfExists(path, kMaxGoldenBytes);
  if (!read.ok()) return read.status();
  if (!read->has_value()) return absl::NotFoundError(absl::StrCat(path, ": does not exist"));
  const std::string& zip = **read;
  auto bad = [&path](size_t at, absl::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": byte ", at, ": ", what));
  };

  // The end record: the last signature within the final 22 + 65535 (comment) bytes.
  if (zip.size() < kEndRecordBytes) return bad(0, "too short for a zip archive");
  size_t end = std::string::npos;
  const size_t lowest =
      zip.size() > kEndRecordBytes + 0xffff ? zip.size() - kEndRecordBytes - 0xffff : 0;
  for (size_t at = zip.size() - kEndRecordBytes + 1; at-- > lowest;) {
    if (Le32(zip, at) == kEndOfCentralDirectory) {
      end = at;
      break;
    }
  }
  if (end == std::string::npos) return bad(zip.size(), "no end of central directory: not a zip");
  if (Le16(zip, end + 4) != 0 || Le16(zip, end + 6) != 0) {
    return bad(end, "a multi-disk archive, which is not supported");
  }
  const uint32_t count = Le16(zip, end + 10);
  const uint32_t directory_size = Le32(zip, end + 12);
  const uint32_t directory_at = Le32(zip, end + 16);
  if (count == 0xffff || directory_at == 0xffffffffu) {
    return bad(end, "a ZIP64 archive, which is not supported");
  }
  if (uint64_t{directory_at} + directory_size > end) {
    return bad(end, "the central directory lies outside the archive");
  }

  std::vector<ZipFile> files;
  size_t at = directory_at;
  for (uint32_t i = 0; i < count; ++i) {
    if (at + kCentralHeaderBytes > end || Le32(zip, at) != kCentralHeader) {
      return bad(at, absl::StrCat("central directory entry ", i + 1, " of ", count, " is missing"));
    }
    const uint32_t flags = Le16(zip, at + 8);
    const uint32_t method = Le16(zip, at + 10);
    const uint32_t crc = Le32(zip, at + 16);
    const uint32_t packed = Le32(zip, at + 20);
    const uint32_t size = Le32(zip, at + 24);
    const size_t name_len = Le16(zip, at + 28);
    const size_t extra_len = Le16(zip, at + 30);
    const size_t comment_len = Le16(zip, at + 32);
    const uint32_t local_at = Le32(zip, at + 42);
    if (at + kCentralHeaderBytes + name_len > end) return bad(at, "an entry's name is cut short");
    const std::string name = zip.substr(at + kCentralHeaderBytes, name_len);
    const size_t entry_at = at;
    at += kCentralHeaderBytes + name_len + extra_len + comment_len;
    if (!absl::StartsWith(name, prefix) || absl::EndsWith(name, "/")) continue;

    const std::string quoted = absl::StrCat("\"", name, "\"");
    if (absl::StartsWith(name, "/") || absl::c_linear_search(absl::StrSplit(name, '/'), "..")) {
      return bad(entry_at, absl::StrCat(quoted, " points outside the archive's folder"));
    }
    if ((flags & 1) != 0) return bad(entry_at, absl::StrCat(quoted, " is encrypted"));
    if (packed == 0xffffffffu || size == 0xffffffffu || local_at == 0xffffffffu) {
      return bad(entry_at, absl::StrCat(quoted, " is a ZIP64 entry, which is not supported"));
    }
    if (size > kMaxGoldenBytes) {
      return bad(entry_at,
                 absl::StrCat(quoted, " is ", size, " bytes, over the limit of ", kMaxGoldenBytes));
    }
    if (uint64_t{local_at} + kLocalHeaderBytes > end || Le32(zip, local_at) != kLocalHeader) {
      return bad(local_at, absl::StrCat(quoted, ": no local header here"));
    }
    const size_t data_at =
        local_at + kLocalHeaderBytes + Le16(zip, local_at + 26) + Le16(zip, local_at + 28);
    if (uint64_t{data_at} + packed > end) {
      return bad(data_at, absl::StrCat(quoted, "'s data runs past the central directory"));
    }
    const absl::string_view data(zip.data() + data_at, packed);
    std::string contents;
    if (method == 0) {
      if (packed != size) return bad(data_at, absl::StrCat(quoted, " is stored with two sizes"));
      contents = std::string(data);
    } else if (method == 8) {
      std::string why;
      std::optional<std::string> inflated = Inflate(data, size, &why);
      if (!inflated.has_value()) return bad(data_at, absl::StrCat(quoted, ": ", why));
      contents = std::move(*inflated);
    } else {
      return bad(entry_at, absl::StrCat(quoted, " uses compression method ", method,
                                        " (only stored and deflated are read)"));
    }
    const uLong actual_crc =
        crc32(crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef*>(contents.data()),
              static_cast<uInt>(contents.size()));
    if (actual_crc != crc) return bad(data_at, absl::StrCat(quoted, " fails its CRC-32 check"));
    files.push_back({.name = name, .contents = std::move(contents)});
  }
  return files;
}

}  // namespace vtsnap::tools
