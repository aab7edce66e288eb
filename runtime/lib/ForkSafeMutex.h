//===- ForkSafeMutex.h - A mutex a fork()ed child gets unlocked -*- C++ -*-===//
//
// A std::mutex that another thread holds when the process forks stays held
// in the child, where that thread does not exist: the child's first lock()
// waits forever (POSIX fork(): "the child process ... is created with a
// single thread"; multiprocessing forks by default on Linux before Python
// 3.14). A ForkSafeMutex is replaced by a new, unlocked mutex in the child
// (a pthread_atfork child handler; the old one is leaked, as destroying a
// locked mutex is undefined), so the runtime's caches it guards stay usable
// there. The state it guards must be valid whenever the mutex is unlocked
// or the child must not rely on it: the runtime's uses guard caches that
// are filled whole before they are published.
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_FORKSAFEMUTEX_H
#define PYJIT_RUNTIME_FORKSAFEMUTEX_H

#include <pthread.h>

#include <atomic>
#include <mutex>

namespace pyjit::runtime {

/// A BasicLockable mutex (std::lock_guard<ForkSafeMutex>) for objects of
/// static storage duration only: each registers itself, once, for the
/// child handler, and is never unregistered.
class ForkSafeMutex {
public:
  ForkSafeMutex() : current(new std::mutex) {
    next = head().load(std::memory_order_relaxed);
    while (!head().compare_exchange_weak(next, this, std::memory_order_release,
                                         std::memory_order_relaxed)) {
    }
    static const bool registered = [] {
      ::pthread_atfork(nullptr, nullptr, renewAll);
      return true;
    }();
    (void)registered;
  }
  ForkSafeMutex(const ForkSafeMutex &) = delete;
  ForkSafeMutex &operator=(const ForkSafeMutex &) = delete;

  void lock() { current.load(std::memory_order_acquire)->lock(); }
  void unlock() { current.load(std::memory_order_acquire)->unlock(); }

private:
  static std::atomic<ForkSafeMutex *> &head() {
    static std::atomic<ForkSafeMutex *> first{nullptr};
    return first;
  }
  /// In the child, which has one thread: every mutex anew.
  static void renewAll() {
    for (ForkSafeMutex *m = head().load(std::memory_order_acquire); m; m = m->next)
      m->current.store(new std::mutex, std::memory_order_release);
  }

  std::atomic<std::mutex *> current;
  ForkSafeMutex *next = nullptr;
};

} // namespace pyjit::runtime

#endif // PYJIT_RUNTIME_FORKSAFEMUTEX_H
