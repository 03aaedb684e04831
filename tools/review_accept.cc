// `vtsnap review`: capture goldens, and accepting or rejecting an entry.
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/fnv1a.h"
#include "vtsnap/base/size.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/pito_capture.h"
#include "vtsnap/snapshot/formats/pito_frame.h"
#include "vtsnap/snapshot/formats/semantic.h"
#include "vtsnap/snapshot/golden/report.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/snapshot/render/png.h"
#include "vtsnap/snapshot/render/render.h"
#include "vtsnap/snapshot/screen/diff.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/rgba.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/review_internal.h"

namespace vtsnap::tools::review_internal {

namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// Capture goldens: a folder `<name>.capture/` of frame files `<scenario>/<COLSxROWS>`, and the
// actual capture a failing check wrote beside it, `<name>.capture.actual/` (pito_capture.h).

std::string Plural(size_t n, absl::string_view one, absl::string_view many) {
  return absl::StrCat(n, " ", n == 1 ? one : many);
}

// True when `name` is a frame file's name: a size as FormatSize writes it ("80x24").
bool IsFrameName(const std::string& name) {
  absl::StatusOr<TerminalSize> size = ParseSize(name);
  return size.ok() && FormatSize(*size) == name;
}

absl::Status FolderError(const std::string& path, const std::error_code& ec) {
  return absl::Status(absl::ErrnoToStatusCode(ec.value()),
                      absl::StrCat(path, ": cannot read the folder: ", ec.message()));
}

// The files of the capture golden `folder`; none when it does not exist (a new golden).
absl::StatusOr<CaptureGoldenFiles> ListCaptureGolden(const std::string& folder) {
  CaptureGoldenFiles files;
  std::error_code ec;
  if (!fs::exists(folder, ec)) return files;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string scenario = it->path().filename().string();
    std::error_code type_ec;
    if (!it->is_directory(type_ec) || it->is_symlink(type_ec)) {
      files.strays.push_back(scenario);
      continue;
    }
    std::error_code inner_ec;
    for (fs::directory_iterator f(it->path(), inner_ec), f_end; !inner_ec && f != f_end;
         f.increment(inner_ec)) {
      const std::string name = f->path().filename().string();
      std::error_code file_ec;
      if (f->is_regular_file(file_ec) && !f->is_symlink(file_ec) && IsFrameName(name)) {
        files.frames.emplace_back(scenario, name);
      } else {
        files.strays.push_back(
            absl::StrCat(scenario, "/", name, f->is_directory(file_ec) ? "/" : ""));
      }
    }
    if (inner_ec) return FolderError(Generic(it->path()), inner_ec);
  }
  if (ec) return FolderError(folder, ec);
  std::sort(files.frames.begin(), files.frames.end());
  std::sort(files.strays.begin(), files.strays.end());
  return files;
}

// The frames of the capture golden `folder` (its strays left out); an invalid frame file is an
// error naming it with the line and column.
absl::StatusOr<pito::Capture> ReadCaptureGolden(const std::string& folder,
                                                const CaptureGoldenFiles& files) {
  pito::Capture capture;
  for (const auto& [scenario, name] : files.frames) {
    const std::string path = absl::StrCat(folder, "/", scenario, "/", name);
    absl::StatusOr<std::string> bytes = ReadAll(path);
    if (!bytes.ok()) return bytes.status();
    absl::StatusOr<pito::TuiFrame> frame = pito::ParseFrame(*bytes, path);
    if (!frame.ok()) return frame.status();
    const TerminalSize size = *ParseSize(name);
    if (frame->width != size.cols || frame->height != size.rows) {
      return absl::InvalidArgumentError(absl::StrCat(path, ": the frame is ", frame->width, "x",
                                                     frame->height, ", but its file name says ",
                                                     name));
    }
    capture.scenarios[scenario].emplace(size, *std::move(frame));
  }
  return capture;
}

// The actual capture of `entry`, read strictly (ReadCapture: its errors name the path, line and
// column); one that holds no frame is refused too, as accepting it would empty the golden.
absl::StatusOr<pito::Capture> ReadActualCapture(const Entry& entry) {
  absl::StatusOr<pito::Capture> capture = pito::ReadCapture(entry.actual);
  if (!capture.ok()) return capture.status();
  size_t frames = 0;
  for (const auto& [scenario, sizes] : capture->scenarios) frames += sizes.size();
  if (frames == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(entry.actual, ": the actual capture holds no frame"));
  }
  return capture;
}

// The golden capture of `entry` (empty when new) and its strays.
absl::StatusOr<pito::Capture> ReadGoldenOf(const Entry& entry, std::vector<std::string>* strays) {
  if (!entry.golden_exists) return pito::Capture{};
  absl::StatusOr<CaptureGoldenFiles> files = ListCaptureGolden(entry.golden);
  if (!files.ok()) return files.status();
  if (strays != nullptr) *strays = files->strays;
  return ReadCaptureGolden(entry.golden, *files);
}

std::string CaptureListLine(const Entry& entry) {
  absl::StatusOr<pito::Capture> actual = ReadActualCapture(entry);
  if (!entry.golden_exists) {
    if (!actual.ok())
      return absl::StrCat(Shown(entry), ": new capture: invalid: ", actual.status().message());
    size_t frames = 0;
    for (const auto& [scenario, sizes] : actual->scenarios) frames += sizes.size();
    return absl::StrCat(Shown(entry), ": new capture (", Plural(frames, "frame", "frames"), " in ",
                        Plural(actual->scenarios.size(), "scenario", "scenarios"), ")");
  }
  absl::StatusOr<pito::Capture> golden = ReadGoldenOf(entry, nullptr);
  if (!golden.ok()) {
    return absl::StrCat(Shown(entry),
                        ": changed: the golden is invalid: ", golden.status().message());
  }
  if (!actual.ok()) {
    return absl::StrCat(Shown(entry), ": changed: invalid: ", actual.status().message());
  }
  const pito::Differences differences = pito::Compare(*golden, *actual);
  if (differences.empty()) return absl::StrCat(Shown(entry), ": changed: the same frames");
  return absl::StrCat(
      Shown(entry), ": changed: ", Plural(differences.entries.size(), "difference", "differences"));
}

// Said after a failure to remove an .actual from bazel-testlogs.
constexpr absl::string_view kTestlogsHint =
    " (Bazel keeps test outputs read-only; the next bazel test of the target replaces them)";

namespace {

// Removes the .actual of `entry` alone (the whole .capture.actual folder of a capture entry:
// vtsnap wrote it), and its entry in the HTML failure report beside it (or in $VTSNAP_REPORT_DIR)
// when there is one.
absl::Status RemoveOneActual(const Entry& entry) {
  if (entry.capture) {
    std::error_code ec;
    fs::remove_all(entry.actual, ec);
    if (ec) {
      return absl::Status(absl::ErrnoToStatusCode(ec.value()),
                          absl::StrCat("removing ", entry.actual, ": ", ec.message(),
                                       entry.testlogs ? kTestlogsHint : absl::string_view()));
    }
  } else if (absl::Status s = RemoveFileIfExists(entry.actual); !s.ok()) {
    if (!entry.testlogs) return s;
    return absl::Status(s.code(), absl::StrCat(s.message(), kTestlogsHint));
  }
  (void)RefreshReport(entry.actual);  // the report is a view: failing to refresh it loses nothing
  return absl::OkStatus();
}

}  // namespace

// Removes the .actual of `entry` and those of its twins, each one that can be removed (a twin in a
// read-only bazel-testlogs stays, the others go); the first failure is the result.
absl::Status RemoveActual(const Entry& entry) {
  if (entry.inline_screen) {
    const PendingInlineEdit& p = entry.inline_edit;
    return ForgetPendingInlineEdit(p.path, p.edit.line, p.edit.column);
  }
  absl::Status result = RemoveOneActual(entry);
  for (const Entry& twin : entry.twins) {
    if (absl::Status s = RemoveOneActual(twin); !s.ok() && result.ok()) result = s;
  }
  return result;
}

absl::StatusOr<Acceptance> Prepare(const Entry& entry) {
  if (entry.inline_screen) {
    absl::StatusOr<InlineFrames> frames = ReadInlineFrames(entry);
    if (!frames.ok()) return frames.status();
    return Acceptance{};
  }
  if (entry.capture) {
    absl::StatusOr<pito::Capture> capture = ReadActualCapture(entry);
    if (!capture.ok()) return capture.status();
    return Acceptance{.capture = *std::move(capture)};
  }
  absl::StatusOr<std::string> canonical = CanonicalActual(entry.actual, FormatOf(entry.golden));
  if (!canonical.ok()) return canonical.status();
  return Acceptance{.canonical = *std::move(canonical)};
}

// Makes the capture golden of `entry` hold exactly the frames of `actual`: writes each frame
// canonically and atomically, removes the golden's frame files `actual` does not hold and the
// scenario folders that leaves empty. Returns the golden's strays, left as they are.
absl::StatusOr<std::vector<std::string>> WriteCaptureGolden(const Entry& entry,
                                                            const pito::Capture& actual) {
  absl::StatusOr<CaptureGoldenFiles> before = ListCaptureGolden(entry.golden);
  if (!before.ok()) return before.status();
  for (const auto& [scenario, frames] : actual.scenarios) {
    for (const auto& [size, frame] : frames) {
      const std::string path = absl::StrCat(entry.golden, "/", scenario, "/", FormatSize(size));
      absl::StatusOr<std::string> text = pito::SerializeFrame(frame);
      if (!text.ok()) {
        return absl::InvalidArgumentError(absl::StrCat(path, ": ", text.status().message()));
      }
      if (absl::Status s = WriteFileAtomically(path, *text); !s.ok()) return s;
    }
  }
  std::set<std::string> thinned;
  for (const auto& [scenario, name] : before->frames) {
    auto kept = actual.scenarios.find(scenario);
    if (kept != actual.scenarios.end() && kept->second.contains(*ParseSize(name))) continue;
    const std::string path = absl::StrCat(entry.golden, "/", scenario, "/", name);
    if (absl::Status s = RemoveFileIfExists(path); !s.ok()) return s;
    thinned.insert(scenario);
  }
  for (const std::string& scenario : thinned) {
    std::error_code ec;
    fs::remove(absl::StrCat(entry.golden, "/", scenario), ec);  // only when empty
  }
  return before->strays;
}

// Refuses to accept `entry` when its golden would be written, or a frame of it deleted, through a
// symbolic link (store.h CheckNoLinkBelow): a link in the golden's path below its goldens folder
// (the last one the path names; else below the folder holding the golden), or, for a capture, its
// folder or a scenario folder the acceptance writes or thins. The golden file itself may be a
// link: WriteFileAtomically replaces it, writing nothing through it.
absl::Status RefuseLinks(const Entry& entry, const Acceptance& what) {
  const std::string& golden = entry.golden;
  const size_t at = absl::StrCat("/", golden).rfind("/goldens/");
  const std::string root =
      at != std::string::npos ? golden.substr(0, at + 7) : Generic(fs::path(golden).parent_path());
  if (!entry.capture) return CheckNoLinkBelow(root, Generic(fs::path(golden).parent_path()));
  std::set<std::string> scenarios;
  for (const auto& [scenario, frames] : what.capture.scenarios) scenarios.insert(scenario);
  if (absl::StatusOr<CaptureGoldenFiles> before = ListCaptureGolden(golden); before.ok()) {
    for (const auto& [scenario, name] : before->frames) scenarios.insert(scenario);
  }
  if (absl::Status s = CheckNoLinkBelow(root, golden); !s.ok()) return s;
  for (const std::string& scenario : scenarios) {
    if (absl::Status s = CheckNoLinkBelow(root, absl::StrCat(golden, "/", scenario)); !s.ok()) {
      return s;
    }
  }
  return absl::OkStatus();
}

// Writes the golden of `entry` and removes its .actual; returns the line that says so:
// "accepted GOLDEN", " (new)" for a new golden, the strays a capture golden kept, and why the
// .actual is left when it could not be removed (a read-only bazel-testlogs folder): the golden
// is written, so the entry is accepted all the same.
absl::StatusOr<std::string> Accept(const Entry& entry, const Acceptance& what) {
  if (entry.inline_screen) return AcceptInline(entry);
  if (absl::Status s = RefuseLinks(entry, what); !s.ok()) {
    return absl::Status(s.code(), absl::StrCat("not accepting ", Shown(entry), ": ", s.message()));
  }
  std::string line = absl::StrCat("accepted ", Shown(entry), entry.golden_exists ? "" : " (new)");
  if (entry.capture) {
    absl::StatusOr<std::vector<std::string>> strays = WriteCaptureGolden(entry, what.capture);
    if (!strays.ok()) return strays.status();
    if (!strays->empty()) {
      absl::StrAppend(&line, "; left as they are, not frame files: ", absl::StrJoin(*strays, ", "));
    }
  } else if (absl::Status s = WriteFileAtomically(entry.golden, what.canonical); !s.ok()) {
    return s;
  }
  if (absl::Status s = RemoveActual(entry); !s.ok()) {
    absl::StrAppend(&line, "; could not remove the .actual: ", s.message());
  }
  return line;
}

// What differs, in one line: "2 text rows, 1 style range", "same meaning (spelling only)".

}  // namespace vtsnap::tools::review_internal
