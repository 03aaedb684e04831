#include "vtsnap/snapshot/formats/theme.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "vtsnap/snapshot/formats/detached_state.h"
#include "vtsnap/snapshot/formats/semantic.h"
#include "vtsnap/snapshot/screen/capture.h"

namespace vtsnap {
namespace {

// A text or underline colour the theme does not own: RGB, or a palette index above 15.
void CheckInk(absl::string_view what, const PenColor& color, std::vector<std::string>* problems) {
  if (color.kind == PenColor::Kind::kRgb) {
    problems->push_back(absl::StrCat(what, "=", SemanticColorName(color), " (RGB)"));
  } else if (color.kind == PenColor::Kind::kPalette && color.value > 15) {
    problems->push_back(
        absl::StrCat(what, "=", SemanticColorName(color), " (palette index above 15)"));
  }
}

std::vector<std::string> Problems(const PenColor& fg, const PenColor& bg, const PenColor& ul) {
  std::vector<std::string> problems;
  CheckInk("fg", fg, &problems);
  if (!bg.is_default()) {
    problems.push_back(absl::StrCat("bg=", SemanticColorName(bg), " (explicit background)"));
  }
  CheckInk("underline-color", ul, &problems);
  return problems;
}

// Adds the runs of one line whose cell `col` has the problems `problems_at(col)`.
template <typename F>
void CheckLine(bool scrollback, int row, int cols, F problems_at,
               std::vector<ThemeViolation>* out) {
  int col = 0;
  while (col < cols) {
    std::vector<std::string> problems = problems_at(col);
    int end = col + 1;
    while (end < cols && problems_at(end) == problems) ++end;
    if (!problems.empty()) {
      out->push_back({.scrollback = scrollback,
                      .row = row,
                      .first_col = col,
                      .last_col = end - 1,
                      .problems = std::move(problems)});
    }
    col = end;
  }
}

void CheckTerminalLine(const Terminal& t, const Line& line, bool scrollback, int row,
                       std::vector<ThemeViolation>* out) {
  CheckLine(
      scrollback, row, static_cast<int>(line.cells.size()),
      [&](int col) {
        const Pen& pen = t.pen(line.cells[col].pen);
        return Problems(pen.fg, pen.bg, pen.underline_color);
      },
      out);
}

}  // namespace

std::vector<ThemeViolation> FindThemeViolations(const ScreenView& screen) {
  std::vector<ThemeViolation> out;
  if (!screen.readable()) return out;
  if (const Terminal* t = screen.terminal(); t != nullptr) {
    // The scrollback belongs to the primary screen; it stays in the terminal's state while the
    // alternate screen is shown, so it is checked either way.
    for (int i = 0; i < t->scrollback_size(); ++i) {
      CheckTerminalLine(*t, t->scrollback_line(i), true, i, &out);
    }
    for (int r = 0; r < t->rows(); ++r) CheckTerminalLine(*t, t->line(r), false, r, &out);
    return out;
  }
  if (const DetachedTerminalState* state = screen.detached_state(); state != nullptr) {
    return state->theme;
  }
  const Frame& frame = screen.frame();
  for (int r = 0; r < frame.rows; ++r) {
    CheckLine(
        false, r, frame.cols,
        [&](int col) {
          const Style& s = frame.style(col, r);
          return Problems(PenColorFromColor(s.fg), PenColorFromColor(s.bg),
                          PenColorFromColor(s.underline_color));
        },
        &out);
  }
  return out;
}

std::string RenderThemeViolations(const std::vector<ThemeViolation>& violations) {
  std::string out;
  for (const ThemeViolation& v : violations) {
    absl::StrAppend(&out, v.scrollback ? "scrollback " : "row ", v.row, " cols ", v.first_col, "-",
                    v.last_col, ": ", absl::StrJoin(v.problems, ", "), "\n");
  }
  return out;
}

}  // namespace vtsnap
