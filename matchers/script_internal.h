// Pieces PlayScript and PlayPairedScript share. Internal to matchers/.
#ifndef VTSNAP_MATCHERS_SCRIPT_INTERNAL_H_
#define VTSNAP_MATCHERS_SCRIPT_INTERNAL_H_

#include <functional>
#include <sstream>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/script.h"

namespace vtsnap::script_internal {

// Evaluates `matcher` once; a mismatch becomes a gtest failure with the matcher's explanation.
template <typename T>
bool Check(const T& value, const ::testing::Matcher<const T&>& matcher) {
  ::testing::StringMatchResultListener listener;
  if (matcher.MatchAndExplain(value, &listener)) return true;
  std::ostringstream description;
  matcher.DescribeTo(&description);
  ADD_FAILURE() << "Expected: " << description.str() << "\n" << listener.str();
  return false;
}

// Whether every beat's key script parses; a failure names the beat and the word.
bool KeyScriptsParse(const Script& script);

// Injects the beat's input (resize, bytes, keys), steps until the app has read it (at most
// `max_steps`), then once more; `after_step` runs after each step. False (with a gtest failure)
// when the app leaves input unread.
bool PlayBeatInput(const Beat& beat, HeadlessTerminal& terminal, const ScriptApp& app,
                   int max_steps, const std::function<void()>& after_step);

}  // namespace vtsnap::script_internal

#endif  // VTSNAP_MATCHERS_SCRIPT_INTERNAL_H_
