// Hostile input: streams built to exhaust memory or time (a CSI with 100 000 parameters, a 100 MB
// OSC string, a megabyte of invalid UTF-8, a million ESC bytes, a Sixel raster declared 100000 x
// 100000 pixels, a 100 MB DCS payload, a hyperlink target of half a megabyte), fed to the xterm
// profile (VirtualTerminal) and to the presenter profile (PresenterTerminal). Each case checks
// that the decoder records what it dropped (a count in ParserStats or TerminalStats, the graphics
// status, or the presenter's first violation naming its offset and rule), that the screen still
// works afterwards, and that the peak live heap while the terminal is made and the input decoded
// stays under a bound derived from what the screen itself needs (docs/fuzzing.md, "Hostile
// input", lists them).
//
// The heap is measured by replacing the global operator new and delete of this binary (every
// form: sized, aligned, nothrow) with counting versions over malloc. They keep working under
// AddressSanitizer, which intercepts the malloc underneath (its checks stay on) and reports the
// requested size through malloc_usable_size. HeapProbe.SeesWhatATerminalAllocates proves the
// counting works in the build at hand, so a bound can fail.
//
// Inputs are generated in 64 KiB chunks from one buffer made before the measurement starts: the
// test never holds a whole hostile stream, and its own buffers are not counted.
#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <new>
#include <ostream>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/parser.h"
#include "vtsnap/decoder/presenter.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"

// ---------------------------------------------------------------------------------------------
// The counting allocator.

namespace {

std::atomic<int64_t> g_live_bytes{0};
std::atomic<int64_t> g_peak_bytes{0};

void* Counted(void* p) {
  if (p == nullptr) return nullptr;
  const auto n = static_cast<int64_t>(malloc_usable_size(p));
  const int64_t live = g_live_bytes.fetch_add(n, std::memory_order_relaxed) + n;
  int64_t peak = g_peak_bytes.load(std::memory_order_relaxed);
  while (live > peak &&
         !g_peak_bytes.compare_exchange_weak(peak, live, std::memory_order_relaxed)) {
  }
  return p;
}

void* TryAllocate(size_t size, size_t alignment) {
  if (size == 0) size = 1;
  void* p = nullptr;
  if (alignment <= alignof(std::max_align_t)) {
    p = std::malloc(size);
  } else if (posix_memalign(&p, alignment, size) != 0) {
    p = nullptr;
  }
  return Counted(p);
}

void* Allocate(size_t size, size_t alignment) {
  void* p = TryAllocate(size, alignment);
  if (p == nullptr) {
    // No exceptions in this code base: running out of memory ends the test binary.
    std::fputs("hostile_test: out of memory\n", stderr);
    std::abort();
  }
  return p;
}

void Release(void* p) {
  if (p == nullptr) return;
  g_live_bytes.fetch_sub(static_cast<int64_t>(malloc_usable_size(p)), std::memory_order_relaxed);
  std::free(p);
}

}  // namespace

void* operator new(size_t size) { return Allocate(size, 0); }
void* operator new[](size_t size) { return Allocate(size, 0); }
void* operator new(size_t size, std::align_val_t a) {
  return Allocate(size, static_cast<size_t>(a));
}
void* operator new[](size_t size, std::align_val_t a) {
  return Allocate(size, static_cast<size_t>(a));
}
void* operator new(size_t size, const std::nothrow_t&) noexcept { return TryAllocate(size, 0); }
void* operator new[](size_t size, const std::nothrow_t&) noexcept { return TryAllocate(size, 0); }
void* operator new(size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
  return TryAllocate(size, static_cast<size_t>(a));
}
void* operator new[](size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
  return TryAllocate(size, static_cast<size_t>(a));
}
void operator delete(void* p) noexcept { Release(p); }
void operator delete[](void* p) noexcept { Release(p); }
void operator delete(void* p, size_t) noexcept { Release(p); }
void operator delete[](void* p, size_t) noexcept { Release(p); }
void operator delete(void* p, std::align_val_t) noexcept { Release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { Release(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { Release(p); }
void operator delete[](void* p, size_t, std::align_val_t) noexcept { Release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { Release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { Release(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { Release(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { Release(p); }

namespace vtsnap {
namespace {

using ::testing::SizeIs;

// The peak of the live heap since the probe was made, above what was live then.
class HeapProbe {
 public:
  HeapProbe() : base_(g_live_bytes.load()) { g_peak_bytes.store(base_); }
  int64_t PeakGrowth() const { return g_peak_bytes.load() - base_; }

 private:
  int64_t base_;
};

// ---------------------------------------------------------------------------------------------
// Bounds.

// One screen line of `cols` cells: the cells and the line's header.
constexpr int64_t LineBytes(int cols) {
  return static_cast<int64_t>(sizeof(Line) + cols * sizeof(ScreenCell));
}

// What a terminal needs before any input: its primary and alternate screens.
constexpr int64_t ScreenBytes(int cols, int rows) { return 2 * rows * LineBytes(cols); }

// The fixed costs on top of the screen: the interning tables' first entries, the tab stops, a
// few ignored-sequence entries in TerminalStats, a status message, the Sixel decoder object (its
// palette included), the parser's sequence buffers. Nothing here grows with the input.
constexpr int64_t kSlack = 64 << 10;

// The parser's OSC buffer at its cap (ParserLimits::max_osc_bytes, 1 MiB): a growing
// std::string may reach twice what it holds, and the old buffer is live while it moves, so
// three times the cap.
constexpr int64_t kOscBufferBytes = 3 * (int64_t{1} << 20);

// The presenter's OSC buffer at its cap (PresenterLimits::max_text_bytes, 16 MiB), the same way.
constexpr int64_t kPresenterOscBufferBytes = 3 * (int64_t{16} << 20);

// An OSC string of `bytes` held whole (under either profile's cap), the same way.
constexpr int64_t HeldOscBytes(int64_t bytes) { return 3 * bytes; }

// A Sixel image the presenter clips to its plane: the decoder's grid of register numbers (2
// bytes a pixel), the finished bitmap (4) and the plane's line strips it is copied into (4), for
// every pixel of the plane (80 x 24 cells of 3 x 6 pixels).
constexpr int64_t kPlanePixels = (80 * 3) * (24 * 6);
constexpr int64_t kClippedSixelBytes = 10 * kPlanePixels;

// The xterm dialect's grid when an image grows column by column to SixelLimits::max_width (4096)
// in one band of six rows: 2 bytes a pixel, and the grid before it doubled.
constexpr int64_t kSixelBandBytes = 2 * (4096 * 6 * 2);

// ---------------------------------------------------------------------------------------------
// Streams.

constexpr size_t kChunk = 64 << 10;

// Writes a hostile stream to `write` in chunks of at most kChunk bytes, generating long runs into
// one buffer allocated when the Stream is made (before the probe).
class Stream {
 public:
  Stream() : buffer_(kChunk, '\0') {}

  void Put(absl::string_view bytes) {
    write(bytes);
    written_ += bytes.size();
  }
  // `pattern` (at most kChunk bytes) written `times` times.
  void Repeat(absl::string_view pattern, uint64_t times) {
    const size_t per_chunk = kChunk / pattern.size();
    buffer_.clear();  // keeps its capacity
    for (size_t i = 0; i < per_chunk; ++i) buffer_.append(pattern.data(), pattern.size());
    while (times > 0) {
      const uint64_t n = std::min<uint64_t>(times, per_chunk);
      Put(absl::string_view(buffer_).substr(0, n * pattern.size()));
      times -= n;
    }
  }
  uint64_t written() const { return written_; }

  std::function<void(absl::string_view)> write;

 private:
  std::string buffer_;
  uint64_t written_ = 0;
};

constexpr uint64_t kMega = 1000 * 1000;

void CsiWith100000Params(Stream& s) {
  s.Put("\x1b[");
  s.Repeat("1;", 100000);
  s.Put("m");
}

void Osc100MB(Stream& s, absl::string_view code) {
  s.Put(absl::StrCat("\x1b]", code, ";"));
  s.Repeat("x", 100 * kMega);
  s.Put("\x07");
}

// Eleven bytes that are ten maximal invalid subparts: 0xFF, a lone continuation byte, a truncated
// three-byte sequence, the overlong lead C0, a lone continuation, a surrogate's lead and its two
// continuations, a lead past U+10FFFF's range and its continuation.
constexpr absl::string_view kInvalidUtf8 = "\xff\x80\xe2\x82\xc0\xaf\xed\xa0\x80\xf4\x90";
constexpr uint64_t kInvalidUtf8Times = (1 << 20) / kInvalidUtf8.size();  // 1 MiB
constexpr uint64_t kInvalidUtf8Replacements = 10 * kInvalidUtf8Times;

void InvalidUtf8Megabyte(Stream& s) { s.Repeat(kInvalidUtf8, kInvalidUtf8Times); }

void MillionEsc(Stream& s) { s.Repeat("\x1b", kMega); }

constexpr uint64_t kEscEscBracketTimes = kMega / 3 + 1;
void MillionEscEscBracket(Stream& s) { s.Repeat("\x1b\x1b[", kEscEscBracketTimes); }

// ESC ] starts an OSC string, which the next ESC ends (an empty OSC), ESC P a DCS header, ESC X
// an SOS string, ESC [ a CSI: every state the parser has, abandoned over and over.
constexpr absl::string_view kEveryIntroducer = "\x1b]\x1bP\x1bX\x1b[";
constexpr uint64_t kEveryIntroducerTimes = kMega / kEveryIntroducer.size();
void MillionBytesOfIntroducers(Stream& s) { s.Repeat(kEveryIntroducer, kEveryIntroducerTimes); }

void HugeSixelRaster(Stream& s) { s.Put("\x1bPq\"1;1;100000;100000#1;2;100;0;0#1~~~~\x1b\\"); }

void Dcs100MB(Stream& s) {
  s.Put("\x1bP+q");  // XTGETTCAP, which the xterm profile does not answer (as xterm 379)
  s.Repeat("x", 100 * kMega);
  s.Put("\x1b\\");
}

void Decrqss100MB(Stream& s) {
  s.Put("\x1bP$q");  // DECRQSS, whose string the terminal collects up to a small cap
  s.Repeat("x", 100 * kMega);
  s.Put("\x1b\\");
}

void SixelPaint100MB(Stream& s) {
  s.Put("\x1bPq#1;2;100;0;0#1");
  s.Repeat("~", 100 * kMega);
  s.Put("\x1b\\");
}

constexpr uint64_t kHugeUriBytes = 512 << 10;  // under the OSC cap, far over the link cap
void HyperlinkWithHugeTarget(Stream& s) {
  s.Put("\x1b]8;;https://e.example/");
  s.Repeat("a", kHugeUriBytes);
  s.Put("\x1b\\x");
}

// How many sequences of this kind the terminal ignored.
uint64_t Ignored(const VirtualTerminal& vt, const std::string& kind) {
  const auto it = vt.terminal().stats().ignored.find(kind);
  return it == vt.terminal().stats().ignored.end() ? 0 : it->second;
}

void ReportPeak(absl::string_view profile, absl::string_view name, int64_t peak, int64_t bound) {
  std::printf("[   peak   ] %s %s: %lld bytes (bound %lld)\n", std::string(profile).c_str(),
              std::string(name).c_str(), static_cast<long long>(peak),
              static_cast<long long>(bound));
}

// ---------------------------------------------------------------------------------------------
// The counting itself.

TEST(HeapProbe, SeesWhatATerminalAllocates) {
  HeapProbe probe;
  {
    VirtualTerminal vt({.cols = 80, .rows = 24});
    vt.Write("ok");
  }
  // At least the cells of the primary screen, at most the screen bound this file uses.
  EXPECT_GE(probe.PeakGrowth(), 24 * 80 * static_cast<int64_t>(sizeof(ScreenCell)));
  EXPECT_LT(probe.PeakGrowth(), ScreenBytes(80, 24) + kSlack);
}

// ---------------------------------------------------------------------------------------------
// The xterm profile.

struct XtermCase {
  const char* name = "";
  TerminalOptions options = {};
  void (*input)(Stream&) = nullptr;
  // What the decoder recorded about the input (it may write a probe to see what is pending).
  void (*recorded)(VirtualTerminal&) = nullptr;
  // The bound on the peak heap is ScreenBytes(options) plus this.
  int64_t extra_bytes = 0;
};

void PrintTo(const XtermCase& c, std::ostream* os) { *os << c.name; }

class XtermHostileTest : public ::testing::TestWithParam<XtermCase> {};

TEST_P(XtermHostileTest, RecordsTheInputStaysBoundedAndKeepsWorking) {
  const XtermCase& c = GetParam();
  Stream stream;
  HeapProbe probe;
  VirtualTerminal vt(c.options);
  stream.write = [&vt](absl::string_view bytes) { vt.Write(bytes); };
  c.input(stream);
  const int64_t peak = probe.PeakGrowth();
  const int64_t bound = ScreenBytes(c.options.cols, c.options.rows) + c.extra_bytes;
  ReportPeak("xterm", c.name, peak, bound);
  EXPECT_LT(peak, bound);
  c.recorded(vt);
  // CAN abandons whatever sequence the input left open; then home, erase the line and print.
  vt.Write("\x18\x1b[H\x1b[2Kok");
  EXPECT_EQ(vt.RowText(0), "ok");
  EXPECT_EQ(vt.cursor().col, 2);
  EXPECT_EQ(vt.cursor().row, 0);
}

const TerminalOptions kSixelOn = {.graphics = {.sixel = true}};

INSTANTIATE_TEST_SUITE_P(
    Hostile, XtermHostileTest,
    ::testing::Values(
        // (a) Parameters past the 32nd are dropped as they arrive, never stored.
        XtermCase{.name = "CsiWith100000ParamsKeepsTheFirst32",
                  .input = CsiWith100000Params,
                  .recorded =
                      [](VirtualTerminal& vt) {
                        EXPECT_EQ(vt.parser_stats().truncated_params, 1u);
                        EXPECT_TRUE(vt.terminal().current_pen().has(kAttrBold));
                      },
                  .extra_bytes = kSlack},
        // (b) The parser keeps the first 1 MiB and flags the string; the terminal ignores it.
        XtermCase{.name = "Osc100MBIsCutAtTheOscCapAndIgnored",
                  .input = [](Stream& s) { Osc100MB(s, "2"); },
                  .recorded =
                      [](VirtualTerminal& vt) {
                        EXPECT_EQ(vt.parser_stats().overflowed_osc, 1u);
                        EXPECT_EQ(Ignored(vt, "OSC (over the length limit)"), 1u);
                        EXPECT_EQ(vt.terminal().title(), "");
                      },
                  .extra_bytes = kOscBufferBytes + kSlack},
        // (c) Each maximal invalid subpart is one U+FFFD; the screen scrolls into a scrollback
        // that stops at its limit (1000 lines by default).
        XtermCase{.name = "InvalidUtf8MegabyteShowsReplacementCharacters",
                  .input = InvalidUtf8Megabyte,
                  .recorded =
                      [](VirtualTerminal& vt) {
                        EXPECT_EQ(vt.parser_stats().malformed_utf8, kInvalidUtf8Replacements);
                        std::string row;
                        for (int i = 0; i < 80; ++i) row += "\xef\xbf\xbd";
                        EXPECT_EQ(vt.RowText(22), row);
                        EXPECT_EQ(vt.terminal().scrollback_size(), 1000);
                      },
                  .extra_bytes = 1000 * LineBytes(80) + kSlack},
        // (d) An ESC abandons the sequence before it: a flood leaves one pending ESC, nothing
        // drawn and nothing to count.
        XtermCase{.name = "MillionEscLeavesOneEscPending",
                  .input = MillionEsc,
                  .recorded =
                      [](VirtualTerminal& vt) {
                        EXPECT_EQ(vt.terminal().stats().ignored_total, 0u);
                        EXPECT_EQ(vt.ScreenText(), "");
                        // The pending ESC makes "[31m" an SGR: nothing printed, the pen red.
                        vt.Write("[31m");
                        EXPECT_EQ(vt.ScreenText(), "");
                        EXPECT_EQ(vt.terminal().current_pen().fg, PenColor::Palette(1));
                      },
                  .extra_bytes = kSlack},
        XtermCase{.name = "MillionBytesOfEscEscBracketLeaveOneCsiOpen",
                  .input = MillionEscEscBracket,
                  .recorded =
                      [](VirtualTerminal& vt) {
                        EXPECT_EQ(vt.terminal().stats().ignored_total, 0u);
                        EXPECT_EQ(vt.ScreenText(), "");
                        // The open CSI makes "31m" an SGR: nothing printed, the pen red.
                        vt.Write("31m");
                        EXPECT_EQ(vt.ScreenText(), "");
                        EXPECT_EQ(vt.terminal().current_pen().fg, PenColor::Palette(1));
                      },
                  .extra_bytes = kSlack},
        // Each empty OSC is dispatched and ignored, each SOS string counted: two counts, one
        // stats entry, no growth.
        XtermCase{.name = "MillionBytesOfAbandonedIntroducersAreCounted",
                  .input = MillionBytesOfIntroducers,
                  .recorded =
                      [](VirtualTerminal& vt) {
                        EXPECT_EQ(Ignored(vt, "OSC (no number)"), kEveryIntroducerTimes);
                        EXPECT_EQ(vt.terminal().stats().ignored_total, kEveryIntroducerTimes);
                        EXPECT_EQ(vt.parser_stats().ignored_strings, kEveryIntroducerTimes);
                        EXPECT_EQ(vt.ScreenText(), "");
                      },
                  .extra_bytes = kSlack},
        // (e) The declared raster is checked against SixelLimits before anything is allocated.
        XtermCase{.name = "SixelRaster100000SquaredIsRejectedBeforeAllocating",
                  .options = kSixelOn,
                  .input = HugeSixelRaster,
                  .recorded =
                      [](VirtualTerminal& vt) {
                        const absl::Status& status = vt.terminal().last_graphics_status();
                        EXPECT_EQ(status.code(), absl::StatusCode::kResourceExhausted);
                        EXPECT_EQ(status.message(),
                                  "Sixel: the raster attributes declare an image 100000 pixels "
                                  "wide; the limit is 4096 (SixelLimits::max_width)");
                        EXPECT_EQ(vt.terminal().stats().sixel_rejected, 1u);
                        EXPECT_EQ(vt.terminal().stats().sixel_images, 0u);
                      },
                  .extra_bytes = kSlack},
        // A DCS the terminal does not know is streamed to nobody: never buffered.
        XtermCase{.name = "Dcs100MBPayloadIsStreamedAndIgnored",
                  .input = Dcs100MB,
                  .recorded =
                      [](VirtualTerminal& vt) {
                        EXPECT_EQ(Ignored(vt, "DCS + q"), 1u);
                        EXPECT_EQ(vt.terminal().stats().ignored_total, 1u);
                        EXPECT_EQ(vt.ScreenText(), "");
                      },
                  .extra_bytes = kSlack},
        // A DECRQSS string past the collector's cap is dropped as it comes, then answered as a
        // setting xterm does not report (DCS 0 $ r ST), as xterm answers an overlong one.
        XtermCase{.name = "Decrqss100MBIsCappedAndAnsweredAsInvalid",
                  .input = Decrqss100MB,
                  .recorded =
                      [](VirtualTerminal& vt) {
                        EXPECT_EQ(Ignored(vt, "DCS $ q (DECRQSS) over the length limit"), 1u);
                        EXPECT_EQ(vt.TakeReplies(), "\x1bP0$r\x1b\\");
                        EXPECT_EQ(vt.ScreenText(), "");
                      },
                  .extra_bytes = kSlack},
        // A Sixel DCS painting 100 MB of columns grows to the width limit and stops there.
        XtermCase{.name = "SixelPaint100MBStopsAtTheWidthLimit",
                  .options = kSixelOn,
                  .input = SixelPaint100MB,
                  .recorded =
                      [](VirtualTerminal& vt) {
                        const absl::Status& status = vt.terminal().last_graphics_status();
                        EXPECT_EQ(status.code(), absl::StatusCode::kResourceExhausted);
                        EXPECT_EQ(status.message(),
                                  "Sixel: the image grows to 4097 pixels wide; the limit is 4096 "
                                  "(SixelLimits::max_width)");
                        EXPECT_EQ(vt.terminal().stats().sixel_rejected, 1u);
                      },
                  .extra_bytes = kSixelBandBytes + kSlack},
        // A target under the OSC cap but over Terminal::kMaxHyperlinkBytes is ignored: the text
        // after it is not linked.
        XtermCase{.name = "HyperlinkWithHalfAMegabyteTargetIsIgnored",
                  .input = HyperlinkWithHugeTarget,
                  .recorded =
                      [](VirtualTerminal& vt) {
                        EXPECT_EQ(Ignored(vt, "OSC 8 (target over the length limit)"), 1u);
                        EXPECT_EQ(vt.RowText(0), "x");
                        EXPECT_EQ(vt.terminal().cell(0, 0).link, 0u);
                      },
                  .extra_bytes = HeldOscBytes(kHugeUriBytes + 64) + kSlack}),
    [](const ::testing::TestParamInfo<XtermCase>& info) { return std::string(info.param.name); });

// ---------------------------------------------------------------------------------------------
// The presenter profile. The first violation is final: later bytes are counted, not decoded
// (docs/presenter.md), so "keeps working" means the status stays that first violation while the
// offset keeps counting; an accepted stream keeps decoding.

struct PresenterCase {
  const char* name = "";
  PresenterOptions options = {};
  void (*input)(Stream&) = nullptr;
  // The first violation, "" when the input is accepted.
  std::string violation = "";
  // What else the profile recorded (may be null).
  void (*recorded)(const PresenterTerminal&) = nullptr;
  // The bound on the peak heap is ScreenBytes(options) plus this.
  int64_t extra_bytes = 0;
};

void PrintTo(const PresenterCase& c, std::ostream* os) { *os << c.name; }

class PresenterHostileTest : public ::testing::TestWithParam<PresenterCase> {};

TEST_P(PresenterHostileTest, NamesTheRuleAndOffsetStaysBoundedAndKeepsCounting) {
  const PresenterCase& c = GetParam();
  Stream stream;
  HeapProbe probe;
  PresenterTerminal pt(c.options);
  stream.write = [&pt](absl::string_view bytes) { pt.Write(bytes); };
  c.input(stream);
  const int64_t peak = probe.PeakGrowth();
  const int64_t bound = ScreenBytes(c.options.cols, c.options.rows) + c.extra_bytes;
  ReportPeak("presenter", c.name, peak, bound);
  EXPECT_LT(peak, bound);
  EXPECT_EQ(pt.offset(), stream.written());
  EXPECT_EQ(pt.status().message(), c.violation);
  if (c.recorded != nullptr) c.recorded(pt);
  pt.Write("\x1b[1;1Hok");
  EXPECT_EQ(pt.offset(), stream.written() + 8);
  if (c.violation.empty()) {
    EXPECT_TRUE(pt.CaptureStatus().ok()) << pt.CaptureStatus();
    EXPECT_EQ(pt.terminal().RowText(0), "ok");
  } else {
    EXPECT_EQ(pt.status().message(), c.violation);
  }
}

std::string Times(absl::string_view s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out.append(s.data(), s.size());
  return out;
}

// Messages show a long sequence's first 32 bytes, "..." and its last 12 (EscapeForMessage).
INSTANTIATE_TEST_SUITE_P(
    Hostile, PresenterHostileTest,
    ::testing::Values(
        // (a) The 257th byte of the CSI breaks the CSI limit: ESC [ and 255 bytes of "1;1;...".
        PresenterCase{
            .name = "CsiWith100000ParamsBreaksTheCsiLimit",
            .input = CsiWith100000Params,
            .violation = absl::StrCat("offset 0: \\x1b[", Times("1;", 15), "...", Times(";1", 6),
                                      ": a CSI longer than 256 bytes (the CSI limit)"),
            .extra_bytes = kSlack},
        // (b) The byte after 16 MiB of OSC payload (ESC ] and 16777216 bytes before it) breaks
        // the text limit; what came before it is held, nothing after.
        PresenterCase{
            .name = "Osc100MBBreaksTheTextLimit",
            .input = [](Stream& s) { Osc100MB(s, "0"); },
            .violation = absl::StrCat("offset 16777218: \\x1b]0;", std::string(28, 'x'), "...",
                                      std::string(12, 'x'),
                                      ": an OSC string longer than 16777216 bytes (the text "
                                      "limit) (the sequence began at offset 0)"),
            .extra_bytes = kPresenterOscBufferBytes + kSlack},
        // (c) The first byte is already malformed.
        PresenterCase{.name = "InvalidUtf8MegabyteIsMalformedAtItsFirstByte",
                      .input = InvalidUtf8Megabyte,
                      .violation = "offset 0: \\xff: malformed UTF-8",
                      .extra_bytes = kSlack},
        // (d)
        PresenterCase{
            .name = "MillionEscIsRejectedAtTheSecondEsc",
            .input = MillionEsc,
            .violation = "offset 0: \\x1b\\x1b: ESC followed by the control ESC is not in the "
                         "presenter subset",
            .extra_bytes = kSlack},
        // (e) The presenter profile clips an image to its plane (80x24 cells of 3x6 pixels) before
        // the limits apply, so a raster declared 100000 x 100000 costs what the plane costs.
        PresenterCase{.name = "SixelRaster100000SquaredIsClippedToThePlane",
                      .input = HugeSixelRaster,
                      .recorded =
                          [](const PresenterTerminal& pt) {
                            EXPECT_THAT(pt.sixel_images(), SizeIs(1));
                            EXPECT_TRUE(pt.terminal().last_graphics_status().ok());
                            EXPECT_EQ(pt.terminal().stats().sixel_images, 1u);
                          },
                      .extra_bytes = kClippedSixelBytes + kSlack},
        // With limits smaller than the plane the clipped raster breaks them: the decoder's
        // ResourceExhausted status, at the byte that ends the raster attributes (ESC P q, then
        // the 17 bytes of "1;1;100000;100000 after the quote: data byte 18, offset 21).
        PresenterCase{
            .name = "SixelRaster100000SquaredBreaksSmallLimitsBeforeAllocating",
            .options = {.graphics =
                            {.sixel = true,
                             .limits = {.max_width = 64, .max_height = 64, .max_pixels = 64 * 64}}},
            .input = HugeSixelRaster,
            .violation = "offset 21: \\x1bPq\"1;1;100000;100000#: Sixel: the raster attributes "
                         "declare an image 100000 pixels wide; the limit is 64 "
                         "(SixelLimits::max_width) (the sequence began at offset 0)",
            .recorded =
                [](const PresenterTerminal& pt) {
                  EXPECT_EQ(pt.terminal().last_graphics_status().code(),
                            absl::StatusCode::kResourceExhausted);
                },
            .extra_bytes = kSlack},
        // A Sixel body of 100 MB of painted columns: clipped at the plane's right edge, then the
        // byte after 16 MiB of data breaks the DCS limit.
        PresenterCase{
            .name = "SixelPaint100MBBreaksTheDcsLimit",
            .input = SixelPaint100MB,
            .violation = absl::StrCat("offset 16777219: \\x1bPq#1;2;100;0;0#1",
                                      std::string(15, '~'), "...", std::string(12, '~'),
                                      ": a DCS longer than 16777216 bytes (the DCS limit) (the "
                                      "sequence began at offset 0)"),
            .extra_bytes = kClippedSixelBytes + kSlack},
        // The target's length is checked before anything else about it.
        PresenterCase{
            .name = "HyperlinkWithHalfAMegabyteTargetBreaksTheLinkLimit",
            .input = HyperlinkWithHugeTarget,
            .violation = absl::StrCat("offset 0: \\x1b]8;;https://e.example/", std::string(9, 'a'),
                                      "...", std::string(10, 'a'), "\\x1b\\\\: OSC 8: a target of ",
                                      18 + kHugeUriBytes, " bytes (the limit is 8192)"),
            .extra_bytes = HeldOscBytes(kHugeUriBytes + 64) + kSlack}),
    [](const ::testing::TestParamInfo<PresenterCase>& info) {
      return std::string(info.param.name);
    });

}  // namespace
}  // namespace vtsnap
