// RasterSliceIs, HasRaster and PlaneEquals: what they accept (values, {a, b} pairs and gmock
// matchers), how each field's mismatch is explained, and how a frame's record is found.
#include <ostream>
#include <string>
#include <utility>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/matchers/raster.h"
#include "vtsnap/snapshot/formats/rgba_file.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace vtsnap {
namespace {

using ::testing::_;
using ::testing::AllOf;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::Field;
using ::testing::Ge;
using ::testing::Gt;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::Pair;
using ::testing::StartsWith;

// What the matcher says about `value` (gmock 1.12 has no testing::Explain).
template <typename V, typename M>
std::string Explain(const M& matcher, const V& value) {
  ::testing::StringMatchResultListener listener;
  ::testing::ExplainMatchResult(::testing::SafeMatcherCast<const V&>(matcher), value, &listener);
  return listener.str();
}

template <typename V, typename M>
std::string Description(const M& matcher) {
  return ::testing::DescribeMatcher<const V&>(matcher);
}

template <typename V, typename M>
std::string NegatedDescription(const M& matcher) {
  return ::testing::DescribeMatcher<const V&>(matcher, /*negation=*/true);
}

// The top half of a 12x12 picture whose pixel (0, 0) is red, shown over 4x1 cells of 3x6 pixels
// at (2, 1); and a second picture, 3x6, whole at (0, 0).
RasterRecord Slice() {
  RgbaPlane picture = RgbaPlane::Transparent(12, 12);
  picture.Set(0, 0, 0xFF0000FF);
  const RgbaPlane slice = *Crop(picture, 0, 0, 12, 6);
  return RasterRecord{.id = 1,
                      .col = 2,
                      .row = 1,
                      .cols = 4,
                      .rows = 1,
                      .pixel_width = slice.width,
                      .pixel_height = slice.height,
                      .hash = RasterHash(slice)};
}

constexpr char kSliceHash[] = "dfec44f68d430c2d";  // RasterHash of Slice()'s picture part.

Frame TwoPictures() {
  Frame frame = Frame::Blank(8, 3);
  frame.rasters.push_back(Slice());
  frame.rasters.push_back(RasterRecord{.id = 2,
                                       .col = 0,
                                       .row = 0,
                                       .cols = 1,
                                       .rows = 1,
                                       .pixel_width = 3,
                                       .pixel_height = 6,
                                       .hash = "00"});
  return frame;
}

TEST(RasterRecordPrinting, IsTheGoldenLine) {
  EXPECT_EQ(::testing::PrintToString(Slice()),
            "raster 1 anchor 2 1 span 4 1 pixels 12 6 hash dfec44f68d430c2d");
}

// ---------------------------------------------------------------------------------------------
// RasterSliceIs.

TEST(RasterSliceIs, MatchesPlainValuesPairsAndBraces) {
  const RasterRecord r = Slice();
  EXPECT_EQ(r.hash, kSliceHash);
  EXPECT_THAT(r, RasterSliceIs(1, {2, 1}, {4, 1}, {12, 6}, kSliceHash));
  EXPECT_THAT(r, RasterSliceIs(1, std::make_pair(2, 1), std::pair<int, int>(4, 1),
                               std::make_pair(12, 6), std::string(kSliceHash)));
  EXPECT_THAT(r, Not(RasterSliceIs(2, {2, 1}, {4, 1}, {12, 6}, kSliceHash)));
  EXPECT_EQ(Explain(RasterSliceIs(1, {2, 1}, {4, 1}, {12, 6}, kSliceHash), r),
            "every field matches");
}

TEST(RasterSliceIs, TakesGmockMatchersForEveryArgument) {
  const RasterRecord r = Slice();
  EXPECT_THAT(r, RasterSliceIs(Gt(0), Pair(2, Ge(1)), _, Pair(12, _), StartsWith("dfec")));
  EXPECT_THAT(r, RasterSliceIs(_, _, _, _, _));
  EXPECT_THAT(r, RasterSliceIs(::testing::Matcher<int>(1), {2, 1}, {4, 1}, {12, 6},
                               ::testing::MatchesRegex("[0-9a-f]{16}")));
  EXPECT_THAT(r, Not(RasterSliceIs(Gt(1), _, _, _, _)));
}

TEST(RasterSliceIs, WorksInContainerMatchers) {
  const Frame frame = TwoPictures();
  EXPECT_THAT(frame.rasters,
              Contains(RasterSliceIs(1, Pair(2, 1), Pair(4, 1), Pair(12, 6), kSliceHash)));
  EXPECT_THAT(frame.rasters, Contains(RasterSliceIs(2, {0, 0}, {1, 1}, {3, 6}, "00")));
  EXPECT_THAT(frame.rasters, Not(Contains(RasterSliceIs(3, _, _, _, _))));
  EXPECT_THAT(frame.rasters,
              ElementsAre(RasterSliceIs(1, _, _, _, _), RasterSliceIs(2, _, _, _, _)));
}

struct FieldMismatch {
  std::string name;
  RasterSliceMatcher matcher;
  std::string explanation;

  friend void PrintTo(const FieldMismatch& m, std::ostream* os) { *os << m.name; }
};

class RasterSliceMismatch : public ::testing::TestWithParam<FieldMismatch> {};

TEST_P(RasterSliceMismatch, IsExplainedFieldByField) {
  EXPECT_THAT(Slice(), Not(GetParam().matcher));
  EXPECT_EQ(Explain(GetParam().matcher, Slice()), GetParam().explanation);
}

INSTANTIATE_TEST_SUITE_P(
    Fields, RasterSliceMismatch,
    ::testing::Values(
        FieldMismatch{"Id", RasterSliceIs(3, {2, 1}, {4, 1}, {12, 6}, kSliceHash),
                      "id is 1, expected 3; anchor (2, 1) matches; span (4, 1) matches; pixels "
                      "(12, 6) match; hash \"dfec44f68d430c2d\" matches"},
        FieldMismatch{"Anchor", RasterSliceIs(1, {3, 1}, {4, 1}, {12, 6}, kSliceHash),
                      "id 1 matches; anchor is (2, 1), expected (3, 1); span (4, 1) matches; "
                      "pixels (12, 6) match; hash \"dfec44f68d430c2d\" matches"},
        FieldMismatch{"Span", RasterSliceIs(1, {2, 1}, {4, 2}, {12, 6}, kSliceHash),
                      "id 1 matches; anchor (2, 1) matches; span is (4, 1), expected (4, 2); "
                      "pixels (12, 6) match; hash \"dfec44f68d430c2d\" matches"},
        FieldMismatch{"Pixels", RasterSliceIs(1, {2, 1}, {4, 1}, {12, 12}, kSliceHash),
                      "id 1 matches; anchor (2, 1) matches; span (4, 1) matches; pixels are "
                      "(12, 6), expected (12, 12); hash \"dfec44f68d430c2d\" matches"},
        FieldMismatch{"Hash", RasterSliceIs(1, {2, 1}, {4, 1}, {12, 6}, "754c001720d2ed03"),
                      "id 1 matches; anchor (2, 1) matches; span (4, 1) matches; pixels (12, 6) "
                      "match; hash is \"dfec44f68d430c2d\", expected \"754c001720d2ed03\""},
        FieldMismatch{"Several", RasterSliceIs(1, {3, 1}, {4, 1}, {12, 12}, kSliceHash),
                      "id 1 matches; anchor is (2, 1), expected (3, 1); span (4, 1) matches; "
                      "pixels are (12, 6), expected (12, 12); hash \"dfec44f68d430c2d\" matches"},
        FieldMismatch{"IdMatcher", RasterSliceIs(Gt(1), _, _, _, _),
                      "id is 1, expected one that is > 1; anchor (2, 1) matches; span (4, 1) "
                      "matches; pixels (12, 6) match; hash \"dfec44f68d430c2d\" matches"},
        FieldMismatch{"PairMatcher", RasterSliceIs(_, Pair(3, _), _, _, _),
                      "id 1 matches; anchor is (2, 1), expected one that has a first field that "
                      "is equal to 3, and has a second field that is anything (whose first field "
                      "does not match); span (4, 1) matches; pixels (12, "
                      "6) match; hash \"dfec44f68d430c2d\" matches"},
        FieldMismatch{"HashMatcher", RasterSliceIs(_, _, _, _, HasSubstr("ffff")),
                      "id 1 matches; anchor (2, 1) matches; span (4, 1) matches; pixels (12, 6) "
                      "match; hash is \"dfec44f68d430c2d\", expected one that has substring "
                      "\"ffff\""}),
    [](const ::testing::TestParamInfo<FieldMismatch>& info) { return info.param.name; });

TEST(RasterSliceIs, Describes) {
  EXPECT_EQ(Description<RasterRecord>(RasterSliceIs(1, {2, 1}, {4, 1}, {12, 6}, "ab")),
            "is a raster record with id 1, anchor (2, 1), span (4, 1), pixels (12, 6) and hash "
            "\"ab\"");
  EXPECT_EQ(Description<RasterRecord>(RasterSliceIs(Gt(0), _, {4, 1}, _, HasSubstr("ab"))),
            "is a raster record with id that is > 0, anchor that is anything, span (4, 1), "
            "pixels that is anything and hash that has substring \"ab\"");
  EXPECT_EQ(NegatedDescription<RasterRecord>(RasterSliceIs(1, {2, 1}, {4, 1}, {12, 6}, "ab")),
            "isn't a raster record with id 1, anchor (2, 1), span (4, 1), pixels (12, 6) and "
            "hash \"ab\"");
}

// ---------------------------------------------------------------------------------------------
// HasRaster.

TEST(HasRaster, FindsTheRecordById) {
  const Frame frame = TwoPictures();
  EXPECT_THAT(frame, HasRaster(RasterSliceIs(1, {2, 1}, {4, 1}, {12, 6}, kSliceHash)));
  EXPECT_THAT(frame, HasRaster(RasterSliceIs(2, {0, 0}, {1, 1}, {3, 6}, "00")));
  EXPECT_EQ(Explain(HasRaster(RasterSliceIs(2, _, _, _, _)), frame),
            "the raster record with id 2: every field matches");
  // Record 1 would match the anchor, but the id picks record 2.
  EXPECT_THAT(frame, Not(HasRaster(RasterSliceIs(2, {2, 1}, _, _, _))));
  EXPECT_EQ(Explain(HasRaster(RasterSliceIs(2, {2, 1}, _, _, _)), frame),
            "the raster record with id 2: id 2 matches; anchor is (0, 0), expected (2, 1); span "
            "(1, 1) matches; pixels (3, 6) match; hash \"00\" matches");
}

TEST(HasRaster, NamesAMissingId) {
  const Frame frame = TwoPictures();
  EXPECT_THAT(frame, Not(HasRaster(RasterSliceIs(3, _, _, _, _))));
  EXPECT_EQ(Explain(HasRaster(RasterSliceIs(3, _, _, _, _)), frame),
            "no raster record with id 3; the frame has ids 1, 2");
  Frame one = frame;
  one.rasters.pop_back();
  EXPECT_EQ(Explain(HasRaster(RasterSliceIs(3, _, _, _, _)), one),
            "no raster record with id 3; the frame has id 1");
  EXPECT_EQ(Explain(HasRaster(RasterSliceIs(3, _, _, _, _)), Frame::Blank(2, 2)),
            "no raster record with id 3; the frame has none");
}

TEST(HasRaster, WithAnIdMatcherAnyRecordWillDo) {
  const Frame frame = TwoPictures();
  EXPECT_THAT(frame, HasRaster(RasterSliceIs(_, {0, 0}, _, _, "00")));
  EXPECT_EQ(Explain(HasRaster(RasterSliceIs(Ge(1), {0, 0}, _, _, _)), frame),
            "raster record 2 matches");
  EXPECT_EQ(Explain(HasRaster(RasterSliceIs(Gt(1), {2, 1}, _, _, _)), frame),
            "no raster record matches; the frame has 2:\n"
            "  raster 1 anchor 2 1 span 4 1 pixels 12 6 hash dfec44f68d430c2d: id is 1, expected "
            "one that is > 1; anchor (2, 1) matches; span (4, 1) matches; pixels (12, 6) match; "
            "hash \"dfec44f68d430c2d\" matches\n"
            "  raster 2 anchor 0 0 span 1 1 pixels 3 6 hash 00: id 2 matches; anchor is (0, 0), "
            "expected (2, 1); span (1, 1) matches; pixels (3, 6) match; hash \"00\" matches");
  EXPECT_EQ(Explain(HasRaster(RasterSliceIs(_, _, _, _, _)), Frame::Blank(2, 2)),
            "the frame has no raster records");
}

TEST(HasRaster, TakesAnyRecordMatcher) {
  const Frame frame = TwoPictures();
  EXPECT_THAT(frame, HasRaster(Field(&RasterRecord::hash, "00")));
  EXPECT_THAT(frame, Not(HasRaster(Field(&RasterRecord::pixel_width, 7))));
  EXPECT_THAT(Explain(HasRaster(Field(&RasterRecord::pixel_width, 7)), frame),
              StartsWith("no raster record matches; the frame has 2:\n"
                         "  raster 1 anchor 2 1 span 4 1 pixels 12 6 hash dfec44f68d430c2d"));
}

TEST(HasRaster, CapsTheRecordsItExplains) {
  Frame frame = Frame::Blank(20, 1);
  for (int i = 1; i <= 12; ++i) {
    frame.rasters.push_back(RasterRecord{.id = i,
                                         .col = i,
                                         .row = 0,
                                         .cols = 1,
                                         .rows = 1,
                                         .pixel_width = 3,
                                         .pixel_height = 6,
                                         .hash = "0"});
  }
  EXPECT_THAT(
      Explain(HasRaster(RasterSliceIs(_, _, _, _, "1")), frame),
      AllOf(HasSubstr("the frame has 12:\n"), HasSubstr("  raster 10 anchor"),
            Not(HasSubstr("  raster 11 anchor")), ::testing::EndsWith("\n  ... and 2 more")));
}

TEST(HasRaster, Describes) {
  EXPECT_EQ(Description<Frame>(HasRaster(RasterSliceIs(1, {2, 1}, {4, 1}, {12, 6}, "ab"))),
            "has a raster record with id 1, anchor (2, 1), span (4, 1), pixels (12, 6) and hash "
            "\"ab\"");
  EXPECT_EQ(NegatedDescription<Frame>(HasRaster(RasterSliceIs(1, _, _, _, _))),
            "has no raster record with id 1, anchor that is anything, span that is anything, "
            "pixels that is anything and hash that is anything");
  EXPECT_EQ(Description<Frame>(HasRaster(Field(&RasterRecord::hash, "00"))),
            "has a raster record that is an object whose given field is equal to \"00\"");
}

// ---------------------------------------------------------------------------------------------
// PlaneEquals.

TEST(PlaneEquals, ExplainsWithTheReportNeverTheBytes) {
  const RgbaPlane expected = RgbaPlane::Transparent(6, 12);
  RgbaPlane actual = expected;
  actual.Set(4, 7, 0x00FF00FF);
  EXPECT_THAT(expected, PlaneEquals(expected));
  EXPECT_THAT(actual, Not(PlaneEquals(expected)));
  EXPECT_EQ(Explain(PlaneEquals(expected, {.cell_width = 3, .cell_height = 6}), actual),
            "planes differ: 1 of 72 pixels in x 4, y 7 (col 1, row 1 of 3x6-pixel cells)\n"
            "  first at (4, 7): transparent -> #00FF00FF");
  EXPECT_EQ(Explain(PlaneEquals(expected), RgbaPlane::Transparent(6, 6)),
            "planes differ in size: 6x12 -> 6x6 (width x height, pixels)");
  EXPECT_EQ(Description<RgbaPlane>(PlaneEquals(expected)),
            "equals the 6x12 RGBA plane, 0 opaque pixels, hash " + RasterHash(expected));
}

// The header's examples, kept compiling and true.
TEST(RasterMatchersHeaderExample, Works) {
  const Frame frame = TwoPictures();
  RgbaPlane picture = RgbaPlane::Transparent(12, 12);
  picture.Set(0, 0, 0xFF0000FF);
  const RgbaPlane slice = *Crop(picture, 0, 0, 12, 6);
  const RgbaPlane pinned_plane = RgbaPlane::Filled(6, 6, 0x123456FF);
  const RgbaPlane decoded_plane = *ParseRgba(SerializeRgba(pinned_plane));

  using ::testing::Contains;
  using ::testing::Pair;
  EXPECT_THAT(frame.rasters, Contains(vtsnap::RasterSliceIs(1, {2, 1}, {4, 1}, {12, 6},
                                                            vtsnap::RasterHash(slice))));
  EXPECT_THAT(frame, vtsnap::HasRaster(
                         vtsnap::RasterSliceIs(1, Pair(2, 1), {4, 1}, {12, 6}, ::testing::_)));
  EXPECT_THAT(decoded_plane,
              vtsnap::PlaneEquals(pinned_plane, {.cell_width = 3, .cell_height = 6}));

  EXPECT_EQ(
      Explain(HasRaster(RasterSliceIs(1, {3, 1}, {4, 1}, {12, 6}, "754c001720d2ed03")), frame),
      "the raster record with id 1: id 1 matches; anchor is (2, 1), expected (3, 1); span "
      "(4, 1) matches; pixels (12, 6) match; hash is \"dfec44f68d430c2d\", expected "
      "\"754c001720d2ed03\"");
}

}  // namespace
}  // namespace vtsnap
