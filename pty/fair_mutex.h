// A mutex that hands itself to its waiters in the order they asked (a ticket lock), for
// PtySession's state: its reader thread decodes a program's output one chunk at a time, each
// under the lock, and with a program that writes without pause it takes the lock again at once.
// With std::mutex the thread it just woke (a wait whose timeout has come, a test reading the
// screen) rarely got it first: `vtsnap run --timeout 2` on a program flooding its terminal took
// from 2 s to minutes to end. Here every lock() takes a ticket and the lock goes to the lowest,
// so a waiter gets it after the holders already queued, whatever the reader does.
//
// It is BasicLockable and Lockable: use it with std::lock_guard, std::unique_lock and
// std::condition_variable_any.
//
//   vtsnap::pty_internal::FairMutex mu;
//   std::condition_variable_any changed;
//   {
//     std::unique_lock lock(mu);
//     changed.wait_for(lock, std::chrono::milliseconds(10));
//   }
#ifndef VTSNAP_PTY_FAIR_MUTEX_H_
#define VTSNAP_PTY_FAIR_MUTEX_H_

#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace vtsnap::pty_internal {

class FairMutex {
 public:
  FairMutex() = default;
  FairMutex(const FairMutex&) = delete;
  FairMutex& operator=(const FairMutex&) = delete;

  // Takes a ticket and waits for its turn.
  void lock() {
    std::unique_lock<std::mutex> guard(m_);
    const uint64_t ticket = next_++;
    while (ticket != serving_) turn_.wait(guard);
  }

  // Takes the lock when nobody holds it or waits for it.
  bool try_lock() {
    std::lock_guard<std::mutex> guard(m_);
    if (next_ != serving_) return false;
    ++next_;
    return true;
  }

  // Gives the lock to the next ticket.
  void unlock() {
    {
      std::lock_guard<std::mutex> guard(m_);
      ++serving_;
    }
    turn_.notify_all();
  }

  // The holder and the waiters: 0 when the lock is free (for tests).
  uint64_t queued() const {
    std::lock_guard<std::mutex> guard(m_);
    return next_ - serving_;
  }

 private:
  mutable std::mutex m_;
  std::condition_variable turn_;
  uint64_t next_ = 0;     // guarded by m_: the next ticket to hand out
  uint64_t serving_ = 0;  // guarded by m_: the ticket that holds the lock (or may take it)
};

}  // namespace vtsnap::pty_internal

#endif  // VTSNAP_PTY_FAIR_MUTEX_H_
