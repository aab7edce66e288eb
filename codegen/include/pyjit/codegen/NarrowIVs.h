//===- NarrowIVs.h - 32-bit loop counters where 64 bits are not needed ----===//
//
// Python's integers are int64 in kernels, so a loop counter is an i64 even
// where its loop is bounded by an int32 (`while n < max_iter` with an int32
// max_iter) or by a small constant. On NVIDIA GPUs a 64-bit add or compare
// is two instructions; nvcc's `int` counters are one. This pass gives every
// affine i64 induction variable (a header phi {start,+,c} with its `add`)
// whose values and next values ScalarEvolution proves to lie in the int32
// range a 32-bit twin, and sign-extends the twin where the old values were
// used; InstCombine, run after it on a function it changed, folds the extensions into 32-bit
// compares and `mul.wide.s32` address arithmetic, as nvcc's code has. The
// values are the same: only a range SCEV proves from the loop's own exit
// conditions is narrowed, and the 32-bit add is `nsw` only because its
// result is in that range.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_CODEGEN_NARROWIVS_H
#define PYJIT_CODEGEN_NARROWIVS_H

#include "llvm/IR/PassManager.h"

namespace pyjit::codegen {

class NarrowIVsPass : public llvm::PassInfoMixin<NarrowIVsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

} // namespace pyjit::codegen

#endif
