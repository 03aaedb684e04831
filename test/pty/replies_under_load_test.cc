// The reply path under load, against pty_probe: replies to interleaved queries reach the program
// whole and in the order it asked, amid typed keys; a program that floods queries without reading
// is held to kMaxPendingReplyBytes with every drop counted, and holds up neither a wait nor Close;
// PtySession::statistics() and PtyOptions::input_sink say what was sent, dropped and left.
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/pty/test_support.h"
#include "test/scratch_dir.h"
#include "vtsnap/pty/pty_session.h"

namespace vtsnap {
namespace {

using pty_test::MarkedOptions;
using ::testing::HasSubstr;

constexpr char kProbe[] = PTY_PROBE;

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The input_sink's events, collected (the sink runs on the session's reader thread, then Close's).
struct Events {
  std::mutex mu;
  std::vector<PtyInputEvent> all;
  void Attach(PtyOptions& options) {
    options.input_sink = [this](const PtyInputEvent& e) {
      std::lock_guard<std::mutex> lock(mu);
      all.push_back(e);
    };
  }
  std::vector<PtyInputEvent> Take() {
    std::lock_guard<std::mutex> lock(mu);
    return all;
  }
};

class RepliesUnderLoadTest : public ::testing::Test {
 protected:
  void TearDown() override {
    errno = 0;
    EXPECT_EQ(waitpid(-1, nullptr, WNOHANG), -1) << "a child was left unreaped";
    for (pid_t sid : sessions_) {
      EXPECT_THAT(LiveProcessesInSession(sid), ::testing::IsEmpty()) << "session " << sid;
    }
  }
  void StartProbe(PtySession& session, std::vector<std::string> args) {
    args.insert(args.begin(), kProbe);
    ASSERT_TRUE(session.Start(args).ok());
    sessions_.push_back(session.pid());
  }
  std::vector<pid_t> sessions_;
};

// What a program read, cut into replies (ESC [ parameters and intermediates, then a final byte)
// and the bytes between them.
struct Tokens {
  std::vector<std::string> replies;
  std::string between;
};

Tokens Tokenize(const std::string& input) {
  Tokens t;
  for (size_t i = 0; i < input.size();) {
    if (input[i] != '\x1b') {
      t.between += input[i++];
      continue;
    }
    size_t end = i + 2;  // past ESC [
    while (end < input.size() && (input[end] < 0x40 || input[end] > 0x7e)) ++end;
    t.replies.push_back(input.substr(i, end + 1 - i));
    i = end + 1;
  }
  return t;
}

TEST_F(RepliesUnderLoadTest, RepliesArriveWholeInQueryOrderAmidTypedKeys) {
  // The probe asks 200 rounds of DSR 6, DA1 and DECRQM ?25, 1 ms apart, while this thread types
  // 'k' 150 times: the keys may fall between replies, never inside one ('k' would end a CSI).
  constexpr int kRounds = 200;
  constexpr int kKeys = 150;
  const std::filesystem::path read_file =
      test_util::ScratchDir("replies_under_load_interleave") / "read.bytes";
  PtyOptions options = MarkedOptions(40, 6);
  Events events;
  events.Attach(options);
  PtySession session(options);
  StartProbe(session, {"ask-rounds", absl::StrCat(kRounds), read_file.string()});
  ASSERT_TRUE(session.WaitForText("ready").ok());
  for (int i = 0; i < kKeys; ++i) {  // spread over the rounds
    ASSERT_TRUE(session.Send("k").ok());
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_TRUE(session.Send("q").ok());
  absl::Status s = session.WaitForText("done", absl::Seconds(30));
  ASSERT_TRUE(s.ok()) << s;

  const std::string read = ReadFile(read_file);
  const Tokens tokens = Tokenize(read);
  EXPECT_EQ(tokens.between, std::string(kKeys, 'k') + "q");
  ASSERT_EQ(tokens.replies.size(), 3u * kRounds);
  for (size_t i = 0; i < tokens.replies.size(); ++i) {
    const std::string& reply = tokens.replies[i];
    switch (i % 3) {
      case 0:  // after "ready\n" the cursor is on row 2, column 1
        EXPECT_EQ(reply, "\x1b[2;1R") << "reply " << i;
        break;
      case 1:
        EXPECT_EQ(reply, tokens.replies[1]) << "reply " << i;
        EXPECT_THAT(reply, ::testing::StartsWith("\x1b[?")) << "reply " << i;
        EXPECT_EQ(reply.back(), 'c') << "reply " << i;
        break;
      case 2:  // the cursor is shown: set
        EXPECT_EQ(reply, "\x1b[?25;1$y") << "reply " << i;
        break;
    }
  }
  // The statistics and the sink say what the program read.
  const PtyStatistics stats = session.statistics();
  EXPECT_EQ(stats.replies_written, 3u * kRounds);
  EXPECT_EQ(stats.reply_bytes_written, read.size() - kKeys - 1);
  EXPECT_EQ(stats.bytes_typed, kKeys + 1u);
  EXPECT_EQ(stats.replies_dropped, 0u);
  EXPECT_EQ(stats.replies_pending, 0u);
  EXPECT_EQ(stats.input_pending, 0u);
  session.Close();
  std::string sent;
  size_t reply_events = 0;
  for (const PtyInputEvent& e : events.Take()) {
    EXPECT_EQ(e.fate, PtyInputEvent::Fate::kWritten);
    sent += e.bytes;
    if (e.source == PtyInputEvent::Source::kReply) {
      ++reply_events;
      EXPECT_EQ(e.bytes[0], '\x1b');
    } else {
      EXPECT_TRUE(e.bytes == "k" || e.bytes == "q") << e.bytes;
    }
  }
  EXPECT_EQ(sent, read);
  EXPECT_EQ(reply_events, 3u * kRounds);
}

TEST_F(RepliesUnderLoadTest, FloodOfQueriesIsCappedCountedAndHoldsUpNoWait) {
  // A million DSR 6 (4 MB of queries) from a program that reads none of the answers until it has
  // asked them all: what waits stays under the cap, each reply is written or dropped and counted,
  // and a wait meanwhile ends at its timeout.
  constexpr int64_t kQueries = 1000000;
  PtyOptions options = MarkedOptions(40, 6);
  PtySession session(options);
  StartProbe(session, {"flood", absl::StrCat(kQueries)});
  std::atomic<bool> stop{false};
  std::atomic<uint64_t> most_pending{0};
  std::thread sampler([&] {
    while (!stop) {
      const uint64_t pending = session.statistics().input_pending;
      if (pending > most_pending) most_pending = pending;
      std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
  });
  const absl::Time before = absl::Now();
  absl::Status never = session.WaitForText("never shown", absl::Milliseconds(300));
  const absl::Duration took = absl::Now() - before;
  EXPECT_EQ(never.code(), absl::StatusCode::kDeadlineExceeded) << never;
  EXPECT_LT(took, absl::Seconds(3)) << "a wait during the flood took " << took;
  absl::Status s = session.WaitForText("flooded", absl::Seconds(120));
  stop = true;
  sampler.join();
  ASSERT_TRUE(s.ok()) << s;
  EXPECT_LE(most_pending.load(), kMaxPendingReplyBytes);

  const PtyStatistics flooded = session.statistics();
  EXPECT_GT(flooded.replies_dropped, 0u);
  EXPECT_EQ(flooded.reply_bytes_dropped, flooded.replies_dropped * 6);  // ESC [ 1 ; 1 R
  EXPECT_LE(flooded.input_pending, kMaxPendingReplyBytes);
  EXPECT_EQ(flooded.replies_written + flooded.replies_pending + flooded.replies_dropped,
            static_cast<uint64_t>(kQueries));

  // The program reads what was kept: every reply written, none of the dropped.
  ASSERT_TRUE(session.Send("q").ok());
  ASSERT_TRUE(session.WaitForText("got ").ok());
  const std::string screen = session.ScreenText();
  const size_t at = screen.find("got ");
  uint64_t got = 0;
  ASSERT_TRUE(absl::SimpleAtoi(screen.substr(at + 4, screen.find('\n', at) - at - 4), &got))
      << screen;
  const PtyStatistics read = session.statistics();
  EXPECT_EQ(got, read.replies_written);
  EXPECT_EQ(read.replies_pending, 0u);
  EXPECT_EQ(read.replies_dropped, flooded.replies_dropped);
  EXPECT_EQ(got + read.replies_dropped, static_cast<uint64_t>(kQueries));
  EXPECT_EQ(read.bytes_typed, 1u);
}

TEST_F(RepliesUnderLoadTest, CloseDuringAFloodIsBoundedAndNamesWhatWasNeverRead) {
  PtyOptions options = MarkedOptions(40, 6);
  Events events;
  events.Attach(options);
  PtySession session(options);
  StartProbe(session, {"flood", "1000000"});
  const absl::Time give_up = absl::Now() + absl::Seconds(10);
  while (session.replies_dropped() == 0 && absl::Now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_GT(session.replies_dropped(), 0u);
  const absl::Time before = absl::Now();
  session.Close();
  const absl::Duration took = absl::Now() - before;
  EXPECT_LT(took, options.close_grace + absl::Seconds(3)) << "Close took " << took;

  const PtyStatistics stats = session.statistics();
  uint64_t dropped = 0, written = 0, not_written = 0, not_written_bytes = 0;
  for (const PtyInputEvent& e : events.Take()) {
    EXPECT_EQ(e.source, PtyInputEvent::Source::kReply);
    EXPECT_LE(e.output_offset, stats.bytes_received);
    switch (e.fate) {
      case PtyInputEvent::Fate::kDropped:
        ++dropped;
        break;
      case PtyInputEvent::Fate::kWritten:
        written += e.bytes.size();
        break;
      case PtyInputEvent::Fate::kNotWritten:
        ++not_written;
        not_written_bytes += e.bytes.size();
        break;
    }
  }
  EXPECT_EQ(dropped, stats.replies_dropped);
  EXPECT_EQ(written, stats.reply_bytes_written);
  EXPECT_EQ(not_written, stats.replies_pending);
  EXPECT_EQ(not_written_bytes, stats.input_pending);
  EXPECT_GT(not_written, 0u) << "the program read none of what waited";
}

TEST_F(RepliesUnderLoadTest, RepliesTurnedOffAreCountedAsSuppressedAndNeverSent) {
  PtyOptions options = MarkedOptions(40, 6);
  options.replies.answer = false;
  Events events;
  events.Attach(options);
  PtySession session(options);
  ASSERT_TRUE(
      session.Start({"sh", "-c", "printf '\\033[6n\\033[c'; echo asked; exec sleep 5"}).ok());
  sessions_.push_back(session.pid());
  ASSERT_TRUE(session.WaitForText("asked").ok());
  session.Close();
  const PtyStatistics stats = session.statistics();
  EXPECT_EQ(stats.replies_suppressed, 2u);
  EXPECT_EQ(stats.replies_written, 0u);
  EXPECT_EQ(stats.replies_dropped, 0u);
  EXPECT_TRUE(events.Take().empty());
}

}  // namespace
}  // namespace vtsnap
