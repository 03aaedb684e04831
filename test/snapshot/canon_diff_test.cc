// `vtsnap canon` and `vtsnap diff`, called directly: exit codes, outputs and error forms.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/scratch_dir.h"
#include "vtsnap/tools/commands.h"

namespace vtsnap::tools {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr char kCanonical[] =
    "ckvision-golden 1\n"
    "frame 3 1\n"
    "cursor 0 0 block\n"
    "styles 2\n"
    "0 fg #AABBCC bg default attrs -\n"
    "1 fg @3 bg default attrs bold,italic\n"
    "grid\n"
    "|a|b|\n"
    "stylemap\n"
    "|011|\n"
    "end\n";

// The same frame spelled differently: lowercase hex, styles numbered the other way round,
// attributes in another order (which the canonical form keeps: kCanonOfNonCanonical).
constexpr char kNonCanonical[] =
    "ckvision-golden 1\n"
    "frame 3 1\n"
    "cursor 0 0 block\n"
    "styles 2\n"
    "0 fg @3 bg default attrs italic,bold\n"
    "1 fg #aabbcc bg default attrs -\n"
    "grid\n"
    "|a|b|\n"
    "stylemap\n"
    "|100|\n"
    "end\n";

// What `vtsnap canon` makes of kNonCanonical: kCanonical but for the attribute order, which the
// format keeps as written.
constexpr char kCanonOfNonCanonical[] =
    "ckvision-golden 1\n"
    "frame 3 1\n"
    "cursor 0 0 block\n"
    "styles 2\n"
    "0 fg #AABBCC bg default attrs -\n"
    "1 fg @3 bg default attrs italic,bold\n"
    "grid\n"
    "|a|b|\n"
    "stylemap\n"
    "|011|\n"
    "end\n";

class CanonDiffTest : public ::testing::Test {
 protected:
  std::string Write(const std::string& name, const std::string& contents) {
    const std::string path =
        (vtsnap::test_util::SharedScratchDir("canon_diff_test") / name).string();
    std::ofstream(path, std::ios::binary) << contents;
    return path;
  }

  int Canon(const std::vector<std::string>& args) {
    out_.str("");
    err_.str("");
    return RunCanon(args, out_, err_);
  }
  int Diff(const std::vector<std::string>& args) {
    out_.str("");
    err_.str("");
    return RunDiff(args, out_, err_);
  }

  std::ostringstream out_;
  std::ostringstream err_;
};

TEST_F(CanonDiffTest, CanonPrintsTheCanonicalFormAndExitsZero) {
  const std::string path = Write("noncanonical.dump", kNonCanonical);
  EXPECT_EQ(Canon({path}), 0);
  EXPECT_EQ(out_.str(), kCanonOfNonCanonical);
  EXPECT_EQ(err_.str(), "");
}

// `attrs` keeps the order it was written in (the spec: "order preserved as written"): canon of any
// order is the same bytes; an invalid list still names its file, line and column.
struct CanonAttrsCase {
  const char* name;
  const char* attrs;  // style 1's attribute list
  const char* error;  // "" when valid; else stderr after "<path>:"
};

TEST_F(CanonDiffTest, CanonKeepsTheAttributeOrderAsWritten) {
  const CanonAttrsCase kCases[] = {
      {"TwoReversed", "italic,bold", ""},
      {"ThreeShuffled", "strike,bold,italic", ""},
      {"AllSixReversed", "strike,reverse,underline,italic,dim,bold", ""},
      {"UnderlineFirstWithItsShape", "underline,bold underline dotted", ""},
      {"UnderlineFirstWithItsColour", "underline,italic ulcolor #00FF00", ""},
      {"DuplicateAfterReordering", "italic,bold,italic",
       "6:38: expected each attribute at most once, got \"italic\" again\n"},
      {"EmptyEntryAfterReordering", "italic,,bold",
       "6:33: expected an attribute (bold, dim, italic, underline, reverse or strike), got "
       "nothing\n"},
  };
  for (const CanonAttrsCase& c : kCases) {
    SCOPED_TRACE(c.name);
    std::string text = kCanonical;
    text.replace(text.find("bold,italic"), std::strlen("bold,italic"), c.attrs);
    const std::string path = Write(std::string(c.name) + ".dump", text);
    if (std::strlen(c.error) == 0) {
      EXPECT_EQ(Canon({path}), 0);
      EXPECT_EQ(out_.str(), text);
      EXPECT_EQ(err_.str(), "");
    } else {
      EXPECT_EQ(Canon({path}), 2);
      EXPECT_EQ(out_.str(), "");
      EXPECT_EQ(err_.str(), path + ":" + c.error);
    }
  }
}

TEST_F(CanonDiffTest, CanonOfCanonicalInputIsTheSameBytes) {
  EXPECT_EQ(Canon({Write("canonical.dump", kCanonical)}), 0);
  EXPECT_EQ(out_.str(), kCanonical);
}

TEST_F(CanonDiffTest, CanonInvalidInputExitsTwoWithFileLineColumn) {
  std::string text = kCanonical;
  text.replace(text.find("@3"), 2, "@300");
  const std::string path = Write("invalid.dump", text);
  EXPECT_EQ(Canon({path}), 2);
  EXPECT_EQ(out_.str(), "");
  EXPECT_EQ(err_.str(), path +
                            ":6:6: expected a foreground colour (default, @0-255 or #RRGGBB), got "
                            "\"@300\"\n");
}

TEST_F(CanonDiffTest, CanonNamesCrlf) {
  std::string text;
  for (char c : std::string(kCanonical))
    text += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const std::string path = Write("crlf.dump", text);
  EXPECT_EQ(Canon({path}), 2);
  EXPECT_EQ(err_.str(), path +
                            ":1:18: CRLF line endings (a checkout converted it; add `*.dump -text` "
                            "to .gitattributes)\n");
}

TEST_F(CanonDiffTest, CanonMissingFileExitsTwoNamingIt) {
  const std::string path =
      (vtsnap::test_util::SharedScratchDir("canon_diff_test") / "does_not_exist.dump").string();
  EXPECT_EQ(Canon({path}), 2);
  EXPECT_EQ(err_.str(), path + ": No such file or directory\n");
}

TEST_F(CanonDiffTest, CanonDirectoryExitsTwoNamingIt) {
  EXPECT_EQ(Canon({::testing::TempDir()}), 2);
  EXPECT_THAT(err_.str(), StartsWith(::testing::TempDir() + ": "));
}

TEST_F(CanonDiffTest, CanonUsage) {
  EXPECT_EQ(Canon({}), 2);
  EXPECT_THAT(err_.str(), StartsWith("usage: vtsnap canon FILE\n"));
  EXPECT_EQ(Canon({"a", "b"}), 2);
}

TEST_F(CanonDiffTest, DiffOfEqualMeaningsExitsZeroSilently) {
  EXPECT_EQ(Diff({Write("a.dump", kCanonical), Write("b.dump", kNonCanonical)}), 0);
  EXPECT_EQ(out_.str(), "");
  EXPECT_EQ(err_.str(), "");
}

// A space written in fg @7 on bg @0 and a cell erased with bg @0 look the same: `vtsnap diff`
// reports no difference (docs/golden-format.md, "What compares equal"). The same dumps with a
// visible difference (the background) still differ.
TEST_F(CanonDiffTest, DiffOfDumpsDifferingOnlyInTheForegroundOfBlanksExitsZero) {
  const std::string header = "ckvision-golden 1\nframe 3 1\ncursor hidden\nstyles 2\n";
  const std::string written =
      Write("written.dump", header +
                                "0 fg default bg @0 attrs -\n1 fg @7 bg @0 attrs bold\n"
                                "grid\n|a  |\nstylemap\n|011|\nend\n");
  const std::string erased =
      Write("erased.dump",
            "ckvision-golden 1\nframe 3 1\ncursor hidden\nstyles 1\n"
            "0 fg default bg @0 attrs -\ngrid\n|a  |\nstylemap\n|000|\nend\n");
  EXPECT_EQ(Diff({written, erased}), 0) << err_.str();
  EXPECT_EQ(out_.str(), "");
  const std::string other_bg =
      Write("other_bg.dump", header +
                                 "0 fg default bg @0 attrs -\n1 fg @7 bg @1 attrs bold\n"
                                 "grid\n|a  |\nstylemap\n|011|\nend\n");
  EXPECT_EQ(Diff({other_bg, erased}), 1);
  EXPECT_THAT(out_.str(), HasSubstr("  row 0 cols 1-2 (blank): bg @1 (red) -> @0 (black)\n"));
}

TEST_F(CanonDiffTest, DiffOfDifferentFramesExitsOneWithTheReport) {
  std::string changed = kCanonical;
  changed.replace(changed.find("|a|b|"), 5, "|a|c|");
  changed.replace(changed.find("|011|"), 5, "|010|");
  const std::string a = Write("expected.dump", kCanonical);
  const std::string b = Write("actual.dump", changed);
  EXPECT_EQ(Diff({a, b}), 1);
  EXPECT_EQ(out_.str(),
            "--- " + a + "\n+++ " + b +
                "\n"
                "frames differ (- expected, + actual; rows and columns are 0-based)\n"
                "text:\n"
                "  row 0 -|a|b|\n"
                "        +|a|c|\n"
                "            ^\n"
                "styles:\n"
                "  row 0 col 2 \"c\": fg @3 (yellow) -> #AABBCC, bold lost, italic lost\n");
  EXPECT_EQ(err_.str(), "");
}

TEST_F(CanonDiffTest, DiffOfInvalidInputExitsTwo) {
  const std::string good = Write("good.dump", kCanonical);
  const std::string bad = Write("bad.dump", "ckvision-golden 1\nframe 3 1\n");
  EXPECT_EQ(Diff({good, bad}), 2);
  EXPECT_EQ(err_.str(), bad + ":3:1: expected a cursor line, got end of input\n");
  EXPECT_EQ(Diff({bad, good}), 2);
}

TEST_F(CanonDiffTest, DiffUsage) {
  EXPECT_EQ(Diff({"one"}), 2);
  EXPECT_THAT(
      err_.str(),
      HasSubstr(
          "usage: vtsnap diff [--json] [--format text|markdown] [--max-rows N] EXPECTED ACTUAL"));
  EXPECT_EQ(Diff({"-", "-"}), 2);
}

// `vtsnap diff` of two semantic projections (docs/semantic.md): by meaning, as
// EqualsSemanticGolden compares them.

// A 6x1 semantic projection whose row says `text` and whose styles section holds `styles`.
std::string Semantic(const std::string& text, const std::string& styles) {
  return "vtsnap-semantic 1\ncapture viewport\nsize 6x1\nbuffer normal\n"
         "viewport top=0 scrollback=0\ncursor hidden\nmode bracketed-paste off\n"
         "mode mouse-tracking off\nmode mouse-encoding default\nmode focus-events off\n"
         "mode synchronized-output off\nmode application-cursor-keys off\ntext\n0 |" +
         text + "\nstyles\n" + styles;
}

TEST_F(CanonDiffTest, SemanticDiffExitCodes) {
  struct Case {
    const char* name;
    std::string expected;
    std::string actual;
    int exit_code;
    std::string out;  // after the --- / +++ lines; "" for none
  };
  const Case kCases[] = {
      {"same bytes", Semantic("ab", "0 0-1 bold fg=red\n"), Semantic("ab", "0 0-1 bold fg=red\n"),
       0, ""},
      {"words in another order", Semantic("ab", "0 0-1 bold fg=red\n"),
       Semantic("ab", "0 0-1 fg=red bold\n"), 0, ""},
      // A colour on the blanks after the text shows nowhere (docs/semantic.md, "What a run says").
      {"colour nobody sees on blanks", Semantic("ab", "0 0-1 fg=red\n"),
       Semantic("ab", "0 0-5 fg=red\n"), 0, ""},
      {"text changed", Semantic("ab", "0 0-1 bold\n"), Semantic("ac", "0 0-1 bold\n"), 1,
       "projections differ (- expected, + actual)\ntext:\n  - 0 |ab\n  + 0 |ac\n"
       "styles: same\n"},
      {"style changed", Semantic("ab", "0 0-1 bold\n"), Semantic("ab", "0 0-1 fg=red\n"), 1,
       "projections differ (- expected, + actual)\ntext: same\nstyles:\n  - 0 0-1 bold\n"
       "  + 0 0-1 fg=red\n"},
  };
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.name);
    const std::string a = Write("expected.semantic", c.expected);
    const std::string b = Write("actual.semantic", c.actual);
    EXPECT_EQ(Diff({a, b}), c.exit_code) << err_.str();
    EXPECT_EQ(out_.str(), c.out.empty() ? "" : "--- " + a + "\n+++ " + b + "\n" + c.out);
    EXPECT_EQ(err_.str(), "");
  }
}

TEST_F(CanonDiffTest, SemanticDiffOfInvalidInputExitsTwoNamingTheFileAndPlace) {
  const std::string good = Write("good.semantic", Semantic("ab", ""));
  const std::string bad = Write("bad.semantic", Semantic("ab", "0 0-9 bold\n"));
  EXPECT_EQ(Diff({good, bad}), 2);
  EXPECT_EQ(err_.str(), bad + ":16:5: column 9 is past the screen's 6 columns (0-5)\n");
  // A projection against a golden dump: the dump is not a projection.
  const std::string dump = Write("c.dump", kCanonical);
  EXPECT_EQ(Diff({good, dump}), 2);
  EXPECT_THAT(err_.str(), StartsWith(dump + ":1:1: expected the header"));
}

// `vtsnap diff --json`: JSON state dumps (docs/state-dump.md).

TEST_F(CanonDiffTest, JsonDiffOfAgreeingDumpsExitsZeroSilently) {
  // A partial dump agrees with a full one on the fields both have; the pending-wrap column is
  // clamped (xterm.js reports cols, vtsnap cols - 1).
  const std::string full = Write("full.json", R"({"cols": 2, "rows": 1,
      "cursor": {"row": 0, "col": 1, "visible": true, "pending_wrap": true},
      "cells": [[{"ch": "a", "fg": 13421772, "bg": 0, "attrs": []}, null]]})");
  const std::string partial = Write("partial.json", R"({"cols": 2,
      "cursor": {"col": 2, "pending_wrap": true},
      "cells": [[{"ch": "a"}, {"ch": " ", "fg": 13421772, "bg": 0, "attrs": []}]]})");
  EXPECT_EQ(Diff({"--json", full, partial}), 0) << err_.str();
  EXPECT_EQ(out_.str(), "");
  EXPECT_EQ(err_.str(), "");
}

TEST_F(CanonDiffTest, JsonDiffExitsOneWithEachDifferenceByPath) {
  const std::string a = Write("a.json", R"({"rows": 1, "cells": [[{"ch": "a", "fg": 13421772}]]})");
  const std::string b = Write("b.json", R"({"rows": 1, "cells": [[{"ch": "b", "fg": 0}]]})");
  EXPECT_EQ(Diff({"--json", a, b}), 1);
  EXPECT_EQ(out_.str(), "--- " + a + "\n+++ " + b +
                            "\n2 differences (A != B):\n"
                            "cells[0][0].ch: \"a\" != \"b\"\n"
                            "cells[0][0].fg: 13421772 != 0\n");
}

TEST_F(CanonDiffTest, JsonDiffOfInvalidInputExitsTwoNamingTheFileAndPlace) {
  const std::string good = Write("good.json", R"({"cols": 2})");
  const std::string malformed = Write("malformed.json", "{\"cols\": 2,\n}");
  EXPECT_EQ(Diff({"--json", good, malformed}), 2);
  EXPECT_THAT(err_.str(), StartsWith(malformed + ":2:1: malformed JSON (byte offset 12): "));
  const std::string wrong = Write("wrong.json", R"({"cols": 2, "cursor": {"col": 3}})");
  EXPECT_EQ(Diff({"--json", wrong, good}), 2);
  EXPECT_EQ(err_.str(), wrong + ": cursor.col: expected an integer from 0 to 2, got 3\n");
  EXPECT_EQ(Diff({"--json", good, ::testing::TempDir() + "/no-such.json"}), 2);
  EXPECT_THAT(err_.str(), HasSubstr("no-such.json: No such file or directory"));
  // A golden is not a JSON dump.
  EXPECT_EQ(Diff({"--json", good, Write("golden.dump", kCanonical)}), 2);
  EXPECT_THAT(err_.str(), HasSubstr("golden.dump:1:1: malformed JSON"));
}

TEST_F(CanonDiffTest, JsonDiffUsage) {
  EXPECT_EQ(Diff({"--json", "one"}), 2);
  EXPECT_THAT(
      err_.str(),
      HasSubstr(
          "usage: vtsnap diff [--json] [--format text|markdown] [--max-rows N] EXPECTED ACTUAL"));
}

TEST_F(CanonDiffTest, ReadInputReadsBinaryExactly) {
  const std::string bytes("a\r\n\0b\xFF", 6);
  std::string contents;
  std::string error;
  ASSERT_TRUE(ReadInput(Write("binary", bytes), &contents, &error)) << error;
  EXPECT_EQ(contents, bytes);
}

}  // namespace
}  // namespace vtsnap::tools
