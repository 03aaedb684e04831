// Parser: a table-driven DEC ANSI state machine (Paul Williams' model) with UTF-8 decoding.
//
// It turns bytes into actions for a ParserHandler (print, execute, CSI/ESC dispatch, OSC, DCS
// hook/put/unhook) and knows nothing of screens. Bytes may arrive split anywhere, even inside a
// UTF-8 character or an escape sequence: the parser keeps its state between Feed calls. Every
// buffer it keeps is bounded; what overflows is counted in ParserStats, never a crash.
//
//   class Echo : public vtsnap::ParserHandler {
//    public:
//     void Print(char32_t cp) override { text += static_cast<char>(cp); }
//     std::string text;
//   };
//   vtsnap::Parser parser;
//   Echo echo;
//   parser.Feed("a\x1b[1mb", echo);   // echo.text == "ab"; CsiDispatch saw 'm' with param 1
#ifndef VTSNAP_DECODER_PARSER_H_
#define VTSNAP_DECODER_PARSER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "vtsnap/base/utf8.h"

namespace vtsnap {

// The parameters of a CSI or DCS sequence. Each entry is a number (kDefault when omitted) and
// whether a colon rather than a semicolon introduced it (a sub-parameter of the entry before it).
class Params {
 public:
  static constexpr int kDefault = -1;
  static constexpr int kMaxValue = 65535;  // larger numbers saturate here

  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // The raw value at i (kDefault when omitted or absent).
  int raw(int i) const {
    if (i >= size_) return kDefault;
    return i < kInline ? values_[i] : overflow_[i - kInline].value;
  }
  // The value at i, or `def` when omitted, absent or (for counts) zero if `zero_is_default`.
  int Get(int i, int def, bool zero_is_default = false) const {
    int v = raw(i);
    if (v == kDefault || (zero_is_default && v == 0)) return def;
    return v;
  }
  // True when entry i was introduced by a colon.
  bool is_sub(int i) const {
    if (i >= size_) return false;
    return i < kInline ? sub_[i] : overflow_[i - kInline].sub;
  }
  // True when any entry is a sub-parameter.
  bool has_sub() const { return has_sub_; }

  void Clear() {
    size_ = 0;
    has_sub_ = false;
    overflow_.clear();
  }
  void Push(int value, bool sub) {
    has_sub_ |= sub;
    if (size_ < kInline) {
      values_[size_] = value;
      sub_[size_] = sub;
    } else {
      overflow_.push_back({value, sub});
    }
    ++size_;
  }
  // Replaces the value of the last entry; the caller has pushed one.
  void SetLast(int value) {
    if (size_ <= kInline) {
      values_[size_ - 1] = value;
    } else {
      overflow_.back().value = value;
    }
  }

 private:
  // The first kInline entries (ParserLimits::max_params' default) live in fixed arrays, so the
  // common pushes neither allocate nor check where their storage is; entries beyond, allowed by
  // a larger max_params, go to overflow_.
  static constexpr int kInline = 32;
  struct Entry {
    int value;
    bool sub;
  };
  int size_ = 0;
  bool has_sub_ = false;
  int values_[kInline] = {};
  bool sub_[kInline] = {};
  std::vector<Entry> overflow_;
};

// A complete CSI, ESC or DCS header: private marker (one of < = > ?, or 0), intermediates (bytes
// 0x20-0x2F, at most two kept), parameters and the final byte.
struct Sequence {
  char marker = 0;
  std::string intermediates;
  Params params;
  char final = 0;
  // True when the sequence had more intermediates than the parser keeps; a handler should ignore
  // it.
  bool overflowed = false;
  // True when parameters past ParserLimits::max_params were dropped; the rest are meaningful and
  // the sequence is dispatched, as xterm does.
  bool params_truncated = false;
};

// How an OSC string ended: BEL, or ST, which is ESC \ or an ESC that begins another sequence (the
// string is dispatched at the ESC, before the byte after it).
enum class OscTerminator : uint8_t { kSt, kBel };

// The receiver of parser actions. Every method has a no-op default.
class ParserHandler {
 public:
  virtual ~ParserHandler() = default;
  // A decoded code point to print (never a C0 or C1 control). Malformed UTF-8 arrives as U+FFFD.
  virtual void Print(char32_t /*cp*/) {}
  // A run of printable ASCII (0x20-0x7E), the fast path. The default prints each byte.
  virtual void PrintAscii(absl::string_view run) {
    for (char c : run) Print(static_cast<unsigned char>(c));
  }
  // A run of printable code points (printable ASCII and decoded UTF-8 above U+009F, never a
  // control), the fast path for text that is not all ASCII; the parser may split a run anywhere.
  // The default passes each stretch of ASCII to PrintAscii and every other code point to Print,
  // so a handler that overrides only those sees what it saw before this method existed.
  virtual void PrintRun(absl::Span<const char32_t> run);
  // A C0 control (0x00-0x1F except ESC, CAN, SUB handled by the parser) or a C1 control.
  virtual void Execute(uint32_t /*control*/) {}
  virtual void CsiDispatch(const Sequence& /*seq*/) {}
  virtual void EscDispatch(const Sequence& /*seq*/) {}
  // A complete OSC string without its introducer and terminator. `overflowed` is true when the
  // string exceeded the limit and `payload` holds only its start. `terminator` says how it ended
  // (a reply to an OSC query ends the same way, as xterm's does).
  virtual void OscDispatch(absl::string_view /*payload*/, bool /*overflowed*/,
                           OscTerminator /*terminator*/) {}
  virtual void DcsHook(const Sequence& /*seq*/) {}
  virtual void DcsPut(absl::string_view /*data*/) {}
  virtual void DcsUnhook() {}
};

struct ParserLimits {
  int max_params = 32;
  int max_intermediates = 2;
  size_t max_osc_bytes = 1 << 20;
};

// What the parser dropped or replaced, for diagnostics and tests.
struct ParserStats {
  uint64_t malformed_utf8 = 0;        // U+FFFD substitutions
  uint64_t overflowed_sequences = 0;  // too many intermediates: dispatched flagged, ignored
  uint64_t truncated_params = 0;      // sequences whose extra parameters were dropped
  uint64_t overflowed_osc = 0;
  uint64_t aborted_sequences = 0;  // by CAN or SUB
  uint64_t ignored_strings = 0;    // SOS, PM and APC strings
};

class Parser {
 public:
  explicit Parser(const ParserLimits& limits = {}) : limits_(limits) {}

  // Feeds bytes; actions go to `handler` as they complete.
  void Feed(absl::string_view bytes, ParserHandler& handler);

  const ParserStats& stats() const { return stats_; }

  enum class State : uint8_t {
    kGround,
    kEscape,
    kEscapeIntermediate,
    kCsiEntry,
    kCsiParam,
    kCsiIntermediate,
    kCsiIgnore,
    kDcsEntry,
    kDcsParam,
    kDcsIntermediate,
    kDcsPassthrough,
    kDcsIgnore,
    kOscString,
    kSosPmApcString,
  };
  State state() const { return state_; }

 private:
  void Advance(uint8_t byte, ParserHandler& handler);
  const uint8_t* ParamRun(const uint8_t* p, const uint8_t* end);
  const uint8_t* WholeCsi(const uint8_t* p, const uint8_t* end, ParserHandler& handler);
  const uint8_t* TextRun(const uint8_t* p, const uint8_t* end, ParserHandler& handler);
  void Utf8(uint8_t byte, ParserHandler& handler);
  void FlushUtf8Error(ParserHandler& handler);
  void Clear();
  void Collect(uint8_t byte);
  void Param(uint8_t byte);
  void FinishParams();
  void OscPut(char c);
  void Abort(ParserHandler& handler);
  void Transition(State next, ParserHandler& handler);
  void HandleCodePoint(char32_t cp, ParserHandler& handler);
  void StringPayload(uint8_t byte, ParserHandler& handler);

  ParserLimits limits_;
  ParserStats stats_;
  State state_ = State::kGround;
  Sequence seq_;
  bool param_started_ = false;            // a digit was seen for the current entry
  bool pending_sub_ = false;              // the next entry follows a colon
  bool saturated_param_dropped_ = false;  // the current entry is past max_params
  std::string osc_;
  bool osc_overflowed_ = false;
  OscTerminator osc_terminator_ = OscTerminator::kSt;  // kBel once a BEL ends the string
  std::string dcs_chunk_;
  Utf8Decoder utf8_;  // a character in ground, which may be split across writes
};

}  // namespace vtsnap

#endif  // VTSNAP_DECODER_PARSER_H_
