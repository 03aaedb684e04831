// `vtsnap review` (tools/review.cc): --list, --accept-all, --reject-all and --filter run in
// process on temporary folders of goldens and pending .actual files (and capture golden folders
// with their .capture.actual folders, of frame files SerializeFrame wrote), and on fake Bazel
// workspaces whose bazel-testlogs hold test.outputs folders; the cases on read-only testlogs (as
// nobody when the test runs as root) and on the default folder run the built `vtsnap review`. The
// interactive review runs the built `vtsnap` under a PtySession, its screens pinned with goldens
// (goldens/review_cli_test/*.dump). CMake only: the PTY tests need the built command.
#include <grp.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/pty/test_support.h"
#include "test/sanitizer.h"
#include "test/tools/zip_test_support.h"
#include "vtsnap/matchers/matchers.h"
#include "vtsnap/pty/pty_session.h"
#include "vtsnap/snapshot/formats/pito_frame.h"
#include "vtsnap/snapshot/formats/rgba_file.h"
#include "vtsnap/snapshot/golden/report.h"
#include "vtsnap/snapshot/golden/store.h"
#include "vtsnap/snapshot/render/png.h"
#include "vtsnap/snapshot/screen/rgba.h"
#include "vtsnap/tools/commands.h"
#include "vtsnap/tools/review_internal.h"

#ifndef VTSNAP_CLI_BINARY
#error "VTSNAP_CLI_BINARY must name the vtsnap executable"
#endif

namespace vtsnap::tools {
namespace {

namespace fs = std::filesystem;

using ::testing::HasSubstr;
using ::testing::Not;

// A 6x2 screen, "hello" in bold red on its first three columns (canonical).
constexpr char kHello[] =
    "ckvision-golden 1\n"
    "frame 6 2\n"
    "cursor hidden\n"
    "styles 2\n"
    "0 fg @1 bg default attrs bold\n"
    "1 fg default bg default attrs -\n"
    "grid\n"
    "|hello |\n"
    "|      |\n"
    "stylemap\n"
    "|000111|\n"
    "|111111|\n"
    "end\n";

// The same text in green: one style range differs.
constexpr char kHelloGreen[] =
    "ckvision-golden 1\n"
    "frame 6 2\n"
    "cursor hidden\n"
    "styles 2\n"
    "0 fg @2 bg default attrs bold\n"
    "1 fg default bg default attrs -\n"
    "grid\n"
    "|hello |\n"
    "|world |\n"
    "stylemap\n"
    "|000111|\n"
    "|111111|\n"
    "end\n";

// A valid dump that is not canonical: styles numbered out of first use, lowercase hex.
constexpr char kByeNonCanonical[] =
    "ckvision-golden 1\n"
    "frame 6 2\n"
    "cursor 0 1 block\n"
    "styles 2\n"
    "0 fg default bg default attrs -\n"
    "1 fg #ff8000 bg default attrs -\n"
    "grid\n"
    "|bye   |\n"
    "|      |\n"
    "stylemap\n"
    "|111000|\n"
    "|000000|\n"
    "end\n";

// Its canonical form.
constexpr char kByeCanonical[] =
    "ckvision-golden 1\n"
    "frame 6 2\n"
    "cursor 0 1 block\n"
    "styles 2\n"
    "0 fg #FF8000 bg default attrs -\n"
    "1 fg default bg default attrs -\n"
    "grid\n"
    "|bye   |\n"
    "|      |\n"
    "stylemap\n"
    "|000111|\n"
    "|111111|\n"
    "end\n";

// Broken on line 3.
constexpr char kInvalid[] =
    "ckvision-golden 1\n"
    "frame 6 2\n"
    "bogus\n";

// A pito-tui frame file of one row holding `text`'s characters in Reset Reset (canonical, as
// SerializeFrame writes it), which a capture keeps in a file named "<its length>x1".
std::string TuiFrame(const std::string& text) {
  pito::TuiFrame frame{.width = static_cast<int>(text.size()), .height = 1};
  pito::TuiRow row;
  for (char c : text) row.symbols.push_back(std::string(1, c));
  row.runs.push_back({.count = frame.width});
  frame.rows.push_back(row);
  absl::StatusOr<std::string> serialized = pito::SerializeFrame(frame);
  EXPECT_TRUE(serialized.ok()) << serialized.status();
  return serialized.ok() ? *serialized : "";
}

// A frame file that is not valid: its row has 2 cells, its style runs 3.
constexpr char kInvalidTuiFrame[] = "pito-tui frame 1\n2 1\nh\ti\n3 Reset Reset 0\n";

struct Result {
  int code;
  std::string out;
  std::string err;
};

class ReviewCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ::unsetenv("TEST_UNDECLARED_OUTPUTS_DIR");
    root_ = (fs::path(::testing::TempDir()) /
             absl::StrCat("review_cli_test_",
                          ::testing::UnitTest::GetInstance()->current_test_info()->name(), "_",
                          ::getpid()))
                .string();
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override {
    ::unsetenv("TEST_UNDECLARED_OUTPUTS_DIR");
    fs::remove_all(root_);
    fs::remove_all(root_ + "-bin");
  }

  void Write(const std::string& relative, const std::string& contents) {
    const fs::path path = fs::path(root_) / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << contents;
  }
  // The files under the root, relative path -> contents.
  std::map<std::string, std::string> Files() const {
    std::map<std::string, std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(root_)) {
      if (!entry.is_regular_file()) continue;
      std::ifstream in(entry.path(), std::ios::binary);
      files[fs::relative(entry.path(), root_).generic_string()] =
          std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    return files;
  }
  // RunReview with the root as the last argument; "ROOT" stands for it in the output.
  Result Review(std::vector<std::string> args) {
    args.push_back(root_);
    std::ostringstream out, err;
    const int code = RunReview(args, out, err);
    return {code, absl::StrReplaceAll(out.str(), {{root_, "ROOT"}}),
            absl::StrReplaceAll(err.str(), {{root_, "ROOT"}})};
  }

  // Two pending entries and one unrelated file: a changed golden and a new one.
  void WriteTwoPending() {
    Write("goldens/menu_test/home.dump", kHello);
    Write("goldens/menu_test/home.dump.actual", kHelloGreen);
    Write("goldens/menu_test/about.dump.actual", kByeNonCanonical);
    Write("goldens/menu_test/notes.txt", "unrelated\n");
  }

  // A capture golden and the actual capture a failing check left beside it. The golden holds
  // 00-home at 2x1 ("hi", changed to "ho") and 3x1 (gone), the scenario gone/ (gone), and a
  // stray file; the actual adds the scenario about/.
  std::map<std::string, std::string> ChangedCapture() const {
    return {
        {"goldens/t/walk.capture/00-home/2x1", TuiFrame("hi")},
        {"goldens/t/walk.capture/00-home/3x1", TuiFrame("hey")},
        {"goldens/t/walk.capture/gone/2x1", TuiFrame("hi")},
        {"goldens/t/walk.capture/notes.txt", "kept\n"},
        {"goldens/t/walk.capture.actual/00-home/2x1", TuiFrame("ho")},
        {"goldens/t/walk.capture.actual/about/2x1", TuiFrame("ab")},
    };
  }

  // Everything under the root writable by the unprivileged run but `folder` (relative to the
  // root) and its `file`, which are read-only, as Bazel leaves a test's outputs.
  void MakeReadOnlyAsBazelLeavesIt(const std::string& folder, const std::string& file) {
    for (const auto& entry : fs::recursive_directory_iterator(root_)) {
      if (entry.is_symlink()) continue;
      fs::permissions(entry.path(), entry.is_directory() ? fs::perms::all : fs::perms(0666));
    }
    fs::permissions(root_, fs::perms::all);
    fs::permissions(fs::path(root_) / folder, fs::perms(0555));
    fs::permissions(fs::path(root_) / folder / file, fs::perms(0444));
  }
  // A fake Bazel workspace, ROOT/ws, whose bazel-testlogs is a symlink to ROOT/out/testlogs (as
  // Bazel's points into its output base, outside the workspace).
  std::string MakeWorkspace() {
    fs::create_directories(fs::path(root_) / "ws");
    fs::create_directories(fs::path(root_) / "out/testlogs");
    fs::create_directory_symlink(fs::path(root_) / "out/testlogs",
                                 fs::path(root_) / "ws/bazel-testlogs");
    return (fs::path(root_) / "ws").string();
  }
  // RunReview with exactly `args`; "ROOT" stands for the root in the output.
  Result ReviewExactly(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int code = RunReview(args, out, err);
    return {code, absl::StrReplaceAll(out.str(), {{root_, "ROOT"}}),
            absl::StrReplaceAll(err.str(), {{root_, "ROOT"}})};
  }
  // The built `vtsnap review ARGS` run in the folder `cwd`. With `unprivileged`, a root test
  // process runs it as nobody (uid and gid 65534), so that folder permissions apply to it.
  // With `address_space`, the run may map at most that many bytes (RLIMIT_AS).
  Result ReviewBinary(const std::string& cwd, const std::vector<std::string>& args,
                      bool unprivileged, rlim_t address_space = RLIM_INFINITY) {
    // nobody may not be able to reach the build tree (a checkout under a 0700 folder, as a
    // clean clone in a mktemp -d folder is), so an unprivileged run uses a copy of the command
    // beside the scratch root (outside it: Files() lists the root).
    std::string binary = VTSNAP_CLI_BINARY;
    if (unprivileged && ::geteuid() == 0) {
      binary = root_ + "-bin/vtsnap";
      fs::create_directories(root_ + "-bin");
      fs::copy_file(VTSNAP_CLI_BINARY, binary, fs::copy_options::overwrite_existing);
      fs::permissions(root_ + "-bin", fs::perms(0755));
      fs::permissions(binary, fs::perms(0755));
    }
    int out_pipe[2], err_pipe[2];
    if (::pipe(out_pipe) != 0 || ::pipe(err_pipe) != 0) return {-1, "", "pipe failed"};
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::dup2(out_pipe[1], STDOUT_FILENO);
      ::dup2(err_pipe[1], STDERR_FILENO);
      ::close(out_pipe[0]);
      ::close(err_pipe[0]);
      ::unsetenv("VTSNAP_REPORT_DIR");
      // The private folder zipped outputs are extracted into: ROOT/tmp/vtsnap-actual-<uid>/.
      ::setenv("TMPDIR", (fs::path(root_) / "tmp").c_str(), 1);
      if (::chdir(cwd.c_str()) != 0) {
        ::dprintf(STDERR_FILENO, "cannot enter %s: %s\n", cwd.c_str(), std::strerror(errno));
        ::_exit(125);
      }
      if (unprivileged && ::geteuid() == 0 &&
          (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0)) {
        ::dprintf(STDERR_FILENO, "cannot become nobody: %s\n", std::strerror(errno));
        ::_exit(126);
      }
      const struct rlimit limit = {.rlim_cur = address_space, .rlim_max = address_space};
      if (address_space != RLIM_INFINITY && ::setrlimit(RLIMIT_AS, &limit) != 0) {
        ::dprintf(STDERR_FILENO, "cannot limit the address space: %s\n", std::strerror(errno));
        ::_exit(124);
      }
      std::vector<std::string> argv_strings = {binary, "review"};
      argv_strings.insert(argv_strings.end(), args.begin(), args.end());
      std::vector<char*> argv;
      for (std::string& arg : argv_strings) argv.push_back(arg.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::dprintf(STDERR_FILENO, "cannot run %s (as uid %d): %s\n", argv[0],
                static_cast<int>(::geteuid()), std::strerror(errno));
      ::_exit(127);
    }
    ::close(out_pipe[1]);
    ::close(err_pipe[1]);
    auto drain = [](int fd) {
      std::string text;
      char buffer[4096];
      for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;) text.append(buffer, n);
      ::close(fd);
      return text;
    };
    const std::string out = drain(out_pipe[0]);  // the outputs here are far below a pipe's size
    const std::string err = drain(err_pipe[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1,
            absl::StrReplaceAll(out, {{root_, "ROOT"}}),
            absl::StrReplaceAll(err, {{root_, "ROOT"}})};
  }

  std::string root_;
};

TEST_F(ReviewCliTest, ListTable) {
  struct Case {
    std::string name;
    std::map<std::string, std::string> files;
    std::vector<std::string> args;
    std::string out;
  };
  const std::vector<Case> cases = {
      {"nothing pending", {{"goldens/t/a.dump", kHello}}, {"--list"}, ""},
      {"new and changed, sorted by golden path",
       {{"goldens/t/b.dump", kHello},
        {"goldens/t/b.dump.actual", kHelloGreen},
        {"goldens/t/a.dump.actual", kHello}},
       {"--list"},
       "ROOT/goldens/t/a.dump: new\n"
       "ROOT/goldens/t/b.dump: changed: 1 text row, 1 style range\n"},
      {"spelling only",
       {{"goldens/t/bye.dump", kByeCanonical}, {"goldens/t/bye.dump.actual", kByeNonCanonical}},
       {"--list"},
       "ROOT/goldens/t/bye.dump: changed: same meaning (spelling only)\n"},
      {"the filter keeps golden paths holding the substring",
       {{"goldens/t/home.dump.actual", kHello}, {"goldens/t/about.dump.actual", kHello}},
       {"--list", "--filter", "home"},
       "ROOT/goldens/t/home.dump: new\n"},
      {"--filter=",
       {{"goldens/t/home.dump.actual", kHello}, {"goldens/t/about.dump.actual", kHello}},
       {"--list", "--filter=about"},
       "ROOT/goldens/t/about.dump: new\n"},
      {"an invalid .actual is named with its line and column",
       {{"goldens/t/new.dump.actual", kInvalid},
        {"goldens/t/old.dump", kHello},
        {"goldens/t/old.dump.actual", kInvalid}},
       {"--list"},
       "ROOT/goldens/t/new.dump: new: invalid: ROOT/goldens/t/new.dump.actual:3:1: expected "
       "\"cursor\", got \"bogus\"\n"
       "ROOT/goldens/t/old.dump: changed: invalid: ROOT/goldens/t/old.dump.actual:3:1: expected "
       "\"cursor\", got \"bogus\"\n"},
      {"a new capture counts its frames and scenarios",
       {{"goldens/t/walk.capture.actual/00-home/2x1", TuiFrame("hi")},
        {"goldens/t/walk.capture.actual/00-home/3x1", TuiFrame("hey")},
        {"goldens/t/walk.capture.actual/about/2x1", TuiFrame("ab")}},
       {"--list"},
       "ROOT/goldens/t/walk.capture/: new capture (3 frames in 2 scenarios)\n"},
      {"a changed capture counts its Differences (a cell, two frames gone, one added)",
       ChangedCapture(),
       {"--list"},
       "ROOT/goldens/t/walk.capture/: changed: 4 differences\n"},
      {"captures sort with the other entries by golden path",
       {{"goldens/t/a.dump.actual", kHello},
        {"goldens/t/b.capture/00-home/2x1", TuiFrame("hi")},
        {"goldens/t/b.capture.actual/00-home/2x1", TuiFrame("hi")},
        {"goldens/t/c.dump.actual", kHello}},
       {"--list"},
       "ROOT/goldens/t/a.dump: new\n"
       "ROOT/goldens/t/b.capture/: changed: the same frames\n"
       "ROOT/goldens/t/c.dump: new\n"},
      {"an invalid actual capture is named with its path, line and column",
       {{"goldens/t/walk.capture.actual/00-home/2x1", kInvalidTuiFrame},
        {"goldens/t/old.capture/00-home/2x1", TuiFrame("hi")},
        {"goldens/t/old.capture.actual/00-home/2x1", kInvalidTuiFrame}},
       {"--list"},
       "ROOT/goldens/t/old.capture/: changed: invalid: "
       "ROOT/goldens/t/old.capture.actual/00-home/2x1:4:1: expected a cell count (a number 1-2 "
       "without leading zeros), got \"3\"\n"
       "ROOT/goldens/t/walk.capture/: new capture: invalid: "
       "ROOT/goldens/t/walk.capture.actual/00-home/2x1:4:1: expected a cell count (a number 1-2 "
       "without leading zeros), got \"3\"\n"},
      {"a file at the top of an actual capture",
       {{"goldens/t/walk.capture.actual/notes.txt", "x"}},
       {"--list"},
       "ROOT/goldens/t/walk.capture/: new capture: invalid: "
       "ROOT/goldens/t/walk.capture.actual/notes.txt: a file at the top of a capture folder "
       "(expected scenario folders only)\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    fs::remove_all(root_);
    fs::create_directories(root_);
    for (const auto& [path, contents] : c.files) Write(path, contents);
    const Result result = Review(c.args);
    EXPECT_EQ(result.code, 0) << result.err;
    EXPECT_EQ(result.out, c.out);
    EXPECT_EQ(Files(), c.files) << "--list changes nothing";
  }
}

TEST_F(ReviewCliTest, AcceptAllWritesCanonicalGoldensAndRemovesTheActualFiles) {
  WriteTwoPending();
  const Result result = Review({"--accept-all"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out,
            "accepted ROOT/goldens/menu_test/about.dump (new)\n"
            "accepted ROOT/goldens/menu_test/home.dump\n"
            "review: 2 accepted, 0 rejected, 0 skipped\n");
  const std::map<std::string, std::string> want = {
      {"goldens/menu_test/about.dump", kByeCanonical},
      {"goldens/menu_test/home.dump", kHelloGreen},
      {"goldens/menu_test/notes.txt", "unrelated\n"},
  };
  EXPECT_EQ(Files(), want);
}

TEST_F(ReviewCliTest, RejectAllRemovesTheActualFiles) {
  WriteTwoPending();
  const Result result = Review({"--reject-all"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out,
            "rejected ROOT/goldens/menu_test/about.dump.actual\n"
            "rejected ROOT/goldens/menu_test/home.dump.actual\n"
            "review: 0 accepted, 2 rejected, 0 skipped\n");
  const std::map<std::string, std::string> want = {
      {"goldens/menu_test/home.dump", kHello},
      {"goldens/menu_test/notes.txt", "unrelated\n"},
  };
  EXPECT_EQ(Files(), want);
}

// The HTML failure report beside the .actual files loses the entries review decides, and goes
// with the last one.
TEST_F(ReviewCliTest, DecidedEntriesLeaveTheFailureReport) {
  WriteTwoPending();
  for (const char* name : {"home", "about"}) {
    const std::string golden = root_ + "/goldens/menu_test/" + name + ".dump";
    ASSERT_TRUE(AddReportEntry({.test = "T",
                                .golden_path = golden,
                                .actual_path = golden + ".actual",
                                .message = "m",
                                .screens_html = ""})
                    .ok());
  }
  const std::string page = root_ + "/goldens/menu_test/vtsnap-report.html";
  ASSERT_TRUE(fs::exists(page));
  ASSERT_EQ(Review({"--filter", "home", "--reject-all"}).code, 0);
  std::ifstream in(page);
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_THAT(html, HasSubstr("1 failing golden<"));
  EXPECT_THAT(html, HasSubstr("about.dump"));
  EXPECT_THAT(html, Not(HasSubstr("home.dump")));
  ASSERT_EQ(Review({"--accept-all"}).code, 0);
  EXPECT_FALSE(fs::exists(page));
  EXPECT_FALSE(fs::exists(root_ + "/goldens/menu_test/vtsnap-report.entries"));
}

TEST_F(ReviewCliTest, FilterLimitsAcceptAll) {
  WriteTwoPending();
  const Result result = Review({"--accept-all", "--filter", "about"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out,
            "accepted ROOT/goldens/menu_test/about.dump (new)\n"
            "review: 1 accepted, 0 rejected, 0 skipped\n");
  const std::map<std::string, std::string> want = {
      {"goldens/menu_test/about.dump", kByeCanonical},
      {"goldens/menu_test/home.dump", kHello},
      {"goldens/menu_test/home.dump.actual", kHelloGreen},
      {"goldens/menu_test/notes.txt", "unrelated\n"},
  };
  EXPECT_EQ(Files(), want);
}

TEST_F(ReviewCliTest, AnInvalidActualRefusesTheWholeRunNamingLineAndColumn) {
  WriteTwoPending();
  Write("goldens/menu_test/broken.dump.actual", kInvalid);
  const std::map<std::string, std::string> before = Files();
  const Result result = Review({"--accept-all"});
  EXPECT_EQ(result.code, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err,
            "vtsnap review: ROOT/goldens/menu_test/broken.dump.actual:3:1: expected \"cursor\", "
            "got \"bogus\"\n"
            "vtsnap review: nothing was accepted (fix or reject the invalid .actual files)\n");
  EXPECT_EQ(Files(), before);
}

TEST_F(ReviewCliTest, CaptureEntriesAreAcceptedAndRejected) {
  struct Case {
    std::string name;
    std::map<std::string, std::string> files;
    std::vector<std::string> args;
    std::string out;
    std::map<std::string, std::string> after;
  };
  const std::vector<Case> cases = {
      {"accepting writes the actual frames, removes the gone ones and keeps the stray file",
       ChangedCapture(),
       {"--accept-all"},
       "accepted ROOT/goldens/t/walk.capture/; left as they are, not frame files: notes.txt\n"
       "review: 1 accepted, 0 rejected, 0 skipped\n",
       {{"goldens/t/walk.capture/00-home/2x1", TuiFrame("ho")},
        {"goldens/t/walk.capture/about/2x1", TuiFrame("ab")},
        {"goldens/t/walk.capture/notes.txt", "kept\n"}}},
      {"accepting a new capture creates the golden folder",
       {{"goldens/t/walk.capture.actual/00-home/2x1", TuiFrame("hi")},
        {"goldens/t/walk.capture.actual/00-home/3x1", TuiFrame("hey")}},
       {"--accept-all"},
       "accepted ROOT/goldens/t/walk.capture/ (new)\n"
       "review: 1 accepted, 0 rejected, 0 skipped\n",
       {{"goldens/t/walk.capture/00-home/2x1", TuiFrame("hi")},
        {"goldens/t/walk.capture/00-home/3x1", TuiFrame("hey")}}},
      {"a stray inside a scenario folder keeps the folder",
       {{"goldens/t/walk.capture/gone/2x1", TuiFrame("hi")},
        {"goldens/t/walk.capture/gone/README", "kept\n"},
        {"goldens/t/walk.capture.actual/00-home/2x1", TuiFrame("hi")}},
       {"--accept-all"},
       "accepted ROOT/goldens/t/walk.capture/; left as they are, not frame files: gone/README\n"
       "review: 1 accepted, 0 rejected, 0 skipped\n",
       {{"goldens/t/walk.capture/00-home/2x1", TuiFrame("hi")},
        {"goldens/t/walk.capture/gone/README", "kept\n"}}},
      {"rejecting removes the actual capture only",
       ChangedCapture(),
       {"--reject-all"},
       "rejected ROOT/goldens/t/walk.capture.actual/\n"
       "review: 0 accepted, 1 rejected, 0 skipped\n",
       {{"goldens/t/walk.capture/00-home/2x1", TuiFrame("hi")},
        {"goldens/t/walk.capture/00-home/3x1", TuiFrame("hey")},
        {"goldens/t/walk.capture/gone/2x1", TuiFrame("hi")},
        {"goldens/t/walk.capture/notes.txt", "kept\n"}}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    fs::remove_all(root_);
    fs::create_directories(root_);
    for (const auto& [path, contents] : c.files) Write(path, contents);
    const Result result = Review(c.args);
    EXPECT_EQ(result.code, 0) << result.err;
    EXPECT_EQ(result.out, c.out);
    EXPECT_EQ(result.err, "");
    EXPECT_EQ(Files(), c.after);
    EXPECT_FALSE(fs::exists(fs::path(root_) / "goldens/t/walk.capture.actual"));
  }
  // The scenario folder the accepted capture no longer has went with its last frame.
  fs::remove_all(root_);
  for (const auto& [path, contents] : ChangedCapture()) Write(path, contents);
  ASSERT_EQ(Review({"--accept-all"}).code, 0);
  EXPECT_FALSE(fs::exists(fs::path(root_) / "goldens/t/walk.capture/gone"));
}

// A golden reached through a symbolic link to a folder (a capture golden's folder, a scenario
// folder in it, a folder below goldens/ that a new golden from the outputs tree would go in) is
// not accepted: nothing is written or deleted in the link's target, and the error names the link.
TEST_F(ReviewCliTest, NothingIsAcceptedThroughALinkedFolder) {
  struct Case {
    std::string name;
    std::map<std::string, std::string> files;  // the target's files are ROOT/target/...
    std::string link;                          // made a link to ROOT/target
    std::string shown;                         // the entry, as review shows it
  };
  const std::vector<Case> cases = {
      {"the capture golden's folder",
       {{"target/00-home/2x1", TuiFrame("hi")},
        {"target/gone/2x1", TuiFrame("hi")},
        {"goldens/t/walk.capture.actual/00-home/2x1", TuiFrame("ho")}},
       "goldens/t/walk.capture",
       "ROOT/goldens/t/walk.capture/"},
      {"a scenario folder of the capture golden",
       {{"target/2x1", TuiFrame("hi")},
        {"target/3x1", TuiFrame("hey")},
        {"goldens/t/walk.capture/about/2x1", TuiFrame("ab")},
        {"goldens/t/walk.capture.actual/00-home/2x1", TuiFrame("ho")}},
       "goldens/t/walk.capture/00-home",
       "ROOT/goldens/t/walk.capture/"},
      {"a folder under goldens/ a new golden from the outputs tree goes in",
       {{"target/home.dump", kHello},
        {"src/goldens/menu_test/home.dump", kHello},
        {"outputs/vtsnap/menu_test/sub/about.dump.actual", kHello}},
       "src/goldens/menu_test/sub",
       "ROOT/src/goldens/menu_test/sub/about.dump"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    fs::remove_all(root_);
    fs::create_directories(root_);
    for (const auto& [path, contents] : c.files) Write(path, contents);
    fs::create_directories((fs::path(root_) / c.link).parent_path());
    fs::create_directory_symlink(fs::path(root_) / "target", fs::path(root_) / c.link);
    ::setenv("TEST_UNDECLARED_OUTPUTS_DIR", (fs::path(root_) / "outputs").c_str(), 1);
    const std::map<std::string, std::string> before = Files();
    const Result result = Review({"--accept-all"});
    ::unsetenv("TEST_UNDECLARED_OUTPUTS_DIR");
    EXPECT_EQ(result.code, 2);
    EXPECT_EQ(result.err, "vtsnap review: not accepting " + c.shown + ": ROOT/" + c.link +
                              " is a symbolic link (to ROOT/target); vtsnap writes and deletes "
                              "nothing through a link: make it a real folder\n");
    EXPECT_THAT(result.out, HasSubstr("review: 0 accepted, 0 rejected, 1 skipped\n"));
    EXPECT_EQ(Files(), before);
    EXPECT_TRUE(fs::is_symlink(fs::path(root_) / c.link));
  }
}

TEST_F(ReviewCliTest, AnInvalidActualCaptureRefusesTheWholeRun) {
  WriteTwoPending();
  for (const auto& [path, contents] : ChangedCapture()) Write(path, contents);
  Write("goldens/t/walk.capture.actual/about/2x1", kInvalidTuiFrame);
  const std::map<std::string, std::string> before = Files();
  const Result result = Review({"--accept-all"});
  EXPECT_EQ(result.code, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err,
            "vtsnap review: ROOT/goldens/t/walk.capture.actual/about/2x1:4:1: expected a cell "
            "count (a number 1-2 without leading zeros), got \"3\"\n"
            "vtsnap review: nothing was accepted (fix or reject the invalid .actual files)\n");
  EXPECT_EQ(Files(), before);
}

TEST_F(ReviewCliTest, ResolvesActualCapturesUnderTheOutputsFolder) {
  Write("src/goldens/walk_test/walk.capture/00-home/2x1", TuiFrame("hi"));
  Write("outputs/vtsnap/walk_test/walk.capture.actual/00-home/2x1", TuiFrame("ho"));
  Write("outputs/vtsnap/walk_test/new.capture.actual/00-home/2x1", TuiFrame("hi"));
  Write("outputs/vtsnap/other_test/x.capture.actual/00-home/2x1", TuiFrame("hi"));
  ::setenv("TEST_UNDECLARED_OUTPUTS_DIR", (fs::path(root_) / "outputs").c_str(), 1);
  Result result = Review({"--list"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out,
            "ROOT/outputs/vtsnap/other_test/x.capture.actual/: golden unknown (no golden or "
            "golden folder under the folders reviewed ends in goldens/other_test/x.capture)\n"
            "ROOT/src/goldens/walk_test/new.capture/: new capture (1 frame in 1 scenario)\n"
            "ROOT/src/goldens/walk_test/walk.capture/: changed: 1 difference\n");
  result = Review({"--accept-all"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("review: 2 accepted, 0 rejected, 1 skipped\n"));
  const std::map<std::string, std::string> want = {
      {"outputs/vtsnap/other_test/x.capture.actual/00-home/2x1", TuiFrame("hi")},
      {"src/goldens/walk_test/new.capture/00-home/2x1", TuiFrame("hi")},
      {"src/goldens/walk_test/walk.capture/00-home/2x1", TuiFrame("ho")},
  };
  EXPECT_EQ(Files(), want);
}

TEST_F(ReviewCliTest, ResolvesActualFilesUnderTheOutputsFolder) {
  Write("src/goldens/menu_test/home.dump", kHello);
  Write("outputs/vtsnap/menu_test/home.dump.actual", kHelloGreen);
  Write("outputs/vtsnap/menu_test/about.dump.actual", kHello);  // new: its folder is known
  Write("outputs/vtsnap/other_test/x.dump.actual", kHello);     // no such golden folder
  ::setenv("TEST_UNDECLARED_OUTPUTS_DIR", (fs::path(root_) / "outputs").c_str(), 1);
  Result result = Review({"--list"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out,
            "ROOT/outputs/vtsnap/other_test/x.dump.actual: golden unknown (no golden or golden "
            "folder under the folders reviewed ends in goldens/other_test/x.dump)\n"
            "ROOT/src/goldens/menu_test/about.dump: new\n"
            "ROOT/src/goldens/menu_test/home.dump: changed: 1 text row, 1 style range\n");
  result = Review({"--accept-all"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("review: 2 accepted, 0 rejected, 1 skipped\n"));
  const std::map<std::string, std::string> want = {
      {"outputs/vtsnap/other_test/x.dump.actual", kHello},
      {"src/goldens/menu_test/about.dump", kHello},
      {"src/goldens/menu_test/home.dump", kHelloGreen},
  };
  EXPECT_EQ(Files(), want);
}

// `vtsnap review WORKSPACE` reads the .actual files `bazel test` kept in its bazel-testlogs
// (a symlink out of the workspace), resolves them to the workspace's goldens, and accepts them.
TEST_F(ReviewCliTest, ActualFilesInBazelTestlogsAreListedAndAccepted) {
  const std::string ws = MakeWorkspace();
  Write("ws/pkg/goldens/app_test/home.dump", kHello);
  Write("out/testlogs/pkg/app_test/test.outputs/vtsnap/app_test/home.dump.actual", kHelloGreen);
  Write("out/testlogs/pkg/app_test/test.outputs/vtsnap/app_test/about.dump.actual",
        kByeNonCanonical);  // new: its golden folder is known
  Write("out/testlogs/pkg/app_test/test.log", "the test's log\n");
  Result result = ReviewExactly({"--list", ws});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out,
            "ROOT/ws/pkg/goldens/app_test/about.dump: new\n"
            "ROOT/ws/pkg/goldens/app_test/home.dump: changed: 1 text row, 1 style range\n");
  EXPECT_EQ(result.err, "");
  result = ReviewExactly({"--accept-all", ws});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out,
            "accepted ROOT/ws/pkg/goldens/app_test/about.dump (new)\n"
            "accepted ROOT/ws/pkg/goldens/app_test/home.dump\n"
            "review: 2 accepted, 0 rejected, 0 skipped\n");
  const std::map<std::string, std::string> want = {
      {"out/testlogs/pkg/app_test/test.log", "the test's log\n"},
      {"ws/pkg/goldens/app_test/about.dump", kByeCanonical},
      {"ws/pkg/goldens/app_test/home.dump", kHelloGreen},
  };
  EXPECT_EQ(Files(), want);
}

TEST_F(ReviewCliTest, RejectAllRemovesTheActualFilesFromBazelTestlogs) {
  const std::string ws = MakeWorkspace();
  Write("ws/pkg/goldens/app_test/home.dump", kHello);
  Write("out/testlogs/pkg/app_test/shard_2_of_3/test.outputs/vtsnap/app_test/home.dump.actual",
        kHelloGreen);
  const Result result = ReviewExactly({"--reject-all", ws});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out,
            "rejected ROOT/ws/bazel-testlogs/pkg/app_test/shard_2_of_3/test.outputs/vtsnap/"
            "app_test/home.dump.actual\n"
            "review: 0 accepted, 1 rejected, 0 skipped\n");
  const std::map<std::string, std::string> want = {{"ws/pkg/goldens/app_test/home.dump", kHello}};
  EXPECT_EQ(Files(), want);
}

// Which golden an .actual in bazel-testlogs/<path>/test.outputs resolves to, among the goldens
// ending in goldens/app_test/home.dump: the one under the longest prefix of <path> holding any.
TEST_F(ReviewCliTest, ActualFilesInBazelTestlogsResolveByPackage) {
  struct Case {
    std::string name;
    std::vector<std::string> goldens;  // workspace folders holding goldens/app_test/home.dump
    std::string outputs;               // the test.outputs folder under bazel-testlogs
    std::string out;
    // Workspace folders holding goldens/app_test/ with another golden only (home.dump is new).
    std::vector<std::string> new_in = {};
  };
  const std::string changed = "goldens/app_test/home.dump: changed: 1 text row, 1 style range\n";
  const std::vector<Case> cases = {
      {"one golden", {"pkg"}, "pkg/app_test/test.outputs", "ROOT/ws/pkg/" + changed},
      {"one golden, from elsewhere (the suffix alone decides)",
       {"pkg"},
       "other/app_test/test.outputs",
       "ROOT/ws/pkg/" + changed},
      {"a shard", {"pkg"}, "pkg/app_test/shard_2_of_3/test.outputs", "ROOT/ws/pkg/" + changed},
      {"two packages with one stem",
       {"pkg", "other"},
       "other/app_test/test.outputs",
       "ROOT/ws/other/" + changed},
      {"two packages with one stem, sharded",
       {"pkg", "other"},
       "pkg/app_test/shard_2_of_3/test.outputs",
       "ROOT/ws/pkg/" + changed},
      {"a shard's folder is not the target's: pkg/app_test is not a package prefix",
       {"pkg", "pkg/app_test"},
       "pkg/app_test/shard_2_of_3/test.outputs",
       "ROOT/ws/bazel-testlogs/pkg/app_test/shard_2_of_3/test.outputs/vtsnap/app_test/"
       "home.dump.actual: golden unknown (2 goldens could be meant "
       "(ROOT/ws/pkg/app_test/goldens/app_test/home.dump, "
       "ROOT/ws/pkg/goldens/app_test/home.dump))\n"},
      {"a nested package",
       {"pkg", "pkg/sub"},
       "pkg/sub/app_test/test.outputs",
       "ROOT/ws/pkg/sub/" + changed},
      {"a nested package's parent: both are under it",
       {"pkg", "pkg/sub"},
       "pkg/app_test/test.outputs",
       "ROOT/ws/bazel-testlogs/pkg/app_test/test.outputs/vtsnap/app_test/home.dump.actual: golden "
       "unknown (2 goldens could be meant (ROOT/ws/pkg/goldens/app_test/home.dump, "
       "ROOT/ws/pkg/sub/goldens/app_test/home.dump))\n"},
      {"a target name with a slash",
       {"pkg", "other"},
       "pkg/tests/app_test/test.outputs",
       "ROOT/ws/pkg/" + changed},
      {"two goldens in the package",
       {"pkg/a", "pkg/b", "other"},
       "pkg/app_test/test.outputs",
       "ROOT/ws/bazel-testlogs/pkg/app_test/test.outputs/vtsnap/app_test/home.dump.actual: golden "
       "unknown (2 goldens could be meant (ROOT/ws/pkg/a/goldens/app_test/home.dump, "
       "ROOT/ws/pkg/b/goldens/app_test/home.dump))\n"},
      {"none in the package",
       {"pkg", "other"},
       "third/app_test/test.outputs",
       "ROOT/ws/bazel-testlogs/third/app_test/test.outputs/vtsnap/app_test/home.dump.actual: "
       "golden unknown (2 goldens could be meant (ROOT/ws/other/goldens/app_test/home.dump, "
       "ROOT/ws/pkg/goldens/app_test/home.dump))\n"},
      {"a new golden in the package's folder, the same name in another package",
       {"other"},
       "pkg/app_test/test.outputs",
       "ROOT/ws/pkg/goldens/app_test/home.dump: new\n",
       {"pkg"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    fs::remove_all(root_);
    fs::create_directories(root_);
    const std::string ws = MakeWorkspace();
    for (const std::string& folder : c.goldens) {
      Write(absl::StrCat("ws/", folder, "/goldens/app_test/home.dump"), kHello);
    }
    for (const std::string& folder : c.new_in) {
      Write(absl::StrCat("ws/", folder, "/goldens/app_test/about.dump"), kHello);
    }
    Write(absl::StrCat("out/testlogs/", c.outputs, "/vtsnap/app_test/home.dump.actual"),
          kHelloGreen);
    const Result result = ReviewExactly({"--list", ws});
    EXPECT_EQ(result.code, 0) << result.err;
    EXPECT_EQ(result.out, c.out);
  }
}

// Bazel's testlogs are read-only: accepting writes the golden all the same and says why the
// .actual is left; rejecting fails, naming it, and exits 2.
TEST_F(ReviewCliTest, ReadOnlyBazelTestlogsKeepTheActualButAcceptTheGolden) {
  const std::string ws = MakeWorkspace();
  Write("ws/pkg/goldens/app_test/home.dump", kHello);
  const std::string folder = "out/testlogs/pkg/app_test/test.outputs/vtsnap/app_test";
  Write(folder + "/home.dump.actual", kHelloGreen);
  MakeReadOnlyAsBazelLeavesIt(folder, "home.dump.actual");

  const std::string actual =
      "ROOT/ws/bazel-testlogs/pkg/app_test/test.outputs/vtsnap/app_test/home.dump.actual";
  const std::string why =
      absl::StrCat("removing \"", actual,
                   "\": Permission denied (Bazel keeps test outputs read-only; the next bazel test "
                   "of the target replaces them)");
  Result result = ReviewBinary(ws, {"--reject-all", ws}, /*unprivileged=*/true);
  EXPECT_EQ(result.code, 2) << result.err;
  EXPECT_EQ(result.err, absl::StrCat("vtsnap review: ", why, "\n"));
  EXPECT_EQ(result.out, "review: 0 accepted, 0 rejected, 1 skipped\n");

  result = ReviewBinary(ws, {"--accept-all", ws}, /*unprivileged=*/true);
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out,
            absl::StrCat("accepted ROOT/ws/pkg/goldens/app_test/home.dump; could not remove the "
                         ".actual: ",
                         why, "\nreview: 1 accepted, 0 rejected, 0 skipped\n"));
  EXPECT_EQ(result.err, "");
  fs::permissions(fs::path(root_) / folder, fs::perms::all);
  const std::map<std::string, std::string> want = {
      {folder + "/home.dump.actual", kHelloGreen},
      {"ws/pkg/goldens/app_test/home.dump", kHelloGreen},
  };
  EXPECT_EQ(Files(), want);
}

// The same .actual beside the golden (a ctest run) and in read-only testlogs (a bazel test run):
// one entry; accepting it writes the golden and removes the twin it can, keeping and naming the
// one Bazel owns.
TEST_F(ReviewCliTest, IdenticalActualTwinsGoEvenWhenOneIsInReadOnlyTestlogs) {
  const std::string ws = MakeWorkspace();
  Write("ws/pkg/goldens/app_test/home.dump", kHello);
  Write("ws/pkg/goldens/app_test/home.dump.actual", kHelloGreen);
  const std::string folder = "out/testlogs/pkg/app_test/test.outputs/vtsnap/app_test";
  Write(folder + "/home.dump.actual", kHelloGreen);
  MakeReadOnlyAsBazelLeavesIt(folder, "home.dump.actual");

  Result result = ReviewBinary(ws, {"--list", ws}, /*unprivileged=*/true);
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out,
            "ROOT/ws/pkg/goldens/app_test/home.dump: changed: 1 text row, 1 style range\n");
  result = ReviewBinary(ws, {"--accept-all", ws}, /*unprivileged=*/true);
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("accepted ROOT/ws/pkg/goldens/app_test/home.dump; could not "
                                    "remove the .actual: removing \"ROOT/ws/bazel-testlogs/"));
  EXPECT_THAT(result.out, HasSubstr("review: 1 accepted, 0 rejected, 0 skipped\n"));
  fs::permissions(fs::path(root_) / folder, fs::perms::all);
  const std::map<std::string, std::string> want = {
      {folder + "/home.dump.actual", kHelloGreen},
      {"ws/pkg/goldens/app_test/home.dump", kHelloGreen},
  };
  EXPECT_EQ(Files(), want);
}

// Bazel 4.2.3 keeps a test's outputs only zipped: the pending entries of an outputs.zip are
// extracted into the user's private folder and reviewed like loose ones (an accepted one stays
// accepted while the zip is the same); a zip review cannot read is named once on stderr; a loose
// vtsnap/ folder beside a zip is read instead of the zip.
TEST_F(ReviewCliTest, ZippedTestOutputsAreExtractedAndReviewed) {
  const std::string ws = MakeWorkspace();
  fs::create_directories(fs::path(root_) / "tmp");
  Write("ws/pkg/goldens/app_test/home.dump", kHello);
  Write("ws/pkg/goldens/both_test/home.dump", kHello);
  const std::string app_zip = vtsnap_test::ZipOf(
      {{.name = "vtsnap/", .contents = ""},
       {.name = "vtsnap/app_test/home.dump.actual", .contents = kHelloGreen, .method = 8},
       {.name = "vtsnap/vtsnap-report.html", .contents = "<html>"}});
  Write("out/testlogs/pkg/app_test/test.outputs/outputs.zip", app_zip);
  Write("out/testlogs/pkg/log_test/test.outputs/outputs.zip",
        vtsnap_test::ZipOf({{.name = "trace.json", .contents = "{}"}}));
  Write("out/testlogs/pkg/odd_test/shard_1_of_2/test.outputs/outputs.zip",
        "this is not a zip archive at all");  // 32 bytes
  Write("out/testlogs/pkg/both_test/test.outputs/outputs.zip",
        vtsnap_test::ZipOf(
            {{.name = "vtsnap/both_test/home.dump.actual", .contents = kByeCanonical}}));
  Write("out/testlogs/pkg/both_test/test.outputs/vtsnap/both_test/home.dump.actual", kHelloGreen);

  const std::string unreadable =
      "vtsnap review: bazel-testlogs/pkg/odd_test/shard_1_of_2/test.outputs/outputs.zip: byte 32: "
      "no end of central directory: not a zip (its pending goldens, if any, are not listed)\n";
  Result result = ReviewBinary(ws, {"--list"}, /*unprivileged=*/false);
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.err, unreadable);
  EXPECT_EQ(result.out,
            "pkg/goldens/app_test/home.dump: changed: 1 text row, 1 style range\n"
            "pkg/goldens/both_test/home.dump: changed: 1 text row, 1 style range\n");

  result = ReviewBinary(ws, {"--accept-all", "--filter", "app_test"}, /*unprivileged=*/false);
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("review: 1 accepted, 0 rejected, 0 skipped\n"));
  EXPECT_EQ(Files().at("ws/pkg/goldens/app_test/home.dump"), kHelloGreen);
  // Bazel's zip is left as it was; the accepted entry is gone from the extraction.
  EXPECT_EQ(Files().at("out/testlogs/pkg/app_test/test.outputs/outputs.zip"), app_zip);
  result = ReviewBinary(ws, {"--list", "--filter", "app_test"}, /*unprivileged=*/false);
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out, "");
}

// A zip bomb in an outputs.zip is named once on stderr and left unread, in a run that may map
// 512 MiB (eight of 128 MiB held at once would not fit); the review goes on with the other
// pending entries, and nothing of the bomb is written to the temporary folder.
TEST_F(ReviewCliTest, AZipBombIsNamedOnceAndTheReviewGoesOn) {
  const vtsnap_test::Zeros zeros = vtsnap_test::DeflatedZeros(1024);  // 128 MiB, 130 KB
  ASSERT_EQ(zeros.size, kMaxGoldenBytes);
  // The entries of a bomb: `count` files of 128 MiB of zeros, each its own copy of the stream
  // or all sharing the first's.
  auto bomb = [&zeros](int count, bool shared) {
    std::vector<vtsnap_test::ZipEntry> entries;
    for (int i = 0; i < count; ++i) {
      entries.push_back({.name = absl::StrCat("vtsnap/app_test/", i, ".rgba.actual"),
                         .contents = "",
                         .method = 8,
                         .crc = zeros.crc,
                         .size = zeros.size,
                         .raw = zeros.deflated,
                         .data_of = shared && i > 0 ? std::optional<size_t>(0) : std::nullopt});
    }
    return vtsnap_test::ZipOf(entries);
  };
  struct Case {
    std::string name;
    std::string zip;
    std::string why;
  };
  const Case cases[] = {
      {"64 entries sharing one stream, over the total", bomb(64, true),
       "\"vtsnap/app_test/4.rgba.actual\" brings the files read to 671088640 bytes, over the "
       "limit of 536870912 for one archive"},
      {"4 entries sharing one stream, within the total", bomb(4, true),
       "\"vtsnap/app_test/1.rgba.actual\" overlaps the data of \"vtsnap/app_test/0.rgba.actual\""},
      {"12 entries of their own 128 MiB each", bomb(12, false),
       "\"vtsnap/app_test/4.rgba.actual\" brings the files read to 671088640 bytes, over the "
       "limit of 536870912 for one archive"},
  };
  const std::string zip = "bazel-testlogs/pkg/app_test/test.outputs/outputs.zip";
  // The command runs in 512 MiB of address space, except under AddressSanitizer, whose shadow
  // memory alone needs terabytes: there the caps are checked without the limit.
#ifdef VTSNAP_TEST_ASAN
  constexpr rlim_t kBombAddressSpace = RLIM_INFINITY;
#else
  constexpr rlim_t kBombAddressSpace = rlim_t{512} << 20;
#endif
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    fs::remove_all(root_);
    fs::create_directories(fs::path(root_) / "tmp");
    const std::string ws = MakeWorkspace();
    Write("ws/pkg/goldens/app_test/home.dump", kHello);
    Write("ws/pkg/goldens/other_test/home.dump", kHello);
    Write("out/testlogs/pkg/app_test/test.outputs/outputs.zip", c.zip);
    Write("out/testlogs/pkg/other_test/test.outputs/vtsnap/other_test/home.dump.actual",
          kHelloGreen);
    const Result result = ReviewBinary(ws, {"--list"}, /*unprivileged=*/false, kBombAddressSpace);
    EXPECT_EQ(result.code, 0) << result.err;
    EXPECT_EQ(result.out, "pkg/goldens/other_test/home.dump: changed: 1 text row, 1 style range\n");
    EXPECT_THAT(result.err, HasSubstr(absl::StrCat("vtsnap review: ", zip, ": byte ")));
    EXPECT_THAT(result.err, HasSubstr(c.why));
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    uintmax_t written = 0;
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(root_) / "tmp")) {
      if (entry.is_regular_file()) written += entry.file_size();
    }
    EXPECT_EQ(written, 0u);
  }
}

// The default folder is the current one: its bazel-testlogs is read, while the walk still does
// not follow other symlinked folders.
TEST_F(ReviewCliTest, TheDefaultWalkFollowsNoOtherSymlinkedFolder) {
  const std::string ws = MakeWorkspace();
  Write("ws/pkg/goldens/app_test/home.dump", kHello);
  Write("out/testlogs/pkg/app_test/test.outputs/vtsnap/app_test/home.dump.actual", kHelloGreen);
  Write("elsewhere/goldens/z_test/w.dump", kHello);
  Write("elsewhere/goldens/z_test/w.dump.actual", kHelloGreen);
  fs::create_directory_symlink(fs::path(root_) / "elsewhere", fs::path(ws) / "bazel-out");
  fs::create_directory_symlink(fs::path(root_) / "elsewhere", fs::path(ws) / "pkg/linked");
  const Result result = ReviewBinary(ws, {"--list"}, /*unprivileged=*/false);
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out, "pkg/goldens/app_test/home.dump: changed: 1 text row, 1 style range\n");
  EXPECT_EQ(result.err, "");
}

// A bazel-testlogs that is a folder, not a symlink, is read for its test.outputs only: its
// .actual is not also taken for one beside a golden in bazel-testlogs.
TEST_F(ReviewCliTest, ABazelTestlogsFolderIsReadForItsTestOutputsOnly) {
  Write("ws/pkg/goldens/app_test/home.dump", kHello);
  Write("ws/bazel-testlogs/pkg/app_test/test.outputs/vtsnap/app_test/home.dump.actual",
        kHelloGreen);
  Write("ws/bazel-testlogs/pkg/goldens/x_test/y.dump.actual", kHelloGreen);
  const Result result = ReviewExactly({"--list", (fs::path(root_) / "ws").string()});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out,
            "ROOT/ws/pkg/goldens/app_test/home.dump: changed: 1 text row, 1 style range\n");
}

// Two .actual files for one golden (beside it, and in the outputs tree): neither is accepted.
TEST_F(ReviewCliTest, TwoActualFilesForOneGoldenAreNeitherAccepted) {
  Write("src/goldens/menu_test/home.dump", kHello);
  Write("src/goldens/menu_test/home.dump.actual", kHelloGreen);
  Write("outputs/vtsnap/menu_test/home.dump.actual", kByeNonCanonical);
  ::setenv("TEST_UNDECLARED_OUTPUTS_DIR", (fs::path(root_) / "outputs").c_str(), 1);
  const Result result = Review({"--accept-all"});
  EXPECT_THAT(result.err, HasSubstr("several .actual files are pending for "
                                    "ROOT/src/goldens/menu_test/home.dump"));
  EXPECT_THAT(result.out, HasSubstr("review: 0 accepted, 0 rejected, 2 skipped\n"));
  EXPECT_EQ(Files().at("src/goldens/menu_test/home.dump"), kHello);
}

// Two .actual files for one golden with the same bytes (a test and its twin in another build):
// one entry, and accepting it removes both.
TEST_F(ReviewCliTest, IdenticalActualFilesForOneGoldenAreOneEntryAcceptedTogether) {
  Write("src/goldens/menu_test/home.dump", kHello);
  Write("src/goldens/menu_test/home.dump.actual", kHelloGreen);
  Write("outputs/vtsnap/menu_test/home.dump.actual", kHelloGreen);
  ::setenv("TEST_UNDECLARED_OUTPUTS_DIR", (fs::path(root_) / "outputs").c_str(), 1);
  const Result list = Review({"--list"});
  EXPECT_EQ(list.code, 0) << list.err;
  EXPECT_EQ(list.out, "ROOT/src/goldens/menu_test/home.dump: changed: 1 text row, 1 style range\n");
  const Result result = Review({"--accept-all"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("review: 1 accepted, 0 rejected, 0 skipped\n"));
  const std::map<std::string, std::string> want = {
      {"src/goldens/menu_test/home.dump", kHelloGreen}};
  EXPECT_EQ(Files(), want);
}

// Rejecting such an entry removes every one of its .actual files.
TEST_F(ReviewCliTest, IdenticalActualFilesForOneGoldenAreRejectedTogether) {
  Write("src/goldens/menu_test/home.dump", kHello);
  Write("src/goldens/menu_test/home.dump.actual", kHelloGreen);
  Write("outputs/vtsnap/menu_test/home.dump.actual", kHelloGreen);
  ::setenv("TEST_UNDECLARED_OUTPUTS_DIR", (fs::path(root_) / "outputs").c_str(), 1);
  const Result result = Review({"--reject-all"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("review: 0 accepted, 1 rejected, 0 skipped\n"));
  const std::map<std::string, std::string> want = {{"src/goldens/menu_test/home.dump", kHello}};
  EXPECT_EQ(Files(), want);
}

// Only a golden's .actual is pending: another tool's `X.actual` is left alone.
TEST_F(ReviewCliTest, OtherToolsActualFilesAreNotEntries) {
  Write("fixtures/expected.txt", "mine\n");
  Write("fixtures/expected.txt.actual", "theirs\n");
  const Result list = Review({"--list"});
  EXPECT_EQ(list.code, 0) << list.err;
  EXPECT_EQ(list.out, "");
  ASSERT_EQ(Review({"--accept-all"}).code, 0);
  ASSERT_EQ(Review({"--reject-all"}).code, 0);
  const std::map<std::string, std::string> want = {
      {"fixtures/expected.txt", "mine\n"},
      {"fixtures/expected.txt.actual", "theirs\n"},
  };
  EXPECT_EQ(Files(), want);
}

// A 2x1 RGBA plane: one opaque pixel of `rgb` (0xRRGGBB), one transparent.
std::string Plane(uint32_t rgb) {
  std::string bytes = "ckvision-rgba 1\n2 1\n";
  bytes += static_cast<char>((rgb >> 16) & 0xFF);
  bytes += static_cast<char>((rgb >> 8) & 0xFF);
  bytes += static_cast<char>(rgb & 0xFF);
  bytes += '\xFF';
  bytes += std::string(4, '\0');
  return bytes;
}

constexpr char kSemantic[] =
    "vtsnap-semantic 1\n"
    "capture viewport\n"
    "size 10x2\n"
    "buffer normal\n"
    "viewport top=0 scrollback=0\n"
    "cursor visible row=0 col=8 shape=block\n"
    "mode bracketed-paste off\n"
    "mode mouse-tracking off\n"
    "mode mouse-encoding default\n"
    "mode focus-events off\n"
    "mode synchronized-output off\n"
    "mode application-cursor-keys off\n"
    "text\n"
    "0 |hi there\n"
    "1 |\n"
    "styles\n"
    "0 3-7 bold fg=red\n";

TEST_F(ReviewCliTest, EveryGoldenFormatIsAcceptedThroughItsReader) {
  struct Case {
    std::string name;
    std::string actual;    // the .actual's path
    std::string contents;  // its bytes
    std::string golden;    // the golden's bytes after --accept-all; "" when refused
    std::string err;       // the message of a refusal
  };
  const std::vector<Case> cases = {
      {"a scene is a dump", "goldens/t/s.scene.actual", kByeNonCanonical, kByeCanonical, ""},
      {"rgba", "goldens/t/p.rgba.actual", Plane(0xFF8000), Plane(0xFF8000), ""},
      {"semantic", "goldens/t/x.semantic.actual", kSemantic, kSemantic, ""},
      {"invalid rgba", "goldens/t/p.rgba.actual", "ckvision-rgba 2\n2 1\n", "",
       "vtsnap review: ROOT/goldens/t/p.rgba.actual: line 1, column 1: expected "
       "\"ckvision-rgba 1\", got \"ckvision-rgba 2\"\n"},
      {"invalid semantic", "goldens/t/x.semantic.actual", "vtsnap-semantic 1\nbogus\n", "",
       "vtsnap review: ROOT/goldens/t/x.semantic.actual:2:"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    fs::remove_all(root_);
    fs::create_directories(root_);
    Write(c.actual, c.contents);
    const Result result = Review({"--accept-all"});
    const std::string golden = c.actual.substr(0, c.actual.size() - std::string(".actual").size());
    if (c.golden.empty()) {
      EXPECT_EQ(result.code, 2);
      EXPECT_THAT(result.err, ::testing::StartsWith(c.err));
      EXPECT_EQ(Files(), (std::map<std::string, std::string>{{c.actual, c.contents}}));
    } else {
      EXPECT_EQ(result.code, 0) << result.err;
      EXPECT_EQ(Files(), (std::map<std::string, std::string>{{golden, c.golden}}));
    }
  }
}

// How review prints a name: one decision per case.
TEST(ReviewShownNameTest, ShowsEveryControlAndBidiCharacterVisibly) {
  struct Case {
    std::string name;
    std::string text;
    std::string shown;
  };
  const Case cases[] = {
      {"a plain path as it is", "goldens/a_test/home.dump", "goldens/a_test/home.dump"},
      {"printable UTF-8 as it is", "goldens/caf\u00e9 \u2713/x.dump",
       "goldens/caf\u00e9 \u2713/x.dump"},
      {"an OSC title sequence as control pictures",
       "a\x1b]0;pwned\x07"
       "b",
       "a\u241b]0;pwned\u2407b"},
      {"a tab and a newline as control pictures", "a\tb\nc", "a\u2409b\u240ac"},
      {"DEL as its control picture", "a\x7f", "a\u2421"},
      {"a C1 CSI by name", "a\u009b2Jb", "a<U+009B>2Jb"},
      {"a malformed byte as U+FFFD", "a\xff", "a\ufffd"},
      {"the right-to-left override by name", "evil\u202etxt.dump", "evil<U+202E>txt.dump"},
      {"the embeddings and the pop by name", "\u202a\u202b\u202c\u202d",
       "<U+202A><U+202B><U+202C><U+202D>"},
      {"the isolates by name", "\u2066\u2067\u2068\u2069", "<U+2066><U+2067><U+2068><U+2069>"},
      {"the marks by name", "\u200e\u200f\u061c", "<U+200E><U+200F><U+061C>"},
      {"a zero-width joiner as it is (not a bidi control)", "a\u200db", "a\u200db"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(review_internal::ShownName(c.text), c.shown) << c.name;
  }
}

// A golden folder or an outputs.zip entry named with an escape sequence (here OSC 0, which sets
// the window title) or a bidi control is printed with control pictures and <U+...> names by
// --list, --reject-all and the notes: nothing raw reaches the terminal.
TEST_F(ReviewCliTest, NamesWithEscapeSequencesArePrintedVisibly) {
  const std::string ws = MakeWorkspace();
  fs::create_directories(fs::path(root_) / "tmp");
  const std::string folder = "ws/pkg/goldens/\x1b]0;pwned\x07\u202e/";
  Write(folder + "home.dump", kHello);
  Write(folder + "home.dump.actual", kHelloGreen);
  Write("out/testlogs/pkg/app_test/test.outputs/outputs.zip",
        vtsnap_test::ZipOf(
            {{.name = "vtsnap/\x1b]0;zip\x07.dump.actual", .contents = "x", .crc = 1}}));
  const std::string shown = "pkg/goldens/\u241b]0;pwned\u2407<U+202E>/home.dump";

  Result result = ReviewBinary(ws, {"--list"}, /*unprivileged=*/false);
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out, shown + ": changed: 1 text row, 1 style range\n");
  EXPECT_THAT(result.err, HasSubstr("\"vtsnap/\u241b]0;zip\u2407.dump.actual\" fails its CRC-32"));
  EXPECT_EQ(result.err.find('\x1b'), std::string::npos) << result.err;

  result = ReviewBinary(ws, {"--reject-all"}, /*unprivileged=*/false);
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out,
            "rejected " + shown + ".actual\nreview: 0 accepted, 1 rejected, 0 skipped\n");
  EXPECT_EQ(result.err.find('\x1b'), std::string::npos) << result.err;
}

TEST_F(ReviewCliTest, ListSummarizesAnRgbaPlane) {
  Write("goldens/t/p.rgba", Plane(0xFF8000));
  Write("goldens/t/p.rgba.actual", Plane(0x0080FF));
  const Result result = Review({"--list"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out,
            "ROOT/goldens/t/p.rgba: changed: planes differ: 1 of 2 pixels in x 0, y 0\n");
}

// A changed semantic golden is listed with the lines that differ, indented under its entry (the
// semantic diff after its first line), the first ten of them, then how many were left out.
TEST_F(ReviewCliTest, ListShowsTheLinesOfAChangedSemanticGolden) {
  std::string changed = kSemantic;
  changed.replace(changed.find("0 |hi there"), 11, "0 |hi where");
  changed.replace(changed.find("fg=red"), 6, "fg=green");
  Write("goldens/t/x.semantic", kSemantic);
  Write("goldens/t/x.semantic.actual", changed);
  Result result = Review({"--list"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out,
            "ROOT/goldens/t/x.semantic: changed: projections differ (- expected, + actual)\n"
            "  text:\n"
            "    - 0 |hi there\n"
            "    + 0 |hi where\n"
            "  styles:\n"
            "    - 0 3-7 bold fg=red\n"
            "    + 0 3-7 bold fg=green\n");

  // 30 rows that all change: 62 lines under the first (the headings, 60 row lines), 10 shown.
  const auto rows = [](char letter) {
    std::string p =
        "vtsnap-semantic 1\ncapture viewport\nsize 4x30\nbuffer normal\n"
        "viewport top=0 scrollback=0\ncursor hidden\nmode bracketed-paste off\n"
        "mode mouse-tracking off\nmode mouse-encoding default\nmode focus-events off\n"
        "mode synchronized-output off\nmode application-cursor-keys off\ntext\n";
    for (int r = 0; r < 30; ++r) absl::StrAppend(&p, r, " |", std::string(1, letter), "\n");
    return p + "styles\n";
  };
  Write("goldens/t/x.semantic", rows('a'));
  Write("goldens/t/x.semantic.actual", rows('b'));
  result = Review({"--list"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out,
            "ROOT/goldens/t/x.semantic: changed: projections differ (- expected, + actual)\n"
            "  text:\n"
            "    - 0 |a\n"
            "    - 1 |a\n"
            "    - 2 |a\n"
            "    - 3 |a\n"
            "    - 4 |a\n"
            "    - 5 |a\n"
            "    - 6 |a\n"
            "    - 7 |a\n"
            "    - 8 |a\n"
            "  ... and 52 more lines\n");
}

TEST_F(ReviewCliTest, BadArgumentsExit2) {
  struct Case {
    std::vector<std::string> args;
    std::string err;
  };
  const std::vector<Case> cases = {
      {{"--list", "--accept-all"}, "pass at most one of"},
      {{"--frobnicate"}, "unknown option '--frobnicate'"},
      {{"--filter="}, "--filter needs a non-empty SUBSTRING"},
      {{"--list", "/no/such/folder/review"}, "/no/such/folder/review: no such folder"},
  };
  for (const Case& c : cases) {
    std::ostringstream out, err;
    EXPECT_EQ(RunReview(c.args, out, err), 2);
    EXPECT_THAT(err.str(), HasSubstr(c.err));
  }
}

TEST_F(ReviewCliTest, InteractiveNeedsATerminal) {
  WriteTwoPending();
  // Under ctest stdin is not a terminal.
  if (::isatty(STDIN_FILENO) && ::isatty(STDOUT_FILENO)) GTEST_SKIP() << "run from a terminal";
  const Result result = Review({});
  EXPECT_EQ(result.code, 2);
  EXPECT_THAT(result.err, HasSubstr("pass --list, --accept-all or --reject-all"));
}

// ---------------------------------------------------------------------------------------------
// The interactive review under a pseudo-terminal.

::testing::AssertionResult Ok(const absl::Status& status) {
  if (status.ok()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << status;
}

constexpr absl::Duration kQuiet = absl::Milliseconds(150);

class ReviewTuiTest : public ReviewCliTest {
 protected:
  PtyOptions Options() const {
    PtyOptions options = pty_test::MarkedOptions(60, 16);
    options.working_directory = root_;
    return options;
  }
};

TEST_F(ReviewTuiTest, AcceptThenQuitAcceptsExactlyTheFirstEntry) {
  WriteTwoPending();
  PtySession session(Options());
  ASSERT_TRUE(Ok(session.Start({VTSNAP_CLI_BINARY, "review"})));
  ASSERT_TRUE(Ok(session.WaitForText("1/2 goldens/menu_test/about.dump (new)")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("new_entry"));

  ASSERT_TRUE(Ok(session.Send("a")));
  ASSERT_TRUE(Ok(session.WaitForText("2/2 goldens/menu_test/home.dump (changed)")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("changed_entry_diff"));

  ASSERT_TRUE(Ok(session.Send("v")));
  ASSERT_TRUE(Ok(session.WaitForText("view: expected")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session, EqualsGolden("changed_entry_expected"));

  ASSERT_TRUE(Ok(session.Send("q")));
  const absl::StatusOr<ExitStatus> exit = session.WaitForExit();
  ASSERT_TRUE(exit.ok()) << exit.status();
  EXPECT_EQ(exit->code, 0);
  EXPECT_THAT(session.ScreenText(), HasSubstr("accepted goldens/menu_test/about.dump (new)\n"
                                              "review: 1 accepted, 0 rejected, 1 skipped"));
  const std::map<std::string, std::string> want = {
      {"goldens/menu_test/about.dump", kByeCanonical},
      {"goldens/menu_test/home.dump", kHello},
      {"goldens/menu_test/home.dump.actual", kHelloGreen},
      {"goldens/menu_test/notes.txt", "unrelated\n"},
  };
  EXPECT_EQ(Files(), want);
}

// An .rgba entry has no screen: its planes are summarized and written as PNG files to look at.
TEST_F(ReviewTuiTest, AnRgbaEntryShowsItsPlanesAsPictures) {
  Write("goldens/t/p.rgba", Plane(0xFF8000));
  Write("goldens/t/p.rgba.actual", Plane(0x0080FF));
  PtyOptions options = pty_test::MarkedOptions(110, 16);
  options.working_directory = root_;
  PtySession session(options);
  ASSERT_TRUE(Ok(session.Start({VTSNAP_CLI_BINARY, "review"})));
  ASSERT_TRUE(Ok(session.WaitForText("-actual.png")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  const std::string screen = session.ScreenText();
  EXPECT_THAT(screen, HasSubstr("expected: RGBA plane 2x1 pixels, hash "));
  EXPECT_THAT(screen, HasSubstr("planes differ: 1 of 2 pixels"));
  const size_t at = screen.find("actual as a picture: ");
  ASSERT_NE(at, std::string::npos) << screen;
  const size_t start = at + std::string("actual as a picture: ").size();
  const std::string png_path = screen.substr(start, screen.find('\n', start) - start);
  std::ifstream in(png_path, std::ios::binary);
  const std::string png((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  absl::StatusOr<RgbaPlane> picture = DecodePng(png, png_path);
  ASSERT_TRUE(picture.ok()) << picture.status() << "\n" << screen;
  absl::StatusOr<RgbaPlane> actual = ParseRgba(Plane(0x0080FF));
  ASSERT_TRUE(actual.ok());
  EXPECT_EQ(*picture, *actual);
  ASSERT_TRUE(Ok(session.Send("q")));
  ASSERT_TRUE(session.WaitForExit().ok());
}

// The pictures go to this user's private folder (owned, 0700, no link), never to a fixed name in
// the shared temporary directory another user could have made a link; a private folder that fails
// its checks gives no picture, saying why, and nothing is written.
TEST_F(ReviewTuiTest, PicturesGoOnlyToThePrivateFolder) {
  struct Case {
    std::string name;
    bool open_private_folder;  // the private folder exists with mode 0777
    std::string shown;         // after "actual "
  };
  const std::string private_folder = absl::StrCat("ROOT/tmp/vtsnap-actual-", ::getuid());
  const Case cases[] = {
      {"a link at the old fixed name", false,
       absl::StrCat("as a picture: ", private_folder, "/review/")},
      {"a private folder others may write", true,
       absl::StrCat("has no picture: the folder for .actual files \"", private_folder,
                    "\" has mode 0777")},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    fs::remove_all(root_);
    Write("goldens/t/p.rgba", Plane(0xFF8000));
    Write("goldens/t/p.rgba.actual", Plane(0x0080FF));
    fs::create_directories(fs::path(root_) / "elsewhere");
    fs::create_directories(fs::path(root_) / "tmp");
    fs::create_directory_symlink(fs::path(root_) / "elsewhere",
                                 fs::path(root_) / "tmp/vtsnap-review");
    if (c.open_private_folder) {
      const fs::path open = fs::path(root_) / absl::StrCat("tmp/vtsnap-actual-", ::getuid());
      fs::create_directories(open);
      fs::permissions(open, fs::perms::all);
    }
    PtyOptions options = pty_test::MarkedOptions(200, 16);
    options.working_directory = root_;
    options.env["TMPDIR"] = (fs::path(root_) / "tmp").string();
    PtySession session(options);
    ASSERT_TRUE(Ok(session.Start({VTSNAP_CLI_BINARY, "review"})));
    ASSERT_TRUE(Ok(session.WaitForText("actual ")));
    ASSERT_TRUE(Ok(session.WaitForText("planes differ")));
    ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
    const std::string screen = absl::StrReplaceAll(session.ScreenText(), {{root_, "ROOT"}});
    EXPECT_THAT(screen, HasSubstr(absl::StrCat("actual ", c.shown))) << screen;
    EXPECT_TRUE(fs::is_empty(fs::path(root_) / "elsewhere"));
    ASSERT_TRUE(Ok(session.Send("q")));
    ASSERT_TRUE(session.WaitForExit().ok());
  }
}

// The header names the entry with control pictures: a folder named with OSC 0 does not set the
// window title (nor vanish from the header) on the reviewer's terminal.
TEST_F(ReviewTuiTest, TheHeaderShowsANameWithEscapesVisibly) {
  Write("goldens/\x1b]0;pwned\x07/home.dump", kHello);
  Write("goldens/\x1b]0;pwned\x07/home.dump.actual", kHelloGreen);
  PtySession session(Options());
  ASSERT_TRUE(Ok(session.Start({VTSNAP_CLI_BINARY, "review"})));
  ASSERT_TRUE(Ok(session.WaitForText("a accept")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  EXPECT_THAT(session.ScreenText(),
              HasSubstr("1/1 goldens/\u241b]0;pwned\u2407/home.dump (changed)"));
  ASSERT_TRUE(Ok(session.Send("q")));
  ASSERT_TRUE(session.WaitForExit().ok());
}

// A capture entry: its Differences, each capture's frames and the first differing frame's rows,
// then `a` writes the golden as --accept-all does.
TEST_F(ReviewTuiTest, ACaptureEntryIsShownAndAccepted) {
  for (const auto& [path, contents] : ChangedCapture()) Write(path, contents);
  PtyOptions options = pty_test::MarkedOptions(100, 16);
  options.working_directory = root_;
  PtySession session(options);
  ASSERT_TRUE(Ok(session.Start({VTSNAP_CLI_BINARY, "review"})));
  ASSERT_TRUE(Ok(session.WaitForText("1/1 goldens/t/walk.capture/ (changed capture)")));
  ASSERT_TRUE(Ok(session.WaitForText("gone 2x1: -")));
  std::string screen = session.ScreenText();
  EXPECT_THAT(screen, HasSubstr("not frame files, which accepting leaves as they are: notes.txt"));
  EXPECT_THAT(screen, HasSubstr("00-home 2x1 1,0: \"i\" Reset Reset NONE \u2192 \"o\" Reset Reset "
                                "NONE\n00-home 3x1: -\nabout 2x1: +\ngone 2x1: -"));

  ASSERT_TRUE(Ok(session.Send("v")));
  ASSERT_TRUE(Ok(session.WaitForText("view: expected")));
  ASSERT_TRUE(Ok(session.WaitForText("|hi|")));
  screen = session.ScreenText();
  EXPECT_THAT(screen, HasSubstr("  00-home/ 2x1 3x1\n  gone/ 2x1\n"
                                "the first frame that differs, 00-home/2x1:\n|hi|"));

  ASSERT_TRUE(Ok(session.Send("v")));
  ASSERT_TRUE(Ok(session.WaitForText("view: actual")));
  ASSERT_TRUE(Ok(session.WaitForText("|ho|")));
  EXPECT_THAT(session.ScreenText(), HasSubstr("  00-home/ 2x1\n  about/ 2x1\n"));

  ASSERT_TRUE(Ok(session.Send("a")));  // the last entry: the review ends
  const absl::StatusOr<ExitStatus> exit = session.WaitForExit();
  ASSERT_TRUE(exit.ok()) << exit.status();
  EXPECT_EQ(exit->code, 0);
  EXPECT_THAT(session.ScreenText(),
              HasSubstr("accepted goldens/t/walk.capture/; left as they are, not frame files: "
                        "notes.txt\nreview: 1 accepted, 0 rejected, 0 skipped"));
  const std::map<std::string, std::string> want = {
      {"goldens/t/walk.capture/00-home/2x1", TuiFrame("ho")},
      {"goldens/t/walk.capture/about/2x1", TuiFrame("ab")},
      {"goldens/t/walk.capture/notes.txt", "kept\n"},
  };
  EXPECT_EQ(Files(), want);
}

TEST_F(ReviewTuiTest, RejectSkipAndTheEndOfTheList) {
  WriteTwoPending();
  PtySession session(Options());
  ASSERT_TRUE(Ok(session.Start({VTSNAP_CLI_BINARY, "review"})));
  ASSERT_TRUE(Ok(session.WaitForText("1/2 ")));
  ASSERT_TRUE(Ok(session.Send("r")));
  ASSERT_TRUE(Ok(session.WaitForText("2/2 ")));
  ASSERT_TRUE(Ok(session.Send("s")));  // past the last entry: the review ends
  const absl::StatusOr<ExitStatus> exit = session.WaitForExit();
  ASSERT_TRUE(exit.ok()) << exit.status();
  EXPECT_EQ(exit->code, 0);
  EXPECT_THAT(session.ScreenText(), HasSubstr("review: 0 accepted, 1 rejected, 1 skipped"));
  const std::map<std::string, std::string> want = {
      {"goldens/menu_test/home.dump", kHello},
      {"goldens/menu_test/home.dump.actual", kHelloGreen},
      {"goldens/menu_test/notes.txt", "unrelated\n"},
  };
  EXPECT_EQ(Files(), want);
}

TEST_F(ReviewTuiTest, ResizeDrawsAgainAndSigtermLeavesTheAlternateScreen) {
  WriteTwoPending();
  PtySession session(Options());
  ASSERT_TRUE(Ok(session.Start({VTSNAP_CLI_BINARY, "review"})));
  ASSERT_TRUE(Ok(session.WaitForText("1/2 ")));
  ASSERT_TRUE(Ok(session.Send("n")));
  ASSERT_TRUE(Ok(session.WaitForText("2/2 ")));
  ASSERT_TRUE(Ok(session.WaitForQuiet(kQuiet)));
  // At 60 columns the report's first line is cut; after the resize it is drawn whole.
  EXPECT_THAT(session.ScreenText(), Not(HasSubstr("rows and columns are 0-based")));
  ASSERT_TRUE(Ok(session.Resize(80, 20)));
  ASSERT_TRUE(Ok(session.WaitForText("rows and columns are 0-based")));

  ASSERT_EQ(::kill(session.pid(), SIGTERM), 0);
  const absl::StatusOr<ExitStatus> exit = session.WaitForExit();
  ASSERT_TRUE(exit.ok()) << exit.status();
  EXPECT_EQ(exit->signal, SIGTERM);
  bool alternate = true;
  session.WithScreen(
      [&](const Terminal& terminal) { alternate = terminal.alternate_screen_active(); });
  EXPECT_FALSE(alternate);
  EXPECT_THAT(session.ScreenText(), Not(HasSubstr("2/2 ")));
  EXPECT_EQ(Files().size(), 4u) << "nothing was decided";
}

}  // namespace
}  // namespace vtsnap::tools
