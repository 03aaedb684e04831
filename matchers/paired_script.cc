#include "vtsnap/matchers/paired_script.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/plane.h"
#include "vtsnap/matchers/presented.h"
#include "vtsnap/matchers/script_internal.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/diff.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace vtsnap {
namespace {

using script_internal::Check;

// What one beat pins.
struct Pins {
  size_t beat = 0;
  Frame scene = {};
  Frame sixel_display = {};
  RgbaPlane sixel_plane = {};
  Frame plain_display = {};
  RgbaPlane plain_plane = {};
};

bool Fail(const std::string& message) {
  ADD_FAILURE() << message;
  return false;
}

bool CheckStatus(const absl::Status& s, absl::string_view profile) {
  if (s.ok()) return true;
  ADD_FAILURE() << profile << ": " << s.message();
  return false;
}

}  // namespace

Frame SixelDisplayOf(const Frame& scene) {
  Frame display = scene;
  display.rasters.clear();
  if (!display.has_graphemes()) return display;
  auto blank = [&display](int col, int row) {
    Cell& cell = display.cell(col, row);
    // assign(1, ' '), not = " ": GCC 12 at -O3 warns falsely (-Wrestrict) about the memcpy that
    // assigning a C string inlines here.
    cell.grapheme.assign(1, ' ');
    cell.width = 1;
  };
  for (const RasterRecord& record : scene.rasters) {
    const int first = std::max(record.col, 0);
    const int last = std::min(record.col + record.cols, scene.cols) - 1;
    for (int row = record.row; row < record.row + record.rows && row < scene.rows; ++row) {
      for (int col = first; col <= last; ++col) blank(col, row);
      // A wide character cut by the record's edge loses its other half too: writing a blank over
      // one half of a wide character erases the whole of it.
      if (first > 0 && scene.cell(first, row).is_continuation()) blank(first - 1, row);
      if (last + 1 < scene.cols && scene.cell(last, row).width == 2) blank(last + 1, row);
    }
  }
  return display;
}

namespace {

// Plays `beat` into both terminals, checking each profile's presented screen after every step
// when asked (`ok` turns false on a mismatch); false when a beat's input could not be played.
bool PlayBeatInBoth(const Beat& beat, HeadlessTerminal& sixel, HeadlessTerminal& no_graphics,
                    const PairedScriptApps& apps, const PairedPlayOptions& options, bool& ok) {
  bool sixel_failed = false;
  bool plain_failed = false;
  return script_internal::PlayBeatInput(
             beat, sixel, apps.sixel, options.max_steps_per_beat,
             [&] {
               if (!options.check_presented_every_step || sixel_failed) return;
               SCOPED_TRACE("Sixel profile");
               if (!Check<HeadlessTerminal>(
                       sixel, PresentedEquals(SixelDisplayOf(apps.sixel.composed())))) {
                 sixel_failed = true;
                 ok = false;
               }
             }) &&
         script_internal::PlayBeatInput(
             beat, no_graphics, apps.no_graphics, options.max_steps_per_beat, [&] {
               if (!options.check_presented_every_step || plain_failed) return;
               SCOPED_TRACE("NoGraphics profile");
               if (!Check<HeadlessTerminal>(no_graphics,
                                            PresentedEquals(apps.no_graphics.composed()))) {
                 plain_failed = true;
                 ok = false;
               }
             });
}

// What beat `b` shows in both profiles, checked against the scene: the scene must not depend on
// the profile, and each display and plane must be what the scene asks of it. Nothing when a
// capture failed (`ok` is then false).
std::optional<Pins> CaptureBeat(size_t b, HeadlessTerminal& sixel, HeadlessTerminal& no_graphics,
                                const PairedScriptApps& apps, const CellMetrics& cell, bool& ok) {
  // The scene must not depend on the graphics profile.
  Pins now = {.beat = b, .scene = apps.sixel.composed()};
  const Frame plain_scene = apps.no_graphics.composed();
  const absl::StatusOr<std::string> scene_text = golden::Serialize(now.scene);
  const absl::StatusOr<std::string> plain_text = golden::Serialize(plain_scene);
  if (!scene_text.ok() || !plain_text.ok() || *scene_text != *plain_text) {
    ok = false;
    ADD_FAILURE() << "the composed scene differs between the Sixel and NoGraphics profiles (the "
                     "graphics profile must change what the presenter emits, never the scene; "
                     "- Sixel, + NoGraphics):\n"
                  << RenderDiff(Compare(now.scene, plain_scene));
  }
  absl::StatusOr<Frame> sd = CaptureFrame(sixel);
  absl::StatusOr<RgbaPlane> sp_plane = CapturePlane(sixel);
  absl::StatusOr<Frame> nd = CaptureFrame(no_graphics);
  absl::StatusOr<RgbaPlane> np_plane = CapturePlane(no_graphics);
  if (!sd.ok() || !sp_plane.ok()) {
    ok = Fail(
        absl::StrCat("Sixel profile: ", (!sd.ok() ? sd.status() : sp_plane.status()).message()));
    return std::nullopt;
  }
  if (!nd.ok() || !np_plane.ok()) {
    ok = Fail(absl::StrCat("NoGraphics profile: ",
                           (!nd.ok() ? nd.status() : np_plane.status()).message()));
    return std::nullopt;
  }
  now.sixel_display = *std::move(sd);
  now.sixel_plane = *std::move(sp_plane);
  now.plain_display = *std::move(nd);
  now.plain_plane = *std::move(np_plane);

  ok = CheckStatus(CheckPlaneSize(now.scene, now.plain_plane, cell), "NoGraphics profile") && ok;
  ok = CheckStatus(CheckNoGraphicsDisplay(now.scene, now.plain_display, now.plain_plane),
                   "NoGraphics profile") &&
       ok;
  ok = CheckStatus(CheckSixelDisplay(now.scene, now.sixel_display, now.sixel_plane, cell),
                   "Sixel profile") &&
       ok;
  ok =
      CheckStatus(CheckPixelsInsideSlices(now.scene, now.sixel_plane, cell), "Sixel profile") && ok;
  return now;
}

// A return to an earlier frame pinned as `want` under golden `s`: compared in memory, then with
// the files, never written.
bool CheckReturn(const Script& script, const Pins& want, const Pins& now, const std::string& s,
                 const GoldenOptions& scene_options, const PairedPlayOptions& options) {
  const std::string where = absl::StrCat("this beat must return to beat ", want.beat, " (\"",
                                         script.beats[want.beat].name, "\", golden ", s, ")");
  if (!Compare(want.scene, now.scene).empty()) {
    return Fail(absl::StrCat(where, ", but its scene differs; nothing is written:\n",
                             RenderDiff(Compare(want.scene, now.scene))));
  }
  if (!(want.sixel_display == now.sixel_display) || !(want.plain_display == now.plain_display)) {
    return Fail(absl::StrCat(where, ", but a decoded display differs; nothing is written"));
  }
  if (!(want.sixel_plane == now.sixel_plane) || !(want.plain_plane == now.plain_plane)) {
    return Fail(
        absl::StrCat(where, ", but a decoded plane differs; nothing is written:\n",
                     RenderPlaneDiff(want.sixel_plane == now.sixel_plane
                                         ? ComparePlanes(want.plain_plane, now.plain_plane)
                                         : ComparePlanes(want.sixel_plane, now.sixel_plane))));
  }
  bool ok = Check<Frame>(now.scene, EqualsGolden(s, scene_options).ReadOnly());
  ok = Check<Frame>(now.sixel_display, EqualsGolden(s, options.golden).ReadOnly()) && ok;
  ok = Check<RgbaPlane>(now.sixel_plane, EqualsRgbaGolden(s, options.golden).ReadOnly()) && ok;
  ok = Check<Frame>(now.plain_display,
                    EqualsGolden(s + "_no_graphics", options.golden).ReadOnly()) &&
       ok;
  ok = Check<RgbaPlane>(now.plain_plane,
                        EqualsRgbaGolden(s + "_no_graphics", options.golden).ReadOnly()) &&
       ok;
  return ok;
}

// A first visit of golden `s`: the scene, both displays and both planes checked against (or
// written to) their goldens.
bool CheckGoldens(const Pins& now, const std::string& s, const GoldenOptions& scene_options,
                  const PairedPlayOptions& options) {
  bool ok = Check<Frame>(now.scene, EqualsGolden(s, scene_options));
  ok = Check<Frame>(now.sixel_display, EqualsGolden(s, options.golden)) && ok;
  ok = Check<RgbaPlane>(now.sixel_plane, EqualsRgbaGolden(s, options.golden)) && ok;
  ok = Check<Frame>(now.plain_display, EqualsGolden(s + "_no_graphics", options.golden)) && ok;
  ok =
      Check<RgbaPlane>(now.plain_plane, EqualsRgbaGolden(s + "_no_graphics", options.golden)) && ok;
  return ok;
}

}  // namespace

bool PlayPairedScript(const Script& script, HeadlessTerminal& sixel, HeadlessTerminal& no_graphics,
                      const PairedScriptApps& apps, const PairedPlayOptions& options) {
  const HeadlessProfile& sp = sixel.profile();
  const HeadlessProfile& np = no_graphics.profile();
  if (!sp.graphics.sixel || np.graphics.sixel || sp.graphics.cell_width != np.graphics.cell_width ||
      sp.graphics.cell_height != np.graphics.cell_height) {
    return Fail(absl::StrCat("script \"", script.name,
                             "\": a paired script needs a Sixel and a NoGraphics profile with the "
                             "same cell size (got ",
                             sp.graphics.cell_width, "x", sp.graphics.cell_height, " and ",
                             np.graphics.cell_width, "x", np.graphics.cell_height, ")"));
  }
  const CellMetrics cell = {.width = sp.graphics.cell_width, .height = sp.graphics.cell_height};
  if (!script_internal::KeyScriptsParse(script)) return false;
  bool ok = true;
  std::map<std::string, Pins> pinned;
  for (size_t b = 0; b < script.beats.size(); ++b) {
    const Beat& beat = script.beats[b];
    SCOPED_TRACE(
        absl::StrCat("paired script \"", script.name, "\", beat ", b, " \"", beat.name, "\""));
    if (!PlayBeatInBoth(beat, sixel, no_graphics, apps, options, ok)) return false;
    std::optional<Pins> now = CaptureBeat(b, sixel, no_graphics, apps, cell, ok);
    if (!now.has_value() || beat.golden.empty()) continue;
    const std::string& s = beat.golden;
    GoldenOptions scene_options = options.golden;
    scene_options.extension = ".scene";
    auto earlier = pinned.find(s);
    if (earlier != pinned.end()) {
      ok = CheckReturn(script, earlier->second, *now, s, scene_options, options) && ok;
      continue;
    }
    ok = CheckGoldens(*now, s, scene_options, options) && ok;
    pinned.emplace(s, *std::move(now));
  }
  return ok;
}

}  // namespace vtsnap
