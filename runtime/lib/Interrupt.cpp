//===- Interrupt.cpp - Ctrl-C while the CPU backend runs a launch --------===//
#include "pyjit/runtime/Interrupt.h"
#include <sys/syscall.h>
#include <unistd.h>

using namespace pyjit::runtime;

char Interrupted::ID = 0;

namespace {
std::atomic<int32_t> flag{0};
static_assert(std::atomic<int32_t>::is_always_lock_free, "set from a signal handler");

extern "C" void pyjitOnInterrupt(int) { flag.store(1, std::memory_order_relaxed); }

bool onMainThread() { return syscall(SYS_gettid) == getpid(); }
} // namespace

std::atomic<int32_t> &pyjit::runtime::interruptFlag() { return flag; }

InterruptScope::InterruptScope() {
  if (!onMainThread() || sigaction(SIGINT, nullptr, &previous) != 0)
    return;
  if (previous.sa_handler == SIG_DFL || previous.sa_handler == SIG_IGN)
    return;
  flag.store(0, std::memory_order_relaxed);
  struct sigaction mine {};
  mine.sa_handler = pyjitOnInterrupt;
  sigemptyset(&mine.sa_mask);
  mine.sa_flags = SA_RESTART;
  installed = sigaction(SIGINT, &mine, nullptr) == 0;
}

InterruptScope::~InterruptScope() {
  if (!installed)
    return;
  sigaction(SIGINT, &previous, nullptr);
  flag.store(0, std::memory_order_relaxed); // (launches on other threads read it too)
}

bool InterruptScope::fired() const {
  return installed && flag.load(std::memory_order_relaxed) != 0;
}
