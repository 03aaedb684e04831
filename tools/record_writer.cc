#include "vtsnap/tools/record_writer.h"

#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/tools/record_keys.h"

namespace vtsnap::tools::record_internal {
namespace {

std::string Quoted(absl::string_view text) { return CppStringLiteral(text); }

void AppendWait(const RecordedWait& wait, std::string* out) {
  if (wait.text.has_value()) {
    absl::StrAppend(out, "  ASSERT_EQ(session.WaitForText(", Quoted(*wait.text),
                    "), absl::OkStatus());\n");
  }
  absl::StrAppend(out, "  ASSERT_EQ(session.WaitForQuiet(absl::Milliseconds(",
                  absl::ToInt64Milliseconds(wait.quiet), ")), absl::OkStatus());\n");
}

}  // namespace

absl::Status ValidateTestName(absl::string_view name) {
  bool ok = !name.empty() && absl::ascii_isalpha(static_cast<unsigned char>(name[0]));
  for (char c : name) ok = ok && (absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (ok && name.size() <= 100) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("--name '", name,
                   "': expected a letter, then letters, digits and '_' (at most 100 characters)"));
}

std::string DefaultTestName(absl::string_view program) {
  const size_t slash = program.rfind('/');
  if (slash != absl::string_view::npos) program = program.substr(slash + 1);
  std::string name;
  for (char c : program) {
    name += absl::ascii_isalnum(static_cast<unsigned char>(c)) ? c : '_';
  }
  while (!name.empty() && !absl::ascii_isalpha(static_cast<unsigned char>(name[0]))) {
    name.erase(0, 1);
  }
  if (name.size() > 60) name.resize(60);
  return name.empty() ? "recorded" : name;
}

std::string TestSuiteName(absl::string_view name) {
  std::string suite;
  bool upper = true;
  for (char c : name) {
    if (c == '_') {
      upper = true;
      continue;
    }
    suite += upper ? absl::ascii_toupper(static_cast<unsigned char>(c)) : c;
    upper = false;
  }
  return suite + "Recording";
}

std::string TestSource(const RecordedSession& s) {
  std::vector<std::string> shown;
  for (const std::string& a : s.argv) shown.push_back(ShellQuoteIfNeeded(a));
  std::string out = absl::StrCat(
      "// Recorded with `vtsnap record` from a live session of\n//   ", absl::StrJoin(shown, " "),
      "\n// at ", s.cols, "x", s.rows,
      ": it types the keys typed then, waits as the program answered, ",
      "and\n// checks the screen at each checkpoint against goldens/", s.name,
      "_test/. Record the session again\n// rather than edit the keys: the goldens go with them.\n",
      "#include \"absl/status/status.h\"\n", "#include \"absl/time/time.h\"\n",
      "#include \"gmock/gmock.h\"\n", "#include \"gtest/gtest.h\"\n",
      "#include \"vtsnap/matchers/golden.h\"\n", "#include \"vtsnap/pty/pty_session.h\"\n\n",
      "namespace {\n\n", "TEST(", TestSuiteName(s.name), ", ReplaysTheSession) {\n",
      "  vtsnap::PtySession session({.cols = ", s.cols, ", .rows = ", s.rows);
  if (!s.working_directory.empty()) {
    absl::StrAppend(&out, ", .working_directory = ", Quoted(s.working_directory));
  }
  absl::StrAppend(&out, "});\n");
  std::vector<std::string> args;
  for (const std::string& a : s.argv) args.push_back(Quoted(a));
  absl::StrAppend(&out, "  ASSERT_EQ(session.Start({", absl::StrJoin(args, ", "),
                  "}), absl::OkStatus());\n");
  bool checkpoints = false;
  for (const RecordedStep& step : s.steps) {
    checkpoints = checkpoints || step.kind == RecordedStep::Kind::kCheckpoint;
  }
  if (checkpoints) {
    absl::StrAppend(&out, "  vtsnap::GoldenOptions golden;\n");
    for (const std::string& pattern : s.redactions) {
      absl::StrAppend(&out, "  ASSERT_EQ(golden.redactions.AddPattern(", Quoted(pattern),
                      "), absl::OkStatus());\n");
    }
  }
  AppendWait(s.first_screen, &out);
  for (size_t i = 0; i < s.steps.size(); ++i) {
    const RecordedStep& step = s.steps[i];
    if (step.kind == RecordedStep::Kind::kCheckpoint) {
      absl::StrAppend(&out, "  EXPECT_THAT(session, vtsnap::EqualsGolden(", Quoted(step.golden),
                      ", golden));\n");
      continue;
    }
    absl::StrAppend(&out, "\n  // ", absl::StrFormat("%.2f", absl::ToDoubleSeconds(step.at)), " s");
    // One write, as the keys reached the program: keys split over writes can read differently
    // (a program that reads an arrow and an unknown sequence together may drop both).
    const std::vector<ReplayPiece> pieces = ToReplayPieces(step.bytes);
    if (pieces.size() == 1 && pieces[0].keys) {
      absl::StrAppend(&out, "\n  ASSERT_EQ(session.SendKeys(", Quoted(pieces[0].text),
                      "), absl::OkStatus());\n");
    } else {
      // Keys without a word among them: the bytes, with the words they hold in the comment.
      absl::StrAppend(&out, ":");
      for (const ReplayPiece& piece : pieces) {
        absl::StrAppend(&out, " ", piece.keys ? piece.text : Quoted(piece.text));
      }
      absl::StrAppend(&out, "\n  ASSERT_EQ(session.Send(", Quoted(step.bytes),
                      "), absl::OkStatus());\n");
    }
    // Keys the program exited on are followed by the wait for its exit.
    if (!(i + 1 == s.steps.size() && s.exit.has_value())) AppendWait(step.wait, &out);
  }
  if (s.exit.has_value()) {
    absl::StrAppend(&out,
                    "\n  absl::StatusOr<vtsnap::ExitStatus> exit = session.WaitForExit();\n"
                    "  ASSERT_TRUE(exit.ok()) << exit.status();\n"
                    "  EXPECT_EQ(exit->ToString(), ",
                    Quoted(s.exit->ToString()), ");\n");
  }
  absl::StrAppend(&out, "}\n\n}  // namespace\n");
  return out;
}

}  // namespace vtsnap::tools::record_internal
