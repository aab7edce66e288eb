//===- WorkerPool.cpp - The CPU backend's worker threads ------------------===//
#include "WorkerPool.h"
#include "ForkSafeMutex.h"
#include "llvm/Support/Threading.h"
#include <mutex>
#include <unistd.h>

namespace pyjit::runtime {

llvm::ThreadPoolInterface &cpuWorkerPool() {
  static ForkSafeMutex mutex; // (a child's is unlocked: ForkSafeMutex.h)
  static llvm::StdThreadPool *pool = nullptr;
  static pid_t owner = 0;
  std::lock_guard<ForkSafeMutex> lock(mutex);
  if (!pool || owner != ::getpid()) {
    pool = new llvm::StdThreadPool(llvm::hardware_concurrency()); // (never deleted)
    owner = ::getpid();
  }
  return *pool;
}

} // namespace pyjit::runtime
