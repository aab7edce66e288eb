//===- WorkerPool.h - The CPU backend's worker threads ----------*- C++ -*-===//
//
// The threads that run a CPU-backend launch's blocks beside the launching
// thread, kept between launches: a thread made for each launch cost ~50 us
// of a small launch, and took its fiber stacks with it. An llvm::StdThreadPool
// of hardware_concurrency() threads, shared by launches from any thread.
//
// A launch offers its helpers a HelperGate: the launching thread runs
// blocks itself, then closes the gate and waits only for the helpers that
// came in. A helper that wakes after that (a pool thread takes tens of
// microseconds to wake) finds the gate closed and leaves without touching
// the launch, which has returned: so a small launch does not wait for
// threads it did not need.
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_LIB_WORKERPOOL_H
#define PYJIT_RUNTIME_LIB_WORKERPOOL_H

#include "llvm/Support/ThreadPool.h"
#include <atomic>
#include <cstdint>

namespace pyjit::runtime {

/// Admission of helper threads to one launch (shared by the launch and its
/// helper tasks, as a std::shared_ptr, so a late helper reads it safely).
class HelperGate {
public:
  /// A helper asks to join: false once the launch has closed the gate (the
  /// helper must then leave without touching the launch).
  bool enter() {
    uint32_t w = word.load(std::memory_order_acquire);
    while (!(w & kClosed))
      if (word.compare_exchange_weak(w, w + 1, std::memory_order_acq_rel))
        return true;
    return false;
  }
  /// A helper that entered is done with the launch.
  void leave() {
    word.fetch_sub(1, std::memory_order_acq_rel);
    word.notify_all();
  }
  /// The launch admits no more helpers and waits for those inside.
  void closeAndWait() {
    uint32_t w = word.fetch_or(kClosed, std::memory_order_acq_rel) | kClosed;
    while (w != kClosed) {
      word.wait(w, std::memory_order_acquire);
      w = word.load(std::memory_order_acquire);
    }
  }

private:
  static constexpr uint32_t kClosed = 1u << 31;
  std::atomic<uint32_t> word{0}; // kClosed | helpers inside
};

/// This process's pool, made at first use. A fork()ed child makes its own
/// (the parent's threads are not in it). A pool is never destroyed: its
/// destructor joins its threads, which must not wait at exit, nor in a
/// child for threads it does not have.
llvm::ThreadPoolInterface &cpuWorkerPool();

} // namespace pyjit::runtime

#endif
