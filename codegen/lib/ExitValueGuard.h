//===- ExitValueGuard.h - Bound IndVarSimplify's exit-value rewriting ----===//
//
// LLVM 22's IndVarSimplify replaces the value a loop leaves behind by its
// closed form (rewriteLoopExitValues, LoopUtils.cpp). When that lets the loop
// be deleted it expands the closed form whatever it costs, and SCEVExpander
// reuses an existing instruction only when its operand graph has at most 16
// values that might be poison (ScalarEvolution::canReuseInstruction). A long
// chain of SCEV-able integer values running through many loops (min/max, adds
// and multiplies carried from loop to loop, as after inlining one device
// function many times) is then expanded again at every loop: measured on this
// machine, 40 such loops took 5.8 s in IndVarSimplify and 80 took 74 s
// (numba-cuda compiles the same kernels in 2.1 s and 4.0 s).
//
// The guard watches how many instructions IndVarSimplify adds to a module.
// Past a budget it runs the module's remaining IndVarSimplify passes with
// exit-value rewriting off (`-replexitval=never`), which makes the same 80-loop
// kernel take 0.2 s. Kernels under the budget compile exactly as before: every
// kernel of pyjit's tests and examples adds at most 14 instructions.
//
// The setting is LLVM's process-wide `replexitval` option, so the guard holds
// one process-wide mutex while an IndVarSimplify pass runs: compiles on other
// threads wait for each other only there.
//===----------------------------------------------------------------------===//
#ifndef PYJIT_CODEGEN_EXITVALUEGUARD_H
#define PYJIT_CODEGEN_EXITVALUEGUARD_H

#include "llvm/IR/PassInstrumentation.h"

namespace pyjit::codegen {

/// Instructions IndVarSimplify may add to one module before its exit-value
/// rewriting is turned off for the rest of that module's pipeline. Chosen
/// from measurements: pyjit's tests and examples add at most 14; the 40-loop kernel above
/// adds 3,267 (and 186 for its first 8 loops, in 56 ms).
inline constexpr long ExitValueBudget = 256;

/// Registers the guard's callbacks on \p pic for one run of a pipeline; the
/// guard must outlive that run.
class ExitValueGuard {
public:
  explicit ExitValueGuard(llvm::PassInstrumentationCallbacks &pic);
  ExitValueGuard(const ExitValueGuard &) = delete;
  ExitValueGuard &operator=(const ExitValueGuard &) = delete;

  /// Whether the budget is exceeded and rewriting off from now on.
  bool tripped() const { return addedInstructions > ExitValueBudget; }

private:
  void before(llvm::StringRef pass, llvm::Any ir);
  void after(llvm::StringRef pass);

  long addedInstructions = 0; // by IndVarSimplify runs (one that removed more counts 0)
  const llvm::Function *function = nullptr; // of the IndVarSimplify run in progress
  long countBefore = 0;
  bool running = false;
  int savedMode = 0;
};

} // namespace pyjit::codegen

#endif
