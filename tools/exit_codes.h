// The exit codes of every `vtsnap` subcommand, the one place they are written (docs/cli.md, "Exit
// codes", lists the same table for users). Each subcommand returns one of these:
//
//   if (differences.empty()) return kExitOk;
//   out << report;
//   return kExitDiffers;
#ifndef VTSNAP_TOOLS_EXIT_CODES_H_
#define VTSNAP_TOOLS_EXIT_CODES_H_

namespace vtsnap::tools {

// Success: the command did what was asked, the inputs are equal, the check passed.
inline constexpr int kExitOk = 0;
// A difference or a failed check: `diff` and `compare` found one, `inventory` an orphan or a
// missing scenario, `decode --check-theme` a theme-dependent cell, `run` a screen that differs
// from its golden (or a program that ended before what was awaited, did not exit after
// --quit-keys, a --record that could not be written).
inline constexpr int kExitDiffers = 1;
// Bad arguments or invalid input: the message on stderr names the argument or the input and the
// place. Nothing was changed (review --accept-all: nothing was written).
inline constexpr int kExitInvalid = 2;
// `decode --profile presenter`: the presenter profile invalidated the capture.
inline constexpr int kExitPresenterInvalidated = 3;
// `run`: a wait timed out (timeout(1)'s code).
inline constexpr int kExitTimedOut = 124;
// `run`: the program cannot be started (the shell's code for a command not found).
inline constexpr int kExitCannotStart = 127;
// `run`: vtsnap got signal N and ended the program's session first; it exits 128 + N.
inline constexpr int kExitSignalBase = 128;

}  // namespace vtsnap::tools

#endif  // VTSNAP_TOOLS_EXIT_CODES_H_
