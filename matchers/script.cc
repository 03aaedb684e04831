#include "vtsnap/matchers/script.h"

#include <map>
#include <optional>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/keys.h"
#include "vtsnap/matchers/presented.h"
#include "vtsnap/matchers/script_internal.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/diff.h"

namespace vtsnap {
namespace script_internal {

bool KeyScriptsParse(const Script& script) {
  for (size_t b = 0; b < script.beats.size(); ++b) {
    if (absl::Status s = ParseKeys(script.beats[b].keys).status(); !s.ok()) {
      ADD_FAILURE() << "script \"" << script.name << "\", beat " << b << " \""
                    << script.beats[b].name << "\": " << s.message();
      return false;
    }
  }
  return true;
}

bool PlayBeatInput(const Beat& beat, HeadlessTerminal& terminal, const ScriptApp& app,
                   int max_steps, const std::function<void()>& after_step) {
  auto step = [&] {
    app.step();
    after_step();
  };
  if (beat.resize.has_value()) terminal.Resize(*beat.resize);
  terminal.SendInput(beat.input);
  if (absl::Status s = terminal.SendKeys(beat.keys); !s.ok()) {
    ADD_FAILURE() << s.message();
    return false;
  }
  step();
  int steps = 1;
  while (terminal.has_input()) {
    if (steps >= max_steps) {
      ADD_FAILURE() << "the app left input unread after " << steps << " steps";
      return false;
    }
    step();
    ++steps;
  }
  step();  // posted work runs once the beat's input is consumed
  return true;
}

}  // namespace script_internal

using script_internal::Check;

bool PlayScript(const Script& script, HeadlessTerminal& terminal, const ScriptApp& app,
                const PlayOptions& options) {
  bool ok = true;
  // The frames pinned so far, by stem: composed, and decoded when pinned `presented`.
  struct Pinned {
    size_t beat = 0;
    Frame composed;
    std::optional<Frame> presented;
  };
  std::map<std::string, Pinned> pinned;
  // Every key script is checked before anything is injected, so a typo in the last beat neither
  // leaves input queued nor lets earlier beats write goldens.
  if (!script_internal::KeyScriptsParse(script)) return false;
  for (size_t b = 0; b < script.beats.size(); ++b) {
    const Beat& beat = script.beats[b];
    SCOPED_TRACE(absl::StrCat("script \"", script.name, "\", beat ", b, " \"", beat.name, "\""));
    bool presented_failed = false;  // one report a beat is enough
    const bool stepped =
        script_internal::PlayBeatInput(beat, terminal, app, options.max_steps_per_beat, [&] {
          if (options.check_presented_every_step && !presented_failed &&
              !Check<HeadlessTerminal>(terminal, PresentedEquals(app.composed()))) {
            presented_failed = true;
            ok = false;
          }
        });
    if (!stepped) return false;
    if (beat.golden.empty()) continue;

    const Frame composed = app.composed();
    std::optional<Frame> presented;
    if (beat.presented) {
      absl::StatusOr<Frame> display = CaptureFrame(terminal);
      if (!display.ok()) {
        ADD_FAILURE() << display.status().message();
        ok = false;
      } else {
        presented = *display;
      }
    }
    auto earlier = pinned.find(beat.golden);
    if (earlier != pinned.end()) {
      // A return to an earlier frame: compared in memory, and with the file, never written.
      const Pinned& want = earlier->second;
      if (!Compare(want.composed, composed).empty()) {
        ok = false;
        ADD_FAILURE() << "this beat must return to the frame of beat " << want.beat << " (\""
                      << script.beats[want.beat].name << "\", golden " << beat.golden
                      << "), but it differs; the golden is not written:\n"
                      << RenderDiff(Compare(want.composed, composed));
      } else {
        ok = Check<Frame>(composed, EqualsGolden(beat.golden, options.golden).ReadOnly()) && ok;
      }
      if (presented.has_value() && !want.presented.has_value()) {
        ok = false;
        ADD_FAILURE() << "this beat pins the decoded display of golden " << beat.golden
                      << ", but beat " << want.beat << " (\"" << script.beats[want.beat].name
                      << "\"), which first named it, does not: set presented on both or neither";
      } else if (presented.has_value() && !Compare(*want.presented, *presented).empty()) {
        ok = false;
        ADD_FAILURE() << "this beat must return to the decoded display of beat " << want.beat
                      << " (golden " << beat.golden << "_presented), but it differs:\n"
                      << RenderDiff(Compare(*want.presented, *presented));
      }
      continue;
    }
    pinned[beat.golden] = Pinned{b, composed, presented};
    ok = Check<Frame>(composed, EqualsGolden(beat.golden, options.golden)) && ok;
    if (presented.has_value()) {
      ok = Check<Frame>(*presented, EqualsGolden(beat.golden + "_presented", options.golden)) && ok;
    }
  }
  return ok;
}

}  // namespace vtsnap
