//===- Passes.h - Cleanup passes over the SSA IR -------------------------===//
#ifndef PYJIT_IR_PASSES_H
#define PYJIT_IR_PASSES_H

#include "pyjit/ir/Function.h"
#include "pyjit/ir/TypeContext.h"
#include "llvm/Support/Error.h"

namespace pyjit::ir {

/// Folds casts of constants, integer arithmetic and comparisons of
/// constants, selects and conditional branches on constant conditions.
/// Returns true if it changed `fn`.
bool foldConstants(Function &fn, TypeContext &ctx);
/// Removes instructions whose values are unused and that have no effect.
bool removeDeadCode(Function &fn);
/// Removes unreachable blocks and merges a block into its only predecessor
/// when that predecessor branches only to it.
bool simplifyCFG(Function &fn);

/// Runs the three to a fixpoint. In builds with assertions the verifier runs
/// after every pass (its error names the pass); otherwise once at the end.
llvm::Error runCleanupPasses(Function &fn, TypeContext &ctx);

} // namespace pyjit::ir

#endif
