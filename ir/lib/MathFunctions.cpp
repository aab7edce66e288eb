//===- MathFunctions.cpp - The math.* function table ---------------------===//
#include "pyjit/ir/MathFunctions.h"
#include "pyjit/ir/TypeRules.h"
#include <array>
#include <optional>

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

namespace {
/// numba-cuda's cudamath templates of the binary math functions without
/// integer signatures (copysign, fmod, nextafter, remainder, pow, ldexp),
/// resolved as numba's resolve_overload does: each signature rated by its
/// arguments' conversions (unsafe, then safe, then promote conversions
/// fewest), the first of the best. The result is float32 or float64; null
/// for another function or argument types outside the templates'.
Type *numbaBinaryMathType(TypeContext &ctx, MathFn fn, llvm::ArrayRef<TypedOperand> args) {
  enum P { I32, F32, F64 };
  struct Sig { P a, b; };
  static const Sig floats[] = {{F32, F32}, {F64, F64}};
  static const Sig pows[] = {{F32, F32}, {F64, F64}, {F32, I32}, {F64, I32}};
  static const Sig ldexps[] = {{F32, I32}, {F64, I32}};
  llvm::ArrayRef<Sig> sigs;
  switch (fn) {
  case MathFn::Copysign: case MathFn::Fmod: case MathFn::Nextafter: case MathFn::Remainder:
    sigs = floats;
    break;
  case MathFn::Pow:
    sigs = pows;
    break;
  case MathFn::Ldexp:
    sigs = ldexps;
    break;
  default:
    return nullptr;
  }
  if (args.size() != 2)
    return nullptr;
  for (const TypedOperand &a : args) // (numba-cuda's bfloat16 is not in these templates)
    if (auto *ft = llvm::dyn_cast_or_null<FloatType>(a.type); !a.type || (ft && ft->isBFloat16()))
      return nullptr;
  auto typeOf = [&](P p) -> Type * {
    if (p == I32)
      return ctx.int32();
    return p == F32 ? ctx.float32() : ctx.float64();
  };
  std::optional<std::array<int, 3>> best;
  P result = F64;
  for (const Sig &sig : sigs) {
    std::array<int, 3> rating{}; // unsafe, safe, promote conversions
    bool passes = true;
    for (auto [p, a] : {std::pair{sig.a, args[0].type}, std::pair{sig.b, args[1].type}}) {
      std::optional<Conversion> c = conversionTo(typeOf(p), a);
      if (!c) {
        passes = false;
        break;
      }
      if (*c != Conversion::Exact)
        ++rating[static_cast<int>(Conversion::Unsafe) - static_cast<int>(*c)];
    }
    if (passes && (!best || rating < *best)) {
      best = rating;
      result = sig.a;
    }
  }
  if (!best)
    return nullptr;
  return result == F32 ? ctx.float32() : ctx.float64();
}
} // namespace

Type *pyjit::ir::mathOperandType(TypeContext &ctx, MathFn fn, llvm::ArrayRef<TypedOperand> args,
                                 bool numpyLoop) {
  // numba-cuda's signatures where every argument has its own type (an
  // argument of a Python literal follows NumPy's promotion rules, as
  // everywhere: docs/language.md).
  // (ldexp's exponent decides nothing of its float type in pyjit, so a
  // literal there, numba's int64, is rated as numba rates it.)
  size_t decides = fn == MathFn::Ldexp ? 1 : args.size();
  if (!numpyLoop && llvm::none_of(args.take_front(decides),
                                  [](const TypedOperand &a) { return a.weak; }))
    if (Type *t = numbaBinaryMathType(ctx, fn, args))
      return t;
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
