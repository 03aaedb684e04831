// Redaction presets (snapshot/screen/redact_presets.h): each preset on rows captured from real
// programs (test/snapshot/volatile/) and on text of the same shape it must leave alone. Every case
// is masked on a captured frame and on the frame parsed back from its golden, which must agree.
#include "vtsnap/snapshot/screen/redact_presets.h"

#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/golden.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/redact.h"

namespace vtsnap {
namespace {

using ::testing::HasSubstr;

constexpr int kCols = 80;

struct Case {
  const char* name;
  const char* preset;
  std::string row;   // what the program showed (UTF-8, at most kCols cells)
  std::string want;  // the row once masked, trailing blanks left out
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.name << " (" << c.preset << ")"; }

// `text` padded with blanks to kCols cells; `cells` is its width in cells.
std::string Padded(const std::string& text, int cells) {
  return text + std::string(static_cast<size_t>(kCols - cells), ' ');
}

// The width of `text` in cells, for the rows of these cases: every code point one cell.
int Cells(const std::string& text) {
  int cells = 0;
  for (unsigned char c : text) cells += (c & 0xC0) != 0x80 ? 1 : 0;
  return cells;
}

std::vector<Case> Cases() {
  const std::string hint_mask(74, '#');   // the rest of the 80-column row after "Hint: "
  const std::string meter_mask(34, '#');  // htop's meters: "[", 32 cells of bar and text, "]"
  return {
      // clock
      {"ClockHtopUptime", "clock", "  Mem[|||||||               528M/23.5G] Uptime: 17:43:28",
       "  Mem[|||||||               528M/23.5G] Uptime: ########"},
      {"ClockMcModifyTime", "clock",
       "│/docs            │   4096│Dec  7 21:35││/docs            │   4096│Dec  7 21:35│",
       "│/docs            │   4096│Dec  7 #####││/docs            │   4096│Dec  7 #####│"},
      {"ClockNnnStatusLine", "clock", "1/3 2026-12-07 21:35 drwxr-xr-x 4K",
       "1/3 2026-12-07 ##### drwxr-xr-x 4K"},
      {"ClockOneDigitHourAndPm", "clock", "at 9:05 pm and 9:05p.m. and 11:59AM",
       "at ####### and #######. and #######"},
      {"ClockWithFraction", "clock", "log 03:04:05.123 start", "log ############ start"},
      {"ClockInsideIsoDateTime", "clock", "2026-12-07T21:31:00Z", "2026-12-07T########Z"},
      {"ClockKeepsVersionsRatiosAndPorts", "clock",
       "htop 3.2.2 16:9 1:2 localhost:8080 10.0.0.1:22 27:00 12:75 123:45",
       "htop 3.2.2 16:9 1:2 localhost:8080 10.0.0.1:22 27:00 12:75 123:45"},
      // iso-date
      {"IsoDateNnnDetailRow", "iso-date", ">2026-12-07 21:35  755       4K  docs/",
       ">########## 21:35  755       4K  docs/"},
      {"IsoDateSlashesAndDateTime", "iso-date", "2026/12/07 2026-12-07T21:31",
       "########## ##########T21:31"},
      {"IsoDateKeepsImpossibleDates", "iso-date", "2026-13-07 1234-56-78 v1.2026-12-07",
       "2026-13-07 1234-56-78 v1.2026-12-07"},
      // month-date
      {"MonthDateMcRecent", "month-date", "│/..              │UP--DIR│Dec  7 21:35││",
       "│/..              │UP--DIR│###### 21:35││"},
      {"MonthDateLsYearForm", "month-date", "│/src             │   4096│Jan  2  2024││",
       "│/src             │   4096│############││"},
      {"MonthDateLongForms", "month-date", "on December 7, 2026; Mon, 07 Dec 2026 10:00",
       "on ################; ################ 10:00"},
      {"MonthDateKeepsLookalikes", "month-date", "Mark 12, Maybe 3, Decimal 4, May",
       "Mark 12, Maybe 3, Decimal 4, May"},
      // numeric-date
      {"NumericDateForms", "numeric-date", "12/07/2026 7/12/26 07.12.2026 07-12-2026",
       "########## ####### ########## ##########"},
      {"NumericDateKeepsVersionsFractionsAddresses", "numeric-date",
       "3.2.2 1.10.3 1/2 192.168.1.100 v1/2/2026", "3.2.2 1.10.3 1/2 192.168.1.100 v1/2/2026"},
      // uptime
      {"UptimeHtop", "uptime", "    1[    0.0%] Load average: 0.86 1.08 1.68 Uptime: 17:40:35",
       "    1[    0.0%] Load average: 0.86 1.08 1.68 Uptime: ########"},
      {"UptimeHtopDays", "uptime", "Uptime: 2 days, 03:14:05", "Uptime: ################"},
      {"UptimeHtopHundredDays", "uptime", "Uptime: 101 days(!), 03:14:05",
       "Uptime: #####################"},
      {"UptimeCommand", "uptime",
       " 21:34:27 up 2 days,  3:14,  1 user,  load average: 0.86, 1.08, 1.68",
       " 21:34:27 up " + std::string(13, '#') + ",  1 user,  load average: 0.86, 1.08, 1.68"},
      {"UptimeMinutes", "uptime", " 21:34:27 up 5 min,  1 user", " 21:34:27 up #####,  1 user"},
      {"UptimeKeepsSetupAndBareUp", "uptime", "Setup: 10:30 go up 5 floors",
       "Setup: 10:30 go up 5 floors"},
      // load-average
      {"LoadAverageHtop", "load-average",
       "    1[||||||||||||||||||||||||||100.0%] Load average: 4.10 2.14 1.94",
       "    1[||||||||||||||||||||||||||100.0%] Load average: ##############"},
      {"LoadAverageUptimeCommand", "load-average", "1 user,  load average: 0.86, 1.08, 1.68",
       "1 user,  load average: ################"},
      {"LoadAverageKeepsUnlabelledFigures", "load-average", "scores 0.86 1.08 1.68",
       "scores 0.86 1.08 1.68"},
      // byte-size
      {"ByteSizeMcFreeSpace", "byte-size",
       "└────────────────── 202G / 252G (80%) ─┘└────────────────── 202G / 252G (80%) ─┘",
       "└────────────────── #### / #### (80%) ─┘└────────────────── #### / #### (80%) ─┘"},
      {"ByteSizeNnnColumn", "byte-size", " 2026-12-07 21:35  644   120.6K  big.bin",
       " 2026-12-07 21:35  644   ######  big.bin"},
      {"ByteSizeNnnSmallFileAndStatus", "byte-size", " a.txt 3B  drwxr-xr-x 4K",
       " a.txt ##  drwxr-xr-x ##"},
      {"ByteSizeSpacedUnitsAndDecimalComma", "byte-size", "512 MiB, 1,5 GB, 100 bytes free",
       "#######, ######, ######### free"},
      {"ByteSizeHtopMemFigure", "byte-size", "  Mem[||||||||             1.40G/23.5G]",
       "  Mem[||||||||             #####/#####]"},
      {"ByteSizeKeepsUnitlessNumbersAndKeyNames", "byte-size",
       "│   4096│ F9Kill F10Quit 3D 1080p v2.5G 2 Bananas",
       "│   4096│ F9Kill F10Quit 3D 1080p v2.5G 2 Bananas"},
      // percent
      {"PercentMcFreeSpace", "percent", "└────────────────── 202G / 252G (80%) ─┘",
       "└────────────────── 202G / 252G (###) ─┘"},
      {"PercentHtopCpu", "percent", "    0[                            0.0%] Tasks: 36",
       "    0[                            ####] Tasks: 36"},
      {"PercentKeepsHeaderAndFormats", "percent", "S  CPU%▽MEM%   TIME+  printf(\"%d\")",
       "S  CPU%▽MEM%   TIME+  printf(\"%d\")"},
      // meter
      {"MeterHtopIdleCpu", "meter",
       "    0[                            0.0%] Tasks: 36, 24 thr, 61 kthr; 2 running",
       "    0" + meter_mask + " Tasks: 36, 24 thr, 61 kthr; 2 running"},
      {"MeterHtopBusyCpu", "meter", "    1[||||||||||||||||||||||||||100.0%] Load average: 4.10",
       "    1" + meter_mask + " Load average: 4.10"},
      {"MeterHtopMemory", "meter", "  Mem[||||||||              906M/23.5G] Uptime: 17:44:04",
       "  Mem" + meter_mask + " Uptime: 17:44:04"},
      {"MeterHtopSwap", "meter", "  Swp[                           0K/0K]", "  Swp" + meter_mask},
      {"MeterBarsWithoutFigure", "meter", "[#####     ] [==>   ] [██▌  ] [     ]",
       "############ ######## ####### #######"},
      {"MeterKeepsCheckboxesAndTags", "meter", "[ ] [x] [*] [OK] [#1] [Main] [I/O] [50]",
       "[ ] [x] [*] [OK] [#1] [Main] [I/O] [50]"},
      // pid
      {"PidLabelled", "pid", "pid 4242, PID: 17, pid=9, (pid 77)",
       "pid ####, PID: ##, pid=#, (pid ##)"},
      {"PidKeepsOtherWords", "pid", "rapid 12 PIDs 3 pidgin 4", "rapid 12 PIDs 3 pidgin 4"},
      // temp-path
      {"TempPathMcPanelTitle", "temp-path", "┌<─ /tmp/tmp.cwmg2zD2qd/work ─────.[^]>┐",
       "┌<─ /tmp/##############/work ─────.[^]>┐"},
      {"TempPathMcPrompt", "temp-path", "root@vm:/tmp/tmp.cwmg2zD2qd/work#",
       "root@vm:/tmp/##############/work#"},
      {"TempPathNnnHeader", "temp-path", "1 2 3 4 /tmp/tmp.PenKZIWdbd/work",
       "1 2 3 4 /tmp/##############/work"},
      {"TempPathOtherTempFolders", "temp-path", "/var/tmp/a1 /dev/shm/b2 /private/tmp/c3/x",
       "/var/tmp/## /dev/shm/## /private/tmp/##/x"},
      {"TempPathKeepsOtherTmpFolders", "temp-path", "/usr/tmp/x ~/tmp/y a/tmp/z /tmpfiles",
       "/usr/tmp/x ~/tmp/y a/tmp/z /tmpfiles"},
      // user-host
      {"UserHostMcPrompt", "user-host", "root@vm:/tmp/tmp.cwmg2zD2qd/work#",
       "#######:/tmp/tmp.cwmg2zD2qd/work#"},
      {"UserHostKeepsMailAddresses", "user-host", "write to me@example.com today",
       "write to me@example.com today"},
      // hint-line
      {"HintLineMc", "hint-line", "Hint: Tab changes your current panel.", "Hint: " + hint_mask},
      {"HintLineKeepsOtherLabels", "hint-line", "Tooltip: x  Hints off", "Tooltip: x  Hints off"},
  };
}

class PresetTest : public ::testing::TestWithParam<Case> {};

TEST_P(PresetTest, MasksWhatThePresetPromises) {
  const Case& c = GetParam();
  Redactions redactions;
  ASSERT_TRUE(AddRedactionPreset(c.preset, &redactions).ok()) << c.preset;
  VirtualTerminal vt({.cols = kCols, .rows = 1});
  vt.Write(c.row);
  absl::StatusOr<Frame> captured = CaptureFrame(vt);
  ASSERT_TRUE(captured.ok()) << captured.status();
  absl::StatusOr<std::string> dump = golden::Serialize(*captured);
  ASSERT_TRUE(dump.ok()) << dump.status();
  absl::StatusOr<Frame> parsed = golden::Parse(*dump);
  ASSERT_TRUE(parsed.ok()) << parsed.status();

  redactions.Apply(&*captured);
  redactions.Apply(&*parsed);

  const std::string want = Cells(c.want) >= kCols ? c.want : Padded(c.want, Cells(c.want));
  EXPECT_EQ(captured->RowText(0), want) << "captured frame";
  EXPECT_EQ(parsed->RowText(0), want) << "parsed frame";
}

INSTANTIATE_TEST_SUITE_P(Presets, PresetTest, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return std::string(info.param.name);
                         });

TEST(RedactionPresetsTest, EveryPresetHasACase) {
  std::set<std::string> tested;
  for (const Case& c : Cases()) tested.insert(c.preset);
  for (const RedactionPreset& preset : RedactionPresets()) {
    EXPECT_TRUE(tested.count(std::string(preset.name)) == 1) << preset.name;
    EXPECT_FALSE(preset.masks.empty()) << preset.name;
    EXPECT_FALSE(preset.keeps.empty()) << preset.name;
  }
}

TEST(RedactionPresetsTest, EveryPatternCompiles) {
  for (const RedactionPreset& preset : RedactionPresets()) {
    Redactions redactions;
    EXPECT_TRUE(redactions.AddPattern(preset.pattern).ok()) << preset.name;
  }
}

TEST(RedactionPresetsTest, FindsByName) {
  ASSERT_NE(FindRedactionPreset("clock"), nullptr);
  EXPECT_EQ(FindRedactionPreset("clock")->name, "clock");
  EXPECT_EQ(FindRedactionPreset("Clock"), nullptr);
  EXPECT_EQ(FindRedactionPreset(""), nullptr);
}

TEST(RedactionPresetsTest, UnknownNameIsNotFoundAndListsThePresets) {
  Redactions redactions;
  const absl::Status s = AddRedactionPreset("clocks", &redactions);
  EXPECT_EQ(s.code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(s.message(), HasSubstr("\"clocks\""));
  EXPECT_THAT(s.message(), HasSubstr("clock, iso-date"));
  EXPECT_TRUE(redactions.empty());
}

TEST(RedactionPresetsTest, ListWithAnUnknownNameAddsNone) {
  Redactions redactions;
  const absl::Status s = AddRedactionPresets({"clock", "nope", "pid"}, &redactions);
  EXPECT_EQ(s.code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(s.message(), HasSubstr("\"nope\""));
  EXPECT_TRUE(redactions.empty());
}

TEST(RedactionPresetsTest, ListAddsEachInOrder) {
  Redactions redactions;
  ASSERT_TRUE(AddRedactionPresets({"clock", "load-average"}, &redactions).ok());
  EXPECT_THAT(redactions.patterns(),
              ::testing::ElementsAre(FindRedactionPreset("clock")->pattern,
                                     FindRedactionPreset("load-average")->pattern));
}

// The header's example.
TEST(RedactionPresetsTest, HeaderExample) {
  Redactions redactions;
  ASSERT_TRUE(AddRedactionPresets({"clock", "load-average"}, &redactions).ok());
  VirtualTerminal vt({.cols = 40, .rows = 2});
  vt.Write("Load average: 0.86 1.08 1.68\r\nUptime: 17:40:35");
  absl::StatusOr<Frame> frame = CaptureFrame(vt);
  ASSERT_TRUE(frame.ok());
  redactions.Apply(&*frame);
  EXPECT_EQ(frame->RowText(0), "Load average: ##############            ");
  EXPECT_EQ(frame->RowText(1), "Uptime: ########                        ");
}

}  // namespace
}  // namespace vtsnap
