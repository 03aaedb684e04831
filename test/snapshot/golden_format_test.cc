// The golden formats (snapshot/golden/golden_format.h, snapshot/golden/golden_formats.h): each of
// the five kinds of golden through the one interface (a read error naming PATH:LINE:COL, the
// canonical bytes written back, the comparison by meaning, the failure's text, the report's
// screens), and a sixth format defined here, in the test alone, checked end to end by CheckGolden:
// a new format needs no change to the core. Also keeps the headers' examples alive.
#include "vtsnap/snapshot/golden/golden_format.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/snapshot/formats/rgba_file.h"
#include "vtsnap/snapshot/formats/screen_dump.h"
#include "vtsnap/snapshot/golden/golden_check_internal.h"
#include "vtsnap/snapshot/golden/golden_formats.h"
#include "vtsnap/snapshot/screen/capture.h"

namespace vtsnap {
namespace {

namespace fs = std::filesystem;

using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::StartsWith;

// One format behind plain functions of bytes, so one table covers formats of different values.
struct Erased {
  GoldenFormatNames names;
  std::function<absl::Status(const std::string& bytes, const std::string& path)> read;
  // Write(Read(bytes)).
  std::function<absl::StatusOr<std::string>(const std::string& bytes)> rewrite;
  // Explain(Compare(Read(a), Read(b))), "" when Compare finds them the same.
  std::function<absl::StatusOr<std::string>(const std::string& a, const std::string& b)> explain;
  // Draw(Read(a), Read(b)), without an expected value when `a` is null.
  std::function<std::string(const std::string* a, const std::string& b)> draw;
};

template <GoldenFormatType F>
Erased Erase(F format) {
  Erased e;
  e.names = format.Names();
  e.read = [format](const std::string& bytes, const std::string& path) {
    return format.Read(bytes, path).status();
  };
  e.rewrite = [format](const std::string& bytes) -> absl::StatusOr<std::string> {
    absl::StatusOr<typename F::Value> value = format.Read(bytes, "");
    if (!value.ok()) return value.status();
    return format.Write(*value);
  };
  e.explain = [format](const std::string& a, const std::string& b) -> absl::StatusOr<std::string> {
    absl::StatusOr<typename F::Value> x = format.Read(a, "");
    absl::StatusOr<typename F::Value> y = format.Read(b, "");
    if (!x.ok()) return x.status();
    if (!y.ok()) return y.status();
    const typename F::Differences d = format.Compare(*x, *y);
    return d.empty() ? std::string() : format.Explain(*x, *y, d);
  };
  e.draw = [format](const std::string* a, const std::string& b) {
    const typename F::Value y = *format.Read(b, "");
    if (a == nullptr) return format.Draw(nullptr, y);
    const typename F::Value x = *format.Read(*a, "");
    return format.Draw(&x, y);
  };
  return e;
}

struct FormatCase {
  std::string name;
  std::function<Erased()> format;
  std::string extension;
  std::string canonical;       // a canonical file
  std::string unreadable;      // bytes that do not read
  std::string read_error;      // the message of reading `unreadable` at "g/x": a regex
  std::string invisible = {};  // `canonical` changed where nobody sees ("": every change counts)
  std::string visible;         // another value
  std::string explained;       // how the format's own comparison says `canonical` -> `visible`
  bool draws = false;          // the report shows screens
};

void PrintTo(const FormatCase& c, std::ostream* os) { *os << c.name; }

// A terminal's dump, screen and projection after `bytes`.
std::string Dump(absl::string_view bytes) {
  VirtualTerminal vt({.cols = 6, .rows = 1});
  vt.Write(bytes);
  return *SerializeScreen(vt);
}
Frame FrameOf(absl::string_view bytes) {
  VirtualTerminal vt({.cols = 6, .rows = 1});
  vt.Write(bytes);
  return *CaptureFrame(vt);
}
SemanticSnapshot SemanticOf(absl::string_view bytes) {
  VirtualTerminal vt({.cols = 6, .rows = 1});
  vt.Write(bytes);
  return CaptureSemantic(vt.terminal());
}

constexpr char kHi[] = "pito-tui frame 1\n2 1\nh\ti\n1 #5B8CFF Reset 1\t1 Reset Reset 0\n";
constexpr char kHo[] = "pito-tui frame 1\n2 1\nh\to\n1 #5B8CFF Reset 1\t1 Reset Reset 0\n";

std::vector<FormatCase> Cases() {
  const std::string hi_dump = Dump("Hi");
  // Bold on a blank cell: the stylemap differs, the screen does not.
  const std::string bold_blank = Dump("Hi\x1b[1m \x1b[m\b");
  const std::string dump_diff = RenderDiff(Compare(FrameOf("Hi"), FrameOf("Ho")));
  const RgbaPlane red = RgbaPlane::Filled(2, 1, 0xff0000ff);
  const RgbaPlane green = RgbaPlane::Filled(2, 1, 0x00ff00ff);
  pito::Capture hi, ho;
  hi.scenarios["home"].emplace(TerminalSize{2, 1}, *pito::ParseFrame(kHi, ""));
  ho.scenarios["home"].emplace(TerminalSize{2, 1}, *pito::ParseFrame(kHo, ""));
  return {
      {.name = "Dump",
       .format = [] { return Erase(DumpFormat()); },
       .extension = ".dump",
       .canonical = hi_dump,
       .unreadable = "ckvision-golden 1\nframe x 1\n",
       .read_error = R"(g/x:2:7: .*)",
       .invisible = bold_blank,
       .visible = Dump("Ho"),
       .explained = dump_diff,
       .draws = true},
      {.name = "Scene",
       .format = [] { return Erase(DumpFormat(".scene")); },
       .extension = ".scene",
       .canonical = hi_dump,
       .unreadable = "ckvision-golden 1\nframe x 1\n",
       .read_error = R"(g/x:2:7: .*)",
       .invisible = bold_blank,
       .visible = Dump("Ho"),
       .explained = dump_diff,
       .draws = true},
      {.name = "Semantic",
       .format = [] { return Erase(SemanticFormat()); },
       .extension = ".semantic",
       .canonical = SerializeSemantic(SemanticOf("Hi")),
       .unreadable = "vtsnap-semantic 1\ncapture all\n",
       .read_error = R"(g/x:2:9: .*)",
       .visible = SerializeSemantic(SemanticOf("Ho")),
       .explained = DiffSemantic(SemanticOf("Hi"), SemanticOf("Ho"))},
      {.name = "Rgba",
       .format = [] { return Erase(RgbaFormat()); },
       .extension = ".rgba",
       .canonical = SerializeRgba(red),
       .unreadable = "ckvision-rgba 2\n1 1\n",
       .read_error = R"(g/x:line 1, column 1: .*)",
       .visible = SerializeRgba(green),
       .explained = RenderPlaneDiff(ComparePlanes(red, green))},
      {.name = "CaptureFrame",
       .format = [] { return Erase(pito::CaptureFrameFormat("home", {.cols = 2, .rows = 1})); },
       .extension = "",
       .canonical = kHi,
       .unreadable = "pito-tui frame 1\n1 1\nh\n1 Reset Reset 0\n",
       .read_error = R"(g/x:2:1: the frame is 1x1, but its file name says 2x1)",
       .visible = kHo,
       .explained = pito::Compare(hi, ho).Text(),
       .draws = true},
  };
}

class GoldenFormatTest : public ::testing::TestWithParam<FormatCase> {};

TEST_P(GoldenFormatTest, NamesItsExtension) {
  EXPECT_EQ(GetParam().format().names.extension, GetParam().extension);
}

TEST_P(GoldenFormatTest, ReadErrorNamesPathLineAndColumn) {
  const Erased format = GetParam().format();
  const absl::Status at_path = format.read(GetParam().unreadable, "g/x");
  ASSERT_FALSE(at_path.ok());
  EXPECT_THAT(std::string(at_path.message()), MatchesRegex(GetParam().read_error));
  // Without a path: the same message without "g/x:" (CheckGolden puts the path first).
  const absl::Status bare = format.read(GetParam().unreadable, "");
  EXPECT_EQ(absl::StrCat("g/x:", bare.message()), at_path.message());
}

TEST_P(GoldenFormatTest, WritesACanonicalFileBackByteForByte) {
  const absl::StatusOr<std::string> rewritten = GetParam().format().rewrite(GetParam().canonical);
  ASSERT_TRUE(rewritten.ok()) << rewritten.status();
  EXPECT_EQ(*rewritten, GetParam().canonical);
}

TEST_P(GoldenFormatTest, ComparesByMeaning) {
  const Erased format = GetParam().format();
  EXPECT_EQ(*format.explain(GetParam().canonical, GetParam().canonical), "");
  if (!GetParam().invisible.empty()) {
    ASSERT_NE(GetParam().invisible, GetParam().canonical);
    EXPECT_EQ(*format.explain(GetParam().canonical, GetParam().invisible), "")
        << "a change nobody can see is no difference";
  }
  const absl::StatusOr<std::string> explained =
      format.explain(GetParam().canonical, GetParam().visible);
  ASSERT_TRUE(explained.ok()) << explained.status();
  EXPECT_NE(*explained, "");
  EXPECT_EQ(*explained, GetParam().explained);
}

TEST_P(GoldenFormatTest, DrawsTheReportsScreens) {
  const Erased format = GetParam().format();
  const std::string both = format.draw(&GetParam().canonical, GetParam().visible);
  const std::string alone = format.draw(nullptr, GetParam().visible);
  if (GetParam().draws) {
    EXPECT_THAT(both, HasSubstr("<"));
    EXPECT_NE(both, alone);
  } else {
    EXPECT_EQ(both, "");
    EXPECT_EQ(alone, "");
  }
}

INSTANTIATE_TEST_SUITE_P(Formats, GoldenFormatTest, ::testing::ValuesIn(Cases()),
                         [](const auto& info) { return info.param.name; });

// CheckGolden(format, value, input) and the GoldenInput fields built from a dump format say what
// CompareDumpByMeaning and DumpReportScreens say (they are built from it).
TEST(GoldenFormatEntryPointsTest, DumpEntryPointsAreTheDumpFormat) {
  const Frame hi = FrameOf("Hi");
  const Frame ho = FrameOf("Ho");
  const DumpFormat format;
  const std::string golden = *format.Write(hi);
  EXPECT_EQ(*CompareDumpByMeaning([&] { return ho; })(golden),
            format.Explain(hi, ho, format.Compare(hi, ho)));
  EXPECT_EQ(*CompareDumpByMeaning([&] { return ho; }, true)(golden),
            DumpFormat(".dump", true).Explain(hi, ho, format.Compare(hi, ho)));
  EXPECT_EQ(DumpReportScreens([&] { return ho; })(&golden), format.Draw(&hi, ho));
}

// The example of snapshot/golden/golden_formats.h.
TEST(GoldenFormatEntryPointsTest, FormatsHeaderExample) {
  const RgbaFormat format;
  const absl::StatusOr<RgbaPlane> plane = format.Read("ckvision-rgba 2\n", "x.rgba");
  EXPECT_THAT(std::string(plane.status().message()), StartsWith("x.rgba:line 1, column 1: "));
  const RgbaPlane red = RgbaPlane::Filled(1, 1, 0xff0000ff);
  const RgbaPlane other = RgbaPlane::Filled(1, 1, 0x0000ffff);
  const PlaneDiff differences = format.Compare(red, other);
  EXPECT_FALSE(differences.empty());
  EXPECT_NE(format.Explain(red, other, differences), "");
}

// The example of snapshot/golden/golden_check_internal.h: the start CheckGolden and the capture
// golden share (the name, where, the update mode).
TEST(GoldenFormatEntryPointsTest, InternalHeaderExample) {
  absl::StatusOr<UpdateMode> mode =
      golden_check_internal::StartCheck("walk", ".capture", "", UpdateMode::kNew);
  ASSERT_TRUE(mode.ok()) << mode.status();
  EXPECT_EQ(*mode, UpdateMode::kNew);
  mode = golden_check_internal::StartCheck("../up", ".capture", "", std::nullopt);
  ASSERT_FALSE(mode.ok());
  const GoldenResult stopped = golden_check_internal::Unnamed(mode.status());
  EXPECT_EQ(stopped.outcome, GoldenOutcome::kInvalid);
  EXPECT_EQ(stopped.path, "");
  EXPECT_EQ(stopped.message, absl::StrCat(mode.status().message(), "\n"));
  mode = golden_check_internal::StartCheck("home", ".dump", "cannot locate", std::nullopt);
  EXPECT_EQ(mode.status().message(), "cannot locate");
}

// --- A sixth format, defined in this test alone ---

// Lines of text; a golden line with a tab does not read. Two values mean the same when their
// lines do without trailing spaces.
struct LinesDifferences {
  std::vector<std::string> lines;  // "line N: "a" -> "b""
  bool empty() const { return lines.empty(); }
};

class LinesFormat final : public GoldenFormat<std::vector<std::string>, LinesDifferences> {
 public:
  GoldenFormatNames Names() const override {
    return {.extension = ".lines", .format = "lines 1 file", .what = "list", .kind = "list"};
  }
  absl::StatusOr<std::vector<std::string>> Read(absl::string_view bytes,
                                                absl::string_view path) const override {
    std::vector<std::string> lines = absl::StrSplit(bytes, '\n');
    if (!lines.empty() && lines.back().empty()) lines.pop_back();
    for (size_t i = 0; i < lines.size(); ++i) {
      if (const size_t tab = lines[i].find('\t'); tab != std::string::npos) {
        return absl::InvalidArgumentError(
            absl::StrCat(path, path.empty() ? "" : ":", i + 1, ":", tab + 1, ": a tab"));
      }
    }
    return lines;
  }
  absl::StatusOr<std::string> Write(const std::vector<std::string>& value) const override {
    std::string out;
    for (const std::string& line : value) absl::StrAppend(&out, line, "\n");
    return out;
  }
  LinesDifferences Compare(const std::vector<std::string>& expected,
                           const std::vector<std::string>& actual) const override {
    LinesDifferences d;
    for (size_t i = 0; i < std::max(expected.size(), actual.size()); ++i) {
      std::string a = i < expected.size() ? expected[i] : "";
      std::string b = i < actual.size() ? actual[i] : "";
      a.erase(a.find_last_not_of(' ') + 1);
      b.erase(b.find_last_not_of(' ') + 1);
      if (a != b) d.lines.push_back(absl::StrCat("line ", i + 1, ": \"", a, "\" -> \"", b, "\""));
    }
    return d;
  }
  std::string Explain(const std::vector<std::string>&, const std::vector<std::string>&,
                      const LinesDifferences& d) const override {
    return absl::StrCat(absl::StrJoin(d.lines, "\n"), "\n");
  }
  std::string Draw(const std::vector<std::string>*,
                   const std::vector<std::string>&) const override {
    return "";
  }
};

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteFile(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

class SixthFormatTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(std::getenv("UPDATE_GOLDENS"), nullptr) << "run this test without UPDATE_GOLDENS";
    dir_ = fs::temp_directory_path() /
           absl::StrCat("vtsnap-golden-format-", ::getpid(), "-",
                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    // Under `bazel test` the actual values go to the undeclared outputs; these tests expect them
    // beside the golden.
    if (const char* outputs = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR")) saved_outputs_ = outputs;
    ::unsetenv("TEST_UNDECLARED_OUTPUTS_DIR");
  }
  void TearDown() override {
    if (saved_outputs_.has_value()) {
      ::setenv("TEST_UNDECLARED_OUTPUTS_DIR", saved_outputs_->c_str(), 1);
    }
    fs::remove_all(dir_);
  }

  GoldenInput Where(const fs::path& golden, std::string claimant) const {
    return {.where = LocateGoldenPath(golden.string()),
            .claimant = std::move(claimant),
            .accept_command = "./check"};
  }

  const LinesFormat format_;
  fs::path dir_;
  std::optional<std::string> saved_outputs_;
};

TEST_F(SixthFormatTest, MissingFailsAndWritesTheActual) {
  const fs::path golden = dir_ / "a.lines";
  const GoldenResult r = CheckGolden(format_, {"one", "two"}, Where(golden, "T.Missing"));
  EXPECT_EQ(r.outcome, GoldenOutcome::kMissing);
  EXPECT_THAT(r.message, StartsWith(absl::StrCat("the golden ", golden.string(),
                                                 " does not exist\nactual list written to ",
                                                 golden.string(), ".actual\n")));
  EXPECT_THAT(r.message, HasSubstr("to accept the actual list run:\n"));
  EXPECT_EQ(ReadFile(golden.string() + ".actual"), "one\ntwo\n");
}

TEST_F(SixthFormatTest, MismatchExplainsByMeaning) {
  const fs::path golden = dir_ / "a.lines";
  WriteFile(golden, "one  \ntwo\n");  // other bytes, the same meaning
  EXPECT_TRUE(CheckGolden(format_, {"one", "two"}, Where(golden, "T.Same")).passed);
  WriteFile(golden, "one\nTWO\n");
  const GoldenResult r = CheckGolden(format_, {"one", "two"}, Where(golden, "T.Mismatch"));
  EXPECT_EQ(r.outcome, GoldenOutcome::kMismatch);
  EXPECT_THAT(r.message,
              StartsWith(absl::StrCat("the list differs from the golden ", golden.string(),
                                      "\nline 2: \"TWO\" -> \"two\"\n")));
  WriteFile(golden, "one\nt\two\n");
  const GoldenResult bad = CheckGolden(format_, {"one", "two"}, Where(golden, "T.Bad"));
  EXPECT_EQ(bad.outcome, GoldenOutcome::kInvalid);
  EXPECT_THAT(bad.message, HasSubstr(absl::StrCat("the golden is not a valid lines 1 file: ",
                                                  golden.string(), ":2:2: a tab\n")));
}

TEST_F(SixthFormatTest, UpdateWritesTheCanonicalBytes) {
  const fs::path golden = dir_ / "a.lines";
  GoldenInput in = Where(golden, "T.Update");
  in.update_mode = UpdateMode::kAll;
  const GoldenResult r = CheckGolden(format_, {"one", "two"}, in);
  EXPECT_EQ(r.outcome, GoldenOutcome::kWritten);
  EXPECT_EQ(r.note, absl::StrCat("vtsnap: wrote ", golden.string(), " (new)\n"));
  EXPECT_EQ(ReadFile(golden), "one\ntwo\n");
}

TEST_F(SixthFormatTest, AClaimOfAnotherValueConflicts) {
  const fs::path golden = dir_ / "a.lines";
  WriteFile(golden, "one\n");
  EXPECT_TRUE(CheckGolden(format_, {"one"}, Where(golden, "T.First")).passed);
  // The same meaning in other bytes is the same claim.
  EXPECT_TRUE(CheckGolden(format_, {"one   "}, Where(golden, "T.Again")).passed);
  const GoldenResult r = CheckGolden(format_, {"two"}, Where(golden, "T.Second"));
  EXPECT_EQ(r.outcome, GoldenOutcome::kConflict);
  EXPECT_THAT(r.message,
              StartsWith(absl::StrCat("the golden ", golden.string(),
                                      " is claimed twice in this run with different lists: first "
                                      "by T.First, then by T.Second; nothing is written for it\n",
                                      "how they differ (expected: T.First's list; actual: "
                                      "T.Second's):\nline 1: \"one\" -> \"two\"\n")));
}

// A matcher's way in: WithFormat names the check by the format and asks the value only when the
// golden's bytes differ from the actual bytes the caller gave.
TEST_F(SixthFormatTest, WithFormatAsksTheValueOnlyWhenTheBytesDiffer) {
  const fs::path golden = dir_ / "a.lines";
  WriteFile(golden, "one\n");
  int asked = 0;
  GoldenInput in = WithFormat(format_, std::function<std::vector<std::string>()>([&asked] {
                                ++asked;
                                return std::vector<std::string>{"one"};
                              }),
                              Where(golden, "T.Lazy"));
  in.actual = "one\n";
  EXPECT_EQ(in.what, "list");
  EXPECT_TRUE(CheckGolden(in).passed);
  EXPECT_EQ(asked, 0);
  WriteFile(golden, "one  \n");
  EXPECT_TRUE(CheckGolden(in).passed);
  EXPECT_GT(asked, 0);
}

// The example of snapshot/golden/golden_format.h.
TEST_F(SixthFormatTest, HeaderExample) {
  VirtualTerminal vt({.cols = 6, .rows = 1});
  vt.Write("home");
  const DumpFormat format;
  GoldenResult result = CheckGolden(format, *CaptureFrame(vt),
                                    {.where = LocateGolden((dir_ / "menu_test.cc").string(), "",
                                                           "home", format.Names().extension),
                                     .claimant = "Menu.Home"});
  EXPECT_EQ(result.outcome, GoldenOutcome::kMissing);
  EXPECT_THAT(result.message, HasSubstr("goldens/menu_test/home.dump does not exist\n"));
}

}  // namespace
}  // namespace vtsnap
