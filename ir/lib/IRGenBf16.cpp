//===- IRGenBf16.cpp - Lowering of numba.cuda.bf16's functions ------------===//
//
// The functions cuda_bf16.h gives numba-cuda's bf16 module (CUDA Math API,
// "Bfloat16 Precision Intrinsics"), as typed IR: those cuda.fp16 has too
// (hadd, hmax, hsin, ...) through IRGen::fp16Call in bfloat16; saturating,
// relu and NaN-propagating variants; hisnan/hisinf; conversions with a
// rounding mode; bit reinterpretations.
//
//===----------------------------------------------------------------------===//
#include "Bf16Functions.h"
#include "IRGenImpl.h"
#include "Inferer.h"

#include <cmath>

namespace pyjit::ir::detail {

RValue IRGen::bf16Call(const CallExpr &e, llvm::StringRef name) {
  Type *bf16 = ctx.bfloat16();
  if (isFp16Function(name))
    return fp16Call(e, name, bf16);
  std::optional<Bf16Function> fn = lookupBf16Function(name);
  assert(fn && "typed as a cuda.bf16 function");
  Type *param = ctx.scalarByName(fn->param), *result = ctx.scalarByName(fn->result);
  std::vector<Value *> x;
  for (const ExprPtr &a : e.args)
    x.push_back(scalar(*a, param));
  auto isnan = [&](Value *v) { return mathOp(b, ctx, MathFn::Isnan, {v}); };
  auto k = [&](double v) { return b.constFloat(bf16, v); };
  // _rn: what the plain operation does (cuda_bf16.h: "prevents floating-point
  // contractions of mul+add into fma", which pyjit does not do to bfloat16).
  llvm::StringRef base = name;
  if (base.consume_back("_rn") && isFp16Function(base))
    return fp16Call(e, base, bf16);
  // _sat: clamped to [0, 1], a NaN result flushed to +0 (__hadd_sat).
  if (base.consume_back("_sat")) {
    RValue r = fp16Call(e, base, bf16);
    Value *v = r.value;
    return RValue::of(b.select(b.cmp(CmpPredicate::Gt, v, k(0)),
                               b.select(b.cmp(CmpPredicate::Lt, v, k(1)), v, k(1)), k(0)));
  }
  if (name == "hfma_relu") { // a negative result is 0, a NaN one the canonical NaN
    Value *v = fp16Call(e, "hfma", bf16).value;
    return RValue::of(b.select(isnan(v), k(NAN),
                               b.select(b.cmp(CmpPredicate::Lt, v, k(0)), k(0), v)));
  }
  if (name == "hmax_nan" || name == "hmin_nan") { // a NaN operand gives NaN
    Value *v = fp16Call(e, name.drop_back(4), bf16).value;
    return RValue::of(b.select(b.binary(Opcode::BitOr, isnan(x[0]), isnan(x[1])), k(NAN), v));
  }
  if (name == "hisnan")
    return RValue::of(isnan(x[0]));
  if (name == "hisinf") {
    Value *r = b.select(b.cmp(CmpPredicate::Eq, x[0], k(INFINITY)), b.constInt(result, 1),
                        b.constInt(result, 0));
    return RValue::of(
        b.select(b.cmp(CmpPredicate::Eq, x[0], k(-INFINITY)), b.constInt(result, -1), r));
  }
  if (fn->bitcast)
    return RValue::of(b.create(Opcode::Bitcast, result, {x[0]}));
  if (param == bf16) {
    // To a float: exact. To an integer: rounded in float32 (which holds every
    // bfloat16), then converted saturating, NaN to 0 (__bfloat162int_rn).
    if (isa<FloatType>(result))
      return RValue::of(b.cast(x[0], result));
    Value *f = b.cast(x[0], ctx.float32());
    MathFn mode = fn->rounding == 'z'   ? MathFn::TruncF
                  : fn->rounding == 'd' ? MathFn::FloorF
                  : fn->rounding == 'u' ? MathFn::CeilF
                                        : MathFn::RintF;
    return RValue::of(b.cast(mathOp(b, ctx, mode, {f}), result));
  }
  // To bfloat16: through float64, rounded to nearest even once; a directed
  // mode then steps to the neighbour when that went the wrong way (the
  // nearest is at most one step from the directed result). float64 holds
  // float32 values and integers of up to 53 bits exactly; a 64-bit integer
  // that it rounds is nudged one float64 step back toward its own value:
  // bfloat16's values and ties have 45 trailing zero bits in float64, so the
  // nudged number lies strictly on the same side of each as the integer.
  Type *f64 = ctx.float64(), *i16 = ctx.intTy(16, true), *i64 = ctx.int64();
  Value *v = x[0];
  Value *wide = b.cast(v, f64);
  if (auto *it = dyn_cast<IntType>(param); it && it->bits() == 64) {
    // v - wide's sign, in the integer type (a wide at or past the type's
    // range is above every v; below it the saturating cast is exact).
    Value *pastRange = b.cmp(CmpPredicate::Ge, wide,
                             b.constFloat(f64, it->isSigned() ? 0x1p63 : 0x1p64));
    Value *wideInt = b.cast(wide, param);
    Value *above = b.select(pastRange, b.constBool(false), b.cmp(CmpPredicate::Gt, v, wideInt));
    Value *below = b.select(pastRange, b.constBool(true), b.cmp(CmpPredicate::Lt, v, wideInt));
    Value *positive = b.cmp(CmpPredicate::Gt, wide, b.constFloat(f64, 0));
    Value *wbits = b.create(Opcode::Bitcast, i64, {wide});
    Value *away = b.binary(Opcode::Add, wbits, b.constInt(i64, 1)); // larger magnitude
    Value *toward = b.binary(Opcode::Sub, wbits, b.constInt(i64, 1));
    Value *up = b.select(positive, away, toward), *down = b.select(positive, toward, away);
    wide = b.create(Opcode::Bitcast, f64,
                    {b.select(above, up, b.select(below, down, wbits))});
  }
  Value *r = b.cast(wide, bf16);
  if (fn->rounding == 'n')
    return RValue::of(r);
  Value *back = b.cast(r, f64);
  Value *bits = b.create(Opcode::Bitcast, i16, {r});
  Value *negative = b.cmp(CmpPredicate::Lt, bits, b.constInt(i16, 0));
  Value *more = b.binary(Opcode::Add, bits, b.constInt(i16, 1)); // one step away from zero
  Value *less = b.binary(Opcode::Sub, bits, b.constInt(i16, 1)); // one step toward zero
  Value *wrong, *step;
  if (fn->rounding == 'z') {
    wrong = b.cmp(CmpPredicate::Gt, b.unary(Opcode::Abs, back), b.unary(Opcode::Abs, wide));
    step = less;
  } else if (fn->rounding == 'd') {
    wrong = b.cmp(CmpPredicate::Gt, back, wide);
    step = b.select(negative, more, less);
  } else {
    wrong = b.cmp(CmpPredicate::Lt, back, wide);
    step = b.select(negative, less, more);
  }
  return RValue::of(b.select(wrong, b.create(Opcode::Bitcast, bf16, {step}), r));
}

} // namespace pyjit::ir::detail
