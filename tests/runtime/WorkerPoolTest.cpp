//===- WorkerPoolTest.cpp - The CPU backend's worker threads ---------------===//
#include "WorkerPool.h"
#include "gtest/gtest.h"
#include <atomic>
#include <chrono>
#include <future>
#include <thread>

using namespace pyjit::runtime;

namespace {

TEST(HelperGate, AHelperAfterTheCloseIsTurnedAway) {
  HelperGate gate;
  gate.closeAndWait(); // no helper inside: returns at once
  EXPECT_FALSE(gate.enter());
}

TEST(HelperGate, TheCloseWaitsForTheHelpersInside) {
  HelperGate gate;
  ASSERT_TRUE(gate.enter());
  ASSERT_TRUE(gate.enter());
  std::atomic<int> left{0};
  std::thread helper([&] {
    for (int i = 0; i < 2; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(30));
      left.fetch_add(1);
      gate.leave();
    }
  });
  gate.closeAndWait();
  EXPECT_EQ(left.load(), 2); // both left before the close returned
  EXPECT_FALSE(gate.enter());
  helper.join();
}

TEST(CpuWorkerPool, OnePoolRunsTasksOnItsOwnThreads) {
  llvm::ThreadPoolInterface &pool = cpuWorkerPool();
  EXPECT_EQ(&pool, &cpuWorkerPool());
  // (not the future's wait(): LLVM's async makes a deferred future, which
  // wait() runs on the caller's thread when no worker has taken it yet)
  std::promise<std::thread::id> ran;
  std::future<std::thread::id> id = ran.get_future();
  (void)pool.async([&] { ran.set_value(std::this_thread::get_id()); });
  EXPECT_NE(id.get(), std::this_thread::get_id());
}

} // namespace
