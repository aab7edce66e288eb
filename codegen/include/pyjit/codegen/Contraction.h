//===- Contraction.h - Which a*b+c the NVPTX backend may fuse into fma ---===//
//
// nvcc (--fmad=true) and numba-cuda (NVVM with -fma=1) fuse a multiply into
// the add or subtract that is its only use. LLVM's NVPTX backend, under
// FPOpFusion::Fast, fuses more: it reports enableAggressiveFMAFusion, so the
// DAG combiner fuses a product with several uses into each of them, and its
// own combine fuses an fmul into up to four fadd users. Then `x*y - x*y` is
// the rounding error of x*y instead of 0 (found by scripts/difffuzz.py
// against numba-cuda 0.30.4 on the H200), and a product used twice is
// rounded in one use and not in the other.
//
// markContractions flags `contract` on every fadd, fsub and fneg and on each
// fmul with exactly one use, and clears it on an fmul with more; the NVPTX
// target runs with FPOpFusion::Standard (NVPTXTarget.h), which fuses only
// pairs whose operations both carry the flag and prints the others with an
// explicit rounding mode (`mul.rn.f64`), which ptxas does not fuse either.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_CODEGEN_CONTRACTION_H
#define PYJIT_CODEGEN_CONTRACTION_H

#include "llvm/IR/Module.h"

namespace pyjit::codegen {

/// Sets and clears the `contract` fast-math flag on the floating-point
/// operations of every function in \p module (run after optimization: the
/// use counts are those the code generator sees).
void markContractions(llvm::Module &module);

} // namespace pyjit::codegen

#endif
