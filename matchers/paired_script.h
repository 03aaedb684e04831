// Paired raster scripts: a raster-bearing event script played twice in lockstep, on a Sixel
// profile and on a NoGraphics profile reporting the same cell size (docs/golden-format.md,
// "Paired raster scripts"; docs/scripts.md).
//
// Every beat that names a golden stem S is pinned four ways, with the scene beside them (five
// files, each claimed by the inventory):
//   S.scene              the composed frame with the compositor's raster records (ckvision-golden
//                        1), which must be byte-identical under both profiles: the graphics
//                        profile changes what the presenter emits, never the composed scene;
//   S.dump, S.rgba       the Sixel profile's decoded display and pixel plane;
//   S_no_graphics.dump, S_no_graphics.rgba   the same under NoGraphics.
// Every beat (pinned or not) is also checked with the raster checks
// (snapshot/screen/raster_checks.h): under NoGraphics no opaque pixel and the fallback shown; under
// Sixel style-preserving blanks under every visible slice, each slice's extent opaque, and no pixel
// outside the slices. A beat naming an earlier beat's stem must return to exactly those five and
// never writes them.
//
//   vtsnap::HeadlessTerminal sixel(vtsnap::HeadlessProfile::PresenterSixel(48, 14));
//   vtsnap::HeadlessTerminal plain(vtsnap::HeadlessProfile::Presenter(48, 14));
//   vtsnap::PlayPairedScript(script, sixel, plain,
//                            {.sixel = {.step = ..., .composed = ...},
//                             .no_graphics = {.step = ..., .composed = ...}});
#ifndef VTSNAP_MATCHERS_PAIRED_SCRIPT_H_
#define VTSNAP_MATCHERS_PAIRED_SCRIPT_H_

#include "vtsnap/decoder/headless_terminal.h"
#include "vtsnap/matchers/golden.h"
#include "vtsnap/matchers/script.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/raster_checks.h"

namespace vtsnap {

// The same app twice: one instance on each profile.
struct PairedScriptApps {
  ScriptApp sixel = {};
  ScriptApp no_graphics = {};
};

struct PairedPlayOptions {
  GoldenOptions golden = {};
  // Check after every step that each display decodes to the composed frame (under Sixel, with
  // style-preserving blanks under the raster records).
  bool check_presented_every_step = true;
  int max_steps_per_beat = 64;
};

// The display a Sixel profile must decode for `scene`: its cells, with each cell under a raster
// record a blank in that cell's style, and no raster records.
Frame SixelDisplayOf(const Frame& scene);

// Plays `script` on both terminals in lockstep; true when every check passed (each failure is
// also a gtest failure naming the script, the beat and the profile). The terminals must report
// the same cell size, and `sixel` must have Sixel graphics and `no_graphics` none.
bool PlayPairedScript(const Script& script, HeadlessTerminal& sixel, HeadlessTerminal& no_graphics,
                      const PairedScriptApps& apps, const PairedPlayOptions& options = {});

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_PAIRED_SCRIPT_H_
