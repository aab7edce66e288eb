//===- CMathFunctions.h - The cmath.* functions kernels may call ---------===//
//
// The complex functions of Python's cmath module that numba.cuda supports
// (numba-cuda docs, "Supported Python features in CUDA Python": cmath), one
// table for typing (InferCalls.cpp) and lowering (IRGenCMath.cpp, which
// writes each as real math on the parts, after CPython's
// Modules/cmathmodule.c).
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_CMATHFUNCTIONS_H
#define PYJIT_IR_CMATHFUNCTIONS_H

#include "pyjit/ir/TypeRules.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace pyjit::ir {

enum class CMathFn {
  Exp, Log, Log10, Sqrt, Sin, Cos, Tan, Asin, Acos, Atan,
  Sinh, Cosh, Tanh, Asinh, Acosh, Atanh,
  Phase, Polar, Rect, Isnan, Isinf, Isfinite,
  Log2, // np.log2 of a complex number (Python's cmath has no log2)
};

struct CMathFnInfo {
  const char *name; // Python name, e.g. "exp" (cmath.exp)
  unsigned minArgs, maxArgs;
  /// Complex: the operand's complex type; Float: its part's float type;
  /// Polar: (float, float); Bool: bool.
  enum class Result { Complex, Float, Polar, Bool } result;
};

const CMathFnInfo &cmathFnInfo(CMathFn fn);
/// The function called `name` in the cmath module ("exp", "phase", ...).
std::optional<CMathFn> lookupCMathFn(llvm::StringRef name);

/// The complex type the arguments are converted to (numba.cuda's cmath
/// typing): complex64 when the arguments' common type is complex64 or a float
/// of at most 32 bits (Python scalars are weak), complex128 otherwise, also
/// for integers and bools. For rect(r, phi), whose arguments are real, the
/// complex type of the result. Null if an argument is not a number.
ComplexType *cmathOperandType(TypeContext &ctx, llvm::ArrayRef<TypedOperand> args);
/// The result type of `fn` given cmathOperandType.
Type *cmathResultType(TypeContext &ctx, CMathFn fn, ComplexType *operandType);

} // namespace pyjit::ir

#endif
