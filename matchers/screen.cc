#include "vtsnap/matchers/screen.h"

#include <functional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "vtsnap/snapshot/screen/frame_text.h"

namespace vtsnap {
namespace {

// A property of the screen (`extract` fills *value from the frame, or explains in *why that there
// is none) compared with an inner matcher.
template <typename Value>
class PropertyMatcher : public ::testing::MatcherInterface<const ScreenView&> {
 public:
  using Extract = std::function<bool(const Frame&, Value*, std::string*)>;
  PropertyMatcher(std::string what, Extract extract, ::testing::Matcher<Value> inner)
      : what_(std::move(what)), extract_(std::move(extract)), inner_(std::move(inner)) {}

  bool MatchAndExplain(const ScreenView& screen,
                       ::testing::MatchResultListener* listener) const override {
    if (!screen.readable()) {
      *listener << screen.status().message();
      return false;
    }
    Value value{};
    std::string why;
    if (!extract_(screen.frame(), &value, &why)) {
      *listener << why;
      return false;
    }
    *listener << what_ << " is " << ::testing::PrintToString(value);
    ::testing::StringMatchResultListener inner;
    const bool ok = inner_.MatchAndExplain(value, &inner);
    if (!inner.str().empty()) *listener << ", " << inner.str();
    return ok;
  }
  void DescribeTo(std::ostream* os) const override {
    *os << what_ << " ";
    inner_.DescribeTo(os);
  }
  void DescribeNegationTo(std::ostream* os) const override {
    *os << what_ << " ";
    inner_.DescribeNegationTo(os);
  }

 private:
  std::string what_;
  Extract extract_;
  ::testing::Matcher<Value> inner_;
};

template <typename Value>
ScreenMatcher MakeProperty(std::string what, typename PropertyMatcher<Value>::Extract extract,
                           ::testing::Matcher<Value> inner) {
  return ScreenMatcher(
      new PropertyMatcher<Value>(std::move(what), std::move(extract), std::move(inner)));
}

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

// The cursor as CursorAt compares it: visible, at a column and a row.
class CursorAtMatcher : public ::testing::MatcherInterface<const ScreenView&> {
 public:
  CursorAtMatcher(::testing::Matcher<int> col, ::testing::Matcher<int> row)
      : col_(std::move(col)), row_(std::move(row)) {}

  bool MatchAndExplain(const ScreenView& screen,
                       ::testing::MatchResultListener* listener) const override {
    if (!screen.readable()) {
      *listener << screen.status().message();
      return false;
    }
    const Cursor& cursor = screen.cursor();
    if (!cursor.visible) {
      *listener << "the cursor is hidden";
      return false;
    }
    *listener << "the cursor is at " << cursor.col << ", " << cursor.row;
    ::testing::StringMatchResultListener col_why;
    ::testing::StringMatchResultListener row_why;
    const bool col_ok = col_.MatchAndExplain(cursor.col, &col_why);
    const bool row_ok = row_.MatchAndExplain(cursor.row, &row_why);
    if (!col_ok && !col_why.str().empty()) *listener << ", column " << col_why.str();
    if (!row_ok && !row_why.str().empty()) *listener << ", row " << row_why.str();
    return col_ok && row_ok;
  }
  void DescribeTo(std::ostream* os) const override {
    *os << "the cursor is visible, its column ";
    col_.DescribeTo(os);
    *os << " and its row ";
    row_.DescribeTo(os);
  }
  void DescribeNegationTo(std::ostream* os) const override {
    *os << "the cursor is hidden, or its column ";
    col_.DescribeNegationTo(os);
    *os << ", or its row ";
    row_.DescribeNegationTo(os);
  }

 private:
  ::testing::Matcher<int> col_;
  ::testing::Matcher<int> row_;
};

}  // namespace

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

ScreenMatcher CursorAt(::testing::Matcher<int> col, ::testing::Matcher<int> row) {
  return ScreenMatcher(new CursorAtMatcher(std::move(col), std::move(row)));
}

ScreenMatcher CursorVisibleIs(::testing::Matcher<bool> visible) {
  return MakeProperty<bool>(
      "the cursor's visibility",
      [](const Frame& f, bool* value, std::string*) {
        *value = f.cursor.visible;
        return true;
      },
      std::move(visible));
}

ScreenMatcher RowTextIs(int row, ::testing::Matcher<std::string> text) {
  return MakeProperty<std::string>(
      absl::StrCat("row ", row, "'s text"),
      [row](const Frame& f, std::string* value, std::string* why) {
        if (!InFrame(f, 0, row, why)) return false;
        *value = TrimmedRow(f, row);
        return true;
      },
      std::move(text));
}

ScreenMatcher CellStyleIs(int col, int row, ::testing::Matcher<Style> style) {
  return MakeProperty<Style>(
      absl::StrCat("the style of cell (", col, ", ", row, ")"),
      [col, row](const Frame& f, Style* value, std::string* why) {
        if (!InFrame(f, col, row, why)) return false;
        *value = f.style(col, row);
        return true;
      },
      std::move(style));
}

ScreenMatcher CellLinkIs(int col, int row, ::testing::Matcher<std::string> target) {
  return MakeProperty<std::string>(
      absl::StrCat("the link target of cell (", col, ", ", row, ")"),
      [col, row](const Frame& f, std::string* value, std::string* why) {
        if (!InFrame(f, col, row, why)) return false;
        *value = f.LinkTargetAt(col, row);
        return true;
      },
      std::move(target));
}

}  // namespace vtsnap
