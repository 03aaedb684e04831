// PresenterTerminal's SGR validator: the renditions a golden can spell, and extended colours only
// as deep as the profile's colour depth.
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "vtsnap/decoder/parser.h"
#include "vtsnap/decoder/presenter.h"

namespace vtsnap {
namespace {

// Whether SGR `v` (without sub-parameters) is in the presenter subset.
bool IsPlainSgr(int v) {
  return v <= 4 || v == 7 || v == 9 || v == 21 || v == 22 || v == 23 || v == 24 || v == 27 ||
         v == 29 || v == 39 || v == 49 || v == 59 || (v >= 30 && v <= 37) || (v >= 40 && v <= 47) ||
         (v >= 90 && v <= 97) || (v >= 100 && v <= 107);
}

// What a rejected SGR is, for its message: " (blink)", or "" when it needs no name.
absl::string_view SgrName(int v) {
  switch (v) {
    case 5:
    case 6:
      return " (blink)";
    case 8:
      return " (conceal)";
    case 53:
      return " (overline)";
    default:
      return "";
  }
}

}  // namespace

bool PresenterTerminal::CheckSgr(const Params& p) {
  for (int i = 0; i < p.size();) {
    if (p.is_sub(i)) {
      // A colon after a colour's last value, or after a parameter that takes none.
      return FailSgr(
          absl::StrCat("a stray sub-parameter :", p.raw(i) == Params::kDefault ? 0 : p.raw(i),
                       " (only 4 and 58 take sub-parameters)"));
    }
    const int v = p.raw(i) == Params::kDefault ? 0 : p.raw(i);
    if (v == 38 || v == 48 || v == 58) {
      i = CheckSgrColor(p, i, v);
      if (i < 0) return false;
      continue;
    }
    if (v == 4 && p.is_sub(i + 1)) {
      const int shape = p.raw(i + 1);
      if (shape == Params::kDefault || shape > 5 || p.is_sub(i + 2)) {
        return FailSgr("4 takes one sub-parameter from 0 to 5 (4:0 to 4:5)");
      }
      i += 2;
      continue;
    }
    if (p.is_sub(i + 1)) {
      return FailSgr(absl::StrCat(v, " with a sub-parameter: only 4 and 58 take them"));
    }
    if (!IsPlainSgr(v)) {
      return FailSgr(absl::StrCat(v, SgrName(v),
                                  " is not in the presenter subset (a golden cannot spell it)"));
    }
    ++i;
  }
  return true;
}

bool PresenterTerminal::FailSgr(absl::string_view rule) {
  FailHere(absl::StrCat("SGR: ", rule));
  return false;
}

int PresenterTerminal::CheckSgrColor(const Params& p, int i, int code) {
  const ColorDepth depth = options_.color_depth;
  const bool colon = p.is_sub(i + 1);
  if (colon && code != 58) {
    FailSgr(absl::StrCat(code, " with colons: only 4 and 58 take sub-parameters"));
    return -1;
  }
  auto entry_ok = [&](int k) { return k < p.size() && p.is_sub(k) == colon; };
  if (!entry_ok(i + 1)) {
    FailSgr(absl::StrCat(code, " needs 5;N or 2;R;G;B"));
    return -1;
  }
  const int kind = p.raw(i + 1);
  if (kind == 5) {
    if (!entry_ok(i + 2) || p.raw(i + 2) == Params::kDefault || p.raw(i + 2) > 255) {
      FailSgr(absl::StrCat(code, ";5 needs a palette index from 0 to 255"));
      return -1;
    }
    if (depth == ColorDepth::k16) {
      FailSgr(absl::StrCat(code, ";5 (256 colours) on a 16-colour profile"));
      return -1;
    }
    if (colon && p.is_sub(i + 3)) {
      FailSgr(absl::StrCat(code, ":5 has too many sub-parameters"));
      return -1;
    }
    return i + 3;
  }
  if (kind == 2) {
    int first = i + 2;
    // 58:2::R:G:B names an (empty) colour space; 58:2:R:G:B does not.
    if (colon && entry_ok(i + 5) && p.raw(i + 2) == Params::kDefault) first = i + 3;
    for (int k = first; k < first + 3; ++k) {
      if (!entry_ok(k) || p.raw(k) == Params::kDefault || p.raw(k) > 255) {
        FailSgr(absl::StrCat(code, ";2 needs three components from 0 to 255"));
        return -1;
      }
    }
    if (colon && first + 3 < p.size() && p.is_sub(first + 3)) {
      FailSgr(absl::StrCat(code, ":2 has too many sub-parameters"));
      return -1;
    }
    if (depth != ColorDepth::kTrueColor) {
      FailSgr(absl::StrCat(code, ";2 (truecolor) on a ", depth == ColorDepth::k256 ? "256" : "16",
                           "-colour profile"));
      return -1;
    }
    return first + 3;
  }
  FailSgr(absl::StrCat(code, " needs 5;N or 2;R;G;B"));
  return -1;
}

}  // namespace vtsnap
