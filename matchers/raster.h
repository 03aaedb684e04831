// Matchers for pictures: a frame's raster records (RasterSliceIs, HasRaster) and RGBA planes
// (PlaneEquals).
//
// A frame's raster records come from the app's compositor: one per visible slice of a picture,
// its anchor and span the visible cells, its pixel extent and hash those of the part of the
// picture those cells show (snapshot/screen/rgba.h defines the hash, RasterHash). RasterSliceIs
// matches one record; every argument is a plain value or a gmock matcher, and a mismatch is
// explained field by field. HasRaster finds the record in a Frame: by id when the id is a plain
// int, else any record that matches.
//
//   using ::testing::Contains;
//   using ::testing::Pair;
//   EXPECT_THAT(frame.rasters, Contains(vtsnap::RasterSliceIs(1, {2, 1}, {4, 1}, {12, 6},
//                                                             vtsnap::RasterHash(slice))));
//   EXPECT_THAT(frame, vtsnap::HasRaster(vtsnap::RasterSliceIs(1, Pair(2, 1), {4, 1}, {12, 6},
//                                                              ::testing::_)));
//   EXPECT_THAT(decoded_plane, vtsnap::PlaneEquals(pinned_plane, {.cell_width = 3,
//                                                                 .cell_height = 6}));
//
// A mismatch reads:
//   the raster record with id 1: id 1 matches; anchor is (2, 1), expected (3, 1); span (4, 1)
//   matches; pixels (12, 6) match; hash is "dfec44f68d430c2d", expected "754c001720d2ed03"
#ifndef VTSNAP_MATCHERS_RASTER_H_
#define VTSNAP_MATCHERS_RASTER_H_

#include <concepts>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>

#include "gmock/gmock.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/rgba.h"
#include "vtsnap/snapshot/screen/screen_view.h"

namespace vtsnap {

// gtest prints a record as its golden line: "raster 1 anchor 2 1 span 4 2 pixels 12 12 hash ab".
void PrintTo(const RasterRecord& record, std::ostream* os);

namespace raster_internal {

// One argument of RasterSliceIs: a plain value (matched with Eq and printed as itself in
// messages) or a gmock matcher of T. A (col, row) style pair may also be written {2, 1}.
template <typename T>
class Arg {
 public:
  template <std::convertible_to<T> V>
  Arg(const V& value)  // NOLINT(google-explicit-constructor): a value stands for Eq(value)
      : matcher_(::testing::Eq(T(value))), value_(T(value)) {}

  // Anything else is a matcher (the constrained constructor above wins for values).
  template <typename M>
  Arg(const M& matcher)  // NOLINT(google-explicit-constructor): any matcher of T is one
      : matcher_(::testing::SafeMatcherCast<const T&>(matcher)) {}

  // {first, second}; compiles only for the pair arguments.
  Arg(int first, int second) : Arg(std::pair<int, int>(first, second)) {}

  const ::testing::Matcher<const T&>& matcher() const { return matcher_; }
  // The plain value, when the argument was one.
  const std::optional<T>& value() const { return value_; }

 private:
  ::testing::Matcher<const T&> matcher_;
  std::optional<T> value_;
};

using IntPair = std::pair<int, int>;

}  // namespace raster_internal

// The matcher RasterSliceIs returns: a gmock polymorphic matcher of a RasterRecord (it converts
// to Matcher<RasterRecord> and Matcher<const RasterRecord&>), which HasRaster also takes.
class RasterSliceMatcher {
 public:
  RasterSliceMatcher(raster_internal::Arg<int> id,
                     raster_internal::Arg<raster_internal::IntPair> anchor,
                     raster_internal::Arg<raster_internal::IntPair> span,
                     raster_internal::Arg<raster_internal::IntPair> pixels,
                     raster_internal::Arg<std::string> hash);

  template <typename T>
  // NOLINTNEXTLINE(google-explicit-constructor): used wherever gmock takes a Matcher<T>
  operator ::testing::Matcher<T>() const;

  // Whether `record` matches; when `explanation` is not null, every field's verdict, "; "
  // separated ("id 1 matches; anchor is (2, 1), expected (3, 1); ...").
  bool MatchRecord(const RasterRecord& record, std::string* explanation) const;
  // "id 1, anchor (2, 1), span (4, 2), pixels (12, 12) and hash \"ab\"", a matcher argument
  // described as "id that is > 0".
  std::string DescribeFields() const;
  void DescribeTo(std::ostream* os) const;
  void DescribeNegationTo(std::ostream* os) const;

  // The id when it was given as a plain int (HasRaster then looks the record up by id).
  std::optional<int> plain_id() const { return fields_->id.value(); }

 private:
  struct Fields {
    raster_internal::Arg<int> id;
    raster_internal::Arg<raster_internal::IntPair> anchor;
    raster_internal::Arg<raster_internal::IntPair> span;
    raster_internal::Arg<raster_internal::IntPair> pixels;
    raster_internal::Arg<std::string> hash;
  };
  std::shared_ptr<const Fields> fields_;
};

namespace raster_internal {

template <typename T>
class RasterSliceMatcherImpl : public ::testing::MatcherInterface<T> {
 public:
  explicit RasterSliceMatcherImpl(RasterSliceMatcher m) : m_(std::move(m)) {}
  bool MatchAndExplain(T record, ::testing::MatchResultListener* listener) const override {
    std::string explanation;
    const bool ok = m_.MatchRecord(record, listener->IsInterested() ? &explanation : nullptr);
    *listener << explanation;
    return ok;
  }
  void DescribeTo(std::ostream* os) const override { m_.DescribeTo(os); }
  void DescribeNegationTo(std::ostream* os) const override { m_.DescribeNegationTo(os); }

 private:
  RasterSliceMatcher m_;
};

}  // namespace raster_internal

template <typename T>
RasterSliceMatcher::operator ::testing::Matcher<T>() const {
  return ::testing::Matcher<T>(new raster_internal::RasterSliceMatcherImpl<T>(*this));
}

// Matches a RasterRecord with this id, anchor (col, row), span (cols, rows), pixel extent
// (width, height) and hash. Each argument is a value (an int; a std::pair<int, int> or {a, b};
// a string) or a gmock matcher of one (Gt(0), Pair(2, Ge(1)), HasSubstr("ab"), _).
RasterSliceMatcher RasterSliceIs(raster_internal::Arg<int> id,
                                 raster_internal::Arg<raster_internal::IntPair> anchor,
                                 raster_internal::Arg<raster_internal::IntPair> span,
                                 raster_internal::Arg<raster_internal::IntPair> pixels,
                                 raster_internal::Arg<std::string> hash);

// Matches a screen (a Frame, usually a composed scene) holding a matching raster record. With a
// RasterSliceIs whose id is a plain int, the record is looked up by that id (the first one with it)
// and a missing id is named ("no raster record with id 3; the frame has ids 1, 2"); otherwise any
// record that matches will do, and a failure explains each record (the first 10).
::testing::Matcher<const ScreenView&> HasRaster(RasterSliceMatcher slice);
::testing::Matcher<const ScreenView&> HasRaster(::testing::Matcher<const RasterRecord&> record);

// Matches an RGBA plane equal to `expected`; a mismatch is the snapshot/screen/rgba.h report (the
// size, or how many pixels differ and their bounding box, in cells too when `options` gives the
// cell size), never the bytes.
::testing::Matcher<const RgbaPlane&> PlaneEquals(RgbaPlane expected, PlaneDiffOptions options = {});

}  // namespace vtsnap

#endif  // VTSNAP_MATCHERS_RASTER_H_
