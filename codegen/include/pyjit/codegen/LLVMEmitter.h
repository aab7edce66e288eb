//===- LLVMEmitter.h - Typed SSA IR -> LLVM IR ---------------------------===//
#ifndef PYJIT_CODEGEN_LLVMEMITTER_H
#define PYJIT_CODEGEN_LLVMEMITTER_H

#include "pyjit/ir/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

namespace pyjit::codegen {

/// Emits `fn` as a kernel into `module` (whose target triple and data layout
/// are already set) following the kernel ABI of docs/abi.md: a scalar is one
/// parameter (bool as i8); an n-d array is 1 + 2n parameters (data pointer
/// in the global address space, n extents, n strides in bytes, all i64).
/// Python semantics (floored division, wrapping integers, first-wins min and
/// max) are lowered here; math with no LLVM intrinsic calls libdevice
/// (`__nv_*`), which the target links afterwards.
/// Returns a StringError for IR it cannot lower (a compiler bug).
llvm::Expected<llvm::Function *> emitKernel(const ir::Function &fn, llvm::Module &module);

} // namespace pyjit::codegen

#endif
