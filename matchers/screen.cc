#include "vtsnap/matchers/screen.h"

#include "absl/strings/str_cat.h"
#include "vtsnap/snapshot/golden.h"

namespace vtsnap {
namespace {

bool InFrame(const Frame& f, int col, int row, std::string* why) {
  if (col >= 0 && row >= 0 && col < f.cols && row < f.rows) return true;
  *why =
      absl::StrCat("cell (", col, ", ", row, ") is outside the ", f.cols, "x", f.rows, " screen");
  return false;
}

std::string TrimmedRow(const Frame& f, int row) {
  std::string text = f.RowText(row);
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

}  // namespace

void PrintTo(const Frame& frame, std::ostream* os) {
  *os << frame.cols << "x" << frame.rows << " screen\n";
  for (int r = 0; r < frame.rows; ++r) *os << "  |" << frame.RowText(r) << "|\n";
  if (frame.cursor.visible) {
    *os << "  cursor " << frame.cursor.col << " " << frame.cursor.row << " "
        << golden::FormatCursorShape(frame.cursor.shape);
  } else {
    *os << "  cursor hidden";
  }
}

void PrintTo(const Terminal& terminal, std::ostream* os) { PrintTo(CaptureFrame(terminal), os); }
void PrintTo(const VirtualTerminal& vt, std::ostream* os) { PrintTo(CaptureFrame(vt), os); }
void PrintTo(const HeadlessTerminal& terminal, std::ostream* os) {
  absl::StatusOr<Frame> display = CaptureDisplay(terminal);
  if (!display.ok()) {
    *os << "a HeadlessTerminal whose display cannot be read: " << display.status().message();
    return;
  }
  PrintTo(*display, os);
}

void PrintTo(const PtySession& session, std::ostream* os) {
  absl::StatusOr<Frame> screen = session.Capture();
  if (!screen.ok()) {
    *os << "a PtySession whose screen cannot be read: " << screen.status().message();
    return;
  }
  PrintTo(*screen, os);
}

void PrintTo(const Color& color, std::ostream* os) { *os << golden::FormatColor(color); }

void PrintTo(const Style& s, std::ostream* os) {
  *os << "fg " << golden::FormatColor(s.fg) << " bg " << golden::FormatColor(s.bg) << " attrs "
      << golden::FormatAttrs(s);
  if (s.underline && s.underline_shape != UnderlineShape::kSingle) {
    *os << " underline " << golden::FormatUnderlineShape(s.underline_shape);
  }
  if (s.underline && !s.underline_color.is_default()) {
    *os << " ulcolor " << golden::FormatColor(s.underline_color);
  }
}

screen_internal::FramePropertyMatcher<std::string> CursorAt(int col, int row) {
  return screen_internal::FramePropertyMatcher<std::string>(
      "the cursor",
      [](const Frame& f, std::string* value, std::string*) {
        *value =
            f.cursor.visible ? absl::StrCat("at ", f.cursor.col, ", ", f.cursor.row) : "hidden";
        return true;
      },
      ::testing::Eq(absl::StrCat("at ", col, ", ", row)));
}

screen_internal::FramePropertyMatcher<bool> CursorVisible(::testing::Matcher<bool> visible) {
  return screen_internal::FramePropertyMatcher<bool>(
      "the cursor's visibility",
      [](const Frame& f, bool* value, std::string*) {
        *value = f.cursor.visible;
        return true;
      },
      std::move(visible));
}

screen_internal::FramePropertyMatcher<std::string> RowText(int row,
                                                           ::testing::Matcher<std::string> text) {
  return screen_internal::FramePropertyMatcher<std::string>(
      absl::StrCat("row ", row, "'s text"),
      [row](const Frame& f, std::string* value, std::string* why) {
        if (!InFrame(f, 0, row, why)) return false;
        *value = TrimmedRow(f, row);
        return true;
      },
      std::move(text));
}

screen_internal::FramePropertyMatcher<Style> CellStyle(int col, int row,
                                                       ::testing::Matcher<Style> style) {
  return screen_internal::FramePropertyMatcher<Style>(
      absl::StrCat("the style of cell (", col, ", ", row, ")"),
      [col, row](const Frame& f, Style* value, std::string* why) {
        if (!InFrame(f, col, row, why)) return false;
        *value = f.style(col, row);
        return true;
      },
      std::move(style));
}

screen_internal::FramePropertyMatcher<std::string> CellLink(
    int col, int row, ::testing::Matcher<std::string> target) {
  return screen_internal::FramePropertyMatcher<std::string>(
      absl::StrCat("the link target of cell (", col, ", ", row, ")"),
      [col, row](const Frame& f, std::string* value, std::string* why) {
        if (!InFrame(f, col, row, why)) return false;
        *value = f.LinkTargetAt(col, row);
        return true;
      },
      std::move(target));
}

}  // namespace vtsnap
