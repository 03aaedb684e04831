#include "vtsnap/matchers/raster.h"

#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "vtsnap/snapshot/screen/frame.h"
#include "vtsnap/snapshot/screen/frame_text.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace vtsnap {
namespace {

// How many records a failed "any record" search explains.
constexpr size_t kMaxExplainedRecords = 10;

template <typename T>
std::string Describe(const ::testing::Matcher<const T&>& matcher) {
  std::ostringstream os;
  matcher.DescribeTo(&os);
  return os.str();
}

// "anchor (2, 1)" for a plain value, "anchor that has a first field ..." for a matcher.
template <typename T>
std::string DescribeField(absl::string_view name, const raster_internal::Arg<T>& arg) {
  if (arg.value().has_value()) {
    return absl::StrCat(name, " ", ::testing::PrintToString(*arg.value()));
  }
  return absl::StrCat(name, " that ", Describe(arg.matcher()));
}

// One field's verdict: "id 1 matches", or "anchor is (2, 1), expected (3, 1)", or "id is 0,
// expected one that is > 0" for a matcher argument (with the matcher's own explanation after it,
// in parentheses, when it has one). `plural` names a field read as a plural ("pixels").
template <typename T>
bool MatchField(absl::string_view name, bool plural, const raster_internal::Arg<T>& arg,
                const T& actual, std::vector<std::string>* verdicts) {
  ::testing::StringMatchResultListener listener;
  const bool ok = arg.matcher().MatchAndExplain(actual, &listener);
  if (verdicts == nullptr) return ok;
  const std::string printed = ::testing::PrintToString(actual);
  if (ok) {
    verdicts->push_back(absl::StrCat(name, " ", printed, plural ? " match" : " matches"));
    return ok;
  }
  std::string verdict = absl::StrCat(name, plural ? " are " : " is ", printed, ", expected ");
  if (arg.value().has_value()) {
    absl::StrAppend(&verdict, ::testing::PrintToString(*arg.value()));
  } else {
    absl::StrAppend(&verdict, "one that ", Describe(arg.matcher()));
    if (!listener.str().empty()) absl::StrAppend(&verdict, " (", listener.str(), ")");
  }
  verdicts->push_back(std::move(verdict));
  return ok;
}

std::string RecordLine(const RasterRecord& record) { return golden::FormatRasterLine(record); }

class HasRasterMatcher : public ::testing::MatcherInterface<const ScreenView&> {
 public:
  // `slice` set: a RasterSliceIs (looked up by id when its id is plain); else `record`.
  HasRasterMatcher(std::optional<RasterSliceMatcher> slice,
                   ::testing::Matcher<const RasterRecord&> record)
      : slice_(std::move(slice)), record_(std::move(record)) {}

  bool MatchAndExplain(const ScreenView& screen,
                       ::testing::MatchResultListener* listener) const override {
    if (!screen.readable()) {
      *listener << screen.status().message();
      return false;
    }
    const Frame& frame = screen.frame();
    if (slice_.has_value() && slice_->plain_id().has_value()) {
      return MatchById(frame, *slice_->plain_id(), listener);
    }
    if (frame.rasters.empty()) {
      *listener << "the frame has no raster records";
      return false;
    }
    std::vector<std::string> explained;
    for (const RasterRecord& record : frame.rasters) {
      std::string why;
      if (Match(record, &why)) {
        *listener << "raster record " << record.id << " matches";
        return true;
      }
      if (explained.size() < kMaxExplainedRecords) {
        explained.push_back(absl::StrCat("  ", RecordLine(record), why.empty() ? "" : ": ", why));
      }
    }
    *listener << "no raster record matches; the frame has " << frame.rasters.size() << ":\n"
              << absl::StrJoin(explained, "\n");
    if (frame.rasters.size() > explained.size()) {
      *listener << "\n  ... and " << frame.rasters.size() - explained.size() << " more";
    }
    return false;
  }

  void DescribeTo(std::ostream* os) const override {
    if (slice_.has_value()) {
      *os << "has a raster record with " << slice_->DescribeFields();
    } else {
      *os << "has a raster record that ";
      record_.DescribeTo(os);
    }
  }
  void DescribeNegationTo(std::ostream* os) const override {
    if (slice_.has_value()) {
      *os << "has no raster record with " << slice_->DescribeFields();
    } else {
      *os << "has no raster record that ";
      record_.DescribeTo(os);
    }
  }

 private:
  bool Match(const RasterRecord& record, std::string* why) const {
    if (slice_.has_value()) return slice_->MatchRecord(record, why);
    ::testing::StringMatchResultListener listener;
    const bool ok = record_.MatchAndExplain(record, &listener);
    *why = listener.str();
    return ok;
  }

  bool MatchById(const Frame& frame, int id, ::testing::MatchResultListener* listener) const {
    for (const RasterRecord& record : frame.rasters) {
      if (record.id != id) continue;
      std::string why;
      const bool ok = slice_->MatchRecord(record, &why);
      *listener << "the raster record with id " << id << ": " << why;
      return ok;
    }
    *listener << "no raster record with id " << id;
    if (frame.rasters.empty()) {
      *listener << "; the frame has none";
    } else {
      std::vector<int> ids;
      for (const RasterRecord& record : frame.rasters) ids.push_back(record.id);
      *listener << "; the frame has " << (ids.size() == 1 ? "id " : "ids ")
                << absl::StrJoin(ids, ", ");
    }
    return false;
  }

  std::optional<RasterSliceMatcher> slice_;
  ::testing::Matcher<const RasterRecord&> record_;
};

class PlaneEqualsMatcher : public ::testing::MatcherInterface<const RgbaPlane&> {
 public:
  PlaneEqualsMatcher(RgbaPlane expected, PlaneDiffOptions options)
      : expected_(std::move(expected)), options_(options) {}

  bool MatchAndExplain(const RgbaPlane& actual,
                       ::testing::MatchResultListener* listener) const override {
    const PlaneDiff diff = ComparePlanes(expected_, actual);
    if (diff.empty()) return true;
    std::string report = RenderPlaneDiff(diff, options_);
    if (!report.empty() && report.back() == '\n') report.pop_back();
    *listener << report;
    return false;
  }
  void DescribeTo(std::ostream* os) const override {
    *os << "equals the ";
    PrintTo(expected_, os);
  }
  void DescribeNegationTo(std::ostream* os) const override {
    *os << "differs from the ";
    PrintTo(expected_, os);
  }

 private:
  RgbaPlane expected_;
  PlaneDiffOptions options_;
};

}  // namespace

void PrintTo(const RasterRecord& record, std::ostream* os) { *os << RecordLine(record); }

RasterSliceMatcher::RasterSliceMatcher(raster_internal::Arg<int> id,
                                       raster_internal::Arg<raster_internal::IntPair> anchor,
                                       raster_internal::Arg<raster_internal::IntPair> span,
                                       raster_internal::Arg<raster_internal::IntPair> pixels,
                                       raster_internal::Arg<std::string> hash)
    : fields_(std::make_shared<const Fields>(Fields{
          std::move(id), std::move(anchor), std::move(span), std::move(pixels), std::move(hash)})) {
}

bool RasterSliceMatcher::MatchRecord(const RasterRecord& record, std::string* explanation) const {
  std::vector<std::string> verdicts;
  std::vector<std::string>* out = explanation == nullptr ? nullptr : &verdicts;
  const Fields& f = *fields_;
  bool ok = MatchField("id", false, f.id, record.id, out);
  ok = MatchField("anchor", false, f.anchor, raster_internal::IntPair(record.col, record.row),
                  out) &&
       ok;
  ok = MatchField("span", false, f.span, raster_internal::IntPair(record.cols, record.rows), out) &&
       ok;
  ok = MatchField("pixels", true, f.pixels,
                  raster_internal::IntPair(record.pixel_width, record.pixel_height), out) &&
       ok;
  ok = MatchField("hash", false, f.hash, record.hash, out) && ok;
  if (explanation != nullptr)
    *explanation = ok ? "every field matches" : absl::StrJoin(verdicts, "; ");
  return ok;
}

std::string RasterSliceMatcher::DescribeFields() const {
  const Fields& f = *fields_;
  return absl::StrCat(DescribeField("id", f.id), ", ", DescribeField("anchor", f.anchor), ", ",
                      DescribeField("span", f.span), ", ", DescribeField("pixels", f.pixels),
                      " and ", DescribeField("hash", f.hash));
}

void RasterSliceMatcher::DescribeTo(std::ostream* os) const {
  *os << "is a raster record with " << DescribeFields();
}

void RasterSliceMatcher::DescribeNegationTo(std::ostream* os) const {
  *os << "isn't a raster record with " << DescribeFields();
}

RasterSliceMatcher RasterSliceIs(raster_internal::Arg<int> id,
                                 raster_internal::Arg<raster_internal::IntPair> anchor,
                                 raster_internal::Arg<raster_internal::IntPair> span,
                                 raster_internal::Arg<raster_internal::IntPair> pixels,
                                 raster_internal::Arg<std::string> hash) {
  return RasterSliceMatcher(std::move(id), std::move(anchor), std::move(span), std::move(pixels),
                            std::move(hash));
}

::testing::Matcher<const ScreenView&> HasRaster(RasterSliceMatcher slice) {
  ::testing::Matcher<const RasterRecord&> record = slice;
  return ::testing::Matcher<const ScreenView&>(
      new HasRasterMatcher(std::move(slice), std::move(record)));
}

::testing::Matcher<const ScreenView&> HasRaster(::testing::Matcher<const RasterRecord&> record) {
  return ::testing::Matcher<const ScreenView&>(
      new HasRasterMatcher(std::nullopt, std::move(record)));
}

::testing::Matcher<const RgbaPlane&> PlaneEquals(RgbaPlane expected, PlaneDiffOptions options) {
  return ::testing::Matcher<const RgbaPlane&>(new PlaneEqualsMatcher(std::move(expected), options));
}

}  // namespace vtsnap
