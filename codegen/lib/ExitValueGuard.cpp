//===- ExitValueGuard.cpp - Bound IndVarSimplify's exit-value rewriting --===//
#include "ExitValueGuard.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include <mutex>
#include <pthread.h>

using namespace pyjit::codegen;

namespace {
using ReplaceExitOption = llvm::cl::opt<llvm::ReplaceExitVal>;

/// IndVarSimplify.cpp's `static cl::opt<ReplaceExitVal> ReplaceExitValue`,
/// found by its name; null if this LLVM has none.
ReplaceExitOption *replaceExitOption() {
  static ReplaceExitOption *option = [] {
    auto &options = llvm::cl::getRegisteredOptions();
    auto it = options.find("replexitval");
    return it == options.end() ? nullptr : static_cast<ReplaceExitOption *>(it->second);
  }();
  return option;
}

/// Held from the start to the end of every IndVarSimplify run that the guard
/// watches, as those runs read the option the guard may change.
std::mutex &indVarsMutex() {
  static std::mutex mutex;
  // A fork() while another thread runs IndVarSimplify would leave the
  // child's copy locked for good (multiprocessing forks by default on
  // Linux): fork waits for the run to end, and both sides unlock.
  static const bool forkSafe = [] {
    pthread_atfork([] { mutex.lock(); }, [] { mutex.unlock(); }, [] { mutex.unlock(); });
    return true;
  }();
  (void)forkSafe;
  return mutex;
}

bool isIndVars(llvm::StringRef pass) { return pass == "IndVarSimplifyPass"; }
} // namespace

ExitValueGuard::ExitValueGuard(llvm::PassInstrumentationCallbacks &pic) {
  if (!replaceExitOption())
    return;
  pic.registerBeforeNonSkippedPassCallback(
      [this](llvm::StringRef pass, llvm::Any ir) { before(pass, ir); });
  pic.registerAfterPassCallback(
      [this](llvm::StringRef pass, llvm::Any, const llvm::PreservedAnalyses &) { after(pass); });
  pic.registerAfterPassInvalidatedCallback(
      [this](llvm::StringRef pass, const llvm::PreservedAnalyses &) { after(pass); });
}

void ExitValueGuard::before(llvm::StringRef pass, llvm::Any ir) {
  if (!isIndVars(pass))
    return;
  auto *loop = llvm::any_cast<const llvm::Loop *>(&ir);
  if (!loop)
    return;
  indVarsMutex().lock();
  running = true;
  function = (*loop)->getHeader()->getParent();
  countBefore = static_cast<long>(function->getInstructionCount());
  ReplaceExitOption &option = *replaceExitOption();
  savedMode = option.getValue();
  if (tripped())
    option.setValue(llvm::NeverRepl);
}

void ExitValueGuard::after(llvm::StringRef pass) {
  if (!isIndVars(pass) || !running)
    return;
  // Instructions added, not the net change: rewriting also deletes some.
  long change = static_cast<long>(function->getInstructionCount()) - countBefore;
  if (change > 0)
    addedInstructions += change;
  replaceExitOption()->setValue(static_cast<llvm::ReplaceExitVal>(savedMode));
  running = false;
  function = nullptr;
  indVarsMutex().unlock();
}
