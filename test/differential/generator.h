// A seeded generator of valid random terminal byte streams, for differential testing of vtsnap
// against independent emulators (docs/differential.md).
//
// A stream is a list of tokens. Each token is one complete unit: one escape sequence, one control
// character, or a short run of text (whole UTF-8 characters). Any subsequence of the tokens is
// therefore still a valid stream, which is what lets the delta-debugging minimizer (ddmin.h)
// remove tokens freely.
//
// The same seed and options give the same bytes on every platform and standard library: the
// generator uses std::mt19937_64 (whose output sequence the C++ standard specifies) and draws
// every number through its own integer-only distributions, never the implementation-defined
// std::uniform_int_distribution.
//
//   vtsnap::differential::GeneratorOptions options;
//   options.alt_screen = false;
//   std::vector<std::string> tokens = vtsnap::differential::GenerateTokens(42, options);
//   std::string bytes = vtsnap::differential::JoinTokens(tokens);
#ifndef VTSNAP_TEST_DIFFERENTIAL_GENERATOR_H_
#define VTSNAP_TEST_DIFFERENTIAL_GENERATOR_H_

#include <cstdint>
#include <string>
#include <vector>

namespace vtsnap::differential {

// What the generator may emit. Every flag on is the full mix; a flag off removes its tokens (and,
// since the draws change, the rest of the stream too: a seed names a stream for one set of
// options only).
struct GeneratorOptions {
  bool text = true;           // runs of printable ASCII (0x20-0x7E)
  bool wide = true;           // CJK, Hangul, Hiragana, fullwidth forms, the odd U+1F600 emoji
  bool combining = true;      // a base letter and one or two combining marks (rare)
  bool sgr = true;            // SGR: 16, 256 and RGB colours, attributes and their resets
  bool cursor = true;         // CUP CUU CUD CUF CUB CHA VPA CNL CPL, CR LF BS, DECSC DECRC
  bool erase = true;          // ED 0/1/2, EL 0/1/2, ECH
  bool scroll_region = true;  // DECSTBM (valid margins) and its reset, IND RI NEL, SU SD
  bool insert_delete = true;  // ICH DCH IL DL
  bool tabs = true;           // HT, HTS, TBC 0/3, CHT, CBT
  bool charsets = true;       // ESC ( 0, ESC ( B, ESC ) 0, ESC ) B, SO, SI, line-drawing text
  bool alt_screen = true;     // CSI ? 1049/47/1047 h/l
  bool modes = true;          // ?7 (autowrap), ?6 (origin), ?25 (cursor), IRM 4, LNM 20: h/l
  // The kinds below came later and are off by default, so that the streams of the flags above
  // (and the seeds recorded with them) stay as they were. The differential suite turns on those
  // each oracle implements.
  bool rep = false;               // REP CSI n b, and now and then one right after printed text
  bool relative_moves = false;    // VPR CSI n e, HPR CSI n a, HPA CSI n `
  bool scroll_columns = false;    // SL CSI n SP @, SR CSI n SP A
  bool insert_columns = false;    // DECIC CSI n ' }, DECDC CSI n ' ~
  bool lr_margins = false;        // DECLRMM ?69 h/l; ?69h then DECSLRM, valid or invalid margins
  bool saved_wrap = false;        // a pending wrap saved with DECSC, SU/SD, DECRC, a character
  bool dec_graphics = false;      // runs of 0x5F-0x7E, the whole DEC Special Graphics range
  bool wide_no_autowrap = false;  // ?7l, a CUP near the right edge, wide characters, maybe ?7h
  // How many tokens a stream has (none when this is 0 or less, or when every flag is off).
  int tokens = 200;
  // The screen the stream is meant for: coordinates and counts mostly stay inside it and
  // sometimes go past its edges (valid, and a good place for emulators to disagree).
  int cols = 80;
  int rows = 24;
};

// The tokens of the stream for `seed`; exactly options.tokens of them unless every feature is
// off. Deterministic across platforms.
std::vector<std::string> GenerateTokens(uint64_t seed, const GeneratorOptions& options = {});

// The tokens concatenated: the bytes to feed a terminal.
std::string JoinTokens(const std::vector<std::string>& tokens);

// JoinTokens(GenerateTokens(seed, options)).
std::string GenerateStream(uint64_t seed, const GeneratorOptions& options = {});

}  // namespace vtsnap::differential

#endif  // VTSNAP_TEST_DIFFERENTIAL_GENERATOR_H_
