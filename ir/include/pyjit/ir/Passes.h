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

/// Decides index-check comparisons (Instruction::indexCheck) of indices
/// proven non-negative: `i < 0` is false, `i >= -n` is true. A value is
/// non-negative if it is a non-negative constant, a thread/block index, an
/// extent, an unsigned or bool value widened, or a sum, product, quotient,
/// min, max or select of non-negative values; a phi is, if all its incoming
/// values are (the largest such set: loop counters counting up from a
/// non-negative start). Returns true if it changed `fn`.
bool foldIndexChecks(Function &fn, TypeContext &ctx);

/// Runs the four to a fixpoint. In builds with assertions the verifier runs
/// after every pass (its error names the pass); otherwise once at the end.
llvm::Error runCleanupPasses(Function &fn, TypeContext &ctx);

} // namespace pyjit::ir

#endif
