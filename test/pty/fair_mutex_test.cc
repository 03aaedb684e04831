// FairMutex (pty/fair_mutex.h): the lock goes to its waiters in the order they asked, so a thread
// that unlocks and locks again at once queues behind a thread already waiting.
#include "vtsnap/pty/fair_mutex.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "gtest/gtest.h"

namespace vtsnap::pty_internal {
namespace {

// Waits until `mu` has `n` holders and waiters.
void WaitForQueued(const FairMutex& mu, uint64_t n) {
  while (mu.queued() != n) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

TEST(FairMutexTest, TheHeaderExampleCompilesAndRuns) {
  FairMutex mu;
  std::condition_variable_any changed;
  {
    std::unique_lock lock(mu);
    changed.wait_for(lock, std::chrono::milliseconds(10));
    EXPECT_EQ(mu.queued(), 1u);
  }
  EXPECT_EQ(mu.queued(), 0u);
}

TEST(FairMutexTest, AWaiterGetsTheLockBeforeTheHolderRetakesIt) {
  FairMutex mu;
  std::string order;
  mu.lock();
  std::thread waiter([&] {
    std::lock_guard lock(mu);
    order += 'W';
  });
  WaitForQueued(mu, 2);
  // The holder lets go and asks again at once, as PtySession's reader does under a flood.
  mu.unlock();
  mu.lock();
  order += 'H';
  mu.unlock();
  waiter.join();
  EXPECT_EQ(order, "WH");
}

TEST(FairMutexTest, WaitersAreServedInTheOrderTheyAsked) {
  FairMutex mu;
  std::string order;
  mu.lock();
  std::thread first([&] {
    std::lock_guard lock(mu);
    order += '1';
  });
  WaitForQueued(mu, 2);
  std::thread second([&] {
    std::lock_guard lock(mu);
    order += '2';
  });
  WaitForQueued(mu, 3);
  mu.unlock();
  first.join();
  second.join();
  EXPECT_EQ(order, "12");
}

TEST(FairMutexTest, TryLockFailsWhileHeldOrAwaited) {
  FairMutex mu;
  ASSERT_TRUE(mu.try_lock());
  EXPECT_FALSE(mu.try_lock());
  mu.unlock();
  EXPECT_TRUE(mu.try_lock());
  mu.unlock();
  EXPECT_EQ(mu.queued(), 0u);
}

// A condition variable wait gives the lock up while it waits and queues for it when woken.
TEST(FairMutexTest, AConditionWaitReleasesTheLockAndTakesItBack) {
  FairMutex mu;
  std::condition_variable_any changed;
  bool ready = false;
  std::thread setter([&] {
    std::lock_guard lock(mu);
    ready = true;
    changed.notify_all();
  });
  {
    std::unique_lock lock(mu);
    changed.wait(lock, [&] { return ready; });
    EXPECT_TRUE(ready);
  }
  setter.join();
  EXPECT_EQ(mu.queued(), 0u);
}

}  // namespace
}  // namespace vtsnap::pty_internal
