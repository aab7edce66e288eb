//===- OptPipeline.h - LLVM's O0..O3 module pipeline for a target --------===//
#ifndef PYJIT_CODEGEN_OPTPIPELINE_H
#define PYJIT_CODEGEN_OPTPIPELINE_H

#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"

namespace pyjit::codegen {

/// Runs LLVM's default per-module pipeline at \p optLevel (0-3) with the
/// target's analyses and passes registered (NVPTX or the host); with
/// \p narrowCounters, NarrowIVsPass runs last (NVPTX: 64-bit
/// integer arithmetic costs two instructions there).
void runOptPipeline(llvm::Module &module, llvm::TargetMachine &tm, unsigned optLevel,
                    bool narrowCounters = false);

} // namespace pyjit::codegen

#endif
