// Resize with reflow (TerminalOptions::reflow_on_resize) against @xterm/headless: each case writes
// text, resizes (narrower, wider, with scrollback, with the cursor mid-line, wide characters at
// the wrap point), and compares vtsnap's state dump with xterm.js's. CMake only (needs node and
// `npm ci` in test/corpus/oracle), like the rest of test/differential.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "test/differential/oracles.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/state_json.h"

namespace vtsnap {
namespace {

struct Case {
  std::string name;
  int cols;
  int rows;
  std::string bytes;
  std::vector<OracleResize> resizes;
};

// Twelve numbered words: a logical line of 48 cells that wraps at any width below it.
const std::string kLong = "w01 w02 w03 w04 w05 w06 w07 w08 w09 w10 w11 w12 ";

std::vector<Case> Cases() {
  std::string many;
  for (int i = 1; i <= 8; ++i) absl::StrAppend(&many, "line ", i, " ", kLong, "\r\n");
  return {
      {"narrower: a wrapped line is cut again",
       20,
       6,
       "ab\r\n" + kLong + "\r\nend",
       {{.cols = 13, .rows = 6}}},
      {"wider: a wrapped line is joined up",
       13,
       8,
       "ab\r\n" + kLong + "\r\nend",
       {{.cols = 30, .rows = 8}}},
      {"narrower then wider again",
       20,
       6,
       kLong + "\r\n",
       {{.cols = 11, .rows = 6}, {.cols = 25, .rows = 6}}},
      {"narrower with scrollback", 24, 5, many, {{.cols = 17, .rows = 5}}},
      {"wider with scrollback", 17, 5, many, {{.cols = 40, .rows = 5}}},
      {"an unwrapped line too long for the new width",
       20,
       4,
       "0123456789abcdefgh\r\nx",
       {{.cols = 8, .rows = 4}}},
      {"the cursor's own line is left alone",
       20,
       6,
       kLong,
       {{.cols = 12, .rows = 6}, {.cols = 30, .rows = 6}}},
      {"cursor mid-line below wrapped text",
       20,
       6,
       kLong + "\r\nprompt> ab\x1b[3D",
       {{.cols = 9, .rows = 6}}},
      {"wide characters at the wrap point (narrower)",
       10,
       6,
       "abc\xe4\xb8\x80\xe4\xb8\x80\xe4\xb8\x80\xe4\xb8\x80\xe4\xb8\x80\xe4\xb8\x80xy\r\n$ ",
       {{.cols = 7, .rows = 6}}},
      {"wide characters at the wrap point (wider)",
       7,
       6,
       "abc\xe4\xb8\x80\xe4\xb8\x80\xe4\xb8\x80\xe4\xb8\x80\xe4\xb8\x80\xe4\xb8\x80xy\r\n$ ",
       {{.cols = 9, .rows = 6}}},
      {"a wide character left for the next line comes back",
       9,
       6,
       "abcdefgh\xe4\xb8\x80xyz\r\n$ ",
       {{.cols = 12, .rows = 6}}},
      {"text written after the resize",
       20,
       6,
       kLong + "\r\n",
       {{.cols = 10, .rows = 6, .bytes = "after\r\n" + kLong}}},
      {"the alternate screen is not re-wrapped",
       20,
       6,
       kLong + "\r\n\x1b[?1049h" + kLong + "\r\n",
       {{.cols = 12, .rows = 6}}},
      {"back from the alternate screen, the primary was re-wrapped",
       20,
       6,
       kLong + "\r\n$ \x1b[?1049h" + "alt",
       {{.cols = 12, .rows = 6, .bytes = "\x1b[?1049l"}}},
      {"rows and columns change together", 20, 6, many, {{.cols = 15, .rows = 8}}},
      {"cursor on the last row, narrower",
       20,
       4,
       "one\r\n" + kLong + "\r\nthree\r\n$ ",
       {{.cols = 10, .rows = 4}}},
  };
}

std::string VtsnapState(const Case& c, bool reflow) {
  VirtualTerminal vt({.cols = c.cols, .rows = c.rows, .reflow_on_resize = reflow});
  vt.Write(c.bytes);
  for (const OracleResize& step : c.resizes) {
    vt.Resize(step.cols, step.rows);
    vt.Write(step.bytes);
  }
  return WriteStateJson(CaptureState(vt.terminal()));
}

class ReflowTest : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::Status started = oracle_.Start();
    if (started.code() == absl::StatusCode::kNotFound ||
        started.code() == absl::StatusCode::kFailedPrecondition) {
      GTEST_SKIP() << started;
    }
    ASSERT_TRUE(started.ok()) << started;
  }
  std::vector<StateDifference> Diff(const Case& c, bool reflow) {
    absl::StatusOr<std::string> theirs =
        oracle_.Replay(c.cols, c.rows, c.bytes, kOracleScrollbackLimit, c.resizes);
    EXPECT_TRUE(theirs.ok()) << theirs.status();
    if (!theirs.ok()) return {};
    absl::StatusOr<StateDump> a = ParseStateJson(VtsnapState(c, reflow), "vtsnap");
    absl::StatusOr<StateDump> b = ParseStateJson(*theirs, "xterm.js");
    EXPECT_TRUE(a.ok() && b.ok());
    if (!a.ok() || !b.ok()) return {};
    return DiffStates(*a, *b);
  }
  XtermJsOracle oracle_;
};

TEST_F(ReflowTest, ReflowMatchesXtermJs) {
  for (const Case& c : Cases()) {
    const std::vector<StateDifference> diff = Diff(c, /*reflow=*/true);
    EXPECT_TRUE(diff.empty()) << c.name << "\n" << FormatStateDifferences(diff);
  }
}

// The default keeps xterm's lines: the same scenarios differ from xterm.js (so the comparison
// above can fail).
TEST_F(ReflowTest, WithoutReflowTheLinesStayAsXtermKeepsThem) {
  for (const Case& c : Cases()) {
    // Two cases re-wrap nothing: the cursor's own line, the alternate screen.
    if (c.name.find("cursor's own line") != std::string::npos ||
        c.name.find("alternate screen is not") != std::string::npos) {
      EXPECT_TRUE(Diff(c, /*reflow=*/false).empty()) << c.name;
      continue;
    }
    EXPECT_FALSE(Diff(c, /*reflow=*/false).empty()) << c.name;
  }
}

}  // namespace
}  // namespace vtsnap
