// `vtsnap canon FILE` and `vtsnap diff A B`: goldens and state dumps, read whole (ReadInput).
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/formats/semantic.h"
#include "vtsnap/snapshot/formats/state_json.h"
#include "vtsnap/snapshot/screen/diff.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/tools/cli.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/diff_markdown.h"
#include "vtsnap/tools/exit_codes.h"

namespace vtsnap::tools {
namespace {

// Parses `contents`, the golden read from `path`; on failure writes "PATH:LINE:COL: ..." to
// `err` and returns nothing.
bool ParseGolden(const std::string& path, const std::string& contents, std::ostream& err,
                 Frame* frame) {
  absl::StatusOr<Frame> parsed = golden::Parse(contents);
  if (!parsed.ok()) {
    err << (path == "-" ? "<stdin>" : path) << ":" << parsed.status().message() << "\n";
    return false;
  }
  *frame = *std::move(parsed);
  return true;
}

// Reads the document at `path` ("-" is stdin) into *contents; one that cannot be read is
// "PATH: ..." on `err`.
bool Read(const std::string& path, std::ostream& err, std::string* contents) {
  std::string error;
  if (ReadInput(path, contents, &error)) return true;
  err << error << "\n";
  return false;
}

// Reads and parses the golden at `path`, reporting failures like Read and ParseGolden.
bool LoadGolden(const std::string& path, std::ostream& err, Frame* frame) {
  std::string contents;
  return Read(path, err, &contents) && ParseGolden(path, contents, err, frame);
}

// Reads and parses the JSON state dump at `path`, reporting failures like LoadGolden.
bool LoadState(const std::string& path, std::ostream& err, StateDump* dump) {
  std::string contents;
  if (!Read(path, err, &contents)) return false;
  absl::StatusOr<StateDump> parsed = ParseStateJson(contents, path == "-" ? "<stdin>" : path);
  if (!parsed.ok()) {
    err << parsed.status().message() << "\n";
    return false;
  }
  *dump = *std::move(parsed);
  return true;
}

// Parses `contents`, the semantic projection read from `path`, reporting failures like
// ParseGolden.
bool LoadSemantic(const std::string& path, const std::string& contents, std::ostream& err,
                  SemanticSnapshot* snapshot) {
  absl::StatusOr<SemanticSnapshot> parsed = ParseSemantic(contents, path == "-" ? "<stdin>" : path);
  if (!parsed.ok()) {
    err << parsed.status().message() << "\n";
    return false;
  }
  *snapshot = *std::move(parsed);
  return true;
}

// `vtsnap diff A B` of two semantic projections (either one starts with `vtsnap-semantic`): by
// meaning, as EqualsSemanticGolden compares them, the text, style and state differences apart.
int RunSemanticDiff(const std::string& a_path, const std::string& a_text, const std::string& b_path,
                    const std::string& b_text, bool markdown, std::ostream& out,
                    std::ostream& err) {
  SemanticSnapshot a;
  SemanticSnapshot b;
  if (!LoadSemantic(a_path, a_text, err, &a)) return kExitInvalid;
  if (!LoadSemantic(b_path, b_text, err, &b)) return kExitInvalid;
  const std::string difference = DiffSemantic(a, b);
  if (difference.empty()) return kExitOk;
  if (markdown) {
    out << ReportMarkdown(a_path, b_path, difference);
    return kExitDiffers;
  }
  out << "--- " << a_path << "\n+++ " << b_path << "\n" << difference;
  return kExitDiffers;
}

bool IsSemantic(const std::string& contents) {
  return absl::StartsWith(contents, "vtsnap-semantic ");
}

// `vtsnap diff --json A B`: the fields both dumps have, after docs/state-dump.md's normalizations.
int RunJsonDiff(const std::string& a_path, const std::string& b_path, bool markdown,
                std::ostream& out, std::ostream& err) {
  StateDump a;
  StateDump b;
  if (!LoadState(a_path, err, &a)) return kExitInvalid;
  if (!LoadState(b_path, err, &b)) return kExitInvalid;
  const std::vector<StateDifference> differences = DiffStates(a, b);
  if (differences.empty()) return kExitOk;
  if (markdown) {
    out << ReportMarkdown(
        a_path, b_path,
        absl::StrCat(differences.size(), differences.size() == 1 ? " difference" : " differences",
                     " (A != B):\n", FormatStateDifferences(differences)));
    return kExitDiffers;
  }
  out << "--- " << a_path << "\n+++ " << b_path << "\n"
      << differences.size() << (differences.size() == 1 ? " difference" : " differences")
      << " (A != B):\n"
      << FormatStateDifferences(differences);
  return kExitDiffers;
}

}  // namespace

const cli::Usage kCanonUsage = {
    .command = "canon",
    .summary = "Print the canonical form of a golden dump.",
    .synopsis = "usage: vtsnap canon FILE\n",
    .details = R"(  Prints the canonical form of a ckvision-golden 1 dump ("-" reads stdin): styles
  renumbered by first use, unused and duplicate styles dropped, hex colours in uppercase
  (docs/golden-format.md, "Canonical form").
  exit 0: printed; 2: bad arguments, or an input that cannot be read or is not a valid dump
  (FILE:LINE:COL: message)
)"};

const cli::Usage kDiffUsage = {
    .command = "diff",
    .summary = "Compare two golden dumps, semantic projections or JSON state dumps.",
    .synopsis =
        "usage: vtsnap diff [--json] [--format text|markdown] [--max-rows N] EXPECTED "
        "ACTUAL\n",
    .details =
        R"(  Compares two ckvision-golden 1 dumps, or two vtsnap-semantic 1 projections, by meaning
  and prints a report of what differs. --json compares two JSON state dumps (full or
  partial) over the fields both have and prints each difference by path:
  "cells[3][10].fg: 13421772 != 0". Either file may be "-" (stdin).
  --format markdown prints the difference as GitHub-flavoured Markdown for a pull-request
  comment or $GITHUB_STEP_SUMMARY: a heading naming the files, a table of the changed rows
  (at most --max-rows, default 20, then "N more rows changed"), the other changes in a code
  block. --format text (the default) is the report above; --max-rows caps its rows too.
  exit 0: equal; 1: different (the report on stdout); 2: bad arguments or invalid input
)"};

int RunCanon(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> files;
  cli::CommandLine line(kCanonUsage);
  line.Positionals({.names = {"FILE"}, .min = 1, .max = 1}, &files);
  if (std::optional<int> done = line.Parse(args, out, err)) return *done;
  Frame frame;
  if (!LoadGolden(files[0], err, &frame)) return kExitInvalid;
  absl::StatusOr<std::string> canonical = golden::Serialize(frame);
  if (!canonical.ok()) {
    err << files[0] << ": " << canonical.status().message() << "\n";
    return kExitInvalid;
  }
  out << *canonical;
  return kExitOk;
}

int RunDiff(const std::vector<std::string>& all_args, std::ostream& out, std::ostream& err) {
  bool json = false;
  std::string format = "text";
  std::string max_rows_text = absl::StrCat(kDefaultMarkdownRows);
  std::vector<std::string> args;
  cli::CommandLine line(kDiffUsage);
  line.Switch("--json", &json)
      .Value("--format", &format)
      .Value("--max-rows", &max_rows_text)
      .Positionals({.names = {"EXPECTED", "ACTUAL"}, .min = 2, .max = 2}, &args);
  if (std::optional<int> done = line.Parse(all_args, out, err)) return *done;
  if (args[0] == "-" && args[1] == "-") {
    return line.Error(err, "only one of EXPECTED and ACTUAL can be \"-\" (stdin)");
  }
  if (format != "text" && format != "markdown") {
    return line.Error(err, absl::StrCat("--format '", format, "': expected text or markdown"));
  }
  const bool markdown = format == "markdown";
  int max_rows = 0;
  if (!absl::SimpleAtoi(max_rows_text, &max_rows) || max_rows < 0) {
    return line.Error(err, absl::StrCat("--max-rows '", max_rows_text,
                                        "': expected a number of rows, 0 or more"));
  }
  if (json) return RunJsonDiff(args[0], args[1], markdown, out, err);
  std::string texts[2];
  for (int i = 0; i < 2; ++i) {
    if (!Read(args[i], err, &texts[i])) return kExitInvalid;
  }
  if (IsSemantic(texts[0]) || IsSemantic(texts[1])) {
    return RunSemanticDiff(args[0], texts[0], args[1], texts[1], markdown, out, err);
  }
  Frame expected;
  Frame actual;
  if (!ParseGolden(args[0], texts[0], err, &expected)) return kExitInvalid;
  if (!ParseGolden(args[1], texts[1], err, &actual)) return kExitInvalid;
  const FrameDiff diff = Compare(expected, actual);
  if (diff.empty()) return kExitOk;
  if (markdown) {
    out << FrameDiffMarkdown(args[0], args[1], diff, max_rows);
    return kExitDiffers;
  }
  out << "--- " << args[0] << "\n+++ " << args[1] << "\n"
      << RenderDiff(diff, {.max_text_rows = max_rows});
  return kExitDiffers;
}

}  // namespace vtsnap::tools
