// Every golden matcher (EqualsGolden, EqualsSemanticGolden, EqualsRgbaGolden, EqualsCaptureGolden)
// is one template, BasicGoldenMatcher (matchers/golden_matcher.h), and a golden matcher under
// testing::Not never writes a golden or an .actual file, even in update mode: called qualified,
// through `using ::testing::Not`, and nested in AllOf.
//
// This binary runs in update mode: UPDATE_GOLDENS is set before any golden is checked (the mode is
// read once, at the first check), to "force" so that CI=true does not refuse it. Its default golden
// root (VTSNAP_GOLDEN_ROOT) is a temporary folder, so nothing is written into the source tree; a
// test that looks at what was written gives its matchers a folder of its own. The usage examples of
// the four matchers' headers run here too.
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/headless_terminal.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/matchers/capture_golden.h"
#include "vtsnap/matchers/golden.h"
#include "vtsnap/matchers/golden_matcher.h"
#include "vtsnap/matchers/plane.h"
#include "vtsnap/matchers/semantic_golden.h"
#include "vtsnap/snapshot/formats/pito_frame.h"
#include "vtsnap/snapshot/golden/pito_recorder.h"
#include "vtsnap/snapshot/screen/rgba.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;
using ::testing::IsEmpty;

// UPDATE_GOLDENS=force and a temporary VTSNAP_GOLDEN_ROOT (removed at exit), before main. Under
// `bazel test` an update mode stops the run (its goldens are runfiles), so TEST_TARGET is dropped:
// every golden here lives in a temporary folder.
const std::string& ProcessRoot() {
  static const std::string* const root = [] {
    std::string dir = (fs::temp_directory_path() / "vtsnap-negation.XXXXXX").string();
    if (mkdtemp(dir.data()) == nullptr) std::abort();
    setenv("UPDATE_GOLDENS", "force", 1);
    setenv("VTSNAP_GOLDEN_ROOT", dir.c_str(), 1);
    unsetenv("TEST_TARGET");
    std::atexit([] {
      std::error_code ec;
      fs::remove_all(ProcessRoot(), ec);
    });
    return new std::string(dir);
  }();
  return *root;
}
[[maybe_unused]] const std::string& kProcessRoot = ProcessRoot();

// The four matchers are one template: each Equals...Golden returns a BasicGoldenMatcher of its
// kind, its ReadOnly() copy is the same template, and Not of a matcher is Not of its read-only
// copy.
template <typename M>
constexpr bool kIsWritableGoldenMatcher = WritableGoldenMatcher<M>;
template <typename Kind, typename M>
constexpr bool kOneTemplate =
    std::is_same_v<M, BasicGoldenMatcher<Kind>>&& IsGoldenMatcher<M>::value&&
        kIsWritableGoldenMatcher<M>&& std::is_same_v<
            decltype(std::declval<M>().ReadOnly()), BasicGoldenMatcher<Kind, /*kReadOnly=*/true>> &&
    !kIsWritableGoldenMatcher<BasicGoldenMatcher<Kind, true>> &&
    std::is_same_v<decltype(::testing::Not(std::declval<M>())),
                   decltype(::testing::Not(std::declval<M>().ReadOnly()))>;
static_assert(kOneTemplate<golden_kind::Screen, decltype(EqualsGolden(""))>);
static_assert(kOneTemplate<golden_kind::Semantic, decltype(EqualsSemanticGolden(""))>);
static_assert(kOneTemplate<golden_kind::Rgba, decltype(EqualsRgbaGolden(""))>);
static_assert(kOneTemplate<golden_kind::Capture, decltype(EqualsCaptureGolden(""))>);
static_assert(std::is_same_v<GoldenMatcher, BasicGoldenMatcher<golden_kind::Screen>>);
static_assert(std::is_same_v<SemanticGoldenMatcher, BasicGoldenMatcher<golden_kind::Semantic>>);
static_assert(std::is_same_v<RgbaGoldenMatcher, BasicGoldenMatcher<golden_kind::Rgba>>);
static_assert(std::is_same_v<CaptureGoldenMatcher, BasicGoldenMatcher<golden_kind::Capture>>);
static_assert(!IsGoldenMatcher<decltype(::testing::Not(EqualsGolden("")))>::value);
static_assert(!IsGoldenMatcher<decltype(::testing::HasSubstr(""))>::value);

// One golden kind as the tests below use it: the value it checks, made from a text, and its
// matcher with a golden root.
struct ScreenCase {
  using Value = VirtualTerminal;
  static std::unique_ptr<Value> Make(const std::string& text) {
    auto vt = std::make_unique<VirtualTerminal>(TerminalOptions{.cols = 10, .rows = 2});
    vt->Write(text);
    return vt;
  }
  static GoldenMatcher Golden(const std::string& name, const std::string& root) {
    return EqualsGolden(name, {.root = root});
  }
};

struct SemanticCase : ScreenCase {
  static SemanticGoldenMatcher Golden(const std::string& name, const std::string& root) {
    return EqualsSemanticGolden(name, {.root = root});
  }
};

struct RgbaCase {
  using Value = RgbaPlane;
  static std::unique_ptr<Value> Make(const std::string& text) {
    return std::make_unique<RgbaPlane>(
        RgbaPlane::Filled(static_cast<int>(text.size()), 2, 0x336699ff));
  }
  static RgbaGoldenMatcher Golden(const std::string& name, const std::string& root) {
    return EqualsRgbaGolden(name, {.root = root});
  }
};

struct CaptureCase {
  using Value = pito::Recorder;
  static std::unique_ptr<Value> Make(const std::string& text) {
    absl::StatusOr<pito::Recorder> recorder =
        pito::Recorder::InMemory({TerminalSize{.cols = 10, .rows = 2}});
    EXPECT_TRUE(recorder.ok()) << recorder.status();
    const absl::Status s = recorder->RecordScreen(0, "Home", [&text](TerminalSize size) {
      VirtualTerminal vt({.cols = size.cols, .rows = size.rows});
      vt.Write(text);
      return pito::FrameFromScreen(vt);
    });
    EXPECT_TRUE(s.ok()) << s;
    return std::make_unique<pito::Recorder>(*std::move(recorder));
  }
  static CaptureGoldenMatcher Golden(const std::string& name, const std::string& root) {
    return EqualsCaptureGolden(name, {.root = root});
  }
};

template <typename Case>
class GoldenNegationTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string dir = (fs::temp_directory_path() / "vtsnap-negation-case.XXXXXX").string();
    ASSERT_NE(mkdtemp(dir.data()), nullptr);
    root_ = dir;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  // Every file and folder under the root, with its bytes ("" for a folder).
  std::vector<std::string> Tree() const {
    std::vector<std::string> out;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(root_)) {
      std::ostringstream bytes;
      if (e.is_regular_file()) bytes << std::ifstream(e.path(), std::ios::binary).rdbuf();
      out.push_back(e.path().string() + "\n" + bytes.str());
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  std::string root_;
};

using Cases = ::testing::Types<ScreenCase, SemanticCase, RgbaCase, CaptureCase>;
class CaseNames {
 public:
  template <typename T>
  static std::string GetName(int) {
    if (std::is_same_v<T, ScreenCase>) return "EqualsGolden";
    if (std::is_same_v<T, SemanticCase>) return "EqualsSemanticGolden";
    if (std::is_same_v<T, RgbaCase>) return "EqualsRgbaGolden";
    return "EqualsCaptureGolden";
  }
};
TYPED_TEST_SUITE(GoldenNegationTest, Cases, CaseNames);

// The control: this binary is in update mode, so the same matcher without Not writes.
TYPED_TEST(GoldenNegationTest, WithoutNotAMissingGoldenIsWritten) {
  const auto value = TypeParam::Make("hello");
  EXPECT_THAT(*value, TypeParam::Golden("written", this->root_));
  EXPECT_THAT(this->Tree(), ::testing::Not(IsEmpty()));
}

TYPED_TEST(GoldenNegationTest, QualifiedNotOfAMissingGoldenPassesAndWritesNothing) {
  const auto value = TypeParam::Make("hello");
  EXPECT_THAT(*value, ::testing::Not(TypeParam::Golden("never", this->root_)));
  EXPECT_THAT(this->Tree(), IsEmpty());
}

TYPED_TEST(GoldenNegationTest, NotThroughAUsingDeclarationWritesNothing) {
  using ::testing::Not;
  const auto value = TypeParam::Make("hello");
  EXPECT_THAT(*value, Not(TypeParam::Golden("never", this->root_)));
  EXPECT_THAT(*value, Not(Not(Not(TypeParam::Golden("never", this->root_)))));
  EXPECT_THAT(*value, ::testing::AllOf(Not(TypeParam::Golden("never", this->root_)),
                                       ::testing::A<const typename TypeParam::Value&>()));
  EXPECT_THAT(this->Tree(), IsEmpty());
}

TYPED_TEST(GoldenNegationTest, NotOfADifferentGoldenPassesAndLeavesItAsItWas) {
  const auto other = TypeParam::Make("another one");
  EXPECT_THAT(*other, TypeParam::Golden("golden", this->root_));  // written: update mode
  const std::vector<std::string> before = this->Tree();
  ASSERT_THAT(before, ::testing::Not(IsEmpty()));
  const auto value = TypeParam::Make("hello");
  EXPECT_THAT(*value, ::testing::Not(TypeParam::Golden("golden", this->root_)));
  EXPECT_EQ(this->Tree(), before);  // neither rewritten nor an .actual beside it
}

TYPED_TEST(GoldenNegationTest, NotDescribesTheNegation) {
  std::ostringstream plain;
  std::ostringstream negated;
  TypeParam::Golden("home", this->root_).DescribeTo(&plain);
  TypeParam::Golden("home", this->root_).DescribeNegationTo(&negated);
  using Subject = const typename TypeParam::Value&;
  EXPECT_EQ(::testing::DescribeMatcher<Subject>(::testing::Not(TypeParam::Golden("home", ""))),
            negated.str());
  EXPECT_EQ(::testing::DescribeMatcher<Subject>(::testing::Not(TypeParam::Golden("home", "")),
                                                /*negation=*/true),
            plain.str());
}

// The usage example of matchers/golden_matcher.h, kept alive (its goldens in the process root).
TEST(GoldenMatcherTest, HeaderExample) {
  VirtualTerminal vt({.cols = 20, .rows = 2});
  vt.Write("home");
  EXPECT_THAT(vt, EqualsGolden("home"));  // update mode: written, then checked below
  // The example:
  static_assert(std::is_same_v<vtsnap::GoldenMatcher,
                               vtsnap::BasicGoldenMatcher<vtsnap::golden_kind::Screen>>);
  EXPECT_THAT(vt, vtsnap::EqualsGolden("home").ReadOnly());         // checks, never updates
  EXPECT_THAT(vt, testing::Not(vtsnap::EqualsGolden("settings")));  // reads, never writes
  EXPECT_FALSE(fs::exists(ProcessRoot() + "/goldens/golden_negation_test/settings.dump"));
  EXPECT_TRUE(fs::exists(ProcessRoot() + "/goldens/golden_negation_test/home.dump"));
}

// The usage examples of golden.h, semantic_golden.h, plane.h and capture_golden.h, kept alive:
// in this binary's update mode each writes its golden where the header says, in the process
// root's golden folder of this file.
std::string ExampleGolden(const std::string& file) {
  return ProcessRoot() + "/goldens/golden_negation_test/" + file;
}

TEST(GoldenHeaderExamples, EqualsGolden) {
  const std::string app_output = "\x1b[1mFile\x1b[m Edit";
  vtsnap::VirtualTerminal vt({.cols = 80, .rows = 24});
  vt.Write(app_output);
  EXPECT_THAT(vt, vtsnap::EqualsGolden("home_example"));
  EXPECT_TRUE(fs::is_regular_file(ExampleGolden("home_example.dump")));
}

TEST(GoldenHeaderExamples, EqualsSemanticGolden) {
  const std::string app_output = "you: hi\r\nbot: hello";
  vtsnap::VirtualTerminal vt({.cols = 80, .rows = 24});
  vt.Write(app_output);
  EXPECT_THAT(vt, vtsnap::EqualsSemanticGolden("transcript",
                                               {.capture = vtsnap::SemanticCapture::kBuffer}));
  EXPECT_TRUE(fs::is_regular_file(ExampleGolden("transcript.semantic")));
}

TEST(GoldenHeaderExamples, EqualsRgbaGolden) {
  vtsnap::HeadlessTerminal term(vtsnap::HeadlessProfile::PresenterSixel(20, 4));
  term.Write("\x1bPq#0;2;0;0;100#0~\x1b\\");  // what app.Step() draws
  EXPECT_THAT(term, vtsnap::EqualsRgbaGolden("picture"));
  EXPECT_TRUE(fs::is_regular_file(ExampleGolden("picture.rgba")));
}

TEST(GoldenHeaderExamples, EqualsCaptureGolden) {
  const pito::RenderAtSize draw_home = [](TerminalSize size) {
    VirtualTerminal vt({.cols = size.cols, .rows = size.rows});
    vt.Write("Home");
    return pito::FrameFromScreen(vt);
  };
  absl::StatusOr<vtsnap::pito::Recorder> recorder = vtsnap::pito::Recorder::InMemory();
  ASSERT_TRUE(recorder.ok());
  ASSERT_TRUE(recorder->RecordScreen(0, "Home", draw_home).ok());
  EXPECT_THAT(*recorder, vtsnap::EqualsCaptureGolden("walk"));
  for (const char* size : {"40x12", "80x24", "120x34", "200x60"}) {
    EXPECT_TRUE(fs::is_regular_file(ExampleGolden("walk.capture/00-home/") + size)) << size;
  }
}

}  // namespace
}  // namespace vtsnap
