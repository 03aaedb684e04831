#include "vtsnap/tools/zip_reader.h"

#include <zlib.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "vtsnap/snapshot/golden/store.h"

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

// The most bytes a deflate stream of `packed` bytes can inflate to: a length-distance pair copies
// at most 258 bytes and costs at least 2 bits, so 1032 per byte; the slack covers a final partial
// byte. A size declared beyond it is a lie, refused before anything is allocated for it.
uint64_t MostInflated(uint64_t packed) { return packed * 1032 + 1032; }

// Inflates the raw deflate stream `in` into exactly `size` bytes, or says why not. Inflating
// stops at `size`: a stream that would go on is an error, whatever it holds.
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
  bool more = false;
  if (rc == Z_BUF_ERROR && produced == size) {  // full: one byte more tells a longer stream
    char next;
    z.next_out = reinterpret_cast<Bytef*>(&next);
    z.avail_out = 1;
    more = inflate(&z, Z_FINISH) != Z_DATA_ERROR && z.avail_out == 0;
  }
  inflateEnd(&z);
  if (more) {
    *why = absl::StrCat("it inflates to more than the ", size, " bytes it declares");
    return std::nullopt;
  }
  if (rc != Z_STREAM_END || produced != size) {
    *why = rc == Z_STREAM_END ? absl::StrCat("it inflates to ", produced, " bytes, not ", size)
                              : absl::StrCat("its deflate data is corrupt (zlib ", rc, ")");
    return std::nullopt;
  }
  return out;
}

// A wanted entry of the central directory, checked but not yet read.
struct Wanted {
  std::string name;
  size_t entry_at;  // its central directory entry
  size_t local_at;  // its local header
  size_t data_at;
  uint32_t method;
  uint32_t crc;
  uint32_t packed;
  uint32_t size;
};

// An error at a byte offset of the archive: "PATH: byte N: WHAT".
struct Bad {
  const std::string& path;
  absl::Status operator()(size_t at, absl::string_view what) const {
    return absl::InvalidArgumentError(absl::StrCat(path, ": byte ", at, ": ", what));
  }
};

// Where the central directory is, from the end record.
struct Directory {
  size_t end;  // the end record, where the directory must stop
  uint32_t count;
  size_t at;
};

// The end record: the last signature within the final 22 + 65535 (comment) bytes.
absl::StatusOr<Directory> FindDirectory(const std::string& zip, const Bad& bad) {
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
  return Directory{.end = end, .count = count, .at = directory_at};
}

// What an entry declares that the reader refuses: a path out of the folder, encryption, ZIP64, a
// compression other than stored or deflated, a size over the limits (`listed` entries and
// `*total` bytes so far, to which this one is added) or more than its deflate data can hold.
absl::Status CheckDeclared(const Wanted& entry, uint32_t flags, size_t listed, uint64_t* total,
                           const ZipLimits& limits, const Bad& bad) {
  const std::string quoted = absl::StrCat("\"", entry.name, "\"");
  const size_t at = entry.entry_at;
  if (absl::StartsWith(entry.name, "/") ||
      absl::c_linear_search(absl::StrSplit(entry.name, '/'), "..")) {
    return bad(at, absl::StrCat(quoted, " points outside the archive's folder"));
  }
  if ((flags & 1) != 0) return bad(at, absl::StrCat(quoted, " is encrypted"));
  if (entry.packed == 0xffffffffu || entry.size == 0xffffffffu || entry.local_at == 0xffffffffu) {
    return bad(at, absl::StrCat(quoted, " is a ZIP64 entry, which is not supported"));
  }
  if (entry.method != 0 && entry.method != 8) {
    return bad(at, absl::StrCat(quoted, " uses compression method ", entry.method,
                                " (only stored and deflated are read)"));
  }
  if (entry.size > limits.file_bytes) {
    return bad(at, absl::StrCat(quoted, " is ", entry.size, " bytes, over the limit of ",
                                limits.file_bytes));
  }
  if (entry.method == 8 && entry.size > MostInflated(entry.packed)) {
    return bad(at, absl::StrCat(quoted, " declares ", entry.size, " bytes, more than its ",
                                entry.packed, " bytes of deflate data can hold"));
  }
  if (listed == limits.files) {
    return bad(at, absl::StrCat(quoted, " is one file more than the limit of ", limits.files,
                                " files read from one archive"));
  }
  *total += entry.size;
  if (*total > limits.total_bytes) {
    return bad(
        at, absl::StrCat(quoted, " brings the files read to ", *total, " bytes, over the limit of ",
                         limits.total_bytes, " for one archive"));
  }
  return absl::OkStatus();
}

// Finds the entry's data behind its local header (sets entry->data_at) and checks it lies in
// the archive.
absl::Status LocateData(const std::string& zip, size_t end, Wanted* entry, const Bad& bad) {
  const std::string quoted = absl::StrCat("\"", entry->name, "\"");
  const size_t local_at = entry->local_at;
  if (uint64_t{local_at} + kLocalHeaderBytes > end || Le32(zip, local_at) != kLocalHeader) {
    return bad(local_at, absl::StrCat(quoted, ": no local header here"));
  }
  entry->data_at =
      local_at + kLocalHeaderBytes + Le16(zip, local_at + 26) + Le16(zip, local_at + 28);
  if (uint64_t{entry->data_at} + entry->packed > end) {
    return bad(entry->data_at, absl::StrCat(quoted, "'s data runs past the central directory"));
  }
  if (entry->method == 0 && entry->packed != entry->size) {
    return bad(entry->data_at, absl::StrCat(quoted, " is stored with two sizes"));
  }
  return absl::OkStatus();
}

// Every wanted entry of the central directory, checked, and the limits with them, before anything
// is inflated.
absl::StatusOr<std::vector<Wanted>> ReadDirectory(
    const std::string& zip, const Directory& directory,
    absl::FunctionRef<bool(absl::string_view name)> wanted, const ZipLimits& limits,
    const Bad& bad) {
  std::vector<Wanted> entries;
  uint64_t total = 0;
  size_t at = directory.at;
  for (uint32_t i = 0; i < directory.count; ++i) {
    if (at + kCentralHeaderBytes > directory.end || Le32(zip, at) != kCentralHeader) {
      return bad(at, absl::StrCat("central directory entry ", i + 1, " of ", directory.count,
                                  " is missing"));
    }
    const size_t name_len = Le16(zip, at + 28);
    if (at + kCentralHeaderBytes + name_len > directory.end) {
      return bad(at, "an entry's name is cut short");
    }
    Wanted entry{.name = zip.substr(at + kCentralHeaderBytes, name_len),
                 .entry_at = at,
                 .local_at = Le32(zip, at + 42),
                 .data_at = 0,
                 .method = Le16(zip, at + 10),
                 .crc = Le32(zip, at + 16),
                 .packed = Le32(zip, at + 20),
                 .size = Le32(zip, at + 24)};
    const uint32_t flags = Le16(zip, at + 8);
    at += kCentralHeaderBytes + name_len + Le16(zip, at + 30) + Le16(zip, at + 32);
    if (absl::EndsWith(entry.name, "/") || !wanted(entry.name)) continue;
    if (absl::Status s = CheckDeclared(entry, flags, entries.size(), &total, limits, bad);
        !s.ok()) {
      return s;
    }
    if (absl::Status s = LocateData(zip, directory.end, &entry, bad); !s.ok()) return s;
    entries.push_back(std::move(entry));
  }
  return entries;
}

// No zip program writes two entries over the same bytes; a zip bomb does, to inflate one stream
// many times.
absl::Status CheckNoOverlap(const std::vector<Wanted>& entries, const Bad& bad) {
  std::vector<const Wanted*> by_place;
  by_place.reserve(entries.size());
  for (const Wanted& entry : entries) by_place.push_back(&entry);
  absl::c_stable_sort(by_place,
                      [](const Wanted* a, const Wanted* b) { return a->local_at < b->local_at; });
  for (size_t i = 1; i < by_place.size(); ++i) {
    const Wanted& before = *by_place[i - 1];
    const Wanted& entry = *by_place[i];
    if (entry.local_at < before.data_at + before.packed) {
      return bad(entry.entry_at, absl::StrCat("\"", entry.name, "\" overlaps the data of \"",
                                              before.name, "\" (a zip bomb's shape)"));
    }
  }
  return absl::OkStatus();
}

// The entry's bytes, inflated if need be and checked against its CRC-32.
absl::StatusOr<std::string> ReadEntry(const std::string& zip, const Wanted& entry, const Bad& bad) {
  const std::string quoted = absl::StrCat("\"", entry.name, "\"");
  const absl::string_view data(zip.data() + entry.data_at, entry.packed);
  std::string contents;
  if (entry.method == 0) {
    contents = std::string(data);
  } else {
    std::string why;
    std::optional<std::string> inflated = Inflate(data, entry.size, &why);
    if (!inflated.has_value()) return bad(entry.data_at, absl::StrCat(quoted, ": ", why));
    contents = std::move(*inflated);
  }
  const uLong actual_crc =
      crc32(crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef*>(contents.data()),
            static_cast<uInt>(contents.size()));
  if (actual_crc != entry.crc) {
    return bad(entry.data_at, absl::StrCat(quoted, " fails its CRC-32 check"));
  }
  return contents;
}

}  // namespace

absl::Status ForEachZipFile(const std::string& path,
                            absl::FunctionRef<bool(absl::string_view name)> wanted,
                            absl::FunctionRef<absl::Status(ZipFile file)> visit,
                            const ZipLimits& limits) {
  absl::StatusOr<std::optional<std::string>> read = ReadFileIfExists(path, kMaxGoldenBytes);
  if (!read.ok()) return read.status();
  if (!read->has_value()) return absl::NotFoundError(absl::StrCat(path, ": does not exist"));
  const std::string& zip = **read;
  const Bad bad{path};
  absl::StatusOr<Directory> directory = FindDirectory(zip, bad);
  if (!directory.ok()) return directory.status();
  absl::StatusOr<std::vector<Wanted>> entries = ReadDirectory(zip, *directory, wanted, limits, bad);
  if (!entries.ok()) return entries.status();
  if (absl::Status s = CheckNoOverlap(*entries, bad); !s.ok()) return s;
  for (Wanted& entry : *entries) {
    absl::StatusOr<std::string> contents = ReadEntry(zip, entry, bad);
    if (!contents.ok()) return contents.status();
    absl::Status visited = visit({.name = std::move(entry.name), .contents = *std::move(contents)});
    if (!visited.ok()) return visited;
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<ZipFile>> ReadZipFiles(const std::string& path, absl::string_view prefix,
                                                  const ZipLimits& limits) {
  std::vector<ZipFile> files;
  absl::Status read = ForEachZipFile(
      path, [prefix](absl::string_view name) { return absl::StartsWith(name, prefix); },
      [&files](ZipFile file) {
        files.push_back(std::move(file));
        return absl::OkStatus();
      },
      limits);
  if (!read.ok()) return read;
  return files;
}

}  // namespace vtsnap::tools
