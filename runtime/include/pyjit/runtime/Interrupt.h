//===- Interrupt.h - Ctrl-C while the CPU backend runs a launch -*- C++ -*-===//
//
// While the CPU backend runs a launch, compiled code holds the thread that
// called it, and Python's SIGINT handler only sets a flag the interpreter
// reads between bytecodes: Ctrl-C would wait for the kernel, forever for a
// kernel that loops forever. An InterruptScope, made by a launch on the
// process's main thread (where Python handles signals), sends SIGINT to a
// flag of its own for the launch instead: compiled while loops read it at
// each iteration (codegen::kHostInterrupt) and raise KeyboardInterrupt
// there, the runner stops taking blocks, and the launch returns
// Interrupted, which Python raises as KeyboardInterrupt.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_RUNTIME_INTERRUPT_H
#define PYJIT_RUNTIME_INTERRUPT_H

#include "llvm/Support/Error.h"
#include <atomic>
#include <csignal>
#include <cstdint>
#include <string>

namespace pyjit::runtime {

/// The flag compiled code reads (codegen::kHostInterrupt): 1 once SIGINT
/// arrived during a launch on the main thread, 0 from the next such launch.
std::atomic<int32_t> &interruptFlag();

/// For its lifetime, SIGINT sets interruptFlag() instead of reaching the
/// handler the process had, which it gets back afterwards. Only on the
/// process's main thread, and only over a handler function (a process that
/// ignores SIGINT, or dies of it, keeps doing so); elsewhere it does nothing
/// and fired() is false.
class InterruptScope {
public:
  InterruptScope();
  ~InterruptScope();
  InterruptScope(const InterruptScope &) = delete;
  InterruptScope &operator=(const InterruptScope &) = delete;
  /// SIGINT arrived while this scope routed it.
  bool fired() const;

private:
  bool installed = false;
  struct sigaction previous {};
};

/// A launch stopped by Ctrl-C. The Python layer raises KeyboardInterrupt.
class Interrupted : public llvm::ErrorInfo<Interrupted> {
public:
  static char ID;
  explicit Interrupted(std::string message) : text(std::move(message)) {}
  void log(llvm::raw_ostream &os) const override { os << text; }
  std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }
  std::string message() const override { return text; }

private:
  std::string text;
};

} // namespace pyjit::runtime

#endif
