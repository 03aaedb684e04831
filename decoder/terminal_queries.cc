// Terminal's answers to the status-string and presentation-state queries: DECRQSS (`DCS $ q Pt
// ST`, a setting's current value) and DECRQPSR (`CSI 1 $ w`, the cursor information report
// DECCIR; `CSI 2 $ w`, the tab stop report DECTABSR), with the few settings only these report
// (DECSCL's conformance level, DECSCA's protection). Every answer is the one xterm 379 gives with
// its default resources plus `decTerminalID: 420` and `utf8: 1` (test/decoder/replies_dcs_test.cc
// has the bytes recorded from it; docs/xterm-deviations.md, "Replies", says where vtsnap's
// answers differ). Replies are appended to replies_ in the order the queries came.
//
// xterm 379 as configured does not answer XTGETTCAP (`DCS + q`): its allowTcapOps resource is
// false (XTGETXRES says so, whatever its manual page says) and disallowedTcapOps names GetTcap, so
// the query is dropped without a reply; DECRQTSR (`CSI Ps $ u`) is not answered either. Both stay
// ignored here (terminal_graphics.cc, CSI routing), as there.
#include <cstddef>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/parser.h"
#include "vtsnap/decoder/terminal.h"

namespace vtsnap {
namespace {

constexpr absl::string_view kDcs = "\x1bP";
constexpr absl::string_view kSt = "\x1b\\";
// xterm's answer to a setting it does not report (DCS 0 $ r ST, with no Pt).
constexpr absl::string_view kInvalidSetting = "\x1bP0$r\x1b\\";

// The conformance level at which DECSLRM becomes a setting (a VT420).
constexpr int kLevelVt420 = 64;

// SGR's colour in xterm's report: 30-37 (or 40-47), 90-97 (100-107), then 38:5:N and 38:2::R:G:B
// (48 for the background), with colons as xterm writes them.
void AppendColor(std::string* out, const PenColor& c, int base, int bright_base, int extended) {
  switch (c.kind) {
    case PenColor::Kind::kDefault:
      return;
    case PenColor::Kind::kPalette:
      if (c.value < 8) return absl::StrAppend(out, ";", base + static_cast<int>(c.value));
      if (c.value < 16) {
        return absl::StrAppend(out, ";", bright_base + static_cast<int>(c.value) - 8);
      }
      return absl::StrAppend(out, ";", extended, ":5:", c.value);
    case PenColor::Kind::kRgb:
      return absl::StrAppend(out, ";", extended, ":2::", c.value >> 16, ":", (c.value >> 8) & 0xFF,
                             ":", c.value & 0xFF);
  }
}

}  // namespace

bool Terminal::StartDcsQuery(const Sequence& seq) {
  dcs_query_state_ = DcsQueryState::kNone;
  // DECRQSS with a parameter (DCS 1 $ q m) gets no answer from xterm: left to DcsHook's ignore.
  if (seq.marker != 0 || seq.intermediates != "$" || seq.final != 'q' || !seq.params.empty() ||
      seq.overflowed) {
    return false;
  }
  dcs_query_state_ = DcsQueryState::kCollecting;
  dcs_query_.clear();
  dcs_query_overflowed_ = false;
  return true;
}

void Terminal::CollectDcsQuery(absl::string_view data) {
  if (dcs_query_overflowed_) return;
  if (dcs_query_.size() + data.size() > kMaxDcsQueryBytes) {
    dcs_query_overflowed_ = true;
    dcs_query_.clear();
    return;
  }
  dcs_query_.append(data.data(), data.size());
}

void Terminal::EndDcsQuery() { dcs_query_state_ = DcsQueryState::kEnded; }

void Terminal::FinishDcsQuery(const Sequence& seq) {
  const bool ended = dcs_query_state_ == DcsQueryState::kEnded;
  dcs_query_state_ = DcsQueryState::kNone;
  // The parser ends the string at any ESC (and at CAN or SUB); only ST (ESC \) completes the
  // request: a string that CAN cancels gets no answer from xterm.
  if (!ended || seq.final != '\\' || !seq.intermediates.empty()) return;
  if (dcs_query_overflowed_) {
    // No setting is that long: xterm answers it as one it does not report.
    IgnoreText("DCS $ q (DECRQSS) over the length limit");
    return absl::StrAppend(&replies_, kInvalidSetting);
  }
  ReportSetting(dcs_query_);
  dcs_query_.clear();
}

void Terminal::ReportSetting(absl::string_view setting) {
  std::string value;
  if (setting == "m") {  // SGR
    value = SgrReport();
  } else if (setting == "r") {  // DECSTBM
    value = absl::StrCat(top_ + 1, ";", bottom_ + 1, "r");
  } else if (setting == "s" && conformance_level_ >= kLevelVt420) {  // DECSLRM
    value = absl::StrCat(left_ + 1, ";", right_ + 1, "s");
  } else if (setting == " q") {  // DECSCUSR: 1-6, odd while blinking
    const int shape = cursor_.shape == CursorShape::kBlock       ? 1
                      : cursor_.shape == CursorShape::kUnderline ? 3
                                                                 : 5;
    value = absl::StrCat(shape + (cursor_.blinking ? 0 : 1), " q");
  } else if (setting == "\"p") {  // DECSCL
    // A VT100 (level 61) has no DECSCL to report; xterm sends nothing at all.
    if (conformance_level_ < 62) return IgnoreText("DCS $ q \"p (DECRQSS) at level 61");
    value = absl::StrCat(conformance_level_, ";", eight_bit_controls_ ? 0 : 1, "\"p");
  } else if (setting == "\"q") {  // DECSCA
    // 1 only with protection on in DEC mode (after SPA, or after an erase turned the mode off, 0).
    const bool dec = protection_mode_ == ProtectionMode::kDec && character_protection_;
    value = absl::StrCat(dec ? 1 : 0, "\"q");
  } else if (setting == "$|") {  // DECSCPP
    value = absl::StrCat(cols_, "$|");
  } else if (setting == "t") {  // DECSLPP
    value = absl::StrCat(rows_, "t");
  } else if (setting == "*|") {  // DECSNLS
    value = absl::StrCat(rows_, "*|");
  } else {
    // Everything else, DECSACE, DECSASD and DECSSDT included, is not a setting xterm 379 reports.
    return absl::StrAppend(&replies_, kInvalidSetting);
  }
  absl::StrAppend(&replies_, kDcs, "1$r", value, kSt);
}

std::string Terminal::SgrReport() const {
  const Pen& p = pen_;
  // xterm lists the attributes in this order whatever order they were set in. It has no overline
  // (53) or underline colour (58) and draws every underline style as a single underline.
  std::string out = "0";
  const bool single_underline =
      p.underline != UnderlineStyle::kNone && p.underline != UnderlineStyle::kDouble;
  if (p.has(kAttrBold)) out += ";1";
  if (single_underline) out += ";4";
  if (p.has(kAttrBlink)) out += ";5";
  if (p.has(kAttrReverse)) out += ";7";
  if (p.has(kAttrInvisible)) out += ";8";
  if (p.has(kAttrDim)) out += ";2";
  if (p.has(kAttrItalic)) out += ";3";
  if (p.has(kAttrStrike)) out += ";9";
  if (p.underline == UnderlineStyle::kDouble) out += ";21";
  // xterm's boldColors: a bold foreground that SGR 30-37 chose (not 38) is one of the bright
  // colours, and is reported as such.
  PenColor fg = p.fg;
  if (p.has(kAttrBold) && !fg_from_extended_sgr_ && fg.kind == PenColor::Kind::kPalette &&
      fg.value < 8) {
    fg.value += 8;
  }
  AppendColor(&out, fg, 30, 90, 38);
  AppendColor(&out, p.bg, 40, 100, 48);
  return absl::StrCat(out, "m");
}

void Terminal::SetConformanceLevel(const Params& p) {
  const int level = p.Get(0, 0);
  // xterm ignores a level outside 61-64 (60, 65).
  if (level < 61 || level > 64 || p.has_sub()) return IgnoreText("CSI \" p (DECSCL) level");
  SoftReset();  // as xterm does (DECSTR's reset)
  conformance_level_ = level;
  // 1 selects 7-bit controls; 0, 2 or none selects 8-bit ones (a VT100 has only 7-bit ones).
  eight_bit_controls_ = level > 61 && p.Get(1, 0) != 1;
}

void Terminal::SetCharacterProtection(const Params& p) {
  if (p.has_sub()) return IgnoreText("CSI \" q (DECSCA)");
  // Any DECSCA selects DEC protection (terminal_protection.cc); 0 and 2 turn it off for what is
  // printed next, 1 on, and other values leave it as it was (xterm).
  protection_mode_ = ProtectionMode::kDec;
  const int ps = p.Get(0, 0);
  if (ps == 0 || ps == 2) character_protection_ = false;
  if (ps == 1) character_protection_ = true;
}

void Terminal::ReportPresentationState(const Sequence& seq) {
  const Params& p = seq.params;
  if (p.has_sub()) return Ignore(seq, "CSI");
  if (p.raw(0) == 1) {  // DECCIR
    const Pen& pen = pen_;
    int rendition = 0;
    if (pen.has(kAttrBold)) rendition |= 1;
    if (pen.underline != UnderlineStyle::kNone && pen.underline != UnderlineStyle::kDouble) {
      rendition |= 2;
    }
    if (pen.has(kAttrBlink)) rendition |= 4;
    if (pen.has(kAttrReverse)) rendition |= 8;
    int flags = 0;
    if (modes_.origin) flags |= 1;
    if (cursor_.pending_wrap) flags |= 8;
    auto designation = [](Charset c) { return c == Charset::kDecSpecialGraphics ? '0' : 'B'; };
    // The absolute position (not relative to the origin), page 1; GR holds G2; xterm reports 'O'
    // for the character set sizes whatever is designated; G2 and G3 are always ASCII here.
    return absl::StrAppend(
        &replies_, kDcs, "1$u", cursor_.row + 1, ";", cursor_.col + 1, ";1;",
        std::string(1, static_cast<char>(0x40 | rendition)), ";",
        // The protection flag is the DEC mode, whatever DECSCA chose last (xterm).
        std::string(1, protection_mode_ == ProtectionMode::kDec ? 'A' : '@'), ";",
        std::string(1, static_cast<char>(0x40 | flags)), ";", gl_, ";2;O;",
        std::string{designation(charsets_[0]), designation(charsets_[1]), 'B', 'B'}, kSt);
  }
  if (p.raw(0) == 2) {  // DECTABSR
    std::vector<int> stops;
    for (int c = 0; c < cols_; ++c) {
      if (tab_stops_[c]) stops.push_back(c + 1);
    }
    // xterm keeps its tab stops past the last column and reports the one just past it too: a
    // default stop unless TBC 3 cleared them all.
    if (cols_ % 8 == 0 && !tab_stops_cleared_) stops.push_back(cols_ + 1);
    return absl::StrAppend(&replies_, kDcs, "2$u", absl::StrJoin(stops, "/"), kSt);
  }
  Ignore(seq, "CSI");
}

}  // namespace vtsnap
