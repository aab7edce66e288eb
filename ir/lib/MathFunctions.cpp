//===- MathFunctions.cpp - The math.* function table ---------------------===//
#include "pyjit/ir/MathFunctions.h"

using namespace pyjit::ir;
using R = MathFnInfo::Result;

static const MathFnInfo table[] = {
    {"acos", 1, R::Float, "acos"},     {"acosh", 1, R::Float, "acosh"},
    {"asin", 1, R::Float, "asin"},     {"asinh", 1, R::Float, "asinh"},
    {"atan", 1, R::Float, "atan"},     {"atanh", 1, R::Float, "atanh"},
    {"cbrt", 1, R::Float, "cbrt"},     {"cos", 1, R::Float, "cos"},
    {"cosh", 1, R::Float, "cosh"},     {"erf", 1, R::Float, "erf"},
    {"erfc", 1, R::Float, "erfc"},     {"exp", 1, R::Float, "exp"},
    {"exp2", 1, R::Float, "exp2"},
    {"expm1", 1, R::Float, "expm1"},   {"fabs", 1, R::Float, nullptr},
    {"gamma", 1, R::Float, "tgamma"},  {"lgamma", 1, R::Float, "lgamma"},
    {"log", 1, R::Float, "log"},       {"log10", 1, R::Float, "log10"},
    {"log1p", 1, R::Float, "log1p"},   {"log2", 1, R::Float, "log2"},
    {"sin", 1, R::Float, "sin"},       {"sinh", 1, R::Float, "sinh"},
    {"sqrt", 1, R::Float, nullptr},    {"tan", 1, R::Float, "tan"},
    {"tanh", 1, R::Float, "tanh"},     {"degrees", 1, R::Float, nullptr},
    {"radians", 1, R::Float, nullptr}, {"atan2", 2, R::Float, "atan2"},
    {"copysign", 2, R::Float, nullptr}, {"fmod", 2, R::Float, "fmod"},
    {"hypot", 2, R::Float, "hypot"},   {"pow", 2, R::Float, "pow"},
    {"remainder", 2, R::Float, "remainder"}, {"ldexp", 2, R::Float, "ldexp"},
    {"nextafter", 2, R::Float, "nextafter"},
    {"floor", 1, R::Float, nullptr},   {"ceil", 1, R::Float, nullptr},
    {"trunc", 1, R::Float, nullptr},    {"round", 1, R::Int64, nullptr},
    {"np.floor", 1, R::Float, nullptr}, {"np.ceil", 1, R::Float, nullptr},
    {"np.trunc", 1, R::Float, nullptr}, {"np.rint", 1, R::Float, nullptr},
    {"isnan", 1, R::Bool, nullptr},    {"isinf", 1, R::Bool, nullptr},
    {"isfinite", 1, R::Bool, nullptr},
};

const MathFnInfo &pyjit::ir::mathFnInfo(MathFn fn) { return table[static_cast<int>(fn)]; }

std::optional<MathFn> pyjit::ir::lookupMathFn(llvm::StringRef name) {
  for (unsigned i = 0; i < sizeof(table) / sizeof(table[0]); ++i)
    if (name == table[i].name)
      return static_cast<MathFn>(i);
  return std::nullopt;
}

Type *pyjit::ir::mathOperandType(TypeContext &ctx, MathFn fn, llvm::ArrayRef<TypedOperand> args,
                                 bool numpyLoop) {
  TypedOperand acc = args[0];
  size_t n = fn == MathFn::Ldexp ? 1 : args.size();
  for (size_t i = 0; i < args.size(); ++i)
    if (!args[i].type || !args[i].type->isScalar())
      return nullptr;
  for (size_t i = 1; i < n; ++i)
    acc = {promoteOperands(ctx, acc, args[i]), acc.weak && args[i].weak};
  Type *t = acc.type;
  const MathFnInfo &info = mathFnInfo(fn);
  if (info.result != MathFnInfo::Result::Float && !llvm::isa<FloatType>(t))
    return ctx.int64();
  if (auto *f = llvm::dyn_cast<FloatType>(t); f && !acc.weak)
    return f->bits() == 64 ? t : ctx.float32();
  // NumPy's loop: every argument a bool or an integer of at most 16 bits (a
  // Python int counts as int64, as numba types it) casts safely to float32.
  auto small = [](const TypedOperand &a) {
    auto *it = llvm::dyn_cast_or_null<IntType>(a.type);
    return !a.weak && (llvm::isa<BoolType>(a.type) || (it && it->bits() <= 16));
  };
  if (numpyLoop && llvm::all_of(args.take_front(n), small))
    return ctx.float32();
  return ctx.float64();
}

Type *pyjit::ir::mathSixteenBitResult(MathFn fn, Type *arg) {
  auto *ft = llvm::dyn_cast_or_null<FloatType>(arg);
  if (!ft || ft->bits() != 16)
    return nullptr;
  // numba-cuda 0.30.4's numba.cuda.fp16 and .bf16 overloads (*_ol): fabs and
  // log2 of float16 only.
  switch (fn) {
  case MathFn::Ceil: case MathFn::Cos: case MathFn::Exp: case MathFn::Exp2:
  case MathFn::Floor: case MathFn::Log: case MathFn::Log10: case MathFn::Sin:
  case MathFn::Sqrt: case MathFn::Tanh: case MathFn::Trunc:
    return arg;
  case MathFn::Fabs: case MathFn::Log2:
    return ft->isBFloat16() ? nullptr : arg;
  default:
    return nullptr;
  }
}

Type *pyjit::ir::mathResultType(TypeContext &ctx, MathFn fn, Type *operandType) {
  switch (mathFnInfo(fn).result) {
  case MathFnInfo::Result::Float:
    return operandType;
  case MathFnInfo::Result::Int64:
    return ctx.int64();
  case MathFnInfo::Result::Bool:
    return ctx.boolean();
  }
  return nullptr;
}
