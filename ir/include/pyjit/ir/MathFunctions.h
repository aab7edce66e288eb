//===- MathFunctions.h - The math.* functions kernels may call -----------===//
//
// One table for typing (ir/TypeInference) and lowering (codegen): name,
// arity, result kind and the libdevice function that implements it
// (`__nv_<name>` for float64, `__nv_<name>f` for float32; see the libdevice
// user's guide, CUDA 13.0, "Function reference").
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_MATHFUNCTIONS_H
#define PYJIT_IR_MATHFUNCTIONS_H

#include "pyjit/ir/TypeRules.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace pyjit::ir {

enum class MathFn {
  Acos, Acosh, Asin, Asinh, Atan, Atanh, Cbrt, Cos, Cosh, Erf, Erfc, Exp, Exp2, Expm1, Fabs,
  Gamma, Lgamma, Log, Log10, Log1p, Log2, Sin, Sinh, Sqrt, Tan, Tanh, Degrees, Radians,
  Atan2, Copysign, Fmod, Hypot, Pow, Remainder, Ldexp, Nextafter,
  Floor, Ceil, Trunc, Round,
  // NumPy's ufuncs of those names return a float of the argument's type.
  FloorF, CeilF, TruncF, RintF,
  Isnan, Isinf, Isfinite,
};

struct MathFnInfo {
  const char *name;      // Python name, e.g. "sin" (math.sin)
  unsigned arity;
  // Float: float32 for a float32 operand, else float64 (integers included:
  // numba-cuda 0.30.4's cudamath.py types floor/ceil/trunc float64(int64)).
  enum class Result { Float, Int64, Bool } result;
  const char *libdevice; // base name of the libdevice function, or null
};

const MathFnInfo &mathFnInfo(MathFn fn);
/// The function called `name` in the math module ("sin", "atan2", ...).
std::optional<MathFn> lookupMathFn(llvm::StringRef name);

/// The type the arguments are converted to (numba.cuda): float32 if the
/// float arguments are float32 (Python scalars are weak), float64 otherwise,
/// also for integers. floor/ceil/trunc/round and the is* tests keep an
/// integer argument as int64 (floor/ceil/trunc: uint64 if unsigned). The
/// second argument of ldexp is int32. With \p numpyLoop (NumPy's function,
/// np.sin), integers and bools of at most 16 bits are float32, as numba-cuda's
/// ufunc loops take them ('f->f' is the first their type casts to safely).
/// Null if an argument is not a number.
Type *mathOperandType(TypeContext &ctx, MathFn fn, llvm::ArrayRef<TypedOperand> args,
                      bool numpyLoop = false);
/// The result type given the operand type: the float for Float functions,
/// the operand type for floor/ceil/trunc (numba-cuda's cudamath: float32 for
/// float32, float64 for float64, the integer for integers; Python and numba
/// on the CPU return an int), int64 for round, bool for is*.
Type *mathResultType(TypeContext &ctx, MathFn fn, Type *operandType);
/// The result type of math function \p fn of one argument of type \p arg
/// when numba-cuda keeps a 16-bit float (its cuda_fp16/cuda_bf16 overloads
/// of math.sin, sqrt, floor, ...: computed in float32, rounded back), else
/// null (the result is mathResultType's).
Type *mathSixteenBitResult(MathFn fn, Type *arg);

} // namespace pyjit::ir

#endif
