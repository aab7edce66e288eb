//===- Interrupt.cpp - Ctrl-C while the CPU backend runs a launch --------===//
#include "pyjit/runtime/Interrupt.h"
#include <sys/syscall.h>
#include <unistd.h>

using namespace pyjit::runtime;

char Interrupted::ID = 0;

namespace {
static_assert(std::atomic<int32_t>::is_always_lock_free, "set from a signal handler");
/// The flag of the routing scope (one at a time: the main thread's launch).
std::atomic<std::atomic<int32_t> *> routed{nullptr};

extern "C" void pyjitOnInterrupt(int) {
  if (std::atomic<int32_t> *flag = routed.load(std::memory_order_relaxed))
    flag->store(1, std::memory_order_relaxed);
}

bool onMainThread() { return syscall(SYS_gettid) == getpid(); }
} // namespace

InterruptScope::InterruptScope(bool route) {
  if (!route || !onMainThread() || sigaction(SIGINT, nullptr, &previous) != 0 ||
      previous.sa_handler == SIG_DFL || previous.sa_handler == SIG_IGN)
    return;
  routed.store(&stop, std::memory_order_relaxed);
  struct sigaction mine {};
  mine.sa_handler = pyjitOnInterrupt;
  sigemptyset(&mine.sa_mask);
  mine.sa_flags = SA_RESTART;
  installed = sigaction(SIGINT, &mine, nullptr) == 0;
  if (!installed)
    routed.store(nullptr, std::memory_order_relaxed);
}

InterruptScope::~InterruptScope() {
  if (!installed)
    return;
  sigaction(SIGINT, &previous, nullptr);
  routed.store(nullptr, std::memory_order_relaxed);
  if (stop.load(std::memory_order_relaxed) && !reported)
    ::raise(SIGINT); // (arrived after the launch looked: the process's handler takes it)
}
