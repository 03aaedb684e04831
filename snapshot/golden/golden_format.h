// A golden format: what one kind of golden file is, as the golden core (golden_check.h) needs it.
//
// vtsnap keeps five kinds of golden, each a GoldenFormat (golden_formats.h): the screen dump
// (`.dump`, and `.scene` for a composed frame with its raster records), the semantic projection
// (`.semantic`), the RGBA plane (`.rgba`) and one frame file of a pito-tui capture folder
// (`.capture/SCENARIO/COLSxROWS`). A format says six things and nothing else: its names (the file
// extension and the words of a failure's message), how its bytes are read (errors name
// PATH:LINE:COL), how a value is written (the canonical bytes: a golden holding the actual value's
// bytes passes without being read), how two values compare by meaning (what a person can see),
// how the differences read in a failure's message, and how the two values are drawn in the HTML
// report (report.h ReportScreens). CheckGolden does the rest (claims, updates, .actual files,
// the report, the inventory) the same way for every format, so a new kind of golden is one new
// format and no change to the core or to a matcher.
//
//   const vtsnap::DumpFormat format;  // golden_formats.h
//   vtsnap::GoldenResult result = vtsnap::CheckGolden(
//       format, *vtsnap::CaptureFrame(vt),
//       {.where = vtsnap::LocateGolden("/src/test/menu_test.cc", "", "home",
//                                      format.Names().extension),
//        .claimant = "Menu.Home"});
//   if (!result.passed) std::cerr << result.message;  // "the screen differs from the golden ..."
//
// The interface is a class template over the value and its differences (docs/decisions.md,
// "One golden engine"): each format keeps its own typed value (a Frame, an RgbaPlane, ...), and
// the engine stays one compiled function taking the golden's bytes through GoldenInput's
// `compare` and `report_screens`, which CheckGolden(format, ...) builds from the format.
#ifndef VTSNAP_SNAPSHOT_GOLDEN_GOLDEN_FORMAT_H_
#define VTSNAP_SNAPSHOT_GOLDEN_GOLDEN_FORMAT_H_

#include <concepts>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "vtsnap/snapshot/golden/golden_check.h"

namespace vtsnap {

// The words a format's golden is named by.
struct GoldenFormatNames {
  std::string extension;  // the golden file's extension: ".dump" ("" for a capture's frame file)
  std::string format;     // "the golden is not a valid <format>": "ckvision-golden 1 dump"
  std::string what;       // "the <what> differs from the golden": "screen"
  std::string kind;       // "actual <kind> written to PATH": "dump"
};

// One kind of golden file. `Value` is what a test produces (a Frame, an RgbaPlane, ...);
// `Differences` what Compare finds between two of them, empty (`empty()`) when they mean the same.
template <typename V, typename D>
class GoldenFormat {
 public:
  using Value = V;
  using Differences = D;
  virtual ~GoldenFormat() = default;

  virtual GoldenFormatNames Names() const = 0;
  // The value a golden's bytes hold, or an InvalidArgumentError "PATH:LINE:COL: message"
  // ("LINE:COL: message" for an empty `path`; the RGBA plane says "line L, column C" or
  // "byte N", its established wording).
  virtual absl::StatusOr<Value> Read(absl::string_view bytes, absl::string_view path) const = 0;
  // The canonical bytes of `value` (Read(Write(v)) == v), or why it has none.
  virtual absl::StatusOr<std::string> Write(const Value& value) const = 0;
  // What differs between the two values as a person sees them (a style nobody can see on a blank
  // cell of a screen does not count); empty when they mean the same.
  virtual Differences Compare(const Value& expected, const Value& actual) const = 0;
  // The differences as a failure's message prints them (lines ending in '\n').
  virtual std::string Explain(const Value& expected, const Value& actual,
                              const Differences& differences) const = 0;
  // The entry's screens in the HTML report: `expected` (nullptr when there is no readable golden)
  // and `actual` side by side; "" for a format without screens (the entry shows the message).
  virtual std::string Draw(const Value* expected, const Value& actual) const = 0;
};

// A type implementing GoldenFormat<Value, Differences> for its own Value and Differences, whose
// differences say whether there are any.
template <typename F>
concept GoldenFormatType =
    std::derived_from<F, GoldenFormat<typename F::Value, typename F::Differences>> &&
    std::copy_constructible<F> && requires(const typename F::Differences& differences) {
  { differences.empty() } -> std::convertible_to<bool>;
};

// The golden's bytes read by `format`, without a path: "LINE:COL: message" (CheckGolden puts the
// path first).
template <GoldenFormatType F>
absl::StatusOr<typename F::Value> ReadWithoutPath(const F& format, const std::string& bytes) {
  return format.Read(bytes, "");
}

// GoldenInput::compare built from a format: the golden read and compared by meaning with
// `actual()` (asked only then), "" when they mean the same, else Explain. `last`, when given,
// receives the differences found (a capture lists them per frame).
template <GoldenFormatType F>
std::function<absl::StatusOr<std::string>(const std::string&)> CompareByFormat(
    F format, std::function<typename F::Value()> actual,
    std::shared_ptr<typename F::Differences> last = nullptr) {
  return [format = std::move(format), actual = std::move(actual),
          last = std::move(last)](const std::string& golden) -> absl::StatusOr<std::string> {
    absl::StatusOr<typename F::Value> expected = ReadWithoutPath(format, golden);
    if (!expected.ok()) return expected.status();
    const typename F::Value value = actual();
    typename F::Differences differences = format.Compare(*expected, value);
    std::string text =
        differences.empty() ? std::string() : format.Explain(*expected, value, differences);
    if (last != nullptr) *last = std::move(differences);
    return text;
  };
}

// GoldenInput::report_screens built from a format: the golden read (when it can be) and
// `actual()` drawn side by side.
template <GoldenFormatType F>
std::function<std::string(const std::string*)> DrawByFormat(
    F format, std::function<typename F::Value()> actual) {
  return [format = std::move(format), actual = std::move(actual)](const std::string* golden) {
    std::optional<typename F::Value> expected;
    if (golden != nullptr) {
      absl::StatusOr<typename F::Value> read = ReadWithoutPath(format, *golden);
      if (read.ok()) expected = *std::move(read);
    }
    return format.Draw(expected.has_value() ? &*expected : nullptr, actual());
  };
}

// `input` made a check of `format`: its names, and `compare` and `report_screens` from the
// format, which ask `actual()` only when the golden's bytes differ. `input.actual` stays as the
// caller set it: the value's canonical bytes, from Write or a writer of the same bytes that needs
// no value (SerializeScreen writes a live screen's dump without capturing a Frame). A matcher
// takes this, then locates the golden and runs CheckGolden(input).
template <GoldenFormatType F>
GoldenInput WithFormat(const F& format, std::function<typename F::Value()> actual,
                       GoldenInput input) {
  GoldenFormatNames names = format.Names();
  input.format = std::move(names.format);
  input.what = std::move(names.what);
  input.kind = std::move(names.kind);
  input.compare = CompareByFormat(format, actual);
  input.report_screens = DrawByFormat(format, actual);
  return input;
}

// CheckGolden of `actual`, a value of `format`: its canonical bytes (Write) against the golden's,
// compared by meaning when they differ, with everything else as CheckGolden(GoldenInput) does.
// `input` gives where, who and how (its format, what, kind, actual, compare and report_screens
// are the format's).
template <GoldenFormatType F>
GoldenResult CheckGolden(const F& format, const typename F::Value& actual, GoldenInput input) {
  input.actual = format.Write(actual);
  return CheckGolden(WithFormat(
      format, [&actual]() -> const typename F::Value& { return actual; }, std::move(input)));
}

}  // namespace vtsnap

#endif  // VTSNAP_SNAPSHOT_GOLDEN_GOLDEN_FORMAT_H_
