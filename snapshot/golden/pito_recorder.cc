#include "vtsnap/snapshot/golden/pito_recorder.h"

#include <filesystem>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vtsnap/base/status_macros.h"
#include "vtsnap/snapshot/golden/store.h"

namespace vtsnap::pito {
namespace {

namespace fs = std::filesystem;

bool IsFolderNameByte(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

// `status` with "<context>: " before its message, keeping its code.
absl::Status WithContext(const absl::Status& status, absl::string_view context) {
  return absl::Status(status.code(), absl::StrCat(context, ": ", status.message()));
}

}  // namespace

absl::StatusOr<std::string> ScenarioFolderName(absl::string_view name) {
  std::string out;
  bool pending_dash = false;
  for (const char raw : name) {
    const char c = absl::ascii_tolower(static_cast<unsigned char>(raw));
    if (!IsFolderNameByte(c)) {
      pending_dash = true;
      continue;
    }
    if (pending_dash && !out.empty()) out += '-';
    pending_dash = false;
    out += c;
  }
  if (out.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "scenario name \"", absl::CHexEscape(name),
        "\" has no letter or digit, so it gives no folder name (names keep [a-z0-9] after "
        "lowercasing, each run of other characters becoming one -)"));
  }
  return out;
}

absl::StatusOr<std::string> ScreenFolderName(int index, absl::string_view name) {
  if (index < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("screen \"", absl::CHexEscape(name), "\": index ", index, " is negative"));
  }
  absl::StatusOr<std::string> folder = ScenarioFolderName(name);
  if (!folder.ok()) return folder.status();
  return absl::StrFormat("%02d-%s", index, *folder);
}

namespace {

absl::Status CheckSizes(const std::vector<TerminalSize>& sizes) {
  if (sizes.empty()) return absl::InvalidArgumentError("a recorder needs at least one size");
  for (size_t i = 0; i < sizes.size(); ++i) {
    // What ReadCapture can read back: a file name ParseSize accepts.
    if (sizes[i].cols < 1 || sizes[i].rows < 1 || sizes[i].cols > kMaxTerminalDimension ||
        sizes[i].rows > kMaxTerminalDimension) {
      return absl::InvalidArgumentError(absl::StrCat("size ", FormatSize(sizes[i]),
                                                     " is outside 1x1..", kMaxTerminalDimension,
                                                     "x", kMaxTerminalDimension));
    }
    for (size_t j = 0; j < i; ++j) {
      if (sizes[j] == sizes[i]) {
        return absl::InvalidArgumentError(
            absl::StrCat("size ", FormatSize(sizes[i]), " is given twice"));
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Recorder> Recorder::InMemory(std::vector<TerminalSize> sizes) {
  VTSNAP_RETURN_IF_ERROR(CheckSizes(sizes));
  return Recorder("", std::move(sizes));
}

absl::StatusOr<Recorder> Recorder::Create(std::string folder, std::vector<TerminalSize> sizes) {
  VTSNAP_RETURN_IF_ERROR(CheckSizes(sizes));
  std::error_code ec;
  if (fs::exists(folder, ec)) {
    if (!fs::is_directory(folder, ec)) {
      return absl::FailedPreconditionError(
          absl::StrCat(folder, ": exists and is not a folder (a capture is a folder)"));
    }
    const bool empty = fs::is_empty(folder, ec);
    if (ec) {
      return absl::FailedPreconditionError(
          absl::StrCat(folder, ": cannot read the capture folder: ", ec.message()));
    }
    if (!empty) {
      return absl::FailedPreconditionError(absl::StrCat(
          folder,
          ": the capture folder is not empty (a recorder writes a fresh capture; remove it or "
          "choose another folder)"));
    }
  } else if (ec) {
    return absl::FailedPreconditionError(absl::StrCat(folder, ": ", ec.message()));
  }
  fs::create_directories(folder, ec);
  if (ec) {
    return absl::FailedPreconditionError(
        absl::StrCat(folder, ": cannot create the capture folder: ", ec.message()));
  }
  return Recorder(std::move(folder), std::move(sizes));
}

absl::Status Recorder::RecordScreen(int index, absl::string_view name, const RenderAtSize& render) {
  return Record(ScreenFolderName(index, name), name, render);
}

absl::Status Recorder::RecordScript(absl::string_view name, const RenderAtSize& render) {
  return Record(ScenarioFolderName(name), name, render);
}

absl::Status Recorder::Record(absl::StatusOr<std::string> scenario, absl::string_view name,
                              const RenderAtSize& render) {
  if (!scenario.ok()) return scenario.status();
  const std::string label =
      absl::StrCat("scenario ", *scenario, " (\"", absl::CHexEscape(name), "\")");
  if (capture_.scenarios.contains(*scenario)) {
    return absl::AlreadyExistsError(
        absl::StrCat(label, ": the folder ", *scenario,
                     " was already recorded (two scenarios with the same folder name)"));
  }
  ScenarioFrames frames;
  for (const TerminalSize& size : sizes_) {
    const std::string where = absl::StrCat(label, " at ", FormatSize(size));
    absl::StatusOr<TuiFrame> frame = render(size);
    if (!frame.ok()) return WithContext(frame.status(), where);
    if (frame->width != size.cols || frame->height != size.rows) {
      return absl::InvalidArgumentError(
          absl::StrCat(where, ": the app drew a frame of ",
                       FormatSize({.cols = frame->width, .rows = frame->height})));
    }
    absl::StatusOr<std::string> text = SerializeFrame(*frame);
    if (!text.ok()) return WithContext(text.status(), where);
    if (!folder_.empty()) {
      const std::string path = absl::StrCat(folder_, "/", *scenario, "/", FormatSize(size));
      if (absl::Status s = WriteFileAtomically(path, *text); !s.ok()) return WithContext(s, where);
    }
    frames.emplace(size, *std::move(frame));
  }
  capture_.scenarios.emplace(*scenario, std::move(frames));
  return absl::OkStatus();
}

absl::StatusOr<Differences> Recorder::Finish(const std::string& earlier_folder) const {
  absl::StatusOr<Capture> earlier = ReadCapture(earlier_folder);
  if (!earlier.ok()) return earlier.status();
  return Compare(*earlier, capture_);
}

void PrintTo(const Recorder& recorder, std::ostream* os) {
  if (recorder.folder().empty()) {
    *os << "in-memory recorder: ";
  } else {
    *os << "recorder into " << recorder.folder() << ": ";
  }
  PrintTo(recorder.capture(), os);
}

}  // namespace vtsnap::pito
