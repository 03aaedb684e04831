#include "vtsnap/decoder/parser.h"

#include <algorithm>
#include <array>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "absl/strings/string_view.h"
#include "vtsnap/base/utf8.h"

namespace vtsnap {
namespace {

using State = Parser::State;

// What a byte does in a state. Entry and exit actions (clear on entering an escape, hook and
// unhook around DCS passthrough, OSC start and end) are run by Parser::Transition.
enum class Action : uint8_t {
  kIgnore,
  kPrint,
  kExecute,
  kCollect,
  kMarker,
  kParam,
  kEscDispatch,
  kCsiDispatch,
  kPut,
  kOscPut,
  kNone,  // a pure state change
};

struct Transition {
  Action action = Action::kIgnore;
  State next = State::kGround;
  bool changes_state = false;
};

constexpr int kStates = static_cast<int>(State::kSosPmApcString) + 1;
using Table = std::array<std::array<Transition, 128>, kStates>;

// Builds the table for 7-bit bytes. Bytes >= 0x80 are handled in Parser::Advance (UTF-8 in
// ground, raw payload inside strings, ignored inside sequences). ESC, CAN and SUB are handled
// before the table ("anywhere" transitions).
constexpr Table BuildTable() {
  Table t{};
  auto set = [&t](State s, int lo, int hi, Action a) {
    for (int b = lo; b <= hi; ++b) t[static_cast<int>(s)][b] = {a, s, false};
  };
  auto go = [&t](State s, int lo, int hi, Action a, State next) {
    for (int b = lo; b <= hi; ++b) t[static_cast<int>(s)][b] = {a, next, true};
  };
  auto c0_execute = [&set](State s) {
    set(s, 0x00, 0x1F, Action::kExecute);
    set(s, 0x7F, 0x7F, Action::kIgnore);
  };

  c0_execute(State::kGround);
  set(State::kGround, 0x20, 0x7E, Action::kPrint);

  c0_execute(State::kEscape);
  go(State::kEscape, 0x20, 0x2F, Action::kCollect, State::kEscapeIntermediate);
  go(State::kEscape, 0x30, 0x7E, Action::kEscDispatch, State::kGround);
  go(State::kEscape, 'P', 'P', Action::kNone, State::kDcsEntry);
  go(State::kEscape, 'X', 'X', Action::kNone, State::kSosPmApcString);
  go(State::kEscape, '^', '_', Action::kNone, State::kSosPmApcString);
  go(State::kEscape, '[', '[', Action::kNone, State::kCsiEntry);
  go(State::kEscape, ']', ']', Action::kNone, State::kOscString);

  c0_execute(State::kEscapeIntermediate);
  set(State::kEscapeIntermediate, 0x20, 0x2F, Action::kCollect);
  go(State::kEscapeIntermediate, 0x30, 0x7E, Action::kEscDispatch, State::kGround);

  c0_execute(State::kCsiEntry);
  go(State::kCsiEntry, 0x20, 0x2F, Action::kCollect, State::kCsiIntermediate);
  go(State::kCsiEntry, 0x30, 0x3B, Action::kParam, State::kCsiParam);
  go(State::kCsiEntry, 0x3C, 0x3F, Action::kMarker, State::kCsiParam);
  go(State::kCsiEntry, 0x40, 0x7E, Action::kCsiDispatch, State::kGround);

  c0_execute(State::kCsiParam);
  set(State::kCsiParam, 0x30, 0x3B, Action::kParam);
  go(State::kCsiParam, 0x3C, 0x3F, Action::kNone, State::kCsiIgnore);
  go(State::kCsiParam, 0x20, 0x2F, Action::kCollect, State::kCsiIntermediate);
  go(State::kCsiParam, 0x40, 0x7E, Action::kCsiDispatch, State::kGround);

  c0_execute(State::kCsiIntermediate);
  set(State::kCsiIntermediate, 0x20, 0x2F, Action::kCollect);
  go(State::kCsiIntermediate, 0x30, 0x3F, Action::kNone, State::kCsiIgnore);
  go(State::kCsiIntermediate, 0x40, 0x7E, Action::kCsiDispatch, State::kGround);

  c0_execute(State::kCsiIgnore);
  go(State::kCsiIgnore, 0x40, 0x7E, Action::kNone, State::kGround);

  // DCS headers ignore C0 controls.
  go(State::kDcsEntry, 0x20, 0x2F, Action::kCollect, State::kDcsIntermediate);
  go(State::kDcsEntry, 0x30, 0x3B, Action::kParam, State::kDcsParam);
  go(State::kDcsEntry, 0x3C, 0x3F, Action::kMarker, State::kDcsParam);
  go(State::kDcsEntry, 0x40, 0x7E, Action::kNone, State::kDcsPassthrough);

  set(State::kDcsParam, 0x30, 0x3B, Action::kParam);
  go(State::kDcsParam, 0x3C, 0x3F, Action::kNone, State::kDcsIgnore);
  go(State::kDcsParam, 0x20, 0x2F, Action::kCollect, State::kDcsIntermediate);
  go(State::kDcsParam, 0x40, 0x7E, Action::kNone, State::kDcsPassthrough);

  set(State::kDcsIntermediate, 0x20, 0x2F, Action::kCollect);
  go(State::kDcsIntermediate, 0x30, 0x3F, Action::kNone, State::kDcsIgnore);
  go(State::kDcsIntermediate, 0x40, 0x7E, Action::kNone, State::kDcsPassthrough);

  set(State::kDcsPassthrough, 0x00, 0x7E, Action::kPut);

  set(State::kOscString, 0x20, 0x7F, Action::kOscPut);
  go(State::kOscString, 0x07, 0x07, Action::kNone, State::kGround);  // BEL terminates

  return t;
}

constexpr Table kTable = BuildTable();

constexpr uint8_t kEsc = 0x1B;
constexpr uint8_t kCan = 0x18;
constexpr uint8_t kSub = 0x1A;
bool IsPrintableAscii(uint8_t b) { return b >= 0x20 && b < 0x7F; }

// The end of the run of printable ASCII starting at p: sixteen bytes at a time where SSE2 is
// available (every x86-64), else one at a time.
const uint8_t* SkipPrintableAscii(const uint8_t* p, const uint8_t* end) {
#if defined(__SSE2__)
  const __m128i last_control = _mm_set1_epi8(0x1F);
  const __m128i del = _mm_set1_epi8(0x7F);
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // Signed compares: bytes >= 0x80 are negative, so "at least 0x20 and below 0x7F" rejects
    // them with the controls and DEL.
    const __m128i ok = _mm_and_si128(_mm_cmpgt_epi8(v, last_control), _mm_cmplt_epi8(v, del));
    const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(ok));
    if (mask != 0xFFFF) return p + __builtin_ctz(~mask);
    p += 16;
  }
#endif
  while (p < end && IsPrintableAscii(*p)) ++p;
  return p;
}

// Digits, ':' and ';' (what kParam takes in the CSI states).
bool IsParamByte(uint8_t b) { return b >= 0x30 && b <= 0x3B; }

}  // namespace

void Parser::Clear() {
  seq_.marker = 0;
  seq_.intermediates.clear();
  seq_.params.Clear();
  seq_.final = 0;
  seq_.overflowed = false;
  seq_.params_truncated = false;
  param_started_ = false;
  pending_sub_ = false;
}

void Parser::Collect(uint8_t byte) {
  if (static_cast<int>(seq_.intermediates.size()) >= limits_.max_intermediates) {
    seq_.overflowed = true;
    return;
  }
  seq_.intermediates.push_back(static_cast<char>(byte));
}

void Parser::Param(uint8_t byte) {
  Params& p = seq_.params;
  if (byte == ';' || byte == ':') {
    if (!param_started_) {
      if (p.size() < limits_.max_params) {
        p.Push(Params::kDefault, pending_sub_);
      } else {
        seq_.params_truncated = true;
      }
    }
    param_started_ = false;
    pending_sub_ = byte == ':';
    return;
  }
  if (!param_started_) {
    param_started_ = true;
    if (p.size() >= limits_.max_params) {
      seq_.params_truncated = true;
      saturated_param_dropped_ = true;
      return;
    }
    saturated_param_dropped_ = false;
    p.Push(0, pending_sub_);
  }
  if (saturated_param_dropped_) return;
  int v = p.raw(p.size() - 1);
  v = v * 10 + (byte - '0');
  if (v > Params::kMaxValue) v = Params::kMaxValue;
  p.SetLast(v);
}

void Parser::FinishParams() {
  // A trailing separator ("CSI 1;H") leaves one omitted entry after it.
  if (!param_started_ && !seq_.params.empty()) {
    if (seq_.params.size() < limits_.max_params) {
      seq_.params.Push(Params::kDefault, pending_sub_);
    } else {
      seq_.params_truncated = true;
    }
  }
  if (seq_.overflowed) ++stats_.overflowed_sequences;
  if (seq_.params_truncated) ++stats_.truncated_params;
}

void Parser::Transition(State next, ParserHandler& handler) {
  // Exit actions.
  if (state_ == State::kOscString) {
    handler.OscDispatch(osc_, osc_overflowed_, osc_terminator_);
    if (osc_overflowed_) ++stats_.overflowed_osc;
    osc_.clear();
    osc_overflowed_ = false;
    osc_terminator_ = OscTerminator::kSt;
  } else if (state_ == State::kDcsPassthrough) {
    handler.DcsUnhook();
  } else if (state_ == State::kSosPmApcString) {
    ++stats_.ignored_strings;
  }
  state_ = next;
  // Entry actions.
  switch (next) {
    case State::kEscape:
    case State::kCsiEntry:
    case State::kDcsEntry:
      Clear();
      break;
    case State::kOscString:
      osc_.clear();
      osc_overflowed_ = false;
      osc_terminator_ = OscTerminator::kSt;
      break;
    case State::kDcsPassthrough:
      FinishParams();
      handler.DcsHook(seq_);
      break;
    default:
      break;
  }
}

void Parser::Abort(ParserHandler& handler) {
  if (state_ == State::kGround) return;
  ++stats_.aborted_sequences;
  if (state_ == State::kDcsPassthrough) handler.DcsUnhook();
  // An aborted OSC string is discarded, not dispatched.
  osc_.clear();
  osc_overflowed_ = false;
  state_ = State::kGround;
}

// A whole character decoded in ground. A C1 control's code point (U+0080-U+009F, written as the
// UTF-8 bytes C2 80-C2 9F) starts no sequence: xterm 379 in UTF-8 mode shows `C2 9B 31m` as
// "31m", so it goes to the handler as a control to execute (Terminal ignores every one of them,
// as xterm does). Only ESC-based sequences, and raw 7-bit controls, control the terminal.
void Parser::HandleCodePoint(char32_t cp, ParserHandler& handler) {
  if (cp >= 0x80 && cp <= 0x9F) {
    handler.Execute(cp);
    return;
  }
  handler.Print(cp);
}

void Parser::FlushUtf8Error(ParserHandler& handler) {
  utf8_.Reset();
  ++stats_.malformed_utf8;
  handler.Print(kUtf8Replacement);
}

// Decodes one byte >= 0x80 in ground, replacing each maximal invalid subpart with one U+FFFD
// (the Unicode "best practice" that xterm and browsers follow), with the one incremental decoder
// (Utf8Decoder, base/utf8.h): a character may be split across writes, so its state lives in the
// parser between Feed calls, which a decoder of whole buffers cannot keep. Feed decodes the whole
// characters of a buffer without it.
void Parser::Utf8(uint8_t byte, ParserHandler& handler) {
  switch (utf8_.Feed(byte)) {
    case Utf8Decoder::Step::kMore:
      return;
    case Utf8Decoder::Step::kChar:
      HandleCodePoint(utf8_.code_point(), handler);
      return;
    case Utf8Decoder::Step::kIllFormed:
      ++stats_.malformed_utf8;
      handler.Print(kUtf8Replacement);
      return;
    case Utf8Decoder::Step::kCut:
      FlushUtf8Error(handler);
      Utf8(byte, handler);  // the byte starts afresh
      return;
  }
}

// A byte >= 0x80 inside a string (OSC, DCS, SOS/PM/APC): payload, raw. Neither a raw 0x9C nor its
// UTF-8 form C2 9C ends the string, as in xterm 379's UTF-8 mode (recorded: `OSC 2 ; hi C2 9C XYZ
// BEL` sets a title and prints nothing); only BEL, ESC \, CAN and SUB do.
void Parser::StringPayload(uint8_t byte, ParserHandler& handler) {
  if (state_ == State::kOscString) {
    OscPut(static_cast<char>(byte));
  } else if (state_ == State::kDcsPassthrough) {
    char c = static_cast<char>(byte);
    handler.DcsPut(absl::string_view(&c, 1));
  }
}

void Parser::Advance(uint8_t byte, ParserHandler& handler) {
  if (utf8_.pending() && (byte < 0x80 || state_ != State::kGround)) {
    FlushUtf8Error(handler);  // an incomplete character ends where an ASCII byte starts
  }
  // "Anywhere" transitions.
  if (byte == kEsc) {
    Transition(State::kEscape, handler);
    return;
  }
  if (byte == kCan || byte == kSub) {
    Abort(handler);
    return;
  }
  if (byte >= 0x80) {
    switch (state_) {
      case State::kGround:
        Utf8(byte, handler);
        return;
      case State::kOscString:
      case State::kDcsPassthrough:
      case State::kDcsIgnore:
      case State::kSosPmApcString:
        StringPayload(byte, handler);
        return;
      default:
        return;  // not part of any sequence grammar: ignored
    }
  }
  if (byte == 0x07 && state_ == State::kOscString) osc_terminator_ = OscTerminator::kBel;
  const auto& t = kTable[static_cast<int>(state_)][byte];
  switch (t.action) {
    case Action::kIgnore:
    case Action::kNone:
      break;
    case Action::kPrint:
      handler.Print(byte);
      break;
    case Action::kExecute:
      handler.Execute(byte);
      break;
    case Action::kCollect:
      Collect(byte);
      break;
    case Action::kMarker:
      seq_.marker = static_cast<char>(byte);
      break;
    case Action::kParam:
      Param(byte);
      break;
    case Action::kEscDispatch:
      seq_.final = static_cast<char>(byte);
      if (seq_.overflowed) ++stats_.overflowed_sequences;
      handler.EscDispatch(seq_);
      break;
    case Action::kCsiDispatch:
      seq_.final = static_cast<char>(byte);
      FinishParams();
      handler.CsiDispatch(seq_);
      break;
    case Action::kPut: {
      char c = static_cast<char>(byte);
      handler.DcsPut(absl::string_view(&c, 1));
      break;
    }
    case Action::kOscPut:
      OscPut(static_cast<char>(byte));
      break;
  }
  if (t.changes_state) {
    if (t.next == State::kDcsPassthrough) {
      seq_.final = static_cast<char>(byte);
    }
    Transition(t.next, handler);
  }
}

void Parser::OscPut(char c) {
  if (osc_.size() >= limits_.max_osc_bytes) {
    osc_overflowed_ = true;
    return;
  }
  osc_.push_back(c);
}

// The parameter bytes (digits, ':' and ';') from p up to the first other byte, into seq_.
// Returns where it stopped.
const uint8_t* Parser::ParamRun(const uint8_t* p, const uint8_t* end) {
  Params& params = seq_.params;
  while (p < end && IsParamByte(*p)) {
    // The common cases of Param, inline: the digits of the current entry (accumulated in a
    // register and stored once), the first digit of an entry within the limit, a separator after
    // digits.
    const uint8_t b = *p;
    if (b <= '9' && param_started_) {
      if (saturated_param_dropped_) {
        while (p < end && *p >= '0' && *p <= '9') ++p;
        continue;
      }
      int v = params.raw(params.size() - 1);
      for (; p < end && *p >= '0' && *p <= '9'; ++p) {
        v = std::min(v * 10 + (*p - '0'), static_cast<int>(Params::kMaxValue));
      }
      params.SetLast(v);
      continue;
    }
    ++p;
    if (b <= '9' && params.size() < limits_.max_params) {
      int v = b - '0';
      for (; p < end && *p >= '0' && *p <= '9'; ++p) {
        v = std::min(v * 10 + (*p - '0'), static_cast<int>(Params::kMaxValue));
      }
      param_started_ = true;
      saturated_param_dropped_ = false;
      params.Push(v, pending_sub_);
    } else if (b > '9' && param_started_) {
      param_started_ = false;
      pending_sub_ = b == ':';
    } else {
      Param(b);
    }
  }
  return p;
}

// At an ESC in ground: when the buffer holds a whole `ESC [ marker? params final` there, runs
// what the state machine would (enter the CSI states, collect, dispatch, return to ground) and
// returns the byte after the final. Otherwise returns nullptr and consumes nothing: the
// parameters are parsed as they are scanned, and what was parsed of a sequence that is not whole
// here (split across writes, or with an intermediate or a control inside) is cleared when the
// state machine takes it from its ESC.
const uint8_t* Parser::WholeCsi(const uint8_t* p, const uint8_t* end, ParserHandler& handler) {
  const uint8_t* q = p + 1;
  if (q >= end || *q != '[') return nullptr;
  ++q;
  Clear();
  if (q < end && *q >= 0x3C && *q <= 0x3F) seq_.marker = static_cast<char>(*q++);
  q = ParamRun(q, end);
  if (q >= end || *q < 0x40 || *q > 0x7E) return nullptr;
  seq_.final = static_cast<char>(*q);
  FinishParams();
  handler.CsiDispatch(seq_);
  return q + 1;
}

// In ground, from p: printable ASCII and whole, well-formed UTF-8 characters other than C1
// controls, decoded and handed to PrintRun in batches, up to the first other byte (a control,
// ESC, DEL, a malformed or split character). Returns where it stopped. (A branch-free decoder,
// one 32-bit load and a table per character, ran 4% slower on the unicode corpus: the branches
// here predict well enough.)
const uint8_t* Parser::TextRun(const uint8_t* p, const uint8_t* end, ParserHandler& handler) {
  constexpr size_t kBatch = 128;
  char32_t batch[kBatch];
  size_t n = 0;
  while (p < end) {
    const uint8_t b = *p;
    if (IsPrintableAscii(b)) {
      batch[n++] = b;
      ++p;
    } else {
      const int len =
          b >= 0xC2 ? utf8_internal::WellFormedLength(p, static_cast<size_t>(end - p)) : 0;
      if (len == 0) break;
      const char32_t cp = utf8_internal::DecodeWellFormed(p, len);
      if (cp <= 0x9F) break;  // a C1 control (HandleCodePoint)
      batch[n++] = cp;
      p += len;
    }
    if (n == kBatch) {
      handler.PrintRun(absl::MakeConstSpan(batch, n));
      n = 0;
    }
  }
  if (n > 0) handler.PrintRun(absl::MakeConstSpan(batch, n));
  return p;
}

void ParserHandler::PrintRun(absl::Span<const char32_t> run) {
  char ascii[128];
  size_t n = 0;
  for (const char32_t cp : run) {
    if (cp < 0x80 && n < sizeof(ascii)) {
      ascii[n++] = static_cast<char>(cp);
      continue;
    }
    if (n > 0) PrintAscii(absl::string_view(ascii, n));
    n = 0;
    if (cp < 0x80) {
      ascii[n++] = static_cast<char>(cp);
    } else {
      Print(cp);
    }
  }
  if (n > 0) PrintAscii(absl::string_view(ascii, n));
}

void Parser::Feed(absl::string_view bytes, ParserHandler& handler) {
  const auto* p = reinterpret_cast<const uint8_t*>(bytes.data());
  const auto* end = p + bytes.size();
  while (p < end) {
    // Fast paths: runs of printable ASCII in ground, string payloads.
    if (state_ == State::kGround && !utf8_.pending() && IsPrintableAscii(*p)) {
      const auto* run = p;
      p = SkipPrintableAscii(p, end);
      // ASCII up to a control, an ESC or the end goes to PrintAscii whole; ASCII that text
      // beyond ASCII follows (a short word between CJK, say) starts a mixed run. A long stretch
      // of ASCII goes to PrintAscii first, whose batch store is the faster path for it.
      if (p == end || *p < 0xC2 || p - run >= 32) {
        handler.PrintAscii(
            absl::string_view(reinterpret_cast<const char*>(run), static_cast<size_t>(p - run)));
        continue;
      }
      p = TextRun(run, end, handler);
      continue;
    }
    if (state_ == State::kGround && !utf8_.pending() && *p >= 0xC2) {
      // Whole, valid UTF-8 characters in the buffer decode in one step, with the printable ASCII
      // between them, into runs for PrintRun; anything else (a character split across writes,
      // malformed bytes, a C1 control) goes byte by byte through Utf8(), the streaming form of
      // the same decoder.
      const auto* after = TextRun(p, end, handler);
      if (after != p) {
        p = after;
        continue;
      }
    }
    if (*p == kEsc && state_ == State::kGround && !utf8_.pending()) {
      // A whole CSI sequence without intermediates in the buffer (ESC [, an optional private
      // marker, parameters, a final byte) dispatches in one step; anything else (a sequence
      // split across writes, intermediates, controls inside it) takes the state machine.
      const uint8_t* after = WholeCsi(p, end, handler);
      if (after != nullptr) {
        p = after;
        continue;
      }
    }
    if ((state_ == State::kCsiParam || state_ == State::kCsiEntry) && IsParamByte(*p)) {
      p = ParamRun(p, end);  // digits and separators, with no state change between them
      state_ = State::kCsiParam;
      continue;
    }
    if (state_ == State::kDcsPassthrough) {
      const auto* run = p;
      while (p < end && *p != kEsc && *p != kCan && *p != kSub && *p != 0x7F) ++p;
      if (p > run) {
        handler.DcsPut(
            absl::string_view(reinterpret_cast<const char*>(run), static_cast<size_t>(p - run)));
        continue;
      }
    }
    if (state_ == State::kOscString) {
      const auto* run = p;
      while (p < end && *p >= 0x20 && *p != 0x7F) ++p;
      if (p > run) {
        size_t room = limits_.max_osc_bytes - osc_.size();
        size_t n = static_cast<size_t>(p - run);
        if (n > room) {
          osc_overflowed_ = true;
          n = room;
        }
        osc_.append(reinterpret_cast<const char*>(run), n);
        continue;
      }
    }
    Advance(*p++, handler);
  }
}

}  // namespace vtsnap
