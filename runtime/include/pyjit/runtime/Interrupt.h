//===- Interrupt.h - Ctrl-C while the CPU backend runs a launch -*- C++ -*-===//
//
// While the CPU backend runs a launch, compiled code holds the thread that
// called it, and Python's SIGINT handler only sets a flag the interpreter
// reads between bytecodes: Ctrl-C would wait for the kernel, forever for a
// kernel that loops forever. An InterruptScope, made by a launch on the
// process's main thread whose caller asked for it (Python's SIGINT handler
// is its default, which raises KeyboardInterrupt), sends SIGINT to the
// launch's own flag instead: compiled while loops read it (through
// codegen::HostContext::interrupt) and raise KeyboardInterrupt there, the
// runner stops starting threads and blocks, and the launch returns
// Interrupted, which Python raises as KeyboardInterrupt. Launches on other
// threads have flags no signal sets.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_RUNTIME_INTERRUPT_H
#define PYJIT_RUNTIME_INTERRUPT_H

#include "pyjit/runtime/KernelError.h"
#include "llvm/Support/Error.h"
#include <atomic>
#include <csignal>
#include <cstdint>
#include <string>

namespace pyjit::runtime {

/// For its lifetime (when \p route is true, the calling thread is the
/// process's main thread and SIGINT has a handler function), SIGINT sets
/// flag() instead of reaching the process's handler, which it gets back
/// afterwards. Otherwise flag() is one no signal sets.
class InterruptScope {
public:
  explicit InterruptScope(bool route);
  ~InterruptScope();
  InterruptScope(const InterruptScope &) = delete;
  InterruptScope &operator=(const InterruptScope &) = delete;
  /// 1 once SIGINT arrived while this scope routed it; read by compiled
  /// code (monotonic loads) and the runner.
  const std::atomic<int32_t> &flag() const { return stop; }
  /// Whether SIGINT arrived; the launch then reports it. One arriving after
  /// the last call is raised again when the scope ends (so Python sees it).
  bool fired() {
    reported = stop.load(std::memory_order_relaxed) != 0;
    return reported;
  }

private:
  std::atomic<int32_t> stop{0};
  bool installed = false;
  bool reported = false;
  struct sigaction previous {};
};

/// A launch stopped by Ctrl-C: a KernelError the Python layer raises as
/// KeyboardInterrupt.
class Interrupted : public llvm::ErrorInfo<Interrupted, KernelError> {
public:
  static char ID;
  using ErrorInfo::ErrorInfo;
};

} // namespace pyjit::runtime

#endif
