#include "examples/chat_app/renderer.h"

#include <string>
#include <utility>

namespace chat_app {
namespace {

// Unchanged cells between two changed runs of a row up to which the runs are joined.
constexpr int kJoinGap = 4;

}  // namespace

std::string Sgr(const Style& style) {
  std::string sgr = "\x1b[0";
  if (style.bold) sgr += ";1";
  if (style.dim) sgr += ";2";
  if (style.italic) sgr += ";3";
  if (style.reverse) sgr += ";7";
  if (style.fg >= 0 && style.fg < 8) sgr += ";" + std::to_string(30 + style.fg);
  if (style.fg >= 8 && style.fg < 16) sgr += ";" + std::to_string(90 + style.fg - 8);
  return sgr + "m";
}

std::string Renderer::Render(const Canvas& canvas) {
  std::string body;
  const bool full = !previous_.has_value() || previous_->cols() != canvas.cols() ||
                    previous_->rows() != canvas.rows();
  // After an erase the screen is blank: the frame is the difference from a blank canvas.
  const Canvas blank(canvas.cols(), canvas.rows());
  const Canvas& before = full ? blank : *previous_;
  std::optional<Style> pen;  // unknown at the start of a frame
  for (int row = 0; row < canvas.rows(); ++row) {
    int col = 0;
    while (col < canvas.cols()) {
      if (canvas.cell(col, row) == before.cell(col, row)) {
        ++col;
        continue;
      }
      // A run from `col`: extend it while changes are at most kJoinGap cells apart.
      int end = col + 1;  // one past the run's last changed cell
      for (int next = end; next < canvas.cols() && next - end <= kJoinGap; ++next) {
        if (!(canvas.cell(next, row) == before.cell(next, row))) end = next + 1;
      }
      // A run never starts on the right half of a wide character, nor ends on its left half.
      if (canvas.cell(col, row).width == 0 && col > 0) --col;
      if (end < canvas.cols() && canvas.cell(end, row).width == 0) ++end;
      body += "\x1b[" + std::to_string(row + 1) + ";" + std::to_string(col + 1) + "H";
      for (int c = col; c < end; ++c) {
        const Cell& cell = canvas.cell(c, row);
        if (cell.width == 0) continue;
        if (!pen.has_value() || !(*pen == cell.style)) {
          body += Sgr(cell.style);
          pen = cell.style;
        }
        body += cell.text;
      }
      col = end;
    }
  }
  previous_ = canvas;
  if (body.empty() && !full) return "";
  std::string frame = "\x1b[?2026h";
  if (full) frame += "\x1b[m\x1b[H\x1b[2J";
  frame += body;
  if (pen.has_value()) frame += "\x1b[m";
  frame += "\x1b[?2026l";
  return frame;
}

}  // namespace chat_app
