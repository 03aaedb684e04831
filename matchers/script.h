// Event scripts: an app driven beat by beat through a HeadlessTerminal, its frames pinned.
//
// A Script is a list of named beats of input (bytes, a key script, mouse reports built with
// decoder/keys.h, a resize). PlayScript injects each beat through the HeadlessTerminal, runs the
// app's step, keeps stepping while the app has input left to read, then runs one more step, so
// posted work (a closed window's detach) has run before the frame is taken. A beat that names a
// golden stem compares the app's composed frame with `<stem>.dump` (EqualsGolden, same update
// rules); with `presented` it also pins `<stem>_presented.dump`, the display decoded from the bytes
// the app wrote, with its link records. A beat naming a stem an earlier beat of the same script
// named must return to exactly that frame: it fails when the frame differs and never writes the
// golden, whatever UPDATE_GOLDENS says. Failures are reported as gtest failures naming the script
// and the beat. docs/scripts.md has the whole protocol.
//
//   vtsnap::Script script = {.name = "close_veto",
//                            .beats = {{.name = "start", .golden = "veto_start"},
//                                      {.name = "ctrl+q", .keys = "ctrl+q", .golden =
//                                      "veto_dialog"},
//                                      {.name = "cancel", .keys = "esc", .golden = "veto_start"}}};
//   vtsnap::PlayScript(script, term, {.step = [&] { app.Step(); },
//                                     .composed = [&] { return ToFrame(app.composed()); }});
#ifndef VTSNAP_MATCHERS_SCRIPT_H_
#define VTSNAP_MATCHERS_SCRIPT_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "vtsnap/base/size.h"
#include "vtsnap/decoder/headless_terminal.h"
#include "vtsnap/matchers/golden.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace vtsnap {

// One beat: its input is injected in this order: resize, bytes, keys.
struct Beat {
  std::string name = {};                    // for messages
  std::optional<TerminalSize> resize = {};  // a window size change
  std::string input = {};                   // raw bytes (e.g. vtsnap::MouseClick(3, 0))
  std::string keys = {};                    // a key script (docs/keys.md)
  std::string golden = {};                  // a golden stem; empty: the frame is not pinned
  bool presented = false;                   // also pin <golden>_presented.dump
};

struct Script {
  std::string name = {};
  std::vector<Beat> beats = {};
};

// What the player drives.
struct ScriptApp {
  std::function<void()> step;       // one step of the app: read input, update, present
  std::function<Frame()> composed;  // the frame the app composed last
};

struct PlayOptions {
  GoldenOptions golden = {};
  // Check PresentedEquals(composed frame) after every step of every beat (the default of both
  // players: an app's bytes are proven at every step unless a test opts out, e.g. under the xterm
  // profile, where PresentedEquals does not apply).
  bool check_presented_every_step = true;
  // A beat whose input the app has not consumed after this many steps fails.
  int max_steps_per_beat = 64;
};

// Plays `script`; returns true when every check passed (each failure is also a gtest failure).
bool PlayScript(const Script& script, HeadlessTerminal& terminal, const ScriptApp& app,
                const PlayOptions& options = {});

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_SCRIPT_H_
