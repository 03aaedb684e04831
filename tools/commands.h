// The `vtsnap` command's subcommands. Each takes its arguments after the subcommand name and the
// streams to write to, reads them with cli::CommandLine (tools/cli.h), and returns one of the exit
// codes of tools/exit_codes.h: 0 success or equal, 1 a difference, 2 bad arguments or invalid
// input.
#ifndef VTSNAP_TOOLS_COMMANDS_H_
#define VTSNAP_TOOLS_COMMANDS_H_

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "vtsnap/base/size.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/snapshot/screen/redact.h"
#include "vtsnap/tools/cli.h"

namespace vtsnap::tools {

// Each subcommand's usage: its synopsis, what it does, its flags and exit codes (tools/cli.h).
// `vtsnap help CMD` and `vtsnap CMD --help` print it; `vtsnap --help` lists the synopses.
extern const cli::Usage kDecodeUsage;
extern const cli::Usage kCanonUsage;
extern const cli::Usage kDiffUsage;
extern const cli::Usage kInventoryUsage;
extern const cli::Usage kCompareUsage;
extern const cli::Usage kRenderUsage;
extern const cli::Usage kReviewUsage;
extern const cli::Usage kRunUsage;
extern const cli::Usage kRecordUsage;

int RunDecode(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int RunCanon(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int RunDiff(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// `vtsnap textconv FILE`: a golden as readable text for git's textconv (tools/textconv.h).
extern const cli::Usage kTextconvUsage;
int RunTextconv(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int RunInventory(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// `vtsnap compare BEFORE AFTER`: two pito-tui capture folders (docs/pito.md).
int RunCompare(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// `vtsnap render FILE --format html|svg|png|ansi` (docs/render.md).
int RunRender(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// `vtsnap review [--list|--accept-all|--reject-all] [--filter S] [DIR...]`: the pending `.actual`
// files of failing golden assertions (docs/cli.md). Interactive without a mode flag (needs a
// terminal on stdin and stdout).
int RunReview(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// `vtsnap record [--size CxR] [--out DIR] [--name NAME] -- PROGRAM ARGS...`: runs PROGRAM in the
// user's terminal, records the keys typed and the checkpoints marked (ctrl+\ c), and writes a
// GoogleTest that replays them with PtySession and its goldens. Besides the codes above, 127 the
// program cannot be started, 128+N ended by signal N.
int RunRecord(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// `vtsnap run`: besides the codes above, 124 a wait timed out, 127 the program cannot be started.
// `invoked_as` is how the command was started (main's argv[0]), for the commands it prints for the
// user to paste (accepting a golden, replaying a recording).
int RunRun(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
           const std::string& invoked_as = "vtsnap");

// The active screen of `terminal` as `decode` and `run` print it. `format` "text": each row's text
// with trailing spaces trimmed, trailing empty rows dropped, then one "\n" (Terminal::ScreenText);
// "golden": the ckvision-golden 1 dump; "json": the state dump (docs/state-dump.md). Cells that
// `redactions` mask show the mask in the default style in all three. Errors: a screen a golden
// cannot hold (the Serialize error), an unknown format (InvalidArgument).
[[nodiscard]] absl::StatusOr<std::string> FormatScreen(const Terminal& terminal,
                                                       absl::string_view format,
                                                       const Redactions& redactions);

// The largest document `render`, `canon` and `diff` read (a golden, a scene, a state dump, an RGBA
// plane; they are read whole): the golden store's limit (kMaxGoldenBytes, 128 MiB), so every
// golden a test can read the commands read too. A longer input, or an endless one such as
// /dev/zero, is refused (exit 2) rather than read until memory runs out. Recordings (`decode`,
// `render` of raw bytes) are streamed and have no limit (tools/input.h, docs/decisions.md).
inline constexpr size_t kMaxInputBytes = kMaxGoldenBytes;

// `--cell WxH` of `decode` and `render`: a size whose width and height are 1-kMaxCellPixels.
// The error names the option and the limit.
[[nodiscard]] absl::StatusOr<TerminalSize> ParseCellOption(const std::string& cell);

// Whether a terminal of `size` (as `size_text` spelled it) with cells of `cell` pixels has a pixel
// plane of at most kMaxPlanePixels; the error names both options, the plane and the limit.
[[nodiscard]] absl::Status CheckPlaneSize(const std::string& size_text, const TerminalSize& size,
                                          const std::string& cell_text, const TerminalSize& cell);

// Reads a whole document ("-" is stdin) into *contents; false with a message naming the file on
// error. A file of more than `max_bytes` bytes is an error naming the file and the limit: a regular
// file is refused by its size before anything is read, anything else (a pipe, a FIFO, a device) is
// read up to the limit. Never allocates more than `max_bytes` plus one 64 KiB chunk. Recordings
// are not read this way: they are streamed (InputReader, tools/input.h).
bool ReadInput(const std::string& path, std::string* contents, std::string* error,
               size_t max_bytes = kMaxInputBytes);

}  // namespace vtsnap::tools

#endif  // VTSNAP_TOOLS_COMMANDS_H_
