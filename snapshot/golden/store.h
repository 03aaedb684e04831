// Store: where golden dumps live on disk, how they are named, and how they are written.
//
// The matchers and the `vtsnap` command keep goldens at `<dir of the test source>/goldens/<test
// source stem>/<name>.dump` (docs/goldens.md). This file holds the pieces
// that touch the file system: the UPDATE_GOLDENS switch, the CI check, the golden name rules, the
// folder of a test source under CMake and under Bazel, atomic writes, reads, removal and listing.
// It knows nothing of the dump format or of GoogleTest. Every failure is a value naming the path.
//
// Example:
//   absl::StatusOr<vtsnap::UpdateMode> mode =
//       vtsnap::ParseUpdateMode(std::getenv("UPDATE_GOLDENS"), vtsnap::EnvironmentSaysCi());
//   if (!mode.ok()) return mode.status();  // UPDATE_GOLDENS=yes: "... is not a valid value; ..."
//   if (absl::Status s = vtsnap::ValidateGoldenName("menu/open"); !s.ok()) return s;
//   vtsnap::GoldenFolder folder = vtsnap::GoldenFolderFor("/src/test/menu_test.cc");
//   // folder.read == folder.write == "/src/test/goldens/menu_test"
//   const std::string path = folder.read + "/menu/open.dump";
//   absl::StatusOr<std::optional<std::string>> old = vtsnap::ReadFileIfExists(path);
//   if (!old.ok()) return old.status();
//   if (!old->has_value() && *mode != vtsnap::UpdateMode::kOff) {
//     if (absl::Status s = vtsnap::WriteFileAtomically(path, dump); !s.ok()) return s;
//   }
//   std::vector<std::string> all = vtsnap::ListGoldenFiles(folder.read);  // {"menu/open.dump"}
#ifndef VTSNAP_SNAPSHOT_GOLDEN_STORE_H_
#define VTSNAP_SNAPSHOT_GOLDEN_STORE_H_

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace vtsnap {

// What an assertion may write (docs/goldens.md): kOff never writes; kAll writes missing and
// mismatched goldens; kNew writes missing ones only; kForce is kAll even in CI.
enum class UpdateMode { kOff, kAll, kNew, kForce };

// The UpdateMode an UPDATE_GOLDENS value asks for: nullptr (unset), "" or "0" -> kOff; "1" -> kAll;
// "new" -> kNew; "force" -> kForce. Any other value is an InvalidArgumentError naming it and the
// accepted values. When `in_ci`, "1" and "new" are a FailedPreconditionError (CI never writes
// goldens silently; UPDATE_GOLDENS=force overrides).
[[nodiscard]] absl::StatusOr<UpdateMode> ParseUpdateMode(const char* value, bool in_ci);

// True when the environment variable CI is set to anything but "", "0" or "false" (any case).
bool EnvironmentSaysCi();

// The longest file name (one path segment) the store writes, in bytes: Linux's NAME_MAX.
inline constexpr size_t kMaxFileNameBytes = 255;

// OK when `name` is a golden name: one or more '/'-separated segments of [A-Za-z0-9._-], no
// segment that starts with '.' (a hidden file or folder: ".git", the store's temporaries, see
// WriteFileAtomically; "." and ".." are named as such), no segment longer
// than kMaxFileNameBytes, and the last one with `extension` (".dump", ".capture"; "" when not
// known) and the ".actual" a mismatch writes within kMaxFileNameBytes. Otherwise an
// InvalidArgumentError naming the name (C-escaped) and the rule: empty, absolute, a byte outside
// the alphabet (NUL named as such), an empty segment ("a//b", "a/"), a "." / ".." segment, a hidden
// segment, or a file name too long.
[[nodiscard]] absl::Status ValidateGoldenName(absl::string_view name,
                                              absl::string_view extension = "");

// The folder the goldens of one test source file are read from and written to.
struct GoldenFolder {
  std::string read;
  std::string write;
};

// The golden folder of `test_file` (gtest's TestInfo::file()): `<base>/goldens/<stem of
// test_file>`, where base is `root_override` when it is non-empty and the directory of `test_file`
// otherwise. `read` is that path as is: absolute under CMake, or relative to the current directory
// (the runfiles workspace root under `bazel test`) when `test_file` is workspace-relative (Bazel).
// `write` equals `read`, except that a relative base is resolved against $BUILD_WORKSPACE_DIRECTORY
// when that is set (`bazel run`), so updates land in the source tree. The environment variable
// VTSNAP_GOLDEN_ROOT is the caller's business: pass it as `root_override`.
//   "/src/test/foo_test.cc"              -> read = write = "/src/test/goldens/foo_test"
//   "test/foo_test.cc", BWD=/ws          -> read "test/goldens/foo_test",
//                                           write "/ws/test/goldens/foo_test"
//   "/src/test/foo_test.cc", "/g"        -> read = write = "/g/goldens/foo_test"
GoldenFolder GoldenFolderFor(absl::string_view test_file, absl::string_view root_override = "");

// Replaces the file at `path` with `contents` atomically: creates missing parent directories,
// writes `.<file name>.tmp.<pid>.<counter>` in the same directory (the file name part cut short
// when the whole would exceed kMaxFileNameBytes, so any file name that fits can be written),
// fsyncs it, renames it over `path` and fsyncs the directory. Readers see the old file or the new
// one, never a mix; a killed writer leaves the old file intact. On failure the old file is
// untouched, the temporary file is removed, and the error names the path (or the directory) and
// strerror. The first write into a directory in this process removes the stale temporaries there
// (RemoveStaleTemporaries).
[[nodiscard]] absl::Status WriteFileAtomically(const std::string& path, absl::string_view contents);

// The largest golden ReadFileIfExists reads by default: 128 MiB (a 4096x4096 RGBA plane is 64 MiB;
// screen dumps are kilobytes). Larger files are refused before anything is allocated for them.
inline constexpr size_t kMaxGoldenBytes = size_t{128} << 20;

// The contents of `path`; std::nullopt when it does not exist. An error naming the path when it
// exists but cannot be read: strerror (no permission), "is a FIFO, not a regular file" (anything
// but a regular file, after following symbolic links: a FIFO, a device, a directory, a socket;
// checked without blocking), or "is N bytes, over the limit of M" past `max_bytes`.
[[nodiscard]] absl::StatusOr<std::optional<std::string>> ReadFileIfExists(
    const std::string& path, size_t max_bytes = kMaxGoldenBytes);

// How long a temporary file of WriteFileAtomically must have been left untouched before
// RemoveStaleTemporaries may remove it.
inline constexpr int kStaleTemporarySeconds = 10;

// The process id in a name of WriteFileAtomically's temporaries (".<name>.tmp.<pid>.<counter>",
// both decimal), or 0 when `file_name` is not one.
int StoreTemporaryOwner(absl::string_view file_name);

// Removes the temporaries a killed writer left in `dir` (not its subfolders): regular files
// named as StoreTemporaryOwner recognises, unmodified for kStaleTemporarySeconds, whose process no
// longer exists (kill(pid, 0) fails with ESRCH). Each removal is reported on stderr as "vtsnap:
// removed stale temporary PATH left by process PID"; the paths removed are returned.
std::vector<std::string> RemoveStaleTemporaries(const std::string& dir);

// The folder for the `.actual` files of a tree that cannot be written: `<temp dir>/
// vtsnap-actual-<uid>` (the temp dir is $TMPDIR, $TMP, $TEMP or $TEMPDIR, else /tmp), as a path
// only.
std::string PrivateActualFolderPath();
// PrivateActualFolderPath, created mode 0700 when missing, and checked: a real directory (not a
// symbolic link), owned by this user, mode 0700. Otherwise a FailedPreconditionError naming the
// folder, what is wrong and what to do, and nothing may be written there.
[[nodiscard]] absl::StatusOr<std::string> PrivateActualFolder();

// Removes the file at `path`; OK when it does not exist. An error naming the path and strerror
// otherwise (a directory, no permission).
[[nodiscard]] absl::Status RemoveFileIfExists(const std::string& path);

// Refuses to write or delete under `path` through a symbolic link: OK when no component of `path`
// below `root` (`path` itself included, `root` and what lies above it not) is a symbolic link;
// components that do not exist yet are fine (they are made as real folders). Otherwise a
// FailedPreconditionError naming the first link and its target: "goldens/w/walk.capture is a
// symbolic link (to /elsewhere); vtsnap writes and deletes nothing through a link: make it a
// real folder". `path` must start with `root` + "/" (anything else is checked from its start).
[[nodiscard]] absl::Status CheckNoLinkBelow(absl::string_view root, absl::string_view path);

// The suffixes of golden files: screen dumps, scenes, RGBA planes and semantic projections.
inline constexpr absl::string_view kGoldenExtensions[] = {".dump", ".scene", ".rgba", ".semantic"};
// True when `name` ends in one of kGoldenExtensions.
bool IsGoldenFileName(absl::string_view name);
// The suffix of a capture golden's folder (snapshot/golden/pito_capture_golden.h): every file
// inside a directory named "<name>.capture" belongs to that golden ("walk.capture/00-home/80x24", a
// `pito-tui frame 1` file per scenario and size, named without an extension).
inline constexpr absl::string_view kCaptureGoldenSuffix = ".capture";
// True when the '/'-separated relative `path` lies inside a capture golden's folder: one of its
// directory segments (not the last segment) ends in ".capture".
bool IsInCaptureGolden(absl::string_view path);
// `path` without its golden suffix ("login/empty.semantic" -> "login/empty"), or, inside a
// capture golden, the capture's name ("login/walk.capture/00-home/80x24" -> "login/walk");
// unchanged otherwise.
absl::string_view StripGoldenExtension(absl::string_view path);

// The golden files under `folder`, recursively: the regular files whose name ends in ".dump",
// ".scene", ".rgba" or ".semantic", and every regular file inside a capture golden's folder
// (IsInCaptureGolden), as '/'-separated paths relative to `folder` (suffix kept), sorted.
// `.actual` files (and `.capture.actual` folders) and the temporary files of WriteFileAtomically
// are not listed; symbolic links to directories are not followed; unreadable subdirectories are
// skipped. A missing folder lists nothing.
// With `error`, a folder that exists but cannot be listed (not a directory, unreadable) is
// reported there instead of listing what could be read.
std::vector<std::string> ListGoldenFiles(const std::string& folder, std::string* error = nullptr);

// True when `dir` is an existing directory in which this process can create a file (checked by
// creating and removing one), so a read-only source tree can be detected and `.actual` files sent
// to a temporary directory instead.
// `word` in single quotes for a POSIX shell, embedded quotes escaped: for the commands vtsnap
// prints (update a golden, delete an orphan).
std::string ShellQuote(absl::string_view word);
// `word` as is when a shell reads it as one word unchanged ([A-Za-z0-9_./=:@%+,-]+), else
// ShellQuote (so "" becomes '').
std::string ShellQuoteIfNeeded(absl::string_view word);

bool IsWritableDirectory(const std::string& dir);

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_GOLDEN_STORE_H_
