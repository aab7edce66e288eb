//===- Bf16Functions.h - numba.cuda.bf16's functions ------------*- C++ -*-===//
//
// numba-cuda's numba.cuda.bf16 module (its bindings of CUDA's cuda_bf16.h,
// "Bfloat16 Precision Intrinsics" of the CUDA Math API): arithmetic and
// comparisons of bfloat16 values, math in bfloat16, and conversions between
// bfloat16 and the other number types with a rounding mode (rn: to nearest
// even, rz: toward zero, rd: down, ru: up) and bit reinterpretations.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_LIB_BF16FUNCTIONS_H
#define PYJIT_IR_LIB_BF16FUNCTIONS_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace pyjit::ir {

/// One function's shape: how many operands, the type they are converted to
/// and the result's type, by NumPy name ("bfloat16", "int16", "bool", ...).
/// A conversion's name says its rounding mode (Bf16Function::rounding).
struct Bf16Function {
  /// The name this file spells it with (numba-cuda's NumPy-style one):
  /// CUDA-style aliases (float2bfloat16_rz, bfloat162ll_rn, short_as_bfloat16,
  /// ...) map to it (float32_to_bfloat16_rz, bfloat16_to_int64_rn, ...).
  std::string name;
  unsigned arity;
  std::string param;
  std::string result;
  /// 'n', 'z', 'd', 'u' for a conversion's _rn/_rz/_rd/_ru, 'n' for one
  /// without (cuda_bf16.h's defaults round to nearest even), 0 otherwise.
  char rounding = 0;
  bool bitcast = false; ///< bfloat16_as_int16, uint16_as_bfloat16, ...
};

/// numba.cuda.bf16's function \p name (hadd, hfma_relu, hisinf, hequ,
/// int32_to_bfloat16_rz, bfloat16_as_uint16, and cuda_bf16.h's spellings
/// numba-cuda 0.30 also has: float2bfloat16_rz, bfloat162int_rn, ...), or none.
std::optional<Bf16Function> lookupBf16Function(llvm::StringRef name);

/// numba.cuda.fp16's function by cuda_fp16.h's name (numba-cuda 0.30 exports
/// them: __hadd, __hadd_sat, __hfma_relu, __hmax_nan, __hisinf, __hequ,
/// __float2half_rz, __half2int_rn, __short_as_half, ...): the same shapes as
/// bf16's, with "float16" for "bfloat16" in `name`, `param` and `result`;
/// none for a name it does not have (atomicAdd) or that is no such name.
std::optional<Bf16Function> lookupFp16CFunction(llvm::StringRef name);

} // namespace pyjit::ir

#endif
