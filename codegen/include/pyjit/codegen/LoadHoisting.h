//===- LoadHoisting.h - Issue loads as early as their block allows ------===//
//
// LLVM's NVPTX backend schedules instructions in source order, so a load
// written after a long computation (or after sqrt/division, whose slow
// paths are calls ptxas does not schedule across) is issued only when that
// computation is done, and its memory latency adds to the computation's.
// nvcc's NVVM issues independent loads first. This pass does the same
// within each basic block. The instructions that may write memory,
// synchronise or not return (stores, atomics, most calls, barriers, fences,
// volatile and atomic loads) stay where they are; between two of them,
// every simple load and the instructions it depends on there come first,
// in source order, then the rest, each after its operands (a list schedule:
// O(n log n) in the block). It never moves a load across a store or a
// barrier, so it cannot change what the load reads.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_CODEGEN_LOADHOISTING_H
#define PYJIT_CODEGEN_LOADHOISTING_H

#include "llvm/IR/Module.h"

namespace pyjit::codegen {

/// Hoists loads in every function of \p module; returns true if any moved.
bool hoistLoads(llvm::Module &module);

} // namespace pyjit::codegen

#endif
